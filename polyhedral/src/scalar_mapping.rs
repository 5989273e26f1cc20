//! Scalars mapped back to the array element they stand for (Polly's DeLICM), before
//! scheduling.
//!
//! LLVM's LICM, which the canonicalization runs so that SCEV sees every loop, turns a
//! reduction into an array element `C[i][j] += A[i][k] * B[k][j]` into a scalar: loaded from
//! `C[i][j]` before the `k` loop, updated in it, stored after it. A scalar is one location for
//! every `(i, j)`, so each instance of the reduction conflicts with every other one and the
//! scheduler can neither interchange nor tile the nest (paper 003, section 6.2: scalars cause
//! false dependences that constrain scheduling). Where the element's own value is not needed
//! while the scalar lives, the scalar's accesses can use the element instead, at no cost in
//! memory, which gives the reduction its array dependences back; the load and the store become
//! copies of an element onto itself and disappear.
//!
//! A candidate comes from the code LICM leaves: a statement that loads the scalar from an
//! element (`s = C[i][j]`) or stores it to one (`C[i][j] = s`) names the element, as a function
//! of that statement's iterators; every access of the scalar is rewritten to it (the other
//! statements run inside the same loops, or the check below fails). Correctness does not rest
//! on that guess: the rewritten model is kept only if it computes the same values, checked on
//! the model: every read instance gets its value from the same write instance as before (the
//! value-based RAW relations are equal, and a rewritten read always has a writer in the SCoP),
//! and every element of a live-out array has the same last writer. Then every value the
//! program computes, and every value it leaves in memory, is the original one. Scalars with a
//! may-write, and elements of arrays with may-accesses, are not mapped (their dataflow is an
//! over-approximation, whose equality proves nothing).

use crate::dependences::{self, Dependence};
use crate::isl::{analysis_context, IslContext, IslError, IslResult, UnionMap};
use crate::model::{Access, ArrayId, Expr, Liveness, Scop};

/// What [`map_scalars`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Mapped {
    pub scop: Scop,
    /// `s_1 -> MemRef0[i0, i1]`, one per mapped scalar.
    pub mapped: Vec<String>,
    /// Copies of an element onto itself left by the mapping, removed.
    pub copies_removed: usize,
}

/// Most candidates tried per model: each costs two dataflow analyses.
const MAX_CANDIDATES: usize = 16;

/// `scop` with every temporary scalar that can be mapped to an array element mapped
/// (module documentation), and the copies of an element onto itself removed.
pub fn map_scalars(ctx: &IslContext, scop: &Scop) -> IslResult<Mapped> {
    let mut current = scop.clone();
    let mut mapped = Vec::new();
    let mut tried = 0;
    // Rounds until nothing more maps: mapping one scalar can give another its candidate (a
    // running sum copied to a scalar that is stored: the store names the element only once
    // the copy's target is mapped).
    let mut unmapped: Vec<ArrayId> = (0..scop.arrays.len()).filter(|&a| is_mappable_scalar(scop, a)).collect();
    loop {
        let mut progress = false;
        for scalar in unmapped.clone() {
            if let Some((rewritten, element)) = first_mapping(ctx, &current, scalar, &mut tried)? {
                mapped.push(format!("{} -> {}", scop.arrays[scalar].name, describe(&current, &element)));
                current = rewritten;
                unmapped.retain(|&s| s != scalar);
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    let before = current.statements.len();
    current.statements.retain(|s| !is_self_copy(s));
    let copies_removed = before - current.statements.len();
    Ok(Mapped { scop: current, mapped, copies_removed })
}

/// `scop` with `scalar` mapped to its first candidate element that computes the same values,
/// and that element; `None` if none does among the candidates `tried` leaves to try.
fn first_mapping(ctx: &IslContext, scop: &Scop, scalar: ArrayId, tried: &mut usize) -> IslResult<Option<(Scop, Access)>> {
    for element in candidates(scop, scalar) {
        if *tried == MAX_CANDIDATES {
            break;
        }
        *tried += 1;
        let Some(rewritten) = rewrite(scop, scalar, &element) else { continue };
        ctx.reset_quota();
        match same_values(ctx, scop, &rewritten, &|a| a == scalar || a == element.array) {
            Ok(true) => return Ok(Some((rewritten, element))),
            Ok(false) | Err(IslError::Complexity) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// A temporary scalar whose every write is a must-write.
fn is_mappable_scalar(scop: &Scop, array: ArrayId) -> bool {
    let a = &scop.arrays[array];
    a.is_scalar()
        && a.liveness == Liveness::Temporary
        && scop.statements.iter().all(|s| s.write.array != array || !s.may_write())
}

/// The elements `scalar` is loaded from or stored to, in statement order, then the elements
/// written by statements that read it (a running sum whose last update is stored, `C[i][j] =
/// s + a * b`): affine accesses of arrays of the scalar's type without may-accesses.
fn candidates(scop: &Scop, scalar: ArrayId) -> Vec<Access> {
    let mut out: Vec<Access> = Vec::new();
    let copies = scop.statements.iter().filter_map(|statement| {
        let Expr::Read(read) = &statement.value else { return None };
        match (statement.write.array == scalar, read.array == scalar) {
            (true, false) => Some(read),
            (false, true) if !statement.may_write() => Some(&statement.write),
            _ => None,
        }
    });
    let readers = scop
        .statements
        .iter()
        .filter(|s| s.write.array != scalar && !s.may_write() && s.reads().iter().any(|r| r.array == scalar))
        .map(|s| &s.write);
    for element in copies.chain(readers) {
        let array = &scop.arrays[element.array];
        let fits = !array.is_scalar() && array.element == scop.arrays[scalar].element;
        if fits && !element.is_may() && !has_may_access(scop, element.array) && !out.contains(element) {
            out.push(element.clone());
        }
    }
    out
}

fn has_may_access(scop: &Scop, array: ArrayId) -> bool {
    scop.statements.iter().any(|s| {
        (s.write.array == array && s.may_write()) || s.reads().iter().any(|r| r.array == array && r.is_may())
    })
}

/// `scop` with every access of `scalar` replaced by `element`; `None` when a statement that
/// accesses the scalar has fewer iterators than the element's subscripts use, or reads
/// another element of the element's array: the scalar would then live in memory that the
/// statement's own reads may alias, where LLVM cannot keep it in a register (trisolv's
/// `x[i] -= L[i][j] * x[j]` ran 1.45x slower rescheduled than as a scalar sum).
fn rewrite(scop: &Scop, scalar: ArrayId, element: &Access) -> Option<Scop> {
    let depth = iterators_used(element);
    let mut result = scop.clone();
    for statement in &mut result.statements {
        let uses = statement.write.array == scalar || statement.reads().iter().any(|r| r.array == scalar);
        if !uses {
            continue;
        }
        if statement.iterators.len() < depth || statement.reads().iter().any(|r| r.array == element.array && *r != element) {
            return None;
        }
        if statement.write.array == scalar {
            statement.write = element.clone();
        }
        let mut replace = |e: &mut Expr| {
            if matches!(e, Expr::Read(a) if a.array == scalar) {
                *e = Expr::Read(element.clone());
            }
        };
        statement.value.visit_mut(&mut replace);
        if let Some(guard) = &mut statement.guard {
            guard.visit_mut(&mut replace);
        }
        for subscript in statement.write.data.0.iter_mut().flatten() {
            subscript.visit_mut(&mut replace);
        }
    }
    Some(result)
}

/// Whether `rewritten` (same statements, accesses of the arrays `changed` names changed to
/// others it names) computes every value `original` computes and leaves the same values in
/// live-out memory (module documentation). Reads of other arrays keep their writers: they
/// are not compared.
fn same_values(ctx: &IslContext, original: &Scop, rewritten: &Scop, changed: &dyn Fn(ArrayId) -> bool) -> IslResult<bool> {
    let before = dependences::compute_flow_dependences(ctx, original, changed)?;
    let after = dependences::compute_flow_dependences(ctx, rewritten, changed)?;
    if !same_flow(ctx, &before, &after)? {
        return Ok(false);
    }
    let assumed = analysis_context(ctx, rewritten)?;
    for (id, (old, new)) in original.statements.iter().zip(&rewritten.statements).enumerate() {
        for (k, (a, b)) in old.reads().iter().zip(new.reads()).enumerate() {
            if *a == b {
                continue;
            }
            // A rewritten read must find its value in the SCoP: the element's value on entry
            // is not the scalar's.
            let mut covered = ctx.empty_union_map()?;
            for d in after.iter().filter(|d| d.target == dependences::AccessRef::read(id, k)) {
                covered = covered.union(ctx.union_map(&d.relation)?)?;
            }
            let domain = ctx.union_set(&new.domain)?.intersect_params(&assumed)?;
            if !domain.is_subset(&covered.range()?)? {
                return Ok(false);
            }
        }
    }
    for array in (0..rewritten.arrays.len()).filter(|&a| changed(a) && rewritten.arrays[a].liveness == Liveness::LiveOut) {
        if !last_writers(ctx, original, array)?.is_equal(&last_writers(ctx, rewritten, array)?)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether two sorted lists of RAW dependences relate the same accesses by equal relations.
fn same_flow(ctx: &IslContext, before: &[Dependence], after: &[Dependence]) -> IslResult<bool> {
    if before.len() != after.len() {
        return Ok(false);
    }
    for (a, b) in before.iter().zip(after) {
        if a.source != b.source || a.target != b.target || !ctx.union_map(&a.relation)?.is_equal(&ctx.union_map(&b.relation)?)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `{ S[i] -> A[e] }`: the instances that write an element of `array` last.
fn last_writers<'c>(ctx: &'c IslContext, scop: &Scop, array: ArrayId) -> IslResult<UnionMap<'c>> {
    let assumed = analysis_context(ctx, scop)?;
    let mut writes = ctx.empty_union_map()?;
    let mut times = ctx.empty_union_map()?;
    for statement in scop.statements.iter().filter(|s| s.write.array == array) {
        let domain = ctx.union_set(&statement.domain)?.intersect_params(&assumed)?;
        let access = ctx.union_map(&scop.access_relation(statement, &statement.write))?;
        writes = writes.union(access.intersect_domain(domain.copy()?)?)?;
        times = times.union(ctx.union_map(&statement.schedule)?.intersect_domain(domain)?)?;
    }
    // { W[i] -> W'[l] : same element, θ(i) <lex θ(l) }: writes overwritten later.
    let overwritten = writes.copy()?.apply_range(writes.copy()?.reverse()?)?.intersect(times.copy()?.lex_lt(times)?)?;
    let last = writes.copy()?.domain()?.subtract(overwritten.domain()?)?;
    writes.intersect_domain(last)
}

/// `A[i] = A[i]`: a copy of an element onto itself, which changes nothing.
fn is_self_copy(statement: &crate::model::Statement) -> bool {
    matches!(&statement.value, Expr::Read(read) if *read == statement.write && !statement.may_write())
}

/// How many leading iterators `element`'s subscripts may use (highest used plus one).
fn iterators_used(element: &Access) -> usize {
    element.subscripts.iter().map(|s| s.iterator_bound()).max().unwrap_or(0)
}

/// `MemRef0[i0, i1]` in the iterators' default names.
fn describe(scop: &Scop, element: &Access) -> String {
    let depth = iterators_used(element);
    let iterators: Vec<String> = (0..depth).map(|k| format!("i{k}")).collect();
    let params = scop.param_names();
    let subscripts: Vec<String> = element.subscripts.iter().map(|s| s.display(&iterators, &params).to_string()).collect();
    format!("{}[{}]", scop.arrays[element.array].name, subscripts.join(", "))
}
