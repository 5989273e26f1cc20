//! A typed layer over inkwell's builder for code generation.
//!
//! inkwell types values (`IntValue`, `FloatValue`, `PointerValue`) where the model's
//! expressions are typed only at run time (`ScalarType`), and it cannot attach what the
//! source said about its instructions in LLVM 14 (fast-math flags, `!tbaa` tags from the
//! source, alias scopes, debug locations in a subprogram it did not create, no-wrap flags,
//! `llvm.loop` nodes). This layer takes and returns `BasicValueEnum`, checks the kind an operation needs instead of panicking, turns
//! inkwell's `BuilderError` into our internal-error strings, and attaches the source's
//! metadata through `bridge` and `llvm_raw`.
//!
//! Every instruction it emits is one LLVM C API builder call with the same operands, types and
//! name as before inkwell (loads, GEPs and calls take the pointee type from the typed pointer of
//! LLVM 14 instead of being given it), so the IR is the same instruction for instruction.

use crate::bridge;
use crate::ir;
use crate::llvm_raw;
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, IntType, PointerType, StructType, VectorType};
use inkwell::values::{
    AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, InstructionValue, IntValue, PhiValue,
    PointerValue, ValueKind,
};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use llvm_sys::prelude::LLVMMetadataRef;
use polyhedral::model::{ScalarType, WrapFlags};
use std::mem::ManuallyDrop;

pub use inkwell::values::InstructionOpcode as Opcode;

/// A value the builder made or was given.
pub type Val<'ctx> = BasicValueEnum<'ctx>;

/// Results of the layer: an error means a bug in code generation (an operation on a value of
/// the wrong kind), reported as an internal error.
pub type Built<T> = Result<T, String>;

fn built<T>(r: Result<T, BuilderError>) -> Built<T> {
    r.map_err(|e| format!("internal error: IR builder: {e}"))
}

fn int(v: Val<'_>) -> Built<IntValue<'_>> {
    match v {
        BasicValueEnum::IntValue(x) => Ok(x),
        other => Err(format!("internal error: integer operation on {}", ir::to_string(other.as_value_ref()))),
    }
}

/// The builder of one function being emitted into, with the module and context it lives in.
pub struct IrBuilder<'ctx> {
    pub context: ContextRef<'ctx>,
    /// Borrowed from LLVM: never disposed (see `llvm_raw::module_of`).
    module: ManuallyDrop<Module<'ctx>>,
    builder: Builder<'ctx>,
}

impl<'ctx> IrBuilder<'ctx> {
    /// A builder in the context and module of `function`, not positioned yet.
    pub fn new(function: FunctionValue<'ctx>) -> Self {
        let context = llvm_raw::context_of(function);
        let builder = context.create_builder();
        IrBuilder { module: llvm_raw::module_of(function), context, builder }
    }

    // Types and constants.

    pub fn i1(&self) -> IntType<'ctx> {
        self.context.bool_type()
    }

    pub fn i64(&self) -> IntType<'ctx> {
        self.context.i64_type()
    }

    /// An `i64` constant.
    pub fn int(&self, v: i64) -> Val<'ctx> {
        self.i64().const_int(v as u64, true).into()
    }

    /// A constant of an integer type, sign-extended from `v`.
    pub fn const_int(&self, t: ScalarType, v: i64) -> Built<Val<'ctx>> {
        match self.scalar(t) {
            BasicTypeEnum::IntType(ty) => Ok(ty.const_int(v as u64, true).into()),
            _ => Err(format!("internal error: integer constant of type {t:?}")),
        }
    }

    /// A constant of a floating-point type.
    pub fn const_float(&self, t: ScalarType, v: f64) -> Built<Val<'ctx>> {
        match self.scalar(t) {
            BasicTypeEnum::FloatType(ty) => Ok(ty.const_float(v).into()),
            _ => Err(format!("internal error: floating-point constant of type {t:?}")),
        }
    }

    pub fn scalar(&self, t: ScalarType) -> BasicTypeEnum<'ctx> {
        let c = &self.context;
        match t {
            ScalarType::I1 => c.bool_type().into(),
            ScalarType::I8 => c.i8_type().into(),
            ScalarType::I16 => c.i16_type().into(),
            ScalarType::I32 => c.i32_type().into(),
            ScalarType::I64 => c.i64_type().into(),
            ScalarType::F32 => c.f32_type().into(),
            ScalarType::F64 => c.f64_type().into(),
        }
    }

    pub fn pointer_to(&self, t: BasicTypeEnum<'ctx>) -> PointerType<'ctx> {
        t.ptr_type(AddressSpace::default())
    }

    pub fn i8_ptr(&self) -> PointerType<'ctx> {
        self.pointer_to(self.context.i8_type().into())
    }

    // Functions and blocks.

    /// The function `name` of the module, declared with this type if it is not there yet.
    pub fn function(&self, name: &str, ret: Option<BasicTypeEnum<'ctx>>, params: &[BasicTypeEnum<'ctx>]) -> FunctionValue<'ctx> {
        if let Some(f) = self.module.get_function(name) {
            return f;
        }
        let params: Vec<BasicMetadataTypeEnum<'ctx>> = params.iter().map(|&p| p.into()).collect();
        let ty = match ret {
            Some(r) => r.fn_type(&params, false),
            None => self.context.void_type().fn_type(&params, false),
        };
        self.module.add_function(name, ty, None)
    }

    /// The variadic function `name` of the module (`void f(params, ...)`), declared if it is not
    /// there yet.
    pub fn variadic_function(&self, name: &str, params: &[BasicTypeEnum<'ctx>]) -> FunctionValue<'ctx> {
        if let Some(f) = self.module.get_function(name) {
            return f;
        }
        let params: Vec<BasicMetadataTypeEnum<'ctx>> = params.iter().map(|&p| p.into()).collect();
        self.module.add_function(name, self.context.void_type().fn_type(&params, true), None)
    }

    /// Whether the module has the flag `name` (`openmp` when compiled with `-fopenmp`).
    pub fn has_module_flag(&self, name: &str) -> bool {
        self.module.get_flag(name).is_some()
    }

    /// The module's struct type `name`, created with `fields` if it has none.
    pub fn named_struct(&self, name: &str, fields: &[BasicTypeEnum<'ctx>]) -> StructType<'ctx> {
        if let Some(t) = self.module.get_struct_type(name) {
            return t;
        }
        let t = self.context.opaque_struct_type(name);
        t.set_body(fields, false);
        t
    }

    /// The private constant global `name`, made to hold `value` if the module has none.
    pub fn private_constant(&self, name: &str, value: BasicValueEnum<'ctx>) -> PointerValue<'ctx> {
        if let Some(existing) = self.module.get_global(name) {
            return existing.as_pointer_value();
        }
        let global = self.module.add_global(value.get_type(), None, name);
        global.set_linkage(Linkage::Private);
        global.set_constant(true);
        global.set_initializer(&value);
        global.as_pointer_value()
    }

    /// The module's function `name`, if it has one.
    pub fn module_function(&self, name: &str) -> Option<FunctionValue<'ctx>> {
        self.module.get_function(name)
    }

    /// A new internal function `name` of the type of `like`.
    pub fn add_internal_function(&self, name: &str, like: FunctionValue<'ctx>) -> FunctionValue<'ctx> {
        self.module.add_function(name, like.get_type(), Some(Linkage::Internal))
    }

    /// A new internal, `noinline` function `name` of the check (`ret` and `params`), for the
    /// target `like` is compiled for (so that its loop is vectorized as the source's are):
    /// one call per check, whose cost profilers can tell apart from the region's.
    pub fn check_function(&self, name: &str, ret: Option<BasicTypeEnum<'ctx>>, params: &[BasicTypeEnum<'ctx>], like: FunctionValue<'ctx>) -> FunctionValue<'ctx> {
        let f = self.function(name, ret, params);
        f.set_linkage(Linkage::Internal);
        let noinline = self.context.create_enum_attribute(inkwell::attributes::Attribute::get_named_enum_kind_id("noinline"), 0);
        f.add_attribute(inkwell::attributes::AttributeLoc::Function, noinline);
        for key in ["target-cpu", "target-features", "tune-cpu"] {
            if let Some(attribute) = like.get_string_attribute(inkwell::attributes::AttributeLoc::Function, key) {
                f.add_attribute(inkwell::attributes::AttributeLoc::Function, attribute);
            }
        }
        f
    }

    /// A new internal `void` function with parameters of `types`.
    pub fn add_internal_void_function(&self, name: &str, types: &[BasicTypeEnum<'ctx>]) -> FunctionValue<'ctx> {
        let params: Vec<BasicMetadataTypeEnum<'ctx>> = types.iter().map(|&t| t.into()).collect();
        self.module.add_function(name, self.context.void_type().fn_type(&params, false), Some(Linkage::Internal))
    }

    /// The declaration of an overloaded intrinsic (`llvm.smax` on `[i64]` is `llvm.smax.i64`).
    pub fn intrinsic(&self, name: &str, types: &[BasicTypeEnum<'ctx>]) -> Built<FunctionValue<'ctx>> {
        Intrinsic::find(name)
            .and_then(|i| i.get_declaration(&self.module, types))
            .ok_or_else(|| format!("internal error: no intrinsic {name}"))
    }

    pub fn append_block(&self, function: FunctionValue<'ctx>, name: &str) -> BasicBlock<'ctx> {
        self.context.append_basic_block(function, name)
    }

    pub fn position_at_end(&self, block: BasicBlock<'ctx>) {
        self.builder.position_at_end(block);
    }

    pub fn position_before(&self, instruction: InstructionValue<'ctx>) {
        self.builder.position_before(&instruction);
    }

    pub fn insert_block(&self) -> Built<BasicBlock<'ctx>> {
        self.builder.get_insert_block().ok_or_else(|| "internal error: builder not positioned".to_string())
    }

    /// Inserts an instruction that is in no block (a clone, or one removed from its block).
    pub fn insert(&self, instruction: InstructionValue<'ctx>) {
        self.builder.insert_instruction(&instruction, None);
    }

    // Instructions.

    /// An arithmetic or bitwise instruction on two values of the same type.
    pub fn binary(&self, op: Opcode, x: Val<'ctx>, y: Val<'ctx>) -> Built<Val<'ctx>> {
        built(self.builder.build_binop(op, x, y, ""))
    }

    pub fn add(&self, x: Val<'ctx>, y: Val<'ctx>) -> Built<Val<'ctx>> {
        self.binary(Opcode::Add, x, y)
    }

    pub fn sub(&self, x: Val<'ctx>, y: Val<'ctx>) -> Built<Val<'ctx>> {
        self.binary(Opcode::Sub, x, y)
    }

    pub fn mul(&self, x: Val<'ctx>, y: Val<'ctx>) -> Built<Val<'ctx>> {
        self.binary(Opcode::Mul, x, y)
    }

    pub fn neg(&self, x: Val<'ctx>) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_int_neg(int(x)?, ""))?.into())
    }

    pub fn fneg(&self, x: Val<'ctx>) -> Built<Val<'ctx>> {
        match x {
            BasicValueEnum::FloatValue(f) => Ok(built(self.builder.build_float_neg(f, ""))?.into()),
            BasicValueEnum::VectorValue(v) => Ok(built(self.builder.build_float_neg(v, ""))?.into()),
            other => Err(format!("internal error: fneg of {}", ir::to_string(other.as_value_ref()))),
        }
    }

    pub fn icmp(&self, p: IntPredicate, x: Val<'ctx>, y: Val<'ctx>) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_int_compare(p, int(x)?, int(y)?, ""))?.into())
    }

    pub fn fcmp(&self, p: FloatPredicate, x: Val<'ctx>, y: Val<'ctx>) -> Built<Val<'ctx>> {
        match (x, y) {
            (BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => {
                Ok(built(self.builder.build_float_compare(p, x, y, ""))?.into())
            }
            _ => Err("internal error: fcmp of non-floating-point values".into()),
        }
    }

    /// `freeze x` (`llvm_raw::freeze`).
    pub fn freeze(&self, x: Val<'ctx>) -> Val<'ctx> {
        llvm_raw::freeze(&self.builder, x)
    }

    pub fn select(&self, cond: Val<'ctx>, x: Val<'ctx>, y: Val<'ctx>) -> Built<Val<'ctx>> {
        built(self.builder.build_select(int(cond)?, x, y, ""))
    }

    pub fn cast(&self, op: Opcode, x: Val<'ctx>, to: BasicTypeEnum<'ctx>) -> Built<Val<'ctx>> {
        built(self.builder.build_cast(op, x, to, ""))
    }

    pub fn bitcast(&self, x: Val<'ctx>, to: PointerType<'ctx>, name: &str) -> Built<Val<'ctx>> {
        built(self.builder.build_bit_cast(x, to, name))
    }

    pub fn sext(&self, x: Val<'ctx>, to: IntType<'ctx>) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_int_s_extend(int(x)?, to, ""))?.into())
    }

    pub fn ptr_to_int(&self, x: Val<'ctx>) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_ptr_to_int(pointer(x)?, self.i64(), ""))?.into())
    }

    pub fn alloca(&self, t: BasicTypeEnum<'ctx>, name: &str) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_alloca(t, name))?.into())
    }

    /// An alloca of `count` elements of `t` where the builder is (a local array of a size
    /// computed at run time).
    pub fn array_alloca(&self, t: BasicTypeEnum<'ctx>, count: Val<'ctx>, name: &str) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_array_alloca(t, count.into_int_value(), name))?.into())
    }

    /// An alloca at the start of `function`'s entry block, wherever the builder is: a slot
    /// made inside a loop would grow the stack each iteration, and only entry-block allocas
    /// are promoted to registers.
    pub fn entry_alloca(&self, function: FunctionValue<'ctx>, t: BasicTypeEnum<'ctx>, name: &str) -> Built<Val<'ctx>> {
        let entry = function.get_first_basic_block().ok_or("internal error: function without entry block")?;
        let builder = self.context.create_builder();
        match entry.get_first_instruction() {
            Some(first) => builder.position_before(&first),
            None => builder.position_at_end(entry),
        }
        Ok(built(builder.build_alloca(t, name))?.into())
    }

    /// The address of field `index` of the struct `ptr` points to.
    pub fn field_pointer(&self, ptr: Val<'ctx>, index: u32) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_struct_gep(pointer(ptr)?, index, ""))?.into())
    }

    /// A pointer cast to `to` (a constant for a constant).
    pub fn pointer_cast(&self, x: Val<'ctx>, to: PointerType<'ctx>) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_pointer_cast(pointer(x)?, to, ""))?.into())
    }

    /// Loads through a typed pointer (LLVM 14: the pointee type is the pointer's).
    pub fn load(&self, ptr: Val<'ctx>) -> Built<(Val<'ctx>, InstructionValue<'ctx>)> {
        let v = built(self.builder.build_load(pointer(ptr)?, ""))?;
        let i = v.as_instruction_value().ok_or("internal error: load folded")?;
        Ok((v, i))
    }

    pub fn store(&self, value: Val<'ctx>, ptr: Val<'ctx>) -> Built<InstructionValue<'ctx>> {
        built(self.builder.build_store(pointer(ptr)?, value))
    }

    /// The vector type of `lanes` elements of the integer or floating-point type `t`.
    pub fn vector(&self, t: BasicTypeEnum<'ctx>, lanes: u32) -> Built<VectorType<'ctx>> {
        match t {
            BasicTypeEnum::FloatType(f) => Ok(f.vec_type(lanes)),
            BasicTypeEnum::IntType(i) => Ok(i.vec_type(lanes)),
            other => Err(format!("internal error: vector of {}", other.print_to_string())),
        }
    }

    /// A vector of `lanes` copies of `x`: an `insertelement` into lane 0, then a
    /// `shufflevector` with the zero mask, as LLVM writes a broadcast.
    pub fn splat(&self, x: Val<'ctx>, lanes: u32) -> Built<Val<'ctx>> {
        let undef = self.vector(x.get_type(), lanes)?.get_undef();
        let lane_0 = built(self.builder.build_insert_element(undef, x, self.context.i32_type().const_zero(), ""))?;
        let mask = self.context.i32_type().vec_type(lanes).const_zero();
        Ok(built(self.builder.build_shuffle_vector(lane_0, undef, mask, ""))?.into())
    }

    /// Sets the alignment of a load or store just emitted (a vector of elements is aligned
    /// as its elements are, not as the vector type).
    pub fn align(&self, access: InstructionValue<'ctx>, bytes: u32) -> Built<()> {
        access.set_alignment(bytes).map_err(|e| format!("internal error: alignment: {e}"))
    }

    /// The address `index` elements after `ptr`.
    pub fn element_pointer(&self, ptr: Val<'ctx>, index: Val<'ctx>) -> Built<Val<'ctx>> {
        Ok(built(llvm_raw::element_pointer(&self.builder, pointer(ptr)?, int(index)?))?.into())
    }

    pub fn phi(&self, t: BasicTypeEnum<'ctx>, name: &str) -> Built<PhiValue<'ctx>> {
        built(self.builder.build_phi(t, name))
    }

    pub fn br(&self, to: BasicBlock<'ctx>) -> Built<()> {
        self.br_instruction(to).map(drop)
    }

    pub fn cond_br(&self, cond: Val<'ctx>, t: BasicBlock<'ctx>, f: BasicBlock<'ctx>) -> Built<()> {
        built(self.builder.build_conditional_branch(int(cond)?, t, f)).map(drop)
    }

    /// `br to`, returning the branch.
    pub fn br_instruction(&self, to: BasicBlock<'ctx>) -> Built<ir::Value> {
        built(self.builder.build_unconditional_branch(to)).map(|i| i.as_value_ref())
    }

    /// `ret value`, or `ret void` for `None`.
    pub fn ret(&self, value: Option<Val<'ctx>>) -> Built<()> {
        let value = value.as_ref().map(|v| v as &dyn BasicValue<'ctx>);
        built(self.builder.build_return(value)).map(drop)
    }

    /// A call; `None` for a call of a `void` function.
    pub fn call(&self, f: FunctionValue<'ctx>, args: &[Val<'ctx>]) -> Built<Option<Val<'ctx>>> {
        let params = f.get_type().get_param_types();
        if params.len() != args.len() || params.iter().zip(args).any(|(p, a)| *p != a.get_type().into()) {
            return Err(format!("internal error: the arguments do not fit the parameters of {}", f.get_name().to_string_lossy()));
        }
        let args: Vec<BasicMetadataValueEnum<'ctx>> = args.iter().map(|&a| a.into()).collect();
        let call = built(self.builder.build_call(f, &args, ""))?;
        // A call whose convention differs from its callee's is undefined (a program's
        // `internal` functions are often `fastcc`).
        call.set_call_convention(f.get_call_conventions());
        Ok(match call.try_as_basic_value() {
            ValueKind::Basic(v) => Some(v),
            ValueKind::Instruction(_) => None,
        })
    }

    /// A call of a variadic function: `args` fill its parameters (each pointer cast to the
    /// declared type: an existing declaration may name its struct types differently), then
    /// the variadic ones as they are.
    pub fn call_variadic(&self, f: FunctionValue<'ctx>, args: &[Val<'ctx>]) -> Built<()> {
        let params = f.get_type().get_param_types();
        if !f.get_type().is_var_arg() || args.len() < params.len() {
            return Err(format!("internal error: the arguments do not fit the parameters of {}", f.get_name().to_string_lossy()));
        }
        let mut fitted: Vec<BasicMetadataValueEnum<'ctx>> = Vec::with_capacity(args.len());
        for (k, &a) in args.iter().enumerate() {
            let a = match params.get(k) {
                Some(BasicMetadataTypeEnum::PointerType(p)) if a.get_type() != (*p).into() => self.pointer_cast(a, *p)?,
                _ => a,
            };
            fitted.push(a.into());
        }
        let call = built(self.builder.build_call(f, &fitted, ""))?;
        call.set_call_convention(f.get_call_conventions());
        Ok(())
    }

    /// A call that casts pointer arguments to the declared parameter types (see
    /// `call_variadic`).
    pub fn call_fitted(&self, f: FunctionValue<'ctx>, args: &[Val<'ctx>]) -> Built<()> {
        let params = f.get_type().get_param_types();
        let mut fitted = Vec::with_capacity(args.len());
        for (&a, p) in args.iter().zip(&params) {
            fitted.push(match p {
                BasicMetadataTypeEnum::PointerType(p) if a.get_type() != (*p).into() => self.pointer_cast(a, *p)?,
                _ => a,
            });
        }
        self.call(f, &fitted).map(|_| ())
    }

    /// A private constant holding `text` and a NUL, as an `i8*`.
    pub fn global_string(&self, text: &str, name: &str) -> Built<Val<'ctx>> {
        Ok(built(self.builder.build_global_string_ptr(text, name))?.as_pointer_value().into())
    }

    /// A call of a function that returns a value.
    pub fn call_value(&self, f: FunctionValue<'ctx>, args: &[Val<'ctx>]) -> Built<Val<'ctx>> {
        self.call(f, args)?.ok_or_else(|| "internal error: call of a void function used as a value".into())
    }

    // What the source said about its instructions (`fidelity`).

    /// The debug location of the instructions emitted next.
    pub fn set_location(&self, line: u32, column: u32, scope: LLVMMetadataRef) {
        llvm_raw::set_debug_location(&self.builder, &self.context, line, column, scope);
    }

    /// Fast-math flags (bits as `bridge::fast_math_flags`) on a floating-point operation;
    /// a value that is no such operation (a folded constant) is left alone.
    pub fn fast_math(&self, v: Val<'ctx>, flags: u32) -> Val<'ctx> {
        if flags != 0 {
            bridge::set_fast_math_flags(v.as_value_ref(), flags);
        }
        v
    }

    /// The source's no-wrap and exactness flags on an integer operation just emitted; a value
    /// that is no such operation (a folded constant) is left alone.
    pub fn wrap_flags(&self, v: Val<'ctx>, flags: WrapFlags) -> Val<'ctx> {
        let bits = u32::from(flags.nsw) | u32::from(flags.nuw) << 1 | u32::from(flags.exact) << 2;
        if bits != 0 {
            bridge::set_wrap_flags(v.as_value_ref(), bits);
        }
        v
    }

    /// A new distinct `llvm.loop` node on the back edge `branch` of a generated loop, with the
    /// properties of the source loop's node `source`, if any (its debug locations move to
    /// `scope`), and no run-time unrolling unless the source asks for unrolling; no unrolling
    /// at all when `rolled`.
    pub fn set_loop_id(&self, branch: InstructionValue<'ctx>, source: Option<LLVMMetadataRef>, scope: Option<LLVMMetadataRef>, rolled: bool) {
        bridge::set_loop_id(branch.as_value_ref(), source, scope, rolled);
    }

    /// A metadata node (as `fidelity` keeps it) on a load or store.
    pub fn set_metadata(&self, access: InstructionValue<'ctx>, kind: u32, node: ir::Value) -> Built<()> {
        access.set_metadata(llvm_raw::metadata(node), kind).map_err(|e| format!("internal error: metadata: {e}"))
    }

    /// `!alias.scope` scope `own` of `scopes` and `!noalias` all the others, on a load or store.
    pub fn set_alias_scopes(&self, access: InstructionValue<'ctx>, scopes: &[LLVMMetadataRef], own: usize) {
        bridge::set_alias_scopes(access.as_value_ref(), scopes, own);
    }
}

/// The kind id of metadata `name` (`"tbaa"`) in the context of `function`.
pub fn metadata_kind(function: ir::Value, name: &str) -> u32 {
    let function = llvm_raw::function(function).expect("metadata kinds are looked up for functions");
    llvm_raw::context_of(function).get_kind_id(name)
}

/// The metadata node of kind `kind` on an instruction (a `!tbaa` tag), kept as a value for
/// `set_metadata` on the instructions code generation emits.
pub fn metadata_of(instruction: ir::Value, kind: u32) -> Option<ir::Value> {
    llvm_raw::instruction(instruction).get_metadata(kind).map(|m| m.as_value_ref())
}

fn pointer(v: Val<'_>) -> Built<PointerValue<'_>> {
    match v {
        BasicValueEnum::PointerValue(p) => Ok(p),
        other => Err(format!("internal error: pointer operation on {}", ir::to_string(other.as_value_ref()))),
    }
}
