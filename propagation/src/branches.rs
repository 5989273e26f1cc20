//! Branches on iterators inside a loop body, which propagating scalars splits away (paper
//! 003, section 3: statement splitting).
//!
//! C writes a border case as a branch: `north = r > 0 ? t[k - cols] : t` reads a neighbour only
//! inside the grid, and clang gives each side a block of its own (the load cannot be
//! speculated). The model has a statement per side, each writing the scalar on its part of the
//! loop's domain. Propagating the scalars splits their consumer along those parts (Figure 5):
//! the interior, where every side is known, becomes a statement of its own whose loop runs
//! without the branches, which LLVM then vectorizes (a Rodinia-style hotspot step: 2.33 ->
//! 1.90 ms at 2048 x 2048). Propagation removes no array there, so this split is what makes
//! such a SCoP worth generating.

use isl_rs::DimType;
use polyhedral::isl::{IslContext, IslResult};
use polyhedral::model::{Scop, Statement};

/// Whether some scalar of `scop` is written by two statements of one loop body: the sides of
/// a branch on the iterators.
pub fn has_branch_on_iterators(ctx: &IslContext, scop: &Scop) -> IslResult<bool> {
    let writers = |array: usize| scop.statements.iter().filter(move |s| s.write.array == array && !s.iterators.is_empty());
    for array in (0..scop.arrays.len()).filter(|&a| scop.arrays[a].is_scalar()) {
        let sides: Vec<&Statement> = writers(array).collect();
        for (k, first) in sides.iter().enumerate() {
            for second in &sides[k + 1..] {
                if same_body(ctx, first, second)? {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// Whether statements `a` and `b` lie in the same loop body: their schedules
/// (`{ S[i] -> [t0, ..., t2n] }`, section 2.2) agree as functions of the iterators on every
/// time dimension but the last, their positions in the body.
fn same_body(ctx: &IslContext, a: &Statement, b: &Statement) -> IslResult<bool> {
    if a.iterators.len() != b.iterators.len() {
        return Ok(false);
    }
    let loops = |s: &Statement| -> IslResult<isl_rs::Map> {
        let map = ctx.check(ctx.map(&s.schedule)?.set_tuple_name(DimType::In, "S"))?;
        let times = ctx.check(map.dim(DimType::Out))? as u32;
        ctx.check(map.project_out(DimType::Out, times - 1, 1))
    };
    ctx.check(loops(a)?.is_equal(&loops(b)?))
}
