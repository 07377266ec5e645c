//! Rays aimed exactly at mesh edges, where the side `S(p, q)` of the edge is exactly zero
//! (or within rounding of it) for both triangles of the edge, and the `f64` traversal
//! remembers the exact perturbed sign the first of them computed, for the second, with the
//! sign flipped for the edge's opposite direction (`proofs/ray_triangle.md` section 3.6).
//!
//! Every ray is checked against an oracle written here in rationals (the perturbed side
//! products of section 2: the sign of `S(p, q)`, else of the perturbation's coefficients,
//! for each edge of each triangle, and `N`'s sign), and against the same mesh in
//! `BigRational` (the library's generic path, which has no memory).
//!
//! Meshes: icospheres and needle bipyramids (slivers) on integer grids, so that every
//! edge's midpoint and quarter points are exact, then scaled by a different power of two
//! per axis (exact, orientation kept): mixed scales from `2^-600` to `2^480` and
//! triangles that are slivers in space. Each mesh is tested with its triangles in the
//! given order, in reversed order and with each triangle's corners rotated, so the two
//! triangles of an edge are met in both orders and the edge at every position.
//! Rays: through a midpoint or quarter point of an edge, toward the centre, in random
//! grid directions, and in the plane of a triangle of the edge.

use isect::{Ray, Sign, TriMesh};
use isect_testkit::float::mul_pow2_f64;
use isect_testkit::q::{cross, dot, q, q3, sign, sub};
use isect_testkit::scenes::bipyramid;
use isect_testkit::winding::winding_number;
use isect_testkit::{Q, Rng};

struct Mesh {
    v: Vec<[f64; 3]>,
    t: Vec<[u32; 3]>,
}

/// The library's icosphere scaled to radius `r` and rounded to integers.
fn grid_sphere(levels: u32, r: f64) -> Mesh {
    let (v, t) = isect::oracle::scenes::unit_icosphere(levels);
    let v = v.iter().map(|p| p.map(|x| (x * r).round())).collect();
    Mesh { v, t }
}

/// A needle: [`bipyramid`] with apexes at `z = ±h`.
fn needle(n: u32, h: f64) -> Mesh {
    let (v, t) = bipyramid(n, h);
    Mesh { v, t }
}

/// Multiplies coordinate `i` of `p` by `2^k[i]` (exact for the grids used here).
fn scale(p: [f64; 3], k: [i32; 3]) -> [f64; 3] {
    [0, 1, 2].map(|i| mul_pow2_f64(p[i], k[i]))
}

/// The three orders a mesh is tested in: as given, reversed, corners rotated.
fn orders(t: &[[u32; 3]]) -> [Vec<[u32; 3]>; 3] {
    let reversed = t.iter().rev().copied().collect();
    let rotated = t
        .iter()
        .enumerate()
        .map(|(i, f)| [0, 1, 2].map(|j| f[(i + j) % 3]))
        .collect();
    [t.to_vec(), reversed, rotated]
}

/// `det[x, y, z] = x · (y × z)`.
fn det(x: &[Q; 3], y: &[Q; 3], z: &[Q; 3]) -> Q {
    dot(x, &cross(y, z))
}

/// The oracle: the triangles (index, front) the ray crosses by the rule of
/// `proofs/ray_triangle.md` section 2, evaluated here: each side's sign at the origin
/// moved by `ε·e_x' + ε²·e_y'` (the sign of `S(p, q)`, else of `−((q − p) × d)_x'`, else
/// of `−((q − p) × d)_y'`), a crossing when the three agree and are not zero and `N` is
/// zero or has their sign; `front` when that sign is negative. Sorted by index.
fn oracle(v: &[[f64; 3]], t: &[[u32; 3]], o: [f64; 3], d: [f64; 3]) -> Vec<(u32, bool)> {
    let m = d.map(f64::abs);
    let z = if m[0] >= m[1] && m[0] >= m[2] {
        0
    } else if m[1] >= m[2] {
        1
    } else {
        2
    };
    let (x1, y1) = ((z + 1) % 3, (z + 2) % 3);
    let (oq, dq) = (q3(&o), q3(&d));
    let vq: Vec<[Q; 3]> = v.iter().map(q3).collect();
    let side = |p: &[Q; 3], r: &[Q; 3]| {
        let s = sign(&det(&sub(p, &oq), &sub(r, &oq), &dq));
        if s != Sign::Zero {
            return s;
        }
        let w = cross(&sub(r, p), &dq);
        match sign(&w[x1]) {
            Sign::Zero => -sign(&w[y1]),
            c => -c,
        }
    };
    let mut out = vec![];
    for (i, f) in t.iter().enumerate() {
        let [a, b, c] = f.map(|k| &vq[k as usize]);
        let s = side(a, b);
        if s == Sign::Zero || side(b, c) != s || side(c, a) != s {
            continue;
        }
        let n = sign(&det(&sub(a, &oq), &sub(b, &oq), &sub(c, &oq)));
        if n != -s {
            out.push((i as u32, s == Sign::Negative));
        }
    }
    out
}

/// A ray `(o, d)` through the point `e` of an edge.
type EdgeRay = ([f64; 3], [f64; 3], [f64; 3]);

/// Rays through points of edges of `m` (grid coordinates), each with its origin outside
/// the mesh's bounding box.
fn edge_rays(m: &Mesh, count: usize, rng: &mut Rng) -> Vec<EdgeRay> {
    let radius =
        m.v.iter()
            .flat_map(|p| p.iter())
            .fold(0.0f64, |r, x| r.max(x.abs()));
    let far = 4.0 * radius.max(1.0).log2().ceil().exp2();
    (0..count)
        .flat_map(|_| {
            let f = m.t[rng.below(m.t.len())];
            let j = rng.below(3);
            let [p, q, r] = [0, 1, 2].map(|k| m.v[f[(j + k) % 3] as usize]);
            // The midpoint or a quarter point: exact on these grids.
            let w = [0.5, 0.25, 0.75][rng.below(3)];
            let e = [0, 1, 2].map(|i| p[i] * (1.0 - w) + q[i] * w);
            let mut grid = || [0; 3].map(|_| rng.range(-7, 7) as f64);
            let mut dirs = vec![e.map(|x| -x), grid(), grid()];
            // Along the plane of the triangle `p, q, r`, through the edge point.
            dirs.push([0, 1, 2].map(|i| r[i] - e[i]));
            dirs.into_iter()
                .filter(|d| *d != [0.0; 3])
                .map(|d| {
                    let n = d.iter().fold(0.0f64, |a, x| a.max(x.abs()));
                    let s = far / n.log2().floor().exp2();
                    ([0, 1, 2].map(|i| e[i] - s * d[i]), d, e)
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The mesh's crossings of the ray (triangle, front), sorted by triangle.
fn crossings(mesh: &TriMesh<f64>, o: [f64; 3], d: [f64; 3]) -> Vec<(u32, bool)> {
    let mut got: Vec<(u32, bool)> = mesh
        .hits(&Ray::new(o, d))
        .iter()
        .map(|h| (h.triangle, h.hit.front))
        .collect();
    got.sort_unstable();
    got
}

/// Every ray on the mesh (scaled by `k`), in the three triangle orders: the `f64` mesh's
/// crossings against the oracle and against the rational mesh, and the first hit.
fn check(m: &Mesh, k: [i32; 3], rays: &[EdgeRay]) {
    let v: Vec<[f64; 3]> = m.v.iter().map(|p| scale(*p, k)).collect();
    for t in orders(&m.t) {
        let mesh = TriMesh::new(v.clone(), t.clone()).unwrap();
        let exact = TriMesh::new(v.iter().map(|p| p.map(q)).collect(), t.clone()).unwrap();
        assert!(mesh.is_closed());
        for &(o, d, _) in rays {
            let (o, d) = (scale(o, k), scale(d, k));
            let want = oracle(&v, &t, o, d);
            let got = crossings(&mesh, o, d);
            assert_eq!(got, want, "k = {k:?}, o = {o:?}, d = {d:?}");
            assert_eq!(
                got.len() % 2,
                0,
                "from outside: k = {k:?}, o = {o:?}, d = {d:?}"
            );
            let first = mesh.first_hit(&Ray::new(o, d)).map(|h| h.triangle);
            let first_q = exact
                .first_hit(&Ray::new(q3(&o), q3(&d)))
                .map(|h| h.triangle);
            assert_eq!(first, first_q, "first: k = {k:?}, o = {o:?}, d = {d:?}");
        }
        // The decision-only path (winding numbers cast their ray along +x): points on
        // the +x line through an edge point, inside and outside, against the test kit's
        // independent winding number.
        let vq: Vec<[Q; 3]> = v.iter().map(q3).collect();
        for &(_, _, e) in rays {
            let e = scale(e, k);
            for step in [-2f64.powi(60), -3.0, 1.0] {
                let p = [e[0] + mul_pow2_f64(step, k[0]), e[1], e[2]];
                let want = winding_number(&vq, &t, &q3(&p));
                assert_eq!(mesh.winding_number(p), want, "k = {k:?}, p = {p:?}");
            }
        }
    }
}

const SCALES: [[i32; 3]; 5] = [
    [0, 0, 0],
    [-40, 3, 37],
    [-600, 0, 480],
    [300, -500, -100],
    [-520, -560, -600],
];

#[test]
fn sphere_edge_rays_match_oracle() {
    let m = grid_sphere(2, 1000.0);
    let mut rng = Rng::new(29);
    for k in SCALES {
        let rays = edge_rays(&m, 6, &mut rng);
        check(&m, k, &rays);
    }
}

#[test]
fn sliver_edge_rays_match_oracle() {
    let mut rng = Rng::new(31);
    for (n, h) in [(5, 2f64.powi(40)), (12, 3.0), (7, 2f64.powi(30) + 1.0)] {
        let m = needle(n, h);
        for k in SCALES {
            let rays = edge_rays(&m, 8, &mut rng);
            check(&m, k, &rays);
        }
    }
}

/// The memory is per ray and per mesh: rays through the same edge in turn on a mesh and
/// on its mirror image (same vertex indices, every edge directed the other way), each
/// against the oracle.
#[test]
fn memory_does_not_outlive_the_ray() {
    let m = grid_sphere(1, 1000.0);
    let mirror = Mesh {
        v: m.v.iter().map(|p| [-p[0], p[1], p[2]]).collect(),
        t: m.t.iter().map(|f| [f[0], f[2], f[1]]).collect(),
    };
    let meshes = [&m, &mirror].map(|m| TriMesh::new(m.v.clone(), m.t.clone()).unwrap());
    let mut rng = Rng::new(37);
    for _ in 0..40 {
        let f = m.t[rng.below(m.t.len())];
        let j = rng.below(3);
        let (p, q) = (m.v[f[j] as usize], m.v[f[(j + 1) % 3] as usize]);
        let e = [0, 1, 2].map(|i| (p[i] + q[i]) / 2.0);
        // Two directions through the edge point, with opposite perturbation signs for
        // most edges, each on both meshes (the mirror's ray mirrored too).
        let d1 = [0; 3].map(|_| rng.range(-7, 7) as f64);
        let d2 = [-d1[1], d1[0], -d1[2]];
        for d in [d1, d2] {
            if d == [0.0; 3] {
                continue;
            }
            for (mesh, src, flip) in [(&meshes[0], &m, 1.0), (&meshes[1], &mirror, -1.0)] {
                let (e, d) = ([flip * e[0], e[1], e[2]], [flip * d[0], d[1], d[2]]);
                let o = [0, 1, 2].map(|i| e[i] - 8192.0 * d[i]);
                let want = oracle(&src.v, &src.t, o, d);
                assert_eq!(crossings(mesh, o, d), want, "o = {o:?}, d = {d:?}");
            }
        }
    }
}
