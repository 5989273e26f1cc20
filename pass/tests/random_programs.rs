//! Randomized differential test of the whole plugin (STYLE.md, 13): programs from the seeded
//! generator of the textual SCoP language are written as C, compiled by `clang-14 -O3` with
//! and without the plugin, run, and their outputs compared bit for bit. The test also asks
//! the plugin what it did, so that it fails if too few programs are transformed at all, and
//! whether the new code ran (trace-checks), so that it fails where a transformed program's
//! run-time check fails at the test's size: a model that said "transformed" and never runs.
//! Each program is built once more with all its temporaries but the first kept (`keep=`), so
//! that kept temporaries meet storage sharing and in-place writes (`codegen::storage`).
//!
//! The language is close to C: expressions are C already; loops, conditionals and
//! declarations are rewritten line by line. Arrays of the language become C99
//! variable-length array pointers (`float (*tmp1)[N + 4]`), so subscripts stay as written;
//! temporaries are `malloc`'d and freed; the live-out scalar `acc` becomes a one-element
//! array. Seeds alternate between C styles: `long` counters and size, `int` counters with a
//! `long` size (sign extensions in every subscript), and `int` for both. A failing seed should
//! become a named regression test.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

struct Array {
    name: String,
    ty: &'static str,
    dims: Vec<String>,
    kind: String,
}

fn c_type(t: &str) -> &'static str {
    match t {
        "f32" => "float",
        "f64" => "double",
        "i32" => "int",
        _ => "long",
    }
}

/// `T (*name)[d2]` or `T *name`.
fn pointer(a: &Array, restrict: bool) -> String {
    let r = if restrict { "restrict " } else { "" };
    match a.dims.len() {
        0 | 1 => format!("{} *{r}{}", a.ty, a.name),
        _ => format!("{} (*{r}{}){}", a.ty, a.name, a.dims[1..].iter().map(|d| format!("[{d}]")).collect::<String>()),
    }
}

fn size(a: &Array) -> String {
    a.dims.iter().map(|d| format!("({d})")).collect::<Vec<_>>().join(" * ")
}

/// The integer types of a C translation: loop counters and the size `N`.
struct Style {
    counter: &'static str,
    size: &'static str,
}

fn style(seed: u64) -> Style {
    match seed % 3 {
        0 => Style { counter: "long", size: "long" },
        1 => Style { counter: "int", size: "long" },
        _ => Style { counter: "int", size: "int" },
    }
}

/// The program as a C kernel `kernel(N, [extern], live-out arrays...)` and a `main`.
fn to_c(program: &str, style: &Style) -> String {
    let mut arrays: Vec<Array> = Vec::new();
    let mut scalars = Vec::new();
    let mut externs = Vec::new();
    let mut body = String::new();
    for line in program.lines() {
        let t = line.trim();
        let indent = &line[..line.len() - line.trim_start().len()];
        if let Some(rest) = t.strip_prefix("array ") {
            let (decl, ty) = rest.trim_end_matches(';').split_once(" : ").unwrap();
            let (ty, kind) = ty.split_once(' ').unwrap();
            let (name, dims) = decl.split_once('[').unwrap();
            let dims = format!("[{dims}").trim_matches(|c| c == '[' || c == ']').split("][").map(String::from).collect();
            arrays.push(Array { name: name.into(), ty: c_type(ty), dims, kind: kind.into() });
        } else if let Some(rest) = t.strip_prefix("scalar ") {
            let (name, ty) = rest.trim_end_matches(';').split_once(" : ").unwrap();
            let (ty, kind) = ty.split_once(' ').unwrap();
            if kind == "out" {
                arrays.push(Array { name: name.into(), ty: c_type(ty), dims: vec!["1".into()], kind: "out".into() });
            } else {
                scalars.push(format!("  {} {name} = 0;\n", c_type(ty)));
            }
        } else if let Some(rest) = t.strip_prefix("extern ") {
            let (name, ty) = rest.trim_end_matches(';').split_once(" : ").unwrap();
            externs.push(format!("{} {name}", c_type(ty)));
        } else if t.starts_with("param ") || t.is_empty() || t.starts_with("//") {
        } else if let Some(rest) = t.strip_prefix("for ") {
            let (iv, range) = rest.trim_end_matches(" do").split_once(" = ").unwrap();
            let (lo, hi) = range.split_once(" to ").unwrap();
            let _ = writeln!(body, "{indent}for ({} {iv} = {lo}; {iv} <= {hi}; {iv}++) {{", style.counter);
        } else if t == "done" || t == "fi" {
            let _ = writeln!(body, "{indent}}}");
        } else if t == "else" {
            let _ = writeln!(body, "{indent}}} else {{");
        } else if let Some(cond) = t.strip_prefix("if ") {
            let cond = cond.trim_end_matches(" then").replace(" or ", " || ").replace(" and ", " && ").replace("not ", "!");
            let _ = writeln!(body, "{indent}if ({cond}) {{");
        } else {
            // A data-dependent subscript `[? e]` is `[e]` in C.
            let _ = writeln!(body, "{indent}{}", t.replace("acc", "acc[0]").replace("[? ", "["));
        }
    }
    let live: Vec<&Array> = arrays.iter().filter(|a| a.kind != "temp").collect();
    let mut c = String::from("#include <stdio.h>\n#include <stdlib.h>\n#include <stdint.h>\n#include <string.h>\n#include <math.h>\n");
    let mut params = vec![format!("{} N", style.size)];
    params.extend(externs.iter().cloned());
    params.extend(live.iter().map(|a| pointer(a, true)));
    let _ = writeln!(c, "void kernel({}) {{", params.join(", "));
    for a in arrays.iter().filter(|a| a.kind == "temp") {
        let _ = writeln!(c, "  {} = malloc(sizeof({}) * {});", pointer(a, false), a.ty, size(a));
    }
    c.push_str(&scalars.concat());
    c.push_str(&body);
    for a in arrays.iter().filter(|a| a.kind == "temp") {
        let _ = writeln!(c, "  free({});", a.name);
    }
    c.push_str("}\n\nstatic uint64_t state = 88172645463325252ull;\nstatic double next(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return (double)(state % 2001) / 1000.0 - 1.0; }\n");
    c.push_str("static uint64_t hash = 1469598103934665603ull;\nstatic void mix(const void *p, size_t n) { const unsigned char *b = p; for (size_t k = 0; k < n; k++) hash = (hash ^ b[k]) * 1099511628211ull; }\n");
    c.push_str("int main(void) {\n  long N = 13;\n");
    let mut args = vec!["N".to_string()];
    for e in &externs {
        let name = e.split_whitespace().last().unwrap();
        let _ = writeln!(c, "  {e} = ({}) next();", e.split_whitespace().next().unwrap());
        args.push(name.to_string());
    }
    for a in &live {
        let _ = writeln!(c, "  {} *{n}_data = malloc(sizeof({}) * {});", a.ty, a.ty, size(a), n = a.name);
        let _ = writeln!(c, "  for (long k = 0; k < {}; k++) {n}_data[k] = ({}) (next() * 4.0);", size(a), a.ty, n = a.name);
        args.push(format!("(void *){}_data", a.name));
    }
    let _ = writeln!(c, "  kernel({});", args.join(", "));
    for a in live.iter().filter(|a| a.kind != "in") {
        let _ = writeln!(c, "  mix({n}_data, sizeof({}) * {});", a.ty, size(a), n = a.name);
    }
    c.push_str("  printf(\"%016llx\\n\", (unsigned long long)hash);\n  return 0;\n}\n");
    c
}

/// The program's output, what the plugin said, and whether the new code of `kernel` ran
/// (trace-checks: its run-time check passed).
/// `extra`: further options (`keep=` of temporaries by their debug names: built with `-g`),
/// and the executable's name.
fn build_and_run(source: &Path, dir: &Path, plugin: Option<&Path>, extra: &str, name: &str) -> (String, String, bool) {
    let exe = dir.join(name);
    let mut cmd = Command::new("clang-14");
    cmd.args(["-O3", "-march=native", "-w"]).arg(source).arg("-lm").arg("-o").arg(&exe);
    if let Some(p) = plugin {
        cmd.arg(format!("-fpass-plugin={}", p.display())).env("POLYPROP_OPTIONS", format!("print=transform;trace-checks{extra}"));
    }
    if !extra.is_empty() {
        cmd.arg("-g");
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "clang failed on {}: {}", source.display(), String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success(), "{} crashed", exe.display());
    let ran = String::from_utf8_lossy(&run.stderr).contains("new code of kernel");
    (String::from_utf8(run.stdout).unwrap(), said, ran)
}

/// The program's temporary arrays but the first, by name.
fn kept_temporaries(program: &str) -> Vec<String> {
    let temporaries = program.lines().filter_map(|l| l.trim().strip_prefix("array ")).filter(|l| l.ends_with(" temp;"));
    temporaries.skip(1).filter_map(|l| l.split('[').next()).map(|n| n.trim().to_string()).collect()
}

#[test]
fn generated_programs_give_identical_outputs_with_the_plugin() {
    let plugin = root().join("target/release/libpolyprop.so");
    assert!(plugin.exists(), "build the plugin first: cargo build --release -p polyprop-pass");
    let dir = tempfile::tempdir().unwrap();
    // POLYPROP_RANDOM_SEEDS=N runs more seeds when hunting for bugs.
    let seeds = std::env::var("POLYPROP_RANDOM_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    let mut transformed = 0;
    // Transformed programs whose run-time check failed: a model whose assumptions never hold
    // says "transformed" and only ever runs the original code.
    let mut never_ran = Vec::new();
    let mut per_style = [(0, 0); 3];
    // Builds whose kept temporaries share an allocation (`codegen::storage`, in place too).
    let mut shared = 0;
    // Programs with a loop over parities re-indexed (`polyhedral::lattice`).
    let mut reindexed = 0;
    // Builds with recompute-limit=0 that store a kept temporary as a line buffer.
    let mut line_buffers = 0;
    for seed in 0..seeds {
        let program = polyhedral::generator::generate_program(seed);
        let source = dir.path().join(format!("seed{seed}.c"));
        std::fs::write(&source, to_c(&program, &style(seed))).unwrap();
        let (naive, _, _) = build_and_run(&source, dir.path(), None, "", "without");
        let (optimized, said, ran) = build_and_run(&source, dir.path(), Some(&plugin), "", "with");
        assert_eq!(naive, optimized, "seed {seed}: outputs differ; the plugin said:\n{said}\nprogram:\n{program}");
        // Every temporary but the first kept: kept temporaries that share storage, in place too.
        let keep = kept_temporaries(&program);
        if !keep.is_empty() {
            let (kept, said, _) = build_and_run(&source, dir.path(), Some(&plugin), &format!(";keep={}", keep.join(",")), "kept");
            assert_eq!(naive, kept, "seed {seed}, keep={}: outputs differ; the plugin said:\n{said}\nprogram:\n{program}", keep.join(","));
            shared += usize::from(said.contains("storage shared:"));
        }
        // Every temporary evaluated more than once propagated kept instead: line buffers.
        let (buffered, said_buffered, _) = build_and_run(&source, dir.path(), Some(&plugin), ";cost=heuristic;recompute-limit=0", "buffered");
        assert_eq!(naive, buffered, "seed {seed}, recompute-limit=0: outputs differ; the plugin said:\n{said_buffered}\nprogram:\n{program}");
        line_buffers += usize::from(said_buffered.contains("line buffers:"));
        reindexed += usize::from(said.contains("strided loops re-indexed"));
        let style = &mut per_style[(seed % 3) as usize];
        style.1 += 1;
        if said.contains("function kernel, function body: transformed") {
            transformed += 1;
            style.0 += 1;
            if !ran {
                never_ran.push(seed);
            }
        }
    }
    eprintln!("{seeds} generated programs, {transformed} transformed, all outputs identical");
    eprintln!("builds with all temporaries but the first kept whose kept temporaries share storage: {shared}");
    eprintln!("transformed programs with a strided loop re-indexed: {reindexed}");
    eprintln!("builds with recompute-limit=0 that store a temporary as a line buffer: {line_buffers}");
    eprintln!("transformed programs whose new code did not run: {} (seeds {never_ran:?})", never_ran.len());
    let [long, mixed, int] = per_style;
    eprintln!(
        "transformed by style: long counters {}/{}, int counters with long size {}/{}, int {}/{}",
        long.0, long.1, mixed.0, mixed.1, int.0, int.1
    );
    assert!(transformed * 4 >= seeds, "only {transformed} of {seeds} programs were transformed");
    assert!(never_ran.is_empty(), "transformed, yet the original code ran (run-time check failed) for seeds {never_ran:?}");
    // The generator's row stencils reach the line buffers (40 builds of 300 seeds).
    assert!(seeds < 100 || line_buffers > 0, "no line buffer in {seeds} programs");
}
