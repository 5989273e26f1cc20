//! Reporting of `polyprop-bench --set polybench`: the terminal table (also `polybench.txt`),
//! CSV, JSON and the speedup plot, one row per kernel and variant, and the geometric mean of
//! each variant's median speedups over the set (issue 17's acceptance compares polyprop's with
//! Polly's). Times and ratios are `median [min, max]`; a build's note says what its optimized
//! IR shows, never what a time suggests.

use crate::plot::{grouped_bars, Group, GroupedBars};
use crate::polybench::{Dataset, KernelResult, Results};
use crate::program_set::speedup;
use crate::program_set_report::{self as shared, JsonCell, CSV_FIELDS};
use crate::report::{csv_field, spread_or_dash};
use serde::Serialize;
use std::fmt::Write;

/// What the build of `cells[k]` did, from its IR: Polly's code for a SCoP, the plugin's change,
/// and for a build with `-fopenmp` whether it starts threads.
pub fn note(result: &KernelResult, k: usize) -> String {
    let cell = &result.cells[k];
    if let Err(e) = &cell.build {
        return format!("not built: {}", e.lines().next().unwrap_or(""));
    }
    if let Some(e) = cell.first_error() {
        return format!("run failed: {}", e.lines().next().unwrap_or(""));
    }
    let mut notes = Vec::new();
    let polly = cell.flags.iter().any(|f| f == "-polly");
    match (cell.variant.uses_plugin, polly, cell.ir_changed) {
        (true, _, Some(false)) => notes.push("no transform: optimized IR identical to the same flags' without the plugin"),
        (true, _, Some(true)) => notes.push("IR differs from the same flags' without the plugin"),
        (false, true, Some(false)) => notes.push("Polly generated no code (no polly.stmt block)"),
        (false, true, Some(true)) => notes.push("Polly generated code for a SCoP"),
        (true, _, None) | (false, true, None) => notes.push("IR not compared"),
        _ => {}
    }
    match result.forks_threads.get(k).copied().flatten() {
        Some(true) => notes.push("starts OpenMP threads"),
        Some(false) => notes.push("no parallel loop: runs on one thread"),
        None => {}
    }
    if !cell.deterministic() {
        notes.push("checksums differ between rounds");
    }
    notes.join("; ")
}

/// The geometric mean of variant `k`'s median speedups over the kernels where it has one, and
/// how many kernels that is.
pub fn geometric_mean_speedup(results: &Results, k: usize) -> Option<(f64, usize)> {
    let medians: Vec<f64> = results.kernels.iter().filter_map(|r| speedup(&r.cells, k, &r.kernel.function())).map(|s| s.median).collect();
    (!medians.is_empty()).then(|| ((medians.iter().map(|m| m.ln()).sum::<f64>() / medians.len() as f64).exp(), medians.len()))
}

fn size_text(results: &Results, r: &KernelResult) -> String {
    match results.setup.dataset {
        Dataset::Large => r.kernel.large.to_string(),
        other => other.define(),
    }
}

/// The table's column headers; [`table`]'s rows use the same widths.
pub const HEADER: [&str; 7] = ["kernel", "variant", "time (ms)", "speedup", "output", "build s", "note"];

fn row(s: &mut String, fields: [&str; 7]) {
    let [kernel, variant, time, speedup, output, build, note] = fields;
    let _ = writeln!(s, "{kernel:<12} {variant:<17} {time:>28} {speedup:>22} {output:>10} {build:>8}  {note}");
}

/// The terminal table.
pub fn table(results: &Results) -> String {
    let setup = &results.setup;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "polyprop-bench --set polybench: {} PolyBench-style kernels (test-suite/polybench/, {}), {} rounds x 1 kernel call per process, variants interleaved{}",
        results.kernels.len(),
        setup.dataset.define(),
        setup.rounds,
        setup.threads.map_or(String::new(), |t| format!(", OMP_NUM_THREADS={t}"))
    );
    let _ = writeln!(s, "times in ms of the kernel call (clock_gettime around it), speedup = naive/variant per round, each figure median [min, max]; outputs compared with naive's by their checksum lines (%a sum and FNV-1a hash of every output array): the output column says identical where they equal naive's bit for bit");
    let flags: Vec<String> = setup
        .variants
        .iter()
        .map(|v| {
            let options = v.pass_options.as_ref().map_or(String::new(), |o| format!(" with POLYPROP_OPTIONS={o}"));
            format!("{} {}{options}", v.name, setup.flags(v).join(" "))
        })
        .collect();
    let _ = writeln!(s, "variants: {}", flags.join("; "));
    let times = results.kernels.iter().flat_map(|r| r.cells.iter().filter_map(move |c| c.times(&r.kernel.function())));
    let _ = writeln!(s, "{}", shared::noise_summary(&results.load, times));
    s.push('\n');
    row(&mut s, HEADER);
    for r in &results.kernels {
        let f = r.kernel.function();
        for (k, cell) in r.cells.iter().enumerate() {
            let time = spread_or_dash(cell.times(&f), 2);
            let speedup = shared::speedup_text(&r.cells, k, &f);
            let build = format!("{:.1}", cell.build_seconds);
            row(&mut s, [r.kernel.name, &cell.variant.name, &time, &speedup, shared::validation(&r.cells, k), &build, &note(r, k)]);
        }
    }
    s.push('\n');
    for (k, v) in setup.variants.iter().enumerate().skip(1) {
        let mean = geometric_mean_speedup(results, k).map_or("-".into(), |(m, n)| format!("{m:.2} over {n} kernels"));
        let _ = writeln!(s, "geometric mean of the median speedups, {:<17} {mean}", v.name);
    }
    let _ = writeln!(s, "\nsizes, and what the pass says of each kernel function (print=transform):");
    for r in &results.kernels {
        let _ = writeln!(s, "{:<12} {}: {}  [{}]", r.kernel.name, r.kernel.function(), r.verdict, size_text(results, r));
    }
    s
}

pub fn csv(results: &Results) -> String {
    let mut s = format!("kernel,function,dataset,variant,rounds,threads,{CSV_FIELDS},pass_verdict,flags,note\n");
    for r in &results.kernels {
        let f = r.kernel.function();
        for (k, cell) in r.cells.iter().enumerate() {
            let fields: Vec<String> = [
                vec![r.kernel.name.into(), f.clone(), results.setup.dataset.name().into(), cell.variant.name.clone()],
                vec![results.setup.rounds.to_string(), results.setup.threads.map_or(String::new(), |t| t.to_string())],
                shared::csv_fields(&r.cells, k, &f),
                vec![if cell.variant.uses_plugin { r.verdict.clone() } else { String::new() }, cell.flags.join(" "), note(r, k)],
            ]
            .concat();
            let _ = writeln!(s, "{}", fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(","));
        }
    }
    s
}

#[derive(Serialize)]
struct JsonKernel {
    kernel: &'static str,
    function: String,
    size: String,
    pass_verdict: String,
    variants: Vec<JsonCell>,
}

#[derive(Serialize)]
struct JsonMean {
    variant: String,
    geometric_mean_speedup: Option<f64>,
    kernels: usize,
}

#[derive(Serialize)]
struct JsonResults {
    set: &'static str,
    dataset: &'static str,
    load_average_before: String,
    load_average_after: String,
    rounds: u32,
    threads: Option<u32>,
    plugin: String,
    geometric_means: Vec<JsonMean>,
    kernels: Vec<JsonKernel>,
}

/// The whole result set as JSON.
pub fn json(results: &Results) -> String {
    let kernels = results
        .kernels
        .iter()
        .map(|r| JsonKernel {
            kernel: r.kernel.name,
            function: r.kernel.function(),
            size: size_text(results, r),
            pass_verdict: r.verdict.clone(),
            variants: (0..r.cells.len()).map(|k| JsonCell::of(&r.cells, k, &r.kernel.function(), note(r, k))).collect(),
        })
        .collect();
    let geometric_means = (1..results.setup.variants.len())
        .map(|k| {
            let mean = geometric_mean_speedup(results, k);
            JsonMean { variant: results.setup.variants[k].name.clone(), geometric_mean_speedup: mean.map(|m| m.0), kernels: mean.map_or(0, |m| m.1) }
        })
        .collect();
    let all = JsonResults {
        set: "polybench",
        dataset: results.setup.dataset.name(),
        load_average_before: results.load.0.clone(),
        load_average_after: results.load.1.clone(),
        rounds: results.setup.rounds,
        threads: results.setup.threads,
        plugin: results.setup.plugin.display().to_string(),
        geometric_means,
        kernels,
    };
    let mut text = serde_json::to_string_pretty(&all).expect("strings and numbers always serialize");
    text.push('\n');
    text
}

/// Whether a plugin variant `k` changed no kernel's code.
fn changed_nothing(results: &Results, k: usize) -> bool {
    results.setup.variants[k].uses_plugin && results.kernels.iter().all(|r| r.cells[k].ir_changed != Some(true))
}

/// The speedup chart: one group per kernel, one bar per variant but naive.
pub fn chart(results: &Results) -> GroupedBars {
    let series = shared::speedup_series(&results.setup.variants, |k| changed_nothing(results, k));
    let groups = results.kernels.iter().map(|r| Group { label: r.kernel.name.to_string(), bars: shared::speedup_bars(&r.cells, &r.kernel.function()) }).collect();
    shared::speedup_chart(
        format!(
        "PolyBench-style kernels ({}): speedup over clang-14 -O3 -march=native (median, whiskers min-max; {} rounds{})",
        results.setup.dataset.define(),
        results.setup.rounds,
        results.setup.threads.map_or(String::new(), |t| format!(", {t} threads"))
    ),
        series,
        groups,
    )
}

pub fn svg(results: &Results) -> Result<String, String> {
    grouped_bars(&chart(results))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polybench::{self, Setup};
    use crate::program_set::{Cell, KernelReport};

    fn results(times: &[(&str, [f64; 4])]) -> Results {
        let variants = polybench::variants(std::path::Path::new("/p.so"), &[], false);
        let setup = Setup {
            clang: "clang-14".into(),
            plugin: "/p.so".into(),
            suite_dir: ".".into(),
            build_dir: ".".into(),
            kernels: vec![],
            variants: variants.clone(),
            dataset: Dataset::Large,
            rounds: 1,
            threads: None,
            timeout: std::time::Duration::from_secs(1),
        };
        let kernels = times
            .iter()
            .map(|(name, t)| {
                let kernel = polybench::select(&[name.to_string()]).unwrap()[0];
                let cells = variants
                    .iter()
                    .zip(t)
                    .map(|(v, t)| {
                        let run = KernelReport { times_ms: vec![(kernel.function(), vec![*t])], checksums: vec!["A sum 0x1p+0 hash 0000000000000000".into()] };
                        Cell { runs: vec![Ok(run)], ..Cell::new(v.clone(), v.compile_flags.clone(), Ok("x".into()), 0.5, v.uses_plugin.then_some(false)) }
                    })
                    .collect();
                KernelResult { kernel, verdict: "whole function: not transformed: nothing propagated".into(), cells, forks_threads: vec![None; 4] }
            })
            .collect();
        Results { setup, kernels, load: ("0.1 0.2 0.3".into(), "0.1 0.2 0.3".into()) }
    }

    #[test]
    fn the_table_has_its_columns_and_the_geometric_means() {
        let r = results(&[("gemm", [100.0, 25.0, 100.0, 40.0]), ("atax", [10.0, 10.0, 10.0, 10.0])]);
        let (mean, n) = geometric_mean_speedup(&r, 1).unwrap();
        assert!((mean - 2.0).abs() < 1e-12 && n == 2, "sqrt(4 x 1) over 2 kernels");
        let t = table(&r);
        let header = t.lines().find(|l| l.starts_with("kernel ")).unwrap();
        let columns: Vec<&str> = header.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
        assert_eq!(columns, HEADER);
        let polly = t.lines().find(|l| l.starts_with("gemm         polly ")).unwrap();
        assert!(polly.contains("25.00 [25.00, 25.00]") && polly.contains("4.00 [4.00, 4.00]") && polly.contains("identical"), "{polly}");
        assert!(t.contains("geometric mean of the median speedups, polly             2.00 over 2 kernels"), "{t}");
        assert!(t.contains("gemm         kernel_gemm: whole function: not transformed: nothing propagated  [NI 1000, NJ 1100, NK 1200]"));
        assert!(t.contains("polyprop-schedule -O3 -march=native -fpass-plugin=/p.so -DLARGE -DPOLYPROP_TIME with POLYPROP_OPTIONS=schedule"), "{t}");
        let scheduled = t.lines().find(|l| l.starts_with("gemm         polyprop-schedule ")).unwrap();
        assert!(scheduled.contains("2.50 [2.50, 2.50]"), "{scheduled}");
        let polyprop = t.lines().find(|l| l.starts_with("atax         polyprop ")).unwrap();
        assert!(polyprop.ends_with("no transform: optimized IR identical to the same flags' without the plugin"), "{polyprop}");
    }

    #[test]
    fn csv_and_json_carry_every_cell() {
        let r = results(&[("gemm", [100.0, 25.0, 50.0, 40.0])]);
        let csv = csv(&r);
        let mut lines = csv.lines();
        let columns = lines.next().unwrap().split(',').count();
        assert!(lines.clone().count() == 4 && lines.all(|l| l.split(',').count() == columns), "{csv}");
        let json: serde_json::Value = serde_json::from_str(&json(&r)).unwrap();
        assert_eq!(json["kernels"][0]["variants"][2]["speedup"]["median"], 2.0);
        assert_eq!(json["geometric_means"][0]["geometric_mean_speedup"], 4.0);
        assert!(changed_nothing(&r, 2) && !changed_nothing(&r, 1));
        assert!(svg(&r).unwrap().contains("polyprop (no transform yet)"));
    }
}
