//! Polyhedral expression propagation (paper 003, sections 3 and 4) on polyprop's model.
//!
//! [`propagate`] takes a SCoP and returns the transformed SCoP and a [`Report`] that explains
//! every decision. It works on `model::Scop` only, independent of LLVM: the textual language
//! (`polyprop propagate`) and the LLVM plugin call it alike.
//!
//! The pipeline, one module per step:
//! 1. `liveness` (section 5.1): the candidate locations; temporaries come from the model's
//!    `Liveness`, which the front ends fill (the LLVM front end per section 5.1, the language
//!    from its declarations). `uninitialized` (not in the paper): reads of a temporary's
//!    indeterminate contents are assumed not to happen (a run-time check).
//! 2. `order` (section 4.4): a priority worklist; each location is tried once. With
//!    `Options::only_if_array_removed` (the transform), `hopeless` first takes out the
//!    locations no propagation can ever remove (not in the paper; compile time): a SCoP whose
//!    temporary arrays are all hopeless is left before its scalars are tried.
//! 3. `location` (sections 4.1, 4.4): for one location, in rounds:
//!    - `reload_test` (section 3.2): RAW dependences, PIW, OR, self-WAR, propagation
//!      dependences;
//!    - `expressions` (section 3.1, Algorithm 1, equation 3): propagation expressions;
//!    - `splitting` (section 3, Figure 5): surjective dependences by splitting the target;
//!    - `heuristics` (sections 4.2, 4.3): cache misses and code complexity (with a guard on
//!      expression size);
//!    - dead writes of a fully propagated temporary are removed (section 4.1).
//! 4. `line_buffers` (issue 18, not in the paper): temporaries still kept stored as a few rows
//!    inside their readers' nest where isl proves it legal (`polyhedral::line_buffers`).
//! 5. `verify`: the model's consistency after the transformation.
//!
//! Bounded work: all isl work runs under an operation quota, renewed for each location;
//! running out leaves that location unchanged with the reason "complexity".
//!
//! Known limits (not yet): higher-order recurrences (section 5.4) belong to code generation;
//! live-out locations are propagated in one round only (no chains through their own writers);
//! propagation never introduces new accesses or changes the schedule (section 3.3); a line
//! buffer moves its writer into its readers' loops, a schedule isl proves legal.

mod branches;
mod carried;
mod cost;
mod expressions;
mod heuristics;
mod hopeless;
mod location;
mod measured_cost;
mod order;
mod recomputation;
mod reload_test;
mod report;
mod splitting;
mod uninitialized;
mod zero_initialized;
mod unrolling;
mod widened_tables;
mod line_buffers;

pub use carried::settle_carried;
pub use branches::has_branch_on_iterators;
pub use cost::{CostModel, Prediction, MEASURED};
pub use heuristics::cache_lines;
pub use recomputation::Recomputation;
pub use report::{LocationReport, Outcome, Reason, Report};

use polyhedral::isl::{IslContext, IslError, DEFAULT_MAX_OPERATIONS};
use reload_test::{Analysis, Relations};
use polyhedral::lang::typing::expr_type;
use polyhedral::model::{ArrayId, Expr, Liveness, Scop};
use std::collections::{BTreeMap, HashSet};
use std::fmt;

/// Parameters of the heuristics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Elements per cache line for the cache-miss heuristic (section 4.2): accesses within
    /// `-line/2 .. line/2 - 1` elements of a miss hit. Default 8 (`-4..+3`).
    pub cache_line: usize,
    /// Most cache lines per iteration a statement may need after propagation. Default 32.
    pub cache_limit: usize,
    /// Also propagate live-out locations, per RAW dependence, keeping their writes (section 3;
    /// Figure 5). Default off: section 4.1, the gain is in removing temporaries.
    pub propagate_live_out: bool,
    /// isl operation quota per location (0: none).
    pub max_operations: u64,
    /// Most expression nodes a statement may have after propagation. Not in the paper: a
    /// guard of the code-complexity heuristic against the exponential growth of chains of
    /// stencils (each 3-point stage triples the expression). Default 10000.
    pub max_expression_size: usize,
    /// Most parts one target statement may be split into by one location's propagation. Not
    /// in the paper: a guard of the code-complexity heuristic against splits that multiply
    /// (a border case in each of two dimensions, then again in the next stage). Default 8.
    pub max_split_parts: usize,
    /// Most RAW dependences one location may have propagated (over all its targets and
    /// rounds). Not in the paper: a guard of the code-complexity heuristic against a stage
    /// read by every level of a pyramid (local laplacian's input, 660 dependences into 40
    /// statements), whose recomputation costs more than the array. Default 256.
    pub max_dependences: usize,
    /// The caller keeps the result only if it removes a temporary array (not a scalar): once
    /// every array has been tried and none is removed, the scalars left are not tried. Off by
    /// default; the transform sets it, so that a SCoP it will leave as it was costs less.
    pub only_if_array_removed: bool,
    /// A parameter set (sizes specialized to multiples, `polyhedral::specialization`) under
    /// which a split the code-complexity heuristic refuses is looked at again: its reason
    /// says whether the split would pass there. Lets the caller run a specialized propagation
    /// only where it can remove more. `None` by default.
    pub specialization: Option<String>,
    /// A clamped read of a whole producer replaced by one expression with `min`/`max`
    /// subscripts (`expressions::inverted_write_piece`) instead of its reader split per border
    /// (section 3). Default on.
    pub whole_clamped_reads: bool,
    /// Most operations per element that propagating a temporary may add by evaluating its
    /// writer more than once (`recomputation`). Not in the paper. `None`: no limit. Default
    /// the plugin's (`polyprop_options::RECOMPUTE_LIMIT`).
    pub recomputation_limit: Option<usize>,
    /// The cost model that decides whether a temporary's recomputation is worth its array
    /// (`cost`), in place of `recomputation_limit`. `None` by default: the limit decides.
    pub cost_model: Option<CostModel>,
    /// Locations left as they are, by name (`Reason::Kept`). Empty by default.
    pub keep: Vec<String>,
    /// Temporaries propagated whatever the benefit tests predict (the recomputation limit or
    /// the cost model, the cache-miss and code-complexity heuristics), by name; legality and
    /// the limits on compile time (dependences, expression size, repeated calls, quotas) still
    /// hold. Measurements of the other choice (the cost model's calibration) use it. Empty by
    /// default.
    pub propagate: Vec<String>,
    /// Temporary arrays the caller allocates itself, by size: narrow tables among them read
    /// only by gathers are stored as 32-bit integers (`widened_tables`), and those kept may
    /// become line buffers. Empty by default.
    pub allocated_by_size: Vec<ArrayId>,
    /// Temporaries left kept by the heuristics and the cost model stored as line buffers where
    /// that is legal (`polyhedral::line_buffers`; issue 18). Off by default.
    pub line_buffers: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { cache_line: 8, cache_limit: 32, propagate_live_out: false, max_operations: DEFAULT_MAX_OPERATIONS, max_expression_size: 10_000, max_split_parts: 8, max_dependences: 256, only_if_array_removed: false, specialization: None, whole_clamped_reads: true, recomputation_limit: Some(polyprop_options::RECOMPUTE_LIMIT as usize), cost_model: None, keep: Vec::new(), propagate: Vec::new(), allocated_by_size: Vec::new(), line_buffers: false }
    }
}

/// A failure that is a bug (the input model or the transformed one is inconsistent), not a
/// decision: the caller keeps the original code.
#[derive(Clone, Debug, PartialEq)]
pub enum PropagationError {
    /// The input model cannot be read by isl.
    InvalidModel(String),
    /// The transformed model failed verification (an internal error).
    Verification(String),
}

impl fmt::Display for PropagationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PropagationError::InvalidModel(m) => write!(f, "invalid model: {m}"),
            PropagationError::Verification(m) => write!(f, "internal error: propagation produced an invalid model: {m}"),
        }
    }
}

impl std::error::Error for PropagationError {}

/// Propagates expressions in `scop` (see the crate documentation).
pub fn propagate(scop: &Scop, options: &Options) -> Result<(Scop, Report), PropagationError> {
    readable_context(scop).map_err(|e| PropagationError::InvalidModel(e.to_string()))?;
    let ctx = IslContext::new(options.max_operations);
    let mut report = Report { cache_line: options.cache_line, cache_limit: options.cache_limit, ..Report::default() };
    let mut current = scop.clone();
    // The zeros a calloc'd temporary is read at before it is written get their statement,
    // which makes a temporary that only those zeros reach a candidate too.
    if let Ok(Some((zeros, arrays))) = zero_initialized::write_initial_zeros(&ctx, &current) {
        current = zeros;
        report.zeros_written = arrays;
    }
    if let Some((widened, tables)) = widened_tables::widen_gathered_tables(&current, &options.allocated_by_size) {
        current = widened;
        report.widened = tables.iter().map(|&t| scop.arrays[t].name.clone()).collect();
    }
    let (mut worklist, skipped) = candidates(&current, options);
    for array in skipped {
        report.locations.push(location_report(scop, array, None, Outcome::NotPropagated(Reason::LiveOutNotEnabled)));
    }
    worklist.retain(|&array| {
        let kept = options.keep.contains(&scop.arrays[array].name);
        if kept {
            report.locations.push(location_report(scop, array, None, Outcome::NotPropagated(Reason::Kept)));
        }
        !kept
    });
    // Reads of indeterminate contents are assumed away first: they would keep their arrays.
    // Running out of the quota here only means assuming nothing.
    ctx.reset_quota();
    if let Ok(Some((assumed, arrays, set))) = uninitialized::exclude_garbage_reads(&ctx, &current) {
        current = assumed;
        report.assumed = Some((arrays, set));
    }
    // Accumulations over a few constant iterations become chains that propagation can follow.
    ctx.reset_quota();
    if let Ok(Some((split, parts))) = unrolling::split_constant_reductions(&ctx, &current) {
        current = split;
        report.split_reductions = parts;
    }
    let relations = Relations::default();
    let mut position = 0;
    // Locations refused because a location still to be tried is overwritten between their
    // writer and its reader (a scalar such as a convolution's sum, reused by every pixel): they
    // wait for it, and are tried again once it is propagated (its reads are gone then).
    let mut waiting: Vec<(ArrayId, ArrayId, Outcome)> = Vec::new();
    let mut hopeless_decided = false;
    // One analysis per model: locations that are not propagated leave the model as it was,
    // and the next location reuses its domains, schedules and orders.
    while !worklist.is_empty() {
        ctx.reset_quota();
        let analysis = match Analysis::new(&ctx, &current, &relations) {
            Ok(analysis) => analysis,
            Err(error) => {
                let reason = match error {
                    IslError::Complexity => Reason::Complexity,
                    error => Reason::Isl(error.to_string()),
                };
                for array in worklist.drain(..) {
                    push_tried(&mut report, &mut position, scop, array, Outcome::NotPropagated(reason.clone()));
                }
                break;
            }
        };
        if !hopeless_decided {
            hopeless_decided = true;
            for (array, reason) in decided_before_propagation(&analysis, &worklist, options) {
                worklist.retain(|&a| a != array);
                report.locations.push(location_report(scop, array, None, Outcome::NotPropagated(Reason::Hopeless(Box::new(reason)))));
            }
        }
        let mut next = None;
        while next.is_none() && !worklist.is_empty() {
            if options.only_if_array_removed && no_array_removable(scop, &current, &worklist) {
                for (array, _, outcome) in waiting.drain(..) {
                    push_tried(&mut report, &mut position, scop, array, outcome);
                }
                for array in worklist.drain(..) {
                    report.locations.push(location_report(scop, array, None, Outcome::NotPropagated(Reason::NoArrayRemovable)));
                }
                break;
            }
            let keys = order::order_keys(&current, &worklist);
            let best = (0..worklist.len()).min_by_key(|&k| keys[k]).expect("non-empty");
            let array = worklist.remove(best);
            ctx.reset_quota();
            let outcome = match location::propagate_location(&analysis, array, options) {
                Ok((model, outcome)) => {
                    if outcome.changes_the_model() {
                        next = Some(model.unwrap_or_else(|| current.clone()));
                    }
                    outcome
                }
                Err(IslError::Complexity) => Outcome::NotPropagated(Reason::Complexity),
                Err(error) => Outcome::NotPropagated(Reason::Isl(error.to_string())),
            };
            let (ready, still): (Vec<_>, Vec<_>) = waiting.drain(..).partition(|&(_, blocker, _)| blocker == array);
            waiting = still;
            match next.is_some() {
                true => worklist.extend(ready.iter().map(|&(waiter, _, _)| waiter)),
                false => {
                    for (waiter, _, outcome) in ready {
                        push_tried(&mut report, &mut position, scop, waiter, outcome);
                    }
                }
            }
            match overwritten_candidate(&current, &outcome, &worklist) {
                Some(blocker) => waiting.push((array, blocker, outcome)),
                None => push_tried(&mut report, &mut position, scop, array, outcome),
            }
        }
        drop(analysis);
        match next {
            Some(model) => current = model,
            None => break,
        }
    }
    for (array, _, outcome) in waiting {
        push_tried(&mut report, &mut position, scop, array, outcome);
    }
    report.removable_arrays = removable_arrays(scop, &current);
    drop(relations);
    if options.line_buffers {
        (current, report.line_buffers) = line_buffers::store_line_buffers(current, &report, options);
    }
    ctx.lift_quota();
    verify(&ctx, &current)?;
    Ok((current, report))
}

/// Whether isl reads the context and every assumption of `scop`, without a quota. Each is
/// read on its own: their conjunction (`isl::assumed_context`) can have hundreds of disjuncts
/// (3mm), and the analyses use its convex hull anyway (`isl::analysis_context`).
fn readable_context(scop: &Scop) -> Result<(), IslError> {
    let ctx = IslContext::new(0);
    if !scop.context.trim().is_empty() {
        ctx.param_set(&scop.context)?;
    }
    for assumption in &scop.assumptions {
        ctx.param_set(&assumption.set)?;
    }
    Ok(())
}

/// The location still to be tried (in `worklist`) whose overwrite refused a location with
/// `outcome`, if any.
fn overwritten_candidate(scop: &Scop, outcome: &Outcome, worklist: &[ArrayId]) -> Option<ArrayId> {
    let Outcome::NotPropagated(Reason::OverwrittenReload { array, .. }) = outcome else { return None };
    scop.array_id(array).filter(|id| worklist.contains(id))
}

/// The report of a location tried at `position`, the next position.
fn push_tried(report: &mut Report, position: &mut usize, scop: &Scop, array: ArrayId, outcome: Outcome) {
    report.locations.push(location_report(scop, array, Some(*position), outcome));
    *position += 1;
}

fn location_report(scop: &Scop, array: ArrayId, order: Option<usize>, outcome: Outcome) -> LocationReport {
    let a = &scop.arrays[array];
    LocationReport { array, name: a.name.clone(), liveness: a.liveness, order, outcome }
}

/// Step 1 (section 5.1): locations the SCoP writes, split into the worklist (temporaries, and
/// live-out ones if enabled) and live-out locations that are read in the SCoP but not tried.
fn candidates(scop: &Scop, options: &Options) -> (Vec<ArrayId>, Vec<ArrayId>) {
    let written: HashSet<ArrayId> = scop.statements.iter().map(|s| s.write.array).collect();
    let read: HashSet<ArrayId> = scop.statements.iter().flat_map(|s| s.reads().into_iter().map(|a| a.array)).collect();
    let mut worklist = Vec::new();
    let mut skipped = Vec::new();
    for (id, array) in scop.arrays.iter().enumerate() {
        if !written.contains(&id) {
            continue;
        }
        match array.liveness {
            Liveness::Temporary => worklist.push(id),
            Liveness::LiveOut if options.propagate_live_out => worklist.push(id),
            Liveness::LiveOut if read.contains(&id) => skipped.push(id),
            Liveness::LiveOut => {}
        }
    }
    (worklist, skipped)
}

/// The hopeless locations of the worklist (`hopeless`), only when the caller keeps the result
/// only if it removes an array: then leaving a SCoP whose arrays are all hopeless is the gain,
/// and the report of other callers stays as it was.
fn decided_before_propagation(analysis: &Analysis, worklist: &[ArrayId], options: &Options) -> BTreeMap<ArrayId, Reason> {
    if !options.only_if_array_removed || options.propagate_live_out {
        return BTreeMap::new();
    }
    hopeless::hopeless_locations(analysis, worklist)
}

/// Whether no temporary array is removed in `current` and none is left to try in `worklist`.
fn no_array_removable(original: &Scop, current: &Scop, worklist: &[ArrayId]) -> bool {
    let is_array = |a: &ArrayId| !original.arrays[*a].is_scalar();
    !worklist.iter().any(is_array) && !removable_arrays(original, current).iter().any(is_array)
}

/// Temporaries the original accesses and the result no longer does.
fn removable_arrays(original: &Scop, result: &Scop) -> Vec<ArrayId> {
    let accessed = |scop: &Scop| -> HashSet<ArrayId> {
        scop.statements
            .iter()
            .flat_map(|s| std::iter::once(s.write.array).chain(s.reads().into_iter().map(|a| a.array)))
            .collect()
    };
    let before = accessed(original);
    let after = accessed(result);
    (0..original.arrays.len())
        .filter(|id| original.arrays[*id].liveness == Liveness::Temporary && before.contains(id) && !after.contains(id))
        .collect()
}

/// Step 4: unique statement names, domains and schedules isl reads with the statement's tuple,
/// values of the written element type, subscripts within the statement's iterators. `ctx` has
/// no quota; most texts are those the propagation has read already, which it then does not
/// read again.
fn verify(ctx: &IslContext, scop: &Scop) -> Result<(), PropagationError> {
    let mut names = HashSet::new();
    for statement in &scop.statements {
        let fail = |m: String| PropagationError::Verification(format!("{}: {m}", statement.name));
        if !names.insert(statement.name.clone()) {
            return Err(fail("duplicate statement name".into()));
        }
        for text in [&statement.domain, &statement.schedule] {
            let ok = if text == &statement.domain {
                ctx.union_set(text).is_ok()
            } else {
                ctx.union_map(text).is_ok()
            };
            if !ok || !text.contains(&format!("{}[", statement.name)) {
                return Err(fail(format!("cannot read '{text}'")));
            }
        }
        let element = scop.arrays[statement.write.array].element;
        let ty = expr_type(scop, &statement.value);
        if ty != element {
            return Err(fail(format!("value of type {ty} written to {element}")));
        }
        let n = statement.iterators.len();
        let mut bad = false;
        statement.value.visit(&mut |e| match e {
            Expr::Iterator(k) => bad |= *k >= n,
            Expr::Read(a) => bad |= a.subscripts.iter().any(|s| s.iterator_bound() > n),
            _ => {}
        });
        if bad {
            return Err(fail("uses an iterator it does not have".into()));
        }
    }
    Ok(())
}

/// The model without the arrays `report` marks removable (array ids renumbered), for printing
/// the program as a user would write it (Figure 2 has no `tmp` and no `s`).
pub fn without_removable_arrays(scop: &Scop, report: &Report) -> Scop {
    let removed: HashSet<ArrayId> = report.removable_arrays.iter().copied().collect();
    let mut map = vec![None; scop.arrays.len()];
    let mut out = scop.clone();
    out.arrays.clear();
    for (id, array) in scop.arrays.iter().enumerate() {
        if !removed.contains(&id) {
            map[id] = Some(out.arrays.len());
            out.arrays.push(array.clone());
        }
    }
    let renumber = |id: ArrayId| map[id].expect("removable arrays are not accessed");
    out.alias_checks.retain(|c| !removed.contains(&c.first) && !removed.contains(&c.second));
    for check in &mut out.alias_checks {
        check.first = renumber(check.first);
        check.second = renumber(check.second);
    }
    for statement in &mut out.statements {
        statement.write.array = renumber(statement.write.array);
        for e in statement.expressions_mut() {
            *e = renumber_reads(e, &renumber);
        }
    }
    out
}

/// Every read renumbered, those inside data-dependent subscripts included.
fn renumber_reads(e: &Expr, f: &dyn Fn(ArrayId) -> ArrayId) -> Expr {
    let mut out = e.clone();
    out.visit_mut(&mut |x| {
        if let Expr::Read(access) = x {
            access.array = f(access.array);
        }
    });
    out
}
