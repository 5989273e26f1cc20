//! Elementary polyhedra and their geometric absorption (paper 000, section 5.2.1 "Elementary
//! Polyhedra" and section 5.2.2, Algorithm 2).
//!
//! A `d`-dimensional elementary polyhedron in a `D`-dimensional space has `2^d` vertices.
//! Vertex `k` is indexed by bits: bit `q - 1` of `k` says whether the vertex lies on the upper
//! (1) or lower (0) face along the paper's dimension `q` (axis `D - q`). So vertices
//! `0 .. 2^(d-1)` form the lower face along `d` and `2^(d-1) .. 2^d` the upper face; vertex 0 is
//! the lexicographically smallest vertex (the *anchor*) and vertex `2^(d-1)` the smallest vertex
//! of the upper face (the *corner*, the paper's `upper_left`).
//!
//! Promoting a polyhedron from dimension `d - 1` to `d` duplicates its vertices: it becomes
//! degenerate on `d`, its lower and upper faces equal. A *merge* (absorber degenerate on `d`)
//! records the `2^(d-1)` growing directions (the slope vectors of the edges between the faces,
//! each a search vector); an *extension* requires the absorbed face to be the upper face moved
//! by those directions.

use super::label::{absorb, predicts, settle_spanned_axes, LabelFunction};
use super::linear_algebra::rank;

/// An intermediate polyhedron of the folding algorithm.
#[derive(Clone, Debug)]
pub(crate) struct Polyhedron {
    /// The paper's `d`: the polyhedron has `2^dimension` vertices.
    pub dimension: usize,
    /// Vertex `k` occupies `vertices[k * D .. (k + 1) * D]`.
    pub vertices: Vec<i64>,
    /// `2^(dimension-1)` growing directions of the last merge; empty while degenerate on `d`.
    pub growing_directions: Vec<i64>,
    /// One label function per label component.
    pub label_functions: Vec<LabelFunction>,
    /// Number of input points the polyhedron holds.
    pub points: u64,
}

/// The paper's search vector test for dimension `d` (axis `axis_d`): 1 on `d`, -1..1 below,
/// 0 above.
#[cfg(test)]
fn is_search_vector(vector: &[i64], axis_d: usize) -> bool {
    vector[..axis_d].iter().all(|&x| x == 0)
        && vector[axis_d] == 1
        && vector[axis_d + 1..].iter().all(|&x| (-1..=1).contains(&x))
}

/// Whether `to - from` is a search vector for dimension `d` (axis `axis_d`).
fn is_search_vector_between(from: &[i64], to: &[i64], axis_d: usize) -> bool {
    from[..axis_d].iter().zip(&to[..axis_d]).all(|(a, b)| a == b)
        && to[axis_d] - from[axis_d] == 1
        && from[axis_d + 1..].iter().zip(&to[axis_d + 1..]).all(|(a, b)| (-1..=1).contains(&(b - a)))
}

/// The `3^(d-1)` search vectors of a merge along axis `axis_d`, the one with all deltas 0 first.
pub(crate) fn search_vectors(space: usize, axis_d: usize) -> Vec<Vec<i64>> {
    let mut vectors = vec![{
        let mut v = vec![0; space];
        v[axis_d] = 1;
        v
    }];
    for axis in axis_d + 1..space {
        let mut extended = Vec::with_capacity(vectors.len() * 3);
        for delta in [0, -1, 1] {
            for v in &vectors {
                let mut w = v.clone();
                w[axis] = delta;
                extended.push(w);
            }
        }
        vectors = extended;
    }
    vectors
}

impl Polyhedron {
    /// A 0-dimensional polyhedron holding one point (Algorithm 1, line 13).
    pub fn of_point(point: &[i64], label: &[i64]) -> Polyhedron {
        let mut polyhedron = Polyhedron {
            dimension: 0,
            vertices: Vec::new(),
            growing_directions: Vec::new(),
            label_functions: Vec::new(),
            points: 0,
        };
        polyhedron.become_point(point, label);
        polyhedron
    }

    /// Makes `self` the polyhedron [`Polyhedron::of_point`] returns, in the memory it already
    /// has: the folder recycles the polyhedra it absorbs, so that a stream of short runs does
    /// not allocate one per run.
    pub fn become_point(&mut self, point: &[i64], label: &[i64]) {
        self.dimension = 0;
        self.vertices.clear();
        self.vertices.extend_from_slice(point);
        self.growing_directions.clear();
        self.label_functions.truncate(label.len());
        self.label_functions.reserve_exact(label.len() - self.label_functions.len());
        for (k, &l) in label.iter().enumerate() {
            match self.label_functions.get_mut(k) {
                Some(function) => function.become_point(point.len(), l),
                None => self.label_functions.push(LabelFunction::of_point(point.len(), l)),
            }
        }
        self.points = 1;
    }

    pub fn vertex(&self, k: usize, space: usize) -> &[i64] {
        &self.vertices[k * space..(k + 1) * space]
    }

    /// Vertex `k` of `self` promoted to any higher dimension: promotion repeats the vertices.
    fn promoted_vertex(&self, k: usize, space: usize) -> &[i64] {
        self.vertex(k % (1 << self.dimension), space)
    }

    /// The anchor: the lexicographically smallest vertex, key of `vertices_2_to_be_absorbed`.
    pub fn anchor(&self, space: usize) -> &[i64] {
        self.vertex(0, space)
    }

    /// The corner (`upper_left`): the smallest vertex of the upper face along `d`.
    pub fn corner(&self, space: usize) -> &[i64] {
        self.vertex(1 << (self.dimension - 1), space)
    }

    /// Promotion to the next dimension: the polyhedron becomes degenerate on it.
    pub fn promote(&mut self) {
        self.vertices.extend_from_within(..);
        self.growing_directions.clear();
        self.dimension += 1;
    }

    fn is_degenerate_on_d(&self) -> bool {
        self.growing_directions.is_empty()
    }

    /// The point the absorber looks for with its `k`-th search vector (Algorithm 1, lines
    /// 22-24), written to `target`: each of the `3^(d-1)` `merge_vectors` for a merge, the one
    /// growing direction for an extension; `false` past the last.
    pub fn search_target(&self, space: usize, merge_vectors: &[Vec<i64>], k: usize, target: &mut Vec<i64>) -> bool {
        let direction = if self.is_degenerate_on_d() {
            match merge_vectors.get(k) {
                Some(vector) => vector.as_slice(),
                None => return false,
            }
        } else if k == 0 {
            &self.growing_directions[..space]
        } else {
            return false;
        };
        target.clear();
        target.extend(self.corner(space).iter().zip(direction).map(|(c, d)| c + d));
        true
    }

    /// Algorithm 2, `has_compat_geometry`: whether absorbing `to_be_absorbed` along the
    /// paper's dimension `d = self.dimension` gives an elementary polyhedron. By extension,
    /// `to_be_absorbed` may also be of a lower dimension, as if promoted up to `d - 1`
    /// (`Folder::extend_along`).
    pub fn has_compat_geometry(&self, to_be_absorbed: &Polyhedron, space: usize) -> bool {
        let half = 1usize << (self.dimension - 1);
        let axis_d = space - self.dimension;
        if self.is_degenerate_on_d() {
            // Polyhedra merge: corresponding vertices connected through search vectors ...
            for k in 0..half {
                let (to, from) = (to_be_absorbed.vertex(k, space), self.vertex(half + k, space));
                if !is_search_vector_between(from, to, axis_d) {
                    return false;
                }
            }
            // ... and every side face of the merged polyhedron on one hyperplane, which holds
            // when a face has fewer edges from its first vertex than the `d` axes (d <= 2).
            if half - 1 < self.dimension {
                return true;
            }
            let merged = self.merged_vertices(to_be_absorbed, space);
            (0..self.dimension - 1).all(|bit| {
                side_face_is_flat(&merged, space, axis_d, bit, 0)
                    && side_face_is_flat(&merged, space, axis_d, bit, 1)
            })
        } else {
            // Polyhedra extension: the upper face moved by the growing directions.
            (0..half).all(|k| {
                let upper = self.vertex(half + k, space);
                let direction = &self.growing_directions[k * space..(k + 1) * space];
                let target = to_be_absorbed.promoted_vertex(k, space);
                (0..space).all(|a| upper[a] + direction[a] == target[a])
            })
        }
    }

    /// Whether absorbing `to_be_absorbed` by extension along the paper's dimension
    /// `d = self.dimension` leaves every label function as it is (Algorithm 4 with nothing to
    /// learn, [`predicts`]).
    pub fn predicts_labels(&self, to_be_absorbed: &Polyhedron, space: usize) -> bool {
        let axis_d = space - self.dimension;
        let (anchor, other) = (self.anchor(space), to_be_absorbed.anchor(space));
        self.label_functions
            .iter()
            .zip(&to_be_absorbed.label_functions)
            .all(|(f, g)| predicts(f, anchor, g, other, axis_d))
    }

    /// Lower face of `self`, upper face the lower face of `to_be_absorbed`.
    fn merged_vertices(&self, to_be_absorbed: &Polyhedron, space: usize) -> Vec<i64> {
        let half = 1usize << (self.dimension - 1);
        let mut merged = self.vertices[..half * space].to_vec();
        merged.extend_from_slice(&to_be_absorbed.vertices[..half * space]);
        merged
    }

    /// The label functions after absorbing `to_be_absorbed` (Algorithm 4), written to
    /// `merged` (whose memory is reused); `false` when some pair is incompatible.
    pub fn compat_labels(
        &self,
        to_be_absorbed: &Polyhedron,
        space: usize,
        widening: bool,
        merged: &mut Vec<LabelFunction>,
    ) -> bool {
        let axis_d = space - self.dimension;
        let (anchor, other) = (self.anchor(space), to_be_absorbed.anchor(space));
        merged.truncate(self.label_functions.len());
        for (k, (f_abs, f_to_be_abs)) in self.label_functions.iter().zip(&to_be_absorbed.label_functions).enumerate() {
            if k == merged.len() {
                merged.push(f_abs.clone());
            }
            if !absorb(&mut merged[k], f_abs, anchor, f_to_be_abs, other, axis_d, widening) {
                return false;
            }
            settle_spanned_axes(&mut merged[k], anchor, other, axis_d);
        }
        true
    }

    /// `update_geometry` and `update_label` (Algorithm 1, lines 28-29): the label functions
    /// are swapped with `label_functions`, which gets the old ones.
    pub fn absorb(&mut self, to_be_absorbed: &Polyhedron, label_functions: &mut Vec<LabelFunction>, space: usize) {
        self.absorb_geometry(to_be_absorbed, space);
        std::mem::swap(&mut self.label_functions, label_functions);
    }

    /// `update_geometry` (Algorithm 1, line 28): the upper face becomes `to_be_absorbed`'s
    /// lower face (its vertices promoted, for one of a lower dimension), and its points count.
    pub fn absorb_geometry(&mut self, to_be_absorbed: &Polyhedron, space: usize) {
        let half = 1usize << (self.dimension - 1);
        // A merge records the growing directions (read before the first is recorded).
        let merge = self.is_degenerate_on_d();
        for k in 0..half {
            let (lower, upper) = (to_be_absorbed.promoted_vertex(k, space), (half + k) * space);
            if merge {
                self.growing_directions.extend(lower.iter().zip(&self.vertices[upper..upper + space]).map(|(a, b)| a - b));
            }
            self.vertices[upper..upper + space].copy_from_slice(lower);
        }
        self.points += to_be_absorbed.points;
    }

    /// Per axis minimum and maximum over the vertices (a bounding box of the polyhedron).
    pub fn bounds(&self, space: usize) -> (Vec<i64>, Vec<i64>) {
        let mut low = self.anchor(space).to_vec();
        let mut high = low.clone();
        for vertex in self.vertices.chunks(space.max(1)) {
            for a in 0..space {
                low[a] = low[a].min(vertex[a]);
                high[a] = high[a].max(vertex[a]);
            }
        }
        (low, high)
    }
}

/// Algorithm 2, line 10: the vertices with bit `bit` equal to `side` lie on one hyperplane of
/// the space spanned by the axes `axis_d..`.
fn side_face_is_flat(vertices: &[i64], space: usize, axis_d: usize, bit: usize, side: usize) -> bool {
    let face: Vec<&[i64]> = vertices
        .chunks(space)
        .enumerate()
        .filter(|(k, _)| (k >> bit) & 1 == side)
        .map(|(_, v)| v)
        .collect();
    let origin = face[0];
    let differences: Vec<Vec<i64>> = face[1..]
        .iter()
        .map(|v| (axis_d..space).map(|a| v[a] - origin[a]).collect())
        .collect();
    rank(&differences, space - axis_d) < space - axis_d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segment(from: [i64; 2], length: i64) -> Polyhedron {
        let mut p = Polyhedron::of_point(&from, &[]);
        p.promote();
        let next = Polyhedron::of_point(&[from[0], from[1] + 1], &[]);
        p.absorb(&next, &mut vec![], 2);
        for i in 2..=length {
            let mut q = Polyhedron::of_point(&[from[0], from[1] + i], &[]);
            q.promote();
            assert!(p.has_compat_geometry(&q, 2));
            p.absorb(&q, &mut vec![], 2);
        }
        p
    }

    #[test]
    fn merge_accepts_search_vectors_and_extension_needs_growing_directions() {
        let mut square = segment([0, 0], 2);
        square.promote();
        let mut row1 = segment([1, 0], 2);
        row1.promote();
        assert!(square.has_compat_geometry(&row1, 2));
        square.absorb(&row1, &mut vec![], 2);
        let mut shifted = segment([2, 1], 2);
        shifted.promote();
        assert!(!square.has_compat_geometry(&shifted, 2), "extension must follow the edges");
        let mut row2 = segment([2, 0], 2);
        row2.promote();
        assert!(square.has_compat_geometry(&row2, 2));
        let mut far = segment([1, 2], 2);
        far.promote();
        let mut lone = segment([0, 0], 2);
        lone.promote();
        assert!(!lone.has_compat_geometry(&far, 2), "anchors (0, 0) and (1, 2) are not one search vector apart");
    }

    #[test]
    fn search_vectors_count_is_three_to_the_d_minus_one() {
        assert_eq!(search_vectors(3, 0).len(), 9);
        assert_eq!(search_vectors(3, 2).len(), 1);
        assert!(search_vectors(3, 0).iter().all(|v| is_search_vector(v, 0)));
    }
}
