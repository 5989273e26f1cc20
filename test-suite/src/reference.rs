//! The small-size reference checksums (`test-suite/reference/checksums.txt`):
//! FNV-1a 64 of each pipeline's output at `--small`, seed 1, as the naive
//! `clang-14 -O3` build (no `-march`, so no FMA contraction) computes them.

use crate::pipelines::{Pipeline, Size};
use crate::runner::{self, RunRequest};
use crate::toolchain::Toolchain;
use crate::variants::{Kind, Variant};
use std::collections::BTreeMap;
use std::path::Path;

/// The build whose checksums are the reference.
pub fn reference_variant() -> Variant {
    Variant { name: "reference".into(), kind: Kind::Naive, compile_flags: vec!["-O3".into()], link_flags: vec![], uses_plugin: false, pass_options: None }
}

/// Reads `name checksum` lines (`#` starts a comment).
pub fn read(path: &Path) -> Result<BTreeMap<String, String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_once(' ').map(|(a, b)| (a.trim().to_string(), b.trim().to_string())))
        .collect())
}

/// Builds `p` as the reference variant and returns its small-size checksum.
pub fn checksum(tools: &Toolchain, p: &Pipeline) -> Result<String, String> {
    let driver = tools.build_driver(p, &reference_variant())?;
    let binary = tools.build_binary(p, &reference_variant(), &driver)?;
    let request = RunRequest { size: Size::Small, calls: 1, output: None, threads: None, keep_freed_memory: false, timeout: std::time::Duration::from_secs(120) };
    Ok(runner::run(&binary, &request)?.checksum)
}

/// The file's text for `checksums` (used by `--bless-reference`).
pub fn render(checksums: &[(String, String)]) -> String {
    let mut text = String::from(
        "# Reference checksums (FNV-1a 64 of the output bytes) at --small size, seed 1.\n\
         # Computed by the naive build: clang-14 -O3 (no -march: FMA contraction changes bits), driver at -O2.\n\
         # Regenerate: cargo run -p polyprop-test-suite --bin polyprop-bench -- --bless-reference\n",
    );
    for (name, sum) in checksums {
        text.push_str(&format!("{name} {sum}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_names_all_seven() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("reference/checksums.txt");
        let sums = read(&path).unwrap();
        for p in crate::pipelines::ALL {
            let sum = &sums[p.name];
            assert_eq!(sum.len(), 16, "{}", p.name);
        }
    }

    #[test]
    fn render_reads_back() {
        let dir = std::env::temp_dir().join(format!("polyprop-ref-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.txt");
        std::fs::write(&path, render(&[("a".into(), "0123".into())])).unwrap();
        assert_eq!(read(&path).unwrap()["a"], "0123");
    }
}
