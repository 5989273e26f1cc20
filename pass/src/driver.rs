//! The pipeline of polyprop, stage by stage, as one function pass runs it:
//! detect and model SCoPs, compute dependences, propagate, generate the AST and the code.
//! Each stage has a printer; the pass `mode` says which printer runs.

use crate::bridge::Analyses;
use crate::codegen;
use crate::detect::{self, Candidate};
use crate::scop_builder::BuiltScop;
use crate::ir::{self, Value};
use crate::options::Options;
use crate::printers;
use polyhedral::scheduling::Scheduled;
use polyhedral::{dependence_graph, dependences};
use polyhedral::ast;
use polyhedral::isl::{self, IslContext};
use polyhedral::model::{Contents, Liveness, Scop};

/// What running a pass produced: text to print, and whether the IR changed.
pub struct Outcome {
    pub output: String,
    pub changed: bool,
    /// Whether the function body was one SCoP, modeled: the splits the bridge retries a
    /// copy with (loop headers, merges, phis) make larger regions detectable, and the body
    /// was already whole, so they are not tried.
    pub modeled_whole: bool,
}

pub fn run(a: Analyses, function: Value, mode: &str, options: &Options) -> Result<Outcome, String> {
    let options = &line_buffers_decided(function, options);
    let name = ir::function_name(function);
    let mut output = String::new();
    if options.disable {
        return Ok(Outcome { output, changed: false, modeled_whole: false });
    }
    let printing = |stage: &str| mode == format!("polyprop-{stage}") || options.print.iter().any(|p| p == stage);
    // A transform that prints no model decides from as little of the model as it can.
    let only_transform = mode == "polyprop" && options.prints_only_transform();
    let profile = crate::profile::for_function(options, function);
    if printing("profile") {
        output.push_str(&profile.as_ref().map(|p| crate::profile::report(a, function, &name, &p.profile)).unwrap_or_default());
    }
    let no_evidence = crate::profile::Evidence::default();
    let evidence = profile.as_ref().map_or(&no_evidence, |p| &p.evidence);
    if only_transform && options.import_jscop.is_none() && !options.schedule && evidence.is_empty() && !crate::arrays::allocates(function) {
        if printing("transform") {
            output.push_str(&nothing_allocated(&name));
        }
        return Ok(Outcome { output, changed: false, modeled_whole: false });
    }
    let scope = if only_transform { detect::Scope::Transformable } else { detect::Scope::Everything };
    crate::timing::take();
    let candidates = crate::timing::stage("detect and model", || detect::detect(a, function, options.quota, scope, evidence));
    let model_time = crate::timing::take();
    if printing("detect") {
        output.push_str(&printers::detection(&name, &candidates));
    }
    if printing("scops") {
        output.push_str(&printers::scops(&name, &candidates, options.lang));
    }
    if printing("deps") {
        output.push_str(&print_dependences(&name, &candidates, options.quota, DependencesFormat::Lines));
    }
    if printing("deps-dot") {
        output.push_str(&print_dependences(&name, &candidates, options.quota, DependencesFormat::Dot));
    }
    if mode == "polyprop-export-jscop" {
        export_jscop(&name, &candidates, &options.jscop_dir)?;
    }
    if printing("propagation") {
        for c in &candidates {
            let Candidate::Accepted { description, built } = c else { continue };
            output.push_str(&format!("polyprop-propagation: function {name}, {description}\n"));
            let (prepared, _) = prepared(built, options);
            let built = prepared.as_ref().unwrap_or(built);
            output.push_str(&parameters_line(&built.scop));
            match propagation::propagate(&built.scop, &probing_specialization(&built.scop, propagation_options(options, built))) {
                Ok((propagated, report)) => {
                    output.push_str(&report.to_string());
                    output.push_str(&arrays_line(&built.scop, &propagated));
                }
                Err(e) => output.push_str(&format!("  not propagated: {e}\n")),
            }
        }
    }
    if mode == "polyprop-ast" {
        for c in &candidates {
            let Candidate::Accepted { description, built } = c else { continue };
            output.push_str(&format!("polyprop-ast: function {name}, {description}\n"));
            // With a changed JSCoP to import, the AST of the imported model.
            let imported = import_file(built, options).map(|file| read_import(built, &file, options));
            let tree = match imported {
                Some(Ok(imported)) if !imported.is_unchanged() => build_ast(function, &imported.scop, options, false).map(|ast| (imported.scop, ast)),
                Some(Err(why)) => Err(why),
                _ => {
                    let (prepared, _) = prepared(built, options);
                    propagated_ast(function, prepared.as_ref().unwrap_or(built), options).map(|(scop, _, ast)| (scop, ast))
                }
            };
            match tree {
                Ok((scop, ast)) => output.push_str(&ast::print_ast(&scop, &ast)),
                Err(why) => output.push_str(&format!("  no AST: {why}\n")),
            }
        }
    }
    let mut changed = false;
    if mode == "polyprop" {
        for c in &candidates {
            let (description, built) = match c {
                Candidate::Accepted { description, built } => (description, built),
                Candidate::Rejected { description, reason } if scope == detect::Scope::Transformable => {
                    if printing("transform") && reason.kind != crate::reject::RejectKind::NoLoop {
                        output.push_str(&format!("polyprop: function {name}, {description}: not transformed: rejected: {reason}\n"));
                    } else if printing("transform") {
                        // Said only of a function that allocates (a pipeline whose stages
                        // stayed calls), not of every function without loops.
                        if let Some(calls) = stage_calls_of_allocating(function) {
                            output.push_str(&format!("polyprop: function {name}, {description}: not transformed: rejected: {reason} (it calls {calls}, not inlined)\n"));
                        }
                    }
                    continue;
                }
                Candidate::Rejected { .. } => continue,
            };
            let (outcome, always_print) = match import_file(built, options) {
                Some(file) => import_and_generate(function, built, &file, options),
                None => (transform(function, built, options), false),
            };
            if always_print || options.print.iter().any(|p| p == "transform") {
                let what = match &outcome {
                    Ok(summary) => format!("transformed: {summary}"),
                    Err(why) => format!("not transformed: {why}"),
                };
                output.push_str(&format!("polyprop: function {name}, {description}: {what}\n"));
            }
            if printing("time") {
                let stages: Vec<_> = model_time.iter().copied().chain(crate::timing::take()).collect();
                output.push_str(&crate::timing::line(&name, description, &stages));
            }
            changed |= outcome.is_ok();
        }
    }
    let modeled_whole = matches!(candidates.as_slice(), [Candidate::Accepted { built, .. }] if built.is_function);
    Ok(Outcome { output, changed, modeled_whole })
}

/// For a function without loops that allocates arrays: the functions it calls other than
/// allocation and intrinsics, named once each (`hblur, vblur`), the stages whose loops stayed
/// in them. `None` for a function that allocates nothing or calls nothing else.
fn stage_calls_of_allocating(function: Value) -> Option<String> {
    let called: Vec<String> = ir::blocks(function).into_iter().flat_map(ir::instructions).filter_map(ir::called_function_name).collect();
    if !called.iter().any(|n| crate::arrays::is_allocator(n)) {
        return None;
    }
    let mut stages: Vec<&str> = Vec::new();
    for n in &called {
        let other = crate::arrays::is_allocator(n) || crate::arrays::is_deallocator(n) || n.starts_with("llvm.");
        if !other && !stages.contains(&n.as_str()) {
            stages.push(n);
        }
    }
    (!stages.is_empty()).then(|| stages.join(", "))
}

/// The transform's line for a function that allocates nothing: no array of it can be a
/// temporary, so it is not modeled.
pub fn nothing_allocated(name: &str) -> String {
    format!("polyprop: function {name}, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)\n")
}

/// `built` as the transform takes it: over compressed parameters (`compressed`), with its
/// strided loops re-indexed along their lattices (`polyhedral::lattice`); `None` when
/// neither changes it. And how many loops were re-indexed.
fn prepared(built: &BuiltScop, options: &Options) -> (Option<BuiltScop>, usize) {
    let compressed = compressed(built, options);
    let current = compressed.as_ref().unwrap_or(built);
    let isl = IslContext::new(options.quota);
    match crate::timing::stage("lattices", || polyhedral::lattice::reindex_strided_loops(&isl, &current.scop)) {
        Some((scop, loops)) => (Some(BuiltScop { scop, ..current.clone() }), loops),
        None => (compressed, 0),
    }
}

/// ", N strided loops re-indexed" where any was (`prepared`).
fn reindexed(loops: usize) -> String {
    match loops {
        0 => String::new(),
        n => format!(", {n} strided loops re-indexed"),
    }
}

/// `built` over compressed parameters (`BuiltScop::compressed`), where some are, and with
/// the parameters only its values read out of its isl spaces; `None` when neither changes it.
fn compressed(built: &BuiltScop, options: &Options) -> Option<BuiltScop> {
    crate::timing::stage("parameter compression", || {
        let compressed = built.compressed(options.quota);
        let Some(scop) = polyhedral::unused_params::value_only_out_of_spaces(&compressed.as_ref().unwrap_or(built).scop) else { return compressed };
        Some(match compressed {
            Some(compressed) => BuiltScop { scop, ..compressed },
            None => BuiltScop { scop, ..built.clone() },
        })
    })
}

/// `  parameters: [..]; read by values only: ..` where some parameters are out of the spaces
/// of `scop`'s sets (`polyhedral::unused_params::value_only_out_of_spaces`), else nothing.
fn parameters_line(scop: &Scop) -> String {
    let value_only: Vec<&str> = scop.params.iter().filter(|p| !p.in_spaces).map(|p| p.name.as_str()).collect();
    match value_only.is_empty() {
        true => String::new(),
        false => format!("  parameters: {}; read by values only: {}\n", scop.param_prefix().trim_end_matches(" -> "), value_only.join(", ")),
    }
}

/// `  arrays: N before propagation, M after: NAMES`: the memory arrays (not scalars) that
/// some statement accesses, in the model and after propagation (paper 003 Table 1's count).
/// After propagation, a table of constants read only at fixed elements (a colour matrix
/// whose reads became `m[1][2]`) is no array of the generated code, whose loads LLVM folds
/// into the constants: it is named apart, `; constants read at fixed elements: NAMES`.
/// So is a temporary kept as a line buffer of constant size (`polyhedral::line_buffers`),
/// `; line buffers of constant size: NAME (N elements)`: Table 1 counts the arrays of
/// *parametric* size left (section 6.2), not PolyMage's constant-size buffers of a tile.
fn arrays_line(before: &Scop, after: &Scop) -> String {
    let accessed = |scop: &Scop| -> Vec<usize> {
        let used = crate::codegen::used_arrays(scop);
        (0..scop.arrays.len()).filter(|&a| used[a] && !scop.arrays[a].is_scalar()).collect()
    };
    let names = |scop: &Scop, ids: &[usize]| ids.iter().map(|&a| scop.arrays[a].name.as_str()).collect::<Vec<_>>().join(", ");
    let (folded, kept): (Vec<usize>, Vec<usize>) = accessed(after).into_iter().partition(|&a| read_at_fixed_elements(after, a));
    let buffer_elements = |a: usize| after.arrays[a].constant_elements().filter(|_| after.arrays[a].line_buffer);
    let (buffers, kept): (Vec<usize>, Vec<usize>) = kept.into_iter().partition(|&a| buffer_elements(a).is_some());
    let mut line = format!("  arrays: {} before propagation, {} after: {}", accessed(before).len(), kept.len(), names(after, &kept));
    if !folded.is_empty() {
        line += &format!("; constants read at fixed elements: {}", names(after, &folded));
    }
    if !buffers.is_empty() {
        let sized: Vec<String> = buffers.iter().map(|&a| format!("{} ({} elements)", after.arrays[a].name, buffer_elements(a).unwrap_or(0))).collect();
        line += &format!("; line buffers of constant size: {}", sized.join(", "));
    }
    line + "\n"
}

/// Whether `array` holds constants (`Contents::Constant`) that every access of `scop` reads
/// at one element, the same in every instance.
fn read_at_fixed_elements(scop: &Scop, array: usize) -> bool {
    scop.arrays[array].initial == Contents::Constant
        && scop.statements.iter().flat_map(|s| s.reads()).filter(|r| r.array == array).all(|r| {
            r.data.0.iter().all(Option::is_none) && r.subscripts.iter().all(|s| s.is_constant())
        })
}

/// Propagation (and, with `schedule`, scheduling) then the isl AST of the result.
fn propagated_ast(function: Value, built: &BuiltScop, options: &Options) -> Result<(Scop, propagation::Report, ast::Ast), String> {
    let (scop, report) = propagate(built, &propagation_options(options, built))?;
    let (scop, rescheduled) = match reschedules(built, options) {
        Some(why) => {
            let (scop, outcome) = reschedule(function, scop, options, why);
            (scop, outcome.is_ok())
        }
        None => (scop, false),
    };
    let (scop, _) = with_lattices_and_interiors(scop, options, rescheduled);
    let tree = build_ast(function, &scop, options, rescheduled)?;
    Ok((scop, report, tree))
}

/// `scop` with the interiors of its clamped innermost reads split off
/// (`polyhedral::interiors`) where it keeps the source's schedule: a `rescheduled` one has
/// other innermost loops. Before, the loops that propagation left with statements on one
/// lattice only are re-indexed (`polyhedral::lattice`; a parity written as `c ? a : b` is a
/// scalar written on each side and a statement for all iterations, which propagating the
/// scalar splits along the sides); with how many loops were.
fn with_lattices_and_interiors(scop: Scop, options: &Options, rescheduled: bool) -> (Scop, usize) {
    if rescheduled {
        return (scop, 0);
    }
    let isl = IslContext::new(options.quota);
    let (scop, loops) = match crate::timing::stage("lattices", || polyhedral::lattice::reindex_strided_loops(&isl, &scop)) {
        Some((reindexed, loops)) => (reindexed, loops),
        None => (scop, 0),
    };
    isl.reset_quota();
    (crate::timing::stage("interiors", || polyhedral::interiors::split_interiors(&isl, &scop)), loops)
}

fn propagate(built: &BuiltScop, options: &propagation::Options) -> Result<(Scop, propagation::Report), String> {
    crate::timing::stage("propagation", || propagation::propagate(&built.scop, options)).map_err(|e| format!("internal error in propagation: {e}"))
}

/// The temporary arrays code generation allocates itself, by size, so that it can allocate
/// them with wider elements or as line buffers (`propagation::Options::allocated_by_size`):
/// in a whole-function SCoP.
fn allocated_by_size(built: &BuiltScop) -> Vec<usize> {
    match built.place {
        Some(_) => Vec::new(),
        None => (0..built.scop.arrays.len()).filter(|&a| is_temporary_array(&built.scop, a) && codegen::allocates_by_size(built.bases[a])).collect(),
    }
}

/// The isl AST of `scop`; with its parallel loops marked when `function` gets parallel code,
/// and when `scop` was `rescheduled`, its full register tiles unrolled (in a model that kept
/// its schedule, loops of a few iterations are the source's, not register tiles).
fn build_ast(function: Value, scop: &Scop, options: &Options, rescheduled: bool) -> Result<ast::Ast, String> {
    let isl = IslContext::new(options.quota);
    let parallel = codegen::parallel_code(function, options.parallel);
    let build = |isl: &IslContext, scop: &Scop| match (rescheduled, parallel) {
        (true, _) => ast::build_rescheduled_ast(isl, scop, parallel),
        (false, true) => ast::build_parallel_ast(isl, scop),
        (false, false) => ast::build_ast(isl, scop),
    };
    let mut tree = crate::timing::stage("AST", || build(&isl, scop)).map_err(|e| format!("AST generation: {e}"))?;
    if rescheduled {
        crate::timing::stage("register tiles", || {
            let loops = polyhedral::scheduling::TileLoops::new(&isl, scop);
            let carries = |statements: &[usize], k: usize| loops.carries(statements, k);
            let splittable = |statements: &[usize], k: usize, q: usize| loops.column_order_free(statements, k, q);
            polyhedral::register_tiles::unroll_register_tiles_reordering(&mut tree, &carries, &splittable)
        });
    }
    Ok(tree)
}

/// Whether `array` is a temporary array (not a scalar): what propagation gains by removing.
fn is_temporary_array(scop: &Scop, array: usize) -> bool {
    let a = &scop.arrays[array];
    !a.is_scalar() && a.liveness == Liveness::Temporary
}

/// Propagation, AST and code generation for one SCoP; a summary, or why nothing changed.
///
/// The gain of propagation is the temporary arrays it removes (paper 003, section 4.1);
/// scalars alone are registers after -O3 anyway. So a SCoP without a temporary array is left
/// before propagation, and one whose propagation removes no array before its AST is built:
/// most functions of a program cost only their detection and model.
///
/// With `schedule`, and for a model the profile made possible, every SCoP is also rescheduled
/// and tiled (`reschedule`, `reschedules`), whether or not propagation removed anything. And
/// a SCoP whose loop body branches on its iterators is generated when propagating its scalars
/// splits the branches away (`branches_split`).
fn transform(function: Value, built: &BuiltScop, options: &Options) -> Result<String, String> {
    let (prepared, lattices) = prepared(built, options);
    let built = prepared.as_ref().unwrap_or(built);
    if built.place.is_none() && !built.is_function {
        return Err(NEST_WITHOUT_PLACE.into());
    }
    let schedule = reschedules(built, options);
    let indexed = index_arrays(&built.scop);
    let (scop, removed, specialized, split_branches, specialized_built) = match propagated(built, options) {
        Ok(Propagated { scop, removed, specialized, built }) => (scop, removed, specialized, false, built),
        Err(why) => {
            // Generated anyway: rescheduled, or checked over its index arrays.
            let generated = schedule.is_some() || !indexed.is_empty();
            let branches = branches_on_iterators(built, options);
            if !branches && !generated {
                return Err(why);
            }
            let scop = scalars_propagated(built, options);
            let split = if branches { branches_split(&built.scop, &scop) } else { None };
            if split.is_none() && !generated {
                return Err(why);
            }
            (scop, 0, split.clone().unwrap_or_default(), split.is_some(), None)
        }
    };
    let built = specialized_built.as_ref().unwrap_or(built);
    // Sizes specialized for compression, where propagation did not specialize them itself.
    let specialized = match (&built.sizes, specialized.is_empty()) {
        (Some(sizes), true) => format!(", {sizes}"),
        _ => specialized,
    };
    let (scop, scheduled) = match schedule {
        Some(why) => reschedule(function, scop, options, why),
        None => (scop, Ok(String::new())),
    };
    let rescheduled = schedule.is_some() && scheduled.is_ok();
    // The model's statements, as paper 003's Table 1 counts them: not the interiors.
    let statements = scop.statements.len();
    let (scop, propagated_lattices) = with_lattices_and_interiors(scop, options, rescheduled);
    let scheduled = match scheduled {
        Ok(said) => said,
        Err(why) if removed == 0 && !split_branches => return Err(format!("nothing propagated, not rescheduled: {why}")),
        Err(why) => format!(", not rescheduled: {why}"),
    };
    let carried = generate(function, built, &scop, options, rescheduled)?;
    let indexed = match indexed.is_empty() {
        true => String::new(),
        false => format!(", index arrays checked at run time: {}", indexed.join(", ")),
    };
    Ok(format!("{removed} temporaries removed, {statements} statements{}{specialized}{scheduled}{indexed}{carried}", reindexed(lattices + propagated_lattices)))
}

/// The index arrays of a model the profile made (`scop_builder::index_arrays`): its code is
/// generated even where nothing is propagated or rescheduled, since the checks they allow
/// (every array's extent, their disjointness) are what the source's compiler lacks: it could
/// not vectorize the loops for the arrays that may alias.
fn index_arrays(scop: &Scop) -> Vec<String> {
    scop.arrays.iter().filter(|a| a.index_range.is_some()).map(|a| a.name.clone()).collect()
}

/// Why a SCoP is rescheduled.
#[derive(Clone, Copy, PartialEq)]
enum Rescheduling {
    /// The option `schedule`.
    Asked,
    /// The profile let the model take rows of row-pointer tables for arrays and an innermost
    /// loop walks across them (issue 15): the loop interchange that walks them along their
    /// rows (paper 001, Table 3) is what such a model is built for; one that walks along them
    /// already costs only its compile time.
    RowsWalkedAcross,
    /// The profile saw an access of the region move by a cache line or more per iteration of
    /// its innermost loop (paper 001, section 5: the strides its feedback turns into
    /// interchanges and skews; nw's wavefront). Taken only where the model, too, finds a
    /// strided access: the profiled binary's innermost loop may be another (a loop of 34
    /// iterations unrolled there), and the scheduler's time is spent for nothing otherwise.
    ProfiledAcrossLines,
}

/// Whether and why `built` is rescheduled (`Rescheduling`); the cost model still decides
/// whether the new schedule is taken.
fn reschedules(built: &BuiltScop, options: &Options) -> Option<Rescheduling> {
    if options.schedule {
        Some(Rescheduling::Asked)
    } else if walks_across_rows(&built.scop) {
        Some(Rescheduling::RowsWalkedAcross)
    } else if built.profiled_across_lines {
        Some(Rescheduling::ProfiledAcrossLines)
    } else {
        None
    }
}

/// Whether some statement's innermost iterator selects the row of a row-pointer table it
/// accesses (`w[k][j]` in a loop over `k`).
fn walks_across_rows(scop: &Scop) -> bool {
    scop.statements.iter().filter(|s| !s.iterators.is_empty()).any(|s| {
        let innermost = polyhedral::affine::AffVar::Iter(s.iterators.len() - 1);
        s.reads().into_iter().chain([&s.write]).any(|a| {
            scop.arrays[a.array].row_pointers && a.subscripts.first().is_some_and(|row| row.terms.iter().any(|(v, _)| *v == innermost))
        })
    })
}

/// Whether the source branches on its iterators inside a loop body
/// (`propagation::branches`): one isl comparison per pair of statements that write the same
/// scalar in one loop.
fn branches_on_iterators(built: &BuiltScop, options: &Options) -> bool {
    let isl = IslContext::new(options.quota);
    propagation::has_branch_on_iterators(&isl, &built.scop).unwrap_or(false)
}

/// What to say when propagating the scalars of `source`, which branches on its iterators,
/// split a statement that writes an array along those branches (into `propagated`); `None`
/// when it split none.
fn branches_split(source: &Scop, propagated: &Scop) -> Option<String> {
    let writing_arrays = |scop: &Scop| scop.statements.iter().filter(|s| !scop.arrays[s.write.array].is_scalar()).count();
    let (before, after) = (writing_arrays(source), writing_arrays(propagated));
    (after > before).then(|| format!(", branches on iterators split (statements writing arrays: {before} -> {after})"))
}

/// The model to reschedule where propagation removes no array: with its temporary scalars
/// propagated (the values a statement loaded for the next one, `s = previous[k][j]`, and the
/// local variables C++ passes by reference, `codegen::is_addressed_scalar`), whose reuse at
/// every iteration would otherwise order the iterations for the scheduler. The model as it was
/// where propagation fails.
fn scalars_propagated(built: &BuiltScop, options: &Options) -> Scop {
    let arrays = (0..built.scop.arrays.len())
        .filter(|&a| !built.scop.arrays[a].is_scalar() && !built.bases.get(a).is_some_and(|&base| codegen::is_addressed_scalar(base)))
        .map(|a| built.scop.arrays[a].name.clone());
    let scalars_only = propagation::Options { keep: options.keep.iter().cloned().chain(arrays).collect(), ..propagation_options(options, built) };
    match propagate(built, &scalars_only) {
        Ok((scop, _)) => scop,
        Err(_) => built.scop.clone(),
    }
}

/// The model after a propagation that removes a temporary array, how many it removes, and
/// what the transform's line says of a specialization to sizes.
fn propagated(built: &BuiltScop, options: &Options) -> Result<Propagated, String> {
    if !(0..built.scop.arrays.len()).any(|a| is_temporary_array(&built.scop, a)) {
        return Err(match built.carried_live.as_slice() {
            [] => "nothing propagated: no temporary array".into(),
            live => format!("nothing propagated: no temporary array ({}: a run may read what the previous one wrote)", live.join(", ")),
        });
    }
    let only_if_array_removed = propagation::Options { only_if_array_removed: true, ..propagation_options(options, built) };
    let (scop, report) = propagate(built, &probing_specialization(&built.scop, only_if_array_removed.clone()))?;
    let (scop, report, specialized, specialized_built) = match specialized_if_better(built, &scop, &report, &only_if_array_removed, options) {
        Some((specialized, scop, report, reason)) => (scop, report, format!(", {reason}"), Some(specialized)),
        None => (scop, report, String::new(), None),
    };
    let removed = removed_arrays(&scop, &report);
    // A temporary stored as a line buffer leaves the memory as a removed one does.
    let buffered = report.line_buffers.iter().any(|(_, buffer)| buffer.is_ok());
    if removed.is_empty() && !buffered {
        return Err("nothing propagated: no temporary array removed".into());
    }
    // A local array of constant size lives on the stack, in the cache: removing it saves no
    // memory traffic (gesummv's tmp: the transformed code ran 9% slower, callgrind 16% more
    // instructions), so it alone does not make a SCoP worth generating.
    if !buffered && removed.iter().all(|&a| codegen::is_local_array(built.bases[a])) {
        return Err("nothing propagated: only local arrays of constant size removed (on the stack, in the cache)".into());
    }
    Ok(Propagated { scop, removed: report.removable_arrays.len(), specialized, built: specialized_built })
}

/// The model after a propagation that removes a temporary array (`propagated`).
struct Propagated {
    scop: Scop,
    /// How many temporary arrays it removes.
    removed: usize,
    /// What the transform's line says of a specialization to sizes (empty without one).
    specialized: String,
    /// The SCoP specialized to sizes the propagation was made on, over compressed parameters
    /// where the specialization makes some (`specialized_if_better`); `None`: the given one.
    built: Option<BuiltScop>,
}

/// The propagation of `source` under `specialization`, sizes that are multiples of its
/// divisors (`polyhedral::specialization`), with the assumption's reason, where that removes
/// more temporary arrays than the propagation without it (`general`, whose `report` is
/// given), or as many with fewer statements: the border cases of other sizes gone, whose
/// domains alone can exhaust the AST's quota. Tried only where the code-complexity heuristic
/// refused a split that would pass under it (a second propagation costs as much as the first).
/// The specialized SCoP is compressed (`BuiltScop::compressed`): its divided parameters are
/// now multiples (PolyMage's interpolate: its AST and run-time check took 3.9 s of 9.4).
fn specialized_if_better(
    source: &BuiltScop,
    general: &Scop,
    report: &propagation::Report,
    options: &propagation::Options,
    pass_options: &Options,
) -> Option<(BuiltScop, Scop, propagation::Report, String)> {
    let passes_specialized = report.locations.iter().any(|l| {
        let reason = match &l.outcome {
            propagation::Outcome::NotPropagated(r) | propagation::Outcome::PartiallyPropagated { reason: r, .. } => r,
            _ => return false,
        };
        matches!(
            reason,
            propagation::Reason::SplitParts { specialized_passes: true, .. } | propagation::Reason::CodeComplexity { specialized_passes: true, .. }
        )
    });
    let assumption = passes_specialized.then(|| polyhedral::specialization::multiples_assumption(&source.scop)).flatten()?;
    let reason = assumption.reason.clone();
    let mut specialized = source.clone();
    specialized.scop.assumptions.push(assumption);
    let specialized = compressed(&specialized, pass_options).unwrap_or(specialized);
    let (scop, better) = crate::timing::stage("specialized propagation", || propagation::propagate(&specialized.scop, options)).ok()?;
    let removed = (removed_arrays(&source.scop, &better).len(), removed_arrays(&source.scop, report).len());
    let better_or_simpler = removed.0 > removed.1 || (removed.0 == removed.1 && scop.statements.len() < general.statements.len());
    better_or_simpler.then_some((specialized, scop, better, reason))
}

/// `options` that probe, at each split the code-complexity heuristic refuses, whether sizes
/// specialized to multiples of `scop`'s divisors would let it pass (`specialized_if_better`).
fn probing_specialization(scop: &Scop, options: propagation::Options) -> propagation::Options {
    let specialization = polyhedral::specialization::multiples_assumption(scop).map(|a| a.set);
    propagation::Options { specialization, ..options }
}

/// The temporary arrays (not scalars) a propagation's `report` removes from `scop`.
fn removed_arrays(scop: &Scop, report: &propagation::Report) -> Vec<usize> {
    report.removable_arrays.iter().copied().filter(|&a| is_temporary_array(scop, a)).collect()
}

/// `scop` rescheduled and tiled (`polyhedral::scheduling`), with what the transform's line
/// says of it; the model as it was, and why, when isl gives up or the new schedule is refused.
///
/// Scalars that stand for an array element are mapped back to it first (`scalar_mapping`:
/// a reduction LICM made a scalar leaves the scheduler no freedom); the mapping is kept only
/// with the new schedule.
fn reschedule(function: Value, scop: Scop, options: &Options, why: Rescheduling) -> (Scop, Result<String, String>) {
    let isl = IslContext::new(options.quota);
    let mapped = match crate::timing::stage("scalar mapping", || polyhedral::scalar_mapping::map_scalars(&isl, &scop)) {
        Ok(mapped) => mapped,
        Err(e) => return (scop, Err(e.to_string())),
    };
    isl.reset_quota();
    let said = match mapped.mapped.len() {
        0 => String::new(),
        n => format!("{n} scalars mapped to array elements ({}), ", mapped.mapped.join(", ")),
    };
    // The source's cost, when the cost model decides: also whether scheduling can help at all.
    let source = match options.schedule_cost {
        true => match crate::timing::stage("schedule cost", || polyhedral::schedule_cost::assess(&isl, &mapped.scop)) {
            Ok(source) => Some(source),
            Err(e) => return (scop, Err(format!("the cost model: {e}"))),
        },
        false => None,
    };
    if let Some(Err(why)) = source.as_ref().map(|s| s.worth_scheduling()) {
        return (scop, Err(format!("{said}{why}")));
    }
    if let Some(source) = source.as_ref().filter(|s| why == Rescheduling::ProfiledAcrossLines && s.cost.strided == 0) {
        let cost = &source.cost;
        return (scop, Err(format!("{said}the profile saw accesses cross cache lines, the model finds none strided (lines per instance {cost})")));
    }
    isl.reset_quota();
    let columns = polyhedral::scheduling::register_columns(crate::ir::vector_bytes(function));
    let outcome = crate::timing::stage("scheduling", || polyhedral::scheduling::schedule_for(&isl, &mapped.scop, tile_size(options), columns));
    let outcome = match (outcome, &source) {
        (Ok(Ok(scheduled)), Some(source)) => Ok(choose(&isl, source, scheduled)),
        (outcome, _) => outcome.map(|o| o.map(|s| (s, String::new()))),
    };
    match outcome {
        Ok(Ok((scheduled, why))) => (scheduled.scop, Ok(format!(", {said}rescheduled{why}, {}{}{} bands tiled{}", fused(scheduled.fused), in_memory_order(scheduled.memory_ordered), scheduled.tiled, untiled(scheduled.near_reuse)))),
        Ok(Err(why)) => (scop, Err(format!("{said}{why}"))),
        Err(e) => (scop, Err(format!("{said}{e}"))),
    }
}

/// "N bands fused, " when fusion removed any band of isl's schedule.
/// The tile sizes the options ask for: `tile-size=N`'s squares, or the measured sizes.
fn tile_size(options: &Options) -> polyhedral::scheduling::TileSize {
    options.tile_size.map_or(polyhedral::scheduling::TileSize::Measured, |n| polyhedral::scheduling::TileSize::Square(n as i64))
}

fn fused(bands: usize) -> String {
    if bands == 0 { String::new() } else { format!("{bands} bands fused, ") }
}

/// "N bands in memory order, " when any band took the order of its statement's writes.
fn in_memory_order(bands: usize) -> String {
    if bands == 0 { String::new() } else { format!("{bands} bands in memory order, ") }
}

/// ", N bands untiled (...)" when any permutable band kept its reuse near without tiles.
fn untiled(bands: usize) -> String {
    if bands == 0 { String::new() } else { format!(", {bands} bands untiled (every reuse within {} rows)", polyhedral::scheduling::NEAR_ROWS) }
}

/// The new schedule if the cost model prefers it to the `source` schedule's
/// (`schedule_cost`), with the costs that say why; else why the original schedule stays.
fn choose(isl: &IslContext, source: &polyhedral::schedule_cost::Source, scheduled: Scheduled) -> Result<(Scheduled, String), String> {
    isl.reset_quota();
    match crate::timing::stage("schedule cost", || polyhedral::schedule_cost::choose(isl, source, &scheduled.scop, scheduled.cost.clone(), scheduled.register_tiled)) {
        Ok(choice) => choice.map(|why| (scheduled, format!(" ({why})"))),
        Err(e) => Err(format!("the cost model: {e}")),
    }
}

/// Why a loop nest cannot be versioned in place (`scop_builder::NestPlace`).
const NEST_WITHOUT_PLACE: &str = "not yet: code generation for a loop nest without a preheader or with several exit blocks";

/// The JSCoP import (option `import-jscop`), then the code of the imported model; whether the
/// line must be printed. A file that describes the model unchanged leaves the ordinary
/// transform to run (same IR as without the import); a changed one is generated as imported,
/// without propagation. A file that cannot be imported is one line, and the code stays.
fn import_and_generate(function: Value, built: &BuiltScop, file: &std::path::Path, options: &Options) -> (Result<String, String>, bool) {
    let shown = file.display();
    let imported = match read_import(built, file, options) {
        Ok(imported) => imported,
        Err(why) => return (Err(why), true),
    };
    if imported.is_unchanged() {
        let outcome = transform(function, built, options).map_err(|why| format!("{why} ({shown}: unchanged)"));
        return (outcome.map(|summary| format!("{summary} ({shown}: unchanged)")), false);
    }
    if built.place.is_none() && !built.is_function {
        return (Err(NEST_WITHOUT_PLACE.into()), true);
    }
    let schedules = match imported.changed_schedules.len() {
        0 => String::new(),
        _ => format!("schedule of {}", imported.changed_schedules.join(", ")),
    };
    let accesses = match imported.changed_accesses {
        0 => String::new(),
        n => format!("{n} access relations"),
    };
    let what = [schedules, accesses].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" and ");
    let outcome = generate(function, built, &imported.scop, options, false)
        .map(|carried| format!("imported {what} from {shown}, {} statements{carried}", imported.scop.statements.len()));
    (outcome, true)
}

/// The JSCoP file to import for a SCoP (`import-jscop=DIR`: `DIR/<scop>.jscop`), if one exists.
fn import_file(built: &BuiltScop, options: &Options) -> Option<std::path::PathBuf> {
    let dir = options.import_jscop.as_ref()?;
    Some(std::path::Path::new(dir).join(format!("{}.jscop", built.scop.name))).filter(|file| file.exists())
}

/// Reads and checks a JSCoP file against the model (`polyhedral::jscop::import`); a refusal
/// is one line that names the file.
fn read_import(built: &BuiltScop, file: &std::path::Path, options: &Options) -> Result<polyhedral::jscop::Imported, String> {
    let shown = file.display();
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let isl = IslContext::new(options.quota);
    polyhedral::jscop::import(&isl, &built.scop, &text).map_err(|why| format!("{shown}: {why}"))
}

/// The isl AST of `scop`, the run-time check, and the new code (`codegen::generate`);
/// `rescheduled` when `scop` has the scheduler's schedule (whose register tiles want their
/// copies' addresses split, `Plan::split_offsets`; a model that kept its schedule is
/// generated as without `schedule`). Returns what the loops carry in recurrences and which
/// temporaries share storage, for the summary (empty if nothing).
fn generate(function: Value, built: &BuiltScop, scop: &Scop, options: &Options, rescheduled: bool) -> Result<String, String> {
    let tree = build_ast(function, scop, options, rescheduled)?;
    let (assumed, bounds, load_guards) = crate::timing::stage("run-time check", || runtime_check(built, scop, options))?;
    let origins = crate::fidelity::origins(&built.scop);
    let speculable = crate::timing::stage("speculation", || speculable_reads(built, scop, options));
    let plan = codegen::Plan {
        speculable: &speculable,
        origins: &origins,
        split_offsets: rescheduled,
        rolled: if rescheduled { codegen::RolledLoops::Outer } else { codegen::RolledLoops::ShortInnermost },
        vector_bytes: if rescheduled { crate::ir::vector_bytes(function) } else { 0 },
        recurrences: usize::try_from(options.recurrences).unwrap_or(usize::MAX),
        trace_checks: options.trace_checks,
        element_growth: built.scop.arrays.iter().zip(&scop.arrays).map(|(before, now)| now.element.size_in_bytes() / before.element.size_in_bytes().max(1)).collect(),
        scop,
        ast: &tree,
        assumptions: assumed,
        load_guards,
        field_checks: &built.field_checks,
        guarded_parameters: &built.guarded_parameters,
        bounds,
        bases: &built.bases,
        place: built.place.as_ref(),
        returned: built.returned,
        used_after: &built.used_after,
        parameters: &built.parameters,
        externals: &built.externals,
        fidelity: &built.fidelity,
    };
    let generated = crate::timing::stage("code generation", || codegen::generate(function, &plan))?;
    let mut summary = String::new();
    if !generated.rotations.is_empty() {
        summary += &format!("; carried in recurrences: {}", generated.rotations.join("; "));
    }
    if !generated.shared_storage.is_empty() {
        summary += &format!("; storage shared: {}", generated.shared_storage.join(", "));
    }
    let line_buffers: Vec<String> = scop.arrays.iter().filter(|a| a.line_buffer && !a.is_scalar()).map(|a| format!("{}{}", a.name, sizes_text(scop, a))).collect();
    if !line_buffers.is_empty() {
        summary += &format!("; line buffers: {}", line_buffers.join(", "));
    }
    Ok(summary)
}

/// `[3][W]`: an array's sizes as the model has them.
fn sizes_text(scop: &Scop, array: &polyhedral::model::Array) -> String {
    let params = scop.param_names();
    array.sizes.iter().map(|s| s.as_ref().map_or("[*]".to_string(), |s| format!("[{}]", s.display(&[], &params)))).collect()
}

/// Per statement of `scop`, the reads its selects' sides may perform early: none where isl
/// fails, which only keeps those sides under branches.
fn speculable_reads(built: &BuiltScop, scop: &Scop, options: &Options) -> Vec<Vec<polyhedral::model::Access>> {
    let isl = IslContext::new(options.quota);
    polyhedral::speculation::speculable_reads(&isl, &built.scop, scop).unwrap_or_default()
}

/// The run-time check of a generated SCoP: its assumed context as a condition, the subscript
/// bounds of every array of an alias check or a field check, and the condition under which
/// the values read only under guards may be read (`BuiltScop::load_guards`).
#[allow(clippy::type_complexity)]
fn runtime_check(
    built: &BuiltScop,
    scop: &Scop,
    options: &Options,
) -> Result<(ast::AstExpr, Vec<codegen::ArrayBounds>, Vec<ast::AstExpr>), String> {
    let isl = IslContext::new(options.quota);
    let load_guards = built
        .load_guards
        .iter()
        .map(|text| ast::condition_expr(&isl, scop, text).map_err(|e| format!("run-time check: {e}")))
        .collect::<Result<Vec<_>, String>>()?;
    // A compressed model holds where its parameters are the multiples it assumes.
    let compressed = polyhedral::compression::equalities(scop, &built.compressions);
    let assumed = isl::assumed_context(&isl, scop)
        .and_then(|set| match built.compressions.is_empty() {
            true => Ok(set),
            false => set.intersect(isl.param_set(&compressed)?),
        })
        .and_then(|set| set.to_isl_string())
        .and_then(|text| ast::condition_expr(&isl, scop, &text))
        .map_err(|e| format!("run-time check: {e}"))?;
    let mut bounds = Vec::new();
    let aliased = scop.alias_checks.iter().flat_map(|c| [c.first, c.second]);
    let written_over_fields = built.field_checks.iter().map(|(_, array)| *array);
    let tables = (0..scop.arrays.len()).filter(|&a| scop.arrays[a].row_pointers);
    // The check reads the elements of index arrays the region reads.
    let indices = (0..scop.arrays.len()).filter(|&a| scop.arrays[a].index_range.is_some());
    let arrays: Vec<usize> = match scop.arrays.iter().any(|a| a.row_pointers) {
        // Row-pointer tables are checked against the arrays the region writes.
        true => aliased.chain(written_over_fields).chain(tables).chain(scop.written_arrays()).chain(indices).collect(),
        false => aliased.chain(written_over_fields).chain(indices).collect(),
    };
    for array in arrays {
        if bounds.iter().any(|b: &codegen::ArrayBounds| b.array == array) {
            continue;
        }
        isl.reset_quota();
        // The original model's ranges: propagation reads an input only where the source
        // statement read it (at an instance of its domain), and an imported access relation
        // only elements the model accessed (the import checks it), so they contain the
        // generated model's, and they are far cheaper (an input read by every stage a chain
        // of stencils was propagated into has hundreds of reads afterwards).
        let found = ast::access_bounds(&isl, &built.scop, array).map_err(|e| bounds_error(&scop.arrays[array].name, e))?;
        if let Some(found) = found {
            bounds.push(codegen::ArrayBounds { array, bounds: found });
        }
    }
    Ok((assumed, bounds, load_guards))
}

/// Why the run-time check has no bounds for an array. isl finds no optimum when a
/// data-dependent subscript has no bound of its own (no clamp, a 64-bit value) into an array
/// of unknown extent: a case of its own, said in the user's terms.
fn bounds_error(array: &str, e: polyhedral::isl::IslError) -> String {
    if e.to_string().contains("unbounded optimum") {
        return format!(
            "not yet: run-time check: {array} is accessed at a data-dependent subscript with no bound (no clamp, and the array's extent is unknown), so its disjointness from the other arrays cannot be checked"
        );
    }
    format!("run-time check: bounds of {array}: {e}")
}

/// `options` with line buffers off where the function gets parallel code: a line buffer is
/// one buffer for all iterations of the loops around it, which would then run at once (each
/// thread would need its own; not yet).
fn line_buffers_decided(function: Value, options: &Options) -> Options {
    Options { line_buffers: options.line_buffers && !codegen::parallel_code(function, options.parallel), ..options.clone() }
}

/// The heuristics' parameters from the pass options.
fn propagation_options(options: &Options, built: &BuiltScop) -> propagation::Options {
    propagation::Options {
        allocated_by_size: allocated_by_size(built),
        // A model to reschedule keeps its arrays whole: the scheduler would see each buffer's
        // reuse as dependences that order the loops it could otherwise permute.
        line_buffers: options.line_buffers && reschedules(built, options).is_none(),
        cache_line: options.cache_line as usize,
        cache_limit: options.cache_limit as usize,
        max_split_parts: options.split_limit as usize,
        max_dependences: options.dependence_limit as usize,
        max_expression_size: options.expression_limit as usize,
        recomputation_limit: options.recompute_limit.map(|n| n as usize),
        cost_model: options.cost_model.then_some(propagation::MEASURED),
        whole_clamped_reads: options.whole_clamped_reads,
        keep: options.keep.clone(),
        propagate: options.propagate.clone(),
        max_operations: options.quota,
        ..propagation::Options::default()
    }
}

/// `print=deps` writes one line per dependence, `print=deps-dot` the statement dependence
/// graph in Graphviz.
enum DependencesFormat {
    Lines,
    Dot,
}

fn print_dependences(function: &str, candidates: &[Candidate], quota: u64, format: DependencesFormat) -> String {
    let mut out = String::new();
    for c in candidates {
        let Candidate::Accepted { description, built } = c else { continue };
        out.push_str(&format!("polyprop-deps: function {function}, {description}\n"));
        let isl = IslContext::new(quota);
        let scop = &built.scop;
        match (dependences::compute_dependences(&isl, scop), &format) {
            (Ok(deps), DependencesFormat::Lines) => out.push_str(&dependences::print_dependences(scop, &deps)),
            (Ok(deps), DependencesFormat::Dot) => {
                out.push_str(&dependence_graph::to_dot(scop, &dependence_graph::dependence_graph(scop, &deps)))
            }
            (Err(e), _) => out.push_str(&format!("  not computed: {e}\n")),
        }
    }
    out
}

fn export_jscop(function: &str, candidates: &[Candidate], dir: &str) -> Result<(), String> {
    for c in candidates {
        let Candidate::Accepted { built, .. } = c else { continue };
        let scop = &built.scop;
        let file = std::path::Path::new(dir).join(format!("{}.jscop", scop.name));
        std::fs::write(&file, polyhedral::jscop::export(scop))
            .map_err(|e| format!("cannot write {}: {e} (function {function})", file.display()))?;
    }
    Ok(())
}
