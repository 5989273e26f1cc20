//! The reference interpreter against independent computations written directly in Rust, and
//! its errors.

use polyhedral::interp::{fill, interpret, interpret_with_extents, outer_extents, InterpError, Value};
use polyhedral::lang::parse_scop;
use polyhedral::model::ScalarType;

fn source(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn floats(values: &[Value]) -> Vec<f32> {
    values.iter().map(|v| if let Value::F32(x) = v { *x } else { panic!("not f32: {v:?}") }).collect()
}

#[test]
fn figure1_matches_the_c_semantics_computed_by_hand() {
    let n = 9usize;
    let seed = 5;
    let scop = parse_scop(&source("figure1")).unwrap();
    let result = interpret(&scop, &[("N".into(), n as i64)], seed).unwrap();
    // The same computation as C would do it: s = (float)((double)in[i] / 1.5), float
    // arithmetic for tmp and out (2 * in[i] is a float multiplication).
    let input = floats(&fill("in", ScalarType::F32, n + 1, seed));
    let mut out = floats(&fill("out", ScalarType::F32, n + 1, seed));
    let mut tmp = vec![0f32; n + 1];
    for i in 0..=n {
        let s = (input[i] as f64 / 1.5) as f32;
        tmp[i] = if i == 0 {
            (2.0 * input[i] + input[i + 1]) / s
        } else if i == n {
            (input[i - 1] + 2.0 * input[i]) / s
        } else {
            (input[i - 1] + input[i] + input[i + 1]) / s
        };
    }
    for i in 1..n {
        out[i] = tmp[i - 1] + tmp[i] + tmp[i + 1];
    }
    let live_out: Vec<&str> = result.live_out.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(live_out, ["in", "out"]);
    let computed = floats(&result.live_out[1].values);
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&computed), bits(&out));
    assert_eq!(result.instances, 2 * (n + 1) + (n - 1));
}

#[test]
fn figure7a_computes_fibonacci_in_schedule_order() {
    let scop = parse_scop(&source("figure7a")).unwrap();
    let result = interpret(&scop, &[("N".into(), 40)], 0).unwrap();
    let (mut a, mut b) = (1i64, 1i64);
    for _ in 2..=40 {
        (a, b) = (b, a + b);
    }
    assert_eq!(result.live_out[0].values, vec![Value::Int(b, ScalarType::I64)]);
}

#[test]
fn gemm_matches_a_direct_computation() {
    let (ni, nj, nk) = (5usize, 4usize, 3usize);
    let scop = parse_scop(&source("gemm")).unwrap();
    let params = [("NI".into(), ni as i64), ("NJ".into(), nj as i64), ("NK".into(), nk as i64)];
    let result = interpret(&scop, &params, 11).unwrap();
    let a = floats(&fill("A", ScalarType::F32, ni * nk, 11));
    let b = floats(&fill("B", ScalarType::F32, nk * nj, 11));
    let mut c = floats(&fill("C", ScalarType::F32, ni * nj, 11));
    let alpha = floats(&fill("alpha", ScalarType::F32, 1, 11))[0];
    let beta = floats(&fill("beta", ScalarType::F32, 1, 11))[0];
    for i in 0..ni {
        for j in 0..nj {
            c[i * nj + j] *= beta;
        }
        for k in 0..nk {
            for j in 0..nj {
                c[i * nj + j] = c[i * nj + j] + alpha * a[i * nk + k] * b[k * nj + j];
            }
        }
    }
    let computed = floats(&result.live_out.iter().find(|l| l.name == "C").unwrap().values);
    assert_eq!(computed.iter().map(|x| x.to_bits()).collect::<Vec<_>>(), c.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
}

#[test]
fn out_of_bounds_access_names_statement_and_iteration() {
    let scop = parse_scop("param N >= 1; array A[N] : f32 out; for i = 0 to N - 1 do W: A[i + 1] = 1.0f; done").unwrap();
    let error = interpret(&scop, &[("N".into(), 4)], 0).unwrap_err();
    assert_eq!(
        error,
        InterpError::Instance { statement: "W".into(), iteration: vec![3], message: "out-of-bounds access A[4]".into() }
    );
    assert_eq!(error.to_string(), "W[3]: out-of-bounds access A[4]");
}

#[test]
fn read_of_a_never_written_temporary_is_an_error() {
    let text = "param N >= 2; array t[N] : f32 temp; array o[N] : f32 out;
                for i = 1 to N - 1 do t[i] = 1.0f; done
                for i = 0 to N - 1 do R: o[i] = t[i]; done";
    let error = interpret(&parse_scop(text).unwrap(), &[("N".into(), 3)], 0).unwrap_err();
    assert_eq!(error.to_string(), "R[0]: read of never-written temporary t[0]");
}

#[test]
fn parameters_are_checked_against_the_context() {
    let scop = parse_scop(&source("figure1")).unwrap();
    assert!(matches!(interpret(&scop, &[("N".into(), 1)], 0), Err(InterpError::Parameters(_))));
    assert!(matches!(interpret(&scop, &[], 0), Err(InterpError::Parameters(_))));
}

#[test]
fn integer_division_by_zero_is_an_error_not_undefined_behaviour() {
    let scop = parse_scop("array a[2] : i32 out; a[0] = a[1] / (a[1] - a[1]);").unwrap();
    let error = interpret(&scop, &[], 0).unwrap_err();
    assert_eq!(error.to_string(), "S0[]: integer division by zero");
}

/// Arrays of unknown outermost size (a C model's pointers) get the extent their affine
/// accesses reach: `in` is read up to `2*N + 1` and `t[*][3]` written up to row `N - 1`; a
/// clamped read (`min`) reaches no further than its clamp.
#[test]
fn unknown_outer_sizes_get_the_extent_the_accesses_reach() {
    let scop = parse_scop(
        "scop extents;
param N >= 1;
array in[*] : f32 in;
array t[*][3] : f32 temp;
array out[*] : f32 out;
for i = 0 to N - 1 do
  for k = 0 to 2 do
    S0: t[i][k] = in[2*i + 1] + in[min(2*i + k, N)];
  done
done
for i = 0 to N - 1 do
  S1: out[i] = t[i][0] + t[i][2];
done",
    )
    .unwrap();
    let params = [("N".to_string(), 5)];
    let extents = outer_extents(&scop, &params).unwrap();
    assert_eq!(extents, vec![("in".into(), 10), ("t".into(), 5), ("out".into(), 5)]);
    let result = interpret(&scop, &params, 3).unwrap();
    let input = floats(&fill("in", ScalarType::F32, 10, 3));
    let out = floats(&result.live_out.iter().find(|a| a.name == "out").unwrap().values);
    for i in 0..5usize {
        let t = |k: usize| input[2 * i + 1] + input[(2 * i + k).min(5)];
        assert_eq!(out[i].to_bits(), (t(0) + t(2)).to_bits(), "out[{i}]");
    }
    // Given smaller extents, the run stops at the first access past them.
    let short = vec![("in".to_string(), 6), ("t".to_string(), 5), ("out".to_string(), 5)];
    assert!(interpret_with_extents(&scop, &params, 3, &short).is_err());
}
