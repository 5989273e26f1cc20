//! Value ranges of the integer arithmetic code generation builds from isl AST expressions:
//! where an `add`, `sub` or `mul` provably does not wrap, it takes `nsw` (issue 22).
//!
//! Every AST expression (loop bounds, guards, the statement arguments) and every affine
//! subscript is computed in `i64` from three kinds of leaves: integer constants, the
//! parameters, and the AST loop iterators. Each leaf has an interval that holds on every
//! execution of the generated function:
//! - a parameter narrower than 64 bits is the sign extension of its declared type, so it lies
//!   in that type's range;
//! - a 64-bit parameter lies in `[-PARAMETER_BOUND, PARAMETER_BOUND]` because the run-time
//!   check tests exactly that before the generated function is called (`codegen`'s
//!   `version_entry`; the check itself, evaluated before anything is known, uses type ranges);
//! - an AST iterator starts at its `init` and, isl's steps being positive, grows by `step`
//!   while its `cond` (`c <= ub`, `c < ub`, or a conjunction containing one) holds: in the
//!   body it lies in `[lower(init), upper(ub)]`, its increment in that plus `step`, and the
//!   header's phi in the hull of both.
//!
//! The interval of an operation is computed from its operands' in `i128` (exact: operands are
//! `i64`); if it fits in `i64`, the machine operation computes the mathematical result, so it
//! does not wrap and `nsw` is a fact, not an assumption, and its result has that interval.
//! Otherwise the operation gets no flag and its result may be any `i64`. By induction over the
//! expression, every interval holds for the value the machine computes. This is Polly's
//! reasoning (it marks AST arithmetic `nsw` because its run-time check excludes overflow),
//! made per operation: nothing is assumed beyond what the run-time check tests.
//!
//! Known limits: guards (`if` nodes) do not narrow the iterators' intervals, and a loop whose
//! condition has no upper bound of its own iterator gets an iterator unbounded above.

use polyhedral::ast::AstExpr;

/// What the run-time check requires of every 64-bit parameter: `|p| <= 2^40`. An image or
/// array dimension beyond a trillion elements runs the original code; in exchange, sums of
/// up to millions of such terms with small coefficients fit in `i64` with room to spare.
pub const PARAMETER_BOUND: i64 = 1 << 40;

/// `lower <= value <= upper`, ends in `i128` so that operations on two `i64` ranges are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    pub lower: i128,
    pub upper: i128,
}

impl Interval {
    /// Any `i64`: what a value that may have wrapped can be.
    pub const I64: Interval = Interval { lower: i64::MIN as i128, upper: i64::MAX as i128 };

    pub fn new(lower: i128, upper: i128) -> Interval {
        Interval { lower, upper }
    }

    pub fn point(v: i64) -> Interval {
        Interval::new(v.into(), v.into())
    }

    /// The values of a signed integer of `bits` bits (sign-extended to `i64`), `bits <= 64`.
    pub fn signed_bits(bits: u32) -> Interval {
        let half = 1i128 << (bits.clamp(1, 64) - 1);
        Interval::new(-half, half - 1)
    }

    /// `[-bound, bound]`.
    pub fn symmetric(bound: i64) -> Interval {
        Interval::new(-i128::from(bound), bound.into())
    }

    /// Whether every value fits in `i64`: an operation whose exact result has this interval
    /// does not wrap.
    pub fn fits(self) -> bool {
        Interval::I64.lower <= self.lower && self.upper <= Interval::I64.upper
    }

    /// The smallest interval containing both.
    pub fn hull(self, other: Interval) -> Interval {
        Interval::new(self.lower.min(other.lower), self.upper.max(other.upper))
    }

    pub fn min(self, other: Interval) -> Interval {
        Interval::new(self.lower.min(other.lower), self.upper.min(other.upper))
    }

    pub fn max(self, other: Interval) -> Interval {
        Interval::new(self.lower.max(other.lower), self.upper.max(other.upper))
    }

    /// `floor(self / d)`: exact for a constant divisor, else (any `d >= 1`) between the
    /// dividend and zero; unknown for a divisor that may be less than 1.
    pub fn floor_div(self, d: Interval) -> Interval {
        if d.lower < 1 {
            return Interval::I64;
        }
        if d.lower == d.upper {
            return Interval::new(self.lower.div_euclid(d.lower), self.upper.div_euclid(d.lower));
        }
        Interval::new(self.lower.min(0), self.upper.max(0))
    }

    /// Signed division rounding towards zero by `d >= 1`: between the dividend and zero.
    pub fn truncating_div(self, d: Interval) -> Interval {
        if d.lower < 1 {
            return Interval::I64;
        }
        Interval::new(self.lower.min(0), self.upper.max(0))
    }

    /// Signed remainder by `d >= 1`: `|r| < d`, with the dividend's sign.
    pub fn remainder(self, d: Interval) -> Interval {
        if d.lower < 1 {
            return Interval::I64;
        }
        let lower = if self.lower < 0 { -(d.upper - 1) } else { 0 };
        let upper = if self.upper > 0 { d.upper - 1 } else { 0 };
        Interval::new(lower, upper)
    }

    /// The interval of a machine result whose exact interval is `self`: itself if it fits
    /// (the operation does not wrap), else any `i64`.
    pub fn wrapped(self) -> Interval {
        if self.fits() {
            self
        } else {
            Interval::I64
        }
    }
}

// Exact on the ends (in `i128`, so exact for operands within `i64`).
impl std::ops::Add for Interval {
    type Output = Interval;
    fn add(self, other: Interval) -> Interval {
        Interval::new(self.lower + other.lower, self.upper + other.upper)
    }
}

impl std::ops::Sub for Interval {
    type Output = Interval;
    fn sub(self, other: Interval) -> Interval {
        Interval::new(self.lower - other.upper, self.upper - other.lower)
    }
}

impl std::ops::Neg for Interval {
    type Output = Interval;
    fn neg(self) -> Interval {
        Interval::new(-self.upper, -self.lower)
    }
}

impl std::ops::Mul for Interval {
    type Output = Interval;
    fn mul(self, other: Interval) -> Interval {
        let corners = [self.lower * other.lower, self.lower * other.upper, self.upper * other.lower, self.upper * other.upper];
        Interval::new(*corners.iter().min().unwrap(), *corners.iter().max().unwrap())
    }
}

/// The intervals of the leaves of AST expressions, by parameter and by AST iterator index.
#[derive(Clone, Copy)]
pub struct Leaves<'a> {
    pub parameters: &'a [Interval],
    pub iterators: &'a [Interval],
}

impl Leaves<'_> {
    /// A constant, parameter or iterator's interval; `None` for an operation.
    pub fn leaf(&self, e: &AstExpr) -> Option<Interval> {
        let get = |ranges: &[Interval], k: usize| ranges.get(k).copied().unwrap_or(Interval::I64);
        match e {
            AstExpr::Int(v) => Some(Interval::point(*v)),
            AstExpr::Param(k) => Some(get(self.parameters, *k)),
            AstExpr::Iterator(k) => Some(get(self.iterators, *k)),
            _ => None,
        }
    }
}

/// The exact interval of the AST operation `e` applied to operands of intervals `operands`
/// (its operand expressions in order: the condition of a select first); it may exceed `i64`,
/// where the machine operation wraps. Comparisons and logic give booleans.
pub fn operation(e: &AstExpr, operands: &[Interval]) -> Interval {
    use AstExpr::*;
    let (x, y) = (operands.first().copied().unwrap_or(Interval::I64), operands.get(1).copied().unwrap_or(Interval::I64));
    match e {
        Int(_) | Param(_) | Iterator(_) => Interval::I64,
        Neg(_) => -x,
        Add(..) => x + y,
        Sub(..) => x - y,
        Mul(..) => x * y,
        FloorDiv(..) => x.floor_div(y),
        ExactDiv(..) => x.truncating_div(y),
        Rem(..) => x.remainder(y),
        Min(_) => operands.iter().copied().reduce(Interval::min).unwrap_or(Interval::I64),
        Max(_) => operands.iter().copied().reduce(Interval::max).unwrap_or(Interval::I64),
        Select(..) => operands.get(2).map_or(Interval::I64, |z| y.hull(*z)),
        Eq(..) | Le(..) | Lt(..) | Ge(..) | Gt(..) => Interval::new(0, 1),
        And(..) | Or(..) => Interval::I64,
    }
}

/// The interval of the machine value of an AST expression (`operation` on its operands',
/// cut to any `i64` where it wraps), without emitting it: for a loop's upper bound.
pub fn range(e: &AstExpr, leaves: Leaves<'_>) -> Interval {
    use AstExpr::*;
    if let Some(r) = leaves.leaf(e) {
        return r;
    }
    let operands: Vec<Interval> = match e {
        Neg(x) => vec![range(x, leaves)],
        Add(x, y) | Sub(x, y) | Mul(x, y) | FloorDiv(x, y) | ExactDiv(x, y) | Rem(x, y) | Eq(x, y) | Le(x, y)
        | Lt(x, y) | Ge(x, y) | Gt(x, y) | And(x, y) | Or(x, y) => vec![range(x, leaves), range(y, leaves)],
        Min(xs) | Max(xs) => xs.iter().map(|x| range(x, leaves)).collect(),
        Select(c, x, y) => vec![range(c, leaves), range(x, leaves), range(y, leaves)],
        Int(_) | Param(_) | Iterator(_) => Vec::new(),
    };
    operation(e, &operands).wrapped()
}

/// The inclusive upper bound that a loop condition puts on its iterator `k`, as the AST
/// expression of the bound and whether it is strict (`c < ub`); in a conjunction, the first.
pub fn iterator_upper_bound(cond: &AstExpr, k: usize) -> Option<(&AstExpr, bool)> {
    use AstExpr::*;
    let is_k = |e: &AstExpr| matches!(e, Iterator(j) if *j == k);
    match cond {
        Le(x, ub) if is_k(x) => Some((ub, false)),
        Lt(x, ub) if is_k(x) => Some((ub, true)),
        Ge(ub, x) if is_k(x) => Some((ub, false)),
        Gt(ub, x) if is_k(x) => Some((ub, true)),
        And(x, y) => iterator_upper_bound(x, k).or_else(|| iterator_upper_bound(y, k)),
        _ => None,
    }
}

/// The intervals of an AST loop's iterator: in the body (the condition held) and at the
/// header (the body's values plus `step`, or `init` when the loop does not run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopRanges {
    pub body: Interval,
    pub header: Interval,
}

/// `init` and `upper` (the inclusive upper bound from the condition, `None` if it has
/// none) give the iterator's intervals; ends beyond `i64` are cut to `i64`, which is what
/// the machine iterator holds (its increment then gets no `nsw`).
pub fn loop_ranges(init: Interval, upper: Option<Interval>, step: i64) -> LoopRanges {
    let body_upper = upper.map_or(Interval::I64.upper, |u| u.upper).min(Interval::I64.upper);
    let body = Interval::new(init.lower, body_upper.max(init.lower));
    let next = body + Interval::point(step);
    let header = Interval::new(init.lower, init.upper.max(next.upper)).wrapped();
    LoopRanges { body, header }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_are_exact_on_the_ends() {
        let a = Interval::new(-3, 5);
        let b = Interval::new(2, 4);
        assert_eq!(a + b, Interval::new(-1, 9));
        assert_eq!(a - b, Interval::new(-7, 3));
        assert_eq!(a * b, Interval::new(-12, 20));
        assert_eq!(-a, Interval::new(-5, 3));
        assert_eq!(a.floor_div(Interval::point(2)), Interval::new(-2, 2));
        assert_eq!(Interval::new(-7, 9).remainder(Interval::point(4)), Interval::new(-3, 3));
        assert_eq!(Interval::new(0, 9).remainder(Interval::point(4)), Interval::new(0, 3));
    }

    #[test]
    fn an_interval_beyond_i64_wraps_to_any_i64() {
        let big = Interval::I64 + Interval::point(1);
        assert!(!big.fits());
        assert_eq!(big.wrapped(), Interval::I64);
        assert!((Interval::symmetric(PARAMETER_BOUND) * Interval::point(1 << 20)).fits());
        assert!(!(Interval::symmetric(PARAMETER_BOUND) * Interval::symmetric(PARAMETER_BOUND)).fits());
    }

    #[test]
    fn parameters_of_narrow_types_have_their_ranges() {
        assert_eq!(Interval::signed_bits(32), Interval::new(-(1 << 31), (1 << 31) - 1));
        assert_eq!(Interval::signed_bits(64), Interval::I64);
    }

    #[test]
    fn a_loop_iterator_is_bounded_by_its_init_and_condition() {
        // for (c = 2; c <= n + 1; c += 1) with n in [-2^31, 2^31 - 1]
        let n1 = Interval::signed_bits(32) + Interval::point(1);
        let r = loop_ranges(Interval::point(2), Some(n1), 1);
        assert_eq!(r.body, Interval::new(2, 1 << 31));
        assert_eq!(r.header, Interval::new(2, (1 << 31) + 1));
        // No upper bound: the header's iterator may be any i64 (its increment may wrap).
        assert_eq!(loop_ranges(Interval::point(0), None, 1).header, Interval::I64);
    }

    #[test]
    fn the_upper_bound_is_found_in_conjunctions_and_either_orientation() {
        let it = |k| Box::new(AstExpr::Iterator(k));
        let n = || Box::new(AstExpr::Param(0));
        assert!(matches!(iterator_upper_bound(&AstExpr::Le(it(1), n()), 1), Some((AstExpr::Param(0), false))));
        assert!(matches!(iterator_upper_bound(&AstExpr::Gt(n(), it(1)), 1), Some((_, true))));
        let both = AstExpr::And(Box::new(AstExpr::Ge(it(1), n())), Box::new(AstExpr::Lt(it(1), n())));
        assert!(matches!(iterator_upper_bound(&both, 1), Some((_, true))));
        assert!(iterator_upper_bound(&AstExpr::Le(it(0), n()), 1).is_none());
    }

    #[test]
    fn an_expression_range_follows_its_operations() {
        use AstExpr::*;
        let parameters = [Interval::signed_bits(32)];
        let iterators = [Interval::new(0, 99)];
        let leaves = Leaves { parameters: &parameters, iterators: &iterators };
        // 4 * c0 + n: within i64, and exact.
        let e = Add(Box::new(Mul(Box::new(Int(4)), Box::new(Iterator(0)))), Box::new(Param(0)));
        assert_eq!(range(&e, leaves), Interval::new(-(1 << 31), (1 << 31) - 1 + 396));
        // min(c0, n - 1) and floord(c0, 2)
        let m = Min(vec![Iterator(0), Sub(Box::new(Param(0)), Box::new(Int(1)))]);
        assert_eq!(range(&m, leaves), Interval::new(-(1 << 31) - 1, 99));
        assert_eq!(range(&FloorDiv(Box::new(Iterator(0)), Box::new(Int(2))), leaves), Interval::new(0, 49));
        // A product of two unbounded 64-bit values may wrap: any i64.
        let wide = [Interval::I64];
        let square = Mul(Box::new(Param(0)), Box::new(Param(0)));
        assert_eq!(range(&square, Leaves { parameters: &wide, iterators: &[] }), Interval::I64);
    }
}
