//! The source line of each profiled loop's `for` (paper 001, section 5: feedback names loops
//! by their source location).
//!
//! A profile locates a loop by its header block, which an optimizing compiler rotates so that
//! the header holds the first statement of the body: at `-O1` both loops of
//! `for (j..) for (i..) a[i][j] += ...` have their header on the body's line. The back edge is
//! where the counter is compared and incremented, on the line of the `for`: so a CFG loop is
//! named by the location of the branch that ends its latch (a block with a back edge to the
//! header: one the header dominates), read from the binary's code
//! ([`crate::control::static_cfg`]) and DWARF. Loops without such a latch (recursive loops,
//! functions the decoder refuses) keep the header's location.

use crate::control::static_cfg::{static_cfg, CodeImage, StaticCfg};
use crate::control::LoopKind;
use crate::launch::elf_segments;
use crate::profile::Profile;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// `file:line:column` of the latch branch of each CFG loop of `profile` (by loop id), for the
/// loops where one is found; `binary` is the profiled binary.
pub fn latch_locations(profile: &Profile, binary: &Path) -> Result<HashMap<u32, String>, String> {
    let bytes = std::fs::read(binary).map_err(|e| format!("{}: {e}", binary.display()))?;
    let segments = elf_segments(&bytes).ok_or_else(|| format!("{}: not a 64-bit ELF executable", binary.display()))?;
    let base = profile.load_base;
    // Run-time addresses, as the profile's headers are.
    let image = CodeImage::new(
        segments
            .iter()
            .filter_map(|s| Some((s.address + base, bytes.get(s.offset..s.offset.checked_add(s.size)?)?.to_vec())))
            .collect(),
    );
    let loader = addr2line::Loader::new(binary).map_err(|e| format!("{}: cannot read debug information: {e}", binary.display()))?;
    let mut locations = HashMap::new();
    for record in profile.loops.iter().filter(|l| l.kind == LoopKind::Cfg) {
        let Some(branch) = latch_branch(&image, record.function, record.header) else { continue };
        let location = branch.checked_sub(base).and_then(|address| loader.find_location(address).ok().flatten());
        if let Some(location) = location {
            if let (Some(file), Some(line)) = (location.file, location.line.filter(|&l| l > 0)) {
                locations.insert(record.id, format!("{file}:{line}:{}", location.column.unwrap_or(0)));
            }
        }
    }
    Ok(locations)
}

/// An address inside the last instruction of the latch of the loop at `header`: of the blocks
/// with a back edge to the header (blocks the header dominates), the one at the highest address.
fn latch_branch(image: &CodeImage, function: u64, header: u64) -> Option<u64> {
    let cfg = static_cfg(image, function)?;
    let outside = reachable_without(&cfg, function, header);
    let latch = cfg
        .edges
        .iter()
        .filter(|&&(from, to)| to == header && !outside.contains(&from))
        .map(|&(from, _)| from)
        .max()?;
    // The block's end is the address after its last instruction; the byte before it belongs
    // to that instruction.
    cfg.blocks.get(&latch).map(|end| end - 1)
}

/// The blocks reachable from `entry` without passing through `removed`: those `removed` does
/// not dominate.
fn reachable_without(cfg: &StaticCfg, entry: u64, removed: u64) -> HashSet<u64> {
    let mut reached = HashSet::new();
    let mut pending = vec![entry];
    while let Some(block) = pending.pop() {
        if block == removed || !reached.insert(block) {
            continue;
        }
        pending.extend(cfg.edges.iter().filter(|&&(from, _)| from == block).map(|&(_, to)| to));
    }
    reached
}
