//! Static counts per pipeline as paper 003's Table 1 has them (arrays, loops,
//! statements, accesses), before and after the transform, read from the
//! plugin's model printer:
//!
//! ```text
//! opt -load-pass-plugin libpolyprop.so -passes='print<polyprop-scops>' -disable-output x.ll
//! ```
//!
//! The printer is expected to print, for every SCoP, summary lines of the form
//! `arrays: N`, `loops: N`, `statements: N`, `accesses: N` (leading
//! whitespace, `:` or `=`, and case are free); the counts of all SCoPs of the
//! pipeline function are summed. When the plugin or the printer is missing, or
//! it prints no such line, the result says "not yet" with the reason: a count
//! is never guessed.

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
    fn is_empty(&self) -> bool {
        self.arrays.is_none() && self.loops.is_none() && self.statements.is_none() && self.accesses.is_none()
    }

    /// `arrays/loops/statements/accesses`, `-` for a missing count.
    pub fn show(&self) -> String {
        let f = |c: Option<u64>| c.map_or("-".to_string(), |v| v.to_string());
        format!("{}/{}/{}/{}", f(self.arrays), f(self.loops), f(self.statements), f(self.accesses))
    }
}

/// Counts, or why there are none yet.
pub type CountsResult = Result<Counts, String>;

/// Sums the summary lines of `printer_output` (see the module docs).
pub fn parse_counts(printer_output: &str) -> Option<Counts> {
    let mut counts = Counts::default();
    for line in printer_output.lines() {
        let line = line.trim().to_ascii_lowercase();
        let Some(split) = line.find([':', '=']) else { continue };
        let (key, rest) = (line[..split].trim(), line[split + 1..].trim());
        let Ok(value) = rest.split_whitespace().next().unwrap_or("").parse::<u64>() else { continue };
        let slot = match key {
            "arrays" => &mut counts.arrays,
            "loops" => &mut counts.loops,
            "statements" => &mut counts.statements,
            "accesses" => &mut counts.accesses,
            _ => continue,
        };
        *slot = Some(slot.unwrap_or(0) + value);
    }
    (!counts.is_empty()).then_some(counts)
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

    #[test]
    fn sums_summary_lines_over_scops() {
        let text = "SCoP 1 in pipeline_x\n  arrays: 3\n  loops: 4\n  Statements = 2\n  accesses: 10 (5 reads)\n\
                    SCoP 2\n  arrays: 1\n  loops: 2\n  statements: 1\n  accesses: 3\n";
        let c = parse_counts(text).unwrap();
        assert_eq!(c, Counts { arrays: Some(4), loops: Some(6), statements: Some(3), accesses: Some(13) });
        assert_eq!(c.show(), "4/6/3/13");
    }

    #[test]
    fn no_summary_means_none() {
        assert_eq!(parse_counts("Stmt_S0: { S0[i] : 0 <= i < n }\narrays-of-stuff\n"), None);
        let partial = parse_counts("loops: 2\n").unwrap();
        assert_eq!(partial.show(), "-/2/-/-");
    }

    #[test]
    fn missing_plugin_is_not_yet() {
        let r = count(Path::new("opt"), Path::new("/nonexistent/libpolyprop.so"), "print<polyprop-scops>", Path::new("x.ll"));
        assert!(r.unwrap_err().starts_with("not yet"));
    }
}
