// C that checks its sizes and indices with assert, as defensive C is written. A failed assert
// calls a function that does not return: an error path (pass/src/region.rs). The branches into
// error paths become assumptions that no instance takes them (affine conditions on the sizes
// and iterators); the run-time check proves them before the new code runs, and sends the sizes
// for which some assert would fail to the original code, which fails it at the same point,
// after the same writes. Twins: an assert on the data is rejected (whether it fails is known
// only by running the stages), and an assert that fails in the middle of a stage (h > limit)
// aborts the same way in both builds.
// RUN: clang-14 -O3 -DCOUNTING_MALLOC -c %s -o %t.malloc.o
// RUN: clang-14 -O3 %s %t.malloc.o -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang-14 -O3 -fpass-plugin=%polyprop %s %t.malloc.o -o %t.polyprop 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS=print=scops clang-14 -O3 -g -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASSUMED
// RUN: sh -c 'for s in "1 1 9" "2 2 9" "7 5 9" "31 17 17" "300 200 200" "3 1 1"; do %t.naive $s; done' > %t.naive.out 2> %t.naive.mallocs
// RUN: sh -c 'for s in "1 1 9" "2 2 9" "7 5 9" "31 17 17" "300 200 200" "3 1 1"; do %t.polyprop $s; done' > %t.polyprop.out 2> %t.polyprop.mallocs
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=NAIVE-MALLOCS < %t.naive.mallocs
// RUN: FileCheck %s --check-prefix=MALLOCS < %t.polyprop.mallocs
// RUN: sh -c '%t.naive 7 5 3; echo "exit $?"; %t.naive 0 3 3; echo "exit $?"' > %t.naive.fail 2>&1
// RUN: sh -c '%t.polyprop 7 5 3; echo "exit $?"; %t.polyprop 0 3 3; echo "exit $?"' > %t.polyprop.fail 2>&1
// RUN: sed -e 's/\.naive/.X/' -e '/allocations/d' %t.naive.fail > %t.naive.fail.x
// RUN: sed -e 's/\.polyprop/.X/' -e '/allocations/d' %t.polyprop.fail > %t.polyprop.fail.x
// RUN: cmp %t.naive.fail.x %t.polyprop.fail.x
// RUN: FileCheck %s --check-prefix=FAIL < %t.polyprop.fail
// CHECK-DAG: polyprop: function blur_asserted, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function rows_below, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function double_checked, function body: not transformed: rejected: non-affine condition: branch on a non-affine value: {{.*}} fcmp ord float
// The asserts that hold on every instance (xl >= 0 && xr < w) assume nothing.
// ASSUMED: scop: blur_asserted
// ASSUMED-NOT: scop:
// ASSUMED: assumed context: [h, w] -> {  : h > 0 and w > 0 }    ; the error path (to __assert_fail) is not taken at {{.*}}error-paths.c:{{[0-9]+}}:3
// ASSUMED-NOT: assumed context:
// ASSUMED: scop: rows_below
// ASSUMED-NOT: scop:
// ASSUMED: assumed context: {{.*}}limit >= h{{.*}} ; the error path (to __assert_fail) is not taken at {{.*}}error-paths.c:{{[0-9]+}}:5
// The original code allocates the temporary, the new code does not: it ran.
// NAIVE-MALLOCS: rows_below 300 x 200 below 200: 1 allocations
// NAIVE-MALLOCS: blur_asserted 300 x 200: 1 allocations
// MALLOCS: rows_below 300 x 200 below 200: 0 allocations
// MALLOCS: blur_asserted 300 x 200: 0 allocations
// FAIL: Assertion `y < limit' failed.
// FAIL: exit 134
// FAIL: Assertion `w > 0 && h > 0' failed.
// FAIL: exit 134
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef COUNTING_MALLOC
// Built apart (-DCOUNTING_MALLOC): malloc counting its calls, so that a run shows whether the
// new code ran (it allocates no removed temporary) or the original did.
extern void *__libc_malloc(size_t);
long mallocs = 0;
void *malloc(size_t n) {
  mallocs++;
  return __libc_malloc(n);
}
#else
extern long mallocs;

void blur_asserted(int w, int h, const float *in, float *out) {
  assert(w > 0 && h > 0);
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x + 1 < w ? x + 1 : x;
      assert(xl >= 0 && xr < w);
      t[y * w + x] = (in[y * w + xl] + in[y * w + x] + in[y * w + xr]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      assert(x < w && y < h);
      out[y * w + x] = in[y * w + x] - 0.5f * t[y * w + x];
    }
  free(t);
}

// Fails its assert at row `limit` when h > limit, after the rows above are written.
void rows_below(int w, int h, int limit, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = 2.0f * in[y * w + x];
  for (int y = 0; y < h; y++) {
    assert(y < limit);
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x] + 1.0f;
  }
  free(t);
}

// An assert on the data.
void double_checked(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      assert(in[y * w + x] == in[y * w + x]);
      t[y * w + x] = 2.0f * in[y * w + x];
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x] + 1.0f;
  free(t);
}

static uint64_t hash(const float *p, size_t n, uint64_t hs) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < sizeof(float) * n; i++) { hs ^= b[i]; hs *= 1099511628211ULL; }
  return hs;
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]), limit = atoi(argv[3]);
  size_t n = (size_t)(w > 0 ? w : 1) * (h > 0 ? h : 1);
  float *in = malloc(sizeof(float) * n), *out = calloc(n, sizeof(float));
  for (size_t i = 0; i < n; i++) in[i] = (float)((i * 7919 + 13) % 1000) / 37.0f;
  uint64_t hs = 1469598103934665603ULL;
  long before = mallocs;
  rows_below(w, h, limit, in, out);
  fprintf(stderr, "rows_below %d x %d below %d: %ld allocations\n", w, h, limit, mallocs - before);
  hs = hash(out, n, hs);
  before = mallocs;
  blur_asserted(w, h, in, out);
  fprintf(stderr, "blur_asserted %d x %d: %ld allocations\n", w, h, mallocs - before);
  hs = hash(out, n, hs);
  double_checked(w, h, in, out);
  hs = hash(out, n, hs);
  printf("%016llx\n", (unsigned long long)hs);
  return 0;
}
#endif
