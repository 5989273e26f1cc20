//! The isl AST stage: the loop program generated from a model must execute exactly the
//! statement instances of the domains, in the order the schedules define (checked by running
//! the converted AST with `execution_order` against an enumeration of the domains); run-time
//! check expressions (`condition_expr`, `access_bounds`) must evaluate as the sets they come
//! from; the isl work must stop with `Complexity` when the quota runs out.

use polyhedral::ast::{access_bounds, build_ast, condition_expr, execution_order, print_ast, Ast, AstExpr, AstNode};
use polyhedral::generator::generate_program;
use polyhedral::isl::{assumed_context, for_each_instance, map_out_dims, IslContext, IslError};
use polyhedral::lang::parse_scop;
use polyhedral::model::{Assumption, Scop};
use std::collections::HashMap;

fn program(name: &str) -> Scop {
    let path = format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_scop(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `[N, M] -> { : N = 4 and M = 7 }`.
fn fixed_parameters(scop: &Scop, values: &[i64]) -> String {
    let equalities: Vec<String> = scop.params.iter().zip(values).map(|(p, v)| format!("{} = {v}", p.name)).collect();
    if equalities.is_empty() {
        return format!("{}{{ : }}", scop.param_prefix());
    }
    format!("{}{{ : {} }}", scop.param_prefix(), equalities.join(" and "))
}

/// Whether the parameter values satisfy the context and every assumption.
fn assumed(ctx: &IslContext, scop: &Scop, values: &[i64]) -> bool {
    let fixed = ctx.param_set(&fixed_parameters(scop, values)).unwrap();
    !assumed_context(ctx, scop).unwrap().intersect(fixed).unwrap().is_empty().unwrap()
}

/// Every statement instance with its schedule time, for fixed parameters.
fn instances(ctx: &IslContext, scop: &Scop, values: &[i64]) -> Vec<(Vec<i64>, usize, Vec<i64>)> {
    let fixed = fixed_parameters(scop, values);
    let mut out = Vec::new();
    for (index, statement) in scop.statements.iter().enumerate() {
        let width = statement.iterators.len();
        let time_width = map_out_dims(ctx, &statement.schedule).unwrap();
        for_each_instance(ctx, &statement.domain, &statement.schedule, &fixed, &mut |point| {
            assert_eq!(point.len(), width + time_width);
            out.push((point[width..].to_vec(), index, point[..width].to_vec()));
        })
        .unwrap();
    }
    out.sort();
    out
}

/// The AST's execution order equals the schedule order: the same instances, each once, with
/// non-decreasing schedule times (instances with equal times may run in any order).
fn check_order(scop: &Scop, ast: &Ast, values: &[i64], what: &str) -> usize {
    let ctx = IslContext::new(0);
    let expected = instances(&ctx, scop, values);
    let executed = execution_order(ast, values, 1_000_000)
        .unwrap_or_else(|e| panic!("{what} {values:?}: {e}\n{}", print_ast(scop, ast)));
    let time: HashMap<(usize, Vec<i64>), Vec<i64>> =
        expected.iter().map(|(t, s, i)| ((*s, i.clone()), t.clone())).collect();
    let show = |(s, i): &(usize, Vec<i64>)| format!("{}{i:?}", scop.statements[*s].name);
    let mut previous: Option<&Vec<i64>> = None;
    for instance in &executed {
        let Some(t) = time.get(instance) else {
            panic!("{what} {values:?}: {} is not in the domain\n{}", show(instance), print_ast(scop, ast));
        };
        if let Some(p) = previous {
            assert!(p <= t, "{what} {values:?}: {} runs after time {p:?}\n{}", show(instance), print_ast(scop, ast));
        }
        previous = Some(t);
    }
    let mut executed_sorted = executed.clone();
    executed_sorted.sort();
    let mut expected_sorted: Vec<(usize, Vec<i64>)> = expected.iter().map(|(_, s, i)| (*s, i.clone())).collect();
    expected_sorted.sort();
    assert_eq!(
        executed_sorted,
        expected_sorted,
        "{what} {values:?}: executed instances differ from the domains\n{}",
        print_ast(scop, ast)
    );
    executed.len()
}

/// Checks the order for every parameter vector (that satisfies the assumed context).
fn check_program(scop: &Scop, parameter_vectors: &[Vec<i64>], what: &str) -> usize {
    let ctx = IslContext::with_default_quota();
    let ast = build_ast(&ctx, scop).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut total = 0;
    let mut checked = 0;
    for values in parameter_vectors {
        assert_eq!(values.len(), scop.params.len(), "{what}");
        if assumed(&ctx, scop, values) {
            total += check_order(scop, &ast, values, what);
            checked += 1;
        }
    }
    assert!(checked > 0, "{what}: no parameter vector satisfies the assumed context");
    total
}

#[test]
fn figure1_runs_in_schedule_order() {
    let scop = program("figure1");
    let runs = check_program(&scop, &[vec![2], vec![3], vec![7]], "figure1");
    assert!(runs > 0);
    let ctx = IslContext::with_default_quota();
    let text = print_ast(&scop, &build_ast(&ctx, &scop).unwrap());
    assert!(text.contains("for (long c0 = 0; c0 <= N; c0 += 1) {"), "{text}");
    assert!(text.contains("S4(c0);"), "{text}");
}

#[test]
fn paper_figures_run_in_schedule_order() {
    for name in ["figure4a", "figure5a", "figure7a", "figure7b", "figure9a", "figure9b"] {
        let scop = program(name);
        let vectors: Vec<Vec<i64>> = (0..6).map(|n| vec![n]).collect();
        check_program(&scop, &vectors, name);
    }
}

#[test]
fn gemm_and_blur3_run_in_schedule_order() {
    let gemm = program("gemm");
    check_program(&gemm, &[vec![1, 1, 1], vec![2, 3, 4], vec![5, 2, 3]], "gemm");
    let blur3 = program("blur3");
    let runs = check_program(&blur3, &[vec![3, 1], vec![4, 5], vec![7, 3]], "blur3");
    // (R * C) + 2 * ((R - 2) * C) summed over the three vectors.
    assert_eq!(runs, (3 + 2) + (20 + 2 * 10) + (21 + 2 * 15));
}

#[test]
fn generated_programs_run_in_schedule_order() {
    let mut runs = 0;
    for seed in 0..150 {
        let text = generate_program(seed);
        let scop = parse_scop(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let vectors: Vec<Vec<i64>> = (0..3).map(|k| vec![4 + ((seed as i64 + k) % 5)]).collect();
        runs += check_program(&scop, &vectors, &format!("seed {seed}"));
    }
    assert!(runs > 1000, "only {runs} instances ran");
}

#[test]
fn assumptions_simplify_the_loop_program() {
    // for i = 0 to N: the upper bound min(9, N) becomes N under the assumption N <= 9, and
    // the AST then stays correct only where the assumption holds.
    let text = "scop s;\nparam N >= 0;\narray A[10] : f32 out;\nfor i = 0 to N do\n  if (i <= 9)\n    S0: A[i] = 1.0f;\n  fi\ndone\n";
    let mut scop = parse_scop(text).unwrap();
    let ctx = IslContext::with_default_quota();
    let general = print_ast(&scop, &build_ast(&ctx, &scop).unwrap());
    assert!(general.contains("c0 <= min(9, N)"), "{general}");
    check_program(&scop, &[vec![0], vec![5], vec![20]], "without assumption");
    scop.assumptions.push(Assumption { reason: "test".into(), set: "[N] -> { : N <= 9 }".into() });
    let assumed = print_ast(&scop, &build_ast(&ctx, &scop).unwrap());
    assert!(!assumed.contains("min"), "{assumed}");
    assert!(assumed.contains("c0 <= N;"), "{assumed}");
    check_program(&scop, &[vec![0], vec![5], vec![9], vec![20]], "with assumption");
}

#[test]
fn condition_expressions_hold_exactly_on_their_set() {
    let scop = program("figure1"); // context N >= 2
    let ctx = IslContext::with_default_quota();
    let check = condition_expr(&ctx, &scop, "[N] -> { : N >= 4 }").unwrap();
    for n in 2..10 {
        assert_eq!(check.evaluate(&[n], &[]).unwrap() != 0, n >= 4, "N = {n}: {check:?}");
    }
    // What the context already says is not checked again.
    let known = condition_expr(&ctx, &scop, "[N] -> { : N >= 1 }").unwrap();
    assert_eq!(known, AstExpr::Int(1));
    let never = condition_expr(&ctx, &scop, "[N] -> { : N < 0 }").unwrap();
    for n in 2..6 {
        assert_eq!(never.evaluate(&[n], &[]).unwrap(), 0, "{never:?}");
    }
    // Two parameters, a disjunction and an existential (N even).
    let gemm = program("gemm");
    let check = condition_expr(&ctx, &gemm, "[NI, NJ, NK] -> { : NI <= NJ or exists k: NK = 2k }").unwrap();
    for ni in 1..5 {
        for nj in 1..5 {
            for nk in 1..5 {
                let expected = ni <= nj || nk % 2 == 0;
                assert_eq!(check.evaluate(&[ni, nj, nk], &[]).unwrap() != 0, expected, "{ni} {nj} {nk}: {check:?}");
            }
        }
    }
}

#[test]
fn access_bounds_of_blur3() {
    let scop = program("blur3");
    let ctx = IslContext::with_default_quota();
    let bounds = |name: &str| {
        let id = scop.array_id(name).unwrap();
        access_bounds(&ctx, &scop, id).unwrap().unwrap_or_else(|| panic!("{name} is accessed"))
    };
    let eval = |e: &AstExpr, r: i64, c: i64| e.evaluate(&[r, c], &[]).unwrap();
    for (r, c) in [(3, 1), (5, 4), (10, 7)] {
        let ranges = |name: &str| -> Vec<(i64, i64)> {
            bounds(name).iter().map(|(lo, hi)| (eval(lo, r, c), eval(hi, r, c))).collect()
        };
        // in[i][j-1 .. j+1] for 0 <= i < R, 1 <= j <= C; in[i][j] for 1 <= i < R - 1.
        assert_eq!(ranges("in"), vec![(0, r - 1), (0, c + 1)], "in, R={r} C={c}");
        // bx written for 0 <= i < R, read at i-1 .. i+1 for 1 <= i < R - 1.
        assert_eq!(ranges("bx"), vec![(0, r - 1), (1, c)], "bx, R={r} C={c}");
        assert_eq!(ranges("by"), vec![(1, r - 2), (1, c)], "by, R={r} C={c}");
        assert_eq!(ranges("out"), vec![(1, r - 2), (1, c)], "out, R={r} C={c}");
    }
}

#[test]
fn access_bounds_report_unaccessed_arrays_and_scalars() {
    let text = "scop s;\nparam N >= 1;\narray A[N] : f32 out;\narray B[N] : f32 in;\nscalar x : f32 temp;\nfor i = 0 to N - 1 do\n  S0: x = 2.0f;\n  S1: A[i] = x;\ndone\n";
    let scop = parse_scop(text).unwrap();
    let ctx = IslContext::with_default_quota();
    assert_eq!(access_bounds(&ctx, &scop, scop.array_id("B").unwrap()).unwrap(), None);
    assert_eq!(access_bounds(&ctx, &scop, scop.array_id("x").unwrap()).unwrap(), Some(vec![]));
    let a = access_bounds(&ctx, &scop, scop.array_id("A").unwrap()).unwrap().unwrap();
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].0.evaluate(&[6], &[]).unwrap(), 0);
    assert_eq!(a[0].1.evaluate(&[6], &[]).unwrap(), 5);
    assert!(access_bounds(&ctx, &scop, 99).is_err());
}

#[test]
fn a_tiny_quota_is_complexity() {
    let scop = program("blur3");
    let mut saw_complexity = false;
    for quota in [1, 10, 100] {
        let ctx = IslContext::new(quota);
        match build_ast(&ctx, &scop) {
            Err(IslError::Complexity) => saw_complexity = true,
            Err(other) => panic!("quota {quota}: {other}"),
            Ok(_) => {}
        }
    }
    assert!(saw_complexity, "no quota of 1, 10 or 100 operations stopped the AST generation");
    // A quota of one operation always stops it; the default quota never does for blur3.
    let ctx = IslContext::new(1);
    assert_eq!(build_ast(&ctx, &scop).err(), Some(IslError::Complexity));
    let roomy = IslContext::with_default_quota();
    assert!(build_ast(&roomy, &scop).is_ok());
}

#[test]
fn printing_names_parameters_and_nests_blocks() {
    let scop = program("gemm");
    let ctx = IslContext::with_default_quota();
    let ast = build_ast(&ctx, &scop).unwrap();
    let text = print_ast(&scop, &ast);
    assert!(text.contains("NI"), "{text}");
    assert!(text.lines().all(|l| !l.contains("p?") && !l.contains("c?")), "{text}");
    let loops = text.matches("for (long ").count();
    assert!(loops >= 3, "{text}");
    assert_eq!(text.matches('{').count(), text.matches('}').count(), "{text}");
    fn count_users(node: &AstNode) -> usize {
        match node {
            AstNode::Block(children) => children.iter().map(count_users).sum(),
            AstNode::For { body, .. } => count_users(body),
            AstNode::If { then, otherwise, .. } => count_users(then) + otherwise.as_ref().map_or(0, |o| count_users(o)),
            AstNode::User { .. } => 1,
        }
    }
    assert!(count_users(&ast.root) >= scop.statements.len());
}

/// A two-statement model whose domains and schedules the test replaces: `S0[i, j]` and
/// `S1[i, j]`, parameter `N`.
fn two_statements(domains: [&str; 2], schedules: [&str; 2]) -> Scop {
    let text = "scop s;\nparam N >= 0;\narray A[N + 1][N + 1] : f32 out;\narray B[N + 1][N + 1] : f32 out;\nfor i = 0 to N do\n  for j = 0 to N do\n    S0: A[i][j] = 1.0f;\n    S1: B[i][j] = 2.0f;\n  done\ndone\n";
    let mut scop = parse_scop(text).unwrap();
    for (statement, (domain, schedule)) in scop.statements.iter_mut().zip(domains.iter().zip(schedules)) {
        statement.domain = domain.to_string();
        statement.schedule = schedule.to_string();
    }
    scop
}

#[test]
fn tiled_skewed_strided_and_negative_schedules_run_in_order() {
    let square = "[N] -> { S0[i, j] : 0 <= i <= N and 0 <= j <= N }";
    let square1 = "[N] -> { S1[i, j] : 0 <= i <= N and 0 <= j <= N }";
    let vectors: Vec<Vec<i64>> = [0, 1, 5, 9, 13].iter().map(|n| vec![*n]).collect();
    let cases: Vec<(&str, Scop)> = vec![
        (
            "tiled by 4 with S1 fused after S0 in each tile",
            two_statements(
                [square, square1],
                [
                    "[N] -> { S0[i, j] -> [floor(i/4), floor(j/4), 0, i, j] }",
                    "[N] -> { S1[i, j] -> [floor(i/4), floor(j/4), 1, i, j] }",
                ],
            ),
        ),
        (
            "skewed (wavefront) with S1 shifted by one",
            two_statements(
                [square, square1],
                ["[N] -> { S0[i, j] -> [i + j, j, 0] }", "[N] -> { S1[i, j] -> [i + j + 1, j, 1] }"],
            ),
        ),
        (
            "strided and negative coordinates, reversed inner loop",
            two_statements(
                [
                    "[N] -> { S0[i, j] : -N <= i <= N and 0 <= j <= 2 and i mod 3 = 1 }",
                    "[N] -> { S1[i, j] : -N <= i <= N and -N <= j <= 0 and (i + j) mod 2 = 0 }",
                ],
                ["[N] -> { S0[i, j] -> [0, floor(i/5), i, j] }", "[N] -> { S1[i, j] -> [1, floor((i + j)/4), i, -j] }"],
            ),
        ),
        (
            "triangular and interleaved by parity",
            two_statements(
                [
                    "[N] -> { S0[i, j] : 0 <= j <= i <= N }",
                    "[N] -> { S1[i, j] : 0 <= i <= N and i <= j <= N }",
                ],
                ["[N] -> { S0[i, j] -> [2i, j, 0] }", "[N] -> { S1[i, j] -> [2j + 1, i, 0] }"],
            ),
        ),
    ];
    let ctx = IslContext::with_default_quota();
    for (what, scop) in &cases {
        let runs = check_program(scop, &vectors, what);
        assert!(runs > 0, "{what}");
        let text = print_ast(scop, &build_ast(&ctx, scop).unwrap());
        if what.starts_with("tiled") {
            assert!(text.contains("c0 += 1") && text.contains("min("), "{what}:\n{text}");
        }
        if what.starts_with("strided") {
            assert!(text.contains("+= 3") && text.contains("+= 2"), "{what}: no strided loop\n{text}");
            assert!(text.contains("floord(") && text.contains(" % "), "{what}:\n{text}");
        }
    }
}

#[test]
fn every_quota_either_succeeds_or_is_complexity() {
    // Whatever isl call the quota stops, the result is Complexity, never another error, and a
    // quota that suffices gives the same AST as no quota at all.
    let scop = program("gemm");
    let unlimited = build_ast(&IslContext::new(0), &scop).unwrap();
    let mut outcomes = (0, 0);
    let mut quota = 1;
    while quota < 1_000_000 {
        let ctx = IslContext::new(quota);
        match build_ast(&ctx, &scop) {
            Ok(ast) => {
                assert_eq!(ast, unlimited, "quota {quota}");
                outcomes.0 += 1;
            }
            Err(IslError::Complexity) => outcomes.1 += 1,
            Err(other) => panic!("quota {quota}: {other}"),
        }
        quota = quota * 3 / 2 + 1;
    }
    assert!(outcomes.0 > 0 && outcomes.1 > 0, "{outcomes:?}");
}

/// The 500-stage image pipeline of the propagation benchmark (`propagation/examples`), in
/// short: stage `k` reads stage `k - 1`, every fifth stage a vertical 3-point stencil.
fn pipeline(stages: usize) -> Scop {
    let stencils = stages / 5;
    let mut text = format!("scop pipeline;\nparam R >= {};\nparam C >= 1;\narray in[R + 2][C + 2] : f32 in;\n", 2 * stencils + 3);
    for k in 0..stages {
        text.push_str(&format!("array a{k}[R + 2][C + 2] : f32 {};\n", if k + 1 == stages { "out" } else { "temp" }));
    }
    let mut border = 0;
    for k in 0..stages {
        if k > 0 && k % 5 == 0 {
            border += 1;
        }
        let value = match k {
            0 => "in[i][j]".to_string(),
            _ if k % 5 == 0 => format!("a{p}[i - 1][j] + a{p}[i + 1][j]", p = k - 1),
            _ => format!("a{}[i][j] * 0.75f", k - 1),
        };
        text.push_str(&format!("for i = {border} to R + 1 - {border} do\n  for j = 0 to C + 1 do\n    a{k}[i][j] = {value};\n  done\ndone\n"));
    }
    parse_scop(&text).unwrap()
}

#[test]
fn a_500_statement_pipeline_fits_the_default_quota_and_runs_in_order() {
    let scop = pipeline(500);
    let ctx = IslContext::with_default_quota();
    // The default quota bounds isl's work (a deterministic count, unlike a time on a shared
    // machine); about 2 s on one loaded core.
    let ast = build_ast(&ctx, &scop).unwrap();
    let AstNode::Block(loops) = &ast.root else { panic!("not a sequence of loop nests") };
    assert_eq!(loops.len(), 500);
    let r = 2 * 100 + 3;
    let runs = check_order(&scop, &ast, &[r, 1], "pipeline");
    assert!(runs > 500 * 3);
}

