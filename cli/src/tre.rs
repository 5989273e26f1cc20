//! `polyprop tre`: reconstruct a traced reference as the loop nest that regenerates it
//! (paper 002; the work is done by `runtime::tre`).
//!
//! ```text
//! polyprop tre TRACE [--check] [--json FILE]
//! ```
//! For each reference of the file, prints the nest (or pieces) in C-like form and its
//! statistics; `--check` regenerates the trace from the reconstruction and prints `exact`, or
//! fails with the first mismatch.

use clap::Args;
use runtime::tre::trace_file::Trace;
use runtime::tre::{reconstruct, Limits};
use std::path::PathBuf;
use std::time::Instant;

/// Reconstruct each reference of a trace file as a loop nest: C-like nest, statistics, and
/// with --check a bit-for-bit comparison with the trace
#[derive(Args)]
#[command(after_help = "The trace format is documented in runtime/src/tre/trace_file.rs.\n\
Example: polyprop tre app.profile.trace --check --json app.json")]
pub struct TreArgs {
    /// The trace file (header PPTRACE; per reference: element size, count, name, addresses)
    #[arg(value_name = "TRACE")]
    trace: PathBuf,
    /// Regenerate the trace from the reconstruction and compare: prints `exact`, or exits 1
    /// with the first mismatch
    #[arg(long)]
    check: bool,
    /// Also write the reconstruction and its statistics as JSON to FILE (an array when the
    /// file has several references)
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Most loops a nest may have
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_depth)]
    max_depth: usize,
}

pub fn main(args: TreArgs) -> Result<(), String> {
    let traces = Trace::read_all(&args.trace).map_err(|e| format!("{}: {e}", args.trace.display()))?;
    if traces.iter().all(|t| t.addresses.is_empty()) {
        return Err(format!("{}: the trace has no addresses", args.trace.display()));
    }
    let limits = Limits { max_depth: args.max_depth.max(1), ..Limits::default() };
    let mut json = Vec::new();
    let mut failures = Vec::new();
    for trace in traces.iter().filter(|t| !t.addresses.is_empty()) {
        let (entry, failure) = reconstruct_one(trace, limits, args.check);
        json.push(entry);
        failures.extend(failure);
    }
    if let Some(path) = &args.json {
        let text = match json.len() {
            1 => json.remove(0),
            _ => format!("[{}]\n", json.iter().map(|j| j.trim_end()).collect::<Vec<_>>().join(",\n")),
        };
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    match failures.first() {
        None => Ok(()),
        Some(first) if failures.len() == 1 => Err(first.clone()),
        Some(first) => Err(format!("{first} (and {} more references not exact)", failures.len() - 1)),
    }
}

/// Reconstructs and prints one reference; its JSON and, if checked and not exact, why.
fn reconstruct_one(trace: &Trace, limits: Limits, check: bool) -> (String, Option<String>) {
    let start = Instant::now();
    let reconstruction = reconstruct(&trace.addresses, limits);
    let seconds = start.elapsed().as_secs_f64();
    let stats = reconstruction.statistics();
    println!("// {}: {} accesses of {} bytes", trace.reference, trace.addresses.len(), trace.element_size);
    print!("{}", reconstruction.print());
    println!("length: {}", stats.length);
    println!("depth: {}", stats.depth);
    println!("pieces: {} ({} raw accesses)", stats.pieces, stats.raw);
    println!(
        "compressed size: {} bytes (trace {} bytes, ratio {:.1})",
        stats.compressed_bytes,
        stats.trace_bytes,
        stats.ratio()
    );
    println!("time: {seconds:.3} s ({:.1} million accesses/s)", trace.addresses.len() as f64 / seconds.max(1e-9) / 1e6);
    let mismatch = check.then(|| reconstruction.first_mismatch(&trace.addresses));
    let exact = mismatch.as_ref().map(Option::is_none);
    let json = reconstruction.json(&trace.reference, trace.element_size, seconds, exact);
    let failure = match mismatch {
        None => None,
        Some(None) => {
            println!("exact");
            None
        }
        Some(Some((n, expected, found))) => {
            let show = |v: Option<i64>| v.map_or("nothing".to_string(), |a| format!("{a:#x}"));
            let message = format!("{}: not exact: access {n} is {} in the trace, {} in the reconstruction", trace.reference, show(expected), show(found));
            println!("{message}");
            Some(message)
        }
    };
    (json, failure)
}
