//! The recomputation heuristic (`propagation/src/recomputation.rs`): a temporary whose
//! propagation would evaluate its writer's value several times per element, across outer
//! loops, is kept when the operations added pass `Options::recomputation_limit`; copies of it
//! (a deinterleave) are propagated at no cost and count as its readers.

use polyhedral::lang::parse_scop;
use polyhedral::model::Scop;
use propagation::{propagate, CostModel, Options, Outcome, Reason, Recomputation, Report};

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
            assert_eq!(*recomputation, Recomputation { evaluations: 2.0, unrotated_evaluations: 2.0, operations: 6, loads: 5 }, "{report}")
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
            assert!(report.to_string().contains("recomputation heuristic: evaluated 2.00 times per element, 6 operations, 5 loads, 6 operations more per element, limit 5"), "{report}");
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
    let evaluations = |text: String| t_recomputation(&text).evaluations;
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

/// A dimension that holds two iterators, as the bilateral grid's flattened `[y * 16 + z]`
/// delinearizes: a read 16 elements away is 16 iterations of `z` away, which no rotation
/// carries (it takes contiguous shifts), while neighbours along `z` are carried.
#[test]
fn shifts_along_a_merged_dimension_count_in_runs() {
    let stage = |reads: &str| {
        format!(
            "scop s;
param N >= 4;
array in[N + 4][16 * N + 64] : f32 in;
array t[N + 4][16 * N + 64] : f32 temp;
array out[N][16 * N] : f32 out;
for i = 0 to N + 3 do
  for j = 0 to 16 * N + 63 do
    w: t[i][j] = in[i][j] * 2.0f + 1.0f;
  done
done
for i = 0 to N - 1 do
  for y = 0 to N - 1 do
    for z = 0 to 15 do
      r: out[i][16 * y + z] = {reads};
    done
  done
done
"
        )
    };
    let r = t_recomputation(&stage("t[i][16 * y + z] + t[i][16 * y + z + 16] + t[i][16 * y + z + 32]"));
    assert_eq!((r.evaluations, r.unrotated_evaluations), (3.0, 3.0));
    let r = t_recomputation(&stage("t[i][16 * y + z] + t[i][16 * y + z + 1] + t[i][16 * y + z + 32]"));
    assert_eq!((r.evaluations, r.unrotated_evaluations), (2.0, 3.0));
}

/// The estimate of temporary `t`, propagated without a limit.
fn t_recomputation(text: &str) -> Recomputation {
    let options = Options { recomputation_limit: None, ..Options::default() };
    let (_, report) = propagate(&parse_scop(text).unwrap(), &options).unwrap();
    match outcome(&report, "t") {
        Outcome::Propagated { recomputation, .. } => *recomputation,
        other => panic!("t: {other:?}\n{report}"),
    }
}

/// A stage read at clamped columns `t[i][max(j - 1, 0)]`, as the pipelines' borders are
/// written: the interior of the loop drops the clamps and the rotation carries the reads, so
/// they count once; without the rotation each counts.
#[test]
fn clamped_innermost_reads_count_once_with_the_rotation() {
    let text = "scop s;
param N >= 4;
array in[N][N] : f32 in;
array t[N][N] : f32 temp;
array out[N][N] : f32 out;
for i = 0 to N - 1 do
  for j = 0 to N - 1 do
    w: t[i][j] = in[i][j] * 2.0f + 1.0f;
  done
done
for i = 0 to N - 1 do
  for j = 0 to N - 1 do
    r: out[i][j] = t[i][max(j - 1, 0)] + t[i][j] + t[i][min(j + 1, N - 1)];
  done
done
";
    let r = t_recomputation(text);
    assert_eq!((r.evaluations, r.unrotated_evaluations), (1.0, 3.0));
}

/// The pieces of an upsampling, one per row parity (as splitting leaves them): each runs at
/// half of the rows, so `t[i / 2]` evaluates each element once per piece, not twice.
#[test]
fn pieces_of_a_split_count_their_share_of_the_iterations() {
    let text = "scop s;
param N >= 4;
array in[N + 1][N] : f32 in;
array t[N + 1][N] : f32 temp;
array out[2 * N][N] : f32 out;
for i = 0 to N do
  for j = 0 to N - 1 do
    w: t[i][j] = in[i][j] * 2.0f + 1.0f;
  done
done
for i = 0 to 2 * N - 1 do
  for j = 0 to N - 1 do
    if i % 2 == 0 then
      even: out[i][j] = t[i / 2][j] + t[i / 2 + 1][j];
    else
      odd: out[i][j] = t[i / 2][j] * 0.5f;
    fi
  done
done
";
    assert_eq!(t_recomputation(text).evaluations, 3.0);
}

/// A loop the subscripts do not use, outside one they use, re-reads each element at each of
/// its iterations: 3 for a colour loop of constant trip count.
#[test]
fn a_broadcast_over_a_constant_loop_counts_its_trip_count() {
    let text = "scop s;
param N >= 4;
array m[N][N] : f32 in;
array t[N][N] : f32 temp;
array out[3][N][N] : f32 out;
for i = 0 to N - 1 do
  for j = 0 to N - 1 do
    w: t[i][j] = m[i][j] * 2.0f + 1.0f;
  done
done
for c = 0 to 2 do
  for i = 0 to N - 1 do
    for j = 0 to N - 1 do
      r: out[c][i][j] = t[i][j] * 0.5f;
    done
  done
done
";
    assert_eq!(t_recomputation(text).evaluations, 3.0);
}

/// The cost model decides in place of the limit: the denoised image (evaluated twice, 6
/// operations and 5 loads: 11 instructions more per element) is kept when an element kept
/// costs less, propagated when it costs more; `propagate` overrides a refusal.
#[test]
fn the_cost_model_weighs_recomputation_against_the_array() {
    let with = |store: f64, load: f64, propagate: &[&str]| {
        let options = Options {
            cost_model: Some(CostModel { store, load }),
            recomputation_limit: Some(0),
            propagate: propagate.iter().map(|s| s.to_string()).collect(),
            ..Options::default()
        };
        propagate_report(&options)
    };
    // Kept: 9 + 1 * 2 = 11 per element, propagated 11 more: propagated (ties propagate).
    let report = with(9.0, 1.0, &[]);
    assert!(report.is_propagated("den"), "{report}");
    assert!(report.to_string().contains("predicted instructions per element: keep 11, propagate 11 (11 without recurrences)"), "{report}");
    let report = with(8.0, 1.0, &[]);
    match outcome(&report, "den") {
        Outcome::NotPropagated(Reason::Cost { prediction, .. }) => assert_eq!((prediction.keep, prediction.propagate), (10.0, 11.0)),
        other => panic!("den: {other:?}\n{report}"),
    }
    assert!(report.to_string().contains("den (temporary): not propagated: cost model: evaluated 2.00 times per element, 6 operations, 5 loads; predicted"), "{report}");
    assert!(with(8.0, 1.0, &["den"]).is_propagated("den"));
}

/// `propagate` overrides the recomputation limit too, and nothing else.
#[test]
fn propagate_overrides_the_limit() {
    let options = Options { recomputation_limit: Some(0), propagate: vec!["den".into()], ..Options::default() };
    assert!(propagate_report(&options).is_propagated("den"));
    let options = Options { recomputation_limit: Some(0), propagate: vec!["den".into()], keep: vec!["den".into()], ..Options::default() };
    assert!(!propagate_report(&options).is_propagated("den"));
}

fn propagate_report(options: &Options) -> Report {
    propagate(&scop(), options).unwrap().1
}

/// The loads of the writer's value count its distinct reads: a read repeated in the value is
/// one load (LLVM merges them), and the cost model weighs them with its operations.
#[test]
fn distinct_reads_count_as_loads() {
    let text = "scop s;
param N >= 4;
array in[N + 1][N] : f32 in;
array t[N][N] : f32 temp;
array out[N][N] : f32 out;
for i = 0 to N - 1 do
  for j = 0 to N - 1 do
    w: t[i][j] = in[i][j] * in[i][j] + in[i + 1][j];
  done
done
for i = 1 to N - 1 do
  for j = 0 to N - 1 do
    r: out[i][j] = t[i - 1][j] + t[i][j];
  done
done
";
    let r = t_recomputation(text);
    assert_eq!((r.operations, r.loads, r.instructions()), (2, 2, 4));
    assert_eq!(r.evaluations, 2.0);
}
