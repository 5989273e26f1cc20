//! Recording traces under QEMU (`polyprop profile --trace FILE:LINE`): every memory access
//! made by an instruction in the traced address ranges (the code of that source line, from
//! its DWARF line table) is kept, one address stream per instruction, and written next to
//! the profile as `OUTPUT.<pc>.trace` in the format of [`super::trace_file`], with the
//! instruction's link-time address as its reference. The CLI then gathers them into one
//! file, `OUTPUT.trace`, each named by its source line and pc.

use super::trace_file::Trace;

/// The address streams of the traced instructions.
#[derive(Clone, Debug, Default)]
pub struct TraceRecorder {
    ranges: Vec<(u64, u64)>,
    /// Per instruction: its run-time address, its access size, its addresses.
    streams: Vec<(u64, u32, Vec<i64>)>,
    /// The stream of the last access: an instruction in a loop repeats.
    last: usize,
}

impl TraceRecorder {
    /// Records the instructions in `ranges` (`[start, end)`, run-time addresses).
    pub fn new(ranges: Vec<(u64, u64)>) -> TraceRecorder {
        TraceRecorder { ranges, streams: Vec::new(), last: 0 }
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// One memory access of the instruction at `pc`.
    #[inline]
    pub fn record(&mut self, pc: u64, address: u64, size: u8) {
        if let Some(stream) = self.streams.get_mut(self.last).filter(|s| s.0 == pc) {
            stream.2.push(address as i64);
            return;
        }
        if !self.ranges.iter().any(|&(s, e)| s <= pc && pc < e) {
            return;
        }
        self.last = match self.streams.iter().position(|s| s.0 == pc) {
            Some(n) => n,
            None => {
                self.streams.push((pc, size as u32, Vec::new()));
                self.streams.len() - 1
            }
        };
        self.streams[self.last].2.push(address as i64);
    }

    /// The recorded traces, by instruction address; the reference is the link-time address
    /// (`pc - load_base`).
    pub fn traces(&self, load_base: u64) -> Vec<(u64, Trace)> {
        let mut out: Vec<(u64, Trace)> = self
            .streams
            .iter()
            .map(|(pc, size, addresses)| {
                let reference = format!("{:#x}", pc - load_base);
                (*pc - load_base, Trace { reference, element_size: *size, addresses: addresses.clone() })
            })
            .collect();
        out.sort_by_key(|(pc, _)| *pc);
        out
    }

    /// Writes `OUTPUT.<link-time pc>.trace` per instruction; returns the files written.
    pub fn write(&self, output: &str, load_base: u64) -> Result<Vec<String>, String> {
        let mut written = Vec::new();
        for (pc, trace) in self.traces(load_base) {
            let path = format!("{output}.{pc:x}.trace");
            trace.write(std::path::Path::new(&path)).map_err(|e| format!("{path}: {e}"))?;
            written.push(path);
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_per_instruction_in_ranges() {
        let mut recorder = TraceRecorder::new(vec![(0x401000, 0x401010)]);
        for k in 0..3u64 {
            recorder.record(0x401004, 0x8000 + 8 * k, 8);
            recorder.record(0x401008, 0x9000 + 4 * k, 4);
            recorder.record(0x402000, 0x1, 8);
        }
        let traces = recorder.traces(0x400000);
        assert_eq!(traces.len(), 2);
        assert_eq!(traces[0].1.reference, "0x1004");
        assert_eq!(traces[0].1.addresses, vec![0x8000, 0x8008, 0x8010]);
        assert_eq!((traces[1].1.element_size, traces[1].1.addresses.len()), (4, 3));
    }
}
