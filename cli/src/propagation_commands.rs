//! `polyprop propagate FILE [--explain] [--cache-line N] [--cache-limit N] [--live-out]` and
//! `polyprop check FILE [-p N=..] [--seed S] [...propagation options]` for files in the
//! textual SCoP language; both call `propagation::propagate`.

use polyhedral::interp::interpret;
use polyhedral::lang::{parse_scop_file, print_scop};
use polyhedral::model::Scop;
use propagation::{propagate, without_removable_arrays, Options, Report};

fn load(path: &str) -> Result<Scop, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    parse_scop_file(&text, path).map_err(|e| format!("{path}:{e}"))
}

struct Arguments {
    path: String,
    explain: bool,
    options: Options,
    params: Vec<(String, i64)>,
    seed: u64,
}

fn parse(args: &[String], usage: &str, allow_run: bool) -> Result<Arguments, String> {
    let mut parsed = Arguments { path: String::new(), explain: false, options: Options::default(), params: vec![], seed: 0 };
    let mut rest = args.iter();
    let number = |flag: &str, value: Option<&String>| -> Result<u64, String> {
        let value = value.ok_or(format!("{flag} needs a value; {usage}"))?;
        value.parse().map_err(|_| format!("{flag} {value}: not a non-negative integer"))
    };
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--explain" => parsed.explain = true,
            "--live-out" => parsed.options.propagate_live_out = true,
            "--cache-line" => parsed.options.cache_line = number("--cache-line", rest.next())?.max(1) as usize,
            "--cache-limit" => parsed.options.cache_limit = number("--cache-limit", rest.next())? as usize,
            "--max-operations" => parsed.options.max_operations = number("--max-operations", rest.next())?,
            "--seed" if allow_run => parsed.seed = number("--seed", rest.next())?,
            "-p" if allow_run => {
                let binding = rest.next().ok_or(usage)?;
                let (name, value) = binding.split_once('=').ok_or(usage)?;
                let value = value.parse::<i64>().map_err(|_| format!("-p {binding}: not an integer"))?;
                parsed.params.push((name.to_string(), value));
            }
            other if parsed.path.is_empty() && !other.starts_with('-') => parsed.path = other.to_string(),
            other => return Err(format!("unexpected argument '{other}'; {usage}")),
        }
    }
    if parsed.path.is_empty() {
        return Err(usage.into());
    }
    Ok(parsed)
}

fn run_propagation(args: &Arguments) -> Result<(Scop, Scop, Report), String> {
    let scop = load(&args.path)?;
    let (result, report) = propagate(&scop, &args.options).map_err(|e| format!("{}: {e}", args.path))?;
    Ok((scop, result, report))
}

/// `polyprop propagate FILE`: the transformed program; with `--explain` the decisions first
/// (as `//` comments, so the output stays a valid program).
pub fn propagate_command(args: &[String]) -> Result<(), String> {
    let usage = "usage: polyprop propagate FILE.scop [--explain] [--cache-line N] [--cache-limit N] [--live-out] [--max-operations N]";
    let args = parse(args, usage, false)?;
    let (_, result, report) = run_propagation(&args)?;
    if args.explain {
        for line in report.to_string().lines() {
            println!("// {line}");
        }
    }
    print!("{}", print_scop(&without_removable_arrays(&result, &report)));
    Ok(())
}

/// `polyprop check FILE -p N=..`: runs the original and the propagated program and compares
/// every live-out location bit for bit; an error (exit code 1) on any difference.
pub fn check(args: &[String]) -> Result<(), String> {
    let usage = "usage: polyprop check FILE.scop [-p NAME=VALUE ...] [--seed S] [--explain] [--cache-line N] [--cache-limit N] [--live-out]";
    let mut args = parse(args, usage, true)?;
    let (original, result, report) = run_propagation(&args)?;
    if args.params.is_empty() {
        args.params = original.params.iter().map(|p| (p.name.clone(), 16)).collect();
    }
    if args.explain {
        print!("{report}");
    }
    let before = interpret(&original, &args.params, args.seed).map_err(|e| format!("original program: {e}"))?;
    let after = interpret(&result, &args.params, args.seed).map_err(|e| format!("propagated program: {e}"))?;
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
