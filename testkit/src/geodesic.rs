//! Geodesic spheres of any frequency: the benchmark meshes shared by the benches and the
//! CGAL anchor (`benches/examples/mesh_files.rs`, `benches/cgal/`).

use std::collections::HashMap;

/// The geodesic sphere of frequency `n` (`n >= 1`): each face of the regular icosahedron
/// ([`isect::oracle::scenes::unit_icosphere`] at level 0) cut into `n²` triangles by the
/// points `(i·A + j·B + k·C)/n` (`i + j + k = n`), every point projected onto the unit
/// sphere in `f64` (a few ulps off it). `20·n²` triangles, `10·n² + 2` vertices, closed
/// and counterclockwise seen from outside. A point shared by two faces (on an edge or at
/// a corner of the icosahedron) is one vertex, computed from the same sum in the same
/// order for every face, so the mesh is closed by index, not by coincidence.
///
/// Frequency 120 gives the 288,000-face sphere of docs/BENCHMARKS.md.
pub fn geodesic_sphere(n: u32) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    assert!(n >= 1, "frequency must be at least 1");
    let (corners, faces) = isect::oracle::scenes::unit_icosphere(0);
    let mut vertices: Vec<[f64; 3]> = Vec::with_capacity(10 * (n * n) as usize + 2);
    let mut index: HashMap<Vec<(u32, u32)>, u32> = HashMap::new();
    let mut triangles = Vec::with_capacity(20 * (n * n) as usize);
    for face in &faces {
        // The vertex with integer weights (i, j, k) on the face's corners (a, b, c).
        let mut vertex = |w: [u32; 3]| -> u32 {
            // The key: the corners with non-zero weight, sorted by corner index, so the
            // two faces along an edge (and the five at a corner) name the point alike.
            let mut key: Vec<(u32, u32)> = (0..3)
                .filter(|&s| w[s] > 0)
                .map(|s| (face[s], w[s]))
                .collect();
            key.sort_unstable();
            let next = vertices.len() as u32;
            *index.entry(key.clone()).or_insert_with(|| {
                let mut p = [0.0f64; 3];
                for &(c, wc) in &key {
                    for (x, y) in p.iter_mut().zip(corners[c as usize]) {
                        *x += f64::from(wc) * y;
                    }
                }
                let len = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
                vertices.push(p.map(|x| x / len));
                next
            })
        };
        // Row i (weight of a = n - i), column j (weight of c = j): corners (n-i, i-j, j).
        let at = |i: u32, j: u32| [n - i, i - j, j];
        for i in 0..n {
            for j in 0..=i {
                // Upward triangle, same orientation as (a, b, c).
                let (p, q, r) = (
                    vertex(at(i, j)),
                    vertex(at(i + 1, j)),
                    vertex(at(i + 1, j + 1)),
                );
                triangles.push([p, q, r]);
                if j < i {
                    let (p, q, r) = (
                        vertex(at(i, j)),
                        vertex(at(i + 1, j + 1)),
                        vertex(at(i, j + 1)),
                    );
                    triangles.push([p, q, r]);
                }
            }
        }
    }
    (vertices, triangles)
}
