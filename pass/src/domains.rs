//! Iteration domains of the blocks of a region (paper 003, section 2.2, "Iteration Domain").
//!
//! Blocks are visited in topological order of the forward edges. The domain of a block is the
//! union, over its incoming forward edges, of the source's domain intersected with the edge's
//! branch condition. Entering a loop adds the loop's normalized iterator `i_d` with
//! `0 <= i_d <= backedge-taken count`, or, where SCEV cannot count the iterations, the
//! iterations up to the first where one of its affine exit conditions holds (as Polly
//! computes trip counts with isl; also for several exits or an exit before the latch);
//! leaving it projects the iterator out. Every domain lives in the space
//! `[params] -> { [i0, ..., i{d-1}] }`.
//!
//! A branch on a value loaded inside the region (the `max(0, min(1, x))` of an image
//! pipeline compiled to a diamond) is not affine. When both sides up to the join are free of
//! side effects it is a *hammock*: its blocks share the branch block's domain and the phis of
//! its join become `select`s of the branch condition (see `statements`). Data-dependent
//! branches inside a side-effect-free hammock towards its join are covered by its selects;
//! a hammock whose join other edges also reach (an affine `if` around it) is *open*: the join
//! keeps a domain of its own, as Polly's non-affine subregions end at their exit.

use crate::affinator::{Affinator, Facts, Parameters, INSIDE_REGION};
use crate::bridge::{Analyses, Loop, Scev};
use crate::ir::{self, Block, Value};
use crate::reject::{Reject, RejectKind, RejectResult};
use crate::region::Region;
use llvm_sys::LLVMOpcode;
use polyhedral::affine::AffExpr;
use polyhedral::isl::{IslContext, IslError};
use polyhedral::model::Assumption;
use std::collections::{HashMap, HashSet};

/// A side-effect-free diamond or triangle on a non-affine condition.
#[derive(Clone, Debug)]
pub struct Hammock {
    pub branch: Block,
    pub condition: Value,
    pub true_successor: Block,
    pub false_successor: Block,
    pub join: Block,
    pub arms: Vec<Block>,
    /// Whether the join has predecessors outside the hammock (the data-dependent `if` sits
    /// on one side of an affine one, `c1 ? (c2 ? x : y) : z`). The join then has a domain
    /// of its own; the value its phis take along the hammock is one select, written where
    /// the hammock ends (`StatementBuilder::create_scalar`); the other edges write as usual.
    pub open: bool,
}

impl Hammock {
    /// Whether the join shares the branch block's domain and unit (see `open`).
    pub fn closed(&self) -> bool {
        !self.open
    }
}

pub struct Domains {
    /// Per block: the isl set text of its domain.
    pub of_block: HashMap<Block, String>,
    pub hammocks: Vec<Hammock>,
    /// Affine conditions of conditional edges `(from, to)`, in `from`'s iterators.
    pub edge_conditions: HashMap<(Block, Block), String>,
    /// Per branch into an error path, the assumption that no instance takes it: the
    /// parameters for which none does (`region`'s error paths).
    pub error_free: Vec<Assumption>,
}

/// How far up the dominator tree `entry_facts` looks for guards of a loop nest.
const MAX_ENTRY_BRANCHES: usize = 16;

pub fn iterator_names(depth: usize) -> Vec<String> {
    (0..depth).map(|k| format!("i{k}")).collect()
}

pub fn isl_error(e: IslError) -> Reject {
    match e {
        IslError::Complexity => {
            Reject::new(RejectKind::Complexity, "isl operation quota exceeded while modeling")
        }
        other => Reject::new(RejectKind::UnsupportedInstruction, format!("internal: {other}")),
    }
}

struct DomainBuilder<'a, 'p> {
    a: Analyses,
    function: Value,
    region: &'a Region,
    parameters: &'p mut Parameters,
    isl: &'a IslContext,
    sets: HashMap<Block, isl_rs::Set>,
    trip: HashMap<Loop, AffExpr>,
    /// Loops whose backedge-taken count SCEV cannot compute: bounded by their exit condition.
    exit_bounded: HashSet<Loop>,
    /// Their iteration sets, `[params] -> { [i0, ..., i_d] }`, once computed.
    exit_bounds: HashMap<Loop, String>,
    hammocks: Vec<Hammock>,
    /// Blocks inside a hammock, with the branch block whose domain they share.
    pure_branch_of: HashMap<Block, Block>,
    /// Data-dependent branches inside a side-effect-free hammock that lead to its join: the
    /// enclosing hammock's selects cover them (`StatementBuilder::branch_value`), and their
    /// edges have no condition of their own.
    nested_branches: HashSet<Block>,
}

/// Computes the domain of every block of `region`.
pub fn compute(
    a: Analyses,
    function: Value,
    region: &Region,
    parameters: &mut Parameters,
    isl: &IslContext,
) -> RejectResult<Domains> {
    let mut b = DomainBuilder {
        a,
        function,
        region,
        parameters,
        isl,
        sets: HashMap::new(),
        trip: HashMap::new(),
        exit_bounded: HashSet::new(),
        exit_bounds: HashMap::new(),
        hammocks: Vec::new(),
        pure_branch_of: HashMap::new(),
        nested_branches: HashSet::new(),
    };
    b.check_loops()?;
    // A reject decided after the quota ran out may rest on a failure taken for "no".
    let in_quota = |reject: Reject| match reject.kind {
        RejectKind::Complexity => reject,
        _ if isl.quota_exhausted() => isl_error(IslError::Complexity),
        _ => reject,
    };
    for &block in &region.blocks {
        isl.reset_quota();
        let set = b.domain_of(block).map_err(in_quota)?;
        b.sets.insert(block, set);
        b.note_hammock(block).map_err(in_quota)?;
    }
    let error_free = b.error_free()?;
    let mut edge_conditions = HashMap::new();
    for &block in &region.blocks {
        for succ in region.successors(block) {
            if let Some(cond) = b.edge_condition(block, succ)? {
                edge_conditions.insert((block, succ), cond);
            }
        }
    }
    // A loop nest's entry is its outer loop's header; the edge into it from before the
    // region is taken once, at the first iteration (phi writes of values from before).
    if !region.is_function {
        if let Some(lp) = a.loop_for(region.entry).filter(|l| l.header() == region.entry) {
            if let Some(pre) = lp.preheader().filter(|p| !region.contains(*p)) {
                edge_conditions.insert((pre, region.entry), "i0 = 0".to_string());
            }
        }
    }
    let mut of_block = HashMap::new();
    for (block, set) in &b.sets {
        let text = isl.set_text(set).map_err(isl_error)?;
        of_block.insert(*block, text);
    }
    Ok(Domains { of_block, hammocks: b.hammocks, edge_conditions, error_free })
}

impl DomainBuilder<'_, '_> {
    fn depth(&self, block: Block) -> usize {
        self.region.loops_around(self.a, block).len()
    }

    /// An affinator that knows the domain `facts` (over `depth` iterators) of the use.
    fn affinator(&mut self, facts: Option<(String, usize)>) -> Affinator<'_> {
        let isl = self.isl;
        Affinator {
            analyses: self.a,
            function: self.function,
            region: self.region,
            parameters: self.parameters,
            facts: facts.map(|(domain, depth)| Facts::new(isl, domain, depth)),
            products: true,
        }
    }

    /// An isl-rs result as a reject (a quota overrun is a complexity reject).
    fn ok<T>(&self, result: Result<T, isl_rs::LibISLError>) -> RejectResult<T> {
        self.isl.check(result).map_err(isl_error)
    }

    fn text(&self, set: &isl_rs::Set) -> RejectResult<String> {
        self.isl.set_text(set).map_err(isl_error)
    }

    /// Every loop of the region must be in simplified form with one exit, its latch, and an
    /// affine backedge-taken count (or, when SCEV cannot compute one, an affine exit condition,
    /// checked when its domain is built); loops with several exits, or one elsewhere than at
    /// the latch, are bounded by their exit conditions (`check_exits`).
    fn check_loops(&mut self) -> RejectResult<()> {
        let mut loops: Vec<(Loop, usize)> = self.region.loops().collect();
        loops.sort_by_key(|(l, d)| (*d, self.region.order_of(l.header())));
        for (lp, _) in loops {
            let at = ir::location(ir::terminator(lp.header()));
            if !lp.is_simplified() {
                return Err(Reject::new(
                    RejectKind::IrreducibleControlFlow,
                    "loop not in simplified form",
                )
                .at(at));
            }
            let Some(latch) = lp.latch() else {
                return Err(Reject::new(RejectKind::SeveralExits, "loop with several latches").at(at));
            };
            let (Some(exit), Some(exiting)) = self.single_exit(lp) else {
                // Several exits (`break`): bounded by the first iteration in which one of
                // them leaves, as Polly does.
                self.check_exits(lp, latch)?;
                self.exit_bounded.insert(lp);
                continue;
            };
            if exiting != latch {
                // `for (;;) { if (c) break; ... }`: the exit is read where it is taken, as
                // for several exits; the blocks after it run on the iterations before.
                self.check_exits(lp, latch)?;
                self.exit_bounded.insert(lp);
                continue;
            }
            if !self.region.contains(exit) && !self.region.is_function {
                // A loop region: its own exit is outside, which is fine only for the region's
                // outermost loop.
                if self.region.loop_depth(lp) != Some(0) {
                    return Err(Reject::new(RejectKind::SeveralExits, "loop leaves the region"));
                }
            }
            let btc = self.backedge_taken_count(lp, latch);
            if btc.is_could_not_compute() {
                // As Polly does when SCEV gives up (a narrow counter compared with a wider
                // bound, say): the iterations are those before the exit condition first holds.
                self.exit_bounded.insert(lp);
                continue;
            }
            // A bound computed inside the region cannot become affine on any domain.
            let btc = self.a.scev_at_scope(btc, lp.parent());
            if let Err(e) = self.affinator(None).affine(btc) {
                if e.reason == INSIDE_REGION {
                    return Err(Reject::new(RejectKind::NonAffineLoopBound, format!("loop bound: {e}"))
                        .at(ir::location(ir::terminator(latch))));
                }
            }
        }
        Ok(())
    }

    /// The backedge-taken count of `lp`, whose one exit outside error paths is at `latch`:
    /// SCEV's count ends at an exit into an error path too (`assert(i < n)`), which the model
    /// assumes is not taken; where the loop has one, the latch's own exit count.
    fn backedge_taken_count(&self, lp: Loop, latch: Block) -> Scev {
        let into_error = |b: &Block| lp.contains(*b) && ir::successors(*b).iter().any(|s| self.region.is_error_path(*s));
        match self.region.blocks.iter().any(into_error) {
            true => self.a.exit_count(lp, latch),
            false => self.a.backedge_taken_count(lp),
        }
    }

    /// The blocks of `lp` that leave it other than into an error path, in region order.
    fn exiting_blocks(&self, lp: Loop) -> Vec<Block> {
        let inside = |b: &Block| lp.contains(*b);
        self.region
            .blocks
            .iter()
            .copied()
            .filter(|b| inside(b) && self.region.successors(*b).iter().any(|s| !inside(s)))
            .collect()
    }

    /// The exit block and the exiting block of `lp` if it has one of each, error paths aside.
    fn single_exit(&self, lp: Loop) -> (Option<Block>, Option<Block>) {
        let exiting = self.exiting_blocks(lp);
        let mut exits: Vec<Block> = exiting.iter().flat_map(|e| self.region.successors(*e)).filter(|s| !lp.contains(*s)).collect();
        exits.dedup();
        match (exits.as_slice(), exiting.as_slice()) {
            ([exit], [exiting]) => (Some(*exit), Some(*exiting)),
            _ => (None, None),
        }
    }

    /// A loop with several exits, or with its exit elsewhere than at its latch, is modeled
    /// when each exit is a two-way branch of the loop itself (not of an inner loop) that
    /// runs in every iteration until one of them leaves (it dominates the latch), and the
    /// exits stay in the region (a loop region's outermost loop may leave it). The iterations
    /// are then those up to the first in which some exit condition holds
    /// (`exit_condition_bounds`); in that last one, the blocks after the exit that leaves
    /// do not run (their domains come through its edge into the loop, which excludes it).
    fn check_exits(&self, lp: Loop, latch: Block) -> RejectResult<()> {
        let exiting = self.exiting_blocks(lp);
        let reject = |why: &str, at: Block| Err(Reject::new(RejectKind::SeveralExits, why.to_string()).at(ir::location(ir::terminator(at))));
        for &e in &exiting {
            let term = ir::terminator(e);
            let succs = self.region.successors(e);
            if ir::opcode(term) != Some(LLVMOpcode::LLVMBr) || succs.len() != 2 {
                return reject("loop exit that is not a two-way branch", e);
            }
            if self.a.loop_for(e) != Some(lp) {
                return reject("exit of an outer loop from an inner loop", e);
            }
            if !self.a.dominates(e, latch) {
                return reject("loop exit under a condition (it does not run in every iteration)", e);
            }
            let leaves_region = succs.iter().any(|s| !lp.contains(*s) && !self.region.contains(*s));
            if leaves_region && !self.region.is_function && self.region.loop_depth(lp) != Some(0) {
                return reject("loop leaves the region", e);
            }
        }
        Ok(())
    }

    /// The affine backedge-taken count of `lp`, translated where the loop is entered (on
    /// the domain `entry`, which makes `zext` and unsigned min/max of non-negative values
    /// affine).
    fn trip_count(&mut self, lp: Loop, entry: &isl_rs::Set, depth: usize) -> RejectResult<AffExpr> {
        if let Some(t) = self.trip.get(&lp) {
            return Ok(t.clone());
        }
        let latch = lp.latch().expect("checked in check_loops");
        let btc = self.a.scev_at_scope(self.backedge_taken_count(lp, latch), lp.parent());
        let facts = Some((self.text(entry)?, depth));
        let trip = self.affinator(facts).affine(btc).map_err(|why| {
            Reject::new(RejectKind::NonAffineLoopBound, format!("loop bound: {why}"))
                .at(ir::location(ir::terminator(latch)))
        })?;
        self.trip.insert(lp, trip.clone());
        Ok(trip)
    }

    fn prefix(&self) -> String {
        format!("[{}] -> ", self.parameters.names().join(", "))
    }

    fn parse(&self, text: &str) -> RejectResult<isl_rs::Set> {
        self.isl.set(text).map_err(isl_error)
    }

    fn universe(&self, depth: usize) -> RejectResult<isl_rs::Set> {
        let text = format!("{}{{ [{}] }}", self.prefix(), iterator_names(depth).join(", "));
        self.parse(&text)
    }

    /// `{ [i0..] : text }` over `depth` iterators.
    fn constraint(&self, depth: usize, text: &str) -> RejectResult<isl_rs::Set> {
        let names = iterator_names(depth);
        self.parse(&format!("{}{{ [{}] : {} }}", self.prefix(), names.join(", "), text))
    }

    fn domain_of(&mut self, block: Block) -> RejectResult<isl_rs::Set> {
        let depth = self.depth(block);
        if block == self.region.entry {
            let mut set = self.universe(depth)?;
            if depth == 1 {
                let lp = self.region.loops_around(self.a, block)[0];
                let outside = self.entry_facts()?;
                let bounds = self.loop_bounds(lp, &outside, depth)?;
                set = self.ok(set.intersect(bounds))?;
            }
            return Ok(set);
        }
        if let Some(branch) = self.pure_branch_of.get(&block) {
            let set = &self.sets[branch];
            return self.isl.check(set.copy()).map_err(isl_error);
        }
        // A block that executes exactly when its immediate dominator does (it post-dominates
        // it, in the same loop iteration) has the same domain: no union to simplify.
        if let Some(dom) = self.control_equivalent_dominator(block) {
            return self.isl.check(self.sets[&dom].copy()).map_err(isl_error);
        }
        let mut result: Option<isl_rs::Set> = None;
        for pred in self.forward_predecessors(block) {
            let part = self.edge_domain(pred, block)?;
            result = Some(match result {
                None => part,
                Some(acc) => self.isl.check(acc.union(part)).map_err(isl_error)?,
            });
        }
        let set = result.ok_or_else(|| {
            Reject::new(RejectKind::IrreducibleControlFlow, "block without predecessor in region")
        })?;
        self.isl.check(set.coalesce()).map_err(isl_error)
    }

    /// For a loop nest inside a function: what the branches that lead to it say about the
    /// parameters and the outer iterations (`m > 0` guards `for (j = 0; j < m; j++)`), where
    /// that is affine; nothing otherwise. Only branches in the loops around the region count:
    /// their conditions hold for the iteration that enters it.
    fn entry_facts(&mut self) -> RejectResult<isl_rs::Set> {
        let mut set = self.universe(0)?;
        if self.region.is_function {
            return Ok(set);
        }
        let entry = self.region.entry;
        let mut dominator = self.a.immediate_dominator(entry);
        for _ in 0..MAX_ENTRY_BRANCHES {
            let Some(d) = dominator else { break };
            dominator = self.a.immediate_dominator(d);
            let term = ir::terminator(d);
            let succs = ir::successors(d);
            let around = self.a.loop_for(d).is_none_or(|l| l.contains(entry));
            if ir::opcode(term) != Some(LLVMOpcode::LLVMBr) || succs.len() != 2 || !around {
                continue;
            }
            let leads = [self.a.dominates(succs[0], entry), self.a.dominates(succs[1], entry)];
            if leads[0] == leads[1] {
                continue;
            }
            let Ok(text) = self.condition(ir::operand(term, 0), d, 0) else { continue };
            let text = if leads[0] { text } else { format!("not ({text})") };
            set = self.intersect(set, &text)?;
        }
        Ok(set)
    }

    fn control_equivalent_dominator(&self, block: Block) -> Option<Block> {
        let dom = self.a.immediate_dominator(block)?;
        let same_loop = self.a.loop_for(dom) == self.a.loop_for(block);
        let header = self.a.loop_for(block).is_some_and(|l| l.header() == block);
        (self.sets.contains_key(&dom) && same_loop && !header && self.a.post_dominates(block, dom))
            .then_some(dom)
    }

    fn forward_predecessors(&self, block: Block) -> Vec<Block> {
        self.region.forward_predecessors(block).to_vec()
    }

    fn intersect(&self, set: isl_rs::Set, text: &str) -> RejectResult<isl_rs::Set> {
        let depth = self.isl.check(set.dim(isl_rs::DimType::Out)).map_err(isl_error)? as usize;
        let c = self.constraint(depth, text)?;
        self.isl.check(set.intersect(c)).map_err(isl_error)
    }

    /// The iterations of the loop at iterator `depth - 1`, entered on `entry`: `0 <= i_d <=
    /// trip count`, or the iterations up to the first where the exit condition holds.
    fn loop_bounds(&mut self, lp: Loop, entry: &isl_rs::Set, depth: usize) -> RejectResult<isl_rs::Set> {
        if self.exit_bounded.contains(&lp) {
            return self.exit_condition_bounds(lp, entry, depth);
        }
        let trip = self.trip_count(lp, entry, depth - 1)?;
        let names = iterator_names(depth);
        let params = self.parameters.names();
        self.constraint(depth, &format!("0 <= {it} <= {}", trip.display(&names, &params), it = names[depth - 1]))
    }

    /// The iterations of a loop whose trip count SCEV cannot compute, or that has several
    /// exits, from the conditions of its exits (Polly's trip count from isl): with `E` the
    /// iterations `i_d >= 0` where some exit leaves the loop, the loop runs
    /// `0 <= i_d <= lexmin E` for each outer iteration. The exit conditions are read under
    /// no-wrap assumptions on that set (where they fit, the model's values are the machine's,
    /// so the first exit is the machine's too); a loop that may not leave at all on some
    /// entry is rejected.
    fn exit_condition_bounds(&mut self, lp: Loop, entry: &isl_rs::Set, depth: usize) -> RejectResult<isl_rs::Set> {
        if let Some(text) = self.exit_bounds.get(&lp) {
            return self.parse(text);
        }
        let latch = lp.latch().expect("checked in check_loops");
        let at = ir::location(ir::terminator(latch));
        let not_computable = |why: &str| {
            Reject::new(RejectKind::NonAffineLoopBound, format!("trip count not computable: {why}")).at(at.clone())
        };
        let names = iterator_names(depth);
        // `entry x { i_d >= 0 }`: the iterations that could run, before the exit bounds them.
        let open = self.ok(self.ok(entry.copy())?.add_dims(isl_rs::DimType::Out, 1))?;
        let open = self.intersect(open, &format!("{} >= 0", names[depth - 1]))?;
        let wraps_before = self.parameters.no_wrap.len();
        let facts = Some((self.text(&open)?, depth));
        // Each exit runs in every iteration until one leaves (`check_exits`): the loop leaves
        // in the first iteration where some exit condition holds.
        let mut conditions = Vec::new();
        for exiting in self.exiting_blocks(lp) {
            let term = ir::terminator(exiting);
            let succs = self.region.successors(exiting);
            if ir::opcode(term) != Some(LLVMOpcode::LLVMBr) || succs.len() != 2 {
                return Err(not_computable("the latch does not branch on a condition"));
            }
            let cond = self.condition_in(ir::operand(term, 0), exiting, depth, &facts).map_err(|why| {
                // Said at the exit whose condition is not affine (a data-dependent break).
                Reject::new(RejectKind::NonAffineLoopBound, format!("trip count not computable: {why}")).at(ir::location(term))
            })?;
            conditions.push(if lp.contains(succs[0]) { format!("not ({cond})") } else { cond });
        }
        let exit = conditions.iter().map(|c| format!("({c})")).collect::<Vec<_>>().join(" or ");
        let exits = self.intersect(self.ok(open.copy())?, &exit)?;
        // { [outer] -> [first exiting iteration] }
        let exits = self.ok(isl_rs::Map::from_range(exits))?;
        let exits = self.ok(exits.move_dims(isl_rs::DimType::In, 0, isl_rs::DimType::Out, 0, (depth - 1) as u32))?;
        let first = self.ok(exits.lexmin())?;
        let always_leaves = self.ok(self.ok(first.copy())?.domain())?;
        if !self.ok(entry.is_subset(&always_leaves))? {
            return Err(not_computable("the exit condition may never hold"));
        }
        let upto = format!("{}{{ [e] -> [{it}] : 0 <= {it} <= e }}", self.prefix(), it = names[depth - 1]);
        let upto = self.isl.map(&upto).map_err(isl_error)?;
        let iterations = self.ok(self.ok(self.ok(first.apply_range(upto))?.wrap())?.flatten())?;
        let iterations = self.ok(iterations.coalesce())?;
        let text = self.text(&iterations)?;
        // The no-wrap assumptions taken while reading the exit condition hold on these
        // iterations, not on all i_d >= 0 (and only on its piece, for one taken on a piece).
        for k in wraps_before..self.parameters.no_wrap.len() {
            let taken_on = self.parse(&self.parameters.no_wrap[k].domain)?;
            let holds_on = self.ok(taken_on.intersect(self.ok(iterations.copy())?))?;
            self.parameters.no_wrap[k].domain = self.text(&holds_on)?;
        }
        self.exit_bounds.insert(lp, text);
        Ok(iterations)
    }

    /// The domain of `pred` restricted to the edge `pred -> block`, moved into `block`'s space.
    fn edge_domain(&mut self, pred: Block, block: Block) -> RejectResult<isl_rs::Set> {
        let from_depth = self.depth(pred);
        let set = self.isl.check(self.sets[&pred].copy()).map_err(isl_error)?;
        let set = match self.edge_condition(pred, block)? {
            Some(cond) => self.intersect(set, &cond)?,
            None => set,
        };
        let to_loops = self.region.loops_around(self.a, block);
        let to_depth = to_loops.len();
        // Leaving loops: project their iterators out.
        let common = self
            .region
            .loops_around(self.a, pred)
            .iter()
            .zip(&to_loops)
            .take_while(|(x, y)| x == y)
            .count();
        let mut set = set;
        // Leaving a loop through its single exit happens once per entry into the loop (its
        // trip count is finite): the exit edge's domain is the preheader's.
        if from_depth == common + 1 {
            let lp = self.region.loops_around(self.a, pred)[common];
            if let Some(pre) = lp.preheader().filter(|p| self.sets.contains_key(p)) {
                if self.single_exit(lp).0 == Some(block) {
                    return self.isl.check(self.sets[&pre].copy()).map_err(isl_error);
                }
            }
        }
        if from_depth > common {
            set = self
                .isl
                .check(set.project_out(isl_rs::DimType::Out, common as u32, (from_depth - common) as u32))
                .map_err(isl_error)?;
        }
        // Entering a loop: add its iterator, bounded by the trip count.
        if to_depth > common {
            if to_depth != common + 1 || to_loops[common].header() != block {
                return Err(Reject::new(
                    RejectKind::IrreducibleControlFlow,
                    "loop entered other than through its header",
                ));
            }
            let bounds = self.loop_bounds(to_loops[common], &set, to_depth)?;
            set = self.isl.check(set.add_dims(isl_rs::DimType::Out, 1)).map_err(isl_error)?;
            set = self.ok(set.intersect(bounds))?;
        }
        Ok(set)
    }

    /// The affine condition under which `pred` branches to `block`, in `pred`'s iterators;
    /// `None` for an unconditional edge (or an edge inside a hammock).
    fn edge_condition(&mut self, pred: Block, block: Block) -> RejectResult<Option<String>> {
        let term = ir::terminator(pred);
        match ir::opcode(term) {
            Some(LLVMOpcode::LLVMBr) => {}
            // A call whose unwinding is an error path (C++'s `new` of a second `std::vector`):
            // control goes on to the normal destination.
            Some(LLVMOpcode::LLVMInvoke) if self.region.successors(pred).len() == 1 => return Ok(None),
            Some(LLVMOpcode::LLVMSwitch) => {
                return Err(Reject::new(RejectKind::NonAffineCondition, "switch statement")
                    .at(ir::location(term)))
            }
            _ => {
                return Err(Reject::new(
                    RejectKind::UnsupportedInstruction,
                    format!("terminator {}", ir::to_string(term)),
                )
                .at(ir::location(term)))
            }
        }
        let succs = ir::successors(pred);
        if succs.len() != 2 || succs[0] == succs[1] {
            return Ok(None);
        }
        if self.hammocks.iter().any(|h| h.branch == pred) || self.nested_branches.contains(&pred) {
            return Ok(None);
        }
        let cond = ir::operand(term, 0);
        let depth = self.depth(pred);
        let text = match self.condition(cond, pred, depth) {
            Ok(text) => text,
            // The other side is an error path, which no instance takes (`error_free` assumes
            // it from a bound of the condition): every instance comes here.
            Err(_) if succs.iter().any(|s| *s != block && self.region.is_error_path(*s)) => return Ok(None),
            Err(why) => return Err(Reject::new(RejectKind::NonAffineCondition, why).at(ir::location(term))),
        };
        Ok(Some(if succs[0] == block { text } else { format!("not ({text})") }))
    }

    /// The instances of `block` that branch into the error path `error`: its edge condition,
    /// or, for a comparison of polynomials (`y * w + x >= v.size()` of C++'s `v.at(y * w +
    /// x)`), a superset of them bounded affinely (`Affinator::comparison_superset`).
    fn error_condition(&mut self, block: Block, error: Block) -> RejectResult<String> {
        let exact = match self.edge_condition(block, error) {
            Ok(condition) => return Ok(condition.unwrap_or_else(|| "0 = 0".into())),
            Err(reject) => reject,
        };
        let cond = ir::operand(ir::terminator(block), 0);
        if ir::opcode(cond) != Some(LLVMOpcode::LLVMICmp) {
            return Err(exact);
        }
        let depth = self.depth(block);
        let facts = Some((self.text(&self.sets[&block])?, depth));
        let taken = ir::successors(block)[0] == error;
        self.affinator(facts).comparison_superset(cond, taken, &iterator_names(depth)).map_err(|_| exact)
    }

    /// Per conditional branch of the region into an error path (a throw, `abort()`, a failed
    /// `assert`): the parameters for which no instance of the branch block takes it, an
    /// assumption the run-time check proves. A data-dependent condition is rejected: whether it
    /// holds is known only by running the region.
    fn error_free(&mut self) -> RejectResult<Vec<Assumption>> {
        let mut out = Vec::new();
        for &block in &self.region.blocks {
            let term = ir::terminator(block);
            let errors: Vec<Block> = ir::successors(block).into_iter().filter(|s| self.region.is_error_path(*s)).collect();
            if errors.is_empty() || ir::opcode(term) != Some(LLVMOpcode::LLVMBr) {
                continue;
            }
            let taken = self.error_condition(block, errors[0])?;
            let instances = self.intersect(self.isl.check(self.sets[&block].copy()).map_err(isl_error)?, &taken)?;
            let params = self.ok(instances.params())?;
            if self.ok(params.is_empty())? {
                continue;
            }
            let never = self.ok(self.ok(params.complement())?.coalesce())?;
            let at = ir::location(term).map_or_else(String::new, |l| format!(" at {l}"));
            let assumption = Assumption { reason: format!("the error path{} is not taken{at}", error_call(errors[0])), set: self.text(&never)? };
            // Two `std::vector`s of one size check it twice, at one line of the library.
            if !out.contains(&assumption) {
                out.push(assumption);
            }
        }
        Ok(out)
    }

    /// The affine constraint an `i1` value stands for, on the facts of `at`'s domain.
    fn condition(&mut self, cond: Value, at: Block, depth: usize) -> Result<String, String> {
        self.condition_in(cond, at, depth, &None)
    }

    /// The affine constraint an `i1` value stands for, on `facts` (`None`: `at`'s domain).
    fn condition_in(&mut self, cond: Value, at: Block, depth: usize, facts: &Option<(String, usize)>) -> Result<String, String> {
        if let Some(c) = ir::const_int(cond) {
            return Ok(if c != 0 { "0 = 0".into() } else { "1 = 0".into() });
        }
        match ir::opcode(cond) {
            Some(LLVMOpcode::LLVMICmp) => self.comparison(cond, at, depth, facts),
            Some(op @ (LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr)) => {
                let x = self.condition_in(ir::operand(cond, 0), at, depth, facts)?;
                let y = self.condition_in(ir::operand(cond, 1), at, depth, facts)?;
                let word = if op == LLVMOpcode::LLVMAnd { "and" } else { "or" };
                Ok(format!("({x}) {word} ({y})"))
            }
            // `a && b` and `a || b` as clang writes them: select a, b, false / select a, true, b.
            Some(LLVMOpcode::LLVMSelect) if ir::value_type(cond) == Some(polyhedral::model::ScalarType::I1) => {
                let (c, t, f) = (ir::operand(cond, 0), ir::operand(cond, 1), ir::operand(cond, 2));
                let x = self.condition_in(c, at, depth, facts)?;
                match (ir::const_int(t), ir::const_int(f)) {
                    (_, Some(0)) => Ok(format!("({x}) and ({})", self.condition_in(t, at, depth, facts)?)),
                    (Some(c1), _) if c1 != 0 => Ok(format!("({x}) or ({})", self.condition_in(f, at, depth, facts)?)),
                    _ => Err(format!("branch on a non-affine value: {}", ir::to_string(cond))),
                }
            }
            Some(LLVMOpcode::LLVMXor) if ir::const_int(ir::operand(cond, 1)) == Some(-1) => {
                Ok(format!("not ({})", self.condition_in(ir::operand(cond, 0), at, depth, facts)?))
            }
            _ => Err(format!("branch on a non-affine value: {}", ir::to_string(cond))),
        }
    }

    fn comparison(&mut self, cmp: Value, at: Block, depth: usize, facts: &Option<(String, usize)>) -> Result<String, String> {
        let scope = self.a.loop_for(at);
        let names = iterator_names(depth);
        let facts = match (facts, self.sets.get(&at)) {
            (Some(facts), _) => Some(facts.clone()),
            (None, Some(set)) => Some((self.text(set).map_err(|r| r.message)?, depth)),
            (None, None) => None,
        };
        Ok(self.affinator(facts).comparison(cmp, scope, &names)?)
    }

    /// After `block`'s domain is known: if it ends in a non-affine branch whose sides are
    /// free of side effects up to the join, record the hammock.
    fn note_hammock(&mut self, block: Block) -> RejectResult<()> {
        let term = ir::terminator(block);
        if ir::opcode(term) != Some(LLVMOpcode::LLVMBr) {
            return Ok(());
        }
        let succs = self.region.successors(block);
        if succs.len() != 2 || succs[0] == succs[1] {
            return Ok(());
        }
        let cond = ir::operand(term, 0);
        let depth = self.depth(block);
        if self.condition(cond, block, depth).is_ok() {
            return Ok(());
        }
        let reject = |why: &str| {
            Reject::new(
                RejectKind::NonAffineCondition,
                format!("data-dependent branch {why}: {}", ir::to_string(cond)),
            )
            .at(ir::location(term))
        };
        let join = self.a.immediate_post_dominator(block).ok_or_else(|| reject("without join"))?;
        if !self.region.contains(join) || self.a.loop_for(join) != self.a.loop_for(block) {
            return Err(reject("whose join is outside its loop"));
        }
        // Inside an arm of a side-effect-free hammock, towards its join (`c1 && c2 ? x : y`
        // written with two branches) or towards a block of its arms (`c1 ? (i < m ? (c2 ? x :
        // y) : z) : w`): the selects of the phis at the join or in the arms decide them on
        // every condition on the way, as Polly's non-affine subregion reads them
        // (`StatementBuilder::select_paths`).
        let covered = self.hammocks.iter().any(|h| {
            h.arms.contains(&block)
                && (h.join == join && h.closed() || h.arms.contains(&join))
                && h.arms.iter().all(|&arm| !has_side_effects(arm))
        });
        if covered {
            self.nested_branches.insert(block);
            return Ok(());
        }
        let arms = self.arms(block, join).ok_or_else(|| reject("around a loop"))?;
        // The arms share the branch block's domain: the sides of an affine branch inside them
        // (`c ? (i == 0 ? x : y) : z`) run on the whole domain. That is right for values the
        // join's selects choose from and for a phi inside the arms, which becomes a select on
        // the affine condition too (`StatementBuilder::select_paths`; as a phi written on its
        // edges it took both sides' values in one iteration: gen-loops seed 41392), wrong for
        // a store, which would run on both sides.
        if arms.iter().any(|&arm| has_side_effects(arm)) && arms.iter().any(|&arm| self.branches_affinely(arm)) {
            return Err(reject("around an affine branch whose sides write"));
        }
        // Stores under the branch become statements guarded by its condition (their writes
        // are may-writes), where each arm is straight-line code: one condition decides it.
        let straight = arms.iter().all(|&arm| self.region.successors(arm).len() == 1);
        for &arm in &arms {
            if has_impure_call(arm) {
                return Err(reject("guarding a call"));
            }
            if has_side_effects(arm) && !straight {
                return Err(reject("guarding a store, with branches of its own"));
            }
        }
        // Every way into an arm comes from the branch: the arms share its domain.
        for &arm in &arms {
            if self.forward_predecessors(arm).iter().any(|p| *p != block && !arms.contains(p)) {
                return Err(reject("whose arms are entered from elsewhere"));
            }
        }
        // A join with other ways in (an affine `if` around the data-dependent one) keeps a
        // domain of its own; not inside another hammock, whose domain and unit would hold it
        // (its phis would have no edge conditions to tell their writes apart).
        let open = self.forward_predecessors(join).iter().any(|p| *p != block && !arms.contains(p));
        if open && self.pure_branch_of.contains_key(&join) {
            return Err(reject("whose join has other predecessors, inside another data-dependent branch"));
        }
        let mut shared = arms.clone();
        if !open {
            shared.push(join);
        }
        for arm in shared {
            self.pure_branch_of.insert(arm, block);
        }
        self.hammocks.push(Hammock {
            branch: block,
            condition: cond,
            true_successor: succs[0],
            false_successor: succs[1],
            join,
            arms,
            open,
        });
        Ok(())
    }

    /// Whether `block` ends in a branch between different successors that is not data
    /// dependent (an affine condition, or a switch).
    fn branches_affinely(&mut self, block: Block) -> bool {
        let succs = self.region.successors(block);
        if succs.len() < 2 || succs.iter().all(|s| *s == succs[0]) {
            return false;
        }
        let term = ir::terminator(block);
        ir::opcode(term) != Some(LLVMOpcode::LLVMBr) || self.condition(ir::operand(term, 0), block, self.depth(block)).is_ok()
    }

    /// Blocks strictly between `branch` and `join`; `None` if a loop is among them.
    fn arms(&self, branch: Block, join: Block) -> Option<Vec<Block>> {
        let mut arms = Vec::new();
        let mut work: Vec<Block> = self.region.successors(branch);
        while let Some(b) = work.pop() {
            if b == join || arms.contains(&b) {
                continue;
            }
            if !self.region.contains(b) || self.a.loop_for(b) != self.a.loop_for(branch) {
                return None;
            }
            arms.push(b);
            work.extend(self.region.successors(b));
        }
        Some(arms)
    }
}

/// ` (to f)` for the first function an error path calls (`__throw_length_error`,
/// `__assert_fail`, `abort`), looking a few blocks down the path; empty if it calls none.
fn error_call(path: Block) -> String {
    let mut block = Some(path);
    for _ in 0..4 {
        let Some(b) = block else { break };
        // Debug intrinsics (`llvm.dbg.value` of an inlined `at()`'s index) are no call of the path.
        let called = ir::instructions(b).into_iter().filter_map(ir::called_function_name).find(|n| !n.starts_with("llvm.dbg."));
        if let Some(name) = called {
            return format!(" (to {name})");
        }
        block = ir::successors(b).first().copied();
    }
    String::new()
}

/// Whether a block calls something impure. Releasing memory does not count: the model has
/// no statement for it (the generated code frees what it allocates), so `if (p) free(p)`,
/// C++'s `delete` of a `std::vector`'s data, guards nothing.
pub fn has_impure_call(block: Block) -> bool {
    ir::instructions(block).into_iter().any(|inst| {
        ir::opcode(inst) == Some(LLVMOpcode::LLVMCall) && !crate::statements::is_pure_call(inst) && !is_release(inst)
    })
}

/// Whether `inst` calls `free` or C++'s `delete`.
fn is_release(inst: Value) -> bool {
    ir::called_function_name(inst).is_some_and(|n| crate::arrays::is_deallocator(&n))
}

/// Whether a block writes memory or calls something impure.
pub fn has_side_effects(block: Block) -> bool {
    ir::instructions(block).into_iter().any(|inst| match ir::opcode(inst) {
        Some(LLVMOpcode::LLVMStore) => true,
        Some(LLVMOpcode::LLVMCall) => !crate::statements::is_pure_call(inst) && !is_release(inst),
        _ => false,
    })
}
