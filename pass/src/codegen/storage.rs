//! Storage shared by kept temporaries whose lives do not overlap.
//!
//! The new function allocates each temporary that propagation keeps (paper 003 §4: a
//! temporary whose recomputation costs more than its storage). Two of them of one size and
//! element type where every access to the first comes, in the new code's order, before every
//! access to the second can live in one allocation: the memory scheduling that paper 003 §7
//! suggests combining with expression propagation ("reuse memory locations for different
//! intermediate results"). The process needs less memory, and the second array finds the
//! first's pages mapped and in cache. In a chain of kept stages `t1 -> t2 -> t3 -> t4`, `t3`
//! takes `t1`'s storage. The seven pipelines have no such pair: each level of their pyramids
//! is kept while the stage that writes the next level of one size reads it. Where the second's
//! first stage is the first's last, the second may be written over the first in place
//! (`in_place`): interpolate's `ip_l` over `d_l` and local Laplacian's `lap_l` over `gp_l`, seven
//! levels each.
//!
//! The order is the one of the AST's stages (as the source wrote them or as the scheduler
//! ordered them: the nodes of nested sequences, also inside a guard without an alternative;
//! a loop or a guard with two sides is one stage): an array's life is the span of the stages
//! that access it. Greedy in the order lives start: a temporary takes the storage of the
//! first earlier one whose life has ended. Shared storage is one array for alias analysis too
//! (one alias scope), so no metadata says the two do not overlap.

use super::{allocates_by_size, in_place, statements_in, Plan};
use crate::ir;
use polyhedral::ast::AstNode;
use polyhedral::model::{ArrayId, Contents, Liveness};
use std::ops::RangeInclusive;

/// Per array, the array whose allocation it uses: itself, or an earlier temporary's.
/// `returned`: an allocation the new function returns, which keeps its own.
pub fn shared_storage(plan: &Plan<'_>, used: &[bool], returned: Option<ArrayId>) -> Vec<ArrayId> {
    let mut storage: Vec<ArrayId> = (0..plan.scop.arrays.len()).collect();
    let mut stages = Vec::new();
    flatten(&plan.ast.root, &mut stages);
    let statements: Vec<Vec<usize>> = stages.iter().map(|stage| statements_of(stage)).collect();
    let mut candidates: Vec<(ArrayId, RangeInclusive<usize>)> = lives(plan, &statements)
        .into_iter()
        .enumerate()
        .filter_map(|(id, life)| Some((id, life?)))
        .filter(|(id, _)| Some(*id) != returned && may_share(plan, used, *id))
        .collect();
    candidates.sort_by_key(|(id, life)| (*life.start(), *id));
    let in_place = in_place::follows_schedules(plan);
    // Per allocation: its owner, the last stage that uses it so far and the array used there.
    let mut allocations: Vec<(ArrayId, usize, ArrayId)> = Vec::new();
    for (id, life) in candidates {
        let start = *life.start();
        let free = allocations.iter_mut().find(|(owner, last, latest)| {
            same_allocation(plan, *owner, id)
                && (*last < start || (in_place && *last == start && in_place::writes_in_place(plan.scop, &statements[start], *latest, id)))
        });
        match free {
            Some((owner, last, latest)) => {
                storage[id] = *owner;
                *last = *life.end();
                *latest = id;
            }
            None => allocations.push((id, *life.end(), id)),
        }
    }
    storage
}

/// The stages in the order the new code runs them: the nodes of nested sequences, also
/// inside a guard without an alternative (its stages run in that order or not at all). A
/// loop, or a guard with two sides, is one stage.
fn flatten<'a>(node: &'a AstNode, out: &mut Vec<&'a AstNode>) {
    match node {
        AstNode::Block(children) => children.iter().for_each(|c| flatten(c, out)),
        AstNode::If { then, otherwise: None, .. } => flatten(then, out),
        _ => out.push(node),
    }
}

/// The statements of one stage.
fn statements_of(stage: &AstNode) -> Vec<usize> {
    let mut instances = Vec::new();
    statements_in(stage, &mut instances);
    let mut statements: Vec<usize> = instances.into_iter().map(|(s, _)| s).collect();
    statements.sort_unstable();
    statements.dedup();
    statements
}

/// Per array, the span of the stages (given by their `statements`) that access it.
fn lives(plan: &Plan<'_>, statements: &[Vec<usize>]) -> Vec<Option<RangeInclusive<usize>>> {
    let mut lives: Vec<Option<RangeInclusive<usize>>> = vec![None; plan.scop.arrays.len()];
    for (k, stage) in statements.iter().enumerate() {
        for &s in stage {
            let statement = &plan.scop.statements[s];
            for array in statement.reads().into_iter().chain([&statement.write]).map(|a| a.array) {
                lives[array] = Some(match &lives[array] {
                    Some(life) => *life.start()..=k,
                    None => k..=k,
                });
            }
        }
    }
    lives
}

/// A temporary the new function allocates itself with `malloc` of the source's size (not
/// zeros, which a reused allocation no longer holds).
fn may_share(plan: &Plan<'_>, used: &[bool], id: ArrayId) -> bool {
    let array = &plan.scop.arrays[id];
    // Scalars (which have no base) are registers.
    let Some(&base) = plan.bases.get(id).filter(|_| !array.is_scalar()) else { return false };
    used[id]
        && plan.place.is_none()
        && array.liveness == Liveness::Temporary
        && !array.row_pointers
        // A line buffer's storage is its own size, not the source's.
        && !array.line_buffer
        && array.initial != Contents::Zeros
        // What the program left there before the region stays in its own array.
        && array.initial != Contents::Program
        && allocates_by_size(base)
        && ir::called_function_name(base).as_deref() != Some("calloc")
        && plan.element_growth.get(id).copied().unwrap_or(1) == 1
}

/// Whether two temporaries are allocated with one size (the same values) and hold elements of
/// one type with one TBAA tag.
fn same_allocation(plan: &Plan<'_>, a: ArrayId, b: ArrayId) -> bool {
    let (x, y) = (&plan.scop.arrays[a], &plan.scop.arrays[b]);
    let tag = |id: ArrayId| plan.fidelity.tbaa.get(id).copied().flatten();
    x.element == y.element
        && tag(a) == tag(b)
        && ir::called_function_name(plan.bases[a]) == ir::called_function_name(plan.bases[b])
        && ir::call_arguments(plan.bases[a]) == ir::call_arguments(plan.bases[b])
}
