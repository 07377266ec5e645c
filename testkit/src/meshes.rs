//! Meshes for the whole-mesh pair queries (self-intersections, mesh against mesh): the
//! geodesic spheres of the benchmarks, and meshes built to hurt (exact contacts between
//! components, coplanar folds, vertices on edges), kept here so they can be exported and
//! run through other libraries (CGAL) too.

/// Vertices and index triples.
pub type Mesh = (Vec<[f64; 3]>, Vec<[u32; 3]>);

pub use crate::geodesic::geodesic_sphere;

/// The mesh as OFF text: coordinates as the shortest decimals that read back to the same
/// `f64` (Rust's `{:?}`), so every reader gets the exact mesh; faces in order.
pub fn off_text((v, t): &Mesh) -> String {
    use core::fmt::Write as _;
    let mut s = String::with_capacity(64 * (v.len() + t.len()));
    writeln!(s, "OFF\n{} {} 0", v.len(), t.len()).unwrap();
    for p in v {
        writeln!(s, "{:?} {:?} {:?}", p[0], p[1], p[2]).unwrap();
    }
    for f in t {
        writeln!(s, "3 {} {} {}", f[0], f[1], f[2]).unwrap();
    }
    s
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

/// The closed box `[lo, hi]` (12 triangles, counterclockwise seen from outside).
pub fn cuboid(lo: [f64; 3], hi: [f64; 3]) -> Mesh {
    let v = (0..8)
        .map(|i| {
            [
                if i & 1 == 0 { lo[0] } else { hi[0] },
                if i & 2 == 0 { lo[1] } else { hi[1] },
                if i & 4 == 0 { lo[2] } else { hi[2] },
            ]
        })
        .collect();
    let t = vec![
        [0, 2, 1],
        [1, 2, 3],
        [4, 5, 6],
        [5, 7, 6],
        [0, 1, 4],
        [1, 5, 4],
        [2, 6, 3],
        [3, 6, 7],
        [0, 4, 2],
        [2, 4, 6],
        [1, 3, 5],
        [3, 7, 5],
    ];
    (v, t)
}

/// The closed tetrahedron on `p` (4 triangles, oriented consistently; outward when `p`
/// is positively oriented, inward otherwise: either is a valid mesh).
pub fn tetrahedron(p: [[f64; 3]; 4]) -> Mesh {
    (p.to_vec(), vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]])
}

/// Named meshes built to hurt a self-intersection test, on small integer (or half-integer)
/// coordinates so that exact power-of-two scaling and integer translation keep them
/// exact. Each is a valid mesh for `TriMesh::new` (no degenerate face, manifold edges,
/// consistent orientation); components never share a vertex index.
pub fn hurt_meshes() -> Vec<(&'static str, Mesh)> {
    let unit = cuboid([0.0; 3], [2.0; 3]);
    // A flat open square of two triangles, and variants of its second triangle.
    let square = |c: [f64; 3]| -> Mesh {
        (
            vec![[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0], c],
            vec![[0, 1, 2], [2, 1, 3]],
        )
    };
    // Two triangles sharing only vertex 0 at the origin.
    let fan = |c: [f64; 3], d: [f64; 3]| -> Mesh {
        (
            vec![[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0], c, d],
            vec![[0, 1, 2], [0, 3, 4]],
        )
    };
    vec![
        (
            "overlapping boxes",
            union(&[unit.clone(), cuboid([1.0; 3], [3.0; 3])]),
        ),
        (
            "disjoint boxes",
            union(&[unit.clone(), cuboid([3.0; 3], [4.0; 3])]),
        ),
        (
            "face on face",
            union(&[unit.clone(), cuboid([2.0, 0.0, 0.0], [4.0, 2.0, 2.0])]),
        ),
        (
            "face on part of a face",
            union(&[unit.clone(), cuboid([2.0, 1.0, 1.0], [3.0, 3.0, 3.0])]),
        ),
        (
            "edge on edge",
            union(&[unit.clone(), cuboid([2.0, 2.0, 0.0], [4.0, 4.0, 2.0])]),
        ),
        (
            "corner on corner",
            union(&[unit.clone(), cuboid([2.0; 3], [4.0; 3])]),
        ),
        (
            "vertex on a face",
            union(&[
                unit.clone(),
                tetrahedron([
                    [2.0, 1.0, 1.0],
                    [4.0, 0.0, 0.0],
                    [4.0, 2.0, 0.0],
                    [4.0, 1.0, 2.0],
                ]),
            ]),
        ),
        (
            "vertex on an edge",
            union(&[
                unit.clone(),
                tetrahedron([
                    [2.0, 2.0, 1.0],
                    [4.0, 2.0, 0.0],
                    [4.0, 4.0, 0.0],
                    [4.0, 3.0, 2.0],
                ]),
            ]),
        ),
        (
            "edge across a face",
            union(&[
                unit.clone(),
                tetrahedron([
                    [2.0, 1.0, 0.5],
                    [2.0, 1.0, 1.5],
                    [4.0, 0.0, 0.0],
                    [4.0, 2.0, 2.0],
                ]),
            ]),
        ),
        (
            "edge across an edge",
            union(&[
                unit.clone(),
                tetrahedron([
                    [3.0, 1.0, 3.0],
                    [1.0, 3.0, 3.0],
                    [3.0, 3.0, 1.0],
                    [4.0, 4.0, 4.0],
                ]),
            ]),
        ),
        (
            "small box inside",
            union(&[unit.clone(), cuboid([0.5; 3], [1.5; 3])]),
        ),
        (
            "tetrahedron piercing a face",
            union(&[
                unit.clone(),
                tetrahedron([
                    [1.0, 1.0, 1.0],
                    [3.0, 0.5, 0.5],
                    [3.0, 1.5, 0.5],
                    [3.0, 1.0, 1.5],
                ]),
            ]),
        ),
        (
            "coplanar overlapping triangles",
            (
                vec![
                    [0.0, 0.0, 0.0],
                    [4.0, 0.0, 0.0],
                    [0.0, 4.0, 0.0],
                    [1.0, 1.0, 0.0],
                    [5.0, 1.0, 0.0],
                    [1.0, 5.0, 0.0],
                ],
                vec![[0, 1, 2], [3, 4, 5]],
            ),
        ),
        (
            "coplanar triangles touching at a vertex",
            (
                vec![
                    [0.0, 0.0, 0.0],
                    [4.0, 0.0, 0.0],
                    [0.0, 4.0, 0.0],
                    [4.0, 0.0, 0.0],
                    [6.0, 0.0, 0.0],
                    [4.0, 2.0, 0.0],
                ],
                vec![[0, 1, 2], [3, 4, 5]],
            ),
        ),
        ("flat neighbours", square([4.0, 4.0, 0.0])),
        ("folded neighbours", square([1.0, 1.0, 0.0])),
        ("folded beyond the triangle", square([2.0, -1.0, 0.0])),
        ("bent neighbours", square([1.0, 1.0, 2.0])),
        ("fan apart", fan([-4.0, 0.0, 0.0], [0.0, -4.0, 0.0])),
        (
            "fan folded back flat",
            fan([1.0, 4.0, 0.0], [4.0, 1.0, 0.0]),
        ),
        (
            "fan folded along an edge",
            fan([4.0, 0.0, 0.0 + 2.0], [2.0, 2.0, 0.0]),
        ),
        ("fan crossing", fan([1.0, 1.0, -2.0], [1.0, 1.0, 2.0])),
        (
            "fan touching an edge",
            fan([2.0, 2.0, 0.0], [2.0, 2.0, 3.0]),
        ),
        (
            "fan through the vertex only",
            fan([-1.0, -1.0, 2.0], [-1.0, -1.0, -2.0]),
        ),
        (
            "pillow",
            (
                vec![[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]],
                vec![[0, 1, 2], [0, 2, 1]],
            ),
        ),
        (
            "coincident vertices with different indices",
            (
                vec![
                    [0.0, 0.0, 0.0],
                    [4.0, 0.0, 0.0],
                    [0.0, 4.0, 0.0],
                    [0.0, 0.0, 0.0],
                    [-4.0, 0.0, 0.0],
                    [0.0, -4.0, 1.0],
                ],
                vec![[0, 1, 2], [3, 4, 5]],
            ),
        ),
        (
            "T-junction",
            (
                vec![
                    [0.0, 0.0, 0.0],
                    [4.0, 0.0, 0.0],
                    [0.0, 4.0, 0.0],
                    [2.0, 0.0, 0.0],
                    [4.0, -2.0, 0.0],
                    [0.0, -2.0, 0.0],
                ],
                vec![[0, 1, 2], [3, 5, 4]],
            ),
        ),
    ]
}

/// A flat sheet in a tilted plane: vertex `(i, j)` at `o + (i/n)·u + (j/n)·v`, rounded, with
/// `u = (cos θ, sin θ cos φ, sin θ sin φ)` and `v` the unit vector of `(0.3, −0.9, 0.5)`
/// orthogonal to `u` (no coordinate axis direction for the `θ`, `φ` used), `n × n`
/// squares split into two triangles each: every pair of faces is coplanar within
/// rounding.
pub fn tilted_sheet(n: u32, th: f64, ph: f64) -> Mesh {
    let u = [th.cos(), th.sin() * ph.cos(), th.sin() * ph.sin()];
    let w = [0.3, -0.9, 0.5];
    let d = w[0] * u[0] + w[1] * u[1] + w[2] * u[2];
    let v0 = [w[0] - d * u[0], w[1] - d * u[1], w[2] - d * u[2]];
    let l = (v0[0] * v0[0] + v0[1] * v0[1] + v0[2] * v0[2]).sqrt();
    let v = v0.map(|x| x / l);
    let o = [0.125, -0.375, 0.25];
    let s = 1.0 / f64::from(n);
    let mut verts = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let (a, b) = (f64::from(i) * s, f64::from(j) * s);
            verts.push(std::array::from_fn(|k| o[k] + a * u[k] + b * v[k]));
        }
    }
    let id = |i: u32, j: u32| i * (n + 1) + j;
    let mut faces = Vec::new();
    for i in 0..n {
        for j in 0..n {
            faces.push([id(i, j), id(i + 1, j), id(i + 1, j + 1)]);
            faces.push([id(i, j), id(i + 1, j + 1), id(i, j + 1)]);
        }
    }
    (verts, faces)
}

/// A random valid open mesh of up to `faces` triangles on vertices drawn from a small
/// integer grid, with duplicated positions under different indices: shared vertices and
/// edges, folds, coplanar overlaps, vertices on edges and faces all come up often. Each
/// triangle is kept only if the mesh stays valid for `TriMesh::new`.
pub fn random_grid_mesh(rng: &mut crate::rng::Rng, faces: usize) -> Mesh {
    let mut v: Vec<[f64; 3]> = (0..10)
        .map(|_| core::array::from_fn(|_| rng.below(4) as f64))
        .collect();
    // A few exact duplicates of earlier positions.
    for i in 0..3 {
        v.push(v[i * 2]);
    }
    let mut t: Vec<[u32; 3]> = vec![];
    for _ in 0..faces * 8 {
        if t.len() >= faces {
            break;
        }
        let f = [0, 1, 2].map(|_| rng.below(v.len()) as u32);
        t.push(f);
        if isect::TriMesh::new(v.clone(), t.clone()).is_err() {
            t.pop();
        }
    }
    (v, t)
}
