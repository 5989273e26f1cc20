//! Reads of indeterminate contents (not in paper 003, which assumes every temporary element
//! read was written). A temporary from `malloc`, `new[]` or a local array
//! (`Contents::Indeterminate`) holds garbage until the SCoP writes it; a read instance that no
//! write reaches (no RAW dependence ends in it) reads that garbage, and the source gives it
//! no value to keep. Camera pipe is written for even image sizes: its interleave writes rows
//! `0 .. 2 * (R / 2)` of the full-resolution channels, its colour correction reads rows
//! `0 .. R`, so for odd `R` the last row reads garbage, and that row alone kept three
//! full-resolution arrays alive.
//!
//! Such instances are assumed not to happen: the parameter values for which some exist are
//! excluded by an assumption of the model (the run-time check tests it with the others; where
//! it fails the original code runs), and the instances leave the reading statement's domain.
//! Only where the assumption leaves every parameter free to be large (`LARGE`): a program
//! that always reads garbage keeps its arrays and its code.

use crate::reload_test::{Analysis, Relations};
use polyhedral::isl::{self, IslContext, IslResult, ParamSet, UnionSet};
use polyhedral::model::{ArrayId, Assumption, Contents, Liveness, Scop};

/// The assumption must allow every parameter to be at least this large.
const LARGE: i32 = 64;

/// Rounds of exclusion: instances taken out of a writer's domain leave its readers' reads of
/// those elements without a write, which the next round takes out in turn.
const MAX_ROUNDS: usize = 8;

/// `scop` without the read instances of indeterminate contents, with the assumption that
/// excludes them, and the names of the temporaries read so; `None` if there are none (or the
/// assumption would leave no large parameters).
pub(crate) fn exclude_garbage_reads(ctx: &IslContext, scop: &Scop) -> IslResult<Option<(Scop, Vec<String>, String)>> {
    let candidates: Vec<ArrayId> = (0..scop.arrays.len())
        .filter(|&a| {
            let array = &scop.arrays[a];
            array.initial == Contents::Indeterminate && array.liveness == Liveness::Temporary && !array.is_scalar()
        })
        .collect();
    if candidates.is_empty() {
        return Ok(None);
    }
    let mut current = scop.clone();
    let mut excluded: Option<ParamSet> = None;
    let mut arrays = Vec::new();
    let mut never_runs: Vec<String> = Vec::new();
    // After the first round, only the arrays whose writers lost instances can have reads that
    // no write reaches any more (camera pipe: four rounds; local Laplacian's second found
    // nothing in 46 ms).
    let mut tried = candidates.clone();
    for _ in 0..MAX_ROUNDS {
        let relations = Relations::default();
        let analysis = Analysis::exact(ctx, &current, &relations)?;
        let mut garbage = Vec::new();
        for &array in &tried {
            if !reads_beyond_writes(ctx, &analysis, &current, array)? {
                continue;
            }
            let reads = garbage_reads(ctx, &analysis, &current, array)?;
            if !reads.is_empty() && !arrays.contains(&scop.arrays[array].name) {
                arrays.push(scop.arrays[array].name.clone());
            }
            garbage.extend(reads);
        }
        drop(analysis);
        if garbage.is_empty() {
            break;
        }
        tried = candidates.iter().copied().filter(|&a| garbage.iter().any(|(s, _)| current.statements[*s].write.array == a)).collect();
        for (statement, instances) in garbage {
            let params = instances.copy()?.params()?;
            excluded = Some(match excluded {
                Some(e) => e.union(params)?,
                None => params,
            });
            let left = ctx.union_set(&current.statements[statement].domain)?.subtract(instances)?.coalesce()?;
            let s = &mut current.statements[statement];
            // isl prints an empty union set without its tuple: keep the statement's space.
            s.domain = match left.is_empty()? {
                true => {
                    never_runs.push(s.name.clone());
                    format!("{}{{ {}[{}] : false }}", scop.param_prefix(), s.name, s.iterators.join(", "))
                }
                false => left.to_isl_string()?,
            };
        }
    }
    // A statement all of whose instances read garbage never runs under the assumption.
    current.statements.retain(|s| !never_runs.contains(&s.name));
    let Some(excluded) = excluded else { return Ok(None) };
    let universe = ctx.param_set(&format!("{}{{ : }}", scop.param_prefix()))?;
    let assumption = universe.subtract(excluded)?.coalesce()?;
    let possible = isl::assumed_context(ctx, scop)?.intersect(assumption.copy()?)?;
    if possible.with_parameters_at_least(LARGE)?.is_empty()? {
        return Ok(None);
    }
    let set = assumption.to_isl_string()?;
    current.assumptions.push(Assumption { reason: format!("no read of indeterminate {}", arrays.join(", ")), set: set.clone() });
    Ok(Some((current, arrays, set)))
}

/// Whether some element of `array` read is written by no statement: the cheap test that
/// spares most temporaries their dataflow analysis here (an element read before its write
/// is missed, and only means assuming nothing about it).
fn reads_beyond_writes(ctx: &IslContext, analysis: &Analysis, scop: &Scop, array: ArrayId) -> IslResult<bool> {
    let mut written = ctx.empty_union_map()?.range()?;
    let mut read = ctx.empty_union_map()?.range()?;
    for (s, statement) in scop.statements.iter().enumerate() {
        if statement.write.array == array {
            written = written.union(analysis.access_relation(s, &statement.write)?.range()?)?;
        }
        for access in statement.value.reads().into_iter().filter(|r| r.array == array) {
            read = read.union(analysis.access_relation(s, access)?.range()?)?;
        }
    }
    Ok(!read.is_subset(&written)?)
}

/// Per statement reading `array`: the instances that read it where no write reaches, for the
/// statements that have some.
fn garbage_reads<'c>(ctx: &'c IslContext, analysis: &Analysis<'_, 'c>, scop: &Scop, array: ArrayId) -> IslResult<Vec<(usize, UnionSet<'c>)>> {
    let mut out: Vec<(usize, UnionSet<'c>)> = Vec::new();
    for (target, _, instances) in unreached_reads(ctx, analysis, scop, array)? {
        match out.last_mut() {
            Some((last, garbage)) if *last == target => *garbage = instances.union(garbage.copy()?)?.coalesce()?,
            _ => out.push((target, instances)),
        }
    }
    Ok(out)
}

/// Per read of `array` (statement, index among its value's reads): the instances no write
/// reaches, for the reads that have some, in statement order.
pub(crate) fn unreached_reads<'c>(
    ctx: &'c IslContext,
    analysis: &Analysis<'_, 'c>,
    scop: &Scop,
    array: ArrayId,
) -> IslResult<Vec<(usize, usize, UnionSet<'c>)>> {
    let dependences = analysis.raw_dependences(array)?;
    let mut out = Vec::new();
    for (target, statement) in scop.statements.iter().enumerate() {
        for (k, read) in statement.value.reads().iter().enumerate() {
            if read.array != array {
                continue;
            }
            let mut unreached = analysis.domain(target)?;
            for d in dependences.iter().filter(|d| d.target == target && d.read == k) {
                unreached = unreached.subtract(ctx.union_map(&d.relation)?.range()?)?;
            }
            let unreached = unreached.coalesce()?;
            if !unreached.is_empty()? {
                out.push((target, k, unreached));
            }
        }
    }
    Ok(out)
}
