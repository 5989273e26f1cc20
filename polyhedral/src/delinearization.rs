//! Delinearization of hand-linearized subscripts with parametric sizes.
//!
//! Image pipelines written in the naive style address a 3-channel image with a 2-pixel
//! border as `A[c*(R*(C+4)) + (i-2)*(C+4) + j]`. The offset is a polynomial in iterators and
//! parameters; it is affine only when read as a three-dimensional access `A[c][i-2][j]` of an
//! array with sizes `[*][R][C+4]`.
//!
//! The method, for all offsets of one array together:
//! 1. The *strides* are the coefficients of the iterators: parameter polynomials (`C+4`,
//!    `R*(C+4)`, `2*(C+4)` for a stride-2 loop). Level by level from the innermost, the
//!    strides not yet placed are divided by the product of the sizes found so far; the
//!    quotients of lowest degree give the next size. Every stride must divide exactly.
//! 2. Each offset is divided by the innermost size: the remainder (no term divisible by the
//!    size's leading monomial) is the innermost subscript, the quotient is divided by the next
//!    size, and so on; the last quotient is the outermost subscript.
//! 3. Every subscript must be affine.
//!
//! The innermost size keeps the integer content that all its strides share: rows of
//! `2*w + 8` elements walked one at a time and two at a time (`2*(2*w + 8)`) are rows of
//! `2*w + 8`, and interleaved channels `img[(y*C + x)*3 + c]` (strides `3*C` and the constant
//! 3) rows of `3*C`, `[y][3*x + c]`; strides `C+4` and `2*(C+4)` (rows visited two at a
//! time) give `C+4`. An outer size keeps its content when every stride agrees on it (`2*Rn`
//! rows of an upsampled level) and drops it when constant multiples of one size meet (`R` and
//! `2*R`: a step).
//!
//! Sizes of image pyramids are divisions of parameters (`R1 = R / 2`): such a
//! parameter-only piecewise expression is a `ParamAtom`, a factor of sizes like a parameter
//! (`c*(floor(R/2)*C)`). Levels of a pyramid write one array with sizes that agree only for
//! some parameters: written with rows `2*floor(R/2)` and read with rows `R`. When the
//! quotients of one level are different affine sizes, one of them with a division, each
//! offset is split by the size that gives it affine subscripts, the array takes the first
//! size, and `Delinearized::equal_sizes` lists the others: the shape is exact where they are
//! equal (`R mod 2 = 0`), an assumption the caller checks at run time.
//!
//! Unlike a division that ignores constant addends, this keeps `C+4` as the size (not `C`),
//! so the inner subscript is `j`, not `j + 4*i - 8`. The result is exact only while every
//! inner subscript stays inside its dimension: the caller adds those bounds as assumptions.

use crate::affine::AffExpr;
use std::collections::BTreeMap;

/// A variable of a polynomial: an iterator, a parameter, or an *atom*: a piecewise-affine
/// sub-expression such as the clamped row `min(max(i - 1, 0), R - 1)` of a border, which is
/// multiplied by a row size like an iterator is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PolyVar {
    Iter(usize),
    Param(usize),
    Atom(usize),
    /// An atom of parameters only (`floor(R / 2)`, the rows of a pyramid level): a factor of
    /// sizes, as a parameter is.
    ParamAtom(usize),
}

/// A product of variables with their powers, sorted.
pub type Monomial = Vec<(PolyVar, u32)>;

/// A multivariate polynomial with integer coefficients; no zero coefficients are stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Poly {
    pub terms: BTreeMap<Monomial, i64>,
}

impl Poly {
    pub fn constant(c: i64) -> Poly {
        let mut p = Poly::default();
        p.add_term(Vec::new(), c);
        p
    }

    pub fn var(v: PolyVar) -> Poly {
        let mut p = Poly::default();
        p.add_term(vec![(v, 1)], 1);
        p
    }

    fn add_term(&mut self, m: Monomial, c: i64) -> Option<()> {
        if c == 0 {
            return Some(());
        }
        let entry = self.terms.entry(m.clone()).or_insert(0);
        *entry = entry.checked_add(c)?;
        if *entry == 0 {
            self.terms.remove(&m);
        }
        Some(())
    }

    pub fn add(&self, other: &Poly) -> Option<Poly> {
        let mut out = self.clone();
        for (m, c) in &other.terms {
            out.add_term(m.clone(), *c)?;
        }
        Some(out)
    }

    pub fn sub(&self, other: &Poly) -> Option<Poly> {
        self.add(&other.scale(-1)?)
    }

    pub fn scale(&self, k: i64) -> Option<Poly> {
        let mut out = Poly::default();
        for (m, c) in &self.terms {
            out.add_term(m.clone(), c.checked_mul(k)?)?;
        }
        Some(out)
    }

    pub fn mul(&self, other: &Poly) -> Option<Poly> {
        let mut out = Poly::default();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &other.terms {
                out.add_term(multiply(m1, m2), c1.checked_mul(*c2)?)?;
            }
        }
        Some(out)
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    fn degree(&self) -> u32 {
        self.terms.keys().map(|m| m.iter().map(|(_, p)| p).sum()).max().unwrap_or(0)
    }

    fn uses_iterators(&self) -> bool {
        self.terms
            .keys()
            .any(|m| m.iter().any(|(v, _)| matches!(v, PolyVar::Iter(_) | PolyVar::Atom(_))))
    }

    fn uses_param_atoms(&self) -> bool {
        self.terms.keys().any(|m| m.iter().any(|(v, _)| matches!(v, PolyVar::ParamAtom(_))))
    }

    /// The coefficient polynomial of `var` (terms linear in it, divided by it).
    fn coefficient_of(&self, var: PolyVar) -> Option<Poly> {
        let mut out = Poly::default();
        for (m, c) in &self.terms {
            match m.iter().find(|(v, _)| *v == var) {
                Some((_, 1)) => {
                    let rest: Monomial = m.iter().filter(|(v, _)| *v != var).cloned().collect();
                    out.add_term(rest, *c)?;
                }
                Some(_) => return None,
                None => {}
            }
        }
        Some(out)
    }

    /// `self` without its integer content and with a positive leading coefficient.
    fn primitive(&self) -> Poly {
        let g = self.terms.values().fold(0i64, |g, c| gcd(g, c.abs()));
        let lead = self.leading().map(|(_, c)| c).unwrap_or(1);
        let g = if lead < 0 { -g } else { g };
        if g == 0 {
            return self.clone();
        }
        Poly { terms: self.terms.iter().map(|(m, c)| (m.clone(), c / g)).collect() }
    }

    /// `self` with a positive leading coefficient.
    fn positive(&self) -> Poly {
        match self.leading() {
            Some((_, c)) if c < 0 => Poly { terms: self.terms.iter().map(|(m, c)| (m.clone(), -c)).collect() },
            _ => self.clone(),
        }
    }

    /// The leading term: highest degree, then the greatest monomial.
    fn leading(&self) -> Option<(Monomial, i64)> {
        self.terms
            .iter()
            .max_by(|(a, _), (b, _)| degree(a).cmp(&degree(b)).then(a.cmp(b)))
            .map(|(m, c)| (m.clone(), *c))
    }

    /// Division by `d` with respect to its leading term: `self = q * d + r` where no term of
    /// `r` is divisible by the leading term of `d`. `None` if coefficients do not divide.
    pub fn divide(&self, d: &Poly) -> Option<(Poly, Poly)> {
        let (lead_m, lead_c) = d.leading()?;
        let mut q = Poly::default();
        let mut r = self.clone();
        let mut remainder = Poly::default();
        for _ in 0..1000 {
            let Some((m, c)) = r.leading() else { return Some((q, remainder)) };
            match divide_monomial(&m, &lead_m) {
                Some(factor) if c % lead_c == 0 => {
                    let mut t = Poly::default();
                    t.add_term(factor, c / lead_c)?;
                    q = q.add(&t)?;
                    r = r.sub(&t.mul(d)?)?;
                }
                Some(_) => return None,
                None => {
                    let mut t = Poly::default();
                    t.add_term(m, c)?;
                    remainder = remainder.add(&t)?;
                    r = r.sub(&t)?;
                }
            }
        }
        None
    }

    /// The polynomial as an affine expression, if every term has degree at most one; atoms
    /// are replaced by their expressions.
    pub fn to_affine(&self, atoms: &[AffExpr]) -> Option<AffExpr> {
        let mut out = AffExpr::constant(0);
        for (m, c) in &self.terms {
            let term = match m.as_slice() {
                [] => AffExpr::constant(*c),
                [(PolyVar::Iter(k), 1)] => AffExpr::iter(*k).scale(*c)?,
                [(PolyVar::Param(k), 1)] => AffExpr::param(*k).scale(*c)?,
                [(PolyVar::Atom(k) | PolyVar::ParamAtom(k), 1)] => atoms.get(*k)?.scale(*c)?,
                _ => return None,
            };
            out = out.add(&term)?;
        }
        Some(out)
    }
}

fn degree(m: &Monomial) -> u32 {
    m.iter().map(|(_, p)| p).sum()
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn multiply(a: &Monomial, b: &Monomial) -> Monomial {
    let mut powers: BTreeMap<PolyVar, u32> = BTreeMap::new();
    for (v, p) in a.iter().chain(b) {
        *powers.entry(*v).or_insert(0) += p;
    }
    powers.into_iter().collect()
}

fn divide_monomial(m: &Monomial, d: &Monomial) -> Option<Monomial> {
    let mut powers: BTreeMap<PolyVar, u32> = m.iter().cloned().collect();
    for (v, p) in d {
        let have = powers.get_mut(v)?;
        if *have < *p {
            return None;
        }
        *have -= p;
        if *have == 0 {
            powers.remove(v);
        }
    }
    Some(powers.into_iter().collect())
}

/// The shape found for one array.
#[derive(Clone, Debug, PartialEq)]
pub struct Delinearized {
    /// Sizes of the inner dimensions, outermost first (the outermost size is unknown).
    pub inner_sizes: Vec<AffExpr>,
    /// Per offset, its subscripts, outermost first.
    pub subscripts: Vec<Vec<AffExpr>>,
    /// Sizes that some accesses' strides give for a dimension whose size in `inner_sizes` is
    /// written otherwise (`2*floor(R/2)` where other accesses say `R`): the index in
    /// `inner_sizes` and that size. The shape is exact only where they are equal.
    pub equal_sizes: Vec<(usize, AffExpr)>,
}

/// Delinearizes the element offsets (not bytes) of all accesses to one array, whose
/// polynomials use `iterators` iterators and the given atoms.
pub fn delinearize(offsets: &[Poly], iterators: usize, atoms: &[AffExpr]) -> Option<Delinearized> {
    let levels = inner_sizes(offsets, iterators, atoms.len())?;
    if levels.is_empty() {
        return None;
    }
    let mut subscripts = Vec::new();
    let mut used: Vec<(usize, usize)> = Vec::new();
    for offset in offsets {
        let (subs, chosen) = split(offset, &levels, atoms)?;
        subscripts.push(subs);
        for (level, k) in chosen.into_iter().enumerate() {
            if k > 0 && !used.contains(&(level, k)) {
                used.push((level, k));
            }
        }
    }
    let inner_sizes = levels.iter().rev().map(|l| l[0].to_affine(atoms)).collect::<Option<Vec<_>>>()?;
    let mut equal_sizes = Vec::new();
    for (level, k) in used {
        equal_sizes.push((levels.len() - 1 - level, levels[level][k].to_affine(atoms)?));
    }
    Some(Delinearized { inner_sizes, subscripts, equal_sizes })
}

/// Sizes from the innermost dimension outwards. Each level lists the sizes the strides give
/// for it: the first is the dimension's size; others (only for the outermost inner
/// dimension) are sizes that equal it under an assumption.
///
/// The innermost size is the primitive part of the smallest stride. An outer level's size
/// is the quotient of the next strides by the product of the sizes inside it: with its
/// integer content (`2*floor(R/2)` rows written as `2*Rn`, a size, not a step) when every
/// stride agrees on it, without (`R` from strides `R` and `2*R`, a loop step) when
/// constant multiples of one size meet.
fn inner_sizes(offsets: &[Poly], iterators: usize, atoms: usize) -> Option<Vec<Vec<Poly>>> {
    let mut strides: Vec<Poly> = Vec::new();
    let mut coefficients: Vec<Poly> = Vec::new();
    let vars: Vec<PolyVar> =
        (0..iterators).map(PolyVar::Iter).chain((0..atoms).map(PolyVar::Atom)).collect();
    for offset in offsets {
        for &k in &vars {
            let c = offset.coefficient_of(k)?;
            if c.uses_iterators() {
                return None;
            }
            if c.is_zero() || c.degree() == 0 {
                continue;
            }
            if !coefficients.contains(&c) {
                coefficients.push(c.clone());
            }
            let p = c.primitive();
            if !strides.contains(&p) {
                strides.push(p);
            }
        }
    }
    strides.sort_by_key(|s| (s.degree(), s.terms.len()));
    strides.first()?;
    // Products of one size per level found so far (several where sizes are written
    // differently).
    let mut products = vec![Poly::constant(1)];
    let mut levels: Vec<Vec<Poly>> = Vec::new();
    loop {
        // Strides of the levels found so far divide by a product to a constant; the others
        // give the candidates for the next level.
        let mut quotients: Vec<Poly> = Vec::new();
        let mut pending = Vec::new();
        for c in coefficients {
            let q = products.iter().find_map(|p| {
                let (q, r) = c.divide(p)?;
                r.is_zero().then_some(q)
            })?;
            let q = q.positive();
            if q.degree() == 0 {
                continue;
            }
            if !quotients.contains(&q) {
                quotients.push(q);
            }
            pending.push(c);
        }
        coefficients = pending;
        let Some(lowest) = quotients.iter().map(|q| q.degree()).min() else { break };
        let next: Vec<Poly> = quotients.iter().filter(|q| q.degree() == lowest).cloned().collect();
        let mut primitives: Vec<Poly> = Vec::new();
        for q in &next {
            if !primitives.contains(&q.primitive()) {
                primitives.push(q.primitive());
            }
        }
        let level = match (primitives.len(), next.len()) {
            (1, _) if levels.is_empty() => {
                let row_content = next.iter().fold(0, |g, q| gcd(g, content(q)));
                vec![primitives[0].scale(row_content)?]
            }
            (1, 1) => next,
            (1, _) => primitives,
            _ => {
                // Sizes written differently (`R` and `2*floor(R/2)`): each affine and one of
                // them with a division, so that their equality is an assumption that can hold.
                // Per primitive part, the size with its content when all strides agree on it.
                let mut sizes: Vec<Poly> = Vec::new();
                for p in &primitives {
                    let with: Vec<&Poly> = next.iter().filter(|q| q.primitive() == *p).collect();
                    sizes.push(if with.len() == 1 { with[0].clone() } else { p.clone() });
                }
                if sizes.iter().any(|q| q.degree() > 1) || !sizes.iter().any(|q| q.uses_param_atoms()) {
                    return None;
                }
                sizes.sort_by_key(|q| q.uses_param_atoms());
                sizes
            }
        };
        let mut longer = Vec::new();
        for p in &products {
            for size in &level {
                longer.push(p.mul(size)?);
            }
        }
        if longer.len() > 16 {
            return None;
        }
        products = longer;
        levels.push(level);
    }
    Some(levels)
}

/// The integer content of `p`: the gcd of its coefficients.
fn content(p: &Poly) -> i64 {
    p.terms.values().fold(0, |g, c| gcd(g, c.abs()))
}

/// Splits one offset by the sizes (innermost level first) into subscripts, outermost first,
/// with the size chosen at each level: the first whose remainder (and, at the last level,
/// quotient) is affine.
fn split(offset: &Poly, levels: &[Vec<Poly>], atoms: &[AffExpr]) -> Option<(Vec<AffExpr>, Vec<usize>)> {
    let mut rest = offset.clone();
    let mut subs = Vec::new();
    let mut chosen = Vec::new();
    for (level, sizes) in levels.iter().enumerate() {
        let last = level + 1 == levels.len();
        let (k, q, sub) = sizes.iter().enumerate().find_map(|(k, size)| {
            let (q, r) = rest.divide(size)?;
            let sub = r.to_affine(atoms)?;
            if last {
                q.to_affine(atoms)?;
            }
            Some((k, q, sub))
        })?;
        subs.push(sub);
        chosen.push(k);
        rest = q;
    }
    subs.push(rest.to_affine(atoms)?);
    subs.reverse();
    Some((subs, chosen))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn it(k: usize) -> Poly {
        Poly::var(PolyVar::Iter(k))
    }
    fn par(k: usize) -> Poly {
        Poly::var(PolyVar::Param(k))
    }
    fn c(v: i64) -> Poly {
        Poly::constant(v)
    }

    #[test]
    fn three_channel_image_with_border() {
        // c*(R*(C+4)) + (i-2)*(C+4) + j with R = p0, C = p1, c = i0, i = i1, j = i2.
        let (r, cc) = (par(0), par(1));
        let width = cc.add(&c(4)).unwrap();
        let plane = r.mul(&width).unwrap();
        let offset = it(0)
            .mul(&plane)
            .unwrap()
            .add(&it(1).sub(&c(2)).unwrap().mul(&width).unwrap())
            .unwrap()
            .add(&it(2))
            .unwrap();
        let d = delinearize(&[offset], 3, &[]).expect("delinearizes");
        let names = (["c".to_string(), "i".into(), "j".into()], ["R".to_string(), "C".into()]);
        let show = |e: &AffExpr| e.display(&names.0, &names.1).to_string();
        assert_eq!(d.inner_sizes.iter().map(show).collect::<Vec<_>>(), vec!["R", "C + 4"]);
        assert_eq!(d.subscripts[0].iter().map(show).collect::<Vec<_>>(), vec!["c", "i - 2", "j"]);
    }

    #[test]
    fn stride_two_rows_share_the_size() {
        // in[(2*i)*(C+2) + j] and in[i*(C+2) + j + 1]
        let width = par(0).add(&c(2)).unwrap();
        let a = it(0).scale(2).unwrap().mul(&width).unwrap().add(&it(1)).unwrap();
        let b = it(0).mul(&width).unwrap().add(&it(1)).unwrap().add(&c(1)).unwrap();
        let d = delinearize(&[a, b], 2, &[]).unwrap();
        assert_eq!(d.inner_sizes, vec![AffExpr::param(0).add(&AffExpr::constant(2)).unwrap()]);
        assert_eq!(d.subscripts[0][0], AffExpr::iter(0).scale(2).unwrap());
        assert_eq!(d.subscripts[1][1], AffExpr::iter(1).add(&AffExpr::constant(1)).unwrap());
    }

    #[test]
    fn rows_of_even_length_keep_their_factor() {
        // W = 2*w + 8: den[y*W + x] and den[(2*y + 2)*W + 2*x + 3], the planes of a Bayer
        // mosaic. Every stride is a multiple of 2*(w + 4): rows of 2*w + 8, not of w + 4
        // (whose inner subscripts would leave the row).
        let width = par(0).scale(2).unwrap().add(&c(8)).unwrap();
        let write = it(0).mul(&width).unwrap().add(&it(1)).unwrap();
        let row = it(0).scale(2).unwrap().add(&c(2)).unwrap();
        let read = row.mul(&width).unwrap().add(&it(1).scale(2).unwrap()).unwrap().add(&c(3)).unwrap();
        let d = delinearize(&[write, read], 2, &[]).unwrap();
        assert_eq!(d.inner_sizes, vec![AffExpr::param(0).scale(2).unwrap().add(&AffExpr::constant(8)).unwrap()]);
        assert_eq!(d.subscripts[1][0], AffExpr::iter(0).scale(2).unwrap().add(&AffExpr::constant(2)).unwrap());
        assert_eq!(d.subscripts[1][1], AffExpr::iter(1).scale(2).unwrap().add(&AffExpr::constant(3)).unwrap());
    }

    #[test]
    fn interleaved_channels_keep_their_factor_in_the_row() {
        // img[(y*C + x)*3 + c]: rows of 3*C elements, [y][3*x + c].
        let offset = it(0).mul(&par(0)).unwrap().add(&it(1)).unwrap().scale(3).unwrap().add(&it(2)).unwrap();
        let d = delinearize(&[offset], 3, &[]).unwrap();
        assert_eq!(d.inner_sizes, vec![AffExpr::param(0).scale(3).unwrap()]);
        assert_eq!(d.subscripts[0][0], AffExpr::iter(0));
        assert_eq!(d.subscripts[0][1], AffExpr::iter(1).scale(3).unwrap().add(&AffExpr::iter(2)).unwrap());
    }

    #[test]
    fn clamped_rows_are_atoms() {
        // in[min(i + 1, R - 1) * C + j]: the clamped row is an atom with stride C.
        let clamp = AffExpr::iter(0)
            .add(&AffExpr::constant(1))
            .unwrap()
            .minimum(&AffExpr::param(0).sub(&AffExpr::constant(1)).unwrap());
        let offset = Poly::var(PolyVar::Atom(0)).mul(&par(1)).unwrap().add(&it(1)).unwrap();
        let d = delinearize(&[offset], 2, &[clamp.clone()]).unwrap();
        assert_eq!(d.inner_sizes, vec![AffExpr::param(1)]);
        assert_eq!(d.subscripts[0], vec![clamp, AffExpr::iter(1)]);
    }

    #[test]
    fn incompatible_strides_fail() {
        // i*(C+2) and i*(C+3) cannot be the same array shape.
        let a = it(0).mul(&par(0).add(&c(2)).unwrap()).unwrap();
        let b = it(0).mul(&par(0).add(&c(3)).unwrap()).unwrap();
        assert!(delinearize(&[a, b], 1, &[]).is_none());
    }

    #[test]
    fn sizes_written_differently_are_equal_under_an_assumption() {
        // up[c*(2*R1*C) + (2*i)*C + j] written, up[c*(R*C) + i*C + j] read, R1 = floor(R/2).
        let half = AffExpr::param(0).floor_div(2).unwrap();
        let r1 = Poly::var(PolyVar::ParamAtom(0));
        let (r, cc) = (par(0), par(1));
        let write = it(0).mul(&r1.scale(2).unwrap().mul(&cc).unwrap()).unwrap().add(&it(1).scale(2).unwrap().mul(&cc).unwrap()).unwrap().add(&it(2)).unwrap();
        let read = it(0).mul(&r.mul(&cc).unwrap()).unwrap().add(&it(1).mul(&cc).unwrap()).unwrap().add(&it(2)).unwrap();
        let d = delinearize(&[write, read], 3, &[half.clone()]).unwrap();
        assert_eq!(d.inner_sizes, vec![AffExpr::param(0), AffExpr::param(1)]);
        assert_eq!(d.subscripts[0], vec![AffExpr::iter(0), AffExpr::iter(1).scale(2).unwrap(), AffExpr::iter(2)]);
        assert_eq!(d.subscripts[1], vec![AffExpr::iter(0), AffExpr::iter(1), AffExpr::iter(2)]);
        assert_eq!(d.equal_sizes, vec![(0, half.scale(2).unwrap())]);
    }

    #[test]
    fn different_sizes_without_a_division_fail() {
        // c*(R*C) and c*(R2*C) with two plain parameters: never assumed equal.
        let a = it(0).mul(&par(0).mul(&par(2)).unwrap()).unwrap().add(&it(1).mul(&par(2)).unwrap()).unwrap();
        let b = it(0).mul(&par(1).mul(&par(2)).unwrap()).unwrap().add(&it(1).mul(&par(2)).unwrap()).unwrap();
        assert!(delinearize(&[a, b], 2, &[]).is_none());
    }
}
