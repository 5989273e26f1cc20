//! The cost model of `schedule` (`polyhedral::schedule_cost`): a column walk costs a line
//! per instance and the scheduler's tiled order of the same product fewer; gemm in its
//! unit-stride order is as cheap either way but its register tiles reuse both inputs; a
//! matrix-vector product with unit strides gives the scheduler nothing to improve, nor does a
//! single loop down a column.

use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop;
use polyhedral::model::Scop;
use polyhedral::scalar_mapping::map_scalars;
use polyhedral::schedule_cost::{assess, choose, cost};
use polyhedral::scheduling::schedule;

fn program(name: &str) -> Scop {
    let path = format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_scop(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const MATRIX_VECTOR: &str = "scop mv;
param N >= 1;
array A[N][N] : f32 in;
array x[N] : f32 in;
array y[N] : f32 inout;
for i = 0 to N - 1 do
  for j = 0 to N - 1 do
    S0: y[i] = y[i] + A[i][j] * x[j];
  done
done
";

#[test]
fn a_column_walk_is_taken_out_by_the_new_schedule() {
    let ctx = IslContext::new(0);
    let mapped = map_scalars(&ctx, &program("reduction_scalar")).unwrap().scop;
    let source = assess(&ctx, &mapped).unwrap();
    let before = &source.cost;
    // S2: s = s + A[i][k] * B[k][j] along k: A within a line, B a line per instance.
    assert_eq!(before.strided, 2, "B[k][j] in the product and B[j][i] in the sum: {before}");
    assert!(source.worth_scheduling().is_ok());
    let scheduled = schedule(&ctx, &mapped, 16).unwrap().unwrap();
    let after = cost(&ctx, &scheduled.scop).unwrap();
    assert_eq!(after.compare(before), std::cmp::Ordering::Less, "{after} against {before}");
    let taken = choose(&ctx, &source, &scheduled.scop, None, scheduled.register_tiled).unwrap();
    assert!(taken.is_ok(), "{taken:?}");
}

#[test]
fn gemm_is_taken_for_its_register_tiles() {
    let ctx = IslContext::new(0);
    let gemm = program("gemm");
    let source = assess(&ctx, &gemm).unwrap();
    assert_eq!(source.cost.strided, 0);
    assert!(source.worth_scheduling().is_ok(), "an accumulation whose inputs a register tile reuses");
    let scheduled = schedule(&ctx, &gemm, 16).unwrap().unwrap();
    assert!(scheduled.register_tiled > 0);
    let taken = choose(&ctx, &source, &scheduled.scop, None, scheduled.register_tiled).unwrap().unwrap();
    assert!(taken.contains("register tiles around an accumulation"), "{taken}");
    // Without register tiles the same schedule costs as much, and the source's order stays.
    assert!(choose(&ctx, &source, &scheduled.scop, None, 0).unwrap().is_err());
}

#[test]
fn a_matrix_vector_product_is_not_scheduled() {
    let ctx = IslContext::new(0);
    let mv = parse_scop(MATRIX_VECTOR).unwrap();
    let why = assess(&ctx, &mv).unwrap().worth_scheduling().unwrap_err();
    assert!(why.starts_with("no strided access in two loops or more and no accumulation"), "{why}");
}

/// A column walked by a single loop (hotspot's borders) moves a line per instance whatever
/// its order: nothing to schedule. The same walk inside a second loop is what a new order
/// improves.
#[test]
fn a_single_loop_down_a_column_is_not_scheduled() {
    let ctx = IslContext::new(0);
    let border = parse_scop(
        "scop border;
param N >= 2;
array A[N][N] : f32 in;
array B[N][N] : f32 out;
for i = 0 to N - 1 do
  S0: B[i][0] = A[i][0] + A[i][1];
done
",
    )
    .unwrap();
    let source = assess(&ctx, &border).unwrap();
    assert_eq!(source.cost.by_depth.get(&1).copied(), Some(3.0), "a line per access: {}", source.cost);
    assert_eq!(source.cost.strided, 0);
    assert!(source.worth_scheduling().is_err());
    let columns = parse_scop(
        "scop columns;
param N >= 2;
array A[N][N] : f32 in;
array B[N][N] : f32 out;
for j = 0 to N - 1 do
  for i = 0 to N - 1 do
    S0: B[i][j] = A[i][j] + A[i][j];
  done
done
",
    )
    .unwrap();
    let source = assess(&ctx, &columns).unwrap();
    assert_eq!(source.cost.strided, 2, "{}", source.cost);
    assert!(source.worth_scheduling().is_ok());
}

/// `short_loop`: a loop runs at most `SHORT_LOOP` (256) iterations per iteration of the loops
/// around it. A tile's point loop (and a window of 4 iterations inside the whole array) is
/// short, a loop over the whole array is not, whether the quick test on the loop's own values
/// decides it (the tile) or the pairs of instances do (the window, whose values over all rows
/// span the array).
#[test]
fn short_loops_are_those_of_a_few_iterations_per_outer_iteration() {
    let ctx = IslContext::new(0);
    let square = parse_scop(
        "scop s;
param N >= 1;
array A[N][N] : f32 inout;
for i = 0 to N - 1 do
  for j = 0 to N - 1 do
    S0: A[i][j] = A[i][j] + 1.0;
  done
done
",
    )
    .unwrap();
    let with = |domain: &str, schedule: &str| {
        let mut scop = square.clone();
        scop.statements[0].domain = format!("[N] -> {{ S0[i, j] : {domain} }}");
        scop.statements[0].schedule = format!("[N] -> {{ S0[i, j] -> [{schedule}] }}");
        scop
    };
    let short = |scop: &Scop, dimension: usize| polyhedral::schedule_cost::short_loop(&ctx, scop, &scop.statements[0], dimension).unwrap();
    let whole = "0 <= i < N and 0 <= j < N";
    assert!(!short(&with(whole, "0, i, 0, j, 0"), 3), "a row of the whole array");
    assert!(!short(&with(whole, "0, j, 0, i, 0"), 3), "a column of the whole array");
    let tiled = with(whole, "0, 64 * floor(i / 64), 64 * floor(j / 64), i - 64 * floor(i / 64), j - 64 * floor(j / 64)");
    assert!(short(&tiled, 4), "a tile's point loop");
    assert!(short(&tiled, 3), "the tile's other point loop");
    assert!(!short(&tiled, 2), "the loop over tiles");
    let window = with("0 <= i < N and i <= j <= i + 3", "0, i, 0, j, 0");
    assert!(short(&window, 3), "4 iterations per row, N + 3 values over all rows");
}
