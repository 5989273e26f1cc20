/* deriche: Deriche's recursive edge-detection filter (float): causal and anticausal passes
 * along rows, then along columns. The recursions carry scalars from one iteration to the
 * next with rotations (ym2 = ym1; ym1 = y); y1 and y2 are local heap temporaries. */
#include <math.h>
#include "checksum.h"

#ifdef MEDIUM
#define W 720
#define H 480
#else
#define W 64
#define H 48
#endif

static void init_array(int w, int h, float *alpha, float imgIn[W][H]) {
  *alpha = 0.25f;
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      imgIn[i][j] = (float)((313 * i + 991 * j) % 65536) / 65535.0f;
}

static void kernel_deriche(int w, int h, float alpha, float imgIn[W][H], float imgOut[W][H]) {
  float (*y1)[H] = malloc(sizeof(float[W][H]));
  float (*y2)[H] = malloc(sizeof(float[W][H]));
  float xm1, tm1, ym1, ym2;
  float xp1, xp2, tp1, tp2, yp1, yp2;

  float e = expf(-alpha);
  float k = (1.0f - e) * (1.0f - e) / (1.0f + 2.0f * alpha * e - expf(-2.0f * alpha));
  float a1 = k, a5 = k;
  float a2 = k * e * (alpha - 1.0f), a6 = a2;
  float a3 = k * e * (alpha + 1.0f), a7 = a3;
  float a4 = -k * expf(-2.0f * alpha), a8 = a4;
  float b1 = 2.0f * e;
  float b2 = -expf(-2.0f * alpha);
  float c1 = 1.0f, c2 = 1.0f;

  for (int i = 0; i < w; i++) {
    ym1 = 0.0f;
    ym2 = 0.0f;
    xm1 = 0.0f;
    for (int j = 0; j < h; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  for (int i = 0; i < w; i++) {
    yp1 = 0.0f;
    yp2 = 0.0f;
    xp1 = 0.0f;
    xp2 = 0.0f;
    for (int j = h - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);
  for (int j = 0; j < h; j++) {
    tm1 = 0.0f;
    ym1 = 0.0f;
    ym2 = 0.0f;
    for (int i = 0; i < w; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  for (int j = 0; j < h; j++) {
    tp1 = 0.0f;
    tp2 = 0.0f;
    yp1 = 0.0f;
    yp2 = 0.0f;
    for (int i = w - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
  free(y1);
  free(y2);
}

int main(void) {
  float alpha;
  float (*imgIn)[H] = malloc(sizeof(float[W][H]));
  float (*imgOut)[H] = malloc(sizeof(float[W][H]));
  init_array(W, H, &alpha, imgIn);
  kernel_deriche(W, H, alpha, imgIn, imgOut);
  print_float("imgOut", &imgOut[0][0], W * H);
  free(imgIn);
  free(imgOut);
  return 0;
}
