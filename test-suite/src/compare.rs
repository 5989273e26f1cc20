//! Output validation: is a variant's output bit for bit the naive one, and
//! if not, how far apart are they (largest absolute difference by element)?
//! Under `--fast-math`, where reassociation changes the last bits by design, outputs are
//! compared with the strict build's within a relative tolerance instead.

use crate::pipelines::Element;

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
    /// Differs, but within the tolerance: the largest absolute difference is at most
    /// `tolerance` times the largest magnitude of the reference.
    Close { elements: usize, max_rel_diff: f64, tolerance: f64 },
}

impl Validation {
    /// One word or short phrase for tables.
    pub fn summary(&self) -> String {
        match self {
            Validation::Identical => "identical".into(),
            Validation::Differs { elements, max_abs_diff } => format!("DIFFERS ({elements} el., max |d| {max_abs_diff:.3e})"),
            Validation::LengthMismatch { naive, variant } => format!("LENGTH {variant} vs {naive}"),
            Validation::Close { elements, max_rel_diff, tolerance } => {
                format!("within {tolerance:.0e} ({elements} el., rel {max_rel_diff:.1e})")
            }
        }
    }

    /// Identical, or close where a tolerance was asked for.
    pub fn is_acceptable(&self) -> bool {
        matches!(self, Validation::Identical | Validation::Close { .. })
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

/// Compares `variant` with `reference` within a relative `tolerance`: the largest absolute
/// difference over the largest magnitude of the reference (NaN or infinity never close).
pub fn compare_within(reference: &[u8], variant: &[u8], kind: Element, tolerance: f64) -> Validation {
    let exact = compare(reference, variant, kind);
    let Validation::Differs { elements, max_abs_diff } = exact else { return exact };
    let scale = reference.chunks_exact(kind.width()).map(|e| element(e, kind).abs()).fold(0.0, f64::max);
    let max_rel_diff = if scale > 0.0 { max_abs_diff / scale } else { f64::INFINITY };
    if max_rel_diff <= tolerance {
        Validation::Close { elements, max_rel_diff, tolerance }
    } else {
        exact
    }
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

    #[test]
    fn within_a_relative_tolerance() {
        let reference = floats(&[1.0, -4.0, 2.0]);
        let close = compare_within(&reference, &floats(&[1.0, -4.0, 2.0001]), Element::F32, 1e-4);
        assert!(matches!(close, Validation::Close { elements: 1, .. }), "{close:?}");
        assert!(close.is_acceptable());
        let far = compare_within(&reference, &floats(&[1.0, -4.0, 2.01]), Element::F32, 1e-4);
        assert!(matches!(far, Validation::Differs { elements: 1, .. }), "{far:?}");
        assert!(!far.is_acceptable());
        let nan = compare_within(&reference, &floats(&[1.0, -4.0, f32::NAN]), Element::F32, 1.0);
        assert!(!nan.is_acceptable());
        assert_eq!(compare_within(&reference, &reference, Element::F32, 0.0), Validation::Identical);
    }

    #[test]
    fn integer_kinds_and_lengths() {
        let v = compare(&[0, 1, 0, 2], &[0, 1, 0, 9], Element::U16);
        assert_eq!(v, Validation::Differs { elements: 1, max_abs_diff: (9 * 256 - 2 * 256) as f64 });
        assert_eq!(compare(&[1], &[200], Element::U8), Validation::Differs { elements: 1, max_abs_diff: 199.0 });
        assert!(matches!(compare(&[1], &[1, 2], Element::U8), Validation::LengthMismatch { .. }));
    }
}
