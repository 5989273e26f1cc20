//! The statement dependence graph on paper 003's programs: its edges are the dependences, its
//! cycles the recurrences (Figure 7a), its Graphviz text names statements, kinds and arrays.

use polyhedral::dependence_graph::{dependence_graph, on_or_after_cycle, to_dot};
use polyhedral::dependences::{compute_dependences_with_quota, DependenceKind};
use polyhedral::lang::parse_scop;
use polyhedral::model::Scop;

fn load(name: &str) -> Scop {
    let path = format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    parse_scop(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{path}:{e}"))
}

#[test]
fn one_edge_per_dependence_between_its_statements() {
    let scop = load("figure1");
    let deps = compute_dependences_with_quota(&scop, 0).unwrap();
    let graph = dependence_graph(&scop, &deps);
    assert_eq!(graph.node_count(), scop.statements.len());
    assert_eq!(graph.edge_count(), deps.dependences.len());
    for (edge, d) in graph.edge_indices().zip(&deps.dependences) {
        let (source, target) = graph.edge_endpoints(edge).unwrap();
        assert_eq!((graph[source], graph[target]), (d.source.statement, d.target.statement));
        assert_eq!(graph[edge].kind, d.kind);
    }
}

#[test]
fn the_fibonacci_writer_lies_on_a_raw_cycle() {
    let scop = load("figure7a");
    let deps = compute_dependences_with_quota(&scop, 0).unwrap();
    let raws: Vec<_> = deps.of_kind(DependenceKind::Raw).map(|d| (d.source.statement, d.target.statement)).collect();
    let on_cycle = on_or_after_cycle(&raws);
    assert!(!on_cycle.is_empty(), "no recurrence in figure 7a:\n{raws:?}");
    let blur = load("blur3");
    let deps = compute_dependences_with_quota(&blur, 0).unwrap();
    let raws: Vec<_> = deps.of_kind(DependenceKind::Raw).map(|d| (d.source.statement, d.target.statement)).collect();
    assert!(on_or_after_cycle(&raws).is_empty(), "a blur has no recurrence: {raws:?}");
}

#[test]
fn dot_names_statements_kinds_and_arrays() {
    let scop = load("figure1");
    let deps = compute_dependences_with_quota(&scop, 0).unwrap();
    let dot = to_dot(&scop, &dependence_graph(&scop, &deps));
    assert!(dot.starts_with("digraph {"), "{dot}");
    for statement in &scop.statements {
        assert!(dot.contains(&format!("label = \"{}", statement.name)), "{} missing:\n{dot}", statement.name);
    }
    assert!(dot.contains("label = \"RAW tmp\""), "{dot}");
    assert!(dot.contains("style=dashed"), "no WAR edge:\n{dot}");
    assert_eq!(dot.matches(" -> ").count(), deps.dependences.len(), "{dot}");
}
