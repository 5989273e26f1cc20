//! `polyprop profile report --static FILE`: isl's schedule of the static model of the profiled
//! code next to the one of its folded profile (issue 16: "on PolyBench-style kernels the
//! scheduler's result from the profile equals the one from the static model").
//!
//! FILE is what the plugin's `print<polyprop-scops<lang>>` prints: for each SCoP a line
//! `polyprop-scops: function NAME, REGION`, then the model in the textual SCoP language from
//! its `scop` line (a file with `scop` blocks and no such lines names each by the SCoP).
//! Each model is scheduled by [`scheduling::model_band_structure`]: the constraints, options,
//! quota and watchdog of the static side's `schedule`, on the model as printed (before
//! propagation and before DeLICM's scalar mapping, so the source program's statements), and
//! its bands (before tiling) are compared with those of the reported nest in the same function,
//! where that function has exactly one SCoP.
//!
//! *Agree* means: as many bands, and band by band in preorder the same depth, number of
//! members, permutability and parallel (coincident) members. Skewed members are shown, not
//! compared: isl may pick another skew for the same band shape. Where they differ
//! legitimately: the static model has write-after-read and write-after-write dependences and
//! values kept in registers the profile does not see (a reduction into a scalar), a statement
//! per store where the profile has one per source line, and parametric bounds where the
//! profile has the run's.

use super::isl_relations::ScheduleOutcome;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop_file;
use polyhedral::model::Scop;
use polyhedral::scheduling;
use serde::Serialize;
use std::path::Path;

/// One SCoP of the file.
pub struct StaticScop {
    /// The function it was found in.
    pub function: String,
    /// The name on its `scop` line.
    pub name: String,
    /// The model, or why the textual language's parser refused it (the printer writes some
    /// names the parser does not read back, `main._preheader42`: only the SCoPs compared
    /// need to parse).
    pub scop: Result<Scop, String>,
}

/// The static schedule of a nest's function and how it compares with the profile's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StaticComparison {
    /// The SCoP's name.
    pub scop: String,
    pub outcome: ScheduleOutcome,
    /// What differs from the profile's band structure; empty where they agree.
    pub differences: Vec<String>,
}

/// The SCoPs of `path`.
pub fn read(path: &Path) -> Result<Vec<StaticScop>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text, &path.display().to_string())
}

/// The SCoPs of the printer's output `text`.
fn parse(text: &str, file: &str) -> Result<Vec<StaticScop>, String> {
    // (function, lines of the block)
    let mut blocks: Vec<(Option<String>, Vec<&str>)> = Vec::new();
    let mut function: Option<String> = None;
    let mut open = false;
    for line in text.lines() {
        if let Some(header) = line.strip_prefix("polyprop-scops: function ") {
            function = header.split(',').next().map(str::to_string);
            open = false;
        } else if line.starts_with("scop ") {
            blocks.push((function.clone(), vec![line]));
            open = true;
        } else if open {
            if let Some(block) = blocks.last_mut() {
                block.1.push(line);
            }
        }
    }
    if blocks.is_empty() {
        return Err(format!("{file}: no SCoP (expected the output of print<polyprop-scops<lang>>)"));
    }
    blocks
        .into_iter()
        .map(|(function, lines)| {
            let name = lines[0].trim_start_matches("scop ").trim_end_matches(';').trim().to_string();
            let scop = parse_scop_file(&lines.join("\n"), file).map_err(|e| format!("{file}:{e}"));
            Ok(StaticScop { function: function.unwrap_or_else(|| name.clone()), name, scop })
        })
        .collect()
}

/// isl's schedule of the static model, before tiling.
pub fn schedule(scop: &Scop) -> ScheduleOutcome {
    ScheduleOutcome::of(scheduling::model_band_structure(&IslContext::with_default_quota(), scop))
}

/// The comparison of the static schedule of `scop` with the profile's `profile` outcome.
pub fn compare(scop: &StaticScop, profile: &ScheduleOutcome) -> StaticComparison {
    let outcome = match &scop.scop {
        Ok(model) => schedule(model),
        Err(error) => ScheduleOutcome::Failed { reason: format!("the model does not parse: {error}") },
    };
    let differences = differences(&outcome, profile);
    StaticComparison { scop: scop.name.clone(), outcome, differences }
}

/// What differs between the static bands and the profile's (module documentation).
pub fn differences(static_outcome: &ScheduleOutcome, profile: &ScheduleOutcome) -> Vec<String> {
    let (ScheduleOutcome::Bands { bands: ours }, ScheduleOutcome::Bands { bands: theirs }) = (static_outcome, profile) else {
        return vec!["no schedule on one side".into()];
    };
    if ours.len() != theirs.len() {
        return vec![format!("{} band(s) in the static schedule, {} in the profile's", ours.len(), theirs.len())];
    }
    let mut found = Vec::new();
    for (k, (s, p)) in ours.iter().zip(theirs).enumerate() {
        let band = k + 1;
        if s.depth != p.depth {
            found.push(format!("band {band}: at depth {} statically, {} in the profile's", s.depth, p.depth));
        }
        if s.members != p.members {
            found.push(format!("band {band}: {} member(s) statically, {} in the profile's", s.members, p.members));
        }
        if s.permutable != p.permutable {
            let word = |permutable: bool| if permutable { "permutable" } else { "not permutable" };
            found.push(format!("band {band}: {} statically, {} in the profile's", word(s.permutable), word(p.permutable)));
        }
        if s.parallel_members != p.parallel_members {
            found.push(format!(
                "band {band}: parallel members {:?} statically, {:?} in the profile's",
                s.parallel_members, p.parallel_members
            ));
        }
    }
    found
}

#[cfg(test)]
mod tests;
