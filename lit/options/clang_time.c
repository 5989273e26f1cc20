// print=time gives, per SCoP the transform looked at, the wall time of each stage that ran:
// all six for a transformed function, only the model's and propagation's where propagation
// removed nothing. It combines with print=transform and keeps clang's transform running.
// RUN: env POLYPROP_OPTIONS='print=transform,time' %clang -O2 -fpass-plugin=%polyprop -c %s -o %t.o | FileCheck %s
// RUN: test -s %t.o
#include <stdlib.h>
void blur(long n, const float *restrict in, float *restrict out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] * 0.5f;
  for (long i = 1; i < n; i++)
    out[i] = t[i - 1] + t[i];
  free(t);
}
void prefix(long n, const float *restrict in, float *restrict out) {
  float *t = malloc(sizeof(float) * n);
  t[0] = in[0];
  for (long i = 1; i < n; i++)
    t[i] = t[i - 1] + in[i];
  for (long i = 0; i < n; i++)
    out[i] = t[i] * 2.0f;
  free(t);
}
// CHECK: polyprop: function blur, function body: transformed: 1 temporaries removed
// CHECK-NEXT: polyprop-time: function blur, function body: detect and model {{[0-9]+\.[0-9][0-9][0-9]}} s, parameter compression {{[0-9.]+}} s, lattices {{[0-9.]+}} s, propagation {{[0-9.]+}} s, interiors {{[0-9.]+}} s, AST {{[0-9.]+}} s, run-time check {{[0-9.]+}} s, speculation {{[0-9.]+}} s, code generation {{[0-9.]+}} s{{$}}
// CHECK: polyprop: function prefix, function body: not transformed: nothing propagated
// CHECK-NEXT: polyprop-time: function prefix, function body: detect and model {{[0-9.]+}} s, parameter compression {{[0-9.]+}} s, lattices {{[0-9.]+}} s, propagation {{[0-9.]+}} s{{$}}
