// Integer absolute values as camera pipe's demosaic computes gradients: C++'s std::abs(int),
// which calls the C library's `abs` (instcombine makes it `llvm.abs`), and `labs`. They are
// operations of the statement (`smax(x, 0 - x)`), not calls of the program's functions, so the
// code-complexity heuristic's call limit does not refuse propagating a temporary that holds
// two of them into a statement that reads it twice. abs of the most negative value is that
// value, as the machine's. Negative twin: an absolute value through a helper that counts its
// calls in a global may write memory: rejected naming it.
// RUN: %ir -x c++ %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: polyprop-scops: function gradients,
// MODEL: value: t[i0][i1] = i16(select(cmp_ult(binop_smax((i32(in[i0][i1]) - i32(in[i0][i1 + 2])), (0 - (i32(in[i0][i1]) - i32(in[i0][i1 + 2])))),
// MODEL-NOT: call_
// MODEL-LABEL: polyprop-scops: function
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function gradients, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function gradients_long, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function gradients_counted, function body: not transformed: rejected: call with side effects: call to {{.*}}counted_abs{{.*}} may write memory
#include <climits>
#include <cstdio>
#include <cstdlib>

extern "C" void gradients(int R, int C, const short *in, short *out) {
  short *t = (short *)malloc(sizeof(short) * (R + 2) * C);
  for (int _i1 = 0; (_i1 <= (R + 1)); _i1 = (_i1 + 1))
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1)) {
      int _ct0 = std::abs((in[((_i1 * (C + 2)) + _i2)] - in[((_i1 * (C + 2)) + (_i2 + 2))]));
      int _ct1 = std::abs((in[((_i1 * (C + 2)) + (_i2 + 1))] - in[(((_i1 + 1) * (C + 2)) + _i2)]));
      t[((_i1 * C) + _i2)] = (short)(((_ct0 < _ct1) ? _ct0 : _ct1));
    }
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      out[((_i1 * C) + _i2)] = (short)((t[((_i1 * C) + _i2)] + t[(((_i1 + 2) * C) + _i2)]));
  free(t);
}

extern "C" void gradients_long(long n, const long *in, long *out) {
  long *t = (long *)malloc(sizeof(long) * n);
  for (long i = 0; i < n; i++)
    t[i] = labs(in[i] - in[i + 1]) + labs(in[i + 1]);
  for (long i = 1; i < n; i++)
    out[i] = t[i - 1] - t[i];
  free(t);
}

static int calls;
__attribute__((noinline)) static int counted_abs(int x) {
  calls++;
  return x < 0 ? -x : x;
}

extern "C" void gradients_counted(int n, const int *in, int *out) {
  int *t = (int *)malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++)
    t[i] = counted_abs(in[i] - in[i + 1]);
  for (int i = 1; i < n; i++)
    out[i] = t[i - 1] + t[i];
  free(t);
}

int main() {
  enum { R = 13, C = 17, N = 40 };
  static short in[(R + 3) * (C + 2)], out[R * C];
  static long lin[N + 1], lout[N];
  static int iin[N + 1], iout[N];
  for (int k = 0; k < (R + 3) * (C + 2); k++) in[k] = (short)((k * 7919) % 2047 - 1023);
  for (int k = 0; k <= N; k++) {
    lin[k] = k % 3 == 0 ? LONG_MIN / 2 : (long)k * 1000003 - 20000000;
    iin[k] = k % 5 == 0 ? INT_MIN / 2 : k * 7777 - 150000;
  }
  gradients(R, C, in, out);
  gradients_long(N, lin, lout);
  gradients_counted(N, iin, iout);
  unsigned long h = 0;
  for (int k = 0; k < R * C; k++) h = h * 31 + (unsigned short)out[k];
  for (int k = 1; k < N; k++) h = h * 31 + (unsigned long)lout[k] + (unsigned)iout[k];
  printf("%016lx calls %d\n", h, calls);
  return 0;
}
