// A pipeline repeated in a loop that allocates its temporaries at each iteration, as a
// benchmark driver or an iterative filter writes it (`for (r = 0; r < reps; r++) { t1 =
// malloc(...); stages; free(t1); }`). The loop as a whole is no SCoP (an array allocated
// inside it); the stages inside it are one sequence of nests (detect: a rejected nest's inner
// nests are tried as sequences too), which starts at the first stage's guard, given a block of
// its own after the loop header (`splitInnerGuards`, the transform's second try). Each iteration
// runs the new code (3 per call: RAN), outputs identical at every size, empty ones included.
// - smooth_repeatedly: the image is updated in place, the next iteration's input, `int`
//   counters, ternary clamps. t1 is propagated; t2 stays: the in-place stage overwrites the
//   pixels t1's expression would read again (reload test).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3"; do %t.pp $s; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of smooth_repeatedly' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK: polyprop: function smooth_repeatedly, loop nests: transformed: 1 temporaries removed
// RAN: 15
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void smooth_repeatedly(int reps, int w, int h, float *img) {
  for (int r = 0; r < reps; r++) {
    float *t1 = malloc(sizeof(float) * w * h + 4);
    float *t2 = malloc(sizeof(float) * w * h + 4);
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
        t1[y * w + x] = (img[y * w + xl] + img[y * w + x] + img[y * w + xr]) / 3.0f;
      }
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
        t2[y * w + x] = (t1[yu * w + x] + t1[y * w + x] + t1[yd * w + x]) / 3.0f;
      }
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
        img[y * w + x] = img[y * w + x] + 0.5f * (img[y * w + x] - t2[y * w + x]);
    free(t1);
    free(t2);
  }
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  float *img = malloc(sizeof(float) * w * h + 4);
  for (int i = 0; i < w * h; i++)
    img[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  smooth_repeatedly(3, w, h, img);
  uint64_t hs = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *)img;
  for (size_t k = 0; k < sizeof(float) * (size_t)w * h; k++) hs = (hs ^ b[k]) * 1099511628211ull;
  printf("%d %d %016llx\n", w, h, (unsigned long long)hs);
  return 0;
}
