// Rows of a std::vector<std::vector<float>> from a profile (issues 15 and 14): Rodinia's
// backprop kernels written in C++, the weights a vector of row vectors. `w[k][j]` loads row
// k's begin pointer from the outer vector's storage, where the rows are records of three
// pointers (begin, end, capacity): the row subscript steps by 3 pointers (`one pointer in 3`,
// `Array::row_stride`), and the run-time check (polyprop.rows) reads every third pointer, the
// begin pointers only. Before, it read all three and the zero gap between a row's end and
// capacity pointers failed it: the kernels were transformed and never ran.
// - layerforward: `int` counters, a sum down each column into `above[j]`, then squash.
// - adjust_weights: two tables, updated in place.
// Layouts at run time (argv[3]): 0 the rows as the vectors were built (ascending, as
// profiled), 1 the rows reversed (std::reverse swaps the vectors' records: the begin pointers
// descend, the check fails and the original code runs). Outputs identical in both.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang++-14 -O3 -march=x86-64-v3 -g %s -o %t/rows.v3
// RUN: %polyprop-cli profile -o %t/rows.profile -- %t/rows.v3 256 1 0 > /dev/null 2>&1
// RUN: clang++-14 -O3 -march=native -g %s -o %t/plain
// RUN: env POLYPROP_OPTIONS='profile=%t/rows.profile;print=transform' clang++-14 -O3 -march=native -g -fpass-plugin=%polyprop %s -o %t/rows 2>&1 | FileCheck %s
// CHECK-DAG: polyprop: function _Z12layerforward{{.*}}, function body: transformed: 0 temporaries removed, {{.*}}, rescheduled
// CHECK-DAG: polyprop: function _Z14adjust_weights{{.*}}, function body: transformed: 0 temporaries removed, {{.*}}, rescheduled
// RUN: env POLYPROP_OPTIONS='profile=%t/rows.profile;print=scops' clang++-14 -O3 -march=native -g -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: polyprop-scops: function _Z12layerforward
// MODEL: f32 live-out (rows of a row-pointer table, one pointer in 3, checked at run time to ascend apart)
// MODEL: read: {{.*}} -> MemRef{{[0-9]+}}[3*i1, i0 + 1] }
// RUN: bash -c 'for layout in 0 1; do %t/plain 4096 2 $layout > %t/plain.$layout && %t/rows 4096 2 $layout > %t/rows.$layout && cmp %t/plain.$layout %t/rows.$layout || exit 1; done'

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

using Matrix = std::vector<std::vector<float>>;

__attribute__((const, noinline)) static float squash(float x) { return 0.5f + 0.5f * x / (1.0f + (x < 0 ? -x : x)); }

__attribute__((noinline)) void layerforward(std::vector<float> &below, std::vector<float> &above, Matrix &weight, int n_below, int n_above) {
  below[0] = 1.0f;
  for (int j = 1; j <= n_above; j++) {
    float sum = 0.0f;
    for (int k = 0; k <= n_below; k++)
      sum += weight[k][j] * below[k];
    above[j] = squash(sum);
  }
}

__attribute__((noinline)) void adjust_weights(std::vector<float> &delta, int n_delta, std::vector<float> &unit, int n_unit, Matrix &weight, Matrix &previous) {
  unit[0] = 1.0f;
  for (int j = 1; j <= n_delta; j++)
    for (int k = 0; k <= n_unit; k++) {
      float change = 0.3f * delta[j] * unit[k] + 0.3f * previous[k][j];
      weight[k][j] += change;
      previous[k][j] = change;
    }
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), reps = atoi(argv[2]), layout = atoi(argv[3]), hidden = 16;
  Matrix w(n + 1, std::vector<float>(hidden + 1)), prev(n + 1, std::vector<float>(hidden + 1));
  std::vector<float> input(n + 1), hid(hidden + 1), delta(hidden + 1);
  for (int k = 0; k <= n; k++) {
    input[k] = (float)((k * 7919) % 1000) / 1000.0f;
    for (int j = 0; j <= hidden; j++)
      w[k][j] = (float)(((k + 3) * (j + 7)) % 101) / 101.0f - 0.5f;
  }
  if (layout == 1) {
    std::reverse(w.begin(), w.end());
    std::reverse(prev.begin(), prev.end());
  }
  for (int j = 0; j <= hidden; j++)
    delta[j] = (float)(j % 5) / 7.0f;
  for (int r = 0; r < reps; r++) {
    layerforward(input, hid, w, n, hidden);
    adjust_weights(delta, hidden, input, n, w, prev);
  }
  uint64_t h = 1469598103934665603ULL;
  auto mix = [&](const std::vector<float> &v) {
    const unsigned char *b = (const unsigned char *)v.data();
    for (size_t i = 0; i < v.size() * sizeof(float); i++) { h ^= b[i]; h *= 1099511628211ULL; }
  };
  mix(hid);
  for (auto &row : w) mix(row);
  for (auto &row : prev) mix(row);
  printf("%016llx\n", (unsigned long long)h);
  return 0;
}
