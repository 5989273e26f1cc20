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
    /// The innermost fast path (see [`Folder::push`]) is valid: the previous point was absorbed
    /// by the one absorber of dimension 1, which is now its corner, and every label function
    /// of that absorber has an integer coefficient along the innermost axis.
    fast: bool,
    /// When `fast`: the labels the absorber predicts one step further along the innermost axis.
    fast_next_labels: Vec<i64>,
    /// When `fast`: the innermost coefficients of the absorber's label functions.
    fast_steps: Vec<i64>,
    /// Memory the folder reuses instead of allocating per point or per run (a stream of
    /// short innermost runs processes a dimension per run): absorbed polyhedra, ...
    spare: Vec<Polyhedron>,
    /// ... and the working vectors of `process_dimension` and `push_run`.
    scratch: Scratch,
    /// Tests turn [`Folder::extend_along`] off to compare it with the general steps, and
    /// count the points it folded.
    #[cfg(test)]
    shortcut: bool,
    #[cfg(test)]
    shortcut_points: u64,
}

/// Working vectors of one step of the folder, kept between steps for their memory.
#[derive(Clone, Debug, Default)]
struct Scratch {
    candidates: Vec<Option<Polyhedron>>,
    kept: Vec<Polyhedron>,
    target: Vec<i64>,
    merged_labels: Vec<LabelFunction>,
    point: Vec<i64>,
    labels: Vec<i64>,
}

/// At most this many absorbed polyhedra are kept for reuse.
const SPARE_POLYHEDRA: usize = 16;

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
            fast: false,
            fast_next_labels: vec![0; label_components],
            fast_steps: vec![0; label_components],
            spare: Vec::new(),
            scratch: Scratch::default(),
            #[cfg(test)]
            shortcut: true,
            #[cfg(test)]
            shortcut_points: 0,
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
    ///
    /// Fast path: a point one step further along the innermost axis than the previous one,
    /// whose labels are the ones the current absorber predicts, extends that absorber with a
    /// few comparisons. This is exactly what the general path does for such a point (no
    /// dimension to process, absorption along dimension 1 with matching labels).
    #[inline]
    pub fn push(&mut self, point: &[i64], label: &[i64]) -> Result<(), FoldError> {
        if self.fast && point.len() == self.space && label.len() == self.label_components {
            let axis_d = self.space - 1;
            let previous = self.previous_point.as_mut().expect("fast path has a previous point");
            if point[axis_d] > previous[axis_d]
                && point[axis_d] == previous[axis_d].wrapping_add(1)
                && same_coordinates(&point[..axis_d], &previous[..axis_d])
                && label.iter().zip(&self.fast_next_labels).all(|(a, b)| a == b)
            {
                previous[axis_d] = point[axis_d];
                self.points += 1;
                for (next, step) in self.fast_next_labels.iter_mut().zip(&self.fast_steps) {
                    *next = next.wrapping_add(*step);
                }
                let absorber = &mut self.absorbers[1][0];
                absorber.vertices[self.space + axis_d] = point[axis_d];
                absorber.points += 1;
                return Ok(());
            }
        }
        self.fast = false;
        self.push_general(point, label)
    }

    /// Adds a *run*: `count` points that start at `first` and move one step at a time along
    /// the innermost axis, with labels `label + k * step` for the `k`-th point. The result is
    /// exactly that of pushing the points one by one; returns how many of them were refused
    /// (out of order, skipped as [`Folder::push`] skips them).
    ///
    /// Why: an innermost loop gives each of its instructions such a run, and folding it does
    /// not need to look at every point (section 5.3). Once the run's second point has armed the
    /// innermost fast path with the run's step, every further point would take that path, so
    /// the rest is absorbed at once; likewise a given-up stream only widens its box.
    pub fn push_run(&mut self, first: &[i64], label: &[i64], step: &[i64], count: u64) -> u64 {
        let mut point = std::mem::take(&mut self.scratch.point);
        let mut labels = std::mem::take(&mut self.scratch.labels);
        point.clear();
        point.extend_from_slice(first);
        labels.clear();
        labels.extend_from_slice(label);
        let refused = self.push_run_from(&mut point, &mut labels, step, count);
        self.scratch.point = point;
        self.scratch.labels = labels;
        refused
    }

    /// [`Folder::push_run`] from the run's first point and labels, which it moves along.
    fn push_run_from(&mut self, point: &mut [i64], labels: &mut [i64], step: &[i64], count: u64) -> u64 {
        let mut refused = 0;
        let axis = point.len().wrapping_sub(1);
        let mut pushed = 0;
        while pushed < count {
            if pushed >= 2 && self.absorb_rest_of_run(point, labels, step, count - pushed) {
                return refused;
            }
            if self.push(point, labels).is_err() {
                refused += 1;
            }
            pushed += 1;
            if pushed < count {
                if point.is_empty() {
                    // A point with no coordinates cannot move: the rest come out of order.
                    return refused + (count - pushed);
                }
                point[axis] += 1;
                for (l, s) in labels.iter_mut().zip(step) {
                    *l = l.wrapping_add(*s);
                }
            }
        }
        refused
    }

    /// The last `count` points of a run, the first of which is `point` with labels `labels`,
    /// when they can be absorbed without looking at them: the innermost fast path is armed
    /// with the run's step and predicts `labels`, or the stream gave up. Returns whether it
    /// absorbed them.
    fn absorb_rest_of_run(&mut self, point: &[i64], labels: &[i64], step: &[i64], count: u64) -> bool {
        let axis_d = self.space - 1;
        let Some(previous) = self.previous_point.as_mut() else { return false };
        let follows = point.len() == self.space
            && previous[axis_d].checked_add(1) == Some(point[axis_d])
            && same_coordinates(&previous[..axis_d], &point[..axis_d]);
        if !follows {
            return false;
        }
        let k = count as i64;
        let last = point[axis_d] + (k - 1);
        if let Some(box_) = &mut self.given_up {
            previous[axis_d] = last;
            self.points += count;
            let mut end = point.to_vec();
            end[axis_d] = last;
            extend_box(box_, point);
            extend_box(box_, &end);
            box_.points += count;
            return true;
        }
        if !(self.fast && same_coordinates(&self.fast_steps, step) && same_coordinates(&self.fast_next_labels, labels)) {
            return false;
        }
        previous[axis_d] = last;
        self.points += count;
        for (next, step) in self.fast_next_labels.iter_mut().zip(&self.fast_steps) {
            *next = next.wrapping_add(step.wrapping_mul(k));
        }
        let absorber = &mut self.absorbers[1][0];
        absorber.vertices[self.space + axis_d] = last;
        absorber.points += count;
        true
    }

    fn push_general(&mut self, point: &[i64], label: &[i64]) -> Result<(), FoldError> {
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
            box_.points += 1;
            return Ok(());
        }
        if changed_dimension >= 2 && self.extend_along(changed_dimension, point, label) {
            return Ok(());
        }
        for d in 2..=changed_dimension {
            self.process_dimension(d);
        }
        if self.space == 0 {
            let polyhedron = self.polyhedron_of_point(point, label);
            self.retire(polyhedron);
            return Ok(());
        }
        if !self.absorb_point_along_innermost(point, label) {
            self.add_new_point(point, label);
        }
        Ok(())
    }

    /// A point that changes the paper's dimension `d` (its outermost changed axis), where the
    /// polyhedron on dimension 1 is the only intermediate one below `d` and the one absorber
    /// of dimension `d` extends to it with the label functions it has: then the general steps
    /// (process dimensions `2..=d`, which carry that polyhedron up and let the absorber take
    /// it, then add the new point) come down to copying its vertices into the absorber's
    /// upper face, and the point takes its place on dimension 1, in place. This is the
    /// steady state of a loop nest whose innermost loops are short: a dependence on one store
    /// of an unrolled vector loop has one point per iteration of the loops around (kmeans),
    /// and ran the general steps at every point.
    fn extend_along(&mut self, d: usize, point: &[i64], label: &[i64]) -> bool {
        #[cfg(test)]
        if !self.shortcut {
            return false;
        }
        let space = self.space;
        let empty_between = self.absorbers[2..d].iter().all(Vec::is_empty)
            && self.vertices_2_to_be_absorbed[2..=d].iter().all(Vec::is_empty);
        if !empty_between {
            return false;
        }
        let (lower, upper) = self.absorbers.split_at_mut(d);
        let ([finished], [absorber]) = (lower[1].as_mut_slice(), upper[0].as_mut_slice()) else {
            return false;
        };
        // An extension (the absorber has its growing directions) of the finished polyhedron
        // as the general steps would carry it up to dimension `d - 1`.
        let extends = !absorber.growing_directions.is_empty() && absorber.has_compat_geometry(finished, space);
        if !extends || !absorber.predicts_labels(finished, space) {
            return false;
        }
        absorber.absorb_geometry(finished, space);
        finished.become_point(point, label);
        finished.promote();
        #[cfg(test)]
        {
            self.shortcut_points += 1;
        }
        true
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
        if corner[axis_d] + 1 != point[axis_d] || !same_coordinates(&corner[..axis_d], &point[..axis_d]) {
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
            absorber.growing_directions.resize(space, 0);
            absorber.growing_directions[axis_d] = 1;
        }
        absorber.vertices[space..2 * space].copy_from_slice(point);
        absorber.points += 1;
        // Arm the fast path when every innermost coefficient is an integer.
        let mut fast = true;
        for ((function, next), step) in absorber
            .label_functions
            .iter()
            .zip(&mut self.fast_next_labels)
            .zip(&mut self.fast_steps)
        {
            match function.coefficients[axis_d] {
                Coefficient::Integer(c) => {
                    *step = c;
                    *next = function.evaluate_integers(point).wrapping_add(c);
                }
                _ => fast = false,
            }
        }
        self.fast = fast;
        true
    }

    /// The point starts a new polyhedron: the absorber of dimension 1 (if any) will never
    /// absorb again along dimension 1 and is promoted (line 34); the point becomes the new
    /// absorber (line 37). Geometric give-up is checked before creating it (section 5.2.4).
    fn add_new_point(&mut self, point: &[i64], label: &[i64]) {
        let mut finished = std::mem::take(&mut self.absorbers[1]);
        for absorber in finished.drain(..) {
            self.promote_from(1, absorber);
        }
        self.absorbers[1] = finished;
        if let Some(threshold) = self.give_up_threshold() {
            if self.intermediate_polyhedra() > threshold {
                self.give_up(point, label);
                return;
            }
        }
        let mut polyhedron = self.polyhedron_of_point(point, label);
        polyhedron.promote();
        self.absorbers[1].push(polyhedron);
        self.max_intermediate_polyhedra =
            self.max_intermediate_polyhedra.max(self.intermediate_polyhedra());
    }

    /// [`Polyhedron::of_point`] in the memory of a spare polyhedron if there is one.
    fn polyhedron_of_point(&mut self, point: &[i64], label: &[i64]) -> Polyhedron {
        match self.spare.pop() {
            Some(mut polyhedron) => {
                polyhedron.become_point(point, label);
                polyhedron
            }
            None => Polyhedron::of_point(point, label),
        }
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
        let (inner, outer) = self.absorbers.split_at_mut(d);
        for mut polyhedron in inner[d - 1].drain(..) {
            polyhedron.promote();
            self.vertices_2_to_be_absorbed[d].push(polyhedron);
        }
        match (outer[0].len(), self.vertices_2_to_be_absorbed[d].len()) {
            (0, 0) => return,
            (1, 1) => return self.process_one_pair(d),
            _ => {}
        }
        // Step 2: absorbers[d] try to absorb a polyhedron found through a search vector.
        let mut candidates = std::mem::take(&mut self.scratch.candidates);
        candidates.extend(self.vertices_2_to_be_absorbed[d].drain(..).map(Some));
        let by_anchor: Option<HashMap<Vec<i64>, usize>> = (candidates.len() > 8).then(|| {
            candidates
                .iter()
                .enumerate()
                .map(|(i, p)| (p.as_ref().unwrap().anchor(space).to_vec(), i))
                .collect()
        });
        let mut absorbers = std::mem::take(&mut self.absorbers[d]);
        let mut kept = std::mem::take(&mut self.scratch.kept);
        for mut absorber in absorbers.drain(..) {
            if self.absorb_candidate(&mut absorber, &mut candidates, by_anchor.as_ref(), d) {
                kept.push(absorber);
            } else {
                self.promote_from(d, absorber);
            }
        }
        // Step 3: what was not absorbed becomes an absorber of dimension d.
        kept.extend(candidates.drain(..).flatten());
        self.absorbers[d] = kept;
        self.scratch.kept = absorbers;
        self.scratch.candidates = candidates;
    }

    /// Steps 2 and 3 with one absorber and one candidate, the steady state of a regular
    /// stream: what the general steps do, without their working vectors.
    fn process_one_pair(&mut self, d: usize) {
        let space = self.space;
        let candidate = self.vertices_2_to_be_absorbed[d].pop().expect("one candidate");
        let mut absorber = self.absorbers[d].pop().expect("one absorber");
        let found = self.search(&absorber, d, |target| same_coordinates(candidate.anchor(space), target).then_some(()));
        let kept = match found {
            Some(()) => self.absorb_if_compatible(&mut absorber, candidate),
            None => Err(candidate),
        };
        match kept {
            Ok(()) => self.absorbers[d].push(absorber),
            Err(candidate) => {
                self.promote_from(d, absorber);
                self.absorbers[d].push(candidate);
            }
        }
    }

    /// Step 2 for one absorber of dimension `d`: the first candidate found through its search
    /// vectors is absorbed if geometry and labels allow it; returns whether it was.
    fn absorb_candidate(
        &mut self,
        absorber: &mut Polyhedron,
        candidates: &mut [Option<Polyhedron>],
        by_anchor: Option<&HashMap<Vec<i64>, usize>>,
        d: usize,
    ) -> bool {
        let space = self.space;
        let Some(index) = self.search(absorber, d, |target| find_candidate(candidates, by_anchor, target, space)) else {
            return false;
        };
        let candidate = candidates[index].take().expect("a candidate found");
        match self.absorb_if_compatible(absorber, candidate) {
            Ok(()) => true,
            Err(candidate) => {
                candidates[index] = Some(candidate);
                false
            }
        }
    }

    /// The first match of `find` among the points `absorber` looks for with its search
    /// vectors (Algorithm 1, lines 22-24).
    fn search<T>(&mut self, absorber: &Polyhedron, d: usize, mut find: impl FnMut(&[i64]) -> Option<T>) -> Option<T> {
        let mut k = 0;
        while absorber.search_target(self.space, &self.merge_search_vectors[d], k, &mut self.scratch.target) {
            if let Some(found) = find(&self.scratch.target) {
                return Some(found);
            }
            k += 1;
        }
        None
    }

    /// Algorithm 1, lines 25-29: `absorber` absorbs `candidate` if their geometry and labels
    /// are compatible, and the candidate's memory is kept for reuse; else the candidate comes
    /// back.
    fn absorb_if_compatible(&mut self, absorber: &mut Polyhedron, candidate: Polyhedron) -> Result<(), Polyhedron> {
        let space = self.space;
        let compatible = absorber.has_compat_geometry(&candidate, space)
            && absorber.compat_labels(&candidate, space, self.options.label_widening, &mut self.scratch.merged_labels);
        if !compatible {
            return Err(candidate);
        }
        absorber.absorb(&candidate, &mut self.scratch.merged_labels, space);
        if self.spare.len() < SPARE_POLYHEDRA {
            self.spare.push(candidate);
        }
        Ok(())
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
            if first.as_ref().is_none_or(|(a, _)| anchor < *a) {
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

/// Equal coordinates, compared in line (a slice comparison calls `memcmp`, slow for the few
/// coordinates of an iteration vector).
#[inline(always)]
fn same_coordinates(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
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
            .position(|c| c.as_ref().is_some_and(|p| same_coordinates(p.anchor(space), target))),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The innermost fast path of `push` computes exactly what the general path does: random
    /// 1- to 3-D nests with affine labels, irregular labels, skipped points and, rarely,
    /// out-of-order points, folded with and without widening and give-up.
    /// How [`random_nest`] draws a stream.
    struct NestShape {
        /// Extents are drawn in `1..=max_extent`.
        max_extent: u64,
        /// Points left out, in percent.
        skip_percent: u64,
        label_base: i64,
        /// Labels moved off their affine value, in percent.
        irregular_percent: u64,
        /// Every axis one longer on odd outermost coordinates (not a box).
        ragged: bool,
        /// One stream in `swap_one_in` has two neighbouring points swapped (out of order).
        swap_one_in: u64,
    }

    /// The points of a random loop nest of `space` dimensions in lexicographic order, with
    /// `components` labels affine in the point (coefficients in -4..=4), as `shape` says.
    /// Random options: label widening on or off; geometric give-up off, at `threshold` (low,
    /// so that it happens often) or at its default.
    fn random_options(next: &mut impl FnMut(u64) -> u64, threshold: usize) -> FoldingOptions {
        FoldingOptions {
            label_widening: next(2) == 0,
            geometric_give_up: match next(3) {
                0 => None,
                1 => Some(Some(threshold)),
                _ => Some(None),
            },
        }
    }

    fn random_nest(next: &mut impl FnMut(u64) -> u64, space: usize, components: usize, shape: &NestShape) -> Vec<(Vec<i64>, Vec<i64>)> {
        let coefficients: Vec<Vec<i64>> =
            (0..components).map(|_| (0..space).map(|_| next(9) as i64 - 4).collect()).collect();
        let extent: Vec<i64> = (0..space).map(|_| 1 + next(shape.max_extent) as i64).collect();
        let mut points = Vec::new();
        let mut point = vec![0i64; space];
        'all: loop {
            if next(100) >= shape.skip_percent {
                let label: Vec<i64> = coefficients
                    .iter()
                    .map(|c| {
                        let value: i64 = shape.label_base + c.iter().zip(&point).map(|(c, x)| c * x).sum::<i64>();
                        if next(100) < shape.irregular_percent { value + next(50) as i64 } else { value }
                    })
                    .collect();
                points.push((point.clone(), label));
            }
            let mut axis = space;
            loop {
                if axis == 0 {
                    break 'all;
                }
                axis -= 1;
                point[axis] += 1;
                let ragged = if shape.ragged { point.first().copied().unwrap_or(0) % 2 } else { 0 };
                if point[axis] < extent[axis] + ragged {
                    break;
                }
                point[axis] = 0;
            }
        }
        if next(shape.swap_one_in) == 0 && points.len() > 3 {
            let i = next(points.len() as u64 - 1) as usize;
            points.swap(i, i + 1);
        }
        points
    }

    #[test]
    fn fast_path_folds_like_the_general_path() {
        let mut next = crate::test_random(0x9e37_79b9_7f4a_7c15u64);
        for round in 0..400 {
            let space = 1 + next(3) as usize;
            let components = 1 + next(2) as usize;
            let options = FoldingOptions {
                label_widening: next(2) == 0,
                geometric_give_up: if next(3) == 0 { None } else { Some(None) },
            };
            let shape = NestShape { max_extent: 7, skip_percent: 3, label_base: 100, irregular_percent: 4, ragged: round % 2 == 1, swap_one_in: 10 };
            let points = random_nest(&mut next, space, components, &shape);
            let mut fast = Folder::new(space, components, options);
            let mut general = Folder::new(space, components, options);
            for (point, label) in &points {
                let a = fast.push(point, label);
                let b = general.push_general(point, label);
                assert_eq!(a, b, "round {round}");
            }
            assert_eq!(fast.finish(), general.finish(), "round {round}");
        }
    }

    /// [`Folder::extend_along`] folds exactly like the general steps: random nests with short
    /// inner loops (one or two coordinates on the innermost axes, so that points change the
    /// paper's dimensions 2 and up), with affine and irregular labels, skipped and out-of-order
    /// points, with and without widening and give-up.
    #[test]
    fn short_inner_loops_fold_like_the_general_steps() {
        let mut next = crate::test_random(0x5851_f42d_4c95_7f2du64);
        let mut shortcuts = 0;
        for round in 0..800 {
            let outer = 1 + next(3) as usize;
            let inner = 1 + next(2) as usize;
            let components = 1 + next(2) as usize;
            let options = random_options(&mut next, 3);
            let shape = NestShape { max_extent: 9, skip_percent: 4, label_base: 3, irregular_percent: 3, ragged: round % 2 == 1, swap_one_in: 8 };
            // Inner labels 0 at the inner origin: a row with another slope still starts where
            // the rows before it predict.
            let short = NestShape { max_extent: 2, label_base: 0, irregular_percent: 0, ..shape };
            let inner_points = random_nest(&mut next, inner, 1, &short);
            // The inner loops' labels move by `slope` per step; one row in ten has another.
            let rows: Vec<(Vec<i64>, Vec<i64>, i64)> = random_nest(&mut next, outer, components, &shape)
                .into_iter()
                .map(|(point, label)| (point, label, if next(10) == 0 { 5 } else { round as i64 % 3 }))
                .collect();
            let points: Vec<(Vec<i64>, Vec<i64>)> = rows
                .iter()
                .flat_map(|(point, label, slope)| {
                    inner_points.iter().map(move |(inner, step)| {
                        let label = label.iter().map(|l| l + step[0] * slope).collect();
                        ([point.as_slice(), inner].concat(), label)
                    })
                })
                .collect();
            let space = outer + inner;
            let mut with_shortcut = Folder::new(space, components, options);
            let mut general = Folder::new(space, components, options);
            general.shortcut = false;
            for (point, label) in &points {
                assert_eq!(with_shortcut.push(point, label), general.push(point, label), "round {round}");
            }
            shortcuts += with_shortcut.shortcut_points;
            assert_eq!(with_shortcut.finish(), general.finish(), "round {round}");
        }
        assert!(shortcuts > 2000, "the test takes the shortcut: {shortcuts} points");
    }

    /// A row whose labels start where the rows before it predict but move with another slope
    /// is not taken as predicted: with widening its coefficient becomes `Top`, without it the
    /// row starts another piece, as in the general steps.
    #[test]
    fn a_row_with_another_slope_is_not_predicted() {
        for label_widening in [false, true] {
            let options = FoldingOptions { label_widening, geometric_give_up: Some(None) };
            let (mut with_shortcut, mut general) = (Folder::new(2, 1, options), Folder::new(2, 1, options));
            general.shortcut = false;
            for i in 0..7i64 {
                for j in 0..3i64 {
                    let label = 10 * i + if i == 4 { 5 * j } else { j };
                    with_shortcut.push(&[i, j], &[label]).unwrap();
                    general.push(&[i, j], &[label]).unwrap();
                }
            }
            assert!(with_shortcut.shortcut_points >= 2);
            assert_eq!(with_shortcut.finish(), general.finish());
        }
    }

    /// A run: first point, first label, label step, number of points.
    type Run = (Vec<i64>, Vec<i64>, Vec<i64>, u64);

    /// Splits a stream into maximal runs (points one step apart along the innermost axis with
    /// a constant label step), as the tracer does.
    fn runs(points: &[(Vec<i64>, Vec<i64>)]) -> Vec<Run> {
        let mut runs: Vec<Run> = Vec::new();
        let mut last: Option<&(Vec<i64>, Vec<i64>)> = None;
        for p in points {
            let extends = match (runs.last(), last) {
                (Some((first, _, step, count)), Some(previous)) => {
                    let n = p.0.len();
                    n > 0
                        && p.0[..n - 1] == first[..n - 1]
                        && p.0[n - 1] == previous.0[n - 1] + 1
                        && (*count == 1
                            || p.1.iter().zip(&previous.1).zip(step).all(|((a, b), s)| a - b == *s))
                }
                _ => false,
            };
            if extends {
                let run = runs.last_mut().unwrap();
                if run.3 == 1 {
                    run.2 = p.1.iter().zip(&run.1).map(|(a, b)| a - b).collect();
                }
                run.3 += 1;
            } else {
                runs.push((p.0.clone(), p.1.clone(), vec![0; p.1.len()], 1));
            }
            last = Some(p);
        }
        runs
    }

    /// `push_run` folds exactly like pushing the run's points one by one: random nests with
    /// affine and irregular labels, skipped points, out-of-order points, with and without
    /// widening and give-up (a low threshold makes give-up frequent).
    #[test]
    fn runs_fold_like_their_points() {
        let mut next = crate::test_random(0x2545_f491_4f6c_dd1du64);
        let mut bulk_runs = 0;
        for round in 0..600 {
            let space = next(4) as usize;
            let components = 1 + next(2) as usize;
            let options = random_options(&mut next, 2);
            let shape = NestShape { max_extent: 12, skip_percent: 5, label_base: 7, irregular_percent: 3, ragged: false, swap_one_in: 8 };
            let points = random_nest(&mut next, space, components, &shape);
            let mut one_by_one = Folder::new(space, components, options);
            let refused_one_by_one = points.iter().filter(|(p, l)| one_by_one.push(p, l).is_err()).count();
            let mut by_runs = Folder::new(space, components, options);
            let mut refused_by_runs = 0;
            for (first, label, step, count) in runs(&points) {
                bulk_runs += (count > 2) as u64;
                refused_by_runs += by_runs.push_run(&first, &label, &step, count);
            }
            assert_eq!(refused_by_runs as usize, refused_one_by_one, "round {round}");
            let (a, b) = (by_runs.finish(), one_by_one.finish());
            assert_eq!(a.pieces.iter().map(|p| p.points).sum::<u64>(), a.points, "round {round}");
            assert_eq!(a, b, "round {round}");
        }
        assert!(bulk_runs > 1000, "the test exercises long runs: {bulk_runs}");
    }
}
