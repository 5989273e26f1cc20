//! Loops whose statements run on every s-th iteration, re-indexed to count those
//! iterations (ours: the style PolyMage generates, issue 14).
//!
//! PolyMage writes an up-sampling stage over the *output* index, one statement per parity:
//!
//! ```text
//! for (x = 0; x < 2 * W; x++) {
//!   if (x % 2 == 0) out[x] = (in[x/2 - 1] + 6 * in[x/2] + in[x/2 + 1]) / 8;
//!   if (x % 2 == 1) out[x] = (in[x/2] + in[(x + 1)/2]) / 2;
//! }
//! ```
//!
//! where a C programmer writes the loop over the input index, with both statements in its
//! body (`out[2x] = ...; out[2x + 1] = ...;`). The model of the first has two statements whose
//! domains each take every other `x`: the loop that runs them branches on the parity at every
//! iteration, each statement's instances are two elements apart (no vector loads or stores),
//! its reads `in[x/2 - 1]`, `in[x/2]` are no shifts of one another along `x`, so no recurrence
//! carries them, and a statement of stride 2 gets no interior (`interiors`).
//!
//! Here such a loop counts its statements' iterations instead. Where every statement inside
//! loop `k` of a `2d + 1` schedule has iterator `k` on a lattice `x = s * x' + r` (one stride
//! `s` for all, a constant residue `r` per statement), each statement is re-indexed by `x'`:
//! its domain, schedule and subscripts take `s * x' + r` for `x`, and its position in the
//! loop body (the schedule's constant after the loop) becomes `r * P + p`, where `p` was its
//! position and `P` exceeds every position of the body. The time `(x, p)` of an instance
//! becomes `(floor(x / s), (x mod s) * P + p)`, which orders every two instances as before:
//! no instance moves relative to another, so no dependence needs checking, and the model
//! computes what it computed. Its divisions fold (`floor((2x' + 1) / 2) = x'`), and the first
//! loop becomes the second: PolyMage's pyramid blending ran its collapse stages 1.8x slower
//! than the C version before (105 against 58 ms at full size).
//!
//! A statement that uses the iterator as a value (not in a subscript or its domain), or a
//! residue that depends on other iterators or on parameters, leaves its loop as it is.
//!
//! The driver runs it on the model and again after propagation, whose splits along the
//! parities a statement reads (camera pipe's Bayer planes, the sides of a parity written as
//! `c ? a : b`) leave loops with statements on one lattice only: camera pipe 17-23 -> 13-15 ms.

use crate::affine::{AffExpr, AffVar};
use crate::isl::{IslContext, IslResult};
use crate::model::{Access, Expr, Scop, Statement};
use isl_rs::DimType;

/// The largest stride re-indexed (the residue is found by trying each one).
const MAX_STRIDE: i64 = 16;

/// `scop` with each loop whose statements all run on one lattice of its iterator re-indexed
/// along it (module documentation), and how many loops were; `None` where none was, where
/// the schedules are not `2d + 1` ones, or where isl fails.
pub fn reindex_strided_loops(ctx: &IslContext, scop: &Scop) -> Option<(Scop, usize)> {
    let mut times: Vec<Vec<i64>> = Vec::with_capacity(scop.statements.len());
    for statement in &scop.statements {
        times.push(positions(ctx, scop, statement).ok()??);
    }
    let mut out = scop.clone();
    let mut reindexed = 0;
    // The statements whose schedules are written again at the end: those re-indexed.
    let mut moved = vec![false; scop.statements.len()];
    let depth = scop.statements.iter().map(|s| s.iterators.len()).max().unwrap_or(0);
    for k in 0..depth {
        for group in loops_at(&out, &times, k) {
            if let Ok(Some(lattices)) = common_lattice(ctx, &out, &group, k) {
                let next = group.iter().map(|&s| times[s][k + 1]).max().unwrap_or(0) + 1;
                for (&s, (stride, residue)) in group.iter().zip(lattices) {
                    out.statements[s] = reindex(ctx, &out, &out.statements[s], k, stride, residue).ok()?;
                    times[s][k + 1] += residue * next;
                    moved[s] = true;
                }
                reindexed += 1;
            }
        }
    }
    if reindexed == 0 {
        return None;
    }
    for (s, statement) in out.statements.iter_mut().enumerate().filter(|(s, _)| moved[*s]) {
        statement.schedule = schedule_text(scop, statement, &times[s]);
    }
    Some((out, reindexed))
}

/// The constants of a statement's `2d + 1` schedule `[p0, i0, p1, ..., i(d-1), pd]`, its
/// positions, outermost first, then those of the constant dimensions that pad it to the
/// model's width; `None` for another schedule.
fn positions(ctx: &IslContext, scop: &Scop, statement: &Statement) -> IslResult<Option<Vec<i64>>> {
    let map = ctx.map(&statement.schedule)?;
    let depth = statement.iterators.len();
    let width = ctx.check(map.dim(DimType::Out))?.max(0) as usize;
    if width < 2 * depth + 1 {
        return Ok(None);
    }
    let mut constants = Vec::with_capacity(width - depth);
    for d in (0..width).filter(|&d| d % 2 == 0 || d > 2 * depth) {
        let Some(constant) = crate::isl::fixed_output(ctx, &map, d)? else { return Ok(None) };
        constants.push(constant);
    }
    // Compared on the domain: a split statement's schedule may carry its part's constraints.
    let domain = ctx.union_set(&statement.domain)?;
    let expected = ctx.union_map(&schedule_text(scop, statement, &constants))?.intersect_domain(domain.copy()?)?;
    let schedule = ctx.union_map(&statement.schedule)?.intersect_domain(domain)?;
    Ok(expected.is_equal(&schedule)?.then_some(constants))
}

/// `[params] -> { S[i0, ...] -> [p0, i0, p1, ..., pd, padding...] }`.
fn schedule_text(scop: &Scop, statement: &Statement, positions: &[i64]) -> String {
    let mut dims = Vec::with_capacity(positions.len() + statement.iterators.len());
    for (k, p) in positions.iter().enumerate() {
        dims.push(p.to_string());
        if let Some(iterator) = statement.iterators.get(k) {
            dims.push(iterator.clone());
        }
    }
    format!("{}{{ {}[{}] -> [{}] }}", scop.param_prefix(), statement.name, statement.iterators.join(", "), dims.join(", "))
}

/// The statements of each loop at depth `k`: those with a `k`-th iterator whose positions
/// agree up to `k` (in `2d + 1` schedules they share loops `0..=k`).
fn loops_at(scop: &Scop, times: &[Vec<i64>], k: usize) -> Vec<Vec<usize>> {
    let mut groups: Vec<(Vec<i64>, Vec<usize>)> = Vec::new();
    for s in (0..scop.statements.len()).filter(|&s| scop.statements[s].iterators.len() > k) {
        let prefix = times[s][..=k].to_vec();
        match groups.iter_mut().find(|(p, _)| *p == prefix) {
            Some((_, members)) => members.push(s),
            None => groups.push((prefix, vec![s])),
        }
    }
    groups.into_iter().map(|(_, members)| members).collect()
}

/// Per statement of `group`, the lattice `(s, r)` of its iterator `k` (`x = s * x' + r`), one
/// stride `s > 1` for all; `None` where they have none, or where a statement uses the
/// iterator as a value.
fn common_lattice(ctx: &IslContext, scop: &Scop, group: &[usize], k: usize) -> IslResult<Option<Vec<(i64, i64)>>> {
    let mut lattices = Vec::with_capacity(group.len());
    for &s in group {
        let statement = &scop.statements[s];
        if uses_iterator_value(statement, k) {
            return Ok(None);
        }
        let stride = ctx.stride(&statement.domain, k)?;
        if stride < 2 || stride > MAX_STRIDE || lattices.first().is_some_and(|&(first, _)| first != stride) {
            return Ok(None);
        }
        let Some(residue) = residue(ctx, scop, statement, k, stride)? else { return Ok(None) };
        lattices.push((stride, residue));
    }
    Ok(Some(lattices))
}

/// The constant `r` with `x mod stride = r` on the whole domain, if there is one.
fn residue(ctx: &IslContext, scop: &Scop, statement: &Statement, k: usize, stride: i64) -> IslResult<Option<i64>> {
    let domain = ctx.union_set(&statement.domain)?;
    for r in 0..stride {
        let lattice = format!("{}{{ {}[{}] : ({} - {r}) mod {stride} = 0 }}", scop.param_prefix(), statement.name, statement.iterators.join(", "), statement.iterators[k]);
        if domain.is_subset(&ctx.union_set(&lattice)?)? {
            return Ok(Some(r));
        }
    }
    Ok(None)
}

/// Whether the statement reads its iterator `k` as a value (`Expr::Iterator`).
fn uses_iterator_value(statement: &Statement, k: usize) -> bool {
    let mut uses = false;
    for e in statement.expressions() {
        e.visit(&mut |e| uses |= matches!(e, Expr::Iterator(j) if *j == k));
    }
    uses
}

/// `statement` with iterator `k` counting the points `s * x' + r` of its lattice: domain and
/// subscripts in `x'` (its schedule is written from the positions at the end).
fn reindex(ctx: &IslContext, scop: &Scop, statement: &Statement, k: usize, stride: i64, residue: i64) -> IslResult<Statement> {
    let mut out = statement.clone();
    let old: Vec<String> = (0..statement.iterators.len()).map(|j| format!("polyprop_x{j}")).collect();
    // { S[x] -> S[x'] : x = s * x' + r }
    let equal: Vec<String> = (0..old.len())
        .map(|j| match j == k {
            true => format!("{} = {stride}{} + {residue}", old[j], statement.iterators[j]),
            false => format!("{} = {}", old[j], statement.iterators[j]),
        })
        .collect();
    let lattice = format!(
        "{}{{ {name}[{}] -> {name}[{}] : {} }}",
        scop.param_prefix(),
        old.join(", "),
        statement.iterators.join(", "),
        equal.join(" and "),
        name = statement.name,
    );
    let domain = ctx.check(ctx.set(&statement.domain)?.apply(ctx.map(&lattice)?))?;
    out.domain = ctx.set_text(&domain)?;
    let point = AffExpr::iter(k).scale(stride).and_then(|x| x.add(&AffExpr::constant(residue)));
    let point = point.ok_or_else(|| crate::isl::IslError::Isl { message: "lattice point overflows".into() })?;
    let substituted = |e: &AffExpr| e.substitute(&|v| Some(if *v == AffVar::Iter(k) { point.clone() } else { AffExpr::var(v.clone()) }));
    let mut failed = false;
    let mut access = |a: &mut Access| {
        for subscript in &mut a.subscripts {
            match substituted(subscript) {
                Some(e) => *subscript = e,
                None => failed = true,
            }
        }
    };
    access(&mut out.write);
    for e in out.expressions_mut() {
        e.visit_mut(&mut |e| {
            if let Expr::Read(a) = e {
                access(a);
            }
        });
    }
    if failed {
        return Err(crate::isl::IslError::Isl { message: "lattice point overflows".into() });
    }
    Ok(out)
}
