//! The recomputation heuristic (`propagation/src/recomputation.rs`): a temporary whose
//! propagation would evaluate its writer's value several times per element, across outer
//! loops, is kept when the operations added pass `Options::recomputation_limit`; copies of it
//! (a deinterleave) are propagated at no cost and count as its readers.

use polyhedral::lang::parse_scop;
use polyhedral::model::Scop;
use propagation::{propagate, Options, Outcome, Reason, Recomputation, Report};

/// Camera pipe's shape: a denoised raw image, deinterleaved into four half-resolution planes,
/// each read at two rows by the demosaic stage. The denoising (6 operations) is evaluated
/// twice per element if propagated through the planes.
const DEINTERLEAVE: &str = "
scop deinterleave;
param H >= 2;
param W >= 2;
array raw[2 * H + 6][2 * W + 6] : f32 in;
array den[2 * H + 6][2 * W + 6] : f32 temp;
array ee[H + 2][W + 2] : f32 temp;
array eo[H + 2][W + 2] : f32 temp;
array oe[H + 2][W + 2] : f32 temp;
array oo[H + 2][W + 2] : f32 temp;
array out[H][W] : f32 out;
for y = 1 to 2 * H + 4 do
  for x = 1 to 2 * W + 4 do
    denoise: den[y][x] = (raw[y - 1][x] + raw[y + 1][x] + raw[y][x - 1] + raw[y][x + 1]) * 0.25f - raw[y][x] * 0.5f;
  done
done
for y = 0 to H + 1 do
  for x = 0 to W + 1 do
    pick_ee: ee[y][x] = den[2 * y + 1][2 * x + 1];
  done
done
for y = 0 to H + 1 do
  for x = 0 to W + 1 do
    pick_eo: eo[y][x] = den[2 * y + 1][2 * x + 2];
  done
done
for y = 0 to H + 1 do
  for x = 0 to W + 1 do
    pick_oe: oe[y][x] = den[2 * y + 2][2 * x + 1];
  done
done
for y = 0 to H + 1 do
  for x = 0 to W + 1 do
    pick_oo: oo[y][x] = den[2 * y + 2][2 * x + 2];
  done
done
for y = 0 to H - 1 do
  for x = 0 to W - 1 do
    demosaic: out[y][x] = ee[y][x] + ee[y + 1][x] + eo[y][x] + eo[y + 1][x + 1] + oe[y][x] - oe[y + 1][x] + oo[y][x] * oo[y + 1][x];
  done
done
";

fn outcome<'r>(report: &'r Report, name: &str) -> &'r Outcome {
    &report.locations.iter().find(|l| l.name == name).unwrap_or_else(|| panic!("no report for {name}")).outcome
}

fn scop() -> Scop {
    parse_scop(DEINTERLEAVE).unwrap()
}

#[test]
fn without_a_limit_the_denoised_image_is_propagated_and_its_recomputation_reported() {
    let (result, report) = propagate(&scop(), &Options::default()).unwrap();
    match outcome(&report, "den") {
        Outcome::Propagated { recomputation, .. } => {
            assert_eq!(*recomputation, Recomputation { evaluations: 2.0, operations: 6 }, "{report}")
        }
        other => panic!("den: {other:?}\n{report}"),
    }
    assert_eq!(result.statements.len(), 1, "{report}");
}

#[test]
fn under_the_limit_the_denoised_image_stays_and_its_copies_go() {
    let options = Options { recomputation_limit: Some(5), ..Options::default() };
    let (result, report) = propagate(&scop(), &options).unwrap();
    match outcome(&report, "den") {
        Outcome::NotPropagated(Reason::Recomputation { recomputation, limit: 5 }) => {
            assert_eq!(recomputation.extra_operations(), 6.0);
            assert!(report.to_string().contains("recomputation heuristic: evaluated 2.00 times per element, 6 operations, 6 operations more per element, limit 5"), "{report}");
        }
        other => panic!("den: {other:?}\n{report}"),
    }
    for plane in ["ee", "eo", "oe", "oo"] {
        assert!(report.is_propagated(plane), "{plane}: {:?}\n{report}", outcome(&report, plane));
    }
    let names: Vec<&str> = result.statements.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["denoise", "demosaic"]);
}

#[test]
fn at_the_limit_the_denoised_image_is_propagated() {
    let options = Options { recomputation_limit: Some(6), ..Options::default() };
    let (_, report) = propagate(&scop(), &options).unwrap();
    assert!(report.is_propagated("den"), "{report}");
}

/// Reads along the innermost loop are carried by the rotation of code generation, reads along
/// an outer loop are not; a loop outside the subscripts' loops re-reads every element.
#[test]
fn evaluations_count_outer_offsets_and_outer_broadcasts_only() {
    let stage = |reads: &str, loops: &str| {
        format!(
            "scop s;
param N >= 4;
array in[N + 4][N + 4] : f32 in;
array t[N + 4][N + 4] : f32 temp;
array out[N][N] : f32 out;
for i = 0 to N + 3 do
  for j = 0 to N + 3 do
    w: t[i][j] = in[i][j] * 2.0f + 1.0f;
  done
done
{loops}
    r: out[i][j] = {reads};
  done
done
"
        )
    };
    let nest = "for i = 0 to N - 1 do\n  for j = 0 to N - 1 do";
    let evaluations = |text: String| {
        let (_, report) = propagate(&parse_scop(&text).unwrap(), &Options::default()).unwrap();
        match outcome(&report, "t") {
            Outcome::Propagated { recomputation, .. } => recomputation.evaluations,
            other => panic!("t: {other:?}\n{report}"),
        }
    };
    assert_eq!(evaluations(stage("t[i][j] + t[i][j + 1] + t[i][j + 2]", nest)), 1.0);
    assert_eq!(evaluations(stage("t[i][j] + t[i + 1][j] + t[i + 2][j]", nest)), 3.0);
    assert_eq!(evaluations(stage("t[i][j] + t[i][j]", nest)), 1.0);
    // Upsampling reads each element at two values of each iterator.
    assert_eq!(evaluations(stage("t[i / 2][j / 2]", nest)), 4.0);
    // `t[j][0]` in the i-j nest: read again at every i (a broadcast along an outer loop).
    assert_eq!(evaluations(stage("t[j][0]", nest)), 8.0);
    // `t[0][i]` is the same value along j, which LLVM hoists out of the innermost loop.
    assert_eq!(evaluations(stage("t[0][i]", nest)), 1.0);
    // Two planes fixed to different constants: each element is read once.
    assert_eq!(evaluations(stage("t[0][j] + t[1][j]", nest)), 8.0);
    assert_eq!(evaluations(stage("t[i][0] + t[i][1]", nest)), 1.0);
}
