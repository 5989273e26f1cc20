//! The benchmark plots, drawn with plotters' SVG backend: grouped bars (one group per
//! pipeline or kernel, one bar per series), optional min–max whiskers, a dashed reference line
//! and a legend.
//!
//! plotters is built without its font features (no fontconfig or freetype): text goes into
//! the SVG as text, and plotters estimates its size for the layout. The plots are
//! `polyprop-bench`'s `speedups.svg` ([`speedups`], also from a `results.csv`) and, through
//! `polyprop-plot`, the ordinary-C and profiler plots of `docs/benchmarks/`.

use crate::bench::Results;
use crate::report::{transform_status, TransformStatus};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One bar: the median, and the whisker from `min` to `max` if there is one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bar {
    pub value: f64,
    pub whisker: Option<(f64, f64)>,
}

/// A group of bars, one per series (`None`: no figure, drawn as "n/a").
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub label: String,
    pub bars: Vec<Option<Bar>>,
}

/// A dashed horizontal line with its legend entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    pub value: f64,
    pub label: String,
    pub colour: RGBColor,
}

/// A grouped bar chart.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupedBars {
    pub title: String,
    pub y_label: String,
    /// Series names (legend) and colours, in bar order.
    pub series: Vec<(String, RGBColor)>,
    pub groups: Vec<Group>,
    pub reference: Reference,
    /// Each bar's value above it, with this many decimals.
    pub value_digits: Option<usize>,
}

/// Colours of the series, in order.
pub const COLOURS: [RGBColor; 8] = [
    RGBColor(0x4e, 0x79, 0xa7),
    RGBColor(0xf2, 0x8e, 0x2b),
    RGBColor(0x59, 0xa1, 0x4f),
    RGBColor(0xe1, 0x57, 0x59),
    RGBColor(0x76, 0xb7, 0xb2),
    RGBColor(0xed, 0xc9, 0x48),
    RGBColor(0xb0, 0x7a, 0xa1),
    RGBColor(0x9c, 0x75, 0x5f),
];

/// The SVG text of `chart`.
pub fn grouped_bars(chart: &GroupedBars) -> Result<String, String> {
    let mut svg = String::new();
    draw(chart, &mut svg).map_err(|e| format!("plot '{}': {e}", chart.title))?;
    svg.push('\n');
    Ok(svg)
}

fn draw(chart: &GroupedBars, svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let groups = chart.groups.len().max(1);
    let series = chart.series.len().max(1);
    let group_pixels = (28 * series as u32 + 40).max(130);
    let size = ((group_pixels * groups as u32 + 140).max(640), 460);
    let top = chart
        .groups
        .iter()
        .flat_map(|g| g.bars.iter().flatten())
        .map(|b| b.whisker.map_or(b.value, |(_, max)| max.max(b.value)))
        .fold(chart.reference.value * 1.2, f64::max)
        * 1.3; // headroom for the legend
    let root = SVGBackend::with_string(svg, size).into_drawing_area();
    root.fill(&WHITE)?;
    let mut plot = ChartBuilder::on(&root)
        .caption(&chart.title, ("sans-serif", 15))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..groups as f64, 0f64..top)?;
    plot.configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_desc(chart.y_label.as_str())
        .y_label_formatter(&|v| format!("{v:.1}"))
        .max_light_lines(0)
        .bold_line_style(RGBColor(0xdd, 0xdd, 0xdd))
        .draw()?;
    // Bar `k` of group `g` spans [g + 0.1 + k w, g + 0.1 + (k + 1) w - gap].
    let width = 0.8 / series as f64;
    let span = |g: usize, k: usize| (g as f64 + 0.1 + k as f64 * width, g as f64 + 0.1 + (k as f64 + 0.85) * width);
    let small = ("sans-serif", 10).into_font();
    for (k, (name, colour)) in chart.series.iter().enumerate() {
        let colour = *colour;
        let bars = chart.groups.iter().enumerate().filter_map(|(g, group)| {
            let bar = group.bars.get(k).copied().flatten()?;
            let (x0, x1) = span(g, k);
            Some(Rectangle::new([(x0, 0.0), (x1, bar.value)], colour.filled()))
        });
        plot.draw_series(bars)?
            .label(name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled()));
        for (g, group) in chart.groups.iter().enumerate() {
            let (x0, x1) = span(g, k);
            let centre = (x0 + x1) / 2.0;
            match group.bars.get(k).copied().flatten() {
                Some(bar) => {
                    if let Some((min, max)) = bar.whisker {
                        let cap = (x1 - x0) / 4.0;
                        for line in [
                            vec![(centre, min), (centre, max)],
                            vec![(centre - cap, min), (centre + cap, min)],
                            vec![(centre - cap, max), (centre + cap, max)],
                        ] {
                            plot.draw_series(std::iter::once(PathElement::new(line, BLACK)))?;
                        }
                    }
                    if let Some(digits) = chart.value_digits {
                        let style = small.clone().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Bottom));
                        plot.draw_series(std::iter::once(Text::new(format!("{:.digits$}", bar.value), (centre, bar.value), style)))?;
                    }
                }
                None => {
                    let style = small.clone().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Bottom));
                    plot.draw_series(std::iter::once(Text::new("n/a", (centre, 0.0), style)))?;
                }
            }
        }
    }
    let reference = &chart.reference;
    let line = DashedPathElement::new(vec![(0.0, reference.value), (groups as f64, reference.value)], 5, 4, reference.colour.stroke_width(1));
    let colour = reference.colour;
    plot.draw_series(std::iter::once(line))?
        .label(reference.label.as_str())
        .legend(move |(x, y)| DashedPathElement::new(vec![(x, y), (x + 14, y)], 3, 2, colour));
    plot.configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(0x99, 0x99, 0x99))
        .label_font(("sans-serif", 11))
        .draw()?;
    // Group labels under the axis, centred on each group.
    let label = ("sans-serif", 12).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Top));
    for (g, group) in chart.groups.iter().enumerate() {
        let (x, y) = plot.backend_coord(&(g as f64 + 0.5, 0.0));
        root.draw(&Text::new(group.label.clone(), (x, y + 8), label.clone()))?;
    }
    root.present()?;
    Ok(())
}

/// A series name of `polyprop-bench`'s speedup plot: the variant, and whether the plugin
/// transformed nothing in any pipeline.
fn variant_series(name: &str, no_transform: bool) -> String {
    if no_transform {
        format!("{name} (no transform yet)")
    } else {
        name.to_string()
    }
}

/// The speedup chart of a harness run: one group per pipeline, one bar per variant but the
/// naive baseline (median speedup over naive), whiskers from min to max, a line at 1.
pub fn speedup_chart(results: &Results) -> GroupedBars {
    let variants: Vec<usize> = (1..results.config.variants.len()).collect();
    let series = variants
        .iter()
        .enumerate()
        .map(|(b, &k)| {
            let v = &results.config.variants[k];
            let no_transform = v.uses_plugin
                && results.pipelines.iter().all(|p| transform_status(p, &p.cells[k]) != TransformStatus::Transformed);
            (variant_series(&v.name, no_transform), COLOURS[b % COLOURS.len()])
        })
        .collect();
    let groups = results
        .pipelines
        .iter()
        .map(|p| Group {
            label: format!("({}) {}", p.pipeline.table_number, p.pipeline.name),
            bars: variants
                .iter()
                .map(|&k| p.speedup(k).map(|s| Bar { value: s.median, whisker: Some((s.min, s.max)) }))
                .collect(),
        })
        .collect();
    GroupedBars {
        title: format!(
            "Speedup over naive clang-14 -O3 -march=native (median, whiskers min-max; size {}, {} rounds)",
            results.config.size.name(),
            results.config.rounds
        ),
        y_label: "speedup".into(),
        series,
        groups,
        reference: Reference { value: 1.0, label: "1 = naive".into(), colour: BLACK },
        value_digits: None,
    }
}

/// The SVG speedup plot of a harness run (`speedups.svg`).
pub fn speedups(results: &Results) -> Result<String, String> {
    grouped_bars(&speedup_chart(results))
}

/// The rows of a benchmark's CSV `text`; an error names the `file`.
fn read_rows<T: serde::de::DeserializeOwned>(text: &str, file: &str) -> Result<Vec<T>, String> {
    csv::Reader::from_reader(text.as_bytes()).deserialize().collect::<Result<_, _>>().map_err(|e| format!("{file}: {e}"))
}

/// The values in the order they first appear.
fn distinct<'a>(values: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for v in values {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The colour of a variant in the single-pipeline plots: naive grey, polyprop green.
fn variant_colour(variant: &str) -> RGBColor {
    match variant {
        "naive" => RGBColor(0x99, 0x99, 0x99),
        "polyprop" => RGBColor(0x22, 0xaa, 0x77),
        _ => COLOURS[0],
    }
}

/// A row of `polyprop-bench`'s `results.csv`, the columns the plot needs.
#[derive(serde::Deserialize)]
struct ResultRow {
    pipeline: String,
    variant: String,
    size: String,
    rounds: u32,
    speedup_median: Option<f64>,
    speedup_min: Option<f64>,
    speedup_max: Option<f64>,
    flags: String,
    note: String,
}

/// The speedup plot from a `results.csv` written by `polyprop-bench` (same content as from
/// the run itself).
pub fn speedups_from_csv(text: &str) -> Result<String, String> {
    let rows: Vec<ResultRow> = read_rows(text, "results.csv")?;
    let variants = distinct(rows.iter().map(|r| r.variant.as_str()));
    let pipelines = distinct(rows.iter().map(|r| r.pipeline.as_str()));
    let baseline = variants.first().copied().unwrap_or("naive");
    let plotted: Vec<&str> = variants.iter().copied().filter(|v| *v != baseline).collect();
    let series = plotted
        .iter()
        .enumerate()
        .map(|(b, v)| {
            let cells: Vec<&ResultRow> = rows.iter().filter(|r| r.variant == *v).collect();
            let no_transform = cells.iter().all(|r| r.flags.contains("-fpass-plugin") && !r.note.starts_with("transformed"))
                && cells.iter().any(|r| r.flags.contains("-fpass-plugin"));
            (variant_series(v, no_transform), COLOURS[b % COLOURS.len()])
        })
        .collect();
    let table_number = |name: &str| crate::pipelines::ALL.iter().find(|p| p.name == name).map(|p| p.table_number);
    let groups = pipelines
        .iter()
        .map(|p| Group {
            label: match table_number(p) {
                Some(n) => format!("({n}) {p}"),
                None => p.to_string(),
            },
            bars: plotted
                .iter()
                .map(|v| {
                    let r = rows.iter().find(|r| r.pipeline == *p && r.variant == *v)?;
                    let value = r.speedup_median?;
                    Some(Bar { value, whisker: r.speedup_min.zip(r.speedup_max) })
                })
                .collect(),
        })
        .collect();
    let (size, rounds) = rows.first().map_or(("?", 0), |r| (r.size.as_str(), r.rounds));
    grouped_bars(&GroupedBars {
        title: format!("Speedup over naive clang-14 -O3 -march=native (median, whiskers min-max; size {size}, {rounds} rounds)"),
        y_label: "speedup".into(),
        series,
        groups,
        reference: Reference { value: 1.0, label: "1 = naive".into(), colour: BLACK },
        value_digits: None,
    })
}

/// A row of `docs/benchmarks/ordinary-c.csv` (`scripts/bench-ordinary-c.sh`).
#[derive(serde::Deserialize)]
struct OrdinaryRow {
    variant: String,
    #[allow(dead_code)]
    median_ms: f64,
    speedup: f64,
}

/// The ordinary-C unsharp mask plot: one bar per variant, speedup over plain -O3.
pub fn ordinary_c(text: &str) -> Result<String, String> {
    let rows: Vec<OrdinaryRow> = read_rows(text, "ordinary-c.csv")?;
    let series = rows.iter().map(|r| (r.variant.clone(), variant_colour(&r.variant))).collect();
    let bars = rows.iter().map(|r| Some(Bar { value: r.speedup, whisker: None })).collect();
    grouped_bars(&GroupedBars {
        title: "unsharp mask as ordinary C: speedup over clang-14 -O3".into(),
        y_label: "speedup".into(),
        series,
        groups: vec![Group { label: "unsharp mask, 3 x 2048 x 2048".into(), bars }],
        reference: Reference { value: 1.0, label: "1 = clang-14 -O3".into(), colour: BLACK },
        value_digits: Some(2),
    })
}

/// A row of the C-styles benchmark's CSV (`scripts/bench-c-styles.sh`).
#[derive(serde::Deserialize)]
struct StyleRow {
    program: String,
    variant: String,
    #[allow(dead_code)]
    median_ms: f64,
    speedup: f64,
}

/// The C-styles plot: per program, one bar per variant, speedup over plain -O3.
pub fn c_styles(text: &str) -> Result<String, String> {
    let rows: Vec<StyleRow> = read_rows(text, "c-styles.csv")?;
    let variants = distinct(rows.iter().map(|r| r.variant.as_str()));
    let programs = distinct(rows.iter().map(|r| r.program.as_str()));
    let series = variants.iter().map(|v| (v.to_string(), variant_colour(v))).collect();
    let groups = programs
        .iter()
        .map(|p| Group {
            label: p.to_string(),
            bars: variants
                .iter()
                .map(|v| rows.iter().find(|r| r.program == *p && r.variant == *v).map(|r| Bar { value: r.speedup, whisker: None }))
                .collect(),
        })
        .collect();
    grouped_bars(&GroupedBars {
        title: "C written with calloc, memset and flat loops: speedup over clang-14 -O3".into(),
        y_label: "speedup".into(),
        series,
        groups,
        reference: Reference { value: 1.0, label: "1 = clang-14 -O3".into(), colour: BLACK },
        value_digits: Some(2),
    })
}

/// A row of the profiler benchmark's CSV (`scripts/bench-profiler.py`): wall seconds.
#[derive(serde::Deserialize)]
struct ProfilerRow {
    kernel: String,
    native: f64,
    qemu: f64,
    profile: f64,
    #[serde(rename = "profile-nodeps")]
    profile_nodeps: f64,
}

/// Slowdown of `polyprop profile` over native runs per kernel: QEMU alone and the profile
/// with dependences on and off, and the target as a dashed line.
pub fn profiler(text: &str, target: f64) -> Result<String, String> {
    let rows: Vec<ProfilerRow> = read_rows(text, "profiler.csv")?;
    let slowdown = |t: f64, native: f64| Some(Bar { value: t / native, whisker: None });
    grouped_bars(&GroupedBars {
        title: "polyprop profile: slowdown over native (median wall time, 10^8 accesses)".into(),
        y_label: "slowdown (x native)".into(),
        series: vec![
            ("QEMU alone".into(), RGBColor(0x9e, 0x9e, 0x9e)),
            ("profile, dependences on".into(), RGBColor(0x1f, 0x77, 0xb4)),
            ("profile, dependences off".into(), RGBColor(0xae, 0xc7, 0xe8)),
        ],
        groups: rows
            .iter()
            .map(|r| Group {
                label: format!("{} (native {:.0} ms)", r.kernel, r.native * 1000.0),
                bars: vec![slowdown(r.qemu, r.native), slowdown(r.profile, r.native), slowdown(r.profile_nodeps, r.native)],
            })
            .collect(),
        reference: Reference { value: target, label: format!("target {target:.0}x"), colour: RGBColor(0xd6, 0x27, 0x28) },
        value_digits: Some(0),
    })
}

/// A row of the random-propagation CSV (`scripts/random-subsets.py`): one build of a pipeline.
#[derive(serde::Deserialize)]
struct SubsetRow {
    pipeline: String,
    build: String,
    speedup: f64,
}

/// Paper 003's Table 3 as bars: per pipeline, the speedup over naive of the heuristics' choice,
/// of the cost model's (CSVs before the model have none), and of the best and worst random
/// subset measured.
pub fn random_subsets(text: &str) -> Result<String, String> {
    let rows: Vec<SubsetRow> = read_rows(text, "random-subsets.csv")?;
    let mut pipelines: Vec<&str> = Vec::new();
    for row in &rows {
        if !pipelines.contains(&row.pipeline.as_str()) {
            pipelines.push(&row.pipeline);
        }
    }
    let bar = |value: Option<f64>| value.map(|value| Bar { value, whisker: None });
    let groups = pipelines
        .iter()
        .map(|&pipeline| {
            let speedups = |builds: fn(&str) -> bool| -> Vec<f64> {
                rows.iter().filter(|r| r.pipeline == pipeline && builds(&r.build)).map(|r| r.speedup).collect()
            };
            let subsets = speedups(|b| b.starts_with("subset"));
            Group {
                label: pipeline.replace('_', " "),
                bars: vec![
                    bar(speedups(|b| b == "heuristic").first().copied()),
                    bar(speedups(|b| b == "model").first().copied()),
                    bar(subsets.iter().copied().reduce(f64::max)),
                    bar(subsets.iter().copied().reduce(f64::min)),
                ],
            }
        })
        .collect();
    grouped_bars(&GroupedBars {
        title: "random propagation subsets (paper 003 Table 3): speedup over clang-14 -O3".into(),
        y_label: "speedup".into(),
        series: vec![
            ("heuristics".into(), RGBColor(0x22, 0xaa, 0x77)),
            ("cost model".into(), COLOURS[1]),
            ("best subset".into(), COLOURS[0]),
            ("worst subset".into(), COLOURS[3]),
        ],
        groups,
        reference: Reference { value: 1.0, label: "1 = clang-14 -O3".into(), colour: BLACK },
        value_digits: Some(2),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> GroupedBars {
        GroupedBars {
            title: "t".into(),
            y_label: "speedup".into(),
            series: vec![("polly".into(), COLOURS[0]), ("polyprop".into(), COLOURS[1])],
            groups: vec![
                Group { label: "(1) unsharp_mask".into(), bars: vec![Some(Bar { value: 1.1, whisker: Some((1.0, 1.2)) }), None] },
                Group { label: "(2) harris".into(), bars: vec![Some(Bar { value: 0.9, whisker: None }), Some(Bar { value: 12.8, whisker: Some((12.0, 13.5)) })] },
            ],
            reference: Reference { value: 1.0, label: "1 = naive".into(), colour: BLACK },
            value_digits: None,
        }
    }

    #[test]
    fn the_plot_has_bars_whiskers_labels_and_the_reference() {
        let svg = grouped_bars(&chart()).unwrap();
        assert!(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
        for text in ["(1) unsharp_mask", "(2) harris", "polly", "polyprop", "1 = naive", "n/a", "speedup"] {
            assert!(svg.contains(text), "missing {text}");
        }
        assert!(svg.contains("stroke-dasharray") || svg.matches("<line").count() > 4 || svg.contains("<polyline"));
    }

    #[test]
    fn the_csv_plots_read_their_files() {
        let ordinary = ordinary_c("variant,median_ms,speedup\nnaive,103.6,1.000\npolly,103.0,1.006\npolyprop,11.6,8.902\n").unwrap();
        assert!(ordinary.contains("polyprop") && ordinary.contains("8.90"), "{ordinary}");
        let profiler = profiler("kernel,accesses,native,qemu,profile,profile-nodeps\nmatmul,100,0.031,0.83,3.34,2.26\n", 30.0).unwrap();
        assert!(profiler.contains("matmul (native 31 ms)") && profiler.contains("target 30x"));
        assert!(speedups_from_csv("pipeline,variant,size,rounds\nharris,naive,full,five\n").is_err());
        let subsets = random_subsets(
            "pipeline,build,propagated,ms,speedup,output,kept\ncamera_pipe,naive,,160,1.000,identical,\ncamera_pipe,heuristic,40,110,1.455,identical,\ncamera_pipe,model,41,105,1.524,identical,\n\
             camera_pipe,subset0,34,90,1.778,identical,r_r b_b\ncamera_pipe,subset1,8,150,1.067,identical,r g b\n",
        )
        .unwrap();
        assert!(subsets.contains("camera pipe") && subsets.contains("1.78") && subsets.contains("1.07") && subsets.contains("1.46") && subsets.contains("1.52"), "{subsets}");
    }
}
