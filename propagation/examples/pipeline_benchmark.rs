//! Benchmark (not a timed test): propagation of a 500-statement image pipeline model written
//! in the textual language. Issue 4 asks for under 10 s.
//!
//! `cargo run --release -p polyprop-propagation --example pipeline_benchmark [STAGES]`
//!
//! The pipeline: `STAGES` two-dimensional stages over `R x C`, each a temporary except the
//! last; a stage reads the previous one pointwise and the input, every fifth stage is a
//! vertical 3-point stencil of the previous stage (separate rows: the cache-miss heuristic
//! stops unbounded growth there); each stencil stage shrinks the rows by one on each side.

use polyhedral::lang::parse_scop;
use propagation::{propagate, Options, Outcome};
use std::time::Instant;

fn pipeline(stages: usize) -> String {
    // Every stencil stage shrinks the rows by one at each border, so that no stage reads
    // outside what the previous one wrote (like the shrinking borders of real pipelines).
    let stencils = stages / 5;
    let mut text = format!("scop pipeline;\nparam R >= {};\nparam C >= 1;\narray in[R + 2][C + 2] : f32 in;\n", 2 * stencils + 3);
    let mut border = 0;
    for k in 0..stages {
        let liveness = if k + 1 == stages { "out" } else { "temp" };
        text.push_str(&format!("array a{k}[R + 2][C + 2] : f32 {liveness};\n"));
    }
    for k in 0..stages {
        if k > 0 && k % 5 == 0 {
            border += 1;
        }
        let value = if k == 0 {
            "in[i][j] * 0.5f".to_string()
        } else if k % 5 == 0 {
            format!("(a{p}[i - 1][j] + a{p}[i][j] + a{p}[i + 1][j]) * 0.333f", p = k - 1)
        } else {
            format!("a{p}[i][j] * 0.75f + in[i][j]", p = k - 1)
        };
        text.push_str(&format!(
            "for i = {border} to R + 1 - {border} do\n  for j = 0 to C + 1 do\n    a{k}[i][j] = {value};\n  done\ndone\n"
        ));
    }
    text
}

fn main() {
    let stages: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(500);
    let scop = parse_scop(&pipeline(stages)).expect("the generated pipeline parses");
    let start = Instant::now();
    let (result, report) = propagate(&scop, &Options::default()).expect("propagation succeeds");
    let elapsed = start.elapsed();
    let propagated = report.locations.iter().filter(|l| matches!(l.outcome, Outcome::Propagated { .. })).count();
    let complexity = report.locations.iter().filter(|l| l.outcome == Outcome::NotPropagated(propagation::Reason::Complexity)).count();
    if std::env::var("EXPLAIN").is_ok() {
        print!("{report}");
    }
    println!(
        "{} statements -> {}: {propagated} of {} temporaries propagated ({complexity} out of quota) in {elapsed:.2?}",
        scop.statements.len(),
        result.statements.len(),
        stages - 1
    );
}
