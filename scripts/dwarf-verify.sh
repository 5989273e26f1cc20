#!/usr/bin/env bash
# Checks that the debug information of -g builds with the plugin verifies (issue 22): builds
# every C input of the lit suite, the seven pipelines (-march=native, with and without
# -ffast-math), the ordinary-C pipeline and the PolyBench-style kernels with
# clang-14 -O3 -g -fpass-plugin (POLYPROP_OPTIONS=print=transform) and runs
# `llvm-dwarfdump-14 --verify` on each object.
#   scripts/dwarf-verify.sh
# Prints each object that does not verify with the first lines of the report, then a summary
# (how many were transformed); exits 1 if some object does not verify.
set -uo pipefail
cd "$(dirname "$0")/.."
plugin=${POLYPROP_PLUGIN:-$PWD/target/release/libpolyprop.so}
[ -f "$plugin" ] || { echo "plugin not found at $plugin: run cargo build --release first" >&2; exit 2; }
dwarfdump=$(command -v llvm-dwarfdump-14 || echo /usr/lib/llvm-14/bin/llvm-dwarfdump)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
clean=0 failed=0 transformed=0 unbuilt=0

# verify LABEL COMPILE...: builds with COMPILE (which ends in -c FILE) and the plugin, -g.
verify() {
  local label=$1
  shift
  if ! POLYPROP_OPTIONS=print=transform "$@" -g -fpass-plugin="$plugin" -o "$dir/x.o" >"$dir/log" 2>&1; then
    unbuilt=$((unbuilt + 1))
    echo "NOT BUILT: $label"
    return
  fi
  grep -q ': transformed:' "$dir/log" && transformed=$((transformed + 1))
  if "$dwarfdump" --verify "$dir/x.o" >"$dir/report" 2>&1; then
    clean=$((clean + 1))
  else
    failed=$((failed + 1))
    echo "ERRORS: $label"
    head -5 "$dir/report"
  fi
}

for f in lit/*/*.c; do
  verify "$f" clang-14 -O3 -w -Ilit/codegen -Itest-suite/pipelines -c "$f"
done
for f in test-suite/pipelines/*.c; do
  verify "$f" clang-14 -O3 -march=native -w -c "$f"
  verify "$f -ffast-math" clang-14 -O3 -march=native -ffast-math -w -c "$f"
done
verify test-suite/ordinary-c/unsharp_int.c clang-14 -O3 -march=native -w -c test-suite/ordinary-c/unsharp_int.c
for f in test-suite/polybench/*.c; do
  verify "$f" clang-14 -O3 -DMEDIUM -w -c "$f"
done
echo "dwarf-verify: $((clean + failed)) objects, $clean clean, $failed with errors, $unbuilt not built; $transformed of them transformed"
[ "$failed" -eq 0 ] && [ "$unbuilt" -eq 0 ]
