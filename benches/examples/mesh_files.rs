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
//! Coordinates are written as the shortest decimals that read back to the same `f64`
//! (Rust's `{:?}`), so every reader gets the exact mesh. Face indices are in file order.
//!
//! ```sh
//! cargo run --release -p isect-benches --example mesh_files -- target/mesh_files
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use isect::TriMesh;
use isect_testkit::geodesic::geodesic_sphere;

type Mesh = (Vec<[f64; 3]>, Vec<[u32; 3]>);

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/mesh_files".into()),
    );
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let big = geodesic_sphere(120);
    write(&dir.join("sphere288k.off"), &big);
    let (small_v, small_t) = geodesic_sphere(8);
    let (centre, radius) = ([0.6, 0.0, 0.8], 1.0 / 16.0);
    let mut both = big.clone();
    let offset = both.0.len() as u32;
    both.0.extend(
        small_v
            .iter()
            .map(|p| core::array::from_fn(|k| centre[k] + radius * p[k])),
    );
    both.1.extend(small_t.iter().map(|t| t.map(|i| i + offset)));
    write(&dir.join("sphere288k_embedded.off"), &both);
}

/// Checks the mesh (valid and closed), then writes it.
fn write(path: &Path, (v, t): &Mesh) {
    let mesh =
        TriMesh::new(v.clone(), t.clone()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(mesh.is_closed(), "{} is not closed", path.display());
    let mut s = String::with_capacity(64 * (v.len() + t.len()));
    writeln!(s, "OFF\n{} {} 0", v.len(), t.len()).unwrap();
    for p in v {
        writeln!(s, "{:?} {:?} {:?}", p[0], p[1], p[2]).unwrap();
    }
    for f in t {
        writeln!(s, "3 {} {} {}", f[0], f[1], f[2]).unwrap();
    }
    std::fs::write(path, s).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!(
        "{}: {} vertices, {} faces",
        path.display(),
        v.len(),
        t.len()
    );
}
