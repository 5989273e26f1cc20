//! Median, min and max of a sample: every figure the harness prints comes
//! with its spread.

/// A sample's median with its extremes.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub count: usize,
}

impl Spread {
    /// The spread of `values`; `None` when empty or when any value is NaN.
    pub fn of(values: &[f64]) -> Option<Spread> {
        if values.is_empty() || values.iter().any(|v| v.is_nan()) {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let n = sorted.len();
        let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 };
        Some(Spread { median, min: sorted[0], max: sorted[n - 1], count: n })
    }

    /// (max - min) / median, the relative noise.
    pub fn relative_range(&self) -> f64 {
        if self.median == 0.0 {
            0.0
        } else {
            (self.max - self.min) / self.median
        }
    }

    /// `median [min, max]` with `digits` decimals.
    pub fn show(&self, digits: usize) -> String {
        format!("{:.d$} [{:.d$}, {:.d$}]", self.median, self.min, self.max, d = digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_samples() {
        let s = Spread::of(&[3.0, 1.0, 2.0]).unwrap();
        assert_eq!((s.median, s.min, s.max, s.count), (2.0, 1.0, 3.0, 3));
        assert_eq!(Spread::of(&[4.0, 1.0, 2.0, 3.0]).unwrap().median, 2.5);
        assert!(Spread::of(&[]).is_none());
        assert!(Spread::of(&[1.0, f64::NAN]).is_none());
    }

    #[test]
    fn relative_range_and_display() {
        let s = Spread::of(&[9.0, 10.0, 11.0]).unwrap();
        assert!((s.relative_range() - 0.2).abs() < 1e-12);
        assert_eq!(s.show(1), "10.0 [9.0, 11.0]");
    }
}
