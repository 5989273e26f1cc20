//! Single-write statements and their value expressions (paper 003, sections 2.1 and 5.5).
//!
//! Each store is a statement. Its value is the expression tree of the stored SSA value, built
//! through the instructions of the same *unit* (a block, or a block with the hammocks that
//! follow it, which share one domain). A leaf is a constant, an iterator or parameter (integer
//! values that are affine), a region-invariant value, a load, or a *scalar location*.
//!
//! Scalar locations (zero-dimensional arrays) carry SSA values between units: a value used in
//! another unit gets a statement writing it to its scalar where it is defined, and its uses
//! read the scalar. Phis that are not induction variables (reductions, values joined after an
//! affine `if`) get one write per incoming edge, at the end of the incoming block, restricted
//! to the edge's condition. These are the temporary scalars (the `s` of paper 003, Figure 1)
//! that propagation can remove.
//!
//! A load may sit in a tree only if no store between the load and the statement may write
//! the loaded location; otherwise its value goes through a scalar as well, so that the model
//! reads memory at the time the program did.

use crate::affinator::{sanitize, Affinator, Facts, Parameters};
use polyhedral::isl::IslContext;
use crate::bridge::Analyses;
use crate::domains::{Domains, Hammock};
use crate::ir::{self, Block, Value};
use crate::reject::{Reject, RejectKind, RejectResult};
use crate::region::Region;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate};
use polyhedral::affine::{AffExpr, AffVar};
use polyhedral::model::*;
use std::collections::HashMap;

/// Where a statement executes inside its unit, for the schedule: unit order, then position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub unit: usize,
    pub index: usize,
}

/// What a statement writes before its access is resolved.
#[derive(Clone, Debug)]
pub enum Target {
    /// A store instruction: the access comes from its pointer.
    Memory(Value),
    /// A scalar location.
    Scalar(ArrayId),
}

/// A statement in the making.
#[derive(Clone, Debug)]
pub struct PendingStatement {
    pub block: Block,
    pub position: Position,
    pub target: Target,
    pub value: Expr,
    /// Extra constraint on the block's domain (a phi write on a conditional edge).
    pub edge_condition: Option<(Block, Block)>,
    /// The values of the data-dependent subscripts of a store (a may-write), in the order of
    /// the address's GEP operands (`StatementBuilder::data_operands`).
    pub write_data: Vec<Expr>,
    /// For a store in an arm of a data-dependent hammock: the condition of that arm (the
    /// statement's guard, `model::Statement::guard`).
    pub guard: Option<Expr>,
    pub location: Option<SourceLocation>,
}

impl PendingStatement {
    /// The write of `value` to scalar `id` at `position` of `block`, on the block's domain.
    fn scalar_write(block: Block, position: Position, id: ArrayId, value: Expr, location: Option<SourceLocation>) -> Self {
        PendingStatement { block, position, target: Target::Scalar(id), value, edge_condition: None, write_data: Vec::new(), guard: None, location }
    }
}

/// Reads and writes of memory are resolved later (`arrays`): until then a read of memory is
/// `Expr::Read` of an access whose array is `PENDING` and whose single subscript encodes the
/// index of the load in `loads`. A load at a data-dependent address (a may-read) keeps the
/// values of its data-dependent subscripts in the pending access's `data`, in the order of
/// its GEP operands (`StatementBuilder::data_operands`).
pub const PENDING: ArrayId = usize::MAX;

pub struct StatementBuilder<'a> {
    pub a: Analyses,
    pub function: Value,
    pub region: &'a Region,
    pub domains: &'a Domains,
    pub isl: &'a IslContext,
    pub parameters: &'a mut Parameters,
    /// Units: blocks sharing one domain and one instruction order.
    unit_of: HashMap<Block, usize>,
    unit_blocks: Vec<Vec<Block>>,
    /// Instruction positions within their unit.
    position_of: HashMap<Value, Position>,
    /// Scalar locations created so far (appended to the SCoP's arrays after memory arrays).
    pub scalars: Vec<Array>,
    scalar_of: HashMap<Value, ArrayId>,
    /// The live-out scalar a function body writes its returned value to, when its statements
    /// compute it (`return sum;`).
    pub returned: Option<ArrayId>,
    /// For a loop nest built to be transformed (`hand_back`): its values used after it, with
    /// the live-out scalars that hold their last values.
    pub used_after: Vec<(Value, ArrayId)>,
    pub externals: Vec<External>,
    external_of: HashMap<Value, usize>,
    pub loads: Vec<Value>,
    pub statements: Vec<PendingStatement>,
    /// Per load or store at a data-dependent address: the operands of its GEP that are
    /// computed from data inside the region (paper 004's non-affine subscripts).
    pub data_operands: HashMap<Value, Vec<u32>>,
}

impl<'a> StatementBuilder<'a> {
    pub fn new(
        a: Analyses,
        function: Value,
        region: &'a Region,
        domains: &'a Domains,
        isl: &'a IslContext,
        parameters: &'a mut Parameters,
    ) -> Self {
        let mut b = StatementBuilder {
            a,
            function,
            region,
            domains,
            isl,
            parameters,
            unit_of: HashMap::new(),
            unit_blocks: Vec::new(),
            position_of: HashMap::new(),
            scalars: Vec::new(),
            returned: None,
            used_after: Vec::new(),
            scalar_of: HashMap::new(),
            externals: Vec::new(),
            external_of: HashMap::new(),
            loads: Vec::new(),
            statements: Vec::new(),
            data_operands: HashMap::new(),
        };
        b.form_units();
        b
    }

    /// Blocks of a hammock join their branch block's unit (the join of an open one does not).
    fn form_units(&mut self) {
        let mut leader: HashMap<Block, Block> = HashMap::new();
        for h in &self.domains.hammocks {
            let root = *leader.get(&h.branch).unwrap_or(&h.branch);
            let join = h.closed().then_some(&h.join);
            for &b in h.arms.iter().chain(join) {
                leader.insert(b, root);
            }
        }
        for &b in &self.region.blocks {
            let root = *leader.get(&b).unwrap_or(&b);
            let unit = match self.unit_of.get(&root) {
                Some(u) => *u,
                None => {
                    self.unit_blocks.push(Vec::new());
                    self.unit_of.insert(root, self.unit_blocks.len() - 1);
                    self.unit_blocks.len() - 1
                }
            };
            self.unit_of.insert(b, unit);
            self.unit_blocks[unit].push(b);
        }
        for (u, blocks) in self.unit_blocks.iter().enumerate() {
            let mut index = 0;
            for &b in blocks {
                for inst in ir::instructions(b) {
                    self.position_of.insert(inst, Position { unit: u, index });
                    index += 1;
                }
                // Room for phi writes at the end of the block.
                index += 1;
            }
        }
    }

    /// The value of each external, by index.
    pub fn external_values(&self) -> Vec<Value> {
        let mut out = vec![std::ptr::null_mut(); self.external_of.len()];
        for (v, k) in &self.external_of {
            out[*k] = *v;
        }
        out
    }

    /// The first block (in region order) of `block`'s unit.
    pub fn unit_leader(&self, block: Block) -> Block {
        self.unit_blocks[self.unit_of[&block]][0]
    }

    /// Creates a statement for every store and every value that crosses units.
    /// The statements of the region; with `hand_back`, also the writes of the values a loop
    /// nest's code after it uses (`hand_back_values_used_after`).
    pub fn build(&mut self, hand_back: bool) -> RejectResult<()> {
        for &block in &self.region.blocks.clone() {
            for inst in ir::instructions(block) {
                self.check_instruction(inst)?;
                if ir::opcode(inst) == Some(LLVMOpcode::LLVMStore) {
                    let position = self.position_of[&inst];
                    let value = self.expr(ir::operand(inst, 0), position)?;
                    let write_data = self.data_subscripts(inst, position)?;
                    let guard = self.arm_condition(block, position)?;
                    self.statements.push(PendingStatement {
                        block,
                        position,
                        target: Target::Memory(inst),
                        value,
                        edge_condition: None,
                        write_data,
                        guard,
                        location: ir::location(inst),
                    });
                }
                if ir::opcode(inst) == Some(LLVMOpcode::LLVMRet) && ir::num_operands(inst) == 1 && self.region.defines(ir::operand(inst, 0)) {
                    self.returned_write(block, inst)?;
                }
            }
        }
        if hand_back {
            self.hand_back_values_used_after()?;
        }
        self.order_phi_writes();
        Ok(())
    }

    /// The values of a loop nest used after it (the exit's phis take them): live-out scalars,
    /// written where the values are computed, whose last values the new code hands back.
    fn hand_back_values_used_after(&mut self) -> RejectResult<()> {
        for &block in &self.region.blocks.clone() {
            for inst in ir::instructions(block) {
                if !ir::users(inst).into_iter().any(|u| !self.region.defines(u)) {
                    continue;
                }
                let id = match self.scalar_of.get(&inst) {
                    Some(id) => *id,
                    None => self.create_scalar(inst)?,
                };
                self.used_after.push((inst, id));
            }
        }
        Ok(())
    }

    /// The value a function body returns, computed by its statements (`return sum;`): written
    /// at the return to a live-out scalar, which the generated function returns. A value of
    /// another type (a pointer) is not modeled; code generation then says why it stops.
    fn returned_write(&mut self, block: Block, ret: Value) -> RejectResult<()> {
        let value = ir::operand(ret, 0);
        let Some(element) = ir::value_type(value) else { return Ok(()) };
        self.scalars.push(Array::scalar("s_returned".into(), element, Liveness::LiveOut));
        let id = SCALAR_BASE + self.scalars.len() - 1;
        self.returned = Some(id);
        let position = self.position_of[&ret];
        let value = self.expr(value, position)?;
        self.statements.push(PendingStatement::scalar_write(block, position, id, value, ir::location(ret)));
        Ok(())
    }

    /// The phi writes on one edge are a parallel copy: each reads the values the scalars had
    /// when the block ended, before any of them is written (`ym2 = ym1; ym1 = y` rotates).
    /// Orders each edge's writes (at the end of its source block) so that every read of a
    /// scalar comes before the write of that scalar; a cycle (a swap) reads a copy made before
    /// the writes. Writes on other edges of the same block never run in the same instance.
    fn order_phi_writes(&mut self) {
        let mut groups: Vec<((Block, Position), Vec<usize>)> = Vec::new();
        for (k, s) in self.statements.iter().enumerate() {
            if s.edge_condition.is_none() {
                continue;
            }
            let key = (s.block, s.position);
            match groups.iter_mut().find(|(g, _)| *g == key) {
                Some((_, members)) => members.push(k),
                None => groups.push((key, vec![k])),
            }
        }
        let mut ordered: HashMap<usize, Vec<PendingStatement>> = HashMap::new();
        for (_, members) in groups.into_iter().filter(|(_, m)| m.len() > 1) {
            let group = members.iter().map(|k| self.statements[*k].clone()).collect();
            ordered.insert(members[0], self.parallel_copy(group));
            for k in &members[1..] {
                ordered.insert(*k, Vec::new());
            }
        }
        if ordered.is_empty() {
            return;
        }
        let statements = std::mem::take(&mut self.statements);
        for (k, s) in statements.into_iter().enumerate() {
            match ordered.remove(&k) {
                Some(replacement) => self.statements.extend(replacement),
                None => self.statements.push(s),
            }
        }
    }

    /// One block's phi writes in an order that reads every scalar before writing it, with
    /// copies where the reads and writes form a cycle.
    fn parallel_copy(&mut self, mut remaining: Vec<PendingStatement>) -> Vec<PendingStatement> {
        let target = |s: &PendingStatement| match s.target {
            Target::Scalar(id) => Some(id),
            Target::Memory(_) => None,
        };
        let conflicts = |reader: &PendingStatement, writer: &PendingStatement, x: ArrayId| {
            reader.edge_condition == writer.edge_condition && reader.value.reads().iter().any(|a| a.array == x)
        };
        let mut out = Vec::new();
        while !remaining.is_empty() {
            let free = (0..remaining.len()).find(|&k| {
                let Some(x) = target(&remaining[k]) else { return true };
                remaining.iter().enumerate().all(|(j, other)| j == k || !conflicts(other, &remaining[k], x))
            });
            let k = match free {
                Some(k) => k,
                None => {
                    // A cycle: the others read a copy of the first one's scalar.
                    let x = target(&remaining[0]).expect("cycles are made of scalar writes");
                    let copy = self.copy_scalar(x, &remaining[0]);
                    let Target::Scalar(y) = copy.target else { unreachable!() };
                    let edge = remaining[0].edge_condition;
                    for other in remaining[1..].iter_mut().filter(|o| o.edge_condition == edge) {
                        other.value.visit_mut(&mut |e| {
                            if let Expr::Read(a) = e {
                                if a.array == x {
                                    a.array = y;
                                }
                            }
                        });
                    }
                    out.push(copy);
                    0
                }
            };
            out.push(remaining.remove(k));
        }
        out
    }

    /// A statement copying scalar `x` into a new temporary scalar, where `at` executes (on
    /// every iteration of its block, whatever the edge).
    fn copy_scalar(&mut self, x: ArrayId, at: &PendingStatement) -> PendingStatement {
        let original = &self.scalars[x - SCALAR_BASE];
        let array = Array::scalar(format!("{}_old", original.name), original.element, Liveness::Temporary);
        self.scalars.push(array);
        let id = SCALAR_BASE + self.scalars.len() - 1;
        PendingStatement::scalar_write(at.block, at.position, id, Expr::Read(Access::affine(x, Vec::new())), at.location.clone())
    }

    fn check_instruction(&self, inst: Value) -> RejectResult<()> {
        let at = || ir::location(inst);
        match ir::opcode(inst) {
            Some(LLVMOpcode::LLVMLoad | LLVMOpcode::LLVMStore) if ir::is_volatile(inst) => {
                Err(Reject::new(RejectKind::UnsupportedInstruction, "volatile access").at(at()))
            }
            // Zeros written into an array the region allocates (`new float[n]()`): its initial
            // contents where it comes first (`arrays::zero_fills`), else rejected there.
            Some(LLVMOpcode::LLVMCall) if crate::arrays::is_zero_fill_call(self.a, inst) => Ok(()),
            Some(LLVMOpcode::LLVMCall) if !is_pure_call(inst) && !is_allocation_call(inst) => {
                let callee = ir::called_function_name(inst).unwrap_or_else(|| "an indirect callee".into());
                let effect = match ir::missing_memoryless_attribute(inst) {
                    Some("nounwind") => "may throw",
                    Some("willreturn") => "may not return",
                    _ if ir::call_has_attribute(inst, "readonly") => "reads memory",
                    _ => "may write memory",
                };
                Err(Reject::new(RejectKind::CallWithSideEffects, format!("call to {callee} {effect}")).at(at()))
            }
            // `new` whose unwinding is an error path (`Region`): a call like any allocation.
            Some(LLVMOpcode::LLVMInvoke) if is_allocation_call(inst) && ir::block_of(inst).is_some_and(|b| self.region.successors(b).len() == 1) => Ok(()),
            Some(
                LLVMOpcode::LLVMInvoke
                | LLVMOpcode::LLVMAtomicRMW
                | LLVMOpcode::LLVMAtomicCmpXchg
                | LLVMOpcode::LLVMFence
                | LLVMOpcode::LLVMIndirectBr
                | LLVMOpcode::LLVMCallBr
                | LLVMOpcode::LLVMVAArg,
            ) => Err(Reject::new(
                RejectKind::UnsupportedInstruction,
                format!("instruction {}", ir::to_string(inst)),
            )
            .at(at())),
            _ => Ok(()),
        }
    }

    /// The expression of `value` as used at `at`.
    fn expr(&mut self, value: Value, at: Position) -> RejectResult<Expr> {
        if let Some(c) = constant(value) {
            return Ok(Expr::Constant(c));
        }
        if !self.region.defines(value) {
            return self.invariant(value);
        }
        let def_block = ir::block_of(value).expect("instruction");
        let def = self.position_of[&value];
        if ir::is_integer(value) && ir::value_type(value) != Some(ScalarType::I1) {
            let same_unit_plain = def.unit == at.unit && !ir::is_phi(value);
            if !same_unit_plain {
                if let Some(e) = self.affine_value(value, def_block) {
                    return Ok(e);
                }
            }
        }
        if def.unit != at.unit {
            return self.scalar_read(value);
        }
        if ir::is_phi(value) {
            if let Some((from, join)) = self.select_paths(value) {
                return self.phi_select(from, join, value, at);
            }
            return self.scalar_read(value);
        }
        self.instruction(value, at)
    }

    /// The GEP operands of the address of `inst` (a load or store) computed from data inside
    /// the region: not affine, and computed from a load or a conversion of a float (through
    /// arithmetic and phis of data-dependent branches: `depends_on_data`). Empty for an
    /// affine address (or one the later stages judge on their own).
    fn data_operands(&mut self, inst: Value) -> Vec<u32> {
        if let Some(ops) = self.data_operands.get(&inst) {
            return ops.clone();
        }
        let mut out = Vec::new();
        let Some(pointer) = ir::pointer_operand(inst) else { return out };
        let gep = ir::strip_casts(pointer);
        let block = ir::block_of(inst).expect("instruction");
        if ir::is_gep(gep) {
            let scope = self.a.loop_for(block);
            for op in 1..ir::num_operands(gep) {
                let index = ir::operand(gep, op);
                if !self.region.defines(index) {
                    continue;
                }
                let Some(scev) = self.a.scev(index) else { continue };
                let scev = self.a.scev_at_scope(scev, scope);
                let mut aff = self.affinator_at(block);
                // Not affine (the first reason may be another: a flattened index times a
                // parameter) and computed from memory. Only the answer counts: what the test
                // added to the parameters (a product, an assumption) is forgotten; `arrays`
                // reads the address on its own.
                let before = aff.parameters.snapshot();
                let inside = aff.affine(scev).is_err() && depends_on_data(&aff, index, &mut Vec::new());
                aff.parameters.restore(before);
                if inside {
                    out.push(op);
                }
            }
        }
        self.data_operands.insert(inst, out.clone());
        out
    }

    /// The condition under which an arm of a data-dependent hammock runs (the hammock's
    /// condition, negated on the false side), for the stores in it; `None` outside arms.
    /// `domains` records hammocks with stores only where every arm block ends in an
    /// unconditional branch, so one condition decides each arm.
    fn arm_condition(&mut self, block: Block, at: Position) -> RejectResult<Option<Expr>> {
        let Some(h) = self.domains.hammocks.iter().find(|h| h.arms.contains(&block)).cloned() else {
            return Ok(None);
        };
        let on = |s: Block| s != h.join && (s == block || self.a.dominates(s, block));
        let negate = match (on(h.true_successor), on(h.false_successor)) {
            (true, false) => false,
            (false, true) => true,
            _ => {
                return Err(Reject::new(RejectKind::NonAffineCondition, "store on both sides of a data-dependent branch")
                    .at(ir::location(ir::terminator(block))))
            }
        };
        let c = self.expr(h.condition, at)?;
        Ok(Some(if negate { Expr::Compare(ComparePredicate::Eq, Box::new(c), Box::new(Expr::Constant(Constant::Int(0, ScalarType::I1)))) } else { c }))
    }

    /// The `i64` values of the data-dependent subscripts of `inst`, built as part of the
    /// statement at `at` (they are computed by the statement, before its access).
    fn data_subscripts(&mut self, inst: Value, at: Position) -> RejectResult<Vec<Expr>> {
        let operands = self.data_operands(inst);
        let gep = ir::strip_casts(ir::pointer_operand(inst).expect("load or store"));
        let mut out = Vec::new();
        for op in operands {
            let index = ir::operand(gep, op);
            let e = self.expr(index, at)?;
            let e = match ir::value_type(index) {
                Some(ScalarType::I64) => e,
                // GEP indices are sign-extended to the pointer width.
                Some(ty) if !ty.is_float() => Expr::Cast(CastOp::SExt, ScalarType::I64, Box::new(e)),
                _ => {
                    return Err(Reject::new(RejectKind::NonAffineSubscript, "data-dependent subscript of a non-integer type")
                        .at(ir::location(inst)))
                }
            };
            out.push(e);
        }
        Ok(out)
    }

    /// An affinator that knows the domain of `block` (its facts decide min, max and division).
    fn affinator_at(&mut self, block: Block) -> Affinator<'_> {
        let facts = Facts::new(self.isl, self.domains.of_block[&block].clone(), self.region.loops_around(self.a, block).len());
        Affinator { analyses: self.a, function: self.function, region: self.region, parameters: self.parameters, facts: Some(facts), products: true }
    }

    /// An integer value that SCEV sees as affine, rebuilt from iterators and parameters.
    fn affine_value(&mut self, value: Value, def_block: Block) -> Option<Expr> {
        let scev = self.a.scev(value)?;
        let scope = self.a.loop_for(def_block);
        let scev = self.a.scev_at_scope(scev, scope);
        let e = self.affinator_at(def_block).affine(scev).ok()?;
        let ty = ir::value_type(value)?;
        let wide = affine_to_expr(&e, &self.parameters.params);
        Some(if ty == ScalarType::I64 { wide } else { Expr::Cast(CastOp::Trunc, ty, Box::new(wide)) })
    }

    /// A value defined before the region: an integer parameter or an external value.
    fn invariant(&mut self, value: Value) -> RejectResult<Expr> {
        if ir::is_integer(value) && ir::value_type(value) != Some(ScalarType::I1) {
            // A parameter in a value has its declared type, as in the textual language.
            return Ok(Expr::Parameter(self.parameters.index_of(self.function, value)));
        }
        let Some(ty) = ir::value_type(value) else {
            return Err(Reject::new(
                RejectKind::UnsupportedInstruction,
                format!("value of unsupported type {}", ir::to_string(value)),
            ));
        };
        if let Some(k) = self.external_of.get(&value) {
            return Ok(Expr::External(*k));
        }
        let name = crate::bridge::debug_name(self.function, value)
            .or_else(|| Some(ir::name(value)).filter(|n| !n.is_empty()))
            .map(|n| sanitize(&n))
            .unwrap_or_else(|| format!("x{}", self.externals.len()));
        self.externals.push(External { name, ty });
        self.external_of.insert(value, self.externals.len() - 1);
        Ok(Expr::External(self.externals.len() - 1))
    }

    /// The scalar location of `value`, created with its write statements on first use.
    fn scalar_read(&mut self, value: Value) -> RejectResult<Expr> {
        let id = match self.scalar_of.get(&value) {
            Some(id) => *id,
            None => self.create_scalar(value)?,
        };
        Ok(Expr::Read(Access::affine(id, Vec::new())))
    }

    fn create_scalar(&mut self, value: Value) -> RejectResult<ArrayId> {
        let Some(ty) = ir::value_type(value) else {
            return Err(Reject::new(
                RejectKind::UnsupportedInstruction,
                format!("value of unsupported type crosses statements: {}", ir::to_string(value)),
            )
            .at(ir::location(value)));
        };
        let base = crate::bridge::debug_name(self.function, value)
            .or_else(|| Some(ir::name(value)).filter(|n| !n.is_empty()))
            .unwrap_or_else(|| format!("{}", self.scalars.len()));
        let name = format!("s_{}", sanitize(&base).trim_start_matches('_'));
        let live_out = ir::users(value).into_iter().any(|u| !self.region.defines(u));
        self.scalars.push(Array::scalar(name, ty, if live_out { Liveness::LiveOut } else { Liveness::Temporary }));
        let id = SCALAR_BASE + self.scalars.len() - 1;
        self.scalar_of.insert(value, id);
        let block = ir::block_of(value).expect("instruction");
        // The edges into a hammock's join, or between blocks of its arms, are taken under a
        // condition that no domain expresses (the arms share the branch block's domain): such
        // a phi is one write at its block, of the select, which keeps it.
        let paths = if ir::is_phi(value) { self.select_paths(value) } else { None };
        if ir::is_phi(value) && paths.is_none() {
            let open: Vec<Hammock> =
                self.domains.hammocks.iter().filter(|h| h.join == block && h.open).cloned().collect();
            for h in &open {
                self.open_hammock_write(h, value, id)?;
            }
            for (incoming, from) in ir::phi_incoming(value) {
                if open.iter().any(|h| h.branch == from || h.arms.contains(&from)) {
                    continue;
                }
                let inside = self.region.contains(from);
                let position = if inside {
                    let last = ir::instructions(from).len();
                    let start = self.position_of[&ir::instructions(from)[0]];
                    Position { unit: start.unit, index: start.index + last }
                } else if block == self.region.entry && self.domains.edge_conditions.contains_key(&(from, block)) {
                    // The value from before a loop nest: written at its first iteration,
                    // before anything of the header (the phi itself is its first position).
                    self.position_of[&ir::instructions(block)[0]]
                } else {
                    return Err(Reject::new(
                        RejectKind::UnsupportedInstruction,
                        "phi with a value from before the region",
                    )
                    .at(ir::location(value)));
                };
                let expr = self.expr(incoming, position)?;
                let write_block = if inside { from } else { block };
                self.statements.push(PendingStatement {
                    edge_condition: Some((from, block)),
                    ..PendingStatement::scalar_write(write_block, position, id, expr, ir::location(value))
                });
            }
        } else {
            let position = self.position_of[&value];
            let expr = match paths {
                Some((from, join)) => self.phi_select(from, join, value, position)?,
                None => self.instruction(value, position)?,
            };
            self.statements.push(PendingStatement::scalar_write(block, position, id, expr, ir::location(value)));
        }
        Ok(id)
    }

    /// The write of `phi`'s scalar `id` along an open hammock (`Hammock::open`): the select
    /// of its values over the hammock's paths, on the branch block's domain, after every
    /// block of the hammock (the edges into the join from the hammock have no affine
    /// condition to write on one by one).
    fn open_hammock_write(&mut self, h: &Hammock, phi: Value, id: ArrayId) -> RejectResult<()> {
        let blocks = std::iter::once(h.branch).chain(h.arms.iter().copied());
        let end = blocks
            .map(|b| {
                let start = self.position_of[&ir::instructions(b)[0]];
                Position { unit: start.unit, index: start.index + ir::instructions(b).len() }
            })
            .max()
            .expect("the branch block");
        let value = self.phi_select(h.branch, h.join, phi, end)?;
        self.statements.push(PendingStatement::scalar_write(h.branch, end, id, value, ir::location(phi)));
        Ok(())
    }

    /// For a phi whose edges no domain tells apart, the block its paths start from and its
    /// own block: at a closed hammock's join, the hammock's branch; inside a hammock's arms
    /// (an affine `i == 0 ? x : y` on one side of a data-dependent ternary), its immediate
    /// dominator, which is in the arms or the branch since nothing else enters them. Such a
    /// phi is a select on the conditions along the way, computed where the phi is, as Polly's
    /// non-affine subregion computes it inside one statement. `None` for other phis.
    fn select_paths(&self, phi: Value) -> Option<(Block, Block)> {
        let block = ir::block_of(phi)?;
        if let Some(h) = self.domains.hammocks.iter().find(|h| h.join == block && h.closed()) {
            return Some((h.branch, block));
        }
        if self.domains.hammocks.iter().any(|h| h.arms.contains(&block)) {
            return self.a.immediate_dominator(block).map(|from| (from, block));
        }
        None
    }

    /// `phi` (at `join`) as a `select` on the condition of `from`; an arm with branches of
    /// its own (an `if` inside one side of a ternary, or a `||` whose sides both lead to one
    /// value) gives nested selects on their conditions.
    fn phi_select(&mut self, from: Block, join: Block, phi: Value, at: Position) -> RejectResult<Expr> {
        let incoming = ir::phi_incoming(phi);
        self.branch_value(from, join, &incoming, phi, at, &mut 0)
    }

    /// The value of `phi` (at `join`) over the paths from `block` to the join: the one
    /// incoming value they all bring, or a select on `block`'s condition of the value along
    /// each successor. Paths may meet again before the join (`c1 || c2 ? x : y` branches
    /// twice to the block that yields `x`): each successor's value covers every path from it.
    /// `visits` counts the blocks visited for this phi: paths that meet again are visited
    /// once per path, so a chain of many diamonds is refused rather than expanded.
    fn branch_value(&mut self, block: Block, join: Block, incoming: &[(Value, Block)], phi: Value, at: Position, visits: &mut usize) -> RejectResult<Expr> {
        let not_nested = || {
            Reject::new(RejectKind::NonAffineCondition, "data-dependent branches that do not nest").at(ir::location(phi))
        };
        *visits += 1;
        if *visits > MAX_SELECT_VISITS {
            return Err(Reject::new(RejectKind::NonAffineCondition, "too many data-dependent paths to one value").at(ir::location(phi)));
        }
        let values = reachable_incoming(block, join, incoming).ok_or_else(not_nested)?;
        if let Some(first) = values.first().filter(|v| values.iter().all(|x| x == *v)) {
            return self.expr(*first, at);
        }
        match ir::successors(block).as_slice() {
            [next] => self.edge_value(block, *next, join, incoming, phi, at, visits),
            [t, f] if t != f => {
                let (t, f) = (*t, *f);
                let t = self.edge_value(block, t, join, incoming, phi, at, visits)?;
                let f = self.edge_value(block, f, join, incoming, phi, at, visits)?;
                let c = self.expr(ir::operand(ir::terminator(block), 0), at)?;
                Ok(Expr::Select(Box::new(c), Box::new(t), Box::new(f)))
            }
            _ => Err(not_nested()),
        }
    }

    /// The value of `phi` along the edge `from -> to`: the incoming value when `to` is the
    /// join, else the value over the paths from `to`.
    #[allow(clippy::too_many_arguments)]
    fn edge_value(&mut self, from: Block, to: Block, join: Block, incoming: &[(Value, Block)], phi: Value, at: Position, visits: &mut usize) -> RejectResult<Expr> {
        if to != join {
            return self.branch_value(to, join, incoming, phi, at, visits);
        }
        let (value, _) = incoming.iter().find(|(_, b)| *b == from).ok_or_else(|| {
            Reject::new(RejectKind::NonAffineCondition, "phi without a value for one of its edges").at(ir::location(phi))
        })?;
        self.expr(*value, at)
    }

    /// The expression of an instruction of the statement's own unit.
    fn instruction(&mut self, inst: Value, at: Position) -> RejectResult<Expr> {
        let unsupported = || {
            Reject::new(
                RejectKind::UnsupportedInstruction,
                format!("instruction {}", ir::to_string(inst)),
            )
            .at(ir::location(inst))
        };
        let op = ir::opcode(inst).ok_or_else(unsupported)?;
        let arg = |b: &mut Self, k: u32| b.expr(ir::operand(inst, k), at).map(Box::new);
        use LLVMOpcode::*;
        Ok(match op {
            LLVMLoad => {
                if self.clobbered(inst, at) {
                    return self.scalar_read(inst);
                }
                let data = self.data_subscripts(inst, at)?;
                self.loads.push(inst);
                let mut access = Access::affine(PENDING, vec![AffExpr::constant(self.loads.len() as i64 - 1)]);
                access.data = DataSubscripts(data.into_iter().map(Some).collect());
                Expr::Read(access)
            }
            LLVMFNeg => Expr::Unary(UnaryOp::FNeg, arg(self, 0)?),
            LLVMICmp | LLVMFCmp => {
                let p = predicate(inst).ok_or_else(unsupported)?;
                Expr::Compare(p, arg(self, 0)?, arg(self, 1)?)
            }
            LLVMSelect => Expr::Select(arg(self, 0)?, arg(self, 1)?, arg(self, 2)?),
            LLVMCall => self.call(inst, at)?,
            _ => {
                if let Some(b) = binary_op(op) {
                    Expr::Binary(b, arg(self, 0)?, arg(self, 1)?, wrap_flags(inst))
                } else if let Some(c) = cast_op(op) {
                    let ty = ir::value_type(inst).ok_or_else(unsupported)?;
                    Expr::Cast(c, ty, arg(self, 0)?)
                } else {
                    return Err(unsupported());
                }
            }
        })
    }

    fn call(&mut self, inst: Value, at: Position) -> RejectResult<Expr> {
        let name = ir::called_function_name(inst).unwrap_or_default();
        let ty = ir::value_type(inst);
        let unsupported = || {
            Reject::new(RejectKind::CallWithSideEffects, format!("call to {name} in an expression"))
                .at(ir::location(inst))
        };
        let mut args = Vec::new();
        for a in ir::call_arguments(inst) {
            args.push(self.expr(a, at)?);
        }
        if let Some(op) = integer_intrinsic(&name) {
            let mut it = args.into_iter();
            let (x, y) = (it.next().ok_or_else(unsupported)?, it.next().ok_or_else(unsupported)?);
            return Ok(Expr::Binary(op, Box::new(x), Box::new(y), WrapFlags::NONE));
        }
        if let (Some(ty), true, Some(x)) = (ty.filter(|t| !t.is_float() && *t != ScalarType::I1), is_integer_abs(inst, &name), args.first()) {
            // `abs(x)` is `smax(x, 0 - x)`, also for the most negative x (whose negation
            // wraps to itself, as the machine's `abs` returns it): an operation, not a call
            // of the program's functions.
            let x = x.clone();
            let negated = Expr::Binary(BinaryOp::Sub, Box::new(Expr::Constant(Constant::Int(0, ty))), Box::new(x.clone()), WrapFlags::NONE);
            return Ok(Expr::Binary(BinaryOp::SMax, Box::new(x), Box::new(negated), WrapFlags::NONE));
        }
        if let Some(function) = math_function(&name) {
            let ty = ty.filter(|t| t.is_float()).ok_or_else(unsupported)?;
            if args.len() != function.arity() {
                return Err(unsupported());
            }
            return Ok(Expr::Call(Callee::Math(function), ty, args));
        }
        if ir::missing_memoryless_attribute(inst).is_some() {
            return Err(unsupported());
        }
        let ty = ty.ok_or_else(unsupported)?;
        Ok(Expr::Call(Callee::Pure(name), ty, args))
    }

    /// Whether a store between the load and `at` (in unit order) may write what it loads.
    fn clobbered(&self, load: Value, at: Position) -> bool {
        let from = self.position_of[&load];
        if from.unit != at.unit {
            return true;
        }
        self.unit_blocks[at.unit].iter().flat_map(|b| ir::instructions(*b)).any(|inst| {
            ir::opcode(inst) == Some(LLVMOpcode::LLVMStore) && {
                let p = self.position_of[&inst];
                p.index > from.index && p.index < at.index
                    && self.a.accesses_may_alias(inst, load)
            }
        })
    }
}

/// Blocks visited to build one phi's selects (`branch_value`).
const MAX_SELECT_VISITS: usize = 64;

/// Scalars get ids above every memory array until the SCoP is assembled.
pub const SCALAR_BASE: ArrayId = 1 << 40;

/// The incoming values of a join's phi on the paths from `block` (the values of the edges
/// into the join that those paths take); `None` if the paths are many (a hammock's arms are
/// small: more than `MAX` blocks on the way is refused rather than explored).
fn reachable_incoming(block: Block, join: Block, incoming: &[(Value, Block)]) -> Option<Vec<Value>> {
    const MAX: usize = 256;
    let (mut seen, mut work, mut values) = (vec![block], vec![block], Vec::new());
    while let Some(b) = work.pop() {
        for next in ir::successors(b) {
            if next == join {
                values.push(incoming.iter().find(|(_, from)| *from == b)?.0);
            } else if !seen.contains(&next) {
                if seen.len() >= MAX {
                    return None;
                }
                seen.push(next);
                work.push(next);
            }
        }
    }
    Some(values)
}

/// Whether `value` is computed inside the region from memory: a load, or a float converted
/// to an integer, among the instructions it is computed from (through phis, not around loops:
/// `seen` stops cycles). Loads that are parameters (`Affinator::is_parameter_value`) are not
/// data, nor is integer arithmetic of iterators the affinator does not understand (a product
/// that may wrap): its reason is the affinator's.
fn depends_on_data(aff: &Affinator, value: Value, seen: &mut Vec<Value>) -> bool {
    if !aff.region.defines(value) || seen.contains(&value) || seen.len() > 256 || aff.is_parameter_value(value) {
        return false;
    }
    seen.push(value);
    match ir::opcode(value) {
        Some(LLVMOpcode::LLVMLoad | LLVMOpcode::LLVMFPToSI | LLVMOpcode::LLVMFPToUI) => true,
        Some(LLVMOpcode::LLVMCall) => false,
        Some(_) => (0..ir::num_operands(value)).any(|k| depends_on_data(aff, ir::operand(value, k), seen)),
        None => false,
    }
}

fn constant(value: Value) -> Option<Constant> {
    let ty = ir::value_type(value)?;
    if let Some(x) = ir::const_float(value) {
        return Some(Constant::Float(x, ty));
    }
    ir::const_int(value).map(|c| Constant::Int(c, ty))
}

/// An affine expression as an `i64` expression tree. A parameter narrower than `i64` is
/// sign-extended: the affine world sees parameters as code generation materializes them.
pub fn affine_to_expr(e: &AffExpr, params: &[Parameter]) -> Expr {
    let int = |c: i64| Expr::Constant(Constant::Int(c, ScalarType::I64));
    let mut acc: Option<Expr> = None;
    for (v, c) in &e.terms {
        let leaf = match v {
            AffVar::Iter(k) => Expr::Iterator(*k),
            AffVar::Param(k) => match params.get(*k).map(|p| p.ty) {
                Some(ty) if ty != ScalarType::I64 => Expr::Cast(CastOp::SExt, ScalarType::I64, Box::new(Expr::Parameter(*k))),
                _ => Expr::Parameter(*k),
            },
            AffVar::FloorDiv(inner, d) => floor_div_expr(affine_to_expr(inner, params), *d),
            AffVar::Min(x, y) => {
                Expr::Binary(BinaryOp::SMin, Box::new(affine_to_expr(x, params)), Box::new(affine_to_expr(y, params)), WrapFlags::NONE)
            }
            AffVar::Max(x, y) => {
                Expr::Binary(BinaryOp::SMax, Box::new(affine_to_expr(x, params)), Box::new(affine_to_expr(y, params)), WrapFlags::NONE)
            }
        };
        let term = if *c == 1 { leaf } else { Expr::Binary(BinaryOp::Mul, Box::new(int(*c)), Box::new(leaf), WrapFlags::NONE) };
        acc = Some(match acc {
            None => term,
            Some(a) => Expr::Binary(BinaryOp::Add, Box::new(a), Box::new(term), WrapFlags::NONE),
        });
    }
    match acc {
        None => int(e.constant),
        Some(a) if e.constant == 0 => a,
        Some(a) => Expr::Binary(BinaryOp::Add, Box::new(a), Box::new(int(e.constant)), WrapFlags::NONE),
    }
}

/// `floor(x / d)` for `d > 0` with truncating division: `(x < 0 ? x - (d - 1) : x) / d`.
fn floor_div_expr(x: Expr, d: i64) -> Expr {
    let int = |c: i64| Box::new(Expr::Constant(Constant::Int(c, ScalarType::I64)));
    let negative = Expr::Compare(ComparePredicate::Slt, Box::new(x.clone()), int(0));
    let adjusted = Expr::Binary(BinaryOp::Sub, Box::new(x.clone()), int(d - 1), WrapFlags::NONE);
    let numerator = Expr::Select(Box::new(negative), Box::new(adjusted), Box::new(x));
    Expr::Binary(BinaryOp::SDiv, Box::new(numerator), int(d), WrapFlags::NONE)
}

fn binary_op(op: LLVMOpcode) -> Option<BinaryOp> {
    use LLVMOpcode::*;
    Some(match op {
        LLVMAdd => BinaryOp::Add,
        LLVMSub => BinaryOp::Sub,
        LLVMMul => BinaryOp::Mul,
        LLVMSDiv => BinaryOp::SDiv,
        LLVMUDiv => BinaryOp::UDiv,
        LLVMSRem => BinaryOp::SRem,
        LLVMURem => BinaryOp::URem,
        LLVMShl => BinaryOp::Shl,
        LLVMLShr => BinaryOp::LShr,
        LLVMAShr => BinaryOp::AShr,
        LLVMAnd => BinaryOp::And,
        LLVMOr => BinaryOp::Or,
        LLVMXor => BinaryOp::Xor,
        LLVMFAdd => BinaryOp::FAdd,
        LLVMFSub => BinaryOp::FSub,
        LLVMFMul => BinaryOp::FMul,
        LLVMFDiv => BinaryOp::FDiv,
        LLVMFRem => BinaryOp::FRem,
        _ => return None,
    })
}

/// The source instruction's `nsw`/`nuw`/`exact`, for the operation built from it.
fn wrap_flags(inst: Value) -> WrapFlags {
    let bits = crate::bridge::wrap_flags(inst);
    WrapFlags { nsw: bits & 1 != 0, nuw: bits & 2 != 0, exact: bits & 4 != 0 }
}

fn cast_op(op: LLVMOpcode) -> Option<CastOp> {
    use LLVMOpcode::*;
    Some(match op {
        LLVMTrunc => CastOp::Trunc,
        LLVMZExt => CastOp::ZExt,
        LLVMSExt => CastOp::SExt,
        LLVMFPTrunc => CastOp::FPTrunc,
        LLVMFPExt => CastOp::FPExt,
        LLVMFPToSI => CastOp::FPToSI,
        LLVMFPToUI => CastOp::FPToUI,
        LLVMSIToFP => CastOp::SIToFP,
        LLVMUIToFP => CastOp::UIToFP,
        _ => return None,
    })
}

fn predicate(inst: Value) -> Option<ComparePredicate> {
    use ComparePredicate as P;
    if ir::opcode(inst) == Some(LLVMOpcode::LLVMICmp) {
        use LLVMIntPredicate::*;
        return Some(match ir::icmp_predicate(inst) {
            LLVMIntEQ => P::Eq,
            LLVMIntNE => P::Ne,
            LLVMIntSLT => P::Slt,
            LLVMIntSLE => P::Sle,
            LLVMIntSGT => P::Sgt,
            LLVMIntSGE => P::Sge,
            LLVMIntULT => P::Ult,
            LLVMIntULE => P::Ule,
            LLVMIntUGT => P::Ugt,
            LLVMIntUGE => P::Uge,
        });
    }
    use LLVMRealPredicate::*;
    Some(match ir::fcmp_predicate(inst) {
        LLVMRealOEQ => P::FOeq,
        LLVMRealONE => P::FOne,
        LLVMRealOLT => P::FOlt,
        LLVMRealOLE => P::FOle,
        LLVMRealOGT => P::FOgt,
        LLVMRealOGE => P::FOge,
        LLVMRealUEQ => P::FUeq,
        LLVMRealUNE => P::FUne,
        LLVMRealULT => P::FUlt,
        LLVMRealULE => P::FUle,
        LLVMRealUGT => P::FUgt,
        LLVMRealUGE => P::FUge,
        LLVMRealORD => P::FOrd,
        LLVMRealUNO => P::FUno,
        LLVMRealPredicateFalse | LLVMRealPredicateTrue => return None,
    })
}

fn integer_intrinsic(name: &str) -> Option<BinaryOp> {
    let base = name.strip_prefix("llvm.")?.split('.').next()?;
    Some(match base {
        "smin" => BinaryOp::SMin,
        "smax" => BinaryOp::SMax,
        "umin" => BinaryOp::UMin,
        "umax" => BinaryOp::UMax,
        _ => return None,
    })
}

/// Pure math functions: the C library's (`sqrtf`, `expf`, ...) and LLVM's intrinsics.
pub fn math_function(name: &str) -> Option<MathFunction> {
    let base = match name.strip_prefix("llvm.") {
        Some(rest) => rest.split('.').next()?.to_string(),
        None => name.strip_suffix('f').filter(|b| math_base(b).is_some()).unwrap_or(name).to_string(),
    };
    math_base(&base)
}

fn math_base(base: &str) -> Option<MathFunction> {
    Some(match base {
        "sqrt" => MathFunction::Sqrt,
        "exp" => MathFunction::Exp,
        "exp2" => MathFunction::Exp2,
        "log" => MathFunction::Log,
        "pow" => MathFunction::Pow,
        "fabs" => MathFunction::Fabs,
        "floor" => MathFunction::Floor,
        "ceil" => MathFunction::Ceil,
        "sin" => MathFunction::Sin,
        "cos" => MathFunction::Cos,
        "fmin" | "minnum" => MathFunction::FMin,
        "fmax" | "maxnum" => MathFunction::FMax,
        "fmuladd" => MathFunction::FMulAdd,
        _ => return None,
    })
}

/// An integer absolute value: LLVM's `llvm.abs` (instcombine's form of `std::abs(int)`), or
/// the C library's `abs`, `labs`, `llabs` once known to access no memory.
fn is_integer_abs(call: Value, name: &str) -> bool {
    name.starts_with("llvm.abs.")
        || matches!(name, "abs" | "labs" | "llabs") && ir::missing_memoryless_attribute(call).is_none()
}

/// Calls that neither read nor write memory the model sees: pure math, overflow-checked
/// arithmetic (C++'s `new T[n]` computes its size with `llvm.umul.with.overflow`; a value
/// of it in a statement is refused where values are built), intrinsics that only
/// annotate (debug information, lifetimes, assumptions), and the program's functions that
/// are `readnone nounwind willreturn` (`ir::missing_memoryless_attribute`).
pub fn is_pure_call(call: Value) -> bool {
    let Some(name) = ir::called_function_name(call) else { return false };
    math_function(&name).is_some()
        || integer_intrinsic(&name).is_some()
        || is_overflow_intrinsic(&name)
        || name.starts_with("llvm.usub.sat.")
        || name.starts_with("llvm.dbg.")
        || name.starts_with("llvm.lifetime.")
        || name == "llvm.assume"
        || name.starts_with("llvm.experimental.noalias.scope.decl")
        || ir::missing_memoryless_attribute(call).is_none()
}

/// `llvm.{s,u}{add,sub,mul}.with.overflow.*`: arithmetic with an overflow bit, no memory.
pub fn is_overflow_intrinsic(name: &str) -> bool {
    let op = name.strip_prefix("llvm.").and_then(|rest| rest.split_once(".with.overflow.")).map(|(op, _)| op);
    matches!(op, Some("sadd" | "uadd" | "ssub" | "usub" | "smul" | "umul"))
}

/// Allocations and deallocations (`malloc`, `new[]`, `free`, `delete[]`, ...): they define
/// and end the temporary arrays of a pipeline.
pub fn is_allocation_call(call: Value) -> bool {
    ir::called_function_name(call)
        .is_some_and(|n| n == "posix_memalign" || crate::arrays::is_allocator(&n) || crate::arrays::is_deallocator(&n))
}
