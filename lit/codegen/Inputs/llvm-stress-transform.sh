#!/bin/bash
# Usage: llvm-stress-transform.sh PLUGIN WORK_DIR FIRST_SEED LAST_SEED
# Runs the llvm-stress module of every seed through opt with polyprop-canonicalize and the
# polyprop transform (print=transform), with the LLVM verifier after every pass (-verify-each).
# A seed fails when opt exits non-zero (a verifier failure, or a crash: exit >= 128), or when
# LLVM's crash banner, a broken-module report or a polyprop internal error (a caught panic, or
# generated code that did not verify and was rolled back) appears in its output. Prints one
# FAIL line per failing seed, then a summary with how many SCoPs were transformed.
plugin=$1 work=$2 first=$3 last=$4
bin=/usr/lib/llvm-14/bin
mkdir -p "$work"
failures=0 transformed=0 not_transformed=0
for seed in $(seq "$first" "$last"); do
  ll="$work/stress.ll" log="$work/log"
  # Sizes 50 to 350 give loops of different shapes; the size follows the seed.
  "$bin/llvm-stress" -seed="$seed" -size=$((50 + seed % 7 * 50)) -o "$ll"
  "$bin/opt" -load-pass-plugin "$plugin" -verify-each -disable-output \
    '-passes=function(polyprop-canonicalize),polyprop<print=transform>' "$ll" >"$log" 2>&1
  rc=$?
  if [ "$rc" -ne 0 ] || grep -q -i -e 'PLEASE submit a bug report' -e 'internal error' -e 'broken' "$log"; then
    failures=$((failures + 1))
    echo "FAIL seed $seed (exit $rc)"
    grep -m 3 -i -e 'PLEASE submit' -e 'internal error' -e 'broken' -e 'panicked' -e 'error' "$log"
  fi
  transformed=$((transformed + $(grep -c ': transformed:' "$log")))
  not_transformed=$((not_transformed + $(grep -c ': not transformed:' "$log")))
done
echo "checked seeds $first to $last, $failures failures"
echo "SCoPs: $transformed transformed, $not_transformed not transformed"
