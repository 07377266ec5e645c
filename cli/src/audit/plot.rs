//! Error rate against epsilon, drawn with plotters as PNG and SVG.

use std::path::Path;
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::rules::Rule;

/// The font every text of the plots is drawn in, committed with its license (assets/).
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";

/// Makes the committed font the plots' `sans-serif` (ab_glyph; no system fonts needed).
pub fn register_font() -> Result<(), String> {
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| {
        result = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
            .map_err(|_| "the plot font (assets/DejaVuSans.ttf) cannot be read".to_string());
    });
    result
}

/// Colours of the failure kinds, in kind order.
const PALETTE: [RGBColor; 4] = [
    RGBColor(215, 48, 39),
    RGBColor(49, 104, 180),
    RGBColor(26, 152, 80),
    RGBColor(152, 78, 163),
];

/// What one sweep plot shows.
pub struct SweepPlot<'a> {
    /// The title line.
    pub title: String,
    /// The failure kinds, one line each.
    pub kinds: &'a [&'a str],
    /// The rows of the sweep: rule and per-kind rate in percent.
    pub rows: Vec<(Rule, Vec<f64>)>,
}

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 460;
/// The strip below the charts that holds the legend (outside the plot areas, so it
/// never hides a data point).
const LEGEND: u32 = 34;

/// Writes `stem.png` and `stem.svg` in `dir`; returns the two file names.
pub fn write_sweep(dir: &Path, stem: &str, plot: &SweepPlot) -> Result<[String; 2], String> {
    register_font()?;
    let (png, svg) = (format!("{stem}.png"), format!("{stem}.svg"));
    let mut svg_text = String::new();
    {
        let root = SVGBackend::with_string(&mut svg_text, (WIDTH, HEIGHT)).into_drawing_area();
        draw(&root, plot).map_err(|e| format!("drawing {svg}: {e}"))?;
        root.present().map_err(|e| format!("drawing {svg}: {e}"))?;
    }
    std::fs::write(dir.join(&svg), svg_text).map_err(|e| format!("writing {svg}: {e}"))?;
    let mut pixels = vec![255u8; (WIDTH * HEIGHT * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, (WIDTH, HEIGHT)).into_drawing_area();
        draw(&root, plot).map_err(|e| format!("drawing {png}: {e}"))?;
        root.present().map_err(|e| format!("drawing {png}: {e}"))?;
    }
    write_png(&dir.join(&png), WIDTH, HEIGHT, &pixels)?;
    Ok([png, svg])
}

/// Writes RGB pixels (row-major, top row first) as a PNG.
pub fn write_png(path: &Path, width: u32, height: u32, rgb: &[u8]) -> Result<(), String> {
    let name = path.display();
    let file = std::fs::File::create(path).map_err(|e| format!("writing {name}: {e}"))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder
        .write_header()
        .map_err(|e| format!("writing {name}: {e}"))?;
    writer
        .write_image_data(rgb)
        .and_then(|()| writer.finish())
        .map_err(|e| format!("writing {name}: {e}"))
}

/// One chart of a sweep plot: which rows it shows and how.
struct Panel<'a, DB: DrawingBackend> {
    area: &'a DrawingArea<DB, Shift>,
    caption: &'a str,
    xdesc: &'a str,
    range: (f64, f64),
    pick: &'a dyn Fn(Rule) -> Option<f64>,
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The x range of a log axis over `values` (positive): a little beyond both ends.
fn log_range(values: impl Iterator<Item = f64>, pad: f64) -> Option<(f64, f64)> {
    let (lo, hi) = values
        .filter(|&x| x > 0.0 && x.is_finite())
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
    (hi > 0.0).then_some((lo / pad, hi * pad))
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, plot: &SweepPlot) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    let titled = root.titled(&plot.title, (FAMILY, 20))?;
    let (_, h) = titled.dim_in_pixel();
    let (area, legend) = titled.split_vertically(h.saturating_sub(LEGEND));
    draw_legend(&legend, plot.kinds)?;
    let (left, right) = area.split_horizontally(WIDTH * 62 / 100);
    let top = plot
        .rows
        .iter()
        .flat_map(|(_, r)| r.iter().copied())
        .fold(0.0f64, f64::max);
    let ymax = if top > 0.0 { top * 1.15 } else { 1.0 };
    let series = |pick: &dyn Fn(Rule) -> Option<f64>, k: usize| -> Vec<(f64, f64)> {
        plot.rows
            .iter()
            .filter_map(|(rule, rates)| pick(*rule).map(|x| (x, rates[k])))
            .collect()
    };
    // Where `eps = 0` is drawn on the logarithmic axis (labelled `0`): a decade below
    // the smallest positive epsilon (1e-13 for the default sweep).
    let eps = plot.rows.iter().filter_map(|(r, _)| match r {
        Rule::Absolute(e) => Some(*e),
        _ => None,
    });
    let (zero_at, eps_hi) = match log_range(eps, 10.0) {
        Some((lo, hi)) => (lo, hi / 2.0),
        None => (1e-13, 0.05),
    };
    let ulps_range = log_range(
        plot.rows.iter().filter_map(|(r, _)| match r {
            Rule::Ulps(n) => Some(f64::from(*n)),
            _ => None,
        }),
        1.5,
    )
    .unwrap_or((0.7, 400.0));
    let absolute = |r: Rule| match r {
        Rule::Absolute(e) => Some(if e == 0.0 { zero_at } else { e }),
        _ => None,
    };
    let ulps = |r: Rule| match r {
        Rule::Ulps(n) => Some(f64::from(n)),
        _ => None,
    };
    let panels: [Panel<DB>; 2] = [
        Panel {
            area: &left,
            caption: "absolute epsilon",
            xdesc: "epsilon (|value| <= eps is zero)",
            range: (zero_at * 0.5, eps_hi),
            pick: &absolute,
        },
        Panel {
            area: &right,
            caption: "relative, in ulps",
            xdesc: "n (|value| <= n ulps of the scale)",
            range: ulps_range,
            pick: &ulps,
        },
    ];
    for (i, p) in panels.into_iter().enumerate() {
        let (panel, caption, xdesc, (x0, x1), pick) = (p.area, p.caption, p.xdesc, p.range, p.pick);
        let points: Vec<Vec<(f64, f64)>> = (0..plot.kinds.len()).map(|k| series(pick, k)).collect();
        if points.iter().all(|p| p.is_empty()) {
            continue;
        }
        let mut chart = ChartBuilder::on(panel)
            .margin(12)
            .caption(caption, (FAMILY, 16))
            .x_label_area_size(42)
            .y_label_area_size(64)
            .build_cartesian_2d((x0..x1).log_scale(), 0.0..ymax)?;
        let zero_label = |x: &f64| {
            if *x < zero_at * 1.5 && i == 0 {
                "0".to_string()
            } else if i == 0 {
                format!("1e{}", x.log10().round())
            } else {
                format!("{x}")
            }
        };
        chart
            .configure_mesh()
            .x_desc(xdesc)
            .y_desc(if i == 0 { "cases failing (%)" } else { "" })
            .x_label_formatter(&zero_label)
            .y_label_formatter(&|y| {
                if ymax >= 10.0 {
                    format!("{y:.0}")
                } else if ymax >= 1.0 {
                    format!("{y:.1}")
                } else {
                    format!("{y:.3}")
                }
            })
            .label_style((FAMILY, 13))
            .draw()?;
        for (k, pts) in points.into_iter().enumerate() {
            let colour = PALETTE[k % PALETTE.len()];
            chart
                // eps = 0 sits apart at the left edge of the log axis: a marker, no line.
                .draw_series(LineSeries::new(
                    pts.iter()
                        .copied()
                        .filter(|p| i == 1 || p.0 > zero_at * 1.5),
                    colour.stroke_width(2),
                ))?;
            chart.draw_series(pts.into_iter().map(|p| Circle::new(p, 3, colour.filled())))?;
        }
    }
    Ok(())
}

/// The legend, one entry per failure kind side by side, in its own strip below the
/// charts.
fn draw_legend<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    kinds: &[&str],
) -> DrawResult<DB> {
    let (_, h) = strip.dim_in_pixel();
    let y = (h / 2) as i32;
    let mut x = 80i32;
    for (k, kind) in kinds.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        strip.draw(&PathElement::new(
            vec![(x, y), (x + 28, y)],
            colour.stroke_width(2),
        ))?;
        strip.draw(&Circle::new((x + 14, y), 3, colour.filled()))?;
        let style =
            TextStyle::from((FAMILY, 14).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
        strip.draw(&Text::new(kind.to_string(), (x + 36, y), style))?;
        x += 36 + 9 * kind.chars().count() as i32 + 40;
    }
    Ok(())
}
