//! The dynamic call graph and its recursive-component-set (paper 001, section 3.2): what the
//! loop-nesting forest is for a control-flow graph, the recursive-component-set is for the
//! call graph.
//!
//! The paper's definition: 1. every top-level strongly connected component (SCC) of the call
//! graph with at least one cycle is a *recursive component*; 2. its *entries* are the functions
//! of the component called from outside it; 3. until no cycle is left, an entry of an SCC is
//! chosen as a *header* (added to the headers-set of the top-level component it belongs to)
//! and the edges inside that SCC pointing to it are removed.
//!
//! This is Ramalingam's recursive definition of a loop-nesting forest applied to the call
//! graph, so Havlak's algorithm ([`loop_forest`]) computes it: its outermost loops are the
//! top-level SCCs with a cycle (a self call is a cycle), and its loop headers are headers in
//! the paper's sense, the entry chosen being the one the depth-first search reaches first
//! (which is an entry of its SCC, reached from outside it through the search tree). Entries
//! are not part of a loop forest: they are read off the call edges.
//!
//! The graph is the dynamic call graph: functions by entry address (indexed like the
//! [`crate::control::ControlFlow`]'s CFGs), an edge per executed call site's caller and callee.
//! The search starts from a virtual root with an edge to every function, so functions whose
//! callers were not seen (the first function, code entered by a jump) are covered; the root is
//! in no cycle, so the components are unchanged by it. The set is recomputed only when a new
//! edge closes a cycle (its callee reaches its caller): an edge on no cycle leaves every SCC as
//! it was, and keeping the headers already chosen keeps the loops of the profile stable.

use super::havlak::loop_forest;

/// The recursive-component-set: per function (by index), its component, whether it is a
/// header and whether it is an entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecursiveComponentSet {
    /// The component of each function, named by its top-level header (outermost loop header of
    /// the call graph's loop forest); `None` for a function in no cycle.
    component: Vec<Option<usize>>,
    header: Vec<bool>,
    entry: Vec<bool>,
}

impl RecursiveComponentSet {
    /// The component of `function`, named by its top-level header.
    pub fn component(&self, function: usize) -> Option<usize> {
        self.component.get(function).copied().flatten()
    }

    /// Whether `function` is in the headers-set of its component.
    pub fn is_header(&self, function: usize) -> bool {
        self.header.get(function).copied().unwrap_or(false)
    }

    /// Whether `function` is an entry of its component (called from outside it).
    pub fn is_entry(&self, function: usize) -> bool {
        self.entry.get(function).copied().unwrap_or(false)
    }

    /// The components, each as (top-level header, headers, entries), in function order.
    pub fn components(&self) -> Vec<(usize, Vec<usize>, Vec<usize>)> {
        let mut result: Vec<(usize, Vec<usize>, Vec<usize>)> = Vec::new();
        for (function, component) in self.component.iter().enumerate() {
            let Some(c) = *component else { continue };
            let index = match result.iter().position(|r| r.0 == c) {
                Some(i) => i,
                None => {
                    result.push((c, Vec::new(), Vec::new()));
                    result.len() - 1
                }
            };
            if self.header[function] {
                result[index].1.push(function);
            }
            if self.entry[function] {
                result[index].2.push(function);
            }
        }
        result.sort();
        result
    }
}

/// The recursive-component-set of the call graph `callees` (functions `0..n`).
pub fn recursive_component_set(callees: &[Vec<usize>]) -> RecursiveComponentSet {
    let n = callees.len();
    // Node 0 is the virtual root, node f + 1 is function f.
    let mut successors: Vec<Vec<usize>> = Vec::with_capacity(n + 1);
    successors.push((1..=n).collect());
    successors.extend(callees.iter().map(|c| c.iter().map(|&f| f + 1).collect()));
    let forest = loop_forest(&successors);
    let outermost = |node: usize| {
        let mut header = forest.innermost_header[node]?;
        while let Some(parent) = forest.parent_of[header] {
            header = parent;
        }
        Some(header - 1)
    };
    let component: Vec<Option<usize>> = (1..=n).map(outermost).collect();
    let header = (1..=n).map(|node| forest.is_header(node)).collect();
    let mut entry = vec![false; n];
    for (caller, called) in callees.iter().enumerate() {
        for &callee in called {
            if component[callee].is_some() && component[callee] != component[caller] {
                entry[callee] = true;
            }
        }
    }
    RecursiveComponentSet { component, header, entry }
}

/// The dynamic call graph with its recursive-component-set, kept up to date as calls execute.
#[derive(Debug, Default)]
pub struct CallGraph {
    callees: Vec<Vec<usize>>,
    set: RecursiveComponentSet,
    /// Number of recomputations of the recursive-component-set.
    pub recomputations: u64,
}

impl CallGraph {
    /// Records a call from `caller` to `callee`; recomputes the recursive-component-set when
    /// the edge is new and closes a cycle.
    pub fn add_call(&mut self, caller: usize, callee: usize) {
        let needed = caller.max(callee) + 1;
        if self.callees.len() < needed {
            self.callees.resize_with(needed, Vec::new);
        }
        if self.callees[caller].contains(&callee) {
            return;
        }
        self.callees[caller].push(callee);
        if self.reaches(callee, caller) {
            self.set = recursive_component_set(&self.callees);
            self.recomputations += 1;
        }
    }

    /// The current recursive-component-set.
    pub fn components(&self) -> &RecursiveComponentSet {
        &self.set
    }

    /// Whether a path of calls leads from `from` to `to`.
    fn reaches(&self, from: usize, to: usize) -> bool {
        let mut seen = vec![false; self.callees.len()];
        let mut work = vec![from];
        seen[from] = true;
        while let Some(f) = work.pop() {
            if f == to {
                return true;
            }
            for &g in &self.callees[f] {
                if !seen[g] {
                    seen[g] = true;
                    work.push(g);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_graph_without_cycles_has_no_component() {
        // 0 calls 1 and 2, both call 3.
        let set = recursive_component_set(&[vec![1, 2], vec![3], vec![3], vec![]]);
        assert!(set.components().is_empty());
        assert_eq!(set.component(3), None);
    }

    /// Paper 001, Fig. 3 Ex. 2: M calls D and B, D and B call C, B calls itself.
    #[test]
    fn self_recursion_is_one_component_with_one_header_and_entry() {
        let (m, b, c, d) = (0, 1, 2, 3);
        let mut callees = vec![Vec::new(); 4];
        callees[m] = vec![d, b];
        callees[d] = vec![c];
        callees[b] = vec![c, b];
        let set = recursive_component_set(&callees);
        assert_eq!(set.components(), vec![(b, vec![b], vec![b])]);
        assert_eq!(set.component(c), None, "C is called from the loop but is not in the cycle");
    }

    #[test]
    fn mutual_recursion_has_the_first_entry_reached_as_header() {
        // 0 calls 1; 1 and 2 call each other; 2 calls itself; 0 also calls 2 later.
        let callees = vec![vec![1, 2], vec![2], vec![1, 2]];
        let set = recursive_component_set(&callees);
        // Header 1 (reached first); removing the edges into 1 leaves the cycle 2 -> 2, so 2
        // is a header too. Both are called from outside: both are entries.
        assert_eq!(set.components(), vec![(1, vec![1, 2], vec![1, 2])]);
    }

    #[test]
    fn a_function_only_called_inside_its_component_is_not_an_entry() {
        // 0 -> 1 -> 2 -> 3 -> 1: header 1, the only entry.
        let callees = vec![vec![1], vec![2], vec![3], vec![1]];
        let set = recursive_component_set(&callees);
        assert_eq!(set.components(), vec![(1, vec![1], vec![1])]);
        assert!(!set.is_header(2) && !set.is_entry(3));
        assert_eq!(set.component(3), Some(1));
    }

    #[test]
    fn separate_cycles_are_separate_components() {
        let callees = vec![vec![1, 2], vec![1], vec![3], vec![2]];
        let set = recursive_component_set(&callees);
        assert_eq!(set.components(), vec![(1, vec![1], vec![1]), (2, vec![2], vec![2])]);
    }

    #[test]
    fn functions_without_a_seen_caller_are_covered() {
        // Nothing calls 1, which calls itself.
        let set = recursive_component_set(&[vec![], vec![1]]);
        assert_eq!(set.components(), vec![(1, vec![1], vec![])]);
    }

    #[test]
    fn the_set_is_recomputed_only_when_an_edge_closes_a_cycle() {
        let mut graph = CallGraph::default();
        graph.add_call(0, 1);
        graph.add_call(1, 2);
        graph.add_call(0, 2);
        assert_eq!(graph.recomputations, 0);
        assert_eq!(graph.components().component(1), None);
        graph.add_call(2, 1);
        assert_eq!(graph.recomputations, 1);
        assert_eq!(graph.components().component(2), Some(1));
        graph.add_call(2, 1);
        assert_eq!(graph.recomputations, 1, "an edge already known changes nothing");
    }
}
