//! Sign maps: the plain floating-point predicate against isect's exact one over a grid of
//! neighbouring floats, drawn as images (moved here from `examples/sign_map.rs`).
//!
//! The orient2d map is the picture from Kettner, Mehlhorn, Pion, Schirra and Yap,
//! "Classroom examples of robustness problems in geometric computations" (2008):
//! `orient2d(p, q, r)` with `q = (12, 12)`, `r = (24, 24)` and `p = (0.5 + i·u, 0.5 + j·u)`
//! for `0 ≤ i, j < 256`, `u` the spacing of the floats at 0.5 (2⁻⁵³ for `f64`, 2⁻²⁴ for
//! `f32`). Exactly, the points are collinear on the diagonal `i = j`, counterclockwise
//! above it and clockwise below. The incircle map does the same for
//! `incircle(a, b, c, d)`: `a, b, c` are three corners of the square `[0.5, 24.5]²`, whose
//! circumcircle passes through the fourth corner `(0.5, 0.5)`, and `d` runs over the grid
//! of floats centred on that corner.
//!
//! The plain values are the policy layer's formulas ([`orient2d_naive`] with `p` as the
//! pivot, which is the paper's `(q − p) × (r − p)`, and [`incircle_naive`]) in the float
//! type; the exact ones are [`isect::orient2d`] and [`isect::incircle`], checked against
//! closed forms before anything is drawn. Colours: positive red, zero yellow, negative
//! blue; in the difference map the cells where the plain sign is wrong are black, the
//! others a pale shade of the exact sign. Row `j = 0` is at the bottom.

use std::path::Path;

use isect::policy::{incircle_naive, orient2d_naive};
use isect::Sign;
use serde::Serialize;

use super::float::AuditFloat;
use super::plot::write_png;

/// Cells per side of a map.
pub const CELLS: usize = 256;
/// Pixels per side of a cell.
const SCALE: usize = 2;

const POSITIVE: [u8; 3] = [215, 48, 39];
const ZERO: [u8; 3] = [254, 217, 56];
const NEGATIVE: [u8; 3] = [49, 104, 180];
const WRONG: [u8; 3] = [0, 0, 0];

/// One predicate over the grid: plain and exact signs, row-major with `j` as the row.
pub struct Panel {
    /// `orient2d` or `incircle`.
    pub name: &'static str,
    /// What is drawn.
    pub title: String,
    naive: Vec<Sign>,
    exact: Vec<Sign>,
}

/// Counts of one sign map, for the report.
#[derive(Serialize)]
pub struct MapSummary {
    /// `orient2d` or `incircle`.
    pub name: &'static str,
    /// What is drawn.
    pub title: String,
    /// Grid cells.
    pub cells: usize,
    /// Cells where the plain sign differs from the exact one.
    pub wrong: usize,
    /// Of those: the plain formula says zero, exact is not.
    pub false_zero: usize,
    /// Of those: exact zero, the plain formula is not.
    pub missed_zero: usize,
    /// Of those: opposite non-zero signs.
    pub wrong_sign: usize,
    /// The files written: naive, exact, difference PNGs and the SVG figure.
    pub files: Vec<String>,
}

impl Panel {
    fn new(
        name: &'static str,
        title: String,
        point: impl Fn(usize, usize) -> [f64; 2],
        naive: impl Fn([f64; 2]) -> Sign,
        exact: impl Fn([f64; 2]) -> Sign,
    ) -> Panel {
        let points: Vec<[f64; 2]> = (0..CELLS * CELLS)
            .map(|k| point(k % CELLS, k / CELLS))
            .collect();
        Panel {
            name,
            title,
            naive: points.iter().map(|&p| naive(p)).collect(),
            exact: points.iter().map(|&p| exact(p)).collect(),
        }
    }

    /// Checks the exact signs against the closed-form answer `expected(i, j)`.
    fn check(&self, expected: impl Fn(usize, usize) -> Sign) -> Result<(), String> {
        for (k, &got) in self.exact.iter().enumerate() {
            let (i, j) = (k % CELLS, k / CELLS);
            let want = expected(i, j);
            if got != want {
                return Err(format!(
                    "sign map {}: isect answers {got} at (i, j) = ({i}, {j}), exact arithmetic says {want}",
                    self.name
                ));
            }
        }
        Ok(())
    }

    /// Writes the three PNGs and the SVG figure into `dir`; returns the summary.
    pub fn write(&self, dir: &Path, prefix: &str) -> Result<MapSummary, String> {
        let colour = |s: Sign| match s {
            Sign::Positive => POSITIVE,
            Sign::Zero => ZERO,
            Sign::Negative => NEGATIVE,
        };
        let pale = |c: [u8; 3]| c.map(|x| 255 - (255 - x) / 4);
        let naive: Vec<[u8; 3]> = self.naive.iter().map(|&s| colour(s)).collect();
        let exact: Vec<[u8; 3]> = self.exact.iter().map(|&s| colour(s)).collect();
        let diff: Vec<[u8; 3]> = (self.naive.iter().zip(&self.exact))
            .map(|(&n, &e)| if n == e { pale(colour(e)) } else { WRONG })
            .collect();
        let mut files = Vec::new();
        let mut pngs = Vec::new();
        for (kind, cells) in [("naive", naive), ("exact", exact), ("diff", diff)] {
            let file = format!("{prefix}{}_{kind}.png", self.name);
            let side = CELLS * SCALE;
            let mut data = Vec::with_capacity(side * side * 3);
            for y in 0..side {
                let j = CELLS - 1 - y / SCALE;
                for x in 0..side {
                    data.extend_from_slice(&cells[j * CELLS + x / SCALE]);
                }
            }
            write_png(&dir.join(&file), side as u32, side as u32, &data)?;
            pngs.push(std::fs::read(dir.join(&file)).map_err(|e| format!("reading {file}: {e}"))?);
            files.push(file);
        }
        let mut kinds = [0usize; 3];
        for (n, e) in self.naive.iter().zip(&self.exact).filter(|(n, e)| n != e) {
            kinds[if n.is_zero() {
                0
            } else if e.is_zero() {
                1
            } else {
                2
            }] += 1;
        }
        let summary = MapSummary {
            name: self.name,
            title: self.title.clone(),
            cells: self.exact.len(),
            wrong: kinds.iter().sum(),
            false_zero: kinds[0],
            missed_zero: kinds[1],
            wrong_sign: kinds[2],
            files: Vec::new(),
        };
        let svg = format!("{prefix}{}.svg", self.name);
        std::fs::write(dir.join(&svg), self.svg(&pngs, &summary))
            .map_err(|e| format!("writing {svg}: {e}"))?;
        files.push(svg);
        Ok(MapSummary { files, ..summary })
    }

    /// A figure with the three maps side by side (the PNGs embedded) and their captions.
    fn svg(&self, pngs: &[Vec<u8>], s: &MapSummary) -> String {
        let side = CELLS * SCALE;
        let (gap, top, bottom) = (24, 56, 40);
        let width = 3 * side + 4 * gap;
        let height = top + side + bottom;
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
             <text x=\"{gap}\" y=\"22\" font-size=\"15\">{}</text>\n",
            escape(&self.title)
        );
        let captions = [
            "plain float formula".to_string(),
            "isect (exact)".to_string(),
            format!("wrong cells (black): {} of {}", s.wrong, s.cells),
        ];
        for (k, (png, caption)) in pngs.iter().zip(captions).enumerate() {
            let x = gap + k * (side + gap);
            out += &format!(
                "<text x=\"{x}\" y=\"{}\" font-size=\"14\">{}</text>\n\
                 <image x=\"{x}\" y=\"{top}\" width=\"{side}\" height=\"{side}\" \
                 style=\"image-rendering:pixelated\" href=\"data:image/png;base64,{}\"/>\n",
                top - 8,
                escape(&caption),
                base64(png)
            );
        }
        out += &format!(
            "<text x=\"{gap}\" y=\"{}\" font-size=\"13\">i →, j ↑; red: positive, yellow: zero, blue: negative</text>\n</svg>\n",
            top + side + 26
        );
        out
    }
}

/// `<`, `>` and `&` escaped for XML and HTML text.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The orient2d and incircle panels for float type `T`, with the exact signs checked
/// against their closed forms.
pub fn panels<T: AuditFloat>() -> Result<[Panel; 2], String> {
    // The spacing of T's floats in [0.5, 1): 2^-53 for f64, 2^-24 for f32.
    let (u, exp) = if T::NAME == "f32" {
        (2f64.powi(-24), 24)
    } else {
        (2f64.powi(-53), 53)
    };
    let t = |p: [f64; 2]| p.map(T::from_f64);
    let (q, r) = (t([12.0, 12.0]), t([24.0, 24.0]));
    let orient = Panel::new(
        "orient2d",
        format!(
            "orient2d(p, q, r) in {}: q = (12, 12), r = (24, 24), p = (0.5 + i·2⁻{}, 0.5 + j·2⁻{}), 0 ≤ i, j < 256",
            T::NAME,
            superscript(exp),
            superscript(exp)
        ),
        |i, j| [0.5 + i as f64 * u, 0.5 + j as f64 * u],
        |p| {
            let (value, _) = orient2d_naive(q, r, t(p));
            Sign::of(value)
        },
        |p| isect::orient2d(t(p), q, r),
    );
    // The circle through a, b, c has centre (12.5, 12.5) and passes through (0.5, 0.5).
    let (a, b, c) = (t([24.5, 0.5]), t([24.5, 24.5]), t([0.5, 24.5]));
    let half = (CELLS / 2) as f64;
    let circle = Panel::new(
        "incircle",
        format!(
            "incircle(a, b, c, d) in {}: a = (24.5, 0.5), b = (24.5, 24.5), c = (0.5, 24.5), d = (0.5 + (i − 128)·2⁻{}, 0.5 + (j − 128)·2⁻{})",
            T::NAME,
            superscript(exp),
            superscript(exp)
        ),
        |i, j| [0.5 + (i as f64 - half) * u, 0.5 + (j as f64 - half) * u],
        |d| {
            let (value, _) = incircle_naive(a, b, c, t(d));
            Sign::of(value)
        },
        |d| isect::incircle(a, b, c, t(d)),
    );
    // Both maps have closed forms, so the exact kernel is checked on every cell.
    // orient2d: (q − p) × (r − p) = 12·u·(j − i).
    orient.check(|i, j| Sign::from_ordering(j.cmp(&i)))?;
    // incircle: with d = (0.5 + s, 0.5 + t), d is inside iff s + t > (s² + t²)/24. On the
    // grid s + t is a multiple of u and (s² + t²)/24 < u (|s|, |t| ≤ 128u), so: inside iff
    // i + j > 256, on the circle iff s = t = 0, outside otherwise.
    circle.check(|i, j| {
        if (i, j) == (CELLS / 2, CELLS / 2) {
            Sign::Zero
        } else if i + j > CELLS {
            Sign::Positive
        } else {
            Sign::Negative
        }
    })?;
    Ok([orient, circle])
}

fn superscript(n: u32) -> String {
    n.to_string()
        .chars()
        .map(|c| {
            "⁰¹²³⁴⁵⁶⁷⁸⁹"
                .chars()
                .nth(c.to_digit(10).unwrap_or(0) as usize)
                .unwrap_or(c)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc4648_vectors() {
        for (input, want) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(input.as_bytes()), want);
        }
    }

    #[test]
    fn superscripts() {
        assert_eq!(superscript(53), "⁵³");
    }
}
