// A function with no SCoP (the loop calls an unknown function) exports no file.
// RUN: %ir %s -o %t.ll
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %model'polyprop-export-jscop<jscop-dir=%t.dir>' %t.ll
// RUN: ls %t.dir | count 0
void log_value(float x);
void rejected_none(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    log_value(A[i]);
}
