//! `polyprop options list` and `polyprop options check 'TEXT'`: the pass options of
//! `POLYPROP_OPTIONS` and of `-passes='polyprop<...>'`, from the table and with the parser the
//! plugin uses (`polyprop-options`), so a string can be checked before a build.

use clap::{Args, Subcommand};
use polyprop_options::Options;

#[derive(Args)]
pub struct OptionsArgs {
    #[command(subcommand)]
    command: OptionsCommand,
}

#[derive(Subcommand)]
enum OptionsCommand {
    /// Print every pass option with its meaning and default
    List,
    /// Parse an options string as the plugin does: print every option's value, or the
    /// plugin's error line (exit code 1)
    Check {
        /// Options as in POLYPROP_OPTIONS, e.g. 'print=scops;quota=1e5'
        #[arg(value_name = "TEXT")]
        text: String,
    },
}

pub fn main(args: OptionsArgs) -> Result<(), String> {
    match args.command {
        OptionsCommand::List => print!("{}", polyprop_options::help()),
        OptionsCommand::Check { text } => {
            let options = Options::parse(&text).map_err(|message| format!("{message} (in POLYPROP_OPTIONS)"))?;
            print!("{}", options.describe());
        }
    }
    Ok(())
}
