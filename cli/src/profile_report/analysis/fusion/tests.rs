//! Fusion on small hand-made profiles: two consecutive outermost loops of one function (k.c:10
//! writes, k.c:20 reads), or two loops inside one parent loop, with a folded dependence from
//! the first's store to the second's load.

use super::super::tests::{dependence, nest_profile};
use super::super::{analyze, Distance, Legality, Report, Suggestion, ZERO};
use crate::profile_report::flame_graph::layout::FrameClass;
use crate::profile_report::flame_graph::stacks::stacks;
use crate::profile_report::{analysis::Names, printer};
use runtime::profile::{AccessKind, ContextRecord, Profile};
use std::collections::HashMap;

/// `for (i < first) b[i] = ...; for (i < second) ... = b[i + shift];`: loop 0 (k.c:10,
/// store 0) then loop 1 (k.c:20, load 1, store 2), in contexts 0 and 1; the dependence from
/// store 0 to load 1 has distance `-shift` over the second loop's iterations that read an
/// element the first wrote (`None`: unknown).
fn two_loops(first: i64, second: i64, shift: Option<i64>) -> Profile {
    let mut profile = nest_profile(&[first], &[(AccessKind::Store, 12, vec![4])]);
    let mut reader = nest_profile(&[second], &[(AccessKind::Load, 22, vec![4]), (AccessKind::Store, 22, vec![4])]);
    reader.loops[0].id = 1;
    reader.loops[0].header = 0x1180;
    reader.loops[0].location = Some("/src/k.c:20:3".into());
    reader.contexts[0] = ContextRecord { id: 1, thread: 0, call_sites: vec![], loops: vec![1], frame_loops: vec![1] };
    for record in &mut reader.instructions {
        record.id += 1;
        record.context = 1;
        record.pc += 0x80;
    }
    let reading = second - shift.unwrap_or(0).max(0);
    profile.dependences.push(dependence(&[reading], 0, 1, &[shift.map(|s| -s)]));
    profile.loops.extend(reader.loops);
    profile.contexts.extend(reader.contexts);
    profile.instructions.extend(reader.instructions);
    profile
}

fn report(profile: &Profile) -> Report {
    analyze(profile, &HashMap::new(), 5, 0.0)
}

/// The fusion suggestions of every nest, with the nest's location, by location.
fn fusions(report: &Report) -> Vec<(String, Suggestion)> {
    let mut found = Vec::new();
    for nest in &report.nests {
        for s in nest.suggestions.iter().filter(|s| matches!(s, Suggestion::Fuse { .. })) {
            found.push((nest.location.clone(), s.clone()));
        }
    }
    // Nests come hottest first: in source order here.
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

fn fuse(first: &str, second: &str, instances: u64, distance: Distance, legality: Legality) -> Suggestion {
    Suggestion::Fuse { first_loop: first.into(), second_loop: second.into(), instances, distance, legality }
}

fn exactly(d: i64) -> Distance {
    Distance { min: Some(d), max: Some(d) }
}

#[test]
fn two_maps_over_one_array_fuse_at_the_same_iteration() {
    let result = report(&two_loops(64, 64, Some(0)));
    let expected = fuse("k.c:10", "k.c:20", 64, ZERO, Legality::Legal);
    // Each of the two nests holds one of the loops: both say it.
    assert_eq!(fusions(&result), vec![("k.c:10".into(), expected.clone()), ("k.c:20".into(), expected)]);
    let text = printer::render(&result);
    assert!(
        text.contains("fuse loops at k.c:10 and k.c:20: the second reads what the first wrote (64 access instances), at the same iteration"),
        "{text}"
    );
}

#[test]
fn reading_an_element_the_first_loop_writes_later_is_illegal() {
    // c[i] = b[i + 1]: iteration i of the second reads what iteration i + 1 of the first wrote.
    let result = report(&two_loops(64, 64, Some(1)));
    assert_eq!(fusions(&result)[0].1, fuse("k.c:10", "k.c:20", 63, exactly(-1), Legality::Illegal));
    let text = printer::render(&result);
    assert!(!text.contains("fuse loops at"), "{text}");
    assert!(text.contains("no fusion of loops at k.c:10 and k.c:20: illegal"), "{text}");
}

#[test]
fn reading_an_element_written_earlier_is_legal_at_its_distance() {
    // c[i] = b[i - 1].
    let result = report(&two_loops(64, 64, Some(-1)));
    assert_eq!(fusions(&result)[0].1, fuse("k.c:10", "k.c:20", 64, exactly(1), Legality::Legal));
    assert!(printer::render(&result).contains("at distance 1: written 1 iteration(s) earlier"));
}

#[test]
fn an_unknown_distance_is_not_proven_legal() {
    let result = report(&two_loops(64, 64, None));
    let Suggestion::Fuse { legality, .. } = &fusions(&result)[0].1 else { unreachable!() };
    assert_eq!(*legality, Legality::NotProven);
    assert!(printer::render(&result).contains("not proven legal: distance ?"));
}

#[test]
fn different_trip_counts_give_no_suggestion() {
    assert_eq!(fusions(&report(&two_loops(64, 63, Some(0)))), vec![]);
}

#[test]
fn a_loop_between_them_gives_no_suggestion() {
    let mut profile = two_loops(64, 64, Some(0));
    let mut between = profile.loops[0].clone();
    (between.id, between.header) = (7, 0x1140);
    profile.loops.push(between);
    assert_eq!(fusions(&report(&profile)), vec![]);
}

#[test]
fn loops_in_other_calling_contexts_are_not_consecutive() {
    let mut profile = two_loops(64, 64, Some(0));
    profile.contexts[1].call_sites = vec![0x4321];
    assert_eq!(fusions(&report(&profile)), vec![]);
}

/// `for (i < 4) { for (j < 8) a[i][j] = ...; for (j < 8) ... = a[i - lag][j - shift]; }`:
/// loops 1 (k.c:11) and 2 (k.c:14) inside loop 0, distance `(lag, shift)`.
fn siblings_in_a_loop(lag: i64, shift: i64) -> Profile {
    let extents = [4, 8];
    let mut profile = nest_profile(&extents, &[(AccessKind::Store, 12, vec![32, 4])]);
    let mut second = profile.loops[1].clone();
    (second.id, second.header, second.location) = (2, 0x1180, Some("/src/k.c:14:5".into()));
    profile.loops.push(second);
    profile.contexts.push(ContextRecord { id: 1, thread: 0, call_sites: vec![], loops: vec![0, 2], frame_loops: vec![2] });
    let mut load = profile.instructions[0].clone();
    (load.id, load.context, load.kind, load.pc) = (1, 1, AccessKind::Load, 0x1280);
    profile.instructions.push(load);
    profile.dependences.push(dependence(&extents, 0, 1, &[Some(lag), Some(shift)]));
    profile
}

#[test]
fn sibling_loops_inside_a_loop_fuse() {
    let result = report(&siblings_in_a_loop(0, 0));
    assert_eq!(fusions(&result), vec![("k.c:10".into(), fuse("k.c:11", "k.c:14", 32, ZERO, Legality::Legal))]);
}

#[test]
fn a_dependence_carried_by_the_enclosing_loop_is_no_reason_to_fuse() {
    // Read at the next outer iteration, one element ahead: fusion keeps that order.
    assert_eq!(fusions(&report(&siblings_in_a_loop(1, -1))), vec![]);
}

#[test]
fn json_names_the_fused_loops() {
    let result = report(&two_loops(64, 64, Some(0)));
    let json: serde_json::Value = serde_json::from_str(&serde_json::to_string(&result).unwrap()).unwrap();
    let fusion = json["nests"][0]["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["kind"] == "fuse")
        .cloned()
        .unwrap_or_else(|| panic!("no fuse in {json}"));
    assert_eq!(fusion["first_loop"], "k.c:10");
    assert_eq!(fusion["second_loop"], "k.c:20");
    assert_eq!(fusion["instances"], 64);
    assert_eq!(fusion["distance"]["min"], 0);
    assert_eq!(fusion["legality"], "legal");
}

#[test]
fn the_flame_graph_colours_both_loops_as_fused_unless_illegal() {
    let class_of_loops = |profile: &Profile| -> Vec<FrameClass> {
        let result = report(profile);
        let names = Names::new(profile, &HashMap::new());
        stacks(profile, &result, &names, &HashMap::new()).iter().map(|s| s.frames[2].class).collect()
    };
    // Frames: program, function, loop.
    assert_eq!(class_of_loops(&two_loops(64, 64, Some(0))), vec![FrameClass::Fuse; 3]);
    assert!(!class_of_loops(&two_loops(64, 64, Some(1))).contains(&FrameClass::Fuse));
}
