//! The stacks of the flame graph: where each instruction stream of the profile ran, as a path
//! from the program through its dynamic loop tree (paper 001, section 5: the feedback's flame
//! graph of loops), weighted by the stream's memory-access instances.
//!
//! A stream's path is its context's live loops, outermost first, with a function frame before
//! each loop whose function differs from the previous loop's (the call structure the contexts
//! give, seen at its loops), then the function of the instruction itself when that is another
//! one (a call out of the innermost loop), and a thread frame first when the run had several.
//! A loop's colour is the report's verdict on it in the nest it belongs to (the thread and
//! outermost loop of its context): interchange, else skewing and tiling in time, else fusion
//! with its neighbour, else parallel, else carries a dependence;
//! loops outside the reported nests, or with no suggestion, get none. A verdict the colour
//! does not show is said in the label: `k.c:10 (also parallel)`.
//!
//! Function names come from the binary's symbol table (by run-time address: loops' function
//! entries and instruction addresses); without them a loop's function is its entry address and
//! an instruction's function is left out.

use super::layout::{Frame, FrameClass, Stack};
use crate::profile_report::analysis::{Legality, LoopReport, Names, Nest, Report, Suggestion};
use runtime::profile::Profile;
use std::collections::HashMap;

/// The verdicts on a loop, the colour's first, keyed by (thread, outermost loop of its nest,
/// loop).
type LoopClasses = HashMap<(u32, u32, u32), Vec<FrameClass>>;

/// The weighted stacks of every instruction stream with instances; `functions` maps run-time
/// addresses to function names.
pub fn stacks(profile: &Profile, report: &Report, names: &Names, functions: &HashMap<u64, String>) -> Vec<Stack> {
    let classes = loop_classes(report);
    let loop_functions: HashMap<u32, u64> = profile.loops.iter().map(|l| (l.id, l.function)).collect();
    let threaded = profile.contexts.iter().any(|c| c.thread > 0);
    let root = Frame { label: program_label(&profile.binary), class: FrameClass::Context };
    profile
        .instructions
        .iter()
        .filter(|record| record.count > 0)
        .map(|record| {
            let context = profile.context(record.context);
            let thread = context.map_or(0, |c| c.thread);
            let chain = context.map_or(&[][..], |c| &c.loops[..]);
            let mut frames = vec![root.clone()];
            if threaded {
                frames.push(Frame { label: format!("thread {thread}"), class: FrameClass::Context });
            }
            let (loops, last_function) = loop_frames(&loop_functions, names, functions, &classes, thread, chain);
            frames.extend(loops);
            if let Some(function) = functions.get(&record.pc).filter(|&f| Some(f) != last_function.as_ref()) {
                frames.push(Frame { label: function.clone(), class: FrameClass::Context });
            }
            Stack { frames, instances: record.count }
        })
        .collect()
}

/// The frames of a loop chain (each loop, after its function's frame where the function
/// changes) and the label of the last function frame; `loop_functions` gives each loop's
/// function entry.
fn loop_frames(
    loop_functions: &HashMap<u32, u64>,
    names: &Names,
    functions: &HashMap<u64, String>,
    classes: &LoopClasses,
    thread: u32,
    chain: &[u32],
) -> (Vec<Frame>, Option<String>) {
    let mut frames = Vec::new();
    let mut current_function = None;
    let mut function_label = None;
    for &id in chain {
        if let Some(&function) = loop_functions.get(&id) {
            if current_function != Some(function) {
                let label = functions.get(&function).cloned().unwrap_or_else(|| format!("function at {function:#x}"));
                frames.push(Frame { label: label.clone(), class: FrameClass::Context });
                current_function = Some(function);
                function_label = Some(label);
            }
        }
        frames.push(loop_frame(names.of_loop(id), classes.get(&(thread, chain[0], id))));
    }
    (frames, function_label)
}

/// A loop's frame: coloured by its first verdict, the others in words.
fn loop_frame(location: String, verdicts: Option<&Vec<FrameClass>>) -> Frame {
    let verdicts = verdicts.map_or(&[][..], |v| &v[..]);
    let Some((&class, others)) = verdicts.split_first() else {
        return Frame { label: location, class: FrameClass::NoSuggestion };
    };
    let words: Vec<&str> = others
        .iter()
        .map(|c| match c {
            FrameClass::Parallel => "parallel",
            FrameClass::Dependence => "carries a dependence",
            FrameClass::Fuse => "fusion",
            FrameClass::SkewAndTile => "skew and tile",
            _ => "interchange",
        })
        .collect();
    let label = if words.is_empty() { location } else { format!("{location} (also {})", words.join(", ")) };
    Frame { label, class }
}

/// `dir/app` as `app`.
fn program_label(binary: &str) -> String {
    binary.rsplit('/').next().filter(|name| !name.is_empty()).unwrap_or("program").to_string()
}

/// The colour of every loop of the reported nests.
fn loop_classes(report: &Report) -> LoopClasses {
    let mut classes = HashMap::new();
    for nest in &report.nests {
        let Some(root) = nest.loops.iter().find(|l| l.depth == 0) else { continue };
        for l in &nest.loops {
            classes.insert((nest.thread, root.id, l.id), verdicts(nest, l));
        }
    }
    classes
}

/// What the report says of loop `l`: interchange first (it changes the nest most), then
/// skewing and tiling in time (the time loop and the loops skewed), then fusion (it changes
/// the nest's neighbours), then parallel, then a carried dependence.
fn verdicts(nest: &Nest, l: &LoopReport) -> Vec<FrameClass> {
    let interchanged = nest.suggestions.iter().any(|s| match s {
        Suggestion::Interchange { outer_loop, inner_loop, legality, .. } => {
            *legality != Legality::Illegal && (*outer_loop == l.location || *inner_loop == l.location)
        }
        _ => false,
    });
    let fused = nest.suggestions.iter().any(|s| match s {
        Suggestion::Fuse { first_loop, second_loop, legality, .. } => {
            *legality != Legality::Illegal && (*first_loop == l.location || *second_loop == l.location)
        }
        _ => false,
    });
    let skewed = nest.suggestions.iter().any(|s| match s {
        Suggestion::SkewAndTile { time_loop, axes, legality, .. } => {
            *legality != Legality::Illegal && (*time_loop == l.location || axes.iter().any(|a| a.loops.contains(&l.location)))
        }
        _ => false,
    });
    let parallel = nest.suggestions.iter().any(|s| matches!(s, Suggestion::Parallel { loop_location, .. } if *loop_location == l.location));
    [
        (interchanged, FrameClass::Interchange),
        (skewed, FrameClass::SkewAndTile),
        (fused, FrameClass::Fuse),
        (parallel, FrameClass::Parallel),
        (!l.carries.is_empty(), FrameClass::Dependence),
    ]
    .into_iter()
    .filter_map(|(holds, class)| holds.then_some(class))
    .collect()
}
