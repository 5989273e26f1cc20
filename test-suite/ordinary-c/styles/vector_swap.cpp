// Time steps in C++ whose grids are std::vectors swapped whole, `std::swap(u, v)` on the
// vectors (scripts/bench-c-styles.sh): each step computes a gradient into a std::vector made
// before the time loop and updates the other grid from it; long counters, std::min/std::max
// clamps at the borders. Each nest reloads the vectors' data pointers, which the swap
// exchanges; the transform loads them once per step, before the steps
// (lit/codegen/swapped-grids.cpp), and the gradient goes.
#include <algorithm>
#include <utility>
#include <vector>

extern "C" void pipeline(int w, int h, const float *in, float *out) {
  enum { STEPS = 8 };
  long W = w, H = h;
  std::vector<float> u(in, in + W * H), v(W * H), g(W * H);
  for (int t = 0; t < STEPS; t++) {
    for (long y = 0; y < H; y++)
      for (long x = 0; x < W; x++)
        g[y * W + x] = u[y * W + std::min(x + 1, W - 1)] - u[y * W + x];
    for (long y = 0; y < H; y++)
      for (long x = 0; x < W; x++)
        v[y * W + x] = u[y * W + x] + 0.2f * (g[y * W + x] - g[y * W + std::max(x - 1, 0L)]);
    std::swap(u, v);
  }
  std::copy(u.begin(), u.end(), out);
}
