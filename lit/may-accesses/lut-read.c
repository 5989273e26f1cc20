// A lookup table read at a data-dependent subscript (`lut[(long)x]`): a may-read over the
// elements the clamp lets it reach, 0 to 255 (polyhedral/src/range.rs). The table's producer stage stays (which element is read is not known), the
// other temporary (tmp) is propagated, also into the subscript, and removed; outputs are
// identical with and without the plugin. The twin reads the table at an affine subscript:
// both temporaries are removed.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>,print<polyprop-propagation>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function lookup, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function affine_lookup, function body: transformed: 2 temporaries removed
// MODEL-LABEL: polyprop-scops: function lookup
// MODEL: may-read: [N] -> { S2[i0] -> lut[may0] : may0 >= 0 and may0 <= 255 }
// MODEL: value: out[i0] = (lut[? select({{.*}}i64(tmp[i0]){{.*}})] + tmp[i0])
// MODEL-LABEL: polyprop-propagation: function lookup
// MODEL: lut (temporary): not propagated: may-read: S2 reads the location at a data-dependent subscript (the location stays)
// MODEL: tmp (temporary): propagated 5 RAW dependences into S2; {{.*}}removed writes S1
// MODEL-LABEL: polyprop-propagation: function affine_lookup
// MODEL: lut (temporary): propagated {{.*}}removed writes S0
// MODEL: tmp (temporary): propagated {{.*}}removed writes S1
#include "../codegen/Inputs/harness.h"

void lookup(long N, const float *img, float *out) {
  float *lut = (float *)malloc(sizeof(float) * 256);
  float *tmp = (float *)malloc(sizeof(float) * N);
  for (long k = 0; k < 256; k++)
    lut[k] = (float)k * 0.5f + 1.0f;
  for (long i = 0; i < N; i++)
    tmp[i] = img[i] * 200.0f;
  for (long i = 0; i < N; i++) {
    long x = (long)tmp[i];
    x = x < 0 ? 0 : (x > 255 ? 255 : x);
    out[i] = lut[x] + tmp[i];
  }
  free(lut);
  free(tmp);
}

void affine_lookup(long N, const float *img, float *out) {
  float *lut = (float *)malloc(sizeof(float) * N);
  float *tmp = (float *)malloc(sizeof(float) * N);
  for (long k = 0; k < N; k++)
    lut[k] = (float)k * 0.5f + 1.0f;
  for (long i = 0; i < N; i++)
    tmp[i] = img[i] * 200.0f;
  for (long i = 0; i < N; i++)
    out[i] = lut[i] + tmp[i];
  free(lut);
  free(tmp);
}

int main(void) {
  enum { N = 1000 };
  static float img[N], out[N];
  harness_fill_float(img, N);
  lookup(N, img, out);
  harness_print("lookup", out, sizeof out);
  affine_lookup(N, img, out);
  harness_print("affine lookup", out, sizeof out);
  return 0;
}
