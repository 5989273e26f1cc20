//! A kept temporary written in place of one whose last reads it follows element by element.
//!
//! Storage sharing (`storage`) gives a temporary the allocation of one whose life ended in an
//! earlier stage. Pipelines more often have a temporary `b` whose stage is the last to read
//! another, `a`, at the element it writes: interpolate's `ip_l[c][i][j] = d_l[c][i][j] + (1 -
//! d_l[3][i][j]) * up(ip_{l+1})[c][i][j]`, the last stage that reads the level `d_l`. `b` can then
//! be written over `a` (an in-place update, the memory reuse paper 003 §7 suggests), provided
//! that at every element every access of `a` comes before every access of `b` in the new
//! code's order, except that one statement instance may read `a[e]` and write `b[e]`: it reads
//! its operands before it stores. The process touches one array less: fewer pages to fault in
//! (interpolate's run at full size: 78 000 minor page faults before, 37 000 after), and the
//! stores of `b` find their lines in cache, read there by the loads of `a` just before.
//! Pyramid blending's collapse `col_l = blend_l + up(col_{l+1})` reads its levels at the element
//! it writes too, but the next stage still reads them (upsampled): not in place.
//!
//! Elements are compared in the arrays' index space, so both arrays have one shape; under the
//! assumed context (the new code runs only where it holds) subscripts stay inside their
//! dimensions, and equal indices are equal addresses. The order is the one of the model's
//! schedules, which the AST follows; values that the new code computes earlier than their
//! instance (the recurrences' rotation, speculated select sides) only read `a` earlier. Code
//! whose order is not the schedules' is left alone: parallel loops, whose iterations may run in
//! any order, and the unrolled register tiles of a rescheduled model.

use super::Plan;
use polyhedral::ast::AstNode;
use polyhedral::isl::{assumed_context, map_out_dims, timed_statements, IslContext, IslError, IslResult, ParamSet, UnionMap};
use polyhedral::model::{Access, ArrayId, Scop, Statement};

/// isl operations per pair of arrays: interpolate's and local Laplacian's pairs take under a
/// tenth of it (0.04-0.07 s for each pipeline's seven).
const QUOTA: u64 = 200_000;

/// Whether the new code runs its statement instances in the order of the model's schedules.
pub fn follows_schedules(plan: &Plan<'_>) -> bool {
    fn parallel(node: &AstNode) -> bool {
        match node {
            AstNode::Block(children) => children.iter().any(parallel),
            AstNode::For { parallel: true, .. } => true,
            AstNode::For { body, .. } => parallel(body),
            AstNode::If { then, otherwise, .. } => parallel(then) || otherwise.as_deref().is_some_and(parallel),
            AstNode::User { .. } => false,
        }
    }
    !plan.split_offsets && plan.vector_bytes == 0 && !parallel(&plan.ast.root)
}

/// Whether temporary `b` may be written in `a`'s storage (see the module documentation), where
/// `a`'s last stage is `b`'s first and `shared` are the statements of that stage (earlier
/// stages access only `a`, later ones only `b`); false where isl cannot tell within its quota.
pub fn writes_in_place(scop: &Scop, shared: &[usize], a: ArrayId, b: ArrayId) -> bool {
    let (x, y) = (&scop.arrays[a], &scop.arrays[b]);
    if x.sizes != y.sizes || x.element != y.element || !only_certain_accesses(scop, shared, a) || !only_certain_accesses(scop, shared, b) {
        return false;
    }
    let ctx = IslContext::new(QUOTA);
    in_order(&ctx, scop, shared, a, b).unwrap_or(false)
}

/// Every access of `array` by `statements` is affine and certain: no may-access, no statement
/// under a data-dependent guard touches it. (Elsewhere only one of the two arrays is accessed:
/// a gather from the second in a later stage, local Laplacian's, is its own business.)
fn only_certain_accesses(scop: &Scop, statements: &[usize], array: ArrayId) -> bool {
    statements.iter().map(|&k| &scop.statements[k]).all(|s| {
        let reads = s.reads();
        let touches = s.write.array == array || reads.iter().any(|r| r.array == array);
        !touches || (!s.may_write() && reads.iter().all(|r| !r.is_may()) && reads.len() == s.value.reads().len())
    })
}

/// The accesses of `array` by `statements`: its reads and its writes over their domains,
/// `{ S[i] -> storage[e] }`: in one space for both arrays, so that their elements meet.
fn accesses<'c>(ctx: &'c IslContext, scop: &Scop, statements: &[usize], array: ArrayId) -> IslResult<(UnionMap<'c>, UnionMap<'c>)> {
    let (mut reads, mut writes) = (ctx.empty_union_map()?, ctx.empty_union_map()?);
    let of_storage = |s: &Statement, access: &Access| -> IslResult<UnionMap<'c>> {
        let relation = scop.access_relation(s, access);
        let tuple = format!("-> {}[", scop.arrays[array].name);
        // Relations left in two spaces would never meet: no pair, and a wrong "in order".
        if !relation.contains(&tuple) {
            return Err(IslError::Isl { message: format!("no {tuple} in {relation}") });
        }
        ctx.union_map(&relation.replacen(&tuple, "-> storage[", 1))?.intersect_domain(ctx.union_set(&s.domain)?)
    };
    for s in statements.iter().map(|&k| &scop.statements[k]) {
        for r in s.reads().into_iter().filter(|r| r.array == array) {
            reads = reads.union(of_storage(s, r)?)?;
        }
        if s.write.array == array {
            writes = writes.union(of_storage(s, &s.write)?)?;
        }
    }
    Ok((reads, writes))
}

/// At every element, every access of `a` before every access of `b`, or a read of `a` and the
/// write of `b` in one statement instance. Compared in time: the pairs of instances that meet
/// at an element are mapped to their times, `{ [t] -> [u] }`, and must not be in the wrong
/// order. Two instances of the 2d + 1 schedules are at one time only if they are one instance
/// (pieces of a split statement share its schedule on disjoint domains).
fn in_order(ctx: &IslContext, scop: &Scop, shared: &[usize], a: ArrayId, b: ArrayId) -> IslResult<bool> {
    let context = assumed_context(ctx, scop)?;
    let (reads_a, writes_a) = accesses(ctx, scop, shared, a)?;
    let (reads_b, writes_b) = accesses(ctx, scop, shared, b)?;
    let strict = meet(&context, both(&reads_a, &writes_a)?, reads_b.copy()?)?.union(meet(&context, writes_a, both(&reads_b, &writes_b)?)?)?;
    let weak = meet(&context, reads_a, writes_b)?;
    let Some(depth) = schedule_depth(ctx, scop, shared) else { return Ok(false) };
    let timed = timed_statements(ctx, shared.iter().map(|&k| &scop.statements[k]))?;
    let not_after = ctx.union_map(&order_text(scop, depth, true))?;
    let after = ctx.union_map(&order_text(scop, depth, false))?;
    Ok(in_time(&timed, strict)?.intersect(not_after)?.is_empty()? && in_time(&timed, weak)?.intersect(after)?.is_empty()?)
}

/// `{ [t] -> [u] }`: the times of the instance pairs `{ Sx[i] -> Sy[j] }`.
fn in_time<'c>(timed: &UnionMap<'c>, pairs: UnionMap<'c>) -> IslResult<UnionMap<'c>> {
    timed.copy()?.reverse()?.apply_range(pairs)?.apply_range(timed.copy()?)
}

/// The number of time dimensions of the schedules of `statements`, if they have one.
fn schedule_depth(ctx: &IslContext, scop: &Scop, statements: &[usize]) -> Option<usize> {
    let depths: Vec<usize> = statements.iter().map(|&k| map_out_dims(ctx, &scop.statements[k].schedule).ok()).collect::<Option<_>>()?;
    let first = *depths.first()?;
    depths.iter().all(|&d| d == first).then_some(first)
}

/// `{ [t] -> [u] : u <= t }` (lexicographically; `u < t` without `or_equal`) over `depth` time
/// dimensions, with the SCoP's parameters.
fn order_text(scop: &Scop, depth: usize, or_equal: bool) -> String {
    // Names no parameter of the source has.
    let t: Vec<String> = (0..depth).map(|k| format!("polyprop_t{k}")).collect();
    let u: Vec<String> = (0..depth).map(|k| format!("polyprop_u{k}")).collect();
    let mut cases: Vec<String> = (0..depth)
        .map(|k| {
            let equal = (0..k).map(|j| format!("{} = {} and ", u[j], t[j])).collect::<String>();
            format!("({equal}{} < {})", u[k], t[k])
        })
        .collect();
    if or_equal {
        cases.push(format!("({})", (0..depth).map(|j| format!("{} = {}", u[j], t[j])).collect::<Vec<_>>().join(" and ")));
    }
    format!("{}{{ [{}] -> [{}] : {} }}", scop.param_prefix(), t.join(", "), u.join(", "), cases.join(" or "))
}

/// `{ Sx[i] -> Sy[j] }`: the instances of `x` and of `y` that access one element.
fn meet<'c>(context: &ParamSet<'c>, x: UnionMap<'c>, y: UnionMap<'c>) -> IslResult<UnionMap<'c>> {
    x.apply_range(y.reverse()?)?.intersect_params(context)
}

fn both<'c>(reads: &UnionMap<'c>, writes: &UnionMap<'c>) -> IslResult<UnionMap<'c>> {
    reads.copy()?.union(writes.copy()?)
}
