//! Parallel loops of the AST (`polyhedral::parallel`): a loop marked parallel must carry no
//! conflict, checked against an oracle that knows nothing of isl: the loop program is run for
//! fixed parameters, and for each execution of a marked loop, no element written in one of
//! its iterations may be read or written in another. Known kernels are marked as expected.

use polyhedral::ast::{build_ast, build_parallel_ast, print_ast, Ast, AstNode};
use polyhedral::generator::generate_program;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop;
use polyhedral::model::{Access, Scop};

fn program(name: &str) -> Scop {
    let path = format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_scop(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// An element an access touches: `None` subscripts for a data-dependent access (any element).
type Element = (usize, Option<Vec<i64>>);

/// One execution of a parallel loop: per iteration value, what it writes and what it reads.
#[derive(Default)]
struct Execution {
    writes: Vec<(i64, Element)>,
    reads: Vec<(i64, Element)>,
}

struct Oracle<'a> {
    scop: &'a Scop,
    params: Vec<i64>,
    iterators: Vec<Option<i64>>,
    /// The parallel loop being run, with its iterator's index.
    current: Option<(usize, Execution)>,
    executions: Vec<Execution>,
    instances: usize,
}

impl Oracle<'_> {
    fn element(&self, access: &Access, iteration: &[i64]) -> Element {
        if access.data.0.iter().any(Option::is_some) {
            return (access.array, None);
        }
        let subscripts = access.subscripts.iter().map(|s| s.evaluate(iteration, &self.params).expect("affine subscript"));
        (access.array, Some(subscripts.collect()))
    }

    fn run(&mut self, node: &AstNode) {
        match node {
            AstNode::Block(children) => children.iter().for_each(|c| self.run(c)),
            AstNode::If { cond, then, otherwise } => {
                if cond.evaluate(&self.params, &self.iterators).unwrap() != 0 {
                    self.run(then);
                } else if let Some(o) = otherwise {
                    self.run(o);
                }
            }
            AstNode::For { iterator, init, cond, step, body, parallel } => {
                if *parallel {
                    assert!(self.current.is_none(), "a parallel loop inside a parallel loop");
                    self.current = Some((*iterator, Execution::default()));
                }
                let mut value = init.evaluate(&self.params, &self.iterators).unwrap();
                loop {
                    self.iterators[*iterator] = Some(value);
                    if cond.evaluate(&self.params, &self.iterators).unwrap() == 0 {
                        break;
                    }
                    self.run(body);
                    value += step;
                }
                self.iterators[*iterator] = None;
                if *parallel {
                    let (_, execution) = self.current.take().unwrap();
                    self.executions.push(execution);
                }
            }
            AstNode::User { statement, args } => {
                self.instances += 1;
                let iteration: Vec<i64> = args.iter().map(|a| a.evaluate(&self.params, &self.iterators).unwrap()).collect();
                let Some((k, _)) = self.current else { return };
                let at = self.iterators[k].unwrap();
                let s = &self.scop.statements[*statement];
                let write = self.element(&s.write, &iteration);
                let reads: Vec<Element> = s.reads().into_iter().map(|r| self.element(r, &iteration)).collect();
                let execution = &mut self.current.as_mut().unwrap().1;
                execution.writes.push((at, write));
                execution.reads.extend(reads.into_iter().map(|r| (at, r)));
            }
        }
    }
}

/// Whether two elements may be the same location.
fn overlap(a: &Element, b: &Element) -> bool {
    a.0 == b.0 && (a.1.is_none() || b.1.is_none() || a.1 == b.1)
}

/// The first conflict carried by a marked loop, for parameters `params`.
fn carried_conflict(scop: &Scop, ast: &Ast, params: &[i64]) -> Option<String> {
    let mut oracle = Oracle {
        scop,
        params: params.to_vec(),
        iterators: vec![None; ast.iterators.len()],
        current: None,
        executions: Vec::new(),
        instances: 0,
    };
    oracle.run(&ast.root);
    for execution in &oracle.executions {
        for (at, w) in &execution.writes {
            for (other, e) in execution.writes.iter().chain(&execution.reads) {
                if other != at && overlap(w, e) {
                    return Some(format!("{w:?} written in iteration {at}, accessed in {other}"));
                }
            }
        }
    }
    None
}

fn parallel_loops(node: &AstNode) -> usize {
    match node {
        AstNode::Block(children) => children.iter().map(parallel_loops).sum(),
        AstNode::If { then, otherwise, .. } => parallel_loops(then) + otherwise.as_deref().map_or(0, parallel_loops),
        AstNode::For { body, parallel, .. } => usize::from(*parallel) + parallel_loops(body),
        AstNode::User { .. } => 0,
    }
}

#[test]
fn figure1_second_loop_is_parallel_first_writes_a_scalar() {
    let scop = program("figure1");
    let ctx = IslContext::with_default_quota();
    let ast = build_parallel_ast(&ctx, &scop).unwrap();
    let text = print_ast(&scop, &ast);
    // S0 writes the scalar s in every iteration: the first loop carries that conflict.
    let second = text.find("S4(").unwrap();
    let pragma = text.find("#pragma omp parallel for").unwrap_or_else(|| panic!("no parallel loop:\n{text}"));
    assert!(pragma > text.find("S3(").unwrap() && pragma < second, "{text}");
    assert_eq!(parallel_loops(&ast.root), 1, "{text}");
    // Without the request nothing is marked, and the loops are the same.
    let plain = build_ast(&ctx, &scop).unwrap();
    assert_eq!(parallel_loops(&plain.root), 0);
    assert_eq!(print_ast(&scop, &plain), text.replace("#pragma omp parallel for\n", ""));
}

#[test]
fn gemm_outer_loop_parallel_reduction_loop_not() {
    let scop = program("gemm");
    let ctx = IslContext::with_default_quota();
    let ast = build_parallel_ast(&ctx, &scop).unwrap();
    let text = print_ast(&scop, &ast);
    assert!(text.starts_with("#pragma omp parallel for\nfor (long c0"), "{text}");
    assert_eq!(parallel_loops(&ast.root), 1, "{text}");
    for n in [1, 3, 6] {
        let params = vec![n; scop.params.len()];
        assert_eq!(carried_conflict(&scop, &ast, &params), None, "{text}");
    }
}

#[test]
fn a_recurrence_stays_sequential_its_inner_loop_runs_in_parallel() {
    // Each row depends on the row before; the elements of a row do not depend on each other.
    let text = "scop rows;\nparam N >= 2;\narray a[N][N] : f32 inout;\n\
                for i = 1 to N - 1 do for j = 0 to N - 1 do\n  S0: a[i][j] = a[i - 1][j] * 0.5;\ndone done\n";
    let scop = parse_scop(text).unwrap();
    let ast = build_parallel_ast(&IslContext::with_default_quota(), &scop).unwrap();
    let printed = print_ast(&scop, &ast);
    assert!(printed.contains("  #pragma omp parallel for\n  for (long c1"), "{printed}");
    assert_eq!(parallel_loops(&ast.root), 1, "{printed}");
    assert_eq!(carried_conflict(&scop, &ast, &[5]), None);
}

#[test]
fn a_loop_of_three_iterations_leaves_its_parallelism_to_the_loop_inside() {
    let text = "scop channels;\nparam N >= 1;\narray a[3][N] : f32 in;\narray b[3][N] : f32 out;\n\
                for c = 0 to 2 do for i = 0 to N - 1 do\n  S0: b[c][i] = a[c][i] * 2.0;\ndone done\n";
    let scop = parse_scop(text).unwrap();
    let ast = build_parallel_ast(&IslContext::with_default_quota(), &scop).unwrap();
    let printed = print_ast(&scop, &ast);
    assert!(printed.starts_with("for (long c0 = 0; c0 <= 2; c0 += 1) {\n  #pragma omp parallel for\n"), "{printed}");
}

/// The oracle finds conflicts: marking a loop that carries one is caught.
#[test]
fn the_oracle_sees_a_carried_conflict() {
    let text = "scop rows;\nparam N >= 2;\narray a[N] : f32 inout;\n\
                for i = 1 to N - 1 do\n  S0: a[i] = a[i - 1] * 0.5;\ndone\n";
    let scop = parse_scop(text).unwrap();
    let mut ast = build_parallel_ast(&IslContext::with_default_quota(), &scop).unwrap();
    assert_eq!(parallel_loops(&ast.root), 0);
    fn mark(node: &mut AstNode) {
        match node {
            AstNode::Block(children) => children.iter_mut().for_each(mark),
            AstNode::For { parallel, .. } => *parallel = true,
            _ => {}
        }
    }
    mark(&mut ast.root);
    assert!(carried_conflict(&scop, &ast, &[4]).is_some());
}

#[test]
fn generated_programs_mark_only_loops_without_carried_conflicts() {
    let mut marked = 0;
    for seed in 0..300 {
        let text = generate_program(seed);
        let scop = parse_scop(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let ast = build_parallel_ast(&IslContext::with_default_quota(), &scop).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        marked += parallel_loops(&ast.root);
        for n in [4, 7] {
            if let Some(conflict) = carried_conflict(&scop, &ast, &[n]) {
                panic!("seed {seed}, N = {n}: {conflict}\n{}\n{text}", print_ast(&scop, &ast));
            }
        }
    }
    // The test has teeth only if the generator's programs have parallel loops.
    assert!(marked > 100, "only {marked} parallel loops in 300 programs");
}
