//! Writes the mesh of the `isect audit --mesh` timing in docs/BENCHMARKS.md:
//!
//! * `sphere100k.obj`: the test kit's geodesic sphere of frequency 71
//!   (`isect_testkit::geodesic::geodesic_sphere`), 100,820 triangles, closed, coordinates
//!   as the shortest decimals that read back to the same `f64` (Rust's `{:?}`);
//! * `sphere100k.stl`: the same as binary STL, coordinates rounded to `f32` (the audit
//!   then runs in `f32`, the file's own precision).
//!
//! ```sh
//! cargo run --release -p isect-benches --example audit_mesh -- target/audit_mesh
//! cargo run --release -p isect-cli -- audit --mesh target/audit_mesh/sphere100k.obj --out target/audit-100k
//! ```

use std::fmt::Write as _;
use std::path::PathBuf;

use isect_testkit::geodesic::geodesic_sphere;

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/audit_mesh".into()),
    );
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let (v, t) = geodesic_sphere(71);
    let mut obj = String::from("# geodesic sphere of frequency 71 (isect_testkit::geodesic)\n");
    for p in &v {
        writeln!(obj, "v {:?} {:?} {:?}", p[0], p[1], p[2]).unwrap();
    }
    for f in &t {
        writeln!(obj, "f {} {} {}", f[0] + 1, f[1] + 1, f[2] + 1).unwrap();
    }
    let path = dir.join("sphere100k.obj");
    std::fs::write(&path, obj).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    let mut stl = vec![0u8; 80];
    stl.extend_from_slice(&(t.len() as u32).to_le_bytes());
    for f in &t {
        stl.extend_from_slice(&[0u8; 12]);
        for &k in f {
            for x in v[k as usize] {
                stl.extend_from_slice(&(x as f32).to_le_bytes());
            }
        }
        stl.extend_from_slice(&[0u8; 2]);
    }
    let path = dir.join("sphere100k.stl");
    std::fs::write(&path, stl).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    println!(
        "wrote {} vertices, {} triangles to {}",
        v.len(),
        t.len(),
        dir.display()
    );
}
