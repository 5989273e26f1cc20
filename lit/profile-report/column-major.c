// polyprop profile report on a column-major walk of a 2-D array (paper 001, Table 3's
// "interchange"): `for j for i a[i][j] += ...` with int counters walks +256 B along the inner
// loop and +4 B along the outer one; the report names both loops by the line of their `for`
// and suggests interchanging them, which makes the access stride-1. No dependence goes
// through memory, so both loops are parallel.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -g -march=x86-64-v3 %s -o %t/colmajor
// RUN: %polyprop-cli profile -o %t/colmajor.profile -- %t/colmajor > /dev/null 2>&1
// RUN: %polyprop-cli profile report %t/colmajor.profile --binary %t/colmajor --json %t/colmajor.json | FileCheck %s
// CHECK: report of {{.*}}colmajor: {{[0-9]+}} memory-access instances
// CHECK: nest at column-major.c:51: {{9[0-9]\.[0-9]}}% of the memory-access instances (8192)
// CHECK-NEXT: loops:
// CHECK-NEXT: loop at column-major.c:51: 64 iterations in 1 entries; parallel
// CHECK-NEXT: loop at column-major.c:52: 4096 iterations in 64 entries; parallel
// CHECK: load column-major.c:53:{{[0-9]+}} x4096: column-major.c:51 +4 B (stride-1), column-major.c:52 +256 B
// CHECK: store column-major.c:53:{{[0-9]+}} x4096: column-major.c:51 +4 B (stride-1), column-major.c:52 +256 B
// CHECK: dependences: none seen
// CHECK-NEXT: suggestions:
// CHECK-NEXT: interchange loops at column-major.c:51 and column-major.c:52: the inner access at column-major.c:53:{{[0-9]+}} becomes stride-1 (8192 access instances walk a smaller stride, 0 a larger one)
// CHECK-NEXT: loop at column-major.c:51 is parallel: run its iterations on threads
// CHECK-NEXT: loop at column-major.c:52 is parallel
//
// The same as JSON.
// RUN: FileCheck %s --check-prefix=JSON < %t/colmajor.json
// JSON: "kind": "interchange",
// JSON-NEXT: "outer_loop": "column-major.c:51",
// JSON-NEXT: "inner_loop": "column-major.c:52",
// JSON: "unit_stride": true,
// JSON: "legality": "legal",
//
// A missing profile, a corrupt one and another binary: one line each, exit status 1.
// RUN: not %polyprop-cli profile report %t/missing.profile 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: polyprop: {{.*}}missing.profile: cannot read profile: No such file or directory (os error 2)
// RUN: sed 's/count=4096/count=4097/' %t/colmajor.profile > %t/corrupt.profile
// RUN: not %polyprop-cli profile report %t/corrupt.profile 2>&1 | FileCheck %s --check-prefix=CORRUPT
// CORRUPT: polyprop: {{.*}}corrupt.profile: corrupt profile: checksum mismatch
// RUN: cp %t/colmajor %t/other && printf 'x' >> %t/other
// RUN: not %polyprop-cli profile report %t/colmajor.profile --binary %t/other 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: polyprop: profile does not match {{.*}}other: it was recorded for another build of {{.*}}colmajor
// RUN: not %polyprop-cli profile report %t/colmajor.profile --binary %t/missing-binary 2>&1 | FileCheck %s --check-prefix=NOBINARY
// NOBINARY: polyprop: {{.*}}missing-binary: cannot read binary: No such file or directory (os error 2)

#include <stdio.h>
#include <stdlib.h>

#define N 64
static float a[N][N];

__attribute__((noinline)) void scale_columns(int n, float f) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      a[i][j] += f * (float)j;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  if (n > N)
    n = N;
  scale_columns(n, 0.5f);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i][n - 1];
  printf("%g\n", s);
  return 0;
}

// The flame graph (--svg), checked here below the source so that the lines above keep their
// numbers: the program, the function, then both loops above it, named by their `for` lines
// and coloured as interchanged (both are parallel too).
// RUN: %polyprop-cli profile report %t/colmajor.profile --binary %t/colmajor --svg %t/colmajor.svg > /dev/null
// RUN: FileCheck %s --check-prefix=SVG < %t/colmajor.svg
// SVG: <svg
// SVG: colmajor 100.0%
// SVG: scale_columns {{9[0-9]\.[0-9]}}%
// SVG: column-major.c:51 (also parallel) {{9[0-9]\.[0-9]}}%
// SVG: column-major.c:52 (also parallel) {{9[0-9]\.[0-9]}}%
// SVG: interchange suggested
// SVG: </svg>
// RUN: grep -c 'fill="#F28E2B"' %t/colmajor.svg | FileCheck %s --check-prefix=ORANGE
// ORANGE: {{^}}3{{$}}
// An --svg file that cannot be written: one line, exit status 1.
// RUN: not %polyprop-cli profile report %t/colmajor.profile --svg %t/no-such-dir/colmajor.svg > %t/unwritable.txt 2>&1
// RUN: count 1 < %t/unwritable.txt
// RUN: FileCheck %s --check-prefix=UNWRITABLE < %t/unwritable.txt
// UNWRITABLE: polyprop: {{.*}}no-such-dir/colmajor.svg: No such file or directory (os error 2)
