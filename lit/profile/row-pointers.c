// Row-pointer tables from a profile (issue 15): `float **w` read as `w[k][j]` is one
// two-dimensional array when the profile saw its accesses affine; the generated code runs only
// where the rows ascend apart from one another and from every other array (polyprop.rows in
// the run-time check), else the original code runs.
// - smooth_rows: `int` counters, a recurrence along each row walked column by column (the
//   source's j outer, k inner), as Rodinia's backprop walks its weights: rescheduled so that
//   the inner loop walks a row.
// - column_sums: `long` counters, `double **` in one block, a sum per column into `out`.
// - in_nest: the nest of a function that calls puts before it and printf after it, versioned
//   in place.
// - clip_rows (negative twin): rows written under a data-dependent condition: not modeled.
// Layouts at run time (argv[2]): 0 rows one malloc each (ascending, as profiled), 1 one block
// cut into rows, 2 rows in descending order, 3 rows overlapping (w[k + 1] = w[k] + 1: the
// interchanged order would give other values), 4 `out` inside the first row, 5 rows shuffled.
// Layouts 2-5 fail the check: the original code runs and every output is the plain build's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O3 -march=x86-64-v3 -g %s -o %t/rows.v3
// RUN: %polyprop-cli profile -o %t/rows.profile -- %t/rows.v3 40 0 > /dev/null 2>&1
// RUN: env POLYPROP_OPTIONS='print=transform' %clang -O3 -march=native -g -fpass-plugin=%polyprop %s -o %t/plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN-DAG: polyprop: function smooth_rows, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// PLAIN-DAG: polyprop: function column_sums, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// RUN: env POLYPROP_OPTIONS='profile=%t/rows.profile;print=transform' %clang -O3 -march=native -g -fpass-plugin=%polyprop %s -o %t/rows 2>&1 | FileCheck %s
// CHECK-DAG: polyprop: function smooth_rows, function body: transformed: 0 temporaries removed, {{.*}}, rescheduled {{.*}} bands tiled
// CHECK-DAG: polyprop: function column_sums, function body: transformed: 0 temporaries removed, {{.*}}, rescheduled {{.*}} bands tiled
// CHECK-DAG: polyprop: function in_nest, loop nest at {{.*}}: transformed: 0 temporaries removed, {{.*}}, rescheduled {{.*}} bands tiled
//
// The model: the rows of each table, and the loops of smooth_rows interchanged in the AST.
// RUN: env POLYPROP_OPTIONS='profile=%t/rows.profile;print=scops' %clang -O3 -march=native -g -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: polyprop-scops: function smooth_rows, function body
// MODEL: array w[*][*]: f32 live-out (rows of a row-pointer table, checked at run time to ascend apart)
// MODEL: write: [m, n] -> { S{{[0-9]+}}[i0, i1] -> w[i1, i0 + 1] }
// MODEL-LABEL: polyprop-scops: function column_sums, function body
// MODEL: array a[*][*]: f64 live-out (rows of a row-pointer table, checked at run time to ascend apart)
// RUN: env POLYPROP_OPTIONS='profile=%t/rows.profile;print=detect' %clang -O3 -march=native -g -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GUARDED
// GUARDED-LABEL: polyprop-detect: function clip_rows
// GUARDED-NEXT: rejected function body: unknown base pointer: not yet: a row-pointer table read under a data-dependent condition
//
// Differential: every layout at 16 times the profiled size, the profile build against the
// plain one.
// RUN: bash -c 'for layout in 0 1 2 3 4 5; do %t/plain 640 $layout > %t/plain.$layout && %t/rows 640 $layout > %t/rows.$layout && cmp %t/plain.$layout %t/rows.$layout || exit 1; done'
//
// A profile of shuffled rows saw no affine access of the tables: nothing is modeled from it,
// and the reason says what a profile would do.
// RUN: %polyprop-cli profile -o %t/shuffled.profile -- %t/rows.v3 40 5 > /dev/null 2>&1
// RUN: env POLYPROP_OPTIONS='profile=%t/shuffled.profile;print=detect' %clang -O3 -march=native -g -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHUFFLED
// SHUFFLED-LABEL: polyprop-detect: function smooth_rows
// SHUFFLED-NEXT: rejected function body: unknown base pointer: base address computed inside the region: {{.*}} (row pointers: with a profile that saw this access affine (profile=FILE), the rows are checked at run time)

#include <stdio.h>
#include <stdlib.h>

#define COLUMNS 19

__attribute__((noinline)) void smooth_rows(int n, int m, float **w, const float *x) {
  for (int j = 1; j < m; j++)
    for (int k = 0; k < n; k++)
      w[k][j] = w[k][j - 1] * 0.5f + x[k];
}

__attribute__((noinline)) void column_sums(long n, long m, double **a, double *out) {
  for (long j = 0; j < m; j++) {
    double s = 0.0;
    for (long k = 0; k < n; k++)
      s += a[k][j];
    out[j] = s;
  }
}

/* The nest inside a function that does more (a call before and after it): versioned in place. */
__attribute__((noinline)) float in_nest(float **w, const float *x, int n, int m) {
  if (n > 100000)
    puts("large");
  for (int j = 1; j < m; j++)
    for (int k = 0; k < n; k++)
      w[k][j] = w[k][j - 1] * 0.25f + x[k];
  printf("in_nest %d\n", n);
  return w[0][m - 1];
}

/* Negative twin: the rows are written only under a data-dependent condition, where the source
   may not read every row pointer between the first and the last. */
__attribute__((noinline)) void clip_rows(int n, int m, float **w, const float *x) {
  for (int j = 0; j < m; j++)
    for (int k = 0; k < n; k++)
      if (x[k] > 2.0f)
        w[k][j] = 2.0f;
}

/* Row pointers of `rows` rows of `columns` elements of `size` bytes, laid out as `layout` says. */
static void **table(int rows, int columns, size_t size, int layout) {
  void **t = malloc(rows * sizeof(void *));
  char *block = calloc((size_t)(rows + 1) * columns, size);
  for (int r = 0; r < rows; r++) {
    switch (layout) {
    case 0: t[r] = calloc(columns, size); break;
    case 2: t[r] = block + (size_t)(rows - 1 - r) * columns * size; break;
    case 3: t[r] = block + (size_t)r * size; break;
    case 5: t[r] = block + (size_t)((r * 7) % rows) * columns * size; break;
    default: t[r] = block + (size_t)r * columns * size; break;
    }
  }
  return t;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  int layout = argc > 2 ? atoi(argv[2]) : 0;
  if (layout == 5 && n % 7 == 0)
    n++; /* 7 generates the rows mod n */
  float **w = (float **)table(n, COLUMNS, sizeof(float), layout);
  double **a = (double **)table(n, COLUMNS, sizeof(double), layout);
  float *x = malloc(n * sizeof(float));
  double *out = layout == 4 ? a[0] : malloc(COLUMNS * sizeof(double));
  for (int k = 0; k < n; k++) {
    x[k] = (float)(k % 13) * 0.25f;
    for (int j = 0; j < COLUMNS; j++) {
      w[k][j] = (float)((k * 31 + j * 7) % 17);
      a[k][j] = (double)((k * 17 + j * 5) % 23) * 0.125;
    }
  }
  smooth_rows(n, COLUMNS, w, x);
  column_sums(n, COLUMNS, a, out);
  clip_rows(n, COLUMNS, w, x);
  printf("%a\n", in_nest(w, x, n, COLUMNS));
  for (int k = 0; k < n; k += n / 8 + 1)
    for (int j = 0; j < COLUMNS; j++)
      printf("%a %a\n", w[k][j], a[k][j]);
  for (int j = 0; j < COLUMNS; j++)
    printf("%a\n", out[j]);
  return 0;
}
