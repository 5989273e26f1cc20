//! Reductions over a few constant iterations, split per iteration (not in paper 003).
//!
//! A convolution written as C programmers write it accumulates its taps in a scalar:
//! `sum = 0; for (k = -2; k <= 2; k++) sum += w[k + 2] * in[clamp(x + k)]; t[x] = sum;`. The
//! update `sum += ...` reads the location it writes, at every iteration of `k`: a
//! recurrence (section 3.3, limitation 1), so `sum` is not propagated, and neither is `t`,
//! whose writer reads `sum`. Yet the loop over `k` has a few constant iterations, and each of
//! them is a statement of its own once the update's domain is split per value of `k`: the
//! chain init, tap 0, ..., tap 4, store has no cycle, and propagation along it rounds (one
//! per tap) gives `t[x] = fmuladd(w4, in.., ... fmuladd(w0, in.., 0))`, the same operations
//! in the same order. The split changes no instance and no schedule: it is index-set
//! splitting of the model, what LLVM's full unrolling would do to the code later.

use crate::splitting::{fresh_name, rename_map, rename_set};
use isl_rs::DimType;
use polyhedral::isl::{IslContext, IslResult};
use polyhedral::model::{Scop, Statement};
use std::collections::HashSet;

/// Most instances of one update after splitting (a 5x5 kernel has 25).
const MAX_PARTS: i64 = 32;

/// `scop` with each scalar update (a statement that reads the scalar it writes) split per
/// value of its dimensions that take a few constant values, and the updates split with their
/// numbers of parts; `None` when there is none.
pub(crate) fn split_constant_reductions(ctx: &IslContext, scop: &Scop) -> IslResult<Option<(Scop, Vec<(String, usize)>)>> {
    let mut names: HashSet<String> = scop.statements.iter().map(|s| s.name.clone()).collect();
    let mut statements = Vec::with_capacity(scop.statements.len());
    let mut split = Vec::new();
    for statement in &scop.statements {
        let parts = match is_scalar_update(scop, statement) {
            true => split_per_iteration(ctx, statement, &mut names)?,
            false => None,
        };
        match parts {
            Some(parts) => {
                split.push((statement.name.clone(), parts.len()));
                statements.extend(parts);
            }
            None => statements.push(statement.clone()),
        }
    }
    Ok((!split.is_empty()).then(|| (Scop { statements, ..scop.clone() }, split)))
}

/// Whether `statement` writes a scalar that its value reads: an accumulation.
fn is_scalar_update(scop: &Scop, statement: &Statement) -> bool {
    let scalar = statement.write.array;
    scop.arrays[scalar].is_scalar() && statement.guard.is_none() && statement.value.reads().iter().any(|a| a.array == scalar)
}

/// The parts of `statement`, one per combination of values of the dimensions whose values
/// are constants (over every parameter value) in a range of at most `MAX_PARTS` points;
/// `None` when no dimension has such a range.
fn split_per_iteration(ctx: &IslContext, statement: &Statement, names: &mut HashSet<String>) -> IslResult<Option<Vec<Statement>>> {
    let mut constraints: Vec<Vec<String>> = vec![vec![]];
    for (k, iterator) in statement.iterators.iter().enumerate() {
        let Some((low, high)) = constant_range(ctx, &statement.domain, k)? else { continue };
        if (high - low + 1) * constraints.len() as i64 > MAX_PARTS {
            continue;
        }
        constraints = constraints
            .into_iter()
            .flat_map(|fixed| (low..=high).map(move |v| [fixed.clone(), vec![format!("{iterator} = {v}")]].concat()))
            .collect();
    }
    if constraints.len() < 2 {
        return Ok(None);
    }
    let mut parts = Vec::new();
    for fixed in constraints {
        let piece = format!("{{ {}[{}] : {} }}", statement.name, statement.iterators.join(", "), fixed.join(" and "));
        let domain = ctx.union_set(&statement.domain)?.intersect(ctx.union_set(&piece)?)?;
        if domain.is_empty()? {
            continue;
        }
        let name = fresh_name(&statement.name, parts.len(), names);
        parts.push(Statement {
            domain: rename_set(ctx, &domain.to_isl_string()?, &name)?,
            schedule: rename_map(ctx, &statement.schedule, DimType::In, &name)?,
            name,
            ..statement.clone()
        });
    }
    Ok(Some(parts))
}

/// The least and greatest value of dimension `k` of `domain` over every parameter value,
/// when both are finite.
fn constant_range(ctx: &IslContext, domain: &str, k: usize) -> IslResult<Option<(i64, i64)>> {
    let values = ctx.check(ctx.set(domain)?.project_out_all_params())?;
    let low = ctx.check(ctx.check(values.copy())?.dim_min_val(k as i32))?;
    let high = ctx.check(values.dim_max_val(k as i32))?;
    if !ctx.check(low.is_int())? || !ctx.check(high.is_int())? {
        return Ok(None);
    }
    Ok(Some((ctx.check(low.get_num_si())?, ctx.check(high.get_num_si())?)))
}
