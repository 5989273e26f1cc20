//! Fusion of consecutive loops, from the folded dependence streams: paper 001, section 5 counts
//! "fusion" among the structured transformations its feedback suggests (issue 16: "two
//! consecutive maps over the same array get 'fuse'").
//!
//! - *Candidates*: two sibling CFG loops of the profile (same function, same parent loop or
//!   both outermost), adjacent in program order (no sibling header between theirs), with equal
//!   trip counts (entries, iterations, fewest and most per entry): fused, iteration `i` of
//!   one runs next to iteration `i` of the other.
//! - *Evidence*: the read-after-write dependence streams from the first loop (or a loop inside
//!   it) to the second, in the same thread and calling context with the same loops around both.
//!   On axis `k`, the fused one, the producer's context has the first loop and the consumer's
//!   the second; the label function `k` is the producer's counter of the first loop, affine in
//!   the consumer's point (paper 001, section 4), so `point[k] - label_k(point)`, the
//!   consumer's iteration minus the producer's, ranges over a piece as over its vertices.
//!   Pieces whose distance along the enclosing loops is positive are carried by them: fusion
//!   keeps their order and they are left out.
//! - *Legality*: fused, the consumer's iteration `i` runs after the producer's iterations up to
//!   `i`, so fusion is legal where every distance is non-negative (the value is produced at
//!   the same or an earlier iteration); illegal where one is negative (it would read before the
//!   write); not proven where a distance is unknown (a `Top` coefficient, a give-up box, or
//!   enclosing distances that may be zero or not).
//!
//! Known limits: only read-after-write dependences through memory are traced, so a
//! write-after-read or write-after-write dependence that fusion would reverse goes unseen, as do
//! accesses of the code between the two loops; program order is the order of the loop headers'
//! addresses; loops that never ran are not in the profile and do not separate candidates.

use super::{hull, lexicographic_sign, piece_distance, Distance, Legality, Names, Sign, Suggestion, UNKNOWN};
use runtime::control::LoopKind;
use runtime::folding::Piece;
use runtime::profile::{ContextRecord, LoopRecord, Profile};
use std::collections::{HashMap, HashSet};

/// Two consecutive loops the second of which reads what the first wrote.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Fusion {
    pub thread: u32,
    pub first: u32,
    pub second: u32,
    /// Dependence instances from the first loop into the second, within one iteration of the
    /// loops around them.
    pub instances: u64,
    /// Along the fused loop, the consumer's iteration minus the producer's, over those instances.
    pub distance: Distance,
    pub legality: Legality,
}

impl Fusion {
    pub fn suggestion(&self, names: &Names) -> Suggestion {
        Suggestion::Fuse {
            first_loop: names.of_loop(self.first),
            second_loop: names.of_loop(self.second),
            instances: self.instances,
            distance: self.distance,
            legality: self.legality,
        }
    }
}

/// Every candidate pair with evidence, in the order of the profile's loops.
pub(super) fn fusions(profile: &Profile) -> Vec<Fusion> {
    let candidates = candidate_pairs(profile);
    let contexts = instruction_contexts(profile);
    let mut evidence: HashMap<(u32, u32, u32), Evidence> = HashMap::new();
    for record in &profile.dependences {
        let (Some(source), Some(sink)) = (contexts.get(&record.source), contexts.get(&record.sink)) else { continue };
        let Some((axis, pair)) = fused_axis(source, sink).filter(|(_, pair)| candidates.contains(pair)) else { continue };
        let entry = evidence.entry((source.thread, pair.0, pair.1)).or_default();
        for piece in &record.folded.pieces {
            entry.add(piece, axis);
        }
    }
    let mut found: Vec<Fusion> = evidence.into_iter().filter_map(|(key, e)| e.fusion(key)).collect();
    found.sort_by_key(|f| (f.thread, f.first, f.second));
    found
}

/// The suggestions of the fusions that involve one of `loops` (a nest's) in `thread`.
pub(super) fn suggestions(fusions: &[Fusion], names: &Names, thread: u32, loops: &[u32]) -> Vec<Suggestion> {
    fusions
        .iter()
        .filter(|f| f.thread == thread && (loops.contains(&f.first) || loops.contains(&f.second)))
        .map(|f| f.suggestion(names))
        .collect()
}

/// Consecutive sibling CFG loops with equal trip counts, (first, second) in program order.
fn candidate_pairs(profile: &Profile) -> HashSet<(u32, u32)> {
    let mut loops: Vec<&LoopRecord> = profile.loops.iter().filter(|l| l.kind == LoopKind::Cfg).collect();
    // Siblings sort next to each other, in the order of their headers.
    loops.sort_by_key(|l| (l.function, l.parent, l.header));
    loops
        .windows(2)
        .filter(|w| w[0].function == w[1].function && w[0].parent == w[1].parent)
        .filter(|w| w[0].trip_counts == w[1].trip_counts)
        .map(|w| (w[0].id, w[1].id))
        .collect()
}

/// The context of every instruction stream, by its id.
fn instruction_contexts(profile: &Profile) -> HashMap<u32, &ContextRecord> {
    profile.instructions.iter().filter_map(|i| Some((i.id, profile.context(i.context)?))).collect()
}

/// Where the producer's and the consumer's loops part: the axis and the (producer's,
/// consumer's) loops there, when both run in one thread and calling context under the same
/// enclosing loops.
fn fused_axis(source: &ContextRecord, sink: &ContextRecord) -> Option<(usize, (u32, u32))> {
    if source.thread != sink.thread || source.call_sites != sink.call_sites {
        return None;
    }
    let axis = source.loops.iter().zip(&sink.loops).position(|(a, b)| a != b)?;
    Some((axis, (source.loops[axis], sink.loops[axis])))
}

/// What the dependence pieces of one candidate pair say.
#[derive(Clone, Copy, Debug, Default)]
struct Evidence {
    instances: u64,
    /// Hull of the distances along the fused axis; `None` before the first piece.
    distance: Option<Distance>,
    /// Some piece has a known negative distance.
    backwards: bool,
    /// Some piece's distance is unknown.
    unknown: bool,
}

impl Evidence {
    /// Adds a piece of a dependence stream whose fused axis is `axis`.
    fn add(&mut self, piece: &Piece, axis: usize) {
        let enclosing = (0..axis).map(|a| piece_distance(piece, a, piece.label_functions.get(a)));
        let along = match lexicographic_sign(enclosing) {
            // Carried by an enclosing loop: the producer's iteration of it ran first, fused or not.
            Sign::Positive => return,
            Sign::Zero => piece_distance(piece, axis, piece.label_functions.get(axis)),
            Sign::Negative | Sign::Unknown => UNKNOWN,
        };
        self.instances = self.instances.saturating_add(piece.points);
        self.distance = Some(self.distance.map_or(along, |d| hull(d, along)));
        self.backwards |= along.min.is_some_and(|m| m < 0);
        self.unknown |= along.min.is_none() || along.max.is_none();
    }

    fn legality(&self) -> Legality {
        if self.backwards {
            Legality::Illegal
        } else if self.unknown {
            Legality::NotProven
        } else {
            Legality::Legal
        }
    }

    /// The fusion of loops `first` and `second` in `thread`, if the second reads what the
    /// first wrote.
    fn fusion(self, (thread, first, second): (u32, u32, u32)) -> Option<Fusion> {
        let distance = self.distance?;
        Some(Fusion { thread, first, second, instances: self.instances, distance, legality: self.legality() })
    }
}

#[cfg(test)]
mod tests;
