// An unknown pass parameter is a one-line error naming it and the known ones, and opt fails
// for every printer that takes options.
// RUN: %ir %s -o %t.ll
// RUN: not %opt -disable-output '-passes=print<polyprop-scops<bogus=1>>' %t.ll 2>&1 | FileCheck %s --check-prefix=SCOPS
// RUN: not %opt -disable-output '-passes=print<polyprop-detect<colour>>' %t.ll 2>&1 | FileCheck %s --check-prefix=DETECT
// RUN: not %opt -disable-output '-passes=polyprop-export-jscop<jscop-directory=x>' %t.ll 2>&1 | FileCheck %s --check-prefix=JSCOP
void unknown_parameter(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i] = 0.0f;
}
// SCOPS: polyprop: unknown pass parameter 'bogus' (known: quota, disable, print, jscop-dir, import-jscop, profile, cache-line, cache-limit, split-limit, dependence-limit, expression-limit, cost, recompute-limit, keep, propagate, clamped-reads, line-buffers, recurrences, parallel, schedule, schedule-cost, tile-size, lang, trace-checks)
// SCOPS-NOT: polyprop-scops: function
// DETECT: polyprop: unknown pass parameter 'colour'
// DETECT-NOT: polyprop-detect: function
// JSCOP: polyprop: unknown pass parameter 'jscop-directory'
