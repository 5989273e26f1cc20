// The source's own `#pragma omp parallel for`, compiled with -fopenmp, as PolyMage's generated
// code is: clang outlines each loop into a function that `__kmpc_fork_call` runs on a team.
// Where the outlined loop has a static schedule and makes no other OpenMP call, the copy the
// plugin works on runs it in one thread, inlined (`SequentialParallelLoopsPass`,
// pass/bridge/bridge.cpp), so the stages are one SCoP again; the generated code runs its own
// parallel loops on OpenMP's threads.
// - blur_long: `long` counters, flattened subscripts, `schedule(static)`;
// - blur_int: `int` counters, `float (*)[W]`, a clamped read, the pragma on the inner loop
//   of one stage;
// - lastprivate: a value the last iteration leaves, used after the loop (the runtime's
//   `*plastiter`, emulated for one thread).
// Left alone (the fork call stays, and the size it reads through a pointer it passes is no
// parameter: rejected): a reduction (`__kmpc_reduce_nowait`), a dynamic schedule
// (`__kmpc_dispatch_init_8`) and `omp_get_thread_num()`. `collapse(2)`'s loop over one
// combined counter runs in one thread like the others, and its divisions by the size leave
// the temporary in place (not transformed).
// Where the run-time check fails (blur_long with its output over its input), the function
// as it was runs, its loops on their threads (`fallBackToSource`: the source kept beside the
// copy, no longer its loops in one thread).
// Differential: outputs identical to the sequential naive build (no -fopenmp) with 1, 2 and 3
// threads, at several sizes, and the transformed code ran (trace-checks).
// RUN: %clang -O3 -Wno-unknown-pragmas %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fopenmp -fpass-plugin=%polyprop %s -o %t.omp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in 1 2 9 64 301; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in 1 2 9 64 301; do OMP_NUM_THREADS=1 %t.omp $s; done' > %t.omp1.out
// RUN: sh -c 'for s in 1 2 9 64 301; do OMP_NUM_THREADS=2 %t.omp $s; done' > %t.omp2.out
// RUN: sh -c 'for s in 1 2 9 64 301; do OMP_NUM_THREADS=3 %t.omp $s; done' > %t.omp3.out
// RUN: cmp %t.naive.out %t.omp1.out
// RUN: cmp %t.naive.out %t.omp2.out
// RUN: cmp %t.naive.out %t.omp3.out
// RUN: env POLYPROP_OPTIONS=trace-checks %clang -O3 -fopenmp -fpass-plugin=%polyprop %s -o %t.trace
// RUN: env OMP_NUM_THREADS=2 %t.trace 64 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RUN: %clang -O3 -fopenmp -fpass-plugin=%polyprop -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// Under -g: the same output, and the debug information of the copy, of the source kept
// behind its check and of the inlined loops is valid.
// RUN: %clang -O3 -g -fopenmp -fpass-plugin=%polyprop %s -o %t.g
// RUN: %t.naive 64 > %t.naive64.out
// RUN: env OMP_NUM_THREADS=2 %t.g 64 > %t.g.out
// RUN: cmp %t.naive64.out %t.g.out
// RUN: llvm-dwarfdump-14 --verify %t.g | FileCheck %s --check-prefix=DWARF
// DWARF: No errors.
// CHECK-DAG: polyprop: function blur_long, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function blur_int, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function last_private, function body: transformed: {{[0-9]+}} temporaries removed
// CHECK-DAG: polyprop: function reduction, function body: not transformed: rejected:
// CHECK-DAG: polyprop: function dynamic, function body: not transformed: rejected:
// CHECK-DAG: polyprop: function collapsed, function body: not transformed: nothing propagated
// CHECK-DAG: polyprop: function thread_numbers, function body: not transformed: rejected:
// RAN-DAG: blur_long
// RAN-DAG: blur_int
// RAN-DAG: last_private
// The generated code of blur_long runs on OpenMP's threads; so does its source's loop,
// behind the check: a fork of clang's outlined function in the fallback.
// IR-LABEL: define dso_local void @blur_long(
// IR: @__kmpc_fork_call({{.*}}@.omp_outlined.
// IR-LABEL: define internal void @blur_long.polyprop.omp.0(
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
#endif

void blur_long(long h, long w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * h * w);
#pragma omp parallel for schedule(static)
  for (long y = 0; y < h; y++)
    for (long x = 1; x < w - 1; x++)
      t[y * w + x] = in[y * w + x - 1] * 0.25f + in[y * w + x] * 0.5f + in[y * w + x + 1] * 0.25f;
#pragma omp parallel for schedule(static)
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      out[y * w + x] = t[(y - 1) * w + x] * 0.25f + t[y * w + x] * 0.5f + t[(y + 1) * w + x] * 0.25f;
  free(t);
}

void blur_int(int n, float (*in)[n], float (*out)[n]) {
  float (*t)[n] = malloc(sizeof(float) * n * n);
  for (int y = 0; y < n; y++)
#pragma omp parallel for
    for (int x = 0; x < n; x++)
      t[y][x] = in[y][x] * 2.0f + in[y][x < n - 1 ? x + 1 : n - 1];
#pragma omp parallel for
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      out[y][x] = t[y][x] - t[y > 0 ? y - 1 : 0][x];
  free(t);
}

float last_private(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  float last = -1.0f;
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < n; i++) {
    t[i] = in[i] * 3.0f;
    last = in[i];
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
  return last;
}

float reduction(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  float sum = 0.0f;
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 3.0f;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++)
    sum += (float)(i % 3);
  for (int i = 0; i < n; i++)
    out[i] = t[i] + sum;
  free(t);
  return sum;
}

void dynamic(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
#pragma omp parallel for schedule(dynamic, 4)
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 3.0f;
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

void collapsed(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n * n);
#pragma omp parallel for collapse(2)
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      t[y * n + x] = in[y * n + x] * 3.0f;
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      out[y * n + x] = t[y * n + x] + 1.0f;
  free(t);
}

void thread_numbers(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    t[i] = in[i] * (float)(omp_get_thread_num() >= 0);
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

static double sum(const float *p, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += p[i] * (double)(i % 5 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
  long e = (long)n * n;
  float *in = malloc(sizeof(float) * e), *out = calloc(e, sizeof(float));
  for (long i = 0; i < e; i++)
    in[i] = (float)((i * 37) % 101) * 0.125f - 3.0f;
  blur_long(n, n, in, out);
  printf("n %d: blur_long %.9g", n, sum(out, e));
  float *in_place = malloc(sizeof(float) * e);
  for (long i = 0; i < e; i++)
    in_place[i] = in[i];
  blur_long(n, n, in_place, in_place);
  printf(" in place %.9g", sum(in_place, e));
  free(in_place);
  blur_int(n, (float (*)[n])in, (float (*)[n])out);
  printf(" blur_int %.9g", sum(out, e));
  float last = last_private(n, in, out);
  printf(" last %.9g %.9g", last, sum(out, n));
  float total = reduction(n, in, out);
  printf(" reduction %.9g %.9g", total, sum(out, n));
  dynamic(n, in, out);
  printf(" dynamic %.9g", sum(out, n));
  collapsed(n, in, out);
  printf(" collapsed %.9g", sum(out, e));
  thread_numbers(n, in, out);
  printf(" threads %.9g\n", sum(out, n));
  free(in);
  free(out);
  return 0;
}
