#!/usr/bin/env bash
# Benchmark (not a test): compile-time cost in instructions, which do not depend on the
# machine's load (valgrind --tool=callgrind counts them). For each C file, the instructions
# of clang-14's compiler process (-cc1) for `clang-14 -O3 -march=native -c FILE` without the
# plugin and with each plugin given, and the ratio to the build without.
#   scripts/compile-instructions.sh [--plugin PATH]... FILE...
# The default plugin is target/release/libpolyprop.so; give --plugin twice to compare two
# builds of it (say, before and after a change). Prints one row per file as it goes.
set -euo pipefail
cd "$(dirname "$0")/.."
plugins=()
files=()
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugins+=("$(realpath "$2")"); shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done
[ ${#plugins[@]} -gt 0 ] || plugins=("$PWD/target/release/libpolyprop.so")
[ ${#files[@]} -gt 0 ] || { echo "usage: scripts/compile-instructions.sh [--plugin PATH]... FILE..." >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind not installed (setup.sh installs it)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Instructions (millions) of the -cc1 process of `clang-14 FLAGS... -c FILE`.
instructions() {
  local cc1
  # The driver prints the -cc1 command it would run; running that under callgrind leaves
  # the driver's own start-up out.
  cc1=$(clang-14 -### "$@" -o "$dir/out.o" 2>&1 | tail -1)
  eval "valgrind --tool=callgrind --callgrind-out-file=$dir/cg.out $cc1" >"$dir/log" 2>&1 ||
    { echo "failed: clang-14 $*" >&2; cat "$dir/log" >&2; exit 1; }
  awk '/^summary:/ {printf "%.0f", $2 / 1e6}' "$dir/cg.out"
}

header="file                          plain Mi"
for k in "${!plugins[@]}"; do header+=$(printf "  plugin%d Mi  ratio" $((k + 1))); done
echo "$header"
for k in "${!plugins[@]}"; do echo "plugin$((k + 1)): ${plugins[$k]}"; done
for f in "${files[@]}"; do
  flags=(-O3 -march=native -w -DMEDIUM -c "$f")
  plain=$(instructions "${flags[@]}")
  row=$(printf "%-28s %9s" "$(basename "$f")" "$plain")
  for p in "${plugins[@]}"; do
    with=$(instructions "${flags[@]}" -fpass-plugin="$p")
    row+=$(printf "  %10s  %5.2f" "$with" "$(echo "$with / $plain" | bc -l)")
  done
  echo "$row"
done
