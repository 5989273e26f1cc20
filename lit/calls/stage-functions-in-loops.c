// Stage functions called at each step of a time loop: the stages are inlined into the copy the
// transform works on, those called inside the loop too, so that each step is a sequence of
// nests and the temporary between the stages goes (what -O3's inliner does to local functions
// with few call sites, after the transform would have run).
// - smooth: int counters, flattened subscripts, two grids swapped by pointer after each step,
//   the temporary allocated before the loop (carried across steps, written before it is read
//   in each);
// - diffuse: long counters, `float (*)[W]` rows, a flux temporary per step written by one
//   stage and read by the next, the update written to a second grid copied back by a third
//   stage;
// - relax: PolyBench's style, `double` arrays as VLA parameters `A[n][n]`, a step function
//   called twice per iteration with the grids' roles exchanged, its temporary allocated by
//   the caller;
// Twins: smooth_in_place, whose second stage overwrites the grid the first reads (the reload
// test keeps the temporary: its value at a later row would read an updated grid), and
// smooth_apart, whose stages are noinline and stay calls.
// Outputs identical to the naive build at several sizes and step counts.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS="print=transform;trace-checks" %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck --check-prefix=RAN %s < %t.trace
// CHECK-DAG: polyprop: function smooth, loop nests: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function diffuse, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function smooth_in_place, {{.*}}: not transformed: nothing propagated: no temporary array removed
// CHECK-DAG: polyprop: function smooth_apart, function body: not transformed: rejected: call with side effects: call to scale_apart may write memory
// RAN-DAG: polyprop: new code of smooth
// CHECK-DAG: polyprop: function relax, function body: transformed: 1 temporaries removed
// RAN-DAG: polyprop: new code of diffuse
// RAN-DAG: polyprop: new code of relax
#include "../codegen/Inputs/harness.h"

enum { W = 24 };

static void blur_x(const float *in, float *out, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
}

static void blur_y(const float *in, float *out, int w, int h) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = (in[(y - 1) * w + x] + in[y * w + x] + in[(y + 1) * w + x]) / 3.0f;
}

// The grid after `steps` steps is in `img` (the last step's output, copied back when the
// swaps left it in the other buffer).
void smooth(float *img, int w, int h, int steps) {
  float *out = malloc(sizeof(float) * w * h);
  for (int i = 0; i < w * h; i++)
    out[i] = img[i];
  float *grid = img;
  float *tmp = malloc(sizeof(float) * w * h);
  for (int s = 0; s < steps; s++) {
    blur_x(grid, tmp, w, h);
    blur_y(tmp, out, w, h);
    float *t = grid;
    grid = out;
    out = t;
  }
  free(tmp);
  if (grid != img) {
    for (int i = 0; i < w * h; i++)
      img[i] = grid[i];
    free(grid);
  } else {
    free(out);
  }
}

void smooth_in_place(float *img, int w, int h, int steps) {
  float *tmp = malloc(sizeof(float) * w * h);
  for (int s = 0; s < steps; s++) {
    blur_x(img, tmp, w, h);
    blur_y(tmp, img, w, h);
  }
  free(tmp);
}

__attribute__((noinline)) static void scale_apart(const float *in, float *out, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] * 0.5f;
}

void smooth_apart(float *img, float *out, int w, int h, int steps) {
  float *tmp = malloc(sizeof(float) * w * h);
  for (int s = 0; s < steps; s++) {
    scale_apart(img, tmp, w, h);
    scale_apart(tmp, out, w, h);
  }
  free(tmp);
}

static void fluxes(long h, float (*u)[W], float (*flux)[W]) {
  for (long y = 0; y < h; y++)
    for (long x = 0; x < W - 1; x++)
      flux[y][x] = 0.25f * (u[y][x + 1] - u[y][x]);
}

static void update(long h, float (*u)[W], float (*flux)[W], float (*next)[W]) {
  for (long y = 0; y < h; y++)
    for (long x = 1; x < W - 1; x++)
      next[y][x] = u[y][x] + flux[y][x] - flux[y][x - 1];
}

static void copy_back(long h, float (*next)[W], float (*u)[W]) {
  for (long y = 0; y < h; y++)
    for (long x = 1; x < W - 1; x++)
      u[y][x] = next[y][x];
}

void diffuse(long h, float (*u)[W], float (*next)[W], long steps) {
  float (*flux)[W] = malloc(sizeof(float) * W * (h > 0 ? h : 1));
  for (long s = 0; s < steps; s++) {
    fluxes(h, u, flux);
    update(h, u, flux, next);
    copy_back(h, next, u);
  }
  free(flux);
}

static void relax_step(int n, double a[n][n], double b[n][n], double t[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n - 1; j++)
      t[i][j] = 0.5 * (a[i][j - 1] + a[i][j + 1]);
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = 0.5 * (t[i - 1][j] + t[i + 1][j]) + 0.25 * a[i][j];
}

void relax(int steps, int n, double a[n][n], double b[n][n]) {
  double (*t)[n] = malloc(sizeof(double) * n * (n > 0 ? n : 1));
  for (int s = 0; s < steps; s++) {
    relax_step(n, a, b, t);
    relax_step(n, b, a, t);
  }
  free(t);
}

int main(void) {
  static float img[40 * 40], out[40 * 40], u[30][W], next[30][W];
  static const int sizes[][3] = {{1, 1, 1}, {3, 2, 2}, {5, 7, 3}, {40, 33, 4}, {17, 40, 5}, {40, 40, 0}};
  for (int k = 0; k < 6; k++) {
    int w = sizes[k][0], h = sizes[k][1], steps = sizes[k][2];
    harness_fill_float(img, w * h);
    smooth(img, w, h, steps);
    harness_print("smooth", img, sizeof(float) * w * h);
    smooth_in_place(img, w, h, steps);
    harness_print("in_place", img, sizeof(float) * w * h);
    harness_fill_float(out, w * h);
    smooth_apart(img, out, w, h, steps);
    harness_print("apart", out, sizeof(float) * w * h);
    long rows = h < 30 ? h : 30;
    harness_fill_float(&u[0][0], 30 * W);
    harness_fill_float(&next[0][0], 30 * W);
    diffuse(rows, u, next, steps);
    harness_print("diffuse", u, sizeof u);
    static double a[30 * 30], b[30 * 30];
    int n = h < 30 ? h : 30;
    harness_fill_double(a, n * n);
    harness_fill_double(b, n * n);
    relax(steps, n, (double (*)[n])a, (double (*)[n])b);
    harness_print("relax", a, sizeof(double) * n * n);
  }
  return 0;
}
