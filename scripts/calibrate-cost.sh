#!/bin/sh
# Fits the cost model of propagation on this machine's pipelines at full size and stores the
# coefficients (propagation/src/measured_cost.rs) and the data
# (docs/benchmarks/cost-calibration.txt); then rebuild. See scripts/calibrate-cost.py.
set -e
cd "$(dirname "$0")/.."
cargo build --release
python3 scripts/calibrate-cost.py --size full --rounds "${ROUNDS:-3}" --write "$@" | tee docs/benchmarks/cost-calibration.txt
cargo build --release
