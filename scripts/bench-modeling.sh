#!/usr/bin/env bash
# Benchmark (not a test): how long polyprop takes to model, propagate and generate code for a
# naive pipeline of N stages (default 500), median of 3 runs each, on canonicalized IR.
#   scripts/bench-modeling.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-500}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
opt="/usr/lib/llvm-14/bin/opt -load-pass-plugin target/release/libpolyprop.so"
python3 scripts/gen-pipeline.py "$n" > "$dir/p.c"
clang-14 -O2 -Xclang -disable-llvm-passes -S -emit-llvm "$dir/p.c" -o "$dir/raw.ll"
$opt -passes=polyprop-canonicalize -S "$dir/raw.ll" -o "$dir/p.ll"
median() { sort -n | sed -n 2p; }
measure() {
  for _ in 1 2 3; do
    /usr/bin/time -f "%e" $opt -disable-output "$@" "$dir/p.ll" 2>&1 >/dev/null | tail -1
  done | median
}
echo "pipeline of $n stages (median of 3, seconds)"
echo "  read IR only:            $(measure -passes=verify)"
echo "  model (print<detect>):   $(measure '-passes=print<polyprop-detect>')"
echo "  model + propagation:     $(measure '-passes=print<polyprop-propagation>')"
echo "  model + propagation + AST + code generation: $(measure '-passes=polyprop')"
