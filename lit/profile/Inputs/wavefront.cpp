// Edit distance by anti-diagonals, in C++: a flattened (n + 1) x (n + 1) table (`d[i * w + j]`),
// `int` counters, `std::min` of the three neighbours, the diagonal's first and last rows from
// `std::max` and `std::min`. The inner loop walks a diagonal: a row minus one element apart.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

__attribute__((noinline)) void edit_distance(int n, int *d, const char *a, const char *b) {
  const int w = n + 1;
  for (int s = 2; s <= 2 * n; s++)
    for (int i = std::max(1, s - n); i <= std::min(n, s - 1); i++) {
      const int j = s - i;
      d[i * w + j] = std::min(std::min(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1), d[(i - 1) * w + j - 1] + (a[i] != b[j]));
    }
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 64;
  std::vector<char> a(n + 1), b(n + 1);
  unsigned state = 11;
  for (int i = 0; i <= n; i++) {
    state = state * 1103515245u + 12345u;
    a[i] = "ACGT"[(state >> 16) & 3];
    state = state * 1103515245u + 12345u;
    b[i] = "ACGT"[(state >> 16) & 3];
  }
  std::vector<int> d((n + 1) * (n + 1));
  for (int i = 0; i <= n; i++)
    d[i * (n + 1)] = d[i] = i;
  edit_distance(n, d.data(), a.data(), b.data());
  long sum = 0;
  for (int v : d)
    sum = sum * 31 + v;
  std::printf("distance %d checksum %ld\n", d[n * (n + 1) + n], sum);
  return 0;
}
