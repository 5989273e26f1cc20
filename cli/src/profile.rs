//! `polyprop profile`: profile a program under QEMU into a folded polyhedral profile, or show
//! a profile (papers 000 and 001; the work is done by the `runtime` crate).
//!
//! ```text
//! polyprop profile [-o FILE] [--plugin LIB] [--qemu QEMU] [--all-code] [PLUGIN-OPTION...] -- ./app args
//! polyprop profile show FILE [--binary APP] [--top N]
//! ```
//! Plugin options are passed through as `key=value` (see `runtime/README.md`), e.g.
//! `widening=all`, `give_up=off`, `dependences=off`, `functions=kernel`.

use runtime::launch::{binary_layout, find_plugin, plugin_arguments, qemu_command, resolve_locations};
use runtime::options::PluginOptions;
use runtime::profile::Profile;
use std::path::{Path, PathBuf};

const USAGE: &str = "usage: polyprop profile [-o FILE] [--plugin LIB] [--qemu QEMU] [--all-code] [key=value...] -- ./app args\n       polyprop profile show FILE [--binary APP] [--top N]";

pub fn main(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("show") => show(&args[1..]),
        Some("-h") | Some("--help") | None => Err(USAGE.into()),
        _ => record(args),
    }
}

fn value<'a>(args: &'a [String], i: usize, flag: &str) -> Result<&'a String, String> {
    args.get(i + 1).ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))
}

fn record(args: &[String]) -> Result<(), String> {
    let Some(separator) = args.iter().position(|a| a == "--") else {
        return Err(format!("missing '--' before the program to profile\n{USAGE}"));
    };
    let (flags, program) = (&args[..separator], &args[separator + 1..]);
    let Some(binary) = program.first() else {
        return Err(format!("no program after '--'\n{USAGE}"));
    };
    let binary = PathBuf::from(binary);
    let mut output: Option<PathBuf> = None;
    let mut plugin: Option<PathBuf> = None;
    let mut qemu = PathBuf::from("qemu-x86_64");
    let mut all_code = false;
    let mut extra = Vec::new();
    let mut i = 0;
    while i < flags.len() {
        match flags[i].as_str() {
            "-o" => { output = Some(value(flags, i, "-o")?.into()); i += 1; }
            "--plugin" => { plugin = Some(value(flags, i, "--plugin")?.into()); i += 1; }
            "--qemu" => { qemu = value(flags, i, "--qemu")?.into(); i += 1; }
            "--all-code" => all_code = true,
            option if option.contains('=') => extra.push(option.to_string()),
            other => return Err(format!("unknown option '{other}'\n{USAGE}")),
        }
        i += 1;
    }
    // Check plugin options here, so that QEMU never starts with bad ones.
    PluginOptions::parse(&extra)?;
    let output = output.unwrap_or_else(|| {
        PathBuf::from(format!("{}.profile", binary.file_name().map_or("app".into(), |n| n.to_string_lossy())))
    });
    let plugin = match plugin {
        Some(p) => p,
        None => std::env::current_exe()
            .ok()
            .and_then(|exe| find_plugin(&exe))
            .ok_or("cannot find libpolyprop_qemu.so: build it (cargo build -p polyprop-qemu) or pass --plugin")?,
    };
    let mut layout = binary_layout(&binary)?;
    if all_code {
        layout.executable_ranges.clear();
    }
    let arguments = plugin_arguments(&binary, &layout, &output, &extra);
    let status = qemu_command(&qemu, &plugin, &arguments, &binary, &program[1..])
        .status()
        .map_err(|e| format!("cannot run {}: {e} (install qemu-user)", qemu.display()))?;
    if !output.exists() {
        return Err(format!("no profile written ({} exited with {status})", qemu.display()));
    }
    let mut profile = Profile::read(&output).map_err(|e| e.to_string())?;
    match resolve_locations(&mut profile, &binary) {
        Ok(_) => profile.write(&output).map_err(|e| format!("{}: {e}", output.display()))?,
        Err(message) => eprintln!("polyprop: no source locations: {message}"),
    }
    eprintln!("polyprop: wrote {} (program exited with {status}); see: polyprop profile show {}", output.display(), output.display());
    Ok(())
}

fn show(args: &[String]) -> Result<(), String> {
    let mut file: Option<&String> = None;
    let mut binary: Option<&String> = None;
    let mut top = 10usize;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--binary" => { binary = Some(value(args, i, "--binary")?); i += 1; }
            "--top" => { top = value(args, i, "--top")?.parse().map_err(|_| "--top needs a number")?; i += 1; }
            f if file.is_none() && !f.starts_with('-') => file = Some(&args[i]),
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
        i += 1;
    }
    let file = file.ok_or_else(|| format!("no profile given\n{USAGE}"))?;
    let profile = Profile::read(Path::new(file)).map_err(|e| e.to_string())?;
    if let Some(binary) = binary {
        profile.check_binary(Path::new(binary)).map_err(|e| e.to_string())?;
    }
    print!("{}", runtime::summary::render(&profile, top));
    Ok(())
}
