// A kept temporary written in place of one whose last stage is its first (pass/src/codegen/
// in_place.rs), as interpolate's ip_l = d_l + (1 - alpha(d_l)) * up(...) is written over d_l.
// Three stages t -> d -> ip -> out per function, t propagated, d and ip kept (keep=):
// - same_element reads d at the element it writes and at its alpha plane (written last, by the
//   outermost plane loop's last iteration): ip takes d's allocation, one malloc;
// - ahead also reads the next column, which it has not yet overwritten: one malloc;
// - behind reads the previous column, which it has overwritten: two mallocs;
// - gathered_after: a later stage reads ip at a data-dependent column (local Laplacian's
//   levels): one malloc; gathering: ip's own stage reads d at one: two mallocs;
// - parallel=on: same_element's loops run in any order, two mallocs.
// Outputs identical at every size and the new code runs.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks;keep=d,ip' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.new 2>&1 | FileCheck %s --check-prefix=PRINT
// RUN: sh -c 'for s in "1 1" "5 3" "17 31" "200 64" "0 3" "3 0"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "5 3" "17 31" "200 64" "0 3" "3 0"; do %t.new $s; done' > %t.new.out 2> %t.new.trace
// RUN: cmp %t.naive.out %t.new.out
// RUN: FileCheck %s --check-prefix=RAN < %t.new.trace
// RUN: %ir %s -o %t.ll
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop<keep=d;keep=ip>' %t.ll | FileCheck %s --check-prefix=IR
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop<keep=d;keep=ip;parallel=on>' %t.ll | FileCheck %s --check-prefix=PARALLEL
// PRINT: polyprop: function same_element, function body: transformed: 1 temporaries removed, {{.*}}; storage shared: ip in d
// PRINT: polyprop: function ahead, function body: transformed: 1 temporaries removed, {{.*}}; storage shared: ip in d
// PRINT: polyprop: function behind, function body: transformed: 1 temporaries removed,
// PRINT-NOT: storage shared
// PRINT-SAME: {{$}}
// PRINT: polyprop: function gathered_after, function body: transformed: {{[0-9]+}} temporaries removed, {{.*}}; storage shared: ip in d
// PRINT: polyprop: function gathering, function body: transformed: {{[0-9]+}} temporaries removed,
// PRINT-NOT: storage shared
// PRINT-SAME: {{$}}
// RAN-DAG: polyprop: new code of same_element
// RAN-DAG: polyprop: new code of ahead
// RAN-DAG: polyprop: new code of behind
// RAN-DAG: polyprop: new code of gathered_after
// RAN-DAG: polyprop: new code of gathering
// IR-LABEL: define internal void @same_element.polyprop(
// IR-COUNT-1: call i8* @malloc(
// IR-NOT: @malloc(
// IR: ret void
// IR-LABEL: define internal void @ahead.polyprop(
// IR-COUNT-1: call i8* @malloc(
// IR-NOT: @malloc(
// IR: ret void
// IR-LABEL: define internal void @behind.polyprop(
// IR-COUNT-2: call i8* @malloc(
// IR-NOT: @malloc(
// IR: ret void
// IR-LABEL: define internal void @gathered_after.polyprop(
// IR-COUNT-1: call i8* @malloc(
// IR-NOT: @malloc(
// IR: ret void
// IR-LABEL: define internal void @gathering.polyprop(
// IR-COUNT-2: call i8* @malloc(
// IR-NOT: @malloc(
// IR: ret void
// PARALLEL-LABEL: define internal void @same_element.polyprop(
// PARALLEL-COUNT-2: call i8* @malloc(
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#define AT(a, c, i, j) a[((c) * R + (i)) * C + (j)]

static inline long lmin(long a, long b) { return a < b ? a : b; }
static inline long lmax(long a, long b) { return a > b ? a : b; }

#define STAGES(NAME, EXTRA, OUT)                                                     \
  __attribute__((noinline)) void NAME(long R, long C, const float *img, float *out) { \
    float *t = malloc(sizeof(float) * 4 * R * C), *d = malloc(sizeof(float) * 4 * R * C); \
    float *ip = malloc(sizeof(float) * 4 * R * C);                                    \
    for (long c = 0; c < 4; c++)                                                     \
      for (long i = 0; i < R; i++)                                                   \
        for (long j = 0; j < C; j++)                                                 \
          AT(t, c, i, j) = AT(img, c, i, j) * 3.0f;                                  \
    for (long c = 0; c < 4; c++)                                                     \
      for (long i = 0; i < R; i++)                                                   \
        for (long j = 0; j < C; j++)                                                 \
          AT(d, c, i, j) = AT(t, c, i, j) * 0.5f + 0.25f;                            \
    for (long c = 0; c < 4; c++)                                                     \
      for (long i = 0; i < R; i++)                                                   \
        for (long j = 0; j < C; j++)                                                 \
          AT(ip, c, i, j) = AT(d, c, i, j) + (1.0f - AT(d, 3, i, j)) * AT(img, c, i, j) EXTRA; \
    for (long c = 0; c < 4; c++)                                                     \
      for (long i = 0; i < R; i++)                                                   \
        for (long j = 0; j < C; j++)                                                 \
          AT(out, c, i, j) = OUT;                                                    \
    free(t); free(d); free(ip);                                                      \
  }

#define OUT_STENCIL AT(ip, c, i, j) * 2.0f - AT(ip, c, lmax(i - 1, 0), j)
// A column chosen by the image's value, as local Laplacian reads its levels.
#define COLUMN(v) lmin(lmax((long)((v) * (float)C), 0), C - 1)
#define OUT_GATHER AT(ip, c, i, COLUMN(AT(img, c, i, j))) - AT(ip, c, i, j)

STAGES(same_element, , OUT_STENCIL)
STAGES(ahead, +AT(d, c, i, lmin(j + 1, C - 1)) * 0.5f, OUT_STENCIL)
STAGES(behind, +AT(d, c, i, lmax(j - 1, 0)) * 0.5f, OUT_STENCIL)
STAGES(gathered_after, , OUT_GATHER)
STAGES(gathering, +AT(d, c, i, COLUMN(AT(img, c, i, j))) * 0.5f, OUT_STENCIL)

static uint64_t hash(const float *a, long n) {
  uint64_t h = 1469598103934665603ull;
  for (long k = 0; k < n; k++) {
    uint32_t b;
    __builtin_memcpy(&b, &a[k], 4);
    h = (h ^ b) * 1099511628211ull;
  }
  return h;
}

int main(int argc, char **argv) {
  long R = atol(argv[1]), C = atol(argv[2]);
  float *img = malloc(sizeof(float) * (4 * R * C + 1)), *out = calloc(4 * R * C + 1, sizeof(float));
  for (long k = 0; k < 4 * R * C; k++) img[k] = (float)((k * 37 + 11) % 53) / 53.0f;
  same_element(R, C, img, out);
  printf("%ld %ld %016llx", R, C, (unsigned long long)hash(out, 4 * R * C));
  ahead(R, C, img, out);
  printf(" %016llx", (unsigned long long)hash(out, 4 * R * C));
  behind(R, C, img, out);
  printf(" %016llx", (unsigned long long)hash(out, 4 * R * C));
  gathered_after(R, C, img, out);
  printf(" %016llx", (unsigned long long)hash(out, 4 * R * C));
  gathering(R, C, img, out);
  printf(" %016llx\n", (unsigned long long)hash(out, 4 * R * C));
  return 0;
}
