//! The binary trace file `polyprop tre` reads: the addresses memory references issued, each
//! reference's in order, after a header that says which reference it was.
//!
//! Version 2 (`polyprop profile --trace` writes one file, `OUTPUT.trace`, with every traced
//! instruction of every traced line):
//!
//! ```text
//! offset  size  field
//!      0     8  magic "PPTRACE\0"
//!      8     4  version, little-endian u32 (2)
//!     12     4  number of references, u32
//! then per reference, in order:
//!              4  element size in bytes of the accessed data, u32 (e.g. 8 for double)
//!              8  count n of addresses, u64
//!              4  length R of the reference, u32
//!              R  the reference, UTF-8 (e.g. "gemm.c:12 (pc 0x1139)")
//!            8*n  the addresses, little-endian i64
//! ```
//!
//! Version 1 holds one reference: after the version, its element size, count, reference
//! length, reference and addresses (the record above). Both versions are read.
//!
//! Nothing may follow the last address. Reading checks every length against the file, so an
//! empty, truncated or foreign file gives one [`TraceFileError`] line, never a partial trace.

use std::fmt;
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"PPTRACE\0";
/// The version written.
pub const VERSION: u32 = 2;
/// Magic and version.
const PREAMBLE: usize = 12;

/// A reference's trace with its header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Where the access is, e.g. `FILE:LINE`.
    pub reference: String,
    /// Bytes per accessed element.
    pub element_size: u32,
    pub addresses: Vec<i64>,
}

/// Why a file is not a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceFileError {
    Empty,
    NotATrace,
    UnsupportedVersion(u32),
    /// The header or the addresses end early: bytes the header promises, bytes there are.
    Truncated {
        expected: u64,
        found: u64,
    },
    /// Bytes after the last address.
    TrailingBytes(u64),
    NotUtf8Reference,
    /// A file of one reference was expected; it has this many.
    References(usize),
    Io(String),
}

impl fmt::Display for TraceFileError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TraceFileError::Empty => write!(f, "empty file, not a trace"),
            TraceFileError::NotATrace => write!(f, "not a polyprop trace (no PPTRACE header)"),
            TraceFileError::UnsupportedVersion(v) => {
                write!(f, "trace version {v} is not supported (expected 1 or {VERSION})")
            }
            TraceFileError::Truncated { expected, found } => {
                write!(
                    f,
                    "truncated trace: {expected} bytes expected, {found} found"
                )
            }
            TraceFileError::TrailingBytes(n) => {
                write!(f, "{n} bytes after the last address of the trace")
            }
            TraceFileError::NotUtf8Reference => write!(f, "the trace's reference is not UTF-8"),
            TraceFileError::References(n) => write!(f, "{n} references in the file, one expected"),
            TraceFileError::Io(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for TraceFileError {}

impl Trace {
    /// The record of the trace (version 2's per-reference layout).
    fn encode_record(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.element_size.to_le_bytes());
        out.extend_from_slice(&(self.addresses.len() as u64).to_le_bytes());
        out.extend_from_slice(&(self.reference.len() as u32).to_le_bytes());
        out.extend_from_slice(self.reference.as_bytes());
        for a in &self.addresses {
            out.extend_from_slice(&a.to_le_bytes());
        }
    }

    /// The record at `bytes[at..]` and the offset after it.
    fn decode_record(bytes: &[u8], at: usize) -> Result<(Trace, usize), TraceFileError> {
        let truncated = |expected: u64| TraceFileError::Truncated { expected, found: bytes.len() as u64 };
        let header = at + 16;
        if bytes.len() < header {
            return Err(truncated(header as u64));
        }
        let u32_at = |k: usize| u32::from_le_bytes(bytes[k..k + 4].try_into().unwrap());
        let element_size = u32_at(at);
        let count = u64::from_le_bytes(bytes[at + 4..at + 12].try_into().unwrap());
        let reference_length = u32_at(at + 12) as u64;
        let end = (header as u64).saturating_add(reference_length).saturating_add(count.saturating_mul(8));
        if (bytes.len() as u64) < end {
            return Err(truncated(end));
        }
        let body = header + reference_length as usize;
        let reference = std::str::from_utf8(&bytes[header..body]).map_err(|_| TraceFileError::NotUtf8Reference)?;
        let addresses =
            bytes[body..end as usize].chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap())).collect();
        Ok((Trace { reference: reference.to_string(), element_size, addresses }, end as usize))
    }

    /// The file's bytes for one reference.
    pub fn encode(&self) -> Vec<u8> {
        Trace::encode_all(std::slice::from_ref(self))
    }

    /// The file's bytes for `traces`, in order.
    pub fn encode_all(traces: &[Trace]) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(traces.len() as u32).to_le_bytes());
        for trace in traces {
            trace.encode_record(&mut out);
        }
        out
    }

    /// Every reference of the file, in order (one for version 1).
    pub fn decode_all(bytes: &[u8]) -> Result<Vec<Trace>, TraceFileError> {
        if bytes.is_empty() {
            return Err(TraceFileError::Empty);
        }
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(TraceFileError::NotATrace);
        }
        if bytes.len() < PREAMBLE {
            return Err(TraceFileError::Truncated { expected: PREAMBLE as u64, found: bytes.len() as u64 });
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap());
        let (count, mut at) = match version {
            1 => (1, PREAMBLE),
            2 if bytes.len() < PREAMBLE + 4 => {
                return Err(TraceFileError::Truncated { expected: PREAMBLE as u64 + 4, found: bytes.len() as u64 })
            }
            2 => (u32::from_le_bytes(bytes[12..16].try_into().unwrap()), PREAMBLE + 4),
            v => return Err(TraceFileError::UnsupportedVersion(v)),
        };
        let mut traces = Vec::new();
        for _ in 0..count {
            let (trace, next) = Trace::decode_record(bytes, at)?;
            traces.push(trace);
            at = next;
        }
        if bytes.len() > at {
            return Err(TraceFileError::TrailingBytes((bytes.len() - at) as u64));
        }
        Ok(traces)
    }

    /// A file of exactly one reference.
    pub fn decode(bytes: &[u8]) -> Result<Trace, TraceFileError> {
        let mut traces = Trace::decode_all(bytes)?;
        match traces.len() {
            1 => Ok(traces.remove(0)),
            n => Err(TraceFileError::References(n)),
        }
    }

    pub fn read_all(path: &Path) -> Result<Vec<Trace>, TraceFileError> {
        Trace::decode_all(&read_bytes(path)?)
    }

    pub fn read(path: &Path) -> Result<Trace, TraceFileError> {
        Trace::decode(&read_bytes(path)?)
    }

    pub fn write(&self, path: &Path) -> Result<(), TraceFileError> {
        Trace::write_all(std::slice::from_ref(self), path)
    }

    pub fn write_all(traces: &[Trace], path: &Path) -> Result<(), TraceFileError> {
        std::fs::write(path, Trace::encode_all(traces)).map_err(|e| TraceFileError::Io(format!("cannot write: {e}")))
    }
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, TraceFileError> {
    std::fs::read(path).map_err(|e| TraceFileError::Io(format!("cannot read: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Trace {
        Trace {
            reference: "gemm.c:12".into(),
            element_size: 8,
            addresses: vec![0x1000, 0x1008, -4],
        }
    }

    #[test]
    fn round_trip() {
        assert_eq!(Trace::decode(&sample().encode()), Ok(sample()));
    }

    #[test]
    fn bad_inputs_are_named() {
        let bytes = sample().encode();
        assert_eq!(Trace::decode(&[]), Err(TraceFileError::Empty));
        assert_eq!(
            Trace::decode(b"\x7fELF\x02\x01\x01\0\0\0\0\0"),
            Err(TraceFileError::NotATrace)
        );
        assert_eq!(
            Trace::decode(&bytes[..bytes.len() - 3]),
            Err(TraceFileError::Truncated {
                expected: bytes.len() as u64,
                found: bytes.len() as u64 - 3
            })
        );
        assert_eq!(
            Trace::decode(&bytes[..20]),
            Err(TraceFileError::Truncated {
                expected: 32,
                found: 20
            })
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            Trace::decode(&longer),
            Err(TraceFileError::TrailingBytes(1))
        );
        let mut version = bytes;
        version[8] = 9;
        assert_eq!(
            Trace::decode(&version),
            Err(TraceFileError::UnsupportedVersion(9))
        );
    }

    #[test]
    fn several_references_in_one_file() {
        let other = Trace { reference: "gemm.c:12 (pc 0x40)".into(), element_size: 4, addresses: vec![7, 11] };
        let bytes = Trace::encode_all(&[sample(), other.clone()]);
        assert_eq!(Trace::decode_all(&bytes), Ok(vec![sample(), other]));
        assert_eq!(Trace::decode(&bytes), Err(TraceFileError::References(2)));
        // A second reference cut short is reported, not dropped.
        assert!(matches!(Trace::decode_all(&bytes[..bytes.len() - 8]), Err(TraceFileError::Truncated { .. })));
        assert_eq!(Trace::decode_all(&Trace::encode_all(&[])), Ok(vec![]));
    }

    #[test]
    fn version_one_files_are_read() {
        let mut v1 = Vec::new();
        v1.extend_from_slice(MAGIC);
        v1.extend_from_slice(&1u32.to_le_bytes());
        sample().encode_record(&mut v1);
        assert_eq!(Trace::decode(&v1), Ok(sample()));
    }
}
