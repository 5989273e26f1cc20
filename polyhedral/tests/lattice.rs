//! Strided loops re-indexed along their lattices (`polyhedral::lattice`): which loops are, what
//! the statements become, and that the re-indexed model computes what the model did (the
//! reference interpreter, bit for bit, at odd and even sizes).

use polyhedral::affine::AffExpr;
use polyhedral::interp::interpret;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop;
use polyhedral::lattice::reindex_strided_loops;

/// PolyMage's up-sampling over the output index, one statement per parity of the column
/// (`even`, `odd`) and of the row (`top`, `bottom`, with an inner loop each); `run` sums along
/// the loop in both parities, so any change of order changes its bits; `mixed` has one
/// statement on every column and one on the even ones: left as it is.
const UPSAMPLING: &str = "
scop upsampling;
param N >= 1;
array in[N + 1] : f32 in;
array out[2 * N] : f32 out;
array rows[2 * N][N] : f32 out;
array run[1] : f32 out;
array mixed[2 * N] : f32 out;
for x = 0 to 2 * N - 1 do
  if (x/2)*2 == x then
    even: out[x] = in[max(x/2 - 1, 0)] + in[x/2] * 6.0f + in[x/2 + 1];
  fi
  if (x/2)*2 == x - 1 then
    odd: out[x] = (in[x/2] + in[(x + 1)/2]) * 0.5f;
  fi
done
for y = 0 to 2 * N - 1 do
  if (y/2)*2 == y then
    for x = 0 to N - 1 do
      top: rows[y][x] = in[y/2] + in[x];
    done
  fi
  if (y/2)*2 == y - 1 then
    for x = 0 to N - 1 do
      bottom: rows[y][x] = in[y/2] * in[x];
    done
  fi
done
for x = 0 to 2 * N - 1 do
  if (x/2)*2 == x then
    run_even: run[0] = run[0] * 0.75f + in[x/2];
  fi
  if (x/2)*2 == x - 1 then
    run_odd: run[0] = run[0] * 0.5f + in[x/2 + 1];
  fi
done
for x = 0 to 2 * N - 1 do
  every: mixed[x] = in[x/2];
  if (x/2)*2 == x then
    some: mixed[x] = mixed[x] + 1.0f;
  fi
done
";

#[test]
fn parity_loops_count_their_statements_iterations() {
    let scop = parse_scop(UPSAMPLING).expect("parses");
    let isl = IslContext::with_default_quota();
    let (reindexed, loops) = reindex_strided_loops(&isl, &scop).expect("re-indexes");
    // The column loop, the row loop and the running sum's loop; not the mixed one.
    assert_eq!(loops, 3);
    let statement = |name: &str| reindexed.statements.iter().find(|s| s.name == name).expect("statement");
    // odd: out[2x + 1] = (in[x] + in[x + 1]) * 0.5, its divisions folded.
    let odd = statement("odd");
    let x = AffExpr::iter(0);
    assert_eq!(odd.write.subscripts[0], x.scale(2).unwrap().add(&AffExpr::constant(1)).unwrap());
    assert_eq!(odd.reads()[0].subscripts[0], x);
    assert_eq!(odd.reads()[1].subscripts[0], x.add(&AffExpr::constant(1)).unwrap());
    assert_eq!(isl.stride(&odd.domain, 0).unwrap(), 1);
    // The mixed loop keeps its statements as they were.
    for name in ["every", "some"] {
        let before = scop.statements.iter().find(|s| s.name == name).unwrap();
        assert_eq!(statement(name), before, "{name}");
    }
    for n in [1, 2, 3, 4, 7, 16] {
        let params = [("N".to_string(), n)];
        let before = interpret(&scop, &params, 5).expect("runs");
        let after = interpret(&reindexed, &params, 5).expect("runs");
        assert_eq!(before.live_out, after.live_out, "N = {n}");
        assert_eq!(before.instances, after.instances, "N = {n}");
    }
}

/// A loop whose statements have no common stride, or whose residue depends on another
/// iterator (a checkerboard), or that uses the iterator as a value, is left alone.
#[test]
fn other_lattices_are_left_alone() {
    let text = "
scop others;
param N >= 1;
array in[2 * N] : f32 in;
array a[2 * N] : f32 out;
array b[2 * N][2 * N] : f32 out;
array c[2 * N] : f32 out;
for x = 0 to 2 * N - 1 do
  if (x/2)*2 == x then
    two: a[x] = in[x];
  fi
  if (x/3)*3 == x then
    three: a[x] = in[x] * 2.0f;
  fi
done
for y = 0 to 2 * N - 1 do
  for x = 0 to 2 * N - 1 do
    if ((x + y)/2)*2 == x + y then
      board: b[y][x] = in[x];
    fi
  done
done
for x = 0 to 2 * N - 1 do
  if (x/2)*2 == x then
    valued: c[x] = in[x] + x;
  fi
done
";
    let scop = parse_scop(text).expect("parses");
    let isl = IslContext::with_default_quota();
    assert!(reindex_strided_loops(&isl, &scop).is_none());
}

/// The generator's loops whose statements are all under `j % 2 == 0` and its `else` are
/// re-indexed: the models compute what they computed, bit for bit.
#[test]
fn generated_programs_compute_the_same_after_reindexing() {
    let isl = IslContext::with_default_quota();
    let mut reindexed = 0;
    for seed in 0..1000 {
        let text = polyhedral::generator::generate_program(seed);
        let scop = parse_scop(&text).expect("parses");
        isl.reset_quota();
        let Some((after, _)) = reindex_strided_loops(&isl, &scop) else { continue };
        reindexed += 1;
        for n in [4, 5 + (seed % 5) as i64] {
            let params = [("N".to_string(), n)];
            let before = interpret(&scop, &params, seed).expect("runs");
            let now = interpret(&after, &params, seed).expect("runs");
            assert_eq!(before, now, "seed {seed}, N = {n}\n{text}");
        }
    }
    eprintln!("{reindexed} of 1000 generated programs re-indexed");
    assert!(reindexed >= 10, "only {reindexed} generated programs have a strided loop to re-index");
}
