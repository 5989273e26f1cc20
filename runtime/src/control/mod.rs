//! Interprocedural control structure of an execution (paper 001, sections 3 and 4): the
//! dynamic control-flow graph of each function, its loop-nesting forest (Havlak, section 3.1),
//! the loop events entry / iterate / exit generated from jumps (Algorithm 1), calls and returns
//! (Algorithm 2, without recursive components), and the dynamic interprocedural iteration
//! vector (Algorithm 3): the canonical iteration counters of every live loop, outermost frame
//! first, with a calling context made of the call sites and the live loops' headers.
//!
//! Input: one event per executed basic block, saying how control reached it (a jump inside the
//! function, a call, or a return). The CFG of a function grows as edges are executed; its loop
//! forest is recomputed when an edge is new (`recomputations` counts how often).
//!
//! Not yet: recursive components (Algorithm 2's `E_C/I_C/I_R/X_R` events). A recursive call
//! opens a new frame like any call, so each recursion depth has its own calling context.
//! Call depth is limited to [`MAX_FRAMES`]; deeper calls are followed as jumps.

pub mod havlak;
pub mod recursion;

use havlak::{loop_forest, LoopForest};
use crate::fast_hash::FastMap;
use std::collections::HashMap;

/// Deepest call stack followed; deeper calls are treated as jumps in the deepest frame.
pub const MAX_FRAMES: usize = 256;

/// How control reached a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    /// A jump or fall-through inside the current function.
    Jump,
    /// A call from the instruction at `call_site`; the callee returns to `return_address`.
    Call { call_site: u64, return_address: u64 },
    /// A return instruction.
    Return,
}

/// Identifies a loop: the entry address of its function and the address of its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopKey {
    pub function: u64,
    pub header: u64,
}

/// Trip counts of one loop over the execution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TripCounts {
    /// Number of entries (E events).
    pub entries: u64,
    /// Number of iterations over all entries (one per E or I event).
    pub iterations: u64,
    pub min: u64,
    pub max: u64,
}

#[derive(Debug, Default)]
struct FunctionCfg {
    block_of: FastMap<u64, usize>,
    addresses: Vec<u64>,
    successors: Vec<Vec<usize>>,
    forest: LoopForest,
    dirty: bool,
}

impl FunctionCfg {
    fn block(&mut self, address: u64) -> usize {
        if let Some(&b) = self.block_of.get(&address) {
            return b;
        }
        let b = self.addresses.len();
        self.block_of.insert(address, b);
        self.addresses.push(address);
        self.successors.push(Vec::new());
        self.forest.innermost_header.push(None);
        self.forest.parent_of.push(None);
        b
    }

    fn add_edge(&mut self, from: usize, to: usize) {
        if !self.successors[from].contains(&to) {
            self.successors[from].push(to);
            self.dirty = true;
        }
    }
}

#[derive(Debug)]
struct LiveLoop {
    header: usize,
    iteration: u64,
}

#[derive(Debug)]
struct Frame {
    function: u64,
    /// Index of the function's CFG in `ControlFlow::cfgs`.
    cfg: usize,
    call_site: u64,
    return_address: u64,
    current_block: usize,
    loops: Vec<LiveLoop>,
}

/// One element of a calling context: a frame's call site and the headers of its live loops.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ContextFrame {
    pub function: u64,
    pub call_site: u64,
    pub loops: Vec<u64>,
}

/// Follows the execution and maintains the dynamic interprocedural iteration vector.
#[derive(Debug, Default)]
pub struct ControlFlow {
    /// Index in `cfgs` of each function (by entry address); frames hold the index.
    functions: FastMap<u64, usize>,
    cfgs: Vec<FunctionCfg>,
    frames: Vec<Frame>,
    iteration_vector: Vec<i64>,
    contexts: FastMap<Vec<ContextFrame>, u32>,
    context_list: Vec<Vec<ContextFrame>>,
    current_context: Option<u32>,
    /// Changes whenever the context or any coordinate of the iteration vector but the
    /// innermost one changes (see [`ControlFlow::epoch`]).
    epoch: u64,
    trip_counts: FastMap<LoopKey, TripCounts>,
    /// Number of loop-forest recomputations (new CFG edges seen inside a function).
    pub recomputations: u64,
}

impl ControlFlow {
    pub fn new() -> ControlFlow {
        ControlFlow::default()
    }

    /// The canonical iteration counters of every live loop, outermost first.
    pub fn iteration_vector(&self) -> &[i64] {
        &self.iteration_vector
    }

    /// A number that stays the same while only the innermost coordinate of the iteration
    /// vector moves (iterations of the innermost live loop) and changes on every other change
    /// of the iteration vector or of the context. Streams use it to recognize a run of points
    /// along the innermost axis with one comparison instead of comparing whole vectors.
    #[inline]
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// The context and the outer coordinates of the iteration vector are about to change.
    #[inline]
    fn invalidate_context(&mut self) {
        self.current_context = None;
        self.epoch += 1;
    }

    /// The id of the current calling context (call sites and live loops).
    pub fn context(&mut self) -> u32 {
        if let Some(c) = self.current_context {
            return c;
        }
        let key: Vec<ContextFrame> = self
            .frames
            .iter()
            .map(|f| {
                let cfg = &self.cfgs[f.cfg];
                ContextFrame {
                    function: f.function,
                    call_site: f.call_site,
                    loops: f.loops.iter().map(|l| cfg.addresses[l.header]).collect(),
                }
            })
            .collect();
        let next = self.context_list.len() as u32;
        let id = *self.contexts.entry(key.clone()).or_insert(next);
        if id == next {
            self.context_list.push(key);
        }
        self.current_context = Some(id);
        id
    }

    /// The frames of context `id`.
    pub fn context_frames(&self, id: u32) -> &[ContextFrame] {
        &self.context_list[id as usize]
    }

    /// Trip counts per loop, including loops still live (counted as if they exited now).
    pub fn trip_counts(&self) -> HashMap<LoopKey, TripCounts> {
        let mut counts: HashMap<LoopKey, TripCounts> = self.trip_counts.iter().map(|(k, v)| (*k, *v)).collect();
        for frame in &self.frames {
            let cfg = &self.cfgs[frame.cfg];
            for live in &frame.loops {
                let key = LoopKey { function: frame.function, header: cfg.addresses[live.header] };
                record_exit(counts.entry(key).or_default(), live.iteration + 1);
            }
        }
        counts
    }

    /// The header of the parent loop of `key` in its function's forest.
    pub fn parent_loop(&self, key: LoopKey) -> Option<LoopKey> {
        let cfg = &self.cfgs[*self.functions.get(&key.function)?];
        let block = *cfg.block_of.get(&key.header)?;
        let parent = cfg.forest.parent.get(&block).copied().flatten()?;
        Some(LoopKey { function: key.function, header: cfg.addresses[parent] })
    }

    /// The code at `leader` turned out to start a block, but it already ran inside the block
    /// starting at `block` (a translation block discovered later starts there): the executed
    /// fall-through `block -> leader` is added and the edges leaving `block` now leave
    /// `leader`, in every function where `block` was seen.
    pub fn split_block(&mut self, block: u64, leader: u64) {
        for cfg in self.cfgs.iter_mut() {
            let Some(&from) = cfg.block_of.get(&block) else { continue };
            let to = cfg.block(leader);
            if to == from {
                continue;
            }
            for successor in std::mem::take(&mut cfg.successors[from]) {
                cfg.add_edge(to, successor);
            }
            cfg.add_edge(from, to);
            cfg.dirty = true;
        }
    }

    fn cfg_index(&mut self, function: u64) -> usize {
        let cfgs = &mut self.cfgs;
        *self.functions.entry(function).or_insert_with(|| {
            cfgs.push(FunctionCfg::default());
            cfgs.len() - 1
        })
    }

    /// Processes the execution of the block at `address`.
    pub fn enter_block(&mut self, address: u64, transfer: Transfer) {
        match transfer {
            Transfer::Call { call_site, return_address } if self.frames.len() < MAX_FRAMES => {
                self.invalidate_context();
                let index = self.cfg_index(address);
                let entry = self.cfgs[index].block(address);
                self.frames.push(Frame {
                    function: address,
                    cfg: index,
                    call_site,
                    return_address,
                    current_block: entry,
                    loops: Vec::new(),
                });
                self.loop_events(entry);
            }
            Transfer::Return
                if self.frames.len() > 1
                    && self.frames.iter().any(|f| f.return_address == address) =>
            {
                while let Some(frame) = self.frames.pop() {
                    self.exit_frame_loops(&frame);
                    if frame.return_address == address {
                        break;
                    }
                }
                self.invalidate_context();
                self.jump(address);
            }
            _ => {
                if self.frames.is_empty() {
                    let index = self.cfg_index(address);
                    let entry = self.cfgs[index].block(address);
                    self.frames.push(Frame {
                        function: address,
                        cfg: index,
                        call_site: 0,
                        return_address: u64::MAX,
                        current_block: entry,
                        loops: Vec::new(),
                    });
                    self.invalidate_context();
                    self.loop_events(entry);
                } else {
                    self.jump(address);
                }
            }
        }
    }

    fn exit_frame_loops(&mut self, frame: &Frame) {
        let cfg = &self.cfgs[frame.cfg];
        for live in frame.loops.iter().rev() {
            let key = LoopKey { function: frame.function, header: cfg.addresses[live.header] };
            record_exit(self.trip_counts.entry(key).or_default(), live.iteration + 1);
            self.iteration_vector.pop();
        }
    }

    fn jump(&mut self, address: u64) {
        let frame = self.frames.last_mut().expect("a frame");
        let cfg = &mut self.cfgs[frame.cfg];
        let from = frame.current_block;
        // An edge already taken is found among the successors of `from`: no hashing.
        let known = cfg.successors[from].iter().copied().find(|&s| cfg.addresses[s] == address);
        let block = match known {
            Some(block) => block,
            None => {
                let block = cfg.block(address);
                cfg.add_edge(from, block);
                block
            }
        };
        frame.current_block = block;
        self.loop_events_from(Some(from), block);
    }

    /// Algorithm 1: exits of loops not containing `block`, then entry or iteration when
    /// `block` is a loop header.
    fn loop_events(&mut self, block: usize) {
        self.loop_events_from(None, block)
    }

    /// `from` is the block control came from inside the function, if any: a header reached
    /// from inside its own loop that is not live yet was entered before its first back edge
    /// was discovered, so its first iteration already ran (iteration 1 starts now).
    fn loop_events_from(&mut self, from: Option<usize>, block: usize) {
        let frame = self.frames.last_mut().expect("a frame");
        let cfg = &mut self.cfgs[frame.cfg];
        if cfg.dirty {
            cfg.forest = loop_forest(&cfg.successors);
            cfg.dirty = false;
            self.recomputations += 1;
        }
        while let Some(live) = frame.loops.last() {
            if cfg.forest.is_header(live.header) && cfg.forest.contains(live.header, block) {
                break;
            }
            let key = LoopKey { function: frame.function, header: cfg.addresses[live.header] };
            record_exit(self.trip_counts.entry(key).or_default(), live.iteration + 1);
            frame.loops.pop();
            self.iteration_vector.pop();
            // `invalidate_context`, with `frame` and `cfg` borrowed.
            self.current_context = None;
            self.epoch += 1;
        }
        if cfg.forest.is_header(block) {
            match frame.loops.last_mut() {
                Some(live) if live.header == block => {
                    live.iteration += 1;
                    *self.iteration_vector.last_mut().expect("live loop") += 1;
                }
                _ => {
                    let iteration = match from {
                        Some(f) if cfg.forest.contains(block, f) => 1,
                        _ => 0,
                    };
                    frame.loops.push(LiveLoop { header: block, iteration });
                    self.iteration_vector.push(iteration as i64);
                    // `invalidate_context`, with `frame` and `cfg` borrowed.
                    self.current_context = None;
                    self.epoch += 1;
                }
            }
        }
    }
}

fn record_exit(counts: &mut TripCounts, trip: u64) {
    counts.min = if counts.entries == 0 { trip } else { counts.min.min(trip) };
    counts.max = counts.max.max(trip);
    counts.entries += 1;
    counts.iterations += trip;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `for i in 0..3 { for j in 0..2 { B } }` as blocks: 0 entry, 1 outer header, 2 inner
    /// header (the body), 3 outer latch, 4 exit.
    #[test]
    fn loop_events_give_canonical_iteration_vectors() {
        let mut control = ControlFlow::new();
        let mut seen = Vec::new();
        control.enter_block(0, Transfer::Jump);
        for _ in 0..3 {
            control.enter_block(1, Transfer::Jump);
            for _ in 0..2 {
                control.enter_block(2, Transfer::Jump);
                seen.push(control.iteration_vector().to_vec());
            }
            control.enter_block(3, Transfer::Jump);
        }
        control.enter_block(4, Transfer::Jump);
        // The loop forest is discovered as the edges appear: the first iteration of a loop
        // runs before its back edge is known, later iterations are numbered from 1.
        let last: Vec<Vec<i64>> = seen[seen.len() - 4..].to_vec();
        assert_eq!(last, vec![vec![1, 0], vec![1, 1], vec![2, 0], vec![2, 1]]);
        assert!(control.iteration_vector().is_empty());
        let counts = control.trip_counts();
        assert_eq!(counts[&LoopKey { function: 0, header: 2 }].max, 2);
    }

    #[test]
    fn calls_open_frames_and_returns_close_their_loops() {
        let mut control = ControlFlow::new();
        control.enter_block(0, Transfer::Jump);
        for round in 0..3 {
            control.enter_block(1, Transfer::Jump); // loop header in main
            control.enter_block(100, Transfer::Call { call_site: 1, return_address: 2 });
            for _ in 0..4 {
                control.enter_block(101, Transfer::Jump); // loop in the callee
            }
            control.enter_block(102, Transfer::Jump);
            if round == 2 {
                assert_eq!(control.iteration_vector().len(), 1, "callee loop exited at 102");
            }
            control.enter_block(2, Transfer::Return);
        }
        assert_eq!(control.iteration_vector(), &[2]);
        let context = control.context();
        assert_eq!(control.context_frames(context).len(), 1);
    }
}
