// Loop bounds read from a struct only inside the loops (`for y < in->h` around `for x < in->w`:
// `in->w` is read where `in->h > 0`, not at the region's entry), as Rodinia-style code and
// most C with structs write them. The field is a parameter that the source reads under the
// loops' guards: the run-time check reads it after a branch on where the source reads it
// (`in->h > 0`), then tests the rest; a field the region may write stays a reason.
// - rows_inside: `int` fields, `int` counters, flattened subscripts: transformed.
// - flat_inside: the row length `in->w` in the subscripts too (`y * in->w + x`): transformed.
// - nested_inside: `long` fields of an image reached through a context struct
//   (`c->img->w` inside the row loop), `long` counters, a `float (*)[W]` temporary: transformed.
// - narrowing (negative twin): each row narrows the image (`in->w` written in the loop over
//   rows; another field counts the rows, which does not matter): rejected, with the bound as
//   the reason.
// Outputs identical to the naive build at four sizes, among them 0 rows (the guard fails and
// the original code runs) and 0 columns.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform' %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: cmp %t.naive.out %t.pp.out
// CHECK-DAG: polyprop: function rows_inside, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function flat_inside, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function nested_inside, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function narrowing, function body: not transformed: rejected: non-affine loop bound: loop bound: value computed inside the region
#include "Inputs/harness.h"

#define MAXH 40
#define MAXW 48

struct image {
  int h, w;
  float *data;
};

struct wide_image {
  long h, w;
  float *data;
};

struct context {
  struct wide_image *img;
  float *out;
};

struct counted_image {
  int h, w, rows_done;
  float *data;
};

__attribute__((noinline)) void rows_inside(const struct image *in, float *out) {
  float *tmp = malloc(sizeof(float[MAXH][MAXW]));
  for (int y = 0; y < in->h; y++)
    for (int x = 0; x < in->w; x++)
      tmp[y * MAXW + x] = in->data[y * MAXW + x] * 0.5f + 1.0f;
  for (int y = 0; y < in->h; y++)
    for (int x = 1; x < in->w - 1; x++)
      out[y * MAXW + x] = tmp[y * MAXW + x - 1] + tmp[y * MAXW + x] + tmp[y * MAXW + x + 1];
  free(tmp);
}

__attribute__((noinline)) void flat_inside(const struct image *in, float *out) {
  float *tmp = malloc(sizeof(float[MAXH][MAXW]));
  for (int y = 0; y < in->h; y++)
    for (int x = 0; x < in->w; x++)
      tmp[y * in->w + x] = in->data[y * in->w + x] + 0.25f;
  for (int y = 0; y < in->h; y++)
    for (int x = 0; x < in->w; x++)
      out[y * in->w + x] = tmp[y * in->w + x] * tmp[y * in->w + x];
  free(tmp);
}

__attribute__((noinline)) void nested_inside(struct context *c) {
  float(*tmp)[MAXW] = malloc(sizeof(float[MAXH][MAXW]));
  for (long y = 0; y < c->img->h; y++)
    for (long x = 0; x < c->img->w; x++)
      tmp[y][x] = c->img->data[y * MAXW + x] * c->img->data[y * MAXW + x];
  for (long y = 0; y < c->img->h; y++)
    for (long x = 0; x < c->img->w; x++)
      c->out[y * MAXW + x] = tmp[y][x] - 2.0f;
  free(tmp);
}

__attribute__((noinline)) void narrowing(struct counted_image *in, float *out) {
  float *tmp = malloc(sizeof(float[MAXH][MAXW]));
  for (int y = 0; y < in->h; y++) {
    for (int x = 0; x < in->w; x++)
      tmp[y * MAXW + x] = in->data[y * MAXW + x] + 3.0f;
    in->w -= in->w > 1;
    in->rows_done += 1;
  }
  for (int y = 0; y < in->h; y++)
    for (int x = 0; x < in->w; x++)
      out[y * MAXW + x] = tmp[y * MAXW + x] * 2.0f;
  free(tmp);
}

int main(void) {
  static const int sizes[4][2] = {{40, 48}, {7, 13}, {0, 48}, {5, 0}};
  float *data = malloc(sizeof(float[MAXH][MAXW]));
  float *out = malloc(sizeof(float[MAXH][MAXW]));
  harness_fill_float(data, MAXH * MAXW);
  for (int s = 0; s < 4; s++) {
    int h = sizes[s][0], w = sizes[s][1];
    struct image a = {h, w, data};
    struct wide_image b = {h, w, data};
    struct context c = {&b, out};
    struct counted_image d = {h, w, 0, data};
    for (long k = 0; k < MAXH * MAXW; k++)
      out[k] = 0.0f;
    rows_inside(&a, out);
    harness_print("rows_inside", out, sizeof(float[MAXH][MAXW]));
    flat_inside(&a, out);
    harness_print("flat_inside", out, sizeof(float[MAXH][MAXW]));
    nested_inside(&c);
    harness_print("nested_inside", out, sizeof(float[MAXH][MAXW]));
    narrowing(&d, out);
    harness_print("narrowing", out, sizeof(float[MAXH][MAXW]));
    printf("rows done %d\n", d.rows_done);
  }
  return 0;
}
