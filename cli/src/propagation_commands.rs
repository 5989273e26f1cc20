//! `polyprop propagate FILE [--explain] [--cache-line N] [--cache-limit N] [--live-out]` and
//! `polyprop check FILE [-p N=..] [--seed S] [...propagation options]` for files in the
//! textual SCoP language; both call `propagation::propagate`.

use crate::lang_commands::parse_binding;
use clap::Args;
use polyhedral::interp::{interpret_with_extents, outer_extents};
use polyhedral::lang::{parse_scop_file, print_scop};
use polyhedral::model::Scop;
use propagation::{propagate, without_removable_arrays, Options, Report};

#[derive(Args)]
pub struct PropagateArgs {
    #[command(flatten)]
    propagation: PropagationArgs,
}

#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    propagation: PropagationArgs,
    /// A parameter's value (repeatable; default 16 for every parameter)
    #[arg(short = 'p', value_name = "NAME=VALUE", value_parser = parse_binding)]
    params: Vec<(String, i64)>,
    /// Seed of the inputs' pseudo-random values
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
}

/// The file and the options of `propagation::propagate` that both commands take.
#[derive(Args)]
struct PropagationArgs {
    /// A program in the textual SCoP language
    #[arg(value_name = "FILE.scop")]
    file: String,
    /// Print every decision of propagation first
    #[arg(long)]
    explain: bool,
    /// Elements per cache line for the cache-miss heuristic
    #[arg(long, value_name = "N", default_value_t = Options::default().cache_line,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    cache_line: usize,
    /// Most new cache lines per iteration a statement may need after propagation
    #[arg(long, value_name = "N", default_value_t = Options::default().cache_limit)]
    cache_limit: usize,
    /// Also propagate live-out locations, keeping their writes
    #[arg(long)]
    live_out: bool,
    /// isl operation quota per location (0: none)
    #[arg(long, value_name = "N", default_value_t = Options::default().max_operations)]
    max_operations: u64,
    /// What decides whether a temporary's recomputation is worth its array: the measured cost
    /// model or the recomputation limit
    #[arg(long, value_enum, default_value_t = Cost::Model)]
    cost: Cost,
    /// With --cost heuristic: most operations per element a temporary's propagation may add
    /// by evaluating its value more than once, or off
    #[arg(long, value_name = "N|off", default_value_t = RecomputeLimit(Some(polyprop_options::RECOMPUTE_LIMIT)), value_parser = recompute_limit)]
    recompute_limit: RecomputeLimit,
}

/// The plugin's option `cost`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Cost {
    Model,
    Heuristic,
}

/// The value of `--recompute-limit`, read as the plugin's option `recompute-limit` is.
#[derive(Clone, Copy)]
struct RecomputeLimit(Option<u64>);

impl std::fmt::Display for RecomputeLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("off"),
        }
    }
}

fn recompute_limit(text: &str) -> Result<RecomputeLimit, String> {
    polyprop_options::Options::parse(&format!("recompute-limit={text}")).map(|o| RecomputeLimit(o.recompute_limit))
}

impl PropagationArgs {
    fn options(&self) -> Options {
        Options {
            cache_line: self.cache_line,
            cache_limit: self.cache_limit,
            propagate_live_out: self.live_out,
            max_operations: self.max_operations,
            recomputation_limit: self.recompute_limit.0.map(|n| n as usize),
            cost_model: (self.cost == Cost::Model).then_some(propagation::MEASURED),
            ..Options::default()
        }
    }
}

fn load(path: &str) -> Result<Scop, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    parse_scop_file(&text, path).map_err(|e| format!("{path}:{e}"))
}

fn run_propagation(args: &PropagationArgs) -> Result<(Scop, Scop, Report), String> {
    let scop = load(&args.file)?;
    let (result, report) = propagate(&scop, &args.options()).map_err(|e| format!("{}: {e}", args.file))?;
    Ok((scop, result, report))
}

/// `polyprop propagate FILE`: the transformed program; with `--explain` the decisions first
/// (as `//` comments, so the output stays a valid program).
pub fn propagate_command(args: PropagateArgs) -> Result<(), String> {
    let (_, result, report) = run_propagation(&args.propagation)?;
    if args.propagation.explain {
        for line in report.to_string().lines() {
            println!("// {line}");
        }
    }
    print!("{}", print_scop(&without_removable_arrays(&result, &report)));
    Ok(())
}

/// `polyprop check FILE -p N=..`: runs the original and the propagated program and compares
/// every live-out location bit for bit; an error (exit code 1) on any difference.
pub fn check(mut args: CheckArgs) -> Result<(), String> {
    let (original, result, report) = run_propagation(&args.propagation)?;
    if args.params.is_empty() {
        args.params = original.params.iter().map(|p| (p.name.clone(), 16)).collect();
    }
    if args.propagation.explain {
        print!("{report}");
    }
    // Arrays of unknown size get the original's extents in both runs (propagation may drop
    // accesses that reached further).
    let extents = outer_extents(&original, &args.params).map_err(|e| format!("original program: {e}"))?;
    let before = interpret_with_extents(&original, &args.params, args.seed, &extents).map_err(|e| format!("original program: {e}"))?;
    let after = interpret_with_extents(&result, &args.params, args.seed, &extents).map_err(|e| format!("propagated program: {e}"))?;
    let mut mismatches = 0;
    for (a, b) in before.live_out.iter().zip(&after.live_out) {
        let differing = a.values.iter().zip(&b.values).filter(|(x, y)| x.bits() != y.bits()).count();
        let same = differing == 0 && a.values.len() == b.values.len();
        println!("{} {} {:016x} {:016x} ({} values)", if same { "ok  " } else { "DIFF" }, a.name, a.checksum(), b.checksum(), a.values.len());
        if !same {
            mismatches += 1;
        }
    }
    let propagated = report.locations.iter().filter(|l| matches!(l.outcome, propagation::Outcome::Propagated { .. })).count();
    println!(
        "{} statement instances before, {} after; {propagated} locations propagated",
        before.instances, after.instances
    );
    if mismatches > 0 || before.live_out.len() != after.live_out.len() {
        return Err(format!("{mismatches} live-out locations differ"));
    }
    Ok(())
}
