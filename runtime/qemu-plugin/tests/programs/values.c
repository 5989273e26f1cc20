/* At -O0 the loop counter lives in memory: with values=on, its loads and stores are labeled
 * with i (an induction variable), and the store to a[i] with 3 * i + 1. */
#include <stdio.h>
long a[1000];
int main(void) {
  for (long i = 0; i < 1000; i++)
    a[i] = 3 * i + 1; /* the store of values */
  printf("%ld\n", a[999]);
  return 0;
}
