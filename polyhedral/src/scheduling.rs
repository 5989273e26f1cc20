//! Scheduling and tiling (paper 003, section 5.3: after propagation, scheduling and tiling
//! decide much of the gain; Polly's scheduler and tiler on the same model).
//!
//! [`schedule`] asks isl's scheduler (`isl_schedule_constraints_compute_schedule`) for a new
//! order of the model's statement instances: validity from every memory conflict in the
//! order the current schedule runs it (`dependences::conflicts`, all of RAW, WAR and WAW, so
//! that no location is read or written out of turn), proximity and coincidence from the same
//! relation (bring dependent instances together, find parallel loops). Each permutable band
//! of two or more members is then tiled (`isl_schedule_node_band_tile`; with the measured
//! sizes, only where tiles can shorten a reuse distance: `crate::reuse`), and
//! the point loops are reordered so that a parallel one is innermost (what LLVM's vectorizer
//! needs: a stride along a loop that carries no dependence), among them the one that walks
//! the most accesses at unit stride (the loop interchange paper 001's Table 3 reports for
//! backprop: `w[k][j]` walked along `j`).
//! The resulting schedule tree is flattened into one schedule map per statement
//! (`isl_schedule_get_map`; shorter ones padded with zeros, which orders nothing since a
//! sequence position already tells statements apart, and a last dimension with the
//! statement's position, which orders instances isl left unordered), which the rest of the
//! pipeline (AST, parallel loops, code generation) takes as it takes the `2d + 1` maps.
//!
//! Correctness does not rest on the scheduler: the new schedules are accepted only when they
//! run every memory conflict of the model source first (`keeps_order`, or where it finds one
//! out of order the check of a JSCoP import, `jscop::check_legality`, which names it) and give
//! no two instances the same time (`jscop::check_injective`); otherwise the model keeps its
//! schedule.
//!
//! isl's members minimize dependence distances, not strides. So a permutable band over the
//! instances of one statement is also tried in the order of the elements its write touches,
//! row by row (`in_memory_order`, where that band is permutable too), and of the two trees the
//! one whose schedule walks fewer cache lines (`schedule_cost`) is taken: nw's wavefront then
//! walks rows instead of anti-diagonals.
//!
//! Whether the new schedule is taken is `schedule_cost`'s decision (the driver asks it).
//! Tiles are squares of the `tile-size` option, except in bands tiled again for registers,
//! whose sizes follow the L2 cache (`tile_sizes`). Not yet: wavefronts of time-tiled stencils.

use crate::dependences;
pub use crate::reuse::NEAR_ROWS;
use crate::isl::{analysis_context, map_out_dims, timed_instances, IslContext, IslError, IslResult, UnionMap, UnionSet};
use crate::affine::{AffExpr, AffVar};
use crate::model::Scop;
use isl_rs::{DimType, MultiUnionPwAff, MultiVal, Schedule, ScheduleConstraints, ScheduleNode, ScheduleNodeType, Val};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

extern "C" {
    fn isl_options_set_schedule_whole_component(ctx: usize, value: i32) -> i32;
    fn isl_options_get_schedule_whole_component(ctx: usize) -> i32;
    fn isl_options_set_schedule_max_coefficient(ctx: usize, value: i32) -> i32;
    fn isl_options_set_schedule_max_constant_term(ctx: usize, value: i32) -> i32;
    fn isl_options_set_schedule_serialize_sccs(ctx: usize, value: i32) -> i32;
    fn isl_options_get_schedule_serialize_sccs(ctx: usize) -> i32;
    fn isl_options_set_schedule_outer_coincidence(ctx: usize, value: i32) -> i32;
    fn isl_options_get_schedule_outer_coincidence(ctx: usize) -> i32;
    fn isl_ctx_abort(ctx: usize);
    fn isl_schedule_constraints_compute_schedule(sc: usize) -> usize;
    fn isl_ctx_resume(ctx: usize);
}

/// Most statements a model may have to be rescheduled: isl's scheduler solves integer
/// programs over all statements of a component, whose time its operation quota does not
/// bound (a generated 40-statement pipeline took minutes).
pub const MAX_STATEMENTS: usize = 30;

/// Bounds on the schedule's coefficients and constant terms, as Polly sets them
/// (`-polly-opt-max-coefficient`, `-polly-opt-max-constant-term`): they keep the integer
/// programs small.
const MAX_COEFFICIENT: i32 = 20;
const MAX_CONSTANT_TERM: i32 = 20;

/// isl operations (simplex pivots, mostly) the scheduler may spend on one model. Its integer
/// programs' numbers can grow large enough that one pivot takes milliseconds (2mm at LARGE
/// sizes took minutes under the context's own quota); gemm needs some 3000, 3mm with its
/// reductions mapped back to arrays (`scalar_mapping`) over 20000. The stencils in time
/// (jacobi-2d, heat-3d, fdtd-2d) reach the watchdog below before the quota.
pub const SCHEDULER_OPERATIONS: u64 = 30_000;

/// Processor time the scheduler may take (the searching thread's, `with_deadline`): the
/// operation quota counts pivots, not their cost (a 7-statement generated program spent
/// minutes within it), so a watchdog aborts the context's computation (`isl_ctx_abort`, made
/// to be called from another thread) after it. Measured on 2026-12-02 (-DMEDIUM), the
/// schedules isl finds on PolyBench's 30 kernels, the pipelines, the Rodinia-like set and the
/// styles take at most 0.29-0.41 s (cholesky), the rest under 0.02 s (covariance 17 ms); where
/// it finds none (lu, gramschmidt, nussinov, ludcmp, both bilateral grids: integer programs
/// whose numbers grow in the cuts of `isl_tab_basic_set_non_trivial_lexmin`) it runs until
/// stopped, and 2 s spent so made lu's compilation 33x plain -O3's.
///
/// Measured and not taken: the outer-coincidence search first (lu, gramschmidt, nussinov and
/// cholesky found in 20-190 ms) gives cholesky a schedule whose code runs 1.35x slower and
/// leaves nw's wavefront unscheduled; proximity from the value-based RAW dependences only
/// (cholesky found in 0.14 s, gramschmidt in 0.13 s) gives code 1.75x (cholesky) and 11x
/// (gramschmidt) slower than proximity from every conflict; no option of isl's scheduler
/// (coalescing, carrying, coefficient bounds, separate components) shortened lu's or
/// cholesky's search.
pub const SCHEDULER_TIME: std::time::Duration = std::time::Duration::from_millis(500);

/// Processor time of the second search, where the first found no schedule within
/// `SCHEDULER_TIME`: isl asked for a coincident outer band first (`schedule_outer_coincidence`)
/// finds lu's schedule in 0.03 s, which its default search does not find in 0.5 s (lu at
/// MEDIUM then runs in 8.7 ms instead of 22 ms, the whole process), gramschmidt's in 0.02 s
/// and nussinov's in 0.09-0.19 s. ludcmp, doitgen and the bilateral grids find none either
/// way. It runs beside the first search (`Fallback`), so that where the first is stopped by its
/// watchdog it adds no time after it.
pub const OUTER_COINCIDENCE_TIME: std::time::Duration = std::time::Duration::from_millis(200);

/// What [`schedule`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Scheduled {
    /// The model with the new schedules.
    pub scop: Scop,
    /// Bands of isl's schedule fused into their predecessor (`band_fusion`).
    pub fused: usize,
    /// Bands tiled.
    pub tiled: usize,
    /// Point bands tiled again for registers.
    pub register_tiled: usize,
    /// Bands over one statement put in the order of its writes (`in_memory_order`).
    pub memory_ordered: usize,
    /// Permutable bands left untiled: every reuse in them is a few rows away (`crate::reuse`).
    pub near_reuse: usize,
    /// The cost of the new schedule (`schedule_cost::cost`) where choosing it needed it.
    pub cost: Option<crate::schedule_cost::Cost>,
}

/// The model rescheduled and tiled with `tile_size` (module documentation), or why not: an
/// isl failure, or a schedule the legality checks refuse (a bug of ours or of isl, never
/// generated).
pub fn schedule(ctx: &IslContext, scop: &Scop, tile_size: impl Into<TileSize>) -> IslResult<Result<Scheduled, String>> {
    schedule_for(ctx, scop, tile_size, REGISTER_COLUMNS)
}

/// The sizes of the tiles (`tile_sizes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileSize {
    /// Squares of `MEASURED_TILE_SIZE`, except in bands tiled again for registers, whose rows
    /// and reduction are as long as the L2 cache allows (`tile_sizes`).
    Measured,
    /// Squares of this size (the option `tile-size=N`).
    Square(i64),
}

impl From<i64> for TileSize {
    fn from(size: i64) -> Self {
        TileSize::Square(size)
    }
}

/// The side of `TileSize::Measured`'s square tiles: the best or within noise of it on the
/// 16-kernel set (docs/benchmarks/scheduling.txt).
pub const MEASURED_TILE_SIZE: i64 = 64;

/// `schedule` with register tiles `register_columns` wide (`register_columns`, from the
/// target's vector registers).
pub fn schedule_for(ctx: &IslContext, scop: &Scop, tile_size: impl Into<TileSize>, register_columns: i64) -> IslResult<Result<Scheduled, String>> {
    if scop.statements.is_empty() {
        return Ok(Err("no statement".into()));
    }
    if scop.statements.len() > MAX_STATEMENTS {
        return Ok(Err(format!("{} statements (at most {MAX_STATEMENTS} are scheduled)", scop.statements.len())));
    }
    let (domain, ordered) = ordered_conflicts(ctx, scop)?;
    let computed = compute_schedule(ctx, constraints_on(ctx, &domain, &ordered)?)?;
    let (computed, fused) = crate::band_fusion::fuse_sibling_bands(ctx, computed, &ordered)?;
    // Measured tiles go where they may pay; tiles of a size asked for go on every band.
    let (size, measured) = match tile_size.into() {
        TileSize::Measured => (MEASURED_TILE_SIZE, true),
        TileSize::Square(size) => (size, false),
    };
    let tiles = Tiles { size, fit_l2: measured, register_columns, memory_order: true, only_where_reuse_is_far: measured };
    let by_memory = tiled_model(ctx, scop, &ordered, &computed, tiles)?;
    if by_memory.1.memory_ordered == 0 {
        // No band in memory order: the tree is isl's.
        return checked(ctx, scop, &ordered, by_memory, None, fused);
    }
    let by_isl = tiled_model(ctx, scop, &ordered, &computed, Tiles { memory_order: false, ..tiles })?;
    // The legality checks cost as much as the model's cost: only the cheaper is checked,
    // unless it fails them.
    let costs = (crate::schedule_cost::cost(ctx, &by_memory.0)?, crate::schedule_cost::cost(ctx, &by_isl.0)?);
    let (first, second) = match costs.0.compare(&costs.1) {
        std::cmp::Ordering::Less => ((by_memory, costs.0), (by_isl, costs.1)),
        _ => ((by_isl, costs.1), (by_memory, costs.0)),
    };
    match checked(ctx, scop, &ordered, first.0, Some(first.1), fused)? {
        Ok(scheduled) => Ok(Ok(scheduled)),
        Err(_) => checked(ctx, scop, &ordered, second.0, Some(second.1), fused),
    }
}

/// `tiled`'s model as the scheduler's result if it passes the checks of a JSCoP import
/// (`jscop::check_injective`, and `jscop::check_legality` against `scop` unless
/// `keeps_order` already shows every conflict of `ordered` in order); why not otherwise.
fn checked(ctx: &IslContext, scop: &Scop, ordered: &UnionMap, tiled: (Scop, Tiled), cost: Option<crate::schedule_cost::Cost>, fused: usize) -> IslResult<Result<Scheduled, String>> {
    let (result, tiled) = tiled;
    let legal = || match keeps_order(ctx, ordered, &result) {
        Ok(true) => Ok(()),
        _ => crate::jscop::check_legality(ctx, scop, &result),
    };
    if let Err(refused) = crate::jscop::check_injective(ctx, &result).and_then(|()| legal()) {
        return Ok(Err(format!("the scheduler's schedule is refused: {refused}")));
    }
    Ok(Ok(Scheduled { scop: result, fused, tiled: tiled.bands, register_tiled: tiled.register, memory_ordered: tiled.memory_ordered, near_reuse: tiled.near_reuse, cost }))
}

/// Whether `result`'s schedules (one width, as `tiled_model` pads them) run the first
/// instance of every pair of `ordered` (the model's conflicts in their original order,
/// `ordered_conflicts`) before the second: no pair's times `{ θ'(T[j]) -> θ'(S[i]) }` are in
/// lexicographic order `<=`. Every dependence `jscop::check_legality` computes is such a
/// pair, so this proves what it checks; it compares the times of conflicting instances only,
/// where it compares every two statements' schedules (3mm's tiled model: ~0.01 s against
/// 0.34 s). `false` where it finds a pair out of order (the caller then asks
/// `check_legality`, which names it) or where isl fails.
fn keeps_order(ctx: &IslContext, ordered: &UnionMap, result: &Scop) -> IslResult<bool> {
    let timed = timed_instances(ctx, result)?;
    let width = map_out_dims(ctx, &result.statements[0].schedule)?;
    // { [t] -> [u] : t <=lex u }
    let t: Vec<String> = (0..width).map(|k| format!("t{k}")).collect();
    let u: Vec<String> = (0..width).map(|k| format!("u{k}")).collect();
    let mut cases: Vec<String> = (0..width)
        .map(|k| (0..k).map(|j| format!("t{j} = u{j} and ")).collect::<String>() + &format!("t{k} < u{k}"))
        .collect();
    cases.push((0..width).map(|j| format!("t{j} = u{j}")).collect::<Vec<_>>().join(" and "));
    let lex_le = ctx.union_map(&format!("{}{{ [{}] -> [{}] : {} }}", result.param_prefix(), t.join(", "), u.join(", "), cases.join(" or ")))?;
    // { θ'(T[j]) -> θ'(S[i]) : S[i] -> T[j] in ordered }
    let times = ordered.copy()?.apply_range(timed.copy()?)?.reverse()?.apply_range(timed)?;
    times.intersect(lex_le)?.is_empty()
}

/// The model under `computed` with its bands tiled (`tile_bands`), flattened into one schedule
/// map per statement (not checked yet).
fn tiled_model(ctx: &IslContext, scop: &Scop, ordered: &UnionMap, computed: &Schedule, tiles: Tiles) -> IslResult<(Scop, Tiled)> {
    let root = ctx.check(ctx.check(computed.copy())?.get_root())?;
    let mut tiled = Tiled::default();
    let root = tile_bands(ctx, scop, ordered, root, tiles, &mut tiled)?;
    let tree: Schedule = ctx.check(root.get_schedule())?;
    let map = ctx.check(tree.get_map())?;
    let mut result = scop.clone();
    let mut texts = Vec::new();
    for (statement, _, piece) in UnionMap::from_raw(ctx, map).pieces()? {
        let text = piece.to_isl_string()?;
        texts.push((statement, map_out_dims(ctx, &text)?, text));
    }
    let width = texts.iter().map(|t| t.1).max().unwrap_or(0);
    for (statement, _, text) in texts {
        // The scheduler's map holds the model's statements only.
        let position = result.statements.iter().position(|s| s.name == statement).ok_or(IslError::Complexity)?;
        result.statements[position].schedule = padded(ctx, &text, width, position)?;
    }
    Ok((result, tiled))
}

/// The scheduler's constraints on the model (module documentation): its statements'
/// domains under the assumed context, and every memory conflict in the order the current
/// schedule runs it as validity, proximity and coincidence.
fn constraints(ctx: &IslContext, scop: &Scop) -> IslResult<ScheduleConstraints> {
    let (domain, ordered) = ordered_conflicts(ctx, scop)?;
    constraints_on(ctx, &domain, &ordered)
}

/// Validity, proximity and coincidence from `ordered` on `domain`.
fn constraints_on(ctx: &IslContext, domain: &UnionSet, ordered: &UnionMap) -> IslResult<ScheduleConstraints> {
    let constraints = ctx.check(ScheduleConstraints::on_domain(ctx.check(domain.raw().copy())?))?;
    let constraints = ctx.check(constraints.set_validity(ctx.check(ordered.raw().copy())?))?;
    let constraints = ctx.check(constraints.set_proximity(ctx.check(ordered.raw().copy())?))?;
    ctx.check(constraints.set_coincidence(ctx.check(ordered.raw().copy())?))
}

/// The model's statement instances under the analysis context (a superset of the assumed one
/// without the parameters' type ranges, `isl::analysis_context`: the schedule is then legal
/// for more parameters than run), and every memory conflict in the order the current schedule
/// runs it: what any new order must keep.
fn ordered_conflicts<'c>(ctx: &'c IslContext, scop: &Scop) -> IslResult<(UnionSet<'c>, UnionMap<'c>)> {
    let assumed = analysis_context(ctx, scop)?;
    let mut domain = ctx.union_set(&scop.statements[0].domain)?;
    let mut timed = ctx.empty_union_map()?;
    for s in &scop.statements {
        let d = ctx.union_set(&s.domain)?;
        timed = timed.union(ctx.union_map(&s.schedule)?.intersect_domain(d.copy()?)?)?;
        domain = domain.union(d)?;
    }
    let domain = domain.intersect_params(&assumed)?;
    // { S[i] -> T[j] : conflict, θ(S[i]) <lex θ(T[j]) }: what the new order must keep.
    let conflicts = dependences::conflicts(ctx, scop, false)?;
    let both = conflicts.copy()?.union(conflicts.reverse()?)?;
    let ordered = both.intersect(timed.copy()?.lex_lt(timed)?)?;
    Ok((domain, ordered))
}

/// The bands, in preorder, of the schedule [`schedule`] computes for the model, before any
/// tiling: what `polyprop profile report --static` compares the profile's schedule with.
/// A model without statements has none; one with more than `MAX_STATEMENTS` is
/// `IslError::Complexity`, as [`schedule`] refuses it.
pub fn model_band_structure(ctx: &IslContext, scop: &Scop) -> IslResult<Vec<BandShape>> {
    if scop.statements.is_empty() {
        return Ok(Vec::new());
    }
    if scop.statements.len() > MAX_STATEMENTS {
        return Err(IslError::Complexity);
    }
    let computed = compute_schedule(ctx, constraints(ctx, scop)?)?;
    let mut bands = Vec::new();
    collect_bands(ctx, &ctx.check(computed.get_root())?, 0, &mut bands)?;
    Ok(bands)
}

/// One band of a schedule tree, as [`band_structure`] reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandShape {
    /// Bands above it in the tree (0 for an outermost band).
    pub depth: usize,
    pub members: usize,
    pub permutable: bool,
    /// Per member: carries no coincidence dependence (a parallel loop).
    pub coincident: Vec<bool>,
    /// Per member: for some statement, an affine combination of two or more of its
    /// iterators (`t + i`: a skew), not one iterator or a constant.
    pub skewed: Vec<bool>,
}

/// The bands, in preorder, of isl's schedule of `domain` under the given constraints (isl
/// text: `{ S[i, j] : ... }`, `{ S[i, j] -> T[i', j'] : ... }`), computed as [`schedule`]
/// computes it (same options, quota and watchdog), for callers that have isl relations but
/// no model: `polyprop profile report` on the folded dependences (paper 001, section 5).
pub fn band_structure(ctx: &IslContext, domain: &str, validity: &str, proximity: &str, coincidence: &str) -> IslResult<Vec<BandShape>> {
    let constraints = ctx.check(ScheduleConstraints::on_domain(ctx.check(ctx.union_set(domain)?.raw().copy())?))?;
    let constraints = ctx.check(constraints.set_validity(ctx.check(ctx.union_map(validity)?.raw().copy())?))?;
    let constraints = ctx.check(constraints.set_proximity(ctx.check(ctx.union_map(proximity)?.raw().copy())?))?;
    let constraints = ctx.check(constraints.set_coincidence(ctx.check(ctx.union_map(coincidence)?.raw().copy())?))?;
    let computed = compute_schedule(ctx, constraints)?;
    let mut bands = Vec::new();
    collect_bands(ctx, &ctx.check(computed.get_root())?, 0, &mut bands)?;
    Ok(bands)
}

/// The bands at and below `node`, `depth` bands above it.
fn collect_bands(ctx: &IslContext, node: &ScheduleNode, depth: usize, bands: &mut Vec<BandShape>) -> IslResult<()> {
    let mut below = depth;
    if ctx.check(node.get_type())? == ScheduleNodeType::Band {
        let members = ctx.check(node.band_n_member())?;
        bands.push(BandShape {
            depth,
            members: members as usize,
            permutable: ctx.check(node.band_get_permutable())?,
            coincident: coincidence(ctx, node, members)?,
            skewed: skewed_members(ctx, node, members)?,
        });
        below += 1;
    }
    for k in 0..ctx.check(node.n_children())? {
        collect_bands(ctx, &ctx.check(node.get_child(k))?, below, bands)?;
    }
    Ok(())
}

/// Whether each of the band `node`'s `members` combines iterators of some statement: an
/// affine piece of its partial schedule with two or more non-zero iterator coefficients.
fn skewed_members(ctx: &IslContext, node: &ScheduleNode, members: i32) -> IslResult<Vec<bool>> {
    let schedule = ctx.check(node.band_get_partial_schedule())?;
    let mut skewed = Vec::new();
    for member in 0..members {
        let pieces = ctx.check(ctx.check(schedule.get_at(member))?.get_pw_aff_list())?;
        let mut combines = false;
        for k in 0..ctx.check(pieces.size())? {
            let piece = ctx.check(pieces.get_at(k))?;
            if !ctx.check(piece.isa_aff())? {
                continue;
            }
            let aff = ctx.check(piece.as_aff())?;
            let mut iterators = 0;
            for d in 0..ctx.check(aff.dim(DimType::In))? {
                if ctx.check(ctx.check(aff.get_coefficient_val(DimType::In, d))?.get_num_si())? != 0 {
                    iterators += 1;
                }
            }
            combines |= iterators >= 2;
        }
        skewed.push(combines);
    }
    Ok(skewed)
}

/// isl's scheduler on `constraints` with the options, operation quota and watchdog every
/// caller shares: whole components, serialized SCCs, Polly's coefficient bounds, at most
/// `SCHEDULER_OPERATIONS` and `SCHEDULER_TIME`; where that finds none, the schedule of a
/// second search asking for coincident outer bands (`OUTER_COINCIDENCE_TIME`), which runs
/// beside the first on a thread of its own (`Fallback`). Any failure (quota, watchdog or
/// another isl error) is `IslError::Complexity`: the caller leaves things as they were.
///
/// Constraints on which both searches failed are remembered (`FAILED_SEARCHES`) and fail at
/// once when asked again: the driver schedules the same model more than once where a
/// transform is retried in another form (ludcmp's kernel four times, 0.7 s of watchdog each,
/// and isl's pivots on large numbers overrun the watchdog: 4 s of compile time).
fn compute_schedule(ctx: &IslContext, constraints: ScheduleConstraints) -> IslResult<Schedule> {
    let key = constraints.to_str().ok().map(str::to_owned);
    if key.as_ref().is_some_and(|k| FAILED_SEARCHES.with(|failed| failed.borrow().contains(k))) {
        return Err(IslError::Complexity);
    }
    let again = ctx.check(constraints.copy())?;
    let fallback = key.clone().and_then(Fallback::start);
    let found = match (search(ctx, constraints, Search::first()), fallback) {
        // Stopped by its watchdog: the second search has had as long.
        (Err(NotFound::TimedOut), Some(fallback)) => fallback.result(ctx),
        (first, fallback) => {
            if let Some(fallback) = fallback {
                fallback.cancel();
            }
            // Out of quota, at once: the second search in place costs as little, where isl's
            // text can make it costlier (adi's and doitgen's: 0.1 s more in a context of
            // their own).
            first.or_else(|_| search(ctx, again, Search::fallback(None))).map_err(IslError::from)
        }
    };
    if let (Err(IslError::Complexity), Some(key)) = (&found, key) {
        remember_failure(key);
    }
    found
}

/// Adds `constraints` (isl's text) to the failed searches, forgetting all of them when
/// `MAX_FAILED_SEARCHES` are remembered.
fn remember_failure(constraints: String) {
    FAILED_SEARCHES.with(|failed| {
        let mut failed = failed.borrow_mut();
        if failed.len() >= MAX_FAILED_SEARCHES {
            failed.clear();
        }
        failed.insert(constraints);
    });
}

/// Most failed searches remembered; past it the memory starts again.
const MAX_FAILED_SEARCHES: usize = 64;

thread_local! {
    /// Schedule constraints (isl's text) on which `compute_schedule` found no schedule, for
    /// the compilation of one module (clang compiles a module per thread).
    static FAILED_SEARCHES: std::cell::RefCell<std::collections::HashSet<String>> = Default::default();
}

/// One run of isl's scheduler (`compute_schedule`).
struct Search {
    /// `schedule_outer_coincidence`: isl first looks for outer bands whose members are all
    /// coincident.
    outer_coincidence: bool,
    /// The watchdog's limit.
    time: std::time::Duration,
    /// Set by another thread to stop the search now (`Fallback::cancel`).
    cancel: Option<Arc<AtomicBool>>,
}

impl Search {
    /// isl's default search, `SCHEDULER_TIME`.
    fn first() -> Self {
        Search { outer_coincidence: false, time: SCHEDULER_TIME, cancel: None }
    }

    /// Outer coincidence first, `OUTER_COINCIDENCE_TIME`.
    fn fallback(cancel: Option<Arc<AtomicBool>>) -> Self {
        Search { outer_coincidence: true, time: OUTER_COINCIDENCE_TIME, cancel }
    }
}

/// The second search of `compute_schedule`, run beside the first on a thread and in an isl
/// context of its own (the constraints and the schedule pass through isl's text, which gives
/// the same schedules: lu's, gramschmidt's and nussinov's, objects byte-identical). Where the
/// first search's watchdog stops it, the second's result is there instead of being searched
/// for then: ludcmp and nussinov compile 0.1-0.2 s sooner. Where the first finds a schedule,
/// the second is stopped; where the first runs out of its quota (at once: adi, doitgen), the
/// second is stopped and run in place as before. Each search keeps its own processor-time
/// limit, so results do not depend on which ends first.
struct Fallback {
    cancel: Arc<AtomicBool>,
    /// Ends the wait before the search (`FALLBACK_DELAY`).
    wake: std::sync::mpsc::Sender<()>,
    thread: std::thread::JoinHandle<Option<String>>,
}

/// How long the second search waits before it reads the constraints: the first search finds
/// most schedules, or runs out of its quota, sooner (under 0.04 s on our programs), and then
/// the second is not started at all (reading the text in a context of its own took adi 0.15 s).
const FALLBACK_DELAY: std::time::Duration = std::time::Duration::from_millis(50);

impl Fallback {
    /// The search on `constraints` (isl's text) started; `None` if no thread could be made.
    fn start(constraints: String) -> Option<Self> {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let (wake, woken) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("polyprop-schedule".into())
            .spawn(move || {
                if !matches!(woken.recv_timeout(FALLBACK_DELAY), Err(std::sync::mpsc::RecvTimeoutError::Timeout)) {
                    return None;
                }
                let ctx = IslContext::with_default_quota();
                let constraints = ctx.check(ScheduleConstraints::read_from_str(ctx.raw(), &constraints)).ok()?;
                let found = search(&ctx, constraints, Search::fallback(Some(flag))).ok()?;
                found.to_str().ok().map(str::to_owned)
            })
            .ok()?;
        Some(Fallback { cancel, wake, thread })
    }

    /// The schedule found, read into `ctx`; `IslError::Complexity` where none was.
    fn result(self, ctx: &IslContext) -> IslResult<Schedule> {
        let text = self.thread.join().ok().flatten().ok_or(IslError::Complexity)?;
        ctx.check(Schedule::read_from_str(ctx.raw(), &text))
    }

    /// Stops the search and waits for its thread.
    fn cancel(self) {
        self.cancel.store(true, Ordering::Relaxed);
        let _ = self.wake.send(());
        let _ = self.thread.join();
    }
}

/// Why a search gave no schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NotFound {
    /// Its watchdog stopped it (`with_deadline`).
    TimedOut,
    /// The operation quota, another isl failure, or a cancel.
    Failed,
}

impl From<NotFound> for IslError {
    fn from(_: NotFound) -> Self {
        IslError::Complexity
    }
}

fn search(ctx: &IslContext, constraints: ScheduleConstraints, how: Search) -> Result<Schedule, NotFound> {
    // isl's clustering of components (its default) crashes in `isl_scc_graph_sub` on some of
    // the generator's programs (tests/scheduling.rs): schedule each component whole.
    // SAFETY: the context is live; the option is restored below.
    let whole = unsafe { isl_options_get_schedule_whole_component(ctx.raw().ptr) };
    let serialize = unsafe { isl_options_get_schedule_serialize_sccs(ctx.raw().ptr) };
    let outer = unsafe { isl_options_get_schedule_outer_coincidence(ctx.raw().ptr) };
    unsafe {
        isl_options_set_schedule_whole_component(ctx.raw().ptr, 1);
        isl_options_set_schedule_serialize_sccs(ctx.raw().ptr, 1);
        isl_options_set_schedule_outer_coincidence(ctx.raw().ptr, i32::from(how.outer_coincidence));
        isl_options_set_schedule_max_coefficient(ctx.raw().ptr, MAX_COEFFICIENT);
        isl_options_set_schedule_max_constant_term(ctx.raw().ptr, MAX_CONSTANT_TERM);
    }
    let quota = ctx.raw().get_max_operations();
    ctx.raw().set_max_operations(SCHEDULER_OPERATIONS);
    ctx.reset_quota();
    // Called directly: isl-rs's wrapper reads the message of a failure, and an abort has none.
    let mut constraints = constraints;
    constraints.do_not_free_on_drop();
    let sc = constraints.ptr;
    // SAFETY: isl takes the constraints; the result is a new schedule or null.
    let (computed, timed_out) = with_deadline(ctx, how.time, how.cancel, || unsafe { isl_schedule_constraints_compute_schedule(sc) });
    ctx.raw().set_max_operations(quota);
    ctx.reset_quota();
    unsafe {
        isl_options_set_schedule_whole_component(ctx.raw().ptr, whole);
        isl_options_set_schedule_serialize_sccs(ctx.raw().ptr, serialize);
        isl_options_set_schedule_outer_coincidence(ctx.raw().ptr, outer);
    }
    if computed == 0 {
        // Out of quota or of time (or another isl failure): the model keeps its schedule.
        ctx.raw().reset_error();
        return Err(match timed_out {
            true => NotFound::TimedOut,
            false => NotFound::Failed,
        });
    }
    Ok(Schedule { ptr: computed, should_free_on_drop: true })
}

/// `compute()`, aborted by a watchdog thread through `isl_ctx_abort` once the calling thread
/// has spent `limit` of processor time on it (isl then fails the computation: `schedule` gets
/// a null schedule and reports it as out of quota); the context is usable again afterwards
/// (`isl_ctx_resume`).
///
/// Processor time, not wall-clock time: on a loaded machine (a parallel build, or lit's
/// workers beside the compiler) the wall clock runs ahead of the work, and a search that
/// finds its schedule in 0.3 s of processor time (cholesky's) was stopped and the fallback's
/// schedule taken, whose code runs 35% slower: the object depended on the machine's load.
/// The thread's own clock makes the result the same under load; `WALL_LIMIT_FACTOR` times
/// `limit` of wall-clock time still ends a search whose thread is starved of the processor.
/// `cancel`, once set, stops it too (within `WATCHDOG_POLL`).
fn with_deadline<T>(ctx: &IslContext, limit: std::time::Duration, cancel: Option<Arc<AtomicBool>>, compute: impl FnOnce() -> T) -> (T, bool) {
    let raw = ctx.raw().ptr;
    let clock = ThreadClock::current();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        let start = (std::time::Instant::now(), clock.and_then(|c| c.elapsed()));
        loop {
            let spent = match (clock.and_then(|c| c.elapsed()), start.1) {
                (Some(now), Some(then)) => now.saturating_sub(then),
                // Without the thread's clock, wall-clock time.
                _ => start.0.elapsed(),
            };
            let cancelled = cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
            let timed_out = spent >= limit || start.0.elapsed() >= limit * WALL_LIMIT_FACTOR;
            if timed_out || cancelled {
                // SAFETY: the context outlives the thread (joined below before `ctx` can go);
                // isl_ctx_abort only sets the flag isl polls at each operation.
                unsafe { isl_ctx_abort(raw) };
                return timed_out;
            }
            // The thread cannot have spent `limit` before `limit - spent` has passed.
            let wait = match cancel {
                Some(_) => WATCHDOG_POLL,
                None => (limit - spent).max(WATCHDOG_POLL),
            };
            match finished.recv_timeout(wait) {
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                _ => return false,
            }
        }
    });
    let result = compute();
    let _ = done.send(());
    let timed_out = watchdog.join().unwrap_or(false);
    // SAFETY: the context is live; clears the abort flag for the work that follows.
    unsafe { isl_ctx_resume(raw) };
    (result, timed_out)
}

/// How much wall-clock time a search may take, in multiples of its processor-time limit
/// (`with_deadline`).
const WALL_LIMIT_FACTOR: u32 = 4;

/// The watchdog's shortest wait between two readings of the thread's clock.
const WATCHDOG_POLL: std::time::Duration = std::time::Duration::from_millis(5);

/// The processor-time clock of one thread (`pthread_getcpuclockid`), readable from another.
#[derive(Clone, Copy)]
struct ThreadClock(libc::clockid_t);

impl ThreadClock {
    /// The calling thread's clock, if the system gives one.
    fn current() -> Option<Self> {
        let mut id: libc::clockid_t = 0;
        // SAFETY: `pthread_self` is the live calling thread; `id` is a valid out pointer.
        (unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) } == 0).then_some(ThreadClock(id))
    }

    /// The processor time the thread has spent so far.
    fn elapsed(self) -> Option<std::time::Duration> {
        let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `now` is a valid out pointer; a clock of a thread that ended fails (-1).
        (unsafe { libc::clock_gettime(self.0, &mut now) } == 0).then(|| std::time::Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
    }
}

/// How bands are tiled: tiles of `size`, bands tiled again for registers sized for the L2
/// cache with `fit_l2` (`tile_sizes`), register tiles of `REGISTER_ROWS` by
/// `register_columns`; with `memory_order`, a band over one statement first takes the order
/// of its writes where that is legal (`in_memory_order`).
#[derive(Clone, Copy)]
struct Tiles {
    size: i64,
    fit_l2: bool,
    register_columns: i64,
    memory_order: bool,
    /// Bands whose every reuse is a few rows away stay untiled (`crate::reuse`).
    only_where_reuse_is_far: bool,
}

/// Bands tiled, point bands tiled again for registers, bands put in memory order, and bands
/// left untiled because every reuse in them is near.
#[derive(Default)]
struct Tiled {
    bands: usize,
    register: usize,
    memory_ordered: usize,
    near_reuse: usize,
}

/// Tiles every permutable band of two or more members below `node` (the point bands isl
/// puts under the tiles are not tiled again); returns the node at the same position.
fn tile_bands(ctx: &IslContext, scop: &Scop, ordered: &UnionMap, node: ScheduleNode, tiles: Tiles, tiled: &mut Tiled) -> IslResult<ScheduleNode> {
    let mut node = node;
    if ctx.check(node.get_type())? == ScheduleNodeType::Band
        && ctx.check(node.band_get_permutable())?
        && ctx.check(node.band_n_member())? >= 2
    {
        if tiles.memory_order {
            if let Some(reordered) = in_memory_order(ctx, scop, &node, ordered)? {
                node = reordered;
                tiled.memory_ordered += 1;
            }
        }
        node = unit_stride_last(ctx, scop, node)?;
        if tiles.only_where_reuse_is_far {
            // The band as it would run untiled: a parallel member innermost.
            let untiled = innermost_parallel(ctx, ctx.check(node.copy())?)?;
            if !crate::reuse::tiling_shortens_reuse(ctx, scop, &untiled)? {
                tiled.near_reuse += 1;
                return children(ctx, scop, ordered, untiled, tiles, tiled);
            }
        }
        let sizes = tile_sizes(ctx, &node, tiles)?;
        node = ctx.check(node.band_tile(sizes))?;
        tiled.bands += 1;
        // The point band under the tile band: continue below it.
        node = innermost_parallel(ctx, ctx.check(node.child(0))?)?;
        // Below the register points when the point band was tiled for registers.
        let (below, levels) = register_tile(ctx, node, tiles.register_columns)?;
        tiled.register += levels;
        node = children(ctx, scop, ordered, below, tiles, tiled)?;
        for _ in 0..levels {
            node = ctx.check(node.parent())?;
        }
        return ctx.check(node.parent());
    }
    children(ctx, scop, ordered, node, tiles, tiled)
}

/// Rows and columns of a register tile: `REGISTER_ROWS` values of the outer parallel point
/// loops times `REGISTER_COLUMNS` of the innermost (the vector loop) stay in registers across
/// the loop that carries the dependence; 4 x 8 doubles are 8 AVX2 registers of accumulators.
/// `register_columns` widens the tile for wider vector registers.
pub const REGISTER_ROWS: i64 = 4;
pub const REGISTER_COLUMNS: i64 = 8;

/// The columns of a register tile for vector registers of `vector_bytes`: two registers of
/// doubles per row where there are 16 vector registers (AVX2: 4 x 8 doubles are 8 of them),
/// six where there are 32 (AVX-512: 4 x 48 doubles are 24 accumulators, with the six
/// registers of the reduction's operand row and one broadcast value 31 of the 32, and each
/// value broadcast from the rows' operand serves six multiply-adds; gemm -DLARGE 78-85 ms with
/// 4 x 16, 73-76 with 4 x 32, 64-67 with 4 x 48 and the tile sizes of `tile_sizes`,
/// docs/benchmarks/scheduling.txt); at least `REGISTER_COLUMNS`. A partial tile's columns are
/// split into register tiles of 16 and 8 (`register_tiles`), so 16 columns (backprop's
/// hidden units) still fill one.
pub fn register_columns(vector_bytes: i64) -> i64 {
    let registers_per_row = if vector_bytes >= 64 { 6 } else { 2 };
    (registers_per_row * vector_bytes / 8).max(REGISTER_COLUMNS)
}

/// For [`crate::register_tiles::unroll_register_tiles_reordering`] on the AST of a
/// rescheduled `scop`: whether the columns (AST loop `column`) of the register tiles of
/// `statements` may be split into tiles of their own around AST loop `outer`
/// ([`TileLoops::column_order_free`]).
pub fn column_order_free<'c>(ctx: &'c IslContext, scop: &'c Scop) -> impl Fn(&[usize], usize, usize) -> bool + 'c {
    let loops = TileLoops::new(ctx, scop);
    move |statements: &[usize], outer: usize, column: usize| loops.column_order_free(statements, outer, column)
}

/// What the model of a rescheduled `scop` says of the loops of its AST's tiles, for
/// [`crate::register_tiles::unroll_register_tiles_reordering`]. The model's conflicts are
/// compared in its flat schedules, whose dimension an AST iterator scans is the statement's
/// band of that depth (`schedule_tree::band_dimensions`). Every answer is false where isl
/// fails or runs out of quota.
pub struct TileLoops<'c> {
    ctx: &'c IslContext,
    scop: &'c Scop,
    /// The model's conflicts and its statements' times.
    prepared: Option<(UnionMap<'c>, UnionMap<'c>)>,
    /// Per set of statements, the times of their conflicting instances (`times_of_conflicts`):
    /// each tile asks of the same statements at several loops.
    conflict_times: std::cell::RefCell<std::collections::HashMap<Vec<usize>, UnionMap<'c>>>,
}

impl<'c> TileLoops<'c> {
    pub fn new(ctx: &'c IslContext, scop: &'c Scop) -> Self {
        let prepared = || -> IslResult<(UnionMap<'c>, UnionMap<'c>)> { Ok((dependences::conflicts(ctx, scop, false)?, timed_instances(ctx, scop)?)) };
        TileLoops { ctx, scop, prepared: prepared().ok(), conflict_times: Default::default() }
    }

    /// Whether AST loop `outer` carries a dependence among the instances of `statements`:
    /// a loop around a register tile that accumulates (gemm's `k`), whose unrolled points
    /// LLVM keeps in registers across it; not one that only walks elements (`C[i][j] *=
    /// beta`), whose points the loop vectorizer handles as loops.
    pub fn carries(&self, statements: &[usize], outer: usize) -> bool {
        self.differences(statements, outer, &[outer]).map_or(false, |d| d[0])
    }

    /// Whether the columns (AST loop `column`) of the register tiles of `statements` may be
    /// split into tiles of their own around AST loop `outer`: `outer` carries a dependence
    /// among their instances (an accumulation, which the split keeps in registers), and every
    /// conflict between their instances inside one iteration of the loops around `outer`
    /// joins instances of one column (so any order of the columns keeps it).
    pub fn column_order_free(&self, statements: &[usize], outer: usize, column: usize) -> bool {
        self.differences(statements, outer, &[outer, column]).map_or(false, |d| d[0] && !d[1])
    }

    /// For each AST loop of `loops`: whether two conflicting instances of `statements` that
    /// agree on the loops around AST loop `outer` differ in that loop's flat dimension.
    fn differences(&self, statements: &[usize], outer: usize, loops: &[usize]) -> IslResult<Vec<bool>> {
        let (ctx, scop) = (self.ctx, self.scop);
        let (Some((_, timed)), Some(&first)) = (&self.prepared, statements.first()) else { return Err(IslError::Complexity) };
        let Some(bands) = crate::schedule_tree::band_dimensions(ctx, timed, &scop.statements[first].name)? else { return Err(IslError::Complexity) };
        let dimension = |l: usize| bands.get(l).copied().ok_or(IslError::Complexity);
        let k = dimension(outer)?;
        let width = map_out_dims(ctx, &scop.statements[first].schedule)?;
        let pairs = self.times_of_conflicts(statements)?;
        let differ_at = |d: usize| -> IslResult<bool> {
            let a: Vec<String> = (0..width).map(|d| format!("a{d}")).collect();
            let b: Vec<String> = (0..width).map(|d| format!("b{d}")).collect();
            let mut constraints: Vec<String> = (0..k).map(|d| format!("a{d} = b{d}")).collect();
            constraints.push(format!("(a{d} < b{d} or a{d} > b{d})"));
            let query = format!("{{ [{}] -> [{}] : {} }}", a.join(", "), b.join(", "), constraints.join(" and "));
            Ok(!pairs.copy()?.intersect(ctx.union_map(&query)?)?.is_empty()?)
        };
        loops.iter().map(|&l| differ_at(dimension(l)?)).collect()
    }

    /// `{ t -> t' : instances of `statements` at t and t' conflict }`.
    fn times_of_conflicts(&self, statements: &[usize]) -> IslResult<UnionMap<'c>> {
        if let Some(pairs) = self.conflict_times.borrow().get(statements) {
            return pairs.copy();
        }
        let (ctx, scop) = (self.ctx, self.scop);
        let Some((conflicts, timed)) = &self.prepared else { return Err(IslError::Complexity) };
        let Some((&first, rest)) = statements.split_first() else { return Err(IslError::Complexity) };
        let mut domains = ctx.union_set(&scop.statements[first].domain)?;
        for &s in rest {
            domains = domains.union(ctx.union_set(&scop.statements[s].domain)?)?;
        }
        let among = conflicts.copy()?.intersect_domain(domains.copy()?)?.intersect_range(domains)?;
        let pairs = among.apply_range(timed.copy()?)?.reverse()?.apply_range(timed.copy()?)?;
        self.conflict_times.borrow_mut().insert(statements.to_vec(), pairs.copy()?);
        Ok(pairs)
    }
}

/// The point band `node` (parallel members, then those that carry dependences, then the
/// parallel innermost: `innermost_parallel`) tiled once more for registers, as the
/// micro-kernels of BLAS libraries are: the parallel members by `REGISTER_ROWS` and
/// `REGISTER_COLUMNS`, those that carry dependences not at all, and the register-tile loops
/// reordered so that the dependence-carrying ones run innermost. Under them the register
/// points (`4 x 8` values of one reduction, say) form loops of constant trip count in full
/// tiles, which [`crate::register_tiles::unroll_register_tiles`] unrolls so that LLVM keeps the values in
/// registers across the reduction. Returns the register-point band and 1 (the levels below
/// `node`'s position), or `node` unchanged and 0 when the band has no member of each kind.
fn register_tile(ctx: &IslContext, node: ScheduleNode, columns: i64) -> IslResult<(ScheduleNode, usize)> {
    let members = ctx.check(node.band_n_member())?;
    let Some(coincident) = register_tileable(ctx, &node)? else { return Ok((node, 0)) };
    if !coincident[members as usize - 1] {
        return Ok((node, 0));
    }
    let space = ctx.check(node.band_get_space())?;
    let mut sizes = ctx.check(MultiVal::zero(space))?;
    for (k, &parallel) in coincident.iter().enumerate() {
        let size = match (parallel, k as i32 == members - 1) {
            (true, true) => columns,
            (true, false) => REGISTER_ROWS,
            (false, _) => 1,
        };
        sizes = ctx.check(sizes.set_val(k as i32, ctx.check(Val::int_from_si(ctx.raw(), size))?))?;
    }
    let node = ctx.check(node.band_tile(sizes))?;
    let mut order: Vec<i32> = (0..members).filter(|&k| coincident[k as usize]).collect();
    order.extend((0..members).filter(|&k| !coincident[k as usize]));
    let node = permute_band(ctx, node, &order)?;
    Ok((ctx.check(node.child(0))?, 1))
}

/// The coincidence of the permutable band `node`'s members if `register_tile` tiles its point
/// band again (some member parallel, some not, over boxes), `None` otherwise.
fn register_tileable(ctx: &IslContext, node: &ScheduleNode) -> IslResult<Option<Vec<bool>>> {
    let members = ctx.check(node.band_n_member())?;
    let coincident = coincidence(ctx, node, members)?;
    let tileable = members >= 2 && coincident.iter().any(|&c| c) && !coincident.iter().all(|&c| c) && boxes(ctx, node)?;
    Ok(tileable.then_some(coincident))
}

/// The sizes of the tiles of the permutable band `node`: `tiles.size` in every member, except
/// in a band that `register_tile` tiles again. There the columns (the last parallel member,
/// innermost once `innermost_parallel` has run) are whole register tiles, at least
/// `tiles.size`, and with `tiles.fit_l2` the rows and the reduction are `tiles.size` doubled
/// while the tile's three blocks of doubles (rows x reduction, reduction x columns, rows x
/// columns: gemm's A, B and C) fit in `L2_BYTES`: the reduction's operand block then stays
/// in L2 across the rows' register tiles, and each accumulator is loaded and stored once per
/// 256 steps of the reduction, not 64 (gemm -DLARGE 64-67 ms against 75-79 with 64 x 96 x 64,
/// 2mm and 3mm 3-15% faster, covariance and correlation the same;
/// docs/benchmarks/scheduling.txt).
fn tile_sizes(ctx: &IslContext, node: &ScheduleNode, tiles: Tiles) -> IslResult<MultiVal> {
    let members = ctx.check(node.band_n_member())?;
    let mut per_member = vec![tiles.size; members as usize];
    if let Some(coincident) = register_tileable(ctx, node)? {
        let column = coincident.iter().rposition(|&c| c).unwrap_or(0);
        let columns = (tiles.size + tiles.register_columns - 1) / tiles.register_columns * tiles.register_columns;
        let fits = |t: i64| 8 * (t * t + 2 * t * columns) <= L2_BYTES;
        let mut side = tiles.size;
        while tiles.fit_l2 && fits(2 * side) {
            side *= 2;
        }
        for (k, size) in per_member.iter_mut().enumerate() {
            *size = if k == column { columns } else { side };
        }
    }
    let mut sizes = ctx.check(MultiVal::zero(ctx.check(node.band_get_space())?))?;
    for (k, &size) in per_member.iter().enumerate() {
        sizes = ctx.check(sizes.set_val(k as i32, ctx.check(Val::int_from_si(ctx.raw(), size))?))?;
    }
    Ok(sizes)
}

/// The L2 cache a register-tiled band's tiles are sized for (`tile_sizes`): this machine's
/// (AMD EPYC, 1 MiB per core); LLVM 14's target information reports no L2 size for it.
pub const L2_BYTES: i64 = 1 << 20;

/// Whether every statement's instances under `node` form a box: on a triangle (syrk's
/// `j <= i`) the register tiles on the diagonal are partial, isl does not separate the full
/// ones, and the register points stay loops of at most 8 iterations with a `min` bound, slower
/// than the tile's point loops they replace (syrk 0.52x of plain -O3).
fn boxes(ctx: &IslContext, node: &ScheduleNode) -> IslResult<bool> {
    let sets = ctx.check(ctx.check(node.get_domain())?.get_set_list())?;
    for k in 0..ctx.check(sets.size())? {
        if !crate::schedule_cost::is_box(ctx, ctx.check(sets.get_at(k))?)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The members of a permutable band reordered so that a parallel (coincident) one is
/// innermost and the loops that carry dependences run outside it: the point loops of gemm's
/// tile run `i, k, j`, whose innermost loop LLVM vectorizes (a loop that carries a reduction it
/// cannot vectorize without reassociating). Any order of a permutable band is legal.
fn innermost_parallel(ctx: &IslContext, node: ScheduleNode) -> IslResult<ScheduleNode> {
    let members = ctx.check(node.band_n_member())?;
    let coincident = coincidence(ctx, &node, members)?;
    let Some(last) = coincident.iter().rposition(|&c| c) else { return Ok(node) };
    let mut order: Vec<i32> = (0..members).filter(|&k| coincident[k as usize] && k as usize != last).collect();
    order.extend((0..members).filter(|&k| !coincident[k as usize]));
    order.push(last as i32);
    permute_band(ctx, node, &order)
}

/// The permutable band `node` with the parallel member that walks the most accesses at unit
/// stride (`unit_stride_accesses`) moved after the other parallel ones, so that
/// `innermost_parallel` makes it the innermost point loop; unchanged where the last parallel
/// member walks as many. Any order of a permutable band is legal.
fn unit_stride_last(ctx: &IslContext, scop: &Scop, node: ScheduleNode) -> IslResult<ScheduleNode> {
    let members = ctx.check(node.band_n_member())?;
    let coincident = coincidence(ctx, &node, members)?;
    let Some(last) = coincident.iter().rposition(|&c| c) else { return Ok(node) };
    let schedule = ctx.check(node.band_get_partial_schedule())?;
    let mut best = (unit_stride_accesses(ctx, scop, &schedule, last as i32)?, last as i32);
    for k in (0..last as i32).filter(|&k| coincident[k as usize]) {
        let score = unit_stride_accesses(ctx, scop, &schedule, k)?;
        if score > best.0 {
            best = (score, k);
        }
    }
    if best.1 == last as i32 {
        return Ok(node);
    }
    let mut order: Vec<i32> = (0..members).filter(|&k| k != best.1).collect();
    let after_last = order.iter().position(|&k| k == last as i32).map_or(order.len(), |p| p + 1);
    order.insert(after_last, best.1);
    permute_band(ctx, node, &order)
}

/// How many more accesses band member `member` of `schedule` walks at unit stride than along
/// an outer dimension: for each statement where the member is one iterator (`±i_d`), each
/// affine array access whose innermost subscript has coefficient ±1 in `i_d` and whose other
/// subscripts do not use it counts 1, each access with an outer subscript in `i_d` counts -1.
fn unit_stride_accesses(ctx: &IslContext, scop: &Scop, schedule: &MultiUnionPwAff, member: i32) -> IslResult<i64> {
    let pieces = ctx.check(ctx.check(schedule.get_at(member))?.get_pw_aff_list())?;
    let mut score = 0;
    for k in 0..ctx.check(pieces.size())? {
        let piece = ctx.check(pieces.get_at(k))?;
        let space = ctx.check(piece.get_domain_space())?;
        let name = ctx.check(space.get_tuple_name(DimType::Set))?.to_string();
        let Some(statement) = scop.statements.iter().find(|s| s.name == name) else { continue };
        if !ctx.check(piece.isa_aff())? {
            continue;
        }
        let aff = ctx.check(piece.as_aff())?;
        let mut iterator = None;
        for d in 0..ctx.check(aff.dim(DimType::In))? {
            match ctx.check(ctx.check(aff.get_coefficient_val(DimType::In, d))?.get_num_si())? {
                0 => {}
                1 | -1 if iterator.is_none() => iterator = Some(d as usize),
                _ => {
                    iterator = None;
                    break;
                }
            }
        }
        let Some(d) = iterator else { continue };
        let uses = |e: &AffExpr| e.terms.iter().filter(|(v, _)| *v == AffVar::Iter(d)).map(|(_, c)| *c).sum::<i64>();
        for access in statement.reads().into_iter().chain([&statement.write]) {
            let Some((innermost, outer)) = access.subscripts.split_last() else { continue };
            if !access.data.0.is_empty() {
                continue;
            }
            if outer.iter().any(|s| uses(s) != 0) {
                score -= 1;
            } else if uses(innermost).abs() == 1 {
                score += 1;
            }
        }
    }
    Ok(score)
}

/// A permutable band over the instances of one statement replaced by the subscripts of the
/// element each instance writes (its instances in the order of their writes in memory), when
/// the write has a subscript per member and is injective, and every conflict of `ordered`
/// among the instances has a non-negative distance in each subscript (so the band stays
/// permutable); `None` otherwise. isl's members minimize dependence distances, not strides: on
/// nw's wavefront over anti-diagonals (`d`, `i`; the cell `[i][d - i]`) its band `(d, d + i)`
/// still walks anti-diagonals, a cache line per access, where the order of the cells `(i, j)`
/// walks rows (paper 001, Table 5: nw's skew). `schedule` takes it where the cost model says
/// it walks fewer lines.
fn in_memory_order(ctx: &IslContext, scop: &Scop, node: &ScheduleNode, ordered: &UnionMap) -> IslResult<Option<ScheduleNode>> {
    let members = ctx.check(node.band_n_member())?;
    let sets = ctx.check(ctx.check(node.get_domain())?.get_set_list())?;
    if ctx.check(sets.size())? != 1 {
        return Ok(None);
    }
    let name = ctx.check(ctx.check(sets.get_at(0))?.get_tuple_name())?.to_string();
    let Some(statement) = scop.statements.iter().find(|s| s.name == name) else { return Ok(None) };
    let write = &statement.write;
    if write.subscripts.len() != members as usize || !write.data.0.iter().all(Option::is_none) {
        return Ok(None);
    }
    // { S[i] -> A[subscripts] } on the statement's instances.
    let relation = ctx.union_map(&scop.access_relation(statement, write))?.intersect_domain(ctx.union_set(&statement.domain)?)?;
    if !ctx.check(ctx.check(relation.raw().copy())?.is_injective())? {
        return Ok(None);
    }
    let theta = ctx.check(relation.raw().copy())?;
    let conflicts = ordered.copy()?.intersect_domain(ctx.union_set(&statement.domain)?)?;
    let distances = crate::band_fusion::distances_under(ctx, ctx.check(conflicts.raw().copy())?, ctx.check(theta.copy())?)?;
    let mut coincident = vec![true; members as usize];
    if let Some(distances) = &distances {
        for (m, parallel) in coincident.iter_mut().enumerate() {
            if crate::band_fusion::some_distance(ctx, distances, m as i32, crate::band_fusion::Sign::Negative)? {
                return Ok(None);
            }
            *parallel = !crate::band_fusion::some_distance(ctx, distances, m as i32, crate::band_fusion::Sign::Positive)?;
        }
    }
    let ordered_by_memory = ctx.check(ctx.check(MultiUnionPwAff::from_union_map(theta))?.reset_tuple_id(DimType::Out))?;
    let node = ctx.check(ctx.check(node.copy())?.delete())?;
    let mut node = ctx.check(ctx.check(node.insert_partial_schedule(ordered_by_memory))?.band_set_permutable(1))?;
    for (m, &parallel) in coincident.iter().enumerate() {
        node = ctx.check(node.band_member_set_coincident(m as i32, i32::from(parallel)))?;
    }
    Ok(Some(node))
}

/// The band `node` with its members in `order` (member `order[p]` at position `p`), its
/// coincidence flags kept; any order of a permutable band is legal.
fn permute_band(ctx: &IslContext, node: ScheduleNode, order: &[i32]) -> IslResult<ScheduleNode> {
    let members = ctx.check(node.band_n_member())?;
    if order.iter().copied().eq(0..members) {
        return Ok(node);
    }
    let coincident = coincidence(ctx, &node, members)?;
    let schedule = ctx.check(node.band_get_partial_schedule())?;
    let mut permuted = ctx.check(schedule.copy())?;
    for (position, &member) in order.iter().enumerate() {
        permuted = ctx.check(permuted.set_at(position as i32, ctx.check(schedule.get_at(member))?))?;
    }
    let node = ctx.check(node.delete())?;
    let mut node = ctx.check(ctx.check(node.insert_partial_schedule(permuted))?.band_set_permutable(1))?;
    for (position, &member) in order.iter().enumerate() {
        node = ctx.check(node.band_member_set_coincident(position as i32, i32::from(coincident[member as usize])))?;
    }
    Ok(node)
}

/// The coincidence flag of each of the band `node`'s `members`.
fn coincidence(ctx: &IslContext, node: &ScheduleNode, members: i32) -> IslResult<Vec<bool>> {
    (0..members).map(|k| ctx.check(node.band_member_get_coincident(k))).collect()
}

fn children(ctx: &IslContext, scop: &Scop, ordered: &UnionMap, node: ScheduleNode, tiles: Tiles, tiled: &mut Tiled) -> IslResult<ScheduleNode> {
    let mut node = node;
    for k in 0..ctx.check(node.n_children())? {
        node = ctx.check(node.child(k))?;
        node = tile_bands(ctx, scop, ordered, node, tiles, tiled)?;
        node = ctx.check(node.parent())?;
    }
    Ok(node)
}

/// `{ S[i] -> [t0, ..., tk] }` with zeros appended up to `width` time dimensions, then
/// `position`: isl's schedule may give instances of two statements that do not depend on
/// each other the same time (a partial order), the model's schedules order every instance.
fn padded(ctx: &IslContext, map: &str, width: usize, position: usize) -> IslResult<String> {
    let dims = map_out_dims(ctx, map)?;
    let raw = ctx.check(isl_rs::Map::read_from_str(ctx.raw(), map))?;
    let mut raw = ctx.check(raw.add_dims(DimType::Out, (width + 1 - dims) as u32))?;
    for d in dims..width {
        raw = ctx.check(raw.fix_si(DimType::Out, d as u32, 0))?;
    }
    raw = ctx.check(raw.fix_si(DimType::Out, width as u32, position as i32))?;
    ctx.map_text(&raw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::generate_program;
    use crate::lang::parse_scop;

    /// `result` with every statement's times negated: runs the instances backwards, so every
    /// dependence between two instances of different times is violated.
    fn reversed(ctx: &IslContext, result: &Scop) -> Scop {
        let mut backwards = result.clone();
        for s in &mut backwards.statements {
            let width = map_out_dims(ctx, &s.schedule).unwrap();
            let t: Vec<String> = (0..width).map(|k| format!("t{k}")).collect();
            let negated: Vec<String> = t.iter().map(|v| format!("-{v}")).collect();
            let negate = ctx.union_map(&format!("{}{{ [{}] -> [{}] }}", result.param_prefix(), t.join(", "), negated.join(", "))).unwrap();
            let map = ctx.union_map(&s.schedule).unwrap().apply_range(negate).unwrap();
            s.schedule = map.pieces().unwrap().remove(0).2.to_isl_string().unwrap();
        }
        backwards
    }

    /// `keeps_order` agrees with `jscop::check_legality`, which it spares: on the scheduler's
    /// tiled results of generated programs (all legal) and on the same schedules run
    /// backwards (illegal wherever two instances conflict).
    #[test]
    fn keeps_order_agrees_with_the_legality_check() {
        let (mut legal, mut illegal) = (0, 0);
        for seed in 0..40 {
            let scop = parse_scop(&generate_program(seed)).unwrap();
            let ctx = IslContext::with_default_quota();
            let Ok(Ok(scheduled)) = schedule_for(&ctx, &scop, 8, REGISTER_COLUMNS) else { continue };
            let (_, ordered) = ordered_conflicts(&ctx, &scop).unwrap();
            for result in [scheduled.scop.clone(), reversed(&ctx, &scheduled.scop)] {
                let fast = keeps_order(&ctx, &ordered, &result).unwrap();
                let full = crate::jscop::check_legality(&ctx, &scop, &result).is_ok();
                assert_eq!(fast, full, "seed {seed}: keeps_order says {fast}, check_legality {full}");
                if fast {
                    legal += 1;
                } else {
                    illegal += 1;
                }
            }
        }
        assert!(legal >= 30 && illegal >= 20, "{legal} legal and {illegal} illegal schedules checked");
    }

    /// Constraints remembered as failed fail at once, without a search: gemm's constraints,
    /// which isl schedules, are refused while remembered and schedule once forgotten.
    #[test]
    fn failed_searches_are_remembered() {
        let scop = parse_scop(include_str!("../tests/programs/gemm.scop")).unwrap();
        let ctx = IslContext::with_default_quota();
        let gemm = || constraints(&ctx, &scop).unwrap();
        FAILED_SEARCHES.with(|failed| failed.borrow_mut().clear());
        assert!(compute_schedule(&ctx, gemm()).is_ok());
        remember_failure(gemm().to_str().unwrap().to_owned());
        assert!(matches!(compute_schedule(&ctx, gemm()), Err(IslError::Complexity)));
        FAILED_SEARCHES.with(|failed| failed.borrow_mut().clear());
        assert!(compute_schedule(&ctx, gemm()).is_ok());
    }

    /// The watchdog counts the searching thread's processor time: a search whose thread waited
    /// past the limit (as one starved on a loaded machine does) goes on, one whose thread
    /// computed past it is stopped.
    #[test]
    fn deadline_counts_processor_time() {
        let scop = parse_scop(include_str!("../tests/programs/gemm.scop")).unwrap();
        let ctx = IslContext::with_default_quota();
        // Read before the watchdog starts: isl-rs's wrappers read the message of a failure,
        // and an abort has none.
        let gemm = || constraints(&ctx, &scop).unwrap();
        let solve = |mut gemm: ScheduleConstraints| {
            gemm.do_not_free_on_drop();
            // SAFETY: isl takes the constraints; the result is a new schedule or null.
            let computed = unsafe { isl_schedule_constraints_compute_schedule(gemm.ptr) };
            (computed != 0).then(|| Schedule { ptr: computed, should_free_on_drop: true })
        };
        let limit = std::time::Duration::from_millis(100);
        let constraints = gemm();
        let after_waiting = with_deadline(&ctx, limit, None, || {
            std::thread::sleep(2 * limit);
            solve(constraints)
        });
        assert!(after_waiting.0.is_some() && !after_waiting.1, "a thread that waited was stopped");
        let constraints = gemm();
        let after_working = with_deadline(&ctx, limit, None, || {
            let clock = ThreadClock::current().unwrap();
            let start = clock.elapsed().unwrap();
            while clock.elapsed().unwrap() - start < 2 * limit {
                std::hint::black_box(0u64);
            }
            solve(constraints)
        });
        assert!(after_working.0.is_none() && after_working.1, "a thread that computed past the limit went on");
        // The context works again after an abort and its error is reset (as `search` does).
        ctx.raw().reset_error();
        assert!(solve(gemm()).is_some());
    }

    /// The second search beside the first (`Fallback`, through isl's text and a context of
    /// its own) finds the schedule it finds in the caller's context; stopped, it ends.
    #[test]
    fn fallback_search_matches_the_search_in_place() {
        let ctx = IslContext::with_default_quota();
        for program in [include_str!("../tests/programs/gemm.scop"), include_str!("../tests/programs/wavefront.scop"), include_str!("../tests/programs/seidel_1d.scop")] {
            let scop = parse_scop(program).unwrap();
            let in_place = search(&ctx, constraints(&ctx, &scop).unwrap(), Search::fallback(None)).unwrap();
            let text = constraints(&ctx, &scop).unwrap().to_str().unwrap().to_owned();
            let beside = Fallback::start(text.clone()).unwrap().result(&ctx).unwrap();
            assert_eq!(beside.to_str().unwrap(), in_place.to_str().unwrap());
            Fallback::start(text).unwrap().cancel();
        }
    }
}
