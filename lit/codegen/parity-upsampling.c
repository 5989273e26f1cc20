// Upsampling written over the output column, one statement per parity, as PolyMage generates
// it (`if (x % 2 == 0) ... if (x % 2 == 1) ...` in a loop over 2w columns, `int` counters,
// flattened subscripts): a blurred temporary t, then out[y][x] from t[y][x/2 - 1 .. x/2 + 1].
// The column loop is re-indexed to count pairs of columns (polyhedral/src/lattice.rs), so the
// two statements become out[y][2x] and out[y][2x + 1], their reads shifts of t[y][x] along x:
// each gets an interior and carries its reads in recurrences, as the C programmer's loop over
// w does. checkerboard's parity is of x + y, whose residue depends on the row: left as it is.
// ternary writes the parity as `c ? a : b` over `T (*)[w]` arrays: a scalar written on each
// side and one statement for every column, which propagating the scalar splits along the sides;
// the loop is re-indexed after propagation.
// Outputs identical at every size, the new code runs (RAN).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "1 1" "2 3" "5 4" "17 9" "64 33" "0 5"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "2 3" "5 4" "17 9" "64 33" "0 5"; do %t.pp $s; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of parity_upsample$' %t.trace | FileCheck %s --check-prefix=RAN
// RUN: grep -c 'new code of checkerboard$' %t.trace | FileCheck %s --check-prefix=RAN
// RUN: grep -c 'new code of ternary$' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK: polyprop: function parity_upsample, function body: transformed: 1 temporaries removed, {{[0-9]+}} statements, 1 strided loops re-indexed{{.*}}; carried in recurrences: [[EVEN:S[0-9_]+]]_interior [[ODD:S[0-9_]+]]_interior: {{[0-9]+}} recurrences
// CHECK: polyprop: function ternary, function body: transformed: 2 temporaries removed, {{[0-9]+}} statements, 1 strided loops re-indexed{{$}}
// CHECK: polyprop: function checkerboard, function body: transformed: 1 temporaries removed, {{[0-9]+}} statements
// CHECK-NOT: re-indexed
// CHECK-SAME: {{$}}
// RAN: 6
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

__attribute__((noinline)) void parity_upsample(int h, int w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = (in[y * w + MAX(x - 1, 0)] + in[y * w + x] * 2.0f + in[y * w + MIN(x + 1, w - 1)]) * 0.25f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < 2 * w; x++) {
      if (x % 2 == 0)
        out[y * 2 * w + x] = (t[y * w + MAX(x / 2 - 1, 0)] + t[y * w + x / 2] * 6.0f + t[y * w + MIN(x / 2 + 1, w - 1)]) * 0.125f;
      if (x % 2 == 1)
        out[y * 2 * w + x] = (t[y * w + x / 2] + t[y * w + MIN((x + 1) / 2, w - 1)]) * 0.5f;
    }
  free(t);
}

__attribute__((noinline)) void ternary(int h, int w, const float *in_, float *out_) {
  const float (*in)[w] = (const float (*)[w])in_;
  float (*out)[2 * w] = (float (*)[2 * w])out_;
  float (*t)[w] = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y][x] = in[y][x] * 2.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < 2 * w; x++)
      out[y][x] = (x % 2 == 0) ? t[y][x / 2] : (t[y][x / 2] + t[y][x / 2 < w - 1 ? x / 2 + 1 : w - 1]) * 0.5f;
  free(t);
}

__attribute__((noinline)) void checkerboard(int h, int w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = in[y * w + x] * 0.5f + 1.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < 2 * w; x++) {
      if ((x + y) % 2 == 0)
        out[y * 2 * w + x] = t[y * w + x / 2] * 3.0f;
      if ((x + y) % 2 == 1)
        out[y * 2 * w + x] = t[y * w + x / 2] + t[y * w + MIN((x + 1) / 2, w - 1)];
    }
  free(t);
}

static void print_hash(int h, int w, const float *out) {
  uint64_t hash = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t k = 0; k < sizeof(float) * 2 * (size_t)h * (size_t)w; k++) hash = (hash ^ b[k]) * 1099511628211ull;
  printf("%d %d %016llx\n", h, w, (unsigned long long)hash);
}

int main(int argc, char **argv) {
  int h = atoi(argv[1]), w = atoi(argv[2]);
  float *in = malloc(sizeof(float) * h * w + 4), *out = calloc(2 * (size_t)h * w + 1, sizeof(float));
  for (int i = 0; i < h * w; i++)
    in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  parity_upsample(h, w, in, out);
  print_hash(h, w, out);
  ternary(h, w, in, out);
  print_hash(h, w, out);
  checkerboard(h, w, in, out);
  print_hash(h, w, out);
  return 0;
}
