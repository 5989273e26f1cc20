/* A 2-D loop nest run once: its first iterations run before any back edge of the nest has
 * executed. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 20, m = 300;
  int *a = calloc(n * m, sizeof(int));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] += i ^ j; /* one load, one store */
  printf("%d\n", a[n * m - 1]);
  return 0;
}
