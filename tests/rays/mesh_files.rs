//! The mesh file readers (`isect::io`, feature `io`) on small files written here: every
//! format (STL ASCII and binary, PLY ASCII and both binary byte orders, OFF with
//! comments, OBJ with quads and relative indices), values read back exactly, and
//! malformed files of every kind with their expected `FILE:LINE[:COLUMN]` or byte offset.
#![cfg(feature = "io")]

use isect::io::{FilePosition, MeshData, MeshFormat, read_mesh, read_mesh_as, read_mesh_from};
use isect::{Sign, TriMesh};
use isect_testkit::scenes::cube_quads;

fn read(text: &[u8], format: MeshFormat) -> Result<MeshData<f64>, isect::io::MeshFileError> {
    read_mesh_from(text, format, "m")
}

fn err(text: &[u8], format: MeshFormat) -> String {
    read(text, format).expect_err("must be refused").to_string()
}

fn check_closed_cube(data: &MeshData<f64>) {
    let (mesh, report) = TriMesh::from_soup(data.vertices.clone(), data.triangles.clone());
    assert_eq!(
        (mesh.vertices().len(), mesh.triangles().len()),
        (8, 12),
        "{report:?}"
    );
    assert!(mesh.is_closed());
    assert_eq!(mesh.volume_sign(), Sign::Positive);
    assert_eq!(mesh.topology().euler_characteristic(), 2);
}

#[test]
fn obj_quads_relative_indices_comments_and_ignored_elements() {
    let (v, quads) = cube_quads(0.0);
    let mut text = String::from("# a cube\nmtllib x.mtl\no cube\n");
    for p in &v {
        text += &format!("v {} {} {}\n", p[0], p[1], p[2]);
    }
    text += "vn 0 0 1\nvt 0 0\n";
    for (i, q) in quads.iter().enumerate() {
        match i % 3 {
            0 => text += &format!("f {} {} {} {}\n", q[0] + 1, q[1] + 1, q[2] + 1, q[3] + 1),
            1 => {
                text += &format!(
                    "f {}//1 {}/1/1 {}/1 {} # quad\n",
                    q[0] + 1,
                    q[1] + 1,
                    q[2] + 1,
                    q[3] + 1
                )
            }
            _ => {
                text += &format!(
                    "f {} {} {} {}\n",
                    q[0] as i64 - 8,
                    q[1] as i64 - 8,
                    q[2] as i64 - 8,
                    q[3] as i64 - 8
                )
            }
        }
    }
    text += "l 1 2\np 3\n";
    let data = read(text.as_bytes(), MeshFormat::Obj).unwrap();
    assert_eq!(data.vertices, v);
    assert_eq!(
        (data.faces, data.polygons, data.triangles.len()),
        (6, 6, 12)
    );
    assert_eq!(
        data.ignored
            .iter()
            .map(|i| (i.count, i.first_line))
            .collect::<Vec<_>>(),
        vec![(1, Some(20)), (1, Some(21))]
    );
    check_closed_cube(&data);
}

#[test]
fn text_numbers_are_read_correctly_rounded() {
    // Shortest round-trip decimals of awkward values, subnormals and extremes.
    let values: [f64; 6] = [
        0.1,
        -2.5e-308,
        5e-324,
        1.7976931348623157e308,
        0.30000000000000004,
        -0.0,
    ];
    let mut text = String::new();
    for x in values {
        text += &format!("v {x:?} {x:e} {x}\n");
    }
    text += "f 1 2 3\n";
    let data = read(text.as_bytes(), MeshFormat::Obj).unwrap();
    for (p, x) in data.vertices.iter().zip(values) {
        assert!(p.iter().all(|c| c.to_bits() == x.to_bits()), "{p:?} {x}");
    }
}

#[test]
fn obj_malformed() {
    let head = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    let cases: &[(&str, &str)] = &[
        ("v 0 nan 0\n", "m:4:5: the y coordinate is NaN"),
        (
            "v 0 0 1e400\n",
            "m:4:7: the z coordinate is infinite (or overflows)",
        ),
        (
            "v 0 0 -inf\n",
            "m:4:7: the z coordinate is -infinite (or overflows)",
        ),
        (
            "v 0 0x1 0\n",
            "m:4:5: the y coordinate `0x1` is not a number",
        ),
        (
            "v 0 0\n",
            "m:4: a vertex needs x y z (then w, or r g b): found 2 values",
        ),
        (
            "v 0 0 0 2\n",
            "m:4:9: the homogeneous coordinate w = `2` is not 1 (dividing by it would round the vertex)",
        ),
        (
            "f 1 2 4\n",
            "m:4:7: vertex 4 is not defined (3 vertices before this line)",
        ),
        (
            "f 1 2 -4\n",
            "m:4:7: vertex -4 is not defined (3 vertices before this line)",
        ),
        ("f 0 1 2\n", "m:4:3: vertex index 0 (OBJ counts from 1)"),
        ("f 1 2\n", "m:4: a face needs at least 3 corners, found 2"),
        (
            "f 1 x 3\n",
            "m:4:5: the face corner `x` is not a vertex index",
        ),
        (
            "f 1 2 \\\n",
            "m:4: line continuation (`\\` at the end of a line) is not supported",
        ),
    ];
    for (tail, expected) in cases {
        assert_eq!(
            err(format!("{head}{tail}").as_bytes(), MeshFormat::Obj),
            *expected,
            "{tail}"
        );
    }
    // Not UTF-8, with the column of the bad byte.
    assert_eq!(
        err(b"v 0 0 0\nv \xff 0 0\n", MeshFormat::Obj),
        "m:2:3: not UTF-8 text"
    );
}

fn off_cube(comments: bool) -> String {
    let (v, quads) = cube_quads(0.0);
    let mut text = String::from(if comments {
        "OFF # header\n# counts next\n\n8 6 12\n"
    } else {
        "OFF 8 6 0\n"
    });
    for p in &v {
        text += &format!("{} {} {}\n", p[0], p[1], p[2]);
        if comments {
            text += "   # a comment line\n";
        }
    }
    for q in &quads {
        text += &format!(
            "4 {} {} {} {}{}\n",
            q[0],
            q[1],
            q[2],
            q[3],
            if comments { " 255 0 0" } else { "" }
        );
    }
    text
}

#[test]
fn off_with_comments_and_quads() {
    for comments in [false, true] {
        let data = read(off_cube(comments).as_bytes(), MeshFormat::Off).unwrap();
        assert_eq!((data.vertices.len(), data.faces, data.polygons), (8, 6, 6));
        check_closed_cube(&data);
    }
}

#[test]
fn off_malformed() {
    let cases: &[(&str, &str)] = &[
        ("", "m:1: empty file: no OFF header"),
        (
            "PLY\n",
            "m:1:1: `PLY` is not an OFF header this reader supports (OFF, COFF, NOFF, CNOFF, STOFF)",
        ),
        (
            "OFF\n3 1\n",
            "m:2: the counts line needs 3 numbers (vertices faces edges), found 2",
        ),
        (
            "OFF\n3 -1 0\n",
            "m:2:3: the count `-1` is not a non-negative integer",
        ),
        (
            "OFF\n3 1 0\n0 0 0\n1 0 0\n",
            "m:4: the file ends after 2 of the 3 vertices declared on line 2",
        ),
        (
            "OFF\n3 2 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n",
            "m:6: the file ends after 1 of the 2 faces declared on line 2",
        ),
        (
            "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n",
            "m:6:7: vertex 3 is out of range (the file has 3 vertices)",
        ),
        (
            "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1\n",
            "m:6: the face declares 3 corners but lists 2",
        ),
        (
            "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n2 0 1\n",
            "m:6:1: a face needs at least 3 corners, found 2",
        ),
        (
            "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n0 0 0\n",
            "m:7: data after the 3 vertices and 1 faces declared on line 2",
        ),
        (
            "OFF\n3 1 0\n0 0 0\n1 0 NaN\n0 1 0\n3 0 1 2\n",
            "m:4:5: the z coordinate is NaN",
        ),
        ("OFF BINARY\n", "m:1: binary OFF is not supported"),
    ];
    for (text, expected) in cases {
        assert_eq!(err(text.as_bytes(), MeshFormat::Off), *expected, "{text:?}");
    }
}

/// The cube's 12 triangles as an ASCII STL soup.
fn stl_ascii(first_line: &str) -> String {
    let (v, quads) = cube_quads(0.0);
    let mut text = format!("{first_line}\n");
    for q in &quads {
        for t in [[q[0], q[1], q[2]], [q[0], q[2], q[3]]] {
            text += "  facet normal 0 0 0\n    outer loop\n";
            for k in t {
                let p = v[k as usize];
                text += &format!("      vertex {} {} {}\n", p[0], p[1], p[2]);
            }
            text += "    endloop\n  endfacet\n";
        }
    }
    text + "endsolid cube\n"
}

/// A binary STL of the given triangles, with a header starting with "solid".
fn stl_binary(triangles: &[[[f32; 3]; 3]]) -> Vec<u8> {
    let mut b = b"solid but binary".to_vec();
    b.resize(80, b' ');
    b.extend((triangles.len() as u32).to_le_bytes());
    for t in triangles {
        b.extend([0u8; 12]);
        for p in t {
            for x in p {
                b.extend(x.to_le_bytes());
            }
        }
        b.extend([0u8; 2]);
    }
    b
}

#[test]
fn stl_ascii_and_binary_cube_soups_weld_closed() {
    for first in ["solid cube", "solid"] {
        let data = read(stl_ascii(first).as_bytes(), MeshFormat::Stl).unwrap();
        check_closed_cube(&data);
        // Normals are not geometry: NaN ones (written for degenerate facets) are accepted.
        let nan_normals =
            stl_ascii(first).replace("facet normal 0 0 0", "facet normal nan NaN -inf");
        let data = read(nan_normals.as_bytes(), MeshFormat::Stl).unwrap();
        assert_eq!((data.vertices.len(), data.faces), (36, 12));
        check_closed_cube(&data);
    }
    let (v, quads) = cube_quads(0.0);
    let tris: Vec<[[f32; 3]; 3]> = quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .map(|t| t.map(|k| v[k as usize].map(|x| x as f32)))
        .collect();
    let data = read(&stl_binary(&tris), MeshFormat::Stl).unwrap();
    check_closed_cube(&data);
    // f32 values are kept exactly, and ASCII numbers are rounded to f32 as the format says.
    let odd = [[0.1f32, 1e-40, -3.4e38], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    let data = read(&stl_binary(&[odd]), MeshFormat::Stl).unwrap();
    assert_eq!(data.to_f32().unwrap().vertices[0], odd[0]);
    let text = "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0.1 1e-40 -3.4e38\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n";
    let data = read(text.as_bytes(), MeshFormat::Stl).unwrap();
    assert_eq!(data.vertices[0], odd[0].map(f64::from));
}

#[test]
fn stl_malformed() {
    let good = stl_ascii("solid cube");
    // Replace one line of the good file and expect the error there.
    let with = |line: usize, replacement: &str| {
        let mut lines: Vec<&str> = good.lines().collect();
        lines[line - 1] = replacement;
        lines.join("\n")
    };
    let cases = [
        (
            with(2, "facet normals 0 0 1"),
            "m:2:1: expected `facet normal nx ny nz` or `endsolid`",
        ),
        (
            with(2, "facet normal 0 zero 1"),
            "m:2:16: the normal's value `zero` is not a number",
        ),
        (with(3, "outer"), "m:3:1: expected `outer loop`"),
        (with(5, "vertex 1 2"), "m:5:1: expected `vertex x y z`"),
        (with(5, "vertex 1 nan 2"), "m:5:10: the y coordinate is NaN"),
        (
            with(6, "vertex 1 2 1e39"),
            "m:6:12: the z coordinate is infinite (or overflows)",
        ),
        (
            with(4, "vertex 1 2 x"),
            "m:4:12: the vertex's z value `x` is not a number",
        ),
        (with(7, "endfacet"), "m:7:1: expected `endloop`"),
        (
            good.replace("endsolid cube\n", ""),
            "m:85: the file ends where `facet normal` or `endsolid` is expected",
        ),
        (
            good.clone() + "solid second\n",
            "m:87: data after `endsolid` (only one solid per file is supported)",
        ),
    ];
    for (text, expected) in &cases {
        assert_eq!(err(text.as_bytes(), MeshFormat::Stl), *expected);
    }
    let tri = [[0.0f32, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    let full = stl_binary(&[tri, tri]);
    // Truncated inside the second triangle, extra bytes, a NaN coordinate, a short header.
    let cut = read(&full[..84 + 50 + 20], MeshFormat::Stl).unwrap_err();
    assert_eq!(cut.position, FilePosition::Byte(134));
    assert!(
        cut.to_string()
            .starts_with("m: byte 134: binary STL truncated"),
        "{cut}"
    );
    let mut long = full.clone();
    long.extend([0u8; 7]);
    assert_eq!(
        read(&long, MeshFormat::Stl).unwrap_err().position,
        FilePosition::Byte(184)
    );
    let mut nan = full.clone();
    let at = 84 + 50 + 12 + 12 * 2 + 4; // second triangle, third vertex, y
    nan[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    assert_eq!(
        read(&nan, MeshFormat::Stl).unwrap_err().to_string(),
        format!("m: byte {at}: the y coordinate is NaN")
    );
    // A header cut short (a header not starting with `solid`: one that does, with no NUL
    // byte, is taken as ASCII and fails on its first line).
    let mut plain = full[..50].to_vec();
    plain[..5].copy_from_slice(b"mesh ");
    assert_eq!(
        read(&plain, MeshFormat::Stl).unwrap_err().position,
        FilePosition::Byte(50)
    );
    assert_eq!(
        read(&full[..50], MeshFormat::Stl).unwrap_err().to_string(),
        "m:1: the file ends where `facet normal` or `endsolid` is expected"
    );
}

fn ply_header(format: &str, nv: usize, nf: usize, xyz: &str) -> String {
    format!(
        "ply\nformat {format} 1.0\ncomment made by a test\nelement vertex {nv}\nproperty {xyz} x\nproperty {xyz} y\nproperty {xyz} z\n\
         element face {nf}\nproperty list uchar int vertex_indices\nelement edge 1\nproperty int vertex1\nproperty int vertex2\nend_header\n"
    )
}

fn ply_binary(big_endian: bool) -> Vec<u8> {
    let (v, quads) = cube_quads(0.0);
    let fmt = if big_endian {
        "binary_big_endian"
    } else {
        "binary_little_endian"
    };
    let mut b = ply_header(fmt, 8, 6, "double").into_bytes();
    let put = |b: &mut Vec<u8>, bytes: &[u8]| {
        if big_endian {
            b.extend(bytes.iter().rev());
        } else {
            b.extend(bytes);
        }
    };
    for p in &v {
        for x in p {
            put(&mut b, &x.to_le_bytes());
        }
    }
    for q in &quads {
        b.push(4);
        for &k in q {
            put(&mut b, &(k as i32).to_le_bytes());
        }
    }
    put(&mut b, &0i32.to_le_bytes());
    put(&mut b, &1i32.to_le_bytes());
    b
}

#[test]
fn ply_ascii_and_binary() {
    let (v, quads) = cube_quads(0.0);
    let mut text = ply_header("ascii", 8, 6, "float");
    for p in &v {
        text += &format!("{} {} {}\n", p[0], p[1], p[2]);
    }
    for q in &quads {
        text += &format!("4 {} {} {} {}\n", q[0], q[1], q[2], q[3]);
    }
    text += "0 1\n";
    let data = read(text.as_bytes(), MeshFormat::Ply).unwrap();
    assert_eq!(data.ignored[0].what, "`edge` elements");
    check_closed_cube(&data);
    for big in [false, true] {
        let data = read(&ply_binary(big), MeshFormat::Ply).unwrap();
        assert_eq!(data.vertices, v);
        check_closed_cube(&data);
    }
}

#[test]
fn ply_malformed() {
    let head = ply_header("ascii", 3, 1, "float");
    let h = head.lines().count(); // the header's lines; data starts on line h + 1
    let cases: Vec<(String, String)> = vec![
        (
            format!("{head}0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n0 1\n"),
            format!(
                "m:{}:7: vertex 3 is out of range (the file has 3 vertices)",
                h + 4
            ),
        ),
        (
            format!("{head}0 0 0\n1 0 0\n0 1 0\n3 0 1 -1\n0 1\n"),
            format!(
                "m:{}:7: vertex -1 is out of range (the file has 3 vertices)",
                h + 4
            ),
        ),
        (
            format!("{head}0 0 0\n1 0 0\n0 1 0\n2 0 1\n0 1\n"),
            format!("m:{}:1: a face needs at least 3 corners, found 2", h + 4),
        ),
        (
            format!("{head}0 0 0\n1 0 0 7\n0 1 0\n3 0 1 2\n0 1\n"),
            format!(
                "m:{}:7: 1 values after the properties of `vertex` the header declares",
                h + 2
            ),
        ),
        (
            format!("{head}0 0 0\n1 0\n"),
            format!("m:{}: the line ends before property `z` of `vertex`", h + 2),
        ),
        (
            format!("{head}0 0 0\n1 nan 0\n0 1 0\n3 0 1 2\n0 1\n"),
            format!("m:{}:3: the y coordinate is NaN", h + 2),
        ),
        (
            format!("{head}0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n"),
            format!(
                "m:{}: the file ends after 0 of the 1 `edge` elements the header declares",
                h + 4
            ),
        ),
        (
            format!("{head}0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n0 1\n0 2\n"),
            format!("m:{}: data after the elements the header declares", h + 6),
        ),
        (
            "ply\nformat ascii 1.0\nelement vertex x\nend_header\n".to_string(),
            "m:3: ".to_string(),
        ),
    ];
    for (text, expected) in &cases {
        let e = err(text.as_bytes(), MeshFormat::Ply);
        assert!(e.starts_with(expected.as_str()), "{e}\nexpected {expected}");
    }
    // Binary: truncated inside a face, and trailing bytes.
    let full = ply_binary(false);
    let header_len = ply_header("binary_little_endian", 8, 6, "double").len();
    let face0 = header_len + 8 * 24;
    let e = read(&full[..face0 + 3], MeshFormat::Ply).unwrap_err();
    assert_eq!(e.position, FilePosition::Byte(face0 as u64), "{e}");
    let mut long = full.clone();
    long.push(0);
    assert_eq!(
        read(&long, MeshFormat::Ply).unwrap_err().position,
        FilePosition::Byte(full.len() as u64)
    );
}

#[test]
fn files_by_path_and_the_peer_fixture() {
    let dir = std::env::temp_dir().join(format!("isect-mesh-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let off = dir.join("cube.OFF");
    std::fs::write(&off, off_cube(true)).unwrap();
    check_closed_cube(&read_mesh(&off).unwrap());
    let txt = dir.join("cube.txt");
    std::fs::write(&txt, off_cube(false)).unwrap();
    let e = read_mesh(&txt).unwrap_err();
    assert_eq!(e.position, FilePosition::File);
    assert!(e.to_string().contains("unknown mesh format"));
    check_closed_cube(&read_mesh_as(&txt, MeshFormat::Off).unwrap());
    let missing = read_mesh(dir.join("missing.obj")).unwrap_err();
    assert_eq!(missing.position, FilePosition::File);
    std::fs::remove_dir_all(&dir).unwrap();
    // The libigl issue-2381 mesh: 15 vertices, 16 faces, an open triangle patch.
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/peer-fixtures/mesh-bugs/libigl-2381.obj"
    );
    if std::path::Path::new(fixture).exists() {
        let data = read_mesh(fixture).unwrap();
        assert_eq!((data.vertices.len(), data.faces), (15, 16));
        let (mesh, report) = TriMesh::from_soup(data.vertices, data.triangles);
        assert!(!report.changed());
        let topo = mesh.topology();
        assert_eq!(
            (
                topo.euler_characteristic(),
                topo.components,
                topo.boundary_edges.len()
            ),
            (1, 1, 12)
        );
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "the peer fixture is missing in CI"
        );
    }
}

/// A PLY header with `nv` float vertices and one `tristrips` element.
fn ply_strips_header(format: &str, nv: usize) -> String {
    format!(
        "ply\nformat {format} 1.0\nelement vertex {nv}\nproperty float x\nproperty float y\nproperty float z\n\
         element tristrips 1\nproperty list int int vertex_indices\nend_header\n"
    )
}

#[test]
fn ply_triangle_strips_ascii_and_binary() {
    // The cube's corners (x, y, z bits of the index) as two strips: the four side faces
    // around the cube (a closed loop of 10 strip vertices), then top and bottom, stitched
    // into one strip by a repeated vertex (four zero-area triangles that must be left
    // out), the strips separated by -1.
    let v: Vec<[f64; 3]> = (0..8)
        .map(|i| [(i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2 & 1) as f64])
        .collect();
    let sides = [4, 0, 5, 1, 7, 3, 6, 2, 4, 0];
    let caps = [4, 5, 6, 7, 7, 1, 1, 0, 3, 2];
    let list: Vec<i32> = [&sides[..], &[-1], &caps[..]].concat();
    // The triangles by the strip rule, written out by hand: (v0 v1 v2), (v2 v1 v3), …;
    // in the second strip (6 7 7), (7 7 1), (7 1 1) and (1 1 0) are the stitches.
    let expected: Vec<[u32; 3]> = vec![
        [4, 0, 5],
        [5, 0, 1],
        [5, 1, 7],
        [7, 1, 3],
        [7, 3, 6],
        [6, 3, 2],
        [6, 2, 4],
        [4, 2, 0],
        [4, 5, 6],
        [6, 5, 7],
        [1, 0, 3],
        [3, 0, 2],
    ];
    let mut text = ply_strips_header("ascii", 8);
    for p in &v {
        text += &format!("{} {} {}\n", p[0], p[1], p[2]);
    }
    text += &format!("{}", list.len());
    for i in &list {
        text += &format!(" {i}");
    }
    text += "\n";
    let mut binary = ply_strips_header("binary_little_endian", 8).into_bytes();
    for p in &v {
        for &x in p {
            binary.extend((x as f32).to_le_bytes());
        }
    }
    binary.extend((list.len() as i32).to_le_bytes());
    for i in &list {
        binary.extend(i.to_le_bytes());
    }
    for bytes in [text.as_bytes(), &binary[..]] {
        let data = read(bytes, MeshFormat::Ply).unwrap();
        assert_eq!(data.triangles, expected);
        assert_eq!((data.faces, data.strips, data.polygons), (2, 2, 0));
        assert_eq!(data.triangle_face, [vec![0; 8], vec![1; 4]].concat());
        let stitches = data
            .ignored
            .iter()
            .find(|i| i.what.contains("repeated corner"));
        assert_eq!(stitches.map(|i| i.count), Some(4));
        // Every other strip triangle reversed: the cube comes out closed and outward.
        let (mesh, report) = TriMesh::from_soup(data.vertices.clone(), data.triangles.clone());
        assert!(report.topology_ok() && mesh.is_closed());
        assert_eq!(mesh.volume_sign(), Sign::Positive);
    }
}

#[test]
fn ply_triangle_strips_malformed() {
    let head = ply_strips_header("ascii", 3);
    let h = head.lines().count();
    let body = "0 0 0\n1 0 0\n0 1 0\n";
    for (strip, message) in [
        (
            "4 0 1 2 3",
            format!(
                "m:{}:9: vertex 3 is out of range (the file has 3 vertices; -1 ends a strip)",
                h + 4
            ),
        ),
        (
            "4 0 1 -2 2",
            format!(
                "m:{}:7: vertex -2 is out of range (the file has 3 vertices; -1 ends a strip)",
                h + 4
            ),
        ),
    ] {
        assert_eq!(
            err(format!("{head}{body}{strip}\n").as_bytes(), MeshFormat::Ply),
            message
        );
    }
    // Short strips give no triangle and say so.
    let data = read(
        format!("{head}{body}5 0 1 -1 2 -1\n").as_bytes(),
        MeshFormat::Ply,
    )
    .unwrap();
    assert!(data.triangles.is_empty() && data.faces == 0);
    assert_eq!(data.ignored[0].what, "strips of fewer than 3 vertices");
    assert_eq!(data.ignored[0].count, 2);
    // A tristrips element without its list is named with its header line.
    let bad = "ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\nproperty float y\nproperty float z\nelement tristrips 0\nproperty int n\nend_header\n";
    assert_eq!(
        err(bad.as_bytes(), MeshFormat::Ply),
        "m:7: the tristrips element has no list property vertex_indices or vertex_index"
    );
}
