//! Propagation of one location (paper 003, section 4.1 and 4.4).
//!
//! A *temporary* location (non-live-out, section 5.1) is propagated all or nothing: every RAW
//! dependence must pass the reload test completely, have propagation expressions, and every
//! new statement must pass the heuristics; then all its writes are dead and removed (the
//! non-live-out heuristic). Otherwise the model is left as it was and the first failure is the
//! reason.
//!
//! Writers of the location may read it themselves (an update `tmp[i] = tmp[i] * 2` after an
//! initialization). Rounds handle that: each round propagates the RAW dependences whose source
//! value does not read the location, which makes the targets that are writers free of it for
//! the next round. If the writers depend on each other in a cycle (Fibonacci, Figure 7a), the
//! propagation expression would always read the location again: reason "recurrence".
//!
//! A *live-out* location (only with `Options::propagate_live_out`) is propagated per RAW
//! dependence, on the part the reload test allows, into the targets the heuristics accept, in
//! one round; its writes stay.

use crate::cost::cost_refusal;
use crate::expressions::{propagation_pieces, replace_reads, rewrite};
use crate::heuristics::{cache_lines, program_calls, specialized_middle_dimension};
use crate::reload_test::{Analysis, RawDependence, ReloadTest};
use crate::recomputation::{recomputation, Recomputation};
use crate::report::{Outcome, Reason};
use crate::splitting::{rename_map, split_target, Part, ReadReplacement};
use crate::Options;
use isl_rs::DimType;
use polyhedral::affine::{AffExpr, AffVar};
use polyhedral::dependence_graph::on_or_after_cycle;
use polyhedral::isl::{IslContext, IslResult, UnionSet};
use polyhedral::model::{Access, ArrayId, Liveness, Scop, StatementId};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// The private context of the propagation of one location.
struct LocationPropagation<'o> {
    array: ArrayId,
    all_or_nothing: bool,
    options: &'o Options,
    dependences: usize,
    targets: Vec<String>,
    split_statements: Vec<String>,
    cache_lines: usize,
    first_refusal: Option<Reason>,
    /// Named in `propagate=`: no benefit test (cost, cache misses, code complexity) refuses it.
    forced: bool,
    /// The recomputation estimate on the model the first round starts from, computed for the
    /// outcome before it: that round's cost test takes it instead of estimating again.
    estimate_at_start: Option<Recomputation>,
}

/// Propagates `array` in the model of `analysis`; returns the new model (`None`: unchanged,
/// which most locations tried are, and a model is costly to copy) and the outcome. isl errors
/// (the quota) are returned to the caller, which keeps the old model. The first round uses the
/// caller's analysis, whose cached relations serve every location tried on the same model.
pub(crate) fn propagate_location(analysis: &Analysis, array: ArrayId, options: &Options) -> IslResult<(Option<Scop>, Outcome)> {
    let (ctx, scop) = (analysis.ctx, analysis.scop);
    let all_or_nothing = scop.arrays[array].liveness == Liveness::Temporary;
    let mut state = LocationPropagation {
        array,
        all_or_nothing,
        options,
        dependences: 0,
        targets: vec![],
        split_statements: vec![],
        cache_lines: 0,
        first_refusal: None,
        forced: options.propagate.contains(&scop.arrays[array].name),
        estimate_at_start: None,
    };
    // May-accesses (paper 004's non-affine accesses): a location with a may-write is never
    // propagated; nothing is propagated into a statement with a may-write (its subscript
    // reads included); a may-read of a temporary keeps it (checked per RAW in `round`).
    if let Some(reason) = may_write(scop, array) {
        return Ok((None, Outcome::NotPropagated(reason)));
    }
    // A scalar reduction is refused as the first round would refuse it, before its dataflow
    // analysis, the costliest step of a location that is not propagated.
    if let Some(writer) = analysis.evident_recurrence(array)? {
        let reason = Reason::Recurrence { statement: scop.statements[writer].name.clone() };
        return Ok((None, Outcome::NotPropagated(reason)));
    }
    let recomputation = recomputation(ctx, scop, array)?;
    state.estimate_at_start = Some(recomputation);
    let prediction = options.cost_model.map(|model| model.predict(&recomputation));
    let writers_at_start = scop.statements.iter().filter(|s| s.write.array == array).count();
    let max_rounds = if all_or_nothing { writers_at_start + 1 } else { 1 };
    // The model after the rounds so far: `None` until one changes it.
    let mut current: Option<Scop> = None;
    let mut rounds = 0;
    loop {
        let model = current.as_ref().unwrap_or(scop);
        let read_anywhere = model.statements.iter().any(|s| s.value.reads().iter().any(|a| a.array == array));
        if !read_anywhere {
            break;
        }
        let fresh = match rounds {
            0 => None,
            _ => Some(Analysis::new(ctx, model, analysis.relations)?),
        };
        let analysis = fresh.as_ref().unwrap_or(analysis);
        let raws = analysis.raw_dependences(array)?;
        if raws.is_empty() {
            break;
        }
        if rounds == max_rounds {
            if all_or_nothing {
                return Ok((None, Outcome::NotPropagated(Reason::TooManyRounds { rounds })));
            }
            break;
        }
        rounds += 1;
        let round = state.round(ctx, analysis, &raws)?;
        drop(fresh);
        match round {
            Ok(next) => current = Some(next),
            Err(reason) if all_or_nothing => return Ok((None, Outcome::NotPropagated(reason))),
            Err(reason) => {
                state.first_refusal.get_or_insert(reason);
                break;
            }
        }
    }
    if !all_or_nothing {
        let outcome = match (state.dependences, state.first_refusal.take()) {
            (0, Some(reason)) => Outcome::NotPropagated(reason),
            (0, None) => Outcome::NothingToPropagate,
            (dependences, None) => Outcome::Propagated {
                dependences,
                targets: state.targets,
                split_statements: state.split_statements,
                removed_writes: vec![],
                cache_lines: state.cache_lines,
                recomputation,
                prediction,
            },
            (dependences, Some(reason)) => Outcome::PartiallyPropagated {
                dependences,
                targets: state.targets,
                split_statements: state.split_statements,
                cache_lines: state.cache_lines,
                reason,
            },
        };
        return Ok((current, outcome));
    }
    // Section 4.1: all RAW dependences are propagated, so every write is dead.
    let removed_writes: Vec<String> =
        current.as_ref().unwrap_or(scop).statements.iter().filter(|s| s.write.array == array).map(|s| s.name.clone()).collect();
    if removed_writes.is_empty() && state.dependences == 0 {
        return Ok((current, Outcome::NothingToPropagate));
    }
    let mut current = current.unwrap_or_else(|| scop.clone());
    current.statements.retain(|s| s.write.array != array);
    let outcome = Outcome::Propagated {
        dependences: state.dependences,
        targets: state.targets,
        split_statements: state.split_statements,
        removed_writes,
        cache_lines: state.cache_lines,
        recomputation,
        prediction,
    };
    Ok((Some(current), outcome))
}

impl LocationPropagation<'_> {
    fn reads_location(&self, scop: &Scop, statement: StatementId) -> bool {
        scop.statements[statement].value.reads().iter().any(|a| a.array == self.array)
    }

    /// One round: propagate every RAW dependence whose source does not read the location.
    fn round(&mut self, ctx: &IslContext, analysis: &Analysis, raws: &[RawDependence]) -> IslResult<Result<Scop, Reason>> {
        let scop = analysis.scop;
        let estimate_at_start = self.estimate_at_start.take();
        let name = |s: StatementId| scop.statements[s].name.clone();
        if let Some(statement) = recurrence(scop, self.array, raws) {
            return Ok(Err(Reason::Recurrence { statement: name(statement) }));
        }
        let selected: Vec<&RawDependence> = raws.iter().filter(|r| !self.reads_location(scop, r.source)).collect();
        if selected.is_empty() {
            return Ok(Err(Reason::SourceReadsUnwritten { statement: name(raws[0].source) }));
        }
        // Refusals that need no isl work come first: with a may-access among the targets a
        // temporary is not propagated, whatever the other dependences give.
        if self.all_or_nothing {
            if let Some(reason) = selected.iter().find_map(|raw| may_access_refusal(scop, raw)) {
                return Ok(Err(reason));
            }
            // Estimated with little isl work: a refused temporary costs nothing more.
            if !self.forced {
                let estimate = match estimate_at_start {
                    Some(estimate) => estimate,
                    None => recomputation(ctx, scop, self.array)?,
                };
                if let Some(reason) = cost_refusal(estimate, self.options) {
                    return Ok(Err(reason));
                }
            }
            // A temporary propagates every selected dependence or none: past the limit it is
            // refused before the reload tests (local laplacian's input: 360 dependences, whose
            // tests ran out of the quota after half a second).
            let dependences = self.dependences + selected.len();
            if dependences > self.options.max_dependences {
                return Ok(Err(Reason::TooManyDependences { dependences, limit: self.options.max_dependences }));
            }
        }
        if let Some(reason) = repeated_gather(ctx, analysis, &selected)? {
            return Ok(Err(reason));
        }
        if let Some(reason) = recomputed_into_scalar_code(ctx, analysis, self.array, &selected)? {
            return Ok(Err(reason));
        }
        let mut by_target: BTreeMap<StatementId, Vec<&RawDependence>> = BTreeMap::new();
        for raw in selected {
            by_target.entry(raw.target).or_default().push(raw);
        }
        // Per target: reload tests and propagation expressions of its dependences, then the
        // split and the heuristics, before the next target's (a refused target ends a
        // temporary's attempt before more isl work).
        let mut names: HashSet<String> = scop.statements.iter().map(|s| s.name.clone()).collect();
        let mut new_parts: BTreeMap<StatementId, Vec<Part>> = BTreeMap::new();
        for (target, raws) in by_target {
            // A temporary's reload tests first (the analysis keeps them for the replacements),
            // then the cache-miss heuristic on the target as its replacements would make it,
            // before the isl work of their propagation pieces and the split. The prediction
            // can count more lines than the split's parts will (interpolate's d8: 58 against
            // 52), so it refuses only far past the limit, where no such difference matters.
            if self.all_or_nothing {
                for &raw in &raws {
                    if let Some(reason) = overwritten_reload(scop, raw, &analysis.reload_test(raw)?, true) {
                        return Ok(Err(reason));
                    }
                }
                if !self.forced {
                    if let Some(lines) = predicted_cache_lines(scop, target, &raws, self.options.cache_line) {
                        if lines > PREDICTION_MARGIN * self.options.cache_limit {
                            return Ok(Err(Reason::CacheMisses { statement: name(target), lines, limit: self.options.cache_limit }));
                        }
                    }
                }
            }
            let mut replacements = Vec::new();
            for &raw in &raws {
                match self.replacement(ctx, analysis, raw)? {
                    Ok(Some(replacement)) => replacements.push(replacement),
                    Ok(None) => {}
                    Err(reason) => return Ok(Err(reason)),
                }
            }
            if replacements.is_empty() {
                continue;
            }
            let dependences = self.dependences + replacements.len();
            if dependences > self.options.max_dependences {
                let reason = Reason::TooManyDependences { dependences, limit: self.options.max_dependences };
                if let Err(reason) = self.refuse(reason) {
                    return Ok(Err(reason));
                }
                continue;
            }
            let Some(parts) = split_target(ctx, scop, target, &replacements, &mut names)? else {
                let reason = Reason::NoAffineExpression { source: name(replacements[0].source), target: name(target) };
                if let Err(reason) = self.refuse(reason) {
                    return Ok(Err(reason));
                }
                continue;
            };
            let sources: BTreeSet<StatementId> = replacements.iter().map(|r| r.source).collect();
            match self.heuristics(ctx, scop, target, &sources, &parts)? {
                Ok(lines) => {
                    self.cache_lines = self.cache_lines.max(lines);
                    self.dependences += replacements.len();
                    if !self.targets.contains(&name(target)) {
                        self.targets.push(name(target));
                    }
                    if parts.len() > 1 {
                        self.split_statements.extend(parts.iter().map(|p| p.statement.name.clone()));
                    }
                    new_parts.insert(target, parts);
                }
                Err(reason) => {
                    let reason = self.probe_specialization(ctx, analysis, target, &raws, &names, reason);
                    if let Err(reason) = self.refuse(reason) {
                        return Ok(Err(reason));
                    }
                }
            }
        }
        let mut next = scop.clone();
        next.statements.clear();
        for (index, statement) in scop.statements.iter().enumerate() {
            match new_parts.remove(&index) {
                Some(parts) => next.statements.extend(parts.into_iter().map(|p| p.statement)),
                None => next.statements.push(statement.clone()),
            }
        }
        Ok(Ok(next))
    }

    /// The read replacement of one RAW dependence; `Ok(None)` when it has none (the refusal
    /// noted), `Err` when that ends a temporary's attempt (all or nothing).
    fn replacement(&mut self, ctx: &IslContext, analysis: &Analysis, raw: &RawDependence) -> IslResult<Result<Option<ReadReplacement>, Reason>> {
        Ok(match self.try_replacement(ctx, analysis, raw, None)? {
            Ok(replacement) => Ok(Some(replacement)),
            Err(reason) => self.refuse(reason).map(|()| None),
        })
    }

    /// A refusal: `Err` when it ends a temporary's attempt (all or nothing), else noted (the
    /// first one is reported) and the attempt goes on with the other dependences.
    fn refuse(&mut self, reason: Reason) -> Result<(), Reason> {
        if self.all_or_nothing {
            return Err(reason);
        }
        self.first_refusal.get_or_insert(reason);
        Ok(())
    }

    /// `reason`, a refusal of `target`'s split, with whether the split would pass under
    /// `Options::specialization` (`split_passes_specialized`). Probed for temporaries only,
    /// whose attempt the refusal ends: the probe's isl work (quota included) changes nothing
    /// else.
    fn probe_specialization(
        &self,
        ctx: &IslContext,
        analysis: &Analysis,
        target: StatementId,
        raws: &[&RawDependence],
        names: &HashSet<String>,
        reason: Reason,
    ) -> Reason {
        let Some(specialization) = self.options.specialization.as_deref().filter(|_| self.all_or_nothing) else { return reason };
        let passes = || self.split_passes_specialized(ctx, analysis, target, raws, names, specialization).unwrap_or(false);
        match reason {
            Reason::SplitParts { statement, parts, limit, .. } => Reason::SplitParts { statement, parts, limit, specialized_passes: passes() },
            Reason::CodeComplexity { statement, dimension, .. } => Reason::CodeComplexity { statement, dimension, specialized_passes: passes() },
            other => other,
        }
    }

    /// Whether `target`'s split along `raws` passes the heuristics when every propagation
    /// dependence is restricted to the parameters of `specialization`: border pieces that only
    /// other sizes have go, and pieces with the same expression merge.
    fn split_passes_specialized(
        &self,
        ctx: &IslContext,
        analysis: &Analysis,
        target: StatementId,
        raws: &[&RawDependence],
        names: &HashSet<String>,
        specialization: &str,
    ) -> IslResult<bool> {
        let mut replacements = Vec::new();
        for raw in raws {
            match self.try_replacement(ctx, analysis, raw, Some(specialization))? {
                Ok(replacement) => replacements.push(replacement),
                Err(_) => return Ok(false),
            }
        }
        let scop = analysis.scop;
        let Some(parts) = split_target(ctx, scop, target, &replacements, &mut names.clone())? else { return Ok(false) };
        let sources: BTreeSet<StatementId> = replacements.iter().map(|r| r.source).collect();
        Ok(self.heuristics(ctx, scop, target, &sources, &parts)?.is_ok())
    }

    /// The reload test and propagation pieces of `raw`: its read replacement, or why none.
    /// With `specialization` (a parameter set), the pieces only for those parameters.
    fn try_replacement(
        &self,
        ctx: &IslContext,
        analysis: &Analysis,
        raw: &RawDependence,
        specialization: Option<&str>,
    ) -> IslResult<Result<ReadReplacement, Reason>> {
        let scop = analysis.scop;
        let name = |s: StatementId| scop.statements[s].name.clone();
        if let Some(reason) = may_access_refusal(scop, raw) {
            return Ok(Err(reason));
        }
        let test = analysis.reload_test(raw)?;
        if let Some(reason) = overwritten_reload(scop, raw, &test, self.all_or_nothing) {
            return Ok(Err(reason));
        }
        let (source, target) = (&scop.statements[raw.source], &scop.statements[raw.target]);
        // A call of the program's functions is recomputed once per target instance: not when
        // one source instance feeds several (an upsampling `t[i / 2]`), which would call it
        // more often than the source did.
        if program_calls(&source.value) > 0 && !ctx.union_map(&test.propagation_dependence)?.reverse()?.is_injective()? {
            return Ok(Err(Reason::RepeatedSourceCalls { source: name(raw.source), target: name(raw.target) }));
        }
        let dependence = match specialization {
            Some(parameters) => ctx.union_map(&test.propagation_dependence)?.intersect_params(&ctx.param_set(parameters)?)?.coalesce()?.to_isl_string()?,
            None => test.propagation_dependence.clone(),
        };
        Ok(match propagation_pieces(ctx, scop, source, target, self.options.whole_clamped_reads.then(|| target.reads()[raw.read]), &dependence)? {
            Some(pieces) => Ok(ReadReplacement { read: raw.read, source: raw.source, pieces }),
            None => Err(Reason::NoAffineExpression { source: name(raw.source), target: name(raw.target) }),
        })
    }

    /// Cache-miss and code-complexity heuristics on the parts of one target whose reads of
    /// `sources` are replaced; the largest number of cache lines per iteration if accepted.
    fn heuristics(
        &self,
        ctx: &IslContext,
        scop: &Scop,
        target: StatementId,
        sources: &BTreeSet<StatementId>,
        parts: &[Part],
    ) -> IslResult<Result<usize, Reason>> {
        let mut most = 0;
        let dims = scop.statements[target].iterators.len();
        let call_limit = program_calls(&scop.statements[target].value)
            + sources.iter().map(|&s| program_calls(&scop.statements[s].value)).sum::<usize>();
        if parts.len() > self.options.max_split_parts && !self.forced {
            return Ok(Err(Reason::SplitParts {
                statement: scop.statements[target].name.clone(),
                parts: parts.len(),
                limit: self.options.max_split_parts,
                specialized_passes: false,
            }));
        }
        for part in parts {
            if part.replaced {
                let lines = cache_lines(scop, &part.statement, self.options.cache_line);
                if lines > self.options.cache_limit && !self.forced {
                    return Ok(Err(Reason::CacheMisses {
                        statement: part.statement.name.clone(),
                        lines,
                        limit: self.options.cache_limit,
                    }));
                }
                most = most.max(lines);
                let calls = program_calls(&part.statement.value);
                if calls > call_limit {
                    return Ok(Err(Reason::RepeatedCalls { statement: part.statement.name.clone(), calls, limit: call_limit }));
                }
                let size = part.statement.value.size();
                if size > self.options.max_expression_size {
                    return Ok(Err(Reason::ExpressionSize {
                        statement: part.statement.name.clone(),
                        size,
                        limit: self.options.max_expression_size,
                    }));
                }
            }
            if parts.len() > 1 && !self.forced {
                if let Some(dimension) = specialized_middle_dimension(ctx, &part.statement.domain, &part.statement.name, dims)? {
                    return Ok(Err(Reason::CodeComplexity { statement: part.statement.name.clone(), dimension, specialized_passes: false }));
                }
            }
        }
        Ok(Ok(most))
    }
}

/// The reload test's refusal of `raw` (section 3.2): an overwrite between source and target,
/// for a temporary (`all_or_nothing`) or where nothing of the dependence propagates.
fn overwritten_reload(scop: &Scop, raw: &RawDependence, test: &ReloadTest, all_or_nothing: bool) -> Option<Reason> {
    if test.complete || !(all_or_nothing || test.propagation_is_empty) {
        return None;
    }
    let name = |s: StatementId| scop.statements[s].name.clone();
    let (array, overwriter) = test.overwrite().expect("an incomplete reload test names an overwrite");
    Some(Reason::OverwrittenReload {
        source: name(raw.source),
        target: name(raw.target),
        array: scop.arrays[array].name.clone(),
        overwriter: name(overwriter),
    })
}

/// How far past the cache limit a predicted count (`predicted_cache_lines`) must be to refuse.
const PREDICTION_MARGIN: usize = 2;

/// The cache lines per iteration (section 4.2) of `target` with the read of each of `raws`
/// replaced by its source's value at the subscripts it reads: the part of the split where
/// every one is replaced, without computing the propagation pieces. isl may write a piece's
/// iterators otherwise on its part (using the part's constraints), so the split's count can
/// differ a little. Known where each read has one source and each source writes at its
/// iterators plus constants, in any order, so that its iterators are the read's subscripts
/// minus those constants; `None` otherwise.
fn predicted_cache_lines(scop: &Scop, target: StatementId, raws: &[&RawDependence], line: usize) -> Option<usize> {
    let statement = &scop.statements[target];
    let reads = statement.reads();
    let mut values = Vec::new();
    for raw in raws {
        if values.iter().any(|(read, _)| *read == raw.read) {
            return None;
        }
        let source = &scop.statements[raw.source];
        let read = reads.get(raw.read)?;
        if read.is_may() || source.write.is_may() || source.write.subscripts.len() != source.iterators.len() {
            return None;
        }
        let mut iterators = vec![None; source.iterators.len()];
        for (written, subscript) in source.write.subscripts.iter().zip(&read.subscripts) {
            let [(AffVar::Iter(k), 1)] = written.terms[..] else { return None };
            let slot = iterators.get_mut(k)?;
            if slot.is_some() {
                return None;
            }
            *slot = Some(subscript.sub(&AffExpr::constant(written.constant))?);
        }
        let iterators: Vec<AffExpr> = iterators.into_iter().collect::<Option<_>>()?;
        values.push((raw.read, rewrite(scop, &source.value, &iterators)?));
    }
    let mut replaced = statement.clone();
    replaced.value = replace_reads(&statement.value, &values);
    Some(cache_lines(scop, &replaced, line))
}

/// The refusal of `raw` because of a may-access of its target, if any: the read is a
/// may-read, or not one of the target's value (a data-dependent subscript's or the
/// condition's), or the target writes at a data-dependent subscript (nothing is propagated
/// into those; into a statement under a condition it is, `may_write`).
fn may_access_refusal(scop: &Scop, raw: &RawDependence) -> Option<Reason> {
    let target = &scop.statements[raw.target];
    let value_reads = target.value.reads();
    let Some(read) = value_reads.get(raw.read) else {
        return Some(Reason::IntoMayWrite { statement: target.name.clone() });
    };
    if read.is_may() {
        return Some(Reason::MayRead { statement: target.name.clone() });
    }
    target.write.is_may().then(|| Reason::IntoMayWrite { statement: target.name.clone() })
}

/// A source that gathers (reads at a data-dependent subscript: `remap[idx]`) and that `raws`
/// would recompute more than once per instance, with the target that reads an instance again.
///
/// Propagation trades a load of the temporary for the source's expression (paper 003 §4.2
/// counts the lines those loads cost). A gather's expression loads as well, its index's
/// inputs and an entry of its table, so recomputing it more than once saves no memory traffic
/// and only adds work: local Laplacian's remapped levels (`gp0`), propagated into the 4x4
/// downsampling, ran 3.4 times the naive build's instructions (callgrind) and no faster. Read
/// once per instance (an output stage, camera pipe's tone curve), a gather still goes.
fn repeated_gather(ctx: &IslContext, analysis: &Analysis, raws: &[&RawDependence]) -> IslResult<Option<Reason>> {
    let scop = analysis.scop;
    // Per source, the instances read by the dependences seen so far.
    let mut read: BTreeMap<StatementId, UnionSet> = BTreeMap::new();
    for raw in raws {
        let source = &scop.statements[raw.source];
        if !source.value.reads().iter().any(|a| a.is_may()) {
            continue;
        }
        let test = analysis.reload_test(raw)?;
        if test.propagation_is_empty {
            continue;
        }
        // { W[i] -> T[j] }: each source instance read by one target instance at most, and by
        // no other dependence before.
        let dependence = ctx.union_map(&test.propagation_dependence)?;
        let once = dependence.copy()?.reverse()?.is_injective()?;
        let instances = dependence.domain()?;
        let before = read.remove(&raw.source);
        let again = match &before {
            Some(before) => !before.copy()?.intersect(instances.copy()?)?.is_empty()?,
            None => false,
        };
        if !once || again {
            let (source, target) = (source.name.clone(), scop.statements[raw.target].name.clone());
            return Ok(Some(Reason::RepeatedGather { source, target }));
        }
        let all = match before {
            Some(before) => before.union(instances)?,
            None => instances,
        };
        read.insert(raw.source, all);
    }
    Ok(None)
}

/// A location whose value reaches a narrow gather and that `raws` would recompute at more
/// than one iteration of their targets, with the target that computes an instance again.
///
/// A statement that reads 8- or 16-bit elements at a data-dependent subscript (camera pipe's
/// tone curve, `curve[v]`) stays scalar: x86 has no gather of such elements and LLVM's
/// vectorizer finds the loop "not beneficial". Whatever is propagated into it, directly or
/// through the stages between, then runs once per use at scalar speed, where the kept
/// temporary computed each instance once in a vectorized loop: camera pipe's pair-level
/// stages, each read at two to four taps, made its one nest run 288M instructions (callgrind,
/// quick size) against 137M with them kept, 1.15x against 1.64x naive's time
/// (`docs/benchmarks/random-subsets.txt`). Reads at the same iteration of one loop body
/// (the three channels of a pixel) are computed once (LLVM's value numbering), and reads at
/// constant subscripts (a colour matrix, hoisted; a scalar) are not looked at.
fn recomputed_into_scalar_code(ctx: &IslContext, analysis: &Analysis, array: ArrayId, raws: &[&RawDependence]) -> IslResult<Option<Reason>> {
    let scop = analysis.scop;
    let Some(gather) = narrow_gather_reached(scop, array) else { return Ok(None) };
    // { W[i] -> B[j] }: each source instance to the loop-body iterations that read it, the
    // targets renamed after their loop body (time constants but the last, in `2d + 1`).
    let mut bodies: Vec<(usize, Vec<Option<i64>>)> = Vec::new();
    let mut reads = ctx.empty_union_map()?;
    for raw in raws {
        let target = &scop.statements[raw.target];
        if !target.value.reads()[raw.read].subscripts.iter().any(AffExpr::uses_iterators) {
            continue;
        }
        let test = analysis.reload_test(raw)?;
        if test.propagation_is_empty {
            continue;
        }
        let Some(mut body) = analysis.time_constants(raw.target)? else { return Ok(None) };
        body.pop();
        let key = (target.iterators.len(), body);
        let index = match bodies.iter().position(|b| *b == key) {
            Some(index) => index,
            None => {
                bodies.push(key);
                bodies.len() - 1
            }
        };
        let renamed = rename_map(ctx, &test.propagation_dependence, DimType::Out, &format!("B{index}"))?;
        reads = reads.union(ctx.union_map(&renamed)?)?;
        if !reads.is_single_valued()? {
            return Ok(Some(Reason::ScalarRecomputation { target: target.name.clone(), gather: scop.statements[gather].name.clone() }));
        }
    }
    Ok(None)
}

/// A statement that reads 8- or 16-bit elements at a data-dependent subscript and that the
/// value of `array` reaches through the statements' reads (itself, or a statement whose
/// written array's value reaches it), if any.
fn narrow_gather_reached(scop: &Scop, array: ArrayId) -> Option<StatementId> {
    let reads: Vec<Vec<&Access>> = scop.statements.iter().map(|s| s.value.reads()).collect();
    let narrow = |id: StatementId| reads[id].iter().any(|a| a.is_may() && scop.arrays[a.array].element.bits() <= 16);
    let mut reached: BTreeSet<ArrayId> = BTreeSet::from([array]);
    let mut frontier = vec![array];
    while let Some(a) = frontier.pop() {
        for (id, statement) in scop.statements.iter().enumerate() {
            if !reads[id].iter().any(|r| r.array == a) {
                continue;
            }
            if narrow(id) {
                return Some(id);
            }
            if reached.insert(statement.write.array) {
                frontier.push(statement.write.array);
            }
        }
    }
    None
}

/// Why `array` is never propagated because of a may-write, if it is: a writer of it writes at
/// a data-dependent subscript or under a data-dependent condition, or a statement that reads
/// it writes at a data-dependent subscript, or reads it in its condition (nothing is
/// propagated into those). Into the value of a statement under a condition it is: the
/// statement evaluates its value only where the condition holds, as the source did, and the
/// propagated expression is then evaluated where the read was (`if (mask[i]) continue;`
/// before `out[i] = t[i - 1] + t[i + 1]`).
pub(crate) fn may_write(scop: &Scop, array: ArrayId) -> Option<Reason> {
    if let Some(writer) = scop.statements.iter().find(|s| s.write.array == array && s.may_write()) {
        return Some(Reason::MayWrite { statement: writer.name.clone() });
    }
    let blocks = |s: &&polyhedral::model::Statement| {
        let in_guard = s.guard.as_ref().is_some_and(|g| g.reads().iter().any(|a| a.array == array));
        in_guard || s.write.is_may() && s.reads().iter().any(|a| a.array == array)
    };
    let reader = scop.statements.iter().find(blocks)?;
    Some(Reason::IntoMayWrite { statement: reader.name.clone() })
}

/// A writer of `array` that depends on itself through RAW dependences of `array` among the
/// writers (a cycle, Figure 7a), if any.
pub(crate) fn recurrence(scop: &Scop, array: ArrayId, raws: &[RawDependence]) -> Option<StatementId> {
    let writes = |s: StatementId| scop.statements[s].write.array == array;
    let edges: Vec<(StatementId, StatementId)> =
        raws.iter().filter(|r| writes(r.target)).map(|r| (r.source, r.target)).collect();
    on_or_after_cycle(&edges).first().copied()
}
