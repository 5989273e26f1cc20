//! Benefit heuristics (paper 003, section 4.2 and 4.3).
//!
//! **Cache-miss heuristic** (section 4.2, Figure 8): every access is assumed to sit in the
//! middle of a cache line of `line` elements, so after a miss on `A[..][x]` the accesses
//! `A[..][x - line/2 ..= x + line/2 - 1]` (with the same outer subscripts) hit; with the
//! default 8 elements that is `-4..+3`, one memory stream. The accesses of a statement (its
//! reads in evaluation order, then its write) are visited once; every access outside all
//! earlier streams is a miss and starts a new stream. A scalar is one stream. Subscripts whose
//! difference is not a constant are different streams; so is a clamped subscript
//! (`t[max(x - 1, 0)]`, a read replaced without a split) against `t[x]`. Counted by its
//! interior (`x - 1`) instead, as the split's interior part would be, the limit let local
//! Laplacian propagate until it ran at 0.61x naive (`polyprop-bench --full --rounds 3`,
//! 2026-11-28): left conservative. The number of misses is the number of
//! cache lines one iteration needs; propagation is refused when a new statement needs more than
//! the limit (default 32, as the CC'18 implementation).
//!
//! **Code-complexity heuristic** (section 4.3): "instances are only specialized for a single
//! iteration if the fixed dimension is not in-between two non-fixed, thus loop dimensions". A
//! dimension of a part of a split domain is *fixed* when, in a convex piece of it, its value is
//! determined by the outer dimensions and the parameters. Our extension for calls of the
//! program's own functions, which the paper's pipelines do not have: a new statement calls
//! them at most as often per iteration as the target and its sources did together
//! (`program_calls`), and a source instance that calls them is read by one target instance
//! at most (`location`: no upsampling of a call).

use polyhedral::affine::AffExpr;
use polyhedral::isl::{IslContext, IslResult};
use polyhedral::model::{Access, Callee, Expr, Scop, Statement};

/// Cache lines one iteration of `statement` needs (see the module documentation).
pub fn cache_lines(scop: &Scop, statement: &Statement, line: usize) -> usize {
    let half = (line / 2).max(1) as i64;
    let mut streams: Vec<&Access> = Vec::new();
    let mut accesses = statement.value.reads();
    accesses.push(&statement.write);
    let mut misses = 0;
    for access in accesses {
        let hit = streams.iter().any(|start| same_stream(scop, start, access, half));
        if !hit {
            misses += 1;
            streams.push(access);
        }
    }
    misses
}

fn same_stream(scop: &Scop, start: &Access, access: &Access, half: i64) -> bool {
    if start.is_may() || access.is_may() {
        // A may-access is a stream of its own (section 4.2 counts a non-affine access once).
        return start == access;
    }
    if start.array != access.array || start.subscripts.len() != access.subscripts.len() {
        return false;
    }
    if scop.arrays[access.array].is_scalar() || access.subscripts.is_empty() {
        return true;
    }
    let last = access.subscripts.len() - 1;
    if start.subscripts[..last] != access.subscripts[..last] {
        return false;
    }
    let difference: Option<AffExpr> = access.subscripts[last].sub(&start.subscripts[last]);
    match difference.and_then(|d| d.as_constant()) {
        Some(d) => -half <= d && d < half,
        None => false,
    }
}

/// The first fixed dimension that lies between two loop dimensions in some convex piece of
/// `part` (`[params] -> { S[i0, ..., in] : ... }`), if any.
pub fn specialized_middle_dimension(ctx: &IslContext, part: &str, name: &str, dims: usize) -> IslResult<Option<usize>> {
    if dims < 3 {
        return Ok(None);
    }
    let set = ctx.set(part)?;
    let list = ctx.check(set.get_basic_set_list())?;
    for index in 0..ctx.check(list.size())? {
        let basic = ctx.check(list.get_at(index))?;
        let piece = ctx.check(isl_rs::Set::from_basic_set(basic))?;
        let text = ctx.set_text(&piece)?;
        let mut fixed = Vec::with_capacity(dims);
        for k in 0..dims {
            fixed.push(is_fixed(ctx, &text, name, dims, k)?);
        }
        for k in 1..dims - 1 {
            if fixed[k] && fixed[..k].iter().any(|f| !f) && fixed[k + 1..].iter().any(|f| !f) {
                return Ok(Some(k));
            }
        }
    }
    Ok(None)
}

/// Whether two points of `piece` with equal outer dimensions can differ in dimension `k`.
fn is_fixed(ctx: &IslContext, piece: &str, name: &str, dims: usize, k: usize) -> IslResult<bool> {
    let x: Vec<String> = (0..dims).map(|d| format!("x{d}")).collect();
    let y: Vec<String> = (0..dims).map(|d| format!("y{d}")).collect();
    let mut constraints: Vec<String> = (0..k).map(|d| format!("x{d} = y{d}")).collect();
    constraints.push(format!("x{k} < y{k}"));
    let pairs = format!("{{ {name}[{}] -> {name}[{}] : {} }}", x.join(", "), y.join(", "), constraints.join(" and "));
    let pairs = ctx.union_map(&pairs)?;
    let within = pairs.intersect_domain(ctx.union_set(piece)?)?.intersect_range(ctx.union_set(piece)?)?;
    within.is_empty()
}

/// Calls of the program's functions in `value` (`Callee::Pure`). Math functions are not
/// counted: they are cheap and vectorized, as arithmetic is; a function of the program is
/// neither (it stays a call), so the code-complexity heuristic lets propagation recompute
/// each source's calls once per iteration of the target, not once per read.
pub fn program_calls(value: &Expr) -> usize {
    let mut calls = 0;
    value.visit(&mut |e| calls += matches!(e, Expr::Call(Callee::Pure(_), ..)) as usize);
    calls
}
