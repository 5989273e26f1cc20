// Found by scripts/campaign.sh (gen-loops seed 1349, output differed), written smaller by
// hand. A max macro over -t[i] and a ternary on the counter: LLVM merges the two copies of
// the inner ternary, so the join's phi has three incoming values, two of them from an
// affine branch inside one side of the data-dependent one. The select of the hammock kept
// only one of them (the last), always (double)i; now an arm with branches of its own gives
// nested selects on their conditions.
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK: polyprop: function max_of_choice, function body: transformed
#include <stdio.h>
#include <stdlib.h>
void max_of_choice(long n, double *restrict out, const double *restrict in) {
  double *t = malloc(sizeof(double) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] * 2.0;
  for (long i = 0; i < n; i++)
    out[i] = (-t[i]) > (2 * i > n ? in[i] : (double)i) ? (-t[i]) : (2 * i > n ? in[i] : (double)i);
  free(t);
}
int main(void) {
  enum { N = 50 };
  static double in[N], a[N];
  for (int i = 0; i < N; i++) in[i] = ((i * 7) % 11) / 10.0 - 0.5;
  max_of_choice(N, a, in);
  for (int i = 0; i < N; i++) printf("%a\n", a[i]);
  return 0;
}
