// A tiny isl operation quota: the region is rejected with "complexity" and print<polyprop-scops>
// prints no SCoP, while the default quota models it (the pair shows the quota is what fails).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops<quota=10>>' %t.ll | FileCheck %s --check-prefix=TINY-SCOPS --allow-empty
// RUN: %model'print<polyprop-detect<quota=10>>' %t.ll | FileCheck %s --check-prefix=TINY
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s --check-prefix=DEFAULT
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=DEFAULT-SCOPS
void quota(long n, float *restrict A, float *restrict B, const float *restrict in) {
  for (long i = 0; i < n; i++)
    A[i] = in[i] * 2.0f;
  for (long i = 1; i < n; i++)
    B[i] = A[i - 1] + A[i];
}
// TINY-SCOPS-NOT: statements:
// TINY: polyprop-detect: function quota
// TINY-NEXT: rejected function body: complexity: isl operation quota exceeded while modeling
// TINY-NOT: SCoP
// DEFAULT: polyprop-detect: function quota
// DEFAULT-NEXT: SCoP function body: 2 statements, 3 arrays
// DEFAULT-SCOPS: S1 at
