//! What the QEMU plugin does with translation blocks, without QEMU: turns executed translation
//! blocks and memory accesses into the block entries and accesses the [`Tracer`] expects.
//!
//! Translation blocks are not basic blocks (paper 001, section 3; BRIEF "QEMU runtime"): a
//! loop header can be reached by fall-through inside a block translated before the back edge
//! to it was seen. Every address at which some translation block starts is a *leader*; when a
//! translation block containing leaders after its start executes, those leaders are entered as
//! blocks of their own (by fall-through), each just before the first memory access of an
//! instruction at or after it, and at the latest when the next translation block starts.
//!
//! Calls and returns are recognized from the last instruction of the previous translation
//! block (`call*`, `ret*`): a call's return address is the end of that instruction.
//!
//! When the guest's code is given ([`Frontend::set_code_image`]), a function is decoded when it
//! is first called ([`crate::control::static_cfg`]): its blocks become leaders and its edges
//! go to the control flow before it runs, so its loops are known from their first iteration.

use crate::control::static_cfg::{static_cfg, CodeImage, StaticCfg};
use crate::control::Transfer;
use crate::fast_hash::FastMap;
use crate::options::PluginOptions;
use crate::profile::{AccessKind, Profile};
use crate::threads::Parked;
use crate::tracer::Tracer;
use std::collections::{BTreeMap, BTreeSet};

/// How an instruction transfers control, as far as loop events care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlKind {
    Call,
    Return,
    Other,
}

/// Whether the only memory the instruction of `disassembly` accesses is a return address: a
/// return, or a call without a memory operand (Intel `[...]` or AT&T `(...)`), direct or
/// through a register.
pub fn accesses_return_address_only(disassembly: &str) -> bool {
    match ControlKind::of_disassembly(disassembly) {
        ControlKind::Return => true,
        ControlKind::Call => !disassembly.contains(['[', '(']),
        ControlKind::Other => false,
    }
}

impl ControlKind {
    /// From the disassembly of an x86-64 instruction (`call 0x...`, `ret`, `repz ret`).
    pub fn of_disassembly(text: &str) -> ControlKind {
        let mut words = text.split_whitespace();
        let mut mnemonic = words.next().unwrap_or("");
        if matches!(mnemonic, "repz" | "rep" | "bnd" | "notrack") {
            mnemonic = words.next().unwrap_or("");
        }
        if mnemonic.starts_with("call") {
            ControlKind::Call
        } else if mnemonic.starts_with("ret") {
            ControlKind::Return
        } else {
            ControlKind::Other
        }
    }
}

/// One instruction of a translation block as the plugin sees it at translation time.
#[derive(Clone, Debug)]
pub struct TranslatedInstruction {
    pub pc: u64,
    pub size: u64,
    pub control: ControlKind,
    pub symbol: Option<String>,
    /// The instruction's only memory access is the return address that a call (direct, or
    /// through a register) pushes or a return pops: it is not traced. That slot is the
    /// machine's, not the program's: a call in a loop writes it at every iteration, which
    /// read as a write-after-write carried by the loop (backprop's `squash` call made
    /// layerforward's loop look sequential to the report).
    pub return_address_only: bool,
}

struct TranslationBlockInfo {
    start: u64,
    end: u64,
    last_pc: u64,
    last_control: ControlKind,
    /// Leaders strictly inside the block, valid for `generation`.
    interior_leaders: Vec<u64>,
    generation: u64,
    /// The last execution of this block was a jump from translation block `previous` that
    /// only iterated the innermost live loop (`Tracer::iteration_only`), entering `block`,
    /// in `epoch` and leader `generation`: the same jump in the same state does the same.
    repeat: Option<Repeat>,
}

#[derive(Clone, Copy)]
struct Repeat {
    previous: usize,
    epoch: u64,
    generation: u64,
    block: usize,
}

/// Where one guest thread is in the translation blocks.
#[derive(Debug, Default)]
struct Cursor {
    /// The translation block that ran last.
    previous: Option<usize>,
    /// Leaders inside it not entered yet: `interior_leaders[next_pending..pending_end]` of
    /// block `previous` (indices, not a copy: the repeated path of a loop stays cheap).
    next_pending: usize,
    pending_end: usize,
    /// The code of the translation block that ran last: `[start, start + length)`.
    start: u64,
    length: u64,
    /// The last access in this execution of the block: its instruction and kind
    /// (`id << 1 | is_store`) and where it ended (`u64::MAX`: none yet).
    last_access: u64,
    last_end: u64,
}

/// The plugin's state.
pub struct Frontend {
    pub options: PluginOptions,
    tracer: Tracer,
    blocks: Vec<TranslationBlockInfo>,
    leaders: BTreeSet<u64>,
    generation: u64,
    /// The guest's code, when static CFGs are on and the plugin could read it.
    code: Option<CodeImage>,
    /// The decoded CFG of each function called so far (`None`: not decodable).
    static_cfg_of: FastMap<u64, Option<usize>>,
    static_cfgs: Vec<StaticCfg>,
    /// Every decoded block: start -> end.
    static_blocks: BTreeMap<u64, u64>,
    /// Where the current guest thread is; the other threads' cursors wait in `threads`.
    cursor: Cursor,
    threads: Parked<Cursor>,
    /// The current vCPU, and the thread (serial number) of each vCPU.
    vcpu: u32,
    vcpu_threads: Vec<Option<u32>>,
    started_threads: u32,
    pub executed_blocks: u64,
    /// Blocks whose loop events were repeated from memory (`Repeat`).
    pub repeated_blocks: u64,
    pub memory_accesses: u64,
    /// Accesses reported for an instruction outside the running block (see
    /// [`Frontend::memory_access_with_value`]), not traced.
    pub misattributed_accesses: u64,
}

impl Frontend {
    pub fn new(options: PluginOptions) -> Frontend {
        let tracer = Tracer::new(options.tracer);
        Frontend {
            options,
            tracer,
            blocks: Vec::new(),
            leaders: BTreeSet::new(),
            generation: 0,
            code: None,
            static_cfg_of: FastMap::default(),
            static_cfgs: Vec::new(),
            static_blocks: BTreeMap::new(),
            cursor: Cursor::default(),
            threads: Parked::new(),
            vcpu: u32::MAX,
            vcpu_threads: Vec::new(),
            started_threads: 0,
            executed_blocks: 0,
            repeated_blocks: 0,
            memory_accesses: 0,
            misattributed_accesses: 0,
        }
    }

    /// A translation block was translated: returns its index (for [`Frontend::execute_block`])
    /// and, per instruction, the id to pass to [`Frontend::memory_access`] when its memory
    /// accesses are traced.
    pub fn translate_block(&mut self, instructions: &[TranslatedInstruction]) -> (usize, Vec<Option<u32>>) {
        let first = &instructions[0];
        let last = &instructions[instructions.len() - 1];
        self.insert_leader(first.pc);
        self.blocks.push(TranslationBlockInfo {
            start: first.pc,
            end: last.pc + last.size,
            last_pc: last.pc,
            last_control: last.control,
            interior_leaders: Vec::new(),
            generation: 0,
            repeat: None,
        });
        let ids = instructions
            .iter()
            .map(|i| {
                (self.options.instruments(i.pc, i.symbol.as_deref()) && !i.return_address_only)
                    .then(|| self.tracer.instruction(i.pc))
            })
            .collect();
        (self.blocks.len() - 1, ids)
    }

    /// A new leader: a block that already ran through it, or a decoded block that spans it,
    /// is split there.
    fn insert_leader(&mut self, leader: u64) {
        if !self.leaders.insert(leader) {
            return;
        }
        self.generation += 1;
        let ran_through = self.blocks.iter().find(|b| b.start < leader && leader < b.end).map(|b| b.start);
        let decoded = || {
            let (&start, &end) = self.static_blocks.range(..leader).next_back()?;
            (leader < end).then_some(start)
        };
        if let Some(from) = ran_through.or_else(decoded) {
            if let Some(&start) = self.leaders.range(from..leader).next_back() {
                self.tracer.split_block(start, leader);
            }
        }
    }

    /// The guest's code: from now on, functions are decoded when first called.
    pub fn set_code_image(&mut self, code: CodeImage) {
        self.code = Some(code);
    }

    /// Whether the plugin should read the guest's code for [`Frontend::set_code_image`].
    pub fn wants_code_image(&self) -> bool {
        self.options.static_cfg && self.code.is_none()
    }

    /// `function` is being called: its decoded CFG (decoded now if it is the first call in
    /// any thread) goes to the current thread's control flow if it does not know it yet.
    fn prepare_function(&mut self, function: u64) {
        let index = match self.static_cfg_of.get(&function) {
            Some(&index) => index,
            None => {
                let decoded = self.code.as_ref().and_then(|code| static_cfg(code, function));
                let index = decoded.map(|cfg| {
                    for &start in cfg.blocks.keys() {
                        self.insert_leader(start);
                    }
                    self.static_blocks.extend(&cfg.blocks);
                    self.static_cfgs.push(cfg);
                    self.static_cfgs.len() - 1
                });
                self.static_cfg_of.insert(function, index);
                index
            }
        };
        if let Some(index) = index {
            self.tracer.prepare_function(function, &self.static_cfgs[index]);
        }
    }

    /// A vCPU starts: a new guest thread (QEMU user mode runs each guest thread on a vCPU of
    /// its own, and may give a vCPU index that became free to a new thread).
    pub fn vcpu_started(&mut self, vcpu: u32) {
        let index = vcpu as usize;
        if self.vcpu_threads.len() <= index {
            self.vcpu_threads.resize(index + 1, None);
        }
        // Serial numbers in order of start: the first thread is 0, the state's initial one.
        self.vcpu_threads[index] = Some(self.started_threads);
        self.started_threads += 1;
        if vcpu == self.vcpu {
            self.vcpu = u32::MAX; // switch on the next event
        }
    }

    /// The events that follow come from vCPU `vcpu`.
    #[inline(always)]
    pub fn set_vcpu(&mut self, vcpu: u32) {
        if vcpu != self.vcpu {
            self.switch_vcpu(vcpu);
        }
    }

    #[inline(never)]
    fn switch_vcpu(&mut self, vcpu: u32) {
        let known = self.vcpu_threads.get(vcpu as usize).copied().flatten();
        if known.is_none() {
            self.vcpu_started(vcpu);
        }
        let thread = self.vcpu_threads[vcpu as usize].expect("mapped");
        self.vcpu = vcpu;
        if self.threads.switch(&mut self.cursor, thread, Cursor::default) {
            self.tracer.switch_thread(thread);
        }
    }

    /// The translation block `index` starts executing.
    #[inline]
    pub fn execute_block(&mut self, index: usize) {
        self.executed_blocks += 1;
        self.cursor.last_end = u64::MAX;
        if self.cursor.next_pending < self.cursor.pending_end {
            self.flush_pending_leaders(u64::MAX);
        }
        let epoch = self.tracer.epoch();
        if let (Some(repeat), Some(previous)) = (self.blocks[index].repeat, self.cursor.previous) {
            if repeat.previous == previous && repeat.epoch == epoch && repeat.generation == self.generation {
                self.cursor.previous = Some(index);
                self.repeated_blocks += 1;
                self.set_pending_leaders(index);
                self.tracer.repeat_iteration(repeat.block);
                return;
            }
        }
        self.enter_translation_block(index, epoch);
    }

    /// [`Frontend::execute_block`] when the block's loop events are not repeated from memory:
    /// out of line, so that the repeated case stays small.
    #[inline(never)]
    fn enter_translation_block(&mut self, index: usize, epoch: u64) {
        let transfer = match self.cursor.previous.map(|p| &self.blocks[p]) {
            Some(previous) => match previous.last_control {
                ControlKind::Call => Transfer::Call { call_site: previous.last_pc, return_address: previous.end },
                ControlKind::Return => Transfer::Return,
                ControlKind::Other => Transfer::Jump,
            },
            None => Transfer::Jump,
        };
        if matches!(transfer, Transfer::Call { .. }) && self.code.is_some() {
            self.prepare_function(self.blocks[index].start);
        }
        let previous = self.cursor.previous.replace(index);
        let block = &mut self.blocks[index];
        if block.generation != self.generation {
            block.interior_leaders = self.leaders.range(block.start + 1..block.end).copied().collect();
            block.generation = self.generation;
        }
        let start = block.start;
        self.set_pending_leaders(index);
        self.tracer.enter_block(start, transfer);
        let repeat = match (previous, self.tracer.iteration_only()) {
            (Some(previous), Some(block)) if transfer == Transfer::Jump => {
                Some(Repeat { previous, epoch, generation: self.generation, block })
            }
            _ => None,
        };
        self.blocks[index].repeat = repeat;
    }

    /// The leaders inside translation block `index` are entered as its execution reaches them.
    #[inline]
    fn set_pending_leaders(&mut self, index: usize) {
        let block = &self.blocks[index];
        (self.cursor.start, self.cursor.length) = (block.start, block.end - block.start);
        self.cursor.next_pending = 0;
        self.cursor.pending_end = block.interior_leaders.len();
    }

    #[inline(never)]
    fn flush_pending_leaders(&mut self, up_to: u64) {
        let Some(block) = self.cursor.previous else { return };
        while self.cursor.next_pending < self.cursor.pending_end {
            let leader = self.blocks[block].interior_leaders[self.cursor.next_pending];
            if leader > up_to {
                break;
            }
            self.tracer.enter_block(leader, Transfer::Jump);
            self.cursor.next_pending += 1;
        }
    }

    /// The traced instruction `id` at `pc` accessed `size` bytes at `address`.
    #[inline(always)]
    pub fn memory_access(&mut self, id: u32, pc: u64, address: u64, size: u8, is_store: bool) {
        self.memory_access_with_value(id, pc, address, size, is_store, 0);
    }

    /// An access by the instruction `id` at `pc`. QEMU 7.2 also calls the memory callbacks of
    /// the last instrumented instruction for the accesses that helpers of later, uninstrumented
    /// blocks make (the `xsave` and `xrstor` of the dynamic linker's lazy binding, after a PLT
    /// stub): an access whose instruction is not in the block that runs is one of those and
    /// is dropped (counted in `misattributed_accesses`). Seen with Debian's QEMU 7.2: the QEMU
    /// test of backprop finds no order error since.
    /// `value` is what the access read or wrote (0 when values are not traced).
    #[inline(always)]
    pub fn memory_access_with_value(&mut self, id: u32, pc: u64, address: u64, size: u8, is_store: bool, value: i64) {
        if pc.wrapping_sub(self.cursor.start) >= self.cursor.length {
            self.misattributed_accesses += 1;
            return;
        }
        if self.cursor.next_pending < self.cursor.pending_end {
            self.flush_pending_leaders(pc);
        }
        // QEMU reports a 16-byte access (`movaps`, `movups`) as two 8-byte halves: an access
        // that continues the previous one of the same instruction and kind in the same block
        // execution is the rest of the same instance.
        let access = (id as u64) << 1 | is_store as u64;
        let continued = access == self.cursor.last_access && address == self.cursor.last_end;
        (self.cursor.last_access, self.cursor.last_end) = (access, address.wrapping_add(size as u64));
        let kind = if is_store { AccessKind::Store } else { AccessKind::Load };
        if continued {
            return self.tracer.continue_access(id, address, size, kind);
        }
        self.memory_accesses += 1;
        self.tracer.memory_access_with_value(id, address, size, kind, value);
    }

    /// The execution ended: the profile.
    pub fn finish(mut self) -> Profile {
        self.flush_pending_leaders(u64::MAX);
        let mut profile = self.tracer.finish();
        profile.load_base = self.options.load_base;
        if let Some(binary) = &self.options.binary {
            profile.binary = binary.clone();
            profile.binary_hash = std::fs::read(binary).map(|b| crate::profile::fnv1a(&b)).unwrap_or(0);
        }
        profile
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Translates a block of 4-byte instructions at `pcs`, none a call or a return.
    fn translate(frontend: &mut Frontend, pcs: &[u64]) -> (usize, Vec<Option<u32>>) {
        let instructions: Vec<TranslatedInstruction> =
            pcs.iter().map(|&pc| TranslatedInstruction { pc, size: 4, control: ControlKind::Other, symbol: None, return_address_only: false }).collect();
        frontend.translate_block(&instructions)
    }

    #[test]
    fn calls_without_a_memory_operand_and_returns_access_their_return_address_only() {
        for only in ["call 0x401020", "callq *%rax", "call rax", "ret", "repz ret", "retq"] {
            assert!(accesses_return_address_only(only), "{only}");
        }
        for more in ["call qword ptr [rip + 0x2fe2]", "callq *0x8(%rax)", "mov dword ptr [rax], 1", "push rbx"] {
            assert!(!accesses_return_address_only(more), "{more}");
        }
        // Their memory accesses get no instruction id.
        let mut frontend = Frontend::new(PluginOptions::default());
        let call = |return_address_only| TranslatedInstruction { pc: 0x1000, size: 5, control: ControlKind::Call, symbol: None, return_address_only };
        assert_eq!(frontend.translate_block(&[call(true)]).1, vec![None]);
        assert!(frontend.translate_block(&[call(false)]).1[0].is_some());
    }

    #[test]
    fn disassembly_gives_calls_and_returns() {
        assert_eq!(ControlKind::of_disassembly("call 0x401020"), ControlKind::Call);
        assert_eq!(ControlKind::of_disassembly("call 0x401020"), ControlKind::Call);
        assert_eq!(ControlKind::of_disassembly("callq *%rax"), ControlKind::Call);
        assert_eq!(ControlKind::of_disassembly("repz ret"), ControlKind::Return);
        assert_eq!(ControlKind::of_disassembly("retq"), ControlKind::Return);
        assert_eq!(ControlKind::of_disassembly("jmp 0x10"), ControlKind::Other);
    }

    /// A loop whose header 0x108 is first reached by fall-through inside the block starting
    /// at 0x100: the loads of the header must still count every iteration of the loop.
    #[test]
    fn loop_header_inside_a_translation_block_is_split_out() {
        let mut frontend = Frontend::new(PluginOptions::default());
        // Block A: 0x100 (setup), 0x104 (setup), 0x108 load (header), 0x10c branch.
        let (a, ids_a) = translate(&mut frontend, &[0x100, 0x104, 0x108, 0x10c]);
        frontend.execute_block(a);
        frontend.memory_access(ids_a[2].unwrap(), 0x108, 0x5000, 4, false);
        // The back edge goes to 0x108: a new block B starting there.
        let (b, ids_b) = translate(&mut frontend, &[0x108, 0x10c]);
        for i in 1..10u64 {
            frontend.execute_block(b);
            frontend.memory_access(ids_b[0].unwrap(), 0x108, 0x5000 + 4 * i, 4, false);
        }
        let (c, _) = translate(&mut frontend, &[0x110]);
        frontend.execute_block(c);
        // Run the loop nest twice more (0x110 jumps back to 0x100): block A now holds the
        // leader 0x108, so its load belongs to the inner loop's iteration 0.
        for _ in 0..2 {
            frontend.execute_block(a);
            frontend.memory_access(ids_a[2].unwrap(), 0x108, 0x5000, 4, false);
            for i in 1..10u64 {
                frontend.execute_block(b);
                frontend.memory_access(ids_b[0].unwrap(), 0x108, 0x5000 + 4 * i, 4, false);
            }
            frontend.execute_block(c);
        }
        let profile = frontend.finish();
        let nested: Vec<_> = profile.instructions.iter().filter(|r| r.folded.space == 2).collect();
        assert_eq!(nested.len(), 1);
        let folded = &nested[0].folded;
        assert!(folded.contains(&[1, 0]) && folded.contains(&[1, 9]), "{}", folded.to_isl("L", None));
        assert!(folded.contains(&[2, 0]) && folded.contains(&[2, 9]));
        assert!(folded.is_exact());
        assert_eq!(profile.loops.iter().map(|l| l.trip_counts.max).max(), Some(10));
    }

    /// An access before a leader inside its translation block happens before that leader is
    /// entered:
    /// block A = 0x100 load (outer loop only), 0x108 load (inner loop header, a leader once
    /// the inner back edge is seen); block B = 0x108 load (the inner loop); C jumps back to A.
    #[test]
    fn accesses_before_an_interior_leader_stay_outside_its_loop() {
        let mut frontend = Frontend::new(PluginOptions::default());
        let (a, ids_a) = translate(&mut frontend, &[0x100, 0x104, 0x108, 0x10c]);
        let mut inner = None;
        let mut exit = None;
        for i in 0..4u64 {
            frontend.execute_block(a);
            frontend.memory_access(ids_a[0].unwrap(), 0x100, 0x9000 + 4 * i, 4, false);
            frontend.memory_access(ids_a[2].unwrap(), 0x108, 0x5000, 4, false);
            for j in 1..6u64 {
                let (b, ids_b) = inner
                    .get_or_insert_with(|| {
                        translate(&mut frontend, &[0x108, 0x10c])
                    })
                    .clone();
                frontend.execute_block(b);
                frontend.memory_access(ids_b[0].unwrap(), 0x108, 0x5000 + 4 * j, 4, false);
            }
            let (c, _) = *exit.get_or_insert_with(|| translate(&mut frontend, &[0x110]));
            frontend.execute_block(c);
        }
        let profile = frontend.finish();
        let spaces = |pc: u64| -> Vec<usize> {
            let mut spaces: Vec<usize> =
                profile.instructions.iter().filter(|r| r.pc == pc && r.count > 1).map(|r| r.folded.space).collect();
            spaces.sort();
            spaces
        };
        assert_eq!(spaces(0x100), vec![1], "the load at 0x100 is in the outer loop only");
        assert!(spaces(0x108).contains(&2), "the loads at 0x108 are in both loops");
    }

    /// A 16-byte store and load reported in two 8-byte halves each are one instance each, with
    /// one dependence; an access reported for an instruction outside the running block (QEMU
    /// 7.2, after lazy binding) is dropped.
    #[test]
    fn wide_accesses_in_halves_are_one_instance_and_accesses_outside_the_block_are_dropped() {
        let mut frontend = Frontend::new(PluginOptions::default());
        let (entry, _) = translate(&mut frontend, &[0x100]);
        let (body, ids) = translate(&mut frontend, &[0x110, 0x114]);
        let (exit, _) = translate(&mut frontend, &[0x120]);
        let (store, load) = (ids[0].unwrap(), ids[1].unwrap());
        frontend.execute_block(entry);
        for i in 0..20u64 {
            frontend.execute_block(body);
            for half in [0, 8] {
                frontend.memory_access(store, 0x110, 0x8000 + 16 * i + half, 8, true);
            }
            for half in [0, 8] {
                frontend.memory_access(load, 0x114, 0x8000 + 16 * i + half, 8, false);
            }
        }
        frontend.execute_block(exit);
        frontend.memory_access(store, 0x110, 0x9000, 8, true);
        assert_eq!(frontend.misattributed_accesses, 1);
        let profile = frontend.finish();
        // Without the code, the first iteration runs before the loop is known: two streams
        // per instruction, 20 instances in all.
        let instances = |pc: u64| -> (u64, u64) {
            let records = profile.instructions.iter().filter(|r| r.pc == pc);
            records.fold((0, 0), |(c, e), r| (c + r.count, e + r.order_errors))
        };
        assert_eq!((instances(0x110), instances(0x114)), ((20, 0), (20, 0)));
        let dependences = profile.dependences.iter().fold((0, 0), |(c, e), d| (c + d.count, e + d.order_errors));
        assert_eq!(dependences, (20, 0), "one store -> load dependence per instance");
    }

    /// Two vCPUs (guest threads) run the same loop, their blocks interleaved one by one: each
    /// thread's loads fold over its own iteration counter, with no order error.
    #[test]
    fn interleaved_threads_keep_iteration_vectors_of_their_own() {
        let mut frontend = Frontend::new(PluginOptions::default());
        let (entry, _) = translate(&mut frontend, &[0x100]);
        let (body, ids) = translate(&mut frontend, &[0x110]);
        let (exit, _) = translate(&mut frontend, &[0x120]);
        let load = ids[0].unwrap();
        for vcpu in [0, 1] {
            frontend.vcpu_started(vcpu);
            frontend.set_vcpu(vcpu);
            frontend.execute_block(entry);
        }
        for i in 0..50u64 {
            for vcpu in [0, 1] {
                frontend.set_vcpu(vcpu);
                frontend.execute_block(body);
                frontend.memory_access(load, 0x110, 0x8000 * (1 + vcpu as u64) + 4 * i, 4, false);
            }
        }
        for vcpu in [0, 1] {
            frontend.set_vcpu(vcpu);
            frontend.execute_block(exit);
        }
        let profile = frontend.finish();
        let in_loop: Vec<_> = profile.instructions.iter().filter(|r| r.folded.space == 1).collect();
        assert_eq!(in_loop.len(), 2, "one stream inside the loop per thread");
        let mut threads: Vec<u32> = in_loop.iter().map(|r| profile.context(r.context).unwrap().thread).collect();
        threads.sort();
        assert_eq!(threads, vec![0, 1]);
        for record in in_loop {
            assert_eq!((record.count, record.order_errors), (49, 0));
            assert!(record.folded.is_exact() && record.folded.pieces.len() == 1);
        }
        let the_loop = profile.loops.iter().find(|l| l.header == 0x110).unwrap();
        assert_eq!((the_loop.trip_counts.entries, the_loop.trip_counts.max), (2, 50), "trip counts merge over threads");
    }

    /// `for i { for j { load } }` compiled so that the block before the nest falls through
    /// into the outer header 0x110, which falls through into the inner header 0x120: the
    /// outer header becomes a leader only when the outer back edge is first taken. The outer
    /// loop must still be a loop of its own (not merged with the inner one).
    #[test]
    fn outer_header_discovered_after_its_fall_through_entry_is_split_out() {
        let mut frontend = Frontend::new(PluginOptions::default());
        let (pre, _) = translate(&mut frontend, &[0x100, 0x110, 0x120, 0x124]);
        let mut inner = None;
        let mut latch = None;
        let mut outer = None;
        let mut load_id = None;
        frontend.execute_block(pre);
        for i in 0..5u64 {
            if i > 0 {
                let (o, _) = *outer.get_or_insert_with(|| {
                    translate(&mut frontend, &[0x110, 0x120, 0x124])
                });
                frontend.execute_block(o);
            }
            for j in 0..4u64 {
                if i > 0 || j > 0 {
                    let (b, ids) = inner
                        .get_or_insert_with(|| {
                            translate(&mut frontend, &[0x120, 0x124])
                        })
                        .clone();
                    load_id = ids[0];
                    frontend.execute_block(b);
                }
                if let Some(id) = load_id {
                    frontend.memory_access(id, 0x120, 0x8000 + 64 * i + 4 * j, 4, false);
                }
            }
            let (l, _) = *latch.get_or_insert_with(|| {
                translate(&mut frontend, &[0x128])
            });
            frontend.execute_block(l);
        }
        let (exit, _) = translate(&mut frontend, &[0x130]);
        frontend.execute_block(exit);
        let profile = frontend.finish();
        let outer_loop = profile.loops.iter().find(|l| l.header == 0x110).expect("outer loop at 0x110");
        let inner_loop = profile.loops.iter().find(|l| l.header == 0x120).expect("inner loop at 0x120");
        assert_eq!(inner_loop.parent, Some(outer_loop.id));
        let nested = profile.instructions.iter().find(|r| r.folded.space == 2).expect("a 2-D stream");
        let piece = nested.folded.pieces.last().unwrap();
        assert_eq!(
            piece.label_functions[0].coefficients,
            vec![crate::folding::Coefficient::Integer(64), crate::folding::Coefficient::Integer(4)]
        );
    }
}
