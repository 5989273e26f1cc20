// Generated code keeps what the source said (issue 22): every load and store the statements
// make carries the source's !tbaa tag and a !dbg location in the generated function's own
// subprogram; floating-point operations carry the source's fast-math flags under
// -ffast-math and none without; the module verifies and its DWARF is clean. What the run-time
// check proves, LLVM learns: each array has its alias scope, and no access aliases the others.
// A propagated subexpression keeps the line of the statement it came from: the loads of `in`
// propagated from t's stage are at t's line, the store to out at out's line.
// RUN: %clang -O2 -g -ffast-math -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.fast.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.fast.ll -o %t.fast.out.ll
// RUN: opt -passes=verify -disable-output %t.fast.out.ll
// RUN: FileCheck %s --check-prefix=FAST < %t.fast.out.ll
// RUN: %clang -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.strict.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.strict.ll -o %t.strict.out.ll
// RUN: FileCheck %s --check-prefix=STRICT < %t.strict.out.ll
// RUN: %clang -O3 -g -ffast-math -c %s -fpass-plugin=%polyprop -o %t.o
// RUN: llvm-dwarfdump-14 --verify %t.o | FileCheck %s --check-prefix=DWARF
// FAST-LABEL: define dso_local void @blur(
// FAST: call void @blur.polyprop({{.*}}), !dbg
// FAST-LABEL: define internal void @blur.polyprop(
// FAST-SAME: !dbg ![[SP:[0-9]+]]
// FAST: load float, float* %{{[0-9]+}}, align 4, !dbg ![[LOC:[0-9]+]], !tbaa !{{[0-9]+}}, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}
// FAST: fadd fast float
// FAST: store float %{{[0-9]+}}, float* %{{[0-9]+}}, align 4, !dbg ![[OUT:[0-9]+]], !tbaa !{{[0-9]+}}, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}
// FAST: ![[SP]] = distinct !DISubprogram(name: "blur"
// FAST-DAG: ![[LOC]] = !DILocation(line: [[#@LINE+14]], column: {{[0-9]+}}, scope: ![[SP]])
// FAST-DAG: ![[OUT]] = !DILocation(line: [[#@LINE+15]], column: {{[0-9]+}}, scope: ![[SP]])
// FAST-DAG: = distinct !{!{{[0-9]+}}, !{{[0-9]+}}, !"polyprop array {{[0-9]+}}"}
// STRICT-LABEL: define internal void @blur.polyprop(
// STRICT: load float, float* %{{[0-9]+}}, align 4, !dbg !{{[0-9]+}}, !tbaa
// STRICT: fadd float
// STRICT-NOT: fast
// STRICT: !llvm.dbg.cu
// DWARF: No errors.
#include <stdlib.h>

void blur(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 1; i < n - 1; i++)
    t[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
  for (int i = 2; i < n - 2; i++)
    out[i] = (t[i - 1] + t[i] + t[i + 1]) / 3.0f;
  free(t);
}
