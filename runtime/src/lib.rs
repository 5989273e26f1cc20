//! Folding of instrumented executions into polyhedral profiles (papers 000 and 001).
//!
//! - [`folding`]: the folding algorithm of paper 000 (section 5, Algorithms 1 to 4): streams of
//!   (iteration vector, label) points become unions of polyhedra with affine label functions.
//! - [`control`]: dynamic CFGs and call graph, loop-nesting forests, recursive-component-set,
//!   loop events of CFG and recursive loops, and the dynamic interprocedural iteration vector
//!   (paper 001, sections 3 and 4, Algorithms 1 to 3).
//! - [`tracer`]: instruction and dependence streams, folded online.
//! - [`shadow`]: the shadow memory that finds the producer of each load.
//! - [`profile`]: the versioned profile file, with checksum.
//! - [`options`]: the options of the QEMU plugin.
//! - [`frontend`]: translation blocks to basic-block entries, for the QEMU plugin.
//! - [`launch`]: running a program under QEMU with the plugin; DWARF locations.
//! - [`isa`]: the instruction sets QEMU does not emulate, when a program dies of SIGILL.
//! - [`tre`]: trace reconstruction (paper 002): one reference's addresses become a loop nest.
//! - [`summary`]: strides, carried dependences and affine shares for `polyprop profile show`.
//! - [`loop_lines`]: the source line of each loop's `for` (its latch branch), for feedback.

pub mod control;
mod fast_hash;
pub mod folding;
pub mod frontend;
pub mod isa;
pub mod launch;
pub mod loop_lines;
pub mod options;
pub mod profile;
pub mod shadow;
pub mod summary;
mod threads;
pub mod tracer;
pub mod tre;

/// A seeded xorshift source for the randomized tests: `next(n)` is in `0..n`.
#[cfg(test)]
pub(crate) fn test_random(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    }
}
