//! End-to-end tests of the plugin under `qemu-x86_64` (needs the Debian packages `qemu-user`
//! and `clang-14`): paper 000's backprop kernel (Figure 1) with separately allocated rows, a
//! loop-carried recurrence, a recursion folded over its recursive loop (paper 001, section
//! 3.2), first iterations inside their loops with decoded CFGs, bad plugin options, and the
//! slowdown benchmark's streams against a golden file.

use runtime::launch::{binary_layout, find_plugin, plugin_arguments, qemu_command, resolve_locations};
use runtime::profile::{AccessKind, InstructionRecord, Profile};
use runtime::summary::{access_summary, dependence_summary, Stride};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The plugin of this build (`cargo build -p polyprop-qemu`), or one built now in a target
/// directory of its own: `cargo test` does not build a cdylib for integration tests, and a
/// nested build in the same target directory would wait for the lock `cargo test` holds.
fn plugin() -> PathBuf {
    static PLUGIN: OnceLock<PathBuf> = OnceLock::new();
    PLUGIN
        .get_or_init(|| {
            let exe = std::env::current_exe().unwrap();
            if let Some(plugin) = find_plugin(&exe) {
                return plugin;
            }
            let target = exe.ancestors().nth(3).unwrap().join("plugin-for-tests");
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let status = Command::new(cargo)
                .args(["build", "-p", "polyprop-qemu", "--target-dir"])
                .arg(&target)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .status()
                .expect("cargo to build the plugin");
            assert!(status.success(), "building the plugin failed");
            target.join("debug/libpolyprop_qemu.so")
        })
        .clone()
}

fn compile(source: &str, flags: &[&str]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let output = dir.join(Path::new(source).file_stem().unwrap()).with_extension(flags.join("").replace('-', ""));
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs").join(source);
    let status = Command::new("clang-14")
        .args(flags)
        .arg("-g")
        .arg("-o")
        .arg(&output)
        .arg(&source)
        .arg("-lm")
        .status()
        .expect("clang-14 is needed: apt-get install -y clang-14");
    assert!(status.success(), "clang-14 failed on {}", source.display());
    output
}

fn profile(binary: &Path, extra: &[String]) -> Profile {
    let output = binary.with_extension("profile");
    let _ = std::fs::remove_file(&output);
    let layout = binary_layout(binary).unwrap();
    let arguments = plugin_arguments(binary, &layout, &output, extra);
    let result = qemu_command(Path::new("qemu-x86_64"), &plugin(), &arguments, binary, &[])
        .output()
        .expect("qemu-x86_64 is needed: apt-get install -y qemu-user");
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    let mut profile = Profile::read(&output).unwrap();
    assert!(resolve_locations(&mut profile, binary).unwrap() > 0);
    profile
}

/// The line of `program` holding `text` (1-based).
fn source_line(program: &str, text: &str) -> u32 {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs").join(program);
    let source = std::fs::read_to_string(path).unwrap();
    source.lines().position(|l| l.contains(text)).expect(text) as u32 + 1
}

fn line_of(location: &Option<String>) -> Option<u32> {
    location.as_ref()?.split(':').rev().nth(1)?.parse().ok()
}

/// The stream of a `kind` access at source line `line` whose iteration vectors have `space`
/// coordinates.
fn instruction_at(profile: &Profile, kind: AccessKind, line: u32, space: usize) -> Option<&InstructionRecord> {
    profile.instructions.iter().find(|r| r.kind == kind && line_of(&r.location) == Some(line) && r.folded.space == space)
}

#[test]
fn backprop_conn_is_stride_one_along_j_non_affine_along_k_and_j_carries_nothing() {
    let binary = compile("backprop.c", &["-O2"]);
    let profile = profile(&binary, &[]);
    let access_line = source_line("backprop.c", "sum += conn[k][j] * l1[k]");
    let trip_counts = |id: u32| profile.loops.iter().find(|l| l.id == id).unwrap().trip_counts;
    // Loads of `sum += conn[k][j] * l1[k]` inside the j loop (16 iterations) and a k loop.
    let mut conn = 0;
    let mut l1 = 0;
    let mut j_loop = None;
    for record in profile.instructions.iter().filter(|r| r.kind == AccessKind::Load && r.size == 4) {
        if line_of(&record.location) != Some(access_line) || record.folded.space != 2 {
            continue;
        }
        let summary = access_summary(&profile, record);
        let j = trip_counts(summary.loops[0]);
        assert_eq!((j.entries, j.max), (1, 16), "the outer loop is the j loop (n2 = 16)");
        j_loop = Some(summary.loops[0]);
        match summary.strides[0] {
            // conn[k][j]: +4 bytes per j iteration (stride-1), rows scattered along k.
            Stride::Constant(4) => {
                assert_eq!(summary.strides[1], Stride::NonAffine, "{:#x}", record.pc);
                conn += 1;
            }
            // l1[k]: invariant along j, affine along k.
            Stride::Constant(0) => {
                assert!(matches!(summary.strides[1], Stride::Constant(c) if c > 0), "{:#x}", record.pc);
                l1 += 1;
            }
            other => panic!("unexpected stride {other:?} along j at {:#x}", record.pc),
        }
    }
    assert!(conn > 0 && l1 > 0, "conn[k][j] and l1[k] loads found ({conn}, {l1})");
    let j_loop = j_loop.unwrap();
    for index in 0..profile.dependences.len() {
        assert_ne!(dependence_summary(&profile, index).carried_by, Some(j_loop), "dependence {index} carried by j");
    }
    let text = runtime::summary::render(&profile, 10);
    assert!(text.contains("+4 B (stride-1)") && text.contains("non-affine"), "{text}");
    // No stream has a point twice, although QEMU 7.2 reports the vectorized 16-byte accesses
    // of main in two 8-byte halves, and reports the accesses of the dynamic linker's lazy
    // binding (`xsave`, `xrstor`) for the last instrumented instruction, in a PLT stub.
    let errors: Vec<(u64, u64)> =
        profile.instructions.iter().filter(|r| r.order_errors > 0).map(|r| (r.pc, r.order_errors)).collect();
    assert!(errors.is_empty(), "order errors at {errors:x?}");
    assert!(profile.dependences.iter().all(|d| d.order_errors == 0));
}

/// `nest.c`: with the CFG decoded from the code (the default), every instance of the nest's
/// load is in one stream over both loops; with the CFG learnt from execution only
/// (`cfg=dynamic`), the first iterations ran before their loops were known and went to
/// streams of their own.
#[test]
fn first_iterations_belong_to_their_loops() {
    let binary = compile("nest.c", &["-O2", "-fno-vectorize", "-fno-unroll-loops"]);
    let line = source_line("nest.c", "a[i * m + j] += i ^ j");
    let streams = |extra: &[String]| -> Vec<(usize, u64)> {
        let profile = profile(&binary, extra);
        let loads = profile.instructions.iter().filter(|r| r.kind == AccessKind::Load && line_of(&r.location) == Some(line));
        loads.map(|r| (r.folded.space, r.count)).collect()
    };
    assert_eq!(streams(&[]), vec![(2, 20 * 300)]);
    let dynamic = streams(&["cfg=dynamic".into()]);
    assert!(dynamic.len() > 1 && dynamic.iter().map(|s| s.1).sum::<u64>() == 20 * 300, "{dynamic:?}");
}

#[test]
fn recurrence_dependence_is_carried_by_its_loop_at_distance_one() {
    let binary = compile("recurrence.c", &["-O0"]);
    let profile = profile(&binary, &[]);
    let line = source_line("recurrence.c", "a[i] = a[i - 1]");
    let load = instruction_at(&profile, AccessKind::Load, line, 1).expect("a load of a[i - 1] inside its loop");
    let recurrence_loop = profile.context(load.context).unwrap().loops[0];
    let carried: Vec<_> = (0..profile.dependences.len())
        .map(|i| dependence_summary(&profile, i))
        .filter(|s| s.carried_by == Some(recurrence_loop) && s.exact)
        .collect();
    // a[i] = a[i - 1] ...: the load of a[i - 1] reads the store of the previous
    // iteration: producer coordinate = consumer coordinate - 1.
    let recurrence = carried.iter().find(|s| {
        let d = &profile.dependences[s.index];
        let load = &profile.instructions[d.sink as usize];
        let store = &profile.instructions[d.source as usize];
        line_of(&load.location) == Some(line)
            && line_of(&store.location) == Some(line)
            && store.kind == AccessKind::Store
            && d.folded.pieces.iter().all(|p| {
                let f = &p.label_functions[0];
                f.remaining == -1 && f.coefficients == vec![runtime::folding::Coefficient::Integer(1)]
            })
    });
    assert!(recurrence.is_some(), "{}", runtime::summary::render(&profile, 10));
}

/// Guest threads get iteration vectors and contexts of their own: the kernel store of each of
/// the four workers folds exactly over its (r, i) loops with no order error, although the
/// threads run concurrently.
#[test]
fn threads_fold_over_iteration_vectors_of_their_own() {
    let binary = compile("threads.c", &["-O1", "-fno-unroll-loops", "-pthread"]);
    let profile = profile(&binary, &[]);
    let line = source_line("threads.c", "the kernel store");
    let thread_of = |context: u32| profile.context(context).unwrap().thread;
    let mut workers = Vec::new();
    for record in profile.instructions.iter().filter(|r| r.kind == AccessKind::Store && line_of(&r.location) == Some(line)) {
        if record.folded.space == 2 {
            assert_eq!(record.order_errors, 0, "{:#x} in thread {}", record.pc, thread_of(record.context));
            assert!(record.folded.is_exact(), "{}", record.folded.to_isl("S", None));
            assert!(record.count >= 9 * (20000 - 1), "{} instances", record.count);
            workers.push(thread_of(record.context));
        }
    }
    workers.sort();
    workers.dedup();
    assert_eq!(workers.len(), 4, "one 2-D stream of the kernel store per worker thread: {workers:?}");
    assert!(!workers.contains(&0), "the workers are not the main thread");
    let text = runtime::summary::render(&profile, 20);
    assert!(text.contains("5 guest threads") && text.contains(&format!(" thread {} x", workers[0])), "{text}");
}

/// A process the guest forks writes the profile of its own execution to `OUTPUT.PID`; the
/// profile at `OUTPUT` is the parent's.
#[test]
fn a_forked_child_writes_its_profile_next_to_the_parents() {
    let binary = compile("forks.c", &["-O1"]);
    let output = binary.with_extension("profile");
    let directory = output.parent().unwrap();
    let name = output.file_name().unwrap().to_string_lossy().to_string();
    for entry in std::fs::read_dir(directory).unwrap().flatten() {
        if entry.file_name().to_string_lossy().starts_with(&format!("{name}.")) {
            std::fs::remove_file(entry.path()).unwrap();
        }
    }
    let parent = profile(&binary, &[]);
    let children: Vec<PathBuf> = std::fs::read_dir(directory)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&format!("{name}.")))
        .collect();
    assert_eq!(children.len(), 1, "{children:?}");
    let mut child = Profile::read(&children[0]).unwrap();
    resolve_locations(&mut child, &binary).unwrap();
    let has_store = |p: &Profile, text: &str| {
        let line = source_line("forks.c", text);
        p.instructions.iter().any(|r| r.kind == AccessKind::Store && line_of(&r.location) == Some(line))
    };
    assert!(has_store(&parent, "the parent's loop") && !has_store(&parent, "the child's loop"));
    assert!(has_store(&child, "the child's loop") && !has_store(&child, "the parent's loop"));
}

/// With `values=on`, instruction labels carry the value read or written (paper 000, section
/// 4.1): the counter kept in memory at -O0 is an induction variable (+1 per iteration) and
/// the store to `a[i]` writes `3 * i + 1` (+3 per iteration) at addresses 8 bytes apart.
#[test]
fn values_label_induction_variables_and_computed_stores() {
    let binary = compile("values.c", &["-O0"]);
    let profile = profile(&binary, &["values=on".to_string()]);
    let line = source_line("values.c", "the store of values");
    let store = instruction_at(&profile, AccessKind::Store, line, 1).expect("the store to a[i] inside its loop");
    let summary = access_summary(&profile, store);
    assert_eq!(summary.strides, vec![Stride::Constant(8)]);
    assert_eq!(summary.value_strides, Some(vec![Stride::Constant(3)]));
    let piece = &store.folded.pieces[0];
    let first = piece.vertices[0][0];
    assert_eq!(piece.label_functions[1].evaluate(&[first]), Some(3 * first + 1), "value 3 * i + 1 with i the counter");
    let counter_loads = profile
        .instructions
        .iter()
        .filter(|r| r.kind == AccessKind::Load && r.folded.space == 1 && r.count >= 999)
        .filter(|r| access_summary(&profile, r).value_strides == Some(vec![Stride::Constant(1)]))
        .count();
    assert!(counter_loads >= 2, "loads of the counter i are labeled with i");
    // Without the option the streams have the address only.
    let plain = self::profile(&binary, &[]);
    assert!(plain.instructions.iter().all(|r| r.folded.label_components == 1));
}

#[test]
fn bad_plugin_options_give_one_line_and_no_panic() {
    let binary = compile("recurrence.c", &["-O0"]);
    for (option, expected) in [
        ("give_up=lots", "expected default, off or a number"),
        ("colour=red", "unknown option 'colour'"),
        ("ranges=0x20-0x10", "START-END with START < END"),
    ] {
        let result = Command::new("qemu-x86_64")
            .arg("-plugin")
            .arg(format!("{},{option}", plugin().display()))
            .arg(&binary)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(expected) && !stderr.contains("panicked"), "{stderr}");
    }
}

/// The streams of `slowdown.c` (a small run, with dependences) in a form independent of where
/// the program's heap, stack and source are: pcs relative to the load base, the constants of
/// address labels of streams inside loops (heap accesses) relative to the smallest one, and
/// the labels of streams outside loops (start-up code, stack addresses) left out.
fn canonical_streams(profile: &Profile) -> String {
    use std::fmt::Write;
    let base_address = profile
        .instructions
        .iter()
        .filter(|r| r.folded.space > 0)
        .flat_map(|r| r.folded.pieces.iter().map(|p| p.label_functions[0].remaining))
        .min()
        .unwrap_or(0);
    let mut text = String::new();
    let pieces = |text: &mut String, folded: &runtime::folding::FoldedStream, offset: i64| {
        writeln!(text, "  space={} points={} gave-up={}", folded.space, folded.points, folded.gave_up).unwrap();
        for piece in &folded.pieces {
            let labels: Vec<String> = piece
                .label_functions
                .iter()
                .map(|f| format!("{:?}:{}", f.coefficients, f.remaining - offset))
                .collect();
            writeln!(text, "  piece {} {:?} {}", piece.points, piece.vertices, labels.join(" | ")).unwrap();
        }
    };
    for r in &profile.instructions {
        writeln!(
            text,
            "instruction {} pc=+{:#x} context={} {:?} size={} count={} errors={}",
            r.id,
            r.pc - profile.load_base,
            r.context,
            r.kind,
            r.size,
            r.count,
            r.order_errors
        )
        .unwrap();
        if r.folded.space > 0 {
            pieces(&mut text, &r.folded, base_address);
        }
    }
    for d in &profile.dependences {
        writeln!(text, "dependence {} {} count={} errors={}", d.source, d.sink, d.count, d.order_errors).unwrap();
        pieces(&mut text, &d.folded, 0);
    }
    text
}

/// The profile of a small run of the slowdown benchmark is the one the plugin computed before
/// its hot path was optimized (`tests/golden/slowdown-30.txt`, written by the plugin as of
/// the commit before the fast paths; `POLYPROP_BLESS=1` rewrites it). Rewritten once since,
/// when the accesses QEMU misattributes to PLT and CRT instructions were dropped: only those
/// streams changed. Run with the CFG learnt from execution, as it was written.
#[test]
fn slowdown_profile_is_unchanged_by_the_fast_paths() {
    let binary = compile("slowdown.c", &["-O2", "-fno-vectorize", "-fno-unroll-loops"]);
    let output = binary.with_extension("golden.profile");
    let layout = binary_layout(&binary).unwrap();
    let arguments = plugin_arguments(&binary, &layout, &output, &["cfg=dynamic".into()]);
    let result = qemu_command(Path::new("qemu-x86_64"), &plugin(), &arguments, &binary, &["30".into()])
        .output()
        .expect("qemu-x86_64 is needed: apt-get install -y qemu-user");
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    let text = canonical_streams(&Profile::read(&output).unwrap());
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/slowdown-30.txt");
    if std::env::var_os("POLYPROP_BLESS").is_some() {
        std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
        std::fs::write(&golden, &text).unwrap();
    }
    let expected = std::fs::read_to_string(&golden).unwrap();
    assert!(text == expected, "profile of slowdown 30 differs from {}:\n{text}", golden.display());
}

/// `recursion.c`: `suffix_sum` calls itself 300 deep (a real call at -O2: the work follows the
/// call), four times from a loop of `main`. With recursive loops (paper 001, Algorithm 2), each
/// of its memory instructions has three streams instead of one per recursion depth: the frame
/// opened before the recursion was known (the call from `main` in round 0), the recursive loop
/// entered one call deeper in round 0, and the recursive loop inside `main`'s loop (rounds 1
/// to 3, a 2-D space); each folds into one affine piece, in lexicographic order.
#[test]
fn recursion_folds_over_one_recursive_loop_instead_of_one_stream_per_depth() {
    use runtime::control::LoopKind;
    use runtime::profile::InstructionRecord;
    let binary = compile("recursion.c", &["-O2"]);
    let profile = profile(&binary, &[]);
    let dump = || runtime::summary::render(&profile, 10);
    let first = source_line("recursion.c", "long suffix_sum(const long *p, long n) {");
    let last = source_line("recursion.c", "return partial[n - 1];") + 1;
    let axes = |r: &InstructionRecord| profile.context(r.context).unwrap().loops.clone();
    let kind = |id: u32| profile.loops.iter().find(|l| l.id == id).unwrap().kind;
    // One recursive loop on the axes of the profiled code, whose header function is suffix_sum.
    let mut recursive: Vec<u32> = profile
        .instructions
        .iter()
        .flat_map(axes)
        .filter(|&l| kind(l) == LoopKind::Recursive)
        .collect();
    recursive.sort();
    recursive.dedup();
    assert_eq!(recursive.len(), 1, "{}", dump());
    let recursive_loop = profile.loops.iter().find(|l| l.id == recursive[0]).unwrap();
    assert!(line_of(&recursive_loop.location).is_some_and(|l| (first..=last).contains(&l)));
    // Rounds 1 to 3 enter it at depth 1: 300 calls and 300 returns to the header iterate;
    // round 0 enters it at depth 2.
    let trips = recursive_loop.trip_counts;
    assert_eq!((trips.entries, trips.min, trips.max), (4, 599, 601), "{trips:?}");
    // The memory instructions run inside it (suffix_sum's), with all their streams.
    let inside: Vec<u64> =
        profile.instructions.iter().filter(|r| axes(r).contains(&recursive[0])).map(|r| r.pc).collect();
    let records: Vec<&InstructionRecord> = profile.instructions.iter().filter(|r| inside.contains(&r.pc)).collect();
    assert!(records.iter().all(|r| r.pc >= recursive_loop.header && line_of(&r.location).is_some_and(|l| (first..=last).contains(&l))));
    let pcs: std::collections::BTreeSet<u64> = records.iter().map(|r| r.pc).collect();
    // Not the call's push nor the return's pop (the machine's return address, not traced).
    assert!(pcs.len() >= 7, "{} memory instructions in suffix_sum\n{}", pcs.len(), dump());
    for &pc in &pcs {
        let streams: Vec<&&InstructionRecord> = records.iter().filter(|r| r.pc == pc).collect();
        assert!(streams.len() <= 3, "{} streams for {pc:#x} (one per depth would be 300)", streams.len());
        for record in &streams {
            assert_eq!(record.order_errors, 0, "{pc:#x} in context {}", record.context);
            assert!(record.folded.pieces.len() <= 2, "{pc:#x}: {} pieces", record.folded.pieces.len());
        }
        let nest = streams
            .iter()
            .find(|r| axes(r).iter().map(|&l| kind(l)).eq([LoopKind::Cfg, LoopKind::Recursive]))
            .unwrap_or_else(|| panic!("{pc:#x} in main's loop and the recursive loop\n{}", dump()));
        assert_eq!(nest.folded.space, 2);
        assert!(nest.folded.is_exact() && nest.folded.affine_points() == nest.folded.points, "{pc:#x}");
    }
    let ids: Vec<u32> = records.iter().map(|r| r.id).collect();
    for dependence in &profile.dependences {
        if ids.contains(&dependence.source) || ids.contains(&dependence.sink) {
            assert_eq!(dependence.order_errors, 0, "dependence {} -> {}", dependence.source, dependence.sink);
        }
    }
}
