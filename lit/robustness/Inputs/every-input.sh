#!/bin/bash
# Usage: every-input.sh LIT_DIR PLUGIN WORK_DIR
# For every .c file under LIT_DIR (Output folders excluded): its IR through opt with the
# plugin, printers without and with polyprop-canonicalize, and clang -O2 -fpass-plugin.
# Prints one CRASH line per crashing command and "checked N inputs, M crashes".
lit_dir=$1 plugin=$2 work=$3
check="$(dirname "$0")/check-crash.sh"
opt=/usr/lib/llvm-14/bin/opt
mkdir -p "$work"
inputs=0 crashes=0
while IFS= read -r c; do
  inputs=$((inputs + 1))
  ll="$work/input.ll"
  if ! clang-14 -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm "$c" -o "$ll" >"$work/ir.log" 2>&1; then
    bash "$check" "clang-14 -O2 -fpass-plugin: $c" "$work/log" clang-14 -O2 -fpass-plugin="$plugin" -c "$c" -o "$work/out.o" || crashes=$((crashes + 1))
    continue
  fi
  for passes in 'print<polyprop-scops>' 'polyprop-canonicalize,print<polyprop-scops>' \
                'polyprop-canonicalize,print<polyprop-detect>,print<polyprop-deps>'; do
    bash "$check" "opt $passes: $c" "$work/log" "$opt" -load-pass-plugin "$plugin" "-passes=$passes" -disable-output "$ll" || crashes=$((crashes + 1))
  done
  bash "$check" "clang-14 -O2 -fpass-plugin: $c" "$work/log" clang-14 -O2 -fpass-plugin="$plugin" -c "$c" -o "$work/out.o" || crashes=$((crashes + 1))
  POLYPROP_OPTIONS='print=detect,scops,deps' bash "$check" "clang-14 -O2 -fpass-plugin print=detect,scops,deps: $c" "$work/log" clang-14 -O2 -fpass-plugin="$plugin" -c "$c" -o "$work/out.o" || crashes=$((crashes + 1))
done < <(find "$lit_dir" -name Output -prune -o -name '*.c' -type f -print | sort)
echo "checked $inputs inputs, $crashes crashes"
