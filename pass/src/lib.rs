//! libpolyprop.so: the polyprop LLVM 14 pass plugin.
//!
//! This crate is a thin shell. `llvmGetPassPluginInfo` hands LLVM the C++ registration
//! function of the bridge (`bridge/bridge.cpp`); every registered pass calls
//! [`polyprop_run_function`], which runs the pipeline of [`driver`] on one function. A Rust
//! panic never crosses into LLVM: it is caught here, reported as one line on stderr, and the
//! IR stays unchanged.
//!
//! Passes (all function passes):
//! - `print<polyprop-detect>`: SCoPs found and candidates rejected, with reasons;
//! - `print<polyprop-scops>`: the polyhedral model of each SCoP;
//! - `print<polyprop-deps>`: access-wise dependences;
//! - `polyprop-export-jscop`: one JSCoP file per SCoP;
//! - `polyprop-canonicalize`: the canonicalization sub-pipeline run before modeling;
//! - `polyprop`: the transform (also what `clang -fpass-plugin` runs, configured by
//!   `POLYPROP_OPTIONS`); see `options` for parameters.

// LLVM handles (`LLVMValueRef`, blocks, SCEVs) are raw pointers that stay valid for the whole
// pass invocation that received them; the helpers that take them are safe to call inside it.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

pub mod affinator;
pub mod arrays;
pub mod bridge;
pub mod codegen;
pub mod detect;
pub mod domains;
pub mod driver;
pub mod fidelity;
pub mod ir;
pub mod ir_builder;
pub mod llvm_raw;
pub mod openmp;
pub mod options;
pub mod printers;
pub mod profile;
pub mod region;
pub mod reject;
pub mod flattened;
pub mod index_check;
pub mod row_check;
pub mod scop_builder;
pub mod statements;
pub mod timing;
pub mod value_ranges;

use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// `llvm::PassPluginLibraryInfo` of LLVM 14.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_callbacks: unsafe extern "C" fn(*mut std::ffi::c_void),
}

extern "C" {
    fn polyprop_register_callbacks(pass_builder: *mut std::ffi::c_void);
}

/// The entry point `opt -load-pass-plugin` and `clang -fpass-plugin` look up.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: 1,
        plugin_name: c"polyprop".as_ptr(),
        plugin_version: c"0.1.0".as_ptr(),
        register_callbacks: polyprop_register_callbacks,
    }
}

fn c_str(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: the bridge passes NUL-terminated strings that live for the call.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

fn into_c_string(s: String) -> *mut c_char {
    CString::new(s.replace('\0', " ")).expect("no NUL left").into_raw()
}

/// Frees a string returned to the bridge.
#[no_mangle]
pub extern "C" fn polyprop_free_string(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: every string handed to the bridge comes from `into_c_string`.
        drop(unsafe { CString::from_raw(s) });
    }
}

/// Checks pass options; returns an error message (to free) or null. Every pass takes the
/// same options, so the pass name (`_mode`) does not matter yet.
#[no_mangle]
pub extern "C" fn polyprop_check_options(_mode: *const c_char, options: *const c_char) -> *mut c_char {
    let result = catch_unwind(|| options::Options::parse(&c_str(options)).err());
    match result {
        Ok(None) => std::ptr::null_mut(),
        Ok(Some(message)) => into_c_string(message),
        Err(_) => into_c_string("internal error while reading pass options".into()),
    }
}

/// `f` of the parsed `options`; `None` if they do not parse (or `f` panics).
fn with_options<T>(options: *const c_char, f: impl FnOnce(options::Options) -> Option<T>) -> Option<T> {
    let text = c_str(options);
    catch_unwind(AssertUnwindSafe(|| options::Options::parse(&text).ok().and_then(f))).ok().flatten()
}

/// Whether `options` (already checked) say `disable`: clang then adds no pass at all.
#[no_mangle]
pub extern "C" fn polyprop_options_disable(options: *const c_char) -> i32 {
    i32::from(with_options(options, |o| o.disable.then_some(())).is_some())
}

/// Whether `options` (already checked) ask for no printer but the transform's lines: clang
/// then transforms copies of the functions and leaves the others as they were.
#[no_mangle]
pub extern "C" fn polyprop_options_only_transform(options: *const c_char) -> i32 {
    i32::from(with_options(options, |o| o.prints_only_transform().then_some(())).is_some())
}

/// Whether clang may leave a function that allocates no array before modeling it: not when
/// a JSCoP import (`import-jscop`), scheduling or a profile (row-pointer tables) may
/// transform any function.
#[no_mangle]
pub extern "C" fn polyprop_options_skip_unallocating(options: *const c_char) -> i32 {
    i32::from(with_options(options, |o| (o.import_jscop.is_none() && !o.schedule && o.profile.is_none()).then_some(())).is_some())
}

/// Whether the function named `name` allocates a fresh array (`arrays::is_allocator`): the
/// bridge asks before copying a function, so that both sides know the same allocators.
#[no_mangle]
pub extern "C" fn polyprop_is_allocator(name: *const c_char) -> i32 {
    let name = c_str(name);
    catch_unwind(|| i32::from(arrays::is_allocator(&name))).unwrap_or(0)
}

/// What the transform prints for `function` when clang leaves it alone before modeling (it
/// allocates no array): a string to free, or null when `options` print nothing. An unusable
/// profile is said here too if this is the first function.
#[no_mangle]
pub extern "C" fn polyprop_nothing_allocated(function: llvm_sys::prelude::LLVMValueRef, options: *const c_char) -> *mut c_char {
    let said = |o: options::Options| {
        profile::warn_if_unusable(&o);
        o.print.iter().any(|p| p == "transform").then(|| driver::nothing_allocated(&ir::function_name(function)))
    };
    match with_options(options, said) {
        Some(text) => into_c_string(text),
        None => std::ptr::null_mut(),
    }
}

/// [`polyprop_run_function`]'s result for a function left unchanged whose body was one SCoP
/// (`driver::Outcome::modeled_whole`): the bridge does not retry it with splits.
pub const MODELED_WHOLE: i32 = -2;

/// Runs the pass `mode` on one function. Returns 1 if the IR changed, 0 if not
/// ([`MODELED_WHOLE`] if not and its body was one SCoP), -1 if the pass failed (the message
/// is already on stderr and the IR is unchanged).
///
/// # Safety
/// Called by the bridge with live analyses, a function, and NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn polyprop_run_function(
    analyses: *mut bridge::RawAnalyses,
    function: llvm_sys::prelude::LLVMValueRef,
    mode: *const c_char,
    options: *const c_char,
    out: *mut *mut c_char,
) -> i32 {
    let mode = c_str(mode);
    let options_text = c_str(options);
    let name = ir::function_name(function);
    let result = catch_unwind(AssertUnwindSafe(|| {
        let options = options::Options::parse(&options_text)?;
        bridge::reset_debug_names();
        let a = bridge::Analyses::from_raw(analyses);
        driver::run(a, function, &mode, &options)
    }));
    match result {
        Ok(Ok(outcome)) => {
            if !outcome.output.is_empty() && !out.is_null() {
                *out = into_c_string(outcome.output);
            }
            match (outcome.changed, outcome.modeled_whole) {
                (true, _) => 1,
                (false, true) => MODELED_WHOLE,
                (false, false) => 0,
            }
        }
        Ok(Err(message)) => {
            eprintln!("polyprop: {message} (function {name}); function left unchanged");
            -1
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            eprintln!("polyprop: internal error in {mode} on function {name}: {what}; function left unchanged");
            -1
        }
    }
}
