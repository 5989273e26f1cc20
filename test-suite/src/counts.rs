//! Static counts per pipeline as paper 003's Table 1 has them (arrays, loops,
//! statements, accesses), before and after the transform, read from the
//! plugin's model printer:
//!
//! ```text
//! opt -load-pass-plugin libpolyprop.so -passes='print<polyprop-scops>' -disable-output x.ll
//! ```
//!
//! The counts are taken from the printed model of every SCoP of the function
//! (summed over SCoPs):
//! - arrays: distinct names of `array` lines (scalars and invariants are not
//!   arrays, as in Table 1, which counts parametric-sized arrays; an array in
//!   several SCoPs counts once, so the IR should carry debug names: `-g`);
//! - statements: one `domain:` line per statement;
//! - accesses: `read:` and `write:` lines (scalar accesses included);
//! - loops: the distinct loops of the schedules. A statement's schedule
//!   `{ S[i0, i1] -> [0, i0, 1, i1, 0] }` has a loop at every non-constant
//!   position; two statements share that loop when every earlier constant
//!   position agrees (the usual 2d+1 form).
//!
//! After the transform, the original function stays as the fallback and the
//! transformed code is a generated function `NAME.polyprop`: the after-counts
//! are that function's (see [`transformed_sections`]), modeled after the
//! canonicalization again.
//!
//! When the plugin is missing or the printer fails or prints no model, the
//! result says "not yet" with the reason: a count is never guessed.

use std::path::Path;
use std::process::Command;

/// The four counts of Table 1 (each `None` when the printer omits it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    pub arrays: Option<u64>,
    pub loops: Option<u64>,
    pub statements: Option<u64>,
    pub accesses: Option<u64>,
}

impl Counts {
    /// `arrays/loops/statements/accesses`, `-` for a missing count.
    pub fn show(&self) -> String {
        let f = |c: Option<u64>| c.map_or("-".to_string(), |v| v.to_string());
        format!("{}/{}/{}/{}", f(self.arrays), f(self.loops), f(self.statements), f(self.accesses))
    }
}

/// Counts, or why there are none yet.
pub type CountsResult = Result<Counts, String>;

/// The range tuple of a schedule line: `[0, i0, 0]` of `... -> [0, i0, 0] }`.
fn schedule_range(line: &str) -> Option<Vec<String>> {
    let open = line.rfind('[')?;
    let close = open + line[open..].find(']')?;
    Some(line[open + 1..close].split(',').map(|e| e.trim().to_string()).collect())
}

/// The loops of one schedule range: for each non-constant position, the
/// constants before it (`*` marks earlier loop positions).
fn loop_keys(range: &[String]) -> Vec<Vec<String>> {
    let mut keys = Vec::new();
    for (k, e) in range.iter().enumerate() {
        if e.parse::<i64>().is_err() {
            keys.push(range[..=k].iter().map(|e| if e.parse::<i64>().is_ok() { e.clone() } else { "*".into() }).collect());
        }
    }
    keys
}

/// The printer output restricted to the transformed code: when the transform
/// generated a function (`NAME.polyprop`, the original staying as the
/// fallback), only that function's SCoPs; otherwise everything.
pub fn transformed_sections(printer_output: &str) -> String {
    let generated = |header: &str| {
        header.strip_prefix("polyprop-scops: function ").and_then(|r| r.split(',').next()).is_some_and(|f| f.ends_with(".polyprop"))
    };
    if !printer_output.lines().any(generated) {
        return printer_output.to_string();
    }
    let mut keep = false;
    let mut out = String::new();
    for line in printer_output.lines() {
        if line.starts_with("polyprop-") {
            keep = generated(line);
        }
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Counts the model printed by `print<polyprop-scops>` (see the module docs).
pub fn parse_counts(printer_output: &str) -> Option<Counts> {
    let (mut statements, mut accesses) = (0, 0);
    let mut arrays = std::collections::BTreeSet::new();
    let mut scops = 0;
    let mut loops = std::collections::BTreeSet::new();
    for line in printer_output.lines() {
        let t = line.trim_start();
        if t.starts_with("polyprop-scops:") {
            scops += 1;
        } else if let Some(rest) = t.strip_prefix("array ") {
            arrays.insert(rest.split(['[', ':']).next().unwrap_or(rest).trim().to_string());
        } else if t.starts_with("domain:") {
            statements += 1;
        } else if t.starts_with("read:") || t.starts_with("write:") {
            accesses += 1;
        } else if t.starts_with("schedule:") {
            for key in schedule_range(t).map(|r| loop_keys(&r)).unwrap_or_default() {
                loops.insert((scops, key));
            }
        }
    }
    (statements > 0).then_some(Counts {
        arrays: Some(arrays.len() as u64),
        loops: Some(loops.len() as u64),
        statements: Some(statements),
        accesses: Some(accesses),
    })
}

/// What `print<polyprop-propagation>` plans for a pipeline (the model only:
/// no code is changed): of the locations it lists (`#k NAME (temporary): ...`),
/// how many get their writes removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PropagationPlan {
    pub removed: u64,
    pub listed: u64,
    /// Memory arrays some statement still accesses after propagation (`  arrays: N before
    /// propagation, M after: ..`), summed over the SCoPs.
    pub arrays_after: Option<u64>,
}

impl PropagationPlan {
    pub fn show(&self) -> String {
        format!("removes {} of {} listed locations", self.removed, self.listed)
    }
}

/// The passes that print the propagation plan.
pub const PROPAGATION_PASSES: &str = "polyprop-canonicalize,print<polyprop-propagation>";

/// Parses the output of `print<polyprop-propagation>`.
pub fn parse_propagation(printer_output: &str) -> Option<PropagationPlan> {
    let mut plan = PropagationPlan { removed: 0, listed: 0, arrays_after: None };
    for line in printer_output.lines() {
        let t = line.trim_start();
        if let Some(after) = arrays_after(t) {
            plan.arrays_after = Some(plan.arrays_after.unwrap_or(0) + after);
            continue;
        }
        let numbered = t.strip_prefix('#').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        if !numbered {
            continue;
        }
        plan.listed += 1;
        if t.contains("removed writes") && !t.contains("removed writes none") {
            plan.removed += 1;
        }
    }
    (plan.listed > 0).then_some(plan)
}

/// M of `arrays: N before propagation, M after: NAMES`.
fn arrays_after(line: &str) -> Option<u64> {
    let rest = line.strip_prefix("arrays: ")?;
    let (_, after) = rest.split_once(" before propagation, ")?;
    after.split(' ').next()?.parse().ok()
}

/// The counts after the transform with the number of arrays the propagation plan leaves.
/// A model of the generated code built again counts arrays by name, summed over its SCoPs:
/// where that code is not one SCoP (pyramid blending's delinearization assumption does not
/// hold for it), the arrays of the nests left out are not counted.
pub fn with_arrays_of_plan(after: CountsResult, plan: &Result<PropagationPlan, String>) -> CountsResult {
    let arrays = plan.as_ref().ok().and_then(|p| p.arrays_after);
    after.map(|c| Counts { arrays: arrays.or(c.arrays), ..c })
}

/// Runs `opt` with the plugin and `passes` on `ir`: its output, or why not.
fn run_printer(opt: &Path, plugin: &Path, passes: &str, ir: &Path) -> Result<String, String> {
    if !plugin.exists() {
        return Err(format!("not yet: no plugin at {}", plugin.display()));
    }
    let output = Command::new(opt)
        .arg("-load-pass-plugin")
        .arg(plugin)
        .arg(format!("-passes={passes}"))
        .arg("-disable-output")
        .arg(ir)
        .output()
        .map_err(|e| format!("not yet: cannot run opt: {e}"))?;
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    if !output.status.success() {
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").to_string();
        return Err(format!("not yet: `{passes}` failed: {first}"));
    }
    Ok(text)
}

/// The propagation plan of the pipeline in `ir`.
pub fn propagation_plan(opt: &Path, plugin: &Path, ir: &Path) -> Result<PropagationPlan, String> {
    let text = run_printer(opt, plugin, PROPAGATION_PASSES, ir)?;
    parse_propagation(&text).ok_or_else(|| "not yet: the propagation printer listed no location".to_string())
}

/// Runs `opt` with the plugin and `passes` on `ir` and parses the output
/// (of the generated function only, when there is one).
pub fn count(opt: &Path, plugin: &Path, passes: &str, ir: &Path) -> CountsResult {
    let text = run_printer(opt, plugin, passes, ir)?;
    parse_counts(&transformed_sections(&text)).ok_or_else(|| format!("not yet: `{passes}` printed no model"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: &str = "\
polyprop-scops: function f, function body
  arrays:
    array A[*][p0]: f32 temporary
    array B[*][p0]: f32 live-out
    scalar s_0: f32 temporary
  statements:
    S0
      domain: [p0] -> { S0[i0, i1] : 0 <= i0 < p0 and 0 <= i1 < p0 }
      schedule: [p0] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
      write: [p0] -> { S0[i0, i1] -> A[i0, i1] }
    S1
      domain: [p0] -> { S1[] }
      schedule: [p0] -> { S1[] -> [1, 0, 0, 0, 0] }
      write: [p0] -> { S1[] -> s_0[] }
    S2
      domain: [p0] -> { S2[i0, i1] : 0 <= i0 < p0 and 0 <= i1 < p0 }
      schedule: [p0] -> { S2[i0, i1] -> [2, i0, 0, i1, 0] }
      write: [p0] -> { S2[i0, i1] -> B[i0, i1] }
      read: [p0] -> { S2[i0, i1] -> A[i0, i1] }
      read: [p0] -> { S2[i0, i1] -> s_0[] }
    S3
      domain: [p0] -> { S3[i0, i1] : 0 <= i0 < p0 and 0 <= i1 < p0 }
      schedule: [p0] -> { S3[i0, i1] -> [2, i0, 0, i1, 1] }
      write: [p0] -> { S3[i0, i1] -> B[i0, i1] }
";

    #[test]
    fn counts_arrays_statements_accesses_and_shared_loops() {
        let c = parse_counts(MODEL).unwrap();
        // S0 has 2 loops, S2 and S3 share their 2 loops, S1 has none.
        assert_eq!(c, Counts { arrays: Some(2), loops: Some(4), statements: Some(4), accesses: Some(6) });
        assert_eq!(c.show(), "2/4/4/6");
    }

    #[test]
    fn sums_over_scops_without_sharing_loops_between_them() {
        let twice = format!("{MODEL}{MODEL}");
        // The same two arrays in both SCoPs count once.
        assert_eq!(parse_counts(&twice).unwrap().show(), "2/8/8/12");
    }

    #[test]
    fn after_a_transform_only_the_generated_function_counts() {
        let generated = MODEL.replace("function f,", "function f.polyprop,");
        let text = format!("{MODEL}polyprop-detect: function f.polyprop\n{generated}");
        let only = transformed_sections(&text);
        assert!(only.starts_with("polyprop-scops: function f.polyprop"));
        assert_eq!(parse_counts(&only), parse_counts(MODEL));
        assert_eq!(transformed_sections(MODEL), MODEL);
    }

    #[test]
    fn no_model_means_none() {
        assert_eq!(parse_counts("polyprop-detect: function f\n  rejected function body: several exits\n"), None);
    }

    #[test]
    fn propagation_plan_counts_removed_writes() {
        let text = "polyprop-propagation: function f, function body\n\
            propagation (cache line 8 elements, limit 32 lines per iteration):\n\
            \x20 #0 blurx (temporary): propagated 5 RAW dependences into S1; split into none; removed writes S0; 6/32 cache lines\n\
            \x20 #1 blury (temporary): refused: 40/32 cache lines; removed writes none\n";
        assert_eq!(parse_propagation(text), Some(PropagationPlan { removed: 1, listed: 2, arrays_after: None }));
        let with_arrays = format!("{text}  arrays: 4 before propagation, 3 after: in, blury, out\n");
        let plan = parse_propagation(&with_arrays);
        assert_eq!(plan, Some(PropagationPlan { removed: 1, listed: 2, arrays_after: Some(3) }));
        let remodeled = parse_counts(MODEL).ok_or("none".to_string());
        let after = with_arrays_of_plan(remodeled.clone(), &plan.ok_or("none".to_string())).unwrap();
        assert_eq!((after.arrays, after.statements), (Some(3), remodeled.unwrap().statements));
        let folded = format!("{text}  arrays: 5 before propagation, 3 after: in, blury, out; constants read at fixed elements: m\n");
        assert_eq!(parse_propagation(&folded).and_then(|p| p.arrays_after), Some(3));
        let buffered = format!("{text}  arrays: 5 before propagation, 2 after: in, out; line buffers of constant size: blurx (80 elements)\n");
        assert_eq!(parse_propagation(&buffered).and_then(|p| p.arrays_after), Some(2));
        assert_eq!(parse_propagation("polyprop-propagation: function f\n"), None);
    }

    #[test]
    fn missing_plugin_is_not_yet() {
        let r = count(Path::new("opt"), Path::new("/nonexistent/libpolyprop.so"), "print<polyprop-scops>", Path::new("x.ll"));
        assert!(r.unwrap_err().starts_with("not yet"));
    }
}
