//! The mesh file readers (`isect::io`: OBJ, OFF, STL, PLY) and `TriMesh::from_soup`.
//!
//! * Arbitrary bytes, given to every reader: never a panic; an error has a position in
//!   the data (a line of the text, its column at most one past the line's end, or a byte
//!   offset at most the length), never just the file; a successful read has finite
//!   coordinates, indices in range, a face for every triangle; and `from_soup` on it
//!   accounts for every vertex and triangle exactly once (kept, or in one of the
//!   report's lists), its mesh made of exactly the kept input rows.
//! * Meshes decoded from the bytes (`Src`: exact coincidences, extreme exponents, f32
//!   values), written here in every format (OBJ, OFF, ASCII and binary STL, ASCII and
//!   both binary PLY byte orders, polygons of up to six corners): read back with every
//!   value bit for bit (STL in f32) and every face, split into the expected fan.
#![no_main]

use isect::io::{read_mesh_from, FilePosition, MeshData, MeshFormat};
use isect::TriMesh;
use isect_fuzz::Src;
use libfuzzer_sys::fuzz_target;

const FORMATS: [MeshFormat; 4] = [
    MeshFormat::Obj,
    MeshFormat::Off,
    MeshFormat::Stl,
    MeshFormat::Ply,
];

/// The invariants of a read, successful or not.
fn check_read(bytes: &[u8], format: MeshFormat) {
    match read_mesh_from(bytes, format, "f") {
        Err(e) => {
            assert!(e.to_string().starts_with("f:"), "{e}");
            match e.position {
                FilePosition::File => panic!("an error without a position: {e}"),
                FilePosition::Byte(b) => assert!(b <= bytes.len() as u64, "{e}"),
                FilePosition::Line { line, column } => {
                    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
                    assert!(
                        line >= 1 && line <= lines.len().max(1),
                        "{e}: {} lines",
                        lines.len()
                    );
                    if let Some(c) = column {
                        let len = lines.get(line - 1).map_or(0, |l| l.len());
                        assert!(c >= 1 && c <= len + 1, "{e}: line of {len} bytes");
                    }
                }
            }
        }
        Ok(data) => check_data(&data),
    }
}

/// A successful read, and from_soup on it.
fn check_data(data: &MeshData<f64>) {
    let n = data.vertices.len();
    assert!(data.vertices.iter().flatten().all(|x| x.is_finite()));
    assert!(data.triangles.iter().flatten().all(|&i| (i as usize) < n));
    assert_eq!(data.triangle_face.len(), data.triangles.len());
    assert!(data.triangle_face.windows(2).all(|w| w[0] <= w[1]));
    assert!(data.triangle_face.iter().all(|&f| f < data.faces));
    assert!(data.polygons <= data.faces);
    let (mesh, r) = TriMesh::from_soup(data.vertices.clone(), data.triangles.clone());
    assert_eq!(
        (r.input_vertices, r.input_triangles),
        (n, data.triangles.len())
    );
    // Every input vertex once: kept, merged, non-finite (none here) or unreferenced.
    let mut seen = vec![0u8; n];
    for &v in r
        .vertex_origin
        .iter()
        .chain(&r.unreferenced_vertices)
        .chain(&r.non_finite_vertices)
    {
        seen[v as usize] += 1;
    }
    for m in &r.merged_vertices {
        seen[m[0] as usize] += 1;
        assert!(m[1] < m[0] && data.vertices[m[0] as usize] == data.vertices[m[1] as usize]);
    }
    assert!(
        seen.iter().all(|&s| s == 1),
        "vertices not accounted for once: {r:?}"
    );
    assert!(r.non_finite_vertices.is_empty());
    // Every input triangle once.
    let mut seen = vec![0u8; data.triangles.len()];
    let dropped = r
        .out_of_range_triangles
        .iter()
        .chain(&r.non_finite_triangles)
        .chain(&r.degenerate_triangles)
        .chain(r.duplicate_triangles.iter().map(|d| &d[0]));
    for &t in r.triangle_origin.iter().chain(dropped) {
        seen[t] += 1;
    }
    assert!(
        seen.iter().all(|&s| s == 1),
        "triangles not accounted for once: {r:?}"
    );
    // The mesh is made of the kept rows: same coordinates corner by corner.
    assert_eq!(mesh.triangles().len(), r.triangle_origin.len());
    for (t, &orig) in mesh.triangles().iter().zip(&r.triangle_origin) {
        for (&k, &i) in t.iter().zip(&data.triangles[orig]) {
            assert_eq!(mesh.vertices()[k as usize], data.vertices[i as usize]);
        }
    }
    for (k, &orig) in r.vertex_origin.iter().enumerate() {
        assert_eq!(mesh.vertices()[k], data.vertices[orig as usize]);
    }
}

/// A mesh decoded from the bytes: vertices (f32 values when `f32`), polygons of 3 to 6
/// corners with indices in range.
fn decode(src: &mut Src, f32: bool) -> (Vec<[f64; 3]>, Vec<Vec<u32>>) {
    let nv = 1 + src.below(8);
    let v: Vec<[f64; 3]> = (0..nv)
        .map(|_| {
            let p = [src.finite(), src.finite(), src.finite()];
            if f32 {
                p.map(|x| {
                    let y = x as f32;
                    if y.is_finite() {
                        f64::from(y)
                    } else {
                        0.0
                    }
                })
            } else {
                p
            }
        })
        .collect();
    let nf = src.below(6);
    let faces = (0..nf)
        .map(|_| {
            (0..3 + src.below(4))
                .map(|_| src.below(nv) as u32)
                .collect()
        })
        .collect();
    (v, faces)
}

fn fan(faces: &[Vec<u32>]) -> Vec<[u32; 3]> {
    faces
        .iter()
        .flat_map(|f| (1..f.len() - 1).map(move |k| [f[0], f[k], f[k + 1]]))
        .collect()
}

/// A file's bytes, its format, and the vertices and faces written in it.
type Written = (Vec<u8>, MeshFormat, Vec<[f64; 3]>, Vec<Vec<u32>>);

fn written(src: &mut Src, which: u8) -> Written {
    let stl = matches!(which, 2 | 3);
    let (v, mut faces) = decode(src, stl || which == 5);
    let mut out = Vec::new();
    let num = |x: f64| format!("{x:?}");
    let format = match which {
        0 => {
            for p in &v {
                out.extend(format!("v {} {} {}\n", num(p[0]), num(p[1]), num(p[2])).bytes());
            }
            for f in &faces {
                let c: Vec<String> = f.iter().map(|&i| (i + 1).to_string()).collect();
                out.extend(format!("f {}\n", c.join(" ")).bytes());
            }
            MeshFormat::Obj
        }
        1 => {
            out.extend(format!("OFF\n# decoded\n{} {} 0\n", v.len(), faces.len()).bytes());
            for p in &v {
                out.extend(format!("{} {} {}\n", num(p[0]), num(p[1]), num(p[2])).bytes());
            }
            for f in &faces {
                let c: Vec<String> = f.iter().map(|i| i.to_string()).collect();
                out.extend(format!("{} {}\n", f.len(), c.join(" ")).bytes());
            }
            MeshFormat::Off
        }
        2 | 3 => {
            // STL: triangles only, each with its own vertices.
            faces.iter_mut().for_each(|f| f.truncate(3));
            let tris: Vec<[[f32; 3]; 3]> = faces
                .iter()
                .map(|f| [0, 1, 2].map(|k| v[f[k] as usize].map(|x| x as f32)))
                .collect();
            if which == 2 {
                out.extend(b"solid decoded\n");
                for t in &tris {
                    out.extend(b"facet normal 0 0 0\nouter loop\n");
                    for p in t {
                        out.extend(format!("vertex {:?} {:?} {:?}\n", p[0], p[1], p[2]).bytes());
                    }
                    out.extend(b"endloop\nendfacet\n");
                }
                out.extend(b"endsolid decoded\n");
            } else {
                out.extend([b'x'; 80]);
                out.extend((tris.len() as u32).to_le_bytes());
                for t in &tris {
                    out.extend([0u8; 12]);
                    t.iter().flatten().for_each(|x| out.extend(x.to_le_bytes()));
                    out.extend([0u8; 2]);
                }
            }
            MeshFormat::Stl
        }
        _ => {
            let (enc, xyz) = match which {
                4 => ("ascii", "double"),
                5 => ("binary_little_endian", "float"),
                _ => ("binary_big_endian", "double"),
            };
            out.extend(
                format!(
                    "ply\nformat {enc} 1.0\nelement vertex {}\nproperty {xyz} x\nproperty {xyz} y\nproperty {xyz} z\n\
                     element face {}\nproperty list uchar uint vertex_indices\nend_header\n",
                    v.len(),
                    faces.len()
                )
                .bytes(),
            );
            for p in &v {
                match which {
                    4 => out.extend(format!("{} {} {}\n", num(p[0]), num(p[1]), num(p[2])).bytes()),
                    5 => p.iter().for_each(|&x| out.extend((x as f32).to_le_bytes())),
                    _ => p.iter().for_each(|&x| out.extend(x.to_be_bytes())),
                }
            }
            for f in &faces {
                match which {
                    4 => {
                        let c: Vec<String> = f.iter().map(|i| i.to_string()).collect();
                        out.extend(format!("{} {}\n", f.len(), c.join(" ")).bytes());
                    }
                    5 => {
                        out.push(f.len() as u8);
                        f.iter().for_each(|&i| out.extend(i.to_le_bytes()));
                    }
                    _ => {
                        out.push(f.len() as u8);
                        f.iter().for_each(|&i| out.extend(i.to_be_bytes()));
                    }
                }
            }
            MeshFormat::Ply
        }
    };
    (out, format, v, faces)
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        for format in FORMATS {
            check_read(rest, format);
        }
        return;
    }
    let mut src = Src::new(rest);
    let which = (mode >> 1) % 7;
    let (bytes, format, v, faces) = written(&mut src, which);
    let read = read_mesh_from(&bytes[..], format, "w")
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(&bytes)));
    if format == MeshFormat::Stl {
        // Three vertices per triangle, in order.
        let expect: Vec<[f64; 3]> = faces
            .iter()
            .flat_map(|f| f.iter().map(|&i| v[i as usize]))
            .collect();
        assert_eq!(read.vertices.len(), expect.len());
        for (a, b) in read.vertices.iter().zip(&expect) {
            assert!(
                a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits()),
                "{a:?} {b:?}"
            );
        }
        assert_eq!(read.faces, faces.len());
    } else {
        for (a, b) in read.vertices.iter().zip(&v) {
            assert!(
                a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits()),
                "{a:?} {b:?}"
            );
        }
        assert_eq!(read.vertices.len(), v.len());
        assert_eq!(read.triangles, fan(&faces));
        assert_eq!(read.faces, faces.len());
        assert_eq!(read.polygons, faces.iter().filter(|f| f.len() > 3).count());
    }
    check_data(&read);
    // The text formats again with every byte after a cut: an error with a position, or
    // a read that keeps its invariants.
    let cut = src.below(bytes.len() + 1);
    check_read(&bytes[..cut], format);
});
