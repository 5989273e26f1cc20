//! The statement dependence graph of a SCoP (paper 003, section 2.2): one node per statement,
//! one edge per access-wise dependence, in petgraph so that the passes that reason about it
//! (recurrences of section 5.4, the propagation order of section 4.4) use its algorithms, and
//! printed as Graphviz (`print=deps-dot`, `polyprop deps --dot FILE`).

use crate::dependences::{describe_access, DependenceKind, ScopDependences};
use crate::model::{ArrayId, Scop, StatementId};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

/// What an edge of the dependence graph stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct DependenceEdge {
    pub kind: DependenceKind,
    /// The array (or scalar) through which the statements depend.
    pub array: ArrayId,
    /// Both accesses, as `print<polyprop-deps>` writes them.
    pub label: String,
}

/// Node `k` is statement `k` of the SCoP.
pub type DependenceGraph = DiGraph<StatementId, DependenceEdge>;

/// The graph of every dependence of `dependences` between the statements of `scop`.
pub fn dependence_graph(scop: &Scop, dependences: &ScopDependences) -> DependenceGraph {
    let mut graph = DependenceGraph::with_capacity(scop.statements.len(), dependences.dependences.len());
    for statement in 0..scop.statements.len() {
        graph.add_node(statement);
    }
    for d in &dependences.dependences {
        let Some(array) = d.source.resolve(scop).map(|a| a.array) else { continue };
        let label = format!("{} -> {}", describe_access(scop, d.source), describe_access(scop, d.target));
        let edge = DependenceEdge { kind: d.kind, array, label };
        graph.add_edge(NodeIndex::new(d.source.statement), NodeIndex::new(d.target.statement), edge);
    }
    graph
}

/// The statements that lie on a cycle of `edges` or are reached from one, smallest first
/// (for RAW edges among the writers of one array: the recurrences of Figure 7a).
pub fn on_or_after_cycle(edges: &[(StatementId, StatementId)]) -> Vec<StatementId> {
    let graph = petgraph::graphmap::DiGraphMap::<StatementId, ()>::from_edges(edges);
    let cyclic = petgraph::algo::tarjan_scc(&graph)
        .into_iter()
        .filter(|component| component.len() > 1 || graph.contains_edge(component[0], component[0]))
        .flatten();
    let mut reached = std::collections::BTreeSet::new();
    for start in cyclic {
        let mut dfs = petgraph::visit::Dfs::new(&graph, start);
        while let Some(statement) = dfs.next(&graph) {
            reached.insert(statement);
        }
    }
    reached.into_iter().collect()
}

/// Graphviz text of the graph (petgraph's `Dot`, which escapes the labels): statements as
/// boxes named with their source line, edges labelled with kind and array, RAW solid, WAR
/// dashed, WAW dotted.
pub fn to_dot(scop: &Scop, graph: &DependenceGraph) -> String {
    // `map` keeps the indices, so the styles read the kinds from `graph`.
    let shown = graph.map(
        |_, &statement| {
            let s = &scop.statements[statement];
            match &s.location {
                Some(l) => format!("{} (line {})", s.name, l.line),
                None => s.name.clone(),
            }
        },
        |_, e| {
            let array = scop.arrays.get(e.array).map(|a| a.name.as_str()).unwrap_or("?");
            format!("{} {array}", e.kind.name())
        },
    );
    let style = |_, edge: petgraph::graph::EdgeReference<'_, String>| {
        match graph[edge.id()].kind {
            DependenceKind::Raw => "style=solid",
            DependenceKind::War => "style=dashed",
            DependenceKind::Waw => "style=dotted",
        }
        .to_string()
    };
    let node = |_, _| "shape=box".to_string();
    format!("{}", petgraph::dot::Dot::with_attr_getters(&shown, &[], &style, &node))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_has_no_cycle() {
        assert!(on_or_after_cycle(&[(0, 1), (1, 2)]).is_empty());
    }

    #[test]
    fn a_cycle_and_what_it_reaches() {
        // 0 -> 1 -> 2 -> 1 -> 3; 4 -> 0.
        assert_eq!(on_or_after_cycle(&[(0, 1), (1, 2), (2, 1), (1, 3), (4, 0)]), vec![1, 2, 3]);
    }

    #[test]
    fn a_self_loop_is_a_cycle() {
        assert_eq!(on_or_after_cycle(&[(2, 2), (1, 2)]), vec![2]);
    }
}
