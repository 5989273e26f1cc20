//! Reads that a select's side may perform before its condition is known.
//!
//! Code generation evaluates a select's two sides and picks one with an LLVM `select` only
//! when evaluating the side not taken cannot fault; otherwise the side runs under a branch, as
//! the source's did. Branches on image data mispredict about half the time and keep the loop
//! vectorizer and the if-converter away, so the difference is large in pipelines whose
//! stages choose between neighbours (camera pipe's demosaicking: `ghd < gvd ? gh : gv`).
//!
//! Propagation (paper 003, §3) moves a producer's reads into its consumers: a temporary read
//! on one side of a select becomes the producer's whole expression there, with reads of other
//! arrays at other subscripts. Such a read cannot fault when the source touches every element
//! it reads, over the statement's whole domain, anyway: reads outside any select's sides, the
//! guards' reads and the writes of statements without a guard, of the model before the
//! transform, under the assumed context that the run-time check establishes. The region runs
//! between allocation and release of every array it touches, so those elements are
//! dereferenceable throughout it. A value loaded early may be one the source had not written
//! yet; the select discards it. Sides that can trap (`Expr::may_trap`) stay branches whatever
//! they read, and so do sides that divide integers (code generation's `divides_integers`:
//! LLVM would merge the two sides' divisions into one that does not vectorize).

use crate::isl::{self, IslContext, IslError, IslResult, ParamSet, UnionSet};
use crate::model::{Access, Scop, Statement};

/// Per statement of `transformed`, the affine reads in select sides, not performed anyway by
/// the statement itself, whose elements `source` touches unconditionally over the statement's
/// domain. A statement whose question exceeds the isl quota gets none (its sides stay branches).
pub fn speculable_reads(ctx: &IslContext, source: &Scop, transformed: &Scop) -> IslResult<Vec<Vec<Access>>> {
    let candidates: Vec<Vec<&Access>> = transformed.statements.iter().map(candidates).collect();
    // Propagation keeps the source's arrays, in order; sized for both all the same.
    let arrays = source.arrays.len().max(transformed.arrays.len());
    let mut wanted = vec![false; arrays];
    candidates.iter().flatten().for_each(|a| wanted[a.array] = true);
    if !wanted.contains(&true) {
        return Ok(vec![Vec::new(); transformed.statements.len()]);
    }
    let assumed = isl::assumed_context(ctx, transformed)?;
    let touched = touched_elements(ctx, source, &wanted, &assumed)?;
    debug_assert_eq!(touched.len(), arrays);
    let mut speculable = Vec::with_capacity(transformed.statements.len());
    for (statement, reads) in transformed.statements.iter().zip(candidates) {
        ctx.reset_quota();
        match reads_within(ctx, transformed, statement, reads, &touched, &assumed) {
            Ok(reads) => speculable.push(reads),
            Err(IslError::Complexity) => speculable.push(Vec::new()),
            Err(error) => return Err(error),
        }
    }
    Ok(speculable)
}

/// The distinct affine reads of a statement in its selects' sides that it does not perform
/// anyway.
fn candidates(statement: &Statement) -> Vec<&Access> {
    let unconditional = statement.unconditional_reads();
    let mut out: Vec<&Access> = Vec::new();
    for access in statement.reads() {
        if !access.is_may() && !unconditional.contains(access) && !out.contains(&access) {
            out.push(access);
        }
    }
    out
}

/// Per array, `{ A[subscripts] }` that the source reads or writes at every run under
/// `assumed`: affine accesses outside select sides; of a guarded statement only its guard's.
fn touched_elements<'c>(ctx: &'c IslContext, source: &Scop, wanted: &[bool], assumed: &ParamSet<'c>) -> IslResult<Vec<Option<UnionSet<'c>>>> {
    let unconditional = |statement: &Statement, access: &Access| match &statement.guard {
        Some(guard) => guard.unconditional_reads().contains(access),
        None => *access == statement.write || statement.unconditional_reads().contains(access),
    };
    let mut touched = Vec::with_capacity(wanted.len());
    for (array, &wanted) in wanted.iter().enumerate() {
        ctx.reset_quota();
        touched.push(match wanted {
            true => isl::accessed_elements(ctx, source, array, assumed, |s, a| !a.is_may() && unconditional(s, a))?,
            false => None,
        });
    }
    Ok(touched)
}

fn reads_within<'c>(
    ctx: &'c IslContext,
    scop: &Scop,
    statement: &Statement,
    reads: Vec<&Access>,
    touched: &[Option<UnionSet<'c>>],
    assumed: &ParamSet<'c>,
) -> IslResult<Vec<Access>> {
    let mut within = Vec::new();
    for access in reads {
        let Some(touched) = &touched[access.array] else { continue };
        if elements(ctx, scop, statement, access, assumed)?.is_subset(touched)? {
            within.push(access.clone());
        }
    }
    Ok(within)
}

/// `{ A[subscripts] }` that `access` of `statement` reaches over its domain, under `assumed`.
fn elements<'c>(ctx: &'c IslContext, scop: &Scop, statement: &Statement, access: &Access, assumed: &ParamSet<'c>) -> IslResult<UnionSet<'c>> {
    let relation = ctx.union_map(&scop.access_relation(statement, access))?;
    relation.intersect_domain(ctx.union_set(&statement.domain)?)?.range()?.intersect_params(assumed)?.coalesce()
}
