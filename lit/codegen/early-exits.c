// The transform decides from as little of the model as it can (compile time, issue 20):
// a function that allocates nothing has no temporary array and is not modeled at all; a
// function whose body is not a SCoP says why, and of its loop nests only those that hold a
// temporary of their own are tried (here t is read and written by two nests: none is). The
// printers still model everything.
// RUN: %ir %s -o %t.ll
// RUN: %opt -disable-output -passes='function(polyprop-canonicalize),polyprop<print=transform>' %t.ll 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %opt -disable-output -passes='function(polyprop-canonicalize),polyprop<print=transform;print=detect>' %t.ll 2>&1 | FileCheck %s --check-prefix=DETECT
// TRANSFORM: polyprop: function no_allocation, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM: polyprop: function data_dependent_bound, function body: not transformed: rejected: non-affine loop bound: {{.*}}
// TRANSFORM-NOT: loop nest
// DETECT: polyprop-detect: function no_allocation
// DETECT-NEXT: SCoP function body
// DETECT: polyprop-detect: function data_dependent_bound
// DETECT: SCoP loop nest
#include <stdlib.h>

void no_allocation(int n, float *restrict out, const float *restrict in) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] * 2.0f;
}

void data_dependent_bound(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] + 1.0f;
  for (int i = 0; i < n; i++)
    out[i] = t[i] * 0.5f;
  for (int i = 0; i < (int)in[0]; i++)
    out[i] += 1.0f;
  free(t);
}
