//! Folding throughput on a regular 3-D stream (paper 000, section 5.3: linear in the number of
//! points). Run with `cargo run --release -p polyprop-runtime --example folding_throughput
//! [n]`; prints points per second on one core for an `n x n x n` nest (default 400) whose
//! label is an address `base + 8 * (n * n * i + n * j + k)`.

use runtime::folding::{Folder, FoldingOptions};
use std::time::Instant;

fn main() {
    let n: i64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(400);
    let mut folder = Folder::new(3, 1, FoldingOptions::default());
    let start = Instant::now();
    let mut point = [0i64; 3];
    for i in 0..n {
        point[0] = i;
        for j in 0..n {
            point[1] = j;
            for k in 0..n {
                point[2] = k;
                let address = 0x1000 + 8 * (n * n * i + n * j + k);
                folder.push(&point, &[address]).expect("lexicographic stream");
            }
        }
    }
    let folded = folder.finish();
    let seconds = start.elapsed().as_secs_f64();
    let points = folded.points as f64;
    println!("{}", folded.to_isl("S", Some(&["i", "j", "k"])));
    println!(
        "folded {} points into {} piece(s) in {:.3} s: {:.1} million points/s",
        folded.points,
        folded.pieces.len(),
        seconds,
        points / seconds / 1e6
    );
}
