//! Label functions (paper 000, section 5.2.3, Figure 8, Algorithms 3 and 4).
//!
//! A label function maps the iteration vector of a point of a polyhedron to one component of
//! its label: `remaining + sum(coefficient[axis] * point[axis])`. Each coefficient goes through
//! the life cycle `Unknown (bottom) -> Integer -> Top` and never back.
//!
//! Axes are indexed as iteration vectors are written: axis 0 is the outermost loop (the paper's
//! dimension `D`), axis `D - 1` the innermost (the paper's dimension 1).
//!
//! Invariant kept by every absorption (stronger than the paper states, and what makes the
//! Algorithm 4 check exact): an `Unknown` coefficient on an axis means that every point of the
//! polyhedron has the same coordinate on that axis as its initial point (the anchor), so the
//! contribution of that axis is folded into `remaining`. When an absorption makes a polyhedron
//! span an axis whose coefficient is still unknown, the coefficient becomes `Integer(0)`.
//!
//! Known limit: on a polyhedron that is flat along a diagonal (for example the points
//! `(x, -x)`), the settled `Integer(0)` is one of many functions that fit; a later absorption
//! with a polyhedron that fixes that coefficient differently is then taken as a mismatch
//! (a `Top` with widening, another piece without). The result stays correct, only less precise.
//!
//! `Top` coefficients (label widening) contribute nothing when two functions are compared:
//! a function with a `Top` coefficient no longer determines its labels.

/// One coefficient of a label function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coefficient {
    /// Not determined yet: the polyhedron never iterated along this axis (the paper's bottom).
    /// Never present in a finished [`crate::folding::FoldedStream`].
    Unknown,
    /// A known integer coefficient.
    Integer(i64),
    /// Not affine along this axis (the paper's top, an uninterpreted function).
    Top,
}

/// An affine label function with coefficients per axis of the iteration space.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LabelFunction {
    /// `coefficients[axis]`, axis 0 outermost.
    pub coefficients: Vec<Coefficient>,
    /// The paper's remaining value `coeffs[0]`: the constant term once no coefficient is unknown.
    pub remaining: i64,
}

impl LabelFunction {
    /// The function of a single point: every coefficient unknown, the label as remaining value.
    pub fn of_point(dimensions: usize, label: i64) -> LabelFunction {
        LabelFunction { coefficients: vec![Coefficient::Unknown; dimensions], remaining: label }
    }

    /// Makes `self` [`LabelFunction::of_point`]'s function in the memory it has.
    pub(crate) fn become_point(&mut self, dimensions: usize, label: i64) {
        self.coefficients.clear();
        self.coefficients.resize(dimensions, Coefficient::Unknown);
        self.remaining = label;
    }

    /// Whether some coefficient is `Top` (the labels cannot be reconstructed).
    pub fn has_top(&self) -> bool {
        self.coefficients.contains(&Coefficient::Top)
    }

    /// The label at `point`, or `None` when a coefficient is `Top`. Unknown coefficients
    /// contribute nothing (see the module invariant).
    pub fn evaluate(&self, point: &[i64]) -> Option<i64> {
        let mut value = self.remaining;
        for (coefficient, &coordinate) in self.coefficients.iter().zip(point) {
            match coefficient {
                Coefficient::Integer(c) => value = value.wrapping_add(c.wrapping_mul(coordinate)),
                Coefficient::Unknown => {}
                Coefficient::Top => return None,
            }
        }
        Some(value)
    }

    /// The label at `point` counting the integer coefficients only (`Top` and unknown axes
    /// contribute nothing).
    pub fn evaluate_integers(&self, point: &[i64]) -> i64 {
        self.partial_value(point, |_| false)
    }

    /// The label at `point` counting only the axes where `skip` is false and the coefficient
    /// is an integer.
    fn partial_value(&self, point: &[i64], skip: impl Fn(usize) -> bool) -> i64 {
        let mut value = self.remaining;
        for (axis, coefficient) in self.coefficients.iter().enumerate() {
            if let Coefficient::Integer(c) = coefficient {
                if !skip(axis) {
                    value = value.wrapping_add(c.wrapping_mul(point[axis]));
                }
            }
        }
        value
    }

    /// Replaces unknown coefficients by zero, as the paper does when folding ends.
    pub(crate) fn finalize(&mut self) {
        for coefficient in &mut self.coefficients {
            if *coefficient == Coefficient::Unknown {
                *coefficient = Coefficient::Integer(0);
            }
        }
    }
}

/// `has_compat_label` and `update_label` of Algorithm 4 for one pair of functions, along the
/// absorption axis `axis_d` (the paper's dimension `d`): writes the function of the absorber
/// after absorbing `to_be_absorbed` to `merged` (reusing its memory), or returns `false` when
/// they are incompatible (never with `widening`, which turns the mismatching coefficient into
/// `Top` instead).
///
/// `absorber_init` and `to_be_absorbed_init` are the anchors (initial points) of the two
/// polyhedra; they differ by exactly 1 on `axis_d`.
pub(crate) fn absorb(
    merged: &mut LabelFunction,
    absorber: &LabelFunction,
    absorber_init: &[i64],
    to_be_absorbed: &LabelFunction,
    to_be_absorbed_init: &[i64],
    axis_d: usize,
    widening: bool,
) -> bool {
    let dimensions = absorber.coefficients.len();
    // Field by field: a derived `clone_from` would allocate anew.
    merged.coefficients.clone_from(&absorber.coefficients);
    merged.remaining = absorber.remaining;
    // Dimensions below d (inner axes): both known must agree; one known is taken over.
    // Four arrays move together along the axes: an index reads best.
    #[allow(clippy::needless_range_loop)]
    for axis in axis_d + 1..dimensions {
        use Coefficient::*;
        match (absorber.coefficients[axis], to_be_absorbed.coefficients[axis]) {
            (Integer(x), Integer(y)) if x != y => {
                if !widening {
                    return false;
                }
                merged.coefficients[axis] = Top;
            }
            (Top, _) | (_, Top) => merged.coefficients[axis] = Top,
            (Unknown, Integer(y)) => {
                merged.coefficients[axis] = Integer(y);
                merged.remaining =
                    merged.remaining.wrapping_sub(y.wrapping_mul(absorber_init[axis]));
            }
            _ => {}
        }
    }
    let is_top = |axis: usize| merged.coefficients[axis] == Coefficient::Top;
    let expected = to_be_absorbed.partial_value(to_be_absorbed_init, is_top);
    match merged.coefficients[axis_d] {
        // Polyhedra merge: the new coefficient is the difference of the values at the anchors
        // (progress along d is always 1).
        Coefficient::Unknown => {
            let value = merged.partial_value(to_be_absorbed_init, |axis| axis == axis_d);
            let coefficient = expected.wrapping_sub(value);
            merged.coefficients[axis_d] = Coefficient::Integer(coefficient);
            merged.remaining =
                merged.remaining.wrapping_sub(coefficient.wrapping_mul(absorber_init[axis_d]));
        }
        // Polyhedra extension: the existing coefficient must predict the absorbed values.
        Coefficient::Integer(_) => {
            if merged.partial_value(to_be_absorbed_init, |_| false) != expected {
                if !widening {
                    return false;
                }
                merged.coefficients[axis_d] = Coefficient::Top;
            }
        }
        Coefficient::Top => {}
    }
    true
}

/// Whether [`absorb`] of `to_be_absorbed` into `absorber` by extension along `axis_d` would
/// leave `absorber` as it is: the inner coefficients teach it nothing, its integer coefficient
/// along `axis_d` predicts the absorbed function at its anchor, and [`settle_spanned_axes`]
/// has nothing to settle.
pub(crate) fn predicts(
    absorber: &LabelFunction,
    absorber_init: &[i64],
    to_be_absorbed: &LabelFunction,
    to_be_absorbed_init: &[i64],
    axis_d: usize,
) -> bool {
    use Coefficient::*;
    let (f, g) = (&absorber.coefficients, &to_be_absorbed.coefficients);
    let inner_unchanged = (axis_d + 1..f.len()).all(|axis| match (f[axis], g[axis]) {
        (Top, _) => true,
        (Integer(x), Integer(y)) => x == y,
        (Integer(_) | Unknown, Unknown) => true,
        (Integer(_) | Unknown, Top) | (Unknown, Integer(_)) => false,
    });
    let is_top = |axis: usize| f[axis] == Top;
    inner_unchanged
        && matches!(f[axis_d], Integer(_))
        && absorber.partial_value(to_be_absorbed_init, |_| false) == to_be_absorbed.partial_value(to_be_absorbed_init, is_top)
        && (axis_d..f.len()).all(|axis| f[axis] != Unknown || absorber_init[axis] == to_be_absorbed_init[axis])
}

/// Keeps the module invariant after an absorption along `axis_d`: an axis that the merged
/// polyhedron spans (its anchors differ there) cannot keep an unknown coefficient.
pub(crate) fn settle_spanned_axes(
    function: &mut LabelFunction,
    absorber_init: &[i64],
    to_be_absorbed_init: &[i64],
    axis_d: usize,
) {
    for axis in axis_d..function.coefficients.len() {
        if function.coefficients[axis] == Coefficient::Unknown
            && absorber_init[axis] != to_be_absorbed_init[axis]
        {
            function.coefficients[axis] = Coefficient::Integer(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::absorb`] into a new function.
    fn absorb(absorber: &LabelFunction, absorber_init: &[i64], to_be_absorbed: &LabelFunction, to_be_absorbed_init: &[i64], axis_d: usize, widening: bool) -> Option<LabelFunction> {
        let mut merged = absorber.clone();
        super::absorb(&mut merged, absorber, absorber_init, to_be_absorbed, to_be_absorbed_init, axis_d, widening).then_some(merged)
    }

    #[test]
    fn merge_sets_coefficient_from_difference_of_anchors() {
        // Figure 5, step 5: 1cj + top*ck + 67 from f1 = bottom*cj + top*ck + 67, f4 = ... + 68.
        let f1 = LabelFunction {
            coefficients: vec![Coefficient::Unknown, Coefficient::Top],
            remaining: 67,
        };
        let f4 = LabelFunction {
            coefficients: vec![Coefficient::Unknown, Coefficient::Top],
            remaining: 68,
        };
        let merged = absorb(&f1, &[0, 0], &f4, &[1, 0], 0, true).unwrap();
        assert_eq!(merged.coefficients, vec![Coefficient::Integer(1), Coefficient::Top]);
        assert_eq!(merged.remaining, 67);
    }

    #[test]
    fn extension_mismatch_fails_without_widening_and_widens_with_it() {
        // Figure 5, step 3: bottom*cj + 4ck + 67 cannot absorb (0, 2) with label 77.
        let f1 = LabelFunction {
            coefficients: vec![Coefficient::Unknown, Coefficient::Integer(4)],
            remaining: 67,
        };
        let point = LabelFunction::of_point(2, 77);
        assert_eq!(absorb(&f1, &[0, 0], &point, &[0, 2], 1, false), None);
        let widened = absorb(&f1, &[0, 0], &point, &[0, 2], 1, true).unwrap();
        assert_eq!(widened.coefficients[1], Coefficient::Top);
        let regular = LabelFunction::of_point(2, 75);
        let extended = absorb(&f1, &[0, 0], &regular, &[0, 2], 1, false).unwrap();
        assert_eq!(extended, f1);
    }

    #[test]
    fn known_coefficient_of_absorbed_function_is_taken_over() {
        // Absorber is a single point (5, 3) label 100; absorbed segment (6, 3..) with 2ck + 50.
        let absorber = LabelFunction::of_point(2, 100);
        let segment = LabelFunction {
            coefficients: vec![Coefficient::Unknown, Coefficient::Integer(2)],
            remaining: 50,
        };
        let merged = absorb(&absorber, &[5, 3], &segment, &[6, 3], 0, false).unwrap();
        assert_eq!(merged.evaluate(&[5, 3]), Some(100));
        assert_eq!(merged.evaluate(&[6, 3]), Some(56));
        assert_eq!(merged.evaluate(&[6, 7]), Some(64));
    }
}
