//! The control-flow graph of a function read from its code before it runs (paper 001, section
//! 2: "the first stage starts by [...] computing the intraprocedural control flow graphs", and
//! only then are loop events generated). A CFG discovered only by executing it learns of a
//! loop at the end of the loop's first iteration, so that iteration would run outside the
//! loop, with an iteration vector one dimension short. Decoding the function when it is first
//! called gives its loops from the start; the edges that decoding cannot see (indirect jumps,
//! returns) are still added as they execute.
//!
//! Recursive descent over x86-64 code from the function's entry: conditional branches lead to
//! their target and their fall-through, direct jumps to their target, calls (and system calls)
//! to the return address; indirect jumps, returns and faulting instructions end a path. Blocks
//! start where the translation blocks of QEMU start: at the entry, at branch targets and after
//! every instruction that ends a path or branches. The edges are those the execution would add
//! ([`super::ControlFlow`]): a jump or a fall-through into a block, and a call's block to its
//! return address.

use iced_x86::{Decoder, DecoderOptions, FlowControl};
use std::collections::{BTreeMap, BTreeSet};

/// Instructions decoded per function at most: a larger function keeps a dynamic CFG only.
pub const MAX_INSTRUCTIONS: usize = 1 << 16;

/// The guest's code: segments `(start address, bytes)`.
#[derive(Debug, Default)]
pub struct CodeImage {
    segments: Vec<(u64, Vec<u8>)>,
}

impl CodeImage {
    pub fn new(segments: Vec<(u64, Vec<u8>)>) -> CodeImage {
        CodeImage { segments }
    }

    /// The bytes from `address` to the end of its segment.
    fn code_from(&self, address: u64) -> Option<&[u8]> {
        self.segments.iter().find_map(|(start, bytes)| {
            let offset = address.checked_sub(*start)? as usize;
            (offset < bytes.len()).then(|| &bytes[offset..])
        })
    }

    pub fn contains(&self, address: u64) -> bool {
        self.code_from(address).is_some()
    }
}

/// A function's blocks (their first addresses, sorted) and the edges between them, with the
/// end address of each block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StaticCfg {
    pub blocks: BTreeMap<u64, u64>,
    pub edges: Vec<(u64, u64)>,
}

/// One decoded instruction: where it ends, where control goes after it, and whether it ends
/// its block (a branch, call or path end: QEMU ends a translation block there).
struct Decoded {
    end: u64,
    successors: Vec<u64>,
    ends_block: bool,
}

/// Decodes the function whose entry is `entry`; `None` when its entry is not in `code`, when it
/// has more than [`MAX_INSTRUCTIONS`] instructions, or when decoding finds overlapping
/// instructions (a jump into the middle of an instruction): the CFG then stays dynamic.
pub fn static_cfg(code: &CodeImage, entry: u64) -> Option<StaticCfg> {
    let decoded = decode_reachable(code, entry)?;
    let mut leaders: BTreeSet<u64> = BTreeSet::from([entry]);
    for instruction in decoded.values().filter(|d| d.ends_block) {
        leaders.extend(instruction.successors.iter().copied().filter(|s| decoded.contains_key(s)));
    }
    let mut cfg = StaticCfg::default();
    let mut previous_end = None;
    let mut block = entry;
    for (&address, instruction) in &decoded {
        if previous_end.is_some_and(|end| end > address) {
            return None;
        }
        if leaders.contains(&address) {
            block = address;
        }
        previous_end = Some(instruction.end);
        cfg.blocks.insert(block, instruction.end);
        let falls_into_leader = !instruction.ends_block && leaders.contains(&instruction.end);
        if instruction.ends_block || falls_into_leader {
            for &successor in &instruction.successors {
                if decoded.contains_key(&successor) {
                    cfg.edges.push((block, successor));
                }
            }
        }
    }
    cfg.edges.sort_unstable();
    cfg.edges.dedup();
    Some(cfg)
}

/// Every instruction reachable from `entry` without a call or an indirect jump.
fn decode_reachable(code: &CodeImage, entry: u64) -> Option<BTreeMap<u64, Decoded>> {
    let mut decoded = BTreeMap::new();
    let mut pending = vec![entry];
    while let Some(start) = pending.pop() {
        let mut address = start;
        while !decoded.contains_key(&address) {
            let bytes = code.code_from(address)?;
            let mut decoder = Decoder::with_ip(64, bytes, address, DecoderOptions::NONE);
            let instruction = decoder.decode();
            if instruction.is_invalid() {
                break;
            }
            if decoded.len() >= MAX_INSTRUCTIONS {
                return None;
            }
            let end = instruction.next_ip();
            let target = instruction.near_branch_target();
            let (successors, ends_block) = match instruction.flow_control() {
                FlowControl::Next | FlowControl::XbeginXabortXend => (vec![end], false),
                FlowControl::ConditionalBranch => (vec![target, end], true),
                FlowControl::UnconditionalBranch if target != 0 => (vec![target], true),
                FlowControl::Call | FlowControl::IndirectCall | FlowControl::Interrupt => (vec![end], true),
                FlowControl::UnconditionalBranch
                | FlowControl::IndirectBranch
                | FlowControl::Return
                | FlowControl::Exception => (Vec::new(), true),
            };
            let continues = successors.contains(&end);
            pending.extend(successors.iter().copied().filter(|&s| s != end && code.contains(s)));
            decoded.insert(address, Decoded { end, successors, ends_block });
            if !continues || !code.contains(end) {
                break;
            }
            address = end;
        }
    }
    Some(decoded)
}

/// A 10 x 10 loop nest, then a call and a return:
/// ```text
/// 0x1000: xor ecx, ecx      31 c9
/// 0x1002: xor edx, edx      31 d2            outer loop header
/// 0x1004: inc edx           ff c2            inner loop header (and latch)
/// 0x1006: cmp edx, 10       83 fa 0a
/// 0x1009: jne 0x1004        75 f9
/// 0x100b: inc ecx           ff c1            outer latch
/// 0x100d: cmp ecx, 10       83 f9 0a
/// 0x1010: jne 0x1002        75 f0
/// 0x1012: call 0x2000       e8 e9 0f 00 00
/// 0x1017: ret               c3
/// ```
#[cfg(test)]
pub(crate) const LOOP_NEST: [u8; 24] = [
    0x31, 0xc9, 0x31, 0xd2, 0xff, 0xc2, 0x83, 0xfa, 0x0a, 0x75, 0xf9, 0xff, 0xc1, 0x83, 0xf9, 0x0a,
    0x75, 0xf0, 0xe8, 0xe9, 0x0f, 0x00, 0x00, 0xc3,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_nest_decodes_into_the_blocks_and_edges_execution_would_find() {
        let code = CodeImage::new(vec![(0x1000, LOOP_NEST.to_vec())]);
        let cfg = static_cfg(&code, 0x1000).expect("decodable");
        let blocks: Vec<(u64, u64)> = cfg.blocks.iter().map(|(&s, &e)| (s, e)).collect();
        assert_eq!(
            blocks,
            vec![(0x1000, 0x1002), (0x1002, 0x1004), (0x1004, 0x100b), (0x100b, 0x1012), (0x1012, 0x1017), (0x1017, 0x1018)]
        );
        assert_eq!(
            cfg.edges,
            vec![
                (0x1000, 0x1002),
                (0x1002, 0x1004),
                (0x1004, 0x1004),
                (0x1004, 0x100b),
                (0x100b, 0x1002),
                (0x100b, 0x1012),
                (0x1012, 0x1017),
            ],
            "fall-throughs into leaders, both ways of each branch, the call to its return address"
        );
    }

    #[test]
    fn code_outside_the_image_overlaps_and_quotas_leave_the_cfg_dynamic() {
        let code = CodeImage::new(vec![(0x1000, LOOP_NEST.to_vec())]);
        assert_eq!(static_cfg(&code, 0x5000), None, "entry outside the image");
        // The called function at 0x2000 is not decoded: calls are not followed.
        assert!(static_cfg(&code, 0x1000).unwrap().blocks.keys().all(|&b| b < 0x1018));
        // `mov eax, 0xfbeb9090` at 0x1000, then `jmp 0x1001` into its immediate, where
        // `nop; nop; jmp 0x1000` overlaps it.
        let overlapping = CodeImage::new(vec![(0x1000, vec![0xb8, 0x90, 0x90, 0xeb, 0xfb, 0xeb, 0xfa])]);
        assert_eq!(static_cfg(&overlapping, 0x1000), None);
        // A straight line longer than the quota.
        let long = CodeImage::new(vec![(0x1000, vec![0x90; MAX_INSTRUCTIONS + 10])]);
        assert_eq!(static_cfg(&long, 0x1000), None);
        // Invalid bytes end a path without an edge.
        let invalid = CodeImage::new(vec![(0x1000, vec![0x90, 0x06])]);
        assert_eq!(static_cfg(&invalid, 0x1000).unwrap().edges, vec![]);
    }
}
