//! Time tiling on small hand-made profiles: one nest `for t (k.c:10) for i (k.c:11)` whose
//! line 12 loads and stores one array, with folded dependences from the store (1) to the load
//! (0) at given distances along (t, i).

use super::super::tests::{dependence, nest_profile};
use super::super::{analyze, Legality, Report, Suggestion};
use super::AxisConstraints;
use crate::profile_report::printer;
use runtime::profile::{AccessKind, ContextRecord, Profile};
use std::collections::HashMap;

fn in_time(distances: &[[Option<i64>; 2]]) -> Profile {
    let extents = [8, 32];
    let mut profile = nest_profile(&extents, &[(AccessKind::Load, 12, vec![0, 4]), (AccessKind::Store, 12, vec![0, 4])]);
    for d in distances {
        profile.dependences.push(dependence(&extents, 1, 0, d));
    }
    profile
}

fn report(profile: &Profile) -> Report {
    analyze(profile, &HashMap::new(), 5, 0.0)
}

fn skew_of(report: &Report) -> Option<&Suggestion> {
    report.nests[0].suggestions.iter().find(|s| matches!(s, Suggestion::SkewAndTile { .. }))
}

/// (factors per axis, legality) of the nest's skew suggestion.
fn factors(report: &Report) -> Option<(Vec<Option<i64>>, Legality)> {
    match skew_of(report)? {
        Suggestion::SkewAndTile { axes, legality, .. } => Some((axes.iter().map(|a| a.factor).collect(), *legality)),
        _ => None,
    }
}

#[test]
fn seidel_distances_ask_for_a_skew_by_one() {
    // S[i] = S[i - 1] + S[i] + S[i + 1] in place: (0, 1), (1, 0), (1, -1).
    let report = report(&in_time(&[[Some(0), Some(1)], [Some(1), Some(0)], [Some(1), Some(-1)]]));
    assert_eq!(factors(&report), Some((vec![Some(1)], Legality::Legal)));
    let Some(Suggestion::SkewAndTile { time_loop, axes, dependence, .. }) = skew_of(&report) else { unreachable!() };
    assert_eq!((time_loop.as_str(), axes[0].loops.clone()), ("k.c:10", vec!["k.c:11".to_string()]));
    assert_eq!(dependence.as_deref(), Some("k.c:12:7 -> k.c:12:7 (distance (1, -1))"));
    let text = printer::render(&report);
    assert!(
        text.contains("skew loop at k.c:11 by 1 x t, t the counter of the loop at k.c:10, and tile the loops at k.c:10 and k.c:11 (time tiling)"),
        "{text}"
    );
}

#[test]
fn the_factor_is_the_smallest_that_makes_every_distance_non_negative() {
    // -3 per time step, and -5 over two: ceil(5 / 2) = 3 is enough for both.
    let three = report(&in_time(&[[Some(1), Some(-3)], [Some(2), Some(-5)], [Some(0), Some(2)]]));
    assert_eq!(factors(&three), Some((vec![Some(3)], Legality::Legal)));
    let two_steps = report(&in_time(&[[Some(2), Some(-5)]]));
    assert_eq!(factors(&two_steps), Some((vec![Some(3)], Legality::Legal)));
}

#[test]
fn non_negative_distances_need_no_skew() {
    // Plain tiles are legal: nothing to suggest.
    assert_eq!(factors(&report(&in_time(&[[Some(1), Some(0)], [Some(0), Some(1)], [Some(1), Some(2)]]))), None);
    assert_eq!(factors(&report(&in_time(&[]))), None);
}

#[test]
fn unknown_distances_suggest_nothing_without_isl() {
    // A Top label: the dependence is left out of isl's relations as well, so nothing skews.
    assert_eq!(factors(&report(&in_time(&[[Some(1), None]]))), None);
}

#[test]
fn shifts_align_sibling_loops_before_the_skew() {
    // Jacobi's two sweeps (loops 1 and 2 inside t): the second reads the first's i + 1 at the
    // same t (distance -1), the first reads the second's i + 1 at the next t.
    let axis = AxisConstraints { loops: vec![1, 2], pieces: vec![(1, 2, -1, 0), (2, 1, -1, 1)], unknown: false };
    assert_eq!(axis.solve(), Some((2, vec![0, 1])));
    // Without the backward piece no skew is needed, only the shift.
    let axis = AxisConstraints { loops: vec![1, 2], pieces: vec![(1, 2, -1, 0)], unknown: false };
    assert_eq!(axis.solve(), Some((0, vec![0, 1])));
    // One loop reading ahead of itself at the same t: no factor helps.
    let axis = AxisConstraints { loops: vec![1], pieces: vec![(1, 1, -1, 0)], unknown: false };
    assert_eq!(axis.solve(), None);
}

#[test]
fn a_negative_distance_at_the_same_time_step_ends_the_band() {
    // (0, -1) on one loop cannot occur in a real run; no suggestion either way.
    assert_eq!(factors(&report(&in_time(&[[Some(0), Some(-1)], [Some(1), Some(-1)]]))), None);
}

/// The sweep is a function called from two call sites, its store in the first call and its
/// load in the second: their time loops have the same id, but a dependence between the calls
/// is no distance along one time loop, and asks for no skew.
#[test]
fn a_dependence_between_two_calls_of_a_sweep_asks_for_no_skew() {
    let mut profile = in_time(&[[Some(1), Some(-1)]]);
    assert!(factors(&report(&profile)).is_some(), "one call: skewed");
    profile.contexts = (0..2)
        .map(|id| ContextRecord { id, thread: 0, call_sites: vec![0x10 + 0x10 * id as u64], loops: vec![0, 1], frame_loops: vec![0, 2] })
        .collect();
    profile.instructions[0].context = 1;
    assert_eq!(factors(&report(&profile)), None);
}
