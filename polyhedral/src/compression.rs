//! Parameter compression: the model over `R / m` where the assumptions make `R` a multiple of
//! `m` (compile time; not in the papers).
//!
//! A pyramid sizes its levels `R / 2`, `R / 4`, ..., which the model writes `floor((R)/2)`,
//! ...: each set that mentions a level carries an existentially quantified variable per
//! division, and every isl operation on it pays for them (emptiness tests and simplification
//! search their integer values). Where the assumed context implies that a parameter is a
//! multiple of some `m > 1` (delinearizing local Laplacian's levels assumes `R mod 128 = 0`),
//! the model is rewritten over a new parameter `R_by128`, with `R = 128 R_by128` substituted
//! in every set, relation and subscript: each division is exact (`floor((R)/2)` is
//! `64 R_by128`) and its variable is gone. isl calls this parameter compression
//! (`isl_mat_parameter_compression`); here it is done once for the whole model instead of
//! inside each operation.
//!
//! The new parameter is `floor(R / m)`. The original stays in the parameter list, since the
//! values of the statements may read it, but no set constrains it any more. So the run-time
//! check tests [`equalities`], `R = m R_by128`, with the compressed assumed context: together
//! they are the original assumed context (`R` is a multiple of `m` there, and then the
//! compressed sets are the original ones).
//!
//! Local Laplacian (`clang -O3 -march=native`, this machine, `print=time`): propagation
//! 1.22 s -> 0.81 s, AST 0.89 s -> 0.54 s, the run-time check's expressions 0.22 s -> 0.02 s
//! (`docs/benchmarks/compile-time-pipelines.txt`).

use crate::affine::{AffExpr, AffVar};
use crate::isl::{IslContext, IslResult};
use crate::model::{Parameter, Scop, ScalarType};
use isl_rs::DimType;

/// The largest multiple taken: a pyramid of 12 levels.
const MAX_FACTOR: i64 = 4096;

/// Parameter `parameter` of a model written as `factor` times parameter `compressed` (its
/// quotient), appended to the model's parameters by [`compress`].
#[derive(Clone, Debug, PartialEq)]
pub struct Compression {
    pub parameter: usize,
    pub factor: i64,
    pub compressed: usize,
}

/// `(parameter, m)` for each of `candidates` that the model divides (`floor((R)/2)`) and its
/// assumed context makes a multiple of `m > 1` (the largest such `m`, at most `MAX_FACTOR`).
/// Parameters the model does not divide are not tried: their compression would save nothing.
pub fn multiples(ctx: &IslContext, scop: &Scop, candidates: &[usize]) -> IslResult<Vec<(usize, i64)>> {
    let divided = crate::specialization::divided_parameters(scop);
    let candidates: Vec<usize> = candidates.iter().copied().filter(|&k| divided.iter().any(|(name, _)| *name == scop.params[k].name)).collect();
    // Only assumptions with integer divisions make a parameter a multiple: those of bounds
    // alone are not intersected (a superset of the assumed context, so what holds on it holds
    // on the assumed context; PolyMage's local Laplacian has 0.2 s of them).
    if candidates.is_empty() {
        return Ok(Vec::new());
    }
    let Some(assumed) = assumptions_with_divisions(ctx, scop)? else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for k in candidates {
        ctx.reset_quota();
        // The parameter as the one dimension of a set, whose stride isl knows.
        let set = ctx.check(assumed.raw().copy())?;
        let set = ctx.check(set.from_params())?;
        let set = ctx.check(set.move_dims(DimType::Set, 0, DimType::Param, k as u32, 1))?;
        let stride = ctx.check(set.get_stride(0))?;
        let Ok(m) = stride.get_num_si() else { continue };
        if m <= 1 || m > MAX_FACTOR {
            continue;
        }
        // The stride alone leaves an offset (`R mod 128 = 1`): only a multiple is compressed.
        let name = &scop.params[k].name;
        let multiple = ctx.param_set(&format!("{}{{ : {name} mod {m} = 0 }}", scop.param_prefix()))?;
        if assumed.copy()?.subtract(multiple)?.is_empty()? {
            out.push((k, m));
        }
    }
    Ok(out)
}

/// The assumption that every parameter the model divides is a multiple of its divisors
/// (`specialization::multiples_assumption`), where the assumptions already refuse every other
/// value of those parameters from their multiples on: what the assumption takes away from the
/// new code are sizes below the multiple, whose levels are a few elements wide.
/// Delinearizing pyramid levels sized on their own (`R / 2` rows written, `R` read, as
/// PolyMage generates them) assumes `R <= 0 or R mod 2 = 0 or (R odd and C <= 1)`, whose
/// disjuncts of degenerate sizes keep the parameter from being a multiple everywhere;
/// without them it is one, and the model can be compressed (PolyMage's local Laplacian: its
/// AST took 6 s over the divisions). `None` where the assumptions say nothing of multiples,
/// or accept a non-multiple size at or beyond the multiple.
pub fn multiples_but_small_sizes(ctx: &IslContext, scop: &Scop) -> IslResult<Option<crate::model::Assumption>> {
    let Some(multiples) = crate::specialization::multiples_assumption(scop) else { return Ok(None) };
    let Some(assumed) = assumptions_with_divisions(ctx, scop)? else { return Ok(None) };
    let divided = crate::specialization::divided_parameters(scop);
    let large: Vec<String> = divided.iter().map(|(p, m)| format!("{p} >= {m}")).collect();
    let large = ctx.param_set(&format!("{}{{ : {} }}", scop.param_prefix(), large.join(" and ")))?;
    let taken_away = assumed.subtract(ctx.param_set(&multiples.set)?)?.intersect(large)?;
    Ok(taken_away.is_empty()?.then(|| crate::model::Assumption {
        reason: multiples.reason.replace("(other sizes run", "(smaller or other sizes run"),
        ..multiples
    }))
}

/// The intersection of the assumptions of `scop` written with integer divisions, a superset
/// of its assumed context that only they make strided; `None` without such assumptions.
fn assumptions_with_divisions<'c>(ctx: &'c IslContext, scop: &Scop) -> IslResult<Option<crate::isl::ParamSet<'c>>> {
    let texts: Vec<&str> = scop.assumptions.iter().map(|a| a.set.as_str()).filter(|t| t.contains("mod") || t.contains("floor")).collect();
    if texts.is_empty() {
        return Ok(None);
    }
    let mut assumed = ctx.param_set(&format!("{}{{ : }}", scop.param_prefix()))?;
    for text in texts {
        assumed = assumed.intersect(ctx.param_set(text)?)?;
    }
    Ok(Some(assumed))
}

/// `scop` over compressed parameters (module documentation): for each `(parameter, m)` of
/// `multiples`, a new parameter `{name}_by{m}` is appended and `parameter = m * new`
/// substituted in the context, the assumptions, the domains, the schedules, the subscripts
/// and the array sizes.
pub fn compress(ctx: &IslContext, scop: &Scop, multiples: &[(usize, i64)]) -> IslResult<(Scop, Vec<Compression>)> {
    let mut out = scop.clone();
    let mut compressions = Vec::new();
    for &(parameter, factor) in multiples {
        let name = format!("{}_by{factor}", scop.params[parameter].name);
        compressions.push(Compression { parameter, factor, compressed: out.params.len() });
        out.params.push(Parameter::new(name, ScalarType::I64));
    }
    let substitution = ctx.param_set(&format!("{}{{ : {} }}", out.param_prefix(), equality_constraints(&out, &compressions)))?;
    let eliminated: Vec<&str> = multiples.iter().map(|&(k, _)| scop.params[k].name.as_str()).collect();
    let substituted_set = |text: &str| -> IslResult<String> {
        ctx.reset_quota();
        let mut set = ctx.check(ctx.set(text)?.intersect_params(ctx.check(substitution.raw().copy())?))?;
        for name in &eliminated {
            if let Ok(pos) = u32::try_from(ctx.check(set.find_dim_by_name(DimType::Param, name))?) {
                set = ctx.check(set.eliminate(DimType::Param, pos, 1))?;
            }
        }
        ctx.set_text(&ctx.check(set.coalesce())?)
    };
    let substituted_map = |text: &str| -> IslResult<String> {
        ctx.reset_quota();
        let mut map = ctx.check(ctx.map(text)?.intersect_params(ctx.check(substitution.raw().copy())?))?;
        for name in &eliminated {
            if let Ok(pos) = u32::try_from(ctx.check(map.find_dim_by_name(DimType::Param, name))?) {
                map = ctx.check(map.eliminate(DimType::Param, pos, 1))?;
            }
        }
        ctx.map_text(&ctx.check(map.coalesce())?)
    };
    out.context = substituted_set(&context_text(scop))?;
    for assumption in &mut out.assumptions {
        assumption.set = substituted_set(&assumption.set)?;
    }
    for statement in &mut out.statements {
        statement.domain = substituted_set(&statement.domain)?;
        statement.schedule = substituted_map(&statement.schedule)?;
    }
    let substitute = |e: &mut AffExpr| {
        let replaced = e.substitute(&|v| match v {
            AffVar::Param(k) => match compressions.iter().find(|c| c.parameter == *k) {
                Some(c) => AffExpr::param(c.compressed).scale(c.factor),
                None => Some(AffExpr::var(v.clone())),
            },
            other => Some(AffExpr::var(other.clone())),
        });
        if let Some(replaced) = replaced {
            *e = replaced;
        }
    };
    crate::unused_params::for_each_affine_mut(&mut out, &substitute, &mut |_| {});
    Ok((out, compressions))
}

/// `[R, R_bym, ...] -> { : R = m R_bym and ... }`, over the parameters it names (a divided
/// parameter that only values read is out of the spaces of the compressed `scop`): what the
/// run-time check adds to its assumed context.
pub fn equalities(scop: &Scop, compressions: &[Compression]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for c in compressions {
        for k in [c.parameter, c.compressed] {
            if !names.contains(&scop.params[k].name.as_str()) {
                names.push(&scop.params[k].name);
            }
        }
    }
    format!("[{}] -> {{ : {} }}", names.join(", "), equality_constraints(scop, compressions))
}

/// `R = m R_bym and ...`.
fn equality_constraints(scop: &Scop, compressions: &[Compression]) -> String {
    let equalities: Vec<String> = compressions
        .iter()
        .map(|c| format!("{} = {} {}", scop.params[c.parameter].name, c.factor, scop.params[c.compressed].name))
        .collect();
    equalities.join(" and ")
}

/// The model's context, `{ : }` where it has none.
fn context_text(scop: &Scop) -> String {
    match scop.context.trim().is_empty() {
        true => format!("{}{{ : }}", scop.param_prefix()),
        false => scop.context.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::parse_scop;

    /// A two-level pyramid over `N`: `half` is `N / 2` wide, assumed even.
    fn pyramid(assumed: &str) -> Scop {
        let mut scop = parse_scop(
            "scop down;\nparam N >= 2;\narray img[N] : f32 in;\narray half[floor(N / 2)] : f32 out;\n\
             for i = 0 to floor(N / 2) - 1 do\n  S0: half[i] = img[2 * i] + img[2 * i + 1];\ndone\n",
        )
        .unwrap();
        scop.assumptions.push(crate::model::Assumption { reason: "test".into(), set: format!("{}{{ : {assumed} }}", scop.param_prefix()) });
        scop
    }

    #[test]
    fn an_assumed_multiple_is_compressed_and_its_divisions_vanish() {
        let ctx = IslContext::with_default_quota();
        let scop = pyramid("N mod 4 = 0");
        let multiples = multiples(&ctx, &scop, &[0]).unwrap();
        assert_eq!(multiples, vec![(0, 4)]);
        let (compressed, compressions) = compress(&ctx, &scop, &multiples).unwrap();
        assert_eq!(compressions, vec![Compression { parameter: 0, factor: 4, compressed: 1 }]);
        assert_eq!(compressed.param_names(), vec!["N", "N_by4"]);
        let domain = &compressed.statements[0].domain;
        assert!(!domain.contains("floor") && !domain.contains("mod") && domain.contains("2N_by4"), "{domain}");
        // The size floor(N / 2) is 2 N_by4.
        assert_eq!(compressed.arrays[1].sizes[0], AffExpr::param(1).scale(2));
        assert_eq!(equalities(&compressed, &compressions), "[N, N_by4] -> { : N = 4 N_by4 }");
    }

    #[test]
    fn an_offset_or_a_disjunction_is_not_compressed() {
        let ctx = IslContext::with_default_quota();
        assert_eq!(multiples(&ctx, &pyramid("N mod 4 = 1"), &[0]).unwrap(), vec![]);
        assert_eq!(multiples(&ctx, &pyramid("N mod 4 = 0 or N = 6"), &[0]).unwrap(), vec![]);
        assert_eq!(multiples(&ctx, &pyramid("N >= 8"), &[0]).unwrap(), vec![]);
    }

    #[test]
    fn multiples_are_assumed_where_only_small_sizes_are_other() {
        let ctx = IslContext::with_default_quota();
        // Odd sizes only below 2: the assumption takes nothing else away.
        let degenerate = pyramid("N <= 0 or N mod 2 = 0 or (N = 1)");
        assert_eq!(multiples(&ctx, &degenerate, &[0]).unwrap(), vec![]);
        let assumed = multiples_but_small_sizes(&ctx, &degenerate).unwrap().expect("only small sizes differ");
        assert!(assumed.set.contains("N mod 2 = 0") && assumed.reason.contains("smaller or other sizes"), "{assumed:?}");
        // An odd size of 7 is a real size: not taken away.
        assert_eq!(multiples_but_small_sizes(&ctx, &pyramid("N mod 2 = 0 or N = 7")).unwrap(), None);
        // Nothing said of multiples: not assumed either.
        assert_eq!(multiples_but_small_sizes(&ctx, &pyramid("N >= 2")).unwrap(), None);
    }

    #[test]
    fn compressed_sets_are_the_original_ones_where_the_equality_holds() {
        let ctx = IslContext::with_default_quota();
        let scop = pyramid("N mod 8 = 0");
        let (compressed, compressions) = compress(&ctx, &scop, &multiples(&ctx, &scop, &[0]).unwrap()).unwrap();
        let with = |text: &str| {
            let set = ctx.set(text).unwrap().intersect_params(ctx.param_set(&equalities(&compressed, &compressions)).unwrap().raw().copy().unwrap()).unwrap();
            let set = set.intersect_params(crate::isl::assumed_context(&ctx, &scop).unwrap().raw().copy().unwrap()).unwrap();
            ctx.set_text(&set).unwrap()
        };
        let original = with(&scop.statements[0].domain);
        let rewritten = with(&compressed.statements[0].domain);
        assert!(crate::isl::sets_equal(&ctx, &original, &rewritten).unwrap(), "{original} vs {rewritten}");
    }
}
