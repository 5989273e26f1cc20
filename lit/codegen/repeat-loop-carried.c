// An array allocated before a repeat loop keeps, from one iteration to the next, what the
// stages inside wrote: the sequence of nests inside the loop (detect's inner sequences, as in
// repeat-loop.c) is run again by the loop, so that array is live after each run (and its
// contents on entry are not calloc's zeros nor garbage, but the last run's values). Before,
// liveness took it for a temporary of the sequence, accessed nowhere else: its writes were
// removed as dead and its reads became calloc's zeros, so `carried` printed 0 (a
// miscompile). The loop's own temporary `u`, allocated at each iteration, is still
// propagated. The loop calls `report` (a side effect), so it is no SCoP as a whole.
// - carried: `prev` from calloc, read before it is written at each iteration;
// - carried_malloc: the same from malloc, its first read under `r > 0`;
// - guarded: `prev` written under a condition on the data, so a step may leave an element
//   as the previous step wrote it, which the next one reads: kept (a write that may not
//   happen never makes a carried array a temporary).
// Outputs identical at every size; the new code runs at each of the 4 iterations of the 3
// functions, at 4 sizes (48).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for n in 1 7 64 1000; do %t.naive $n; done' > %t.naive.out
// RUN: sh -c 'for n in 1 7 64 1000; do %t.pp $n; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function carried, loop nests: transformed: 2 temporaries removed, 2 statements
// CHECK-DAG: polyprop: function carried_malloc, loop nests: transformed
// CHECK-DAG: polyprop: function guarded, loop nests: transformed: 2 temporaries removed, 3 statements
// RAN: 48
#include <stdio.h>
#include <stdlib.h>

int reported;
__attribute__((noinline)) void report(int r) { reported += r; }

__attribute__((noinline)) void carried(int n, const float *in, float *out) {
  float *prev = calloc(n, sizeof(float));
  for (int r = 0; r < 4; r++) {
    float *u = malloc(sizeof(float) * n);
    for (int i = 0; i < n; i++) u[i] = prev[i] * 2.0f;
    for (int i = 0; i < n; i++) out[i] += u[i];
    for (int i = 0; i < n; i++) prev[i] = in[i] * (float)(r + 1);
    free(u);
    report(r);
  }
  free(prev);
}

__attribute__((noinline)) void carried_malloc(int n, const float *in, float *out) {
  float *prev = malloc(sizeof(float) * n);
  for (int r = 0; r < 4; r++) {
    float *u = malloc(sizeof(float) * n);
    for (int i = 0; i < n; i++) u[i] = r > 0 ? prev[i] - in[i] : in[i];
    for (int i = 0; i < n; i++) out[i] += u[i];
    for (int i = 0; i < n; i++) prev[i] = out[i] * 0.5f;
    free(u);
    report(r);
  }
  free(prev);
}

__attribute__((noinline)) void guarded(int n, const float *in, float *out) {
  float *prev = calloc(n, sizeof(float));
  for (int r = 0; r < 4; r++) {
    float *u = malloc(sizeof(float) * n);
    for (int i = 0; i < n; i++)
      if (in[i] > 0.5f * (float)r)
        prev[i] = in[i] * (float)(r + 1);
    for (int i = 0; i < n; i++) u[i] = prev[i] * 2.0f;
    for (int i = 0; i < n; i++) out[i] += u[i];
    free(u);
    report(r);
  }
  free(prev);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16;
  float *in = malloc(sizeof(float) * n), *out = calloc(n, sizeof(float));
  for (int i = 0; i < n; i++) in[i] = (float)(i % 17) * 0.5f - 2.0f;
  carried(n, in, out);
  carried_malloc(n, in, out);
  guarded(n, in, out);
  double s = 0;
  for (int i = 0; i < n; i++) s += out[i];
  printf("%a %d\n", s, reported);
  free(in);
  free(out);
  return 0;
}
