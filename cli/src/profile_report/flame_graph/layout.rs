//! The flame graph's geometry as plain data: weighted stacks of frames merged into a tree, then
//! one rectangle per tree node, its width the node's share of all instances.
//!
//! Notation: a *stack* is a path of frames from a root (the program) to where a number of
//! memory-access instances ran; a node's *instances* are those of every stack through it, so a
//! node weighs at least as much as its children together (the rest ran in the node itself, not
//! in a child). x and width are fractions of the whole graph, in `0..=1`, computed from integer
//! instance offsets so that siblings never overlap and children never leave their parent.
//! Depth is the node's distance from its root (0). Siblings are ordered heaviest first.

/// What a frame is, for its colour: context (the program, a thread, a function) or a loop with
/// the report's suggestion for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrameClass {
    Context,
    /// One of the two loops of a suggested interchange.
    Interchange,
    /// A time loop or a loop inside it suggested skewed and tiled with it.
    SkewAndTile,
    /// One of two consecutive loops suggested for fusion.
    Fuse,
    Parallel,
    /// Carries a dependence the profile saw (not parallel).
    Dependence,
    /// A loop the report suggests nothing for (or outside the reported nests).
    NoSuggestion,
}

/// One frame of a stack; frames with equal label and class at the same place merge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub label: String,
    pub class: FrameClass,
}

/// `instances` memory-access instances that ran under `frames`, outermost first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stack {
    pub frames: Vec<Frame>,
    pub instances: u64,
}

/// One rectangle of the flame graph.
#[derive(Clone, Debug, PartialEq)]
pub struct Rect {
    /// Left edge and width as fractions of the whole graph.
    pub x: f64,
    pub width: f64,
    pub depth: usize,
    pub label: String,
    pub class: FrameClass,
    pub instances: u64,
}

/// The rectangles of the merged `stacks`, each parent before its children. Empty when no
/// stack has instances.
pub fn layout(stacks: &[Stack]) -> Vec<Rect> {
    let mut roots: Vec<Node> = Vec::new();
    for stack in stacks.iter().filter(|s| s.instances > 0 && !s.frames.is_empty()) {
        insert(&mut roots, &stack.frames, stack.instances);
    }
    let total = roots.iter().fold(0u64, |n, r| n.saturating_add(r.instances));
    let mut rects = Vec::new();
    if total > 0 {
        place(&mut roots, 0, 0, total, &mut rects);
    }
    rects
}

struct Node {
    frame: Frame,
    instances: u64,
    children: Vec<Node>,
}

fn insert(nodes: &mut Vec<Node>, frames: &[Frame], instances: u64) {
    let Some((first, rest)) = frames.split_first() else { return };
    let index = match nodes.iter().position(|n| n.frame == *first) {
        Some(index) => index,
        None => {
            nodes.push(Node { frame: first.clone(), instances: 0, children: Vec::new() });
            nodes.len() - 1
        }
    };
    let node = &mut nodes[index];
    node.instances = node.instances.saturating_add(instances);
    insert(&mut node.children, rest, instances);
}

/// Lays `nodes` side by side from instance offset `start`, heaviest first, then their children
/// from each one's own start.
fn place(nodes: &mut [Node], start: u64, depth: usize, total: u64, rects: &mut Vec<Rect>) {
    nodes.sort_by(|a, b| b.instances.cmp(&a.instances).then_with(|| a.frame.label.cmp(&b.frame.label)));
    let mut offset = start;
    for node in nodes {
        rects.push(Rect {
            x: offset as f64 / total as f64,
            width: node.instances as f64 / total as f64,
            depth,
            label: node.frame.label.clone(),
            class: node.frame.class,
            instances: node.instances,
        });
        place(&mut node.children, offset, depth + 1, total, rects);
        offset = offset.saturating_add(node.instances);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(label: &str) -> Frame {
        Frame { label: label.into(), class: FrameClass::NoSuggestion }
    }

    fn stack(labels: &[&str], instances: u64) -> Stack {
        Stack { frames: labels.iter().map(|l| frame(l)).collect(), instances }
    }

    fn rect<'a>(rects: &'a [Rect], label: &str) -> &'a Rect {
        rects.iter().find(|r| r.label == label).unwrap_or_else(|| panic!("no rectangle {label}"))
    }

    /// A program with two nests: k.c:10 > k.c:11 > k.c:12 (600 instances in the innermost,
    /// 100 in k.c:11 itself), and k.c:20 (300).
    fn program() -> Vec<Rect> {
        layout(&[
            stack(&["all", "main", "k.c:10", "k.c:11", "k.c:12"], 600),
            stack(&["all", "main", "k.c:10", "k.c:11"], 100),
            stack(&["all", "main", "k.c:20"], 300),
        ])
    }

    /// The rectangles one deeper than `parent` that lie inside it.
    fn children<'a>(rects: &'a [Rect], parent: &Rect) -> Vec<&'a Rect> {
        rects
            .iter()
            .filter(|r| r.depth == parent.depth + 1 && r.x >= parent.x - 1e-12 && r.x < parent.x + parent.width)
            .collect()
    }

    #[test]
    fn children_fit_inside_their_parent() {
        let rects = program();
        for parent in &rects {
            let children = children(&rects, parent);
            let sum: f64 = children.iter().map(|c| c.width).sum();
            assert!(sum <= parent.width + 1e-12, "{}: children {sum} > {}", parent.label, parent.width);
            let sum_instances: u64 = children.iter().map(|c| c.instances).sum();
            assert!(sum_instances <= parent.instances, "{}", parent.label);
            for child in children {
                assert!(child.x + child.width <= parent.x + parent.width + 1e-12, "{} leaves {}", child.label, parent.label);
            }
        }
    }

    #[test]
    fn widths_are_proportional_to_instances() {
        let rects = program();
        assert_eq!(rect(&rects, "all").width, 1.0);
        for r in &rects {
            assert!((r.width - r.instances as f64 / 1000.0).abs() < 1e-12, "{}: {}", r.label, r.width);
        }
        assert_eq!(rect(&rects, "k.c:10").instances, 700);
        assert_eq!(rect(&rects, "k.c:11").instances, 700);
        assert_eq!(rect(&rects, "k.c:12").instances, 600);
        assert!((rect(&rects, "k.c:20").width - 0.3).abs() < 1e-12);
    }

    #[test]
    fn depth_is_the_nesting() {
        let rects = program();
        let depth = |label| rect(&rects, label).depth;
        assert_eq!((depth("all"), depth("main"), depth("k.c:10"), depth("k.c:11"), depth("k.c:12")), (0, 1, 2, 3, 4));
        assert_eq!(depth("k.c:20"), 2);
    }

    #[test]
    fn siblings_are_heaviest_first_and_do_not_overlap() {
        let rects = program();
        let (hot, cold) = (rect(&rects, "k.c:10"), rect(&rects, "k.c:20"));
        assert_eq!(hot.x, 0.0);
        assert!((cold.x - 0.7).abs() < 1e-12, "{}", cold.x);
    }

    #[test]
    fn equal_frames_merge_and_different_classes_do_not() {
        let mut parallel = stack(&["all", "k.c:10"], 5);
        parallel.frames[1].class = FrameClass::Parallel;
        let rects = layout(&[stack(&["all", "k.c:10"], 5), stack(&["all", "k.c:10"], 5), parallel]);
        assert_eq!(rects.len(), 3);
        assert_eq!(rects.iter().filter(|r| r.label == "k.c:10").map(|r| r.instances).collect::<Vec<_>>(), vec![10, 5]);
    }

    #[test]
    fn no_instances_no_rectangles() {
        assert!(layout(&[]).is_empty());
        assert!(layout(&[stack(&["all"], 0), stack(&[], 7)]).is_empty());
    }
}
