#!/usr/bin/env bash
# The main job: the benchmark harness on the seven PolyMage pipelines, naive clang-14 -O3,
# Polly and polyprop, quick size (pass --full for the papers' sizes; other flags too:
# target/release/polyprop-bench --help). Tables, CSV/JSON and an SVG plot land in
# target/polyprop-bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== what polyprop does to the three-stage blur (lit/scops/blur3.c)"
POLYPROP_OPTIONS='print=detect,propagation,transform' clang-14 -O3 -march=native \
  -fpass-plugin=target/release/libpolyprop.so -c lit/scops/blur3.c -o /dev/null
echo "== polyprop-bench $*"
exec target/release/polyprop-bench "$@"
