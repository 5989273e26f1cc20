//! Translates ScalarEvolution expressions into affine expressions of the model.
//!
//! An add recurrence `{start,+,step}<L>` of a loop `L` inside the region becomes
//! `start + step * i_k`, where `i_k` is the normalized iterator (0, 1, 2, ...) of `L` at depth
//! `k` in the region, as in Polly. Region-invariant integer values become parameters; `smin`
//! and `smax` stay as `min`/`max` (piecewise affine); sign extensions are transparent (a
//! signed `int` induction variable does not wrap in a C program without undefined behaviour).
//! Integer division, remainder and masks by constants are quasi-affine (`floor(e / d)`, exact
//! for every sign: C's truncation is `min(ceil, max(floor, 0))`, see `division`).
//! A product of region-invariant factors (`n * m`, `(r + 2) * w`) is a parameter of its own,
//! `P0 = n * m`, as Polly makes a parameter of a product of parameters (`Affinator::product`,
//! `ParameterValue::Product`); a product with a factor that varies in the region (`i * n`)
//! is left to delinearization, which reads the polynomial.
//! Everything else (values computed inside the region, unsigned division of possibly
//! negative values, truncation that may not fit) is not affine: the caller turns that into a
//! reject reason.

use crate::bridge::{Analyses, Loop, Scev, ScevKind};
use crate::ir;
use crate::region::Region;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};
use polyhedral::isl::IslContext;
use polyhedral::affine::{AffExpr, AffVar};
use polyhedral::delinearization::{Monomial, Poly, PolyVar};
use polyhedral::model::{Parameter, ScalarType};

/// What a parameter of the model stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum ParameterValue {
    /// An integer value that does not change while the region runs.
    Value(ir::Value),
    /// A product of at least two region-invariant factors, as Polly makes a parameter of a
    /// `SCEVMulExpr` of parameters (`n * m` in `A[i + n * m]`, `j < n * m`): not affine in the
    /// factors, affine in the product. Each factor is an affine expression of earlier
    /// parameters (no iterators); the product is taken in the `bits`-bit type of the SCEV
    /// it comes from, with wrapping arithmetic, so that the parameter is exactly the value the
    /// source computes (see `Affinator::product`).
    Product { factors: Vec<AffExpr>, bits: u32 },
    /// The smallest (or, `maximum`, the largest) element an index array's reads reach
    /// (`polyhedral::model::Array::index_range`): computed by the run-time check, in one pass
    /// over those elements, after every other parameter.
    IndexRange { array: polyhedral::model::ArrayId, maximum: bool },
}

/// The parameters found so far in a region, with the values they stand for.
#[derive(Default)]
pub struct Parameters {
    pub values: Vec<ParameterValue>,
    pub params: Vec<Parameter>,
    /// Parameters that are iteration numbers of loops around the region (non-negative).
    pub outer_iterations: Vec<usize>,
    /// Whether a truncation computed before the loops is a parameter of its own rather than
    /// its operand assumed to fit (`Affinator::truncation_parameter`): the second reading of
    /// a region where that assumption never holds.
    pub truncations_as_parameters: bool,
    /// Values the model reads as mathematical integers although their type could wrap, on
    /// the condition that they fit: assumptions of the SCoP, checked at run time.
    pub no_wrap: Vec<NoWrap>,
}

/// An integer value assumed to fit in `bits` bits (signed, or unsigned for a zero
/// extension) wherever it is used (`domain`, over `depth` iterators), as Polly assumes no
/// wrapping: the SCoP holds only for the parameters where it does, which the run-time check
/// tests.
#[derive(Clone, Debug)]
pub struct NoWrap {
    pub domain: String,
    pub depth: usize,
    pub value: AffExpr,
    pub bits: u32,
    pub unsigned: bool,
}

impl NoWrap {
    /// The range of the type.
    pub fn range(&self) -> (i128, i128) {
        if self.unsigned {
            (0, (1i128 << self.bits) - 1)
        } else {
            (-(1i128 << (self.bits - 1)), (1i128 << (self.bits - 1)) - 1)
        }
    }
}

impl ParameterValue {
    /// The value a parameter stands for, unless it is a product of other parameters.
    pub fn value(&self) -> Option<ir::Value> {
        match self {
            ParameterValue::Value(v) => Some(*v),
            ParameterValue::Product { .. } | ParameterValue::IndexRange { .. } => None,
        }
    }
}

impl Parameters {
    /// The index of the parameter for `value`, adding it if new.
    pub fn index_of(&mut self, function: ir::Value, value: ir::Value) -> usize {
        if let Some(k) = self.values.iter().position(|v| *v == ParameterValue::Value(value)) {
            return k;
        }
        let base = crate::bridge::debug_name(function, value)
            .or_else(|| Some(ir::name(value)).filter(|n| !n.is_empty()))
            .unwrap_or_else(|| format!("p{}", self.values.len()));
        let ty = ir::value_type(value).unwrap_or(ScalarType::I64);
        self.push(&sanitize(&base), ParameterValue::Value(value), ty)
    }

    /// The index of the parameter for the product of `factors` (affine expressions of
    /// earlier parameters) in a `bits`-bit type, adding it if new. Factors are compared in
    /// a canonical order: `n * m` and `m * n` are one parameter.
    pub fn product_index(&mut self, mut factors: Vec<AffExpr>, bits: u32) -> Option<usize> {
        let ty = ScalarType::integer(bits).filter(|ty| *ty != ScalarType::I1)?;
        factors.sort_by_key(|f| format!("{f:?}"));
        let value = ParameterValue::Product { factors, bits };
        if let Some(k) = self.values.iter().position(|v| *v == value) {
            return Some(k);
        }
        let name = format!("P{}", self.values.iter().filter(|v| matches!(v, ParameterValue::Product { .. })).count());
        Some(self.push(&name, value, ty))
    }

    /// Adds a parameter named after `base`, made unique and never an iterator's name.
    fn push(&mut self, base: &str, value: ParameterValue, ty: ScalarType) -> usize {
        let mut name = base.to_string();
        // Iterators are named i0, i1, ...: never let a parameter take such a name.
        if is_iterator_name(&name) || self.params.iter().any(|p| p.name == name) {
            name = format!("p_{name}");
        }
        while self.params.iter().any(|p| p.name == name) {
            name.push('_');
        }
        self.values.push(value);
        self.params.push(Parameter::new(name, ty));
        self.values.len() - 1
    }

    /// How many parameters, assumptions and outer iterations there are: a translation
    /// that is abandoned returns to it (`restore`).
    pub fn snapshot(&self) -> (usize, usize) {
        (self.values.len(), self.no_wrap.len())
    }

    /// Forgets the parameters and assumptions added since `snapshot`: what an abandoned
    /// translation (a linear reading of an array that is then delinearized) added is used
    /// by nothing, and would otherwise stay in every set of the model.
    pub fn restore(&mut self, (values, no_wrap): (usize, usize)) {
        self.values.truncate(values);
        self.params.truncate(values);
        self.no_wrap.truncate(no_wrap);
        self.outer_iterations.retain(|k| *k < values);
    }

    pub fn names(&self) -> Vec<String> {
        self.params.iter().map(|p| p.name.clone()).collect()
    }

    /// What is known of the parameters whatever the domain: the value ranges of their types
    /// and the non-negative outer iterations, as isl constraints.
    pub fn known(&self) -> Vec<String> {
        self.known_where(|_| true)
    }

    /// What `known` says of the parameters named in `text`: a question whose other parameters
    /// are free is answered the same without their ranges, which cost isl far more than the
    /// question (a pyramid with `int` sizes asks hundreds, each with every parameter's range).
    pub fn known_in(&self, text: &str) -> Vec<String> {
        self.known_where(|name| mentions(text, name))
    }

    fn known_where(&self, mentioned: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        for (k, p) in self.params.iter().enumerate().filter(|(_, p)| mentioned(&p.name)) {
            if p.ty != ScalarType::I64 {
                let half = 1i64 << (p.ty.bits() - 1);
                out.push(format!("{} <= {} <= {}", -half, p.name, half - 1));
            }
            if self.outer_iterations.contains(&k) {
                out.push(format!("{} >= 0", p.name));
            }
        }
        out
    }
}

/// Whether `text` names the identifier `name` (not as part of a longer one).
fn mentions(text: &str, name: &str) -> bool {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// `P0 = n * (m + 1)` for each product among `values`, written with the parameters' `names`:
/// what the printers show so that a reader knows what `P0` stands for.
pub fn definitions(values: &[ParameterValue], names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for (k, v) in values.iter().enumerate() {
        let ParameterValue::Product { factors, bits } = v else { continue };
        let shown: Vec<String> = factors
            .iter()
            .map(|f| {
                let text = f.display(&[], names).to_string();
                if f.terms.len() == 1 && f.constant == 0 { text } else { format!("({text})") }
            })
            .collect();
        out.push(format!("{} = {} (i{bits})", names[k], shown.join(" * ")));
    }
    out
}

/// An isl-compatible identifier made from a source name.
pub fn sanitize(name: &str) -> String {
    let mut out: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    // Words isl's parser reserves.
    if matches!(
        out.as_str(),
        "and" | "or" | "not" | "exists" | "min" | "max" | "floor" | "ceil" | "mod" | "implies"
            | "infty" | "NaN" | "true" | "false" | "div" | "cst"
    ) {
        out.insert(0, '_');
    }
    out
}

fn is_iterator_name(name: &str) -> bool {
    name.len() > 1 && name.starts_with('i') && name[1..].chars().all(|c| c.is_ascii_digit())
}

/// The reason for an index whose instructions are not a sum of products.
pub const NOT_A_POLYNOMIAL: &str = "index not a polynomial";

/// The reason for values the region computes itself (loads, values in loops).
pub const INSIDE_REGION: &str = "value computed inside the region";

/// Whether `s` has a recurrence of a loop that does not contain `block`: the value of a loop
/// the block comes after, which SCEV did not compute at the block's scope.
fn varies_outside(s: Scev, block: ir::Block) -> bool {
    let here = s.kind() == ScevKind::AddRec && s.addrec_loop().is_some_and(|l| !l.contains(block));
    here || s.operands().into_iter().any(|op| varies_outside(op, block))
}

/// Why a value computed inside the region is not affine without the domain of its use: a
/// counter's exit value after a loop that a branch may skip (`Affinator::guarded_loop_exit`).
const ON_A_DOMAIN: &str = "a loop's exit value, affine only on the domain of its use";

/// The reason for a value that isl's operation quota left unread (a select not proven a min
/// or max because the question ran out of operations).
pub const QUOTA_EXCEEDED: &str = "isl operation quota exceeded (complexity) while reading";

/// Why a SCEV is not affine; the message is only formatted when shown (printing a SCEV or
/// a value numbers the whole function).
#[derive(Clone, Copy, Debug)]
pub struct NotAffine {
    pub reason: &'static str,
    scev: Option<Scev>,
    value: Option<ir::Value>,
}

impl NotAffine {
    pub fn at(reason: &'static str, scev: Scev) -> Self {
        NotAffine { reason, scev: Some(scev), value: None }
    }
    fn of(reason: &'static str, value: ir::Value) -> Self {
        NotAffine { reason, scev: None, value: Some(value) }
    }
}

impl std::fmt::Display for NotAffine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.scev, self.value) {
            (_, Some(v)) => write!(f, "{}: {}", self.reason, ir::to_string(v)),
            (Some(s), None) => write!(f, "{} in {s}", self.reason),
            (None, None) => f.write_str(self.reason),
        }
    }
}

impl From<NotAffine> for String {
    fn from(e: NotAffine) -> String {
        e.to_string()
    }
}

/// What is known where an expression is used: the use's domain. With it, integer `select`s
/// and saturating subtractions that are a `min` or `max` on that domain (clamped borders:
/// `i == 0 ? 0 : 2*i - 1`) become affine; without it they are rejected.
pub struct Facts<'a> {
    pub isl: &'a IslContext,
    /// The use's domain, `[params] -> { [i0, ...] : ... }`.
    pub domain: String,
    pub depth: usize,
}

impl<'a> Facts<'a> {
    pub fn new(isl: &'a IslContext, domain: String, depth: usize) -> Self {
        Facts { isl, domain, depth }
    }
}

/// Translates SCEVs of one region.
pub struct Affinator<'a> {
    pub analyses: Analyses,
    pub function: ir::Value,
    pub region: &'a Region,
    pub parameters: &'a mut Parameters,
    pub facts: Option<Facts<'a>>,
    /// Whether a product of invariant values may become a parameter (`product`). Off
    /// while building the polynomials delinearization reads: there `n * m` must stay a
    /// product, to be recognized as the size of a dimension, not hide in a parameter.
    pub products: bool,
}

/// The widest recurrence whose wrapping is modeled exactly, as a modulo: SCEV's truncations
/// for masks of a few bits (`x & 1`, `x & 7`). From 8 bits on, a narrow recurrence is most
/// often a counter of a narrow type (`unsigned char i`), which Polly too assumes not to
/// wrap (checked at run time): its loop bound then stays affine, and its subscripts free of
/// existential variables.
const MODULAR_BITS: u32 = 7;

#[derive(Clone, Copy)]
enum Extension {
    Zero,
    Sign,
}

impl Affinator<'_> {
    /// The affine form of `scev`, or a short description of what is not affine.
    pub fn affine(&mut self, scev: Scev) -> Result<AffExpr, NotAffine> {
        match scev.kind() {
            ScevKind::Constant => {
                scev.constant().map(AffExpr::constant).ok_or(NotAffine::at("constant too large", scev))
            }
            ScevKind::Unknown => self.unknown(scev),
            ScevKind::Add => {
                let mut sum = AffExpr::constant(0);
                for op in scev.operands() {
                    sum = sum.add(&self.affine(op)?).ok_or(NotAffine::at("overflow", scev))?;
                }
                Ok(sum)
            }
            ScevKind::Mul => {
                let mut factor = 1i64;
                let mut rest = Vec::new();
                for op in scev.operands() {
                    match op.constant() {
                        Some(c) => factor = factor.checked_mul(c).ok_or(NotAffine::at("overflow", scev))?,
                        None => rest.push(op),
                    }
                }
                let rest = match rest.len() {
                    0 => AffExpr::constant(1),
                    1 => self.affine(rest[0])?,
                    _ => self.product(scev, &rest)?,
                };
                rest.scale(factor).ok_or(NotAffine::at("overflow", scev))
            }
            ScevKind::AddRec => self.add_recurrence(scev),
            ScevKind::SMax | ScevKind::SMin => {
                let ops = scev.operands();
                let mut acc = self.affine(ops[0])?;
                for op in &ops[1..] {
                    let e = self.affine(*op)?;
                    acc = if scev.kind() == ScevKind::SMax { acc.maximum(&e) } else { acc.minimum(&e) };
                }
                Ok(acc)
            }
            ScevKind::SExt => {
                // A sign extension is the identity on values that do not wrap in the narrow
                // type: arithmetic SCEV knows not to wrap (`<nsw>`, from C's signed
                // arithmetic), or a value that fits on the use's domain, proven or assumed.
                // `(int)` of a `long` wraps without undefined behaviour.
                let narrow = scev.operands()[0];
                if let Some(exact) = self.wrapping_recurrence(narrow, Extension::Sign)? {
                    return Ok(exact);
                }
                if let Some(exact) = self.small_truncation(narrow, Extension::Sign)? {
                    return Ok(exact);
                }
                let inner = self.affine(narrow)?;
                if !narrow.no_signed_wrap() && !self.assume_fits(&inner, self.analyses.bits(narrow)) {
                    return Err(NotAffine::at("sign extension of a value that may wrap", scev));
                }
                Ok(inner)
            }
            ScevKind::PtrToInt => self.affine(scev.operands()[0]),
            ScevKind::ZExt => {
                // A zero extension is the identity on non-negative values: proven, or assumed
                // where the domain is known.
                let narrow = scev.operands()[0];
                if let Some(exact) = self.wrapping_recurrence(narrow, Extension::Zero)? {
                    return Ok(exact);
                }
                if let Some(exact) = self.small_truncation(narrow, Extension::Zero)? {
                    return Ok(exact);
                }
                let inner = self.affine(narrow)?;
                if !self.non_negative(std::slice::from_ref(&inner)) && !self.assume_unsigned(&inner, self.analyses.bits(narrow)) {
                    return Err(NotAffine::at("zero extension of a possibly negative value", scev));
                }
                Ok(inner)
            }
            ScevKind::UDiv => {
                let ops = scev.operands();
                let d = ops[1].constant().filter(|d| *d > 0);
                let n = self.affine(ops[0])?;
                // On a non-negative numerator, proven or assumed (checked at run time, as
                // for a zero extension), unsigned division is floor division.
                let bits = self.analyses.bits(scev);
                match d {
                    Some(d) if self.non_negative(std::slice::from_ref(&n)) || self.assume_unsigned(&n, bits) => {
                        n.floor_div(d).ok_or(NotAffine::at("overflow", scev))
                    }
                    _ => Err(NotAffine::at("unsigned division", scev)),
                }
            }
            ScevKind::UMax | ScevKind::UMin | ScevKind::SequentialUMin => {
                // Unsigned and signed agree on non-negative operands. A sequential minimum
                // (the trip count of `i < n && i < m`) differs from `umin` only in how poison
                // propagates, not in its value.
                let ops = scev.operands();
                let mut acc = self.affine(ops[0])?;
                let mut all = vec![acc.clone()];
                for op in &ops[1..] {
                    let e = self.affine(*op)?;
                    all.push(e.clone());
                    acc = if scev.kind() == ScevKind::UMax { acc.maximum(&e) } else { acc.minimum(&e) };
                }
                // Operands that may be negative are assumed not to be (checked at run time),
                // as a zero extension is: where they are, the unsigned order is not the signed one.
                let bits = self.analyses.bits(scev);
                for e in &all {
                    let known = self.non_negative(std::slice::from_ref(e));
                    if !known && !self.assume_unsigned(e, bits) {
                        return Err(NotAffine::at("unsigned minimum or maximum of possibly negative values", scev));
                    }
                }
                Ok(acc)
            }
            ScevKind::Trunc => {
                // A truncation is the identity on values that fit in the narrow type: an `int`
                // counter widened to `i64` by indvars, truncated back for `int` arithmetic.
                // To at most `MODULAR_BITS` bits, the exact signed remainder where the value
                // may not fit (the start `trunc s to i1` of SCEV's recurrence for `i & 1`).
                if let Some(k) = self.truncation_parameter(scev) {
                    return Ok(AffExpr::param(k));
                }
                let inner = self.affine(scev.operands()[0])?;
                let bits = self.analyses.bits(scev);
                if bits <= MODULAR_BITS && !self.fits(&inner, bits) {
                    return signed_remainder(&inner, bits).ok_or(NotAffine::at("overflow", scev));
                }
                if !self.assume_fits(&inner, bits) {
                    return Err(NotAffine::at("truncation of a value that may not fit", scev));
                }
                Ok(inner)
            }
            ScevKind::CouldNotCompute => Err(NotAffine::at("value could not be computed", scev)),
        }
    }

    /// The product of the non-constant `factors` of the SCEV product `scev` (its constant
    /// factor apart) as a parameter, where no factor depends on an iterator: invariant in the
    /// region, it is computed once before it (`n * m`, `(n + 2) * w`), as Polly makes a
    /// parameter of a product of parameters.
    ///
    /// Why the parameter is exact: SCEV's `(a * b)` of type `iN` is the product modulo
    /// `2^N`, which depends only on the factors modulo `2^N`; each factor's affine form is
    /// congruent to its SCEV value (it is that value where its own assumptions hold). So the
    /// product of the affine forms, computed with wrapping `N`-bit arithmetic, is the value
    /// the source computes, and the parameter's type range (`known`) is the truth. The
    /// constant factor stays outside (`4 * P0` for `4 * n * m`): the expression around it
    /// treats `c * P0` as SCEV's `(c * n * m)`, whose no-wrap flag (`<nsw>`), where
    /// present, bounds the sub-product `n * m` too (`|n * m| <= |c * n * m|`), and which
    /// is otherwise assumed to fit (checked at run time) where the type is narrow. The
    /// product is not distributed over sums in the factors: `(n - 3) * w` may fit where
    /// `n * w` wraps. Factors that depend on an iterator (`i * n`) are not a parameter:
    /// delinearization handles those.
    ///
    /// Whether a factor varies is decided on the SCEV, before translating any factor, so
    /// that a product left to delinearization records no assumption and no parameter.
    fn product(&mut self, scev: Scev, operands: &[Scev]) -> Result<AffExpr, NotAffine> {
        if !self.products || operands.iter().any(|op| self.varies_in_region(*op)) {
            return Err(NotAffine::at("product of non-constant values", scev));
        }
        let mut factors = Vec::new();
        for op in operands {
            factors.push(self.affine(*op)?);
        }
        if factors.iter().any(|f| f.uses_iterators()) {
            return Err(NotAffine::at("product of non-constant values", scev));
        }
        let k = self
            .parameters
            .product_index(factors, self.analyses.bits(scev))
            .ok_or(NotAffine::at("product of an unusual width", scev))?;
        Ok(AffExpr::param(k))
    }

    /// Whether `scev` holds a recurrence of a loop of the region: its value changes while
    /// the region runs.
    fn varies_in_region(&self, scev: Scev) -> bool {
        if scev.kind() == ScevKind::AddRec && scev.addrec_loop().is_some_and(|lp| self.region.loop_depth(lp).is_some()) {
            return true;
        }
        scev.operands().into_iter().any(|op| self.varies_in_region(op))
    }

    /// The polynomial form of an address offset: like `affine`, but products of parameters
    /// and iterators are kept (for delinearization), and every piecewise-affine
    /// sub-expression (`smin`, `smax`) becomes an atom, appended to `atoms`.
    pub fn polynomial(&mut self, scev: Scev, atoms: &mut Vec<AffExpr>) -> Result<Poly, NotAffine> {
        self.without_products(|aff| aff.polynomial_of_scev(scev, atoms))
    }

    /// Runs `read` with `products` off: the polynomials delinearization reads keep `n * m` a
    /// product.
    fn without_products<T>(&mut self, read: impl FnOnce(&mut Self) -> T) -> T {
        let products = std::mem::replace(&mut self.products, false);
        let result = read(self);
        self.products = products;
        result
    }

    fn polynomial_of_scev(&mut self, scev: Scev, atoms: &mut Vec<AffExpr>) -> Result<Poly, NotAffine> {
        let overflow = || NotAffine::at("overflow", scev);
        match scev.kind() {
            ScevKind::Add | ScevKind::Mul => {
                let mut acc: Option<Poly> = None;
                for op in scev.operands() {
                    let p = self.polynomial_of_scev(op, atoms)?;
                    acc = Some(match acc {
                        None => p,
                        Some(a) if scev.kind() == ScevKind::Add => a.add(&p).ok_or_else(overflow)?,
                        Some(a) => a.mul(&p).ok_or_else(overflow)?,
                    });
                }
                acc.ok_or(NotAffine::at("empty expression", scev))
            }
            ScevKind::AddRec => {
                let ops = scev.operands();
                let lp = scev.addrec_loop().ok_or(NotAffine::at("recurrence without loop", scev))?;
                if ops.len() != 2 {
                    return Err(NotAffine::at("non-linear recurrence", scev));
                }
                let iter = match self.region.loop_depth(lp) {
                    Some(depth) => Poly::var(PolyVar::Iter(depth)),
                    None => affine_to_poly(&self.outer_iteration(lp, scev)?).ok_or_else(overflow)?,
                };
                let start = self.polynomial_of_scev(ops[0], atoms)?;
                let step = self.polynomial_of_scev(ops[1], atoms)?;
                start.add(&step.mul(&iter).ok_or_else(overflow)?).ok_or_else(overflow)
            }
            ScevKind::SExt if may_wrap(scev.operands()[0]) => self.extended_polynomial(scev, Extension::Sign, atoms),
            ScevKind::ZExt => match self.affine(scev) {
                Ok(e) => Ok(affine_to_poly(&e).unwrap_or_else(|| atom(e, atoms))),
                Err(_) => self.extended_polynomial(scev, Extension::Zero, atoms),
            },
            ScevKind::SExt | ScevKind::PtrToInt => self.polynomial_of_scev(scev.operands()[0], atoms),
            ScevKind::SMax | ScevKind::SMin => {
                let e = self.affine(scev)?;
                if let Some(c) = e.as_constant() {
                    return Ok(Poly::constant(c));
                }
                Ok(atom(e, atoms))
            }
            _ => {
                let e = self.affine(scev)?;
                if let Some(p) = affine_to_poly(&e) {
                    return Ok(p);
                }
                // A piecewise value (a clamped index) multiplied by a size is an atom.
                Ok(atom(e, atoms))
            }
        }
    }

    /// The polynomial of an integer value read from its instructions (sums, products,
    /// constant shifts, sign extensions), with affine leaves from SCEV and piecewise leaves
    /// as atoms. Keeps products such as `max(2*i - 1, 0) * C` that SCEV distributes.
    pub fn polynomial_of_value(&mut self, v: ir::Value, atoms: &mut Vec<AffExpr>) -> Result<Poly, NotAffine> {
        self.without_products(|aff| aff.polynomial_of_instructions(v, atoms))
    }

    fn polynomial_of_instructions(&mut self, v: ir::Value, atoms: &mut Vec<AffExpr>) -> Result<Poly, NotAffine> {
        let overflow = || NotAffine::of("overflow", v);
        if let Some(c) = ir::const_int(v) {
            return Ok(Poly::constant(c));
        }
        let scope = ir::block_of(v).and_then(|b| self.analyses.loop_for(b));
        if let Ok(e) = self.value_affine(v, scope) {
            if let Some(p) = affine_to_poly(&e) {
                return Ok(p);
            }
            return Ok(atom(e, atoms));
        }
        let arg = |k: u32| ir::operand(v, k);
        match ir::opcode(v) {
            Some(LLVMOpcode::LLVMAdd) => {
                let (x, y) = (self.polynomial_of_instructions(arg(0), atoms)?, self.polynomial_of_instructions(arg(1), atoms)?);
                x.add(&y).ok_or_else(overflow)
            }
            Some(LLVMOpcode::LLVMSub) => {
                let (x, y) = (self.polynomial_of_instructions(arg(0), atoms)?, self.polynomial_of_instructions(arg(1), atoms)?);
                x.sub(&y).ok_or_else(overflow)
            }
            Some(LLVMOpcode::LLVMMul) => {
                let (x, y) = (self.polynomial_of_instructions(arg(0), atoms)?, self.polynomial_of_instructions(arg(1), atoms)?);
                x.mul(&y).ok_or_else(overflow)
            }
            Some(LLVMOpcode::LLVMShl) => {
                let shift = ir::const_int(arg(1)).filter(|s| (0..32).contains(s)).ok_or(NotAffine::of("shift", v))?;
                self.polynomial_of_instructions(arg(0), atoms)?.scale(1 << shift).ok_or_else(overflow)
            }
            Some(LLVMOpcode::LLVMSExt) => self.polynomial_of_instructions(arg(0), atoms),
            Some(LLVMOpcode::LLVMTrunc) => {
                let p = self.polynomial_of_instructions(arg(0), atoms)?;
                let bits = ir::value_type(v).map_or(64, |t| t.bits());
                self.polynomial_fitting(p, atoms, bits, Extension::Sign, v)
            }
            Some(LLVMOpcode::LLVMSelect) => self.selected_polynomial(v, atoms),
            Some(LLVMOpcode::LLVMAShr) => self.sign_extended_product(v, atoms),
            _ => Err(NotAffine::of(NOT_A_POLYNOMIAL, v)),
        }
    }

    /// The extension of a narrow SCEV whose arithmetic may wrap (`zext` of C's `unsigned`
    /// `y * w + x`, `sext` of `int` arithmetic SCEV lost `<nsw>` on): the polynomial of the
    /// narrow value is congruent to it modulo `2^bits`, and is its value where it fits in the
    /// type (unsigned for a zero extension): assumed, checked at run time.
    fn extended_polynomial(&mut self, scev: Scev, extension: Extension, atoms: &mut Vec<AffExpr>) -> Result<Poly, NotAffine> {
        let narrow = scev.operands()[0];
        let p = self.polynomial_of_scev(narrow, atoms)?;
        if !self.assume_polynomial_fits(&p, atoms, self.analyses.bits(narrow), extension) {
            return Err(NotAffine::at("extension of a narrow polynomial that may wrap", scev));
        }
        Ok(p)
    }

    /// `p`, the polynomial congruent to the `bits`-bit value `v`, where it fits in the type
    /// (assumed, checked at run time); else why not.
    fn polynomial_fitting(&mut self, p: Poly, atoms: &[AffExpr], bits: u32, extension: Extension, v: ir::Value) -> Result<Poly, NotAffine> {
        if bits >= 64 || self.assume_polynomial_fits(&p, atoms, bits, extension) {
            return Ok(p);
        }
        Err(NotAffine::of("narrow polynomial that may wrap", v))
    }

    /// `select c, a, b` of two polynomials that differ by constants and parameters (C's `x > 0
    /// ? in[i - 1] : in[i]` and `y > 0 ? t[i - w] : t[i]` select the index after instcombine):
    /// `b + (a - b) * [c]`, with the comparison used as a number (`indicator`) on the use's
    /// domain, an atom multiplied by the difference (`-w * [y > 0]`) as an iterator would be.
    fn selected_polynomial(&mut self, v: ir::Value, atoms: &mut Vec<AffExpr>) -> Result<Poly, NotAffine> {
        let not_polynomial = || NotAffine::of(NOT_A_POLYNOMIAL, v);
        let cond = ir::operand(v, 0);
        if ir::opcode(cond) != Some(LLVMOpcode::LLVMICmp) || self.facts.is_none() {
            return Err(not_polynomial());
        }
        let a = self.polynomial_of_instructions(ir::operand(v, 1), atoms)?;
        let b = self.polynomial_of_instructions(ir::operand(v, 2), atoms)?;
        let overflow = || NotAffine::of("overflow", v);
        let difference = a.sub(&b).ok_or_else(overflow)?;
        if difference.is_zero() {
            return Ok(b);
        }
        // Arms that differ by iterators (`i < R / 2 ? 2 * i : R - 1 - i`) would multiply an
        // iterator by the condition: no size of a dimension.
        let varies = |m: &Monomial| m.iter().any(|(x, _)| matches!(x, PolyVar::Iter(_) | PolyVar::Atom(_)));
        if difference.terms.keys().any(varies) {
            return Err(not_polynomial());
        }
        let scope = ir::block_of(cond).and_then(|b| self.analyses.loop_for(b));
        let holds = self.indicator(cond, scope)?.ok_or_else(not_polynomial)?;
        let holds = affine_to_poly(&holds).unwrap_or_else(|| atom(holds, atoms));
        b.add(&difference.mul(&holds).ok_or_else(overflow)?).ok_or_else(overflow)
    }

    /// `ashr (mul x, k << s), s` and `ashr (shl x, s), s`: instcombine's form of
    /// `sext(trunc(x * k))`, an index computed in `int` from a widened counter. It is `x * k`
    /// where `x * k` fits in `64 - s` bits on the use's domain, proven or assumed: the no-wrap
    /// flags of the `int` arithmetic are gone, and `(int)` of a `long` wraps. A product that
    /// is not affine (`3 * (y * cols + x)`) is assumed to fit through its bounds
    /// (`assume_polynomial_fits`).
    fn sign_extended_product(&mut self, v: ir::Value, atoms: &mut Vec<AffExpr>) -> Result<Poly, NotAffine> {
        let not_idiom = || NotAffine::of(NOT_A_POLYNOMIAL, v);
        let shift = ir::const_int(ir::operand(v, 1)).filter(|s| (1..63).contains(s)).ok_or_else(not_idiom)?;
        let product = ir::operand(v, 0);
        let (x, factor) = match ir::opcode(product) {
            Some(LLVMOpcode::LLVMMul) => (ir::operand(product, 0), ir::const_int(ir::operand(product, 1)).ok_or_else(not_idiom)?),
            Some(LLVMOpcode::LLVMShl) => {
                let by = ir::const_int(ir::operand(product, 1)).filter(|b| *b == shift).ok_or_else(not_idiom)?;
                (ir::operand(product, 0), 1i64 << by)
            }
            _ => return Err(not_idiom()),
        };
        if factor.trailing_zeros() < shift as u32 {
            return Err(not_idiom());
        }
        let scaled = self.polynomial_of_value(x, atoms)?.scale(factor >> shift).ok_or(NotAffine::of("overflow", v))?;
        // Only the low `64 - s` bits count: instcombine writes `i - 1` as `i + (2^32 - 1)`.
        let scaled = signed_residues(&scaled, 64 - shift as u32);
        if !self.assume_polynomial_fits(&scaled, atoms, 64 - shift as u32, Extension::Sign) {
            return Err(NotAffine::of("sign extension of an int product that may wrap", v));
        }
        Ok(scaled)
    }

    fn unknown(&mut self, scev: Scev) -> Result<AffExpr, NotAffine> {
        let value = scev.unknown_value().ok_or(NotAffine::at("unknown SCEV", scev))?;
        if !ir::is_integer(value) {
            return Err(NotAffine::of("non-integer value", value));
        }
        if let Some(c) = ir::const_int(value) {
            return Ok(AffExpr::constant(c));
        }
        if let Some(load) = self.unconditional_load(value).or_else(|| self.guarded_base(value)) {
            return Ok(AffExpr::param(self.parameters.index_of(self.function, load)));
        }
        if self.region.defines(value) && self.is_region_invariant(value, 0) {
            // `R / 2` computed before the loops: affine in R, not a parameter of its own, so
            // that the model knows how the sizes of a pyramid's levels relate.
            let scope = ir::block_of(value).and_then(|b| self.analyses.loop_for(b));
            if let Ok(Some(e)) = self.division(value, scope) {
                return Ok(e);
            }
            // `-(int)w` as an `int` stride (`p[-s]` in a helper called with `(int)w`): affine
            // in w, so that the row below and the row above are rows of one array.
            if let Ok(Some(e)) = self.shifted_sign_extension(value) {
                return Ok(e);
            }
        }
        if self.region.defines(value) && !self.is_region_invariant(value, 0) {
            if let Some(e) = self.exit_value(value)? {
                return Ok(e);
            }
            if let Some(e) = self.piecewise(value)? {
                return Ok(e);
            }
            if let Some(e) = self.shifted_sign_extension(value)? {
                return Ok(e);
            }
            // The questions that would have read a select as a min or max were not answered.
            if self.facts.as_ref().is_some_and(|f| f.isl.quota_exhausted()) {
                return Err(NotAffine::of(QUOTA_EXCEEDED, value));
            }
            // A loop's exit value is read on the domain of its use, which the caller may not
            // have given yet.
            if self.facts.is_none() && ir::opcode(value) == Some(LLVMOpcode::LLVMPHI) && self.guarded_loop_exit(value).is_some() {
                return Err(NotAffine::of(ON_A_DOMAIN, value));
            }
            return Err(NotAffine::of(INSIDE_REGION, value));
        }
        Ok(AffExpr::param(self.parameters.index_of(self.function, value)))
    }

    /// Whether parameter `value` is a load the region reads only under its loops' guards
    /// (`guarded_base`), not one it may read at its entry.
    pub fn is_guarded_parameter(&self, value: ir::Value) -> bool {
        ir::opcode(value) == Some(LLVMOpcode::LLVMLoad) && self.region.defines(value) && self.unconditional_load(value).is_none()
    }

    /// Whether `value` becomes a parameter rather than a value computed inside the region:
    /// region-invariant (below), a reload of an unconditional load, or an integer loaded under
    /// the loops' guards (`guarded_base`).
    pub fn is_parameter_value(&self, value: ir::Value) -> bool {
        self.is_region_invariant(value, 0) || self.unconditional_load(value).is_some() || ir::is_integer(value) && self.guarded_base(value).is_some()
    }

    /// An integer computed once per execution of the region, outside its loops, from
    /// arguments and constants only (`long R2 = R / 2;` before the stages): a parameter.
    fn is_region_invariant(&self, value: ir::Value, depth: usize) -> bool {
        if ir::const_int(value).is_some() || ir::is_argument(value) {
            return true;
        }
        let Some(block) = ir::block_of(value) else { return false };
        if !self.region.contains(block) {
            return ir::is_integer(value);
        }
        if depth > 16 || !self.region.loops_around(self.analyses, block).is_empty() {
            return false;
        }
        use LLVMOpcode::*;
        if ir::opcode(value) == Some(LLVMLoad) {
            return self.is_invariant_load(value, depth);
        }
        let pure = matches!(
            ir::opcode(value),
            Some(LLVMAdd | LLVMSub | LLVMMul | LLVMSDiv | LLVMUDiv | LLVMSRem | LLVMURem | LLVMShl
                | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor | LLVMSExt | LLVMZExt | LLVMTrunc
                | LLVMSelect | LLVMICmp | LLVMFreeze | LLVMPtrToInt)
        );
        pure && (0..ir::num_operands(value)).all(|k| self.is_region_invariant(ir::operand(value, k), depth + 1))
    }

    /// With `truncations_as_parameters`, the parameter for a truncation that the function
    /// computes before the region's loops from arguments: a struct `{ int w, h; }` passed by
    /// value arrives as one `i64`, and `w` is its truncation, which the model cannot read as
    /// that `i64` assumed to fit in 32 bits (the packed `h` makes it large).
    fn truncation_parameter(&mut self, scev: Scev) -> Option<usize> {
        if !self.parameters.truncations_as_parameters {
            return None;
        }
        let value = ir::blocks(self.function).into_iter().flat_map(ir::instructions).find(|i| {
            ir::opcode(*i) == Some(LLVMOpcode::LLVMTrunc) && self.analyses.scev(*i) == Some(scev) && self.is_region_invariant(*i, 0)
        })?;
        Some(self.parameters.index_of(self.function, value))
    }

    /// The load that an array base loaded from memory stands for (`float *src = in->data;`
    /// before the loops, or `in->data` reloaded inside them): an invariant load of its bytes
    /// (`unconditional_load`), read once at the region's entry; `None` for any other base.
    pub fn invariant_base(&self, base: ir::Value) -> Option<ir::Value> {
        if ir::opcode(base) != Some(LLVMOpcode::LLVMLoad) || !self.region.defines(base) {
            return None;
        }
        self.unconditional_load(base)
    }

    /// Whether a load reads the same address wherever the region runs it (`in->data`).
    pub fn has_invariant_address(&self, load: ir::Value) -> bool {
        self.is_invariant_address(ir::operand(load, 0), 0)
    }

    /// For a load of the region, the invariant load (one that may be read at the region's
    /// entry) that stands for all loads of its bytes: one of its address outside the loops,
    /// else the first one in region order.
    /// A phi whose incoming values all reload that address (`w = out->w` carried from one
    /// iteration to the next by GVN) stands for the same load.
    fn unconditional_load(&self, value: ir::Value) -> Option<ir::Value> {
        if ir::is_phi(value) && self.region.defines(value) {
            let mut loads = ir::phi_incoming(value).into_iter().filter(|(v, _)| *v != value).map(|(v, _)| {
                if ir::is_phi(v) { None } else { self.unconditional_load(v) }
            });
            let first = loads.next()??;
            return loads.all(|l| l == Some(first)).then_some(first);
        }
        if ir::opcode(value) != Some(LLVMOpcode::LLVMLoad) || !self.region.defines(value) {
            return None;
        }
        let pointer = ir::operand(value, 0);
        let ty = ir::value_type(value);
        let outside_loops = ir::users(pointer).into_iter().find(|u| {
            ir::opcode(*u) == Some(LLVMOpcode::LLVMLoad)
                && ir::value_type(*u) == ty
                && ir::block_of(*u).is_some_and(|b| self.region.contains(b) && self.region.loops_around(self.analyses, b).is_empty())
                && self.is_invariant_load(*u, 0)
        });
        if outside_loops.is_some() || !self.is_invariant_address(pointer, 0) {
            return outside_loops.map(|l| self.first_reload(l));
        }
        // Reloaded in every iteration (`out->w` in a loop header, where nothing lets LLVM
        // hoist it): the first invariant load of those bytes, wherever it is.
        self.first_invariant_load_of_bytes(value)
    }

    /// The first load of the region, in region order, that reads `load`'s bytes as its type
    /// and is invariant (`is_invariant_load`).
    fn first_invariant_load_of_bytes(&self, load: ir::Value) -> Option<ir::Value> {
        let ty = ir::value_type(load);
        self.same_address_loads(load).into_iter().find(|u| ir::value_type(*u) == ty && self.is_invariant_load(*u, 0))
    }

    /// An invariant load `load` as the first invariant load of its bytes in region order
    /// when its address goes through a loaded pointer (`c->img->h` before each of two nests,
    /// through a reload of `c->img` each): one parameter for one value.
    fn first_reload(&self, load: ir::Value) -> ir::Value {
        let mut pointer = ir::operand(load, 0);
        while matches!(ir::opcode(pointer), Some(LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast)) {
            pointer = ir::operand(pointer, 0);
        }
        if !self.region.defines(pointer) || ir::opcode(pointer) != Some(LLVMOpcode::LLVMLoad) {
            return load;
        }
        self.first_invariant_load_of_bytes(load).unwrap_or(load)
    }

    fn always_executed(&self, inst: ir::Value) -> bool {
        let block = ir::block_of(inst).expect("instruction");
        self.region.contains(block) && self.analyses.post_dominates(block, self.region.entry)
    }

    /// A load that executes whenever the region does (`d->n` before the loops), or reads a
    /// field of an object such a load reads (`out->w` under `out->h > 0`), from an address
    /// computed from arguments, which no call of the region nor store into the same object
    /// may write (`may_be_written`): its value is the same wherever the region uses it, and
    /// reading it at the region's entry is safe.
    fn is_invariant_load(&self, load: ir::Value, depth: usize) -> bool {
        let pointer = ir::operand(load, 0);
        if ir::is_volatile(load)
            || !(self.always_executed(load) || self.readable_at_entry(load))
            || !self.is_invariant_address(pointer, depth + 1)
        {
            return false;
        }
        !self.may_be_written(load)
    }

    /// Whether a call of the region may write what `load` reads (alias analysis decides for
    /// calls that write memory: a `memset` of a fresh `new float[n]()` leaves `in.h` alone),
    /// or a store into the same
    /// object (`p[i + 3]` for `p[9]`, a global counter and itself). Other stores write the
    /// SCoP's arrays: where alias analysis cannot keep one apart from `load`'s bytes, the
    /// run-time check tests that the bytes lie outside the ranges the array's accesses
    /// reach (`arrays::field_checks`), as Polly checks the loads it hoists.
    fn may_be_written(&self, load: ir::Value) -> bool {
        self.region.blocks.iter().flat_map(|b| ir::instructions(*b)).any(|inst| match ir::opcode(inst) {
            Some(LLVMOpcode::LLVMStore) => {
                crate::bridge::same_underlying_object(inst, load) && self.analyses.accesses_may_alias(inst, load)
            }
            Some(LLVMOpcode::LLVMCall) => {
                !crate::statements::is_pure_call(inst) && !crate::statements::is_allocation_call(inst) && self.analyses.call_may_write(inst, load)
            }
            _ => false,
        })
    }

    /// The loads of the region that read the bytes `load` reads (the same field, through
    /// any GEP, or through another reload of the pointers on the way: `equal_addresses`), in
    /// region order.
    pub fn same_address_loads(&self, load: ir::Value) -> Vec<ir::Value> {
        self.region
            .blocks
            .iter()
            .flat_map(|b| ir::instructions(*b))
            .filter(|l| {
                ir::opcode(*l) == Some(LLVMOpcode::LLVMLoad)
                    && (*l == load
                        || crate::bridge::load_within(*l, load) && crate::bridge::load_within(load, *l)
                        || ir::value_type(*l) == ir::value_type(load) && self.equal_addresses(ir::operand(*l, 0), ir::operand(load, 0), 0))
            })
            .collect()
    }

    /// Whether two pointers of the region are one address wherever it computes them: GEPs
    /// with the same constant indices into equal addresses, or loads of equal addresses whose
    /// bytes the region does not write (`c->img->w` through a reload of `c->img` inside the
    /// loop and through the one before it), seen through GVN's phis of such reloads.
    fn equal_addresses(&self, p: ir::Value, q: ir::Value, depth: usize) -> bool {
        let resolve = |v: ir::Value| if ir::is_phi(v) { ir::reloads_of_one_address(v).unwrap_or(v) } else { v };
        let (p, q) = (resolve(p), resolve(q));
        if p == q {
            return true;
        }
        if depth > 8 || ir::opcode(p) != ir::opcode(q) {
            return false;
        }
        let same_operands = |from: u32| {
            ir::num_operands(p) == ir::num_operands(q)
                && (from..ir::num_operands(p)).all(|k| {
                    let (x, y) = (ir::operand(p, k), ir::operand(q, k));
                    ir::const_int(x).is_some() && ir::const_int(x) == ir::const_int(y)
                })
        };
        match ir::opcode(p) {
            Some(LLVMOpcode::LLVMGetElementPtr) => {
                ir::gep_source_element_type(p) == ir::gep_source_element_type(q) && same_operands(1) && self.equal_addresses(ir::operand(p, 0), ir::operand(q, 0), depth + 1)
            }
            Some(LLVMOpcode::LLVMLoad) => {
                !ir::is_volatile(p)
                    && !ir::is_volatile(q)
                    && ir::value_type(p) == ir::value_type(q)
                    && self.equal_addresses(ir::operand(p, 0), ir::operand(q, 0), depth + 1)
                    && !self.may_be_written(p)
            }
            _ => false,
        }
    }

    /// An array base, or an integer, loaded inside the region from an address computed from
    /// arguments that the region does not write (`may_be_written`), which it may not read at
    /// its entry (`in->data[...]` only inside the loops, `p->features` as the bound of a
    /// loop inside one over `p->count`, under their guards): the first load of those bytes in
    /// region order stands for all of them, a base or a parameter that code generation reads
    /// only where one of them runs (`BuiltScop::load_guards`), as Polly hoists invariant loads
    /// under their execution context.
    pub fn guarded_base(&self, base: ir::Value) -> Option<ir::Value> {
        let base = if ir::is_phi(base) && self.region.defines(base) { ir::reloads_of_one_address(base)? } else { base };
        if ir::opcode(base) != Some(LLVMOpcode::LLVMLoad)
            || ir::is_volatile(base)
            || !self.region.defines(base)
            || !self.guarded_address(ir::operand(base, 0), 0)
            || self.may_be_written(base)
        {
            return None;
        }
        self.same_address_loads(base).first().copied()
    }

    /// An address computed from arguments through GEPs and loads of such addresses that no
    /// call or store into the same object may write (`c->dst->data`): the loads in it run
    /// wherever a load of the address does (they are its operands), so under the guard of a
    /// guarded base they may be read too.
    fn guarded_address(&self, pointer: ir::Value, depth: usize) -> bool {
        if ir::is_argument(pointer) || ir::is_global(pointer) || !self.region.defines(pointer) && ir::opcode(pointer) == Some(LLVMOpcode::LLVMLoad) {
            return true;
        }
        if depth > 8 {
            return false;
        }
        match ir::opcode(pointer) {
            Some(LLVMOpcode::LLVMLoad) => {
                !ir::is_volatile(pointer) && !self.may_be_written(pointer) && self.guarded_address(ir::operand(pointer, 0), depth + 1)
            }
            Some(LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast) => {
                self.guarded_address(ir::operand(pointer, 0), depth + 1)
                    && (1..ir::num_operands(pointer)).all(|k| ir::const_int(ir::operand(pointer, k)).is_some())
            }
            // GVN's phi of the reloads of one field (`c->img` before the loop and inside it).
            Some(LLVMOpcode::LLVMPHI) => ir::reloads_of_one_address(pointer).is_some_and(|first| self.guarded_address(first, depth + 1)),
            _ => false,
        }
    }

    /// Whether a load that the region may not execute reads a dereferenceable address (a C++
    /// reference's field), or bytes of an object that a load it always executes reads
    /// (`bridge::load_within`).
    fn readable_at_entry(&self, load: ir::Value) -> bool {
        crate::bridge::load_dereferenceable(load)
            || self.region.blocks.iter().flat_map(|b| ir::instructions(*b)).any(|other| {
                other != load
                    && ir::opcode(other) == Some(LLVMOpcode::LLVMLoad)
                    && !ir::is_volatile(other)
                    && self.always_executed(other)
                    && crate::bridge::load_within(load, other)
            })
    }

    fn is_invariant_address(&self, pointer: ir::Value, depth: usize) -> bool {
        if ir::is_argument(pointer) || ir::is_global(pointer) {
            return true;
        }
        // A pointer loaded from an invariant address (`c->src` in `c->src->w`): one value
        // before the region, or an invariant load of it.
        if ir::opcode(pointer) == Some(LLVMOpcode::LLVMLoad) {
            return !self.region.defines(pointer) || depth <= 8 && self.unconditional_load(pointer).is_some();
        }
        matches!(ir::opcode(pointer), Some(LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast))
            && self.region.loops_around(self.analyses, ir::block_of(pointer).expect("instruction")).is_empty()
            && self.is_invariant_address(ir::operand(pointer, 0), depth + 1)
            && (1..ir::num_operands(pointer)).all(|k| self.is_region_invariant(ir::operand(pointer, k), depth + 1))
    }

    /// `select (cmp) p, q` and `usub.sat(a, b)` that are a `min` or `max` on the use's domain.
    fn piecewise(&mut self, value: ir::Value) -> Result<Option<AffExpr>, NotAffine> {
        if self.facts.is_none() {
            return Ok(None);
        }
        let scope = ir::block_of(value).and_then(|b| self.analyses.loop_for(b));
        match ir::opcode(value) {
            Some(LLVMOpcode::LLVMAShr | LLVMOpcode::LLVMSDiv | LLVMOpcode::LLVMSRem | LLVMOpcode::LLVMAnd) => {
                self.division(value, scope)
            }
            Some(LLVMOpcode::LLVMICmp) => self.indicator(value, scope),
            Some(LLVMOpcode::LLVMSelect) => {
                let arms = (ir::operand(value, 1), ir::operand(value, 2));
                self.chosen_on_condition(ir::operand(value, 0), arms, scope)
            }
            Some(LLVMOpcode::LLVMPHI) => match self.guarded_loop_exit(value) {
                Some((cond, arms)) => self.chosen_on_condition(cond, arms, scope),
                None => Ok(None),
            },
            Some(LLVMOpcode::LLVMCall)
                if ir::called_function_name(value).is_some_and(|n| n.starts_with("llvm.usub.sat.")) =>
            {
                let a = self.value_affine(ir::operand(value, 0), scope)?;
                let b = self.value_affine(ir::operand(value, 1), scope)?;
                if !self.non_negative(&[a.clone(), b.clone()]) {
                    return Ok(None);
                }
                let diff = a.sub(&b).ok_or(NotAffine::of("overflow", value))?;
                Ok(Some(diff.maximum(&AffExpr::constant(0))))
            }
            _ => Ok(None),
        }
    }

    /// The value `cond ? arms.0 : arms.1`, affine on the use's domain, of a select or of a phi
    /// that joins the two sides of a branch on `cond`.
    fn chosen_on_condition(&mut self, cond: ir::Value, arms: (ir::Value, ir::Value), scope: Option<Loop>) -> Result<Option<AffExpr>, NotAffine> {
        if ir::opcode(cond) != Some(LLVMOpcode::LLVMICmp) {
            return Ok(None);
        }
        let depth = self.facts.as_ref().map_or(0, |f| f.depth);
        let names = crate::domains::iterator_names(depth);
        let c = self.comparison(cond, scope, &names)?;
        // A min or max whose arms need no assumption is the cheap, common case. An arm
        // read on the whole domain may need one that its own piece makes true
        // (`isl_floord`'s `(1 - n) / 2` is non-negative where `n < 0`): the arms read
        // on their pieces come first then, and the assumptions of the first reading
        // do not stay.
        let assumed = self.parameters.no_wrap.len();
        let whole = self.min_or_max(arms, &c, scope)?;
        if whole.is_some() && self.parameters.no_wrap.len() == assumed {
            return Ok(whole);
        }
        let taken = self.parameters.no_wrap.split_off(assumed);
        if let Some(e) = self.one_function_on_pieces(arms, &c, scope)? {
            return Ok(Some(e));
        }
        self.parameters.no_wrap.truncate(assumed);
        if let Some(e) = self.min_or_max_on_pieces(arms, &c, scope)? {
            return Ok(Some(e));
        }
        self.parameters.no_wrap.truncate(assumed);
        if whole.is_some() {
            self.parameters.no_wrap.extend(taken);
            return Ok(whole);
        }
        let clamped = self.arm_clamped_at_condition(arms, cond, &c, scope)?;
        if clamped.is_none() {
            self.parameters.no_wrap.truncate(assumed);
        }
        Ok(clamped)
    }

    /// The value of a loop-closed phi (`phi [v, exiting block]` after a loop): `v` at the
    /// phi's scope, the loop's exit value where SCEV computes it (`{0,+,4}` leaves as
    /// `4 + 4 * ((w - 4) /u 4)`). `None` where that value still varies in the loop.
    fn exit_value(&mut self, value: ir::Value) -> Result<Option<AffExpr>, NotAffine> {
        let Some(block) = ir::block_of(value) else { return Ok(None) };
        // Through the loop-closed phis of each loop left (`phi [phi [v, inner exit], outer
        // exit]`) to the value they hold.
        let mut inner = value;
        while ir::opcode(inner) == Some(LLVMOpcode::LLVMPHI) {
            let [(next, _)] = ir::phi_incoming(inner)[..] else { break };
            inner = next;
        }
        if inner == value {
            return Ok(None);
        }
        let Some(s) = self.analyses.scev(inner) else { return Ok(None) };
        let s = self.analyses.scev_at_scope(s, self.analyses.loop_for(block));
        if varies_outside(s, block) || self.reads_values_of_other_loops(s, block) {
            return Ok(None);
        }
        self.affine(s).map(Some)
    }

    /// Whether `s` reads an instruction of a loop that does not contain `block`: SCEV's value
    /// there is one of that loop's iterations, not the one `block` sees.
    fn reads_values_of_other_loops(&self, s: Scev, block: ir::Block) -> bool {
        if let Some(v) = s.unknown_value() {
            let of_loop = ir::block_of(v).and_then(|b| self.analyses.loop_for(b));
            return of_loop.is_some_and(|l| !l.contains(block));
        }
        s.operands().into_iter().any(|op| self.reads_values_of_other_loops(op, block))
    }

    /// A counter's value after a loop that a branch may skip, as a select on the branch's
    /// condition: the tail of a loop unrolled by hand starts where the unrolled loop stopped,
    /// `for (x = 0; x + 1 < w; x += 2) ...; for (; x < w; x++) ...`, which after loop rotation
    /// is `phi [exit value, after the loop], [0, where the guard skipped it]`. `value` is a
    /// two-way phi whose immediate dominator ends in a conditional branch, each incoming edge
    /// on one side of it; the exit value reads the loop's SCEV at the enclosing scope.
    fn guarded_loop_exit(&self, value: ir::Value) -> Option<(ir::Value, (ir::Value, ir::Value))> {
        let incoming = ir::phi_incoming(value);
        let [(first, from_first), (second, _)] = incoming.as_slice() else { return None };
        let join = ir::block_of(value)?;
        let branch = self.analyses.immediate_dominator(join)?;
        let term = ir::terminator(branch);
        let succs = ir::successors(branch);
        if ir::opcode(term) != Some(LLVMOpcode::LLVMBr) || succs.len() != 2 || succs[0] == succs[1] {
            return None;
        }
        // One edge skips the loop, straight from the branch to the join; the other comes from
        // a block the branch's other successor dominates. (Two edges from blocks that each
        // successor dominates could still cross: one successor may lead to the other.)
        let skip = if succs[0] == join { 0 } else if succs[1] == join { 1 } else { return None };
        let into_loop = succs[1 - skip];
        let (first_skips, second_skips) = (*from_first == branch, incoming[1].1 == branch);
        if first_skips == second_skips {
            return None;
        }
        let (skipped, through, ran) = match first_skips {
            true => (*first, incoming[1].1, *second),
            false => (*second, *from_first, *first),
        };
        if !self.analyses.dominates(into_loop, through) {
            return None;
        }
        // Both values as they are at the join: a value of the skipped loop that SCEV cannot
        // carry out of it is not one.
        let at_join = |v: ir::Value| {
            self.analyses.scev(v).is_some_and(|s| !varies_outside(self.analyses.scev_at_scope(s, self.analyses.loop_for(join)), join))
        };
        if !at_join(ran) || !at_join(skipped) {
            return None;
        }
        // The select's arms, the branch's true side first.
        let arms = if skip == 0 { (skipped, ran) } else { (ran, skipped) };
        Some((ir::operand(term, 0), arms))
    }

    /// `select (c) p, q` that is `max(p, q)` or `min(p, q)` on the use's domain; `None` also
    /// where an arm is affine only on its own piece.
    fn min_or_max(&mut self, arms: (ir::Value, ir::Value), c: &str, scope: Option<Loop>) -> Result<Option<AffExpr>, NotAffine> {
        let (Ok(p), Ok(q)) = (self.value_affine(arms.0, scope), self.value_affine(arms.1, scope)) else {
            return Ok(None);
        };
        Ok(self.min_or_max_of(&p, &q, c))
    }

    /// `max(p, q)` or `min(p, q)` where that is `p` where `c` holds and `q` elsewhere.
    fn min_or_max_of(&self, p: &AffExpr, q: &AffExpr, c: &str) -> Option<AffExpr> {
        let (ps, qs) = (self.text(p), self.text(q));
        if self.holds(&[&format!("({c}) and {ps} < {qs}"), &format!("(not ({c})) and {qs} < {ps}")]) {
            return Some(p.maximum(q));
        }
        if self.holds(&[&format!("({c}) and {ps} > {qs}"), &format!("(not ({c})) and {qs} > {ps}")]) {
            return Some(p.minimum(q));
        }
        None
    }

    /// The arms of `select (c) p, q`, each read on its own piece of the use's domain.
    fn arms_on_pieces(&mut self, arms: (ir::Value, ir::Value), c: &str, scope: Option<Loop>) -> Result<Option<(AffExpr, AffExpr)>, NotAffine> {
        let Some(p) = self.on_piece(c, |a| a.value_affine(arms.0, scope))? else { return Ok(None) };
        let q = self.on_piece(&format!("not ({c})"), |a| a.value_affine(arms.1, scope))?;
        Ok(q.map(|q| (p, q)))
    }

    /// `select (c) p, q` whose arms, each read on its own piece of the use's domain, are one
    /// function on the whole domain: PolyMage's `isl_floord(n, d)`, `n < 0 ? -((-n + d - 1) /
    /// d) : n / d`, whose arms are `-floor((d - 1 - n) / d)` where `n < 0` and `floor(n / d)`
    /// where `n >= 0`, both `floor(n / d)` everywhere.
    fn one_function_on_pieces(&mut self, arms: (ir::Value, ir::Value), c: &str, scope: Option<Loop>) -> Result<Option<AffExpr>, NotAffine> {
        let Some((p, q)) = self.arms_on_pieces(arms, c, scope)? else { return Ok(None) };
        let (ps, qs) = (self.text(&p), self.text(&q));
        Ok(self.holds(&[&format!("{ps} < {qs}"), &format!("{ps} > {qs}")]).then_some(q))
    }

    /// `select (c) p, q` that is `max(p, q)` or `min(p, q)`, each arm read on its own piece:
    /// a loop's exit value `2 + 2 * floor((w - 2) / 2)`, an unsigned division that is floor
    /// division only where the loop runs (`w >= 2`), against 0 where it is skipped.
    fn min_or_max_on_pieces(&mut self, arms: (ir::Value, ir::Value), c: &str, scope: Option<Loop>) -> Result<Option<AffExpr>, NotAffine> {
        let Some((p, q)) = self.arms_on_pieces(arms, c, scope)? else { return Ok(None) };
        Ok(self.min_or_max_of(&p, &q, c))
    }

    /// A comparison used as a number, 1 where it holds and 0 elsewhere: instcombine writes
    /// `i < n - 1 ? i + 1 : i` as `i + zext(i < n - 1)`. For integers, `[l < r]` is exactly
    /// `min(max(r - l, 0), 1)`, `[l <= r]` is `[l < r + 1]`, `[l != r]` is `min(|l - r|, 1)`
    /// and `[l = r]` is `1 - [l != r]`; each `min` and `max` that the use's domain decides
    /// is dropped.
    fn indicator(&mut self, cmp: ir::Value, scope: Option<Loop>) -> Result<Option<AffExpr>, NotAffine> {
        let names = crate::domains::iterator_names(self.facts.as_ref().map_or(0, |f| f.depth));
        // Whether the comparison is affine, with the assumptions its signedness needs.
        self.comparison(cmp, scope, &names)?;
        let (l, r) = (self.value_affine(ir::operand(cmp, 0), scope)?, self.value_affine(ir::operand(cmp, 1), scope)?);
        let overflow = || NotAffine::of("overflow", cmp);
        let one = AffExpr::constant(1);
        use LLVMIntPredicate::*;
        let (positive, negated) = match ir::icmp_predicate(cmp) {
            LLVMIntSLT | LLVMIntULT => (r.sub(&l).ok_or_else(overflow)?, false),
            LLVMIntSLE | LLVMIntULE => (r.sub(&l).and_then(|d| d.add(&one)).ok_or_else(overflow)?, false),
            LLVMIntSGT | LLVMIntUGT => (l.sub(&r).ok_or_else(overflow)?, false),
            LLVMIntSGE | LLVMIntUGE => (l.sub(&r).and_then(|d| d.add(&one)).ok_or_else(overflow)?, false),
            predicate => {
                let d = l.sub(&r).ok_or_else(overflow)?;
                let distance = self.decided(d.maximum(&d.scale(-1).ok_or_else(overflow)?));
                (distance, predicate == LLVMIntEQ)
            }
        };
        let unequal = self.decided(self.decided(positive.maximum(&AffExpr::constant(0))).minimum(&one));
        match negated {
            true => one.sub(&unequal).ok_or_else(overflow).map(Some),
            false => Ok(Some(unequal)),
        }
    }

    /// `e`, a `min` or `max` of two expressions, as the one of them it is on the use's
    /// domain, if the domain decides; else `e` as it is.
    fn decided(&self, e: AffExpr) -> AffExpr {
        let ([(AffVar::Min(a, b) | AffVar::Max(a, b), 1)], 0) = (e.terms.as_slice(), e.constant) else { return e };
        let is_min = matches!(e.terms[0].0, AffVar::Min(..));
        let (at, bt) = (self.text(a), self.text(b));
        // Where a is not the value of a min (a > b) or of a max (a < b), and b.
        let (not_a, not_b) = match is_min {
            true => (format!("{at} > {bt}"), format!("{bt} > {at}")),
            false => (format!("{at} < {bt}"), format!("{bt} < {at}")),
        };
        if self.holds(&[&not_a]) {
            return (**a).clone();
        }
        if self.holds(&[&not_b]) {
            return (**b).clone();
        }
        e
    }

    /// `select (l < r) p, q` (any comparison) that is an arm clamped at a side of its
    /// condition, `min(v, w)` or `max(v, w)` with `v` an arm and `w` one of `l`, `r`, `l ± 1`,
    /// `r ± 1`, on the use's domain: C's `i + 1 < n ? i + 1 : i` is `min(i + 1, n - 1)` where
    /// `i < n`, and `i > 0 ? i - 1 : i` is `max(i - 1, 0)` where `i >= 0`.
    fn arm_clamped_at_condition(&mut self, arms: (ir::Value, ir::Value), cond: ir::Value, c: &str, scope: Option<Loop>) -> Result<Option<AffExpr>, NotAffine> {
        let arms = (self.value_affine(arms.0, scope), self.value_affine(arms.1, scope));
        let sides = (self.value_affine(ir::operand(cond, 0), scope), self.value_affine(ir::operand(cond, 1), scope));
        let ((Ok(p), Ok(q)), (Ok(l), Ok(r))) = (arms, sides) else { return Ok(None) };
        let (ps, qs) = (self.text(&p), self.text(&q));
        let bounds = [&l, &r].into_iter().flat_map(|side| [0, 1, -1].map(|k| side.add(&AffExpr::constant(k))));
        for w in bounds.flatten() {
            for v in [&p, &q] {
                for clamp in [v.minimum(&w), v.maximum(&w)] {
                    let e = self.text(&clamp);
                    if self.holds(&[&format!("({c}) and ({ps} < {e} or {ps} > {e})"), &format!("(not ({c})) and ({qs} < {e} or {qs} > {e})")]) {
                        return Ok(Some(clamp));
                    }
                }
            }
        }
        Ok(None)
    }

    /// `e` in isl's notation over the use's iterators and the parameters.
    fn text(&self, e: &AffExpr) -> String {
        let depth = self.facts.as_ref().map_or(0, |f| f.depth);
        e.display(&crate::domains::iterator_names(depth), &self.parameters.names()).to_string()
    }

    /// `read` with the use's domain restricted to where `piece` holds; `None` where isl cannot
    /// form that domain.
    fn on_piece(
        &mut self,
        piece: &str,
        read: impl FnOnce(&mut Self) -> Result<AffExpr, NotAffine>,
    ) -> Result<Option<AffExpr>, NotAffine> {
        let Some(facts) = &self.facts else { return Ok(None) };
        let text = self.use_set(piece);
        let restricted = facts
            .isl
            .union_set(&text)
            .and_then(|c| facts.isl.union_set(&facts.domain)?.intersect(c))
            .and_then(|d| d.to_isl_string());
        let Ok(restricted) = restricted else { return Ok(None) };
        let whole = std::mem::replace(&mut self.facts.as_mut().expect("checked above").domain, restricted);
        let result = read(self);
        self.facts.as_mut().expect("checked above").domain = whole;
        result.map(Some)
    }

    /// Integer division, remainder and masks by constants, exact for every sign:
    /// - `x >> k` is `floor(x / 2^k)`, `x & (2^k - 1)` is `x - 2^k * floor(x / 2^k)`;
    /// - `x / d` (C truncates towards zero) is `floor(x / d)` where x is non-negative on the
    ///   use's domain. A parameter expression (`R / 2` before the stages) that may be negative
    ///   is assumed not to be (checked at run time). Otherwise it is the truncation itself,
    ///   `min(ceil(x / d), max(floor(x / d), 0))` with `ceil(x / d) = -floor(-x / d)`: the
    ///   floor for x >= 0, the ceiling for x < 0;
    /// - `x % d` is `x - d * (x / d)` with the same quotient.
    fn division(&mut self, value: ir::Value, scope: Option<Loop>) -> Result<Option<AffExpr>, NotAffine> {
        let op = ir::opcode(value);
        let Some(by) = ir::const_int(ir::operand(value, 1)) else { return Ok(None) };
        // C truncates, so `x / -d` is `-(x / d)` and `x % -d` is `x % d` (instcombine writes
        // `-(a / d)` as `a / -d`).
        let negated = by < 0 && matches!(op, Some(LLVMOpcode::LLVMSDiv | LLVMOpcode::LLVMSRem));
        let by = if negated { by.checked_neg().unwrap_or(0) } else { by };
        let overflow = || NotAffine::of("overflow", value);
        let divisor = match op {
            Some(LLVMOpcode::LLVMAShr) if (1..31).contains(&by) => 1i64 << by,
            Some(LLVMOpcode::LLVMSDiv | LLVMOpcode::LLVMSRem) if by > 1 && by < (1 << 31) => by,
            Some(LLVMOpcode::LLVMAnd) if by > 0 && by < (1 << 30) && (by + 1).count_ones() == 1 => by + 1,
            _ => return Ok(None),
        };
        let x = self.value_affine(ir::operand(value, 0), scope)?;
        let floor = x.floor_div(divisor).ok_or_else(overflow)?;
        let quotient = match op {
            Some(LLVMOpcode::LLVMAShr) => return Ok(Some(floor)),
            Some(LLVMOpcode::LLVMAnd) => {
                return Ok(Some(x.sub(&floor.scale(divisor).ok_or_else(overflow)?).ok_or_else(overflow)?));
            }
            _ if self.non_negative(std::slice::from_ref(&x)) => floor,
            _ if !x.uses_iterators() && op == Some(LLVMOpcode::LLVMSDiv) => {
                if !self.assume_unsigned(&x, 63) {
                    return Ok(None);
                }
                floor
            }
            _ if self.facts.is_some() => {
                let ceil = x.scale(-1).and_then(|n| n.floor_div(divisor)).and_then(|f| f.scale(-1)).ok_or_else(overflow)?;
                ceil.minimum(&floor.maximum(&AffExpr::constant(0)))
            }
            _ => return Ok(None),
        };
        if op == Some(LLVMOpcode::LLVMSRem) {
            return Ok(Some(x.sub(&quotient.scale(divisor).ok_or_else(overflow)?).ok_or_else(overflow)?));
        }
        match negated {
            true => quotient.scale(-1).ok_or_else(overflow).map(Some),
            false => Ok(Some(quotient)),
        }
    }

    /// `ashr exact (shl x, k) + c * 2^k, k`, how instcombine writes `sext(trunc(x) + c)` when
    /// an `int` index is computed from a 64-bit counter (C++'s `in[x - 1]` with `int x`): the
    /// quotient `x + c` of an operand whose coefficients are all multiples of `2^k`. It is the
    /// value only if the 64-bit operand did not wrap, that is if `x + c` fits in `64 - k` signed
    /// bits on the use's domain: proven or assumed (checked at run time), as a sign extension.
    fn shifted_sign_extension(&mut self, value: ir::Value) -> Result<Option<AffExpr>, NotAffine> {
        if ir::opcode(value) != Some(LLVMOpcode::LLVMAShr) {
            return Ok(None);
        }
        let Some(k) = ir::const_int(ir::operand(value, 1)).filter(|k| (1..63).contains(k)) else { return Ok(None) };
        let scope = ir::block_of(value).and_then(|b| self.analyses.loop_for(b));
        let shifted = self.value_affine(ir::operand(value, 0), scope)?;
        let unit = 1i64 << k;
        if shifted.constant % unit != 0 || shifted.terms.iter().any(|(_, c)| c % unit != 0) {
            return Ok(None);
        }
        let quotient = shifted.floor_div(unit).ok_or(NotAffine::of("overflow", value))?;
        if !self.assume_fits(&quotient, 64 - k as u32) {
            return Err(NotAffine::of("sign extension of a shifted value that may wrap", value));
        }
        Ok(Some(quotient))
    }

    fn value_affine(&mut self, v: ir::Value, scope: Option<Loop>) -> Result<AffExpr, NotAffine> {
        let s = self.analyses.scev(v).ok_or(NotAffine::of("not an integer", v))?;
        let s = self.analyses.scev_at_scope(s, scope);
        self.affine(s)
    }

    /// Whether every constraint set is empty on the use's domain.
    fn holds(&self, empty: &[&str]) -> bool {
        let Some(facts) = &self.facts else { return false };
        // The domain's constraints, after its parameter list.
        let constraints = facts.domain.split_once('{').map_or("", |(_, body)| body);
        empty.iter().all(|c| {
            let known: String = self.parameters.known_in(&format!("{c} {constraints}")).iter().map(|k| format!(" and {k}")).collect();
            facts.isl.disjoint_texts(&self.use_set(&format!("({c}){known}")), &facts.domain).unwrap_or(false)
        })
    }

    /// `[params] -> { [i0, ...] : constraints }` over the use's iterators.
    fn use_set(&self, constraints: &str) -> String {
        let depth = self.facts.as_ref().map_or(0, |f| f.depth);
        let names = crate::domains::iterator_names(depth).join(", ");
        format!("[{}] -> {{ [{names}] : {constraints} }}", self.parameters.names().join(", "))
    }

    /// Whether the affine form `e` of the integer `v` is its signed value: `v` is 64 bits
    /// wide, does not wrap in signed terms (`<nsw>`, or not a recurrence or arithmetic), or
    /// fits on the use's domain, proven or assumed. A narrow recurrence known only not to wrap unsigned
    /// (`<nuw>`) can exceed the signed range.
    fn signed_values(&mut self, v: ir::Value, e: &AffExpr, scope: Option<Loop>) -> bool {
        let Some(s) = self.analyses.scev(v) else { return false };
        let s = self.analyses.scev_at_scope(s, scope);
        let bits = self.analyses.bits(s);
        // Fits where the domain shows it, or assumed so (checked at run time): `i / 2 + 1 < n`
        // of `int`s fits for every `n` its type allows, which the domain does not bound.
        bits >= 64 || s.no_signed_wrap() || !s.no_unsigned_wrap() || self.assume_fits(e, bits)
    }

    /// Whether `e` fits in `bits` signed bits on the use's domain: proven, or assumed (and
    /// recorded, for the run-time check) where the domain is known. Without a domain the
    /// value is not modeled.
    fn assume_fits(&mut self, e: &AffExpr, bits: u32) -> bool {
        if self.fits(e, bits) {
            return true;
        }
        self.assume(e, bits, false)
    }

    /// Assumes `e` fits in `bits` unsigned bits on the use's domain, where that is known.
    fn assume_unsigned(&mut self, e: &AffExpr, bits: u32) -> bool {
        self.assume(e, bits, true)
    }

    fn assume(&mut self, e: &AffExpr, bits: u32, unsigned: bool) -> bool {
        let Some(facts) = &self.facts else { return false };
        let assumption = NoWrap { domain: facts.domain.clone(), depth: facts.depth, value: e.clone(), bits, unsigned };
        self.parameters.no_wrap.push(assumption);
        true
    }

    /// Whether the polynomial `p` (over `atoms`) congruent to a `bits`-bit integer is its
    /// value on the use's domain: it fits in the type, signed, or unsigned for a zero
    /// extension. An affine `p` is proven or assumed as any value. Otherwise `p` is bounded
    /// (`polynomial_ends`) by two affine expressions, each assumed to fit (checked at run
    /// time): as Polly assumes no wrapping, through the parameters' bounds, `y * w + x` with
    /// `y < h, x < w` fits where `(h - 1) * w + x` does. What an abandoned attempt added
    /// to the parameters is forgotten.
    fn assume_polynomial_fits(&mut self, p: &Poly, atoms: &[AffExpr], bits: u32, extension: Extension) -> bool {
        let unsigned = matches!(extension, Extension::Zero);
        let fits = |aff: &mut Self, e: &AffExpr| match unsigned {
            true => aff.non_negative(std::slice::from_ref(e)) && aff.fits(e, bits + 1) || aff.assume_unsigned(e, bits),
            false => aff.assume_fits(e, bits),
        };
        if let Some(e) = p.to_affine(atoms) {
            return fits(self, &e);
        }
        let before = self.parameters.snapshot();
        let ends = self.polynomial_ends(p, atoms);
        let holds = ends.is_some_and(|(low, high)| fits(self, &low) && fits(self, &high));
        if !holds {
            self.parameters.restore(before);
        }
        holds
    }

    /// Two affine expressions between which the polynomial `p` lies on the use's domain.
    /// `p` is grouped by the parameter factors of its terms, `A + v1 * G1 + ...`, with each
    /// `G` a product of parameters (`w`, `w * h`) and each `v` affine in the iterators and atoms
    /// (`(max(i0, 1) - 1) * w`: `v` is `max(i0, 1) - 1`). `A` is exact; `v * G` with a
    /// constant `v` too (a product parameter `c * G`); otherwise `v` must be non-negative on
    /// the domain and the parameter factors are assumed non-negative, so that `v * G` lies
    /// between 0 and `V * G`, where `V` is an upper bound of `v` (`largest_on_domain`, such as
    /// `h - 1`; of `v` over its content: `3 * ((h - 1) * w)` for `v = 3 * i0`). Each product is a 64-bit product parameter, exact because its factors' type
    /// ranges keep it within `i64` (the parameter is `(h - 1) * w`, never the source's
    /// wrapping `h * w`). `None` for a term with two varying factors (`i * j`), a bound that is
    /// not affine, or factors of 64 bits.
    fn polynomial_ends(&mut self, p: &Poly, atoms: &[AffExpr]) -> Option<(AffExpr, AffExpr)> {
        let mut exact = AffExpr::constant(0);
        let mut groups: Vec<(Vec<AffExpr>, AffExpr)> = Vec::new();
        for (monomial, c) in &p.terms {
            let mut varying = AffExpr::constant(*c);
            let mut factors = Vec::new();
            for (var, power) in monomial {
                let e = match var {
                    PolyVar::Iter(k) => AffExpr::iter(*k),
                    PolyVar::Atom(k) => atoms[*k].clone(),
                    PolyVar::Param(k) => AffExpr::param(*k),
                    PolyVar::ParamAtom(k) => atoms[*k].clone(),
                };
                if matches!(var, PolyVar::Param(_) | PolyVar::ParamAtom(_)) {
                    factors.extend(std::iter::repeat(e).take(*power as usize));
                } else if *power == 1 && varying.terms.is_empty() {
                    varying = e.scale(*c)?;
                } else {
                    return None;
                }
            }
            if factors.is_empty() {
                exact = exact.add(&varying)?;
                continue;
            }
            match groups.iter_mut().find(|(g, _)| *g == factors) {
                Some((_, v)) => *v = v.add(&varying)?,
                None => groups.push((factors, varying)),
            }
        }
        let (mut low, mut high) = (exact.clone(), exact);
        for (mut factors, v) in groups {
            if let Some(c) = v.as_constant() {
                let term = match factors.len() {
                    1 => factors[0].scale(c)?,
                    _ => AffExpr::param(self.exact_product(factors)?).scale(c)?,
                };
                (low, high) = (low.add(&term)?, high.add(&term)?);
                continue;
            }
            if !self.non_negative(std::slice::from_ref(&v)) {
                return None;
            }
            for g in &factors {
                if !self.non_negative(std::slice::from_ref(g)) && !self.assume_unsigned(g, 63) {
                    return None;
                }
            }
            // The content of `v` stays a coefficient (`3 * i0` of interleaved channels): the
            // product parameter is then `(h - 1) * w`, within `i64` for `int` sizes.
            let content = v.terms.iter().fold(v.constant.abs(), |g, (_, c)| gcd(g, c.abs()));
            let primitive = AffExpr { constant: v.constant / content, terms: v.terms.iter().map(|(x, c)| (x.clone(), c / content)).collect() };
            factors.push(self.largest_on_domain(&primitive)?);
            high = high.add(&AffExpr::param(self.exact_product(factors)?).scale(content)?)?;
        }
        Some((low, high))
    }

    /// The 64-bit product parameter of `factors` (affine in parameters of at most 32 bits),
    /// where their type ranges keep the product within `i64`: computed with 64-bit
    /// arithmetic, it is then the exact product.
    fn exact_product(&mut self, factors: Vec<AffExpr>) -> Option<usize> {
        let range = factors.iter().try_fold((1i128, 1i128), |acc, g| {
            let (lo, hi) = self.parameter_range(g)?;
            let products = [acc.0 * lo, acc.0 * hi, acc.1 * lo, acc.1 * hi];
            Some((*products.iter().min()?, *products.iter().max()?))
        })?;
        if range.0 < i64::MIN as i128 || range.1 > i64::MAX as i128 {
            return None;
        }
        self.parameters.product_index(factors, 64)
    }

    /// An upper bound of `v` (iterators and parameters) on the use's domain, as an affine
    /// expression of the parameters: its largest value where isl finds it to be one affine
    /// piece (`h - 1` for `i0 < h`); for a clamp (`max(i0, 1)`, an atom of a border), the
    /// bounds of its arms combined (`max(h - 1, 1)`).
    fn largest_on_domain(&self, v: &AffExpr) -> Option<AffExpr> {
        let facts = self.facts.as_ref()?;
        let names = crate::domains::iterator_names(facts.depth);
        let params = self.parameters.names();
        let image = format!("[{}] -> {{ [{}] -> [{}] }}", params.join(", "), names.join(", "), v.display(&names, &params));
        if let Ok(Some(e)) = polyhedral::isl::affine_maximum(facts.isl, &facts.domain, &image, &params) {
            return Some(e);
        }
        let ([(clamp, 1)], constant) = (v.terms.as_slice(), v.constant) else { return None };
        let bound = match clamp {
            AffVar::Max(a, b) => self.largest_on_domain(a)?.maximum(&self.largest_on_domain(b)?),
            AffVar::Min(a, b) => match (self.largest_on_domain(a), self.largest_on_domain(b)) {
                (Some(x), Some(y)) => x.minimum(&y),
                (x, y) => x.or(y)?,
            },
            _ => return None,
        };
        bound.add(&AffExpr::constant(constant))
    }

    /// The values of an affine expression of the parameters their types allow (a 64-bit
    /// parameter none that is of use here: `None`).
    fn parameter_range(&self, e: &AffExpr) -> Option<(i128, i128)> {
        let (mut lo, mut hi) = (e.constant as i128, e.constant as i128);
        for (var, c) in &e.terms {
            let (low, high) = match var {
                AffVar::Param(k) => {
                    let bits = self.parameters.params[*k].ty.bits();
                    if bits >= 64 {
                        return None;
                    }
                    (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
                }
                AffVar::Max(a, b) | AffVar::Min(a, b) => {
                    let ((la, ha), (lb, hb)) = (self.parameter_range(a)?, self.parameter_range(b)?);
                    (la.min(lb), ha.max(hb))
                }
                _ => return None,
            };
            let c = *c as i128;
            let (a, b) = (c * low, c * high);
            (lo, hi) = (lo + a.min(b), hi + a.max(b));
        }
        Some((lo, hi))
    }

    /// Whether `e` fits in a signed integer of `bits` bits on the use's domain, given the
    /// ranges of the parameters' types (so that a sign extension after the truncation gives
    /// `e` back, and a zero extension too where `e` is non-negative).
    fn fits(&self, e: &AffExpr, bits: u32) -> bool {
        if bits >= 64 {
            return true;
        }
        let Some(facts) = &self.facts else { return false };
        let names = crate::domains::iterator_names(facts.depth);
        let params = self.parameters.names();
        let (low, high) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
        let outside = format!("{x} < {low} or {x} > {high}", x = e.display(&names, &params));
        self.holds(&[&outside])
    }

    /// Whether every expression is non-negative on the use's domain.
    fn non_negative(&self, exprs: &[AffExpr]) -> bool {
        let Some(facts) = &self.facts else { return false };
        let names = crate::domains::iterator_names(facts.depth);
        let params = self.parameters.names();
        exprs.iter().all(|e| {
            evidently_non_negative(e, facts.depth) || self.holds(&[&format!("{} < 0", e.display(&names, &params))])
        })
    }

    /// The affine constraint an integer comparison stands for, over `names`.
    pub fn comparison(&mut self, cmp: ir::Value, scope: Option<Loop>, names: &[String]) -> Result<String, NotAffine> {
        let (x, y) = (ir::operand(cmp, 0), ir::operand(cmp, 1));
        if ir::is_pointer(x) {
            return self.difference_comparison(cmp, scope, names);
        }
        if !ir::is_integer(x) {
            return Err(NotAffine::of("comparison of non-integers", cmp));
        }
        let equality = matches!(ir::icmp_predicate(cmp), LLVMIntPredicate::LLVMIntEQ | LLVMIntPredicate::LLVMIntNE);
        let (ex, ey) = match (self.value_affine(x, scope), self.value_affine(y, scope)) {
            (Ok(ex), Ok(ey)) => (ex, ey),
            // `i * C + 1 == i * C + C - 1` (a row's start and end, as instcombine compares two
            // addresses of one row): neither side is affine, their difference is.
            (Err(why), _) | (_, Err(why)) if equality => return self.difference_comparison(cmp, scope, names).map_err(|_| why),
            (Err(why), _) | (_, Err(why)) => return Err(why),
        };
        let signed = matches!(
            ir::icmp_predicate(cmp),
            LLVMIntPredicate::LLVMIntSLT | LLVMIntPredicate::LLVMIntSLE | LLVMIntPredicate::LLVMIntSGT | LLVMIntPredicate::LLVMIntSGE
        );
        if signed && !self.signed_values(x, &ex, scope) || signed && !self.signed_values(y, &ey, scope) {
            return Err(NotAffine::of("signed comparison of a narrow value that may wrap", cmp));
        }
        let params = self.parameters.names();
        let (ex, ey) = (ex.display(names, &params).to_string(), ey.display(names, &params).to_string());
        use LLVMIntPredicate::*;
        let op = match ir::icmp_predicate(cmp) {
            LLVMIntEQ => "=",
            LLVMIntNE => "!=",
            LLVMIntSLT => "<",
            LLVMIntSLE => "<=",
            LLVMIntSGT => ">",
            LLVMIntSGE => ">=",
            // Unsigned comparisons agree with signed ones on non-negative values: proven, or
            // assumed (checked at run time, as for a zero extension).
            LLVMIntULT | LLVMIntULE | LLVMIntUGT | LLVMIntUGE => {
                let sides = [self.value_affine(x, scope)?, self.value_affine(y, scope)?];
                let bits = ir::value_type(x).map_or(64, |t| t.bits());
                for side in &sides {
                    if !self.non_negative(std::slice::from_ref(side)) && !self.assume_unsigned(side, bits) {
                        return Err(NotAffine::of("unsigned comparison of possibly negative values", cmp));
                    }
                }
                match ir::icmp_predicate(cmp) {
                    LLVMIntULT => "<",
                    LLVMIntULE => "<=",
                    LLVMIntUGT => ">",
                    _ => ">=",
                }
            }
        };
        Ok(relation(&ex, op, &ey))
    }

    /// A condition that holds on every instance where the comparison `cmp` of 64-bit
    /// polynomials evaluates to `taken` (a superset of those instances), for a branch into an
    /// error path whose comparison is not affine: C++'s `v.at(y * w + x)` throws where `y * w
    /// + x >= v.size()`. The difference of the sides lies between two affine expressions on
    /// the use's domain (`polynomial_ends`: `(h - 1) * w` a product parameter), and the
    /// comparison can hold only where the bound on its side does; an unsigned comparison also
    /// where a side may be negative. Where no instance satisfies the result, none takes the
    /// branch: the assumption is stronger than needed, never weaker.
    pub fn comparison_superset(&mut self, cmp: ir::Value, taken: bool, names: &[String]) -> Result<String, NotAffine> {
        use LLVMIntPredicate::*;
        let (x, y) = (ir::operand(cmp, 0), ir::operand(cmp, 1));
        let wide = |v: ir::Value| ir::is_integer(v) && ir::value_type(v).is_some_and(|t| t.bits() == 64);
        if !wide(x) || !wide(y) {
            return Err(NotAffine::of("comparison of polynomials narrower than 64 bits", cmp));
        }
        let mut atoms = Vec::new();
        let px = self.polynomial_of_value(x, &mut atoms)?;
        let py = self.polynomial_of_value(y, &mut atoms)?;
        let unbounded = || NotAffine::of("comparison of polynomials without affine bounds on the domain", cmp);
        let (low_x, high_x) = self.polynomial_ends(&px, &atoms).ok_or_else(unbounded)?;
        let (low_y, high_y) = self.polynomial_ends(&py, &atoms).ok_or_else(unbounded)?;
        let overflow = || NotAffine::of("overflow", cmp);
        // The difference x - y lies between these two.
        let low = low_x.sub(&high_y).ok_or_else(overflow)?;
        let high = high_x.sub(&low_y).ok_or_else(overflow)?;
        let predicate = ir::icmp_predicate(cmp);
        // The predicate under which the branch is taken: `cmp`'s, or its negation.
        let taken_when = match (predicate, taken) {
            (p, true) => p,
            (LLVMIntSLT, false) => LLVMIntSGE,
            (LLVMIntSLE, false) => LLVMIntSGT,
            (LLVMIntSGT, false) => LLVMIntSLE,
            (LLVMIntSGE, false) => LLVMIntSLT,
            (LLVMIntULT, false) => LLVMIntUGE,
            (LLVMIntULE, false) => LLVMIntUGT,
            (LLVMIntUGT, false) => LLVMIntULE,
            (LLVMIntUGE, false) => LLVMIntULT,
            _ => return Err(NotAffine::of("equality of polynomials", cmp)),
        };
        let params = self.parameters.names();
        let show = |e: &AffExpr| e.display(names, &params).to_string();
        let mut possible = vec![match taken_when {
            LLVMIntSLT | LLVMIntULT => format!("{} < 0", show(&low)),
            LLVMIntSLE | LLVMIntULE => format!("{} <= 0", show(&low)),
            LLVMIntSGT | LLVMIntUGT => format!("{} > 0", show(&high)),
            _ => format!("{} >= 0", show(&high)),
        }];
        if matches!(taken_when, LLVMIntULT | LLVMIntULE | LLVMIntUGT | LLVMIntUGE) {
            possible.push(format!("{} < 0", show(&low_x)));
            possible.push(format!("{} < 0", show(&low_y)));
        }
        Ok(possible.iter().map(|c| format!("({c})")).collect::<Vec<_>>().join(" or "))
    }

    /// A comparison read as the difference of its sides against 0, where SCEV computes it:
    /// two pointers into one object (`p != end` of a loop walking an array by pointer, C++'s
    /// `it != v.end()`; SCEV subtracts addresses of one base only), whose unsigned comparisons
    /// are those of the difference (addresses of one object do not wrap); and integers, for
    /// equality only (the difference may wrap where an order would change).
    fn difference_comparison(&mut self, cmp: ir::Value, scope: Option<Loop>, names: &[String]) -> Result<String, NotAffine> {
        let (x, y) = (ir::operand(cmp, 0), ir::operand(cmp, 1));
        let pointers = ir::is_pointer(x);
        let scev = |v| self.analyses.scev(v).map(|s| self.analyses.scev_at_scope(s, scope));
        let difference = match (scev(x), scev(y)) {
            (Some(sx), Some(sy)) => self.analyses.minus(sx, sy).filter(|d| !d.is_could_not_compute()),
            _ => None,
        };
        let Some(difference) = difference else {
            let what = if pointers { "comparison of pointers that may point into different objects" } else { "comparison of values that are not affine" };
            return Err(NotAffine::of(what, cmp));
        };
        let d = self.affine(difference)?;
        use LLVMIntPredicate::*;
        let op = match ir::icmp_predicate(cmp) {
            LLVMIntEQ => "=",
            LLVMIntNE => "!=",
            LLVMIntULT if pointers => "<",
            LLVMIntULE if pointers => "<=",
            LLVMIntUGT if pointers => ">",
            LLVMIntUGE if pointers => ">=",
            _ => return Err(NotAffine::of("ordered comparison of a difference", cmp)),
        };
        Ok(relation(&d.display(names, &self.parameters.names()).to_string(), op, "0"))
    }

    fn add_recurrence(&mut self, scev: Scev) -> Result<AffExpr, NotAffine> {
        let value = self.recurrence_value(scev)?;
        // A recurrence of a narrow type (`char`, `short`, `int`, or a counter truncated by
        // `& 255`) is `start + step * i` only while it does not wrap: known (`<nsw>`,
        // `<nuw>`) or proven on the use's domain.
        let bits = self.analyses.bits(scev);
        if bits < 64 && !scev.no_signed_wrap() && !scev.no_unsigned_wrap() && !self.fits(&value, bits) {
            // At most `MODULAR_BITS` bits (`(i & 1) == 0` tested on SCEV's `i1` recurrence
            // `{trunc s,+,true}`): the exact signed remainder, as for small truncations.
            if bits <= MODULAR_BITS {
                return signed_remainder(&value, bits).ok_or(NotAffine::at("overflow", scev));
            }
            if !self.assume_fits(&value, bits) {
                return Err(NotAffine::at("recurrence of a narrow type that may wrap", scev));
            }
        }
        Ok(value)
    }

    /// The extension of a recurrence of at most [`MODULAR_BITS`] bits that may wrap on the
    /// use's domain, exactly: `x & 1` with a counter `x` reaches SCEV as `zext` of the
    /// counter truncated to `i1`, a recurrence `{-1,+,-1}<i1>` that wraps at every iteration.
    /// Its value is `start + step * i` modulo `2^bits` (wrapping arithmetic is modular): the
    /// zero extension is `e mod 2^bits`, the sign extension `(e + 2^(bits-1)) mod 2^bits -
    /// 2^(bits-1)`. `None` where it is not such a recurrence, or it provably fits (the plain
    /// form is simpler).
    fn wrapping_recurrence(&mut self, narrow: Scev, extension: Extension) -> Result<Option<AffExpr>, NotAffine> {
        let bits = self.analyses.bits(narrow);
        if narrow.kind() != ScevKind::AddRec || bits > MODULAR_BITS || narrow.no_signed_wrap() || narrow.no_unsigned_wrap() {
            return Ok(None);
        }
        let value = self.recurrence_value(narrow)?;
        self.modular_extension(&value, bits, extension, narrow)
    }

    /// The `extension` of the `bits`-bit integer congruent to `value`: `None` where `value`
    /// provably fits (the extension is then the identity, and the plain form simpler), else
    /// exactly `value mod 2^bits` (zero) or `(value + 2^(bits-1)) mod 2^bits - 2^(bits-1)`
    /// (sign).
    fn modular_extension(&self, value: &AffExpr, bits: u32, extension: Extension, at: Scev) -> Result<Option<AffExpr>, NotAffine> {
        let fits = match extension {
            Extension::Sign => self.fits(value, bits),
            Extension::Zero => self.non_negative(std::slice::from_ref(value)) && self.fits(value, bits + 1),
        };
        if fits {
            return Ok(None);
        }
        let exact = match extension {
            Extension::Zero => unsigned_remainder(value, bits),
            Extension::Sign => signed_remainder(value, bits),
        };
        exact.map(Some).ok_or(NotAffine::at("overflow", at))
    }

    /// The extension of a truncation to at most [`MODULAR_BITS`] bits of a value that may
    /// not fit (`zext(trunc x to i1)`, SCEV's `x & 1`), or of arithmetic in that width on
    /// such values (`zext(1 + trunc x to i1)`, SCEV's `!(x & 1)`): exactly `x mod 2^bits`
    /// (zero) or its signed counterpart, as Polly models small truncations by a modulo rather
    /// than by an assumption. The narrow value's affine form is congruent to it modulo
    /// `2^bits` (`congruent`), so its remainder is the value. `None` where the value fits
    /// (the extension is then the identity), for other forms, or for a larger width.
    fn small_truncation(&mut self, narrow: Scev, extension: Extension) -> Result<Option<AffExpr>, NotAffine> {
        let bits = self.analyses.bits(narrow);
        let arithmetic = matches!(narrow.kind(), ScevKind::Add | ScevKind::Mul);
        if !(narrow.kind() == ScevKind::Trunc || arithmetic && congruent(narrow)) || bits > MODULAR_BITS {
            return Ok(None);
        }
        let value = if arithmetic { self.affine(narrow)? } else { self.affine(narrow.operands()[0])? };
        self.modular_extension(&value, bits, extension, narrow)
    }

    /// `start + step * i` of a recurrence `{start,+,step}`, whatever its type's width.
    fn recurrence_value(&mut self, scev: Scev) -> Result<AffExpr, NotAffine> {
        let ops = scev.operands();
        if ops.len() != 2 {
            return Err(NotAffine::at("non-linear recurrence", scev));
        }
        let lp: Loop = scev.addrec_loop().ok_or(NotAffine::at("recurrence without loop", scev))?;
        let iteration = match self.region.loop_depth(lp) {
            Some(depth) => AffExpr::iter(depth),
            None => self.outer_iteration(lp, scev)?,
        };
        let start = self.affine(ops[0])?;
        let iter = match ops[1].constant() {
            Some(step) => iteration.scale(step).ok_or(NotAffine::at("overflow", scev))?,
            None => self.outer_product(scev, ops[1], iteration)?,
        };
        start.add(&iter).ok_or(NotAffine::at("overflow", scev))
    }

    /// `step * iteration` for a recurrence `{s,+,step}` of a loop around the region whose
    /// step is region-invariant but not constant (`{0,+,2 * w}` of `p[2 * i * w + j]` in an
    /// inner nest): both are parameters there, and their product is one, as Polly makes a
    /// parameter of the outer recurrence (taken in the recurrence's type, as it wraps).
    fn outer_product(&mut self, scev: Scev, step: Scev, iteration: AffExpr) -> Result<AffExpr, NotAffine> {
        let not_constant = || NotAffine::at("non-constant step", scev);
        if !self.products || iteration.uses_iterators() || self.varies_in_region(step) {
            return Err(not_constant());
        }
        let step = self.affine(step)?;
        if step.uses_iterators() {
            return Err(not_constant());
        }
        let k = self
            .parameters
            .product_index(vec![step, iteration], self.analyses.bits(scev))
            .ok_or(NotAffine::at("product of an unusual width", scev))?;
        Ok(AffExpr::param(k))
    }
}

impl Affinator<'_> {
    /// The iteration number of `lp`, a loop around the region (a loop nest inside an outer
    /// loop): it does not change while the region runs, as in Polly, where outer induction
    /// variables are parameters of an inner SCoP. It is the loop's canonical induction
    /// variable `{0,+,1}<lp>` as a (non-negative) parameter, or else `(P - s) / c` for a
    /// header phi `P = {s,+,c}<lp>` that does not wrap, with `P` the parameter: `P - s` is
    /// `c` times the iteration exactly, so the floor division is exact (`±(P - s)` for a
    /// step of ±1; a counter `i -= 3` is `floor((s - P) / 3)`).
    fn outer_iteration(&mut self, lp: Loop, scev: Scev) -> Result<AffExpr, NotAffine> {
        let around = NotAffine::at("recurrence of a loop around the region", scev);
        if !lp.contains(self.region.entry) {
            return Err(around);
        }
        let phis: Vec<ir::Value> = ir::instructions(lp.header()).into_iter().take_while(|i| ir::is_phi(*i)).collect();
        let unit_step = |s: &Scev| s.kind() == ScevKind::AddRec && s.addrec_loop() == Some(lp) && s.operands().len() == 2;
        let canonical = phis.iter().copied().find(|phi| {
            self.analyses.scev(*phi).is_some_and(|s| unit_step(&s) && s.operands().iter().map(|o| o.constant()).eq([Some(0), Some(1)]))
        });
        if let Some(iv) = canonical {
            let k = self.parameters.index_of(self.function, iv);
            if !self.parameters.outer_iterations.contains(&k) {
                self.parameters.outer_iterations.push(k);
            }
            return Ok(AffExpr::param(k));
        }
        for phi in phis {
            let Some(s) = self.analyses.scev(phi).filter(|s| unit_step(s)) else { continue };
            let ops = s.operands();
            let Some(step) = ops[1].constant().filter(|c| *c != 0 && *c != i64::MIN) else { continue };
            let exact = self.analyses.bits(s) == 64 || s.no_signed_wrap() || s.no_unsigned_wrap();
            let Ok(start) = self.affine(ops[0]) else { continue };
            if !exact {
                continue;
            }
            let p = AffExpr::param(self.parameters.index_of(self.function, phi));
            let overflow = || NotAffine::at("overflow", scev);
            let offset = p.sub(&start).ok_or_else(overflow)?.scale(step.signum()).ok_or_else(overflow)?;
            return offset.floor_div(step.abs()).ok_or_else(overflow);
        }
        Err(NotAffine::at("recurrence of a loop around the region without an induction variable of step 1", scev))
    }
}

/// Whether the affine form of `scev` is congruent to its value modulo `2^bits` of its type
/// wherever its assumptions hold: sums, constant multiples and products (taken with wrapping,
/// `Affinator::product`) of such forms, recurrences of them, truncations (an exact remainder
/// or the identity on a value that fits), extensions, constants and parameters (their values).
/// Minimum, maximum and division are not: they need the narrow value itself.
fn congruent(scev: Scev) -> bool {
    match scev.kind() {
        ScevKind::Constant | ScevKind::Unknown | ScevKind::Trunc | ScevKind::SExt | ScevKind::ZExt | ScevKind::PtrToInt => true,
        ScevKind::Add | ScevKind::Mul | ScevKind::AddRec => scev.operands().into_iter().all(congruent),
        _ => false,
    }
}

/// `p` with each coefficient replaced by its signed residue modulo `2^bits`: congruent to
/// `p` modulo `2^bits` at every point, which is all that the low `bits` bits depend on.
fn signed_residues(p: &Poly, bits: u32) -> Poly {
    let (modulus, half) = (1i128 << bits, 1i128 << (bits - 1));
    let terms = p.terms.iter().map(|(m, c)| (m.clone(), ((*c as i128 + half).rem_euclid(modulus) - half) as i64));
    Poly { terms: terms.filter(|(_, c)| *c != 0).collect() }
}

/// Whether the extension of the narrow SCEV `narrow` may differ from its polynomial: arithmetic
/// SCEV does not know to be free of signed wrapping. Other SCEVs are read exactly or under
/// their own assumptions.
fn may_wrap(narrow: Scev) -> bool {
    matches!(narrow.kind(), ScevKind::Add | ScevKind::Mul | ScevKind::AddRec) && !narrow.no_signed_wrap()
}

/// Whether `e` is non-negative on any domain of `depth` iterators, without isl: every
/// domain counts its iterators from 0 (`domains::loop_bounds`), so a non-negative constant
/// plus non-negative multiples of iterators, and floors of such sums, are. This answers the
/// extensions of counters, the most common question, at no isl cost (compile time, issue 20).
fn evidently_non_negative(e: &AffExpr, depth: usize) -> bool {
    e.constant >= 0
        && e.terms.iter().all(|(v, c)| {
            *c >= 0
                && match v {
                    AffVar::Iter(k) => *k < depth,
                    AffVar::FloorDiv(inner, _) => evidently_non_negative(inner, depth),
                    _ => false,
                }
        })
}

/// The value of the `bits`-bit unsigned integer congruent to `e`: `e mod 2^bits`.
fn unsigned_remainder(e: &AffExpr, bits: u32) -> Option<AffExpr> {
    let modulus = 1i64 << bits;
    e.sub(&e.floor_div(modulus)?.scale(modulus)?)
}

/// The value of the `bits`-bit two's complement integer congruent to `e`:
/// `((e + 2^(bits-1)) mod 2^bits) - 2^(bits-1)`.
fn signed_remainder(e: &AffExpr, bits: u32) -> Option<AffExpr> {
    let half = AffExpr::constant(1i64 << (bits - 1));
    unsigned_remainder(&e.add(&half)?, bits)?.sub(&half)
}

/// A piecewise or quasi-affine sub-expression as a variable of a polynomial: the same
/// expression is the same variable. One that uses iterators (a clamped row) is an `Atom`,
/// multiplied by a size like an iterator; one of parameters only (`floor(R / 2)`, the rows
/// of a pyramid level) is a `ParamAtom`, a factor of sizes like a parameter.
///
/// A parameter atom keeps only its primitive part and returns its integer content as a
/// coefficient: `GY*GZ` with a constant `GZ = 16` reaches here as `32 + 16*floor((R-1)/8)`,
/// and only as `16 * (2 + floor((R-1)/8))` is it a multiple of the size `GY` that the
/// other strides of the array are written with (bilateral grid, issue 14).
fn atom(e: AffExpr, atoms: &mut Vec<AffExpr>) -> Poly {
    if !e.uses_iterators() {
        let content = e.terms.iter().fold(e.constant.abs(), |g, (_, c)| gcd(g, c.abs()));
        if content > 1 {
            if let Some(scaled) = e.floor_div(content).and_then(|p| atom_index(p, atoms).scale(content)) {
                return scaled;
            }
        }
    }
    atom_index(e, atoms)
}

pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn atom_index(e: AffExpr, atoms: &mut Vec<AffExpr>) -> Poly {
    let k = atoms.iter().position(|a| *a == e).unwrap_or_else(|| {
        atoms.push(e.clone());
        atoms.len() - 1
    });
    Poly::var(if e.uses_iterators() { PolyVar::Atom(k) } else { PolyVar::ParamAtom(k) })
}

/// An affine expression without divisions or min/max as a polynomial.
fn affine_to_poly(e: &AffExpr) -> Option<Poly> {
    let mut p = Poly::constant(e.constant);
    for (v, c) in &e.terms {
        let var = match v {
            AffVar::Iter(k) => PolyVar::Iter(*k),
            AffVar::Param(k) => PolyVar::Param(*k),
            _ => return None,
        };
        p = p.add(&Poly::var(var).scale(*c)?)?;
    }
    Some(p)
}

/// The isl constraint `lhs op rhs`; `!=` as the union of the two strict orders.
fn relation(lhs: &str, op: &str, rhs: &str) -> String {
    match op {
        "!=" => format!("({lhs} < {rhs}) or ({lhs} > {rhs})"),
        op => format!("{lhs} {op} {rhs}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two named parameters `n` and `m`, values that stand for no LLVM value (never read
    /// here: only their names and types matter).
    fn n_and_m() -> Parameters {
        let mut p = Parameters::default();
        for name in ["n", "m"] {
            p.values.push(ParameterValue::Value(std::ptr::null_mut()));
            p.params.push(Parameter::new(name, ScalarType::I32));
        }
        p
    }

    #[test]
    fn a_product_is_one_parameter_whatever_the_order_of_its_factors() {
        let mut p = n_and_m();
        let (n, m) = (AffExpr::param(0), AffExpr::param(1));
        let first = p.product_index(vec![n.clone(), m.clone()], 32).unwrap();
        let again = p.product_index(vec![m.clone(), n.clone()], 32).unwrap();
        assert_eq!(first, again);
        assert_eq!(p.params[first].name, "P0");
        assert_eq!(p.params[first].ty, ScalarType::I32);
        // The same factors in another width are another value (another modulus).
        let wide = p.product_index(vec![n, m], 64).unwrap();
        assert_ne!(wide, first);
        assert_eq!(p.params[wide].name, "P1");
    }

    #[test]
    fn a_product_of_an_unusual_width_is_no_parameter() {
        let mut p = n_and_m();
        assert_eq!(p.product_index(vec![AffExpr::param(0), AffExpr::param(1)], 3), None);
        assert_eq!(p.params.len(), 2);
    }

    #[test]
    fn definitions_show_sums_in_parentheses() {
        let mut p = n_and_m();
        let n_plus_2 = AffExpr::param(0).add(&AffExpr::constant(2)).unwrap();
        p.product_index(vec![n_plus_2, AffExpr::param(1)], 64).unwrap();
        assert_eq!(definitions(&p.values, &p.names()), vec!["P0 = m * (n + 2) (i64)".to_string()]);
    }

    #[test]
    fn restore_forgets_what_an_abandoned_reading_added() {
        let mut p = n_and_m();
        let before = p.snapshot();
        p.product_index(vec![AffExpr::param(0), AffExpr::param(1)], 64).unwrap();
        p.outer_iterations.push(2);
        p.restore(before);
        assert_eq!(p.params.len(), 2);
        assert!(p.outer_iterations.is_empty());
    }
}
