//! Running one driver binary and reading what it prints (see
//! `test-suite/driver/driver.c` for the line format).

use crate::pipelines::Size;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// What one driver process reported.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DriverReport {
    /// `time_ms:` lines, in call order (the first call is the warm-up).
    pub times_ms: Vec<f64>,
    pub timer_overhead_ns: f64,
    /// Max RSS before the first call (inputs and output allocated).
    pub baseline_rss_kb: u64,
    /// Max RSS at exit.
    pub max_rss_kb: u64,
    pub checksum: String,
    /// `R C` as the driver used them.
    pub size: (u64, u64),
    /// Wall time of the whole process, measured by the harness.
    pub process_wall_ms: f64,
}

impl DriverReport {
    /// The timed calls after the warm-up.
    pub fn measured(&self) -> &[f64] {
        if self.times_ms.len() > 1 {
            &self.times_ms[1..]
        } else {
            &self.times_ms
        }
    }

    /// Process time not spent in timed calls: start-up, input generation,
    /// checksum and output writing (the harness's own overhead per run).
    pub fn overhead_ms(&self) -> f64 {
        self.process_wall_ms - self.times_ms.iter().sum::<f64>()
    }
}

/// Parses the driver's standard output.
pub fn parse_report(text: &str) -> Result<DriverReport, String> {
    let mut r = DriverReport::default();
    for line in text.lines() {
        let Some((key, value)) = line.split_once(':') else { continue };
        let value = value.trim();
        let number = || value.parse::<f64>().map_err(|e| format!("bad `{line}`: {e}"));
        match key {
            "time_ms" => r.times_ms.push(number()?),
            "timer_overhead_ns" => r.timer_overhead_ns = number()?,
            "baseline_rss_kb" => r.baseline_rss_kb = number()? as u64,
            "max_rss_kb" => r.max_rss_kb = number()? as u64,
            "checksum" => r.checksum = value.to_string(),
            "size" => {
                let mut it = value.split_whitespace().map(|v| v.parse::<u64>());
                match (it.next(), it.next()) {
                    (Some(Ok(a)), Some(Ok(b))) => r.size = (a, b),
                    _ => return Err(format!("bad `{line}`")),
                }
            }
            _ => {}
        }
    }
    if r.times_ms.is_empty() || r.checksum.is_empty() {
        return Err(format!("driver printed no time or checksum:\n{text}"));
    }
    Ok(r)
}

/// glibc's tunables that keep freed memory in the process: no allocation is mapped apart
/// (and unmapped when freed), the heap is never trimmed. 4 GB: above any pipeline's temporary.
pub const KEEP_FREED_MEMORY: [(&str, &str); 2] = [("MALLOC_MMAP_THRESHOLD_", "4000000000"), ("MALLOC_TRIM_THRESHOLD_", "4000000000")];

/// How to run a driver.
#[derive(Clone, Debug)]
pub struct RunRequest<'a> {
    pub size: Size,
    /// Calls per process, the first being the warm-up.
    pub calls: u32,
    /// Write the output buffer here.
    pub output: Option<&'a Path>,
    /// `OMP_NUM_THREADS`, when set.
    pub threads: Option<u32>,
    /// Keep freed memory in the process (`KEEP_FREED_MEMORY`).
    pub keep_freed_memory: bool,
    /// Kill the process after this long (a miscompiled pipeline may not end).
    pub timeout: Duration,
}

/// Waits for `child` at most `timeout`; kills it then. Returns its output.
pub fn wait_with_timeout(mut child: Child, timeout: Duration) -> Result<Output, String> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => return child.wait_with_output().map_err(|e| e.to_string()),
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("timed out after {} s", timeout.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(e.to_string()),
        }
    }
}

/// Runs `binary` once and parses its report.
pub fn run(binary: &Path, request: &RunRequest) -> Result<DriverReport, String> {
    let mut cmd = Command::new(binary);
    cmd.args(["--size", request.size.name(), "--reps", &request.calls.to_string()]);
    if let Some(out) = request.output {
        cmd.arg("--out").arg(out);
    }
    if let Some(t) = request.threads {
        cmd.env("OMP_NUM_THREADS", t.to_string());
    }
    if request.keep_freed_memory {
        cmd.envs(KEEP_FREED_MEMORY);
    }
    let start = Instant::now();
    let child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    let output = wait_with_timeout(child, request.timeout)?;
    let wall = start.elapsed().as_secs_f64() * 1e3;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!("{} failed ({}): {}", binary.display(), output.status, stderr.lines().last().unwrap_or("")));
    }
    let mut report = parse_report(&String::from_utf8_lossy(&output.stdout))?;
    report.process_wall_ms = wall;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "pipeline: harris\nsize: 64 80\ntimer_overhead_ns: 21.5\n\
        baseline_rss_kb: 2040\ntime_ms: 0.159\ntime_ms: 0.120\nmax_rss_kb: 2168\n\
        checksum: 60a004c9844c93ad\n";

    #[test]
    fn parses_every_field() {
        let r = parse_report(SAMPLE).unwrap();
        assert_eq!(r.times_ms, [0.159, 0.120]);
        assert_eq!(r.measured(), [0.120]);
        assert_eq!((r.baseline_rss_kb, r.max_rss_kb), (2040, 2168));
        assert_eq!(r.checksum, "60a004c9844c93ad");
        assert_eq!(r.size, (64, 80));
    }

    #[test]
    fn a_hanging_process_is_killed() {
        let child = Command::new("sleep").arg("5").spawn().unwrap();
        let start = Instant::now();
        let r = wait_with_timeout(child, Duration::from_millis(100));
        assert!(r.unwrap_err().starts_with("timed out"));
        assert!(start.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn rejects_a_report_without_times() {
        assert!(parse_report("checksum: 00\n").is_err());
        assert!(parse_report("time_ms: x\nchecksum: 00\n").is_err());
    }
}
