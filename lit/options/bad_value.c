// Bad option values are one-line errors: a negative, zero or non-numeric quota, a quota
// without a value, a value given to the flag 'disable', a recompute-limit or recurrences that
// is neither a number nor off (each message says which values it takes). A good value is
// accepted.
// RUN: %ir %s -o %t.ll
// RUN: not %opt -disable-output '-passes=print<polyprop-scops<quota=-3>>' %t.ll 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not %opt -disable-output '-passes=print<polyprop-scops<quota=0>>' %t.ll 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %opt -disable-output '-passes=print<polyprop-scops<quota=abc>>' %t.ll 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: not %opt -disable-output '-passes=print<polyprop-scops<quota>>' %t.ll 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %opt -disable-output '-passes=print<polyprop-scops<disable=1>>' %t.ll 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not %opt -disable-output '-passes=print<polyprop-scops<recompute-limit=-1>>' %t.ll 2>&1 | FileCheck %s --check-prefix=RECOMPUTE
// RUN: not %opt -disable-output '-passes=print<polyprop-scops<recurrences=0>>' %t.ll 2>&1 | FileCheck %s --check-prefix=RECURRENCES
// RUN: %model'print<polyprop-detect<quota=1e6;cache-limit=16>>' %t.ll 2>&1 | FileCheck %s --check-prefix=GOOD
void bad_value(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i] = 0.0f;
}
// NEGATIVE: polyprop: option 'quota' needs a positive integer, got '-3'
// ZERO: polyprop: option 'quota' needs a positive integer, got '0'
// TEXT: polyprop: option 'quota' needs a positive integer, got 'abc'
// MISSING: polyprop: option 'quota' needs a value (quota=...)
// FLAG: polyprop: option 'disable' takes no value
// RECOMPUTE: polyprop: option 'recompute-limit' needs a non-negative integer or off, got '-1'
// RECURRENCES: polyprop: option 'recurrences' needs a positive integer or off, got '0'
// GOOD: polyprop-detect: function bad_value
// GOOD-NEXT: SCoP function body: 1 statements, 1 arrays
