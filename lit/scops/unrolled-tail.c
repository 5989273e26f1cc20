// A loop unrolled by hand, with a scalar tail that starts where the unrolled loop stopped:
// for (x = 0; x + 1 < w; x += 2) {...}  for (; x < w; x++) {...}. After loop rotation the
// tail's start is a phi of the unrolled loop's exit value (a loop-closed phi, read at the
// tail's scope: affinator::exit_value) and of its start, where the guard skipped it; the model
// reads it as max(2 + 2 * floor((w - 2) / 2), 0), each arm on its side of the guard
// (affinator::guarded_loop_exit), without assumptions, so that the function is one SCoP and
// its temporaries are propagated. The tail of the pairs runs once where w is odd; that of the
// quads w mod 4 times.
// - pairs_int: int counters, flattened subscripts, double temporaries, unrolled by 2;
// - quads_long: long counters, float (*)[w] arrays, unrolled by 4, tail with a clamp.
// Outputs identical to the naive build for widths 1 to 9 (the tail's length 0 to 3, loops
// that do not run) and a larger one.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function pairs_int, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function quads_long, function body: transformed: 1 temporaries removed
// MODEL-LABEL: polyprop-scops: function pairs_int, function body
// MODEL: assumed context: [h, w] -> { : }
// MODEL: domain: [h, w] -> { S2[i0, 0] : (1 + w) mod 2 = 0 and w > 0 and 0 <= i0 < h }
// MODEL-LABEL: polyprop-scops: function quads_long, function body
// MODEL: assumed context: [h, w] -> { : }
// MODEL: domain: [h, w] -> { S4[i0, i1] : w >= 0 and 0 <= i0 < h and i1 >= 0 and 4*floor((w)/4) < w - i1 }
#include <stdio.h>
#include <stdlib.h>

void pairs_int(int w, int h, const float *in, float *out) {
  double *t1 = malloc(sizeof(double) * w * h);
  double *t2 = malloc(sizeof(double) * w * h);
  for (int y = 0; y < h; y++) {
    int x = 0;
    for (; x + 1 < w; x += 2) {
      int xl = x > 0 ? x - 1 : 0;
      int xr = x + 2 < w ? x + 2 : w - 1;
      t1[y * w + x] = ((double)in[y * w + xl] + in[y * w + x] + in[y * w + x + 1]) / 3.0;
      t1[y * w + x + 1] = ((double)in[y * w + x] + in[y * w + x + 1] + in[y * w + xr]) / 3.0;
    }
    for (; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0;
      t1[y * w + x] = ((double)in[y * w + xl] + in[y * w + x] + in[y * w + x]) / 3.0;
    }
  }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      t2[y * w + x] = (t1[yu * w + x] + t1[y * w + x] + t1[yd * w + x]) / 3.0;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = (float)(in[y * w + x] + 0.5 * (in[y * w + x] - t2[y * w + x]));
  free(t1);
  free(t2);
}

void quads_long(long w, long h, const float (*in)[w], float (*out)[w]) {
  float (*t)[w] = malloc(sizeof(float) * w * h);
  for (long y = 0; y < h; y++) {
    long x = 0;
    for (; x + 3 < w; x += 4) {
      t[y][x] = in[y][x] * 2.0f;
      t[y][x + 1] = in[y][x + 1] * 2.0f;
      t[y][x + 2] = in[y][x + 2] * 2.0f;
      t[y][x + 3] = in[y][x + 3] * 2.0f;
    }
    for (; x < w; x++)
      t[y][x] = in[y][x] * 2.0f;
  }
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y][x] = t[y][x] + t[y][x < w - 1 ? x + 1 : x] + 1.0f;
  free(t);
}

int main(void) {
  static const int widths[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 37};
  for (int s = 0; s < 10; s++) {
    int w = widths[s], h = 3 + s % 4;
    float *in = malloc(sizeof(float) * w * h), *a = malloc(sizeof(float) * w * h), *b = malloc(sizeof(float) * w * h);
    for (int i = 0; i < w * h; i++)
      in[i] = (float)((i * 7919 + 13 * s) % 1000) / 37.0f;
    pairs_int(w, h, in, a);
    quads_long(w, h, (const float (*)[w])in, (float (*)[w])b);
    double sum = 0;
    for (int i = 0; i < w * h; i++)
      sum = sum * 0.75 + a[i] + 3.0 * b[i];
    printf("%d x %d: %.17g\n", w, h, sum);
    free(in);
    free(a);
    free(b);
  }
  return 0;
}
