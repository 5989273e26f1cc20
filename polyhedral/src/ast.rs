//! The loop program that code generation emits: isl's AST of a SCoP's schedule, converted to
//! plain Rust data.
//!
//! Paper 003 regenerates the code of a transformed SCoP from its polyhedral model, as Polly
//! does (section 5, on Polly; section 3.1 names "common polyhedral code generation
//! techniques [26]", i.e. isl's AST generation): every statement instance `S[i]` of the
//! iteration domain `I_S` (section 2.2) runs at time `θ_S(i)`, and isl's AST generator turns
//! the union of the schedules `{ S[i] -> [t0, ..., tn] : i ∈ I_S }` into loops, conditions and
//! statement calls. The schedule maps are first written as an isl schedule tree: a sequence
//! where all statements of a group have constant time dimensions (the static dimensions of
//! the `2d + 1` form), a one-dimensional band elsewhere; the tree orders instances exactly as
//! the maps do, and keeps AST generation linear in the number of statements
//! (`isl_ast_build_node_from_schedule`; from the bare union map, isl takes seconds for a
//! 500-statement pipeline).
//!
//! Notation: AST iterators are named `c0, c1, ...` by loop depth (another prefix if a
//! parameter already has such a name); [`Ast::iterators`] lists as many as the schedule has
//! time dimensions, whether or not a loop uses them. A [`AstNode::User`] node `S3(c1, c3 + 1)`
//! executes statement instance `S3[c1, c3 + 1]`: one argument per statement iterator.
//!
//! The AST is built under the *assumed context* (the SCoP's context intersected with every
//! assumption): the generated code runs only where the run-time check holds, so isl may use
//! the assumptions to drop conditions. [`condition_expr`] writes such a run-time check and
//! [`access_bounds`] gives the subscript ranges for run-time alias checks.
//!
//! Every isl call runs under the context's operation quota; running out is
//! [`IslError::Complexity`] ("leave the code unchanged"). [`build_ast`] starts a quota period
//! per step (see there); [`condition_expr`] and [`access_bounds`] run in the caller's period. Any construct isl produces that this module does not convert
//! (an access or member expression, a non-constant loop increment) is an error, never a panic.
//!
//! [`execution_order`] is an independent evaluator of the converted AST (the oracle of the
//! tests: it must list exactly the instances of the domains in schedule order) and
//! [`print_ast`] the C-like text of `print<polyprop-ast>`.
//!
//! Known limits: expressions are 64-bit (`long`); isl constants beyond `i64` are an error. The
//! bounds of [`access_bounds`] are only meaningful where the assumed context holds.

use crate::isl::{assumed_context, map_out_dims, IslContext, IslError, IslResult};
use crate::model::Scop;
use crate::parallel::{ParallelLoops, PARALLEL};
use crate::schedule_tree::ScheduleTree;
use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_int, c_long, c_void};

/// The generated loop program: plain Rust data, no isl object inside.
#[derive(Clone, Debug, PartialEq)]
pub struct Ast {
    pub root: AstNode,
    /// AST iterator names by index (`c0, c1, ...`): `ck` is the iterator of the `k`-th
    /// nested band of the schedule tree (an outermost loop is `c0`; a band that isl turns into
    /// no loop because it has a single value leaves its index unused).
    pub iterators: Vec<String>,
}

/// A node of the loop program.
#[derive(Clone, Debug, PartialEq)]
pub enum AstNode {
    /// Children run in order.
    Block(Vec<AstNode>),
    /// `for (iterator = init; cond; iterator += step) body`; `cond` is a boolean expression of
    /// the iterator (inclusive or exclusive bound, as isl gives it); `step > 0`. `parallel`:
    /// its iterations may run in parallel (`crate::parallel`; only asked for by
    /// [`build_parallel_ast`], and only on the outermost such loop of a nest).
    For { iterator: usize, init: AstExpr, cond: AstExpr, step: i64, body: Box<AstNode>, parallel: bool },
    If { cond: AstExpr, then: Box<AstNode>, otherwise: Option<Box<AstNode>> },
    /// One instance of `scop.statements[statement]`; `args` gives each statement iterator
    /// (outermost first) in terms of AST iterators and parameters.
    User { statement: usize, args: Vec<AstExpr> },
}

impl AstNode {
    /// Whether a loop is in the node or is the node.
    pub fn contains_loop(&self) -> bool {
        match self {
            AstNode::For { .. } => true,
            AstNode::Block(children) => children.iter().any(AstNode::contains_loop),
            AstNode::If { then, otherwise, .. } => then.contains_loop() || otherwise.as_deref().is_some_and(AstNode::contains_loop),
            AstNode::User { .. } => false,
        }
    }
}

/// An integer (64-bit) or boolean expression; booleans evaluate to 0 or 1.
#[derive(Clone, Debug, PartialEq)]
pub enum AstExpr {
    Int(i64),
    /// Index in `scop.params`.
    Param(usize),
    /// Index in [`Ast::iterators`].
    Iterator(usize),
    Neg(Box<AstExpr>),
    Add(Box<AstExpr>, Box<AstExpr>),
    Sub(Box<AstExpr>, Box<AstExpr>),
    Mul(Box<AstExpr>, Box<AstExpr>),
    /// isl `fdiv_q`: the quotient rounded towards negative infinity.
    FloorDiv(Box<AstExpr>, Box<AstExpr>),
    /// isl `div` (exact) and `pdiv_q` (non-negative dividend): emit as signed division.
    ExactDiv(Box<AstExpr>, Box<AstExpr>),
    /// isl `pdiv_r` (non-negative dividend) and `zdiv_r` (only compared with zero): emit as
    /// signed remainder.
    Rem(Box<AstExpr>, Box<AstExpr>),
    /// At least one operand.
    Min(Vec<AstExpr>),
    /// At least one operand.
    Max(Vec<AstExpr>),
    /// `cond ? then : otherwise` (isl `cond` and `select`).
    Select(Box<AstExpr>, Box<AstExpr>, Box<AstExpr>),
    Eq(Box<AstExpr>, Box<AstExpr>),
    Le(Box<AstExpr>, Box<AstExpr>),
    Lt(Box<AstExpr>, Box<AstExpr>),
    Ge(Box<AstExpr>, Box<AstExpr>),
    Gt(Box<AstExpr>, Box<AstExpr>),
    /// isl `and` and `and_then`.
    And(Box<AstExpr>, Box<AstExpr>),
    /// isl `or` and `or_else`.
    Or(Box<AstExpr>, Box<AstExpr>),
}

// ---------------------------------------------------------------------------------------------
// isl functions isl-rs does not wrap (or wraps with panics on unexpected values).

extern "C" {
    fn isl_ast_build_from_context(set: usize) -> usize;
    fn isl_ast_build_set_iterators(build: usize, iterators: usize) -> usize;
    fn isl_ast_build_expr_from_set(build: usize, set: usize) -> usize;
    fn isl_ast_build_expr_from_pw_aff(build: usize, pa: usize) -> usize;
    fn isl_ast_build_free(build: usize) -> usize;
    fn isl_ast_build_node_from_schedule(build: usize, schedule: usize) -> usize;

    fn isl_ast_node_get_type(node: usize) -> c_int;
    fn isl_ast_node_for_get_iterator(node: usize) -> usize;
    fn isl_ast_node_for_get_init(node: usize) -> usize;
    fn isl_ast_node_for_get_cond(node: usize) -> usize;
    fn isl_ast_node_for_get_inc(node: usize) -> usize;
    fn isl_ast_node_for_get_body(node: usize) -> usize;
    fn isl_ast_node_if_get_cond(node: usize) -> usize;
    fn isl_ast_node_if_get_then_node(node: usize) -> usize;
    fn isl_ast_node_if_has_else_node(node: usize) -> c_int;
    fn isl_ast_node_if_get_else_node(node: usize) -> usize;
    fn isl_ast_node_block_get_children(node: usize) -> usize;
    fn isl_ast_node_mark_get_node(node: usize) -> usize;
    fn isl_ast_node_user_get_expr(node: usize) -> usize;
    fn isl_ast_node_get_annotation(node: usize) -> usize;
    fn isl_ast_node_free(node: usize) -> usize;
    fn isl_ast_node_list_size(list: usize) -> c_int;
    fn isl_ast_node_list_get_at(list: usize, index: c_int) -> usize;
    fn isl_ast_node_list_free(list: usize) -> usize;

    fn isl_ast_expr_get_type(expr: usize) -> c_int;
    fn isl_ast_expr_op_get_type(expr: usize) -> c_int;
    fn isl_ast_expr_op_get_n_arg(expr: usize) -> c_int;
    fn isl_ast_expr_op_get_arg(expr: usize, pos: c_int) -> usize;
    fn isl_ast_expr_id_get_id(expr: usize) -> usize;
    fn isl_ast_expr_int_get_val(expr: usize) -> usize;
    fn isl_ast_expr_free(expr: usize) -> usize;

    fn isl_id_alloc(ctx: usize, name: *const c_char, user: *mut c_void) -> usize;
    fn isl_id_get_name(id: usize) -> *const c_char;
    fn isl_id_free(id: usize) -> usize;
    fn isl_id_list_alloc(ctx: usize, n: c_int) -> usize;
    fn isl_id_list_add(list: usize, id: usize) -> usize;
    fn isl_id_list_free(list: usize) -> usize;

    fn isl_val_is_int(val: usize) -> c_int;
    fn isl_val_get_num_si(val: usize) -> c_long;
    fn isl_val_cmp_si(val: usize, i: c_long) -> c_int;
    fn isl_val_free(val: usize) -> usize;

    fn isl_pw_aff_involves_nan(pa: usize) -> c_int;
    fn isl_pw_aff_free(pa: usize) -> usize;
}

// `enum isl_ast_node_type`.
const NODE_FOR: c_int = 1;
const NODE_IF: c_int = 2;
const NODE_BLOCK: c_int = 3;
const NODE_MARK: c_int = 4;
const NODE_USER: c_int = 5;
// `enum isl_ast_expr_type`.
const EXPR_OP: c_int = 0;
const EXPR_ID: c_int = 1;
const EXPR_INT: c_int = 2;
// `enum isl_ast_expr_op_type`.
const OP_AND: c_int = 0;
const OP_AND_THEN: c_int = 1;
const OP_OR: c_int = 2;
const OP_OR_ELSE: c_int = 3;
const OP_MAX: c_int = 4;
const OP_MIN: c_int = 5;
const OP_MINUS: c_int = 6;
const OP_ADD: c_int = 7;
const OP_SUB: c_int = 8;
const OP_MUL: c_int = 9;
const OP_DIV: c_int = 10;
const OP_FDIV_Q: c_int = 11;
const OP_PDIV_Q: c_int = 12;
const OP_PDIV_R: c_int = 13;
const OP_ZDIV_R: c_int = 14;
const OP_COND: c_int = 15;
const OP_SELECT: c_int = 16;
const OP_EQ: c_int = 17;
const OP_LE: c_int = 18;
const OP_LT: c_int = 19;
const OP_GE: c_int = 20;
const OP_GT: c_int = 21;
const OP_CALL: c_int = 22;

/// An isl object this module owns; freed on drop.
struct Owned {
    ptr: usize,
    free: unsafe extern "C" fn(usize) -> usize,
}

impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: `ptr` is a live, owned object of the type `free` expects.
        unsafe { (self.free)(self.ptr) };
    }
}

impl Owned {
    /// Gives up ownership (for `__isl_take` arguments).
    fn release(self) -> usize {
        let ptr = self.ptr;
        std::mem::forget(self);
        ptr
    }
}

/// Takes ownership of what an isl call returned, turning NULL or a pending error into an
/// [`IslError`] (a quota overrun into [`IslError::Complexity`]).
fn own(ctx: &IslContext, ptr: usize, free: unsafe extern "C" fn(usize) -> usize, what: &str) -> IslResult<Owned> {
    let owned = (ptr != 0).then_some(Owned { ptr, free });
    ctx.check(Ok(()))?;
    owned.ok_or_else(|| IslError::Isl { message: format!("{what} failed") })
}

/// Checks an `isl_size`/`isl_bool`/enum result (negative on error).
fn checked_int(ctx: &IslContext, value: c_int, what: &str) -> IslResult<c_int> {
    ctx.check(Ok(()))?;
    if value < 0 {
        return Err(IslError::Isl { message: format!("{what} failed") });
    }
    Ok(value)
}

/// Hands an `isl-rs` object to an isl function that takes it.
macro_rules! give {
    ($object:expr) => {{
        let mut object = $object;
        object.do_not_free_on_drop();
        object.ptr
    }};
}

fn unsupported(what: impl Into<String>) -> IslError {
    IslError::Isl { message: format!("unsupported isl AST construct: {}", what.into()) }
}

/// `[params] -> { : constraints }` of the SCoP, the universe if it has none.
fn known_context(scop: &Scop) -> String {
    if scop.context.trim().is_empty() {
        format!("{}{{ : }}", scop.param_prefix())
    } else {
        scop.context.clone()
    }
}

/// The value range of the 64-bit parameters, `[params] -> { : -2^63 <= p <= 2^63 - 1 }`, which
/// the context leaves out (its large constants would enter every relation). The run-time check
/// needs it: a no-wrap assumption such as "p - 1 fits in 63 unsigned bits" bounds `p` by 2^63,
/// which only the type range shows to hold always, and which no 64-bit comparison can test.
fn i64_ranges(scop: &Scop) -> String {
    let ranges: Vec<String> = scop
        .params
        .iter()
        .filter(|p| p.in_spaces && p.ty == crate::model::ScalarType::I64)
        .map(|p| format!("{} <= {} <= {}", i64::MIN, p.name, i64::MAX))
        .collect();
    format!("{}{{ : {} }}", scop.param_prefix(), ranges.join(" and "))
}

/// An `isl_ast_build` from a parameter set (taken).
fn build_from_context(ctx: &IslContext, context: isl_rs::Set) -> IslResult<Owned> {
    // SAFETY: the set is handed over to isl.
    let build = unsafe { isl_ast_build_from_context(give!(context)) };
    own(ctx, build, isl_ast_build_free, "isl_ast_build_from_context")
}

/// The iterator prefix: `c`, unless a parameter is called `c<digits>`.
fn iterator_prefix(scop: &Scop) -> String {
    let clashes = |prefix: &str| {
        scop.params.iter().any(|p| {
            p.name.strip_prefix(prefix).is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
        })
    };
    let mut prefix = String::from("c");
    while clashes(&prefix) {
        prefix.push('_');
    }
    prefix
}

/// How many statements one quota period of AST generation covers (see [`build_ast`]).
pub const STATEMENTS_PER_QUOTA: usize = 12;

/// Generates the loop program of `scop`'s schedule over its domains, under the assumed
/// context.
///
/// Quota: reading each statement is one quota period, building the schedule tree another;
/// the AST generation call gets the context's quota once per [`STATEMENTS_PER_QUOTA`]
/// statements (it is linear in their number, and one call); afterwards the quota is
/// restored and a new period starts.
pub fn build_ast(ctx: &IslContext, scop: &Scop) -> IslResult<Ast> {
    build(ctx, scop, false, Context::Assumed)
}

/// [`build_ast`] with the outermost parallel loop of each nest marked (`crate::parallel`).
/// When the model's conflicts cannot be computed within a quota period, no loop is marked.
pub fn build_parallel_ast(ctx: &IslContext, scop: &Scop) -> IslResult<Ast> {
    build(ctx, scop, true, Context::Assumed)
}

/// [`build_ast`] (with `parallel`, [`build_parallel_ast`]) of a model with the scheduler's
/// tiled schedule (`crate::scheduling`), under the analysis context
/// (`isl::analysis_context`): the simple hull of the assumptions, without the parameters'
/// type ranges. The assumptions' disjuncts (delinearization's "the loop does not run, or its
/// bound fits the dimension", one per array) are intersected into every node's build, where
/// the tiles' existentially quantified variables multiply their cost (3mm's AST took 0.75 s,
/// 0.3 s under the hull), and the ranges' constants of 2^31 made it 0.8 s again on a slower
/// day (0.19 s without them). The analysis context contains the assumed context, so the AST
/// is exact wherever the run-time check holds; it may keep a condition the disjuncts would
/// have decided (on PolyBench's kernels, the pipelines and the Rodinia-like set it is the
/// same code).
pub fn build_rescheduled_ast(ctx: &IslContext, scop: &Scop, parallel: bool) -> IslResult<Ast> {
    build(ctx, scop, parallel, Context::Analysis)
}

/// The parameters an AST is built under.
#[derive(Clone, Copy)]
enum Context {
    /// The assumed context, simplified.
    Assumed,
    /// The analysis context (`build_rescheduled_ast`).
    Analysis,
}

fn build(ctx: &IslContext, scop: &Scop, parallel: bool, context: Context) -> IslResult<Ast> {
    let dimensions = match scop.statements.first() {
        Some(first) => map_out_dims(ctx, &first.schedule)?,
        None => 0,
    };
    let prefix = iterator_prefix(scop);
    let iterators: Vec<String> = (0..dimensions).map(|k| format!("{prefix}{k}")).collect();
    // { S[i] -> [t0, ..., tn] : i in I_S }, one per statement that has instances.
    let mut timed = ctx.empty_union_map()?;
    let mut statements: usize = 0;
    for statement in &scop.statements {
        ctx.reset_quota();
        let domain = ctx.union_set(&statement.domain)?;
        let schedule = ctx.union_map(&statement.schedule)?.intersect_domain(domain)?;
        if !schedule.is_empty()? {
            timed = timed.union(schedule)?;
            statements += 1;
        }
    }
    ctx.reset_quota();
    let Some(tree) = ScheduleTree::separating(ctx, &timed, &crate::interiors::is_interior)? else {
        return match statements {
            0 => Ok(Ast { root: AstNode::Block(Vec::new()), iterators }),
            _ => Err(unsupported("statements with different numbers of time dimensions")),
        };
    };
    let mut tree = tree.into_raw();

    // Every disjunct and constraint of the context is intersected into each node's build:
    // simplified first, local laplacian's AST takes 0.45 s instead of 1.1 s. Past the quota
    // the context stays as it is.
    let assumed = match context {
        Context::Assumed => {
            let assumed = assumed_context(ctx, scop)?;
            match assumed.copy()?.simplify() {
                Ok(simplified) => simplified,
                Err(IslError::Complexity) => assumed,
                Err(e) => return Err(e),
            }
        }
        Context::Analysis => crate::isl::analysis_context(ctx, scop)?,
    };
    ctx.reset_quota();
    let context = ctx.check(assumed.raw().copy())?;
    let build = build_from_context(ctx, context)?;
    // SAFETY: `build` is live; isl takes it and the list and returns the new build.
    let list = own(ctx, unsafe { isl_id_list_alloc(ctx.raw().ptr, dimensions as c_int) }, isl_id_list_free, "isl_id_list_alloc")?;
    let mut list = list;
    for name in &iterators {
        let name = CString::new(name.as_str()).map_err(|_| unsupported("iterator name with NUL"))?;
        let id = own(ctx, unsafe { isl_id_alloc(ctx.raw().ptr, name.as_ptr(), std::ptr::null_mut()) }, isl_id_free, "isl_id_alloc")?;
        list = own(ctx, unsafe { isl_id_list_add(list.release(), id.release()) }, isl_id_list_free, "isl_id_list_add")?;
    }
    let build = own(
        ctx,
        unsafe { isl_ast_build_set_iterators(build.release(), list.release()) },
        isl_ast_build_free,
        "isl_ast_build_set_iterators",
    )?;
    // Declared before the build's last use and kept in place: isl calls back into it.
    let mut loops = match parallel {
        true => parallel_loops(ctx, scop)?,
        false => None,
    };
    let build = match loops.as_mut() {
        // SAFETY: `build` is live and handed over; `loops` outlives the build (dropped after it
        // below) and does not move.
        Some(loops) => own(ctx, unsafe { loops.install(build.release()) }, isl_ast_build_free, "isl_ast_build_set_before_each_for")?,
        None => build,
    };
    // AST generation is one isl call whose work grows linearly with the number of statements
    // (about 6000 operations per statement of an image pipeline, 30000-55000 where pyramid
    // levels divide the domains: pyramid_blending needs 4-8 million for 147 statements; a
    // clamped read replaced without a split leaves fewer, larger statements: PolyMage's
    // interpolate needs 4-6 million for 45): its quota period is the context's quota once per
    // `STATEMENTS_PER_QUOTA` statements.
    let quota = ctx.raw().get_max_operations();
    let periods = statements.div_ceil(STATEMENTS_PER_QUOTA) as u64;
    ctx.raw().set_max_operations(quota.saturating_mul(periods.max(1)));
    ctx.reset_quota();
    tree.do_not_free_on_drop();
    // SAFETY: `build` is kept; the schedule tree is handed over (isl frees it).
    let node = unsafe { isl_ast_build_node_from_schedule(build.ptr, tree.ptr) };
    let node = own(ctx, node, isl_ast_node_free, "isl_ast_build_node_from_schedule");
    ctx.raw().set_max_operations(quota);
    ctx.reset_quota();
    let node = node?;
    drop(build);

    let converter = Converter {
        ctx,
        params: scop.params.iter().enumerate().map(|(k, p)| (p.name.clone(), k)).collect(),
        iterators: iterators.iter().enumerate().map(|(k, name)| (name.clone(), k)).collect(),
        statements: scop.statements.iter().enumerate().map(|(k, s)| (s.name.clone(), k)).collect(),
        arity: scop.statements.iter().map(|s| s.iterators.len()).collect(),
    };
    let mut root = converter.node(node.ptr)?;
    crate::parallel::outermost_parallel(&mut root);
    Ok(Ast { root, iterators })
}

/// The parallel-loop test of `scop` (its conflicts, one quota period), or `None` when they
/// cannot be computed within it: then every loop stays sequential.
fn parallel_loops(ctx: &IslContext, scop: &Scop) -> IslResult<Option<ParallelLoops>> {
    ctx.reset_quota();
    let conflicts = match crate::dependences::conflicts(ctx, scop, true) {
        Ok(conflicts) => conflicts,
        Err(IslError::Complexity) => return Ok(None),
        Err(e) => return Err(e),
    };
    let loops = ParallelLoops::new(ctx, conflicts)?;
    ctx.reset_quota();
    Ok(Some(loops))
}

/// A boolean expression of the parameters that holds exactly where `set`
/// (`[params] -> { : constraints }`) holds, for parameter values in `scop.context`: the set is
/// simplified (`gist`) against what is known about the parameters first, so the check
/// tests only what is not already known.
pub fn condition_expr(ctx: &IslContext, scop: &Scop, set: &str) -> IslResult<AstExpr> {
    let known = ctx.param_set(&known_context(scop))?.intersect(ctx.param_set(&i64_ranges(scop))?)?;
    let set = ctx.param_set(set)?;
    let set = ctx.check(set.raw().copy())?;
    let known_raw = ctx.check(known.raw().copy())?;
    let simplified = ctx.check(set.gist_params(known_raw))?;
    let space = ctx.check(simplified.get_space())?;
    let universe = ctx.check(isl_rs::Set::universe(space))?;
    let build = build_from_context(ctx, universe)?;
    // SAFETY: `build` is kept; the set is handed over.
    let expr = unsafe { isl_ast_build_expr_from_set(build.ptr, give!(simplified)) };
    let expr = own(ctx, expr, isl_ast_expr_free, "isl_ast_build_expr_from_set")?;
    parameter_converter(ctx, scop).expr(expr.ptr)
}

/// For each dimension of array `array`, the smallest and the largest subscript of any access
/// (the write and the reads of every statement, over its domain), as expressions of the
/// parameters: the accessed address range for run-time alias checks.
///
/// `None` when no statement accesses the array (there is no range to check); `Some(vec![])`
/// for an accessed scalar. The expressions are built under the assumed context (context and
/// assumptions): they are meaningful only where the assumptions hold, and for parameter values
/// where no access executes their value is unspecified. An unbounded subscript is an error.
pub fn access_bounds(ctx: &IslContext, scop: &Scop, array: usize) -> IslResult<Option<Vec<(AstExpr, AstExpr)>>> {
    let Some(target) = scop.arrays.get(array) else {
        return Err(IslError::Isl { message: format!("no array {array} in SCoP {}", scop.name) });
    };
    // Within the 64-bit parameters' type range: an assumption that a value fits in 64 unsigned
    // bits (`v.size()` compared unsigned) otherwise leaves pieces beyond it in the bounds.
    let assumed = assumed_context(ctx, scop)?.intersect(ctx.param_set(&i64_ranges(scop))?)?;
    let Some(accessed) = crate::isl::accessed_elements(ctx, scop, array, &assumed, |_, _| true)? else { return Ok(None) };
    if accessed.is_empty()? {
        return Ok(None);
    }
    let dimensions = target.sizes.len();
    let set = ctx.check(isl_rs::Set::from_union_set(ctx.check(accessed.raw().copy())?))?;
    let build = build_from_context(ctx, ctx.check(assumed.raw().copy())?)?;
    let converter = parameter_converter(ctx, scop);
    let mut bounds = Vec::with_capacity(dimensions);
    for dimension in 0..dimensions {
        let mut pair = Vec::with_capacity(2);
        for maximum in [false, true] {
            let copy = ctx.check(set.copy())?;
            let bound = if maximum { copy.dim_max(dimension as i32) } else { copy.dim_min(dimension as i32) };
            let bound = own(ctx, give!(ctx.check(bound)?), isl_pw_aff_free, "isl_set_dim_min/max")?;
            // SAFETY: `bound` is live.
            let nan = checked_int(ctx, unsafe { isl_pw_aff_involves_nan(bound.ptr) }, "isl_pw_aff_involves_nan")?;
            if nan != 0 {
                return Err(IslError::Isl {
                    message: format!("subscript {dimension} of array {} is unbounded", target.name),
                });
            }
            // SAFETY: `build` is kept; the piecewise affine bound is handed over.
            let expr = unsafe { isl_ast_build_expr_from_pw_aff(build.ptr, bound.release()) };
            let expr = own(ctx, expr, isl_ast_expr_free, "isl_ast_build_expr_from_pw_aff")?;
            pair.push(converter.expr(expr.ptr)?);
        }
        let maximum = pair.pop().expect("two bounds");
        let minimum = pair.pop().expect("two bounds");
        bounds.push((minimum, maximum));
    }
    Ok(Some(bounds))
}

fn parameter_converter<'c>(ctx: &'c IslContext, scop: &Scop) -> Converter<'c> {
    Converter {
        ctx,
        params: scop.params.iter().enumerate().map(|(k, p)| (p.name.clone(), k)).collect(),
        iterators: HashMap::new(),
        statements: HashMap::new(),
        arity: Vec::new(),
    }
}

/// Whether a `for` node carries the annotation of a parallel loop (`crate::parallel`).
fn annotated_parallel(node: usize) -> bool {
    // SAFETY: `node` is live; the annotation, if any, is a new reference we free.
    unsafe {
        let id = isl_ast_node_get_annotation(node);
        if id == 0 {
            return false;
        }
        let name = isl_id_get_name(id);
        let parallel = !name.is_null() && CStr::from_ptr(name) == PARALLEL;
        isl_id_free(id);
        parallel
    }
}

/// Converts isl AST nodes and expressions (borrowed, `__isl_keep`) into the Rust enums.
struct Converter<'c> {
    ctx: &'c IslContext,
    params: HashMap<String, usize>,
    iterators: HashMap<String, usize>,
    statements: HashMap<String, usize>,
    arity: Vec<usize>,
}

impl Converter<'_> {
    fn node(&self, node: usize) -> IslResult<AstNode> {
        let ctx = self.ctx;
        // SAFETY (whole function): `node` is live for the call; every object we get is owned.
        let kind = unsafe { isl_ast_node_get_type(node) };
        ctx.check(Ok(()))?;
        match kind {
            NODE_FOR => {
                let iterator = own(ctx, unsafe { isl_ast_node_for_get_iterator(node) }, isl_ast_expr_free, "for iterator")?;
                let iterator = match self.expr(iterator.ptr)? {
                    AstExpr::Iterator(k) => k,
                    other => return Err(unsupported(format!("loop iterator {other:?}"))),
                };
                let init = own(ctx, unsafe { isl_ast_node_for_get_init(node) }, isl_ast_expr_free, "for init")?;
                let cond = own(ctx, unsafe { isl_ast_node_for_get_cond(node) }, isl_ast_expr_free, "for cond")?;
                let inc = own(ctx, unsafe { isl_ast_node_for_get_inc(node) }, isl_ast_expr_free, "for inc")?;
                let body = own(ctx, unsafe { isl_ast_node_for_get_body(node) }, isl_ast_node_free, "for body")?;
                let step = match self.expr(inc.ptr)? {
                    AstExpr::Int(step) if step > 0 => step,
                    other => return Err(unsupported(format!("loop increment {other:?}"))),
                };
                Ok(AstNode::For {
                    iterator,
                    init: self.expr(init.ptr)?,
                    cond: self.expr(cond.ptr)?,
                    step,
                    body: Box::new(self.node(body.ptr)?),
                    parallel: annotated_parallel(node),
                })
            }
            NODE_IF => {
                let cond = own(ctx, unsafe { isl_ast_node_if_get_cond(node) }, isl_ast_expr_free, "if cond")?;
                let then = own(ctx, unsafe { isl_ast_node_if_get_then_node(node) }, isl_ast_node_free, "if then")?;
                let has_else = checked_int(ctx, unsafe { isl_ast_node_if_has_else_node(node) }, "if has else")?;
                let otherwise = if has_else != 0 {
                    let otherwise = own(ctx, unsafe { isl_ast_node_if_get_else_node(node) }, isl_ast_node_free, "if else")?;
                    Some(Box::new(self.node(otherwise.ptr)?))
                } else {
                    None
                };
                Ok(AstNode::If { cond: self.expr(cond.ptr)?, then: Box::new(self.node(then.ptr)?), otherwise })
            }
            NODE_BLOCK => {
                let list = own(ctx, unsafe { isl_ast_node_block_get_children(node) }, isl_ast_node_list_free, "block children")?;
                let size = checked_int(ctx, unsafe { isl_ast_node_list_size(list.ptr) }, "block size")?;
                let mut children = Vec::with_capacity(size as usize);
                for index in 0..size {
                    let child = own(ctx, unsafe { isl_ast_node_list_get_at(list.ptr, index) }, isl_ast_node_free, "block child")?;
                    children.push(self.node(child.ptr)?);
                }
                Ok(AstNode::Block(children))
            }
            NODE_MARK => {
                let inner = own(ctx, unsafe { isl_ast_node_mark_get_node(node) }, isl_ast_node_free, "mark node")?;
                self.node(inner.ptr)
            }
            NODE_USER => {
                let call = own(ctx, unsafe { isl_ast_node_user_get_expr(node) }, isl_ast_expr_free, "user expression")?;
                self.user(call.ptr)
            }
            other => Err(unsupported(format!("node type {other}"))),
        }
    }

    /// `S3(args...)`: a statement instance.
    fn user(&self, call: usize) -> IslResult<AstNode> {
        let ctx = self.ctx;
        // SAFETY: `call` is live for the call; every object we get is owned.
        let kind = unsafe { isl_ast_expr_get_type(call) };
        ctx.check(Ok(()))?;
        let op = if kind == EXPR_OP { unsafe { isl_ast_expr_op_get_type(call) } } else { -1 };
        if op != OP_CALL {
            return Err(unsupported("user node that is not a call"));
        }
        let n = checked_int(ctx, unsafe { isl_ast_expr_op_get_n_arg(call) }, "call arguments")?;
        let callee = own(ctx, unsafe { isl_ast_expr_op_get_arg(call, 0) }, isl_ast_expr_free, "callee")?;
        let name = self.id_name(callee.ptr)?;
        let statement = *self.statements.get(&name).ok_or_else(|| unsupported(format!("call of unknown statement {name}")))?;
        let mut args = Vec::with_capacity(n.max(1) as usize - 1);
        for pos in 1..n {
            let arg = own(ctx, unsafe { isl_ast_expr_op_get_arg(call, pos) }, isl_ast_expr_free, "call argument")?;
            args.push(self.expr(arg.ptr)?);
        }
        if args.len() != self.arity[statement] {
            return Err(unsupported(format!(
                "call of {name} with {} arguments for {} iterators",
                args.len(),
                self.arity[statement]
            )));
        }
        Ok(AstNode::User { statement, args })
    }

    /// The name of an identifier expression.
    fn id_name(&self, expr: usize) -> IslResult<String> {
        let ctx = self.ctx;
        // SAFETY: `expr` is live; the id is owned; its name lives as long as the id.
        let kind = unsafe { isl_ast_expr_get_type(expr) };
        ctx.check(Ok(()))?;
        if kind != EXPR_ID {
            return Err(unsupported("expected an identifier"));
        }
        let id = own(ctx, unsafe { isl_ast_expr_id_get_id(expr) }, isl_id_free, "identifier")?;
        let name = unsafe { isl_id_get_name(id.ptr) };
        ctx.check(Ok(()))?;
        if name.is_null() {
            return Err(unsupported("identifier without a name"));
        }
        Ok(unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned())
    }

    fn expr(&self, expr: usize) -> IslResult<AstExpr> {
        let ctx = self.ctx;
        // SAFETY (whole function): `expr` is live for the call; every object we get is owned.
        let kind = unsafe { isl_ast_expr_get_type(expr) };
        ctx.check(Ok(()))?;
        match kind {
            EXPR_INT => {
                let val = own(ctx, unsafe { isl_ast_expr_int_get_val(expr) }, isl_val_free, "integer")?;
                let is_int = checked_int(ctx, unsafe { isl_val_is_int(val.ptr) }, "isl_val_is_int")?;
                let value = unsafe { isl_val_get_num_si(val.ptr) };
                if is_int == 0 || unsafe { isl_val_cmp_si(val.ptr, value) } != 0 {
                    return Err(unsupported("integer beyond 64 bits"));
                }
                Ok(AstExpr::Int(value as i64))
            }
            EXPR_ID => {
                let name = self.id_name(expr)?;
                if let Some(&k) = self.iterators.get(&name) {
                    Ok(AstExpr::Iterator(k))
                } else if let Some(&k) = self.params.get(&name) {
                    Ok(AstExpr::Param(k))
                } else {
                    Err(unsupported(format!("unknown identifier {name}")))
                }
            }
            EXPR_OP => {
                let op = unsafe { isl_ast_expr_op_get_type(expr) };
                let n = checked_int(ctx, unsafe { isl_ast_expr_op_get_n_arg(expr) }, "operation arguments")?;
                let mut args = Vec::with_capacity(n as usize);
                if op == OP_CALL {
                    return Err(unsupported("call inside an expression"));
                }
                for pos in 0..n {
                    let arg = own(ctx, unsafe { isl_ast_expr_op_get_arg(expr, pos) }, isl_ast_expr_free, "operand")?;
                    args.push(self.expr(arg.ptr)?);
                }
                operation(op, args)
            }
            other => Err(unsupported(format!("expression type {other}"))),
        }
    }
}

/// Builds the Rust expression of isl operation `op` over converted operands.
fn operation(op: c_int, args: Vec<AstExpr>) -> IslResult<AstExpr> {
    use AstExpr::*;
    if matches!(op, OP_MIN | OP_MAX) {
        if args.is_empty() {
            return Err(unsupported("min/max without operands"));
        }
        return Ok(if op == OP_MIN { Min(args) } else { Max(args) });
    }
    let arity = match op {
        OP_MINUS => 1,
        OP_COND | OP_SELECT => 3,
        _ => 2,
    };
    if args.len() != arity {
        return Err(unsupported(format!("operation {op} with {} operands", args.len())));
    }
    let mut it = args.into_iter().map(Box::new);
    let mut next = || it.next().expect("arity checked");
    Ok(match op {
        OP_MINUS => Neg(next()),
        OP_AND | OP_AND_THEN => And(next(), next()),
        OP_OR | OP_OR_ELSE => Or(next(), next()),
        OP_ADD => Add(next(), next()),
        OP_SUB => Sub(next(), next()),
        OP_MUL => Mul(next(), next()),
        OP_DIV | OP_PDIV_Q => ExactDiv(next(), next()),
        OP_FDIV_Q => FloorDiv(next(), next()),
        OP_PDIV_R | OP_ZDIV_R => Rem(next(), next()),
        OP_COND | OP_SELECT => Select(next(), next(), next()),
        OP_EQ => Eq(next(), next()),
        OP_LE => Le(next(), next()),
        OP_LT => Lt(next(), next()),
        OP_GE => Ge(next(), next()),
        OP_GT => Gt(next(), next()),
        other => return Err(unsupported(format!("operation {other} (access, member or address-of)"))),
    })
}

// ---------------------------------------------------------------------------------------------
// Evaluation (the tests' oracle) and printing.

impl AstExpr {
    /// Whether the expression uses the AST iterator `k`.
    pub fn mentions(&self, k: usize) -> bool {
        use AstExpr::*;
        match self {
            Int(_) | Param(_) => false,
            Iterator(j) => *j == k,
            Neg(x) => x.mentions(k),
            Add(x, y) | Sub(x, y) | Mul(x, y) | FloorDiv(x, y) | ExactDiv(x, y) | Rem(x, y) | Eq(x, y) | Le(x, y)
            | Lt(x, y) | Ge(x, y) | Gt(x, y) | And(x, y) | Or(x, y) => x.mentions(k) || y.mentions(k),
            Min(xs) | Max(xs) => xs.iter().any(|x| x.mentions(k)),
            Select(c, x, y) => c.mentions(k) || x.mentions(k) || y.mentions(k),
        }
    }

    /// The value for the given parameter and iterator values (booleans are 0 or 1). Fails on
    /// overflow, division by zero, or an iterator without a value.
    pub fn evaluate(&self, params: &[i64], iterators: &[Option<i64>]) -> Result<i64, String> {
        use AstExpr::*;
        let eval = |e: &AstExpr| e.evaluate(params, iterators);
        let overflow = || format!("overflow in {self:?}");
        let divisor = |e: &AstExpr| -> Result<i64, String> {
            let d = eval(e)?;
            if d == 0 {
                return Err(format!("division by zero in {self:?}"));
            }
            Ok(d)
        };
        Ok(match self {
            Int(v) => *v,
            Param(k) => *params.get(*k).ok_or_else(|| format!("no value for parameter {k}"))?,
            Iterator(k) => iterators.get(*k).copied().flatten().ok_or_else(|| format!("iterator {k} used outside its loop"))?,
            Neg(a) => eval(a)?.checked_neg().ok_or_else(overflow)?,
            Add(a, b) => eval(a)?.checked_add(eval(b)?).ok_or_else(overflow)?,
            Sub(a, b) => eval(a)?.checked_sub(eval(b)?).ok_or_else(overflow)?,
            Mul(a, b) => eval(a)?.checked_mul(eval(b)?).ok_or_else(overflow)?,
            FloorDiv(a, b) => {
                let (a, b) = (eval(a)?, divisor(b)?);
                let q = a.checked_div(b).ok_or_else(overflow)?;
                if (a % b != 0) && ((a < 0) != (b < 0)) { q - 1 } else { q }
            }
            ExactDiv(a, b) => eval(a)?.checked_div(divisor(b)?).ok_or_else(overflow)?,
            Rem(a, b) => eval(a)?.checked_rem(divisor(b)?).ok_or_else(overflow)?,
            Min(args) => args.iter().map(eval).collect::<Result<Vec<_>, _>>()?.into_iter().min().ok_or("empty min")?,
            Max(args) => args.iter().map(eval).collect::<Result<Vec<_>, _>>()?.into_iter().max().ok_or("empty max")?,
            Select(c, a, b) => {
                if eval(c)? != 0 {
                    eval(a)?
                } else {
                    eval(b)?
                }
            }
            Eq(a, b) => (eval(a)? == eval(b)?) as i64,
            Le(a, b) => (eval(a)? <= eval(b)?) as i64,
            Lt(a, b) => (eval(a)? < eval(b)?) as i64,
            Ge(a, b) => (eval(a)? >= eval(b)?) as i64,
            Gt(a, b) => (eval(a)? > eval(b)?) as i64,
            And(a, b) => (eval(a)? != 0 && eval(b)? != 0) as i64,
            Or(a, b) => (eval(a)? != 0 || eval(b)? != 0) as i64,
        })
    }
}

/// Runs the loop program for fixed parameter values (in `scop.params` order) and lists the
/// statement instances it executes, in order: `(statement index, iteration vector)`. Stops
/// with an error after `limit` instances.
pub fn execution_order(ast: &Ast, params: &[i64], limit: usize) -> Result<Vec<(usize, Vec<i64>)>, String> {
    fn run(
        node: &AstNode,
        params: &[i64],
        iterators: &mut Vec<Option<i64>>,
        out: &mut Vec<(usize, Vec<i64>)>,
        limit: usize,
    ) -> Result<(), String> {
        match node {
            AstNode::Block(children) => children.iter().try_for_each(|c| run(c, params, iterators, out, limit)),
            AstNode::For { iterator, init, cond, step, body, .. } => {
                if *step <= 0 {
                    return Err(format!("loop step {step}"));
                }
                let mut value = init.evaluate(params, iterators)?;
                loop {
                    iterators[*iterator] = Some(value);
                    if cond.evaluate(params, iterators)? == 0 {
                        break;
                    }
                    run(body, params, iterators, out, limit)?;
                    value = value.checked_add(*step).ok_or("loop iterator overflow")?;
                }
                iterators[*iterator] = None;
                Ok(())
            }
            AstNode::If { cond, then, otherwise } => {
                if cond.evaluate(params, iterators)? != 0 {
                    run(then, params, iterators, out, limit)
                } else if let Some(otherwise) = otherwise {
                    run(otherwise, params, iterators, out, limit)
                } else {
                    Ok(())
                }
            }
            AstNode::User { statement, args } => {
                if out.len() >= limit {
                    return Err(format!("more than {limit} statement instances"));
                }
                let iteration = args.iter().map(|a| a.evaluate(params, iterators)).collect::<Result<Vec<_>, _>>()?;
                out.push((*statement, iteration));
                Ok(())
            }
        }
    }
    let mut iterators = vec![None; ast.iterators.len()];
    let mut out = Vec::new();
    run(&ast.root, params, &mut iterators, &mut out, limit)?;
    Ok(out)
}

/// C-like text of the loop program (`print<polyprop-ast>`): `for (long c0 = 0; c0 <= N;
/// c0 += 1) { S0(c0); }`, parameters by name, `floord`, `min`, `max`.
pub fn print_ast(scop: &Scop, ast: &Ast) -> String {
    let mut out = String::new();
    print_node(scop, ast, &ast.root, 0, &mut out);
    out
}

fn print_node(scop: &Scop, ast: &Ast, node: &AstNode, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    let expr = |e: &AstExpr| print_expr(scop, &ast.iterators, e);
    match node {
        AstNode::Block(children) => children.iter().for_each(|c| print_node(scop, ast, c, depth, out)),
        AstNode::For { iterator, init, cond, step, body, parallel } => {
            let name = iterator_name(&ast.iterators, *iterator);
            if *parallel {
                out.push_str(&format!("{indent}#pragma omp parallel for\n"));
            }
            out.push_str(&format!(
                "{indent}for (long {name} = {}; {}; {name} += {step}) {{\n",
                expr(init),
                expr(cond)
            ));
            print_node(scop, ast, body, depth + 1, out);
            out.push_str(&format!("{indent}}}\n"));
        }
        AstNode::If { cond, then, otherwise } => {
            out.push_str(&format!("{indent}if ({}) {{\n", expr(cond)));
            print_node(scop, ast, then, depth + 1, out);
            if let Some(otherwise) = otherwise {
                out.push_str(&format!("{indent}}} else {{\n"));
                print_node(scop, ast, otherwise, depth + 1, out);
            }
            out.push_str(&format!("{indent}}}\n"));
        }
        AstNode::User { statement, args } => {
            let name = scop.statements.get(*statement).map_or_else(|| format!("S?{statement}"), |s| s.name.clone());
            let args: Vec<String> = args.iter().map(expr).collect();
            out.push_str(&format!("{indent}{name}({});\n", args.join(", ")));
        }
    }
}

fn iterator_name(iterators: &[String], k: usize) -> String {
    iterators.get(k).cloned().unwrap_or_else(|| format!("c?{k}"))
}

/// Precedence of C operators (higher binds tighter).
fn precedence(e: &AstExpr) -> u8 {
    use AstExpr::*;
    match e {
        Or(..) => 1,
        And(..) => 2,
        Eq(..) => 3,
        Le(..) | Lt(..) | Ge(..) | Gt(..) => 4,
        Add(..) | Sub(..) => 5,
        Mul(..) | ExactDiv(..) | Rem(..) => 6,
        Neg(..) => 7,
        Int(v) if *v < 0 => 7,
        _ => 8,
    }
}

/// C-like text of one expression (iterators named by `iterators`, e.g. [`Ast::iterators`]),
/// with only the parentheses C needs (and around `?:`).
pub fn print_expr(scop: &Scop, iterators: &[String], e: &AstExpr) -> String {
    use AstExpr::*;
    let p = |x: &AstExpr| print_expr(scop, iterators, x);
    let operand = |x: &AstExpr, min: u8| {
        let text = p(x);
        if precedence(x) < min {
            format!("({text})")
        } else {
            text
        }
    };
    let binary = |a: &AstExpr, op: &str, b: &AstExpr| {
        let level = precedence(e);
        format!("{} {op} {}", operand(a, level), operand(b, level + 1))
    };
    let list = |args: &[AstExpr]| args.iter().map(p).collect::<Vec<_>>().join(", ");
    match e {
        Int(v) => v.to_string(),
        Param(k) => scop.params.get(*k).map_or_else(|| format!("p?{k}"), |p| p.name.clone()),
        Iterator(k) => iterator_name(iterators, *k),
        Neg(a) => format!("-{}", operand(a, 8)),
        Add(a, b) => binary(a, "+", b),
        Sub(a, b) => binary(a, "-", b),
        Mul(a, b) => binary(a, "*", b),
        ExactDiv(a, b) => binary(a, "/", b),
        Rem(a, b) => binary(a, "%", b),
        FloorDiv(a, b) => format!("floord({}, {})", p(a), p(b)),
        Min(args) => format!("min({})", list(args)),
        Max(args) => format!("max({})", list(args)),
        Select(c, a, b) => format!("({} ? {} : {})", p(c), p(a), p(b)),
        Eq(a, b) => binary(a, "==", b),
        Le(a, b) => binary(a, "<=", b),
        Lt(a, b) => binary(a, "<", b),
        Ge(a, b) => binary(a, ">=", b),
        Gt(a, b) => binary(a, ">", b),
        And(a, b) => binary(a, "&&", b),
        Or(a, b) => binary(a, "||", b),
    }
}
