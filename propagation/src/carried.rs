//! Arrays that a loop around the SCoP carries from one run of it to the next (not in paper
//! 003, whose SCoPs are whole pipelines). A SCoP inside a loop the model does not hold (a time
//! loop whose stages swap two grids by pointer, a repeat loop that calls other code) runs once
//! per iteration; an array allocated before that loop (`Contents::Carried`) then holds, on
//! entry, what the previous run left in it. It is a temporary of the SCoP only if no run reads
//! those values: every instance that reads it is reached by a write of the same run that
//! certainly happens (no data-dependent guard, no data-dependent subscript). The residual of a
//! Jacobi step, allocated once and rewritten before it is read at every step, is one. An
//! array read before it is written, as a previous step's values, is live-out: the next run
//! reads what this one writes.

use crate::reload_test::{Analysis, Relations};
use crate::uninitialized::unreached_reads;
use polyhedral::isl::{IslContext, IslResult};
use polyhedral::model::{Access, ArrayId, Contents, Liveness, Scop};

/// Settles each carried array of `scop`: a temporary with indeterminate contents where no run
/// reads an earlier run's values, else live-out with the program's values (also where the
/// analysis runs out of its quota). The names of the arrays made live-out.
pub fn settle_carried(ctx: &IslContext, scop: &mut Scop) -> Vec<String> {
    let carried: Vec<ArrayId> = (0..scop.arrays.len()).filter(|&a| scop.arrays[a].initial == Contents::Carried).collect();
    if carried.is_empty() {
        return Vec::new();
    }
    ctx.reset_quota();
    let relations = Relations::default();
    let read_first: Vec<bool> = match Analysis::new(ctx, scop, &relations) {
        Ok(analysis) => carried.iter().map(|&a| reads_earlier_run(ctx, &analysis, scop, a).unwrap_or(true)).collect(),
        Err(_) => vec![true; carried.len()],
    };
    let mut live = Vec::new();
    for (&a, read_first) in carried.iter().zip(read_first) {
        let array = &mut scop.arrays[a];
        (array.liveness, array.initial) = match read_first {
            true => (Liveness::LiveOut, Contents::Program),
            false => (Liveness::Temporary, Contents::Indeterminate),
        };
        if read_first {
            live.push(array.name.clone());
        }
    }
    live
}

/// Whether some read of `array` may see what an earlier run wrote: a may-access of it, a
/// write that may not happen, a read outside a statement's value, or a read instance no
/// write of this run reaches.
fn reads_earlier_run<'c>(ctx: &'c IslContext, analysis: &Analysis<'_, 'c>, scop: &Scop, array: ArrayId) -> IslResult<bool> {
    let of_array = |reads: Vec<&Access>| reads.into_iter().filter(|r| r.array == array).map(Access::is_may).collect::<Vec<bool>>();
    let uncertain = scop.statements.iter().any(|s| {
        let (all, values) = (of_array(s.reads()), of_array(s.value.reads()));
        (s.write.array == array && (s.guard.is_some() || s.write.is_may()))
            || all.contains(&true)
            // A read in a guard or a may-write's subscript, which `unreached_reads` does not
            // look at.
            || all.len() != values.len()
    });
    Ok(uncertain || !unreached_reads(ctx, analysis, scop, array)?.is_empty())
}
