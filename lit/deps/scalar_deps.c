// Dependences through scalar locations: RAW from each write of the accumulator to the next
// read (value-based: the last writer only), WAR and WAW between all its updates in order.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-deps>' %t.ll | FileCheck %s
void scalar_deps(long n, const float *restrict A, float *restrict out) {
  float s = 0.0f;
  for (long i = 0; i < n; i++)
    s += A[i];
  *out = s;
}
// CHECK: polyprop-deps: function scalar_deps, function body
// CHECK-NEXT: RAW S0.write [[RESULT:s_[0-9a-z_]+]] -> S5.read#0 [[RESULT]] : [n] -> { S0[] -> S5[] : n <= 0 }
// CHECK-NEXT: RAW S1.write [[ACC:s_[0-9a-z_]+]] -> S2.read#0 [[ACC]] : [n] -> { S1[] -> S2[i0 = 0] : n >= 2 }
// CHECK-NEXT: RAW S1.write [[ACC]] -> S3.read#0 [[ACC]] : [n] -> { S1[] -> S3[i0 = 0] : n = 1 }
// CHECK-NEXT: RAW S2.write [[ACC]] -> S2.read#0 [[ACC]] : [n] -> { S2[i0] -> S2[i0' = 1 + i0] : 0 <= i0 <= -3 + n }
// CHECK-NEXT: RAW S2.write [[ACC]] -> S3.read#0 [[ACC]] : [n] -> { S2[i0 = -2 + n] -> S3[i0' = -1 + n] : n >= 2 }
// CHECK-NEXT: RAW S3.write [[LAST:s_[0-9a-z_]+]] -> S4.read#0 [[LAST]] : [n] -> { S3[i0 = -1 + n] -> S4[] : n > 0 }
// CHECK-NEXT: RAW S4.write [[RESULT]] -> S5.read#0 [[RESULT]] : [n] -> { S4[] -> S5[] : n > 0 }
// CHECK-NEXT: WAR S2.read#0 [[ACC]] -> S2.write [[ACC]] : [n] -> { S2[i0] -> S2[i0'] : i0 >= 0 and i0 <= i0' <= -2 + n }
// CHECK-NEXT: WAW S1.write [[ACC]] -> S2.write [[ACC]] : [n] -> { S1[] -> S2[i0] : 0 <= i0 <= -2 + n }
// CHECK-NEXT: WAW S2.write [[ACC]] -> S2.write [[ACC]] : [n] -> { S2[i0] -> S2[i0'] : 0 <= i0 <= -2 + n and i0' > i0 and 0 <= i0' <= -2 + n }
// CHECK-NOT: {{RAW|WAR|WAW}}
