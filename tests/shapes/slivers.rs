//! Mixed-scale slivers: a cluster of points within `2^-600..2^-480` of each other (or of
//! the origin) and the other points at `2^380..2^620` (or other bands, [`scales`]), in
//! every position, some clusters exactly collinear or coplanar. Products of the cluster's coordinates are subnormal, so
//! their absolute rounding error, times a huge coordinate, is far above the quantity being
//! signed: every filter whose bound charges its underflow term to the wrong factor, or
//! forgets it, decides such inputs from rounding noise. Each answer is checked against an
//! independent exact evaluation in rationals (the test kit's determinants and its
//! constructive triangle intersection).

use isect::predicates::{incircle_batch, insphere_batch, orient2d_batch, orient3d_batch};
use isect::{Sign, incircle, insphere, orient2d, orient3d, tri_tri, tri_tri_intersect};
use isect_testkit::float::pow2;
use isect_testkit::mesh_pairs::triangle_intersection_points;
use isect_testkit::predicates as exact;
use isect_testkit::q::{cross, q, q2, q3, sub};
use isect_testkit::{Rng, config};
use num_traits::{Signed, Zero};
use proptest::prelude::*;

/// The cluster's and the far points' exponents: mostly the band where products of the
/// cluster's coordinates are subnormal while the far points' are normal, sometimes the
/// extremes (subnormal cluster, far points near overflow) or bands inside the filters'
/// windows.
fn scales(rng: &mut Rng) -> (i32, i32) {
    let (s, b) = match rng.range(0, 5) {
        0 | 1 => ((480, 600), (380, 620)),
        2 => ((1000, 1074), (1000, 1022)),
        3 => ((150, 250), (150, 250)),
        4 => ((300, 360), (300, 345)),
        _ => ((20, 60), (20, 60)),
    };
    (-(rng.range(s.0, s.1) as i32), rng.range(b.0, b.1) as i32)
}

/// `n` points: those whose bit is set in `far` at `2^big`, the others in a cluster at
/// `2^small` (around the origin), the cluster made degenerate on request (its third point
/// the midpoint of the first two, or a point on their segment's dyadic grid).
fn sliver<const D: usize, const N: usize>(rng: &mut Rng) -> [[f64; D]; N] {
    let (small, big) = scales(rng);
    let far = loop {
        let m = rng.range(1, (1 << N) - 2) as u32;
        if m != 0 && m != (1 << N) - 1 {
            break m;
        }
    };
    let mut p = [[0.0; D]; N];
    for (i, x) in p.iter_mut().enumerate() {
        let e = if far >> i & 1 == 1 { big } else { small };
        *x = [0; D].map(|_| pow2(e) * rng.uniform(-2.0, 2.0));
    }
    let cluster: Vec<usize> = (0..N).filter(|i| far >> i & 1 == 0).collect();
    if cluster.len() >= 3 && rng.range(0, 1) == 0 {
        let (a, b) = (p[cluster[0]], p[cluster[1]]);
        p[cluster[2]] = core::array::from_fn(|k| a[k] + (b[k] - a[k]) / 2.0);
    }
    // Rows with a random point also at a mixed exponent.
    if rng.range(0, 3) == 0 {
        let i = rng.range(0, N as i64 - 1) as usize;
        let k = rng.range(0, D as i64 - 1) as usize;
        p[i][k] = pow2(rng.range(-1074, 1000) as i32) * rng.uniform(-2.0, 2.0);
    }
    p
}

fn rows<const D: usize, const N: usize>(seed: u64, n: usize) -> Vec<[[f64; D]; N]> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| sliver::<D, N>(&mut rng)).collect()
}

fn column<const D: usize, const N: usize>(r: &[[[f64; D]; N]], j: usize) -> Vec<[f64; D]> {
    r.iter().map(|p| p[j]).collect()
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn orient2d_on_slivers(seed in any::<u64>()) {
        let r = rows::<2, 3>(seed, 40);
        let mut out = vec![Sign::Zero; r.len()];
        orient2d_batch(&column(&r, 0)[..], &column(&r, 1)[..], &column(&r, 2)[..], &mut out).unwrap();
        for (p, b) in r.iter().zip(&out) {
            let want = exact::orient2d(p);
            prop_assert_eq!(orient2d(&p[0], &p[1], &p[2]), want, "{:?}", p);
            prop_assert_eq!(*b, want, "batch {:?}", p);
        }
    }

    #[test]
    fn orient3d_on_slivers(seed in any::<u64>()) {
        let r = rows::<3, 4>(seed, 40);
        let mut out = vec![Sign::Zero; r.len()];
        orient3d_batch(
            &column(&r, 0)[..], &column(&r, 1)[..], &column(&r, 2)[..], &column(&r, 3)[..], &mut out,
        ).unwrap();
        for (p, b) in r.iter().zip(&out) {
            let want = exact::orient3d(p);
            prop_assert_eq!(orient3d(&p[0], &p[1], &p[2], &p[3]), want, "{:?}", p);
            prop_assert_eq!(*b, want, "batch {:?}", p);
        }
    }

    #[test]
    fn incircle_on_slivers(seed in any::<u64>()) {
        let r = rows::<2, 4>(seed, 40);
        let mut out = vec![Sign::Zero; r.len()];
        incircle_batch(
            &column(&r, 0)[..], &column(&r, 1)[..], &column(&r, 2)[..], &column(&r, 3)[..], &mut out,
        ).unwrap();
        for (p, b) in r.iter().zip(&out) {
            let want = exact::incircle(p);
            prop_assert_eq!(incircle(&p[0], &p[1], &p[2], &p[3]), want, "{:?}", p);
            prop_assert_eq!(*b, want, "batch {:?}", p);
        }
    }

    #[test]
    fn insphere_on_slivers(seed in any::<u64>()) {
        let r = rows::<3, 5>(seed, 40);
        let mut out = vec![Sign::Zero; r.len()];
        insphere_batch(
            &column(&r, 0)[..], &column(&r, 1)[..], &column(&r, 2)[..], &column(&r, 3)[..],
            &column(&r, 4)[..], &mut out,
        ).unwrap();
        for (p, b) in r.iter().zip(&out) {
            let want = exact::insphere(p);
            prop_assert_eq!(insphere(&p[0], &p[1], &p[2], &p[3], &p[4]), want, "{:?}", p);
            prop_assert_eq!(*b, want, "batch {:?}", p);
        }
    }

}

proptest! {
    // The oracle constructs the intersection in rationals of 2^±600: a few ms a pair.
    #![proptest_config(config(32))]

    /// Two triangles from one sliver configuration of six points (which points are far
    /// varies), and the same with the second triangle's vertices shared or moved onto the
    /// first's edge midpoints (exact touching at tiny scale).
    #[test]
    fn tri_tri_on_slivers(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        for _ in 0..8 {
            let mut p = sliver::<3, 6>(&mut rng);
            match rng.range(0, 3) {
                0 => p[3] = p[rng.range(0, 2) as usize],
                1 => {
                    let i = rng.range(0, 2) as usize;
                    let (a, b) = (p[i], p[(i + 1) % 3]);
                    p[4] = core::array::from_fn(|k| a[k] + (b[k] - a[k]) / 2.0);
                }
                _ => {}
            }
            let (a, b) = ([p[0], p[1], p[2]], [p[3], p[4], p[5]]);
            let proper = |t: &[[f64; 3]; 3]| {
                let [u, v, w] = t.map(|x| q3(&x));
                cross(&sub(&v, &u), &sub(&w, &u)).iter().any(|c| !c.is_zero())
            };
            if !proper(&a) || !proper(&b) {
                continue;
            }
            let want = !triangle_intersection_points(&a.map(|x| q3(&x)), &b.map(|x| q3(&x))).is_empty();
            prop_assert_eq!(tri_tri_intersect(a, b), want, "{:?} {:?}", a, b);
            prop_assert_eq!(tri_tri(a, b).intersects(), want, "classified {:?} {:?}", a, b);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Differential: the `f64` fast paths against the same functions instantiated in exact
// rationals (where the filters are absent), on the same sliver configurations.
// ---------------------------------------------------------------------------------------

type Q = isect_testkit::Q;

/// `|t − exact| ≤ t_error` for a finite `t`; a `t` of `+∞` (with `t_error = +∞`) only
/// for an exact `t` beyond the largest finite `f64`.
fn t_within(t: f64, t_error: f64, exact: &Q) -> bool {
    if t.is_finite() {
        (q(t) - exact).abs() <= q(t_error)
    } else {
        t == f64::INFINITY && t_error == f64::INFINITY && *exact > q(f64::MAX)
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn segments_on_slivers(seed in any::<u64>()) {
        use isect::overlap::{segment_segment_2d, segment_segment_3d};
        use isect::Segment;
        let mut rng = Rng::new(seed);
        for _ in 0..8 {
            let p = sliver::<2, 4>(&mut rng);
            let got = segment_segment_2d(&p[0], &p[1], &p[2], &p[3]);
            let want = segment_segment_2d(&q2(&p[0]), &q2(&p[1]), &q2(&p[2]), &q2(&p[3]));
            prop_assert_eq!(got, want, "2d {:?}", p);
            let p = sliver::<3, 4>(&mut rng);
            let got = segment_segment_3d(&Segment::new(p[0], p[1]), &Segment::new(p[2], p[3]));
            let want = segment_segment_3d(
                &Segment::new(q3(&p[0]), q3(&p[1])),
                &Segment::new(q3(&p[2]), q3(&p[3])),
            );
            prop_assert_eq!(got, want, "3d {:?}", p);
        }
    }

    #[test]
    fn closed_rays_on_slivers(seed in any::<u64>()) {
        use isect::ray::ray_triangle_closed;
        use isect::{Ray, Triangle, ray_triangle};
        let mut rng = Rng::new(seed);
        for _ in 0..8 {
            let p = sliver::<3, 5>(&mut rng);
            let (o, d) = (p[0], p[1]);
            let tri = Triangle::new(p[2], p[3], p[4]);
            let tq = Triangle::new(q3(&p[2]), q3(&p[3]), q3(&p[4]));
            let rq = Ray::new(q3(&o), q3(&d));
            let got = ray_triangle_closed(&Ray::new(o, d), &tri);
            let want = ray_triangle_closed(&rq, &tq);
            prop_assert_eq!(got.as_ref().map(|h| h.1), want.as_ref().map(|h| h.1), "closed {:?}", p);
            if let (Some((h, _)), Some((w, _))) = (&got, &want) {
                prop_assert!(t_within(h.t, h.t_error, &w.t), "closed t {:?} {:?}", h, p);
            }
            let got = ray_triangle(&Ray::new(o, d), &tri);
            let want = ray_triangle(&rq, &tq);
            prop_assert_eq!(got.is_some(), want.is_some(), "open {:?}", p);
            if let (Some(h), Some(w)) = (&got, &want) {
                prop_assert_eq!(h.front, w.front);
                prop_assert!(t_within(h.t, h.t_error, &w.t), "open t {:?} {:?}", h, p);
            }
        }
    }

}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn boxes_on_slivers(seed in any::<u64>()) {
        use isect::overlap::{plane_aabb, tri_aabb};
        use isect::{Aabb, Plane};
        let mut rng = Rng::new(seed);
        for _ in 0..8 {
            let p = sliver::<3, 5>(&mut rng);
            let (lo, hi) = (
                core::array::from_fn(|k| p[3][k].min(p[4][k])),
                core::array::from_fn(|k| p[3][k].max(p[4][k])),
            );
            let b = Aabb::new(lo, hi);
            let bq = Aabb::new(q3(&lo), q3(&hi));
            let tri = [p[0], p[1], p[2]];
            prop_assert_eq!(tri_aabb(tri, &b), tri_aabb(tri.map(|x| q3(&x)), &bq), "tri/box {:?}", p);
            let off = p[1][0] * p[2][1];
            if off.is_finite() {
                let pl = Plane::new(p[0], off);
                let plq = Plane::new(q3(&p[0]), q(off));
                prop_assert_eq!(plane_aabb(&pl, &b), plane_aabb(&plq, &bq), "plane/box {:?}", p);
            }
        }
    }
}

/// `value` within `error` of `exact` (an infinite value only with an infinite error).
fn bounded_holds(b: &isect::overlap::Bounded<f64>, exact: &Q) -> bool {
    if b.value.is_finite() && b.error.is_finite() {
        (q(b.value) - exact).abs() <= q(b.error)
    } else {
        b.error == f64::INFINITY
    }
}

proptest! {
    #![proptest_config(config(128))]

    /// The `_bounded` constructions: the same case as the exact form in rationals, and
    /// every value within its error of the exact one.
    #[test]
    fn bounded_constructions_on_slivers(seed in any::<u64>()) {
        use isect::overlap::{
            LineLine2d, SegmentIntersection, line_line_2d, line_line_2d_bounded,
            segment_segment_2d_intersection, segment_segment_2d_intersection_bounded,
            three_planes, three_planes_bounded,
        };
        use isect::Plane;
        let mut rng = Rng::new(seed);
        for _ in 0..8 {
            let p = sliver::<2, 4>(&mut rng);
            let got = line_line_2d_bounded(&p[0], &p[1], &p[2], &p[3]);
            let want = line_line_2d(&q2(&p[0]), &q2(&p[1]), &q2(&p[2]), &q2(&p[3]));
            match (&got, &want) {
                (LineLine2d::Point { s, t, point }, LineLine2d::Point { s: es, t: et, point: ep }) => {
                    prop_assert!(bounded_holds(s, es) && bounded_holds(t, et), "line s, t {:?} {:?}", got, p);
                    prop_assert!(bounded_holds(&point[0], &ep[0]) && bounded_holds(&point[1], &ep[1]), "line point {:?} {:?}", got, p);
                }
                (LineLine2d::Parallel, LineLine2d::Parallel) | (LineLine2d::Coincident, LineLine2d::Coincident) => {}
                _ => prop_assert!(false, "line case {:?} {:?}", got, p),
            }
            let got = segment_segment_2d_intersection_bounded(&p[0], &p[1], &p[2], &p[3]);
            let want = segment_segment_2d_intersection(&q2(&p[0]), &q2(&p[1]), &q2(&p[2]), &q2(&p[3]));
            let close = |a: &[isect::overlap::Bounded<f64>; 2], b: &[Q; 2]| bounded_holds(&a[0], &b[0]) && bounded_holds(&a[1], &b[1]);
            let ok = match (&got, &want) {
                (SegmentIntersection::Disjoint, SegmentIntersection::Disjoint) => true,
                (SegmentIntersection::Touching(a), SegmentIntersection::Touching(b))
                | (SegmentIntersection::Crossing(a), SegmentIntersection::Crossing(b)) => close(a, b),
                (SegmentIntersection::CollinearOverlap(a, c), SegmentIntersection::CollinearOverlap(b, d)) => close(a, b) && close(c, d),
                _ => false,
            };
            prop_assert!(ok, "segments {:?} {:?}", got, p);
            let p = sliver::<3, 6>(&mut rng);
            let planes = [0, 1, 2].map(|i| Plane::new(p[i], p[i + 3][0]));
            let planes_q = [0, 1, 2].map(|i| Plane::new(q3(&p[i]), q(p[i + 3][0])));
            let got = three_planes_bounded(&planes[0], &planes[1], &planes[2]);
            let want = three_planes(&planes_q[0], &planes_q[1], &planes_q[2]);
            match (&got, &want) {
                (Some(g), Some(w)) => prop_assert!(g.iter().zip(w).all(|(g, w)| bounded_holds(g, w)), "planes {:?} {:?}", got, p),
                (None, None) => {}
                _ => prop_assert!(false, "planes case {:?} {:?}", got, p),
            }
        }
    }
}

/// A sweep's times within their errors of the exact ones.
fn sweep_holds(
    got: &Option<isect::sweep::SweepHit<f64>>,
    want: &Option<isect::sweep::SweepHit<Q>>,
) -> bool {
    match (got, want) {
        (None, None) => true,
        (Some(g), Some(w)) => {
            t_within(g.first, g.first_error, &w.first) && t_within(g.last, g.last_error, &w.last)
        }
        _ => false,
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// Sweeps of tiny shapes with huge velocities and of huge shapes with tiny ones
    /// (contact times near 0, subnormal, or within rounding of 1): the touch decision as
    /// in rationals and both times within their errors.
    #[test]
    fn sweeps_on_slivers(seed in any::<u64>()) {
        use isect::sweep::{
            Capsule, ray_capsule, sweep_aabb_aabb, sweep_sphere_plane, sweep_sphere_sphere,
            sweep_sphere_triangle,
        };
        use isect::{Aabb, Plane, Ray, Sphere, Triangle};
        let mut rng = Rng::new(seed);
        for _ in 0..4 {
            let p = sliver::<3, 6>(&mut rng);
            let pq = p.map(|x| q3(&x));
            let (r0, r1) = (p[4][0].abs(), p[5][1].abs());
            let (s0, s1) = (Sphere::new(p[0], r0), Sphere::new(p[1], r1));
            let (q0, q1) = (Sphere::new(pq[0].clone(), q(r0)), Sphere::new(pq[1].clone(), q(r1)));
            let got = sweep_sphere_sphere(&s0, &p[2], &s1, &p[3]);
            let want = sweep_sphere_sphere(&q0, &pq[2], &q1, &pq[3]);
            prop_assert!(sweep_holds(&got, &want), "sphere/sphere {:?} {:?}", got, p);
            let got = sweep_sphere_plane(&s0, &p[2], &Plane::new(p[3], p[5][2]), &p[1]);
            let want = sweep_sphere_plane(&q0, &pq[2], &Plane::new(pq[3].clone(), q(p[5][2])), &pq[1]);
            prop_assert!(sweep_holds(&got, &want), "sphere/plane {:?} {:?}", got, p);
            let lohi = |a: &[f64; 3], b: &[f64; 3]| -> ([f64; 3], [f64; 3]) {
                (core::array::from_fn(|k| a[k].min(b[k])), core::array::from_fn(|k| a[k].max(b[k])))
            };
            let ((al, ah), (bl, bh)) = (lohi(&p[0], &p[1]), lohi(&p[4], &p[5]));
            let got = sweep_aabb_aabb(&Aabb::new(al, ah), &p[2], &Aabb::new(bl, bh), &p[3]);
            let want = sweep_aabb_aabb(&Aabb::new(q3(&al), q3(&ah)), &pq[2], &Aabb::new(q3(&bl), q3(&bh)), &pq[3]);
            prop_assert!(sweep_holds(&got, &want), "aabb/aabb {:?} {:?}", got, p);
            let got = ray_capsule(&Ray::new(p[0], p[1]), &Capsule::new(p[2], p[3], r0));
            let want = ray_capsule(&Ray::new(pq[0].clone(), pq[1].clone()), &Capsule::new(pq[2].clone(), pq[3].clone(), q(r0)));
            prop_assert!(sweep_holds(&got, &want), "ray/capsule {:?} {:?}", got, p);
            let got = sweep_sphere_triangle(&s0, &p[1], &Triangle::new(p[2], p[3], p[4]), &p[5]);
            let want = sweep_sphere_triangle(&q0, &pq[1], &Triangle::new(pq[2].clone(), pq[3].clone(), pq[4].clone()), &pq[5]);
            prop_assert!(sweep_holds(&got, &want), "sphere/triangle {:?} {:?}", got, p);
        }
    }
}

/// The two hits the sliver tests found with `t_error = 0` for a rounded `t` (before the
/// `4η` underflow term of `proofs/ray_triangle.md` 3.4): `t ≈ 2^-1200` reported as `0`,
/// and a subnormal `t = 4.1e-312`.
#[test]
fn underflowing_ray_parameters_have_a_bound() {
    use isect::ray::ray_triangle_closed;
    use isect::{Ray, Triangle, ray_triangle};
    let cases: [[[f64; 3]; 5]; 2] = [
        [
            [
                1.3547038314536618e-160,
                6.1420642508756175e-161,
                -1.3828420154213586e-160,
            ],
            [
                3.952590232014272e177,
                -2.1702475281030277e178,
                -2.118450610158923e178,
            ],
            [
                1.3949966117434564e-160,
                7.297139738650848e-163,
                1.1969867306264874e-160,
            ],
            [
                -9.86268437086791e-161,
                -1.1733890279463997e-160,
                -5.0322855211834436e-161,
            ],
            [
                2.9898190296287614e178,
                7.6619322510170595e177,
                -2.601619788128051e178,
            ],
        ],
        [
            [
                1.9983721244856863e-160,
                -7.4502812951077e-160,
                -4.9465798382007006e-160,
            ],
            [
                -3.612051332623199e151,
                8.903455908532522e150,
                -3.8605992318072174e151,
            ],
            [
                8.087314475508653e-160,
                -8.81428807946944e-160,
                -5.259593814951502e-160,
            ],
            [
                -1.0527623975977817e-159,
                5.0558510558368346e-161,
                -6.176476446568644e-160,
            ],
            [
                -1.602998814572916e151,
                -3.7653146868664127e151,
                -2.067198949850098e151,
            ],
        ],
    ];
    for p in cases {
        let (ray, tri) = (Ray::new(p[0], p[1]), Triangle::new(p[2], p[3], p[4]));
        let rq = Ray::new(q3(&p[0]), q3(&p[1]));
        let tq = Triangle::new(q3(&p[2]), q3(&p[3]), q3(&p[4]));
        let (h, c) = ray_triangle_closed(&ray, &tri).expect("a hit");
        let (w, cw) = ray_triangle_closed(&rq, &tq).expect("a hit");
        assert_eq!(c, cw);
        assert!(h.t_error > 0.0 && t_within(h.t, h.t_error, &w.t), "{h:?}");
        let h = ray_triangle(&ray, &tri).expect("a hit");
        let w = ray_triangle(&rq, &tq).expect("a hit");
        assert!(h.t_error > 0.0 && t_within(h.t, h.t_error, &w.t), "{h:?}");
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// Sphere, box and OBB overlaps (OBB axes taken from the sliver's points, so boxes
    /// are skewed, tiny in some directions and huge in others): the same answer as the
    /// same functions in rationals.
    #[test]
    fn volumes_on_slivers(seed in any::<u64>()) {
        use isect::overlap::{obb_obb, obb_segment, plane_obb, sphere_aabb, sphere_obb, sphere_sphere};
        use isect::{Aabb, Obb, Plane, Segment, Sphere};
        let mut rng = Rng::new(seed);
        for _ in 0..4 {
            let p = sliver::<3, 6>(&mut rng);
            let h = sliver::<3, 2>(&mut rng);
            let (r0, r1) = (p[4][0].abs(), p[5][1].abs());
            let (s0, s1) = (Sphere::new(p[0], r0), Sphere::new(p[1], r1));
            let (q0, q1) = (Sphere::new(q3(&p[0]), q(r0)), Sphere::new(q3(&p[1]), q(r1)));
            prop_assert_eq!(sphere_sphere(&s0, &s1), sphere_sphere(&q0, &q1), "sphere/sphere {:?}", p);
            let (lo, hi): ([f64; 3], [f64; 3]) = (
                core::array::from_fn(|k| p[2][k].min(p[3][k])),
                core::array::from_fn(|k| p[2][k].max(p[3][k])),
            );
            let (b, bq) = (Aabb::new(lo, hi), Aabb::new(q3(&lo), q3(&hi)));
            prop_assert_eq!(sphere_aabb(&s0, &b), sphere_aabb(&q0, &bq), "sphere/box {:?}", p);
            let ext = [h[0][0].abs(), h[0][1].abs(), h[1][2].abs()];
            let axes = [p[3], p[4], p[5]];
            let o = Obb::new(p[2], axes, ext);
            let oq = Obb::new(q3(&p[2]), axes.map(|a| q3(&a)), ext.map(q));
            prop_assert_eq!(sphere_obb(&s0, &o), sphere_obb(&q0, &oq), "sphere/obb {:?} {:?}", p, h);
            let o2 = Obb::new(p[1], [p[5], p[3], p[4]], [ext[2], ext[0], ext[1]]);
            let o2q = Obb::new(q3(&p[1]), [p[5], p[3], p[4]].map(|a| q3(&a)), [ext[2], ext[0], ext[1]].map(q));
            prop_assert_eq!(obb_obb(&o, &o2), obb_obb(&oq, &o2q), "obb/obb {:?} {:?}", p, h);
            let pl = Plane::new(p[0], p[1][0]);
            let plq = Plane::new(q3(&p[0]), q(p[1][0]));
            prop_assert_eq!(plane_obb(&pl, &o), plane_obb(&plq, &oq), "plane/obb {:?} {:?}", p, h);
            let sg = Segment::new(p[0], p[1]);
            let sgq = Segment::new(q3(&p[0]), q3(&p[1]));
            prop_assert_eq!(obb_segment(&o, &sg), obb_segment(&oq, &sgq), "obb/segment {:?} {:?}", p, h);
        }
    }
}
