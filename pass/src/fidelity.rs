//! What the source said about its instructions, kept in the generated code (issue 22):
//! fast-math flags, TBAA tags and debug locations.
//!
//! The model's expressions do not remember which source instruction each operation came
//! from (propagation merges expressions of several statements), so the region is summarized
//! instead, soundly: the fast-math flags that *every* floating-point operation of the region
//! carries (all of them under `-ffast-math`, none without), and per array the TBAA tag that
//! all its loads and stores carry, if they agree. Debug locations are per statement, and a
//! propagated subexpression keeps the line of the statement it came from: the model's `Expr`
//! has no place for a location, so the original model's statement values are kept by
//! *shape* (operations, constants and arrays, subscripts left out: propagation substitutes a
//! producer's value with shifted subscripts, paper 003 section 4), and code generation gives
//! a subexpression of that shape its producer's line (`origins`). A shape two statements at
//! different lines share is left out; a wrong match could only misplace a line.
//!
//! Integer operations keep their own source instruction's `nsw`/`nuw`/`exact` in the model
//! (`WrapFlags`, recorded by `statements`). Loops are matched back to the source: per
//! statement, the source loops around it (outermost first, `SourceLoop`); a generated loop at
//! depth `d` whose statements all come from the same source loop at depth `d` keeps that
//! loop's `llvm.loop` properties, and its control instructions take the loop's start line.

use crate::arrays::Arrays;
use crate::bridge::{self, Analyses, ScevKind};
use crate::ir::{self, Block, Value};
use crate::ir_builder;
use crate::region::Region;
use llvm_sys::prelude::LLVMMetadataRef;
use llvm_sys::LLVMOpcode;
use polyhedral::model::{Expr, Scop, SourceLocation};
use std::collections::HashMap;

/// The summary of one region.
#[derive(Clone, Debug, Default)]
pub struct Fidelity {
    /// Fast-math flags (bits as `bridge::fast_math_flags`) on every floating-point operation
    /// of the region; 0 when some operation has none, or there is none.
    pub fast_math: u32,
    /// Per memory array: the `!tbaa` tag (metadata as a value) of all its accesses.
    pub tbaa: Vec<Option<Value>>,
    /// Per memory array: the `!range` of all its loads (clang's `bool` loads, `[0, 2)`).
    pub range: Vec<Option<Value>>,
    /// Per statement name of the model as built: the source loops around it, outermost first.
    pub loops: HashMap<String, Vec<SourceLoop>>,
}

/// A source loop, as code generation sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct SourceLoop {
    /// The loop's header: which loop it is (the original code stays, so the block does).
    pub header: Block,
    /// The loop's `llvm.loop` node (user pragmas, `mustprogress`), if it has one.
    pub id: Option<LLVMMetadataRef>,
    /// Where the loop starts (the `for` line), if known.
    pub start: Option<SourceLocation>,
    /// Whether the loop's counter never wraps as a signed value (a C `int` or `long` counter:
    /// its increment is `add nsw`), so that the generated counter's increment may say so.
    pub counter_nsw: bool,
}

impl Fidelity {
    /// The source loops around a statement of the (propagated) model: a statement that
    /// splitting made (`S3_1`, `S3_1_0`) is in the loops of the one it came from.
    pub fn source_loops(&self, statement: &str) -> Option<&[SourceLoop]> {
        let mut name = statement;
        loop {
            if let Some(loops) = self.loops.get(name) {
                return Some(loops);
            }
            let (base, index) = name.rsplit_once('_')?;
            if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            name = base;
        }
    }
}

/// The source loops around `block` in the region, outermost first.
pub fn source_loops(a: Analyses, region: &Region, block: Block) -> Vec<SourceLoop> {
    region
        .loops_around(a, block)
        .into_iter()
        .map(|l| {
            let (id, start) = l.id_and_start();
            let counter_nsw = ir::instructions(l.header()).into_iter().filter(|&i| ir::is_phi(i)).any(|phi| {
                a.scev(phi).is_some_and(|s| {
                    s.kind() == ScevKind::AddRec && s.addrec_loop() == Some(l) && s.no_signed_wrap()
                })
            });
            let start = start.map(|(file, line, column)| SourceLocation { file, line, column });
            SourceLoop { header: l.header(), id, start, counter_nsw }
        })
        .collect()
}

/// Summarizes the region's instructions.
pub fn summarize(function: Value, region: &Region, arrays: &Arrays) -> Fidelity {
    let mut fast_math: Option<u32> = None;
    for &block in &region.blocks {
        for inst in ir::instructions(block) {
            if is_floating_point_operation(inst) {
                let flags = bridge::fast_math_flags(inst).unwrap_or(0);
                fast_math = Some(fast_math.map_or(flags, |f| f & flags));
            }
        }
    }
    let loads = |inst: &Value| ir::opcode(*inst) == Some(LLVMOpcode::LLVMLoad);
    Fidelity {
        fast_math: fast_math.unwrap_or(0),
        tbaa: common_tags(function, arrays, "tbaa", |_| true),
        range: common_tags(function, arrays, "range", loads),
        loops: HashMap::new(),
    }
}

/// Per array: the metadata node of kind `kind` that every access of it chosen by `which`
/// carries, if they all carry the same one (and there is one).
fn common_tags(function: Value, arrays: &Arrays, kind: &str, which: impl Fn(&Value) -> bool) -> Vec<Option<Value>> {
    let kind = ir_builder::metadata_kind(function, kind);
    let mut common: Vec<Option<Option<Value>>> = vec![None; arrays.arrays.len()];
    for (inst, access) in arrays.access_of.iter().filter(|(inst, _)| which(inst)) {
        let tag = ir_builder::metadata_of(*inst, kind);
        let seen = &mut common[access.array];
        *seen = match *seen {
            None => Some(tag),
            Some(t) if t == tag => Some(t),
            Some(_) => Some(None),
        };
    }
    common.into_iter().map(Option::flatten).collect()
}

/// Arithmetic, comparisons and calls on floating-point values: what code generation emits
/// from statement values (phis and selects are not emitted from them, so they do not count).
fn is_floating_point_operation(inst: Value) -> bool {
    use LLVMOpcode::*;
    match ir::opcode(inst) {
        Some(LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem | LLVMFNeg | LLVMFCmp) => true,
        Some(LLVMCall) => bridge::fast_math_flags(inst).is_some(),
        _ => false,
    }
}

/// The shape of an expression: its operations, constants and arrays in order, without
/// subscripts, iterators or parameters (which propagation rewrites).
pub fn shape(e: &Expr) -> String {
    let list = |xs: &[&Expr]| xs.iter().map(|x| shape(x)).collect::<Vec<_>>().join(",");
    match e {
        Expr::Constant(c) => format!("{c:?}"),
        Expr::Read(access) => format!("@{}", access.array),
        Expr::Iterator(_) | Expr::Parameter(_) | Expr::External(_) => "v".into(),
        Expr::Unary(op, x) => format!("{op:?}({})", shape(x)),
        Expr::Binary(op, x, y, _) => format!("{op:?}({})", list(&[x, y])),
        Expr::Compare(p, x, y) => format!("{p:?}({})", list(&[x, y])),
        Expr::Select(c, x, y) => format!("?({})", list(&[c, x, y])),
        Expr::Cast(op, t, x) => format!("{op:?}{t:?}({})", shape(x)),
        Expr::Call(f, t, args) => format!("{f:?}{t:?}({})", list(&args.iter().collect::<Vec<_>>())),
    }
}

/// The source location of each statement value of the model as built (before propagation),
/// by shape; values that are a bare read or constant, and shapes that two statements at
/// different lines share, are left out.
pub fn origins(scop: &Scop) -> HashMap<String, SourceLocation> {
    let mut out: HashMap<String, Option<SourceLocation>> = HashMap::new();
    for stmt in &scop.statements {
        let (Some(at), true) = (&stmt.location, stmt.value.is_operation()) else { continue };
        out.entry(shape(&stmt.value))
            .and_modify(|seen| {
                if seen.as_ref().is_some_and(|l| l.line != at.line) {
                    *seen = None;
                }
            })
            .or_insert_with(|| Some(at.clone()));
    }
    out.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))).collect()
}

