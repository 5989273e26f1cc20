// The C++ forms of swapped-grids.c: time steps whose grids std::swap exchanges, with
// std::vector temporaries. One made once before the time loop is zero-filled there by its
// constructor, outside the steps' SCoP: those zeros could only be read by the first step, and
// the steps rewrite the vector before they read it (`Contents::Carried`), so it is a
// temporary of the steps. Its storage is allocated only where n != 0: the run-time check and
// the new code take the phi of the allocation and the null pointer (`arrays::value_at_entry`;
// the allocation itself does not dominate the steps, and the versioned function did not
// verify). The time loop holds no temporary of its own, so the steps inside it are tried
// anyway (`arrays::accesses_earlier_allocation`).
// - smooth_steps: raw pointers swapped by std::swap, `int` counters;
// - heat<T>: a template on the element type, flux vectors for x and y, `long` counters,
//   instantiated for float and double;
// - made_each_step: the vector made at each step instead, inside the time loop: its storage
//   is merged with the null pointer of `n == 0` in a block whose branch guards its fill loop;
//   the transform's fourth try gives those phis a block of their own
//   (`splitPhisBeforeNests`), and the sequence starts after them;
// - vectors_swapped: the std::vectors themselves swapped, `std::swap(a, b)` on a vector passed
//   by reference and a local one: each nest's preheader reloads their data pointers, inside
//   the steps; the transform's fifth try loads them in the time loop's header, where no write
//   of the step comes before them (`hoistPointerLoads`), and they are values from before the
//   steps, one per step. Its twin vectors_renewed gives `b` new storage between the nests
//   (`b = std::vector<float>(a)`): the second nest's load of `b`'s data pointer stays after
//   that write, and the copy's construction keeps the steps apart (rejected: the stores of
//   its pointers end every sequence of nests, and the time loop holds the copy's invoke).
// Outputs identical at every size; the new code runs at every step (RAN, at n = 20).
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for n in 0 1 2 3 20 300; do %t.naive $n; done' > %t.naive.out
// RUN: sh -c 'for n in 0 1 2 3 20 300; do %t.pp $n; done' > %t.pp.out 2> /dev/null
// RUN: cmp %t.naive.out %t.pp.out
// RUN: %t.pp 20 2>&1 >/dev/null | sort | uniq -c | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function _Z12smooth_stepsiiPfS_, loop nests: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z4heatIfEvllPT_S1_, loop nests: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function _Z4heatIdEvllPT_S1_, loop nests: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function _Z14made_each_stepiiPfS_, loop nests: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z15vectors_swappediiRSt6vectorIfSaIfEE, loop nests: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z15vectors_renewediiRSt6vectorIfSaIfEE, loop nest: not transformed: rejected: unsupported instruction: instruction invoke
// RAN-DAG: 5 polyprop: new code of _Z12smooth_stepsiiPfS_.
// RAN-DAG: 3 polyprop: new code of _Z4heatIfEvllPT_S1_.
// RAN-DAG: 3 polyprop: new code of _Z4heatIdEvllPT_S1_.
// RAN-DAG: 4 polyprop: new code of _Z14made_each_stepiiPfS_.
// RAN-DAG: 5 polyprop: new code of _Z15vectors_swappediiRSt6vectorIfSaIfEE.
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

__attribute__((noinline)) void smooth_steps(int n, int steps, float *a, float *b) {
  std::vector<float> d(n);
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      d[i] = a[i + 1] - a[i - 1];
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i] + 0.25f * d[i];
    std::swap(a, b);
  }
}

template <typename T> __attribute__((noinline)) void heat(long n, long steps, T *u, T *v) {
  std::vector<T> fx(n), fy(n);
  for (long t = 0; t < steps; t++) {
    for (long i = 1; i < n - 1; i++)
      fx[i] = u[i + 1] - u[i];
    for (long i = 1; i < n - 1; i++)
      fy[i] = u[i] - u[i - 1];
    for (long i = 1; i < n - 1; i++)
      v[i] = u[i] + T(0.1) * (fx[i] - fy[i]);
    std::swap(u, v);
  }
}

__attribute__((noinline)) void made_each_step(int n, int steps, float *a, float *b) {
  for (int t = 0; t < steps; t++) {
    std::vector<float> d(n);
    for (int i = 1; i < n - 1; i++)
      d[i] = a[i + 1] - 2.0f * a[i] + a[i - 1];
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i] + 0.2f * d[i];
    std::swap(a, b);
  }
}

__attribute__((noinline)) void vectors_swapped(int n, int steps, std::vector<float> &a) {
  long w = n / 4, h = 4;
  std::vector<float> b(a), g(n);
  for (int t = 0; t < steps; t++) {
    for (long y = 0; y < h; y++)
      for (long x = 1; x < w; x++)
        g[y * w + x] = a[y * w + x] - a[y * w + x - 1];
    for (long y = 0; y < h; y++)
      for (long x = 1; x < w - 1; x++)
        b[y * w + x] = a[y * w + x] + 0.25f * (g[y * w + x + 1] - g[y * w + x]);
    std::swap(a, b);
  }
}

__attribute__((noinline)) void vectors_renewed(int n, int steps, std::vector<float> &a) {
  long w = n / 4, h = 4;
  std::vector<float> b(a), g(n);
  for (int t = 0; t < steps; t++) {
    for (long y = 0; y < h; y++)
      for (long x = 1; x < w; x++)
        g[y * w + x] = a[y * w + x] - a[y * w + x - 1];
    b = std::vector<float>(a);
    for (long y = 0; y < h; y++)
      for (long x = 1; x < w - 1; x++)
        b[y * w + x] = a[y * w + x] + 0.25f * (g[y * w + x + 1] - g[y * w + x]);
    std::swap(a, b);
  }
}

template <typename T> static double sum(const std::vector<T> &x, double w) {
  double s = 0;
  for (T e : x)
    s = s * w + e;
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  std::vector<float> a(n), b(n), p(n), q(n), w(n), z(n);
  std::vector<double> r(n), s(n);
  for (int i = 0; i < n; i++) {
    a[i] = b[i] = p[i] = q[i] = w[i] = z[i] = (float)((i * 37) % 11) * 0.5f;
    r[i] = s[i] = (double)((i * 13) % 7) * 0.25;
  }
  smooth_steps(n, 5, a.data(), b.data());
  heat<float>(n, 3, p.data(), q.data());
  heat<double>(n, 3, r.data(), s.data());
  made_each_step(n, 4, b.data(), a.data());
  vectors_swapped(n, 5, w);
  vectors_renewed(n, 5, z);
  printf("%a %a %a %a %a %a %a %a\n", sum(a, 1.5), sum(b, 1.5), sum(p, 1.25), sum(q, 1.25), sum(r, 1.125), sum(s, 1.125), sum(w, 1.5), sum(z, 1.5));
  return 0;
}
