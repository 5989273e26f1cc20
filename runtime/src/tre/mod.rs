//! Trace reconstruction (TRE, paper 002: Rodriguez, Pouchet, Tourino, *Representing Integer
//! Sequences Using Piecewise-Affine Loops*, Mathematics 2021): the addresses one memory
//! reference issued become a loop nest that regenerates them exactly.
//!
//! - [`nest`]: the canonical nest of sections 2 and 3 (`for i_j = 0 .. min(faces)`, access
//!   `a_1 + c . i`, equation 1), with several upper faces (section 4.2), several lower faces
//!   (section 4.3) and rational slopes (section 4.5), and, where the start of a loop changes
//!   residue modulo its step, the step (`for (l = max(2j + 2, 3); l <= 6; l += 3)`); its
//!   generator and its C-like printer.
//! - [`bounds`]: upper faces fitted to the points where a loop reset (section 3.4, equations
//!   6 and 7; section 4.2, equations 9 and 10), lower faces to its starts (section 4.3).
//! - [`engine`]: Algorithm 1 (`Extract`) and Algorithm 2 (`Grow`): prediction by `gamma`
//!   (section 3.3), brute force over the `D` sequential successors (section 3.1, Lemma 2),
//!   new loops (section 3.2), loops that take on a step where a restart falls between their
//!   values, iterative deepening for the fewest loops, a step quota.
//! - [`pieces`]: a sequence of nests and raw segments when no single nest fits (section 4.6).
//! - [`trace_file`]: the binary trace format `polyprop tre` reads.
//! - [`recorder`]: address streams of the instructions of a source line, under QEMU.
//!
//! Invariant: every [`Reconstruction`] regenerates its trace exactly. The engine checks each
//! nest against the trace before returning it, and what no nest covers stays raw.
//!
//! Partly implemented: section 4.3's `(+)(j, i)` successors restart one loop (`K = 1`, `R =
//! 1`); section 4.4's backtracking to visited points happens only where a prediction was
//! taken on a bound not yet settled, within a fixed budget. Not implemented: the
//! fitness-ordered exploration of section 4.4 and its speculative threads. A loop takes on a
//! step only at a restart between its values, of at most 8, and only where no other
//! successor gives the stride (see [`engine`]). Traces that need more come back with more
//! loops or as several pieces.

pub mod bounds;
pub mod engine;
pub mod nest;
pub mod pieces;
pub mod recorder;
pub mod trace_file;

#[cfg(test)]
mod tests;

pub use engine::{reconstruct_nest, regenerates, Limits};
pub use nest::{Face, Loop, Nest};
pub use pieces::Piece;

use std::fmt::Write;

/// A trace as pieces that regenerate it in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reconstruction {
    pub pieces: Vec<Piece>,
}

/// What `polyprop tre` reports about a reconstruction (section 3.6's compression figures).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Statistics {
    /// Addresses in the trace.
    pub length: u64,
    /// Loops of the deepest nest.
    pub depth: usize,
    /// Loops over all nests.
    pub loops: usize,
    pub pieces: usize,
    /// Addresses kept raw.
    pub raw: u64,
    /// Bytes of the trace at 8 bytes per address.
    pub trace_bytes: u64,
    /// Bytes of the reconstruction at 8 bytes per integer (nest coefficients, faces, raw
    /// addresses): the paper's size of `U`, `w` and `c`.
    pub compressed_bytes: u64,
}

impl Statistics {
    pub fn ratio(&self) -> f64 {
        self.trace_bytes as f64 / self.compressed_bytes.max(1) as f64
    }
}

/// Reconstructs `trace` (one reference's addresses, in order) as nests and raw pieces.
pub fn reconstruct(trace: &[i64], limits: Limits) -> Reconstruction {
    Reconstruction {
        pieces: pieces::reconstruct_pieces(trace, limits),
    }
}

impl Reconstruction {
    /// Calls `visit` with every address in order; stops when it returns false.
    pub fn generate(&self, visit: &mut dyn FnMut(i64) -> bool) -> bool {
        self.pieces.iter().all(|piece| match piece {
            Piece::Nest(nest) => nest.generate(visit),
            Piece::Raw(addresses) => addresses.iter().all(|&a| visit(a)),
        })
    }

    pub fn regenerate(&self) -> Vec<i64> {
        let mut out = Vec::new();
        self.generate(&mut |a| {
            out.push(a);
            true
        });
        out
    }

    /// The first position where the reconstruction and `trace` differ, with both values
    /// (`None` past an end); `None` when they are equal.
    pub fn first_mismatch(&self, trace: &[i64]) -> Option<(u64, Option<i64>, Option<i64>)> {
        let mut n = 0usize;
        let mut mismatch = None;
        self.generate(&mut |a| {
            if trace.get(n) != Some(&a) {
                mismatch = Some((n as u64, trace.get(n).copied(), Some(a)));
                return false;
            }
            n += 1;
            true
        });
        mismatch.or_else(|| (n < trace.len()).then(|| (n as u64, Some(trace[n]), None)))
    }

    pub fn statistics(&self) -> Statistics {
        let nests = || {
            self.pieces.iter().filter_map(|p| {
                if let Piece::Nest(n) = p {
                    Some(n)
                } else {
                    None
                }
            })
        };
        let raw: u64 = self
            .pieces
            .iter()
            .map(|p| {
                if let Piece::Raw(a) = p {
                    a.len() as u64
                } else {
                    0
                }
            })
            .sum();
        let length = raw + nests().map(Nest::count).sum::<u64>();
        let integers = raw + nests().map(|n| n.integers() as u64).sum::<u64>();
        Statistics {
            length,
            depth: nests().map(Nest::depth).max().unwrap_or(0),
            loops: nests().map(Nest::depth).sum(),
            pieces: self.pieces.len(),
            raw,
            trace_bytes: 8 * length,
            compressed_bytes: 8 * integers,
        }
    }

    /// The pieces in C-like form, in order.
    pub fn print(&self) -> String {
        let mut out = String::new();
        for (n, piece) in self.pieces.iter().enumerate() {
            match piece {
                Piece::Nest(nest) => {
                    let _ = writeln!(
                        out,
                        "// piece {n}: nest of {} loops, {} accesses",
                        nest.depth(),
                        nest.count()
                    );
                    out.push_str(&nest.print(0));
                }
                Piece::Raw(addresses) => {
                    let _ = writeln!(out, "// piece {n}: {} raw accesses", addresses.len());
                    let shown: Vec<String> = addresses
                        .iter()
                        .take(8)
                        .map(|a| format!("{a:#x}"))
                        .collect();
                    let more = if addresses.len() > 8 { ", ..." } else { "" };
                    let _ = writeln!(out, "raw({}{more});", shown.join(", "));
                }
            }
        }
        out
    }
}

impl Reconstruction {
    /// The reconstruction for tools: pieces (nests with their coefficients, and per loop its
    /// lower and upper faces and its step; raw addresses) and statistics, as one JSON object.
    pub fn json(&self, reference: &str, element_size: u32, seconds: f64, exact: Option<bool>) -> String {
        let stats = self.statistics();
        let pieces: Vec<String> = self.pieces.iter().map(piece_json).collect();
        let exact = exact.map_or("null".to_string(), |e| e.to_string());
        format!(
            "{{\"reference\":{},\"element_size\":{element_size},\"length\":{},\"depth\":{},\"loops\":{},\
             \"pieces\":[{}],\"raw\":{},\"trace_bytes\":{},\"compressed_bytes\":{},\"ratio\":{:.3},\
             \"seconds\":{seconds:.6},\"exact\":{exact}}}\n",
            json_string(reference),
            stats.length,
            stats.depth,
            stats.loops,
            pieces.join(","),
            stats.raw,
            stats.trace_bytes,
            stats.compressed_bytes,
            stats.ratio(),
        )
    }
}

fn piece_json(piece: &Piece) -> String {
    let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    match piece {
        Piece::Nest(nest) => {
            let faces = |faces: &[Face]| {
                faces
                    .iter()
                    .map(|f| {
                        format!(
                            "{{\"coefficients\":[{}],\"constant\":{},\"divisor\":{}}}",
                            list(&f.coefficients),
                            f.constant,
                            f.divisor
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let loops: Vec<String> = nest
                .loops
                .iter()
                .map(|l| {
                    format!(
                        "{{\"lower\":[{}],\"upper\":[{}],\"step\":{}}}",
                        faces(&l.lower),
                        faces(&l.upper),
                        l.step
                    )
                })
                .collect();
            format!(
                "{{\"kind\":\"nest\",\"base\":{},\"coefficients\":[{}],\"loops\":[{}],\"count\":{}}}",
                nest.base,
                list(&nest.coefficients),
                loops.join(","),
                nest.count()
            )
        }
        Piece::Raw(addresses) => format!("{{\"kind\":\"raw\",\"addresses\":[{}]}}", list(addresses)),
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
