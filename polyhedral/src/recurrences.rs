//! Higher-order recurrences (paper 003, §5.4, Figure 10).
//!
//! After propagation a statement's value often holds the same expression at consecutive
//! iterations of its innermost loop: `f(j - 1) + f(j) + f(j + 1)`, where `f` is a whole
//! propagated stencil. Evaluated as written, each `f` is computed three times over the loop.
//! A *family* is such a set of subtrees, of one or several statements of the loop's body:
//! every member is one base subtree shifted along the loop by `e` iterations, `e` in
//! `0..=last` (compared in the AST's iterators, so that the pieces of a split statement and
//! the two statements of a loop of step 2 over pixel pairs meet). Code generation computes the
//! member at `last` once per iteration and hands it down through `last` scalars (a register
//! rotation), the members at `0..last` being the values computed at earlier iterations; before
//! the loop it computes those at the first iteration (the prologue).
//!
//! The rotation evaluates the same operations on the same operands as the written code (each
//! member at each iteration is the value some member had there), so results are bit-identical,
//! provided that:
//! - the offsets are contiguous: then every value the rotation computes, in the prologue or
//!   in an iteration, is one the written code computes too (no read outside what it reads);
//! - no member reads memory that the loop writes (the caller checks that against the
//!   statements' writes) and no member uses an iterator as a value;
//! - no member sits under a select's side that is evaluated only when taken, nor holds a
//!   data-dependent subscript (a may-read).
//!
//! Families are chosen top down, largest subtrees first; a chosen member's own subtrees are
//! computed once per iteration with it and are not considered again.
//!
//! Clamped reads (`in[max(2x - 2, 0)]`, our whole-producer replacement of paper 003's border
//! splitting) are shifts of each other only where their clamps do not bite. With the loop's
//! iterations (`LoopDomain`), such members are accepted when isl proves that every value a
//! scalar hands on equals the member that uses it: at each iteration of the loop where the
//! value was computed `k` iterations before, the subscripts agree (and at the first
//! iteration, where the prologue computes each offset from its own member).

use crate::affine::{AffExpr, AffVar};
use crate::isl::IslContext;
use crate::model::{Access, Constant, Expr};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// A statement instance of the loop's body: its value expression, and each of its
/// iterators as an affine expression of the AST's iterators (`AffVar::Iter` numbers AST
/// iterators here) and the parameters. Members are compared in those terms, so that one
/// statement's subtree can be another's at a later iteration.
pub struct Root<'e> {
    pub value: &'e Expr,
    pub iterators: Vec<AffExpr>,
    /// `in_loop_terms` by subscript: propagated statements repeat their subscripts thousands
    /// of times.
    translated: std::cell::RefCell<std::collections::HashMap<AffExpr, Option<AffExpr>>>,
}

impl<'e> Root<'e> {
    pub fn new(value: &'e Expr, iterators: Vec<AffExpr>) -> Self {
        Root { value, iterators, translated: Default::default() }
    }

    /// A subscript of this statement in the AST's iterators.
    fn in_loop_terms(&self, s: &AffExpr) -> Option<AffExpr> {
        if let Some(known) = self.translated.borrow().get(s) {
            return known.clone();
        }
        let translated = s
            .substitute(&|v| match v {
                AffVar::Iter(k) => self.iterators.get(*k).cloned(),
                other => Some(AffExpr::var(other.clone())),
            })
            .and_then(|s| normalized(&s));
        self.translated.borrow_mut().insert(s.clone(), translated.clone());
        translated
    }
}

/// The iterations of the loop over which clamped members are compared: the statement
/// instances of its first root, `[params] -> { S[i] : ... }`, and that root's arguments in
/// the AST's iterators; the names of both.
pub struct LoopDomain<'c> {
    pub isl: &'c IslContext,
    pub statement_domain: String,
    pub arguments: Vec<AffExpr>,
    pub iterators: Vec<String>,
    pub params: Vec<String>,
    /// The loop's iterations in the AST's iterators, computed at the first check.
    iterations: std::cell::OnceCell<Option<String>>,
}

impl<'c> LoopDomain<'c> {
    pub fn new(isl: &'c IslContext, statement_domain: String, arguments: Vec<AffExpr>, iterators: Vec<String>, params: Vec<String>) -> Self {
        LoopDomain { isl, statement_domain, arguments, iterators, params, iterations: std::cell::OnceCell::new() }
    }

    fn space(&self) -> (String, String) {
        (format!("[{}]", self.params.join(", ")), format!("[{}]", self.iterators.join(", ")))
    }

    /// `{ [c] : args(c) in the statement's domain }`: a superset of the iterations, which is
    /// what a proof over all of them needs.
    fn iterations(&self) -> Option<&str> {
        self.iterations
            .get_or_init(|| {
                let (params, point) = self.space();
                let name = self.statement_domain.split('{').nth(1)?.trim_start().split('[').next()?.trim().to_string();
                let args: Vec<String> = self.arguments.iter().map(|a| a.display(&self.iterators, &self.params).to_string()).collect();
                let map = format!("{params} -> {{ {point} -> {name}[{}] }}", args.join(", "));
                let domain = self.isl.union_set(&self.statement_domain).ok()?;
                let preimage = self.isl.union_map(&map).ok()?.intersect_range(domain).ok()?.domain().ok()?;
                preimage.to_isl_string().ok()
            })
            .as_deref()
    }

    /// Whether `equalities` (isl constraints over the AST's iterators) hold at every
    /// iteration `c` of the loop whose iteration `c - k` along `dim` is one too.
    fn holds(&self, equalities: &[String], dim: usize, k: i64) -> bool {
        let check = || -> Option<bool> {
            let iterations = self.iterations()?;
            let (params, point) = self.space();
            let later: Vec<String> = self.iterators.iter().enumerate().map(|(j, c)| if j == dim { format!("{c} + {k}") } else { c.clone() }).collect();
            let shift = format!("{params} -> {{ {point} -> [{}] }}", later.join(", "));
            let both = self.isl.union_map(&shift).ok()?.intersect_domain(self.isl.union_set(iterations).ok()?).ok()?.range().ok()?;
            let both = both.intersect(self.isl.union_set(iterations).ok()?).ok()?;
            let agree = self.isl.union_set(&format!("{params} -> {{ {point} : {} }}", equalities.join(" and "))).ok()?;
            both.is_subset(&agree).ok()
        };
        check().unwrap_or(false)
    }
}

/// A member: a subtree (by address) of `roots[root].value`.
#[derive(Clone, Copy, Debug)]
pub struct Member<'e> {
    pub expr: &'e Expr,
    pub root: usize,
}

/// One recurrence: `members[e]` are the occurrences of the base subtree shifted by `e`
/// iterations of the loop; every `e` in `0..members.len()` occurs at least once, and
/// `members.len() >= 2`.
#[derive(Debug)]
pub struct Family<'e> {
    pub members: Vec<Vec<Member<'e>>>,
}

impl<'e> Family<'e> {
    /// The member computed at each iteration; the others come from earlier iterations.
    pub fn newest(&self) -> Member<'e> {
        self.members[self.members.len() - 1][0]
    }

    /// The order of the recurrence: how many scalars carry values across iterations.
    pub fn order(&self) -> usize {
        self.members.len() - 1
    }

    /// The operations of one member.
    pub fn operations(&self) -> usize {
        self.newest().expr.operations()
    }
}

/// The families of the statement instances `roots` of a loop over AST iterator `dim` with
/// step `step`, largest first.
///
/// `eager(root, side)` tells whether a select's side in that root is evaluated whatever the
/// condition is (code generation's speculation rule); subtrees under other sides are not
/// members. `min_operations`: smaller subtrees are not worth a scalar (paper 003 §5.4:
/// keeping a consecutive read is often better than a recurrence, which costs a register).
///
/// `domain`: the loop's iterations, for members that are shifts only where their clamps do
/// not bite; without it, only exact shifts are members.
pub fn families<'e>(
    roots: &[Root<'e>],
    dim: usize,
    step: i64,
    eager: &dyn Fn(usize, &Expr) -> bool,
    min_operations: usize,
    domain: Option<&LoopDomain<'_>>,
) -> Vec<Family<'e>> {
    let mut candidates = Vec::new();
    for (r, root) in roots.iter().enumerate() {
        let context = Context { root, index: r, dim, eager, min_operations };
        collect(root.value, &context, &mut candidates);
    }
    if candidates.len() > MAX_NODES {
        return Vec::new();
    }
    SHIFTED.with(|memo| memo.borrow_mut().clear());
    SMALL_SHIFTS.with(|memo| memo.borrow_mut().clear());
    let mut covered: Vec<(usize, usize)> = Vec::new();
    let mut out = Vec::new();
    // Candidates of equal shape, in pre-order: only those can be shifts of each other.
    let mut shapes: std::collections::HashMap<u64, Vec<usize>> = std::collections::HashMap::new();
    for (k, c) in candidates.iter().enumerate().filter(|(_, c)| c.usable) {
        shapes.entry(c.hash).or_default().push(k);
    }
    // Exact copies of a candidate that made no family make none either.
    let mut settled = vec![false; candidates.len()];
    // Comparisons stop at a budget of nodes: the large statements of a fully propagated
    // pipeline (camera pipe: 26000 nodes per loop) would otherwise cost seconds of compile time.
    let mut budget = SEARCH_BUDGET;
    for (k, c) in candidates.iter().enumerate() {
        if !c.usable || settled[k] || is_covered(&covered, c.order) {
            continue;
        }
        let later = shapes[&c.hash].iter().filter(|&&j| j > k).map(|&j| &candidates[j]).filter(|o| !is_covered(&covered, o.order));
        let Some((shifted, loose)) = shifted_copies(c, later, roots, dim, domain.is_some(), &mut budget) else { return out };
        let Some(family) = contiguous(&shifted, step) else {
            for (d, copy) in &shifted {
                settled[copy.order] |= *d == 0;
            }
            continue;
        };
        if loose && !domain.is_some_and(|domain| carried_values_agree(&family, roots, dim, step, domain)) {
            continue;
        }
        // A member inside another member of the same family (`f(j)` inside `g(f(j - 1))`)
        // cannot be both carried and computed; such shapes are left as written.
        if overlapping(&shifted) {
            continue;
        }
        covered.extend(shifted.iter().map(|(_, m)| (m.order, m.order + m.size)));
        out.push(family);
    }
    out
}

/// The expression nodes the search for families of one loop may compare (about 0.1 s).
const SEARCH_BUDGET: usize = 3_000_000;

/// The largest loop body searched, in expression nodes. Camera pipe's fully propagated
/// output loops (26000 nodes each) cost a second of compile time to search, and what their
/// recurrences save their vectorized code does not show (33.9 against 32.4 ms).
const MAX_NODES: usize = 20_000;

/// The candidates among `later` that are shifts of `c`, with their shifts (`c` itself at 0),
/// and whether some match only with their clamps taken off (`clamps`: allowed); `None` when
/// the comparisons would exceed the `budget` of nodes.
fn shifted_copies<'c, 'e>(
    c: &'c Candidate<'e>,
    later: impl Iterator<Item = &'c Candidate<'e>>,
    roots: &[Root<'_>],
    dim: usize,
    clamps: bool,
    budget: &mut usize,
) -> Option<(Vec<(i64, &'c Candidate<'e>)>, bool)> {
    let mut shifted = vec![(0, c)];
    let mut loose = false;
    for other in later {
        *budget = budget.checked_sub(c.size)?;
        let mut clamped = false;
        if let Some(d) = shift((c.expr, &roots[c.root]), (other.expr, &roots[other.root]), dim, clamps.then_some(&mut clamped)) {
            shifted.push((d, other));
            loose |= clamped;
        }
    }
    Some((shifted, loose))
}

/// What the walk over one root needs.
struct Context<'c> {
    root: &'c Root<'c>,
    index: usize,
    dim: usize,
    eager: &'c dyn Fn(usize, &Expr) -> bool,
    min_operations: usize,
}

/// A subtree, numbered in pre-order over all roots (`order`, `size` nodes); `usable` if it
/// may be a member.
struct Candidate<'e> {
    expr: &'e Expr,
    root: usize,
    order: usize,
    size: usize,
    hash: u64,
    usable: bool,
}

/// What `collect` learns of a subtree, bottom up (one walk over the expression: the
/// statements of camera pipe hold tens of thousands of nodes).
struct Summary {
    operations: usize,
    reads_along: bool,
    movable: bool,
    hash: u64,
}

/// Pre-order walk over the subtrees evaluated whenever the root is; returns the summary of
/// `e`.
fn collect<'e>(e: &'e Expr, context: &Context<'_>, out: &mut Vec<Candidate<'e>>) -> Summary {
    let order = out.len();
    let eager = |x: &Expr| (context.eager)(context.index, x);
    out.push(Candidate { expr: e, root: context.index, order, size: 0, hash: 0, usable: false });
    let mut h = DefaultHasher::new();
    node_shape(e).hash(&mut h);
    let mut summary = Summary { operations: usize::from(e.is_operation()), reads_along: false, movable: true, hash: 0 };
    match e {
        Expr::Read(access) => {
            for subscript in &access.subscripts {
                let Some(s) = context.root.in_loop_terms(subscript) else {
                    summary.movable = false;
                    continue;
                };
                // A subscript that does not move with the loop is the same in every member;
                // one that does differs by constants only.
                if s.uses_iterator(context.dim) {
                    summary.reads_along = true;
                    skeleton(&s.unclamped(context.dim)).hash(&mut h);
                } else {
                    s.hash(&mut h);
                }
            }
            summary.movable &= !access.is_may();
        }
        Expr::Iterator(_) => summary.movable = false,
        Expr::Select(_, a, b) => summary.movable = eager(a) && eager(b),
        _ => {}
    }
    let children = children(e, &eager);
    // A select whose sides are not walked is not movable: its operations need not be counted.
    for child in children {
        let c = collect(child, context, out);
        summary.operations += c.operations;
        summary.reads_along |= c.reads_along;
        summary.movable &= c.movable;
        c.hash.hash(&mut h);
    }
    summary.hash = h.finish();
    let size = out.len() - order;
    let candidate = &mut out[order];
    candidate.size = size;
    candidate.usable = summary.operations >= context.min_operations && summary.reads_along && summary.movable;
    candidate.hash = summary.hash;
    summary
}

/// Children that are evaluated whenever their parent is.
fn children<'e>(e: &'e Expr, eager: &dyn Fn(&Expr) -> bool) -> Vec<&'e Expr> {
    match e {
        Expr::Unary(_, x) | Expr::Cast(_, _, x) => vec![x],
        Expr::Binary(_, x, y, _) | Expr::Compare(_, x, y) => vec![x, y],
        Expr::Select(c, x, y) if eager(x) && eager(y) => vec![c, x, y],
        Expr::Select(c, _, _) => vec![c],
        Expr::Call(_, _, args) => args.iter().collect(),
        // A gather's data-dependent subscripts (camera pipe's tone curve of a whole pixel).
        Expr::Read(access) => access.data.0.iter().flatten().collect(),
        _ => Vec::new(),
    }
}

fn is_covered(covered: &[(usize, usize)], order: usize) -> bool {
    covered.iter().any(|&(start, end)| start <= order && order < end)
}

/// What a node contributes to the hash of its subtree's shape (`collect`): subtrees that
/// may be shifts of each other hash equal, their operations, types, constants and arrays, not
/// their subscripts.
fn node_shape(e: &Expr) -> (std::mem::Discriminant<Expr>, String) {
    let detail = match e {
        Expr::Constant(Constant::Int(v, t)) => format!("{v} {t:?}"),
        Expr::Constant(Constant::Float(v, t)) => format!("{} {t:?}", v.to_bits()),
        Expr::Read(a) => format!("{} {}", a.array, a.subscripts.len()),
        Expr::Iterator(k) | Expr::Parameter(k) | Expr::External(k) => k.to_string(),
        Expr::Unary(op, _) => format!("{op:?}"),
        Expr::Binary(op, _, _, flags) => format!("{op:?} {flags:?}"),
        Expr::Compare(p, _, _) => format!("{p:?}"),
        Expr::Cast(op, t, _) => format!("{op:?} {t:?}"),
        Expr::Call(callee, t, args) => format!("{callee:?} {t:?} {}", args.len()),
        Expr::Select(..) => String::new(),
    };
    (std::mem::discriminant(e), detail)
}

/// `s` without its constants, also inside divisions and clamps.
fn skeleton(s: &AffExpr) -> AffExpr {
    let terms = s
        .terms
        .iter()
        .map(|(v, c)| {
            let v = match v {
                AffVar::FloorDiv(e, d) => AffVar::FloorDiv(Box::new(skeleton(e)), *d),
                AffVar::Min(a, b) => AffVar::Min(Box::new(skeleton(a)), Box::new(skeleton(b))),
                AffVar::Max(a, b) => AffVar::Max(Box::new(skeleton(a)), Box::new(skeleton(b))),
                other => other.clone(),
            };
            (v, *c)
        })
        .collect();
    AffExpr { constant: 0, terms }
}

/// `Some(d)` when `b` (a subtree of its root) is `a` (of its root) with the AST iterator
/// `dim` replaced by `dim + d`.
///
/// With `clamped`, subscripts that are shifts only once their clamps are taken off
/// (`max(2x - 2, 0)` against `2x`) match too, and set it.
pub fn shift(a: (&Expr, &Root<'_>), b: (&Expr, &Root<'_>), dim: usize, clamped: Option<&mut bool>) -> Option<i64> {
    let mut d = None;
    let mut loose = Loose { allowed: clamped.is_some(), used: false };
    same_shifted(a, b, dim, &mut d, &mut loose).then_some(())?;
    if let Some(flag) = clamped {
        *flag = loose.used;
    }
    d
}

/// Whether clamps may differ, and whether they did.
struct Loose {
    allowed: bool,
    used: bool,
}

fn same_shifted((a, ra): (&Expr, &Root<'_>), (b, rb): (&Expr, &Root<'_>), dim: usize, d: &mut Option<i64>, loose: &mut Loose) -> bool {
    let mut same = |x: &Expr, y: &Expr| same_shifted((x, ra), (y, rb), dim, d, loose);
    match (a, b) {
        (Expr::Read(x), Expr::Read(y)) => same_access_shifted((x, ra), (y, rb), dim, d, loose),
        (Expr::Unary(o1, x1), Expr::Unary(o2, x2)) => o1 == o2 && same(x1, x2),
        (Expr::Cast(o1, t1, x1), Expr::Cast(o2, t2, x2)) => o1 == o2 && t1 == t2 && same(x1, x2),
        (Expr::Binary(o1, x1, y1, f1), Expr::Binary(o2, x2, y2, f2)) => o1 == o2 && f1 == f2 && same(x1, x2) && same(y1, y2),
        (Expr::Compare(p1, x1, y1), Expr::Compare(p2, x2, y2)) => p1 == p2 && same(x1, x2) && same(y1, y2),
        (Expr::Select(c1, x1, y1), Expr::Select(c2, x2, y2)) => same(c1, c2) && same(x1, x2) && same(y1, y2),
        (Expr::Call(f1, t1, a1), Expr::Call(f2, t2, a2)) => f1 == f2 && t1 == t2 && a1.len() == a2.len() && a1.iter().zip(a2).all(|(x, y)| same(x, y)),
        (Expr::Iterator(_), _) => false,
        _ => a == b,
    }
}

fn same_access_shifted((x, rx): (&Access, &Root<'_>), (y, ry): (&Access, &Root<'_>), dim: usize, d: &mut Option<i64>, loose: &mut Loose) -> bool {
    if x.array != y.array || x.is_may() || y.is_may() || x.subscripts.len() != y.subscripts.len() {
        return false;
    }
    x.subscripts.iter().zip(&y.subscripts).all(|(sx, sy)| {
        let (Some(sx), Some(sy)) = (rx.in_loop_terms(sx), ry.in_loop_terms(sy)) else { return false };
        if !sx.uses_iterator(dim) {
            return sx == sy;
        }
        let derive = || derive_shift(&sx, &sy, dim).or_else(|| loose.allowed.then(|| derive_shift(&sx.unclamped(dim), &sy.unclamped(dim), dim)).flatten());
        let shift = match d {
            Some(shift) => *shift,
            None => match derive() {
                Some(shift) => *d.insert(shift),
                None => return false,
            },
        };
        let Some(moved) = shifted(&sx, dim, shift) else { return false };
        if moved == sy {
            return true;
        }
        let clamps_differ = loose.allowed && moved.unclamped(dim) == sy.unclamped(dim);
        loose.used |= clamps_differ;
        clamps_differ
    })
}

/// Whether each value the family's scalars hand on equals the member that uses it (module
/// documentation): a member at offset `e` against the representative of every offset
/// `e2 >= e`, whose value computed `e2 - e` iterations before it stands for it.
fn carried_values_agree(family: &Family<'_>, roots: &[Root<'_>], dim: usize, step: i64, domain: &LoopDomain<'_>) -> bool {
    let last = family.order();
    for (e, members) in family.members.iter().enumerate() {
        for member in members {
            for e2 in e..=last {
                let representative = family.members[e2][0];
                if std::ptr::eq(member.expr, representative.expr) {
                    continue;
                }
                let k = (e2 - e) as i64 * step;
                let Some(equalities) = subscript_equalities(member, representative, roots, dim, k, domain) else { return false };
                if !equalities.is_empty() && !domain.holds(&equalities, dim, k) {
                    return false;
                }
            }
        }
    }
    true
}

/// The constraints `member(c) = representative(c - k)` of their subscripts that do not hold
/// for every `c`, as isl text over the AST's iterators.
fn subscript_equalities(member: &Member<'_>, representative: Member<'_>, roots: &[Root<'_>], dim: usize, k: i64, domain: &LoopDomain<'_>) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for (a, b) in member.expr.reads().iter().zip(representative.expr.reads()) {
        for (sa, sb) in a.subscripts.iter().zip(&b.subscripts) {
            let here = roots[member.root].in_loop_terms(sa)?;
            let before = shifted(&roots[representative.root].in_loop_terms(sb)?, dim, -k)?;
            if here != before {
                let show = |e: &AffExpr| e.display(&domain.iterators, &domain.params).to_string();
                out.push(format!("{} = {}", show(&here), show(&before)));
            }
        }
    }
    Some(out)
}

/// The shift that makes `sx` into `sy`: from the iterator's own coefficient, or, where it
/// occurs only inside divisions (`x / 2`), the first small shift that fits.
fn derive_shift(sx: &AffExpr, sy: &AffExpr, dim: usize) -> Option<i64> {
    let direct = sx.terms.iter().find(|(v, _)| *v == AffVar::Iter(dim)).map(|(_, c)| *c);
    match direct {
        Some(c) => {
            let delta = sy.constant.checked_sub(sx.constant)?;
            (delta % c == 0).then(|| delta / c)
        }
        None => {
            let shifts = small_shifts(sx, dim);
            (-SMALL_SHIFT..=SMALL_SHIFT).find(|&s| s != 0 && shifts[(s + SMALL_SHIFT) as usize].as_ref() == Some(sy))
        }
    }
}

/// The shifts `derive_shift` tries where the iterator occurs only inside divisions.
const SMALL_SHIFT: i64 = 8;

thread_local! {
    /// `small_shifts` per iterator and subscript, for one search: camera pipe's families
    /// compare the same subscripts for many pairs of candidates, and looking each shift up
    /// in `SHIFTED` copied and hashed the subscript every time (5% of its compile time).
    static SMALL_SHIFTS: std::cell::RefCell<std::collections::HashMap<usize, std::collections::HashMap<AffExpr, std::rc::Rc<[Option<AffExpr>]>>>> = Default::default();
}

/// `s` shifted along `dim` by each of `-SMALL_SHIFT..=SMALL_SHIFT` (index `by + SMALL_SHIFT`).
fn small_shifts(s: &AffExpr, dim: usize) -> std::rc::Rc<[Option<AffExpr>]> {
    if let Some(known) = SMALL_SHIFTS.with(|memo| memo.borrow().get(&dim).and_then(|m| m.get(s)).cloned()) {
        return known;
    }
    let shifts: std::rc::Rc<[Option<AffExpr>]> = (-SMALL_SHIFT..=SMALL_SHIFT).map(|by| shifted(s, dim, by)).collect();
    SMALL_SHIFTS.with(|memo| memo.borrow_mut().entry(dim).or_default().insert(s.clone(), shifts.clone()));
    shifts
}

thread_local! {
    /// `shifted` by its arguments, for one search (`families` clears it): the same
    /// subscripts are shifted by the same amounts for every pair of candidates.
    static SHIFTED: std::cell::RefCell<std::collections::HashMap<(AffExpr, usize, i64), Option<AffExpr>>> = Default::default();
}

fn shifted(s: &AffExpr, dim: usize, by: i64) -> Option<AffExpr> {
    let key = (s.clone(), dim, by);
    if let Some(known) = SHIFTED.with(|memo| memo.borrow().get(&key).cloned()) {
        return known;
    }
    let moved = s
        .substitute(&|v| match v {
            AffVar::Iter(k) if *k == dim => AffExpr::iter(dim).add(&AffExpr::constant(by)),
            other => Some(AffExpr::var(other.clone())),
        })
        .and_then(|s| normalized(&s));
    SHIFTED.with(|memo| memo.borrow_mut().insert(key, moved.clone()));
    moved
}

/// `s` with the multiples of each divisor taken out of its divisions, `floor((e + k*d) / d)`
/// as `floor(e / d) + k` with `0 <= e's constant < d`: shifted subscripts of up- and
/// downsampling reads (`(x + 2) / 2` against `x / 2 + 1`) then compare equal.
fn normalized(s: &AffExpr) -> Option<AffExpr> {
    let mut out = AffExpr::constant(s.constant);
    for (v, c) in &s.terms {
        let term = match v {
            AffVar::FloorDiv(inner, d) => {
                let mut inner = normalized(inner)?;
                let whole = inner.constant.div_euclid(*d);
                inner.constant = inner.constant.rem_euclid(*d);
                AffExpr::var(AffVar::FloorDiv(Box::new(inner), *d)).add(&AffExpr::constant(whole))?
            }
            other => AffExpr::var(other.clone()),
        };
        out = out.add(&term.scale(*c)?)?;
    }
    Some(out)
}

/// The family of shifted occurrences when their shifts are whole iterations (multiples of
/// `step`) and, counted from the smallest, `0..=last` iterations with `last >= 1`.
fn contiguous<'e>(shifted: &[(i64, &Candidate<'e>)], step: i64) -> Option<Family<'e>> {
    if step <= 0 || shifted.iter().any(|(d, _)| d % step != 0) {
        return None;
    }
    let low = shifted.iter().map(|(d, _)| *d).min()?;
    let high = shifted.iter().map(|(d, _)| *d).max()?;
    let span = usize::try_from(high.checked_sub(low)? / step).ok()?;
    if span == 0 || span > 16 {
        return None;
    }
    let mut members = vec![Vec::new(); span + 1];
    for (d, c) in shifted {
        members[((d - low) / step) as usize].push(Member { expr: c.expr, root: c.root });
    }
    members.iter().all(|m| !m.is_empty()).then_some(Family { members })
}

fn overlapping(shifted: &[(i64, &Candidate<'_>)]) -> bool {
    shifted.iter().any(|(_, a)| shifted.iter().any(|(_, b)| a.order < b.order && b.order < a.order + a.size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BinaryOp, ScalarType, WrapFlags};

    fn read(array: usize, i: i64, j: i64) -> Expr {
        let at = |k: usize, c: i64| AffExpr::iter(k).add(&AffExpr::constant(c)).unwrap();
        Expr::Read(Access::affine(array, vec![at(0, i), at(1, j)]))
    }

    fn add(x: Expr, y: Expr) -> Expr {
        Expr::Binary(BinaryOp::FAdd, Box::new(x), Box::new(y), WrapFlags::NONE)
    }

    fn mul(x: Expr, y: Expr) -> Expr {
        Expr::Binary(BinaryOp::FMul, Box::new(x), Box::new(y), WrapFlags::NONE)
    }

    /// Figure 10's `f(j)`: two operations over the input at `j` and `j + 1`.
    fn f(j: i64) -> Expr {
        let c = Expr::Constant(Constant::Float(0.5, ScalarType::F32));
        mul(add(read(0, 0, j), read(0, 0, j + 1)), c)
    }

    fn always(_: usize, _: &Expr) -> bool {
        true
    }

    /// One statement whose iterators are the AST's.
    fn single(value: &Expr) -> Vec<Root<'_>> {
        vec![Root::new(value, vec![AffExpr::iter(0), AffExpr::iter(1)])]
    }

    #[test]
    fn figure_10_is_one_family_of_order_two() {
        let value = add(add(f(-1), f(0)), f(1));
        let found = families(&single(&value), 1, 1, &always, 2, None);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].order(), 2);
        assert!(std::ptr::eq(found[0].newest().expr, match &value {
            Expr::Binary(_, _, y, _) => &**y,
            _ => unreachable!(),
        }));
    }

    #[test]
    fn shifts_along_another_dimension_are_no_family() {
        let g = |i: i64| mul(add(read(0, i, 0), read(0, i, 1)), read(1, i, 0));
        let value = add(add(g(-1), g(0)), g(1));
        assert!(families(&single(&value), 1, 1, &always, 2, None).is_empty());
        assert_eq!(families(&single(&value), 0, 1, &always, 2, None).len(), 1);
    }

    #[test]
    fn a_gap_in_the_offsets_is_no_family() {
        // f(j - 1) + f(j + 1): the rotation would compute f(j) where the source does not.
        let value = add(f(-1), f(1));
        assert!(families(&single(&value), 1, 1, &always, 2, None).is_empty());
    }

    #[test]
    fn members_under_a_lazy_select_side_are_no_family() {
        let cond = Expr::Compare(crate::model::ComparePredicate::FOlt, Box::new(read(1, 0, 0)), Box::new(read(1, 0, 1)));
        let value = Expr::Select(Box::new(cond), Box::new(f(0)), Box::new(f(1)));
        assert!(families(&single(&value), 1, 1, &|_, _| false, 2, None).is_empty());
        assert_eq!(families(&single(&value), 1, 1, &always, 2, None).len(), 1);
    }

    #[test]
    fn small_subtrees_stay_recomputed() {
        let value = add(add(f(-1), f(0)), f(1));
        assert!(families(&single(&value), 1, 1, &always, 3, None).is_empty());
    }

    #[test]
    fn shifts_through_divisions_are_found() {
        let half = |c: i64| {
            let x = AffExpr::iter(1).add(&AffExpr::constant(c)).unwrap().floor_div(2).unwrap();
            Expr::Read(Access::affine(0, vec![AffExpr::iter(0), x]))
        };
        let g = |c: i64| mul(add(half(c), half(c + 1)), read(1, 0, c));
        let value = add(g(0), g(1));
        let found = families(&single(&value), 1, 1, &always, 2, None);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].order(), 1);
    }

    #[test]
    fn members_of_several_statements_in_a_loop_of_step_two() {
        // A(c0, c1) and B(c0, c1 + 1) in a loop over c1 of step 2, as the pieces of a
        // statement split by parity: A reads f at c1 - 2 and c1, B at c1 and c1 + 2 (its own
        // j - 1 and j + 1): one family over three iterations, members in both.
        let a = add(f(-2), f(0));
        let b = add(f(1), f(-1));
        let roots = vec![
            Root::new(&a, vec![AffExpr::iter(0), AffExpr::iter(1)]),
            Root::new(&b, vec![AffExpr::iter(0), AffExpr::iter(1).add(&AffExpr::constant(1)).unwrap()]),
        ];
        let found = families(&roots, 1, 2, &always, 2, None);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].order(), 2);
        let roots_of = |e: usize| found[0].members[e].iter().map(|m| m.root).collect::<Vec<_>>();
        assert_eq!((roots_of(0), roots_of(1), roots_of(2)), (vec![0], vec![0, 1], vec![1]));
        // In a loop of step 1 over the same shifts, the offsets -2, 0, 2 have gaps.
        assert!(families(&roots, 1, 1, &always, 2, None).is_empty());
    }

    /// `(a[i][x] + 1) * (a[i][x] - 1)` at a subscript `x` of the loop over `j`.
    fn g(x: AffExpr) -> Expr {
        let a = || Expr::Read(Access::affine(0, vec![AffExpr::iter(0), x.clone()]));
        let one = || Expr::Constant(Constant::Float(1.0, ScalarType::F32));
        mul(add(a(), one()), Expr::Binary(BinaryOp::FSub, Box::new(a()), Box::new(one()), WrapFlags::NONE))
    }

    /// `g(max(j - 1, 0)) + g(j) + g(min(j + 1, N - 1))` over `j` in `[0, last]`.
    fn clamped_stencil(isl: &IslContext, last: &str) -> usize {
        let j = |c: i64| AffExpr::iter(1).add(&AffExpr::constant(c)).unwrap();
        let n_1 = AffExpr::param(0).add(&AffExpr::constant(-1)).unwrap();
        let value = add(add(g(j(-1).maximum(&AffExpr::constant(0))), g(j(0))), g(j(1).minimum(&n_1)));
        let roots = single(&value);
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let domain = LoopDomain::new(
            isl,
            format!("[N] -> {{ S[i, j] : 0 <= i < N and 0 <= j <= {last} }}"),
            vec![AffExpr::iter(0), AffExpr::iter(1)],
            names(&["c0", "c1"]),
            names(&["N"]),
        );
        let exact_only = families(&roots, 1, 1, &always, 2, None).len();
        assert_eq!(exact_only, 0);
        families(&roots, 1, 1, &always, 2, Some(&domain)).iter().map(|f| f.order()).sum()
    }

    #[test]
    fn clamped_members_where_isl_proves_the_clamps_idle() {
        let isl = IslContext::with_default_quota();
        // Over [0, N - 1] each scalar's value equals the clamped member it stands for.
        assert_eq!(clamped_stencil(&isl, "N - 1"), 2);
        // Over [0, N], at j = N the member g(j) is g(N) but the value handed on is
        // g(min(N, N - 1)): no family.
        assert_eq!(clamped_stencil(&isl, "N"), 0);
    }
}
