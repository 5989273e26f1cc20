// A C++ pipeline whose temporaries are local std::vectors and whose stages are functions
// taking the vectors by reference or their data(): the stage calls are invokes (their
// unwinding destroys the vectors), inlined as calls are, so the pipeline is one SCoP with
// the vectors' error paths (length checks) assumed not taken. Stages as `inline` functions
// (linkonce_odr, one definition in every unit) and as functions of external linkage. Outputs
// identical at 5 sizes, and the new code runs.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=RAN < %t.trace
// CHECK: polyprop: function _Z8pipelineiiPKfPf, function body: transformed: 2 temporaries removed
// RAN: polyprop: new code of _Z8pipelineiiPKfPf
#include <cstdint>
#include <cstdio>
#include <vector>

inline void hblur(int w, int h, const float *src, std::vector<float> &dst) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      dst[y * w + x] = (src[y * w + xl] + src[y * w + x] + src[y * w + xr]) / 3.0f;
    }
}

void vblur(int w, int h, const std::vector<float> &src, float *dst) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      dst[y * w + x] = (src[yu * w + x] + src[y * w + x] + src[yd * w + x]) / 3.0f;
    }
}

void sharpen(int w, int h, const float *src, const float *blur, float *dst) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      dst[y * w + x] = src[y * w + x] + 0.5f * (src[y * w + x] - blur[y * w + x]);
}

void pipeline(int w, int h, const float *in, float *out) {
  std::vector<float> t1(w * h), t2(w * h);
  hblur(w, h, in, t1);
  vblur(w, h, t1, t2.data());
  sharpen(w, h, in, t2.data(), out);
}

int main() {
  enum { N = 12 };
  static float in[N * N], out[N * N];
  for (int i = 0; i < N * N; i++) in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 1}, {12, 12}, {7, 5}};
  for (int s = 0; s < 5; s++) {
    __builtin_memset(out, 0, sizeof out);
    pipeline(sizes[s][0], sizes[s][1], in, out);
    uint64_t h = 1469598103934665603ull;
    const unsigned char *b = (const unsigned char *)out;
    for (unsigned k = 0; k < sizeof out; k++) h = (h ^ b[k]) * 1099511628211ull;
    printf("pipeline %016llx\n", (unsigned long long)h);
  }
  return 0;
}
