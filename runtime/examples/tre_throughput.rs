//! TRE throughput (paper 002, section 3.6: 25.4 million accesses per second on average over
//! PolyBench/C). Run with `cargo run --release -p polyprop-runtime --example tre_throughput
//! [kernel] [n]`; prints accesses per second on one core for the trace of one reference:
//!
//! - `gemm` (default, n = 215, ~10M accesses): `B[k][j]` in `for i, for j, for k` of an
//!   `n x n` gemm, 3 loops, inner stride a row;
//! - `triangular`: `A[i][j]` in `for i < n, for j <= i step 2` (n = 6000, ~9M accesses);
//! - `cholesky`: `A[i][k]` of Figure 3 (paper 002) for size n (n = 400, ~10.6M accesses).
//!
//! The time covers reconstruction only (the trace is built first); the nest is then checked
//! against the trace, outside the timing.

use runtime::tre::{reconstruct, Limits};
use std::time::Instant;

fn trace(kernel: &str, n: i64) -> Vec<i64> {
    let base = 0x7f00_0000_0000i64;
    let mut out = Vec::new();
    match kernel {
        "gemm" => {
            for _i in 0..n {
                for j in 0..n {
                    for k in 0..n {
                        out.push(base + 8 * (k * n + j));
                    }
                }
            }
        }
        "triangular" => {
            for i in 0..n {
                for j in (0..=i).step_by(2) {
                    out.push(base + 8 * (i * n + j));
                }
            }
        }
        "cholesky" => {
            for i in 0..n {
                for _j in i + 1..n {
                    for k in 0..i {
                        out.push(base + 8 * (i * n + k));
                    }
                }
            }
        }
        other => panic!("unknown kernel {other}: gemm, triangular or cholesky"),
    }
    out
}

fn main() {
    let kernel = std::env::args().nth(1).unwrap_or_else(|| "gemm".into());
    let default = match kernel.as_str() {
        "triangular" => 6000,
        "cholesky" => 400,
        _ => 215,
    };
    let n: i64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(default);
    let trace = trace(&kernel, n);
    let start = Instant::now();
    let reconstruction = reconstruct(&trace, Limits::default());
    let seconds = start.elapsed().as_secs_f64();
    let stats = reconstruction.statistics();
    print!("{}", reconstruction.print());
    assert_eq!(reconstruction.first_mismatch(&trace), None, "not exact");
    println!(
        "{kernel} n={n}: {} accesses, {} piece(s), depth {}, {} bytes (ratio {:.3e}), exact, in {:.3} s: {:.1} million accesses/s",
        trace.len(),
        stats.pieces,
        stats.depth,
        stats.compressed_bytes,
        stats.ratio(),
        seconds,
        trace.len() as f64 / seconds / 1e6
    );
}
