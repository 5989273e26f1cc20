// Paper 003, Figure 1 end to end: the motivating example (input in, output out, a malloc'd
// temporary tmp, a scalar s, three guarded statements in the first loop) built by clang-14 -O3
// with and without the plugin. polyprop must transform it (tmp removed) and the two binaries
// must print bit-identical hashes of out, for a size with interior points, for N = 2 (the
// smallest N whose second loop runs), 3 and 4. The AST after propagation and statement
// splitting is Figure 2's: a first instance (i = 1, tmp[0] from S1), the loop over the interior (S3 only),
// a last instance (tmp[N] from S2), and for N = 2 the one instance that reads all three.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-ast>' %t.ll | FileCheck %s --check-prefix=AST --match-full-lines --strict-whitespace
// AST:polyprop-ast: function figure1, function body
// AST-NEXT:if (N >= 3) {
// AST-NEXT:  S5_1(0);
// AST-NEXT:}
// AST-NEXT:for (long c0 = 1; c0 < N - 2; c0 += 1) {
// AST-NEXT:  S5_3(c0);
// AST-NEXT:}
// AST-NEXT:if (N >= 3) {
// AST-NEXT:  S5_2(N - 2);
// AST-NEXT:} else {
// AST-NEXT:  if (N == 2) {
// AST-NEXT:    S5_0(0);
// AST-NEXT:  }
// AST-NEXT:}
// AST-NEXT:polyprop-ast: function main, {{.*}}
// TRANSFORM: polyprop: function figure1, function body: transformed: {{[1-9][0-9]*}} temporaries removed
// TRANSFORM-NOT: polyprop: function main{{.*}}: transformed
// OUTPUT: N=1000 out [[HASH:[0-9a-f]+]]
// OUTPUT-NEXT: N=2 out [[SMALL:[0-9a-f]+]]
// OUTPUT-NEXT: N=3 out {{[0-9a-f]+}}
// OUTPUT-NEXT: N=4 out {{[0-9a-f]+}}
// OUTPUT-NEXT: N=1000 again out [[HASH]]
#include "Inputs/harness.h"

void figure1(long N, const double *in, double *out) {
  double *tmp = (double *)malloc(sizeof(double) * (N + 1));
  double s;
  for (long i = 0; i <= N; i++) {
    s = in[i] / 1.5;                                    // S0
    if (i == 0)
      tmp[i] = (2 * in[i] + in[i + 1]) / s;             // S1
    else if (i == N)
      tmp[i] = (in[i - 1] + 2 * in[i]) / s;             // S2
    else
      tmp[i] = (in[i - 1] + in[i] + in[i + 1]) / s;     // S3
  }
  for (long i = 1; i <= N - 1; i++)
    out[i] = (tmp[i - 1] + tmp[i] + tmp[i + 1]);       // S4
  free(tmp);
}

int main(void) {
  long N = 1000;
  double *in = (double *)malloc(sizeof(double) * (N + 1));
  double *out = (double *)calloc(N + 1, sizeof(double));
  harness_fill_double(in, N + 1);
  figure1(N, in, out);
  harness_print("N=1000 out", out, sizeof(double) * (N + 1));
  double small_out[3] = {0, 0, 0};
  figure1(2, in, small_out);
  harness_print("N=2 out", small_out, sizeof small_out);
  // N = 3 and 4: first and last instance with an empty or one-iteration loop between them.
  for (long n = 3; n <= 4; n++) {
    double few[5] = {0, 0, 0, 0, 0};
    figure1(n, in, few);
    printf("N=%ld ", n);
    harness_print("out", few, sizeof few);
  }
  for (long i = 0; i <= N; i++)
    out[i] = 0;
  figure1(N, in, out);
  harness_print("N=1000 again out", out, sizeof(double) * (N + 1));
  free(in);
  free(out);
  return 0;
}
