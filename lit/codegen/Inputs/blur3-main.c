// Driver of lit/codegen/blur3-run.test: runs pipeline_blur3 (lit/scops/blur3.c) on a seeded
// image and prints an FNV-1a hash of the output; then again with the output buffer overlapping
// the input buffer (out = in + 1), where polyprop's run-time check must send the call to the
// original code, and with a disjoint output inside the same allocation.
#include "harness.h"

void pipeline_blur3(long R, long C, void *in_void, void *out_void);

#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))

// The three stages fused by hand into one loop nest, one operation per statement so that no
// floating-point contraction differs from the staged code: bit-identical on disjoint buffers.
static void blur3_fused(long R, long C, float *in, float *out) {
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++) {
      float x[3];
      for (long r = 0; r < 3; r++) {
        float *row = in + (i + r) * (C + 2) + j;
        float sum = row[0] + row[1];
        sum = sum + row[2];
        x[r] = sum * 0.333f;
      }
      float y = x[0] + x[1];
      y = y + x[2];
      y = y * 0.333f;
      out[i * C + j] = max(0.0f, min(1.0f, y * 1.5f - 0.1f));
    }
}

int main(void) {
  long R = 37, C = 53;
  long in_size = (R + 2) * (C + 2);
  float *in = (float *)malloc(sizeof(float) * in_size);
  float *out = (float *)calloc(R * C, sizeof(float));
  harness_fill_float(in, in_size);
  pipeline_blur3(R, C, in, out);
  harness_print("disjoint out", out, sizeof(float) * R * C);
  float *fused = (float *)calloc(R * C, sizeof(float));
  blur3_fused(R, C, in, fused);
  long differ = 0;
  for (long k = 0; k < R * C; k++)
    differ += fused[k] != out[k];
  printf("fused code on disjoint buffers differs in %ld outputs\n", differ);

  // Overlapping buffers inside one allocation: out = in + 1 (every write behind the reads),
  // out = in + half the input (writes ahead of the fused code's reads), in = out + R*C/2.
  long shared_size = in_size + R * C;
  float *shared = (float *)malloc(sizeof(float) * shared_size);
  float *copy = (float *)malloc(sizeof(float) * shared_size);
  harness_fill_float(shared, shared_size);
  pipeline_blur3(R, C, shared, shared + 1);
  harness_print("overlapping out = in + 1", shared, sizeof(float) * shared_size);

  harness_fill_float(shared, shared_size);
  for (long k = 0; k < shared_size; k++)
    copy[k] = shared[k];
  pipeline_blur3(R, C, shared, shared + in_size / 2);
  harness_print("overlapping out = in + in_size/2", shared, sizeof(float) * shared_size);
  // The staged code reads all of in before it writes out; fused code (what polyprop generates)
  // reads values it has written, so a missing or wrong run-time check would change the hash.
  blur3_fused(R, C, copy, copy + in_size / 2);
  differ = 0;
  for (long k = 0; k < shared_size; k++)
    differ += copy[k] != shared[k];
  printf("fused code with that overlap differs: %s\n", differ > 0 ? "yes" : "no");

  harness_fill_float(shared, shared_size);
  pipeline_blur3(R, C, shared + R * C / 2, shared);
  harness_print("overlapping in = out + R*C/2", shared, sizeof(float) * shared_size);

  // Disjoint but adjacent: out right after in inside one allocation.
  harness_fill_float(shared, shared_size);
  pipeline_blur3(R, C, shared, shared + in_size);
  harness_print("adjacent out = in + in_size", shared, sizeof(float) * shared_size);

  // Degenerate and narrow sizes, empty and negative ones included, into a buffer whose second
  // half is the output.
  long sizes[][2] = {{0, 5}, {1, 1}, {1, 7}, {2, 1}, {5, 0}, {3, 2}, {64, 3}, {-1, 4}};
  for (int s = 0; s < 8; s++) {
    harness_fill_float(shared, shared_size);
    pipeline_blur3(sizes[s][0], sizes[s][1], shared, shared + shared_size / 2);
    printf("R=%ld C=%ld ", sizes[s][0], sizes[s][1]);
    harness_print("buffer", shared, sizeof(float) * shared_size);
  }
  free(shared);
  free(copy);
  free(fused);
  free(in);
  free(out);
  return 0;
}
