//! Rust side of the C++ bridge (`bridge/bridge.cpp`): the LLVM analyses the C API lacks.
//!
//! Handles are raw pointers owned by LLVM; they live as long as the function pass that
//! received them. The wrappers below are `Copy` and only valid inside one pass invocation.

use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr};

/// The analyses of the function being processed (`Analyses` in bridge.cpp).
#[repr(C)]
pub struct RawAnalyses {
    _private: [u8; 0],
}

extern "C" {
    fn pp_loop_for(a: *mut RawAnalyses, bb: LLVMBasicBlockRef) -> *mut c_void;
    fn pp_loop_parent(l: *mut c_void) -> *mut c_void;
    fn pp_loop_depth(l: *mut c_void) -> u32;
    fn pp_loop_header(l: *mut c_void) -> LLVMBasicBlockRef;
    fn pp_loop_latch(l: *mut c_void) -> LLVMBasicBlockRef;
    fn pp_loop_preheader(l: *mut c_void) -> LLVMBasicBlockRef;
    fn pp_loop_exit_block(l: *mut c_void) -> LLVMBasicBlockRef;
    fn pp_loop_exiting_block(l: *mut c_void) -> LLVMBasicBlockRef;
    fn pp_loop_contains(l: *mut c_void, bb: LLVMBasicBlockRef) -> i32;
    fn pp_loop_is_simplified(l: *mut c_void) -> i32;
    fn pp_dominates(a: *mut RawAnalyses, x: LLVMBasicBlockRef, y: LLVMBasicBlockRef) -> i32;
    fn pp_post_dominates(a: *mut RawAnalyses, x: LLVMBasicBlockRef, y: LLVMBasicBlockRef)
        -> i32;
    fn pp_immediate_post_dominator(a: *mut RawAnalyses, x: LLVMBasicBlockRef)
        -> LLVMBasicBlockRef;
    fn pp_immediate_dominator(a: *mut RawAnalyses, x: LLVMBasicBlockRef) -> LLVMBasicBlockRef;
    fn pp_alias(a: *mut RawAnalyses, p: LLVMValueRef, q: LLVMValueRef) -> i32;
    fn pp_accesses_may_alias(a: *mut RawAnalyses, i: LLVMValueRef, j: LLVMValueRef) -> i32;
    fn pp_call_may_write(a: *mut RawAnalyses, call: LLVMValueRef, load: LLVMValueRef) -> i32;
    fn pp_load_within(inner: LLVMValueRef, outer: LLVMValueRef) -> i32;
    fn pp_load_dereferenceable(load: LLVMValueRef) -> i32;
    fn pp_access_size(access: LLVMValueRef) -> u64;
    fn pp_same_underlying_object(i: LLVMValueRef, j: LLVMValueRef) -> i32;
    fn pp_scev(a: *mut RawAnalyses, v: LLVMValueRef) -> *const c_void;
    fn pp_scev_at_scope(a: *mut RawAnalyses, s: *const c_void, l: *mut c_void) -> *const c_void;
    fn pp_scev_backedge_taken_count(a: *mut RawAnalyses, l: *mut c_void) -> *const c_void;
    fn pp_scev_exit_count(a: *mut RawAnalyses, l: *mut c_void, exiting: LLVMBasicBlockRef) -> *const c_void;
    fn pp_scev_minus(a: *mut RawAnalyses, x: *const c_void, y: *const c_void) -> *const c_void;
    fn pp_scev_pointer_base(a: *mut RawAnalyses, s: *const c_void) -> *const c_void;
    fn pp_scev_kind(s: *const c_void) -> i32;
    fn pp_scev_num_operands(s: *const c_void) -> u32;
    fn pp_scev_operand(s: *const c_void, i: u32) -> *const c_void;
    fn pp_scev_constant(s: *const c_void, out: *mut i64) -> i32;
    fn pp_scev_unknown_value(s: *const c_void) -> LLVMValueRef;
    fn pp_scev_addrec_loop(s: *const c_void) -> *mut c_void;
    fn pp_scev_bits(a: *mut RawAnalyses, s: *const c_void) -> u32;
    fn pp_scev_no_signed_wrap(s: *const c_void) -> std::ffi::c_int;
    fn pp_scev_no_unsigned_wrap(s: *const c_void) -> std::ffi::c_int;
    fn pp_scev_to_string(s: *const c_void) -> *mut c_char;
    fn pp_delinearize(
        a: *mut RawAnalyses,
        access_functions: *const *const c_void,
        n: u32,
        element_bytes: u64,
        sizes: *mut *const c_void,
        subscripts: *mut *const c_void,
        max_dims: u32,
    ) -> u32;
    fn pp_debug_names(
        f: LLVMValueRef,
        values: *mut LLVMValueRef,
        names: *mut *mut c_char,
        is_cast: *mut i32,
        max: u32,
    ) -> u32;
    fn pp_count_instructions(f: LLVMValueRef) -> u32;
    fn pp_debug_file(i: LLVMValueRef, line: *mut u32, column: *mut u32) -> *mut c_char;
}

fn take_c_string(p: *mut c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: the bridge returns strings from strdup; we own and free them.
    let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
    unsafe { libc_free(p as *mut c_void) };
    Some(s)
}

extern "C" {
    fn pp_fast_math_flags(v: LLVMValueRef) -> i32;
    fn pp_set_fast_math_flags(v: LLVMValueRef, bits: u32);
    fn pp_copy_subprogram(from: LLVMValueRef, to: LLVMValueRef) -> llvm_sys::prelude::LLVMMetadataRef;
    fn pp_subprogram(f: LLVMValueRef) -> llvm_sys::prelude::LLVMMetadataRef;
    fn pp_alias_scopes(c: llvm_sys::prelude::LLVMContextRef, n: u32, scopes: *mut llvm_sys::prelude::LLVMMetadataRef);
    fn pp_set_alias_scopes(v: LLVMValueRef, n: u32, scopes: *mut llvm_sys::prelude::LLVMMetadataRef, own: u32);
    fn pp_wrap_flags(v: LLVMValueRef) -> u32;
    fn pp_set_wrap_flags(v: LLVMValueRef, bits: u32);
    fn pp_loop_id(l: *mut c_void, line: *mut u32, column: *mut u32, file: *mut *mut c_char) -> llvm_sys::prelude::LLVMMetadataRef;
    fn pp_set_loop_id(branch: LLVMValueRef, source: llvm_sys::prelude::LLVMMetadataRef, scope: llvm_sys::prelude::LLVMMetadataRef, rolled: i32);
    fn pp_source_checksum(f: LLVMValueRef, file: *mut *mut c_char, md5: *mut *mut c_char) -> i32;
    fn pp_remove_incoming(phi: LLVMValueRef, bb: LLVMBasicBlockRef);
    fn pp_split_edge(from: LLVMBasicBlockRef, to: LLVMBasicBlockRef) -> LLVMBasicBlockRef;
    fn pp_unsplit_edge(from: LLVMBasicBlockRef, middle: LLVMBasicBlockRef, to: LLVMBasicBlockRef);
}

/// Whether load `inner` reads only bytes of the object that load `outer` reads from, once
/// `outer` has executed (constant `inbounds` offsets from one base; `bridge.cpp`).
pub fn load_within(inner: LLVMValueRef, outer: LLVMValueRef) -> bool {
    // SAFETY: both are live load instructions.
    unsafe { pp_load_within(inner, outer) != 0 }
}

/// Whether a load's address may be read anywhere in its function: LLVM proves it from
/// attributes (a C++ reference is `dereferenceable`), allocas and globals.
pub fn load_dereferenceable(load: LLVMValueRef) -> bool {
    // SAFETY: a live load instruction.
    unsafe { pp_load_dereferenceable(load) != 0 }
}

/// Whether two loads or stores address the same underlying object (`p[9]` and `p[i + 3]`).
pub fn same_underlying_object(i: LLVMValueRef, j: LLVMValueRef) -> bool {
    // SAFETY: live load or store instructions.
    unsafe { pp_same_underlying_object(i, j) != 0 }
}

/// The bytes a load or store touches.
pub fn access_size(access: LLVMValueRef) -> u64 {
    // SAFETY: a live load or store instruction.
    unsafe { pp_access_size(access) }
}

/// A new block on the edge `from -> to`, which `to`'s phis take as predecessor instead.
pub fn split_edge(from: LLVMBasicBlockRef, to: LLVMBasicBlockRef) -> LLVMBasicBlockRef {
    // SAFETY: both blocks are live and `to` is a successor of `from`.
    unsafe { pp_split_edge(from, to) }
}

/// Undoes `split_edge(from, to)`, which returned `middle`.
pub fn unsplit_edge(from: LLVMBasicBlockRef, middle: LLVMBasicBlockRef, to: LLVMBasicBlockRef) {
    // SAFETY: `middle` is the live block `split_edge` put between the live `from` and `to`.
    unsafe { pp_unsplit_edge(from, middle, to) }
}

/// Removes `phi`'s incoming value from `bb`, if it has one.
pub fn remove_incoming(phi: LLVMValueRef, bb: LLVMBasicBlockRef) {
    // SAFETY: `phi` and `bb` are live; the bridge checks that `phi` is a phi.
    unsafe { pp_remove_incoming(phi, bb) }
}

/// The debug location of an instruction (null if it has none).
pub fn debug_location_of(inst: LLVMValueRef) -> llvm_sys::prelude::LLVMMetadataRef {
    // SAFETY: `inst` is a live instruction.
    unsafe { llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(inst) }
}

/// Gives an instruction a debug location (from `debug_location_of`; null leaves it without).
pub fn set_debug_location_of(inst: LLVMValueRef, location: llvm_sys::prelude::LLVMMetadataRef) {
    if !location.is_null() {
        // SAFETY: `inst` is a live instruction, `location` a location of its context.
        unsafe { llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(inst, location) }
    }
}

/// The source file of function `f` and the MD5 checksum (hex) its debug info records for it.
pub fn source_checksum(f: LLVMValueRef) -> Option<(String, String)> {
    let (mut file, mut md5) = (std::ptr::null_mut(), std::ptr::null_mut());
    // SAFETY: `f` is a live function; the bridge fills both strings (malloc'd) or neither.
    if unsafe { pp_source_checksum(f, &mut file, &mut md5) } == 0 {
        return None;
    }
    Some((take_c_string(file)?, take_c_string(md5)?))
}

/// The no-wrap and exactness flags of an integer operation (nsw 1, nuw 2, exact 4); 0 for
/// other values.
pub fn wrap_flags(v: LLVMValueRef) -> u32 {
    unsafe { pp_wrap_flags(v) }
}

/// Sets the flags of `wrap_flags` on an integer operation; other values are left alone.
pub fn set_wrap_flags(v: LLVMValueRef, bits: u32) {
    unsafe { pp_set_wrap_flags(v, bits) }
}

/// Gives a generated loop's back edge a new distinct `llvm.loop` node with the properties of
/// a source loop's node `source`, if any (debug locations moved to `scope`, or dropped without
/// one) and, unless the source asks for unrolling, `llvm.loop.unroll.runtime.disable`, and
/// with `rolled` `llvm.loop.unroll.disable` too.
pub fn set_loop_id(
    branch: LLVMValueRef,
    source: Option<llvm_sys::prelude::LLVMMetadataRef>,
    scope: Option<llvm_sys::prelude::LLVMMetadataRef>,
    rolled: bool,
) {
    let (source, scope) = (source.unwrap_or(std::ptr::null_mut()), scope.unwrap_or(std::ptr::null_mut()));
    unsafe { pp_set_loop_id(branch, source, scope, i32::from(rolled)) }
}

/// A new alias-scope domain with `n` scopes, one per array.
pub fn alias_scopes(context: llvm_sys::prelude::LLVMContextRef, n: usize) -> Vec<llvm_sys::prelude::LLVMMetadataRef> {
    let mut scopes = vec![std::ptr::null_mut(); n];
    unsafe { pp_alias_scopes(context, n as u32, scopes.as_mut_ptr()) };
    scopes
}

/// Marks a load or store as accessing only scope `own` of `scopes`, none of the others.
pub fn set_alias_scopes(v: LLVMValueRef, scopes: &[llvm_sys::prelude::LLVMMetadataRef], own: usize) {
    // The bridge only reads the scopes.
    unsafe { pp_set_alias_scopes(v, scopes.len() as u32, scopes.as_ptr() as *mut _, own as u32) }
}

/// The fast-math flags of a floating-point operation (bits as in `bridge.cpp`), or `None`
/// for an instruction that takes none.
pub fn fast_math_flags(v: LLVMValueRef) -> Option<u32> {
    u32::try_from(unsafe { pp_fast_math_flags(v) }).ok()
}

/// Sets the fast-math flags of a floating-point operation; other values are left alone.
pub fn set_fast_math_flags(v: LLVMValueRef, bits: u32) {
    unsafe { pp_set_fast_math_flags(v, bits) }
}

/// Gives `to` a copy of `from`'s debug-info subprogram; returns it, if `from` has one.
pub fn copy_subprogram(from: LLVMValueRef, to: LLVMValueRef) -> Option<llvm_sys::prelude::LLVMMetadataRef> {
    let sp = unsafe { pp_copy_subprogram(from, to) };
    (!sp.is_null()).then_some(sp)
}

/// The debug-info subprogram of a function, if any.
pub fn subprogram(f: LLVMValueRef) -> Option<llvm_sys::prelude::LLVMMetadataRef> {
    let sp = unsafe { pp_subprogram(f) };
    (!sp.is_null()).then_some(sp)
}

extern "C" {
    #[link_name = "free"]
    fn libc_free(p: *mut c_void);
}

/// A natural loop of LoopInfo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loop(*mut c_void);

impl Loop {
    pub fn parent(self) -> Option<Loop> {
        let p = unsafe { pp_loop_parent(self.0) };
        (!p.is_null()).then_some(Loop(p))
    }
    pub fn depth(self) -> u32 {
        unsafe { pp_loop_depth(self.0) }
    }
    pub fn header(self) -> LLVMBasicBlockRef {
        unsafe { pp_loop_header(self.0) }
    }
    pub fn latch(self) -> Option<LLVMBasicBlockRef> {
        let b = unsafe { pp_loop_latch(self.0) };
        (!b.is_null()).then_some(b)
    }
    pub fn preheader(self) -> Option<LLVMBasicBlockRef> {
        let b = unsafe { pp_loop_preheader(self.0) };
        (!b.is_null()).then_some(b)
    }
    pub fn exit_block(self) -> Option<LLVMBasicBlockRef> {
        let b = unsafe { pp_loop_exit_block(self.0) };
        (!b.is_null()).then_some(b)
    }
    pub fn exiting_block(self) -> Option<LLVMBasicBlockRef> {
        let b = unsafe { pp_loop_exiting_block(self.0) };
        (!b.is_null()).then_some(b)
    }
    pub fn contains(self, bb: LLVMBasicBlockRef) -> bool {
        unsafe { pp_loop_contains(self.0, bb) != 0 }
    }
    pub fn is_simplified(self) -> bool {
        unsafe { pp_loop_is_simplified(self.0) != 0 }
    }
    pub fn raw(self) -> *mut c_void {
        self.0
    }
    /// The loop's `llvm.loop` node, if any, and its start location `(file, line, column)`.
    pub fn id_and_start(self) -> (Option<llvm_sys::prelude::LLVMMetadataRef>, Option<(String, u32, u32)>) {
        let (mut line, mut column, mut file) = (0, 0, std::ptr::null_mut());
        let id = unsafe { pp_loop_id(self.0, &mut line, &mut column, &mut file) };
        let start = take_c_string(file).map(|f| (f, line, column));
        ((!id.is_null()).then_some(id), start)
    }
}

/// Kinds of SCEV expressions (PPScevKind in bridge.cpp).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScevKind {
    Constant,
    Unknown,
    Add,
    Mul,
    AddRec,
    SMax,
    UMax,
    SMin,
    UMin,
    SExt,
    ZExt,
    Trunc,
    UDiv,
    PtrToInt,
    CouldNotCompute,
    SequentialUMin,
}

/// A SCEV expression, uniqued by ScalarEvolution (pointer equality is equality).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scev(*const c_void);

impl Scev {
    pub fn kind(self) -> ScevKind {
        match unsafe { pp_scev_kind(self.0) } {
            0 => ScevKind::Constant,
            1 => ScevKind::Unknown,
            2 => ScevKind::Add,
            3 => ScevKind::Mul,
            4 => ScevKind::AddRec,
            5 => ScevKind::SMax,
            6 => ScevKind::UMax,
            7 => ScevKind::SMin,
            8 => ScevKind::UMin,
            9 => ScevKind::SExt,
            10 => ScevKind::ZExt,
            11 => ScevKind::Trunc,
            12 => ScevKind::UDiv,
            13 => ScevKind::PtrToInt,
            15 => ScevKind::SequentialUMin,
            _ => ScevKind::CouldNotCompute,
        }
    }
    pub fn operands(self) -> Vec<Scev> {
        let n = unsafe { pp_scev_num_operands(self.0) };
        (0..n).map(|i| Scev(unsafe { pp_scev_operand(self.0, i) })).collect()
    }
    /// Whether the add recurrence or arithmetic expression is known not to wrap (`<nsw>`).
    pub fn no_signed_wrap(self) -> bool {
        unsafe { pp_scev_no_signed_wrap(self.0) != 0 }
    }
    /// Whether the add recurrence or arithmetic expression is known not to wrap (`<nuw>`).
    pub fn no_unsigned_wrap(self) -> bool {
        unsafe { pp_scev_no_unsigned_wrap(self.0) != 0 }
    }
    pub fn constant(self) -> Option<i64> {
        let mut v = 0;
        (unsafe { pp_scev_constant(self.0, &mut v) } != 0).then_some(v)
    }
    pub fn unknown_value(self) -> Option<LLVMValueRef> {
        let v = unsafe { pp_scev_unknown_value(self.0) };
        (!v.is_null()).then_some(v)
    }
    pub fn addrec_loop(self) -> Option<Loop> {
        let l = unsafe { pp_scev_addrec_loop(self.0) };
        (!l.is_null()).then_some(Loop(l))
    }
    pub fn is_could_not_compute(self) -> bool {
        self.kind() == ScevKind::CouldNotCompute
    }
}

impl std::fmt::Display for Scev {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = take_c_string(unsafe { pp_scev_to_string(self.0) }).unwrap_or_default();
        f.write_str(&s)
    }
}

/// The analyses of one function.
#[derive(Clone, Copy)]
pub struct Analyses(*mut RawAnalyses);

impl Analyses {
    /// # Safety
    /// `raw` must be the pointer the bridge passed to `polyprop_run_function`.
    pub unsafe fn from_raw(raw: *mut RawAnalyses) -> Self {
        Analyses(raw)
    }

    pub fn loop_for(self, bb: LLVMBasicBlockRef) -> Option<Loop> {
        let l = unsafe { pp_loop_for(self.0, bb) };
        (!l.is_null()).then_some(Loop(l))
    }
    pub fn dominates(self, x: LLVMBasicBlockRef, y: LLVMBasicBlockRef) -> bool {
        unsafe { pp_dominates(self.0, x, y) != 0 }
    }
    pub fn post_dominates(self, x: LLVMBasicBlockRef, y: LLVMBasicBlockRef) -> bool {
        unsafe { pp_post_dominates(self.0, x, y) != 0 }
    }
    pub fn immediate_dominator(self, x: LLVMBasicBlockRef) -> Option<LLVMBasicBlockRef> {
        let b = unsafe { pp_immediate_dominator(self.0, x) };
        (!b.is_null()).then_some(b)
    }
    pub fn immediate_post_dominator(self, x: LLVMBasicBlockRef) -> Option<LLVMBasicBlockRef> {
        let b = unsafe { pp_immediate_post_dominator(self.0, x) };
        (!b.is_null()).then_some(b)
    }
    /// Whether two pointers may refer to overlapping memory (any access size).
    pub fn may_alias(self, p: LLVMValueRef, q: LLVMValueRef) -> bool {
        unsafe { pp_alias(self.0, p, q) != 0 }
    }
    /// Whether two loads or stores may touch overlapping memory (any access size), with
    /// their `!tbaa` tags: strict aliasing, as the source was compiled.
    pub fn accesses_may_alias(self, i: LLVMValueRef, j: LLVMValueRef) -> bool {
        unsafe { pp_accesses_may_alias(self.0, i, j) != 0 }
    }
    /// Whether a call may write the bytes a load reads (alias analysis' mod-ref answer).
    pub fn call_may_write(self, call: LLVMValueRef, load: LLVMValueRef) -> bool {
        // SAFETY: a live call and a live load of the analysed function.
        unsafe { pp_call_may_write(self.0, call, load) != 0 }
    }
    pub fn scev(self, v: LLVMValueRef) -> Option<Scev> {
        let s = unsafe { pp_scev(self.0, v) };
        (!s.is_null()).then_some(Scev(s))
    }
    pub fn scev_at_scope(self, s: Scev, scope: Option<Loop>) -> Scev {
        let l = scope.map_or(std::ptr::null_mut(), |l| l.0);
        Scev(unsafe { pp_scev_at_scope(self.0, s.0, l) })
    }
    pub fn backedge_taken_count(self, l: Loop) -> Scev {
        Scev(unsafe { pp_scev_backedge_taken_count(self.0, l.0) })
    }
    /// How often the backedge of `l` runs before `exiting` leaves it, the other exits aside.
    pub fn exit_count(self, l: Loop, exiting: LLVMBasicBlockRef) -> Scev {
        Scev(unsafe { pp_scev_exit_count(self.0, l.0, exiting) })
    }
    pub fn minus(self, x: Scev, y: Scev) -> Option<Scev> {
        let s = unsafe { pp_scev_minus(self.0, x.0, y.0) };
        (!s.is_null()).then_some(Scev(s))
    }
    pub fn pointer_base(self, s: Scev) -> Scev {
        Scev(unsafe { pp_scev_pointer_base(self.0, s.0) })
    }
    pub fn bits(self, s: Scev) -> u32 {
        unsafe { pp_scev_bits(self.0, s.0) }
    }

    /// Delinearizes the byte offsets of all accesses to one array: the inner sizes (outermost
    /// first) and, per access, its subscripts. `None` if LLVM finds no dimensions.
    pub fn delinearize(
        self,
        offsets: &[Scev],
        element_bytes: u64,
    ) -> Option<(Vec<Scev>, Vec<Vec<Scev>>)> {
        const MAX_DIMS: usize = 8;
        let raw: Vec<*const c_void> = offsets.iter().map(|s| s.0).collect();
        let mut sizes = vec![std::ptr::null(); MAX_DIMS];
        let mut subscripts = vec![std::ptr::null(); MAX_DIMS * offsets.len()];
        let dims = unsafe {
            pp_delinearize(
                self.0,
                raw.as_ptr(),
                raw.len() as u32,
                element_bytes,
                sizes.as_mut_ptr(),
                subscripts.as_mut_ptr(),
                MAX_DIMS as u32,
            )
        } as usize;
        if dims < 2 {
            return None;
        }
        let sizes = sizes[..dims - 1].iter().map(|p| Scev(*p)).collect();
        let subs = (0..offsets.len())
            .map(|k| subscripts[k * MAX_DIMS..k * MAX_DIMS + dims].iter().map(|p| Scev(*p)).collect())
            .collect();
        Some((sizes, subs))
    }
}

thread_local! {
    /// Debug names of the function being processed, read once per function.
    static DEBUG_NAMES: RefCell<Option<(LLVMValueRef, HashMap<LLVMValueRef, String>)>> =
        const { RefCell::new(None) };
}

/// Forgets the cached debug names (the IR may have changed since).
pub fn reset_debug_names() {
    DEBUG_NAMES.with(|cache| *cache.borrow_mut() = None);
}

fn read_debug_names(function: LLVMValueRef) -> HashMap<LLVMValueRef, String> {
    let max = unsafe { pp_count_instructions(function) };
    let mut values = vec![std::ptr::null_mut(); max as usize];
    let mut names = vec![std::ptr::null_mut(); max as usize];
    let mut is_cast = vec![0i32; max as usize];
    let n = unsafe {
        pp_debug_names(function, values.as_mut_ptr(), names.as_mut_ptr(), is_cast.as_mut_ptr(), max)
    } as usize;
    let mut out: HashMap<LLVMValueRef, (String, bool)> = HashMap::new();
    for k in 0..n {
        let Some(name) = take_c_string(names[k]) else { continue };
        let cast = is_cast[k] != 0;
        // The first name wins, unless a later one names a cast of the value.
        match out.get(&values[k]) {
            Some((_, true)) => {}
            Some((_, false)) if !cast => {}
            _ => {
                out.insert(values[k], (name, cast));
            }
        }
    }
    out.into_iter().map(|(v, (name, _))| (v, name)).collect()
}

/// The source variable name of a value from its debug intrinsics.
pub fn debug_name(function: LLVMValueRef, value: LLVMValueRef) -> Option<String> {
    DEBUG_NAMES.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.as_ref().map(|(f, _)| *f) != Some(function) {
            *cache = Some((function, read_debug_names(function)));
        }
        cache.as_ref().and_then(|(_, names)| names.get(&value).cloned())
    })
}

/// `file:line:column` of an instruction, if it has a debug location.
pub fn debug_location(inst: LLVMValueRef) -> Option<(String, u32, u32)> {
    let (mut line, mut column) = (0, 0);
    let file = take_c_string(unsafe { pp_debug_file(inst, &mut line, &mut column) })?;
    Some((file, line, column))
}
