//! JSCoP export and import on models of the textual language: an unchanged file imports as
//! unchanged, a legal interchange imports and runs to bit-identical results in the reference
//! interpreter, an illegal schedule is refused naming the dependence, and malformed or
//! mismatched files are one-line errors.

use polyhedral::interp::interpret;
use polyhedral::isl::IslContext;
use polyhedral::jscop::{describe, export, import, ImportError, Jscop};
use polyhedral::lang::parse_scop;
use polyhedral::model::Scop;

fn gemm() -> Scop {
    let text = std::fs::read_to_string(format!("{}/tests/programs/gemm.scop", env!("CARGO_MANIFEST_DIR"))).unwrap();
    parse_scop(&text).unwrap()
}

/// gemm's JSCoP with the schedule of `statement` replaced by `schedule`.
fn with_schedule(scop: &Scop, statement: &str, schedule: &str) -> String {
    let mut file: Jscop = describe(scop);
    file.statements.iter_mut().find(|s| s.name == statement).unwrap().schedule = schedule.to_string();
    serde_json::to_string(&file).unwrap()
}

fn params() -> Vec<(String, i64)> {
    vec![("NI".into(), 5), ("NJ".into(), 6), ("NK".into(), 4)]
}

#[test]
fn gemm_has_the_schedule_the_tests_below_change() {
    let scop = gemm();
    assert_eq!(scop.statements[1].schedule, "[NI, NJ, NK] -> { S1[i, k, j] -> [0, i, 1, k, 0, j, 0] }");
}

#[test]
fn an_unchanged_file_imports_as_unchanged() {
    let scop = gemm();
    let ctx = IslContext::with_default_quota();
    let imported = import(&ctx, &scop, &export(&scop)).unwrap();
    assert!(imported.is_unchanged());
    assert_eq!(imported.scop, scop);
}

#[test]
fn a_legal_interchange_imports_and_computes_the_same() {
    let scop = gemm();
    let ctx = IslContext::with_default_quota();
    let file = with_schedule(&scop, "S1", "[NI, NJ, NK] -> { S1[i, k, j] -> [0, i, 1, j, 0, k, 0] }");
    let imported = import(&ctx, &scop, &file).unwrap();
    assert_eq!(imported.changed_schedules, vec!["S1".to_string()]);
    let before = interpret(&scop, &params(), 3).unwrap();
    let after = interpret(&imported.scop, &params(), 3).unwrap();
    assert_eq!(before.live_out, after.live_out);
}

#[test]
fn an_illegal_schedule_names_the_dependence() {
    let scop = gemm();
    let ctx = IslContext::with_default_quota();
    let file = with_schedule(&scop, "S1", "[NI, NJ, NK] -> { S1[i, k, j] -> [0, i, 1, -k, 0, j, 0] }");
    match import(&ctx, &scop, &file) {
        Err(ImportError::Illegal { kind, source_statement, sink_statement, array, .. }) => {
            assert_eq!((kind, source_statement.as_str(), sink_statement.as_str(), array.as_str()), ("RAW", "S1", "S1", "C"));
        }
        other => panic!("expected an illegal schedule, got {other:?}"),
    }
}

#[test]
fn malformed_and_mismatched_files_are_one_line_errors() {
    let scop = gemm();
    let ctx = IslContext::with_default_quota();
    let exported = export(&scop);
    let cases = [
        (exported[..exported.len() / 2].to_string(), "malformed JSCoP: EOF while parsing"),
        ("{}".to_string(), "malformed JSCoP: missing field `name`"),
        (exported.replace("\"S1\"", "\"S9\""), "statement 'S9' is not in SCoP gemm"),
        (exported.replace("\"name\": \"gemm\"", "\"name\": \"other\""), "the file describes SCoP 'other', not 'gemm'"),
        (with_schedule(&scop, "S0", "[NI, NJ, NK] -> { S0[i, j] -> [0, i, 0, j] }"), "the schedule of S1 has 7 time dimensions, the schedule of S0 4"),
        (with_schedule(&scop, "S0", "[NI, NJ, NK] -> { S0[i, j] -> [0, i, 0, j, 0, 0 0] }"), "malformed JSCoP: isl cannot read the schedule of S0"),
    ];
    for (text, expected) in cases {
        let error = import(&ctx, &scop, &text).unwrap_err().to_string();
        assert!(error.contains(expected), "{error}\nexpected: {expected}");
        assert!(!error.contains('\n'), "{error}");
    }
}
