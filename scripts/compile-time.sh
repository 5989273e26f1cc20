#!/usr/bin/env bash
# Benchmark (not a test): the compile-time cost of the plugin on the PolyBench-style kernels
# of test-suite/polybench at the MEDIUM size. For each kernel, the wall time of
# `clang-14 -O3 -c` without and with `-fpass-plugin` (median of RUNS runs each, the two
# interleaved), then one more build with POLYPROP_OPTIONS=print=transform to record whether
# the plugin transformed the kernel function and how many of the file's SCoPs it transformed.
#   scripts/compile-time.sh [--runs N] [--out DIR] [--options OPTS] [KERNEL...]
# OPTS: POLYPROP_OPTIONS of the plugin builds (e.g. schedule), also in the print=transform one.
# Writes DIR/compile-time.txt (aligned table and the median ratio) and DIR/compile-time.csv;
# DIR defaults to docs/benchmarks. Prints one progress line per kernel on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
runs=5
out=docs/benchmarks
kernels=()
options=
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --options) options=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) kernels+=("$1"); shift ;;
  esac
done
plugin=${POLYPROP_PLUGIN:-$root/target/release/libpolyprop.so}
[ -f "$plugin" ] || { echo "plugin not found at $plugin: run cargo build --release first" >&2; exit 1; }
if [ ${#kernels[@]} -eq 0 ]; then
  for f in test-suite/polybench/*.c; do kernels+=("$(basename "$f" .c)"); done
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$out"

source scripts/timing.sh

csv="$out/compile-time.csv"
rows="$dir/rows"
echo "kernel,plain_ms,plugin_ms,ratio,kernel_transformed,scops_transformed,scops,kernel_result" > "$csv"
: > "$rows"
echo "compile time of clang-14 -O3 -c -DMEDIUM, median of $runs runs, plugin $plugin" >&2
for k in "${kernels[@]}"; do
  src=test-suite/polybench/$k.c
  [ -f "$src" ] || { echo "no kernel $src" >&2; exit 1; }
  plain=() with=()
  for _ in $(seq "$runs"); do
    plain+=("$(wall_ms clang-14 -O3 -DMEDIUM -c "$src" -o "$dir/plain.o")")
    with+=("$(wall_ms env POLYPROP_OPTIONS="$options" clang-14 -O3 -DMEDIUM -fpass-plugin="$plugin" -c "$src" -o "$dir/plugin.o")")
  done
  p=$(printf '%s\n' "${plain[@]}" | median)
  w=$(printf '%s\n' "${with[@]}" | median)
  ratio=$(awk -v p="$p" -v w="$w" 'BEGIN { printf "%.2f", w / p }')
  POLYPROP_OPTIONS="${options:+$options;}print=transform" clang-14 -O3 -DMEDIUM -fpass-plugin="$plugin" -c "$src" \
    -o "$dir/print.o" > "$dir/transform.log" 2>&1 || { echo "failed: print=transform build of $k" >&2; exit 1; }
  fn=kernel_${k//-/_}
  # "polyprop: function F, REGION: transformed: ..." or "...: not transformed: REASON"
  result=$(grep "^polyprop: function $fn, " "$dir/transform.log" | sed 's/^polyprop: function [^,]*, //' | paste -sd';' - || true)
  [ -n "$result" ] || result="no SCoP"
  if grep -q "^polyprop: function $fn, .*: transformed:" "$dir/transform.log"; then kt=yes; else kt=no; fi
  scops=$(grep -c '^polyprop: function .*transformed' "$dir/transform.log" || true)
  st=$(grep -c '^polyprop: function .*: transformed:' "$dir/transform.log" || true)
  printf '%s,%s,%s,%s,%s,%s,%s,"%s"\n' "$k" "$p" "$w" "$ratio" "$kt" "$st" "$scops" "${result//\"/\"\"}" >> "$csv"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$p" "$w" "$ratio" "$kt" "$st/$scops" "$result" >> "$rows"
  printf '%-15s plain %5s ms  plugin %5s ms  x%s  kernel transformed: %s\n' "$k" "$p" "$w" "$ratio" "$kt" >&2
done

txt="$out/compile-time.txt"
{
  echo "Compile time of the PolyBench-style kernels (test-suite/polybench, -DMEDIUM):"
  echo "clang-14 -O3 -c without and with -fpass-plugin=libpolyprop.so${options:+ (POLYPROP_OPTIONS=$options)}, wall ms, median of $runs"
  echo "interleaved runs each. 'kernel' says whether the plugin transformed kernel_<name>;"
  echo "'scops' counts the file's SCoPs it transformed (init and checksum functions included)."
  echo "Measured $(date -u +%Y-%m-%d) on $(nproc) shared cores, plugin of commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet -- pass polyhedral propagation 2>/dev/null || echo ' with uncommitted changes')."
  echo
  {
    printf 'kernel\tplain ms\tplugin ms\tratio\tkernel\tscops\tkernel_<name> result\n'
    cat "$rows"
  } | awk -F'\t' '
    { for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } n = NR; nf = NF }
    END {
      for (r = 1; r <= n; r++) {
        line = ""
        for (i = 1; i <= nf; i++) {
          if (i == nf) fmt = "%s"; else if (i >= 2 && i <= 4) fmt = "%" w[i] "s  "; else fmt = "%-" w[i] "s  "
          line = line sprintf(fmt, cell[r, i])
        }
        print line
      }
    }'
  echo
  ratios=$(cut -f4 "$rows" | median | awk '{ printf "%.2f", $1 }')
  yes=$(cut -f5 "$rows" | grep -c yes || true)
  total_p=$(cut -f2 "$rows" | paste -sd+ - | bc)
  total_w=$(cut -f3 "$rows" | paste -sd+ - | bc)
  echo "median ratio: $ratios (over ${#kernels[@]} kernels); total $total_p ms plain, $total_w ms with the plugin"
  echo "kernels transformed: $yes of ${#kernels[@]}"
} > "$txt"
cat "$txt"
