//! The flame graph drawn with plotters' SVG backend: the layout's rectangles in rows, the root
//! at the bottom and each loop above the one it runs in, labelled where the label fits, under a
//! title and above a legend of the colours.
//!
//! plotters is built without its font features (as in `test-suite/src/plot.rs`): it writes
//! text into the SVG as `<text>` (escaped) without measuring it, so whether a label fits its
//! rectangle is estimated from an average character width.

use super::layout::{FrameClass, Rect};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

const WIDTH: u32 = 1200;
const MARGIN: i32 = 10;
/// Height of a row of rectangles, the last pixel a gap.
const ROW: i32 = 18;
const TITLE_HEIGHT: i32 = 34;
const LEGEND_HEIGHT: i32 = 34;
const FONT_SIZE: f64 = 12.0;
/// The average advance of a character, generously: plotters writes the font size divided by
/// 1.24 into the SVG (9.7 px), where a sans-serif character advances about 5.5 px.
const CHAR_WIDTH: f64 = 6.0;

/// The classes in the legend's order, with their words.
const LEGEND: [(FrameClass, &str); 7] = [
    (FrameClass::Interchange, "interchange suggested"),
    (FrameClass::SkewAndTile, "skew and tile suggested"),
    (FrameClass::Fuse, "fusion suggested"),
    (FrameClass::Parallel, "parallel"),
    (FrameClass::Dependence, "carries a dependence"),
    (FrameClass::NoSuggestion, "loop, no suggestion"),
    (FrameClass::Context, "program, thread or function"),
];

fn colour(class: FrameClass) -> RGBColor {
    match class {
        FrameClass::Interchange => RGBColor(0xf2, 0x8e, 0x2b),
        FrameClass::SkewAndTile => RGBColor(0x76, 0xb7, 0xb2),
        FrameClass::Fuse => RGBColor(0xb0, 0x7a, 0xa1),
        FrameClass::Parallel => RGBColor(0x59, 0xa1, 0x4f),
        FrameClass::Dependence => RGBColor(0xe1, 0x57, 0x59),
        FrameClass::NoSuggestion => RGBColor(0xbb, 0xbb, 0xbb),
        FrameClass::Context => RGBColor(0xae, 0xc7, 0xe8),
    }
}

/// The SVG text of the flame graph of `rects` under `title`.
pub fn svg(title: &str, rects: &[Rect]) -> Result<String, String> {
    let mut svg = String::new();
    draw(title, rects, &mut svg).map_err(|e| format!("cannot draw the flame graph: {e}"))?;
    svg.push('\n');
    Ok(svg)
}

fn draw(title: &str, rects: &[Rect], svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let rows = rects.iter().map(|r| r.depth + 1).max().unwrap_or(1) as i32;
    let height = TITLE_HEIGHT + rows * ROW + LEGEND_HEIGHT + MARGIN;
    let area = SVGBackend::with_string(svg, (WIDTH, height as u32)).into_drawing_area();
    area.fill(&WHITE)?;
    let text = |size: f64, v: VPos| ("sans-serif", size).into_font().color(&BLACK).pos(Pos::new(HPos::Left, v));
    area.draw(&Text::new(title.to_string(), (MARGIN, MARGIN), text(15.0, VPos::Top)))?;
    if rects.is_empty() {
        area.draw(&Text::new("no memory-access instances", (MARGIN, TITLE_HEIGHT + ROW / 2), text(FONT_SIZE, VPos::Center)))?;
    }
    let bottom = TITLE_HEIGHT + rows * ROW;
    let plot_width = WIDTH as f64 - 2.0 * MARGIN as f64;
    for rect in rects {
        let x0 = MARGIN + (rect.x * plot_width).round() as i32;
        let x1 = MARGIN + ((rect.x + rect.width) * plot_width).round() as i32;
        // Narrower than a pixel: nothing to see.
        if x1 <= x0 {
            continue;
        }
        let y1 = bottom - rect.depth as i32 * ROW;
        let y0 = y1 - ROW + 1;
        // A pixel's gap to the right sibling where there is room for it.
        let right = if x1 - x0 > 2 { x1 - 1 } else { x1 };
        area.draw(&Rectangle::new([(x0, y0), (right, y1)], colour(rect.class).filled()))?;
        if let Some(label) = fitted_label(rect, (right - x0 - 6) as f64) {
            area.draw(&Text::new(label, (x0 + 3, (y0 + y1) / 2), text(FONT_SIZE, VPos::Center)))?;
        }
    }
    draw_legend(&area, bottom + LEGEND_HEIGHT / 2)?;
    area.present()?;
    Ok(())
}

/// One line of coloured squares and their words, centred on `y`.
fn draw_legend(area: &DrawingArea<SVGBackend, plotters::coord::Shift>, y: i32) -> Result<(), Box<dyn std::error::Error>> {
    let style = ("sans-serif", FONT_SIZE).into_font().color(&BLACK).pos(Pos::new(HPos::Left, VPos::Center));
    let mut x = MARGIN;
    for (class, words) in LEGEND {
        area.draw(&Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour(class).filled()))?;
        area.draw(&Text::new(words, (x + 17, y), style.clone()))?;
        x += 17 + (words.chars().count() as f64 * CHAR_WIDTH) as i32 + 24;
    }
    Ok(())
}

/// The label with the rectangle's share of the run, or without it, or its start, whichever
/// first fits in `pixels`.
fn fitted_label(rect: &Rect, pixels: f64) -> Option<String> {
    let with_share = format!("{} {:.1}%", rect.label, 100.0 * rect.width);
    let fits = |text: &str| text.chars().count() as f64 * CHAR_WIDTH <= pixels;
    if fits(&with_share) {
        Some(with_share)
    } else {
        fitted(&rect.label, pixels)
    }
}

/// `label`, or its start and "..", within `pixels`; `None` when not even a few characters fit.
fn fitted(label: &str, pixels: f64) -> Option<String> {
    let room = (pixels / CHAR_WIDTH).floor().max(0.0) as usize;
    let length = label.chars().count();
    if length <= room {
        Some(label.to_string())
    } else if room >= 5 {
        Some(label.chars().take(room - 2).collect::<String>() + "..")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_cut_to_their_rectangle() {
        assert_eq!(fitted("k.c:10 50.0%", 200.0).as_deref(), Some("k.c:10 50.0%"));
        assert_eq!(fitted("k.c:10 50.0%", 6.0 * 7.0).as_deref(), Some("k.c:1.."));
        assert_eq!(fitted("k.c:10 50.0%", 20.0), None);
        assert_eq!(fitted("k.c:10", -3.0), None);
    }

    #[test]
    fn the_share_goes_first_when_space_is_short() {
        let rect = Rect { x: 0.0, width: 0.25, depth: 0, label: "k.c:10".into(), class: FrameClass::Parallel, instances: 1 };
        assert_eq!(fitted_label(&rect, 200.0).as_deref(), Some("k.c:10 25.0%"));
        assert_eq!(fitted_label(&rect, 40.0).as_deref(), Some("k.c:10"));
    }
}
