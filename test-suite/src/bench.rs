//! The measurement: build every pipeline in every variant, run the variants
//! interleaved round by round (naive, Polly, polyprop, naive, ...), validate
//! each output against the naive one and collect the static counts.

use crate::compare::{self, Validation};
use crate::counts::{self, CountsResult};
use crate::pipelines::{Pipeline, Size};
use crate::runner::{self, DriverReport, RunRequest};
use crate::stats::Spread;
use crate::toolchain::Toolchain;
use crate::variants::{Kind, Variant};
use crate::{progress, progress_done};
use std::path::PathBuf;

/// What to measure.
#[derive(Clone, Debug)]
pub struct Config {
    pub size: Size,
    /// Processes per variant, interleaved.
    pub rounds: u32,
    /// Timed calls per process (after one warm-up call).
    pub reps: u32,
    pub threads: Option<u32>,
    /// Run every process with freed memory kept (`runner::KEEP_FREED_MEMORY`).
    pub keep_freed_memory: bool,
    /// Per driver process.
    pub timeout: std::time::Duration,
    pub pipelines: Vec<Pipeline>,
    /// The first variant is the naive baseline.
    pub variants: Vec<Variant>,
    pub plugin: PathBuf,
    /// `None` skips the counts.
    pub counts_passes: Option<(String, String)>,
    /// `None`: outputs must equal the naive output bit for bit. Under `--fast-math`: the
    /// variant whose output is the reference, and the relative tolerance.
    pub reference: Option<Reference>,
}

/// Validation against one variant's output (`--fast-math`: the double build) by the image
/// metric of [`compare::Tolerance`].
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    /// Index into `Config::variants`.
    pub variant: usize,
    pub tolerance: compare::Tolerance,
}

/// One pipeline in one variant.
#[derive(Clone, Debug)]
pub struct Cell {
    pub variant: Variant,
    /// The binary, or why it was not built.
    pub build: Result<PathBuf, String>,
    /// Seconds spent compiling and linking (near zero when reused).
    pub build_seconds: f64,
    /// For variants that load the plugin: does the optimized IR differ from
    /// the naive build's? (`None`: not checked.)
    pub transformed: Option<bool>,
    /// One report per round (`Err`: that run failed).
    pub runs: Vec<Result<DriverReport, String>>,
    pub validation: Option<Validation>,
}

impl Cell {
    fn reports(&self) -> impl Iterator<Item = &DriverReport> {
        self.runs.iter().filter_map(|r| r.as_ref().ok())
    }

    /// Every timed call of every round (warm-ups excluded).
    pub fn times(&self) -> Option<Spread> {
        Spread::of(&self.reports().flat_map(|r| r.measured().iter().copied()).collect::<Vec<_>>())
    }

    /// The warm-up (first) call of each round.
    pub fn first_calls(&self) -> Option<Spread> {
        Spread::of(&self.reports().filter_map(|r| r.times_ms.first().copied()).collect::<Vec<_>>())
    }

    /// Max RSS of the process, in MiB.
    pub fn peak_rss_mib(&self) -> Option<Spread> {
        Spread::of(&self.reports().map(|r| r.max_rss_kb as f64 / 1024.0).collect::<Vec<_>>())
    }

    /// Peak RSS above the generated inputs (temporaries and output), MiB.
    pub fn pipeline_rss_mib(&self) -> Option<Spread> {
        Spread::of(&self.reports().map(|r| r.max_rss_kb.saturating_sub(r.baseline_rss_kb) as f64 / 1024.0).collect::<Vec<_>>())
    }

    /// Process time outside the timed calls, per run.
    pub fn overhead_ms(&self) -> Option<Spread> {
        Spread::of(&self.reports().map(|r| r.overhead_ms()).collect::<Vec<_>>())
    }

    pub fn timer_overhead_ns(&self) -> Option<Spread> {
        Spread::of(&self.reports().map(|r| r.timer_overhead_ns).collect::<Vec<_>>())
    }

    /// True when every successful run printed the same checksum.
    pub fn deterministic(&self) -> bool {
        let mut sums = self.reports().map(|r| &r.checksum);
        match sums.next() {
            Some(first) => sums.all(|s| s == first),
            None => true,
        }
    }

    pub fn first_error(&self) -> Option<String> {
        match &self.build {
            Err(e) => Some(e.clone()),
            Ok(_) => self.runs.iter().find_map(|r| r.as_ref().err().cloned()),
        }
    }
}

/// One pipeline in all variants.
#[derive(Clone, Debug)]
pub struct PipelineResult {
    pub pipeline: Pipeline,
    pub cells: Vec<Cell>,
    pub counts_before: CountsResult,
    pub counts_after: CountsResult,
    /// What the propagation printer plans on the model (no code changed).
    pub propagation_plan: Result<counts::PropagationPlan, String>,
}

fn median_of(r: &DriverReport) -> Option<f64> {
    Spread::of(r.measured()).map(|s| s.median)
}

impl PipelineResult {
    /// Speedup of cell `k` over naive (cell 0): naive time / variant time,
    /// one ratio per round in which both ran.
    pub fn speedup(&self, k: usize) -> Option<Spread> {
        let naive = &self.cells[0].runs;
        let ratios: Vec<f64> = naive
            .iter()
            .zip(&self.cells[k].runs)
            .filter_map(|(a, b)| Some(median_of(a.as_ref().ok()?)? / median_of(b.as_ref().ok()?)?))
            .collect();
        Spread::of(&ratios)
    }
}

/// All results of one harness run.
#[derive(Clone, Debug)]
pub struct Results {
    pub config: Config,
    pub pipelines: Vec<PipelineResult>,
}

fn build_cells(tools: &Toolchain, config: &Config, p: &Pipeline, step: &mut usize, total: usize) -> Vec<Cell> {
    let mut drivers: std::collections::BTreeMap<Vec<String>, Result<PathBuf, String>> = Default::default();
    let mut naive_ir: Option<Result<String, String>> = None;
    let mut cells = Vec::new();
    for v in &config.variants {
        *step += 1;
        progress(&format!("[build {}/{}] {} {}", step, total, p.name, v.name));
        // The build time is the pipeline's own: the driver, built once for the variants that
        // share its defines, counted in none of them (it made the first variant, naive, look
        // slower to build, and the plugin's ratio smaller).
        let (build, build_seconds) = if v.uses_plugin && !config.plugin.exists() {
            (Err(format!("plugin not built ({})", config.plugin.display())), 0.0)
        } else {
            let driver = drivers.entry(crate::variants::driver_defines(v)).or_insert_with(|| tools.build_driver(p, v)).clone();
            let start = std::time::Instant::now();
            let build = driver.and_then(|d| tools.build_binary(p, v, &d));
            (build, start.elapsed().as_secs_f64())
        };
        let transformed = if v.uses_plugin && build.is_ok() {
            let naive = naive_ir.get_or_insert_with(|| tools.optimized_ir(p, &config.variants[0]));
            match (naive, tools.optimized_ir(p, v)) {
                (Ok(a), Ok(b)) => Some(*a != b),
                _ => None,
            }
        } else {
            None
        };
        cells.push(Cell { variant: v.clone(), build, build_seconds, transformed, runs: Vec::new(), validation: None });
    }
    cells
}

fn output_path(tools: &Toolchain, p: &Pipeline, v: &Variant) -> PathBuf {
    tools.build_dir.join(format!("{}.{}.out", p.name, v.name))
}

fn run_rounds(tools: &Toolchain, config: &Config, p: &Pipeline, cells: &mut [Cell], step: &mut usize, total: usize) {
    for round in 0..config.rounds {
        for cell in cells.iter_mut() {
            let Ok(binary) = cell.build.clone() else { continue };
            *step += 1;
            progress(&format!("[run {}/{}] {} {} round {}", step, total, p.name, cell.variant.name, round + 1));
            let out = output_path(tools, p, &cell.variant);
            let request = RunRequest {
                size: config.size,
                calls: 1 + config.reps,
                output: (round == 0).then_some(out.as_path()),
                threads: config.threads,
                keep_freed_memory: config.keep_freed_memory,
                timeout: config.timeout,
            };
            cell.runs.push(runner::run(&binary, &request));
        }
    }
}

fn validate(tools: &Toolchain, p: &Pipeline, cells: &mut [Cell], reference: Option<Reference>) {
    let baseline = reference.map_or(0, |r| r.variant);
    let expected = std::fs::read(output_path(tools, p, &cells[baseline].variant)).ok();
    for cell in cells.iter_mut() {
        let ran = cell.runs.first().is_some_and(|r| r.is_ok());
        if let (Some(expected), true) = (&expected, ran) {
            if let Ok(bytes) = std::fs::read(output_path(tools, p, &cell.variant)) {
                cell.validation = Some(match reference {
                    None => compare::compare(expected, &bytes, p.output),
                    Some(r) => compare::compare_within(expected, &bytes, p.output, r.tolerance),
                });
            }
        }
    }
}

type StaticCounts = (CountsResult, CountsResult, Result<counts::PropagationPlan, String>);

fn static_counts(tools: &Toolchain, config: &Config, p: &Pipeline) -> StaticCounts {
    let Some((before, after)) = &config.counts_passes else {
        return (Err("not requested".into()), Err("not requested".into()), Err("not requested".into()));
    };
    progress(&format!("[counts] {}", p.name));
    match tools.unoptimized_ir(p) {
        Ok(ir) => {
            let plan = counts::propagation_plan(&tools.opt, &config.plugin, &ir);
            let after = counts::with_arrays_of_plan(counts::count(&tools.opt, &config.plugin, after, &ir), &plan);
            (counts::count(&tools.opt, &config.plugin, before, &ir), after, plan)
        }
        Err(e) => (Err(e.clone()), Err(e.clone()), Err(e)),
    }
}

/// Runs the whole measurement. The first variant must be the naive one.
pub fn run(tools: &Toolchain, config: Config) -> Results {
    assert!(config.variants.first().is_some_and(|v| v.kind == Kind::Naive), "the first variant is the baseline");
    let n = config.pipelines.len() * config.variants.len();
    let (mut built, mut ran) = (0, 0);
    let mut pipelines = Vec::new();
    for p in &config.pipelines {
        let mut cells = build_cells(tools, &config, p, &mut built, n);
        run_rounds(tools, &config, p, &mut cells, &mut ran, n * config.rounds as usize);
        validate(tools, p, &mut cells, config.reference);
        let (counts_before, counts_after, propagation_plan) = static_counts(tools, &config, p);
        pipelines.push(PipelineResult { pipeline: *p, cells, counts_before, counts_after, propagation_plan });
    }
    progress_done();
    Results { config, pipelines }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipelines::ALL;
    use crate::variants::standard;

    fn report(times: &[f64], checksum: &str) -> Result<DriverReport, String> {
        Ok(DriverReport { times_ms: times.to_vec(), checksum: checksum.into(), ..Default::default() })
    }

    fn cell(v: &Variant, runs: Vec<Result<DriverReport, String>>) -> Cell {
        Cell { variant: v.clone(), build: Ok("x".into()), build_seconds: 0.0, transformed: None, runs, validation: None }
    }

    #[test]
    fn speedup_pairs_rounds_and_skips_failed_runs() {
        let v = standard(std::path::Path::new("p.so"), &[]);
        let naive = cell(&v[0], vec![report(&[99.0, 10.0], "a"), report(&[99.0, 20.0], "a"), report(&[99.0, 30.0], "a")]);
        let polly = cell(&v[1], vec![report(&[1.0, 5.0], "a"), Err("crashed".into()), report(&[1.0, 10.0], "a")]);
        let p = PipelineResult {
            pipeline: ALL[0],
            cells: vec![naive, polly],
            counts_before: Err("x".into()),
            counts_after: Err("x".into()),
            propagation_plan: Err("x".into()),
        };
        // Warm-up calls (99, 1) are excluded; round 2 has no Polly run.
        let s = p.speedup(1).unwrap();
        assert_eq!((s.count, s.min, s.max), (2, 2.0, 3.0));
        assert_eq!(p.cells[0].times().unwrap().median, 20.0);
        assert_eq!(p.cells[1].first_error().as_deref(), Some("crashed"));
    }

    #[test]
    fn determinism_compares_checksums_across_rounds() {
        let v = standard(std::path::Path::new("p.so"), &[]);
        assert!(cell(&v[0], vec![report(&[1.0], "a"), report(&[1.0], "a")]).deterministic());
        assert!(!cell(&v[0], vec![report(&[1.0], "a"), report(&[1.0], "b")]).deterministic());
    }
}
