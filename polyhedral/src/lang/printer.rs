//! Writes a `model::Scop` back in the textual SCoP language.
//!
//! Statements are written in the explicit form `statement S[i] in "domain" at "schedule" :
//! acc = rexp;`, so any model (also one from the LLVM front end) prints exactly; value
//! expressions are fully parenthesized, with explicit conversions, so that parsing the text
//! gives the same expression tree (see `lang`, "Round trip").

use super::parser::c_predicate;
use super::typing::{cast_name, conversion, expr_type, predicate_name};
use crate::model::*;
use std::fmt::Write;

/// The text of `scop` in the textual SCoP language.
pub fn print_scop(scop: &Scop) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "scop {};", scop.name);
    for p in &scop.params {
        match p.ty {
            ScalarType::I64 => writeln!(out, "param {};", p.name),
            ty => writeln!(out, "param {} : {};", p.name, ty),
        }
        .expect("writing to a String");
    }
    if !scop.context.trim().is_empty() {
        let _ = writeln!(out, "context \"{}\";", scop.context);
    }
    for a in &scop.assumptions {
        let _ = writeln!(out, "assume \"{}\" \"{}\";", a.set, a.reason.replace(['"', '\n'], "'"));
    }
    for array in &scop.arrays {
        let _ = writeln!(out, "{}", declaration(scop, array));
    }
    for e in &scop.externals {
        let _ = writeln!(out, "extern {} : {};", e.name, e.ty);
    }
    for check in &scop.alias_checks {
        let _ = writeln!(out, "alias {} {};", scop.arrays[check.first].name, scop.arrays[check.second].name);
    }
    for statement in &scop.statements {
        let _ = writeln!(
            out,
            "statement {}[{}] in \"{}\" at \"{}\" :\n    {}{} = {};",
            statement.name,
            statement.iterators.join(", "),
            statement.domain,
            statement.schedule,
            statement.guard.as_ref().map(|g| format!("when {} ", expr(scop, statement, g))).unwrap_or_default(),
            access(scop, statement, &statement.write),
            expr(scop, statement, &statement.value)
        );
    }
    out
}

fn declaration(scop: &Scop, array: &Array) -> String {
    let liveness = match array.liveness {
        Liveness::LiveOut => "out",
        Liveness::Temporary => "temp",
    };
    if array.is_scalar() {
        return format!("scalar {} : {} {};", array.name, array.element, liveness);
    }
    let params = scop.param_names();
    let sizes: String = array
        .sizes
        .iter()
        .map(|s| match s {
            Some(e) => format!("[{}]", e.display(&[], &params)),
            None => "[*]".to_string(),
        })
        .collect();
    format!("array {}{} : {} {};", array.name, sizes, array.element, liveness)
}

fn access(scop: &Scop, statement: &Statement, access: &Access) -> String {
    let params = scop.param_names();
    let mut text = scop.arrays[access.array].name.clone();
    for s in access.mixed_subscripts() {
        match s {
            Ok(s) => write!(text, "[{}]", s.display(&statement.iterators, &params)),
            Err(e) => write!(text, "[? {}]", expr(scop, statement, e)),
        }
        .expect("writing to a String");
    }
    text
}

/// Whether `ty` takes part in C arithmetic without promotion.
fn c_arithmetic_type(ty: ScalarType) -> bool {
    matches!(ty, ScalarType::I32 | ScalarType::I64 | ScalarType::F32 | ScalarType::F64)
}

fn c_operator(op: BinaryOp, ty: ScalarType) -> Option<&'static str> {
    use BinaryOp::*;
    let float = ty.is_float();
    if matches!(op, And | Or) && ty == ScalarType::I1 {
        return Some(if op == And { "&&" } else { "||" });
    }
    if !c_arithmetic_type(ty) {
        return None;
    }
    Some(match (op, float) {
        (Add, false) | (FAdd, true) => "+",
        (Sub, false) | (FSub, true) => "-",
        (Mul, false) | (FMul, true) => "*",
        (SDiv, false) | (FDiv, true) => "/",
        (SRem, false) => "%",
        _ => return None,
    })
}

fn constant(c: &Constant) -> String {
    let text = match *c {
        Constant::Int(v, ScalarType::I1) => return if v != 0 { "true".into() } else { "false".into() },
        Constant::Int(v, ScalarType::I32) => format!("{v}"),
        Constant::Int(v, ScalarType::I64) => format!("{v}L"),
        Constant::Int(v, ty) => return format!("cast_trunc_{ty}({v}L)"),
        Constant::Float(v, ScalarType::F32) => format!("{:?}f", v as f32),
        Constant::Float(v, _) => format!("{v:?}"),
    };
    if text.starts_with('-') {
        format!("({text})")
    } else {
        text
    }
}

/// A value expression that parses back to the same tree.
pub fn expr(scop: &Scop, statement: &Statement, e: &Expr) -> String {
    let sub = |x: &Expr| expr(scop, statement, x);
    let ty = |x: &Expr| expr_type(scop, x);
    match e {
        Expr::Constant(c) => constant(c),
        Expr::Read(a) => access(scop, statement, a),
        Expr::Iterator(k) => statement.iterators.get(*k).cloned().unwrap_or_else(|| format!("i{k}")),
        Expr::Parameter(k) => scop.params.get(*k).map(|p| p.name.clone()).unwrap_or_else(|| format!("p{k}")),
        Expr::External(k) => scop.externals.get(*k).map(|x| x.name.clone()).unwrap_or_else(|| format!("x{k}")),
        Expr::Unary(UnaryOp::FNeg, a) => format!("(-{})", sub(a)),
        Expr::Binary(op, a, b, _) => {
            let same = ty(a) == ty(b);
            match c_operator(*op, ty(a)).filter(|_| same) {
                Some(symbol) => format!("({} {} {})", sub(a), symbol, sub(b)),
                None => format!("binop_{}({}, {})", op.name(), sub(a), sub(b)),
            }
        }
        Expr::Compare(p, a, b) => {
            let t = ty(a);
            let symbol = ["==", "!=", "<", "<=", ">", ">="]
                .into_iter()
                .find(|s| c_predicate(s, t.is_float()) == Some(*p))
                .filter(|_| t == ty(b) && c_arithmetic_type(t));
            match symbol {
                Some(symbol) => format!("({} {} {})", sub(a), symbol, sub(b)),
                None => format!("cmp_{}({}, {})", predicate_name(*p), sub(a), sub(b)),
            }
        }
        Expr::Select(c, a, b) => format!("select({}, {}, {})", sub(c), sub(a), sub(b)),
        Expr::Cast(op, to, a) => {
            let from = ty(a);
            let implicit = conversion(from, *to) == Some(*op) && from != ScalarType::I1 && !matches!(**a, Expr::Constant(_));
            if implicit {
                format!("{}({})", to, sub(a))
            } else {
                format!("cast_{}_{}({})", cast_name(*op), to, sub(a))
            }
        }
        Expr::Call(callee, t, args) => {
            let args: Vec<String> = args.iter().map(sub).collect();
            match callee {
                Callee::Math(f) => {
                    let suffix = if *t == ScalarType::F32 { "f" } else { "" };
                    format!("{}{}({})", f.name(), suffix, args.join(", "))
                }
                Callee::Pure(symbol) => format!("call_{t}_{symbol}({})", args.join(", ")),
            }
        }
    }
}
