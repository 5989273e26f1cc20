//! Skewing and tiling a loop nest in time, from the folded dependences and isl's schedule of
//! them (paper 001, section 5: POLY-PROF's feedback names tiling among the structured
//! transformations; issue 16: "a stencil gets ... skew/tiling on the time loop").
//!
//! - *Time loop* `t`: a loop of the nest, at axis `a` of its streams' loop chains, with loops
//!   inside it. The *band* is `t` and the axes `a + 1 ..= e` inside it that every stream under
//!   `t` with an inner loop has (sibling loops at one axis, a Jacobi stencil's two sweeps, are
//!   aligned by depth, as isl's schedule aligns them: tiled together they are fused).
//! - *Distance vectors* `(dt, d_{a+1}, ..., d_e)`: per piece of each read-after-write stream
//!   between streams under `t`, the consumer's counter minus the producer's along each axis
//!   (`point[b] - label_b(point)`, affine over the piece, so its range is the range over the
//!   piece's vertices, as in [`super::piece_distance`]). Pieces carried by a loop outside `t`
//!   (lexicographically positive there) constrain nothing and are left out.
//! - Plain tiling of the band is legal where every component of every vector is non-negative.
//!   Skewing axis `b` by `f_b` (`i' = i + f_b * t`) turns `d_b` into `d_b + f_b * dt`. With
//!   `dt >= 1` on a piece, `min d_b + f_b * min dt >= 0` makes it non-negative; on a piece
//!   with `dt = 0` no skew helps. Sibling loops at the axis may also be *shifted* against each
//!   other (`i' = i + s_L`, Jacobi's second sweep one iteration behind the first, as isl and
//!   Pluto do): a piece from loop `P` to loop `C` asks `min d_b + s_C - s_P + f_b * min dt >=
//!   0`, a system of difference constraints in the shifts, feasible iff its graph has no
//!   negative cycle (Bellman-Ford). The factor is the smallest `f_b` (up to [`MAX_FACTOR`])
//!   for which it is. The band stops before the first axis with no such factor, and after
//!   the first whose distances are unknown (a `Top` label, or `dt` that may be 0 or more where
//!   `d_b` may be negative).
//! - Suggested when some factor is positive: the vectors are lexicographically non-negative
//!   with a negative inner component, plain tiles are illegal and skewed ones legal (as far as
//!   the profile sees). Also when isl's schedule of the profile ([`isl_relations`]) has a
//!   permutable band with a member that combines loop counters (`t + i`: isl made it
//!   permutable by skewing) while the distances leave the factor unknown: then "not proven",
//!   without a factor.
//!
//! Known limits: the runtime traces read-after-write dependences through memory only, so a
//! write-after-read dependence (Jacobi's next sweep overwriting what this one still reads) can
//! ask for a larger factor than the one given, and a statement under `t` with no loop inside
//! it is not part of the band.

use super::isl_relations::Band;
use super::{distance_text, lexicographic_sign, nest_loops, piece_distance, Distance, Legality, Member, Names, Sign, Suggestion};
use runtime::profile::Profile;
use serde::Serialize;
use std::collections::HashMap;

/// One axis of the band inside the time loop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SkewedAxis {
    /// The loops at this axis (several: sibling loops, fused by the tiling).
    pub loops: Vec<String>,
    /// Per loop: iterations it runs behind the first ones when fused (`i' = i + shift`), so
    /// that no value is read at the same time step before it is written.
    pub shifts: Vec<i64>,
    /// `f` in `i' = i + f * t`; 0 where the axis needs no skew; `None` where the distances
    /// do not tell (isl's schedule skews).
    pub factor: Option<i64>,
}

/// The time-tiling suggestion for the nest of `members`, if one of its loops needs skewing
/// for its band to be tiled; `bands` is isl's schedule of the nest's folded relations.
pub(super) fn suggestion(profile: &Profile, names: &Names, members: &[Member], bands: &[Band]) -> Option<Suggestion> {
    let isl_skews = bands.iter().any(Band::permutable_after_skewing);
    let mut unproven = None;
    for (time_loop, axis) in nest_loops(members) {
        let Some(band) = band_under(profile, members, time_loop, axis) else { continue };
        let axes: Vec<SkewedAxis> = band
            .axes
            .iter()
            .map(|(factor, loops)| SkewedAxis {
                loops: loops.iter().map(|&(l, _)| names.of_loop(l)).collect(),
                shifts: loops.iter().map(|&(_, shift)| shift).collect(),
                factor: *factor,
            })
            .collect();
        let needs_skew = axes.iter().any(|a| a.factor.is_some_and(|f| f > 0));
        let suggestion = |legality, dependence: Option<String>| Suggestion::SkewAndTile {
            time_loop: names.of_loop(time_loop),
            axes: axes.clone(),
            legality,
            dependence,
            isl_skews,
        };
        if needs_skew {
            return Some(suggestion(Legality::Legal, band.steepest.clone()));
        }
        if axes.iter().any(|a| a.factor.is_none()) && unproven.is_none() {
            unproven = Some(suggestion(Legality::NotProven, band.unknown.clone()));
        }
    }
    unproven.filter(|_| isl_skews)
}

/// Largest skew factor tried (isl's scheduler is bounded the same way on the static side).
const MAX_FACTOR: i64 = 20;

/// The band under a time loop: its inner axes with their loops and factors.
#[derive(Debug)]
struct TimeBand {
    /// Per inner axis: its skew factor (`None`: unknown) and loops with their shifts.
    axes: Vec<(Option<i64>, Vec<(u32, i64)>)>,
    /// The dependence that asks most for a skew, with its distance vector.
    steepest: Option<String>,
    /// A dependence whose distances leave the first inner axis unknown.
    unknown: Option<String>,
}

/// What the pieces say about one inner axis: per piece, its producer's and consumer's loops
/// at the axis, `min d_b` and `min dt` (the constraint `d_b + shift(consumer) -
/// shift(producer) + f * dt >= 0`, with `dt >= 1` or `dt = 0` at every point); unknown when
/// some piece's distances do not tell.
#[derive(Debug, Default)]
struct AxisConstraints {
    loops: Vec<u32>,
    pieces: Vec<(u32, u32, i64, i64)>,
    unknown: bool,
}

impl AxisConstraints {
    fn add(&mut self, (source, sink): (u32, u32), dt: Distance, d: Distance) {
        match (dt.min, dt.max, d.min) {
            (Some(dt_min), _, Some(d_min)) if dt_min >= 1 => self.pieces.push((source, sink, d_min, dt_min)),
            (Some(0), Some(0), Some(d_min)) => self.pieces.push((source, sink, d_min, 0)),
            // `dt` may be 0 or more: fine where `d` is never negative.
            (Some(0), Some(_), Some(d_min)) if d_min >= 0 => {}
            _ => self.unknown = true,
        }
    }

    /// The smallest factor `f` (up to `MAX_FACTOR`) with shifts of the axis's loops that make
    /// every constraint hold, with the shifts (the least ones, from 0); `None` when none does.
    fn solve(&self) -> Option<(i64, Vec<i64>)> {
        (0..=MAX_FACTOR).find_map(|f| self.shifts(f).map(|shifts| (f, shifts)))
    }

    /// Shifts that satisfy the constraints with factor `f`: a difference-constraint system
    /// (`shift(producer) - shift(consumer) <= d + f * dt`), solved by Bellman-Ford from a
    /// virtual source; `None` on a negative cycle.
    fn shifts(&self, f: i64) -> Option<Vec<i64>> {
        let index = |l: u32| self.loops.iter().position(|&x| x == l);
        let edges: Vec<(usize, usize, i64)> = self
            .pieces
            .iter()
            .filter_map(|&(source, sink, d, dt)| Some((index(sink)?, index(source)?, d.saturating_add(f.saturating_mul(dt)))))
            .collect();
        let mut shift = vec![0i64; self.loops.len()];
        for round in 0..=self.loops.len() {
            let mut changed = false;
            for &(from, to, weight) in &edges {
                if shift[from].saturating_add(weight) < shift[to] {
                    shift[to] = shift[from].saturating_add(weight);
                    changed = true;
                }
            }
            if !changed {
                let least = shift.iter().copied().min().unwrap_or(0);
                return Some(shift.into_iter().map(|s| s - least).collect());
            }
            if round == self.loops.len() {
                return None;
            }
        }
        None
    }
}

/// The band of the time loop `time_loop` at axis `a`, if every stream under it with an inner
/// loop has at least one (else `None`), and the factors of its inner axes.
fn band_under(profile: &Profile, members: &[Member], time_loop: u32, a: usize) -> Option<TimeBand> {
    let under: Vec<&Member> = members.iter().filter(|m| m.loops().get(a) == Some(&time_loop) && m.loops().len() > a + 1).collect();
    let e = under.iter().map(|m| m.loops().len() - 1).min()?;
    let mut axes: Vec<AxisConstraints> = (a + 1..=e)
        .map(|b| {
            let mut loops: Vec<u32> = under.iter().map(|m| m.loops()[b]).collect();
            loops.sort_unstable();
            loops.dedup();
            AxisConstraints { loops, ..AxisConstraints::default() }
        })
        .collect();
    let by_id: HashMap<u32, &Member> = under.iter().map(|m| (m.record.id, *m)).collect();
    // (d / dt, text) of the piece with the most negative inner distance per time step.
    let mut steepest: Option<(f64, String)> = None;
    let mut unknown = None;
    for record in &profile.dependences {
        let (Some(source), Some(sink)) = (by_id.get(&record.source), by_id.get(&record.sink)) else { continue };
        // Both ends under the same instance of the time loop: not two calls' loops.
        if source.context.shared_loops(sink.context).len() <= a {
            continue;
        }
        for piece in &record.folded.pieces {
            let distance = |axis: usize| piece_distance(piece, axis, piece.label_functions.get(axis));
            let dt = match lexicographic_sign((0..a).map(distance)) {
                // Carried outside the time loop: any order inside it is kept.
                Sign::Positive => continue,
                Sign::Zero => distance(a),
                Sign::Negative | Sign::Unknown => Distance { min: None, max: None },
            };
            let vector: Vec<Distance> = std::iter::once(dt).chain((a + 1..=e).map(distance)).collect();
            let named = || {
                let (from, to) = (super::access_name(source.record), super::access_name(sink.record));
                format!("{from} -> {to} (distance {})", distance_text(&vector))
            };
            for (position, axis) in axes.iter_mut().enumerate() {
                let b = a + 1 + position;
                let d = vector[position + 1];
                let was_unknown = axis.unknown;
                axis.add((source.loops()[b], sink.loops()[b]), dt, d);
                if axis.unknown && !was_unknown && position == 0 && unknown.is_none() {
                    unknown = Some(named());
                }
                if let (Some(d_min), Some(dt_min)) = (d.min, dt.min) {
                    // Those that ask for the skew (`dt >= 1`) before those that ask for a shift.
                    let slope = if dt_min >= 1 { d_min as f64 / dt_min as f64 } else { 0.0 };
                    if d_min < 0 && steepest.as_ref().map_or(true, |(s, _)| slope < *s) {
                        steepest = Some((slope, named()));
                    }
                }
            }
        }
    }
    // The band ends before the first axis no skew can make non-negative, and after the first
    // one whose factor is unknown.
    let mut band = Vec::new();
    for axis in &axes {
        if axis.unknown {
            band.push((None, axis.loops.iter().map(|&l| (l, 0)).collect()));
            break;
        }
        let Some((factor, shifts)) = axis.solve() else { break };
        band.push((Some(factor), axis.loops.iter().copied().zip(shifts).collect()));
    }
    if band.is_empty() {
        return None;
    }
    Some(TimeBand { axes: band, steepest: steepest.map(|(_, text)| text), unknown })
}

#[cfg(test)]
mod tests;
