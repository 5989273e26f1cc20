//! Output validation: is a variant's output bit for bit the naive one, and
//! if not, how far apart are they (largest absolute difference by element)?
//!
//! Under `--fast-math` outputs are compared with a `double` build's instead, by a metric
//! made for images ([`Tolerance`]): reassociation moves every value by a few ulps, and now
//! and then flips a threshold (unsharp mask's `|img - blury| < threshold`, local Laplacian's
//! level index), which moves a few isolated pixels by a bounded step. A largest-difference
//! bound cannot tell such flips from a wrong result; the share of elements beyond a
//! tolerance together with the RMS difference can: a wrong row, column or stage moves
//! thousands of elements by a large step.

use crate::pipelines::Element;

/// The metric of `--fast-math`: with `e` = |variant - reference| / largest magnitude of the
/// reference, element by element, an output is close when at most `outlier_fraction` of its
/// elements have `e > elementwise` and the RMS of `e` is at most `elementwise`. A NaN or
/// infinity that differs is never close.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    pub elementwise: f64,
    pub outlier_fraction: f64,
}

/// The result of comparing one output with the naive output.
#[derive(Clone, Debug, PartialEq)]
pub enum Validation {
    /// Every byte equal.
    Identical,
    /// Differs: number of differing elements and the largest absolute
    /// difference (infinite when a NaN or infinity differs).
    Differs { elements: usize, max_abs_diff: f64 },
    /// The buffers have different lengths (a driver or size bug).
    LengthMismatch { naive: usize, variant: usize },
    /// Differs, measured by a [`Tolerance`]: the share of elements beyond it (`outliers`), the
    /// RMS and the largest of the relative differences; `close` says whether it passes.
    Measured { elements: usize, outliers: f64, rms: f64, max_rel_diff: f64, tolerance: Tolerance, close: bool },
}

impl Validation {
    /// One word or short phrase for tables.
    pub fn summary(&self) -> String {
        match self {
            Validation::Identical => "identical".into(),
            Validation::Differs { elements, max_abs_diff } => format!("DIFFERS ({elements} el., max |d| {max_abs_diff:.3e})"),
            Validation::LengthMismatch { naive, variant } => format!("LENGTH {variant} vs {naive}"),
            Validation::Measured { elements, outliers, rms, max_rel_diff, close, .. } => format!(
                "{} ({elements} el.; >tol {:.3}%, rms {rms:.1e}, max {max_rel_diff:.1e})",
                if *close { "close" } else { "DIFFERS" },
                outliers * 100.0
            ),
        }
    }

    /// Identical, or close where a tolerance was asked for.
    pub fn is_acceptable(&self) -> bool {
        matches!(self, Validation::Identical | Validation::Measured { close: true, .. })
    }
}

fn element(bytes: &[u8], kind: Element) -> f64 {
    match kind {
        Element::F32 => f32::from_le_bytes(bytes.try_into().unwrap()) as f64,
        Element::U16 => u16::from_le_bytes(bytes.try_into().unwrap()) as f64,
        Element::U8 => bytes[0] as f64,
    }
}

/// Compares `variant` with `naive`, both raw output buffers of `kind`.
pub fn compare(naive: &[u8], variant: &[u8], kind: Element) -> Validation {
    if naive.len() != variant.len() {
        return Validation::LengthMismatch { naive: naive.len(), variant: variant.len() };
    }
    if naive == variant {
        return Validation::Identical;
    }
    let w = kind.width();
    let mut elements = 0;
    let mut max_abs_diff: f64 = 0.0;
    for (a, b) in naive.chunks_exact(w).zip(variant.chunks_exact(w)) {
        if a != b {
            elements += 1;
            let d = (element(a, kind) - element(b, kind)).abs();
            max_abs_diff = if d.is_nan() { f64::INFINITY } else { max_abs_diff.max(d) };
        }
    }
    Validation::Differs { elements, max_abs_diff }
}

/// Compares `variant` with `reference` by the image metric of [`Tolerance`] (relative to the
/// largest magnitude of the reference).
pub fn compare_within(reference: &[u8], variant: &[u8], kind: Element, tolerance: Tolerance) -> Validation {
    let exact = compare(reference, variant, kind);
    let Validation::Differs { elements, .. } = exact else { return exact };
    let w = kind.width();
    let scale = reference.chunks_exact(w).map(|e| element(e, kind).abs()).fold(0.0, f64::max);
    let (mut beyond, mut sum_squares, mut max_rel_diff) = (0usize, 0.0, 0.0f64);
    for (a, b) in reference.chunks_exact(w).zip(variant.chunks_exact(w)) {
        let d = (element(a, kind) - element(b, kind)).abs();
        let e = if d == 0.0 { 0.0 } else if scale > 0.0 && d.is_finite() { d / scale } else { f64::INFINITY };
        beyond += usize::from(e > tolerance.elementwise);
        sum_squares += e * e;
        max_rel_diff = max_rel_diff.max(e);
    }
    let total = (reference.len() / w).max(1) as f64;
    let outliers = beyond as f64 / total;
    let rms = (sum_squares / total).sqrt();
    let close = max_rel_diff.is_finite() && outliers <= tolerance.outlier_fraction && rms <= tolerance.elementwise;
    Validation::Measured { elements, outliers, rms, max_rel_diff, tolerance, close }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floats(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn identical_buffers() {
        assert_eq!(compare(&floats(&[1.0, 2.0]), &floats(&[1.0, 2.0]), Element::F32), Validation::Identical);
    }

    #[test]
    fn float_difference_and_nan() {
        let v = compare(&floats(&[1.0, 2.0]), &floats(&[1.0, 2.5]), Element::F32);
        assert_eq!(v, Validation::Differs { elements: 1, max_abs_diff: 0.5 });
        let v = compare(&floats(&[1.0]), &floats(&[f32::NAN]), Element::F32);
        assert_eq!(v, Validation::Differs { elements: 1, max_abs_diff: f64::INFINITY });
        // -0.0 and 0.0 differ in bits but not in value: still reported.
        let v = compare(&floats(&[0.0]), &floats(&[-0.0]), Element::F32);
        assert_eq!(v, Validation::Differs { elements: 1, max_abs_diff: 0.0 });
    }

    const IMAGE: Tolerance = Tolerance { elementwise: 1e-4, outlier_fraction: 1e-3 };

    /// A 100 x 100 image with smooth values in [0, 1].
    fn image() -> Vec<f32> {
        (0..10_000).map(|k| 0.5 + 0.4 * ((k % 100) as f32 * 0.07).sin() * ((k / 100) as f32 * 0.05).cos()).collect()
    }

    #[test]
    fn last_bits_everywhere_and_a_few_flipped_thresholds_are_close() {
        let reference = image();
        let mut variant: Vec<f32> = reference.iter().map(|x| x * (1.0 + 2e-7)).collect();
        // Five isolated pixels (0.05%) moved by a threshold step of 2.3e-3, as unsharp mask's.
        for k in [17, 2003, 4567, 7001, 9999] {
            variant[k] += 2.3e-3;
        }
        let v = compare_within(&floats(&reference), &floats(&variant), Element::F32, IMAGE);
        assert!(v.is_acceptable(), "{v:?}");
        assert!(v.summary().starts_with("close"), "{}", v.summary());
    }

    #[test]
    fn a_wrong_row_or_a_wrong_value_everywhere_differs() {
        let reference = image();
        let mut row = reference.clone();
        for x in &mut row[5000..5100] {
            *x = 0.0;
        }
        let v = compare_within(&floats(&reference), &floats(&row), Element::F32, IMAGE);
        assert!(!v.is_acceptable(), "one wrong row of 100: {v:?}");
        assert!(v.summary().starts_with("DIFFERS"), "{}", v.summary());
        let everywhere: Vec<f32> = reference.iter().map(|x| x * 1.001).collect();
        assert!(!compare_within(&floats(&reference), &floats(&everywhere), Element::F32, IMAGE).is_acceptable());
        let mut nan = reference.clone();
        nan[3] = f32::NAN;
        assert!(!compare_within(&floats(&reference), &floats(&nan), Element::F32, IMAGE).is_acceptable());
        assert_eq!(compare_within(&floats(&reference), &floats(&reference), Element::F32, IMAGE), Validation::Identical);
    }

    #[test]
    fn a_single_wrong_pixel_is_caught_by_the_rms() {
        // 1 of 10000 is within the outlier share, but a full-range error moves the RMS to 1e-2.
        let reference = image();
        let mut variant = reference.clone();
        variant[42] = reference[42] + 0.9;
        assert!(!compare_within(&floats(&reference), &floats(&variant), Element::F32, IMAGE).is_acceptable());
    }

    #[test]
    fn integer_kinds_and_lengths() {
        let v = compare(&[0, 1, 0, 2], &[0, 1, 0, 9], Element::U16);
        assert_eq!(v, Validation::Differs { elements: 1, max_abs_diff: (9 * 256 - 2 * 256) as f64 });
        assert_eq!(compare(&[1], &[200], Element::U8), Validation::Differs { elements: 1, max_abs_diff: 199.0 });
        assert!(matches!(compare(&[1], &[1, 2], Element::U8), Validation::LengthMismatch { .. }));
    }
}
