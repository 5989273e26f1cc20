//! Parallel loops of the loop program (paper 003, section 5.2: the propagated nests run their
//! loops with OpenMP, as Polly does).
//!
//! A loop may run its iterations in parallel when no two statement instances it runs in
//! different iterations, at the same values of the enclosing loops, access the same element
//! with at least one of them writing it: the loop carries none of the model's memory
//! conflicts (`dependences::conflicts`: RAW, WAR and WAW, memory-based, in either
//! direction). As in Polly's AST annotation, the test runs while isl generates the AST: before
//! each `for`, the conflicts are mapped through the build's partial schedule (the schedule
//! dimensions of the enclosing loops and of this one, over the instances this loop runs),
//! the enclosing dimensions are equated, and the loop is parallel when every distance along
//! its own dimension is 0. The loop's `for` node is annotated with the answer
//! ([`PARALLEL`]), which `ast` turns into [`crate::ast::AstNode::For`]'s `parallel`.
//!
//! Every parallel loop is annotated; [`outermost_parallel`] then keeps one per nest, as
//! section 5.2 chooses: the outermost, unless it has a few iterations known at compile time
//! (fewer than [`MIN_ITERATIONS`]: the three colour channels of an image) and a parallel loop
//! is nested inside it, which then takes its place (undersubscription). The loops inside the
//! chosen one run sequentially in each thread. Nothing is privatized: a scalar written in the
//! loop's body is a conflict, and so is a reduction.
//!
//! Quota: the test of one loop runs inside AST generation's quota. When it fails (out of
//! quota, or a relation isl cannot put in one space), the loop is sequential and the
//! context's error state and operation count are reset, so that AST generation goes on: a
//! failed test costs parallelism, never the transformation.

use crate::ast::{AstExpr, AstNode};
use crate::isl::{IslContext, IslResult};
use std::ffi::CStr;
use std::os::raw::{c_char, c_void};

/// The name of the annotation of a parallel loop's `for` node (others carry [`SEQUENTIAL`]).
pub(crate) const PARALLEL: &CStr = c"parallel";
pub(crate) const SEQUENTIAL: &CStr = c"sequential";

extern "C" {
    fn isl_ast_build_get_schedule(build: usize) -> usize;
    fn isl_ast_build_set_before_each_for(
        build: usize,
        f: extern "C" fn(build: usize, user: *mut c_void) -> usize,
        user: *mut c_void,
    ) -> usize;
    fn isl_id_alloc(ctx: usize, name: *const c_char, user: *mut c_void) -> usize;
    fn isl_ctx_reset_error(ctx: usize);
    fn isl_ctx_reset_operations(ctx: usize);
}

/// The state of the test during one AST generation. It must stay at one address while isl
/// holds a pointer to it (`install`).
pub(crate) struct ParallelLoops {
    ctx: usize,
    /// `{ S[i] -> T[j] }`: the model's conflicts.
    conflicts: isl_rs::UnionMap,
    /// Loops marked parallel so far.
    pub marked: usize,
}

impl ParallelLoops {
    pub(crate) fn new(ctx: &IslContext, conflicts: crate::isl::UnionMap<'_>) -> IslResult<Self> {
        let conflicts = ctx.check(conflicts.raw().copy())?;
        Ok(ParallelLoops { ctx: ctx.raw().ptr, conflicts, marked: 0 })
    }

    /// Sets the callbacks on `build` (taken and returned, as isl does).
    ///
    /// # Safety
    /// `build` is a live `isl_ast_build`; `self` outlives every use of the build and of the
    /// builds isl derives from it, and does not move meanwhile.
    pub(crate) unsafe fn install(&mut self, build: usize) -> usize {
        let user = self as *mut ParallelLoops as *mut c_void;
        isl_ast_build_set_before_each_for(build, before_each_for, user)
    }

    /// Whether the loop `build` is about to generate is parallel (module documentation).
    fn decide(&mut self, build: usize) -> bool {
        match self.carries_no_conflict(build) {
            Ok(parallel) => parallel,
            Err(_) => {
                // SAFETY: `ctx` is the live context of the build.
                unsafe {
                    isl_ctx_reset_error(self.ctx);
                    isl_ctx_reset_operations(self.ctx);
                }
                false
            }
        }
    }

    fn carries_no_conflict(&self, build: usize) -> Result<bool, isl_rs::LibISLError> {
        use isl_rs::{DimType, Map, UnionMap};
        // SAFETY: `build` is live during the callback; the schedule is a new object we own.
        let schedule = UnionMap { ptr: unsafe { isl_ast_build_get_schedule(build) }, should_free_on_drop: true };
        if schedule.ptr == 0 {
            return Err(isl_rs::LibISLError::new(isl_rs::Error::Unknown, "isl_ast_build_get_schedule failed"));
        }
        // { [t] -> [t'] }: the schedule times of conflicting instances of this loop.
        let timed = self.conflicts.copy()?.apply_domain(schedule.copy()?)?.apply_range(schedule)?;
        if timed.is_empty()? {
            return Ok(true);
        }
        let mut map = Map::from_union_map(timed)?;
        let n = map.dim(DimType::Out)?;
        if n < 1 {
            return Ok(false);
        }
        for d in 0..n - 1 {
            map = map.equate(DimType::In, d, DimType::Out, d)?;
        }
        // Distances along this loop's dimension, where the enclosing ones are equal.
        let distances = map.deltas()?.project_out(DimType::Set, 0, (n - 1) as u32)?;
        let zero = isl_rs::Set::read_from_str(&distances.get_ctx(), "{ [0] }")?;
        distances.is_subset(&zero)
    }

    fn annotation(&self, parallel: bool) -> usize {
        let name = if parallel { PARALLEL } else { SEQUENTIAL };
        // SAFETY: `ctx` is live; isl copies the name.
        unsafe { isl_id_alloc(self.ctx, name.as_ptr(), std::ptr::null_mut()) }
    }
}

extern "C" fn before_each_for(build: usize, user: *mut c_void) -> usize {
    // SAFETY: `user` is the `ParallelLoops` of `install`, alive and unmoved (its contract).
    let loops = unsafe { &mut *(user as *mut ParallelLoops) };
    // No panic may unwind into isl: one is a sequential loop.
    let parallel = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| loops.decide(build))).unwrap_or(false);
    loops.marked += usize::from(parallel);
    loops.annotation(parallel)
}

/// Loops with fewer iterations than this (known at compile time) leave their parallelism to
/// a parallel loop nested inside them.
pub const MIN_ITERATIONS: i64 = 8;

/// Keeps one parallel loop per nest of `node` (module documentation).
pub fn outermost_parallel(node: &mut AstNode) {
    let few = constant_iterations(node).is_some_and(|n| n < MIN_ITERATIONS);
    match node {
        AstNode::Block(children) => children.iter_mut().for_each(outermost_parallel),
        AstNode::If { then, otherwise, .. } => {
            outermost_parallel(then);
            if let Some(o) = otherwise {
                outermost_parallel(o);
            }
        }
        AstNode::For { parallel, body, .. } if *parallel => {
            if few && has_parallel(body) {
                *parallel = false;
                outermost_parallel(body);
            } else {
                clear_parallel(body);
            }
        }
        AstNode::For { body, .. } => outermost_parallel(body),
        AstNode::User { .. } => {}
    }
}

/// The number of iterations of a loop whose bounds are constants.
fn constant_iterations(node: &AstNode) -> Option<i64> {
    let AstNode::For { iterator, init: AstExpr::Int(first), cond, step, .. } = node else { return None };
    let last = match cond {
        AstExpr::Le(x, bound) if **x == AstExpr::Iterator(*iterator) => match **bound {
            AstExpr::Int(b) => b,
            _ => return None,
        },
        AstExpr::Lt(x, bound) if **x == AstExpr::Iterator(*iterator) => match **bound {
            AstExpr::Int(b) => b - 1,
            _ => return None,
        },
        _ => return None,
    };
    Some(if last < *first { 0 } else { (last - first) / step + 1 })
}

fn has_parallel(node: &AstNode) -> bool {
    match node {
        AstNode::Block(children) => children.iter().any(has_parallel),
        AstNode::If { then, otherwise, .. } => has_parallel(then) || otherwise.as_deref().is_some_and(has_parallel),
        AstNode::For { parallel, body, .. } => *parallel || has_parallel(body),
        AstNode::User { .. } => false,
    }
}

fn clear_parallel(node: &mut AstNode) {
    match node {
        AstNode::Block(children) => children.iter_mut().for_each(clear_parallel),
        AstNode::If { then, otherwise, .. } => {
            clear_parallel(then);
            if let Some(o) = otherwise {
                clear_parallel(o);
            }
        }
        AstNode::For { parallel, body, .. } => {
            *parallel = false;
            clear_parallel(body);
        }
        AstNode::User { .. } => {}
    }
}
