// Products of region-invariant values (`n * m` where both are arguments) in subscripts and
// loop bounds: not affine in n and m, affine in the product, which becomes a parameter of
// the model (P0 = n * m), as Polly makes a parameter of a product of parameters. It is
// computed once before the region, in the type of the source's multiplication (i32 for int
// arithmetic), for the run-time check and the generated code. Styles: long and int
// counters; a flattened subscript (`in[n * m + j]`), pointer arithmetic (`in + n * m`), a
// loop bound (`j < n * m`) and a product of a sum (`(r + 2) * w`). A temporary in each is
// propagated, so that the generated code (and the materialized product) runs; outputs are
// identical with and without the plugin. The negative twins multiply by a value the loop
// changes (`k *= 2`): not invariant, still rejected.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive 3 5 > %t.naive.out
// RUN: %t.polyprop 3 5 > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %t.naive 0 7 > %t.naive.zero
// RUN: %t.polyprop 0 7 > %t.polyprop.zero
// RUN: cmp %t.naive.zero %t.polyprop.zero
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function flat_long, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function flat_int, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function pointer_long, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function bound_int, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function row_of_sum, function body: transformed: 1 temporaries removed
#include <stdio.h>
#include <stdlib.h>

// MODEL-LABEL: polyprop-detect: function flat_long
// MODEL-NEXT: SCoP function body
// MODEL-LABEL: polyprop-scops: function flat_long
// MODEL: parameters: [w, n, m, P0]
// MODEL-NEXT: parameter P0 = n * m (i64)
// MODEL: write: [w, n, m, P0] -> { S1[i0] -> out[i0 + P0] }
void flat_long(long n, long m, long w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w);
  for (long j = 0; j < w; j++)
    t[j] = in[n * m + j] * 0.5f;
  for (long j = 0; j < w; j++)
    out[n * m + j] = t[j] + 1.0f;
  free(t);
}

// MODEL-LABEL: polyprop-detect: function flat_int
// MODEL-NEXT: SCoP function body
// MODEL-LABEL: polyprop-scops: function flat_int
// MODEL: parameter P0 = n * m (i32)
// MODEL-NEXT: context: {{.*}}-2147483648 <= P0 <= 2147483647
// MODEL: read: [{{.*}}] -> { S0[i0] -> in[i0 + P0] }
void flat_int(int n, int m, int w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w);
  for (int j = 0; j < w; j++)
    t[j] = in[n * m + j] * 0.5f;
  for (int j = 0; j < w; j++)
    out[n * m + j] = t[j] + 1.0f;
  free(t);
}

// MODEL-LABEL: polyprop-detect: function pointer_long
// MODEL-NEXT: SCoP function body
// MODEL-LABEL: polyprop-scops: function pointer_long
// MODEL: parameter P0 = n * m (i64)
// MODEL: read: [{{.*}}] -> { S0[i0] -> in[i0 + P0] }
void pointer_long(long n, long m, long w, const float *in, float *out) {
  const float *row = in + n * m;
  float *t = malloc(sizeof(float) * w);
  for (long j = 0; j < w; j++)
    t[j] = row[j] * 0.5f;
  for (long j = 0; j < w; j++)
    out[j] = t[j] * t[j];
  free(t);
}

// MODEL-LABEL: polyprop-detect: function bound_int
// MODEL-NEXT: SCoP function body
// MODEL-LABEL: polyprop-scops: function bound_int
// MODEL: parameter P0 = n * m (i32)
// MODEL: domain: [n, m, P0] -> { S0[i0] : P0 > 0 and 0 <= i0 < P0 }
void bound_int(int n, int m, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (n * m + 1));
  for (int j = 0; j < n * m; j++)
    t[j] = in[j] * 0.5f;
  for (int j = 0; j < n * m; j++)
    out[j] = t[j] + 2.0f;
  free(t);
}

// MODEL-LABEL: polyprop-detect: function row_of_sum
// MODEL-NEXT: SCoP function body
// MODEL-LABEL: polyprop-scops: function row_of_sum
// Not distributed: (r + 2) * w may fit where r * w wraps. Two parameters, as in Polly.
// MODEL: parameter P0 = w * (r + 2) (i64)
// MODEL-NEXT: parameter P1 = w * r (i64)
// MODEL: read: [w, r, P0, P1] -> { S0[i0] -> in[i0 + P0] }
// MODEL-NEXT: read: [w, r, P0, P1] -> { S0[i0] -> in[i0 + P1] }
void row_of_sum(long r, long w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w);
  for (long j = 0; j < w; j++)
    t[j] = in[(r + 2) * w + j] - in[r * w + j];
  for (long j = 0; j < w; j++)
    out[j] = t[j] * 3.0f;
  free(t);
}

// MODEL-LABEL: polyprop-detect: function doubling_bound
// MODEL-NEXT: rejected function body: non-affine loop bound
// The inner loop alone, around which k does not change, has the parameter m * k.
// MODEL: SCoP loop nest at
// MODEL: parameter P0 = m * k (i64)
void doubling_bound(long n, long m, float *out) {
  long k = 1;
  for (long i = 0; i < n; i++) {
    for (long j = 0; j < k * m; j++)
      out[j] += 1.0f;
    k *= 2;
  }
}

// MODEL-LABEL: polyprop-detect: function doubling_row
// MODEL-NEXT: rejected function body: non-affine subscript
// The inner loop alone, around which k does not change, has the parameter m * k.
// MODEL: SCoP loop nest at
// MODEL: parameter P0 = m * k (i64)
void doubling_row(long n, long m, float *out) {
  long k = 1;
  for (long i = 0; i < n; i++) {
    for (long j = 0; j < m; j++)
      out[k * m + j] = 1.0f;
    k *= 2;
  }
}

int main(int argc, char **argv) {
  long n = atol(argv[1]), m = atol(argv[2]), w = 9;
  long size = (n + 6) * m + w + 1;
  float *in = malloc(sizeof(float) * size), *out = calloc(size, sizeof(float));
  for (long k = 0; k < size; k++)
    in[k] = (float)(k % 13) * 0.25f + 1.0f;
  flat_long(n, m, w, in, out);
  flat_int((int)n, (int)m, (int)w, in, out);
  pointer_long(n, m, w, in, out);
  bound_int((int)n, (int)m, in, out);
  row_of_sum(n, m, in, out);
  doubling_bound(3, m, out);
  doubling_row(3, m, out);
  unsigned long h = 0xcbf29ce484222325ul;
  const unsigned char *b = (const unsigned char *)out;
  for (long k = 0; k < (long)(sizeof(float) * size); k++)
    h = (h ^ b[k]) * 0x100000001b3ul;
  printf("%016lx\n", h);
  free(in);
  free(out);
  return 0;
}
