//! Access-wise dependences of a SCoP (paper 003, section 2.2, "Instance-wise Dependences").
//!
//! Paper 003 needs dependences "with access instance granularity": which read depends on which
//! write. Statements have a single write (section 2.1), so an access is a statement plus either
//! its write or the `k`-th read of its value expression in evaluation order
//! (`Expr::reads`). A dependence `s -> t` relates instances of the statement of the source
//! access `s` to instances of the statement of the target access `t`:
//!
//! - RAW `w -> r` is *value-based*: each instance of `r` depends only on the last write to the
//!   same location before it (`isl_union_access_info_compute_flow`, all writes are must
//!   writes). A write shadowed by an intermediate write is not a source.
//! - WAR `r -> w` is *memory-based*: every later-or-same-instance write to the location a read
//!   accessed, `θ(j) <=lex θ(l)`. The same-iteration self-WAR of `A[i] = A[i] + 1` is
//!   included: section 3.2 ("Self-WAR Dependences") needs it for the reload test and other
//!   tools drop it. Within one statement instance all reads happen before the write.
//! - May-accesses (`Access::data`) take part with their over-approximated relation
//!   (`Scop::access_relation`): a may-write is a *may-source* of the dataflow
//!   (`isl_union_access_info_set_may_source`), a possible last writer that never hides an
//!   earlier write; a may-read depends on the last writer of every element it may read.
//!   The reads of a may-write's data-dependent subscripts are reads of its statement,
//!   numbered after those of the value (`Statement::reads`).
//! - WAW `w -> w'` is memory-based: a later write to the same location, `θ(i) <lex θ(l)`.
//!
//! Scalars (arrays without dimensions, `s[]` in isl) take part like arrays. All relations are
//! restricted to the domains and to the SCoP's assumed context (`isl::assumed_context`), but
//! for the memory conflicts and the flow dependences that scheduling and scalar mapping
//! compare, which take the analysis context (`isl::analysis_context`: a superset without the
//! parameters' type ranges, whose constants slow isl's integer programs down). All isl work
//! runs under the quota of the caller's context; out of quota is `IslError::Complexity`.
//!
//! Invariant: schedules are injective (two instances never share a time vector), which the
//! 2d+1 schedules of both front ends guarantee.

use crate::isl::{self, IslContext, IslResult, ParamSet, UnionMap};
use crate::model::{Access, Scop, StatementId};
use std::collections::BTreeSet;
use std::fmt;

/// RAW, WAR or WAW (paper 003, section 2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DependenceKind {
    Raw,
    War,
    Waw,
}

impl DependenceKind {
    pub fn name(self) -> &'static str {
        match self {
            DependenceKind::Raw => "RAW",
            DependenceKind::War => "WAR",
            DependenceKind::Waw => "WAW",
        }
    }
}

/// Which access of a statement: its single write or its `k`-th read in evaluation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AccessIndex {
    Write,
    Read(usize),
}

/// An access of a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AccessRef {
    pub statement: StatementId,
    pub access: AccessIndex,
}

impl AccessRef {
    pub fn write(statement: StatementId) -> Self {
        AccessRef { statement, access: AccessIndex::Write }
    }

    pub fn read(statement: StatementId, k: usize) -> Self {
        AccessRef { statement, access: AccessIndex::Read(k) }
    }

    /// The access in the model.
    pub fn resolve<'s>(&self, scop: &'s Scop) -> Option<&'s Access> {
        let statement = scop.statements.get(self.statement)?;
        match self.access {
            AccessIndex::Write => Some(&statement.write),
            AccessIndex::Read(k) => statement.reads().get(k).copied(),
        }
    }
}

/// One dependence between two accesses.
#[derive(Clone, Debug, PartialEq)]
pub struct Dependence {
    pub kind: DependenceKind,
    pub source: AccessRef,
    pub target: AccessRef,
    /// `[params] -> { S[i] -> T[j] : ... }`, coalesced, never empty.
    pub relation: String,
}

/// Every RAW, WAR and WAW dependence of a SCoP, sorted by kind, source and target.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScopDependences {
    pub dependences: Vec<Dependence>,
}

impl ScopDependences {
    pub fn of_kind(&self, kind: DependenceKind) -> impl Iterator<Item = &Dependence> {
        self.dependences.iter().filter(move |d| d.kind == kind)
    }

    /// The dependence between two accesses, if any.
    pub fn between(&self, kind: DependenceKind, source: AccessRef, target: AccessRef) -> Option<&Dependence> {
        self.dependences
            .iter()
            .find(|d| d.kind == kind && d.source == source && d.target == target)
    }
}

/// Computes all access-wise dependences of `scop` in `ctx` (under its quota).
pub fn compute_dependences(ctx: &IslContext, scop: &Scop) -> IslResult<ScopDependences> {
    let analysis = Analysis::new(ctx, scop)?;
    let mut dependences = Vec::new();
    for read in analysis.reads() {
        analysis.flow_dependences(read, &mut dependences)?;
        analysis.anti_dependences(read, &mut dependences)?;
    }
    for statement in 0..scop.statements.len() {
        analysis.output_dependences(statement, &mut dependences)?;
    }
    dependences.sort_by_key(|d| (d.kind, d.source, d.target));
    Ok(ScopDependences { dependences })
}

/// The RAW dependences (value-based, as in [`compute_dependences`]) of the reads of the
/// arrays `arrays` names, sorted by source and target: which write instance gives each read
/// instance its value. Under the analysis context (`isl::analysis_context`), for comparisons
/// of two models' dependences (`scalar_mapping`): exact for the parameters of the assumed
/// context, without the type ranges' constants of 2^31 in every relation (3mm's scalar
/// mapping with `schedule`: 0.29 s -> 0.13 s).
pub fn compute_flow_dependences(ctx: &IslContext, scop: &Scop, arrays: &dyn Fn(usize) -> bool) -> IslResult<Vec<Dependence>> {
    let analysis = Analysis { ctx, scop, assumed: isl::analysis_context(ctx, scop)? };
    let mut dependences = Vec::new();
    for read in analysis.reads().into_iter().filter(|&r| arrays(analysis.array_of(r))) {
        analysis.flow_dependences(read, &mut dependences)?;
    }
    dependences.sort_by_key(|d| (d.source, d.target));
    Ok(dependences)
}

/// Like [`compute_dependences`] in a fresh context with `max_operations` (0: no limit).
pub fn compute_dependences_with_quota(scop: &Scop, max_operations: u64) -> IslResult<ScopDependences> {
    let ctx = IslContext::new(max_operations);
    compute_dependences(&ctx, scop)
}

/// Memory conflicts: `{ S[i] -> T[j] }` for every two statement instances that access the same
/// element, `S[i]` writing it (the reverse relation has the pairs whose second one writes), in
/// either order of execution (RAW, WAR and WAW without their
/// direction, memory-based; may-accesses with their over-approximated relation). What a loop
/// must not carry to run its iterations in parallel (`parallel`), and what a new schedule
/// must keep in order (`scheduling`). Restricted to the domains and the analysis context
/// (`isl::analysis_context`: the assumptions without the parameters' type ranges, whose
/// large constants made isl's scheduler 200 times slower on jacobi-1d). With
/// `within_nests`, only pairs of statements of the same top-level nest (what a loop can carry).
///
/// Quota: one period per array and top-level nest. A propagated statement reads the same
/// element at many places of its expression: each access relation is read once (by its text).
pub fn conflicts<'c>(ctx: &'c IslContext, scop: &Scop, within_nests: bool) -> IslResult<UnionMap<'c>> {
    let assumed = isl::analysis_context(ctx, scop)?;
    // Per array: the writes and the accesses, as (top-level position, statement, relation).
    let mut writes = vec![BTreeSet::new(); scop.arrays.len()];
    let mut accesses = vec![BTreeSet::new(); scop.arrays.len()];
    for (id, statement) in scop.statements.iter().enumerate() {
        let position = if within_nests { top_level_position(ctx, statement)? } else { None };
        let write = (position, id, scop.access_relation(statement, &statement.write));
        writes[statement.write.array].insert(write.clone());
        accesses[statement.write.array].insert(write);
        for read in statement.reads() {
            accesses[read.array].insert((position, id, scop.access_relation(statement, read)));
        }
    }
    let relations = |entries: &mut dyn Iterator<Item = &(Option<i64>, StatementId, String)>| -> IslResult<UnionMap<'c>> {
        let mut union = ctx.empty_union_map()?;
        for (_, id, text) in entries {
            let domain = ctx.union_set(&scop.statements[*id].domain)?;
            union = union.union(ctx.union_map(text)?.intersect_domain(domain)?.intersect_params(&assumed)?)?;
        }
        Ok(union)
    };
    let mut result = ctx.empty_union_map()?;
    for array in 0..scop.arrays.len() {
        let positions: BTreeSet<Option<i64>> = writes[array].iter().map(|w| w.0).collect();
        for position in positions {
            ctx.reset_quota();
            // Statements of different top-level nests share no loop: no loop carries their
            // conflicts, and leaving them out keeps the relation small (a pipeline's stages).
            let together = |p: Option<i64>| !within_nests || position.is_none() || p.is_none() || p == position;
            let written = relations(&mut writes[array].iter().filter(|w| w.0 == position))?;
            let accessed = relations(&mut accesses[array].iter().filter(|a| together(a.0)))?;
            result = result.union(written.apply_range(accessed.reverse()?)?.coalesce()?)?;
        }
    }
    result.coalesce()
}

/// The constant of a statement's first time dimension (which top-level loop nest it is in),
/// `None` if it is not a constant.
fn top_level_position(ctx: &IslContext, statement: &crate::model::Statement) -> IslResult<Option<i64>> {
    use isl_rs::{DimType, Map};
    let schedule = ctx.union_map(&statement.schedule)?;
    let map = ctx.check(Map::from_union_map(ctx.check(schedule.raw().copy())?))?;
    if ctx.check(map.dim(DimType::Out))? < 1 {
        return Ok(None);
    }
    isl::fixed_output(ctx, &map, 0)
}

/// The private context of one dependence computation.
struct Analysis<'a, 'c> {
    ctx: &'c IslContext,
    scop: &'a Scop,
    /// `[params] -> { : context and assumptions }`, or the analysis context
    /// (`compute_flow_dependences`).
    assumed: ParamSet<'c>,
}

impl<'a, 'c> Analysis<'a, 'c> {
    fn new(ctx: &'c IslContext, scop: &'a Scop) -> IslResult<Self> {
        let assumed = isl::assumed_context(ctx, scop)?;
        Ok(Analysis { ctx, scop, assumed })
    }

    fn reads(&self) -> Vec<AccessRef> {
        let mut out = Vec::new();
        for (id, statement) in self.scop.statements.iter().enumerate() {
            for k in 0..statement.reads().len() {
                out.push(AccessRef::read(id, k));
            }
        }
        out
    }

    /// `{ S[i] -> A[...] }` restricted to the domain of `S` and the assumed context.
    fn access_relation(&self, access: AccessRef) -> IslResult<UnionMap<'c>> {
        let statement = &self.scop.statements[access.statement];
        let resolved = access.resolve(self.scop).expect("access index within the statement");
        let relation = self.ctx.union_map(&self.scop.access_relation(statement, resolved))?;
        let domain = self.ctx.union_set(&statement.domain)?;
        relation.intersect_domain(domain)?.intersect_params(&self.assumed)
    }

    /// `{ S[i] -> [t] }` restricted to the domain of `S`.
    fn schedule(&self, statement: StatementId) -> IslResult<UnionMap<'c>> {
        let statement = &self.scop.statements[statement];
        let schedule = self.ctx.union_map(&statement.schedule)?;
        schedule.intersect_domain(self.ctx.union_set(&statement.domain)?)
    }

    fn writers_of(&self, array: usize) -> Vec<StatementId> {
        (0..self.scop.statements.len())
            .filter(|&s| self.scop.statements[s].write.array == array)
            .collect()
    }

    fn array_of(&self, access: AccessRef) -> usize {
        access.resolve(self.scop).expect("access index within the statement").array
    }

    fn statement_named(&self, name: &str) -> Option<StatementId> {
        self.scop.statements.iter().position(|s| s.name == name)
    }

    /// RAW `w -> r` for every writer `w` of the array `r` reads: the last writer only.
    fn flow_dependences(&self, read: AccessRef, out: &mut Vec<Dependence>) -> IslResult<()> {
        let writers = self.writers_of(self.array_of(read));
        if writers.is_empty() {
            return Ok(());
        }
        let mut sources = self.ctx.empty_union_map()?;
        let mut may_sources = self.ctx.empty_union_map()?;
        let mut schedule = self.schedule(read.statement)?;
        for &writer in &writers {
            let relation = self.access_relation(AccessRef::write(writer))?;
            if self.scop.statements[writer].may_write() {
                may_sources = may_sources.union(relation)?;
            } else {
                sources = sources.union(relation)?;
            }
            schedule = schedule.union(self.schedule(writer)?)?;
        }
        let sink = self.access_relation(read)?;
        // { S[i] -> T[j] } for all writers S at once; split by the source tuple. A may-write
        // is a possible source that kills nothing.
        let flow = if writers.iter().any(|&w| self.scop.statements[w].may_write()) {
            isl::may_flow(sink, sources, may_sources, schedule)?
        } else {
            isl::must_flow(sink, sources, schedule)?
        };
        for (source_name, _, piece) in flow.pieces()? {
            let Some(writer) = self.statement_named(&source_name) else { continue };
            self.push(out, DependenceKind::Raw, AccessRef::write(writer), read, piece)?;
        }
        Ok(())
    }

    /// WAR `r -> w`: `{ T[j] -> S[l] : A_r(j) = A_w(l) and θ(j) <=lex θ(l) }`, including the
    /// same instance (the read happens before the write).
    fn anti_dependences(&self, read: AccessRef, out: &mut Vec<Dependence>) -> IslResult<()> {
        for writer in self.writers_of(self.array_of(read)) {
            let write = AccessRef::write(writer);
            let same_location = self.access_relation(read)?.apply_range(self.access_relation(write)?.reverse()?)?;
            let later = self.schedule(read.statement)?.lex_le(self.schedule(writer)?)?;
            self.push(out, DependenceKind::War, read, write, same_location.intersect(later)?)?;
        }
        Ok(())
    }

    /// WAW `w -> w'`: `{ S[i] -> S'[l] : A_w(i) = A_w'(l) and θ(i) <lex θ(l) }`.
    fn output_dependences(&self, statement: StatementId, out: &mut Vec<Dependence>) -> IslResult<()> {
        let write = AccessRef::write(statement);
        for writer in self.writers_of(self.array_of(write)) {
            let other = AccessRef::write(writer);
            let same_location = self.access_relation(write)?.apply_range(self.access_relation(other)?.reverse()?)?;
            let later = self.schedule(statement)?.lex_lt(self.schedule(writer)?)?;
            self.push(out, DependenceKind::Waw, write, other, same_location.intersect(later)?)?;
        }
        Ok(())
    }

    fn push(
        &self,
        out: &mut Vec<Dependence>,
        kind: DependenceKind,
        source: AccessRef,
        target: AccessRef,
        relation: UnionMap<'c>,
    ) -> IslResult<()> {
        let relation = relation.coalesce()?;
        if relation.is_empty()? {
            return Ok(());
        }
        out.push(Dependence { kind, source, target, relation: relation.to_isl_string()? });
        Ok(())
    }
}

/// Writes an access as `S1.read#0 in[i + 1]` or `S0.write s`.
pub fn describe_access(scop: &Scop, access: AccessRef) -> String {
    let Some(statement) = scop.statements.get(access.statement) else {
        return format!("<statement {}>", access.statement);
    };
    let which = match access.access {
        AccessIndex::Write => "write".to_string(),
        AccessIndex::Read(k) => format!("read#{k}"),
    };
    let location = match access.resolve(scop) {
        Some(resolved) => describe_location(scop, statement, resolved),
        None => "<missing access>".to_string(),
    };
    format!("{}.{} {}", statement.name, which, location)
}

fn describe_location(scop: &Scop, statement: &crate::model::Statement, access: &Access) -> String {
    let params = scop.param_names();
    let name = scop.arrays.get(access.array).map(|a| a.name.as_str()).unwrap_or("<array>");
    let subscripts: String = access
        .mixed_subscripts()
        .into_iter()
        .map(|s| match s {
            Ok(s) => format!("[{}]", s.display(&statement.iterators, &params)),
            Err(_) => "[?]".to_string(),
        })
        .collect();
    let may = if access.is_may() { "may " } else { "" };
    format!("{may}{name}{subscripts}")
}

/// Prints every dependence on one line: kind, source access, target access, relation
/// (the output of `print<polyprop-deps>` and `polyprop deps`).
pub fn print_dependences(scop: &Scop, dependences: &ScopDependences) -> String {
    let mut out = String::new();
    for d in &dependences.dependences {
        out.push_str(&format!(
            "{} {} -> {} : {}\n",
            d.kind.name(),
            describe_access(scop, d.source),
            describe_access(scop, d.target),
            d.relation
        ));
    }
    out
}

/// `Display` over a SCoP and its dependences, same text as [`print_dependences`].
pub struct DependencesDisplay<'a> {
    pub scop: &'a Scop,
    pub dependences: &'a ScopDependences,
}

impl fmt::Display for DependencesDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print_dependences(self.scop, self.dependences))
    }
}
