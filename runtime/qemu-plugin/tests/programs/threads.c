/* Four threads run the same loop nest on rows of their own, concurrently: each thread's
 * instances must fold over its own iteration vectors. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define N 20000
static float data[THREADS][N];

static void *work(void *arg) {
  long t = (long)arg;
  for (int r = 0; r < 10; r++)
    for (long i = 1; i < N; i++)
      data[t][i] = data[t][i - 1] * 0.5f + (float)r; /* the kernel store */
  return NULL;
}

int main(void) {
  pthread_t threads[THREADS];
  for (long t = 0; t < THREADS; t++)
    pthread_create(&threads[t], NULL, work, (void *)t);
  for (long t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
  printf("%f\n", data[THREADS - 1][N - 1]);
  return 0;
}
