//! What `polyprop profile show` prints (paper 000, sections 2.2 and 4.3; paper 001, section
//! 6): the hottest loops, the stride of each memory access along each enclosing loop (a
//! non-`Top` coefficient of its label function is a fixed stride, `Top` a non-affine
//! dimension), the dependences carried by each loop, and the share of instances that fall in
//! affine pieces (the paper's `%A`).
//!
//! A dependence piece is carried by the outermost loop shared by producer and consumer on
//! which the producer's coordinate is not the consumer's (label function not the identity
//! there); a piece equal to the identity on all shared loops is loop-independent.

use crate::control::LoopKind;
use crate::folding::{Coefficient, Piece};
use crate::profile::{AccessKind, DependenceRecord, InstructionRecord, Profile};
use std::fmt::Write;

/// The stride of an access along one loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stride {
    /// The same integer coefficient (bytes per iteration) in every piece.
    Constant(i64),
    /// `Top` in some piece: not affine along this loop.
    NonAffine,
    /// Integer coefficients that differ between pieces.
    Piecewise,
}

/// Strides of one instruction stream along the loops of its context, outermost first.
#[derive(Clone, Debug)]
pub struct AccessSummary {
    pub instruction: u32,
    pub loops: Vec<u32>,
    /// Of the address, in bytes per iteration.
    pub strides: Vec<Stride>,
    /// Of the value read or written, per iteration, when values were traced (`values=on`):
    /// an affine value is an induction variable or a constant kept in memory.
    pub value_strides: Option<Vec<Stride>>,
}

/// The loop carrying a dependence stream, if any (`None`: loop-independent).
#[derive(Clone, Debug)]
pub struct DependenceSummary {
    pub index: usize,
    pub carried_by: Option<u32>,
    /// Whether the carrying was derived from affine label functions only.
    pub exact: bool,
}

pub fn access_summary(profile: &Profile, record: &InstructionRecord) -> AccessSummary {
    let loops = profile.context(record.context).map(|c| c.loops.clone()).unwrap_or_default();
    let strides = label_strides(record, 0);
    let value_strides = (record.folded.label_components >= 2).then(|| label_strides(record, 1));
    AccessSummary { instruction: record.id, loops, strides, value_strides }
}

/// How label component `component` moves along each axis of the instruction's stream.
fn label_strides(record: &InstructionRecord, component: usize) -> Vec<Stride> {
    (0..record.folded.space)
        .map(|axis| {
            let mut stride: Option<Stride> = None;
            for piece in &record.folded.pieces {
                let this = match piece.label_functions.get(component).map(|f| f.coefficients[axis]) {
                    Some(Coefficient::Integer(c)) => Stride::Constant(c),
                    _ => Stride::NonAffine,
                };
                stride = Some(match (stride, this) {
                    (None, s) => s,
                    (Some(Stride::NonAffine), _) | (_, Stride::NonAffine) => Stride::NonAffine,
                    (Some(Stride::Constant(a)), Stride::Constant(b)) if a == b => Stride::Constant(a),
                    _ => Stride::Piecewise,
                });
            }
            stride.unwrap_or(Stride::Constant(0))
        })
        .collect()
}

/// The shared loops of producer and consumer: the common prefix of their contexts' loops.
fn shared_loops(profile: &Profile, dependence: &DependenceRecord) -> Vec<u32> {
    let loops_of = |id: u32| {
        profile
            .instructions
            .get(id as usize)
            .and_then(|i| profile.context(i.context))
            .map(|c| c.loops.clone())
            .unwrap_or_default()
    };
    let (source, sink) = (loops_of(dependence.source), loops_of(dependence.sink));
    source.iter().zip(&sink).take_while(|(a, b)| a == b).map(|(a, _)| *a).collect()
}

/// The first shared axis on which `piece` is not the identity, and whether it is exact.
fn carrying_axis(piece: &Piece, shared: usize) -> (Option<usize>, bool) {
    for axis in 0..shared {
        let Some(function) = piece.label_functions.get(axis) else { return (Some(axis), false) };
        if function.has_top() {
            return (Some(axis), false);
        }
        let identity = function.remaining == 0
            && function.coefficients.iter().enumerate().all(|(a, c)| {
                *c == Coefficient::Integer(if a == axis { 1 } else { 0 })
            });
        if !identity {
            return (Some(axis), true);
        }
    }
    (None, true)
}

pub fn dependence_summary(profile: &Profile, index: usize) -> DependenceSummary {
    let dependence = &profile.dependences[index];
    let shared = shared_loops(profile, dependence);
    let mut outermost: Option<usize> = None;
    let mut exact = true;
    for piece in &dependence.folded.pieces {
        let (axis, piece_exact) = carrying_axis(piece, shared.len());
        exact &= piece_exact;
        if let Some(a) = axis {
            outermost = Some(outermost.map_or(a, |o| o.min(a)));
        }
    }
    DependenceSummary { index, carried_by: outermost.map(|a| shared[a]), exact }
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

fn short(location: &Option<String>) -> String {
    match location {
        Some(l) => l.rsplit('/').next().unwrap_or(l).to_string(),
        None => "?".into(),
    }
}

/// The text `polyprop profile show` prints.
pub fn render(profile: &Profile, top: usize) -> String {
    let mut out = String::new();
    let name = |id: u32| -> String {
        match profile.loops.iter().find(|l| l.id == id) {
            Some(l) => format!("L{id}@{}", short(&l.location)),
            None => format!("L{id}"),
        }
    };
    writeln!(
        out,
        "profile of {}: {} loops, {} instruction streams, {} dependence streams",
        profile.binary,
        profile.loops.len(),
        profile.instructions.len(),
        profile.dependences.len()
    )
    .unwrap();
    for note in &profile.notes {
        writeln!(out, "note: {note}").unwrap();
    }
    let mut threads: Vec<u32> = profile.contexts.iter().map(|c| c.thread).collect();
    threads.sort();
    threads.dedup();
    if threads.len() > 1 {
        writeln!(out, "{} guest threads: each has its own streams (\"thread N\" below)", threads.len()).unwrap();
    }
    let thread_of = |record: &InstructionRecord| -> String {
        match profile.context(record.context) {
            Some(c) if threads.len() > 1 => format!(" thread {}", c.thread),
            _ => String::new(),
        }
    };
    // Loops of the profiled code: those enclosing some traced instruction.
    let mut loops: Vec<_> = profile
        .loops
        .iter()
        .filter(|l| profile.contexts.iter().any(|c| c.loops.contains(&l.id)))
        .collect();
    loops.sort_by_key(|l| std::cmp::Reverse(l.trip_counts.iterations));
    writeln!(out, "\nhottest loops of the profiled code:").unwrap();
    for l in loops.iter().take(top) {
        let t = l.trip_counts;
        let header = match l.kind {
            LoopKind::Cfg => format!("header {:#x}", l.header),
            LoopKind::Recursive => format!("recursive loop, header function {:#x}", l.header),
        };
        writeln!(
            out,
            "  {} {header}: {} iterations in {} entries, trip count {}..{}{}",
            name(l.id),
            t.iterations,
            t.entries,
            t.min,
            t.max,
            l.parent.map_or(String::new(), |p| format!(", inside {}", name(p)))
        )
        .unwrap();
    }
    let mut accesses: Vec<_> = profile.instructions.iter().filter(|i| i.folded.space > 0).collect();
    accesses.sort_by_key(|i| std::cmp::Reverse(i.count));
    writeln!(out, "\nstrides of the hottest accesses along their loops (outermost first):").unwrap();
    for record in accesses.iter().take(top) {
        let summary = access_summary(profile, record);
        let strides: Vec<String> = summary
            .loops
            .iter()
            .zip(&summary.strides)
            .map(|(&l, s)| {
                let text = match s {
                    Stride::Constant(0) => "invariant".to_string(),
                    Stride::Constant(c) if *c == record.size as i64 => format!("{c:+} B (stride-1)"),
                    Stride::Constant(c) => format!("{c:+} B"),
                    Stride::NonAffine => "non-affine".to_string(),
                    Stride::Piecewise => "piecewise".to_string(),
                };
                format!("{}: {text}", name(l))
            })
            .collect();
        let values = match &summary.value_strides {
            Some(value_strides) => {
                let text: Vec<String> = summary
                    .loops
                    .iter()
                    .zip(value_strides)
                    .map(|(&l, s)| {
                        let text = match s {
                            Stride::Constant(0) => "invariant".to_string(),
                            Stride::Constant(c) => format!("{c:+}"),
                            Stride::NonAffine => "non-affine".to_string(),
                            Stride::Piecewise => "piecewise".to_string(),
                        };
                        format!("{}: {text}", name(l))
                    })
                    .collect();
                format!("; values: {}", text.join(", "))
            }
            None => String::new(),
        };
        let kind = if record.kind == AccessKind::Load { "load " } else { "store" };
        writeln!(
            out,
            "  {kind} {:#x} {}{} x{}: {}{values}",
            record.pc,
            short(&record.location),
            thread_of(record),
            record.count,
            strides.join(", ")
        )
        .unwrap();
    }
    writeln!(out, "\ndependences carried by each loop:").unwrap();
    let summaries: Vec<DependenceSummary> =
        (0..profile.dependences.len()).map(|i| dependence_summary(profile, i)).collect();
    for l in loops.iter().take(top) {
        let carried: Vec<&DependenceSummary> =
            summaries.iter().filter(|s| s.carried_by == Some(l.id)).collect();
        if carried.is_empty() {
            writeln!(out, "  {}: none", name(l.id)).unwrap();
            continue;
        }
        let instances = carried.iter().fold(0u64, |n, s| n.saturating_add(profile.dependences[s.index].count));
        let approximate = carried.iter().filter(|s| !s.exact).count();
        writeln!(
            out,
            "  {}: {} dependence streams ({} instances){}",
            name(l.id),
            carried.len(),
            instances,
            if approximate > 0 { format!(", {approximate} over-approximated (top)") } else { String::new() }
        )
        .unwrap();
        for s in carried.iter().take(3) {
            let d = &profile.dependences[s.index];
            let at = |id: u32| profile.instructions.get(id as usize).map_or("?".into(), |i| format!("{:#x} {}", i.pc, short(&i.location)));
            writeln!(out, "    {} -> {}", at(d.source), at(d.sink)).unwrap();
        }
    }
    let (instances, affine): (u64, u64) = profile
        .instructions
        .iter()
        .fold((0u64, 0u64), |(n, a), i| (n.saturating_add(i.folded.points), a.saturating_add(i.folded.affine_points())));
    let (dependences, affine_dependences): (u64, u64) = profile
        .dependences
        .iter()
        .fold((0u64, 0u64), |(n, a), d| (n.saturating_add(d.folded.points), a.saturating_add(d.folded.affine_points())));
    writeln!(
        out,
        "\ninstances in affine pieces: {} of memory accesses, {} of dependences",
        percent(affine, instances),
        percent(affine_dependences, dependences)
    )
    .unwrap();
    out
}
