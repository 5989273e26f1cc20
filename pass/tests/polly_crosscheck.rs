//! Cross-check of the model against Polly on the same IR (issue 2): for gemm, jacobi-2d and
//! the three-stage pipeline, every polyprop statement's domain and write access relation
//! equal those of a Polly statement (`opt -polly-export-jscop -polly-use-llvm-names`), up to
//! statement granularity (Polly has one statement per block, polyprop one per store) and
//! naming (statement and array names differ: Polly names arrays by IR values, polyprop by
//! source variables, so write relations are compared by their subscripts).
//!
//! Polly does not model every stage of the pipeline (it rejects the first stage, whose
//! subscript `i*(C+2)+j` its delinearization cannot handle): there, every statement Polly
//! models must equal one of polyprop's, and polyprop must model more.

use polyhedral::isl::IslContext;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const OPT: &str = "/usr/lib/llvm-14/bin/opt";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn plugin() -> PathBuf {
    let p = root().join("target/release/libpolyprop.so");
    assert!(p.exists(), "build the plugin first: cargo build --release -p polyprop-pass");
    p
}

fn run(cmd: &mut Command) {
    let out = cmd.output().expect("command runs");
    assert!(out.status.success(), "{:?} failed: {}", cmd, String::from_utf8_lossy(&out.stderr));
}

/// The C file compiled to IR and canonicalized by polyprop, with LLVM value names kept so
/// that Polly names arrays and parameters as the source does.
fn canonical_ir(source: &Path, dir: &Path) -> PathBuf {
    let raw = dir.join("raw.ll");
    let ll = dir.join("canonical.ll");
    run(Command::new("clang-14").args(["-O2", "-g", "-fno-discard-value-names", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm"]).arg(source).arg("-o").arg(&raw));
    run(Command::new(OPT).arg("-load-pass-plugin").arg(plugin()).args(["-passes=polyprop-canonicalize", "-S"]).arg(&raw).arg("-o").arg(&ll));
    ll
}

/// (domain, write relations) of every statement in every JSCoP file of `dir`.
fn statements(dir: &Path) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("jscop") {
            continue;
        }
        let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for s in json["statements"].as_array().unwrap() {
            let writes = s["accesses"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| a["kind"] == "write")
                .map(|a| normalize(a["relation"].as_str().unwrap()))
                // Scalar (phi) writes are a statement-granularity artifact of Polly.
                .filter(|r: &String| !r.contains("[] }"))
                .collect();
            out.push((normalize(s["domain"].as_str().unwrap()), writes));
        }
    }
    out
}

/// Renames the statement tuple to `S` and, in a relation, the array tuple to `A`.
fn normalize(text: &str) -> String {
    let open = text.find('{').unwrap() + 1;
    let bracket = open + text[open..].find('[').unwrap();
    let mut out = format!("{} S{}", &text[..open], &text[bracket..]);
    if let Some(arrow) = out[open..].find("] -> ").map(|a| a + open) {
        let name_start = arrow + "] -> ".len();
        if let Some(len) = out[name_start..].find('[') {
            out.replace_range(name_start..name_start + len, "A");
        }
    }
    out
}

fn export_both(source: &Path) -> (Vec<(String, Vec<String>)>, Vec<(String, Vec<String>)>) {
    let dir = tempfile::tempdir().unwrap();
    let ll = canonical_ir(source, dir.path());
    let ours = dir.path().join("ours");
    let polly = dir.path().join("polly");
    std::fs::create_dir_all(&ours).unwrap();
    std::fs::create_dir_all(&polly).unwrap();
    run(Command::new(OPT)
        .arg("-load-pass-plugin")
        .arg(plugin())
        .arg(format!("-passes=polyprop-export-jscop<jscop-dir={}>", ours.display()))
        .arg("-disable-output")
        .arg(&ll));
    run(Command::new(OPT)
        .current_dir(&polly)
        .args(["-enable-new-pm=0", "-polly-prepare", "-polly-export-jscop", "-polly-use-llvm-names", "-polly-process-unprofitable", "-disable-output"])
        .arg(&ll));
    (statements(&ours), statements(&polly))
}

fn equal_maps(isl: &IslContext, a: &str, b: &str) -> bool {
    let (a, b) = (isl.union_map(a).unwrap(), isl.union_map(b).unwrap());
    a.is_equal(&b).unwrap()
}

fn equal_sets(isl: &IslContext, a: &str, b: &str) -> bool {
    let (a, b) = (isl.union_set(a).unwrap(), isl.union_set(b).unwrap());
    a.is_equal(&b).unwrap()
}

/// Checks that Polly's statements are polyprop's; with `complete`, also the converse.
/// Returns how many polyprop statements Polly lacks.
fn cross_check(source: &str, complete: bool) -> usize {
    let (ours, polly) = export_both(&root().join(source));
    assert!(!ours.is_empty(), "polyprop found no statement in {source}");
    assert!(!polly.is_empty(), "Polly found no statement in {source}");
    let isl = IslContext::with_default_quota();
    let mut unmatched = 0;
    for (domain, writes) in &ours {
        let write = &writes[0];
        let matched = polly.iter().any(|(d, ws)| {
            equal_sets(&isl, domain, d) && ws.iter().any(|w| equal_maps(&isl, write, w))
        });
        assert!(matched || !complete, "{source}: no Polly statement with domain {domain} and write {write}\nPolly: {polly:#?}");
        unmatched += usize::from(!matched);
    }
    for (domain, writes) in polly.iter().filter(|(_, w)| !w.is_empty()) {
        let covered = writes.iter().all(|w| {
            ours.iter().any(|(d, ow)| equal_sets(&isl, d, domain) && equal_maps(&isl, &ow[0], w))
        });
        assert!(covered, "{source}: Polly statement {domain} writes {writes:?}, polyprop has none of it");
    }
    unmatched
}

#[test]
fn gemm_agrees_with_polly() {
    cross_check("pass/tests/inputs/gemm.c", true);
}

#[test]
fn jacobi_2d_agrees_with_polly() {
    cross_check("pass/tests/inputs/jacobi_2d.c", true);
}

#[test]
fn three_stage_pipeline_agrees_with_polly() {
    let only_polyprop = cross_check("lit/scops/blur3.c", false);
    assert_eq!(only_polyprop, 1, "polyprop models exactly the stage Polly rejects");
}
