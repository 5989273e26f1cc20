//! The cost model's coefficients measured on this machine. Written by
//! `scripts/calibrate-cost.sh`; the data behind them: `docs/benchmarks/cost-calibration.txt`.

use crate::cost::CostModel;

/// Fitted on 2026-12-01: `scripts/calibrate-cost.py --from docs/benchmarks/cost-calibration.txt --write`.
pub const MEASURED: CostModel = CostModel { store: 188.0, load: 0.0 };
