//! The cost model of `schedule` (`polyhedral::schedule_cost`): a column walk costs a line
//! per instance and the scheduler's tiled order of the same product fewer; gemm in its
//! unit-stride order is as cheap either way but its register tiles reuse both inputs; a
//! matrix-vector product with unit strides gives the scheduler nothing to improve.

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
    assert!(why.starts_with("no strided access and no accumulation"), "{why}");
}
