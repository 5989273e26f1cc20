//! Interprocedural control structure of an execution (paper 001, sections 3 and 4): the
//! dynamic control-flow graph of each function and its loop-nesting forest (Havlak, section
//! 3.1), the dynamic call graph and its recursive-component-set (section 3.2, in
//! [`recursion`]), the loop events generated from jumps (Algorithm 1) and from calls and
//! returns (Algorithm 2), and the dynamic interprocedural iteration vector they update
//! (Algorithm 3): the canonical iteration counters of every live loop, outermost first, with a
//! calling context made of call sites and the live loops' headers.
//!
//! Input: one event per executed basic block, saying how control reached it (a jump inside the
//! function, a call, or a return). The CFG of a function grows as edges are executed; its loop
//! forest is recomputed when an edge is new (`recomputations` counts how often). The call graph
//! grows as calls execute; its recursive-component-set is recomputed when a new call edge
//! closes a cycle.
//!
//! Recursive loops (Algorithm 2). A call to a function `F` of a recursive component `L`:
//! - `E_C`: `F` is an entry (or a header) of `L` and `L` is not live: a dimension is added
//!   (counter 0) and the new frame is `L.entry`;
//! - `I_C`: `L` is live and `F` is one of its headers: the loops inside `L` (the CFG loops of
//!   its visible frames, and recursive loops entered inside it) are exited, `L`'s counter is
//!   incremented and `L.stackcount` grows (the frames opened by `I_C` are kept on a stack, one
//!   per unreturned header call);
//! - otherwise a plain call (`C`): a new frame in the context, as for any call.
//!
//! A return from a frame first exits that frame's CFG loops, then: `X_R` when the frame is
//! `L.entry` (the dimension is removed; `L.stackcount` is then 0), `I_R` when it is the last
//! frame opened by `I_C` (the counter is incremented, `L.stackcount` decreases). So the
//! counter keeps increasing on every call to and return from a header but the last return,
//! and streams stay in lexicographic order (section 4, discussion of Fig. 3 Ex. 2).
//!
//! Contexts (Algorithm 3's `CTX`): the frames below `L.entry` as for any call; then `L`'s
//! *iteration frame* (the last frame opened by `I_C`, or `L.entry`) stands for the whole
//! recursion, with the call site of `L.entry` and the mark of `L`, followed by the frames it
//! called. Frames between `L.entry` and the iteration frame are hidden: their loops were
//! exited by `I_C` and they add nothing to the context or the iteration vector. The context
//! therefore does not grow with the recursion depth: its frames are bounded by the functions
//! on a call chain without a header call, and a component has one live loop (two only
//! between a merge of components and the next header call).
//!
//! Invariant: every call and return goes through `invalidate_context` (it changes the
//! context), so `E_C`, `I_C`, `I_R` and `X_R` change the epoch as any change of the context or
//! of an outer coordinate must; only iterations of the innermost CFG loop keep it.
//!
//! The physical call stack is still followed frame by frame, so that a return is matched to
//! its frame by return address; a return to an address found deeper in the stack (longjmp,
//! exceptions) pops every frame above, with the events of each.
//!
//! Discovery: the call graph is known only as far as it executed, so the first call that
//! closes a cycle starts the recursive loop (`E_C` at that call, like a CFG loop whose first
//! iteration runs before its back edge is known): the frames already open stay outside it.
//! When components merge (a new edge joins two cycles), the outermost live recursive loop of
//! the merged component iterates on its next header call and the loops inside it are exited.
//!
//! Call depth is limited to [`MAX_FRAMES`]; deeper calls are followed as jumps.

pub mod havlak;
pub mod recursion;
pub mod static_cfg;

use havlak::{loop_forest, LoopForest};
use recursion::CallGraph;
use crate::fast_hash::FastMap;
use std::collections::HashMap;

/// Deepest call stack followed; deeper calls are treated as jumps in the deepest frame. Frames
/// hidden inside a recursive loop cost only their own record (no context, no dimension), so
/// the limit is on the memory of the physical stack.
pub const MAX_FRAMES: usize = 1 << 18;

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

/// Whether a loop is a loop of a function's CFG (section 3.1) or a recursive loop of the call
/// graph (section 3.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopKind {
    #[default]
    Cfg,
    Recursive,
}

/// Identifies a loop. A CFG loop: the entry address of its function and the address of its
/// header block. A recursive loop: the entry address of its component's top-level header
/// function, as both `function` and `header`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopKey {
    pub function: u64,
    pub header: u64,
    pub kind: LoopKind,
}

impl LoopKey {
    pub fn cfg(function: u64, header: u64) -> LoopKey {
        LoopKey { function, header, kind: LoopKind::Cfg }
    }

    pub fn recursive(header_function: u64) -> LoopKey {
        LoopKey { function: header_function, header: header_function, kind: LoopKind::Recursive }
    }
}

/// Trip counts of one loop over the execution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TripCounts {
    /// Number of entries (E or E_C events).
    pub entries: u64,
    /// Number of iterations over all entries (one per E, I, E_C, I_C or I_R event).
    pub iterations: u64,
    pub min: u64,
    pub max: u64,
}

#[derive(Debug, Default)]
struct FunctionCfg {
    /// The function's entry address.
    function: u64,
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
    /// Index of the function's CFG in `ControlFlow::cfgs` (and node of the call graph).
    cfg: usize,
    call_site: u64,
    return_address: u64,
    current_block: usize,
    loops: Vec<LiveLoop>,
    /// The frame's loops were exited by a recursive-loop iteration (`I_C`): a loop entered
    /// again from inside starts at iteration 0, as a new entry (Algorithm 1).
    loops_cut: bool,
    /// The contexts of the stacks of live loops (headers) seen in this frame while no
    /// recursive loop was live: then the frames below it make the same part of every key
    /// while it runs, and its loops tell its contexts apart (see [`ControlFlow::context`]).
    contexts: Vec<(Vec<usize>, u32)>,
}

/// At most this many stacks of live loops per frame have their context remembered.
const FRAME_CONTEXTS: usize = 16;

impl Frame {
    fn new(function: u64, cfg: usize, call_site: u64, return_address: u64, entry: usize) -> Frame {
        Frame {
            function,
            cfg,
            call_site,
            return_address,
            current_block: entry,
            loops: Vec::new(),
            loops_cut: false,
            contexts: Vec::new(),
        }
    }
}

/// A live recursive loop (Algorithm 2's `L`, from `E_C` to `X_R`).
#[derive(Debug)]
struct LiveRecursiveLoop {
    /// The entry address of the component's top-level header function.
    header: u64,
    /// `L.entry`: the index of the frame opened by the call that entered the loop.
    entry: usize,
    /// The frames opened by `I_C` calls and not returned from, oldest first:
    /// `L.stackcount` is their number.
    header_frames: Vec<usize>,
    iteration: u64,
    /// The loop's coordinate in the iteration vector.
    dimension: usize,
}

impl LiveRecursiveLoop {
    /// The frame of the current iteration: the last header frame, or `L.entry`.
    fn iteration_frame(&self) -> usize {
        self.header_frames.last().copied().unwrap_or(self.entry)
    }

    fn key(&self) -> LoopKey {
        LoopKey::recursive(self.header)
    }
}

/// What a call is for the recursive loops (Algorithm 2, lines 1-11).
enum RecursiveCall {
    /// `E_C`: enters the recursive loop of the component named by this function index.
    Entry(usize),
    /// `I_C`: iterates the live recursive loop at this index of `recursive_loops`.
    Iteration(usize),
    /// `C`: a plain call.
    Plain,
}

/// The recursive-loop events of Algorithm 2, as recorded for tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecursiveLoopEvent {
    /// `E_C`: call to an entry of a component, entry into its loop.
    EntryCall,
    /// `I_C`: call to a header, iteration.
    IterationCall,
    /// `I_R`: return from a header, iteration.
    IterationReturn,
    /// `X_R`: return from `L.entry`, exit.
    ExitReturn,
}

/// One element of a calling context: a frame's call site and the headers of its live loops.
/// The iteration frame of a recursive loop carries the loop (`recursive_loop`, the header
/// function of its component) and the call site that entered it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ContextFrame {
    pub function: u64,
    pub call_site: u64,
    pub recursive_loop: Option<u64>,
    pub loops: Vec<u64>,
}

impl ContextFrame {
    /// The loops this frame adds to the iteration vector, outermost first: the recursive loop
    /// whose iteration it is, if any, then its live CFG loops.
    pub fn loop_keys(&self) -> impl Iterator<Item = LoopKey> + '_ {
        let recursive = self.recursive_loop.map(LoopKey::recursive);
        recursive.into_iter().chain(self.loops.iter().map(|&header| LoopKey::cfg(self.function, header)))
    }
}

/// Follows the execution and maintains the dynamic interprocedural iteration vector.
#[derive(Debug, Default)]
pub struct ControlFlow {
    /// Index in `cfgs` of each function (by entry address); frames hold the index.
    functions: FastMap<u64, usize>,
    cfgs: Vec<FunctionCfg>,
    frames: Vec<Frame>,
    call_graph: CallGraph,
    /// Live recursive loops, outermost first.
    recursive_loops: Vec<LiveRecursiveLoop>,
    iteration_vector: Vec<i64>,
    contexts: FastMap<Vec<ContextFrame>, u32>,
    /// The memory of the last context key built (see [`ControlFlow::context`]).
    context_key: Vec<ContextFrame>,
    context_list: Vec<Vec<ContextFrame>>,
    current_context: Option<u32>,
    /// Changes whenever the context or any coordinate of the iteration vector but the
    /// innermost one changes (see [`ControlFlow::epoch`]).
    epoch: u64,
    /// The block entered last, when entering it only iterated the innermost live loop of the
    /// current frame (see [`ControlFlow::repeat_iteration`]).
    iteration_only: Option<usize>,
    trip_counts: FastMap<LoopKey, TripCounts>,
    /// Number of loop-forest recomputations (new CFG edges seen inside a function).
    pub recomputations: u64,
    #[cfg(test)]
    recursive_events: Vec<(RecursiveLoopEvent, u64)>,
}

impl ControlFlow {
    pub fn new() -> ControlFlow {
        ControlFlow::default()
    }

    /// The control flow of guest thread `thread` (a serial number). Its epochs carry the
    /// thread in their high bits, so that an epoch names one thread's state: caches keyed by
    /// epoch stay valid when the threads' events interleave.
    pub fn for_thread(thread: u32) -> ControlFlow {
        ControlFlow { epoch: (thread as u64) << 40, ..ControlFlow::default() }
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

    /// Number of recomputations of the recursive-component-set.
    pub fn component_recomputations(&self) -> u64 {
        self.call_graph.recomputations
    }

    /// The context and the outer coordinates of the iteration vector are about to change.
    #[inline]
    fn invalidate_context(&mut self) {
        self.current_context = None;
        self.epoch += 1;
    }

    /// The block entered by the last jump, when that jump only started the next iteration of
    /// the innermost live loop of the current frame (Algorithm 1's I event, with no X before
    /// it and no change to the loop forest).
    #[inline]
    pub fn iteration_only(&self) -> Option<usize> {
        self.iteration_only
    }

    /// Enters `block` again as the next iteration of the innermost live loop. Only valid
    /// where a jump was seen to do exactly this ([`ControlFlow::iteration_only`]) from the same
    /// block in the same epoch: the outcome of a jump depends only on its source and target
    /// blocks, the live loops and the loop forest, and neither of the last two changes
    /// within an epoch.
    #[inline]
    pub fn repeat_iteration(&mut self, block: usize) {
        let frame = self.frames.last_mut().expect("a frame");
        frame.current_block = block;
        frame.loops.last_mut().expect("a live loop").iteration += 1;
        *self.iteration_vector.last_mut().expect("a live loop") += 1;
    }

    /// The id of the current calling context (call sites and live loops).
    pub fn context(&mut self) -> u32 {
        if let Some(c) = self.current_context {
            return c;
        }
        // Contexts change at every entry and exit of a loop: where the top frame knows its
        // loops' context, no key is built (short inner loops would build one per few accesses).
        let id = match self.context_of_top_frame() {
            Some(id) => {
                #[cfg(test)]
                assert_eq!(id, self.context_of_key(), "the top frame's context");
                id
            }
            None => {
                let id = self.context_of_key();
                if self.recursive_loops.is_empty() {
                    if let Some(top) = self.frames.last_mut().filter(|f| f.contexts.len() < FRAME_CONTEXTS) {
                        top.contexts.push((top.loops.iter().map(|l| l.header).collect(), id));
                    }
                }
                id
            }
        };
        self.current_context = Some(id);
        id
    }

    /// The context the top frame remembers for its live loops, if no recursive loop is live.
    fn context_of_top_frame(&self) -> Option<u32> {
        if !self.recursive_loops.is_empty() {
            return None;
        }
        let top = self.frames.last()?;
        let same_loops = |headers: &[usize]| {
            headers.len() == top.loops.len() && headers.iter().zip(&top.loops).all(|(h, l)| *h == l.header)
        };
        top.contexts.iter().find(|(headers, _)| same_loops(headers)).map(|(_, id)| *id)
    }

    /// The id of the current context by its key, registered if new.
    fn context_of_key(&mut self) -> u32 {
        // The key is built in the memory of the last one.
        let mut key = std::mem::take(&mut self.context_key);
        self.fill_context_key(&mut key);
        let id = match self.contexts.get(&key) {
            Some(&id) => id,
            None => {
                let id = self.context_list.len() as u32;
                self.contexts.insert(key.clone(), id);
                self.context_list.push(key.clone());
                id
            }
        };
        self.context_key = key;
        id
    }

    /// Writes the visible frames to `key`: those below the first live recursive loop's entry,
    /// then for each live recursive loop its iteration frame (marked) and the frames above it
    /// up to the next loop's entry.
    fn fill_context_key(&self, key: &mut Vec<ContextFrame>) {
        let mut length = 0;
        let mut next = 0;
        for live in &self.recursive_loops {
            for frame in self.frames.get(next..live.entry).unwrap_or(&[]) {
                self.put_context_frame(key, &mut length, frame, frame.call_site, None);
            }
            let start = live.iteration_frame();
            if let (Some(entry), Some(first)) = (self.frames.get(live.entry), self.frames.get(start)) {
                self.put_context_frame(key, &mut length, first, entry.call_site, Some(live.header));
            }
            next = start + 1;
        }
        for frame in self.frames.get(next..).unwrap_or(&[]) {
            self.put_context_frame(key, &mut length, frame, frame.call_site, None);
        }
        key.truncate(length);
    }

    /// Sets `key[*length]` (pushed if new) to `frame` with `call_site` and `recursive_loop`.
    fn put_context_frame(&self, key: &mut Vec<ContextFrame>, length: &mut usize, frame: &Frame, call_site: u64, recursive_loop: Option<u64>) {
        if *length == key.len() {
            key.push(ContextFrame { function: 0, call_site: 0, recursive_loop: None, loops: Vec::new() });
        }
        let slot = &mut key[*length];
        let cfg = &self.cfgs[frame.cfg];
        slot.function = frame.function;
        slot.call_site = call_site;
        slot.recursive_loop = recursive_loop;
        slot.loops.clear();
        slot.loops.extend(frame.loops.iter().map(|l| cfg.addresses[l.header]));
        *length += 1;
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
                let key = LoopKey::cfg(frame.function, cfg.addresses[live.header]);
                record_exit(counts.entry(key).or_default(), live.iteration + 1);
            }
        }
        for live in &self.recursive_loops {
            record_exit(counts.entry(live.key()).or_default(), live.iteration + 1);
        }
        counts
    }

    /// The header of the parent loop of `key` in its function's forest (`None` for a
    /// recursive loop: its nesting is dynamic, see the contexts).
    pub fn parent_loop(&self, key: LoopKey) -> Option<LoopKey> {
        if key.kind == LoopKind::Recursive {
            return None;
        }
        let cfg = &self.cfgs[*self.functions.get(&key.function)?];
        let block = *cfg.block_of.get(&key.header)?;
        let parent = cfg.forest.parent.get(&block).copied().flatten()?;
        Some(LoopKey::cfg(key.function, cfg.addresses[parent]))
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
        // The forests change: no jump may be repeated from memory.
        self.epoch += 1;
    }

    /// Whether the function with entry `function` was called or entered already.
    pub fn knows_function(&self, function: u64) -> bool {
        self.functions.contains_key(&function)
    }

    /// Adds the blocks and edges of `function` decoded from its code ([`static_cfg`]) before
    /// it first runs, so that its loops are known from their first iteration on.
    pub fn add_static_cfg(&mut self, function: u64, static_cfg: &static_cfg::StaticCfg) {
        let index = self.cfg_index(function);
        let cfg = &mut self.cfgs[index];
        cfg.block(function);
        for &(from, to) in &static_cfg.edges {
            let (from, to) = (cfg.block(from), cfg.block(to));
            cfg.add_edge(from, to);
        }
    }

    fn cfg_index(&mut self, function: u64) -> usize {
        let cfgs = &mut self.cfgs;
        *self.functions.entry(function).or_insert_with(|| {
            cfgs.push(FunctionCfg { function, ..FunctionCfg::default() });
            cfgs.len() - 1
        })
    }

    /// Processes the execution of the block at `address`.
    pub fn enter_block(&mut self, address: u64, transfer: Transfer) {
        match transfer {
            Transfer::Call { call_site, return_address } if self.frames.len() < MAX_FRAMES => {
                self.call(address, call_site, return_address);
            }
            Transfer::Return => match self.returning_frame(address) {
                Some(frame) => self.return_to(frame, address),
                None => self.jump_or_start(address),
            },
            _ => self.jump_or_start(address),
        }
    }

    #[inline]
    fn jump_or_start(&mut self, address: u64) {
        if self.frames.is_empty() {
            let index = self.cfg_index(address);
            let entry = self.cfgs[index].block(address);
            self.frames.push(Frame::new(address, index, 0, u64::MAX, entry));
            self.invalidate_context();
            self.loop_events(entry);
        } else {
            self.jump(address);
        }
    }

    /// A call to `callee` (Algorithm 2, lines 1-11): a new frame, after the recursive-loop
    /// event of the call, if any.
    fn call(&mut self, callee: u64, call_site: u64, return_address: u64) {
        self.invalidate_context();
        let index = self.cfg_index(callee);
        let entry = self.cfgs[index].block(callee);
        let caller = self.frames.last().map(|f| f.cfg);
        if let Some(caller) = caller {
            self.call_graph.add_call(caller, index);
        }
        match self.recursive_call(index) {
            RecursiveCall::Entry(component) => self.enter_recursive_loop(component, callee),
            RecursiveCall::Iteration(live) => self.iterate_recursive_loop_on_call(live, callee),
            RecursiveCall::Plain => {}
        }
        self.frames.push(Frame::new(callee, index, call_site, return_address, entry));
        self.loop_events(entry);
    }

    /// Which event a call to the function `callee` (an index) is.
    fn recursive_call(&self, callee: usize) -> RecursiveCall {
        let set = self.call_graph.components();
        let Some(component) = set.component(callee) else { return RecursiveCall::Plain };
        match self.live_recursive_loop(component) {
            // A header reached while its component is not live: the loop was discovered (or
            // its component merged) inside frames already open; it starts here.
            None if set.is_entry(callee) || set.is_header(callee) => RecursiveCall::Entry(component),
            Some(live) if set.is_header(callee) => RecursiveCall::Iteration(live),
            _ => RecursiveCall::Plain,
        }
    }

    /// The outermost live recursive loop entered through a function of `component`.
    fn live_recursive_loop(&self, component: usize) -> Option<usize> {
        let set = self.call_graph.components();
        self.recursive_loops.iter().position(|live| {
            self.frames.get(live.entry).is_some_and(|f| set.component(f.cfg) == Some(component))
        })
    }

    /// `E_C`: the frame about to be opened is `L.entry`; a dimension is added at 0.
    fn enter_recursive_loop(&mut self, component: usize, block: u64) {
        self.emit(RecursiveLoopEvent::EntryCall, block);
        self.iteration_vector.push(0);
        self.recursive_loops.push(LiveRecursiveLoop {
            header: self.cfgs[component].function,
            entry: self.frames.len(),
            header_frames: Vec::new(),
            iteration: 0,
            dimension: self.iteration_vector.len() - 1,
        });
    }

    /// `I_C`: the loops inside the recursive loop are exited (Algorithm 2, lines 7-9), its
    /// counter is incremented and the frame about to be opened starts the iteration.
    fn iterate_recursive_loop_on_call(&mut self, live: usize, block: u64) {
        self.emit(RecursiveLoopEvent::IterationCall, block);
        self.exit_loops_inside(live);
        let frame = self.frames.len();
        let live = &mut self.recursive_loops[live];
        live.header_frames.push(frame);
        live.iteration += 1;
        self.iteration_vector.truncate(live.dimension + 1);
        if let Some(counter) = self.iteration_vector.last_mut() {
            *counter += 1;
        }
    }

    /// Exits the CFG loops of the frames from the iteration frame of `recursive_loops[live]`
    /// to the top, and the recursive loops entered among them, innermost first.
    fn exit_loops_inside(&mut self, live: usize) {
        let stop = self.recursive_loops[live].iteration_frame();
        let mut frame = self.frames.len();
        while frame > stop {
            frame -= 1;
            self.exit_frame_loops(frame);
            self.frames[frame].loops_cut = true;
            if self.recursive_loops.len() > live + 1 {
                let inner = &self.recursive_loops[self.recursive_loops.len() - 1];
                if inner.iteration_frame() == frame {
                    // The frames between its entry and its iteration frame have no live loops.
                    frame = inner.entry.max(stop + 1);
                    self.exit_recursive_loop();
                }
            }
        }
        debug_assert_eq!(self.iteration_vector.len(), self.recursive_loops[live].dimension + 1);
    }

    /// Exits the CFG loops of frame `frame` (the innermost coordinates).
    fn exit_frame_loops(&mut self, frame: usize) {
        let frame = &mut self.frames[frame];
        let cfg = &self.cfgs[frame.cfg];
        while let Some(live) = frame.loops.pop() {
            let key = LoopKey::cfg(frame.function, cfg.addresses[live.header]);
            record_exit(self.trip_counts.entry(key).or_default(), live.iteration + 1);
            self.iteration_vector.pop();
        }
    }

    /// Removes the innermost live recursive loop and its dimension.
    fn exit_recursive_loop(&mut self) {
        if let Some(live) = self.recursive_loops.pop() {
            record_exit(self.trip_counts.entry(live.key()).or_default(), live.iteration + 1);
            self.iteration_vector.truncate(live.dimension);
        }
    }

    /// The frame a return to `address` returns from: the innermost frame whose return address
    /// it is (frames above it are skipped, as by longjmp). Never the first frame.
    fn returning_frame(&self, address: u64) -> Option<usize> {
        self.frames.iter().rposition(|f| f.return_address == address).filter(|&frame| frame > 0)
    }

    /// Returns from frame `frame` (and every frame above it) to `address` in its caller
    /// (Algorithm 2, lines 12-22).
    fn return_to(&mut self, frame: usize, address: u64) {
        while self.frames.len() > frame {
            self.pop_frame(address);
        }
        self.invalidate_context();
        self.jump(address);
    }

    /// Pops the top frame: its CFG loops exit, then `X_R` if it is `L.entry` of the innermost
    /// live recursive loop, `I_R` if it is that loop's last header frame.
    fn pop_frame(&mut self, address: u64) {
        let top = self.frames.len() - 1;
        self.exit_frame_loops(top);
        self.frames.pop();
        let Some(live) = self.recursive_loops.last_mut() else { return };
        if live.entry == top {
            self.emit(RecursiveLoopEvent::ExitReturn, address);
            self.exit_recursive_loop();
        } else if live.header_frames.last() == Some(&top) {
            live.header_frames.pop();
            live.iteration += 1;
            self.iteration_vector.truncate(live.dimension + 1);
            if let Some(counter) = self.iteration_vector.last_mut() {
                *counter += 1;
            }
            self.emit(RecursiveLoopEvent::IterationReturn, address);
        }
    }

    #[inline]
    fn emit(&mut self, _event: RecursiveLoopEvent, _block: u64) {
        #[cfg(test)]
        self.recursive_events.push((_event, _block));
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
    /// was discovered, so its first iteration already ran (iteration 1 starts now), unless the
    /// frame's loops were exited by a recursive-loop iteration (a new entry then).
    fn loop_events_from(&mut self, from: Option<usize>, block: usize) {
        let epoch = self.epoch;
        self.iteration_only = None;
        let frame = self.frames.last_mut().expect("a frame");
        let cfg = &mut self.cfgs[frame.cfg];
        if cfg.dirty {
            cfg.forest = loop_forest(&cfg.successors);
            cfg.dirty = false;
            self.recomputations += 1;
            self.epoch += 1;
        }
        while let Some(live) = frame.loops.last() {
            if cfg.forest.is_header(live.header) && cfg.forest.contains(live.header, block) {
                break;
            }
            let key = LoopKey::cfg(frame.function, cfg.addresses[live.header]);
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
                    if self.epoch == epoch {
                        self.iteration_only = Some(block);
                    }
                }
                _ => {
                    let iteration = match from {
                        Some(f) if !frame.loops_cut && cfg.forest.contains(block, f) => 1,
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

impl TripCounts {
    /// Adds the loop entries counted in `other` (another thread's).
    pub fn merge(&mut self, other: &TripCounts) {
        if other.entries == 0 {
            return;
        }
        self.min = if self.entries == 0 { other.min } else { self.min.min(other.min) };
        self.max = self.max.max(other.max);
        self.entries += other.entries;
        self.iterations += other.iterations;
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
        assert_eq!(counts[&LoopKey::cfg(0, 2)].max, 2);
    }

    /// With the CFG decoded before the function runs, the first iteration of every loop is
    /// inside its loop: the iteration vectors are canonical from the first point on.
    #[test]
    fn a_static_cfg_puts_first_iterations_inside_their_loops() {
        use static_cfg::{static_cfg, CodeImage, LOOP_NEST};
        let cfg = static_cfg(&CodeImage::new(vec![(0x1000, LOOP_NEST.to_vec())]), 0x1000).unwrap();
        let mut control = ControlFlow::new();
        control.add_static_cfg(0x1000, &cfg);
        assert!(control.knows_function(0x1000));
        let mut seen = Vec::new();
        control.enter_block(0x1000, Transfer::Jump);
        for _ in 0..10 {
            control.enter_block(0x1002, Transfer::Jump);
            for _ in 0..10 {
                control.enter_block(0x1004, Transfer::Jump);
                seen.push(control.iteration_vector().to_vec());
            }
            control.enter_block(0x100b, Transfer::Jump);
        }
        control.enter_block(0x1012, Transfer::Jump);
        let expected: Vec<Vec<i64>> = (0..10).flat_map(|i| (0..10).map(move |j| vec![i, j])).collect();
        assert_eq!(seen, expected);
        assert_eq!(control.trip_counts()[&LoopKey::cfg(0x1000, 0x1002)].max, 10);
        assert_eq!(control.recomputations, 1, "no edge is new at run time");
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

    /// Drives a [`ControlFlow`] like the frontend does, one block at a time.
    struct Machine {
        control: ControlFlow,
    }

    impl Machine {
        fn new(first: u64) -> Machine {
            let mut control = ControlFlow::new();
            control.enter_block(first, Transfer::Jump);
            Machine { control }
        }

        fn jump(&mut self, block: u64) {
            self.control.enter_block(block, Transfer::Jump);
        }

        fn call(&mut self, call_site: u64, callee: u64, return_address: u64) {
            self.control.enter_block(callee, Transfer::Call { call_site, return_address });
        }

        fn ret(&mut self, to: u64) {
            self.control.enter_block(to, Transfer::Return);
        }

        /// The iteration vector and the context of the block being executed.
        fn observe(&mut self) -> (Vec<i64>, Vec<ContextFrame>) {
            let context = self.control.context();
            (self.control.iteration_vector().to_vec(), self.control.context_frames(context).to_vec())
        }

        fn events(&mut self) -> Vec<(RecursiveLoopEvent, u64)> {
            std::mem::take(&mut self.control.recursive_events)
        }
    }

    fn frame(function: u64, call_site: u64, recursive_loop: Option<u64>) -> ContextFrame {
        ContextFrame { function, call_site, recursive_loop, loops: vec![] }
    }

    // Paper 001, Fig. 3 Ex. 2 (blocks as named in the text; the figure's code is not in the
    // text, so B's blocks after B3 are ours): M calls D from M0 and B from M1; D calls C from
    // D0; B calls C from B1, tests at B2, calls itself from B3 (returning to B5, which thus
    // runs once per recursive call) or ends at B4.
    const M: u64 = 0xf0;
    const M0: u64 = 0x100;
    const M1: u64 = 0x110;
    const M2: u64 = 0x120;
    const B0: u64 = 0x200;
    const B1: u64 = 0x210;
    const B2: u64 = 0x220;
    const B3: u64 = 0x230;
    const B4: u64 = 0x240;
    const B5: u64 = 0x250;
    const C0: u64 = 0x300;
    const D0: u64 = 0x400;
    const D1: u64 = 0x410;

    /// B of Fig. 3 Ex. 2 at recursion depth `depth` (1 for the call from M), `levels` deep.
    /// Records what C0 and B5 see; returns where its frame returns.
    fn run_b(m: &mut Machine, depth: usize, levels: usize, seen: &mut Vec<(u64, Vec<i64>, Vec<ContextFrame>)>) {
        m.jump(B1);
        m.call(B1, C0, B2);
        let (iv, context) = m.observe();
        seen.push((C0, iv, context));
        m.ret(B2);
        if depth < levels {
            m.jump(B3);
            m.call(B3, B0, B5);
            run_b(m, depth + 1, levels, seen);
            m.ret(B5);
            let (iv, context) = m.observe();
            seen.push((B5, iv, context));
        } else {
            m.jump(B4);
        }
    }

    #[test]
    fn paper_fig3_ex2_recursive_loop_events_and_iteration_vectors() {
        let mut m = Machine::new(M);
        let mut seen = Vec::new();
        // The call graph is discovered as calls execute (the paper computes it in a first
        // run): a first execution of B, called from M's entry block, finds B -> B. The call
        // that closes the cycle enters the loop; the frame already open stays outside it.
        m.call(M, B0, M0);
        run_b(&mut m, 1, 3, &mut seen);
        m.ret(M0);
        assert_eq!(seen[0].1, Vec::<i64>::new(), "first C0, in the frame opened before B -> B was known");
        assert_eq!(seen[0].2, vec![frame(M, 0, None), frame(B0, M, None), frame(C0, B1, None)]);
        assert_eq!(seen[1].1, vec![0], "C0 in L.entry, the frame of the call that closed the cycle");
        assert_eq!(m.control.component_recomputations(), 1);
        m.events();
        seen.clear();

        // Fig. 3i: M0 calls D, D0 calls C: C0 is not in the loop, its context is M0/D0/C0.
        m.call(M0, D0, M1);
        m.call(D0, C0, D1);
        let (iv, context) = m.observe();
        assert!(iv.is_empty());
        assert_eq!(context, vec![frame(M, 0, None), frame(D0, M0, None), frame(C0, D0, None)]);
        m.ret(D1);
        m.ret(M1);
        // M1 calls B: E_C(L1, B0) gives (M1/L1, 0, B0).
        m.call(M1, B0, M2);
        assert_eq!(m.observe(), (vec![0], vec![frame(M, 0, None), frame(B0, M1, Some(B0))]));
        run_b(&mut m, 1, 3, &mut seen);
        m.ret(M2);
        // C0's instances are indexed 0, 1, 2 by the recursive loop's counter, in the context
        // (M1/L1, i1, B1/C0).
        let in_loop = vec![frame(M, 0, None), frame(B0, M1, Some(B0)), frame(C0, B1, None)];
        let c0: Vec<_> = seen.iter().filter(|s| s.0 == C0).cloned().collect();
        assert_eq!(c0.iter().map(|s| s.1.clone()).collect::<Vec<_>>(), vec![vec![0], vec![1], vec![2]]);
        assert!(c0.iter().all(|s| s.2 == in_loop), "{c0:?}");
        // B5 is part of the loop: one instance per recursive call, after each return, and the
        // counter keeps increasing on returns (3, 4) instead of going back up the stack.
        let b5: Vec<_> = seen.iter().filter(|s| s.0 == B5).cloned().collect();
        assert_eq!(b5.iter().map(|s| s.1.clone()).collect::<Vec<_>>(), vec![vec![3], vec![4]]);
        assert!(b5.iter().all(|s| s.2 == vec![frame(M, 0, None), frame(B0, M1, Some(B0))]));
        // Steps 5, 10, 15, 20, 21, 22 of Fig. 3i: E_C, I_C, I_C, I_R, I_R and X_R, the last
        // return exiting the loop without incrementing.
        use RecursiveLoopEvent::*;
        assert_eq!(
            m.events(),
            vec![(EntryCall, B0), (IterationCall, B0), (IterationCall, B0), (IterationReturn, B5), (IterationReturn, B5), (ExitReturn, M2)]
        );
        assert!(m.control.iteration_vector().is_empty());
        assert_eq!(m.observe().1, vec![frame(M, 0, None)]);
        let counts = m.control.trip_counts()[&LoopKey::recursive(B0)];
        assert_eq!((counts.entries, counts.max), (2, 5), "{counts:?}");
        assert_eq!(m.control.parent_loop(LoopKey::recursive(B0)), None);
    }

    /// `R(d) { for (k = 0; k < 3; k++) a[k] = ...; if (d < depth) R(d + 1); b = ...; }`,
    /// called twice from main. Blocks: R0 entry, R1 loop header and body, R2 test, R3 call,
    /// R4 after the call, R5 end of the base case.
    fn run_r(m: &mut Machine, depth: usize, levels: usize, observe: &mut impl FnMut(&mut Machine, u64)) {
        const R1: u64 = 0x510;
        const R2: u64 = 0x520;
        const R3: u64 = 0x530;
        const R4: u64 = 0x540;
        const R5: u64 = 0x550;
        for _ in 0..3 {
            m.jump(R1);
            observe(m, R1);
        }
        m.jump(R2);
        if depth < levels {
            m.jump(R3);
            m.call(R3, 0x500, R4);
            run_r(m, depth + 1, levels, observe);
            m.ret(R4);
            observe(m, R4);
        } else {
            m.jump(R5);
            observe(m, R5);
        }
    }

    #[test]
    fn recursion_depth_bounds_neither_the_iteration_vector_nor_the_contexts() {
        let mut m = Machine::new(M);
        let mut contexts = std::collections::HashSet::new();
        let mut longest = 0;
        // Per context and block, the last iteration vector: streams need them increasing.
        let mut last: HashMap<(u32, u64), Vec<i64>> = HashMap::new();
        let mut out_of_order = 0;
        let mut observe = |m: &mut Machine, block: u64| {
            let context = m.control.context();
            let iv = m.control.iteration_vector().to_vec();
            longest = longest.max(iv.len());
            contexts.insert(context);
            if let Some(previous) = last.insert((context, block), iv.clone()) {
                out_of_order += (previous >= iv) as usize;
            }
        };
        for (site, back) in [(M, M0), (M0, M1)] {
            m.call(site, 0x500, back);
            run_r(&mut m, 1, 1000, &mut observe);
            m.ret(back);
        }
        // At most the recursive loop and R's loop, whatever the depth.
        assert_eq!(longest, 2, "iteration vectors of length {longest}");
        // Per call from main: R's frame at depth 1 outside the loop (discovery, first call
        // only) or as L.entry, in R's loop or not: 2 + 2 contexts for the first call, 2 for
        // the second.
        assert_eq!(contexts.len(), 6);
        assert_eq!(out_of_order, 0);
        assert_eq!(m.control.frames.len(), 1);
        // First call: discovered at depth 2, 998 calls and 998 returns iterate. Second call:
        // entered at depth 1, 999 and 999.
        let counts = m.control.trip_counts()[&LoopKey::recursive(0x500)];
        assert_eq!((counts.entries, counts.min, counts.max), (2, 1997, 1999));
        // R's loop is exited by each recursive call and entered again in every frame.
        let r_loop = m.control.trip_counts()[&LoopKey::cfg(0x500, 0x510)];
        assert_eq!(r_loop.max, 3);
    }

    #[test]
    fn a_return_that_skips_frames_exits_the_recursive_loop() {
        let mut m = Machine::new(M);
        m.call(M, B0, M0);
        m.call(B3, B0, B5); // E_C (discovery)
        m.call(B3, B0, B5); // I_C
        m.call(B3, B0, B5); // I_C
        assert_eq!(m.control.iteration_vector(), &[2]);
        m.events();
        // longjmp-like: straight back to main.
        m.ret(M0);
        use RecursiveLoopEvent::*;
        assert_eq!(m.events(), vec![(IterationReturn, M0), (IterationReturn, M0), (ExitReturn, M0)]);
        assert!(m.control.iteration_vector().is_empty());
        assert_eq!(m.observe().1, vec![frame(M, 0, None)]);
        // The loop is entered again by the next call to B from main.
        m.call(M0, B0, M1);
        assert_eq!(m.events(), vec![(EntryCall, B0)]);
        assert_eq!(m.control.iteration_vector(), &[0]);
    }

    #[test]
    fn mutual_recursion_iterates_on_header_calls_only() {
        // M calls A; A calls B; B calls A: component {A, B}, header A.
        const A: u64 = 0x600;
        const B: u64 = 0x700;
        let mut m = Machine::new(M);
        let mut contexts = std::collections::HashSet::new();
        for (round, (site, back)) in [(M, M0), (M0, M1)].into_iter().enumerate() {
            m.call(site, A, back);
            for _ in 0..50 {
                m.call(A + 8, B, A + 16);
                contexts.insert(m.control.context());
                m.call(B + 8, A, B + 16);
                contexts.insert(m.control.context());
            }
            for _ in 0..50 {
                m.ret(B + 16);
                contexts.insert(m.control.context());
                m.ret(A + 16);
                contexts.insert(m.control.context());
            }
            m.ret(back);
            if round == 1 {
                // Entered at A from M: 50 calls of A and 50 returns from A iterate; calls of
                // and returns from B (not a header) do not.
                let events = m.events();
                let iterations = events.iter().filter(|e| e.0 != RecursiveLoopEvent::EntryCall && e.0 != RecursiveLoopEvent::ExitReturn).count();
                assert_eq!(events.first().map(|e| e.0), Some(RecursiveLoopEvent::EntryCall));
                assert_eq!(iterations, 100);
            }
            m.events();
        }
        // First call: M/A, M/A/B (before B -> A closed the cycle), M/A/B/L, M/A/B/L/B; second
        // call: M/L, M/L/B.
        assert_eq!(contexts.len(), 6);
        assert!(m.control.iteration_vector().is_empty());
    }
}

