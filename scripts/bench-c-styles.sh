#!/usr/bin/env bash
# Benchmark (not a test): pipelines written with the C and C++ habits of issue 14 that polyprop
# learned to transform (test-suite/ordinary-c/styles/: calloc'd temporaries whose zero border
# a stage reads, the same cleared with malloc + memset, pointwise stages as flat loops over
# w * h, stages joined by memcpy, a stencil under a condition on the data, time steps whose grids
# swap by pointer, a stage function called at each step; C++ std::vector temporaries with
# std::min/std::max clamps, and harris with them, std::vector grids swapped whole), at
# W x H, built by clang-14 (clang++-14 for .cpp) -O3 -march=native plainly, with Polly (-mllvm -polly)
# and with polyprop. ROUNDS processes of each binary, interleaved; each runs the pipeline
# three times and its first (cold: page faults of the temporaries) run is dropped. Prints the
# medians and the speedups over plain -O3, checks that the three outputs are identical, and
# writes docs/benchmarks/c-styles.{txt,csv,svg}.
#   scripts/bench-c-styles.sh [ROUNDS] [W H]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5} W=${2:-2048} H=${3:-2048}
plugin=${POLYPROP_PLUGIN:-$PWD/target/release/libpolyprop.so}
[ -x target/release/polyprop-plot ] || { echo "build first: cargo build --release --workspace" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
src=test-suite/ordinary-c/styles
programs=(calloc_border memset_border flat_pointwise memcpy_stages masked_stencil swapped_grids stage_calls vector_temporaries vector_swap harris_vectors)
variants=(naive polly polyprop)
flags=(-O3 -march=native)
median() { sort -n "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
for p in "${programs[@]}"; do
  echo "building $p: naive, polly, polyprop" >&2
  if [ -f $src/$p.cpp ]; then cc=(clang++-14 -x c $src/main.c -x c++ $src/$p.cpp); else cc=(clang-14 $src/$p.c $src/main.c); fi
  "${cc[@]}" "${flags[@]}" -o "$dir/$p.naive"
  "${cc[@]}" "${flags[@]}" -mllvm -polly -o "$dir/$p.polly"
  POLYPROP_OPTIONS=print=transform "${cc[@]}" "${flags[@]}" -fpass-plugin="$plugin" -o "$dir/$p.polyprop" 2>&1 |
    grep "function pipeline" | sed 's/^polyprop: function pipeline, //' |
    awk 'NR == 1 {first = $0} /: transformed/ {done = $0} END {print (done != "" ? done : first)}' > "$dir/$p.said"
  for v in "${variants[@]}"; do : > "$dir/$p.$v.times"; done
done
for r in $(seq "$rounds"); do
  for p in "${programs[@]}"; do
    for v in "${variants[@]}"; do
      "$dir/$p.$v" "$W" "$H" 3 > "$dir/$p.$v.out" 2> "$dir/$p.$v.round"
      tail -n +2 "$dir/$p.$v.round" >> "$dir/$p.$v.times"
    done
  done
  echo "round $r/$rounds" >&2
done
for p in "${programs[@]}"; do
  cmp "$dir/$p.naive.out" "$dir/$p.polly.out" && cmp "$dir/$p.naive.out" "$dir/$p.polyprop.out" ||
    { echo "$p: outputs differ" >&2; exit 1; }
done
mkdir -p docs/benchmarks
{
  echo "C written with calloc, memset, flat loops, memcpy between stages, a stage under a data condition, time steps that swap grids by pointer and that call a stage function, C++ with std::vector temporaries and grids swapped whole (test-suite/ordinary-c/styles/), $W x $H floats,"
  echo "clang-14 -O3 -march=native, median of $((2 * rounds)) warm runs ($rounds processes, interleaved),"
  echo "$(date -u +%Y-%m-%d), $(nproc) shared cores; outputs identical (naive, Polly, polyprop) for every program"
  echo
  printf "%-18s %-10s %10s %10s   %s\n" program variant "ms" "speedup" "polyprop's verdict"
  for p in "${programs[@]}"; do
    naive=$(median "$dir/$p.naive.times")
    for v in "${variants[@]}"; do
      t=$(median "$dir/$p.$v.times")
      note=""
      [ "$v" = polyprop ] && note=$(cat "$dir/$p.said")
      awk -v p="$p" -v v="$v" -v t="$t" -v n="$naive" -v note="$note" 'BEGIN { printf "%-18s %-10s %10.2f %9.2fx   %s\n", p, v, t, n / t, note }'
    done
  done
} | tee docs/benchmarks/c-styles.txt
{
  echo "program,variant,median_ms,speedup"
  for p in "${programs[@]}"; do
    naive=$(median "$dir/$p.naive.times")
    for v in "${variants[@]}"; do
      awk -v p="$p" -v v="$v" -v t="$(median "$dir/$p.$v.times")" -v n="$naive" 'BEGIN { printf "%s,%s,%.3f,%.3f\n", p, v, t, n / t }'
    done
  done
} > docs/benchmarks/c-styles.csv
target/release/polyprop-plot c-styles docs/benchmarks/c-styles.csv docs/benchmarks/c-styles.svg
