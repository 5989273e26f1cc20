// PolyMage's `isl_floord(n, d)`, `n < 0 ? -((-n + d - 1) / d) : n / d`, in a loop bound (as
// camera pipe's generated code bounds its half-resolution stages): a select whose arms are
// each a division only on their own piece (instcombine writes the first as `(1 - n) / -2`,
// a division by a negative constant). Read on its piece, each arm is floor(n / 2), so the
// bound is affine, exactly and with no assumption (the assumed context stays empty); the
// function is transformed and its output, at odd, even and negative sizes, is the naive
// build's.
// - halves: isl_floord(R, 2) + 1 bounds the stage, R / 2 the consumer;
// - halves_long (twin): the same with `long` sizes and `int` counters, and isl_floord of
//   R - 3, which is negative for R < 3.
// RUN: clang++-14 -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: polyprop-scops: function halves,
// MODEL: assumed context: [R{{.*}}] -> { : }
// MODEL: domain: [R{{.*}}] -> { S0[i0] : R >= -2 and i0 >= 0 and 2i0 <= 2 + R }
// MODEL-LABEL: polyprop-scops: function halves_long,
// MODEL: assumed context: [R] -> { : }
// MODEL: domain: [R] -> { S0[i0] : R >= 3 and i0 >= 0 and 2i0 <= -3 + R }
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// CHECK-DAG: polyprop: function halves, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function halves_long, function body: transformed: 1 temporaries removed
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
#include <cstdio>
#include <cstdlib>
#define isl_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))

extern "C" void halves(int R, const short *in, short *out) {
  short *t = (short *)malloc(sizeof(short) * (R + 8));
  for (int _i1 = 0; (_i1 <= (isl_floord(R, 2) + 1)); _i1 = (_i1 + 1))
    t[_i1] = in[(2 * _i1)];
  for (int _i1 = 1; (_i1 <= (R / 2)); _i1 = (_i1 + 1))
    out[(_i1 - 1)] = (short)((t[(_i1 - 1)] + t[_i1]));
  free(t);
}

extern "C" void halves_long(long R, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * (R + 8));
  for (int _i1 = 0; (_i1 <= isl_floord(R - 3, 2)); _i1 = (_i1 + 1))
    t[_i1] = in[(2 * _i1)] * 0.5f;
  for (int _i1 = 0; (_i1 <= isl_floord(R - 3, 2)); _i1 = (_i1 + 1))
    out[_i1] = t[_i1] + 1.0f;
  free(t);
}

int main() {
  static short in[64], out[32];
  static float fin[64], fout[32];
  for (int k = 0; k < 64; k++) {
    in[k] = (short)(k * 37 % 101);
    fin[k] = (float)(k * 13 % 7) * 0.25f;
  }
  int sizes[] = {-5, -1, 0, 1, 2, 3, 8, 13, 20, 21};
  for (int s : sizes) {
    for (int k = 0; k < 32; k++) { out[k] = -1; fout[k] = -1.0f; }
    halves(s, in, out);
    halves_long(s, fin, fout);
    unsigned h = 0;
    for (int k = 0; k < 32; k++) h = h * 31u + (unsigned short)out[k] + (unsigned)(fout[k] * 4.0f);
    printf("R=%d %08x\n", s, h);
  }
  return 0;
}
