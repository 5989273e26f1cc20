#!/usr/bin/env bash
# Benchmark (not a test): test-suite/flat/flat_gemm.c, a gemm over flat arrays with rows of a
# constant size (#define N 1024) and loops to a run-time n, in float and int: naive
# `clang-14 -O3 -march=native`, Polly (`-mllvm -polly`) and polyprop with `schedule`, the
# kernel's time in ms, median of RUNS processes each (interleaved), outputs compared by their
# hash of c against naive's.
#   scripts/bench-constant-rows.sh [--runs R] [--n N] [--out FILE]
# FILE defaults to docs/benchmarks/constant-rows.txt. Progress on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
n=1000
out=docs/benchmarks/constant-rows.txt
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --n) n=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
plugin=${POLYPROP_PLUGIN:-$PWD/target/release/libpolyprop.so}
[ -f "$plugin" ] || { echo "plugin not found at $plugin: run cargo build --release first" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
source scripts/timing.sh
src=test-suite/flat/flat_gemm.c
{
  echo "flat_gemm (test-suite/flat/flat_gemm.c): c[i*N + j] += a[i*N + k] * b[k*N + j], N = 1024,"
  echo "n = $n; kernel ms, median of $runs processes per build (interleaved); clang-14 -O3 -march=native;"
  echo "polyprop with POLYPROP_OPTIONS=schedule. Plugin $(git rev-parse --short HEAD), $(date -u +%F)."
  echo
  printf '%-6s %-9s %10s %8s  %s\n' type build "ms" speedup "output"
} > "$dir/table"
for ty in float int; do
  echo "[$ty] building" >&2
  clang-14 -O3 -march=native -DT=$ty "$src" -o "$dir/naive"
  clang-14 -O3 -march=native -DT=$ty -mllvm -polly "$src" -o "$dir/polly"
  POLYPROP_OPTIONS=schedule clang-14 -O3 -march=native -DT=$ty -fpass-plugin="$plugin" "$src" -o "$dir/polyprop"
  declare -A times=()
  for r in $(seq "$runs"); do
    echo "[$ty] round $r/$runs" >&2
    for b in naive polly polyprop; do
      line=$("$dir/$b" "$n")
      times[$b]="${times[$b]:-} ${line%% ms*}"
      echo "${line##*checksum }" > "$dir/$b.out"
    done
  done
  base=$(printf '%s\n' ${times[naive]} | median)
  for b in naive polly polyprop; do
    m=$(printf '%s\n' ${times[$b]} | median)
    same=$(cmp -s "$dir/naive.out" "$dir/$b.out" && echo identical || echo DIFFERS)
    printf '%-6s %-9s %10s %8s  %s\n' "$ty" "$b" "$m" "$(awk -v a="$base" -v b="$m" 'BEGIN { printf "%.1fx", a / b }')" "$same" >> "$dir/table"
  done
  unset times
done
cp "$dir/table" "$out"
cat "$out"
