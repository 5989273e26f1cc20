/* srad-like: speckle-reducing anisotropic diffusion, in the style of Rodinia's srad_v1
 * (main.c): the image is stored by columns (element (i, j) at i + rows * j), and the
 * neighbours across the borders come from index arrays north/south (per row) and
 * west/east (per column) that clamp at the edges, so every neighbour access goes through a
 * loaded index. Sizes and counters are `long`; the coefficient is clamped to [0, 1].
 *
 * One iteration (the kernel `srad`): the image statistics give q0^2, then per pixel the four
 * differences and the diffusion coefficient, then the update from the coefficients of the
 * pixel and its south and east neighbours.
 *
 * Usage: srad N [REPS]: an N x N image; REPS iterations.
 */
#include "common.h"

/* north/south: per row, the row above and below (clamped); west/east: per column, the
 * column left and right (clamped). d_*: the differences to the four neighbours. */
KERNEL void srad(long rows, long cols, float *image, const int *north, const int *south, const int *west,
                 const int *east, float *d_north, float *d_south, float *d_west, float *d_east, float *coefficient,
                 float lambda) {
  double sum = 0.0, sum2 = 0.0;
  for (long j = 0; j < cols; j++)
    for (long i = 0; i < rows; i++) {
      float v = image[i + rows * j];
      sum += v;
      sum2 += v * v;
    }
  float mean = (float)(sum / (double)(rows * cols));
  float variance = (float)(sum2 / (double)(rows * cols)) - mean * mean;
  float q0sqr = variance / (mean * mean);

  for (long j = 0; j < cols; j++) {
    for (long i = 0; i < rows; i++) {
      long k = i + rows * j;
      float centre = image[k];
      d_north[k] = image[north[i] + rows * j] - centre;
      d_south[k] = image[south[i] + rows * j] - centre;
      d_west[k] = image[i + rows * west[j]] - centre;
      d_east[k] = image[i + rows * east[j]] - centre;
      float g2 = (d_north[k] * d_north[k] + d_south[k] * d_south[k] + d_west[k] * d_west[k] +
                  d_east[k] * d_east[k]) / (centre * centre);
      float l = (d_north[k] + d_south[k] + d_west[k] + d_east[k]) / centre;
      float numerator = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
      float denominator = 1.0f + 0.25f * l;
      float qsqr = numerator / (denominator * denominator);
      denominator = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
      float c = 1.0f / (1.0f + denominator);
      coefficient[k] = c < 0.0f ? 0.0f : (c > 1.0f ? 1.0f : c);
    }
  }

  for (long j = 0; j < cols; j++) {
    for (long i = 0; i < rows; i++) {
      long k = i + rows * j;
      float c_north = coefficient[k];
      float c_south = coefficient[south[i] + rows * j];
      float c_west = coefficient[k];
      float c_east = coefficient[i + rows * east[j]];
      float divergence = c_north * d_north[k] + c_south * d_south[k] + c_west * d_west[k] + c_east * d_east[k];
      image[k] = image[k] + 0.25f * lambda * divergence;
    }
  }
}

int main(int argc, char **argv) {
  long n = argument(argc, argv, 1, 128);
  long reps = argument(argc, argv, 2, 1);
  long rows = n, cols = n;
  uint64_t seed = 13;
  float *image = (float *)malloc(sizeof(float) * (size_t)(rows * cols));
  for (long k = 0; k < rows * cols; k++)
    image[k] = 1.0f + random_unit(&seed);
  int *north = (int *)malloc(sizeof(int) * (size_t)rows), *south = (int *)malloc(sizeof(int) * (size_t)rows);
  int *west = (int *)malloc(sizeof(int) * (size_t)cols), *east = (int *)malloc(sizeof(int) * (size_t)cols);
  for (long i = 0; i < rows; i++) {
    north[i] = (int)(i == 0 ? 0 : i - 1);
    south[i] = (int)(i == rows - 1 ? rows - 1 : i + 1);
  }
  for (long j = 0; j < cols; j++) {
    west[j] = (int)(j == 0 ? 0 : j - 1);
    east[j] = (int)(j == cols - 1 ? cols - 1 : j + 1);
  }
  float *fields[5];
  for (int f = 0; f < 5; f++)
    fields[f] = (float *)malloc(sizeof(float) * (size_t)(rows * cols));
  printf("size: %ld\n", n);
  for (long rep = 0; rep < reps; rep++) {
    double start = now_ms();
    srad(rows, cols, image, north, south, west, east, fields[0], fields[1], fields[2], fields[3], fields[4], 0.5f);
    report_time("srad", start);
  }
  checksum_floats("image", image, rows * cols);
  checksum_floats("coefficient", fields[4], rows * cols);
  return 0;
}
