//! The copies of an unrolled register tile emitted a vector register at a time (issue 17;
//! paper 003 §5.3: tiling, and code the machine runs well, decide the gain).
//!
//! `polyhedral::register_tiles` unrolls a full register tile into a block of statement
//! instances whose column argument grows by one from copy to copy: `S(i, k, c)`,
//! `S(i, k, c + 1)`, ..., `S(i, k, c + 47)`. Emitted one by one, each copy is a scalar load,
//! operation and store, and LLVM's SLP vectorizer finds the vectors again, after every pass
//! before it has walked all 192 copies of a 4 x 48 tile: MemorySSA, DSE, EarlyCSE and GVN took
//! most of the extra time of a rescheduled gemm's build (`-ftime-report`). Here a run of as
//! many copies of one statement as a vector register holds elements ([`VectorRun`]) is one
//! instance over vectors: a read whose element moves by one with the column is one vector
//! load; a subtree that does not depend on the column (gemm's `alpha * A[i][k]`) is computed
//! once, as the scalar code computes it, and broadcast; each operation is the same operation
//! lane by lane; the write is one vector store.
//!
//! Each lane computes what its copy computed, with the same operations on the same operands,
//! so results are bit-identical. The copies of a run run at once, every read before every
//! write; in the copies' order a copy would see what an earlier one wrote only through a read
//! of the array the statement writes at another element, so a run is taken only when every
//! such read is of the element its own copy writes (the accumulator `C[i][j]`).

use super::Emitter;
use crate::ir_builder::{Built, Val};
use polyhedral::affine::{AffExpr, AffVar};
use polyhedral::ast::{AstExpr, AstNode};
use polyhedral::model::{Access, Callee, Expr, Statement};

/// The narrowest vector register a run fills (SSE's).
const MIN_VECTOR_BYTES: i64 = 16;

/// `lanes` copies of statement `statement` at the head of a block's children, the first
/// with arguments `args`, the others with argument `column` one more at each copy.
pub(super) struct VectorRun<'n> {
    statement: usize,
    args: &'n [AstExpr],
    column: usize,
    pub(super) lanes: usize,
}

/// A value of the run: the same in every lane (computed once, as a scalar), or one per lane.
#[derive(Clone, Copy)]
enum Lanes<'ctx> {
    Same(Val<'ctx>),
    Each(Val<'ctx>),
}

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    /// The run of copies that starts `children`, if the statement can be emitted over vectors
    /// along its column argument (module documentation).
    pub(super) fn vector_run<'n>(&self, children: &'n [AstNode]) -> Option<VectorRun<'n>> {
        if self.plan.vector_bytes == 0 || !self.carried.borrow().is_empty() {
            return None;
        }
        let [AstNode::User { statement, args }, AstNode::User { statement: next, args: next_args }, ..] = children else { return None };
        let stmt = &self.plan.scop.statements[*statement];
        let bytes = i64::from(self.plan.scop.arrays[stmt.write.array].element.bits() / 8);
        if next != statement || next_args.len() != args.len() || bytes == 0 {
            return None;
        }
        let column = (0..args.len()).find(|&p| args[p] != next_args[p])?;
        let (base, first) = split_offset(&args[column]);
        let copy_of_first = |(m, child): (usize, &AstNode)| match child {
            AstNode::User { statement: s, args: a } if s == statement && a.len() == args.len() => {
                let (b, offset) = split_offset(&a[column]);
                b == base && offset == first + m as i64 && (0..args.len()).all(|p| p == column || a[p] == args[p])
            }
            _ => false,
        };
        let copies = children.iter().enumerate().take_while(|&c| copy_of_first(c)).count() as i64;
        // The widest register the copies fill, down to 16 bytes: a tile's last 8 columns of
        // `int`s fill half an AVX-512 register.
        let lanes = std::iter::successors(Some(self.plan.vector_bytes / bytes), |l| Some(l / 2)).find(|&l| l <= copies || l * bytes < MIN_VECTOR_BYTES)?;
        if lanes < 2 || lanes * bytes < MIN_VECTOR_BYTES || !along_columns(stmt, column, &self.plan.scop.arrays) {
            return None;
        }
        Some(VectorRun { statement: *statement, args, column, lanes: lanes as usize })
    }

    /// The copies of `run` as one instance over vectors, at the first copy's line.
    pub(super) fn vector_instance(&mut self, run: &VectorRun<'_>) -> Built<()> {
        let iters = self.enter_instance(run.statement, run.args)?;
        self.begin_statement(run.statement);
        let stmt = &self.plan.scop.statements[run.statement];
        let value = self.lanes(&stmt.value, &iters, run)?;
        let value = self.each(value, run.lanes)?;
        let address = self.vector_address(&stmt.write, &iters, run)?;
        let store = self.ir.store(value, address)?;
        self.ir.align(store, self.plan.scop.arrays[stmt.write.array].element.bits() / 8)?;
        self.memory_metadata(stmt.write.array, store)?;
        self.leave_instance();
        Ok(())
    }

    fn lanes(&self, e: &'a Expr, iters: &[Val<'ctx>], run: &VectorRun<'_>) -> Built<Lanes<'ctx>> {
        if !moves_with(e, run.column) {
            return Ok(Lanes::Same(self.expr(e, iters)?));
        }
        let each = |x: &'a Expr| -> Built<Val<'ctx>> { self.each(self.lanes(x, iters, run)?, run.lanes) };
        let value = match e {
            Expr::Read(access) => {
                let (value, load) = self.ir.load(self.vector_address(access, iters, run)?)?;
                let element = self.plan.scop.arrays[access.array].element.bits() / 8;
                self.ir.align(load, element)?;
                self.memory_metadata(access.array, load)?;
                value
            }
            Expr::Unary(polyhedral::model::UnaryOp::FNeg, x) => self.fast_math(self.ir.fneg(each(x)?)?),
            Expr::Binary(op, x, y, flags) => {
                let (x, y) = (each(x)?, each(y)?);
                self.binary(*op, x, y, *flags)?
            }
            Expr::Cast(op, t, x) => {
                let x = each(x)?;
                let to = self.ir.vector(self.ir.scalar(*t), run.lanes as u32)?;
                self.ir.cast(super::cast_opcode(*op), x, to.into())?
            }
            Expr::Call(Callee::Math(f), t, args) => {
                let name = super::math_intrinsic(*f).ok_or("internal error: vector call of a library function")?;
                let args = args.iter().map(|a| each(a)).collect::<Built<Vec<_>>>()?;
                let ty = self.ir.vector(self.ir.scalar(*t), run.lanes as u32)?;
                let decl = self.ir.intrinsic(name, &[ty.into()])?;
                self.fast_math(self.ir.call_value(decl, &args)?)
            }
            _ => return Err("internal error: operation over vectors that along_columns refused".into()),
        };
        Ok(Lanes::Each(value))
    }

    /// `value` as a vector of `lanes`: broadcast when it is the same in every lane.
    fn each(&self, value: Lanes<'ctx>, lanes: usize) -> Built<Val<'ctx>> {
        match value {
            Lanes::Same(v) => self.ir.splat(v, lanes as u32),
            Lanes::Each(v) => Ok(v),
        }
    }

    /// The address of the first copy's element of `access`, as a pointer to the run's vector.
    fn vector_address(&self, access: &'a Access, iters: &[Val<'ctx>], run: &VectorRun<'_>) -> Built<Val<'ctx>> {
        let element = self.ir.scalar(self.plan.scop.arrays[access.array].element);
        let vector = self.ir.vector(element, run.lanes as u32)?;
        self.ir.pointer_cast(self.address(access, iters)?, self.ir.pointer_to(vector.into()))
    }
}

/// An AST argument `e + c` as `(e, c)`; any other as `(a, 0)`.
fn split_offset(a: &AstExpr) -> (&AstExpr, i64) {
    super::constant_offset(a).unwrap_or((a, 0))
}

/// Whether `statement` runs over vectors along its iterator `column`: it has no guard; it
/// writes element after element of a memory array as the column grows (`contiguous`); every
/// read that moves with the column is contiguous as well, and every read of the written array
/// reads the written element; every operation that moves with the column exists over vectors.
fn along_columns(statement: &Statement, column: usize, arrays: &[polyhedral::model::Array]) -> bool {
    let write = &statement.write;
    statement.guard.is_none()
        && contiguous(write, column, arrays)
        && statement.value.reads().into_iter().all(|r| (r.array != write.array || r == write) && (!reads_with(r, column) || contiguous(r, column, arrays)))
        && vector_operations(&statement.value, column)
}

/// Whether `access` is to a memory array and moves by one element with `column`, along its
/// last subscript only.
fn contiguous(access: &Access, column: usize, arrays: &[polyhedral::model::Array]) -> bool {
    let Some((last, outer)) = access.subscripts.split_last() else { return false };
    !access.is_may()
        && !arrays[access.array].is_scalar()
        && outer.iter().all(|s| !s.uses_iterator(column))
        && unit_stride(last, column)
}

/// Whether `e` is `column + f` with `f` free of `column`.
fn unit_stride(e: &AffExpr, column: usize) -> bool {
    let mut direct = 0;
    for (v, k) in &e.terms {
        match v {
            AffVar::Iter(i) if *i == column => direct += k,
            AffVar::Iter(_) | AffVar::Param(_) => {}
            AffVar::FloorDiv(inner, _) if inner.uses_iterator(column) => return false,
            AffVar::Min(a, b) | AffVar::Max(a, b) if a.uses_iterator(column) || b.uses_iterator(column) => return false,
            _ => {}
        }
    }
    direct == 1
}

/// Whether the read `access` depends on `column` (an affine or data-dependent subscript).
fn reads_with(access: &Access, column: usize) -> bool {
    access.subscripts.iter().any(|s| s.uses_iterator(column)) || access.mixed_subscripts().iter().any(|s| s.as_ref().err().is_some_and(|e| moves_with(e, column)))
}

/// Whether the value of `e` differs between copies: it uses `column` or reads with it.
fn moves_with(e: &Expr, column: usize) -> bool {
    let mut moves = false;
    e.visit(&mut |x| match x {
        Expr::Iterator(k) => moves |= *k == column,
        Expr::Read(access) => moves |= reads_with(access, column),
        _ => {}
    });
    moves
}

/// Whether every subtree of `e` that moves with `column` is an operation that exists over
/// vectors: reads, arithmetic, casts, negation and the math intrinsics. The column's own value,
/// comparisons, selects and other calls keep their copies scalar.
fn vector_operations(e: &Expr, column: usize) -> bool {
    if !moves_with(e, column) {
        return true;
    }
    match e {
        Expr::Read(_) => true,
        Expr::Unary(_, x) | Expr::Cast(_, _, x) => vector_operations(x, column),
        Expr::Binary(_, x, y, _) => vector_operations(x, column) && vector_operations(y, column),
        Expr::Call(Callee::Math(f), _, args) => super::math_intrinsic(*f).is_some() && args.iter().all(|a| vector_operations(a, column)),
        _ => false,
    }
}
