#!/usr/bin/env bash
# The main job: model the bundled three-stage pipeline and print what polyprop found.
# (Code generation is not there yet; once it is, this runs the benchmark harness.)
set -euo pipefail
cd "$(dirname "$0")/.."
ir=$(mktemp --suffix=.ll)
trap 'rm -f "$ir"' EXIT
clang-14 -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm lit/scops/blur3.c -o "$ir"
/usr/lib/llvm-14/bin/opt -load-pass-plugin target/release/libpolyprop.so -disable-output \
  -passes='polyprop-canonicalize,print<polyprop-detect>,print<polyprop-scops>,print<polyprop-deps>' "$ir"
