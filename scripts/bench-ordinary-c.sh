#!/usr/bin/env bash
# Benchmark (not a test): the unsharp mask written as ordinary C (test-suite/ordinary-c:
# `int` counters, `float *` arguments, a ternary; SOURCE unsharp_struct: image structs passed
# by pointer, fields read inside the loops) at 3 x 2048 x 2048, built by clang-14 -O3
# -march=native plainly, with Polly (-mllvm -polly) and with polyprop. ROUNDS processes of each
# binary, interleaved; each runs the pipeline three times and its first (cold: page faults of
# the output) run is dropped. Prints the medians and the speedups over plain -O3, checks that
# the three outputs are identical, and writes docs/benchmarks/ordinary-c.{txt,csv,svg}
# (ordinary-c-struct.* for unsharp_struct).
#   scripts/bench-ordinary-c.sh [ROUNDS] [R C] [SOURCE]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5} R=${2:-2048} C=${3:-2048} source=${4:-unsharp_int}
case $source in
  unsharp_int) out=ordinary-c; what="ordinary C (int counters)";;
  unsharp_struct) out=ordinary-c-struct; what="ordinary C with image structs (fields read in the loops)";;
  *) echo "unknown SOURCE $source (unsharp_int, unsharp_struct)" >&2; exit 1;;
esac
plugin=${POLYPROP_PLUGIN:-$PWD/target/release/libpolyprop.so}
[ -x target/release/polyprop-plot ] || { echo "build first: cargo build --release --workspace" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
src=test-suite/ordinary-c
flags=(-O3 -march=native)
echo "building naive, polly, polyprop" >&2
clang-14 "${flags[@]}" $src/$source.c $src/main.c -o "$dir/naive"
clang-14 "${flags[@]}" -mllvm -polly $src/$source.c $src/main.c -o "$dir/polly"
said=$(POLYPROP_OPTIONS=print=transform clang-14 "${flags[@]}" -fpass-plugin="$plugin" $src/$source.c $src/main.c -o "$dir/polyprop" 2>&1)
echo "$said" | grep "function unsharp" >&2
for v in naive polly polyprop; do : > "$dir/$v.times"; done
for r in $(seq "$rounds"); do
  for v in naive polly polyprop; do
    "$dir/$v" "$R" "$C" 3 > "$dir/$v.out" 2> "$dir/$v.round"
    tail -n +2 "$dir/$v.round" >> "$dir/$v.times"
  done
  echo "round $r/$rounds" >&2
done
cmp "$dir/naive.out" "$dir/polly.out" && cmp "$dir/naive.out" "$dir/polyprop.out" || { echo "outputs differ" >&2; exit 1; }
median() { sort -n "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
naive=$(median "$dir/naive.times") polly=$(median "$dir/polly.times") polyprop=$(median "$dir/polyprop.times")
mkdir -p docs/benchmarks
{
  echo "unsharp mask as $what, 3 x $R x $C, clang-14 -O3 -march=native,"
  echo "median of $((2 * rounds)) warm runs ($rounds processes, interleaved), $(date -u +%Y-%m-%d), $(nproc) shared cores;"
  echo "outputs identical"
  echo "polyprop: $(echo "$said" | grep 'function unsharp' | sed 's/^polyprop: //')"
  echo
  printf "%-10s %10s %10s\n" variant "ms" "speedup"
  for v in naive polly polyprop; do
    t=${!v}
    awk -v v="$v" -v t="$t" -v n="$naive" 'BEGIN { printf "%-10s %10.1f %9.2fx\n", v, t, n / t }'
  done
} | tee docs/benchmarks/$out.txt
{
  echo "variant,median_ms,speedup"
  for v in naive polly polyprop; do awk -v v="$v" -v t="${!v}" -v n="$naive" 'BEGIN { printf "%s,%.3f,%.3f\n", v, t, n / t }'; done
} > docs/benchmarks/$out.csv
# The speedups as a bar plot (plotters: test-suite/src/plot.rs).
target/release/polyprop-plot ordinary-c docs/benchmarks/$out.csv docs/benchmarks/$out.svg
