//! Inputs built the same way in several places: small meshes of the tests and the fuzz
//! targets, random shapes of the benches (the library's own scenes are in
//! `isect::oracle::scenes`).

use isect::Obb;

use crate::rng::{Rng, RngExt};

/// The eight faces of an octahedron whose six vertices are listed as
/// `[+x, −x, +y, −y, +z, −z]` (any centre and any positive extents per half-axis): one
/// face per octant, the odd octants reversed so that every face has the same orientation.
pub fn octahedron_faces() -> Vec<[u32; 3]> {
    let mut faces = Vec::new();
    for sx in 0..2u32 {
        for sy in 0..2u32 {
            for sz in 0..2u32 {
                let f = [sx, 2 + sy, 4 + sz];
                faces.push(if (sx + sy + sz) % 2 == 1 {
                    [f[0], f[2], f[1]]
                } else {
                    f
                });
            }
        }
    }
    faces
}

/// A bipyramid: `n` points on a circle of radius 1000 (rounded to integers) at `z = 0`,
/// apexes `(0, 0, ±h)` of valence `n`; outward orientation. Its triangles are slivers
/// for large `h` or large `n`.
pub fn bipyramid(n: u32, h: f64) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    let mut v: Vec<[f64; 3]> = (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * f64::from(i) / f64::from(n);
            [(1000.0 * a.cos()).round(), (1000.0 * a.sin()).round(), 0.0]
        })
        .collect();
    v.push([0.0, 0.0, h]);
    v.push([0.0, 0.0, -h]);
    let t = (0..n)
        .flat_map(|i| {
            let j = (i + 1) % n;
            [[i, j, n], [j, i, n + 1]]
        })
        .collect();
    (v, t)
}

/// The 6 faces of the cube whose corner `k` has coordinate `a` high when bit `a` of `k` is
/// set, as quads counterclockwise seen from outside.
pub const CUBE_QUADS: [[u32; 4]; 6] = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
];

/// The cube `[o, o + 1]³` as 8 corners (corner `i` has its x, y, z offsets in bits 0, 1,
/// 2 of `i`) and 6 quads, each counterclockwise seen from outside.
pub fn cube_quads(o: f64) -> (Vec<[f64; 3]>, Vec<[u32; 4]>) {
    let v = (0..8)
        .map(|i| [0, 1, 2].map(|b| ((i >> b) & 1) as f64 + o))
        .collect();
    (v, CUBE_QUADS.to_vec())
}

/// A random rotation, rounded: the matrix of a random unit quaternion (uniform in
/// `[-1, 1)⁴`, normalised), rows as the rotated axes. Never exactly orthonormal.
pub fn random_rotation(rng: &mut Rng) -> [[f64; 3]; 3] {
    let q: [f64; 4] = rng.point_in(-1.0, 1.0);
    let n = q.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-3);
    let [w, x, y, z] = q.map(|v| v / n);
    [
        [
            1.0 - 2.0 * (y * y + z * z),
            2.0 * (x * y - w * z),
            2.0 * (x * z + w * y),
        ],
        [
            2.0 * (x * y + w * z),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z - w * x),
        ],
        [
            2.0 * (x * z - w * y),
            2.0 * (y * z + w * x),
            1.0 - 2.0 * (x * x + y * y),
        ],
    ]
}

/// A random oriented box: centre in the unit cube, half extents in `[0.05, 0.3)`, axes a
/// [`random_rotation`].
pub fn random_obb(rng: &mut Rng) -> Obb<f64> {
    let axes = random_rotation(rng);
    let centre = rng.point_in(0.0, 1.0);
    Obb::new(centre, axes, rng.point_in(0.05, 0.3))
}
