// Line buffers (issue 18): a stage the cost model keeps (100 multiply-adds per element, read at
// three rows: propagated, each element would be computed three times) is stored as the rows
// its reader still needs, inside the reader's loops, where isl proves it legal.
// - vblur_int: int counters, flattened subscripts, clamps written as ternaries: 3 rows of w;
// - vblur_vla: long counters, `float (*)[w]` arrays, a halo instead of clamps (rows y .. y + 2
//   of a stage of h + 2 rows): 3 rows of w;
// - vblur_ahead: reads at rows y + 1 to y + 3 only, clamped to the last row: the producer
//   runs 3 rows ahead and the buffer keeps 4 (at the last row, the reads are of row y);
// - two_readers: a second nest reads the stage too (rows in reverse): kept whole;
// - transposed: the reader reads the stage's columns as rows (at three columns): kept whole;
// - overwritten_input: a stage between the two overwrites the producer's input, so the
//   producer cannot move after it: kept whole.
// Outputs identical to the naive build at sizes where the clamps cut one row or several and
// where the image has fewer rows than the buffer; and with line-buffers=off, which keeps
// every stage whole. Where the function gets parallel code (`parallel=on`, or -fopenmp), or
// is rescheduled (`schedule`), no buffer is built: one buffer would serve every iteration of
// the loops around it.
// RUN: %clang -O3 %s -o %t.naive
// RUN: %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop
// RUN: env POLYPROP_OPTIONS='line-buffers=off' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.off
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: %t.off > %t.off.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: cmp %t.naive.out %t.off.out
// RUN: env POLYPROP_OPTIONS='print=transform' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: env POLYPROP_OPTIONS='print=propagation' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROP
// RUN: env POLYPROP_OPTIONS='line-buffers=off;print=transform' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env POLYPROP_OPTIONS='parallel=on;print=propagation;print=transform' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env POLYPROP_OPTIONS='schedule;print=propagation;print=transform' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// TRANSFORM-DAG: function vblur_int, function body: transformed: {{.*}}; line buffers: t[3][w]
// TRANSFORM-DAG: function vblur_vla, function body: transformed: {{.*}}; line buffers: t[3][w]
// TRANSFORM-DAG: function vblur_ahead, function body: transformed: {{.*}}; line buffers: t[4][w]
// PROP-LABEL: function vblur_int, function body
// PROP: t (temporary): not propagated: cost model: evaluated 3.00 times per element
// PROP: line buffer t: S{{[0-9]+}} fused into its readers' loops i0 (line i0, 1 iterations ahead), kept [3][*]
// A buffer of 3 rows of w elements has a parametric size: still one of the arrays left.
// PROP: arrays: 3 before propagation, 3 after: t, out, in{{$}}
// PROP-LABEL: function vblur_vla, function body
// PROP: line buffer t: S{{[0-9]+}} fused into its readers' loops i0 (line i0, 2 iterations ahead), kept [3][*]
// PROP-LABEL: function vblur_ahead, function body
// PROP: line buffer t: S{{[0-9]+}} fused into its readers' loops i0 (line i0, 3 iterations ahead), kept [4][*]
// PROP-LABEL: function two_readers, function body
// PROP: t kept whole, no line buffer: its readers are not in one nest after its writer's
// PROP-LABEL: function transposed, function body
// PROP: t kept whole, no line buffer: no loop with loops inside that its readers share with its writer reads it within a window of 2 to 32 iterations
// PROP-LABEL: function overwritten_input, function body
// PROP: t kept whole, no line buffer: fusing its writer into its readers' nest is illegal: S{{[0-9]+}} and S{{[0-9]+}} access an element in the other order
// OFF-NOT: {{line buffer t|line buffers:}}
#include <stdio.h>
#include <stdlib.h>

/* 100 multiply-adds, as statements of the loop body (a helper of this size is not inlined
   before the pass runs). */
#define STEP v = v * 0.999f + 0.001f;
#define STEP10 STEP STEP STEP STEP STEP STEP STEP STEP STEP STEP
#define STEP50 STEP10 STEP10 STEP10 STEP10 STEP10
#define HEAVY(dst, src) { float v = (src); STEP50 STEP50 dst = v; }

void vblur_int(int h, int w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      HEAVY(t[y * w + x], in[y * w + x])
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[(y > 0 ? y - 1 : 0) * w + x] * 0.25f + t[y * w + x] * 0.5f +
                       t[(y < h - 1 ? y + 1 : h - 1) * w + x] * 0.25f;
  free(t);
}

void vblur_vla(long h, long w, float (*in)[w], float (*out)[w]) {
  float (*t)[w] = malloc(sizeof(float) * (h + 2) * w);
  for (long y = 0; y < h + 2; y++)
    for (long x = 0; x < w; x++)
      HEAVY(t[y][x], in[y][x])
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y][x] = t[y][x] * 0.25f + t[y + 1][x] * 0.5f + t[y + 2][x] * 0.25f;
  free(t);
}

void vblur_ahead(int h, int w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      HEAVY(t[y * w + x], in[y * w + x])
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[(y + 1 < h ? y + 1 : h - 1) * w + x] - t[(y + 3 < h ? y + 3 : h - 1) * w + x] +
                       t[(y + 2 < h ? y + 2 : h - 1) * w + x] * 0.5f;
  free(t);
}

void two_readers(int h, int w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      HEAVY(t[y * w + x], in[y * w + x])
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[(y > 0 ? y - 1 : 0) * w + x] + t[y * w + x] + t[(y < h - 1 ? y + 1 : h - 1) * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] += t[(h - 1 - y) * w + x];
  free(t);
}

void transposed(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n * n);
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      HEAVY(t[y * n + x], in[y * n + x])
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      out[y * n + x] = t[x * n + y] + t[x * n + (y > 0 ? y - 1 : 0)] + t[x * n + (y < n - 1 ? y + 1 : n - 1)];
  free(t);
}

void overwritten_input(int h, int w, float *in, float *out) {
  float *t = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      HEAVY(t[y * w + x], in[y * w + x])
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      in[y * w + x] = 0.5f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[(y > 0 ? y - 1 : 0) * w + x] + t[y * w + x] + t[(y < h - 1 ? y + 1 : h - 1) * w + x];
  free(t);
}

static unsigned long sum(const float *a, long n) {
  unsigned long s = 0;
  for (long i = 0; i < n; i++) {
    union { float f; unsigned u; } x = {a[i]};
    s = s * 31 + x.u;
  }
  return s;
}

int main(void) {
  static const int sizes[][2] = {{1, 1}, {2, 3}, {3, 5}, {7, 4}, {33, 20}};
  for (int k = 0; k < 5; k++) {
    int h = sizes[k][0], w = sizes[k][1];
    float *in = malloc(sizeof(float) * (h + 2) * w), *out = malloc(sizeof(float) * h * w);
    float *sq_in = malloc(sizeof(float) * h * h), *sq_out = malloc(sizeof(float) * h * h);
    for (long i = 0; i < (long)(h + 2) * w; i++)
      in[i] = (float)((i * 7919 + k * 31) % 1013) / 97.0f - 3.0f;
    for (long i = 0; i < (long)h * h; i++)
      sq_in[i] = (float)((i * 104729 + k) % 997) / 89.0f;
    vblur_int(h, w, in, out);
    printf("%d %d int %lx\n", h, w, sum(out, (long)h * w));
    vblur_vla(h, w, (float (*)[w])in, (float (*)[w])out);
    printf("%d %d vla %lx\n", h, w, sum(out, (long)h * w));
    vblur_ahead(h, w, in, out);
    printf("%d %d ahead %lx\n", h, w, sum(out, (long)h * w));
    two_readers(h, w, in, out);
    printf("%d %d two %lx\n", h, w, sum(out, (long)h * w));
    transposed(h, sq_in, sq_out);
    printf("%d transposed %lx\n", h, sum(sq_out, (long)h * h));
    overwritten_input(h, w, in, out);
    printf("%d %d overwritten %lx %lx\n", h, w, sum(out, (long)h * w), sum(in, (long)h * w));
    free(in), free(out), free(sq_in), free(sq_out);
  }
  return 0;
}
