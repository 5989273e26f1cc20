//! Bounds of data-dependent subscripts: the elements a may-access can touch.
//!
//! A may-access (paper 004's non-affine access; see `model::Access`) reads or writes an
//! element chosen by data, so the model relates it to every element of its array. Most such
//! subscripts are clamped, though: a lookup table indexed by `clamp((int)(x * 255), 0, 255)`,
//! a histogram bin `(unsigned char)v`, an image read at `min(max(y, 0), H - 1)`. This module
//! bounds the value of a subscript expression from its operations, by interval arithmetic
//! whose ends are affine expressions of the statement's iterators and the parameters:
//! `Scop::access_relation` then limits the may-access to those elements. That keeps the
//! dependences of a lookup table to its 256 entries, and gives the run-time check finite
//! access bounds for an argument array whose extent is unknown.
//!
//! The bounds are sound for every evaluation: an operation that may wrap (no `nsw`, and ends
//! not known to fit its type) has the range of its type; a value the rules do not follow (a
//! load, a conversion from floating point) has the range of its type, which is what the
//! machine can hold (an out-of-range `fptosi` is poison in LLVM, so the source had no
//! defined access there either). An `i64` value of unknown range is unbounded.

use crate::affine::{AffExpr, AffVar};
use crate::lang::typing::expr_type;
use crate::model::{BinaryOp, CastOp, ComparePredicate, Constant, Expr, Scop, ScalarType};

/// The values an integer expression can take: `lower <= value <= upper`; `None` is unbounded
/// on that side.
#[derive(Clone, Debug, PartialEq)]
pub struct Range {
    pub lower: Option<AffExpr>,
    pub upper: Option<AffExpr>,
    /// Whether the range is only that of the value's type: where a `min` or `max` has a
    /// better end from its other operand, that end alone is kept (clearer, and less isl work).
    from_type: bool,
}

impl Range {
    fn exact(e: AffExpr) -> Range {
        Range { lower: Some(e.clone()), upper: Some(e), from_type: false }
    }

    fn constants(lower: i128, upper: i128) -> Range {
        let fit = |c: i128| i64::try_from(c).ok().map(AffExpr::constant);
        Range { lower: fit(lower), upper: fit(upper), from_type: false }
    }

    /// Every value of an integer type, signed.
    fn of_type(ty: ScalarType) -> Range {
        let unbounded = ty == ScalarType::I64 || ty.is_float();
        let half = 1i128 << (ty.bits().min(64) - 1);
        let r = if unbounded { Range { lower: None, upper: None, from_type: false } } else { Range::constants(-half, half - 1) };
        Range { from_type: true, ..r }
    }

    fn constant_ends(&self) -> Option<(i128, i128)> {
        Some((self.lower.as_ref()?.as_constant()? as i128, self.upper.as_ref()?.as_constant()? as i128))
    }

    /// Whether both ends are constants within the signed range of `ty`.
    fn fits(&self, ty: ScalarType) -> bool {
        let Some((lo, hi)) = self.constant_ends() else { return false };
        let Some((tlo, thi)) = Range::of_type(ty).constant_ends() else { return true };
        tlo <= lo && hi <= thi
    }

    /// The smallest range holding both (a `select`).
    fn hull(&self, other: &Range) -> Range {
        Range {
            lower: both(&self.lower, &other.lower, minimum),
            upper: both(&self.upper, &other.upper, maximum),
            from_type: self.from_type && other.from_type,
        }
    }

    /// The range of `min(a, b)`: at most either upper end.
    fn smin(&self, other: &Range) -> Range {
        Range {
            lower: both(&self.lower, &other.lower, minimum),
            upper: self.either(other, |r| &r.upper, minimum),
            from_type: self.from_type && other.from_type,
        }
    }

    /// The range of `max(a, b)`: at least either lower end.
    fn smax(&self, other: &Range) -> Range {
        Range {
            lower: self.either(other, |r| &r.lower, maximum),
            upper: both(&self.upper, &other.upper, maximum),
            from_type: self.from_type && other.from_type,
        }
    }

    /// An end that each of two ranges bounds alone: both combined by `f`, or the one that
    /// is known, or the one that is better than its type's.
    fn either(&self, other: &Range, end: fn(&Range) -> &Option<AffExpr>, f: fn(&AffExpr, &AffExpr) -> AffExpr) -> Option<AffExpr> {
        match (end(self), end(other)) {
            (Some(_), Some(b)) if self.from_type && !other.from_type => Some(b.clone()),
            (Some(a), Some(_)) if other.from_type && !self.from_type => Some(a.clone()),
            (Some(a), Some(b)) => Some(f(a, b)),
            (Some(x), None) | (None, Some(x)) => Some(x.clone()),
            (None, None) => None,
        }
    }
}

/// `f(a, b)` when both ends are known, else unbounded.
fn both(a: &Option<AffExpr>, b: &Option<AffExpr>, f: fn(&AffExpr, &AffExpr) -> AffExpr) -> Option<AffExpr> {
    Some(f(a.as_ref()?, b.as_ref()?))
}

/// `min(a, b)`, and `c` for `min(max(k, x), c)` with constants `k >= c`.
fn minimum(a: &AffExpr, b: &AffExpr) -> AffExpr {
    let dominated = |x: &AffExpr, c: i64| matches!(x.terms.as_slice(), [(AffVar::Max(p, q), 1)] if x.constant == 0
        && [p, q].iter().any(|e| e.as_constant().is_some_and(|k| k >= c)));
    match (a.as_constant(), b.as_constant()) {
        (_, Some(c)) if dominated(a, c) => b.clone(),
        (Some(c), _) if dominated(b, c) => a.clone(),
        _ => a.minimum(b),
    }
}

/// `max(a, b)`, and `c` for `max(min(k, x), c)` with constants `k <= c`.
fn maximum(a: &AffExpr, b: &AffExpr) -> AffExpr {
    let dominated = |x: &AffExpr, c: i64| matches!(x.terms.as_slice(), [(AffVar::Min(p, q), 1)] if x.constant == 0
        && [p, q].iter().any(|e| e.as_constant().is_some_and(|k| k <= c)));
    match (a.as_constant(), b.as_constant()) {
        (_, Some(c)) if dominated(a, c) => b.clone(),
        (Some(c), _) if dominated(b, c) => a.clone(),
        _ => a.maximum(b),
    }
}

/// The range of the integer expression `e` of a statement of `scop`.
pub fn range(scop: &Scop, e: &Expr) -> Range {
    let ty = expr_type(scop, e);
    let followed = match e {
        Expr::Constant(Constant::Int(c, _)) => Some(Range::exact(AffExpr::constant(*c))),
        Expr::Iterator(k) => Some(Range::exact(AffExpr::iter(*k))),
        Expr::Parameter(k) => Some(Range::exact(AffExpr::param(*k))),
        Expr::Binary(op, a, b, flags) => binary(scop, *op, a, b, flags.nsw, ty),
        Expr::Select(c, a, b) => Some(select(scop, c, a, b)),
        Expr::Cast(op, to, x) => cast(scop, *op, *to, x),
        // An element of an index array lies between the smallest and the largest read.
        Expr::Read(a) if !a.is_may() => scop.arrays[a.array].index_range.map(|(min, max)| Range {
            lower: Some(AffExpr::param(min)),
            upper: Some(AffExpr::param(max)),
            from_type: false,
        }),
        _ => None,
    };
    followed.unwrap_or_else(|| Range::of_type(ty))
}

fn binary(scop: &Scop, op: BinaryOp, a: &Expr, b: &Expr, nsw: bool, ty: ScalarType) -> Option<Range> {
    let (ra, rb) = (range(scop, a), range(scop, b));
    // Without `nsw` the operation wraps unless its constant ends fit the type.
    let checked = |r: Range| if nsw || ty == ScalarType::I64 && r.constant_ends().is_some() || r.fits(ty) { r } else { Range::of_type(ty) };
    let constant = |e: &Expr| match e {
        Expr::Constant(Constant::Int(c, _)) => Some(*c),
        _ => None,
    };
    match op {
        BinaryOp::Add => Some(checked(Range { lower: add(&ra.lower, &rb.lower), upper: add(&ra.upper, &rb.upper), from_type: false })),
        BinaryOp::Sub => Some(checked(Range { lower: sub(&ra.lower, &rb.upper), upper: sub(&ra.upper, &rb.lower), from_type: false })),
        BinaryOp::Mul => {
            let (c, r) = match (constant(a), constant(b)) {
                (Some(c), _) => (c, rb),
                (_, Some(c)) => (c, ra),
                _ => return None,
            };
            let scale = |e: &Option<AffExpr>| e.as_ref().and_then(|e| e.scale(c));
            let (lower, upper) = if c >= 0 { (scale(&r.lower), scale(&r.upper)) } else { (scale(&r.upper), scale(&r.lower)) };
            let r = Range { lower, upper, from_type: false };
            Some(checked(r))
        }
        BinaryOp::SMin => Some(ra.smin(&rb)),
        BinaryOp::SMax => Some(ra.smax(&rb)),
        // `x & m` and `x urem m` for a constant m >= 0 lie in [0, m] and [0, m - 1].
        BinaryOp::And => constant(b).or(constant(a)).filter(|m| *m >= 0).map(|m| Range::constants(0, m as i128)),
        BinaryOp::URem => constant(b).filter(|m| *m > 0).map(|m| Range::constants(0, m as i128 - 1)),
        BinaryOp::SRem => constant(b).filter(|m| *m > 0).map(|m| Range::constants(-(m as i128) + 1, m as i128 - 1)),
        _ => None,
    }
}

fn add(a: &Option<AffExpr>, b: &Option<AffExpr>) -> Option<AffExpr> {
    a.as_ref()?.add(b.as_ref()?)
}

fn sub(a: &Option<AffExpr>, b: &Option<AffExpr>) -> Option<AffExpr> {
    a.as_ref()?.sub(b.as_ref()?)
}

/// A `select` is the hull of its arms, except that the clamps `x < y ? x : y` and
/// `x > y ? x : y` (how C's ternary `min`/`max` reach the model) are `min` and `max`.
fn select(scop: &Scop, c: &Expr, a: &Expr, b: &Expr) -> Range {
    use ComparePredicate::*;
    let (ra, rb) = (range(scop, a), range(scop, b));
    if let Expr::Compare(p, x, y) = c {
        let same = (**x == *a && **y == *b) || (**x == *b && **y == *a);
        let takes_smaller = matches!((p, **x == *a), (Slt | Sle, true) | (Sgt | Sge, false));
        let takes_larger = matches!((p, **x == *a), (Sgt | Sge, true) | (Slt | Sle, false));
        if same && takes_smaller {
            return ra.smin(&rb);
        }
        if same && takes_larger {
            return ra.smax(&rb);
        }
    }
    ra.hull(&rb)
}

fn cast(scop: &Scop, op: CastOp, to: ScalarType, x: &Expr) -> Option<Range> {
    let inner = range(scop, x);
    let from = expr_type(scop, x);
    match op {
        CastOp::SExt => Some(inner),
        // A zero extension keeps a value known non-negative, else it is the unsigned range.
        CastOp::ZExt => {
            let non_negative = inner.lower.as_ref().and_then(|l| l.as_constant()).is_some_and(|l| l >= 0);
            Some(if non_negative { inner } else { Range::constants(0, (1i128 << from.bits()) - 1) })
        }
        CastOp::Trunc => Some(if inner.fits(to) { inner } else { Range::of_type(to) }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Parameter, WrapFlags};

    fn scop() -> Scop {
        Scop {
            name: "s".into(),
            params: vec![Parameter::new("H", ScalarType::I32)],
            context: "[H] -> { : }".into(),
            assumptions: Vec::new(),
            arrays: Vec::new(),
            externals: Vec::new(),
            statements: Vec::new(),
            alias_checks: Vec::new(),
        }
    }

    fn int(c: i64, ty: ScalarType) -> Box<Expr> {
        Box::new(Expr::Constant(Constant::Int(c, ty)))
    }

    fn load_i32() -> Box<Expr> {
        // A value the rules do not follow: a float converted to int.
        Box::new(Expr::Cast(CastOp::FPToSI, ScalarType::I32, Box::new(Expr::Constant(Constant::Float(0.5, ScalarType::F32)))))
    }

    fn ends(r: &Range) -> (Option<String>, Option<String>) {
        let p = vec!["H".to_string()];
        let show = |e: &Option<AffExpr>| e.as_ref().map(|e| e.display(&[], &p).to_string());
        (show(&r.lower), show(&r.upper))
    }

    #[test]
    fn clamp_written_as_ternaries_is_bounded_by_its_constants() {
        let s = scop();
        let x = load_i32();
        let upper = Expr::Select(
            Box::new(Expr::Compare(ComparePredicate::Slt, x.clone(), int(255, ScalarType::I32))),
            x.clone(),
            int(255, ScalarType::I32),
        );
        let clamp = Expr::Select(
            Box::new(Expr::Compare(ComparePredicate::Sgt, Box::new(upper.clone()), int(0, ScalarType::I32))),
            Box::new(upper),
            int(0, ScalarType::I32),
        );
        let index = Expr::Cast(CastOp::ZExt, ScalarType::I64, Box::new(clamp));
        assert_eq!(ends(&range(&s, &index)), (Some("0".into()), Some("255".into())));
    }

    #[test]
    fn clamp_to_a_parameter_keeps_the_parameter() {
        let s = scop();
        let h1 = Expr::Binary(BinaryOp::Sub, Box::new(Expr::Parameter(0)), int(1, ScalarType::I32), WrapFlags { nsw: true, nuw: false, exact: false });
        let clamp = Expr::Binary(
            BinaryOp::SMax,
            Box::new(Expr::Binary(BinaryOp::SMin, load_i32(), Box::new(h1), WrapFlags::NONE)),
            int(0, ScalarType::I32),
            WrapFlags::NONE,
        );
        assert_eq!(ends(&range(&s, &clamp)), (Some("0".into()), Some("max(H - 1, 0)".into())));
    }

    #[test]
    fn arithmetic_that_may_wrap_has_the_range_of_its_type() {
        let s = scop();
        // H + 1 in i32 without nsw wraps for H = INT_MAX.
        let e = Expr::Binary(BinaryOp::Add, Box::new(Expr::Parameter(0)), int(1, ScalarType::I32), WrapFlags::NONE);
        assert_eq!(ends(&range(&s, &e)), (Some("-2147483648".into()), Some("2147483647".into())));
        // A zero extension of a value that may be negative is the unsigned range.
        let z = Expr::Cast(CastOp::ZExt, ScalarType::I64, load_i32());
        assert_eq!(ends(&range(&s, &z)), (Some("0".into()), Some("4294967295".into())));
        // An i64 value the rules do not follow is unbounded.
        let w = Expr::Cast(CastOp::FPToSI, ScalarType::I64, Box::new(Expr::Constant(Constant::Float(0.5, ScalarType::F64))));
        assert_eq!(ends(&range(&s, &w)), (None, None));
    }

    #[test]
    fn masks_and_remainders_are_bounded() {
        let s = scop();
        let and = Expr::Binary(BinaryOp::And, load_i32(), int(7, ScalarType::I32), WrapFlags::NONE);
        assert_eq!(ends(&range(&s, &and)), (Some("0".into()), Some("7".into())));
        let rem = Expr::Binary(BinaryOp::SRem, load_i32(), int(10, ScalarType::I32), WrapFlags::NONE);
        assert_eq!(ends(&range(&s, &rem)), (Some("-9".into()), Some("9".into())));
        // A select that is no clamp is the hull of its arms.
        let c = Box::new(Expr::Compare(ComparePredicate::Eq, load_i32(), int(3, ScalarType::I32)));
        let sel = Expr::Select(c, int(4, ScalarType::I32), Box::new(and));
        assert_eq!(ends(&range(&s, &sel)), (Some("0".into()), Some("7".into())));
    }
}
