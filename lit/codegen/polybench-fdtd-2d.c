// PolyBench-style fdtd-2d end to end: the 2-D finite-difference time-domain kernel on ex, ey, hz, VLA parameters. It allocates nothing, so it has no temporary array and
// polyprop must leave it alone ("not transformed: nothing propagated") and the binaries built by
// clang-14 -O3 with and without the plugin must print bit-identical hashes of every output.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function kernel_fdtd_2d, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM-NOT: function kernel_{{.*}}: transformed:
// OUTPUT: ex {{[0-9a-f]+}}
// OUTPUT-NEXT: ey {{[0-9a-f]+}}
// OUTPUT-NEXT: hz {{[0-9a-f]+}}
#include "Inputs/harness.h"

void kernel_fdtd_2d(long tmax, long nx, long ny, double ex[nx][ny], double ey[nx][ny],
                    double hz[nx][ny], double fict[tmax]) {
  for (long t = 0; t < tmax; t++) {
    for (long j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (long i = 1; i < nx; i++)
      for (long j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (long i = 0; i < nx; i++)
      for (long j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (long i = 0; i < nx - 1; i++)
      for (long j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(void) {
  long tmax = 6, nx = 33, ny = 41;
  double (*ex)[ny] = malloc(sizeof(double) * nx * ny);
  double (*ey)[ny] = malloc(sizeof(double) * nx * ny);
  double (*hz)[ny] = malloc(sizeof(double) * nx * ny);
  double *fict = malloc(sizeof(double) * tmax);
  harness_fill_double(&ex[0][0], nx * ny);
  harness_fill_double(&ey[0][0], nx * ny);
  harness_fill_double(&hz[0][0], nx * ny);
  harness_fill_double(fict, tmax);
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, fict);
  harness_print("ex", ex, sizeof(double) * nx * ny);
  harness_print("ey", ey, sizeof(double) * nx * ny);
  harness_print("hz", hz, sizeof(double) * nx * ny);
  return 0;
}
