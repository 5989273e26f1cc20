//! `polyprop profile`: profile a program under QEMU into a folded polyhedral profile, or show
//! a profile (papers 000 and 001; the work is done by the `runtime` crate).
//!
//! ```text
//! polyprop profile [-o FILE] [--plugin LIB] [--qemu QEMU] [--all-code] [--trace FILE:LINE]... [PLUGIN-OPTION...] -- ./app args
//! polyprop profile show FILE [--binary APP] [--top N]
//! polyprop profile report FILE [--binary APP] [--json FILE] [--svg FILE] [--top N]
//! ```
//! Plugin options are passed through as `key=value` (see `runtime/README.md`), e.g.
//! `widening=all`, `give_up=off`, `dependences=off`, `functions=kernel`.

use clap::{Args, Subcommand};
use runtime::launch::{binary_layout, find_plugin, plugin_arguments, qemu_command, resolve_locations, source_checksums};
use runtime::options::PluginOptions;
use runtime::profile::Profile;
use runtime::tre::trace_file::Trace;
use std::path::PathBuf;

/// Without a subcommand: run PROGRAM under qemu-x86_64 with the QEMU plugin
/// (libpolyprop_qemu.so) and write its folded profile.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
#[command(after_help = "Example: polyprop profile -o app.profile dependences=off -- ./app args")]
pub struct ProfileArgs {
    #[command(subcommand)]
    command: Option<ProfileCommand>,
    #[command(flatten)]
    record: RecordArgs,
}

#[derive(Subcommand)]
enum ProfileCommand {
    /// Summarize a profile: hottest loops, strides, carried dependences, affine shares
    Show(ShowArgs),
    /// Suggest transformations per hot loop nest: interchange, parallel loops, fusion of
    /// consecutive loops, the recurrence that leaves none parallel, the band structure of
    /// isl's schedule on the folded dependences, a flame graph of the loops
    Report(crate::profile_report::ReportArgs),
}

#[derive(Args)]
struct RecordArgs {
    /// The profile to write (default: PROGRAM's file name + .profile)
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// The QEMU plugin (default: POLYPROP_QEMU_PLUGIN, else libpolyprop_qemu.so beside
    /// polyprop or in ../lib)
    #[arg(long, value_name = "LIB")]
    plugin: Option<PathBuf>,
    /// The QEMU user-mode emulator
    #[arg(long, value_name = "QEMU", default_value = "qemu-x86_64")]
    qemu: PathBuf,
    /// Trace all code, not only the program's own executable ranges
    #[arg(long)]
    all_code: bool,
    /// Also record the address stream of each memory instruction of this source line (debug
    /// information), written to OUTPUT.trace (one reference per instruction) for `polyprop
    /// tre`; may be repeated
    #[arg(long, value_name = "FILE:LINE", value_parser = source_line)]
    trace: Vec<(String, u32)>,
    /// Options of the QEMU plugin, e.g. widening=all, give_up=off, dependences=off,
    /// functions=kernel (runtime/README.md)
    #[arg(value_name = "KEY=VALUE", value_parser = plugin_option)]
    plugin_options: Vec<String>,
    /// The program to profile and its arguments, after '--'
    #[arg(value_name = "PROGRAM", last = true, required = true)]
    program: Vec<String>,
}

#[derive(Args)]
struct ShowArgs {
    /// The profile to show
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The profiled program: checked against the profile
    #[arg(long, value_name = "APP")]
    binary: Option<PathBuf>,
    /// How many of the hottest loops to show
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,
}

fn source_line(text: &str) -> Result<(String, u32), String> {
    text.rsplit_once(':')
        .and_then(|(file, line)| Some((file.to_string(), line.parse().ok()?)))
        .filter(|(file, _)| !file.is_empty())
        .ok_or_else(|| "expected FILE:LINE, e.g. gemm.c:12".into())
}

fn plugin_option(option: &str) -> Result<String, String> {
    if option.contains('=') {
        Ok(option.to_string())
    } else {
        Err("expected a plugin option KEY=VALUE (the program goes after '--')".into())
    }
}

pub fn main(args: ProfileArgs) -> Result<(), String> {
    match args.command {
        Some(ProfileCommand::Show(show_args)) => show(show_args),
        Some(ProfileCommand::Report(report_args)) => crate::profile_report::main(report_args),
        None => record(args.record),
    }
}

fn record(args: RecordArgs) -> Result<(), String> {
    let binary = PathBuf::from(&args.program[0]);
    // Check plugin options here, so that QEMU never starts with bad ones.
    PluginOptions::parse(&args.plugin_options)?;
    let output = args.output.unwrap_or_else(|| {
        PathBuf::from(format!("{}.profile", binary.file_name().map_or("app".into(), |n| n.to_string_lossy())))
    });
    let plugin = match args.plugin {
        Some(p) => p,
        None => std::env::current_exe()
            .ok()
            .and_then(|exe| find_plugin(&exe))
            .ok_or("cannot find libpolyprop_qemu.so: build it (cargo build -p polyprop-qemu) or pass --plugin")?,
    };
    let mut layout = binary_layout(&binary)?;
    if args.all_code {
        layout.executable_ranges.clear();
    }
    let mut traced = Vec::new();
    for (file, line) in &args.trace {
        for (start, end) in runtime::launch::line_ranges(&binary, file, *line)? {
            traced.push((start, end, format!("{file}:{line}")));
        }
    }
    let mut extra = args.plugin_options.clone();
    if !traced.is_empty() {
        let ranges: Vec<String> =
            traced.iter().map(|(s, e, _)| format!("{:#x}-{:#x}", s + layout.load_base, e + layout.load_base)).collect();
        extra.push(format!("trace={}", ranges.join(":")));
    }
    let arguments = plugin_arguments(&binary, &layout, &output, &extra);
    let qemu = &args.qemu;
    let status = qemu_command(qemu, &plugin, &arguments, &binary, &args.program[1..])
        .status()
        .map_err(|e| format!("cannot run {}: {e} (install qemu-user)", qemu.display()))?;
    if !output.exists() {
        if illegal_instruction(&status) {
            return Err(illegal_instruction_diagnosis(qemu, &binary));
        }
        return Err(format!("no profile written ({} exited with {status})", qemu.display()));
    }
    name_traces(&output, &traced)?;
    let mut profile = Profile::read(&output).map_err(|e| e.to_string())?;
    // The sources the profile belongs to: the pass uses it only for the same versions.
    profile.sources = source_checksums(&binary).unwrap_or_default();
    match resolve_locations(&mut profile, &binary) {
        Ok(_) => profile.write(&output).map_err(|e| format!("{}: {e}", output.display()))?,
        Err(message) => eprintln!("polyprop: no source locations: {message}"),
    }
    eprintln!("polyprop: wrote {} (program exited with {status}); see: polyprop profile show {}", output.display(), output.display());
    Ok(())
}

/// Gathers the traces the plugin wrote (`OUTPUT.<pc>.trace`, one per instruction, reference:
/// the pc) into one file, `OUTPUT.trace`, each named by the source line it was asked for and
/// its pc, in the order of the lines asked for and of the pcs.
fn name_traces(output: &std::path::Path, traced: &[(u64, u64, String)]) -> Result<(), String> {
    let mut traces = Vec::new();
    for (start, end, line) in traced {
        for pc in *start..*end {
            let path = PathBuf::from(format!("{}.{pc:x}.trace", output.display()));
            if !path.exists() {
                continue;
            }
            let mut trace = Trace::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            trace.reference = format!("{line} (pc {pc:#x})");
            traces.push(trace);
        }
    }
    if traces.is_empty() {
        return Ok(());
    }
    let path = PathBuf::from(format!("{}.trace", output.display()));
    Trace::write_all(&traces, &path).map_err(|e| format!("{}: {e}", path.display()))?;
    for trace in &traces {
        eprintln!("polyprop: traced {}: {} accesses of {} bytes", trace.reference, trace.addresses.len(), trace.element_size);
    }
    eprintln!("polyprop: wrote {} ({} references); see: polyprop tre {} --check", path.display(), traces.len(), path.display());
    Ok(())
}

/// Whether QEMU died of SIGILL (as the guest program did: user mode re-raises its signal).
fn illegal_instruction(status: &std::process::ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;
    status.signal() == Some(4) || status.code() == Some(128 + 4)
}

/// Which instruction QEMU could not run, and the flag that avoids it, in one line.
fn illegal_instruction_diagnosis(qemu: &std::path::Path, binary: &std::path::Path) -> String {
    let found = runtime::isa::first_unsupported(binary).ok().flatten();
    let location = found.as_ref().and_then(|u| runtime::launch::source_location(binary, u.address));
    format!("no profile written: {}", runtime::isa::diagnosis(&qemu.display().to_string(), binary, found.as_ref(), location))
}

fn show(args: ShowArgs) -> Result<(), String> {
    let profile = Profile::read(&args.file).map_err(|e| e.to_string())?;
    if let Some(binary) = &args.binary {
        profile.check_binary(binary).map_err(|e| e.to_string())?;
    }
    // A closed pipe (`| head`) ends the output, not the program with a panic as print! would.
    use std::io::Write;
    let _ = std::io::stdout().write_all(runtime::summary::render(&profile, args.top).as_bytes());
    Ok(())
}
