//! Builds the polyhedral model of one region (the ScopBuilder stage).
//!
//! Steps: domains of blocks (`domains`), statements and scalar locations (`statements`),
//! arrays and access relations (`arrays`), then the assembly done here: statement names in
//! schedule order, 2d+1 schedules from the loop tree, the parameter context and the
//! assumptions under which delinearization is exact.
//!
//! All isl work runs in one context with an operation quota; running out of it rejects the
//! region with the reason "complexity".

use crate::affinator::{Affinator, ParameterValue, Parameters};
use crate::arrays::{self, Arrays};
use crate::bridge::{Analyses, Loop};
use crate::domains::{self, isl_error, iterator_names, Domains};
use crate::ir::{self, Block, Value};
use crate::reject::{Reject, RejectKind, RejectResult};
use crate::region::Region;
use crate::profile::Evidence;
use crate::statements::{PendingStatement, StatementBuilder, Target, PENDING, SCALAR_BASE};
use polyhedral::affine::AffExpr;
use polyhedral::compression::Compression;
use polyhedral::isl::IslContext;
use isl_rs::DimType;
use polyhedral::model::*;
use std::collections::{HashMap, HashSet};

/// A SCoP with the LLVM values its model stands for (for code generation).
#[derive(Clone)]
pub struct BuiltScop {
    pub scop: Scop,
    /// Base pointer of each memory array (scalars have none), by array id.
    pub bases: Vec<Value>,
    /// What each parameter stands for: a value, or a product of earlier parameters.
    pub parameters: Vec<ParameterValue>,
    /// The value of each external.
    pub externals: Vec<Value>,
    /// Whether the region is the whole function body.
    pub is_function: bool,
    /// For a loop nest with a preheader and one exit block: where code generation versions
    /// it in place (`None` for a function body, or a nest without them).
    pub place: Option<NestPlace>,
    /// The live-out scalar holding the value the function returns, when its statements
    /// compute it.
    pub returned: Option<ArrayId>,
    /// A loop nest's values used after it, with the live-out scalars holding their last
    /// values (built with `hand_back` only).
    pub used_after: Vec<(Value, ArrayId)>,
    /// Flags and tags of the source instructions, for the generated code.
    pub fidelity: crate::fidelity::Fidelity,
    /// Where the values read only under guards are all read by the source, `[params] -> {
    /// : ... }`, in levels: first where the parameters loaded under guards are read (over the
    /// other parameters), then where the array bases loaded under guards are
    /// (`arrays::Arrays::guarded_bases`; over any parameter). The run-time check tests each
    /// level before it reads what the level guards. Empty without such values.
    pub load_guards: Vec<String>,
    /// The parameters loaded only under the loops' guards (`Affinator::guarded_base`): the
    /// run-time check reads them after the load guard holds.
    pub guarded_parameters: Vec<Value>,
    /// Loads read once at the region's entry with the written arrays that may overlap their
    /// bytes (`arrays::field_checks`): the run-time check tests them apart.
    pub field_checks: Vec<(Value, ArrayId)>,
    /// Whether the profile saw some load or store of the region move by a cache line or more
    /// per iteration of its innermost loop (`profile::Evidence::seen_across_lines`).
    pub profiled_across_lines: bool,
    /// Arrays allocated before a loop around the region that a run reads as an earlier run
    /// left them (`propagation::settle_carried`): live-out, named in the reason when no
    /// temporary is left.
    pub carried_live: Vec<String>,
    /// The parameters the model is written over in quotients (`polyhedral::compression`):
    /// the run-time check tests that each is the multiple the model assumes.
    pub compressions: Vec<Compression>,
    /// The reason of the assumption of sizes that made the compression possible
    /// (`polyhedral::compression::multiples_but_small_sizes`), for the transform's line.
    pub sizes: Option<String>,
}

impl BuiltScop {
    /// The SCoP over compressed parameters (`polyhedral::compression`), with the values of
    /// the new ones (`floor(R / m)`, a product of one factor); `None` where no parameter is
    /// compressed or isl gives up. Parameters read under guards, and index arrays' ranges,
    /// which the run-time check computes, are not compressed.
    pub fn compressed(&self, quota: u64) -> Option<BuiltScop> {
        // Index arrays' ranges are parameters the arrays name by index, which the pruning
        // below would renumber.
        if self.scop.arrays.iter().any(|a| a.index_range.is_some()) {
            return None;
        }
        let isl = IslContext::new(quota);
        let candidates: Vec<usize> = (0..self.parameters.len())
            .filter(|&k| self.scop.params[k].in_spaces)
            .filter(|&k| match &self.parameters[k] {
                ParameterValue::Value(v) => !self.guarded_parameters.contains(v),
                ParameterValue::Product { .. } => true,
                ParameterValue::IndexRange { .. } => false,
            })
            .collect();
        let mut source = self.scop.clone();
        let mut multiples = polyhedral::compression::multiples(&isl, &source, &candidates).ok()?;
        let mut sizes = None;
        if multiples.is_empty() {
            let assumption = polyhedral::compression::multiples_but_small_sizes(&isl, &source).ok()??;
            sizes = Some(assumption.reason.clone());
            source.assumptions.push(assumption);
            multiples = polyhedral::compression::multiples(&isl, &source, &candidates).ok()?;
        }
        if multiples.is_empty() {
            return None;
        }
        let (scop, compressions) = polyhedral::compression::compress(&isl, &source, &multiples).ok()?;
        let mut values = self.parameters.clone();
        for c in &compressions {
            let quotient = AffExpr::param(c.parameter).floor_div(c.factor)?;
            values.push(ParameterValue::Product { factors: vec![quotient], bits: 64 });
        }
        // The products of divided parameters (a plane's `R/2 * C/2`) are now written in the
        // quotients, and isl's work grows with every parameter of a space.
        let (scop, parameters, renumber) = without_unused_parameters(scop, values, None);
        // A specialized model compresses a model compressed before: the check tests both.
        let compressions = self
            .compressions
            .iter()
            .cloned()
            .chain(compressions)
            .map(|c| Some(Compression { parameter: renumber[c.parameter]?, compressed: renumber[c.compressed]?, ..c }))
            .collect::<Option<Vec<_>>>()?;
        Some(BuiltScop { scop, parameters, compressions, sizes: sizes.or_else(|| self.sizes.clone()), ..self.clone() })
    }
}

/// Where a loop-nest SCoP sits in its function: the run-time check goes at the end of the
/// loop's preheader (for a sequence of nests entered from a branch, on a block of its own on
/// that edge), the new code rejoins the original at its exit block.
#[derive(Clone)]
pub struct NestPlace {
    /// The one block outside that branches into the region.
    pub preheader: Block,
    /// Where the region starts: a loop's header, or the first block of a sequence of nests.
    pub entry: Block,
    pub exit: Block,
    pub blocks: HashSet<Block>,
}

impl NestPlace {
    fn of(function: Value, region: &Region) -> Option<NestPlace> {
        if region.is_function {
            return None;
        }
        let entry = region.entry;
        let mut into = ir::blocks(function).into_iter().filter(|b| !region.contains(*b) && ir::successors(*b).contains(&entry));
        let preheader = into.next()?;
        // One loop's exit, or the last one's of a sequence (`Region::loop_sequence`): the one
        // block outside that the region branches to.
        let mut outside = region.blocks.iter().flat_map(|b| region.successors(*b)).filter(|s| !region.contains(*s));
        let exit = outside.next()?;
        (into.next().is_none() && outside.all(|s| s == exit)).then(|| NestPlace { preheader, entry, exit, blocks: region.members().clone() })
    }

    /// Whether `value` is an instruction of the nest.
    pub fn defines(&self, value: Value) -> bool {
        ir::block_of(value).is_some_and(|b| self.blocks.contains(&b))
    }
}

/// The run-time check reads a row-pointer table between the first and the last row the
/// statements' domains reach, which the source reads only where it accesses those rows; under
/// a data-dependent condition it may not.
fn reject_guarded_rows(scop: &Scop) -> RejectResult<()> {
    for s in scop.statements.iter().filter(|s| s.guard.is_some()) {
        if s.reads().into_iter().chain([&s.write]).any(|a| scop.arrays[a.array].row_pointers) {
            let at = s.location.clone();
            return Err(Reject::new(RejectKind::UnknownBasePointer, "not yet: a row-pointer table read under a data-dependent condition").at(at));
        }
    }
    Ok(())
}

/// Builds the SCoP of `region`, or says why it is not one. With `hand_back` (a loop nest to
/// transform), the nest's values used after it are modeled as live-out scalars.
pub fn build(
    a: Analyses,
    function: Value,
    region: &Region,
    name: String,
    quota: u64,
    hand_back: bool,
    evidence: &Evidence,
) -> RejectResult<BuiltScop> {
    if region.loops().next().is_none() {
        return Err(Reject::new(RejectKind::NoLoop, "region without loops"));
    }
    let attempt = |truncations_as_parameters: bool, constant_rows: bool| {
        let reading = Reading { truncations_as_parameters, constant_rows };
        build_with(a, function, region, name.clone(), quota, hand_back, reading, evidence)
    };
    let infeasible = |r: &Reject, what: &str| r.kind == RejectKind::InfeasibleAssumption && r.message.starts_with(what);
    let read = |truncations_as_parameters: bool| match attempt(truncations_as_parameters, true) {
        // Rows of a constant size that some subscript always leaves
        // (`arrays::rows_of_constant_size`): the arrays read as one dimension, as written.
        Err(r) if infeasible(&r, "delinearization of") => attempt(truncations_as_parameters, false),
        built => built,
    };
    match read(false) {
        // A truncation's operand assumed to fit where it never does (a struct of two `int`s
        // passed by value as one `i64`): read truncations as parameters of their own.
        Err(r) if infeasible(&r, "no wrap") => read(true).map_err(|_| r),
        built => built,
    }
}

/// How `build_with` reads what the region's IR leaves open.
#[derive(Clone, Copy)]
struct Reading {
    /// Truncations as parameters of their own (not assumed to fit).
    truncations_as_parameters: bool,
    /// One-dimensional affine subscripts as rows of a constant size
    /// (`arrays::rows_of_constant_size`).
    constant_rows: bool,
}

#[allow(clippy::too_many_arguments)]
fn build_with(
    a: Analyses,
    function: Value,
    region: &Region,
    name: String,
    quota: u64,
    hand_back: bool,
    reading: Reading,
    evidence: &Evidence,
) -> RejectResult<BuiltScop> {
    let isl = IslContext::new(quota);
    let mut parameters = Parameters { truncations_as_parameters: reading.truncations_as_parameters, ..Parameters::default() };
    let domains = domains::compute(a, function, region, &mut parameters, &isl)?;
    let mut sb = StatementBuilder::new(a, function, region, &domains, &isl, &mut parameters);
    sb.build(hand_back && !region.is_function)?;
    let mut pending = std::mem::take(&mut sb.statements);
    let loads = std::mem::take(&mut sb.loads);
    // Zero fills of fresh allocations are their initial contents, not statements.
    let stores: Vec<Value> = pending.iter().filter_map(|s| match s.target {
        Target::Memory(inst) => Some(inst),
        Target::Scalar(_) => None,
    }).collect();
    let accesses: Vec<Value> = stores.iter().chain(&loads).copied().collect();
    let fill_calls: Vec<Value> = region.blocks.iter().flat_map(|b| ir::instructions(*b)).filter(|i| arrays::is_zero_fill_call(a, *i)).collect();
    let (zero_filled, fill_stores) = arrays::zero_fills(a, region, &stores, &fill_calls, &accesses);
    if let Some(&call) = fill_calls.iter().find(|c| !fill_stores.contains(*c)) {
        let why = "call to llvm.memset writes zeros that are not the array's initial contents (after other accesses of it, or into an array a run does not allocate)";
        return Err(Reject::new(RejectKind::CallWithSideEffects, why).at(ir::location(call)));
    }
    pending.retain(|s| !matches!(s.target, Target::Memory(inst) if fill_stores.contains(&inst)));
    let scalars = std::mem::take(&mut sb.scalars);
    let returned_scalar = sb.returned;
    let used_after = std::mem::take(&mut sb.used_after);
    let externals = std::mem::take(&mut sb.externals);
    let external_values = sb.external_values();
    let data_operands = std::mem::take(&mut sb.data_operands);
    let unit_first: Vec<usize> = pending
        .iter()
        .map(|s| region.order_of(sb.unit_leader(s.block)).unwrap_or(0))
        .collect();
    drop(sb);

    let mut memory: Vec<Value> = pending
        .iter()
        .filter_map(|s| match s.target {
            Target::Memory(inst) => Some(inst),
            Target::Scalar(_) => None,
        })
        .collect();
    memory.extend(&loads);
    let arrays = arrays::resolve(a, function, region, &domains, &isl, &mut parameters, &memory, &data_operands, &|i| evidence.seen_affine(i), reading.constant_rows, &zero_filled)?;

    let assembler = Assembler { a, region, domains: &domains, isl: &isl, arrays: &arrays, loads: &loads };
    let mut order: Vec<usize> = (0..pending.len()).collect();
    order.sort_by_key(|k| (unit_first[*k], pending[*k].position.index));
    let schedules = assembler.schedules(&pending, &order)?;
    let params = parameters.names();
    let prefix = format!("[{}] -> ", params.join(", "));

    let n_memory = arrays.arrays.len();
    let mut statements = Vec::new();
    let mut source_loops = HashMap::new();
    for (rank, &k) in order.iter().enumerate() {
        let p = &pending[k];
        let name = format!("S{rank}");
        let depth = region.loops_around(a, p.block).len();
        let iterators = iterator_names(depth);
        let domain = assembler.domain(p, &name, &prefix, depth)?;
        let write = match &p.target {
            Target::Memory(inst) => {
                let data = p.write_data.iter().map(|e| assembler.resolve_reads(e.clone(), n_memory)).collect();
                fill_data(arrays.access_of[inst].clone(), data)
            }
            Target::Scalar(id) => Access::affine(id - SCALAR_BASE + n_memory, Vec::new()),
        };
        let value = assembler.resolve_reads(p.value.clone(), n_memory);
        let time = &schedules[rank];
        let schedule = format!(
            "{prefix}{{ {name}[{its}] -> [{}] }}",
            time.join(", "),
            its = iterators.join(", ")
        );
        source_loops.insert(name.clone(), crate::fidelity::source_loops(a, region, p.block));
        let guard = p.guard.clone().map(|g| assembler.resolve_reads(g, n_memory));
        statements.push(Statement { name, iterators, domain, schedule, write, value, guard, location: p.location.clone() });
    }

    let mut all_arrays = arrays.arrays.clone();
    all_arrays.extend(scalars);
    let mut scop = Scop {
        name,
        params: parameters.params.clone(),
        context: context(&parameters),
        assumptions: Vec::new(),
        arrays: all_arrays,
        externals,
        statements,
        alias_checks: arrays.alias_checks.clone(),
    };
    reject_guarded_rows(&scop)?;
    if !evidence.is_empty() {
        // With a profile, flattened subscripts through index arrays are split (`flattened`),
        // which `index_arrays` then bounds.
        let written = scop.written_arrays();
        let delinearized = |id: ArrayId| arrays.delinearized.get(id).copied().unwrap_or(false);
        crate::flattened::split(&isl, &mut scop, &|scop, e| index_candidate(scop, e, &written).is_some(), &delinearized);
    }
    assembler.normalize_inner_subscripts(&mut scop)?;
    scop.assumptions = assembler.delinearization_assumptions(&scop)?;
    reject_infeasible(&isl, &scop, &scop.assumptions)?;
    let no_wrap = no_wrap_assumptions(&isl, &parameters)?;
    reject_infeasible(&isl, &scop, &no_wrap)?;
    scop.assumptions.extend(no_wrap);
    reject_infeasible(&isl, &scop, &domains.error_free)?;
    scop.assumptions.extend(domains.error_free.iter().cloned());
    let (mut scop, mut parameter_values, _) = without_unused_parameters(scop, parameters.values.clone(), Some(&parameters));
    let carried_live = propagation::settle_carried(&isl, &mut scop);
    // A nest inside a loop the SCoP does not hold is checked at each iteration of that loop,
    // where the pass over its index elements costs as much as the nest (spmv's rows).
    if !region.loops().any(|(l, depth)| depth == 0 && l.parent().is_some()) {
        index_arrays(&mut scop, &mut parameter_values, evidence);
    }
    let guarded_parameters = guarded_parameters(a, function, region, &mut parameters, &parameter_values);
    let guarded_names: Vec<String> = guarded_parameters
        .iter()
        .filter_map(|(v, _)| parameter_values.iter().position(|p| *p == ParameterValue::Value(*v)))
        .map(|k| scop.params[k].name.clone())
        .collect();
    let mut load_guards = Vec::new();
    load_guards.extend(load_guard(&isl, &scop, &domains, &guarded_parameters, &guarded_names)?);
    load_guards.extend(load_guard(&isl, &scop, &domains, &arrays.guarded_bases, &[])?);
    let mut roots: Vec<Value> = parameter_values.iter().filter_map(ParameterValue::value).collect();
    roots.extend(&external_values);
    roots.extend(&arrays.bases);
    let field_checks = arrays::field_checks(a, region, &arrays, &roots, &memory);
    let profiled_across_lines = memory.iter().any(|&inst| evidence.seen_across_lines(inst));
    // Statements that write nothing the SCoP models are impossible by construction; a model
    // whose accesses do not resolve is a bug, not an unsupported input.
    debug_assert!(scop.statements.iter().all(|s| s.write.array != PENDING));
    Ok(BuiltScop {
        scop,
        bases: arrays.bases.clone(),
        parameters: parameter_values,
        externals: external_values,
        is_function: region.is_function,
        place: NestPlace::of(function, region),
        returned: returned_scalar.map(|id| id - SCALAR_BASE + n_memory),
        used_after: used_after.into_iter().map(|(v, id)| (v, id - SCALAR_BASE + n_memory)).collect(),
        fidelity: crate::fidelity::Fidelity {
            loops: source_loops,
            ..crate::fidelity::summarize(function, region, &arrays)
        },
        load_guards,
        guarded_parameters: guarded_parameters.into_iter().map(|(v, _)| v).collect(),
        field_checks,
        profiled_across_lines,
        carried_live,
        compressions: Vec::new(),
        sizes: None,
    })
}

/// The parameters for which the source reads every one of the `guarded` values: for each,
/// some block holding a load of it runs (its domain's parameters), over the SCoP's final
/// parameters other than `unread` (the guarded parameters, for their own level). A guard on
/// a parameter the model dropped is a reject reason (never weakened).
fn load_guard(
    isl: &IslContext,
    scop: &Scop,
    domains: &Domains,
    guarded: &[(Value, Vec<Block>)],
    unread: &[String],
) -> RejectResult<Option<String>> {
    if guarded.is_empty() {
        return Ok(None);
    }
    let mut guard = isl.set(&format!("{}{{ : }}", scop.param_prefix())).map_err(isl_error)?;
    for (_, blocks) in guarded {
        let domains = blocks.iter().filter_map(|b| domains.of_block.get(b)).map(String::as_str);
        let runs = parameters_where_some_runs(isl, domains)?
            .ok_or_else(|| Reject::new(RejectKind::UnknownBasePointer, "base loaded outside every modeled block"))?;
        guard = isl.check(guard.intersect(runs)).map_err(isl_error)?;
    }
    // `p->count > 0 or (p->count > 0 and p->features > 0)` is `p->count > 0`.
    guard = isl.check(guard.coalesce()).map_err(isl_error)?;
    let names = scop.param_names();
    let mut k = 0;
    while k < isl.check(guard.dim(DimType::Param)).map_err(isl_error)? as u32 {
        let name = isl.check(guard.get_dim_name(DimType::Param, k)).map_err(isl_error)?.to_string();
        let involved = isl.check(guard.involves_dims(DimType::Param, k, 1)).map_err(isl_error)?;
        if involved && unread.contains(&name) {
            // The level is tested before its loads are read.
            return Err(Reject::new(RejectKind::UnknownBasePointer, format!("not yet: a value loaded under a condition on {name}, itself loaded under a condition")));
        } else if names.contains(&name) {
            k += 1;
        } else if isl.check(guard.involves_dims(DimType::Param, k, 1)).map_err(isl_error)? {
            return Err(Reject::new(RejectKind::UnknownBasePointer, format!("base read under a condition on {name}, which the model does not keep")));
        } else {
            guard = isl.check(guard.project_out(DimType::Param, k, 1)).map_err(isl_error)?;
        }
    }
    let guard = isl.check(guard.coalesce()).map_err(isl_error)?;
    Ok(Some(isl.set_text(&guard).map_err(isl_error)?))
}

/// The parameters that are loads the region reads only under its loops' guards, each with the
/// blocks of the region's loads of its bytes (as `arrays::Arrays::guarded_bases`).
fn guarded_parameters(a: Analyses, function: Value, region: &Region, parameters: &mut Parameters, values: &[ParameterValue]) -> Vec<(Value, Vec<Block>)> {
    let aff = Affinator { analyses: a, function, region, parameters, facts: None, products: true };
    values
        .iter()
        .filter_map(ParameterValue::value)
        .filter(|v| aff.is_guarded_parameter(*v))
        .map(|v| (v, aff.same_address_loads(v).into_iter().filter_map(ir::block_of).collect()))
        .collect()
}

/// The parameters for which some of `domains` (`[params] -> { S[i] : ... }`) is not empty;
/// `None` without domains.
fn parameters_where_some_runs<'d>(isl: &IslContext, domains: impl Iterator<Item = &'d str>) -> RejectResult<Option<isl_rs::Set>> {
    let mut runs: Option<isl_rs::Set> = None;
    for domain in domains {
        let params = isl.check(isl.set(domain).map_err(isl_error)?.params()).map_err(isl_error)?;
        runs = Some(match runs {
            None => params,
            Some(r) => isl.check(r.union(params)).map_err(isl_error)?,
        });
    }
    Ok(runs)
}

/// The index arrays of `scop` (issue 15): an integer array the SCoP only reads, at affine
/// subscripts, whose elements (sign-extended) are data-dependent subscripts of accesses the
/// profiled run executed (`image[north[i] + rows * j]`; the profile folds them into pieces
/// or, where an index clamps at a border, gives up on the axis: which elements are read is
/// the check's to find). Each gets two parameters, the smallest and the largest element read
/// (`ParameterValue::IndexRange`, computed by the run-time check), which bound those
/// subscripts (`polyhedral::model::Array::index_range`); where one is an inner subscript of a
/// dimension of known size, the assumptions `0 <= min` and `max <= size - 1` keep it inside
/// the dimension, as the source's addresses did in the profiled run.
fn index_arrays(scop: &mut Scop, values: &mut Vec<ParameterValue>, evidence: &Evidence) {
    if evidence.is_empty() {
        return;
    }
    let written = scop.written_arrays();
    // Per index array, the sizes of the inner dimensions it indexes.
    let mut found: Vec<(ArrayId, Vec<AffExpr>)> = Vec::new();
    for statement in &scop.statements {
        if !statement.location.as_ref().is_some_and(|l| evidence.loads_seen(l)) {
            continue;
        }
        for access in statement.reads().into_iter().chain([&statement.write]) {
            for (d, e) in access.data.0.iter().enumerate().filter_map(|(d, e)| Some((d, e.as_ref()?))) {
                let Some(index) = index_candidate(scop, e, &written) else { continue };
                let position = match found.iter().position(|(a, _)| *a == index) {
                    Some(p) => p,
                    None => {
                        found.push((index, Vec::new()));
                        found.len() - 1
                    }
                };
                if d > 0 {
                    if let Some(size) = scop.arrays[access.array].sizes[d].clone().filter(|s| !found[position].1.contains(s)) {
                        found[position].1.push(size);
                    }
                }
            }
        }
    }
    // The check reads every element the model says the SCoP reads: only where no read of the
    // index array is under a data-dependent condition or in a select's arm (the source reads
    // all of them then, and none is past the array's end).
    found.retain(|(index, _)| {
        scop.statements.iter().all(|s| {
            let reads = s.reads().iter().filter(|a| a.array == *index).count();
            reads == 0 || (s.guard.is_none() && s.unconditional_reads().iter().filter(|a| a.array == *index).count() == reads)
        })
    });
    for (index, sizes) in found {
        let name = scop.arrays[index].name.clone();
        let min = scop.params.len();
        let mut ends = Vec::new();
        for (end, maximum) in [("min", false), ("max", true)] {
            // Unique among the parameters (and never an iterator's name: those are `i<k>`).
            let mut unique = format!("{name}_{end}");
            while scop.params.iter().any(|p| p.name == unique) {
                unique.push('_');
            }
            scop.params.push(Parameter::new(unique.clone(), ScalarType::I64));
            values.push(ParameterValue::IndexRange { array: index, maximum });
            ends.push(unique);
        }
        scop.arrays[index].index_range = Some((min, min + 1));
        let prefix = scop.param_prefix();
        for size in sizes {
            let size = size.display(&[], &scop.param_names()).to_string();
            scop.assumptions.push(Assumption {
                reason: format!("the elements of {name} read stay inside a dimension of size {size}"),
                set: format!("{prefix}{{ : {} >= 0 and {} <= {size} - 1 }}", ends[0], ends[1]),
            });
        }
    }
}

/// The array `e` reads if it can be an index array: `e` is an element of an integer array
/// that no statement writes, read at an affine subscript, sign-extended or `i64`.
fn index_candidate(scop: &Scop, e: &polyhedral::model::Expr, written: &[ArrayId]) -> Option<ArrayId> {
    let a = e.affine_element_read()?;
    let array = &scop.arrays[a.array];
    let integer = !array.element.is_float() && array.element != ScalarType::I1;
    (integer && !array.is_scalar() && !array.row_pointers && !written.contains(&a.array)).then_some(a.array)
}

/// `scop` and the values of its parameters without the parameters it does not mention
/// (`polyhedral::unused_params`): a product parameter keeps the parameters of its factors.
/// With the new index of each parameter (`None`: dropped). A model just built passes the
/// `facts` its context was written from (`context`): a parameter only they mention (PolyMage's
/// `int` level sizes `R / 2`, whose loops the model bounds by `floor(R/2)`) is dropped with
/// its facts.
fn without_unused_parameters(mut scop: Scop, values: Vec<ParameterValue>, facts: Option<&Parameters>) -> (Scop, Vec<ParameterValue>, Vec<Option<usize>>) {
    let mut keep = match facts {
        Some(_) => polyhedral::unused_params::mentioned_beyond_context(&scop),
        None => polyhedral::unused_params::mentioned(&scop),
    };
    // Factors are expressions of earlier parameters: marking from the last one closes the set.
    for k in (0..values.len()).rev() {
        if let (true, ParameterValue::Product { factors, .. }) = (keep[k], &values[k]) {
            for p in factors.iter().flat_map(polyhedral::unused_params::params_of) {
                keep[p] = true;
            }
        }
    }
    let unchanged = (0..values.len()).map(Some).collect();
    if keep.iter().all(|k| *k) {
        return (scop, values, unchanged);
    }
    if let Some(facts) = facts {
        let kept: Vec<&str> = scop.params.iter().zip(&keep).filter(|(_, k)| **k).map(|(p, _)| p.name.as_str()).collect();
        scop.context = format!("{}{{ : {} }}", scop.param_prefix(), facts.known_in(&kept.join(", ")).join(" and "));
    }
    let Some(pruned) = polyhedral::unused_params::retain(&scop, &keep) else { return (scop, values, unchanged) };
    let renumber = polyhedral::unused_params::renumbering(&keep);
    let values = values
        .into_iter()
        .zip(&keep)
        .filter(|(_, k)| **k)
        .map(|(value, _)| match value {
            ParameterValue::Product { factors, bits } => ParameterValue::Product {
                factors: factors
                    .iter()
                    .map(|f| polyhedral::unused_params::renumbered(f, &renumber).expect("a kept product's factors are kept"))
                    .collect(),
                bits,
            },
            value => value,
        })
        .collect();
    (pruned, values, renumber)
}

/// The resolved access of a load or store with the values of its data-dependent subscripts
/// (in dimension order, as `arrays` marked them) filled in.
fn fill_data(mut access: Access, data: Vec<Expr>) -> Access {
    let mut values = data.into_iter();
    for slot in access.data.0.iter_mut().flatten() {
        *slot = values.next().expect("one value per data-dependent subscript");
    }
    access
}

/// Known facts about the parameters: the value range of their types, outer iterations
/// non-negative.
fn context(parameters: &Parameters) -> String {
    format!("[{}] -> {{ : {} }}", parameters.names().join(", "), parameters.known().join(" and "))
}

/// For each value assumed not to wrap: the parameters for which it fits in its type on its
/// whole domain.
fn no_wrap_assumptions(isl: &IslContext, parameters: &Parameters) -> RejectResult<Vec<Assumption>> {
    let params = parameters.names();
    let prefix = format!("[{}] -> ", params.join(", "));
    let mut out: Vec<Assumption> = Vec::new();
    // Uses of one value in one block record the same assumption: each is computed once.
    let mut checked: HashSet<(String, String)> = HashSet::new();
    for nw in &parameters.no_wrap {
        isl.reset_quota();
        let names = iterator_names(nw.depth);
        let value = nw.value.display(&names, &params).to_string();
        let (low, high) = nw.range();
        let text = format!("{prefix}{{ [{}] : {value} < {low} or {value} > {high} }}", names.join(", "));
        if !checked.insert((text.clone(), nw.domain.clone())) {
            continue;
        }
        let parse = |t: &str| isl.set(t).map_err(isl_error);
        let wraps = isl.check(parse(&text)?.intersect(parse(&nw.domain)?)).map_err(isl_error)?;
        let wraps = isl.check(wraps.params()).map_err(isl_error)?;
        if isl.check(wraps.is_empty()).map_err(isl_error)? {
            continue;
        }
        let holds = isl.check(isl.check(wraps.complement()).map_err(isl_error)?.coalesce()).map_err(isl_error)?;
        let set = isl.set_text(&holds).map_err(isl_error)?;
        let signedness = if nw.unsigned { "unsigned" } else { "signed" };
        let reason = format!("no wrap: {value} fits in {} {signedness} bits", nw.bits);
        if !out.iter().any(|a| a.reason == reason && a.set == set) {
            out.push(Assumption { reason, set });
        }
    }
    Ok(out)
}

/// Rejects the region if an assumption excludes every parameter value for which a statement
/// runs: the SCoP would never be used (as Polly rejects an infeasible assumed context).
fn reject_infeasible(isl: &IslContext, scop: &Scop, assumptions: &[Assumption]) -> RejectResult<()> {
    if assumptions.is_empty() || scop.statements.is_empty() {
        return Ok(());
    }
    isl.reset_quota();
    let parse = |t: &str| isl.set(t).map_err(isl_error);
    let runs = parameters_where_some_runs(isl, scop.statements.iter().map(|s| s.domain.as_str()))?.expect("statements");
    for a in assumptions {
        let copy = isl.check(runs.copy()).map_err(isl_error)?;
        let both = isl.check(copy.intersect(parse(&a.set)?)).map_err(isl_error)?;
        if isl.check(both.is_empty()).map_err(isl_error)? {
            return Err(Reject::new(
                RejectKind::InfeasibleAssumption,
                format!("{} never holds when the region runs", a.reason),
            ));
        }
    }
    Ok(())
}

struct Assembler<'a> {
    a: Analyses,
    region: &'a Region,
    domains: &'a Domains,
    isl: &'a IslContext,
    arrays: &'a Arrays,
    loads: &'a [Value],
}

impl Assembler<'_> {
    fn parse(&self, text: &str) -> RejectResult<isl_rs::Set> {
        self.isl.set(text).map_err(isl_error)
    }

    fn to_string(&self, set: &isl_rs::Set) -> RejectResult<String> {
        self.isl.set_text(&set).map_err(isl_error)
    }

    /// The statement's domain: its block's, on its edge for phi writes, over all parameters.
    fn domain(&self, p: &PendingStatement, name: &str, prefix: &str, depth: usize) -> RejectResult<String> {
        self.isl.reset_quota();
        let its = iterator_names(depth).join(", ");
        let mut set = self.parse(&format!("{prefix}{{ [{its}] }}"))?;
        let block_domain = self.parse(&self.domains.of_block[&p.block])?;
        set = self.isl.check(set.intersect(block_domain)).map_err(isl_error)?;
        if let Some(edge) = p.edge_condition {
            if let Some(cond) = self.domains.edge_conditions.get(&edge) {
                let c = self.parse(&format!("{prefix}{{ [{its}] : {cond} }}"))?;
                set = self.isl.check(set.intersect(c)).map_err(isl_error)?;
            }
        }
        set = self.isl.check(set.coalesce()).map_err(isl_error)?;
        set = self.isl.check(set.set_tuple_name(name)).map_err(isl_error)?;
        self.to_string(&set)
    }

    /// 2d+1 schedules from the loop tree, in statement order, padded to equal length.
    fn schedules(&self, pending: &[PendingStatement], order: &[usize]) -> RejectResult<Vec<Vec<String>>> {
        let mut out = Vec::new();
        let mut counters: Vec<i64> = Vec::new();
        let mut previous: Vec<Loop> = Vec::new();
        let mut finished: Vec<Loop> = Vec::new();
        for &k in order {
            let chain = self.region.loops_around(self.a, pending[k].block);
            let common = previous.iter().zip(&chain).take_while(|(x, y)| x == y).count();
            // Loops are contiguous in statement order; a loop we left must not come back.
            for l in &previous[common..] {
                finished.push(*l);
            }
            if chain[common..].iter().any(|l| finished.contains(l)) {
                return Err(Reject::new(
                    RejectKind::IrreducibleControlFlow,
                    "internal: loop body not contiguous in block order",
                ));
            }
            if counters.is_empty() {
                counters = vec![0; chain.len() + 1];
            } else {
                counters.truncate(common + 1);
                counters[common] += 1;
                counters.resize(chain.len() + 1, 0);
            }
            let names = iterator_names(chain.len());
            let mut time = Vec::new();
            for (level, c) in counters.iter().enumerate() {
                time.push(c.to_string());
                if level < chain.len() {
                    time.push(names[level].clone());
                }
            }
            out.push(time);
            previous = chain;
        }
        let width = out.iter().map(Vec::len).max().unwrap_or(1);
        for t in &mut out {
            t.resize(width, "0".to_string());
        }
        Ok(out)
    }

    /// Replaces pending memory reads by their resolved accesses and renumbers scalars.
    fn resolve_reads(&self, e: Expr, n_memory: usize) -> Expr {
        let r = |x: Box<Expr>| Box::new(self.resolve_reads(*x, n_memory));
        match e {
            Expr::Read(access) if access.array == PENDING => {
                let k = access.subscripts[0].constant as usize;
                let data = access.data.0.into_iter().flatten().map(|e| self.resolve_reads(e, n_memory)).collect();
                Expr::Read(fill_data(self.arrays.access_of[&self.loads[k]].clone(), data))
            }
            Expr::Read(access) if access.array >= SCALAR_BASE => {
                Expr::Read(Access::affine(access.array - SCALAR_BASE + n_memory, Vec::new()))
            }
            Expr::Unary(op, x) => Expr::Unary(op, r(x)),
            Expr::Binary(op, x, y, flags) => Expr::Binary(op, r(x), r(y), flags),
            Expr::Compare(p, x, y) => Expr::Compare(p, r(x), r(y)),
            Expr::Select(c, x, y) => Expr::Select(r(c), r(x), r(y)),
            Expr::Cast(op, t, x) => Expr::Cast(op, t, r(x)),
            Expr::Call(f, t, args) => {
                Expr::Call(f, t, args.into_iter().map(|x| self.resolve_reads(x, n_memory)).collect())
            }
            other => other,
        }
    }

    /// Inner subscripts of delinearized arrays moved into their dimension where a whole row
    /// outside it on the statement's domain: the polynomial split of `(h - 1 - i) * w + (w -
    /// 1 - j)` (loops counting down) gives `[h - i][-1 - j]`, and a last-column store `t[y * w
    /// + w - 1]` gives `[y + 1][-1]`. The same element is `[h - 1 - i][w - 1 - j]` and
    /// `[y][w - 1]`: without the move the inner-subscript assumption would never hold where
    /// the statements run.
    fn normalize_inner_subscripts(&self, scop: &mut Scop) -> RejectResult<()> {
        for index in 0..scop.statements.len() {
            let stmt = &scop.statements[index];
            self.isl.reset_quota();
            let mut moved: HashMap<(ArrayId, Vec<AffExpr>), Vec<AffExpr>> = HashMap::new();
            for access in std::iter::once(&stmt.write).chain(stmt.reads()) {
                if let Some(subscripts) = self.moved_into_dimensions(scop, stmt, access)? {
                    moved.insert((access.array, access.subscripts.clone()), subscripts);
                }
            }
            if moved.is_empty() {
                continue;
            }
            let stmt = &mut scop.statements[index];
            let apply = |a: &mut Access| {
                if let Some(subscripts) = moved.get(&(a.array, a.subscripts.clone())) {
                    a.subscripts = subscripts.clone();
                }
            };
            apply(&mut stmt.write);
            let mut on_reads = |e: &mut Expr| {
                if let Expr::Read(a) = e {
                    apply(a)
                }
            };
            for e in stmt.expressions_mut() {
                e.visit_mut(&mut on_reads);
            }
        }
        Ok(())
    }

    /// The subscripts of `access` with each inner subscript that lies outside its dimension
    /// on the domain moved in by a whole row (`+ size`, the next outer subscript `- 1`, or
    /// back), where that leaves it outside at fewer points; `None` when nothing moves.
    fn moved_into_dimensions(&self, scop: &Scop, stmt: &Statement, access: &Access) -> RejectResult<Option<Vec<AffExpr>>> {
        if !self.arrays.delinearized.get(access.array).copied().unwrap_or(false) {
            return Ok(None);
        }
        let params = scop.param_names();
        let outside = |sub: &AffExpr, size: &AffExpr| {
            self.outside_dimension(scop, stmt, &sub.display(&stmt.iterators, &params).to_string(), &size.display(&[], &params).to_string())
        };
        let check = |r| self.isl.check(r).map_err(isl_error);
        let mut subscripts = access.subscripts.clone();
        let mut any = false;
        for dim in (1..subscripts.len()).rev() {
            let Some(size) = scop.arrays[access.array].sizes.get(dim).cloned().flatten() else { continue };
            if access.data_subscript(dim).is_some() || access.data_subscript(dim - 1).is_some() {
                continue;
            }
            let before = outside(&subscripts[dim], &size)?;
            if check(before.is_empty())? {
                continue;
            }
            for rows in [1, -1] {
                let inner = size.scale(rows).and_then(|by| subscripts[dim].add(&by));
                let outer = subscripts[dim - 1].add(&AffExpr::constant(-rows));
                let (Some(inner), Some(outer)) = (inner, outer) else { continue };
                let after = outside(&inner, &size)?;
                // Outside at fewer points: everywhere the statements run, or where the
                // original program already indexed out of its array (`w <= 0`).
                if check(after.is_subset(&before))? && !check(after.is_equal(&before))? {
                    (subscripts[dim], subscripts[dim - 1]) = (inner, outer);
                    any = true;
                    break;
                }
            }
        }
        Ok(any.then_some(subscripts))
    }

    /// The points of `stmt`'s domain (unnamed) where the subscript `sub` lies outside
    /// `[0, size)`.
    fn outside_dimension(&self, scop: &Scop, stmt: &Statement, sub: &str, size: &str) -> RejectResult<isl_rs::Set> {
        let text = format!("{}{{ [{}] : {sub} < 0 or {sub} >= {size} }}", scop.param_prefix(), stmt.iterators.join(", "));
        let domain = self.isl.check(self.parse(&stmt.domain)?.reset_tuple_id()).map_err(isl_error)?;
        self.isl.check(self.parse(&text)?.intersect(domain)).map_err(isl_error)
    }

    /// For each delinearized array: the parameters for which every inner subscript of every
    /// access stays within its dimension.
    fn delinearization_assumptions(&self, scop: &Scop) -> RejectResult<Vec<Assumption>> {
        let params = scop.param_names();
        let prefix = scop.param_prefix();
        let mut out = Vec::new();
        for (id, array) in scop.arrays.iter().enumerate() {
            if !self.arrays.delinearized.get(id).copied().unwrap_or(false) {
                continue;
            }
            let mut violations: Option<isl_rs::Set> = None;
            let mut bounds = Vec::new();
            let mut equalities: Vec<String> = Vec::new();
            // Stencils and several statements over the same domain check the same subscript
            // many times: each (subscript, size, unnamed domain) once.
            let mut checked: HashSet<(String, String, String)> = HashSet::new();
            for stmt in &scop.statements {
                let unnamed = stmt.domain.replacen(&format!("{{ {}[", stmt.name), "{ [", 1);
                self.isl.reset_quota();
                let accesses = std::iter::once(&stmt.write).chain(stmt.reads());
                for access in accesses.filter(|acc| acc.array == id) {
                    for (dim, size) in array.sizes.iter().enumerate().skip(1) {
                        let Some(size) = size else { continue };
                        // A data-dependent subscript is not checked (its access relation
                        // covers the whole array instead, `Scop::access_relation`).
                        if access.data_subscript(dim).is_some() {
                            continue;
                        }
                        let sub = access.subscripts[dim].display(&stmt.iterators, &params).to_string();
                        let size = size.display(&[], &params).to_string();
                        if !bounds.contains(&size) {
                            bounds.push(size.clone());
                        }
                        if !checked.insert((sub.clone(), size.clone(), unnamed.clone())) {
                            continue;
                        }
                        let bad = self.outside_dimension(scop, stmt, &sub, &size)?;
                        let bad = self.isl.check(bad.params()).map_err(isl_error)?;
                        violations = Some(match violations {
                            None => bad,
                            Some(v) => self.isl.check(v.union(bad)).map_err(isl_error)?,
                        });
                    }
                }
            }
            // Sizes written otherwise by some accesses must equal the dimension's size.
            for (dim, other) in self.arrays.equal_sizes.get(id).into_iter().flatten() {
                let Some(size) = &array.sizes[*dim] else { continue };
                let (size, other) = (size.display(&[], &params).to_string(), other.display(&[], &params).to_string());
                equalities.push(format!("{other} = {size}"));
                let bad = self.parse(&format!("{prefix}{{ [] : {other} < {size} or {other} > {size} }}"))?;
                let bad = self.isl.check(bad.params()).map_err(isl_error)?;
                violations = Some(match violations {
                    None => bad,
                    Some(v) => self.isl.check(v.union(bad)).map_err(isl_error)?,
                });
            }
            let Some(v) = violations else { continue };
            if self.isl.check(v.is_empty()).map_err(isl_error)? {
                continue;
            }
            let holds = self.isl.check(v.complement()).map_err(isl_error)?;
            let holds = self.isl.check(holds.coalesce()).map_err(isl_error)?;
            out.push(Assumption {
                reason: format!(
                    "delinearization of {}: inner subscripts within [0, {}){}",
                    array.name,
                    bounds.join("), [0, "),
                    equalities.iter().map(|e| format!(", sizes {e}")).collect::<String>()
                ),
                set: self.to_string(&holds)?,
            });
        }
        Ok(out)
    }
}
