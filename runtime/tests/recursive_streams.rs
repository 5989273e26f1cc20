//! A recursive program through the tracer (paper 001, section 4): with recursive loops
//! (Algorithms 2 and 3), the instances of an instruction inside the recursion are one stream
//! over the recursive loop's counter, in lexicographic order, instead of one stream per depth.
//!
//! The program, as blocks and memory accesses:
//!
//! ```c
//! long a[N], out[N];
//! long sum(long *p, long n) {      // S0: push (stack store), load *p
//!   if (n == 0) return 0;          // S3
//!   long rest = sum(p + 1, n - 1); // S1: call
//!   out[n - 1] = rest;             // S2: store out[n - 1], load out[n - 1]
//!   return rest + *p;
//! }
//! int main() {
//!   for (i = 0; i < N; i++) a[i] = i;             // 0x110
//!   for (round = 0; round < 4; round++) sum(a, N); // 0x130, call at 0x138
//! }
//! ```

use runtime::control::{LoopKind, Transfer};
use runtime::profile::{AccessKind, Profile};
use runtime::tracer::{Tracer, TracerOptions};

const N: u64 = 100;
const A: u64 = 0x10000;
const OUT: u64 = 0x20000;
const STACK: u64 = 0x7000_0000;
const SUM: u64 = 0x1000;

struct Program {
    tracer: Tracer,
    store_a: u32,
    push: u32,
    load_p: u32,
    store_out: u32,
    load_out: u32,
}

impl Program {
    fn sum(&mut self, n: u64, depth: u64) {
        let sp = STACK - 16 * depth;
        self.tracer.memory_access(self.push, sp, 8, AccessKind::Store);
        self.tracer.memory_access(self.load_p, A + 8 * (N - n), 8, AccessKind::Load);
        if n == 0 {
            self.tracer.enter_block(SUM + 0x30, Transfer::Jump);
            return;
        }
        self.tracer.enter_block(SUM + 0x10, Transfer::Jump);
        self.tracer.enter_block(SUM, Transfer::Call { call_site: SUM + 0x18, return_address: SUM + 0x20 });
        self.sum(n - 1, depth + 1);
        self.tracer.enter_block(SUM + 0x20, Transfer::Return);
        self.tracer.memory_access(self.store_out, OUT + 8 * (n - 1), 8, AccessKind::Store);
        self.tracer.memory_access(self.load_out, OUT + 8 * (n - 1), 8, AccessKind::Load);
    }
}

fn profile() -> Profile {
    let mut tracer = Tracer::new(TracerOptions::default());
    let store_a = tracer.instruction(0x114);
    let push = tracer.instruction(SUM);
    let load_p = tracer.instruction(SUM + 4);
    let store_out = tracer.instruction(SUM + 0x24);
    let load_out = tracer.instruction(SUM + 0x28);
    let mut program = Program { tracer, store_a, push, load_p, store_out, load_out };
    program.tracer.enter_block(0x100, Transfer::Jump);
    for i in 0..N {
        program.tracer.enter_block(0x110, Transfer::Jump);
        program.tracer.memory_access(program.store_a, A + 8 * i, 8, AccessKind::Store);
    }
    for _ in 0..4 {
        program.tracer.enter_block(0x130, Transfer::Jump);
        program.tracer.enter_block(SUM, Transfer::Call { call_site: 0x138, return_address: 0x140 });
        program.sum(N, 1);
        program.tracer.enter_block(0x140, Transfer::Return);
    }
    program.tracer.enter_block(0x150, Transfer::Jump);
    program.tracer.finish()
}

#[test]
fn recursive_streams_are_in_lexicographic_order_and_fold_over_the_recursive_loop() {
    let profile = profile();
    for record in &profile.instructions {
        assert_eq!(record.order_errors, 0, "instruction {:#x} in context {}", record.pc, record.context);
    }
    for dependence in &profile.dependences {
        assert_eq!(dependence.order_errors, 0, "dependence {} -> {}", dependence.source, dependence.sink);
    }
    let recursive: Vec<_> = profile.loops.iter().filter(|l| l.kind == LoopKind::Recursive).collect();
    assert_eq!(recursive.len(), 1);
    assert_eq!((recursive[0].function, recursive[0].header, recursive[0].parent), (SUM, SUM, None));
    // Rounds 1 to 3 enter at depth 1: 100 calls and 100 returns iterate (the first round
    // discovers the recursion at depth 2).
    assert_eq!(recursive[0].trip_counts.max, 201);
    // Each instruction of `sum` has a handful of streams, not one per depth: the frame at
    // depth 1 of the first round (opened before the recursion was known), the recursive loop
    // entered at depth 2 in the first round (before the round loop's back edge was known),
    // and the recursive loop inside the round loop for the other rounds.
    for pc in [SUM, SUM + 4, SUM + 0x24, SUM + 0x28] {
        let streams: Vec<_> = profile.instructions.iter().filter(|r| r.pc == pc).collect();
        assert_eq!(streams.len(), 3, "streams of {pc:#x}");
        let axes = |r: &runtime::profile::InstructionRecord| -> Vec<LoopKind> {
            let loops = &profile.context(r.context).unwrap().loops;
            loops.iter().map(|&l| profile.loops[l as usize].kind).collect()
        };
        let nest = streams
            .iter()
            .find(|r| axes(r) == [LoopKind::Cfg, LoopKind::Recursive])
            .expect("a stream over (round, recursive loop)");
        // Rounds 1 to 3, each at every depth: one affine piece (the counter increases down
        // the calls for `push` and `*p`, and on the returns for `out[n - 1]`).
        assert_eq!(nest.count, if pc < SUM + 0x20 { 303 } else { 300 });
        assert_eq!(nest.folded.pieces.len(), 1, "{pc:#x}");
        assert!(nest.folded.is_exact() && nest.folded.affine_points() == nest.folded.points, "{pc:#x}");
    }
    assert_eq!(Profile::parse(&profile.to_text()).unwrap(), profile);
}
