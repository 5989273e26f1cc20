//! Statement splitting and syntactic read replacement (paper 003, section 3, Figure 5).
//!
//! Syntactic replacement needs a surjective propagation dependence, `range(w -> r) = I_r`.
//! The target statement is split into parts: for each replaced read, the target domain is cut
//! along the pieces of its propagation dependence (each piece has its own propagation
//! expression, `expressions`) and the part no piece reaches; the parts of all replaced reads
//! are intersected. Every non-empty part becomes a statement with the same schedule (the parts
//! are disjoint, so schedules stay injective), the same write, and the target's value with the
//! reads replaced by the propagation expressions that hold on that part. Accesses are
//! duplicated with the statement; dependences follow because they are recomputed from the
//! model.
//!
//! Names: a target that is not split keeps its name; the parts of a split target `T` are
//! `T_0`, `T_1`, ... (`T_0_1` if taken).

use crate::expressions::{replace_reads, rewrite, PropagationPiece};
use isl_rs::DimType;
use polyhedral::isl::{IslContext, IslResult, UnionSet};
use polyhedral::model::{Scop, Statement, StatementId};
use std::collections::HashSet;

/// The replacement of the `read`-th read of a target by the value of `source`.
pub(crate) struct ReadReplacement {
    pub read: usize,
    pub source: StatementId,
    pub pieces: Vec<PropagationPiece>,
}

/// One statement that results from a split.
pub(crate) struct Part {
    pub statement: Statement,
    /// Whether some read was replaced in this part.
    pub replaced: bool,
}

/// Splits `target` along `replacements`; `None` if a propagation expression cannot be built.
pub(crate) fn split_target(
    ctx: &IslContext,
    scop: &Scop,
    target: StatementId,
    replacements: &[ReadReplacement],
    names: &mut HashSet<String>,
) -> IslResult<Option<Vec<Part>>> {
    let statement = &scop.statements[target];
    // (part of the domain, chosen (replacement, piece) per replaced read)
    // The domain within (the hull of) the assumed context: parts outside it never execute.
    // The parts are cut without its divisibility constraints, whose existentially quantified
    // variables make each intersection and subtraction costlier (interpolate's propagation:
    // 1.35 -> 0.97 s), and restricted to it at the end: the same sets.
    let assumed = polyhedral::isl::analysis_context(ctx, scop)?;
    let domain = ctx.union_set(&statement.domain)?.intersect_params(&assumed.copy()?.without_divs()?)?;
    let mut parts: Vec<(UnionSet, Vec<(usize, usize)>)> = vec![(domain, vec![])];
    for (r, replacement) in replacements.iter().enumerate() {
        let mut reached = ctx.union_set("{ }")?;
        for piece in &replacement.pieces {
            reached = reached.union(ctx.union_set(&piece.target_part)?)?;
        }
        let mut next = Vec::new();
        for (set, chosen) in parts {
            for (p, piece) in replacement.pieces.iter().enumerate() {
                let inside = set.copy()?.intersect(ctx.union_set(&piece.target_part)?)?;
                if !inside.is_empty()? {
                    let mut chosen = chosen.clone();
                    chosen.push((r, p));
                    next.push((inside, chosen));
                }
            }
            let rest = set.subtract(reached.copy()?)?;
            if !rest.is_empty()? {
                next.push((rest, chosen));
            }
        }
        parts = next;
    }
    let mut within = Vec::new();
    for (set, chosen) in parts {
        let set = set.intersect_params(&assumed)?;
        if !set.is_empty()? {
            within.push((set, chosen));
        }
    }
    let parts = within;
    let single = parts.len() == 1;
    let mut out = Vec::new();
    for (index, (set, chosen)) in parts.into_iter().enumerate() {
        let mut values = Vec::new();
        for (r, p) in &chosen {
            let replacement = &replacements[*r];
            let source = &scop.statements[replacement.source];
            let piece = &replacement.pieces[*p];
            let Some(value) = rewrite(scop, &source.value, &piece.source_iterators) else { return Ok(None) };
            values.push((replacement.read, value));
        }
        let mut new = statement.clone();
        new.value = replace_reads(&statement.value, &values);
        let domain = set.coalesce()?.to_isl_string()?;
        if single {
            new.domain = domain;
        } else {
            let name = fresh_name(&statement.name, index, names);
            new.domain = rename_set(ctx, &domain, &name)?;
            new.schedule = rename_map(ctx, &statement.schedule, DimType::In, &name)?;
            new.name = name;
        }
        out.push(Part { statement: new, replaced: !chosen.is_empty() });
    }
    Ok(Some(out))
}

pub(crate) use polyhedral::isl::{rename_map, rename_set};

pub(crate) fn fresh_name(base: &str, index: usize, names: &mut HashSet<String>) -> String {
    polyhedral::model::fresh_name(base, &index.to_string(), names)
}
