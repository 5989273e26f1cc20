//! The polyprop test suite: seven naive PolyMage image pipelines (C, in
//! `test-suite/pipelines/`), a shared C driver (`test-suite/driver/`) and the
//! benchmark harness `polyprop-bench` built from this library.
//!
//! The harness builds every pipeline in several *variants* (naive
//! `clang-14 -O3 -march=native`, the same with Polly, the same with the
//! polyprop plugin, and optional threaded or free-form variants), runs them
//! interleaved (naive, Polly, polyprop, naive, ...), validates every output
//! bit for bit against the naive build, and reports median times with min and
//! max, speedups measured within the same round, peak memory and the static
//! counts of paper 003's Table 1.
//!
//! Code map:
//! - [`pipelines`]: the seven pipelines and their sizes;
//! - [`variants`]: compiler flags per variant;
//! - [`toolchain`]: compiling and linking the driver and pipelines;
//! - [`runner`]: running a driver binary and parsing what it prints;
//! - [`bench`]: the interleaved measurement loop and its results;
//! - [`compare`]: bit-for-bit output comparison;
//! - [`stats`]: median, min and max;
//! - [`counts`]: Table 1 counts from the plugin's model printer;
//! - [`report`]: terminal table, CSV, JSON and SVG;
//! - [`plot`]: the benchmark plots (plotters, SVG backend), also for `polyprop-plot`;
//! - [`reference`]: the small-size reference checksums;
//! - [`options`]: command-line options;
//! - [`kernels`], [`profile_guided`], [`profile_report`]: the Rodinia-like kernel set
//!   (`test-suite/rodinia/`), its measurement with a profile (`--set rodinia`) and its report;
//! - [`polybench`], [`polybench_report`]: the PolyBench-style kernel set
//!   (`test-suite/polybench/`, `--set polybench`) and its report;
//! - [`program_set`], [`program_set_report`]: what those two sets of whole programs share
//!   (compiling, running interleaved, parsing times and checksum lines, the reports' figures).

pub mod bench;
pub mod compare;
pub mod counts;
pub mod kernels;
pub mod options;
pub mod pipelines;
pub mod plot;
pub mod polybench;
pub mod polybench_report;
pub mod profile_guided;
pub mod profile_report;
pub mod program_set;
pub mod program_set_report;
pub mod reference;
pub mod report;
pub mod runner;
pub mod stats;
pub mod toolchain;
pub mod variants;

use std::path::{Path, PathBuf};

/// The repository root: the nearest ancestor of the current directory that
/// holds `test-suite/pipelines`, else the one this crate was built in.
pub fn repository_root() -> PathBuf {
    if let Ok(mut dir) = std::env::current_dir() {
        loop {
            if dir.join("test-suite/pipelines").is_dir() {
                return dir;
            }
            if !dir.pop() {
                break;
            }
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new(".")).to_path_buf()
}

/// A one-line progress report on standard error, overwritten in place.
pub fn progress(message: &str) {
    use std::io::{IsTerminal, Write};
    let mut err = std::io::stderr();
    if err.is_terminal() {
        let _ = write!(err, "\r\x1b[2K{message}");
    } else {
        let _ = writeln!(err, "{message}");
    }
    let _ = err.flush();
}

/// Ends the progress line.
pub fn progress_done() {
    use std::io::{IsTerminal, Write};
    let mut err = std::io::stderr();
    if err.is_terminal() {
        let _ = write!(err, "\r\x1b[2K");
        let _ = err.flush();
    }
}
