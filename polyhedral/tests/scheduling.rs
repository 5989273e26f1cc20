//! Scheduling and tiling (`polyhedral::scheduling`): the rescheduled model computes exactly
//! what the original computes (the interpreter runs instances in schedule order, so any
//! dependence run out of turn changes a bit of the result), and its AST runs every instance
//! once; gemm gets a tiled permutable band. Unrolling full register tiles
//! (`polyhedral::register_tiles`) changes no instance's place in the execution order; splitting
//! partial tiles' columns into register tiles of their own changes it, and keeps every array
//! element's writes and the reads between them in their order.

use polyhedral::ast::{build_ast, execution_order, print_ast, Ast};
use polyhedral::generator::generate_program;
use polyhedral::interp::interpret;
use polyhedral::isl::IslContext;
use polyhedral::lang::parse_scop;
use polyhedral::model::Scop;
use polyhedral::register_tiles::{unroll_register_tiles, unroll_register_tiles_reordering};
use polyhedral::scheduling::{column_order_free, schedule, schedule_for, Scheduled, TileLoops, TileSize, MAX_STATEMENTS};
use std::collections::HashMap;

fn program(name: &str) -> Scop {
    let path = format!("{}/tests/programs/{name}.scop", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_scop(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `scop` rescheduled with tiles of 4, its AST and the AST's text.
fn scheduled_ast(scop: &Scop) -> (Scheduled, Ast, String) {
    scheduled_ast_with_tiles(scop, 4)
}

/// `scop` rescheduled with tiles of `size`, its AST and the AST's text.
fn scheduled_ast_with_tiles(scop: &Scop, size: i64) -> (Scheduled, Ast, String) {
    let ctx = IslContext::new(0);
    let scheduled = schedule(&ctx, scop, size).unwrap().unwrap_or_else(|why| panic!("{why}"));
    let ast = build_ast(&ctx, &scheduled.scop).unwrap();
    let text = print_ast(&scheduled.scop, &ast);
    (scheduled, ast, text)
}

/// Same results and as many instances, for each parameter vector.
fn same_results(original: &Scop, scheduled: &Scop, vectors: &[Vec<(String, i64)>], what: &str) {
    for params in vectors {
        let before = interpret(original, params, 7).unwrap_or_else(|e| panic!("{what}: {e}"));
        let after = interpret(scheduled, params, 7).unwrap_or_else(|e| panic!("{what} rescheduled: {e}"));
        assert_eq!(before, after, "{what} {params:?}: results differ after rescheduling");
    }
}

#[test]
fn gemm_is_tiled_and_computes_the_same() {
    let scop = program("gemm");
    let ctx = IslContext::new(0);
    let (scheduled, ast, text) = scheduled_ast(&scop);
    assert!(scheduled.tiled >= 1, "no band tiled");
    assert!(text.contains("+= 4"), "no tile loop:\n{text}");
    let sizes = |ni: i64, nj: i64, nk: i64| vec![("NI".to_string(), ni), ("NJ".to_string(), nj), ("NK".to_string(), nk)];
    same_results(&scop, &scheduled.scop, &[sizes(1, 1, 1), sizes(5, 9, 3), sizes(10, 7, 13)], "gemm");
    // The AST runs every instance of the domains exactly once.
    let original = execution_order(&build_ast(&ctx, &scop).unwrap(), &[10, 7, 13], 1_000_000).unwrap();
    let mut tiled = execution_order(&ast, &[10, 7, 13], 1_000_000).unwrap();
    let mut expected = original.clone();
    expected.sort();
    tiled.sort();
    assert_eq!(expected, tiled);
}

/// Of a permutable band's parallel loops, the one along which the accesses walk their rows
/// (stride 1) becomes the innermost point loop: the column walk `W[k][j]` in `j, k` order is
/// interchanged (paper 001 Table 3's backprop).
#[test]
fn the_unit_stride_loop_becomes_innermost() {
    let scop = program("column_walk");
    let (scheduled, ast, text) = scheduled_ast(&scop);
    // Instances are (j, k): consecutive ones differ in `j` (the row's next element) far more
    // often than in `k` once `j` runs innermost.
    let order = execution_order(&ast, &[5, 9], 1_000_000).unwrap();
    let consecutive = order.windows(2).filter(|w| w[0].1.len() == 2 && w[1].1.len() == 2).collect::<Vec<_>>();
    let along_j = consecutive.iter().filter(|w| w[0].1[0] + 1 == w[1].1[0] && w[0].1[1] == w[1].1[1]).count();
    let along_k = consecutive.iter().filter(|w| w[0].1[1] + 1 == w[1].1[1] && w[0].1[0] == w[1].1[0]).count();
    assert!(along_j > along_k, "consecutive instances along j {along_j}, along k {along_k}:\n{text}");
    let sizes = |n: i64, m: i64| vec![("N".to_string(), n), ("M".to_string(), m)];
    same_results(&scop, &scheduled.scop, &[sizes(1, 1), sizes(5, 9), sizes(13, 7)], "column walk");
}

#[test]
fn generated_programs_compute_the_same_rescheduled() {
    let (mut rescheduled, mut fused, mut tiled, mut unrolled, mut in_memory_order) = (0, 0, 0, 0, 0);
    for seed in 0..150 {
        let text = generate_program(seed);
        let scop = parse_scop(&text).unwrap();
        let ctx = IslContext::with_default_quota();
        let scheduled = match schedule(&ctx, &scop, 8) {
            Ok(Ok(s)) => s,
            // Too many statements, or out of quota: the model keeps its schedule.
            Ok(Err(why)) if why.contains(&format!("at most {MAX_STATEMENTS}")) => continue,
            Ok(Err(why)) => panic!("seed {seed}: {why}\n{text}"),
            Err(_) => continue,
        };
        rescheduled += 1;
        fused += scheduled.fused;
        tiled += scheduled.tiled;
        in_memory_order += scheduled.memory_ordered;
        // 9: a tile of 8 holds full and partial register tiles.
        let vectors: Vec<Vec<(String, i64)>> = [4, 9].iter().map(|&n| vec![("N".to_string(), n)]).collect();
        same_results(&scop, &scheduled.scop, &vectors, &format!("seed {seed}\n{text}"));
        let what = format!("seed {seed}\n{text}");
        unrolled += same_order_unrolled(&ctx, &scheduled.scop, &[vec![4], vec![9]], &what);
    }
    eprintln!("rescheduled {rescheduled} of 150, bands fused {fused}, tiled bands {tiled}, register tiles unrolled {unrolled}, bands in memory order {in_memory_order}");
    assert!(
        rescheduled >= 120 && fused >= 20 && tiled >= 20 && unrolled >= 20 && in_memory_order >= 5,
        "rescheduled {rescheduled}, bands fused {fused}, tiled bands {tiled}, unrolled {unrolled}, in memory order {in_memory_order}"
    );
}

/// Unrolls `scop`'s AST's full register tiles and checks that the program runs the same
/// instances in the same order for each parameter vector; returns how many were unrolled.
fn same_order_unrolled(ctx: &IslContext, scop: &Scop, vectors: &[Vec<i64>], what: &str) -> usize {
    let ast = build_ast(ctx, scop).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut unrolled = ast.clone();
    let count = unroll_register_tiles(&mut unrolled);
    for params in vectors {
        let before = execution_order(&ast, params, 10_000_000).unwrap_or_else(|e| panic!("{what}: {e}"));
        let after = execution_order(&unrolled, params, 10_000_000).unwrap_or_else(|e| panic!("{what} unrolled: {e}"));
        assert!(before == after, "{what} {params:?}: order changed by unrolling\n{}", print_ast(scop, &unrolled));
    }
    count
}

#[test]
fn gemm_register_tiles_are_unrolled_in_order() {
    let scop = program("gemm");
    let ctx = IslContext::new(0);
    let scheduled = schedule(&ctx, &scop, 16).unwrap().unwrap_or_else(|why| panic!("{why}"));
    // Sizes with full and partial register tiles, and none full.
    let unrolled = same_order_unrolled(&ctx, &scheduled.scop, &[vec![17, 23, 19], vec![16, 16, 16], vec![3, 5, 2], vec![4, 8, 1]], "gemm");
    assert!(unrolled >= 1, "no register tile unrolled");
    let mut ast = build_ast(&ctx, &scheduled.scop).unwrap();
    unroll_register_tiles(&mut ast);
    let text = print_ast(&scheduled.scop, &ast);
    // The reduction loop holds 4 x 8 copies of the update, the last at point (3, 7).
    assert!(text.contains("+ 3, ") && text.contains("+ 7)"), "no unrolled copy:\n{text}");
}

/// For each access of each instance that `order` runs (statement, iteration vector, access:
/// 0 the write, then the reads), how many writes of its element ran before it: equal for two
/// orders exactly when they keep every dependence of every element.
fn write_epochs(scop: &Scop, order: &[(usize, Vec<i64>)], params: &[i64]) -> HashMap<(usize, Vec<i64>, usize), usize> {
    let mut writes: HashMap<(usize, Vec<i64>), usize> = HashMap::new();
    let mut epochs = HashMap::new();
    let element = |access: &polyhedral::model::Access, iters: &[i64]| -> (usize, Vec<i64>) {
        let subscripts = access.subscripts.iter().map(|e| e.evaluate(iters, params).expect("affine subscript")).collect();
        (access.array, subscripts)
    };
    for (statement, iters) in order {
        let s = &scop.statements[*statement];
        for (k, read) in s.reads().into_iter().enumerate() {
            let before = writes.get(&element(read, iters)).copied().unwrap_or(0);
            epochs.insert((*statement, iters.clone(), k + 1), before);
        }
        let written = writes.entry(element(&s.write, iters)).or_insert(0);
        epochs.insert((*statement, iters.clone(), 0), *written);
        *written += 1;
    }
    epochs
}

/// gemm with register tiles of 4 x 32 and of 4 x 48 (AVX-512's): partial tiles' columns
/// become register tiles of 16 and 8 (`for (h = ...; h += 16)` around the
/// reduction loop), which changes the order of the instances, not any element's
/// dependences; at sizes whose columns fill no tile (16, backprop's hidden units), one tile is
/// partial and its first chunk of 16 is full.
#[test]
fn partial_register_tiles_split_their_columns() {
    for (columns, steps) in [(32, ["+= 16) {", "+= 8) {"]), (48, ["+= 16) {", "+= 8) {"])] {
        partial_register_tiles_split(columns, steps);
    }
}

fn partial_register_tiles_split(columns: i64, steps: [&str; 2]) {
    let scop = program("gemm");
    let ctx = IslContext::new(0);
    let scheduled = schedule_for(&ctx, &scop, 64, columns).unwrap().unwrap_or_else(|why| panic!("{why}"));
    let ast = build_ast(&ctx, &scheduled.scop).unwrap();
    let mut split = ast.clone();
    let splittable = column_order_free(&ctx, &scheduled.scop);
    unroll_register_tiles_reordering(&mut split, &|_, _| true, &splittable);
    let text = print_ast(&scheduled.scop, &split);
    assert!(steps.iter().all(|step| text.contains(step)), "columns of {columns} not split:\n{text}");
    for params in [vec![9, 45, 5], vec![8, 16, 3], vec![5, 32, 2], vec![3, 7, 4], vec![5, 100, 3]] {
        let before = execution_order(&ast, &params, 10_000_000).unwrap();
        let after = execution_order(&split, &params, 10_000_000).unwrap();
        let (mut a, mut b) = (before.clone(), after.clone());
        a.sort();
        b.sort();
        assert!(a == b, "{params:?}: other instances after the split");
        assert!(write_epochs(&scheduled.scop, &before, &params) == write_epochs(&scheduled.scop, &after, &params), "{params:?}: a dependence changed order\n{text}");
    }
}

/// Only the points of tiles inside a loop that accumulates are unrolled
/// (`TileLoops::carries`): gemm's `C[i][j] += ...` becomes 4 x 48 copies around `k`, its
/// `C[i][j] *= beta`, whose tile loops carry nothing, keeps its point loop (which LLVM
/// vectorizes at a fraction of the code).
#[test]
fn only_accumulating_tiles_are_unrolled() {
    let scop = program("gemm");
    let ctx = IslContext::new(0);
    let scheduled = schedule_for(&ctx, &scop, TileSize::Measured, 48).unwrap().unwrap_or_else(|why| panic!("{why}"));
    let mut ast = build_ast(&ctx, &scheduled.scop).unwrap();
    let loops = TileLoops::new(&ctx, &scheduled.scop);
    unroll_register_tiles_reordering(&mut ast, &|s, k| loops.carries(s, k), &|s, k, q| loops.column_order_free(s, k, q));
    let text = print_ast(&scheduled.scop, &ast);
    let copies = |name: &str| text.lines().filter(|l| l.trim_start().starts_with(name)).count();
    assert!(copies("S1(") >= 192 && copies("S0(") <= 2, "S0 {} times, S1 {} times:\n{text}", copies("S0("), copies("S1("));
}

/// Generated programs with AVX-512's register tiles (4 x 32) at sizes whose columns leave
/// partial tiles (21, 40): every instance still runs once and every element's dependences
/// keep their order. The generator's tiles are maps, whose loops carry nothing: none is split
/// (`column_order_free`), which this checks as well; gemm's are
/// (`partial_register_tiles_split_their_columns`).
#[test]
fn generated_programs_keep_their_dependences_with_split_columns() {
    let (mut split, mut checked) = (0, 0);
    for seed in 0..80 {
        let text = generate_program(seed);
        let scop = parse_scop(&text).unwrap();
        let ctx = IslContext::with_default_quota();
        let Ok(Ok(scheduled)) = schedule_for(&ctx, &scop, 64, 32) else { continue };
        let Ok(ast) = build_ast(&ctx, &scheduled.scop) else { continue };
        let mut unrolled = ast.clone();
        let splittable = column_order_free(&ctx, &scheduled.scop);
        unroll_register_tiles_reordering(&mut unrolled, &|_, _| true, &splittable);
        if unrolled.iterators.len() > ast.iterators.len() {
            split += 1;
        }
        for n in [21, 40] {
            let before = execution_order(&ast, &[n], 20_000_000).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let after = execution_order(&unrolled, &[n], 20_000_000).unwrap_or_else(|e| panic!("seed {seed} split: {e}"));
            let (mut a, mut b) = (before.clone(), after.clone());
            a.sort();
            b.sort();
            assert!(a == b, "seed {seed}, N = {n}: other instances\n{text}");
            let same = write_epochs(&scheduled.scop, &before, &[n]) == write_epochs(&scheduled.scop, &after, &[n]);
            assert!(same, "seed {seed}, N = {n}: a dependence changed order\n{text}\n{}", print_ast(&scheduled.scop, &unrolled));
        }
        checked += 1;
    }
    eprintln!("{checked} programs checked, columns split in {split}");
    assert!(checked >= 60 && split == 0, "{checked} programs checked, columns split in {split}");
}

/// The split's precondition (`column_order_free`): the loop around the columns carries a
/// dependence, and the columns carry none under it. A sweep down the rows with independent
/// columns qualifies; a wavefront (each cell also needs its left neighbour) does not, nor a
/// loop that carries nothing (gemm's `C[i][j] *= beta`).
#[test]
fn columns_that_carry_a_dependence_are_not_reordered() {
    let ctx = IslContext::new(0);
    let model = |update: &str| {
        parse_scop(&format!(
            "scop sweep; param N >= 2; array A[N][N] : f32 in; array T[N][N] : f32 inout;
             for i = 1 to N - 1 do for j = 1 to N - 1 do S0: T[i][j] = {update}; done done"
        ))
        .unwrap()
    };
    // AST loop 0 runs the rows, 1 the columns.
    let down = model("T[i - 1][j] + A[i][j]");
    assert!(column_order_free(&ctx, &down)(&[0], 0, 1), "independent columns under the rows not split");
    let wavefront = model("T[i - 1][j] + T[i][j - 1]");
    assert!(!column_order_free(&ctx, &wavefront)(&[0], 0, 1), "a wavefront's columns reordered");
    let gemm = program("gemm");
    let scheduled = schedule_for(&ctx, &gemm, 64, 32).unwrap().unwrap();
    let free = column_order_free(&ctx, &scheduled.scop);
    // S1's register tile: c5 its reduction loop (k), c7 its column points (j); S0's tile
    // points c2 and c3 carry nothing.
    assert!(free(&[1], 5, 7), "gemm's register columns not split around k");
    assert!(!free(&[1], 0, 5), "gemm's k reordered under the outermost tile loop");
    assert!(!free(&[0], 2, 3), "C[i][j] *= beta split though nothing carries");
}

/// Two updates the scheduler puts in separate components (backprop's `adjust_weights`) run
/// as one nest again (`polyhedral::band_fusion`): each point's second update right after its
/// first, the rows walked once, with the same results.
#[test]
fn sibling_bands_sharing_data_are_fused() {
    let scop = program("two_updates");
    let (scheduled, ast, text) = scheduled_ast(&scop);
    let order = execution_order(&ast, &[5, 9], 1_000_000).unwrap();
    let interleaved = order.windows(2).filter(|w| w[0].0 == 0 && w[1].0 == 1 && w[0].1 == w[1].1).count();
    assert_eq!(interleaved, 5 * 9, "each S1 right after the S0 of its point:\n{text}");
    let sizes = |n: i64, m: i64| vec![("N".to_string(), n), ("M".to_string(), m)];
    same_results(&scop, &scheduled.scop, &[sizes(1, 1), sizes(5, 9), sizes(13, 7)], "two updates");
}

/// A band whose fusion would read a temporary before it is written stays apart: the whole
/// temporary is written before the first read.
#[test]
fn bands_are_not_fused_against_a_dependence() {
    let scop = program("reversed_read");
    let (scheduled, ast, text) = scheduled_ast(&scop);
    let order = execution_order(&ast, &[9], 1_000_000).unwrap();
    let first_read = order.iter().position(|(s, _)| *s == 1).unwrap();
    let last_write = order.iter().rposition(|(s, _)| *s == 0).unwrap();
    assert!(last_write < first_read, "{text}");
    let sizes = |n: i64| vec![("N".to_string(), n)];
    same_results(&scop, &scheduled.scop, &[sizes(1), sizes(2), sizes(9)], "reversed read");
}

/// A band over one statement whose members walk columns (isl's `(d - i, i)` on a wavefront)
/// takes the order of the cells the statement writes, row by row, where that order is
/// permutable too: consecutive instances then walk along a row. (With tiles of 4 the cost
/// model counts the lines of the loop around a tile's short inner one, equal either way.)
#[test]
fn a_wavefront_walks_rows_in_memory_order() {
    let scop = program("wavefront");
    let (scheduled, ast, text) = scheduled_ast_with_tiles(&scop, 64);
    assert_eq!(scheduled.memory_ordered, 1, "{text}");
    // Instances are (d, k), the cell [k + max(1, d - N + 2)][d - k - max(1, d - N + 2) + 2].
    let n = 9;
    let cell = |v: &[i64]| {
        let row = v[1] + 1.max(v[0] - n + 2);
        (row, v[0] - row + 2)
    };
    let order = execution_order(&ast, &[n], 1_000_000).unwrap();
    let along_row = order.windows(2).filter(|w| {
        let (a, b) = (cell(&w[0].1), cell(&w[1].1));
        a.0 == b.0 && a.1 + 1 == b.1
    });
    let along_row = along_row.count();
    assert!(along_row * 2 > order.len(), "{along_row} of {} steps along a row:\n{text}", order.len());
    let sizes = |n: i64| vec![("N".to_string(), n)];
    same_results(&scop, &scheduled.scop, &[sizes(1), sizes(2), sizes(9), sizes(14)], "wavefront");
}

/// A wavefront whose cells need their upper-right neighbour (`T[i - 1][j + 1]`) cannot run
/// row by row in its band: that dependence has a negative distance along the row, so the band
/// keeps isl's members (not in memory order) and computes the same.
#[test]
fn a_wavefront_against_its_rows_keeps_isl_band() {
    let scop = program("wavefront_upper_right");
    let (scheduled, _, text) = scheduled_ast_with_tiles(&scop, 64);
    assert_eq!(scheduled.memory_ordered, 0, "{text}");
    let sizes = |n: i64| vec![("N".to_string(), n)];
    same_results(&scop, &scheduled.scop, &[sizes(2), sizes(3), sizes(9), sizes(14)], "wavefront against its rows");
}

/// `scop` rescheduled with the measured tile sizes (`tile-size=auto`), and its AST's text.
fn scheduled_with_measured_tiles(scop: &Scop) -> (Scheduled, String) {
    let ctx = IslContext::new(0);
    let scheduled = schedule(&ctx, scop, TileSize::Measured).unwrap().unwrap_or_else(|why| panic!("{why}"));
    let ast = build_ast(&ctx, &scheduled.scop).unwrap();
    let text = print_ast(&scheduled.scop, &ast);
    (scheduled, text)
}

/// With the measured tile sizes, a band of two members where every element is used again
/// within a few rows (the wavefront in memory order: a cell's upper and left neighbours) is
/// not tiled: its AST has two loops and computes the same.
#[test]
fn a_band_with_only_near_reuse_is_not_tiled() {
    let scop = program("wavefront");
    let (scheduled, text) = scheduled_with_measured_tiles(&scop);
    assert_eq!((scheduled.memory_ordered, scheduled.tiled, scheduled.near_reuse), (1, 0, 1), "{text}");
    assert_eq!(text.matches("for ").count(), 2, "{text}");
    let sizes = |n: i64| vec![("N".to_string(), n)];
    same_results(&scop, &scheduled.scop, &[sizes(1), sizes(2), sizes(9), sizes(70)], "wavefront untiled");
}

/// The twins stay tiled with the measured sizes: where reuse is far, gemm's `B[k][j]` (read
/// again at each `i`), a transposed read (`A[j][i]` a band of rows after `A[i][j]`) and a time
/// loop's array (seidel-1d's `A[i]`, written again at each `t`); where the reuse is a row away
/// but the inner loop walks a column (a line per iteration: the skewed decay, and the decay
/// along rows whose parallel member, the row, goes innermost); and where
/// nothing is reused (gemm's initialization `C[i][j] *= beta`).
#[test]
fn bands_with_far_reuse_are_tiled() {
    for (name, tiled, untiled) in [("gemm", 2, 0), ("transposed_sum", 1, 0), ("seidel_1d", 1, 0), ("column_decay", 1, 0), ("row_decay", 1, 0)] {
        let scop = program(name);
        let (scheduled, text) = scheduled_with_measured_tiles(&scop);
        assert_eq!((scheduled.tiled, scheduled.near_reuse), (tiled, untiled), "{name}: bands tiled and untiled\n{text}");
    }
}
