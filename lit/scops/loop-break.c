// Loops with several exits: a break on an affine condition bounds the loop by the first
// iteration in which some exit condition holds (as Polly's domains do), and the statements
// after the break run only where it does not hold. Transformed, and run with break points
// before the first iteration, inside the loop and past its end: identical outputs. A break
// nested under another condition (it does not run in every iteration) is a reject reason.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive 9 > %t.naive.9
// RUN: %t.polyprop 9 > %t.polyprop.9
// RUN: cmp %t.naive.9 %t.polyprop.9
// RUN: %t.naive -5 > %t.naive.neg
// RUN: %t.polyprop -5 > %t.polyprop.neg
// RUN: cmp %t.naive.neg %t.polyprop.neg
// RUN: %t.naive 100 > %t.naive.100
// RUN: %t.polyprop 100 > %t.polyprop.100
// RUN: cmp %t.naive.100 %t.polyprop.100
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function breaks, function body: transformed
// CHECK-DAG: polyprop: function breaks_long, function body: transformed
// MODEL-LABEL: polyprop-detect: function breaks
// MODEL-NEXT: SCoP function body
// MODEL-LABEL: polyprop-scops: function breaks,
// MODEL: domain: [n, m] -> { S{{[0-9]+}}[i0] : {{.*}}2i0 <= m }
// MODEL-LABEL: polyprop-detect: function nested_break
// MODEL: rejected function body: several exits: loop exit under a condition (it does not run in every iteration)
#include <stdio.h>
#include <stdlib.h>

void breaks(int n, int m, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = 0.0f;
  for (int i = 0; i < n; i++) {
    t[i] = in[i] * 2.0f;
    if (2 * i > m)
      break;
    t[i] += 1.0f;
  }
  for (int i = 0; i < n; i++)
    out[i] = t[i] + in[i];
  free(t);
}

void breaks_long(long n, long m, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] + 1.0f;
  for (long i = 0; i < n; i++) {
    if (i + 3 > m)
      break;
    t[i] = t[i] * 0.5f;
    if (i == m / 2)
      break;
  }
  for (long i = 0; i < n; i++)
    out[i] = t[i] - 1.0f;
  free(t);
}

void nested_break(int n, int m, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i];
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
      if (i > m)
        break;
      t[i] = -t[i];
    }
  }
  for (int i = 0; i < n; i++)
    out[i] = t[i];
  free(t);
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 9;
  float in[40], a[40], b[40], c[40];
  for (int i = 0; i < 40; i++)
    in[i] = (float)(i % 7);
  breaks(40, m, in, a);
  breaks_long(40, m, in, b);
  nested_break(40, m, in, c);
  for (int i = 0; i < 40; i++)
    printf("%a %a %a\n", a[i], b[i], c[i]);
  return 0;
}
