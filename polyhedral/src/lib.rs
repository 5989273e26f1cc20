//! The polyhedral model of polyprop and the work done on it with isl.
//!
//! - `affine`: quasi-affine expressions (subscripts, bounds).
//! - `delinearization`: multidimensional subscripts from hand-linearized offsets.
//! - `model`: SCoPs of single-write statements (paper 003, section 2).
//! - `isl`: a safe layer over isl with an operation quota.
//! - `dependences`: access-wise RAW, WAR and WAW dependences (paper 003, section 2.2).
//! - `dependence_graph`: the statement dependence graph (petgraph) and its Graphviz printer.
//! - `lang`: the textual SCoP language (paper 003, Figure 3): parser and printer.
//! - `interp`: the reference interpreter (the oracle for transformations).
//! - `generator`: seeded random programs in the textual language.
//! - `ast`: isl's loop program (AST) of the schedule as plain data, run-time check expressions.
//! - `parallel`: which loops of the AST run their iterations in parallel (OpenMP).
//! - `scalar_mapping`: scalars mapped back to the array element they stand for, before scheduling.
//! - `schedule_cost`: the cost model choosing between the original and the scheduler's schedule.
//! - `scheduling`: isl's scheduler and tiling on the model (behind the option `schedule`).
//! - `reuse`: whether tiling a band can shorten a reuse distance.
//! - `jscop`: Polly's JSON exchange format (JSCoP): export, and import with legality checks.
//! - `range`: bounds of data-dependent subscripts (the elements a may-access can touch).
//! - `compression`: the model over `R / m` where the assumptions make `R` a multiple of `m`.
//! - `line_buffers`: a kept temporary as a few rows inside its readers' nest (issue 18).

pub mod affine;
pub mod delinearization;
pub mod model;
pub mod isl;
mod isl_reader;
pub mod dependences;
pub mod dependence_graph;
pub mod lang;
pub mod interp;
pub mod generator;
pub mod ast;
pub mod parallel;
pub mod scalar_mapping;
pub mod specialization;
pub mod compression;
pub mod band_fusion;
pub mod scheduling;
mod reuse;
pub mod schedule_cost;
pub mod register_tiles;
pub mod schedule_tree;
pub mod jscop;
pub mod range;
pub mod unused_params;
pub mod speculation;
pub mod recurrences;
pub mod interiors;
pub mod lattice;
pub mod line_buffers;
