#!/usr/bin/env bash
# Counts what the generated code keeps of the source (issue 22): for each pipeline of
# test-suite/pipelines and test-suite/ordinary-c, built at -O3 -g -ffast-math, the loads,
# stores and floating-point operations of the functions polyprop generated (`*.polyprop`,
# right after the plugin: canonicalization and the transform in opt) and how many of them
# carry !dbg, !tbaa (loads and stores) and fast-math flags (floating-point operations).
#   scripts/fidelity-count.sh [FILE.c...]
# Columns: memory = loads and stores, with !dbg; arrays = those of them that access an array
# of the source, with !tbaa; the others access a scalar slot (an alloca of the generated
# function for a value that crosses statements, a register in the source after
# canonicalization, so the source had no !tbaa to keep; mem2reg promotes it again at -O3).
# fp-ops = fadd, fsub, fmul, fdiv, frem, fneg, fcmp and calls returning float or double
# (math functions and intrinsics), with !dbg and `fast`.
# Prints one line per file and a total; pipelines polyprop does not transform count nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
plugin=${POLYPROP_PLUGIN:-$PWD/target/release/libpolyprop.so}
[ -f "$plugin" ] || { echo "plugin not found at $plugin: run cargo build --release first" >&2; exit 1; }
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(test-suite/pipelines/*.c test-suite/ordinary-c/unsharp_int.c)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%-22s %8s %8s %8s %8s %8s %8s %8s\n' file memory dbg arrays tbaa fp-ops dbg fast
total=(0 0 0 0 0 0 0)
for f in "${files[@]}"; do
  ll=$dir/$(basename "$f" .c).ll
  clang-14 -O2 -g -ffast-math -Xclang -disable-llvm-passes -S -emit-llvm -Itest-suite/pipelines "$f" -o "$ll" 2>/dev/null
  opt -load-pass-plugin "$plugin" -passes='function(polyprop-canonicalize),polyprop' -S "$ll" -o "$ll.out" 2>/dev/null
  # The bodies of the generated functions.
  awk '/^define .*\.polyprop\(/ {on=1} on {print} /^}/ {on=0}' "$ll.out" >"$ll.gen"
  counts=$(awk '
    / = alloca / { slot[$1] = 1 }
    / = load | store / {
      m++; if (/!dbg/) md++
      # The pointer operand: the last "type* %name" before the first "," after it.
      q = $0; sub(/, align.*/, "", q); n = split(q, w, " "); ptr = w[n]
      if (!(ptr in slot)) { a++; if (/!tbaa/) at++ }
    }
    / = (fadd|fsub|fmul|fdiv|frem|fneg|fcmp) |= (tail )?call [a-z ]*(float|double|<[0-9]+ x (float|double)>) @/ {
      p++; if (/!dbg/) pd++; if (/ fast /) pf++
    }
    END { printf "%d %d %d %d %d %d %d", m, md, a, at, p, pd, pf }' "$ll.gen")
  read -r m md a at p pd pf <<<"$counts"
  printf '%-22s %8d %8d %8d %8d %8d %8d %8d\n' "$(basename "$f")" "$m" "$md" "$a" "$at" "$p" "$pd" "$pf"
  v=($m $md $a $at $p $pd $pf)
  for k in 0 1 2 3 4 5 6; do total[$k]=$((total[$k] + v[$k])); done
done
printf '%-22s %8d %8d %8d %8d %8d %8d %8d\n' total "${total[@]}"
