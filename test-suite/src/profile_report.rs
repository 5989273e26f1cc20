//! Reporting of `polyprop-bench --set rodinia`: the terminal table (also `rodinia.txt`), CSV,
//! JSON and the speedup plot, one row per timed kernel function and variant. Times and ratios
//! are `median [min, max]`. A plugin variant's note says what the plugin did as the IR and the
//! pass's own verdict show it, never inferred from a time.

use crate::plot::{grouped_bars, GroupedBars, Group};
use crate::profile_guided::{Cell, FunctionReport, LoopMatch, Results, Variant};
use crate::program_set_report::{self as shared, JsonCell, CSV_FIELDS};
use crate::report::{csv_field, spread_or_dash};
use serde::Serialize;
use std::fmt::Write;

/// What a Polly or plugin build did to the program, from its IR.
pub fn transform_note(cell: &Cell) -> String {
    if let Err(e) = &cell.build {
        return format!("not built: {}", e.lines().next().unwrap_or(""));
    }
    if let Some(e) = cell.first_error() {
        return format!("run failed: {}", e.lines().next().unwrap_or(""));
    }
    let mut notes = Vec::new();
    match (cell.variant, cell.ir_changed) {
        (Variant::Polly, Some(false)) => notes.push("Polly generated no code (no polly.stmt block; its remarks below)"),
        (Variant::Polly, Some(true)) => notes.push("Polly generated code for a SCoP (polly.stmt blocks)"),
        (Variant::Polyprop, Some(false)) => notes.push("no transform: optimized IR identical to naive"),
        (Variant::Polyprop, Some(true)) => notes.push("IR differs from naive (see the pass's verdict below)"),
        (Variant::PolypropProfile, Some(false)) => {
            notes.push("no transform from the profile: optimized IR identical to the same build without it")
        }
        (Variant::PolypropProfile, Some(true)) => notes.push("the profile changed the IR (see the pass's verdict below)"),
        (v, None) if v != Variant::Naive => notes.push("IR not compared"),
        _ => {}
    }
    if !cell.deterministic() {
        notes.push("checksums differ between rounds");
    }
    notes.join("; ")
}

fn loops_text(m: &Option<LoopMatch>) -> String {
    match m {
        Some(m) => format!(
            "{} of {} loops matched{}",
            m.matched,
            m.ir_loops,
            if m.unmatched_profiled > 0 { format!(", {} profiled loops unmatched", m.unmatched_profiled) } else { String::new() }
        ),
        None => "no profile".into(),
    }
}

/// The terminal table.
pub fn table(results: &Results) -> String {
    let s0 = &results.setup;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "polyprop-bench --set rodinia: the Rodinia-like kernel set (test-suite/rodinia/), {} rounds x {} timed calls (after 1 warm-up call) per process, variants interleaved",
        s0.rounds, s0.reps
    );
    let _ = writeln!(s, "times in ms, speedup = naive/variant per round (medians of the round's timed calls), each figure median [min, max]; outputs compared by their checksum lines (FNV-1a of the bytes and %a sums)");
    let _ = writeln!(s, "variants: naive -O3 -march=native; polly + -mllvm -polly; polyprop + -fpass-plugin; polyprop-profile -O3 -march=native -g -fpass-plugin with POLYPROP_OPTIONS=profile=K.profile, the profile from a -O3 -march=x86-64-v3 -g build run at the small size under `polyprop profile`");
    let _ = writeln!(s, "{}", noise_summary(results));
    s.push('\n');
    let _ = writeln!(s, "{:<9} {:<15} {:>9} {:<17} {:>28} {:>22} {:>10}  note", "program", "kernel", "size", "variant", "time (ms)", "speedup", "output");
    for p in &results.programs {
        for f in p.kernel.timed {
            for (k, cell) in p.cells.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "{:<9} {:<15} {:>9} {:<17} {:>28} {:>22} {:>10}  {}",
                    p.kernel.name,
                    f,
                    p.kernel.large,
                    cell.variant.name(),
                    spread_or_dash(cell.times(f), 3),
                    shared::speedup_text(&p.cells, k, f),
                    shared::validation(&p.cells, k),
                    transform_note(cell)
                );
            }
        }
    }
    let _ = writeln!(s, "\nprofiles (the small size, under QEMU):");
    for p in &results.programs {
        let outcome = match &p.profile.result {
            Ok(_) => format!("written in {:.1} s", p.profile.seconds),
            Err(e) => format!("none: {}", e.lines().next().unwrap_or("")),
        };
        let _ = writeln!(s, "{:<9} N = {:<7} ({}): {}  [{}]", p.kernel.name, p.kernel.small, p.kernel.size_meaning, outcome, p.profile.command);
    }
    let _ = writeln!(s, "\nwhat the pass says per kernel function (print=detect on the function body; Polly's remarks on the function's lines, -Rpass-missed=polly-detect -Rpass-analysis=polly-scops with -polly-process-unprofitable; print=transform without and with the profile; print=profile's loops of the function matched by the profile):");
    for p in &results.programs {
        for FunctionReport { function, static_model, polly, static_verdict, profile_verdict, loops } in &p.functions {
            let _ = writeln!(s, "{:<9} {:<15} static model:    {}", p.kernel.name, function, static_model);
            let _ = writeln!(s, "{:<9} {:<15} Polly:           {}", "", "", polly);
            let _ = writeln!(s, "{:<9} {:<15} without profile: {}", "", "", static_verdict);
            let _ = writeln!(s, "{:<9} {:<15} with profile:    {} ({})", "", "", profile_verdict, loops_text(loops));
        }
    }
    s
}

/// The machine's load and the spread of the times: a build whose IR is identical to naive's
/// measures nothing but this noise.
pub fn noise_summary(results: &Results) -> String {
    let times = results.programs.iter().flat_map(|p| p.kernel.timed.iter().flat_map(move |f| p.cells.iter().filter_map(move |c| c.times(f))));
    shared::noise_summary(&results.load, times)
}

pub fn csv(results: &Results) -> String {
    let mut s = format!(
        "program,kernel,size,profile_size,variant,rounds,reps,{CSV_FIELDS},static_model,polly_remarks,static_verdict,profile_verdict,profile_loops,flags,note\n"
    );
    for p in &results.programs {
        for f in p.kernel.timed {
            let report = p.function(f);
            for (k, cell) in p.cells.iter().enumerate() {
                let plugin = cell.variant.uses_plugin();
                let fields: Vec<String> = [
                    vec![p.kernel.name.into(), f.to_string(), p.kernel.large.to_string(), p.kernel.small.to_string()],
                    vec![cell.variant.name().into(), results.setup.rounds.to_string(), results.setup.reps.to_string()],
                    shared::csv_fields(&p.cells, k, f),
                    vec![
                        if plugin { report.map_or(String::new(), |r| r.static_model.clone()) } else { String::new() },
                        if cell.variant == Variant::Polly { report.map_or(String::new(), |r| r.polly.clone()) } else { String::new() },
                        if plugin { report.map_or(String::new(), |r| r.static_verdict.clone()) } else { String::new() },
                        if cell.variant == Variant::PolypropProfile { report.map_or(String::new(), |r| r.profile_verdict.clone()) } else { String::new() },
                        if cell.variant == Variant::PolypropProfile { loops_text(&report.and_then(|r| r.loops.clone())) } else { String::new() },
                        cell.flags.join(" "),
                        transform_note(cell),
                    ],
                ]
                .concat();
                let _ = writeln!(s, "{}", fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(","));
            }
        }
    }
    s
}

#[derive(Serialize)]
struct JsonKernel {
    program: &'static str,
    kernel: String,
    size: u64,
    profile_size: u64,
    profile_command: String,
    profile: String,
    pass: Option<FunctionReport>,
    variants: Vec<JsonCell>,
}

#[derive(Serialize)]
struct JsonResults {
    set: &'static str,
    load_average_before: String,
    load_average_after: String,
    rounds: u32,
    reps: u32,
    plugin: String,
    kernels: Vec<JsonKernel>,
}

/// The whole result set as JSON.
pub fn json(results: &Results) -> String {
    let kernels = results
        .programs
        .iter()
        .flat_map(|p| {
            p.kernel.timed.iter().map(move |f| JsonKernel {
                program: p.kernel.name,
                kernel: f.to_string(),
                size: p.kernel.large,
                profile_size: p.kernel.small,
                profile_command: p.profile.command.clone(),
                profile: match &p.profile.result {
                    Ok(path) => path.display().to_string(),
                    Err(e) => format!("none: {e}"),
                },
                pass: p.function(f).cloned(),
                variants: (0..p.cells.len()).map(|k| JsonCell::of(&p.cells, k, f, transform_note(&p.cells[k]))).collect(),
            })
        })
        .collect();
    let all = JsonResults {
        set: "rodinia",
        load_average_before: results.load.0.clone(),
        load_average_after: results.load.1.clone(),
        rounds: results.setup.rounds,
        reps: results.setup.reps,
        plugin: results.setup.plugin.display().to_string(),
        kernels,
    };
    let mut text = serde_json::to_string_pretty(&all).expect("strings and numbers always serialize");
    text.push('\n');
    text
}

/// The speedup chart: one group per kernel function, one bar per variant but naive; a
/// plugin variant that changed no code in any program says so in its legend entry.
pub fn chart(results: &Results) -> GroupedBars {
    let variants = &results.setup.variants;
    let series = shared::speedup_series(variants, |k| {
        variants[k].uses_plugin() && results.programs.iter().all(|p| p.cells[k].ir_changed != Some(true))
    });
    let groups = results
        .programs
        .iter()
        .flat_map(|p| p.kernel.timed.iter().map(move |f| Group { label: format!("{}: {}", p.kernel.name, f), bars: shared::speedup_bars(&p.cells, f) }))
        .collect();
    shared::speedup_chart(
        format!(
        "Rodinia-like kernels: speedup over clang-14 -O3 -march=native (median, whiskers min-max; {} rounds x {} calls)",
        results.setup.rounds, results.setup.reps
    ),
        series,
        groups,
    )
}

pub fn svg(results: &Results) -> Result<String, String> {
    grouped_bars(&chart(results))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile_guided::Cell;

    #[test]
    fn notes_say_what_the_ir_shows() {
        let cell = |variant, ir_changed| Cell::new(variant, vec![], Ok("x".into()), 0.0, ir_changed);
        assert!(transform_note(&cell(Variant::Polyprop, Some(false))).starts_with("no transform:"));
        assert!(transform_note(&cell(Variant::PolypropProfile, Some(false))).starts_with("no transform from the profile"));
        assert!(transform_note(&cell(Variant::PolypropProfile, Some(true))).starts_with("the profile changed the IR"));
        assert_eq!(transform_note(&cell(Variant::Naive, None)), "");
        assert!(transform_note(&cell(Variant::Polly, Some(false))).starts_with("Polly generated no code"));
        let broken = Cell { build: Err("clang failed\nmore".into()), ..cell(Variant::Polly, None) };
        assert_eq!(transform_note(&broken), "not built: clang failed");
    }
}
