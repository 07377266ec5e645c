//! Sign maps: the plain floating-point predicate against isect's exact one, drawn as images.
//!
//! The first panel is the picture from Kettner, Mehlhorn, Pion, Schirra and Yap,
//! "Classroom examples of robustness problems in geometric computations" (2008):
//! `orient2d(p, q, r)` with `q = (12, 12)`, `r = (24, 24)` and `p` running over a
//! 256 × 256 grid of neighbouring doubles `p = (0.5 + i·u, 0.5 + j·u)`, `u = 2⁻⁵³` (the
//! spacing of the doubles at 0.5). Exactly, the points are collinear on the diagonal
//! `i = j`, counterclockwise above it and clockwise below; the plain formula paints a
//! scatter of wrong answers across the whole square.
//!
//! The second panel does the same for `incircle(a, b, c, d)`: `a, b, c` are three corners
//! of the square `[0.5, 24.5]²`, whose circumcircle passes through the fourth corner
//! `(0.5, 0.5)`, and `d` runs over the 256 × 256 grid of doubles centred on that corner.
//!
//! For each panel three PNGs are written: the naive signs, the exact signs, and where they
//! differ. Colours: positive red, zero yellow, negative blue; in the difference map the
//! cells where the naive sign is wrong are black, the others a pale shade of the exact
//! sign. Row `j = 0` is at the bottom, so the pictures have the usual axes.
//!
//! Run: `cargo run --release --example sign_map [OUT_DIR]` (default `out/`).

use std::error::Error;
use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

use isect::Sign;

/// Cells per side of a map.
const CELLS: usize = 256;
/// Pixels per side of a cell.
const SCALE: usize = 2;
/// The grid step: the spacing of the doubles in `[0.5, 1)`.
const U: f64 = 1.0 / (1u64 << 53) as f64;

const POSITIVE: [u8; 3] = [215, 48, 39];
const ZERO: [u8; 3] = [254, 217, 56];
const NEGATIVE: [u8; 3] = [49, 104, 180];
const WRONG: [u8; 3] = [0, 0, 0];

fn sign_of(x: f64) -> Sign {
    if x > 0.0 {
        Sign::Positive
    } else if x < 0.0 {
        Sign::Negative
    } else {
        Sign::Zero
    }
}

/// The plain formula as written in the paper: `(q − p) × (r − p)`.
fn naive_orient2d(p: [f64; 2], q: [f64; 2], r: [f64; 2]) -> Sign {
    sign_of((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]))
}

/// The plain incircle determinant in Shewchuk's difference form (rows relative to `d`).
fn naive_incircle(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> Sign {
    let (adx, ady) = (a[0] - d[0], a[1] - d[1]);
    let (bdx, bdy) = (b[0] - d[0], b[1] - d[1]);
    let (cdx, cdy) = (c[0] - d[0], c[1] - d[1]);
    let alift = adx * adx + ady * ady;
    let blift = bdx * bdx + bdy * bdy;
    let clift = cdx * cdx + cdy * cdy;
    sign_of(
        alift * (bdx * cdy - cdx * bdy)
            + blift * (cdx * ady - adx * cdy)
            + clift * (adx * bdy - bdx * ady),
    )
}

/// One predicate over the grid: naive and exact signs, row-major with `j` as the row.
struct Panel {
    name: &'static str,
    title: String,
    naive: Vec<Sign>,
    exact: Vec<Sign>,
}

impl Panel {
    /// Evaluates both predicates at every grid point `point(i, j)`.
    fn new(
        name: &'static str,
        title: String,
        point: impl Fn(usize, usize) -> [f64; 2],
        naive: impl Fn([f64; 2]) -> Sign,
        exact: impl Fn([f64; 2]) -> Sign,
    ) -> Panel {
        let points: Vec<[f64; 2]> = (0..CELLS)
            .flat_map(|j| (0..CELLS).map(move |i| (i, j)))
            .map(|(i, j)| point(i, j))
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
                    "{}: isect answers {got} at (i, j) = ({i}, {j}), exact arithmetic says {want}",
                    self.name
                ));
            }
        }
        Ok(())
    }

    fn wrong(&self) -> usize {
        self.naive
            .iter()
            .zip(&self.exact)
            .filter(|(n, e)| n != e)
            .count()
    }

    fn print_summary(&self) {
        let total = self.exact.len();
        let wrong = self.wrong();
        println!("{}", self.title);
        println!(
            "  naive sign wrong in {wrong} of {total} cells ({:.1}%)",
            100.0 * wrong as f64 / total as f64
        );
        let mut kinds = [0usize; 3]; // claims zero, misses zero, flips the sign
        for (n, e) in self.naive.iter().zip(&self.exact).filter(|(n, e)| n != e) {
            kinds[if n.is_zero() {
                0
            } else if e.is_zero() {
                1
            } else {
                2
            }] += 1;
        }
        println!(
            "    {} say zero for non-degenerate points, {} miss an exact zero, {} have the opposite sign",
            kinds[0], kinds[1], kinds[2]
        );
        for (label, signs) in [("naive", &self.naive), ("exact", &self.exact)] {
            let count = |s: Sign| signs.iter().filter(|&&x| x == s).count();
            println!(
                "  {label}: {:>6} positive {:>6} zero {:>6} negative",
                count(Sign::Positive),
                count(Sign::Zero),
                count(Sign::Negative)
            );
        }
    }

    fn write_pngs(&self, dir: &Path) -> Result<Vec<String>, Box<dyn Error>> {
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
        let mut written = Vec::new();
        for (kind, cells) in [("naive", naive), ("exact", exact), ("diff", diff)] {
            let path = dir.join(format!("{}_{kind}.png", self.name));
            write_png(&path, &cells)?;
            written.push(path.display().to_string());
        }
        Ok(written)
    }
}

/// Writes the grid of cell colours (row-major, `j` as the row) as an RGB image, `SCALE`
/// pixels per cell, row `j = 0` at the bottom.
fn write_png(path: &Path, cells: &[[u8; 3]]) -> Result<(), Box<dyn Error>> {
    let side = CELLS * SCALE;
    let mut data = Vec::with_capacity(side * side * 3);
    for y in 0..side {
        let j = CELLS - 1 - y / SCALE;
        for x in 0..side {
            data.extend_from_slice(&cells[j * CELLS + x / SCALE]);
        }
    }
    let mut encoder = png::Encoder::new(
        BufWriter::new(File::create(path)?),
        side as u32,
        side as u32,
    );
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&data)?;
    writer.finish()?;
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "out".to_string());
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir)?;

    let (q, r) = ([12.0, 12.0], [24.0, 24.0]);
    let orient = Panel::new(
        "orient2d",
        "orient2d(p, q, r), q = (12, 12), r = (24, 24), p = (0.5 + i·2⁻⁵³, 0.5 + j·2⁻⁵³), 0 ≤ i, j < 256"
            .to_string(),
        |i, j| [0.5 + i as f64 * U, 0.5 + j as f64 * U],
        |p| naive_orient2d(p, q, r),
        |p| isect::orient2d(p, q, r),
    );

    // The circle through a, b, c has centre (12.5, 12.5) and passes through (0.5, 0.5).
    let (a, b, c) = ([24.5, 0.5], [24.5, 24.5], [0.5, 24.5]);
    let half = (CELLS / 2) as f64;
    let circle = Panel::new(
        "incircle",
        "incircle(a, b, c, d), a = (24.5, 0.5), b = (24.5, 24.5), c = (0.5, 24.5), \
         d = (0.5 + (i − 128)·2⁻⁵³, 0.5 + (j − 128)·2⁻⁵³), 0 ≤ i, j < 256"
            .to_string(),
        |i, j| [0.5 + (i as f64 - half) * U, 0.5 + (j as f64 - half) * U],
        |d| naive_incircle(a, b, c, d),
        |d| isect::incircle(a, b, c, d),
    );

    // Both maps have closed forms, so the example doubles as a test of the exact kernel.
    // orient2d: (q − p) × (r − p) = 12·u·(j − i).
    orient.check(|i, j| Sign::from_ordering(j.cmp(&i)))?;
    // incircle: with d = (0.5 + s, 0.5 + t), d is inside iff s + t > (s² + t²)/24. On the
    // grid s + t is a multiple of u and (s² + t²)/24 < u, so: inside iff i + j > 256,
    // on the circle iff s = t = 0, outside otherwise.
    circle.check(|i, j| {
        if (i, j) == (CELLS / 2, CELLS / 2) {
            Sign::Zero
        } else if i + j > CELLS {
            Sign::Positive
        } else {
            Sign::Negative
        }
    })?;

    for panel in [&orient, &circle] {
        panel.print_summary();
        for path in panel.write_pngs(dir)? {
            println!("  wrote {path}");
        }
        println!();
    }
    Ok(())
}
