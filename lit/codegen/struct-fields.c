// Images passed as structs (`struct image { int w, h; float *data; }`): array bases and sizes
// loaded from the struct's fields, read once at the region's entry where no call of the
// region may write them. Where alias analysis (with `!tbaa`: a `float` store does not write
// an `int` or pointer field) cannot keep a written array apart from a field's bytes, the
// run-time check tests that the bytes lie outside the array's accessed range, as Polly
// checks the loads it hoists. A field is read at entry when the region always reads it, or
// always reads the same object past its bytes (`out->w` under `out->h > 0`); reloads inside
// the loops, and the phis GVN makes of them, stand for that one load. A data pointer read
// only inside the loops, under their guards, is read after a branch on where the source
// reads it. Arrays the function allocates need no run-time check against those pointers.
// - blur_locals: int counters, fields copied to locals before the loops, the last stage
//   bounded by out->h and out->w: transformed.
// - blur_long: long fields, `float (*)[w]` views of the data pointers: transformed.
// - blur_value: the structs passed by value, their two `int` fields as one `i64` argument:
//   `w` and `h` are its truncations, parameters of their own (the `i64` assumed to fit in
//   32 bits never holds): transformed.
// - blur_inside: the data pointers read inside the loops only (w >= 3 and h >= 1 here; the
//   1 x 9 image takes the original code), the IR reads no `float *` before the guard's
//   branch: transformed.
// - blur_nested: images reached through a context struct (`c->src->data`, `c->dst->data`,
//   the second only inside its stage's loops), a float field read in the loop: transformed.
// - gray_planes: three colour planes as an array of pointers in the struct
//   (`in->plane[1][...]`): transformed.
// - blur_checked: `if (!t) return -1;` before the stages, whose data pointers are read only
//   inside the loops: the sequence of nests is versioned in place, its check branching to the
//   original nests where the load guard fails (their header takes the extra edge): transformed.
// - -fno-strict-aliasing (no `!tbaa`, fields reloaded in every iteration): all seven
//   transformed, the fields checked apart from the written arrays at run time.
// Outputs identical to the naive build at 4 sizes, and with `out` the same image as `in`
// (the run-time check sends that call to the original code), with and without `!tbaa`.
// RUN: %clang -O3 %s -o %t.naive
// RUN: %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: cmp %t.naive.out %t.pp.out
// RUN: %clang -O3 -fno-strict-aliasing %s -o %t.naive-nsa
// RUN: %clang -O3 -fno-strict-aliasing -fpass-plugin=%polyprop %s -o %t.pp-nsa
// RUN: %t.naive-nsa > %t.naive-nsa.out
// RUN: %t.pp-nsa > %t.pp-nsa.out
// RUN: cmp %t.naive-nsa.out %t.pp-nsa.out
// RUN: cmp %t.naive.out %t.naive-nsa.out
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fno-strict-aliasing -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s
// RUN: %ir %s -o %t.ll
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop' %t.ll | FileCheck %s --check-prefix=IR
// CHECK: function blur_locals, function body: transformed: 2 temporaries removed, 1 statements
// CHECK: function blur_long, function body: transformed: 2 temporaries removed, 1 statements
// CHECK: function blur_value, function body: transformed: 2 temporaries removed, 1 statements
// CHECK: function blur_inside, function body: transformed: 1 temporaries removed, 1 statements
// CHECK: function blur_nested, function body: transformed: 1 temporaries removed, 1 statements
// CHECK: function gray_planes, function body: transformed: 1 temporaries removed, 1 statements
// CHECK: function blur_checked, loop nests: transformed: 1 temporaries removed, 1 statements
// The guard branches to the original code before the check reads in->data and out->data.
// IR-LABEL: define {{.*}}void @blur_inside(
// IR: polyprop.check:
// IR-NOT: load float*
// IR: br i1 {{.*}}, label %polyprop.check.loads, label
// IR: polyprop.check.loads:
// IR: load float*
#include "Inputs/harness.h"

typedef struct image { int w, h; float *data; } image;
typedef struct image_l { long w, h; float *data; } image_l;

void blur_locals(const image *in, image *out) {
  int w = in->w, h = in->h;
  const float *src = in->data;
  float *dst = out->data;
  float *t1 = malloc(sizeof(float) * w * h), *t2 = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      t1[y * w + x] = (src[y * w + xl] + src[y * w + x] + src[y * w + xr]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      t2[y * w + x] = (t1[yu * w + x] + t1[y * w + x] + t1[yd * w + x]) / 3.0f;
    }
  for (int y = 0; y < out->h; y++)
    for (int x = 0; x < out->w; x++)
      dst[y * out->w + x] = src[y * w + x] + 0.5f * (src[y * w + x] - t2[y * w + x]);
  free(t1);
  free(t2);
}

void blur_long(const image_l *in, image_l *out) {
  long w = in->w, h = in->h;
  const float (*src)[w] = (const float (*)[w])in->data;
  float (*dst)[w] = (float (*)[w])out->data;
  float (*t1)[w] = malloc(sizeof(float) * w * h), (*t2)[w] = malloc(sizeof(float) * w * h);
  for (long y = 0; y < h; y++)
    for (long x = 1; x < w - 1; x++)
      t1[y][x] = (src[y][x - 1] + src[y][x] + src[y][x + 1]) / 3.0f;
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      t2[y][x] = (t1[y - 1][x] + t1[y][x] + t1[y + 1][x]) / 3.0f;
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      dst[y][x] = src[y][x] - t2[y][x];
  free(t1);
  free(t2);
}

void blur_value(image in, image out) {
  float *t1 = malloc(sizeof(float) * in.w * in.h), *t2 = malloc(sizeof(float) * in.w * in.h);
  for (int y = 0; y < in.h; y++)
    for (int x = 0; x < in.w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < in.w - 1 ? x + 1 : in.w - 1;
      t1[y * in.w + x] = (in.data[y * in.w + xl] + in.data[y * in.w + x] + in.data[y * in.w + xr]) / 3.0f;
    }
  for (int y = 0; y < in.h; y++)
    for (int x = 0; x < in.w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < in.h - 1 ? y + 1 : in.h - 1;
      t2[y * in.w + x] = (t1[yu * in.w + x] + t1[y * in.w + x] + t1[yd * in.w + x]) / 3.0f;
    }
  for (int y = 0; y < in.h; y++)
    for (int x = 0; x < in.w; x++)
      out.data[y * in.w + x] = in.data[y * in.w + x] - t2[y * in.w + x];
  free(t1);
  free(t2);
}

void blur_inside(const image *in, image *out) {
  int w = in->w, h = in->h;
  float *t1 = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t1[y * w + x] = (in->data[y * w + x - 1] + in->data[y * w + x] + in->data[y * w + x + 1]) / 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out->data[y * w + x] = in->data[y * w + x] - t1[y * w + x];
  free(t1);
}

typedef struct context { image *src, *dst; float gain; } context;

void blur_nested(context *c) {
  int w = c->src->w, h = c->src->h;
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t[y * w + x] = c->src->data[y * w + x - 1] + c->src->data[y * w + x + 1];
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      c->dst->data[y * w + x] = c->gain * t[y * w + x];
  free(t);
}

typedef struct planes { int w, h; float *plane[3]; } planes;

void gray_planes(const planes *in, planes *out) {
  int w = in->w, h = in->h;
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = in->plane[0][y * w + x] * 0.3f + in->plane[1][y * w + x] * 0.6f + in->plane[2][y * w + x] * 0.1f;
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out->plane[0][y * w + x] = t[y * w + x - 1] - t[y * w + x + 1];
  free(t);
}

int blur_checked(const image *in, image *out) {
  int w = in->w, h = in->h;
  float *t = malloc(sizeof(float) * w * h);
  if (!t)
    return -1;
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t[y * w + x] = in->data[y * w + x - 1] + in->data[y * w + x + 1];
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out->data[y * w + x] = 0.5f * t[y * w + x] - in->data[y * w + x];
  free(t);
  return 0;
}

int main(void) {
  enum { N = 16 };
  static float a[N * N], b[N * N];
  static const int sizes[][2] = {{3, 3}, {16, 16}, {7, 5}, {1, 9}};
  for (int s = 0; s < 4; s++) {
    int w = sizes[s][0], h = sizes[s][1];
    image in = {w, h, a}, out = {w, h, b};
    image_l in_l = {w, h, a}, out_l = {w, h, b};
    harness_fill_float(a, N * N);
    __builtin_memset(b, 0, sizeof b);
    blur_locals(&in, &out);
    harness_print("blur_locals", b, sizeof b);
    blur_locals(&in, &in);
    harness_print("blur_locals in place", a, sizeof a);
    __builtin_memset(b, 0, sizeof b);
    blur_long(&in_l, &out_l);
    harness_print("blur_long", b, sizeof b);
    blur_long(&in_l, &in_l);
    harness_print("blur_long in place", a, sizeof a);
    __builtin_memset(b, 0, sizeof b);
    blur_value(in, out);
    harness_print("blur_value", b, sizeof b);
    blur_value(in, in);
    harness_print("blur_value in place", a, sizeof a);
    __builtin_memset(b, 0, sizeof b);
    context c = {&in, &out, 0.75f};
    blur_nested(&c);
    harness_print("blur_nested", b, sizeof b);
    __builtin_memset(b, 0, sizeof b);
    planes rgb = {w, h, {a, a + 1, a + 2}}, gray = {w, h, {b, b, b}};
    gray_planes(&rgb, &gray);
    harness_print("gray_planes", b, sizeof b);
    __builtin_memset(b, 0, sizeof b);
    printf("blur_checked %d\n", blur_checked(&in, &out));
    harness_print("blur_checked", b, sizeof b);
    __builtin_memset(b, 0, sizeof b);
    blur_inside(&in, &out);
    harness_print("blur_inside", b, sizeof b);
  }
  return 0;
}
