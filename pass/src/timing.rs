//! `print=time`: the wall time of each stage of the transform, per SCoP, as LLVM's
//! `-time-passes` does for passes. A user sees where compile time goes (detection and model,
//! propagation, the isl AST, code generation) without a profiler.
//!
//! The clock is thread-local: the driver [`take`]s what the stages of one SCoP recorded.

use std::cell::RefCell;
use std::time::{Duration, Instant};

thread_local! {
    static STAGES: RefCell<Vec<(&'static str, Duration)>> = const { RefCell::new(Vec::new()) };
}

/// Runs `work` and records its wall time under `stage` (times of one stage add up).
pub fn stage<T>(stage: &'static str, work: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = work();
    let spent = start.elapsed();
    STAGES.with(|stages| {
        let mut stages = stages.borrow_mut();
        match stages.iter_mut().find(|(name, _)| *name == stage) {
            Some((_, total)) => *total += spent,
            None => stages.push((stage, spent)),
        }
    });
    result
}

/// The stages recorded since the last call, in the order they first ran; clears them.
pub fn take() -> Vec<(&'static str, Duration)> {
    STAGES.with(|stages| std::mem::take(&mut *stages.borrow_mut()))
}

/// `polyprop-time: function F, D: detect and model 0.012 s, propagation 1.250 s, ...`.
pub fn line(function: &str, description: &str, stages: &[(&'static str, Duration)]) -> String {
    let parts: Vec<String> = stages.iter().map(|(name, spent)| format!("{name} {:.3} s", spent.as_secs_f64())).collect();
    format!("polyprop-time: function {function}, {description}: {}\n", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_add_up_and_keep_their_order() {
        take();
        stage("b", || std::thread::sleep(Duration::from_millis(2)));
        stage("a", || ());
        stage("b", || std::thread::sleep(Duration::from_millis(2)));
        let stages = take();
        assert_eq!(stages.iter().map(|(n, _)| *n).collect::<Vec<_>>(), ["b", "a"]);
        assert!(stages[0].1 >= Duration::from_millis(4));
        assert!(take().is_empty());
        assert!(line("f", "whole", &stages).starts_with("polyprop-time: function f, whole: b 0.0"));
    }
}
