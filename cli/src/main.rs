//! `polyprop`: a thin shell over the library crates. Each subcommand parses its options and
//! calls one library entry point.

mod lang_commands;
mod profile;
mod propagation_commands;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprintln!("usage: polyprop <deps|run|propagate|check|profile> ...");
        return ExitCode::from(2);
    };
    let result: Result<(), String> = match command.as_str() {
        "deps" => lang_commands::deps(&args[1..]),
        "run" => lang_commands::run(&args[1..]),
        "profile" => profile::main(&args[1..]),
        "propagate" => propagation_commands::propagate_command(&args[1..]),
        "check" => propagation_commands::check(&args[1..]),
        other => Err(format!("unknown command '{other}'")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("polyprop: {message}");
            ExitCode::FAILURE
        }
    }
}
