//! Randomized differential test (STYLE.md item 13): generated programs run before and after
//! propagation must give bit-identical live-out contents. Failing seeds become named
//! regression tests in `figures.rs`.

use polyhedral::generator::generate_program;
use polyhedral::interp::interpret;
use polyhedral::lang::parse_scop;
use polyhedral::model::{Liveness, Scop};
use propagation::{propagate, Options, Outcome, Report};
use std::time::Instant;

/// Propagates the program of `seed` with the options `options` gives for it and compares the
/// runs; returns the propagated model and the report, or the mismatch.
pub fn check_seed(seed: u64, options: impl Fn(&Scop) -> Options) -> Result<(Scop, Report), String> {
    let text = generate_program(seed);
    let scop = parse_scop(&text).map_err(|e| format!("seed {seed}: parse: {e}"))?;
    let (result, report) = propagate(&scop, &options(&scop)).map_err(|e| format!("seed {seed}: {e}"))?;
    let params = vec![("N".to_string(), 5 + (seed % 3) as i64)];
    let before = interpret(&scop, &params, seed).map_err(|e| format!("seed {seed}: original: {e}"))?;
    let after = interpret(&result, &params, seed).map_err(|e| format!("seed {seed}: propagated: {e}\n{report}"))?;
    for (a, b) in before.live_out.iter().zip(&after.live_out) {
        let same = a.values.len() == b.values.len() && a.values.iter().zip(&b.values).all(|(x, y)| x.bits() == y.bits());
        if !same {
            return Err(format!("seed {seed}: {} differs after propagation\n{report}", a.name));
        }
    }
    Ok((result, report))
}

#[test]
fn two_thousand_generated_programs_keep_their_results() {
    let start = Instant::now();
    let mut propagated = 0;
    let mut failures = Vec::new();
    for seed in 0..2000u64 {
        // Every third program also propagates live-out locations.
        let options = |_: &Scop| Options { propagate_live_out: seed % 3 == 0, ..Options::default() };
        match check_seed(seed, options) {
            Ok((_, report)) => propagated += report.locations.iter().filter(|l| matches!(l.outcome, Outcome::Propagated { .. })).count(),
            Err(message) => failures.push(message),
        }
    }
    let elapsed = start.elapsed();
    eprintln!("2000 programs, {propagated} locations propagated, {} mismatches, {elapsed:.1?}", failures.len());
    assert!(failures.is_empty(), "{} failing seeds, first: {}", failures.len(), failures[0]);
    // The programs must exercise propagation, not only pass through unchanged.
    assert!(propagated > 1000, "only {propagated} locations propagated");
}

#[test]
fn generated_programs_keep_their_results_with_line_buffers() {
    // Every temporary evaluated more than once propagated is kept instead (a recomputation
    // limit of 0) and tried as a line buffer, every temporary allocatable by size.
    let mut buffered = 0;
    let mut failures = Vec::new();
    for seed in 0..600u64 {
        let options = |scop: &Scop| {
            let temporaries = (0..scop.arrays.len()).filter(|&a| !scop.arrays[a].is_scalar() && scop.arrays[a].liveness == Liveness::Temporary).collect();
            Options { recomputation_limit: Some(0), line_buffers: true, allocated_by_size: temporaries, ..Options::default() }
        };
        match check_seed(seed, options) {
            Ok((result, _)) => buffered += result.arrays.iter().filter(|a| a.line_buffer).count(),
            Err(message) => failures.push(message),
        }
    }
    eprintln!("600 programs, {buffered} line buffers, {} mismatches", failures.len());
    assert!(failures.is_empty(), "{} failing seeds, first: {}", failures.len(), failures[0]);
    // The generator's row stencils must reach the line buffers.
    assert!(buffered >= 60, "only {buffered} line buffers");
}

#[test]
#[ignore]
fn time_split_between_propagation_and_interpretation() {
    let (mut p, mut i) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    for seed in 0..200u64 {
        let scop = parse_scop(&generate_program(seed)).unwrap();
        let t = Instant::now();
        let (result, _) = propagate(&scop, &Options::default()).unwrap();
        p += t.elapsed();
        let t = Instant::now();
        let params = vec![("N".to_string(), 5)];
        interpret(&scop, &params, seed).unwrap();
        interpret(&result, &params, seed).unwrap();
        i += t.elapsed();
    }
    eprintln!("propagation {p:.1?}, interpretation {i:.1?}");
}
