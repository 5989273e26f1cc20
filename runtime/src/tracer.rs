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
use crate::folding::{Folder, FoldingOptions};
use crate::profile::{
    AccessKind, ContextRecord, DependenceRecord, InstructionRecord, LoopRecord, Profile,
};
use crate::fast_hash::FastMap;
use std::collections::HashMap;

/// Deepest iteration vector kept in the shadow memory; deeper producers are not tracked.
pub const MAX_SHADOW_DIMENSIONS: usize = 6;

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

#[derive(Clone, Copy)]
struct Producer {
    stream: u32,
    dimensions: u8,
    iteration_vector: [i32; MAX_SHADOW_DIMENSIONS],
}

const NO_PRODUCER: Producer =
    Producer { stream: u32::MAX, dimensions: 0, iteration_vector: [0; MAX_SHADOW_DIMENSIONS] };
const GRANULE_BITS: u32 = 2;
const PAGE_BITS: u32 = 10; // granules per page: 1024 (4 KiB of guest memory)

const PAGE_CACHE: usize = 64;

/// The shadow memory: a page table of last writers per 4-byte granule. Pages are found
/// through a direct-mapped cache of page numbers in front of the hash map, so the accesses of
/// a loop nest (a few pages at a time) do no hashing.
struct ShadowMemory {
    index: FastMap<u64, u32>,
    pages: Vec<Box<[Producer]>>,
    cache: [(u64, u32); PAGE_CACHE],
}

impl Default for ShadowMemory {
    fn default() -> Self {
        ShadowMemory { index: FastMap::default(), pages: Vec::new(), cache: [(u64::MAX, 0); PAGE_CACHE] }
    }
}

impl ShadowMemory {
    #[inline]
    fn cached(&self, page: u64) -> Option<u32> {
        let (p, i) = self.cache[(page as usize) % PAGE_CACHE];
        (p == page).then_some(i)
    }

    #[inline]
    fn slot(&mut self, granule: u64) -> &mut Producer {
        let page = granule >> PAGE_BITS;
        let i = match self.cached(page) {
            Some(i) => i,
            None => self.lookup(page, true).expect("created"),
        };
        &mut self.pages[i as usize][(granule & ((1 << PAGE_BITS) - 1)) as usize]
    }

    #[inline]
    fn get(&mut self, granule: u64) -> Option<&Producer> {
        let page = granule >> PAGE_BITS;
        let i = match self.cached(page) {
            Some(i) => i,
            None => self.lookup(page, false)?,
        };
        let p = &self.pages[i as usize][(granule & ((1 << PAGE_BITS) - 1)) as usize];
        (p.stream != u32::MAX).then_some(p)
    }

    #[cold]
    fn lookup(&mut self, page: u64, create: bool) -> Option<u32> {
        let i = match self.index.get(&page) {
            Some(&i) => i,
            None if create => {
                self.pages.push(vec![NO_PRODUCER; 1 << PAGE_BITS].into_boxed_slice());
                let i = (self.pages.len() - 1) as u32;
                self.index.insert(page, i);
                i
            }
            None => return None,
        };
        self.cache[(page as usize) % PAGE_CACHE] = (page, i);
        Some(i)
    }
}

struct Stream {
    folder: Folder,
    count: u64,
    order_errors: u64,
}

impl Stream {
    fn push(&mut self, point: &[i64], label: &[i64]) {
        self.count += 1;
        // Out-of-order points (possible with recursion) cannot be folded: counted instead.
        if self.folder.push(point, label).is_err() {
            self.order_errors += 1;
        }
    }
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
    /// Cache of the last (context, stream) used by this instruction.
    last: Option<(u32, u32)>,
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
    untracked_deep_producers: u64,
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
            untracked_deep_producers: 0,
        }
    }

    /// Registers the static instruction at `pc` (idempotent); returns its id for
    /// [`Tracer::memory_access`].
    pub fn instruction(&mut self, pc: u64) -> u32 {
        if let Some(&id) = self.instruction_index.get(&pc) {
            return id;
        }
        let id = self.instructions.len() as u32;
        self.instructions.push(StaticInstruction { pc, last: None });
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

    fn stream_of(&mut self, instruction: u32, kind: AccessKind, size: u8) -> u32 {
        let context = self.control.context();
        let is_store = kind == AccessKind::Store;
        let cached = &self.instructions[instruction as usize].last;
        if let Some((c, s)) = *cached {
            if c == context && self.streams[s as usize].kind == kind {
                return s;
            }
        }
        let space = self.control.iteration_vector().len();
        let options = self.options.instruction_folding;
        let streams = &mut self.streams;
        let id = *self.stream_index.entry((context, instruction, is_store)).or_insert_with(|| {
            streams.push(InstructionStream {
                instruction,
                context,
                kind,
                size,
                stream: Stream { folder: Folder::new(space, 1, options), count: 0, order_errors: 0 },
                last_dependence: (u32::MAX, 0),
            });
            (streams.len() - 1) as u32
        });
        self.instructions[instruction as usize].last = Some((context, id));
        id
    }

    /// The instruction `instruction` accessed `size` bytes at `address`.
    pub fn memory_access(&mut self, instruction: u32, address: u64, size: u8, kind: AccessKind) {
        let stream = self.stream_of(instruction, kind, size);
        let iteration_vector = self.control.iteration_vector();
        self.streams[stream as usize].stream.push(iteration_vector, &[address as i64]);
        if !self.options.dependences {
            return;
        }
        let first = address >> GRANULE_BITS;
        let last = (address + size.max(1) as u64 - 1) >> GRANULE_BITS;
        match kind {
            AccessKind::Store => {
                let dimensions = iteration_vector.len();
                if dimensions > MAX_SHADOW_DIMENSIONS {
                    for granule in first..=last {
                        *self.shadow.slot(granule) = NO_PRODUCER;
                    }
                    self.untracked_deep_producers += 1;
                    return;
                }
                let mut producer = Producer {
                    stream,
                    dimensions: dimensions as u8,
                    iteration_vector: [0; MAX_SHADOW_DIMENSIONS],
                };
                for (slot, &x) in producer.iteration_vector.iter_mut().zip(iteration_vector) {
                    *slot = x as i32;
                }
                for granule in first..=last {
                    *self.shadow.slot(granule) = producer;
                }
            }
            AccessKind::Load => {
                let mut seen: [u32; 2] = [u32::MAX; 2];
                for granule in first..=last {
                    let Some(&producer) = self.shadow.get(granule) else { continue };
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
                let folder = Folder::new(space, producer.dimensions as usize, options);
                dependences.push((producer.stream, consumer, Stream { folder, count: 0, order_errors: 0 }));
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
        self.dependences[id as usize].2.push(point, &label[..dimensions]);
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
                kind: key.kind,
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
                .flat_map(|f| f.loop_keys())
                .map(|k| loop_id.get(&k).copied().unwrap_or(u32::MAX))
                .collect();
            let call_sites = frames.iter().skip(1).map(|f| f.call_site).collect();
            profile.contexts.push(ContextRecord { id: context, call_sites, loops });
        }
        for (id, s) in self.streams.into_iter().enumerate() {
            profile.instructions.push(InstructionRecord {
                id: id as u32,
                pc: self.instructions[s.instruction as usize].pc,
                context: s.context,
                kind: s.kind,
                size: s.size,
                count: s.stream.count,
                order_errors: s.stream.order_errors,
                location: None,
                folded: s.stream.folder.finish(),
            });
        }
        for (source, sink, s) in self.dependences {
            profile.dependences.push(DependenceRecord {
                source,
                sink,
                count: s.count,
                order_errors: s.order_errors,
                folded: s.folder.finish(),
            });
        }
        if self.untracked_deep_producers > 0 {
            profile.notes.push(format!(
                "{} stores deeper than {MAX_SHADOW_DIMENSIONS} loops were not tracked for dependences",
                self.untracked_deep_producers
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
