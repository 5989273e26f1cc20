//! The Rodinia-like kernel set of issue 15 (`test-suite/rodinia/`): six programs written here
//! in Rodinia's style, whose hot loops are not affine statically (rows allocated one by one,
//! index arrays, bounds loaded from structs, possible aliasing) but behave affinely at run
//! time, as paper 001 (POLY-PROF, §5 and Table 5) finds for Rodinia. Each program is one C
//! file with its own `main`; this module names them, their sizes and timed kernels, and parses
//! what they print (`test-suite/rodinia/common.h`; the parsing is [`crate::program_set`]'s).

/// One program of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The C file stem (`rodinia/<name>.c`) and the binary's name.
    pub name: &'static str,
    /// The functions the program times (`time_ms FUNCTION: T`), in print order.
    pub timed: &'static [&'static str],
    /// Problem size `N` of the profiled run (QEMU runs it 30-100x slower than native).
    pub small: u64,
    /// Problem size `N` of the measured runs.
    pub large: u64,
    /// What `N` is, for the table.
    pub size_meaning: &'static str,
}

/// The six programs. backprop's sizes are issue 15's acceptance test (profile at 4096
/// inputs, measure at 65536); the others are chosen for timed calls of 5-100 ms here.
pub const ALL: [Kernel; 6] = [
    Kernel { name: "backprop", timed: &["layerforward", "adjust_weights"], small: 4096, large: 65536, size_meaning: "input units (16 hidden)" },
    Kernel { name: "kmeans", timed: &["assign"], small: 2000, large: 200_000, size_meaning: "points (34 features, 5 clusters)" },
    Kernel { name: "srad", timed: &["srad"], small: 128, large: 1024, size_meaning: "N x N image" },
    Kernel { name: "spmv", timed: &["spmv"], small: 2000, large: 1_000_000, size_meaning: "N x N CSR, 4-12 nonzeros a row" },
    Kernel { name: "nw", timed: &["needle"], small: 256, large: 2048, size_meaning: "two sequences of N residues" },
    Kernel { name: "hotspot", timed: &["hotspot_step"], small: 128, large: 2048, size_meaning: "N x N grid" },
];

/// The programs named in `names` (all when empty); unknown names are errors.
pub fn select(names: &[String]) -> Result<Vec<Kernel>, String> {
    crate::program_set::select_named(&ALL, |k| k.name, names, "kernel program")
}

pub use crate::program_set::KernelReport;

/// Parses a program's standard output (`time_ms F: T` and `checksum NAME: ...` lines).
pub fn parse_report(text: &str) -> Result<KernelReport, String> {
    crate::program_set::parse_report(text, |line| line.starts_with("checksum "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_times_per_function_and_checksums() {
        let text = "size: 64\ntime_ms layerforward: 1.5\ntime_ms adjust_weights: 2\ntime_ms layerforward: 0.5\n\
                    checksum hidden: c1306e61d0bcb551 0x1.1b5fce3p+3\nchecksum output: 08 0x1p-3\n";
        let r = parse_report(text).unwrap();
        assert_eq!(r.calls("layerforward"), [1.5, 0.5]);
        assert_eq!(r.calls("adjust_weights"), [2.0]);
        assert!(r.calls("assign").is_empty());
        assert_eq!(r.checksums.len(), 2);
        assert!(parse_report("time_ms f: 1\n").is_err());
        assert!(parse_report("time_ms f: x\nchecksum a: 0\n").is_err());
    }

    #[test]
    fn every_program_and_timed_function_is_in_its_source() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rodinia");
        for k in ALL {
            let source = std::fs::read_to_string(dir.join(format!("{}.c", k.name))).unwrap();
            for f in k.timed {
                assert!(source.contains(&format!("KERNEL void {f}(")), "{} defines {f}", k.name);
                assert!(source.contains(&format!("report_time(\"{f}\"")), "{} times {f}", k.name);
            }
            assert!(k.small < k.large);
        }
        assert!(select(&["nw".into()]).unwrap()[0].name == "nw");
        assert!(select(&["lud".into()]).is_err());
    }
}
