//! line_line_2d_bounded, segment_segment_2d_intersection_bounded,
//! segment_segment_3d_intersection_bounded, three_planes_bounded (and their try_ forms)
//! in f64 / f32 / BigRational against exact rational constructions written here (Cramer's
//! rule on the inputs' exact values): the kind of answer equals the exact one (point,
//! parallel, coincident; the segment contact of the correctly rounded form, whose
//! classification the `lines` target checks; a point or none), every returned number is
//! within its error of the exact value (compared in rationals), the error is at most
//! `2^-40·|value| + ulp(value)`, zero for rationals and for input points handed back.
#![no_main]

use isect::overlap::{
    line_line_2d, line_line_2d_bounded, segment_segment_2d_intersection,
    segment_segment_2d_intersection_bounded, segment_segment_3d_intersection,
    segment_segment_3d_intersection_bounded, three_planes, three_planes_bounded,
    try_line_line_2d_bounded, try_segment_segment_2d_intersection_bounded,
    try_three_planes_bounded, Bounded, LineLine2d, SegmentIntersection,
};
use isect::{Plane, Scalar, Segment};
use isect_fuzz::{is_f32, q, q_pow2, Src, Q};
use libfuzzer_sys::fuzz_target;
use num_traits::{Signed, Zero};

/// `|value − exact| ≤ error` and `error ≤ 2^-40·|value| + ulp(value)` (0 for rationals).
fn check<T: Scalar + core::fmt::Debug>(b: &Bounded<T>, exact: &Q) {
    let Some(v) = b.value.to_rational() else {
        assert!(!b.error.is_finite(), "{b:?}: infinite value, finite bound");
        return;
    };
    let e = b
        .error
        .to_rational()
        .expect("finite bound for a finite value");
    assert!(!e.is_negative());
    assert!((&v - exact).abs() <= e, "{b:?} vs {exact}");
    if T::FLOAT.is_none() {
        assert!(e.is_zero());
        return;
    }
    let a = if b.value < T::zero() {
        -b.value.clone()
    } else {
        b.value.clone()
    };
    // The gap above |v| (below it at the largest finite value).
    let up = Scalar::next_up(&a) - &a;
    let gap = if up.is_finite() {
        up
    } else {
        a.clone() - Scalar::next_down(&a)
    };
    let ulp = gap.to_rational().unwrap();
    assert!(e <= v.abs() * q_pow2(-40) + ulp, "{b:?}: bound too wide");
}

fn cr(a: &[Q], b: &[Q]) -> Q {
    &a[0] * &b[1] - &a[1] * &b[0]
}

fn lines<T: Scalar + core::fmt::Debug>(v: &[[f64; 2]; 4], f: impl Fn(f64) -> T) {
    let p: Vec<[T; 2]> = v.iter().map(|x| [f(x[0]), f(x[1])]).collect();
    let got = line_line_2d_bounded(&p[0], &p[1], &p[2], &p[3]);
    if let Ok(r) = try_line_line_2d_bounded(&p[0], &p[1], &p[2], &p[3]) {
        assert_eq!(r, got);
    }
    if !v.iter().flatten().all(|x| x.is_finite()) {
        assert_eq!(got, LineLine2d::Parallel);
        return;
    }
    let qv: Vec<Vec<Q>> = v.iter().map(|x| vec![q(x[0]), q(x[1])]).collect();
    let den = cr(&qv[1], &qv[3]);
    let LineLine2d::Point { s, t, point } = &got else {
        // The kind of a non-crossing pair is the correctly rounded form's.
        assert!(den.is_zero(), "{v:?}: {got:?} for crossing lines");
        let exact = line_line_2d(&p[0], &p[1], &p[2], &p[3]);
        assert!(
            matches!(
                (&exact, &got),
                (LineLine2d::Parallel, LineLine2d::Parallel)
                    | (LineLine2d::Coincident, LineLine2d::Coincident)
            ),
            "{v:?}: {got:?} vs {exact:?}"
        );
        return;
    };
    assert!(!den.is_zero(), "{v:?}: a point for parallel lines");
    let w = [&qv[2][0] - &qv[0][0], &qv[2][1] - &qv[0][1]];
    let es = cr(&w, &qv[3]) / &den;
    let et = cr(&w, &qv[1]) / &den;
    check(s, &es);
    check(t, &et);
    for k in 0..2 {
        check(&point[k], &(&qv[0][k] + &es * &qv[1][k]));
    }
}

/// The crossing point `p0 + t(p1 − p0)` of the exact inputs, `t` from the projection
/// `proj` (the caller's 2D coordinates).
fn crossing_exact(proj: &[[f64; 2]; 4], a0: &[f64], a1: &[f64]) -> Vec<Q> {
    let qp: Vec<Vec<Q>> = proj.iter().map(|x| vec![q(x[0]), q(x[1])]).collect();
    let d = |a: &Vec<Q>, b: &Vec<Q>| vec![&a[0] - &b[0], &a[1] - &b[1]];
    let t = cr(&d(&qp[2], &qp[0]), &d(&qp[3], &qp[2])) / cr(&d(&qp[1], &qp[0]), &d(&qp[3], &qp[2]));
    a0.iter()
        .zip(a1)
        .map(|(&x, &y)| q(x) + &t * (q(y) - q(x)))
        .collect()
}

/// A bounded segment answer against the correctly rounded one (whose classification and
/// points the `lines` target checks against its own oracle).
fn segments<T: Scalar + core::fmt::Debug, const N: usize>(
    got: &SegmentIntersection<[Bounded<T>; N]>,
    rounded: &SegmentIntersection<[T; N]>,
    exact_crossing: impl FnOnce() -> Vec<Q>,
) {
    assert_eq!(got.contact(), rounded.contact());
    let same = |b: &[Bounded<T>; N], p: &[T; N]| {
        for (x, y) in b.iter().zip(p) {
            assert!(x.value == *y && x.error.is_zero(), "{b:?} vs {p:?}");
        }
    };
    match (got, rounded) {
        (SegmentIntersection::Touching(b), SegmentIntersection::Touching(p)) => same(b, p),
        (
            SegmentIntersection::CollinearOverlap(a, b),
            SegmentIntersection::CollinearOverlap(c, d),
        ) => {
            same(a, c);
            same(b, d);
        }
        (SegmentIntersection::Crossing(b), SegmentIntersection::Crossing(_)) => {
            let x = exact_crossing();
            for k in 0..N {
                check(&b[k], &x[k]);
            }
        }
        _ => {}
    }
}

fn segments_2d<T: Scalar + core::fmt::Debug>(v: &[[f64; 2]; 4], f: impl Fn(f64) -> T) {
    let p: Vec<[T; 2]> = v.iter().map(|x| [f(x[0]), f(x[1])]).collect();
    let got = segment_segment_2d_intersection_bounded(&p[0], &p[1], &p[2], &p[3]);
    let rounded = segment_segment_2d_intersection(&p[0], &p[1], &p[2], &p[3]);
    if let Ok(r) = try_segment_segment_2d_intersection_bounded(&p[0], &p[1], &p[2], &p[3]) {
        assert_eq!(r, got);
    }
    segments(&got, &rounded, || crossing_exact(v, &v[0], &v[1]));
}

/// A 3D copy of the 2D case on the plane z = x (the projection along z is one-to-one, so
/// the crossing parameter is the 2D one).
fn segments_3d<T: Scalar + core::fmt::Debug>(v: &[[f64; 2]; 4], f: impl Fn(f64) -> T) {
    let l = |x: &[f64; 2]| [x[0], x[1], x[0]];
    let p: Vec<[T; 3]> = v.iter().map(|x| l(x).map(&f)).collect();
    let (a, b) = (
        Segment::new(p[0].clone(), p[1].clone()),
        Segment::new(p[2].clone(), p[3].clone()),
    );
    let got = segment_segment_3d_intersection_bounded(&a, &b);
    let rounded = segment_segment_3d_intersection(&a, &b);
    segments(&got, &rounded, || crossing_exact(v, &l(&v[0]), &l(&v[1])));
}

fn planes<T: Scalar + core::fmt::Debug>(n: &[[f64; 3]; 3], d: &[f64; 3], f: impl Fn(f64) -> T) {
    let ps: Vec<Plane<T>> = (0..3).map(|k| Plane::new(n[k].map(&f), f(d[k]))).collect();
    let got = three_planes_bounded(&ps[0], &ps[1], &ps[2]);
    if let Ok(r) = try_three_planes_bounded(&ps[0], &ps[1], &ps[2]) {
        assert_eq!(r, got);
    }
    let rounded = three_planes(&ps[0], &ps[1], &ps[2]);
    assert_eq!(got.is_some(), rounded.is_some());
    let Some(x) = got else { return };
    // Cramer's rule in rationals.
    let qn: Vec<Vec<Q>> = n
        .iter()
        .map(|r| r.iter().map(|&c| q(c)).collect())
        .collect();
    let c3 = |a: &Vec<Q>, b: &Vec<Q>| -> Vec<Q> {
        (0..3)
            .map(|k| &a[(k + 1) % 3] * &b[(k + 2) % 3] - &a[(k + 2) % 3] * &b[(k + 1) % 3])
            .collect()
    };
    let (c1, c2, c3v) = (c3(&qn[1], &qn[2]), c3(&qn[2], &qn[0]), c3(&qn[0], &qn[1]));
    let det: Q = (0..3).map(|k| &qn[0][k] * &c1[k]).sum();
    assert!(!det.is_zero());
    for k in 0..3 {
        let num = q(d[0]) * &c1[k] + q(d[1]) * &c2[k] + q(d[2]) * &c3v[k];
        check(&x[k], &(-num / &det));
    }
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    match s.byte() % 3 {
        0 | 1 => {
            let v: [[f64; 2]; 4] = core::array::from_fn(|_| s.pt2());
            let all32 = v.iter().flatten().all(|&x| is_f32(x));
            lines::<f64>(&v, |x| x);
            segments_2d::<f64>(&v, |x| x);
            segments_3d::<f64>(&v, |x| x);
            if all32 {
                lines::<f32>(&v, |x| x as f32);
                segments_2d::<f32>(&v, |x| x as f32);
            }
            if v.iter().flatten().all(|x| x.is_finite()) {
                lines::<Q>(&v, q);
                segments_2d::<Q>(&v, q);
            }
        }
        _ => {
            let n: [[f64; 3]; 3] = core::array::from_fn(|_| s.pt3());
            let d: [f64; 3] = core::array::from_fn(|_| s.f64());
            planes::<f64>(&n, &d, |x| x);
            if n.iter().flatten().chain(&d).all(|&x| is_f32(x)) {
                planes::<f32>(&n, &d, |x| x as f32);
            }
            if n.iter().flatten().chain(&d).all(|x| x.is_finite()) {
                planes::<Q>(&n, &d, q);
            }
        }
    }
});
