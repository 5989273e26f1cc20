//! The analysis of `polyprop profile report`: from a folded profile to suggestions per hot loop
//! nest, in the spirit of POLY-PROF's feedback (paper 001, section 5 and Table 3: "interchange",
//! "parallel", the strides and the dependences that justify them).
//!
//! - A *nest* is an outermost profiled loop with the loops inside it: the instruction streams
//!   whose context's first loop is that loop (and thread). Its share is its instruction streams'
//!   instances over all memory-access instances of the run.
//! - *Strides*: the coefficient of each loop counter in a stream's label function, the address
//!   (paper 000, section 5.2.3), via [`runtime::summary::access_summary`].
//! - *Distances* of a folded dependence stream (points: the consumer's iteration vectors, labels:
//!   the producer's; paper 001, section 4): along a shared loop `a`, `point[a] - label_a(point)`,
//!   affine in the point, so its range over a piece is the range over the piece's vertices;
//!   unknown where the label function has a `Top`.
//! - A dependence is *carried* by the outermost shared loop along which the distance is not
//!   always zero; where that distance may also be zero, the loops inside may carry it too
//!   (conservatively counted as carrying). A loop that carries nothing is *parallel*.
//! - *Fusion* of two consecutive sibling loops with equal trip counts, where the second reads
//!   what the first wrote: legal where no dependence from the first into the second goes from
//!   a later iteration to an earlier one ([`fusion`]).
//! - *Interchange* of an outer loop `o` with the innermost loop `k` of a chain of loops: proposed
//!   when the accesses that walk a smaller non-zero stride along `o` than along `k` outweigh
//!   (by instance counts) those that walk a smaller non-zero stride along `k`; legal when no
//!   dependence's distance vector, with `o` and `k` swapped, becomes lexicographically negative;
//!   not proven legal where a distance is unknown or spans zero in a way that could. A
//!   dependence with one end outside the inner loop is kept by the distribution that the
//!   interchange of an imperfect nest needs where it stays within one iteration of the loops
//!   both ends share (distance zero along each).
//!
//! - *Skew and tile* a time loop with the loops inside it: where the folded distance vectors
//!   along them are lexicographically non-negative with a negative inner component (plain
//!   tiles illegal), skewing each inner loop by the smallest factor of the time loop's counter
//!   that makes every component non-negative ([`skew`]); isl's schedule of the profile
//!   confirms it when its band combines the counters.
//!
//! Known limits: the runtime traces read-after-write dependences through memory only, so a
//! loop called parallel may still carry a recurrence through a register (a reduction into a
//! scalar) or a write-after-read dependence; write-after-write is found only for a store that
//! writes the same address at every iteration of a loop (stride 0). Chains are treated as
//! perfectly nested. isl's scheduler on the folded relations gives each reported nest its
//! band structure ([`isl_relations`]), which the skew-and-tile suggestion consults.

mod fusion;
mod skew;

use super::isl_relations;
pub use skew::SkewedAxis;

use runtime::control::LoopKind;
use runtime::folding::{Coefficient, LabelFunction, Piece};
use runtime::profile::{AccessKind, ContextRecord, InstructionRecord, Profile};
use runtime::summary::{access_summary, Stride};
use serde::Serialize;
use std::collections::HashMap;

/// How many accesses per nest the report lists.
const HOTTEST_ACCESSES: usize = 4;

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub binary: String,
    /// Memory-access instances of the run (all instruction streams).
    pub access_instances: u64,
    /// Hottest first.
    pub nests: Vec<Nest>,
}

/// One outermost profiled loop and the loops inside it.
#[derive(Clone, Debug, Serialize)]
pub struct Nest {
    /// `file:line` of the outermost loop.
    pub location: String,
    pub thread: u32,
    pub access_instances: u64,
    /// `access_instances` over the run's memory-access instances, in `0..=1`.
    pub share: f64,
    /// Outer loops before the loops they hold.
    pub loops: Vec<LoopReport>,
    /// The hottest accesses, hottest first.
    pub accesses: Vec<AccessReport>,
    pub dependences: Vec<DependenceReport>,
    pub suggestions: Vec<Suggestion>,
    /// isl's scheduler on the nest's folded relations ([`isl_relations`]); `None` only before
    /// [`analyze`] fills it in.
    pub isl_schedule: Option<isl_relations::ProfileSchedule>,
    /// With `--static`: isl's schedule of the static model of the nest's function, compared
    /// with `isl_schedule` ([`super::static_model`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub static_schedule: Option<super::static_model::StaticComparison>,
}

#[derive(Clone, Debug, Serialize)]
pub struct LoopReport {
    pub id: u32,
    pub location: String,
    /// 0 for the nest's outermost loop.
    pub depth: usize,
    pub iterations: u64,
    pub entries: u64,
    /// Indices into the nest's `dependences` of those this loop (may) carry.
    pub carries: Vec<usize>,
    /// Iterates more than once per entry and carries no dependence the profile saw.
    pub parallel: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct AccessReport {
    pub location: String,
    pub kind: &'static str,
    /// Bytes per instance.
    pub size: u8,
    pub instances: u64,
    /// Along each loop of its chain, outermost first.
    pub strides: Vec<LoopStride>,
}

#[derive(Clone, Debug, Serialize)]
pub struct LoopStride {
    pub loop_location: String,
    /// Bytes per iteration; `None` when not one affine coefficient (non-affine or piecewise).
    pub bytes: Option<i64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct DependenceReport {
    /// `"read-after-write"`, or `"write-after-write"` for a store to one address along a loop.
    pub kind: &'static str,
    pub source: String,
    pub sink: String,
    pub instances: u64,
    /// `file:line` of the loop that carries it; `None` when loop-independent.
    pub carried_by: Option<String>,
    /// Along each shared loop, outermost first.
    pub distance: Vec<Distance>,
}

/// The range of a dependence's distance along one loop, in iterations; `None` ends: unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Distance {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

/// What the programmer can do, in words the printer makes of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Suggestion {
    /// Make `inner_loop` the outer one and `outer_loop` the innermost.
    Interchange {
        outer_loop: String,
        inner_loop: String,
        /// The hottest access that walks a smaller stride along `outer_loop`.
        access: String,
        /// Its stride along `outer_loop`, which becomes its innermost stride.
        stride_after: i64,
        /// Whether that stride is the element size (stride-1).
        unit_stride: bool,
        /// Instances that walk a smaller / a larger non-zero stride along `outer_loop`.
        improved_instances: u64,
        worsened_instances: u64,
        legality: Legality,
        /// The dependence that makes it illegal or unproven, if any.
        dependence: Option<String>,
    },
    Parallel { loop_location: String, outermost: bool },
    NoParallelLoop { source: String, sink: String, carried_by: String, distance: String },
    /// Fuse two consecutive loops with equal trip counts, the second of which reads what the
    /// first wrote (suggested in each nest that holds one of them).
    Fuse {
        first_loop: String,
        second_loop: String,
        /// Read-after-write instances from the first loop into the second.
        instances: u64,
        /// Along the fused loop, the second's iteration minus the first's (the producer's), as
        /// in [`DependenceReport::distance`]: fusion is legal where it is never negative.
        distance: Distance,
        legality: Legality,
    },
    /// Skew the loops inside `time_loop` by multiples of its counter and tile the band
    /// (time tiling, [`skew`]): plain tiles are illegal, skewed ones legal as far as the
    /// profile sees (`Legal`), or isl's schedule skews where the distances do not tell
    /// (`NotProven`).
    SkewAndTile {
        time_loop: String,
        /// The axes inside it, outermost first: each one's loops and skew factor.
        axes: Vec<SkewedAxis>,
        legality: Legality,
        /// The dependence that asks for the largest factor (or leaves it unknown), with its
        /// distance vector along the time loop and the axes.
        dependence: Option<String>,
        /// isl's schedule of the profile has a permutable band with a skewed member.
        isl_skews: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Legality {
    Legal,
    NotProven,
    Illegal,
}

/// The report of the `top` hottest nests that hold at least `min_share` of the run's accesses;
/// `loop_locations` overrides the profile's loop locations (the `for` lines of
/// [`runtime::loop_lines`]).
pub fn analyze(profile: &Profile, loop_locations: &HashMap<u32, String>, top: usize, min_share: f64) -> Report {
    let names = Names::new(profile, loop_locations);
    let access_instances = profile.instructions.iter().fold(0u64, |n, i| n.saturating_add(i.count));
    // Between nests as well as inside them: found once for the whole profile.
    let fusions = fusion::fusions(profile);
    let mut nests: Vec<(u32, Nest)> = nest_roots(profile)
        .into_iter()
        .map(|(root, thread)| (root, nest(profile, &names, &fusions, (root, thread), access_instances)))
        .filter(|(_, n)| n.share >= min_share)
        .collect();
    nests.sort_by(|a, b| b.1.access_instances.cmp(&a.1.access_instances));
    nests.truncate(top);
    // isl's scheduler only on the nests reported: it is the costly part.
    let nests = nests
        .into_iter()
        .map(|(root, mut nest)| {
            let members = members(profile, root, nest.thread);
            let records: Vec<&InstructionRecord> = members.iter().map(|m| m.record).collect();
            let schedule = isl_relations::schedule(profile, &records);
            let bands = match &schedule.outcome {
                isl_relations::ScheduleOutcome::Bands { bands } => &bands[..],
                isl_relations::ScheduleOutcome::Failed { .. } => &[],
            };
            nest.suggestions.extend(skew::suggestion(profile, &names, &members, bands));
            nest.isl_schedule = Some(schedule);
            nest
        })
        .collect();
    Report { binary: profile.binary.clone(), access_instances, nests }
}

/// Source locations, shortened to the file name: loops as `file:line`, accesses as
/// `file:line:column`. The flame graph names loops with them too.
pub struct Names {
    loops: HashMap<u32, String>,
}

impl Names {
    pub fn new(profile: &Profile, overrides: &HashMap<u32, String>) -> Names {
        let loops = profile
            .loops
            .iter()
            .map(|l| {
                let location = overrides.get(&l.id).or(l.location.as_ref());
                (l.id, location.map_or(format!("loop L{} (no source line)", l.id), |l| file_line(l)))
            })
            .collect();
        Names { loops }
    }

    pub fn of_loop(&self, id: u32) -> String {
        self.loops.get(&id).cloned().unwrap_or_else(|| format!("loop L{id}"))
    }
}

/// `dir/file.c:12:5` as `file.c:12`.
fn file_line(location: &str) -> String {
    let file_name = location.rsplit('/').next().unwrap_or(location);
    let mut parts = file_name.splitn(3, ':');
    match (parts.next(), parts.next()) {
        (Some(file), Some(line)) => format!("{file}:{line}"),
        _ => file_name.to_string(),
    }
}

fn access_name(record: &InstructionRecord) -> String {
    match &record.location {
        Some(l) => l.rsplit('/').next().unwrap_or(l).to_string(),
        None => format!("pc {:#x}", record.pc),
    }
}

/// The (outermost loop, thread) of every context with loops, in order of first appearance.
fn nest_roots(profile: &Profile) -> Vec<(u32, u32)> {
    let mut roots = Vec::new();
    for context in &profile.contexts {
        if let Some(&root) = context.loops.first() {
            if !roots.contains(&(root, context.thread)) {
                roots.push((root, context.thread));
            }
        }
    }
    roots
}

/// The instruction streams of a nest with the loops of their context.
struct Member<'a> {
    record: &'a InstructionRecord,
    context: &'a ContextRecord,
}

impl Member<'_> {
    /// The loops around the stream, outermost first: its context's.
    fn loops(&self) -> &[u32] {
        &self.context.loops
    }
}

fn members<'a>(profile: &'a Profile, root: u32, thread: u32) -> Vec<Member<'a>> {
    profile
        .instructions
        .iter()
        .filter_map(|record| {
            let context = profile.context(record.context)?;
            (context.thread == thread && context.loops.first() == Some(&root))
                .then_some(Member { record, context })
        })
        .collect()
}

fn nest(profile: &Profile, names: &Names, fusions: &[fusion::Fusion], (root, thread): (u32, u32), total: u64) -> Nest {
    let members = members(profile, root, thread);
    let access_instances = members.iter().fold(0u64, |n, m| n.saturating_add(m.record.count));
    let dependences = dependences(profile, &members);
    let loops = loop_reports(profile, names, &members, &dependences);
    let mut suggestions = suggestions(profile, names, &members, &loops, &dependences);
    let loop_ids: Vec<u32> = loops.iter().map(|l| l.id).collect();
    suggestions.extend(fusion::suggestions(fusions, names, thread, &loop_ids));
    Nest {
        location: names.of_loop(root),
        thread,
        access_instances,
        share: if total == 0 { 0.0 } else { access_instances as f64 / total as f64 },
        loops,
        accesses: hottest_accesses(profile, names, &members),
        dependences: dependences.iter().map(|d| d.report(names)).collect(),
        suggestions,
        isl_schedule: None,
        static_schedule: None,
    }
}

/// The loops of the nest in preorder (each chain's loops after the chains before it).
fn nest_loops(members: &[Member]) -> Vec<(u32, usize)> {
    let mut chains: Vec<&[u32]> = members.iter().map(Member::loops).collect();
    chains.sort();
    let mut loops: Vec<(u32, usize)> = Vec::new();
    for chain in chains {
        for (depth, &id) in chain.iter().enumerate() {
            if !loops.iter().any(|&(l, _)| l == id) {
                loops.push((id, depth));
            }
        }
    }
    loops
}

fn loop_reports(profile: &Profile, names: &Names, members: &[Member], dependences: &[NestDependence]) -> Vec<LoopReport> {
    nest_loops(members)
        .into_iter()
        .map(|(id, depth)| {
            let record = profile.loops.iter().find(|l| l.id == id);
            let trips = record.map(|r| r.trip_counts).unwrap_or_default();
            let carries: Vec<usize> = (0..dependences.len()).filter(|&d| dependences[d].carriers.contains(&id)).collect();
            // A recursive loop's iterations are calls: no suggestion of ours applies to it.
            let recursive = record.is_some_and(|r| r.kind == LoopKind::Recursive);
            LoopReport {
                id,
                location: names.of_loop(id),
                depth,
                iterations: trips.iterations,
                entries: trips.entries,
                parallel: carries.is_empty() && trips.max > 1 && !recursive,
                carries,
            }
        })
        .collect()
}

fn hottest_accesses(profile: &Profile, names: &Names, members: &[Member]) -> Vec<AccessReport> {
    let mut hottest: Vec<&Member> = members.iter().filter(|m| m.record.folded.space > 0).collect();
    hottest.sort_by(|a, b| b.record.count.cmp(&a.record.count));
    hottest
        .into_iter()
        .take(HOTTEST_ACCESSES)
        .map(|m| {
            let summary = access_summary(profile, m.record);
            let strides = m
                .loops()
                .iter()
                .zip(&summary.strides)
                .map(|(&l, &s)| LoopStride { loop_location: names.of_loop(l), bytes: constant(s) })
                .collect();
            AccessReport {
                location: access_name(m.record),
                kind: if m.record.kind == AccessKind::Load { "load" } else { "store" },
                size: m.record.size,
                instances: m.record.count,
                strides,
            }
        })
        .collect()
}

fn constant(stride: Stride) -> Option<i64> {
    match stride {
        Stride::Constant(c) => Some(c),
        Stride::NonAffine | Stride::Piecewise => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Dependences: distances and the loops that carry them.

/// A dependence of the nest: its pieces' distance ranges along the shared loops.
#[derive(Clone, Debug)]
struct NestDependence {
    kind: &'static str,
    source: String,
    sink: String,
    instances: u64,
    shared: Vec<u32>,
    /// Per piece, per shared loop.
    pieces: Vec<Vec<Distance>>,
    /// The loops that (may) carry it, outermost first.
    carriers: Vec<u32>,
}

impl NestDependence {
    fn new(kind: &'static str, source: String, sink: String, instances: u64, shared: Vec<u32>, pieces: Vec<Vec<Distance>>) -> Self {
        let mut carriers: Vec<u32> = Vec::new();
        for piece in &pieces {
            for axis in carrying_axes(piece) {
                if !carriers.contains(&shared[axis]) {
                    carriers.push(shared[axis]);
                }
            }
        }
        carriers.sort_by_key(|l| shared.iter().position(|s| s == l));
        NestDependence { kind, source, sink, instances, shared, pieces, carriers }
    }

    /// The distance range along each shared loop over all pieces.
    fn distance(&self) -> Vec<Distance> {
        (0..self.shared.len())
            .map(|axis| {
                self.pieces.iter().map(|p| p[axis]).reduce(hull).unwrap_or(Distance { min: Some(0), max: Some(0) })
            })
            .collect()
    }

    fn report(&self, names: &Names) -> DependenceReport {
        DependenceReport {
            kind: self.kind,
            source: self.source.clone(),
            sink: self.sink.clone(),
            instances: self.instances,
            carried_by: self.carriers.first().map(|&l| names.of_loop(l)),
            distance: self.distance(),
        }
    }
}

fn hull(a: Distance, b: Distance) -> Distance {
    Distance { min: a.min.zip(b.min).map(|(x, y)| x.min(y)), max: a.max.zip(b.max).map(|(x, y)| x.max(y)) }
}

const ZERO: Distance = Distance { min: Some(0), max: Some(0) };
const UNKNOWN: Distance = Distance { min: None, max: None };

impl Distance {
    fn is_zero(self) -> bool {
        self == ZERO
    }

    /// Never zero: the dependence is carried here at every point.
    fn excludes_zero(self) -> bool {
        self.min.is_some_and(|m| m > 0) || self.max.is_some_and(|m| m < 0)
    }
}

/// The axes that may carry a piece: the outermost one whose distance is not always zero, and
/// those inside it as long as the distances before them may be zero.
fn carrying_axes(piece: &[Distance]) -> Vec<usize> {
    let mut axes = Vec::new();
    for (axis, &distance) in piece.iter().enumerate() {
        if distance.is_zero() {
            continue;
        }
        axes.push(axis);
        if distance.excludes_zero() {
            break;
        }
    }
    axes
}

/// The range of `point[axis] - producer(point)` over the piece (affine: extremes at vertices).
fn piece_distance(piece: &Piece, axis: usize, producer: Option<&LabelFunction>) -> Distance {
    let Some(producer) = producer.filter(|f| !f.has_top()) else { return UNKNOWN };
    let values: Vec<i64> = piece
        .vertices
        .iter()
        .filter_map(|vertex| Some(vertex.get(axis)?.wrapping_sub(producer.evaluate(vertex)?)))
        .collect();
    match (values.iter().min(), values.iter().max()) {
        (Some(&min), Some(&max)) => Distance { min: Some(min), max: Some(max) },
        _ => UNKNOWN,
    }
}

/// The nest's read-after-write dependences (both ends in the nest) and the write-after-write
/// dependences of its stores that write one address along a loop.
fn dependences(profile: &Profile, members: &[Member]) -> Vec<NestDependence> {
    let by_id: HashMap<u32, &Member> = members.iter().map(|m| (m.record.id, m)).collect();
    let mut found = Vec::new();
    for record in &profile.dependences {
        let (Some(source), Some(sink)) = (by_id.get(&record.source), by_id.get(&record.sink)) else { continue };
        let shared = source.context.shared_loops(sink.context);
        let pieces = record
            .folded
            .pieces
            .iter()
            .map(|piece| (0..shared.len()).map(|axis| piece_distance(piece, axis, piece.label_functions.get(axis))).collect())
            .collect();
        found.push(NestDependence::new(
            "read-after-write",
            access_name(source.record),
            access_name(sink.record),
            record.count,
            shared,
            pieces,
        ));
    }
    found.extend(members.iter().filter_map(|m| output_dependence(profile, m)));
    found.sort_by(|a, b| b.instances.cmp(&a.instances));
    found
}

/// A store that writes the same address at successive iterations of a loop (its coefficient
/// along that loop 0 in a piece that spans the loop) carries a write-after-write dependence
/// along the outermost such loop: distance at least 1 there, unknown inside.
fn output_dependence(profile: &Profile, member: &Member) -> Option<NestDependence> {
    let record = member.record;
    if record.kind != AccessKind::Store {
        return None;
    }
    let axis = (0..member.loops().len()).find(|&axis| {
        record.folded.pieces.iter().any(|piece| {
            let address = piece.label_functions.first();
            address.is_some_and(|f| f.coefficients.get(axis) == Some(&Coefficient::Integer(0))) && spans(piece, axis)
        })
    })?;
    let trips = profile.loops.iter().find(|l| l.id == member.loops()[axis]).map(|l| l.trip_counts.max).unwrap_or(0);
    let along = Distance { min: Some(1), max: Some(trips.saturating_sub(1).min(i64::MAX as u64) as i64) };
    let piece: Vec<Distance> = (0..member.loops().len())
        .map(|a| if a < axis { ZERO } else if a == axis { along } else { UNKNOWN })
        .collect();
    let name = access_name(record);
    Some(NestDependence::new("write-after-write", name.clone(), name, record.count, member.loops().to_vec(), vec![piece]))
}

fn spans(piece: &Piece, axis: usize) -> bool {
    let mut coordinates = piece.vertices.iter().filter_map(|v| v.get(axis));
    let first = coordinates.next();
    coordinates.any(|c| Some(c) != first)
}

// ---------------------------------------------------------------------------------------------
// Suggestions.

fn suggestions(
    profile: &Profile,
    names: &Names,
    members: &[Member],
    loops: &[LoopReport],
    dependences: &[NestDependence],
) -> Vec<Suggestion> {
    let mut suggestions = Vec::new();
    for chain in chains(members) {
        if let Some(interchange) = interchange(profile, names, members, &chain, dependences) {
            if !suggestions.contains(&interchange) {
                suggestions.push(interchange);
            }
        }
    }
    let parallel: Vec<&LoopReport> = loops.iter().filter(|l| l.parallel).collect();
    for l in &parallel {
        // Outermost: no parallel loop encloses it in the nest.
        let outermost = !parallel.iter().any(|p| p.depth < l.depth && encloses(members, p.id, l.id));
        suggestions.push(Suggestion::Parallel { loop_location: l.location.clone(), outermost });
    }
    if parallel.is_empty() {
        if let Some(no_parallel) = no_parallel_loop(names, loops, dependences) {
            suggestions.push(no_parallel);
        }
    }
    suggestions
}

/// The distinct loop chains of the nest's streams, longest first.
fn chains(members: &[Member]) -> Vec<Vec<u32>> {
    let mut chains: Vec<Vec<u32>> = members.iter().map(|m| m.loops().to_vec()).collect();
    chains.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    chains.dedup();
    chains
}

/// Whether loop `outer` encloses loop `inner` in some chain of the nest.
fn encloses(members: &[Member], outer: u32, inner: u32) -> bool {
    members.iter().any(|m| {
        let position = |l: u32| m.loops().iter().position(|&x| x == l);
        matches!((position(outer), position(inner)), (Some(o), Some(i)) if o < i)
    })
}

/// The hottest dependence carried by a loop of the nest, as the reason none is parallel.
fn no_parallel_loop(names: &Names, loops: &[LoopReport], dependences: &[NestDependence]) -> Option<Suggestion> {
    let dependence = dependences.iter().find(|d| !d.carriers.is_empty() && loops.iter().any(|l| l.id == d.carriers[0]))?;
    Some(Suggestion::NoParallelLoop {
        source: dependence.source.clone(),
        sink: dependence.sink.clone(),
        carried_by: names.of_loop(dependence.carriers[0]),
        distance: distance_text(&dependence.distance()),
    })
}

/// `(0, 1)`, `(0, 1..3)`, `(?, 1)`: one entry per shared loop.
pub fn distance_text(distance: &[Distance]) -> String {
    let entries: Vec<String> = distance
        .iter()
        .map(|d| match (d.min, d.max) {
            (Some(a), Some(b)) if a == b => a.to_string(),
            (Some(a), Some(b)) => format!("{a}..{b}"),
            _ => "?".to_string(),
        })
        .collect();
    if entries.len() == 1 {
        entries[0].clone()
    } else {
        format!("({})", entries.join(", "))
    }
}

/// How the accesses of one chain weigh an interchange of its loop at `outer` (an axis) with
/// its innermost loop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct StrideBalance {
    /// Instances with a smaller non-zero stride along the outer loop than along the innermost.
    improved: u64,
    /// Instances with a smaller non-zero stride along the innermost loop.
    worsened: u64,
}

fn stride_balance(strides: &[(u64, Vec<Option<i64>>)], outer: usize) -> StrideBalance {
    let mut balance = StrideBalance::default();
    for (count, strides) in strides {
        let (Some(Some(o)), Some(Some(k))) = (strides.get(outer), strides.last()) else { continue };
        let (o, k) = (o.unsigned_abs(), k.unsigned_abs());
        // An access invariant along either loop is neither: at -O1 an access invariant along
        // the innermost loop is rarely left in it, and one invariant along the outer loop
        // stays in the new innermost loop's registers.
        if o == 0 || k == 0 {
            continue;
        }
        if o < k {
            balance.improved = balance.improved.saturating_add(*count);
        } else if k < o {
            balance.worsened = balance.worsened.saturating_add(*count);
        }
    }
    balance
}

/// The interchange that most improves the chain's strides, if one improves more instances than
/// it worsens.
fn interchange(
    profile: &Profile,
    names: &Names,
    members: &[Member],
    chain: &[u32],
    dependences: &[NestDependence],
) -> Option<Suggestion> {
    if chain.len() < 2 {
        return None;
    }
    let on_chain: Vec<&Member> = members.iter().filter(|m| m.loops() == chain).collect();
    let strides: Vec<(u64, Vec<Option<i64>>)> = on_chain
        .iter()
        .map(|m| (m.record.count, access_summary(profile, m.record).strides.into_iter().map(constant).collect()))
        .collect();
    let inner = chain.len() - 1;
    let (outer, balance) = (0..inner)
        .map(|o| (o, stride_balance(&strides, o)))
        .filter(|(_, b)| b.improved > b.worsened)
        .max_by_key(|(o, b)| (b.improved - b.worsened, *o))?;
    // The hottest access the interchange improves, and its new innermost stride.
    let (access, stride_after) = on_chain
        .iter()
        .zip(&strides)
        .filter(|(_, (_, s))| stride_balance(&[(1, s.clone())], outer).improved == 1)
        .max_by_key(|(m, _)| m.record.count)
        .map(|(m, (_, s))| (m.record, s[outer].unwrap_or(0)))?;
    let (legality, dependence) = interchange_legality(dependences, chain[outer], chain[inner]);
    Some(Suggestion::Interchange {
        outer_loop: names.of_loop(chain[outer]),
        inner_loop: names.of_loop(chain[inner]),
        access: access_name(access),
        stride_after,
        unit_stride: stride_after.unsigned_abs() == access.size as u64,
        improved_instances: balance.improved,
        worsened_instances: balance.worsened,
        legality,
        dependence: dependence.map(|d| format!("{} -> {} (distance {})", d.source, d.sink, distance_text(&d.distance()))),
    })
}

/// Whether swapping loops `outer` and `inner` keeps every dependence's distance vector
/// lexicographically non-negative; with the first dependence that makes it illegal or unproven.
fn interchange_legality(dependences: &[NestDependence], outer: u32, inner: u32) -> (Legality, Option<&NestDependence>) {
    let mut verdict = (Legality::Legal, None);
    for dependence in dependences {
        let Some(o) = dependence.shared.iter().position(|&l| l == outer) else { continue };
        let k = dependence.shared.iter().position(|&l| l == inner);
        for piece in &dependence.pieces {
            let order: Vec<usize> = match k {
                Some(k) => (0..piece.len()).map(|a| if a == o { k } else if a == k { o } else { a }).collect(),
                // The inner loop does not hold both ends: the interchange distributes the loops
                // around it, which keeps a dependence decided by the loops outside `outer`, and
                // one within a single iteration of every loop both ends share (distribution
                // keeps the order of the body's parts: layerforward's sum into `squash`).
                None => (0..o).collect(),
            };
            let sign = lexicographic_sign(order.iter().map(|&a| piece[a]));
            let within_one_iteration = || piece.iter().all(|d| d.is_zero());
            let unaffected_outside = k.is_some() || sign == Sign::Positive || within_one_iteration();
            match sign {
                Sign::Negative => return (Legality::Illegal, Some(dependence)),
                Sign::Unknown => verdict = (Legality::NotProven, verdict.1.or(Some(dependence))),
                _ if !unaffected_outside => verdict = (Legality::NotProven, verdict.1.or(Some(dependence))),
                _ => {}
            }
        }
    }
    verdict
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sign {
    Positive,
    Zero,
    Negative,
    Unknown,
}

/// The lexicographic sign of a vector of distance ranges, where every point's sign agrees.
fn lexicographic_sign(distances: impl Iterator<Item = Distance>) -> Sign {
    for distance in distances {
        if distance.is_zero() {
            continue;
        }
        return match (distance.min, distance.max) {
            (Some(min), _) if min > 0 => Sign::Positive,
            (_, Some(max)) if max < 0 => Sign::Negative,
            _ => Sign::Unknown,
        };
    }
    Sign::Zero
}

#[cfg(test)]
pub(crate) mod tests;
