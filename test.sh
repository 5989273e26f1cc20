#!/usr/bin/env bash
# Runs every test of polyprop: the crates' unit and integration tests, then the lit suite.
set -euo pipefail
cd "$(dirname "$0")"
cargo build --release --workspace
echo "== cargo test =="
cargo test --release --workspace 2>&1 | tee target/cargo-test.log | grep -E "^(test result|running|error|failures:|    [a-z_:]+$)" || true
if grep -qE "^test result: FAILED|^error" target/cargo-test.log; then
  echo "cargo test: FAILED"; cargo_ok=0
else
  cargo_ok=1
fi
summary=$(grep -E "^test result:" target/cargo-test.log | awk '{p+=$4; f+=$6; i+=$8} END {printf "cargo test: %d passed, %d failed, %d ignored", p, f, i}')
echo "== lit =="
lit_ok=1
lit -s lit || lit_ok=0
echo "$summary"
[ "$cargo_ok" = 1 ] && [ "$lit_ok" = 1 ]
