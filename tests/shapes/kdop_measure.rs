//! `Measure` for k-DOPs against computations written here, not the library's:
//!
//! * vertices by brute force: every triple of the `2N` slab planes solved by Cramer's rule
//!   in rationals, kept when it satisfies every slab;
//! * surface area face by face: for each slab plane, the vertices on it, their 2D convex
//!   hull (gift wrapping in rationals, in the projection that drops the plane normal's
//!   dominant axis) and its area scaled back by `|d|/|d_dominant|`;
//! * mean width by averaging the width `max v·u − min v·u` over a Fibonacci lattice of
//!   directions (a quadrature, hence a tolerance), and exact closed forms where known
//!   (boxes, flat boxes, segments, the cuboctahedron);
//! * emptiness, unboundedness and NaN by their definitions.

use isect::bv::{Measure, kdop};
use isect::overlap::Kdop;
use isect_testkit::q::{cross as crossq, dot as dotq, q};
use isect_testkit::{Q, Rng, cases};
use num_traits::{Signed, ToPrimitive, Zero};

type V = [Q; 3];

fn dir<const N: usize>(i: usize) -> [Q; 3] {
    Kdop::<f64, N>::DIRECTIONS[i].map(|c| Q::from_integer(i64::from(c).into()))
}

/// Planes `d·x = b` of the finite bounds: (normal, value).
fn planes<const N: usize>(k: &Kdop<f64, N>) -> Vec<(V, Q)> {
    let mut out = Vec::new();
    for i in 0..N {
        for b in [k.min[i], k.max[i]] {
            if b.is_finite() {
                out.push((dir::<N>(i), q(b)));
            }
        }
    }
    out
}

fn inside<const N: usize>(k: &Kdop<f64, N>, x: &V) -> bool {
    (0..N).all(|i| {
        let v = dotq(&dir::<N>(i), x);
        (k.min[i] == f64::NEG_INFINITY || q(k.min[i]) <= v)
            && (k.max[i] == f64::INFINITY || v <= q(k.max[i]))
    })
}

/// Every vertex (distinct) of a bounded k-DOP with finite bounds.
fn vertices<const N: usize>(k: &Kdop<f64, N>) -> Vec<V> {
    let p = planes(k);
    let mut out: Vec<V> = Vec::new();
    for a in 0..p.len() {
        for b in a + 1..p.len() {
            for c in b + 1..p.len() {
                let (na, nb, nc) = (&p[a].0, &p[b].0, &p[c].0);
                let det = dotq(na, &crossq(nb, nc));
                if det.is_zero() {
                    continue;
                }
                // x = (ba (nb × nc) + bb (nc × na) + bc (na × nb)) / det.
                let t = [crossq(nb, nc), crossq(nc, na), crossq(na, nb)];
                let x: V = std::array::from_fn(|m| {
                    (&p[a].1 * &t[0][m] + &p[b].1 * &t[1][m] + &p[c].1 * &t[2][m]) / &det
                });
                if inside(k, &x) && !out.contains(&x) {
                    out.push(x);
                }
            }
        }
    }
    out
}

/// Area of the convex hull of coplanar points on the plane with normal `n`.
fn face_area(pts: &[V], n: &V) -> f64 {
    if pts.len() < 3 {
        return 0.0;
    }
    let dom = (0..3)
        .max_by_key(|&m| n[m].abs())
        .expect("three components");
    let (a, b) = ((dom + 1) % 3, (dom + 2) % 3);
    let p2: Vec<[Q; 2]> = pts.iter().map(|v| [v[a].clone(), v[b].clone()]).collect();
    // Gift wrapping in rationals.
    let cross2 = |o: &[Q; 2], p: &[Q; 2], r: &[Q; 2]| {
        (&p[0] - &o[0]) * (&r[1] - &o[1]) - (&p[1] - &o[1]) * (&r[0] - &o[0])
    };
    let start = (0..p2.len()).min_by(|&i, &j| p2[i].cmp(&p2[j])).unwrap();
    let mut hull = vec![start];
    let mut cur = start;
    loop {
        let mut next = if cur == 0 { 1 } else { 0 };
        for j in 0..p2.len() {
            if j == cur {
                continue;
            }
            let c = cross2(&p2[cur], &p2[next], &p2[j]);
            let farther = || {
                let d = |x: &[Q; 2]| (&x[0] - &p2[cur][0]).abs() + (&x[1] - &p2[cur][1]).abs();
                d(&p2[j]) > d(&p2[next])
            };
            if c < Q::zero() || (c.is_zero() && farther()) {
                next = j;
            }
        }
        if next == start || hull.len() > p2.len() {
            break;
        }
        hull.push(next);
        cur = next;
    }
    let mut twice = Q::zero();
    for i in 0..hull.len() {
        let (p, r) = (&p2[hull[i]], &p2[hull[(i + 1) % hull.len()]]);
        twice += &p[0] * &r[1] - &p[1] * &r[0];
    }
    let projected = twice.abs().to_f64().unwrap() / 2.0;
    let nf: Vec<f64> = n.iter().map(|x| x.to_f64().unwrap()).collect();
    projected * (nf[0] * nf[0] + nf[1] * nf[1] + nf[2] * nf[2]).sqrt() / nf[dom].abs()
}

/// The boundary area, face by face (a flat k-DOP's polygon lies on two planes of its
/// flat slab: both sides).
fn area_by_faces<const N: usize>(k: &Kdop<f64, N>, verts: &[V]) -> f64 {
    planes(k)
        .iter()
        .map(|(n, b)| {
            let on: Vec<V> = verts.iter().filter(|v| dotq(n, v) == *b).cloned().collect();
            face_area(&on, n)
        })
        .sum()
}

/// Mean width by a Fibonacci lattice of `m` directions (antipodal symmetry makes the
/// half sphere enough, but the whole is cheap).
fn width_by_quadrature(verts: &[V], m: usize) -> f64 {
    let vf: Vec<[f64; 3]> = verts
        .iter()
        .map(|v| v.clone().map(|x| x.to_f64().unwrap()))
        .collect();
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let mut sum = 0.0;
    for i in 0..m {
        let z = 1.0 - (2.0 * i as f64 + 1.0) / m as f64;
        let r = (1.0 - z * z).sqrt();
        let u = [
            r * (golden * i as f64).cos(),
            r * (golden * i as f64).sin(),
            z,
        ];
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in &vf {
            let s = v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
            lo = lo.min(s);
            hi = hi.max(s);
        }
        sum += hi - lo;
    }
    sum / m as f64
}

fn close(got: f64, want: f64, rel: f64) -> bool {
    (got - want).abs() <= rel * want.abs().max(1e-300)
}

fn check<const N: usize>(k: &Kdop<f64, N>, what: &str) {
    let verts = vertices(k);
    let (area, width) = (k.surface_area(), k.mean_width());
    if verts.is_empty() {
        assert_eq!((area, width), (0.0, 0.0), "{what}: empty {k:?}");
        return;
    }
    let a = area_by_faces(k, &verts);
    assert!(
        close(area, a, 1e-12),
        "{what}: area {area} vs faces {a}, {k:?}"
    );
    let w = width_by_quadrature(&verts, 20_000);
    assert!(
        close(width, w, 2e-3),
        "{what}: width {width} vs quadrature {w}, {k:?}"
    );
    // The same bounds as f32 (when exact) and as rationals measure the same.
    if k.min.iter().chain(&k.max).all(|x| (*x as f32) as f64 == *x) {
        let k32 = Kdop::<f32, N>::new(k.min.map(|x| x as f32), k.max.map(|x| x as f32));
        assert_eq!(k32.surface_area(), area, "{what}: f32");
        assert_eq!(k32.mean_width(), width, "{what}: f32");
    }
    let kq = Kdop::<Q, N>::new(k.min.map(q), k.max.map(q));
    assert_eq!(kq.surface_area(), area, "{what}: rational");
    assert_eq!(kq.mean_width(), width, "{what}: rational");
}

fn random_points(g: &mut Rng, n: usize, scale: f64) -> Vec<[f64; 3]> {
    (0..n)
        .map(|_| {
            std::array::from_fn(|_| {
                // Dyadic grid values half the time: ties, coplanar faces, flat k-DOPs.
                if g.next_u64().is_multiple_of(2) {
                    (g.range(-8, 8) as f64) * scale / 8.0
                } else {
                    (g.next_f64() * 2.0 - 1.0) * scale
                }
            })
        })
        .collect()
}

fn for_all_sizes(points: &[[f64; 3]], what: &str) {
    check(&kdop::<f64, 3>(points).unwrap(), what);
    check(&kdop::<f64, 7>(points).unwrap(), what);
    check(&kdop::<f64, 9>(points).unwrap(), what);
    check(&kdop::<f64, 13>(points).unwrap(), what);
}

#[test]
fn kdops_of_random_points_match_faces_and_quadrature() {
    let mut g = Rng::new(0x6b64_6f70);
    for case in 0..cases(9) {
        let n = 1 + (case as usize % 9);
        let scale = [1.0, 1e-3, 1e5, 0.75][case as usize % 4];
        let pts = random_points(&mut g, n, scale);
        for_all_sizes(&pts, &format!("case {case}, {n} points"));
    }
}

#[test]
fn flat_segment_and_point_kdops() {
    // Coplanar points (z = 0.5): a flat polygon, both sides counted.
    let flat = [
        [0.0, 0.0, 0.5],
        [2.0, 0.0, 0.5],
        [0.0, 1.0, 0.5],
        [1.5, 1.25, 0.5],
    ];
    for_all_sizes(&flat, "flat");
    let box6 = kdop::<f64, 3>(&flat).unwrap();
    assert_eq!(box6.surface_area(), 2.0 * 2.0 * 1.25);
    assert_eq!(box6.mean_width(), (2.0 * 2.0 + 2.0 * 1.25) / 4.0);
    // Collinear points: a segment, width length/2 (a diagonal one through the 26-DOP).
    let seg = [[0.0, 0.0, 0.0], [3.0, 4.0, 0.0], [1.5, 2.0, 0.0]];
    // Its 26-DOP is a flat polygon in z = 0 (the slabs x − y ∈ [−1, 0], x + y ∈ [0, 7]
    // leave a thin parallelogram around the segment), both sides counted; its width is at
    // least the segment's.
    let k = kdop::<f64, 13>(&seg).unwrap();
    assert!(k.surface_area() > 0.0);
    assert!(k.mean_width() >= 2.5 - 1e-12, "{}", k.mean_width());
    for_all_sizes(&seg, "segment");
    let axis_seg = kdop::<f64, 13>(&[[1.0, 1.0, 1.0], [1.0, 1.0, 4.0]]).unwrap();
    assert_eq!(axis_seg.surface_area(), 0.0);
    assert!(close(axis_seg.mean_width(), 1.5, 1e-15));
    let point = kdop::<f64, 7>(&[[0.25, -3.0, 7.0]]).unwrap();
    assert_eq!((point.surface_area(), point.mean_width()), (0.0, 0.0));
}

#[test]
fn closed_forms() {
    // Boxes: 2(xy + yz + zx) and (x + y + z)/2, whatever loose diagonal slabs say.
    let b = Kdop::<f64, 13>::new(
        [
            -1.0, -2.0, -0.5, -9.0, -9.0, -9.0, -9.0, -9.0, -9.0, -9.0, -9.0, -9.0, -9.0,
        ],
        [
            1.0, 2.0, 0.5, 9.0, 9.0, 9.0, 9.0, 9.0, 9.0, 9.0, 9.0, 9.0, 9.0,
        ],
    );
    assert!(close(
        b.surface_area(),
        2.0 * (2.0 * 4.0 + 4.0 * 1.0 + 1.0 * 2.0),
        1e-15
    ));
    assert!(close(b.mean_width(), (2.0 + 4.0 + 1.0) / 2.0, 1e-15));
    check(&b, "loose 26-DOP box");
    // The cube [-1, 1]³ cut through its edge midpoints by |x ± y ± z| ≤ 2: the
    // cuboctahedron of edge a = √2. Area (6 + 2√3)a²; mean width 24·a·φ/(4π) with φ the
    // angle between the normals of a square and a triangle, arccos(1/√3).
    let c = Kdop::<f64, 7>::new(
        [-1.0, -1.0, -1.0, -2.0, -2.0, -2.0, -2.0],
        [1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0],
    );
    let a = 2f64.sqrt();
    assert!(close(
        c.surface_area(),
        (6.0 + 2.0 * 3f64.sqrt()) * a * a,
        1e-14
    ));
    let w = 24.0 * a * (1.0 / 3f64.sqrt()).acos() / (4.0 * std::f64::consts::PI);
    assert!(close(c.mean_width(), w, 1e-14), "{} {w}", c.mean_width());
    check(&c, "cuboctahedron");
    // The octahedron |x| + |y| + |z| ≤ 1 (a 14-DOP with loose axis slabs): 8 equilateral
    // triangles of edge √2, area 8·(√3/4)·2 = 4√3.
    let o = Kdop::<f64, 7>::new(
        [-5.0, -5.0, -5.0, -1.0, -1.0, -1.0, -1.0],
        [5.0, 5.0, 5.0, 1.0, 1.0, 1.0, 1.0],
    );
    assert!(close(o.surface_area(), 4.0 * 3f64.sqrt(), 1e-14));
    check(&o, "octahedron");
}

#[test]
fn empty_nan_and_infinite_bounds() {
    let inf = f64::INFINITY;
    // min > max on one slab, and slabs with no common point (x, y, z ≤ 0, x + y + z ≥ 1).
    let e1 = Kdop::<f64, 3>::new([0.0, 1.0, 0.0], [1.0, 0.0, 1.0]);
    let e2 = Kdop::<f64, 7>::new(
        [-1.0, -1.0, -1.0, 1.0, -9.0, -9.0, -9.0],
        [0.0, 0.0, 0.0, 9.0, 9.0, 9.0, 9.0],
    );
    for (a, w) in [
        (e1.surface_area(), e1.mean_width()),
        (e2.surface_area(), e2.mean_width()),
    ] {
        assert_eq!((a, w), (0.0, 0.0));
    }
    check(&e2, "empty by slabs");
    // NaN anywhere.
    let mut n = Kdop::<f64, 9>::new([0.0; 9], [1.0; 9]);
    n.max[5] = f64::NAN;
    assert!(n.surface_area().is_nan() && n.mean_width().is_nan());
    // An unbounded 6-DOP; an empty one with infinite bounds; a min of +∞.
    let u = Kdop::<f64, 3>::new([0.0, 0.0, -inf], [1.0, 1.0, 0.0]);
    assert_eq!((u.surface_area(), u.mean_width()), (inf, inf));
    let ue = Kdop::<f64, 7>::new(
        [-inf, -inf, -inf, 1.0, -inf, -inf, -inf],
        [0.0, 0.0, 0.0, inf, inf, inf, inf],
    );
    assert_eq!((ue.surface_area(), ue.mean_width()), (0.0, 0.0));
    let top = Kdop::<f64, 3>::new([inf, 0.0, 0.0], [inf, 1.0, 1.0]);
    assert_eq!((top.surface_area(), top.mean_width()), (0.0, 0.0));
    // An infinite axis bound closed by the corner slabs: x ≤ 2 follows from
    // x + y + z ≤ 2 and x − y − z ≤ 2, so +∞ and any finite bound ≥ 2 measure the same.
    let mut closed = Kdop::<f64, 7>::new(
        [-1.0, -1.0, -1.0, -2.0, -2.0, -2.0, -2.0],
        [inf, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0],
    );
    let a_inf = (closed.surface_area(), closed.mean_width());
    closed.max[0] = 2.0;
    assert_eq!(a_inf, (closed.surface_area(), closed.mean_width()));
    closed.max[0] = 1e30;
    assert_eq!(a_inf, (closed.surface_area(), closed.mean_width()));
    assert!(a_inf.0.is_finite() && a_inf.0 > 0.0);
}

#[test]
fn extreme_magnitudes() {
    // Huge and subnormal-scale k-DOPs: exact polytopes, scaled measures.
    let pts = [
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.75, 0.75, 0.5],
    ];
    let base = kdop::<f64, 13>(&pts).unwrap();
    let (a0, w0) = (base.surface_area(), base.mean_width());
    for e in [-1060, -600, 300, 500] {
        let s = 2f64.powi(e);
        let scaled: Vec<[f64; 3]> = pts.iter().map(|p| p.map(|x| x * s)).collect();
        let k = kdop::<f64, 13>(&scaled).unwrap();
        let (a, w) = (k.surface_area(), k.mean_width());
        let sa = a0 * s * s;
        if sa.is_finite() && sa > 1e-300 {
            assert!(close(a, sa, 1e-13), "area at 2^{e}: {a} vs {sa}");
        }
        assert!(close(w, w0 * s, 1e-13), "width at 2^{e}: {w} vs {}", w0 * s);
    }
    // Overflowing area: +∞, not NaN or a panic.
    let big = Kdop::<f64, 3>::new([-f64::MAX; 3], [f64::MAX; 3]);
    assert_eq!(big.surface_area(), f64::INFINITY);
    assert_eq!(big.mean_width(), f64::INFINITY);
}
