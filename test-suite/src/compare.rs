//! Output validation: is a variant's output bit for bit the naive one, and
//! if not, how far apart are they (largest absolute difference by element)?

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
}

impl Validation {
    /// One word or short phrase for tables.
    pub fn summary(&self) -> String {
        match self {
            Validation::Identical => "identical".into(),
            Validation::Differs { elements, max_abs_diff } => format!("DIFFERS ({elements} el., max |d| {max_abs_diff:.3e})"),
            Validation::LengthMismatch { naive, variant } => format!("LENGTH {variant} vs {naive}"),
        }
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
    fn integer_kinds_and_lengths() {
        let v = compare(&[0, 1, 0, 2], &[0, 1, 0, 9], Element::U16);
        assert_eq!(v, Validation::Differs { elements: 1, max_abs_diff: (9 * 256 - 2 * 256) as f64 });
        assert_eq!(compare(&[1], &[200], Element::U8), Validation::Differs { elements: 1, max_abs_diff: 199.0 });
        assert!(matches!(compare(&[1], &[1, 2], Element::U8), Validation::LengthMismatch { .. }));
    }
}
