// A store under a data-dependent condition (`if (tmp[i] > 1.5f) mask[i] = tmp[i];`): the
// statement is guarded by the condition, evaluated in the statement, and its write is a
// may-write. mask is not propagated (where the guard fails, the earlier write shows
// through), tmp, which the condition reads, is not propagated into the guarded statement,
// and the stage after them is. In `masked` the condition reads other data (`if (sel[i] & 1)
// out[i] = ...`, an early `continue` in the source): tmp is propagated into the guarded
// statement, which evaluates it only where the condition holds, as the source read it.
// The twin writes the same with a ternary: every temporary is propagated. A data-dependent
// branch around a store whose arm branches again stays a reject reason. Outputs are
// identical with and without the plugin.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>,print<polyprop-propagation>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function guarded, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function ternary, function body: transformed: 3 temporaries removed
// CHECK-DAG: polyprop: function masked, function body: transformed: 1 temporaries removed
// MODEL-LABEL: polyprop-scops: function guarded
// MODEL: may-write: [n] -> { S2[i0] -> mask[i0] }
// MODEL: value: when (tmp[i0] > 1.5f) mask[i0] = tmp[i0]
// MODEL-LABEL: polyprop-propagation: function guarded
// MODEL-DAG: tmp (temporary): not propagated: S2 writes at a data-dependent subscript or reads the location in its data-dependent condition: nothing is propagated into it
// MODEL-DAG: mask (temporary): not propagated: may-write: S2 writes the location at a data-dependent subscript or under a data-dependent condition
// MODEL-DAG: res (temporary): propagated {{.*}}removed writes S3
// MODEL-LABEL: polyprop-propagation: function ternary
// MODEL-DAG: tmp (temporary): propagated
// MODEL-DAG: mask (temporary): propagated
// MODEL-DAG: res (temporary): propagated
// MODEL-LABEL: polyprop-propagation: function masked
// MODEL: tmp (temporary): propagated 2 RAW dependences into S1;
// MODEL-LABEL: polyprop-detect: function nested
// MODEL-NEXT: rejected function body: non-affine condition: data-dependent branch guarding a store, with branches of its own
#include "../codegen/Inputs/harness.h"

void guarded(long n, const float *img, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  float *mask = malloc(sizeof(float) * n);
  float *res = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = img[i] * 2.0f;
  for (long i = 0; i < n; i++) {
    mask[i] = 0.0f;
    if (tmp[i] > 1.5f)
      mask[i] = tmp[i];
  }
  for (long i = 0; i < n; i++)
    res[i] = mask[i] + 1.0f;
  for (long i = 0; i < n; i++)
    out[i] = res[i] * 3.0f;
  free(tmp);
  free(mask);
  free(res);
}

void ternary(long n, const float *img, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  float *mask = malloc(sizeof(float) * n);
  float *res = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = img[i] * 2.0f;
  for (long i = 0; i < n; i++)
    mask[i] = tmp[i] > 1.5f ? tmp[i] : 0.0f;
  for (long i = 0; i < n; i++)
    res[i] = mask[i] + 1.0f;
  for (long i = 0; i < n; i++)
    out[i] = res[i] * 3.0f;
  free(tmp);
  free(mask);
  free(res);
}

void masked(long n, const float *img, const unsigned char *sel, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = img[i] * 2.0f + 1.0f;
  for (long i = 1; i < n - 1; i++) {
    if (sel[i] & 1)
      continue;
    out[i] = tmp[i - 1] + tmp[i + 1];
  }
  free(tmp);
}

void nested(long n, const float *img, float *out) {
  for (long i = 0; i < n; i++) {
    out[i] = 0.0f;
    out[i + n] = 0.0f;
    if (img[i] > 0.5f) {
      out[i] = 1.0f;
      if (img[i] < 1.0f)
        out[i + n] = img[i];
    }
  }
}

int main(void) {
  enum { N = 1000 };
  static float img[N], out[2 * N];
  harness_fill_float(img, N);
  guarded(N, img, out);
  harness_print("guarded", out, sizeof out);
  ternary(N, img, out);
  harness_print("ternary", out, sizeof out);
  static unsigned char sel[N];
  for (int i = 0; i < N; i++)
    sel[i] = (unsigned char)(i * 7 % 5);
  masked(N, img, sel, out);
  harness_print("masked", out, sizeof out);
  nested(N / 2, img, out);
  harness_print("nested", out, sizeof out);
  return 0;
}
