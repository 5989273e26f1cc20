//! Full register tiles unrolled (code generation for `crate::scheduling`'s register tiling,
//! paper 003 section 5.3: tiling decides much of the gain).
//!
//! Scheduling tiles a permutable band's points once more for registers and runs the loop that
//! carries the dependence (gemm's `k`) outside the register points, so isl's AST has the shape
//!
//! ```text
//! for (k = ...; ...; k += 1)
//!   for (p = 0; p <= min(3, e1); p += 1)
//!     for (q = 0; q <= min(7, e2); q += 1)
//!       S(..., k, p, q);
//! ```
//!
//! [`unroll_register_tiles`] versions such a loop on whether its register tile is full
//! (`e1 >= 3 && e2 >= 7`, where `e1` and `e2` depend on neither `k` nor the points): when it
//! is, the points are unrolled into `4 x 8` statements in the body of `k`, each with its point
//! as a constant, so that LLVM promotes every element the statements accumulate into to a
//! register for the whole loop and vectorizes them along `q`; partial tiles run the loops as
//! isl wrote them. The rewrite changes no order: under the condition the point loops have
//! exactly the unrolled trip counts, and the copies run in the loops' order.

use crate::ast::{Ast, AstExpr, AstNode};

/// Most statement copies a full register tile is unrolled into.
pub const MAX_COPIES: i64 = 64;

/// Versions and unrolls every loop of `ast` whose body is a nest of register-point loops
/// (module documentation); returns how many.
pub fn unroll_register_tiles(ast: &mut Ast) -> usize {
    rewrite(&mut ast.root)
}

fn rewrite(node: &mut AstNode) -> usize {
    match node {
        AstNode::Block(children) => children.iter_mut().map(rewrite).sum(),
        AstNode::If { then, otherwise, .. } => rewrite(then) + otherwise.as_deref_mut().map_or(0, rewrite),
        AstNode::User { .. } => 0,
        AstNode::For { .. } => {
            if let Some(versioned) = versioned(node) {
                *node = versioned;
                return 1;
            }
            let AstNode::For { body, .. } = node else { return 0 };
            rewrite(body)
        }
    }
}

/// A loop over points `p = 0, 1, ...` whose trip count is a constant in full tiles: its bound
/// `p <= min(last, e...)` (or `p < min(last + 1, e...)`), and the condition that makes it full.
struct PointLoop<'a> {
    iterator: usize,
    last: i64,
    full: Vec<AstExpr>,
    body: &'a AstNode,
}

fn point_loop(node: &AstNode) -> Option<PointLoop<'_>> {
    let AstNode::For { iterator, init: AstExpr::Int(0), cond, step: 1, body, .. } = node else { return None };
    let (bound, inclusive) = match cond {
        AstExpr::Le(i, bound) if **i == AstExpr::Iterator(*iterator) => (&**bound, true),
        AstExpr::Lt(i, bound) if **i == AstExpr::Iterator(*iterator) => (&**bound, false),
        _ => return None,
    };
    let operands = match bound {
        AstExpr::Min(operands) => operands.as_slice(),
        single => std::slice::from_ref(single),
    };
    let limit = operands.iter().filter_map(|o| if let AstExpr::Int(v) = o { Some(*v) } else { None }).min()?;
    let last = if inclusive { limit } else { limit - 1 };
    let full = operands
        .iter()
        .filter(|o| !matches!(o, AstExpr::Int(_)))
        .map(|o| AstExpr::Ge(Box::new(o.clone()), Box::new(AstExpr::Int(limit))))
        .collect();
    (last >= 1).then_some(PointLoop { iterator: *iterator, last, full, body })
}

/// `node` (a loop) versioned on its register tile being full, or `None` when its body is not
/// a nest of point loops that depend on no loop inside `node`.
fn versioned(node: &AstNode) -> Option<AstNode> {
    let AstNode::For { iterator, init, cond, step, body, parallel } = node else { return None };
    let mut points = Vec::new();
    let mut inner: &AstNode = body;
    while let Some(point) = point_loop(single(inner)) {
        inner = point.body;
        points.push(point);
    }
    if points.is_empty() || contains_loop(inner) {
        return None;
    }
    let copies = points.iter().try_fold(1i64, |n, p| n.checked_mul(p.last + 1))?;
    let mut inside = vec![*iterator];
    inside.extend(points.iter().map(|p| p.iterator));
    let full: Vec<AstExpr> = points.iter().flat_map(|p| p.full.iter().cloned()).collect();
    if copies > MAX_COPIES || full.iter().any(|e| inside.iter().any(|&i| e.mentions(i))) {
        return None;
    }
    let mut unrolled = vec![inner.clone()];
    for point in &points {
        unrolled = unrolled
            .iter()
            .flat_map(|copy| (0..=point.last).map(move |value| substituted(copy, point.iterator, value)))
            .collect();
    }
    // Expanded outermost point first, each copy into its values in turn: the loops' order.
    let fast = AstNode::For {
        iterator: *iterator,
        init: init.clone(),
        cond: cond.clone(),
        step: *step,
        body: Box::new(AstNode::Block(unrolled)),
        parallel: *parallel,
    };
    let condition = full.into_iter().reduce(|a, b| AstExpr::And(Box::new(a), Box::new(b)));
    Some(match condition {
        Some(cond) => AstNode::If { cond, then: Box::new(fast), otherwise: Some(Box::new(node.clone())) },
        None => fast,
    })
}

/// The single child of a block of one, or the node itself.
fn single(node: &AstNode) -> &AstNode {
    match node {
        AstNode::Block(children) if children.len() == 1 => single(&children[0]),
        other => other,
    }
}

fn contains_loop(node: &AstNode) -> bool {
    match node {
        AstNode::For { .. } => true,
        AstNode::Block(children) => children.iter().any(contains_loop),
        AstNode::If { then, otherwise, .. } => contains_loop(then) || otherwise.as_deref().is_some_and(contains_loop),
        AstNode::User { .. } => false,
    }
}

/// `node` with `iterator` replaced by the constant `value` in every expression.
fn substituted(node: &AstNode, iterator: usize, value: i64) -> AstNode {
    let e = |expr: &AstExpr| substituted_expr(expr, iterator, value);
    match node {
        AstNode::Block(children) => AstNode::Block(children.iter().map(|c| substituted(c, iterator, value)).collect()),
        AstNode::If { cond, then, otherwise } => AstNode::If {
            cond: e(cond),
            then: Box::new(substituted(then, iterator, value)),
            otherwise: otherwise.as_ref().map(|o| Box::new(substituted(o, iterator, value))),
        },
        AstNode::User { statement, args } => AstNode::User { statement: *statement, args: args.iter().map(e).collect() },
        AstNode::For { .. } => unreachable!("register points hold no loop (contains_loop)"),
    }
}

fn substituted_expr(expr: &AstExpr, iterator: usize, value: i64) -> AstExpr {
    use AstExpr::*;
    let s = |e: &AstExpr| Box::new(substituted_expr(e, iterator, value));
    match expr {
        Iterator(i) if *i == iterator => Int(value),
        Int(_) | Param(_) | Iterator(_) => expr.clone(),
        Neg(a) => Neg(s(a)),
        // `c3 + 0` is `c3`: the first copy reads as the loop did.
        Add(a, b) => match (substituted_expr(a, iterator, value), substituted_expr(b, iterator, value)) {
            (a, Int(0)) | (Int(0), a) => a,
            (a, b) => Add(Box::new(a), Box::new(b)),
        },
        Sub(a, b) => Sub(s(a), s(b)),
        Mul(a, b) => Mul(s(a), s(b)),
        FloorDiv(a, b) => FloorDiv(s(a), s(b)),
        ExactDiv(a, b) => ExactDiv(s(a), s(b)),
        Rem(a, b) => Rem(s(a), s(b)),
        Min(args) => Min(args.iter().map(|a| substituted_expr(a, iterator, value)).collect()),
        Max(args) => Max(args.iter().map(|a| substituted_expr(a, iterator, value)).collect()),
        Select(c, a, b) => Select(s(c), s(a), s(b)),
        Eq(a, b) => Eq(s(a), s(b)),
        Le(a, b) => Le(s(a), s(b)),
        Lt(a, b) => Lt(s(a), s(b)),
        Ge(a, b) => Ge(s(a), s(b)),
        Gt(a, b) => Gt(s(a), s(b)),
        And(a, b) => And(s(a), s(b)),
        Or(a, b) => Or(s(a), s(b)),
    }
}
