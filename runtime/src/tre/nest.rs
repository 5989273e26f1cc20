//! The loop nest TRE reconstructs, in the canonical form of paper 002 (section 2, equation 1;
//! section 3, equation 2; section 4.2 for several upper faces; section 4.5 for rational
//! slopes):
//!
//! ```text
//! for (i0 = 0; i0 <= min_r floor((U_r . () + w_r) / d_r); i0++)
//!   for (i1 = 0; i1 <= min_r floor((U_r . (i0) + w_r) / d_r); i1++)
//!     ...
//!       access(base + c0*i0 + c1*i1 + ...)
//! ```
//!
//! A loop has step 1 (a stride is folded into the coefficients `c`) and lower bound 0 (a
//! single affine lower bound is folded into `c` too, as in the paper's canonical form),
//! unless it has lower faces: then it starts at their maximum `max ceil((L . outer + v) / d)`
//! (section 4.3's multiple lower bounds). Its upper bound is the minimum of one or more faces
//! `floor((U . outer + w) / d)`, affine in the outer iterators.
//! `d = 1` is the integer case of section 3.4; `d > 1` is the paper's `-U(r,j) * i_j <= u(i)`
//! form of section 4.5 (a rational slope, e.g. `j <= i` with step 2 becomes `j' <= i / 2`).
//! Bounds are inclusive, as in the paper.
//!
//! A loop with lower faces may keep a step `s > 1`, as C writes it: `for (l = max(2j + 2, 3);
//! l <= 6; l += 3)`. It takes the values `start, start + s, ...` up to its upper bound, and
//! `start` may lie on a different residue modulo `s` at different outer iterators, which no
//! unit-step iterator with affine faces expresses (the lattice `start + sZ` changes with the
//! outer iterators). The engine introduces a step only where a restart falls between the
//! values of a unit-step loop ([`super::engine`]); otherwise the step is folded into `c`.

use std::fmt::Write;

/// One upper-bound face of a loop: `i_j <= floor((coefficients . outer + constant) / divisor)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    /// Coefficients of the outer iterators `i_0 .. i_{j-1}`, outermost first.
    pub coefficients: Vec<i64>,
    pub constant: i64,
    /// At least 1; 1 is an integer face.
    pub divisor: i64,
}

impl Face {
    pub fn constant(value: i64, outer: usize) -> Face {
        Face {
            coefficients: vec![0; outer],
            constant: value,
            divisor: 1,
        }
    }

    /// As a lower face: `ceil((coefficients . outer + constant) / divisor)`.
    pub fn ceil_value(&self, outer: &[i64]) -> i64 {
        -(-self.numerator(outer)).div_euclid(self.divisor)
    }

    /// The face's bound at the outer iterators `outer` (a prefix of the iteration vector).
    pub fn value(&self, outer: &[i64]) -> i64 {
        self.numerator(outer).div_euclid(self.divisor)
    }

    /// `coefficients . outer + constant`.
    fn numerator(&self, outer: &[i64]) -> i64 {
        self.coefficients.iter().zip(outer).fold(self.constant, |sum, (c, i)| sum + c * i)
    }
}

/// One loop of the nest: `for (i = max(lower); i <= min(upper); i += step)`, from 0 when
/// `lower` is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// Lower faces, `ceil` of each; empty: the canonical lower bound 0.
    pub lower: Vec<Face>,
    pub upper: Vec<Face>,
    /// At least 1; the values of the loop are `lower_bound + step * n` up to the upper bound.
    pub step: i64,
}

impl Loop {
    /// A unit-step loop with these faces.
    pub fn new(lower: Vec<Face>, upper: Vec<Face>) -> Loop {
        Loop { lower, upper, step: 1 }
    }

    pub fn lower_bound(&self, outer: &[i64]) -> i64 {
        self.lower.iter().map(|face| face.ceil_value(outer)).max().unwrap_or(0)
    }

    pub fn upper_bound(&self, outer: &[i64]) -> i64 {
        self.upper
            .iter()
            .map(|face| face.value(outer))
            .min()
            .unwrap_or(i64::MAX)
    }
}

/// A perfectly nested loop with one access, `base + coefficients . i` (equation 1, with the
/// base address `a_1` of the trace in place of `V + c_0`, as the paper does in section 3.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nest {
    pub base: i64,
    /// `c_j`: the stride of loop j, outermost first.
    pub coefficients: Vec<i64>,
    pub loops: Vec<Loop>,
}

impl Nest {
    pub fn depth(&self) -> usize {
        self.loops.len()
    }

    /// Calls `visit` with every address the nest issues, in execution order; stops early and
    /// returns false when `visit` returns false.
    pub fn generate(&self, visit: &mut dyn FnMut(i64) -> bool) -> bool {
        let mut index = vec![0; self.depth()];
        self.generate_level(0, &mut index, self.base, visit)
    }

    fn generate_level(
        &self,
        level: usize,
        index: &mut [i64],
        address: i64,
        visit: &mut dyn FnMut(i64) -> bool,
    ) -> bool {
        if level == self.depth() {
            return visit(address);
        }
        let upper = self.loops[level].upper_bound(&index[..level]);
        let lower = self.loops[level].lower_bound(&index[..level]);
        let (stride, step) = (self.coefficients[level], self.loops[level].step);
        // The innermost loop is the hot one: no recursion per address.
        if level + 1 == self.depth() {
            if step == 1 {
                return (lower..=upper).all(|i| visit(address + stride * i));
            }
            return values(lower, upper, step).all(|i| visit(address + stride * i));
        }
        for i in values(lower, upper, step) {
            index[level] = i;
            if !self.generate_level(level + 1, index, address + stride * i, visit) {
                return false;
            }
        }
        index[level] = 0;
        true
    }

    /// Every address the nest issues (the paper's trace `A`), for tests and `--check`.
    pub fn regenerate(&self) -> Vec<i64> {
        let mut trace = Vec::new();
        self.generate(&mut |address| {
            trace.push(address);
            true
        });
        trace
    }

    /// The number of addresses the nest issues.
    pub fn count(&self) -> u64 {
        let mut count = 0u64;
        self.generate(&mut |_| {
            count += 1;
            true
        });
        count
    }

    /// How many integers describe the nest: base, coefficients, per face its coefficients,
    /// constant and divisor (the paper's `U`, `w` and `c`, section 3.6), and the step of a
    /// loop whose step is not 1.
    pub fn integers(&self) -> usize {
        1 + self.coefficients.len()
            + self
                .loops
                .iter()
                .flat_map(|l| &l.upper)
                .map(|face| face.coefficients.len() + 2)
                .sum::<usize>()
            + self.loops.iter().filter(|l| l.step != 1).count()
    }

    /// The nest in C-like form, one line per loop, indented by `indent` spaces.
    pub fn print(&self, indent: usize) -> String {
        let mut out = String::new();
        for (level, l) in self.loops.iter().enumerate() {
            let pad = " ".repeat(indent + 2 * level);
            let name = iterator_name(level);
            let bound = print_bound(&l.upper, "min", "floord");
            let start = if l.lower.is_empty() { "0".to_string() } else { print_bound(&l.lower, "max", "ceild") };
            let increment = if l.step == 1 { format!("{name}++") } else { format!("{name} += {}", l.step) };
            let _ = writeln!(out, "{pad}for ({name} = {start}; {name} <= {bound}; {increment})");
        }
        let pad = " ".repeat(indent + 2 * self.depth());
        let _ = writeln!(
            out,
            "{pad}access({});",
            print_affine(&self.coefficients, self.base, true)
        );
        out
    }
}

/// `lower, lower + step, ...` up to `upper` inclusive.
fn values(lower: i64, upper: i64, step: i64) -> impl Iterator<Item = i64> {
    (lower..=upper).step_by(step as usize)
}

/// `i`, `j`, `k`, `l`, then `i4`, `i5`, ...: the names the printer gives iterators.
pub fn iterator_name(level: usize) -> String {
    match level {
        0..=3 => ["i", "j", "k", "l"][level].to_string(),
        _ => format!("i{level}"),
    }
}

/// `min(...)` of upper faces (`floord` for a divisor), `max(...)` of lower ones (`ceild`).
fn print_bound(faces: &[Face], combine: &str, divide: &str) -> String {
    let printed: Vec<String> = faces.iter().map(|face| print_face(face, divide)).collect();
    if printed.len() == 1 {
        printed.into_iter().next().unwrap()
    } else {
        format!("{combine}({})", printed.join(", "))
    }
}

fn print_face(face: &Face, divide: &str) -> String {
    let numerator = print_affine(&face.coefficients, face.constant, false);
    if face.divisor == 1 {
        numerator
    } else {
        format!("{divide}({numerator}, {})", face.divisor)
    }
}

/// `constant + c0*i + c1*j ...` with zero terms left out; addresses in hexadecimal.
fn print_affine(coefficients: &[i64], constant: i64, address: bool) -> String {
    let mut out = String::new();
    if constant != 0 || coefficients.iter().all(|&c| c == 0) {
        if address && constant >= 0 {
            let _ = write!(out, "{constant:#x}");
        } else {
            let _ = write!(out, "{constant}");
        }
    }
    for (level, &c) in coefficients.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let name = iterator_name(level);
        let magnitude = c.unsigned_abs();
        let term = if magnitude == 1 {
            name
        } else {
            format!("{magnitude}*{name}")
        };
        match (out.is_empty(), c < 0) {
            (true, false) => out.push_str(&term),
            (true, true) => {
                let _ = write!(out, "-{term}");
            }
            (false, false) => {
                let _ = write!(out, " + {term}");
            }
            (false, true) => {
                let _ = write!(out, " - {term}");
            }
        }
    }
    out
}
