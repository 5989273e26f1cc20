//! `polyprop profile report PROFILE [--binary BIN] [--json FILE] [--svg FILE]`: feedback from a folded
//! profile, per hot loop nest, in the spirit of POLY-PROF (paper 001, section 5 and Table 3):
//! where the nest is and its share of the run's memory accesses, which loops carry
//! dependences and which are parallel, the strides of its hottest accesses along each loop,
//! and the suggestions "interchange loops at F:L1 and F:L2", "loop at F:L is parallel",
//! "no parallel loop: dependence ... (distance d)", and between consecutive loops "fuse loops
//! at F:L1 and F:L2".
//!
//! One module per stage: [`analysis`] (profile to [`analysis::Report`]), then [`printer`]
//! (report to text); `--json` writes the report with serde, `--svg` a flame graph of the
//! dynamic loop tree coloured by the report's suggestions ([`flame_graph`]). With the binary,
//! loops are named by the line of their `for` ([`runtime::loop_lines`]), else by their
//! header's line, and the flame graph's functions by their symbols.
//!
//! Per nest, [`isl_relations`] runs isl's scheduler on the folded dependences (as the static
//! side's `schedule` does) and the report gives its band structure, labelled as derived from
//! the profile. Not yet (issue 16): skewing and tiling suggested from that schedule.

pub mod analysis;
pub mod flame_graph;
pub mod isl_relations;
pub mod printer;

use clap::Args;
use runtime::profile::Profile;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Suggest loop transformations from a profile: interchange for stride-1 accesses, parallel
/// loops, the dependence that leaves none parallel, fusion of consecutive loops; a flame graph
/// of the loops; isl's schedule of the folded dependences (its bands). Not yet: skewing and
/// tiling suggested from it.
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
    let report = analysis::analyze(&profile, &loop_locations, args.top, MIN_SHARE);
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
