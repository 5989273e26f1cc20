//! A trace as a sequence of pieces: loop nests where the trace is regular, raw addresses
//! where it is not (paper 002, section 4.6: "a sequence of nests, each of which generates a
//! portion of the trace", used when one nest cannot be found within the quota).
//!
//! The trace is consumed from its start. When no single nest generates the rest, it is cut
//! after the longest prefix some branch of the search covered up to the end of an iteration
//! of its outermost loop (halving the cut while no nest fits it); a prefix that no nest
//! covers, or whose nest is not smaller than its addresses, is kept raw. Raw pieces are what
//! makes the result exact whatever the input: TRE never returns a wrong nest, it compresses
//! less.

use super::engine::{reconstruct_nest, Limits};
use super::nest::Nest;

/// Pieces shorter than this are not searched for a nest after a failure: kept raw.
const MIN_PIECE: usize = 8;
/// After consecutive failures the raw stretch doubles up to this, so that noise costs a
/// search per stretch rather than per few addresses.
const MAX_RAW_STRETCH: usize = 4096;

/// One part of a reconstructed trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Nest(Nest),
    /// Addresses no nest compressed, as they are.
    Raw(Vec<i64>),
}

/// Pieces that regenerate `trace` in order.
pub fn reconstruct_pieces(trace: &[i64], limits: Limits) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut raw_stretch = MIN_PIECE;
    while start < trace.len() {
        let rest = &trace[start..];
        let outcome = reconstruct_nest(rest, limits);
        if let Some(nest) = outcome.nest {
            push(&mut pieces, nest, rest);
            break;
        }
        match take_prefix(&mut pieces, rest, outcome.cut, limits) {
            Some(covered) => {
                start += covered;
                raw_stretch = MIN_PIECE;
            }
            None => {
                let raw = raw_stretch.min(rest.len());
                push_raw(&mut pieces, &rest[..raw]);
                start += raw;
                raw_stretch = (2 * raw_stretch).min(MAX_RAW_STRETCH);
            }
        }
    }
    pieces
}

/// Covers a prefix of `rest` with a nest cut at `cut` (or halves of it); returns how many
/// addresses were covered, `None` when no nest fits.
fn take_prefix(pieces: &mut Vec<Piece>, rest: &[i64], mut cut: usize, limits: Limits) -> Option<usize> {
    while cut >= MIN_PIECE {
        if let Some(nest) = reconstruct_nest(&rest[..cut], limits).nest {
            push(pieces, nest, &rest[..cut]);
            return Some(cut);
        }
        cut /= 2;
    }
    None
}

/// Keeps `nest` for `segment` unless its addresses are smaller than the nest.
fn push(pieces: &mut Vec<Piece>, nest: Nest, segment: &[i64]) {
    if nest.integers() < segment.len() {
        pieces.push(Piece::Nest(nest));
    } else {
        push_raw(pieces, segment);
    }
}

fn push_raw(pieces: &mut Vec<Piece>, addresses: &[i64]) {
    match pieces.last_mut() {
        Some(Piece::Raw(previous)) => previous.extend_from_slice(addresses),
        _ => pieces.push(Piece::Raw(addresses.to_vec())),
    }
}
