/* The parent and a forked child run different loops: each writes the profile of its own
 * execution, the parent to the path asked for, the child next to it. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static float a[1000];

int main(void) {
  pid_t child = fork();
  if (child == 0) {
    for (int i = 1; i < 1000; i++)
      a[i] = a[i - 1] + 1.0f; /* the child's loop */
    printf("child %f\n", a[999]);
    return 0;
  }
  waitpid(child, NULL, 0);
  for (int i = 1; i < 1000; i++)
    a[i] = a[i - 1] + 2.0f; /* the parent's loop */
  printf("parent %f\n", a[999]);
  return 0;
}
