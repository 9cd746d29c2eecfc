//! Charts of the report, drawn with the `plotters` crate as SVG (embedded in report.html) and
//! PNG: line charts over a numeric x axis (paper 002's split-point sweep, FE scaling) or over
//! named categories (paper 003's per-byte cost by message length), optionally log-scale in y.
//!
//! plotters needs a TrueType font to lay out text; the first of the usual system fonts found
//! (DejaVu, Liberation, Noto, FreeFont) is registered once. Without one, no chart is drawn and
//! the report says so (the tables carry the same data).

use std::path::Path;
use std::sync::OnceLock;

use plotters::prelude::*;

use super::model::Chart;

const FONT_PATHS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    "/usr/share/fonts/noto/NotoSans-Regular.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/System/Library/Fonts/Supplemental/Arial.ttf",
    "C:\\Windows\\Fonts\\arial.ttf",
];

/// Registers a system font with plotters (once); the path used, or None.
pub fn font() -> Option<&'static str> {
    static FONT: OnceLock<Option<&'static str>> = OnceLock::new();
    *FONT.get_or_init(|| {
        for p in FONT_PATHS {
            if let Ok(bytes) = std::fs::read(p) {
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return Some(*p);
                }
            }
        }
        None
    })
}

const COLORS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn bounds(chart: &Chart) -> Option<(f64, f64, f64, f64)> {
    let pts = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter())
        .filter(|p| p.0.is_finite() && p.1.is_finite() && (!chart.log_y || p.1 > 0.0));
    let (mut x0, mut x1, mut y0, mut y1) = (
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    let mut any = false;
    for &(x, y) in pts {
        any = true;
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if !any {
        return None;
    }
    if !chart.x_categories.is_empty() {
        x0 = -0.5;
        x1 = chart.x_categories.len() as f64 - 0.5;
    } else if x1 <= x0 {
        x1 = x0 + 1.0;
    }
    if chart.log_y {
        (y0, y1) = (y0 / 1.5, y1 * 1.5);
    } else {
        let pad = ((y1 - y0) * 0.08).max(y1.abs() * 0.02).max(1e-9);
        (y0, y1) = (
            (y0 - pad).min(if y0 >= 0.0 { 0.0 } else { y0 - pad }),
            y1 + pad,
        );
    }
    Some((x0, x1, y0, y1))
}

fn draw_on<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    chart: &Chart,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let (x0, x1, y0, y1) = bounds(chart).ok_or("no data")?;
    root.fill(&WHITE)?;
    let cats = chart.x_categories.clone();
    let xfmt = move |v: &f64| -> String {
        if cats.is_empty() {
            format!("{v}")
        } else {
            let i = v.round();
            if (v - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < cats.len() {
                cats[i as usize].clone()
            } else {
                String::new()
            }
        }
    };
    let mut builder = ChartBuilder::on(&root);
    builder
        .caption(&chart.title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64);
    let ncat = chart.x_categories.len();
    // numeric x (sweeps, scaling): curves start low on the left; categories: data falls to the right
    let legend_pos = if ncat > 0 {
        SeriesLabelPosition::UpperRight
    } else {
        SeriesLabelPosition::UpperLeft
    };
    macro_rules! body {
        ($ctx:expr) => {{
            let mut ctx = $ctx;
            let mut mesh = ctx.configure_mesh();
            mesh.x_desc(chart.x_label.as_str())
                .y_desc(chart.y_label.as_str())
                .x_label_formatter(&xfmt);
            if ncat > 0 {
                mesh.x_labels(ncat * 2 + 1);
            }
            mesh.draw()?;
            for (i, s) in chart.series.iter().enumerate() {
                let color = COLORS[i % COLORS.len()];
                let pts: Vec<(f64, f64)> = s
                    .points
                    .iter()
                    .copied()
                    .filter(|p| p.1.is_finite() && (!chart.log_y || p.1 > 0.0))
                    .collect();
                ctx.draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))?
                    .label(s.name.as_str())
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                    });
                ctx.draw_series(pts.into_iter().map(|p| Circle::new(p, 3, color.filled())))?;
            }
            ctx.configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .position(legend_pos)
                .draw()?;
        }};
    }
    if chart.log_y {
        body!(builder.build_cartesian_2d(x0..x1, (y0..y1).log_scale())?);
    } else {
        body!(builder.build_cartesian_2d(x0..x1, y0..y1)?);
    }
    root.present()?;
    Ok(())
}

/// Draws `chart` into `dir` as `<id>.svg` and `<id>.png`; returns the file names written, or
/// why nothing was drawn.
pub fn render(chart: &Chart, dir: &Path) -> Result<Vec<String>, String> {
    if font().is_none() {
        return Err("no TrueType font found on this system (e.g. install fonts-dejavu-core); chart not drawn".into());
    }
    let size = (760, 440);
    let svg = format!("{}.svg", chart.id);
    let png = format!("{}.png", chart.id);
    draw_on(
        SVGBackend::new(&dir.join(&svg), size).into_drawing_area(),
        chart,
    )
    .map_err(|e| format!("{svg}: {e}"))?;
    draw_on(
        BitMapBackend::new(&dir.join(&png), size).into_drawing_area(),
        chart,
    )
    .map_err(|e| format!("{png}: {e}"))?;
    Ok(vec![svg, png])
}
