// Flattened subscripts computed in 32 bits, as people write them with `unsigned` or `int`
// counters: `t[y * w + x]` is the extension of a 32-bit product that may wrap (unsigned
// arithmetic wraps by definition; the `int` product's `nsw` is gone after instcombine and
// indvars). The model reads each such index as the polynomial `w*y + x` under the assumption,
// checked at run time, that it fits in its type on its domain: bounded through the
// parameters, `(h - 1) * w` as a 64-bit product parameter (`P0`), plus the rest
// (`Affinator::assume_polynomial_fits`).
// - unsigned_blur: `unsigned` counters and sizes, clamped borders (zero extensions);
// - int_channels: `rgb[(y * w + x) * 3 + c]` with `int` counters (sign extension of a product);
// - int_select: `x > 0 ? in[i - 1] : in[i]` where instcombine selects the 64-bit index and
//   sign-extends the selection (`ashr exact (shl (select ...), 32), 32`): the canonicalization
//   splits a load from such a select of indices that hold a product (`y * w + x`) back into a
//   branch with a load on each side (`polyprop-split-select-loads`), which the model reads;
//   test-suite/styles/p37_select_value.c, whose select is of 32-bit indices, keeps its select;
// - strided (the negative twin): `unsigned` rows of stride `w` over 4 GiB of address space
//   reserved without memory. With w = 2^24 and h = 257, `y * w` wraps to 0 at the last row:
//   the assumption fails, the run-time check runs the original code (which wraps), and the
//   output is identical; the transformed code would address past the reservation. With
//   w = 64 and h = 8 the new code runs.
// Outputs are identical with and without the plugin.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function unsigned_blur, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function int_channels, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function int_select, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function strided, function body: transformed: 1 temporaries removed
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: polyprop-scops: function unsigned_blur
// MODEL: parameter P0 = (h - 1) * w (i64)
// MODEL: no wrap: {{.*}}P0{{.*}} fits in 32 unsigned bits
// MODEL-LABEL: polyprop-scops: function int_channels
// MODEL: no wrap: {{.*}}P0{{.*}} fits in 32 signed bits
// MODEL-LABEL: polyprop-scops: function strided
// MODEL: parameter P0 = (h - 1) * w (i64)
// MODEL: no wrap: {{.*}}P0{{.*}} fits in 32 unsigned bits
#include "Inputs/harness.h"
#include <sys/mman.h>

void unsigned_blur(unsigned w, unsigned h, const float *in, float *out) {
  float *t1 = malloc(sizeof(float) * w * h);
  float *t2 = malloc(sizeof(float) * w * h);
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < w; x++) {
      unsigned xl = x > 0 ? x - 1 : 0, xr = x + 1 < w ? x + 1 : x;
      t1[y * w + x] = (in[y * w + xl] + in[y * w + x] + in[y * w + xr]) / 3.0f;
    }
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < w; x++) {
      unsigned yu = y > 0 ? y - 1 : 0, yd = y + 1 < h ? y + 1 : y;
      t2[y * w + x] = (t1[yu * w + x] + t1[y * w + x] + t1[yd * w + x]) / 3.0f;
    }
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] - t2[y * w + x];
  free(t1);
  free(t2);
}

void int_channels(int w, int h, const float *rgb, float *out) {
  float *lum = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      lum[y * w + x] = 0.25f * rgb[(y * w + x) * 3] + 0.5f * rgb[(y * w + x) * 3 + 1] + 0.25f * rgb[(y * w + x) * 3 + 2];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int c = 0; c < 3; c++)
        out[(y * w + x) * 3 + c] = rgb[(y * w + x) * 3 + c] * lum[y * w + x];
  free(lum);
}

void int_select(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int i = y * w + x;
      float l = x > 0 ? in[i - 1] : in[i];
      t[i] = 0.5f * (l + in[i]);
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int i = y * w + x;
      float u = y > 0 ? t[i - w] : t[i];
      out[i] = u - t[i];
    }
  free(t);
}

void strided(unsigned w, unsigned h, unsigned n, const unsigned char *in, unsigned char *out) {
  unsigned char *t = malloc((size_t)n * h);
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < n; x++)
      t[y * n + x] = in[y * w + x] / 2;
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < n; x++)
      out[y * w + x] = t[y * n + x] + t[y * n + (x + 1 < n ? x + 1 : x)];
  free(t);
}

// `strided` on two reservations of 4 GiB: the rows it touches are filled and hashed.
static void run_strided(unsigned w, unsigned h, unsigned n, unsigned char *in, unsigned char *out) {
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < n; x++)
      in[y * w + x] = (unsigned char)(harness_next() * 200), out[y * w + x] = 0;
  strided(w, h, n, in, out);
  uint64_t hash = 0;
  for (unsigned y = 0; y < h; y++)
    hash = hash * 31 + harness_fnv1a(out + y * w, n);
  printf("strided %u x %u (stride %u): %016llx\n", n, h, w, (unsigned long long)hash);
}

int main(void) {
  enum { W = 37, H = 23 };
  static float in[3 * W * H], out[3 * W * H];
  harness_fill_float(in, 3 * W * H);
  unsigned_blur(W, H, in, out);
  harness_print("unsigned_blur", out, sizeof(float) * W * H);
  unsigned_blur(1, 1, in, out);
  harness_print("unsigned_blur 1x1", out, sizeof(float));
  int_channels(W, H, in, out);
  harness_print("int_channels", out, sizeof out);
  int_select(W, H, in, out);
  harness_print("int_select", out, sizeof(float) * W * H);
  size_t reserved = (size_t)1 << 32;
  int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
  unsigned char *a = mmap(NULL, reserved, PROT_READ | PROT_WRITE, flags, -1, 0);
  unsigned char *b = mmap(NULL, reserved, PROT_READ | PROT_WRITE, flags, -1, 0);
  if (a == MAP_FAILED || b == MAP_FAILED)
    return 1;
  run_strided(64, 8, 16, a, b);
  run_strided(1u << 24, 257, 4, a, b);
  return 0;
}
