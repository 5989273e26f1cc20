// Folded relations vs. static ones (issue 16): on four PolyBench-style kernels (gemm,
// jacobi-1d, a 2-D blur, atax; small copies of test-suite/polybench, one nest per function,
// array parameters as PolyBench passes them) isl's scheduler on the folded profile gives the
// same band structure as on the static model of the same source: `polyprop profile report
// --static` schedules the plugin's print<polyprop-scops<lang>> of each nest's function as the
// static side's `schedule` does (its constraints, options, quota and watchdog; before
// propagation and tiling) and compares: as many bands, and band by band the same depth,
// members, permutability and parallel members. Each nest's two band lines are also compared
// here, captured from the profile's and checked equal in the static one's.
//
// What may differ legitimately, and why these kernels agree anyway: the profile traces
// read-after-write dependences through memory only. gemm's C[i][j] and atax's tmp[i] stay in
// memory in the k and j loops (the arrays are parameters that may alias: LICM keeps the
// load and store), so their reductions are seen; jacobi-1d's write-after-read dependences
// (the next sweep overwrites what this one reads) ask for the same skew as its
// read-after-write ones; the blur has none. The profile has one statement per source line,
// the model one per store: one store per line here. Skewed members are shown, not compared
// (isl may skew the same band differently). Kept out: a kernel whose temporary lives in a
// register (a scalar reduction: the profile sees no dependence and calls the loop parallel),
// and a function with two outermost loops (the profile's nest is one of them, the model the
// function body).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -g -march=x86-64-v3 %s -o %t/kernels
// RUN: %polyprop-cli profile -o %t/kernels.profile -- %t/kernels > /dev/null 2>&1
// RUN: %ir %s -o %t/kernels.ll
// RUN: %model'print<polyprop-scops<lang>>' %t/kernels.ll > %t/kernels.scops 2>&1
// RUN: %polyprop-cli profile report %t/kernels.profile --binary %t/kernels --static %t/kernels.scops --json %t/kernels.json --top 10 | FileCheck %s
//
// gemm: isl distributes the scaling C[i][j] *= beta (a band of i, j) and the product (a band
// of i, k, j), both permutable with i and j parallel, on both sides.
// CHECK-LABEL: nest at folded-vs-static.c:[[#GEMM:]]:
// CHECK: isl schedule on the profile: [[GEMM_BANDS:.*permutable.*]]{{$}}
// CHECK: isl schedule of the static model kernel_gemm: [[GEMM_BANDS]]{{$}}
// CHECK-NEXT: agrees with the profile's: bands, members, permutability and parallel members
//
// atax: tmp[i] = 0 in a band of its own, then the reduction into tmp[i] along j and the
// update of y[j] at every i, each a band of (i, j) with only its first member parallel.
// CHECK-LABEL: nest at folded-vs-static.c:[[#ATAX:]]:
// CHECK: isl schedule on the profile: [[ATAX_BANDS:.*permutable.*]]{{$}}
// CHECK: isl schedule of the static model kernel_atax: [[ATAX_BANDS]]{{$}}
// CHECK-NEXT: agrees with the profile's
//
// The blur: one permutable band of two parallel members.
// CHECK-LABEL: nest at folded-vs-static.c:[[#BLUR:]]:
// CHECK: isl schedule on the profile: [[BLUR_BANDS:band of 2 members, permutable, parallel members: 1, 2]]{{$}}
// CHECK: isl schedule of the static model kernel_blur: [[BLUR_BANDS]]{{$}}
// CHECK-NEXT: agrees with the profile's
//
// jacobi-1d: permutable only skewed, on both sides (the profile's skew-and-tile suggestion
// with it); no parallel member.
// CHECK-LABEL: nest at folded-vs-static.c:[[#JACOBI:]]:
// CHECK: skew loops at folded-vs-static.c:{{[0-9]+}} and folded-vs-static.c:{{[0-9]+}} (fused, {{.*}}) by 2 x t
// CHECK: isl schedule on the profile: [[JACOBI_BANDS:band of 2 members, permutable, no parallel member]], skewed members: 2{{$}}
// CHECK: isl schedule of the static model kernel_jacobi_1d: [[JACOBI_BANDS]], skewed members: 2{{$}}
// CHECK-NEXT: agrees with the profile's
// CHECK-NOT: differs from the profile's
//
// The JSON has the comparison per nest: no difference in any.
// RUN: FileCheck %s --check-prefix=JSON < %t/kernels.json
// RUN: grep -c '"static_schedule"' %t/kernels.json | FileCheck %s --check-prefix=FOUR
// FOUR: {{^}}4{{$}}
// JSON: "static_schedule": {
// JSON-NEXT: "scop": "kernel_gemm",
// JSON: "differences": []
// JSON-NOT: "differences": [{{$}}
//
// A mismatch is said: the gemm profile against atax's model, by renaming the SCoPs.
// RUN: sed -e 's/function kernel_gemm,/function kernel_tmp,/' -e 's/function kernel_atax,/function kernel_gemm,/' %t/kernels.scops > %t/swapped.scops
// RUN: %polyprop-cli profile report %t/kernels.profile --binary %t/kernels --static %t/swapped.scops --top 10 | FileCheck %s --check-prefix=SWAPPED
// SWAPPED: isl schedule of the static model kernel_atax:
// SWAPPED-NEXT: differs from the profile's: {{.+}}

#include <stdio.h>
#include <string.h>

#define NI 16
#define NJ 18
#define NK 20
#define N 40
#define T 8

__attribute__((noinline)) void kernel_gemm(int ni, int nj, int nk, double alpha, double beta, double C[NI][NJ],
                                           double A[NI][NK], double B[NK][NJ]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

__attribute__((noinline)) void kernel_jacobi_1d(int tsteps, int n, float A[N], float B[N]) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333f * (B[i - 1] + B[i] + B[i + 1]);
  }
}

__attribute__((noinline)) void kernel_blur(int n, float in[N][N], float out[N][N]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i][j] = 0.2f * (in[i][j] + in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}

// y is cleared by the caller: the profile reports one outermost loop per nest, the static
// model is the function body (PolyBench's y[i] = 0 loop here would be a nest of its own, or
// at -O1 a memset, and a band the profile's nest has not).
__attribute__((noinline)) void kernel_atax(int m, int n, double A[N][N], double x[N], double y[N], double tmp[N]) {
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

static double gA[NI][NK], gB[NK][NJ], gC[NI][NJ], aA[N][N], ax[N], ay[N], atmp[N];
static float jA[N], jB[N], bin[N][N], bout[N][N];

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      gA[i][k] = (i * k % 7) / 7.0;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      gB[k][j] = (k + j) % 5;
  for (int i = 0; i < N; i++) {
    jA[i] = i % 3;
    ax[i] = i % 4;
    for (int j = 0; j < N; j++)
      aA[i][j] = bin[i][j] = (i + j) % 9;
  }
  kernel_gemm(NI, NJ, NK, 1.5, 1.2, gC, gA, gB);
  kernel_jacobi_1d(T, N, jA, jB);
  kernel_blur(N, bin, bout);
  memset(ay, 0, sizeof ay);
  kernel_atax(N, N, aA, ax, ay, atmp);
  printf("%g %g %g %g\n", gC[3][4], jA[N / 2], bout[5][6], ay[7]);
  return 0;
}
