#!/usr/bin/env bash
# Checks that loading the plugin changes no code it does not transform (issue 22): for csmith
# seeds FIRST..FIRST+N-1, builds the program with clang-14 -O3 -c without and with
# -fpass-plugin (POLYPROP_OPTIONS=print=transform), and, where no function was transformed,
# compares the object files byte for byte; also under POLYPROP_OPTIONS=disable, always.
#   scripts/untouched-check.sh N [FIRST]
#   scripts/untouched-check.sh --lit      the C inputs of the lit suite, the seven pipelines
#                                         (also at -ffast-math -g) and the PolyBench-style kernels
# Prints a progress line every 10 programs and a summary; exits 1 if some object differs.
set -uo pipefail
cd "$(dirname "$0")/.."
plugin=${POLYPROP_PLUGIN:-$PWD/target/release/libpolyprop.so}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
same=0 differ=0 transformed=0 disabled_differ=0

# check LABEL COMPILE...: builds with COMPILE (which ends in -c FILE) plainly, with the
# plugin and with the plugin disabled, and counts the outcome.
check() {
  local label=$1
  shift
  "$@" -o "$dir/plain.o" || return 0
  POLYPROP_OPTIONS=print=transform "$@" -fpass-plugin="$plugin" -o "$dir/plugin.o" >"$dir/log" 2>&1
  POLYPROP_OPTIONS=disable "$@" -fpass-plugin="$plugin" -o "$dir/disabled.o"
  cmp -s "$dir/plain.o" "$dir/disabled.o" || { disabled_differ=$((disabled_differ + 1)); echo "DIFFERS (disable): $label"; }
  if grep -q ': transformed:' "$dir/log"; then
    transformed=$((transformed + 1))
  elif cmp -s "$dir/plain.o" "$dir/plugin.o"; then
    same=$((same + 1))
  else
    differ=$((differ + 1))
    echo "DIFFERS: $label (nothing transformed)"
  fi
}

if [ "${1:-}" = --lit ]; then
  what="lit C inputs, pipelines and PolyBench-style kernels"
  for f in lit/*/*.c; do
    check "$f" clang-14 -O3 -w -Ilit/codegen -Itest-suite/pipelines -c "$f"
  done
  for f in test-suite/pipelines/*.c; do
    check "$f" clang-14 -O3 -march=native -w -c "$f"
    check "$f -ffast-math -g" clang-14 -O3 -march=native -ffast-math -g -w -c "$f"
  done
  for f in test-suite/polybench/*.c; do
    check "$f" clang-14 -O3 -DMEDIUM -w -c "$f"
  done
else
  n=${1:?usage: scripts/untouched-check.sh N [FIRST] | --lit}
  first=${2:-1}
  what="csmith seeds $first to $((first + n - 1))"
  command -v csmith >/dev/null || { echo "csmith not installed (setup.sh installs it)" >&2; exit 2; }
  for seed in $(seq "$first" $((first + n - 1))); do
    # csmith writes platform.info where it runs.
    (cd "$dir" && csmith --no-bitfields --no-packed-struct --seed "$seed" -o p.c >/dev/null 2>&1) || continue
    check "csmith seed $seed" clang-14 -O3 -w -I/usr/include/csmith -c "$dir/p.c"
    k=$((seed - first + 1))
    [ $((k % 10)) -eq 0 ] && echo "untouched-check: $k/$n programs"
  done
fi
echo "untouched-check: $what: $same identical, $differ differ (nothing transformed), $transformed transformed; disable: $disabled_differ differ"
[ "$differ" -eq 0 ] && [ "$disabled_differ" -eq 0 ]
