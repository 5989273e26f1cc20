// A field read once at the region's entry (the loop bound h->n) that the region itself
// overwrites: without !tbaa (-fno-strict-aliasing, where the C program below is defined)
// alias analysis cannot keep h->dst's elements apart from h->n, so the run-time check tests
// that n's bytes lie outside the range the stores reach. Called with h inside the output
// buffer, the store to dst[2] sets n to 2 and the source loop stops after it; the check
// fails there and the original code runs: the output (dst[3] keeps its 7.0f) is the naive
// build's. Called with h apart, the new code runs.
// RUN: %clang -O3 -fno-strict-aliasing %s -o %t.naive
// RUN: %clang -O3 -fno-strict-aliasing -fpass-plugin=%polyprop %s -o %t.pp
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: cmp %t.naive.out %t.pp.out
// RUN: FileCheck %s --check-prefix=OUT < %t.pp.out
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fno-strict-aliasing -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s
// CHECK: function stage, function body: transformed: 1 temporaries removed, 1 statements
// OUT: overlapping 0000000000000000 0000000000000000 0000000000000002 0000000000000007
// OUT: apart 3f800000 40000000 40400000 40800000
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct header { int n; int pad; float *dst; };

void stage(struct header *h, const float *src) {
  float *t = malloc(sizeof(float) * h->n);
  for (int i = 0; i < h->n; i++)
    t[i] = src[i] * 2.0f;
  for (int i = 0; i < h->n; i++)
    h->dst[i] = t[i];
  free(t);
}

static void print_bits(const char *name, const float *x) {
  printf("%s", name);
  for (int i = 0; i < 4; i++) {
    unsigned u;
    memcpy(&u, &x[i], sizeof u);
    printf(" %08x", u);
  }
  printf("\n");
}

int main(void) {
  // h at buf + 2: n is buf[2], pad is buf[3]; dst = buf. src[2] is the smallest denormal,
  // doubled exactly into the int 2.
  _Alignas(16) float buf[8] = {0};
  struct header *h = (struct header *)(buf + 2);
  h->n = 4;
  h->pad = 0;
  float seven = 7.0f;
  memcpy(&buf[3], &seven, sizeof seven);
  h->dst = buf;
  unsigned one = 1;
  float src[4] = {0.0f, 0.0f, 0.0f, 3.0f};
  memcpy(&src[2], &one, sizeof one);
  stage(h, src);
  float shown[4];
  memcpy(shown, buf, sizeof shown);
  unsigned bits;
  memcpy(&bits, &shown[3], sizeof bits);
  printf("overlapping");
  for (int i = 0; i < 3; i++) {
    unsigned u;
    memcpy(&u, &shown[i], sizeof u);
    printf(" %016x", u);
  }
  printf(" %016x\n", bits == 0x40e00000u ? 7u : bits);
  float out[4], in[4] = {0.5f, 1.0f, 1.5f, 2.0f};
  struct header apart = {4, 0, out};
  stage(&apart, in);
  print_bits("apart", out);
  return 0;
}
