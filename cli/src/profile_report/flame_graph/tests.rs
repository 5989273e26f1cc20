//! The flame graph of a small hand-made profile: function `kernel` with a column-major walk
//! (loops at k.c:10 and k.c:11: interchange), and a row recurrence at k.c:29 > k.c:30 whose
//! inner loop carries a dependence, read back as XML.

use super::layout::{layout, Frame, FrameClass};
use super::*;
use crate::profile_report::analysis::analyze;
use crate::profile_report::analysis::tests::{dependence, nest_profile};
use runtime::profile::{AccessKind, ContextRecord};

/// The two nests in one profile; the recurrence's loops are 5 and 6 in function 0x2000.
fn two_nests() -> Profile {
    let mut profile = nest_profile(&[64, 64], &[(AccessKind::Load, 12, vec![4, 256]), (AccessKind::Store, 12, vec![4, 256])]);
    let extents = [8, 16];
    let mut recurrence = nest_profile(&extents, &[(AccessKind::Load, 31, vec![64, 4]), (AccessKind::Store, 31, vec![64, 4])]);
    recurrence.dependences.push(dependence(&extents, 1, 0, &[Some(0), Some(1)]));
    for (l, record) in recurrence.loops.iter_mut().enumerate() {
        record.id += 5;
        record.parent = record.parent.map(|p| p + 5);
        record.function = 0x2000;
        record.location = Some(format!("/src/k.c:{}:3", 29 + l));
    }
    for record in &mut recurrence.instructions {
        record.id += 2;
        record.context = 1;
        record.pc += 0x1000;
    }
    for d in &mut recurrence.dependences {
        (d.source, d.sink) = (d.source + 2, d.sink + 2);
    }
    recurrence.contexts[0] = ContextRecord { id: 1, thread: 0, call_sites: vec![], loops: vec![5, 6], frame_loops: vec![2] };
    profile.loops.extend(recurrence.loops);
    profile.contexts.extend(recurrence.contexts);
    profile.instructions.extend(recurrence.instructions);
    profile.dependences.extend(recurrence.dependences);
    profile
}

fn functions() -> HashMap<u64, String> {
    HashMap::from([(0x1000, "kernel".to_string()), (0x2000, "rows".to_string()), (0x1200, "kernel".to_string())])
}

fn flame_stacks(profile: &Profile) -> Vec<layout::Stack> {
    let report = analyze(profile, &HashMap::new(), 5, 0.0);
    stacks::stacks(profile, &report, &Names::new(profile, &HashMap::new()), &functions())
}

fn frame(label: &str, class: FrameClass) -> Frame {
    Frame { label: label.into(), class }
}

#[test]
fn stacks_run_from_the_program_through_functions_and_loops() {
    let stacks = flame_stacks(&two_nests());
    let program = frame("k", FrameClass::Context);
    // The first access's function is its loops' one: no second frame for it.
    assert_eq!(
        stacks[0].frames,
        vec![
            program.clone(),
            frame("kernel", FrameClass::Context),
            frame("k.c:10 (also parallel)", FrameClass::Interchange),
            frame("k.c:11 (also parallel)", FrameClass::Interchange),
        ]
    );
    assert_eq!(stacks[0].instances, 4096);
    // The recurrence: outer loop parallel, inner one carries the dependence; its accesses have
    // no symbol here, so no function frame after the loops.
    assert_eq!(
        stacks[2].frames,
        vec![
            program,
            frame("rows", FrameClass::Context),
            frame("k.c:29", FrameClass::Parallel),
            frame("k.c:30", FrameClass::Dependence),
        ]
    );
}

#[test]
fn an_access_in_a_called_function_gets_its_frame() {
    let profile = two_nests();
    let report = analyze(&profile, &HashMap::new(), 5, 0.0);
    let mut functions = functions();
    functions.insert(0x1201, "helper".into());
    let stacks = stacks::stacks(&profile, &report, &Names::new(&profile, &HashMap::new()), &functions);
    assert_eq!(stacks[1].frames.last(), Some(&frame("helper", FrameClass::Context)));
    assert_eq!(stacks[0].frames.len(), 4);
}

#[test]
fn loops_outside_the_reported_nests_have_no_suggestion_and_threads_get_frames() {
    let mut profile = two_nests();
    profile.contexts[1].thread = 1;
    // Only the hottest nest is reported.
    let report = analyze(&profile, &HashMap::new(), 1, 0.0);
    let stacks = stacks::stacks(&profile, &report, &Names::new(&profile, &HashMap::new()), &HashMap::new());
    assert_eq!(stacks[0].frames[1], frame("thread 0", FrameClass::Context));
    assert_eq!(stacks[0].frames[2], frame("function at 0x1000", FrameClass::Context));
    assert_eq!(stacks[2].frames[1], frame("thread 1", FrameClass::Context));
    assert!(stacks[2].frames[3..].iter().all(|f| f.class == FrameClass::NoSuggestion), "{:?}", stacks[2].frames);
}

#[test]
fn the_layout_of_the_profile_weighs_each_nest_by_its_instances() {
    let rects = layout(&flame_stacks(&two_nests()));
    let width = |label: &str| rects.iter().find(|r| r.label == label).map(|r| r.width).unwrap();
    let total = (2 * 4096 + 2 * 128) as f64;
    assert_eq!(width("k"), 1.0);
    assert!((width("k.c:10 (also parallel)") - 8192.0 / total).abs() < 1e-12);
    assert!((width("k.c:29") - 256.0 / total).abs() < 1e-12);
    let depth = |label: &str| rects.iter().find(|r| r.label == label).map(|r| r.depth).unwrap();
    assert_eq!((depth("kernel"), depth("k.c:10 (also parallel)"), depth("k.c:11 (also parallel)")), (1, 2, 3));
}

/// The SVG is well-formed XML (roxmltree parses it), and its text names the hot loops and
/// functions, with the legend.
#[test]
fn the_svg_parses_and_names_the_hot_loops_and_functions() {
    let profile = two_nests();
    let report = analyze(&profile, &HashMap::new(), 5, 0.0);
    let text = svg(&profile, &report, &Names::new(&profile, &HashMap::new()), &functions()).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let texts: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    // The recurrence's nest is 3% of the run: too narrow for its labels.
    for wanted in ["k.c:10", "k.c:11", "kernel", "interchange suggested", "carries a dependence"] {
        assert!(texts.iter().any(|t| t.contains(wanted)), "no text with {wanted}: {texts:?}");
    }
    assert!(texts.contains(&"k.c:10 (also parallel) 97.0%"), "{texts:?}");
    // One rectangle per frame in the colour of its class: the interchanged loops in orange.
    let fills: Vec<&str> = document.descendants().filter(|n| n.has_tag_name("rect")).filter_map(|n| n.attribute("fill")).collect();
    assert!(fills.iter().filter(|&&f| f == "#F28E2B").count() >= 3, "{fills:?}");
}

#[test]
fn labels_with_markup_characters_stay_text() {
    let mut profile = two_nests();
    profile.binary = "a<b>&c".into();
    let report = analyze(&profile, &HashMap::new(), 5, 0.0);
    let text = svg(&profile, &report, &Names::new(&profile, &HashMap::new()), &HashMap::new()).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    assert!(document.descendants().any(|n| n.text().is_some_and(|t| t.trim().starts_with("a<b>&c"))));
}

#[test]
fn an_empty_profile_still_draws() {
    let profile = Profile::default();
    let report = analyze(&profile, &HashMap::new(), 5, 0.0);
    let text = svg(&profile, &report, &Names::new(&profile, &HashMap::new()), &HashMap::new()).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    assert!(document.descendants().any(|n| n.text().map(str::trim) == Some("no memory-access instances")));
}
