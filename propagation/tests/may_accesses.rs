//! May-accesses (data-dependent subscripts, paper 004's non-affine accesses; issue 14): the
//! model's dependences, propagation's refusals around them, the language's round trip and
//! the interpreter, on the programs `polyhedral/tests/programs/{may,affine}_*.scop` (each
//! may-access program has an affine twin that propagates).

use polyhedral::dependences::{compute_dependences_with_quota, describe_access, DependenceKind};
use polyhedral::interp::interpret;
use polyhedral::lang::{parse_scop, print_scop};
use polyhedral::model::Scop;
use propagation::{propagate, Options, Outcome, Reason, Report};

fn program(name: &str) -> Scop {
    let path = format!("{}/../polyhedral/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    parse_scop(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn outcome<'r>(report: &'r Report, name: &str) -> &'r Outcome {
    &report.locations.iter().find(|l| l.name == name).unwrap_or_else(|| panic!("no {name} in\n{report}")).outcome
}

fn removable(scop: &Scop, report: &Report) -> Vec<String> {
    report.removable_arrays.iter().map(|&a| scop.arrays[a].name.clone()).collect()
}

/// Propagates, checks identical live-out contents for each size and seed, and that the
/// printed result parses back to the same model.
fn propagate_and_compare(original: &Scop, sizes: &[i64]) -> (Scop, Report) {
    let (result, report) = propagate(original, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
    for &n in sizes {
        for seed in [1, 2, 3] {
            let params = vec![("N".to_string(), n)];
            let a = interpret(original, &params, seed).unwrap_or_else(|e| panic!("{e}"));
            let b = interpret(&result, &params, seed).unwrap_or_else(|e| panic!("{e}\n{}", print_scop(&result)));
            assert_eq!(a.live_out, b.live_out, "N = {n}\n{}", print_scop(&result));
        }
    }
    let without_locations = |scop: &Scop| {
        let mut scop = scop.clone();
        scop.statements.iter_mut().for_each(|s| s.location = None);
        scop
    };
    for scop in [original, &result] {
        let printed = print_scop(scop);
        let parsed = parse_scop(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        assert_eq!(without_locations(&parsed), without_locations(scop), "{printed}");
    }
    (result, report)
}

fn has_raw(scop: &Scop, source: &str, target: &str) -> bool {
    let deps = compute_dependences_with_quota(scop, 0).unwrap();
    let found = deps.of_kind(DependenceKind::Raw).any(|d| {
        describe_access(scop, d.source).starts_with(&format!("{source}.write"))
            && describe_access(scop, d.target).starts_with(&format!("{target}.read"))
    });
    found
}

#[test]
fn may_read_of_a_lookup_table_keeps_the_table() {
    let original = program("may_lut");
    let lookup = original.statements.iter().find(|s| s.name == "lookup").unwrap();
    assert!(lookup.value.reads()[0].is_may(), "{}", print_scop(&original));
    // The may-read depends on every write of the table; the subscript's read of tmp on scale.
    assert!(has_raw(&original, "makelut", "lookup"));
    assert!(has_raw(&original, "scale", "lookup"));
    let (result, report) = propagate_and_compare(&original, &[2, 3, 40]);
    assert_eq!(outcome(&report, "lut"), &Outcome::NotPropagated(Reason::MayRead { statement: "lookup".into() }), "{report}");
    assert!(matches!(outcome(&report, "tmp"), Outcome::Propagated { .. }), "{report}");
    assert_eq!(removable(&original, &report), vec!["tmp"]);
    assert!(result.statements.iter().any(|s| s.name == "makelut"));
    assert!(report.to_string().contains("may-read: lookup reads the location at a data-dependent subscript"), "{report}");
}

#[test]
fn affine_read_of_a_table_removes_it() {
    let original = program("affine_lut");
    let (_, report) = propagate_and_compare(&original, &[2, 3, 200]);
    assert_eq!(removable(&original, &report), vec!["lut", "tmp"], "{report}");
}

#[test]
fn may_write_blocks_propagation() {
    let original = program("may_histogram");
    // A may-write kills nothing: init's writes reach copy through the scatter.
    assert!(has_raw(&original, "init", "copy"));
    assert!(has_raw(&original, "scatter", "copy"));
    assert!(has_raw(&original, "init", "scatter"));
    assert!(has_raw(&original, "scatter", "scatter"));
    // The write subscript's read of w is a read of the statement (numbered after the value's).
    assert!(has_raw(&original, "weight", "scatter"));
    let (result, report) = propagate_and_compare(&original, &[1, 7, 100]);
    assert_eq!(outcome(&report, "hist"), &Outcome::NotPropagated(Reason::MayWrite { statement: "scatter".into() }), "{report}");
    assert_eq!(outcome(&report, "w"), &Outcome::NotPropagated(Reason::IntoMayWrite { statement: "scatter".into() }), "{report}");
    assert!(removable(&original, &report).is_empty());
    assert_eq!(result, original);
}

#[test]
fn without_the_scatter_the_histogram_propagates() {
    let original = program("affine_histogram");
    let (_, report) = propagate_and_compare(&original, &[1, 7]);
    assert_eq!(removable(&original, &report), vec!["hist"], "{report}");
}

#[test]
fn clamped_data_dependent_index_keeps_its_array() {
    let original = program("may_clamp");
    let (_, report) = propagate_and_compare(&original, &[2, 5, 64]);
    assert_eq!(outcome(&report, "tmp"), &Outcome::NotPropagated(Reason::MayRead { statement: "gather".into() }), "{report}");
    let twin = program("affine_clamp");
    let (_, report) = propagate_and_compare(&twin, &[2, 5, 64]);
    assert_eq!(removable(&twin, &report), vec!["tmp"], "{report}");
}

#[test]
fn may_access_relations_are_bounded_by_their_subscripts() {
    let scop = program("may_histogram");
    let scatter = scop.statements.iter().find(|s| s.name == "scatter").unwrap();
    assert!(scatter.write.is_may());
    let relation = scop.access_relation(scatter, &scatter.write);
    // The subscript clamps to [0, 15] (polyhedral::range): the elements it may touch.
    assert_eq!(relation, "[N] -> { scatter[i] -> hist[may0] : may0 >= 0 and may0 <= 15 }");
    let printed = print_scop(&scop);
    assert!(printed.contains("hist[? "), "{printed}");
}

#[test]
fn generated_programs_have_may_accesses() {
    // The random test (`random_programs.rs`, 2000 seeds) covers may-reads and may-writes.
    let programs: Vec<String> = (0..2000u64).map(polyhedral::generator::generate_program).collect();
    let reads = programs.iter().filter(|p| p.lines().any(|l| l.contains(" = ") && l.split(" = ").nth(1).unwrap().contains("[? "))).count();
    let writes = programs.iter().filter(|p| p.lines().any(|l| l.split(" = ").next().unwrap().contains("[? "))).count();
    assert!(reads >= 300 && writes >= 100, "{reads} programs with may-reads, {writes} with may-writes");
    for p in programs.iter().take(200) {
        parse_scop(p).unwrap_or_else(|e| panic!("{e}\n{p}"));
    }
}

#[test]
fn guarded_write_is_a_may_write() {
    let original = program("may_guard");
    let keep = original.statements.iter().find(|s| s.name == "keep").unwrap();
    assert!(keep.guard.is_some() && keep.may_write());
    // The guarded write kills nothing: clear reaches use through it.
    assert!(has_raw(&original, "clear", "use"));
    assert!(has_raw(&original, "keep", "use"));
    assert!(has_raw(&original, "double", "keep"));
    let (_, report) = propagate_and_compare(&original, &[1, 6, 50]);
    assert_eq!(outcome(&report, "mask"), &Outcome::NotPropagated(Reason::MayWrite { statement: "keep".into() }), "{report}");
    assert_eq!(outcome(&report, "tmp"), &Outcome::NotPropagated(Reason::IntoMayWrite { statement: "keep".into() }), "{report}");
    assert!(print_scop(&original).contains("when (tmp[i] > 0.5f) mask[i] = tmp[i];"), "{}", print_scop(&original));
}

#[test]
fn removed_arrays_are_renumbered_inside_data_subscripts() {
    // tmp is declared first: once it is removed, img (read in the table's subscript after
    // propagation) is array 0.
    let text = std::fs::read_to_string(format!("{}/../polyhedral/tests/programs/may_lut.scop", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
        .replace("array img[N] : f32 in;\narray lut[256] : f32 temp;\narray tmp[N] : f32 temp;", "array tmp[N] : f32 temp;\narray lut[256] : f32 temp;\narray img[N] : f32 in;");
    let original = parse_scop(&text).unwrap();
    assert_eq!(original.arrays[0].name, "tmp");
    let (result, report) = propagate_and_compare(&original, &[4]);
    let printed = print_scop(&propagation::without_removable_arrays(&result, &report));
    assert!(!printed.contains("tmp"), "{printed}");
    let reparsed = parse_scop(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    let params = vec![("N".to_string(), 9)];
    let a = interpret(&original, &params, 5).unwrap();
    let b = interpret(&reparsed, &params, 5).unwrap();
    let out = |r: &polyhedral::interp::RunResult| r.live_out.iter().find(|l| l.name == "out").unwrap().values.clone();
    assert_eq!(out(&a), out(&b), "{printed}");
}
