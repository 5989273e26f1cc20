//! Command-line options of `polyprop-bench`, parsed by clap ([`Arguments`]) into [`Options`].

use crate::pipelines::Size;
use crate::polybench::Dataset;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Parser;
use std::path::PathBuf;

/// Builds the seven PolyMage pipelines in each variant (naive clang-14 -O3 -march=native, the
/// same with -mllvm -polly, the same with -fpass-plugin=libpolyprop.so), runs them
/// interleaved, validates outputs bit for bit against naive and writes
/// <out-dir>/results.{txt,csv,json} and <out-dir>/speedups.svg.
/// With --set rodinia: the Rodinia-like kernels of test-suite/rodinia/, also built with
/// polyprop given a profile of a small run, into <out-dir>/rodinia/. With --set polybench: 16
/// PolyBench-style kernels of test-suite/polybench/ at -DLARGE, into <out-dir>/polybench/.
#[derive(Parser, Debug)]
#[command(name = "polyprop-bench", version)]
pub struct Arguments {
    /// The benchmark set: polymage (the seven PolyMage pipelines), rodinia (the
    /// Rodinia-like kernels of test-suite/rodinia/, each also built with polyprop given a profile
    /// of a small run; results go to <out-dir>/rodinia/rodinia.{txt,csv,json,svg}) or polybench
    /// (16 PolyBench-style kernels of test-suite/polybench/, one kernel call per process;
    /// --threads adds polly-parallel and polyprop-omp; results go to
    /// <out-dir>/polybench/polybench.{txt,csv,json,svg})
    #[arg(long, value_name = "SET", default_value = "polymage", overrides_with = "profile_guided",
          value_parser = PossibleValuesParser::new(["polymage", "rodinia", "polybench"]).map(|s| set_named(&s)))]
    set: Set,
    /// Under --set polybench: the PolyBench dataset the kernels are built at [default: large]
    #[arg(long, value_name = "D",
          value_parser = PossibleValuesParser::new(["small", "medium", "large"]).map(|s| dataset_named(&s)))]
    dataset: Option<Dataset>,
    /// The same as --set rodinia
    #[arg(long, overrides_with = "set")]
    profile_guided: bool,
    /// The polyprop CLI, for `polyprop profile` under --set rodinia [default: polyprop beside
    /// this binary, else <repo>/target/release/polyprop]
    #[arg(long, value_name = "PATH")]
    polyprop: Option<PathBuf>,
    /// Image size quick (the default)
    #[arg(long, overrides_with_all = ["full", "small", "size"])]
    quick: bool,
    /// Image size full: the papers' sizes
    #[arg(long, overrides_with_all = ["quick", "small", "size"])]
    full: bool,
    /// Image size small (for tests)
    #[arg(long, overrides_with_all = ["quick", "full", "size"])]
    small: bool,
    /// Image size
    #[arg(long, value_name = "S", overrides_with_all = ["quick", "full", "small"],
          value_parser = PossibleValuesParser::new(["small", "quick", "full"]).map(|s| size_named(&s)))]
    size: Option<Size>,
    /// Interleaved processes per variant
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = positive())]
    rounds: u32,
    /// Timed calls per process after one warm-up call
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = positive())]
    reps: u32,
    /// Only these pipelines (comma-separated, repeatable)
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    only: Vec<String>,
    /// Leave out these variants (not naive, the baseline; comma-separated, repeatable)
    #[arg(long, value_name = "V,W", value_delimiter = ',')]
    skip: Vec<String>,
    /// The plugin [default: PREFIX/lib/libpolyprop.so when installed in PREFIX/bin, else
    /// <repo>/target/release/libpolyprop.so]
    #[arg(long, value_name = "PATH")]
    plugin: Option<PathBuf>,
    /// Add the OpenMP variants (naive-omp, polly-parallel, polyprop-omp, polyprop-pragmas) with N threads
    #[arg(long, value_name = "N", value_parser = positive())]
    threads: Option<u32>,
    /// Kill a pipeline process after S seconds
    #[arg(long = "timeout", value_name = "S", default_value_t = 600, value_parser = positive())]
    timeout_seconds: u32,
    /// Add a variant: -O3 -march=native plus FLAGS (repeatable)
    #[arg(long = "variant", value_name = "NAME=FLAGS", allow_hyphen_values = true)]
    variants: Vec<String>,
    /// Flags appended to every variant's compile flags (split at spaces; repeatable)
    #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
    extra_flags: Vec<String>,
    /// Run every variant with glibc's mmap and trim thresholds raised (MALLOC_MMAP_THRESHOLD_,
    /// MALLOC_TRIM_THRESHOLD_): memory a call frees stays in the process, so the next call
    /// does not fault its temporaries' pages in again (the pipelines malloc and free them at
    /// every call)
    #[arg(long)]
    keep_freed_memory: bool,
    /// Every variant at -ffast-math, as the papers measured, plus strict (naive without it) and
    /// double (naive with every float of the pipeline as double), both timed; outputs are
    /// validated against double's by --tolerance and --outlier-fraction
    /// [results go to <out-dir>/fast-math]
    #[arg(long)]
    fast_math: bool,
    /// Under --fast-math: the per-element tolerance, relative to the largest magnitude of the
    /// double build's output, and the largest RMS of the relative differences
    #[arg(long, value_name = "T", default_value_t = 1e-4)]
    tolerance: f64,
    /// Under --fast-math: the largest share of elements whose relative difference exceeds
    /// --tolerance (threshold flips of reassociation)
    #[arg(long, value_name = "F", default_value_t = 1e-3)]
    outlier_fraction: f64,
    /// Where results go [default: <repo>/target/polyprop-bench]
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// The C compiler
    #[arg(long, value_name = "PATH", default_value = "clang-14")]
    clang: PathBuf,
    /// LLVM's opt, for the static counts
    #[arg(long, value_name = "PATH", default_value = "/usr/lib/llvm-14/bin/opt")]
    opt: PathBuf,
    /// Skip the static counts
    #[arg(long)]
    no_counts: bool,
    /// opt pipeline for the counts before the transform
    #[arg(long, value_name = "P", allow_hyphen_values = true,
          default_value = "polyprop-canonicalize,print<polyprop-scops>")]
    counts_before: String,
    /// opt pipeline for the counts after the transform (only the generated NAME.polyprop counts;
    /// without recurrences, whose scalars carried across iterations the model does not take);
    /// the arrays are those the propagation plan leaves
    #[arg(long, value_name = "P", allow_hyphen_values = true,
          default_value = "function(polyprop-canonicalize),polyprop<recurrences=off>,function(polyprop-canonicalize,print<polyprop-scops>)")]
    counts_after: String,
    /// Build each pipeline as the reference (clang-14 -O3), run --small, compare with
    /// test-suite/reference/checksums.txt, exit 1 on mismatch
    #[arg(long)]
    check_reference: bool,
    /// Rewrite test-suite/reference/checksums.txt from the reference build
    #[arg(long)]
    bless_reference: bool,
}

/// Which programs `polyprop-bench` measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Set {
    /// The seven PolyMage pipelines (paper 003, Table 1).
    Polymage,
    /// The Rodinia-like kernel set with the profile-guided variant (issue 15).
    Rodinia,
    /// The PolyBench-style kernel set of issue 17.
    Polybench,
}

fn set_named(name: &str) -> Set {
    match name {
        "rodinia" => Set::Rodinia,
        "polybench" => Set::Polybench,
        _ => Set::Polymage,
    }
}

fn dataset_named(name: &str) -> Dataset {
    match name {
        "small" => Dataset::Small,
        "medium" => Dataset::Medium,
        _ => Dataset::Large,
    }
}

/// Parsed options.
#[derive(Clone, Debug)]
pub struct Options {
    pub set: Set,
    pub dataset: Option<Dataset>,
    pub polyprop: Option<PathBuf>,
    pub size: Size,
    /// Whether a size was given (`--small`, `--quick`, `--full` or `--size`).
    pub size_given: bool,
    pub rounds: u32,
    pub reps: u32,
    pub only: Vec<String>,
    pub skip: Vec<String>,
    pub plugin: Option<PathBuf>,
    pub threads: Option<u32>,
    pub timeout_seconds: u32,
    pub variants: Vec<String>,
    pub extra_flags: Vec<String>,
    pub fast_math: bool,
    pub keep_freed_memory: bool,
    pub tolerance: f64,
    pub outlier_fraction: f64,
    pub out_dir: Option<PathBuf>,
    pub clang: PathBuf,
    pub opt: PathBuf,
    pub counts: bool,
    pub counts_before: String,
    pub counts_after: String,
    pub check_reference: bool,
    pub bless_reference: bool,
}

fn size_named(name: &str) -> Size {
    match name {
        "small" => Size::Small,
        "full" => Size::Full,
        _ => Size::Quick,
    }
}

fn positive() -> impl TypedValueParser<Value = u32> {
    clap::value_parser!(u32).range(1..)
}

impl From<Arguments> for Options {
    fn from(a: Arguments) -> Self {
        let size = match (a.small, a.full, a.size) {
            (true, _, _) => Size::Small,
            (_, true, _) => Size::Full,
            (_, _, Some(size)) => size,
            _ => Size::Quick,
        };
        let size_given = a.small || a.quick || a.full || a.size.is_some();
        let not_empty = |v: Vec<String>| v.into_iter().filter(|s| !s.is_empty()).collect();
        Options {
            set: if a.profile_guided { Set::Rodinia } else { a.set },
            dataset: a.dataset,
            polyprop: a.polyprop,
            size,
            size_given,
            rounds: a.rounds,
            reps: a.reps,
            only: not_empty(a.only),
            skip: not_empty(a.skip),
            plugin: a.plugin,
            threads: a.threads,
            timeout_seconds: a.timeout_seconds,
            variants: a.variants,
            extra_flags: a.extra_flags.iter().flat_map(|f| f.split_whitespace()).map(String::from).collect(),
            fast_math: a.fast_math,
            keep_freed_memory: a.keep_freed_memory,
            tolerance: a.tolerance,
            outlier_fraction: a.outlier_fraction,
            out_dir: a.out_dir,
            clang: a.clang,
            opt: a.opt,
            counts: !a.no_counts,
            counts_before: a.counts_before,
            counts_after: a.counts_after,
            check_reference: a.check_reference,
            bless_reference: a.bless_reference,
        }
    }
}

/// Parses `args` (without the program name); `Err` is clap's error, which prints itself
/// (`--help` and `--version` are errors of kind `DisplayHelp` and `DisplayVersion`).
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, clap::Error> {
    let all = std::iter::once("polyprop-bench".to_string()).chain(args);
    Arguments::try_parse_from(all).map(Options::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn defaults_and_flags() {
        let o = parse(args("")).unwrap();
        assert_eq!((o.size, o.rounds, o.reps), (Size::Quick, 5, 1));
        assert_eq!(o.timeout_seconds, 600);
        assert!(o.counts);
        assert_eq!(o.set, Set::Polymage);
        assert_eq!(parse(args("--set rodinia")).unwrap().set, Set::Rodinia);
        assert_eq!(parse(args("--profile-guided --rounds 3")).unwrap().set, Set::Rodinia);
        assert!(parse(args("--set lud")).is_err());
        let o = parse(args("--set polybench --only gemm,atax --dataset small --threads 2")).unwrap();
        assert_eq!((o.set, o.dataset, o.threads), (Set::Polybench, Some(Dataset::Small), Some(2)));
        assert_eq!(o.only, ["gemm", "atax"]);
        assert!(!o.size_given);
        assert_eq!(parse(args("--set polybench")).unwrap().dataset, None);
        assert!(parse(args("--set polybench --dataset huge")).is_err());
        assert!(parse(args("--quick")).unwrap().size_given);
        let o = parse(args("--full --rounds 3 --only harris,camera_pipe --threads 2 --variant fm=-ffast-math --skip polly")).unwrap();
        assert_eq!(o.skip, ["polly"]);
        assert_eq!((o.size, o.rounds, o.threads), (Size::Full, 3, Some(2)));
        assert_eq!(o.only, ["harris", "camera_pipe"]);
        assert_eq!(o.variants, ["fm=-ffast-math"]);
        let o = parse(args("--extra-flags -ffast-math --only a --only b")).unwrap();
        assert_eq!(o.extra_flags, ["-ffast-math"]);
        assert_eq!(o.only, ["a", "b"]);
        let o = parse(args("--fast-math --tolerance 1e-3")).unwrap();
        assert!(o.fast_math);
        assert_eq!(o.tolerance, 1e-3);
    }

    #[test]
    fn the_last_size_wins() {
        assert_eq!(parse(args("--full --small")).unwrap().size, Size::Small);
        assert_eq!(parse(args("--small --full")).unwrap().size, Size::Full);
        assert_eq!(parse(args("--full --size quick")).unwrap().size, Size::Quick);
        assert_eq!(parse(args("--size small --quick")).unwrap().size, Size::Quick);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(parse(args("--rounds 0")).is_err());
        assert!(parse(args("--rounds")).is_err());
        assert!(parse(args("--size huge")).is_err());
        assert!(parse(args("--frobnicate")).is_err());
        assert_eq!(parse(args("--frobnicate")).unwrap_err().exit_code(), 2);
    }

    #[test]
    fn command_line_is_consistent() {
        Arguments::command().debug_assert();
    }
}
