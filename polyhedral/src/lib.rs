//! The polyhedral model of polyprop and the work done on it with isl.
//!
//! - `affine`: quasi-affine expressions (subscripts, bounds).
//! - `model`: SCoPs of single-write statements (paper 003, section 2).
//! - `isl`: a safe layer over isl with an operation quota.

pub mod affine;
pub mod model;
pub mod isl;
