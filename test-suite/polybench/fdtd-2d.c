/* fdtd-2d: 2-D finite-difference time-domain kernel (float): E and H field updates with a
 * source row taken from fict[t]. */
#include "checksum.h"

#if defined(LARGE)
#define TMAX 500
#define NX 1000
#define NY 1200
#elif defined(MEDIUM)
#define TMAX 60
#define NX 300
#define NY 340
#else
#define TMAX 12
#define NX 50
#define NY 60
#endif

static void init_array(int tmax, int nx, int ny, float ex[NX][NY], float ey[NX][NY],
                       float hz[NX][NY], float fict[TMAX]) {
  for (int t = 0; t < tmax; t++)
    fict[t] = (float)t;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      ex[i][j] = ((float)i * (j + 1)) / nx;
      ey[i][j] = ((float)i * (j + 2)) / ny;
      hz[i][j] = ((float)i * (j + 3)) / nx;
    }
}

static void kernel_fdtd_2d(int tmax, int nx, int ny, float ex[NX][NY], float ey[NX][NY],
                           float hz[NX][NY], float fict[TMAX]) {
  for (int t = 0; t < tmax; t++) {
    for (int j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5f * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5f * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7f * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(void) {
  float (*ex)[NY] = malloc(sizeof(float[NX][NY]));
  float (*ey)[NY] = malloc(sizeof(float[NX][NY]));
  float (*hz)[NY] = malloc(sizeof(float[NX][NY]));
  float *fict = malloc(sizeof(float[TMAX]));
  init_array(TMAX, NX, NY, ex, ey, hz, fict);
  TIMER_START();
  kernel_fdtd_2d(TMAX, NX, NY, ex, ey, hz, fict);
  TIMER_PRINT(kernel_fdtd_2d);
  print_float("ex", &ex[0][0], NX * NY);
  print_float("ey", &ey[0][0], NX * NY);
  print_float("hz", &hz[0][0], NX * NY);
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
