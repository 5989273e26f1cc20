//! Code generation: the (transformed) model back to LLVM IR, behind a run-time check.
//!
//! For a SCoP that is a whole `void` function body (every stage of a pipeline), the new code
//! is a new internal function `<name>.polyprop` with the same arguments, emitted from the
//! isl AST of the model (`polyhedral::ast`): loops with 64-bit iterators, guards, and each
//! statement's value expression with the same operations, types and order as the source,
//! so results are bit-identical without fast-math. Temporaries still read after propagation
//! are allocated there; the ones propagation removed are not allocated at all.
//!
//! What the source said stays (`fidelity`): operations carry their source's fast-math and
//! wrap flags, accesses its TBAA tags; every instruction has the line of the statement it
//! belongs to, loop control the line of its source loop. An AST loop stands for a source
//! loop when every statement in it has that loop at the position of the statement argument
//! the AST iterator appears in; it then gets a new distinct `llvm.loop` node with the source
//! loop's properties (user pragmas), and `nsw` on its increment if the source counter had it.
//! Integer arithmetic of AST expressions and subscripts takes `nsw` where its value range
//! proves that it does not wrap (`value_ranges`: parameters bounded by their types or by the
//! run-time check, iterators by their loops).
//!
//! The original function gets a new entry block that evaluates the run-time check (the
//! model's assumptions and the disjointness of possibly aliasing arrays) and, if it holds,
//! calls the new function and returns; otherwise the original code runs. The rest of the
//! -O3 pipeline inlines the call and optimizes the result.
//!
//! Every instruction is built through `ir_builder` (inkwell under a typed layer of ours); the
//! handles the C++ side gives us become inkwell values in `llvm_raw`, which holds every call
//! inkwell cannot make safely.
//!
//! A function that returns a value has the new function return it too: computed from the
//! arguments (`return 0;`, `return n;`), or read from the live-out scalar the statements
//! write it to (`return sum;`).
//!
//! A SCoP that is a loop nest inside a larger function (code before and after it, a
//! data-dependent loop around it) is versioned in place: its new code is an internal
//! function `<name>.polyprop.<loop>` whose arguments are the values from before the nest
//! that its parameters, externals and arrays are computed from (`leaves`); the run-time check
//! ends the nest's preheader and either calls it and continues at the nest's exit, or enters
//! the original nest. The nest's arrays exist before it and are used as they are. Values of
//! the nest used after it (through its exit's phis) are live-out scalars of the model, which
//! the new function stores through pointers to stack slots of the caller.
//!
//! Parallel loops (paper 003, section 5.2): where the AST marks a loop parallel
//! (`polyhedral::parallel`, asked for by `parallel=`, by default when the module was compiled
//! with `-fopenmp`), its body goes to an internal function `<name>.polyprop.omp.<k>` that
//! `__kmpc_fork_call` runs on every thread (`openmp`); each thread runs its static share of
//! the iterations with the same code a sequential loop would have. The outlined function gets
//! every value the body can use through one struct on the caller's stack (parameters,
//! externals, array pointers and sizes, enclosing iterators, the loop's bounds), and the
//! scalars' current values, which the loop cannot write (a write would be a conflict).
//!
//! Known limits (not yet): several returns, a nest's values used after it other than through
//! its exit's phis, arrays whose base is not an argument, a global or a `malloc` whose size
//! is computed from arguments, and live-out scalars are left untransformed with a reason.

use crate::affinator::ParameterValue;
use crate::bridge;
use crate::ir::{self, Value};
use crate::ir_builder::{Built, IrBuilder, Opcode, Val};
use crate::llvm_raw;
use crate::openmp::{LoopSlots, Runtime};
use crate::options::Parallel;
use crate::value_ranges::{self, Interval, LoopRanges, Leaves};
use inkwell::attributes::AttributeLoc;
use inkwell::basic_block::BasicBlock;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{AsValueRef, BasicValue, FunctionValue, InstructionValue};
use inkwell::{FloatPredicate, IntPredicate};
use llvm_sys::prelude::LLVMMetadataRef;
use llvm_sys::LLVMOpcode;
use polyhedral::ast::{Ast, AstExpr, AstNode};
use crate::scop_builder::NestPlace;
use polyhedral::model::*;
use std::collections::HashMap;

mod in_place;
mod rotation;
mod subtrees;
mod storage;
mod vector_points;

/// What the run-time check compares: an array's accessed subscript range per dimension.
pub struct ArrayBounds {
    pub array: ArrayId,
    pub bounds: Vec<(AstExpr, AstExpr)>,
}

/// Inputs of code generation besides the model.
pub struct Plan<'a> {
    pub scop: &'a Scop,
    pub ast: &'a Ast,
    /// The assumptions as one boolean expression over the parameters.
    pub assumptions: AstExpr,
    /// Where the values read only under guards may be read, in levels (first the guarded
    /// parameters', `scop_builder::BuiltScop::load_guards`): each tested before what it
    /// guards is read, with the original code where it fails.
    pub load_guards: Vec<AstExpr>,
    /// Loads read once at entry with the written arrays that may overlap their bytes
    /// (`scop_builder::BuiltScop::field_checks`): checked apart.
    pub field_checks: &'a [(Value, ArrayId)],
    /// Parameters loaded only under the loops' guards: read after the load guard holds.
    pub guarded_parameters: &'a [Value],
    pub bounds: Vec<ArrayBounds>,
    /// Base value of each memory array (argument, global or allocation call), by array id.
    pub bases: &'a [Value],
    /// For a loop nest inside a function: where it is versioned in place.
    pub place: Option<&'a NestPlace>,
    /// The live-out scalar holding the returned value, when the statements compute it.
    pub returned: Option<ArrayId>,
    /// Per statement, the reads in select sides that may be performed before the condition
    /// is known (`polyhedral::speculation`); empty: only the statement's own unconditional reads.
    pub speculable: &'a [Vec<Access>],
    /// A nest's values used after it, with the live-out scalars holding their last values:
    /// the new code hands them back through pointers.
    pub used_after: &'a [(Value, ArrayId)],
    pub parameters: &'a [crate::affinator::ParameterValue],
    pub externals: &'a [Value],
    /// Fast-math flags and TBAA tags of the source, for the generated instructions.
    pub fidelity: &'a crate::fidelity::Fidelity,
    /// The lines of the original statements' values by shape (`fidelity::origins`): a
    /// propagated subexpression keeps its producer's line.
    pub origins: &'a HashMap<String, SourceLocation>,
    /// Whether statement arguments `e + c` address their elements as `e`'s plus a constant
    /// (`offset_address`; for the unrolled register tiles of a rescheduled model): off, the
    /// code of models that are not rescheduled stays as it was.
    pub split_offsets: bool,
    /// Which generated loops stay loops (`llvm.loop.unroll.disable`).
    pub rolled: RolledLoops,
    /// The bytes of the vector registers that the copies of unrolled register tiles are
    /// emitted in (`vector_points`); 0: one copy at a time.
    pub vector_bytes: i64,
    /// The smallest subtree, in operations, that an innermost loop carries in scalars
    /// instead of recomputing it (`rotation`); 0: none.
    pub recurrences: usize,
    /// Whether the new code's entry writes `polyprop: new code of F` to stderr
    /// (`Options::trace_checks`).
    pub trace_checks: bool,
    /// Per array, how many times wider its elements are than the source's (a narrow table
    /// stored as 32-bit integers, `propagation::widened_tables`): its allocation grows so.
    pub element_growth: Vec<u64>,
}

/// What the new code does that the summary of `print=transform` names.
pub struct Generated {
    /// A line per loop that carries recurrences (`rotation`).
    pub rotations: Vec<String>,
    /// Per temporary in another's allocation (`storage`): `NAME in OWNER`.
    pub shared_storage: Vec<String>,
}

/// Generates the new function and the versioned entry; returns what it did ([`Generated`]),
/// or why it did not generate (the IR is then unchanged).
pub fn generate(function: Value, plan: &Plan<'_>) -> Result<Generated, String> {
    let function = llvm_raw::function(function).ok_or("internal error: not a function")?;
    let returned = check_supported(function, plan)?;
    let ir = IrBuilder::new(function);
    let leaves = plan.place.map(|place| leaves(plan, place)).unwrap_or_default();
    let new_fn = new_function(&ir, function, plan, &leaves);
    copy_function_attributes(function, new_fn);
    new_fn.add_attribute(AttributeLoc::Function, ir.context.create_string_attribute("polyprop-generated", ""));
    drop(ir);
    let args = match plan.place {
        None => function.get_params().into_iter().map(|p| p.as_value_ref()).zip(new_fn.get_params()).collect(),
        Some(_) => leaves.iter().copied().zip(new_fn.get_params()).collect(),
    };
    let mut e = Emitter::new(function, new_fn, plan, args);
    if plan.place.is_some() {
        let pointers = new_fn.get_params().into_iter().skip(leaves.len());
        e.hand_back = plan.used_after.iter().map(|(_, id)| *id).zip(pointers).collect();
    }
    let result = e.emit_function(returned);
    let outlined = std::mem::take(&mut e.outlined);
    let rotations = std::mem::take(&mut e.rotations);
    let shared_storage = e.storage_lines();
    drop(e);
    let delete = || {
        llvm_raw::delete_function(new_fn);
        outlined.iter().for_each(|&f| llvm_raw::delete_function(f));
    };
    if let Err(why) = result {
        delete();
        return Err(why);
    }
    if !new_fn.verify(false) || !outlined.iter().all(|f| f.verify(false)) {
        delete();
        return Err("internal error: generated function does not verify".into());
    }
    let versioned = match plan.place {
        None => version_entry(function, new_fn, plan),
        Some(place) => version_nest(function, new_fn, plan, place, &leaves),
    };
    let undo = match versioned {
        Ok(undo) => undo,
        Err(why) => {
            delete();
            return Err(why);
        }
    };
    if !function.verify(false) {
        undo();
        delete();
        return Err("internal error: versioned function does not verify".into());
    }
    Ok(Generated { rotations, shared_storage })
}

/// Whether the code generated for `function` runs its parallel loops on OpenMP threads
/// (`parallel=`: always, never, or when the module was compiled with `-fopenmp`).
pub fn parallel_code(function: Value, mode: Parallel) -> bool {
    match mode {
        Parallel::On => true,
        Parallel::Off => false,
        Parallel::Auto => llvm_raw::function(function).is_some_and(|f| IrBuilder::new(f).has_module_flag("openmp")),
    }
}

/// The function the new code goes to: `<name>.polyprop` with the original's type for a
/// function body; for a nest, `<name>.polyprop.<loop>` taking the nest's leaves and a pointer
/// per value it hands back.
fn new_function<'ctx>(ir: &IrBuilder<'ctx>, function: FunctionValue<'ctx>, plan: &Plan<'_>, leaves: &[Value]) -> FunctionValue<'ctx> {
    let name = ir::function_name(function.as_value_ref());
    if plan.place.is_none() {
        return ir.add_internal_function(&format!("{name}.polyprop"), function);
    }
    let nest = plan.scop.name.rsplit('.').next().unwrap_or("nest");
    let mut types: Vec<_> = leaves.iter().map(|&v| llvm_raw::value(v).get_type()).collect();
    types.extend(plan.used_after.iter().map(|&(v, _)| BasicTypeEnum::from(ir.pointer_to(llvm_raw::value(v).get_type()))));
    ir.add_internal_void_function(&format!("{name}.polyprop.{nest}"), &types)
}

/// The original function's attributes (`target-cpu`, `target-features`, the fp-math ones,
/// `nounwind`, ...) on the new one, so that `-march=native` and `-ffast-math` apply to the
/// generated code as they did to the source.
fn copy_function_attributes(from: FunctionValue<'_>, to: FunctionValue<'_>) {
    for attribute in from.attributes(AttributeLoc::Function) {
        to.add_attribute(AttributeLoc::Function, attribute);
    }
}

/// Why the plan cannot be generated, or what the new function returns.
fn check_supported(function: FunctionValue<'_>, plan: &Plan<'_>) -> Result<Returned, String> {
    let returned = match plan.place {
        None => returned_value(function, plan)?,
        Some(place) => {
            check_nest_exit(place, plan.used_after)?;
            Returned::Nothing
        }
    };
    if function.get_type().is_var_arg() {
        return Err("not yet: variadic functions".into());
    }
    let invariant = |v: Value| invariant_in(v, plan.place);
    let used = used_arrays(plan.scop);
    for (id, array) in plan.scop.arrays.iter().enumerate() {
        // An array propagation removed is neither allocated nor addressed.
        if !used[id] && array.liveness == Liveness::Temporary {
            continue;
        }
        let handed_back = plan.returned == Some(id) || plan.used_after.iter().any(|(_, s)| *s == id);
        if array.is_scalar() && array.liveness == Liveness::LiveOut && !handed_back {
            return Err(format!("not yet: live-out scalar {}", array.name));
        }
        if !array.is_scalar() {
            let base = plan.bases[id];
            // A nest's arrays exist before it: the new code uses them as they are.
            let loaded = ir::opcode(base) == Some(LLVMOpcode::LLVMLoad) && invariant(base);
            let ok = match plan.place {
                Some(place) => !place.defines(base) || loaded,
                None => {
                    ir::is_argument(base)
                        || ir::is_global(base)
                        || loaded
                        || (allocates_by_size(base) && ir::call_arguments(base).into_iter().all(invariant))
                        || (is_local_array(base) && array.liveness == Liveness::Temporary)
                        || (is_variable_local_array(base) && invariant(ir::operand(base, 0)) && array.liveness == Liveness::Temporary)
                }
            };
            if !ok {
                return Err(format!("not yet: base of {} is not an argument, global, pointer loaded from them, local array or malloc of an argument-derived size", array.name));
            }
        }
    }
    // A product parameter is computed from earlier parameters, which this checks.
    let values = plan.parameters.iter().filter_map(ParameterValue::value);
    for p in values.chain(plan.externals.iter().copied()) {
        if !invariant(p) {
            return Err(format!("not yet: parameter {} not computable from the arguments", ir::to_string(p)));
        }
    }
    Ok(returned)
}

/// A nest's exit must take the new code's edge: its phis may only receive, from the nest, one
/// value, defined before the nest or handed back by the new code (`used_after`), and nothing
/// after the nest may use the nest's values but those phis.
fn check_nest_exit(place: &NestPlace, used_after: &[(Value, ArrayId)]) -> Result<(), String> {
    let used_after_it = || "not yet: a value of the loop nest used after it other than through its exit".to_string();
    let handed_back = |v: Value| used_after.iter().any(|(u, _)| *u == v);
    let exit_phi = |u: Value| ir::is_phi(u) && ir::block_of(u) == Some(place.exit);
    for inst in place.blocks.iter().flat_map(|b| ir::instructions(*b)) {
        let handed_to_exit = |u: Value| exit_phi(u) && handed_back(inst);
        if ir::users(inst).into_iter().any(|u| !place.defines(u) && !handed_to_exit(u)) {
            return Err(used_after_it());
        }
    }
    if !crate::region::one_value_out(place.exit, &place.blocks) {
        return Err("not yet: an exit phi taking different values from the loop nest".into());
    }
    Ok(())
}

/// The values a nest's new function takes as arguments: the arguments and instructions from
/// before the nest that its parameters, externals and array bases are computed from.
fn leaves(plan: &Plan<'_>, place: &NestPlace) -> Vec<Value> {
    let mut roots: Vec<Value> = plan.externals.to_vec();
    roots.extend(plan.parameters.iter().filter_map(ParameterValue::value));
    let used = used_arrays(plan.scop);
    roots.extend(plan.scop.arrays.iter().enumerate().filter(|(id, a)| used[*id] && !a.is_scalar()).map(|(id, _)| plan.bases[id]));
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while let Some(v) = roots.pop() {
        if !seen.insert(v) || (ir::is_constant(v) && !ir::is_global(v)) {
            continue;
        }
        if place.defines(v) {
            roots.extend((0..ir::value_operand_count(v)).map(|k| ir::operand(v, k)));
        } else if !ir::is_global(v) {
            out.push(v);
        }
    }
    out
}

/// What the generated function returns: what the original does.
enum Returned {
    Nothing,
    /// A value computed from the arguments (`return 0;`, `return n;`).
    Invariant(Value),
    /// The live-out scalar the statements write the returned value to (`return sum;`).
    Scalar(ArrayId),
    /// An array the function allocates and returns (`float *out = malloc(..); ... return
    /// out;`): the generated function allocates it as it does the arrays it keeps, does not
    /// free it, and returns it.
    Allocation(ArrayId),
}

/// What `function`'s one return returns (several returns are not yet supported).
fn returned_value(function: FunctionValue<'_>, plan: &Plan<'_>) -> Result<Returned, String> {
    if function.get_type().get_return_type().is_none() {
        return Ok(Returned::Nothing);
    }
    let returns: Vec<Value> = ir::blocks(function.as_value_ref())
        .into_iter()
        .map(ir::terminator)
        .filter(|t| ir::opcode(*t) == Some(LLVMOpcode::LLVMRet))
        .collect();
    match (returns.as_slice(), plan.returned) {
        ([ret], _) if invariant_in(ir::operand(*ret, 0), None) => Ok(Returned::Invariant(ir::operand(*ret, 0))),
        ([_], Some(scalar)) => Ok(Returned::Scalar(scalar)),
        ([ret], None) => match returned_allocation(ir::operand(*ret, 0), plan) {
            Some(id) => Ok(Returned::Allocation(id)),
            None => Err(format!("not yet: a returned value of unsupported kind ({})", ir::to_string(ir::operand(*ret, 0)))),
        },
        _ => Err("not yet: functions with several returns".into()),
    }
}

/// The array whose allocation `value` is (through casts), when the generated function makes
/// that allocation itself and the model still writes the array.
fn returned_allocation(value: Value, plan: &Plan<'_>) -> Option<ArrayId> {
    let base = ir::strip_casts(value);
    let id = plan.bases.iter().position(|b| *b == base)?;
    let written = plan.scop.statements.iter().any(|s| s.write.array == id);
    // The caller frees it as the source allocated it: only `malloc`'s (the generated code
    // allocates with `malloc`, and `delete[]` of that would be undefined).
    let malloc = ir::called_function_name(base).as_deref() == Some("malloc");
    (malloc && written && !plan.scop.arrays[id].is_scalar()).then_some(id)
}

/// An allocation whose arguments are its size (`malloc`, C++'s `new[]` and `new`: bytes;
/// `calloc`: elements and element size): the generated code allocates the arrays it keeps
/// itself, with `malloc` (or `calloc`, whose zeros the model may read) of that size, and frees
/// them, whatever the source allocated them with.
pub fn allocates_by_size(base: Value) -> bool {
    matches!(ir::called_function_name(base).as_deref(), Some("malloc" | "calloc" | "_Znam" | "_Znwm"))
}

/// A local array of a size known at compile time (`double mean[M]`, an `alloca` of one
/// element of its type): the new function of a whole-function SCoP has its own, in its entry
/// block, when the array is a temporary (nothing outside the SCoP reads it).
pub fn is_local_array(base: Value) -> bool {
    ir::opcode(base) == Some(LLVMOpcode::LLVMAlloca) && ir::const_int(ir::operand(base, 0)) == Some(1)
}

/// A local array of a size computed at run time (`float t[h][w]`, `alloca(n)`): the new
/// function of a whole-function SCoP has its own of the same size, when the array is a
/// temporary.
pub fn is_variable_local_array(base: Value) -> bool {
    ir::opcode(base) == Some(LLVMOpcode::LLVMAlloca) && ir::const_int(ir::operand(base, 0)).is_none()
}

/// Whether `base` is one local variable of a scalar type whose address the source takes (a
/// C++ reference argument: `std::min(a + 1, b + 1)` passes its operands through two such
/// temporaries): a scalar in all but its model's name.
pub fn is_addressed_scalar(base: Value) -> bool {
    // SAFETY: `base` is an alloca (checked first), whose allocated type LLVM keeps.
    is_local_array(base)
        && unsafe { llvm_sys::core::LLVMGetTypeKind(llvm_sys::core::LLVMGetAllocatedType(base)) } != llvm_sys::LLVMTypeKind::LLVMArrayTypeKind
}

/// Whether a value is computable at function entry from arguments and constants only, or,
/// for a nest, before the nest (from the values defined before it).
fn invariant_in(v: Value, place: Option<&NestPlace>) -> bool {
    if ir::is_argument(v) || ir::is_constant(v) || place.is_some_and(|p| !p.defines(v)) {
        return true;
    }
    let invariant = |v: Value| invariant_in(v, place);
    match ir::opcode(v) {
        Some(
            LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMSub | LLVMOpcode::LLVMMul | LLVMOpcode::LLVMSDiv
            | LLVMOpcode::LLVMUDiv | LLVMOpcode::LLVMSRem | LLVMOpcode::LLVMURem | LLVMOpcode::LLVMShl
            | LLVMOpcode::LLVMLShr | LLVMOpcode::LLVMAShr | LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr
            | LLVMOpcode::LLVMXor | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMTrunc
            | LLVMOpcode::LLVMSelect | LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMBitCast
            | LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMExtractValue | LLVMOpcode::LLVMFreeze
            | LLVMOpcode::LLVMPtrToInt,
        ) => (0..ir::num_operands(v)).all(|k| invariant(ir::operand(v, k))),
        // A parameter loaded before the loops: the model checked that the region does not
        // write it, so reading it at entry gives the same value.
        Some(LLVMOpcode::LLVMLoad) => !ir::is_volatile(v) && invariant(ir::operand(v, 0)),
        // GVN's phi of the reloads of one field (`materialize` reads the first).
        Some(LLVMOpcode::LLVMPHI) => ir::reloads_of_one_address(v).is_some_and(invariant),
        // Pure intrinsics: min and max, and the overflow-checked product of C++'s `new T[n]`.
        Some(LLVMOpcode::LLVMCall) => {
            let pure = |n: String| n.starts_with("llvm.smax.") || n.starts_with("llvm.smin.") || crate::statements::is_overflow_intrinsic(&n);
            ir::called_function_name(v).is_some_and(pure) && ir::call_arguments(v).into_iter().all(invariant)
        }
        _ => false,
    }
}

/// Copies an argument-derived value to the builder's position, mapping arguments.
fn materialize<'ctx>(
    ir: &IrBuilder<'ctx>,
    v: Value,
    args: &HashMap<Value, Val<'ctx>>,
    cache: &mut HashMap<Value, Val<'ctx>>,
) -> Built<Val<'ctx>> {
    if let Some(m) = args.get(&v).or_else(|| cache.get(&v)) {
        return Ok(*m);
    }
    if ir::is_constant(v) {
        return Ok(llvm_raw::value(v));
    }
    // A phi of reloads of a field the region does not write (`Affinator::guarded_address`).
    if ir::is_phi(v) {
        let first = ir::reloads_of_one_address(v).ok_or_else(|| format!("internal error: a phi in a value read before the region: {}", ir::to_string(v)))?;
        return materialize(ir, first, args, cache);
    }
    let clone = llvm_raw::instruction(v).explicit_clone();
    for k in 0..ir::value_operand_count(v) {
        let m = materialize(ir, ir::operand(v, k), args, cache)?;
        clone.set_operand(k, m);
    }
    ir.insert(clone);
    let clone = llvm_raw::value(clone.as_value_ref());
    cache.insert(v, clone);
    Ok(clone)
}

struct Emitter<'a, 'ctx> {
    ir: IrBuilder<'ctx>,
    original: FunctionValue<'ctx>,
    new_fn: FunctionValue<'ctx>,
    plan: &'a Plan<'a>,
    args: HashMap<Value, Val<'ctx>>,
    cache: HashMap<Value, Val<'ctx>>,
    values: Values<'ctx>,
    to_free: Vec<Val<'ctx>>,
    /// Per array, the array whose allocation and alias scope it uses (`storage`): itself, or
    /// a kept temporary's whose life ended before its own begins.
    storage: Vec<ArrayId>,
    /// The `!range` kind id.
    range_kind: u32,
    /// The `!tbaa` kind id, and the debug-info scope of the emitted code (if the source has
    /// debug info) with the line of its function.
    tbaa_kind: u32,
    scope: Option<(LLVMMetadataRef, u32)>,
    /// One alias scope per array: in the generated function, which runs only when the
    /// run-time check proved the arrays disjoint, no two arrays alias.
    alias_scopes: Vec<LLVMMetadataRef>,
    /// Reads a select's sides in the current statement may perform before its condition is
    /// known: those the statement performs whatever its selects choose, and those whose
    /// elements the source touches anyway (`Plan::speculable`). A select whose sides read
    /// only these, and cannot trap, evaluates both sides.
    unconditional: Vec<Access>,
    /// The library math calls of the current statement emitted so far where the insertion
    /// point is now, with their values: the model's value is a tree, so a call whose result
    /// the source used several times (camera pipe's tone curve: one `powf` read 28 times)
    /// appears once per use, and LLVM cannot merge the copies (`powf` writes `errno`). Each
    /// call is emitted once per statement instance, as the source called it; entries made
    /// in a side of a lazy select are dropped at its end (they do not dominate the join).
    calls: std::cell::RefCell<Vec<(Expr, Val<'ctx>)>>,
    /// Subtrees of the current statement instance whose value a recurrence carries
    /// (`rotation`), by address, with that value.
    carried: std::cell::RefCell<Vec<(&'a Expr, Val<'ctx>)>>,
    /// The values of the current statement instance's subtrees emitted so far (`subtrees`).
    subtrees: std::cell::RefCell<subtrees::Subtrees<'a, 'ctx>>,
    /// Whether the subtree being emitted took a value from `carried`.
    carried_used: std::cell::Cell<bool>,
    /// Per loop that carries recurrences, one line (`rotation::Rotation::describe`).
    rotations: Vec<String>,
    /// The location emitted instructions take now (`set_location`).
    location: std::cell::Cell<Option<&'a SourceLocation>>,
    /// Whether the run-time check has bounded every 64-bit parameter by
    /// `value_ranges::PARAMETER_BOUND`: true in the generated function, which runs only after
    /// it; false in the check itself.
    parameters_bounded: bool,
    /// Per parameter (as `params`), the interval of its `i64` value.
    parameter_ranges: Vec<Interval>,
    /// Per AST iterator, the interval of its value where code is emitted now.
    iterator_ranges: Vec<Interval>,
    /// Per argument of the statement being emitted, the interval of its value.
    statement_ranges: Vec<Interval>,
    /// Per argument of the statement being emitted that the AST writes `e + c` (the copies of
    /// an unrolled register tile), `e`'s value and `c`; empty when no argument has an offset.
    statement_offsets: Vec<(Val<'ctx>, Interval, i64)>,
    /// A nest's live-out scalars and the pointers its new function stores their last values to.
    hand_back: Vec<(ArrayId, Val<'ctx>)>,
    /// libomp's entry points, declared at the first parallel loop.
    openmp: Option<Runtime<'ctx>>,
    /// Whether code is emitted into an outlined parallel loop now (no nested fork).
    in_parallel: bool,
    /// The outlined functions of parallel loops, deleted with the new function on failure.
    outlined: Vec<FunctionValue<'ctx>>,
    /// Per row-pointer table checked so far: whether its rows ascend apart, and their hull
    /// `[start, end)` (`row_check`).
    row_hulls: HashMap<ArrayId, (Val<'ctx>, Val<'ctx>, Val<'ctx>)>,
}

/// How a loop's iterations end.
enum LoopBound<'n, 'ctx> {
    /// The AST's condition.
    Ast(&'n AstExpr),
    /// The iterator is at most this value (a thread's share of a parallel loop).
    Inclusive(Val<'ctx>),
}

/// What a loop's code needs besides its bounds and body.
struct LoopShape<'a> {
    iterator: usize,
    step: i64,
    ranges: LoopRanges,
    /// The trip count when the bounds are constants.
    trips: Option<i128>,
    source: Option<&'a crate::fidelity::SourceLoop>,
    at: Option<&'a SourceLocation>,
}

/// The values the emitted code refers to, in the function it is emitted into: what an
/// outlined parallel loop receives through its context (`captured`).
#[derive(Clone)]
struct Values<'ctx> {
    /// The parameters as `i64` (sign-extended), the width of affine and AST expressions.
    params: Vec<Val<'ctx>>,
    /// The parameters at their declared width, the type of `Expr::Parameter` in values.
    declared_params: Vec<Val<'ctx>>,
    externals: Vec<Val<'ctx>>,
    /// Element pointer of each array that the model still accesses (None: unused); a
    /// scalar's stack slot.
    arrays: Vec<Option<Val<'ctx>>>,
    /// Inner sizes of each array as i64 values.
    sizes: Vec<Vec<Val<'ctx>>>,
    iterators: Vec<Option<Val<'ctx>>>,
}

/// The emitter's state outside an outlined function (`enter_outlined`).
struct Saved<'ctx> {
    new_fn: FunctionValue<'ctx>,
    scope: Option<(LLVMMetadataRef, u32)>,
    values: Values<'ctx>,
}

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    /// An emitter into `new_fn`, where the values in `args` (the original's arguments, or a
    /// nest's leaves) stand for the given values.
    fn new(original: FunctionValue<'ctx>, new_fn: FunctionValue<'ctx>, plan: &'a Plan<'a>, args: HashMap<Value, Val<'ctx>>) -> Self {
        Emitter {
            ir: IrBuilder::new(new_fn),
            original,
            new_fn,
            plan,
            args,
            cache: HashMap::new(),
            values: Values {
                params: Vec::new(),
                declared_params: Vec::new(),
                externals: Vec::new(),
                arrays: Vec::new(),
                sizes: Vec::new(),
                iterators: vec![None; plan.ast.iterators.len()],
            },
            to_free: Vec::new(),
            storage: (0..plan.scop.arrays.len()).collect(),
            tbaa_kind: crate::ir_builder::metadata_kind(original.as_value_ref(), "tbaa"),
            range_kind: crate::ir_builder::metadata_kind(original.as_value_ref(), "range"),
            scope: None,
            alias_scopes: Vec::new(),
            unconditional: Vec::new(),
            calls: std::cell::RefCell::new(Vec::new()),
            subtrees: Default::default(),
            carried_used: std::cell::Cell::new(false),
            carried: std::cell::RefCell::new(Vec::new()),
            rotations: Vec::new(),
            location: std::cell::Cell::new(None),
            parameters_bounded: false,
            parameter_ranges: Vec::new(),
            iterator_ranges: vec![Interval::I64; plan.ast.iterators.len()],
            statement_ranges: Vec::new(),
            statement_offsets: Vec::new(),
            hand_back: Vec::new(),
            openmp: None,
            in_parallel: false,
            outlined: Vec::new(),
            row_hulls: HashMap::new(),
        }
    }

    /// The debug location of emitted instructions: `line:column` of the source when it lies
    /// in the scope's file (a statement from an inlined header keeps the function's line).
    fn set_location(&self, at: Option<&'a polyhedral::model::SourceLocation>) {
        self.location.set(at);
        let Some((scope, function_line)) = self.scope else { return };
        let file = ir::subprogram_file(scope);
        let (line, column) = match at {
            Some(l) if Some(&l.file) == file.as_ref() && l.line > 0 => (l.line, l.column),
            _ => (function_line, 0),
        };
        self.ir.set_location(line, column, scope);
    }

    /// The source's fast-math flags on a floating-point operation just emitted.
    fn fast_math(&self, v: Val<'ctx>) -> Val<'ctx> {
        self.ir.fast_math(v, self.plan.fidelity.fast_math)
    }

    /// On a load or store of `array` just emitted: the source's TBAA tag, and the array's
    /// alias scope (memory arrays; scalars are registers after -O3).
    fn memory_metadata(&self, array: ArrayId, access: InstructionValue<'ctx>) -> Built<()> {
        if let Some(Some(tag)) = self.plan.fidelity.tbaa.get(array) {
            self.ir.set_metadata(access, self.tbaa_kind, *tag)?;
        }
        if !self.alias_scopes.is_empty() && !self.plan.scop.arrays[array].is_scalar() {
            self.ir.set_alias_scopes(access, &self.alias_scopes, self.storage[array]);
        }
        Ok(())
    }

    fn int(&self, v: i64) -> Val<'ctx> {
        self.ir.int(v)
    }

    fn block(&self, name: &str) -> BasicBlock<'ctx> {
        self.ir.append_block(self.new_fn, name)
    }

    /// Per temporary in another's allocation: `NAME in OWNER`.
    fn storage_lines(&self) -> Vec<String> {
        let name = |id: ArrayId| &self.plan.scop.arrays[id].name;
        self.storage.iter().enumerate().filter(|(id, owner)| id != *owner).map(|(id, &owner)| format!("{} in {}", name(id), name(owner))).collect()
    }

    fn emit_function(&mut self, returned: Returned) -> Built<()> {
        let entry = self.block("entry");
        self.ir.position_at_end(entry);
        // One scope per array, then one per row-pointer table's own bytes (`row_address`).
        let tables = self.plan.scop.arrays.iter().filter(|a| a.row_pointers).count();
        self.alias_scopes = bridge::alias_scopes(self.ir.context.raw(), self.plan.scop.arrays.len() + tables);
        self.scope = bridge::copy_subprogram(self.original.as_value_ref(), self.new_fn.as_value_ref())
            .map(|sp| (sp, llvm_raw::subprogram_line(sp)));
        self.set_location(None);
        self.parameters_bounded = true;
        let returned_array = match returned {
            Returned::Allocation(id) => Some(id),
            _ => None,
        };
        self.storage = storage::shared_storage(self.plan, &used_arrays(self.plan.scop), returned_array);
        self.prepare()?;
        let ast = self.plan.ast;
        self.node(&ast.root)?;
        // Freeing the temporaries and returning belong to no statement or loop.
        self.set_location(None);
        let i8_ptr = self.ir.i8_ptr();
        let kept = match returned {
            Returned::Allocation(id) => self.values.arrays[id],
            _ => None,
        };
        for p in std::mem::take(&mut self.to_free).into_iter().filter(|p| Some(*p) != kept) {
            let free = self.ir.function("free", None, &[i8_ptr.into()]);
            let cast = self.ir.bitcast(p, i8_ptr, "")?;
            self.ir.call(free, &[cast])?;
        }
        for (id, pointer) in std::mem::take(&mut self.hand_back) {
            let value = self.scalar_value(id)?;
            self.ir.store(value, pointer)?;
        }
        let value = match returned {
            Returned::Nothing => None,
            Returned::Invariant(v) => Some(materialize(&self.ir, v, &self.args, &mut self.cache)?),
            Returned::Scalar(id) => Some(self.scalar_value(id)?),
            Returned::Allocation(id) => {
                let pointer = self.values.arrays[id].ok_or_else(|| format!("internal error: returned array {} not allocated", self.plan.scop.arrays[id].name))?;
                let ty = self.new_fn.get_type().get_return_type().ok_or("internal error: no return type")?;
                Some(self.ir.bitcast(pointer, ty.into_pointer_type(), "")?)
            }
        };
        self.ir.ret(value)
    }

    /// The value scalar `id` holds now (the last written), from its slot.
    fn scalar_value(&self, id: ArrayId) -> Built<Val<'ctx>> {
        let slot = self.values.arrays[id].ok_or_else(|| format!("internal error: scalar {} has no slot", self.plan.scop.arrays[id].name))?;
        Ok(self.ir.load(slot)?.0)
    }

    /// Parameters, invariant values, array base pointers and sizes, scalar slots.
    fn prepare(&mut self) -> Built<()> {
        let plan = self.plan;
        self.materialize_parameters()?;
        for &x in plan.externals {
            let v = materialize(&self.ir, x, &self.args, &mut self.cache)?;
            self.values.externals.push(v);
        }
        let used = used_arrays(plan.scop);
        for (id, array) in plan.scop.arrays.iter().enumerate() {
            let elem = self.ir.scalar(array.element);
            // A row-pointer table's base points to row pointers; its rows have no size.
            let (ptr_ty, sizes) = match array.row_pointers {
                true => (self.ir.pointer_to(self.ir.pointer_to(elem).into()), Vec::new()),
                false => (self.ir.pointer_to(elem), self.inner_sizes(array)?),
            };
            self.values.sizes.push(sizes);
            if !used[id] {
                self.values.arrays.push(None);
                continue;
            }
            if array.is_scalar() {
                let slot = self.ir.alloca(elem, &array.name)?;
                self.values.arrays.push(Some(slot));
                continue;
            }
            let base = plan.bases[id];
            let owner = self.storage[id];
            let pointer = if owner != id {
                // The owner's life starts earlier, but its id may be larger: set it below.
                self.values.arrays.push(None);
                continue;
            } else if array.line_buffer {
                self.line_buffer(array, elem, ptr_ty)?
            } else if allocates_by_size(base) && plan.place.is_none() {
                let calloc = ir::called_function_name(base).as_deref() == Some("calloc");
                let arguments = &ir::call_arguments(base)[..if calloc { 2 } else { 1 }];
                let mut size = arguments.iter().map(|&a| materialize(&self.ir, a, &self.args, &mut self.cache)).collect::<Result<Vec<_>, _>>()?;
                // Zeros also where the region filled a `new` with them (`arrays::zero_fills`).
                let zeroed = array.initial == Contents::Zeros;
                if zeroed && !calloc {
                    size.push(size[0].get_type().into_int_type().const_int(1, false).into());
                }
                let growth = plan.element_growth.get(id).copied().unwrap_or(1);
                if let (Some(last), true) = (size.last_mut(), growth > 1) {
                    let factor = last.into_int_value().get_type().const_int(growth, false);
                    *last = self.ir.mul(*last, factor.into())?;
                }
                self.heap_allocated(if zeroed { "calloc" } else { "malloc" }, &size, ptr_ty, &array.name)?
            } else if is_local_array(base) && plan.place.is_none() {
                let t = llvm_raw::instruction(base).get_allocated_type().map_err(|e| format!("internal error: local array {}: {e:?}", array.name))?;
                let slot = self.ir.alloca(t, &array.name)?;
                self.ir.bitcast(slot, ptr_ty, &array.name)?
            } else if is_variable_local_array(base) && plan.place.is_none() {
                let t = llvm_raw::instruction(base).get_allocated_type().map_err(|e| format!("internal error: local array {}: {e:?}", array.name))?;
                let count = materialize(&self.ir, ir::operand(base, 0), &self.args, &mut self.cache)?;
                let slot = self.ir.array_alloca(t, count, &array.name)?;
                self.ir.bitcast(slot, ptr_ty, &array.name)?
            } else {
                let b = self.base_value(id)?;
                self.ir.bitcast(b, ptr_ty, &array.name)?
            };
            self.values.arrays.push(Some(pointer));
        }
        for (id, &owner) in self.storage.iter().enumerate() {
            if owner != id {
                let array = &plan.scop.arrays[id];
                let owned = self.values.arrays[owner].ok_or_else(|| format!("internal error: storage of {} not allocated", array.name))?;
                let shared = self.ir.bitcast(owned, self.ir.pointer_to(self.ir.scalar(array.element)), &array.name)?;
                self.values.arrays[id] = Some(shared);
            }
        }
        Ok(())
    }

    /// The storage of a line buffer (`polyhedral::line_buffers`), of the model's sizes: on the
    /// stack where they are constants and it takes at most `MAX_STACK_LINE_BUFFER` bytes, else
    /// from `malloc` (freed at the function's end).
    fn line_buffer(&mut self, array: &Array, elem: BasicTypeEnum<'ctx>, ptr_ty: inkwell::types::PointerType<'ctx>) -> Built<Val<'ctx>> {
        if let Some(n) = array.constant_elements().filter(|n| n.checked_mul(array.element.size_in_bytes()).is_some_and(|bytes| bytes <= MAX_STACK_LINE_BUFFER)) {
            let slot = self.ir.alloca(inkwell::types::BasicType::array_type(&elem, n as u32).into(), &array.name)?;
            return self.ir.bitcast(slot, ptr_ty, &array.name);
        }
        let mut bytes: Val<'ctx> = self.ir.i64().const_int(array.element.size_in_bytes(), false).into();
        for size in &array.sizes {
            let size = self.affine(size.as_ref().ok_or("internal error: a line buffer of unknown size")?, &[])?;
            bytes = self.ir.mul(bytes, size)?;
        }
        self.heap_allocated("malloc", &[bytes], ptr_ty, &array.name)
    }

    /// `allocator(size...)` (`malloc` or `calloc`) as a `ptr_ty`, freed at the function's end.
    fn heap_allocated(&mut self, allocator: &str, size: &[Val<'ctx>], ptr_ty: inkwell::types::PointerType<'ctx>, name: &str) -> Built<Val<'ctx>> {
        let types: Vec<_> = size.iter().map(|v| v.get_type()).collect();
        let allocate = self.ir.function(allocator, Some(self.ir.i8_ptr().into()), &types);
        let raw = self.ir.call_value(allocate, size)?;
        let p = self.ir.bitcast(raw, ptr_ty, name)?;
        self.to_free.push(p);
        Ok(p)
    }

    /// The base address of a memory array at the builder's position: a pointer loaded from
    /// memory (a struct's `data` field) is loaded again there, as parameters are.
    fn base_value(&mut self, id: ArrayId) -> Built<Val<'ctx>> {
        let base = self.plan.bases[id];
        if let Some(b) = self.args.get(&base) {
            return Ok(*b);
        }
        if ir::opcode(base) == Some(LLVMOpcode::LLVMLoad) {
            return materialize(&self.ir, base, &self.args, &mut self.cache);
        }
        Ok(llvm_raw::value(base))
    }

    /// The parameters' values at the builder's position, at their declared width and as `i64`.
    /// A product parameter follows its factors (earlier parameters), in parameter order.
    fn materialize_parameters(&mut self) -> Built<()> {
        for k in 0..self.plan.parameters.len() {
            let v = match self.plan.parameters[k] {
                // After the others, of which the elements' bounds are expressions.
                ParameterValue::IndexRange { .. } => self.ir.i64().const_zero().into(),
                _ => self.parameter_value(k)?,
            };
            self.push_parameter(v)?;
        }
        self.materialize_index_ranges(self.new_fn)
    }

    /// As `materialize_parameters`, but the parameters loaded under the loops' guards
    /// (`Plan::guarded_parameters`, and products of them) are zeros until
    /// `materialize_guarded_parameters` reads them, after the load guard holds; returns
    /// their indices.
    fn materialize_unguarded_parameters(&mut self) -> Built<Vec<usize>> {
        let mut later = Vec::new();
        for k in 0..self.plan.parameters.len() {
            let guarded = match &self.plan.parameters[k] {
                ParameterValue::Value(v) => self.plan.guarded_parameters.contains(v),
                ParameterValue::Product { factors, .. } => factors.iter().any(|f| later.iter().any(|&p| f.uses_param(p))),
                // Computed after every other parameter (`materialize_index_ranges`).
                ParameterValue::IndexRange { .. } => false,
            };
            let v = match (guarded, &self.plan.parameters[k]) {
                (true, _) => {
                    later.push(k);
                    self.ir.i64().const_zero().into()
                }
                (false, ParameterValue::IndexRange { .. }) => self.ir.i64().const_zero().into(),
                (false, _) => self.parameter_value(k)?,
            };
            self.push_parameter(v)?;
        }
        Ok(later)
    }

    /// The parameters `later` of `materialize_unguarded_parameters`, read now.
    fn materialize_guarded_parameters(&mut self, later: &[usize]) -> Built<()> {
        for &k in later {
            let v = self.parameter_value(k)?;
            let bits = if v.is_int_value() { v.into_int_value().get_type().get_bit_width() } else { 64 };
            self.values.declared_params[k] = v;
            self.values.params[k] = if bits < 64 { self.ir.sext(v, self.ir.i64())? } else { v };
            self.parameter_ranges[k] = self.parameter_range(bits);
        }
        Ok(())
    }

    /// The parameters that hold an index array's range (`ParameterValue::IndexRange`), from one
    /// pass over the elements the region reads (`index_check`), once every other parameter is
    /// known: the elements' bounds are expressions of them. `function` is the one the builder
    /// is in (the original's check, or the generated function's entry).
    fn materialize_index_ranges(&mut self, function: FunctionValue<'ctx>) -> Built<()> {
        let mut ranges: HashMap<ArrayId, (Val<'ctx>, Val<'ctx>)> = HashMap::new();
        for k in 0..self.plan.parameters.len() {
            let ParameterValue::IndexRange { array, maximum } = self.plan.parameters[k] else { continue };
            let (low, high) = match ranges.get(&array) {
                Some(&found) => found,
                None => {
                    let found = self.index_range(array, function)?;
                    ranges.insert(array, found);
                    found
                }
            };
            let v = if maximum { high } else { low };
            self.values.declared_params[k] = v;
            self.values.params[k] = v;
            self.parameter_ranges[k] = self.parameter_range(64);
        }
        Ok(())
    }

    /// The smallest and the largest element of index array `array` at the subscripts the
    /// region reads (its bounds), from `index_check`'s function; `[0, -1]` for none read.
    fn index_range(&mut self, array: ArrayId, function: FunctionValue<'ctx>) -> Built<(Val<'ctx>, Val<'ctx>)> {
        let bounds = self.plan.bounds.iter().find(|b| b.array == array).ok_or("internal error: index array without bounds")?;
        let (first, last) = (bounds.bounds[0].0.clone(), bounds.bounds[0].1.clone());
        let (first, last) = (self.ast_expr(&first)?, self.ast_expr(&last)?);
        let element = self.plan.scop.arrays[array].element;
        let scan = crate::index_check::function(&self.ir, self.original, element)?;
        // In the entry block: a check inside a loop (a nest's preheader) runs at each iteration.
        let range = self.ir.entry_alloca(function, self.ir.i64().array_type(2).into(), "polyprop.index_range")?;
        let range = self.ir.bitcast(range, self.ir.i64().ptr_type(inkwell::AddressSpace::default()), "")?;
        let base = self.base_value(array)?;
        let elements = self.ir.bitcast(base, self.ir.pointer_to(self.ir.scalar(element)), "")?;
        self.ir.call(scan, &[elements, first, last, range])?;
        let (low, _) = self.ir.load(range)?;
        let (high, _) = self.ir.load(self.ir.element_pointer(range, self.int(1))?)?;
        Ok((low, high))
    }

    /// Parameter `k`'s value at the builder's position, at its declared width.
    fn parameter_value(&mut self, k: usize) -> Built<Val<'ctx>> {
        match &self.plan.parameters[k] {
            ParameterValue::Value(v) => materialize(&self.ir, *v, &self.args, &mut self.cache),
            ParameterValue::Product { factors, bits } => self.product(factors, *bits),
            ParameterValue::IndexRange { .. } => Err("internal error: an index array's range is computed by the check".into()),
        }
    }

    fn push_parameter(&mut self, v: Val<'ctx>) -> Built<()> {
        let bits = if v.is_int_value() { v.into_int_value().get_type().get_bit_width() } else { 64 };
        self.values.declared_params.push(v);
        self.values.params.push(if bits < 64 { self.ir.sext(v, self.ir.i64())? } else { v });
        let range = self.parameter_range(bits);
        self.parameter_ranges.push(range);
        Ok(())
    }

    fn parameter_range(&self, bits: u32) -> Interval {
        match bits {
            64 if self.parameters_bounded => Interval::symmetric(value_ranges::PARAMETER_BOUND),
            _ => Interval::signed_bits(bits.min(64)),
        }
    }

    /// The run-time check's bound on every 64-bit parameter (`value_ranges::PARAMETER_BOUND`),
    /// which the ranges of the generated function's arithmetic rely on; `None` without such
    /// parameters.
    fn parameter_bounds_hold(&self) -> Built<Option<Val<'ctx>>> {
        let wide = |v: &&Val<'ctx>| v.is_int_value() && v.into_int_value().get_type().get_bit_width() == 64;
        let mut ok = None;
        for &p in self.values.declared_params.iter().filter(wide) {
            let above = self.ir.icmp(IntPredicate::SGE, p, self.int(-value_ranges::PARAMETER_BOUND))?;
            let below = self.ir.icmp(IntPredicate::SLE, p, self.int(value_ranges::PARAMETER_BOUND))?;
            let inside = self.ir.binary(Opcode::And, above, below)?;
            ok = Some(match ok {
                Some(before) => self.ir.binary(Opcode::And, before, inside)?,
                None => inside,
            });
        }
        Ok(ok)
    }

    /// The value of a product parameter: its factors multiplied with wrapping 64-bit
    /// arithmetic and truncated to the parameter's type, which is the product modulo `2^N`
    /// that the source's `N`-bit multiplication computes (`affinator::Affinator::product`).
    /// No wrap flag: the 64-bit product may wrap where the narrow one is all that counts.
    fn product(&self, factors: &[polyhedral::affine::AffExpr], bits: u32) -> Built<Val<'ctx>> {
        let mut acc = self.int(1);
        for f in factors {
            let x = self.affine(f, &[])?;
            acc = self.ir.mul(acc, x)?;
        }
        if let Some(ty) = ScalarType::integer(bits).filter(|ty| matches!(ty, ScalarType::I8 | ScalarType::I16 | ScalarType::I32)) {
            acc = self.ir.cast(Opcode::Trunc, acc, self.ir.scalar(ty))?;
        }
        Ok(acc)
    }

    /// An affine expression of the statement's iterators (given) and the parameters, in i64.
    fn affine(&self, e: &polyhedral::affine::AffExpr, iters: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        Ok(self.affine_flagged(e, iters, WrapFlags::NONE)?.0)
    }

    /// A subscript of an access: `nsw` on its top-level multiplication and addition when it
    /// has at most one variable term. Every generated access is at an address the source
    /// accessed (propagation re-reads what the producer read), so in bounds of its object;
    /// an inner subscript of a delinearized array is in `[0, size)` by the model's
    /// assumption, and the outermost one is at most the element offset over the inner sizes'
    /// product. With one term, `k*x` and `c + k*x` are the subscript itself or it minus a
    /// constant, so neither wraps; with more terms, partial sums are not bounded by the model,
    /// but by their value ranges (`value_ranges`), which give `nsw` where they fit.
    fn subscript(&self, e: &polyhedral::affine::AffExpr, iters: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        Ok(self.affine_flagged(e, iters, subscript_flags(e))?.0)
    }

    /// An affine expression with `flags` on its top-level multiplications and additions, and
    /// `nsw` on every multiplication and addition whose value range fits in `i64`; with the
    /// interval of its value. `iters` are the current statement's arguments (their ranges are
    /// `statement_ranges`) or none.
    fn affine_flagged(&self, e: &polyhedral::affine::AffExpr, iters: &[Val<'ctx>], flags: WrapFlags) -> Built<(Val<'ctx>, Interval)> {
        self.affine_ranged(e, iters, &self.statement_ranges, flags)
    }

    /// [`Self::affine_flagged`] with the iterators' ranges given (`iters`' when of its length).
    fn affine_ranged(&self, e: &polyhedral::affine::AffExpr, iters: &[Val<'ctx>], ranges: &[Interval], flags: WrapFlags) -> Built<(Val<'ctx>, Interval)> {
        use polyhedral::affine::AffVar;
        let iterator_range = |i: usize| match ranges.get(i) {
            Some(r) if ranges.len() == iters.len() => *r,
            _ => Interval::I64,
        };
        let mut acc = self.int(e.constant);
        let mut acc_range = Interval::point(e.constant);
        for (v, k) in &e.terms {
            let (x, range) = match v {
                AffVar::Iter(i) => (iters[*i], iterator_range(*i)),
                AffVar::Param(p) => (self.values.params[*p], self.parameter_ranges.get(*p).copied().unwrap_or(Interval::I64)),
                AffVar::FloorDiv(inner, d) => {
                    let n = self.affine_flagged(inner, iters, WrapFlags::NONE)?;
                    self.floor_div(n, (self.int(*d), Interval::point(*d)))?
                }
                AffVar::Min(x, y) => {
                    let (x, y) = (self.affine_flagged(x, iters, WrapFlags::NONE)?, self.affine_flagged(y, iters, WrapFlags::NONE)?);
                    (self.min_max(x.0, y.0, IntPredicate::SLT)?, x.1.min(y.1))
                }
                AffVar::Max(x, y) => {
                    let (x, y) = (self.affine_flagged(x, iters, WrapFlags::NONE)?, self.affine_flagged(y, iters, WrapFlags::NONE)?);
                    (self.min_max(x.0, y.0, IntPredicate::SGT)?, x.1.max(y.1))
                }
            };
            let (term, term_range) = if *k == 1 {
                (x, range)
            } else {
                let exact = range * Interval::point(*k);
                (self.ir.wrap_flags(self.ir.mul(self.int(*k), x)?, or_nsw(flags, exact)), exact.wrapped())
            };
            let exact = acc_range + term_range;
            acc = self.ir.wrap_flags(self.ir.add(acc, term)?, or_nsw(flags, exact));
            acc_range = exact.wrapped();
        }
        Ok((acc, acc_range))
    }

    fn min_max(&self, x: Val<'ctx>, y: Val<'ctx>, pred: IntPredicate) -> Built<Val<'ctx>> {
        let cmp = self.ir.icmp(pred, x, y)?;
        self.ir.select(cmp, x, y)
    }

    /// `floor(n / d)` for `d > 0`, with the intervals of the operands and of the result.
    fn floor_div(&self, (n, n_range): (Val<'ctx>, Interval), (d, d_range): (Val<'ctx>, Interval)) -> Built<(Val<'ctx>, Interval)> {
        let q = self.ir.binary(Opcode::SDiv, n, d)?;
        let r = self.ir.binary(Opcode::SRem, n, d)?;
        let neg = self.ir.icmp(IntPredicate::SLT, r, self.int(0))?;
        let q1 = n_range.truncating_div(d_range) - Interval::point(1);
        let q1 = self.ir.wrap_flags(self.ir.sub(q, self.int(1))?, or_nsw(WrapFlags::NONE, q1));
        Ok((self.ir.select(neg, q1, q)?, n_range.floor_div(d_range).wrapped()))
    }

    fn ast_expr(&self, e: &AstExpr) -> Built<Val<'ctx>> {
        Ok(self.ast_value(e)?.0)
    }

    /// The intervals of the leaves of AST expressions where code is emitted now.
    fn leaves(&self) -> Leaves<'_> {
        Leaves { parameters: &self.parameter_ranges, iterators: &self.iterator_ranges }
    }

    /// An AST expression's value and its interval; `add`, `sub`, `mul` and negation take
    /// `nsw` where the exact interval of their result fits in `i64` (`value_ranges`).
    fn ast_value(&self, e: &AstExpr) -> Built<(Val<'ctx>, Interval)> {
        let ir = &self.ir;
        if let Some(range) = self.leaves().leaf(e) {
            let v = match e {
                AstExpr::Int(v) => self.int(*v),
                AstExpr::Param(k) => self.values.params[*k],
                AstExpr::Iterator(k) => self.values.iterators[*k].ok_or("AST iterator used outside its loop")?,
                _ => unreachable!("leaf() is Some only for leaves"),
            };
            return Ok((v, range));
        }
        let bin = |x: &AstExpr, y: &AstExpr| -> Built<((Val<'ctx>, Interval), (Val<'ctx>, Interval))> {
            Ok((self.ast_value(x)?, self.ast_value(y)?))
        };
        // An operation that wraps nowhere on its operands' intervals: `nsw` where it has one.
        let arithmetic = |op, x: &AstExpr, y: &AstExpr| -> Built<(Val<'ctx>, Interval)> {
            let ((x, xr), (y, yr)) = bin(x, y)?;
            let exact = value_ranges::operation(e, &[xr, yr]);
            Ok((ir.wrap_flags(ir.binary(op, x, y)?, or_nsw(WrapFlags::NONE, exact)), exact.wrapped()))
        };
        let other = |op, x: &AstExpr, y: &AstExpr| -> Built<(Val<'ctx>, Interval)> {
            let ((x, xr), (y, yr)) = bin(x, y)?;
            Ok((ir.binary(op, x, y)?, value_ranges::operation(e, &[xr, yr]).wrapped()))
        };
        let icmp = |p, x: &AstExpr, y: &AstExpr| -> Built<(Val<'ctx>, Interval)> {
            let ((x, _), (y, _)) = bin(x, y)?;
            Ok((ir.icmp(p, x, y)?, value_ranges::operation(e, &[])))
        };
        match e {
            AstExpr::Int(_) | AstExpr::Param(_) | AstExpr::Iterator(_) => unreachable!("leaves are handled above"),
            AstExpr::Neg(x) => {
                let (x, xr) = self.ast_value(x)?;
                let exact = value_ranges::operation(e, &[xr]);
                Ok((ir.wrap_flags(ir.neg(x)?, or_nsw(WrapFlags::NONE, exact)), exact.wrapped()))
            }
            AstExpr::Add(x, y) => arithmetic(Opcode::Add, x, y),
            AstExpr::Sub(x, y) => arithmetic(Opcode::Sub, x, y),
            AstExpr::Mul(x, y) => arithmetic(Opcode::Mul, x, y),
            AstExpr::FloorDiv(x, y) => {
                let (x, y) = bin(x, y)?;
                self.floor_div(x, y)
            }
            AstExpr::ExactDiv(x, y) => other(Opcode::SDiv, x, y),
            AstExpr::Rem(x, y) => other(Opcode::SRem, x, y),
            AstExpr::Min(xs) | AstExpr::Max(xs) => {
                let pred = if matches!(e, AstExpr::Min(_)) { IntPredicate::SLT } else { IntPredicate::SGT };
                let (mut acc, first) = self.ast_value(xs.first().ok_or("empty min/max")?)?;
                let mut ranges = vec![first];
                for x in &xs[1..] {
                    let (v, r) = self.ast_value(x)?;
                    acc = self.min_max(acc, v, pred)?;
                    ranges.push(r);
                }
                Ok((acc, value_ranges::operation(e, &ranges).wrapped()))
            }
            AstExpr::Select(cond, x, y) => {
                let cv = self.ast_condition(cond)?;
                let ((x, xr), (y, yr)) = bin(x, y)?;
                Ok((ir.select(cv, x, y)?, value_ranges::operation(e, &[Interval::new(0, 1), xr, yr]).wrapped()))
            }
            AstExpr::Eq(x, y) => icmp(IntPredicate::EQ, x, y),
            AstExpr::Le(x, y) => icmp(IntPredicate::SLE, x, y),
            AstExpr::Lt(x, y) => icmp(IntPredicate::SLT, x, y),
            AstExpr::Ge(x, y) => icmp(IntPredicate::SGE, x, y),
            AstExpr::Gt(x, y) => icmp(IntPredicate::SGT, x, y),
            // Each side as an `i1`: isl writes `1` for a side that always holds.
            AstExpr::And(x, y) | AstExpr::Or(x, y) => {
                let op = if matches!(e, AstExpr::And(..)) { Opcode::And } else { Opcode::Or };
                let (x, y) = (self.ast_condition(x)?, self.ast_condition(y)?);
                Ok((ir.binary(op, x, y)?, value_ranges::operation(e, &[])))
            }
        }
    }

    /// A boolean AST expression as an `i1` (isl writes `1` for "always").
    fn ast_condition(&self, e: &AstExpr) -> Built<Val<'ctx>> {
        let v = self.ast_expr(e)?;
        if v.is_int_value() && v.into_int_value().get_type().get_bit_width() == 1 {
            return Ok(v);
        }
        self.ir.icmp(IntPredicate::NE, v, self.int(0))
    }

    fn node(&mut self, n: &AstNode) -> Built<()> {
        match n {
            AstNode::Block(children) => {
                let mut rest = &children[..];
                while let Some(first) = rest.first() {
                    match self.vector_run(rest) {
                        Some(run) => {
                            self.vector_instance(&run)?;
                            rest = &rest[run.lanes..];
                        }
                        None => {
                            self.node(first)?;
                            rest = &rest[1..];
                        }
                    }
                }
                Ok(())
            }
            AstNode::If { cond, then, otherwise } => {
                // A guard is at the line of the first statement it guards.
                self.set_location(self.first_location(then));
                let cv = self.ast_condition(cond)?;
                let (t, f, join) = (self.block("polyprop.then"), self.block("polyprop.else"), self.block("polyprop.join"));
                self.ir.cond_br(cv, t, f)?;
                self.ir.position_at_end(t);
                self.node(then)?;
                self.ir.br(join)?;
                self.ir.position_at_end(f);
                if let Some(o) = otherwise {
                    self.node(o)?;
                }
                self.ir.br(join)?;
                self.ir.position_at_end(join);
                Ok(())
            }
            AstNode::For { iterator, init, cond, step, body, parallel } => {
                // Loop control is at the source loop's line, or the first statement's.
                let source = self.source_loop(*iterator, body);
                let at = source.and_then(|l| l.start.as_ref()).or_else(|| self.first_location(body));
                self.set_location(at);
                let (init, init_range) = self.ast_value(init)?;
                let bound = value_ranges::iterator_upper_bound(cond, *iterator);
                let upper = bound.map(|(ub, strict)| {
                    let ub = value_ranges::range(ub, self.leaves());
                    Interval::new(ub.lower, ub.upper - i128::from(strict))
                });
                let trips = match upper {
                    Some(last) if init_range.lower == init_range.upper && last.lower == last.upper => {
                        Some(((last.upper - init_range.lower) / i128::from(*step) + 1).max(0))
                    }
                    _ => None,
                };
                let ranges = value_ranges::loop_ranges(init_range, upper, *step);
                let shape = LoopShape { iterator: *iterator, step: *step, ranges, trips, source, at };
                match bound {
                    Some((ub, strict)) if *parallel && !self.in_parallel => self.parallel_loop(&shape, init, (ub, strict), body),
                    _ => self.counted_loop(&shape, init, LoopBound::Ast(cond), body),
                }
            }
            AstNode::User { statement, args } => {
                let iters = self.enter_instance(*statement, args)?;
                let done = self.statement(*statement, &iters);
                self.leave_instance();
                done
            }
        }
    }

    /// The values of an instance's arguments of statement `k`, with their ranges and offsets
    /// for its addresses (`statement_ranges`, `statement_offsets`), at the statement's line.
    fn enter_instance(&mut self, k: usize, args: &[AstExpr]) -> Built<Vec<Val<'ctx>>> {
        self.set_location(self.plan.scop.statements[k].location.as_ref());
        let (iters, ranges): (Vec<_>, Vec<_>) = args.iter().map(|a| self.ast_value(a)).collect::<Built<Vec<_>>>()?.into_iter().unzip();
        self.statement_ranges = ranges;
        self.statement_offsets = self.argument_offsets(args, &iters)?;
        Ok(iters)
    }

    fn leave_instance(&mut self) {
        self.subtrees.borrow_mut().clear();
        self.statement_ranges.clear();
        self.statement_offsets.clear();
    }

    /// `for (iterator = init; bound; iterator += step) body` at the builder's position.
    fn counted_loop(&mut self, shape: &LoopShape<'a>, init: Val<'ctx>, bound: LoopBound<'_, 'ctx>, body: &AstNode) -> Built<()> {
        let (iterator, step, source, at) = (shape.iterator, shape.step, shape.source, shape.at);
        let (header, body_bb, exit) = (self.block("polyprop.loop"), self.block("polyprop.body"), self.block("polyprop.exit"));
        let rotation = self.rotation(iterator, step, body);
        let (pre, initial) = match &rotation {
            Some(r) => {
                self.iterator_ranges[iterator] = shape.ranges.body;
                self.prologue(r, iterator, init, &bound, exit)?
            }
            None => (self.ir.insert_block()?, Vec::new()),
        };
        self.set_location(at);
        self.ir.br(header)?;
        self.ir.position_at_end(header);
        let phi = self.ir.phi(self.ir.i64().into(), &self.plan.ast.iterators[iterator])?;
        let carried = self.carried_phis(&initial, pre)?;
        let iterator_value = phi.as_basic_value();
        self.values.iterators[iterator] = Some(iterator_value);
        self.iterator_ranges[iterator] = shape.ranges.header;
        let cv = self.loop_condition(&bound, iterator_value)?;
        self.ir.cond_br(cv, body_bb, exit)?;
        self.ir.position_at_end(body_bb);
        self.iterator_ranges[iterator] = shape.ranges.body;
        let next_carried = match &rotation {
            Some(r) => self.rotated_body(r, &carried)?,
            None => {
                self.node(body)?;
                Vec::new()
            }
        };
        self.set_location(at);
        // The counter counts the source loop's iterations: its increment cannot wrap
        // where the source's counter could not, nor where its range proves it.
        let nsw = source.is_some_and(|l| l.counter_nsw);
        let next_range = shape.ranges.body + Interval::point(step);
        let flags = or_nsw(WrapFlags { nsw, ..WrapFlags::NONE }, next_range);
        let next = self.ir.wrap_flags(self.ir.add(iterator_value, self.int(step))?, flags);
        let latch = self.ir.insert_block()?;
        self.ir.br(header)?;
        if let Some(back_edge) = latch.get_terminator() {
            let rolled = match self.plan.rolled {
                RolledLoops::ShortInnermost => is_short_vector_loop(shape, body),
                RolledLoops::Outer => body.contains_loop(),
            };
            self.ir.set_loop_id(back_edge, source.and_then(|l| l.id), self.scope.map(|(scope, _)| scope), rolled);
        }
        phi.add_incoming(&[(&init, pre), (&next, latch)]);
        for (phis, values) in carried.iter().zip(&next_carried) {
            phis.iter().zip(values).for_each(|(p, v)| p.add_incoming(&[(v, latch)]));
        }
        if let Some(r) = &rotation {
            self.rotations.push(r.describe(self.plan.scop));
        }
        self.values.iterators[iterator] = None;
        self.iterator_ranges[iterator] = Interval::I64;
        self.ir.position_at_end(exit);
        Ok(())
    }

    /// A parallel loop (module documentation): the body goes to a new outlined function
    /// that every thread of a team runs on its share of `[init, upper]`, and the builder's
    /// position gets the fork.
    fn parallel_loop(&mut self, shape: &LoopShape<'a>, init: Val<'ctx>, (upper, strict): (&AstExpr, bool), body: &AstNode) -> Built<()> {
        let upper = self.ast_expr(upper)?;
        let upper = if strict { self.ir.sub(upper, self.int(1))? } else { upper };
        if self.openmp.is_none() {
            self.openmp = Some(Runtime::declare(&self.ir));
        }
        // What the body may use, and the loop's bounds, through one struct.
        let mut captured = self.captured()?;
        captured.extend([init, upper]);
        let types: Vec<BasicTypeEnum<'ctx>> = captured.iter().map(|v| v.get_type()).collect();
        let context_type = self.ir.context.struct_type(&types, false);
        let context = self.ir.entry_alloca(self.new_fn, context_type.into(), "polyprop.omp.context")?;
        for (k, &v) in captured.iter().enumerate() {
            let field = self.ir.field_pointer(context, k as u32)?;
            self.ir.store(v, field)?;
        }
        let i32_ptr = self.ir.context.i32_type().ptr_type(inkwell::AddressSpace::default());
        let name = format!("{}.omp.{}", ir::function_name(self.new_fn.as_value_ref()), self.outlined.len());
        let outlined = self.ir.add_internal_void_function(&name, &[i32_ptr.into(), i32_ptr.into(), context.get_type()]);
        copy_function_attributes(self.original, outlined);
        outlined.add_attribute(AttributeLoc::Function, self.ir.context.create_string_attribute("polyprop-generated", ""));
        self.outlined.push(outlined);
        let resume = self.ir.insert_block()?;
        let saved = self.enter_outlined(outlined)?;
        let done = self.outlined_body(outlined, shape, body, captured.len());
        self.leave_outlined(saved);
        done?;
        self.ir.position_at_end(resume);
        self.set_location(shape.at);
        let runtime = self.openmp.as_ref().ok_or("internal error: no OpenMP runtime")?;
        runtime.fork(&self.ir, outlined, context)
    }

    /// The outlined function's code: the captured values from its context, the thread's
    /// share of the loop, the loop.
    fn outlined_body(&mut self, outlined: FunctionValue<'ctx>, shape: &LoopShape<'a>, body: &AstNode, fields: usize) -> Built<()> {
        let params = outlined.get_params();
        let (gtid, context) = (params[0], params[2]);
        let mut values = Vec::with_capacity(fields);
        for k in 0..fields {
            let field = self.ir.field_pointer(context, k as u32)?;
            values.push(self.ir.load(field)?.0);
        }
        let upper = values.pop().ok_or("internal error: no loop bound")?;
        let lower = values.pop().ok_or("internal error: no loop bound")?;
        self.set_captured(outlined, values)?;
        let runtime = self.openmp.take().ok_or("internal error: no OpenMP runtime")?;
        let result = (|| -> Built<()> {
            let gtid = self.ir.load(gtid)?.0;
            let slots = LoopSlots::new(&self.ir, outlined)?;
            self.ir.store(lower, slots.lower)?;
            self.ir.store(upper, slots.upper)?;
            self.ir.store(self.int(1), slots.stride)?;
            self.ir.store(self.ir.context.i32_type().const_zero().into(), slots.last)?;
            runtime.static_init(&self.ir, gtid, &slots, shape.step)?;
            let first = self.ir.load(slots.lower)?.0;
            let last = self.ir.load(slots.upper)?.0;
            self.counted_loop(shape, first, LoopBound::Inclusive(last), body)?;
            self.set_location(shape.at);
            runtime.static_fini(&self.ir, gtid)?;
            self.ir.ret(None)
        })();
        self.openmp = Some(runtime);
        result
    }

    /// Every value a loop body may use, in a fixed order (`set_captured` reads it back):
    /// parameters, externals, array pointers, array sizes, the iterators of enclosing loops,
    /// and the scalars' current values.
    fn captured(&self) -> Built<Vec<Val<'ctx>>> {
        let mut out: Vec<Val<'ctx>> = Vec::new();
        out.extend(&self.values.params);
        out.extend(&self.values.declared_params);
        out.extend(&self.values.externals);
        for (id, slot) in self.values.arrays.iter().enumerate() {
            match slot {
                Some(slot) if self.plan.scop.arrays[id].is_scalar() => out.push(self.ir.load(*slot)?.0),
                Some(pointer) => out.push(*pointer),
                None => {}
            }
        }
        out.extend(self.values.sizes.iter().flatten());
        out.extend(self.values.iterators.iter().flatten());
        // Constants (array sizes known at compile time, global arrays) stay constants in the
        // outlined body: passed through memory, the sizes of a register tile's rows would be
        // unknown there and LLVM could not keep its accumulators in registers.
        out.retain(|v| !is_constant(*v));
        Ok(out)
    }

    /// Replaces the values `captured` listed by `values`, loaded in `outlined`; scalars get
    /// slots of their own there, holding their values.
    fn set_captured(&mut self, outlined: FunctionValue<'ctx>, values: Vec<Val<'ctx>>) -> Built<()> {
        let mut values = values.into_iter();
        // A constant was not passed (`captured`): it stays. A scalar's value is never one.
        let mut next = |v: Option<Val<'ctx>>| match v.filter(|v| is_constant(*v)) {
            Some(v) => Ok(v),
            None => values.next().ok_or_else(|| "internal error: captured values out of step".to_string()),
        };
        for v in self.values.params.iter_mut().chain(&mut self.values.declared_params).chain(&mut self.values.externals) {
            *v = next(Some(*v))?;
        }
        for id in 0..self.values.arrays.len() {
            let Some(original) = self.values.arrays[id] else { continue };
            self.values.arrays[id] = Some(if self.plan.scop.arrays[id].is_scalar() {
                let value = next(None)?;
                let slot = self.ir.entry_alloca(outlined, value.get_type(), &self.plan.scop.arrays[id].name)?;
                self.ir.store(value, slot)?;
                slot
            } else {
                next(Some(original))?
            });
        }
        for v in self.values.sizes.iter_mut().flatten().chain(self.values.iterators.iter_mut().flatten()) {
            *v = next(Some(*v))?;
        }
        Ok(())
    }

    /// Moves emission into `outlined` (its entry block, its debug scope, no nested fork);
    /// returns what `leave_outlined` restores.
    fn enter_outlined(&mut self, outlined: FunctionValue<'ctx>) -> Built<Saved<'ctx>> {
        let saved = Saved { new_fn: self.new_fn, scope: self.scope, values: self.values.clone() };
        self.new_fn = outlined;
        self.in_parallel = true;
        self.scope = bridge::copy_subprogram(self.original.as_value_ref(), outlined.as_value_ref())
            .map(|sp| (sp, llvm_raw::subprogram_line(sp)));
        let entry = self.block("entry");
        self.ir.position_at_end(entry);
        // The builder's location is still the caller's, in the caller's subprogram.
        self.set_location(self.location.get());
        Ok(saved)
    }

    fn leave_outlined(&mut self, saved: Saved<'ctx>) {
        self.new_fn = saved.new_fn;
        self.scope = saved.scope;
        self.values = saved.values;
        self.in_parallel = false;
        self.set_location(self.location.get());
    }

    /// The source loop that the AST loop of `iterator` with `body` stands for: the one every
    /// statement in it has at the position of its first argument that uses the iterator, if
    /// they all agree.
    fn source_loop(&self, iterator: usize, body: &AstNode) -> Option<&'a crate::fidelity::SourceLoop> {
        let mut users = Vec::new();
        statements_in(body, &mut users);
        let mut found: Option<&crate::fidelity::SourceLoop> = None;
        for (statement, args) in users {
            let depth = args.iter().position(|a| a.mentions(iterator))?;
            let loops = self.plan.fidelity.source_loops(&self.plan.scop.statements[statement].name)?;
            let l = loops.get(depth)?;
            if found.is_some_and(|f| f.header != l.header) {
                return None;
            }
            found = Some(l);
        }
        found
    }

    /// The source location of the first statement in an AST subtree.
    fn first_location(&self, n: &AstNode) -> Option<&'a SourceLocation> {
        let mut users = Vec::new();
        statements_in(n, &mut users);
        users.first().and_then(|(k, _)| self.plan.scop.statements[*k].location.as_ref())
    }

    fn address(&self, access: &'a Access, iters: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        let array = &self.plan.scop.arrays[access.array];
        let base = self.values.arrays[access.array].ok_or_else(|| format!("array {} not allocated", array.name))?;
        if array.is_scalar() {
            return Ok(base);
        }
        if array.row_pointers {
            return self.row_address(access, base, iters);
        }
        // nsw needs every inner subscript inside its dimension: an assumption for affine ones,
        // nothing for data-dependent ones.
        let exact = (1..access.subscripts.len()).all(|d| access.data_subscript(d).is_none());
        let flags = if exact { WrapFlags { nsw: true, ..WrapFlags::NONE } } else { WrapFlags::NONE };
        if let Some(address) = self.offset_address(access, base, flags)? {
            return Ok(address);
        }
        let subscripts = self.subscript_values(access, iters)?;
        let index = self.linearize(&subscripts, &self.values.sizes[access.array], flags)?;
        self.ir.element_pointer(base, index)
    }

    /// The address of `table[k][j]` in a row-pointer table: the row pointer read from the
    /// table (which the check proved no store of the region reaches), then the element.
    /// The row pointer's load has a scope of its own, apart from every array's: so LLVM keeps
    /// it out of loops that store into the rows.
    fn row_address(&self, access: &'a Access, table: Val<'ctx>, iters: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        let subscripts = self.subscript_values(access, iters)?;
        let (row, load) = self.ir.load(self.ir.element_pointer(table, subscripts[0])?)?;
        if !self.alias_scopes.is_empty() {
            let arrays = &self.plan.scop.arrays;
            let own = arrays.len() + arrays[..access.array].iter().filter(|a| a.row_pointers).count();
            self.ir.set_alias_scopes(load, &self.alias_scopes, own);
        }
        self.ir.element_pointer(row, subscripts[1])
    }

    /// Per argument written `e + c` (an integer `c`), `e`'s value, its range and `c`; the
    /// argument's value and range and 0 for the others; empty when no argument has an offset.
    fn argument_offsets(&self, args: &[AstExpr], iters: &[Val<'ctx>]) -> Built<Vec<(Val<'ctx>, Interval, i64)>> {
        let offset = constant_offset;
        if !self.plan.split_offsets || args.iter().all(|a| offset(a).is_none()) {
            return Ok(Vec::new());
        }
        args.iter()
            .zip(iters.iter().zip(&self.statement_ranges))
            .map(|(a, (&value, &range))| match offset(a) {
                Some((e, c)) => self.ast_value(e).map(|(v, r)| (v, r, c)),
                None => Ok((value, range, 0)),
            })
            .collect()
    }

    /// The address of an affine access whose statement arguments have constant offsets
    /// (`statement_offsets`), as the element at the arguments without offsets, then the
    /// constant element offset: `&A[e*n + f] + (c*n + d)` for `A[e + c][f + d]`. The copies of an
    /// unrolled register tile then address one element plus different constants, which alias
    /// analysis tells apart (the flattened `(e + c)*n + f + d` it cannot), so LLVM keeps each
    /// in a register across the reduction loop. `None` for other accesses.
    fn offset_address(&self, access: &Access, base: Val<'ctx>, flags: WrapFlags) -> Built<Option<Val<'ctx>>> {
        use polyhedral::affine::AffVar;
        if self.statement_offsets.is_empty() {
            return Ok(None);
        }
        let mut affine = Vec::new();
        for s in access.mixed_subscripts() {
            match s {
                Ok(s) if s.terms.iter().all(|(v, _)| matches!(v, AffVar::Iter(_) | AffVar::Param(_))) => affine.push(s),
                _ => return Ok(None),
            }
        }
        let offset_of = |i: usize| self.statement_offsets[i].2;
        let constants: Vec<i64> = affine
            .iter()
            .map(|s| s.terms.iter().map(|(v, k)| if let AffVar::Iter(i) = v { k * offset_of(*i) } else { 0 }).sum())
            .collect();
        if constants.iter().all(|&c| c == 0) {
            return Ok(None);
        }
        let (bases, ranges): (Vec<Val<'ctx>>, Vec<Interval>) = self.statement_offsets.iter().map(|o| (o.0, o.1)).unzip();
        // As `subscript` writes it, of the arguments without their offsets.
        let variable = affine
            .iter()
            .map(|s| Ok(self.affine_ranged(s, &bases, &ranges, subscript_flags(s))?.0))
            .collect::<Built<Vec<_>>>()?;
        let sizes = &self.values.sizes[access.array];
        let at = self.ir.element_pointer(base, self.linearize(&variable, sizes, flags)?)?;
        let constant = self.linearize(&constants.iter().map(|&c| self.int(c)).collect::<Vec<_>>(), sizes, flags)?;
        self.ir.element_pointer(at, constant).map(Some)
    }

    /// The subscripts of an access as `i64` values: affine ones from the iterators, the
    /// data-dependent ones of a may-access computed from their value expressions.
    fn subscript_values(&self, access: &'a Access, iters: &[Val<'ctx>]) -> Built<Vec<Val<'ctx>>> {
        access
            .mixed_subscripts()
            .into_iter()
            .map(|s| match s {
                Ok(s) => self.subscript(s, iters),
                Err(e) => self.expr(e, iters),
            })
            .collect()
    }

    /// The inner dimension sizes of an array as `i64` values.
    fn inner_sizes(&self, array: &Array) -> Built<Vec<Val<'ctx>>> {
        array.sizes.iter().skip(1).map(|s| self.affine(s.as_ref().ok_or("inner size unknown")?, &[])).collect()
    }

    /// The element offset of `subscripts` (outermost first) in an array of inner `sizes`.
    /// Generated accesses take `nsw` (`flags`): the access is in bounds of its object (see
    /// [`Self::subscript`]) and every affine inner subscript is in `[0, size)` (the model's
    /// assumption, which holds in the transformed version), so each partial offset `P` and
    /// `P * size` is within the offset's magnitude plus the inner sizes' product, below 2^63
    /// elements. The run-time check takes none: it is evaluated before its assumptions are
    /// known to hold, and a poison operand of its `and` would be undefined behaviour.
    fn linearize(&self, subscripts: &[Val<'ctx>], sizes: &[Val<'ctx>], flags: WrapFlags) -> Built<Val<'ctx>> {
        let mut offset = subscripts[0];
        for (sub, size) in subscripts[1..].iter().zip(sizes) {
            offset = self.ir.wrap_flags(self.ir.mul(offset, *size)?, flags);
            offset = self.ir.wrap_flags(self.ir.add(offset, *sub)?, flags);
        }
        Ok(offset)
    }

    fn statement(&mut self, k: usize, iters: &[Val<'ctx>]) -> Built<()> {
        let stmt = &self.plan.scop.statements[k];
        self.begin_statement(k);
        let Some(guard) = &stmt.guard else {
            let value = self.expr(&stmt.value, iters)?;
            let addr = self.address(&stmt.write, iters)?;
            let store = self.ir.store(value, addr)?;
            return self.memory_metadata(stmt.write.array, store);
        };
        self.guarded_store(stmt, guard, iters)
    }

    /// The state of emitting statement `k`: its line, the reads its selects may perform
    /// early, no math calls yet.
    fn begin_statement(&mut self, k: usize) {
        self.unconditional = self.unconditional_reads(k);
        self.calls.borrow_mut().clear();
        self.subtrees.borrow_mut().clear();
        self.set_location(self.plan.scop.statements[k].location.as_ref());
    }

    /// The reads of statement `k` that its selects' sides may perform before the condition
    /// is known (`unconditional`).
    fn unconditional_reads(&self, k: usize) -> Vec<Access> {
        let mut reads = self.plan.scop.statements[k].unconditional_reads();
        reads.extend(self.plan.speculable.get(k).into_iter().flatten().cloned());
        reads
    }

    /// Whether a select's side `e` in the current statement is evaluated before its
    /// condition is known (`evaluated_eagerly`).
    fn evaluated_eagerly(&self, e: &Expr) -> bool {
        evaluated_eagerly(e, &self.unconditional)
    }

    /// A statement with a data-dependent condition: the value and the store only where it
    /// holds, as the source's branch did.
    fn guarded_store(&mut self, stmt: &'a polyhedral::model::Statement, guard: &'a Expr, iters: &[Val<'ctx>]) -> Built<()> {
        let condition = self.expr(guard, iters)?;
        let (then, join) = (self.block("polyprop.guard.then"), self.block("polyprop.guard.join"));
        self.ir.cond_br(condition, then, join)?;
        self.ir.position_at_end(then);
        let value = self.expr(&stmt.value, iters)?;
        let addr = self.address(&stmt.write, iters)?;
        let store = self.ir.store(value, addr)?;
        self.memory_metadata(stmt.write.array, store)?;
        self.ir.br(join)?;
        self.ir.position_at_end(join);
        Ok(())
    }

    /// The code of `e`, at the line of the statement it was propagated from when it has the
    /// shape of an original statement's value (`fidelity::origins`), else at the current line.
    fn expr(&self, e: &'a Expr, iters: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        if let Some(&(_, value)) = self.carried.borrow().iter().find(|(m, _)| std::ptr::eq(*m, e)) {
            self.carried_used.set(true);
            return Ok(value);
        }
        if !e.is_operation() && !matches!(e, Expr::Read(_)) {
            return self.located_expr(e, iters);
        }
        if let Some(value) = self.subtrees.borrow_mut().find(e, self.ir.insert_block()?) {
            return Ok(value);
        }
        let outer = self.carried_used.replace(false);
        let value = self.located_expr(e, iters)?;
        // A value computed from carried ones is not reused for a copy of its subtree that the
        // recurrence does not carry: the copy reads memory, which keeps the loop's iterations
        // independent (camera pipe: 12% slower where its clamps reused them).
        if !self.carried_used.get() {
            self.subtrees.borrow_mut().keep(e, self.ir.insert_block()?, value);
        }
        self.carried_used.set(outer || self.carried_used.get());
        Ok(value)
    }

    /// `e`'s value, at the line of the source operation it comes from.
    fn located_expr(&self, e: &'a Expr, iters: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        let origin = if e.is_operation() { self.plan.origins.get(&crate::fidelity::shape(e)) } else { None };
        let current = self.location.get();
        match origin {
            Some(at) if current.map(|c| c.line) != Some(at.line) => {
                self.set_location(Some(at));
                let value = self.expr_here(e, iters);
                self.set_location(current);
                value
            }
            _ => self.expr_here(e, iters),
        }
    }

    fn expr_here(&self, e: &'a Expr, iters: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        let ir = &self.ir;
        match e {
            Expr::Constant(Constant::Int(v, t)) => ir.const_int(*t, *v),
            Expr::Constant(Constant::Float(v, t)) => ir.const_float(*t, *v),
            Expr::Read(access) => {
                let addr = self.address(access, iters)?;
                let (value, load) = ir.load(addr)?;
                self.memory_metadata(access.array, load)?;
                if let Some(Some(range)) = self.plan.fidelity.range.get(access.array) {
                    self.ir.set_metadata(load, self.range_kind, *range)?;
                }
                Ok(value)
            }
            Expr::Iterator(k) => Ok(iters[*k]),
            Expr::Parameter(k) => Ok(self.values.declared_params[*k]),
            Expr::External(k) => Ok(self.values.externals[*k]),
            Expr::Unary(UnaryOp::FNeg, x) => Ok(self.fast_math(ir.fneg(self.expr(x, iters)?)?)),
            Expr::Binary(op, x, y, flags) => {
                let (x, y) = (self.expr(x, iters)?, self.expr(y, iters)?);
                self.binary(*op, x, y, *flags)
            }
            Expr::Compare(p, x, y) => {
                let (x, y) = (self.expr(x, iters)?, self.expr(y, iters)?);
                Ok(self.fast_math(compare(ir, *p, x, y)?))
            }
            Expr::Select(cond, x, y) => {
                let cv = self.expr(cond, iters)?;
                if self.evaluated_eagerly(x) && self.evaluated_eagerly(y) {
                    let (x, y) = (self.expr(x, iters)?, self.expr(y, iters)?);
                    ir.select(cv, x, y)
                } else {
                    // A side that may read memory the source does not touch, or trap, is
                    // evaluated only when taken, as in the source's branch.
                    self.lazy_select(cv, x, y, iters)
                }
            }
            Expr::Cast(op, t, x) => {
                let x = self.expr(x, iters)?;
                ir.cast(cast_opcode(*op), x, ir.scalar(*t))
            }
            Expr::Call(callee, t, args) => {
                if let Some((_, value)) = self.calls.borrow().iter().find(|(call, _)| call == e) {
                    return Ok(*value);
                }
                let args = args.iter().map(|a| self.expr(a, iters)).collect::<Built<Vec<_>>>()?;
                match callee {
                    Callee::Math(f) => {
                        let value = self.math(*f, *t, &args)?;
                        self.calls.borrow_mut().push((e.clone(), value));
                        Ok(value)
                    }
                    Callee::Pure(symbol) => {
                        let f = ir.module_function(symbol).ok_or_else(|| format!("internal error: no function {symbol} in the module"))?;
                        ir.call_value(f, &args)
                    }
                }
            }
        }
    }

    fn lazy_select(&self, cond: Val<'ctx>, x: &'a Expr, y: &'a Expr, iters: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        let ir = &self.ir;
        let (t, f, join) = (self.block("polyprop.select.true"), self.block("polyprop.select.false"), self.block("polyprop.select.join"));
        ir.cond_br(cond, t, f)?;
        let calls = self.calls.borrow().len();
        ir.position_at_end(t);
        let xv = self.expr(x, iters)?;
        self.calls.borrow_mut().truncate(calls);
        let t_end = ir.insert_block()?;
        ir.br(join)?;
        ir.position_at_end(f);
        let yv = self.expr(y, iters)?;
        self.calls.borrow_mut().truncate(calls);
        let f_end = ir.insert_block()?;
        ir.br(join)?;
        ir.position_at_end(join);
        let phi = ir.phi(xv.get_type(), "")?;
        phi.add_incoming(&[(&xv, t_end), (&yv, f_end)]);
        Ok(phi.as_basic_value())
    }

    /// The operation `op` with the source's flags (`nsw`, `nuw`, `exact`; fast-math flags).
    fn binary(&self, op: BinaryOp, x: Val<'ctx>, y: Val<'ctx>, flags: WrapFlags) -> Built<Val<'ctx>> {
        use BinaryOp::*;
        let opcode = match op {
            Add => Opcode::Add,
            Sub => Opcode::Sub,
            Mul => Opcode::Mul,
            SDiv => Opcode::SDiv,
            UDiv => Opcode::UDiv,
            SRem => Opcode::SRem,
            URem => Opcode::URem,
            Shl => Opcode::Shl,
            LShr => Opcode::LShr,
            AShr => Opcode::AShr,
            And => Opcode::And,
            Or => Opcode::Or,
            Xor => Opcode::Xor,
            FAdd => Opcode::FAdd,
            FSub => Opcode::FSub,
            FMul => Opcode::FMul,
            FDiv => Opcode::FDiv,
            FRem => Opcode::FRem,
            SMin | SMax | UMin | UMax => {
                let f = self.ir.intrinsic(&format!("llvm.{}", op.name()), &[x.get_type()])?;
                return self.ir.call_value(f, &[x, y]);
            }
        };
        let v = self.ir.wrap_flags(self.ir.binary(opcode, x, y)?, flags);
        Ok(self.fast_math(v))
    }

    fn math(&self, f: MathFunction, t: ScalarType, args: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        let ty = self.ir.scalar(t);
        if let Some(name) = math_intrinsic(f) {
            let decl = self.ir.intrinsic(name, &[ty])?;
            return Ok(self.fast_math(self.ir.call_value(decl, args)?));
        }
        // Library calls, as C code calls them: expf for float, exp for double.
        let suffix = if t == ScalarType::F32 { "f" } else { "" };
        let name = format!("{}{suffix}", f.name());
        let params = vec![ty; args.len()];
        let decl = self.ir.function(&name, Some(ty), &params);
        Ok(self.fast_math(self.ir.call_value(decl, args)?))
    }
}

/// The LLVM intrinsic that computes `f` (for any element or vector type), if it is not a
/// library call.
fn math_intrinsic(f: MathFunction) -> Option<&'static str> {
    use MathFunction::*;
    Some(match f {
        Sqrt => "llvm.sqrt",
        Fabs => "llvm.fabs",
        Floor => "llvm.floor",
        Ceil => "llvm.ceil",
        FMin => "llvm.minnum",
        FMax => "llvm.maxnum",
        FMulAdd => "llvm.fmuladd",
        _ => return None,
    })
}

/// `flags`, with `nsw` also when the exact result interval of the operation fits in `i64`:
/// then the operation does not wrap (`value_ranges`).
fn or_nsw(flags: WrapFlags, exact: Interval) -> WrapFlags {
    WrapFlags { nsw: flags.nsw || exact.fits(), ..flags }
}

fn compare<'ctx>(ir: &IrBuilder<'ctx>, p: ComparePredicate, x: Val<'ctx>, y: Val<'ctx>) -> Built<Val<'ctx>> {
    use ComparePredicate as P;
    use FloatPredicate as R;
    use IntPredicate as I;
    let int = |pred| ir.icmp(pred, x, y);
    let real = |pred| ir.fcmp(pred, x, y);
    match p {
        P::Eq => int(I::EQ),
        P::Ne => int(I::NE),
        P::Slt => int(I::SLT),
        P::Sle => int(I::SLE),
        P::Sgt => int(I::SGT),
        P::Sge => int(I::SGE),
        P::Ult => int(I::ULT),
        P::Ule => int(I::ULE),
        P::Ugt => int(I::UGT),
        P::Uge => int(I::UGE),
        P::FOeq => real(R::OEQ),
        P::FOne => real(R::ONE),
        P::FOlt => real(R::OLT),
        P::FOle => real(R::OLE),
        P::FOgt => real(R::OGT),
        P::FOge => real(R::OGE),
        P::FUeq => real(R::UEQ),
        P::FUne => real(R::UNE),
        P::FUlt => real(R::ULT),
        P::FUle => real(R::ULE),
        P::FUgt => real(R::UGT),
        P::FUge => real(R::UGE),
        P::FOrd => real(R::ORD),
        P::FUno => real(R::UNO),
    }
}

fn cast_opcode(op: CastOp) -> Opcode {
    match op {
        CastOp::Trunc => Opcode::Trunc,
        CastOp::ZExt => Opcode::ZExt,
        CastOp::SExt => Opcode::SExt,
        CastOp::FPTrunc => Opcode::FPTrunc,
        CastOp::FPExt => Opcode::FPExt,
        CastOp::FPToSI => Opcode::FPToSI,
        CastOp::FPToUI => Opcode::FPToUI,
        CastOp::SIToFP => Opcode::SIToFP,
        CastOp::UIToFP => Opcode::UIToFP,
    }
}
/// Whether a select's side `e` is evaluated before its condition is known: it cannot trap
/// and reads only what its statement reads anyway (`unconditional`, `Emitter::unconditional`).
fn evaluated_eagerly(e: &Expr, unconditional: &[Access]) -> bool {
    !e.may_trap() && !divides_integers(e) && e.reads().iter().all(|r| unconditional.contains(r))
}

/// Whether `e` divides integers, also by a constant that cannot trap. Such a select side
/// stays a branch too: instcombine merges `c ? x / 4 : x / -4` into one division by a select
/// of the divisors, which no vector unit has, where the source's branch let each side use
/// the range its condition proves (`x / 4` of a positive `x` is a shift). A histogram
/// equalization's `g > 0 ? g / 4 : -g / 4` ran 4.5x slower than the source as a select.
fn divides_integers(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |e| found |= matches!(e, Expr::Binary(BinaryOp::SDiv | BinaryOp::SRem | BinaryOp::UDiv | BinaryOp::URem, _, _, _)));
    found
}

/// The statement instances of an AST subtree, in order, with their arguments.
fn statements_in<'n>(n: &'n AstNode, out: &mut Vec<(usize, &'n [AstExpr])>) {
    match n {
        AstNode::Block(children) => children.iter().for_each(|c| statements_in(c, out)),
        AstNode::For { body, .. } => statements_in(body, out),
        AstNode::If { then, otherwise, .. } => {
            statements_in(then, out);
            if let Some(o) = otherwise {
                statements_in(o, out);
            }
        }
        AstNode::User { statement, args } => out.push((*statement, args)),
    }
}

/// Arrays the model still reads or writes.
pub fn used_arrays(scop: &Scop) -> Vec<bool> {
    let mut used = vec![false; scop.arrays.len()];
    for s in &scop.statements {
        used[s.write.array] = true;
        for r in s.reads() {
            used[r.array] = true;
        }
    }
    used
}

/// Makes `function` start with the run-time check: if it holds, call `new_fn` and return.
/// Returns a closure that undoes the change.
fn version_entry<'ctx>(
    function: FunctionValue<'ctx>,
    new_fn: FunctionValue<'ctx>,
    plan: &Plan<'_>,
) -> Result<Box<dyn FnOnce() + 'ctx>, String> {
    let old_entry = function.get_first_basic_block().ok_or("internal error: function without a body")?;
    // The check is emitted into the function itself: arguments map to themselves.
    let args = function.get_params().into_iter().map(|p| (p.as_value_ref(), p)).collect();
    let mut e = Emitter::new(function, function, plan, args);
    let check = e.ir.append_block(function, "polyprop.check");
    let loads: Vec<BasicBlock<'ctx>> = plan.load_guards.iter().map(|_| e.ir.append_block(function, "polyprop.check.loads")).collect();
    let fast = e.ir.append_block(function, "polyprop.optimized");
    check.move_before(old_entry).map_err(|()| "internal error: cannot move the check block")?;
    e.ir.position_at_end(check);
    // The call of the new function needs a location when both have debug info.
    e.scope = bridge::subprogram(function.as_value_ref()).map(|sp| (sp, llvm_raw::subprogram_line(sp)));
    e.set_location(None);
    // Static allocas stay in the entry block, where later passes promote them. One of a
    // variable size (a VLA, `alloca(n)`) stays where it is, after the computation of its size.
    let allocas: Vec<InstructionValue<'ctx>> = old_entry
        .get_instructions()
        .filter(|i| i.get_opcode() == Opcode::Alloca && ir::const_int(ir::operand(i.as_value_ref(), 0)).is_some())
        .collect();
    for &alloca in &allocas {
        alloca.remove_from_basic_block();
        e.ir.insert(alloca);
    }
    let result = (|| -> Built<()> {
        let ok = e.run_time_check(&loads, old_entry)?;
        e.ir.cond_br(ok, fast, old_entry)?;
        e.ir.position_at_end(fast);
        e.trace_new_code()?;
        let returned = e.ir.call(new_fn, &function.get_params())?;
        e.ir.ret(returned)
    })();
    drop(e);
    let undo = move || {
        // The old entry keeps at least its terminator, so it has a first instruction.
        let ir = IrBuilder::new(function);
        for &alloca in allocas.iter().rev() {
            alloca.remove_from_basic_block();
            if let Some(first) = old_entry.get_first_instruction() {
                ir.position_before(first);
                ir.insert(alloca);
            }
        }
        llvm_raw::delete_block(fast);
        loads.iter().for_each(|&l| llvm_raw::delete_block(l));
        llvm_raw::delete_block(check);
    };
    match result {
        Ok(()) => Ok(Box::new(undo)),
        Err(why) => {
            undo();
            Err(why)
        }
    }
}

/// Versions a loop nest in place: the run-time check at the end of its preheader; if it
/// holds, the new function is called with the nest's leaves (and a stack slot per value used
/// after the nest, which it fills) and control goes to the nest's exit, whose phis take the
/// handed-back values; otherwise into the original nest. Returns a closure that undoes the
/// change.
fn version_nest<'ctx>(
    function: FunctionValue<'ctx>,
    new_fn: FunctionValue<'ctx>,
    plan: &Plan<'_>,
    place: &NestPlace,
    leaves: &[Value],
) -> Result<Box<dyn FnOnce() + 'ctx>, String> {
    // The check needs a block of its own before the region: a sequence of nests is entered
    // from a branch (`if (!t) return -1;`), which gets one on its edge into the region.
    let unconditional = ir::successors(place.preheader) == [place.entry]
        && ir::opcode(ir::terminator(place.preheader)) == Some(LLVMOpcode::LLVMBr);
    let split = (!unconditional).then(|| bridge::split_edge(place.preheader, place.entry));
    let (place_preheader, place_entry) = (place.preheader, place.entry);
    let unsplit = move || {
        if let Some(middle) = split {
            bridge::unsplit_edge(place_preheader, middle, place_entry);
        }
    };
    let preheader = llvm_raw::block(split.unwrap_or(place.preheader)).ok_or("internal error: no preheader")?;
    let exit = llvm_raw::block(place.exit).ok_or("internal error: no exit block")?;
    let old_branch = preheader.get_terminator().ok_or("internal error: preheader without terminator")?;
    let header = llvm_raw::block(place.entry).ok_or("internal error: no entry block")?;
    let kept = preheader.get_instructions().count() - 1;
    // In the function itself, the leaves stand for themselves.
    let args = leaves.iter().map(|&v| (v, llvm_raw::value(v))).collect();
    let mut e = Emitter::new(function, function, plan, args);
    // Stack slots for the handed-back values, in the entry block, where later passes promote them.
    let entry = function.get_first_basic_block().ok_or("internal error: function without a body")?;
    let first = entry.get_first_instruction().ok_or("internal error: empty entry block")?;
    e.ir.position_before(first);
    let mut slots = Vec::new();
    for &(v, _) in plan.used_after {
        match e.ir.alloca(llvm_raw::value(v).get_type(), "polyprop.after") {
            Ok(slot) => slots.push(slot),
            Err(why) => {
                erase(&slots);
                unsplit();
                return Err(why);
            }
        }
    }
    let fast = e.ir.append_block(function, "polyprop.optimized");
    fast.move_after(preheader).map_err(|()| "internal error: cannot place the new block")?;
    // With a load guard the check continues in a block of its own, a second way into the
    // nest's header, whose phis take from it what they take from the preheader.
    let loads: Vec<BasicBlock<'ctx>> = plan.load_guards.iter().map(|_| e.ir.append_block(function, "polyprop.check.loads")).collect();
    for &loads in loads.iter().rev() {
        loads.move_after(preheader).map_err(|()| "internal error: cannot place the new block")?;
        for phi in header.get_instructions().filter(|i| i.get_opcode() == Opcode::Phi) {
            let from_preheader = ir::phi_incoming(phi.as_value_ref()).into_iter().find(|(_, b)| *b == preheader.as_mut_ptr());
            if let Some((v, _)) = from_preheader {
                llvm_raw::phi(phi.as_value_ref()).add_incoming(&[(&llvm_raw::value(v), loads)]);
            }
        }
    }
    e.scope = bridge::subprogram(function.as_value_ref()).map(|sp| (sp, llvm_raw::subprogram_line(sp)));
    e.ir.position_before(old_branch);
    e.set_location(None);
    let result = (|| -> Built<Vec<Val<'ctx>>> {
        let ok = e.run_time_check(&loads, header)?;
        e.ir.cond_br(ok, fast, header)?;
        e.ir.position_at_end(fast);
        e.trace_new_code()?;
        let values: Vec<Val<'ctx>> = leaves.iter().map(|&v| llvm_raw::value(v)).chain(slots.iter().copied()).collect();
        e.ir.call(new_fn, &values)?;
        let handed = slots.iter().map(|&slot| e.ir.load(slot).map(|(v, _)| v)).collect::<Built<Vec<_>>>()?;
        e.ir.br(exit)?;
        Ok(handed)
    })();
    drop(e);
    let location = bridge::debug_location_of(old_branch.as_value_ref());
    let undo = move || {
        // Everything after the preheader's own instructions is ours: the check and its branch.
        let ours: Vec<InstructionValue<'ctx>> = preheader.get_instructions().skip(kept).collect();
        for inst in ours.into_iter().rev() {
            inst.erase_from_basic_block();
        }
        for phi in exit.get_instructions().filter(|i| i.get_opcode() == Opcode::Phi) {
            bridge::remove_incoming(phi.as_value_ref(), fast.as_mut_ptr());
        }
        for &loads in &loads {
            for phi in header.get_instructions().filter(|i| i.get_opcode() == Opcode::Phi) {
                bridge::remove_incoming(phi.as_value_ref(), loads.as_mut_ptr());
            }
            llvm_raw::delete_block(loads);
        }
        llvm_raw::delete_block(fast);
        erase(&slots);
        let ir = IrBuilder::new(function);
        ir.position_at_end(preheader);
        if let Ok(branch) = ir.br_instruction(header) {
            bridge::set_debug_location_of(branch, location);
        }
        unsplit();
    };
    let handed = match result {
        Ok(handed) => handed,
        Err(why) => {
            old_branch.erase_from_basic_block();
            undo();
            return Err(why);
        }
    };
    old_branch.erase_from_basic_block();
    // The exit's phis take, from the new code, the value they take from the nest: defined
    // before it, or handed back.
    for phi in ir::instructions(place.exit).into_iter().filter(|i| ir::is_phi(*i)) {
        let from_nest = ir::phi_incoming(phi).into_iter().find(|(_, b)| place.blocks.contains(b));
        if let Some((v, _)) = from_nest {
            let value = match plan.used_after.iter().position(|(u, _)| *u == v) {
                Some(k) => handed[k],
                None => llvm_raw::value(v),
            };
            llvm_raw::phi(phi).add_incoming(&[(&value, fast)]);
        }
    }
    Ok(Box::new(undo))
}

/// Removes instructions this module emitted.
fn erase(instructions: &[Val<'_>]) {
    for inst in instructions.iter().filter_map(|v| v.as_instruction_value()) {
        inst.erase_from_basic_block();
    }
}

impl<'ctx> Emitter<'_, 'ctx> {
    /// The run-time check at the builder's position: the parameters, the model's assumptions,
    /// the bounds the generated arithmetic relies on, and the disjointness of the arrays that
    /// may alias. With load guards, one block of `loads` per level: at each level a branch to
    /// `fallback` where its guard fails, the rest of the check in the level's block, so that
    /// the guarded parameters (after the first level) and bases are read only where the
    /// source reads them (a nest's header, the fallback there, has phis for each block as for
    /// the preheader: `version_nest`).
    fn run_time_check(&mut self, loads: &[BasicBlock<'ctx>], fallback: BasicBlock<'ctx>) -> Built<Val<'ctx>> {
        let later = self.materialize_unguarded_parameters()?;
        for (level, (guard, &block)) in self.plan.load_guards.iter().zip(loads).enumerate() {
            let holds = self.ast_condition(guard)?;
            self.ir.cond_br(holds, block, fallback)?;
            self.ir.position_at_end(block);
            // With guarded parameters, the first level is theirs.
            if level == 0 {
                self.materialize_guarded_parameters(&later)?;
            }
        }
        self.materialize_index_ranges(self.original)?;
        let mut ok = self.ast_condition(&self.plan.assumptions)?;
        if let Some(bounded) = self.parameter_bounds_hold()? {
            ok = self.ir.binary(Opcode::And, ok, bounded)?;
        }
        for check in &self.plan.scop.alias_checks {
            let disjoint = self.disjoint(check.first, check.second)?;
            ok = self.ir.binary(Opcode::And, ok, disjoint)?;
        }
        for &(load, array) in self.plan.field_checks {
            let outside = self.outside(load, array)?;
            ok = self.ir.binary(Opcode::And, ok, outside)?;
        }
        let tables = (0..self.plan.scop.arrays.len()).filter(|&id| self.plan.scop.arrays[id].row_pointers);
        for table in tables.collect::<Vec<_>>() {
            let apart = self.rows_apart(table)?;
            ok = self.ir.binary(Opcode::And, ok, apart)?;
        }
        Ok(ok)
    }

    /// Whether the rows of a row-pointer table ascend apart (`row_check`), and the table's
    /// own bytes lie outside every array the region writes: it is read again wherever a row
    /// is addressed.
    fn rows_apart(&mut self, table: ArrayId) -> Built<Val<'ctx>> {
        // Without bounds nothing is known of the rows: the original code runs.
        let Some((ascending, _, _)) = self.row_hull(table)? else {
            return Ok(self.ir.i1().const_int(0, false).into());
        };
        let mut ok = ascending;
        let (lo, hi) = self.table_range(table)?;
        for array in self.plan.scop.written_arrays() {
            let Some((lo2, hi2)) = self.accessed_range(array)? else { continue };
            let outside = self.ranges_apart((lo, hi), (lo2, hi2))?;
            ok = self.ir.binary(Opcode::And, ok, outside)?;
        }
        Ok(ok)
    }

    /// Under `Plan::trace_checks`, `write(2, "polyprop: new code of F\n", n)` at the builder's
    /// position (F the SCoP's name): the run-time check held.
    fn trace_new_code(&mut self) -> Built<()> {
        if !self.plan.trace_checks {
            return Ok(());
        }
        let text = format!("polyprop: new code of {}\n", self.plan.scop.name);
        let message = self.ir.global_string(&text, "polyprop.trace")?;
        let (i32t, i64t) = (self.ir.context.i32_type(), self.ir.i64());
        let write = self.ir.function("write", Some(i64t.into()), &[i32t.into(), self.ir.i8_ptr().into(), i64t.into()]);
        let length = self.int(text.len() as i64);
        self.ir.call_fitted(write, &[i32t.const_int(2, false).into(), message, length])
    }

    /// The bytes `[lo, hi)` of the row pointers a table's accesses read.
    fn table_range(&mut self, table: ArrayId) -> Built<(Val<'ctx>, Val<'ctx>)> {
        let bounds = self.plan.bounds.iter().find(|b| b.array == table).ok_or("internal error: row-pointer table without bounds")?;
        let (first, last) = (self.ast_expr(&bounds.bounds[0].0)?, self.ast_expr(&bounds.bounds[0].1)?);
        let base = self.base_value(table)?;
        let base = self.ir.ptr_to_int(base)?;
        self.byte_range(base, (first, last), 8)
    }

    /// For a row-pointer table with bounds: the call of `row_check`'s function (once), whether
    /// its rows ascend apart, and their hull.
    fn row_hull(&mut self, table: ArrayId) -> Built<Option<(Val<'ctx>, Val<'ctx>, Val<'ctx>)>> {
        if let Some(found) = self.row_hulls.get(&table) {
            return Ok(Some(*found));
        }
        let Some(bounds) = self.plan.bounds.iter().find(|b| b.array == table) else { return Ok(None) };
        let bounds = bounds.bounds.clone();
        let bytes = self.int(self.plan.scop.arrays[table].element.size_in_bytes() as i64);
        let first = self.ast_expr(&bounds[0].0)?;
        let last = self.ast_expr(&bounds[0].1)?;
        let lo = self.ir.mul(self.ast_expr(&bounds[1].0)?, bytes)?;
        let hi = self.ir.mul(self.ir.add(self.ast_expr(&bounds[1].1)?, self.int(1))?, bytes)?;
        let rows = crate::row_check::function(&self.ir, self.original)?;
        let hull = self.ir.entry_alloca(self.original, self.ir.i64().array_type(2).into(), "polyprop.hull")?;
        let hull = self.ir.bitcast(hull, self.ir.i64().ptr_type(inkwell::AddressSpace::default()), "")?;
        let base = self.base_value(table)?;
        let table_ptr = self.ir.bitcast(base, self.ir.i8_ptr().ptr_type(inkwell::AddressSpace::default()), "")?;
        let stride = self.int(i64::from(self.plan.scop.arrays[table].row_stride));
        let ascending = self.ir.call_value(rows, &[table_ptr, first, last, stride, lo, hi, hull])?;
        let (start, _) = self.ir.load(hull)?;
        let (end, _) = self.ir.load(self.ir.element_pointer(hull, self.int(1))?)?;
        self.row_hulls.insert(table, (ascending, start, end));
        Ok(Some((ascending, start, end)))
    }

    /// Whether the bytes a load read at entry lie outside the accessed byte range of a
    /// written array.
    fn outside(&mut self, load: Value, array: ArrayId) -> Built<Val<'ctx>> {
        let Some((lo, hi)) = self.accessed_range(array)? else {
            return Ok(self.ir.i1().const_int(1, false).into());
        };
        let address = materialize(&self.ir, ir::operand(load, 0), &self.args, &mut self.cache)?;
        let start = self.ir.ptr_to_int(address)?;
        let end = self.ir.add(start, self.int(bridge::access_size(load) as i64))?;
        self.ranges_apart((start, end), (lo, hi))
    }

    /// Whether the accessed byte ranges of two arrays are disjoint (`accessed_range`).
    fn disjoint(&mut self, first: ArrayId, second: ArrayId) -> Built<Val<'ctx>> {
        let (Some(one), Some(other)) = (self.accessed_range(first)?, self.accessed_range(second)?) else {
            return Ok(self.ir.i1().const_int(1, false).into());
        };
        self.ranges_apart(one, other)
    }

    /// Whether the byte ranges `[lo, hi)` `one` and `other` do not overlap (unsigned: addresses).
    fn ranges_apart(&self, (lo1, hi1): (Val<'ctx>, Val<'ctx>), (lo2, hi2): (Val<'ctx>, Val<'ctx>)) -> Built<Val<'ctx>> {
        let before = self.ir.icmp(IntPredicate::ULE, hi1, lo2)?;
        let after = self.ir.icmp(IntPredicate::ULE, hi2, lo1)?;
        self.ir.binary(Opcode::Or, before, after)
    }

    /// The bytes `[base + lo * bytes, base + (hi + 1) * bytes)` of the elements `lo..=hi`.
    fn byte_range(&self, base: Val<'ctx>, (lo, hi): (Val<'ctx>, Val<'ctx>), bytes: i64) -> Built<(Val<'ctx>, Val<'ctx>)> {
        let bytes = self.int(bytes);
        let lo = self.ir.add(base, self.ir.mul(lo, bytes)?)?;
        let hi1 = self.ir.add(hi, self.int(1))?;
        let hi = self.ir.add(base, self.ir.mul(hi1, bytes)?)?;
        Ok((lo, hi))
    }

    /// The byte range `[lo, hi)` an array's accesses reach, from their subscript bounds
    /// (linearized with its sizes: inner subscripts stay inside their dimensions under the
    /// assumptions checked alongside); `None` for an array without bounds.
    fn accessed_range(&mut self, id: ArrayId) -> Built<Option<(Val<'ctx>, Val<'ctx>)>> {
        if self.plan.scop.arrays[id].row_pointers {
            return Ok(self.row_hull(id)?.map(|(_, start, end)| (start, end)));
        }
        let Some(bounds) = self.plan.bounds.iter().find(|b| b.array == id) else { return Ok(None) };
        if bounds.bounds.is_empty() {
            return Ok(None);
        }
        let array = &self.plan.scop.arrays[id];
        let sizes = self.inner_sizes(array)?;
        let lin = |e: &Self, pick: &dyn Fn(&(AstExpr, AstExpr)) -> &AstExpr| -> Built<Val<'ctx>> {
            let subscripts = bounds.bounds.iter().map(|b| e.ast_expr(pick(b))).collect::<Built<Vec<_>>>()?;
            e.linearize(&subscripts, &sizes, WrapFlags::NONE)
        };
        let lo = lin(self, &|b| &b.0)?;
        let hi = lin(self, &|b| &b.1)?;
        let bytes = array.element.size_in_bytes() as i64;
        let base = self.base_value(id)?;
        let base = self.ir.ptr_to_int(base)?;
        self.byte_range(base, (lo, hi), bytes).map(Some)
    }
}

/// The wrap flags of a subscript's top-level operations (`Emitter::subscript`): `nsw` when it
/// has at most one variable term.
fn subscript_flags(e: &polyhedral::affine::AffExpr) -> WrapFlags {
    if e.terms.len() <= 1 { WrapFlags { nsw: true, ..WrapFlags::NONE } } else { WrapFlags::NONE }
}

/// Whether `v` is an LLVM constant (a literal, a global's address).
fn is_constant(v: Val<'_>) -> bool {
    // SAFETY: `v` is a live value of the module.
    unsafe { llvm_sys::core::LLVMIsConstant(v.as_value_ref()) != 0 }
}

/// `(e, c)` for an AST expression `e + c` with an integer `c` other than 0.
fn constant_offset(a: &AstExpr) -> Option<(&AstExpr, i64)> {
    match a {
        AstExpr::Add(e, c) => match **c {
            AstExpr::Int(c) if c != 0 => Some((&**e, c)),
            _ => None,
        },
        _ => None,
    }
}

/// Which generated loops get `llvm.loop.unroll.disable`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RolledLoops {
    /// Innermost loops of [`SHORT_LOOP`] constant iterations ([`is_short_vector_loop`]): in
    /// models that kept their schedule.
    ShortInnermost,
    /// Loops with loops inside: in rescheduled models, whose register tiles are unrolled by
    /// design. Once LLVM has made a point loop's inner loop a `memset` (a tile's rows of a
    /// zero fill) or unrolled it, the loop is innermost with a constant trip count at fixed
    /// sizes and would be unrolled fully; its constant-size `memset`s then become thousands
    /// of stores in one block, on which the machine scheduler's time grows quadratically:
    /// covariance at `-DMEDIUM` compiled in 1.10 s (2350 `movups`), rolled in 0.60 s (148),
    /// its kernel as fast.
    Outer,
}

/// Iterations of a short innermost loop that LLVM vectorizes when it stays a loop: at least a
/// vector of 8 floats, at most where LLVM's full unrolling stops taking small bodies.
const SHORT_LOOP: std::ops::RangeInclusive<i128> = 8..=32;

/// The largest line buffer kept on the stack, in bytes: the bilateral grid's blurx takes 320.
const MAX_STACK_LINE_BUFFER: u64 = 64 * 1024;

/// Whether a loop is innermost and its constant trip count is [`SHORT_LOOP`]: LLVM unrolls
/// such a loop fully before its vectorizer runs, and then vectorizes the loop outside it, whose
/// addresses stride by a row, with gathers. The bilateral grid's 12 bins along z, kept in a
/// loop, ran its blury stage's vectorized z loop: 46.7 against 52.0 ms with `keep=blurx`.
fn is_short_vector_loop(shape: &LoopShape, body: &AstNode) -> bool {
    shape.trips.is_some_and(|trips| SHORT_LOOP.contains(&trips)) && !body.contains_loop()
}
