#include <stdio.h>
static float x[4096], y[4096];
int main(void) {
  for (int i = 0; i < 4096; i++)
    x[i] = (float)(i % 17);
  for (int i = 0; i < 4096; i++)
    y[i] = 2.5f * x[i] + y[(i * 7) & 4095];
  float s = 0.0f;
  for (int i = 0; i < 4096; i++)
    s += y[i];
  printf("%g\n", s);
  return 0;
}
