//! The distinct subtrees of one statement instance's value, each emitted once (compile time;
//! not in the papers).
//!
//! The model's value is a tree, and propagation copies a producer's expression into every
//! read of it: camera pipe's output statements hold tens of thousands of nodes of which a few
//! thousand are distinct, and its generated function had 41,000 instructions that LLVM's
//! EarlyCSE then merged into 2,000. Emitting each distinct subtree once per instance, as that
//! merge would, spares building the copies and every LLVM pass that runs before it.
//!
//! A value is reused only in the block it was emitted in, earlier: it dominates the reuse. The
//! emitter forgets every value at each statement instance (`Emitter::begin_statement`), so no
//! store lies between a read and its reuse: a statement stores once, after its value.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use inkwell::basic_block::BasicBlock;
use polyhedral::model::{Access, Constant, Expr};

use crate::ir_builder::Val;

/// The values emitted for the current statement instance, by subtree.
#[derive(Default)]
pub(super) struct Subtrees<'a, 'ctx> {
    /// Each node's hash, by address: computed once per node (a node's hash covers its
    /// subtree). Only an identity, never read through: a match is confirmed by `same_tree`.
    hashes: HashMap<*const Expr, u64>,
    values: HashMap<u64, Vec<(&'a Expr, BasicBlock<'ctx>, Val<'ctx>)>>,
}

impl<'a, 'ctx> Subtrees<'a, 'ctx> {
    pub(super) fn clear(&mut self) {
        self.hashes.clear();
        self.values.clear();
    }

    /// The value of a subtree equal to `e` emitted earlier in `block`.
    pub(super) fn find(&mut self, e: &'a Expr, block: BasicBlock<'ctx>) -> Option<Val<'ctx>> {
        let hash = self.hash(e);
        let found = self.values.get(&hash)?.iter().find(|(x, b, _)| *b == block && same_tree(x, e));
        found.map(|&(_, _, v)| v)
    }

    /// Keeps `value`, emitted for `e` and defined in `block`.
    pub(super) fn keep(&mut self, e: &'a Expr, block: BasicBlock<'ctx>, value: Val<'ctx>) {
        let hash = self.hash(e);
        self.values.entry(hash).or_default().push((e, block, value));
    }

    fn hash(&mut self, e: &Expr) -> u64 {
        if let Some(&h) = self.hashes.get(&(e as *const Expr)) {
            return h;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::mem::discriminant(e).hash(&mut h);
        match e {
            Expr::Constant(c) => constant_bits(c).hash(&mut h),
            Expr::Read(access) => {
                (access.array, &access.subscripts).hash(&mut h);
                for d in access.data.0.iter().flatten() {
                    self.hash(d).hash(&mut h);
                }
            }
            Expr::Iterator(k) | Expr::Parameter(k) | Expr::External(k) => k.hash(&mut h),
            Expr::Unary(op, x) => (op, self.hash(x)).hash(&mut h),
            Expr::Binary(op, x, y, flags) => (op, flags, self.hash(x), self.hash(y)).hash(&mut h),
            Expr::Compare(p, x, y) => (p, self.hash(x), self.hash(y)).hash(&mut h),
            Expr::Select(c, x, y) => (self.hash(c), self.hash(x), self.hash(y)).hash(&mut h),
            Expr::Cast(op, t, x) => (op, t, self.hash(x)).hash(&mut h),
            Expr::Call(callee, t, args) => {
                (callee, t).hash(&mut h);
                for a in args {
                    self.hash(a).hash(&mut h);
                }
            }
        }
        let h = h.finish();
        self.hashes.insert(e as *const Expr, h);
        h
    }
}

/// A constant's type and bits: `-0.0` and `0.0` differ.
fn constant_bits(c: &Constant) -> (polyhedral::model::ScalarType, u64) {
    match c {
        Constant::Int(v, t) => (*t, *v as u64),
        Constant::Float(v, t) => (*t, v.to_bits()),
    }
}

/// Whether `a` and `b` are the same tree, constants compared by their bits (`Expr`'s `==`
/// takes `-0.0` for `0.0`, whose products differ in sign).
pub(super) fn same_tree(a: &Expr, b: &Expr) -> bool {
    let same = |x: &Expr, y: &Expr| same_tree(x, y);
    match (a, b) {
        (Expr::Constant(x), Expr::Constant(y)) => constant_bits(x) == constant_bits(y),
        (Expr::Read(x), Expr::Read(y)) => same_access(x, y),
        (Expr::Iterator(x), Expr::Iterator(y)) | (Expr::Parameter(x), Expr::Parameter(y)) | (Expr::External(x), Expr::External(y)) => x == y,
        (Expr::Unary(o1, x1), Expr::Unary(o2, x2)) => o1 == o2 && same(x1, x2),
        (Expr::Binary(o1, x1, y1, f1), Expr::Binary(o2, x2, y2, f2)) => o1 == o2 && f1 == f2 && same(x1, x2) && same(y1, y2),
        (Expr::Compare(p1, x1, y1), Expr::Compare(p2, x2, y2)) => p1 == p2 && same(x1, x2) && same(y1, y2),
        (Expr::Select(c1, x1, y1), Expr::Select(c2, x2, y2)) => same(c1, c2) && same(x1, x2) && same(y1, y2),
        (Expr::Cast(o1, t1, x1), Expr::Cast(o2, t2, x2)) => o1 == o2 && t1 == t2 && same(x1, x2),
        (Expr::Call(f1, t1, a1), Expr::Call(f2, t2, a2)) => f1 == f2 && t1 == t2 && a1.len() == a2.len() && a1.iter().zip(a2).all(|(x, y)| same(x, y)),
        _ => false,
    }
}

fn same_access(x: &Access, y: &Access) -> bool {
    x.array == y.array
        && x.subscripts == y.subscripts
        && x.data.0.len() == y.data.0.len()
        && x.data.0.iter().zip(&y.data.0).all(|(a, b)| match (a, b) {
            (Some(a), Some(b)) => same_tree(a, b),
            (None, None) => true,
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyhedral::model::{BinaryOp, ScalarType, WrapFlags};

    fn times(x: Expr, c: f64) -> Expr {
        Expr::Binary(BinaryOp::FMul, Box::new(x), Box::new(Expr::Constant(Constant::Float(c, ScalarType::F32))), WrapFlags::default())
    }

    #[test]
    fn equal_trees_are_the_same_and_signed_zeros_are_not() {
        let read = |i: i64| Expr::Read(Access::affine(0, vec![polyhedral::affine::AffExpr::iter(0).add(&polyhedral::affine::AffExpr::constant(i)).unwrap()]));
        assert!(same_tree(&times(read(1), 0.5), &times(read(1), 0.5)));
        assert!(!same_tree(&times(read(1), 0.5), &times(read(2), 0.5)));
        assert_eq!(times(read(1), 0.0), times(read(1), -0.0), "Expr's == takes -0.0 for 0.0");
        assert!(!same_tree(&times(read(1), 0.0), &times(read(1), -0.0)));
        let mut subtrees = Subtrees::default();
        let (a, b) = (times(read(1), 0.0), times(read(1), -0.0));
        assert_ne!(subtrees.hash(&a), subtrees.hash(&b));
        let c = times(read(1), 0.0);
        assert_eq!(subtrees.hash(&a), subtrees.hash(&c));
    }
}
