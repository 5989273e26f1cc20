//! Narrow lookup tables stored as 32-bit integers (ours).
//!
//! A temporary array of 8- or 16-bit integers that is read only at data-dependent subscripts
//! (a gather: camera pipe's 65536-entry tone curve, `curve[clamp(corrected, 0, 65535)]`) keeps
//! each loop that reads it scalar on x86, which has gathers of 32- and 64-bit elements only;
//! the recomputation heuristic then keeps every stage whose value reaches such a gather
//! (`location::recomputed_into_scalar_code`). Stored as 32-bit elements, zero-extended when
//! written and truncated when read, the table gives every reader the bits it gave before,
//! and its readers gather 32-bit elements, which LLVM vectorizes.
//!
//! Only tables the caller can allocate four (or two) times larger qualify
//! (`Options::allocated_by_size`: allocated by size in the SCoP's function), with affine writes and
//! no affine read (those would read 32-bit words where the source read bytes: a row copy of
//! the table stays as it was).

use polyhedral::model::{Access, ArrayId, CastOp, Expr, Liveness, ScalarType, Scop};

/// `scop` with the qualifying tables among `allocated_by_size` stored as 32-bit elements, and their
/// ids; `None` when none qualifies.
pub fn widen_gathered_tables(scop: &Scop, allocated_by_size: &[ArrayId]) -> Option<(Scop, Vec<ArrayId>)> {
    let tables: Vec<ArrayId> = allocated_by_size.iter().copied().filter(|&a| is_gathered_table(scop, a)).collect();
    if tables.is_empty() {
        return None;
    }
    let mut widened = scop.clone();
    for &table in &tables {
        let narrow = scop.arrays[table].element;
        widened.arrays[table].element = ScalarType::I32;
        for stmt in &mut widened.statements {
            if stmt.write.array == table {
                stmt.value = Expr::Cast(CastOp::ZExt, ScalarType::I32, Box::new(std::mem::replace(&mut stmt.value, Expr::Iterator(0))));
            }
            for e in stmt.expressions_mut() {
                truncated_reads(e, table, narrow);
            }
        }
    }
    Some((widened, tables))
}

/// A temporary array of 8- or 16-bit integers, written at affine subscripts and read only at
/// data-dependent ones.
fn is_gathered_table(scop: &Scop, table: ArrayId) -> bool {
    let array = &scop.arrays[table];
    if array.is_scalar() || array.row_pointers || array.liveness != Liveness::Temporary || !matches!(array.element, ScalarType::I8 | ScalarType::I16) {
        return false;
    }
    let writes: Vec<&Access> = scop.statements.iter().map(|s| &s.write).filter(|w| w.array == table).collect();
    let reads: Vec<&Access> = scop.statements.iter().flat_map(|s| s.reads()).filter(|r| r.array == table).collect();
    !writes.is_empty() && writes.iter().all(|w| !w.is_may()) && !reads.is_empty() && reads.iter().all(|r| r.is_may())
}

/// Every read of `table` in `e`, its data-dependent subscripts included, truncated to `narrow`.
fn truncated_reads(e: &mut Expr, table: ArrayId, narrow: ScalarType) {
    match e {
        Expr::Read(access) => {
            for subscript in access.data.0.iter_mut().flatten() {
                truncated_reads(subscript, table, narrow);
            }
            if access.array == table {
                let read = std::mem::replace(e, Expr::Iterator(0));
                *e = Expr::Cast(CastOp::Trunc, narrow, Box::new(read));
            }
        }
        Expr::Unary(_, x) | Expr::Cast(_, _, x) => truncated_reads(x, table, narrow),
        Expr::Binary(_, x, y, _) | Expr::Compare(_, x, y) => {
            truncated_reads(x, table, narrow);
            truncated_reads(y, table, narrow);
        }
        Expr::Select(c, x, y) => {
            truncated_reads(c, table, narrow);
            truncated_reads(x, table, narrow);
            truncated_reads(y, table, narrow);
        }
        Expr::Call(_, _, args) => args.iter_mut().for_each(|a| truncated_reads(a, table, narrow)),
        Expr::Constant(_) | Expr::Iterator(_) | Expr::Parameter(_) | Expr::External(_) => {}
    }
}
