// Found by scripts/campaign.sh (gen-loops seed 60013): code generation refused its own function
// f0 ("generated function does not verify": `or i1 %c, i64 1`), an internal error (the code
// stayed as it was). isl's AST wrote a condition `... || 1`, and the emitter took the side `1`
// as an i64. Each side of an AST `&&` and `||` is now an i1. f0 is transformed and its output
// equals the plain build's.
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %clang -O3 -w %s -o %t.plain
// RUN: %t.plain > %t.plain.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.plain.out %t.polyprop.out
// CHECK: polyprop: function f0, function body: transformed
// CHECK-NOT: internal error
/* gen-loops.py seed 60013 */
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static int g0[14][17];
static int g1[15][14];
static short g2[16][17];
static long g3[14 * 14];

static long mixi(long a, long b) { return (a * 31 + b) % 1009; }
static unsigned mixu(unsigned a, unsigned b) { return (a ^ (b << 5)) * 2654435761u + (b >> 3); }
static float blendf(float a, float b) { return a * 0.75f + b * 0.25f; }
static int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
static unsigned long hash(unsigned long h, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ul;
  return h;
}

static void f0(int n0, int n1, long n2, int p0[][14], short (*p1)[17]) {
  short *q0 = (short *)malloc(sizeof(short) * 16 * 16);
  for (long a1 = 0; a1 < 16; a1++)
    for (long b2 = 0; b2 < 16; b2++)
      q0[(a1) * 16 + b2] = (-4);
  double s0 = 8.0f;
  float s1 = 3.0f;
  for (long i3 = n0 / 4; i3 < n1; i3 += 2) {
    if (i3 <= 9) {
      q0[(n2) * 16 + (n2 + 0 < 0 ? 0 : n2 + 0 > 15 ? 15 : n2 + 0)] = (((int)(0.125f) % 6)) % 1009;
    }
    p1[0][2 * i3] = (((i3 * (i3 - p0[n2][n2 + 1])) + (q0[(n0) * 16 + 8] * 4 + (i3 + (int)(s1))))) % 1009;
  }
  long k5 = (n1 + n0) / 2;
  k5 = k5 / 4;
  for (int i4 = k5; i4 < n1 - 1; i4++) {
    p0[(n1 - 1 < 0 ? 0 : n1 - 1 > 14 ? 14 : n1 - 1)][1] = ((-8) / 5);
    s1 = ((s0 * 0.25f + (float)(i4) * 0.75f) < s1 ? (-(s1)) : s0);
    s1 = s1;
  }
  s0 = (float)(p0[(n1 + 3 < 0 ? 0 : n1 + 3 > 14 ? 14 : n1 + 3)][n0 - 2]);
  for (long i6 = n0 / 4; i6 < n2 - 2; i6++) {
    s0 = s0;
    for (long i7 = n0 / 4; i7 < i6 + 1; i7++) {
      q0[(i6) * 16 + n1] = (((p1[(i7 - 2 < 0 ? 0 : i7 - 2 > 15 ? 15 : i7 - 2)][n2 - 1] - i7) - (p0[i6 + 2][n0] * 2 + (int)(s0)))) % 1009;
      p0[i6][n0 + 2] = (4 > i6 ? 4 : i6);
    }
    p1[n2 - 2][n1 + 1] = (-5);
    s0 = ((s0 * s1 * 0.0009765625f) > s1 ? (-(s0)) : ((float)(i6) * 0.25f + (float)(i6) * 0.75f));
  }
  free(q0);
}

static void f1(long n0, long *p0, long w0) {
  unsigned *q0 = (unsigned *)malloc(sizeof(unsigned) * 14 * 16);
  for (long a8 = 0; a8 < 14; a8++)
    for (long b9 = 0; b9 < 16; b9++)
      q0[(a8) * 16 + b9] = (unsigned)(((unsigned)(a8) | (unsigned)(b9)));
  for (long i10 = 1; i10 < n0 - 1; i10 += 2) {
    for (long i11 = 3; i11 < 11; i11 += 3) {
      p0[(2 * i10) * w0 + i11] = ((((i11 + i10) / 7) * 2 + ((p0[((i11 + 1 < 0 ? 0 : i11 + 1 > 13 ? 13 : i11 + 1)) * w0 + n0 - 3] - (int)((1185u) % 1009u)) - (i10 % 4)))) % 1009;
      q0[(6) * 16 + 1] = (unsigned)((((unsigned)q0[(i11 / 2 + 1) * 16 + i11 + i10] >> 4) ^ ((unsigned)(i11) | (unsigned)(i11))));
      p0[(i11 / 2 + 1) * w0 + (i10 - 2 < 0 ? 0 : i10 - 2 > 13 ? 13 : i10 - 2)] = (p0[(i11 / 2 + 1) * w0 + (i10 - 2 < 0 ? 0 : i10 - 2 > 13 ? 13 : i10 - 2)] + i11) % 1009;
    }
    q0[(10) * 16 + n0 + 2] = (unsigned)((unsigned)q0[(10) * 16 + n0 + 2] + 18292u);
  }
  for (long i12 = n0 / 4; i12 <= 11; i12++) {
    p0[((n0 + 1 < 0 ? 0 : n0 + 1 > 13 ? 13 : n0 + 1)) * w0 + n0 / 2 + 1] = ((p0[(i12 / 2 + 1) * w0 + 7] * (7 - p0[(n0 + 1) * w0 + 2]))) % 1009;
    q0[(n0 + 1) * 16 + (i12 - 1 < 0 ? 0 : i12 - 1 > 15 ? 15 : i12 - 1)] = (unsigned)((i12 < 3 ? ((unsigned)q0[((i12 + 0 < 0 ? 0 : i12 + 0 > 13 ? 13 : i12 + 0)) * 16 + 2 * n0] * 2654435761u + (unsigned)(i12)) : ((unsigned)(i12) | (unsigned)(i12))));
  }
  p0[(n0) * w0 + n0 + 2] = 5;
  free(q0);
}

int main(void) {
  unsigned long h = 14695981039346656037ul;
  for (int i = 0; i < 14; i++)
    for (int j = 0; j < 17; j++) g0[i][j] = (int)((i * 73 + j * 13 + 741) % 2017 - 1008);
  for (int i = 0; i < 15; i++)
    for (int j = 0; j < 14; j++) g1[i][j] = (int)((i * 7 + j * 23 + 622) % 2017 - 1008);
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 17; j++) g2[i][j] = (short)((i * 43 + j * 37 + 797) % 2017 - 1008);
  for (int i = 0; i < 14; i++)
    for (int j = 0; j < 14; j++) g3[i * 14 + j] = (long)((i * 17 + j * 4 + 466) % 2017 - 1008);
  f0(7, 1, 12, g1, g2);
  f0(9, 6, 12, g1, g2);
  f1(6, g3, 14);
  h = hash(h, g0, sizeof g0);
  h = hash(h, g1, sizeof g1);
  h = hash(h, g2, sizeof g2);
  h = hash(h, g3, sizeof g3);
  printf("%016lx\n", h);
  return 0;
}
