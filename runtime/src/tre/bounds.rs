//! Upper-bound faces of one loop from its hull points (paper 002, section 3.4, equations 6
//! and 7; section 4.2, equations 9 and 10; section 4.5).
//!
//! The hull points of loop `j` are the iteration-vector prefixes `(i_0 .. i_{j-1}, i_j)` at
//! which loop `j` reset: there `i_j` equals its upper bound (equation 6). The prefix still in
//! progress only gives `upper(outer) >= i_j` (equation 7: the current point lies beneath the
//! faces). We look for the minimum of few faces `floor((a . outer + b) / d)` that is exact on
//! every hull point and not below the current one.
//!
//! The paper builds a face through a point and rotates it onto the furthest violating point,
//! as in Quickhull. Here the slopes a face may have are read off the points instead: along
//! each outer axis, the slope between hull points that differ in that coordinate only (as
//! `d * dv / do`, rounded both ways, so that `floor(i / 2)` gives `a = 1, d = 2`), and the
//! least slope that lifts the bound over the current point; the few most frequent per axis
//! first, rarer ones for rational faces only when those fail. For a slope vector, the lowest
//! constant `b` that leaves every point beneath the face is `max(d * v - a . o)`; the face then
//! contains the points within `d` of it. Faces are chosen greedily, most points first, until
//! every hull point lies on one (several faces: section 4.2's multiple upper bounds). The
//! result is exact on the points by construction; whether the whole nest regenerates the
//! trace is checked once at the end of the search, which is what makes every shortcut here
//! safe: a poor guess costs a branch, never a wrong nest.

use super::nest::Face;
use crate::fast_hash::{FastHasher, FastMap};
use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::ops::Range;

/// At most this many faces per loop (section 4.2 needs two for tiles and `min(i, N)`).
pub const MAX_FACES: usize = 3;
/// Divisors tried for rational slopes (section 4.5); 1 is the integer case.
const DIVISORS: [i64; 3] = [1, 2, 3];
/// Slopes kept per axis and divisor, most frequent first, so that the product stays small.
const SLOPES_PER_AXIS: usize = 3;
/// Slopes kept per axis and divisor `d > 1` when no faces fit with [`SLOPES_PER_AXIS`]. The
/// hull points of a rational face are floors, so the slopes between nearby points are its
/// slope rounded both ways and the exact one can be rarer: `floor((2k - 2i + 8) / 3)` drops by
/// 0 or 1 per step of `i` (slopes 0 and -3 over 3) and by -2 over 3 steps only from a line's
/// first point. An integer face contains its hull points, so its slope is as frequent as
/// the face is large: the retry leaves `d = 1` out.
const MORE_SLOPES_PER_AXIS: usize = 8;
/// Rotations of a face through a point ([`rotated_face`]), per outer axis.
const MAX_ROTATIONS_PER_AXIS: usize = 2;

/// Hull points of one loop: `width` outer coordinates then the value, flattened.
#[derive(Clone, Debug, Default)]
pub struct HullPoints {
    pub width: usize,
    pub data: Vec<i64>,
}

impl HullPoints {
    pub fn new(width: usize) -> HullPoints {
        HullPoints {
            width,
            data: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.data.len() / (self.width + 1)
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn push(&mut self, outer: &[i64], value: i64) {
        debug_assert_eq!(outer.len(), self.width);
        self.data.extend_from_slice(outer);
        self.data.push(value);
    }

    pub fn point(&self, n: usize) -> (&[i64], i64) {
        let record = &self.data[n * (self.width + 1)..(n + 1) * (self.width + 1)];
        (&record[..self.width], record[self.width])
    }

    pub fn iter(&self) -> impl Iterator<Item = (&[i64], i64)> {
        self.data
            .chunks_exact(self.width + 1)
            .map(|record| (&record[..record.len() - 1], record[record.len() - 1]))
    }

    /// The same points with a new outer coordinate 0 at `position` (a loop inserted there,
    /// Algorithm 2).
    pub fn with_axis(&self, position: usize) -> HullPoints {
        let mut grown = HullPoints::new(self.width + 1);
        for (outer, value) in self.iter() {
            let mut prefix = outer.to_vec();
            prefix.insert(position, 0);
            grown.push(&prefix, value);
        }
        grown
    }
}

/// The affine span of the outer coordinates of a loop's hull points, built as the points come:
/// whether `width + 1` of them are affinely independent, which is what fixes one face through
/// them (equation 6 has `width + 1` unknowns up to scale).
#[derive(Clone, Debug, Default)]
pub struct Span {
    /// Differences to the first point, in echelon form (distinct leading coordinates).
    basis: Vec<Vec<i128>>,
    /// Hull points already taken into account.
    seen: usize,
}

impl Span {
    /// Takes in the points of `hull` not seen yet; whether they span the outer space.
    pub fn spans(&mut self, hull: &HullPoints) -> bool {
        if hull.is_empty() {
            return false;
        }
        let origin = hull.point(0).0;
        for n in self.seen.max(1)..hull.len() {
            if self.basis.len() == hull.width {
                break;
            }
            let mut row: Vec<i128> = hull.point(n).0.iter().zip(origin).map(|(o, z)| (o - z) as i128).collect();
            reduce(&mut row, &self.basis);
            if row.iter().any(|&x| x != 0) {
                self.basis.push(row);
            }
        }
        self.seen = hull.len();
        self.basis.len() == hull.width
    }
}

/// Eliminates from `row` the leading coordinate of every row of `basis` (each row's leading
/// coordinate is one no earlier row has), by integer row operations.
fn reduce(row: &mut [i128], basis: &[Vec<i128>]) {
    for pivot_row in basis {
        let Some(column) = pivot_row.iter().position(|&x| x != 0) else {
            continue;
        };
        let (pivot, factor) = (pivot_row[column], row[column]);
        if factor == 0 {
            continue;
        }
        for (x, &p) in row.iter_mut().zip(pivot_row) {
            *x = *x * pivot - p * factor;
        }
        let divisor = row.iter().fold(0i128, |g, &x| gcd(g, x.abs()));
        if divisor > 1 {
            row.iter_mut().for_each(|x| *x /= divisor);
        }
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether `faces` are exact on every hull point and not below `current`, for a loop of step
/// `step`: at a hull point, where the loop took its last value `v`, the bound is in `v ..= v +
/// step - 1`.
pub fn faces_fit(faces: &[Face], hull: &HullPoints, current: (&[i64], i64), step: i64) -> bool {
    let upper = |outer: &[i64]| {
        faces
            .iter()
            .map(|f| f.value(outer))
            .min()
            .unwrap_or(i64::MAX)
    };
    upper(current.0) >= current.1
        && hull.iter().all(|(outer, value)| (0..step).contains(&(upper(outer) - value)))
}

/// The upper faces of a loop of step `step` whose hull points are `hull` and whose prefix in
/// progress is `current` (outer coordinates, value reached so far); `None` when no minimum of
/// at most [`MAX_FACES`] faces fits.
pub fn fit_upper(hull: &HullPoints, current: (&[i64], i64), step: i64) -> Option<Vec<Face>> {
    fit(hull, current, step, false)
}

/// The lower faces of a loop of step `step`, as upper faces of `-i` (section 4.3: "identical
/// to the one employed in Section 4.2 for upper bounds faces"): `hull` holds its starts
/// negated, the last one also `current`, and every start is exact whatever the step. For a
/// loop of step `s > 1`, when the faces read off the points fail, faces through the points no
/// candidate contains are built by rotation ([`rotated_face`]): its starts before the step
/// was found are multiples of `s`, and so are the slopes between them, while a face through a
/// start off those multiples needs a slope that no line of points shows.
pub fn fit_lower(hull: &HullPoints, current: (&[i64], i64), step: i64) -> Option<Vec<Face>> {
    fit(hull, current, 1, step > 1)
}

fn fit(hull: &HullPoints, current: (&[i64], i64), step: i64, rotate: bool) -> Option<Vec<Face>> {
    let width = hull.width;
    if hull.is_empty() {
        return Some(vec![Face::constant(current.1, width)]);
    }
    // Per divisor, per axis: every candidate slope, most frequent first.
    let rises: Vec<AxisRises> = (0..width).map(|axis| axis_rises(hull, current, axis)).collect();
    let slopes: Vec<Vec<Vec<i64>>> = DIVISORS
        .iter()
        .map(|&divisor| rises.iter().map(|axis| axis_slopes(axis, divisor)).collect())
        .collect();
    let mut candidates = Candidates::new(step);
    candidates.add(hull, current, &slopes, 0..SLOPES_PER_AXIS);
    if let Some(faces) = greedy_cover(hull, &candidates.faces) {
        return Some(faces);
    }
    // Rarer slopes only when the frequent ones fail: the product grows with their number.
    if slopes.iter().flatten().any(|axis| axis.len() > SLOPES_PER_AXIS) {
        candidates.add(hull, current, &slopes, SLOPES_PER_AXIS..MORE_SLOPES_PER_AXIS);
        if let Some(faces) = greedy_cover(hull, &candidates.faces) {
            return Some(faces);
        }
    }
    if !rotate {
        return None;
    }
    // Only rotated faces can contain the points no candidate contains: one through each, up
    // to as many as a cover may have.
    let mut uncovered: Vec<bool> = (0..hull.len())
        .map(|n| !candidates.faces.iter().any(|(_, cover)| cover[n]))
        .collect();
    for _ in 0..MAX_FACES {
        let Some(n) = uncovered.iter().position(|&u| u) else {
            break;
        };
        let face = rotated_face(hull, current, n)?;
        candidates.push(hull, face);
        let (_, cover) = candidates.faces.last().unwrap();
        uncovered.iter_mut().zip(cover).for_each(|(u, &c)| *u &= !c);
    }
    greedy_cover(hull, &candidates.faces)
}

/// The paper's construction of a face through a point (section 4.2, equations 9 and 10; as in
/// Quickhull): start from the face orthogonal to the axes through hull point `n`; while some
/// point (or `current`) lies above it, rotate it onto the furthest one (of those, the nearest
/// to point `n`), along an axis where the two differ (one not rotated yet first, outermost
/// first), by the least integer slope that brings that point beneath it. An integer face;
/// `None` when the rotations do not settle.
fn rotated_face(hull: &HullPoints, current: (&[i64], i64), n: usize) -> Option<Face> {
    let width = hull.width;
    let (through, value) = hull.point(n);
    let mut slopes = vec![0i64; width];
    let mut rotated = vec![false; width];
    for _ in 0..MAX_ROTATIONS_PER_AXIS * width.max(1) {
        let offset = |outer: &[i64], v: i64| v - slopes.iter().zip(outer).map(|(a, o)| a * o).sum::<i64>();
        let target = offset(through, value);
        let distance = |outer: &[i64]| outer.iter().zip(through).map(|(o, t)| (o - t).abs()).sum::<i64>();
        let furthest = hull
            .iter()
            .chain([current])
            .map(|(outer, v)| (outer, offset(outer, v) - target))
            .filter(|&(_, excess)| excess > 0)
            .min_by_key(|&(outer, excess)| (std::cmp::Reverse(excess), distance(outer)));
        let Some((outer, excess)) = furthest else {
            return Some(Face {
                coefficients: slopes,
                constant: target,
                divisor: 1,
            });
        };
        let axis = (0..width)
            .filter(|&x| outer[x] != through[x])
            .min_by_key(|&x| (rotated[x], x))?;
        let delta = outer[axis] - through[axis];
        slopes[axis] += if delta > 0 { ceil_div(excess, delta) } else { floor_div(excess, delta) };
        rotated[axis] = true;
    }
    None
}

/// Picks faces covering the most uncovered hull points until all are covered.
fn greedy_cover(hull: &HullPoints, candidates: &[(Face, Vec<bool>)]) -> Option<Vec<Face>> {
    let mut covered = vec![false; hull.len()];
    let mut remaining = hull.len();
    let mut faces = Vec::new();
    while remaining > 0 {
        if faces.len() == MAX_FACES {
            return None;
        }
        let (face, cover) = candidates
            .iter()
            .map(|(face, cover)| {
                (
                    face,
                    cover,
                    cover
                        .iter()
                        .zip(&covered)
                        .filter(|(c, done)| **c && !**done)
                        .count(),
                )
            })
            .filter(|(_, _, gain)| *gain > 0)
            .max_by_key(|(face, _, gain)| (*gain, std::cmp::Reverse(face_complexity(face))))
            .map(|(face, cover, _)| (face, cover))?;
        for (done, &c) in covered.iter_mut().zip(cover) {
            if c && !*done {
                *done = true;
                remaining -= 1;
            }
        }
        faces.push(face.clone());
    }
    Some(faces)
}

/// Prefer integer faces, then faces on fewer iterators, then smaller coefficients.
fn face_complexity(face: &Face) -> (i64, usize, i64) {
    let nonzero = face.coefficients.iter().filter(|&&c| c != 0).count();
    let size = face.coefficients.iter().map(|c| c.abs()).sum();
    (face.divisor, nonzero, size)
}

/// Faces worth trying, each with the hull points it contains (within the loop's step), in
/// the order they were found.
struct Candidates {
    step: i64,
    faces: Vec<(Face, Vec<bool>)>,
    seen: HashSet<Face, BuildHasherDefault<FastHasher>>,
}

impl Candidates {
    fn new(step: i64) -> Candidates {
        Candidates {
            step,
            faces: Vec::new(),
            seen: HashSet::default(),
        }
    }

    /// Keeps `face` if it contains some hull point and was not seen before.
    fn push(&mut self, hull: &HullPoints, face: Face) {
        if self.seen.contains(&face) {
            return;
        }
        let cover: Vec<bool> = hull
            .iter()
            .map(|(outer, value)| (0..self.step).contains(&(face.value(outer) - value)))
            .collect();
        if cover.iter().any(|&c| c) {
            self.seen.insert(face.clone());
            self.faces.push((face, cover));
        }
    }

    /// Per divisor, the faces whose slope along every axis is among the first `ranks.end` of
    /// `slopes` on that axis and, along at least one axis, not among the first `ranks.start`
    /// (those were added before).
    fn add(&mut self, hull: &HullPoints, current: (&[i64], i64), slopes: &[Vec<Vec<i64>>], ranks: Range<usize>) {
        for (&divisor, axes) in DIVISORS.iter().zip(slopes) {
            if ranks.start > 0 && divisor == 1 {
                continue;
            }
            let lengths: Vec<usize> = axes.iter().map(|axis| axis.len().min(ranks.end)).collect();
            for_each_combination(&lengths, |picks| {
                if ranks.start > 0 && picks.iter().all(|&rank| rank < ranks.start) {
                    return;
                }
                if divisor > 1 && picks.iter().zip(axes).all(|(&rank, axis)| axis[rank] % divisor == 0) {
                    return; // the same face as an integer one
                }
                let face_slopes: Vec<i64> = picks.iter().zip(axes).map(|(&rank, axis)| axis[rank]).collect();
                self.push(hull, supporting_face(hull, current, face_slopes, divisor));
            });
        }
    }
}

/// The face with slopes `a / divisor` just above every point: `b = max(d * v - a . o)`.
fn supporting_face(
    hull: &HullPoints,
    current: (&[i64], i64),
    slopes: Vec<i64>,
    divisor: i64,
) -> Face {
    let offset = |outer: &[i64], value: i64| {
        divisor * value - slopes.iter().zip(outer).map(|(a, o)| a * o).sum::<i64>()
    };
    let constant = hull
        .iter()
        .map(|(o, v)| offset(o, v))
        .chain([offset(current.0, current.1)])
        .max()
        .unwrap();
    Face {
        coefficients: slopes,
        constant,
        divisor,
    }
}

/// What the points say about slopes along one axis, whatever the divisor: rises over runs
/// between points of one line along the axis (other coordinates equal), and the rises the
/// current prefix needs over points of its line.
struct AxisRises {
    /// `(value - from_value, step)`, from the line's first point, whose overall slope survives
    /// the rounding of floor(), and from the previous point on the line, which is where a
    /// second face starts.
    between_points: Vec<(i64, i64)>,
    /// `(current value - value, step)` from the previous and the first point on the current
    /// prefix's line: the least slopes that lift the face over it.
    over_current: Vec<(i64, i64)>,
}

fn axis_rises(hull: &HullPoints, current: (&[i64], i64), axis: usize) -> AxisRises {
    let mut between_points = Vec::new();
    let mut lines: FastMap<Vec<i64>, (usize, usize)> = FastMap::default();
    let mut key = Vec::with_capacity(hull.width);
    for n in 0..hull.len() {
        let (outer, value) = hull.point(n);
        line_key(outer, axis, &mut key);
        match lines.get_mut(key.as_slice()) {
            Some((first, previous)) => {
                for from in [*first, *previous] {
                    let (from_outer, from_value) = hull.point(from);
                    let step = outer[axis] - from_outer[axis];
                    if step != 0 {
                        between_points.push((value - from_value, step));
                    }
                }
                *previous = n;
            }
            None => {
                lines.insert(key.clone(), (n, n));
            }
        }
    }
    let mut over_current = Vec::new();
    line_key(current.0, axis, &mut key);
    if let Some(&(first, previous)) = lines.get(key.as_slice()) {
        for n in [previous, first] {
            let (outer, value) = hull.point(n);
            let step = current.0[axis] - outer[axis];
            if step > 0 {
                over_current.push((current.1 - value, step));
            }
        }
    }
    AxisRises {
        between_points,
        over_current,
    }
}

/// Candidate slopes (numerators over `divisor`) along one axis, most frequent first (ties:
/// the smaller magnitude first): the rises between points rounded both ways, the rises over
/// the current prefix rounded up, and 0.
fn axis_slopes(rises: &AxisRises, divisor: i64) -> Vec<i64> {
    let mut counts: Vec<(i64, usize)> = vec![(0, 0)];
    let mut add = |slope: i64| match counts.iter_mut().find(|(s, _)| *s == slope) {
        Some(entry) => entry.1 += 1,
        None => counts.push((slope, 1)),
    };
    for &(rise, step) in &rises.between_points {
        for slope in rounded(divisor * rise, step) {
            add(slope);
        }
    }
    for &(rise, step) in &rises.over_current {
        add(ceil_div(divisor * rise, step));
    }
    counts.sort_by_key(|&(slope, count)| (std::cmp::Reverse(count), slope.abs()));
    counts.into_iter().map(|(slope, _)| slope).collect()
}

/// The coordinates other than `axis`, into `key`: the points of one line along `axis` share
/// them.
fn line_key(outer: &[i64], axis: usize, key: &mut Vec<i64>) {
    key.clear();
    key.extend_from_slice(&outer[..axis]);
    key.extend_from_slice(&outer[axis + 1..]);
}

/// `numerator / denominator` rounded down and up (one value when exact).
fn rounded(numerator: i64, denominator: i64) -> Vec<i64> {
    let floor = floor_div(numerator, denominator);
    let ceil = ceil_div(numerator, denominator);
    if floor == ceil {
        vec![floor]
    } else {
        vec![floor, ceil]
    }
}

fn floor_div(n: i64, d: i64) -> i64 {
    let q = n / d;
    if (n % d != 0) && ((n < 0) != (d < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(n: i64, d: i64) -> i64 {
    -floor_div(-n, d)
}

/// Calls `visit` with every combination of one index per axis, below `lengths[axis]`, the
/// last axis fastest (once, with no index, for no axis).
fn for_each_combination(lengths: &[usize], mut visit: impl FnMut(&[usize])) {
    if lengths.contains(&0) {
        return;
    }
    let mut picks = vec![0; lengths.len()];
    loop {
        visit(&picks);
        let mut axis = lengths.len();
        loop {
            if axis == 0 {
                return;
            }
            axis -= 1;
            picks[axis] += 1;
            if picks[axis] < lengths[axis] {
                break;
            }
            picks[axis] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hull(width: usize, points: &[(&[i64], i64)]) -> HullPoints {
        let mut h = HullPoints::new(width);
        for (o, v) in points {
            h.push(o, *v);
        }
        h
    }

    /// Section 3.4's cholesky example: k resets at 0 for every (0, j) and reaches 1 at (1, 0),
    /// giving the paper's face `k <= i`.
    #[test]
    fn cholesky_face_through_reset_points() {
        let points: Vec<(Vec<i64>, i64)> = (0..30).map(|j| (vec![0, j], 0)).collect();
        let refs: Vec<(&[i64], i64)> = points.iter().map(|(o, v)| (o.as_slice(), *v)).collect();
        let faces = fit_upper(&hull(2, &refs), (&[1, 0], 1), 1).unwrap();
        assert_eq!(
            faces,
            vec![Face {
                coefficients: vec![1, 0],
                constant: 0,
                divisor: 1
            }]
        );
    }

    /// Section 4.2's Figure 8: `i2 <= min(9, 19 - i1)` needs two faces.
    #[test]
    fn figure_8_two_upper_faces() {
        let points: Vec<(Vec<i64>, i64)> = (0..20).map(|i| (vec![i], 9.min(19 - i))).collect();
        let refs: Vec<(&[i64], i64)> = points.iter().map(|(o, v)| (o.as_slice(), *v)).collect();
        let faces = fit_upper(&hull(1, &refs[..19]), (&[19], 0), 1).unwrap();
        assert_eq!(faces.len(), 2);
        for (o, v) in &refs {
            assert_eq!(faces.iter().map(|f| f.value(o)).min().unwrap(), *v);
        }
    }

    /// Section 4.5: `j <= i` with step 2 is `j' <= floor(i / 2)`.
    #[test]
    fn rational_slope() {
        let points: Vec<(Vec<i64>, i64)> = (0..40).map(|i| (vec![i], i / 2)).collect();
        let refs: Vec<(&[i64], i64)> = points.iter().map(|(o, v)| (o.as_slice(), *v)).collect();
        let faces = fit_upper(&hull(1, &refs), (&[40], 0), 1).unwrap();
        assert_eq!(
            faces,
            vec![Face {
                coefficients: vec![1],
                constant: 0,
                divisor: 2
            }]
        );
    }

    /// `t <= floor((2k - 2i + 8) / 3)` (random nest 675 of `random_nests_reconstruct_exactly`,
    /// over `(i, j, k)`): along `i` its hull points drop by 0 or 1 per step, so the frequent
    /// slopes over 3 are 0 and -3, and -2 comes only from the lines' first points; the fit
    /// needs the rarer slopes.
    #[test]
    fn rational_face_with_a_rare_slope() {
        let mut points = Vec::new();
        for i in 0..=3i64 {
            for j in 0..=3 - i {
                for k in 0..=(i + 2).min(2 * i) {
                    points.push((vec![i, j, k], (2 * k - 2 * i + 8).div_euclid(3)));
                }
            }
        }
        // The engine fits it at (3, 0, 2), with t = 2 reached there, after the points before.
        let at = points.iter().position(|(o, _)| o == &vec![3, 0, 2]).unwrap();
        let refs: Vec<(&[i64], i64)> = points[..at].iter().map(|(o, v)| (o.as_slice(), *v)).collect();
        let faces = fit_upper(&hull(3, &refs), (&[3, 0, 2], 2), 1).unwrap();
        assert_eq!(
            faces,
            vec![Face {
                coefficients: vec![-2, 0, 2],
                constant: 8,
                divisor: 3
            }]
        );
    }

    /// The starts (negated) of the loop of step 3 of random nest 289, over `(i, j)`: 0, 0, 0,
    /// -3, -5 at (0, 0), (0, 1), (1, 0), (1, 1), (1, 2). The last start is off the multiples
    /// of 3, and a face through (0, 1) that stays above (1, 2) needs the slope 5 along `i`,
    /// which no line of points shows: only the rotation through (0, 1) finds `-l <= min(3j,
    /// 5i)`.
    #[test]
    fn lower_faces_of_a_stepped_loop_by_rotation() {
        let starts = hull(2, &[(&[0, 0], 0), (&[0, 1], 0), (&[1, 0], 0), (&[1, 1], 3), (&[1, 2], 5)]);
        assert_eq!(fit_lower(&starts, (&[1, 2], 5), 1), None);
        let faces = fit_lower(&starts, (&[1, 2], 5), 3).unwrap();
        for (outer, value) in starts.iter() {
            assert_eq!(faces.iter().map(|f| f.value(outer)).min().unwrap(), value, "{faces:?}");
        }
        assert!(faces.contains(&Face {
            coefficients: vec![5, 0],
            constant: 0,
            divisor: 1
        }));
    }

    #[test]
    fn no_fit_for_a_non_concave_bound() {
        // 5, 0, 5, 0, ...: no minimum of affine faces gives this.
        let points: Vec<(Vec<i64>, i64)> = (0..20)
            .map(|i| (vec![i], if i % 2 == 0 { 5 } else { 0 }))
            .collect();
        let refs: Vec<(&[i64], i64)> = points.iter().map(|(o, v)| (o.as_slice(), *v)).collect();
        assert_eq!(fit_upper(&hull(1, &refs), (&[20], 0), 1), None);
    }
}
