//! Translates ScalarEvolution expressions into affine expressions of the model.
//!
//! An add recurrence `{start,+,step}<L>` of a loop `L` inside the region becomes
//! `start + step * i_k`, where `i_k` is the normalized iterator (0, 1, 2, ...) of `L` at depth
//! `k` in the region, as in Polly. Region-invariant integer values become parameters; `smin`
//! and `smax` stay as `min`/`max` (piecewise affine); sign extensions are transparent (a
//! signed `int` induction variable does not wrap in a C program without undefined behaviour).
//! Everything else (products of two unknowns, values computed inside the region, unsigned
//! division, truncation) is not affine: the caller turns that into a reject reason.

use crate::bridge::{Analyses, Loop, Scev, ScevKind};
use crate::ir;
use crate::region::Region;
use polyhedral::affine::AffExpr;
use polyhedral::delinearization::{Poly, PolyVar};
use polyhedral::model::{Parameter, ScalarType};

/// The parameters found so far in a region, with the values they stand for.
#[derive(Default)]
pub struct Parameters {
    pub values: Vec<ir::Value>,
    pub params: Vec<Parameter>,
}

impl Parameters {
    /// The index of the parameter for `value`, adding it if new.
    pub fn index_of(&mut self, function: ir::Value, value: ir::Value) -> usize {
        if let Some(k) = self.values.iter().position(|v| *v == value) {
            return k;
        }
        let base = crate::bridge::debug_name(function, value)
            .or_else(|| Some(ir::name(value)).filter(|n| !n.is_empty()))
            .unwrap_or_else(|| format!("p{}", self.values.len()));
        let mut name = sanitize(&base);
        // Iterators are named i0, i1, ...: never let a parameter take such a name.
        if is_iterator_name(&name) || self.params.iter().any(|p| p.name == name) {
            name = format!("p_{name}");
        }
        while self.params.iter().any(|p| p.name == name) {
            name.push('_');
        }
        let ty = ir::value_type(value).unwrap_or(ScalarType::I64);
        self.values.push(value);
        self.params.push(Parameter { name, ty });
        self.values.len() - 1
    }

    pub fn names(&self) -> Vec<String> {
        self.params.iter().map(|p| p.name.clone()).collect()
    }
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

/// Why a SCEV is not affine; the message is only formatted when shown (printing a SCEV or
/// a value numbers the whole function).
#[derive(Clone, Copy, Debug)]
pub struct NotAffine {
    pub reason: &'static str,
    scev: Option<Scev>,
    value: Option<ir::Value>,
}

impl NotAffine {
    fn at(reason: &'static str, scev: Scev) -> Self {
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

/// Translates SCEVs of one region.
pub struct Affinator<'a> {
    pub analyses: Analyses,
    pub function: ir::Value,
    pub region: &'a Region,
    pub parameters: &'a mut Parameters,
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
                let mut rest: Option<AffExpr> = None;
                for op in scev.operands() {
                    if let Some(c) = op.constant() {
                        factor = factor.checked_mul(c).ok_or(NotAffine::at("overflow", scev))?;
                    } else if rest.is_none() {
                        rest = Some(self.affine(op)?);
                    } else {
                        return Err(NotAffine::at("product of non-constant values", scev));
                    }
                }
                let rest = rest.unwrap_or_else(|| AffExpr::constant(1));
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
            ScevKind::SExt | ScevKind::PtrToInt => self.affine(scev.operands()[0]),
            ScevKind::ZExt => {
                let inner = scev.operands()[0];
                match inner.constant() {
                    Some(c) if c >= 0 => Ok(AffExpr::constant(c)),
                    _ => Err(NotAffine::at("zero extension of a possibly negative value", scev)),
                }
            }
            ScevKind::UMax | ScevKind::UMin | ScevKind::SequentialUMin => {
                Err(NotAffine::at("unsigned minimum or maximum", scev))
            }
            ScevKind::Trunc => Err(NotAffine::at("truncation", scev)),
            ScevKind::UDiv => Err(NotAffine::at("unsigned division", scev)),
            ScevKind::CouldNotCompute => Err(NotAffine::at("value could not be computed", scev)),
        }
    }

    /// The polynomial form of an address offset: like `affine`, but products of parameters
    /// and iterators are kept (for delinearization), and every piecewise-affine
    /// sub-expression (`smin`, `smax`) becomes an atom, appended to `atoms`.
    pub fn polynomial(&mut self, scev: Scev, atoms: &mut Vec<AffExpr>) -> Result<Poly, NotAffine> {
        let overflow = || NotAffine::at("overflow", scev);
        match scev.kind() {
            ScevKind::Add | ScevKind::Mul => {
                let mut acc: Option<Poly> = None;
                for op in scev.operands() {
                    let p = self.polynomial(op, atoms)?;
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
                let depth = self
                    .region
                    .loop_depth(lp)
                    .ok_or(NotAffine::at("recurrence of a loop around the region", scev))?;
                if ops.len() != 2 {
                    return Err(NotAffine::at("non-linear recurrence", scev));
                }
                let start = self.polynomial(ops[0], atoms)?;
                let step = self.polynomial(ops[1], atoms)?;
                let iter = Poly::var(PolyVar::Iter(depth));
                start.add(&step.mul(&iter).ok_or_else(overflow)?).ok_or_else(overflow)
            }
            ScevKind::SExt | ScevKind::PtrToInt => self.polynomial(scev.operands()[0], atoms),
            ScevKind::SMax | ScevKind::SMin => {
                let e = self.affine(scev)?;
                if let Some(c) = e.as_constant() {
                    return Ok(Poly::constant(c));
                }
                atoms.push(e);
                Ok(Poly::var(PolyVar::Atom(atoms.len() - 1)))
            }
            _ => {
                let e = self.affine(scev)?;
                affine_to_poly(&e).ok_or(NotAffine::at("piecewise expression", scev))
            }
        }
    }

    fn unknown(&mut self, scev: Scev) -> Result<AffExpr, NotAffine> {
        let value = scev.unknown_value().ok_or(NotAffine::at("unknown SCEV", scev))?;
        if !ir::is_integer(value) {
            return Err(NotAffine::of("non-integer value", value));
        }
        if let Some(c) = ir::const_int(value) {
            return Ok(AffExpr::constant(c));
        }
        if self.region.defines(value) {
            return Err(NotAffine::of("value computed inside the region", value));
        }
        Ok(AffExpr::param(self.parameters.index_of(self.function, value)))
    }

    fn add_recurrence(&mut self, scev: Scev) -> Result<AffExpr, NotAffine> {
        let ops = scev.operands();
        if ops.len() != 2 {
            return Err(NotAffine::at("non-linear recurrence", scev));
        }
        let lp: Loop = scev.addrec_loop().ok_or(NotAffine::at("recurrence without loop", scev))?;
        let Some(depth) = self.region.loop_depth(lp) else {
            return Err(NotAffine::at("recurrence of a loop around the region", scev));
        };
        let start = self.affine(ops[0])?;
        let step = ops[1].constant().ok_or(NotAffine::at("non-constant step", scev))?;
        let iter = AffExpr::iter(depth).scale(step).ok_or(NotAffine::at("overflow", scev))?;
        start.add(&iter).ok_or(NotAffine::at("overflow", scev))
    }
}

/// An affine expression without divisions or min/max as a polynomial.
fn affine_to_poly(e: &AffExpr) -> Option<Poly> {
    use polyhedral::affine::AffVar;
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
