//! SCoP detection: the largest regions of a function that polyprop can model.
//!
//! The whole function body is tried first, so that every stage of a pipeline lands in one
//! SCoP. If it is rejected, each outermost loop nest is tried on its own, and inside a
//! rejected nest each inner loop, down to the innermost loops (for a transform, only the
//! nests that hold a temporary of their own: `Scope::Transformable`). Every rejected
//! candidate keeps its typed reason for `print<polyprop-detect>`.

use crate::bridge::{Analyses, Loop};
use crate::ir::{self, Block, Value};
use crate::region::Region;
use crate::reject::{Reject, RejectKind};
use crate::profile::Evidence;
use crate::scop_builder::{self, BuiltScop};
use llvm_sys::LLVMOpcode;

/// One candidate region and what became of it.
pub enum Candidate {
    Accepted { description: String, built: Box<BuiltScop> },
    Rejected { description: String, reason: Reject },
}

/// Which candidates `detect` tries.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The function body, then its loop nests (the printers show every candidate).
    Everything,
    /// What a transform can use: the function body, then (if it is rejected) the loop nests
    /// that hold a temporary of their own (`arrays::holds_temporary`): propagation removes
    /// nothing from the others, so a transform that prints nothing else does not model them
    /// (unless a profile's evidence may let rows of row-pointer tables be rescheduled).
    Transformable,
}

/// All candidates of `function`, outermost first.
pub fn detect(a: Analyses, function: Value, quota: u64, scope: Scope, evidence: &Evidence) -> Vec<Candidate> {
    let name = ir::function_name(function);
    let mut out = Vec::new();
    let loops = all_loops(a, function);
    let body = Region::function_body(a, function);
    if body.is_some() && loops.is_empty() {
        out.push(Candidate::Rejected {
            description: "function body".into(),
            reason: Reject::new(RejectKind::NoLoop, "function without loops"),
        });
        return out;
    }
    let outcome = match &body {
        Some(region) => scop_builder::build(a, function, region, name.clone(), quota, false, evidence),
        None if crate::region::never_returns(function) => Err(Reject::new(RejectKind::IrreducibleControlFlow, "the function never returns")),
        None => Err(Reject::new(RejectKind::IrreducibleControlFlow, "cycle outside natural loops")),
    };
    match outcome {
        Ok(built) => {
            out.push(Candidate::Accepted { description: "function body".into(), built: Box::new(built) });
            return out;
        }
        Err(reason) => out.push(Candidate::Rejected { description: "function body".into(), reason }),
    }
    let outermost: Vec<Loop> = loops.iter().copied().filter(|l| l.parent().is_none()).collect();
    try_nests(a, function, &name, &outermost, &loops, quota, scope, evidence, &mut out);
    out
}

/// Tries the sibling loop nests `nests` (in block order): the longest sequence from each nest
/// on, else the nest alone (and, where it is rejected, its inner nests the same way: the
/// stages inside a loop that repeats them).
#[allow(clippy::too_many_arguments)]
fn try_nests(
    a: Analyses,
    function: Value,
    name: &str,
    nests: &[Loop],
    loops: &[Loop],
    quota: u64,
    scope: Scope,
    evidence: &Evidence,
    out: &mut Vec<Candidate>,
) {
    let mut k = 0;
    // The nests of a rejected sequence are tried on their own, not in shorter sequences: each
    // attempt models the whole region, and the reason is usually in every one of them.
    let mut rejected_until = 0;
    let barriers: Vec<bool> = (1..nests.len()).map(|j| stores_unmodeled_value_between(a, function, nests[j - 1], nests[j])).collect();
    while k < nests.len() {
        // A sequence ends before the first barrier after its first nest.
        let end = (k + 1..nests.len()).find(|&j| barriers[j - 1]).unwrap_or(nests.len());
        let sequence = if k < rejected_until {
            None
        } else {
            (k + 1..end).rev().find_map(|last| Region::loop_sequence(a, function, nests[k], nests[last]).map(|r| (last, r)))
        };
        if let Some((last, region)) = sequence {
            if try_sequence(a, function, name, &nests[k..=last], region, quota, scope, evidence, out) {
                k = last + 1;
                continue;
            }
            rejected_until = last + 1;
        }
        try_loop(a, function, name, nests[k], loops, quota, scope, evidence, out);
        k += 1;
    }
}

/// Whether the code between the sibling nests `before` and `after` stores a value the model
/// has no type for: a pointer, such as the fields of a C++ object built in place between the
/// stages (`Image out(w, h);` returned by value, whose vector's pointers are stored into the
/// caller's object after the temporaries are filled). No sequence holding both nests is a
/// SCoP, so sequences stop there and the nests after it start their own.
fn stores_unmodeled_value_between(a: Analyses, function: Value, before: Loop, after: Loop) -> bool {
    let Some(region) = Region::loop_sequence(a, function, before, after) else { return false };
    let (Some(from), Some(to)) = (region.order_of(before.header()), region.order_of(after.header())) else { return false };
    // Between the nests in the region's reverse post-order, outside both.
    let between = |b: Block| a.loop_for(b) == before.parent() && region.order_of(b).is_some_and(|k| from < k && k < to);
    region
        .blocks
        .iter()
        .filter(|&&b| between(b))
        .flat_map(|&b| ir::instructions(b))
        .any(|i| ir::opcode(i) == Some(LLVMOpcode::LLVMStore) && ir::value_type(ir::operand(i, 0)).is_none())
}

/// Tries consecutive loop nests and the code between them as one SCoP (the longest such
/// region from a nest on); whether it was accepted. A rejected sequence is printed, and its
/// nests are tried on their own.
#[allow(clippy::too_many_arguments)]
fn try_sequence(
    a: Analyses,
    function: Value,
    name: &str,
    nests: &[Loop],
    region: Region,
    quota: u64,
    scope: Scope,
    evidence: &Evidence,
    out: &mut Vec<Candidate>,
) -> bool {
    if scope == Scope::Transformable && evidence.is_empty() && !crate::arrays::holds_temporary(&region, function) {
        return false;
    }
    let description = match (describe(nests[0]), describe(nests[nests.len() - 1])) {
        (Some(first), Some(last)) => format!("loop nests from {first} to {last}"),
        _ => "loop nests".to_string(),
    };
    let scop_name = format!("{name}.{}", crate::affinator::sanitize(&ir::block_name(nests[0].header())));
    match scop_builder::build(a, function, &region, scop_name, quota, scope == Scope::Transformable, evidence) {
        Ok(built) => {
            out.push(Candidate::Accepted { description, built: Box::new(built) });
            true
        }
        Err(reason) => {
            out.push(Candidate::Rejected { description, reason });
            false
        }
    }
}

/// Where a loop nest starts, for messages: its source location or its header's name.
fn describe(lp: Loop) -> Option<String> {
    let header = ir::block_name(lp.header());
    match ir::location(ir::terminator(lp.header())) {
        Some(at) if header.is_empty() => Some(at.to_string()),
        _ if header.is_empty() => None,
        _ => Some(format!("%{header}")),
    }
}

#[allow(clippy::too_many_arguments)]
fn try_loop(
    a: Analyses,
    function: Value,
    name: &str,
    lp: Loop,
    loops: &[Loop],
    quota: u64,
    scope: Scope,
    evidence: &Evidence,
    out: &mut Vec<Candidate>,
) {
    let header = ir::block_name(lp.header());
    let description = describe(lp).map_or_else(|| "loop nest".to_string(), |at| format!("loop nest at {at}"));
    let region = Region::loop_nest(a, function, lp);
    let inner = || loops.iter().copied().filter(|l| l.parent() == Some(lp)).collect::<Vec<Loop>>();
    // An inner loop holds no more than its outer one: none of them can gain either. Except an
    // array allocated before this loop, which the steps inside it may rewrite at each
    // iteration before they read it (`Contents::Carried`).
    if scope == Scope::Transformable && evidence.is_empty() && region.as_ref().is_some_and(|r| !crate::arrays::holds_temporary(r, function)) {
        if region.as_ref().is_some_and(|r| crate::arrays::accesses_earlier_allocation(r, function)) {
            try_nests(a, function, name, &inner(), loops, quota, scope, evidence, out);
        }
        return;
    }
    let outcome = match region {
        Some(region) => {
            let scop_name = if header.is_empty() {
                format!("{name}.loop{}", lp.depth())
            } else {
                format!("{name}.{}", crate::affinator::sanitize(&header))
            };
            scop_builder::build(a, function, &region, scop_name, quota, scope == Scope::Transformable, evidence)
        }
        None => Err(Reject::new(RejectKind::IrreducibleControlFlow, "cycle outside natural loops")),
    };
    match outcome {
        Ok(built) => out.push(Candidate::Accepted { description, built: Box::new(built) }),
        Err(reason) => {
            let stop = reason.kind == RejectKind::Complexity;
            out.push(Candidate::Rejected { description, reason });
            if stop {
                return;
            }
            try_nests(a, function, name, &inner(), loops, quota, scope, evidence, out);
        }
    }
}

/// Every loop of the function, in block order of their headers.
fn all_loops(a: Analyses, function: Value) -> Vec<Loop> {
    ir::blocks(function)
        .into_iter()
        .filter_map(|b| a.loop_for(b).filter(|l| l.header() == b))
        .collect()
}
