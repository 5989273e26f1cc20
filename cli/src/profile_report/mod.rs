//! `polyprop profile report PROFILE [--binary BIN] [--json FILE] [--svg FILE]`: feedback from a folded
//! profile, per hot loop nest, in the spirit of POLY-PROF (paper 001, section 5 and Table 3):
//! where the nest is and its share of the run's memory accesses, which loops carry
//! dependences and which are parallel, the strides of its hottest accesses along each loop,
//! and the suggestions "interchange loops at F:L1 and F:L2", "loop at F:L is parallel",
//! "no parallel loop: dependence ... (distance d)", between consecutive loops "fuse loops
//! at F:L1 and F:L2", and for a loop in time "skew loop at F:L2 by 1 x t ... and tile".
//!
//! One module per stage: [`analysis`] (profile to [`analysis::Report`]), then [`printer`]
//! (report to text); `--json` writes the report with serde, `--svg` a flame graph of the
//! dynamic loop tree coloured by the report's suggestions ([`flame_graph`]). With the binary,
//! loops are named by the line of their `for` ([`runtime::loop_lines`]), else by their
//! header's line, and the flame graph's functions by their symbols.
//!
//! Per nest, [`isl_relations`] runs isl's scheduler on the folded dependences (as the static
//! side's `schedule` does) and the report gives its band structure, labelled as derived from
//! the profile; a band isl made permutable by skewing backs the skew-and-tile suggestion.
//! With `--static`, the static model's schedule is shown next to it and compared
//! ([`static_model`]).

pub mod analysis;
pub mod flame_graph;
pub mod isl_relations;
pub mod printer;
pub mod static_model;

use clap::Args;
use runtime::profile::Profile;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Suggest loop transformations from a profile: interchange for stride-1 accesses, parallel
/// loops, the dependence that leaves none parallel, fusion of consecutive loops, skewing and
/// tiling a loop in time; a flame graph of the loops; isl's schedule of the folded dependences
/// (its bands).
#[derive(Args)]
pub struct ReportArgs {
    /// The profile (polyprop profile -o FILE -- ./app)
    #[arg(value_name = "PROFILE")]
    file: PathBuf,
    /// The profiled program: checked against the profile; names loops by their `for` line
    #[arg(long, value_name = "APP")]
    binary: Option<PathBuf>,
    /// Also write the report as JSON to this file
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Also write a flame graph of the loop tree (width: memory-access instances, colour: the
    /// suggestion) as SVG to this file
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The static model of the profiled program (the output of the plugin's
    /// print<polyprop-scops<lang>> on its source): isl's schedule of the SCoP of each reported
    /// nest's function is shown and compared with the profile's; needs --binary
    #[arg(long = "static", value_name = "SCOPS", requires = "binary")]
    static_model: Option<PathBuf>,
    /// How many of the hottest loop nests to report
    #[arg(long, value_name = "N", default_value_t = 5)]
    top: usize,
}

/// Nests below this share of the run's memory accesses are left out.
const MIN_SHARE: f64 = 0.01;

pub fn main(args: ReportArgs) -> Result<(), String> {
    let profile = Profile::read(&args.file).map_err(|e| e.to_string())?;
    let loop_locations = match &args.binary {
        Some(binary) => {
            profile.check_binary(binary).map_err(|e| e.to_string())?;
            runtime::loop_lines::latch_locations(&profile, binary)?
        }
        None => HashMap::new(),
    };
    let mut report = analysis::analyze(&profile, &loop_locations, args.top, MIN_SHARE);
    if let (Some(path), Some(binary)) = (&args.static_model, &args.binary) {
        let scops = static_model::read(path)?;
        compare_with_static(&mut report, &profile, &scops, &flame_graph::function_names(&profile, binary)?);
    }
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&report).map_err(|e| format!("cannot write the report as JSON: {e}"))?;
        std::fs::write(path, json + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(path) = &args.svg {
        write_svg(path, &profile, &report, &loop_locations, args.binary.as_deref())?;
    }
    // A closed pipe (`| head`) ends the output, not the program with a panic as print! would.
    use std::io::Write;
    let _ = std::io::stdout().write_all(printer::render(&report).as_bytes());
    Ok(())
}

/// Each nest's static schedule: that of the one SCoP of its function (by the symbol of its
/// outermost loop's function), compared with the profile's; a function with none or several
/// SCoPs is left without.
fn compare_with_static(
    report: &mut analysis::Report,
    profile: &Profile,
    scops: &[static_model::StaticScop],
    functions: &HashMap<u64, String>,
) {
    for nest in &mut report.nests {
        let Some(root) = nest.loops.iter().find(|l| l.depth == 0) else { continue };
        let function = profile.loops.iter().find(|l| l.id == root.id).and_then(|l| functions.get(&l.function));
        let Some(function) = function else { continue };
        let candidates: Vec<&static_model::StaticScop> = scops.iter().filter(|s| s.function == *function).collect();
        if let ([one], Some(schedule)) = (&candidates[..], &nest.isl_schedule) {
            nest.static_schedule = Some(static_model::compare(one, &schedule.outcome));
        }
    }
}

/// The flame graph, with the loops named as in the report and the functions by the binary's
/// symbols where it is given.
fn write_svg(
    path: &Path,
    profile: &Profile,
    report: &analysis::Report,
    loop_locations: &HashMap<u32, String>,
    binary: Option<&Path>,
) -> Result<(), String> {
    let functions = match binary {
        Some(binary) => flame_graph::function_names(profile, binary)?,
        None => HashMap::new(),
    };
    let names = analysis::Names::new(profile, loop_locations);
    let svg = flame_graph::svg(profile, report, &names, &functions)?;
    std::fs::write(path, svg).map_err(|e| format!("{}: {e}", path.display()))
}
