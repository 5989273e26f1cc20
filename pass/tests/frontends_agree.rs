//! The two front ends build the same model (issue 3): gemm and a three-stage pipeline,
//! written in C and compiled through the LLVM front end, and written by hand in the textual
//! SCoP language, give equal models (`compare_models`: same parameters, arrays, statements
//! and expressions; domains and schedules equal as isl sets) and equal dependences.

use polyhedral::dependences::compute_dependences;
use polyhedral::isl::{maps_equal, IslContext};
use polyhedral::lang::{compare_models, parse_scop};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// The model the plugin builds for `source`, as text of the language.
fn llvm_model(source: &str) -> String {
    let plugin = root().join("target/release/libpolyprop.so");
    assert!(plugin.exists(), "build the plugin first: cargo build --release -p polyprop-pass");
    let dir = tempfile::tempdir().unwrap();
    let ll = dir.path().join("x.ll");
    let status = Command::new("clang-14")
        .args(["-O2", "-g", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm"])
        .arg(root().join(source))
        .arg("-o")
        .arg(&ll)
        .status()
        .unwrap();
    assert!(status.success());
    let out = Command::new("/usr/lib/llvm-14/bin/opt")
        .arg("-load-pass-plugin")
        .arg(&plugin)
        .args(["-disable-output", "-passes=polyprop-canonicalize,print<polyprop-scops<lang>>"])
        .arg(&ll)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    // Drop the printer's header line.
    text.lines().skip(1).collect::<Vec<_>>().join("\n")
}

fn agree(c_source: &str, scop_source: &str) {
    let from_llvm = parse_scop(&llvm_model(c_source)).expect("the printed model parses");
    let text = std::fs::read_to_string(root().join(scop_source)).unwrap();
    let from_language = parse_scop(&text).expect("the language file parses");
    if let Err(difference) = compare_models(&from_llvm, &from_language) {
        panic!("{c_source} and {scop_source} differ: {difference}");
    }
    let isl = IslContext::with_default_quota();
    let a = compute_dependences(&isl, &from_llvm).unwrap();
    let b = compute_dependences(&isl, &from_language).unwrap();
    assert_eq!(a.dependences.len(), b.dependences.len(), "number of dependences");
    for d in &a.dependences {
        let twin = b.between(d.kind, d.source, d.target).unwrap_or_else(|| panic!("no twin of {d:?}"));
        assert!(maps_equal(&isl, &d.relation, &twin.relation).unwrap(), "{d:?} vs {twin:?}");
    }
}

#[test]
fn gemm_models_agree() {
    agree("pass/tests/inputs/gemm.c", "pass/tests/inputs/gemm.scop");
}

#[test]
fn three_stage_pipeline_models_agree() {
    agree("pass/tests/inputs/pipeline3.c", "pass/tests/inputs/pipeline3.scop");
}
