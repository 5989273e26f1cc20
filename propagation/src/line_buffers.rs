//! Which kept temporaries become line buffers (issue 18): the third choice of the cost model,
//! after propagating and keeping. A line buffer stores the rows its readers still need, so its
//! stores and loads stay in the cache: the model prices its element as a load written and
//! `evaluations` loads (`Prediction::line_buffer`), below keeping's `store + load *
//! evaluations` whenever `store` exceeds `load`, as the fitted coefficients do. So every
//! temporary the model (or the heuristics of section 4) keeps is tried, and stored as a line
//! buffer where `polyhedral::line_buffers` proves it legal. Not tried: temporaries the user
//! keeps by name (`keep=`: the random subsets of section 6.1 measure the array kept whole),
//! and those whose storage the generated code does not allocate itself.

use crate::report::Report;
use crate::Options;
use polyhedral::isl::IslContext;
use polyhedral::line_buffers::{build_line_buffer, LineBuffer, NotBuilt};
use polyhedral::model::Scop;

/// isl operations per temporary tried: twice what the bilateral grid's blurx takes (between
/// 100,000 and 200,000; 0.11 s). Camera pipe's denoised, read by 21 statements at clamped
/// rows, ran out the propagation's quota of 2,000,000 in 0.4 s; this one in 0.08 s.
const QUOTA: u64 = 400_000;

/// `scop` with its kept temporaries stored as line buffers where possible, and per temporary
/// tried the buffer or why not, in array order.
pub(crate) fn store_line_buffers(scop: Scop, report: &Report, options: &Options) -> (Scop, Vec<(String, Result<LineBuffer, NotBuilt>)>) {
    let ctx = &IslContext::new(match options.max_operations {
        0 => QUOTA,
        limit => QUOTA.min(limit),
    });
    let mut current = scop;
    let mut tried = Vec::new();
    for &array in &options.allocated_by_size {
        let t = &current.arrays[array];
        let accessed = current.statements.iter().any(|s| s.write.array == array);
        if t.is_scalar() || !accessed || report.removable_arrays.contains(&array) || options.keep.contains(&t.name) {
            continue;
        }
        let name = t.name.clone();
        ctx.reset_quota();
        match build_line_buffer(ctx, &current, array) {
            Ok((buffered, buffer)) => {
                current = buffered;
                tried.push((name, Ok(buffer)));
            }
            Err(why) => tried.push((name, Err(why))),
        }
    }
    (current, tried)
}
