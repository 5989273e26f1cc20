//! The few LLVM calls that inkwell cannot make for us safely, in one place.
//!
//! Code generation builds IR with inkwell (`ir_builder`) and the front end walks blocks and
//! instructions with it (`ir`), but the function they work on is handed to us by the C++ side
//! as a raw `LLVMValueRef`: wrapping such handles in inkwell's types is `unsafe` in inkwell, as
//! are a few operations that leave a handle dangling. Each function here says why it cannot
//! go through inkwell's safe API.
//!
//! Invariant: every handle passed in is valid for the pass invocation that received it
//! (see `lib.rs`), and the lifetime `'ctx` of what is returned must not outlive it; callers
//! tie `'ctx` to the code-generation call.

use crate::ir;
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, BasicValueEnum, FunctionValue, InstructionValue, IntValue, MetadataValue, PhiValue, PointerValue};
use llvm_sys::prelude::LLVMMetadataRef;
use std::mem::ManuallyDrop;

/// The function (`define` or declaration) behind a raw handle.
///
/// inkwell: `FunctionValue::new` is `unsafe` because it cannot check that the handle is a
/// live value; ours come from the pass manager or from `ir` walks of the same module.
pub fn function<'ctx>(f: ir::Value) -> Option<FunctionValue<'ctx>> {
    unsafe { FunctionValue::new(f) }
}

/// A first-class value (argument, instruction, constant, global) behind a raw handle.
///
/// inkwell: `BasicValueEnum::new` is `unsafe` for the same reason; it reads the value's type
/// to pick the variant.
pub fn value<'ctx>(v: ir::Value) -> BasicValueEnum<'ctx> {
    unsafe { BasicValueEnum::new(v) }
}

/// A basic block behind a raw handle (`None` for null).
///
/// inkwell: `BasicBlock::new` is `unsafe`: it cannot check that the handle is alive.
pub fn block<'ctx>(b: ir::Block) -> Option<BasicBlock<'ctx>> {
    unsafe { BasicBlock::new(b) }
}

/// A phi behind a raw handle.
///
/// inkwell: `PhiValue::new` is `unsafe`: it cannot check that the value is a phi.
pub fn phi<'ctx>(v: ir::Value) -> PhiValue<'ctx> {
    debug_assert!(ir::is_phi(v));
    unsafe { PhiValue::new(v) }
}

/// An instruction behind a raw handle (`ir` walks return them raw).
///
/// inkwell: `InstructionValue::new` is `unsafe`: it cannot check that the value is one.
pub fn instruction<'ctx>(v: ir::Value) -> InstructionValue<'ctx> {
    debug_assert!(ir::opcode(v).is_some());
    unsafe { InstructionValue::new(v) }
}

/// A metadata node kept as a value (the `!tbaa` tags `fidelity` reads from the source).
///
/// inkwell: `MetadataValue::new` is `unsafe`; the tag was read by `get_metadata` in the same
/// pass invocation and is owned by the context, so it is still alive.
pub fn metadata<'ctx>(v: ir::Value) -> MetadataValue<'ctx> {
    unsafe { MetadataValue::new(v) }
}

/// The module that holds `f`, borrowed: LLVM owns it, so it must never be disposed.
///
/// inkwell: a `Module` disposes its module on `Drop`, and only `Module::new` (`unsafe`) wraps
/// an existing one; `ManuallyDrop` keeps the borrowed module alive after our wrapper goes.
pub fn module_of<'ctx>(f: FunctionValue<'ctx>) -> ManuallyDrop<Module<'ctx>> {
    ManuallyDrop::new(unsafe { Module::new(llvm_sys::core::LLVMGetGlobalParent(f.as_value_ref())) })
}

/// The context of the module that holds `f`.
///
/// inkwell: `ContextRef::new` is `unsafe`; the context outlives every module in it.
pub fn context_of<'ctx>(f: FunctionValue<'ctx>) -> ContextRef<'ctx> {
    unsafe { ContextRef::new(llvm_sys::core::LLVMGetModuleContext(llvm_sys::core::LLVMGetGlobalParent(f.as_value_ref()))) }
}

/// Deletes a function we added and that nothing refers to any more.
///
/// inkwell: `FunctionValue::delete` is `unsafe` because other handles to it would dangle; the
/// caller drops every value of the function before.
pub fn delete_function(f: FunctionValue<'_>) {
    unsafe { f.delete() }
}

/// Deletes a block we added (the versioned entry's check and call blocks, on undo).
///
/// inkwell: `BasicBlock::delete` is `unsafe` for the same reason as `delete_function`.
pub fn delete_block(b: BasicBlock<'_>) {
    // Only fails for a block without a parent, which ours always have.
    let _ = unsafe { b.delete() };
}

/// `getelementptr <elem>, <elem>* ptr, i64 index`: one element-sized step from `ptr`.
///
/// inkwell: `build_gep` is `unsafe` because wrong indices into aggregates can crash LLVM; ours
/// is a single index into a pointer to a scalar.
pub fn element_pointer<'ctx>(
    builder: &Builder<'ctx>,
    ptr: PointerValue<'ctx>,
    index: IntValue<'ctx>,
) -> Result<PointerValue<'ctx>, inkwell::builder::BuilderError> {
    unsafe { builder.build_gep(ptr, &[index], "") }
}

/// Sets the debug location of the instructions `builder` emits next to `line:column` in
/// `scope` (a subprogram handed to us by the bridge).
///
/// inkwell: `DILocation` can only be made by a `DebugInfoBuilder`, which creates a compile
/// unit of its own, and a `DIScope` cannot wrap an existing subprogram; the location is
/// created from the raw scope instead.
pub fn set_debug_location(builder: &Builder<'_>, context: &ContextRef<'_>, line: u32, column: u32, scope: LLVMMetadataRef) {
    unsafe {
        let loc = llvm_sys::debuginfo::LLVMDIBuilderCreateDebugLocation(context.raw(), line, column, scope, std::ptr::null_mut());
        llvm_sys::core::LLVMSetCurrentDebugLocation2(builder.as_mut_ptr(), loc);
    }
}

/// The line of a debug-info subprogram.
///
/// inkwell: `DISubprogram` has no line getter and cannot wrap an existing subprogram.
pub fn subprogram_line(subprogram: LLVMMetadataRef) -> u32 {
    unsafe { llvm_sys::debuginfo::LLVMDISubprogramGetLine(subprogram) }
}

/// `freeze x`: the value of `x`, as an instruction of its own.
///
/// inkwell 0.11 has no `build_freeze`. Code generation hands a recurrence's scalar to the
/// next one through a freeze so that each is a first-order recurrence of an instruction,
/// the shape LLVM 14's loop vectorizer accepts (a phi of a phi it refuses).
pub fn freeze<'ctx>(builder: &Builder<'ctx>, x: BasicValueEnum<'ctx>) -> BasicValueEnum<'ctx> {
    let frozen = unsafe { llvm_sys::core::LLVMBuildFreeze(builder.as_mut_ptr(), x.as_value_ref(), c"".as_ptr()) };
    value(frozen)
}
