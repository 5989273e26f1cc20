//! What the reports of the program sets share (`--set rodinia`, [`crate::profile_report`];
//! `--set polybench`, [`crate::polybench_report`]): the figures of one program's variant on one
//! timed function as table text, CSV fields and JSON, the noise line, and the bars of the
//! speedup plot. Times and ratios are `median [min, max]`.

use crate::plot::{Bar, Group, GroupedBars, Reference, COLOURS};
use crate::program_set::{identical_to_naive, speedup, Cell, Named};
use crate::report::{spread_or_dash, triple};
use crate::stats::Spread;
use plotters::style::{RGBColor, BLACK};
use serde::Serialize;

/// Whether `cells[k]`'s output equals naive's: `baseline` for naive itself, `identical`,
/// `DIFFERS`, or `-` when one of them did not run.
pub fn validation<V>(cells: &[Cell<V>], k: usize) -> &'static str {
    match (k, identical_to_naive(cells, k)) {
        (0, Some(_)) => "baseline",
        (_, Some(true)) => "identical",
        (_, Some(false)) => "DIFFERS",
        (_, None) => "-",
    }
}

/// The speedup of `cells[k]` on `function` for the table (`1` for naive).
pub fn speedup_text<V>(cells: &[Cell<V>], k: usize, function: &str) -> String {
    if k == 0 {
        "1".into()
    } else {
        spread_or_dash(speedup(cells, k, function), 2)
    }
}

/// The CSV header of [`csv_fields`].
pub const CSV_FIELDS: &str = "time_ms_median,time_ms_min,time_ms_max,speedup_median,speedup_min,speedup_max,identical_to_naive,ir_changed,build_seconds";

/// `cells[k]`'s figures on `function` as CSV fields, in [`CSV_FIELDS`]' order.
pub fn csv_fields<V>(cells: &[Cell<V>], k: usize, function: &str) -> Vec<String> {
    let speedup = if k == 0 { triple(Spread::of(&[1.0])) } else { triple(speedup(cells, k, function)) };
    let cell = &cells[k];
    [
        triple(cell.times(function)).to_vec(),
        speedup.to_vec(),
        vec![
            identical_to_naive(cells, k).map_or(String::new(), |b| b.to_string()),
            cell.ir_changed.map_or(String::new(), |b| b.to_string()),
            format!("{:.2}", cell.build_seconds),
        ],
    ]
    .concat()
}

/// One variant of one timed function in the JSON results.
#[derive(Serialize)]
pub struct JsonCell {
    variant: String,
    flags: String,
    time_ms: Option<Spread>,
    speedup: Option<Spread>,
    identical_to_naive: Option<bool>,
    ir_changed: Option<bool>,
    build_seconds: f64,
    note: String,
    /// Every call of the function per round, the warm-up first; `null` for a failed round.
    calls_ms_per_round: Vec<Option<Vec<f64>>>,
}

/// A spread in the JSON results: `null` when any figure is not finite.
fn finite(s: Option<Spread>) -> Option<Spread> {
    s.filter(|s| s.median.is_finite() && s.min.is_finite() && s.max.is_finite())
}

impl JsonCell {
    /// `cells[k]` on `function`, with the report's `note` on it.
    pub fn of<V: Named>(cells: &[Cell<V>], k: usize, function: &str, note: String) -> Self {
        let cell = &cells[k];
        JsonCell {
            variant: cell.variant.name().to_string(),
            flags: cell.flags.join(" "),
            time_ms: finite(cell.times(function)),
            speedup: if k == 0 { Spread::of(&[1.0]) } else { finite(speedup(cells, k, function)) },
            identical_to_naive: identical_to_naive(cells, k),
            ir_changed: cell.ir_changed,
            build_seconds: (cell.build_seconds * 100.0).round() / 100.0,
            note,
            calls_ms_per_round: cell.calls_per_round(function),
        }
    }
}

/// The machine's load before and after, and the spread of the times of every cell (given as
/// their spreads): a build whose optimized IR is identical to naive's measures nothing but
/// this noise.
pub fn noise_summary(load: &(String, String), times: impl Iterator<Item = Spread>) -> String {
    let spreads: Vec<f64> = times.map(|s| 100.0 * s.relative_range()).collect();
    format!(
        "load average (1, 5, 15 min) before {} and after {}; noise (max-min)/median of the timed calls per cell {} %: \
         a build whose optimized IR is identical to naive's differs from it only by this noise",
        load.0,
        load.1,
        spread_or_dash(Spread::of(&spreads), 0)
    )
}

/// The bars of one timed function in the speedup plot: one per variant but naive.
pub fn speedup_bars<V>(cells: &[Cell<V>], function: &str) -> Vec<Option<Bar>> {
    (1..cells.len()).map(|k| speedup(cells, k, function).map(|s| Bar { value: s.median, whisker: Some((s.min, s.max)) })).collect()
}

/// The speedup chart of a set: one group per timed function, the reference line at 1.
pub fn speedup_chart(title: String, series: Vec<(String, RGBColor)>, groups: Vec<Group>) -> GroupedBars {
    GroupedBars {
        title,
        y_label: "speedup".into(),
        series,
        groups,
        reference: Reference { value: 1.0, label: "1 = naive".into(), colour: BLACK },
        value_digits: Some(2),
    }
}

/// The plot's series, one per variant but naive (`variants[0]`); `changed_nothing(k)` marks a
/// plugin variant that changed no code in any program, which its legend entry says.
pub fn speedup_series<V: Named>(variants: &[V], changed_nothing: impl Fn(usize) -> bool) -> Vec<(String, RGBColor)> {
    (1..variants.len())
        .map(|k| {
            let name = variants[k].name();
            let name = if changed_nothing(k) { format!("{name} (no transform yet)") } else { name.to_string() };
            (name, COLOURS[(k - 1) % COLOURS.len()])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program_set::KernelReport;

    fn cell(name: &'static str, times: &[f64], sum: &str) -> Cell<crate::variants::Variant> {
        let variant = crate::variants::Variant {
            name: name.into(),
            kind: crate::variants::Kind::Custom,
            compile_flags: vec![],
            link_flags: vec![],
            uses_plugin: false, pass_options: None,
        };
        let run = KernelReport { times_ms: vec![("f".into(), times.to_vec())], checksums: vec![sum.into()] };
        Cell { runs: vec![Ok(run)], ..Cell::new(variant, vec!["-O3".into()], Ok("x".into()), 1.234, Some(true)) }
    }

    #[test]
    fn figures_of_a_cell() {
        let cells = [cell("naive", &[10.0], "a"), cell("polly", &[5.0], "a"), cell("polyprop", &[20.0], "b")];
        assert_eq!([validation(&cells, 0), validation(&cells, 1), validation(&cells, 2)], ["baseline", "identical", "DIFFERS"]);
        assert_eq!(speedup_text(&cells, 0, "f"), "1");
        assert_eq!(speedup_text(&cells, 1, "f"), "2.00 [2.00, 2.00]");
        assert_eq!(speedup_text(&cells, 1, "g"), "-");
        let fields = csv_fields(&cells, 2, "f");
        assert_eq!(fields.len(), CSV_FIELDS.split(',').count());
        assert_eq!(fields, ["20.0000", "20.0000", "20.0000", "0.5000", "0.5000", "0.5000", "false", "true", "1.23"]);
        let json = serde_json::to_value(JsonCell::of(&cells, 1, "f", "n".into())).unwrap();
        assert_eq!((json["variant"].as_str(), json["speedup"]["median"].as_f64()), (Some("polly"), Some(2.0)));
        assert_eq!(json["calls_ms_per_round"], serde_json::json!([[5.0]]));
        let bars = speedup_bars(&cells, "f");
        assert_eq!(bars.iter().map(|b| b.map(|b| b.value)).collect::<Vec<_>>(), [Some(2.0), Some(0.5)]);
        let variants: Vec<_> = cells.iter().map(|c| c.variant.clone()).collect();
        let series = speedup_series(&variants, |k| k == 2);
        assert_eq!(series.iter().map(|s| s.0.as_str()).collect::<Vec<_>>(), ["polly", "polyprop (no transform yet)"]);
    }
}
