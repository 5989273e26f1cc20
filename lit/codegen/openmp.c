// Parallel loops of the generated code (paper 003, section 5.2): compiled with -fopenmp, the
// outermost parallel loop of each generated nest runs on OpenMP threads
// (`__kmpc_fork_call` of an outlined `<function>.polyprop.omp.<k>`, static shares from
// `__kmpc_for_static_init_8`); without -fopenmp, or with parallel=off, no OpenMP call is
// emitted and the program links without libomp; parallel=on asks for it without -fopenmp.
// A loop that carries a dependence stays sequential (recurrence: no fork in its function),
// and a loop of three iterations leaves its parallelism to the loop inside (channels).
// Differential: outputs identical to the naive build with 1, 2 and 3 threads, and under -g
// (a subprogram of its own for each outlined function: llvm-dwarfdump --verify).
// Styles: `long` and `int` counters, `float (*)[W]`, flattened subscripts, a loop nest inside
// a larger function (versioned in place), a value returned.
// RUN: %clang -O3 %s -o %t.naive
// RUN: %t.naive > %t.naive.out
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fopenmp -fpass-plugin=%polyprop %s -o %t.omp 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.omp1.out
// RUN: env OMP_NUM_THREADS=2 %t.omp > %t.omp2.out
// RUN: env OMP_NUM_THREADS=3 %t.omp > %t.omp3.out
// RUN: cmp %t.naive.out %t.omp1.out
// RUN: cmp %t.naive.out %t.omp2.out
// RUN: cmp %t.naive.out %t.omp3.out
// RUN: %clang -O3 -fopenmp -fpass-plugin=%polyprop -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -O3 -fpass-plugin=%polyprop -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SEQ
// RUN: env POLYPROP_OPTIONS=parallel=off %clang -O3 -fopenmp -fpass-plugin=%polyprop -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SEQ
// RUN: env POLYPROP_OPTIONS=parallel=on %clang -O3 -fpass-plugin=%polyprop -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -O3 -g -fopenmp -fpass-plugin=%polyprop %s -o %t.g
// RUN: env OMP_NUM_THREADS=2 %t.g > %t.g.out
// RUN: cmp %t.naive.out %t.g.out
// RUN: llvm-dwarfdump-14 --verify %t.g | FileCheck %s --check-prefix=DWARF
// RUN: %ir %s -o %t.ll
// RUN: %opt -disable-output -passes='function(polyprop-canonicalize,print<polyprop-ast<parallel=on>>)' %t.ll 2>&1 | FileCheck %s --check-prefix=AST
// CHECK-DAG: polyprop: function blur, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function channels, function body: transformed: {{[0-9]+}} temporaries removed
// CHECK-DAG: polyprop: function recurrence, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function frames, loop nest{{.*}}: transformed: {{[0-9]+}} temporaries removed
// IR-DAG: define internal void @blur.polyprop.omp.0(
// IR-DAG: define internal void @channels.polyprop.omp.0(
// IR-DAG: define internal void @frames.polyprop.{{.*}}.omp.0(
// IR-DAG: call void @__kmpc_for_static_init_8(
// IR-DAG: call void {{.*}}@__kmpc_fork_call(
// IR-NOT: @recurrence.polyprop.omp
// SEQ-NOT: __kmpc
// SEQ-NOT: polyprop.omp
// DWARF: No errors.
// AST-LABEL: function channels
// AST: for (long c0 = 0; c0 <= 2; c0 += 1) {
// AST-NEXT: #pragma omp parallel for
// AST-LABEL: function recurrence
// AST-NOT: #pragma
// AST: function frames
#include "Inputs/harness.h"

#define W 37

// `long` counters, `float (*)[W]`: rows are independent.
void blur(long n, float (*in)[W], float (*out)[W]) {
  float (*t)[W] = malloc(sizeof(float) * n * W);
  for (long i = 0; i < n; i++)
    for (long j = 1; j < W - 1; j++)
      t[i][j] = in[i][j - 1] + 2.0f * in[i][j] + in[i][j + 1];
  for (long i = 0; i < n; i++)
    for (long j = 1; j < W - 1; j++)
      out[i][j] = t[i][j] * 0.25f;
  free(t);
}

// `int` counters, flattened subscripts over three channels.
void channels(int n, int m, const float *in, float *out) {
  float *t = malloc(sizeof(float) * 3 * n * m);
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        t[(c * n + i) * m + j] = in[(c * n + i) * m + j] * (c + 1);
  for (int c = 0; c < 3; c++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        out[(c * n + i) * m + j] = t[(c * n + i) * m + j] - 0.5f;
  free(t);
}

// Each element depends on the one before: no loop is parallel.
void recurrence(long n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] * 3.0f;
  out[0] = t[0];
  for (long i = 1; i < n; i++)
    out[i] = out[i - 1] * 0.5f + t[i];
  free(t);
}

// A nest inside a function that prints: versioned in place; the frame loop carries the
// updates of out, the rows inside it run in parallel.
float frames(int count, int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n * W);
  printf("frames %d\n", count);
  for (int f = 0; f < count; f++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < W; j++)
        t[i * W + j] = in[i * W + j] + f;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < W; j++)
        out[i * W + j] = 0.5f * out[i * W + j] + t[i * W + j] * t[i * W + j];
  }
  free(t);
  return out[(n - 1) * W + 1];
}

int main(void) {
  for (long n = 1; n <= 65; n += 16) {
    // Three channels of n rows for channels; the others use the first n rows.
    float(*in)[W] = malloc(sizeof(float) * 3 * n * W), (*out)[W] = calloc(3 * n * W, sizeof(float));
    harness_fill_float(&in[0][0], 3 * n * W);
    blur(n, in, out);
    harness_print("blur", out, sizeof(float) * n * W);
    channels((int)n, W, &in[0][0], &out[0][0]);
    harness_print("channels", out, sizeof(float) * 3 * n * W);
    recurrence(n * W, &in[0][0], &out[0][0]);
    harness_print("recurrence", out, sizeof(float) * n * W);
    printf("frames %a\n", frames(2, (int)n, &in[0][0], &out[0][0]));
    harness_print("frames", out, sizeof(float) * n * W);
    free(in);
    free(out);
  }
  return 0;
}
