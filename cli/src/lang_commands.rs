//! `polyprop deps FILE` and `polyprop run FILE -p N=64 [--seed S]` for files in the textual
//! SCoP language (`.scop`); see `polyhedral::lang`. `.ll` files need the LLVM front end and
//! are not read here.

use clap::Args;
use polyhedral::dependence_graph::{dependence_graph, to_dot};
use polyhedral::dependences::{compute_dependences, print_dependences};
use polyhedral::interp::interpret;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop_file;
use polyhedral::model::Scop;

#[derive(Args)]
pub struct DepsArgs {
    /// A program in the textual SCoP language
    #[arg(value_name = "FILE.scop")]
    file: String,
    /// Also write the statement dependence graph in Graphviz to this file
    #[arg(long, value_name = "FILE.dot")]
    dot: Option<String>,
}

#[derive(Args)]
pub struct RunArgs {
    /// A program in the textual SCoP language
    #[arg(value_name = "FILE.scop")]
    file: String,
    /// A parameter's value (repeatable)
    #[arg(short = 'p', value_name = "NAME=VALUE", value_parser = parse_binding)]
    params: Vec<(String, i64)>,
    /// Seed of the inputs' pseudo-random values
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
}

/// `NAME=VALUE` of `-p`, the value an integer.
pub fn parse_binding(binding: &str) -> Result<(String, i64), String> {
    let (name, value) = binding.split_once('=').ok_or("expected NAME=VALUE")?;
    let value = value.parse::<i64>().map_err(|_| format!("'{value}' is not an integer"))?;
    Ok((name.to_string(), value))
}

fn load(path: &str) -> Result<Scop, String> {
    if !path.ends_with(".scop") {
        return Err(format!("{path}: only .scop files are supported by this command"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    parse_scop_file(&text, path).map_err(|e| format!("{path}:{e}"))
}

/// `polyprop deps FILE`: every dependence with kind, source access, target access, relation.
pub fn deps(args: DepsArgs) -> Result<(), String> {
    let path = &args.file;
    let scop = load(path)?;
    let ctx = IslContext::with_default_quota();
    let dependences = compute_dependences(&ctx, &scop).map_err(|e| format!("{path}: {e}"))?;
    print!("{}", print_dependences(&scop, &dependences));
    if let Some(dot) = &args.dot {
        let graph = to_dot(&scop, &dependence_graph(&scop, &dependences));
        std::fs::write(dot, graph).map_err(|e| format!("cannot write {dot}: {e}"))?;
    }
    Ok(())
}

/// `polyprop run FILE -p N=64 [-p M=3] [--seed S]`: one checksum line per live-out array.
pub fn run(args: RunArgs) -> Result<(), String> {
    let path = &args.file;
    let scop = load(path)?;
    let result = interpret(&scop, &args.params, args.seed).map_err(|e| format!("{path}: {e}"))?;
    for array in &result.live_out {
        println!("{} {:016x} ({} values)", array.name, array.checksum(), array.values.len());
    }
    Ok(())
}
