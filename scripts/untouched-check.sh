#!/usr/bin/env bash
# Checks that loading the plugin changes no code it does not transform (issue 22): for csmith
# seeds FIRST..FIRST+N-1, builds the program with clang-14 -O3 -c without and with
# -fpass-plugin (POLYPROP_OPTIONS=print=transform), and, where no function was transformed,
# compares the object files byte for byte; also under POLYPROP_OPTIONS=disable, always.
#   scripts/untouched-check.sh N [FIRST]
#   scripts/untouched-check.sh --lit      the C inputs of the lit suite instead
# Prints a progress line every 10 programs and a summary; exits 1 if some object differs.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --lit ]; then
  plugin=${POLYPROP_PLUGIN:-$PWD/target/release/libpolyprop.so}
  log=$(mktemp)
  trap 'rm -f "$log" "$log".*.o' EXIT
  same=0 differ=0 transformed=0
  for f in lit/*/*.c; do
    cc=(clang-14 -O3 -w -Ilit/codegen -Itest-suite/pipelines -c "$f")
    "${cc[@]}" -o "$log.plain.o" || continue
    POLYPROP_OPTIONS=print=transform "${cc[@]}" -fpass-plugin="$plugin" -o "$log.plugin.o" >"$log" 2>&1
    if grep -q ': transformed:' "$log"; then
      transformed=$((transformed + 1))
    elif cmp -s "$log.plain.o" "$log.plugin.o"; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "DIFFERS: $f (nothing transformed)"
    fi
  done
  echo "untouched-check: lit C inputs: $same identical, $differ differ (nothing transformed), $transformed transformed"
  [ "$differ" -eq 0 ]
  exit
fi
n=${1:?usage: scripts/untouched-check.sh N [FIRST] | --lit}
first=${2:-1}
plugin=${POLYPROP_PLUGIN:-$PWD/target/release/libpolyprop.so}
command -v csmith >/dev/null || { echo "csmith not installed (setup.sh installs it)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
same=0 transformed=0 differ=0 disabled_differ=0
for seed in $(seq "$first" $((first + n - 1))); do
  (cd "$dir" && csmith --no-bitfields --no-packed-struct --seed "$seed" -o p.c >/dev/null 2>&1) || continue  # csmith writes platform.info where it runs
  cc=(clang-14 -O3 -w -I/usr/include/csmith -c "$dir/p.c")
  "${cc[@]}" -o "$dir/plain.o" || continue
  POLYPROP_OPTIONS=print=transform "${cc[@]}" -fpass-plugin="$plugin" -o "$dir/plugin.o" >"$dir/log" 2>&1
  POLYPROP_OPTIONS=disable "${cc[@]}" -fpass-plugin="$plugin" -o "$dir/disabled.o"
  cmp -s "$dir/plain.o" "$dir/disabled.o" || { disabled_differ=$((disabled_differ + 1)); echo "DIFFERS (disable): csmith seed $seed"; }
  if grep -q ': transformed:' "$dir/log"; then
    transformed=$((transformed + 1))
  elif cmp -s "$dir/plain.o" "$dir/plugin.o"; then
    same=$((same + 1))
  else
    differ=$((differ + 1))
    echo "DIFFERS: csmith seed $seed (nothing transformed)"
  fi
  k=$((seed - first + 1))
  [ $((k % 10)) -eq 0 ] && echo "untouched-check: $k/$n programs"
done
echo "untouched-check: csmith seeds $first to $((first + n - 1)): $same identical, $differ differ (nothing transformed), $transformed transformed; disable: $disabled_differ differ"
[ "$differ" -eq 0 ] && [ "$disabled_differ" -eq 0 ]
