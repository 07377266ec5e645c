//! The peer fixtures (1,000 exact-sign cases per predicate from the `robust` crate's test
//! set, see `tests/fixtures/robust/README.md`) against isect and against the oracle.
//!
//! The expected signs come from the fixture files, which another project computed; the
//! oracle agreeing with all of them is also the check of the oracle's sign conventions.

use std::path::{Path, PathBuf};

use isect::Sign;
use isect_testkit::Q;
use isect_testkit::float::{bit_span, to_q};
use isect_testkit::predicates as oracle;
use isect_testkit::q::q_pow2;

/// The in-repository copy (what the tests read).
fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/robust")
}

/// The shared peer directory the copy came from, if present.
fn peer_dir() -> PathBuf {
    match std::env::var_os("ISECT_PEER_FIXTURES") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/peer-fixtures/robust"
        )),
    }
}

const FILES: [&str; 4] = [
    "orient2d.txt",
    "orient3d.txt",
    "incircle.txt",
    "insphere.txt",
];

/// One fixture line.
#[derive(Debug, Clone)]
struct Case {
    line: usize,
    number: u64,
    coords: Vec<f64>,
    expected: Sign,
}

/// Parses a fixture file with `n_coords` coordinates per line. Errors name the file, the
/// line and the column (1-based character position, and the field number).
fn parse(file: &str, text: &str, n_coords: usize) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        // (column, token) pairs; columns are 1-based character positions.
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (pos, ch) in line
            .char_indices()
            .chain(std::iter::once((line.len(), ' ')))
        {
            match (ch.is_whitespace(), start) {
                (false, None) => start = Some(pos),
                (true, Some(s)) => {
                    fields.push((line[..s].chars().count() + 1, &line[s..pos]));
                    start = None;
                }
                _ => {}
            }
        }
        let err = |col: usize, field: usize, msg: String| {
            format!("{file}, line {line_no}, column {col} (field {field}): {msg}")
        };
        let want = n_coords + 2;
        if fields.len() != want {
            // Too few: point at the last field present; too many: at the first extra one.
            let idx = if fields.len() < want {
                fields.len().saturating_sub(1)
            } else {
                want
            };
            let col = fields.get(idx).map_or(1, |f| f.0);
            return Err(err(
                col,
                idx + 1,
                format!(
                    "expected {want} fields (case number, {n_coords} coordinates, sign), found {}",
                    fields.len()
                ),
            ));
        }
        let (c0, t0) = fields[0];
        let number: u64 = t0.parse().map_err(|_| {
            err(
                c0,
                1,
                format!("case number {t0:?} is not a non-negative integer"),
            )
        })?;
        let mut values = Vec::with_capacity(n_coords + 1);
        for (k, &(col, tok)) in fields[1..].iter().enumerate() {
            let x: f64 = tok
                .parse()
                .map_err(|_| err(col, k + 2, format!("{tok:?} is not a number")))?;
            if !x.is_finite() {
                return Err(err(col, k + 2, format!("{tok:?} is not finite")));
            }
            values.push(x);
        }
        let s = values.pop().unwrap();
        cases.push(Case {
            line: line_no,
            number,
            coords: values,
            expected: Sign::of(s),
        });
    }
    Ok(cases)
}

fn load(file: &str, n_coords: usize) -> Vec<Case> {
    let path = fixture_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let cases = parse(file, &text, n_coords).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cases.len(), 1000, "{file}: expected 1000 cases");
    cases
}

fn pts<const D: usize, const N: usize>(c: &[f64]) -> [[f64; D]; N] {
    assert_eq!(c.len(), D * N);
    std::array::from_fn(|i| std::array::from_fn(|j| c[i * D + j]))
}

/// Runs `check` on every case and reports all failures at once.
fn run(file: &str, n_coords: usize, check: impl Fn(&Case) -> Vec<String>) {
    let cases = load(file, n_coords);
    let failures: Vec<String> = cases
        .iter()
        .flat_map(|c| {
            check(c)
                .into_iter()
                .map(move |m| format!("{file} line {} (case {}): {m}", c.line, c.number))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Appends a message when `got != want`.
fn expect(out: &mut Vec<String>, what: &str, got: Sign, want: Sign) {
    if got != want {
        out.push(format!("{what}: got {got}, expected {want}"));
    }
}

/// `Some(points)` when every coordinate is exactly an `f32`.
fn as_f32<const D: usize, const N: usize>(p: &[[f64; D]; N]) -> Option<[[f32; D]; N]> {
    let q = p.map(|r| r.map(|x| x as f32));
    (0..N)
        .all(|i| (0..D).all(|j| f64::from(q[i][j]) == p[i][j]))
        .then_some(q)
}

#[test]
fn orient2d_fixtures() {
    run("orient2d.txt", 6, |c| {
        let p: [[f64; 2]; 3] = pts(&c.coords);
        let want = c.expected;
        let mut out = Vec::new();
        expect(&mut out, "oracle", oracle::orient2d(&p), want);
        expect(&mut out, "f64", isect::orient2d(p[0], p[1], p[2]), want);
        expect(
            &mut out,
            "f64 swapped",
            isect::orient2d(p[1], p[0], p[2]),
            -want,
        );
        let q = to_q(&p);
        expect(
            &mut out,
            "BigRational",
            isect::orient2d(&q[0], &q[1], &q[2]),
            want,
        );
        if let Some(f) = as_f32(&p) {
            expect(&mut out, "f32", isect::orient2d(f[0], f[1], f[2]), want);
        }
        // The same data rounded to f32: a new case, judged by the oracle.
        let r = p.map(|x| x.map(|v| v as f32));
        if r.iter().flatten().all(|v| v.is_finite()) {
            expect(
                &mut out,
                "f32-rounded",
                isect::orient2d(r[0], r[1], r[2]),
                oracle::orient2d(&r),
            );
        }
        out
    });
}

#[test]
fn orient3d_fixtures() {
    run("orient3d.txt", 12, |c| {
        let p: [[f64; 3]; 4] = pts(&c.coords);
        let want = c.expected;
        let mut out = Vec::new();
        expect(&mut out, "oracle", oracle::orient3d(&p), want);
        expect(
            &mut out,
            "f64",
            isect::orient3d(p[0], p[1], p[2], p[3]),
            want,
        );
        expect(
            &mut out,
            "f64 swapped",
            isect::orient3d(p[0], p[1], p[3], p[2]),
            -want,
        );
        let q = to_q(&p);
        expect(
            &mut out,
            "BigRational",
            isect::orient3d(&q[0], &q[1], &q[2], &q[3]),
            want,
        );
        if let Some(f) = as_f32(&p) {
            expect(
                &mut out,
                "f32",
                isect::orient3d(f[0], f[1], f[2], f[3]),
                want,
            );
        }
        let r = p.map(|x| x.map(|v| v as f32));
        if r.iter().flatten().all(|v| v.is_finite()) {
            expect(
                &mut out,
                "f32-rounded",
                isect::orient3d(r[0], r[1], r[2], r[3]),
                oracle::orient3d(&r),
            );
        }
        out
    });
}

#[test]
fn incircle_fixtures() {
    run("incircle.txt", 8, |c| {
        let p: [[f64; 2]; 4] = pts(&c.coords);
        let want = c.expected;
        let mut out = Vec::new();
        expect(&mut out, "oracle", oracle::incircle(&p), want);
        expect(
            &mut out,
            "f64",
            isect::incircle(p[0], p[1], p[2], p[3]),
            want,
        );
        expect(
            &mut out,
            "f64 swapped",
            isect::incircle(p[1], p[0], p[2], p[3]),
            -want,
        );
        let q = to_q(&p);
        expect(
            &mut out,
            "BigRational",
            isect::incircle(&q[0], &q[1], &q[2], &q[3]),
            want,
        );
        if let Some(f) = as_f32(&p) {
            expect(
                &mut out,
                "f32",
                isect::incircle(f[0], f[1], f[2], f[3]),
                want,
            );
        }
        let r = p.map(|x| x.map(|v| v as f32));
        if r.iter().flatten().all(|v| v.is_finite()) {
            expect(
                &mut out,
                "f32-rounded",
                isect::incircle(r[0], r[1], r[2], r[3]),
                oracle::incircle(&r),
            );
        }
        out
    });
}

#[test]
fn insphere_fixtures() {
    run("insphere.txt", 15, |c| {
        let p: [[f64; 3]; 5] = pts(&c.coords);
        let want = c.expected;
        let mut out = Vec::new();
        expect(&mut out, "oracle", oracle::insphere(&p), want);
        expect(
            &mut out,
            "f64",
            isect::insphere(p[0], p[1], p[2], p[3], p[4]),
            want,
        );
        expect(
            &mut out,
            "f64 swapped",
            isect::insphere(p[0], p[1], p[2], p[4], p[3]),
            -want,
        );
        let q = to_q(&p);
        expect(
            &mut out,
            "BigRational",
            isect::insphere(&q[0], &q[1], &q[2], &q[3], &q[4]),
            want,
        );
        if let Some(f) = as_f32(&p) {
            expect(
                &mut out,
                "f32",
                isect::insphere(f[0], f[1], f[2], f[3], f[4]),
                want,
            );
        }
        let r = p.map(|x| x.map(|v| v as f32));
        if r.iter().flatten().all(|v| v.is_finite()) {
            expect(
                &mut out,
                "f32-rounded",
                isect::insphere(r[0], r[1], r[2], r[3], r[4]),
                oracle::insphere(&r),
            );
        }
        out
    });
}

#[test]
fn fixture_signs_are_balanced_and_nonzero() {
    // A sanity check that the files were read as intended: the data set has no zero cases
    // and both signs occur often (a parser that lost the last column would fail here).
    for (file, n) in FILES.iter().zip([6, 12, 8, 15]) {
        let cases = load(file, n);
        let pos = cases
            .iter()
            .filter(|c| c.expected == Sign::Positive)
            .count();
        let neg = cases
            .iter()
            .filter(|c| c.expected == Sign::Negative)
            .count();
        assert_eq!(pos + neg, 1000, "{file}");
        assert!(
            pos > 300 && neg > 300,
            "{file}: {pos} positive, {neg} negative"
        );
        // Case numbers run 1..=1000 in order.
        assert!(
            cases
                .iter()
                .enumerate()
                .all(|(i, c)| c.number == i as u64 + 1),
            "{file}"
        );
    }
}

#[test]
fn in_repo_copy_matches_peer_fixtures() {
    let peer = peer_dir();
    if !peer.is_dir() {
        eprintln!(
            "peer fixtures not found at {} (set ISECT_PEER_FIXTURES); using the in-repo copy only",
            peer.display()
        );
        return;
    }
    for file in FILES {
        let ours = std::fs::read(fixture_dir().join(file)).unwrap();
        let theirs = std::fs::read(peer.join(file))
            .unwrap_or_else(|e| panic!("{}: {e}", peer.join(file).display()));
        assert!(
            ours == theirs,
            "tests/fixtures/robust/{file} differs from {}",
            peer.join(file).display()
        );
    }
}

#[test]
fn malformed_lines_are_reported_with_file_line_and_column() {
    let good = "1 0.0 0.0 1.0 0.0 0.0 1.0 1\n";
    assert_eq!(parse("t.txt", good, 6).unwrap().len(), 1);

    // (text, expected line, expected column, expected field)
    let bad: [(&str, usize, usize, usize); 6] = [
        // A coordinate that is not a number: "1.0x" starts at column 11 of line 2.
        (
            "1 0.0 0.0 1.0 0.0 0.0 1.0 1\n2 0.0 0.0 1.0x 0.0 0.0 1.0 1\n",
            2,
            11,
            4,
        ),
        // A missing column: 7 fields instead of 8; reported at the last field present.
        ("1 0.0 0.0 1.0 0.0 0.0 1\n", 1, 23, 7),
        // One field too many: reported at the first extra field (field 9, column 29).
        ("1 0.0 0.0 1.0 0.0 0.0 1.0 1 9\n", 1, 29, 9),
        // A bad case number.
        ("x1 0.0 0.0 1.0 0.0 0.0 1.0 1\n", 1, 1, 1),
        // A non-finite coordinate, after leading whitespace.
        ("  1 0.0 inf 1.0 0.0 0.0 1.0 1\n", 1, 9, 3),
        // A bad sign column on line 3 (blank line 2 is skipped).
        ("1 0 0 1 0 0 1 1\n\n3 0 0 1 0 0 1 +-1\n", 3, 15, 8),
    ];
    for (text, line, col, field) in bad {
        let e = parse("orient2d.txt", text, 6).expect_err(text);
        let want = format!("orient2d.txt, line {line}, column {col} (field {field})");
        assert!(
            e.starts_with(&want),
            "for {text:?}:\n  got  {e}\n  want {want}…"
        );
    }
}

#[test]
fn fixture_rational_conversion_is_exact() {
    // The decimal strings are read as the nearest f64; the oracle sees exactly that f64.
    // Spot-check the conversion against an independent decomposition for every value of
    // one file.
    for c in load("orient2d.txt", 6) {
        for &x in &c.coords {
            let q = Q::from_float(x).unwrap();
            let (lo, _) = bit_span(x).unwrap_or((0, 0));
            // x = odd · 2^lo, so q · 2^-lo is an odd integer (or zero).
            let scaled = q * q_pow2(-lo);
            assert!(scaled.is_integer(), "{x:e}");
            if x != 0.0 {
                assert!(
                    scaled.numer() % 2u32 != num_bigint::BigInt::from(0),
                    "{x:e}"
                );
            }
        }
    }
}

/// Every fixture file through the batch predicates at once, as slices of points and as
/// one slice per coordinate (`Axes`), in the file's order (hard cases beside each other
/// in one chunk) and in a seeded shuffle: every row must give the file's sign.
#[test]
fn fixtures_through_the_batch() {
    use super::batch::{incircle_layouts, insphere_layouts, orient2d_layouts, orient3d_layouts};
    use isect_testkit::Rng;

    /// The file's cases as rows of `K` points of dimension `D`.
    fn rows<const D: usize, const K: usize>(cases: &[Case]) -> Vec<[[f64; D]; K]> {
        cases.iter().map(|c| pts(&c.coords)).collect()
    }
    /// Each layout's answers (`[slices, axes]`) against the file's signs.
    fn check(file: &str, order: &str, cases: &[Case], answers: [Vec<Sign>; 2]) {
        for (layout, got) in ["slices", "axes"].into_iter().zip(answers) {
            let bad: Vec<usize> = (0..cases.len())
                .filter(|&i| got[i] != cases[i].expected)
                .collect();
            assert!(
                bad.is_empty(),
                "{file} ({order}, {layout}): rows {bad:?} differ from the file"
            );
        }
    }

    let mut g = Rng::new(0xF1C5);
    for order in ["file order", "shuffled"] {
        let mut cases: Vec<Vec<Case>> = [6, 12, 8, 15]
            .iter()
            .zip(FILES)
            .map(|(&n, f)| load(f, n))
            .collect();
        if order == "shuffled" {
            for c in &mut cases {
                for i in (1..c.len()).rev() {
                    c.swap(i, g.range(0, i as i64) as usize);
                }
            }
        }
        let [o2, o3, ic, is] = [&cases[0], &cases[1], &cases[2], &cases[3]];
        check(FILES[0], order, o2, orient2d_layouts(&rows::<2, 3>(o2)));
        check(FILES[1], order, o3, orient3d_layouts(&rows::<3, 4>(o3)));
        check(FILES[2], order, ic, incircle_layouts(&rows::<2, 4>(ic)));
        check(FILES[3], order, is, insphere_layouts(&rows::<3, 5>(is)));
    }
}
