// polyprop profile report on stencils in time (issue 16: "a stencil gets 'parallel' on its
// outer loop and skew/tiling on the time loop"; paper 001 section 5).
// - jacobi: `for t { for i: B[i] = f(A[i-1], A[i], A[i+1]); for i: A[i] = f(B[i-1], B[i],
//   B[i+1]); }` (PolyBench's jacobi-1d): each spatial loop is parallel; the folded distances
//   along (t, i), the two i loops aligned, are (1, -1..1) from the second sweep to the first
//   and (0, -1..1) from the first to the second: fused, the second sweep runs one iteration
//   behind (shift 1), and then skewing by 2 x t makes every distance non-negative (isl and
//   Pluto tile it as (t, 2t + i) and (t, 2t + i + 1)). isl's schedule of the profile has a
//   permutable band whose second member combines t and i.
// - seidel: in place, `for t for i: S[i] = (S[i-lag] + S[i] + S[i+lag]) / 3` with the lag read
//   at run time (with a constant 1 LLVM keeps S[i-1] in a register and the profile would not
//   see that dependence; recurrence.c says why): distances (0, lag), (1, 0) and (1, -lag),
//   so no loop is parallel and the smallest skew is lag x t: run with lag 1 and lag 2.
// - blur (no time loop, out of place): parallel, nothing skewed.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -g -march=x86-64-v3 %s -o %t/stencil-time
// RUN: %polyprop-cli profile -o %t/lag1.profile -- %t/stencil-time 1 > /dev/null 2>&1
// RUN: %polyprop-cli profile report %t/lag1.profile --binary %t/stencil-time --json %t/lag1.json --svg %t/lag1.svg | FileCheck %s
// CHECK: nest at stencil-time.c:[[#JACOBI:]]:
// CHECK-NEXT: loops:
// CHECK-NEXT: loop at stencil-time.c:[[#JACOBI]]: 20 iterations in 1 entries; carries
// CHECK-NEXT: loop at stencil-time.c:[[#JACOBI+1]]: {{[0-9]+}} iterations in 20 entries; parallel
// CHECK-NEXT: loop at stencil-time.c:[[#JACOBI+3]]: {{[0-9]+}} iterations in 20 entries; parallel
// CHECK: suggestions:
// CHECK-NEXT: loop at stencil-time.c:[[#JACOBI+1]] is parallel: run its iterations on threads
// CHECK-NEXT: loop at stencil-time.c:[[#JACOBI+3]] is parallel: run its iterations on threads
// CHECK: skew loops at stencil-time.c:[[#JACOBI+1]] and stencil-time.c:[[#JACOBI+3]] (fused, the loop at stencil-time.c:[[#JACOBI+3]] 1 iteration(s) behind) by 2 x t, t the counter of the loop at stencil-time.c:[[#JACOBI]], and tile the loops at stencil-time.c:[[#JACOBI]], stencil-time.c:[[#JACOBI+1]] and stencil-time.c:[[#JACOBI+3]] (time tiling): dependence {{.*}} (distance (1, -1)) makes plain tiles illegal; skewed, every distance the profile saw is non-negative; isl's schedule of the profile skews them too
// CHECK-NEXT: isl schedule on the profile: band of 2 members, permutable, no parallel member, skewed members: 2
//
// CHECK: nest at stencil-time.c:[[#SEIDEL:]]:
// CHECK-NEXT: loops:
// CHECK-NEXT: loop at stencil-time.c:[[#SEIDEL]]: 20 iterations in 1 entries; carries
// CHECK-NEXT: loop at stencil-time.c:[[#SEIDEL+1]]: {{[0-9]+}} iterations in 20 entries; carries
// CHECK: suggestions:
// CHECK-NOT: is parallel
// CHECK: skew loop at stencil-time.c:[[#SEIDEL+1]] by 1 x t, t the counter of the loop at stencil-time.c:[[#SEIDEL]], and tile the loops at stencil-time.c:[[#SEIDEL]] and stencil-time.c:[[#SEIDEL+1]] (time tiling): dependence stencil-time.c:[[#SEIDEL+2]]:{{[0-9]+}} -> stencil-time.c:[[#SEIDEL+2]]:{{[0-9]+}} (distance (1, -1)) makes plain tiles illegal
// CHECK-NEXT: isl schedule on the profile: band of 2 members, permutable, no parallel member, skewed members: 2
//
// CHECK: nest at stencil-time.c:[[#BLUR:]]:
// CHECK: suggestions:
// CHECK-NEXT: loop at stencil-time.c:[[#BLUR]] is parallel: run its iterations on threads
// CHECK-NEXT: loop at stencil-time.c:[[#BLUR+1]] is parallel
// CHECK-NEXT: isl schedule on the profile: band of 2 members, permutable, parallel members: 1, 2{{$}}
//
// A lag of 2 asks for a skew by 2.
// RUN: %polyprop-cli profile -o %t/lag2.profile -- %t/stencil-time 2 > /dev/null 2>&1
// RUN: %polyprop-cli profile report %t/lag2.profile --binary %t/stencil-time | FileCheck %s --check-prefix=LAG2
// LAG2: skew loop at stencil-time.c:{{[0-9]+}} by 2 x t, {{.*}} (distance (1, -2)) makes plain tiles illegal
//
// In the JSON, the suggestion with its axes, factors and shifts.
// RUN: FileCheck %s --check-prefix=JSON < %t/lag1.json
// JSON: "kind": "skew_and_tile",
// JSON-NEXT: "time_loop": "stencil-time.c:[[#JACOBI:]]",
// JSON-NEXT: "axes": [
// JSON-NEXT: {
// JSON-NEXT: "loops": [
// JSON-NEXT: "stencil-time.c:[[#JACOBI+1]]",
// JSON-NEXT: "stencil-time.c:[[#JACOBI+3]]"
// JSON-NEXT: ],
// JSON-NEXT: "shifts": [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "factor": 2
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON-NEXT: "legality": "legal",
// JSON: "isl_skews": true
// JSON: "skewed_members": [
// JSON-NEXT: 2
// JSON-NEXT: ]
//
// The flame graph: the five loops of the two nests in time in the colour of skew and tile
// (plus the legend's square), the blur's in the colour of parallel loops.
// RUN: FileCheck %s --check-prefix=SVG < %t/lag1.svg
// SVG: skew and tile suggested
// RUN: grep -c 'fill="#76B7B2"' %t/lag1.svg | FileCheck %s --check-prefix=TEAL
// TEAL: {{^}}6{{$}}

#include <stdio.h>
#include <stdlib.h>

#define N 200
#define T 20
static float A[N], B[N], S[N], in[64][64], out[64][64];

__attribute__((noinline)) void jacobi(int tsteps, int n) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333f * (B[i - 1] + B[i] + B[i + 1]);
  }
}

__attribute__((noinline)) void seidel(int tsteps, int n, long lag) {
  for (int t = 0; t < tsteps; t++)
    for (long i = lag; i < n - lag; i++)
      S[i] = (S[i - lag] + S[i] + S[i + lag]) / 3.0f;
}

__attribute__((noinline)) void blur(int n) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i][j] = (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]) * 0.25f;
}

int main(int argc, char **argv) {
  long lag = argc > 1 ? atol(argv[1]) : 1;
  for (int i = 0; i < N; i++)
    A[i] = S[i] = (float)(i % 7);
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      in[i][j] = (float)((i * 7 + j) % 13);
  jacobi(T, N);
  seidel(T, N, lag);
  blur(40);
  printf("%g %g %g\n", A[N / 2], S[N / 2], out[32][32]);
  return 0;
}
