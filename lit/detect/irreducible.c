// A jump into the middle of a loop makes the cycle irreducible: rejected with "irreducible
// control flow" (not "no loop": there is a cycle).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void irreducible(long n, long k, float *restrict A) {
  long i = 0;
  if (k > 0)
    goto inside;
  for (; i < n; i++) {
    A[i] = 1.0f;
  inside:
    A[i + 1] = 2.0f;
  }
}
// CHECK: polyprop-detect: function irreducible
// CHECK-NEXT: rejected function body: irreducible control flow
