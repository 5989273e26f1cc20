//! RAW dependences of one location and the reload test (paper 003, section 3.2).
//!
//! The RAW dependences `w -> r` of a location are value-based (the last writer of each read
//! instance), computed like `polyhedral::dependences` but only for the reads of that location,
//! so propagation can recompute them after every change at a cost proportional to the accesses
//! involved rather than to the whole SCoP.
//!
//! The reload test restricts a RAW dependence `w -> r = { W[i] -> T[j] }` to the pairs where
//! every read `r_e` of the source expression still sees, in `T[j]`, the value it saw in
//! `W[i]`:
//!
//! - WAR `r_e -> * = { W[i] -> L[l] }`: memory-based, every write `L` to the location `r_e`
//!   read, not earlier than the read, `θ(i) <=lex θ(l)` (same instance included: the
//!   *self-WAR* of `A[i] = A[i] + 1`);
//! - potential intermediate writes `PIW(r_e) = { (l, j) | ∃ i: (i, l) ∈ r_e -> * ∧ (i, j) ∈ w -> r }`;
//! - overwritten reloads `OR(r_e) = { j | ∃ l: (l, j) ∈ PIW(r_e) ∧ θ(l) ≪lex θ(j) }`
//!   (strictly before: a write of `T[j]` itself happens after its reads);
//! - the propagation dependence `{ (i, j) ∈ w -> r | ∀ r_e: j ∉ OR(r_e) }`.
//!
//! All relations are restricted to the domains and to a convex superset of the assumed
//! context (`isl::analysis_context`) without its divisibility constraints; everything runs
//! under the quota of the caller's context. A superset is sound: the dataflow of each value of
//! the parameters is computed on its own, so the relations agree with the exact ones wherever
//! the assumptions hold, and statement splitting cuts the parts by the exact context.

use polyhedral::isl::{self, IslContext, IslResult, ParamSet, UnionMap, UnionSet};
use polyhedral::schedule_tree::{runs_entirely_before, time_constants};
use polyhedral::model::{Access, ArrayId, Scop, Statement, StatementId};
use std::cell::RefCell;
use std::collections::HashMap;

/// A RAW dependence from the write of `source` to the `read`-th read of `target`.
#[derive(Clone, Debug)]
pub(crate) struct RawDependence {
    pub source: StatementId,
    pub target: StatementId,
    pub read: usize,
    /// `[params] -> { W[i] -> T[j] : ... }`, non-empty.
    pub relation: String,
}

/// The result of the reload test for one RAW dependence.
#[derive(Clone)]
pub(crate) struct ReloadTest {
    /// `[params] -> { W[i] -> T[j] : ... }`, possibly empty.
    pub propagation_dependence: String,
    pub propagation_is_empty: bool,
    /// Whether the propagation dependence is the whole RAW dependence.
    pub complete: bool,
    /// Every overwrite found, in the order of the source's reads: (array read by the source,
    /// statement that overwrites it). `hopeless` looks for one that no propagation can take
    /// away.
    pub overwrites: Vec<(ArrayId, StatementId)>,
}

impl ReloadTest {
    /// The first overwrite found, the one a refusal names.
    pub fn overwrite(&self) -> Option<(ArrayId, StatementId)> {
        self.overwrites.first().copied()
    }
}

/// Relations derived from a model's texts, kept across the models of one propagation. Each
/// relation is keyed by the texts it is computed from (a statement by its domain and schedule,
/// an access by its relation), so a statement a propagation leaves as it was reuses them in the
/// next model: after each change, most of the next model's orders, accesses and WAR relations
/// are those of the previous one. isl is deterministic, so a kept relation is the one the
/// computation would give again.
#[derive(Default)]
pub(crate) struct Relations<'c> {
    /// The parameters and assumptions the access relations are restricted to.
    assumptions: RefCell<String>,
    /// Statement keys: (domain, schedule) texts.
    statements: RefCell<HashMap<(String, String), usize>>,
    /// Schedule on the domain, per statement key.
    schedules: RefCell<HashMap<usize, UnionMap<'c>>>,
    /// `{ S[i] -> A[...] }` on the domain and the assumed context, per (statement key, text).
    accesses: RefCell<HashMap<(usize, String), UnionMap<'c>>>,
    /// `{ A[i] -> B[j] : θ(i) <=lex θ(j) }` (`true`) or `<lex` (`false`) per statement keys.
    orders: RefCell<HashMap<(usize, usize, bool), UnionMap<'c>>>,
    /// WAR `r_e -> *` per (source key, read access text, writer key, write access text);
    /// `None` when empty.
    anti: RefCell<HashMap<(usize, String, usize, String), Option<UnionMap<'c>>>>,
}

impl<'c> Relations<'c> {
    /// Forgets every relation if `scop`'s parameters or assumptions differ from those of the
    /// models seen so far (the access relations are restricted to them).
    fn use_assumptions_of(&self, scop: &Scop) {
        let key = std::iter::once(scop.param_prefix())
            .chain(scop.assumptions.iter().map(|a| a.set.clone()))
            .collect::<Vec<_>>()
            .join("\n");
        if *self.assumptions.borrow() != key {
            self.accesses.borrow_mut().clear();
            self.anti.borrow_mut().clear();
            *self.assumptions.borrow_mut() = key;
        }
    }

    fn statement_key(&self, scop: &Scop, statement: StatementId) -> usize {
        let s = &scop.statements[statement];
        let mut keys = self.statements.borrow_mut();
        let next = keys.len();
        *keys.entry((s.domain.clone(), s.schedule.clone())).or_insert(next)
    }
}

/// Copies the relation kept under `key`, or computes, keeps and returns it.
fn kept<K: std::hash::Hash + Eq, T>(
    cache: &RefCell<HashMap<K, T>>,
    key: K,
    copy: impl Fn(&T) -> IslResult<T>,
    compute: impl FnOnce() -> IslResult<T>,
) -> IslResult<T> {
    if let Some(found) = cache.borrow().get(&key) {
        return copy(found);
    }
    let value = compute()?;
    cache.borrow_mut().insert(key, copy(&value)?);
    Ok(value)
}

/// The private context of the dependence work on one SCoP.
pub(crate) struct Analysis<'a, 'c> {
    pub ctx: &'c IslContext,
    pub scop: &'a Scop,
    assumed: ParamSet<'c>,
    /// Relations kept across models.
    pub relations: &'a Relations<'c>,
    /// Per statement: its key in `relations`.
    keys: Vec<usize>,
    /// Per statement: domain (read once).
    domains: RefCell<HashMap<StatementId, UnionSet<'c>>>,
    /// Per statement: domain on the assumed context (`assumed_domain`).
    assumed_domains: RefCell<HashMap<StatementId, UnionSet<'c>>>,
    /// Per location: its RAW dependences in this model (computed once: `hopeless` and the
    /// location's first round on the same model ask for them both).
    raws: RefCell<HashMap<ArrayId, Vec<RawDependence>>>,
    /// Per RAW dependence (source, target, read, relation): its reload test in this model.
    reload_tests: RefCell<HashMap<(StatementId, StatementId, usize, String), ReloadTest>>,
    /// Per statement: the constants of its schedule (`schedule_tree::time_constants`).
    time_constants: RefCell<HashMap<StatementId, Option<Vec<Option<i64>>>>>,
    /// `overwritten_reloads` per (source, target, relation, read access text, writer).
    reloads: RefCell<HashMap<(StatementId, StatementId, String, String, StatementId), Option<UnionSet<'c>>>>,
}

impl<'a, 'c> Analysis<'a, 'c> {
    pub fn new(ctx: &'c IslContext, scop: &'a Scop, relations: &'a Relations<'c>) -> IslResult<Self> {
        // Without `p mod 512 = 0` (the pyramids' delinearization): its existentially
        // quantified variable made every relation's operations costlier (interpolate's
        // propagation: 2.0 s with it, 1.5 s without, the same decisions).
        Self::on_context(ctx, scop, relations, isl::analysis_context(ctx, scop)?.without_divs()?)
    }

    /// [`Analysis::new`] on the exact hull of the assumptions, for questions whose answer is
    /// "some instance" rather than "every instance": which reads find no write
    /// (`uninitialized`), whose excluded instances become assumptions. With `Relations` of
    /// its own: those kept are restricted to the context they were computed on.
    pub fn exact(ctx: &'c IslContext, scop: &'a Scop, relations: &'a Relations<'c>) -> IslResult<Self> {
        Self::on_context(ctx, scop, relations, isl::analysis_context(ctx, scop)?)
    }

    fn on_context(ctx: &'c IslContext, scop: &'a Scop, relations: &'a Relations<'c>, assumed: ParamSet<'c>) -> IslResult<Self> {
        relations.use_assumptions_of(scop);
        let keys = (0..scop.statements.len()).map(|s| relations.statement_key(scop, s)).collect();
        Ok(Analysis {
            ctx,
            scop,
            assumed,
            relations,
            keys,
            domains: RefCell::default(),
            assumed_domains: RefCell::default(),
            raws: RefCell::default(),
            reload_tests: RefCell::default(),
            time_constants: RefCell::default(),
            reloads: RefCell::default(),
        })
    }

    /// `{ S[i] -> A[...] }` on the domain of `S` and the assumed context.
    pub(crate) fn access_relation(&self, statement: StatementId, access: &Access) -> IslResult<UnionMap<'c>> {
        let text = self.scop.access_relation(&self.scop.statements[statement], access);
        kept(&self.relations.accesses, (self.keys[statement], text.clone()), UnionMap::copy, || {
            self.ctx.union_map(&text)?.intersect_domain(self.assumed_domain(statement)?)
        })
    }

    /// The domain of `statement` on the assumed context: intersected once per statement, not
    /// once per access (the parameters' constraints cost a simplification of every relation
    /// they are added to).
    fn assumed_domain(&self, statement: StatementId) -> IslResult<UnionSet<'c>> {
        kept(&self.assumed_domains, statement, UnionSet::copy, || self.domain(statement)?.intersect_params(&self.assumed))
    }

    pub fn domain(&self, statement: StatementId) -> IslResult<UnionSet<'c>> {
        if let Some(d) = self.domains.borrow().get(&statement) {
            return d.copy();
        }
        let d = self.ctx.union_set(&self.scop.statements[statement].domain)?;
        self.domains.borrow_mut().insert(statement, d.copy()?);
        Ok(d)
    }

    fn schedule(&self, statement: StatementId) -> IslResult<UnionMap<'c>> {
        kept(&self.relations.schedules, self.keys[statement], UnionMap::copy, || {
            self.ctx.union_map(&self.scop.statements[statement].schedule)?.intersect_domain(self.domain(statement)?)
        })
    }

    /// `{ A[i] -> B[j] : θ(i) <=lex θ(j) }` if `or_equal`, else with `<lex`, on all of the
    /// schedules' spaces: it is only intersected with relations between instances of the
    /// domains, and without their constraints the order costs a fraction (a third of the
    /// compile time of deriche went into orders with them).
    fn order(&self, a: StatementId, b: StatementId, or_equal: bool) -> IslResult<UnionMap<'c>> {
        kept(&self.relations.orders, (self.keys[a], self.keys[b], or_equal), UnionMap::copy, || {
            let (sa, sb) = (&self.scop.statements[a], &self.scop.statements[b]);
            if let Some(text) = lexicographic_order(&self.scop.param_prefix(), sa, sb, or_equal) {
                return self.ctx.union_map(&text);
            }
            let schedule = |s: &Statement| self.ctx.union_map(&s.schedule);
            if or_equal {
                schedule(sa)?.lex_le(schedule(sb)?)
            } else {
                schedule(sa)?.lex_lt(schedule(sb)?)
            }
        })
    }

    /// The pairs of `relation` (from instances of `a` to instances of `b`) in `order`. Where
    /// the schedules' constants put every instance of one statement before every instance of
    /// the other (stages in loop nests of their own), that decides all pairs without the
    /// order relation, which costs more than the rest of a reload test.
    fn ordered(&self, relation: UnionMap<'c>, a: StatementId, b: StatementId, or_equal: bool) -> IslResult<UnionMap<'c>> {
        if let (Some(x), Some(y)) = (self.time_constants(a)?, self.time_constants(b)?) {
            if runs_entirely_before(&x, &y) {
                return Ok(relation);
            }
            if runs_entirely_before(&y, &x) {
                return self.ctx.empty_union_map();
            }
        }
        relation.intersect(self.order(a, b, or_equal)?)
    }

    fn write_relation(&self, statement: StatementId) -> IslResult<UnionMap<'c>> {
        self.access_relation(statement, &self.scop.statements[statement].write)
    }

    fn writers_of(&self, array: ArrayId) -> Vec<StatementId> {
        (0..self.scop.statements.len()).filter(|&s| self.scop.statements[s].write.array == array).collect()
    }

    fn statement_named(&self, name: &str) -> Option<StatementId> {
        self.scop.statements.iter().position(|s| s.name == name)
    }

    /// Every RAW dependence into a read of `array`.
    pub fn raw_dependences(&self, array: ArrayId) -> IslResult<Vec<RawDependence>> {
        if let Some(raws) = self.raws.borrow().get(&array) {
            return Ok(raws.clone());
        }
        let raws = self.compute_raw_dependences(array, true)?;
        self.raws.borrow_mut().insert(array, raws.clone());
        Ok(raws)
    }

    /// The RAW dependences of `array`; with `plain`, those that need no dataflow analysis come
    /// from `plain_dependences` (without: all from isl's analysis, for the tests).
    fn compute_raw_dependences(&self, array: ArrayId, plain: bool) -> IslResult<Vec<RawDependence>> {
        let writers = self.writers_of(array);
        let mut out = Vec::new();
        if writers.is_empty() {
            return Ok(out);
        }
        // The distinct reads of the location, and reads equal to an earlier read of the same
        // statement (which have the same dependences).
        let mut distinct: Vec<(StatementId, usize, &Access)> = Vec::new();
        let mut copies: Vec<(StatementId, usize, usize)> = Vec::new();
        for (target, statement) in self.scop.statements.iter().enumerate() {
            let reads = statement.value.reads();
            for (k, read) in reads.iter().copied().enumerate() {
                if read.array != array {
                    continue;
                }
                match reads[..k].iter().position(|r| *r == read) {
                    Some(first) => copies.push((target, k, first)),
                    None => distinct.push((target, k, read)),
                }
            }
        }
        let mut sources = self.ctx.empty_union_map()?;
        let mut may_sources = self.ctx.empty_union_map()?;
        for &writer in &writers {
            if self.scop.statements[writer].may_write() {
                may_sources = may_sources.union(self.write_relation(writer)?)?;
            } else {
                sources = sources.union(self.write_relation(writer)?)?;
            }
        }
        let any_may = writers.iter().any(|&w| self.scop.statements[w].may_write());
        if plain && !any_may {
            out.extend(self.plain_dependences(&writers, &sources, &mut distinct)?);
            out.extend(self.same_iteration_dependences(&writers, &mut distinct)?);
        }
        // One flow computation per batch of reads from different statements: the sink's
        // statement names tell their dependences apart, and isl finds the last writer of each
        // sink instance on its own. A statement that reads the location at several
        // subscripts needs as many batches.
        while !distinct.is_empty() {
            let mut batch: Vec<(StatementId, usize, &Access)> = Vec::new();
            distinct.retain(|&(target, k, read)| {
                if batch.iter().any(|b| b.0 == target) {
                    return true;
                }
                batch.push((target, k, read));
                false
            });
            let mut sink = self.ctx.empty_union_map()?;
            let mut schedule = self.ctx.empty_union_map()?;
            for &(target, _, read) in &batch {
                sink = sink.union(self.access_relation(target, read)?)?;
                if !writers.contains(&target) {
                    schedule = schedule.union(self.schedule(target)?)?;
                }
            }
            for &writer in &writers {
                schedule = schedule.union(self.schedule(writer)?)?;
            }
            let flow = if any_may {
                isl::may_flow(sink, sources.copy()?, may_sources.copy()?, schedule)?
            } else {
                isl::must_flow(sink, sources.copy()?, schedule)?
            };
            for (source_name, target_name, piece) in flow.pieces()? {
                let Some(source) = self.statement_named(&source_name) else { continue };
                let Some(&(target, read, _)) = batch.iter().find(|b| self.scop.statements[b.0].name == target_name) else {
                    continue;
                };
                let piece = piece.coalesce()?;
                if piece.is_empty()? {
                    continue;
                }
                out.push(RawDependence { source, target, read, relation: piece.to_isl_string()? });
            }
        }
        for (target, k, first) in copies {
            let same: Vec<RawDependence> = out
                .iter()
                .filter(|d| d.target == target && d.read == first)
                .map(|d| RawDependence { read: k, ..d.clone() })
                .collect();
            out.extend(same);
        }
        // In the order of the targets and their reads, as the report names them.
        out.sort_by_key(|d| (d.target, d.read));
        Ok(out)
    }

    /// The RAW dependences of the reads of `distinct` that need no dataflow analysis, taken
    /// out of it: when no element of the location is written twice (`sources`, the writes of
    /// `writers`, is injective) and every writer runs entirely before the reading statement (a
    /// later child of a sequence, the shape of a pipeline's stages), the last write of an
    /// element read is its only write, `{ W[i] -> T[j] : W[i] writes what T[j] reads }`. The
    /// same relation isl's analysis finds, at the cost of one composition; on local Laplacian
    /// the analysis ran out of its quota on the pyramid levels.
    fn plain_dependences(
        &self,
        writers: &[StatementId],
        sources: &UnionMap<'c>,
        distinct: &mut Vec<(StatementId, usize, &Access)>,
    ) -> IslResult<Vec<RawDependence>> {
        // A writer with a loop that no subscript names writes some element twice, unless the
        // loop runs once (isl's analysis answers then as well): no injectivity test for it
        // (3mm's accumulations). More loops than subscripts is not enough: a strip-mined
        // subscript `16*i2 + i3` names two (bilateral grid).
        let statements = &self.scop.statements;
        let names_every_loop = |w: StatementId| {
            let write = &statements[w].write;
            (0..statements[w].iterators.len()).all(|k| write.subscripts.iter().any(|s| s.uses_iterator(k)))
        };
        if !writers.iter().all(|&w| names_every_loop(w)) {
            return Ok(Vec::new());
        }
        let mut plain = Vec::new();
        for (index, &(target, _, _)) in distinct.iter().enumerate() {
            if self.runs_after_all(writers, target)? {
                plain.push(index);
            }
        }
        let mut out = Vec::new();
        if plain.is_empty() || !sources.is_injective()? {
            return Ok(out);
        }
        for index in plain.into_iter().rev() {
            let (target, read, access) = distinct.remove(index);
            let reads = self.access_relation(target, access)?.reverse()?;
            for &writer in writers {
                // Empty for most writers of a location written by several: tested before the
                // coalescing, which only the relation kept needs.
                let relation = self.write_relation(writer)?.apply_range(reads.copy()?)?;
                if !relation.is_empty()? {
                    out.push(RawDependence { source: writer, target, read, relation: relation.coalesce()?.to_isl_string()? });
                }
            }
        }
        Ok(out)
    }

    /// The RAW dependences of the reads of `distinct` that need no dataflow analysis because
    /// the scalar's one writer `W` runs, in every iteration of the loops it shares with the
    /// reader `T`, before `T` in the same iteration (a value computed in a loop body and used
    /// further down, or after an inner loop: 3mm's sums copied out of their loop). In `2d + 1`
    /// schedules `W: [c_0, x_0, ..., c_k, z...]`, `T: [c_0, x_0, ..., c_k', y...]` with
    /// `c_k < c_k'`, the last write before `T[x, y]` is the last instance `W[x, z]` of the
    /// iteration `x`, if `W` runs in it at all: when it does for every `x` of `T`'s domain, the
    /// dependence is `{ W[x, z] -> T[x, y] : W[x, z] last in x }` on `T`'s domain, the relation
    /// isl's analysis finds (cheaper: no comparison of every pair of instances).
    fn same_iteration_dependences(
        &self,
        writers: &[StatementId],
        distinct: &mut Vec<(StatementId, usize, &Access)>,
    ) -> IslResult<Vec<RawDependence>> {
        let mut out = Vec::new();
        let &[writer] = writers else { return Ok(out) };
        let w = &self.scop.statements[writer];
        let Some(before) = loop_constants(w).filter(|_| w.write.subscripts.is_empty()) else { return Ok(out) };
        let mut index = 0;
        while index < distinct.len() {
            let (target, read, _) = distinct[index];
            let dependence = match loop_constants(&self.scop.statements[target]) {
                Some(after) => match shared_loops(&before, &after) {
                    Some(shared) => self.last_in_iteration(writer, target, shared)?,
                    None => None,
                },
                None => None,
            };
            match dependence {
                Some(relation) => {
                    distinct.remove(index);
                    if !relation.is_empty()? {
                        out.push(RawDependence { source: writer, target, read, relation: relation.to_isl_string()? });
                    }
                }
                None => index += 1,
            }
        }
        Ok(out)
    }

    /// The writer of the scalar `array` that also reads it, when its innermost loop runs at
    /// least twice in some iteration of the outer ones and no other writer of `array` is
    /// inside that loop: each instance of the loop but the first reads what the one before
    /// wrote, so the writer is on a cycle of RAW dependences, a recurrence
    /// (`location::recurrence`), without a dataflow analysis to say so. The reductions of
    /// PolyBench's kernels (`s = 0; for k: s += A[i][k] * B[k][j]`) are such scalars.
    pub fn evident_recurrence(&self, array: ArrayId) -> IslResult<Option<StatementId>> {
        if !self.scop.arrays[array].is_scalar() {
            return Ok(None);
        }
        let writers = self.writers_of(array);
        let reading = |&w: &StatementId| self.scop.statements[w].value.reads().iter().any(|a| a.array == array);
        let &[writer] = &writers.iter().copied().filter(reading).collect::<Vec<_>>()[..] else { return Ok(None) };
        let w = &self.scop.statements[writer];
        let depth = w.iterators.len();
        let Some(own) = loop_constants(w) else { return Ok(None) };
        if depth == 0 || w.may_write() {
            return Ok(None);
        }
        for &other in writers.iter().filter(|&&o| o != writer) {
            match loop_constants(&self.scop.statements[other]) {
                Some(theirs) if theirs[..depth] != own[..depth] => {}
                _ => return Ok(None),
            }
        }
        // Names of our own, so that no parameter or iterator of the model is taken for them.
        let outer: Vec<String> = (0..depth - 1).map(|k| format!("polyprop_o{k}, ")).collect();
        let outer = outer.concat();
        let text = format!(
            "{}{{ {1}[{outer}polyprop_z] -> {1}[{outer}polyprop_v] : polyprop_z < polyprop_v }}",
            self.scop.param_prefix(),
            w.name
        );
        let pairs = self.ctx.union_map(&text)?.intersect_domain(self.domain(writer)?)?.intersect_range(self.domain(writer)?)?;
        Ok((!pairs.is_empty()?).then_some(writer))
    }

    /// `{ W[x, z] -> T[x, y] }` on `T`'s domain, with `W[x, z]` the last instance of `W` in
    /// the iteration `x` of the `shared` outer loops; `None` if `W` does not run in some
    /// iteration where `T` does.
    fn last_in_iteration(&self, writer: StatementId, target: StatementId, shared: usize) -> IslResult<Option<UnionMap<'c>>> {
        let (w, t) = (&self.scop.statements[writer], &self.scop.statements[target]);
        let prefix = self.scop.param_prefix();
        // Names of our own, so that no parameter of the model is taken for them.
        let names = |letter: &str, from: usize, to: usize| (from..to).map(|k| format!("polyprop_{letter}{k}")).collect::<Vec<_>>();
        let x = names("x", 0, shared);
        let (z, v) = (names("z", shared, w.iterators.len()), names("v", shared, w.iterators.len()));
        let y = names("y", shared, t.iterators.len());
        let tuple = |parts: &[&Vec<String>]| parts.iter().flat_map(|p| p.iter().cloned()).collect::<Vec<_>>().join(", ");
        let mut last = self.domain(writer)?;
        if !z.is_empty() {
            // The instances followed by another one of the same iteration `x`.
            let later: Vec<String> = (0..z.len())
                .map(|p| {
                    let equal = (0..p).map(|q| format!("{} = {} and ", z[q], v[q])).collect::<String>();
                    format!("({equal}{} < {})", z[p], v[p])
                })
                .collect();
            let text = format!("{prefix}{{ {0}[{1}] -> {0}[{2}] : {3} }}", w.name, tuple(&[&x, &z]), tuple(&[&x, &v]), later.join(" or "));
            let followed = self.ctx.union_map(&text)?.intersect_domain(last.copy()?)?.intersect_range(last.copy()?)?.domain()?;
            last = last.subtract(followed)?;
        }
        let text = format!("{prefix}{{ {}[{}] -> {}[{}] }}", w.name, tuple(&[&x, &z]), t.name, tuple(&[&x, &y]));
        let relation = self.ctx.union_map(&text)?.intersect_domain(last)?.intersect_range(self.domain(target)?)?;
        let reached = self.domain(target)?.is_subset(&relation.copy()?.range()?)?;
        Ok(reached.then_some(relation))
    }

    /// Whether every instance of each of `writers` runs before every instance of `target`.
    fn runs_after_all(&self, writers: &[StatementId], target: StatementId) -> IslResult<bool> {
        let Some(after) = self.time_constants(target)? else { return Ok(false) };
        for &writer in writers {
            match self.time_constants(writer)? {
                Some(before) if runs_entirely_before(&before, &after) => {}
                _ => return Ok(false),
            }
        }
        Ok(true)
    }

    pub(crate) fn time_constants(&self, statement: StatementId) -> IslResult<Option<Vec<Option<i64>>>> {
        if let Some(constants) = self.time_constants.borrow().get(&statement) {
            return Ok(constants.clone());
        }
        let constants = time_constants(self.ctx, &self.schedule(statement)?)?;
        self.time_constants.borrow_mut().insert(statement, constants.clone());
        Ok(constants)
    }

    /// WAR `r_e -> * = { W[i] -> L[l] : same location, θ(i) <=lex θ(l) }`, `None` if empty.
    fn anti_dependence(&self, source: StatementId, read: &Access, writer: StatementId) -> IslResult<Option<UnionMap<'c>>> {
        let (s, w) = (&self.scop.statements[source], &self.scop.statements[writer]);
        let key = (self.keys[source], self.scop.access_relation(s, read), self.keys[writer], self.scop.access_relation(w, &w.write));
        let copy = |a: &Option<UnionMap<'c>>| a.as_ref().map(|a| a.copy()).transpose();
        kept(&self.relations.anti, key, copy, || {
            let same_location = self.access_relation(source, read)?.apply_range(self.write_relation(writer)?.reverse()?)?;
            // The order of two statements costs more than most tests: not for disjoint accesses.
            if same_location.is_empty()? {
                return Ok(None);
            }
            let anti = self.ordered(same_location, source, writer, true)?;
            Ok(if anti.is_empty()? { None } else { Some(anti) })
        })
    }

    /// The reload test of `raw` (see the module documentation).
    pub fn reload_test(&self, raw: &RawDependence) -> IslResult<ReloadTest> {
        let key = (raw.source, raw.target, raw.read, raw.relation.clone());
        if let Some(test) = self.reload_tests.borrow().get(&key) {
            return Ok(test.clone());
        }
        let test = self.compute_reload_test(raw)?;
        self.reload_tests.borrow_mut().insert(key, test.clone());
        Ok(test)
    }

    fn compute_reload_test(&self, raw: &RawDependence) -> IslResult<ReloadTest> {
        let mut overwritten = self.ctx.union_set("{ }")?;
        let mut overwrites = Vec::new();
        for (read, writer) in self.overwriting_pairs(raw) {
            if let Some(reloads) = self.overwritten_reloads(raw, read, writer)? {
                overwrites.push((read.array, writer));
                overwritten = overwritten.union(reloads)?;
            }
        }
        if overwrites.is_empty() {
            // No overwritten reload: the propagation dependence is the RAW dependence.
            return Ok(ReloadTest {
                propagation_dependence: raw.relation.clone(),
                propagation_is_empty: false,
                complete: true,
                overwrites,
            });
        }
        let kept = self.domain(raw.target)?.subtract(overwritten)?;
        let dependence = self.ctx.union_map(&raw.relation)?;
        let propagation = dependence.copy()?.intersect_range(kept)?.coalesce()?;
        let complete = propagation.is_equal(&dependence)?;
        Ok(ReloadTest {
            propagation_is_empty: propagation.is_empty()?,
            propagation_dependence: propagation.to_isl_string()?,
            complete,
            overwrites,
        })
    }

    /// The pairs (read `r_e` of the source, writer of the location it reads) whose overwrites
    /// the reload test of `raw` looks for, in the order of the source's reads (equal reads
    /// give equal tests: once).
    pub fn overwriting_pairs(&self, raw: &RawDependence) -> Vec<(&'a Access, StatementId)> {
        let mut seen: Vec<&Access> = Vec::new();
        let mut pairs = Vec::new();
        for read in self.scop.statements[raw.source].value.reads() {
            if seen.contains(&read) {
                continue;
            }
            seen.push(read);
            pairs.extend(self.writers_of(read.array).into_iter().map(|w| (read, w)));
        }
        pairs
    }

    /// `OR(r_e)` restricted to `writer`: the target instances of `raw` that read what `writer`
    /// overwrote of the location `read` reads, after the source read it; `None` if there is
    /// none. Kept per model: `hopeless` asks pair by pair and stops at the first overwrite it
    /// can use, the reload test asks for all.
    pub fn overwritten_reloads(&self, raw: &RawDependence, read: &Access, writer: StatementId) -> IslResult<Option<UnionSet<'c>>> {
        let key = (raw.source, raw.target, raw.relation.clone(), self.scop.access_relation(&self.scop.statements[raw.source], read), writer);
        let copy = |r: &Option<UnionSet<'c>>| r.as_ref().map(|r| r.copy()).transpose();
        kept(&self.reloads, key, copy, || {
            let Some(anti) = self.anti_dependence(raw.source, read, writer)? else { return Ok(None) };
            // PIW(r_e) = { L[l] -> T[j] }; reading the relation costs more than most tests
            // without a WAR relation, so only now.
            let intermediate = anti.reverse()?.apply_range(self.ctx.union_map(&raw.relation)?)?;
            if intermediate.is_empty()? {
                return Ok(None);
            }
            // OR(r_e) = { T[j] }
            let reloads = self.ordered(intermediate, writer, raw.target, false)?.range()?;
            Ok(if reloads.is_empty()? { None } else { Some(reloads) })
        })
    }
}

/// One time dimension of a schedule written `{ S[i...] -> [t...] }`.
#[derive(Clone, Copy, PartialEq)]
enum Time {
    Constant(i64),
    Iterator(usize),
}

/// The time dimensions of `statement`'s schedule when each is a constant or one of its
/// iterators (`2d + 1` schedules, padded), read from its text; `None` for any other form.
fn times(statement: &Statement) -> Option<Vec<Time>> {
    let head = format!("{{ {}[{}] -> [", statement.name, statement.iterators.join(", "));
    let (_, rest) = statement.schedule.split_once(&head)?;
    let entries = rest.strip_suffix("] }")?.split(", ");
    entries
        .map(|t| match statement.iterators.iter().position(|i| i == t) {
            Some(k) => Some(Time::Iterator(k)),
            None => t.parse().ok().map(Time::Constant),
        })
        .collect()
}

/// The text of `{ A[x] -> B[y] : θ_A(x) <=lex θ_B(y) }` (or `<lex`) where both schedules are
/// made of constants and iterators (`times`): one piece per time dimension that an iterator
/// decides, after the equal ones before it; dimensions after two different constants do not
/// count. The relation isl's `lex_le` computes from the schedule maps, at the cost of reading
/// a text (the lexicographic order cost a tenth of the compile time of ludcmp).
fn lexicographic_order(prefix: &str, a: &Statement, b: &Statement, or_equal: bool) -> Option<String> {
    let (ta, tb) = (times(a)?, times(b)?);
    if ta.len() != tb.len() {
        return None;
    }
    let x = |k: usize| format!("polyprop_x{k}");
    let y = |k: usize| format!("polyprop_y{k}");
    let term = |t: Time, name: &dyn Fn(usize) -> String| match t {
        Time::Constant(c) => c.to_string(),
        Time::Iterator(k) => name(k),
    };
    let mut pieces: Vec<Vec<String>> = Vec::new();
    let mut equal: Vec<String> = Vec::new();
    let mut decided = false;
    for (&p, &q) in ta.iter().zip(&tb) {
        if let (Time::Constant(c), Time::Constant(d)) = (p, q) {
            if c != d {
                if c < d {
                    pieces.push(equal.clone());
                }
                decided = true;
                break;
            }
            continue;
        }
        let (l, r) = (term(p, &x), term(q, &y));
        pieces.push([equal.clone(), vec![format!("{l} < {r}")]].concat());
        equal.push(format!("{l} = {r}"));
    }
    if !decided && or_equal {
        pieces.push(equal);
    }
    let tuple = |s: &Statement, name: &dyn Fn(usize) -> String| format!("{}[{}]", s.name, (0..s.iterators.len()).map(name).collect::<Vec<_>>().join(", "));
    let head = format!("{} -> {}", tuple(a, &x), tuple(b, &y));
    let pieces: Vec<String> = pieces
        .into_iter()
        .map(|c| if c.is_empty() { head.clone() } else { format!("{head} : {}", c.join(" and ")) })
        .collect();
    Some(format!("{prefix}{{ {} }}", pieces.join("; ")))
}

/// The constants `c_0, ..., c_d` of a statement's `2d + 1` schedule
/// `{ S[i_0, ..., i_(d-1)] -> [c_0, i_0, c_1, ..., i_(d-1), c_d, 0, ...] }` (padded with
/// constants to the model's depth), read from its text; `None` for any other form.
fn loop_constants(statement: &Statement) -> Option<Vec<i64>> {
    let times = times(statement)?;
    let depth = statement.iterators.len();
    if times.len() < 2 * depth + 1 {
        return None;
    }
    let mut constants = Vec::with_capacity(depth + 1);
    for (k, time) in times.into_iter().enumerate() {
        let loop_dimension = k % 2 == 1 && k < 2 * depth;
        match time {
            Time::Iterator(i) if loop_dimension && i == k / 2 => {}
            Time::Constant(c) if !loop_dimension => {
                if k <= 2 * depth {
                    constants.push(c);
                }
            }
            _ => return None,
        }
    }
    Some(constants)
}

/// The number of loops a statement with loop constants `w` shares with one of `t`, if it
/// runs before it in each of their iterations: the first constant where they differ is
/// smaller in `w` (in `2d + 1` schedules, equal constants before it mean the same loops).
fn shared_loops(w: &[i64], t: &[i64]) -> Option<usize> {
    let k = w.iter().zip(t).position(|(a, b)| a != b)?;
    (w[k] < t[k]).then_some(k)
}

#[cfg(test)]
mod tests {
    //! `plain_dependences` against isl's dataflow analysis on models where the shortcut
    //! applies (stages of a pyramid: divisions, clamps, two writers of halves) and where it
    //! must not (a second write of an element, a reader inside the writer's loop).

    use super::*;
    use polyhedral::lang::parse_scop;

    const PYRAMID: &str = "
scop pyramid;
param N >= 4;
array in[2*N] : f32 in;
array down[N] : f32 temp;
array up[2*N] : f32 temp;
array twice[N] : f32 temp;
array out[2*N] : f32 out;
for i = 0 to N - 1 do
  D: down[i] = in[2*i] + in[2*i + 1];
done
for i = 0 to N - 1 do
  T0: twice[i] = down[i];
done
for i = 0 to N / 2 do
  T1: twice[2*i] = down[i] * 2.0f;
done
for i = 0 to N - 1 do
  U0: up[i] = down[i / 2] + down[(i + 1) / 2];
done
for i = N to 2*N - 1 do
  U1: up[i] = down[N - 1];
done
for i = 0 to 2*N - 1 do
  O: out[i] = up[i] + up[2*N - 1 - i] + twice[i / 2];
  for k = 0 to 1 do
    A: up[i] = up[i] + in[k];
  done
done
";

    /// Scalars written and read in loop bodies: `s` by one writer before its readers in the
    /// same iterations (also inside an inner loop), `l` in an inner loop and read after it;
    /// `t` written under a condition its reader does not share and `m` in an inner loop that
    /// may not run (the value may come from an earlier iteration); `u` written after its
    /// reader in the body.
    const BODIES: &str = "
scop bodies;
param N >= 4;
array in[N][N] : f32 in;
array out[N][N] : f32 out;
scalar s : f32 temp;
scalar t : f32 temp;
scalar u : f32 temp;
scalar l : f32 temp;
scalar m : f32 temp;
u = 0.0f;
for i = 0 to N - 1 do
  for j = 0 to N - 1 do
    S: s = in[i][j] * 2.0f;
    if j >= 1 then
      T: t = in[i][j];
    fi
    for k = 0 to N - 1 do
      R: out[i][k] = s + t + u;
    done
    O: out[i][j] = s + t;
    U: u = in[j][i];
    for k = 0 to N - 1 do
      L: l = in[i][k];
    done
    for k = 0 to j - 1 do
      M: m = in[k][i];
    done
    P: out[j][i] = l + m;
  done
done
";

    /// The dependences of each location in `names` are the same with and without the
    /// shortcuts: the same pairs of statements and reads, equal relations.
    fn assert_same_dependences(analysis: &Analysis, names: &[&str]) {
        let (ctx, scop) = (analysis.ctx, analysis.scop);
        for &name in names {
            let array = scop.arrays.iter().position(|a| a.name == name).unwrap();
            let mut with = dependences(analysis, array, true);
            let mut without = dependences(analysis, array, false);
            assert_eq!(with.len(), without.len(), "{name}");
            with.sort();
            without.sort();
            for (a, b) in with.iter().zip(&without) {
                assert_eq!((a.0, a.1, a.2), (b.0, b.1, b.2), "{name}");
                let same = ctx.union_map(&a.3).unwrap().is_equal(&ctx.union_map(&b.3).unwrap()).unwrap();
                assert!(same, "{name}: {} against {}", a.3, b.3);
            }
        }
    }

    /// The lexicographic order written from the schedules' times is isl's `lex_le` and
    /// `lex_lt` of the schedule maps, for every pair of statements of models with loops of
    /// their own, shared loops, a statement after an inner loop and iterators named like the
    /// order's own.
    #[test]
    fn lexicographic_orders_are_those_of_isl() {
        for model in [PYRAMID, BODIES, REDUCTIONS] {
            let scop = parse_scop(model).unwrap();
            let ctx = IslContext::new(0);
            let mut written = 0;
            for a in &scop.statements {
                for b in &scop.statements {
                    for or_equal in [true, false] {
                        let Some(text) = lexicographic_order(&scop.param_prefix(), a, b, or_equal) else { continue };
                        written += 1;
                        let (sa, sb) = (ctx.union_map(&a.schedule).unwrap(), ctx.union_map(&b.schedule).unwrap());
                        let isl = if or_equal { sa.lex_le(sb) } else { sa.lex_lt(sb) }.unwrap();
                        assert!(ctx.union_map(&text).unwrap().is_equal(&isl).unwrap(), "{} {} {or_equal}: {text}", a.name, b.name);
                    }
                }
            }
            assert_eq!(written, 2 * scop.statements.len() * scop.statements.len(), "every schedule has times");
        }
    }

    /// (source, target, read) -> relation, from either computation.
    fn dependences(analysis: &Analysis, array: ArrayId, plain: bool) -> Vec<(StatementId, StatementId, usize, String)> {
        let raws = analysis.compute_raw_dependences(array, plain).unwrap();
        raws.into_iter().map(|r| (r.source, r.target, r.read, r.relation)).collect()
    }

    #[test]
    fn same_iteration_dependences_are_those_of_the_dataflow_analysis() {
        let scop = parse_scop(BODIES).unwrap();
        let ctx = IslContext::new(0);
        let relations = Relations::default();
        let analysis = Analysis::new(&ctx, &scop, &relations).unwrap();
        assert_same_dependences(&analysis, &["s", "t", "u", "l", "m"]);
        // Which reads the shortcut takes: both of `s` and the one of `l`, none of `t` (T does
        // not run at j = 0), `m` (nor does M) or `u` (written after its reader).
        let taken = |name: &str, reader: &str| shortcut_taken(&analysis, name, reader);
        assert!(taken("s", "R") && taken("s", "O"));
        assert!(!taken("t", "R") && !taken("t", "O"));
        assert!(!taken("u", "R"));
        assert!(taken("l", "P") && !taken("m", "P"));
    }

    /// The shortcut's relation names its variables apart from the model's: with parameters
    /// named like them (`x0`, `z2`, `y2`), the dependences are still the dataflow analysis's.
    #[test]
    fn same_iteration_dependences_do_not_capture_parameters() {
        let model = BODIES.replace("param N >= 4;", "param x0 >= 4;\nparam z2 >= 0;\nparam y2 >= 0;").replace('N', "x0");
        let scop = parse_scop(&model).unwrap();
        let ctx = IslContext::new(0);
        let relations = Relations::default();
        let analysis = Analysis::new(&ctx, &scop, &relations).unwrap();
        assert_same_dependences(&analysis, &["s", "l"]);
        // And the shortcut is taken (with the parameters' names, its relation missed
        // instances and the dataflow analysis answered instead).
        assert!(shortcut_taken(&analysis, "s", "O") && shortcut_taken(&analysis, "l", "P"));
    }

    /// Whether `same_iteration_dependences` answers for the first read of scalar `name` by
    /// statement `reader`.
    fn shortcut_taken(analysis: &Analysis, name: &str, reader: &str) -> bool {
        let scop = analysis.scop;
        let array = scop.arrays.iter().position(|a| a.name == name).unwrap();
        let target = scop.statements.iter().position(|s| s.name == reader).unwrap();
        let read = scop.statements[target].value.reads().into_iter().find(|r| r.array == array).unwrap();
        let mut distinct = vec![(target, 0, read)];
        !analysis.same_iteration_dependences(&analysis.writers_of(array), &mut distinct).unwrap().is_empty()
    }

    /// Scalars written by a statement that reads them: a reduction over a loop (`r`), one over
    /// a loop that may run once (`q`), one reset before the loop in every outer iteration
    /// (`a`, under iterators `v` and `z`), one also written inside the loop (`b`, no
    /// recurrence: it reads the other writer's value), and one at a single instance (`o`, no
    /// recurrence).
    const REDUCTIONS: &str = "
scop reductions;
param N >= 1;
param M >= 1;
array in[N][M] : f32 in;
array out[N] : f32 out;
scalar r : f32 temp;
scalar q : f32 temp;
scalar a : f32 temp;
scalar b : f32 temp;
scalar o : f32 temp;
for i = 0 to N - 1 do
  R: r = r + in[i][0];
done
for j = 0 to M - 1 do
  Q: q = q * in[0][j];
done
for v = 0 to N - 1 do
  Z: a = 0.0f;
  for z = 0 to M - 1 do
    A: a = a + in[v][z];
  done
  W: out[v] = a + r + q;
done
for j = 0 to M - 1 do
  B: b = b + in[0][j];
  C: b = in[1][j];
  X: out[j] = b;
done
O: o = o + in[0][0];
Y: out[0] = o;
";

    #[test]
    fn evident_recurrences_are_those_of_the_dataflow_analysis() {
        let scop = parse_scop(REDUCTIONS).unwrap();
        let ctx = IslContext::new(0);
        let relations = Relations::default();
        let analysis = Analysis::new(&ctx, &scop, &relations).unwrap();
        let array = |name: &str| scop.arrays.iter().position(|a| a.name == name).unwrap();
        let name = |s: Option<StatementId>| s.map(|s| scop.statements[s].name.clone());
        for scalar in ["r", "q", "a", "b", "o"] {
            let raws = analysis.compute_raw_dependences(array(scalar), false).unwrap();
            let cycle = crate::location::recurrence(&scop, array(scalar), &raws);
            let evident = analysis.evident_recurrence(array(scalar)).unwrap();
            assert_eq!(name(evident), name(cycle), "{scalar}");
        }
        assert_eq!(name(analysis.evident_recurrence(array("r")).unwrap()), Some("R".into()));
        assert_eq!(name(analysis.evident_recurrence(array("a")).unwrap()), Some("A".into()));
        // B reads what C wrote in the iteration before, not its own value.
        assert_eq!(name(analysis.evident_recurrence(array("b")).unwrap()), None);
        assert_eq!(name(analysis.evident_recurrence(array("o")).unwrap()), None);
    }

    #[test]
    fn plain_dependences_are_those_of_the_dataflow_analysis() {
        let scop = parse_scop(PYRAMID).unwrap();
        let ctx = IslContext::new(0);
        let relations = Relations::default();
        let analysis = Analysis::new(&ctx, &scop, &relations).unwrap();
        let array = |name: &str| scop.arrays.iter().position(|a| a.name == name).unwrap();
        let statement = |name: &str| scop.statements.iter().position(|s| s.name == name).unwrap();
        assert_same_dependences(&analysis, &["down", "up", "twice"]);
        // `down` is written once, before all its readers: every dependence is plain.
        let writers = analysis.writers_of(array("down"));
        let sources = writers.iter().fold(ctx.empty_union_map().unwrap(), |u, &w| u.union(analysis.write_relation(w).unwrap()).unwrap());
        let reads: Vec<&Access> = scop.statements[statement("U0")].value.reads().into_iter().filter(|r| r.array == array("down")).collect();
        let mut distinct = vec![(statement("U0"), 0, reads[0])];
        assert_eq!(analysis.plain_dependences(&writers, &sources, &mut distinct).unwrap().len(), 1);
        assert!(distinct.is_empty());
        // `twice` is written twice at even elements: not injective, nothing is plain.
        let writers = analysis.writers_of(array("twice"));
        let sources = writers.iter().fold(ctx.empty_union_map().unwrap(), |u, &w| u.union(analysis.write_relation(w).unwrap()).unwrap());
        let reads: Vec<&Access> = scop.statements[statement("O")].value.reads().into_iter().filter(|r| r.array == array("twice")).collect();
        let mut distinct = vec![(statement("O"), 2, reads[0])];
        assert!(analysis.plain_dependences(&writers, &sources, &mut distinct).unwrap().is_empty());
        assert_eq!(distinct.len(), 1);
        // `up` is also written by A, inside O's loop: O does not run after all writers.
        assert!(!analysis.runs_after_all(&analysis.writers_of(array("up")), statement("O")).unwrap());
        assert!(analysis.runs_after_all(&analysis.writers_of(array("down")), statement("U0")).unwrap());
    }
}
