//! Meshes for the whole-mesh pair queries (self-intersections, mesh against mesh): the
//! geodesic spheres of the benchmarks, and meshes built to hurt (exact contacts between
//! components, coplanar folds, vertices on edges), kept here so they can be exported and
//! run through other libraries (CGAL) too.

use std::collections::HashMap;

use isect::oracle::scenes::unit_icosphere;

/// Vertices and index triples.
pub type Mesh = (Vec<[f64; 3]>, Vec<[u32; 3]>);

/// A geodesic sphere of frequency `n`: each face of the icosahedron subdivided into `n²`
/// triangles on the lattice of its barycentric coordinates with denominator `n`, every
/// vertex projected onto the unit sphere (`20·n²` triangles, `10·n² + 2` vertices;
/// `n = 120` gives 288,000). Closed, consistently oriented (counterclockwise seen from
/// outside) and without self-intersections. A vertex shared by several icosahedron faces
/// is computed once, from its integer weights in the order of the icosahedron's vertex
/// indices, so it is the same point for every face.
pub fn geodesic_sphere(n: u32) -> Mesh {
    assert!(n >= 1);
    let (ico, faces) = unit_icosphere(0);
    let mut index: HashMap<Vec<(u32, u32)>, u32> = HashMap::new();
    let mut vertices: Vec<[f64; 3]> = Vec::new();
    let mut triangles = Vec::with_capacity(20 * (n * n) as usize);
    for f in &faces {
        // Lattice point (i, j): weights (n − i − j, i, j) on (f[0], f[1], f[2]).
        let mut id = |i: u32, j: u32| -> u32 {
            let mut key: Vec<(u32, u32)> = [(f[0], n - i - j), (f[1], i), (f[2], j)]
                .into_iter()
                .filter(|&(_, w)| w > 0)
                .collect();
            key.sort_unstable();
            *index.entry(key.clone()).or_insert_with(|| {
                let mut p = [0.0f64; 3];
                for &(v, w) in &key {
                    for k in 0..3 {
                        p[k] += f64::from(w) * ico[v as usize][k];
                    }
                }
                let r = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
                vertices.push(p.map(|x| x / r));
                (vertices.len() - 1) as u32
            })
        };
        for i in 0..n {
            for j in 0..n - i {
                let (a, b, c) = (id(i, j), id(i + 1, j), id(i, j + 1));
                triangles.push([a, b, c]);
                if i + j + 1 < n {
                    triangles.push([b, id(i + 1, j + 1), c]);
                }
            }
        }
    }
    (vertices, triangles)
}

/// `mesh` scaled by `s` and moved by `t` (rounded in `f64`).
pub fn placed(mesh: &Mesh, s: f64, t: [f64; 3]) -> Mesh {
    let v = mesh
        .0
        .iter()
        .map(|p| [p[0] * s + t[0], p[1] * s + t[1], p[2] * s + t[2]])
        .collect();
    (v, mesh.1.clone())
}

/// The meshes as one mesh (indices of the later ones shifted; no vertex is shared).
pub fn union(meshes: &[Mesh]) -> Mesh {
    let (mut v, mut t) = (Vec::new(), Vec::new());
    for (mv, mt) in meshes {
        let base = v.len() as u32;
        v.extend_from_slice(mv);
        t.extend(mt.iter().map(|f| f.map(|k| k + base)));
    }
    (v, t)
}
