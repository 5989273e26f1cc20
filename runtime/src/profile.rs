//! The profile file: what one instrumented execution leaves behind (format documented in
//! `runtime/README.md`). A line-oriented text file, versioned by its first line and sealed by
//! an FNV-1a checksum of everything before its last line, so that readers detect truncated,
//! edited or corrupt files, files of another format version, and (with
//! [`Profile::check_binary`]) profiles of another binary.

use crate::folding::{Coefficient, FoldedStream, LabelFunction, Piece};
use crate::control::{LoopKind, TripCounts};
use std::fmt::Write as _;
use std::path::Path;

/// The format version this build writes. Version 3 added the source files' checksums
/// (`source`), version 2 the loop kind (`kind=cfg|recursive`) and the thread of each
/// context; version 1 and 2 profiles are still read.
pub const FORMAT_VERSION: u32 = 3;
const OLDEST_READ_VERSION: u32 = 1;
const MAGIC: &str = "polyprop-profile";

/// Whether a memory instruction reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    Load,
    Store,
}

/// A loop of the execution, identified by its function and header: a loop of a function's CFG
/// (paper 001, section 3.1), or a recursive loop (section 3.2) whose `function` and `header`
/// are both the entry address of its component's top-level header function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopRecord {
    pub id: u32,
    pub function: u64,
    pub header: u64,
    pub kind: LoopKind,
    /// The enclosing loop in the same function's loop forest (`None` for a recursive loop,
    /// whose nesting is dynamic: see the contexts).
    pub parent: Option<u32>,
    pub trip_counts: TripCounts,
    pub location: Option<String>,
}

/// A calling context: the call sites from the entry function, and the live loops, outermost
/// first: the axes of the iteration vectors of the streams in this context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextRecord {
    pub id: u32,
    /// The guest thread (serial number, 0 for the first) whose execution this context is.
    pub thread: u32,
    pub call_sites: Vec<u64>,
    pub loops: Vec<u32>,
    /// How many of `loops` each frame holds, outermost frame first (one more frame than call
    /// sites: `call_sites[i]` opened frame `i + 1`); empty in profiles written before it was
    /// recorded. Two contexts share a loop only in the frames their call sites agree on.
    pub frame_loops: Vec<u32>,
}

impl ContextRecord {
    /// The loops `self` and `other` (of one thread) share, outermost first: the common prefix
    /// of their loops within the frames their call sites agree on. Two calls of one function
    /// from different call sites run its loops apart (backprop's two `layerforward` calls),
    /// though the loops have the same ids. Profiles without frames: the common prefix of the
    /// loops.
    pub fn shared_loops(&self, other: &ContextRecord) -> Vec<u32> {
        let common = |a: &[u32], b: &[u32]| a.iter().zip(b).take_while(|(x, y)| x == y).map(|(x, _)| *x).collect();
        if self.frame_loops.is_empty() || other.frame_loops.is_empty() {
            return common(&self.loops, &other.loops);
        }
        // Frame i + 1 was opened by call_sites[i]: frames 0..=same are on one call path.
        let same = self.call_sites.iter().zip(&other.call_sites).take_while(|(a, b)| a == b).count();
        let through = |c: &ContextRecord| {
            let loops = c.frame_loops.iter().take(same + 1).map(|&l| l as usize).sum::<usize>();
            c.loops[..loops.min(c.loops.len())].to_vec()
        };
        common(&through(self), &through(other))
    }
}

/// The folded instruction stream of one memory instruction in one context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstructionRecord {
    pub id: u32,
    pub pc: u64,
    pub context: u32,
    pub kind: AccessKind,
    /// Bytes accessed by one instance.
    pub size: u8,
    /// Number of instances (executions).
    pub count: u64,
    /// Instances that came out of lexicographic order and could not be folded.
    pub order_errors: u64,
    /// `file:line:column` from DWARF, when known.
    pub location: Option<String>,
    /// Domain and label function (the address) of the instances.
    pub folded: FoldedStream,
}

/// The folded dependence stream from instruction record `source` (producer) to `sink`
/// (consumer): points are the consumer's iteration vectors, labels the producer's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DependenceRecord {
    pub source: u32,
    pub sink: u32,
    pub count: u64,
    pub order_errors: u64,
    pub folded: FoldedStream,
}

/// A whole profile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// Path of the profiled binary, and FNV-1a hash of its contents (0 when unknown).
    pub binary: String,
    pub binary_hash: u64,
    /// Address at which the binary was loaded (PIE binaries), subtracted before DWARF lookups.
    pub load_base: u64,
    /// The profiled binary's source files with the MD5 checksums (hex) its DWARF recorded:
    /// the sources the profile belongs to.
    pub sources: Vec<(String, String)>,
    pub notes: Vec<String>,
    pub loops: Vec<LoopRecord>,
    pub contexts: Vec<ContextRecord>,
    pub instructions: Vec<InstructionRecord>,
    pub dependences: Vec<DependenceRecord>,
}

/// Why a profile could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    pub message: String,
}

impl std::fmt::Display for ProfileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ProfileError {}

fn error(message: String) -> ProfileError {
    ProfileError { message }
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

fn optional(text: &Option<String>) -> String {
    match text {
        Some(t) => t.replace('%', "%25").replace(' ', "%20"),
        None => "-".to_string(),
    }
}

fn parse_optional(text: &str) -> Option<String> {
    (text != "-").then(|| text.replace("%20", " ").replace("%25", "%"))
}

fn write_stream(out: &mut String, stream: &FoldedStream) {
    writeln!(
        out,
        "stream space={} labels={} points={} gave-up={} max-intermediate={} pieces={}",
        stream.space,
        stream.label_components,
        stream.points,
        stream.gave_up as u8,
        stream.max_intermediate_polyhedra,
        stream.pieces.len()
    )
    .unwrap();
    for piece in &stream.pieces {
        write_piece(out, piece);
    }
}

/// `piece POINTS VERTICES LABELS`: vertices `;`-separated (coordinates `,`-separated, `()`
/// for none), label functions `|`-separated as `COEFFICIENTS:REMAINING` (`-` for none).
/// Written straight into `out`: a profile may hold a million pieces.
fn write_piece(out: &mut String, piece: &Piece) {
    write!(out, "piece {} ", piece.points).unwrap();
    for (k, vertex) in piece.vertices.iter().enumerate() {
        if k > 0 {
            out.push(';');
        }
        if vertex.is_empty() {
            out.push_str("()");
        }
        for (a, x) in vertex.iter().enumerate() {
            write!(out, "{}{x}", if a > 0 { "," } else { "" }).unwrap();
        }
    }
    out.push(' ');
    if piece.label_functions.is_empty() {
        out.push('-');
    }
    for (k, f) in piece.label_functions.iter().enumerate() {
        if k > 0 {
            out.push('|');
        }
        for (a, c) in f.coefficients.iter().enumerate() {
            if a > 0 {
                out.push(',');
            }
            match c {
                Coefficient::Integer(x) => write!(out, "{x}").unwrap(),
                Coefficient::Top => out.push('T'),
                Coefficient::Unknown => out.push('0'),
            }
        }
        write!(out, ":{}", f.remaining).unwrap();
    }
    out.push('\n');
}

fn join<T: ToString>(items: impl Iterator<Item = T>) -> String {
    items.map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

impl Profile {
    /// The profile in the file format, checksum line included.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        writeln!(out, "{MAGIC} {FORMAT_VERSION}").unwrap();
        writeln!(out, "binary {:016x} {}", self.binary_hash, optional(&Some(self.binary.clone()))).unwrap();
        writeln!(out, "load-base {:#x}", self.load_base).unwrap();
        for (path, md5) in &self.sources {
            writeln!(out, "source {md5} {}", optional(&Some(path.clone()))).unwrap();
        }
        for note in &self.notes {
            writeln!(out, "note {}", note.replace('\n', " ")).unwrap();
        }
        for l in &self.loops {
            let parent = l.parent.map_or("-".to_string(), |p| p.to_string());
            let t = l.trip_counts;
            let kind = match l.kind {
                LoopKind::Cfg => "cfg",
                LoopKind::Recursive => "recursive",
            };
            writeln!(
                out,
                "loop {} kind={kind} function={:#x} header={:#x} parent={parent} entries={} iterations={} min={} max={} location={}",
                l.id, l.function, l.header, t.entries, t.iterations, t.min, t.max, optional(&l.location)
            )
            .unwrap();
        }
        for c in &self.contexts {
            let calls = if c.call_sites.is_empty() { "-".to_string() } else { c.call_sites.iter().map(|a| format!("{a:#x}")).collect::<Vec<_>>().join(",") };
            let loops = if c.loops.is_empty() { "-".to_string() } else { join(c.loops.iter()) };
            write!(out, "context {} thread={} calls={calls} loops={loops}", c.id, c.thread).unwrap();
            if !c.frame_loops.is_empty() {
                write!(out, " frames={}", join(c.frame_loops.iter())).unwrap();
            }
            out.push('\n');
        }
        for i in &self.instructions {
            let kind = match i.kind {
                AccessKind::Load => "load",
                AccessKind::Store => "store",
            };
            writeln!(
                out,
                "instruction {} pc={:#x} context={} kind={kind} size={} count={} errors={} location={}",
                i.id, i.pc, i.context, i.size, i.count, i.order_errors, optional(&i.location)
            )
            .unwrap();
            write_stream(&mut out, &i.folded);
        }
        for d in &self.dependences {
            writeln!(out, "dependence {} {} count={} errors={}", d.source, d.sink, d.count, d.order_errors).unwrap();
            write_stream(&mut out, &d.folded);
        }
        let checksum = fnv1a(out.as_bytes());
        writeln!(out, "end fnv1a={checksum:016x}").unwrap();
        out
    }

    /// Writes the profile to `path`.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        // Through a file of our own and a rename, so that a reader (or another process of
        // the same run writing the same path) never sees half a profile.
        let mut partial = path.as_os_str().to_owned();
        partial.push(format!(".partial-{}", std::process::id()));
        std::fs::write(&partial, self.to_text())?;
        std::fs::rename(&partial, path)
    }

    /// Reads the profile at `path`; errors name the file and say what is wrong in one line.
    pub fn read(path: &Path) -> Result<Profile, ProfileError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| error(format!("{}: cannot read profile: {e}", path.display())))?;
        Profile::parse(&text).map_err(|e| error(format!("{}: {}", path.display(), e.message)))
    }

    /// Reads the profile at `path` as [`Profile::read`] does, checksum included, but without
    /// its dependence streams (`dependences` stays empty): what the compiler reads. Those are
    /// most of a profile (93% of backprop's 7.7 MB), and parsing them took most of the 0.21 s
    /// the pass spent reading it; the pass uses the loops and the instruction streams only.
    pub fn read_without_dependences(path: &Path) -> Result<Profile, ProfileError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| error(format!("{}: cannot read profile: {e}", path.display())))?;
        Profile::parse_with(&text, false).map_err(|e| error(format!("{}: {}", path.display(), e.message)))
    }

    /// Parses the file format.
    pub fn parse(text: &str) -> Result<Profile, ProfileError> {
        Profile::parse_with(text, true)
    }

    /// Parses the file format, the dependence streams only `with_dependences`.
    fn parse_with(text: &str, with_dependences: bool) -> Result<Profile, ProfileError> {
        let first = text.lines().next().unwrap_or("");
        let mut header = first.split(' ');
        if header.next() != Some(MAGIC) {
            return Err(error("not a polyprop profile (bad first line)".into()));
        }
        let version: u32 = header.next().and_then(|v| v.parse().ok()).unwrap_or(0);
        if !(OLDEST_READ_VERSION..=FORMAT_VERSION).contains(&version) {
            return Err(error(format!(
                "profile format version {version} is not supported (this build reads versions {OLDEST_READ_VERSION} to {FORMAT_VERSION})"
            )));
        }
        let body_end = text
            .trim_end_matches('\n')
            .rfind('\n')
            .map(|i| i + 1)
            .ok_or_else(|| error("truncated profile: no end line".into()))?;
        let last = text[body_end..].trim_end();
        let Some(recorded) = last.strip_prefix("end fnv1a=") else {
            return Err(error("truncated profile: no end line".into()));
        };
        let computed = fnv1a(&text.as_bytes()[..body_end]);
        if u64::from_str_radix(recorded, 16).ok() != Some(computed) {
            return Err(error("corrupt profile: checksum mismatch".into()));
        }
        Parser { lines: text[..body_end].lines().enumerate().skip(1).peekable(), version, with_dependences }.profile()
    }

    /// Checks that `binary` is the profiled binary (same contents).
    pub fn check_binary(&self, binary: &Path) -> Result<(), ProfileError> {
        let bytes = std::fs::read(binary)
            .map_err(|e| error(format!("{}: cannot read binary: {e}", binary.display())))?;
        if self.binary_hash != 0 && fnv1a(&bytes) != self.binary_hash {
            return Err(error(format!(
                "profile does not match {}: it was recorded for another build of {}",
                binary.display(),
                self.binary
            )));
        }
        Ok(())
    }

    /// The context record with id `id`.
    pub fn context(&self, id: u32) -> Option<&ContextRecord> {
        self.contexts.iter().find(|c| c.id == id)
    }
}

struct Parser<'a> {
    lines: std::iter::Peekable<std::iter::Skip<std::iter::Enumerate<std::str::Lines<'a>>>>,
    version: u32,
    /// Whether dependence records are parsed (else their streams are skipped).
    with_dependences: bool,
}

fn field<'a>(words: &[&'a str], key: &str, line: usize) -> Result<&'a str, ProfileError> {
    words
        .iter()
        .find_map(|w| w.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .ok_or_else(|| error(format!("line {}: missing field '{key}'", line + 1)))
}

fn number<T: std::str::FromStr>(text: &str, line: usize) -> Result<T, ProfileError> {
    text.parse().map_err(|_| error(format!("line {}: '{text}' is not a number", line + 1)))
}

fn address(text: &str, line: usize) -> Result<u64, ProfileError> {
    u64::from_str_radix(text.trim_start_matches("0x"), 16)
        .map_err(|_| error(format!("line {}: '{text}' is not an address", line + 1)))
}

impl<'a> Parser<'a> {
    fn profile(&mut self) -> Result<Profile, ProfileError> {
        let mut profile = Profile::default();
        while let Some((n, line)) = self.lines.next() {
            let words: Vec<&str> = line.split(' ').collect();
            match words[0] {
                "binary" if words.len() >= 3 => {
                    profile.binary_hash = address(words[1], n)?;
                    profile.binary = parse_optional(&words[2..].join(" ")).unwrap_or_default();
                }
                "load-base" if words.len() == 2 => profile.load_base = address(words[1], n)?,
                "source" if words.len() == 3 => profile.sources.push((parse_optional(words[2]).unwrap_or_default(), words[1].to_string())),
                "note" => profile.notes.push(words[1..].join(" ")),
                "loop" => {
                    let parent = field(&words, "parent", n)?;
                    profile.loops.push(LoopRecord {
                        id: number(words.get(1).copied().unwrap_or(""), n)?,
                        function: address(field(&words, "function", n)?, n)?,
                        header: address(field(&words, "header", n)?, n)?,
                        kind: self.loop_kind(&words, n)?,
                        parent: if parent == "-" { None } else { Some(number(parent, n)?) },
                        trip_counts: TripCounts {
                            entries: number(field(&words, "entries", n)?, n)?,
                            iterations: number(field(&words, "iterations", n)?, n)?,
                            min: number(field(&words, "min", n)?, n)?,
                            max: number(field(&words, "max", n)?, n)?,
                        },
                        location: parse_optional(field(&words, "location", n)?),
                    });
                }
                "context" => {
                    let calls = field(&words, "calls", n)?;
                    let loops = field(&words, "loops", n)?;
                    profile.contexts.push(ContextRecord {
                        id: number(words.get(1).copied().unwrap_or(""), n)?,
                        thread: self.thread(&words, n)?,
                        call_sites: if calls == "-" { vec![] } else { calls.split(',').map(|a| address(a, n)).collect::<Result<_, _>>()? },
                        loops: if loops == "-" { vec![] } else { loops.split(',').map(|a| number(a, n)).collect::<Result<_, _>>()? },
                        // Optional: profiles written before it have none.
                        frame_loops: match field(&words, "frames", n) {
                            Ok(frames) => frames.split(',').map(|a| number(a, n)).collect::<Result<_, _>>()?,
                            Err(_) => vec![],
                        },
                    });
                    let context = profile.contexts.last().expect("just pushed");
                    let frames_add_up = context.frame_loops.len() == context.call_sites.len() + 1
                        && context.frame_loops.iter().map(|&l| l as usize).sum::<usize>() == context.loops.len();
                    if !context.frame_loops.is_empty() && !frames_add_up {
                        return Err(error(format!("line {}: the frames' loops do not add up to the context's calls and loops", n + 1)));
                    }
                }
                "instruction" => {
                    let kind = match field(&words, "kind", n)? {
                        "load" => AccessKind::Load,
                        "store" => AccessKind::Store,
                        other => return Err(error(format!("line {}: unknown access kind '{other}'", n + 1))),
                    };
                    let record = InstructionRecord {
                        id: number(words.get(1).copied().unwrap_or(""), n)?,
                        pc: address(field(&words, "pc", n)?, n)?,
                        context: number(field(&words, "context", n)?, n)?,
                        kind,
                        size: number(field(&words, "size", n)?, n)?,
                        count: number(field(&words, "count", n)?, n)?,
                        order_errors: number(field(&words, "errors", n)?, n)?,
                        location: parse_optional(field(&words, "location", n)?),
                        folded: self.stream()?,
                    };
                    profile.instructions.push(record);
                }
                "dependence" if !self.with_dependences => self.skip_stream()?,
                "dependence" if words.len() >= 3 => {
                    let record = DependenceRecord {
                        source: number(words[1], n)?,
                        sink: number(words[2], n)?,
                        count: number(field(&words, "count", n)?, n)?,
                        order_errors: number(field(&words, "errors", n)?, n)?,
                        folded: self.stream()?,
                    };
                    profile.dependences.push(record);
                }
                _ => return Err(error(format!("line {}: unexpected '{}'", n + 1, words[0]))),
            }
        }
        Ok(profile)
    }

    /// The `thread` field of a context line; version 1 has none (one thread).
    fn thread(&self, words: &[&str], n: usize) -> Result<u32, ProfileError> {
        if self.version == 1 {
            return Ok(0);
        }
        number(field(words, "thread", n)?, n)
    }

    /// The `kind` field of a loop line; version 1 has none (CFG loops only).
    fn loop_kind(&self, words: &[&str], n: usize) -> Result<LoopKind, ProfileError> {
        if self.version == 1 {
            return Ok(LoopKind::Cfg);
        }
        match field(words, "kind", n)? {
            "cfg" => Ok(LoopKind::Cfg),
            "recursive" => Ok(LoopKind::Recursive),
            other => Err(error(format!("line {}: unknown loop kind '{other}'", n + 1))),
        }
    }

    /// The next line, a stream line: its number and words.
    fn stream_line(&mut self) -> Result<(usize, Vec<&'a str>), ProfileError> {
        let Some((n, line)) = self.lines.next() else {
            return Err(error("unexpected end of profile: missing stream line".into()));
        };
        let words: Vec<&str> = line.split(' ').collect();
        if words[0] != "stream" {
            return Err(error(format!("line {}: expected a stream line", n + 1)));
        }
        Ok((n, words))
    }

    /// Passes over a stream line and its pieces, checking only that they are there.
    fn skip_stream(&mut self) -> Result<(), ProfileError> {
        let (n, words) = self.stream_line()?;
        let pieces: usize = number(field(&words, "pieces", n)?, n)?;
        for _ in 0..pieces {
            match self.lines.next() {
                Some((_, line)) if line.starts_with("piece ") => {}
                Some((n, _)) => return Err(error(format!("line {}: expected a piece line", n + 1))),
                None => return Err(error("unexpected end of profile: missing piece line".into())),
            }
        }
        Ok(())
    }

    fn stream(&mut self) -> Result<FoldedStream, ProfileError> {
        let (n, words) = self.stream_line()?;
        let space: usize = number(field(&words, "space", n)?, n)?;
        if space > MAX_SPACE {
            return Err(error(format!("line {}: a stream of {space} dimensions (at most {MAX_SPACE})", n + 1)));
        }
        let label_components: usize = number(field(&words, "labels", n)?, n)?;
        let pieces: usize = number(field(&words, "pieces", n)?, n)?;
        let mut stream = FoldedStream {
            space,
            label_components,
            pieces: Vec::new(),
            points: number(field(&words, "points", n)?, n)?,
            gave_up: field(&words, "gave-up", n)? == "1",
            max_intermediate_polyhedra: number(field(&words, "max-intermediate", n)?, n)?,
        };
        for _ in 0..pieces {
            let Some((n, line)) = self.lines.next() else {
                return Err(error("unexpected end of profile: missing piece line".into()));
            };
            stream.pieces.push(parse_piece(line, n, space, label_components)?);
        }
        Ok(stream)
    }
}

/// The deepest stream a reader accepts: a piece has `2^space` vertices.
const MAX_SPACE: usize = 24;

fn parse_piece(line: &str, n: usize, space: usize, components: usize) -> Result<Piece, ProfileError> {
    let words: Vec<&str> = line.split(' ').collect();
    if words.len() != 4 || words[0] != "piece" {
        return Err(error(format!("line {}: expected a piece line", n + 1)));
    }
    let vertices: Vec<Vec<i64>> = words[2]
        .split(';')
        .map(|v| if v == "()" { Ok(vec![]) } else { v.split(',').map(|x| number(x, n)).collect() })
        .collect::<Result<_, _>>()?;
    if vertices.len() != 1 << space || vertices.iter().any(|v| v.len() != space) {
        return Err(error(format!("line {}: a piece of a {space}-dimensional stream needs {} vertices of {space} coordinates", n + 1, 1u64 << space)));
    }
    let label_functions: Vec<LabelFunction> = if words[3] == "-" {
        vec![]
    } else {
        words[3]
            .split('|')
            .map(|f| {
                let (coefficients, remaining) = f
                    .split_once(':')
                    .ok_or_else(|| error(format!("line {}: bad label function '{f}'", n + 1)))?;
                let coefficients: Vec<Coefficient> = if coefficients.is_empty() {
                    vec![]
                } else {
                    coefficients
                        .split(',')
                        .map(|c| if c == "T" { Ok(Coefficient::Top) } else { number(c, n).map(Coefficient::Integer) })
                        .collect::<Result<_, _>>()?
                };
                Ok(LabelFunction { coefficients, remaining: number(remaining, n)? })
            })
            .collect::<Result<_, ProfileError>>()?
    };
    if label_functions.len() != components || label_functions.iter().any(|f| f.coefficients.len() != space) {
        return Err(error(format!("line {}: label functions do not match the stream", n + 1)));
    }
    Ok(Piece { vertices, label_functions, points: number(words[1], n)? })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::folding::{fold, FoldingOptions};

    fn sample() -> Profile {
        let points: Vec<(Vec<i64>, Vec<i64>)> =
            (0..5).flat_map(|i| (0..3).map(move |j| (vec![i, j], vec![100 + 8 * j + 64 * i]))).collect();
        let folded = fold(2, 1, FoldingOptions::default(), &points).unwrap();
        Profile {
            binary: "/tmp/my app".into(),
            binary_hash: 0xabc,
            load_base: 0x40_0000_0000,
            sources: Vec::new(),
            notes: vec!["a note".into()],
            loops: vec![
                LoopRecord { id: 0, function: 0x10, header: 0x20, kind: LoopKind::Cfg, parent: None, trip_counts: TripCounts { entries: 1, iterations: 5, min: 5, max: 5 }, location: Some("a.c:3:5".into()) },
                LoopRecord { id: 1, function: 0x40, header: 0x40, kind: LoopKind::Recursive, parent: None, trip_counts: TripCounts { entries: 1, iterations: 9, min: 9, max: 9 }, location: None },
            ],
            contexts: vec![
                ContextRecord { id: 0, thread: 0, call_sites: vec![0x33], loops: vec![1, 0], frame_loops: vec![1, 1] },
                ContextRecord { id: 1, thread: 3, call_sites: vec![], loops: vec![], frame_loops: vec![] },
            ],
            instructions: vec![InstructionRecord { id: 0, pc: 0x24, context: 0, kind: AccessKind::Load, size: 8, count: 15, order_errors: 0, location: None, folded: folded.clone() }],
            dependences: vec![DependenceRecord { source: 0, sink: 0, count: 15, order_errors: 0, folded }],
        }
    }

    /// `text` with its end line recomputed.
    fn reseal(text: &str) -> String {
        let body = &text[..text.trim_end_matches('\n').rfind('\n').unwrap() + 1];
        format!("{body}end fnv1a={:016x}\n", fnv1a(body.as_bytes()))
    }

    #[test]
    fn version_1_profiles_are_read_as_cfg_loops_only() {
        let mut profile = sample();
        profile.loops.truncate(1);
        profile.contexts.truncate(1);
        profile.contexts[0].loops = vec![0];
        profile.contexts[0].frame_loops = vec![];
        let text = profile
            .to_text()
            .replacen("polyprop-profile 3", "polyprop-profile 1", 1)
            .replacen(" kind=cfg", "", 1)
            .replacen(" thread=0", "", 1);
        assert_eq!(Profile::parse(&reseal(&text)).unwrap(), profile);
    }

    #[test]
    fn profiles_read_without_dependences_keep_everything_else() {
        let profile = sample();
        assert!(!profile.dependences.is_empty());
        let text = profile.to_text();
        let full = Profile::parse_with(&text, true).unwrap();
        let lean = Profile::parse_with(&text, false).unwrap();
        assert!(lean.dependences.is_empty());
        assert_eq!(Profile { dependences: Vec::new(), ..full }, lean);
        // A dependence stream whose piece is missing (the sample's last line before the end
        // is the dependence's piece) is still an error.
        let last_piece = text.rfind("\npiece").unwrap();
        let cut = format!("{}\nnot-a-piece{}", &text[..last_piece], &text[last_piece + "\npiece".len()..]);
        assert!(Profile::parse_with(&reseal(&cut), false).is_err());
    }

    #[test]
    fn profiles_round_trip() {
        let mut profile = sample();
        profile.sources = vec![("/src/my app/kernel.c".into(), "0123456789abcdef0123456789abcdef".into())];
        assert_eq!(Profile::parse(&profile.to_text()).unwrap(), profile);
        // Version 2 had no sources.
        let text = reseal(&profile.to_text().replacen("polyprop-profile 3", "polyprop-profile 2", 1).replace(
            "source 0123456789abcdef0123456789abcdef /src/my%20app/kernel.c\n",
            "",
        ));
        assert_eq!(Profile::parse(&text).unwrap(), Profile { sources: Vec::new(), ..profile });
    }

    #[test]
    fn profiles_without_frames_are_read_and_frames_that_do_not_add_up_are_rejected() {
        let text = sample().to_text();
        assert!(text.contains(" frames=1,1\n"));
        let before_frames = Profile::parse(&reseal(&text.replacen(" frames=1,1", "", 1))).unwrap();
        assert_eq!(before_frames.contexts[0].frame_loops, Vec::<u32>::new());
        for wrong in [" frames=1", " frames=2,1", " frames=1,x"] {
            assert!(Profile::parse(&reseal(&text.replacen(" frames=1,1", wrong, 1))).is_err(), "{wrong}");
        }
    }

    /// Two calls of one function from different call sites share the loops of the frames
    /// above them only; a profile without frames shares the loops' whole common prefix.
    #[test]
    fn contexts_share_loops_only_on_one_call_path() {
        // main's loop 0 calls f (loops 1, 2) from call sites 0x10 and 0x20.
        let context = |call: u64, frame_loops: Vec<u32>| ContextRecord { id: 0, thread: 0, call_sites: vec![0x5, call], loops: vec![0, 1, 2], frame_loops };
        let (first, second) = (context(0x10, vec![0, 1, 2]), context(0x20, vec![0, 1, 2]));
        assert_eq!(first.shared_loops(&second), vec![0]);
        assert_eq!(first.shared_loops(&first.clone()), vec![0, 1, 2]);
        let (old_first, old_second) = (context(0x10, vec![]), context(0x20, vec![]));
        assert_eq!(old_first.shared_loops(&old_second), vec![0, 1, 2]);
        // f called from inside its own loop 1 (one more frame, sharing f's first frame).
        let deeper = ContextRecord { id: 1, thread: 0, call_sites: vec![0x5, 0x10, 0x30], loops: vec![0, 1, 1, 2], frame_loops: vec![0, 1, 1, 2] };
        assert_eq!(first.shared_loops(&deeper), vec![0, 1]);
    }

    #[test]
    fn corrupt_truncated_and_foreign_profiles_are_rejected() {
        let text = sample().to_text();
        let corrupt = text.replacen("count=15", "count=16", 1);
        assert_eq!(Profile::parse(&corrupt).unwrap_err().message, "corrupt profile: checksum mismatch");
        let truncated = &text[..text.len() / 2];
        assert!(Profile::parse(truncated).unwrap_err().message.contains("checksum mismatch") || Profile::parse(truncated).unwrap_err().message.contains("truncated"));
        let future = text.replacen("polyprop-profile 3", "polyprop-profile 4", 1);
        assert!(Profile::parse(&future).unwrap_err().message.contains("version 4 is not supported"));
        let kindless = reseal(&text.replacen(" kind=recursive", "", 1));
        assert!(Profile::parse(&kindless).unwrap_err().message.contains("missing field 'kind'"));
        let unknown = reseal(&text.replacen("kind=recursive", "kind=spiral", 1));
        assert!(Profile::parse(&unknown).unwrap_err().message.contains("unknown loop kind 'spiral'"));
        assert!(Profile::parse("hello\n").unwrap_err().message.contains("not a polyprop profile"));
    }
}
