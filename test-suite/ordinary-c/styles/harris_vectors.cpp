// Harris corners as C++ writes them: std::vector<float> temporaries for the gradients and
// their windowed products, int counters, the 3x3 window as two small loops accumulating in
// scalars (scripts/bench-c-styles.sh). The border of the output keeps zeros.
#include <vector>

extern "C" void pipeline(int w, int h, const float *in, float *out) {
  std::vector<float> ix(w * h), iy(w * h), sxx(w * h), sxy(w * h), syy(w * h);
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      iy[y * w + x] = (in[(y + 1) * w + x - 1] - in[(y - 1) * w + x - 1]) / 12.0f + (in[(y + 1) * w + x] - in[(y - 1) * w + x]) / 6.0f +
                      (in[(y + 1) * w + x + 1] - in[(y - 1) * w + x + 1]) / 12.0f;
      ix[y * w + x] = (in[(y - 1) * w + x + 1] - in[(y - 1) * w + x - 1]) / 12.0f + (in[y * w + x + 1] - in[y * w + x - 1]) / 6.0f +
                      (in[(y + 1) * w + x + 1] - in[(y + 1) * w + x - 1]) / 12.0f;
    }
  for (int y = 2; y < h - 2; y++)
    for (int x = 2; x < w - 2; x++) {
      float a = 0, b = 0, c = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          float gx = ix[(y + dy) * w + x + dx], gy = iy[(y + dy) * w + x + dx];
          a += gx * gx;
          b += gx * gy;
          c += gy * gy;
        }
      sxx[y * w + x] = a;
      sxy[y * w + x] = b;
      syy[y * w + x] = c;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = 0.0f;
  for (int y = 2; y < h - 2; y++)
    for (int x = 2; x < w - 2; x++) {
      float det = sxx[y * w + x] * syy[y * w + x] - sxy[y * w + x] * sxy[y * w + x];
      float trace = sxx[y * w + x] + syy[y * w + x];
      out[y * w + x] = det - 0.04f * trace * trace;
    }
}
