//! The recomputation estimate (not in paper 003; section 6.1 names a cost model the open
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
//! The estimate reads the current model's subscripts, and asks isl only for each reader's
//! strides and constant trip counts:
//! - each read of the location counts `density` evaluations per element: the inverse of its
//!   stride in each dimension (`in[2x]` of a half-resolution stage counts 1/2, an upsampling
//!   `in[x/2]` 2), times the trip count of each loop of the reader that the subscripts do not
//!   use, outside one they use ([`BROADCAST`] when it depends on the parameters), over the
//!   reader's own stride (a piece of a split that runs at the even rows only counts half);
//! - clamps count as the side that holds inside the loop (`in[max(x - 1, 0)]` as `in[x - 1]`),
//!   where the interiors of code generation (`polyhedral::interiors`) drop them;
//! - reads of one loop body that are one another shifted by consecutive iterations of its
//!   innermost iterator count once (the rotation carries them; `unrotated_evaluations` counts
//!   them apart): `in[x - 1]`, `in[x]` and `in[x + 1]` once, `in[16y + z]` and
//!   `in[16y + z + 16]` (two rows of a flattened dimension, 16 iterations apart) twice;
//!   identical reads of statements that run at the same iterations once (one value);
//! - a reader that only copies the location into another temporary (a cast at most, as a
//!   deinterleave does) will be propagated at no cost, so its reads count as the copy's;
//! - reads that fix a dimension to different constants (the planes `t[0][i]`, `t[1][i]`)
//!   read different elements: the evaluations are the most over such slices.
//!
//! The count is an average over each slice's elements: a read `in[2x]` counts 1/2 whether or
//! not another read takes the odd elements.
//!
//! Each evaluation costs the writer's operations and its loads (its distinct reads). With
//! `cost=heuristic` a temporary is refused when `operations * (evaluations - 1)` exceeds the
//! limit (`Options::recomputation_limit`); by default the cost model (`cost`) weighs
//! `(operations + loads) * (evaluations - 1)` against the cost of the array.

use polyhedral::affine::{AffExpr, AffVar};
use polyhedral::isl::{IslContext, IslResult};
use polyhedral::model::{Access, ArrayId, Expr, Liveness, Scop, Statement};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt;

/// Evaluations per element counted for a loop of the reader that the subscripts do not use
/// outside one they use, when its trip count depends on the parameters (the element is read at
/// each of its iterations).
const BROADCAST: f64 = 8.0;

/// Copies followed through at most this many temporaries.
const MAX_COPY_DEPTH: usize = 4;

/// The estimate for one temporary.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recomputation {
    /// Evaluations of the writer's value per element after propagation (1: none repeated).
    pub evaluations: f64,
    /// The same without the recurrences of code generation: reads along the innermost loop at
    /// different offsets count apart.
    pub unrotated_evaluations: f64,
    /// Operations of the costliest writer's value.
    pub operations: usize,
    /// Loads of that value: its distinct reads (LLVM merges identical ones).
    pub loads: usize,
}

// Evaluations are sums of products of small ratios, never NaN.
impl Eq for Recomputation {}

impl Recomputation {
    /// The operations propagation adds per element, over those of a single evaluation.
    pub fn extra_operations(&self) -> f64 {
        self.operations as f64 * (self.evaluations - 1.0).max(0.0)
    }

    /// The instructions of one evaluation: its operations and its loads.
    pub fn instructions(&self) -> usize {
        self.operations + self.loads
    }
}

impl fmt::Display for Recomputation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "evaluated {:.2} times per element, {} operations, {} loads", self.evaluations, self.operations, self.loads)
    }
}

/// The recomputation of `array` if it were propagated into every reader in `scop`.
pub(crate) fn recomputation(ctx: &IslContext, scop: &Scop, array: ArrayId) -> IslResult<Recomputation> {
    let (operations, loads) = scop
        .statements
        .iter()
        .filter(|s| s.write.array == array)
        .map(|s| (s.value.operations(), s.value.reads().into_iter().collect::<HashSet<_>>().len()))
        .max_by_key(|(operations, loads)| operations + loads)
        .unwrap_or((0, 0));
    Ok(Recomputation {
        evaluations: evaluations(ctx, scop, array, Rotation::On, 0)?,
        unrotated_evaluations: evaluations(ctx, scop, array, Rotation::Off, 0)?,
        operations,
        loads,
    })
}

/// Evaluations per element of `array` (see the module documentation): the most over its
/// slices, since reads that fix a dimension the writer iterates over to different constants
/// (`t[0][i]` and `t[1][i]`) read different elements.
fn evaluations(ctx: &IslContext, scop: &Scop, array: ArrayId, rotation: Rotation, depth: usize) -> IslResult<f64> {
    let Some(write) = scop.statements.iter().find(|s| s.write.array == array).map(|s| &s.write) else { return Ok(1.0) };
    // Per group of reads that are one another shifted along the innermost loop: its first
    // read, with its statement, and the shifts (in iterations) of all its reads.
    let mut groups: BTreeMap<(Result<Vec<Option<i64>>, usize>, String, Vec<AffExpr>), (usize, &Access, BTreeSet<i64>)> = BTreeMap::new();
    for (index, statement) in scop.statements.iter().enumerate() {
        let innermost = statement.iterators.len().checked_sub(1).filter(|_| rotation == Rotation::On);
        let body = loop_body(statement).ok_or(index);
        // Pieces of a split run at different iterations: their reads are different values.
        let instances = statement.domain.replacen(&format!("{}[", statement.name), "[", 1);
        for read in statement.reads().into_iter().filter(|a| a.array == array) {
            let (key, shift) = group_key(read, innermost);
            groups.entry((body.clone(), instances.clone(), key)).or_insert((index, read, BTreeSet::new())).2.insert(shift);
        }
    }
    let mut reads: Vec<(Slice, f64)> = Vec::new();
    for (index, read, shifts) in groups.into_values() {
        let statement = &scop.statements[index];
        let loops = Loops::of(ctx, statement)?;
        let mut density = density(ctx, read, &loops, statement.iterators.len())?;
        let copied = copied_into(scop, statement.write.array, &statement.value, array);
        if let Some(copy) = copied.filter(|_| depth < MAX_COPY_DEPTH) {
            density *= evaluations(ctx, scop, copy, rotation, depth + 1)?;
        }
        reads.push((slice(write, read), density * runs(&shifts) as f64));
    }
    let in_slice = |slice: &Slice| -> f64 {
        reads.iter().filter(|(other, _)| overlap(slice, other)).map(|(_, density)| density).sum()
    };
    Ok(reads.iter().map(|(slice, _)| in_slice(slice)).fold(0.0, f64::max))
}

/// What the estimate asks of a reader's loops.
struct Loops<'s> {
    /// The inverse of the share of its loops' iterations at which the statement runs, the
    /// product of its domain's strides: a piece of a split that takes the even rows (`i = 2k`)
    /// runs at half of them, so its read `in[floor(i / 2)]` evaluates each element once.
    strides: f64,
    domain: &'s str,
}

impl Loops<'_> {
    fn of<'s>(ctx: &IslContext, statement: &'s Statement) -> IslResult<Loops<'s>> {
        let domain = statement.domain.as_str();
        let mut strides = 1.0;
        // isl writes a stride as a modulo or an existential variable; most domains have none.
        if domain.contains("mod") || domain.contains("exists") {
            for k in 0..statement.iterators.len() {
                // A dimension fixed to one value has stride 0 in isl.
                strides *= ctx.stride(domain, k)?.max(1) as f64;
            }
        }
        Ok(Loops { strides, domain })
    }

    /// Loop `k`'s trip count where it does not depend on the parameters (a colour loop's 3).
    fn trip_count(&self, ctx: &IslContext, k: usize) -> IslResult<Option<i64>> {
        ctx.constant_extent(self.domain, k)
    }
}

/// Whether the recurrences of code generation carry reads along the innermost loop.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rotation {
    On,
    Off,
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

/// Reads that differ only by whole iterations of the innermost iterator share a key, with
/// their shift in iterations: `in[x + 1]` and `in[x - 1]` (shifts 1 and -1), `in[2x + 2]` and
/// `in[2x]`, not `in[2x + 1]` and `in[2x]`; in a subscript of several iterators the same:
/// `in[16y + z + 16]` is `in[16y + z]` shifted by 16 iterations of `z`. Every subscript that
/// uses the iterator must shift by as many iterations, else the read is its own key. In a
/// subscript where the iterator is inside a division, the constant outside it is the shift.
/// Clamps count as their [`interior`] side (`in[max(x - 1, 0)]` as `in[x - 1]`): the interior
/// of the loop (`polyhedral::interiors`) drops them, and the rotation carries the read.
fn group_key(read: &Access, innermost: Option<usize>) -> (Vec<AffExpr>, i64) {
    let interiors: Vec<AffExpr> = read.subscripts.iter().map(interior).collect();
    let Some(k) = innermost else { return (interiors, 0) };
    let mut shift = None;
    let mut key = Vec::new();
    for s in &interiors {
        let (iterations, constant) = match direct_coefficient(s, k) {
            Some(c) => {
                let rest = s.constant.rem_euclid(c.abs());
                ((s.constant - rest) / c, rest)
            }
            // Inside a division (`in[x / 2 + 1]`, an upsampling, whose pieces or loop of step 2
            // advance the quotient by one per iteration): the constant outside it.
            None if s.uses_iterator(k) => (s.constant, 0),
            None => {
                key.push(s.clone());
                continue;
            }
        };
        if shift.is_some_and(|e| e != iterations) {
            return (interiors, 0);
        }
        shift = Some(iterations);
        key.push(AffExpr { constant, terms: s.terms.clone() });
    }
    (key, shift.unwrap_or(0))
}

/// The coefficient of iterator `k` in `s` where `k` is a term of its own and in no other.
fn direct_coefficient(s: &AffExpr, k: usize) -> Option<i64> {
    let direct = s.terms.iter().find(|(v, c)| *v == AffVar::Iter(k) && *c != 0).map(|(_, c)| *c)?;
    let nested = s.terms.iter().any(|(v, _)| *v != AffVar::Iter(k) && AffExpr::var(v.clone()).uses_iterator(k));
    (!nested).then_some(direct)
}

/// The number of runs of consecutive shifts: the rotation carries a run's reads in one
/// evaluation per iteration (`polyhedral::recurrences` takes contiguous offsets only), and
/// reads apart are evaluated apart.
fn runs(shifts: &BTreeSet<i64>) -> usize {
    let mut previous = None;
    let mut runs = 0;
    for &shift in shifts {
        if previous.map_or(true, |p: i64| shift != p + 1) {
            runs += 1;
        }
        previous = Some(shift);
    }
    runs
}

/// Evaluations per element that one read causes, over a reader that covers the array: an
/// element of `in[2x]` is read at one iteration, every second element is read; one of
/// `in[x / 2]` at two.
fn density(ctx: &IslContext, read: &Access, loops: &Loops<'_>, reader_loops: usize) -> IslResult<f64> {
    let mut density = 1.0 / loops.strides;
    for scale in read.subscripts.iter().map(interior).filter_map(|s| iterator_scale(&s)) {
        density /= scale;
    }
    // A loop inside the innermost one the subscripts use leaves the value invariant, and LLVM
    // hoists it; a loop outside re-evaluates it at each of its iterations.
    let used = |k: usize| read.subscripts.iter().any(|s| s.uses_iterator(k));
    let Some(innermost_used) = (0..reader_loops).rev().find(|&k| used(k)) else { return Ok(density) };
    for k in (0..innermost_used).filter(|&k| !used(k)) {
        density *= loops.trip_count(ctx, k)?.map_or(BROADCAST, |n| n as f64);
    }
    Ok(density)
}

/// A subscript where its clamps do not bite, for loops that run upwards from about 0 to a
/// bound of the parameters: `max(x - 1, 0)` is `x - 1` but at the first iteration, and
/// `min(x + 1, N - 1)` is `x + 1` but at the last; `min(x, 1)` is `1` but at the first (as
/// isl writes `max(x - 1, 0)`: `x - min(x, 1)`). Clamps with both or neither side moving stay.
fn interior(e: &AffExpr) -> AffExpr {
    let mut out = AffExpr::constant(e.constant);
    for (v, c) in &e.terms {
        let side = match v {
            AffVar::Min(a, b) | AffVar::Max(a, b) => match (a.uses_iterators(), b.uses_iterators()) {
                (true, false) => Some((a, b)),
                (false, true) => Some((b, a)),
                _ => None,
            },
            _ => None,
        };
        let term = match (v, side) {
            (AffVar::Min(..), Some((_, fixed))) if fixed.is_constant() => (**fixed).clone(),
            (_, Some((moving, _))) => interior(moving),
            _ => AffExpr::var(v.clone()),
        };
        out = match term.scale(*c).and_then(|t| out.add(&t)) {
            Some(sum) => sum,
            None => return e.clone(),
        };
    }
    out
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
