//! Command-line options of `polyprop-bench` (hand-parsed: no dependencies).

use crate::pipelines::Size;
use std::path::PathBuf;

pub const USAGE: &str = "\
usage: polyprop-bench [options]

Builds the seven PolyMage pipelines in each variant (naive clang-14 -O3 -march=native,
the same with -mllvm -polly, the same with -fpass-plugin=libpolyprop.so), runs them
interleaved, validates outputs bit for bit against naive and writes
<out-dir>/results.{txt,csv,json} and <out-dir>/speedups.svg.

  --quick | --full | --small | --size S   image size (default quick; full = the papers' sizes)
  --rounds N          interleaved processes per variant (default 5)
  --reps N            timed calls per process after one warm-up call (default 1)
  --only A,B          only these pipelines
  --skip V,W          leave out these variants (not naive, the baseline)
  --plugin PATH       the plugin (default <repo>/target/release/libpolyprop.so)
  --threads N         add the OpenMP variants (naive-omp, polly-parallel, polyprop-omp), N threads
  --timeout S         kill a pipeline process after S seconds (default 600)
  --variant NAME=FLAGS  add a variant: -O3 -march=native plus FLAGS (repeatable)
  --extra-flags FLAGS appended to every variant's compile flags
  --out-dir DIR       default <repo>/target/polyprop-bench
  --clang PATH        default clang-14;  --opt PATH  default /usr/lib/llvm-14/bin/opt
  --no-counts         skip the static counts
  --counts-before P / --counts-after P   opt pipelines for the counts
                      (default polyprop-canonicalize,print<polyprop-scops> /
                      function(polyprop-canonicalize),polyprop,
                      function(polyprop-canonicalize,print<polyprop-scops>);
                      after a transform only the generated NAME.polyprop counts)
  --check-reference   build each pipeline as the reference (clang-14 -O3), run --small,
                      compare with test-suite/reference/checksums.txt, exit 1 on mismatch
  --bless-reference   rewrite test-suite/reference/checksums.txt from the reference build
";

/// Parsed options.
#[derive(Clone, Debug)]
pub struct Options {
    pub size: Size,
    pub rounds: u32,
    pub reps: u32,
    pub only: Vec<String>,
    pub skip: Vec<String>,
    pub plugin: Option<PathBuf>,
    pub threads: Option<u32>,
    pub timeout_seconds: u32,
    pub variants: Vec<String>,
    pub extra_flags: Vec<String>,
    pub out_dir: Option<PathBuf>,
    pub clang: PathBuf,
    pub opt: PathBuf,
    pub counts: bool,
    pub counts_before: String,
    pub counts_after: String,
    pub check_reference: bool,
    pub bless_reference: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            size: Size::Quick,
            rounds: 5,
            reps: 1,
            only: Vec::new(),
            skip: Vec::new(),
            plugin: None,
            threads: None,
            timeout_seconds: 600,
            variants: Vec::new(),
            extra_flags: Vec::new(),
            out_dir: None,
            clang: "clang-14".into(),
            opt: "/usr/lib/llvm-14/bin/opt".into(),
            counts: true,
            counts_before: "polyprop-canonicalize,print<polyprop-scops>".into(),
            counts_after: "function(polyprop-canonicalize),polyprop,function(polyprop-canonicalize,print<polyprop-scops>)".into(),
            check_reference: false,
            bless_reference: false,
        }
    }
}

fn number(flag: &str, value: Option<String>) -> Result<u32, String> {
    let v = value.ok_or_else(|| format!("{flag} needs a value"))?;
    match v.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{flag}: `{v}` is not a positive number")),
    }
}

/// Parses `args` (without the program name). `Err` carries the message;
/// `--help` gives `Err(USAGE)`.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
    let mut o = Options::default();
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--quick" => o.size = Size::Quick,
            "--full" => o.size = Size::Full,
            "--small" => o.size = Size::Small,
            "--size" => {
                o.size = match value("--size")?.as_str() {
                    "small" => Size::Small,
                    "quick" => Size::Quick,
                    "full" => Size::Full,
                    other => return Err(format!("--size: unknown size `{other}`")),
                }
            }
            "--rounds" => o.rounds = number("--rounds", Some(value("--rounds")?))?,
            "--reps" => o.reps = number("--reps", Some(value("--reps")?))?,
            "--only" => o.only.extend(value("--only")?.split(',').filter(|s| !s.is_empty()).map(String::from)),
            "--skip" => o.skip.extend(value("--skip")?.split(',').filter(|s| !s.is_empty()).map(String::from)),
            "--plugin" => o.plugin = Some(value("--plugin")?.into()),
            "--threads" => o.threads = Some(number("--threads", Some(value("--threads")?))?),
            "--timeout" => o.timeout_seconds = number("--timeout", Some(value("--timeout")?))?,
            "--variant" => o.variants.push(value("--variant")?),
            "--extra-flags" => o.extra_flags.extend(value("--extra-flags")?.split_whitespace().map(String::from)),
            "--out-dir" => o.out_dir = Some(value("--out-dir")?.into()),
            "--clang" => o.clang = value("--clang")?.into(),
            "--opt" => o.opt = value("--opt")?.into(),
            "--no-counts" => o.counts = false,
            "--counts-before" => o.counts_before = value("--counts-before")?,
            "--counts-after" => o.counts_after = value("--counts-after")?,
            "--check-reference" => o.check_reference = true,
            "--bless-reference" => o.bless_reference = true,
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown option `{other}`\n\n{USAGE}")),
        }
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn defaults_and_flags() {
        let o = parse(args("")).unwrap();
        assert_eq!((o.size, o.rounds, o.reps), (Size::Quick, 5, 1));
        let o = parse(args("--full --rounds 3 --only harris,camera_pipe --threads 2 --variant fm=-ffast-math --skip polly")).unwrap();
        assert_eq!(o.skip, ["polly"]);
        assert_eq!((o.size, o.rounds, o.threads), (Size::Full, 3, Some(2)));
        assert_eq!(o.only, ["harris", "camera_pipe"]);
        assert_eq!(o.variants, ["fm=-ffast-math"]);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(parse(args("--rounds 0")).is_err());
        assert!(parse(args("--rounds")).is_err());
        assert!(parse(args("--size huge")).is_err());
        assert!(parse(args("--frobnicate")).is_err());
    }
}
