//! The text of `polyprop profile report`: per nest, where it is and its share of the run, what
//! the profile found (loops with the dependences they carry, strides of the hottest accesses,
//! dependences with their distances), then the suggestions in words a programmer acts on
//! (paper 001, section 5, Table 3).

use super::analysis::{distance_text, AccessReport, DependenceReport, Distance, Legality, LoopReport, Nest, Report, SkewedAxis, Suggestion};
use super::isl_relations::{bands_text, ProfileSchedule, ScheduleOutcome};
use super::static_model::StaticComparison;
use std::fmt::Write;

/// The whole report as text.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    writeln!(out, "report of {}: {} memory-access instances", report.binary, report.access_instances).unwrap();
    if report.nests.is_empty() {
        writeln!(out, "no loop nest holds memory accesses of the profiled code").unwrap();
    }
    for nest in &report.nests {
        render_nest(&mut out, nest);
    }
    writeln!(
        out,
        "\nparallel, fuse: as far as the profile sees: it traces read-after-write dependences through\n\
         memory, not through registers (a reduction into a scalar), and no write-after-read ones.\n\
         isl schedule on the profile: isl's scheduler on those folded dependences; members numbered\n\
         outermost first, parallel ones (isl's coincident members) carry no dependence left by the\n\
         bands outside (one member of a band carrying a dependence hides the parallelism below it);\n\
         skewed members combine loop counters (t + i): isl made the band permutable by skewing.\n\
         skew and tile: i + f x t for the smallest f that makes every read-after-write distance\n\
         the profile saw non-negative (a write-after-read one may ask for more)."
    )
    .unwrap();
    out
}

fn render_nest(out: &mut String, nest: &Nest) {
    let thread = if nest.thread > 0 { format!(" (thread {})", nest.thread) } else { String::new() };
    writeln!(
        out,
        "\nnest at {}{thread}: {:.1}% of the memory-access instances ({})",
        nest.location,
        100.0 * nest.share,
        nest.access_instances
    )
    .unwrap();
    writeln!(out, "  loops:").unwrap();
    for l in &nest.loops {
        writeln!(out, "    {}{}", "  ".repeat(l.depth), loop_line(l, nest)).unwrap();
    }
    writeln!(out, "  hottest accesses, stride per loop (outermost first):").unwrap();
    for access in &nest.accesses {
        writeln!(out, "    {}", access_line(access)).unwrap();
    }
    if nest.dependences.is_empty() {
        writeln!(out, "  dependences: none seen").unwrap();
    } else {
        writeln!(out, "  dependences:").unwrap();
        for d in nest.dependences.iter().take(4) {
            writeln!(out, "    {}", dependence_line(d)).unwrap();
        }
        if nest.dependences.len() > 4 {
            writeln!(out, "    ... and {} more", nest.dependences.len() - 4).unwrap();
        }
    }
    writeln!(out, "  suggestions:").unwrap();
    if nest.suggestions.is_empty() {
        writeln!(out, "    none").unwrap();
    }
    for s in &nest.suggestions {
        writeln!(out, "    {}", suggestion_line(s)).unwrap();
    }
    if let Some(schedule) = &nest.isl_schedule {
        render_isl_schedule(out, schedule);
    }
    if let Some(comparison) = &nest.static_schedule {
        render_static_schedule(out, comparison);
    }
}

/// Two lines: the static model's band structure, then whether it agrees with the profile's.
fn render_static_schedule(out: &mut String, comparison: &StaticComparison) {
    let result = match &comparison.outcome {
        ScheduleOutcome::Bands { bands } => bands_text(bands),
        ScheduleOutcome::Failed { reason } => format!("isl: {reason}"),
    };
    writeln!(out, "  isl schedule of the static model {}: {result}", comparison.scop).unwrap();
    if comparison.differences.is_empty() {
        writeln!(out, "    agrees with the profile's: bands, members, permutability and parallel members").unwrap();
    } else {
        writeln!(out, "    differs from the profile's: {}", comparison.differences.join("; ")).unwrap();
    }
}

/// Two lines: the band structure (or why there is none), then what it was computed from.
fn render_isl_schedule(out: &mut String, schedule: &ProfileSchedule) {
    let result = match &schedule.outcome {
        ScheduleOutcome::Bands { bands } => bands_text(bands),
        ScheduleOutcome::Failed { reason } => format!("isl: {reason}"),
    };
    writeln!(out, "  isl schedule on the profile: {result}").unwrap();
    let mut from = format!(
        "    from {} of the nest's {} instructions and {} folded dependence(s)",
        schedule.instructions, schedule.nest_instructions, schedule.dependences
    );
    if schedule.non_affine_dependences > 0 {
        write!(from, "; left out: {} dependence(s) with a non-affine (top) label", schedule.non_affine_dependences).unwrap();
    }
    if schedule.other_left_out_dependences > 0 {
        write!(from, "; left out: {} dependence(s) of instructions not scheduled or too many pieces", schedule.other_left_out_dependences).unwrap();
    }
    writeln!(out, "{from}").unwrap();
}

fn loop_line(l: &LoopReport, nest: &Nest) -> String {
    let status = if l.parallel {
        "parallel".to_string()
    } else if l.carries.is_empty() {
        "runs once per entry".to_string()
    } else {
        let hottest = &nest.dependences[l.carries[0]];
        format!("carries {} dependence(s), e.g. {} -> {}", l.carries.len(), hottest.source, hottest.sink)
    };
    format!("loop at {}: {} iterations in {} entries; {status}", l.location, l.iterations, l.entries)
}

fn access_line(access: &AccessReport) -> String {
    let strides: Vec<String> = access
        .strides
        .iter()
        .map(|s| {
            let text = match s.bytes {
                Some(0) => "invariant".to_string(),
                Some(b) if b.unsigned_abs() == access.size as u64 => format!("{b:+} B (stride-1)"),
                Some(b) => format!("{b:+} B"),
                None => "not affine".to_string(),
            };
            format!("{} {text}", s.loop_location)
        })
        .collect();
    format!("{:<5} {} x{}: {}", access.kind, access.location, access.instances, strides.join(", "))
}

fn dependence_line(d: &DependenceReport) -> String {
    let carried = match &d.carried_by {
        Some(l) => format!("carried by loop at {l}"),
        None => "loop-independent".to_string(),
    };
    format!("{} {} -> {}: {carried}, distance {} x{}", d.kind, d.source, d.sink, distance_text(&d.distance), d.instances)
}

fn suggestion_line(suggestion: &Suggestion) -> String {
    match suggestion {
        Suggestion::Interchange {
            outer_loop,
            inner_loop,
            access,
            stride_after,
            unit_stride,
            improved_instances,
            worsened_instances,
            legality,
            dependence,
        } => {
            let becomes = if *unit_stride { "stride-1".to_string() } else { format!("stride {stride_after:+} B") };
            let weight = format!("({improved_instances} access instances walk a smaller stride, {worsened_instances} a larger one)");
            let because = dependence.as_deref().unwrap_or("?");
            match legality {
                Legality::Legal => format!("interchange loops at {outer_loop} and {inner_loop}: the inner access at {access} becomes {becomes} {weight}"),
                Legality::NotProven => format!(
                    "interchange loops at {outer_loop} and {inner_loop}: the inner access at {access} becomes {becomes} {weight}; not proven legal: dependence {because}"
                ),
                Legality::Illegal => format!(
                    "no interchange of loops at {outer_loop} and {inner_loop} (the inner access at {access} would become {becomes}): illegal, dependence {because} would run backwards"
                ),
            }
        }
        Suggestion::Parallel { loop_location, outermost: true } => format!("loop at {loop_location} is parallel: run its iterations on threads"),
        Suggestion::Parallel { loop_location, outermost: false } => format!("loop at {loop_location} is parallel"),
        Suggestion::NoParallelLoop { source, sink, carried_by, distance } => {
            format!("no parallel loop: dependence from {source} to {sink} carried by loop {carried_by} (distance {distance})")
        }
        Suggestion::Fuse { first_loop, second_loop, instances, distance, legality } => {
            fuse_line(first_loop, second_loop, *instances, *distance, *legality)
        }
        Suggestion::SkewAndTile { time_loop, axes, legality, dependence, isl_skews } => {
            skew_line(time_loop, axes, *legality, dependence.as_deref(), *isl_skews)
        }
    }
}

/// `loop at k.c:12`, or `loops at k.c:12 and k.c:14 (fused, the loop at k.c:14 1 iteration
/// behind)` for sibling loops at one depth.
fn loops_text(axis: &SkewedAxis) -> String {
    match &axis.loops[..] {
        [one] => format!("loop at {one}"),
        loops => {
            let behind: Vec<String> = loops
                .iter()
                .zip(&axis.shifts)
                .filter(|(_, &shift)| shift != 0)
                .map(|(l, shift)| format!("the loop at {l} {shift} iteration(s) behind"))
                .collect();
            let behind = if behind.is_empty() { String::new() } else { format!(", {}", and_list(&behind)) };
            format!("loops at {} (fused{behind})", and_list(loops))
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The time tiling in words: which loops to skew by how many times the time loop's counter,
/// then which to tile, and the dependence that asks for it.
fn skew_line(time_loop: &str, axes: &[SkewedAxis], legality: Legality, dependence: Option<&str>, isl_skews: bool) -> String {
    let skews: Vec<String> = axes
        .iter()
        .filter_map(|axis| match axis.factor {
            Some(0) => None,
            Some(f) => Some(format!("{} by {f} x t", loops_text(axis))),
            None => Some(format!("{} by a multiple of t", loops_text(axis))),
        })
        .collect();
    let mut tiled = vec![time_loop.to_string()];
    tiled.extend(axes.iter().flat_map(|axis| axis.loops.iter().cloned()));
    let head = format!(
        "skew {}, t the counter of the loop at {time_loop}, and tile the loops at {} (time tiling)",
        and_list(&skews),
        and_list(&tiled)
    );
    let isl = if isl_skews { "; isl's schedule of the profile skews them too" } else { "" };
    let because = dependence.unwrap_or("?");
    match legality {
        Legality::Legal => format!(
            "{head}: dependence {because} makes plain tiles illegal; skewed, every distance the profile saw is non-negative{isl}"
        ),
        _ => format!("{head}: isl's schedule of the profile combines the counters; not proven legal: dependence {because}"),
    }
}

/// The fusion in words; the distance is the second loop's iteration minus the first's.
fn fuse_line(first: &str, second: &str, instances: u64, distance: Distance, legality: Legality) -> String {
    let reads = format!("the second reads what the first wrote ({instances} access instances)");
    let at = distance_text(&[distance]);
    match legality {
        Legality::Legal if distance.max == Some(0) => format!("fuse loops at {first} and {second}: {reads}, at the same iteration"),
        Legality::Legal => format!("fuse loops at {first} and {second}: {reads}, at distance {at}: written {at} iteration(s) earlier"),
        Legality::NotProven => format!("fuse loops at {first} and {second}: {reads}; not proven legal: distance {at}"),
        Legality::Illegal => format!(
            "no fusion of loops at {first} and {second}: illegal, the second reads what the first writes at a later iteration (distance {at}, {instances} access instances)"
        ),
    }
}
