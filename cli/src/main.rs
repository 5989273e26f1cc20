//! `polyprop`: a thin shell over the library crates. clap parses the command line (help,
//! version, typed arguments, errors with exit code 2); each subcommand calls one library
//! entry point and reports its error as one line (exit code 1).

mod lang_commands;
mod options_command;
mod plugin_path;
mod profile;
mod profile_report;
mod propagation_commands;
mod tre;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Polyhedral expression propagation for C and C++ built with LLVM 14
///
/// The pass plugin libpolyprop.so does the work inside clang or opt:
///   clang-14 -O3 -fpass-plugin=$(polyprop --plugin-path) -c pipeline.c
/// This tool locates the plugin, checks its options, runs and transforms programs of the
/// textual SCoP language (.scop), profiles binaries under QEMU, and reconstructs traced
/// references as loop nests.
#[derive(Parser)]
#[command(name = "polyprop", version, propagate_version = true, verbatim_doc_comment)]
#[command(args_conflicts_with_subcommands = true, arg_required_else_help = true)]
#[command(after_help = pass_options_help())]
struct Cli {
    /// Print the absolute path of the plugin libpolyprop.so that belongs to this polyprop
    /// (for clang-14 -fpass-plugin=$(polyprop --plugin-path))
    #[arg(long)]
    plugin_path: bool,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Print every dependence of a .scop program (kind, source and target access, relation)
    Deps(lang_commands::DepsArgs),
    /// Run a .scop program with the reference interpreter: one checksum line per live-out array
    Run(lang_commands::RunArgs),
    /// Propagate expressions in a .scop program and print the transformed program
    Propagate(propagation_commands::PropagateArgs),
    /// Run a .scop program before and after propagation and compare live-out values bit for bit
    Check(propagation_commands::CheckArgs),
    /// Profile a program under QEMU into a folded polyhedral profile, or show a profile
    Profile(profile::ProfileArgs),
    /// List the pass options (POLYPROP_OPTIONS), or check an options string with the pass's parser
    Options(options_command::OptionsArgs),
    /// Reconstruct a traced reference as the loop nest that regenerates it (paper 002)
    Tre(tre::TreArgs),
}

/// The pass options, from the table the plugin parses with.
fn pass_options_help() -> String {
    format!(
        "Pass options, in clang builds in POLYPROP_OPTIONS='key=value;key;...'\n\
         (POLYPROP_OPTIONS='print=transform' clang-14 -O3 -fpass-plugin=$(polyprop --plugin-path) ...),\n\
         in opt after the pass name (-passes='polyprop<cache-limit=16>'):\n{}\
         Check a string with the plugin's parser: polyprop options check 'print=scops;quota=1e5'",
        polyprop_options::help()
    )
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None if cli.plugin_path => plugin_path::print(),
        None => Err("no command given; see polyprop --help".into()),
        Some(Command::Deps(args)) => lang_commands::deps(args),
        Some(Command::Run(args)) => lang_commands::run(args),
        Some(Command::Propagate(args)) => propagation_commands::propagate_command(args),
        Some(Command::Check(args)) => propagation_commands::check(args),
        Some(Command::Profile(args)) => profile::main(args),
        Some(Command::Options(args)) => options_command::main(args),
        Some(Command::Tre(args)) => tre::main(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("polyprop: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
