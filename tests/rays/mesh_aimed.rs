//! Rays aimed exactly at mesh vertices, where the `f64` path decides a triangle by the
//! vertex shortcut (`proofs/ray_triangle.md` section 3.6: the vertex shown to lie exactly
//! on the ray's line, `S(q, r) = D`, the two sides through the vertex by the perturbation)
//! and the mesh traversal reuses that fact for the other triangles around the vertex.
//! Checked against the same meshes in `BigRational`, whose exact generic path has neither
//! shortcut: every ray must report the same crossings (triangle, `front`) in the same
//! order, and the same first hit.
//!
//! Meshes: the library's unit icosphere (coordinates that are not on a grid, as in the
//! `mesh_aimed` bench) and a bipyramid whose two apexes have valence 48, scaled by powers
//! of two around both ends of the shortcut's range (`2^±480`), in `f64` and in `f32`.
//! Rays: through a vertex toward the centre (`o = 2v`, `d = −v`), grazing the surface at
//! it, along an edge through it, in the plane of a triangle at it, in random directions,
//! and a rounding off it (one coordinate of `d` moved by one ulp).

use isect::{Ray, Scalar, TriMesh};
use isect_testkit::float::mul_pow2_f64;
use isect_testkit::q::q;
use isect_testkit::scenes::bipyramid;
use isect_testkit::{Rng, RngExt};

/// The crossings of a ray as (triangle, front), in the order `hits` reports them.
fn crossings<T: Scalar>(mesh: &TriMesh<T>, ray: &Ray<T>) -> Vec<(u32, bool)> {
    mesh.hits(ray)
        .iter()
        .map(|h| (h.triangle, h.hit.front))
        .collect()
}

/// Checks every ray on the mesh `(v, t)` in `T` (`to_t` exact on the given coordinates)
/// against the rational mesh; the rays' coordinates are rounded to `T` first, and the
/// rational ray is the rounded one.
fn agree<T: Scalar>(
    v: &[[f64; 3]],
    t: &[[u32; 3]],
    rays: &[([f64; 3], [f64; 3])],
    round: impl Fn(f64) -> f64,
    to_t: impl Fn(f64) -> T,
) {
    let v: Vec<[f64; 3]> = v.iter().map(|p| p.map(&round)).collect();
    let mesh = TriMesh::new(v.iter().map(|p| p.map(&to_t)).collect(), t.to_vec()).unwrap();
    let exact = TriMesh::new(v.iter().map(|p| p.map(q)).collect(), t.to_vec()).unwrap();
    assert!(mesh.is_closed());
    for &(o, d) in rays {
        let (o, d) = (o.map(&round), d.map(&round));
        if !o.iter().chain(&d).all(|x| x.is_finite()) || d == [0.0; 3] {
            continue;
        }
        let want = crossings(&exact, &Ray::new(o.map(q), d.map(q)));
        let got = crossings(&mesh, &Ray::new(o.map(&to_t), d.map(&to_t)));
        assert_eq!(got, want, "o = {o:?}, d = {d:?}");
        let first = mesh.first_hit(&Ray::new(o.map(&to_t), d.map(&to_t)));
        assert_eq!(first.map(|h| h.triangle), want.first().map(|w| w.0));
    }
}

/// Every kind of ray through vertex `p` of the mesh, `[p, q, r]` a triangle at it.
fn rays_at(p: [f64; 3], [q, r]: [[f64; 3]; 2], rng: &mut Rng) -> Vec<([f64; 3], [f64; 3])> {
    let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let add = |a: [f64; 3], b: [f64; 3]| [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
    let cross = |a: [f64; 3], b: [f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let inward = p.map(|x| -x);
    let from = |d: [f64; 3]| (sub(p, add(d, d)), d);
    let mut nudged = inward;
    let k = rng.below(3);
    nudged[k] = if rng.next_bool() {
        nudged[k].next_up()
    } else {
        nudged[k].next_down()
    };
    let axis = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]][rng.below(3)];
    vec![
        (p.map(|x| 2.0 * x), inward),
        (p.map(|x| 2.0 * x), nudged),
        from(cross(p, axis)),
        from(sub(q, p)),
        from(sub(r, p)),
        from(add(sub(q, p), sub(r, p))),
        from(
            rng.point(1.0)
                .map(|x| x * p.iter().fold(0.0f64, |m, c| m.max(c.abs()))),
        ),
    ]
}

/// Rays at `count` random vertices of the mesh (each through one triangle at it).
fn aimed(v: &[[f64; 3]], t: &[[u32; 3]], count: usize, rng: &mut Rng) -> Vec<([f64; 3], [f64; 3])> {
    (0..count)
        .flat_map(|_| {
            let tri = t[rng.below(t.len())];
            let j = rng.below(3);
            let [p, q, r] = [0, 1, 2].map(|k| v[tri[(j + k) % 3] as usize]);
            rays_at(p, [q, r], rng)
        })
        .collect()
}

fn scaled(v: &[[f64; 3]], k: i32) -> Vec<[f64; 3]> {
    v.iter().map(|p| p.map(|x| mul_pow2_f64(x, k))).collect()
}

fn scale_rays(rays: &[([f64; 3], [f64; 3])], k: i32) -> Vec<([f64; 3], [f64; 3])> {
    rays.iter()
        .map(|&(o, d)| (o.map(|x| mul_pow2_f64(x, k)), d.map(|x| mul_pow2_f64(x, k))))
        .collect()
}

const SCALES: [i32; 6] = [0, 37, -41, 478, -476, 490];

#[test]
fn icosphere_vertex_rays_match_rationals() {
    let (v, t) = isect::oracle::scenes::unit_icosphere(1);
    let mut rng = Rng::new(17);
    for k in SCALES {
        let rays = aimed(&v, &t, 8, &mut rng);
        let (v, rays) = (scaled(&v, k), scale_rays(&rays, k));
        agree(&v, &t, &rays, |x| x, |x| x);
    }
}

#[test]
fn icosphere_vertex_rays_match_rationals_f32() {
    let (v, t) = isect::oracle::scenes::unit_icosphere(1);
    let mut rng = Rng::new(19);
    for k in [0, 21, -23, 60] {
        let v32: Vec<[f64; 3]> = v.iter().map(|p| p.map(|x| f64::from(x as f32))).collect();
        let rays = aimed(&v32, &t, 8, &mut rng);
        let (v32, rays) = (scaled(&v32, k), scale_rays(&rays, k));
        agree(&v32, &t, &rays, |x| f64::from(x as f32), |x| x as f32);
    }
}

#[test]
fn high_valence_apex_rays_match_rationals() {
    let (v, t) = bipyramid(48, 700.0);
    let mut rng = Rng::new(23);
    let n = 48;
    for k in SCALES {
        // Every kind of ray at both apexes (through each of a few triangles there), and at
        // a few equator vertices.
        let mut rays = Vec::new();
        for i in [0, 7, 30] {
            for (apex, tri) in [(n, [i, (i + 1) % n]), (n + 1, [(i + 1) % n, i])] {
                let [q, r] = tri.map(|j| v[j]);
                rays.extend(rays_at(v[apex], [q, r], &mut rng));
            }
        }
        rays.extend(aimed(&v, &t, 4, &mut rng));
        let (v, rays) = (scaled(&v, k), scale_rays(&rays, k));
        agree(&v, &t, &rays, |x| x, |x| x);
        if k.abs() < 100 {
            agree(&v, &t, &rays, |x| f64::from(x as f32), |x| x as f32);
        }
    }
}

/// The traversal's memory of a vertex on the line is per ray: a second ray through
/// another vertex of the same triangles must not inherit it (first hits of consecutive
/// rays, each against rationals).
#[test]
fn consecutive_rays_through_neighbouring_vertices() {
    let (v, t) = bipyramid(12, 300.0);
    let mesh = TriMesh::new(v.clone(), t.clone()).unwrap();
    let exact = TriMesh::new(v.iter().map(|p| p.map(q)).collect(), t.clone()).unwrap();
    for p in &v {
        for d in [
            [0.0, 0.0, -1.0],
            [0.0, 0.0, 1.0],
            [-1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
        ] {
            let o = [
                p[0] - 2000.0 * d[0],
                p[1] - 2000.0 * d[1],
                p[2] - 2000.0 * d[2],
            ];
            let want = crossings(&exact, &Ray::new(o.map(q), d.map(q)));
            assert_eq!(
                crossings(&mesh, &Ray::new(o, d)),
                want,
                "o = {o:?}, d = {d:?}"
            );
        }
    }
}
