//! The pipeline of polyprop, stage by stage, as one function pass runs it:
//! detect and model SCoPs, compute dependences, propagate, generate the AST and the code.
//! Each stage has a printer; the pass `mode` says which printer runs.

use crate::bridge::Analyses;
use crate::detect::{self, Candidate};
use crate::ir::{self, Value};
use crate::options::Options;
use crate::printers;
use polyhedral::dependences;
use polyhedral::isl::IslContext;

/// What running a pass produced: text to print, and whether the IR changed.
pub struct Outcome {
    pub output: String,
    pub changed: bool,
}

pub fn run(a: Analyses, function: Value, mode: &str, options: &Options) -> Result<Outcome, String> {
    let name = ir::function_name(function);
    let mut output = String::new();
    if options.disable {
        return Ok(Outcome { output, changed: false });
    }
    let candidates = detect::detect(a, function, options.quota);
    let printing = |stage: &str| mode == format!("polyprop-{stage}") || options.print.iter().any(|p| p == stage);
    if printing("detect") {
        output.push_str(&printers::detection(&name, &candidates));
    }
    if printing("scops") {
        output.push_str(&printers::scops(&name, &candidates));
    }
    if printing("deps") {
        output.push_str(&print_dependences(&name, &candidates, options.quota));
    }
    if mode == "polyprop-export-jscop" {
        export_jscop(&name, &candidates, &options.jscop_dir)?;
    }
    if printing("propagation") {
        for c in &candidates {
            let Candidate::Accepted { description, scop } = c else { continue };
            output.push_str(&format!("polyprop-propagation: function {name}, {description}\n"));
            match propagation::propagate(scop, &propagation_options(options)) {
                Ok((_, report)) => output.push_str(&report.to_string()),
                Err(e) => output.push_str(&format!("  not propagated: {e}\n")),
            }
        }
    }
    if mode == "polyprop-ast" {
        output.push_str(&format!("polyprop-ast: function {name}: not yet (code generation lands with its issue)\n"));
    }
    Ok(Outcome { output, changed: false })
}

/// The heuristics' parameters from the pass options.
fn propagation_options(options: &Options) -> propagation::Options {
    propagation::Options {
        cache_line: options.cache_line as usize,
        cache_limit: options.cache_limit as usize,
        max_operations: options.quota,
        ..propagation::Options::default()
    }
}

fn print_dependences(function: &str, candidates: &[Candidate], quota: u64) -> String {
    let mut out = String::new();
    for c in candidates {
        let Candidate::Accepted { description, scop } = c else { continue };
        out.push_str(&format!("polyprop-deps: function {function}, {description}\n"));
        let isl = IslContext::new(quota);
        match dependences::compute_dependences(&isl, scop) {
            Ok(deps) => out.push_str(&dependences::print_dependences(scop, &deps)),
            Err(e) => out.push_str(&format!("  not computed: {e}\n")),
        }
    }
    out
}

fn export_jscop(function: &str, candidates: &[Candidate], dir: &str) -> Result<(), String> {
    for c in candidates {
        let Candidate::Accepted { scop, .. } = c else { continue };
        let file = std::path::Path::new(dir).join(format!("{}.jscop", scop.name));
        std::fs::write(&file, printers::jscop(scop))
            .map_err(|e| format!("cannot write {}: {e} (function {function})", file.display()))?;
    }
    Ok(())
}
