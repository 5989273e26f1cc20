//! TRE against paper 002's own examples and against random loop nests.

use super::*;
use crate::test_random;

fn nest_of(trace: &[i64]) -> Nest {
    let outcome = reconstruct_nest(trace, Limits::default());
    let nest = outcome.nest.expect("a nest");
    assert!(regenerates(&nest, trace));
    nest
}

fn face(coefficients: &[i64], constant: i64, divisor: i64) -> Face {
    Face {
        coefficients: coefficients.to_vec(),
        constant,
        divisor,
    }
}

/// Figures 3 and 4: `A[i][k]` at line 11 of cholesky (N = 32, doubles) comes back as the
/// paper's nest at the end of section 3.4: `DO i1 = 0, 29; DO i2 = 0, 29 - i1; DO i3 = 0, i1;
/// a1 + 256 i1 + 8 i3`.
#[test]
fn cholesky_figure_4() {
    let (n, base) = (32i64, 0x1e2d040i64);
    let mut trace = Vec::new();
    for i in 0..n {
        for _j in i + 1..n {
            for k in 0..i {
                trace.push(base + 8 * (i * n + k));
            }
        }
    }
    assert_eq!(trace[0], 0x1e2d140);
    assert_eq!(trace[30], 0x1e2d240);
    let nest = nest_of(&trace);
    assert_eq!(nest.coefficients, vec![256, 0, 8]);
    assert_eq!(nest.loops[0].upper, vec![face(&[], 29, 1)]);
    assert_eq!(nest.loops[1].upper, vec![face(&[-1], 29, 1)]);
    assert_eq!(nest.loops[2].upper, vec![face(&[1, 0], 0, 1)]);
}

/// Figure 8 (section 4.2): `DO i1 = 0, 19; DO i2 = 0, min(9, 19 - i1); A[i1]` needs two upper
/// faces on i2 and no more loops.
#[test]
fn figure_8_multiple_upper_bounds() {
    let mut trace = Vec::new();
    for i1 in 0..=19i64 {
        for _i2 in 0..=9.min(19 - i1) {
            trace.push(0x4000 + 8 * i1);
        }
    }
    let nest = nest_of(&trace);
    assert_eq!(nest.depth(), 2);
    assert_eq!(nest.loops[1].upper.len(), 2);
}

/// Section 3: a 2-level loop over all of `A[N][M]` row-major is one loop of `N * M`.
#[test]
fn full_rows_coalesce() {
    let trace: Vec<i64> = (0..6)
        .flat_map(|i| (0..7).map(move |j| 0x100 + 4 * (7 * i + j)))
        .collect();
    let nest = nest_of(&trace);
    assert_eq!(nest.depth(), 1);
    assert_eq!(nest.loops[0].upper, vec![face(&[], 41, 1)]);
}

/// The acceptance example of issue 19: `for i < 300, for j <= i step 2: A[i][j]` is a
/// 2-deep nest, `j' <= floor(i / 2)` (section 4.5's rational slope).
#[test]
fn triangle_with_step_two() {
    let mut trace = Vec::new();
    for i in 0..300i64 {
        for j in (0..=i).step_by(2) {
            trace.push(0x10000 + 8 * (300 * i + j));
        }
    }
    let nest = nest_of(&trace);
    assert_eq!(nest.depth(), 2);
    assert_eq!(nest.coefficients, vec![2400, 16]);
    assert_eq!(nest.loops[1].upper, vec![face(&[1], 0, 2)]);
    let printed = nest.print(0);
    assert!(printed.contains("j <= floord(i, 2)"), "{printed}");
}

/// Figure 9 (section 4.3): `DO i1 = 0, 20; DO i2 = max(0, i1 - 10), 9; A[i1 + 2 * i2]`
/// needs a second lower face on i2; at `[11 1]` the paper adds `i2 >= i1 - 10`.
#[test]
fn figure_9_multiple_lower_bounds() {
    let mut trace = Vec::new();
    for i1 in 0..=20i64 {
        for i2 in 0.max(i1 - 10)..=9 {
            trace.push(0x8000 + 8 * (i1 + 2 * i2));
        }
    }
    let nest = nest_of(&trace);
    assert_eq!(nest.depth(), 2, "{}", nest.print(0));
    assert_eq!(nest.coefficients, vec![8, 16]);
    assert_eq!(nest.loops[1].lower_bound(&[11]), 1);
    assert!(nest.print(0).contains("for (j = max("), "{}", nest.print(0));
}

/// Random nest 675 of `random_nests_reconstruct_exactly`: `for i <= 5, for i + 2 <= j <= 5,
/// for 2 - i <= k <= min(4, i + 2), for (l = 1; l <= 2k + 5; l += 3)` is 4 loops once the
/// innermost has the rational face `t <= floor((2k' - 2i + 8) / 3)` (section 4.5), whose slope
/// along `i` only the lines' first hull points show.
#[test]
fn rational_face_on_two_iterators() {
    let mut trace = Vec::new();
    for i in 0..=5i64 {
        for j in i + 2..=5 {
            for k in 2 - i..=4.min(i + 2) {
                for l in (1..=2 * k + 5).step_by(3) {
                    trace.push(71232 - 56 * i - 72 * j + 32 * k - 64 * l);
                }
            }
        }
    }
    let nest = nest_of(&trace);
    assert_eq!(nest.depth(), 4, "{}", nest.print(0));
    assert_eq!(nest.loops[3].upper, vec![face(&[-2, 0, 2], 8, 3)], "{}", nest.print(0));
}

/// Random nest 289 of `random_nests_reconstruct_exactly`: `for (i = 1; i <= 5; i += 3), for
/// (j = 1 - i; j <= 2i + 5; j += 2), for 1 <= k <= 4, for (l = max(2j + 2, 3); l <= 6; l +=
/// 3)`. The start of `l` is 3, 3, 4 at `j` = -3, -1, 1 (`i = 4`), off the multiples of 3 at
/// `j = 1`, so no unit-step iterator with affine faces gives it: it comes back as 4 loops, the
/// last one keeping its step.
#[test]
fn stepped_loop_whose_start_changes_residue() {
    let mut trace = Vec::new();
    for i in (1..=5i64).step_by(3) {
        for j in (1 - i..=2 * i + 5).step_by(2) {
            for k in 1..=4i64 {
                for l in ((2 * j + 2).max(3)..=6).step_by(3) {
                    trace.push(73256 - 104 * i + 8 * j + 136 * k - 128 * l);
                }
            }
        }
    }
    let nest = nest_of(&trace);
    assert_eq!(nest.depth(), 4, "{}", nest.print(0));
    assert_eq!(nest.loops[3].step, 3, "{}", nest.print(0));
    assert!(nest.print(0).contains("l += 3)"), "{}", nest.print(0));
}

/// A loop with a step and a lower face, as C writes it: `for i <= 2, for (j = max(i, 1); j <=
/// 7; j += 3)` issues `j` = 1, 4, 7; 1, 4, 7; 2, 5 and prints and counts its step.
#[test]
fn nest_with_a_step() {
    let nest = Nest {
        base: 0x100,
        coefficients: vec![64, 8],
        loops: vec![
            Loop::new(Vec::new(), vec![face(&[], 2, 1)]),
            Loop {
                lower: vec![face(&[1], 0, 1), face(&[0], 1, 1)],
                upper: vec![face(&[0], 7, 1)],
                step: 3,
            },
        ],
    };
    let expected: Vec<i64> = (0..=2i64)
        .flat_map(|i| (i.max(1)..=7).step_by(3).map(move |j| 0x100 + 64 * i + 8 * j))
        .collect();
    assert_eq!(nest.regenerate(), expected);
    assert_eq!(nest.count(), 8);
    assert_eq!(
        nest.print(0),
        "for (i = 0; i <= 2; i++)\n  for (j = max(i, 1); j <= 7; j += 3)\n    access(0x100 + 64*i + 8*j);\n"
    );
    // The base, 2 coefficients, upper faces of 0 + 2 and 1 + 2 integers, the step.
    assert_eq!(nest.integers(), 1 + 2 + 2 + 3 + 1);
}

#[test]
fn noise_stays_raw_and_exact() {
    let mut random = test_random(7);
    let trace: Vec<i64> = (0..500).map(|_| random(1 << 20) as i64).collect();
    let reconstruction = reconstruct(&trace, Limits::default());
    assert_eq!(reconstruction.regenerate(), trace);
    assert!(reconstruction.statistics().raw > 400);
}

#[test]
fn two_nests_in_sequence() {
    let mut trace: Vec<i64> = (0..40)
        .flat_map(|i| (0..=i).map(move |j| 8 * (64 * i + j)))
        .collect();
    trace.extend((0..30).flat_map(|i| (0..20).map(move |j| 0x90000 + 8 * (i + 30 * j))));
    let reconstruction = reconstruct(&trace, Limits::default());
    assert_eq!(reconstruction.first_mismatch(&trace), None);
    // One 4-deep nest covers both (its outer loop of 2 iterations switches between them):
    // fewer pieces come first, as in the paper, where a sequence is only the fallback.
    let stats = reconstruction.statistics();
    assert_eq!(stats.raw, 0, "{}", reconstruction.print());
    assert!(
        stats.compressed_bytes <= 8 * 40,
        "{}",
        reconstruction.print()
    );
}

#[test]
fn statistics_and_printing() {
    let trace: Vec<i64> = (0..10)
        .flat_map(|i| (0..=i).map(move |j| 8 * (16 * i + j)))
        .collect();
    let reconstruction = reconstruct(&trace, Limits::default());
    let stats = reconstruction.statistics();
    assert_eq!(
        (stats.length, stats.depth, stats.pieces, stats.raw),
        (55, 2, 1, 0)
    );
    assert_eq!(stats.compressed_bytes, 8 * 8);
    assert_eq!(
        reconstruction.print(),
        "// piece 0: nest of 2 loops, 55 accesses\n\
         for (i = 0; i <= 9; i++)\n  for (j = 0; j <= i; j++)\n    access(128*i + 8*j);\n"
    );
}

/// One loop of a generated nest: `i` from `max(lower)` to `min(upper)` by `step`, faces
/// affine in the outer iterators (not normalized, unlike TRE's canonical form).
struct GeneratedLoop {
    lower: Vec<(Vec<i64>, i64)>,
    upper: Vec<(Vec<i64>, i64)>,
    step: i64,
}

struct GeneratedNest {
    loops: Vec<GeneratedLoop>,
    coefficients: Vec<i64>,
    base: i64,
}

/// What a generated nest has, for the per-class report.
#[derive(Default, Clone, Copy)]
struct Classes {
    triangular: bool,
    strided: bool,
    several_upper: bool,
    several_lower: bool,
}

fn affine(face: &(Vec<i64>, i64), outer: &[i64]) -> i64 {
    face.0.iter().zip(outer).map(|(a, i)| a * i).sum::<i64>() + face.1
}

impl GeneratedNest {
    /// The addresses, and whether some loop inside another had no iteration (its bounds then
    /// imply a lower face the generator did not write, section 4.3).
    fn trace(&self, limit: usize) -> Option<(Vec<i64>, bool)> {
        let mut out = Vec::new();
        let mut index = Vec::new();
        let mut empty_inner = false;
        self.walk(0, &mut index, &mut out, limit, &mut empty_inner)
            .then_some((out, empty_inner))
    }

    fn walk(
        &self,
        level: usize,
        index: &mut Vec<i64>,
        out: &mut Vec<i64>,
        limit: usize,
        empty_inner: &mut bool,
    ) -> bool {
        if level == self.loops.len() {
            out.push(
                self.base
                    + self
                        .coefficients
                        .iter()
                        .zip(index.iter())
                        .map(|(c, i)| c * i)
                        .sum::<i64>(),
            );
            return out.len() <= limit;
        }
        let l = &self.loops[level];
        let low = l.lower.iter().map(|f| affine(f, index)).max().unwrap();
        let high = l.upper.iter().map(|f| affine(f, index)).min().unwrap();
        *empty_inner |= level > 0 && high < low;
        let mut i = low;
        while i <= high {
            index.push(i);
            let ok = self.walk(level + 1, index, out, limit, empty_inner);
            index.pop();
            if !ok {
                return false;
            }
            i += l.step;
        }
        true
    }
}

fn random_face(
    random: &mut impl FnMut(u64) -> u64,
    level: usize,
    constant: i64,
    classes: &mut Classes,
) -> (Vec<i64>, i64) {
    let mut coefficients = vec![0; level];
    if level > 0 && random(2) == 0 {
        let axis = random(level as u64) as usize;
        coefficients[axis] = [-1, 1, 1, 2][random(4) as usize];
        classes.triangular = true;
    }
    (coefficients, constant)
}

fn random_nest(random: &mut impl FnMut(u64) -> u64) -> (GeneratedNest, Classes) {
    let depth = 1 + random(4) as usize;
    let extent = [60, 14, 7, 5][depth - 1];
    let mut classes = Classes::default();
    let mut loops = Vec::new();
    for level in 0..depth {
        let step = if random(4) == 0 {
            2 + random(2) as i64
        } else {
            1
        };
        classes.strided |= step > 1;
        let low = random(3) as i64;
        let mut lower = vec![random_face(random, level, low, &mut classes)];
        let high = low + 1 + random(extent) as i64;
        let mut upper = vec![random_face(random, level, high, &mut classes)];
        if random(4) == 0 {
            let constant = high - 1 - random(3) as i64;
            upper.push(random_face(random, level, constant, &mut classes));
            classes.several_upper = true;
        }
        if level > 0 && random(8) == 0 {
            let constant = low + 1 + random(2) as i64;
            lower.push(random_face(random, level, constant, &mut classes));
            classes.several_lower = true;
        }
        loops.push(GeneratedLoop { lower, upper, step });
    }
    let coefficients = (0..depth).map(|_| 8 * (random(41) as i64 - 20)).collect();
    (
        GeneratedNest {
            loops,
            coefficients,
            base: 0x10000 + 8 * random(1000) as i64,
        },
        classes,
    )
}

/// 1000 random nests (depth 1 to 4, triangular and non-rectangular bounds, steps, affine
/// subscripts, several upper and lower faces): every reconstruction regenerates its trace,
/// and one nest with no more loops than the generator's is found (nests with several lower
/// faces counted apart).
///
/// All 665 nests without several lower faces come back minimal, among them nest 557 (`i` in
/// {0, 3}; `j` from `i + 1` to `2i + 5`; `k` from `-j` to 5; coefficients -160, -64, -8),
/// where the jump from `j = 1` to `j = 2` equals the inner stride -8, so that the first two
/// inner runs look like one: the engine keeps the alternatives to predictions taken on
/// bounds not yet settled (see [`super::engine`]).
///
/// All 335 nests with several lower faces (written, or implied by an inner loop with no
/// iteration) come back with no more loops too (section 4.3 with `K = 1`), among them:
/// - nest 289 (`i` in {1, 4}; `j` from `1 - i` step 2 to `2i + 5`; `k` from 1 to 4; `l` from
///   `max(2j + 2, 3)` step 3 to 6), for which no nest of 4 unit-step loops with affine faces
///   exists: `l` starts on the lattice `max(2j + 2, 3) mod 3`, which changes with `j` (3, 3,
///   4 for `j` = -3, -1, 1 at `i = 4`; 3, 6 for `j` = 0, 2 at `i = 1`), while an iterator `t`
///   with `l = 3t + affine(i, j)` needs the start minus an affine function to be a multiple of
///   3 at every `(i, j)`: four of those five points are affinely dependent and force the
///   fifth, which is 1 off. Its last loop keeps the step 3, with lower faces (see
///   [`super::engine`], steps), as in [`stepped_loop_whose_start_changes_residue`].
/// - nest 675 (`i` from 0 to 5; `j` from `i + 2` to 5; `k` from `2 - i` to `min(4, i + 2)`; `l`
///   from 1 step 3 to `2k + 5`), whose 4 loops need the rational face `t <= floor((2k' - 2i +
///   8) / 3)`: its slope along `i` is rarer among the hull points than the local slopes of its
///   floor (see [`super::bounds`]), as in [`rational_face_on_two_iterators`].
#[test]
fn random_nests_reconstruct_exactly() {
    let mut random = test_random(0x7e5eed);
    let (mut tried, mut minimal, mut lower_total, mut lower_minimal) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let mut lower_failures = Vec::new();
    while tried < 1000 {
        let (generated, classes) = random_nest(&mut random);
        let Some((trace, empty_inner)) = generated.trace(20_000) else {
            continue;
        };
        if trace.len() < 2 {
            continue;
        }
        tried += 1;
        let reconstruction = reconstruct(&trace, Limits::default());
        assert_eq!(
            reconstruction.first_mismatch(&trace),
            None,
            "nest {tried} not exact"
        );
        let nest = reconstruct_nest(&trace, Limits::default()).nest;
        let ok = nest
            .as_ref()
            .is_some_and(|n| n.depth() <= generated.loops.len());
        if classes.several_lower || empty_inner {
            lower_total += 1;
            lower_minimal += ok as usize;
            if !ok {
                lower_failures.push(tried);
            }
        } else if ok {
            minimal += 1;
        } else {
            if failures.len() < 4 {
                for l in &generated.loops {
                    eprintln!(
                        "  loop lower {:?} upper {:?} step {}",
                        l.lower, l.upper, l.step
                    );
                }
                eprintln!(
                    "  coefficients {:?} trace {:?}",
                    generated.coefficients,
                    &trace[..trace.len().min(60)]
                );
                if let Some(n) = &nest {
                    eprintln!("{}", n.print(2));
                }
            }
            failures.push((
                tried,
                generated.loops.len(),
                trace.len(),
                classes.triangular,
                classes.strided,
                classes.several_upper,
            ));
        }
    }
    eprintln!(
        "random nests: {minimal} of {} without several lower faces minimal; with several lower faces (written or implied by an empty inner loop) {lower_minimal} of {lower_total} (not: {lower_failures:?})",
        1000 - lower_total
    );
    for f in failures.iter().take(20) {
        eprintln!(
            "  not minimal: nest {} depth {} length {} triangular {} strided {} several upper {}",
            f.0, f.1, f.2, f.3, f.4, f.5
        );
    }
    let failed: Vec<usize> = failures.iter().map(|f| f.0).collect();
    assert_eq!(
        failed,
        Vec::<usize>::new(),
        "nests without several lower faces not reconstructed minimally"
    );
    assert_eq!(
        lower_failures,
        Vec::<usize>::new(),
        "nests with several lower faces not reconstructed minimally ({lower_minimal} of {lower_total} minimal)"
    );
    assert_eq!((minimal, lower_minimal, lower_total), (665, 335, 335));
}


/// Ten traces that are 2 or 3 random nests one after the other (paper 002, section 4.6: a
/// sequence of nests): every reconstruction regenerates its trace. Known weakness, measured
/// with this seed: where no single nest fits, the search per piece is slow (0.9 to 6 s for
/// 38 to 273 addresses: every depth cap runs out of quota before the trace is cut) and the
/// split points are often missed, so 3 of the 10 keep raw addresses.
#[test]
fn random_sequences_of_nests_reconstruct_exactly() {
    let mut random = test_random(0x5e9);
    let (mut tried, mut no_raw) = (0, 0);
    while tried < 10 {
        let count = 2 + random(2) as usize;
        let mut trace = Vec::new();
        for _ in 0..count {
            let (generated, _) = random_nest(&mut random);
            if let Some((part, _)) = generated.trace(5_000) {
                trace.extend(part);
            }
        }
        if trace.len() < 2 {
            continue;
        }
        tried += 1;
        let reconstruction = reconstruct(&trace, Limits::default());
        assert_eq!(reconstruction.first_mismatch(&trace), None, "sequence {tried} not exact");
        no_raw += (reconstruction.statistics().raw == 0) as usize;
    }
    eprintln!("sequences of nests: {no_raw} of 10 without raw addresses");
    assert!(no_raw >= 7, "{no_raw} of 10 sequences without raw addresses");
}
