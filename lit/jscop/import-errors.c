// JSCoP import of files that cannot be imported: each is one line naming the file and what is
// wrong, opt exits 0 and the IR stays as without the import (no print option needed). Then
// one access change that can be imported: the second read of S1 moved from A[i0 + 1] to
// A[i0], an element the SCoP reads already.
// RUN: %ir %s -o %t.ll
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %model'polyprop-export-jscop<jscop-dir=%t.dir>' %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll -o %t.plain.ll
// RUN: rm -rf %t.e && mkdir -p %t.e
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop truncate
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -disable-output %t.ll 2>&1 | count 1
// RUN: diff %t.plain.ll %t.out.ll
// RUN: echo '{"name": "two_stages", "statements": []}' > %t.e/two_stages.jscop
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=NOT-JSCOP
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop rename:S1:S7
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'schedule:S0:[n] -> { S0[i0, i1] -> [0, i0, 0] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'schedule:S1:[n] -> { S1[i0] -> [1, i0] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=TIMES
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'schedule:S1:[n, m] -> { S1[i0] -> [1, i0, m] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=PARAMETER
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'schedule:S1:[n] -> { S1[i0] -> [0, i0, 0] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=INJECTIVE
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'schedule:S1:[n] -> { S1[i0] -> [1, i0, j] : 0 <= j <= 1 }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=FUNCTION
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'access:S1:1:[n] -> { S1[i0] -> in[i0] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'access:S1:1:[n] -> { S1[i0] -> A[i0, 0] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=ARITY
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'access:S1:2:[n] -> { S1[i0] -> A[i0 + 2] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=BOUNDS
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'access:S1:2:[n] -> { S1[i0] -> A[floor(i0/2)] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=AFFINE
// RUN: diff %t.plain.ll %t.out.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/two_stages.jscop %t.e/two_stages.jscop 'access:S1:2:[n] -> { S1[i0] -> A[i0] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.e>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=ACCESS
// RUN: FileCheck %s --check-prefix=ACCESS-IR < %t.out.ll
void two_stages(long n, float *restrict A, float *restrict B, const float *restrict in) {
  for (long i = 0; i < n; i++)
    A[i] = in[i] * 2.0f;
  for (long i = 1; i < n; i++)
    B[i] = A[i - 1] + A[i];
}
// TRUNCATED: polyprop: function two_stages, function body: not transformed: {{.*}}two_stages.jscop: malformed JSCoP: EOF while parsing {{.*}} at line {{[0-9]+}} column {{[0-9]+}}
// NOT-JSCOP: two_stages.jscop: malformed JSCoP: missing field `context` at line 1 column {{[0-9]+}}
// NAME: two_stages.jscop: JSCoP does not fit the SCoP: statement 'S7' is not in SCoP two_stages (statements: S0, S1)
// SPACE: two_stages.jscop: JSCoP does not fit the SCoP: the schedule of S0 maps S0[2 dimensions], the statement is S0[1 iterators]
// TIMES: two_stages.jscop: JSCoP does not fit the SCoP: the schedule of S1 has 2 time dimensions, the schedule of S0 3; all statements need the same number
// PARAMETER: two_stages.jscop: JSCoP does not fit the SCoP: the schedule of S1 uses the parameter 'm', which SCoP two_stages does not have (parameters: n)
// INJECTIVE: two_stages.jscop: not imported: the schedule gives two statement instances the same time (the model needs an injective schedule)
// FUNCTION: two_stages.jscop: not imported: the schedule of S1 gives an instance more than one time
// ARRAY: two_stages.jscop: not imported: the access 1 of S1 (read) goes to in in the file, A in the SCoP: an import may not change the array
// ARITY: two_stages.jscop: JSCoP does not fit the SCoP: the access 1 of S1 (read) has 2 subscripts, array A has 1 dimensions
// BOUNDS: two_stages.jscop: not imported: the access 2 of S1 (read) touches elements of A that the SCoP does not access (the model cannot prove them in bounds)
// AFFINE: two_stages.jscop: not imported: the access 2 of S1 (read) is not one affine function without division on the domain
// ACCESS: polyprop: function two_stages, function body: transformed: imported 1 access relations from {{.*}}two_stages.jscop, 2 statements
// ACCESS-IR: define internal void @two_stages.polyprop(
