//! What the source said about its instructions, kept in the generated code (issue 22):
//! fast-math flags, TBAA tags and debug locations.
//!
//! The model's expressions do not remember which source instruction each operation came
//! from (propagation merges expressions of several statements), so the region is summarized
//! instead, soundly: the fast-math flags that *every* floating-point operation of the region
//! carries (all of them under `-ffast-math`, none without), and per array the TBAA tag that
//! all its loads and stores carry, if they agree. Debug locations are per statement.

use crate::arrays::Arrays;
use crate::bridge;
use crate::ir::{self, Value};
use crate::ir_builder;
use crate::region::Region;
use llvm_sys::LLVMOpcode;

/// The summary of one region.
#[derive(Clone, Debug, Default)]
pub struct Fidelity {
    /// Fast-math flags (bits as `bridge::fast_math_flags`) on every floating-point operation
    /// of the region; 0 when some operation has none, or there is none.
    pub fast_math: u32,
    /// Per memory array: the `!tbaa` tag (metadata as a value) of all its accesses.
    pub tbaa: Vec<Option<Value>>,
}

/// Summarizes the region's instructions.
pub fn summarize(function: Value, region: &Region, arrays: &Arrays) -> Fidelity {
    let mut fast_math: Option<u32> = None;
    for &block in &region.blocks {
        for inst in ir::instructions(block) {
            if is_floating_point_operation(inst) {
                let flags = bridge::fast_math_flags(inst).unwrap_or(0);
                fast_math = Some(fast_math.map_or(flags, |f| f & flags));
            }
        }
    }
    let kind = ir_builder::metadata_kind(function, "tbaa");
    let mut tbaa: Vec<Option<Option<Value>>> = vec![None; arrays.arrays.len()];
    for (inst, access) in &arrays.access_of {
        let tag = ir_builder::metadata_of(*inst, kind);
        let seen = &mut tbaa[access.array];
        *seen = match *seen {
            None => Some(tag),
            Some(t) if t == tag => Some(t),
            Some(_) => Some(None),
        };
    }
    Fidelity { fast_math: fast_math.unwrap_or(0), tbaa: tbaa.into_iter().map(Option::flatten).collect() }
}

/// Arithmetic, comparisons and calls on floating-point values: what code generation emits
/// from statement values (phis and selects are not emitted from them, so they do not count).
fn is_floating_point_operation(inst: Value) -> bool {
    use LLVMOpcode::*;
    match ir::opcode(inst) {
        Some(LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem | LLVMFNeg | LLVMFCmp) => true,
        Some(LLVMCall) => bridge::fast_math_flags(inst).is_some(),
        _ => false,
    }
}
