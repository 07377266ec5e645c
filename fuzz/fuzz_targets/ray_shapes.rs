//! ray_sphere, ray_aabb, ray_obb, ray_polygon (and their try_ forms) in f64 / f32 /
//! BigRational against exact rational oracles: the quadratic's discriminant for spheres,
//! the slab intervals for boxes (in box coordinates for OBBs), the exact ray/triangle
//! construction for triangular polygons; plus axis-permutation and reordering invariants.
#![no_main]

use isect::ray::ray_obb_slab;
use isect::ray::{
    ray_aabb, ray_aabb_conservative, ray_aabb_slab, ray_aabb_slopes, try_ray_aabb, SlabRay,
    SlopeRay, Span,
};
use isect::ray::{ray_obb, try_ray_obb};
use isect::ray::{ray_polygon, try_ray_polygon, FillRule};
use isect::ray::{ray_sphere, ray_sphere_algebraic, ray_sphere_geometric, try_ray_sphere};
use isect::{Aabb, Obb, Polygon, Ray, Sphere};
use isect_fuzz::{
    aabb_error, all_finite, check_try, cross, dot, exact_ray_triangle, obb_error, polygon_error, q,
    q3, ray_error, sphere_error, sub, Exact, Src, Q,
};
use libfuzzer_sys::fuzz_target;
use num_traits::{Signed, Zero};

/// The exact slab intersection of the ray `o + t·d`, `t ≥ 0`, with `lo_i ≤ s_i(p) ≤ hi_i`
/// where `s_i(o + t·d) = so_i + t·sd_i`: `None` if empty, else the exact [enter, exit].
fn slabs(so: &[Q; 3], sd: &[Q; 3], lo: &[Q; 3], hi: &[Q; 3]) -> Option<(Q, Option<Q>)> {
    let mut enter = Q::zero();
    let mut exit: Option<Q> = None;
    for i in 0..3 {
        if lo[i] > hi[i] {
            return None;
        }
        if sd[i].is_zero() {
            if so[i] < lo[i] || so[i] > hi[i] {
                return None;
            }
            continue;
        }
        let a = (&lo[i] - &so[i]) / &sd[i];
        let b = (&hi[i] - &so[i]) / &sd[i];
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a > enter {
            enter = a;
        }
        exit = Some(match exit {
            Some(e) if e <= b => e,
            _ => b,
        });
    }
    match &exit {
        Some(e) if *e < enter => None,
        _ => Some((enter, exit)),
    }
}

fn t_close(got: f64, want: &Q, rel: f64) -> bool {
    if !got.is_finite() {
        return true; // overflow of the quotient is outside the documented bound
    }
    let w = want.abs();
    if !w.is_zero() && w < q(2f64.powi(-1000)) || w > q(2f64.powi(1000)) {
        return true; // underflow / overflow of t: outside the documented bound
    }
    (q(got) - want).abs() <= q(rel) * w
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let o = s.pt3();
    let d = s.dir3();
    let ray = Ray::new(o, d);
    let which = s.byte() % 4;
    let finite_ray = all_finite(o.iter().chain(&d));
    let (qo, qd) = if finite_ray {
        (q3(&o), q3(&d))
    } else {
        Default::default()
    };
    let qray = Ray::new(qo.clone(), qd.clone());
    let ax = isect_fuzz::PERMS[s.below(6)];
    let perm = |p: &[f64; 3]| [p[ax[0]], p[ax[1]], p[ax[2]]];
    let pray = Ray::new(perm(&o), perm(&d));
    match which {
        0 => {
            let c = s.pt3();
            let r = s.f64();
            let sph = Sphere::new(c, r);
            let got = ray_sphere(&ray, &sph);
            // The ray is argument 0, the shape argument 1.
            let err = ray_error(0, &ray).or_else(|| sphere_error(1, &sph));
            check_try("try_ray_sphere", try_ray_sphere(&ray, &sph), err, got);
            // Float baselines: never a panic.
            let _ = (
                ray_sphere_algebraic(&ray, &sph),
                ray_sphere_geometric(&ray, &sph),
            );
            if !(finite_ray && all_finite(c.iter().chain([&r]))) {
                assert!(got.is_none());
                assert!(try_ray_sphere(&ray, &sph).is_err());
                return;
            }
            let (qc, qr) = (q3(&c), q(r));
            let m = sub(&qo, &qc);
            let (a, b, cc) = (dot(&qd, &qd), dot(&m, &qd), dot(&m, &m) - &qr * &qr);
            let hit = if qr.is_negative() {
                false
            } else if a.is_zero() {
                !cc.is_positive()
            } else {
                let disc = &b * &b - &a * &cc;
                !disc.is_negative() && (!cc.is_positive() || !b.is_positive())
            };
            assert_eq!(got.is_some(), hit, "ray_sphere {ray:?} {sph:?}");
            if let Some(sp) = got {
                assert!(sp.t_enter >= 0.0 && sp.t_enter <= sp.t_exit, "{sp:?}");
                if cc.is_negative() {
                    assert_eq!(sp.t_enter, 0.0, "origin inside: t_enter = 0");
                }
            }
            let qs = Sphere::new(qc, qr);
            assert_eq!(ray_sphere(&qray, &qs).is_some(), hit, "ray_sphere Q");
            if let Ok(x) = try_ray_sphere(&ray, &sph) {
                assert_eq!(x, got, "try_ray_sphere");
            }
            assert_eq!(
                ray_sphere(&pray, &Sphere::new(perm(&c), r)).is_some(),
                hit,
                "axes {ax:?}"
            );
            if s.f32_mode {
                let r32 = Ray::new(o.map(|x| x as f32), d.map(|x| x as f32));
                let s32 = Sphere::new(c.map(|x| x as f32), r as f32);
                assert_eq!(ray_sphere(&r32, &s32).is_some(), hit, "ray_sphere f32");
            }
        }
        1 => {
            let (lo, hi) = (s.pt3(), s.pt3());
            let bx = Aabb::new(lo, hi);
            let got = ray_aabb(&ray, &bx);
            let err = ray_error(0, &ray).or_else(|| aabb_error(1, &bx));
            check_try("try_ray_aabb", try_ray_aabb(&ray, &bx), err, got);
            // Float baselines: never a panic.
            let slab = SlabRay::new(&ray);
            let _ = (ray_aabb_slab(&slab, &bx), ray_aabb_conservative(&slab, &bx));
            let _ = ray_aabb_slopes(&SlopeRay::new(&ray), &bx);
            if !(finite_ray && all_finite(lo.iter().chain(&hi))) {
                assert!(got.is_none());
                assert!(try_ray_aabb(&ray, &bx).is_err());
                return;
            }
            let want = slabs(&qo, &qd, &q3(&lo), &q3(&hi));
            assert_eq!(got.is_some(), want.is_some(), "ray_aabb {ray:?} {bx:?}");
            let qb = Aabb::new(q3(&lo), q3(&hi));
            let qgot = ray_aabb(&qray, &qb);
            assert_eq!(qgot.is_some(), want.is_some(), "ray_aabb Q");
            if let (Some(g), Some(qg), Some((en, ex))) = (got, &qgot, &want) {
                assert_eq!(&qg.t_enter, en, "exact rational t_enter");
                if let Some(ex) = ex {
                    assert_eq!(&qg.t_exit, ex, "exact rational t_exit");
                    assert!(
                        t_close(g.t_exit, ex, 2f64.powi(-51)),
                        "t_exit {g:?} vs {ex}"
                    );
                }
                assert!(
                    t_close(g.t_enter, en, 2f64.powi(-51)),
                    "t_enter {g:?} vs {en}"
                );
                assert!(g.t_enter <= g.t_exit);
            }
            let pb = Aabb::new(perm(&lo), perm(&hi));
            assert_eq!(
                ray_aabb(&pray, &pb),
                got,
                "ray_aabb under axis permutation {ax:?}"
            );
            let neg = |p: &[f64; 3]| p.map(|x| -x);
            let nb = Aabb::new(neg(&hi), neg(&lo));
            let ng = ray_aabb(&Ray::new(neg(&o), neg(&d)), &nb);
            assert_eq!(ng, got, "ray_aabb under negation");
            if let Ok(x) = try_ray_aabb(&ray, &bx) {
                assert_eq!(x, got, "try_ray_aabb");
            }
            if s.f32_mode {
                let r32 = Ray::new(o.map(|x| x as f32), d.map(|x| x as f32));
                let b32 = Aabb::new(lo.map(|x| x as f32), hi.map(|x| x as f32));
                assert_eq!(
                    ray_aabb(&r32, &b32).is_some(),
                    got.is_some(),
                    "ray_aabb f32"
                );
            }
        }
        2 => {
            let c = s.pt3();
            let axes = [s.dir3(), s.dir3(), s.dir3()];
            let h = [s.f64(), s.f64(), s.f64()];
            let b = Obb::new(c, axes, h);
            let got = ray_obb(&ray, &b);
            // A negative half extent is refused (InvertedBox); dependent axes are answered.
            let err = ray_error(0, &ray).or_else(|| obb_error(1, &b));
            check_try("try_ray_obb", try_ray_obb(&ray, &b), err, got);
            let _ = ray_obb_slab(&ray, &b); // float baseline: never a panic
            if !(finite_ray && all_finite(c.iter().chain(axes.iter().flatten()).chain(&h))) {
                assert!(got.is_none());
                assert!(try_ray_obb(&ray, &b).is_err());
                return;
            }
            let qa = axes.map(|a| q3(&a));
            let n = [
                cross(&qa[1], &qa[2]),
                cross(&qa[2], &qa[0]),
                cross(&qa[0], &qa[1]),
            ];
            let det = dot(&qa[0], &n[0]);
            let qh = h.map(q);
            let want = if det.is_zero() || qh.iter().any(|x| x.is_negative()) {
                None
            } else {
                // Box coordinates s_i(p) = n_i·(p − c)/det.
                let m = sub(&qo, &q3(&c));
                let so: [Q; 3] = core::array::from_fn(|i| dot(&n[i], &m) / &det);
                let sd: [Q; 3] = core::array::from_fn(|i| dot(&n[i], &qd) / &det);
                let lo: [Q; 3] = core::array::from_fn(|i| -qh[i].clone());
                slabs(&so, &sd, &lo, &qh)
            };
            assert_eq!(got.is_some(), want.is_some(), "ray_obb {ray:?} {b:?}");
            let qb = Obb::new(q3(&c), qa.clone(), qh.clone());
            let qgot = ray_obb(&qray, &qb);
            assert_eq!(qgot.is_some(), want.is_some(), "ray_obb Q");
            if let (Some(qg), Some((en, ex))) = (&qgot, &want) {
                assert_eq!(&qg.t_enter, en, "exact rational t_enter");
                if let Some(ex) = ex {
                    assert_eq!(&qg.t_exit, ex, "exact rational t_exit");
                }
            }
            // Axis order of the box and a sign flip of an axis describe the same box.
            let k = s.below(3);
            let mut axes2 = [axes[ax[0]], axes[ax[1]], axes[ax[2]]];
            axes2[k] = axes2[k].map(|x| -x);
            let b2 = Obb::new(c, axes2, [h[ax[0]], h[ax[1]], h[ax[2]]]);
            assert_eq!(
                ray_obb(&ray, &b2).is_some(),
                got.is_some(),
                "ray_obb, axes reordered"
            );
            if s.f32_mode {
                let r32 = Ray::new(o.map(|x| x as f32), d.map(|x| x as f32));
                let b32 = Obb::new(
                    c.map(|x| x as f32),
                    axes.map(|a| a.map(|x| x as f32)),
                    h.map(|x| x as f32),
                );
                assert_eq!(ray_obb(&r32, &b32).is_some(), got.is_some(), "ray_obb f32");
            }
        }
        _ => {
            let nv = 3 + s.below(4);
            let verts: Vec<[f64; 3]> = (0..nv).map(|_| s.pt3()).collect();
            let poly = Polygon::new(verts.clone());
            let eo = ray_polygon(&ray, &poly, FillRule::EvenOdd);
            let nz = ray_polygon(&ray, &poly, FillRule::NonZero);
            let err = ray_error(0, &ray).or_else(|| polygon_error(1, &verts));
            let rule = if s.bool() {
                (FillRule::EvenOdd, &eo)
            } else {
                (FillRule::NonZero, &nz)
            };
            check_try(
                "try_ray_polygon",
                try_ray_polygon(&ray, &poly, rule.0),
                err,
                rule.1.clone(),
            );
            if !(finite_ray && all_finite(verts.iter().flatten())) {
                assert!(eo.is_none() && nz.is_none());
                assert!(try_ray_polygon(&ray, &poly, FillRule::EvenOdd).is_err());
                return;
            }
            // An odd winding number is non-zero.
            if eo.is_some() {
                assert!(nz.is_some(), "even-odd hit but non-zero miss");
            }
            let qv: Vec<[Q; 3]> = verts.iter().map(q3).collect();
            let qp = Polygon::new(qv.clone());
            let qeo = ray_polygon(&qray, &qp, FillRule::EvenOdd);
            let qnz = ray_polygon(&qray, &qp, FillRule::NonZero);
            assert_eq!(eo.is_some(), qeo.is_some(), "ray_polygon even-odd f64 vs Q");
            assert_eq!(nz.is_some(), qnz.is_some(), "ray_polygon non-zero f64 vs Q");
            if let (Some(h), Some(qh)) = (&nz, &qnz) {
                assert_eq!(h.winding, qh.winding);
            }
            // A triangle: the closed triangle, crossing (not parallel).
            if nv == 3 {
                match exact_ray_triangle(&qo, &qd, &qv[0], &qv[1], &qv[2]) {
                    Exact::Degenerate | Exact::Parallel { .. } => assert!(nz.is_none()),
                    Exact::Cross(hit) => {
                        assert_eq!(nz.is_some(), hit.is_some(), "triangle polygon {verts:?}");
                        assert_eq!(eo.is_some(), hit.is_some());
                        if let (Some(qh), Some((t, ..))) = (&qnz, &hit) {
                            assert_eq!(&qh.t, t, "exact rational t");
                        }
                    }
                }
            }
            // Cyclic rotation and reversal of an exactly planar polygon keep the hit.
            let planar = {
                let mut n = None;
                for i in 1..nv {
                    for j in i + 1..nv {
                        let c = cross(&sub(&qv[i], &qv[0]), &sub(&qv[j], &qv[0]));
                        if !c.iter().all(Zero::is_zero) && n.is_none() {
                            n = Some(c);
                        }
                    }
                }
                n.map(|n| qv.iter().all(|p| dot(&n, &sub(p, &qv[0])).is_zero()))
                    .unwrap_or(false)
            };
            if planar {
                let k = s.below(nv);
                let mut rot = verts.clone();
                rot.rotate_left(k);
                if s.bool() {
                    rot.reverse();
                }
                let r = ray_polygon(&ray, &Polygon::new(rot.clone()), FillRule::NonZero);
                assert_eq!(
                    r.is_some(),
                    nz.is_some(),
                    "rotated/reversed planar polygon {rot:?}"
                );
                let r = ray_polygon(&ray, &Polygon::new(rot), FillRule::EvenOdd);
                assert_eq!(
                    r.is_some(),
                    eo.is_some(),
                    "rotated/reversed planar polygon, even-odd"
                );
            }
            let _ = Span {
                t_enter: 0.0,
                t_exit: 0.0,
            };
        }
    }
});
