// Upsampling by two with `int` arithmetic, `t[i] = in[i / 2]` and, for odd i, the average
// with `in[i / 2 + 1 < n ? i / 2 + 1 : n - 1]`, then a 3-tap smoothing of the upsampled
// temporary (a pyramid's expand step in one dimension). The clamp compares `i / 2 + 1`, an
// `int` whose no-wrap flags instcombine dropped, with n: it is the affine value where it fits
// in 32 bits, which the domain does not show for every n the type allows; it is assumed and
// checked at run time (`Affinator::signed_values`), where it was a reject reason ("signed
// comparison of a narrow value that may wrap"). Outputs identical at every size, empty
// included; the new code runs (RAN).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for n in 0 1 2 3 17 1000; do %t.naive $n; done' > %t.naive.out
// RUN: sh -c 'for n in 0 1 2 3 17 1000; do %t.pp $n; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of upsample$' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK: polyprop: function upsample, function body: transformed: 2 temporaries removed
// RAN: 6
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void upsample(int n, const float *in, float *out) {
  int m = 2 * n;
  float *t = malloc(sizeof(float) * (m + 1));
  for (int i = 0; i < m; i++)
    t[i] = (i % 2 == 0) ? in[i / 2] : 0.5f * (in[i / 2] + in[(i / 2 + 1 < n) ? i / 2 + 1 : n - 1]);
  for (int i = 1; i < m - 1; i++)
    out[i] = (t[i - 1] + 2.0f * t[i] + t[i + 1]) * 0.25f;
  free(t);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *in = malloc(sizeof(float) * n + 4), *out = calloc(2 * n + 1, sizeof(float));
  for (int i = 0; i < n; i++)
    in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  upsample(n, in, out);
  uint64_t h = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t k = 0; k < sizeof(float) * 2 * (size_t)n; k++) h = (h ^ b[k]) * 1099511628211ull;
  printf("%d %016llx\n", n, (unsigned long long)h);
  return 0;
}
