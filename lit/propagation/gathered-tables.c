// Narrow lookup tables read only by gathers are stored as 32-bit integers
// (propagation/src/widened_tables.rs): x86 gathers 32- and 64-bit elements only, so a loop
// that reads a byte table at data-dependent subscripts stays scalar, and the recomputation
// heuristic keeps every stage whose value reaches it (camera pipe's tone curve kept its six
// demosaic arrays so). Zero-extended when written and truncated when read, the table gives
// the same bits.
// - tone: an 8-bit curve of 4096 entries computed in the function, a 3-tap blur of the
//   input, and the curve at the mean of the blur's two neighbours: the curve is widened, and
//   the blur propagates into the gathering stage (recomputed at two iterations).
// - signed_table: a 16-bit table of negative and positive values: widened; outputs show the
//   truncation gives back the signed values.
// - copied_table: the table is also read at affine subscripts (copied to the output): those
//   reads would see 32-bit words, so it stays 8-bit.
// - given_table: the same stages, the table an argument: its memory is the caller's, it
//   stays 8-bit, its reader stays scalar, and the blur is kept (recomputation heuristic).
// Outputs identical to the naive build at sizes 0, 1, 2, 3, 17 and 1000.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: cmp %t.naive.out %t.pp.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-propagation>' %t.ll 2>&1 | FileCheck %s
// CHECK-LABEL: polyprop-propagation: function tone,
// CHECK-NEXT: propagation
// CHECK-NEXT: stored as 32-bit integers (tables read only by gathers): curve
// CHECK: #1 blur (temporary): propagated 4 RAW dependences into S2
// CHECK-LABEL: polyprop-propagation: function signed_table,
// CHECK-NEXT: propagation
// CHECK-NEXT: stored as 32-bit integers (tables read only by gathers): table
// CHECK-LABEL: polyprop-propagation: function copied_table,
// CHECK-NOT: stored as 32-bit
// CHECK-LABEL: polyprop-propagation: function given_table,
// CHECK-NOT: stored as 32-bit
// CHECK: #0 blur (temporary): not propagated: recomputation in scalar code: the value reaches S2, a narrow gather that stays scalar
// CHECK-LABEL: polyprop-propagation: function main,
// TRANSFORM-DAG: polyprop: function tone, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function signed_table, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function given_table, function body: not transformed: nothing propagated: no temporary array removed
#include <stdio.h>
#include <stdlib.h>

static long clampl(long v, long lo, long hi) { return v < lo ? lo : v > hi ? hi : v; }

__attribute__((noinline)) void tone(long n, const unsigned short *in, unsigned char *out) {
  unsigned char *curve = malloc(4096);
  unsigned short *blur = malloc(sizeof(unsigned short) * n);
  for (long v = 0; v < 4096; v++)
    curve[v] = (unsigned char)((v * v) >> 16);
  for (long i = 1; i < n - 1; i++)
    blur[i] = (unsigned short)((in[i - 1] + 2 * in[i] + in[i + 1]) >> 2);
  for (long i = 2; i < n - 2; i++)
    out[i] = curve[clampl((blur[i - 1] + blur[i + 1]) >> 1, 0, 4095)];
  free(curve);
  free(blur);
}

__attribute__((noinline)) void signed_table(long n, const unsigned short *in, short *out) {
  short *table = malloc(sizeof(short) * 1024);
  short *diff = malloc(sizeof(short) * n);
  for (long v = 0; v < 1024; v++)
    table[v] = (short)(v * 37 - 20000);
  for (long i = 1; i < n; i++)
    diff[i] = (short)(in[i] - in[i - 1]);
  for (long i = 1; i < n; i++)
    out[i] = table[clampl(diff[i] + 512, 0, 1023)];
  free(table);
  free(diff);
}

__attribute__((noinline)) void copied_table(long n, const unsigned short *in, unsigned char *out) {
  unsigned char *curve = malloc(4096);
  for (long v = 0; v < 4096; v++)
    curve[v] = (unsigned char)((v * 3) >> 4);
  for (long i = 0; i < n; i++)
    out[i] = curve[clampl(in[i], 0, 4095)];
  for (long v = 0; v < 16; v++)
    out[n + v] = curve[v];
  free(curve);
}

__attribute__((noinline)) void given_table(long n, const unsigned short *in, unsigned char *curve, unsigned char *out) {
  unsigned short *blur = malloc(sizeof(unsigned short) * n);
  for (long v = 0; v < 4096; v++)
    curve[v] = (unsigned char)(v >> 4);
  for (long i = 1; i < n - 1; i++)
    blur[i] = (unsigned short)((in[i - 1] + in[i + 1]) >> 1);
  for (long i = 2; i < n - 2; i++)
    out[i] = curve[clampl((blur[i - 1] + blur[i + 1]) >> 1, 0, 4095)];
  free(blur);
}

int main(void) {
  static unsigned short in[1000];
  static unsigned char out[1016], given[4096];
  static short sout[1000];
  for (long k = 0; k < 1000; k++)
    in[k] = (unsigned short)((k * 7919) % 4099);
  long sizes[] = {0, 1, 2, 3, 17, 1000};
  for (int s = 0; s < 6; s++) {
    long n = sizes[s];
    unsigned long h = 0;
    tone(n, in, out);
    for (long k = 2; k < n - 2; k++)
      h = h * 31 + out[k];
    signed_table(n, in, sout);
    for (long k = 1; k < n; k++)
      h = h * 31 + (unsigned short)sout[k];
    copied_table(n, in, out);
    for (long k = 0; k < n + 16; k++)
      h = h * 31 + out[k];
    given_table(n, in, given, out);
    for (long k = 2; k < n - 2; k++)
      h = h * 31 + out[k];
    printf("%ld %lu\n", n, h);
  }
  return 0;
}
