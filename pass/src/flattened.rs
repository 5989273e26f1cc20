//! Flattened data-dependent subscripts split by the inner size (issue 15, index arrays).
//!
//! Rodinia's srad reads its column-major image at `image[north[i] + rows * j]` and
//! `image[i + rows * west[j]]`. After LICM, the products are computed once per column
//! (`s_0 = rows * j`, `s_2 = west[j] * rows`), so the model first sees one data-dependent
//! subscript over the whole delinearized array (`image[0][? (s_0 + north[i1])]`): every
//! element, and no extent for a run-time check. Here such a subscript is split as the source
//! wrote it: the scalars are replaced by the value their one writer gives them in the same
//! iteration of the loops around it, and `A * size + B` over an array `[*][size]` becomes
//! `[A][B]`. That is exact where `0 <= B < size`: for an affine `B` the delinearization
//! assumptions check it (`ScopBuilder::delinearization_assumptions`), for an element of an
//! index array the assumptions of `scop_builder::index_arrays` do. Anything else stays
//! flattened.

use polyhedral::affine::AffExpr;
use polyhedral::isl::IslContext;
use polyhedral::model::{Access, ArrayId, BinaryOp, CastOp, Expr, Scop};

/// `scop` with its flattened data-dependent subscripts split where they can be (module
/// documentation); `is_index` says which reads could be index arrays' elements, `delinearized`
/// which arrays the delinearization assumptions check (the only ones an affine inner part is
/// split in: elsewhere nothing would check it inside its dimension).
pub fn split(isl: &IslContext, scop: &mut Scop, is_index: &dyn Fn(&Scop, &Expr) -> bool, delinearized: &dyn Fn(ArrayId) -> bool) {
    let written = scop.written_arrays();
    // Splitting changes only the reads of the statement rewritten, never a scalar's writer.
    let source = scop.clone();
    for reader in 0..scop.statements.len() {
        let forward = |e: &Expr| forwarded(isl, &source, reader, &written, e);
        let rewrite = |a: &mut Access| {
            if let Some(split) = split_access(&source, a, &forward, is_index, delinearized) {
                *a = split;
            }
        };
        let statement = &mut scop.statements[reader];
        rewrite(&mut statement.write);
        let mut on_reads = |e: &mut Expr| {
            if let Expr::Read(a) = e {
                rewrite(a)
            }
        };
        statement.value.visit_mut(&mut on_reads);
        if let Some(guard) = &mut statement.guard {
            guard.visit_mut(&mut on_reads);
        }
    }
}

/// The access `a` with its one flattened data-dependent subscript split, if it has one and
/// the split applies.
fn split_access(
    scop: &Scop,
    a: &Access,
    forward: &dyn Fn(&Expr) -> Option<Expr>,
    is_index: &dyn Fn(&Scop, &Expr) -> bool,
    delinearized: &dyn Fn(ArrayId) -> bool,
) -> Option<Access> {
    let sizes = &scop.arrays[a.array].sizes;
    if sizes.len() != 2 || a.subscripts[0].as_constant() != Some(0) || a.data.0.first().is_some_and(Option::is_some) {
        return None;
    }
    let size = sizes[1].as_ref()?;
    let whole = forward(a.data_subscript(1)?)?;
    let Expr::Binary(BinaryOp::Add, x, y, _) = &whole else { return None };
    let (outer, inner) = match (times(x, size), times(y, size)) {
        (Some(outer), _) => (outer, y.as_ref()),
        (_, Some(outer)) => (outer, x.as_ref()),
        _ => return None,
    };
    let subscript = |e: &Expr| affine(e).map(Ok).unwrap_or_else(|| Err(e.clone()));
    let inner = match affine(inner) {
        Some(aff) if delinearized(a.array) => Ok(aff),
        Some(_) => return None,
        None if is_index(scop, inner) => Err(inner.clone()),
        None => return None,
    };
    Some(Access::with_data(a.array, vec![subscript(outer), inner]))
}

/// `m` where `e` is `m * size` or `size * m` for the parameter `size`.
fn times<'e>(e: &'e Expr, size: &AffExpr) -> Option<&'e Expr> {
    let Expr::Binary(BinaryOp::Mul, x, y, _) = e else { return None };
    let is_size = |e: &Expr| matches!(e, Expr::Parameter(k) if AffExpr::param(*k) == *size);
    match (is_size(x), is_size(y)) {
        (_, true) => Some(x),
        (true, _) => Some(y),
        _ => None,
    }
}

/// `e` as an affine expression of iterators, parameters and constants (sums, differences,
/// products by a constant, sign extensions), if it is one.
fn affine(e: &Expr) -> Option<AffExpr> {
    match e {
        Expr::Iterator(k) => Some(AffExpr::iter(*k)),
        Expr::Parameter(k) => Some(AffExpr::param(*k)),
        Expr::Constant(polyhedral::model::Constant::Int(c, _)) => Some(AffExpr::constant(*c)),
        Expr::Cast(CastOp::SExt, _, x) => affine(x),
        Expr::Binary(BinaryOp::Add, x, y, _) => affine(x)?.add(&affine(y)?),
        Expr::Binary(BinaryOp::Sub, x, y, _) => affine(x)?.sub(&affine(y)?),
        Expr::Binary(BinaryOp::Mul, x, y, _) => match (affine(x)?, affine(y)?) {
            (a, b) if a.as_constant().is_some() => b.scale(a.as_constant()?),
            (a, b) => a.scale(b.as_constant()?),
        },
        _ => None,
    }
}

/// `e` with every scalar it reads replaced by the value the scalar's one writer gives it in
/// the reader's iteration (`forwardable`); `None` where some scalar cannot be.
fn forwarded(isl: &IslContext, scop: &Scop, reader: usize, written: &[ArrayId], e: &Expr) -> Option<Expr> {
    let mut out = e.clone();
    let mut ok = true;
    out.visit_mut(&mut |node| {
        if let Expr::Read(a) = node {
            if scop.arrays[a.array].is_scalar() {
                match forwardable(isl, scop, reader, written, a.array) {
                    Some(value) => *node = value,
                    None => ok = false,
                }
            }
        }
    });
    ok.then_some(out)
}

/// The value of scalar `scalar` at each instance of statement `reader`: where one statement
/// writes it, unguarded, in loops around the reader (its schedule a prefix of the reader's,
/// running before the reader's loop at each iteration of them, and its domain covering the
/// reader's there), from iterators, parameters and elements of arrays no statement writes.
fn forwardable(isl: &IslContext, scop: &Scop, reader: usize, written: &[ArrayId], scalar: ArrayId) -> Option<Expr> {
    let mut writers = scop.statements.iter().filter(|s| s.write.array == scalar);
    let w = writers.next()?;
    if writers.next().is_some() || w.guard.is_some() {
        return None;
    }
    let r = &scop.statements[reader];
    let depth = w.iterators.len();
    if depth >= r.iterators.len() {
        return None;
    }
    let (tw, tr) = (times_of(&w.schedule)?, times_of(&r.schedule)?);
    // Same loops (constants and iterators) up to the writer's depth, the writer first (the
    // times of a shallower statement are padded with zeros after its own).
    if tw.len() <= 2 * depth || tr.len() <= 2 * depth || tw[..2 * depth] != tr[..2 * depth] {
        return None;
    }
    let (pw, pr) = (tw[2 * depth].parse::<i64>().ok()?, tr[2 * depth].parse::<i64>().ok()?);
    if pw >= pr {
        return None;
    }
    let mut pure = true;
    w.value.visit(&mut |node| match node {
        Expr::Read(a) => pure &= !scop.arrays[a.array].is_scalar() && !a.is_may() && !written.contains(&a.array),
        Expr::External(_) | Expr::Call(..) => pure = false,
        _ => {}
    });
    (pure && covers(isl, &w.domain, &r.domain, depth)).then(|| w.value.clone())
}

/// The time expressions of a schedule `[params] -> { S[i] -> [t0, ..., tn] }`, as written.
fn times_of(schedule: &str) -> Option<Vec<String>> {
    let range = schedule.rsplit_once("-> [")?.1;
    let range = range.split_once(']')?.0;
    Some(range.split(',').map(|t| t.trim().to_string()).collect())
}

/// Whether the domain `writer` (of `depth` iterators) holds every instance of `reader`
/// projected on its first `depth` iterators.
fn covers(isl: &IslContext, writer: &str, reader: &str, depth: usize) -> bool {
    let check = || -> polyhedral::isl::IslResult<bool> {
        let r = isl.set(reader)?;
        let dims = isl.check(r.dim(isl_rs::DimType::Set))? as u32;
        let projected = isl.check(isl.check(r.project_out(isl_rs::DimType::Set, depth as u32, dims - depth as u32))?.reset_tuple_id())?;
        let w = isl.check(isl.set(writer)?.reset_tuple_id())?;
        isl.check(projected.is_subset(&w))
    };
    check().unwrap_or(false)
}
