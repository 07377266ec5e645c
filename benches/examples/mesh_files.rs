//! Writes the self-intersection benchmark meshes as OFF files, for the CGAL anchor
//! (`benches/cgal/run.sh`) and for anyone who wants the same input:
//!
//! * `sphere288k.off`: the geodesic sphere of frequency 120 (an icosahedron with each face
//!   cut into 120² triangles, points projected onto the unit sphere), 288,000 faces, closed,
//!   no self-intersection;
//! * `sphere288k_embedded.off`: the same followed by a small second component crossing its
//!   surface: the geodesic sphere of frequency 8 (1,280 faces) of radius 1/16 centred at
//!   (0.6, 0, 0.8), a point of the unit sphere (to rounding).
//!
//! * `hurt/*.off`: the test kit's meshes built to hurt a self-intersection test
//!   (`isect_testkit::meshes::hurt_meshes`: exact contacts between components, coplanar
//!   folds, vertices on edges, …), each as given and scaled by 2^-600 and 2^600, with
//!   isect's `self_intersections` next to each as `*.isect.csv` (`i,j` lines), for
//!   comparing with CGAL's pairs (`benches/cgal/run.sh` does).
//!
//! Coordinates are written as the shortest decimals that read back to the same `f64`
//! (Rust's `{:?}`), so every reader gets the exact mesh. Face indices are in file order.
//!
//! ```sh
//! cargo run --release -p isect-benches --example mesh_files -- target/mesh_files
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use isect::TriMesh;
use isect_testkit::geodesic::{sphere288k, sphere288k_embedded};
use isect_testkit::meshes::{hurt_meshes, off_text, placed};

type Mesh = (Vec<[f64; 3]>, Vec<[u32; 3]>);

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/mesh_files".into()),
    );
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    write(&dir.join("sphere288k.off"), &sphere288k());
    write(&dir.join("sphere288k_embedded.off"), &sphere288k_embedded());
    let hurt = dir.join("hurt");
    std::fs::create_dir_all(&hurt)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", hurt.display()));
    for (k, (name, mesh)) in hurt_meshes().into_iter().enumerate() {
        let slug: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        for (tag, scale) in [
            ("1", 1.0),
            ("2m600", 2f64.powi(-600)),
            ("2p600", 2f64.powi(600)),
        ] {
            let m = placed(&mesh, scale, [0.0; 3]);
            let stem = format!("{k:02}_{slug}_{tag}");
            write_off(&hurt.join(format!("{stem}.off")), &m);
            let built = TriMesh::new(m.0, m.1).unwrap_or_else(|e| panic!("{stem}: {e}"));
            let mut csv = String::new();
            for [i, j] in built.self_intersections() {
                writeln!(csv, "{i},{j}").unwrap();
            }
            let path = hurt.join(format!("{stem}.isect.csv"));
            std::fs::write(&path, csv)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
    }
}

/// Checks the mesh (valid and closed), then writes it.
fn write(path: &Path, mesh: &Mesh) {
    let built = TriMesh::new(mesh.0.clone(), mesh.1.clone())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(built.is_closed(), "{} is not closed", path.display());
    write_off(path, mesh);
    println!(
        "{}: {} vertices, {} faces",
        path.display(),
        mesh.0.len(),
        mesh.1.len()
    );
}

/// Writes the mesh as OFF ([`off_text`]).
fn write_off(path: &Path, mesh: &Mesh) {
    std::fs::write(path, off_text(mesh))
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}
