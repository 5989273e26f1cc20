//! Property tests of folding (paper 000, sections 4.2 and 5): on random streams generated from
//! random affine loop nests, with and without irregular points,
//! - without widening and give-up, expanding the folded stream gives back exactly the input;
//! - with widening and give-up, the folded domains contain every input point, and the
//!   expansion is exactly the input whenever no coefficient is `Top`;
//! - the constraints of every piece hold exactly on the points its expansion lists.
//!
//! The generator is a seeded xorshift; a failing seed is printed and can become a named test.

use runtime::folding::{fold, FoldedStream, FoldingOptions};
use std::collections::BTreeSet;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % ((high - low + 1) as u64)) as i64
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// An affine expression `constant + coefficients . outer`.
#[derive(Debug)]
struct Affine {
    constant: i64,
    coefficients: Vec<i64>,
}

impl Affine {
    fn random(rng: &mut Rng, outer: usize, constant: (i64, i64), coefficient: (i64, i64)) -> Affine {
        Affine {
            constant: rng.range(constant.0, constant.1),
            coefficients: (0..outer).map(|_| rng.range(coefficient.0, coefficient.1)).collect(),
        }
    }
    fn at(&self, point: &[i64]) -> i64 {
        self.constant + self.coefficients.iter().zip(point).map(|(c, x)| c * x).sum::<i64>()
    }
}

/// A loop nest: bounds of each loop affine in the outer iterators (slopes -1..1), label
/// components affine in all iterators.
#[derive(Debug)]
struct Nest {
    lower: Vec<Affine>,
    upper: Vec<Affine>,
    labels: Vec<Affine>,
}

impl Nest {
    fn random(rng: &mut Rng) -> Nest {
        let depth = rng.range(1, 3) as usize;
        let lower = (0..depth).map(|a| Affine::random(rng, a, (0, 2), (-1, 1))).collect();
        let upper = (0..depth).map(|a| Affine::random(rng, a, (1, 6), (-1, 1))).collect();
        let components = rng.range(0, 2) as usize;
        let labels = (0..components).map(|_| Affine::random(rng, depth, (-50, 50), (-6, 6))).collect();
        Nest { lower, upper, labels }
    }

    fn points(&self, prefix: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
        let axis = prefix.len();
        if axis == self.lower.len() {
            out.push(prefix.clone());
            return;
        }
        for x in self.lower[axis].at(prefix)..=self.upper[axis].at(prefix) {
            prefix.push(x);
            self.points(prefix, out);
            prefix.pop();
        }
    }

    /// The stream, with `irregular_percent` of the points dropped or relabelled at random.
    fn stream(&self, rng: &mut Rng, irregular_percent: u64) -> Vec<(Vec<i64>, Vec<i64>)> {
        let mut points = Vec::new();
        self.points(&mut Vec::new(), &mut points);
        let mut stream = Vec::new();
        for point in points {
            let mut label: Vec<i64> = self.labels.iter().map(|f| f.at(&point)).collect();
            if irregular_percent > 0 && rng.chance(irregular_percent) {
                if rng.chance(50) {
                    continue;
                }
                label.iter_mut().for_each(|l| *l = rng.range(-1000, 1000));
            }
            stream.push((point, label));
        }
        stream
    }
}

fn exact_points(stream: &[(Vec<i64>, Vec<i64>)]) -> Vec<(Vec<i64>, Option<Vec<i64>>)> {
    stream.iter().map(|(p, l)| (p.clone(), Some(l.clone()))).collect()
}

/// The constraints of each piece hold exactly on its expansion inside the bounding box.
fn check_constraints_match_expansion(folded: &FoldedStream, seed: u64) {
    for piece in &folded.pieces {
        let expansion: BTreeSet<Vec<i64>> = piece.expand().into_iter().collect();
        let space = piece.space();
        let low: Vec<i64> = (0..space).map(|a| piece.vertices.iter().map(|v| v[a]).min().unwrap() - 1).collect();
        let high: Vec<i64> = (0..space).map(|a| piece.vertices.iter().map(|v| v[a]).max().unwrap() + 1).collect();
        let constraints = piece.constraints();
        for point in box_points(&low, &high) {
            let inside = constraints.iter().all(|c| c.holds(&point));
            assert_eq!(
                inside,
                expansion.contains(&point),
                "seed {seed}: point {point:?}, piece {piece:?}, constraints {constraints:?}"
            );
        }
    }
}

fn box_points(low: &[i64], high: &[i64]) -> Vec<Vec<i64>> {
    let mut points = vec![Vec::new()];
    for axis in 0..low.len() {
        points = points
            .into_iter()
            .flat_map(|p: Vec<i64>| {
                (low[axis]..=high[axis]).map(move |x| {
                    let mut q = p.clone();
                    q.push(x);
                    q
                })
            })
            .collect();
    }
    points
}

const CASES: u64 = 400;

#[test]
fn without_widening_expansion_gives_back_the_input() {
    let options = FoldingOptions { label_widening: false, geometric_give_up: None };
    for seed in 1..=CASES {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let nest = Nest::random(&mut rng);
        let irregular = if seed % 2 == 0 { 0 } else { 15 };
        let stream = nest.stream(&mut rng, irregular);
        let space = nest.lower.len();
        let folded = fold(space, nest.labels.len(), options, &stream).unwrap();
        assert!(folded.is_exact(), "seed {seed}");
        assert_eq!(folded.expand(), exact_points(&stream), "seed {seed}: {nest:?}");
        check_constraints_match_expansion(&folded, seed);
        if irregular == 0 && space <= 2 && !stream.is_empty() && nest.lower.iter().chain(&nest.upper).all(|b| b.coefficients.iter().all(|&c| c == 0)) {
            assert_eq!(folded.pieces.len(), 1, "seed {seed}: a rectangle folds into one piece");
        }
    }
}

#[test]
fn with_widening_and_give_up_domains_contain_every_point() {
    for seed in 1..=CASES {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let nest = Nest::random(&mut rng);
        let irregular = [0, 5, 30][(seed % 3) as usize];
        let stream = nest.stream(&mut rng, irregular);
        let space = nest.lower.len();
        let folded = fold(space, nest.labels.len(), FoldingOptions::default(), &stream).unwrap();
        for (point, _) in &stream {
            assert!(folded.contains(point), "seed {seed}: {point:?} not in {}", folded.to_isl("S", None));
        }
        let expanded: BTreeSet<Vec<i64>> = folded.expand().into_iter().map(|(p, _)| p).collect();
        assert!(stream.iter().all(|(p, _)| expanded.contains(p)), "seed {seed}");
        if folded.is_exact() {
            assert_eq!(folded.expand(), exact_points(&stream), "seed {seed}");
        }
        let rectangular = nest.lower.iter().chain(&nest.upper).all(|b| b.coefficients.iter().all(|&c| c == 0));
        if irregular == 0 && rectangular && !stream.is_empty() {
            assert!(folded.is_exact(), "seed {seed}: affine labels on a box need no widening");
            assert_eq!(folded.pieces.len(), 1, "seed {seed}");
        }
        check_constraints_match_expansion(&folded, seed);
    }
}

#[test]
fn give_up_box_holds_every_point_of_an_irregular_stream() {
    // A 2-D stream where every third point is missing: many pieces, so folding gives up.
    let stream: Vec<(Vec<i64>, Vec<i64>)> = (0..50)
        .flat_map(|i| (0..50).map(move |j| (vec![i, j], vec![i * j])))
        .filter(|(p, _)| (p[0] * 50 + p[1]) % 3 != 0)
        .collect();
    let folded = fold(2, 1, FoldingOptions::default(), &stream).unwrap();
    assert!(folded.gave_up);
    assert!(folded.max_intermediate_polyhedra <= 4 * 2 + 2);
    assert!(stream.iter().all(|(p, _)| folded.contains(p)));
    let without = FoldingOptions { geometric_give_up: None, ..FoldingOptions::default() };
    let exact = fold(2, 1, without, &stream).unwrap();
    assert!(!exact.gave_up);
    assert!(exact.pieces.len() > 10);
}

#[test]
fn out_of_order_points_are_rejected() {
    let mut folder = runtime::folding::Folder::new(2, 0, FoldingOptions::default());
    folder.push(&[0, 1], &[]).unwrap();
    assert!(folder.push(&[0, 1], &[]).is_err());
    assert!(folder.push(&[0, 0], &[]).is_err());
    assert!(folder.push(&[1], &[]).is_err());
    assert!(folder.push(&[1, 0], &[]).is_ok());
}
