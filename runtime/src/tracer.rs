//! The instrumentation back-end that turns an execution into folded streams (paper 000,
//! section 4.1; paper 001, section 4): one instruction stream per memory instruction and calling
//! context (label: the address accessed) and one dependence stream per pair of such streams
//! with a read-after-write dependence through memory (point: the consumer's iteration vector,
//! label: the producer's). Dependences are found through a shadow memory that keeps, per
//! 4-byte granule, the last writer and its iteration vector, so only dataflow dependences (no
//! intermediate write) are seen. Every stream is folded online, so memory stays bounded by the
//! number of intermediate polyhedra.
//!
//! The tracer knows nothing of QEMU: the plugin feeds it block entries and memory accesses.

use crate::control::static_cfg::StaticCfg;
use crate::control::{ControlFlow, LoopKey, Transfer, TripCounts};
use crate::folding::{FoldedStream, Folder, FoldingOptions};
use crate::profile::{
    AccessKind, ContextRecord, DependenceRecord, InstructionRecord, LoopRecord, Profile,
};
use crate::fast_hash::FastMap;
use crate::threads::Parked;
use crate::shadow::{granules, Entry, Producer, ShadowMemory, INLINE_DIMENSIONS, MAX_SHADOW_DIMENSIONS, NEVER_READ};
use std::collections::HashMap;

/// Options of the tracer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TracerOptions {
    pub instruction_folding: FoldingOptions,
    pub dependence_folding: FoldingOptions,
    /// Track read-after-write dependences through memory.
    pub dependences: bool,
    /// Label instruction instances with the value read or written too (paper 000, section
    /// 4.1: "the label of an instruction can have multiple values to account for both the
    /// addresses accessed and the values produced").
    pub values: bool,
}

impl Default for TracerOptions {
    fn default() -> Self {
        TracerOptions {
            instruction_folding: FoldingOptions::default(),
            // Table 5's F_GG: no widening for dependences.
            dependence_folding: FoldingOptions { label_widening: false, ..FoldingOptions::default() },
            dependences: true,
            values: false,
        }
    }
}

/// A label of at most `N` components, padded with zeros: fixed-size arrays compare and add
/// without loops (instruction streams have `N = 2`: address and value, dependence streams
/// `N = 6`).
type Label<const N: usize> = [i64; N];

#[inline(always)]
fn same<const N: usize>(a: &Label<N>, b: &Label<N>) -> bool {
    // Branch-free: a slice comparison would call `memcmp` for every point.
    a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

#[inline(always)]
fn difference<const N: usize>(a: &Label<N>, b: &Label<N>) -> Label<N> {
    std::array::from_fn(|c| a[c].wrapping_sub(b[c]))
}

#[inline(always)]
fn sum<const N: usize>(a: &Label<N>, b: &Label<N>) -> Label<N> {
    std::array::from_fn(|c| a[c].wrapping_add(b[c]))
}

/// Points of a stream not handed to the folder yet: a run along the innermost axis, the
/// instances of one instruction in one execution of its innermost loop (`Folder::push_run`).
/// A point continues the run when the control flow's epoch is the run's (same context, same
/// outer coordinates), its innermost coordinate is the next one and its label moves by the
/// run's step: three comparisons instead of a fold per point.
struct Run<const N: usize> {
    epoch: u64,
    first_point: Vec<i64>,
    first_label: Label<N>,
    step: Label<N>,
    next_inner: i64,
    next_label: Label<N>,
    count: u64,
}

impl<const N: usize> Run<N> {
    /// The point with `label` continues the run (its step is known).
    #[inline(always)]
    fn advance(&mut self, label: &Label<N>) {
        self.count += 1;
        self.next_inner += 1;
        self.next_label = sum(label, &self.step);
    }
}

struct Stream<const N: usize> {
    folder: Folder,
    components: usize,
    run: Run<N>,
    count: u64,
    order_errors: u64,
    /// The epoch of the last point with no coordinate (which has only its epoch to tell it
    /// from the next).
    epoch_outside_loops: Option<u64>,
}

impl<const N: usize> Stream<N> {
    fn new(space: usize, components: usize, options: FoldingOptions) -> Self {
        assert!(components <= N);
        Stream {
            folder: Folder::new(space, components, options),
            components,
            run: Run {
                epoch: 0,
                first_point: Vec::with_capacity(space),
                first_label: [0; N],
                step: [0; N],
                next_inner: 0,
                next_label: [0; N],
                count: 0,
            },
            count: 0,
            order_errors: 0,
            epoch_outside_loops: None,
        }
    }

    /// Adds the point `point` (iteration vector at `epoch`) with the label `label`, padded
    /// with zeros to `N` components.
    #[inline(always)]
    fn push(&mut self, point: &[i64], epoch: u64, label: &Label<N>) {
        self.count += 1;
        let run = &mut self.run;
        if let Some(&inner) = point.last() {
            if run.count > 0 && run.epoch == epoch && inner == run.next_inner {
                if run.count == 1 {
                    run.step = difference(label, &run.first_label);
                } else if !same(label, &run.next_label) {
                    return self.restart_run(point, epoch, label);
                }
                run.advance(label);
                return;
            }
            return self.restart_run(point, epoch, label);
        }
        self.push_outside_loops(point, epoch, label);
    }

    /// No loop around: nothing to run along.
    #[inline(never)]
    fn push_outside_loops(&mut self, point: &[i64], epoch: u64, label: &Label<N>) {
        self.epoch_outside_loops = Some(epoch);
        if self.folder.push(point, &label[..self.components]).is_err() {
            self.order_errors += 1;
        }
    }

    #[cold]
    fn restart_run(&mut self, point: &[i64], epoch: u64, label: &Label<N>) {
        self.flush_run();
        let run = &mut self.run;
        run.epoch = epoch;
        run.first_point.clear();
        run.first_point.extend_from_slice(point);
        run.first_label = *label;
        run.next_inner = point[point.len() - 1] + 1;
        run.count = 1;
    }

    fn flush_run(&mut self) {
        let run = &mut self.run;
        if run.count == 0 {
            return;
        }
        let n = self.components;
        // Out-of-order points (possible with recursion) cannot be folded: counted instead.
        self.order_errors +=
            self.folder.push_run(&run.first_point, &run.first_label[..n], &run.step[..n], run.count);
        run.count = 0;
    }

    /// The next point continues the run with the predicted label: what [`Stream::push`] does
    /// then, without the label.
    #[inline(always)]
    fn extend_run(&mut self) {
        self.count += 1;
        let label = self.run.next_label;
        self.run.advance(&label);
    }

    /// Whether the last point pushed is `point` at `epoch`.
    fn ends_at(&self, epoch: u64, point: &[i64]) -> bool {
        let run = &self.run;
        match point.last() {
            Some(&inner) => run.count > 0 && run.epoch == epoch && run.next_inner == inner + 1,
            None => self.epoch_outside_loops == Some(epoch),
        }
    }

    fn finish(mut self) -> FinishedStream {
        self.flush_run();
        FinishedStream { stream: self.folder.finish(), count: self.count, order_errors: self.order_errors }
    }
}

impl Stream<MAX_SHADOW_DIMENSIONS> {
    /// The shadow entry that the next point of this dependence stream's run would be read
    /// from, written by `producer` (see `ExpectedWriter`); none while the run's step is not
    /// known or its writer's iteration vector does not fit an inline entry.
    fn expected_writer(&self, producer: Producer, dependence: u32) -> ExpectedWriter {
        let run = &self.run;
        let step: Option<Vec<i32>> = run.step.iter().map(|&s| i32::try_from(s).ok()).collect();
        let entry = Entry::inline(producer.stream, producer.dimensions as usize, &run.next_label);
        match (entry, step) {
            (Some(entry), Some(step)) if run.count >= 2 => ExpectedWriter {
                entry,
                step: [step[0], step[1], step[2]],
                epoch: run.epoch,
                next_inner: run.next_inner,
                dependence,
            },
            _ => NO_EXPECTED_WRITER,
        }
    }
}

struct FinishedStream {
    stream: FoldedStream,
    count: u64,
    order_errors: u64,
}

struct InstructionStream {
    instruction: u32,
    /// The guest thread (serial number) and its context.
    thread: u32,
    context: u32,
    kind: AccessKind,
    size: u8,
    /// Labels: the address, and the value when `TracerOptions::values` is on.
    stream: Stream<2>,
    /// Cache of the last dependence stream into this one: (producer stream, dependence id).
    last_dependence: (u32, u32),
    /// The shadow entry the next instance of this load reads if it continues the run of its
    /// last dependence.
    expected: ExpectedWriter,
}

/// A dependence run's next point, as the raw shadow entry a load would read: a load that
/// reads exactly `entry` in `epoch` at innermost coordinate `next_inner` extends the run of
/// dependence stream `dependence` without decoding the entry (the entry holds the writer's
/// stream and iteration vector, which the run predicts).
#[derive(Clone, Copy)]
struct ExpectedWriter {
    entry: Entry,
    step: [i32; INLINE_DIMENSIONS],
    epoch: u64,
    next_inner: i64,
    dependence: u32,
}

const NO_EXPECTED_WRITER: ExpectedWriter =
    ExpectedWriter { entry: NEVER_READ, step: [0; INLINE_DIMENSIONS], epoch: u64::MAX, next_inner: 0, dependence: 0 };

struct StaticInstruction {
    pc: u64,
    /// Per access kind (load, store), the stream this instruction used last and the control
    /// flow's epoch then: within one epoch the context does not change.
    last: [(u64, u32); 2],
}

/// Feeds control flow and memory accesses into folded streams.
pub struct Tracer {
    options: TracerOptions,
    /// The control flow of the current guest thread; the others wait in `threads`.
    control: ControlFlow,
    threads: Parked<ControlFlow>,
    instructions: Vec<StaticInstruction>,
    instruction_index: FastMap<u64, u32>,
    streams: Vec<InstructionStream>,
    stream_index: FastMap<(u32, u32, u32, bool), u32>,
    dependences: Vec<(u32, u32, Stream<MAX_SHADOW_DIMENSIONS>)>,
    dependence_index: FastMap<(u32, u32), u32>,
    shadow: ShadowMemory,
    untracked_writes: u64,
    /// Tests turn the fast path of loads off to compare it with the general path.
    #[cfg(test)]
    expected_writers: bool,
}

impl Tracer {
    pub fn new(options: TracerOptions) -> Tracer {
        Tracer {
            options,
            control: ControlFlow::for_thread(0),
            threads: Parked::new(),
            instructions: Vec::new(),
            instruction_index: FastMap::default(),
            streams: Vec::new(),
            stream_index: FastMap::default(),
            dependences: Vec::new(),
            dependence_index: FastMap::default(),
            shadow: ShadowMemory::default(),
            untracked_writes: 0,
            #[cfg(test)]
            expected_writers: true,
        }
    }

    /// Registers the static instruction at `pc` (idempotent); returns its id for
    /// [`Tracer::memory_access`].
    pub fn instruction(&mut self, pc: u64) -> u32 {
        if let Some(&id) = self.instruction_index.get(&pc) {
            return id;
        }
        let id = self.instructions.len() as u32;
        self.instructions.push(StaticInstruction { pc, last: [(u64::MAX, 0); 2] });
        self.instruction_index.insert(pc, id);
        id
    }

    /// The events that follow are guest thread `thread`'s (a serial number: a thread that
    /// starts gets a new one). Each thread has its own control flow: loops, iteration vector
    /// and contexts (paper 001 follows one thread of control); streams are per thread.
    pub fn switch_thread(&mut self, thread: u32) {
        self.threads.switch(&mut self.control, thread, || ControlFlow::for_thread(thread));
    }

    /// The decoded CFG of `function`, which is being called, for the current thread's control
    /// flow if it does not know the function yet (see [`ControlFlow::add_static_cfg`]).
    pub fn prepare_function(&mut self, function: u64, cfg: &StaticCfg) {
        if !self.control.knows_function(function) {
            self.control.add_static_cfg(function, cfg);
        }
    }

    /// See [`ControlFlow::split_block`]: in every thread's control flow.
    pub fn split_block(&mut self, block: u64, leader: u64) {
        self.control.split_block(block, leader);
        for control in self.threads.others_mut() {
            control.split_block(block, leader);
        }
    }

    /// A block starts executing.
    pub fn enter_block(&mut self, address: u64, transfer: Transfer) {
        self.control.enter_block(address, transfer);
    }

    /// See [`ControlFlow::epoch`].
    #[inline]
    pub fn epoch(&self) -> u64 {
        self.control.epoch()
    }

    /// See [`ControlFlow::iteration_only`].
    #[inline]
    pub fn iteration_only(&self) -> Option<usize> {
        self.control.iteration_only()
    }

    /// See [`ControlFlow::repeat_iteration`].
    #[inline]
    pub fn repeat_iteration(&mut self, block: usize) {
        self.control.repeat_iteration(block);
    }

    #[inline]
    fn stream_of(&mut self, instruction: u32, kind: AccessKind, size: u8) -> u32 {
        let epoch = self.control.epoch();
        let (cached_epoch, stream) = self.instructions[instruction as usize].last[kind as usize];
        if cached_epoch == epoch {
            return stream;
        }
        self.find_stream(instruction, kind, size)
    }

    #[cold]
    fn find_stream(&mut self, instruction: u32, kind: AccessKind, size: u8) -> u32 {
        let epoch = self.control.epoch();
        let context = self.control.context();
        let is_store = kind == AccessKind::Store;
        let space = self.control.iteration_vector().len();
        let options = self.options.instruction_folding;
        let streams = &mut self.streams;
        let thread = self.threads.thread();
        // The stream of the instruction's last epoch, if the context is the same: a new epoch
        // of the same loops (the next row of a CSR matrix) needs no lookup.
        let (_, last) = self.instructions[instruction as usize].last[kind as usize];
        if let Some(stream) = streams.get(last as usize) {
            if stream.instruction == instruction && stream.thread == thread && stream.context == context && stream.kind == kind {
                self.instructions[instruction as usize].last[kind as usize] = (epoch, last);
                return last;
            }
        }
        let values = self.options.values;
        let id = *self.stream_index.entry((thread, context, instruction, is_store)).or_insert_with(|| {
            streams.push(InstructionStream {
                instruction,
                thread,
                context,
                kind,
                size,
                stream: Stream::new(space, 1 + values as usize, options),
                last_dependence: (u32::MAX, 0),
                expected: NO_EXPECTED_WRITER,
            });
            (streams.len() - 1) as u32
        });
        self.instructions[instruction as usize].last[kind as usize] = (epoch, id);
        id
    }

    /// The instruction `instruction` accessed `size` bytes at `address`.
    #[inline(always)]
    pub fn memory_access(&mut self, instruction: u32, address: u64, size: u8, kind: AccessKind) {
        self.memory_access_with_value(instruction, address, size, kind, 0)
    }

    /// [`Tracer::memory_access`] that read or wrote `value` (a label only when
    /// `TracerOptions::values` is on).
    #[inline(always)]
    pub fn memory_access_with_value(&mut self, instruction: u32, address: u64, size: u8, kind: AccessKind, value: i64) {
        let stream = self.stream_of(instruction, kind, size);
        let iteration_vector = self.control.iteration_vector();
        let epoch = self.control.epoch();
        self.streams[stream as usize].stream.push(iteration_vector, epoch, &[address as i64, value]);
        if !self.options.dependences {
            return;
        }
        let (first, last) = granules(address, size);
        match kind {
            AccessKind::Store => self.write_shadow(first, last, stream),
            AccessKind::Load => self.load(first, last, stream, epoch),
        }
    }

    /// Stream `stream` wrote granules `first..=last` at the current iteration vector.
    #[inline(always)]
    fn write_shadow(&mut self, first: u64, last: u64, stream: u32) {
        if !self.shadow.write(first, last, stream, self.control.iteration_vector()) {
            self.untracked_writes += last - first + 1;
        }
    }

    /// More bytes of the instance of `instruction` traced last, at `address` (QEMU reports wide
    /// accesses in pieces): stores write their shadow granules at the instance's iteration
    /// vector, loads add the dependences the instance does not have yet; the instruction
    /// stream already has its point.
    #[inline(never)]
    pub fn continue_access(&mut self, instruction: u32, address: u64, size: u8, kind: AccessKind) {
        if !self.options.dependences {
            return;
        }
        let stream = self.stream_of(instruction, kind, size);
        let (first, last) = granules(address, size);
        match kind {
            AccessKind::Store => self.write_shadow(first, last, stream),
            AccessKind::Load => {
                for granule in first..=last {
                    let Some(producer) = self.shadow.read(granule) else { continue };
                    let id = self.dependence_id(producer, stream);
                    if !self.dependences[id as usize].2.ends_at(self.control.epoch(), self.control.iteration_vector()) {
                        self.push_dependence(id, producer);
                    }
                }
            }
        }
    }

    /// The dependences of a load of granules `first..=last` by `stream`. Fast path: the load
    /// reads the entry its last dependence's run expects (over one granule, or two written by
    /// the same stream: a double), and the run grows by one point.
    #[inline(always)]
    fn load(&mut self, first: u64, last: u64, stream: u32, epoch: u64) {
        let entry = self.shadow.entry(first);
        let one_writer = first == last || (last == first + 1 && self.shadow.entry(last).same_writer(&entry));
        let inner = self.control.iteration_vector().last().copied();
        let expected = &mut self.streams[stream as usize].expected;
        if one_writer && entry == expected.entry && expected.epoch == epoch && inner == Some(expected.next_inner) {
            expected.entry = entry.stepped(&expected.step);
            expected.next_inner += 1;
            let dependence = expected.dependence;
            self.dependences[dependence as usize].2.extend_run();
            return;
        }
        self.load_dependences(first, last, stream, entry, one_writer);
    }

    #[inline(never)]
    fn load_dependences(&mut self, first: u64, last: u64, stream: u32, entry: Entry, one_writer: bool) {
        self.streams[stream as usize].expected = NO_EXPECTED_WRITER;
        if !one_writer {
            return self.dependences_of_wide_load(first, last, stream);
        }
        let Some(producer) = self.shadow.decode(first, entry) else { return };
        let dependence = self.dependence(producer, stream);
        #[cfg(test)]
        if !self.expected_writers {
            return;
        }
        self.streams[stream as usize].expected = self.dependences[dependence as usize].2.expected_writer(producer, dependence);
    }

    /// A load over several granules (at most 16: 64 bytes) depends once on each distinct
    /// stream that wrote them.
    #[inline(never)]
    fn dependences_of_wide_load(&mut self, first: u64, last: u64, stream: u32) {
        let mut seen = [u32::MAX; 16];
        let mut distinct = 0;
        for granule in first..last + 1 {
            let Some(producer) = self.shadow.read(granule) else { continue };
            if !seen[..distinct].contains(&producer.stream) {
                if distinct < seen.len() {
                    seen[distinct] = producer.stream;
                    distinct += 1;
                }
                self.dependence(producer, stream);
            }
        }
    }

    /// Adds the dependence of `consumer`'s current instance on `producer`; returns the
    /// dependence stream.
    #[inline]
    fn dependence(&mut self, producer: Producer, consumer: u32) -> u32 {
        let id = self.dependence_id(producer, consumer);
        self.push_dependence(id, producer);
        id
    }

    /// The dependence stream from `producer`'s stream to `consumer`: the consumer's last one
    /// if it is from the same stream, else looked up or created.
    #[inline]
    fn dependence_id(&mut self, producer: Producer, consumer: u32) -> u32 {
        let cached = self.streams[consumer as usize].last_dependence;
        if cached.0 == producer.stream { cached.1 } else { self.dependence_stream(producer, consumer) }
    }

    /// The current instance depends on `producer` through dependence stream `id`.
    #[inline]
    fn push_dependence(&mut self, id: u32, producer: Producer) {
        // The coordinates past `dimensions` are 0 (`Producer`): the label comes padded.
        let label: Label<MAX_SHADOW_DIMENSIONS> = std::array::from_fn(|c| producer.iteration_vector[c] as i64);
        let point = self.control.iteration_vector();
        let epoch = self.control.epoch();
        self.dependences[id as usize].2.push(point, epoch, &label);
    }

    /// The dependence stream from `producer`'s stream to `consumer`, created if new.
    #[inline(never)]
    fn dependence_stream(&mut self, producer: Producer, consumer: u32) -> u32 {
        let space = self.control.iteration_vector().len();
        let options = self.options.dependence_folding;
        let dependences = &mut self.dependences;
        let id = *self.dependence_index.entry((producer.stream, consumer)).or_insert_with(|| {
            let stream = Stream::new(space, producer.dimensions as usize, options);
            dependences.push((producer.stream, consumer, stream));
            (dependences.len() - 1) as u32
        });
        self.streams[consumer as usize].last_dependence = (producer.stream, id);
        id
    }

    /// Ends the execution: folds what is pending and builds the profile.
    pub fn finish(self) -> Profile {
        let threads = self.threads.into_all(self.control);
        let controls: Vec<(u32, &ControlFlow)> =
            threads.iter().enumerate().filter_map(|(t, c)| Some((t as u32, c.as_ref()?))).collect();
        let trip_counts = merged_trip_counts(controls.iter().map(|(_, c)| *c));
        let mut loop_keys: Vec<LoopKey> = trip_counts.keys().copied().collect();
        loop_keys.sort();
        let loop_id: HashMap<LoopKey, u32> =
            loop_keys.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect();
        let mut profile = Profile::default();
        for key in &loop_keys {
            let parent = controls
                .iter()
                .find_map(|(_, c)| c.parent_loop(*key))
                .and_then(|p| loop_id.get(&p).copied());
            profile.loops.push(LoopRecord {
                id: loop_id[key],
                function: key.function,
                header: key.header,
                kind: key.kind,
                parent,
                trip_counts: trip_counts[key],
                location: None,
            });
        }
        // Contexts are numbered per thread: one id per (thread, context) in the profile.
        let mut thread_contexts: Vec<(u32, u32)> = self.streams.iter().map(|s| (s.thread, s.context)).collect();
        thread_contexts.sort();
        thread_contexts.dedup();
        let context_id: HashMap<(u32, u32), u32> =
            thread_contexts.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect();
        for &(thread, context) in &thread_contexts {
            let control = threads[thread as usize].as_ref().expect("a thread with streams");
            let frames = control.context_frames(context);
            let loops = frames
                .iter()
                .flat_map(|f| f.loop_keys())
                .map(|k| loop_id.get(&k).copied().unwrap_or(u32::MAX))
                .collect();
            let call_sites = frames.iter().skip(1).map(|f| f.call_site).collect();
            let frame_loops = frames.iter().map(|f| f.loop_keys().count() as u32).collect();
            profile.contexts.push(ContextRecord { id: context_id[&(thread, context)], thread, call_sites, loops, frame_loops });
        }
        for (id, s) in self.streams.into_iter().enumerate() {
            let folded = s.stream.finish();
            profile.instructions.push(InstructionRecord {
                id: id as u32,
                pc: self.instructions[s.instruction as usize].pc,
                context: context_id[&(s.thread, s.context)],
                kind: s.kind,
                size: s.size,
                count: folded.count,
                order_errors: folded.order_errors,
                location: None,
                folded: folded.stream,
            });
        }
        for (source, sink, s) in self.dependences {
            let folded = s.finish();
            profile.dependences.push(DependenceRecord {
                source,
                sink,
                count: folded.count,
                order_errors: folded.order_errors,
                folded: folded.stream,
            });
        }
        if self.untracked_writes > 0 {
            profile.notes.push(format!(
                "{} granule writes were not tracked for dependences (deeper than {MAX_SHADOW_DIMENSIONS} loops, or too many streams)",
                self.untracked_writes
            ));
        }
        profile
    }
}

/// Trip counts per loop over every thread.
fn merged_trip_counts<'a>(controls: impl Iterator<Item = &'a ControlFlow>) -> HashMap<LoopKey, TripCounts> {
    let mut merged: HashMap<LoopKey, TripCounts> = HashMap::new();
    for control in controls {
        for (key, counts) in control.trip_counts() {
            merged.entry(key).or_default().merge(&counts);
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `for i in 0..4 { a[i] = ...; } for i in 0..4 { ... = a[i]; }` as blocks and accesses.
    #[test]
    fn store_then_load_loops_give_instruction_and_dependence_streams() {
        let mut tracer = Tracer::new(TracerOptions::default());
        let store = tracer.instruction(0x10);
        let load = tracer.instruction(0x20);
        tracer.enter_block(0x0, Transfer::Jump);
        for i in 0..4u64 {
            tracer.enter_block(0x10, Transfer::Jump);
            tracer.memory_access(store, 0x1000 + 4 * i, 4, AccessKind::Store);
        }
        tracer.enter_block(0x18, Transfer::Jump);
        for i in 0..4u64 {
            tracer.enter_block(0x20, Transfer::Jump);
            tracer.memory_access(load, 0x1000 + 4 * i, 4, AccessKind::Load);
        }
        tracer.enter_block(0x28, Transfer::Jump);
        let profile = tracer.finish();
        // The first iteration of each loop runs before its back edge is known: one stream
        // outside the loop, one inside.
        let in_loop: Vec<_> =
            profile.instructions.iter().filter(|r| r.folded.space == 1).collect();
        assert_eq!(in_loop.len(), 2);
        for record in &in_loop {
            assert_eq!(record.folded.pieces.len(), 1);
            assert_eq!(
                record.folded.pieces[0].label_functions[0].coefficients,
                vec![crate::folding::Coefficient::Integer(4)]
            );
        }
        let loop_to_loop: Vec<_> =
            profile.dependences.iter().filter(|d| d.folded.space == 1 && d.folded.label_components == 1).collect();
        assert_eq!(loop_to_loop.len(), 1);
        // Load iteration i reads what store iteration i wrote: label = point.
        let f = &loop_to_loop[0].folded.pieces[0].label_functions[0];
        assert_eq!(f.evaluate(&[2]), Some(2));
        assert_eq!(profile.loops.len(), 2);
    }

    /// Loads that extend their dependence run from the raw shadow entry they expect give
    /// the profile the general path gives: random 1- and 2-deep nests of stores and loads of
    /// 4 and 8 bytes, loads at shifted and at irregular addresses, stray stores that change
    /// the writer of a granule, each nest run twice.
    #[test]
    fn expected_writers_change_no_profile() {
        let mut next = crate::test_random(0x853c_49e6_748f_ea9bu64);
        let mut fast_loads = 0;
        for round in 0..300 {
            let depth = 1 + next(2);
            let (outer, inner) = (if depth == 2 { 1 + next(6) } else { 1 }, 1 + next(40));
            let size = if next(2) == 0 { 4 } else { 8 };
            let shift = next(3) as i64 - 1;
            let irregular = next(4) == 0;
            let stray = next(3) == 0;
            let mut seeds = Vec::new();
            for _ in 0..4 * outer * inner {
                seeds.push(next(1 << 20));
            }
            let profiles: Vec<Profile> = [true, false]
                .into_iter()
                .map(|expected_writers| {
                    let mut tracer = Tracer::new(TracerOptions::default());
                    tracer.expected_writers = expected_writers;
                    let ids: Vec<u32> = (0..4).map(|k| tracer.instruction(0x300 + 4 * k)).collect();
                    tracer.enter_block(0x0, Transfer::Jump);
                    let mut seed = seeds.iter().cycle();
                    for _ in 0..2 {
                        for i in 0..outer {
                            if depth == 2 {
                                tracer.enter_block(0x100, Transfer::Jump);
                            }
                            for j in 0..inner {
                                tracer.enter_block(0x200, Transfer::Jump);
                                let element = (i * inner + j) as i64;
                                let at = |e: i64| (0x10000 + size as i64 * e) as u64;
                                tracer.memory_access(ids[0], at(element), size, AccessKind::Store);
                                tracer.memory_access(ids[1], at(element + shift), size, AccessKind::Load);
                                let r = *seed.next().unwrap();
                                if irregular && r % 3 == 0 {
                                    tracer.memory_access(ids[2], at((r % 64) as i64), size, AccessKind::Load);
                                }
                                if stray && r % 5 == 0 {
                                    tracer.memory_access(ids[3], at(element - 1 - (r % 3) as i64), 4, AccessKind::Store);
                                }
                                tracer.memory_access(ids[2], at(element - 2), size, AccessKind::Load);
                            }
                            if depth == 2 {
                                tracer.enter_block(0x180, Transfer::Jump);
                            }
                        }
                        tracer.enter_block(0x900, Transfer::Jump);
                    }
                    if expected_writers {
                        fast_loads += tracer.streams.iter().filter(|s| s.expected.epoch != u64::MAX).count();
                    }
                    tracer.finish()
                })
                .collect();
            assert_eq!(profiles[0], profiles[1], "round {round}");
        }
        assert!(fast_loads > 100, "the fast path is exercised: {fast_loads}");
    }

    /// Accesses wider than a granule: an 8-byte load of what one 8-byte store wrote depends
    /// on it once; a 16-byte load over two stores of the same stream depends on that stream
    /// once (its first granule's writer), and over two streams on each.
    #[test]
    fn wide_loads_depend_once_on_each_writing_stream() {
        let mut tracer = Tracer::new(TracerOptions::default());
        let (store, other_store) = (tracer.instruction(0x10), tracer.instruction(0x14));
        let (load, wide_load) = (tracer.instruction(0x20), tracer.instruction(0x30));
        tracer.enter_block(0x0, Transfer::Jump);
        for i in 0..8u64 {
            tracer.enter_block(0x10, Transfer::Jump);
            tracer.memory_access(store, 0x2000 + 8 * i, 8, AccessKind::Store);
        }
        tracer.enter_block(0x14, Transfer::Jump);
        tracer.memory_access(other_store, 0x3008, 8, AccessKind::Store);
        tracer.memory_access(store, 0x3000, 8, AccessKind::Store);
        for i in 0..8u64 {
            tracer.enter_block(0x20, Transfer::Jump);
            tracer.memory_access(load, 0x2000 + 8 * i, 8, AccessKind::Load);
        }
        for i in 0..4u64 {
            tracer.enter_block(0x30, Transfer::Jump);
            tracer.memory_access(wide_load, 0x2000 + 16 * i, 16, AccessKind::Load);
        }
        tracer.enter_block(0x38, Transfer::Jump);
        tracer.memory_access(wide_load, 0x3000, 16, AccessKind::Load);
        let profile = tracer.finish();
        let pc_of = |stream: u32| profile.instructions[stream as usize].pc;
        let count = |source_pc: u64, sink_pc: u64| -> u64 {
            profile
                .dependences
                .iter()
                .filter(|d| pc_of(d.source) == source_pc && pc_of(d.sink) == sink_pc)
                .map(|d| d.count)
                .sum()
        };
        assert_eq!(count(0x10, 0x20), 8);
        // 4 + 1 loads, plus one: the first wide load covers the stores of iterations 0 and 1,
        // and iteration 0 ran before the loop's back edge was known (another stream).
        assert_eq!(count(0x10, 0x30), 6);
        assert_eq!(count(0x14, 0x30), 1);
        let wide: Vec<_> = profile
            .dependences
            .iter()
            .filter(|d| pc_of(d.source) == 0x10 && pc_of(d.sink) == 0x30 && d.folded.space == 1)
            .collect();
        // Load iteration i reads stores 2i and 2i + 1: the label is the first, 2i.
        assert!(wide.iter().all(|d| d.folded.pieces.iter().all(|p| p.label_functions[0].evaluate(&[1]) == Some(2))));
    }
}
