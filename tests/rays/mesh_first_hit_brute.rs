//! `TriMesh::first_hit` and `hits` on `f64` meshes, whose rays walk the 4-wide BVH,
//! against the same meshes in `BigRational`, which test every triangle in turn with the
//! exact one-triangle test (no BVH): the same first hit, the same crossings in the same
//! order. A box the walk wrongly culls, a child it never pushes, or a lane order that
//! lets the pruning skip a nearer hit shows up as a missing or different triangle.
//!
//! Meshes (each a few hundred triangles, so the wide tree has several levels): the
//! library's icosphere scaled per axis by powers of two from `2^-600` to `2^480` (slivers
//! and needles whose boxes have mixed scales), and flat open grids in a plane `z = c`
//! (every box has zero height, so each hit lies on the boxes' faces), also scaled per
//! axis. Rays: through vertices and rounded edge midpoints from outside, from the
//! centre, random, axis-parallel (zero direction components, origins on box planes) and
//! lying in the grid's plane.

use isect::{Ray, TriMesh};
use isect_testkit::Rng;
use isect_testkit::float::mul_pow2_f64;
use isect_testkit::q::q;

type Mesh = (Vec<[f64; 3]>, Vec<[u32; 3]>);

/// An open `n × n` grid of squares, two triangles each, in the plane `z = z`, with the
/// interior vertices jittered in x and y.
fn grid(n: u32, z: f64, rng: &mut Rng) -> Mesh {
    let mut v = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let inner = i > 0 && i < n && j > 0 && j < n;
            let jit = |rng: &mut Rng| if inner { rng.uniform(-0.3, 0.3) } else { 0.0 };
            v.push([i as f64 + jit(rng), j as f64 + jit(rng), z]);
        }
    }
    let id = |i: u32, j: u32| i * (n + 1) + j;
    let mut t = Vec::new();
    for i in 0..n {
        for j in 0..n {
            t.push([id(i, j), id(i + 1, j), id(i + 1, j + 1)]);
            t.push([id(i, j), id(i + 1, j + 1), id(i, j + 1)]);
        }
    }
    (v, t)
}

/// Every vertex coordinate `k` multiplied by `2^e[k]` (exact).
fn scaled((v, t): &Mesh, e: [i32; 3]) -> Mesh {
    let v = v
        .iter()
        .map(|p| core::array::from_fn(|k| mul_pow2_f64(p[k], e[k])))
        .collect();
    (v, t.clone())
}

/// Rays for the mesh: through vertices and rounded edge midpoints (from a point
/// outside, from the centre), random, axis-parallel from vertices, and in the plane of
/// the first vertex's z.
fn rays((v, t): &Mesh, rng: &mut Rng, count: usize) -> Vec<([f64; 3], [f64; 3])> {
    let lo: [f64; 3] = core::array::from_fn(|k| v.iter().map(|p| p[k]).fold(f64::MAX, f64::min));
    let hi: [f64; 3] = core::array::from_fn(|k| v.iter().map(|p| p[k]).fold(f64::MIN, f64::max));
    let centre: [f64; 3] = core::array::from_fn(|k| 0.5 * lo[k] + 0.5 * hi[k]);
    let ext: [f64; 3] =
        core::array::from_fn(|k| (0.5 * hi[k] - 0.5 * lo[k]).max(f64::MIN_POSITIVE));
    let outside = |rng: &mut Rng| -> [f64; 3] {
        core::array::from_fn(|k| centre[k] + ext[k] * rng.uniform(-3.0, 3.0))
    };
    let mut out = Vec::new();
    for _ in 0..count {
        let f = t[rng.below(t.len())];
        let (a, b) = (v[f[0] as usize], v[f[1] as usize]);
        let target = match rng.below(3) {
            0 => a,
            1 => core::array::from_fn(|k| 0.5 * a[k] + 0.5 * b[k]),
            _ => outside(rng),
        };
        let o = match rng.below(3) {
            0 => centre,
            _ => outside(rng),
        };
        let d: [f64; 3] = core::array::from_fn(|k| target[k] - o[k]);
        out.push((o, d));
        // Axis-parallel through the vertex: two zero components, the origin on the
        // planes of the boxes at that vertex.
        let axis = rng.below(3);
        let mut d = [0.0; 3];
        d[axis] = if rng.below(2) == 0 { 1.0 } else { -1.0 };
        let mut o = a;
        o[axis] = centre[axis] - d[axis] * 4.0 * ext[axis];
        out.push((o, d));
        // In the plane z = a's z, toward b's x and y.
        let o = [
            centre[0] + 4.0 * ext[0],
            centre[1] + ext[1] * rng.uniform(-1.0, 1.0),
            a[2],
        ];
        out.push((o, [b[0] - o[0], b[1] - o[1], 0.0]));
    }
    out
}

fn check(mesh: &Mesh, rays: &[([f64; 3], [f64; 3])]) -> usize {
    let (v, t) = mesh;
    let fast = TriMesh::new(v.clone(), t.clone()).unwrap();
    let exact = TriMesh::new(v.iter().map(|p| p.map(q)).collect(), t.clone()).unwrap();
    let mut hit = 0;
    for &(o, d) in rays {
        if !o.iter().chain(&d).all(|x| x.is_finite()) || d == [0.0; 3] {
            continue;
        }
        let (rf, rq) = (Ray::new(o, d), Ray::new(o.map(q), d.map(q)));
        let first = exact.first_hit(&rq).map(|h| h.triangle);
        let got = fast.first_hit(&rf).map(|h| h.triangle);
        assert_eq!(got, first, "first hit, o = {o:?}, d = {d:?}");
        let got: Vec<u32> = fast.hits(&rf).iter().map(|h| h.triangle).collect();
        let want: Vec<u32> = exact.hits(&rq).iter().map(|h| h.triangle).collect();
        assert_eq!(got, want, "hits, o = {o:?}, d = {d:?}");
        hit += usize::from(first.is_some());
    }
    hit
}

#[test]
fn first_hit_matches_brute_force_on_mixed_scale_meshes() {
    let mut rng = Rng::new(2026);
    let (v, t) = isect::oracle::scenes::unit_icosphere(2);
    let sphere: Mesh = (v, t);
    let scales = [
        [0, 0, 0],
        [-600, 0, 480],
        [480, -300, -600],
        [-600, -600, -560],
        [240, 480, 300],
    ];
    let (mut rays_run, mut hits) = (0, 0);
    for e in scales {
        let mesh = scaled(&sphere, e);
        let r = rays(&mesh, &mut rng, 12);
        hits += check(&mesh, &r);
        rays_run += r.len();
        let flat = scaled(&grid(12, 0.75, &mut rng), e);
        let r = rays(&flat, &mut rng, 12);
        hits += check(&flat, &r);
        rays_run += r.len();
    }
    // Many rays meet the meshes, so the comparisons are not all of misses.
    assert!(hits * 3 > rays_run, "{hits} of {rays_run}");
}
