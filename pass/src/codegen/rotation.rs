//! Higher-order recurrences in generated loops (paper 003, §5.4, Figure 10).
//!
//! An innermost loop whose body is a sequence of statement instances without guards, with
//! affine arguments, carries the recurrence families of those statements
//! (`polyhedral::recurrences`): at each iteration the newest member is computed, and the
//! members at lower offsets are phis of the loop header, the values computed at earlier
//! iterations. Each phi takes the next one's value at the latch through a `freeze`, so that
//! every scalar is a first-order recurrence of an instruction: LLVM 14's loop vectorizer
//! vectorizes those, and refuses a phi of a phi (the paper extended the vectorizer instead).
//! Before the loop, under its own condition at the first iteration, the members at lower
//! offsets are computed once (the prologue).
//!
//! The operations and operands are those of the statements as written, so results are
//! bit-identical; `polyhedral::recurrences` states what makes that hold. A member must also
//! not read an array the body writes, which the loop changes between iterations.

use super::{Emitter, LoopBound};
use crate::ir_builder::{Built, Val};
use inkwell::basic_block::BasicBlock;
use inkwell::values::PhiValue;
use inkwell::IntPredicate;
use polyhedral::affine::AffExpr;
use polyhedral::ast::{AstExpr, AstNode};
use polyhedral::isl::IslContext;
use polyhedral::model::{Access, Expr};
use polyhedral::recurrences::{self, Family, LoopDomain, Member, Root};

/// What a loop carries: the families of the statement instances of its body.
pub(super) struct Rotation<'a> {
    /// The body's statement instances in order: statement and arguments.
    instances: Vec<(usize, Vec<AstExpr>)>,
    families: Vec<Family<'a>>,
}

impl Rotation<'_> {
    /// One line for `print=transform`: the statements, their carried scalars and the
    /// operations computed once instead of at each offset.
    pub(super) fn describe(&self, scop: &polyhedral::model::Scop) -> String {
        let names: Vec<&str> = self.instances.iter().map(|(k, _)| scop.statements[*k].name.as_str()).collect();
        let orders: Vec<String> = self.families.iter().map(|f| format!("{}x{}", f.order(), f.operations())).collect();
        format!("{}: {} recurrences (order x operations: {})", names.join(" "), self.families.len(), orders.join(" "))
    }
}

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    /// The recurrences a loop over `iterator` with body `body` carries, if any: the body is
    /// a sequence of statement instances without guards, whose arguments are affine.
    pub(super) fn rotation(&mut self, iterator: usize, step: i64, body: &AstNode) -> Option<Rotation<'a>> {
        if self.plan.recurrences == 0 {
            return None;
        }
        let plan: &'a super::Plan<'a> = self.plan;
        let mut instances = Vec::new();
        instance_sequence(body, &mut instances)?;
        let statements: Vec<&'a polyhedral::model::Statement> = instances.iter().map(|(k, _)| &plan.scop.statements[*k]).collect();
        if statements.iter().any(|s| s.guard.is_some() || s.write.is_may()) {
            return None;
        }
        let roots = instances
            .iter()
            .zip(&statements)
            .map(|((_, args), s)| Some(Root::new(&s.value, args.iter().map(ast_affine).collect::<Option<Vec<_>>>()?)))
            .collect::<Option<Vec<_>>>()?;
        let unconditional: Vec<Vec<Access>> = instances.iter().map(|(k, _)| self.unconditional_reads(*k)).collect();
        let eager = |root: usize, e: &Expr| super::evaluated_eagerly(e, &unconditional[root]);
        // The loop writes these between iterations: a member that reads one is recomputed.
        let written: Vec<usize> = statements.iter().map(|s| s.write.array).collect();
        // Clamped members are compared over the iterations of the first statement.
        let isl = IslContext::with_default_quota();
        let params = plan.scop.params.iter().map(|p| p.name.clone()).collect();
        let domain = LoopDomain::new(&isl, statements[0].domain.clone(), roots[0].iterators.clone(), plan.ast.iterators.clone(), params);
        let families: Vec<Family<'a>> = recurrences::families(&roots, iterator, step, &eager, self.plan.recurrences, Some(&domain))
            .into_iter()
            .filter(|f| f.members.iter().flatten().all(|m| m.expr.reads().iter().all(|r| !written.contains(&r.array))))
            .collect();
        let instances = instances.into_iter().map(|(k, args)| (k, args.to_vec())).collect();
        (!families.is_empty()).then_some(Rotation { instances, families })
    }

    /// Before the loop: a branch to `exit` unless its first iteration (`iterator = init`)
    /// runs, then the members below the newest at that iteration. Returns the block that
    /// enters the header and those values, per family.
    pub(super) fn prologue(
        &mut self,
        rotation: &Rotation<'a>,
        iterator: usize,
        init: Val<'ctx>,
        bound: &LoopBound<'_, 'ctx>,
        exit: BasicBlock<'ctx>,
    ) -> Built<(BasicBlock<'ctx>, Vec<Vec<Val<'ctx>>>)> {
        self.values.iterators[iterator] = Some(init);
        let runs = self.loop_condition(bound, init)?;
        let first = self.block("polyprop.recurrence.prologue");
        self.ir.cond_br(runs, first, exit)?;
        self.ir.position_at_end(first);
        let mut values = Vec::new();
        for family in &rotation.families {
            let older = family.members[..family.order()].iter().map(|m| self.member(rotation, m[0])).collect::<Built<Vec<_>>>()?;
            values.push(older);
        }
        self.values.iterators[iterator] = None;
        Ok((self.ir.insert_block()?, values))
    }

    /// The header's scalars, one per family and offset below the newest, entered with the
    /// prologue's values from `pre`.
    pub(super) fn carried_phis(&self, initial: &[Vec<Val<'ctx>>], pre: BasicBlock<'ctx>) -> Built<Vec<Vec<PhiValue<'ctx>>>> {
        initial
            .iter()
            .map(|values| {
                values
                    .iter()
                    .map(|v| {
                        let phi = self.ir.phi(v.get_type(), "polyprop.carried")?;
                        phi.add_incoming(&[(v, pre)]);
                        Ok(phi)
                    })
                    .collect()
            })
            .collect()
    }

    /// The loop's body: the newest members, then the statements with every member taken
    /// from its scalar. Returns the scalars' values for the next iteration.
    pub(super) fn rotated_body(&mut self, rotation: &Rotation<'a>, phis: &[Vec<PhiValue<'ctx>>]) -> Built<Vec<Vec<Val<'ctx>>>> {
        let newest = rotation.families.iter().map(|f| self.member(rotation, f.newest())).collect::<Built<Vec<_>>>()?;
        let mut next = Vec::new();
        let mut carried = Vec::new();
        for ((family, phis), &value) in rotation.families.iter().zip(phis).zip(&newest) {
            let mut values: Vec<Val<'ctx>> = phis.iter().map(|p| p.as_basic_value()).collect();
            values.push(value);
            for (members, &v) in family.members.iter().zip(&values) {
                carried.extend(members.iter().map(|m| (m.root, m.expr, v)));
            }
            // Each freeze after the one of the next scalar, which the vectorizer needs of a
            // recurrence's users: they follow the value it takes at the latch.
            let mut taken: Vec<Val<'ctx>> = values[1..phis.len()].iter().rev().map(|&v| self.ir.freeze(v)).collect();
            taken.reverse();
            taken.push(value);
            next.push(taken);
        }
        // Instances of one statement (a register tile's copies) share its expression: each
        // takes the values carried for its own members.
        let done = rotation.instances.iter().enumerate().try_for_each(|(root, (k, args))| {
            *self.carried.borrow_mut() = carried.iter().filter(|(r, _, _)| *r == root).map(|&(_, m, v)| (m, v)).collect();
            let iters = self.enter_instance(*k, args)?;
            let done = self.statement(*k, &iters);
            self.leave_instance();
            done
        });
        self.carried.borrow_mut().clear();
        done.map(|()| next)
    }

    /// The value of a member, with its statement's arguments where code is emitted now.
    fn member(&mut self, rotation: &Rotation<'a>, member: Member<'a>) -> Built<Val<'ctx>> {
        let (k, args) = &rotation.instances[member.root];
        let iters = self.enter_instance(*k, args)?;
        self.begin_statement(*k);
        let value = self.expr(member.expr, &iters);
        self.leave_instance();
        value
    }

    /// Whether the loop runs an iteration with its iterator at `value`.
    pub(super) fn loop_condition(&self, bound: &LoopBound<'_, 'ctx>, value: Val<'ctx>) -> Built<Val<'ctx>> {
        match bound {
            LoopBound::Ast(cond) => self.ast_condition(cond),
            LoopBound::Inclusive(upper) => self.ir.icmp(IntPredicate::SLE, value, *upper),
        }
    }
}

/// The statement instances of a body that is a sequence of them, in order; `None` for any
/// other body (a loop or a guard inside).
fn instance_sequence<'n>(body: &'n AstNode, out: &mut Vec<(usize, &'n [AstExpr])>) -> Option<()> {
    match body {
        AstNode::User { statement, args } => out.push((*statement, args)),
        AstNode::Block(children) => children.iter().try_for_each(|c| instance_sequence(c, out))?,
        _ => return None,
    }
    Some(())
}

/// An AST expression as an affine expression of the AST's iterators (`AffVar::Iter`) and the
/// parameters, if it is one without divisions.
fn ast_affine(e: &AstExpr) -> Option<AffExpr> {
    match e {
        AstExpr::Int(c) => Some(AffExpr::constant(*c)),
        AstExpr::Param(p) => Some(AffExpr::param(*p)),
        AstExpr::Iterator(k) => Some(AffExpr::iter(*k)),
        AstExpr::Neg(x) => ast_affine(x)?.scale(-1),
        AstExpr::Add(x, y) => ast_affine(x)?.add(&ast_affine(y)?),
        AstExpr::Sub(x, y) => ast_affine(x)?.sub(&ast_affine(y)?),
        AstExpr::Mul(x, y) => match (&**x, &**y) {
            (AstExpr::Int(c), other) | (other, AstExpr::Int(c)) => ast_affine(other)?.scale(*c),
            _ => None,
        },
        _ => None,
    }
}
