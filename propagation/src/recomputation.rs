//! The recomputation heuristic (not in paper 003; section 6.1 names a cost model the open
//! problem, and this is its first term): how often propagation would evaluate the writer's
//! value per element of a temporary, and how many operations each extra evaluation costs.
//!
//! Full propagation evaluates a producer once for every read of it. Along the innermost loop
//! the rotation of code generation (section 5.4, `polyhedral::recurrences`) removes that
//! recomputation; across outer loops it stays. Camera pipe shows the cost: its denoised
//! raw image, propagated into the four colour planes that deinterleave it, reached every
//! demosaic stage through them, and each raw pixel's clamp of 66 operations was evaluated
//! about 5 times (33.5 ms against 17.4-18.6 ms with the image kept, full size).
//!
//! The estimate is syntactic, from the current model (no isl work):
//! - each read of the location counts `density` evaluations per element: the inverse of its
//!   stride in each dimension (`in[2x]` of a half-resolution stage counts 1/2, an upsampling
//!   `in[x/2]` 2), times [`BROADCAST`] for each loop of the reader that the subscripts do not
//!   use, outside one they use;
//! - reads of one loop body that differ only in the constant offset along its innermost
//!   iterator count once (the rotation carries them), identical reads once (one value);
//! - a reader that only copies the location into another temporary (a cast at most, as a
//!   deinterleave does) will be propagated at no cost, so its reads count as the copy's;
//! - reads that fix a dimension to different constants (the planes `t[0][i]`, `t[1][i]`)
//!   read different elements: the evaluations are the most over such slices.
//!
//! The count is an average over each slice's elements: a read `in[2x]` counts 1/2 whether or
//! not another read takes the odd elements.
//!
//! A temporary is refused when `operations * (evaluations - 1)` exceeds the limit
//! (`Options::recomputation_limit`).

use polyhedral::affine::{AffExpr, AffVar};
use polyhedral::model::{Access, ArrayId, Expr, Liveness, Scop, Statement};
use std::collections::BTreeSet;
use std::fmt;

/// Evaluations per element counted for a loop of the reader that the subscripts do not use
/// outside one they use (the element is read at each of its iterations; its trip count is not
/// known here).
const BROADCAST: f64 = 8.0;

/// Copies followed through at most this many temporaries.
const MAX_COPY_DEPTH: usize = 4;

/// The estimate for one temporary.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recomputation {
    /// Evaluations of the writer's value per element after propagation (1: none repeated).
    pub evaluations: f64,
    /// Operations of the costliest writer's value.
    pub operations: usize,
}

// Evaluations are sums of products of small ratios, never NaN.
impl Eq for Recomputation {}

impl Recomputation {
    /// The operations propagation adds per element, over those of a single evaluation.
    pub fn extra_operations(&self) -> f64 {
        self.operations as f64 * (self.evaluations - 1.0).max(0.0)
    }
}

impl fmt::Display for Recomputation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "evaluated {:.2} times per element, {} operations", self.evaluations, self.operations)
    }
}

/// The recomputation of `array` if it were propagated into every reader in `scop`.
pub(crate) fn recomputation(scop: &Scop, array: ArrayId) -> Recomputation {
    let operations = scop
        .statements
        .iter()
        .filter(|s| s.write.array == array)
        .map(|s| s.value.operations())
        .max()
        .unwrap_or(0);
    Recomputation { evaluations: evaluations(scop, array, 0), operations }
}

/// Evaluations per element of `array` (see the module documentation): the most over its
/// slices, since reads that fix a dimension the writer iterates over to different constants
/// (`t[0][i]` and `t[1][i]`) read different elements.
fn evaluations(scop: &Scop, array: ArrayId, depth: usize) -> f64 {
    let Some(write) = scop.statements.iter().find(|s| s.write.array == array).map(|s| &s.write) else { return 1.0 };
    let mut groups = BTreeSet::new();
    let mut reads: Vec<(Slice, f64)> = Vec::new();
    for (index, statement) in scop.statements.iter().enumerate() {
        let innermost = statement.iterators.len().checked_sub(1);
        let body = loop_body(statement).ok_or(index);
        for read in statement.reads().into_iter().filter(|a| a.array == array) {
            if !groups.insert((body.clone(), group_key(read, innermost))) {
                continue;
            }
            let mut density = density(read, statement.iterators.len());
            let copied = copied_into(scop, statement.write.array, &statement.value, array);
            if let Some(copy) = copied.filter(|_| depth < MAX_COPY_DEPTH) {
                density *= evaluations(scop, copy, depth + 1);
            }
            reads.push((slice(write, read), density));
        }
    }
    let in_slice = |slice: &Slice| -> f64 {
        reads.iter().filter(|(other, _)| overlap(slice, other)).map(|(_, density)| density).sum()
    };
    reads.iter().map(|(slice, _)| in_slice(slice)).fold(0.0, f64::max)
}

/// Per dimension, the constant a read fixes where the write follows an iterator.
type Slice = Vec<Option<i64>>;

fn slice(write: &Access, read: &Access) -> Slice {
    write
        .subscripts
        .iter()
        .zip(&read.subscripts)
        .map(|(w, r)| if w.uses_iterators() { r.as_constant() } else { None })
        .collect()
}

fn overlap(a: &Slice, b: &Slice) -> bool {
    a.iter().zip(b).all(|(x, y)| x.is_none() || y.is_none() || x == y)
}

/// The loop body a statement runs in, from its `2d + 1` schedule `{ S[i, j] -> [3, i, 0, j, 1] }`:
/// the time constants but the last, where each varying dimension is the next iterator. Reads
/// of statements of one body at the same subscripts in its iterators are one value at each
/// iteration (LLVM's value numbering merges them). `None` for any other schedule.
fn loop_body(statement: &Statement) -> Option<Vec<Option<i64>>> {
    let text = &statement.schedule;
    let start = text.find(&format!("{}[", statement.name))? + statement.name.len() + 1;
    let names: Vec<&str> = text[start..start + text[start..].find(']')?].split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
    let range = start + text[start..].find("-> [")? + 4;
    let items = text[range..range + text[range..].find(']')?].split(',').map(str::trim);
    let mut iterators = names.iter();
    let mut times = Vec::new();
    for item in items {
        match item.parse::<i64>() {
            Ok(constant) => times.push(Some(constant)),
            Err(_) if Some(&item) == iterators.next() => times.push(None),
            Err(_) => return None,
        }
    }
    if iterators.next().is_some() {
        return None;
    }
    times.pop();
    Some(times)
}

/// Reads that differ only by whole iterations of the innermost iterator share a key: `in[x + 1]`
/// and `in[x - 1]`, `in[2x + 2]` and `in[2x]`, not `in[2x + 1]` and `in[2x]`.
fn group_key(read: &Access, innermost: Option<usize>) -> Vec<AffExpr> {
    read.subscripts
        .iter()
        .map(|s| match innermost {
            Some(k) if s.uses_iterator(k) => {
                let step = match s.terms.as_slice() {
                    [(AffVar::Iter(i), coefficient)] if *i == k => coefficient.abs(),
                    _ => 0,
                };
                let constant = if step > 0 { s.constant.rem_euclid(step) } else { 0 };
                AffExpr { constant, terms: s.terms.clone() }
            }
            _ => s.clone(),
        })
        .collect()
}

/// Evaluations per element that one read causes, over a reader that covers the array: an
/// element of `in[2x]` is read at one iteration, every second element is read; one of
/// `in[x / 2]` at two.
fn density(read: &Access, reader_loops: usize) -> f64 {
    let mut density = 1.0;
    for scale in read.subscripts.iter().filter_map(iterator_scale) {
        density /= scale;
    }
    // A loop inside the innermost one the subscripts use leaves the value invariant, and LLVM
    // hoists it; a loop outside re-evaluates it at each of its iterations.
    let used = |k: usize| read.subscripts.iter().any(|s| s.uses_iterator(k));
    let innermost_used = (0..reader_loops).rev().find(|&k| used(k));
    let outer_unused = (0..reader_loops).filter(|&k| innermost_used.is_some_and(|i| k < i) && !used(k)).count();
    density * BROADCAST.powi(outer_unused as i32)
}

/// The scale at which a subscript follows its iterator: `2x + 1` gives 2, `floor(x / 2)` 1/2,
/// a clamp `max(min(x, n), 0)` follows `x`. `None` for constants and for subscripts of
/// several iterators.
fn iterator_scale(e: &AffExpr) -> Option<f64> {
    let mut found = None;
    for (var, coefficient) in &e.terms {
        let scale = match var {
            AffVar::Iter(_) => Some(1.0),
            AffVar::Param(_) => None,
            AffVar::FloorDiv(inner, d) => iterator_scale(inner).map(|s| s / *d as f64),
            AffVar::Min(a, b) | AffVar::Max(a, b) => iterator_scale(a).or_else(|| iterator_scale(b)),
        };
        if let Some(s) = scale {
            if found.is_some() {
                return None;
            }
            found = Some(s * coefficient.unsigned_abs() as f64);
        }
    }
    found
}

/// The temporary `written` when `value` only copies `array` into it (a read under casts).
fn copied_into(scop: &Scop, written: ArrayId, value: &Expr, array: ArrayId) -> Option<ArrayId> {
    let mut e = value;
    while let Expr::Cast(_, _, inner) = e {
        e = inner;
    }
    let copies = matches!(e, Expr::Read(a) if a.array == array && a.data.0.is_empty());
    (copies && written != array && scop.arrays[written].liveness == Liveness::Temporary).then_some(written)
}
