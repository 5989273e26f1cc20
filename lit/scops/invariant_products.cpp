// C++: a row of a fixed-width array (`float (*)[N]`, a template) chosen by a product of
// arguments, A[n * m][j]: the product is a parameter (P0 = n * m) and the first subscript of
// the fixed shape. A temporary is propagated; outputs are identical with and without the
// plugin. Before products of invariant values were parameters this was rejected ("product of
// non-constant values in (32 * n * m)").
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive 2 3 > %t.naive.out
// RUN: %t.polyprop 2 3 > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// CHECK: polyprop: function _Z10scaled_rowILi8EEvllPAT__KfPAT__f, function body: transformed: 1 temporaries removed
#include <cstdio>
#include <cstdlib>

template <int N> void scaled_row(long n, long m, const float (*in)[N], float (*out)[N]) {
  float *t = static_cast<float *>(malloc(sizeof(float) * N));
  for (long j = 0; j < N; j++)
    t[j] = in[n * m][j] * 0.5f;
  for (long j = 0; j < N; j++)
    out[n * m][j] = t[j] + 1.0f;
  free(t);
}
template void scaled_row<8>(long, long, const float (*)[8], float (*)[8]);
// MODEL-LABEL: polyprop-detect: function _Z10scaled_rowILi8EEvllPAT__KfPAT__f
// MODEL-NEXT: SCoP function body
// MODEL: parameters: [n, m, P0]
// MODEL-NEXT: parameter P0 = n * m (i64)
// MODEL: array out[*][8]: f32 live-out
// MODEL: read: [n, m, P0] -> { S0[i0] -> in[P0, i0] }
// MODEL: write: [n, m, P0] -> { S1[i0] -> out[P0, i0] }

int main(int argc, char **argv) {
  long n = atol(argv[1]), m = atol(argv[2]);
  static float in[16][8], out[16][8];
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 8; c++)
      in[r][c] = (float)(r * 8 + c) * 0.25f;
  scaled_row<8>(n, m, in, out);
  unsigned long h = 0xcbf29ce484222325ul;
  const unsigned char *b = reinterpret_cast<const unsigned char *>(out);
  for (unsigned k = 0; k < sizeof out; k++)
    h = (h ^ b[k]) * 0x100000001b3ul;
  printf("%016lx\n", h);
  return 0;
}
