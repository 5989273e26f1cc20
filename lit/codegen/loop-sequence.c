// Defensive C: sizes checked and every malloc checked for NULL before the stages run
// (`if (!t1) return -1;`). The body is no SCoP (a branch on a malloc'd pointer around the
// loops); the stages and the code between them are: one region from the first nest's
// guard to the last nest's exit (Region::loop_sequence), versioned in place behind its
// run-time check on a block of its own on the edge into it. Its temporaries are
// propagated; a comparison of a temporary's address with NULL reads none of its elements.
// - checked: `int` counters, flattened subscripts, three stages, two temporaries;
// - checked_rows: `long` counters over `float (*)[64]`, a scalar computed between the nests;
// - exit_between: a return between the stages, on a temporary's value: the returns merge in
//   one block, whose phi takes -2 or 0 from the stages: no sequence ends there (the new code
//   continues on one edge), and each nest alone holds no temporary of its own.
// Outputs are identical with and without the plugin, also for empty sizes.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s --check-prefix=DETECT
// CHECK-DAG: polyprop: function checked, loop nests: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function checked_rows, loop nests: transformed: 2 temporaries removed
// CHECK-NOT: polyprop: function exit_between, {{.*}}: transformed
// DETECT-LABEL: polyprop-detect: function checked
// DETECT-NEXT: rejected function body: non-affine condition: data-dependent branch around a loop: {{.*}} icmp eq {{.*}}, null
// DETECT-NEXT: SCoP loop nests from {{.*}} to {{.*}}: 3 statements
// DETECT-LABEL: polyprop-detect: function checked_rows
// DETECT-NEXT: rejected function body
// DETECT-NEXT: SCoP loop nests from
// DETECT-LABEL: polyprop-detect: function exit_between
// DETECT-NEXT: rejected function body
// DETECT-NEXT: SCoP loop nest at {{.*}}: 1 statements, 2 arrays
// DETECT-NEXT: SCoP loop nest at {{.*}}: 1 statements, 2 arrays
#include <stdio.h>
#include <stdlib.h>

int checked(int w, int h, const float *in, float *out) {
  if (w <= 0 || h <= 0)
    return 0;
  float *t1 = malloc(sizeof(float) * w * h);
  if (!t1)
    return -1;
  float *t2 = malloc(sizeof(float) * w * h);
  if (t2 == NULL) {
    free(t1);
    return -1;
  }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t1[y * w + x] = (in[y * w + x] + in[y * w + (x + 1 < w ? x + 1 : x)]) * 0.5f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t2[y * w + x] = (t1[y * w + x] + t1[(y + 1 < h ? y + 1 : y) * w + x]) * 0.5f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t2[y * w + x]);
  free(t1);
  free(t2);
  return 0;
}

int checked_rows(long n, const float (*in)[64], float (*out)[64], float gain) {
  float (*t)[64] = malloc(sizeof(float) * n * 64);
  if (!t)
    return -1;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < 64; j++)
      t[i][j] = in[i][j] * gain;
  float g2 = gain * gain + 1.0f;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < 64; j++)
      out[i][j] = t[i][j] - t[i][63 - j] * g2;
  free(t);
  return 0;
}

int exit_between(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  if (!t)
    return -1;
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
  if (n > 5 && t[5] < 0.0f) {
    free(t);
    return -2;
  }
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
  return 0;
}

static void print(const char *name, int status, const float *x, long n) {
  double s = 0;
  for (long k = 0; k < n; k++)
    s = s * 1.0001 + x[k];
  printf("%s %d %.17g\n", name, status, s);
}

int main(void) {
  enum { W = 37, H = 23, N = 64 * 14 };
  float *in = malloc(sizeof(float) * N), *out = malloc(sizeof(float) * N);
  for (long k = 0; k < N; k++)
    in[k] = (float)((k * 7919 + 13) % 1000) / 37.0f - 3.0f;
  int sizes[][2] = {{W, H}, {1, 1}, {0, 3}, {5, 0}, {2, 7}};
  for (int k = 0; k < 5; k++) {
    int s = checked(sizes[k][0], sizes[k][1], in, out);
    print("checked", s, out, sizes[k][0] * sizes[k][1]);
  }
  for (long n = 0; n <= 14; n += 7) {
    int s = checked_rows(n, (const float (*)[64])in, (float (*)[64])out, 0.75f);
    print("checked_rows", s, out, n * 64);
  }
  for (int n = 0; n <= N; n += N / 2) {
    int s = exit_between(n, in, out);
    print("exit_between", s, out, n);
  }
  return 0;
}
