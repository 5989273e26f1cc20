// A 4-D grid addressed by hand as bilateral_grid.c does: sizes computed in the function
// (GX = (R-1)/8 + 2, GY = (C-1)/8 + 2) and a constant innermost size GZ = 16. The stride of
// x, GY*GZ, reaches the affinator as 32 + 16*floor((C-1)/8): a parameter atom that must keep
// only its primitive part (GY) to be a factor of the stride of c, GX*GY*GZ. Before, the
// function body was rejected ("non-constant step"); now it is one SCoP whose grid has the
// rows 16*GY, and the program prints the same with and without the plugin.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// CHECK-LABEL: polyprop-detect: function grid_blur
// CHECK-NEXT: SCoP function body:
// CHECK-NOT: rejected
// CHECK: array grid[*][{{.*}}][{{.*}}]: f32
// RUN: %clang -O3 %s -o %t.naive
// RUN: %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void grid_blur(long R, long C, float *restrict grid, float *restrict out) {
  long GX = (R - 1) / 8 + 2, GY = (C - 1) / 8 + 2, GZ = 16;
  for (long c = 0; c < 2; c++)
    for (long x = 0; x < GX; x++)
      for (long y = 0; y < GY; y++)
        for (long z = 0; z < GZ; z++)
          grid[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] = (float)(c + x * 3 + y * 5 + z);
  for (long c = 0; c < 2; c++)
    for (long x = 1; x < GX - 1; x++)
      for (long y = 0; y < GY; y++)
        for (long z = 0; z < GZ; z++)
          out[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] =
              grid[c * (GX * GY * GZ) + (x - 1) * (GY * GZ) + y * GZ + z] +
              2.0f * grid[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] +
              grid[c * (GX * GY * GZ) + (x + 1) * (GY * GZ) + y * GZ + z];
}

int main(void) {
  long R = 37, C = 29, n = 2 * ((R - 1) / 8 + 2) * ((C - 1) / 8 + 2) * 16;
  float *grid = calloc(n, sizeof(float)), *out = calloc(n, sizeof(float));
  grid_blur(R, C, grid, out);
  double sum = 0;
  for (long k = 0; k < n; k++)
    sum += out[k] * (double)(k % 7 + 1);
  printf("%.1f %g %g\n", sum, out[n / 2], out[n - 40]);
  free(grid);
  free(out);
  return 0;
}
