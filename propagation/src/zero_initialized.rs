//! Temporaries whose contents start as zeros (not in paper 003, whose temporaries are
//! written before they are read). C programs take a `calloc` buffer for a stage that writes
//! only the interior and let the next stage read the zero border (`calloc(w * h, 4)`, then
//! `t[y][x]` for `1 <= x < w - 1`, read at every `x`). The zeros are values of the program:
//! a read that no write of the SCoP reaches reads zero, and the array cannot go while the
//! model does not say where that zero comes from.
//!
//! So the model gets the write it lacks: a statement `Zeros_A[e] = 0` over the elements of
//! `A` that some read instance reads before any write of the SCoP (isl's dataflow analysis:
//! no RAW dependence ends in it), scheduled before every other statement. Propagation then
//! treats the zeros like any other value (section 3): recomputed at the border reads, and
//! the statement removed with the array's other writers. Where the array stays, the
//! statement writes the zeros the generated allocation needs; calloc's bytes are all zero,
//! which is the value 0 (or +0.0) of every element type.

use crate::reload_test::{Analysis, Relations};
use crate::splitting::rename_set;
use crate::uninitialized::unreached_reads;
use polyhedral::affine::AffExpr;
use polyhedral::isl::{self, IslContext, IslResult};
use polyhedral::model::{Access, ArrayId, Constant, Contents, Expr, Liveness, Scop, Statement};

/// `scop` with a statement writing the initial zeros of each zero-initialized temporary that
/// is read before it is written, first in the schedule, and the names of those arrays; `None`
/// if there is none.
pub(crate) fn write_initial_zeros(ctx: &IslContext, scop: &Scop) -> IslResult<Option<(Scop, Vec<String>)>> {
    let candidates: Vec<ArrayId> = (0..scop.arrays.len())
        .filter(|&a| {
            let array = &scop.arrays[a];
            array.initial == Contents::Zeros && array.liveness == Liveness::Temporary && !array.is_scalar()
        })
        .collect();
    let Some(schedule_dims) = schedule_dims(ctx, scop, &candidates)? else { return Ok(None) };
    let relations = Relations::default();
    let analysis = Analysis::new(ctx, scop, &relations)?;
    let mut statements = Vec::new();
    let mut arrays = Vec::new();
    for array in candidates {
        let dims = scop.arrays[array].sizes.len();
        // The statement's loops are the array's dimensions: they must fit the schedule.
        if 2 * dims + 1 > schedule_dims {
            continue;
        }
        let name = statement_name(scop, array);
        let Some(domain) = zeros_read(ctx, &analysis, scop, array, &name)? else { continue };
        statements.push(zeros_statement(scop, array, name, domain, schedule_dims));
        arrays.push(scop.arrays[array].name.clone());
    }
    drop(analysis);
    if statements.is_empty() {
        return Ok(None);
    }
    let mut out = scop.clone();
    out.statements.splice(0..0, statements);
    Ok(Some((out, arrays)))
}

/// The number of schedule dimensions of `scop`'s statements, when there is a candidate.
fn schedule_dims(ctx: &IslContext, scop: &Scop, candidates: &[ArrayId]) -> IslResult<Option<usize>> {
    match (candidates.is_empty(), scop.statements.first()) {
        (false, Some(first)) => isl::map_out_dims(ctx, &first.schedule).map(Some),
        _ => Ok(None),
    }
}

/// `{ name[e] }`: the elements of `array` that some affine read instance reads where no write
/// of the SCoP reaches it; `None` if there are none. A may-read (a data-dependent subscript,
/// a histogram's bin) is left out: its elements are the whole array, unbounded where the
/// outermost size is unknown (no AST can scan them), and a location with a may-read stays, in
/// memory the generated code allocates with `calloc`, whose zeros it then reads.
fn zeros_read<'c>(ctx: &'c IslContext, analysis: &Analysis<'_, 'c>, scop: &Scop, array: ArrayId, name: &str) -> IslResult<Option<String>> {
    let mut elements = ctx.empty_union_map()?.range()?;
    for (statement, read, instances) in unreached_reads(ctx, analysis, scop, array)? {
        let access = scop.statements[statement].value.reads()[read];
        if access.is_may() {
            continue;
        }
        elements = elements.union(analysis.access_relation(statement, access)?.intersect_domain(instances)?.range()?)?;
    }
    let elements = elements.coalesce()?;
    match elements.is_empty()? {
        true => Ok(None),
        false => rename_set(ctx, &elements.to_isl_string()?, name).map(Some),
    }
}

/// A statement name no statement of `scop` has.
fn statement_name(scop: &Scop, array: ArrayId) -> String {
    let base = format!("Zeros_{}", scop.arrays[array].name);
    let mut name = base.clone();
    let mut k = 1;
    while scop.statements.iter().any(|s| s.name == name) {
        name = format!("{base}_{k}");
        k += 1;
    }
    name
}

/// `name[e] : e in domain`, writing `array[e] = 0` before every statement of `scop`.
fn zeros_statement(scop: &Scop, array: ArrayId, name: String, domain: String, schedule_dims: usize) -> Statement {
    let dims = scop.arrays[array].sizes.len();
    let iterators: Vec<String> = (0..dims).map(|k| format!("i{k}")).collect();
    // [-1, i0, 0, i1, 0, ...]: before the first statement's constant 0, padded with zeros.
    let mut times = vec!["-1".to_string()];
    for i in &iterators {
        times.push(i.clone());
        times.push("0".to_string());
    }
    times.resize(schedule_dims, "0".to_string());
    let schedule = format!("{}{{ {name}[{}] -> [{}] }}", scop.param_prefix(), iterators.join(", "), times.join(", "));
    let element = scop.arrays[array].element;
    let zero = match element.is_float() {
        true => Constant::Float(0.0, element),
        false => Constant::Int(0, element),
    };
    Statement {
        name,
        iterators,
        domain,
        schedule,
        write: Access::affine(array, (0..dims).map(AffExpr::iter).collect()),
        value: Expr::Constant(zero),
        guard: None,
        location: None,
    }
}
