//! obb_obb, obb_segment, kdop_kdop / Kdop::from_points / contains_point, and the frustum
//! classifications (exact and _fast, sphere / AABB / OBB) in f64 / f32 / BigRational:
//! the separating-axis theorem in exact rationals for solid boxes (15 axes for box/box,
//! 6 for box/segment), slab comparisons for k-DOPs, an exact per-plane oracle for
//! frusta; fast forms never contradict the exact ones; swap and axis-order invariants;
//! the try_ forms give the `InputError` naming the first bad argument, else the plain
//! answer.
#![no_main]

use isect::overlap::{
    frustum_aabb, frustum_aabb_conservative, frustum_obb, frustum_obb_conservative, frustum_sphere,
    frustum_sphere_conservative, try_frustum_aabb, try_frustum_obb, try_frustum_sphere, Frustum,
    FrustumClass,
};
use isect::overlap::{kdop_kdop, try_kdop_kdop, Kdop, Kdop14};
use isect::overlap::{obb_obb, try_obb_obb};
use isect::overlap::{obb_segment, try_obb_segment};
use isect::{Aabb, InputError, NonFiniteValue, Obb, Plane, Segment, Sphere};
use isect_fuzz::{
    aabb_error, all_finite, check_try, cross, dot, non_finite_point, obb_error, q, q3,
    sphere_error, sub, vertices_error, Src, PERMS, Q,
};
use libfuzzer_sys::fuzz_target;
use num_traits::{Signed, Zero};

fn obb(s: &mut Src) -> Obb<f64> {
    let c = s.pt3();
    let axes = if s.byte().is_multiple_of(3) {
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    } else {
        [s.dir3(), s.dir3(), s.dir3()]
    };
    Obb::new(c, axes, [s.nonneg(), s.nonneg(), s.nonneg()])
}

/// The documented validation of a frustum: plane by plane (`index`), a non-finite
/// normal coordinate, then offset; zero normals are valid.
fn frustum_error(argument: usize, f: &Frustum<f64>) -> Option<InputError> {
    f.planes.iter().enumerate().find_map(|(i, p)| {
        non_finite_point(argument, "normal", Some(i), &p.normal).or_else(|| {
            (!p.offset.is_finite()).then_some(InputError::NonFinite {
                argument,
                what: "offset",
                index: Some(i),
                axis: None,
                value: NonFiniteValue::from(p.offset),
            })
        })
    })
}

/// The documented validation of a k-DOP: a non-finite min, then max (`axis` the slab),
/// then the first slab with `min > max`.
fn kdop_error<const N: usize>(argument: usize, k: &Kdop<f64, N>) -> Option<InputError> {
    non_finite_point(argument, "min", None, &k.min)
        .or_else(|| non_finite_point(argument, "max", None, &k.max))
        .or_else(|| {
            (0..N)
                .find(|&i| k.min[i] > k.max[i])
                .map(|axis| InputError::InvertedBox { argument, axis })
        })
}

fn obb_finite(b: &Obb<f64>) -> bool {
    all_finite(
        b.center
            .iter()
            .chain(b.axes.iter().flatten())
            .chain(&b.half_extents),
    )
}

struct QObb {
    c: [Q; 3],
    a: [[Q; 3]; 3],
    h: [Q; 3],
    solid: bool,
}

fn qobb(b: &Obb<f64>) -> QObb {
    let a = b.axes.map(|x| q3(&x));
    let det = dot(&a[0], &cross(&a[1], &a[2]));
    QObb {
        c: q3(&b.center),
        a,
        h: b.half_extents.map(q),
        solid: !det.is_zero(),
    }
}

/// Half-width of the projection of a box on `l`.
fn radius(b: &QObb, l: &[Q; 3]) -> Q {
    (0..3).fold(Q::zero(), |acc, i| acc + &b.h[i] * dot(l, &b.a[i]).abs())
}

fn sat_obb_obb(x: &QObb, y: &QObb) -> bool {
    let mut axes = vec![];
    for b in [x, y] {
        axes.push(cross(&b.a[1], &b.a[2]));
        axes.push(cross(&b.a[2], &b.a[0]));
        axes.push(cross(&b.a[0], &b.a[1]));
    }
    for i in 0..3 {
        for j in 0..3 {
            axes.push(cross(&x.a[i], &y.a[j]));
        }
    }
    let d = sub(&y.c, &x.c);
    axes.iter()
        .filter(|l| !l.iter().all(Zero::is_zero))
        .all(|l| dot(l, &d).abs() <= radius(x, l) + radius(y, l))
}

fn sat_obb_seg(x: &QObb, p: &[Q; 3], r: &[Q; 3]) -> bool {
    let dir = sub(r, p);
    let mut axes = vec![
        cross(&x.a[1], &x.a[2]),
        cross(&x.a[2], &x.a[0]),
        cross(&x.a[0], &x.a[1]),
    ];
    for i in 0..3 {
        axes.push(cross(&dir, &x.a[i]));
    }
    axes.iter()
        .filter(|l| !l.iter().all(Zero::is_zero))
        .all(|l| {
            let (u, v) = (dot(l, &sub(p, &x.c)), dot(l, &sub(r, &x.c)));
            let (lo, hi) = if u <= v { (u, v) } else { (v, u) };
            let rad = radius(x, l);
            !(lo > rad || hi < -rad)
        })
}

fn combine(per: &[i8]) -> FrustumClass {
    // 1 outside, 0 intersecting, -1 inside.
    if per.contains(&1) {
        FrustumClass::Outside
    } else if per.iter().all(|&x| x == -1) {
        FrustumClass::Inside
    } else {
        FrustumClass::Intersecting
    }
}

fn class(lo: &Q, hi: &Q) -> i8 {
    if lo.is_positive() {
        1
    } else if hi.is_negative() {
        -1
    } else {
        0
    }
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let which = s.byte() % 4;
    match which {
        0 => {
            let (a, b) = (obb(&mut s), obb(&mut s));
            let got = obb_obb(&a, &b);
            assert_eq!(obb_obb(&b, &a), got, "swap");
            let err = obb_error(0, &a).or_else(|| obb_error(1, &b));
            check_try("try_obb_obb", try_obb_obb(&a, &b), err, got);
            if !(obb_finite(&a) && obb_finite(&b)) {
                assert!(!got);
                assert!(try_obb_obb(&a, &b).is_err());
                return;
            }
            let (qa, qb) = (qobb(&a), qobb(&b));
            let toq = |x: &QObb| Obb::new(x.c.clone(), x.a.clone(), x.h.clone());
            assert_eq!(obb_obb(&toq(&qa), &toq(&qb)), got, "f64 vs Q");
            if qa.solid && qb.solid {
                assert_eq!(got, sat_obb_obb(&qa, &qb), "obb_obb {a:?} {b:?}");
            }
            let p = PERMS[s.below(6)];
            let k = s.below(3);
            let mut ax = [a.axes[p[0]], a.axes[p[1]], a.axes[p[2]]];
            ax[k] = ax[k].map(|x| -x);
            let h = [
                a.half_extents[p[0]],
                a.half_extents[p[1]],
                a.half_extents[p[2]],
            ];
            assert_eq!(
                obb_obb(&Obb::new(a.center, ax, h), &b),
                got,
                "axis order/sign"
            );
            if s.f32_mode {
                let f = |o: &Obb<f64>| {
                    Obb::new(
                        o.center.map(|x| x as f32),
                        o.axes.map(|r| r.map(|x| x as f32)),
                        o.half_extents.map(|x| x as f32),
                    )
                };
                assert_eq!(obb_obb(&f(&a), &f(&b)), got, "f32");
            }
            if let Ok(x) = try_obb_obb(&a, &b) {
                assert_eq!(x, got);
            }
        }
        1 => {
            let b = obb(&mut s);
            let seg = Segment::new(s.pt3(), s.pt3());
            let got = obb_segment(&b, &seg);
            // The whole box (argument 0) before the segment (argument 1).
            let err = obb_error(0, &b).or_else(|| vertices_error(1, &[seg.a, seg.b]));
            check_try("try_obb_segment", try_obb_segment(&b, &seg), err, got);
            if !(obb_finite(&b) && all_finite(seg.a.iter().chain(&seg.b))) {
                assert!(!got);
                assert!(try_obb_segment(&b, &seg).is_err());
                return;
            }
            let qb = qobb(&b);
            let (qp, qr) = (q3(&seg.a), q3(&seg.b));
            let qo = Obb::new(qb.c.clone(), qb.a.clone(), qb.h.clone());
            assert_eq!(
                obb_segment(&qo, &Segment::new(qp.clone(), qr.clone())),
                got,
                "f64 vs Q"
            );
            if qb.solid {
                assert_eq!(got, sat_obb_seg(&qb, &qp, &qr), "obb_segment {b:?} {seg:?}");
            }
            assert_eq!(
                obb_segment(&b, &Segment::new(seg.b, seg.a)),
                got,
                "reversed segment"
            );
            // A point-like segment inside a solid box must be reported.
            if let Ok(x) = try_obb_segment(&b, &seg) {
                assert_eq!(x, got);
            }
        }
        2 => {
            let n = 1 + s.below(4);
            let pa: Vec<[f64; 3]> = (0..n).map(|_| s.pt3()).collect();
            let pb: Vec<[f64; 3]> = (0..n).map(|_| s.pt3()).collect();
            let (ka, kb) = (Kdop14::from_points(&pa), Kdop14::from_points(&pb));
            let (fa, fb) = (
                all_finite(pa.iter().flatten()),
                all_finite(pb.iter().flatten()),
            );
            assert_eq!(
                ka.is_some(),
                fa,
                "from_points is None exactly for non-finite points"
            );
            assert_eq!(kb.is_some(), fb);
            let (Some(ka), Some(kb)) = (ka, kb) else {
                return;
            };
            for p in &pa {
                assert!(ka.contains_point(p), "k-DOP must contain its points");
            }
            // Rational k-DOPs are exact and contained in the rounded-outward float ones.
            let qa: Vec<[Q; 3]> = pa.iter().map(q3).collect();
            let qk = Kdop::<Q, 7>::from_points(&qa).unwrap();
            for i in 0..7 {
                // Overflow rounds outward to ±∞, which still contains the exact value.
                let lo_ok = ka.min[i] == f64::NEG_INFINITY
                    || (ka.min[i].is_finite() && q(ka.min[i]) <= qk.min[i]);
                let hi_ok = ka.max[i] == f64::INFINITY
                    || (ka.max[i].is_finite() && qk.max[i] <= q(ka.max[i]));
                assert!(
                    lo_ok && hi_ok,
                    "outward rounding, slab {i}: {ka:?} vs {qk:?}"
                );
            }
            let got = kdop_kdop(&ka, &kb);
            assert_eq!(kdop_kdop(&kb, &ka), got, "swap");
            let err = kdop_error(0, &ka).or_else(|| kdop_error(1, &kb));
            check_try("try_kdop_kdop", try_kdop_kdop(&ka, &kb), err, got);
            // Arbitrary bounds (non-finite, inverted slabs): the documented error.
            let mut kc = ka.clone();
            let i = s.below(7);
            if s.bool() {
                kc.min[i] = s.f64();
            } else {
                kc.max[i] = s.f64();
            }
            let err = kdop_error(0, &kc).or_else(|| kdop_error(1, &kb));
            check_try(
                "try_kdop_kdop",
                try_kdop_kdop(&kc, &kb),
                err,
                kdop_kdop(&kc, &kb),
            );
            let want = (0..7).all(|i| ka.min[i] <= kb.max[i] && kb.min[i] <= ka.max[i]);
            assert_eq!(got, want);
            // Conservative: if a point of b lies in both, they must overlap.
            if pb.iter().any(|p| ka.contains_point(p)) {
                assert!(got, "a shared point but kdop_kdop false");
            }
        }
        _ => {
            let planes: [Plane<f64>; 6] = core::array::from_fn(|_| Plane::new(s.dir3(), s.f64()));
            let f = Frustum::new(planes.clone());
            let fin_plane: Vec<bool> = planes
                .iter()
                .map(|p| all_finite(p.normal.iter().chain([&p.offset])))
                .collect();
            let sp = Sphere::new(s.pt3(), s.f64());
            let bx = Aabb::new(s.pt3(), s.pt3());
            let ob = obb(&mut s);
            let (es, ea, eo) = (
                frustum_sphere(&f, &sp),
                frustum_aabb(&f, &bx),
                frustum_obb(&f, &ob),
            );
            // The frustum (argument 0) before the shape (argument 1).
            check_try(
                "try_frustum_sphere",
                try_frustum_sphere(&f, &sp),
                frustum_error(0, &f).or_else(|| sphere_error(1, &sp)),
                es,
            );
            check_try(
                "try_frustum_aabb",
                try_frustum_aabb(&f, &bx),
                frustum_error(0, &f).or_else(|| aabb_error(1, &bx)),
                ea,
            );
            check_try(
                "try_frustum_obb",
                try_frustum_obb(&f, &ob),
                frustum_error(0, &f).or_else(|| obb_error(1, &ob)),
                eo,
            );
            for (what, fast, exact) in [
                ("sphere", frustum_sphere_conservative(&f, &sp), es),
                ("aabb", frustum_aabb_conservative(&f, &bx), ea),
                ("obb", frustum_obb_conservative(&f, &ob), eo),
            ] {
                if fast != FrustumClass::Intersecting {
                    assert_eq!(
                        fast, exact,
                        "frustum_{what}_fast contradicts frustum_{what}: {planes:?} {sp:?} {bx:?} {ob:?}"
                    );
                }
            }
            // Exact per-plane oracle for the sphere (finite sphere).
            if all_finite(sp.center.iter().chain([&sp.radius])) {
                let (c, r) = (q3(&sp.center), q(sp.radius));
                let per: Vec<i8> = planes
                    .iter()
                    .zip(&fin_plane)
                    .map(|(p, &fin)| {
                        // A broken plane never culls, even an empty sphere (documented;
                        // this check came first once and expected Outside).
                        if !fin {
                            return 0;
                        }
                        if r.is_negative() {
                            return 1;
                        }
                        let n = q3(&p.normal);
                        let sv = dot(&n, &c) + q(p.offset);
                        let far = &sv * &sv > &r * &r * dot(&n, &n);
                        if far && sv.is_positive() {
                            1
                        } else if far && sv.is_negative() {
                            -1
                        } else {
                            0
                        }
                    })
                    .collect();
                let want = combine(&per);
                assert_eq!(es, want, "frustum_sphere {planes:?} {sp:?}");
            }
            // AABB: the range of n·x + d over the box.
            if all_finite(bx.min.iter().chain(&bx.max)) && (0..3).all(|k| bx.min[k] <= bx.max[k]) {
                let (lo, hi) = (q3(&bx.min), q3(&bx.max));
                let per: Vec<i8> = planes
                    .iter()
                    .zip(&fin_plane)
                    .map(|(p, &fin)| {
                        if !fin {
                            return 0;
                        }
                        let n = q3(&p.normal);
                        let mid = dot(
                            &n,
                            &(0..3)
                                .map(|k| (&lo[k] + &hi[k]) / Q::from_integer(2.into()))
                                .collect::<Vec<_>>()
                                .try_into()
                                .unwrap(),
                        ) + q(p.offset);
                        let rad = (0..3).fold(Q::zero(), |acc, k| {
                            acc + n[k].abs() * (&hi[k] - &lo[k]) / Q::from_integer(2.into())
                        });
                        class(&(&mid - &rad), &(&mid + &rad))
                    })
                    .collect();
                assert_eq!(ea, combine(&per), "frustum_aabb {planes:?} {bx:?}");
            }
            if obb_finite(&ob) {
                let qb = qobb(&ob);
                let per: Vec<i8> = planes
                    .iter()
                    .zip(&fin_plane)
                    .map(|(p, &fin)| {
                        if !fin {
                            return 0;
                        }
                        let n = q3(&p.normal);
                        let mid = dot(&n, &qb.c) + q(p.offset);
                        let rad = radius(&qb, &n);
                        class(&(&mid - &rad), &(&mid + &rad))
                    })
                    .collect();
                assert_eq!(eo, combine(&per), "frustum_obb {planes:?} {ob:?}");
            }
            let qf = Frustum::new(planes.clone().map(|p| {
                if all_finite(p.normal.iter().chain([&p.offset])) {
                    Plane::new(q3(&p.normal), q(p.offset))
                } else {
                    Plane::new([Q::zero(), Q::zero(), Q::zero()], Q::zero())
                }
            }));
            if fin_plane.iter().all(|&x| x) && obb_finite(&ob) {
                let qb = qobb(&ob);
                assert_eq!(
                    frustum_obb(&qf, &Obb::new(qb.c, qb.a, qb.h)),
                    eo,
                    "frustum_obb Q"
                );
            }
        }
    }
});
