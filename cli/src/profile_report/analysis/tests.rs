//! The analysis on small hand-made profiles: one function with a loop nest, its streams
//! folded by hand (box domains, affine label functions).

use super::*;
use runtime::control::TripCounts;
use runtime::folding::FoldedStream;
use runtime::profile::{ContextRecord, DependenceRecord, LoopRecord};

/// The `2^D` vertices of the box `0 <= x[a] < extents[a]`, indexed as the runtime does (bit
/// `q - 1` set: upper face along dimension `q`, axis `D - q`).
fn box_vertices(extents: &[i64]) -> Vec<Vec<i64>> {
    let d = extents.len();
    (0..1usize << d)
        .map(|v| (0..d).map(|axis| if v >> (d - axis - 1) & 1 == 1 { extents[axis] - 1 } else { 0 }).collect())
        .collect()
}

fn function(coefficients: &[Option<i64>], remaining: i64) -> LabelFunction {
    LabelFunction {
        coefficients: coefficients.iter().map(|c| c.map_or(Coefficient::Top, Coefficient::Integer)).collect(),
        remaining,
    }
}

/// A one-piece stream over the box `extents` with these label functions.
fn stream(extents: &[i64], labels: Vec<LabelFunction>) -> FoldedStream {
    let points = extents.iter().product::<i64>() as u64;
    FoldedStream {
        space: extents.len(),
        label_components: labels.len(),
        pieces: vec![Piece { vertices: box_vertices(extents), label_functions: labels, points }],
        points,
        gave_up: false,
        max_intermediate_polyhedra: 1,
    }
}

/// A profile of one nest of `extents.len()` loops (ids 0, 1, ... outermost first, the `for` of
/// loop `l` on line `10 + l` of k.c), its accesses given as (kind, line, address strides).
pub(crate) fn nest_profile(extents: &[i64], accesses: &[(AccessKind, u32, Vec<i64>)]) -> Profile {
    let loops = extents
        .iter()
        .enumerate()
        .map(|(l, &n)| {
            let entries = extents[..l].iter().product::<i64>() as u64;
            LoopRecord {
                id: l as u32,
                function: 0x1000,
                header: 0x1100 + l as u64,
                kind: LoopKind::Cfg,
                parent: l.checked_sub(1).map(|p| p as u32),
                trip_counts: TripCounts { entries, iterations: entries * n as u64, min: n as u64, max: n as u64 },
                location: Some(format!("/src/k.c:{}:3", 10 + l)),
            }
        })
        .collect();
    let instructions = accesses
        .iter()
        .enumerate()
        .map(|(id, (kind, line, strides))| {
            let coefficients: Vec<Option<i64>> = strides.iter().map(|&s| Some(s)).collect();
            let folded = stream(extents, vec![function(&coefficients, 0x10000)]);
            InstructionRecord {
                id: id as u32,
                pc: 0x1200 + id as u64,
                context: 0,
                kind: *kind,
                size: 4,
                count: folded.points,
                order_errors: 0,
                location: Some(format!("/src/k.c:{line}:7")),
                folded,
            }
        })
        .collect();
    Profile {
        binary: "k".into(),
        loops,
        contexts: vec![ContextRecord { id: 0, thread: 0, call_sites: vec![], loops: (0..extents.len() as u32).collect(), frame_loops: vec![extents.len() as u32] }],
        instructions,
        ..Profile::default()
    }
}

/// A read-after-write dependence from instruction `source` to `sink` whose producer is the
/// consumer's iteration vector minus `distance` (or `Top` along the loops where it is `None`).
pub(crate) fn dependence(extents: &[i64], source: u32, sink: u32, distance: &[Option<i64>]) -> DependenceRecord {
    let d = extents.len();
    let labels = (0..d)
        .map(|axis| match distance[axis] {
            Some(k) => function(&(0..d).map(|a| Some((a == axis) as i64)).collect::<Vec<_>>(), -k),
            None => function(&vec![None; d], 0),
        })
        .collect();
    let folded = stream(extents, labels);
    DependenceRecord { source, sink, count: folded.points, order_errors: 0, folded }
}

fn report(profile: &Profile) -> Report {
    analyze(profile, &HashMap::new(), 5, 0.0)
}

fn interchange_of(nest: &Nest) -> Option<&Suggestion> {
    nest.suggestions.iter().find(|s| matches!(s, Suggestion::Interchange { .. }))
}

const LOAD: AccessKind = AccessKind::Load;
const STORE: AccessKind = AccessKind::Store;

#[test]
fn strides_are_the_coefficients_of_the_loop_counters() {
    // for (j) for (i) a[i][j] of a float a[][64]: +4 B along j, +256 B along i.
    let profile = nest_profile(&[64, 64], &[(LOAD, 12, vec![4, 256])]);
    let nest = &report(&profile).nests[0];
    let strides: Vec<(String, Option<i64>)> =
        nest.accesses[0].strides.iter().map(|s| (s.loop_location.clone(), s.bytes)).collect();
    assert_eq!(strides, vec![("k.c:10".into(), Some(4)), ("k.c:11".into(), Some(256))]);
    assert_eq!(nest.location, "k.c:10");
    assert_eq!(nest.share, 1.0);
}

#[test]
fn column_major_walk_gets_a_legal_interchange_and_parallel_loops() {
    let profile = nest_profile(&[64, 64], &[(LOAD, 12, vec![4, 256]), (STORE, 12, vec![4, 256])]);
    let nest = &report(&profile).nests[0];
    let Some(Suggestion::Interchange { outer_loop, inner_loop, access, unit_stride, improved_instances, worsened_instances, legality, .. }) =
        interchange_of(nest)
    else {
        panic!("no interchange: {:?}", nest.suggestions)
    };
    assert_eq!((outer_loop.as_str(), inner_loop.as_str(), access.as_str()), ("k.c:10", "k.c:11", "k.c:12:7"));
    assert!(*unit_stride);
    assert_eq!((*improved_instances, *worsened_instances), (8192, 0));
    assert_eq!(*legality, Legality::Legal);
    assert!(nest.loops.iter().all(|l| l.parallel));
    assert!(nest.suggestions.contains(&Suggestion::Parallel { loop_location: "k.c:10".into(), outermost: true }));
    assert!(nest.suggestions.contains(&Suggestion::Parallel { loop_location: "k.c:11".into(), outermost: false }));
}

#[test]
fn row_major_walk_and_invariant_accesses_get_no_interchange() {
    let row_major = nest_profile(&[64, 64], &[(LOAD, 12, vec![256, 4])]);
    assert_eq!(interchange_of(&report(&row_major).nests[0]), None);
    // x[j] invariant along i, y[i] invariant along j: neither loop is better for both.
    let invariant = nest_profile(&[64, 64], &[(LOAD, 12, vec![4, 0]), (LOAD, 12, vec![0, 4])]);
    assert_eq!(interchange_of(&report(&invariant).nests[0]), None);
}

#[test]
fn most_instances_decide_the_interchange() {
    // Two accesses improve, one worsens.
    let profile = nest_profile(&[8, 8], &[(LOAD, 12, vec![4, 256]), (LOAD, 13, vec![8, 512]), (STORE, 14, vec![256, 4])]);
    let result = report(&profile);
    let Some(Suggestion::Interchange { improved_instances, worsened_instances, .. }) = interchange_of(&result.nests[0]) else {
        panic!("no interchange")
    };
    assert_eq!((*improved_instances, *worsened_instances), (128, 64));
    let profile = nest_profile(&[8, 8], &[(LOAD, 12, vec![4, 256]), (LOAD, 13, vec![256, 4]), (STORE, 14, vec![256, 4])]);
    assert_eq!(interchange_of(&report(&profile).nests[0]), None);
}

#[test]
fn inner_recurrence_is_carried_by_the_inner_loop_and_the_outer_is_parallel() {
    // a[i][j] = a[i][j-1] * 0.5f + b[i][j]: store 0, load 1, distance (0, 1).
    let extents = [32, 47];
    let mut profile = nest_profile(&extents, &[(STORE, 12, vec![192, 4]), (LOAD, 12, vec![192, 4])]);
    profile.dependences.push(dependence(&extents, 0, 1, &[Some(0), Some(1)]));
    let nest = &report(&profile).nests[0];
    assert_eq!(nest.dependences[0].carried_by.as_deref(), Some("k.c:11"));
    assert_eq!(nest.dependences[0].distance, vec![ZERO, Distance { min: Some(1), max: Some(1) }]);
    assert_eq!((nest.loops[0].parallel, nest.loops[1].parallel), (true, false));
    assert_eq!(nest.loops[1].carries, vec![0]);
    assert_eq!(nest.suggestions, vec![Suggestion::Parallel { loop_location: "k.c:10".into(), outermost: true }]);
}

#[test]
fn loop_independent_dependences_carry_nothing() {
    let extents = [4, 4];
    let mut profile = nest_profile(&extents, &[(STORE, 12, vec![64, 4]), (LOAD, 13, vec![64, 4])]);
    profile.dependences.push(dependence(&extents, 0, 1, &[Some(0), Some(0)]));
    let nest = &report(&profile).nests[0];
    assert_eq!(nest.dependences[0].carried_by, None);
    assert!(nest.loops.iter().all(|l| l.parallel));
}

#[test]
fn prefix_sum_has_no_parallel_loop_and_shows_the_dependence() {
    let extents = [999];
    let mut profile = nest_profile(&extents, &[(LOAD, 12, vec![4]), (STORE, 12, vec![4])]);
    profile.dependences.push(dependence(&extents, 1, 0, &[Some(1)]));
    let nest = &report(&profile).nests[0];
    assert_eq!(
        nest.suggestions,
        vec![Suggestion::NoParallelLoop {
            source: "k.c:12:7".into(),
            sink: "k.c:12:7".into(),
            carried_by: "k.c:10".into(),
            distance: "1".into()
        }]
    );
}

#[test]
fn interchange_that_reverses_a_dependence_is_illegal() {
    // Column-major walk with a dependence of distance (1, -1): swapped, (-1, 1).
    let extents = [16, 16];
    let mut profile = nest_profile(&extents, &[(LOAD, 12, vec![4, 64]), (STORE, 12, vec![4, 64])]);
    profile.dependences.push(dependence(&extents, 1, 0, &[Some(1), Some(-1)]));
    let result = report(&profile);
    let Some(Suggestion::Interchange { legality, dependence, .. }) = interchange_of(&result.nests[0]) else {
        panic!("no interchange")
    };
    assert_eq!(*legality, Legality::Illegal);
    assert_eq!(dependence.as_deref(), Some("k.c:12:7 -> k.c:12:7 (distance (1, -1))"));
}

#[test]
fn interchange_with_forward_distances_is_legal() {
    // Distance (1, 1) swapped is (1, 1); (0, 1) swapped is (1, 0).
    let extents = [16, 16];
    let mut profile = nest_profile(&extents, &[(LOAD, 12, vec![4, 64]), (STORE, 12, vec![4, 64])]);
    profile.dependences.push(dependence(&extents, 1, 0, &[Some(1), Some(1)]));
    profile.dependences.push(dependence(&extents, 1, 0, &[Some(0), Some(1)]));
    let result = report(&profile);
    let Some(Suggestion::Interchange { legality, .. }) = interchange_of(&result.nests[0]) else { panic!() };
    assert_eq!(*legality, Legality::Legal);
}

/// A column-major walk whose store (line 12) feeds a load after the inner loop (line 13, in
/// the outer loop only; the producer at the inner loop's last iteration), at distance
/// `outer_distance` along the outer loop: layerforward's sum into `squash`.
fn imperfect_nest(outer_distance: i64) -> Profile {
    let extents = [16, 16];
    let mut profile = nest_profile(&extents, &[(LOAD, 12, vec![4, 64]), (STORE, 12, vec![4, 64])]);
    profile.contexts.push(ContextRecord { id: 1, thread: 0, call_sites: vec![], loops: vec![0], frame_loops: vec![1] });
    let after = stream(&extents[..1], vec![function(&[Some(4)], 0x20000)]);
    profile.instructions.push(InstructionRecord {
        id: 2,
        pc: 0x1300,
        context: 1,
        kind: LOAD,
        size: 4,
        count: after.points,
        order_errors: 0,
        location: Some("/src/k.c:13:7".into()),
        folded: after,
    });
    // Consumer (i), producer (i - outer_distance, 15).
    let producer = stream(&extents[..1], vec![function(&[Some(1)], -outer_distance), function(&[Some(0)], 15)]);
    profile.dependences.push(DependenceRecord { source: 1, sink: 2, count: producer.points, order_errors: 0, folded: producer });
    profile
}

#[test]
fn a_dependence_out_of_the_inner_loop_within_one_iteration_keeps_the_interchange_legal() {
    let within = report(&imperfect_nest(0));
    let Some(Suggestion::Interchange { legality, .. }) = interchange_of(&within.nests[0]) else { panic!() };
    assert_eq!(*legality, Legality::Legal);
    // Carried by the outer loop: where the distributed parts would run it is not known.
    let result = report(&imperfect_nest(1));
    let Some(Suggestion::Interchange { legality, dependence, .. }) = interchange_of(&result.nests[0]) else { panic!() };
    assert_eq!(*legality, Legality::NotProven);
    assert_eq!(dependence.as_deref(), Some("k.c:12:7 -> k.c:13:7 (distance 1)"));
}

/// One function called twice per iteration of `main`'s loop 0, from call sites 0x10 and 0x20:
/// its loop 1 stores `a[j]` (line 12) in the first call and loads `a[2 j]` (line 13) in the
/// second. The loop ids are the same in both calls, the loops' instances are not.
#[test]
fn a_dependence_between_two_calls_is_not_carried_by_the_called_loop() {
    let extents = [4, 16];
    let mut profile = nest_profile(&extents, &[(STORE, 12, vec![128, 4]), (LOAD, 13, vec![128, 8])]);
    profile.contexts = (0..2)
        .map(|id| ContextRecord { id, thread: 0, call_sites: vec![0x10 + 0x10 * id as u64], loops: vec![0, 1], frame_loops: vec![1, 1] })
        .collect();
    profile.instructions[1].context = 1;
    // Consumer (i, j) reads what the producer wrote at (i, 2 j): "distance" j - 2 j in loop 1.
    let producer = stream(&extents, vec![function(&[Some(1), Some(0)], 0), function(&[Some(0), Some(2)], 0)]);
    profile.dependences.push(DependenceRecord { source: 0, sink: 1, count: producer.points, order_errors: 0, folded: producer.clone() });
    let nest = &report(&profile).nests[0];
    assert!(nest.loops.iter().all(|l| l.parallel), "{:?}", nest.loops);
    // Without frames (older profiles) the two calls' loops read as one: loop 1 may carry it.
    for context in &mut profile.contexts {
        context.frame_loops.clear();
    }
    let nest = &report(&profile).nests[0];
    assert!(!nest.loops[1].parallel);
}

#[test]
fn unknown_distances_leave_the_interchange_unproven() {
    let extents = [16, 16];
    let mut profile = nest_profile(&extents, &[(LOAD, 12, vec![4, 64]), (STORE, 12, vec![4, 64])]);
    profile.dependences.push(dependence(&extents, 1, 0, &[Some(0), None]));
    let nest = &report(&profile).nests[0];
    let Some(Suggestion::Interchange { legality, .. }) = interchange_of(nest) else { panic!() };
    assert_eq!(*legality, Legality::NotProven);
    // Unknown along the inner loop: it may carry the dependence, the outer does not.
    assert_eq!((nest.loops[0].parallel, nest.loops[1].parallel), (true, false));
}

#[test]
fn distances_vary_over_a_piece_as_its_vertices_do() {
    // Producer (i, 0) for consumer (i, j): distance j along the inner loop, 0..7.
    let extents = [4, 8];
    let piece = Piece {
        vertices: box_vertices(&extents),
        label_functions: vec![function(&[Some(1), Some(0)], 0), function(&[Some(0), Some(0)], 0)],
        points: 32,
    };
    assert_eq!(piece_distance(&piece, 1, piece.label_functions.get(1)), Distance { min: Some(0), max: Some(7) });
    assert_eq!(piece_distance(&piece, 0, piece.label_functions.get(0)), ZERO);
    assert_eq!(piece_distance(&piece, 0, None), UNKNOWN);
}

#[test]
fn carrying_axes_go_inward_while_the_distance_may_be_zero() {
    let range = |min, max| Distance { min: Some(min), max: Some(max) };
    assert_eq!(carrying_axes(&[ZERO, range(1, 1)]), vec![1]);
    assert_eq!(carrying_axes(&[range(1, 2), UNKNOWN]), vec![0]);
    assert_eq!(carrying_axes(&[range(0, 1), range(-1, 1), range(2, 2)]), vec![0, 1, 2]);
    assert_eq!(carrying_axes(&[UNKNOWN, ZERO]), vec![0]);
    assert_eq!(carrying_axes(&[ZERO, ZERO]), Vec::<usize>::new());
}

#[test]
fn lexicographic_signs() {
    let range = |min, max| Distance { min: Some(min), max: Some(max) };
    assert_eq!(lexicographic_sign([ZERO, range(1, 3)].into_iter()), Sign::Positive);
    assert_eq!(lexicographic_sign([range(-2, -1), range(5, 5)].into_iter()), Sign::Negative);
    assert_eq!(lexicographic_sign([range(-1, 1)].into_iter()), Sign::Unknown);
    assert_eq!(lexicographic_sign([ZERO, ZERO].into_iter()), Sign::Zero);
}

#[test]
fn a_store_to_one_address_along_a_loop_carries_an_output_dependence() {
    // for (i) for (j) s[i] = ...: the same s[i] at every j.
    let profile = nest_profile(&[8, 8], &[(STORE, 12, vec![4, 0])]);
    let nest = &report(&profile).nests[0];
    assert_eq!(nest.dependences[0].kind, "write-after-write");
    assert_eq!(nest.dependences[0].carried_by.as_deref(), Some("k.c:11"));
    assert_eq!((nest.loops[0].parallel, nest.loops[1].parallel), (true, false));
}

#[test]
fn nests_are_ranked_by_their_share_of_the_run() {
    let mut profile = nest_profile(&[64, 64], &[(LOAD, 12, vec![4, 256])]);
    // A second, smaller nest: its own outermost loop 5, in its own context.
    let mut small = nest_profile(&[10], &[(STORE, 30, vec![4])]);
    small.loops[0].id = 5;
    small.loops[0].location = Some("/src/k.c:29:3".into());
    small.contexts[0] = ContextRecord { id: 1, thread: 0, call_sites: vec![], loops: vec![5], frame_loops: vec![1] };
    small.instructions[0].id = 1;
    small.instructions[0].context = 1;
    profile.loops.extend(small.loops);
    profile.contexts.extend(small.contexts);
    profile.instructions.extend(small.instructions);
    let result = report(&profile);
    let nests: Vec<(&str, u64)> = result.nests.iter().map(|n| (n.location.as_str(), n.access_instances)).collect();
    assert_eq!(nests, vec![("k.c:10", 4096), ("k.c:29", 10)]);
    assert_eq!(result.access_instances, 4106);
    assert_eq!(analyze(&profile, &HashMap::new(), 5, 0.01).nests.len(), 1);
    assert_eq!(analyze(&profile, &HashMap::new(), 1, 0.0).nests.len(), 1);
}

#[test]
fn loop_locations_from_the_binary_override_the_headers() {
    let profile = nest_profile(&[4, 4], &[(LOAD, 12, vec![4, 64])]);
    let lines = HashMap::from([(1, "/src/k.c:7:5".to_string())]);
    let report = analyze(&profile, &lines, 5, 0.0);
    let loops: Vec<&str> = report.nests[0].loops.iter().map(|l| l.location.as_str()).collect();
    assert_eq!(loops, vec!["k.c:10", "k.c:7"]);
}

/// The fields `--json` promises (documented in the module doc of `profile_report`).
#[test]
fn json_has_the_documented_fields() {
    let extents = [16, 16];
    let mut profile = nest_profile(&extents, &[(LOAD, 12, vec![4, 64]), (STORE, 12, vec![4, 64])]);
    profile.dependences.push(dependence(&extents, 1, 0, &[Some(0), Some(1)]));
    let text = serde_json::to_string_pretty(&report(&profile)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["binary"], "k");
    assert_eq!(json["access_instances"], 512);
    let nest = &json["nests"][0];
    assert_eq!(nest["location"], "k.c:10");
    assert_eq!(nest["share"], 1.0);
    assert_eq!(nest["access_instances"], 512);
    assert_eq!(nest["loops"][1]["location"], "k.c:11");
    assert_eq!(nest["loops"][1]["depth"], 1);
    assert_eq!(nest["loops"][1]["parallel"], false);
    assert_eq!(nest["loops"][1]["carries"][0], 0);
    assert_eq!(nest["loops"][0]["parallel"], true);
    assert_eq!(nest["accesses"][0]["kind"], "load");
    assert_eq!(nest["accesses"][0]["strides"][1]["loop_location"], "k.c:11");
    assert_eq!(nest["accesses"][0]["strides"][1]["bytes"], 64);
    let dependence = &nest["dependences"][0];
    assert_eq!(dependence["kind"], "read-after-write");
    assert_eq!(dependence["carried_by"], "k.c:11");
    assert_eq!(dependence["distance"][1]["min"], 1);
    assert_eq!(dependence["distance"][1]["max"], 1);
    let interchange = &nest["suggestions"][0];
    assert_eq!(interchange["kind"], "interchange");
    assert_eq!(interchange["outer_loop"], "k.c:10");
    assert_eq!(interchange["inner_loop"], "k.c:11");
    assert_eq!(interchange["legality"], "legal");
    assert_eq!(interchange["unit_stride"], true);
    assert_eq!(nest["suggestions"][1]["kind"], "parallel");
    assert_eq!(nest["suggestions"][1]["loop_location"], "k.c:10");
}
