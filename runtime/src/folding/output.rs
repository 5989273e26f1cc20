//! The output of folding (paper 000, section 4.2): a union of elementary polyhedra, each with
//! one affine label function per label component; the constraints of each polyhedron; the
//! expansion of a folded stream back into its points and labels; and the isl-style notation.
//!
//! Notation (`FoldedStream::to_isl`): one isl map piece per polyhedron, pieces separated by
//! `;`, e.g. `{ I2[cj, ck] -> [1cj + top*ck + 67] : 0 <= cj <= 15 and 0 <= ck <= 42 }`.
//! Label functions are written as the paper's Tables 3 and 4 write them: each non-zero integer
//! coefficient with its value (`1cj`, `-2ck`), a `Top` coefficient as `top*ck` (an
//! uninterpreted function of that coordinate), then the constant. A stream with no label
//! components is written as a set `{ I4[cj, ck] : ... }`.

use super::label::{Coefficient, LabelFunction};
use super::linear_algebra::null_space;
use super::polyhedron::Polyhedron;
use std::fmt::Write;

/// One retired elementary polyhedron with its label functions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The `2^D` vertices, indexed as in `polyhedron` (bit `q-1`: upper face along dimension
    /// `q`, axis `D - q`).
    pub vertices: Vec<Vec<i64>>,
    /// One function per label component; no coefficient is `Unknown`.
    pub label_functions: Vec<LabelFunction>,
    /// The number of input points the piece holds.
    pub points: u64,
}

/// An affine constraint `coefficients . x + constant >= 0` (or `== 0` when `equality`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    pub coefficients: Vec<i64>,
    pub constant: i64,
    pub equality: bool,
}

impl Constraint {
    pub fn holds(&self, point: &[i64]) -> bool {
        let value: i128 = self.constant as i128
            + self.coefficients.iter().zip(point).map(|(&a, &x)| a as i128 * x as i128).sum::<i128>();
        if self.equality {
            value == 0
        } else {
            value >= 0
        }
    }
}

fn dot(a: &[i64], b: &[i64]) -> i64 {
    // (Wrapping: the vertices may come from a damaged profile file.)
    a.iter().zip(b).fold(0i64, |s, (x, y)| s.wrapping_add(x.wrapping_mul(*y)))
}

impl Piece {
    pub(crate) fn from_polyhedron(polyhedron: Polyhedron, space: usize) -> Piece {
        let mut label_functions = polyhedron.label_functions;
        label_functions.iter_mut().for_each(LabelFunction::finalize);
        // A stream may retire a piece per point: no spare capacity kept in the output.
        label_functions.shrink_to_fit();
        let vertices = if space == 0 {
            vec![Vec::new()]
        } else {
            polyhedron.vertices.chunks(space).map(<[i64]>::to_vec).collect()
        };
        Piece { vertices, label_functions, points: polyhedron.points }
    }

    /// The box `low..=high` with every label coefficient `Top` (geometric give-up).
    pub(crate) fn box_with_top_labels(low: &[i64], high: &[i64], label: &[i64], points: u64) -> Piece {
        let space = low.len();
        let vertices = (0..1usize << space)
            .map(|k| {
                (0..space)
                    .map(|axis| if (k >> (space - 1 - axis)) & 1 == 1 { high[axis] } else { low[axis] })
                    .collect()
            })
            .collect();
        let label_functions = label
            .iter()
            .map(|&l| LabelFunction { coefficients: vec![Coefficient::Top; space], remaining: l })
            .collect();
        Piece { vertices, label_functions, points }
    }

    pub fn space(&self) -> usize {
        self.vertices[0].len()
    }

    /// Whether every label function is affine (no `Top` coefficient).
    pub fn is_affine(&self) -> bool {
        !self.label_functions.iter().any(LabelFunction::has_top)
    }

    /// The integer points of the piece in lexicographic order: the layers along the outermost
    /// dimension, each an elementary polyhedron of one dimension less.
    pub fn expand(&self) -> Vec<Vec<i64>> {
        let mut points = Vec::new();
        expand_layers(&self.vertices, self.space(), &mut points);
        points
    }

    /// The label of `point` (assumed in the piece), or `None` when a coefficient is `Top`.
    pub fn label_at(&self, point: &[i64]) -> Option<Vec<i64>> {
        self.label_functions.iter().map(|f| f.evaluate(point)).collect()
    }

    /// The constraints of the piece: equalities of its affine hull, and one inequality per
    /// side face that is a facet.
    pub fn constraints(&self) -> Vec<Constraint> {
        let space = self.space();
        let origin = &self.vertices[0];
        let differences = |face: &[&Vec<i64>]| -> Vec<Vec<i64>> {
            face.iter().map(|v| v.iter().zip(&face[0][..]).map(|(a, b)| a - b).collect()).collect()
        };
        let all: Vec<&Vec<i64>> = self.vertices.iter().collect();
        let hull_equalities = null_space(&differences(&all), space);
        let mut constraints: Vec<Constraint> = hull_equalities
            .iter()
            .map(|n| Constraint { coefficients: n.clone(), constant: -dot(n, origin), equality: true })
            .collect();
        for bit in 0..space {
            for side in 0..2 {
                let face: Vec<&Vec<i64>> = self
                    .vertices
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| (k >> bit) & 1 == side)
                    .map(|(_, v)| v)
                    .collect();
                let normals = null_space(&differences(&face), space);
                if normals.len() != hull_equalities.len() + 1 {
                    continue; // not a facet
                }
                let Some(normal) = normals.iter().find(|n| {
                    let b = dot(n, face[0]);
                    self.vertices.iter().any(|v| dot(n, v) != b)
                }) else {
                    continue;
                };
                let offset = dot(normal, face[0]);
                let signs: Vec<i64> =
                    self.vertices.iter().map(|v| (dot(normal, v) - offset).signum()).collect();
                let constraint = if signs.iter().all(|&s| s >= 0) {
                    Constraint { coefficients: normal.clone(), constant: -offset, equality: false }
                } else if signs.iter().all(|&s| s <= 0) {
                    Constraint {
                        coefficients: normal.iter().map(|x| -x).collect(),
                        constant: offset,
                        equality: false,
                    }
                } else {
                    continue;
                };
                if !constraints.contains(&constraint) {
                    constraints.push(constraint);
                }
            }
        }
        constraints
    }

    /// Whether `point` satisfies the constraints of the piece.
    pub fn contains(&self, point: &[i64]) -> bool {
        self.constraints().iter().all(|c| c.holds(point))
    }
}

fn expand_layers(face: &[Vec<i64>], d: usize, points: &mut Vec<Vec<i64>>) {
    if d == 0 {
        points.push(face[0].clone());
        return;
    }
    let space = face[0].len();
    let axis = space - d;
    let half = face.len() / 2;
    let (lower, upper) = face.split_at(half);
    let steps = upper[0][axis] - lower[0][axis];
    if steps == 0 {
        expand_layers(lower, d - 1, points);
        return;
    }
    for t in 0..=steps {
        let layer: Vec<Vec<i64>> = lower
            .iter()
            .zip(upper)
            .map(|(l, u)| l.iter().zip(u).map(|(a, b)| a + t * (b - a) / steps).collect())
            .collect();
        expand_layers(&layer, d - 1, points);
    }
}

/// The folded form of one stream: its pieces and statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoldedStream {
    /// Number of coordinates of the iteration vectors.
    pub space: usize,
    /// Number of label components.
    pub label_components: usize,
    /// The retired polyhedra in retirement order.
    pub pieces: Vec<Piece>,
    /// Number of input points.
    pub points: u64,
    /// Whether geometric give-up happened (then the last piece is the give-up box).
    pub gave_up: bool,
    /// The most intermediate polyhedra alive at once (the paper's `#MP_I`).
    pub max_intermediate_polyhedra: usize,
}

impl FoldedStream {
    /// Every point of every piece with its label (`None` where a coefficient is `Top`), in
    /// lexicographic order. Equal to the input stream when no coefficient is `Top` and no
    /// give-up happened.
    pub fn expand(&self) -> Vec<(Vec<i64>, Option<Vec<i64>>)> {
        let mut all: Vec<(Vec<i64>, Option<Vec<i64>>)> = self
            .pieces
            .iter()
            .flat_map(|piece| {
                piece.expand().into_iter().map(move |p| {
                    let label = piece.label_at(&p);
                    (p, label)
                })
            })
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }

    /// Whether some piece contains `point`.
    pub fn contains(&self, point: &[i64]) -> bool {
        self.pieces.iter().any(|piece| piece.contains(point))
    }

    /// Whether the labels can be reconstructed (no `Top`, no give-up).
    pub fn is_exact(&self) -> bool {
        !self.gave_up && self.pieces.iter().all(Piece::is_affine)
    }

    /// Number of input points held by pieces with affine label functions (the paper's `%A`).
    pub fn affine_points(&self) -> u64 {
        // (Saturating: the counts may come from a profile file.)
        self.pieces.iter().filter(|p| p.is_affine()).fold(0u64, |n, p| n.saturating_add(p.points))
    }

    /// The stream in isl notation, named `name`, with `axis_names` for the coordinates
    /// (default `c0, c1, ...`).
    pub fn to_isl(&self, name: &str, axis_names: Option<&[&str]>) -> String {
        let names: Vec<String> = match axis_names {
            Some(names) => names.iter().map(|s| s.to_string()).collect(),
            None => (0..self.space).map(|a| format!("c{a}")).collect(),
        };
        let pieces: Vec<String> =
            self.pieces.iter().map(|piece| piece_to_isl(piece, name, &names)).collect();
        if pieces.is_empty() {
            return "{ }".to_string();
        }
        format!("{{ {} }}", pieces.join("; "))
    }
}

/// `NAME[c0, c1] -> [labels] : constraints`.
pub fn piece_to_isl(piece: &Piece, name: &str, names: &[String]) -> String {
    let mut text = format!("{name}[{}]", names.join(", "));
    if !piece.label_functions.is_empty() {
        let labels: Vec<String> =
            piece.label_functions.iter().map(|f| label_function_to_string(f, names)).collect();
        write!(text, " -> [{}]", labels.join(", ")).unwrap();
    }
    let constraints = constraints_to_string(&piece.constraints(), names);
    if !constraints.is_empty() {
        write!(text, " : {constraints}").unwrap();
    }
    text
}

/// The paper's notation: `1cj + top*ck + 67`.
pub fn label_function_to_string(function: &LabelFunction, names: &[String]) -> String {
    let mut terms: Vec<String> = Vec::new();
    for (coefficient, name) in function.coefficients.iter().zip(names) {
        match coefficient {
            Coefficient::Integer(0) | Coefficient::Unknown => {}
            Coefficient::Integer(c) => terms.push(format!("{c}{name}")),
            Coefficient::Top => terms.push(format!("top*{name}")),
        }
    }
    join_with_constant(terms, function.remaining)
}

fn join_with_constant(terms: Vec<String>, constant: i64) -> String {
    let mut text = String::new();
    for term in terms {
        if text.is_empty() {
            text = term;
        } else if let Some(negative) = term.strip_prefix('-') {
            write!(text, " - {negative}").unwrap();
        } else {
            write!(text, " + {term}").unwrap();
        }
    }
    if text.is_empty() {
        return constant.to_string();
    }
    match constant {
        0 => {}
        c if c < 0 => write!(text, " - {}", (c as i128).abs()).unwrap(),
        c => write!(text, " + {c}").unwrap(),
    }
    text
}

/// An affine expression in isl style: `cj`, `-ck`, `2cj + ck`.
fn linear_to_string(coefficients: &[i64], names: &[String]) -> String {
    let terms: Vec<String> = coefficients
        .iter()
        .zip(names)
        .filter(|(&c, _)| c != 0)
        .map(|(&c, name)| match c {
            1 => name.clone(),
            -1 => format!("-{name}"),
            c => format!("{c}{name}"),
        })
        .collect();
    join_with_constant(terms, 0)
}

/// Pairs each lower bound with the upper bound of the same expression: `0 <= cj <= 15`.
fn constraints_to_string(constraints: &[Constraint], names: &[String]) -> String {
    let mut constraints = constraints.to_vec();
    constraints.sort_by_key(|c| {
        let first = c.coefficients.iter().position(|&x| x != 0).unwrap_or(usize::MAX);
        (first, c.coefficients.iter().filter(|&&x| x != 0).count(), !c.equality)
    });
    let constraints = &constraints[..];
    let mut parts: Vec<String> = Vec::new();
    let mut used = vec![false; constraints.len()];
    for (i, c) in constraints.iter().enumerate() {
        if used[i] {
            continue;
        }
        used[i] = true;
        // Orient the expression so that its first non-zero coefficient is positive.
        let flip = c.coefficients.iter().find(|&&x| x != 0).is_some_and(|&x| x < 0);
        let expression: Vec<i64> =
            c.coefficients.iter().map(|&x| if flip { -x } else { x }).collect();
        let text = linear_to_string(&expression, names);
        if c.equality {
            let value = if flip { c.constant } else { -c.constant };
            parts.push(format!("{text} = {value}"));
            continue;
        }
        // c: sign*expr + constant >= 0.
        let bound = if flip { c.constant } else { -c.constant };
        let opposite = constraints.iter().enumerate().position(|(j, o)| {
            !used[j] && !o.equality && o.coefficients.iter().zip(&c.coefficients).all(|(a, b)| *a == -b)
        });
        match (flip, opposite) {
            (false, Some(j)) => {
                used[j] = true;
                parts.push(format!("{bound} <= {text} <= {}", constraints[j].constant));
            }
            (true, Some(j)) => {
                used[j] = true;
                parts.push(format!("{} <= {text} <= {bound}", -constraints[j].constant));
            }
            (false, None) => parts.push(format!("{text} >= {bound}")),
            (true, None) => parts.push(format!("{text} <= {bound}")),
        }
    }
    parts.join(" and ")
}
