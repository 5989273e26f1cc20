//! Small read-only helpers over LLVM's C API (llvm-sys) for walking a function's IR.
//!
//! The front end keeps raw handles (`Value`, `Block`): they are map keys and cross the FFI to
//! the bridge's analyses. The walks over blocks, instructions and phis go through inkwell
//! (`llvm_raw` wraps the handles); queries inkwell cannot make on a value of any kind (operands
//! that may be blocks or metadata, `IsA` tests, types) stay on llvm-sys.

use crate::llvm_raw;
use inkwell::values::AsValueRef;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use polyhedral::model::{ScalarType, SourceLocation};
use std::ffi::CStr;

pub type Block = LLVMBasicBlockRef;
pub type Value = LLVMValueRef;

pub fn blocks(function: Value) -> Vec<Block> {
    llvm_raw::function(function).map_or_else(Vec::new, |f| f.get_basic_block_iter().map(|b| b.as_mut_ptr()).collect())
}

pub fn instructions(bb: Block) -> Vec<Value> {
    llvm_raw::block(bb).map_or_else(Vec::new, |b| b.get_instructions().map(|i| i.as_value_ref()).collect())
}

/// The block's terminator, or null for a block that has none yet.
pub fn terminator(bb: Block) -> Value {
    llvm_raw::block(bb).and_then(|b| b.get_terminator()).map_or(std::ptr::null_mut(), |t| t.as_value_ref())
}

pub fn successors(bb: Block) -> Vec<Block> {
    let term = terminator(bb);
    if term.is_null() {
        return Vec::new();
    }
    let n = unsafe { LLVMGetNumSuccessors(term) };
    (0..n).map(|i| unsafe { LLVMGetSuccessor(term, i) }).collect()
}

pub fn opcode(inst: Value) -> Option<LLVMOpcode> {
    if unsafe { LLVMIsAInstruction(inst) }.is_null() {
        return None;
    }
    Some(unsafe { LLVMGetInstructionOpcode(inst) })
}

pub fn block_of(inst: Value) -> Option<Block> {
    if unsafe { LLVMIsAInstruction(inst) }.is_null() {
        return None;
    }
    Some(unsafe { LLVMGetInstructionParent(inst) })
}

pub fn operand(inst: Value, i: u32) -> Value {
    unsafe { LLVMGetOperand(inst, i) }
}

pub fn num_operands(inst: Value) -> u32 {
    unsafe { LLVMGetNumOperands(inst) as u32 }
}

/// How many operands of `inst` are values it computes with: all of them, but for a call its
/// arguments only (the callee is the last operand).
pub fn value_operand_count(inst: Value) -> u32 {
    if opcode(inst) == Some(LLVMOpcode::LLVMCall) { call_arguments(inst).len() as u32 } else { num_operands(inst) }
}

pub fn name(v: Value) -> String {
    let mut len = 0;
    let p = unsafe { LLVMGetValueName2(v, &mut len) };
    if p.is_null() || len == 0 {
        return String::new();
    }
    let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn block_name(bb: Block) -> String {
    llvm_raw::block(bb).map_or_else(String::new, |b| b.get_name().to_string_lossy().into_owned())
}

/// The instruction as LLVM prints it, without metadata attachments, for messages.
pub fn to_string(v: Value) -> String {
    let p = unsafe { LLVMPrintValueToString(v) };
    let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().trim().to_string();
    unsafe { LLVMDisposeMessage(p) };
    match s.find(", !") {
        Some(k) => s[..k].to_string(),
        None => s,
    }
}

pub fn is_argument(v: Value) -> bool {
    !unsafe { LLVMIsAArgument(v) }.is_null()
}

/// Whether `v` is a constant whose bytes are all zero (`0`, `0.0f`, a null pointer).
pub fn is_null_value(v: Value) -> bool {
    !unsafe { LLVMIsAConstant(v) }.is_null() && unsafe { LLVMIsNull(v) } != 0
}

pub fn is_global(v: Value) -> bool {
    !unsafe { LLVMIsAGlobalVariable(v) }.is_null()
}

/// Whether `v` is a global variable marked constant (`static const` data): writing it is
/// undefined behaviour.
pub fn is_constant_global(v: Value) -> bool {
    is_global(v) && unsafe { LLVMIsGlobalConstant(v) } != 0
}

pub fn is_constant(v: Value) -> bool {
    !unsafe { LLVMIsAConstant(v) }.is_null()
}

pub fn is_phi(v: Value) -> bool {
    opcode(v) == Some(LLVMOpcode::LLVMPHI)
}

/// The integer value of a constant integer of at most 64 bits.
pub fn const_int(v: Value) -> Option<i64> {
    if unsafe { LLVMIsAConstantInt(v) }.is_null() {
        return None;
    }
    let bits = unsafe { LLVMGetIntTypeWidth(LLVMTypeOf(v)) };
    if bits > 64 {
        return None;
    }
    Some(unsafe { LLVMConstIntGetSExtValue(v) })
}

/// The value of a floating-point constant (exact for `float` and `double`).
pub fn const_float(v: Value) -> Option<f64> {
    if unsafe { LLVMIsAConstantFP(v) }.is_null() {
        return None;
    }
    let mut loses = 0;
    let x = unsafe { LLVMConstRealGetDouble(v, &mut loses) };
    (loses == 0).then_some(x)
}

pub fn scalar_type_of(ty: LLVMTypeRef) -> Option<ScalarType> {
    match unsafe { LLVMGetTypeKind(ty) } {
        LLVMTypeKind::LLVMFloatTypeKind => Some(ScalarType::F32),
        LLVMTypeKind::LLVMDoubleTypeKind => Some(ScalarType::F64),
        LLVMTypeKind::LLVMIntegerTypeKind => ScalarType::integer(unsafe { LLVMGetIntTypeWidth(ty) }),
        _ => None,
    }
}

pub fn value_type(v: Value) -> Option<ScalarType> {
    scalar_type_of(unsafe { LLVMTypeOf(v) })
}

pub fn is_pointer(v: Value) -> bool {
    (unsafe { LLVMGetTypeKind(LLVMTypeOf(v)) }) == LLVMTypeKind::LLVMPointerTypeKind
}

pub fn is_integer(v: Value) -> bool {
    (unsafe { LLVMGetTypeKind(LLVMTypeOf(v)) }) == LLVMTypeKind::LLVMIntegerTypeKind
}

/// Name of the function a call (or invoke) instruction calls directly.
pub fn called_function_name(call: Value) -> Option<String> {
    if unsafe { LLVMIsACallInst(call) }.is_null() && unsafe { LLVMIsAInvokeInst(call) }.is_null() {
        return None;
    }
    let callee = unsafe { LLVMGetCalledValue(call) };
    if callee.is_null() || unsafe { LLVMIsAFunction(callee) }.is_null() {
        return None;
    }
    Some(name(callee))
}

/// The first of `readnone nounwind willreturn` that a direct call lacks, on the call and on
/// its function; `None` when it has them all: it neither touches memory, throws nor runs
/// forever (C's `__attribute__((const))`, or what LLVM inferred). Such a call may be
/// recomputed and dropped as freely as an arithmetic operation, the condition under which
/// LLVM itself deletes or speculates a call. An indirect call lacks `readnone`.
pub fn missing_memoryless_attribute(call: Value) -> Option<&'static str> {
    if called_function_name(call).is_none() {
        return Some("readnone");
    }
    ["readnone", "nounwind", "willreturn"].into_iter().find(|attribute| !call_has_attribute(call, attribute))
}

/// Whether a direct call or the function it calls has the function attribute `attribute`.
pub fn call_has_attribute(call: Value, attribute: &str) -> bool {
    let callee = unsafe { LLVMGetCalledValue(call) };
    let kind = unsafe { LLVMGetEnumAttributeKindForName(attribute.as_ptr().cast(), attribute.len()) };
    let index = llvm_sys::LLVMAttributeFunctionIndex;
    let on_call = unsafe { LLVMGetCallSiteEnumAttribute(call, index, kind) };
    let on_function = !callee.is_null() && !unsafe { LLVMIsAFunction(callee) }.is_null()
        && !unsafe { LLVMGetEnumAttributeAtIndex(callee, index, kind) }.is_null();
    !on_call.is_null() || on_function
}

pub fn call_arguments(call: Value) -> Vec<Value> {
    if unsafe { LLVMIsACallInst(call) }.is_null() {
        return Vec::new();
    }
    let n = unsafe { LLVMGetNumArgOperands(call) };
    (0..n).map(|i| operand(call, i)).collect()
}

/// Incoming (value, block) pairs of a phi.
pub fn phi_incoming(phi: Value) -> Vec<(Value, Block)> {
    llvm_raw::phi(phi).get_incomings().map(|(v, b)| (v.as_value_ref(), b.as_mut_ptr())).collect()
}

/// Integer comparison predicate of an `icmp`.
pub fn icmp_predicate(inst: Value) -> llvm_sys::LLVMIntPredicate {
    unsafe { LLVMGetICmpPredicate(inst) }
}

pub fn fcmp_predicate(inst: Value) -> llvm_sys::LLVMRealPredicate {
    unsafe { LLVMGetFCmpPredicate(inst) }
}

/// Size in bytes of the type a load reads or a store writes.
pub fn accessed_type(inst: Value) -> Option<ScalarType> {
    match opcode(inst)? {
        LLVMOpcode::LLVMLoad => value_type(inst),
        LLVMOpcode::LLVMStore => value_type(operand(inst, 0)),
        _ => None,
    }
}

/// The pointer operand of a load or store.
pub fn pointer_operand(inst: Value) -> Option<Value> {
    match opcode(inst)? {
        LLVMOpcode::LLVMLoad => Some(operand(inst, 0)),
        LLVMOpcode::LLVMStore => Some(operand(inst, 1)),
        _ => None,
    }
}

/// Whether a load or store is volatile (false for other instructions).
pub fn is_volatile(inst: Value) -> bool {
    llvm_raw::instruction(inst).get_volatile().unwrap_or(false)
}

pub fn location(inst: Value) -> Option<SourceLocation> {
    let (file, line, column) = crate::bridge::debug_location(inst)?;
    Some(SourceLocation { file, line, column })
}

/// All users of a value.
pub fn users(v: Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut u = unsafe { LLVMGetFirstUse(v) };
    while !u.is_null() {
        out.push(unsafe { LLVMGetUser(u) });
        u = unsafe { LLVMGetNextUse(u) };
    }
    out
}

pub fn function_name(f: Value) -> String {
    name(f)
}

pub fn is_gep(v: Value) -> bool {
    !unsafe { LLVMIsAGetElementPtrInst(v) }.is_null()
}

/// The value with bitcasts (instructions) removed.
pub fn strip_casts(mut v: Value) -> Value {
    while opcode(v) == Some(LLVMOpcode::LLVMBitCast) {
        v = operand(v, 0);
    }
    v
}

pub fn gep_source_element_type(gep: Value) -> LLVMTypeRef {
    unsafe { LLVMGetGEPSourceElementType(gep) }
}

/// The lengths of nested array types down to a scalar (`[64 x [128 x float]]` gives
/// [64, 128]); `None` if the innermost type is not a scalar.
pub fn array_lengths(mut ty: LLVMTypeRef) -> Option<Vec<u64>> {
    let mut out = Vec::new();
    while unsafe { LLVMGetTypeKind(ty) } == LLVMTypeKind::LLVMArrayTypeKind {
        out.push(unsafe { LLVMGetArrayLength(ty) } as u64);
        ty = unsafe { LLVMGetElementType(ty) };
    }
    scalar_type_of(ty)?;
    Some(out)
}

/// The file name of a debug-info scope (a subprogram), if any.
pub fn subprogram_file(scope: llvm_sys::prelude::LLVMMetadataRef) -> Option<String> {
    use llvm_sys::debuginfo::{LLVMDIFileGetFilename, LLVMDIScopeGetFile};
    let file = unsafe { LLVMDIScopeGetFile(scope) };
    if file.is_null() {
        return None;
    }
    let mut len = 0u32;
    let name = unsafe { LLVMDIFileGetFilename(file, &mut len) };
    if name.is_null() {
        return None;
    }
    // SAFETY: the name lives as long as the metadata; `len` bytes are valid.
    let bytes = unsafe { std::slice::from_raw_parts(name as *const u8, len as usize) };
    Some(String::from_utf8_lossy(bytes).into_owned())
}

/// For a phi whose incoming values (itself aside) are all loads of one address, the first of
/// them: the phis GVN makes of a field reloaded before a loop and inside it. Where nothing
/// writes the field, every incoming value is that load's value.
pub fn reloads_of_one_address(phi: Value) -> Option<Value> {
    let incoming: Vec<Value> = phi_incoming(phi).into_iter().map(|(v, _)| v).filter(|v| *v != phi).collect();
    let first = *incoming.first()?;
    let is_load = |v: Value| opcode(v) == Some(LLVMOpcode::LLVMLoad);
    (is_load(first) && incoming.iter().all(|&v| is_load(v) && operand(v, 0) == operand(first, 0))).then_some(first)
}

/// The width in bytes of the widest vector registers `function` is compiled for, from its
/// `target-features` (`-march=native` on an AVX-512 machine: 64), at most its
/// `prefer-vector-width` (`-mprefer-vector-width=256`: 32).
pub fn vector_bytes(function: Value) -> i64 {
    let Some(f) = llvm_raw::function(function) else { return 16 };
    let attribute = |key: &str| {
        f.get_string_attribute(inkwell::attributes::AttributeLoc::Function, key)
            .map(|a| a.get_string_value().to_string_lossy().into_owned())
    };
    let features = attribute("target-features").unwrap_or_default();
    let has = |feature: &str| features.split(',').any(|f| f == feature);
    let widest = if has("+avx512f") {
        64
    } else if has("+avx") {
        32
    } else {
        16
    };
    let preferred = attribute("prefer-vector-width").and_then(|bits| bits.parse::<i64>().ok()).map_or(widest, |bits| bits / 8);
    widest.min(preferred).max(16)
}
