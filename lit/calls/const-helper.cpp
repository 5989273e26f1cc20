// C++ helpers that stay calls (noinline), called by their mangled names. One declared
// [[gnu::const]], taking a float and an int, is an operation of the blur's statements, and the
// temporary disappears. One without any attribute whose body touches no memory is an
// operation too: the pass runs at the start of clang's pipeline, before LLVM infers that it
// is readnone, and infers it itself (bridge.cpp, `isMemoryless`); its temporary, read at i and
// i - 1, is kept (two calls per iteration: the code-complexity heuristic's limit on calls of
// the program's functions). One that reads a global table ([[gnu::pure]]: readonly, not
// readnone) stays a reject reason naming the callee. Outputs identical with and without the
// plugin at two sizes.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out && %t.naive 37 >> %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out && %t.polyprop 37 >> %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function _Z10blur_gammaiPKfPf, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z11blur_scaledlPKfPf, function body: not transformed: nothing propagated: no temporary array removed
// CHECK-DAG: polyprop: function _Z11blur_tabledlPKfPf, function body: not transformed: rejected: call with side effects: call to _ZL6tabledf reads memory
#include <cstdio>
#include <cstdlib>
#include <vector>

[[gnu::const, gnu::noinline]] static float gamma_of(float x, int level) {
  return x * x * (float)(level + 1);
}

[[gnu::noinline]] static float scaled(float x) { return x < 0.0f ? -0.25f * x : 2.0f * x; }

static float table[4] = {0.5f, 1.5f, 2.5f, 3.5f};
[[gnu::pure, gnu::noinline]] static float tabled(float x) { return x * table[1]; }

void blur_gamma(int n, const float *in, float *out) {
  float *t = new float[n];
  for (int i = 0; i < n; i++)
    t[i] = gamma_of(in[i], i % 4);
  for (int i = 1; i < n - 1; i++)
    out[i] = t[i] / 3.0f - in[i];
  delete[] t;
}

void blur_scaled(long n, const float *in, float *out) {
  float *t = new float[n];
  for (long i = 0; i < n; i++)
    t[i] = scaled(in[i]);
  for (long i = 1; i < n; i++)
    out[i] = t[i] - t[i - 1];
  delete[] t;
}

void blur_tabled(long n, const float *in, float *out) {
  float *t = new float[n];
  for (long i = 0; i < n; i++)
    t[i] = tabled(in[i]);
  for (long i = 1; i < n; i++)
    out[i] = t[i] + t[i - 1];
  delete[] t;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1000;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; i++) a[i] = (float)((i * 29) % 83) / 5.0f - 8.0f;
  float s = 0;
  blur_gamma(n, a.data(), b.data());
  for (int i = 0; i < n; i++) s += b[i] * (float)(i % 7);
  blur_scaled(n, a.data(), b.data());
  for (int i = 0; i < n; i++) s += b[i] * (float)(i % 5);
  blur_tabled(n, a.data(), b.data());
  for (int i = 0; i < n; i++) s += b[i] * (float)(i % 3);
  std::printf("%.9g\n", s);
  return 0;
}
