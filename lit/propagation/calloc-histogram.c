// A histogram into a calloc'd grid (data-dependent bins: may-writes and may-reads over the
// whole grid, whose outermost size is unknown), blurred and scaled: bilateral grid's first
// stages as C writes them with calloc. The zeros that propagation writes first
// (zero_initialized.rs) cover the elements the affine reads read before any write; the
// may-reads' elements are the whole grid, unbounded, which no AST can scan: before, the
// transform failed in AST generation ("isl error"). The grid stays (it has may-writes), in
// memory the generated code takes from calloc; the blur is propagated. Outputs identical.
// RUN: clang-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "100 10" "1000 64" "0 5" "5 3" "7 1"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "100 10" "1000 64" "0 5" "5 3" "7 1"; do %t.polyprop $s; done' > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK: polyprop: function histogram_blur, function body: transformed: 1 temporaries removed
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void histogram_blur(long n, long nb, const int *bin, const float *in, float *out) {
  float *grid = calloc(2 * nb, sizeof(float));
  float *blur = malloc(sizeof(float) * 2 * nb);
  for (long c = 0; c < 2; c++)
    for (long i = 0; i < n; i++)
      grid[c * nb + bin[i]] += in[i] * (float)(c + 1);
  for (long c = 0; c < 2; c++)
    for (long b = 1; b < nb - 1; b++)
      blur[c * nb + b] = grid[c * nb + b - 1] + 2.0f * grid[c * nb + b] + grid[c * nb + b + 1];
  for (long c = 0; c < 2; c++)
    for (long b = 1; b < nb - 1; b++)
      out[c * nb + b] = 0.25f * blur[c * nb + b];
  free(grid);
  free(blur);
}

int main(int argc, char **argv) {
  long n = atol(argv[1]), nb = atol(argv[2]);
  int *bin = malloc(sizeof(int) * (n ? n : 1));
  float *in = malloc(sizeof(float) * (n ? n : 1)), *out = calloc(2 * nb + 1, sizeof(float));
  for (long i = 0; i < n; i++) { bin[i] = (int)((i * 7919) % nb); in[i] = (float)(i % 13) / 7.0f; }
  histogram_blur(n, nb, bin, in, out);
  uint64_t h = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)out;
  for (long i = 0; i < (long)sizeof(float) * 2 * nb; i++) { h ^= b[i]; h *= 1099511628211ULL; }
  printf("%016llx\n", (unsigned long long)h);
  return 0;
}
