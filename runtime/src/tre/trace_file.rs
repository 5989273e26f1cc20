//! The binary trace file `polyprop tre` reads: the addresses one memory reference issued,
//! in order, after a header that says which reference it was.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "PPTRACE\0"
//!      8     4  version, little-endian u32 (1)
//!     12     4  element size in bytes of the accessed data, u32 (e.g. 8 for double)
//!     16     8  count of addresses, u64
//!     24     4  length R of the reference, u32
//!     28     R  the reference, UTF-8 (e.g. "gemm.c:12")
//!   28+R   8*n  the addresses, little-endian i64, count of them
//! ```
//!
//! Nothing may follow the addresses. Reading checks every length against the file, so an
//! empty, truncated or foreign file gives one [`TraceFileError`] line, never a partial trace.

use std::fmt;
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"PPTRACE\0";
pub const VERSION: u32 = 1;
const HEADER: usize = 28;

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
    Io(String),
}

impl fmt::Display for TraceFileError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TraceFileError::Empty => write!(f, "empty file, not a trace"),
            TraceFileError::NotATrace => write!(f, "not a polyprop trace (no PPTRACE header)"),
            TraceFileError::UnsupportedVersion(v) => {
                write!(f, "trace version {v} is not supported (expected {VERSION})")
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
            TraceFileError::Io(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for TraceFileError {}

impl Trace {
    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.reference.len() + 8 * self.addresses.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.element_size.to_le_bytes());
        out.extend_from_slice(&(self.addresses.len() as u64).to_le_bytes());
        out.extend_from_slice(&(self.reference.len() as u32).to_le_bytes());
        out.extend_from_slice(self.reference.as_bytes());
        for a in &self.addresses {
            out.extend_from_slice(&a.to_le_bytes());
        }
        out
    }

    pub fn decode(bytes: &[u8]) -> Result<Trace, TraceFileError> {
        if bytes.is_empty() {
            return Err(TraceFileError::Empty);
        }
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(TraceFileError::NotATrace);
        }
        let truncated = |expected: u64| TraceFileError::Truncated {
            expected,
            found: bytes.len() as u64,
        };
        if bytes.len() < HEADER {
            return Err(truncated(HEADER as u64));
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let version = u32_at(8);
        if version != VERSION {
            return Err(TraceFileError::UnsupportedVersion(version));
        }
        let element_size = u32_at(12);
        let count = u64::from_le_bytes(bytes[16..24].try_into().unwrap());
        let reference_length = u32_at(24) as u64;
        let expected = (HEADER as u64)
            .saturating_add(reference_length)
            .saturating_add(count.saturating_mul(8));
        if (bytes.len() as u64) < expected {
            return Err(truncated(expected));
        }
        if (bytes.len() as u64) > expected {
            return Err(TraceFileError::TrailingBytes(bytes.len() as u64 - expected));
        }
        let body = HEADER + reference_length as usize;
        let reference = std::str::from_utf8(&bytes[HEADER..body])
            .map_err(|_| TraceFileError::NotUtf8Reference)?;
        let addresses = bytes[body..]
            .chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        Ok(Trace {
            reference: reference.to_string(),
            element_size,
            addresses,
        })
    }

    pub fn read(path: &Path) -> Result<Trace, TraceFileError> {
        let bytes = std::fs::read(path)
            .map_err(|e| TraceFileError::Io(format!("cannot read: {e}")))?;
        Trace::decode(&bytes)
    }

    pub fn write(&self, path: &Path) -> Result<(), TraceFileError> {
        std::fs::write(path, self.encode())
            .map_err(|e| TraceFileError::Io(format!("cannot write: {e}")))
    }
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
                expected: 28,
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
}
