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
use qemu_plugin::sys::{qemu_plugin_id_t, qemu_plugin_tb};
use qemu_plugin::{register, HasCallbacks, MemRW, PluginId, Register, TranslationBlock};
use runtime::frontend::{ControlKind, Frontend, TranslatedInstruction};
use runtime::options::{PluginOptions, USAGE};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

static STATE: Mutex<Option<Frontend>> = Mutex::new(None);
static FAILED: AtomicBool = AtomicBool::new(false);

thread_local! {
    static IN_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

/// Runs `body` so that no panic escapes; a panic disables tracing with one message.
fn guarded(body: impl FnOnce()) {
    if FAILED.load(Ordering::Relaxed) {
        return;
    }
    IN_CALLBACK.with(|c| c.set(true));
    let result = catch_unwind(AssertUnwindSafe(body));
    IN_CALLBACK.with(|c| c.set(false));
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

fn with_state(body: impl FnOnce(&mut Frontend)) {
    guarded(|| {
        let mut state = STATE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(frontend) = state.as_mut() {
            body(frontend);
        }
    });
}

/// Installs the panic hook before QEMU calls `qemu_plugin_install`.
extern "C" fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if IN_CALLBACK.with(|c| c.get()) {
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
        *STATE.lock().unwrap_or_else(|p| p.into_inner()) = Some(Frontend::new(options));
        qemu_plugin::qemu_plugin_register_vcpu_tb_trans_cb(id, Some(on_translation))?;
        qemu_plugin::qemu_plugin_register_atexit_cb(id, |_| guarded(write_profile))?;
        Ok(())
    }
}

register!(Polyprop);

unsafe extern "C" fn on_translation(_id: qemu_plugin_id_t, tb: *mut qemu_plugin_tb) {
    guarded(|| translate(TranslationBlock::from(tb)));
}

fn translate(tb: TranslationBlock) {
    let needs_symbols = STATE
        .lock()
        .map(|s| s.as_ref().is_some_and(|f| !f.options.functions.is_empty()))
        .unwrap_or(false);
    let handles: Vec<_> = tb.instructions().collect();
    let instructions: Vec<TranslatedInstruction> = handles
        .iter()
        .map(|insn| TranslatedInstruction {
            pc: insn.vaddr(),
            size: insn.size() as u64,
            control: insn.disas().map_or(ControlKind::Other, |d| ControlKind::of_disassembly(&d)),
            symbol: if needs_symbols { insn.symbol().ok().flatten() } else { None },
        })
        .collect();
    if instructions.is_empty() {
        return;
    }
    let mut translated = None;
    with_state(|frontend| translated = Some(frontend.translate_block(&instructions)));
    let Some((index, ids)) = translated else { return };
    tb.register_execute_callback(move |_vcpu| with_state(|f| f.execute_block(index)));
    for ((insn, id), instruction) in handles.iter().zip(ids).zip(&instructions) {
        let Some(id) = id else { continue };
        let pc = instruction.pc;
        insn.register_memory_access_callback(
            move |_vcpu, info, address| {
                let size = 1u8 << info.size_shift();
                let is_store = info.is_store();
                with_state(|f| f.memory_access(id, pc, address, size, is_store));
            },
            MemRW::QEMU_PLUGIN_MEM_RW,
        );
    }
}

fn write_profile() {
    let Some(frontend) = STATE.lock().unwrap_or_else(|p| p.into_inner()).take() else { return };
    let output = frontend.options.output.clone();
    let (blocks, accesses) = (frontend.executed_blocks, frontend.memory_accesses);
    let profile = frontend.finish();
    match profile.write(std::path::Path::new(&output)) {
        Ok(()) => eprintln!(
            "polyprop-qemu: wrote {output}: {} instruction streams, {} dependence streams, {} loops ({blocks} blocks, {accesses} memory accesses traced)",
            profile.instructions.len(),
            profile.dependences.len(),
            profile.loops.len()
        ),
        Err(e) => eprintln!("polyprop-qemu: cannot write the profile to {output}: {e}"),
    }
}
