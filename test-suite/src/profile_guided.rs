//! `polyprop-bench --set rodinia` (alias `--profile-guided`): the Rodinia-like kernel set
//! ([`crate::kernels`]) built plain, with Polly, with polyprop, and with polyprop given a
//! folded profile of the program (issue 15; paper 001 §5: the runtime folds a run into
//! polyhedral loops and accesses that the static model cannot see).
//!
//! Per program: the profile step builds `-O3 -march=x86-64-v3 -g` (QEMU 7.2 emulates up to
//! AVX2, so not `-march=native` on an AVX-512 machine), runs `polyprop profile -o K.profile --
//! ./K SMALL`, then the `polyprop-profile` variant compiles `-O3 -march=native -g
//! -fpass-plugin` with `POLYPROP_OPTIONS=profile=K.profile`. Every variant then runs at the
//! large size, interleaved round by round; each process makes one untimed warm-up call of
//! every kernel and `reps` timed calls. Outputs are compared with naive's by their checksum
//! lines (bit-exact).
//!
//! What the plugin did is not guessed from times: each plugin build's optimized IR is compared
//! with the build it must differ from (naive; for the profile, the same flags without it), and
//! the pass's own words are kept (`print=transform` without the profile, `print=transform,
//! profile` with it: its verdict per timed function and how many of the function's loops the
//! profile matched).

use crate::kernels::{self, Kernel};
use crate::program_set::{self, Launch, Named};
use crate::stats::Spread;
use crate::toolchain::{run_checked, strip_file_names};
use crate::{progress, progress_done};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The build flags of the profiled run: what QEMU can run, with the debug lines the pass
/// matches profiled loops by.
pub const PROFILE_BUILD_FLAGS: [&str; 3] = ["-O3", "-march=x86-64-v3", "-g"];

/// One column of the results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Naive,
    Polly,
    Polyprop,
    /// polyprop with the program's profile.
    PolypropProfile,
}

impl Variant {
    pub const ALL: [Variant; 4] = [Variant::Naive, Variant::Polly, Variant::Polyprop, Variant::PolypropProfile];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Naive => "naive",
            Variant::Polly => "polly",
            Variant::Polyprop => "polyprop",
            Variant::PolypropProfile => "polyprop-profile",
        }
    }

    pub fn uses_plugin(self) -> bool {
        matches!(self, Variant::Polyprop | Variant::PolypropProfile)
    }

    /// The compile flags (the profile itself goes in through the environment).
    pub fn flags(self, plugin: &Path, extra: &[String]) -> Vec<String> {
        let plugin_flag = format!("-fpass-plugin={}", plugin.display());
        let own: Vec<String> = match self {
            Variant::Naive => vec![],
            Variant::Polly => vec!["-mllvm".into(), "-polly".into()],
            Variant::Polyprop => vec![plugin_flag],
            Variant::PolypropProfile => vec!["-g".into(), plugin_flag],
        };
        [vec!["-O3".to_string(), "-march=native".to_string()], own, extra.to_vec()].concat()
    }
}

impl Named for Variant {
    fn name(&self) -> &str {
        Variant::name(*self)
    }
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct Setup {
    pub clang: PathBuf,
    /// The `polyprop` CLI (for `polyprop profile`).
    pub polyprop: PathBuf,
    pub plugin: PathBuf,
    /// `test-suite/` of the repository.
    pub suite_dir: PathBuf,
    pub build_dir: PathBuf,
    pub kernels: Vec<Kernel>,
    pub variants: Vec<Variant>,
    pub extra_flags: Vec<String>,
    pub rounds: u32,
    /// Timed calls per process, after one warm-up call.
    pub reps: u32,
    pub timeout: Duration,
}

/// The profiled run of one program.
#[derive(Clone, Debug)]
pub struct ProfileStep {
    /// The command as a user would type it.
    pub command: String,
    /// The profile, or why there is none.
    pub result: Result<PathBuf, String>,
    pub seconds: f64,
}

/// How the profile's loops reached one function (`print=profile`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct LoopMatch {
    /// IR loops of the function.
    pub ir_loops: usize,
    /// IR loops a profiled loop matched.
    pub matched: usize,
    /// Profiled loops on the function's lines that match no IR loop.
    pub unmatched_profiled: usize,
}

/// What the pass said about one timed function.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FunctionReport {
    pub function: String,
    /// `print=detect`: why the function body is no SCoP statically, or the SCoP.
    pub static_model: String,
    /// Polly's remarks on the function (`-Rpass-missed=polly-detect`, `-Rpass-analysis=
    /// polly-scops`): the SCoPs it modeled and why its other candidate regions were rejected
    /// (paper 001 Table 5's "Reasons why Polly failed").
    pub polly: String,
    /// `print=transform` without the profile (after "polyprop: function F, ").
    pub static_verdict: String,
    /// `print=transform` with the profile.
    pub profile_verdict: String,
    pub loops: Option<LoopMatch>,
}

/// One program in one variant. `ir_changed` says whether the build changed the code: for
/// polyprop, whether the optimized IR differs from naive's; for polyprop-profile, from the
/// same flags' without the profile; for Polly, whether it generated code for a SCoP
/// ([`program_set::polly_generated_code`]).
pub type Cell = program_set::Cell<Variant>;

/// One program in every variant.
#[derive(Clone, Debug)]
pub struct ProgramResult {
    pub kernel: Kernel,
    pub profile: ProfileStep,
    pub functions: Vec<FunctionReport>,
    /// In the order of `Setup::variants`; the first is naive.
    pub cells: Vec<Cell>,
}

impl ProgramResult {
    /// Speedup of cell `k` over naive on `function`: per round, the median of naive's timed
    /// calls over the median of the variant's.
    pub fn speedup(&self, k: usize, function: &str) -> Option<Spread> {
        program_set::speedup(&self.cells, k, function)
    }

    /// Whether cell `k`'s outputs equal naive's bit for bit (`None`: one of them did not run).
    pub fn identical_to_naive(&self, k: usize) -> Option<bool> {
        program_set::identical_to_naive(&self.cells, k)
    }

    pub fn function(&self, name: &str) -> Option<&FunctionReport> {
        self.functions.iter().find(|f| f.function == name)
    }
}

/// All results of one run of the set.
#[derive(Clone, Debug)]
pub struct Results {
    pub setup: Setup,
    pub programs: Vec<ProgramResult>,
    /// `/proc/loadavg` before and after the measurement: on a shared machine the spread of
    /// the times is the other processes' as much as the code's.
    pub load: (String, String),
}

impl Setup {
    fn source(&self, k: &Kernel) -> PathBuf {
        self.suite_dir.join("rodinia").join(format!("{}.c", k.name))
    }

    /// `clang flags source -o output` with the pass options `env`; what the compiler printed.
    fn compile(&self, k: &Kernel, flags: &[String], env: Option<&str>, output: &Path) -> Result<String, String> {
        program_set::compile(&self.clang, flags, &self.source(k), env, output)
    }

    /// The optimized IR of `k` with `flags` (and the pass options `env`), file names removed.
    fn optimized_ir(&self, k: &Kernel, flags: &[String], env: Option<&str>, tag: &str) -> Result<String, String> {
        let path = self.build_dir.join(format!("{}.{tag}.ll", k.name));
        let flags = [flags.to_vec(), vec!["-S".into(), "-emit-llvm".into()]].concat();
        self.compile(k, &flags, env, &path)?;
        std::fs::read_to_string(&path).map(|t| strip_file_names(&t)).map_err(|e| e.to_string())
    }

    fn profile_path(&self, k: &Kernel) -> PathBuf {
        self.build_dir.join(format!("{}.profile", k.name))
    }

    /// Builds the profiling binary and profiles it at the small size.
    fn profile(&self, k: &Kernel) -> ProfileStep {
        let binary = self.build_dir.join(format!("{}.x86-64-v3", k.name));
        let profile = self.profile_path(k);
        let command = format!(
            "clang-14 {} {}.c -o {}.x86-64-v3 && polyprop profile -o {}.profile -- ./{}.x86-64-v3 {}",
            PROFILE_BUILD_FLAGS.join(" "),
            k.name,
            k.name,
            k.name,
            k.name,
            k.small
        );
        let start = Instant::now();
        let flags: Vec<String> = PROFILE_BUILD_FLAGS.iter().map(|s| s.to_string()).collect();
        let result = self.compile(k, &flags, None, &binary).and_then(|_| {
            let _ = std::fs::remove_file(&profile);
            run_checked(Command::new(&self.polyprop).arg("profile").arg("-o").arg(&profile).arg("--").arg(&binary).arg(k.small.to_string()))?;
            if profile.is_file() {
                Ok(profile.clone())
            } else {
                Err(format!("no profile written to {}", profile.display()))
            }
        });
        ProfileStep { command, result, seconds: start.elapsed().as_secs_f64() }
    }

    fn variant_env(&self, v: Variant, k: &Kernel, profile: &ProfileStep) -> Result<Option<String>, String> {
        match (v, &profile.result) {
            (Variant::PolypropProfile, Ok(_)) => Ok(Some(format!("profile={}", self.profile_path(k).display()))),
            (Variant::PolypropProfile, Err(e)) => Err(format!("no profile: {}", e.lines().next().unwrap_or(""))),
            _ => Ok(None),
        }
    }

    fn build_cell(&self, k: &Kernel, v: Variant, profile: &ProfileStep, naive_ir: &mut Option<Result<String, String>>) -> Cell {
        let flags = v.flags(&self.plugin, &self.extra_flags);
        let binary = self.build_dir.join(format!("{}.{}", k.name, v.name()));
        let start = Instant::now();
        let env = self.variant_env(v, k, profile);
        let build = if v.uses_plugin() && !self.plugin.exists() {
            Err(format!("plugin not built ({})", self.plugin.display()))
        } else {
            env.clone().and_then(|env| self.compile(k, &flags, env.as_deref(), &binary)).map(|_| binary)
        };
        let build_seconds = start.elapsed().as_secs_f64();
        let ir_changed = match (v, &build, env) {
            // Polly's own canonicalization changes the IR of every build; the code it generated
            // from a SCoP has blocks of its own names.
            (Variant::Polly, Ok(_), _) => {
                let named = [flags.clone(), vec![program_set::KEEP_VALUE_NAMES.into()]].concat();
                self.optimized_ir(k, &named, None, v.name()).ok().map(|ir| program_set::polly_generated_code(&ir))
            }
            (Variant::Polyprop, Ok(_), _) => {
                let naive = naive_ir.get_or_insert_with(|| self.optimized_ir(k, &Variant::Naive.flags(&self.plugin, &self.extra_flags), None, "naive"));
                match (naive, self.optimized_ir(k, &flags, None, v.name())) {
                    (Ok(a), Ok(b)) => Some(*a != b),
                    _ => None,
                }
            }
            (Variant::PolypropProfile, Ok(_), Ok(env)) => {
                match (self.optimized_ir(k, &flags, None, "polyprop-g"), self.optimized_ir(k, &flags, env.as_deref(), v.name())) {
                    (Ok(a), Ok(b)) => Some(a != b),
                    _ => None,
                }
            }
            _ => None,
        };
        Cell::new(v, flags, build, build_seconds, ir_changed)
    }

    /// The pass's words on each timed function: its static model, and its verdict without and
    /// with the profile. Each printer runs in a compile of its own: other printers than
    /// `transform` make the pass model every region, which changes what `print=transform` says.
    fn function_reports(&self, k: &Kernel, profile: &ProfileStep) -> Vec<FunctionReport> {
        let flags = [Variant::PolypropProfile.flags(&self.plugin, &self.extra_flags), vec!["-c".into()]].concat();
        let object = self.build_dir.join(format!("{}.print.o", k.name));
        let print = |options: &str| self.compile(k, &flags, Some(options), &object);
        let with_profile = |options: &str| match &profile.result {
            Ok(path) => print(&format!("profile={};{options}", path.display())),
            Err(e) => Err(format!("no profile: {}", e.lines().next().unwrap_or(""))),
        };
        let detect = print("print=detect");
        let polly_flags: Vec<String> = [Variant::Polly.flags(&self.plugin, &self.extra_flags), vec!["-g".into(), "-c".into()]]
            .concat()
            .into_iter()
            .chain(["-mllvm", "-polly-process-unprofitable", "-Rpass-missed=polly-detect", "-Rpass-analysis=polly-scops"].map(String::from))
            .collect();
        let polly = self.compile(k, &polly_flags, None, &object);
        let source = std::fs::read_to_string(self.source(k)).unwrap_or_default();
        let without = print("print=transform");
        let with = with_profile("print=transform");
        let loops = with_profile("print=profile");
        let or_error = |r: &Result<String, String>, f: &dyn Fn(&str) -> String| r.as_ref().map_or_else(|e| first_line(e), |t| f(t));
        k.timed
            .iter()
            .map(|function| FunctionReport {
                function: function.to_string(),
                static_model: or_error(&detect, &|t| detect_verdict(t, function)),
                polly: or_error(&polly, &|t| polly_remarks(t, &source, function)),
                static_verdict: or_error(&without, &|t| transform_verdict(t, function)),
                profile_verdict: or_error(&with, &|t| transform_verdict(t, function)),
                loops: loops.as_ref().ok().map(|t| loop_match(t, function)),
            })
            .collect()
    }
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").to_string()
}

/// The lines of `function`'s definition in `source` (1-based, inclusive): from its
/// `KERNEL void F(` line to the first line that is a lone `}`.
pub fn function_lines(source: &str, function: &str) -> Option<(u32, u32)> {
    let start = source.lines().position(|l| l.starts_with(&format!("KERNEL void {function}(")))?;
    let end = source.lines().enumerate().skip(start).find(|(_, l)| *l == "}")?.0;
    Some((start as u32 + 1, end as u32 + 1))
}

/// Polly's remarks on the lines of `function`: where a SCoP begins, and the distinct reasons
/// its candidate regions were rejected, each with its line.
pub fn polly_remarks(output: &str, source: &str, function: &str) -> String {
    let Some((first, last)) = function_lines(source, function) else { return "function not found in the source".into() };
    // Polly emits its remarks in an order that changes from run to run: sorted by line here.
    let mut scops: Vec<u32> = Vec::new();
    let mut rejects: Vec<(u32, String)> = Vec::new();
    for line in output.lines() {
        let Some((place, remark)) = line.split_once(": remark: ") else { continue };
        let Some(number) = place.split(':').nth(1).and_then(|n| n.parse::<u32>().ok()) else { continue };
        if number < first || number > last {
            continue;
        }
        let message = remark.rsplit_once(" [-R").map_or(remark, |(m, _)| m).trim();
        if message == "SCoP begins here." {
            scops.push(number);
        } else if remark.contains("polly-detect")
            && !message.starts_with("The following errors keep this region")
            && !message.starts_with("Invalid Scop candidate ends here")
        {
            rejects.push((number, message.to_string()));
        }
    }
    scops.sort_unstable();
    scops.dedup();
    rejects.sort();
    rejects.dedup();
    let mut parts = Vec::new();
    if !scops.is_empty() {
        parts.push(format!("SCoP at line {}", scops.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(", ")));
    }
    if !rejects.is_empty() {
        parts.push(format!("rejected: {}", rejects.iter().map(|(l, m)| format!("line {l}: {m}")).collect::<Vec<_>>().join("; ")));
    }
    if parts.is_empty() {
        "no remark on the function".into()
    } else {
        parts.join("; ")
    }
}

/// What `print=detect` says of `function`'s body as a whole (the first reject, or the SCoP).
pub fn detect_verdict(output: &str, function: &str) -> String {
    let header = format!("polyprop-detect: function {function}");
    let mut lines = output.lines().skip_while(|l| *l != header).skip(1);
    lines
        .find_map(|l| l.strip_prefix("  rejected function body: ").or_else(|| l.strip_prefix("  SCoP function body: ").map(|_| l.trim())))
        .unwrap_or("no model printed")
        .to_string()
}

/// The `print=transform` verdict on `function` in the compiler's output: the text after
/// `polyprop: function F, `, lines joined with " | " when several regions were reported.
pub fn transform_verdict(output: &str, function: &str) -> String {
    let prefix = format!("polyprop: function {function}, ");
    let lines: Vec<&str> = output.lines().filter_map(|l| l.strip_prefix(&prefix)).collect();
    if lines.is_empty() {
        "no verdict printed".into()
    } else {
        lines.join(" | ")
    }
}

/// The loops of `function` in `print=profile`'s output: IR loops, how many a profiled loop
/// matched, and profiled loops that match none.
pub fn loop_match(output: &str, function: &str) -> LoopMatch {
    let header = format!("polyprop-profile: function {function} ");
    let mut m = LoopMatch::default();
    let mut inside = false;
    for line in output.lines() {
        if line.starts_with("polyprop-profile: ") {
            inside = line.starts_with(&header);
            continue;
        }
        if !inside {
            continue;
        }
        if line.starts_with("  loop at ") {
            m.ir_loops += 1;
            if line.contains("): profiled ") {
                m.matched += 1;
            }
        } else if line.starts_with("  profiled loop at ") && line.contains("matches no loop") {
            m.unmatched_profiled += 1;
        }
    }
    m
}

/// Profiles, builds and measures every program of the set.
pub fn run(setup: Setup) -> Results {
    assert_eq!(setup.variants.first(), Some(&Variant::Naive), "naive is the baseline");
    let load_before = program_set::load_average();
    let mut programs = Vec::new();
    for k in &setup.kernels {
        progress(&format!("[profile] {} at {}", k.name, k.small));
        let profile = if setup.variants.contains(&Variant::PolypropProfile) {
            setup.profile(k)
        } else {
            ProfileStep { command: String::new(), result: Err("polyprop-profile skipped".into()), seconds: 0.0 }
        };
        let mut naive_ir = None;
        let mut cells: Vec<Cell> = setup
            .variants
            .iter()
            .map(|&v| {
                progress(&format!("[build] {} {}", k.name, v.name()));
                setup.build_cell(k, v, &profile, &mut naive_ir)
            })
            .collect();
        progress(&format!("[print] {}", k.name));
        let functions = setup.function_reports(k, &profile);
        let args = [k.large.to_string(), (setup.reps + 1).to_string()];
        let launch = Launch { args: &args, threads: None, timeout: setup.timeout, parse: kernels::parse_report };
        program_set::run_rounds(k.name, &mut cells, setup.rounds, &launch);
        programs.push(ProgramResult { kernel: *k, profile, functions, cells });
    }
    progress_done();
    Results { setup, programs, load: (load_before, program_set::load_average()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRINTED: &str = "polyprop-profile: function layerforward (profile of ./backprop.x86-64-v3)\n\
        \x20 loop at backprop.c:40 (depth 1): profiled L2: 17 iterations in 2 entries, trip count 1..16\n\
        \x20 loop at backprop.c:42 (depth 2): not in the profile\n\
        polyprop-profile: function now_ms (profile of ./backprop.x86-64-v3)\n\
        \x20 profiled loop at common.h:51 matches no loop of the IR: L13: 1 iterations\n\
        polyprop: function layerforward, whole function: not transformed: nothing propagated\n\
        polyprop: function main, function body: not transformed: rejected: x\n";

    #[test]
    fn reads_the_pass_verdict_and_the_matched_loops() {
        assert_eq!(transform_verdict(PRINTED, "layerforward"), "whole function: not transformed: nothing propagated");
        assert_eq!(transform_verdict(PRINTED, "spmv"), "no verdict printed");
        assert_eq!(loop_match(PRINTED, "layerforward"), LoopMatch { ir_loops: 2, matched: 1, unmatched_profiled: 0 });
        let detect = "polyprop-detect: function f\n  rejected function body: unknown base pointer: x\n  rejected loop nest at a.c:1: y\n\
                      polyprop-detect: function g\n  SCoP function body: 1 statements, 2 arrays\n";
        assert_eq!(detect_verdict(detect, "f"), "unknown base pointer: x");
        assert_eq!(detect_verdict(detect, "g"), "SCoP function body: 1 statements, 2 arrays");
        assert_eq!(detect_verdict(detect, "h"), "no model printed");
        assert_eq!(loop_match(PRINTED, "now_ms"), LoopMatch { ir_loops: 0, matched: 0, unmatched_profiled: 1 });
    }

    #[test]
    fn reads_pollys_remarks_on_the_function_lines() {
        let source = "int x;\nKERNEL void f(int n) {\n  for (;;)\n    g();\n}\nint main() {\n}\n";
        assert_eq!(function_lines(source, "f"), Some((2, 5)));
        let remarks = "k.c:2:13: remark: The following errors keep this region from being a Scop. [-Rpass-missed=polly-detect]\n\
            k.c:4:5: remark: The array subscript of \"UNKNOWN\" is not affine [-Rpass-missed=polly-detect]\n\
            k.c:3:5: remark: Failed to derive an affine function from the loop bounds. [-Rpass-missed=polly-detect]\n\
            k.c:4:5: remark: Invalid Scop candidate ends here. [-Rpass-missed=polly-detect]\n\
            k.c:3:5: remark: Failed to derive an affine function from the loop bounds. [-Rpass-missed=polly-detect]\n\
            k.c:2:13: remark: SCoP begins here. [-Rpass-analysis=polly-scops]\n\
            k.c:6:1: remark: SCoP begins here. [-Rpass-analysis=polly-scops]\n";
        assert_eq!(
            polly_remarks(remarks, source, "f"),
            "SCoP at line 2; rejected: line 3: Failed to derive an affine function from the loop bounds.; \
             line 4: The array subscript of \"UNKNOWN\" is not affine"
        );
        assert_eq!(polly_remarks("", source, "f"), "no remark on the function");
        assert_eq!(polly_remarks(remarks, source, "h"), "function not found in the source");
    }

    #[test]
    fn variants_differ_by_their_own_flags() {
        let p = Path::new("/p.so");
        assert_eq!(Variant::Naive.flags(p, &[]), ["-O3", "-march=native"]);
        assert_eq!(Variant::Polly.flags(p, &[])[2..], ["-mllvm", "-polly"]);
        assert_eq!(Variant::PolypropProfile.flags(p, &[])[2..], ["-g", "-fpass-plugin=/p.so"]);
    }
}
