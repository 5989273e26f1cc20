//! The run-time check of a row-pointer table (`float **w` read as `w[k][j]`;
//! `polyhedral::model::Array::row_pointers`), issue 15's first speculation from a profile.
//!
//! The model takes the rows `w[first..=last]` for one two-dimensional array, whose element
//! `[k][j]` lies at `w[k] + j`. That is exact when the rows' accessed byte ranges
//! `[w[k] + lo, w[k] + hi)` do not overlap: then distinct subscripts are distinct bytes, and
//! the rows together lie in their hull `[w[first] + lo, w[last] + hi)`, which the ordinary
//! range checks compare with every other array. One pass over the table checks it in O(rows)
//! where the rows ascend, as a loop of `malloc`s or one block cut into rows lays them out;
//! rows in another order fail the check and the original code runs. Ascending rows apart,
//! the hull is the first row's start and the last row's end.
//!
//! The pass is one internal function of the module, `polyprop.rows`, called from the check:
//! the check stays straight-line code in the block it starts in (a nest's preheader), and the
//! table is read only when the region has rows (`first <= last`), as the source reads it.

use crate::ir_builder::{Built, IrBuilder, Val};
use inkwell::values::FunctionValue;
use inkwell::{AddressSpace, IntPredicate};
use polyhedral::model::WrapFlags;

const NAME: &str = "polyprop.rows";

/// `i1 polyprop.rows(i8** table, i64 first, i64 last, i64 stride, i64 lo, i64 hi, i64* hull)`:
/// whether the rows `table[first]`, `table[first + stride]`, ... up to `table[last]`, each
/// accessed at bytes `[row + lo, row + hi)`, ascend without overlapping; their hull in
/// `hull[0..2]` (`[0, 0)` for no rows). The stride skips what lies between row pointers (a
/// `std::vector` row's end and capacity: `Array::row_stride`). Defined in the
/// module of `ir` at its first use, `noinline` (one call per table and region, whose cost
/// profilers can tell apart from the region's), for the target `like` is compiled for (so
/// that the loop is vectorized as the source's are).
pub fn function<'ctx>(ir: &IrBuilder<'ctx>, like: FunctionValue<'ctx>) -> Built<FunctionValue<'ctx>> {
    if let Some(f) = ir.module_function(NAME) {
        return Ok(f);
    }
    let i64t = ir.i64();
    let table_ty = ir.i8_ptr().ptr_type(AddressSpace::default());
    let hull_ty = i64t.ptr_type(AddressSpace::default());
    let params = [table_ty.into(), i64t.into(), i64t.into(), i64t.into(), i64t.into(), i64t.into(), hull_ty.into()];
    let f = ir.check_function(NAME, Some(ir.i1().into()), &params, like);
    define(&IrBuilder::new(f), f)?;
    Ok(f)
}

/// The body: `table[k] + lo >= table[k - 1] + hi` for every row after the first, that is
/// the narrowest gap `table[k] - table[k - 1]` at least `hi - lo`: one minimum over the table
/// without an early exit (LLVM vectorizes it as a `smin` reduction, one compare per 8 rows
/// with AVX-512: fewer instructions than a verdict per row or-ed as bytes, though on
/// backprop's tables the time is the table's reading either way), then the hull from the
/// first and the last row. Addresses and gaps are signed 64-bit: user-space addresses are
/// below 2^47, so no difference wraps.
fn define<'ctx>(ir: &IrBuilder<'ctx>, f: FunctionValue<'ctx>) -> Built<()> {
    let p = |k: u32| -> Built<Val<'ctx>> { f.get_nth_param(k).ok_or_else(|| "internal error: polyprop.rows parameters".to_string()) };
    let (table, first, last, stride, lo, hi, hull) = (p(0)?, p(1)?, p(2)?, p(3)?, p(4)?, p(5)?, p(6)?);
    let entry = ir.append_block(f, "entry");
    let rows = ir.append_block(f, "rows");
    let row = ir.append_block(f, "row");
    let done = ir.append_block(f, "done");
    let empty = ir.append_block(f, "empty");
    let widest = ir.int(i64::MAX);

    ir.position_at_end(entry);
    let hull_end = ir.element_pointer(hull, ir.int(1))?;
    let no_rows = ir.icmp(IntPredicate::SGT, first, last)?;
    ir.cond_br(no_rows, empty, rows)?;

    ir.position_at_end(rows);
    let more = ir.icmp(IntPredicate::SLT, first, last)?;
    let second = ir.add(first, stride)?;
    ir.cond_br(more, row, done)?;

    ir.position_at_end(row);
    let k = ir.phi(ir.i64().into(), "k")?;
    let narrowest = ir.phi(ir.i64().into(), "narrowest")?;
    let k_value = k.as_basic_value();
    let gap = ir.sub(row_address(ir, table, k_value)?, row_address(ir, table, ir.sub(k_value, stride)?)?)?;
    let narrower = ir.icmp(IntPredicate::SLT, gap, narrowest.as_basic_value())?;
    let narrowest_next = ir.select(narrower, gap, narrowest.as_basic_value())?;
    // No wrap: `k < last`, an index into the table; so the loop's trip count is known.
    let k_next = ir.wrap_flags(ir.add(k_value, stride)?, WrapFlags { nsw: true, ..WrapFlags::NONE });
    let again = ir.icmp(IntPredicate::SLE, k_next, last)?;
    ir.cond_br(again, row, done)?;
    k.add_incoming(&[(&second, rows), (&k_next, row)]);
    narrowest.add_incoming(&[(&widest, rows), (&narrowest_next, row)]);

    ir.position_at_end(done);
    let found = ir.phi(ir.i64().into(), "found")?;
    found.add_incoming(&[(&widest, rows), (&narrowest_next, row)]);
    ir.store(row_bytes(ir, table, first, lo)?, hull)?;
    ir.store(row_bytes(ir, table, last, hi)?, hull_end)?;
    let apart = ir.icmp(IntPredicate::SGE, found.as_basic_value(), ir.sub(hi, lo)?)?;
    ir.ret(Some(apart))?;

    ir.position_at_end(empty);
    ir.store(ir.int(0), hull)?;
    ir.store(ir.int(0), hull_end)?;
    ir.ret(Some(ir.i1().const_int(1, false).into()))
}

/// `table[k]` as an integer address plus `bytes`.
fn row_bytes<'ctx>(ir: &IrBuilder<'ctx>, table: Val<'ctx>, k: Val<'ctx>, bytes: Val<'ctx>) -> Built<Val<'ctx>> {
    ir.add(row_address(ir, table, k)?, bytes)
}

/// `table[k]` as an integer address.
fn row_address<'ctx>(ir: &IrBuilder<'ctx>, table: Val<'ctx>, k: Val<'ctx>) -> Built<Val<'ctx>> {
    let (row, _) = ir.load(ir.element_pointer(table, k)?)?;
    ir.ptr_to_int(row)
}
