//! The row reader of `isect oracle` (`isect_cli::oracle_cmd::engine`):
//! `scan_csv` and `scan_jsonl` on every test kind, with and without an answer column, in
//! `f64` and `f32`.
//!
//! * Arbitrary text (any bytes, lossily UTF-8): never a panic; a malformed line stops the
//!   scan with an issue whose line is a line of the text and whose column is within it
//!   (1-based, at most one past its end); every answered row printed one answer line;
//!   the counts add up.
//! * Files written here from the decoder's floats (shortest round-trip decimals, JSON
//!   numbers, `inf`/`NaN` spelled as CSV fields or JSON strings), with comment and blank
//!   lines, CRLF endings and the answer column in every accepted spelling: the answers
//!   equal an independent evaluation (the test kit's rational Bareiss oracle for the
//!   four predicates; the library's exact tests, fuzzed on their own elsewhere, for the
//!   ray and triangle kinds), `invalid` exactly on rows with a non-finite value, and the
//!   given answers flipped on chosen rows are exactly the disagreements reported, with
//!   their lines and outcome classes. A field replaced by a bad token stops the scan at
//!   that line (and, for CSV, at that field's column), after the rows before it.
#![no_main]

use isect::oracle::KINDS;
use isect::ray::ray_aabb;
use isect::ray::ray_triangle_closed;
use isect::{Aabb, Ray, Sign, Triangle};
use isect_cli::oracle_cmd::engine::{
    is_sign, kind_named, outcome, scan_csv, scan_jsonl, Chunk, Kind, Layout,
};
use isect_fuzz::{q2, q3, Src};
use isect_testkit::predicates as oracle;
use libfuzzer_sys::fuzz_target;

fn code(s: Sign) -> i8 {
    match s {
        Sign::Negative => -1,
        Sign::Zero => 0,
        Sign::Positive => 1,
    }
}

/// The answer for a row of finite values, computed independently of the engine.
fn expected(kind: Kind, v: &[f64]) -> i8 {
    let p2 = |i: usize| q2(&[v[i], v[i + 1]]);
    let p3 = |i: usize| q3(&[v[i], v[i + 1], v[i + 2]]);
    let f3 = |i: usize| [v[i], v[i + 1], v[i + 2]];
    match kind.name {
        "orient2d" => code(oracle::orient2d_q(&[p2(0), p2(2), p2(4)])),
        "orient3d" => code(oracle::orient3d_q(&[p3(0), p3(3), p3(6), p3(9)])),
        "incircle" => code(oracle::incircle_q(&[p2(0), p2(2), p2(4), p2(6)])),
        "insphere" => code(oracle::insphere_q(&[p3(0), p3(3), p3(6), p3(9), p3(12)])),
        "ray-triangle" => {
            let ray = Ray::new(f3(0), f3(3));
            ray_triangle_closed(&ray, &Triangle::new(f3(6), f3(9), f3(12))).is_some() as i8
        }
        "tri-tri" => isect::tri_tri_intersect([f3(0), f3(3), f3(6)], [f3(9), f3(12), f3(15)]) as i8,
        "ray-aabb" => ray_aabb(&Ray::new(f3(0), f3(3)), &Aabb::new(f3(6), f3(9))).is_some() as i8,
        other => panic!("a kind this target has no oracle for: {other}"),
    }
}

/// One spelling of an answer the engine accepts.
fn spell(kind: Kind, a: i8, style: u8) -> &'static str {
    if is_sign(kind) {
        match (a, style % 3) {
            (-1, 0) => "-1",
            (-1, 1) => "negative",
            (-1, _) => "NEG",
            (0, 0) => "0",
            (0, 1) => "zero",
            (0, _) => "-0",
            (_, 0) => "1",
            (_, 1) => "+1",
            (_, _) => "Positive",
        }
    } else {
        match (a, style % 3) {
            (0, 0) => "0",
            (0, 1) => "false",
            (0, _) => "miss",
            (_, 0) => "1",
            (_, 1) => "true",
            (_, _) => "HIT",
        }
    }
}

/// A number as the file writes it: shortest round-trip decimal in the layout's type.
fn number(x: f64, f32: bool) -> String {
    if f32 {
        format!("{:?}", x as f32)
    } else {
        format!("{x:?}")
    }
}

fn json_number(x: f64, f32: bool) -> String {
    if x.is_finite() {
        // serde_json's float_roundtrip feature parses these back exactly.
        number(x, f32)
    } else {
        format!("\"{}\"", number(x, f32))
    }
}

fn check_invariants(text: &str, chunk: &Chunk) {
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    let answered = chunk.out.iter().filter(|&&b| b == b'\n').count() as u64;
    assert_eq!(answered, chunk.rows, "one answer line per row");
    assert!(chunk.invalid_rows <= chunk.rows);
    let compared = chunk.agree + chunk.outcomes.iter().sum::<u64>();
    assert!(compared <= chunk.rows - chunk.invalid_rows);
    for line in chunk.out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        assert!(
            matches!(line, b"-1" | b"0" | b"1" | b"invalid"),
            "answer {:?}",
            String::from_utf8_lossy(line)
        );
    }
    if let Some(e) = &chunk.error {
        let l = lines
            .get(e.line as usize)
            .unwrap_or_else(|| panic!("error line {} of {}", e.line, lines.len()));
        let len = l.strip_suffix('\r').unwrap_or(l).len();
        assert!(e.column >= 1, "column {}", e.column);
        // serde_json counts characters, the CSV reader bytes: either is within the line.
        assert!(
            e.column <= len + 1,
            "column {} of a {len}-byte line",
            e.column
        );
        assert!(!e.message.is_empty());
    } else {
        assert_eq!(chunk.lines, lines.len() as u64);
    }
    for issue in &chunk.invalid {
        assert!((issue.line as usize) < lines.len());
        assert!(issue.message.contains("non-finite"));
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    if data[0] & 0x80 != 0 {
        // Arbitrary text.
        let kind = &KINDS[data[1] as usize % KINDS.len()];
        let layout = Layout {
            kind,
            answers: data[2] & 1 == 1,
            f32: data[2] & 2 == 2,
            keep: 3,
            keep_disagreements: 3,
        };
        // The kind is found by its name in any spelling the command line accepts.
        let spelled = if data[2] & 8 == 8 {
            kind.name.to_ascii_uppercase().replace('-', "_")
        } else {
            format!(" {} ", kind.name)
        };
        // (By name and columns: `KINDS` is a constant, so its entries have no one address.)
        assert_eq!(
            kind_named(&spelled).map(|k| (k.name, k.columns)),
            Some((kind.name, kind.columns)),
            "kind_named({spelled:?})"
        );
        let text = String::from_utf8_lossy(&data[3..]);
        let mut chunk = Chunk::default();
        if data[2] & 4 == 4 {
            scan_jsonl(&layout, &text, &mut chunk);
        } else {
            scan_csv(&layout, &text, &mut chunk);
        }
        check_invariants(&text, &chunk);
        return;
    }
    let mut s = Src::new(&data[1..]);
    let kind: Kind = &KINDS[s.below(KINDS.len())];
    let flags = s.byte();
    let jsonl = flags & 1 == 1;
    let objects = flags & 2 == 2;
    let crlf = flags & 4 == 4;
    let layout = Layout {
        kind,
        answers: flags & 8 == 8,
        f32: s.f32_mode,
        keep: 2,
        keep_disagreements: 2,
    };
    let arity = kind.arity();
    let n = 1 + s.below(4);
    let corrupt = if flags & 16 == 16 {
        Some((s.below(n), s.below(arity)))
    } else {
        None
    };
    let mut text = String::new();
    let eol = if crlf { "\r\n" } else { "\n" };
    let mut line = 0u64;
    // Per row: its line, its expected answer (None: invalid), whether its answer is flipped.
    let mut rows: Vec<(u64, Option<i8>, bool, i8)> = Vec::new();
    let mut corrupt_at: Option<(u64, usize)> = None;
    for r in 0..n {
        match s.byte() % 4 {
            0 if !jsonl => {
                text.push_str("# a comment, 1,2,3");
                text.push_str(eol);
                line += 1;
            }
            1 => {
                text.push_str("  ");
                text.push_str(eol);
                line += 1;
            }
            _ => {}
        }
        let v: Vec<f64> = (0..arity).map(|_| s.f64()).collect();
        let finite = v.iter().all(|x| x.is_finite());
        let want = finite.then(|| expected(kind, &v));
        let flip = s.bool();
        let given = match (want, flip) {
            (Some(w), true) => {
                if is_sign(kind) {
                    if w == 1 {
                        -1
                    } else {
                        w + 1
                    }
                } else {
                    1 - w
                }
            }
            (Some(w), false) => w,
            (None, _) => 0,
        };
        let style = s.byte();
        let mut fields: Vec<String> = v
            .iter()
            .map(|&x| {
                if jsonl {
                    json_number(x, layout.f32)
                } else {
                    number(x, layout.f32)
                }
            })
            .collect();
        if let Some((cr, cf)) = corrupt {
            if cr == r {
                fields[cf] = if jsonl { "x1".into() } else { "1.2.3".into() };
            }
        }
        let answer = spell(kind, given, style);
        let row = if jsonl {
            if objects {
                let mut parts = Vec::new();
                let dim = if matches!(kind.name, "orient2d" | "incircle") {
                    2
                } else {
                    3
                };
                // The object keys, derived here from the column names (the engine takes
                // its keys from the library's `KindInfo::points`, which must agree).
                let names: Vec<String> = kind
                    .columns
                    .chunks(dim)
                    .map(|c| c[0][..c[0].len() - 1].to_string())
                    .collect();
                let keys: Vec<(&str, usize)> = names
                    .iter()
                    .map(|name| {
                        let key = match (kind.name, name.as_str()) {
                            ("ray-triangle" | "ray-aabb", "o") => "origin",
                            ("ray-triangle" | "ray-aabb", "d") => "direction",
                            ("ray-aabb", "min") => "min",
                            ("ray-aabb", "max") => "max",
                            (_, other) => other,
                        };
                        (key, dim)
                    })
                    .collect();
                assert_eq!(kind.points, &keys[..], "JSON keys of {}", kind.name);
                for (i, &(key, _)) in keys.iter().enumerate() {
                    parts.push(format!(
                        "\"{key}\": [{}]",
                        fields[i * dim..(i + 1) * dim].join(", ")
                    ));
                }
                if layout.answers {
                    parts.push(format!("\"answer\": \"{answer}\""));
                }
                format!("{{{}}}", parts.join(", "))
            } else {
                let mut all = fields.clone();
                if layout.answers {
                    all.push(format!("\"{answer}\""));
                }
                format!("[{}]", all.join(","))
            }
        } else {
            let mut all = fields.clone();
            if layout.answers {
                all.push(answer.to_string());
            }
            all.join(if style & 0x80 != 0 { ", " } else { "," })
        };
        if let Some((cr, cf)) = corrupt {
            if cr == r && corrupt_at.is_none() {
                // The CSV column of field cf: where the untrimmed field starts, right
                // after the comma (1-based).
                let sep = if style & 0x80 != 0 { 2 } else { 1 };
                let before = fields[..cf].iter().map(|f| f.len() + sep).sum::<usize>();
                let col = if cf > 0 { before - sep + 2 } else { 1 };
                corrupt_at = Some((line, col));
            }
        }
        text.push_str(&row);
        text.push_str(eol);
        rows.push((line, want, flip, given));
        line += 1;
    }
    let mut chunk = Chunk::default();
    if jsonl {
        scan_jsonl(&layout, &text, &mut chunk);
    } else {
        scan_csv(&layout, &text, &mut chunk);
    }
    check_invariants(&text, &chunk);
    let upto = match corrupt_at {
        Some((l, col)) => {
            let e = chunk
                .error
                .as_ref()
                .expect("a corrupted field must be reported");
            assert_eq!(e.line, l, "error line: {e:?}\n{text}");
            if !jsonl {
                assert_eq!(e.column, col, "CSV column: {e:?}\n{text}");
            }
            rows.iter().position(|r| r.0 == l).unwrap()
        }
        None => {
            assert!(
                chunk.error.is_none(),
                "clean file: {:?}\n{text}",
                chunk.error
            );
            rows.len()
        }
    };
    assert_eq!(chunk.rows, upto as u64, "rows before the error");
    let out = String::from_utf8(chunk.out.clone()).unwrap();
    let got: Vec<&str> = out.lines().collect();
    let mut flips = 0u64;
    let mut outcomes = [0u64; 5];
    let mut lines_flipped = Vec::new();
    for (i, (l, want, flip, given)) in rows[..upto].iter().enumerate() {
        match want {
            None => assert_eq!(got[i], "invalid", "row {i}"),
            Some(w) => {
                assert_eq!(got[i], w.to_string(), "row {i}: {text}");
                if layout.answers && *flip {
                    flips += 1;
                    outcomes[outcome(kind, *w, *given)] += 1;
                    lines_flipped.push(*l);
                }
            }
        }
    }
    let invalid = rows[..upto].iter().filter(|r| r.1.is_none()).count() as u64;
    assert_eq!(chunk.invalid_rows, invalid);
    if layout.answers {
        assert_eq!(chunk.outcomes, outcomes, "outcome classes");
        assert_eq!(chunk.agree, upto as u64 - invalid - flips);
        let reported: Vec<u64> = chunk.disagreements.iter().map(|d| d.line).collect();
        assert_eq!(reported[..], lines_flipped[..reported.len()]);
        assert_eq!(
            reported.len() as u64,
            flips.min(layout.keep_disagreements as u64)
        );
    } else {
        assert_eq!(chunk.agree, 0);
        assert!(chunk.disagreements.is_empty());
    }
});
