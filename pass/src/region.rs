//! Candidate regions: a set of blocks with one entry, whose loops are all inside it.
//!
//! polyprop models the largest region first (a whole function body: every stage of an image
//! pipeline, from the first `malloc` to the last `free`, because propagation needs producer
//! and consumer in the same SCoP) and, if that is rejected, each outermost loop nest on its
//! own, then their inner loops.
//!
//! Blocks from which no return is reachable are *error paths*: a throw (`std::vector`'s
//! length check, a failed `new`), `abort()` or a failed `assert`, a landing pad that resumes
//! unwinding, `unreachable`. No region holds them; the branches into them become assumptions
//! that they are not taken (`domains`), as Polly's error blocks do, and the run-time check
//! sends the instances that would take one to the original code.

use crate::bridge::{Analyses, Loop};
use crate::ir::{self, Block, Value};
use llvm_sys::LLVMOpcode;
use std::cell::OnceCell;
use std::collections::{HashMap, HashSet};

pub struct Region {
    pub entry: Block,
    /// Blocks in reverse post-order of the forward (non-back) edges.
    pub blocks: Vec<Block>,
    members: HashSet<Block>,
    /// Loop depth (in LoopInfo) of the region's surroundings: 0 for a function body.
    pub base_depth: u32,
    /// Loops whose header is in the region, with their iterator index (depth - 1).
    loops: HashMap<Loop, usize>,
    /// Whether the region is the whole function body (it then contains the return).
    pub is_function: bool,
    /// The innermost loop around the region, which runs it again at each iteration.
    enclosing: Option<Loop>,
    order: HashMap<Block, usize>,
    /// Predecessors along forward edges, in reverse post-order.
    forward_predecessors: HashMap<Block, Vec<Block>>,
    /// The function's error paths (no return reachable from them).
    error_blocks: HashSet<Block>,
    /// `reachable_from_entry`, found on first use.
    reachable: OnceCell<HashSet<Block>>,
}

impl Region {
    /// The region of all blocks of `function`.
    pub fn function_body(a: Analyses, function: Value) -> Option<Region> {
        let blocks = ir::blocks(function);
        let entry = *blocks.first()?;
        let errors = error_blocks(&blocks);
        let members = blocks.into_iter().filter(|b| !errors.contains(b)).collect();
        Region::new(a, entry, members, 0, true, errors)
    }

    /// The region of the blocks of loop `lp`.
    pub fn loop_nest(a: Analyses, function: Value, lp: Loop) -> Option<Region> {
        let blocks = ir::blocks(function);
        let errors = error_blocks(&blocks);
        let members: HashSet<Block> = blocks.into_iter().filter(|b| lp.contains(*b) && !errors.contains(b)).collect();
        Region::new(a, lp.header(), members, lp.depth() - 1, false, errors)
    }

    /// A region holding consecutive loop nests `first` to `last` of one parent and the code
    /// between them (`t = malloc(..); if (!t) return -1; for ..; for ..; free(t);`, whose body
    /// is no SCoP, holds its stages here): the smallest one with a single entry block, entered
    /// from outside only there, and a single exit block, starting at `first`'s preheader or one
    /// of its dominators (the guards `if (h > 0)` that rotated loops get) and ending at `last`'s
    /// exit or one of its post-dominators, all of them outside any loop of the parent's.
    pub fn loop_sequence(a: Analyses, function: Value, first: Loop, last: Loop) -> Option<Region> {
        let level = |b: Block| a.loop_for(b) == first.parent();
        let entries = chain(first.preheader()?, |b| a.immediate_dominator(b), level);
        let exits = chain(last.exit_block()?, |b| a.immediate_post_dominator(b), level);
        let blocks = ir::blocks(function);
        let errors = error_blocks(&blocks);
        // The run-time check goes before the entry: the function's first block is no entry,
        // nor the header of the loop around the nests, which the loop's back edge enters too
        // (its phis would be values from outside, its loop one the region does not hold).
        let around = first.parent().map(|p| p.header());
        entries.iter().filter(|e| Some(**e) != blocks.first().copied() && Some(**e) != around).find_map(|&entry| {
            exits.iter().find_map(|&exit| {
                let members = single_entry_exit(&blocks, entry, exit, &errors)?;
                let nests_inside = [first.header(), last.header()].iter().all(|h| members.contains(h));
                // The new code continues at the exit on one edge: a phi there taking different
                // values from inside (a reduction after the last stage, 0 where its loop does
                // not run) is left to a shorter sequence.
                let one_value_out = one_value_out(exit, &members);
                // Every loop inside whole: the blocks of a nest below the parent come with it.
                let loops_whole = members.iter().all(|&b| match a.loop_for(b) {
                    l if l == first.parent() => true,
                    Some(l) => outermost_below(l, first.parent()).is_some_and(|o| members.contains(&o.header())),
                    None => false,
                });
                (nests_inside && loops_whole && one_value_out).then(|| Region::new(a, entry, members, first.depth() - 1, false, errors.clone())).flatten()
            })
        })
    }

    fn new(
        a: Analyses,
        entry: Block,
        members: HashSet<Block>,
        base_depth: u32,
        is_function: bool,
        error_blocks: HashSet<Block>,
    ) -> Option<Region> {
        // A region on an error path (a cleanup loop of a landing pad) is never modeled.
        if !members.contains(&entry) {
            return None;
        }
        let mut loops = HashMap::new();
        for &b in &members {
            if let Some(l) = a.loop_for(b) {
                if l.header() == b {
                    loops.insert(l, (l.depth() - base_depth - 1) as usize);
                }
            }
        }
        let blocks = reverse_post_order(a, entry, &members)?;
        let order: HashMap<Block, usize> = blocks.iter().enumerate().map(|(k, b)| (*b, k)).collect();
        let mut forward_predecessors: HashMap<Block, Vec<Block>> = HashMap::new();
        for &b in &blocks {
            for s in ir::successors(b) {
                if members.contains(&s) && !is_back_edge(a, b, s) {
                    forward_predecessors.entry(s).or_default().push(b);
                }
            }
        }
        let mut enclosing = a.loop_for(entry);
        while let Some(l) = enclosing.filter(|l| l.depth() > base_depth) {
            enclosing = l.parent();
        }
        Some(Region {
            entry,
            blocks,
            members,
            base_depth,
            loops,
            is_function,
            enclosing,
            order,
            forward_predecessors,
            error_blocks,
            reachable: OnceCell::new(),
        })
    }

    pub fn contains(&self, bb: Block) -> bool {
        self.members.contains(&bb)
    }

    /// The region's blocks, as a set.
    pub fn members(&self) -> &HashSet<Block> {
        &self.members
    }

    /// The successors of `bb` that are not error paths: where control goes when the
    /// region's assumptions hold.
    pub fn successors(&self, bb: Block) -> Vec<Block> {
        ir::successors(bb).into_iter().filter(|s| !self.error_blocks.contains(s)).collect()
    }

    /// Whether `bb` is an error path (no return reachable from it).
    pub fn is_error_path(&self, bb: Block) -> bool {
        self.error_blocks.contains(&bb)
    }

    /// Whether `value` is an instruction inside the region.
    pub fn defines(&self, value: Value) -> bool {
        ir::block_of(value).is_some_and(|b| self.contains(b))
    }

    /// Whether the array allocated by `allocation` (a call or an `alloca`) is a new one at
    /// each run of the region: no loop runs the region again, or that loop allocates it anew
    /// (the call is inside it, or the `alloca`'s lifetime starts there, as a local array
    /// declared in its body). Otherwise one run of the region leaves in the array what the
    /// next run may read.
    pub fn allocated_per_run(&self, allocation: Value) -> bool {
        let casts = ir::users(allocation).into_iter().filter(|u| ir::opcode(*u) == Some(LLVMOpcode::LLVMBitCast));
        !self.outside_reruns(allocation)
            || std::iter::once(allocation).chain(casts).flat_map(ir::users).any(|u| {
                ir::called_function_name(u).is_some_and(|n| n.starts_with("llvm.lifetime.start")) && !self.outside_reruns(u)
            })
    }

    /// Whether the instruction `v` is outside the loop that runs the region again (false
    /// where none does).
    pub fn outside_reruns(&self, v: Value) -> bool {
        self.enclosing.is_some_and(|l| !ir::block_of(v).is_some_and(|b| l.contains(b)))
    }

    /// The blocks of the function that the region's entry reaches: the region, what runs
    /// after it, and, where a loop runs it again, the rest of that loop. An instruction
    /// outside them runs only before the region. Found once per region, which each array's
    /// liveness asks.
    pub fn reachable_from_entry(&self) -> &HashSet<Block> {
        self.reachable.get_or_init(|| {
            let mut seen: HashSet<Block> = HashSet::from([self.entry]);
            let mut work = vec![self.entry];
            while let Some(b) = work.pop() {
                for s in ir::successors(b) {
                    if seen.insert(s) {
                        work.push(s);
                    }
                }
            }
            seen
        })
    }

    /// The iterator index of a loop inside the region.
    pub fn loop_depth(&self, lp: Loop) -> Option<usize> {
        self.loops.get(&lp).copied()
    }

    pub fn loops(&self) -> impl Iterator<Item = (Loop, usize)> + '_ {
        self.loops.iter().map(|(l, d)| (*l, *d))
    }

    /// The loops around `bb` inside the region, outermost first.
    pub fn loops_around(&self, a: Analyses, bb: Block) -> Vec<Loop> {
        let mut out = Vec::new();
        let mut l = a.loop_for(bb);
        while let Some(lp) = l {
            if !self.loops.contains_key(&lp) {
                break;
            }
            out.push(lp);
            l = lp.parent();
        }
        out.reverse();
        out
    }

    /// Position of a block in reverse post-order.
    pub fn order_of(&self, bb: Block) -> Option<usize> {
        self.order.get(&bb).copied()
    }

    /// Predecessors of `bb` along forward (non-back) edges inside the region.
    pub fn forward_predecessors(&self, bb: Block) -> &[Block] {
        self.forward_predecessors.get(&bb).map_or(&[], Vec::as_slice)
    }
}

/// `start` and up to three blocks after it along `next`, as long as `keep` holds.
/// Whether each phi of `exit` takes one value from the blocks of `inside` (the code that
/// replaces a region continues at its exit on one edge, and hands back one value per phi).
pub fn one_value_out(exit: Block, inside: &HashSet<Block>) -> bool {
    ir::instructions(exit).into_iter().filter(|i| ir::is_phi(*i)).all(|phi| {
        let from_inside: Vec<Value> = ir::phi_incoming(phi).into_iter().filter(|(_, b)| inside.contains(b)).map(|(v, _)| v).collect();
        from_inside.windows(2).all(|pair| pair[0] == pair[1])
    })
}

fn chain(start: Block, next: impl Fn(Block) -> Option<Block>, keep: impl Fn(Block) -> bool) -> Vec<Block> {
    let mut out = vec![start];
    while out.len() < 4 {
        match next(out[out.len() - 1]) {
            Some(b) if keep(b) => out.push(b),
            _ => break,
        }
    }
    out.retain(|b| keep(*b));
    out
}

/// Whether no return is reachable from the entry of `function` (`exit()` at its end, a
/// server loop): its body is one error path.
pub fn never_returns(function: Value) -> bool {
    let blocks = ir::blocks(function);
    blocks.first().is_some_and(|entry| error_blocks(&blocks).contains(entry))
}

/// The blocks of `blocks` from which no return is reachable (the function's error paths).
pub fn error_blocks(blocks: &[Block]) -> HashSet<Block> {
    let mut predecessors: HashMap<Block, Vec<Block>> = HashMap::new();
    for &b in blocks {
        for s in ir::successors(b) {
            predecessors.entry(s).or_default().push(b);
        }
    }
    let is_return = |b: &Block| ir::opcode(ir::terminator(*b)) == Some(llvm_sys::LLVMOpcode::LLVMRet);
    let mut returning: HashSet<Block> = HashSet::new();
    let mut work: Vec<Block> = blocks.iter().copied().filter(is_return).collect();
    while let Some(b) = work.pop() {
        if returning.insert(b) {
            work.extend(predecessors.get(&b).into_iter().flatten().copied());
        }
    }
    blocks.iter().copied().filter(|b| !returning.contains(b)).collect()
}

/// The blocks from `entry` up to, not including, `exit`, if control enters them only at
/// `entry` (not from inside: no loop around it) and leaves them only to `exit` (or to error
/// paths).
fn single_entry_exit(blocks: &[Block], entry: Block, exit: Block, errors: &HashSet<Block>) -> Option<HashSet<Block>> {
    let mut members: HashSet<Block> = HashSet::new();
    let mut work = vec![entry];
    while let Some(b) = work.pop() {
        if b == exit || !members.insert(b) {
            continue;
        }
        let successors: Vec<Block> = ir::successors(b).into_iter().filter(|s| !errors.contains(s)).collect();
        // A return (or unreachable) inside: control would leave elsewhere than the exit.
        if successors.is_empty() || successors.contains(&entry) {
            return None;
        }
        work.extend(successors);
    }
    let entered_elsewhere = blocks.iter().any(|&b| !members.contains(&b) && ir::successors(b).iter().any(|s| *s != entry && members.contains(s)));
    (!entered_elsewhere).then_some(members)
}

/// The loop containing `lp` (or `lp` itself) whose parent is `parent`.
fn outermost_below(mut lp: Loop, parent: Option<Loop>) -> Option<Loop> {
    while lp.parent() != parent {
        lp = lp.parent()?;
    }
    Some(lp)
}

/// Whether the edge `from -> to` is a back edge (to the header of a loop containing `from`).
pub fn is_back_edge(a: Analyses, from: Block, to: Block) -> bool {
    a.loop_for(to).is_some_and(|l| l.header() == to && l.contains(from))
}

/// Topological order of the forward edges; `None` if they contain a cycle (irreducible
/// control flow) or a block is unreachable from the entry.
fn reverse_post_order(a: Analyses, entry: Block, members: &HashSet<Block>) -> Option<Vec<Block>> {
    let mut indegree: HashMap<Block, usize> = members.iter().map(|b| (*b, 0)).collect();
    for &b in members {
        for s in ir::successors(b) {
            if members.contains(&s) && !is_back_edge(a, b, s) {
                *indegree.get_mut(&s)? += 1;
            }
        }
    }
    if indegree[&entry] != 0 {
        return None;
    }
    // Depth-first topological order keeps loop bodies contiguous, so schedules follow the
    // source order of the stages.
    let mut order = Vec::with_capacity(members.len());
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        order.push(b);
        let mut ready = Vec::new();
        for s in ir::successors(b) {
            if !members.contains(&s) || is_back_edge(a, b, s) {
                continue;
            }
            let d = indegree.get_mut(&s)?;
            *d -= 1;
            if *d == 0 {
                ready.push(s);
            }
        }
        // Push so that blocks staying inside the current loop are visited first, and among
        // them the successors in branch order (the `then` side before the `else` side).
        let lp = a.loop_for(b);
        ready.reverse();
        ready.sort_by_key(|s| lp.is_some_and(|l| l.contains(*s)));
        stack.extend(ready);
    }
    (order.len() == members.len()).then_some(order)
}
