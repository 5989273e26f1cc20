//! Printers of the detection and modeling stages (`print<polyprop-detect>`,
//! `print<polyprop-scops>`); the JSCoP exporter is `polyhedral::jscop`.

use crate::detect::Candidate;
use polyhedral::lang::print_expr;
use polyhedral::model::{Liveness, Scop};
use std::fmt::Write;

/// `print<polyprop-detect>`: accepted regions and rejected candidates with their reasons.
pub fn detection(function: &str, candidates: &[Candidate]) -> String {
    let mut out = format!("polyprop-detect: function {function}\n");
    for c in candidates {
        match c {
            Candidate::Accepted { description, built } => {
                let _ = writeln!(
                    out,
                    "  SCoP {description}: {} statements, {} arrays",
                    built.scop.statements.len(),
                    built.scop.arrays.len()
                );
            }
            Candidate::Rejected { description, reason } => {
                let _ = writeln!(out, "  rejected {description}: {reason}");
            }
        }
    }
    out
}

/// `print<polyprop-scops>`: the model of every SCoP, in isl notation or (`lang`) in the
/// textual SCoP language.
pub fn scops(function: &str, candidates: &[Candidate], lang: bool) -> String {
    let mut out = String::new();
    for c in candidates {
        if let Candidate::Accepted { description, built } = c {
            let _ = writeln!(out, "polyprop-scops: function {function}, {description}");
            let definitions = crate::affinator::definitions(&built.parameters, &built.scop.param_names());
            if lang {
                out.push_str(&polyhedral::lang::print_scop(&built.scop));
                for definition in &definitions {
                    let _ = writeln!(out, "// parameter {definition}");
                }
            } else {
                out.push_str(&scop_text(&built.scop, &definitions));
            }
        }
    }
    out
}

/// The model of one SCoP, indented, in isl notation, with what its product parameters
/// stand for (`P0 = n * m (i64)`, see `affinator::definitions`).
pub fn scop_text(scop: &Scop, definitions: &[String]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "  scop: {}", scop.name);
    let _ = writeln!(out, "  parameters: [{}]", scop.param_names().join(", "));
    for definition in definitions {
        let _ = writeln!(out, "  parameter {definition}");
    }
    let _ = writeln!(out, "  context: {}", scop.context);
    if scop.assumptions.is_empty() {
        let _ = writeln!(out, "  assumed context: {}{{ : }}", scop.param_prefix());
    }
    for a in &scop.assumptions {
        let _ = writeln!(out, "  assumed context: {}    ; {}", a.set, a.reason);
    }
    let _ = writeln!(out, "  arrays:");
    for a in &scop.arrays {
        let sizes: Vec<String> = a
            .sizes
            .iter()
            .map(|s| match s {
                Some(e) => format!("[{}]", e.display(&[], &scop.param_names())),
                None => "[*]".to_string(),
            })
            .collect();
        let liveness = match a.liveness {
            Liveness::LiveOut => "live-out",
            Liveness::Temporary => "temporary",
        };
        let kind = if a.is_scalar() { "scalar" } else { "array" };
        let rows = match (a.row_pointers, a.row_stride) {
            (false, _) => String::new(),
            (true, 1) => " (rows of a row-pointer table, checked at run time to ascend apart)".to_string(),
            (true, stride) => format!(" (rows of a row-pointer table, one pointer in {stride}, checked at run time to ascend apart)"),
        };
        let index = match a.index_range {
            Some((min, max)) => format!(" (index array: the elements read lie in [{}, {}], computed at run time)", scop.params[min].name, scop.params[max].name),
            None => String::new(),
        };
        let _ = writeln!(out, "    {kind} {}{}: {} {liveness}{rows}{index}", a.name, sizes.join(""), a.element);
    }
    for x in &scop.externals {
        let _ = writeln!(out, "    invariant {}: {}", x.name, x.ty);
    }
    for check in &scop.alias_checks {
        let _ = writeln!(
            out,
            "  run-time alias check: {} and {}",
            scop.arrays[check.first].name, scop.arrays[check.second].name
        );
    }
    let _ = writeln!(out, "  statements:");
    for s in &scop.statements {
        let at = s.location.as_ref().map(|l| format!(" at {l}")).unwrap_or_default();
        let _ = writeln!(out, "    {}{at}", s.name);
        let _ = writeln!(out, "      domain: {}", s.domain);
        let _ = writeln!(out, "      schedule: {}", s.schedule);
        let may = |a: &polyhedral::model::Access| if a.is_may() { "may-" } else { "" };
        let may_write = if s.may_write() { "may-" } else { "" };
        let _ = writeln!(out, "      {may_write}write: {}", scop.access_relation(s, &s.write));
        for r in s.reads() {
            let _ = writeln!(out, "      {}read: {}", may(r), scop.access_relation(s, r));
        }
        let _ = writeln!(
            out,
            "      value: {}{} = {}",
            s.guard.as_ref().map(|g| format!("when {} ", print_expr(scop, s, g))).unwrap_or_default(),
            print_expr(scop, s, &polyhedral::model::Expr::Read(s.write.clone())),
            print_expr(scop, s, &s.value)
        );
    }
    out
}
