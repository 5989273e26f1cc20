// polyprop profile report on two pairs of consecutive maps (issue 16, paper 001 section 5's
// "fusion"). In two_maps, `b[i] = a[i] * 2` then `c[i] = b[i] + 1`: equal trip counts, and
// iteration i of the second loop reads what iteration i of the first wrote (the folded
// dependence's label is the consumer's counter), so fusing them is legal. In reads_ahead,
// the second loop reads d[i + 1], which the first loop writes one iteration later: fused,
// iteration i would read it before it is written, so the report says fusion is illegal.
// Each pair is in a noinline function of its own, with int counters; at -O1 clang neither
// vectorizes nor fuses the loops, so the profile sees four loops.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -g -march=x86-64-v3 %s -o %t/fuse
// RUN: %polyprop-cli profile -o %t/fuse.profile -- %t/fuse > /dev/null 2>&1
// RUN: %polyprop-cli profile report %t/fuse.profile --binary %t/fuse --json %t/fuse.json --svg %t/fuse.svg | FileCheck %s
// CHECK: nest at fuse.c:65: {{[0-9.]+}}% of the memory-access instances (2000)
// CHECK-NEXT: loops:
// CHECK-NEXT: loop at fuse.c:65: 1000 iterations in 1 entries; parallel
// CHECK: suggestions:
// CHECK-NEXT: loop at fuse.c:65 is parallel: run its iterations on threads
// CHECK-NEXT: fuse loops at fuse.c:65 and fuse.c:67: the second reads what the first wrote (1000 access instances), at the same iteration
// CHECK: nest at fuse.c:67:
// CHECK: suggestions:
// CHECK-NEXT: loop at fuse.c:67 is parallel: run its iterations on threads
// CHECK-NEXT: fuse loops at fuse.c:65 and fuse.c:67: the second reads what the first wrote (1000 access instances), at the same iteration
// The pair that reads ahead: no fuse suggestion, the illegal one said as such.
// CHECK: nest at fuse.c:72:
// CHECK-NOT: fuse loops at
// CHECK: no fusion of loops at fuse.c:72 and fuse.c:74: illegal, the second reads what the first writes at a later iteration (distance -1, 999 access instances)
// CHECK: nest at fuse.c:74:
// CHECK-NOT: fuse loops at
// CHECK: no fusion of loops at fuse.c:72 and fuse.c:74: illegal
// CHECK-NOT: fuse loops at
// CHECK: parallel, fuse: as far as the profile sees
//
// The same as JSON.
// RUN: FileCheck %s --check-prefix=JSON < %t/fuse.json
// JSON: "kind": "fuse",
// JSON-NEXT: "first_loop": "fuse.c:65",
// JSON-NEXT: "second_loop": "fuse.c:67",
// JSON-NEXT: "instances": 1000,
// JSON-NEXT: "distance": {
// JSON-NEXT: "min": 0,
// JSON-NEXT: "max": 0
// JSON-NEXT: },
// JSON-NEXT: "legality": "legal"
// Each nest lists the fusions of its loops: the first pair comes again in the second nest.
// JSON: "first_loop": "fuse.c:72",
// JSON-NEXT: "second_loop": "fuse.c:74",
// JSON: "legality": "illegal"
//
// The flame graph: both loops of the legal pair in the colour of fusion (and the legend's
// square), the illegal pair not.
// RUN: FileCheck %s --check-prefix=SVG < %t/fuse.svg
// SVG: fuse.c:65 (also parallel)
// SVG: fusion suggested
// RUN: grep -c 'fill="#B07AA1"' %t/fuse.svg | FileCheck %s --check-prefix=PURPLE
// PURPLE: {{^}}3{{$}}

#include <stdio.h>
#include <stdlib.h>

#define N 1000
static float a[N], b[N], c[N], d[N + 1], e[N];

__attribute__((noinline)) void two_maps(int n) {
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 2.0f;
  for (int i = 0; i < n; i++)
    c[i] = b[i] + 1.0f;
}

__attribute__((noinline)) void reads_ahead(int n) {
  for (int i = 0; i < n; i++)
    d[i] = a[i] * 3.0f;
  for (int i = 0; i < n; i++)
    e[i] = d[i + 1] + 1.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  if (n > N)
    n = N;
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 7);
  two_maps(n);
  reads_ahead(n);
  printf("%g %g\n", c[n - 1], e[n / 2]);
  return 0;
}
