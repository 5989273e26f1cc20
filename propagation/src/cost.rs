//! The cost model of propagation (issue 18): whether a temporary costs less kept or
//! propagated, per element, predicted from the [`Recomputation`] estimate with coefficients
//! measured on this machine. Paper 003 decides with fixed heuristics (section 4) and names a
//! cost model the open problem (section 6.1): its random propagations found choices up to 20%
//! faster than the heuristics', and interpolate 17.8 times slower when they misjudged.
//!
//! In instructions per element of the temporary:
//! - propagated, the writer's value is evaluated `evaluations` times instead of once:
//!   `(operations + loads) * (evaluations - 1)` more. Loads count as operations do: the
//!   bilateral grid's blurx, with blurz propagated into it, is 30 operations and 25 loads;
//!   evaluated 5 times per element of blury it made the pipeline 12% slower than kept
//!   (51.5 against 45.8 ms), which its operations alone (120 more) did not predict;
//! - kept, each element is stored once and loaded at each of those evaluations' reads:
//!   `store + load * evaluations`, where `store` prices the memory traffic of an element
//!   written and read back (most temporaries of the pipelines do not fit in the caches) and
//!   `load` a load from it.
//!
//! The temporary is propagated when the first is at most the second; kept, it is stored as a
//! line buffer where that is legal (`line_buffers`: its rows stay in the cache). `store` and `load` are
//! fitted by `scripts/calibrate-cost.sh` ([`MEASURED`]): it times, on every pipeline, each
//! temporary whose propagation evaluates its writer more than once both propagated and kept,
//! and chooses the coefficients that lose the least time over those decisions.
//!
//! The recurrences of code generation (section 5.4) are in the estimate: reads along the
//! innermost loop that the rotation carries count once. [`Prediction::unrotated`] shows what
//! propagation would cost without them.

use crate::recomputation::Recomputation;
use crate::report::Reason;
use crate::Options;
use std::fmt;

/// Coefficients of the model, in instructions per element.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostModel {
    /// An element of a kept temporary written and read back.
    pub store: f64,
    /// One load from a kept temporary.
    pub load: f64,
}

// Coefficients are finite, never NaN.
impl Eq for CostModel {}

pub use crate::measured_cost::MEASURED;

/// What the model predicts for one temporary, in instructions per element.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    pub keep: f64,
    pub propagate: f64,
    /// Propagated without the recurrences of code generation (`recurrences=off`).
    pub unrotated: f64,
    /// Kept as a line buffer (`line_buffers`): its element written and read back at each
    /// evaluation in the cache, a load each (not fitted: no pipeline gave the calibration a
    /// line buffer to time). Below `keep` whenever `store > load`, so a kept temporary is
    /// stored as one wherever that is legal.
    pub line_buffer: f64,
}

// Predictions are sums and products of finite estimates, never NaN.
impl Eq for Prediction {}

impl CostModel {
    pub fn predict(&self, recomputation: &Recomputation) -> Prediction {
        let extra = |evaluations: f64| recomputation.instructions() as f64 * (evaluations - 1.0).max(0.0);
        Prediction {
            keep: self.store + self.load * recomputation.evaluations,
            propagate: extra(recomputation.evaluations),
            unrotated: extra(recomputation.unrotated_evaluations),
            line_buffer: self.load * (recomputation.evaluations + 1.0),
        }
    }
}

/// Why a temporary with the estimate `recomputation` is not worth propagating, if it is not:
/// by the cost model when the options have one, else by the recomputation limit.
pub(crate) fn cost_refusal(recomputation: Recomputation, options: &Options) -> Option<Reason> {
    if let Some(model) = &options.cost_model {
        let prediction = model.predict(&recomputation);
        return (!prediction.propagates()).then_some(Reason::Cost { recomputation, prediction });
    }
    match options.recomputation_limit {
        Some(limit) if recomputation.extra_operations() > limit as f64 => Some(Reason::Recomputation { recomputation, limit }),
        _ => None,
    }
}

impl Prediction {
    pub fn propagates(&self) -> bool {
        self.propagate <= self.keep
    }
}

impl fmt::Display for Prediction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "predicted instructions per element: keep {:.0}, propagate {:.0} ({:.0} without recurrences), line buffer {:.0}",
            self.keep, self.propagate, self.unrotated, self.line_buffer
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn propagates_when_recomputation_costs_less_than_the_array() {
        let model = CostModel { store: 100.0, load: 10.0 };
        let cheap = Recomputation { evaluations: 3.0, unrotated_evaluations: 9.0, operations: 15, loads: 5 };
        let p = model.predict(&cheap);
        assert_eq!((p.keep, p.propagate, p.unrotated), (130.0, 40.0, 160.0));
        assert!(p.propagates());
        let costly = Recomputation { evaluations: 3.0, unrotated_evaluations: 3.0, operations: 80, loads: 0 };
        assert!(!model.predict(&costly).propagates());
    }

    #[test]
    fn loads_count_as_operations() {
        let model = CostModel { store: 100.0, load: 0.0 };
        let arithmetic = Recomputation { evaluations: 5.0, unrotated_evaluations: 5.0, operations: 20, loads: 0 };
        let with_loads = Recomputation { loads: 10, ..arithmetic };
        assert!(model.predict(&arithmetic).propagates());
        assert!(!model.predict(&with_loads).propagates());
    }

    #[test]
    fn evaluated_once_always_propagates() {
        let once = Recomputation { evaluations: 1.0, unrotated_evaluations: 1.0, operations: 500, loads: 100 };
        assert!(MEASURED.predict(&once).propagates());
    }
}
