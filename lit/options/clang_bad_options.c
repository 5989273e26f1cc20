// Bad POLYPROP_OPTIONS in a clang build: one line on stderr, polyprop disabled (nothing
// printed), and the compilation still succeeds. 'disable' turns the printers off.
// RUN: env POLYPROP_OPTIONS='print=bogus' %clang -O2 -fpass-plugin=%polyprop -c %s -o %t.o 2>%t.err | count 0
// RUN: FileCheck %s --check-prefix=STAGE < %t.err
// RUN: env POLYPROP_OPTIONS='bogus' %clang -O2 -fpass-plugin=%polyprop -c %s -o %t.o 2>%t.err | count 0
// RUN: FileCheck %s --check-prefix=PARAM < %t.err
// RUN: env POLYPROP_OPTIONS='disable;print=scops' %clang -O2 -fpass-plugin=%polyprop -c %s -o %t.o 2>&1 | count 0
void clang_bad_options(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i] = 0.0f;
}
// STAGE: polyprop: unknown stage 'bogus' in print= (known: detect, scops, deps, deps-dot, propagation, transform, profile, time) (in POLYPROP_OPTIONS); polyprop disabled
// PARAM: polyprop: unknown pass parameter 'bogus' (known: quota, disable, print, jscop-dir, import-jscop, profile, cache-line, cache-limit, split-limit, dependence-limit, expression-limit, cost, recompute-limit, keep, propagate, clamped-reads, line-buffers, recurrences, parallel, schedule, schedule-cost, tile-size, lang, trace-checks) (in POLYPROP_OPTIONS); polyprop disabled
