//! The oracle (`isect::oracle`): its generators produce what they claim, checked exactly
//! in rational arithmetic (the test kit's oracles, not the library's code), and `check`
//! reports no disagreement for the exact functions and real, shrunk failures for naive
//! ones.

use isect::oracle::scenes::{self, Aim};
use isect::oracle::{
    Family, Generator, IncircleKind, InsphereKind, MeshRaysKind, Orient2dKind, Orient3dKind,
    Outcome, RayAabbKind, RayTriangleInput, RayTriangleKind, TestKind, TriTriKind, check,
};
use isect::{Sign, TriMesh};
use isect_testkit::float::to_q;
use isect_testkit::predicates::{incircle_q, insphere_q, orient2d_q, orient3d_q};
use isect_testkit::q::{cross, dot, q, q3, qi, sub};
use isect_testkit::{Q, cases};
use num_traits::{One, Signed, Zero};

/// `o + t·d` in rationals.
pub(super) fn at(o: &[f64; 3], d: &[f64; 3], t: i64) -> [Q; 3] {
    core::array::from_fn(|k| q(o[k]) + qi(t) * q(d[k]))
}
fn ulp(x: f64) -> f64 {
    let a = x.abs();
    if a == 0.0 {
        f64::from_bits(1)
    } else {
        a.next_up() - a
    }
}
fn f32_exact(x: f64) -> bool {
    x as f32 as f64 == x
}
/// Whether `p` lies on the closed segment `ab` strictly between the ends (in rationals).
pub(super) fn strictly_inside_segment(p: &[Q; 3], a: &[Q; 3], b: &[Q; 3]) -> bool {
    let (ab, ap) = (sub(b, a), sub(p, a));
    if cross(&ab, &ap).iter().any(|x| !x.is_zero()) {
        return false;
    }
    let s = dot(&ap, &ab);
    s.is_positive() && s < dot(&ab, &ab)
}
/// Whether `p` is exactly a corner of the triangle `t` (`vertex`), or exactly a point
/// strictly inside one of its edges (in rationals).
pub(super) fn at_aim(p: &[Q; 3], t: &[[f64; 3]; 3], vertex: bool) -> bool {
    let [a, b, c] = t.map(|x| q3(&x));
    if vertex {
        [&a, &b, &c].contains(&p)
    } else {
        strictly_inside_segment(p, &a, &b)
            || strictly_inside_segment(p, &b, &c)
            || strictly_inside_segment(p, &c, &a)
    }
}
fn bits_of_cost(coords: &[f64]) -> u32 {
    coords
        .iter()
        .filter(|x| **x != 0.0)
        .map(|x| {
            let m = x.abs().to_bits() & ((1 << 52) - 1) | (1 << 52);
            64 - m.leading_zeros() - m.trailing_zeros()
        })
        .sum()
}

// ---------------------------------------------------------------------------------------
// Named scenes.
// ---------------------------------------------------------------------------------------

#[test]
fn icosphere_is_closed_outward_and_dyadic() {
    let (v, t) = scenes::icosphere(3);
    assert_eq!(t.len(), 1280);
    for p in &v {
        for &x in p {
            // A multiple of 2^-14 in [-1, 1], exact in f32.
            assert_eq!((x * 16384.0).fract(), 0.0, "{x}");
            assert!(x.abs() <= 1.0 && f32_exact(x));
        }
    }
    let origin = [Q::zero(), Q::zero(), Q::zero()];
    for tri in &t {
        let [a, b, c] = tri.map(|i| q3(&v[i as usize]));
        // Counterclockwise seen from outside: the centre is below each face.
        assert_eq!(orient3d_q(&[a, b, c, origin.clone()]), Sign::Positive);
    }
    let mesh = TriMesh::new(v, t).unwrap();
    assert!(mesh.is_closed());
}

/// Up to the largest supported level the rounded icosphere is a valid closed mesh (no
/// triangle collapsed by the rounding: `TriMesh::new` checks collinearity exactly), and
/// outward (checked in rationals on a sample of triangles).
#[test]
fn large_icospheres_stay_valid() {
    for levels in [5, 6, 7] {
        let (v, t) = scenes::icosphere(levels);
        assert_eq!(t.len(), 20 << (2 * levels));
        let origin = [Q::zero(), Q::zero(), Q::zero()];
        for tri in t.iter().step_by(997) {
            let [a, b, c] = tri.map(|i| q3(&v[i as usize]));
            assert_eq!(orient3d_q(&[a, b, c, origin.clone()]), Sign::Positive);
        }
        let mesh = TriMesh::new(v, t).unwrap();
        assert!(mesh.is_closed());
    }
    // Beyond the supported levels: the try_ forms refuse with the numbers, the plain ones
    // give the largest supported sphere (checked on the counts only: no level-8 work).
    let err = scenes::try_icosphere(8).unwrap_err();
    assert_eq!((err.levels, err.max), (8, scenes::ICOSPHERE_MAX_LEVELS));
    assert!(err.to_string().contains("at most 7"));
    assert!(scenes::try_unit_icosphere(u32::MAX).is_err());
    assert!(isect::oracle::MeshRaysKind::try_icosphere(100).is_err());
    let (v, t) = scenes::unit_icosphere(2);
    assert_eq!(t, scenes::icosphere(2).1);
    assert!(
        v.iter()
            .all(|p| (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - 1.0).abs() < 1e-15)
    );
}

/// Every mesh edge (as an unordered pair) is used by exactly two triangles.
#[test]
fn icosphere_edges_are_shared_by_two() {
    let (_, t) = scenes::icosphere(2);
    let mut count = std::collections::HashMap::new();
    for tri in &t {
        for i in 0..3 {
            let (a, b) = (tri[i], tri[(i + 1) % 3]);
            *count.entry((a.min(b), a.max(b))).or_insert(0) += 1;
        }
    }
    assert!(count.values().all(|&n| n == 2));
}

#[test]
fn vertex_rays_pass_exactly_through_a_vertex() {
    let (v, t) = scenes::icosphere(3);
    let vq: Vec<[Q; 3]> = v.iter().map(q3).collect();
    for ray in scenes::aimed_rays(&v, &t, Aim::Vertex, 200, 11) {
        let p = at(&ray.origin, &ray.direction, 8);
        assert!(vq.contains(&p), "{ray:?} misses every vertex at t = 8");
        assert!(
            ray.origin
                .iter()
                .chain(&ray.direction)
                .all(|&x| f32_exact(x))
        );
        // Outside the bounding box [-1, 1]^3.
        assert!(ray.origin.iter().any(|x| x.abs() > 1.0));
    }
}

#[test]
fn edge_rays_pass_exactly_through_an_edge_interior() {
    let (v, t) = scenes::icosphere(3);
    let vq: Vec<[Q; 3]> = v.iter().map(q3).collect();
    for ray in scenes::aimed_rays(&v, &t, Aim::Edge, cases(30) as usize, 12) {
        let p = at(&ray.origin, &ray.direction, 8);
        let on_edge = t.iter().any(|tri| {
            (0..3).any(|i| {
                let (a, b) = (&vq[tri[i] as usize], &vq[tri[(i + 1) % 3] as usize]);
                strictly_inside_segment(&p, a, b)
            })
        });
        assert!(on_edge, "{ray:?} is not aimed at an edge");
        assert!(
            ray.origin
                .iter()
                .chain(&ray.direction)
                .all(|&x| f32_exact(x))
        );
        assert!(ray.origin.iter().any(|x| x.abs() > 1.0));
    }
}

#[test]
fn kettner_grid_has_the_known_exact_signs() {
    let size = 24;
    for (idx, (p, qq, r)) in scenes::kettner_grid(size).into_iter().enumerate() {
        let (i, j) = (idx % size, idx / size);
        let s = orient2d_q(&to_q(&[p, qq, r]));
        assert_eq!(s, Sign::from_ordering(j.cmp(&i)), "i={i} j={j}");
    }
}

/// `|n·(d − a)| ≤ Σ |n_k|·tol_k` with `n = (b − a) × (c − a)`, in rationals.
pub(super) fn near_plane(
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
    d: &[f64; 3],
    tol: [f64; 3],
) -> bool {
    let (aq, bq, cq, dq) = (q3(a), q3(b), q3(c), q3(d));
    let n = cross(&sub(&bq, &aq), &sub(&cq, &aq));
    let lhs = dot(&n, &sub(&dq, &aq)).abs();
    let rhs = (0..3).fold(Q::zero(), |s, k| s + n[k].abs() * q(tol[k]));
    lhs <= rhs
}

#[test]
fn near_coplanar_orient3d_is_within_an_ulp_of_the_plane() {
    let cases = scenes::near_coplanar_orient3d(400, 5);
    let mut exact = 0;
    for [a, b, c, d] in &cases {
        // Faithful rounding: within one ulp per coordinate of the exact plane point.
        assert!(
            near_plane(a, b, c, d, d.map(ulp)),
            "{a:?} {b:?} {c:?} {d:?}"
        );
        if orient3d_q(&to_q(&[*a, *b, *c, *d])) == Sign::Zero {
            exact += 1;
        }
    }
    // One in four by construction, plus a few rounded ones that land on the plane.
    assert!((60..=250).contains(&exact), "{exact} exactly coplanar");
}

#[test]
fn near_coplanar_triangle_pairs_are_near_coplanar() {
    let mut exact = 0;
    for ([a, b, c], t2) in scenes::near_coplanar_triangle_pairs(300, 6) {
        for v in &t2 {
            let tol = v.map(|x| x.abs().max(0.5) * 2f64.powi(-39));
            assert!(
                near_plane(&a, &b, &c, v, tol),
                "{v:?} is far from the plane"
            );
        }
        if t2
            .iter()
            .all(|v| orient3d_q(&to_q(&[a, b, c, *v])) == Sign::Zero)
        {
            exact += 1;
        }
    }
    assert!(exact >= 40, "{exact} exactly coplanar pairs");
}

#[test]
fn near_parallel_box_rays_graze_a_face() {
    for (b, r) in scenes::near_parallel_box_rays(300, 7) {
        // Some axis has a tiny direction component and an origin within 2^-30 of a face.
        let grazing = (0..3).any(|k| {
            let near = |f: f64| (q(r.origin[k]) - q(f)).abs() <= q(2f64.powi(-30));
            r.direction[k].abs() <= 2f64.powi(-20) && (near(b.min[k]) || near(b.max[k]))
        });
        assert!(grazing, "{b:?} {r:?}");
        assert!((0..3).all(|k| b.min[k] < b.max[k]));
    }
}

// ---------------------------------------------------------------------------------------
// Generators of the test kinds.
// ---------------------------------------------------------------------------------------

#[test]
fn aimed_predicate_families_are_exactly_degenerate() {
    for family in [Family::AimedAtVertices, Family::AimedAtEdges] {
        for p in Generator::new(Orient2dKind, family).seed(1).inputs(200) {
            assert_eq!(orient2d_q(&to_q(&p)), Sign::Zero, "{p:?}");
        }
        for p in Generator::new(Orient3dKind, family).seed(2).inputs(200) {
            assert_eq!(orient3d_q(&to_q(&p)), Sign::Zero, "{p:?}");
        }
        for p in Generator::new(IncircleKind, family).seed(3).inputs(200) {
            assert_eq!(incircle_q(&to_q(&p)), Sign::Zero, "{p:?}");
        }
        for p in Generator::new(InsphereKind, family).seed(4).inputs(100) {
            assert_eq!(insphere_q(&to_q(&p)), Sign::Zero, "{p:?}");
        }
    }
}

#[test]
fn near_degenerate_orient3d_is_near() {
    for family in [Family::NearDegenerate, Family::FarFromOrigin] {
        for p in Generator::new(Orient3dKind, family).seed(8).inputs(300) {
            // Some point is within an ulp per coordinate of the plane of the others.
            let near = (0..4).any(|i| {
                let o: Vec<[f64; 3]> = (0..4).filter(|&j| j != i).map(|j| p[j]).collect();
                near_plane(&o[0], &o[1], &o[2], &p[i], p[i].map(ulp))
            });
            assert!(near, "{family:?} {p:?}");
        }
    }
}

#[test]
fn extreme_and_far_families_reach_their_ranges() {
    let coords: Vec<f64> = Generator::new(Orient3dKind, Family::ExtremeExponents)
        .seed(9)
        .inputs(400)
        .iter()
        .flatten()
        .flatten()
        .copied()
        .collect();
    assert!(coords.iter().any(|x| x.is_subnormal()));
    assert!(coords.iter().any(|x| x.abs() > 2f64.powi(900)));
    assert!(coords.iter().all(|x| x.is_finite()));
    let far = Generator::new(TriTriKind, Family::FarFromOrigin)
        .seed(9)
        .inputs(50);
    for (a, b) in far {
        assert!(
            a.iter()
                .chain(&b)
                .flatten()
                .all(|x| x.abs() >= 2f64.powi(19))
        );
    }
}

/// Whether the ray hits the closed triangle, in rationals, every case (zero direction and
/// degenerate triangle: no hit; a ray in the triangle's plane: against the triangle in
/// the plane).
pub(super) fn rational_hit(qi: &RayTriangleInput) -> bool {
    let (o, d) = (q3(&qi.ray.origin), q3(&qi.ray.direction));
    let [a, b, c] = qi.triangle.map(|p| q3(&p));
    let (e1, e2) = (sub(&b, &a), sub(&c, &a));
    let n = cross(&e1, &e2);
    if n.iter().all(|x| x.is_zero()) || d.iter().all(|x| x.is_zero()) {
        return false;
    }
    let p = cross(&d, &e2);
    let det = dot(&e1, &p);
    if !det.is_zero() {
        let s = sub(&o, &a);
        let u = dot(&s, &p) / &det;
        let qv = cross(&s, &e1);
        let v = dot(&d, &qv) / &det;
        let t = dot(&e2, &qv) / &det;
        let w = Q::one() - &u - &v;
        return !(u.is_negative() || v.is_negative() || w.is_negative() || t.is_negative());
    }
    // Parallel to the plane: a hit only if the ray lies in it and meets the closed
    // triangle, i.e. its origin is in the triangle or it crosses an edge.
    if !dot(&n, &sub(&o, &a)).is_zero() {
        return false;
    }
    let side = |x: &[Q; 3], y: &[Q; 3], p: &[Q; 3]| dot(&n, &cross(&sub(y, x), &sub(p, x)));
    let inside = [(&a, &b), (&b, &c), (&c, &a)]
        .iter()
        .all(|(x, y)| !side(x, y, &o).is_negative());
    inside
        || [(&a, &b), (&b, &c), (&c, &a)]
            .iter()
            .any(|(x, y)| ray_meets_segment(&n, &o, &d, x, y))
}

/// Whether the ray `o + t·d` (`t ≥ 0`) meets the closed segment `xy`, all in the plane
/// with normal `n`.
fn ray_meets_segment(n: &[Q; 3], o: &[Q; 3], d: &[Q; 3], x: &[Q; 3], y: &[Q; 3]) -> bool {
    // o + t·d = x + s·(y − x): crossing with n: t·(d × e)·n = ((x − o) × e)·n, and
    // s·(d × e)·n = ((x − o) × d)·n, e = y − x.
    let e = sub(y, x);
    let den = dot(&cross(d, &e), n);
    let xo = sub(x, o);
    if den.is_zero() {
        // Parallel: on the same line, does the ray reach the segment?
        if !dot(&cross(d, &xo), n).is_zero() {
            return false;
        }
        let (tx, ty) = (dot(&xo, d), dot(&sub(y, o), d));
        return !tx.is_negative() || !ty.is_negative();
    }
    let t = dot(&cross(&xo, &e), n) / &den;
    let s = dot(&cross(&xo, d), n) / &den;
    !t.is_negative() && !s.is_negative() && s <= Q::one()
}

#[test]
fn ray_triangle_kind_matches_a_rational_oracle() {
    for family in Family::ALL {
        let inputs = Generator::new(RayTriangleKind, family).seed(10).inputs(150);
        for qi in &inputs {
            assert_eq!(
                RayTriangleKind.exact(qi),
                rational_hit(qi),
                "{family:?} {qi:?}"
            );
        }
        if matches!(family, Family::AimedAtVertices | Family::AimedAtEdges) {
            // Through the aimed point at t = 1, exactly.
            for qi in &inputs {
                let p = at(&qi.ray.origin, &qi.ray.direction, 1);
                let vertex = family == Family::AimedAtVertices;
                assert!(at_aim(&p, &qi.triangle, vertex), "{qi:?}");
            }
        }
    }
}

#[test]
fn aimed_tri_tri_pairs_touch_exactly() {
    for family in [Family::AimedAtVertices, Family::AimedAtEdges] {
        for (t1, t2) in Generator::new(TriTriKind, family).seed(11).inputs(200) {
            let [a, b, c] = t1.map(|p| q3(&p));
            let touches = t2.iter().map(q3).any(|p| {
                if family == Family::AimedAtVertices {
                    p == a || p == b || p == c
                } else {
                    strictly_inside_segment(&p, &a, &b)
                        || strictly_inside_segment(&p, &b, &c)
                        || strictly_inside_segment(&p, &c, &a)
                }
            });
            assert!(touches, "{t1:?} {t2:?}");
            assert!(TriTriKind.exact(&(t1, t2)));
        }
    }
}

#[test]
fn aimed_box_rays_pass_exactly_through_the_boundary() {
    for (family, at_bounds) in [(Family::AimedAtVertices, 3), (Family::AimedAtEdges, 2)] {
        for (r, b) in Generator::new(RayAabbKind, family).seed(12).inputs(200) {
            let p = at(&r.origin, &r.direction, 1);
            let on = (0..3)
                .filter(|&k| p[k] == q(b.min[k]) || p[k] == q(b.max[k]))
                .count();
            let inside = (0..3).all(|k| q(b.min[k]) <= p[k] && p[k] <= q(b.max[k]));
            assert!(inside && on >= at_bounds, "{r:?} {b:?}");
            assert!(RayAabbKind.exact(&(r, b)));
        }
    }
}

// ---------------------------------------------------------------------------------------
// check.
// ---------------------------------------------------------------------------------------

fn assert_clean<K: TestKind>(kind: K, exact: impl Fn(&K::Input) -> K::Answer, n: usize) {
    for family in Family::ALL {
        let g = Generator::new(&kind, family).seed(13);
        let r = check(&exact, &g, n);
        assert_eq!(r.disagreements(), 0, "{} {family:?}", K::NAME);
        assert_eq!(r.count(Outcome::Agree), n);
        assert!(r.counterexample.is_none());
        assert_eq!(r.confusion.values().sum::<usize>(), n);
    }
}

#[test]
fn exact_candidates_have_no_disagreements() {
    assert_clean(Orient2dKind, |p: &[[f64; 2]; 3]| orient2d_q(&to_q(p)), 200);
    assert_clean(Orient3dKind, |p: &[[f64; 3]; 4]| orient3d_q(&to_q(p)), 200);
    assert_clean(IncircleKind, |p: &[[f64; 2]; 4]| incircle_q(&to_q(p)), 100);
    assert_clean(InsphereKind, |p: &[[f64; 3]; 5]| insphere_q(&to_q(p)), 60);
    assert_clean(TriTriKind, |q: &_| isect::tri_tri_intersect(q.0, q.1), 200);
    let mesh = MeshRaysKind::icosphere(2);
    assert_clean(&mesh, |r: &_| mesh.mesh().hits(r).len(), 50);
}

fn orient3d_naive(p: &[[f64; 3]; 4]) -> Sign {
    let [a, b, c, d] = *p;
    let (ax, ay, az) = (a[0] - d[0], a[1] - d[1], a[2] - d[2]);
    let (bx, by, bz) = (b[0] - d[0], b[1] - d[1], b[2] - d[2]);
    let (cx, cy, cz) = (c[0] - d[0], c[1] - d[1], c[2] - d[2]);
    Sign::of(ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx))
}

#[test]
fn naive_orient3d_fails_and_the_shrunk_counterexample_still_fails() {
    for family in [Family::NearDegenerate, Family::ExtremeExponents] {
        let g = Generator::new(Orient3dKind, family).seed(14);
        let r = check(orient3d_naive, &g, 3000);
        assert!(r.disagreements() > 0, "{family:?}");
        // The report's counts add up and match a recount against the rational oracle.
        let recount = g
            .inputs(3000)
            .iter()
            .filter(|p| orient3d_naive(p) != orient3d_q(&to_q(p)))
            .count();
        assert_eq!(r.disagreements(), recount);
        let c = r.counterexample.as_ref().unwrap();
        assert_eq!(orient3d_q(&to_q(&c.input)), c.exact);
        assert_eq!(orient3d_naive(&c.input), c.got);
        assert_ne!(c.exact, c.got);
        let from = r.shrunk_from.as_ref().unwrap();
        assert!(bits_of_cost(c.input.as_flattened()) <= bits_of_cost(from.as_flattened()) + 64);
    }
}

#[test]
fn shrinking_simplifies_a_failure_of_an_always_positive_candidate() {
    // A candidate that always answers Positive: every Zero and Negative is a failure,
    // and a Negative one shrinks to very simple coordinates.
    let g = Generator::new(Orient2dKind, Family::Uniform).seed(15);
    let r = check(|_: &[[f64; 2]; 3]| Sign::Positive, &g, 100);
    let c = r.counterexample.unwrap();
    assert_eq!(c.outcome, Outcome::WrongSign);
    assert_eq!(orient2d_q(&to_q(&c.input)), Sign::Negative);
    // At most a handful of one-bit coordinates remain.
    assert!(bits_of_cost(c.input.as_flattened()) <= 6, "{:?}", c.input);
}

#[test]
fn epsilon_moller_trumbore_leaks_or_double_counts_on_aimed_mesh_rays() {
    use isect::policy::Absolute;
    use isect::ray::ray_triangle_moller_with;
    let kind = MeshRaysKind::icosphere(3);
    let tris: Vec<isect::Triangle<f64>> = kind
        .triangles()
        .map(|[a, b, c]| isect::Triangle::new(a, b, c))
        .collect();
    let count = |r: &isect::Ray<f64>| {
        tris.iter()
            .filter(|t| ray_triangle_moller_with(Absolute { eps: 1e-5 }, r, t).is_some())
            .count()
    };
    let mut bad = 0;
    for family in [Family::AimedAtVertices, Family::AimedAtEdges] {
        let g = Generator::new(&kind, family).seed(16);
        let r = check(count, &g, 150);
        bad += r.count(Outcome::Leak) + r.count(Outcome::DoubleCount);
        if let Some(c) = &r.counterexample {
            assert_eq!(kind.mesh().hits(&c.input).len(), c.exact);
            assert_eq!(count(&c.input), c.got);
            assert_ne!(c.exact, c.got);
        }
    }
    assert!(bad > 0);
}

#[test]
fn aimed_families_are_exact_in_f32() {
    fn all_f32<K: TestKind>(kind: K) {
        for family in [Family::AimedAtVertices, Family::AimedAtEdges] {
            for input in Generator::new(&kind, family).seed(17).inputs(200) {
                let c = kind.coords(&input);
                assert!(
                    c.iter().all(|&x| f32_exact(x)),
                    "{} {family:?} {c:?}",
                    K::NAME
                );
            }
        }
    }
    all_f32(Orient2dKind);
    all_f32(Orient3dKind);
    all_f32(IncircleKind);
    all_f32(InsphereKind);
    all_f32(RayTriangleKind);
    all_f32(TriTriKind);
    all_f32(RayAabbKind);
    all_f32(MeshRaysKind::icosphere(3));
}

#[test]
fn generators_are_deterministic() {
    let a = Generator::new(InsphereKind, Family::Mixed)
        .seed(3)
        .inputs(50);
    let b = Generator::new(InsphereKind, Family::Mixed)
        .seed(3)
        .inputs(50);
    assert_eq!(a, b);
    let c = Generator::new(InsphereKind, Family::Mixed)
        .seed(4)
        .inputs(50);
    assert_ne!(a, c);
}

// ---------------------------------------------------------------------------------------
// proptest strategies (feature `proptest`).
// ---------------------------------------------------------------------------------------

#[cfg(feature = "proptest")]
mod strategies {
    use super::*;
    use isect::oracle::strategies as st;
    use isect_testkit::config;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(config(64))]

        /// The exactly degenerate families really are degenerate (rational oracle).
        #[test]
        fn aimed_strategies_are_degenerate(
            o in st::orient3d_inputs(Family::AimedAtEdges),
            c in st::incircle_inputs(Family::AimedAtEdges),
            s in st::insphere_inputs(Family::AimedAtVertices),
        ) {
            prop_assert_eq!(orient3d_q(&to_q(&o)), Sign::Zero);
            prop_assert_eq!(incircle_q(&to_q(&c)), Sign::Zero);
            prop_assert_eq!(insphere_q(&to_q(&s)), Sign::Zero);
        }

        /// Every family's inputs get the library's exact answer (rational oracle).
        #[test]
        fn strategies_agree_with_the_rational_oracle(
            f in st::family(),
            seed in any::<u64>(),
        ) {
            let mut rng = isect::oracle::Rng::new(seed);
            let p = Orient2dKind.generate(f, &mut rng);
            prop_assert_eq!(Orient2dKind.exact(&p), orient2d_q(&to_q(&p)));
            let q = InsphereKind.generate(f, &mut rng);
            prop_assert_eq!(InsphereKind.exact(&q), insphere_q(&to_q(&q)));
        }
    }
}
