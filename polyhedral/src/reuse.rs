//! Whether tiling a permutable band can shorten a reuse distance (`scheduling::tile_bands`).
//!
//! Tiles pay where an element is used again far away in the band's order: gemm's `B[k][j]`,
//! read again at each `i` after a whole `j, k` plane; a time loop's array, read again after a
//! whole sweep. They cost compile time (isl's AST over partial tiles: nw's wavefront in memory
//! order, 0.040 s of AST against 0.002 s untiled) and bounds at run time. A band of two members
//! with nothing scheduled inside it, where every element is used again only a few rows later
//! (nw's `score[i - 1][j]`, `score[i][j - 1]`), already keeps its reuse within a few rows of
//! the inner loop: there tiles change no cache line read (nw at 2048 and 8192: 8.9 and 143 ms
//! either way).
//!
//! The test, for a band of two members with no band inside it:
//! - every reference to a written array touches each element once among the band's instances
//!   (a time loop's array and a scalar are used again a whole sweep later); a read-only array
//!   may be read again (nw-style strings, `a[i]` and `b[j]`), as far as the box below allows;
//! - every reference walks a row along the inner member (`walks_a_row`: a column walk touches a
//!   line per iteration, so a few of its rows are as many lines as the rows are long);
//! - for each array, the next use of each element among the band's instances (reads
//!   included; the lexicographic minimum of the later times that touch it, under the prefix
//!   schedule `[outer..., b0, b1]`) is at a distance in the box
//!   `outer = 0, |b0| <= NEAR_ROWS, |b1| <= NEAR_COLUMNS`, and some element has one.
//!
//! Anything else (a may-access, more than `MAX_REFERENCES` references to one array, an isl
//! failure of the quota) keeps the tiles. A band that reuses nothing (an initialization)
//! keeps them too: untiled, LLVM turns 2mm's `tmp[i][j] = 0` nest into a `calloc`, whose
//! zero pages the product then faults twice (read, then written): 2mm 2.5% slower.

use crate::isl::{IslContext, IslError, IslResult, UnionMap};
use crate::model::{ArrayId, Scop};
use isl_rs::{DimType, Map, ScheduleNode, ScheduleNodeType, Set};
use std::collections::{BTreeMap, BTreeSet};

/// Rows of the band's outer member within which a reuse counts as near: a few rows walked
/// along (`walks_a_row`) stay in the L1 or L2 cache for any row length our kernels have (nw's
/// 8192 ints: 32 KB).
pub const NEAR_ROWS: i64 = 4;
/// Iterations of the inner member within which a reuse counts as near.
const NEAR_COLUMNS: i64 = 64;
/// Elements a reference may move along its row per iteration of the band's inner member.
const ROW_STEP: i32 = 2;
/// Most distinct references to one array the test looks at: the reuse relation has a disjunct
/// per pair of them.
const MAX_REFERENCES: usize = 8;

/// Whether tiling the permutable band `band` may shorten a reuse distance (module
/// documentation): false only where it provably cannot.
pub(crate) fn tiling_shortens_reuse(ctx: &IslContext, scop: &Scop, band: &ScheduleNode) -> IslResult<bool> {
    if ctx.check(band.band_n_member())? != 2 || has_band_below(ctx, &child(ctx, band, 0)?)? {
        return Ok(true);
    }
    match only_near_reuse(ctx, scop, band) {
        Ok(near) => Ok(!near),
        Err(IslError::Complexity) => {
            ctx.reset_quota();
            Ok(true)
        }
        Err(e) => Err(e),
    }
}

/// Whether some band is scheduled below `node`.
fn has_band_below(ctx: &IslContext, node: &ScheduleNode) -> IslResult<bool> {
    if ctx.check(node.get_type())? == ScheduleNodeType::Band {
        return Ok(true);
    }
    for k in 0..ctx.check(node.n_children())? {
        if has_band_below(ctx, &child(ctx, node, k)?)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Child `k` of `node`, which stays.
fn child(ctx: &IslContext, node: &ScheduleNode, k: i32) -> IslResult<ScheduleNode> {
    ctx.check(ctx.check(node.copy())?.child(k))
}

/// Whether some element is used again by another instance of `band`, and every next use of
/// an element lies in the near box.
fn only_near_reuse(ctx: &IslContext, scop: &Scop, band: &ScheduleNode) -> IslResult<bool> {
    // { [outer..., b0, b1] -> S[i] } on the band's instances.
    let instances = UnionMap::from_raw(ctx, ctx.check(child(ctx, band, 0)?.get_prefix_schedule_union_map())?).reverse()?;
    let depth = ctx.check(band.get_schedule_depth())? as usize;
    let Some(accesses) = accesses_by_array(ctx, scop, band, &instances, depth)? else { return Ok(false) };
    let near = near_box(ctx, depth)?;
    // { [t] -> [t'] : t < t' }
    let later = ctx.union_map(&later_times(depth))?;
    let mut reused = false;
    for timed in accesses.into_values() {
        // { [t] -> [t'] : the element touched at t is touched again at t' }
        let reuse = timed.copy()?.apply_range(timed.reverse()?)?.intersect(later.copy()?)?;
        if reuse.is_empty()? {
            continue;
        }
        // Only the next use of each element counts: a string read at every cell of a row is
        // read again at the next cell, not only at the row's last one.
        let next = ctx.check(ctx.check(Map::from_union_map(ctx.check(reuse.raw().copy())?))?.lexmin())?;
        if !ctx.check(ctx.check(next.deltas())?.is_subset(&near))? {
            return Ok(false);
        }
        reused = true;
    }
    Ok(reused)
}

/// The time dimensions of a band at `depth`: `o0, ..., b0` (the inner member, `b1`, apart).
fn times_but_inner(depth: usize) -> String {
    (0..depth).map(|k| format!("o{k}, ")).collect::<String>() + "b0"
}

/// `{ [o..., b0, b1] -> [o'..., b0', b1'] : the second is later }` with `depth` outer dimensions.
fn later_times(depth: usize) -> String {
    let from: Vec<String> = (0..depth + 2).map(|k| format!("x{k}")).collect();
    let to: Vec<String> = (0..depth + 2).map(|k| format!("y{k}")).collect();
    let cases: Vec<String> = (0..depth + 2)
        .map(|k| (0..k).map(|e| format!("y{e} = x{e} and ")).collect::<String>() + &format!("y{k} > x{k}"))
        .collect();
    format!("{{ [{}] -> [{}] : {} }}", from.join(", "), to.join(", "), cases.join(" or "))
}

/// `{ [o..., b0, b1] : o = 0, |b0| <= NEAR_ROWS, |b1| <= NEAR_COLUMNS }` with `depth` outer
/// dimensions.
fn near_box(ctx: &IslContext, depth: usize) -> IslResult<Set> {
    let outer: String = (0..depth).map(|k| format!("o{k} = 0 and ")).collect();
    ctx.set(&format!("{{ [{}, b1] : {outer}-{NEAR_ROWS} <= b0 <= {NEAR_ROWS} and -{NEAR_COLUMNS} <= b1 <= {NEAR_COLUMNS} }}", times_but_inner(depth)))
}

/// Whether `timed` (a reference's `{ [outer..., b0, b1] -> A[e] }`, `depth` outer dimensions)
/// moves along its last subscript only, by at most `ROW_STEP` elements, from one iteration of
/// the band's inner member to the next: a row of the band then spans a few cache lines per
/// reference.
/// A reference that walks a column touches a line per iteration, and a few rows of such a walk
/// are as many lines as the rows are long (Rodinia-style `rows[k][j]` swept along `k`): tiles
/// keep them in the cache.
fn walks_a_row(ctx: &IslContext, timed: &UnionMap, depth: usize) -> IslResult<bool> {
    let times = times_but_inner(depth);
    let next = ctx.union_map(&format!("{{ [{times}, b1] -> [{times}, b1 + 1] }}"))?;
    // { A[e] -> A[e'] : e' is touched one inner iteration after e }
    let step = timed.copy()?.reverse()?.apply_range(next)?.apply_range(timed.copy()?)?;
    if step.is_empty()? {
        return Ok(true);
    }
    let moves = ctx.check(Set::from_union_set(ctx.check(ctx.check(step.raw().copy())?.deltas())?))?;
    let last = ctx.check(moves.dim(DimType::Set))? as i32 - 1;
    for d in 0..last {
        if some_move(ctx, &moves, d, 1)? {
            return Ok(false);
        }
    }
    Ok(last < 0 || !some_move(ctx, &moves, last, ROW_STEP + 1)?)
}

/// Whether some move in `moves` is at least `at_least` elements either way in subscript `d`.
fn some_move(ctx: &IslContext, moves: &Set, d: i32, at_least: i32) -> IslResult<bool> {
    let forward = ctx.check(ctx.check(moves.copy())?.lower_bound_si(DimType::Set, d as u32, at_least))?;
    let backward = ctx.check(ctx.check(moves.copy())?.upper_bound_si(DimType::Set, d as u32, -at_least))?;
    Ok(!ctx.check(forward.is_empty())? || !ctx.check(backward.is_empty())?)
}

/// `{ [outer..., b0, b1] -> A[e] }` per array at the times of `band`'s instances (`instances`,
/// `{ [t] -> S[i] }`), every affine reference (the write and the reads); `None` where one is a
/// may-access, walks a column, or touches an element of a written array twice, or an array has
/// more than `MAX_REFERENCES`.
fn accesses_by_array<'c>(ctx: &'c IslContext, scop: &Scop, band: &ScheduleNode, instances: &UnionMap<'c>, depth: usize) -> IslResult<Option<BTreeMap<ArrayId, UnionMap<'c>>>> {
    let domain = ctx.check(band.get_domain())?;
    let sets = ctx.check(domain.get_set_list())?;
    let mut names = Vec::new();
    for k in 0..ctx.check(sets.size())? {
        names.push(ctx.check(ctx.check(sets.get_at(k))?.get_tuple_name())?.to_string());
    }
    let statements: Vec<_> = scop.statements.iter().filter(|s| names.contains(&s.name)).collect();
    let written: BTreeSet<ArrayId> = statements.iter().map(|s| s.write.array).collect();
    let mut references: BTreeMap<ArrayId, Vec<String>> = BTreeMap::new();
    for statement in statements {
        for access in statement.reads().into_iter().chain([&statement.write]) {
            if access.data.0.iter().any(Option::is_some) {
                return Ok(None);
            }
            let relation = scop.access_relation(statement, access);
            let texts = references.entry(access.array).or_default();
            if !texts.contains(&relation) {
                texts.push(relation);
            }
        }
    }
    let mut by_array = BTreeMap::new();
    for (array, texts) in references {
        if texts.len() > MAX_REFERENCES {
            return Ok(None);
        }
        let mut union = ctx.empty_union_map()?;
        for text in &texts {
            let on_instances = ctx.check(ctx.check(ctx.union_map(text)?.raw().copy())?.intersect_domain(ctx.check(domain.copy())?))?;
            let reference = UnionMap::from_raw(ctx, on_instances);
            // A written element used again by the same reference (a time loop's array, a
            // scalar): that reuse spans a sweep over the whole array. A read-only array read
            // again (nw-style strings, `a[i]` and `b[j]`) spans what the box below bounds.
            let self_reuse_far = written.contains(&array) && !reference.is_injective()?;
            let timed = instances.copy()?.apply_range(reference)?;
            if self_reuse_far || !walks_a_row(ctx, &timed, depth)? {
                return Ok(None);
            }
            union = union.union(timed)?;
        }
        by_array.insert(array, union);
    }
    Ok(Some(by_array))
}
