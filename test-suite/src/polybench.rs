//! `polyprop-bench --set polybench`: sixteen of the PolyBench-style kernels of
//! `test-suite/polybench/` (issue 17's set: the ones Polly is strong on) built plain, with
//! Polly and with polyprop, and with `--threads N` also with Polly's parallelizer and
//! polyprop's OpenMP loops ([`crate::variants::threaded`]; the PolyBench-style code has no
//! pragmas, so there is no `naive-omp`).
//!
//! Each program is built with `-DLARGE` (or the dataset asked for) and `-DPOLYPROP_TIME`, which
//! makes its `main` print `time_ms kernel_<name>: T` around its one kernel call
//! (`polybench/checksum.h`) before the checksum lines (`NAME sum %a hash FNV-1a` per output
//! array). The variants run interleaved round by round, one process each, and their checksum
//! lines are compared with naive's bit for bit. What a build did is read from its optimized IR
//! (a plugin build against the same flags without the plugin, Polly's `polly.stmt` blocks) and
//! from the pass's own verdict on the kernel (`print=transform`).

use crate::profile_guided::transform_verdict;
use crate::program_set::{self, Cell, KernelReport, Launch};
use crate::toolchain::strip_file_names;
use crate::variants::{self, Variant};
use crate::{progress, progress_done};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One kernel of the set: `polybench/<name>.c`, whose `main` calls `kernel_<function>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The C file stem, also the name `--only` takes.
    pub name: &'static str,
    /// The problem size at `-DLARGE`, for the table.
    pub large: &'static str,
}

impl Kernel {
    /// The timed function: `kernel_` and the name with `-` as `_` (`kernel_jacobi_2d`).
    pub fn function(&self) -> String {
        format!("kernel_{}", self.name.replace('-', "_"))
    }
}

/// The sixteen kernels of issue 17, in its order, with their `-DLARGE` sizes
/// (`test-suite/polybench/README.md` says why some are below PolyBench 4.2's LARGE).
pub const ALL: [Kernel; 16] = [
    Kernel { name: "gemm", large: "NI 1000, NJ 1100, NK 1200" },
    Kernel { name: "2mm", large: "NI 800, NJ 900, NK 1100, NL 1200" },
    Kernel { name: "3mm", large: "NI 640, NJ 720, NK 800, NL 880, NM 960" },
    Kernel { name: "syrk", large: "M 1000, N 1200" },
    Kernel { name: "syr2k", large: "M 1000, N 1200" },
    Kernel { name: "atax", large: "M 1900, N 2100" },
    Kernel { name: "bicg", large: "M 1900, N 2100" },
    Kernel { name: "mvt", large: "N 2000" },
    Kernel { name: "gesummv", large: "N 1300" },
    Kernel { name: "jacobi-1d", large: "TSTEPS 500, N 2000" },
    Kernel { name: "jacobi-2d", large: "TSTEPS 500, N 1300" },
    Kernel { name: "seidel-2d", large: "TSTEPS 100, N 1000" },
    Kernel { name: "fdtd-2d", large: "TMAX 500, NX 1000, NY 1200" },
    Kernel { name: "heat-3d", large: "TSTEPS 500, N 120" },
    Kernel { name: "covariance", large: "M 1200, N 1400" },
    Kernel { name: "correlation", large: "M 1200, N 1400" },
];

/// The kernels named in `names` (all when empty), in the order given; unknown names are errors.
pub fn select(names: &[String]) -> Result<Vec<Kernel>, String> {
    crate::program_set::select_named(&ALL, |k| k.name, names, "PolyBench-style kernel")
}

/// The size a kernel is built at: PolyBench's dataset names, as the sources' macros.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dataset {
    /// `-DSMALL` (the sources' default; a few ms, for tests).
    Small,
    /// `-DMEDIUM` (10-50 ms).
    Medium,
    /// `-DLARGE` (the benchmark's size, 50 ms - 2 s a call at -O3).
    Large,
}

impl Dataset {
    /// The name `--dataset` takes.
    pub fn name(self) -> &'static str {
        match self {
            Dataset::Small => "small",
            Dataset::Medium => "medium",
            Dataset::Large => "large",
        }
    }

    /// The macro that selects it in the sources.
    pub fn define(self) -> String {
        format!("-D{}", self.name().to_uppercase())
    }
}

/// The macro that makes a kernel's `main` print the time of its kernel call.
pub const TIME_DEFINE: &str = "-DPOLYPROP_TIME";

/// A checksum line of `polybench/checksum.h`: `NAME sum VALUE hash HEX`.
pub fn is_checksum_line(line: &str) -> bool {
    let words: Vec<&str> = line.split(' ').collect();
    matches!(words.as_slice(), [name, "sum", value, "hash", hash]
        if !name.is_empty() && !value.is_empty() && hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Parses what a kernel's `main` printed with `-DPOLYPROP_TIME`.
pub fn parse_output(text: &str) -> Result<KernelReport, String> {
    program_set::parse_report(text, is_checksum_line)
}

/// The variants of the set: naive, polly, polyprop, polyprop-schedule, and with `threads`
/// polly-parallel and polyprop-omp (naive-omp and polyprop-pragmas need the pragmas these
/// sources do not have).
pub fn variants(plugin: &Path, extra: &[String], threads: bool) -> Vec<Variant> {
    let mut all = variants::standard(plugin, extra);
    all.push(variants::scheduled(plugin, extra));
    if threads {
        all.extend(variants::threaded(plugin, extra).into_iter().filter(|v| v.name != variants::NAIVE_OMP && v.name != variants::PRAGMAS));
    }
    all
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct Setup {
    pub clang: PathBuf,
    pub plugin: PathBuf,
    /// `test-suite/` of the repository.
    pub suite_dir: PathBuf,
    pub build_dir: PathBuf,
    pub kernels: Vec<Kernel>,
    /// The first is naive.
    pub variants: Vec<Variant>,
    pub dataset: Dataset,
    pub rounds: u32,
    /// `OMP_NUM_THREADS` of every run (`--threads`).
    pub threads: Option<u32>,
    pub timeout: Duration,
}

/// One kernel in every variant.
#[derive(Clone, Debug)]
pub struct KernelResult {
    pub kernel: Kernel,
    /// The pass's `print=transform` verdict on the kernel function (after "function F, ").
    pub verdict: String,
    /// In the order of `Setup::variants`; the first is naive.
    pub cells: Vec<Cell<Variant>>,
    /// Per cell, whether its optimized IR starts threads (`__kmpc_fork_call` or GNU OpenMP's
    /// `GOMP_parallel`); `None` for a build without `-fopenmp`.
    pub forks_threads: Vec<Option<bool>>,
}

/// All results of one run of the set.
#[derive(Clone, Debug)]
pub struct Results {
    pub setup: Setup,
    pub kernels: Vec<KernelResult>,
    /// `/proc/loadavg` before and after the measurement.
    pub load: (String, String),
}

/// `flags` without the one that loads a plugin.
fn without_plugin(flags: &[String]) -> Vec<String> {
    flags.iter().filter(|f| !f.starts_with("-fpass-plugin=")).cloned().collect()
}

/// Whether optimized IR starts OpenMP threads: libomp's entry or the GNU one Polly calls.
pub fn forks_threads(ir: &str) -> bool {
    ir.contains("@__kmpc_fork_call") || ir.contains("@GOMP_parallel")
}

impl Setup {
    fn source(&self, k: &Kernel) -> PathBuf {
        self.suite_dir.join("polybench").join(format!("{}.c", k.name))
    }

    /// The compile and link flags of `v` (one clang command does both): the variant's own,
    /// its link flags (`-fopenmp` of the threaded variants), the dataset and the timer.
    pub fn flags(&self, v: &Variant) -> Vec<String> {
        let mut flags = v.compile_flags.clone();
        flags.extend(v.link_flags.iter().filter(|f| !flags.contains(f)).cloned().collect::<Vec<_>>());
        flags.extend([self.dataset.define(), TIME_DEFINE.to_string()]);
        flags
    }

    /// The optimized IR of `k` with `flags` and the pass options `options`, file names
    /// removed; `tag` names the file.
    fn optimized_ir(&self, k: &Kernel, flags: &[String], options: Option<&str>, tag: &str) -> Result<String, String> {
        let path = self.build_dir.join(format!("{}.{tag}.ll", k.name));
        let flags = [flags.to_vec(), vec!["-S".into(), "-emit-llvm".into()]].concat();
        program_set::compile(&self.clang, &flags, &self.source(k), options, &path)?;
        std::fs::read_to_string(&path).map(|t| strip_file_names(&t)).map_err(|e| e.to_string())
    }

    /// Whether `v`'s build of `k` changed the code: a plugin build's IR against the same flags'
    /// without the plugin, a Polly build's by Polly's block names
    /// ([`program_set::polly_generated_code`]); and whether it starts threads (only asked of
    /// builds with `-fopenmp`). Value names are kept on both sides of a comparison.
    fn ir_facts(&self, k: &Kernel, v: &Variant, flags: &[String]) -> (Option<bool>, Option<bool>) {
        let polly = flags.iter().any(|f| f == "-polly");
        if !v.uses_plugin && !polly {
            return (None, None);
        }
        let flags = &[flags.to_vec(), vec![program_set::KEEP_VALUE_NAMES.into()]].concat();
        let Ok(ir) = self.optimized_ir(k, flags, v.pass_options.as_deref(), &v.name) else { return (None, None) };
        let threads = flags.iter().any(|f| f == "-fopenmp").then(|| forks_threads(&ir));
        let changed = if v.uses_plugin {
            self.optimized_ir(k, &without_plugin(flags), None, &format!("{}-without-plugin", v.name)).ok().map(|plain| plain != ir)
        } else {
            Some(program_set::polly_generated_code(&ir))
        };
        (changed, threads)
    }

    fn build_cell(&self, k: &Kernel, v: &Variant) -> (Cell<Variant>, Option<bool>) {
        let flags = self.flags(v);
        let binary = self.build_dir.join(format!("{}.{}", k.name, v.name));
        let start = Instant::now();
        let build = if v.uses_plugin && !self.plugin.exists() {
            Err(format!("plugin not built ({})", self.plugin.display()))
        } else {
            program_set::compile(&self.clang, &flags, &self.source(k), v.pass_options.as_deref(), &binary).map(|_| binary)
        };
        let build_seconds = start.elapsed().as_secs_f64();
        let (changed, threads) = if build.is_ok() { self.ir_facts(k, v, &flags) } else { (None, None) };
        (Cell::new(v.clone(), flags, build, build_seconds, changed), threads)
    }

    /// The pass's verdict on the kernel function, from a compile with `print=transform`.
    fn verdict(&self, k: &Kernel) -> String {
        let Some(v) = self.variants.iter().find(|v| v.uses_plugin) else { return "no plugin variant".into() };
        let object = self.build_dir.join(format!("{}.print.o", k.name));
        let flags = [self.flags(v), vec!["-c".into()]].concat();
        match program_set::compile(&self.clang, &flags, &self.source(k), Some("print=transform"), &object) {
            Ok(printed) => transform_verdict(&printed, &k.function()),
            Err(e) => e.lines().next().unwrap_or("").to_string(),
        }
    }
}

/// Builds and measures every kernel of the set.
pub fn run(setup: Setup) -> Results {
    assert!(setup.variants.first().is_some_and(|v| v.kind == variants::Kind::Naive), "naive is the baseline");
    let load_before = program_set::load_average();
    let launch = Launch { args: &[], threads: setup.threads, timeout: setup.timeout, parse: parse_output };
    let mut kernels = Vec::new();
    for k in &setup.kernels {
        let (mut cells, forks_threads): (Vec<_>, Vec<_>) = setup
            .variants
            .iter()
            .map(|v| {
                progress(&format!("[build] {} {}", k.name, v.name));
                setup.build_cell(k, v)
            })
            .unzip();
        progress(&format!("[print] {}", k.name));
        let verdict = setup.verdict(k);
        program_set::run_rounds(k.name, &mut cells, setup.rounds, &launch);
        kernels.push(KernelResult { kernel: *k, verdict, cells, forks_threads });
    }
    progress_done();
    Results { setup, kernels, load: (load_before, program_set::load_average()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_time_and_the_checksum_lines() {
        let text = "time_ms kernel_gemm: 341.952\nC sum 0x1.ada3ep+16 hash a3585b7000fc1cf6\n\
                    B sum -0x1p-3 hash 00000000000000ff\n";
        let r = parse_output(text).unwrap();
        assert_eq!(r.calls("kernel_gemm"), [341.952]);
        assert_eq!(r.checksums, ["C sum 0x1.ada3ep+16 hash a3585b7000fc1cf6", "B sum -0x1p-3 hash 00000000000000ff"]);
        // The default output (no timer) and lines that only look like checksums are refused.
        assert!(parse_output("C sum 0x1p+0 hash a3585b7000fc1cf6\n").is_err());
        assert!(parse_output("time_ms kernel_gemm: 1\nC sum 0x1p+0 hash xyz\n").is_err());
        assert!(!is_checksum_line("C sum 0x1p+0 hash a3585b7000fc1cf6 extra"));
        assert!(!is_checksum_line("sum 0x1p+0 hash a3585b7000fc1cf6"));
        assert!(is_checksum_line("corr sum 0x1.2p+10 hash 0123456789abcdef"));
    }

    #[test]
    fn selects_kernels_by_name_in_the_order_given() {
        assert_eq!(select(&[]).unwrap().len(), 16);
        let chosen = select(&["mvt".into(), "gemm".into()]).unwrap();
        assert_eq!(chosen.iter().map(|k| k.name).collect::<Vec<_>>(), ["mvt", "gemm"]);
        let error = select(&["lu".into()]).unwrap_err();
        assert!(error.starts_with("unknown PolyBench-style kernel `lu` (known: gemm, 2mm, 3mm,"), "{error}");
        assert_eq!(ALL[10].function(), "kernel_jacobi_2d");
    }

    #[test]
    fn every_kernel_is_timed_in_its_source_at_every_dataset() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("polybench");
        for k in ALL {
            let source = std::fs::read_to_string(dir.join(format!("{}.c", k.name))).unwrap();
            let f = k.function();
            assert!(source.contains(&format!("static void {f}(")), "{} defines {f}", k.name);
            assert!(source.contains(&format!("  TIMER_START();\n  {f}(")), "{} starts the timer right before {f}", k.name);
            assert!(source.contains(&format!(");\n  TIMER_PRINT({f});\n")), "{} prints the time of {f}", k.name);
            assert!(source.contains("#elif defined(MEDIUM)\n"), "{} has the three sizes", k.name);
            let large = source.split("#if defined(LARGE)\n").nth(1).and_then(|rest| rest.split("#elif").next()).unwrap();
            let defines: Vec<String> = k.large.split(", ").map(|size| format!("#define {size}\n")).collect();
            assert_eq!(large, defines.concat(), "{}: the LARGE sizes of the table are the source's", k.name);
        }
    }

    #[test]
    fn variants_are_the_standard_ones_and_the_threaded_ones_without_pragmas() {
        let p = Path::new("/p.so");
        let names = |t| variants(p, &[], t).into_iter().map(|v| v.name).collect::<Vec<_>>();
        assert_eq!(names(false), ["naive", "polly", "polyprop", "polyprop-schedule"]);
        assert_eq!(names(true), ["naive", "polly", "polyprop", "polyprop-schedule", "polly-parallel", "polyprop-omp"]);
        let flags = ["-O3".to_string(), "-fpass-plugin=/p.so".into(), "-fopenmp".into()];
        assert_eq!(without_plugin(&flags), ["-O3", "-fopenmp"]);
        assert_eq!([Dataset::Small.define(), Dataset::Large.define()], ["-DSMALL", "-DLARGE"]);
        assert!(forks_threads("  call void (%struct.ident_t*, i32, void (i32*, i32*, ...)*, ...) @__kmpc_fork_call("));
        assert!(!forks_threads("declare void @free(i8*)"));
    }
}
