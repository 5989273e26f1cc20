// harris as ordinary C: `int` sizes and counters (sign extensions in every subscript),
// `const float *` and `float *` arguments, and the borders clamped by a helper function with
// ternaries (inlined before modeling). polyprop must transform it like the `long` version in
// harris.c; the binaries built by clang-14 -O3 with and without the plugin print bit-identical
// hashes, for disjoint and overlapping buffers and small sizes.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// TRANSFORM: polyprop: function pipeline_harris, function body: transformed: {{[1-9][0-9]*}} temporaries removed
#include "Inputs/harness.h"
// The clamped row and column of a neighbour, through a helper function.
static inline int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
#define ROW(i) clampi((i), 0, R - 1)
#define COL(j) clampi((j), 0, C - 1)

void pipeline_harris(int R, int C, const float *in, float *out) {
  float *Ix = malloc(sizeof(float) * R * C);
  float *Iy = malloc(sizeof(float) * R * C);
  float *Ixx = malloc(sizeof(float) * R * C);
  float *Ixy = malloc(sizeof(float) * R * C);
  float *Iyy = malloc(sizeof(float) * R * C);
  float *Sxx = malloc(sizeof(float) * R * C);
  float *Sxy = malloc(sizeof(float) * R * C);
  float *Syy = malloc(sizeof(float) * R * C);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      Ix[i * C + j] = (in[ROW(i + 1) * C + COL(j - 1)] - in[ROW(i - 1) * C + COL(j - 1)]) * 0.0833f +
                      (in[ROW(i + 1) * C + j] - in[ROW(i - 1) * C + j]) * 0.1666f +
                      (in[ROW(i + 1) * C + COL(j + 1)] - in[ROW(i - 1) * C + COL(j + 1)]) * 0.0833f;
      Iy[i * C + j] = (in[ROW(i - 1) * C + COL(j + 1)] - in[ROW(i - 1) * C + COL(j - 1)]) * 0.0833f +
                      (in[i * C + COL(j + 1)] - in[i * C + COL(j - 1)]) * 0.1666f +
                      (in[ROW(i + 1) * C + COL(j + 1)] - in[ROW(i + 1) * C + COL(j - 1)]) * 0.0833f;
    }
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      Ixx[i * C + j] = Ix[i * C + j] * Ix[i * C + j];
      Ixy[i * C + j] = Ix[i * C + j] * Iy[i * C + j];
      Iyy[i * C + j] = Iy[i * C + j] * Iy[i * C + j];
    }
  for (int i = 1; i < R - 1; i++)
    for (int j = 1; j < C - 1; j++) {
      Sxx[i * C + j] = Ixx[(i - 1) * C + j - 1] + Ixx[(i - 1) * C + j] + Ixx[(i - 1) * C + j + 1] +
                       Ixx[i * C + j - 1] + Ixx[i * C + j] + Ixx[i * C + j + 1] +
                       Ixx[(i + 1) * C + j - 1] + Ixx[(i + 1) * C + j] + Ixx[(i + 1) * C + j + 1];
      Sxy[i * C + j] = Ixy[(i - 1) * C + j - 1] + Ixy[(i - 1) * C + j] + Ixy[(i - 1) * C + j + 1] +
                       Ixy[i * C + j - 1] + Ixy[i * C + j] + Ixy[i * C + j + 1] +
                       Ixy[(i + 1) * C + j - 1] + Ixy[(i + 1) * C + j] + Ixy[(i + 1) * C + j + 1];
      Syy[i * C + j] = Iyy[(i - 1) * C + j - 1] + Iyy[(i - 1) * C + j] + Iyy[(i - 1) * C + j + 1] +
                       Iyy[i * C + j - 1] + Iyy[i * C + j] + Iyy[i * C + j + 1] +
                       Iyy[(i + 1) * C + j - 1] + Iyy[(i + 1) * C + j] + Iyy[(i + 1) * C + j + 1];
    }
  for (int i = 1; i < R - 1; i++)
    for (int j = 1; j < C - 1; j++) {
      float det = Sxx[i * C + j] * Syy[i * C + j] - Sxy[i * C + j] * Sxy[i * C + j];
      float trace = Sxx[i * C + j] + Syy[i * C + j];
      out[(i - 1) * (C - 2) + j - 1] = det - 0.04f * trace * trace;
    }
  free(Ix);
  free(Iy);
  free(Ixx);
  free(Ixy);
  free(Iyy);
  free(Sxx);
  free(Sxy);
  free(Syy);
}

int main(void) {
  long R = 31, C = 43;
  long out_size = (R - 2) * (C - 2), shared_size = R * C + out_size;
  float *in = (float *)malloc(sizeof(float) * R * C);
  float *out = (float *)calloc(out_size, sizeof(float));
  harness_fill_float(in, R * C);
  pipeline_harris(R, C, in, out);
  harness_print("disjoint out", out, sizeof(float) * out_size);
  float *shared = (float *)malloc(sizeof(float) * shared_size);
  harness_fill_float(shared, shared_size);
  pipeline_harris(R, C, shared, shared + 1);
  harness_print("overlapping out = in + 1", shared, sizeof(float) * shared_size);
  harness_fill_float(shared, shared_size);
  pipeline_harris(R, C, shared, shared + R * C / 2);
  harness_print("overlapping out = in + R*C/2", shared, sizeof(float) * shared_size);
  // Small sizes: no interior point (R or C below 3), one, and a single column.
  long sizes[][2] = {{1, 1}, {2, 5}, {3, 3}, {4, 1}, {5, 2}, {3, 17}};
  for (int s = 0; s < 6; s++) {
    harness_fill_float(shared, shared_size);
    pipeline_harris(sizes[s][0], sizes[s][1], shared, shared + shared_size / 2);
    printf("R=%ld C=%ld ", sizes[s][0], sizes[s][1]);
    harness_print("buffer", shared, sizeof(float) * shared_size);
  }
  free(shared);
  free(in);
  free(out);
  return 0;
}
