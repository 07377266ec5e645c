//! `isect mesh` end to end: the binary on mesh files written here (OBJ, STL, PLY, OFF,
//! standard input), its text and JSON reports checked against what the test knows of
//! each mesh by construction (counts, orientation from a rational volume computed here),
//! its exit codes (0 clean, 1 problems, 2 bad input) and its `FILE:LINE: message` errors.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use isect_testkit::meshes::{cuboid, union, Mesh as Soup};
use isect_testkit::q::{q3, Q};
use isect_testkit::scenes::cube_quads;
use serde_json::Value;

fn isect(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_isect"))
        .args(args)
        .output()
        .expect("the isect binary runs")
}

fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("mesh-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// 6 × the signed volume of the quads' fan triangles, in rationals.
fn volume(v: &[[f64; 3]], faces: &[Vec<u32>]) -> Q {
    let mut s = Q::from_integer(0.into());
    for f in faces {
        for k in 1..f.len() - 1 {
            let [a, b, c] = [f[0], f[k], f[k + 1]].map(|i| q3(&v[i as usize]));
            let n = [
                &b[1] * &c[2] - &b[2] * &c[1],
                &b[2] * &c[0] - &b[0] * &c[2],
                &b[0] * &c[1] - &b[1] * &c[0],
            ];
            s += &a[0] * &n[0] + &a[1] * &n[1] + &a[2] * &n[2];
        }
    }
    s
}

fn obj(v: &[[f64; 3]], faces: &[Vec<u32>]) -> String {
    let mut t = String::new();
    for p in v {
        t += &format!("v {:?} {:?} {:?}\n", p[0], p[1], p[2]);
    }
    for f in faces {
        let idx: Vec<String> = f.iter().map(|i| (i + 1).to_string()).collect();
        t += &format!("f {}\n", idx.join(" "));
    }
    t
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&out.stdout)))
}

#[test]
fn clean_cube_exits_0_with_its_counts() {
    let d = dir("clean");
    let (v, quads) = cube_quads(0.0);
    let faces: Vec<Vec<u32>> = quads.iter().map(|q| q.to_vec()).collect();
    assert!(volume(&v, &faces) > Q::from_integer(0.into()));
    let path = d.join("cube.obj");
    std::fs::write(&path, obj(&v, &faces)).unwrap();
    let p = path.to_str().unwrap();
    let out = isect(&["mesh", p]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let report = text(&out.stdout);
    for line in [
        "OBJ, 8 vertices, 6 faces (6 with more than 3 corners, split into 12 triangles)",
        "closed: yes",
        "orientation: consistent, outward",
        "components: 1",
        "Euler characteristic: V - E + F = 8 - 18 + 12 = 2",
        "problems: none",
    ] {
        assert!(report.contains(line), "{line:?} missing from\n{report}");
    }
    let j = json_of(&isect(&["mesh", "--json", p]));
    assert_eq!(j["closed"], true);
    assert_eq!(j["orientation"], "outward");
    assert_eq!(
        (
            j["vertices"].as_u64(),
            j["triangles"].as_u64(),
            j["edges"].as_u64()
        ),
        (Some(8), Some(12), Some(18))
    );
    assert_eq!(j["euler_characteristic"], 2);
    assert_eq!(j["problems"].as_array().unwrap().len(), 0);
}

#[test]
fn inside_out_and_two_components() {
    let d = dir("inward");
    let (v, quads) = cube_quads(0.0);
    let flipped: Vec<Vec<u32>> = quads
        .iter()
        .map(|q| q.iter().rev().copied().collect())
        .collect();
    assert!(volume(&v, &flipped) < Q::from_integer(0.into()));
    let path = d.join("inward.obj");
    std::fs::write(&path, obj(&v, &flipped)).unwrap();
    let out = isect(&["mesh", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let j = json_of(&out);
    assert_eq!(j["orientation"], "inward");
    assert_eq!(j["volume_sign"], "negative");
    // Two disjoint cubes in one OFF file: two components, χ = 4.
    let (mut v2, q2) = cube_quads(3.0);
    let mut all = v.clone();
    all.append(&mut v2);
    let mut off = "OFF\n16 12 0\n".to_string();
    for p in &all {
        off += &format!("{} {} {}\n", p[0], p[1], p[2]);
    }
    for (k, q) in quads.iter().chain(q2.iter()).enumerate() {
        let s = if k < 6 { 0 } else { 8 };
        off += &format!("4 {} {} {} {}\n", q[0] + s, q[1] + s, q[2] + s, q[3] + s);
    }
    let path = d.join("two.off");
    std::fs::write(&path, &off).unwrap();
    let out = isect(&["mesh", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let j = json_of(&out);
    assert_eq!(
        (j["components"].as_u64(), j["euler_characteristic"].as_i64()),
        (Some(2), Some(4))
    );
    // The same file from standard input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_isect"))
        .args(["mesh", "--json", "--format", "off", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(off.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_of(&out)["components"], 2);
}

#[test]
fn stl_soup_is_welded_and_problems_are_listed() {
    let d = dir("stl");
    let (v, quads) = cube_quads(0.0);
    let mut b = vec![b' '; 80];
    b.extend(12u32.to_le_bytes());
    for q in &quads {
        for t in [[q[0], q[1], q[2]], [q[0], q[2], q[3]]] {
            b.extend([0u8; 12]);
            for k in t {
                for x in v[k as usize] {
                    b.extend((x as f32).to_le_bytes());
                }
            }
            b.extend([0u8; 2]);
        }
    }
    let path = d.join("cube.stl");
    std::fs::write(&path, &b).unwrap();
    let out = isect(&["mesh", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let j = json_of(&out);
    assert_eq!(
        (j["file_vertices"].as_u64(), j["vertices"].as_u64()),
        (Some(36), Some(8))
    );
    assert_eq!(j["repairs"]["merged_vertices"], 28);
    assert_eq!(j["closed"], true);
    // An open square with a collinear (degenerate) face 1, a duplicate face 2 and a third
    // face on the edge 0–1: problems, exit 1, faces and edges in the file's numbering.
    let v = vec![
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [2.0, 0.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.0, -1.0, 0.0],
    ];
    let faces = vec![
        vec![0, 1, 2],
        vec![0, 1, 3],
        vec![1, 2, 0],
        vec![1, 0, 4],
        vec![0, 1, 5],
    ];
    let path = d.join("bad.obj");
    std::fs::write(&path, obj(&v, &faces)).unwrap();
    let out = isect(&["mesh", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let j = json_of(&out);
    assert_eq!(j["repairs"]["degenerate_faces"], serde_json::json!([1]));
    assert_eq!(j["repairs"]["duplicate_faces"], serde_json::json!([[2, 0]]));
    assert_eq!(
        j["non_manifold_edges"],
        serde_json::json!([{"edge": [0, 1], "faces": 3}])
    );
    assert_eq!(j["closed"], false);
    let problems: Vec<&str> = j["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(
        problems.contains(&"1 degenerate faces") && problems.contains(&"1 non-manifold edges"),
        "{problems:?}"
    );
}

#[test]
fn bad_input_exits_2_with_file_line_message() {
    let d = dir("errors");
    let cases: [(&str, &str, &str); 4] = [
        ("a.obj", "v 0 0 0\nv 1 0 0\nf 1 2 3\n", "a.obj:3:7: vertex 3 is not defined (2 vertices before this line)"),
        ("b.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n", "b.off:4: the file ends after 2 of the 3 vertices declared on line 2"),
        ("c.ply", "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 inf 0\n", "c.ply:8:3: the y coordinate is infinite (or overflows)"),
        ("d.stl", "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nendloop\n", "d.stl:5:1: expected `vertex x y z`"),
    ];
    for (name, content, message) in cases {
        let path = d.join(name);
        std::fs::write(&path, content).unwrap();
        let out = isect(&["mesh", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert_eq!(
            text(&out.stderr),
            format!("{}{message}\n", d.display().to_string() + "/")
        );
        assert!(out.stdout.is_empty());
    }
    let out = isect(&["mesh", d.join("none.obj").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let out = isect(&["mesh", d.join("x.txt").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown mesh format"));
}

/// The cube `[0, 1]³` moved by `d`, as 12 triangles (outward).
fn cube_triangles(d: [f64; 3]) -> Soup {
    cuboid(d, d.map(|x| x + 1.0))
}

/// Exactly equal vertices welded into the first (as `from_soup` does, written here).
fn welded(v: &[[f64; 3]], t: &[[u32; 3]]) -> Vec<[u32; 3]> {
    let first: Vec<u32> = (0..v.len())
        .map(|i| (0..=i).find(|&j| v[j] == v[i]).unwrap() as u32)
        .collect();
    t.iter().map(|f| f.map(|k| first[k as usize])).collect()
}

fn csv_pairs(path: &Path) -> Vec<[usize; 4]> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("face_a,face_b,triangle_a,triangle_b"));
    lines
        .map(|l| {
            let v: Vec<usize> = l.split(',').map(|x| x.parse().unwrap()).collect();
            [v[0], v[1], v[2], v[3]]
        })
        .collect()
}

#[test]
fn self_intersections_against_a_brute_force_oracle() {
    let d = dir("pairs");
    // Two overlapping cubes, and a third touching the first exactly along its face
    // x = 1 (coincident vertices, welded) and one more touching it at a single corner.
    let (v, t) = union(&[
        cube_triangles([0.0, 0.0, 0.0]),
        cube_triangles([0.5, 0.25, 0.125]),
        cube_triangles([1.0, 0.0, 0.0]),
        cube_triangles([-1.0, -1.0, -1.0]),
    ]);
    let vq: Vec<[Q; 3]> = v.iter().map(q3).collect();
    let expected = isect_testkit::mesh_pairs::self_intersections(&vq, &welded(&v, &t));
    assert!(expected.len() > 20);
    let faces: Vec<Vec<u32>> = t.iter().map(|f| f.to_vec()).collect();
    let path = d.join("cubes.obj");
    std::fs::write(&path, obj(&v, &faces)).unwrap();
    let csv = d.join("pairs.csv");
    let out = isect(&[
        "mesh",
        "--json",
        "--max-report",
        "3",
        "--pairs",
        csv.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let j = json_of(&out);
    assert_eq!(j["self_intersections"]["pairs"], expected.len());
    let first: Vec<[u32; 2]> = expected[..3].to_vec();
    assert_eq!(
        j["self_intersections"]["first_pairs"],
        serde_json::json!(first)
    );
    // Triangle-only file, nothing dropped: faces and triangles are the mesh's triangles.
    let rows = csv_pairs(&csv);
    let want: Vec<[usize; 4]> = expected
        .iter()
        .map(|&[a, b]| [a as usize, b as usize, a as usize, b as usize])
        .collect();
    assert_eq!(rows, want);
    let text_out = text(&isect(&["mesh", "--max-report", "2", path.to_str().unwrap()]).stdout);
    assert!(
        text_out.contains(&format!(
            "self-intersections: {}\n  faces {} and {}\n",
            expected.len(),
            expected[0][0],
            expected[0][1]
        )),
        "{text_out}"
    );
    assert!(text_out.contains(&format!(
        "… and {} more (all with --pairs FILE)",
        expected.len() - 2
    )));
    // One cube alone: clean, exit 0.
    let (v1, t1) = cube_triangles([0.0; 3]);
    let path = d.join("one.obj");
    std::fs::write(
        &path,
        obj(&v1, &t1.iter().map(|f| f.to_vec()).collect::<Vec<_>>()),
    )
    .unwrap();
    let out = isect(&["mesh", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_of(&out)["self_intersections"]["pairs"], 0);
}

#[test]
fn against_lists_the_pairs_between_two_meshes() {
    let d = dir("against");
    let write = |name: &str, (v, t): &Soup| {
        let path = d.join(name);
        std::fs::write(
            &path,
            obj(v, &t.iter().map(|f| f.to_vec()).collect::<Vec<_>>()),
        )
        .unwrap();
        path.to_str().unwrap().to_string()
    };
    let a = cube_triangles([0.0; 3]);
    let b = cube_triangles([0.5, 0.5, 1.0]); // touches a's top face z = 1 exactly, overlapping
    let c = cube_triangles([2.0, 0.0, 0.0]);
    let q = |m: &Soup| m.0.iter().map(q3).collect::<Vec<_>>();
    let expected = isect_testkit::mesh_pairs::intersecting_pairs(&q(&a), &a.1, &q(&b), &b.1);
    assert!(!expected.is_empty());
    let (pa, pb, pc) = (write("a.obj", &a), write("b.obj", &b), write("c.obj", &c));
    let csv = d.join("ab.csv");
    let out = isect(&[
        "mesh",
        &pa,
        "--against",
        &pb,
        "--json",
        "--pairs",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(json_of(&out)["pairs"], expected.len());
    let rows: Vec<[usize; 2]> = csv_pairs(&csv).iter().map(|r| [r[0], r[1]]).collect();
    let want: Vec<[usize; 2]> = expected
        .iter()
        .map(|&[x, y]| [x as usize, y as usize])
        .collect();
    assert_eq!(rows, want);
    let out = isect(&["mesh", &pa, "--against", &pc]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("): 0"));
    let out = isect(&[
        "mesh",
        &pa,
        "--against",
        d.join("missing.obj").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// The libigl issue-2381 mesh (a twice-subdivided triangle, 16 faces): its report says
/// that no two faces intersect except along the edges and vertices they share (where a
/// double-precision Guigue–Devillers test reported 5 pairs): 0 pairs, open, exit 1.
#[test]
fn libigl_2381_has_no_self_intersection() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/peer-fixtures/mesh-bugs/libigl-2381.obj"
    );
    if !Path::new(fixture).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the peer fixture is missing in CI"
        );
        return;
    }
    let out = isect(&["mesh", "--json", fixture]);
    assert_eq!(out.status.code(), Some(1));
    let j = json_of(&out);
    assert_eq!(j["self_intersections"]["pairs"], 0);
    assert_eq!(
        (j["file_faces"].as_u64(), j["closed"].as_bool()),
        (Some(16), Some(false))
    );
}

#[test]
fn pinched_vertex_and_non_manifold_edge_are_named() {
    let d = dir("pinched");
    // Two tetrahedra, apart but for vertex 0 (the apex of both): closed, outward,
    // consistently oriented, but pinched at vertex 0 (two fans of triangles).
    let v = vec![
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 1.0],
        [0.0, 1.0, 1.0],
        [1.0, 1.0, 1.0],
        [1.0, 0.0, -1.0],
        [0.0, 1.0, -1.0],
        [1.0, 1.0, -1.0],
    ];
    let mut faces = vec![vec![1, 3, 2], vec![0, 1, 2], vec![0, 3, 1], vec![0, 2, 3]];
    faces.extend([vec![4, 5, 6], vec![0, 5, 4], vec![0, 4, 6], vec![0, 6, 5]]);
    for tet in faces.chunks(4) {
        assert!(volume(&v, tet) > Q::from_integer(0.into()));
    }
    let path = d.join("pinched.obj");
    std::fs::write(&path, obj(&v, &faces)).unwrap();
    let out = isect(&["mesh", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let j = json_of(&out);
    assert_eq!(j["closed"], true);
    assert_eq!(
        j["non_manifold_vertices"],
        serde_json::json!([{"vertex": 0, "fans": 2}])
    );
    assert_eq!(
        j["problems"],
        serde_json::json!(["1 non-manifold (pinched) vertices"])
    );
    let out = isect(&["mesh", path.to_str().unwrap()]);
    assert!(text(&out.stdout).contains("non-manifold vertices: 1 (vertex, fans: (0, 2))"));
    // Three triangles on one edge, none misoriented: the orientation is undefined there,
    // not "inconsistent with 0 misoriented edges".
    let v = vec![
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.0, -1.0, 0.0],
    ];
    let faces = vec![vec![0, 1, 2], vec![1, 0, 3], vec![0, 1, 4]];
    let path = d.join("fin.obj");
    std::fs::write(&path, obj(&v, &faces)).unwrap();
    let out = isect(&["mesh", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(
        report.contains(
            "orientation: not defined across the 1 non-manifold edges (no edge used twice in one direction)"
        ),
        "{report}"
    );
}
