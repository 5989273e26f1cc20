//! The run-time check of a row-pointer table (`float **w` read as `w[k][j]`;
//! `polyhedral::model::Array::row_pointers`), issue 15's first speculation from a profile.
//!
//! The model takes the rows `w[first..=last]` for one two-dimensional array, whose element
//! `[k][j]` lies at `w[k] + j`. That is exact when the rows' accessed byte ranges
//! `[w[k] + lo, w[k] + hi)` do not overlap: then distinct subscripts are distinct bytes, and
//! the rows together lie in their hull `[w[first] + lo, w[last] + hi)`, which the ordinary
//! range checks compare with every other array. One pass over the table checks it in O(rows)
//! where the rows ascend, as a loop of `malloc`s or one block cut into rows lays them out;
//! rows in another order fail the check and the original code runs.
//!
//! The pass is one internal function of the module, `polyprop.rows`, called from the check:
//! the check stays straight-line code in the block it starts in (a nest's preheader), and the
//! table is read only when the region has rows (`first <= last`), as the source reads it.

use crate::ir_builder::{Built, IrBuilder, Val};
use inkwell::module::Linkage;
use inkwell::values::FunctionValue;
use inkwell::{AddressSpace, IntPredicate};

const NAME: &str = "polyprop.rows";

/// `i1 polyprop.rows(i8** table, i64 first, i64 last, i64 lo, i64 hi, i64* hull)`: whether
/// the rows `table[first..=last]`, each accessed at bytes `[row + lo, row + hi)`, ascend
/// without overlapping; if so, their hull in `hull[0..2]` (`[0, 0)` for no rows). Defined in
/// the module of `ir` at its first use.
pub fn function<'ctx>(ir: &IrBuilder<'ctx>) -> Built<FunctionValue<'ctx>> {
    if let Some(f) = ir.module_function(NAME) {
        return Ok(f);
    }
    let i64t = ir.i64();
    let table_ty = ir.i8_ptr().ptr_type(AddressSpace::default());
    let hull_ty = i64t.ptr_type(AddressSpace::default());
    let f = ir.function(NAME, Some(ir.i1().into()), &[table_ty.into(), i64t.into(), i64t.into(), i64t.into(), i64t.into(), hull_ty.into()]);
    f.set_linkage(Linkage::Internal);
    define(&IrBuilder::new(f), f)?;
    Ok(f)
}

/// The body: rows are read from `first` on; each must start at or after the end of the one
/// before.
fn define<'ctx>(ir: &IrBuilder<'ctx>, f: FunctionValue<'ctx>) -> Built<()> {
    let p = |k: u32| -> Built<Val<'ctx>> { f.get_nth_param(k).ok_or_else(|| "internal error: polyprop.rows parameters".to_string()) };
    let (table, first, last, lo, hi, hull) = (p(0)?, p(1)?, p(2)?, p(3)?, p(4)?, p(5)?);
    let entry = ir.append_block(f, "entry");
    let start = ir.append_block(f, "start");
    let row = ir.append_block(f, "row");
    let next = ir.append_block(f, "next");
    let done = ir.append_block(f, "done");
    let overlap = ir.append_block(f, "overlap");
    let (yes, no) = (ir.i1().const_int(1, false).into(), ir.i1().const_int(0, false).into());

    ir.position_at_end(entry);
    let hull_end = ir.element_pointer(hull, ir.int(1))?;
    ir.store(ir.int(0), hull)?;
    ir.store(ir.int(0), hull_end)?;
    let no_rows = ir.icmp(IntPredicate::SGT, first, last)?;
    ir.cond_br(no_rows, done, start)?;

    // The first row's start: the hull's, and the bound the first row trivially meets.
    ir.position_at_end(start);
    let first_start = row_bytes(ir, table, first, lo)?;
    ir.store(first_start, hull)?;
    ir.br(row)?;

    ir.position_at_end(row);
    let k = ir.phi(ir.i64().into(), "k")?;
    let previous_end = ir.phi(ir.i64().into(), "previous_end")?;
    let k_value = k.as_basic_value();
    let row_start = row_bytes(ir, table, k_value, lo)?;
    let row_end = ir.add(ir.sub(row_start, lo)?, hi)?;
    let after = ir.icmp(IntPredicate::UGE, row_start, previous_end.as_basic_value())?;
    ir.cond_br(after, next, overlap)?;

    ir.position_at_end(next);
    let k_next = ir.add(k_value, ir.int(1))?;
    let more = ir.icmp(IntPredicate::SLE, k_next, last)?;
    ir.store(row_end, hull_end)?;
    ir.cond_br(more, row, done)?;
    k.add_incoming(&[(&first, start), (&k_next, next)]);
    previous_end.add_incoming(&[(&first_start, start), (&row_end, next)]);

    ir.position_at_end(done);
    ir.ret(Some(yes))?;
    ir.position_at_end(overlap);
    ir.ret(Some(no))
}

/// `table[k]` as an integer address plus `bytes`.
fn row_bytes<'ctx>(ir: &IrBuilder<'ctx>, table: Val<'ctx>, k: Val<'ctx>, bytes: Val<'ctx>) -> Built<Val<'ctx>> {
    let (row, _) = ir.load(ir.element_pointer(table, k)?)?;
    ir.add(ir.ptr_to_int(row)?, bytes)
}
