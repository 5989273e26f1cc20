// print=time gives the times of every try of the transform, each labeled with its try and the
// form of the function it modeled: a function rejected as it was is tried again with its
// loop headers split (the bridge's retries), and both tries cost compile time. The other
// printers tell the last try's outcome. Without retries the lines are unlabeled (clang_time.c).
// RUN: env POLYPROP_OPTIONS='print=transform,time' %clang -O2 -fpass-plugin=%polyprop -c %s -o %t.o | FileCheck %s
// RUN: test -s %t.o
#include <stdlib.h>
void smooth(int reps, int w, int h, float *img) {
  for (int r = 0; r < reps; r++) {
    float *t1 = malloc(sizeof(float) * w * h + 4);
    float *t2 = malloc(sizeof(float) * w * h + 4);
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
        t1[y * w + x] = (img[y * w + xl] + img[y * w + x] + img[y * w + xr]) / 3.0f;
      }
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
        t2[y * w + x] = (t1[yu * w + x] + t1[y * w + x] + t1[yd * w + x]) / 3.0f;
      }
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
        img[y * w + x] = img[y * w + x] + 0.5f * (img[y * w + x] - t2[y * w + x]);
    free(t1);
    free(t2);
  }
}
// CHECK: polyprop-time: function smooth, loop nests (try 1, as canonicalized): detect and model {{[0-9]+\.[0-9][0-9][0-9]}} s
// CHECK-NOT: polyprop-time
// CHECK: polyprop: function smooth, loop nests: transformed: 1 temporaries removed
// CHECK-NEXT: polyprop-time: function smooth, loop nests (try 2, loop headers split): detect and model {{[0-9.]+}} s, {{.*}}code generation {{[0-9.]+}} s{{$}}
