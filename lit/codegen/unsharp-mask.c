// An unsharp-mask-like pipeline in the naive PolyMage style end to end: three malloc'd
// temporaries (blurx, blury, sharpen), long sizes, hand-linearized subscripts
// x[i*(C+4)+j] over an input with a 2-pixel border, min/max clamping of the sharpened values and
// a data-dependent select in the last stage. polyprop must transform it (the temporaries
// removed); the binaries built by clang-14 -O3 with and without the plugin must print
// bit-identical hashes: for disjoint buffers, and for out overlapping img (out = img + 1 and
// out = img + half the image), where the run-time check must run the original code. In opt, the
// generated function pipeline_unsharp.polyprop calls neither malloc nor free.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll | FileCheck %s --check-prefix=IR
// IR-LABEL: define internal void @pipeline_unsharp.polyprop(
// IR-NOT: @malloc
// IR-NOT: @free
// IR: {{^[}]$}}
// TRANSFORM: polyprop: function pipeline_unsharp, function body: transformed: {{[3-9]}} temporaries removed
// OUTPUT: disjoint out {{[0-9a-f]+}}
// OUTPUT-NEXT: overlapping out = img + 1 {{[0-9a-f]+}}
// OUTPUT-NEXT: overlapping out = img + half {{[0-9a-f]+}}
// OUTPUT-NEXT: adjacent out = img + size {{[0-9a-f]+}}
#include "Inputs/harness.h"
#include <math.h>
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))

void pipeline_unsharp(long R, long C, float weight, float threshold, void *in_void, void *out_void) {
  float *img = (float *)in_void;
  float *out = (float *)out_void;
  float *blurx = (float *)malloc(sizeof(float) * R * (C + 4));
  float *blury = (float *)malloc(sizeof(float) * R * C);
  float *sharpen = (float *)malloc(sizeof(float) * R * C);
  for (long i = 2; i <= R + 1; i++)
    for (long j = 0; j <= C + 3; j++)
      blurx[(i - 2) * (C + 4) + j] = img[(i - 2) * (C + 4) + j] * 0.0625f + img[(i - 1) * (C + 4) + j] * 0.25f +
                                     img[i * (C + 4) + j] * 0.375f + img[(i + 1) * (C + 4) + j] * 0.25f +
                                     img[(i + 2) * (C + 4) + j] * 0.0625f;
  for (long i = 2; i <= R + 1; i++)
    for (long j = 2; j <= C + 1; j++)
      blury[(i - 2) * C + (j - 2)] = blurx[(i - 2) * (C + 4) + (j - 2)] * 0.0625f +
                                     blurx[(i - 2) * (C + 4) + (j - 1)] * 0.25f +
                                     blurx[(i - 2) * (C + 4) + j] * 0.375f +
                                     blurx[(i - 2) * (C + 4) + (j + 1)] * 0.25f +
                                     blurx[(i - 2) * (C + 4) + (j + 2)] * 0.0625f;
  for (long i = 2; i <= R + 1; i++)
    for (long j = 2; j <= C + 1; j++)
      sharpen[(i - 2) * C + (j - 2)] =
          max(0.0f, min(1.0f, img[i * (C + 4) + j] * (1.0f + weight) - blury[(i - 2) * C + (j - 2)] * weight));
  for (long i = 2; i <= R + 1; i++)
    for (long j = 2; j <= C + 1; j++)
      out[(i - 2) * C + (j - 2)] =
          fabsf(img[i * (C + 4) + j] - blury[(i - 2) * C + (j - 2)]) < threshold
              ? img[i * (C + 4) + j]
              : sharpen[(i - 2) * C + (j - 2)];
  free(blurx);
  free(blury);
  free(sharpen);
}

int main(void) {
  long R = 29, C = 47;
  long img_size = (R + 4) * (C + 4), out_size = R * C;
  float *img = (float *)malloc(sizeof(float) * img_size);
  float *out = (float *)calloc(out_size, sizeof(float));
  harness_fill_float(img, img_size);
  pipeline_unsharp(R, C, 3.0f, 0.2f, img, out);
  harness_print("disjoint out", out, sizeof(float) * out_size);
  long shared_size = img_size + out_size;
  float *shared = (float *)malloc(sizeof(float) * shared_size);
  harness_fill_float(shared, shared_size);
  pipeline_unsharp(R, C, 3.0f, 0.2f, shared, shared + 1);
  harness_print("overlapping out = img + 1", shared, sizeof(float) * shared_size);
  harness_fill_float(shared, shared_size);
  pipeline_unsharp(R, C, 3.0f, 0.2f, shared, shared + img_size / 2);
  harness_print("overlapping out = img + half", shared, sizeof(float) * shared_size);
  harness_fill_float(shared, shared_size);
  pipeline_unsharp(R, C, 3.0f, 0.2f, shared, shared + img_size);
  harness_print("adjacent out = img + size", shared, sizeof(float) * shared_size);
  free(shared);
  free(img);
  free(out);
  return 0;
}
