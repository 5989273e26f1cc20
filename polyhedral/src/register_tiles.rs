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
//! register for the whole loop; code generation emits the copies along `q` a vector register
//! at a time (the pass's `codegen/vector_points.rs`); partial tiles run the loops as isl
//! wrote them. The rewrite changes no order: under the condition the point loops have
//! exactly the unrolled trip counts, and the copies run in the loops' order.
//!
//! A partial tile's columns (`q`) are split into chunks of the largest power of two at most
//! half their number (16 of 32 or of 48), each a register tile of its own with `k` inside it,
//! versioned again, down to `MIN_CHUNK` columns:
//!
//! ```text
//! for (h = 0; h <= min(47, e2); h += 16)
//!   for (k = ...)                                    // versioned as above: 4 x 16 when full
//!     for (p = 0; p <= min(3, e1); p += 1)
//!       for (q = 0; q <= min(15, e2 - h); q += 1)
//!         S(..., k, p, h + q);
//! ```
//!
//! so that 16 columns of a 48-wide tile (backprop's hidden units) or the first 8 of its last
//! 12 (gemm's 1100 columns) keep their accumulators in registers, where the loops would load
//! and store them at every `k`. This does change the order: the chunks run one after the
//! other, each over all of `k`. `unroll_register_tiles_reordering` does it only where its
//! caller says that `k` carries a dependence (an accumulation: elsewhere, `C[i][j] *= beta`,
//! the split would only add code) and that the instances under `k` may run in any order of
//! `q` (`crate::scheduling::column_order_free`: the model's conflicts between them join
//! instances of one column).

use crate::ast::{Ast, AstExpr, AstNode};

/// Most statement copies a full register tile is unrolled into: AVX-512's tiles of 4 x 48
/// (`scheduling::register_columns`). A tile left as loops is slower than no register tile
/// at all (LLVM vectorizes its point loops with scatters: gemm 1.1 s against 0.2 s).
pub const MAX_COPIES: i64 = 192;

/// Fewest columns a partial tile's columns are split down to: one AVX2 register of doubles.
pub const MIN_CHUNK: i64 = 8;

/// Versions and unrolls every loop of `ast` whose body is a nest of register-point loops
/// (module documentation); returns how many. Changes no order.
pub fn unroll_register_tiles(ast: &mut Ast) -> usize {
    unroll_register_tiles_reordering(ast, &|_, _| true, &|_, _, _| false)
}

/// [`unroll_register_tiles`] where the model says the loop `k` around the points carries a
/// dependence among the statements in it (`carries(statements, k)`: an accumulation, which
/// the unrolled points keep in registers; the points of a tile that only walks elements stay
/// loops, which LLVM vectorizes, at a fraction of the code), and the columns of partial tiles
/// split into register tiles of their own where `splittable(statements, k, q)` holds
/// (`crate::scheduling::TileLoops`).
pub fn unroll_register_tiles_reordering(ast: &mut Ast, carries: &dyn Fn(&[usize], usize) -> bool, splittable: &dyn Fn(&[usize], usize, usize) -> bool) -> usize {
    let mut unroller = Unroller { iterators: &mut ast.iterators, carries, splittable };
    unroller.rewrite(&mut ast.root)
}

struct Unroller<'a> {
    iterators: &'a mut Vec<String>,
    carries: &'a dyn Fn(&[usize], usize) -> bool,
    splittable: &'a dyn Fn(&[usize], usize, usize) -> bool,
}

impl Unroller<'_> {
    fn rewrite(&mut self, node: &mut AstNode) -> usize {
        match node {
            AstNode::Block(children) => children.iter_mut().map(|c| self.rewrite(c)).sum(),
            AstNode::If { then, otherwise, .. } => self.rewrite(then) + otherwise.as_deref_mut().map_or(0, |o| self.rewrite(o)),
            AstNode::User { .. } => 0,
            AstNode::For { .. } => {
                if let Some(versioned) = self.versioned(node) {
                    *node = versioned;
                    return 1;
                }
                let AstNode::For { body, .. } = node else { return 0 };
                self.rewrite(body)
            }
        }
    }

    /// `versioned(node)` where `node` carries a dependence, its partial tiles' columns split
    /// into chunks (`chunks`) where allowed.
    fn versioned(&mut self, node: &AstNode) -> Option<AstNode> {
        let AstNode::For { iterator: k, body, .. } = node else { return None };
        let mut result = versioned(node)?;
        if !(self.carries)(&statements_in(point_nest(body).1), *k) {
            return None;
        }
        if let AstNode::If { otherwise: Some(partial), .. } = &mut result {
            if let Some(split) = self.chunks(node) {
                **partial = split;
            }
        }
        Some(result)
    }

    /// The versioned loop `node` (`k`) inside a loop over chunks of its innermost point loop's
    /// columns (`h`), each chunk a register tile of its own, versioned again; `None` when the
    /// columns are fewer than `2 * MIN_CHUNK`, not whole chunks of `MIN_CHUNK`, or may not be
    /// split (`splittable`).
    fn chunks(&mut self, node: &AstNode) -> Option<AstNode> {
        let AstNode::For { iterator: k, body, .. } = node else { return None };
        let (points, inner) = point_nest(body);
        let columns = points.last()?;
        let width = columns.last + 1;
        if width < 2 * MIN_CHUNK || width % MIN_CHUNK != 0 || !(self.splittable)(&statements_in(inner), *k, columns.iterator) {
            return None;
        }
        let h = self.fresh_iterator();
        let q = columns.iterator;
        let step = chunk_width(width);
        let minus_h = |e: AstExpr| AstExpr::Sub(Box::new(e), Box::new(AstExpr::Iterator(h)));
        let mut bound = vec![AstExpr::Int(step - 1)];
        if width % step != 0 {
            // The last chunk ends with the tile.
            bound.push(minus_h(AstExpr::Int(width - 1)));
        }
        bound.extend(columns.inclusive_bounds.iter().map(|e| minus_h(e.clone())));
        let column_loop = AstNode::For {
            iterator: q,
            init: AstExpr::Int(0),
            cond: AstExpr::Le(Box::new(AstExpr::Iterator(q)), Box::new(AstExpr::Min(bound))),
            step: 1,
            body: Box::new(substituted(columns.body, q, &AstExpr::Add(Box::new(AstExpr::Iterator(h)), Box::new(AstExpr::Iterator(q))))),
            parallel: false,
        };
        let chunk = replaced_at(node, points.len(), column_loop);
        let chunk = self.versioned(&chunk).unwrap_or(chunk);
        Some(AstNode::For {
            iterator: h,
            init: AstExpr::Int(0),
            cond: substituted_expr(columns.cond, q, &AstExpr::Iterator(h)),
            step,
            body: Box::new(chunk),
            parallel: false,
        })
    }

    /// A new AST iterator, named as the others are (`c9` after `c0` ... `c8`).
    fn fresh_iterator(&mut self) -> usize {
        let k = self.iterators.len();
        let prefix: String = self.iterators.first().map(|n| n.trim_end_matches(|c: char| c.is_ascii_digit()).to_string()).unwrap_or_else(|| "c".into());
        self.iterators.push(format!("{prefix}{k}"));
        k
    }
}

/// The columns of the chunks a partial tile of `width` columns is split into: the largest
/// power of two at most half of `width` (16 of 48, 16 of 32), so that every chunk but a last
/// one fills whole vector registers. Chunks of 32 of a 48-wide tile ran no faster and cost
/// gemm's build 20% more time (0.74 against 0.61 s; docs/benchmarks/scheduling.txt).
fn chunk_width(width: i64) -> i64 {
    let mut chunk = MIN_CHUNK;
    while 2 * chunk <= width / 2 {
        chunk *= 2;
    }
    chunk
}

/// The statements `node` runs, each once.
fn statements_in(node: &AstNode) -> Vec<usize> {
    let mut found = Vec::new();
    let mut visit = vec![node];
    while let Some(n) = visit.pop() {
        match n {
            AstNode::Block(children) => visit.extend(children.iter()),
            AstNode::If { then, otherwise, .. } => visit.extend(std::iter::once(&**then).chain(otherwise.as_deref())),
            AstNode::For { body, .. } => visit.push(body),
            AstNode::User { statement, .. } => {
                if !found.contains(statement) {
                    found.push(*statement);
                }
            }
        }
    }
    found
}

/// `node` with the loop nest `depth` loops below it replaced: `replaced_at(k, 2, q')` is the
/// loop `k` over `p` over `q'`.
fn replaced_at(node: &AstNode, depth: usize, replacement: AstNode) -> AstNode {
    if depth == 0 {
        return replacement;
    }
    match single(node) {
        AstNode::For { iterator, init, cond, step, body, parallel } => AstNode::For {
            iterator: *iterator,
            init: init.clone(),
            cond: cond.clone(),
            step: *step,
            body: Box::new(replaced_at(body, depth - 1, replacement)),
            parallel: *parallel,
        },
        _ => replacement,
    }
}

/// A loop over points `p = 0, 1, ...` whose trip count is a constant in full tiles: its bound
/// `p <= min(last, e...)` (or `p < min(last + 1, e...)`), and the condition that makes it full.
struct PointLoop<'a> {
    iterator: usize,
    cond: &'a AstExpr,
    last: i64,
    full: Vec<AstExpr>,
    /// The bound's operands that are not constants, as inclusive bounds.
    inclusive_bounds: Vec<AstExpr>,
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
    let variable: Vec<&AstExpr> = operands.iter().filter(|o| !matches!(o, AstExpr::Int(_))).collect();
    let full = variable.iter().map(|o| AstExpr::Ge(Box::new((*o).clone()), Box::new(AstExpr::Int(limit)))).collect();
    let inclusive_bounds = variable
        .iter()
        .map(|o| if inclusive { (*o).clone() } else { AstExpr::Sub(Box::new((*o).clone()), Box::new(AstExpr::Int(1))) })
        .collect();
    (last >= 1).then_some(PointLoop { iterator: *iterator, cond, last, full, inclusive_bounds, body })
}

/// The nest of point loops that `body` is (outermost first), and the body of the innermost.
fn point_nest(body: &AstNode) -> (Vec<PointLoop<'_>>, &AstNode) {
    let mut points = Vec::new();
    let mut inner = body;
    while let Some(point) = point_loop(single(inner)) {
        inner = point.body;
        points.push(point);
    }
    (points, inner)
}

/// `node` (a loop) versioned on its register tile being full, or `None` when its body is not
/// a nest of point loops that depend on no loop inside `node`.
fn versioned(node: &AstNode) -> Option<AstNode> {
    let AstNode::For { iterator, init, cond, step, body, parallel } = node else { return None };
    let (points, inner) = point_nest(body);
    if points.is_empty() || inner.contains_loop() {
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
            .flat_map(|copy| (0..=point.last).map(move |value| substituted(copy, point.iterator, &AstExpr::Int(value))))
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

/// `node` with `iterator` replaced by `value` in every expression.
fn substituted(node: &AstNode, iterator: usize, value: &AstExpr) -> AstNode {
    let e = |expr: &AstExpr| substituted_expr(expr, iterator, value);
    match node {
        AstNode::Block(children) => AstNode::Block(children.iter().map(|c| substituted(c, iterator, value)).collect()),
        AstNode::If { cond, then, otherwise } => AstNode::If {
            cond: e(cond),
            then: Box::new(substituted(then, iterator, value)),
            otherwise: otherwise.as_ref().map(|o| Box::new(substituted(o, iterator, value))),
        },
        AstNode::User { statement, args } => AstNode::User { statement: *statement, args: args.iter().map(e).collect() },
        AstNode::For { .. } => unreachable!("register points hold no loop (AstNode::contains_loop)"),
    }
}

fn substituted_expr(expr: &AstExpr, iterator: usize, value: &AstExpr) -> AstExpr {
    use AstExpr::*;
    let s = |e: &AstExpr| Box::new(substituted_expr(e, iterator, value));
    match expr {
        Iterator(i) if *i == iterator => value.clone(),
        Int(_) | Param(_) | Iterator(_) => expr.clone(),
        Neg(a) => Neg(s(a)),
        // `c3 + 0` is `c3`: the first copy reads as the loop did. `x + (h + 2)` (a split tile's
        // copy) is `(x + h) + 2`: code generation addresses a copy as one element plus its
        // constant offset (`argument_offsets`) only where the constant is outermost.
        Add(a, b) => match (substituted_expr(a, iterator, value), substituted_expr(b, iterator, value)) {
            (a, Int(0)) | (Int(0), a) => a,
            (a, Add(b, c)) if matches!(*c, Int(_)) => Add(Box::new(Add(Box::new(a), b)), c),
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
