//! `polyprop-bench`: builds the seven PolyMage pipelines in every variant,
//! measures them interleaved and reports times, speedups, memory, output
//! validation and static counts (see `polyprop-bench --help`, `options.rs` and
//! `test-suite/README.md`); `--set rodinia` does the same for the Rodinia-like kernels with a
//! profile-guided variant (`profile_guided.rs`), `--set polybench` for 16 PolyBench-style
//! kernels (`polybench.rs`).

use polyprop_test_suite::bench::{self, Config};
use polyprop_test_suite::options::{self, Options};
use polyprop_test_suite::toolchain::Toolchain;
use polyprop_test_suite::{compare, pipelines, program_set, progress, progress_done, reference, report, repository_root, variants};
use std::path::Path;
use std::process::ExitCode;

fn check_reference(tools: &Toolchain, selected: &[pipelines::Pipeline], bless: bool) -> Result<bool, String> {
    let path = tools.suite_dir.join("reference/checksums.txt");
    let expected = if bless { Default::default() } else { reference::read(&path)? };
    let mut computed = Vec::new();
    let mut all_match = true;
    for p in selected {
        progress(&format!("[reference] {}", p.name));
        let sum = reference::checksum(tools, p)?;
        progress_done();
        let verdict = match expected.get(p.name) {
            _ if bless => "written",
            Some(e) if *e == sum => "ok",
            Some(_) => {
                all_match = false;
                "MISMATCH"
            }
            None => {
                all_match = false;
                "MISSING"
            }
        };
        println!("{:<17} {} {}  (expected {})", p.name, sum, verdict, expected.get(p.name).map_or("-", |s| s));
        computed.push((p.name.to_string(), sum));
    }
    if bless {
        std::fs::write(&path, reference::render(&computed)).map_err(|e| e.to_string())?;
    }
    Ok(all_match)
}

/// Copies the plugin into the build directory (keeping its modification
/// time) so that one harness run uses one plugin even while it is rebuilt.
fn snapshot_plugin(plugin: &Path, build_dir: &Path) -> Result<std::path::PathBuf, String> {
    if !plugin.exists() {
        return Ok(plugin.to_path_buf());
    }
    let dir = build_dir.join("plugin");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let copy = dir.join(plugin.file_name().unwrap_or_default());
    let modified = std::fs::metadata(plugin).and_then(|m| m.modified()).map_err(|e| e.to_string())?;
    std::fs::copy(plugin, &copy).map_err(|e| format!("copying the plugin: {e}"))?;
    std::fs::File::options().write(true).open(&copy).and_then(|f| f.set_modified(modified)).map_err(|e| e.to_string())?;
    Ok(copy)
}

fn write_results(out_dir: &Path, results: &bench::Results, table: &str) -> Result<(), String> {
    std::fs::create_dir_all(out_dir).map_err(|e| e.to_string())?;
    let files = [
        ("results.txt", table.to_string()),
        ("results.csv", report::csv(results)),
        ("results.json", report::json(results)),
        ("speedups.svg", report::svg(results)?),
    ];
    for (name, text) in files {
        std::fs::write(out_dir.join(name), text).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

/// The plugin installed with this binary (`PREFIX/bin/polyprop-bench`,
/// `PREFIX/lib/libpolyprop.so`; `./setup.sh --install PREFIX`), if there is one.
fn installed_plugin() -> Option<std::path::PathBuf> {
    let exe = std::env::current_exe().ok()?.canonicalize().ok()?;
    let plugin = exe.parent()?.parent()?.join("lib/libpolyprop.so");
    plugin.is_file().then_some(plugin)
}

/// The `polyprop` CLI: `--polyprop`, else the one beside this binary (installed, or in
/// `target/release`), else the repository's build.
fn polyprop_cli(o: &Options, root: &Path) -> std::path::PathBuf {
    let beside = std::env::current_exe().ok().and_then(|e| Some(e.canonicalize().ok()?.parent()?.join("polyprop")));
    o.polyprop.clone().or(beside.filter(|p| p.is_file())).unwrap_or_else(|| root.join("target/release/polyprop"))
}

/// An option that only some sets take: whether it was given, its flag, and the sets it applies to.
type Scoped = (bool, &'static str, &'static str);

/// Refuses the options of `given` that were given: they do not apply to `set`, and are refused,
/// not ignored.
fn refuse(set: &str, given: &[Scoped]) -> Result<(), String> {
    match given.iter().find(|(given, _, _)| *given) {
        Some((_, flag, scope)) => Err(format!("{flag} applies to {scope}, not to --set {set}")),
        None => Ok(()),
    }
}

/// The options that only the PolyMage pipelines' measurement takes.
fn pipelines_only(o: &Options) -> Vec<Scoped> {
    let only = "the PolyMage pipelines only";
    vec![
        (o.fast_math, "--fast-math", only),
        (!o.variants.is_empty(), "--variant", only),
        (o.check_reference || o.bless_reference, "--check-reference/--bless-reference", only),
        (o.size_given, "--small/--quick/--full/--size", only),
    ]
}

/// The variants `--skip` leaves, of `all` (named by `name`): naive, the baseline, cannot be
/// skipped, and an unknown name is an error.
fn skipped<V: Copy>(o: &Options, all: &[V], name: impl Fn(V) -> String) -> Result<Vec<V>, String> {
    if o.skip.iter().any(|s| s == "naive") {
        return Err("--skip naive: the naive build is the baseline of every ratio".into());
    }
    let names: Vec<String> = all.iter().map(|v| name(*v)).collect();
    if let Some(unknown) = o.skip.iter().find(|s| !names.contains(s)) {
        return Err(format!("--skip {unknown}: no such variant ({})", names.join(", ")));
    }
    Ok(all.iter().copied().filter(|v| !o.skip.contains(&name(*v))).collect())
}

/// Writes a set's `<stem>.{txt,csv,json,svg}` into `out_dir` and says so.
fn write_set_files(out_dir: &Path, stem: &str, files: [(&str, String); 4]) -> Result<(), String> {
    std::fs::create_dir_all(out_dir).map_err(|e| e.to_string())?;
    for (extension, text) in files {
        let name = format!("{stem}.{extension}");
        std::fs::write(out_dir.join(&name), text).map_err(|e| format!("{name}: {e}"))?;
    }
    println!("written: {}/{stem}.{{txt,csv,json,svg}}", out_dir.display());
    Ok(())
}

/// `--set rodinia`: the Rodinia-like kernels, also built with a profile (issue 15).
fn run_rodinia(o: &Options, root: &Path, out_dir: &Path, plugin: &Path) -> Result<bool, String> {
    use polyprop_test_suite::profile_guided::{self, Setup, Variant};
    use polyprop_test_suite::{kernels, profile_report};
    let others = [(o.threads.is_some(), "--threads", "the PolyMage pipelines and --set polybench"), (o.dataset.is_some(), "--dataset", "--set polybench only")];
    refuse("rodinia", &[pipelines_only(o), others.to_vec()].concat())?;
    let out_dir = out_dir.join("rodinia");
    let build_dir = out_dir.join("build");
    let plugin = snapshot_plugin(plugin, &build_dir)?;
    let setup = Setup {
        clang: o.clang.clone(),
        polyprop: polyprop_cli(o, root),
        plugin,
        suite_dir: root.join("test-suite"),
        build_dir,
        kernels: kernels::select(&o.only)?,
        variants: skipped(o, &Variant::ALL, |v| v.name().to_string())?,
        extra_flags: o.extra_flags.clone(),
        rounds: o.rounds,
        reps: o.reps,
        timeout: std::time::Duration::from_secs(o.timeout_seconds.into()),
    };
    let results = profile_guided::run(setup);
    let table = profile_report::table(&results);
    print!("{table}");
    let svg = profile_report::svg(&results)?;
    write_set_files(&out_dir, "rodinia", [("txt", table), ("csv", profile_report::csv(&results)), ("json", profile_report::json(&results)), ("svg", svg)])?;
    // Exit status 1: a naive or Polly build or run failed, or Polly's output differs.
    Ok(!results.programs.iter().any(|p| program_set::baseline_broken(&p.cells, |v| v.uses_plugin())))
}

/// `--set polybench`: 16 PolyBench-style kernels (issue 17), one kernel call per process.
fn run_polybench(o: &Options, root: &Path, out_dir: &Path, plugin: &Path) -> Result<bool, String> {
    use polyprop_test_suite::polybench::{self, Dataset, Setup};
    use polyprop_test_suite::polybench_report;
    refuse("polybench", &pipelines_only(o))?;
    if o.reps != 1 {
        return Err("--reps: a PolyBench-style program calls its kernel once; --rounds sets the processes".into());
    }
    let out_dir = out_dir.join("polybench");
    let build_dir = out_dir.join("build");
    let plugin = snapshot_plugin(plugin, &build_dir)?;
    let all = polybench::variants(&plugin, &o.extra_flags, o.threads.is_some());
    let kept = skipped(o, &(0..all.len()).collect::<Vec<_>>(), |k| all[k].name.clone())?;
    let setup = Setup {
        clang: o.clang.clone(),
        plugin,
        suite_dir: root.join("test-suite"),
        build_dir,
        kernels: polybench::select(&o.only)?,
        variants: kept.into_iter().map(|k| all[k].clone()).collect(),
        dataset: o.dataset.unwrap_or(Dataset::Large),
        rounds: o.rounds,
        threads: o.threads,
        timeout: std::time::Duration::from_secs(o.timeout_seconds.into()),
    };
    let results = polybench::run(setup);
    let table = polybench_report::table(&results);
    print!("{table}");
    let svg = polybench_report::svg(&results)?;
    write_set_files(&out_dir, "polybench", [("txt", table), ("csv", polybench_report::csv(&results)), ("json", polybench_report::json(&results)), ("svg", svg)])?;
    // Exit status 1: a naive or Polly build or run failed, or a Polly build's output differs.
    Ok(!results.kernels.iter().any(|r| program_set::baseline_broken(&r.cells, |v| v.uses_plugin)))
}

fn run(o: Options) -> Result<bool, String> {
    let root = repository_root();
    let out_dir = o.out_dir.clone().unwrap_or_else(|| root.join("target/polyprop-bench"));
    let out_dir = if o.fast_math { out_dir.join("fast-math") } else { out_dir };
    let plugin = o.plugin.clone().or_else(installed_plugin).unwrap_or_else(|| root.join("target/release/libpolyprop.so"));
    let plugin = plugin.canonicalize().unwrap_or(plugin);
    if o.keep_freed_memory && o.set != options::Set::Polymage {
        return Err("--keep-freed-memory applies to the PolyMage pipelines only (--set polymage)".into());
    }
    match o.set {
        options::Set::Rodinia => return run_rodinia(&o, &root, &out_dir, &plugin),
        options::Set::Polybench => return run_polybench(&o, &root, &out_dir, &plugin),
        options::Set::Polymage if o.dataset.is_some() => return Err("--dataset applies to --set polybench only, not to the PolyMage pipelines".into()),
        options::Set::Polymage => {}
    }
    let selected = pipelines::select(&o.only)?;
    let tools = Toolchain::new(o.clang.clone(), o.opt.clone(), root.join("test-suite"), out_dir.join("build"));
    if o.check_reference || o.bless_reference {
        return check_reference(&tools, &selected, o.bless_reference);
    }
    let plugin = snapshot_plugin(&plugin, &tools.build_dir)?;
    let extra_flags = if o.fast_math { [o.extra_flags.clone(), vec!["-ffast-math".into()]].concat() } else { o.extra_flags.clone() };
    let mut all = variants::standard(&plugin, &extra_flags);
    if o.threads.is_some() {
        all.extend(variants::threaded(&plugin, &extra_flags));
    }
    for spec in &o.variants {
        all.push(variants::custom(spec, &extra_flags)?);
    }
    if o.fast_math {
        all.push(variants::strict(&o.extra_flags));
        all.push(variants::double_reference(&o.extra_flags));
    }
    if o.skip.iter().any(|s| s == "naive" || (o.fast_math && s == "double")) {
        return Err("--skip naive/double: the naive build is the baseline of every ratio, and double that of --fast-math's validation".into());
    }
    if let Some(unknown) = o.skip.iter().find(|s| !all.iter().any(|v| &v.name == *s)) {
        return Err(format!("--skip {unknown}: no such variant"));
    }
    all.retain(|v| !o.skip.contains(&v.name));
    let config = Config {
        size: o.size,
        rounds: o.rounds,
        reps: o.reps,
        threads: o.threads,
        keep_freed_memory: o.keep_freed_memory,
        timeout: std::time::Duration::from_secs(o.timeout_seconds.into()),
        pipelines: selected,
        reference: o.fast_math.then(|| bench::Reference { variant: all.len() - 1, tolerance: compare::Tolerance { elementwise: o.tolerance, outlier_fraction: o.outlier_fraction } }),
        variants: all,
        plugin,
        counts_passes: o.counts.then(|| (o.counts_before.clone(), o.counts_after.clone())),
    };
    let results = bench::run(&tools, config);
    let table = report::table(&results);
    print!("{table}");
    write_results(&out_dir, &results, &table)?;
    println!("written: {}/results.{{txt,csv,json}}, {}/speedups.svg", out_dir.display(), out_dir.display());
    // Exit status: 1 if the naive or Polly build of any pipeline failed or
    // Polly's output differs from naive (under --fast-math: from the double build beyond the
    // tolerance).
    let broken = results.pipelines.iter().any(|p| {
        p.cells.iter().filter(|c| !c.variant.uses_plugin).any(|c| {
            c.first_error().is_some() || c.validation.as_ref().is_some_and(|v| !v.is_acceptable())
        })
    });
    Ok(!broken)
}

fn main() -> ExitCode {
    let options = options::parse(std::env::args().skip(1)).unwrap_or_else(|error| error.exit());
    match run(options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            progress_done();
            eprintln!("polyprop-bench: {e}");
            ExitCode::from(2)
        }
    }
}
