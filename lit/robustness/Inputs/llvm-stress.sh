#!/bin/bash
# Usage: llvm-stress.sh PLUGIN WORK_DIR FIRST_SEED LAST_SEED
# Runs llvm-stress modules of every seed through opt with the plugin's printers, with and
# without polyprop-canonicalize. Prints one CRASH line per crashing seed and a summary.
plugin=$1 work=$2 first=$3 last=$4
check="$(dirname "$0")/check-crash.sh"
bin=/usr/lib/llvm-14/bin
mkdir -p "$work"
crashes=0
for seed in $(seq "$first" "$last"); do
  ll="$work/stress.ll"
  # Sizes 50 to 350 give loops of different shapes; the size follows the seed.
  "$bin/llvm-stress" -seed="$seed" -size=$((50 + seed % 7 * 50)) -o "$ll"
  bash "$check" "seed $seed canonicalized" "$work/log" "$bin/opt" -load-pass-plugin "$plugin" -disable-output \
    '-passes=polyprop-canonicalize,print<polyprop-detect>,print<polyprop-scops>,print<polyprop-deps>' "$ll" || crashes=$((crashes + 1))
  bash "$check" "seed $seed raw" "$work/log" "$bin/opt" -load-pass-plugin "$plugin" -disable-output \
    '-passes=print<polyprop-scops>,print<polyprop-deps>' "$ll" || crashes=$((crashes + 1))
done
echo "checked seeds $first to $last, $crashes crashes"
