//! Interiors of clamped innermost reads (`polyhedral::interiors`): which clamps a statement's
//! interior replaces, and that the split model computes what the model did (the reference
//! interpreter, bit for bit, at sizes where the interior is empty, one iteration, or long).

use polyhedral::interiors::split_interiors;
use polyhedral::interp::interpret;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop;

/// - s: a 3-tap blur clamped at both ends: interior 1 <= i <= N - 2;
/// - t: min(i, 1) is the constant 1 on all but i = 0, so the interior takes the constant;
/// - u: a clamp at a second size M, which bites on any share of the row: kept;
/// - v: the blur's right clamp on even iterations only (a loop of step 2): kept whole.
const CLAMPS: &str = "
scop clamps;
param N >= 1;
param M >= 0;
array img[N] : f32 in;
array out[N] : f32 out;
array low[N] : f32 out;
array far[N] : f32 out;
array even[N] : f32 out;
for i = 0 to N - 1 do
  s: out[i] = img[max(i - 1, 0)] + img[i] * 2.0f + img[min(i + 1, N - 1)];
done
for i = 0 to N - 1 do
  t: low[i] = img[min(i, 1)] * 3.0f;
done
for i = 0 to N - 1 do
  u: far[i] = img[min(i, min(M, N - 1))];
done
for i = 0 to N - 1 do
  if (i/2)*2 == i then
    v: even[i] = img[min(i + 1, N - 1)];
  fi
done
";

#[test]
fn interiors_replace_clamps_that_bite_only_at_the_borders() {
    let scop = parse_scop(CLAMPS).expect("parses");
    let isl = IslContext::with_default_quota();
    let split = split_interiors(&isl, &scop);
    let names: Vec<&str> = split.statements.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["s", "s_interior", "t", "t_interior", "u", "v"]);
    let interior = |name: &str| split.statements.iter().find(|s| s.name == name).expect("statement");
    for name in ["s_interior", "t_interior"] {
        for read in interior(name).reads() {
            assert!(read.subscripts.iter().all(|s| !s.is_piecewise()), "{name} keeps a clamp");
        }
    }
    // The interior of t reads img[1]; u keeps its clamp.
    assert_eq!(interior("t_interior").reads()[0].subscripts[0].as_constant(), Some(1));
    assert!(interior("u").reads()[0].subscripts[0].is_piecewise());
    for n in [1, 2, 3, 4, 17] {
        for m in [0, 1, n / 2, n + 3] {
            let params = [("N".to_string(), n), ("M".to_string(), m)];
            let before = interpret(&scop, &params, 7).expect("runs");
            let after = interpret(&split, &params, 7).expect("runs");
            assert_eq!(before.live_out, after.live_out, "N = {n}, M = {m}");
            assert_eq!(before.instances, after.instances, "N = {n}, M = {m}");
        }
    }
}
