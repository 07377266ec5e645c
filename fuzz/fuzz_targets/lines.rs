//! segment_segment_2d / _intersection, segment_segment_3d / _intersection, line_line_2d,
//! line_line_closest, three_planes (and the try_ forms: the `InputError` naming the first
//! bad argument, else the plain answer) in f64 / f32 / BigRational
//! against exact rational constructions: the parametric solution of the two segment
//! equations (interval comparison when parallel), the defining equations of the closest
//! points and of the three-plane point; constructions for floats the nearest float to the
//! exact value, ties to even (checked here in rationals); 3D segments against the 2D oracle on lifted copies, plus swap and
//! axis-permutation invariants.
#![no_main]

use isect::overlap::{
    line_line_2d, line_line_2d_intersect, line_line_closest, segment_segment_2d,
    segment_segment_2d_intersect, segment_segment_2d_intersection, segment_segment_3d,
    segment_segment_3d_intersect, segment_segment_3d_intersection, three_planes, try_line_line_2d,
    try_line_line_2d_intersect, try_line_line_closest, try_segment_segment_2d,
    try_segment_segment_2d_intersect, try_segment_segment_2d_intersection, try_segment_segment_3d,
    try_segment_segment_3d_intersect, try_segment_segment_3d_intersection, try_three_planes,
    LineLine2d, SegmentContact, SegmentIntersection,
};
use isect::{InputError, Plane, Segment};
use isect_fuzz::{
    all_finite, cross, dot, non_finite_number, non_finite_point, points_error, q, q2, q3, sub, Src,
    PERMS, Q,
};
use libfuzzer_sys::fuzz_target;
use num_traits::{Signed, Zero};

fn cr2(a: &[Q; 2], b: &[Q; 2]) -> Q {
    &a[0] * &b[1] - &a[1] * &b[0]
}
fn sub2(a: &[Q; 2], b: &[Q; 2]) -> [Q; 2] {
    [&a[0] - &b[0], &a[1] - &b[1]]
}

/// Exact classification of two closed 2D segments, written independently of the library:
/// parametric solution when the directions are independent, else interval comparison
/// along the common line (or point equality).
fn seg2(p0: &[Q; 2], p1: &[Q; 2], q0: &[Q; 2], q1: &[Q; 2]) -> SegmentContact {
    let (d1, d2, w) = (sub2(p1, p0), sub2(q1, q0), sub2(q0, p0));
    let den = cr2(&d1, &d2);
    let zero = Q::zero();
    let one = Q::from_integer(1.into());
    if !den.is_zero() {
        let s = cr2(&w, &d2) / &den;
        let t = cr2(&w, &d1) / &den;
        if s < zero || s > one || t < zero || t > one {
            return SegmentContact::Disjoint;
        }
        let inner = s > zero && s < one && t > zero && t < one;
        return if inner {
            SegmentContact::Crossing
        } else {
            SegmentContact::Touching
        };
    }
    // Parallel or degenerate: collinear iff all four points lie on one line.
    let dir = if d1.iter().any(|x| !x.is_zero()) {
        d1.clone()
    } else if d2.iter().any(|x| !x.is_zero()) {
        d2.clone()
    } else {
        return if p0 == q0 {
            SegmentContact::Touching
        } else {
            SegmentContact::Disjoint
        };
    };
    let base = if d1.iter().any(|x| !x.is_zero()) {
        p0
    } else {
        q0
    };
    for p in [p0, p1, q0, q1] {
        if !cr2(&dir, &sub2(p, base)).is_zero() {
            return SegmentContact::Disjoint;
        }
    }
    let proj = |p: &[Q; 2]| dot2(&dir, &sub2(p, base));
    let (a0, a1) = minmax(proj(p0), proj(p1));
    let (b0, b1) = minmax(proj(q0), proj(q1));
    let lo = if a0 > b0 { a0 } else { b0 };
    let hi = if a1 < b1 { a1 } else { b1 };
    if lo > hi {
        SegmentContact::Disjoint
    } else if lo == hi {
        SegmentContact::Touching
    } else {
        SegmentContact::CollinearOverlap
    }
}
fn dot2(a: &[Q; 2], b: &[Q; 2]) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1]
}
fn minmax(a: Q, b: Q) -> (Q, Q) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// `got` is the `f64` nearest to `want`, ties to even (written here, not the library's
/// rounding): no neighbour is closer, and on a tie `got`'s last mantissa bit is 0; `±∞`
/// exactly when `|want|` reaches the overflow threshold `MAX + ulp(MAX)/2`, where IEEE
/// rounding to nearest overflows (the virtual neighbour beyond `MAX` is `2^1024`).
fn nearest(got: f64, want: &Q) -> bool {
    let two_1024 = q(2f64.powi(1023)) * Q::from_integer(2.into());
    let value = |x: f64| {
        if x.is_infinite() {
            if x > 0.0 {
                two_1024.clone()
            } else {
                -two_1024.clone()
            }
        } else {
            q(x)
        }
    };
    if got.is_nan() {
        return false;
    }
    if got.is_infinite() {
        let threshold = q(f64::MAX) + q(2f64.powi(970));
        return want.abs() >= threshold && (got > 0.0) == want.is_positive();
    }
    let d = (value(got) - want).abs();
    [got.next_up(), got.next_down()].into_iter().all(|n| {
        let dn = (value(n) - want).abs();
        dn > d || (dn == d && got.to_bits() & 1 == 0)
    })
}

/// The error of the line tests' `try_` forms for `[o1, d1, o2, d2]`: the first non-finite
/// coordinate (arguments 0–3, `what: "point"`), then a zero direction (argument 1, then 3).
fn lines_error<const N: usize>(pts: [&[f64; N]; 4]) -> Option<InputError> {
    pts.iter()
        .enumerate()
        .find_map(|(i, p)| non_finite_point(i, "point", None, &p[..]))
        .or_else(|| {
            [1, 3]
                .into_iter()
                .find(|&i| pts[i].iter().all(|x| *x == 0.0))
                .map(|argument| InputError::ZeroDirection { argument })
        })
}

/// `p` lies on the closed segment `ab` (3D, exact).
fn on_seg(p: &[Q; 3], a: &[Q; 3], b: &[Q; 3]) -> bool {
    let (ab, ap) = (sub(b, a), sub(p, a));
    if !cross(&ab, &ap).iter().all(Zero::is_zero) {
        return false;
    }
    let t = dot(&ab, &ap);
    if ab.iter().all(Zero::is_zero) {
        return ap.iter().all(Zero::is_zero);
    }
    !t.is_negative() && t <= dot(&ab, &ab)
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let which = s.byte() % 4;
    match which {
        0 => {
            let p: [[f64; 2]; 4] = core::array::from_fn(|_| s.pt2());
            let got = segment_segment_2d(&p[0], &p[1], &p[2], &p[3]);
            let inter = segment_segment_2d_intersection(&p[0], &p[1], &p[2], &p[3]);
            assert_eq!(
                inter.contact(),
                got,
                "intersection variant vs classification"
            );
            // The end points p0, p1, q0, q1 are arguments 0-3.
            let bad = points_error(&[&p[0], &p[1], &p[2], &p[3]]);
            assert_eq!(bad.is_none(), all_finite(p.iter().flatten()));
            if let Some(e) = bad {
                assert_eq!(got, SegmentContact::Disjoint);
                assert_eq!(try_segment_segment_2d(&p[0], &p[1], &p[2], &p[3]), Err(e));
                assert_eq!(
                    try_segment_segment_2d_intersect(&p[0], &p[1], &p[2], &p[3]),
                    Err(e)
                );
                assert_eq!(
                    try_segment_segment_2d_intersection(&p[0], &p[1], &p[2], &p[3]),
                    Err(e)
                );
                return;
            }
            assert_eq!(
                segment_segment_2d_intersect(&p[0], &p[1], &p[2], &p[3]),
                got.intersects()
            );
            assert_eq!(
                try_segment_segment_2d_intersect(&p[0], &p[1], &p[2], &p[3]),
                Ok(got.intersects())
            );
            assert_eq!(
                format!(
                    "{:?}",
                    try_segment_segment_2d_intersection(&p[0], &p[1], &p[2], &p[3])
                ),
                format!("{:?}", Ok::<_, ()>(&inter)),
                "try_segment_segment_2d_intersection"
            );
            let qp = p.map(|x| q2(&x));
            let want = seg2(&qp[0], &qp[1], &qp[2], &qp[3]);
            assert_eq!(got, want, "segment_segment_2d {p:?}");
            assert_eq!(try_segment_segment_2d(&p[0], &p[1], &p[2], &p[3]), Ok(want));
            assert_eq!(
                segment_segment_2d(&qp[0], &qp[1], &qp[2], &qp[3]),
                want,
                "Q"
            );
            // Swaps of the segments and of each segment's ends; axis swap.
            assert_eq!(segment_segment_2d(&p[2], &p[3], &p[0], &p[1]), want, "swap");
            assert_eq!(
                segment_segment_2d(&p[1], &p[0], &p[3], &p[2]),
                want,
                "reversed"
            );
            let sw = |x: &[f64; 2]| [x[1], x[0]];
            assert_eq!(
                segment_segment_2d(&sw(&p[0]), &sw(&p[1]), &sw(&p[2]), &sw(&p[3])),
                want
            );
            if s.f32_mode {
                let f = |x: &[f64; 2]| x.map(|v| v as f32);
                assert_eq!(
                    segment_segment_2d(&f(&p[0]), &f(&p[1]), &f(&p[2]), &f(&p[3])),
                    want
                );
            }
            // The exact crossing point (rationals) and its rounding (floats).
            let qi = segment_segment_2d_intersection(&qp[0], &qp[1], &qp[2], &qp[3]);
            if let (SegmentIntersection::Crossing(x), SegmentIntersection::Crossing(fx)) =
                (&qi, &inter)
            {
                let lift = |v: &[Q; 2]| [v[0].clone(), v[1].clone(), Q::zero()];
                assert!(
                    on_seg(&lift(x), &lift(&qp[0]), &lift(&qp[1])),
                    "crossing point off p"
                );
                assert!(
                    on_seg(&lift(x), &lift(&qp[2]), &lift(&qp[3])),
                    "crossing point off q"
                );
                assert!(
                    nearest(fx[0], &x[0]) && nearest(fx[1], &x[1]),
                    "{fx:?} vs {x:?}"
                );
            }
            // 3D: the same segments lifted into the planes z = c and y = c.
            let c = s.finite();
            let l1 = |x: &[f64; 2]| [x[0], x[1], c];
            let l2 = |x: &[f64; 2]| [x[0], c, x[1]];
            let s3 = |l: &dyn Fn(&[f64; 2]) -> [f64; 3]| {
                segment_segment_3d(
                    &Segment::new(l(&p[0]), l(&p[1])),
                    &Segment::new(l(&p[2]), l(&p[3])),
                )
            };
            assert_eq!(s3(&l1), want, "segment_segment_3d lifted to z = {c}");
            assert_eq!(s3(&l2), want, "segment_segment_3d lifted to y = {c}");
        }
        1 => {
            let p: [[f64; 3]; 4] = core::array::from_fn(|_| s.pt3());
            let (a, b) = (Segment::new(p[0], p[1]), Segment::new(p[2], p[3]));
            let got = segment_segment_3d(&a, &b);
            let inter = segment_segment_3d_intersection(&a, &b);
            assert_eq!(inter.contact(), got);
            // End point i is vertex i % 2 of segment (argument) i / 2.
            let bad = p
                .iter()
                .enumerate()
                .find_map(|(i, x)| non_finite_point(i / 2, "vertex", Some(i % 2), x));
            assert_eq!(bad.is_none(), all_finite(p.iter().flatten()));
            if let Some(e) = bad {
                assert_eq!(got, SegmentContact::Disjoint);
                assert_eq!(try_segment_segment_3d(&a, &b), Err(e));
                assert_eq!(try_segment_segment_3d_intersect(&a, &b), Err(e));
                assert_eq!(try_segment_segment_3d_intersection(&a, &b), Err(e));
                return;
            }
            assert_eq!(try_segment_segment_3d(&a, &b), Ok(got));
            assert_eq!(segment_segment_3d_intersect(&a, &b), got.intersects());
            assert_eq!(
                try_segment_segment_3d_intersect(&a, &b),
                Ok(got.intersects())
            );
            assert_eq!(
                format!("{:?}", try_segment_segment_3d_intersection(&a, &b)),
                format!("{:?}", Ok::<_, ()>(&inter)),
                "try_segment_segment_3d_intersection"
            );
            let qp = p.map(|x| q3(&x));
            let (qa, qb) = (
                Segment::new(qp[0].clone(), qp[1].clone()),
                Segment::new(qp[2].clone(), qp[3].clone()),
            );
            assert_eq!(segment_segment_3d(&qa, &qb), got, "f64 vs Q");
            assert_eq!(segment_segment_3d(&b, &a), got, "swap");
            let ax = PERMS[s.below(6)];
            let pm = |x: &[f64; 3]| [-x[ax[0]], x[ax[1]], x[ax[2]]];
            let r = segment_segment_3d(
                &Segment::new(pm(&p[1]), pm(&p[0])),
                &Segment::new(pm(&p[2]), pm(&p[3])),
            );
            assert_eq!(r, got, "axes {ax:?}, reversed");
            match segment_segment_3d_intersection(&qa, &qb) {
                SegmentIntersection::Crossing(x) | SegmentIntersection::Touching(x) => {
                    assert!(
                        on_seg(&x, &qp[0], &qp[1]) && on_seg(&x, &qp[2], &qp[3]),
                        "{x:?} off"
                    );
                }
                SegmentIntersection::CollinearOverlap(x, y) => {
                    assert_ne!(x, y);
                    for v in [&x, &y] {
                        assert!(on_seg(v, &qp[0], &qp[1]) && on_seg(v, &qp[2], &qp[3]));
                    }
                }
                SegmentIntersection::Disjoint => {
                    // No end point lies on the other segment.
                    for (e, (u, v)) in [(0, (2, 3)), (1, (2, 3)), (2, (0, 1)), (3, (0, 1))] {
                        assert!(
                            !on_seg(&qp[e], &qp[u], &qp[v]),
                            "Disjoint but end {e} on the other"
                        );
                    }
                }
            }
            if let (SegmentIntersection::Crossing(x), SegmentIntersection::Crossing(fx)) =
                (segment_segment_3d_intersection(&qa, &qb), &inter)
            {
                assert!((0..3).all(|i| nearest(fx[i], &x[i])), "{fx:?} vs {x:?}");
            }
        }
        2 => {
            let (o1, d1, o2, d2) = (s.pt2(), s.pt2(), s.pt2(), s.pt2());
            let got = line_line_2d(&o1, &d1, &o2, &d2);
            let fin = all_finite(o1.iter().chain(&d1).chain(&o2).chain(&d2));
            assert_eq!(line_line_2d_intersect(&o1, &d1, &o2, &d2), got.intersects());
            let bad = lines_error([&o1, &d1, &o2, &d2]);
            if let Some(e) = bad {
                assert_eq!(try_line_line_2d(&o1, &d1, &o2, &d2), Err(e));
                assert_eq!(try_line_line_2d_intersect(&o1, &d1, &o2, &d2), Err(e));
            } else {
                assert_eq!(
                    try_line_line_2d_intersect(&o1, &d1, &o2, &d2),
                    Ok(got.intersects())
                );
            }
            if !fin {
                assert_eq!(got, LineLine2d::Parallel);
                assert!(matches!(bad, Some(InputError::NonFinite { .. })));
                return;
            }
            let (qo1, qd1, qo2, qd2) = (q2(&o1), q2(&d1), q2(&o2), q2(&d2));
            let z1 = qd1.iter().all(Zero::is_zero);
            let z2 = qd2.iter().all(Zero::is_zero);
            let w = sub2(&qo2, &qo1);
            let den = cr2(&qd1, &qd2);
            let qgot = line_line_2d(&qo1, &qd1, &qo2, &qd2);
            let coincident = if z1 && z2 {
                Some(qo1 == qo2)
            } else if z1 {
                Some(cr2(&w, &qd2).is_zero())
            } else if z2 || den.is_zero() {
                Some(cr2(&w, &qd1).is_zero())
            } else {
                None
            };
            match coincident {
                Some(c) => {
                    let want = if c {
                        LineLine2d::Coincident
                    } else {
                        LineLine2d::Parallel
                    };
                    assert_eq!(got, want, "line_line_2d {o1:?} {d1:?} {o2:?} {d2:?}");
                    assert_eq!(qgot, want.map_or_q());
                }
                None => {
                    let st = cr2(&w, &qd2) / &den;
                    let tt = cr2(&w, &qd1) / &den;
                    let pt = [&qo1[0] + &st * &qd1[0], &qo1[1] + &st * &qd1[1]];
                    match (&got, &qgot) {
                        (
                            LineLine2d::Point {
                                s: fs,
                                t: ft,
                                point: fp,
                            },
                            LineLine2d::Point {
                                s: qs,
                                t: qt,
                                point: qp,
                            },
                        ) => {
                            assert_eq!((qs, qt, qp), (&st, &tt, &pt), "exact rational s, t, point");
                            assert!(nearest(*fs, &st) && nearest(*ft, &tt), "s, t rounding");
                            assert!(nearest(fp[0], &pt[0]) && nearest(fp[1], &pt[1]), "point");
                        }
                        other => panic!("expected a point, got {other:?}"),
                    }
                }
            }
            if !z1 && !z2 {
                assert_eq!(try_line_line_2d(&o1, &d1, &o2, &d2), Ok(got));
            } else {
                let argument = if z1 { 1 } else { 3 };
                assert_eq!(bad, Some(InputError::ZeroDirection { argument }));
            }
        }
        _ => {
            if s.bool() {
                let (o1, d1, o2, d2) = (s.pt3(), s.dir3(), s.pt3(), s.dir3());
                let got = line_line_closest(&o1, &d1, &o2, &d2);
                match lines_error([&o1, &d1, &o2, &d2]) {
                    Some(e) => assert_eq!(try_line_line_closest(&o1, &d1, &o2, &d2), Err(e)),
                    None => assert_eq!(try_line_line_closest(&o1, &d1, &o2, &d2), Ok(got)),
                }
                if !all_finite(o1.iter().chain(&d1).chain(&o2).chain(&d2)) {
                    assert_eq!(got, None);
                    assert!(try_line_line_closest(&o1, &d1, &o2, &d2).is_err());
                    return;
                }
                let (qo1, qd1, qo2, qd2) = (q3(&o1), q3(&d1), q3(&o2), q3(&d2));
                let c = cross(&qd1, &qd2);
                let qgot = line_line_closest(&qo1, &qd1, &qo2, &qd2);
                if c.iter().all(Zero::is_zero) {
                    assert_eq!(got, None, "parallel lines");
                    assert_eq!(qgot, None);
                } else {
                    let (qs, qt) = qgot
                        .clone()
                        .expect("non-parallel lines have closest points");
                    let p1: [Q; 3] = core::array::from_fn(|i| &qo1[i] + &qs * &qd1[i]);
                    let p2: [Q; 3] = core::array::from_fn(|i| &qo2[i] + &qt * &qd2[i]);
                    let v = sub(&p1, &p2);
                    assert!(
                        dot(&v, &qd1).is_zero() && dot(&v, &qd2).is_zero(),
                        "not closest"
                    );
                    let (fs, ft) = got.expect("f64 closest points");
                    assert!(
                        nearest(fs, &qs) && nearest(ft, &qt),
                        "({fs}, {ft}) vs ({qs}, {qt})"
                    );
                    let sw = line_line_closest(&o2, &d2, &o1, &d1);
                    assert_eq!(sw, Some((ft, fs)), "swapping the lines swaps s and t");
                }
            } else {
                let pl: [Plane<f64>; 3] = core::array::from_fn(|_| Plane::new(s.dir3(), s.f64()));
                let got = three_planes(&pl[0], &pl[1], &pl[2]);
                // Plane i is argument i: a non-finite normal, then offset, then a zero
                // normal (refused by every try_ form that takes a plane; three_planes
                // itself answers None).
                let bad = pl.iter().enumerate().find_map(|(i, p)| {
                    non_finite_point(i, "normal", None, &p.normal)
                        .or_else(|| non_finite_number(i, "offset", p.offset))
                        .or_else(|| {
                            (p.normal == [0.0; 3])
                                .then_some(InputError::ZeroDirection { argument: i })
                        })
                });
                match bad {
                    Some(e) => assert_eq!(try_three_planes(&pl[0], &pl[1], &pl[2]), Err(e)),
                    None => assert_eq!(try_three_planes(&pl[0], &pl[1], &pl[2]), Ok(got)),
                }
                if pl.iter().any(|p| p.normal == [0.0; 3]) {
                    assert_eq!(got, None, "a zero normal");
                }
                if !all_finite(pl.iter().flat_map(|p| p.normal.iter().chain([&p.offset]))) {
                    assert_eq!(got, None);
                    assert!(try_three_planes(&pl[0], &pl[1], &pl[2]).is_err());
                    return;
                }
                let qn: Vec<[Q; 3]> = pl.iter().map(|p| q3(&p.normal)).collect();
                let qd: Vec<Q> = pl.iter().map(|p| q(p.offset)).collect();
                let det = dot(&qn[0], &cross(&qn[1], &qn[2]));
                let qpl: Vec<Plane<Q>> = (0..3)
                    .map(|i| Plane::new(qn[i].clone(), qd[i].clone()))
                    .collect();
                let qgot = three_planes(&qpl[0], &qpl[1], &qpl[2]);
                if det.is_zero() {
                    assert_eq!(got, None);
                    assert_eq!(qgot, None);
                } else {
                    let x = qgot.expect("independent normals meet in a point");
                    for i in 0..3 {
                        assert!((dot(&qn[i], &x) + &qd[i]).is_zero(), "point off plane {i}");
                    }
                    let fx = got.expect("f64 point");
                    assert!((0..3).all(|i| nearest(fx[i], &x[i])), "{fx:?} vs {x:?}");
                    assert_eq!(three_planes(&pl[2], &pl[0], &pl[1]), got, "plane order");
                }
                if let Ok(x) = try_three_planes(&pl[0], &pl[1], &pl[2]) {
                    assert_eq!(x, got);
                }
            }
        }
    }
});

trait MapOrQ {
    fn map_or_q(&self) -> LineLine2d<Q>;
}
impl MapOrQ for LineLine2d<f64> {
    fn map_or_q(&self) -> LineLine2d<Q> {
        match self {
            LineLine2d::Coincident => LineLine2d::Coincident,
            LineLine2d::Parallel => LineLine2d::Parallel,
            LineLine2d::Point { .. } => unreachable!(),
        }
    }
}
