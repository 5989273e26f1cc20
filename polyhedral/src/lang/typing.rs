//! Types of value expressions and the C-like conversions of the textual SCoP language.
//!
//! The rules are C's "usual arithmetic conversions" for the four element types, so that a C
//! program and its transcription compute bit-identical results (see `lang` for the list).

use crate::model::{CastOp, ComparePredicate, Constant, Expr, Scop, ScalarType};

/// The type of `expr` in `scop` (iterators and parameters are `i64`, comparisons `i1`).
pub fn expr_type(scop: &Scop, expr: &Expr) -> ScalarType {
    match expr {
        Expr::Constant(c) => c.ty(),
        Expr::Read(access) => scop.arrays.get(access.array).map(|a| a.element).unwrap_or(ScalarType::I64),
        Expr::Iterator(_) => ScalarType::I64,
        Expr::Parameter(k) => scop.params.get(*k).map(|p| p.ty).unwrap_or(ScalarType::I64),
        Expr::External(k) => scop.externals.get(*k).map(|e| e.ty).unwrap_or(ScalarType::I64),
        Expr::Unary(_, a) => expr_type(scop, a),
        Expr::Binary(_, a, _, _) => expr_type(scop, a),
        Expr::Compare(..) => ScalarType::I1,
        Expr::Select(_, a, _) => expr_type(scop, a),
        Expr::Cast(_, ty, _) | Expr::Call(_, ty, _) => *ty,
    }
}

/// The type both operands of a binary arithmetic operator are converted to: the wider float
/// type if either is a float, else the wider integer type but at least `i32` (C's integer
/// promotion).
pub fn common_type(a: ScalarType, b: ScalarType) -> ScalarType {
    use ScalarType::*;
    if a == F64 || b == F64 {
        return F64;
    }
    if a == F32 || b == F32 {
        return F32;
    }
    if a == I64 || b == I64 {
        I64
    } else {
        I32
    }
}

/// The integer type C promotes `ty` to before arithmetic (`i1`, `i8`, `i16` become `i32`).
pub fn promoted(ty: ScalarType) -> ScalarType {
    if ty.is_float() || ty.bits() >= 32 {
        ty
    } else {
        ScalarType::I32
    }
}

/// Wraps `value` into `ty`'s width, sign-extended (the canonical integer representation).
pub fn wrap_int(value: i64, ty: ScalarType) -> i64 {
    match ty.bits() {
        64 => value,
        bits => {
            let shift = 64 - bits;
            (value << shift) >> shift
        }
    }
}

/// The cast C applies to convert a value of type `from` to `to`, if any.
pub fn conversion(from: ScalarType, to: ScalarType) -> Option<CastOp> {
    if from == to {
        return None;
    }
    Some(match (from.is_float(), to.is_float()) {
        (true, true) if to.bits() > from.bits() => CastOp::FPExt,
        (true, true) => CastOp::FPTrunc,
        (true, false) => CastOp::FPToSI,
        (false, true) => CastOp::SIToFP,
        (false, false) if to.bits() < from.bits() => CastOp::Trunc,
        (false, false) if from == ScalarType::I1 => CastOp::ZExt,
        (false, false) => CastOp::SExt,
    })
}

/// Converts `expr` of type `from` to `to` as C does; constants are folded exactly as a C
/// compiler folds them (integer to float rounds to nearest, float to float rounds once).
pub fn convert(expr: Expr, from: ScalarType, to: ScalarType) -> Expr {
    if from == to {
        return expr;
    }
    if let Expr::Constant(c) = &expr {
        if let Some(folded) = fold_conversion(*c, to) {
            return Expr::Constant(folded);
        }
    }
    if from == ScalarType::I1 && to.is_float() {
        // C converts a truth value (an `int` 0 or 1) to float; `sitofp i1` would give -1.
        let widened = Expr::Cast(CastOp::ZExt, ScalarType::I32, Box::new(expr));
        return Expr::Cast(CastOp::SIToFP, to, Box::new(widened));
    }
    match conversion(from, to) {
        Some(op) => Expr::Cast(op, to, Box::new(expr)),
        None => expr,
    }
}

fn fold_conversion(c: Constant, to: ScalarType) -> Option<Constant> {
    Some(match (c, to.is_float()) {
        (Constant::Int(v, from), true) => {
            let v = if from == ScalarType::I1 { v & 1 } else { v };
            Constant::Float(if to == ScalarType::F32 { v as f32 as f64 } else { v as f64 }, to)
        }
        (Constant::Int(v, from), false) => {
            let v = if from == ScalarType::I1 { v & 1 } else { v };
            Constant::Int(wrap_int(v, to), to)
        }
        (Constant::Float(v, _), true) => Constant::Float(if to == ScalarType::F32 { v as f32 as f64 } else { v }, to),
        (Constant::Float(..), false) => return None,
    })
}

/// `expr != 0` as C tests a scalar for truth; `i1` values are returned unchanged.
pub fn truth(expr: Expr, ty: ScalarType) -> Expr {
    match ty {
        ScalarType::I1 => expr,
        t if t.is_float() => Expr::Compare(
            ComparePredicate::FUne,
            Box::new(expr),
            Box::new(Expr::Constant(Constant::Float(0.0, t))),
        ),
        t => Expr::Compare(ComparePredicate::Ne, Box::new(expr), Box::new(Expr::Constant(Constant::Int(0, t)))),
    }
}

/// Names of comparison predicates in the `cmp_<name>(a, b)` form.
pub fn predicate_name(p: ComparePredicate) -> &'static str {
    use ComparePredicate::*;
    match p {
        Eq => "eq",
        Ne => "ne",
        Slt => "slt",
        Sle => "sle",
        Sgt => "sgt",
        Sge => "sge",
        Ult => "ult",
        Ule => "ule",
        Ugt => "ugt",
        Uge => "uge",
        FOeq => "oeq",
        FOne => "one",
        FOlt => "olt",
        FOle => "ole",
        FOgt => "ogt",
        FOge => "oge",
        FUeq => "ueq",
        FUne => "une",
        FUlt => "ult_f",
        FUle => "ule_f",
        FUgt => "ugt_f",
        FUge => "uge_f",
        FOrd => "ord",
        FUno => "uno",
    }
}

pub const ALL_PREDICATES: [ComparePredicate; 24] = {
    use ComparePredicate::*;
    [
        Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge, FOeq, FOne, FOlt, FOle, FOgt, FOge, FUeq, FUne,
        FUlt, FUle, FUgt, FUge, FOrd, FUno,
    ]
};

pub fn cast_name(op: CastOp) -> &'static str {
    match op {
        CastOp::Trunc => "trunc",
        CastOp::ZExt => "zext",
        CastOp::SExt => "sext",
        CastOp::FPTrunc => "fptrunc",
        CastOp::FPExt => "fpext",
        CastOp::FPToSI => "fptosi",
        CastOp::FPToUI => "fptoui",
        CastOp::SIToFP => "sitofp",
        CastOp::UIToFP => "uitofp",
    }
}

pub const ALL_CASTS: [CastOp; 9] = [
    CastOp::Trunc,
    CastOp::ZExt,
    CastOp::SExt,
    CastOp::FPTrunc,
    CastOp::FPExt,
    CastOp::FPToSI,
    CastOp::FPToUI,
    CastOp::SIToFP,
    CastOp::UIToFP,
];

pub const ALL_BINARY_OPS: [crate::model::BinaryOp; 22] = {
    use crate::model::BinaryOp::*;
    [
        Add, Sub, Mul, SDiv, UDiv, SRem, URem, Shl, LShr, AShr, And, Or, Xor, SMin, SMax, UMin, UMax, FAdd,
        FSub, FMul, FDiv, FRem,
    ]
};
