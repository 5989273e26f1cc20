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
//! context (`isl::analysis_context`); everything runs under the quota of the caller's context.

use polyhedral::isl::{self, IslContext, IslResult, ParamSet, UnionMap, UnionSet};
use polyhedral::model::{Access, ArrayId, Scop, StatementId};
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
pub(crate) struct ReloadTest {
    /// `[params] -> { W[i] -> T[j] : ... }`, possibly empty.
    pub propagation_dependence: String,
    pub propagation_is_empty: bool,
    /// Whether the propagation dependence is the whole RAW dependence.
    pub complete: bool,
    /// The first overwrite found: (array read by the source, statement that overwrites it).
    pub overwrite: Option<(ArrayId, StatementId)>,
}

/// The private context of the dependence work on one SCoP.
pub(crate) struct Analysis<'a, 'c> {
    pub ctx: &'c IslContext,
    pub scop: &'a Scop,
    assumed: ParamSet<'c>,
    /// Per statement: domain, schedule on the domain, write access relation (read once).
    domains: RefCell<HashMap<StatementId, UnionSet<'c>>>,
    schedules: RefCell<HashMap<StatementId, UnionMap<'c>>>,
    writes: RefCell<HashMap<StatementId, UnionMap<'c>>>,
    /// `{ A[i] -> B[j] : θ(i) <=lex θ(j) }` (`true`) or `<lex` (`false`) per statement pair.
    orders: RefCell<HashMap<(StatementId, StatementId, bool), UnionMap<'c>>>,
    /// WAR `r_e -> *` per (source, read access, writer); `None` when empty.
    anti: RefCell<HashMap<(StatementId, Access, StatementId), Option<UnionMap<'c>>>>,
}

impl<'a, 'c> Analysis<'a, 'c> {
    pub fn new(ctx: &'c IslContext, scop: &'a Scop) -> IslResult<Self> {
        Ok(Analysis {
            ctx,
            scop,
            assumed: isl::analysis_context(ctx, scop)?,
            domains: RefCell::default(),
            schedules: RefCell::default(),
            writes: RefCell::default(),
            orders: RefCell::default(),
            anti: RefCell::default(),
        })
    }

    /// `{ S[i] -> A[...] }` on the domain of `S` and the assumed context.
    fn access_relation(&self, statement: StatementId, access: &Access) -> IslResult<UnionMap<'c>> {
        let s = &self.scop.statements[statement];
        let relation = self.ctx.union_map(&self.scop.access_relation(s, access))?;
        relation.intersect_domain(self.domain(statement)?)?.intersect_params(&self.assumed)
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
        if let Some(s) = self.schedules.borrow().get(&statement) {
            return s.copy();
        }
        let s = self.ctx.union_map(&self.scop.statements[statement].schedule)?.intersect_domain(self.domain(statement)?)?;
        self.schedules.borrow_mut().insert(statement, s.copy()?);
        Ok(s)
    }

    /// `{ A[i] -> B[j] : θ(i) <=lex θ(j) }` if `or_equal`, else with `<lex`.
    fn order(&self, a: StatementId, b: StatementId, or_equal: bool) -> IslResult<UnionMap<'c>> {
        if let Some(o) = self.orders.borrow().get(&(a, b, or_equal)) {
            return o.copy();
        }
        let o = if or_equal { self.schedule(a)?.lex_le(self.schedule(b)?)? } else { self.schedule(a)?.lex_lt(self.schedule(b)?)? };
        self.orders.borrow_mut().insert((a, b, or_equal), o.copy()?);
        Ok(o)
    }

    fn write_relation(&self, statement: StatementId) -> IslResult<UnionMap<'c>> {
        if let Some(w) = self.writes.borrow().get(&statement) {
            return w.copy();
        }
        let w = self.access_relation(statement, &self.scop.statements[statement].write)?;
        self.writes.borrow_mut().insert(statement, w.copy()?);
        Ok(w)
    }

    fn writers_of(&self, array: ArrayId) -> Vec<StatementId> {
        (0..self.scop.statements.len()).filter(|&s| self.scop.statements[s].write.array == array).collect()
    }

    fn statement_named(&self, name: &str) -> Option<StatementId> {
        self.scop.statements.iter().position(|s| s.name == name)
    }

    /// Every RAW dependence into a read of `array`.
    pub fn raw_dependences(&self, array: ArrayId) -> IslResult<Vec<RawDependence>> {
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

    /// WAR `r_e -> * = { W[i] -> L[l] : same location, θ(i) <=lex θ(l) }`, `None` if empty.
    fn anti_dependence(&self, source: StatementId, read: &Access, writer: StatementId) -> IslResult<Option<UnionMap<'c>>> {
        let key = (source, read.clone(), writer);
        if let Some(cached) = self.anti.borrow().get(&key) {
            return cached.as_ref().map(|a| a.copy()).transpose();
        }
        let same_location = self.access_relation(source, read)?.apply_range(self.write_relation(writer)?.reverse()?)?;
        let anti = same_location.intersect(self.order(source, writer, true)?)?;
        let anti = if anti.is_empty()? { None } else { Some(anti) };
        let copy = anti.as_ref().map(|a| a.copy()).transpose()?;
        self.anti.borrow_mut().insert(key, copy);
        Ok(anti)
    }

    /// The reload test of `raw` (see the module documentation).
    pub fn reload_test(&self, raw: &RawDependence) -> IslResult<ReloadTest> {
        let source = &self.scop.statements[raw.source];
        let dependence = self.ctx.union_map(&raw.relation)?;
        let mut overwritten = self.ctx.union_set("{ }")?;
        let mut overwrite = None;
        let mut seen: Vec<&Access> = Vec::new();
        for read in source.value.reads() {
            // Equal accesses give equal tests.
            if seen.contains(&read) {
                continue;
            }
            seen.push(read);
            for writer in self.writers_of(read.array) {
                let Some(anti) = self.anti_dependence(raw.source, read, writer)? else { continue };
                // PIW(r_e) = { L[l] -> T[j] }
                let intermediate = anti.reverse()?.apply_range(dependence.copy()?)?;
                let before = self.order(writer, raw.target, false)?;
                // OR(r_e) = { T[j] }
                let reloads = intermediate.intersect(before)?.range()?;
                if reloads.is_empty()? {
                    continue;
                }
                overwrite.get_or_insert((read.array, writer));
                overwritten = overwritten.union(reloads)?;
            }
        }
        if overwrite.is_none() {
            // No overwritten reload: the propagation dependence is the RAW dependence.
            return Ok(ReloadTest {
                propagation_dependence: raw.relation.clone(),
                propagation_is_empty: false,
                complete: true,
                overwrite,
            });
        }
        let kept = self.domain(raw.target)?.subtract(overwritten)?;
        let propagation = dependence.copy()?.intersect_range(kept)?.coalesce()?;
        let complete = propagation.is_equal(&dependence)?;
        Ok(ReloadTest {
            propagation_is_empty: propagation.is_empty()?,
            propagation_dependence: propagation.to_isl_string()?,
            complete,
            overwrite,
        })
    }
}
