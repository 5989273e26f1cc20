//! Line buffers (issue 18): a kept temporary whose readers read it a few iterations away from
//! where it was written becomes a buffer of those rows inside its readers' nest, as PolyMage's
//! tiles keep a stage (paper 003, section 7 compares with them; section 6.1's cost model
//! chooses between keeping and recomputing, and this is the third choice).
//!
//! The producer `P`, the temporary's only writer, writes `T[.., i_l + c, ..]` in its own nest;
//! its readers all sit in one later nest. Along the outer loops `l` that both share (same
//! position in the `2d + 1` schedules), the flow dependences `{ P[i] -> C[j] }` have distances
//! `j_l - i_l` in `[lo_l, hi_l]`. The *line* loop is the first with `hi_l > lo_l`; `P`'s loops
//! down to it are fused into the readers' (`P` runs at `i_l + lo_l`, before the readers' bodies),
//! and the array dimension each of those loops writes keeps `hi_l - lo_l + 1` elements, indexed
//! modulo that (one element along a loop of constant distance). The bilateral grid's blurx,
//! read at `y - 2 .. y + 2` by blury over `c, x, y`: five rows of its 16 bins instead of the
//! whole grid.
//!
//! Both steps are proved by isl, not assumed: the fused schedule keeps the order of every pair
//! of conflicting instances (`reversed_conflict`: only the producer moved, so only its pairs
//! can change order; checking those instead of all the model's dependences took the bilateral
//! grid's line buffer from 0.5 s of compile time to a few milliseconds), and no write of the
//! contracted array lands on an element between a write and a read of the value that read
//! sees (`overwritten_before_read`). Where either fails, nothing changes.

use crate::affine::{AffExpr, AffVar};
use crate::isl::{IslContext, IslError, IslResult, ParamSet, UnionMap};
use crate::model::{Access, ArrayId, Contents, Liveness, Scop, Statement};
use crate::schedule_tree::time_constants;
use std::fmt;

/// The most iterations of the line loop a buffer keeps.
pub const MAX_ROWS: i64 = 32;

/// A temporary stored as a line buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineBuffer {
    pub array: ArrayId,
    /// The writer's statement.
    pub producer: String,
    /// The loops of the writer fused with its readers' (outermost first), the last the line.
    pub fused: Vec<String>,
    /// How many iterations ahead of its readers the writer runs along each fused loop
    /// (`-lo_l`: two rows ahead for reads at `y - 2 .. y + 2`).
    pub ahead: Vec<i64>,
    /// Per array dimension, the elements kept (`Some(m)`: indexed modulo `m`) or the whole
    /// dimension (`None`).
    pub moduli: Vec<Option<i64>>,
    /// Elements of the buffer where every size is a constant.
    pub elements: Option<u64>,
}

/// Why a temporary is not stored as a line buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotBuilt {
    /// Not one writer without a guard at affine subscripts.
    Writers(String),
    /// Some statement accesses it at data-dependent subscripts, or its writer reads it.
    Accesses(String),
    /// No statement reads it.
    NoReaders,
    /// A statement's schedule is not its source position (`2d + 1` with the loops' iterators).
    Schedule(String),
    /// The readers are not in one nest after the writer's.
    Nests,
    /// Along every loop the readers share with the writer, they read at one fixed distance
    /// (or at distances no constants bound), or only along an innermost loop: no window of
    /// rows to keep.
    NoLine,
    /// The fused schedule breaks a dependence.
    Illegal(String),
    /// An element of the contracted array is written again before a read of its value, or
    /// two accesses of one element would use different ones.
    Overwritten,
    Isl(IslError),
}

impl fmt::Display for NotBuilt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotBuilt::Writers(why) => write!(f, "{why}"),
            NotBuilt::Accesses(why) => write!(f, "{why}"),
            NotBuilt::NoReaders => f.write_str("no statement reads it"),
            NotBuilt::Schedule(s) => write!(f, "{s} does not run at its source position"),
            NotBuilt::Nests => f.write_str("its readers are not in one nest after its writer's"),
            NotBuilt::NoLine => write!(f, "no loop with loops inside that its readers share with its writer reads it within a window of 2 to {MAX_ROWS} iterations"),
            NotBuilt::Illegal(why) => write!(f, "fusing its writer into its readers' nest is illegal: {why}"),
            NotBuilt::Overwritten => f.write_str("a buffer element would be overwritten before a read of its value, or read where it was not written"),
            NotBuilt::Isl(e) => write!(f, "{e}"),
        }
    }
}

impl From<IslError> for NotBuilt {
    fn from(e: IslError) -> Self {
        NotBuilt::Isl(e)
    }
}

impl fmt::Display for LineBuffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moduli: Vec<String> = self.moduli.iter().map(|m| m.map_or("*".to_string(), |m| m.to_string())).collect();
        write!(f, "{} fused into its readers' loops {} (line {}, {} iterations ahead), kept [{}]", self.producer, self.fused.join(", "), self.fused.last().map_or("", |s| s), self.ahead.last().copied().unwrap_or(0), moduli.join("]["))?;
        if let Some(n) = self.elements {
            write!(f, ", {n} elements")?;
        }
        Ok(())
    }
}

/// `scop` with `array` stored as a line buffer (module documentation), or why it is not. The
/// caller makes sure `array` is a temporary whose storage the generated code allocates by the
/// model's sizes.
pub fn build_line_buffer(ctx: &IslContext, scop: &Scop, array: ArrayId) -> Result<(Scop, LineBuffer), NotBuilt> {
    let t = &scop.arrays[array];
    if t.is_scalar() || t.row_pointers || t.liveness != Liveness::Temporary || t.initial == Contents::Carried {
        return Err(NotBuilt::Writers("not an array that only the SCoP uses".into()));
    }
    let producer = single_writer(scop, array)?;
    let readers = readers(scop, array, producer)?;
    let p = &scop.statements[producer];
    let p_time = source_position(ctx, scop, p)?;
    let mut r_times = Vec::new();
    for &r in &readers {
        r_times.push(source_position(ctx, scop, &scop.statements[r])?);
    }
    // Loops the readers share: the same constants before each.
    let depth = readers.iter().map(|&r| scop.statements[r].iterators.len()).min().unwrap_or(0).min(p.iterators.len());
    let shared = (0..depth).take_while(|&l| r_times.iter().all(|t| t[2 * l] == r_times[0][2 * l])).count();
    if shared == 0 || p_time[0] >= r_times[0][0] {
        return Err(NotBuilt::Nests);
    }
    // The SCoP's assumptions hold for every model below: only schedules and subscripts change.
    let assumed = crate::isl::assumed_context(ctx, scop)?;
    let flow = flow_to_readers(ctx, scop, producer, &readers, &assumed)?;
    let mut bounds = Vec::new();
    for l in 0..shared {
        // A window wider than MAX_ROWS is no line (a downsampling read's distance grows with
        // the row; its bounds are those of the parameters' types).
        let Some((lo, hi)) = distance_bounds(ctx, scop, producer, &readers, &flow, l)?.filter(|(lo, hi)| hi.checked_sub(*lo).is_some_and(|w| w < MAX_ROWS)) else { break };
        bounds.push((lo, hi));
        if hi > lo {
            break;
        }
    }
    // The line must have loops inside it, in the writer and in every reader: a buffer along
    // an innermost loop is indexed modulo its length at every iteration, which stops the
    // loop's vectorization (a gathered level read by a 3-tap stencil along its rows).
    let innermost = |s: &Statement| s.iterators.len() <= bounds.len();
    if !bounds.last().is_some_and(|(lo, hi)| hi > lo) || innermost(p) || readers.iter().any(|&r| innermost(&scop.statements[r])) {
        return Err(NotBuilt::NoLine);
    }
    let fused_depth = bounds.len();
    // Before every statement of the readers' nest at the line's depth.
    let siblings = scop.statements.iter().filter_map(|s| time_constants_of(ctx, s).ok()).filter(|c| (0..fused_depth).all(|l| c.get(2 * l) == r_times[0].get(2 * l)));
    let first = siblings.filter_map(|c| c.get(2 * fused_depth).copied().flatten()).min().unwrap_or(0);
    let mut fused = scop.clone();
    fused.statements[producer].schedule = fused_schedule(scop, p, &p_time, &r_times[0], &bounds, first - 1);
    ctx.reset_quota();
    if let Some(other) = reversed_conflict(ctx, scop, &fused, producer, &assumed)? {
        return Err(NotBuilt::Illegal(format!("{} and {other} access an element in the other order", p.name)));
    }
    let rows = contracted_rows(p, t.sizes.len(), &bounds);
    let contracted = contract(&fused, array, &rows, fused_depth);
    ctx.reset_quota();
    if !one_slot_per_element(ctx, scop, &contracted, array, &assumed)? || overwritten_before_read(ctx, &contracted, producer, &readers, flow, &assumed)? {
        return Err(NotBuilt::Overwritten);
    }
    let elements = contracted.arrays[array].constant_elements();
    let buffer = LineBuffer {
        array,
        producer: p.name.clone(),
        fused: p.iterators[..fused_depth].to_vec(),
        ahead: bounds.iter().map(|&(lo, _)| -lo).collect(),
        moduli: rows.iter().map(|r| r.map(|r| r.row * r.rows)).collect(),
        elements,
    };
    Ok((contracted, buffer))
}

/// The statement that writes `array`: one, unguarded, at affine subscripts.
fn single_writer(scop: &Scop, array: ArrayId) -> Result<usize, NotBuilt> {
    let writers: Vec<usize> = (0..scop.statements.len()).filter(|&s| scop.statements[s].write.array == array).collect();
    match writers[..] {
        [w] if !scop.statements[w].may_write() => Ok(w),
        [w] => Err(NotBuilt::Writers(format!("{} may write it", scop.statements[w].name))),
        _ => Err(NotBuilt::Writers(format!("written by {} statements", writers.len()))),
    }
}

/// The statements that read `array`, none of them its writer, all at affine subscripts.
fn readers(scop: &Scop, array: ArrayId, producer: usize) -> Result<Vec<usize>, NotBuilt> {
    let mut out = Vec::new();
    for (k, s) in scop.statements.iter().enumerate() {
        let reads: Vec<_> = s.reads().into_iter().filter(|r| r.array == array).collect();
        if reads.is_empty() {
            continue;
        }
        if k == producer {
            return Err(NotBuilt::Accesses(format!("its writer {} reads it", s.name)));
        }
        if reads.iter().any(|r| r.is_may()) {
            return Err(NotBuilt::Accesses(format!("{} reads it at data-dependent subscripts", s.name)));
        }
        out.push(k);
    }
    match out.is_empty() {
        true => Err(NotBuilt::NoReaders),
        false => Ok(out),
    }
}

fn time_constants_of(ctx: &IslContext, s: &Statement) -> IslResult<Vec<Option<i64>>> {
    Ok(time_constants(ctx, &ctx.union_map(&s.schedule)?)?.unwrap_or_default())
}

/// The constants of `s`'s `2d + 1` schedule, checked to be its source position: dimension
/// `2l + 1` is iterator `l`, every other dimension a constant.
fn source_position(ctx: &IslContext, scop: &Scop, s: &Statement) -> Result<Vec<Option<i64>>, NotBuilt> {
    let constants = time_constants_of(ctx, s)?;
    let n = s.iterators.len();
    let mut dims = Vec::new();
    for (d, c) in constants.iter().enumerate() {
        match (c, d % 2 == 1 && d / 2 < n) {
            (Some(c), false) => dims.push(c.to_string()),
            (None, true) => dims.push(s.iterators[d / 2].clone()),
            _ => return Err(NotBuilt::Schedule(s.name.clone())),
        }
    }
    let expected = format!("{}{{ {}[{}] -> [{}] }}", scop.param_prefix(), s.name, s.iterators.join(", "), dims.join(", "));
    let domain = || ctx.union_set(&s.domain);
    let same = ctx.union_map(&expected)?.intersect_domain(domain()?)?.is_equal(&ctx.union_map(&s.schedule)?.intersect_domain(domain()?)?)?;
    match same && constants.len() > 2 * n {
        true => Ok(constants),
        false => Err(NotBuilt::Schedule(s.name.clone())),
    }
}

/// A statement that conflicts with the producer (one of them writes an element the other
/// accesses) at instances that `fused` runs in the other order than `original`, if any.
fn reversed_conflict<'c>(ctx: &'c IslContext, original: &Scop, fused: &Scop, producer: usize, assumed: &ParamSet<'c>) -> IslResult<Option<String>> {
    let on_domain = |s: &Statement, access: &Access| accessed(ctx, original, s, access, assumed);
    let p = &original.statements[producer];
    // The producer's side, the same against every other statement.
    let p_write = on_domain(p, &p.write)?;
    let p_reads: Vec<(ArrayId, UnionMap)> = p.reads().into_iter().map(|r| Ok((r.array, on_domain(p, r)?))).collect::<IslResult<_>>()?;
    let p_times = [crate::isl::timed_statements(ctx, [p])?, crate::isl::timed_statements(ctx, [&fused.statements[producer]])?];
    for (k, q) in original.statements.iter().enumerate().filter(|&(k, _)| k != producer) {
        // { P[i] -> Q[j] }: P's write against Q's accesses, P's reads against Q's write.
        let mut conflicts = ctx.empty_union_map()?;
        for access in q.reads().into_iter().chain([&q.write]).filter(|a| a.array == p.write.array) {
            conflicts = conflicts.union(p_write.copy()?.apply_range(on_domain(q, access)?.reverse()?)?)?;
        }
        for (_, read) in p_reads.iter().filter(|(array, _)| *array == q.write.array) {
            conflicts = conflicts.union(read.copy()?.apply_range(on_domain(q, &q.write)?.reverse()?)?)?;
        }
        if conflicts.is_empty()? {
            continue;
        }
        // Pairs with P first and pairs with Q first, under the original schedule and the fused.
        let first = |tp: &UnionMap<'c>, scop: &Scop| -> IslResult<(UnionMap<'c>, UnionMap<'c>)> {
            let tq = crate::isl::timed_statements(ctx, [&scop.statements[k]])?;
            Ok((tp.copy()?.lex_lt(tq.copy()?)?, tq.lex_lt(tp.copy()?)?.reverse()?))
        };
        let (p_first, q_first) = first(&p_times[0], original)?;
        let (p_first_now, q_first_now) = first(&p_times[1], fused)?;
        let kept = conflicts.copy()?.intersect(p_first)?.is_subset(&p_first_now)? && conflicts.intersect(q_first)?.is_subset(&q_first_now)?;
        if !kept {
            return Ok(Some(q.name.clone()));
        }
    }
    Ok(None)
}

/// `{ S[i] -> A[e] }`: the elements `access` of `s` touches, on its domain under `assumed`.
fn accessed<'c>(ctx: &'c IslContext, scop: &Scop, s: &Statement, access: &Access, assumed: &ParamSet<'c>) -> IslResult<UnionMap<'c>> {
    ctx.union_map(&scop.access_relation(s, access))?.intersect_domain(ctx.union_set(&s.domain)?)?.intersect_params(assumed)
}

/// `{ P[i] -> C[j] }`: the reader instances that read an element the producer instance writes,
/// under the assumed context (checked: the producer writes each element once, and every
/// element the readers read).
fn flow_to_readers<'c>(ctx: &'c IslContext, scop: &Scop, producer: usize, readers: &[usize], assumed: &ParamSet<'c>) -> Result<UnionMap<'c>, NotBuilt> {
    let on_domain = |s: &Statement, access: &Access| accessed(ctx, scop, s, access, assumed);
    let p = &scop.statements[producer];
    let written = on_domain(p, &p.write)?;
    if !written.is_injective()? {
        return Err(NotBuilt::Writers(format!("{} writes an element more than once", p.name)));
    }
    let mut read = ctx.empty_union_map()?;
    for &r in readers {
        let s = &scop.statements[r];
        for access in s.reads().into_iter().filter(|a| a.array == p.write.array) {
            read = read.union(on_domain(s, access)?)?;
        }
    }
    // Every element read is one the producer writes, whatever the array held before.
    if !read.copy()?.range()?.is_subset(&written.copy()?.range()?)? {
        return Err(NotBuilt::Accesses("some element read is not written by its writer".into()));
    }
    Ok(written.apply_range(read.reverse()?)?.coalesce()?)
}

/// The smallest and largest `j_l - i_l` over `flow`; `None` where no constants bound them.
fn distance_bounds(ctx: &IslContext, scop: &Scop, producer: usize, readers: &[usize], flow: &UnionMap, l: usize) -> IslResult<Option<(i64, i64)>> {
    let prefix = scop.param_prefix();
    let p = &scop.statements[producer];
    // { [i_l] -> P[i] } then the readers' { C[j] -> [j_l] }: { [i_l] -> [j_l] }.
    let mut at_reader = ctx.empty_union_map()?;
    for &r in readers {
        let s = &scop.statements[r];
        at_reader = at_reader.union(ctx.union_map(&format!("{prefix}{{ {}[{}] -> [{}] }}", s.name, s.iterators.join(", "), s.iterators[l]))?)?;
    }
    let at_producer = ctx.union_map(&format!("{prefix}{{ [{}] -> {}[{}] }}", p.iterators[l], p.name, p.iterators.join(", ")))?;
    let pairs = at_producer.apply_range(flow.copy()?)?.apply_range(at_reader)?;
    let deltas = ctx.check(ctx.check(pairs.raw().copy())?.deltas())?;
    ctx.constant_bounds(ctx.check(isl_rs::Set::from_union_set(deltas))?, 0)
}

/// The producer's schedule with its loops `0..bounds.len()` those of the readers' nest
/// (`readers`' constants), each run `-lo` iterations ahead, and its body at `before` under the
/// last of them.
fn fused_schedule(scop: &Scop, p: &Statement, p_time: &[Option<i64>], readers: &[Option<i64>], bounds: &[(i64, i64)], before: i64) -> String {
    let depth = bounds.len();
    let dims: Vec<String> = p_time
        .iter()
        .enumerate()
        .map(|(d, c)| match (d % 2, d / 2) {
            (0, l) if l < depth => readers[d].unwrap_or(0).to_string(),
            (0, l) if l == depth => before.to_string(),
            (1, l) if l < depth => AffExpr::iter(l).add(&AffExpr::constant(bounds[l].0)).map_or_else(String::new, |e| e.display(&p.iterators, &scop.param_names()).to_string()),
            (1, l) if l < p.iterators.len() => p.iterators[l].clone(),
            _ => c.unwrap_or(0).to_string(),
        })
        .collect();
    format!("{}{{ {}[{}] -> [{}] }}", scop.param_prefix(), p.name, p.iterators.join(", "), dims.join(", "))
}

/// How one array dimension is contracted: `rows` values of a fused loop's iterator, each
/// `row` elements wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rows {
    row: i64,
    rows: i64,
}

/// Per array dimension where the producer writes `a * i_l + r` for one fused loop `l` (`a > 0`,
/// `r` free of the fused loops' iterators): `hi_l - lo_l + 1` of loop `l`'s values (one along a
/// loop of constant distance), `a` elements each (rows of 16 bins flattened into one
/// dimension, `16 * y + z`); else the whole dimension (`None`).
fn contracted_rows(p: &Statement, dims: usize, bounds: &[(i64, i64)]) -> Vec<Option<Rows>> {
    (0..dims)
        .map(|d| {
            let (fused, _) = split_fused(p.write.subscripts.get(d)?, bounds.len());
            match fused.terms[..] {
                [(AffVar::Iter(l), a)] if a > 0 && fused.constant == 0 => {
                    let rows = bounds[l].1 - bounds[l].0 + 1;
                    a.checked_mul(rows).map(|_| Rows { row: a, rows })
                }
                _ => None,
            }
        })
        .collect()
}

/// `e` as `F + R`: `F` the terms that use the first `depth` iterators (the fused loops), `R`
/// the constant and the other terms.
fn split_fused(e: &AffExpr, depth: usize) -> (AffExpr, AffExpr) {
    let uses_fused = |v: &AffVar| (0..depth).any(|l| AffExpr::var(v.clone()).uses_iterator(l));
    let (fused, rest): (Vec<_>, Vec<_>) = e.terms.iter().cloned().partition(|(v, _)| uses_fused(v));
    (AffExpr { constant: 0, terms: fused }, AffExpr { constant: e.constant, terms: rest })
}

/// `scop` with every access of `array` contracted to `rows` and the array's sizes theirs: a
/// subscript `a * G + R` (`G` of the fused loops' iterators, `R`'s constant below `a`) becomes
/// `a * (G mod rows) + R`,
/// which keeps the address affine in the inner loops (a modulo of the whole subscript would
/// put a division in the innermost loop and stop its vectorization); one that is not such a
/// multiple is taken modulo `a * rows` whole. The caller checks that either way an element's
/// slot depends on the element only (`one_slot_per_element`).
fn contract(scop: &Scop, array: ArrayId, rows: &[Option<Rows>], depth: usize) -> Scop {
    let mut out = scop.clone();
    let reduce = |subscripts: &mut Vec<AffExpr>| {
        for (s, r) in subscripts.iter_mut().zip(rows) {
            if let Some(r) = *r {
                *s = contracted_subscript(s, r, depth);
            }
        }
    };
    for s in &mut out.statements {
        if s.write.array == array {
            reduce(&mut s.write.subscripts);
        }
        for e in s.expressions_mut() {
            e.visit_mut(&mut |x| {
                if let crate::model::Expr::Read(a) = x {
                    if a.array == array {
                        reduce(&mut a.subscripts);
                    }
                }
            });
        }
    }
    let t = &mut out.arrays[array];
    for (size, r) in t.sizes.iter_mut().zip(rows) {
        if let Some(r) = *r {
            *size = Some(AffExpr::constant(r.row * r.rows));
        }
    }
    t.line_buffer = true;
    out
}

fn contracted_subscript(s: &AffExpr, r: Rows, depth: usize) -> AffExpr {
    let (fused, rest) = split_fused(s, depth);
    let whole = || modulo(s, r.row * r.rows);
    if fused.terms.iter().any(|(_, c)| c % r.row != 0) {
        return whole();
    }
    // Whole rows of the constant belong to the row: `16 * min(y, n) + z + 18` is row
    // `min(y, n) + 1`, element `z + 2`.
    let rows_in_constant = rest.constant.div_euclid(r.row);
    let g = AffExpr { constant: rows_in_constant, terms: fused.terms.iter().map(|(v, c)| (v.clone(), c / r.row)).collect() };
    let rest = AffExpr { constant: rest.constant.rem_euclid(r.row), ..rest };
    modulo(&g, r.rows).scale(r.row).and_then(|f| f.add(&rest)).unwrap_or_else(whole)
}

/// `e mod m` as `e - m * floor(e / m)` (0 for `m = 1`).
fn modulo(e: &AffExpr, m: i64) -> AffExpr {
    if m == 1 {
        return AffExpr::constant(0);
    }
    let quotient = e.floor_div(m).and_then(|q| q.scale(m));
    quotient.and_then(|q| e.sub(&q)).unwrap_or_else(|| e.clone())
}

/// Whether every access of `array` puts each element at one slot of the contracted array:
/// `{ T[e] -> T[slot] }` over all accesses (original element, contracted one) is a function.
fn one_slot_per_element<'c>(ctx: &'c IslContext, original: &Scop, contracted: &Scop, array: ArrayId, assumed: &ParamSet<'c>) -> IslResult<bool> {
    let mut slots = ctx.empty_union_map()?;
    for (s, c) in original.statements.iter().zip(&contracted.statements) {
        let accesses = s.reads().into_iter().chain([&s.write]).zip(c.reads().into_iter().chain([&c.write]));
        for (before, after) in accesses.filter(|(a, _)| a.array == array) {
            let element_to_slot = accessed(ctx, original, s, before, assumed)?.reverse()?.apply_range(accessed(ctx, contracted, c, after, assumed)?)?;
            slots = slots.union(element_to_slot)?;
        }
    }
    // One disjunct per access, most of them pieces of one function: coalesced first, the
    // test compares fewer pairs (the bilateral grid's compile time 7% less).
    slots.coalesce()?.is_single_valued()
}

/// Whether some write of the contracted array lands on the element of a flow pair `w -> r`
/// strictly between `w` and `r` in the fused schedule: `flow ∩ ((same ∩ after) ∘ before_read)`
/// with `same = { P[i] -> P[i'] : i' ≠ i, same element }`, `after = { P[i] -> P[i'] : θ(i) ≺ θ(i') }`
/// and `before_read = { P[i'] -> C[j] : θ(i') ≺ θ(j) }`.
fn overwritten_before_read<'c>(ctx: &'c IslContext, contracted: &Scop, producer: usize, readers: &[usize], flow: UnionMap<'c>, assumed: &ParamSet<'c>) -> IslResult<bool> {
    let p = &contracted.statements[producer];
    let written = accessed(ctx, contracted, p, &p.write, assumed)?;
    let identity = ctx.union_map(&format!("{}{{ {}[{i}] -> {}[{i}] }}", contracted.param_prefix(), p.name, p.name, i = p.iterators.join(", ")))?;
    let same = written.copy()?.apply_range(written.reverse()?)?.subtract(identity)?;
    let producer_time = crate::isl::timed_statements(ctx, [p])?;
    let reader_time = crate::isl::timed_statements(ctx, readers.iter().map(|&r| &contracted.statements[r]))?;
    let after = producer_time.copy()?.lex_lt(producer_time.copy()?)?;
    let before_read = producer_time.lex_lt(reader_time)?;
    let overwritten = same.intersect(after)?.apply_range(before_read)?;
    Ok(!flow.intersect(overwritten)?.is_empty()?)
}
