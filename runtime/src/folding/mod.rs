//! Online folding of a stream of (iteration vector, label) points into a union of polyhedra
//! with affine label functions: paper 000 ("Building of a polyhedral representation from an
//! instrumented execution"), section 5, Algorithm 1.
//!
//! State, in the paper's words: `absorbers[d]` holds the intermediate `d`-dimensional
//! polyhedra that may still grow along dimension `d`; `vertices_2_to_be_absorbed[d]` holds the
//! `(d-1)`-dimensional polyhedra (promoted to degenerate `d`-dimensional ones) waiting to be
//! absorbed, found by their anchor. A polyhedron promoted past the last dimension `D` is
//! *retired* to the output stream.
//!
//! Points must arrive in strictly increasing lexicographic order (axis 0 outermost). When the
//! outermost axis that changed is the paper's dimension `j`, the loops `1..j-1` completed:
//! dimensions `2..=j` are processed first (inner to outer), then the new point is processed
//! along dimension 1. (Processing the new point first, as Algorithm 1 is written, would promote
//! it together with the finished polyhedra.)
//!
//! Options: label widening (section 5.2.3) and geometric give-up (section 5.2.4, default
//! threshold `4D + 1` intermediate polyhedra as in the paper's Table 5): when more intermediate
//! polyhedra are alive, they are discarded and the stream continues as one bounding box whose
//! label functions are all `Top`. Its box is the smallest one holding the discarded and later
//! points (the paper starts it at the origin; canonical iteration vectors start at 0 anyway).
//!
//! Complexity: linear in the number of points on regular streams (section 5.3); the innermost
//! dimension takes a fast path with no allocation and no lookup.

mod label;
pub mod linear_algebra;
mod output;
mod polyhedron;

pub use label::{Coefficient, LabelFunction};
pub use output::{FoldedStream, Piece};

use polyhedron::{search_vectors, Polyhedron};
use std::collections::HashMap;

/// Options of the folding algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldingOptions {
    /// Label widening: a mismatching coefficient becomes `Top` instead of preventing absorption.
    pub label_widening: bool,
    /// Geometric give-up: `None` never gives up; `Some(None)` uses the paper's `4D + 1`
    /// threshold; `Some(Some(n))` gives up beyond `n` intermediate polyhedra.
    pub geometric_give_up: Option<Option<usize>>,
}

impl Default for FoldingOptions {
    fn default() -> Self {
        FoldingOptions { label_widening: true, geometric_give_up: Some(None) }
    }
}

/// A stream that cannot be folded as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoldError {
    /// The iteration vector does not have the dimension of the stream.
    WrongDimension { expected: usize, found: usize },
    /// The label does not have the number of components of the stream.
    WrongLabelLength { expected: usize, found: usize },
    /// The point does not come strictly after the previous one in lexicographic order.
    NotLexicographic { previous: Vec<i64>, point: Vec<i64> },
}

impl std::fmt::Display for FoldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FoldError::WrongDimension { expected, found } => {
                write!(f, "iteration vector has {found} coordinates, the stream has {expected}")
            }
            FoldError::WrongLabelLength { expected, found } => {
                write!(f, "label has {found} components, the stream has {expected}")
            }
            FoldError::NotLexicographic { previous, point } => {
                write!(f, "point {point:?} does not come after {previous:?} in lexicographic order")
            }
        }
    }
}

impl std::error::Error for FoldError {}

/// The box a given-up stream is reduced to.
#[derive(Clone, Debug)]
struct GivenUp {
    low: Vec<i64>,
    high: Vec<i64>,
    first_label: Vec<i64>,
    points: u64,
}

/// Folds one stream (Algorithm 1).
#[derive(Clone, Debug)]
pub struct Folder {
    space: usize,
    label_components: usize,
    options: FoldingOptions,
    /// `absorbers[d]`, `d` in `0..=D` (index 0 unused: points go straight to dimension 1).
    absorbers: Vec<Vec<Polyhedron>>,
    /// `vertices_2_to_be_absorbed[d]`, `d` in `1..=D`, searched by anchor.
    vertices_2_to_be_absorbed: Vec<Vec<Polyhedron>>,
    /// Search vectors of a merge along each dimension `d`, index `d`.
    merge_search_vectors: Vec<Vec<Vec<i64>>>,
    previous_point: Option<Vec<i64>>,
    retired: Vec<Piece>,
    given_up: Option<GivenUp>,
    points: u64,
    max_intermediate_polyhedra: usize,
}

impl Folder {
    /// A folder for iteration vectors of `space` coordinates and labels of
    /// `label_components` integers.
    pub fn new(space: usize, label_components: usize, options: FoldingOptions) -> Folder {
        Folder {
            space,
            label_components,
            options,
            absorbers: vec![Vec::new(); space + 1],
            vertices_2_to_be_absorbed: vec![Vec::new(); space + 2],
            merge_search_vectors: (0..=space)
                .map(|d| if d == 0 { Vec::new() } else { search_vectors(space, space - d) })
                .collect(),
            previous_point: None,
            retired: Vec::new(),
            given_up: None,
            points: 0,
            max_intermediate_polyhedra: 0,
        }
    }

    /// The number of coordinates of the iteration vectors.
    pub fn space(&self) -> usize {
        self.space
    }

    /// The number of points pushed so far.
    pub fn points(&self) -> u64 {
        self.points
    }

    /// The number of intermediate polyhedra alive (the memory the stream uses).
    pub fn intermediate_polyhedra(&self) -> usize {
        self.absorbers.iter().map(Vec::len).sum::<usize>()
            + self.vertices_2_to_be_absorbed.iter().map(Vec::len).sum::<usize>()
    }

    fn give_up_threshold(&self) -> Option<usize> {
        self.options.geometric_give_up.map(|t| t.unwrap_or(4 * self.space + 1))
    }

    /// Adds the next point of the stream.
    pub fn push(&mut self, point: &[i64], label: &[i64]) -> Result<(), FoldError> {
        if point.len() != self.space {
            return Err(FoldError::WrongDimension { expected: self.space, found: point.len() });
        }
        if label.len() != self.label_components {
            return Err(FoldError::WrongLabelLength {
                expected: self.label_components,
                found: label.len(),
            });
        }
        let changed_dimension = match &mut self.previous_point {
            None => {
                self.previous_point = Some(point.to_vec());
                0
            }
            Some(previous) => {
                let Some(axis) = (0..self.space).find(|&a| previous[a] != point[a]) else {
                    return Err(FoldError::NotLexicographic {
                        previous: previous.clone(),
                        point: point.to_vec(),
                    });
                };
                if point[axis] < previous[axis] {
                    return Err(FoldError::NotLexicographic {
                        previous: previous.clone(),
                        point: point.to_vec(),
                    });
                }
                previous[axis..].copy_from_slice(&point[axis..]);
                self.space - axis
            }
        };
        self.points += 1;
        if let Some(box_) = &mut self.given_up {
            extend_box(box_, point);
            return Ok(());
        }
        for d in 2..=changed_dimension {
            self.process_dimension(d);
        }
        if self.space == 0 {
            let polyhedron = Polyhedron::of_point(point, label);
            self.retire(polyhedron);
            return Ok(());
        }
        if !self.absorb_point_along_innermost(point, label) {
            self.add_new_point(point, label);
        }
        Ok(())
    }

    /// Dimension 1 for the new point (Algorithm 1, lines 13-37 with `d = 1`): the one absorber
    /// of dimension 1 absorbs the point if its corner plus the unit search vector is the point
    /// and the labels are compatible. No polyhedron is allocated for the point on this path.
    fn absorb_point_along_innermost(&mut self, point: &[i64], label: &[i64]) -> bool {
        let space = self.space;
        let axis_d = space - 1;
        let widening = self.options.label_widening;
        let [absorber] = self.absorbers[1].as_mut_slice() else {
            return false;
        };
        let corner = &absorber.vertices[space..2 * space];
        if corner[axis_d] + 1 != point[axis_d] || corner[..axis_d] != point[..axis_d] {
            return false;
        }
        let merge = absorber.growing_directions.is_empty();
        let anchor_d = absorber.vertices[axis_d];
        // Check every label component first, then update (no partial updates).
        for (function, &value) in absorber.label_functions.iter().zip(label) {
            if let Coefficient::Integer(_) = function.coefficients[axis_d] {
                if function.evaluate_integers(point) != value && !widening {
                    return false;
                }
            }
        }
        for (function, &value) in absorber.label_functions.iter_mut().zip(label) {
            match function.coefficients[axis_d] {
                Coefficient::Unknown => {
                    let coefficient = value.wrapping_sub(function.evaluate_integers(point));
                    function.coefficients[axis_d] = Coefficient::Integer(coefficient);
                    function.remaining =
                        function.remaining.wrapping_sub(coefficient.wrapping_mul(anchor_d));
                }
                Coefficient::Integer(_) => {
                    if function.evaluate_integers(point) != value {
                        function.coefficients[axis_d] = Coefficient::Top;
                    }
                }
                Coefficient::Top => {}
            }
        }
        if merge {
            absorber.growing_directions = vec![0; space];
            absorber.growing_directions[axis_d] = 1;
        }
        absorber.vertices[space..2 * space].copy_from_slice(point);
        absorber.points += 1;
        true
    }

    /// The point starts a new polyhedron: the absorber of dimension 1 (if any) will never
    /// absorb again along dimension 1 and is promoted (line 34); the point becomes the new
    /// absorber (line 37). Geometric give-up is checked before creating it (section 5.2.4).
    fn add_new_point(&mut self, point: &[i64], label: &[i64]) {
        for absorber in std::mem::take(&mut self.absorbers[1]) {
            self.promote_from(1, absorber);
        }
        if let Some(threshold) = self.give_up_threshold() {
            if self.intermediate_polyhedra() > threshold {
                self.give_up(point, label);
                return;
            }
        }
        let mut polyhedron = Polyhedron::of_point(point, label);
        polyhedron.promote();
        self.absorbers[1].push(polyhedron);
        self.max_intermediate_polyhedra =
            self.max_intermediate_polyhedra.max(self.intermediate_polyhedra());
    }

    /// A polyhedron of `absorbers[d]` that will not grow along `d` any more goes to
    /// `vertices_2_to_be_absorbed[d + 1]`, or retires when `d` is the last dimension.
    fn promote_from(&mut self, d: usize, polyhedron: Polyhedron) {
        if d == self.space {
            self.retire(polyhedron);
        } else {
            let mut polyhedron = polyhedron;
            polyhedron.promote();
            self.vertices_2_to_be_absorbed[d + 1].push(polyhedron);
        }
    }

    /// Steps 1 to 3 of Algorithm 1 for dimension `d >= 2`.
    fn process_dimension(&mut self, d: usize) {
        let space = self.space;
        // Step 1: promote absorbers[d-1] into vertices_2_to_be_absorbed[d].
        for mut polyhedron in std::mem::take(&mut self.absorbers[d - 1]) {
            polyhedron.promote();
            self.vertices_2_to_be_absorbed[d].push(polyhedron);
        }
        // Step 2: absorbers[d] try to absorb a polyhedron found through a search vector.
        let mut candidates: Vec<Option<Polyhedron>> =
            std::mem::take(&mut self.vertices_2_to_be_absorbed[d]).into_iter().map(Some).collect();
        let by_anchor: Option<HashMap<Vec<i64>, usize>> = (candidates.len() > 8).then(|| {
            candidates
                .iter()
                .enumerate()
                .map(|(i, p)| (p.as_ref().unwrap().anchor(space).to_vec(), i))
                .collect()
        });
        let mut kept = Vec::new();
        for mut absorber in std::mem::take(&mut self.absorbers[d]) {
            let found = absorber
                .search_targets(space, &self.merge_search_vectors[d])
                .iter()
                .find_map(|target| find_candidate(&candidates, by_anchor.as_ref(), target, space));
            let absorbed = match found {
                Some(index) => {
                    let candidate = candidates[index].as_ref().unwrap();
                    let labels = if absorber.has_compat_geometry(candidate, space) {
                        absorber.compat_labels(candidate, space, self.options.label_widening)
                    } else {
                        None
                    };
                    match labels {
                        Some(labels) => {
                            let candidate = candidates[index].take().unwrap();
                            absorber.absorb(candidate, labels, space);
                            true
                        }
                        None => false,
                    }
                }
                None => false,
            };
            if absorbed {
                kept.push(absorber);
            } else {
                self.promote_from(d, absorber);
            }
        }
        // Step 3: what was not absorbed becomes an absorber of dimension d.
        kept.extend(candidates.into_iter().flatten());
        self.absorbers[d] = kept;
    }

    fn retire(&mut self, polyhedron: Polyhedron) {
        self.retired.push(Piece::from_polyhedron(polyhedron, self.space));
    }

    /// Section 5.2.4: discard every intermediate polyhedron for one box holding their points.
    fn give_up(&mut self, point: &[i64], label: &[i64]) {
        let mut box_ = GivenUp {
            low: point.to_vec(),
            high: point.to_vec(),
            first_label: label.to_vec(),
            points: 1,
        };
        let mut first: Option<(Vec<i64>, Vec<i64>)> = None;
        for polyhedron in self
            .absorbers
            .iter_mut()
            .chain(self.vertices_2_to_be_absorbed.iter_mut())
            .flat_map(std::mem::take)
        {
            let (low, high) = polyhedron.bounds(self.space);
            extend_box(&mut box_, &low);
            extend_box(&mut box_, &high);
            box_.points += polyhedron.points;
            let anchor = polyhedron.anchor(self.space).to_vec();
            let labels: Vec<i64> =
                polyhedron.label_functions.iter().map(|f| f.evaluate_integers(&anchor)).collect();
            if first.as_ref().map_or(true, |(a, _)| anchor < *a) {
                first = Some((anchor, labels));
            }
        }
        if let Some((_, labels)) = first {
            box_.first_label = labels;
        }
        self.given_up = Some(box_);
    }

    /// Ends the stream: processes every dimension and retires every polyhedron left
    /// (`flush_pending_polyhedra`).
    pub fn finish(mut self) -> FoldedStream {
        let gave_up = self.given_up.is_some();
        if let Some(box_) = self.given_up.take() {
            self.retired.push(Piece::box_with_top_labels(
                &box_.low,
                &box_.high,
                &box_.first_label,
                box_.points,
            ));
        } else if self.space > 0 {
            for d in 2..=self.space {
                self.process_dimension(d);
            }
            for polyhedron in std::mem::take(&mut self.absorbers[self.space]) {
                self.retire(polyhedron);
            }
        }
        FoldedStream {
            space: self.space,
            label_components: self.label_components,
            pieces: self.retired,
            points: self.points,
            gave_up,
            max_intermediate_polyhedra: self.max_intermediate_polyhedra,
        }
    }
}

fn extend_box(box_: &mut GivenUp, point: &[i64]) {
    for (a, &x) in point.iter().enumerate() {
        box_.low[a] = box_.low[a].min(x);
        box_.high[a] = box_.high[a].max(x);
    }
}

fn find_candidate(
    candidates: &[Option<Polyhedron>],
    by_anchor: Option<&HashMap<Vec<i64>, usize>>,
    target: &[i64],
    space: usize,
) -> Option<usize> {
    match by_anchor {
        Some(map) => map.get(target).copied().filter(|&i| candidates[i].is_some()),
        None => candidates
            .iter()
            .position(|c| c.as_ref().is_some_and(|p| p.anchor(space) == target)),
    }
}

/// Folds a whole stream given as a slice of (iteration vector, label) pairs.
pub fn fold(
    space: usize,
    label_components: usize,
    options: FoldingOptions,
    points: &[(Vec<i64>, Vec<i64>)],
) -> Result<FoldedStream, FoldError> {
    let mut folder = Folder::new(space, label_components, options);
    for (point, label) in points {
        folder.push(point, label)?;
    }
    Ok(folder.finish())
}
