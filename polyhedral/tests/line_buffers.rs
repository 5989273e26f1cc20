//! Line buffers (`polyhedral::line_buffers`): which temporaries become a few rows inside their
//! readers' nest, with which moduli, and that the contracted model computes what the model did
//! (the reference interpreter, bit for bit, at sizes where the clamps cut one row, several, or
//! none, and where the buffer holds more rows than the image).

use polyhedral::interp::interpret;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop;
use polyhedral::line_buffers::{build_line_buffer, NotBuilt};
use polyhedral::model::Scop;

/// A 3-row vertical blur of a horizontal stage, clamped at the top and bottom rows.
const ROWS: &str = "
scop rows;
param N >= 1;
param W >= 1;
array in[N][W] : f32 in;
array t[N][W] : f32 temp;
array out[N][W] : f32 out;
for y = 0 to N - 1 do
  for x = 0 to W - 1 do
    p: t[y][x] = in[y][x] * 0.5f + 1.0f;
  done
done
for y = 0 to N - 1 do
  for x = 0 to W - 1 do
    c: out[y][x] = t[max(y - 1, 0)][x] * 0.25f + t[y][x] * 0.5f + t[min(y + 1, N - 1)][x] * 0.25f;
  done
done
";

/// The bilateral grid's blury over blurx: `[c][x][y][z]`, reads at `y - 2 .. y + 2`, bins
/// `2 .. 13` of 16.
const GRID: &str = "
scop grid;
param X >= 1;
param Y >= 1;
array in[2][X][Y][16] : f32 in;
array t[2][X][Y][16] : f32 temp;
array out[2][X][Y][16] : f32 out;
for c = 0 to 1 do
  for x = 0 to X - 1 do
    for y = 0 to Y - 1 do
      for z = 2 to 13 do
        p: t[c][x][y][z] = in[c][x][y][z - 1] + in[c][x][y][z + 1];
      done
    done
  done
done
for c = 0 to 1 do
  for x = 0 to X - 1 do
    for y = 0 to Y - 1 do
      for z = 2 to 13 do
        q: out[c][x][y][z] = t[c][x][max(y - 2, 0)][z] * 0.0625f + t[c][x][max(y - 1, 0)][z] * 0.25f + t[c][x][y][z] * 0.375f + t[c][x][min(y + 1, Y - 1)][z] * 0.25f + t[c][x][min(y + 2, Y - 1)][z] * 0.0625f;
      done
    done
  done
done
";

fn line_buffer(text: &str) -> (Scop, Result<(Scop, polyhedral::line_buffers::LineBuffer), NotBuilt>) {
    let scop = parse_scop(text).expect("parses");
    let isl = IslContext::with_default_quota();
    let t = scop.array_id("t").expect("t");
    let built = build_line_buffer(&isl, &scop, t);
    (scop, built)
}

fn same_outputs(before: &Scop, after: &Scop, params: &[(&str, i64)]) {
    let params: Vec<(String, i64)> = params.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    let a = interpret(before, &params, 3).expect("runs");
    let b = interpret(after, &params, 3).expect("runs");
    assert_eq!(a.live_out, b.live_out, "{params:?}");
}

#[test]
fn rows_read_around_the_row_become_three_rows() {
    let (scop, built) = line_buffer(ROWS);
    let (contracted, buffer) = built.expect("built");
    assert_eq!(buffer.fused, ["y"]);
    assert_eq!(buffer.ahead, [1]);
    assert_eq!(buffer.moduli, [Some(3), None]);
    assert_eq!(buffer.elements, None, "W is a parameter");
    let t = &contracted.arrays[scop.array_id("t").unwrap()];
    assert!(t.line_buffer);
    assert_eq!(t.sizes[0].as_ref().and_then(|s| s.as_constant()), Some(3));
    // Row y is written at the readers' y - 1, before their row's body.
    assert_eq!(contracted.statements[0].schedule, "[N, W] -> { p[y, x] -> [1, y - 1, -1, x, 0] }");
    for (n, w) in [(1, 1), (2, 3), (3, 2), (4, 5), (9, 4)] {
        same_outputs(&scop, &contracted, &[("N", n), ("W", w)]);
    }
}

#[test]
fn the_grid_keeps_five_rows_of_bins_per_channel_and_column() {
    let (scop, built) = line_buffer(GRID);
    let (contracted, buffer) = built.expect("built");
    assert_eq!(buffer.fused, ["c", "x", "y"]);
    assert_eq!(buffer.ahead, [0, 0, 2]);
    assert_eq!(buffer.moduli, [Some(1), Some(1), Some(5), None]);
    assert_eq!(buffer.elements, Some(80));
    for (x, y) in [(1, 1), (2, 2), (1, 4), (3, 5), (2, 9)] {
        same_outputs(&scop, &contracted, &[("X", x), ("Y", y)]);
    }
}

#[test]
fn rows_of_bins_flattened_into_one_dimension_keep_five_rows_of_them() {
    // `t[c][x][16 * y + z]`, as the delinearization reads the pipeline's hand-linearized
    // subscripts with rows of a constant size, and clamps with whole rows in the constant as
    // the C front end writes them (`z + 16 * min(y, Y - 2) + 16`): the last dimension keeps 5
    // rows of 16.
    let flat = flat_grid();
    let (scop, built) = line_buffer(&flat);
    let (contracted, buffer) = built.expect("built");
    assert_eq!(buffer.moduli, [Some(1), Some(1), Some(80)]);
    assert_eq!(buffer.elements, Some(80));
    for (x, y) in [(1, 1), (2, 3), (3, 7)] {
        same_outputs(&scop, &contracted, &[("X", x), ("Y", y)]);
    }
}

/// The flattened grid of `rows_of_bins_flattened_into_one_dimension_keep_five_rows_of_them`.
fn flat_grid() -> String {
    GRID.replace("array in[2][X][Y][16]", "array in[2][X][16 * Y]")
        .replace("array t[2][X][Y][16]", "array t[2][X][16 * Y]")
        .replace("array out[2][X][Y][16]", "array out[2][X][16 * Y]")
        .replace("[y][z", "[16 * y + z")
        .replace("[max(y - 2, 0)][z]", "[16 * max(y - 2, 0) + z]")
        .replace("[max(y - 1, 0)][z]", "[z + 16 * max(y - 2, -1) + 16]")
        .replace("[min(y + 1, Y - 1)][z]", "[z + 16 * min(y, Y - 2) + 16]")
        .replace("[min(y + 2, Y - 1)][z]", "[16 * min(y + 2, Y - 1) + z]")
}

#[test]
fn whole_rows_in_a_constant_move_into_the_row() {
    // `16 * max(y - 1, 0) + z + 16` is row max(y, 1): term by term, row y - 1 = 4 would land
    // past the buffer's five rows, not where row 5 was written; the 16 belongs to the row.
    let text = flat_grid().replace("param Y >= 1;", "param Y >= 2;").replace("t[c][x][z + 16 * max(y - 2, -1) + 16]", "t[c][x][16 * max(y - 1, 0) + z + 16]");
    let (scop, built) = line_buffer(&text);
    let (contracted, _) = built.expect("built");
    for (x, y) in [(1, 2), (2, 6), (1, 11)] {
        same_outputs(&scop, &contracted, &[("X", x), ("Y", y)]);
    }
}

#[test]
fn a_transposed_read_has_no_line() {
    let text = ROWS.replace("t[max(y - 1, 0)][x] * 0.25f + t[y][x] * 0.5f + t[min(y + 1, N - 1)][x] * 0.25f", "t[y][x] + t[min(x, N - 1)][min(y, W - 1)]");
    let (_, built) = line_buffer(&text);
    assert_eq!(built.err(), Some(NotBuilt::NoLine));
}

#[test]
fn a_line_along_the_innermost_loop_is_not_built() {
    // Its buffer would be indexed modulo 3 at every iteration of the loop LLVM vectorizes.
    let text = "
scop inner;
param N >= 1;
array in[N] : f32 in;
array t[N] : f32 temp;
array out[N] : f32 out;
for i = 0 to N - 1 do
  p: t[i] = in[i] * 3.0f;
done
for i = 0 to N - 1 do
  c: out[i] = t[max(i - 1, 0)] + t[i] + t[min(i + 1, N - 1)];
done
";
    let (_, built) = line_buffer(text);
    assert_eq!(built.err(), Some(NotBuilt::NoLine));
}

#[test]
fn readers_in_two_nests_are_not_buffered() {
    let text = format!("{ROWS}for y = 0 to N - 1 do\n  for x = 0 to W - 1 do\n    d: out[y][x] = out[y][x] + t[N - 1 - y][x];\n  done\ndone\n");
    let (_, built) = line_buffer(&text);
    assert_eq!(built.err(), Some(NotBuilt::Nests));
}

#[test]
fn a_stage_between_that_overwrites_the_producers_input_blocks_the_fusion() {
    let text = ROWS.replace("array in[N][W] : f32 in;", "array in[N][W] : f32 inout;").replace(
        "for y = 0 to N - 1 do\n  for x = 0 to W - 1 do\n    c:",
        "for y = 0 to N - 1 do\n  for x = 0 to W - 1 do\n    m: in[y][x] = 0.0f;\n  done\ndone\nfor y = 0 to N - 1 do\n  for x = 0 to W - 1 do\n    c:",
    );
    let (_, built) = line_buffer(&text);
    assert!(matches!(built.err(), Some(NotBuilt::Illegal(_))), "{text}");
}

#[test]
fn reads_ahead_of_the_row_keep_the_window_they_span() {
    let text = ROWS.replace("t[max(y - 1, 0)][x] * 0.25f + t[y][x] * 0.5f + t[min(y + 1, N - 1)][x] * 0.25f", "t[min(y + 1, N - 1)][x] + t[min(y + 3, N - 1)][x]");
    let (scop, built) = line_buffer(&text);
    let (contracted, buffer) = built.expect("built");
    assert_eq!(buffer.ahead, [3]);
    // The last row is read at y = N - 1 by both clamped reads: distances 0 to 3.
    assert_eq!(buffer.moduli, [Some(4), None]);
    for (n, w) in [(1, 2), (2, 1), (4, 3), (7, 2)] {
        same_outputs(&scop, &contracted, &[("N", n), ("W", w)]);
    }
}
