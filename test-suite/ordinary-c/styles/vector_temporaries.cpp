// The unsharp mask's stages as C++ writes them: std::vector<float> temporaries (value-
// initialized: operator new, a length check that throws, a zero fill, a delete), int counters,
// std::min/std::max clamps at the borders (scripts/bench-c-styles.sh).
#include <algorithm>
#include <vector>

extern "C" void pipeline(int w, int h, const float *in, float *out) {
  std::vector<float> blurx(w * h), blury(w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      blurx[y * w + x] = 0.25f * in[y * w + std::max(x - 1, 0)] + 0.5f * in[y * w + x] + 0.25f * in[y * w + std::min(x + 1, w - 1)];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      blury[y * w + x] = 0.25f * blurx[std::max(y - 1, 0) * w + x] + 0.5f * blurx[y * w + x] + 0.25f * blurx[std::min(y + 1, h - 1) * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.75f * (in[y * w + x] - blury[y * w + x]);
}
