// A malloc'd buffer that is returned, not freed, is live-out; one that is freed is a
// temporary (the pair in one file).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
#include <stdlib.h>
float *malloc_returned(long n, const float *restrict in) {
  float *kept = (float *)malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    kept[i] = in[i];
  return kept;
}
void malloc_freed(long n, const float *restrict in, float *restrict out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i];
  for (long i = 0; i < n; i++)
    out[i] = t[i];
  free(t);
}
// CHECK: polyprop-scops: function malloc_returned, function body
// CHECK: array kept[*]: f32 live-out
// CHECK: polyprop-scops: function malloc_freed, function body
// CHECK: array t[*]: f32 temporary
