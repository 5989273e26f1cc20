//! Folding of instrumented executions into polyhedral profiles (papers 000 and 001).
//!
//! - [`folding`]: the folding algorithm of paper 000 (section 5, Algorithms 1 to 4): streams of
//!   (iteration vector, label) points become unions of polyhedra with affine label functions.

pub mod folding;
