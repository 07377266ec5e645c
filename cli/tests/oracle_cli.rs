//! `isect oracle` end to end: the binary on generated files, its answers checked against
//! the test kit's rational oracle (homogeneous determinants), its disagreement and
//! non-finite reports, and its errors on malformed files (FILE:LINE:COLUMN, exit code 2,
//! no output file written).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use isect::oracle::{Family, Generator, RayAabbKind, RayTriangleKind, TestKind, TriTriKind};
use isect::Sign;
use isect_testkit::predicates::{det_sign, homogeneous};
use isect_testkit::q::q;
use isect_testkit::Q;

/// Exact orient/incircle/insphere in Shewchuk's conventions as the CLI writes them (−1, 0,
/// 1): the sign of the homogeneous determinant of the points (lifted for incircle and
/// insphere), the test kit's oracle, which shares no code with the CLI or the library.
fn oracle(points: &[Vec<f64>], lifted: bool) -> i8 {
    let exact: Vec<Vec<Q>> = points
        .iter()
        .map(|p| p.iter().map(|&x| q(x)).collect())
        .collect();
    let rows: Vec<&[Q]> = exact.iter().map(|p| &p[..]).collect();
    match det_sign(&homogeneous(&rows, lifted)) {
        Sign::Negative => -1,
        Sign::Zero => 0,
        Sign::Positive => 1,
    }
}

fn unique_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("isect-oracle-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn isect(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_isect"))
        .args(args)
        .output()
        .expect("run isect")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn row(values: &[f64]) -> String {
    values
        .iter()
        .map(|x| format!("{x:?}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn scale(x: f64, e: i32) -> f64 {
    // Two steps so that neither overflows nor underflows in between.
    x * 2f64.powi(e / 2) * 2f64.powi(e - e / 2)
}

/// Orient3d rows of every family: uniform, near-coplanar, exactly coplanar, extreme
/// exponents (subnormals included), far from the origin.
fn orient3d_rows() -> Vec<[[f64; 3]; 4]> {
    let mut rows = Vec::new();
    for family in Family::ALL {
        rows.extend(
            isect::oracle::Generator::new(isect::oracle::Orient3dKind, family)
                .seed(21)
                .inputs(60),
        );
    }
    rows.extend(isect::oracle::scenes::near_coplanar_orient3d(100, 22));
    // Scaled into the subnormal range and near overflow.
    for (i, p) in isect::oracle::scenes::near_coplanar_orient3d(40, 23)
        .into_iter()
        .enumerate()
    {
        let e = if i % 2 == 0 { -1060 } else { 1000 };
        rows.push(p.map(|v| v.map(|x| scale(x, e))));
    }
    rows
}

#[test]
fn orient3d_answers_match_the_rational_oracle() {
    let dir = unique_dir("o3d");
    let rows = orient3d_rows();
    let mut csv = String::from("ax,ay,az,bx,by,bz,cx,cy,cz,dx,dy,dz\n");
    for p in &rows {
        csv += &row(p.as_flattened());
        csv.push('\n');
    }
    let file = write(&dir, "q.csv", &csv);
    let out = isect(&["oracle", "orient3d", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answers: Vec<i8> = text(&out.stdout)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(answers.len(), rows.len());
    let mut zeros = 0;
    for (p, &a) in rows.iter().zip(&answers) {
        let pts: Vec<Vec<f64>> = p.iter().map(|v| v.to_vec()).collect();
        assert_eq!(a, oracle(&pts, false), "{p:?}");
        zeros += (a == 0) as usize;
    }
    assert!(zeros > 50, "the file has degenerate rows: {zeros}");
}

#[test]
fn other_predicates_match_the_rational_oracle() {
    let dir = unique_dir("preds");
    let mut rng = isect::oracle::Rng::new(5);
    // (test, dimension, points, lifted)
    for (test, dim, n, lifted) in [
        ("orient2d", 2, 3, false),
        ("incircle", 2, 4, true),
        ("insphere", 3, 5, true),
    ] {
        let mut rows: Vec<Vec<f64>> = Vec::new();
        for family in Family::ALL {
            for _ in 0..40 {
                let v: Vec<f64> = match (test, family) {
                    ("orient2d", f) => isect::oracle::Orient2dKind
                        .generate(f, &mut rng)
                        .as_flattened()
                        .to_vec(),
                    ("incircle", f) => isect::oracle::IncircleKind
                        .generate(f, &mut rng)
                        .as_flattened()
                        .to_vec(),
                    (_, f) => isect::oracle::InsphereKind
                        .generate(f, &mut rng)
                        .as_flattened()
                        .to_vec(),
                };
                rows.push(v);
            }
        }
        // JSON Lines (arrays) for insphere, CSV for the others.
        let (name, body) = if test == "insphere" {
            let lines: Vec<String> = rows.iter().map(|r| format!("[{}]", row(r))).collect();
            ("q.jsonl", lines.join("\n") + "\n")
        } else {
            let lines: Vec<String> = rows.iter().map(|r| row(r)).collect();
            ("q.csv", lines.join("\n"))
        };
        let file = write(&dir, name, &body);
        let out = isect(&["oracle", test, file.to_str().unwrap()]);
        assert!(out.status.success(), "{test}: {}", text(&out.stderr));
        let answers: Vec<i8> = text(&out.stdout)
            .lines()
            .map(|l| l.parse().unwrap())
            .collect();
        assert_eq!(answers.len(), rows.len());
        for (r, &a) in rows.iter().zip(&answers) {
            let pts: Vec<Vec<f64>> = r.chunks(dim).map(|c| c.to_vec()).collect();
            assert_eq!(pts.len(), n);
            assert_eq!(a, oracle(&pts, lifted), "{test} {r:?}");
        }
    }
}

/// Ray/triangle, tri/tri and ray/AABB: the command's answers are the library's exact
/// ones (tested against rational oracles in the library's tests) on every family, with
/// columns in the documented order, in CSV and in JSON objects.
#[test]
fn ray_and_overlap_tests_route_columns_correctly() {
    let dir = unique_dir("shapes");
    let gen_rt = Generator::new(RayTriangleKind, Family::Mixed)
        .seed(1)
        .inputs(300);
    let csv: Vec<String> = gen_rt
        .iter()
        .map(|q| {
            let mut v = q.ray.origin.to_vec();
            v.extend(q.ray.direction);
            v.extend(q.triangle.as_flattened());
            row(&v)
        })
        .collect();
    let file = write(&dir, "rt.csv", &(csv.join("\n") + "\n"));
    let out = isect(&["oracle", "ray-triangle", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got: Vec<bool> = text(&out.stdout).lines().map(|l| l == "1").collect();
    let want: Vec<bool> = gen_rt.iter().map(|q| RayTriangleKind.exact(q)).collect();
    assert_eq!(got, want);
    assert!(want.iter().any(|&h| h) && want.iter().any(|&h| !h));

    let gen_tt = Generator::new(TriTriKind, Family::Mixed)
        .seed(2)
        .inputs(300);
    let jsonl: Vec<String> = gen_tt
        .iter()
        .map(|(a, b)| {
            let p = |v: &[f64; 3]| format!("[{:?},{:?},{:?}]", v[0], v[1], v[2]);
            format!(
                r#"{{"a":{},"b":{},"c":{},"p":{},"q":{},"r":{}}}"#,
                p(&a[0]),
                p(&a[1]),
                p(&a[2]),
                p(&b[0]),
                p(&b[1]),
                p(&b[2])
            )
        })
        .collect();
    let file = write(&dir, "tt.jsonl", &(jsonl.join("\n") + "\n"));
    let out = isect(&["oracle", "tri-tri", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got: Vec<bool> = text(&out.stdout).lines().map(|l| l == "1").collect();
    let want: Vec<bool> = gen_tt.iter().map(|q| TriTriKind.exact(q)).collect();
    assert_eq!(got, want);

    let gen_ra = Generator::new(RayAabbKind, Family::Mixed)
        .seed(3)
        .inputs(300);
    let csv: Vec<String> = gen_ra
        .iter()
        .map(|(r, b)| {
            let v: Vec<f64> = [r.origin, r.direction, b.min, b.max]
                .as_flattened()
                .to_vec();
            row(&v)
        })
        .collect();
    let file = write(&dir, "ra.csv", &(csv.join("\n") + "\n"));
    let out = isect(&["oracle", "ray_aabb", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got: Vec<bool> = text(&out.stdout).lines().map(|l| l == "1").collect();
    let want: Vec<bool> = gen_ra.iter().map(|q| RayAabbKind.exact(q)).collect();
    assert_eq!(got, want);
}

#[test]
fn disagreements_are_listed_and_summarised() {
    let dir = unique_dir("disagree");
    let rows = isect::oracle::scenes::near_coplanar_orient3d(300, 8);
    // The naive determinant's answers, in words and numbers mixed.
    let mut csv = String::new();
    let mut expected_bad = Vec::new();
    for (i, p) in rows.iter().enumerate() {
        let [a, b, c, d] = *p;
        let (ax, ay, az) = (a[0] - d[0], a[1] - d[1], a[2] - d[2]);
        let (bx, by, bz) = (b[0] - d[0], b[1] - d[1], b[2] - d[2]);
        let (cx, cy, cz) = (c[0] - d[0], c[1] - d[1], c[2] - d[2]);
        let v = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
        let naive: i8 = if v > 0.0 {
            1
        } else if v < 0.0 {
            -1
        } else {
            0
        };
        let word = match (i % 2, naive) {
            (0, -1) => "negative",
            (0, 0) => "zero",
            (0, _) => "positive",
            (_, n) => {
                if n == -1 {
                    "-1"
                } else if n == 0 {
                    "0"
                } else {
                    "1"
                }
            }
        };
        csv += &format!("{},{word}\n", row(p.as_flattened()));
        let pts: Vec<Vec<f64>> = p.iter().map(|v| v.to_vec()).collect();
        if oracle(&pts, false) != naive {
            expected_bad.push(i + 1); // line numbers from 1, no header
        }
    }
    assert!(!expected_bad.is_empty());
    let file = write(&dir, "naive.csv", &csv);
    let out = isect(&[
        "oracle",
        "orient3d",
        file.to_str().unwrap(),
        "--max-report",
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let listed: Vec<usize> = err
        .lines()
        .filter(|l| l.contains(": disagreement: "))
        .map(|l| {
            let rest = l.strip_prefix(&format!("{}:", file.display())).unwrap();
            rest.split(':').next().unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(listed, expected_bad);
    assert!(
        err.contains(&format!("{} disagree", expected_bad.len())),
        "{err}"
    );
    // The full list as CSV, while stderr lists only --max-report of them.
    let list = dir.join("list.csv");
    let out = isect(&[
        "oracle",
        "orient3d",
        file.to_str().unwrap(),
        "--max-report",
        "2",
        "--disagreements",
        list.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(
        err.lines()
            .filter(|l| l.contains(": disagreement: "))
            .count(),
        2
    );
    assert!(
        err.contains(&format!(
            "... {} more disagreements",
            expected_bad.len() - 2
        )),
        "{err}"
    );
    let csv_list = std::fs::read_to_string(&list).unwrap();
    let mut list_rows = csv_list.lines();
    assert_eq!(list_rows.next(), Some("line,exact,given,kind"));
    let lines: Vec<usize> = list_rows
        .map(|r| r.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(lines, expected_bad);
    // Correct answers: exit 0.
    let good: String = rows
        .iter()
        .map(|p| {
            let pts: Vec<Vec<f64>> = p.iter().map(|v| v.to_vec()).collect();
            format!("{},{}\n", row(p.as_flattened()), oracle(&pts, false))
        })
        .collect();
    let file = write(&dir, "good.csv", &good);
    let out = isect(&["oracle", "orient3d", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("0 disagree"));
}

fn error_of(test: &str, name: &str, body: &str) -> (Option<i32>, String, PathBuf) {
    let dir = unique_dir(&format!("err-{name}"));
    let file = write(&dir, name, body);
    let out_path = dir.join("answers.txt");
    let out = isect(&[
        "oracle",
        test,
        file.to_str().unwrap(),
        "--out",
        out_path.to_str().unwrap(),
    ]);
    assert!(
        !out_path.exists(),
        "an answer file was written for a bad input"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "temporary files left: {leftovers:?}");
    (out.status.code(), text(&out.stderr), file)
}

#[test]
fn malformed_files_name_file_line_and_column() {
    let good = "0,0,0,1,0,0,0,1,0,0,0,1";
    // Wrong column count on line 3.
    let (code, err, f) = error_of(
        "orient3d",
        "cols.csv",
        &format!("{good}\n{good}\n0,0,0,1,0,0,0,1,0,0,0\n"),
    );
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!("{}:3:1: expected 12 columns", f.display())),
        "{err}"
    );
    // Bad number: line 2 (after a header), column 9 is the fifth field.
    let (code, err, f) = error_of(
        "orient3d",
        "num.csv",
        &format!("ax,ay,az,bx,by,bz,cx,cy,cz,dx,dy,dz\n0,0,0,1,zz,0,0,1,0,0,0,1\n{good}\n"),
    );
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "{}:2:9: bad number `zz` in column 5 (by)",
            f.display()
        )),
        "{err}"
    );
    // Empty file.
    let (code, err, f) = error_of("orient3d", "empty.csv", "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!("{}:1:1: no data rows", f.display())),
        "{err}"
    );
    // Header only.
    let (code, err, f) = error_of("orient2d", "header.csv", "ax,ay,bx,by,cx,cy\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!("{}:2:1: no data rows", f.display())),
        "{err}"
    );
    // Bad answer in column 13, which starts at byte 25.
    let (code, err, f) = error_of("orient3d", "ans.csv", &format!("{good},-1\n{good},maybe\n"));
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "{}:2:25: bad answer `maybe` in column 13",
            f.display()
        )),
        "{err}"
    );
    // JSON syntax error on line 2.
    let (code, err, f) = error_of("orient2d", "bad.jsonl", "[0,0,1,0,0,1]\n[0,0,1,0,0,1\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!("{}:2:", f.display())) && err.contains("bad JSON"),
        "{err}"
    );
    // Unknown test kind.
    let (code, err, _) = error_of("orient4d", "unknown.csv", &format!("{good}\n"));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("unknown test `orient4d`") && err.contains("ray-triangle"),
        "{err}"
    );
    // Missing file.
    let dir = unique_dir("missing");
    let missing = dir.join("nope.csv");
    let out = isect(&["oracle", "orient3d", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(&format!("{}: cannot read", missing.display())));
}

#[test]
fn a_late_error_leaves_the_previous_answer_file_untouched() {
    // About 12 MB: several blocks and many parallel pieces; the error is on the last line.
    let dir = unique_dir("late");
    let rows = isect::oracle::scenes::near_coplanar_orient3d(50_000, 3);
    let mut csv: String = rows.iter().map(|p| row(p.as_flattened()) + "\n").collect();
    csv += "1,2,3\n";
    let file = write(&dir, "big.csv", &csv);
    let out_path = dir.join("answers.txt");
    std::fs::write(&out_path, "old answers\n").unwrap();
    let out = isect(&[
        "oracle",
        "orient3d",
        file.to_str().unwrap(),
        "-o",
        out_path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("{}:50001:1: expected 12 columns", file.display())),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), "old answers\n");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    // Without the bad line the file is replaced, with one answer per row, in order.
    std::fs::write(&file, &csv[..csv.len() - 6]).unwrap();
    let out = isect(&[
        "oracle",
        "orient3d",
        file.to_str().unwrap(),
        "-o",
        out_path.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let answers = std::fs::read_to_string(&out_path).unwrap();
    assert_eq!(answers.lines().count(), 50_000);
    for (i, (p, a)) in rows.iter().zip(answers.lines()).enumerate().step_by(97) {
        let pts: Vec<Vec<f64>> = p.iter().map(|v| v.to_vec()).collect();
        assert_eq!(a.parse::<i8>().unwrap(), oracle(&pts, false), "row {i}");
    }
}

#[test]
fn non_finite_values_are_reported_per_line() {
    let dir = unique_dir("nonfinite");
    let good = "0,0,0,1,0,0,0,1,0,0,0,1";
    let body = format!("{good}\n0,0,0,1,0,0,0,1,0,0,0,inf\n{good}\nNaN,0,0,1,0,0,0,1,0,0,0,1\n0,0,0,1e400,0,0,0,1,0,0,0,1\n");
    let file = write(&dir, "nf.csv", &body);
    let out = isect(&["oracle", "orient3d", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout), "-1\ninvalid\n-1\ninvalid\ninvalid\n");
    let err = text(&out.stderr);
    let f = file.display();
    assert!(
        err.contains(&format!(
            "{f}:2:23: non-finite value `inf` in column 12 (dz)"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{f}:4:1: non-finite value `NaN` in column 1 (ax)")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{f}:5:7: non-finite value `1e400` in column 4 (bx)"
        )),
        "{err}"
    );
    // JSON Lines: strings for the values JSON cannot spell.
    let file = write(
        &dir,
        "nf.jsonl",
        "{\"a\":[0,0],\"b\":[1,0],\"c\":[\"inf\",1]}\n{\"a\":[0,0],\"b\":[1,0],\"c\":[0,1]}\n",
    );
    let out = isect(&["oracle", "orient2d", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout), "invalid\n1\n");
    assert!(text(&out.stderr).contains(&format!("{}:1:1: non-finite value", file.display())));
}

#[test]
fn f32_input_is_rounded_to_f32_first() {
    // (0, 0), (1, 0.1), (3, 0.3): clockwise in f64 (3·fl64(0.1) > fl64(0.3)),
    // counterclockwise in f32 (3·fl32(0.1) < fl32(0.3)).
    let dir = unique_dir("f32");
    let file = write(&dir, "p.csv", "0,0,1,0.1,3,0.3\n0,0,1,0,0,1e39\n");
    let exact64 = oracle(&[vec![0.0, 0.0], vec![1.0, 0.1], vec![3.0, 0.3]], false);
    let exact32 = oracle(
        &[
            vec![0.0, 0.0],
            vec![1.0, 0.1f32 as f64],
            vec![3.0, 0.3f32 as f64],
        ],
        false,
    );
    assert_eq!((exact64, exact32), (-1, 1));
    let out = isect(&["oracle", "orient2d", file.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), "-1\n1\n");
    let out = isect(&["oracle", "orient2d", file.to_str().unwrap(), "--f32"]);
    // 1e39 overflows f32: non-finite.
    assert_eq!(text(&out.stdout), "1\ninvalid\n");
    assert_eq!(out.status.code(), Some(3));
}

// ---------------------------------------------------------------------------------------
// Reading like the tools people use: header rules, quotes, hex floats, stdin, skipped
// lines; and `isect oracle generate` round trips.
// ---------------------------------------------------------------------------------------

/// Runs `isect oracle TEST -` with `input` on standard input.
fn isect_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_isect"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run isect");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The issue's case: three headerless rows, the first starting with a typo, gave two
/// answers and exit 0. Now: an error at line 1 naming the column, nothing written.
#[test]
fn a_headerless_first_row_with_a_typo_is_an_error_at_line_1() {
    let rows = "O.5,0,1,0,0,1\n0,0,1,0,0,1\n0,0,1,0,0,1\n";
    let (code, err, f) = error_of("orient2d", "typo.csv", rows);
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "{}:1:1: bad number `O.5` in column 1 (ax)",
            f.display()
        )),
        "{err}"
    );
    // A typo further right: its own column.
    let (code, err, f) = error_of("orient2d", "typo2.csv", "0,0,1,0,O,1\n0,0,1,0,0,1\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "{}:1:9: bad number `O` in column 5 (cx)",
            f.display()
        )),
        "{err}"
    );
    // A first row of numbers without a header is data: three rows, three answers.
    let dir = unique_dir("headerless");
    let file = write(&dir, "q.csv", "0,0,1,0,0,1\n0,0,1,1,2,2\n0,0,0,1,1,0\n");
    let out = isect(&["oracle", "orient2d", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let want: Vec<String> = [
        [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]],
        [[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]],
        [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0]],
    ]
    .iter()
    .map(|p| {
        let pts: Vec<Vec<f64>> = p.iter().map(|v| v.to_vec()).collect();
        format!("{}\n", oracle(&pts, false))
    })
    .collect();
    assert_eq!(text(&out.stdout), want.concat());
    assert!(
        !text(&out.stderr).contains("header"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_header_is_a_header_only_with_exactly_the_column_names() {
    let data = "0,0,1,0,0,1\n";
    for (header, column, message) in [
        (
            "ax,ay,bx,by,cx,cz",
            16,
            "header: column 6 is `cz`, expected `cy`",
        ),
        (
            "AX,AY,BX,BY,CX,CY",
            1,
            "header: column 1 is `AX`, expected `ax`",
        ),
        (
            "ax,ay,bx,by,cx,cy,expected",
            19,
            "header: column 7 is `expected`, expected `answer`",
        ),
        (
            "x1,y1,x2,y2,x3,y3,answer,note",
            1,
            "header: column 1 is `x1`, expected `ax`",
        ),
        ("ax,ay,bx,by,cx", 1, "header: 5 columns, expected 6 or 7"),
    ] {
        let (code, err, f) = error_of("orient2d", "hdr.csv", &format!("{header}\n{data}"));
        assert_eq!(code, Some(2), "{header}");
        assert!(
            err.contains(&format!("{}:1:{column}: {message}", f.display())),
            "{header}: {err}"
        );
    }
    // The right names, also quoted and spaced, with and without the answer column.
    let dir = unique_dir("header-ok");
    for (header, body) in [
        ("ax,ay,bx,by,cx,cy", "0,0,1,0,0,1"),
        ("\"ax\", \"ay\" ,bx,by,cx,cy", "0,0,1,0,0,1"),
        ("ax,ay,bx,by,cx,cy,answer", "0,0,1,0,0,1,1"),
    ] {
        let file = write(&dir, "q.csv", &format!("{header}\n{body}\n"));
        let out = isect(&["oracle", "orient2d", file.to_str().unwrap()]);
        assert!(out.status.success(), "{header}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "1\n");
        assert!(text(&out.stderr).contains("header on line 1"));
    }
}

#[test]
fn quoted_fields_are_read_as_rfc_4180_writes_them() {
    let dir = unique_dir("quoted");
    // Quoted numbers, spaces around quotes, "" inside an answer's quotes is not needed
    // but quoted answers are: "hit"; a quoted header.
    let body = "\"ox\",\"oy\",\"oz\",\"dx\",\"dy\",\"dz\",\"ax\",\"ay\",\"az\",\"bx\",\"by\",\"bz\",\"cx\",\"cy\",\"cz\",\"answer\"\n\
                \"0.25\", \"0.25\" ,\"-1\",0,0,1,0,0,0,1,0,0,0,1,0,\"hit\"\n\
                \"2\",\"2\",-1,0,0,1,0,0,0,1,0,0,0,1,0,\"miss\"\n";
    let file = write(&dir, "q.csv", body);
    let out = isect(&["oracle", "ray-triangle", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1\n0\n");
    assert!(text(&out.stderr).contains("2 agree, 0 disagree"));
    // A quoted field holding a comma is one field (and not a number).
    let (code, err, f) = error_of("orient2d", "comma.csv", "0,0,\"1,5\",0,0,1\n0,0,1,0,0,1\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "{}:1:5: bad number `1,5` in column 3 (bx)",
            f.display()
        )),
        "{err}"
    );
    // "" is a quote inside a quoted field.
    let (code, err, f) = error_of("orient2d", "dq.csv", "0,0,1,0,0,1\n0,\"0\"\"\",1,0,0,1\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "{}:2:3: bad number `0\"` in column 2 (ay)",
            f.display()
        )),
        "{err}"
    );
    // An unterminated quote, and text after a closing quote.
    let (code, err, f) = error_of("orient2d", "open.csv", "0,0,1,0,0,1\n0,0,\"1,0,0,1\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!("{}:2:5: unterminated quoted field", f.display())),
        "{err}"
    );
    let (code, err, f) = error_of("orient2d", "after.csv", "0,0,\"1\"x,0,0,1\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "{}:1:8: unexpected `x` after the closing quote",
            f.display()
        )),
        "{err}"
    );
}

/// The exact value of a C99 hexadecimal constant `[-]0x1.hhhp±e` as written by
/// `generate --hex` (parsed here apart from the reader: digits times a power of two).
fn hex_value(s: &str) -> Q {
    use isect_testkit::q::{q_pow2, qi};
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let s = s.strip_prefix("0x").expect("0x");
    let (mantissa, exp) = s.split_once('p').expect("p");
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let m = i64::from_str_radix(&format!("{int}{frac}"), 16).unwrap();
    let e: i32 = exp.parse().unwrap();
    let v = qi(m) * q_pow2(e - 4 * frac.len() as i32);
    if neg {
        -v
    } else {
        v
    }
}

#[test]
fn hex_floats_are_read_exactly() {
    let dir = unique_dir("hex");
    // 1 + 2^-52 and its neighbours: orient2d of (0,0), (1, 1), (x, 1 + 2^-52·k) decided
    // by the last bit; in decimal these need 17 digits, in hex they are exact.
    let one_up = "0x1.0000000000001p+0";
    let rows: Vec<(String, [[f64; 2]; 3])> = vec![
        (
            format!("0x0p+0,-0x0p+0,0x1p+0,0x1p+0,0x1p+0,{one_up}"),
            [[0.0, 0.0], [1.0, 1.0], [1.0, 1.0 + f64::EPSILON]],
        ),
        (
            format!("0,0,1,1,{one_up},0x1p+0"),
            [[0.0, 0.0], [1.0, 1.0], [1.0 + f64::EPSILON, 1.0]],
        ),
        (
            "0x1.8p+1,0X1.8P1,0x1p-1074,0x1p-1074,-0x1p-1074,0x1.fffffffffffffp+1023".into(),
            [
                [3.0, 3.0],
                [f64::from_bits(1), f64::from_bits(1)],
                [-f64::from_bits(1), f64::MAX],
            ],
        ),
    ];
    let body: String = rows.iter().map(|(r, _)| format!("{r}\n")).collect();
    let file = write(&dir, "h.csv", &body);
    let out = isect(&["oracle", "orient2d", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let want: String = rows
        .iter()
        .map(|(_, p)| {
            let pts: Vec<Vec<f64>> = p.iter().map(|v| v.to_vec()).collect();
            format!("{}\n", oracle(&pts, false))
        })
        .collect();
    assert_eq!(text(&out.stdout), want);
    assert_eq!(&text(&out.stdout)[..5], "1\n-1\n");
    // In f32: 0x1.000001p+0 is a tie between 1 and 1 + 2^-23, rounded to even (1), so the
    // three points are collinear; 0x1.0000011p+0 rounds up.
    let file = write(
        &dir,
        "h32.csv",
        "0,0,1,1,1,0x1.000001p+0\n0,0,1,1,1,0x1.0000011p+0\n0,0,1,1,1,0x1.fffffep+127\n",
    );
    let out = isect(&["oracle", "orient2d", file.to_str().unwrap(), "--f32"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "0\n1\n1\n");
    // Overflow in f32 (and in f64), and C's spellings of infinities and NaNs: reported
    // per line as non-finite, the rows answered `invalid`.
    let file = write(
        &dir,
        "nf.csv",
        "0,0,1,0,0,0x1.ffffffp+127\n0,0,1,0,0,0x1p1024\n-nan,0,1,0,0,1\nINF,0,1,0,0,1\n-nan(ind),0,1,0,0,1\n0,0,1,0,0,1\n",
    );
    let out = isect(&["oracle", "orient2d", file.to_str().unwrap(), "--f32"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stdout),
        "invalid\ninvalid\ninvalid\ninvalid\ninvalid\n1\n"
    );
    let err = text(&out.stderr);
    for (line, column, field) in [
        (1, 11, "0x1.ffffffp+127"),
        (2, 11, "0x1p1024"),
        (3, 1, "-nan"),
        (4, 1, "INF"),
        (5, 1, "-nan(ind)"),
    ] {
        assert!(
            err.contains(&format!(
                "{}:{line}:{column}: non-finite value `{field}`",
                file.display()
            )),
            "{err}"
        );
    }
    // Malformed hex: an error with its column.
    let (code, err, f) = error_of("orient2d", "badhex.csv", "0,0x1.8q+1,1,0,0,1\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!(
            "{}:1:3: bad number `0x1.8q+1` in column 2 (ay)",
            f.display()
        )),
        "{err}"
    );
}

#[test]
fn a_dash_reads_standard_input() {
    let dir = unique_dir("stdin");
    let body = "ax,ay,bx,by,cx,cy\n0,0,1,0,0,1\n\n0,0,0,1,1,0\n";
    let file = write(&dir, "q.csv", body);
    let from_file = isect(&["oracle", "orient2d", file.to_str().unwrap()]);
    let from_stdin = isect_stdin(&["oracle", "orient2d", "-"], body);
    assert!(from_stdin.status.success(), "{}", text(&from_stdin.stderr));
    assert_eq!(text(&from_stdin.stdout), "1\n-1\n");
    assert_eq!(from_stdin.stdout, from_file.stdout);
    let err = text(&from_stdin.stderr);
    assert!(err.contains("<stdin>:3: skipped blank line"), "{err}");
    // Errors name standard input.
    let out = isect_stdin(&["oracle", "orient2d", "-"], "0,0,1,0,0,1\n0,0,1,x,0,1\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("<stdin>:2:7: bad number `x` in column 4 (by)"),
        "{}",
        text(&out.stderr)
    );
    // JSON Lines from standard input with --format.
    let out = isect_stdin(
        &["oracle", "orient2d", "-", "--format", "jsonl"],
        "[0,0,1,0,0,1]\n",
    );
    assert_eq!(text(&out.stdout), "1\n");
}

#[test]
fn every_skipped_line_is_reported_and_every_line_accounted_for() {
    let dir = unique_dir("skipped");
    let lines = [
        "# written by a test",
        "",
        "ax,ay,bx,by,cx,cy",
        "0,0,1,0,0,1",
        "   ",
        "# a comment",
        "0,0,0,1,1,0",
        "\t",
        "0,0,1,1,2,2",
    ];
    let file = write(&dir, "q.csv", &(lines.join("\n") + "\n"));
    let out = isect(&["oracle", "orient2d", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1\n-1\n0\n");
    let err = text(&out.stderr);
    let f = file.display();
    for (line, what) in [
        (1, "comment"),
        (2, "blank"),
        (5, "blank"),
        (6, "comment"),
        (8, "blank"),
    ] {
        assert!(
            err.contains(&format!("{f}:{line}: skipped {what} line")),
            "{err}"
        );
    }
    // Rows, header and skipped lines add up to the file's lines.
    assert!(
        err.contains("3 rows, 0 non-finite, header on line 3, 5 lines skipped"),
        "{err}"
    );
    // A file of nothing but skipped lines is an error, after listing nothing as data.
    let (code, err, f) = error_of("orient2d", "blank.csv", "\n# only a comment\n\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(&format!("{}:4:1: no data rows", f.display())),
        "{err}"
    );
}

/// The numbers and answers of a generated CSV file (values parsed independently of the
/// reader: Rust's parser for decimals, [`hex_value`] for hex).
fn read_generated(path: &Path, hex: bool, f32: bool) -> (Vec<String>, Vec<Vec<Q>>) {
    let body = std::fs::read_to_string(path).unwrap();
    let mut lines = body.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    let rows = lines
        .map(|l| {
            l.split(',')
                .take(header.len() - (header.last().unwrap() == "answer") as usize)
                .map(|v| {
                    if hex {
                        hex_value(v)
                    } else {
                        let x = v.parse::<f64>().unwrap();
                        if f32 {
                            // The same text read as f32 is the same value.
                            assert_eq!(f64::from(v.parse::<f32>().unwrap()), x, "{v}");
                        }
                        q(x)
                    }
                })
                .collect()
        })
        .collect();
    (header, rows)
}

#[test]
fn generated_queries_round_trip_through_the_oracle() {
    use isect::oracle::{Rng, KINDS};
    use isect::FloatFormat;
    let dir = unique_dir("generate");
    for kind in &KINDS {
        for (float, format) in [("f32", FloatFormat::F32), ("f64", FloatFormat::F64)] {
            for hex in [false, true] {
                let (family, seed, count) = ("mixed", 7u64, 300usize);
                let q_path = dir.join("q.csv");
                let a_path = dir.join("a.txt");
                let mut args = vec![
                    "oracle",
                    "generate",
                    kind.name,
                    "--family",
                    family,
                    "--count",
                    "300",
                    "--float",
                    float,
                    "--seed",
                    "7",
                    "--out",
                    q_path.to_str().unwrap(),
                ];
                if hex {
                    args.push("--hex");
                }
                // 1. Answers in the last column: the oracle agrees with every one.
                let out = isect(&args);
                assert!(out.status.success(), "{}", text(&out.stderr));
                let check = isect(&["oracle", kind.name, q_path.to_str().unwrap()]);
                let err = text(&check.stderr);
                assert_eq!(
                    check.status.code(),
                    Some(0),
                    "{} {float} hex={hex}: {err}",
                    kind.name
                );
                assert!(
                    err.contains(&format!(
                        "{count} answers checked: {count} agree, 0 disagree"
                    )),
                    "{err}"
                );
                // The values read back bit for bit: those the library generates.
                let (header, rows) = read_generated(&q_path, hex, format == FloatFormat::F32);
                let mut want_header: Vec<String> =
                    kind.columns.iter().map(|c| c.to_string()).collect();
                want_header.push("answer".into());
                assert_eq!(header, want_header);
                let mut rng = Rng::new(seed);
                let fam = Family::Mixed;
                for row in &rows {
                    let lib = kind.generate(fam, format, &mut rng);
                    let lib: Vec<Q> = lib.iter().map(|&x| q(x)).collect();
                    assert_eq!(row, &lib, "{} {float} hex={hex}", kind.name);
                }
                assert_eq!(rows.len(), count);
                // --f32 reads the f32 files' values unchanged (same answers).
                if format == FloatFormat::F32 {
                    let c32 = isect(&["oracle", kind.name, q_path.to_str().unwrap(), "--f32"]);
                    assert_eq!(c32.status.code(), Some(0), "{}", text(&c32.stderr));
                    assert_eq!(c32.stdout, check.stdout);
                }
                // 2. Answers in their own file: the oracle's output is that file.
                args.extend(["--answers", a_path.to_str().unwrap()]);
                let out = isect(&args);
                assert!(out.status.success(), "{}", text(&out.stderr));
                let answered = isect(&["oracle", kind.name, q_path.to_str().unwrap()]);
                assert!(answered.status.success(), "{}", text(&answered.stderr));
                assert_eq!(
                    text(&answered.stdout),
                    std::fs::read_to_string(&a_path).unwrap()
                );
                assert_eq!(
                    std::fs::read_to_string(&q_path)
                        .unwrap()
                        .lines()
                        .next()
                        .unwrap(),
                    kind.columns.join(",")
                );
            }
        }
    }
    // The issue's contract, and the rows really are aimed at vertices in f32.
    let q_path = dir.join("rt.csv");
    let a_path = dir.join("rt.txt");
    let out = isect(&[
        "oracle",
        "generate",
        "ray-triangle",
        "--family",
        "vertices",
        "--count",
        "1000",
        "--float",
        "f32",
        "--out",
        q_path.to_str().unwrap(),
        "--answers",
        a_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (header, rows) = read_generated(&q_path, false, true);
    assert_eq!(header.len(), 15);
    assert_eq!(rows.len(), 1000);
    let answers = std::fs::read_to_string(&a_path).unwrap();
    assert_eq!(answers.lines().count(), 1000);
    for (row, answer) in rows.iter().zip(answers.lines()) {
        // origin + direction (t = 1) is a vertex of the triangle, exactly.
        let p: Vec<Q> = (0..3).map(|k| &row[k] + &row[3 + k]).collect();
        let vertices = [&row[6..9], &row[9..12], &row[12..15]];
        assert!(vertices.iter().any(|v| v == &&p[..]));
        assert_eq!(answer, "1");
    }
    // Bad options: an unknown test, nothing written.
    let out = isect(&[
        "oracle",
        "generate",
        "orient4d",
        "--out",
        dir.join("x.csv").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown test `orient4d`"));
    assert!(!dir.join("x.csv").exists());
}
