//! Why QEMU could not run a program: the instruction sets it does not emulate.
//!
//! QEMU 7.2's user mode emulates x86-64 up to AVX2 (`-cpu max`), not AVX-512 or AMX. A binary
//! built with `-march=native` on a machine that has AVX-512 dies of SIGILL at its first such
//! instruction, before any profile is written. Profiles belong to the source (issue 15): the
//! same sources built with `-march=x86-64-v3` profile as well, and the profile applies to the
//! `-march=native` build. This module finds the first instruction QEMU cannot run, so that the
//! profiler says which one, of which instruction set, and which flag avoids it.

use crate::launch::elf_segments;
use iced_x86::{CpuidFeature, Decoder, DecoderOptions, Instruction};
use std::path::Path;

/// An instruction QEMU does not emulate, found in the program's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The mnemonic, lower case (`vfmadd213ps`).
    pub mnemonic: String,
    /// The instruction set it belongs to (`AVX512F`).
    pub feature: String,
    /// Its link-time address.
    pub address: u64,
}

/// Whether QEMU 7.2 lacks `feature`: the AVX-512 family, AMX and the VEX encodings of
/// AVX-512-era extensions.
fn unemulated(feature: CpuidFeature) -> bool {
    let name = format!("{feature:?}");
    name.starts_with("AVX512") || name.starts_with("AMX") || name.starts_with("AVX_VNNI") || name.starts_with("AVX_IFMA")
}

/// The instruction set of `instruction` that QEMU lacks, if any.
fn unemulated_feature(instruction: &Instruction) -> Option<CpuidFeature> {
    instruction.cpuid_features().iter().copied().find(|f| unemulated(*f))
}

/// The first instruction, in address order, of `binary`'s executable segments that QEMU
/// cannot run; `None` when every decoded instruction is one it emulates.
pub fn first_unsupported(binary: &Path) -> Result<Option<Unsupported>, String> {
    let bytes = std::fs::read(binary).map_err(|e| format!("{}: {e}", binary.display()))?;
    for segment in elf_segments(&bytes).ok_or_else(|| format!("{}: not a 64-bit ELF executable", binary.display()))? {
        let Some(code) = bytes.get(segment.offset..segment.offset + segment.size) else { continue };
        let mut decoder = Decoder::with_ip(64, code, segment.address, DecoderOptions::NONE);
        let mut instruction = Instruction::default();
        while decoder.can_decode() {
            decoder.decode_out(&mut instruction);
            if instruction.is_invalid() {
                continue;
            }
            if let Some(feature) = unemulated_feature(&instruction) {
                return Ok(Some(Unsupported {
                    mnemonic: format!("{:?}", instruction.mnemonic()).to_lowercase(),
                    feature: format!("{feature:?}"),
                    address: instruction.ip(),
                }));
            }
        }
    }
    Ok(None)
}

/// The one line the profiler prints when QEMU stopped at an illegal instruction; `location`
/// is the instruction's `file:line` when the binary has debug information.
pub fn diagnosis(qemu: &str, binary: &Path, found: Option<&Unsupported>, location: Option<String>) -> String {
    let flag = "build the program to profile with -march=x86-64-v3 (its profile applies to the -march=native build of the same sources)";
    match found {
        Some(u) => format!(
            "{qemu} cannot run {}: it uses {} ({} at {:#x}{}), which QEMU does not emulate; {flag}",
            binary.display(),
            u.feature,
            u.mnemonic,
            u.address,
            location.map(|l| format!(", {l}")).unwrap_or_default()
        ),
        None => format!("{qemu} stopped at an illegal instruction in {}; if it was built for this CPU, {flag}", binary.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced_x86::Code;

    fn decode(bytes: &[u8]) -> Instruction {
        Decoder::with_ip(64, bytes, 0x1000, DecoderOptions::NONE).decode()
    }

    #[test]
    fn avx512_is_not_emulated_avx2_is() {
        // vaddps zmm0, zmm1, zmm2 (EVEX)
        let zmm = decode(&[0x62, 0xf1, 0x74, 0x48, 0x58, 0xc2]);
        assert_eq!(zmm.code(), Code::EVEX_Vaddps_zmm_k1z_zmm_zmmm512b32_er);
        assert_eq!(unemulated_feature(&zmm).map(|f| format!("{f:?}")), Some("AVX512F".to_string()));
        // vaddps ymm0, ymm1, ymm2 (VEX, AVX)
        let ymm = decode(&[0xc5, 0xf4, 0x58, 0xc2]);
        assert_eq!(ymm.code(), Code::VEX_Vaddps_ymm_ymm_ymmm256);
        assert_eq!(unemulated_feature(&ymm), None);
        // vfmadd213ps ymm0, ymm1, ymm2 (FMA)
        let fma = decode(&[0xc4, 0xe2, 0x75, 0xa8, 0xc2]);
        assert_eq!(unemulated_feature(&fma), None);
    }

    #[test]
    fn the_diagnosis_names_the_instruction_set_and_the_flag() {
        let found = Unsupported { mnemonic: "vaddps".into(), feature: "AVX512F".into(), address: 0x1130 };
        let line = diagnosis("qemu-x86_64", Path::new("./app"), Some(&found), Some("app.c:12:5".into()));
        assert_eq!(
            line,
            "qemu-x86_64 cannot run ./app: it uses AVX512F (vaddps at 0x1130, app.c:12:5), which QEMU does not emulate; \
             build the program to profile with -march=x86-64-v3 (its profile applies to the -march=native build of the same sources)"
        );
        assert!(!line.contains('\n'));
    }
}
