/* A loop-carried dependence through memory: a[i] reads a[i - 1] written one iteration before.
 * Compiled at -O0 so that the value goes through memory. */
#include <stdio.h>

float a[1000], b[1000];

int main(void) {
  for (int i = 0; i < 1000; i++)
    b[i] = (float)i;
  a[0] = 1.0f;
  for (int i = 1; i < 1000; i++)
    a[i] = a[i - 1] * 0.5f + b[i];
  printf("%f\n", a[999]);
  return 0;
}
