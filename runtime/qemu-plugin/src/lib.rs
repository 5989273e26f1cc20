//! The QEMU user-mode plugin (plugin API v1, QEMU 7.2) that profiles an execution into a
//! polyprop profile: `qemu-x86_64 -plugin libpolyprop_qemu.so,output=app.profile ./app`.
//!
//! A thin shell: options are parsed by `runtime::options`, translation blocks and memory
//! accesses are handed to `runtime::frontend::Frontend`, which does the loop events, streams,
//! shadow memory and folding (papers 000 and 001). The profile is written at exit.
//!
//! No Rust panic crosses into QEMU: every callback runs under `catch_unwind`; a panic there
//! stops tracing with a one-line message (the profile is then not written). A panic outside
//! our callbacks (the argument parsing of the `qemu-plugin` crate, which panics on an option
//! without `=`) is turned by a panic hook into a one-line message and exit status 2.

use qemu_plugin::install::{Args, Info};
use qemu_plugin::sys::{
    qemu_plugin_cb_flags, qemu_plugin_id_t, qemu_plugin_mem_is_store, qemu_plugin_mem_rw,
    qemu_plugin_mem_size_shift, qemu_plugin_meminfo_t, qemu_plugin_register_vcpu_mem_cb,
    qemu_plugin_register_vcpu_tb_exec_cb, qemu_plugin_tb, qemu_plugin_tb_get_insn,
};
use qemu_plugin::{register, HasCallbacks, PluginId, Register, TranslationBlock};
use runtime::control::static_cfg::CodeImage;
use runtime::frontend::{accesses_return_address_only, ControlKind, Frontend, TranslatedInstruction};
use runtime::options::{PluginOptions, USAGE};
use runtime::tre::recorder::TraceRecorder;
use std::cell::UnsafeCell;
use std::ffi::{c_uint, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The plugin's state. Accessed without a lock while the guest has one thread (the hot path
/// of every block and memory access), under [`LOCK`] once a second vCPU exists.
///
/// Why this is sound: in QEMU 7.2 user mode every guest thread is a vCPU on a host thread of
/// its own, and the vCPU init callback of a new guest thread runs in the thread that executes
/// the `clone` system call (`cpu_copy` -> `cpu_exec_realizefn`), before the new host thread
/// exists and outside any of our other callbacks. [`on_vcpu_init`] counts vCPUs, so from the
/// second one on every callback of every thread takes the lock; before it, the only thread
/// that can run callbacks is the one that owns the state. (Fallback for a QEMU that would run
/// vCPU init in the new thread, as later versions do asynchronously: that would race with the
/// first thread's unlocked callbacks; QEMU 7.2 is the supported version.)
struct State(UnsafeCell<Option<Plugin>>);

/// The frontend, and per traced instruction its address and the last `qemu_plugin_meminfo_t`
/// it gave with its decoded size and kind: an instruction almost always gives the same one,
/// and comparing it saves two calls into QEMU per access.
struct Plugin {
    frontend: Frontend,
    access_kinds: Vec<AccessKind>,
    /// The address streams of `trace=` ranges (`polyprop profile --trace`).
    recorder: TraceRecorder,
}

#[derive(Clone, Copy)]
struct AccessKind {
    pc: u64,
    info: qemu_plugin_meminfo_t,
    size: u8,
    is_store: bool,
}

/// An `info` no access gives: the first access of an instruction asks QEMU.
const UNKNOWN_ACCESS: AccessKind = AccessKind { pc: 0, info: qemu_plugin_meminfo_t::MAX, size: 0, is_store: false };

impl Plugin {
    /// The size and kind of the access that `info` describes, made by instruction `id`.
    #[inline(always)]
    fn access_kind(&mut self, id: u32, info: qemu_plugin_meminfo_t) -> AccessKind {
        let kind = &mut self.access_kinds[id as usize];
        if kind.info != info {
            // SAFETY: `info` is the handle QEMU passed for this access.
            let (shift, is_store) = unsafe { (qemu_plugin_mem_size_shift(info), qemu_plugin_mem_is_store(info)) };
            *kind = AccessKind { info, size: 1 << shift, is_store, ..*kind };
        }
        *kind
    }
}

// SAFETY: see `State`: unsynchronized access happens only while one vCPU thread exists.
unsafe impl Sync for State {}

static STATE: State = State(UnsafeCell::new(None));
static LOCK: Mutex<()> = Mutex::new(());
static VCPUS: AtomicUsize = AtomicUsize::new(0);
/// The process the plugin was installed in (see `write_profile`).
static PLUGIN_PID: AtomicU32 = AtomicU32::new(0);
static FAILED: AtomicBool = AtomicBool::new(false);
/// Set once the plugin is registered: from then on a panic can only come from a callback
/// (which `guarded` reports), so the panic hook stays silent.
static REGISTERED: AtomicBool = AtomicBool::new(false);

/// Runs `body` so that no panic escapes; a panic disables tracing with one message.
#[inline(always)]
fn guarded(body: impl FnOnce()) {
    if FAILED.load(Ordering::Relaxed) {
        return;
    }
    let result = catch_unwind(AssertUnwindSafe(body));
    if let Err(payload) = result {
        FAILED.store(true, Ordering::Relaxed);
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown error".into());
        eprintln!("polyprop-qemu: internal error, tracing stopped and no profile written: {message}");
    }
}

/// Where QEMU keeps `guest_base` (the host address of guest address 0), when values are
/// traced (the `values=on` option). Read at each access: QEMU sets it when it loads the guest,
/// after the plugin is installed.
static GUEST_BASE: AtomicPtr<usize> = AtomicPtr::new(std::ptr::null_mut());
static VALUES: AtomicBool = AtomicBool::new(false);

extern "C" {
    fn dlsym(handle: *mut c_void, symbol: *const std::ffi::c_char) -> *mut c_void;
}

/// QEMU user mode's `guest_base`, which `qemu-x86_64` exports: guest memory is at host
/// address `guest_base + address`.
fn find_guest_base() -> Option<*mut usize> {
    // SAFETY: `dlsym` with the default handle (null) and a NUL-terminated name.
    let symbol = unsafe { dlsym(std::ptr::null_mut(), c"guest_base".as_ptr()) };
    (!symbol.is_null()).then_some(symbol as *mut usize)
}

/// The value an access of `size` bytes at `address` read or wrote, as an unsigned integer
/// (the first 8 bytes of a wider access). Called right after the access, so the guest page
/// is mapped.
#[inline(always)]
fn guest_value(address: u64, size: u8) -> i64 {
    // SAFETY: QEMU's `uintptr_t guest_base`, set before any guest code runs.
    let base = unsafe { *GUEST_BASE.load(Ordering::Relaxed) };
    let host = base.wrapping_add(address as usize);
    // SAFETY: the guest just accessed `size` bytes there; QEMU maps guest memory at
    // `guest_base + address` in user mode.
    unsafe {
        match size {
            1 => *(host as *const u8) as i64,
            2 => (host as *const u16).read_unaligned() as i64,
            4 => (host as *const u32).read_unaligned() as i64,
            _ => (host as *const u64).read_unaligned() as i64,
        }
    }
}

/// The largest range of guest code copied for decoding (a binary's text is far smaller).
const MAX_CODE_RANGE: u64 = 1 << 28;

/// The guest's code in the instrumented `ranges`, copied from `guest_base + address`; a range
/// that is not entirely mapped readable in this process, or larger than [`MAX_CODE_RANGE`], is
/// left out (its functions keep a dynamic CFG).
fn read_code_image(ranges: &[(u64, u64)]) -> CodeImage {
    // SAFETY: QEMU's `uintptr_t guest_base`, set before any guest code is translated.
    let base = unsafe { *GUEST_BASE.load(Ordering::Relaxed) } as u64;
    let readable = readable_mappings();
    let segments = ranges
        .iter()
        .filter(|&&(start, end)| end - start <= MAX_CODE_RANGE)
        .filter_map(|&(start, end)| {
            let host = (base.checked_add(start)?, base.checked_add(end)?);
            is_covered(&readable, host).then(|| {
                // SAFETY: `host` is mapped readable (checked just above) and the guest cannot
                // run while its first block is being translated.
                let bytes = unsafe { std::slice::from_raw_parts(host.0 as *const u8, (end - start) as usize) };
                (start, bytes.to_vec())
            })
        })
        .collect();
    CodeImage::new(segments)
}

/// The readable mappings of this process, sorted, from `/proc/self/maps`.
fn readable_mappings() -> Vec<(u64, u64)> {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap_or_default();
    let mut mappings: Vec<(u64, u64)> = maps
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (range, permissions) = (fields.next()?, fields.next()?);
            let (start, end) = range.split_once('-')?;
            let range = (u64::from_str_radix(start, 16).ok()?, u64::from_str_radix(end, 16).ok()?);
            permissions.starts_with('r').then_some(range)
        })
        .collect();
    mappings.sort_unstable();
    mappings
}

/// Whether the sorted `mappings` cover `[start, end)` without a gap.
fn is_covered(mappings: &[(u64, u64)], (start, end): (u64, u64)) -> bool {
    let mut covered = start;
    for &(s, e) in mappings {
        if s <= covered && covered < e {
            covered = e;
        }
    }
    covered >= end
}

/// Runs `body` on the state, under the lock when the guest is multi-threaded.
#[inline(always)]
fn with_state<R>(body: impl FnOnce(&mut Frontend) -> R) -> Option<R> {
    with_plugin(|plugin| body(&mut plugin.frontend))
}

/// [`with_state`] with the plugin's own caches too.
#[inline(always)]
fn with_plugin<R>(body: impl FnOnce(&mut Plugin) -> R) -> Option<R> {
    let mut result = None;
    guarded(|| {
        let _guard = (VCPUS.load(Ordering::Relaxed) > 1)
            .then(|| LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        // SAFETY: exclusive access, see `State`.
        let state = unsafe { &mut *STATE.0.get() };
        if let Some(plugin) = state.as_mut() {
            result = Some(body(plugin));
        }
    });
    result
}

unsafe extern "C" fn on_vcpu_init(_id: qemu_plugin_id_t, vcpu: c_uint) {
    VCPUS.fetch_add(1, Ordering::SeqCst);
    with_state(|f| f.vcpu_started(vcpu));
}

/// Installs the panic hook before QEMU calls `qemu_plugin_install`.
extern "C" fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if REGISTERED.load(Ordering::SeqCst) {
            return; // reported by `guarded`
        }
        let text = info.to_string();
        if text.contains("MissingArgValue") || text.contains("MissingArgKey") {
            eprintln!("polyprop-qemu: every plugin option must be key=value; {USAGE}");
        } else {
            eprintln!("polyprop-qemu: cannot start: {text}");
        }
        std::process::exit(2);
    }));
}

#[used]
#[cfg_attr(target_os = "linux", unsafe(link_section = ".init_array"))]
static INSTALL_PANIC_HOOK: extern "C" fn() = install_panic_hook;

struct Polyprop;

impl HasCallbacks for Polyprop {}

impl Register for Polyprop {
    fn register_default(&mut self, id: PluginId, args: &Args, _info: &Info) -> qemu_plugin::Result<()> {
        let options = match PluginOptions::parse(&args.raw) {
            Ok(options) => options,
            Err(message) => {
                eprintln!("polyprop-qemu: {message}");
                std::process::exit(2);
            }
        };
        let mut options = options;
        match find_guest_base() {
            Some(base) => {
                GUEST_BASE.store(base, Ordering::SeqCst);
                VALUES.store(options.tracer.values, Ordering::SeqCst);
            }
            None => {
                if options.tracer.values {
                    eprintln!("polyprop-qemu: values=on needs QEMU's guest_base, which this QEMU does not export: values are not traced");
                }
                options.tracer.values = false;
                options.static_cfg = false;
            }
        }
        let _guard = LOCK.lock().unwrap_or_else(|p| p.into_inner());
        // SAFETY: no callback is registered yet.
        let recorder = TraceRecorder::new(options.trace_ranges.clone());
        unsafe { *STATE.0.get() = Some(Plugin { frontend: Frontend::new(options), access_kinds: Vec::new(), recorder }) };
        qemu_plugin::qemu_plugin_register_vcpu_init_cb(id, Some(on_vcpu_init))?;
        qemu_plugin::qemu_plugin_register_vcpu_tb_trans_cb(id, Some(on_translation))?;
        qemu_plugin::qemu_plugin_register_atexit_cb(id, |_| guarded(write_profile))?;
        PLUGIN_PID.store(std::process::id(), Ordering::SeqCst);
        REGISTERED.store(true, Ordering::SeqCst);
        Ok(())
    }
}

register!(Polyprop);

unsafe extern "C" fn on_translation(_id: qemu_plugin_id_t, tb: *mut qemu_plugin_tb) {
    guarded(|| translate(tb));
}

fn translate(raw: *mut qemu_plugin_tb) {
    // The guest is loaded before its first block is translated: its code can be read now.
    if let Some(ranges) = with_state(|f| f.wants_code_image().then(|| f.options.ranges.clone())).flatten() {
        let image = read_code_image(&ranges);
        with_state(|f| f.set_code_image(image));
    }
    let tb = TranslationBlock::from(raw);
    let Some(needs_symbols) = with_state(|f| !f.options.functions.is_empty()) else { return };
    let count = tb.size();
    // Only the last instruction of a block can be a call or a return that matters to the
    // frontend (`TranslationBlockInfo::last_control`): the others are not disassembled.
    let instructions: Vec<TranslatedInstruction> = tb
        .instructions()
        .enumerate()
        .map(|(i, insn)| {
            let disassembly = if i + 1 == count { insn.disas().ok() } else { None };
            let control = disassembly.as_deref().map_or(ControlKind::Other, ControlKind::of_disassembly);
            TranslatedInstruction {
                pc: insn.vaddr(),
                size: insn.size() as u64,
                control,
                symbol: if needs_symbols { insn.symbol().ok().flatten() } else { None },
                return_address_only: disassembly.as_deref().is_some_and(accesses_return_address_only),
            }
        })
        .collect();
    if instructions.is_empty() {
        return;
    }
    let Some((index, ids)) = with_plugin(|plugin| {
        let (index, ids) = plugin.frontend.translate_block(&instructions);
        let known = ids.iter().flatten().max().map_or(0, |&id| id as usize + 1);
        if plugin.access_kinds.len() < known {
            plugin.access_kinds.resize(known, UNKNOWN_ACCESS);
        }
        for (instruction, id) in instructions.iter().zip(&ids) {
            if let Some(id) = id {
                plugin.access_kinds[*id as usize].pc = instruction.pc;
            }
        }
        (index, ids)
    }) else {
        return;
    };
    // Plain C callbacks whose userdata is a dense index (the block's, the instruction's): no
    // boxed closure, no lookup on the hot path.
    // SAFETY: `raw` is the block QEMU is translating; the instruction indices are in range.
    unsafe {
        qemu_plugin_register_vcpu_tb_exec_cb(
            raw,
            Some(on_block),
            qemu_plugin_cb_flags::QEMU_PLUGIN_CB_NO_REGS,
            index as *mut c_void,
        );
        for (i, id) in ids.into_iter().enumerate() {
            let Some(id) = id else { continue };
            let insn = qemu_plugin_tb_get_insn(raw, i);
            // One callback for loads and stores that asks `info` for the kind: QEMU 7.2 also
            // calls a callback registered for stores only (`QEMU_PLUGIN_MEM_W`) on loads.
            qemu_plugin_register_vcpu_mem_cb(
                insn,
                Some(on_memory_access),
                qemu_plugin_cb_flags::QEMU_PLUGIN_CB_NO_REGS,
                qemu_plugin_mem_rw::QEMU_PLUGIN_MEM_RW,
                id as usize as *mut c_void,
            );
        }
    }
}

unsafe extern "C" fn on_block(vcpu: c_uint, userdata: *mut c_void) {
    with_state(|f| {
        f.set_vcpu(vcpu);
        f.execute_block(userdata as usize)
    });
}

unsafe extern "C" fn on_memory_access(
    vcpu: c_uint,
    info: qemu_plugin_meminfo_t,
    address: u64,
    userdata: *mut c_void,
) {
    let id = userdata as usize as u32;
    with_plugin(|plugin| {
        let AccessKind { pc, size, is_store, .. } = plugin.access_kind(id, info);
        if !plugin.recorder.is_empty() {
            plugin.recorder.record(pc, address, size);
        }
        let value = if VALUES.load(Ordering::Relaxed) { guest_value(address, size) } else { 0 };
        let frontend = &mut plugin.frontend;
        frontend.set_vcpu(vcpu);
        frontend.memory_access_with_value(id, pc, address, size, is_store, value)
    });
}

fn write_profile() {
    let _guard = LOCK.lock().unwrap_or_else(|p| p.into_inner());
    // SAFETY: under the lock; single-threaded guests run no other callback at exit.
    let Some(Plugin { frontend, recorder, .. }) = (unsafe { &mut *STATE.0.get() }).take() else { return };
    // A process forked by the guest inherits the state and exits on its own: it writes the
    // profile of its own execution next to the one the user asked for, `OUTPUT.PID`.
    let mut output = frontend.options.output.clone();
    let pid = std::process::id();
    if pid != PLUGIN_PID.load(Ordering::SeqCst) {
        output = format!("{output}.{pid}");
    }
    let (blocks, repeated, accesses) =
        (frontend.executed_blocks, frontend.repeated_blocks, frontend.memory_accesses);
    let misattributed = match frontend.misattributed_accesses {
        0 => String::new(),
        n => format!(", {n} accesses of uninstrumented code reported by QEMU for an instrumented instruction, dropped"),
    };
    if !recorder.is_empty() {
        match recorder.write(&output, frontend.options.load_base) {
            Ok(files) if files.is_empty() => eprintln!("polyprop-qemu: no memory access in the traced ranges"),
            Ok(files) => eprintln!("polyprop-qemu: wrote {}", files.join(" ")),
            Err(e) => eprintln!("polyprop-qemu: cannot write a trace: {e}"),
        }
    }
    let profile = frontend.finish();
    match profile.write(std::path::Path::new(&output)) {
        Ok(()) => eprintln!(
            "polyprop-qemu: wrote {output}: {} instruction streams, {} dependence streams, {} loops ({blocks} blocks, {repeated} of them repeated from memory, {accesses} memory accesses traced{misattributed})",
            profile.instructions.len(),
            profile.dependences.len(),
            profile.loops.len()
        ),
        Err(e) => eprintln!("polyprop-qemu: cannot write the profile to {output}: {e}"),
    }
}
