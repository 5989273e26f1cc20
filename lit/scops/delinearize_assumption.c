// A 3-channel image with row length C+4 whose inner loop runs to a separate width W: the
// accesses delinearize to 3-D only if j stays within [0, C+4), which is recorded in the
// assumed context (W <= C + 4 whenever the loop runs), with its reason, per array.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void delinearize_assumption(long R, long C, long W, const float *restrict in, float *restrict out) {
  for (long c = 0; c < 3; c++)
    for (long i = 2; i < R + 2; i++)
      for (long j = 0; j < W; j++)
        out[c * (R * (C + 4)) + (i - 2) * (C + 4) + j] = in[c * (R * (C + 4)) + (i - 2) * (C + 4) + j] * 2.0f;
}
// CHECK: polyprop-scops: function delinearize_assumption, function body
// CHECK: parameters: [R, W, C]
// CHECK-DAG: assumed context: [R, W, C] -> {  : R <= 0 or (R > 0 and W <= 0) or (R > 0 and W > 0 and C >= -4 + W) } {{ *}}; delinearization of out: inner subscripts within [0, R), [0, C + 4)
// CHECK-DAG: assumed context: [R, W, C] -> {  : R <= 0 or (R > 0 and W <= 0) or (R > 0 and W > 0 and C >= -4 + W) } {{ *}}; delinearization of in: inner subscripts within [0, R), [0, C + 4)
// CHECK-DAG: array out[*][R][C + 4]: f32 live-out
// CHECK-DAG: array in[*][R][C + 4]: f32 live-out
// CHECK: S0 at
// CHECK-NEXT: domain: [R, W, C] -> { S0[i0, i1, i2] : W > 0 and 0 <= i0 <= 2 and 0 <= i1 < R and 0 <= i2 < W }
// CHECK-NEXT: schedule: [R, W, C] -> { S0[i0, i1, i2] -> [0, i0, 0, i1, 0, i2, 0] }
// CHECK-NEXT: write: [R, W, C] -> { S0[i0, i1, i2] -> out[i0, i1, i2] }
// CHECK-NEXT: read: [R, W, C] -> { S0[i0, i1, i2] -> in[i0, i1, i2] }
