//! The cost model that chooses between a model's schedule and the scheduler's (issue 17;
//! paper 003, section 4.2 counts cache lines per iteration for its cache-miss heuristic, and
//! section 5.3 leaves the choice of schedule to such a model).
//!
//! A schedule is judged by the memory its innermost loops touch, as in the loop-cost models
//! of Kennedy and McKinley (LLVM's `LoopCacheAnalysis`): for each statement, the innermost
//! schedule dimension along which its instances run (`innermost_dimension`), and for each of
//! its accesses the distance between the elements two consecutive instances touch there:
//! none (the element stays in a register: cost 0), within a cache line (`element size / 64`
//! lines per instance) or farther (a line per instance). A statement's cost is the sum over
//! its distinct accesses; statements nested deeper run more instances, so costs compare depth
//! by depth, deepest first ([`Cost`]).
//!
//! What the lines per instance do not see is the reuse a register tile creates: gemm's
//! source order already has unit strides and the scheduler's tiled order has the same ones,
//! but the register tile keeps a 4 x 8 block of the accumulators in registers across the
//! reduction. So a schedule that costs the same is taken when it has register tiles around an
//! accumulation (a statement that reads the element it writes, along a loop its write does
//! not move with) whose domain is a box: on triangular domains (syrk) the full tiles the
//! unrolling needs are not separated, and the tiled code only loses (measured in
//! docs/benchmarks/scheduling.txt). Otherwise, as when it costs more, the model keeps its
//! schedule: tiling stencils and propagated pipelines without reuse in registers made them
//! slower on this machine. And a SCoP whose schedule has no strided access in a statement of
//! two loops or more (the only ones a new loop order can make shorter) and no such
//! accumulation has nothing this model could prefer: it is not scheduled at all
//! ([`Source::worth_scheduling`]), which spares the scheduler's work on stencils in time and
//! on hotspot's column borders (0.05 s of a 0.23 s compilation).

use crate::isl::{map_out_dims, IslContext, IslResult};
use crate::model::{Access, Scop, Statement};
use isl_rs::{DimType, Map};
use std::collections::BTreeMap;

/// Bytes of a cache line.
const LINE: f64 = 64.0;

/// Lines per instance of an access that moves by more than a line each instance.
const STRIDED: f64 = 1.0;

/// Relative difference below which two costs count as equal.
const TOLERANCE: f64 = 0.05;

/// Cache lines per instance summed over the statements of each loop depth.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cost {
    pub by_depth: BTreeMap<usize, f64>,
    /// Accesses that move by more than a line each instance, even along the loop around a
    /// short innermost one, in statements that run two loops or more: what a new loop order
    /// or tiling can improve (a single loop's stride stays whatever its order: hotspot's
    /// column borders).
    pub strided: usize,
}

impl Cost {
    /// How `self` compares with `other`: at the deepest depth where they differ by more than
    /// the tolerance, the smaller is better; `Equal` if none.
    pub fn compare(&self, other: &Cost) -> std::cmp::Ordering {
        let depths: std::collections::BTreeSet<usize> = self.by_depth.keys().chain(other.by_depth.keys()).copied().collect();
        for depth in depths.into_iter().rev() {
            let a = self.by_depth.get(&depth).copied().unwrap_or(0.0);
            let b = other.by_depth.get(&depth).copied().unwrap_or(0.0);
            if (a - b).abs() > TOLERANCE * a.max(b) {
                return a.partial_cmp(&b).unwrap_or(std::cmp::Ordering::Equal);
            }
        }
        std::cmp::Ordering::Equal
    }
}

impl std::fmt::Display for Cost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.by_depth.iter().rev().map(|(d, c)| format!("depth {d}: {c:.2}")).collect();
        write!(f, "{}", parts.join(", "))
    }
}

/// The cost of `scop` under its statements' schedules (module documentation).
pub fn cost(ctx: &IslContext, scop: &Scop) -> IslResult<Cost> {
    let mut result = Cost::default();
    let mut counted: Vec<Map> = Vec::new();
    for statement in &scop.statements {
        ctx.reset_quota();
        let Some((dimension, next)) = innermost_dimension(ctx, scop, statement, None)? else { continue };
        // The loop around the innermost one reuses the lines the innermost one touched when
        // they are still in the cache: when the innermost loop is a tile's (bounded).
        let outer = match short_loop(ctx, scop, statement, dimension)? {
            true => innermost_dimension(ctx, scop, statement, Some(dimension))?.map(|(_, next)| next),
            false => None,
        };
        let depth = free_iterators(ctx, scop, statement)?;
        let mut lines = 0.0;
        let mut seen: Vec<&Access> = Vec::new();
        for access in std::iter::once(&statement.write).chain(statement.reads()) {
            // The same access again (an expression read twice: nw's `maximum` reads each
            // neighbour in two comparisons) touches the same elements: no isl work for it.
            if scop.arrays[access.array].is_scalar() || seen.contains(&access) {
                continue;
            }
            seen.push(access);
            // An element this or another statement touches in the same iteration of the
            // innermost loop is counted once: a fused loop reads its line once for all.
            let touched = touched_per_iteration(ctx, scop, statement, access, dimension)?;
            let mut again = false;
            for other in &counted {
                again = again || ctx.check(touched.is_equal(other))?;
            }
            if again {
                continue;
            }
            counted.push(touched);
            let along_innermost = lines_per_instance(ctx, scop, statement, access, &next)?;
            let access_lines = match &outer {
                Some(outer) if along_innermost == STRIDED => lines_per_instance(ctx, scop, statement, access, outer)?,
                _ => along_innermost,
            };
            result.strided += usize::from(access_lines == STRIDED && depth >= 2);
            lines += access_lines;
        }
        *result.by_depth.entry(depth).or_default() += lines;
    }
    Ok(result)
}

/// Whether every read but the accumulator's stays the same along one of the iterators the
/// write moves with: then a register tile over those iterators loads it once for several
/// accumulators (gemm's A[i][k] serves the row's 8 columns, B[k][j] the 4 rows). A
/// matrix-vector product's A[i][j] moves with both, is loaded once per accumulation whatever
/// the tile, and its register tiles ran slower than the source (atax 0.89x, gesummv 0.64x).
fn reads_reused_across_outputs(statement: &Statement) -> bool {
    let outputs: Vec<usize> = (0..statement.iterators.len()).filter(|&k| statement.write.subscripts.iter().any(|s| s.uses_iterator(k))).collect();
    statement
        .reads()
        .into_iter()
        .filter(|r| **r != statement.write && !r.subscripts.is_empty())
        .all(|r| outputs.iter().any(|&k| !r.subscripts.iter().any(|s| s.uses_iterator(k)) && !r.is_may()))
}

/// How many of `statement`'s iterators take more than one value in its domain: its depth
/// as a measure of how many instances it runs (the last iteration that LICM's rotation peels
/// off a reduction has three iterators, one of them fixed).
fn free_iterators(ctx: &IslContext, scop: &Scop, statement: &Statement) -> IslResult<usize> {
    let domain = ctx.set(&statement.domain)?;
    let before = statement.iterators.join(", ");
    let after: Vec<String> = statement.iterators.iter().map(|i| format!("{i}_")).collect();
    let mut free = 0;
    for iterator in &statement.iterators {
        let text = format!("{}{{ {}[{before}] -> {}[{}] : {iterator}_ > {iterator} }}", scop.param_prefix(), statement.name, statement.name, after.join(", "));
        let apart = ctx.check(ctx.map(&text)?.intersect_domain(ctx.check(domain.copy())?))?;
        let apart = ctx.check(apart.intersect_range(ctx.check(domain.copy())?))?;
        free += usize::from(!ctx.check(apart.is_empty())?);
    }
    Ok(free)
}

/// Whether `statement` accumulates into one element along a loop (it reads the element it
/// writes, and the write does not use some iterator) over a box domain (no constraint
/// couples two iterators), with reads a register tile reuses (`reads_reused_across_outputs`):
/// what a register tile keeps in registers and gains from.
pub fn is_box_accumulation(ctx: &IslContext, statement: &Statement) -> IslResult<bool> {
    let accumulates = statement.reads().contains(&&statement.write)
        && !statement.write.is_may()
        && (0..statement.iterators.len()).any(|k| !statement.write.subscripts.iter().any(|s| s.uses_iterator(k)));
    if !accumulates || !reads_reused_across_outputs(statement) {
        return Ok(false);
    }
    is_box(ctx, ctx.set(&statement.domain)?)
}

/// Whether `set` is a box: the product of its projections on each dimension (no constraint
/// couples two dimensions), up to its simple hull.
pub fn is_box(ctx: &IslContext, set: isl_rs::Set) -> IslResult<bool> {
    // Unnamed: projections reset the tuple's name, and the product must compare with it.
    let hull = ctx.check(ctx.check(isl_rs::Set::from_basic_set(ctx.check(set.simple_hull())?))?.reset_tuple_id())?;
    let n = ctx.check(hull.dim(DimType::Set))? as u32;
    let mut product = ctx.check(isl_rs::Set::universe(ctx.check(hull.get_space())?))?;
    for k in 0..n {
        let after = ctx.check(ctx.check(hull.copy())?.project_out(DimType::Set, k + 1, n - k - 1))?;
        let alone = ctx.check(after.project_out(DimType::Set, 0, k))?;
        let lifted = ctx.check(ctx.check(alone.insert_dims(DimType::Set, 0, k))?.add_dims(DimType::Set, n - k - 1))?;
        product = ctx.check(product.intersect(lifted))?;
    }
    ctx.check(product.is_subset(&hull))
}

/// The innermost dimension of `statement`'s schedule (below `inside`, if given) along which its
/// instances advance, with its [`next_instance`] relation: the last `d` at which two instances
/// are one apart while they agree on every other dimension. `None` for a statement that runs
/// once.
fn innermost_dimension(ctx: &IslContext, scop: &Scop, statement: &Statement, inside: Option<usize>) -> IslResult<Option<(usize, Map)>> {
    let width = inside.unwrap_or(map_out_dims(ctx, &statement.schedule)?);
    for dimension in (0..width).rev() {
        let next = next_instance(ctx, scop, statement, dimension)?;
        if !ctx.check(next.is_empty())? {
            return Ok(Some((dimension, next)));
        }
    }
    Ok(None)
}

/// `{ S[i] -> S[i'] : θ(i) and θ(i') agree on every dimension but d, θ_d(i') = θ_d(i) + 1 }`
/// on the domain: the next iteration of the loop at dimension `d`, the loops inside it at the
/// same point.
fn next_instance(ctx: &IslContext, scop: &Scop, statement: &Statement, dimension: usize) -> IslResult<Map> {
    let width = map_out_dims(ctx, &statement.schedule)?;
    let before: Vec<String> = (0..width).map(|k| format!("t{k}")).collect();
    let after: Vec<String> = (0..width).map(|k| format!("u{k}")).collect();
    let mut conditions: Vec<String> = (0..width).filter(|&k| k != dimension).map(|k| format!("u{k} = t{k}")).collect();
    conditions.push(format!("u{dimension} = t{dimension} + 1"));
    let step = format!("{}{{ [{}] -> [{}] : {} }}", scop.param_prefix(), before.join(", "), after.join(", "), conditions.join(" and "));
    let domain = ctx.set(&statement.domain)?;
    let schedule = ctx.check(ctx.map(&statement.schedule)?.intersect_domain(domain))?;
    let forward = ctx.check(schedule.copy())?;
    let stepped = ctx.check(forward.apply_range(ctx.map(&step)?))?;
    let next = ctx.check(stepped.apply_range(ctx.check(schedule.reverse())?))?;
    // The same relation with the equalities its tiles' divisions imply made explicit: the
    // deltas of each access along it then cost a tenth (nw's tiled wavefront: scheduling
    // 0.111 -> 0.028 s).
    ctx.check(next.detect_equalities())
}

/// `{ [t0, ..., td] -> A[e] }`: the element `access` touches in each iteration of the loops
/// down to schedule dimension `dimension` (the statement's innermost loop).
fn touched_per_iteration(ctx: &IslContext, scop: &Scop, statement: &Statement, access: &Access, dimension: usize) -> IslResult<Map> {
    let width = map_out_dims(ctx, &statement.schedule)? as u32;
    let domain = ctx.set(&statement.domain)?;
    let schedule = ctx.check(ctx.map(&statement.schedule)?.intersect_domain(domain))?;
    let loops = ctx.check(schedule.project_out(DimType::Out, dimension as u32 + 1, width - dimension as u32 - 1))?;
    ctx.check(ctx.check(loops.reverse())?.apply_range(ctx.map(&scop.access_relation(statement, access))?))
}

/// Cache lines `access` touches per instance along `next`: 0 if consecutive instances touch
/// the same element, the element's share of a line if they touch neighbours in the innermost
/// dimension (at most two elements apart), else 1 (a line each).
fn lines_per_instance(ctx: &IslContext, scop: &Scop, statement: &Statement, access: &Access, next: &Map) -> IslResult<f64> {
    let array = &scop.arrays[access.array];
    if array.is_scalar() {
        return Ok(0.0);
    }
    let relation = ctx.map(&scop.access_relation(statement, access))?;
    let moved = ctx.check(ctx.check(next.copy())?.apply_domain(ctx.check(relation.copy())?))?;
    let deltas = ctx.check(ctx.check(moved.apply_range(relation))?.deltas())?;
    // { A[0, ..., 0, last] : condition }: moves in the innermost dimension only.
    let innermost_moves = |last: &str, condition: &str| {
        let mut d: Vec<String> = vec!["0".into(); array.sizes.len()];
        d[array.sizes.len() - 1] = last.into();
        format!("{}{{ {}[{}]{condition} }}", scop.param_prefix(), array.name, d.join(", "))
    };
    if ctx.check(deltas.is_subset(&ctx.set(&innermost_moves("0", ""))?))? {
        return Ok(0.0);
    }
    if ctx.check(deltas.is_subset(&ctx.set(&innermost_moves("e", " : -2 <= e <= 2"))?))? {
        return Ok(array.element.size_in_bytes() as f64 / LINE);
    }
    Ok(STRIDED)
}

/// Iterations of a loop whose lines the loop around it finds in the L1 cache (32 KiB of
/// 64-byte lines, half of it for the other accesses).
const SHORT_LOOP: i64 = 256;

/// Whether `statement`'s innermost loop (schedule dimension `dimension`) runs at most
/// `SHORT_LOOP` iterations for any values of the dimensions outside it: a tile's point loop,
/// not a loop over a whole array dimension of unknown size.
pub fn short_loop(ctx: &IslContext, scop: &Scop, statement: &Statement, dimension: usize) -> IslResult<bool> {
    let width = map_out_dims(ctx, &statement.schedule)?;
    let domain = ctx.set(&statement.domain)?;
    let times = ctx.check(domain.apply(ctx.map(&statement.schedule)?))?;
    // A tile's point loop takes at most its width of values over the whole schedule, which
    // the times of that one dimension show at a fraction of the pairs' cost below (3mm's tiled
    // schedule: 0.13 s of pairs and deltas); a loop over a whole array dimension falls through.
    if values_within(ctx, scop, ctx.check(times.copy())?, dimension, width)? {
        return Ok(true);
    }
    let before: Vec<String> = (0..width).map(|k| format!("t{k}")).collect();
    let after: Vec<String> = (0..width).map(|k| format!("u{k}")).collect();
    // Pairs of instances in the same iteration of the loops outside `dimension`.
    let same: Vec<String> = (0..dimension).map(|k| format!("u{k} = t{k}")).collect();
    let condition = if same.is_empty() { String::new() } else { format!(" : {}", same.join(" and ")) };
    let pairs = format!("{}{{ [{}] -> [{}]{condition} }}", scop.param_prefix(), before.join(", "), after.join(", "));
    let pairs = ctx.check(ctx.check(ctx.map(&pairs)?.intersect_domain(ctx.check(times.copy())?))?.intersect_range(times))?;
    let deltas = ctx.check(pairs.deltas())?;
    let bound = format!("{}{{ [{}] : -{SHORT_LOOP} <= t{dimension} <= {SHORT_LOOP} }}", scop.param_prefix(), before.join(", "));
    ctx.check(deltas.is_subset(&ctx.set(&bound)?))
}

/// Whether the values of dimension `dimension` of `times` (a set of `width` dimensions) lie
/// within `SHORT_LOOP + 1` consecutive integers, whatever the parameters.
fn values_within(ctx: &IslContext, scop: &Scop, times: isl_rs::Set, dimension: usize, width: usize) -> IslResult<bool> {
    let inner = (width - dimension - 1) as u32;
    let alone = ctx.check(ctx.check(times.project_out(DimType::Set, dimension as u32 + 1, inner))?.project_out(DimType::Set, 0, dimension as u32))?;
    let pairs = ctx.check(ctx.map(&format!("{}{{ [t] -> [u] }}", scop.param_prefix()))?.intersect_domain(ctx.check(alone.copy())?))?;
    let deltas = ctx.check(ctx.check(pairs.intersect_range(alone))?.deltas())?;
    ctx.check(deltas.is_subset(&ctx.set(&format!("{}{{ [d] : -{SHORT_LOOP} <= d <= {SHORT_LOOP} }}", scop.param_prefix()))?))
}

/// What the model knows of a SCoP's own schedule, computed once for both questions the
/// driver asks: whether to schedule at all ([`Source::worth_scheduling`]) and whether to take
/// the scheduler's result ([`choose`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    pub cost: Cost,
    /// Some statement is an accumulation a register tile gains from (`is_box_accumulation`).
    pub accumulation: bool,
}

/// The cost of `scop`'s schedule and whether it has an accumulation a register tile gains from.
pub fn assess(ctx: &IslContext, scop: &Scop) -> IslResult<Source> {
    let cost = cost(ctx, scop)?;
    let mut accumulation = false;
    for statement in &scop.statements {
        accumulation = accumulation || is_box_accumulation(ctx, statement)?;
    }
    Ok(Source { cost, accumulation })
}

impl Source {
    /// Whether rescheduling can give a schedule the model prefers: only if the source's
    /// schedule has a strided access or an accumulation a register tile gains from.
    /// Otherwise the scheduler's work (its whole watchdog on stencils in time) is not
    /// done: `Err` says why.
    pub fn worth_scheduling(&self) -> Result<(), String> {
        if self.cost.strided > 0 || self.accumulation {
            return Ok(());
        }
        Err(format!("no strided access in two loops or more and no accumulation for a new schedule to improve (lines per instance {})", self.cost))
    }
}

/// Whether `scheduled` (the scheduler's schedule of the statements `source` assessed,
/// `register_tiled` bands tiled for registers; its cost when known) is taken: `Ok` with the
/// costs that say why, or `Err` with why the original schedule stays (module documentation).
pub fn choose(ctx: &IslContext, source: &Source, scheduled: &Scop, known: Option<Cost>, register_tiled: usize) -> IslResult<Result<String, String>> {
    let before = &source.cost;
    let after = match known {
        Some(cost) => cost,
        None => cost(ctx, scheduled)?,
    };
    let costs = format!("lines per instance {after} against {before}");
    Ok(match after.compare(before) {
        std::cmp::Ordering::Less => Ok(costs),
        std::cmp::Ordering::Greater => Err(format!("the original schedule costs less ({costs})")),
        std::cmp::Ordering::Equal if register_tiled > 0 && source.accumulation => Ok(format!("{costs}, register tiles around an accumulation")),
        std::cmp::Ordering::Equal => Err(format!("the original schedule costs as much ({costs}) and no register tile holds an accumulation")),
    })
}
