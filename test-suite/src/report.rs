//! Reporting: the terminal table, CSV, JSON and an SVG bar chart of speedups (drawn by
//! [`crate::plot`]).
//! Every time, ratio and memory figure is printed as `median [min, max]`.

use crate::bench::{Cell, Config, PipelineResult, Results};
use crate::compare::Validation;
use crate::counts::{Counts, CountsResult};
use crate::stats::Spread;
use serde::Serialize;
use std::fmt::Write;

/// What a plugin variant did to a pipeline, as far as the harness can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransformStatus {
    /// The variant does not load the plugin.
    NotApplicable,
    /// The optimized IR is identical to the naive build's.
    IrIdentical,
    /// The IR differs (the plugin's canonicalization runs, at least) but the
    /// model's counts are the same before and after the transform.
    ModelUnchanged,
    /// The counts changed: the transform did something.
    Transformed,
    /// The IR differs and there are no counts to tell why.
    Unknown,
}

/// The transform status of `cell` in pipeline `p`.
pub fn transform_status(p: &PipelineResult, cell: &Cell) -> TransformStatus {
    if !cell.variant.uses_plugin {
        return TransformStatus::NotApplicable;
    }
    if cell.transformed == Some(false) {
        return TransformStatus::IrIdentical;
    }
    match (&p.counts_before, &p.counts_after) {
        (Ok(a), Ok(b)) if a == b => TransformStatus::ModelUnchanged,
        (Ok(_), Ok(_)) => TransformStatus::Transformed,
        _ => TransformStatus::Unknown,
    }
}

/// The honest note for a cell: why it has no numbers, or what they mean.
pub fn note(p: &PipelineResult, cell: &Cell) -> String {
    if let Err(e) = &cell.build {
        return format!("not built: {}", e.lines().next().unwrap_or(""));
    }
    if let Some(e) = cell.first_error() {
        return format!("run failed: {}", e.lines().next().unwrap_or(""));
    }
    let mut notes = Vec::new();
    match transform_status(p, cell) {
        TransformStatus::NotApplicable => {}
        TransformStatus::IrIdentical => notes.push("no transform yet: optimized IR identical to naive".to_string()),
        TransformStatus::ModelUnchanged => notes.push(
            "no transform seen: model counts unchanged by the pass (the optimized IR differs from naive)".to_string(),
        ),
        TransformStatus::Transformed => notes.push("transformed (model counts changed)".to_string()),
        TransformStatus::Unknown => notes.push("IR differs from naive; transform status unknown (no counts)".to_string()),
    }
    if !cell.deterministic() {
        notes.push("checksum differs between rounds".to_string());
    }
    notes.join("; ")
}

pub(crate) fn spread_or_dash(s: Option<Spread>, digits: usize) -> String {
    s.map_or("-".to_string(), |s| s.show(digits))
}

fn counts_text(c: &CountsResult) -> String {
    match c {
        Ok(c) => c.show(),
        Err(e) => e.clone(),
    }
}

fn plan_text(p: &PipelineResult) -> String {
    match &p.propagation_plan {
        Ok(plan) => plan.show(),
        Err(e) => e.clone(),
    }
}

/// The variant whose output the others are validated against: naive, or under
/// `--fast-math` the strict build.
fn validation_baseline(config: &Config) -> usize {
    config.reference.map_or(0, |r| r.variant)
}

fn validation_text(cell: &Cell, is_baseline: bool) -> String {
    match (&cell.validation, is_baseline) {
        (Some(_), true) => "baseline".into(),
        (Some(v), false) => v.summary(),
        (None, _) => "-".into(),
    }
}

/// How `--keep-freed-memory` ran the processes, from the tunables it set.
fn kept_memory_note() -> String {
    let tunables: Vec<String> = crate::runner::KEEP_FREED_MEMORY.iter().map(|(name, value)| format!("{name}={value}")).collect();
    format!(", freed memory kept in the process ({}: no call faults its temporaries' pages in again)", tunables.join(" "))
}

/// The terminal table.
pub fn table(results: &Results) -> String {
    let c = &results.config;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "polyprop-bench: size {}, {} rounds x {} timed calls (after 1 warm-up call) per variant, interleaved{}{}",
        c.size.name(),
        c.rounds,
        c.reps,
        c.threads.map_or(String::new(), |t| format!(", OMP_NUM_THREADS={t}")),
        if c.keep_freed_memory { kept_memory_note() } else { String::new() }
    );
    let _ = writeln!(s, "times in ms, speedup = naive/variant per round, memory in MiB (peak RSS of the process; in parentheses the part above the generated inputs: temporaries and output); each figure median [min, max]");
    let against = match c.reference {
        Some(r) => {
            let t = r.tolerance;
            let _ = writeln!(s, "-ffast-math in every variant but strict (naive without it) and double (naive without it, every float of the pipeline as double: all seven pipelines; float inputs widened, a float output rounded back)");
            let _ = writeln!(s, "outputs compared with double's: e = |d| / largest magnitude of double's output, per element; close when at most {}% of the elements have e > {:.0e} and the RMS of e is at most {:.0e}", t.outlier_fraction * 100.0, t.elementwise, t.elementwise);
            "output vs double"
        }
        None => "output vs naive",
    };
    s.push('\n');
    let _ = writeln!(
        s,
        "{:<17} {:<15} {:>30} {:>22} {:>26} {:>24} {:>8}  note",
        "pipeline", "variant", "time (ms)", "speedup", "peak RSS (above inputs)", against, "build s"
    );
    for p in &results.pipelines {
        for (k, cell) in p.cells.iter().enumerate() {
            let rss = match (cell.peak_rss_mib(), cell.pipeline_rss_mib()) {
                (Some(a), Some(b)) => format!("{:.0} ({:.0} [{:.0}, {:.0}])", a.median, b.median, b.min, b.max),
                _ => "-".into(),
            };
            let speedup = if k == 0 { "1".into() } else { spread_or_dash(p.speedup(k), 2) };
            let _ = writeln!(
                s,
                "{:<17} {:<15} {:>30} {:>22} {:>26} {:>24} {:>8.1}  {}",
                p.pipeline.name,
                cell.variant.name,
                spread_or_dash(cell.times(), 2),
                speedup,
                rss,
                validation_text(cell, k == validation_baseline(c)),
                cell.build_seconds,
                note(p, cell)
            );
        }
    }
    let _ = writeln!(s, "\nstatic counts (paper 003 Table 1: arrays/loops/statements/accesses), from the plugin's model printer:");
    let _ = writeln!(
        s,
        "{:<17} {:>6}  {:<20} {:<20} propagation plan of the model (print<polyprop-propagation>)",
        "pipeline", "stages", "before transform", "after transform"
    );
    for p in &results.pipelines {
        let _ = writeln!(
            s,
            "{:<17} {:>6}  {:<20} {:<20} {}",
            p.pipeline.name,
            p.pipeline.stages,
            counts_text(&p.counts_before),
            counts_text(&p.counts_after),
            plan_text(p)
        );
    }
    let _ = writeln!(s, "\n{}", overhead_summary(results));
    s
}

/// The harness's own overhead and noise, over all cells.
pub fn overhead_summary(results: &Results) -> String {
    let cells: Vec<&Cell> = results.pipelines.iter().flat_map(|p| &p.cells).collect();
    let per_run: Vec<f64> = cells.iter().filter_map(|c| c.overhead_ms()).flat_map(|s| [s.median, s.min, s.max]).collect();
    let timer: Vec<f64> = cells.iter().filter_map(|c| c.timer_overhead_ns()).map(|s| s.median).collect();
    let noise: Vec<f64> = cells.iter().filter_map(|c| c.times()).map(|s| 100.0 * s.relative_range()).collect();
    let first: Vec<f64> = cells
        .iter()
        .filter_map(|c| Some(c.first_calls()?.median / c.times()?.median))
        .collect();
    format!(
        "harness overhead: process time outside the timed calls (start-up, input generation, checksum) {} ms per run \
         (not in any figure); clock_gettime pair {} ns; noise (max-min)/median of the timed calls per cell {} %; \
         warm-up call / median timed call {} (first-touch page faults of the temporaries; excluded)",
        spread_or_dash(Spread::of(&per_run), 1),
        spread_or_dash(Spread::of(&timer), 1),
        spread_or_dash(Spread::of(&noise), 1),
        spread_or_dash(Spread::of(&first), 2),
    )
}

pub(crate) fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

pub(crate) fn triple(s: Option<Spread>) -> [String; 3] {
    match s {
        Some(s) => [format!("{:.4}", s.median), format!("{:.4}", s.min), format!("{:.4}", s.max)],
        None => [String::new(), String::new(), String::new()],
    }
}

fn max_abs_diff(v: &Option<Validation>) -> String {
    match v {
        Some(Validation::Differs { max_abs_diff, .. }) => format!("{max_abs_diff:e}"),
        Some(Validation::Measured { max_rel_diff, .. }) => format!("rel {max_rel_diff:e}"),
        Some(Validation::Identical) => "0".into(),
        _ => String::new(),
    }
}

/// One CSV row per pipeline and variant.
pub fn csv(results: &Results) -> String {
    let mut s = String::from(
        "pipeline,variant,size,rounds,reps,time_ms_median,time_ms_min,time_ms_max,speedup_median,speedup_min,speedup_max,\
         first_call_ms_median,peak_rss_mib_median,peak_rss_mib_min,peak_rss_mib_max,above_inputs_rss_mib_median,\
         identical_to_naive,max_abs_diff,ir_differs_from_naive,build_seconds,counts_before,counts_after,propagation_plan,flags,note\n",
    );
    for p in &results.pipelines {
        for (k, cell) in p.cells.iter().enumerate() {
            let speedup = if k == 0 { triple(Spread::of(&[1.0])) } else { triple(p.speedup(k)) };
            let fields: Vec<String> = [
                vec![p.pipeline.name.to_string(), cell.variant.name.clone(), results.config.size.name().into()],
                vec![results.config.rounds.to_string(), results.config.reps.to_string()],
                triple(cell.times()).to_vec(),
                speedup.to_vec(),
                vec![triple(cell.first_calls())[0].clone()],
                triple(cell.peak_rss_mib()).to_vec(),
                vec![triple(cell.pipeline_rss_mib())[0].clone()],
                vec![
                    cell.validation.as_ref().map_or(String::new(), |v| (*v == Validation::Identical).to_string()),
                    max_abs_diff(&cell.validation),
                    cell.transformed.map_or(String::new(), |t| t.to_string()),
                    format!("{:.2}", cell.build_seconds),
                    counts_text(&p.counts_before),
                    counts_text(&p.counts_after),
                    plan_text(p),
                    cell.variant.compile_flags.join(" "),
                    note(p, cell),
                ],
            ]
            .concat();
            let _ = writeln!(s, "{}", fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(","));
        }
    }
    s
}

/// A spread in the JSON results: `null` when any figure is not finite.
fn json_spread(s: Option<Spread>) -> Option<Spread> {
    s.filter(|s| s.median.is_finite() && s.min.is_finite() && s.max.is_finite())
}

/// The static counts of a pipeline in the JSON results, or why they are missing.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonCounts {
    Counts(Counts),
    Missing { missing: String },
}

impl JsonCounts {
    fn of(c: &CountsResult) -> Self {
        match c {
            Ok(c) => JsonCounts::Counts(*c),
            Err(e) => JsonCounts::Missing { missing: e.clone() },
        }
    }
}

/// One pipeline in one variant.
#[derive(Serialize)]
struct JsonVariant {
    variant: String,
    flags: String,
    time_ms: Option<Spread>,
    speedup: Option<Spread>,
    first_call_ms: Option<Spread>,
    peak_rss_mib: Option<Spread>,
    above_inputs_rss_mib: Option<Spread>,
    validation: String,
    max_abs_diff: Option<f64>,
    ir_differs_from_naive: Option<bool>,
    build_seconds: f64,
    note: String,
    /// Every timed call per round; `null` for a round that failed.
    calls_ms_per_round: Vec<Option<Vec<f64>>>,
}

impl JsonVariant {
    fn of(p: &PipelineResult, k: usize, baseline: usize) -> Self {
        let cell = &p.cells[k];
        JsonVariant {
            variant: cell.variant.name.clone(),
            flags: cell.variant.compile_flags.join(" "),
            time_ms: json_spread(cell.times()),
            speedup: if k == 0 { Spread::of(&[1.0]) } else { json_spread(p.speedup(k)) },
            first_call_ms: json_spread(cell.first_calls()),
            peak_rss_mib: json_spread(cell.peak_rss_mib()),
            above_inputs_rss_mib: json_spread(cell.pipeline_rss_mib()),
            validation: validation_text(cell, k == baseline),
            max_abs_diff: match &cell.validation {
                Some(Validation::Differs { max_abs_diff, .. }) if max_abs_diff.is_finite() => Some(*max_abs_diff),
                Some(Validation::Identical) => Some(0.0),
                _ => None,
            },
            ir_differs_from_naive: cell.transformed,
            build_seconds: (cell.build_seconds * 100.0).round() / 100.0,
            note: note(p, cell),
            calls_ms_per_round: cell.runs.iter().map(|r| r.as_ref().ok().map(|r| r.times_ms.clone())).collect(),
        }
    }
}

/// One pipeline with its variants.
#[derive(Serialize)]
struct JsonPipeline {
    pipeline: &'static str,
    table_1_number: u32,
    stages: u32,
    counts_before: JsonCounts,
    counts_after: JsonCounts,
    propagation_plan: String,
    variants: Vec<JsonVariant>,
}

/// The whole result set (`results.json`).
#[derive(Serialize)]
struct JsonResults {
    size: &'static str,
    rounds: u32,
    reps: u32,
    threads: Option<u32>,
    plugin: String,
    overhead: String,
    pipelines: Vec<JsonPipeline>,
}

/// The whole result set as JSON.
pub fn json(results: &Results) -> String {
    let c = &results.config;
    let pipelines = results
        .pipelines
        .iter()
        .map(|p| JsonPipeline {
            pipeline: p.pipeline.name,
            table_1_number: p.pipeline.table_number,
            stages: p.pipeline.stages,
            counts_before: JsonCounts::of(&p.counts_before),
            counts_after: JsonCounts::of(&p.counts_after),
            propagation_plan: plan_text(p),
            variants: (0..p.cells.len()).map(|k| JsonVariant::of(p, k, validation_baseline(c))).collect(),
        })
        .collect();
    let all = JsonResults {
        size: c.size.name(),
        rounds: c.rounds,
        reps: c.reps,
        threads: c.threads,
        plugin: c.plugin.display().to_string(),
        overhead: overhead_summary(results),
        pipelines,
    };
    let mut text = serde_json::to_string_pretty(&all).expect("results of strings and numbers always serialize");
    text.push('\n');
    text
}

/// The SVG bar chart of speedups (`crate::plot::speedups`): one group per pipeline, one bar
/// per non-naive variant (median speedup over naive), whiskers from min to max, a line at 1.
pub fn svg(results: &Results) -> Result<String, String> {
    crate::plot::speedups(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_escaping() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}

#[cfg(test)]
mod status_tests {
    use super::*;
    use crate::bench::{Cell, PipelineResult};
    use crate::counts::Counts;
    use crate::variants::standard;

    fn result(before: Counts, after: Counts, transformed: Option<bool>) -> PipelineResult {
        let v = standard(std::path::Path::new("p.so"), &[]);
        let cells = v
            .iter()
            .map(|v| Cell { variant: v.clone(), build: Ok("x".into()), build_seconds: 0.0, transformed, runs: vec![], validation: None })
            .collect();
        PipelineResult {
            pipeline: crate::pipelines::ALL[0],
            cells,
            counts_before: Ok(before),
            counts_after: Ok(after),
            propagation_plan: Err("x".into()),
        }
    }

    #[test]
    fn the_polyprop_column_says_what_happened() {
        let a = Counts { arrays: Some(5), loops: Some(12), statements: Some(5), accesses: Some(22) };
        let b = Counts { arrays: Some(2), ..a };
        let p = result(a, a, Some(false));
        assert_eq!(transform_status(&p, &p.cells[2]), TransformStatus::IrIdentical);
        assert_eq!(transform_status(&p, &p.cells[1]), TransformStatus::NotApplicable);
        let p = result(a, a, Some(true));
        assert_eq!(transform_status(&p, &p.cells[2]), TransformStatus::ModelUnchanged);
        assert!(note(&p, &p.cells[2]).starts_with("no transform seen"));
        let p = result(a, b, Some(true));
        assert_eq!(transform_status(&p, &p.cells[2]), TransformStatus::Transformed);
    }

    #[test]
    fn json_keeps_the_keys_and_escapes_text() {
        let a = Counts { arrays: Some(5), loops: None, statements: Some(5), accesses: Some(22) };
        let mut p = result(a, a, Some(true));
        p.counts_after = Err("printer said \"no\"\n".into());
        let variant = serde_json::to_value(JsonVariant::of(&p, 0, 0)).unwrap();
        assert_eq!(variant["speedup"]["median"], 1.0);
        assert!(variant["time_ms"].is_null());
        let counts = serde_json::to_value(JsonCounts::of(&p.counts_before)).unwrap();
        assert_eq!(counts, serde_json::json!({"arrays": 5, "loops": null, "statements": 5, "accesses": 22}));
        let missing = serde_json::to_string(&JsonCounts::of(&p.counts_after)).unwrap();
        assert_eq!(missing, r#"{"missing":"printer said \"no\"\n"}"#);
    }
}
