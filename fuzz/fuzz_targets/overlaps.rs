//! tri_aabb, plane_aabb, plane_obb, sphere_sphere, sphere_aabb, sphere_obb, aabb_aabb
//! (and their try_ forms) in f64 / f32 / BigRational against exact rational oracles:
//! the separating-axis test over the 13 candidate axes for triangle/box, the range of
//! `n·x + d` over the box for planes, `(ra + rb)² − |ca − cb|²` and Arvo's distance for
//! spheres (sphere/OBB on arbitrary skewed axes: the exact distance to the parallelepiped
//! by active sets), interval overlap for boxes; plus swap, axis-permutation, relabelling
//! and negation invariants.
#![no_main]

use isect::overlap::aabb_aabb_center_extent_with;
use isect::overlap::tri_aabb_moller_with;
use isect::overlap::{aabb_aabb, try_aabb_aabb};
use isect::overlap::{plane_aabb, plane_obb, try_plane_aabb, try_plane_obb, PlaneBox};
use isect::overlap::{plane_aabb_center_extent_with, plane_obb_center_extent_with};
use isect::overlap::{
    sphere_aabb, sphere_obb, sphere_sphere, try_sphere_aabb, try_sphere_obb, try_sphere_sphere,
};
use isect::overlap::{
    sphere_aabb_arvo_with, sphere_aabb_branchless_with, sphere_aabb_quick_reject_with,
    sphere_obb_arvo_with, sphere_sphere_distance_with,
};
use isect::overlap::{tri_aabb, try_tri_aabb};
use isect::policy::{Exact, Naive};
use isect::{Aabb, Obb, Plane, Sphere};
use isect_fuzz::{
    aabb_error, all_finite, check_try, cross, dot, obb_error, plane_error, q, q3, sphere_error,
    sub, vertices_error, Src, PERMS, Q,
};
use libfuzzer_sys::fuzz_target;
use num_traits::{Signed, Zero};

fn qmin_max(xs: &[Q]) -> (Q, Q) {
    let mut lo = xs[0].clone();
    let mut hi = xs[0].clone();
    for x in &xs[1..] {
        if *x < lo {
            lo = x.clone();
        }
        if *x > hi {
            hi = x.clone();
        }
    }
    (lo, hi)
}

/// Exact triangle/box overlap by the separating-axis theorem (13 axes, zero ones skipped).
fn sat_tri_aabb(t: &[[Q; 3]; 3], lo: &[Q; 3], hi: &[Q; 3]) -> bool {
    if (0..3).any(|k| lo[k] > hi[k]) {
        return false;
    }
    let e = |k: usize| -> [Q; 3] {
        core::array::from_fn(|i| {
            if i == k {
                Q::from_integer(1.into())
            } else {
                Q::zero()
            }
        })
    };
    let edges = [sub(&t[1], &t[0]), sub(&t[2], &t[1]), sub(&t[0], &t[2])];
    let mut axes = vec![e(0), e(1), e(2), cross(&edges[0], &edges[1])];
    for ed in &edges {
        for k in 0..3 {
            axes.push(cross(ed, &e(k)));
        }
    }
    for a in axes {
        if a.iter().all(Zero::is_zero) {
            continue;
        }
        let proj: Vec<Q> = t.iter().map(|p| dot(&a, p)).collect();
        let (tl, th) = qmin_max(&proj);
        // Box projection: corners chosen by the axis signs.
        let (mut bl, mut bh) = (Q::zero(), Q::zero());
        for k in 0..3 {
            let (x, y) = (&a[k] * &lo[k], &a[k] * &hi[k]);
            if x <= y {
                bl += x;
                bh += y;
            } else {
                bl += y;
                bh += x;
            }
        }
        if th < bl || bh < tl {
            return false;
        }
    }
    true
}

fn plane_class(lo: Q, hi: Q) -> PlaneBox {
    if lo.is_positive() {
        PlaneBox::Outside
    } else if hi.is_negative() {
        PlaneBox::Inside
    } else {
        PlaneBox::Intersecting
    }
}

fn det3(a: &[[Q; 3]; 3]) -> Q {
    dot(&a[0], &cross(&a[1], &a[2]))
}

/// `min |Σ sᵢaᵢ − p|²` over `|sᵢ| ≤ hᵢ` (independent `aᵢ`), exactly: the minimiser lies in
/// the relative interior of some face (each `sᵢ` at `−hᵢ`, `+hᵢ` or free), where it is the
/// unconstrained minimiser over that face's affine hull; every feasible candidate is a
/// point of the box, so the least candidate is the minimum.
fn box_dist2(a: &[[Q; 3]; 3], p: &[Q; 3], h: &[Q; 3]) -> Q {
    let g: Vec<Vec<Q>> = (0..3)
        .map(|i| (0..3).map(|j| dot(&a[i], &a[j])).collect())
        .collect();
    let bv: Vec<Q> = (0..3).map(|i| dot(&a[i], p)).collect();
    let mut best: Option<Q> = None;
    for code in 0..27 {
        let state = [code % 3, code / 3 % 3, code / 9].map(|x: i32| x - 1);
        let mut sv: Vec<Q> = (0..3)
            .map(|i| match state[i] {
                -1 => -h[i].clone(),
                1 => h[i].clone(),
                _ => Q::zero(),
            })
            .collect();
        let free: Vec<usize> = (0..3).filter(|&i| state[i] == 0).collect();
        let mut ok = true;
        if !free.is_empty() {
            // Gram system on the free coordinates, by Gaussian elimination in Q.
            let n = free.len();
            let mut m: Vec<Vec<Q>> = free
                .iter()
                .map(|&i| {
                    let mut row: Vec<Q> = free.iter().map(|&j| g[i][j].clone()).collect();
                    let mut rhs = bv[i].clone();
                    for j in 0..3 {
                        if state[j] != 0 {
                            rhs -= &g[i][j] * &sv[j];
                        }
                    }
                    row.push(rhs);
                    row
                })
                .collect();
            for col in 0..n {
                let piv = (col..n)
                    .find(|&r| !m[r][col].is_zero())
                    .expect("Gram matrix singular");
                m.swap(col, piv);
                for r in 0..n {
                    if r != col && !m[r][col].is_zero() {
                        let f = &m[r][col] / &m[col][col];
                        let pivot_row = m[col].clone();
                        for (x, y) in m[r][col..].iter_mut().zip(&pivot_row[col..]) {
                            *x -= y * &f;
                        }
                    }
                }
            }
            for (row, &i) in free.iter().enumerate() {
                let x = &m[row][n] / &m[row][row];
                if x.abs() > h[i] {
                    ok = false;
                }
                sv[i] = x;
            }
        }
        if ok {
            let v: [Q; 3] = core::array::from_fn(|k| {
                &a[0][k] * &sv[0] + &a[1][k] * &sv[1] + &a[2][k] * &sv[2] - &p[k]
            });
            let d2 = dot(&v, &v);
            if best.as_ref().is_none_or(|b| d2 < *b) {
                best = Some(d2);
            }
        }
    }
    best.expect("the centre state (all free) or a vertex is always feasible")
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let which = s.byte() % 6;
    let ax = PERMS[s.below(6)];
    let pm = |p: &[f64; 3]| [p[ax[0]], p[ax[1]], p[ax[2]]];
    let f32m = s.f32_mode;
    let f = |p: &[f64; 3]| p.map(|x| x as f32);
    match which {
        0 => {
            let t: [[f64; 3]; 3] = core::array::from_fn(|_| s.pt3());
            let (lo, hi) = (s.pt3(), s.pt3());
            let b = Aabb::new(lo, hi);
            let got = tri_aabb(t, &b);
            // The triangle is argument 0, the box argument 1.
            let err = vertices_error(0, &t).or_else(|| aabb_error(1, &b));
            if !all_finite(t.iter().flatten().chain(&lo).chain(&hi)) {
                assert!(!got);
                assert!(try_tri_aabb(t, &b).is_err());
                check_try("try_tri_aabb", try_tri_aabb(t, &b), err, got);
                return;
            }
            let qt = t.map(|p| q3(&p));
            let want = sat_tri_aabb(&qt, &q3(&lo), &q3(&hi));
            // The classic float form: no panic in f64; in rationals under the exact
            // policy it is the exact answer for a proper triangle and a solid box.
            let _ = tri_aabb_moller_with(Naive, t, &b);
            let _ = tri_aabb_moller_with(Exact, t, &b);
            assert_eq!(got, want, "tri_aabb {t:?} {b:?}");
            assert_eq!(
                tri_aabb(&qt, &Aabb::new(q3(&lo), q3(&hi))),
                want,
                "tri_aabb Q"
            );
            let r = PERMS[s.below(6)];
            assert_eq!(
                tri_aabb([t[r[0]], t[r[1]], t[r[2]]], &b),
                want,
                "vertex order"
            );
            let pt = t.map(|p| pm(&p));
            assert_eq!(
                tri_aabb(pt, &Aabb::new(pm(&lo), pm(&hi))),
                want,
                "axes {ax:?}"
            );
            let n = |p: &[f64; 3]| p.map(|x| -x);
            assert_eq!(
                tri_aabb(t.map(|p| n(&p)), &Aabb::new(n(&hi), n(&lo))),
                want,
                "negated"
            );
            if f32m {
                assert_eq!(
                    tri_aabb(t.map(|p| f(&p)), &Aabb::new(f(&lo), f(&hi))),
                    want,
                    "f32"
                );
            }
            if let Ok(x) = try_tri_aabb(t, &b) {
                assert_eq!(x, want);
            }
            check_try("try_tri_aabb", try_tri_aabb(t, &b), err, want);
        }
        1 => {
            let (nrm, d) = (s.dir3(), s.f64());
            let plane = Plane::new(nrm, d);
            let (lo, hi) = (s.pt3(), s.pt3());
            let b = Aabb::new(lo, hi);
            let got = plane_aabb(&plane, &b);
            // An OBB built from the same decoded data.
            let c = s.pt3();
            let axes = [s.dir3(), s.dir3(), s.dir3()];
            let h = [s.f64(), s.f64(), s.f64()];
            let ob = Obb::new(c, axes, h);
            let gob = plane_obb(&plane, &ob);
            let _ = plane_obb_center_extent_with(Naive, &plane, &ob);
            let fin_p = all_finite(nrm.iter().chain([&d]));
            // The plane (argument 0, a zero normal included) before the box (argument 1).
            let err_aabb = plane_error(0, &plane).or_else(|| aabb_error(1, &b));
            check_try("try_plane_aabb", try_plane_aabb(&plane, &b), err_aabb, got);
            let err_obb = plane_error(0, &plane).or_else(|| obb_error(1, &ob));
            check_try("try_plane_obb", try_plane_obb(&plane, &ob), err_obb, gob);
            if !(fin_p && all_finite(lo.iter().chain(&hi))) {
                assert_eq!(got, PlaneBox::Outside);
                assert!(try_plane_aabb(&plane, &b).is_err());
            } else {
                let (qn, qd) = (q3(&nrm), q(d));
                let want = if (0..3).any(|k| lo[k] > hi[k]) {
                    PlaneBox::Outside
                } else {
                    let (ql, qh) = (q3(&lo), q3(&hi));
                    let vals: Vec<Q> = (0..8)
                        .map(|m| {
                            let p: [Q; 3] = core::array::from_fn(|k| {
                                if m >> k & 1 == 1 {
                                    qh[k].clone()
                                } else {
                                    ql[k].clone()
                                }
                            });
                            dot(&qn, &p) + &qd
                        })
                        .collect();
                    let (a, b2) = qmin_max(&vals);
                    plane_class(a, b2)
                };
                assert_eq!(got, want, "plane_aabb {plane:?} {b:?}");
                let _ = plane_aabb_center_extent_with(Naive, &plane, &b);
                if (0..3).all(|k| lo[k] <= hi[k]) {
                    let qb = Aabb::new(q3(&lo), q3(&hi));
                    assert_eq!(
                        plane_aabb_center_extent_with(
                            Exact,
                            &Plane::new(qn.clone(), qd.clone()),
                            &qb
                        ),
                        want,
                        "plane_aabb_center_extent_with(Exact) in Q"
                    );
                }
                let qp = Plane::new(qn.clone(), qd.clone());
                assert_eq!(
                    plane_aabb(&qp, &Aabb::new(q3(&lo), q3(&hi))),
                    want,
                    "plane_aabb Q"
                );
                let pp = Plane::new(pm(&nrm), d);
                assert_eq!(plane_aabb(&pp, &Aabb::new(pm(&lo), pm(&hi))), want, "axes");
                if f32m {
                    let p32 = Plane::new(f(&nrm), d as f32);
                    assert_eq!(plane_aabb(&p32, &Aabb::new(f(&lo), f(&hi))), want, "f32");
                }
                if let Ok(x) = try_plane_aabb(&plane, &b) {
                    assert_eq!(x, want);
                }
            }
            if !(fin_p && all_finite(c.iter().chain(axes.iter().flatten()).chain(&h))) {
                assert_eq!(gob, PlaneBox::Outside);
                assert!(try_plane_obb(&plane, &ob).is_err());
            } else {
                let (qn, qd) = (q3(&nrm), q(d));
                let want = if h.iter().any(|&x| x < 0.0) {
                    PlaneBox::Outside
                } else {
                    let mid = dot(&qn, &q3(&c)) + &qd;
                    let mut r = Q::zero();
                    for i in 0..3 {
                        r += q(h[i]) * dot(&qn, &q3(&axes[i])).abs();
                    }
                    plane_class(&mid - &r, &mid + &r)
                };
                assert_eq!(gob, want, "plane_obb {plane:?} {ob:?}");
                let qo = Obb::new(q3(&c), axes.map(|a| q3(&a)), h.map(q));
                assert_eq!(
                    plane_obb(&Plane::new(q3(&nrm), q(d)), &qo),
                    want,
                    "plane_obb Q"
                );
            }
        }
        2 => {
            let a = Sphere::new(s.pt3(), s.f64());
            let b = Sphere::new(s.pt3(), s.f64());
            let got = sphere_sphere(&a, &b);
            assert_eq!(sphere_sphere(&b, &a), got, "swap");
            let err = sphere_error(0, &a).or_else(|| sphere_error(1, &b));
            check_try("try_sphere_sphere", try_sphere_sphere(&a, &b), err, got);
            if !all_finite(
                a.center
                    .iter()
                    .chain(&b.center)
                    .chain([&a.radius, &b.radius]),
            ) {
                assert!(!got);
                assert!(try_sphere_sphere(&a, &b).is_err());
                return;
            }
            let (ra, rb) = (q(a.radius), q(b.radius));
            let dd = sub(&q3(&a.center), &q3(&b.center));
            let sum = &ra + &rb;
            let want = !ra.is_negative() && !rb.is_negative() && sum.clone() * sum >= dot(&dd, &dd);
            assert_eq!(got, want, "sphere_sphere {a:?} {b:?}");
            let _ = sphere_sphere_distance_with(Naive, &a, &b);
            if a.radius >= 0.0 && b.radius >= 0.0 {
                let (qa, qb) = (
                    Sphere::new(q3(&a.center), q(a.radius)),
                    Sphere::new(q3(&b.center), q(b.radius)),
                );
                assert_eq!(
                    sphere_sphere_distance_with(Exact, &qa, &qb),
                    want,
                    "sphere_sphere_distance_with(Exact) in Q"
                );
            }
            let qa = Sphere::new(q3(&a.center), ra);
            let qb = Sphere::new(q3(&b.center), rb);
            assert_eq!(sphere_sphere(&qa, &qb), want, "Q");
            let pa = Sphere::new(pm(&a.center), a.radius);
            let pb = Sphere::new(pm(&b.center), b.radius);
            assert_eq!(sphere_sphere(&pa, &pb), want, "axes");
            if f32m {
                let g = |x: &Sphere<f64>| Sphere::new(f(&x.center), x.radius as f32);
                assert_eq!(sphere_sphere(&g(&a), &g(&b)), want, "f32");
            }
        }
        3 => {
            let sp = Sphere::new(s.pt3(), s.f64());
            let (lo, hi) = (s.pt3(), s.pt3());
            let b = Aabb::new(lo, hi);
            let got = sphere_aabb(&sp, &b);
            let err = sphere_error(0, &sp).or_else(|| aabb_error(1, &b));
            check_try("try_sphere_aabb", try_sphere_aabb(&sp, &b), err, got);
            if !all_finite(sp.center.iter().chain([&sp.radius]).chain(&lo).chain(&hi)) {
                assert!(!got);
                assert!(try_sphere_aabb(&sp, &b).is_err());
                return;
            }
            let (c, r) = (q3(&sp.center), q(sp.radius));
            let (ql, qh) = (q3(&lo), q3(&hi));
            let want = if r.is_negative() || (0..3).any(|k| ql[k] > qh[k]) {
                false
            } else {
                let mut dist = Q::zero();
                for k in 0..3 {
                    let e = if c[k] < ql[k] {
                        &ql[k] - &c[k]
                    } else if c[k] > qh[k] {
                        &c[k] - &qh[k]
                    } else {
                        Q::zero()
                    };
                    dist += &e * &e;
                }
                &r * &r >= dist
            };
            assert_eq!(got, want, "sphere_aabb {sp:?} {b:?}");
            let _ = sphere_aabb_arvo_with(Naive, &sp, &b);
            let _ = sphere_aabb_quick_reject_with(Naive, &sp, &b);
            let _ = sphere_aabb_branchless_with(Naive, &sp, &b);
            if sp.radius >= 0.0 && (0..3).all(|k| lo[k] <= hi[k]) {
                let qs = Sphere::new(c.clone(), r.clone());
                let qb = Aabb::new(q3(&lo), q3(&hi));
                assert_eq!(
                    sphere_aabb_arvo_with(Exact, &qs, &qb),
                    want,
                    "arvo_with(Exact) in Q"
                );
                assert_eq!(
                    sphere_aabb_quick_reject_with(Exact, &qs, &qb),
                    want,
                    "quick_reject_with in Q"
                );
                assert_eq!(
                    sphere_aabb_branchless_with(Exact, &qs, &qb),
                    want,
                    "branchless_with in Q"
                );
            }
            assert_eq!(
                sphere_aabb(&Sphere::new(c.clone(), r.clone()), &Aabb::new(ql, qh)),
                want
            );
            let ps = Sphere::new(pm(&sp.center), sp.radius);
            assert_eq!(sphere_aabb(&ps, &Aabb::new(pm(&lo), pm(&hi))), want, "axes");
            if f32m {
                let s32 = Sphere::new(f(&sp.center), sp.radius as f32);
                assert_eq!(sphere_aabb(&s32, &Aabb::new(f(&lo), f(&hi))), want, "f32");
            }
            // The same box as an OBB with the unit axes.
            let one = 1.0;
            let ctr: [f64; 3] = core::array::from_fn(|k| (lo[k] + hi[k]) * 0.5);
            let hh: [f64; 3] = core::array::from_fn(|k| (hi[k] - lo[k]) * 0.5);
            let exact_box = (0..3).all(|k| {
                ctr[k].is_finite()
                    && hh[k].is_finite()
                    && q(ctr[k]) - q(hh[k]) == q(lo[k])
                    && q(ctr[k]) + q(hh[k]) == q(hi[k])
            });
            if exact_box {
                let ob = Obb::new(ctr, [[one, 0.0, 0.0], [0.0, one, 0.0], [0.0, 0.0, one]], hh);
                assert_eq!(
                    sphere_obb(&sp, &ob),
                    want,
                    "sphere_obb on an axis-aligned box"
                );
                assert_eq!(try_sphere_obb(&sp, &ob).unwrap_or(want), want);
                // A negative half extent (an inverted box) is refused, as by every try_
                // form with an OBB.
                let err = sphere_error(0, &sp).or_else(|| obb_error(1, &ob));
                check_try("try_sphere_obb", try_sphere_obb(&sp, &ob), err, want);
                let _ = sphere_obb_arvo_with(Naive, &sp, &ob);
            }
        }
        5 => {
            // sphere_obb on arbitrary (skewed, tiny, huge) axes against the exact distance
            // from the centre to the parallelepiped, by active sets in rationals.
            let sp = Sphere::new(s.pt3(), s.f64());
            let ob = Obb::new(s.pt3(), [s.pt3(), s.pt3(), s.pt3()], s.pt3().map(f64::abs));
            let got = sphere_obb(&sp, &ob);
            let err = sphere_error(0, &sp).or_else(|| obb_error(1, &ob));
            check_try("try_sphere_obb", try_sphere_obb(&sp, &ob), err, got);
            let vals = sp.center.iter().chain([&sp.radius]).chain(&ob.center);
            let fin = all_finite(vals.chain(ob.axes.iter().flatten()).chain(&ob.half_extents));
            if !fin {
                assert!(!got, "non-finite sphere_obb");
                assert!(try_sphere_obb(&sp, &ob).is_err());
                return;
            }
            let a = ob.axes.map(|x| q3(&x));
            let want = sp.radius >= 0.0
                && !det3(&a).is_zero()
                && box_dist2(
                    &a,
                    &sub(&q3(&sp.center), &q3(&ob.center)),
                    &q3(&ob.half_extents),
                ) <= q(sp.radius) * q(sp.radius);
            assert_eq!(got, want, "sphere_obb {sp:?} {ob:?}");
            assert_eq!(try_sphere_obb(&sp, &ob).unwrap_or(want), want);
            // Relabelled axes with one negated: the same box.
            let b2 = Obb::new(
                ob.center,
                [ob.axes[2], ob.axes[0].map(|x| -x), ob.axes[1]],
                [ob.half_extents[2], ob.half_extents[0], ob.half_extents[1]],
            );
            assert_eq!(sphere_obb(&sp, &b2), want, "relabelled");
            let qs = Sphere::new(q3(&sp.center), q(sp.radius));
            let qb = Obb::new(q3(&ob.center), a, q3(&ob.half_extents));
            assert_eq!(sphere_obb(&qs, &qb), want, "Q");
            if f32m {
                let s32 = Sphere::new(f(&sp.center), sp.radius as f32);
                let b32 = Obb::new(f(&ob.center), ob.axes.map(|x| f(&x)), f(&ob.half_extents));
                assert_eq!(sphere_obb(&s32, &b32), want, "f32");
            }
            let _ = sphere_obb_arvo_with(Naive, &sp, &ob);
        }
        _ => {
            let a = Aabb::new(s.pt3(), s.pt3());
            let b = Aabb::new(s.pt3(), s.pt3());
            let got = aabb_aabb(&a, &b);
            assert_eq!(aabb_aabb(&b, &a), got, "swap");
            let want = (0..3).all(|k| {
                a.min[k] <= a.max[k]
                    && b.min[k] <= b.max[k]
                    && a.min[k] <= b.max[k]
                    && b.min[k] <= a.max[k]
            });
            assert_eq!(got, want, "aabb_aabb {a:?} {b:?}");
            let _ = aabb_aabb_center_extent_with(Naive, &a, &b);
            let fin0 = all_finite(a.min.iter().chain(&a.max).chain(&b.min).chain(&b.max));
            if fin0 && (0..3).all(|k| a.min[k] <= a.max[k] && b.min[k] <= b.max[k]) {
                let qa = Aabb::new(q3(&a.min), q3(&a.max));
                let qb = Aabb::new(q3(&b.min), q3(&b.max));
                assert_eq!(
                    aabb_aabb_center_extent_with(Exact, &qa, &qb),
                    want,
                    "center_extent in Q"
                );
            }
            let fin = all_finite(a.min.iter().chain(&a.max).chain(&b.min).chain(&b.max));
            // Every check of argument 0 before argument 1.
            let err = aabb_error(0, &a).or_else(|| aabb_error(1, &b));
            check_try("try_aabb_aabb", try_aabb_aabb(&a, &b), err, got);
            match try_aabb_aabb(&a, &b) {
                Ok(x) => {
                    assert!(fin);
                    assert_eq!(x, want);
                }
                Err(_) => {
                    assert!(!fin || !(0..3).all(|k| a.min[k] <= a.max[k] && b.min[k] <= b.max[k]))
                }
            }
            if fin {
                let qa = Aabb::new(q3(&a.min), q3(&a.max));
                let qb = Aabb::new(q3(&b.min), q3(&b.max));
                assert_eq!(aabb_aabb(&qa, &qb), want, "Q");
            }
        }
    }
});
