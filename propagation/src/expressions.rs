//! Propagation expressions (paper 003, section 3.1, Algorithm 1 and equation 3).
//!
//! For a propagation dependence `w -> r = { W[i] -> T[j] }` every iterator `i_k` of the source
//! statement `W` is replaced by an affine function of the target's iteration vector `j`:
//! equation 3 applies the dependence to `v(iv) = { i -> i_k }`, giving `{ j -> i_k }`. We get
//! all `k` at once as the piecewise multi-affine function of the reversed dependence
//! `{ T[j] -> W[i] }` (single-valued: value-based RAW has one source instance per read
//! instance). Each piece is a part of the target domain with its own function; the target is
//! split along the pieces (`splitting`).
//!
//! isl affine expressions are converted to the model's `AffExpr` (with `floor` for isl's
//! integer divisions and for rational denominators, exact on the piece). Functions with
//! divisions or denominators are then checked: the relation rebuilt from the `AffExpr`s must
//! equal the dependence on the piece, so a conversion mistake becomes "no affine propagation
//! expression", never a wrong program (integer coefficients convert one to one).
//!
//! `REWRITE` (Algorithm 1) then rebuilds the source value: iterators become `i64` value
//! expressions of the target's iterators, parameters and constants stay, and the subscripts of
//! every read access (also inside a `select`) are rewritten with the same functions, so the
//! propagation expression reads exactly the locations the source read (section 3.3, limit 1).

use isl_rs::DimType;
use std::os::raw::{c_int, c_void};
use polyhedral::affine::{AffExpr, AffVar};
use polyhedral::isl::{IslContext, IslResult};
use polyhedral::lang::typing::convert;
use polyhedral::model::{Access, BinaryOp, ComparePredicate, Constant, Expr, ScalarType, Scop, Statement, WrapFlags};

/// One piece of a propagation dependence: on `target_part` (`[params] -> { T[j] : ... }`) the
/// source instance is `W[source_iterators(j)]`.
#[derive(Clone, Debug)]
pub(crate) struct PropagationPiece {
    pub target_part: String,
    /// One function per source iterator, over the target's iterators.
    pub source_iterators: Vec<AffExpr>,
}

/// The pieces of `dependence` (`{ W[i] -> T[j] }`, non-empty), or `None` when some piece has
/// no affine function we can represent. With `whole_read` (the target's read, when clamped
/// reads are replaced whole), several pieces become one where `inverted_write_piece` finds it.
pub(crate) fn propagation_pieces(
    ctx: &IslContext,
    scop: &Scop,
    source: &Statement,
    target: &Statement,
    whole_read: Option<&Access>,
    dependence: &str,
) -> IslResult<Option<Vec<PropagationPiece>>> {
    let map = ctx.map(dependence)?;
    // { T[j] -> W[i] }
    let reversed = ctx.check(map.reverse())?;
    let function = ctx.check(isl_rs::PwMultiAff::from_map(ctx.check(reversed.copy())?))?;
    let mut pieces = Vec::new();
    for (domain, multi) in function_pieces(ctx, &function)? {
        let n = ctx.check(multi.size())?;
        let mut source_iterators = Vec::new();
        let mut exact = true;
        for k in 0..n {
            let aff = ctx.check(multi.get_at(k))?;
            exact &= ctx.check(aff.dim(DimType::Div))? == 0 && val_times(ctx, ctx.check(aff.get_denominator_val())?, 1)? == Some(1);
            match aff_to_affine(ctx, scop, &aff)? {
                Some(e) => source_iterators.push(e),
                None => return Ok(None),
            }
        }
        if source_iterators.len() != source.iterators.len() {
            return Ok(None);
        }
        // Integer coefficients without divisions convert one to one; anything else is checked.
        if !exact {
            let piece = ctx.check(ctx.check(reversed.copy())?.intersect_domain(ctx.check(domain.copy())?))?;
            if !same_function(ctx, scop, source, target, &domain, &source_iterators, &piece)? {
                return Ok(None);
            }
        }
        pieces.push(PropagationPiece { target_part: ctx.set_text(&domain)?, source_iterators });
    }
    if let (true, Some(read)) = (pieces.len() > 1, whole_read) {
        if let Some(whole) = inverted_write_piece(ctx, scop, source, target, read, &reversed)? {
            return Ok(Some(vec![whole]));
        }
    }
    Ok(Some(pieces))
}

/// One function for all pieces, when the source's write inverted at the target's subscripts,
/// `W⁻¹(a(j))`, is the reversed dependence on its whole domain: a clamped read
/// `t[max(x - 2, 0)]` of a whole producer has pieces (`x - 2` from `x = 2` on, `0` before),
/// along which section 3 splits the target for syntactic replacement. Those splits fix
/// dimensions between loops, which section 4.3's code-complexity heuristic refuses; our
/// subscripts hold `min` and `max`, so one expression replaces the read everywhere and the
/// target stays whole. Needs an affine read and a write whose inverse is one quasi-affine
/// function; isl checks the result (`same_function`).
fn inverted_write_piece(
    ctx: &IslContext,
    scop: &Scop,
    source: &Statement,
    target: &Statement,
    read: &Access,
    reversed: &isl_rs::Map,
) -> IslResult<Option<PropagationPiece>> {
    if read.is_may() || source.write.is_may() {
        return Ok(None);
    }
    // { A[e] -> W[i] }: the source instance that writes element e; a function only where
    // the source writes each element once (not a scalar's writer, for one).
    let write = ctx.map(&scop.access_relation(source, &source.write))?;
    let write = ctx.check(write.intersect_domain(ctx.set(&source.domain)?))?;
    if !ctx.check(write.is_injective())? {
        return Ok(None);
    }
    let inverse = ctx.check(isl_rs::PwMultiAff::from_map(ctx.check(write.reverse())?))?;
    let [(_, multi)] = &function_pieces(ctx, &inverse)?[..] else { return Ok(None) };
    let at_read = |v: &AffVar| match v {
        AffVar::Iter(d) => read.subscripts.get(*d).cloned(),
        other => Some(AffExpr::var(other.clone())),
    };
    let mut functions = Vec::new();
    for k in 0..ctx.check(multi.size())? {
        let Some(element) = aff_to_affine(ctx, scop, &ctx.check(multi.get_at(k))?)? else { return Ok(None) };
        let Some(function) = element.substitute(&at_read) else { return Ok(None) };
        functions.push(function);
    }
    // { T[j] : j reached }
    let domain = ctx.check(ctx.check(reversed.copy())?.domain())?;
    if functions.len() != source.iterators.len() || !same_function(ctx, scop, source, target, &domain, &functions, reversed)? {
        return Ok(None);
    }
    Ok(Some(PropagationPiece { target_part: ctx.set_text(&domain)?, source_iterators: functions }))
}

extern "C" {
    fn isl_pw_multi_aff_foreach_piece(
        pma: usize,
        callback: extern "C" fn(set: usize, maff: usize, user: *mut c_void) -> c_int,
        user: *mut c_void,
    ) -> c_int;
}

extern "C" fn collect_piece(set: usize, maff: usize, user: *mut c_void) -> c_int {
    // SAFETY: `user` is the vector passed to `isl_pw_multi_aff_foreach_piece`; isl hands over
    // ownership of `set` and `maff`.
    let pieces = unsafe { &mut *(user as *mut Vec<(usize, usize)>) };
    pieces.push((set, maff));
    0
}

/// The pieces `(domain, multi-affine function)` of a piecewise function (isl has no list
/// accessor for them; `isl_pw_multi_aff_foreach_piece` through the C API).
fn function_pieces(ctx: &IslContext, function: &isl_rs::PwMultiAff) -> IslResult<Vec<(isl_rs::Set, isl_rs::MultiAff)>> {
    let mut raw: Vec<(usize, usize)> = Vec::new();
    // SAFETY: `function.ptr` is live and kept; the callback takes the pieces.
    let status = unsafe {
        isl_pw_multi_aff_foreach_piece(function.ptr, collect_piece, &mut raw as *mut Vec<(usize, usize)> as *mut c_void)
    };
    let pieces = raw
        .into_iter()
        .map(|(set, maff)| {
            (isl_rs::Set { ptr: set, should_free_on_drop: true }, isl_rs::MultiAff { ptr: maff, should_free_on_drop: true })
        })
        .collect();
    ctx.check(Ok(()))?;
    if status < 0 {
        return Err(polyhedral::isl::IslError::Isl { message: "isl_pw_multi_aff_foreach_piece failed".into() });
    }
    Ok(pieces)
}

fn val_times(ctx: &IslContext, val: isl_rs::Val, factor: i64) -> IslResult<Option<i64>> {
    let num = ctx.check(val.get_num_si())?;
    let den = ctx.check(val.get_den_si())?;
    if den == 0 || factor % den != 0 {
        return Ok(None);
    }
    Ok(num.checked_mul(factor / den))
}

/// `aff = (sum c_k x_k + c_0 + sum d_m div_m) / denominator` as an `AffExpr`:
/// `floor(numerator / denominator)`, exact where the aff is integral (on the piece).
fn aff_to_affine(ctx: &IslContext, scop: &Scop, aff: &isl_rs::Aff) -> IslResult<Option<AffExpr>> {
    let den_val = ctx.check(aff.get_denominator_val())?;
    let Some(den) = val_times(ctx, den_val, 1)? else { return Ok(None) };
    if den <= 0 {
        return Ok(None);
    }
    let Some(constant) = val_times(ctx, ctx.check(aff.get_constant_val())?, den)? else { return Ok(None) };
    let mut numerator = AffExpr::constant(constant);
    let add = |numerator: &mut AffExpr, term: AffExpr, c: i64| -> Option<()> {
        *numerator = numerator.add(&term.scale(c)?)?;
        Some(())
    };
    for k in 0..ctx.check(aff.dim(DimType::In))? {
        let Some(c) = val_times(ctx, ctx.check(aff.get_coefficient_val(DimType::In, k))?, den)? else { return Ok(None) };
        if c != 0 && add(&mut numerator, AffExpr::iter(k as usize), c).is_none() {
            return Ok(None);
        }
    }
    for p in 0..ctx.check(aff.dim(DimType::Param))? {
        let Some(c) = val_times(ctx, ctx.check(aff.get_coefficient_val(DimType::Param, p))?, den)? else { return Ok(None) };
        if c == 0 {
            continue;
        }
        let name = ctx.check(aff.get_dim_name(DimType::Param, p as u32))?.to_string();
        let Some(index) = scop.params.iter().position(|q| q.name == name) else { return Ok(None) };
        if add(&mut numerator, AffExpr::param(index), c).is_none() {
            return Ok(None);
        }
    }
    for d in 0..ctx.check(aff.dim(DimType::Div))? {
        let Some(c) = val_times(ctx, ctx.check(aff.get_coefficient_val(DimType::Div, d))?, den)? else { return Ok(None) };
        if c == 0 {
            continue;
        }
        // isl_aff_get_div gives the rational expression inside the floor.
        let inner = ctx.check(aff.get_div(d))?;
        let Some(div) = aff_to_affine(ctx, scop, &inner)? else { return Ok(None) };
        if add(&mut numerator, div, c).is_none() {
            return Ok(None);
        }
    }
    Ok(numerator.floor_div(den))
}

/// Whether `{ T[j] -> W[f(j)] : j in part }` equals `piece`, the reversed dependence on `part`.
/// `piece` is single-valued (isl made a function of it) with domain `part`, so inclusion is
/// equality: one subset test instead of two.
fn same_function(
    ctx: &IslContext,
    scop: &Scop,
    source: &Statement,
    target: &Statement,
    part: &isl_rs::Set,
    functions: &[AffExpr],
    piece: &isl_rs::Map,
) -> IslResult<bool> {
    let params = scop.param_names();
    let values: Vec<String> = functions.iter().map(|f| f.display(&target.iterators, &params).to_string()).collect();
    let text = format!(
        "{}{{ {}[{}] -> {}[{}] }}",
        scop.param_prefix(),
        target.name,
        target.iterators.join(", "),
        source.name,
        values.join(", ")
    );
    let rebuilt = ctx.map(&text)?;
    let rebuilt = ctx.check(rebuilt.intersect_domain(ctx.check(part.copy())?))?;
    ctx.check(rebuilt.is_subset(piece))
}

/// Algorithm 1: the source value `e_w` rewritten for the target instance `j`.
pub(crate) fn rewrite(scop: &Scop, value: &Expr, source_iterators: &[AffExpr]) -> Option<Expr> {
    Some(match value {
        Expr::Constant(_) | Expr::Parameter(_) | Expr::External(_) => value.clone(),
        Expr::Iterator(k) => affine_value(scop, source_iterators.get(*k)?),
        Expr::Read(access) => {
            let mut rewritten = rewrite_access(access, source_iterators)?;
            for d in rewritten.data.0.iter_mut().flatten() {
                *d = rewrite(scop, d, source_iterators)?;
            }
            Expr::Read(rewritten)
        }
        Expr::Unary(op, a) => Expr::Unary(*op, Box::new(rewrite(scop, a, source_iterators)?)),
        Expr::Cast(op, ty, a) => Expr::Cast(*op, *ty, Box::new(rewrite(scop, a, source_iterators)?)),
        Expr::Binary(op, a, b, flags) => Expr::Binary(
            *op,
            Box::new(rewrite(scop, a, source_iterators)?),
            Box::new(rewrite(scop, b, source_iterators)?),
            *flags,
        ),
        Expr::Compare(p, a, b) => Expr::Compare(
            *p,
            Box::new(rewrite(scop, a, source_iterators)?),
            Box::new(rewrite(scop, b, source_iterators)?),
        ),
        Expr::Select(c, a, b) => Expr::Select(
            Box::new(rewrite(scop, c, source_iterators)?),
            Box::new(rewrite(scop, a, source_iterators)?),
            Box::new(rewrite(scop, b, source_iterators)?),
        ),
        Expr::Call(f, ty, args) => Expr::Call(
            f.clone(),
            *ty,
            args.iter().map(|a| rewrite(scop, a, source_iterators)).collect::<Option<Vec<_>>>()?,
        ),
    })
}

/// Algorithm 1, lines 8-10: `A[f_1]...[f_n]` with every affine subscript rewritten (the
/// data-dependent ones of a may-access are expressions: `rewrite` rewrites them).
pub(crate) fn rewrite_access(access: &Access, source_iterators: &[AffExpr]) -> Option<Access> {
    let substitute = |v: &AffVar| match v {
        AffVar::Iter(k) => source_iterators.get(*k).cloned(),
        other => Some(AffExpr::var(other.clone())),
    };
    let subscripts = access.subscripts.iter().map(|s| s.substitute(&substitute)).collect::<Option<Vec<_>>>()?;
    Some(Access { array: access.array, subscripts, data: access.data.clone() })
}

/// The `i64` value of an affine expression of the target's iterators (the `iv` of equation 3
/// as code: sums and products with constants, `floor` as a select over `sdiv`).
pub(crate) fn affine_value(scop: &Scop, e: &AffExpr) -> Expr {
    let int = |c: i64| Expr::Constant(Constant::Int(c, ScalarType::I64));
    let mut sum: Option<Expr> = None;
    for (var, c) in &e.terms {
        let term = match var {
            AffVar::Iter(k) => Expr::Iterator(*k),
            AffVar::Param(k) => {
                let ty = scop.params.get(*k).map(|p| p.ty).unwrap_or(ScalarType::I64);
                convert(Expr::Parameter(*k), ty, ScalarType::I64)
            }
            AffVar::FloorDiv(inner, d) => floor_division(affine_value(scop, inner), *d),
            AffVar::Min(a, b) => Expr::Binary(BinaryOp::SMin, Box::new(affine_value(scop, a)), Box::new(affine_value(scop, b)), WrapFlags::NONE),
            AffVar::Max(a, b) => Expr::Binary(BinaryOp::SMax, Box::new(affine_value(scop, a)), Box::new(affine_value(scop, b)), WrapFlags::NONE),
        };
        let magnitude = c.unsigned_abs() as i64;
        let scaled = if magnitude == 1 { term } else { Expr::Binary(BinaryOp::Mul, Box::new(int(magnitude)), Box::new(term), WrapFlags::NONE) };
        sum = Some(match (sum, *c < 0) {
            (None, false) => scaled,
            (None, true) => Expr::Binary(BinaryOp::Sub, Box::new(int(0)), Box::new(scaled), WrapFlags::NONE),
            (Some(s), false) => Expr::Binary(BinaryOp::Add, Box::new(s), Box::new(scaled), WrapFlags::NONE),
            (Some(s), true) => Expr::Binary(BinaryOp::Sub, Box::new(s), Box::new(scaled), WrapFlags::NONE),
        });
    }
    match sum {
        None => int(e.constant),
        Some(s) if e.constant == 0 => s,
        Some(s) if e.constant > 0 => Expr::Binary(BinaryOp::Add, Box::new(s), Box::new(int(e.constant)), WrapFlags::NONE),
        Some(s) => Expr::Binary(BinaryOp::Sub, Box::new(s), Box::new(int(e.constant.unsigned_abs() as i64)), WrapFlags::NONE),
    }
}

/// `floor(x / d)` for `d > 0` with C's truncating `sdiv`: `x < 0 ? (x - (d - 1)) / d : x / d`.
fn floor_division(x: Expr, d: i64) -> Expr {
    let int = |c: i64| Box::new(Expr::Constant(Constant::Int(c, ScalarType::I64)));
    let negative = Expr::Compare(ComparePredicate::Slt, Box::new(x.clone()), int(0));
    let shifted = Expr::Binary(BinaryOp::Sub, Box::new(x.clone()), int(d - 1), WrapFlags::NONE);
    Expr::Select(
        Box::new(negative),
        Box::new(Expr::Binary(BinaryOp::SDiv, Box::new(shifted), int(d), WrapFlags::NONE)),
        Box::new(Expr::Binary(BinaryOp::SDiv, Box::new(x), int(d), WrapFlags::NONE)),
    )
}

/// Replaces the reads at the given positions (in `Expr::reads` order) by expressions.
pub(crate) fn replace_reads(value: &Expr, replacements: &[(usize, Expr)]) -> Expr {
    let mut counter = 0usize;
    replace(value, replacements, &mut counter)
}

fn replace(value: &Expr, replacements: &[(usize, Expr)], counter: &mut usize) -> Expr {
    match value {
        Expr::Read(access) => {
            let position = *counter;
            *counter += 1;
            match replacements.iter().find(|(k, _)| *k == position) {
                Some((_, e)) => {
                    // Reads inside the data-dependent subscripts of a replaced may-read go.
                    *counter += access.data.0.iter().flatten().map(|d| d.reads().len()).sum::<usize>();
                    e.clone()
                }
                None => {
                    let mut access = access.clone();
                    for d in access.data.0.iter_mut().flatten() {
                        *d = replace(d, replacements, counter);
                    }
                    Expr::Read(access)
                }
            }
        }
        Expr::Constant(_) | Expr::Parameter(_) | Expr::External(_) | Expr::Iterator(_) => value.clone(),
        Expr::Unary(op, a) => Expr::Unary(*op, Box::new(replace(a, replacements, counter))),
        Expr::Cast(op, ty, a) => Expr::Cast(*op, *ty, Box::new(replace(a, replacements, counter))),
        Expr::Binary(op, a, b, flags) => {
            let a = replace(a, replacements, counter);
            Expr::Binary(*op, Box::new(a), Box::new(replace(b, replacements, counter)), *flags)
        }
        Expr::Compare(p, a, b) => {
            let a = replace(a, replacements, counter);
            Expr::Compare(*p, Box::new(a), Box::new(replace(b, replacements, counter)))
        }
        Expr::Select(c, a, b) => {
            let c = replace(c, replacements, counter);
            let a = replace(a, replacements, counter);
            Expr::Select(Box::new(c), Box::new(a), Box::new(replace(b, replacements, counter)))
        }
        Expr::Call(f, ty, args) => Expr::Call(f.clone(), *ty, args.iter().map(|a| replace(a, replacements, counter)).collect()),
    }
}
