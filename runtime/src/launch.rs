//! Running a program under `qemu-x86_64` with the profiling plugin (used by
//! `polyprop profile -- ./app args` and by the tests), and mapping the profile back to the
//! source through DWARF.
//!
//! Facts this relies on (QEMU 7.2 user mode, x86-64 guests): a position-independent executable
//! (ELF type `ET_DYN`) is loaded at `0x4000000000`, a fixed-address one (`ET_EXEC`) at its own
//! addresses. Memory accesses are traced only in the executable segments of the main binary,
//! so the C library and the dynamic loader add control flow but no streams.

use crate::profile::Profile;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Load address of position-independent executables under `qemu-x86_64` 7.2.
pub const PIE_LOAD_BASE: u64 = 0x40_0000_0000;

/// What the profiler needs to know about the binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryLayout {
    /// Where the binary is loaded (0 for a fixed-address executable).
    pub load_base: u64,
    /// Executable segments `[start, end)` at run time (load base added).
    pub executable_ranges: Vec<(u64, u64)>,
}

fn read_u16(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}
fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}
fn read_u64(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
}

/// An executable `PT_LOAD` segment of an ELF file, at link-time addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Where its bytes start in the file, and how many the file holds.
    pub offset: usize,
    pub size: usize,
    /// Its address and size in memory.
    pub address: u64,
    pub memory_size: u64,
}

/// The executable segments of a 64-bit little-endian ELF file; `None` if it is not one.
pub fn elf_segments(bytes: &[u8]) -> Option<Vec<Segment>> {
    if bytes.get(..4) != Some(b"\x7fELF") || bytes.get(4) != Some(&2) || bytes.get(5) != Some(&1) {
        return None;
    }
    let phoff = read_u64(bytes, 32)? as usize;
    let phentsize = read_u16(bytes, 54)? as usize;
    let phnum = read_u16(bytes, 56)? as usize;
    let mut segments = Vec::new();
    for i in 0..phnum {
        let at = phoff + i * phentsize;
        let (kind, flags) = (read_u32(bytes, at)?, read_u32(bytes, at + 4)?);
        if kind == 1 && flags & 1 == 1 {
            segments.push(Segment {
                offset: read_u64(bytes, at + 8)? as usize,
                size: read_u64(bytes, at + 32)? as usize,
                address: read_u64(bytes, at + 16)?,
                memory_size: read_u64(bytes, at + 40)?,
            });
        }
    }
    Some(segments)
}

/// Reads the ELF header and program headers of an x86-64 executable.
pub fn binary_layout(path: &Path) -> Result<BinaryLayout, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let not_elf = || format!("{}: not a 64-bit little-endian ELF executable", path.display());
    let segments = elf_segments(&bytes).ok_or_else(not_elf)?;
    let load_base = match read_u16(&bytes, 16).ok_or_else(not_elf)? {
        2 => 0,
        3 => PIE_LOAD_BASE,
        other => return Err(format!("{}: ELF type {other} is not an executable", path.display())),
    };
    let executable_ranges = segments.iter().map(|s| (load_base + s.address, load_base + s.address + s.memory_size)).collect();
    Ok(BinaryLayout { load_base, executable_ranges })
}

/// The `file:line:column` of a link-time address of `binary`, from its DWARF.
pub fn source_location(binary: &Path, address: u64) -> Option<String> {
    let loader = addr2line::Loader::new(binary).ok()?;
    let location = loader.find_location(address).ok()??;
    Some(format!("{}:{}:{}", location.file?, location.line?, location.column.unwrap_or(0)))
}

/// The link-time address ranges `[start, end)` of the code of `file:line` in `binary` (its
/// DWARF line table); `file` matches a source path that ends with it.
pub fn line_ranges(binary: &Path, file: &str, line: u32) -> Result<Vec<(u64, u64)>, String> {
    let loader = addr2line::Loader::new(binary).map_err(|e| format!("{}: no debug information: {e}", binary.display()))?;
    let rows = loader.find_location_range(0, u64::MAX).map_err(|e| format!("{}: {e}", binary.display()))?;
    let mut ranges: Vec<(u64, u64)> = rows
        .filter(|(_, _, location)| {
            location.line == Some(line) && location.file.is_some_and(|f| Path::new(f).ends_with(file) || f.ends_with(file))
        })
        .map(|(start, length, _)| (start, start + length))
        .collect();
    ranges.sort_unstable();
    if ranges.is_empty() {
        return Err(format!("{}: no code at {file}:{line} in its debug information (built with -g?)", binary.display()));
    }
    Ok(ranges)
}

/// Plugin options (`key=value`) to profile `binary`: output, binary, load base, ranges, and
/// any `extra` options.
pub fn plugin_arguments(binary: &Path, layout: &BinaryLayout, output: &Path, extra: &[String]) -> Vec<String> {
    let ranges: Vec<String> =
        layout.executable_ranges.iter().map(|(s, e)| format!("{s:#x}-{e:#x}")).collect();
    let mut arguments = vec![
        format!("output={}", output.display()),
        format!("binary={}", binary.display()),
        format!("load_base={:#x}", layout.load_base),
    ];
    if !ranges.is_empty() {
        arguments.push(format!("ranges={}", ranges.join(":")));
    }
    arguments.extend(extra.iter().cloned());
    arguments
}

/// The `qemu-x86_64 -plugin ...` command line for `binary args`.
pub fn qemu_command(qemu: &Path, plugin: &Path, plugin_arguments: &[String], binary: &Path, args: &[String]) -> Command {
    let mut command = Command::new(qemu);
    // The most the emulator offers (AVX2 in QEMU 7.2): binaries built for x86-64-v3 run.
    command.arg("-cpu").arg("max");
    let mut plugin_option = plugin.display().to_string();
    for argument in plugin_arguments {
        plugin_option.push(',');
        plugin_option.push_str(argument);
    }
    command.arg("-plugin").arg(plugin_option).arg(binary).args(args);
    command
}

/// The plugin from `POLYPROP_QEMU_PLUGIN`, or next to an executable of the same build
/// (`target/<profile>/`, or its `deps/` for tests), or installed beside it
/// (`PREFIX/bin/polyprop` and `PREFIX/lib/libpolyprop_qemu.so`).
pub fn find_plugin(near: &Path) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("POLYPROP_QEMU_PLUGIN") {
        return Some(PathBuf::from(path));
    }
    let near = near.canonicalize().unwrap_or_else(|_| near.to_path_buf());
    let installed = near.parent().and_then(Path::parent).map(|prefix| prefix.join("lib/libpolyprop_qemu.so"));
    if let Some(candidate) = installed.filter(|c| c.exists()) {
        return Some(candidate);
    }
    let mut directory = near.parent();
    while let Some(d) = directory {
        let candidate = d.join("libpolyprop_qemu.so");
        if candidate.exists() {
            return Some(candidate);
        }
        directory = d.parent().filter(|p| p.ends_with("target") || d.ends_with("deps"));
    }
    None
}

/// Fills the `file:line:column` of instructions and loop headers from the DWARF of `binary`
/// (addresses minus the profile's load base). Returns how many addresses were resolved.
pub fn resolve_locations(profile: &mut Profile, binary: &Path) -> Result<usize, String> {
    let loader = addr2line::Loader::new(binary).map_err(|e| format!("{}: cannot read debug information: {e}", binary.display()))?;
    let base = profile.load_base;
    // An address on a line-0 row (compiler-generated code, often a loop header) takes the
    // location of the next instruction that has a line.
    let locate = |address: u64| -> Option<String> {
        let address = address.checked_sub(base)?;
        (0..32).find_map(|delta| {
            let location = loader.find_location(address + delta).ok()??;
            let line = location.line.filter(|&l| l > 0)?;
            Some(format!("{}:{line}:{}", location.file?, location.column.unwrap_or(0)))
        })
    };
    let mut resolved = 0;
    for instruction in &mut profile.instructions {
        instruction.location = locate(instruction.pc);
        resolved += instruction.location.is_some() as usize;
    }
    for record in &mut profile.loops {
        record.location = locate(record.header);
        resolved += record.location.is_some() as usize;
    }
    Ok(resolved)
}

/// The source files of `binary`'s DWARF 5 line tables with the MD5 checksums the compiler
/// recorded (clang-14's default), as `(path, md5 hex)`: a profile keeps them, so that the
/// pass can tell a profile of other sources (issue 15). Files without a checksum are left out.
pub fn source_checksums(binary: &Path) -> Result<Vec<(String, String)>, String> {
    use addr2line::gimli;
    use object::{Object, ObjectSection};
    let bytes = std::fs::read(binary).map_err(|e| format!("{}: {e}", binary.display()))?;
    let file = object::File::parse(&*bytes).map_err(|e| format!("{}: {e}", binary.display()))?;
    let endian = if file.is_little_endian() { gimli::RunTimeEndian::Little } else { gimli::RunTimeEndian::Big };
    let section = |id: gimli::SectionId| -> Result<std::borrow::Cow<'_, [u8]>, gimli::Error> {
        Ok(file.section_by_name(id.name()).and_then(|s| s.uncompressed_data().ok()).unwrap_or_default())
    };
    let sections = gimli::DwarfSections::load(section).map_err(|e| format!("{}: DWARF: {e}", binary.display()))?;
    let dwarf = sections.borrow(|s| gimli::EndianSlice::new(s, endian));
    let mut found: Vec<(String, String)> = Vec::new();
    let mut units = dwarf.units();
    while let Ok(Some(header)) = units.next() {
        let Ok(unit) = dwarf.unit(header) else { continue };
        let Some(program) = unit.line_program.as_ref() else { continue };
        let header = program.header();
        if !header.file_has_md5() {
            continue;
        }
        for entry in header.file_names() {
            let name = dwarf_string(&dwarf, &unit, entry.path_name());
            let directory = entry.directory(header).map(|d| dwarf_string(&dwarf, &unit, d)).unwrap_or_default();
            let path = if name.starts_with('/') || directory.is_empty() { name } else { format!("{directory}/{name}") };
            let md5: String = entry.md5().iter().map(|b| format!("{b:02x}")).collect();
            // DWARF 5 lists the primary file twice (entry 0 and its own entry): one is kept.
            let same_file = |p: &str| Path::new(p).file_name() == Path::new(&path).file_name();
            if !found.iter().any(|(p, m)| *m == md5 && same_file(p.as_str())) {
                found.push((path, md5));
            }
        }
    }
    Ok(found)
}

type DwarfSlice<'a> = addr2line::gimli::EndianSlice<'a, addr2line::gimli::RunTimeEndian>;

/// A string attribute of a line table's file entry (inline or in a string section).
fn dwarf_string<'a>(
    dwarf: &addr2line::gimli::Dwarf<DwarfSlice<'a>>,
    unit: &addr2line::gimli::Unit<DwarfSlice<'a>>,
    value: addr2line::gimli::AttributeValue<DwarfSlice<'a>>,
) -> String {
    dwarf.attr_string(unit, value).map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
}
