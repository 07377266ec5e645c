//! The sweeps (sphere/sphere, sphere/plane, AABB/AABB, OBB/OBB, sphere/triangle,
//! sphere/polygon, ray/capsule) in f64 / f32 / BigRational: exact rational oracles for
//! whether and when sphere/sphere, sphere/plane and AABB/AABB touch over u ∈ [0, 1]
//! (exact first/last times where they are rational, checked against the reported error
//! bounds); OBB/OBB against the static obb_obb at u = 0 and the f64 times against the
//! rational ones; f64/f32/rational agreement on
//! every hit or miss; swapping the objects; non-finite input gives None.
#![no_main]

use isect::overlap::obb_obb;
use isect::sweep::{
    ray_capsule, sweep_aabb_aabb, sweep_obb_obb, sweep_sphere_plane, sweep_sphere_polygon,
    sweep_sphere_sphere, sweep_sphere_triangle, Capsule, SweepHit,
};
use isect::{Aabb, Obb, Plane, Polygon, Ray, Sphere, Triangle};
use isect_fuzz::{all_finite, dot, q, q3, sub, Src, Q};
use libfuzzer_sys::fuzz_target;
use num_traits::{One, Signed, Zero};

fn within(got: f64, err: f64, want: &Q) -> bool {
    if err == f64::INFINITY {
        return true;
    }
    match (Q::from_float(got), Q::from_float(err)) {
        (Some(g), Some(e)) => (g - want).abs() <= e,
        _ => false,
    }
}

fn f3(p: &[f64; 3]) -> [f32; 3] {
    p.map(|x| x as f32)
}

fn check_times(h: &SweepHit<f64>) {
    assert!(
        h.first >= 0.0 && h.last <= 1.0 && h.first <= h.last,
        "times out of order: {h:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let which = s.byte() % 6;
    let one = Q::one();
    match which {
        0 => {
            let (a, va) = (Sphere::new(s.pt3(), s.nonneg()), s.dir3());
            let (b, vb) = (Sphere::new(s.pt3(), s.nonneg()), s.dir3());
            let got = sweep_sphere_sphere(&a, &va, &b, &vb);
            let fin = all_finite(
                a.center
                    .iter()
                    .chain(&b.center)
                    .chain(&va)
                    .chain(&vb)
                    .chain([&a.radius, &b.radius]),
            );
            if !fin {
                assert!(got.is_none());
                return;
            }
            let sw = sweep_sphere_sphere(&b, &vb, &a, &va);
            assert_eq!(sw.is_some(), got.is_some(), "swap");
            let dc = sub(&q3(&b.center), &q3(&a.center));
            let dv = sub(&q3(&vb), &q3(&va));
            let rr = q(a.radius) + q(b.radius);
            let (aa, bb, cc) = (dot(&dv, &dv), dot(&dc, &dv), dot(&dc, &dc) - &rr * &rr);
            let f1 = &aa + &bb + &bb + &cc;
            let hit = !cc.is_positive()
                || !f1.is_positive()
                || (aa.is_positive()
                    && bb.is_negative()
                    && -&bb < aa
                    && !(&bb * &bb - &aa * &cc).is_negative());
            assert_eq!(
                got.is_some(),
                hit,
                "sweep_sphere_sphere {a:?} {va:?} {b:?} {vb:?}"
            );
            let qa = Sphere::new(q3(&a.center), q(a.radius));
            let qb = Sphere::new(q3(&b.center), q(b.radius));
            let qg = sweep_sphere_sphere(&qa, &q3(&va), &qb, &q3(&vb));
            assert_eq!(qg.is_some(), hit, "rational");
            if let Some(h) = &got {
                check_times(h);
                if !cc.is_positive() {
                    assert_eq!(h.first, 0.0, "overlapping at u = 0: first = 0");
                }
                if !f1.is_positive() {
                    assert_eq!(h.last, 1.0, "overlapping at u = 1: last = 1");
                }
            }
            if s.f32_mode {
                let g = |x: &Sphere<f64>| Sphere::new(f3(&x.center), x.radius as f32);
                assert_eq!(
                    sweep_sphere_sphere(&g(&a), &f3(&va), &g(&b), &f3(&vb)).is_some(),
                    hit,
                    "f32"
                );
            }
        }
        1 => {
            let (sp, vs) = (Sphere::new(s.pt3(), s.nonneg()), s.dir3());
            let (pl, vp) = (Plane::new(s.dir3(), s.f64()), s.dir3());
            let got = sweep_sphere_plane(&sp, &vs, &pl, &vp);
            let fin = all_finite(
                sp.center
                    .iter()
                    .chain(&vs)
                    .chain(&pl.normal)
                    .chain(&vp)
                    .chain([&sp.radius, &pl.offset]),
            );
            if !fin {
                assert!(got.is_none());
                return;
            }
            let n = q3(&pl.normal);
            let qsp = Sphere::new(q3(&sp.center), q(sp.radius));
            let qg = sweep_sphere_plane(
                &qsp,
                &q3(&vs),
                &Plane::new(n.clone(), q(pl.offset)),
                &q3(&vp),
            );
            assert_eq!(qg.is_some(), got.is_some(), "f64 vs Q");
            let nn = dot(&n, &n);
            if nn.is_zero() {
                return;
            }
            // Signed distance times |n| at time u: S(u) = n·c + d + u·n·(vs − vp).
            let s0 = dot(&n, &q3(&sp.center)) + q(pl.offset);
            let s1 = &s0 + dot(&n, &sub(&q3(&vs), &q3(&vp)));
            let r2n = q(sp.radius) * q(sp.radius) * &nn;
            let crosses = !(&s0 * &s1).is_positive();
            let hit = crosses || &s0 * &s0 <= r2n || &s1 * &s1 <= r2n;
            assert_eq!(
                got.is_some(),
                hit,
                "sweep_sphere_plane {sp:?} {vs:?} {pl:?} {vp:?}"
            );
            if let Some(h) = &got {
                check_times(h);
                if &s0 * &s0 <= r2n {
                    assert_eq!(h.first, 0.0);
                }
            }
        }
        2 => {
            let (a, va) = (Aabb::new(s.pt3(), s.pt3()), s.dir3());
            let (b, vb) = (Aabb::new(s.pt3(), s.pt3()), s.dir3());
            let got = sweep_aabb_aabb(&a, &va, &b, &vb);
            let fin = all_finite(
                a.min
                    .iter()
                    .chain(&a.max)
                    .chain(&b.min)
                    .chain(&b.max)
                    .chain(&va)
                    .chain(&vb),
            );
            if !fin {
                assert!(got.is_none());
                return;
            }
            assert_eq!(
                sweep_aabb_aabb(&b, &vb, &a, &va).is_some(),
                got.is_some(),
                "swap"
            );
            // Per axis, u with a.min + u·va ≤ b.max + u·vb and b.min + u·vb ≤ a.max + u·va.
            let mut lo = Q::zero();
            let mut hi = one.clone();
            let mut empty = (0..3).any(|k| a.min[k] > a.max[k] || b.min[k] > b.max[k]);
            for k in 0..3 {
                let rel = q(vb[k]) - q(va[k]);
                // g1(u) = b.max − a.min + u·rel ≥ 0, g2(u) = a.max − b.min − u·rel ≥ 0.
                for (c0, c1) in [
                    (q(b.max[k]) - q(a.min[k]), rel.clone()),
                    (q(a.max[k]) - q(b.min[k]), -rel.clone()),
                ] {
                    if c1.is_zero() {
                        if c0.is_negative() {
                            empty = true;
                        }
                    } else {
                        let root = -&c0 / &c1;
                        if c1.is_positive() {
                            if root > lo {
                                lo = root;
                            }
                        } else if root < hi {
                            hi = root;
                        }
                    }
                }
            }
            let hit = !empty && lo <= hi;
            assert_eq!(
                got.is_some(),
                hit,
                "sweep_aabb_aabb {a:?} {va:?} {b:?} {vb:?}"
            );
            let qa = Aabb::new(q3(&a.min), q3(&a.max));
            let qb = Aabb::new(q3(&b.min), q3(&b.max));
            let qg = sweep_aabb_aabb(&qa, &q3(&va), &qb, &q3(&vb));
            assert_eq!(qg.is_some(), hit, "rational");
            if let (Some(h), Some(qh)) = (&got, &qg) {
                check_times(h);
                assert_eq!((&qh.first, &qh.last), (&lo, &hi), "exact rational times");
                assert!(within(h.first, h.first_error, &lo), "first {h:?} vs {lo}");
                assert!(within(h.last, h.last_error, &hi), "last {h:?} vs {hi}");
            }
        }
        3 => {
            let mk = |s: &mut Src| {
                let axes = if s.bool() {
                    [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
                } else {
                    [s.dir3(), s.dir3(), s.dir3()]
                };
                Obb::new(s.pt3(), axes, [s.nonneg(), s.nonneg(), s.nonneg()])
            };
            let (a, va, b, vb) = (mk(&mut s), s.dir3(), mk(&mut s), s.dir3());
            let got = sweep_obb_obb(&a, &va, &b, &vb);
            let fin = |o: &Obb<f64>| {
                all_finite(
                    o.center
                        .iter()
                        .chain(o.axes.iter().flatten())
                        .chain(&o.half_extents),
                )
            };
            if !(fin(&a) && fin(&b) && all_finite(va.iter().chain(&vb))) {
                assert!(got.is_none());
                return;
            }
            assert_eq!(
                sweep_obb_obb(&b, &vb, &a, &va).is_some(),
                got.is_some(),
                "swap"
            );
            let qo = |o: &Obb<f64>| {
                Obb::new(q3(&o.center), o.axes.map(|x| q3(&x)), o.half_extents.map(q))
            };
            let qg = sweep_obb_obb(&qo(&a), &q3(&va), &qo(&b), &q3(&vb));
            assert_eq!(qg.is_some(), got.is_some(), "f64 vs Q");
            if let Some(h) = &got {
                check_times(h);
            }
            // Rational times are exact (box times are ratios): the f64 bounds must hold them.
            if let (Some(h), Some(e)) = (&got, &qg) {
                assert!(
                    within(h.first, h.first_error, &e.first)
                        && within(h.last, h.last_error, &e.last),
                    "f64 times {h:?} vs exact {e:?}"
                );
            }
            // At u = 0 the static test decides whether first = 0.
            let at0 = obb_obb(&a, &b);
            if at0 {
                assert_eq!(
                    got.as_ref().map(|h| h.first),
                    Some(0.0),
                    "overlapping at u = 0"
                );
            } else if let Some(h) = &got {
                assert!(
                    h.first > 0.0 || h.first_error > 0.0,
                    "first = 0 but obb_obb false"
                );
            }
        }
        4 => {
            let (sp, vs) = (Sphere::new(s.pt3(), s.nonneg()), s.dir3());
            let verts: Vec<[f64; 3]> = (0..3 + s.below(3)).map(|_| s.pt3()).collect();
            let vt = s.dir3();
            let motion = sp.center.iter().chain(&vs).chain(&vt).chain([&sp.radius]);
            // The triangle is the polygon's first three vertices: a NaN or infinity in a
            // later vertex leaves the triangle sweep well defined.
            let fin_tri = all_finite(motion.clone().chain(verts[..3].iter().flatten()));
            let fin = fin_tri && all_finite(verts[3..].iter().flatten());
            let tri = Triangle::new(verts[0], verts[1], verts[2]);
            let gt = sweep_sphere_triangle(&sp, &vs, &tri, &vt);
            let poly = Polygon::new(verts.clone());
            let gp = sweep_sphere_polygon(&sp, &vs, &poly, &vt);
            if !fin {
                assert!(gp.is_none(), "non-finite polygon");
                assert!(fin_tri || gt.is_none(), "non-finite triangle");
                return;
            }
            let qsp = Sphere::new(q3(&sp.center), q(sp.radius));
            let qt = Triangle::new(q3(&verts[0]), q3(&verts[1]), q3(&verts[2]));
            let qgt = sweep_sphere_triangle(&qsp, &q3(&vs), &qt, &q3(&vt));
            assert_eq!(
                qgt.is_some(),
                gt.is_some(),
                "sweep_sphere_triangle f64 vs Q"
            );
            let qp = Polygon::new(verts.iter().map(q3).collect());
            let qgp = sweep_sphere_polygon(&qsp, &q3(&vs), &qp, &q3(&vt));
            assert_eq!(qgp.is_some(), gp.is_some(), "sweep_sphere_polygon f64 vs Q");
            if let Some(h) = &gt {
                check_times(h);
            }
            // Reordering the triangle's vertices describes the same triangle.
            let t2 = Triangle::new(verts[1], verts[2], verts[0]);
            assert_eq!(
                sweep_sphere_triangle(&sp, &vs, &t2, &vt).is_some(),
                gt.is_some(),
                "rotation"
            );
            let t3 = Triangle::new(verts[0], verts[2], verts[1]);
            assert_eq!(
                sweep_sphere_triangle(&sp, &vs, &t3, &vt).is_some(),
                gt.is_some(),
                "reversal"
            );
        }
        _ => {
            let ray = Ray::new(s.pt3(), s.dir3());
            let cap = Capsule {
                a: s.pt3(),
                b: s.pt3(),
                radius: s.f64(),
            };
            let got = ray_capsule(&ray, &cap);
            let fin = all_finite(
                ray.origin
                    .iter()
                    .chain(&ray.direction)
                    .chain(&cap.a)
                    .chain(&cap.b)
                    .chain([&cap.radius]),
            );
            if !fin {
                assert!(got.is_none());
                return;
            }
            let qr = Ray::new(q3(&ray.origin), q3(&ray.direction));
            let qc = Capsule {
                a: q3(&cap.a),
                b: q3(&cap.b),
                radius: q(cap.radius),
            };
            assert_eq!(
                ray_capsule(&qr, &qc).is_some(),
                got.is_some(),
                "ray_capsule f64 vs Q"
            );
            let rev = Capsule {
                a: cap.b,
                b: cap.a,
                radius: cap.radius,
            };
            assert_eq!(
                ray_capsule(&ray, &rev).is_some(),
                got.is_some(),
                "capsule ends swapped"
            );
        }
    }
});
