// Found by scripts/campaign.sh (gen-loops seed 10620): propagation's verification refused its
// own result in f1 ('S5: value of type i32 written to i64'), an internal error (the code stayed
// as it was). The LLVM front end used the int parameter n2 as an i64 value in S5's value (the
// last value of the counter i17, n2 - 2, that LICM stores after the loop), while the model's
// typing gives a parameter its declared type. Now a parameter in a value has its declared type
// and affine expressions sign-extend it (lit/scalars/int-parameter-value.c runs the pattern).
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: polyprop: function f1, function body:
// CHECK-NOT: internal error
/* gen-loops.py seed 10620 */
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static short g0[42 * 44];
static signed char g1[44][41];
static unsigned long g2[44];

static long mixi(long a, long b) { return (a * 31 + b) % 1009; }
static unsigned mixu(unsigned a, unsigned b) { return (a ^ (b << 5)) * 2654435761u + (b >> 3); }
static float blendf(float a, float b) { return a * 0.75f + b * 0.25f; }
static int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
static unsigned long hash(unsigned long h, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ul;
  return h;
}

static unsigned f0(int n0, short *p0, long w0, short *p1, int w1, unsigned long *p2) {
  unsigned s0 = 797u;
  float t1 = 0, t2 = 0;
  int k4 = (p0[(14) * w0 + 22] & 7) + 10;
  k4 = k4 / 4;
  for (unsigned char i3 = k4; i3 < n0 - 3; i3 += 2) {
    if (2 * i3 > n0) {
      p2[i3 + 1] = (unsigned long)((mixu((unsigned)p2[n0 + 2], ((unsigned)(int)(t1) + (unsigned)p2[28])) ^ (unsigned)(int)(t2)));
    }
    s0 = s0 ^ ((unsigned)(int)(t2) * (unsigned)p2[i3]);
    if ((t2 * t2 * 0.0009765625f) > (float)(i3)) s0 = (unsigned)p2[n0 + 3];
  }
  t1 = (0.125f + t2) * 0.5f;
  for (size_t i5 = (size_t)(0); i5 <= (size_t)(2); i5 += 3) {
    p2[clampi(n0 - 2, 0, 43)] = (unsigned long)((unsigned)p2[(long)i5]);
    s0 = (unsigned)p2[22];
    t2 = (((long)i5 < 2 ? (float)((long)i5) : t1) + t2) * 0.5f;
  }
  t2 = t2 * 0.5f + ((-(-3.0f)) < t2 ? t2 : t2) * 0.5f;
  int k7 = (p1[(36) * w1 + 24] & 7) + 21;
  _Bool go8 = n0 > 0;
  for (size_t i6 = (size_t)(3); go8 && i6 < (size_t)(k7); i6 += 2) {
    for (unsigned char i9 = n0 / 4; i9 < n0 - 1; i9 += 3) {
      s0 = s0 ^ ((unsigned)p2[n0 - 2] | 10098u);
    }
    s0 = (unsigned)p2[(long)i6 + 3];
  }
  t2 = blendf((7.0f * 0.25f + (float)((int)(((unsigned)p2[n0 + 3]) % 1009u)) * 0.75f), (t2 * t2 * 0.0009765625f));
  return s0 + (unsigned)(int)(t1) + (unsigned)(int)(t2);
}

static void f1(long n0, long n1, int n2, short *p0, int w0) {
  long (*q0)[43] = malloc(sizeof(long) * 43 * 43);
  for (long a10 = 0; a10 < 43; a10++)
    for (long b11 = 0; b11 < 43; b11++)
      q0[a10][b11] = (((p0[((b11 - 1 < 0 ? 0 : b11 - 1 > 41 ? 41 : b11 - 1)) * w0 + 43] % 7) - (a10 * 2 + p0[((b11 - 3 < 0 ? 0 : b11 - 3 > 41 ? 41 : b11 - 3)) * w0 + a10]))) % 1009;
  float t12 = 0, t13 = 0;
  long i14 = n1 / 4;
  while (i14 < 38) {
    if (i14 >= 9) t12 = t12;
    i14++;
  }
  t12 = t12 * 0.5f + (t13 > (-(t13)) ? t13 : (-(t13))) * 0.5f;
  for (long i15 = 0; i15 < n2; i15 += 3) {
    for (long i16 = n2 - 1 - 1; i16 >= 0; i16--) {
      q0[n2 + 2][(n0 - 1 < 0 ? 0 : n0 - 1 > 42 ? 42 : n0 - 1)] = (((q0[i15 + 3][(i16 - 1 < 0 ? 0 : i16 - 1 > 42 ? 42 : i16 - 1)] + i16) + i16)) % 1009;
      p0[(2 * i15) * w0 + i16 + 3] = (p0[(2 * i15) * w0 + i16 + 3] + p0[(i15) * w0 + n0 / 2 + 1]) % 1009;
    }
    q0[(n1 + 0 < 0 ? 0 : n1 + 0 > 42 ? 42 : n1 + 0)][n0] = (q0[(n1 + 0 < 0 ? 0 : n1 + 0 > 42 ? 42 : n1 + 0)][n0] + (-7)) % 1009;
  }
  t13 = t13 * 0.5f + ((t12 + t13) * 0.5f + t12) * 0.5f * 0.5f;
  int k18 = n0 > 20 ? n0 - 2 : n0 + 1;
  k18 = k18 / 4;
  for (long i17 = 0; i17 < n2 - 1; i17++) {
    t13 = t12;
    t12 = t13;
    q0[n2][n2 + 2] = i17;
    if (i17 == 1) {
      p0[((n2 - 2 < 0 ? 0 : n2 - 2 > 41 ? 41 : n2 - 2)) * w0 + n2 + 1] = (p0[((n2 - 2 < 0 ? 0 : n2 - 2 > 41 ? 41 : n2 - 2)) * w0 + n2 + 1] + (-1)) % 1009;
    }
  }
  t13 = t13 * 0.5f + t13 * 0.5f;
  free(q0);
}

int main(void) {
  unsigned long h = 14695981039346656037ul;
  for (int i = 0; i < 42; i++)
    for (int j = 0; j < 44; j++) g0[i * 44 + j] = (short)((i * 59 + j * 31 + 746) % 2017 - 1008);
  for (int i = 0; i < 44; i++)
    for (int j = 0; j < 41; j++) g1[i][j] = (signed char)((i * 15 + j * 80 + 591) % 253 - 126);
  for (int i = 0, j = 0; i < 44; i++) g2[i] = (unsigned long)((unsigned long)(i * 69 + j * 13 + 960) * 2654435761u);
  {
    unsigned r = f0(9, g0, 44, g0, 44, g2);
    h = hash(h, &r, sizeof r);
  }
  {
    unsigned r = f0(5, g0, 44, g0, 44, g2);
    h = hash(h, &r, sizeof r);
  }
  f1(38, 34, 19, g0, 44);
  f1(37, 34, 2, g0, 44);
  h = hash(h, g0, sizeof g0);
  h = hash(h, g1, sizeof g1);
  h = hash(h, g2, sizeof g2);
  printf("%016lx\n", h);
  return 0;
}
