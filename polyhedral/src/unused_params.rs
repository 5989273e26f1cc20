//! Parameters the model does not mention, and the model without them (compile time; not in
//! the papers).
//!
//! Model building makes a parameter of every region-invariant integer it meets, also of
//! values it then reads as expressions of others: a pyramid's `R1 = R / 2` is `floor(R/2)`
//! wherever it is used, and products of sizes made for a linearized subscript are left unused
//! once the array is delinearized. Every isl space of the model carries all parameters all the
//! same, and isl's work grows with the number of dimensions: local Laplacian's model had 24
//! parameters of which 2 are mentioned. [`retain`] drops the others from every set and
//! relation and renumbers the parameter references of subscripts, sizes and values.
//! [`value_only_out_of_spaces`] takes those that only values read (a size converted to
//! `float`) out of the spaces, while they stay parameters of the values.

use std::cell::RefCell;

use crate::affine::{AffExpr, AffVar};
use crate::model::{Access, Expr, Scop};

/// Per parameter, whether a set or relation of `scop` (domains, schedules, context,
/// assumptions), a subscript, an array size or a value mentions it.
pub fn mentioned(scop: &Scop) -> Vec<bool> {
    mentioned_by(scop, true, true)
}

/// [`mentioned`] but for the context: where the context holds only facts of one parameter
/// each (the range of its type), a parameter nothing else mentions is unused all the same.
pub fn mentioned_beyond_context(scop: &Scop) -> Vec<bool> {
    mentioned_by(scop, true, false)
}

/// Per parameter, whether a set or relation of `scop`, a subscript or an array size mentions
/// it: the parameters isl's spaces must carry.
pub fn in_sets(scop: &Scop) -> Vec<bool> {
    mentioned_by(scop, false, true)
}

fn mentioned_by(scop: &Scop, values: bool, context: bool) -> Vec<bool> {
    let used = RefCell::new(vec![false; scop.params.len()]);
    let note = |k: usize| {
        if let Some(u) = used.borrow_mut().get_mut(k) {
            *u = true;
        }
    };
    for_each_affine(scop, &mut |e| params_of(e).into_iter().for_each(note), &mut |k| {
        if values {
            note(k)
        }
    });
    // A data-dependent subscript's value bounds its access relation (`Scop::access_relation`
    // takes the range of the value, which may be written with the parameters it reads).
    for statement in &scop.statements {
        for access in statement.reads().into_iter().chain([&statement.write]) {
            for value in access.data.0.iter().flatten() {
                value.visit(&mut |node| {
                    if let Expr::Parameter(k) = node {
                        note(*k);
                    }
                });
            }
        }
    }
    let mut used = used.into_inner();
    let names: Vec<&str> = scop.params.iter().map(|p| p.name.as_str()).collect();
    for text in texts(scop).into_iter().skip(usize::from(!context)) {
        let body = text.split_once("->").map_or(text, |(_, body)| body);
        for word in body.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            // isl writes a coefficient against the name (`4p3`); names do not start with a digit.
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit());
            if let Some(k) = names.iter().position(|n| *n == word) {
                used[k] = true;
            }
        }
    }
    used
}

/// `scop` over the parameters marked in `keep` only (in their order); `None` when some set or
/// relation is not written over the model's parameter list (`Scop::param_prefix`), so that
/// its parameters cannot be dropped by text.
pub fn retain(scop: &Scop, keep: &[bool]) -> Option<Scop> {
    let mut out = scop.clone();
    out.params = scop.params.iter().zip(keep).filter(|(_, k)| **k).map(|(p, _)| p.clone()).collect();
    rewrite_prefixes(&mut out, &scop.param_prefix())?;
    let renumber = renumbering(keep);
    let failed = std::cell::Cell::new(false);
    let map = |e: &mut AffExpr| match renumbered(e, &renumber) {
        Some(renumbered) => *e = renumbered,
        None => failed.set(true),
    };
    for_each_affine_mut(&mut out, &map, &mut |k: &mut usize| match renumber[*k] {
        Some(new) => *k = new,
        None => failed.set(true),
    });
    (!failed.get()).then_some(out)
}

/// `scop` with the parameters that only values read out of its isl spaces (`Parameter::
/// in_spaces`); they stay parameters of the values. Local Laplacian's compressed model reads
/// 10 of its 12 parameters in values only (the sizes, the products of plane offsets), and
/// every isl operation carried them. `None` when no parameter leaves, or as in [`retain`].
pub fn value_only_out_of_spaces(scop: &Scop) -> Option<Scop> {
    let in_sets = in_sets(scop);
    let leaving: Vec<usize> = (0..scop.params.len()).filter(|&k| scop.params[k].in_spaces && !in_sets[k]).collect();
    if leaving.is_empty() {
        return None;
    }
    let mut out = scop.clone();
    for k in leaving {
        out.params[k].in_spaces = false;
    }
    rewrite_prefixes(&mut out, &scop.param_prefix())?;
    Some(out)
}

/// Writes the sets and relations of `scop`, written over `old_prefix`, over its
/// `param_prefix()`; `None` if one is written over other parameters.
fn rewrite_prefixes(scop: &mut Scop, old_prefix: &str) -> Option<()> {
    let new_prefix = scop.param_prefix();
    let rewrite = |text: &mut String| -> Option<()> {
        let body = text.trim_start().strip_prefix(old_prefix)?;
        *text = format!("{new_prefix}{body}");
        Some(())
    };
    rewrite(&mut scop.context)?;
    for assumption in &mut scop.assumptions {
        rewrite(&mut assumption.set)?;
    }
    for statement in &mut scop.statements {
        rewrite(&mut statement.domain)?;
        rewrite(&mut statement.schedule)?;
    }
    Some(())
}

/// The parameters `e` mentions (with repetitions).
pub fn params_of(e: &AffExpr) -> Vec<usize> {
    let found = RefCell::new(Vec::new());
    e.substitute(&|v| {
        if let AffVar::Param(k) = v {
            found.borrow_mut().push(*k);
        }
        Some(AffExpr::var(v.clone()))
    });
    found.into_inner()
}

/// `e` with each parameter `k` renamed `renumber[k]`; `None` if it mentions a dropped one.
pub fn renumbered(e: &AffExpr, renumber: &[Option<usize>]) -> Option<AffExpr> {
    e.substitute(&|v| match v {
        AffVar::Param(k) => renumber[*k].map(AffExpr::param),
        other => Some(AffExpr::var(other.clone())),
    })
}

/// The new index of each kept parameter.
pub fn renumbering(keep: &[bool]) -> Vec<Option<usize>> {
    let mut next = 0;
    keep.iter()
        .map(|&k| {
            k.then(|| {
                next += 1;
                next - 1
            })
        })
        .collect()
}

fn texts(scop: &Scop) -> Vec<&str> {
    let mut out = vec![scop.context.as_str()];
    out.extend(scop.assumptions.iter().map(|a| a.set.as_str()));
    for s in &scop.statements {
        out.push(&s.domain);
        out.push(&s.schedule);
    }
    out
}

/// Every affine expression (`on_affine`) and parameter reference of a value (`on_param`).
fn for_each_affine(scop: &Scop, on_affine: &mut dyn FnMut(&AffExpr), on_param: &mut dyn FnMut(usize)) {
    for size in scop.arrays.iter().flat_map(|a| a.sizes.iter().flatten()) {
        on_affine(size);
    }
    let access = |a: &Access, on_affine: &mut dyn FnMut(&AffExpr)| a.subscripts.iter().for_each(|s| on_affine(s));
    for s in &scop.statements {
        access(&s.write, on_affine);
        for e in s.expressions() {
            e.visit(&mut |node| match node {
                Expr::Parameter(k) => on_param(*k),
                Expr::Read(a) => access(a, on_affine),
                _ => {}
            });
        }
    }
}

/// `for_each_affine`, rewriting in place.
pub(crate) fn for_each_affine_mut(scop: &mut Scop, on_affine: &dyn Fn(&mut AffExpr), on_param: &mut dyn FnMut(&mut usize)) {
    for size in scop.arrays.iter_mut().flat_map(|a| a.sizes.iter_mut().flatten()) {
        on_affine(size);
    }
    for s in &mut scop.statements {
        s.write.subscripts.iter_mut().for_each(on_affine);
        for e in s.expressions_mut() {
            e.visit_mut(&mut |node| match node {
                Expr::Parameter(k) => on_param(k),
                Expr::Read(a) => a.subscripts.iter_mut().for_each(on_affine),
                _ => {}
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::parse_scop;

    /// A downsampling whose parameter `H` (the height, say) nothing reads, and `M` the same.
    fn downsampling(params: &str) -> Scop {
        parse_scop(&format!(
            "scop down;\n{params}\narray img[2 * N] : f32 in;\narray half[N] : f32 out;\n\
             for i = 0 to N - 1 do\n  S0: half[i] = img[2 * i] + img[2 * i + 1];\ndone\n"
        ))
        .unwrap()
    }

    #[test]
    fn drops_parameters_nothing_mentions() {
        let scop = downsampling("param N >= 1;\nparam H;\nparam M;");
        assert_eq!(mentioned(&scop), vec![true, false, false]);
        let kept = retain(&scop, &mentioned(&scop)).unwrap();
        assert_eq!(kept.param_names(), vec!["N"]);
        assert!(kept.statements.iter().all(|s| s.domain.starts_with("[N] -> ")));
        assert!(kept.context.starts_with("[N] -> "));
    }

    #[test]
    fn a_parameter_a_data_dependent_subscript_reads_stays_in_the_spaces() {
        // `img[K]` with K read as a value: the access relation bounds the subscript by its
        // value's range, which names K.
        let mut scop = downsampling("param N >= 1;\nparam K;");
        scop.statements[0].value.visit_mut(&mut |e| {
            if let Expr::Read(a) = e {
                a.data = crate::model::DataSubscripts(vec![Some(Expr::Parameter(1))]);
            }
        });
        assert_eq!(in_sets(&scop), vec![true, true]);
        assert!(value_only_out_of_spaces(&scop).is_none());
    }

    #[test]
    fn a_parameter_only_its_own_context_fact_mentions_is_unused_beyond_the_context() {
        let scop = downsampling("param N >= 1;\nparam H >= 0;");
        assert!(scop.context.contains("H >= 0"), "{}", scop.context);
        assert_eq!((mentioned(&scop), mentioned_beyond_context(&scop)), (vec![true, true], vec![true, false]));
    }

    #[test]
    fn a_parameter_written_with_its_coefficient_is_mentioned() {
        // gen-loops seed 50040: an assumption `4p3 <= 4 + p0 + p1` kept p3 out of the list.
        let mut scop = downsampling("param N >= 1;\nparam P;");
        scop.assumptions.push(crate::model::Assumption { reason: "test".into(), set: format!("{}{{ : 4P <= 4 + N }}", scop.param_prefix()) });
        assert_eq!(mentioned(&scop), vec![true, true]);
    }

    #[test]
    fn a_parameter_only_values_read_leaves_the_spaces_only() {
        let scop = parse_scop(
            "scop offset;\nparam N >= 1;\nparam W;\narray img[2 * N] : i64 in;\narray half[N] : i64 out;\n\
             for i = 0 to N - 1 do\n  S0: half[i] = img[2 * i] + W;\ndone\n",
        )
        .unwrap();
        assert_eq!((mentioned(&scop), in_sets(&scop)), (vec![true, true], vec![true, false]));
        let out = value_only_out_of_spaces(&scop).unwrap();
        assert_eq!(out.param_names(), vec!["N", "W"]);
        assert!(out.statements.iter().all(|s| s.domain.starts_with("[N] -> ") && s.schedule.starts_with("[N] -> ")));
        assert_eq!(out.statements[0].value, scop.statements[0].value);
        assert!(value_only_out_of_spaces(&out).is_none());
        let given = [("N".to_string(), 5), ("W".to_string(), -3)];
        let (before, after) = (crate::interp::interpret(&scop, &given, 7).unwrap(), crate::interp::interpret(&out, &given, 7).unwrap());
        assert_eq!((before.instances, &before.live_out), (5, &after.live_out));
    }

    #[test]
    fn renumbers_references_after_a_dropped_parameter() {
        let scop = downsampling("param H;\nparam N >= 1;");
        assert_eq!(mentioned(&scop), vec![false, true]);
        assert_eq!(scop.arrays[1].sizes[0], Some(AffExpr::param(1)));
        let kept = retain(&scop, &mentioned(&scop)).unwrap();
        assert_eq!(kept.param_names(), vec!["N"]);
        assert_eq!(kept.arrays[0].sizes[0], AffExpr::param(0).scale(2));
        assert_eq!(kept.arrays[1].sizes[0], Some(AffExpr::param(0)));
        assert_eq!(kept.statements[0].value.reads()[0].subscripts[0], AffExpr::iter(0).scale(2).unwrap());
    }
}
