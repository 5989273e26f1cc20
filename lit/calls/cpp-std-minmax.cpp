// A two-level pyramid in C++ as people write it: int and long counters, flattened subscripts,
// i / 2, i >> 1 and i % 2, and a `clampi` helper written with std::min and std::max. The
// helper calls other definitions (libstdc++'s linkonce_odr std::min and std::max, which take
// references), so it is inlined together with them before canonicalization; both pyramids are
// transformed and run identically at three sizes, odd ones included. A clamp whose helper
// counts its calls in a global is inlined as well: the counter is a live-out scalar of the
// model, the blur around it is transformed, and the count is the same. Its negative twin: when
// that helper is `noinline`, the clamp calls a definition that is no helper, may write memory,
// and the loop nest is rejected naming the clamp.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out && %t.naive 100 37 >> %t.naive.out && %t.naive 9 5 >> %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out && %t.polyprop 100 37 >> %t.polyprop.out && %t.polyprop 9 5 >> %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function pyramid_int, function body: transformed: 3 temporaries removed, 4 statements
// CHECK-DAG: polyprop: function pyramid_long, function body: transformed: 3 temporaries removed, 4 statements
// CHECK-DAG: polyprop: function blur_counted, function body: transformed: 3 temporaries removed
// CHECK-DAG: polyprop: function blur_logged, function body: not transformed: rejected: call with side effects: call to _ZL12clamp_loggediii may write memory
#include <algorithm>
#include <cstdio>
#include <cstdlib>

static inline int clampi(int v, int lo, int hi) { return std::min(std::max(v, lo), hi); }
static inline long clampl(long v, long lo, long hi) { return std::min(std::max(v, lo), hi); }

extern "C" void pyramid_int(int R, int C, const float *in, float *out) {
  int R1 = R / 2, C1 = C / 2;
  float *dx = (float *)malloc(sizeof(float) * R1 * C);
  float *d1 = (float *)malloc(sizeof(float) * R1 * C1);
  float *ux = (float *)malloc(sizeof(float) * R * C1);
  for (int i = 0; i < R1; i++)
    for (int j = 0; j < C; j++)
      dx[i * C + j] = 0.25f * in[clampi(2 * i - 1, 0, R - 1) * C + j] + 0.5f * in[2 * i * C + j] +
                      0.25f * in[clampi(2 * i + 1, 0, R - 1) * C + j];
  for (int i = 0; i < R1; i++)
    for (int j = 0; j < C1; j++)
      d1[i * C1 + j] = 0.5f * dx[i * C + 2 * j] + 0.5f * dx[i * C + (2 * j + 1 < C ? 2 * j + 1 : C - 1)];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C1; j++)
      ux[i * C1 + j] = (i % 2 == 0) ? d1[(i / 2) * C1 + j]
                                    : 0.5f * (d1[(i >> 1) * C1 + j] + d1[clampi((i + 1) / 2, 0, R1 - 1) * C1 + j]);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      out[i * C + j] = in[i * C + j] - ux[i * C1 + j / 2];
  free(dx);
  free(d1);
  free(ux);
}

extern "C" void pyramid_long(long R, long C, const float *in, float *out) {
  long R1 = R / 2, C1 = C / 2;
  float *dx = (float *)malloc(sizeof(float) * R1 * C);
  float *d1 = (float *)malloc(sizeof(float) * R1 * C1);
  float *ux = (float *)malloc(sizeof(float) * R * C1);
  for (long i = 0; i < R1; i++)
    for (long j = 0; j < C; j++)
      dx[i * C + j] = 0.25f * in[clampl(2 * i - 1, 0, R - 1) * C + j] + 0.5f * in[2 * i * C + j] +
                      0.25f * in[clampl(2 * i + 1, 0, R - 1) * C + j];
  for (long i = 0; i < R1; i++)
    for (long j = 0; j < C1; j++)
      d1[i * C1 + j] = 0.5f * dx[i * C + 2 * j] + 0.5f * dx[i * C + std::min(2 * j + 1, C - 1)];
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C1; j++)
      ux[i * C1 + j] = (i % 2 == 0) ? d1[(i / 2) * C1 + j]
                                    : 0.5f * (d1[(i >> 1) * C1 + j] + d1[clampl((i + 1) / 2, 0, R1 - 1) * C1 + j]);
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      out[i * C + j] = in[i * C + j] - ux[i * C1 + j / 2];
  free(dx);
  free(d1);
  free(ux);
}

static int calls;
static int counted(int v) {
  calls++;
  return v;
}
static inline int clamp_counted(int v, int lo, int hi) { return std::min(std::max(counted(v), lo), hi); }

extern "C" void blur_counted(int n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = 0.5f * (in[clamp_counted(i - 1, 0, n - 1)] + in[i]);
  for (int i = 0; i < n; i++)
    out[i] = 0.5f * (t[i] + t[clamp_counted(i + 1, 0, n - 1)]);
  free(t);
}

static int logged;
__attribute__((noinline)) static int note(int v) {
  logged += v;
  return v;
}
static inline int clamp_logged(int v, int lo, int hi) { return std::min(std::max(note(v), lo), hi); }

extern "C" void blur_logged(int n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = 0.5f * (in[clamp_logged(i - 1, 0, n - 1)] + in[i]);
  for (int i = 0; i < n; i++)
    out[i] = 0.5f * (t[i] + t[clamp_logged(i + 1, 0, n - 1)]);
  free(t);
}

static double checksum(const float *a, long n) {
  double s = 0;
  for (long k = 0; k < n; k++)
    s += a[k] * (k % 13 + 1);
  return s;
}

int main(int argc, char **argv) {
  int R = argc > 1 ? atoi(argv[1]) : 64, C = argc > 2 ? atoi(argv[2]) : 48;
  float *in = (float *)malloc(sizeof(float) * R * C), *out = (float *)malloc(sizeof(float) * R * C);
  for (int k = 0; k < R * C; k++)
    in[k] = (float)((k * 7919) % 1000) / 1000.0f;
  pyramid_int(R, C, in, out);
  printf("int %.9g %a\n", checksum(out, (long)R * C), out[R * C / 3]);
  pyramid_long(R, C, in, out);
  printf("long %.9g %a\n", checksum(out, (long)R * C), out[R * C / 3]);
  blur_counted(R * C, in, out);
  printf("counted %.9g %d\n", checksum(out, (long)R * C), calls);
  blur_logged(R * C, in, out);
  printf("logged %.9g %d\n", checksum(out, (long)R * C), logged);
  free(in);
  free(out);
  return 0;
}
