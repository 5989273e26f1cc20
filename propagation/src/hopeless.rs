//! Hopeless locations: temporaries that no propagation can ever remove, decided on the model
//! before propagation starts (compile time, issue 20; not in the paper).
//!
//! The transform keeps a propagation only if it removes a temporary array
//! (`Options::only_if_array_removed`). When every temporary array of a SCoP is hopeless, the
//! SCoP is left at once, before the scalars are tried (most of the work on deriche, adi and
//! 3mm). Otherwise the hopeless locations are not tried: their attempt would leave the model
//! as it was, so the others see the same models and take the same decisions.
//!
//! A location `L` is hopeless if it is in a set `X` of temporaries in which each member has a
//! *justification* that only rests on members of `X` and on *permanent* locations, those
//! never tried (live-out ones, and arrays the SCoP does not write). Why that is sound: take
//! the first member of `X` whose propagation would succeed, at the time it is tried. No member
//! of `X` has been propagated before it, so the statements the justification names still
//! exist, instance by instance: propagation removes only the writers of the location it
//! propagates, replaces only the reads of that location (the new reads come from the writers'
//! values, it removes none of the others), splits a statement into parts with the same write,
//! reads and schedule, and never adds a writer. The justifications:
//!
//! - *may-write*: a writer of `L` under a condition or at a data-dependent subscript, or a
//!   reader of `L` that writes at a data-dependent subscript or reads `L` in its condition
//!   (`location::may_write`). Nothing is propagated into such a reader, and such a location is
//!   never propagated: it stays as it is (unconditional).
//! - *overwritten reload* (section 3.2): a RAW dependence `W -> T` of `L` whose reload test
//!   finds that `M`, read by `W`, is overwritten between `W` and `T`, where `M` and the
//!   location `T` writes are in `X` or permanent (and `M` is not `L`). Then the writer of `L`
//!   still reads `M` at the same subscript, `M`'s overwriting instance still runs, and `T` (or,
//!   while `L` is propagated, its part) still reads `L` from the same `W` instance: some RAW
//!   dependence of every later model fails the reload test on the same instances, and a
//!   temporary needs all of them (section 4.1).
//! - *recurrence* (Figure 7a): the writers of `L` depend on each other in a cycle, and every
//!   location they read other than `L` is in `X` or permanent. Then nothing is propagated into
//!   the writers before `L` is tried: they are not split, the cycle is still there in the first
//!   round. (A writer that reads a location propagated earlier may be split, and a split can cut
//!   a cycle of a bounded loop.) Or: a writer `W` of `L` depends on itself, and what it reads
//!   or may come to read other than `L` and *constants* (scalars with one writer that runs at
//!   most once, `is_constant`) is in `X` or permanent. Propagating a constant splits `W` by
//!   parameters at most, so for the parameters of the dependence all its instances stay in one
//!   statement, which depends on itself in the first round (adi).
//!
//! The justifications are computed on demand, from the temporary arrays outwards to the
//! locations they rest on (an array after the locations the syntax says it would rest on, a
//! scalar at once), on the model the propagation starts from; the reload tests only when no
//! recurrence holds, overwrite by overwrite, stopping at the first whose locations are
//! hopeless (the propagation's reload tests reuse the overwrites computed). `X` is the
//! greatest set in which every member keeps a justification. The syntax is checked first
//! (`might_be_hopeless`, no isl work), the search stops at the first temporary array it cannot
//! show hopeless, and it explores at most `MAX_EXPLORED` locations, none twice. isl errors (the quota) count as "no justification". The dependences and reload
//! tests it computes are kept in the model's `Analysis`, and the first attempts, on the same
//! model, reuse them.

use crate::location::{may_write, recurrence};
use crate::report::Reason;
use crate::reload_test::{Analysis, RawDependence};
use polyhedral::isl::IslResult;
use polyhedral::model::{ArrayId, Scop, Statement};
use std::collections::{BTreeMap, BTreeSet};

/// Why a location can never be propagated, provided that every location of `needs` is never
/// propagated before it either.
struct Justification {
    reason: Reason,
    needs: Vec<ArrayId>,
}

/// The private context of the search.
struct Search<'s, 'a, 'c> {
    analysis: &'s Analysis<'a, 'c>,
    /// The locations propagation will try; the others are permanent.
    candidates: BTreeSet<ArrayId>,
    /// Per explored location, its justifications (none: it may be propagated).
    justifications: BTreeMap<ArrayId, Vec<Justification>>,
    /// Per location, whether the syntax allows a justification (`might_be_hopeless`).
    syntax: BTreeMap<ArrayId, bool>,
    /// Per location the search has left, whether it found it hopeless (provisionally: the
    /// answer may rest on locations still in progress; `greatest_set` decides).
    found: BTreeMap<ArrayId, bool>,
}

/// Most locations explored per SCoP: each costs about one attempt of the location, and a
/// search that needs more does not pay for itself.
const MAX_EXPLORED: usize = 24;

/// The hopeless locations among `worklist` (the locations propagation will try, in the model
/// of `analysis`), each with the reason its attempt would fail. Only for the transform:
/// live-out locations must not be candidates (`Options::propagate_live_out` off). The search
/// stops at the first temporary array it cannot show hopeless.
pub(crate) fn hopeless_locations(analysis: &Analysis, worklist: &[ArrayId]) -> BTreeMap<ArrayId, Reason> {
    let scop = analysis.scop;
    let arrays: Vec<ArrayId> = worklist.iter().copied().filter(|&a| !scop.arrays[a].is_scalar()).collect();
    let mut search = Search {
        analysis,
        candidates: worklist.iter().copied().collect(),
        justifications: BTreeMap::new(),
        syntax: BTreeMap::new(),
        found: BTreeMap::new(),
    };
    // Syntax first: no isl work for a SCoP with an array that cannot be hopeless.
    if arrays.is_empty() || !arrays.iter().all(|&a| search.might_be_hopeless(a, &mut BTreeSet::new())) {
        return BTreeMap::new();
    }
    for &array in &arrays {
        if !search.prove(array, &mut BTreeSet::new()) {
            break;
        }
    }
    search.greatest_set()
}

impl Search<'_, '_, '_> {
    /// Whether `location` is permanent or the syntax allows it a justification: a may-write;
    /// a writer that reads it (recurrence) while what it reads through constants might be
    /// hopeless too;
    /// a writer that reads a location written more than once (overwritten reload) where that
    /// location and one reader's location might be hopeless. An over-approximation, so the
    /// search spends no isl work on locations that cannot be hopeless (and only that: the
    /// justifications decide).
    fn might_be_hopeless(&mut self, location: ArrayId, in_progress: &mut BTreeSet<ArrayId>) -> bool {
        if !self.candidates.contains(&location) || in_progress.contains(&location) {
            return true;
        }
        if let Some(&known) = self.syntax.get(&location) {
            return known;
        }
        let scop = self.analysis.scop;
        in_progress.insert(location);
        let writers: Vec<&Statement> = scop.statements.iter().filter(|s| s.write.array == location).collect();
        let read_by_writers: BTreeSet<ArrayId> = writers.iter().flat_map(|s| s.reads().into_iter().map(|a| a.array)).collect();
        let readers_write: BTreeSet<ArrayId> = scop
            .statements
            .iter()
            .filter(|s| s.reads().iter().any(|a| a.array == location))
            .map(|s| s.write.array)
            .collect();
        let result = may_write(scop, location).is_some()
            || writers.iter().filter(|w| w.reads().iter().any(|a| a.array == location)).any(|w| {
                non_uniform_reads(scop, w, location).into_iter().all(|a| self.might_be_hopeless(a, in_progress))
            })
            || (read_by_writers.iter().any(|&m| m != location && written_repeatedly(scop, m) && self.might_be_hopeless(m, in_progress))
                && readers_write.iter().any(|&t| t == location || self.might_be_hopeless(t, in_progress)));
        in_progress.remove(&location);
        self.syntax.insert(location, result);
        result
    }

    /// Depth first from `location`: for an array, first what a justification would rest on by
    /// the syntax (`routes_open`); then its justifications, the one with the fewest unexplored
    /// locations first; a location in progress counts as hopeless (the greatest set).
    /// Provisional: `greatest_set` decides.
    fn prove(&mut self, location: ArrayId, in_progress: &mut BTreeSet<ArrayId>) -> bool {
        if !self.candidates.contains(&location) || in_progress.contains(&location) {
            return true;
        }
        if let Some(&known) = self.found.get(&location) {
            return known;
        }
        if !self.might_be_hopeless(location, &mut BTreeSet::new()) {
            self.found.insert(location, false);
            return false;
        }
        in_progress.insert(location);
        // An array's own dependences cost more than those of the locations its justifications
        // would rest on, which the syntax names; a scalar is explored at once.
        let is_array = !self.analysis.scop.arrays[location].is_scalar();
        let hopeless = (!is_array || self.routes_open(location, in_progress)) && self.justified(location, in_progress);
        in_progress.remove(&location);
        self.found.insert(location, hopeless);
        hopeless
    }

    /// Whether the locations some justification of `location` would rest on can be shown
    /// hopeless, judged by the syntax before `location` costs isl work: a location a writer
    /// reads that is written repeatedly (overwritten reload), or what a writer that reads the
    /// location reads (recurrence). Those locations are explored first, most often on the model
    /// their own attempt starts from, which then reuses their dependences.
    fn routes_open(&mut self, location: ArrayId, in_progress: &mut BTreeSet<ArrayId>) -> bool {
        let scop = self.analysis.scop;
        if may_write(scop, location).is_some() {
            return true;
        }
        let writers: Vec<&Statement> = scop.statements.iter().filter(|s| s.write.array == location).collect();
        for writer in writers.iter().filter(|w| w.reads().iter().any(|a| a.array == location)) {
            if non_uniform_reads(scop, writer, location).into_iter().all(|a| self.prove(a, in_progress)) {
                return true;
            }
        }
        let overwritable: BTreeSet<ArrayId> = writers
            .iter()
            .flat_map(|w| w.reads().into_iter().map(|a| a.array))
            .filter(|&m| m != location && written_repeatedly(scop, m))
            .collect();
        overwritable.into_iter().any(|m| self.prove(m, in_progress))
    }

    /// Explores `location` and looks for a justification whose locations are all hopeless:
    /// a may-write, then recurrences (its RAW dependences), then overwritten reloads (the
    /// reload tests, computed only when no recurrence holds).
    fn justified(&mut self, location: ArrayId, in_progress: &mut BTreeSet<ArrayId>) -> bool {
        if self.justifications.len() >= MAX_EXPLORED {
            return false;
        }
        let scop = self.analysis.scop;
        self.analysis.ctx.reset_quota();
        if let Some(reason) = may_write(scop, location) {
            self.justifications.insert(location, vec![Justification { reason, needs: vec![] }]);
            return true;
        }
        let Ok(raws) = self.analysis.raw_dependences(location) else {
            self.justifications.insert(location, vec![]);
            return false;
        };
        self.justifications.insert(location, recurrences(scop, location, &raws));
        if self.some_justification_holds(location, in_progress) {
            return true;
        }
        self.overwritten_reload_holds(location, &raws, in_progress).unwrap_or(false)
    }

    /// Whether all locations of some justification of `location` are hopeless, the
    /// justification with the fewest unexplored locations first.
    fn some_justification_holds(&mut self, location: ArrayId, in_progress: &mut BTreeSet<ArrayId>) -> bool {
        let mut order: Vec<(usize, Vec<ArrayId>)> = self.justifications[&location]
            .iter()
            .map(|j| (j.needs.iter().filter(|n| !self.justifications.contains_key(n) && self.candidates.contains(n)).count(), j.needs.clone()))
            .collect();
        order.sort_by_key(|(unexplored, _)| *unexplored);
        order.into_iter().any(|(_, needs)| needs.iter().all(|&n| self.prove(n, in_progress)))
    }

    /// Looks for an overwritten-reload justification of `location` that holds, overwrite by
    /// overwrite (`Analysis::overwritten_reloads`), in the order of its RAW dependences and
    /// their sources' reads, and stops at the first: the others would cost their isl work for
    /// nothing. Each one found is kept among the location's justifications.
    fn overwritten_reload_holds(&mut self, location: ArrayId, raws: &[RawDependence], in_progress: &mut BTreeSet<ArrayId>) -> IslResult<bool> {
        let analysis = self.analysis;
        let scop = analysis.scop;
        let name = |s: usize| scop.statements[s].name.clone();
        for raw in raws {
            if scop.statements[raw.target].value.reads()[raw.read].is_may() {
                continue;
            }
            let target_writes = scop.statements[raw.target].write.array;
            for (read, overwriter) in analysis.overwriting_pairs(raw) {
                if read.array == location || analysis.overwritten_reloads(raw, read, overwriter)?.is_none() {
                    continue;
                }
                let reason = Reason::OverwrittenReload {
                    source: name(raw.source),
                    target: name(raw.target),
                    array: scop.arrays[read.array].name.clone(),
                    overwriter: name(overwriter),
                };
                let needs: Vec<ArrayId> = [read.array, target_writes].into_iter().filter(|&a| a != location).collect();
                self.justifications.get_mut(&location).expect("explored").push(Justification { reason, needs: needs.clone() });
                if needs.iter().all(|&n| self.prove(n, in_progress)) {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Whether `location` never leaves the model before the members of `set` do.
    fn stays(&self, location: ArrayId, set: &BTreeSet<ArrayId>) -> bool {
        !self.candidates.contains(&location) || set.contains(&location)
    }

    /// The greatest set of explored locations in which each member has a justification that
    /// rests on members and permanent locations only, each with that justification's reason.
    fn greatest_set(&self) -> BTreeMap<ArrayId, Reason> {
        let mut set: BTreeSet<ArrayId> =
            self.justifications.iter().filter(|(_, found)| !found.is_empty()).map(|(&l, _)| l).collect();
        loop {
            let unjustified: Vec<ArrayId> = set
                .iter()
                .copied()
                .filter(|l| !self.justifications[l].iter().any(|j| j.needs.iter().all(|&n| self.stays(n, &set))))
                .collect();
            if unjustified.is_empty() {
                break;
            }
            for l in unjustified {
                set.remove(&l);
            }
        }
        set.iter()
            .map(|&l| {
                let justification = self.justifications[&l].iter().find(|j| j.needs.iter().all(|&n| self.stays(n, &set)));
                (l, justification.expect("members keep a justification").reason.clone())
            })
            .collect()
    }
}

/// Whether `location` may be written after it is read: more than one writer, or a writer that
/// runs more than once (it has iterators) or writes at a data-dependent subscript.
fn written_repeatedly(scop: &Scop, location: ArrayId) -> bool {
    let writers: Vec<&Statement> = scop.statements.iter().filter(|s| s.write.array == location).collect();
    writers.len() > 1 || writers.iter().any(|s| !s.iterators.is_empty() || s.may_write())
}

/// A *constant*: a scalar with one writer, which has no iterators and no may-write. It runs at
/// most once, before or after all instances of any statement in a loop, so for given
/// parameters either every instance of a statement reads it from that writer or none does:
/// propagating it into a statement (one piece, isl's function of a relation to a
/// zero-dimensional space has one piece) splits the statement by parameters at most, never
/// between two of its instances for the same parameters.
fn is_constant(scop: &Scop, location: ArrayId) -> bool {
    let mut writers = scop.statements.iter().filter(|s| s.write.array == location);
    let (Some(writer), None) = (writers.next(), writers.next()) else { return false };
    scop.arrays[location].is_scalar() && writer.iterators.is_empty() && !writer.may_write()
}

/// The locations `statement` reads or may come to read by propagation of constants, other
/// than `location` and the constants: the reads of the statement and, for each constant it
/// reads, those of the constant's writer, transitively. If they are never propagated before
/// `location`, the statement's instances for given parameters stay in one statement, and a
/// dependence of the statement on itself stays a cycle (the recurrence justification).
fn non_uniform_reads(scop: &Scop, statement: &Statement, location: ArrayId) -> Vec<ArrayId> {
    let mut seen: BTreeSet<ArrayId> = BTreeSet::new();
    let mut pending: Vec<ArrayId> = statement.reads().into_iter().map(|a| a.array).collect();
    let mut needs = BTreeSet::new();
    while let Some(array) = pending.pop() {
        if array == location || !seen.insert(array) {
            continue;
        }
        if !is_constant(scop, array) {
            needs.insert(array);
            continue;
        }
        let writer = scop.statements.iter().find(|s| s.write.array == array).expect("a constant has a writer");
        pending.extend(writer.reads().into_iter().map(|a| a.array));
    }
    needs.into_iter().collect()
}

/// The recurrence justifications of `location` from its RAW dependences: with a cycle among
/// the writers, one resting on everything the writers read (then nothing is propagated into
/// them), and one per writer that depends on itself resting on its `non_uniform_reads`.
fn recurrences(scop: &Scop, location: ArrayId, raws: &[RawDependence]) -> Vec<Justification> {
    let Some(statement) = recurrence(scop, location, raws) else { return vec![] };
    let reason = |s: usize| Reason::Recurrence { statement: scop.statements[s].name.clone() };
    let writes = |s: usize| scop.statements[s].write.array == location;
    let read_by_writers: BTreeSet<ArrayId> = scop
        .statements
        .iter()
        .filter(|s| s.write.array == location)
        .flat_map(|s| s.reads().into_iter().map(|a| a.array))
        .filter(|&a| a != location)
        .collect();
    let mut found = vec![Justification { reason: reason(statement), needs: read_by_writers.into_iter().collect() }];
    let looping: BTreeSet<usize> = raws.iter().filter(|r| r.source == r.target && writes(r.source)).map(|r| r.source).collect();
    for writer in looping {
        found.push(Justification { reason: reason(writer), needs: non_uniform_reads(scop, &scop.statements[writer], location) });
    }
    found
}
