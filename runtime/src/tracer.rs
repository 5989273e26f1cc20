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

use crate::control::{ControlFlow, LoopKey, Transfer};
use crate::folding::{FoldedStream, Folder, FoldingOptions};
use crate::profile::{
    AccessKind, ContextRecord, DependenceRecord, InstructionRecord, LoopRecord, Profile,
};
use crate::fast_hash::FastMap;
use crate::shadow::{granules, Producer, ShadowMemory, MAX_SHADOW_DIMENSIONS};
use std::collections::HashMap;

/// Options of the tracer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TracerOptions {
    pub instruction_folding: FoldingOptions,
    pub dependence_folding: FoldingOptions,
    /// Track read-after-write dependences through memory.
    pub dependences: bool,
}

impl Default for TracerOptions {
    fn default() -> Self {
        TracerOptions {
            instruction_folding: FoldingOptions::default(),
            // Table 5's F_GG: no widening for dependences.
            dependence_folding: FoldingOptions { label_widening: false, ..FoldingOptions::default() },
            dependences: true,
        }
    }
}

/// Most label components a stream has: an address (instruction streams) or a producer's
/// iteration vector (dependence streams).
const MAX_LABEL_COMPONENTS: usize = MAX_SHADOW_DIMENSIONS;

/// Points of a stream not handed to the folder yet: a run along the innermost axis, the
/// instances of one instruction in one execution of its innermost loop (`Folder::push_run`).
/// A point continues the run when the control flow's epoch is the run's (same context, same
/// outer coordinates), its innermost coordinate is the next one and its label moves by the
/// run's step: three comparisons instead of a fold per point.
struct Run {
    epoch: u64,
    first_point: Vec<i64>,
    first_label: [i64; MAX_LABEL_COMPONENTS],
    step: [i64; MAX_LABEL_COMPONENTS],
    next_inner: i64,
    next_label: [i64; MAX_LABEL_COMPONENTS],
    count: u64,
}

struct Stream {
    folder: Folder,
    components: usize,
    run: Run,
    count: u64,
    order_errors: u64,
}

impl Stream {
    fn new(space: usize, components: usize, options: FoldingOptions) -> Stream {
        assert!(components <= MAX_LABEL_COMPONENTS);
        Stream {
            folder: Folder::new(space, components, options),
            components,
            run: Run {
                epoch: 0,
                first_point: Vec::with_capacity(space),
                first_label: [0; MAX_LABEL_COMPONENTS],
                step: [0; MAX_LABEL_COMPONENTS],
                next_inner: 0,
                next_label: [0; MAX_LABEL_COMPONENTS],
                count: 0,
            },
            count: 0,
            order_errors: 0,
        }
    }

    /// Adds the point `point` (iteration vector at `epoch`) with `label`.
    #[inline(always)]
    fn push(&mut self, point: &[i64], epoch: u64, label: &[i64]) {
        self.count += 1;
        let run = &mut self.run;
        let n = self.components;
        if let Some(&inner) = point.last() {
            if run.count > 0 && run.epoch == epoch && inner == run.next_inner {
                if run.count == 1 {
                    for c in 0..n {
                        run.step[c] = label[c].wrapping_sub(run.first_label[c]);
                    }
                } else if (0..n).any(|c| label[c] != run.next_label[c]) {
                    // (Not a slice comparison: that is a call to `memcmp` per point.)
                    return self.restart_run(point, epoch, label);
                }
                run.count += 1;
                run.next_inner += 1;
                for c in 0..n {
                    run.next_label[c] = label[c].wrapping_add(run.step[c]);
                }
                return;
            }
            return self.restart_run(point, epoch, label);
        }
        // No loop around: nothing to run along.
        if self.folder.push(point, label).is_err() {
            self.order_errors += 1;
        }
    }

    #[cold]
    fn restart_run(&mut self, point: &[i64], epoch: u64, label: &[i64]) {
        self.flush_run();
        let run = &mut self.run;
        let n = self.components;
        run.epoch = epoch;
        run.first_point.clear();
        run.first_point.extend_from_slice(point);
        run.first_label[..n].copy_from_slice(label);
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

    fn finish(mut self) -> FinishedStream {
        self.flush_run();
        FinishedStream { stream: self.folder.finish(), count: self.count, order_errors: self.order_errors }
    }
}

struct FinishedStream {
    stream: FoldedStream,
    count: u64,
    order_errors: u64,
}

struct InstructionStream {
    instruction: u32,
    context: u32,
    kind: AccessKind,
    size: u8,
    stream: Stream,
    /// Cache of the last dependence stream into this one: (producer stream, dependence id).
    last_dependence: (u32, u32),
}

struct StaticInstruction {
    pc: u64,
    /// Per access kind (load, store), the stream this instruction used last and the control
    /// flow's epoch then: within one epoch the context does not change.
    last: [(u64, u32); 2],
}

/// Feeds control flow and memory accesses into folded streams.
pub struct Tracer {
    options: TracerOptions,
    control: ControlFlow,
    instructions: Vec<StaticInstruction>,
    instruction_index: FastMap<u64, u32>,
    streams: Vec<InstructionStream>,
    stream_index: FastMap<(u32, u32, bool), u32>,
    dependences: Vec<(u32, u32, Stream)>,
    dependence_index: FastMap<(u32, u32), u32>,
    shadow: ShadowMemory,
    untracked_writes: u64,
}

impl Tracer {
    pub fn new(options: TracerOptions) -> Tracer {
        Tracer {
            options,
            control: ControlFlow::new(),
            instructions: Vec::new(),
            instruction_index: FastMap::default(),
            streams: Vec::new(),
            stream_index: FastMap::default(),
            dependences: Vec::new(),
            dependence_index: FastMap::default(),
            shadow: ShadowMemory::default(),
            untracked_writes: 0,
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

    /// The address of the static instruction `id`.
    #[inline]
    pub fn instruction_pc(&self, id: u32) -> u64 {
        self.instructions[id as usize].pc
    }

    /// See [`ControlFlow::split_block`].
    pub fn split_block(&mut self, block: u64, leader: u64) {
        self.control.split_block(block, leader);
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
        let id = *self.stream_index.entry((context, instruction, is_store)).or_insert_with(|| {
            streams.push(InstructionStream {
                instruction,
                context,
                kind,
                size,
                stream: Stream::new(space, 1, options),
                last_dependence: (u32::MAX, 0),
            });
            (streams.len() - 1) as u32
        });
        self.instructions[instruction as usize].last[kind as usize] = (epoch, id);
        id
    }

    /// The instruction `instruction` accessed `size` bytes at `address`.
    #[inline(always)]
    pub fn memory_access(&mut self, instruction: u32, address: u64, size: u8, kind: AccessKind) {
        let stream = self.stream_of(instruction, kind, size);
        let iteration_vector = self.control.iteration_vector();
        let epoch = self.control.epoch();
        self.streams[stream as usize].stream.push(iteration_vector, epoch, &[address as i64]);
        if !self.options.dependences {
            return;
        }
        let (first, last) = granules(address, size);
        match kind {
            AccessKind::Store => {
                for granule in first..=last {
                    if !self.shadow.write(granule, stream, iteration_vector) {
                        self.untracked_writes += 1;
                    }
                }
            }
            AccessKind::Load => {
                let mut seen: [u32; 2] = [u32::MAX; 2];
                for granule in first..=last {
                    let Some(producer) = self.shadow.read(granule) else { continue };
                    if seen.contains(&producer.stream) {
                        continue;
                    }
                    seen[(granule - first).min(1) as usize] = producer.stream;
                    self.dependence(producer, stream);
                }
            }
        }
    }

    fn dependence(&mut self, producer: Producer, consumer: u32) {
        let cached = self.streams[consumer as usize].last_dependence;
        let id = if cached.0 == producer.stream {
            cached.1
        } else {
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
        };
        let mut label = [0i64; MAX_SHADOW_DIMENSIONS];
        let dimensions = producer.dimensions as usize;
        for (l, &x) in label.iter_mut().zip(&producer.iteration_vector[..dimensions]) {
            *l = x as i64;
        }
        let point = self.control.iteration_vector();
        let epoch = self.control.epoch();
        self.dependences[id as usize].2.push(point, epoch, &label[..dimensions]);
    }

    /// Ends the execution: folds what is pending and builds the profile.
    pub fn finish(self) -> Profile {
        let trip_counts = self.control.trip_counts();
        let mut loop_keys: Vec<LoopKey> = trip_counts.keys().copied().collect();
        loop_keys.sort();
        let loop_id: HashMap<LoopKey, u32> =
            loop_keys.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect();
        let mut profile = Profile::default();
        for key in &loop_keys {
            let parent = self.control.parent_loop(*key).and_then(|p| loop_id.get(&p).copied());
            profile.loops.push(LoopRecord {
                id: loop_id[key],
                function: key.function,
                header: key.header,
                parent,
                trip_counts: trip_counts[key],
                location: None,
            });
        }
        let mut context_ids: Vec<u32> = self.streams.iter().map(|s| s.context).collect();
        context_ids.sort();
        context_ids.dedup();
        for &context in &context_ids {
            let frames = self.control.context_frames(context);
            let loops = frames
                .iter()
                .flat_map(|f| {
                    f.loops.iter().map(move |&header| LoopKey { function: f.function, header })
                })
                .map(|k| loop_id.get(&k).copied().unwrap_or(u32::MAX))
                .collect();
            let call_sites = frames.iter().skip(1).map(|f| f.call_site).collect();
            profile.contexts.push(ContextRecord { id: context, call_sites, loops });
        }
        for (id, s) in self.streams.into_iter().enumerate() {
            let folded = s.stream.finish();
            profile.instructions.push(InstructionRecord {
                id: id as u32,
                pc: self.instructions[s.instruction as usize].pc,
                context: s.context,
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
}
