//! What the sets of whole programs share: the Rodinia-like kernels (`--set rodinia`,
//! [`crate::profile_guided`]) and the PolyBench-style kernels (`--set polybench`,
//! [`crate::polybench`]). Each program is one C file with its own `main` that prints
//! `time_ms FUNCTION: T` per timed call and one checksum line per output. This module compiles
//! a program, runs one process and parses what it printed, measures a program's variants
//! interleaved round by round, and derives the figures the reports give: times, speedups over
//! naive paired by round, and whether a variant's checksum lines equal naive's bit for bit.

use crate::progress;
use crate::stats::Spread;
use crate::toolchain::run_checked;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// What one run of a program printed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KernelReport {
    /// Per timed function, its calls' times in call order.
    pub times_ms: Vec<(String, Vec<f64>)>,
    /// The checksum lines, in order: equal lists mean bit-identical outputs.
    pub checksums: Vec<String>,
}

impl KernelReport {
    /// The calls of `function` (empty when it printed none).
    pub fn calls(&self, function: &str) -> &[f64] {
        self.times_ms.iter().find(|(f, _)| f == function).map_or(&[], |(_, t)| t.as_slice())
    }
}

/// Parses a program's standard output: its `time_ms F: T` lines, and the lines that
/// `is_checksum` takes for checksum lines. A program that printed no time or no checksum
/// line is an error.
pub fn parse_report(text: &str, is_checksum: impl Fn(&str) -> bool) -> Result<KernelReport, String> {
    let mut r = KernelReport::default();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("time_ms ") {
            let (function, value) = rest.split_once(':').ok_or_else(|| format!("bad `{line}`"))?;
            let t = value.trim().parse::<f64>().map_err(|e| format!("bad `{line}`: {e}"))?;
            match r.times_ms.iter_mut().find(|(f, _)| f == function) {
                Some((_, times)) => times.push(t),
                None => r.times_ms.push((function.to_string(), vec![t])),
            }
        } else if is_checksum(line) {
            r.checksums.push(line.to_string());
        }
    }
    if r.times_ms.is_empty() || r.checksums.is_empty() {
        return Err(format!("program printed no time or checksum:\n{text}"));
    }
    Ok(r)
}

/// A variant as the reports name it.
pub trait Named {
    fn name(&self) -> &str;
}

impl Named for crate::variants::Variant {
    fn name(&self) -> &str {
        &self.name
    }
}

/// One program in one variant.
#[derive(Clone, Debug)]
pub struct Cell<V> {
    pub variant: V,
    /// The flags of the compile (and link).
    pub flags: Vec<String>,
    /// The binary, or why it was not built.
    pub build: Result<PathBuf, String>,
    pub build_seconds: f64,
    /// Whether the build changed the code, as the set decides it from the optimized IR
    /// (`None`: not checked).
    pub ir_changed: Option<bool>,
    /// One report per round (`Err`: that run failed).
    pub runs: Vec<Result<KernelReport, String>>,
}

impl<V> Cell<V> {
    /// A cell of `variant` built (or not) as `build` says, before any run.
    pub fn new(variant: V, flags: Vec<String>, build: Result<PathBuf, String>, build_seconds: f64, ir_changed: Option<bool>) -> Self {
        Cell { variant, flags, build, build_seconds, ir_changed, runs: Vec::new() }
    }

    fn reports(&self) -> impl Iterator<Item = &KernelReport> {
        self.runs.iter().filter_map(|r| r.as_ref().ok())
    }

    /// The timed calls of `function` in every round (each process's warm-up call excluded).
    pub fn times(&self, function: &str) -> Option<Spread> {
        Spread::of(&self.reports().flat_map(|r| timed_calls(r, function).iter().copied()).collect::<Vec<_>>())
    }

    /// Every call of `function` per round, the warm-up first; `None` for a failed round.
    pub fn calls_per_round(&self, function: &str) -> Vec<Option<Vec<f64>>> {
        self.runs.iter().map(|r| r.as_ref().ok().map(|r| r.calls(function).to_vec())).collect()
    }

    pub fn first_error(&self) -> Option<String> {
        match &self.build {
            Err(e) => Some(e.clone()),
            Ok(_) => self.runs.iter().find_map(|r| r.as_ref().err().cloned()),
        }
    }

    /// True when every successful run printed the same checksums.
    pub fn deterministic(&self) -> bool {
        let mut sums = self.reports().map(|r| &r.checksums);
        match sums.next() {
            Some(first) => sums.all(|s| s == first),
            None => true,
        }
    }

    fn checksums(&self) -> Option<&Vec<String>> {
        self.reports().next().map(|r| &r.checksums)
    }
}

/// The calls of `function` in one run but the first (the warm-up); a single call is timed.
fn timed_calls<'a>(r: &'a KernelReport, function: &str) -> &'a [f64] {
    let calls = r.calls(function);
    if calls.len() > 1 {
        &calls[1..]
    } else {
        calls
    }
}

/// Speedup of `cells[k]` over naive (`cells[0]`) on `function`: per round in which both ran,
/// the median of naive's timed calls over the median of the variant's.
pub fn speedup<V>(cells: &[Cell<V>], k: usize, function: &str) -> Option<Spread> {
    let median = |r: &Result<KernelReport, String>| Spread::of(timed_calls(r.as_ref().ok()?, function)).map(|s| s.median);
    let ratios: Vec<f64> = cells[0].runs.iter().zip(&cells[k].runs).filter_map(|(a, b)| Some(median(a)? / median(b)?)).collect();
    Spread::of(&ratios)
}

/// Whether `cells[k]`'s checksum lines equal naive's (`cells[0]`) bit for bit (`None`: one of
/// them did not run).
pub fn identical_to_naive<V>(cells: &[Cell<V>], k: usize) -> Option<bool> {
    Some(cells[0].checksums()? == cells[k].checksums()?)
}

/// The flag that keeps the names of values and blocks in optimized IR (clang drops them by
/// default), so that Polly's generated code can be told by its block names.
pub const KEEP_VALUE_NAMES: &str = "-fno-discard-value-names";

/// The programs of `all` named in `names` (all when empty), in the order given; an unknown
/// name is an error that lists the known ones (`what`: "kernel program").
pub fn select_named<K: Copy>(all: &[K], name: impl Fn(&K) -> &str, names: &[String], what: &str) -> Result<Vec<K>, String> {
    if names.is_empty() {
        return Ok(all.to_vec());
    }
    let known = || all.iter().map(&name).collect::<Vec<_>>().join(", ");
    names
        .iter()
        .map(|n| all.iter().find(|k| name(k) == n.as_str()).copied().ok_or_else(|| format!("unknown {what} `{n}` (known: {})", known())))
        .collect()
}

/// Whether optimized IR, compiled with [`KEEP_VALUE_NAMES`], holds code Polly generated for a
/// SCoP: its statements' blocks are named `polly.stmt.*` (the `polly.start` block it opens with
/// is merged away at -O3).
pub fn polly_generated_code(ir: &str) -> bool {
    ir.contains("polly.stmt.")
}

/// Whether a build that does not load the plugin (naive, Polly) failed to build or run, or its
/// checksums differ from naive's: what makes `polyprop-bench` exit with status 1.
pub fn baseline_broken<V>(cells: &[Cell<V>], uses_plugin: impl Fn(&V) -> bool) -> bool {
    cells.iter().enumerate().filter(|(_, c)| !uses_plugin(&c.variant)).any(|(k, c)| c.first_error().is_some() || identical_to_naive(cells, k) == Some(false))
}

/// `clang flags source -o output`, linked with `-lm` unless `flags` stop at `-c` or `-S`, with
/// the pass options `POLYPROP_OPTIONS` set to `options` (unset when `None`, so that the
/// caller's environment does not reach the plugin). Returns what the compiler printed.
pub fn compile(clang: &Path, flags: &[String], source: &Path, options: Option<&str>, output: &Path) -> Result<String, String> {
    if let Some(dir) = output.parent() {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    let mut cmd = Command::new(clang);
    cmd.args(flags).arg(source);
    if !flags.iter().any(|f| f == "-c" || f == "-S") {
        cmd.arg("-lm");
    }
    cmd.arg("-o").arg(output);
    match options {
        Some(options) => cmd.env("POLYPROP_OPTIONS", options),
        None => cmd.env_remove("POLYPROP_OPTIONS"),
    };
    let out = run_checked(&mut cmd)?;
    Ok(format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// How one process of a program runs.
#[derive(Clone, Copy, Debug)]
pub struct Launch<'a> {
    pub args: &'a [String],
    /// `OMP_NUM_THREADS`, when set.
    pub threads: Option<u32>,
    /// Kill the process after this long (a miscompiled program may not end).
    pub timeout: Duration,
    /// Reads what the process printed.
    pub parse: fn(&str) -> Result<KernelReport, String>,
}

/// Runs `binary` once as `launch` says and parses what it printed.
pub fn run_process(binary: &Path, launch: &Launch) -> Result<KernelReport, String> {
    let mut cmd = Command::new(binary);
    cmd.args(launch.args);
    if let Some(t) = launch.threads {
        cmd.env("OMP_NUM_THREADS", t.to_string());
    }
    let child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    let output = crate::runner::wait_with_timeout(child, launch.timeout)?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!("{} failed ({}): {}", binary.display(), output.status, stderr.lines().last().unwrap_or("")));
    }
    (launch.parse)(&String::from_utf8_lossy(&output.stdout))
}

/// Runs every built cell of `program` once per round, interleaved (naive, polly, ..., naive,
/// ...), so that a change of the machine's load hits every variant alike.
pub fn run_rounds<V: Named>(program: &str, cells: &mut [Cell<V>], rounds: u32, launch: &Launch) {
    for round in 0..rounds {
        for cell in cells.iter_mut() {
            let Ok(binary) = cell.build.clone() else { continue };
            progress(&format!("[run] {} {} round {}", program, cell.variant.name(), round + 1));
            cell.runs.push(run_process(&binary, launch));
        }
    }
}

/// The 1, 5 and 15 minute load averages: on a shared machine the spread of the times is the
/// other processes' as much as the code's.
pub fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_of(times: &[(&str, &[f64])], sums: &[&str]) -> Result<KernelReport, String> {
        Ok(KernelReport {
            times_ms: times.iter().map(|(f, t)| (f.to_string(), t.to_vec())).collect(),
            checksums: sums.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn parses_times_per_function_and_the_chosen_checksum_lines() {
        let text = "size: 64\ntime_ms f: 1.5\ntime_ms g: 2\ntime_ms f: 0.5\nA sum 0x1p+0 hash 00\nnote: x\n";
        let r = parse_report(text, |l| l.contains(" hash ")).unwrap();
        assert_eq!(r.calls("f"), [1.5, 0.5]);
        assert_eq!(r.calls("g"), [2.0]);
        assert!(r.calls("h").is_empty());
        assert_eq!(r.checksums, ["A sum 0x1p+0 hash 00"]);
        assert!(parse_report(text, |_| false).is_err(), "no checksum line");
        assert!(parse_report("A sum 0 hash 0\n", |_| true).is_err(), "no time");
        assert!(parse_report("time_ms f: x\nA\n", |_| true).is_err(), "a time that is no number");
    }

    #[test]
    fn speedups_pair_rounds_and_skip_warm_up_calls() {
        let cell = |v: &'static str, runs| Cell { runs, ..Cell::new(v, vec![], Ok("x".into()), 0.0, None) };
        let cells = [
            cell("naive", vec![run_of(&[("f", &[99.0, 10.0, 10.0])], &["a"]), run_of(&[("f", &[99.0, 20.0])], &["a"])]),
            cell("polly", vec![run_of(&[("f", &[1.0, 5.0])], &["a"]), Err("crashed".into())]),
            cell("polyprop", vec![run_of(&[("f", &[1.0, 5.0])], &["b"])]),
            cell("single", vec![run_of(&[("f", &[5.0])], &["a"]), run_of(&[("f", &[40.0])], &["a"])]),
        ];
        let s = speedup(&cells, 1, "f").unwrap();
        assert_eq!((s.count, s.median), (1, 2.0));
        assert_eq!(cells[0].times("f").unwrap().median, 10.0);
        // A process that calls its kernel once has that call timed.
        assert_eq!(speedup(&cells, 3, "f").map(|s| (s.min, s.max)), Some((0.5, 2.0)));
        assert_eq!(identical_to_naive(&cells, 1), Some(true));
        assert_eq!(identical_to_naive(&cells, 2), Some(false));
        assert_eq!(cells[1].first_error().as_deref(), Some("crashed"));
        assert_eq!(cells[1].calls_per_round("f"), [Some(vec![1.0, 5.0]), None]);
        // polly crashed in a round; polyprop's output differs, which is the plugin's to answer for.
        assert!(baseline_broken(&cells, |v| *v == "polyprop"));
        assert!(!baseline_broken(&[cells[0].clone(), cells[2].clone()], |v| *v == "polyprop"));
        assert!(baseline_broken(&[cells[0].clone(), cells[2].clone()], |_| false));
    }

    #[test]
    fn determinism_compares_checksums_across_rounds() {
        let cell = |runs| Cell { runs, ..Cell::new("naive", vec![], Ok("x".into()), 0.0, None) };
        assert!(cell(vec![run_of(&[("f", &[1.0])], &["a"]), run_of(&[("f", &[1.0])], &["a"])]).deterministic());
        assert!(!cell(vec![run_of(&[("f", &[1.0])], &["a"]), run_of(&[("f", &[1.0])], &["b"])]).deterministic());
    }

    #[test]
    fn pollys_code_is_told_by_its_block_names() {
        assert!(polly_generated_code("polly.stmt.for.body:\n  br label %polly.indvar"));
        assert!(!polly_generated_code("for.body:\n  ; -mllvm -polly"));
    }

    impl Named for &'static str {
        fn name(&self) -> &str {
            self
        }
    }
}
