//! The acceptance programs of issue 4: paper 003's figures, the blur pipeline, the heuristics,
//! the quota, and regression seeds of the random test. Every test runs the original and the
//! propagated program in the reference interpreter where the program can run.

use polyhedral::interp::interpret;
use polyhedral::isl::{sets_equal, IslContext};
use polyhedral::lang::{parse_scop, print_scop};
use polyhedral::model::{Expr, Scop};
use propagation::{propagate, without_removable_arrays, Options, Outcome, Reason, Report};

fn program(name: &str) -> Scop {
    let path = format!("{}/../polyhedral/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    parse_scop(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn run(scop: &Scop, options: &Options) -> (Scop, Report) {
    propagate(scop, options).unwrap_or_else(|e| panic!("{e}"))
}

/// Bit-identical live-out contents for each parameter binding.
fn assert_same_results(original: &Scop, result: &Scop, bindings: &[Vec<(&str, i64)>]) {
    for binding in bindings {
        let params: Vec<(String, i64)> = binding.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        for seed in [1, 2] {
            let a = interpret(original, &params, seed).unwrap();
            let b = interpret(result, &params, seed).unwrap_or_else(|e| panic!("{e}\n{}", print_scop(result)));
            assert_eq!(a.live_out, b.live_out, "{params:?}\n{}", print_scop(result));
        }
    }
}

fn accesses(scop: &Scop, array: &str) -> usize {
    let id = scop.array_id(array).unwrap();
    scop.statements
        .iter()
        .map(|s| s.value.reads().iter().filter(|a| a.array == id).count() + usize::from(s.write.array == id))
        .sum()
}

fn statement<'s>(scop: &'s Scop, name: &str) -> &'s polyhedral::model::Statement {
    scop.statements.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("no {name} in\n{}", print_scop(scop)))
}

fn domain_is(scop: &Scop, name: &str, constraints: &str) -> bool {
    let ctx = IslContext::new(0);
    let s = statement(scop, name);
    sets_equal(&ctx, &s.domain, &format!("[N] -> {{ {name}[i] : {constraints} }}")).unwrap()
}

#[test]
fn figure1_becomes_figure2() {
    let original = program("figure1");
    let (result, report) = run(&original, &Options::default());
    assert!(report.is_propagated("s") && report.is_propagated("tmp"), "{report}");
    assert_eq!(accesses(&result, "tmp"), 0);
    assert_eq!(accesses(&result, "s"), 0);
    let removable: Vec<&str> = report.removable_arrays.iter().map(|&a| original.arrays[a].name.as_str()).collect();
    assert_eq!(removable, vec!["tmp", "s"]);
    // Only S4 remains, split into the first instance, the loop and the last instance (and the
    // case N = 2 of the context N >= 2, where the first instance is also the last).
    assert!(result.statements.iter().all(|s| s.name.starts_with("S4_")), "{}", print_scop(&result));
    let names: Vec<&str> = result.statements.iter().map(|s| s.name.as_str()).collect();
    let find = |constraints: &str| names.iter().copied().find(|n| domain_is(&result, n, constraints));
    assert!(find("i = 1 and N >= 3").is_some(), "{}", print_scop(&result));
    assert!(find("2 <= i <= N - 2").is_some(), "{}", print_scop(&result));
    assert!(find("i = N - 1 and N >= 3").is_some(), "{}", print_scop(&result));
    assert!(find("i = 1 and N = 2").is_some(), "{}", print_scop(&result));
    assert_eq!(result.statements.len(), 4);
    // The loop body reads in[i-2] .. in[i+2], as in Figure 2.
    let body = statement(&result, find("2 <= i <= N - 2").unwrap());
    assert_eq!(body.value.reads().len(), 3 * 4);
    assert_same_results(&original, &result, &[vec![("N", 2)], vec![("N", 3)], vec![("N", 4)], vec![("N", 17)]]);
    // The printed program without the removed arrays parses again.
    let printed = print_scop(&without_removable_arrays(&result, &report));
    assert!(!printed.contains("tmp") && !printed.contains("scalar s"), "{printed}");
    parse_scop(&printed).unwrap();
}

#[test]
fn figure4a_becomes_figure4b() {
    let original = program("figure4a");
    let (result, report) = run(&original, &Options::default());
    assert!(report.is_propagated("A"), "{report}");
    assert_eq!(result.statements.len(), 1);
    let t = statement(&result, "T");
    assert!(t.value.reads().is_empty(), "{}", print_scop(&result));
    let mut iterators = 0;
    t.value.visit(&mut |e| iterators += usize::from(matches!(e, Expr::Iterator(0))));
    assert_eq!(iterators, 4, "(2*j+1)*2*j - 2*j*(2*j-1) uses j four times");
    assert_same_results(&original, &result, &[vec![("N", 1)], vec![("N", 9)]]);
}

#[test]
fn figure5a_is_split_as_in_figure5b() {
    let original = program("figure5a");
    // A is live-out: by default it is not propagated, and the report says why.
    let (unchanged, report) = run(&original, &Options::default());
    assert_eq!(report.reason("A"), Some(&Reason::LiveOutNotEnabled));
    assert_eq!(unchanged, original);
    let options = Options { propagate_live_out: true, ..Options::default() };
    let (result, report) = run(&original, &options);
    assert!(report.is_propagated("A"), "{report}");
    let ctx = IslContext::new(0);
    let even = statement(&result, "T_0");
    let odd = statement(&result, "T_1");
    let (even, odd) = if even.value.reads().is_empty() { (even, odd) } else { (odd, even) };
    assert!(even.value.reads().is_empty());
    assert_eq!(odd.value.reads().len(), 1);
    assert!(sets_equal(&ctx, &even.domain, &format!("[N] -> {{ {}[j] : j mod 2 = 0 and 0 <= j <= N }}", even.name)).unwrap());
    assert!(sets_equal(&ctx, &odd.domain, &format!("[N] -> {{ {}[j] : j mod 2 = 1 and 0 <= j <= N }}", odd.name)).unwrap());
    // The write of A stays: A is live-out.
    assert!(result.statements.iter().any(|s| s.name == "S"));
    assert_same_results(&original, &result, &[vec![("N", 0)], vec![("N", 7)]]);
}

#[test]
fn figure7a_fibonacci_is_a_recurrence() {
    let original = program("figure7a");
    let (result, report) = run(&original, &Options::default());
    assert_eq!(report.reason("tmp"), Some(&Reason::Recurrence { statement: "S2".into() }), "{report}");
    assert_eq!(result, original);
    assert!(report.to_string().contains("recurrence"));
}

#[test]
fn figure7b_overwrite_fails_the_reload_test() {
    let original = program("figure7b");
    let (result, report) = run(&original, &Options::default());
    let expected = Reason::OverwrittenReload { source: "R".into(), target: "T".into(), array: "A".into(), overwriter: "S".into() };
    assert_eq!(report.reason("tmp"), Some(&expected), "{report}");
    assert_eq!(result, original);
}

#[test]
fn figure9a_order_decides_which_scalar_propagates() {
    let original = program("figure9a");
    let (result, report) = run(&original, &Options::default());
    // s0 comes first (its source reads one array, s1's two); then s1's source reads A, which
    // S2 overwrites before S3: the reload test refuses s1.
    assert_eq!(report.location("s0").unwrap().order, Some(0));
    assert!(report.is_propagated("s0"), "{report}");
    assert!(matches!(report.reason("s1"), Some(Reason::OverwrittenReload { overwriter, .. }) if overwriter == "S2"), "{report}");
    assert_same_results(&original, &result, &[vec![("N", 6)]]);
    // Propagating s1 alone would have been legal (its source reads s0 and B, not overwritten
    // before S3): make s0 live-out so that only s1 is a candidate.
    let mut other = original.clone();
    let s0 = other.array_id("s0").unwrap();
    other.arrays[s0].liveness = polyhedral::model::Liveness::LiveOut;
    let (other_result, other_report) = run(&other, &Options::default());
    assert!(other_report.is_propagated("s1"), "{other_report}");
    assert_same_results(&other, &other_result, &[vec![("N", 6)]]);
}

#[test]
fn figure9b_cache_limit_of_four_lets_only_one_temporary_propagate() {
    let original = program("figure9b");
    let options = Options { cache_limit: 4, ..Options::default() };
    let (result, report) = run(&original, &options);
    let propagated: Vec<&str> = ["t0", "t1"].into_iter().filter(|t| report.is_propagated(t)).collect();
    assert_eq!(propagated.len(), 1, "{report}");
    let other = if propagated[0] == "t0" { "t1" } else { "t0" };
    assert_eq!(report.reason(other), Some(&Reason::CacheMisses { statement: "S2".into(), lines: 5, limit: 4 }));
    assert_same_results(&original, &result, &[vec![("N", 5)]]);
    // With the default limit both propagate.
    let (_, report) = run(&original, &Options::default());
    assert!(report.is_propagated("t0") && report.is_propagated("t1"), "{report}");
}

#[test]
fn blur_pipeline_loses_both_temporaries() {
    let original = program("blur3");
    let (result, report) = run(&original, &Options::default());
    assert!(report.is_propagated("bx") && report.is_propagated("by"), "{report}");
    assert_eq!(accesses(&result, "bx") + accesses(&result, "by"), 0);
    assert_eq!(result.statements.len(), 1);
    assert_same_results(&original, &result, &[vec![("R", 3), ("C", 1)], vec![("R", 9), ("C", 7)]]);
}

#[test]
fn kept_temporary_stays_and_the_other_still_propagates() {
    let original = program("blur3");
    let options = Options { keep: vec!["bx".to_string()], ..Options::default() };
    let (result, report) = run(&original, &options);
    assert_eq!(report.reason("bx"), Some(&Reason::Kept));
    assert!(report.is_propagated("by"), "{report}");
    assert!(accesses(&result, "bx") > 0 && accesses(&result, "by") == 0);
    assert_same_results(&original, &result, &[vec![("R", 3), ("C", 1)], vec![("R", 9), ("C", 7)]]);
}

#[test]
fn dependence_limit_refuses_a_temporary_with_more_dependences() {
    let original = program("blur3");
    // blury reads bx at three taps: three RAW dependences, one over the limit.
    let options = Options { max_dependences: 2, ..Options::default() };
    let (result, report) = run(&original, &options);
    assert_eq!(report.reason("bx"), Some(&Reason::TooManyDependences { dependences: 3, limit: 2 }));
    assert!(accesses(&result, "bx") > 0, "{report}");
    assert_same_results(&original, &result, &[vec![("R", 3), ("C", 1)]]);
}

#[test]
fn predicted_and_split_cache_lines_refuse_alike() {
    let original = program("blur3");
    // blury with bx's three taps replaced reads three rows of `in`, three elements each.
    // Limit 1: the prediction, far past the limit, refuses before the split; limit 2: the
    // split's parts are counted. Both count the same lines.
    for limit in [1, 2] {
        let options = Options { cache_limit: limit, ..Options::default() };
        let (result, report) = run(&original, &options);
        assert_eq!(report.reason("bx"), Some(&Reason::CacheMisses { statement: "blury".into(), lines: 4, limit }), "{report}");
        assert!(accesses(&result, "bx") > 0);
    }
}

#[test]
fn cache_lines_follow_figure8() {
    let scop = parse_scop(
        "param N >= 8; array A[N + 8] : f32 in; array B[N + 8][N + 8] : f32 in; array O[N + 8] : f32 out;
         for i = 4 to N do S: O[i] = A[i - 4] + A[i + 3] + A[i + 4] + B[i][i] + B[i + 1][i]; done",
    )
    .unwrap();
    // Lines of 8: A[i-4] miss, A[i+3] miss (7 away, outside -4..+3), A[i+4] hit (1 after
    // A[i+3]); B[i][i] and B[i+1][i] are different rows; O[i] miss.
    assert_eq!(propagation::cache_lines(&scop, &scop.statements[0], 8), 5);
    // Lines of 16 (-8..+7): A[i+3] hits the line of A[i-4], A[i+4] (8 away) does not.
    assert_eq!(propagation::cache_lines(&scop, &scop.statements[0], 16), 5);
    // Lines of 32: one line for A.
    assert_eq!(propagation::cache_lines(&scop, &scop.statements[0], 32), 4);
}

#[test]
fn code_complexity_refuses_fixing_a_middle_dimension() {
    let text = "param N >= 2;
        array in[3][N + 1][N + 1] : f32 in;
        array tmp[3][N + 1][N + 1] : f32 temp;
        array out[3][N + 1][N + 1] : f32 out;
        for c = 0 to 2 do for i = 0 to N do for j = 0 to N do
          if i == 0 then A: tmp[c][i][j] = in[c][i][j] * 2.0f; else B: tmp[c][i][j] = in[c][i][j] + 1.0f; fi
        done done done
        for c = 0 to 2 do for i = 0 to N do for j = 0 to N do
          T: out[c][i][j] = tmp[c][i][j];
        done done done";
    let original = parse_scop(text).unwrap();
    let (result, report) = run(&original, &Options::default());
    assert!(matches!(report.reason("tmp"), Some(Reason::CodeComplexity { dimension: 1, .. })), "{report}");
    assert_eq!(result, original);
    // Fixing the innermost dimension is allowed.
    let inner = text.replace("if i == 0", "if j == 0");
    let original = parse_scop(&inner).unwrap();
    let (result, report) = run(&original, &Options::default());
    assert!(report.is_propagated("tmp"), "{report}");
    assert_same_results(&original, &result, &[vec![("N", 3)]]);
}

#[test]
fn out_of_quota_means_not_propagated_for_complexity() {
    let original = program("figure1");
    let options = Options { max_operations: 200, ..Options::default() };
    let (result, report) = run(&original, &options);
    assert!(report.locations.iter().all(|l| l.outcome == Outcome::NotPropagated(Reason::Complexity)), "{report}");
    assert_eq!(result, original);
}

#[test]
fn llvm_shaped_models_select_externals_fmuladd_unknown_sizes() {
    // What the LLVM front end produces: `s_*` scalars crossing statements, external floats,
    // selects from diamonds, fmuladd, an array of unknown outer size.
    let text = "param N >= 2;
        array in[*][N + 1] : f32 in;
        array out[N + 1][N + 1] : f32 out;
        scalar s_1 : f32 temp;
        extern alpha : f32;
        for i = 0 to N do for j = 0 to N do
          S0: s_1 = in[i][j] > alpha ? fmuladd(in[i][j], alpha, 1.0f) : in[i][j];
          S1: out[i][j] = s_1 * s_1;
        done done";
    let original = parse_scop(text).unwrap();
    let (result, report) = run(&original, &Options::default());
    assert!(report.is_propagated("s_1"), "{report}");
    assert_eq!(result.statements.len(), 1);
    let reads = result.statements[0].value.reads();
    // Both uses of s_1 became the select with its three reads of in.
    assert_eq!(reads.len(), 2 * 3);
    let mut selects = 0;
    result.statements[0].value.visit(&mut |e| selects += usize::from(matches!(e, Expr::Select(..))));
    assert_eq!(selects, 2);
    // The interpreter needs known sizes: give in a size and compare the runs.
    let sized = text.replace("in[*]", "in[N + 1]");
    let original = parse_scop(&sized).unwrap();
    let (result, _) = run(&original, &Options::default());
    assert_same_results(&original, &result, &[vec![("N", 4)]]);
}

#[test]
fn writers_reading_the_location_are_propagated_in_rounds() {
    // An update after an initialization (what the generator produces): the update reads the
    // initialized values, then the reader reads both.
    let text = "param N >= 4;
        array in[N + 4] : f32 in;
        array tmp[N + 4] : f32 temp;
        array out[N + 4] : f32 out;
        for i = 0 to N + 3 do I: tmp[i] = in[i] * 0.5f; done
        for i = 2 to N + 1 do U: tmp[i] = tmp[i + 1] + tmp[i + 2]; done
        for i = 2 to N + 1 do R: out[i] = tmp[i - 2] + tmp[i + 2]; done";
    let original = parse_scop(text).unwrap();
    let (result, report) = run(&original, &Options::default());
    assert!(report.is_propagated("tmp"), "{report}");
    assert_eq!(accesses(&result, "tmp"), 0);
    assert_same_results(&original, &result, &[vec![("N", 4)], vec![("N", 9)]]);
    // An update reading its own earlier results is a recurrence.
    let recurrent = text.replace("tmp[i + 1] + tmp[i + 2]", "tmp[i - 1] + 1.0f");
    let (_, report) = run(&parse_scop(&recurrent).unwrap(), &Options::default());
    assert!(matches!(report.reason("tmp"), Some(Reason::Recurrence { .. })), "{report}");
}

/// A blur that clamps its rows at the first and the last: borders for every size.
const CLAMPED_ROWS: &str = "param R >= 4;
        array in[R][8] : f32 in;
        array down[R][8] : f32 temp;
        array out[R][8] : f32 out;
        for i = 0 to R - 1 do for j = 0 to 7 do
          D: down[i][j] = in[i][j] * 2.0f;
        done done
        for i = 0 to R - 1 do for j = 0 to 7 do
          U: out[i][j] = down[max(i - 1, 0)][j] * 0.75f + down[min(i + 1, R - 1)][j] * 0.25f;
        done done";

/// A split refused by the code-complexity heuristic says whether it would pass under
/// `Options::specialization` (sizes specialized to multiples): an upsampling read
/// `down[min((i + 1) / 2, R / 2 - 1)]` clamps for odd `R` only, so with `R` even the reader
/// splits into fewer parts. A blur that clamps at its first and last rows has those borders
/// for every size: no specialization lets its split pass. (With `whole_clamped_reads`, the
/// default, neither splits at all: `clamped_reads_replaced_whole`.)
#[test]
fn split_refusals_say_whether_specialized_sizes_pass() {
    let upsampling = "param R >= 4;
        array in[R][8] : f32 in;
        array down[R / 2][8] : f32 temp;
        array out[R][8] : f32 out;
        for i = 0 to R / 2 - 1 do for j = 0 to 7 do
          D: down[i][j] = in[2 * i][j] + in[2 * i + 1][j];
        done done
        for i = 0 to R - 1 do for j = 0 to 7 do
          U: out[i][j] = down[i / 2][j] * 0.75f + down[min((i + 1) / 2, R / 2 - 1)][j] * 0.25f;
        done done";
    let even = "[R] -> { : R mod 2 = 0 }".to_string();
    for (text, passes) in [(upsampling, true), (CLAMPED_ROWS, false)] {
        let original = parse_scop(text).unwrap();
        // Paper 003's splitting: a clamped read replaced whole splits nothing.
        let split = Options { whole_clamped_reads: false, ..Options::default() };
        let (_, report) = run(&original, &split);
        assert!(report.is_propagated("down"), "{report}");
        let Some(Outcome::Propagated { split_statements, .. }) = report.location("down").map(|l| &l.outcome) else { unreachable!() };
        let parts = split_statements.len();
        let limit = Options { max_split_parts: parts - 1, ..split.clone() };
        let (result, report) = run(&original, &limit);
        assert!(matches!(report.reason("down"), Some(Reason::SplitParts { specialized_passes: false, .. })), "{report}");
        assert_eq!(result, original);
        let probed = Options { specialization: Some(even.clone()), ..limit };
        let (result, report) = run(&original, &probed);
        assert!(matches!(report.reason("down"), Some(Reason::SplitParts { specialized_passes: p, .. }) if *p == passes), "{parts} parts\n{report}");
        assert_eq!(result, original, "the probe changes no decision");
    }
}

/// A clamped read of a whole producer is replaced whole (one statement, `min`/`max` in the
/// propagated subscripts), with the same results as paper 003's split per border.
#[test]
fn clamped_reads_replaced_whole() {
    let original = parse_scop(CLAMPED_ROWS).unwrap();
    let (whole, report) = run(&original, &Options::default());
    assert!(report.is_propagated("down"), "{report}");
    assert_eq!(whole.statements.len(), 1, "{report}");
    let split = Options { whole_clamped_reads: false, ..Options::default() };
    let (parts, report) = run(&original, &split);
    assert!(report.is_propagated("down"), "{report}");
    assert!(parts.statements.len() > 1, "{report}");
    let sizes = [vec![("R", 4)], vec![("R", 9)]];
    assert_same_results(&original, &whole, &sizes);
    assert_same_results(&original, &parts, &sizes);
}
