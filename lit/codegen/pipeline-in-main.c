// A whole pipeline written in `main`, as a small program or a benchmark writes it: sizes
// read with atoi, arrays malloc'd, the input filled by a static function, three stages, a
// checksum reduction printed at the end. The body is no SCoP (its loop bounds come from
// strtol inside it); the sequence of nests is, from the first loop's guard to the last
// stage's exit:
// - the guard is in the function's first block, which the run-time check cannot precede:
//   canonicalization gives it a block of its own (polyprop-split-entry-guard);
// - the checksum's exit phi takes 0 or the sum from inside: no sequence ends after it
//   (Region::loop_sequence), the one before it does;
// - the fill loop runs to `(size_t)w * h` of `int` sizes read by atoi, sign extensions that
//   instcombine writes `ashr (shl x, 32), 32`: scalar evolution sees through them, and the
//   fill becomes rows like the stencils' (polyprop-rows-of-flat-loops), so the new code
//   runs for every size, not only one row.
// The input and both temporaries are removed (the input is written and read only there);
// outputs identical and the new code runs at every size, empty ones included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.pp $s; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of main' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK: polyprop: function main, function body: not transformed: rejected: non-affine loop bound
// CHECK: polyprop: function main, loop nests: transformed:
// RAN: 6
#include <stdio.h>
#include <stdlib.h>

static void fill(float *a, size_t n) {
  for (size_t i = 0; i < n; i++)
    a[i] = (float)((i * 7919 + 13) % 1000) / 37.0f;
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  float *in = malloc(sizeof(float) * w * h + 1), *out = malloc(sizeof(float) * w * h + 1);
  float *t1 = malloc(sizeof(float) * w * h + 1), *t2 = malloc(sizeof(float) * w * h + 1);
  fill(in, (size_t)w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      t1[y * w + x] = (in[y * w + xl] + in[y * w + x] + in[y * w + xr]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      t2[y * w + x] = (t1[yu * w + x] + t1[y * w + x] + t1[yd * w + x]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t2[y * w + x]);
  double s = 0;
  for (int i = 0; i < w * h; i++)
    s += out[i] * (i % 7);
  printf("%d %d %.17g\n", w, h, s);
  free(in);
  free(out);
  free(t1);
  free(t2);
  return 0;
}
