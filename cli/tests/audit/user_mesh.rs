//! `isect audit --mesh FILE` end to end: a small OBJ (f64 coordinates) and a binary STL
//! (f32) written here, the binary run on them, and report.json checked: the mesh
//! scenes, exact rows at zero, and every recommendation against the counts of the same
//! report, with the best epsilons recomputed here from the rows; bad files and bad
//! `--eps`/`--ulps` values end with exit 2 and a clear message.

use std::path::{Path, PathBuf};

use isect::oracle::scenes::{aimed_rays_in, unit_icosphere, Aim};
use isect::policy::Absolute;
use isect::ray::ray_triangle_moller_with;
use isect::{FloatFormat, TriMesh};
use serde_json::Value;

use super::{isect, out_dir, recount, run_audit};

const MESH_SCENES: [&str; 5] = [
    "mesh-vertices",
    "mesh-edges",
    "mesh-vertices-float",
    "mesh-edges-float",
    "mesh-tri-pairs",
];

/// A bumpy icosphere (320 triangles): full-precision coordinates, not on any grid.
fn bumpy() -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    let (v, t) = unit_icosphere(2);
    let v = v
        .iter()
        .map(|p| {
            let r = 1.0 + 0.05 * (7.0 * p[0]).sin() * (5.0 * p[1]).sin() * (3.0 * p[2]).cos();
            p.map(|x| x * r + 0.25)
        })
        .collect();
    (v, t)
}

/// Writes the mesh as OBJ (shortest round-trip decimals: the f64 values exactly).
fn write_obj(path: &Path, v: &[[f64; 3]], t: &[[u32; 3]]) {
    let mut s = String::from("# a bumpy sphere\n");
    for p in v {
        s += &format!("v {:?} {:?} {:?}\n", p[0], p[1], p[2]);
    }
    for f in t {
        s += &format!("f {} {} {}\n", f[0] + 1, f[1] + 1, f[2] + 1);
    }
    std::fs::write(path, s).unwrap();
}

/// Writes the mesh as binary STL (coordinates rounded to f32, zero normals).
fn write_stl(path: &Path, v: &[[f64; 3]], t: &[[u32; 3]]) {
    let mut b = vec![0u8; 80];
    b.extend_from_slice(&(t.len() as u32).to_le_bytes());
    for f in t {
        b.extend_from_slice(&[0u8; 12]);
        for &k in f {
            for x in v[k as usize] {
                b.extend_from_slice(&(x as f32).to_le_bytes());
            }
        }
        b.extend_from_slice(&[0u8; 2]);
    }
    std::fs::write(path, b).unwrap();
}

/// Runs the audit on `file`; returns report.json, stdout and index.html.
fn audit_mesh(dir: &Path, file: &Path, extra: &[&str]) -> (Value, String, String) {
    let out = dir.join(format!(
        "out-{}",
        file.extension().unwrap().to_str().unwrap()
    ));
    let args = [&["--mesh", file.to_str().unwrap()][..], extra].concat();
    let (report, stdout) = run_audit(&out, &args);
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    (report, stdout, html)
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap()
}

/// Checks one test's recommendation against its rows, computing the best rules here.
fn check_recommendation(scene: &Value, test: &Value) {
    let cases = u(&scene["cases"]);
    let rows = test["rows"].as_array().unwrap();
    let rec = &test["recommendation"];
    let text = rec["text"].as_str().unwrap();
    let failing: Vec<u64> = rows.iter().map(|r| u(&r["failing"])).collect();
    let fewest = *failing.iter().min().unwrap();
    let best: Vec<&str> = rows
        .iter()
        .filter(|r| u(&r["failing"]) == fewest)
        .map(|r| r["label"].as_str().unwrap())
        .collect();
    let rec_best: Vec<&str> = rec["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    let what = format!("{} / {}: {text}", scene["name"], test["id"]);
    assert_eq!(rec_best, best, "{what}");
    assert_eq!(u(&rec["fewest_failing"]), fewest, "{what}");
    assert_eq!(u(&rec["cases"]), cases, "{what}");
    let kind = rows[0]["rule"]["kind"].as_str().unwrap();
    let verdict = rec["verdict"].as_str().unwrap();
    match kind {
        "exact" => {
            assert_eq!(verdict, "exact");
            assert_eq!(fewest, 0, "{what}");
        }
        "fixed" => {
            assert_eq!(verdict, "no-epsilon", "{what}");
            if fewest > 0 {
                assert!(text.contains(&format!(": {fewest} of {cases} ")), "{what}");
            } else {
                assert!(text.contains(&format!("right on all {cases} ")), "{what}");
            }
        }
        _ => {
            let zero = rows.iter().find(|r| r["label"] == "0").unwrap();
            let worst = *failing.iter().max().unwrap();
            if fewest > 0 {
                assert_eq!(verdict, "none-safe", "{what}");
                assert!(text.starts_with("no epsilon makes "), "{what}");
                assert!(
                    text.contains(&format!(": {fewest} of {cases} "))
                        && text.contains(" at every epsilon"),
                    "{what}"
                );
            } else if u(&zero["failing"]) == 0 {
                assert_eq!(verdict, "zero-best", "{what}");
                assert!(text.starts_with("eps 0 is already best"), "{what}");
                if worst > 0 {
                    assert!(
                        text.contains(&format!("up to {worst} of {cases} ")),
                        "{what}"
                    );
                }
            } else {
                assert_eq!(verdict, "use-range", "{what}");
                assert!(text.starts_with("use eps "), "{what}");
                assert!(text.contains(&format!("eps 0 fails on {}", u(&zero["failing"]))));
            }
            // Where the fewest are: the first and last best absolute epsilons are named.
            let abs: Vec<&str> = rows
                .iter()
                .filter(|r| r["rule"]["kind"] == "absolute" && u(&r["failing"]) == fewest)
                .map(|r| r["label"].as_str().unwrap())
                .collect();
            if best.len() == rows.len() && verdict == "none-safe" {
                assert!(
                    text.contains("(the same at every epsilon of the sweep)"),
                    "{what}"
                );
            } else if let (Some(first), Some(last), false) =
                (abs.first(), abs.last(), verdict == "zero-best")
            {
                assert!(text.contains(&format!("eps {first}")), "{what}");
                assert!(text.contains(&format!(" {last}")), "{what}");
            }
        }
    }
}

fn check_report(report: &Value, stdout: &str, html: &str, file: &str) {
    assert_eq!(report["mesh"]["file"], file);
    assert_eq!(report["mesh"]["triangles"], 320);
    assert_eq!(report["mesh"]["closed"], true);
    let names: Vec<&str> = report["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, MESH_SCENES);
    assert!(
        stdout.contains("What to choose, per fast test and scene:"),
        "{stdout}"
    );
    assert!(html.contains("id=\"recommendations\""));
    let mut swept = 0;
    for s in report["scenes"].as_array().unwrap() {
        assert!(u(&s["cases"]) > 0, "{}", s["name"]);
        for t in s["tests"].as_array().unwrap() {
            check_recommendation(s, t);
            let rows = t["rows"].as_array().unwrap();
            swept += usize::from(rows.len() > 1);
            if rows[0]["rule"]["kind"] == "exact" {
                assert_eq!(rows[0]["failing"], 0, "exact row of {}", s["name"]);
                continue;
            }
            let text = t["recommendation"]["text"].as_str().unwrap();
            assert!(stdout.contains(text), "terminal lacks: {text}");
            assert!(html.contains(text), "index.html lacks: {text}");
        }
    }
    // Möller–Trumbore and its tolerant form on four ray scenes, Möller tri/tri.
    assert_eq!(swept, 9);
    // The failure the audit exists to show is there on the user's mesh too.
    let mt = &report["scenes"][0]["tests"][0];
    assert_eq!(mt["id"], "moller-trumbore");
    assert_eq!(mt["recommendation"]["verdict"], "none-safe");
}

fn temp(name: &str) -> PathBuf {
    let dir = out_dir(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn audit_on_a_user_obj_and_stl_with_recommendations_agreeing_with_the_counts() {
    let dir = temp("user-mesh");
    let (v, t) = bumpy();
    let (obj, stl) = (dir.join("bumpy.obj"), dir.join("bumpy.stl"));
    write_obj(&obj, &v, &t);
    write_stl(&stl, &v, &t);

    let (report, stdout, html) = audit_mesh(&dir, &obj, &["--size", "150", "--seed", "3"]);
    // Full-precision decimals: the file is f64, and so is the run.
    assert_eq!(report["float"], "f64");
    assert_eq!(report["mesh"]["file_precision"], "f64");
    assert_eq!(report["mesh"]["rounded_coordinates"], 0);
    check_report(&report, &stdout, &html, obj.to_str().unwrap());
    // The rays aimed exactly: as many as asked.
    assert_eq!(report["scenes"][0]["cases"], 150);
    assert!(report["sign_maps"].as_array().unwrap().is_empty());

    // STL: f32 coordinates, and the run stays in f32.
    let (report, stdout, html) = audit_mesh(&dir, &stl, &["--size", "150"]);
    assert_eq!(report["float"], "f32");
    assert_eq!(report["mesh"]["file_precision"], "f32");
    assert!(stdout.contains("(f32)"), "{stdout}");
    check_report(&report, &stdout, &html, stl.to_str().unwrap());

    // An OBJ whose coordinates happen to be f32 values (multiples of 2^-10): text has
    // no type, so the run stays f64 unless asked.
    let grid = dir.join("grid.obj");
    let vg: Vec<[f64; 3]> = v
        .iter()
        .map(|p| p.map(|x| (x * 1024.0).round() / 1024.0))
        .collect();
    write_obj(&grid, &vg, &t);
    let (report, _, _) = audit_mesh(&dir, &grid, &["--size", "20"]);
    assert_eq!(report["mesh"]["file_precision"], "f32");
    assert_eq!(report["float"], "f64");

    // --float f32 on the f64 OBJ rounds its coordinates (and says how many).
    let (report, _, _) = audit_mesh(&dir, &obj, &["--size", "40", "--float", "f32"]);
    assert_eq!(report["float"], "f32");
    assert!(u(&report["mesh"]["rounded_coordinates"]) > 0);
}

#[test]
fn user_epsilons_are_the_rows_of_the_sweep() {
    let dir = temp("user-eps");
    let (v, t) = bumpy();
    let obj = dir.join("e.obj");
    write_obj(&obj, &v, &t);
    let (report, _, _) = audit_mesh(
        &dir,
        &obj,
        &["--size", "30", "--eps", "1e-3,2.5e-7", "--ulps", "8,2"],
    );
    for s in report["scenes"].as_array().unwrap() {
        let t = &s["tests"][0];
        let labels: Vec<&str> = t["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["label"].as_str().unwrap())
            .collect();
        // 0 is always the baseline; both lists ascending.
        assert_eq!(
            labels,
            ["0", "2.5e-7", "1e-3", "2 ulps", "8 ulps"],
            "{}",
            s["name"]
        );
        check_recommendation(s, t);
    }
    // Without 1e-5 in the sweep there is no headline row to read: no headline.
    assert!(report["headline"].is_null());
}

#[test]
fn malformed_mesh_files_exit_2_with_file_line_and_column() {
    let dir = temp("user-bad");
    let cases: [(&str, &[u8], &str); 5] = [
        (
            "bad.obj",
            b"v 0 0 0\nv 1 0 x\nv 0 1 0\nf 1 2 3\n",
            "bad.obj:2:7: ",
        ),
        (
            "index.obj",
            b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n",
            "index.obj:4:7: ",
        ),
        (
            "nan.off",
            b"OFF\n3 1 0\n0 0 0\n1 0 nan\n0 1 0\n3 0 1 2\n",
            "nan.off:4:5: ",
        ),
        (
            "flat.obj",
            b"v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n",
            "no triangle with an area",
        ),
        ("short.stl", b"solid x\nfacet normal 0 0 0\n", "short.stl"),
    ];
    for (name, bytes, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let o = isect(&[
            "audit",
            "--mesh",
            path.to_str().unwrap(),
            "--out",
            dir.join("out").to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(want), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert!(
            !dir.join("out").join("report.json").exists(),
            "{name}: nothing written"
        );
    }
    let missing = dir.join("missing.obj");
    let o = isect(&["audit", "--mesh", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing.obj"));
    let o = isect(&["audit", "--mesh", dir.join("notes.txt").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown mesh format"));
}

#[test]
fn bad_epsilon_lists_exit_2_with_the_reason() {
    let cases: [(&str, &str, &str); 11] = [
        ("--eps", "-1e-5", "negative"),
        ("--eps", "-0", "negative"),
        ("--eps", "NaN", "NaN"),
        ("--eps", "inf", "not finite"),
        ("--eps", "1e999", "not finite"),
        ("--eps", "", "empty"),
        ("--eps", "1e-5,,1e-3", "empty"),
        ("--eps", "tiny", "not a number"),
        ("--ulps", "0", "0 ulps"),
        ("--ulps", "-4", "negative"),
        ("--ulps", "2.5", "whole number"),
    ];
    for (flag, value, want) in cases {
        let arg = format!("{flag}={value}");
        let o = isect(&["audit", &arg, "--out", "/nonexistent/never-written"]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{arg}: {stderr}");
        assert!(
            stderr.contains(flag) && stderr.contains(want),
            "{arg}: {stderr}"
        );
    }
    let o = isect(&["audit", "--mesh", "a.obj", "--scenes", "box-rays"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot be used with"));
}

/// The rounded vertex-aimed rays on the user's mesh, recounted here without the CLI
/// (the library's generator on the mesh as written, Möller–Trumbore on every triangle
/// against `TriMesh::hits`): the report's rows say the same.
#[test]
fn mesh_scene_counts_recounted() {
    let dir = temp("user-recount");
    let (v, t) = bumpy();
    let obj = dir.join("r.obj");
    write_obj(&obj, &v, &t);
    let (report, _, _) = audit_mesh(&dir, &obj, &["--size", "120", "--seed", "11"]);
    let mesh = TriMesh::new(v.clone(), t.clone()).unwrap();
    let rays = aimed_rays_in(FloatFormat::F64, &v, &t, Aim::Vertex, 120, 11);
    let scene = &report["scenes"][2];
    assert_eq!(scene["name"], "mesh-vertices-float");
    let mt = &scene["tests"][0];
    let mut failing_somewhere = 0;
    for (label, eps) in [("0", 0.0), ("1e-5", 1e-5), ("1e-2", 1e-2)] {
        let (leaks, doubles) = recount(&mesh, &rays, |ray, x| {
            ray_triangle_moller_with(Absolute { eps }, ray, x).is_some()
        });
        let row = mt["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["label"] == label)
            .unwrap();
        assert_eq!(u(&row["counts"]["leak"]), leaks, "leaks at {label}");
        assert_eq!(
            u(&row["counts"]["double count"]),
            doubles,
            "double counts at {label}"
        );
        failing_somewhere += leaks + doubles;
    }
    assert!(
        failing_somewhere > 0,
        "MT fails on rays aimed at the user's vertices"
    );
}
