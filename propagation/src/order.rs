//! The propagation order (paper 003, section 4.4, Figure 9).
//!
//! Locations are taken from a priority worklist, each tried once (except one refused by the
//! reload test because a location still in the worklist is overwritten before its reader: it
//! is tried again after that one is propagated, `propagate`); the key is recomputed from
//! the current model after every propagation. Lexicographically smaller is first:
//! 1. the number of different arrays the target statements (the readers of the location)
//!    would access after propagation: their arrays without the location, plus the arrays the
//!    writers read;
//! 2. the number of RAW dependences, counted syntactically as the read accesses of the
//!    location (each read has at least one source in a well-formed program);
//! 3. the number of source statements (writers);
//! 4. the number of read accesses in the source statements;
//! 5. the number of dimensions of the location;
//! 6. the number of incoming RAW dependences of the sources, counted syntactically as their
//!    reads of locations the SCoP writes;
//! 7. the syntactic order: the position of the first writer (then of the declaration).
//!
//! The counts are syntactic so that ordering costs no isl work (a 500-statement pipeline
//! reorders after each of hundreds of propagations).

use polyhedral::model::{ArrayId, Scop};
use std::collections::BTreeSet;

pub(crate) type OrderKey = (usize, usize, usize, usize, usize, usize, usize, ArrayId);

/// What the order needs of one statement.
struct Summary {
    write: ArrayId,
    /// Arrays read, with repetitions.
    reads: Vec<ArrayId>,
}

/// The keys of `candidates`, from one pass over the statements.
pub(crate) fn order_keys(scop: &Scop, candidates: &[ArrayId]) -> Vec<OrderKey> {
    let summaries: Vec<Summary> = scop
        .statements
        .iter()
        .map(|s| Summary { write: s.write.array, reads: s.value.reads().iter().map(|a| a.array).collect() })
        .collect();
    let written: BTreeSet<ArrayId> = summaries.iter().map(|s| s.write).collect();
    candidates.iter().map(|&array| order_key(scop, &summaries, &written, array)).collect()
}

fn order_key(scop: &Scop, summaries: &[Summary], written: &BTreeSet<ArrayId>, array: ArrayId) -> OrderKey {
    let mut target_arrays = BTreeSet::new();
    let mut raw = 0;
    let mut writers = 0;
    let mut source_reads = 0;
    let mut incoming = 0;
    let mut first_writer = usize::MAX;
    for (index, statement) in summaries.iter().enumerate() {
        let count = statement.reads.iter().filter(|&&a| a == array).count();
        if count > 0 {
            raw += count;
            target_arrays.insert(statement.write);
            target_arrays.extend(statement.reads.iter().copied());
        }
        if statement.write == array {
            writers += 1;
            first_writer = first_writer.min(index);
            source_reads += statement.reads.len();
            incoming += statement.reads.iter().filter(|a| written.contains(a)).count();
        }
    }
    if raw > 0 {
        for statement in summaries.iter().filter(|s| s.write == array) {
            target_arrays.extend(statement.reads.iter().copied());
        }
    }
    target_arrays.remove(&array);
    let dims = scop.arrays[array].sizes.len();
    (target_arrays.len(), raw, writers, source_reads, dims, incoming, first_writer, array)
}
