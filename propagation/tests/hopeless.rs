//! Hopeless locations (issue 20, compile time; `propagation/src/hopeless.rs`): with
//! `only_if_array_removed`, a SCoP whose temporary arrays no propagation can remove is left
//! before its scalars are tried, each hopeless location reported with the reason its attempt
//! would fail; where an array can be removed the result is the one without the early decision.

use polyhedral::lang::{parse_scop, print_scop};
use polyhedral::model::Scop;
use propagation::{propagate, Options, Outcome, Reason, Report};

/// A row sum kept in an accumulator `s` (a recurrence), stored in `tmp` and read by a later
/// loop: the reload of `tmp[i]` needs `s`, overwritten by the next row (3mm, deriche).
const ROW_SUMS: &str = "
scop row_sums;
param N >= 2;
array A[N][N] : f64 in;
array tmp[N] : f64 temp;
scalar s : f64 temp;
scalar c : f64 temp;
array out[N] : f64 out;
S0: c = 2.0;
for i = 0 to N - 1 do
  S1: s = 0.0;
  for k = 0 to N - 1 do
    S2: s = s + A[i][k];
  done
  S3: tmp[i] = s;
done
for i = 0 to N - 1 do
  S4: out[i] = tmp[i] * c;
done
";

fn transform_options() -> Options {
    Options { only_if_array_removed: true, ..Options::default() }
}

fn outcome<'r>(report: &'r Report, name: &str) -> &'r Outcome {
    &report.locations.iter().find(|l| l.name == name).unwrap_or_else(|| panic!("no report for {name}")).outcome
}

fn program(name: &str) -> Scop {
    let path = format!("{}/../polyhedral/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    parse_scop(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn an_array_resting_on_a_recurrence_is_decided_before_propagation() {
    let scop = parse_scop(ROW_SUMS).unwrap();
    let (result, report) = propagate(&scop, &transform_options()).unwrap();
    match outcome(&report, "tmp") {
        Outcome::NotPropagated(Reason::Hopeless(reason)) => assert!(
            matches!(&**reason, Reason::OverwrittenReload { source, target, array, .. } if source == "S3" && target == "S4" && array == "s"),
            "{reason}"
        ),
        other => panic!("tmp: {other:?}"),
    }
    match outcome(&report, "s") {
        Outcome::NotPropagated(Reason::Hopeless(reason)) => {
            assert_eq!(**reason, Reason::Recurrence { statement: "S2".into() })
        }
        other => panic!("s: {other:?}"),
    }
    // The constant is not tried either: no array can be removed.
    assert_eq!(outcome(&report, "c"), &Outcome::NotPropagated(Reason::NoArrayRemovable));
    assert!(report.locations.iter().all(|l| l.order.is_none()), "nothing is tried: {:?}", report.locations);
    assert_eq!(print_scop(&result), print_scop(&scop));
    assert!(report.removable_arrays.is_empty());
}

#[test]
fn without_the_transform_option_the_same_locations_fail_when_tried() {
    let scop = parse_scop(ROW_SUMS).unwrap();
    let (_, report) = propagate(&scop, &Options::default()).unwrap();
    assert!(matches!(outcome(&report, "tmp"), Outcome::NotPropagated(Reason::OverwrittenReload { array, .. }) if array == "s"));
    assert_eq!(outcome(&report, "s"), &Outcome::NotPropagated(Reason::Recurrence { statement: "S2".into() }));
    assert!(matches!(outcome(&report, "c"), Outcome::Propagated { .. }));
    assert!(report.locations.iter().all(|l| !matches!(l.outcome, Outcome::NotPropagated(Reason::Hopeless(_)))));
}

/// Soundness on every test program: a location decided hopeless is one that propagation
/// without the early decision does not propagate either.
#[test]
fn hopeless_locations_are_never_propagated() {
    let dir = format!("{}/../polyhedral/tests/programs", env!("CARGO_MANIFEST_DIR"));
    let mut decided = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let scop = program(&name);
        let (Ok((_, plain)), Ok((_, early))) = (propagate(&scop, &Options::default()), propagate(&scop, &transform_options())) else {
            continue;
        };
        for location in &early.locations {
            if let Outcome::NotPropagated(Reason::Hopeless(_)) = location.outcome {
                decided += 1;
                assert!(
                    !outcome(&plain, &location.name).changes_the_model(),
                    "{name}: {} decided hopeless but propagated: {:?}",
                    location.name,
                    outcome(&plain, &location.name)
                );
            }
        }
    }
    let scop = parse_scop(ROW_SUMS).unwrap();
    let (_, plain) = propagate(&scop, &Options::default()).unwrap();
    assert!(!outcome(&plain, "tmp").changes_the_model() && !outcome(&plain, "s").changes_the_model());
    eprintln!("{decided} hopeless locations in the test programs");
}
