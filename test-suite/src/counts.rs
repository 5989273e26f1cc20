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
//! - arrays: `array` lines (scalars and invariants are not arrays, as in
//!   Table 1, which counts parametric-sized arrays);
//! - statements: one `domain:` line per statement;
//! - accesses: `read:` and `write:` lines (scalar accesses included);
//! - loops: the distinct loops of the schedules. A statement's schedule
//!   `{ S[i0, i1] -> [0, i0, 1, i1, 0] }` has a loop at every non-constant
//!   position; two statements share that loop when every earlier constant
//!   position agrees (the usual 2d+1 form).
//!
//! When the plugin is missing or the printer fails or prints no model, the
//! result says "not yet" with the reason: a count is never guessed.

use std::path::Path;
use std::process::Command;

/// The four counts of Table 1 (each `None` when the printer omits it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// Counts the model printed by `print<polyprop-scops>` (see the module docs).
pub fn parse_counts(printer_output: &str) -> Option<Counts> {
    let (mut arrays, mut statements, mut accesses) = (0, 0, 0);
    let mut scops = 0;
    let mut loops = std::collections::BTreeSet::new();
    for line in printer_output.lines() {
        let t = line.trim_start();
        if t.starts_with("polyprop-scops:") {
            scops += 1;
        } else if t.starts_with("array ") {
            arrays += 1;
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
        arrays: Some(arrays),
        loops: Some(loops.len() as u64),
        statements: Some(statements),
        accesses: Some(accesses),
    })
}

/// Runs `opt` with the plugin and `passes` on `ir` and parses the output.
pub fn count(opt: &Path, plugin: &Path, passes: &str, ir: &Path) -> CountsResult {
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
    parse_counts(&text).ok_or_else(|| format!("not yet: `{passes}` printed no arrays/loops/statements/accesses lines"))
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
        assert_eq!(parse_counts(&twice).unwrap().show(), "4/8/8/12");
    }

    #[test]
    fn no_model_means_none() {
        assert_eq!(parse_counts("polyprop-detect: function f\n  rejected function body: several exits\n"), None);
    }

    #[test]
    fn missing_plugin_is_not_yet() {
        let r = count(Path::new("opt"), Path::new("/nonexistent/libpolyprop.so"), "print<polyprop-scops>", Path::new("x.ll"));
        assert!(r.unwrap_err().starts_with("not yet"));
    }
}
