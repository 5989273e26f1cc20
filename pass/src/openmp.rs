//! libomp's ABI for the parallel loops of generated code (paper 003, section 5.2), the calls
//! clang emits for `#pragma omp parallel for schedule(static)`:
//!
//! - `__kmpc_fork_call(loc, 1, outlined, context)` runs `outlined(&gtid, &btid, context)` on
//!   every thread of a team and returns when all are done;
//! - in the outlined function, `__kmpc_for_static_init_8(loc, gtid, kmp_sch_static, &last,
//!   &lower, &upper, &stride, step, 1)` narrows the inclusive bounds `[lower, upper]` to the
//!   thread's contiguous share of the iterations (leaving them crossed when it has none), and
//!   `__kmpc_for_static_fini(loc, gtid)` ends the work-sharing loop.
//!
//! The declarations reuse the module's (a file compiled with `-fopenmp` that has pragmas of
//! its own declares them, with `%struct.ident_t`); `ident_t` is `{ i32, i32 flags, i32, i32,
//! i8* source }` as in `kmp.h`. Nothing here is emitted unless a parallel loop is generated,
//! so code without one links as before.

use crate::ir_builder::{Built, IrBuilder, Val};
use inkwell::types::{BasicTypeEnum, PointerType};
use inkwell::values::{BasicValue, FunctionValue, PointerValue};
use inkwell::AddressSpace;

/// `KMP_IDENT_KMPC`: the location is a `kmpc` entry point's.
const IDENT_KMPC: i32 = 0x02;
/// `KMP_IDENT_WORK_LOOP`: the location is a work-sharing loop's.
const IDENT_WORK_LOOP: i32 = 0x200;
/// `kmp_sch_static`: equal contiguous shares, no chunk.
const SCHEDULE_STATIC: i64 = 34;

/// The runtime's entry points and the two locations the calls pass.
pub struct Runtime<'ctx> {
    fork_location: PointerValue<'ctx>,
    loop_location: PointerValue<'ctx>,
    fork_call: FunctionValue<'ctx>,
    static_init: FunctionValue<'ctx>,
    static_fini: FunctionValue<'ctx>,
    /// `void (i32*, i32*, ...)*`, the type `__kmpc_fork_call` takes the outlined function as.
    microtask: PointerType<'ctx>,
}

impl<'ctx> Runtime<'ctx> {
    /// Declares what is missing in the module of `ir`.
    pub fn declare(ir: &IrBuilder<'ctx>) -> Self {
        let c = &ir.context;
        let (i32t, i64t, i8_ptr) = (c.i32_type(), c.i64_type(), ir.i8_ptr());
        let ident = ir.named_struct("struct.ident_t", &[i32t.into(), i32t.into(), i32t.into(), i32t.into(), i8_ptr.into()]);
        let ident_ptr: BasicTypeEnum = ident.ptr_type(AddressSpace::default()).into();
        let i32_ptr: BasicTypeEnum = i32t.ptr_type(AddressSpace::default()).into();
        let i64_ptr: BasicTypeEnum = i64t.ptr_type(AddressSpace::default()).into();
        let microtask = c.void_type().fn_type(&[i32_ptr.into(), i32_ptr.into()], true).ptr_type(AddressSpace::default());
        let source = c.const_string(b";unknown;unknown;0;0;;", true);
        let source = ir.private_constant("polyprop.omp.source", source.as_basic_value_enum()).const_cast(i8_ptr);
        let location = |name: &str, flags: i32| {
            let fields = [
                i32t.const_zero().into(),
                i32t.const_int(flags as u64, false).into(),
                i32t.const_zero().into(),
                i32t.const_zero().into(),
                source.into(),
            ];
            ir.private_constant(name, ident.const_named_struct(&fields).into())
        };
        Runtime {
            fork_location: location("polyprop.omp.fork", IDENT_KMPC),
            loop_location: location("polyprop.omp.loop", IDENT_KMPC | IDENT_WORK_LOOP),
            fork_call: ir.variadic_function("__kmpc_fork_call", &[ident_ptr, i32t.into(), microtask.into()]),
            static_init: ir.function(
                "__kmpc_for_static_init_8",
                None,
                &[ident_ptr, i32t.into(), i32t.into(), i32_ptr, i64_ptr, i64_ptr, i64_ptr, i64t.into(), i64t.into()],
            ),
            static_fini: ir.function("__kmpc_for_static_fini", None, &[ident_ptr, i32t.into()]),
            microtask,
        }
    }

    /// `__kmpc_fork_call(loc, 1, outlined, context)`.
    pub fn fork(&self, ir: &IrBuilder<'ctx>, outlined: FunctionValue<'ctx>, context: Val<'ctx>) -> Built<()> {
        let task = outlined.as_global_value().as_pointer_value().const_cast(self.microtask);
        let one = ir.context.i32_type().const_int(1, false);
        ir.call_variadic(self.fork_call, &[self.fork_location.into(), one.into(), task.into(), context])
    }

    /// Narrows `[*lower, *upper]` (inclusive, `i64` slots) to the share of thread `gtid`.
    pub fn static_init(&self, ir: &IrBuilder<'ctx>, gtid: Val<'ctx>, slots: &LoopSlots<'ctx>, step: i64) -> Built<()> {
        let i32t = ir.context.i32_type();
        let args = [
            self.loop_location.into(),
            gtid,
            i32t.const_int(SCHEDULE_STATIC as u64, false).into(),
            slots.last,
            slots.lower,
            slots.upper,
            slots.stride,
            ir.int(step),
            ir.int(1),
        ];
        ir.call_fitted(self.static_init, &args)
    }

    pub fn static_fini(&self, ir: &IrBuilder<'ctx>, gtid: Val<'ctx>) -> Built<()> {
        ir.call_fitted(self.static_fini, &[self.loop_location.into(), gtid])
    }
}

/// The slots `__kmpc_for_static_init_8` reads and writes, in the outlined function's entry.
pub struct LoopSlots<'ctx> {
    pub last: Val<'ctx>,
    pub lower: Val<'ctx>,
    pub upper: Val<'ctx>,
    pub stride: Val<'ctx>,
}

impl<'ctx> LoopSlots<'ctx> {
    pub fn new(ir: &IrBuilder<'ctx>, function: FunctionValue<'ctx>) -> Built<Self> {
        let (i32t, i64t) = (ir.context.i32_type().into(), ir.i64().into());
        Ok(LoopSlots {
            last: ir.entry_alloca(function, i32t, "polyprop.omp.last")?,
            lower: ir.entry_alloca(function, i64t, "polyprop.omp.lower")?,
            upper: ir.entry_alloca(function, i64t, "polyprop.omp.upper")?,
            stride: ir.entry_alloca(function, i64t, "polyprop.omp.stride")?,
        })
    }
}
