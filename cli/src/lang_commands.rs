//! `polyprop deps FILE` and `polyprop run FILE -p N=64 [--seed S]` for files in the textual
//! SCoP language (`.scop`); see `polyhedral::lang`. `.ll` files need the LLVM front end and
//! are not read here.

use polyhedral::dependences::{compute_dependences, print_dependences};
use polyhedral::interp::interpret;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop_file;
use polyhedral::model::Scop;

fn load(path: &str) -> Result<Scop, String> {
    if !path.ends_with(".scop") {
        return Err(format!("{path}: only .scop files are supported by this command"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    parse_scop_file(&text, path).map_err(|e| format!("{path}:{e}"))
}

/// `polyprop deps FILE`: every dependence with kind, source access, target access, relation.
pub fn deps(args: &[String]) -> Result<(), String> {
    let [path] = args else { return Err("usage: polyprop deps FILE.scop".into()) };
    let scop = load(path)?;
    let ctx = IslContext::with_default_quota();
    let dependences = compute_dependences(&ctx, &scop).map_err(|e| format!("{path}: {e}"))?;
    print!("{}", print_dependences(&scop, &dependences));
    Ok(())
}

/// `polyprop run FILE -p N=64 [-p M=3] [--seed S]`: one checksum line per live-out array.
pub fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: polyprop run FILE.scop -p NAME=VALUE ... [--seed S]";
    let mut path = None;
    let mut params = Vec::new();
    let mut seed = 0u64;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "-p" => {
                let binding = rest.next().ok_or(usage)?;
                let (name, value) = binding.split_once('=').ok_or(usage)?;
                let value = value.parse::<i64>().map_err(|_| format!("-p {binding}: not an integer"))?;
                params.push((name.to_string(), value));
            }
            "--seed" => {
                let value = rest.next().ok_or(usage)?;
                seed = value.parse().map_err(|_| format!("--seed {value}: not an integer"))?;
            }
            other if path.is_none() && !other.starts_with('-') => path = Some(other.to_string()),
            other => return Err(format!("unexpected argument '{other}'; {usage}")),
        }
    }
    let path = path.ok_or(usage)?;
    let scop = load(&path)?;
    let result = interpret(&scop, &params, seed).map_err(|e| format!("{path}: {e}"))?;
    for array in &result.live_out {
        println!("{} {:016x} ({} values)", array.name, array.checksum(), array.values.len());
    }
    Ok(())
}
