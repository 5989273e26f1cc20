//! `polyprop-plot`: redraws a benchmark plot from its CSV with plotters (`polyprop_test_suite::plot`).
//!
//! ```text
//! polyprop-plot speedups   results.csv    speedups.svg     # polyprop-bench's results
//! polyprop-plot ordinary-c ordinary-c.csv ordinary-c.svg   # scripts/bench-ordinary-c.sh
//! polyprop-plot c-styles   c-styles.csv   c-styles.svg     # scripts/bench-c-styles.sh
//! polyprop-plot profiler   profiler.csv   profiler.svg     # scripts/bench-profiler.py (target 30x)
//! polyprop-plot random-subsets random-subsets.csv random-subsets.svg  # scripts/random-subsets.py
//! ```

use polyprop_test_suite::plot;
use std::process::ExitCode;

const USAGE: &str = "usage: polyprop-plot {speedups|ordinary-c|c-styles|profiler|random-subsets} INPUT.csv OUTPUT.svg";
/// The profiler's slowdown target (`runtime/README.md`).
const PROFILER_TARGET: f64 = 30.0;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let [kind, input, output] = args.as_slice() else {
        eprintln!("polyprop-plot: expected three arguments\n{USAGE}");
        return ExitCode::from(2);
    };
    let result = std::fs::read_to_string(input)
        .map_err(|e| format!("cannot read {input}: {e}"))
        .and_then(|text| match kind.as_str() {
            "speedups" => plot::speedups_from_csv(&text),
            "ordinary-c" => plot::ordinary_c(&text),
            "c-styles" => plot::c_styles(&text),
            "profiler" => plot::profiler(&text, PROFILER_TARGET),
            "random-subsets" => plot::random_subsets(&text),
            other => Err(format!("unknown plot '{other}'\n{USAGE}")),
        })
        .and_then(|svg| std::fs::write(output, svg).map_err(|e| format!("cannot write {output}: {e}")));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("polyprop-plot: {why}");
            ExitCode::FAILURE
        }
    }
}
