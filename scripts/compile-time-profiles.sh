#!/usr/bin/env bash
# Benchmark (not a test): the compile time of the Rodinia-like programs with their profiles
# (issue 15: at most 3x clang-14 -O3 alone). For each program of test-suite/rodinia, the wall
# time of `clang-14 -O3 -march=native -c`, of the same with `-g` (the profile build without
# the plugin), and of the profile build as polyprop-bench makes it
# (`-O3 -march=native -g -fpass-plugin`, POLYPROP_OPTIONS=profile=NAME.profile), median of
# RUNS runs each, interleaved. The profiles are those of a `polyprop-bench --set rodinia` run.
#   scripts/compile-time-profiles.sh [--runs N] [--profiles DIR] [--out FILE]
# DIR defaults to target/polyprop-bench/rodinia/build, FILE to
# docs/benchmarks/compile-time-profiles.txt. Prints one progress line per program on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
runs=5
profiles=target/polyprop-bench/rodinia/build
out=docs/benchmarks/compile-time-profiles.txt
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --profiles) profiles=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
plugin=${POLYPROP_PLUGIN:-$root/target/release/libpolyprop.so}
[ -f "$plugin" ] || { echo "plugin not found at $plugin: run cargo build --release first" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

source scripts/timing.sh

{
  echo "Compile time with a profile (issue 15: at most 3x clang-14 -O3 alone), wall ms, median of"
  echo "$runs interleaved runs each: plain = clang-14 -O3 -march=native -c; plain -g = the same with"
  echo "-g; profile = the same with -g -fpass-plugin and POLYPROP_OPTIONS=profile=NAME.profile"
  echo "(profiles of polyprop-bench --set rodinia, made at its small sizes); ratio = profile / plain,"
  echo "ratio -g = profile / plain -g. Plugin $(git rev-parse --short HEAD), $(date -u +%F)."
  echo
  printf '%-10s %9s %12s %11s %6s %9s  %s\n' program "plain ms" "plain -g ms" "profile ms" ratio "ratio -g" "profile size"
} > "$dir/table"
for name in backprop kmeans srad spmv nw hotspot; do
  src=test-suite/rodinia/$name.c profile=$profiles/$name.profile
  [ -f "$profile" ] || { echo "no profile $profile: run polyprop-bench --set rodinia first" >&2; exit 1; }
  plain=() debug=() with=()
  for _ in $(seq "$runs"); do
    plain+=("$(wall_ms clang-14 -O3 -march=native -c "$src" -o "$dir/plain.o")")
    debug+=("$(wall_ms clang-14 -O3 -march=native -g -c "$src" -o "$dir/debug.o")")
    with+=("$(wall_ms env POLYPROP_OPTIONS="profile=$profile" clang-14 -O3 -march=native -g -fpass-plugin="$plugin" -c "$src" -o "$dir/with.o")")
  done
  p=$(printf '%s\n' "${plain[@]}" | median)
  g=$(printf '%s\n' "${debug[@]}" | median)
  w=$(printf '%s\n' "${with[@]}" | median)
  ratio=$(awk -v p="$p" -v w="$w" 'BEGIN { printf "%.2f", w / p }')
  ratio_g=$(awk -v p="$g" -v w="$w" 'BEGIN { printf "%.2f", w / p }')
  printf '%-10s %9s %12s %11s %6s %9s  %s bytes\n' "$name" "$p" "$g" "$w" "$ratio" "$ratio_g" "$(stat -c %s "$profile")" >> "$dir/table"
  echo "$name: $p ms plain, $g ms plain -g, $w ms with the profile ($ratio x, $ratio_g x against -g)" >&2
done
cp "$dir/table" "$out"
echo "written: $out" >&2
