//! Quasi-affine expressions over a statement's iterators and the SCoP's parameters.
//!
//! Paper 003, section 2.1 (Figure 3, `<aexp>`): constants, parameters, induction variables,
//! sums, and products with a constant. We add integer floor division by a positive constant
//! (`floor(e / d)`), which down- and up-sampling stages of image pipelines need and isl
//! represents exactly.
//!
//! Invariant: `terms` is sorted by variable, holds no zero coefficient and no variable twice,
//! so structural equality is semantic equality for expressions without divisions.

use std::fmt;

/// A variable of an affine expression.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AffVar {
    /// The `k`-th iterator of the enclosing statement (outermost loop first).
    Iter(usize),
    /// The `k`-th parameter of the SCoP.
    Param(usize),
    /// `floor(e / d)` with `d > 0`.
    FloorDiv(Box<AffExpr>, i64),
    /// `min(a, b)`: clamped borders and `min` in loop bounds make expressions piecewise
    /// affine; isl reads `min(a, b)` and `max(a, b)` directly.
    Min(Box<AffExpr>, Box<AffExpr>),
    /// `max(a, b)`.
    Max(Box<AffExpr>, Box<AffExpr>),
}

/// `constant + sum(coefficient * variable)`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct AffExpr {
    pub constant: i64,
    pub terms: Vec<(AffVar, i64)>,
}

impl AffExpr {
    pub fn constant(c: i64) -> Self {
        AffExpr { constant: c, terms: Vec::new() }
    }

    pub fn var(v: AffVar) -> Self {
        AffExpr { constant: 0, terms: vec![(v, 1)] }
    }

    pub fn iter(k: usize) -> Self {
        Self::var(AffVar::Iter(k))
    }

    pub fn param(k: usize) -> Self {
        Self::var(AffVar::Param(k))
    }

    pub fn is_constant(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn as_constant(&self) -> Option<i64> {
        self.is_constant().then_some(self.constant)
    }

    /// Whether any iterator occurs, also inside divisions.
    pub fn uses_iterators(&self) -> bool {
        self.terms.iter().any(|(v, _)| match v {
            AffVar::Iter(_) => true,
            AffVar::Param(_) => false,
            AffVar::FloorDiv(e, _) => e.uses_iterators(),
            AffVar::Min(a, b) | AffVar::Max(a, b) => a.uses_iterators() || b.uses_iterators(),
        })
    }

    /// Whether iterator `k` occurs, also inside divisions.
    pub fn uses_iterator(&self, k: usize) -> bool {
        self.terms.iter().any(|(v, _)| match v {
            AffVar::Iter(j) => *j == k,
            AffVar::Param(_) => false,
            AffVar::FloorDiv(e, _) => e.uses_iterator(k),
            AffVar::Min(a, b) | AffVar::Max(a, b) => a.uses_iterator(k) || b.uses_iterator(k),
        })
    }

    /// Whether parameter `k` occurs, also inside divisions.
    pub fn uses_param(&self, k: usize) -> bool {
        self.terms.iter().any(|(v, _)| match v {
            AffVar::Iter(_) => false,
            AffVar::Param(j) => *j == k,
            AffVar::FloorDiv(e, _) => e.uses_param(k),
            AffVar::Min(a, b) | AffVar::Max(a, b) => a.uses_param(k) || b.uses_param(k),
        })
    }

    /// Highest iterator index used plus one (0 if none).
    pub fn iterator_bound(&self) -> usize {
        self.terms
            .iter()
            .map(|(v, _)| match v {
                AffVar::Iter(k) => k + 1,
                AffVar::Param(_) => 0,
                AffVar::FloorDiv(e, _) => e.iterator_bound(),
                AffVar::Min(a, b) | AffVar::Max(a, b) => a.iterator_bound().max(b.iterator_bound()),
            })
            .max()
            .unwrap_or(0)
    }

    /// `self + other`, checked for overflow of the coefficients.
    pub fn add(&self, other: &AffExpr) -> Option<AffExpr> {
        let mut out = self.clone();
        out.constant = out.constant.checked_add(other.constant)?;
        for (v, c) in &other.terms {
            out.add_term(v.clone(), *c)?;
        }
        Some(out)
    }

    pub fn sub(&self, other: &AffExpr) -> Option<AffExpr> {
        self.add(&other.scale(-1)?)
    }

    /// `factor * self`.
    pub fn scale(&self, factor: i64) -> Option<AffExpr> {
        if factor == 0 {
            return Some(AffExpr::constant(0));
        }
        let mut terms = Vec::with_capacity(self.terms.len());
        for (v, c) in &self.terms {
            terms.push((v.clone(), c.checked_mul(factor)?));
        }
        Some(AffExpr { constant: self.constant.checked_mul(factor)?, terms })
    }

    /// The expression with each `min`/`max` that has one side moving with iterator `k`
    /// replaced by that side: the subscript where its clamp does not bite (`max(x - 1, 0)`
    /// gives `x - 1`). Clamps with both or neither side moving stay.
    pub fn unclamped(&self, k: usize) -> AffExpr {
        let mut out = AffExpr::constant(self.constant);
        for (v, c) in &self.terms {
            let term = match v {
                AffVar::Min(a, b) | AffVar::Max(a, b) => match (a.uses_iterator(k), b.uses_iterator(k)) {
                    (true, false) => a.unclamped(k),
                    (false, true) => b.unclamped(k),
                    _ => AffExpr::var(v.clone()),
                },
                other => AffExpr::var(other.clone()),
            };
            out = match term.scale(*c).and_then(|t| out.add(&t)) {
                Some(sum) => sum,
                None => return self.clone(),
            };
        }
        out
    }

    /// `floor(self / d)` for `d > 0`, folded when exact.
    pub fn floor_div(&self, d: i64) -> Option<AffExpr> {
        if d <= 0 {
            return None;
        }
        if d == 1 {
            return Some(self.clone());
        }
        if self.terms.iter().all(|(_, c)| c % d == 0) {
            let terms = self.terms.iter().map(|(v, c)| (v.clone(), c / d)).collect();
            return Some(AffExpr { constant: self.constant.div_euclid(d), terms });
        }
        Some(AffExpr::var(AffVar::FloorDiv(Box::new(self.clone()), d)))
    }

    /// `min(self, other)`, folded when both are constants.
    pub fn minimum(&self, other: &AffExpr) -> AffExpr {
        match (self.as_constant(), other.as_constant()) {
            (Some(a), Some(b)) => AffExpr::constant(a.min(b)),
            _ if self == other => self.clone(),
            _ => AffExpr::var(AffVar::Min(Box::new(self.clone()), Box::new(other.clone()))),
        }
    }

    /// `max(self, other)`, folded when both are constants.
    pub fn maximum(&self, other: &AffExpr) -> AffExpr {
        match (self.as_constant(), other.as_constant()) {
            (Some(a), Some(b)) => AffExpr::constant(a.max(b)),
            _ if self == other => self.clone(),
            _ => AffExpr::var(AffVar::Max(Box::new(self.clone()), Box::new(other.clone()))),
        }
    }

    /// Whether the expression is piecewise (uses `min` or `max`).
    pub fn is_piecewise(&self) -> bool {
        self.terms.iter().any(|(v, _)| match v {
            AffVar::Min(..) | AffVar::Max(..) => true,
            AffVar::FloorDiv(e, _) => e.is_piecewise(),
            _ => false,
        })
    }

    fn add_term(&mut self, v: AffVar, c: i64) -> Option<()> {
        match self.terms.binary_search_by(|(w, _)| w.cmp(&v)) {
            Ok(pos) => {
                let sum = self.terms[pos].1.checked_add(c)?;
                if sum == 0 {
                    self.terms.remove(pos);
                } else {
                    self.terms[pos].1 = sum;
                }
            }
            Err(pos) => {
                if c != 0 {
                    self.terms.insert(pos, (v, c));
                }
            }
        }
        Some(())
    }

    /// Replaces every variable by an expression (used to rewrite propagation expressions,
    /// paper 003, Algorithm 1, equation 3).
    pub fn substitute(&self, f: &dyn Fn(&AffVar) -> Option<AffExpr>) -> Option<AffExpr> {
        let mut out = AffExpr::constant(self.constant);
        for (v, c) in &self.terms {
            let replaced = match v {
                AffVar::FloorDiv(e, d) => e.substitute(f)?.floor_div(*d)?,
                AffVar::Min(a, b) => a.substitute(f)?.minimum(&b.substitute(f)?),
                AffVar::Max(a, b) => a.substitute(f)?.maximum(&b.substitute(f)?),
                _ => f(v)?,
            };
            out = out.add(&replaced.scale(*c)?)?;
        }
        Some(out)
    }

    /// Evaluates with concrete iterator and parameter values.
    pub fn evaluate(&self, iters: &[i64], params: &[i64]) -> Option<i64> {
        let mut sum = self.constant as i128;
        for (v, c) in &self.terms {
            let x = match v {
                AffVar::Iter(k) => *iters.get(*k)?,
                AffVar::Param(k) => *params.get(*k)?,
                AffVar::FloorDiv(e, d) => e.evaluate(iters, params)?.div_euclid(*d),
                AffVar::Min(a, b) => a.evaluate(iters, params)?.min(b.evaluate(iters, params)?),
                AffVar::Max(a, b) => a.evaluate(iters, params)?.max(b.evaluate(iters, params)?),
            };
            sum += (*c as i128) * (x as i128);
        }
        i64::try_from(sum).ok()
    }

    /// Writes the expression with the given names for iterators and parameters, in a syntax
    /// that both isl and the textual SCoP language read.
    pub fn display<'a>(&'a self, iters: &'a [String], params: &'a [String]) -> AffDisplay<'a> {
        AffDisplay { expr: self, iters, params }
    }
}

pub struct AffDisplay<'a> {
    expr: &'a AffExpr,
    iters: &'a [String],
    params: &'a [String],
}

impl fmt::Display for AffDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (v, c) in &self.expr.terms {
            let name = match v {
                AffVar::Iter(k) => self.iters.get(*k).cloned().unwrap_or_else(|| format!("i{k}")),
                AffVar::Param(k) => self.params.get(*k).cloned().unwrap_or_else(|| format!("p{k}")),
                AffVar::FloorDiv(e, d) => {
                    format!("floor(({})/{})", e.display(self.iters, self.params), d)
                }
                AffVar::Min(a, b) => format!(
                    "min({}, {})",
                    a.display(self.iters, self.params),
                    b.display(self.iters, self.params)
                ),
                AffVar::Max(a, b) => format!(
                    "max({}, {})",
                    a.display(self.iters, self.params),
                    b.display(self.iters, self.params)
                ),
            };
            let (sign, mag) = if *c < 0 { ("-", c.unsigned_abs()) } else { ("+", *c as u64) };
            match (first, sign) {
                (true, "-") => write!(f, "-")?,
                (true, _) => {}
                (false, s) => write!(f, " {s} ")?,
            }
            if mag == 1 {
                write!(f, "{name}")?;
            } else {
                write!(f, "{mag}*{name}")?;
            }
            first = false;
        }
        if first {
            write!(f, "{}", self.expr.constant)?;
        } else if self.expr.constant != 0 {
            let sign = if self.expr.constant < 0 { "-" } else { "+" };
            write!(f, " {sign} {}", self.expr.constant.unsigned_abs())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_keeps_terms_canonical() {
        let i = AffExpr::iter(0);
        let n = AffExpr::param(0);
        let e = i.add(&n).unwrap().sub(&i).unwrap();
        assert_eq!(e, n);
        let names = (vec!["i".to_string()], vec!["N".to_string()]);
        let e = i.scale(2).unwrap().sub(&AffExpr::constant(3)).unwrap();
        assert_eq!(e.display(&names.0, &names.1).to_string(), "2*i - 3");
        assert_eq!(e.evaluate(&[5], &[0]), Some(7));
    }

    #[test]
    fn floor_division_folds_when_exact() {
        let e = AffExpr::iter(0).scale(4).unwrap().floor_div(2).unwrap();
        assert_eq!(e, AffExpr::iter(0).scale(2).unwrap());
        let h = AffExpr::iter(0).floor_div(2).unwrap();
        assert_eq!(h.evaluate(&[-3], &[]), Some(-2));
        assert_eq!(h.display(&["i".into()], &[]).to_string(), "floor((i)/2)");
    }
}
