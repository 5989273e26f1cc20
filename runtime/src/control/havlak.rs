//! The loop-nesting forest of a control-flow graph (paper 001, section 3.1): Havlak's
//! algorithm ("Nesting of reducible and irreducible loops", TOPLAS 1997), as formalized by
//! Ramalingam. Each loop has one header; a block's innermost loop is the loop whose header it
//! is or the innermost loop containing it.
//!
//! The graph is the dynamic CFG of one function: only executed edges. The forest is recomputed
//! when new edges are discovered ([`crate::control::ControlFlow`] does this lazily), which is
//! rare once the program runs in its loops. The same algorithm on the dynamic call graph gives
//! the recursive-component-set ([`crate::control::recursion`]).

use crate::fast_hash::FastMap;

/// The loop-nesting forest over blocks `0..n` (block 0 is the entry).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopForest {
    /// For each block, the header of its innermost loop (itself if it is a header), or `None`.
    pub innermost_header: Vec<Option<usize>>,
    /// For each loop header, the header of its parent loop.
    pub parent: FastMap<usize, Option<usize>>,
    /// `parent` indexed by block (`None` for a block that is not a header): the per-block
    /// loop events read this instead of hashing.
    pub parent_of: Vec<Option<usize>>,
}

impl LoopForest {
    /// Whether `block` is the header of a loop.
    #[inline]
    pub fn is_header(&self, block: usize) -> bool {
        // A header is its own innermost header (see `loop_forest`).
        self.innermost_header.get(block) == Some(&Some(block))
    }

    /// Whether `block` belongs to the loop with header `header` (or one nested in it).
    pub fn contains(&self, header: usize, block: usize) -> bool {
        let mut current = self.innermost_header.get(block).copied().flatten();
        while let Some(h) = current {
            if h == header {
                return true;
            }
            current = self.parent_of.get(h).copied().flatten();
        }
        false
    }

    /// Depth of the loop with header `header` (1 for an outermost loop).
    pub fn depth(&self, header: usize) -> usize {
        let mut depth = 0;
        let mut current = Some(header);
        while let Some(h) = current {
            depth += 1;
            current = self.parent_of.get(h).copied().flatten();
        }
        depth
    }
}

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn find(&mut self, x: usize) -> usize {
        let mut root = x;
        while self.0[root] != root {
            root = self.0[root];
        }
        let mut y = x;
        while self.0[y] != root {
            let next = self.0[y];
            self.0[y] = root;
            y = next;
        }
        root
    }
}

/// Havlak's algorithm on the graph `successors` (blocks `0..n`, entry 0).
pub fn loop_forest(successors: &[Vec<usize>]) -> LoopForest {
    let n = successors.len();
    const UNVISITED: usize = usize::MAX;
    // Depth-first numbering (iterative), `last[w]`: the last number in w's subtree.
    let mut number = vec![UNVISITED; n];
    let mut node_of = Vec::with_capacity(n);
    let mut last = vec![0; n];
    if n > 0 {
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        number[0] = 0;
        node_of.push(0);
        while let Some(&mut (block, ref mut next)) = stack.last_mut() {
            if let Some(&successor) = successors[block].get(*next) {
                *next += 1;
                if number[successor] == UNVISITED {
                    number[successor] = node_of.len();
                    node_of.push(successor);
                    stack.push((successor, 0));
                }
            } else {
                last[number[block]] = node_of.len() - 1;
                stack.pop();
            }
        }
    }
    let visited = node_of.len();
    let is_ancestor = |w: usize, v: usize, last: &[usize]| w <= v && v <= last[w];
    // Predecessors in DFS numbers, split into back and non-back edges.
    let mut back_preds: Vec<Vec<usize>> = vec![Vec::new(); visited];
    let mut non_back_preds: Vec<Vec<usize>> = vec![Vec::new(); visited];
    for (block, succs) in successors.iter().enumerate() {
        let v = number[block];
        if v == UNVISITED {
            continue;
        }
        for &s in succs {
            let w = number[s];
            if is_ancestor(w, v, &last) {
                back_preds[w].push(v);
            } else {
                non_back_preds[w].push(v);
            }
        }
    }
    let mut header: Vec<Option<usize>> = vec![None; visited];
    let mut is_loop_header = vec![false; visited];
    let mut union_find = UnionFind((0..visited).collect());
    for w in (0..visited).rev() {
        let mut node_pool: Vec<usize> = Vec::new();
        for &v in &back_preds[w] {
            if v != w {
                let root = union_find.find(v);
                if !node_pool.contains(&root) {
                    node_pool.push(root);
                }
            } else {
                is_loop_header[w] = true; // self loop
            }
        }
        if !node_pool.is_empty() {
            is_loop_header[w] = true;
        }
        let mut work_list = node_pool.clone();
        while let Some(x) = work_list.pop() {
            for y in non_back_preds[x].clone() {
                let y_root = union_find.find(y);
                if !is_ancestor(w, y_root, &last) {
                    // Irreducible: an entry from outside the region; keep it as a predecessor.
                    non_back_preds[w].push(y_root);
                } else if y_root != w && !node_pool.contains(&y_root) {
                    node_pool.push(y_root);
                    work_list.push(y_root);
                }
            }
        }
        for &x in &node_pool {
            header[x] = Some(w);
            union_find.0[x] = w;
        }
    }
    let containing = |x: usize| header[x];
    let mut forest =
        LoopForest { innermost_header: vec![None; n], parent: FastMap::default(), parent_of: vec![None; n] };
    for x in 0..visited {
        let block = node_of[x];
        if is_loop_header[x] {
            forest.innermost_header[block] = Some(block);
            forest.parent.insert(block, containing(x).map(|h| node_of[h]));
            forest.parent_of[block] = containing(x).map(|h| node_of[h]);
        } else {
            forest.innermost_header[block] = containing(x).map(|h| node_of[h]);
        }
    }
    forest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_loops_and_blocks_outside() {
        // 0 -> 1 -> 2 -> 3 -> 2 (inner), 3 -> 4 -> 1 (outer), 4 -> 5 (exit).
        let successors = vec![vec![1], vec![2], vec![3], vec![2, 4], vec![1, 5], vec![]];
        let forest = loop_forest(&successors);
        assert!(forest.is_header(1) && forest.is_header(2));
        assert_eq!(forest.parent[&2], Some(1));
        assert_eq!(forest.parent[&1], None);
        assert_eq!(forest.innermost_header[3], Some(2));
        assert_eq!(forest.innermost_header[4], Some(1));
        assert_eq!(forest.innermost_header[0], None);
        assert_eq!(forest.innermost_header[5], None);
        assert!(forest.contains(1, 3) && !forest.contains(2, 4));
        assert_eq!(forest.depth(2), 2);
    }

    #[test]
    fn self_loop_is_a_loop() {
        let forest = loop_forest(&[vec![1], vec![1, 2], vec![]]);
        assert!(forest.is_header(1));
        assert_eq!(forest.innermost_header[2], None);
    }

    #[test]
    fn loop_on_the_entry_block() {
        let forest = loop_forest(&[vec![1], vec![0, 2], vec![]]);
        assert!(forest.is_header(0));
        assert_eq!(forest.innermost_header[1], Some(0));
        assert_eq!(forest.innermost_header[2], None);
    }
}
