//! The `_bounded` constructions (`line_line_2d_bounded`,
//! `segment_segment_2d_intersection_bounded`, `segment_segment_3d_intersection_bounded`,
//! `three_planes_bounded`) against the independent exact oracles of `overlap_lines`
//! (Gaussian elimination, the Gram system), in `BigRational`.
//!
//! Every case checks that the answer's kind (point, parallel, coincident; the segment
//! contact; a point or none) is the oracle's, that every returned number is within its
//! stated error of the exact value (`|value − exact| ≤ error`, compared exactly), that the
//! error meets the documented quality (`error ≤ 2^-40·|value| + ulp(value)`, `0` for
//! rationals and for input points handed back), in `f64`, `f32` and `BigRational`.
//! Generators are adversarial: directions one ulp from parallel, full mantissas with
//! exponents across the fast path's window (`2^±240`), coordinates scaled by `2^±500`
//! and into the subnormals, small segments far from the origin (offsets `2^40` and
//! more), crossings exactly at end points, exactly parallel and coincident lines.
//! Each test also counts the values whose bound is wider than half an ulp (only the
//! `f64` formula gives those; the correctly rounded fallback gives half an ulp), so a
//! change that silently sent everything to the fallback fails (`fast_path_is_taken`).

#![allow(clippy::needless_range_loop)]

use isect::overlap::*;
use isect::{Plane, Scalar, Segment};
use isect_testkit::float::{mul_pow2_f64, nudge};
use isect_testkit::q::{q as qf, q_pow2};
use isect_testkit::{Q, Rng, cases};
use num_traits::{Signed, Zero};

use super::overlap_lines::{
    crossing2, exp_class, full, oracle, oracle_lines_2d, oracle_planes, planes_in,
};

/// `|b.value − exact| ≤ b.error` exactly, and the documented quality of the bound:
/// `error ≤ 2^-40·|value| + ulp(value)` for floats, `error = 0` for exact types.
/// Returns whether the bound is wider than half an ulp of the value (only the `f64`
/// formula gives such bounds: the correctly rounded fallback gives half an ulp).
fn check_bound<T: Scalar + std::fmt::Debug>(b: &Bounded<T>, exact: &Q, what: &str) -> bool {
    let err = b.error.to_rational();
    let Some(value) = b.value.to_rational() else {
        // An infinite value: only from the correctly rounded path, with an infinite bound.
        assert!(
            !b.error.is_finite(),
            "{what}: {b:?} infinite with a finite bound"
        );
        return false;
    };
    let err = err.unwrap_or_else(|| panic!("{what}: {b:?} has an infinite bound"));
    assert!(!err.is_negative(), "{what}: {b:?}");
    assert!(
        (&value - exact).abs() <= err,
        "{what}: {b:?} is not within its bound of {exact}"
    );
    if T::FLOAT.is_none() {
        assert!(err.is_zero(), "{what}: an exact type with a bound {b:?}");
        return false;
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
    let quality = value.abs() * q_pow2(-40) + &ulp;
    assert!(
        err <= quality,
        "{what}: {b:?} bound wider than 2^-40|v| + ulp"
    );
    err * Q::from_integer(2.into()) > ulp
}

/// A point handed back from the input: as given, with zero bounds.
fn check_exact_point<T: Scalar + std::fmt::Debug, const N: usize>(
    p: &[Bounded<T>; N],
    exact: &[Q],
    what: &str,
) {
    for (b, x) in p.iter().zip(exact) {
        assert_eq!(b.value.to_rational().as_ref(), Some(x), "{what}: {p:?}");
        assert!(b.error.is_zero(), "{what}: {p:?}");
    }
}

/// How many values the `f64` formula answered (bounds wider than half an ulp) and how
/// many were checked at all.
#[derive(Default, Debug)]
struct Tally {
    wide: usize,
    values: usize,
}

impl Tally {
    fn add(&mut self, wide: bool) {
        self.values += 1;
        self.wide += usize::from(wide);
    }
}

// ---------------------------------------------------------------------------------------
// 2D lines
// ---------------------------------------------------------------------------------------

fn conv2<T: Scalar>(v: &[[f64; 2]; 4], f: impl Fn(f64) -> T + Copy) -> [[T; 2]; 4] {
    v.map(|p| p.map(f))
}

/// `line_line_2d_bounded` in `T` against the oracle's answer for the exact inputs `v`.
fn check_lines_in<T: Scalar + std::fmt::Debug>(
    v: &[[f64; 2]; 4],
    f: impl Fn(f64) -> T + Copy,
    want: &Result<(Q, Q), bool>,
    tally: &mut Tally,
) {
    let p = conv2(v, f);
    let got = line_line_2d_bounded(&p[0], &p[1], &p[2], &p[3]);
    match (want, &got) {
        (Err(true), LineLine2d::Coincident) | (Err(false), LineLine2d::Parallel) => {}
        (
            Ok((s, t)),
            LineLine2d::Point {
                s: bs,
                t: bt,
                point,
            },
        ) => {
            let q: Vec<Vec<Q>> = v
                .iter()
                .map(|p| p.iter().map(|&x| qf(x)).collect())
                .collect();
            tally.add(check_bound(bs, s, &format!("s {v:?}")));
            tally.add(check_bound(bt, t, &format!("t {v:?}")));
            for k in 0..2 {
                let x = &q[0][k] + s * &q[1][k];
                tally.add(check_bound(&point[k], &x, &format!("point[{k}] {v:?}")));
            }
        }
        _ => panic!("{v:?}: {got:?}, oracle {want:?}"),
    }
    if let Ok(r) = try_line_line_2d_bounded(&p[0], &p[1], &p[2], &p[3]) {
        assert_eq!(r, got);
    }
}

/// One case in `f64`, `BigRational`, and `f32` when the coordinates are `f32` values.
fn check_lines(v: &[[f64; 2]; 4], tally: &mut Tally) -> &'static str {
    if !v.iter().flatten().all(|x| x.is_finite()) {
        return "skipped";
    }
    let q: Vec<Vec<Q>> = v
        .iter()
        .map(|p| p.iter().map(|&x| qf(x)).collect())
        .collect();
    let want = oracle_lines_2d(&q[0], &q[1], &q[2], &q[3]);
    check_lines_in::<f64>(v, |x| x, &want, tally);
    check_lines_in::<Q>(v, qf, &want, &mut Tally::default());
    if v.iter().flatten().all(|&x| f64::from(x as f32) == x) {
        check_lines_in::<f32>(v, |x| x as f32, &want, &mut Tally::default());
    }
    match want {
        Ok(_) => "point",
        Err(true) => "coincident",
        Err(false) => "parallel",
    }
}

/// A random 2D line case of family `i`: uniform, small integers (parallel, coincident),
/// one ulp from parallel, far from the origin, full mantissas across the window.
fn lines_case(r: &mut Rng, i: u32) -> [[f64; 2]; 4] {
    let unit = |r: &mut Rng| [r.next_f64() - 0.5, r.next_f64() - 0.5];
    match i % 7 {
        0 => std::array::from_fn(|_| unit(r)),
        6 => {
            // Nearly parallel by 2^-5 to 2^-14 (rounded): the denominator's rounding
            // dominates the error, and the f64 formula still answers.
            let (o1, d1) = (unit(r), unit(r));
            let k = 5 + (i / 7) % 10;
            let eps = mul_pow2_f64(r.next_f64() + 0.5, -(k as i32));
            let d2 = [d1[0] - eps * d1[1], d1[1] + eps * d1[0]];
            [o1, d1, unit(r), d2]
        }
        1 => std::array::from_fn(|_| std::array::from_fn(|_| r.range(-2, 2) as f64)),
        2 => {
            // One ulp (or a few) from parallel, through a common point or not.
            let (o1, d1) = (unit(r), unit(r));
            let mut d2 = d1.map(|x| x * 4.0);
            for _ in 0..(i / 6) % 3 {
                d2[(i / 18) as usize % 2] = d2[(i / 18) as usize % 2].next_up();
            }
            let k = r.range(-3, 3) as f64;
            let o2 = if (i / 6).is_multiple_of(2) || (i / 6).is_multiple_of(3) {
                [o1[0] + k * d1[0], o1[1] + k * d1[1]]
            } else {
                unit(r)
            };
            [o1, d1, o2, d2]
        }
        3 => {
            // Small lines far from the origin: offsets 2^40 to 2^60.
            let off = mul_pow2_f64(1.0, 40 + (i % 21) as i32);
            let o1 = unit(r).map(|x| off + x);
            let o2 = unit(r).map(|x| off + x);
            [o1, unit(r), o2, unit(r)]
        }
        4 => {
            let (lo, hi) = exp_class(i / 6);
            std::array::from_fn(|_| [full(r, lo, hi), full(r, lo, hi)])
        }
        _ => {
            // Meeting exactly at the first origin (s = 0) or at the origin.
            let (d1, d2) = (unit(r), unit(r));
            let o1 = if i % 4 == 1 { [0.0, 0.0] } else { unit(r) };
            let k = r.range(-4, 4) as f64;
            [o1, d1, [o1[0] + k * d2[0], o1[1] + k * d2[1]], d2]
        }
    }
}

#[test]
fn line_line_2d_bounded_against_elimination() {
    let mut r = Rng::new(0xB0_0D);
    let mut seen = std::collections::HashMap::new();
    let mut tally = Tally::default();
    for i in 0..cases(3000) {
        let mut v = lines_case(&mut r, i);
        if i.is_multiple_of(7) {
            // Every coordinate scaled alike: 2^±500, 2^±1000, into the subnormals.
            let s = [500, -500, 1000, -1000, -1060][(i / 7) as usize % 5];
            v = v.map(|p| p.map(|x| mul_pow2_f64(x, s)));
        }
        *seen.entry(check_lines(&v, &mut tally)).or_insert(0) += 1;
        // The same lines in f32 precision.
        check_lines(
            &v.map(|p| p.map(|x| f64::from(x as f32))),
            &mut Tally::default(),
        );
    }
    for class in ["point", "parallel", "coincident"] {
        assert!(
            seen.get(class).copied().unwrap_or(0) > 30,
            "{class}: {seen:?}"
        );
    }
    // (the f64 formula answers most values: random, far and full-mantissa families)
    assert!(tally.wide > tally.values / 3, "{tally:?}");
}

// ---------------------------------------------------------------------------------------
// Segments
// ---------------------------------------------------------------------------------------

/// `segment_segment_2d_intersection_bounded` in `T` against the oracle, in two argument
/// orders (the crossing point is constructed from the first segment).
fn check_segments_in<T: Scalar + std::fmt::Debug>(
    pts: &[[f64; 2]; 4],
    f: impl Fn(f64) -> T + Copy,
    tally: &mut Tally,
) -> SegmentContact {
    let q: Vec<Vec<Q>> = pts
        .iter()
        .map(|p| p.iter().map(|&x| qf(x)).collect())
        .collect();
    let o = oracle(&q[0], &q[1], &q[2], &q[3]);
    let p = conv2(pts, f);
    for [a, b, c, d] in [[0, 1, 2, 3], [3, 2, 1, 0]] {
        let r = segment_segment_2d_intersection_bounded(&p[a], &p[b], &p[c], &p[d]);
        assert_eq!(r.contact(), o.kind, "{pts:?}");
        let what = format!("{pts:?} order {a}{b}{c}{d}");
        match &r {
            SegmentIntersection::Disjoint => {}
            SegmentIntersection::Touching(x) => check_exact_point(x, &o.points[0], &what),
            SegmentIntersection::Crossing(x) => {
                for k in 0..2 {
                    tally.add(check_bound(&x[k], &o.points[0][k], &what));
                }
            }
            SegmentIntersection::CollinearOverlap(x, y) => {
                let mut got = [x, y].map(|p| p.iter().map(|b| b.value.to_rational().unwrap()));
                let got: Vec<Vec<Q>> = got.iter_mut().map(|i| i.collect()).collect();
                let mut got = got;
                got.sort();
                let mut want = o.points.clone();
                want.sort();
                assert_eq!(got, want, "{what}");
                check_exact_point(x, &x.clone().map(|b| b.value.to_rational().unwrap()), &what);
                check_exact_point(y, &y.clone().map(|b| b.value.to_rational().unwrap()), &what);
            }
        }
        assert_eq!(
            try_segment_segment_2d_intersection_bounded(&p[a], &p[b], &p[c], &p[d]),
            Ok(r)
        );
    }
    o.kind
}

fn check_segments(pts: &[[f64; 2]; 4], tally: &mut Tally) -> Option<SegmentContact> {
    if !pts.iter().flatten().all(|x| x.is_finite()) {
        return None;
    }
    let kind = check_segments_in::<f64>(pts, |x| x, tally);
    check_segments_in::<Q>(pts, qf, &mut Tally::default());
    if pts.iter().flatten().all(|&x| f64::from(x as f32) == x) {
        check_segments_in::<f32>(pts, |x| x as f32, &mut Tally::default());
    }
    Some(kind)
}

/// The contact kinds met and the bound tally over a run of 2D segment cases.
#[derive(Default, Debug)]
struct SegmentRun {
    /// Disjoint, touching, crossing, overlap.
    kinds: [usize; 4],
    tally: Tally,
}

impl SegmentRun {
    /// [`check_segments`] on `p`, its contact counted; false for non-finite input.
    fn check(&mut self, p: &[[f64; 2]; 4]) -> bool {
        let Some(kind) = check_segments(p, &mut self.tally) else {
            return false;
        };
        self.kinds[kind as usize] += 1;
        true
    }

    /// `p` scaled by `2^s`, checked in both segments' roles.
    fn check_both_roles(&mut self, p: [[f64; 2]; 4], s: i32) {
        let p = p.map(|x| x.map(|c| mul_pow2_f64(c, s)));
        self.check(&p);
        self.check(&[p[2], p[3], p[0], p[1]]);
    }

    /// Of `n` cases: more than `n/k` crossing and disjoint pairs, some touching, and more
    /// than `1/w` of the values from the `f64` formula.
    fn assert_mix(&self, n: u32, k: usize, w: usize) {
        let [disjoint, touching, crossing, _] = self.kinds;
        let n = n as usize;
        assert!(crossing > n / k && disjoint > n / k, "{self:?}");
        assert!(touching > 0, "{self:?}");
        assert!(self.tally.wide > self.tally.values / w, "{self:?}");
    }
}

/// `segment_segment_3d_intersection_bounded` on a coplanar lift of a 2D case, against the
/// oracle in 3D.
fn check_segments_3d(pts: &[[f64; 3]; 4], tally: &mut Tally) {
    let q: Vec<Vec<Q>> = pts
        .iter()
        .map(|p| p.iter().map(|&x| qf(x)).collect())
        .collect();
    let o = oracle(&q[0], &q[1], &q[2], &q[3]);
    let (a, b) = (Segment::new(pts[0], pts[1]), Segment::new(pts[2], pts[3]));
    let r = segment_segment_3d_intersection_bounded(&a, &b);
    assert_eq!(r.contact(), o.kind, "{pts:?}");
    match &r {
        SegmentIntersection::Touching(x) => check_exact_point(x, &o.points[0], "3d touch"),
        SegmentIntersection::Crossing(x) => {
            for k in 0..3 {
                tally.add(check_bound(&x[k], &o.points[0][k], &format!("3d {pts:?}")));
            }
        }
        _ => {}
    }
    let aq = Segment::new(pts[0].map(qf), pts[1].map(qf));
    let bq = Segment::new(pts[2].map(qf), pts[3].map(qf));
    let rq = segment_segment_3d_intersection_bounded(&aq, &bq);
    assert_eq!(rq.contact(), o.kind);
    if let SegmentIntersection::Crossing(x) = &rq {
        for k in 0..3 {
            check_bound(&x[k], &o.points[0][k], "3d rational");
        }
    }
    assert_eq!(try_segment_segment_3d_intersection_bounded(&a, &b), Ok(r));
}

/// Segments of family `i`: `crossing2`'s (full mantissas across the window, nearly
/// parallel, through the origin, far away), small-integer grids (end points exactly on
/// the other segment, collinear overlaps), and segments of unit size at offsets
/// `2^40`–`2^60`.
fn segments_case(r: &mut Rng, i: u32) -> [[f64; 2]; 4] {
    match i % 7 {
        5 if i.is_multiple_of(2) => {
            // Collinear on a small grid: overlaps, end-to-end touches, gaps.
            let (a, d) = ([r.range(-3, 3) as f64, r.range(-3, 3) as f64], [1.0, 2.0]);
            std::array::from_fn(|_| {
                let k = r.range(-3, 3) as f64;
                [a[0] + k * d[0], a[1] + k * d[1]]
            })
        }
        5 => std::array::from_fn(|_| std::array::from_fn(|_| r.range(-3, 3) as f64)),
        6 => {
            let off = mul_pow2_f64(1.0, 40 + (i % 21) as i32);
            let c = [off, -off];
            let mut p: [[f64; 2]; 4] =
                std::array::from_fn(|_| std::array::from_fn(|k| c[k] + r.next_f64() * 4.0));
            if i.is_multiple_of(3) {
                // q0 exactly on p0p1 (its midpoint, exact here): a crossing at an end point.
                p[2] = [(p[0][0] + p[1][0]) / 2.0, (p[0][1] + p[1][1]) / 2.0];
            }
            p
        }
        _ => crossing2(r, i),
    }
}

#[test]
fn segment_crossing_points_bounded_against_the_gram_oracle() {
    let mut r = Rng::new(0x5E6B);
    let mut run = SegmentRun::default();
    let n = cases(1500);
    for i in 0..n {
        let mut p = segments_case(&mut r, i);
        if i.is_multiple_of(11) {
            let s = [500, -500, -1000, 1000, -1070][(i / 11) as usize % 5];
            p = p.map(|x| x.map(|c| mul_pow2_f64(c, s)));
        }
        if !run.check(&p) {
            continue;
        }
        check_segments(
            &p.map(|x| x.map(|c| f64::from(c as f32))),
            &mut Tally::default(),
        );
        // A coplanar 3D copy (z = x: the dropped coordinate is not constant; or z = c).
        let c = full(&mut r, -8, 8);
        let p3 = p.map(|x| {
            if i.is_multiple_of(2) {
                [x[0], x[1], x[0]]
            } else {
                [c, x[0], x[1]]
            }
        });
        if p3.iter().flatten().all(|x| x.is_finite()) {
            check_segments_3d(&p3, &mut run.tally);
        }
    }
    let [disjoint, touching, crossing, overlap] = run.kinds;
    assert!(crossing > n as usize / 4, "{run:?}");
    assert!(touching > 20 && disjoint > 20 && overlap > 5, "{run:?}");
    assert!(run.tally.wide > run.tally.values / 3, "{run:?}");
}

/// Segments whose orientations sit where the `f64` crossing test decides: an end point
/// `q0` rounded onto `p0p1` (its exact orientation a few ulps of the terms, often zero),
/// nudged by `±k` ulps, or moved off the line by `2^-j` of the segment for `j` around
/// the test's threshold (about `2^-30` of the terms) and its error bound (`2^-50`);
/// dyadic grids where end points lie exactly on the other segment, segments exactly
/// parallel or collinear; one segment `2^-30`–`2^-60` the size of the other; all at
/// scales `2^±500`, `2^±1000`, `2^-530`–`2^-545` (products partly subnormal) and in the
/// subnormals. `q1` lies on the far side, on the
/// same side, or on the line too.
fn boundary_case(r: &mut Rng, i: u32) -> [[f64; 2]; 4] {
    let p0 = [full(r, -4, 4), full(r, -4, 4)];
    let p1 = [full(r, -4, 4), full(r, -4, 4)];
    let d = [p1[0] - p0[0], p1[1] - p0[1]];
    let n = [-d[1], d[0]];
    // A point of p0p1 (an end point on some cases), rounded.
    let lam = match i % 5 {
        0 => 0.0,
        1 => 1.0,
        _ => r.next_f64(),
    };
    let c = [p0[0] + lam * d[0], p0[1] + lam * d[1]];
    let side = [1.0, -1.0, 0.0][(i / 5) as usize % 3];
    let far = |mu: f64| [c[0] + mu * n[0], c[1] + mu * n[1]];
    match (i / 15) % 4 {
        // Rounded onto the line, nudged by k ulps in y.
        0 => {
            let mut q0 = c;
            for _ in 0..(i / 60) % 5 {
                q0[1] = if i.is_multiple_of(2) {
                    q0[1].next_up()
                } else {
                    q0[1].next_down()
                };
            }
            [p0, p1, q0, far(side * full(r, -3, 0).abs())]
        }
        // Off the line by 2^-j of the segment, j straddling the threshold.
        1 => {
            let j = 20 + (i / 60) % 36;
            let mu = mul_pow2_f64(r.next_f64() + 0.5, -(j as i32));
            let q0 = far(if i.is_multiple_of(2) { mu } else { -mu });
            [p0, p1, q0, far(side * full(r, -3, 0).abs())]
        }
        // Dyadic grid: end points exactly on the other segment, or parallel, collinear.
        2 => {
            let g = |r: &mut Rng| r.range(-16, 16) as f64;
            let (a, v) = ([g(r), g(r)], [g(r), g(r)]);
            let at = |k: f64| [a[0] + k * v[0] / 8.0, a[1] + k * v[1] / 8.0];
            let k = r.range(0, 8) as f64;
            let w = [g(r), g(r)];
            match (i / 60) % 3 {
                0 => [at(0.0), at(8.0), at(k), [at(k)[0] + w[0], at(k)[1] + w[1]]],
                1 => {
                    let sh = [v[1] * side, -v[0] * side];
                    let q = |k: f64| [at(k)[0] + sh[0], at(k)[1] + sh[1]];
                    [at(0.0), at(8.0), q(k - 4.0), q(k + 4.0)]
                }
                _ => [at(0.0), at(8.0), at(k - 6.0), at(k + 3.0)],
            }
        }
        // Mixed magnitudes: a short segment through a point near the long one's line.
        _ => {
            let h = mul_pow2_f64(1.0, -30 - (i / 60 % 31) as i32);
            let q0 = far(side * h * r.next_f64());
            let u = [full(r, -2, 0) * h, full(r, -2, 0) * h];
            [
                p0,
                p1,
                [q0[0] - u[0], q0[1] - u[1]],
                [q0[0] + u[0], q0[1] + u[1]],
            ]
        }
    }
}

#[test]
fn segment_crossing_signs_at_the_certification_boundary() {
    let mut r = Rng::new(0xB0DE);
    let mut run = SegmentRun::default();
    let n = cases(1800);
    // Scales where the products are partly subnormal (2^-530–2^-545) too.
    let scales = [0, 500, -500, 1000, -1000, -1060, -530, -537, -545];
    for i in 0..n {
        let s = scales[(i / 7) as usize % scales.len()];
        let p = boundary_case(&mut r, i).map(|x| x.map(|c| mul_pow2_f64(c, s)));
        // Both segments' roles.
        run.check(&p);
        run.check(&[p[2], p[3], p[0], p[1]]);
    }
    let [disjoint, touching, crossing, overlap] = run.kinds;
    assert!(crossing > n as usize / 5, "{run:?}");
    assert!(
        touching > n as usize / 20 && disjoint > n as usize / 10,
        "{run:?}"
    );
    assert!(overlap > 5, "{run:?}");
    // The fast path answers a good share of these (not only the fallback).
    assert!(run.tally.wide > run.tally.values / 10, "{run:?}");
}

/// The powers of two the near-end-point crossing tests scale their cases by (those of the
/// boundary test but `-537`): large, small, and products partly subnormal.
const NEAR_END_SCALES: [i32; 8] = [0, 500, -500, 1000, -1000, -1060, -530, -545];

/// The magnitude `M` of the 2D crossing test (proofs/bounded_constructions.md §3), where
/// the denominator's terms `|dₖ||e₍₁₋ₖ₎|` sit beside the numerator's: `p0` within
/// `2^-12`–`2^-40` of `q0` (the offset `f = q0 − p0` tiny, so the threshold rests on the
/// denominator's terms alone), and `p1` rounded onto `q`'s line and nudged by ulps (or
/// moved off it by `2^-20`–`2^-50` of `q`), so that `den − b` (the orientation of `p1`) is
/// at or near the rounding level of `den`'s own terms; at [`NEAR_END_SCALES`], in both
/// roles. Most of these the `f64` test
/// must refuse (the exact classification answers); a threshold without the denominator's
/// terms certifies wrong contacts here.
#[test]
fn segment_crossing_from_near_an_end_point() {
    let mut r = Rng::new(0xF0F0);
    let mut run = SegmentRun::default();
    let n = cases(1200);
    for i in 0..n {
        let s = NEAR_END_SCALES[(i / 5) as usize % NEAR_END_SCALES.len()];
        let q0 = [full(&mut r, -4, 4), full(&mut r, -4, 4)];
        let q1 = [full(&mut r, -4, 4), full(&mut r, -4, 4)];
        let e = [q1[0] - q0[0], q1[1] - q0[1]];
        let h = mul_pow2_f64(1.0, -12 - (i % 29) as i32);
        let p0 = [
            q0[0] + h * full(&mut r, -2, 0),
            q0[1] + h * full(&mut r, -2, 0),
        ];
        // A point of q's line beyond either end or inside, rounded, nudged by k ulps.
        let lam = [0.5, 1.0, 2.0, -1.0, r.next_f64()][(i / 29) as usize % 5];
        let mut p1 = [q0[0] + lam * e[0], q0[1] + lam * e[1]];
        if (i / 7) % 4 == 3 {
            // Off the line by 2^-20–2^-50 of e, across the threshold.
            let mu = mul_pow2_f64(
                if i.is_multiple_of(2) { 1.0 } else { -1.0 },
                -20 - (i % 31) as i32,
            );
            p1 = [p1[0] - mu * e[1], p1[1] + mu * e[0]];
        }
        let k = ((i / 7) % 3) as i32;
        p1[(i % 2) as usize] = nudge(
            p1[(i % 2) as usize],
            if (i / 3).is_multiple_of(2) { k } else { -k },
        );
        run.check_both_roles([p0, p1, q0, q1], s);
        // q0 beside p0, off p's line by 2^-23–2^-30 of p, and q1 rounded onto p's line
        // inside p (nudged by ulps): the orientation of q1, den − a, at the rounding level
        // of den's terms while the other three are certain.
        let (a0, a1) = (
            [full(&mut r, -4, 4), full(&mut r, -4, 4)],
            [full(&mut r, -4, 4), full(&mut r, -4, 4)],
        );
        let v = [a1[0] - a0[0], a1[1] - a0[1]];
        let w = mul_pow2_f64(
            if (i / 2).is_multiple_of(2) { 1.0 } else { -1.0 },
            -23 - (i % 8) as i32,
        );
        let b0 = [a0[0] - w * v[1], a0[1] + w * v[0]];
        let lam = 0.2 + 0.6 * r.next_f64();
        let mut b1 = [a0[0] + lam * v[0], a0[1] + lam * v[1]];
        let k = ((i / 3) % 3) as i32;
        b1[(i % 2) as usize] = nudge(
            b1[(i % 2) as usize],
            if (i / 5).is_multiple_of(2) { k } else { -k },
        );
        run.check_both_roles([a0, a1, b0, b1], s);
    }
    // At the rounding level by construction: the `f64` test answers about 1%.
    run.assert_mix(n, 10, 200);
}

/// The one magnitude `M = (|d₀| + |e₀| + |f₀|)(|d₁| + |e₁| + |f₁|)` of the 2D crossing
/// test (proofs/bounded_constructions.md §3) where one of the three vectors carries it: a
/// segment `p` of length `2^-20`–`2^-45` of a long segment `q`, with `p0` rounded onto
/// `q`'s line within that length of `q0` (then nudged by ulps), and `p1` across the line
/// (so `d` and `f` are tiny and the terms of `b = f × e` and `den = d × e` rest on `|e|`),
/// `q0` within `2^-20`–`2^-45` of the origin so that `p0` can lie on `q`'s line to
/// within the rounding of `b`'s terms; at [`NEAR_END_SCALES`], in both roles.
/// `b` sits at the rounding level of its terms: the test must refuse these; a magnitude
/// without `|e|` certifies wrong contacts here.
#[test]
fn segment_crossing_short_against_long() {
    let mut r = Rng::new(0x5407);
    let mut run = SegmentRun::default();
    let n = cases(1200);
    for i in 0..n {
        let s = NEAR_END_SCALES[(i / 3) as usize % NEAR_END_SCALES.len()];
        // q0 within h of the origin, so that p0 beside it has coordinates of size h and
        // can lie on q's line to within the rounding of its terms.
        let h = mul_pow2_f64(1.0, -20 - (i % 26) as i32);
        let q0 = [h * (r.next_f64() - 0.5), h * (r.next_f64() - 0.5)];
        let q1 = [full(&mut r, -4, 4), full(&mut r, -4, 4)];
        let e = [q1[0] - q0[0], q1[1] - q0[1]];
        // On q's line, within h of q0 (inside q or just before it), rounded, nudged.
        let lam = h * (r.next_f64() - [0.0, 0.5][(i / 26) as usize % 2]);
        let mut p0 = [q0[0] + lam * e[0], q0[1] + lam * e[1]];
        let k = ((i / 5) % 4) as i32;
        p0[(i % 2) as usize] = nudge(
            p0[(i % 2) as usize],
            if (i / 2).is_multiple_of(2) { k } else { -k },
        );
        // Across the line by about h, with a tilt along it.
        let side = if (i / 4).is_multiple_of(2) { 1.0 } else { -1.0 };
        let (a, c) = (side * h * (0.5 + r.next_f64()), h * (r.next_f64() - 0.5));
        let p1 = [p0[0] - a * e[1] + c * e[0], p0[1] + a * e[0] + c * e[1]];
        run.check_both_roles([p0, p1, q0, q1], s);
    }
    // The f64 test answers the pairs whose end point is off the line by more than its
    // threshold (the nudged ones); the others go to the exact classification.
    run.assert_mix(n, 5, 100);
}

// ---------------------------------------------------------------------------------------
// Three planes
// ---------------------------------------------------------------------------------------

fn check_planes_in<T: Scalar + std::fmt::Debug>(
    n: &[[f64; 3]; 3],
    d: &[f64; 3],
    f: impl Fn(f64) -> T + Copy,
    want: &Option<Vec<Q>>,
    tally: &mut Tally,
) {
    let ps: Vec<Plane<T>> = (0..3).map(|k| Plane::new(n[k].map(f), f(d[k]))).collect();
    let got = three_planes_bounded(&ps[0], &ps[1], &ps[2]);
    match (want, &got) {
        (None, None) => {}
        (Some(x), Some(b)) => {
            for k in 0..3 {
                tally.add(check_bound(&b[k], &x[k], &format!("{n:?} {d:?} [{k}]")));
            }
        }
        _ => panic!("{n:?} {d:?}: {got:?}, oracle {want:?}"),
    }
    if let Ok(r) = try_three_planes_bounded(&ps[0], &ps[1], &ps[2]) {
        assert_eq!(r, got);
    }
}

/// [`check_planes_in`] in `f64` (counted in `tally`), in `f32` where the rounded input
/// is finite, and in rationals when `rationals`; the oracle's answers counted.
fn check_planes(
    n: [[f64; 3]; 3],
    d: [f64; 3],
    rationals: bool,
    points: &mut usize,
    singular: &mut usize,
    tally: &mut Tally,
) {
    for f32 in [false, true] {
        let Some((n, d)) = planes_in(f32, n, d) else {
            continue;
        };
        let want = oracle_planes(&n.map(|p| p.map(qf)), &d.map(qf));
        match want {
            Some(_) => *points += 1,
            None => *singular += 1,
        }
        if f32 {
            check_planes_in::<f32>(&n, &d, |x| x as f32, &want, &mut Tally::default());
        } else {
            check_planes_in::<f64>(&n, &d, |x| x, &want, tally);
            if rationals {
                check_planes_in::<Q>(&n, &d, qf, &want, &mut Tally::default());
            }
        }
    }
}

#[test]
fn three_planes_bounded_against_elimination() {
    let mut r = Rng::new(0x3B0D);
    let (mut points, mut singular) = (0, 0);
    let mut tally = Tally::default();
    let count = cases(1500);
    for i in 0..count {
        let (lo, hi) = exp_class(i);
        let mut n: [[f64; 3]; 3] = std::array::from_fn(|_| {
            std::array::from_fn(|_| match i % 3 {
                0 => r.next_f64() * 2.0 - 1.0,
                1 => full(&mut r, lo, hi),
                _ => r.range(-2, 2) as f64,
            })
        });
        let mut d: [f64; 3] = std::array::from_fn(|_| full(&mut r, lo, hi));
        match i % 7 {
            // Dependent normals (exactly on the small grid), then nudged by ulps.
            1 | 2 => {
                n[2] = std::array::from_fn(|k| n[0][k] + n[1][k]);
                for _ in 0..i % 3 {
                    n[2][i as usize % 3] = n[2][i as usize % 3].next_up();
                }
            }
            // The point at the origin, or on a coordinate plane.
            3 => d = [0.0; 3],
            4 => d[i as usize % 3] = 0.0,
            // Planes through a point far from the origin (offset 2^40 and more).
            5 => {
                let x: [f64; 3] =
                    std::array::from_fn(|_| mul_pow2_f64(1.0 + r.next_f64(), 40 + (i % 20) as i32));
                d = std::array::from_fn(|j| -(n[j][0] * x[0] + n[j][1] * x[1] + n[j][2] * x[2]));
            }
            _ => {}
        }
        if i.is_multiple_of(9) {
            let s = [500, -500, -1000, 1000, -1070][(i / 9) as usize % 5];
            n = n.map(|p| p.map(|x| mul_pow2_f64(x, s)));
            d = d.map(|x| mul_pow2_f64(x, s));
        }
        check_planes(n, d, true, &mut points, &mut singular, &mut tally);
    }
    assert!(
        points > count as usize && singular > 20,
        "{points} {singular}"
    );
    assert!(tally.wide > tally.values / 3, "{tally:?}");
}

/// The bounds of the first `f64` try for three planes (the largest component of each
/// normal, one numerator bound for the three coordinates; proofs/bounded_constructions.md
/// §4) and the second (componentwise) where the first gives up: planes of very different
/// scales (each plane scaled by its own power of two between `2^-1074` and `2^1000`, so
/// that one cross product of normals is exact, another partly or wholly subnormal),
/// components of one normal spread over `2^±60`, offsets spread over `2^±60` (one
/// coordinate's numerator dominated by one plane), nearly dependent normals (nudged by
/// ulps), and points near the overflow threshold (offsets near `2^1000` against normals
/// near `2^-20`).
#[test]
fn three_planes_bounded_mixed_scales() {
    let mut r = Rng::new(0x3C41);
    let mut tally = Tally::default();
    let (mut points, mut singular) = (0, 0);
    let count = cases(1500);
    let scales = [0, 0, 500, -500, 1000, -1000, -540, -560, -1040, -1074];
    for i in 0..count {
        let spread = [0, 8, 60][i as usize % 3];
        let mut n: [[f64; 3]; 3] =
            std::array::from_fn(|_| std::array::from_fn(|_| full(&mut r, -spread, spread)));
        let mut d: [f64; 3] = std::array::from_fn(|_| full(&mut r, -spread, spread));
        match (i / 3) % 6 {
            // Nearly dependent normals: n₃ = n₁ + n₂ rounded, nudged by ulps.
            0 => {
                n[2] = std::array::from_fn(|k| n[0][k] + n[1][k]);
                for _ in 0..(i / 18) % 4 {
                    let k = (i / 2) as usize % 3;
                    n[2][k] = n[2][k].next_up();
                }
            }
            // A coordinate at zero or tiny: the point on a coordinate plane, moved off it.
            1 => {
                let mut x: [f64; 3] = std::array::from_fn(|_| full(&mut r, -4, 4));
                let k = i as usize % 3;
                x[k] = [0.0, mul_pow2_f64(1.0, -40), mul_pow2_f64(1.0, -12)][(i / 18) as usize % 3];
                d = std::array::from_fn(|j| -(n[j][0] * x[0] + n[j][1] * x[1] + n[j][2] * x[2]));
            }
            // Near overflow: offsets near 2^1000, normals near 2^-20.
            2 => {
                n = n.map(|v| v.map(|x| mul_pow2_f64(x, -20)));
                d = d.map(|x| mul_pow2_f64(x, 1000 - spread as i32));
            }
            _ => {}
        }
        // Each plane at its own scale (the equation scaled: the same point).
        for j in 0..3 {
            let s = scales[(i as usize / 2 + 3 * j + j * j) % scales.len()];
            if (i / 3) % 6 != 2 {
                n[j] = n[j].map(|x| mul_pow2_f64(x, s));
                d[j] = mul_pow2_f64(d[j], s);
            }
        }
        check_planes(n, d, false, &mut points, &mut singular, &mut tally);
    }
    assert!(
        points > count as usize / 2 && singular > 0,
        "{points} {singular}"
    );
    assert!(tally.wide > tally.values / 5, "{tally:?}");
}

/// On random input (the benchmark's distributions) the `f64` formula answers: its bounds
/// are wider than the half ulp of the correctly rounded fallback on most values. This is
/// what makes the forms fast; a regression to the fallback would pass the bound checks.
#[test]
fn fast_path_is_taken() {
    let mut r = Rng::new(7);
    let mut tally = Tally::default();
    for _ in 0..cases(200) {
        let v: [[f64; 2]; 4] = std::array::from_fn(|_| [r.next_f64(), r.next_f64()]);
        check_lines(&v, &mut tally);
        let n: [[f64; 3]; 3] =
            std::array::from_fn(|_| std::array::from_fn(|_| r.next_f64() * 2.0 - 1.0));
        let d: [f64; 3] = std::array::from_fn(|_| r.next_f64() * 2.0 - 1.0);
        let want = oracle_planes(&n.map(|p| p.map(qf)), &d.map(qf));
        check_planes_in::<f64>(&n, &d, |x| x, &want, &mut tally);
    }
    assert!(tally.wide * 10 > tally.values * 9, "{tally:?}");
}

/// Denominators between `2^1022` and `2^1024`, whose reciprocals are subnormal (relative
/// error up to `4u`, not `u`): line/line with direction components near `2^511.5` and
/// three planes with normal components near `2^341`, the quotients of order 1 with full
/// significands (`proofs/bounded_constructions.md` §1, Lemma Q's hypothesis
/// `|den| ≤ 2^1022`).
#[test]
fn huge_denominators_keep_their_bounds() {
    let mut r = Rng::new(0x0041_0B1D);
    let mut tally = Tally::default();
    let big = |r: &mut Rng, k: i32| {
        mul_pow2_f64(1.0 + r.next_f64(), k) * if r.below(2) == 0 { 1.0 } else { -1.0 }
    };
    for _ in 0..cases(400) {
        // |den| = |d1 × d2| ≈ 2^1022..2^1024 with d1 ≈ (2^511, ε), d2 ≈ (ε, 2^511).
        let d1 = [big(&mut r, 511), big(&mut r, 400)];
        let d2 = [big(&mut r, 400), big(&mut r, 511)];
        let o1 = [r.next_f64(), r.next_f64()];
        let o2 = [big(&mut r, 510), big(&mut r, 510)];
        check_lines(&[o1, d1, o2, d2], &mut tally);
        // det ≈ 2^1023 from a dominant diagonal of normals near 2^341.
        let n: [[f64; 3]; 3] = std::array::from_fn(|j| {
            std::array::from_fn(|k| big(&mut r, if j == k { 341 } else { 300 }))
        });
        let d: [f64; 3] = std::array::from_fn(|_| big(&mut r, 341));
        let (mut points, mut singular) = (0, 0);
        check_planes(n, d, false, &mut points, &mut singular, &mut tally);
    }
}
