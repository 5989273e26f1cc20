//! The folded profile in the pass (`profile=FILE`): read once per process, checked, and its
//! loops matched to the IR's (paper 001 §3: the runtime's dynamic loops, located by the
//! binary's DWARF when `polyprop profile` wrote the profile).
//!
//! A profile belongs to the source, not to one binary: it is made from a build that QEMU can
//! run (`-O1`, `-march=x86-64-v3`) and read when compiling the optimized build. So matching
//! goes through source locations, `file:line`, never machine addresses: a profiled loop is
//! the IR loop that contains its header's line, the one as deep as it where several do (the
//! profiled build may put an outer loop's header on the line of the inner loop it enters).
//! IR loops are shown at their `llvm.loop` start line. What does not match is listed, not
//! guessed.
//!
//! What the profile lets the static model assume is its `Evidence`: the source lines whose
//! memory accesses the runtime folded into affine functions of their loops (paper 001, §4).
//! Where the static model finds row pointers (`float **w`, `w[k][j]`) at such an access, it
//! takes the rows for one array and code generation checks them at run time
//! (`polyhedral::model::Array::row_pointers`). Where the profile saw an access move by a cache
//! line or more per iteration of its innermost loop, the SCoP around it is rescheduled (nw's
//! wavefront; `Evidence::seen_across_lines`). Where it ran a read through an index array, the
//! array's elements read are bounded by a scan in the run-time check
//! (`Evidence::loads_seen`, `scop_builder::index_arrays`). Not yet: bounds loaded from memory
//! and aliasing from the profile (issue 15).

use crate::bridge::{self, Analyses, Loop};
use crate::ir::{self, Value};
use runtime::folding::Coefficient;
use runtime::profile::{AccessKind, LoopRecord, Profile};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// A profile as read, with what it lets the model assume (computed once per profile, not
/// once per function).
#[derive(Debug)]
pub struct Read {
    pub profile: Profile,
    pub evidence: Evidence,
}

/// A profile as read, or why it cannot be used.
type Loaded = Result<Arc<Read>, String>;

/// The profiles read by this process, by path: a clang process compiles many functions,
/// each of which would otherwise read and check the file again.
fn cache() -> &'static Mutex<HashMap<String, Loaded>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Loaded>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The profile at `path`, and whether this call is the first to read it (so that a bad
/// profile is reported once per process, not once per function).
pub fn load(path: &str) -> (Loaded, bool) {
    let mut cache = cache().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = cache.get(path) {
        return (found.clone(), false);
    }
    let read = Profile::read_without_dependences(Path::new(path))
        .map(|profile| Arc::new(Read { evidence: Evidence::of(&profile), profile }))
        .map_err(|e| e.message);
    cache.insert(path.to_string(), read.clone());
    (read, true)
}

/// Whether `profile` was made from another version of `function`'s source file: the profile
/// lists that file (by name) but none of its entries has the MD5 checksum the module's debug
/// info records. Unknown (no checksum on either side) counts as the same sources.
pub fn other_sources(profile: &Profile, function: Value) -> Option<String> {
    let (file, md5) = bridge::source_checksum(function)?;
    let name = file_name(&file);
    let same_name: Vec<&(String, String)> = profile.sources.iter().filter(|(path, _)| file_name(path) == name).collect();
    (!same_name.is_empty() && same_name.iter().all(|(_, m)| !m.eq_ignore_ascii_case(&md5))).then_some(name)
}

/// Says on stderr, once per process and file, that the profile was made from another version
/// of `file`.
fn warn_other_sources(path: &str, file: &str) {
    static SAID: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    let mut said = SAID.get_or_init(|| Mutex::new(Vec::new())).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if !said.iter().any(|f| f == file) {
        said.push(file.to_string());
        eprint!("{}", unusable(&format!("{path}: made from another version of {file} (its MD5 checksum differs)")));
    }
}

/// The profile for `function`, if `profile=FILE` names one the pass can use for it.
pub fn for_function(options: &crate::options::Options, function: Value) -> Option<Arc<Read>> {
    let (path, read) = usable(options)?;
    if let Some(file) = other_sources(&read.profile, function) {
        warn_other_sources(path, &file);
        return None;
    }
    Some(read)
}

/// The one line for a profile the pass cannot use.
pub fn unusable(why: &str) -> String {
    format!("polyprop: profile not used: {why}; compiling without it\n")
}

/// Says on stderr, once per process, that `profile=FILE` cannot be used (a diagnostic, not
/// a printer's output: it must not mix with an object written to stdout).
pub fn warn_if_unusable(options: &crate::options::Options) {
    usable(options);
}

/// The path and the profile of `profile=FILE` if it reads; the first reader of a profile that
/// does not says why on stderr.
fn usable(options: &crate::options::Options) -> Option<(&str, Arc<Read>)> {
    let path = options.profile.as_deref()?;
    match load(path) {
        (Ok(read), _) => Some((path, read)),
        (Err(why), first) => {
            if first {
                eprint!("{}", unusable(&why));
            }
            None
        }
    }
}

/// Bytes of a cache line: an access that moves by this much or more per iteration of its
/// innermost loop touches a new line each time.
const CACHE_LINE: i64 = 64;

/// What a profile saw of the accesses, by source line, kind and width.
#[derive(Debug, Default)]
pub struct Evidence {
    /// Per `(line, store, bytes)`: whether every folded access of that kind and width on the
    /// line has an affine address in every piece (no `Top` coefficient, no give-up).
    affine: HashMap<(Line, bool, u8), bool>,
    /// The `(line, store, bytes)` of which some folded access moved by a cache line or more
    /// per iteration of its innermost loop, in some piece (paper 001, section 5: the strides
    /// behind its interchange suggestions).
    across_lines: HashSet<(Line, bool, u8)>,
}

impl Evidence {
    /// The evidence of `profile`.
    fn of(profile: &Profile) -> Evidence {
        let mut evidence = Evidence::default();
        for r in &profile.instructions {
            let Some(line) = r.location.as_deref().and_then(line_of) else { continue };
            let folded = &r.folded;
            let is_affine = !folded.gave_up
                && folded.pieces.iter().all(|p| p.label_functions.iter().all(|f| f.coefficients.iter().all(|c| *c != Coefficient::Top)));
            let key = (line, r.kind == AccessKind::Store, r.size);
            // The address (label component 0) along the innermost axis (the last).
            let crosses_lines = |f: &runtime::folding::LabelFunction| match f.coefficients.last() {
                Some(Coefficient::Integer(c)) => c.abs() >= CACHE_LINE,
                _ => false,
            };
            if folded.pieces.iter().any(|p| p.label_functions.first().is_some_and(crosses_lines)) {
                evidence.across_lines.insert(key.clone());
            }
            *evidence.affine.entry(key).or_insert(true) &= is_affine;
        }
        evidence
    }

    pub fn is_empty(&self) -> bool {
        self.affine.is_empty()
    }

    /// Whether the profile saw the load or store `inst` behave affinely: it holds accesses of
    /// the same kind and width on its source line, each with an affine address.
    pub fn seen_affine(&self, inst: Value) -> bool {
        Self::key(inst).is_some_and(|key| self.affine.get(&key).copied().unwrap_or(false))
    }

    /// Whether the profile saw loads on the source line of `location` (the line ran in the
    /// profiled run).
    pub fn loads_seen(&self, location: &polyhedral::model::SourceLocation) -> bool {
        let line = (file_name(&location.file), location.line);
        self.affine.keys().any(|(l, store, _)| *l == line && !*store)
    }

    /// Whether the profile saw an access of the kind and width of the load or store `inst` on
    /// its source line move by a cache line or more per iteration of its innermost loop.
    pub fn seen_across_lines(&self, inst: Value) -> bool {
        Self::key(inst).is_some_and(|key| self.across_lines.contains(&key))
    }

    fn key(inst: Value) -> Option<(Line, bool, u8)> {
        let (file, line, _) = bridge::debug_location(inst).filter(|l| l.1 > 0)?;
        let store = ir::opcode(inst) == Some(llvm_sys::LLVMOpcode::LLVMStore);
        Some(((file_name(&file), line), store, bridge::access_size(inst) as u8))
    }
}

/// A source position, `(file name without directories, line)`: the build directory of the
/// profiled binary and of the compilation may differ.
type Line = (String, u32);

fn line_of(location: &str) -> Option<Line> {
    let mut parts = location.rsplitn(3, ':');
    let _column = parts.next()?;
    let line = parts.next()?.parse().ok()?;
    Some((file_name(parts.next()?), line))
}

fn file_name(path: &str) -> String {
    Path::new(path).file_name().map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}

/// Where an IR loop starts in the source.
fn start_of(l: Loop) -> Option<Line> {
    if let (_, Some((file, line, _))) = l.id_and_start() {
        if line > 0 {
            return Some((file_name(&file), line));
        }
    }
    ir::instructions(l.header()).into_iter().find_map(|inst| {
        let (file, line, _) = bridge::debug_location(inst)?;
        (line > 0).then(|| (file_name(&file), line))
    })
}

/// The function's loops, outermost first, each once.
fn loops_of(a: Analyses, function: Value) -> Vec<Loop> {
    let mut loops = Vec::new();
    for block in ir::blocks(function) {
        if let Some(l) = a.loop_for(block).filter(|l| l.header() == block) {
            loops.push(l);
        }
    }
    loops.sort_by_key(|l| l.depth());
    loops
}

fn describe(record: &LoopRecord) -> String {
    let t = record.trip_counts;
    format!("L{}: {} iterations in {} entries, trip count {}..{}", record.id, t.iterations, t.entries, t.min, t.max)
}

/// The lines of the instructions in each loop (its subloops' included), and of the whole
/// function: a profiled loop's header line lies in the loop it is.
fn owned_lines(a: Analyses, function: Value) -> (HashMap<*mut std::ffi::c_void, Vec<Line>>, Vec<Line>) {
    let mut owned: HashMap<*mut std::ffi::c_void, Vec<Line>> = HashMap::new();
    let mut all = Vec::new();
    for block in ir::blocks(function) {
        for inst in ir::instructions(block) {
            let Some((file, line, _)) = bridge::debug_location(inst).filter(|l| l.1 > 0) else { continue };
            let line = (file_name(&file), line);
            let mut around = a.loop_for(block);
            while let Some(l) = around {
                owned.entry(l.raw()).or_default().push(line.clone());
                around = l.parent();
            }
            all.push(line);
        }
    }
    (owned, all)
}

/// `print=profile`: per IR loop of `function`, the profiled loops whose header is on one of
/// its lines (at its depth, see `owner`), or, for a header without a line, that are around
/// such loops (`through_nesting`); then the profiled loops of the function that no IR loop
/// is.
pub fn report(a: Analyses, function: Value, name: &str, profile: &Profile) -> String {
    let (owned, all_lines) = owned_lines(a, function);
    let loops = loops_of(a, function);
    let mut matched: HashMap<*mut std::ffi::c_void, Vec<&LoopRecord>> = HashMap::new();
    let mut ir_loop_of: HashMap<u32, Loop> = HashMap::new();
    let mut unmatched = Vec::new();
    for r in &profile.loops {
        let Some(line) = r.location.as_deref().and_then(line_of) else { continue };
        if !all_lines.contains(&line) {
            continue;
        }
        match owner(&loops, &owned, &line, profiled_depth(profile, r)) {
            Some(l) => {
                matched.entry(l.raw()).or_default().push(r);
                ir_loop_of.insert(r.id, l);
            }
            None => unmatched.push((line, r)),
        }
    }
    let mut unlocated = Vec::new();
    for (r, inner) in through_nesting(profile, &mut ir_loop_of) {
        match inner {
            Some(l) => matched.entry(l.raw()).or_default().push(r),
            None => unlocated.push(r),
        }
    }
    if loops.is_empty() && unmatched.is_empty() && unlocated.is_empty() {
        return String::new();
    }
    let mut out = format!("polyprop-profile: function {name} (profile of {})\n", profile.binary);
    for l in &loops {
        let depth = l.depth();
        let Some(start) = start_of(*l) else {
            let _ = writeln!(out, "  loop at depth {depth}: no source location (build with -g)");
            continue;
        };
        match matched.get(&l.raw()) {
            Some(found) => {
                let shown: Vec<String> = found.iter().map(|r| describe(r)).collect();
                let _ = writeln!(out, "  loop at {}:{} (depth {depth}): profiled {}", start.0, start.1, shown.join("; "));
            }
            None => {
                let _ = writeln!(out, "  loop at {}:{} (depth {depth}): not in the profile", start.0, start.1);
            }
        }
    }
    for (line, r) in unmatched {
        let _ = writeln!(out, "  profiled loop at {}:{} matches no loop of the IR: {}", line.0, line.1, describe(r));
    }
    for r in unlocated {
        let _ = writeln!(out, "  profiled loop without a source line matches no loop of the IR: {}", describe(r));
    }
    out
}

/// The profiled loops without a source line (the profiled build gave their header none)
/// around loops matched in this function, innermost first, each with its IR loop: the
/// ancestor of its inner loop's IR loop at its depth (else that loop's parent), or `None`
/// when there is no such IR loop. The IR loops found count for the loops around them.
fn through_nesting<'p>(profile: &'p Profile, ir_loop_of: &mut HashMap<u32, Loop>) -> Vec<(&'p LoopRecord, Option<Loop>)> {
    let mut lineless: Vec<&LoopRecord> =
        profile.loops.iter().filter(|r| r.location.as_deref().and_then(line_of).is_none()).collect();
    lineless.sort_by_key(|r| std::cmp::Reverse(profiled_depth(profile, r)));
    let mut out = Vec::new();
    for r in lineless {
        let inner = profile.loops.iter().filter(|c| c.parent == Some(r.id)).find_map(|c| ir_loop_of.get(&c.id).copied());
        let Some(inner) = inner else { continue };
        let depth = profiled_depth(profile, r);
        let mut around = inner.parent();
        while let Some(l) = around.filter(|l| l.depth() > depth) {
            around = l.parent();
        }
        if let Some(l) = around {
            ir_loop_of.insert(r.id, l);
        }
        out.push((r, around));
    }
    out
}

/// How deep a profiled loop is nested in its function (1 for an outermost loop).
fn profiled_depth(profile: &Profile, record: &LoopRecord) -> u32 {
    let mut depth = 1;
    let mut parent = record.parent;
    while let Some(p) = parent.and_then(|id| profile.loops.iter().find(|l| l.id == id)) {
        depth += 1;
        parent = p.parent;
        if depth > 64 {
            break;
        }
    }
    depth
}

/// The IR loop a profiled loop at `line` and `depth` is: among the loops that contain the
/// line, the one as deep (the profiled build's header of an outer loop may be on the line of
/// the inner loop it enters), else the innermost.
fn owner(loops: &[Loop], owned: &HashMap<*mut std::ffi::c_void, Vec<Line>>, line: &Line, depth: u32) -> Option<Loop> {
    let owners: Vec<Loop> = loops.iter().copied().filter(|l| owned.get(&l.raw()).is_some_and(|lines| lines.contains(line))).collect();
    owners.iter().copied().find(|l| l.depth() == depth).or_else(|| owners.into_iter().max_by_key(|l| l.depth()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_match_by_file_name_and_line() {
        assert_eq!(line_of("/build/app/src/kernel.c:25:7"), Some(("kernel.c".to_string(), 25)));
        assert_eq!(line_of("kernel.c:3:0"), Some(("kernel.c".to_string(), 3)));
        assert_eq!(line_of("kernel.c"), None);
    }

    #[test]
    fn a_bad_profile_is_read_once_and_said_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("truncated.profile");
        std::fs::write(&path, "polyprop-profile 2\nloop 1\n").unwrap();
        let path = path.to_string_lossy().into_owned();
        let (first, first_time) = load(&path);
        let (second, second_time) = load(&path);
        assert!(first_time && !second_time);
        let why = first.unwrap_err();
        assert_eq!(second.unwrap_err(), why);
        let line = unusable(&why);
        assert_eq!(line.lines().count(), 1, "{line}");
        assert!(line.contains("truncated.profile"), "{line}");
    }
}
