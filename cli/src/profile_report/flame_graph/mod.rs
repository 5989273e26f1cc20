//! `polyprop profile report --svg FILE`: a flame graph of the program's dynamic loop tree
//! (paper 001, section 5: POLY-PROF shows its feedback on a flame graph of loops). One
//! rectangle per loop (and per program, thread and function frame above its loops), as wide
//! as the memory-access instances that ran under it, each loop above the one it runs in,
//! labelled `file:line` (functions by name), coloured by the report's suggestion for it.
//!
//! Three stages: [`stacks`] (profile and report to weighted stacks of frames), [`layout`]
//! (stacks to rectangles, plain data), [`draw`] (rectangles to SVG with plotters).
//!
//! Known limits: the contexts give a function only where it has a live loop (or holds the
//! access itself), so calls between loop-free functions are not frames; a loop's colour is
//! the report's, so loops outside its `--top` nests show no suggestion; C++ names are shown
//! mangled, as the symbol table has them.

pub mod draw;
pub mod layout;
pub mod stacks;

use super::analysis::{Names, Report};
use runtime::profile::Profile;
use std::collections::HashMap;
use std::path::Path;

/// The flame graph of `profile` as SVG text, coloured by `report`; `functions` maps run-time
/// addresses to function names ([`function_names`]).
pub fn svg(profile: &Profile, report: &Report, names: &Names, functions: &HashMap<u64, String>) -> Result<String, String> {
    let rects = layout::layout(&stacks::stacks(profile, report, names, functions));
    let title = format!(
        "{}: dynamic loop tree, width = memory-access instances ({}), colour = suggestion",
        report.binary, report.access_instances
    );
    draw::svg(&title, &rects)
}

/// The symbol-table name of the function at each address the flame graph asks about: the
/// entries of the loops' functions and the profiled instructions (run-time addresses, the
/// binary's plus the profile's load base). Addresses without a symbol are left out.
pub fn function_names(profile: &Profile, binary: &Path) -> Result<HashMap<u64, String>, String> {
    let loader = addr2line::Loader::new(binary).map_err(|e| format!("{}: cannot read symbols: {e}", binary.display()))?;
    let addresses = profile.loops.iter().map(|l| l.function).chain(profile.instructions.iter().map(|i| i.pc));
    let mut names = HashMap::new();
    for address in addresses {
        if names.contains_key(&address) {
            continue;
        }
        let symbol = address.checked_sub(profile.load_base).and_then(|a| loader.find_symbol(a));
        if let Some(symbol) = symbol {
            names.insert(address, symbol.to_string());
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests;
