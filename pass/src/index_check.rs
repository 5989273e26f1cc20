//! The run-time pass over an index array (`image[north[i] + rows * j]`;
//! `polyhedral::model::Array::index_range`), issue 15's check of index arrays.
//!
//! Where the profiled run executed an access through an index array, the model bounds its
//! subscript by the smallest and the largest element the SCoP reads from the index array:
//! two parameters, computed here in one pass over those elements (O(elements), as the issue
//! asks of a min/max scan) before the rest of the check uses them for the indexed array's
//! extent, its alias checks and the assumption that an inner subscript stays inside its
//! dimension. Where they do not hold, the original code runs.
//!
//! The pass is one internal function of the module per element width,
//! `polyprop.index_range.iN`, called from the check (straight-line code in the block it starts
//! in), reading the elements only when the region reads any.

use crate::ir_builder::{Built, IrBuilder, Val};
use inkwell::values::FunctionValue;
use inkwell::{AddressSpace, IntPredicate};
use polyhedral::model::{ScalarType, WrapFlags};

/// `void polyprop.index_range.iN(iN* elements, i64 first, i64 last, i64* range)`: the
/// smallest and the largest of `elements[first..=last]`, sign-extended, in `range[0..2]`
/// (`[0, -1]` for none). Defined in the module of `ir` at its first use, `noinline`, for the
/// target `like` is compiled for (so that the loop is vectorized as the source's are).
pub fn function<'ctx>(ir: &IrBuilder<'ctx>, like: FunctionValue<'ctx>, element: ScalarType) -> Built<FunctionValue<'ctx>> {
    let name = format!("polyprop.index_range.i{}", element.bits());
    if let Some(f) = ir.module_function(&name) {
        return Ok(f);
    }
    let i64t = ir.i64();
    let elements_ty = ir.pointer_to(ir.scalar(element));
    let range_ty = i64t.ptr_type(AddressSpace::default());
    let f = ir.check_function(&name, None, &[elements_ty.into(), i64t.into(), i64t.into(), range_ty.into()], like);
    define(&IrBuilder::new(f), f, element)?;
    Ok(f)
}

/// The body: one minimum and one maximum over the elements, without an early exit (LLVM
/// vectorizes both reductions).
fn define<'ctx>(ir: &IrBuilder<'ctx>, f: FunctionValue<'ctx>, element: ScalarType) -> Built<()> {
    let p = |k: u32| -> Built<Val<'ctx>> { f.get_nth_param(k).ok_or_else(|| "internal error: polyprop.index_range parameters".to_string()) };
    let (elements, first, last, range) = (p(0)?, p(1)?, p(2)?, p(3)?);
    let entry = ir.append_block(f, "entry");
    let element_block = ir.append_block(f, "element");
    let done = ir.append_block(f, "done");

    ir.position_at_end(entry);
    let range_max = ir.element_pointer(range, ir.int(1))?;
    let none = ir.icmp(IntPredicate::SGT, first, last)?;
    ir.cond_br(none, done, element_block)?;

    ir.position_at_end(element_block);
    let k = ir.phi(ir.i64().into(), "k")?;
    let smallest = ir.phi(ir.i64().into(), "smallest")?;
    let largest = ir.phi(ir.i64().into(), "largest")?;
    let (value, _) = ir.load(ir.element_pointer(elements, k.as_basic_value())?)?;
    let value = if element.bits() < 64 { ir.sext(value, ir.i64())? } else { value };
    let smaller = ir.icmp(IntPredicate::SLT, value, smallest.as_basic_value())?;
    let smallest_next = ir.select(smaller, value, smallest.as_basic_value())?;
    let larger = ir.icmp(IntPredicate::SGT, value, largest.as_basic_value())?;
    let largest_next = ir.select(larger, value, largest.as_basic_value())?;
    // No wrap: `k < last`, an index into the array; so the loop's trip count is known.
    let k_next = ir.wrap_flags(ir.add(k.as_basic_value(), ir.int(1))?, WrapFlags { nsw: true, ..WrapFlags::NONE });
    let again = ir.icmp(IntPredicate::SLE, k_next, last)?;
    ir.cond_br(again, element_block, done)?;
    k.add_incoming(&[(&first, entry), (&k_next, element_block)]);
    smallest.add_incoming(&[(&ir.int(i64::MAX), entry), (&smallest_next, element_block)]);
    largest.add_incoming(&[(&ir.int(i64::MIN), entry), (&largest_next, element_block)]);

    ir.position_at_end(done);
    let low = ir.phi(ir.i64().into(), "low")?;
    let high = ir.phi(ir.i64().into(), "high")?;
    low.add_incoming(&[(&ir.int(0), entry), (&smallest_next, element_block)]);
    high.add_incoming(&[(&ir.int(-1), entry), (&largest_next, element_block)]);
    ir.store(low.as_basic_value(), range)?;
    ir.store(high.as_basic_value(), range_max)?;
    ir.ret(None)
}
