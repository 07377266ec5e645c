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
