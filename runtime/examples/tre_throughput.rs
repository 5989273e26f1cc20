//! TRE throughput (paper 002, section 3.6: 25.4 million accesses per second on average over
//! PolyBench/C). Run with `cargo run --release -p polyprop-runtime --example tre_throughput
//! [kernel] [n]`; prints accesses per second on one core for the trace of one reference:
//!
//! - `gemm` (default, n = 215, ~10M accesses): `B[k][j]` in `for i, for j, for k` of an
//!   `n x n` gemm, 3 loops, inner stride a row;
//! - `triangular`: `A[i][j]` in `for i < n, for j <= i step 2` (n = 6000, ~9M accesses);
//! - `cholesky`: `A[i][k]` of Figure 3 (paper 002) for size n (n = 400, ~10.6M accesses);
//! - `jacobi-2d`: `A[i][j-1]` of `for t < 20, for 1 <= i < n-1, for 1 <= j < n-1` (n = 700);
//! - `trisolv`: `L[i][j]` of `for i < n, for j < i` (n = 4000);
//! - `tiled`: `A[i][j]` over 32 x 32 tiles of an `n x n` array, partial tiles at the edges
//!   (`min` upper faces, section 4.2; n = 3000);
//! - `noise`: n random addresses (n = 100000): the speed of the raw fallback, which searches
//!   (and fails) once per stretch of up to 4096 addresses.
//!
//! `table` runs them all and prints one line each: trace size, nest size, ratio, time.
//! The traces are generated here, not recorded under QEMU.
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
        "jacobi-2d" => {
            for _t in 0..20 {
                for i in 1..n - 1 {
                    for j in 1..n - 1 {
                        out.push(base + 8 * (i * n + j - 1));
                    }
                }
            }
        }
        "trisolv" => {
            for i in 0..n {
                for j in 0..i {
                    out.push(base + 8 * (i * n + j));
                }
            }
        }
        "tiled" => {
            // for ii, jj step 32; for i < min(ii + 32, n), j < min(jj + 32, n): A[i][j]
            for ii in (0..n).step_by(32) {
                for jj in (0..n).step_by(32) {
                    for i in ii..(ii + 32).min(n) {
                        for j in jj..(jj + 32).min(n) {
                            out.push(base + 8 * (i * n + j));
                        }
                    }
                }
            }
        }
        "noise" => {
            let mut state = 0x9e3779b97f4a7c15u64;
            for _ in 0..n {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                out.push(base + 8 * (state % (1 << 20)) as i64);
            }
        }
        other => panic!("unknown kernel {other}: gemm, triangular, cholesky, jacobi-2d, trisolv or table"),
    }
    out
}

const KERNELS: [(&str, i64); 7] = [
    ("gemm", 215),
    ("triangular", 6000),
    ("cholesky", 400),
    ("jacobi-2d", 700),
    ("trisolv", 4000),
    ("tiled", 3000),
    ("noise", 100_000),
];

/// Reconstructs one kernel's trace; prints the nest and returns the table line.
fn run(kernel: &str, n: i64, print_nest: bool) -> String {
    let trace = trace(kernel, n);
    let start = Instant::now();
    let reconstruction = reconstruct(&trace, Limits::default());
    let seconds = start.elapsed().as_secs_f64();
    let stats = reconstruction.statistics();
    if print_nest {
        print!("{}", reconstruction.print());
    }
    assert_eq!(reconstruction.first_mismatch(&trace), None, "not exact");
    format!(
        "{kernel:<11} n={n:<5} {:>10} accesses {:>10} trace bytes {:>4} nest bytes ratio {:>9.3e} pieces {} depth {} exact {:>7.3} s {:>6.1} M accesses/s",
        trace.len(),
        stats.trace_bytes,
        stats.compressed_bytes,
        stats.ratio(),
        stats.pieces,
        stats.depth,
        seconds,
        trace.len() as f64 / seconds / 1e6
    )
}

fn main() {
    let kernel = std::env::args().nth(1).unwrap_or_else(|| "gemm".into());
    if kernel == "table" {
        for (name, n) in KERNELS {
            println!("{}", run(name, n, false));
        }
        return;
    }
    let default = KERNELS.iter().find(|(name, _)| *name == kernel).map_or(215, |k| k.1);
    let n: i64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(default);
    println!("{}", run(&kernel, n, true));
}
