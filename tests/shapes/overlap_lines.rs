//! `isect::overlap` against an independent exact oracle written here in
//! `BigRational`.
//!
//! The oracle does not share the library's method: segments are classified from the
//! closest points of their lines (a 2×2 Gram system solved exactly), collinearity by the
//! Cauchy–Schwarz equality, order along a line by a dot product; line/line parameters by
//! the Gram system; three planes by Gaussian elimination; OBB/segment by Liang–Barsky
//! clipping in the box's own (exact, rational) coordinates.
//!
//! Inputs: small integers on dyadic grids (many exactly touching, collinear, parallel and
//! coplanar cases), 1-ulp perturbations, uniform random floats, grids scaled to 1e±300
//! and to subnormals; every case is also run in f32 (when exact), BigRational, and under
//! argument swaps and end-point reversals. Case counts scale with `ISECT_TEST_SCALE`.

#![allow(clippy::needless_range_loop)]

use isect::overlap::*;
use isect::policy::{Naive, Relative};
use isect::{InputError, NonFiniteValue, Obb, Plane, Scalar, Segment};
use isect_testkit::float::mul_pow2_f64;
use isect_testkit::q::q as qf;
use isect_testkit::{Q, Rng, cases};
use num_traits::{Signed, Zero};

// ---------------------------------------------------------------------------------------
// The oracle
// ---------------------------------------------------------------------------------------

fn sub(a: &[Q], b: &[Q]) -> Vec<Q> {
    a.iter().zip(b).map(|(x, y)| x - y).collect()
}

fn dotq(a: &[Q], b: &[Q]) -> Q {
    a.iter()
        .zip(b)
        .map(|(x, y)| x * y)
        .fold(Q::zero(), |s, v| s + v)
}

fn at(p: &[Q], d: &[Q], s: &Q) -> Vec<Q> {
    p.iter().zip(d).map(|(x, y)| x + s * y).collect()
}

#[derive(Debug, Clone)]
pub(super) struct Oracle {
    pub(super) kind: SegmentContact,
    /// The single point, or the overlap's two ends.
    pub(super) points: Vec<Vec<Q>>,
}

pub(super) fn oracle(p0: &[Q], p1: &[Q], q0: &[Q], q1: &[Q]) -> Oracle {
    let none = |kind| Oracle {
        kind,
        points: vec![],
    };
    let d1 = sub(p1, p0);
    let d2 = sub(q1, q0);
    let w = sub(q0, p0);
    let (a, b, c) = (dotq(&d1, &d1), dotq(&d1, &d2), dotq(&d2, &d2));
    let (e, f) = (dotq(&d1, &w), dotq(&d2, &w));
    let det = &a * &c - &b * &b;
    let unit = |x: &Q| !x.is_negative() && *x <= Q::from_integer(1.into());
    let open = |x: &Q| x.is_positive() && *x < Q::from_integer(1.into());
    if !det.is_zero() {
        let s = (&e * &c - &b * &f) / &det;
        let t = (&b * &e - &a * &f) / &det;
        if !unit(&s) || !unit(&t) {
            return none(SegmentContact::Disjoint);
        }
        let x = at(p0, &d1, &s);
        if x != at(q0, &d2, &t) {
            return none(SegmentContact::Disjoint);
        }
        let kind = if open(&s) && open(&t) {
            SegmentContact::Crossing
        } else {
            SegmentContact::Touching
        };
        return Oracle {
            kind,
            points: vec![x],
        };
    }
    // Parallel or degenerate: collinear iff every point is on the line p0 + λv.
    let all = [p0, p1, q0, q1];
    let Some(v) = all
        .iter()
        .map(|x| sub(x, p0))
        .find(|u| u.iter().any(|c| !c.is_zero()))
    else {
        return Oracle {
            kind: SegmentContact::Touching,
            points: vec![p0.to_vec()],
        };
    };
    let vv = dotq(&v, &v);
    for x in all {
        let u = sub(x, p0);
        let uv = dotq(&u, &v);
        if dotq(&u, &u) * &vv != &uv * &uv {
            return none(SegmentContact::Disjoint);
        }
    }
    let lam = |x: &[Q]| dotq(&sub(x, p0), &v);
    let key = |i: usize| lam(all[i]);
    let (pl, ph) = if key(0) <= key(1) { (0, 1) } else { (1, 0) };
    let (ql, qh) = if key(2) <= key(3) { (2, 3) } else { (3, 2) };
    let lo = if key(pl) >= key(ql) { pl } else { ql };
    let hi = if key(ph) <= key(qh) { ph } else { qh };
    if key(lo) > key(hi) {
        none(SegmentContact::Disjoint)
    } else if key(lo) == key(hi) {
        Oracle {
            kind: SegmentContact::Touching,
            points: vec![all[lo].to_vec()],
        }
    } else {
        Oracle {
            kind: SegmentContact::CollinearOverlap,
            points: vec![all[lo].to_vec(), all[hi].to_vec()],
        }
    }
}

fn rat<T: Scalar>(p: &[T]) -> Vec<Q> {
    p.iter().map(|x| x.to_rational().unwrap()).collect()
}

/// The library's points as exact rationals (sorted for overlaps).
fn lib_points<T: Scalar, const N: usize>(r: &SegmentIntersection<[T; N]>) -> Vec<Vec<Q>> {
    let mut v = match r {
        SegmentIntersection::Disjoint => vec![],
        SegmentIntersection::Touching(p) | SegmentIntersection::Crossing(p) => vec![rat(p)],
        SegmentIntersection::CollinearOverlap(p, q) => vec![rat(p), rat(q)],
    };
    v.sort();
    v
}

/// The oracle's points rounded to `T` (the library's documented construction), sorted.
fn expected_points<T: Scalar>(o: &Oracle) -> Vec<Vec<Q>> {
    let mut v: Vec<Vec<Q>> = o
        .points
        .iter()
        .map(|p| {
            p.iter()
                .map(|x| T::from_rational(x).to_rational().unwrap())
                .collect()
        })
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------
// Checking one case in every scalar type and every argument order
// ---------------------------------------------------------------------------------------

fn conv<T: Scalar, const N: usize>(p: &[f64; N], f: impl Fn(f64) -> T) -> [T; N] {
    std::array::from_fn(|k| f(p[k]))
}

fn check2_in<T: Scalar>(pts: &[[f64; 2]; 4], f: impl Fn(f64) -> T + Copy, o: &Oracle) {
    let p: Vec<[T; 2]> = pts.iter().map(|x| conv(x, f)).collect();
    let variants = [
        [0, 1, 2, 3],
        [1, 0, 2, 3],
        [0, 1, 3, 2],
        [1, 0, 3, 2],
        [2, 3, 0, 1],
        [3, 2, 0, 1],
        [2, 3, 1, 0],
        [3, 2, 1, 0],
    ];
    let want = expected_points::<T>(o);
    for v in variants {
        let [a, b, c, d] = v.map(|i| &p[i]);
        let kind = segment_segment_2d(a, b, c, d);
        assert_eq!(kind, o.kind, "{pts:?} order {v:?}");
        let r = segment_segment_2d_intersection(a, b, c, d);
        assert_eq!(r.contact(), o.kind, "{pts:?} order {v:?}");
        assert_eq!(lib_points(&r), want, "{pts:?} order {v:?}");
        assert_eq!(try_segment_segment_2d(a, b, c, d), Ok(o.kind));
    }
}

/// Checks a 2D case in f64, BigRational and (when exactly representable) f32.
fn check2(pts: &[[f64; 2]; 4]) -> SegmentContact {
    let q: Vec<Vec<Q>> = pts
        .iter()
        .map(|p| p.iter().map(|&x| qf(x)).collect())
        .collect();
    let o = oracle(&q[0], &q[1], &q[2], &q[3]);
    check2_in::<f64>(pts, |x| x, &o);
    check2_in::<Q>(pts, qf, &o);
    if pts.iter().flatten().all(|&x| f64::from(x as f32) == x) {
        check2_in::<f32>(pts, |x| x as f32, &o);
    }
    o.kind
}

fn check3_in<T: Scalar>(pts: &[[f64; 3]; 4], f: impl Fn(f64) -> T + Copy, o: &Oracle) {
    let p: Vec<[T; 3]> = pts.iter().map(|x| conv(x, f)).collect();
    let want = expected_points::<T>(o);
    for v in [
        [0, 1, 2, 3],
        [1, 0, 3, 2],
        [2, 3, 0, 1],
        [3, 2, 1, 0],
        [2, 3, 1, 0],
    ] {
        let s = Segment::new(p[v[0]].clone(), p[v[1]].clone());
        let t = Segment::new(p[v[2]].clone(), p[v[3]].clone());
        assert_eq!(segment_segment_3d(&s, &t), o.kind, "{pts:?} order {v:?}");
        let r = segment_segment_3d_intersection(&s, &t);
        assert_eq!(lib_points(&r), want, "{pts:?} order {v:?}");
    }
}

fn check3(pts: &[[f64; 3]; 4]) -> SegmentContact {
    let q: Vec<Vec<Q>> = pts
        .iter()
        .map(|p| p.iter().map(|&x| qf(x)).collect())
        .collect();
    let o = oracle(&q[0], &q[1], &q[2], &q[3]);
    check3_in::<f64>(pts, |x| x, &o);
    check3_in::<Q>(pts, qf, &o);
    if pts.iter().flatten().all(|&x| f64::from(x as f32) == x) {
        check3_in::<f32>(pts, |x| x as f32, &o);
    }
    o.kind
}

// ---------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------

fn grid2(r: &mut Rng, n: i64, scale: i32) -> [[f64; 2]; 4] {
    std::array::from_fn(|_| std::array::from_fn(|_| mul_pow2_f64(r.range(-n, n) as f64, scale)))
}

/// Four collinear grid points (often overlapping or touching end to end).
fn collinear2(r: &mut Rng, scale: i32) -> [[f64; 2]; 4] {
    let o = [r.range(-3, 3) as f64, r.range(-3, 3) as f64];
    let d = [r.range(-2, 2) as f64, r.range(-2, 2) as f64];
    std::array::from_fn(|_| {
        let m = r.range(-3, 3) as f64;
        std::array::from_fn(|k| mul_pow2_f64(o[k] + m * d[k], scale))
    })
}

fn unif2(r: &mut Rng) -> [[f64; 2]; 4] {
    std::array::from_fn(|_| std::array::from_fn(|_| r.next_f64() * 2.0 - 1.0))
}

#[derive(Default, Debug)]
struct Tally([usize; 4]);
impl Tally {
    fn add(&mut self, c: SegmentContact) {
        self.0[c as usize] += 1;
    }
}

// ---------------------------------------------------------------------------------------
// 2D segments
// ---------------------------------------------------------------------------------------

#[test]
fn segments_2d_on_dyadic_grids() {
    let mut r = Rng::new(1);
    let mut tally = Tally::default();
    for i in 0..cases(3000) {
        let scale = [0, -3, 7, -20][i as usize % 4];
        let p = if i % 3 == 0 {
            collinear2(&mut r, scale)
        } else {
            grid2(&mut r, 3, scale)
        };
        tally.add(check2(&p));
    }
    // Every class must actually be exercised.
    assert!(tally.0.iter().all(|&n| n > 50), "{tally:?}");
}

#[test]
fn segments_2d_uniform_random() {
    let mut r = Rng::new(2);
    for _ in 0..cases(600) {
        check2(&unif2(&mut r));
    }
}

#[test]
fn segments_2d_one_ulp_perturbations() {
    let mut r = Rng::new(3);
    let mut tally = Tally::default();
    for _ in 0..cases(500) {
        let mut p = grid2(&mut r, 4, -2);
        for _ in 0..r.range(1, 2) {
            let (i, k) = (r.range(0, 3) as usize, r.range(0, 1) as usize);
            p[i][k] = if r.range(0, 1) == 0 {
                p[i][k].next_up()
            } else {
                p[i][k].next_down()
            };
        }
        tally.add(check2(&p));
    }
    assert!(tally.0[0] > 0 && tally.0[2] > 0, "{tally:?}");
}

#[test]
fn segments_2d_extreme_exponents() {
    let mut r = Rng::new(4);
    for i in 0..cases(400) {
        // 1e±300 and deep subnormals (2^-1070 · small integers stay exact).
        let scale = [996, -996, -1070, 1000][i as usize % 4];
        let p = grid2(&mut r, 3, scale);
        let kind = check2(&p);
        // Scaling by a power of two changes no class.
        let back = p.map(|x| x.map(|c| mul_pow2_f64(c, -scale)));
        assert_eq!(check2(&back), kind);
    }
    // Mixed magnitudes: a huge segment and a subnormal one.
    let t = f64::from_bits(1);
    check2(&[[-1e300, -1e300], [1e300, 1e300], [t, t], [2.0 * t, 2.0 * t]]);
    check2(&[[-1e300, 0.0], [1e300, 0.0], [0.0, t], [0.0, -t]]);
    check2(&[[-1e300, 0.0], [1e300, 0.0], [0.0, t], [t, t]]);
}

#[test]
fn segments_2d_named_cases() {
    use SegmentContact::*;
    let c = |p: [[f64; 2]; 4]| check2(&p);
    assert_eq!(
        c([[0.0, 0.0], [2.0, 2.0], [0.0, 2.0], [2.0, 0.0]]),
        Crossing
    );
    assert_eq!(
        c([[0.0, 0.0], [2.0, 0.0], [1.0, 0.0], [1.0, 5.0]]),
        Touching
    ); // T
    assert_eq!(
        c([[0.0, 0.0], [1.0, 0.0], [1.0, 0.0], [2.0, 0.0]]),
        Touching
    ); // end to end
    assert_eq!(
        c([[0.0, 0.0], [2.0, 0.0], [1.0, 0.0], [3.0, 0.0]]),
        CollinearOverlap
    );
    assert_eq!(
        c([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0]]),
        Disjoint
    );
    assert_eq!(
        c([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
        Disjoint
    ); // parallel
    assert_eq!(
        c([[1.0, 1.0], [1.0, 1.0], [1.0, 1.0], [1.0, 1.0]]),
        Touching
    ); // points
    assert_eq!(
        c([[1.0, 1.0], [1.0, 1.0], [2.0, 1.0], [2.0, 1.0]]),
        Disjoint
    );
    assert_eq!(
        c([[0.5, 0.5], [0.5, 0.5], [0.0, 0.0], [1.0, 1.0]]),
        Touching
    );
    assert_eq!(
        c([[0.0, 5.0], [0.0, 1.0], [0.0, 3.0], [0.0, 3.0]]),
        Touching
    ); // vertical
    // 0.1, 0.2, 0.3 rounded: (0.2, 0.2) is exactly on the line through the other two
    // (every point has x = y), so the T-junction touches.
    assert_eq!(
        c([[0.1, 0.1], [0.3, 0.3], [0.2, 0.2], [0.2, 0.9]]),
        Touching
    );
}

#[test]
fn segments_2d_non_finite() {
    let n = f64::NAN;
    let (a, b) = ([0.0, 0.0], [1.0, 1.0]);
    assert_eq!(
        segment_segment_2d(&a, &b, &[n, 0.0], &b),
        SegmentContact::Disjoint
    );
    assert_eq!(
        segment_segment_2d(&a, &[f64::INFINITY, 1.0], &a, &b),
        SegmentContact::Disjoint
    );
    assert_eq!(
        segment_segment_2d_intersection(&a, &b, &[0.0, n], &b),
        SegmentIntersection::Disjoint
    );
    assert_eq!(
        try_segment_segment_2d(&a, &b, &b, &[0.0, f64::NEG_INFINITY]),
        Err(InputError::NonFinite {
            argument: 3,
            what: "point",
            index: None,
            axis: Some(1),
            value: NonFiniteValue::NegInfinity,
        })
    );
}

#[test]
fn classic_2d_methods_agree_on_decisive_cases() {
    let mut r = Rng::new(5);
    let eps = Relative { eps: 1e-9 };
    let (mut decisive, mut n) = (0, cases(2000));
    for _ in 0..n {
        let [a, b, c, d] = unif2(&mut r);
        let exact = segment_segment_2d(&a, &b, &c, &d).intersects();
        let p = segment_segment_2d_parametric_with(Naive, &a, &b, &c, &d);
        let pe = segment_segment_2d_parametric_with(eps, &a, &b, &c, &d);
        let q = segment_segment_2d_antonio_with(Naive, &a, &b, &c, &d);
        let qe = segment_segment_2d_antonio_with(eps, &a, &b, &c, &d);
        if p == pe && q == qe {
            decisive += 1;
            assert_eq!(p, exact, "{a:?} {b:?} {c:?} {d:?}");
            assert_eq!(q, exact, "{a:?} {b:?} {c:?} {d:?}");
        }
        // In rationals under Naive both are exact for non-parallel segments.
        let qa = [a, b, c, d].map(|p| p.map(qf));
        if !(segment_segment_2d(&a, &b, &c, &d) == SegmentContact::CollinearOverlap) {
            assert_eq!(
                segment_segment_2d_antonio_with(Naive, &qa[0], &qa[1], &qa[2], &qa[3]),
                exact
            );
            assert_eq!(
                segment_segment_2d_parametric_with(Naive, &qa[0], &qa[1], &qa[2], &qa[3]),
                exact
            );
        }
    }
    n /= 2;
    assert!(decisive > n, "{decisive}");
}

// ---------------------------------------------------------------------------------------
// 3D segments
// ---------------------------------------------------------------------------------------

/// A 2D case embedded in 3D by an injective integer linear map plus a translation (exact
/// on small grids), so every class occurs among coplanar 3D segments.
fn embed(r: &mut Rng, p: &[[f64; 2]; 4]) -> [[f64; 3]; 4] {
    loop {
        let m: [[f64; 3]; 2] =
            std::array::from_fn(|_| std::array::from_fn(|_| r.range(-2, 2) as f64));
        let c = [
            m[0][1] * m[1][2] - m[0][2] * m[1][1],
            m[0][2] * m[1][0] - m[0][0] * m[1][2],
            m[0][0] * m[1][1] - m[0][1] * m[1][0],
        ];
        if c.iter().all(|&x| x == 0.0) {
            continue;
        }
        let o: [f64; 3] = std::array::from_fn(|_| r.range(-3, 3) as f64);
        return p.map(|x| std::array::from_fn(|k| o[k] + x[0] * m[0][k] + x[1] * m[1][k]));
    }
}

#[test]
fn segments_3d_coplanar_grids_and_perturbations() {
    let mut r = Rng::new(6);
    let mut tally = Tally::default();
    for i in 0..cases(1500) {
        let p2 = if i % 3 == 0 {
            collinear2(&mut r, 0)
        } else {
            grid2(&mut r, 3, 0)
        };
        let mut p = embed(&mut r, &p2);
        let kind = check3(&p);
        tally.add(kind);
        // The embedding is injective, so the 2D class is the 3D class.
        assert_eq!(kind, check2(&p2));
        if i % 3 == 0 {
            let (j, k) = (r.range(0, 3) as usize, r.range(0, 2) as usize);
            p[j][k] = p[j][k].next_up();
            check3(&p);
        }
        if i % 5 == 0 {
            let s = [-1000, 996][i as usize % 2];
            check3(&p.map(|x| x.map(|c| mul_pow2_f64(c, s))));
        }
    }
    assert!(tally.0.iter().all(|&n| n > 30), "{tally:?}");
}

#[test]
fn segments_3d_random_and_named() {
    let mut r = Rng::new(7);
    for _ in 0..cases(500) {
        let p: [[f64; 3]; 4] = std::array::from_fn(|_| std::array::from_fn(|_| r.next_f64()));
        check3(&p);
        let g: [[f64; 3]; 4] =
            std::array::from_fn(|_| std::array::from_fn(|_| r.range(-1, 1) as f64));
        check3(&g);
    }
    use SegmentContact::*;
    // Collinear along a coordinate axis (all projections but one collapse).
    assert_eq!(
        check3(&[
            [0.0, 0.0, 0.0],
            [0.0, 0.0, 2.0],
            [0.0, 0.0, 1.0],
            [0.0, 0.0, 3.0]
        ]),
        CollinearOverlap
    );
    assert_eq!(
        check3(&[
            [0.0, 0.0, 0.0],
            [0.0, 0.0, 2.0],
            [0.0, 0.0, 2.0],
            [0.0, 0.0, 3.0]
        ]),
        Touching
    );
    // In a plane perpendicular to z and x: only the xz / yz ... projections that work.
    assert_eq!(
        check3(&[
            [0.0, 0.0, 0.0],
            [0.0, 2.0, 2.0],
            [0.0, 0.0, 2.0],
            [0.0, 2.0, 0.0]
        ]),
        Crossing
    );
    assert_eq!(check3(&[[1.0; 3], [1.0; 3], [1.0; 3], [1.0; 3]]), Touching);
    assert_eq!(check3(&[[0.0; 3], [2.0; 3], [1.0; 3], [1.0; 3]]), Touching);
    let s = Segment::new([0.0; 3], [1.0, f64::NAN, 0.0]);
    assert_eq!(segment_segment_3d(&s, &s), Disjoint);
    assert_eq!(
        try_segment_segment_3d(&s, &s),
        Err(InputError::NonFinite {
            argument: 0,
            what: "vertex",
            index: Some(1),
            axis: Some(1),
            value: NonFiniteValue::NaN,
        })
    );
}

// ---------------------------------------------------------------------------------------
// 2D lines
// ---------------------------------------------------------------------------------------

/// What two 2D lines share, by Gaussian elimination with pivoting on
/// `[d1 | −d2] (s, t)ᵀ = o2 − o1` (a different computation from the library's cross
/// products): `Ok((s, t))`, or `Err(true)` for one line, `Err(false)` for parallel ones.
pub(super) fn oracle_lines_2d(o1: &[Q], d1: &[Q], o2: &[Q], d2: &[Q]) -> Result<(Q, Q), bool> {
    let w = sub(o2, o1);
    // Rows (a, b | c): a s + b t = c.
    let mut rows = [
        [d1[0].clone(), -d2[0].clone(), w[0].clone()],
        [d1[1].clone(), -d2[1].clone(), w[1].clone()],
    ];
    if rows[0][0].is_zero() {
        rows.swap(0, 1);
    }
    if rows[0][0].is_zero() {
        // d1 = 0: the first "line" is the point o1; both columns of s vanish.
        if rows[0][1].is_zero() && rows[1][1].is_zero() {
            // Both points.
            return Err(w.iter().all(|x| x.is_zero()));
        }
        // o1 on line 2 iff w ∥ d2.
        return Err(&w[0] * &d2[1] - &w[1] * &d2[0] == Q::zero());
    }
    let f = &rows[1][0] / &rows[0][0];
    let r1: Vec<Q> = (0..3).map(|k| &rows[1][k] - &f * &rows[0][k]).collect();
    if r1[1].is_zero() {
        // Parallel: consistent iff the reduced right-hand side vanishes.
        return Err(r1[2].is_zero());
    }
    let t = &r1[2] / &r1[1];
    let s = (&rows[0][2] - &rows[0][1] * &t) / &rows[0][0];
    Ok((s, t))
}

fn within_one_ulp(x: f64, exact: &Q) -> bool {
    if !x.is_finite() {
        return true;
    }
    let lo = qf(x.next_down());
    let hi = qf(x.next_up());
    &lo <= exact && exact <= &hi
}

/// Checks `line_line_2d` (f64 and rationals) against the oracle; returns the oracle's class.
fn check_lines_2d(v: &[[f64; 2]; 4]) -> &'static str {
    let q: Vec<Vec<Q>> = v
        .iter()
        .map(|p| p.iter().map(|&x| qf(x)).collect())
        .collect();
    let want = oracle_lines_2d(&q[0], &q[1], &q[2], &q[3]);
    let got = line_line_2d(&v[0], &v[1], &v[2], &v[3]);
    let vq: Vec<[Q; 2]> = v.iter().map(|p| p.map(qf)).collect();
    let got_q = line_line_2d(&vq[0], &vq[1], &vq[2], &vq[3]);
    let swapped = line_line_2d(&v[2], &v[3], &v[0], &v[1]);
    match &want {
        Err(same) => {
            let class = if *same {
                LineLine2d::Coincident
            } else {
                LineLine2d::Parallel
            };
            assert_eq!(got, class, "{v:?}");
            assert_eq!(swapped, class, "{v:?}");
            assert!(matches!(
                (&got_q, same),
                (LineLine2d::Coincident, true) | (LineLine2d::Parallel, false)
            ));
            if *same { "coincident" } else { "parallel" }
        }
        Ok((s, t)) => {
            let point: Vec<Q> = (0..2).map(|k| &q[0][k] + s * &q[1][k]).collect();
            // The oracle's own solution satisfies both line equations exactly.
            for k in 0..2 {
                assert_eq!(point[k], &q[2][k] + t * &q[3][k]);
            }
            let LineLine2d::Point {
                s: gs,
                t: gt,
                point: gp,
            } = got
            else {
                panic!("{v:?}: expected a point, got {got:?}")
            };
            assert_eq!(gs, f64::from_rational(s), "{v:?}");
            assert_eq!(gt, f64::from_rational(t), "{v:?}");
            assert_eq!(gp, [0, 1].map(|k| f64::from_rational(&point[k])), "{v:?}");
            assert!(within_one_ulp(gs, s) && within_one_ulp(gt, t), "{v:?}");
            assert!(within_one_ulp(gp[0], &point[0]) && within_one_ulp(gp[1], &point[1]));
            let LineLine2d::Point {
                s: qs,
                t: qt,
                point: qp,
            } = got_q
            else {
                panic!("{v:?}: rationals disagree")
            };
            assert_eq!((&qs, &qt), (s, t));
            assert_eq!(qp.to_vec(), point);
            // Swapping the lines swaps the parameters; the point is the same rounding.
            assert_eq!(
                swapped,
                LineLine2d::Point {
                    s: gt,
                    t: gs,
                    point: gp
                },
                "{v:?}"
            );
            "point"
        }
    }
}

#[test]
fn lines_2d_against_elimination() {
    let mut r = Rng::new(22);
    let mut seen = std::collections::HashMap::new();
    for i in 0..cases(3000) {
        let mut v: [[f64; 2]; 4] = match i % 4 {
            // Small integers: many exactly parallel, coincident and zero directions.
            0 => std::array::from_fn(|_| std::array::from_fn(|_| r.range(-2, 2) as f64)),
            1 => std::array::from_fn(|_| std::array::from_fn(|_| r.next_f64() - 0.5)),
            // A dyadic line and a second one along a multiple of its direction, through a
            // point on it or one ulp off, or one ulp from parallel.
            _ => {
                let o1 = [r.range(-64, 64) as f64 / 8.0, r.range(-64, 64) as f64 / 8.0];
                let d1 = [r.range(-16, 16) as f64 / 4.0, r.range(-16, 16) as f64 / 4.0];
                let k = r.range(-3, 3) as f64 / 2.0;
                let mut o2 = [o1[0] + k * d1[0], o1[1] + k * d1[1]];
                let mut d2 = [d1[0] * 0.25, d1[1] * 0.25];
                match r.range(0, 3) {
                    0 => o2[1] = o2[1].next_up(),
                    1 => d2[0] = d2[0].next_down(),
                    _ => {}
                }
                if i % 8 == 3 {
                    std::mem::swap(&mut o2, &mut d2);
                }
                [o1, d1, o2, d2]
            }
        };
        if i % 5 == 0 {
            // Extreme exponents (every coordinate scaled alike), down to subnormals.
            let s = [1000, -1060, 960][i as usize % 3];
            v = v.map(|p| p.map(|x| mul_pow2_f64(x, s)));
        }
        *seen.entry(check_lines_2d(&v)).or_insert(0) += 1;
    }
    for class in ["point", "parallel", "coincident"] {
        assert!(
            seen.get(class).copied().unwrap_or(0) > 50,
            "{class}: {seen:?}"
        );
    }
}

/// The double-double path of `line_line_2d` (`src/overlap/dd.rs`) against the rational
/// oracle, bit for bit, where it matters: full 53-bit (and 24-bit) mantissas, each
/// coordinate with its own exponent across the path's window edges (2^±240, beyond which
/// the exact path runs), directions one to three ulps from parallel (the certificate
/// declines), lines meeting exactly at the first origin (s = 0) or at the origin (a point
/// coordinate 0, recognised by exact signs), and results near the ±2^300 limits.
#[test]
fn lines_2d_double_double_path_is_correctly_rounded() {
    let mut r = Rng::new(0xDD);
    let full = |r: &mut Rng, e_lo: i64, e_hi: i64| {
        let m = 1.0 + (r.next_u64() >> 12) as f64 * 2f64.powi(-52);
        let x = mul_pow2_f64(m, r.range(e_lo, e_hi) as i32);
        if r.next_u64() & 1 == 0 { x } else { -x }
    };
    let mut classes = std::collections::HashMap::new();
    let n = cases(1500);
    for i in 0..n {
        let (lo, hi) = match i % 3 {
            0 => (-8, 8),
            1 => (-250, 250),
            _ => (230, 250),
        };
        let mut v: [[f64; 2]; 4] = std::array::from_fn(|_| [0.0; 2]);
        for p in &mut v {
            *p = [full(&mut r, lo, hi), full(&mut r, lo, hi)];
        }
        match i % 7 {
            // One to three ulps from parallel.
            1 => {
                v[3] = v[1];
                for _ in 0..1 + i % 3 {
                    v[3][1] = v[3][1].next_up();
                }
            }
            // Meeting at the first origin: s = 0 and the point is o1.
            2 => v[2] = v[0],
            // Both through the origin (o = −d·2^k, exact): the point is (0, 0).
            3 => {
                let k = r.range(-3, 3) as i32;
                v[0] = v[1].map(|x| -mul_pow2_f64(x, k));
                v[2] = v[3].map(|x| -mul_pow2_f64(x, k + 1));
            }
            _ => {}
        }
        *classes.entry(check_lines_2d(&v)).or_insert(0) += 1;
        // The same lines in f32 (rounded inputs), against f32's one rounding.
        let v32: [[f32; 2]; 4] = v.map(|p| p.map(|x| x as f32));
        if v32.iter().flatten().all(|x| x.is_finite()) {
            let q: Vec<Vec<Q>> = v32
                .iter()
                .map(|p| p.iter().map(|&x| qf(f64::from(x))).collect())
                .collect();
            let got = line_line_2d(&v32[0], &v32[1], &v32[2], &v32[3]);
            match oracle_lines_2d(&q[0], &q[1], &q[2], &q[3]) {
                Ok((s, t)) => {
                    let point: Vec<Q> = (0..2).map(|k| &q[0][k] + &s * &q[1][k]).collect();
                    assert_eq!(
                        got,
                        LineLine2d::Point {
                            s: f32::from_rational(&s),
                            t: f32::from_rational(&t),
                            point: [0, 1].map(|k| f32::from_rational(&point[k])),
                        },
                        "f32 {v32:?}"
                    );
                }
                Err(_) => assert!(!matches!(got, LineLine2d::Point { .. }), "f32 {v32:?}"),
            }
        }
    }
    // (at least 1 in 40 cases is a point: 100 of the 4000 cases of a long run)
    assert!(
        classes.get("point").copied().unwrap_or(0) > n / 40,
        "{classes:?}"
    );
}

#[test]
fn lines_2d_bad_input_and_classic_form() {
    let o = [0.0, 0.0];
    assert_eq!(
        line_line_2d(&[f64::NAN, 0.0], &[1.0, 0.0], &o, &[0.0, 1.0]),
        LineLine2d::Parallel
    );
    assert_eq!(
        line_line_2d(&o, &[f64::INFINITY, 0.0], &o, &[0.0, 1.0]),
        LineLine2d::Parallel
    );
    assert_eq!(
        try_line_line_2d(&o, &[1.0, 0.0], &[0.0, f64::NAN], &[0.0, 1.0]),
        Err(InputError::NonFinite {
            argument: 2,
            what: "point",
            index: None,
            axis: Some(1),
            value: NonFiniteValue::NaN,
        })
    );
    assert_eq!(
        try_line_line_2d(&o, &[1.0, 0.0], &o, &[0.0, 0.0]),
        Err(InputError::ZeroDirection { argument: 3 })
    );
    // Two points: equal or not.
    assert_eq!(line_line_2d(&o, &o, &o, &o), LineLine2d::Coincident);
    assert_eq!(line_line_2d(&o, &o, &[0.0, 1.0], &o), LineLine2d::Parallel);
    // A point on a line, and off it by one ulp.
    assert_eq!(
        line_line_2d(&[0.5, 0.5], &o, &o, &[3.0, 3.0]),
        LineLine2d::Coincident
    );
    assert_eq!(
        line_line_2d(&[0.5, 0.5f64.next_up()], &o, &o, &[3.0, 3.0]),
        LineLine2d::Parallel
    );
    // The classic form agrees on clearly crossing lines and misses one ulp from parallel,
    // where the exact form finds the (distant) crossing.
    let mut r = Rng::new(23);
    for _ in 0..cases(500) {
        let v: [[f64; 2]; 4] = std::array::from_fn(|_| [r.next_f64() - 0.5, r.next_f64() - 0.5]);
        let exact = line_line_2d(&v[0], &v[1], &v[2], &v[3]);
        let cross = v[1][0] * v[3][1] - v[1][1] * v[3][0];
        let norm = (v[1][0].hypot(v[1][1])) * (v[3][0].hypot(v[3][1]));
        if cross.abs() > 1e-3 * norm {
            let LineLine2d::Point { s, t, .. } =
                line_line_2d_with(Naive, &v[0], &v[1], &v[2], &v[3])
            else {
                panic!("{v:?}")
            };
            let LineLine2d::Point { s: es, t: et, .. } = exact else {
                panic!("{v:?}")
            };
            assert!((s - es).abs() <= 1e-9 * (1.0 + es.abs()), "{v:?}");
            assert!((t - et).abs() <= 1e-9 * (1.0 + et.abs()), "{v:?}");
        }
    }
    let d = [1.0, 1.0f64.next_up()];
    let exact = line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &d);
    assert!(matches!(exact, LineLine2d::Point { .. }));
    assert_eq!(
        line_line_2d_with(
            Relative { eps: 1e-9 },
            &[0.0, 0.0],
            &[1.0, 1.0],
            &[0.0, 1.0],
            &d
        ),
        // Called parallel; not coincident: o2 is 1/√2 away from the first line.
        LineLine2d::Parallel
    );
}

// ---------------------------------------------------------------------------------------
// Line/line closest points
// ---------------------------------------------------------------------------------------

/// `(s, t)` from the Gram system, or `None` for parallel lines.
fn oracle_closest(o1: &[Q], d1: &[Q], o2: &[Q], d2: &[Q]) -> Option<(Q, Q)> {
    let w = sub(o2, o1);
    let (a, b, c) = (dotq(d1, d1), dotq(d1, d2), dotq(d2, d2));
    let (e, f) = (dotq(d1, &w), dotq(d2, &w));
    let det = &a * &c - &b * &b;
    if det.is_zero() {
        return None;
    }
    Some(((&e * &c - &b * &f) / &det, (&b * &e - &a * &f) / &det))
}

fn check_closest(v: &[[f64; 3]; 4]) -> bool {
    let q: Vec<Vec<Q>> = v
        .iter()
        .map(|p| p.iter().map(|&x| qf(x)).collect())
        .collect();
    let want = oracle_closest(&q[0], &q[1], &q[2], &q[3]);
    let got = line_line_closest(&v[0], &v[1], &v[2], &v[3]);
    let got_q = line_line_closest(&v[0].map(qf), &v[1].map(qf), &v[2].map(qf), &v[3].map(qf));
    match &want {
        None => {
            assert_eq!(got, None, "{v:?}");
            assert_eq!(got_q, None, "{v:?}");
        }
        Some((s, t)) => {
            assert_eq!(
                got,
                Some((f64::from_rational(s), f64::from_rational(t))),
                "{v:?}"
            );
            assert_eq!(got_q, Some((s.clone(), t.clone())), "{v:?}");
            // Rounded to a neighbour of the exact value: within one ulp.
            let (gs, _) = got.unwrap();
            if gs.is_finite() {
                assert!((qf(gs) - s).abs() <= qf(gs.next_up() - gs).max(qf(gs - gs.next_down())));
            }
        }
    }
    // Swapping the lines swaps the parameters.
    let swapped = line_line_closest(&v[2], &v[3], &v[0], &v[1]);
    assert_eq!(swapped, got.map(|(s, t)| (t, s)), "{v:?}");
    want.is_none()
}

#[test]
fn line_line_closest_against_the_gram_system() {
    let mut r = Rng::new(8);
    let mut parallel = 0;
    let n = cases(1000);
    for i in 0..n {
        let mut v: [[f64; 3]; 4] = if i % 2 == 0 {
            std::array::from_fn(|_| std::array::from_fn(|_| r.range(-2, 2) as f64))
        } else {
            std::array::from_fn(|_| std::array::from_fn(|_| r.next_f64() - 0.5))
        };
        if i % 3 == 0 {
            // Exactly parallel: d2 = 2^k d1; then perhaps one ulp away.
            v[3] = v[1].map(|x| x * 4.0);
            if i % 9 == 0 {
                v[3][0] = v[3][0].next_up();
            }
        }
        if i % 7 == 0 {
            let s = [990, -1000][i as usize % 2];
            v = v.map(|p| p.map(|x| mul_pow2_f64(x, s)));
        }
        parallel += check_closest(&v) as usize;
    }
    // (one case in 20 at least: 100 of the 2000 of a long run)
    assert!(parallel > n as usize / 20, "{parallel} of {n}");
    let err = try_line_line_closest(&[0.0; 3], &[0.0; 3], &[0.0; 3], &[1.0, 0.0, 0.0]);
    assert_eq!(err, Err(InputError::ZeroDirection { argument: 1 }));
    assert_eq!(
        line_line_closest(
            &[f64::NAN; 3],
            &[1.0, 0.0, 0.0],
            &[0.0; 3],
            &[0.0, 1.0, 0.0]
        ),
        None
    );
}

// ---------------------------------------------------------------------------------------
// Three planes
// ---------------------------------------------------------------------------------------

/// Gaussian elimination on `[n | −d]`.
pub(super) fn oracle_planes(n: &[[Q; 3]; 3], d: &[Q; 3]) -> Option<Vec<Q>> {
    let mut m: Vec<Vec<Q>> = (0..3)
        .map(|i| {
            let mut row = n[i].to_vec();
            row.push(-d[i].clone());
            row
        })
        .collect();
    for col in 0..3 {
        let piv = (col..3).find(|&r| !m[r][col].is_zero())?;
        m.swap(col, piv);
        for r in 0..3 {
            if r != col && !m[r][col].is_zero() {
                let f = &m[r][col] / &m[col][col];
                for k in col..4 {
                    let v = &m[col][k] * &f;
                    m[r][k] -= v;
                }
            }
        }
    }
    Some((0..3).map(|i| &m[i][3] / &m[i][i]).collect())
}

#[test]
fn three_planes_against_elimination() {
    let mut r = Rng::new(9);
    let mut singular = 0;
    let count = cases(1000);
    for i in 0..count {
        let mut n: [[f64; 3]; 3] =
            std::array::from_fn(|_| std::array::from_fn(|_| r.range(-2, 2) as f64));
        let mut d: [f64; 3] = std::array::from_fn(|_| r.range(-4, 4) as f64);
        if i % 2 == 1 {
            n = n.map(|p| p.map(|x| x + r.next_f64() - 0.5));
            d = d.map(|x| x * r.next_f64());
        }
        if i % 4 == 0 {
            // n3 = n1 + n2 (exact on the grid): singular; then maybe an ulp off.
            n[2] = std::array::from_fn(|k| n[0][k] + n[1][k]);
            if i % 8 == 0 {
                n[2][1] = n[2][1].next_up();
            }
        }
        if i % 5 == 0 {
            let s = [-1000, 1000][i as usize % 2];
            n = n.map(|p| p.map(|x| mul_pow2_f64(x, s)));
            d = d.map(|x| mul_pow2_f64(x, s));
        }
        let want = oracle_planes(&n.map(|p| p.map(qf)), &d.map(qf));
        let planes: Vec<Plane<f64>> = (0..3).map(|k| Plane::new(n[k], d[k])).collect();
        let got = three_planes(&planes[0], &planes[1], &planes[2]);
        let qp: Vec<Plane<Q>> = (0..3).map(|k| Plane::new(n[k].map(qf), qf(d[k]))).collect();
        let got_q = three_planes(&qp[0], &qp[1], &qp[2]);
        // Every order gives the same point.
        let perm = three_planes(&planes[2], &planes[0], &planes[1]);
        assert_eq!(perm, got);
        match want {
            None => {
                singular += 1;
                assert_eq!(got, None);
                assert_eq!(got_q, None);
            }
            Some(x) => {
                assert_eq!(
                    got,
                    Some(std::array::from_fn(|k| f64::from_rational(&x[k]))),
                    "{n:?} {d:?}"
                );
                assert_eq!(got_q.map(|p| p.to_vec()), Some(x));
            }
        }
    }
    // (one case in 20 at least: 100 of the 2000 of a long run)
    assert!(singular > count / 20, "{singular} of {count}");
    let p = Plane::new([1.0, 0.0, 0.0], 0.0);
    assert_eq!(three_planes(&p, &Plane::new([0.0; 3], 1.0), &p), None);
    assert_eq!(
        three_planes(
            &p,
            &Plane::new([0.0, 1.0, 0.0], f64::NAN),
            &Plane::new([0.0, 0.0, 1.0], 0.0)
        ),
        None
    );
    assert_eq!(
        try_three_planes(&p, &p, &Plane::new([f64::INFINITY, 0.0, 0.0], 0.0)),
        Err(InputError::NonFinite {
            argument: 2,
            what: "normal",
            index: None,
            axis: Some(0),
            value: NonFiniteValue::PosInfinity,
        })
    );
    assert_eq!(
        try_three_planes(&p, &Plane::new([0.0, 1.0, 0.0], f64::NAN), &p),
        Err(InputError::NonFinite {
            argument: 1,
            what: "offset",
            index: None,
            axis: None,
            value: NonFiniteValue::NaN,
        })
    );
    // A zero normal is refused by the checked form (the plain form answers None above).
    assert_eq!(
        try_three_planes(&p, &Plane::new([0.0; 3], 1.0), &p),
        Err(InputError::ZeroDirection { argument: 1 })
    );
}

// ---------------------------------------------------------------------------------------
// The double-double constructions (crossing points, three planes) bit for bit
// ---------------------------------------------------------------------------------------

/// A full 53-bit mantissa times `2^e`, `e` uniform in `[lo, hi]`, either sign.
pub(super) fn full(r: &mut Rng, lo: i64, hi: i64) -> f64 {
    let m = 1.0 + (r.next_u64() >> 12) as f64 * 2f64.powi(-52);
    let x = mul_pow2_f64(m, r.range(lo, hi) as i32);
    if r.next_u64() & 1 == 0 { x } else { -x }
}

/// Exponent ranges for [`full`]: near 1, across both edges of the double-double window
/// (`2^±240`, beyond which the exact path runs), and at its top.
pub(super) fn exp_class(i: u32) -> (i64, i64) {
    [(-8, 8), (-250, 250), (230, 250), (-250, -230)][i as usize % 4]
}

/// Two segments built to cross (or to just miss, after rounding), in full mantissas: a
/// point `x` between `p0` and `p1`, and `q0`, `q1` on either side of it along a second
/// direction; nearly parallel pairs (the directions a few ulps apart, where the
/// determinant cancels to its last bits), pairs through the origin (the crossing point is
/// exactly `(0, 0)`, recognised by exact zero numerators), and copies far from the origin.
pub(super) fn crossing2(r: &mut Rng, i: u32) -> [[f64; 2]; 4] {
    let (lo, hi) = exp_class(i);
    let p0 = [full(r, lo, hi), full(r, lo, hi)];
    let p1 = [full(r, lo, hi), full(r, lo, hi)];
    match i % 5 {
        // Nearly parallel: q runs from just beside p0 to just beside p1, across p. With
        // equal nudges the crossing is often the exact midpoint of p0 and p1, half of the
        // time a tie between two floats (the exact path's case); otherwise not.
        1 => {
            let n = 1 + i % 3;
            let mut q0 = p0;
            let mut q1 = p1;
            for _ in 0..n {
                q0[1] = q0[1].next_up();
            }
            for _ in 0..n + (i / 5) % 2 {
                q1[1] = q1[1].next_down();
            }
            [p0, p1, q0, q1]
        }
        // Through the origin: each segment from −v·2^k to v (k ≥ 0).
        2 => {
            let (k, j) = (r.range(0, 3) as i32, r.range(0, 3) as i32);
            let q1 = [full(r, lo, hi), full(r, lo, hi)];
            [
                p1.map(|x| -mul_pow2_f64(x, k)),
                p1,
                q1.map(|x| -mul_pow2_f64(x, j)),
                q1,
            ]
        }
        // Far from the origin: unit-size segments around 2^20 (about 1e6).
        3 => {
            let base = [1.0e6 + r.range(-1000, 1000) as f64, 1.0e6];
            let e = |r: &mut Rng| full(r, -2, 0);
            let x = [base[0] + e(r), base[1] + e(r)];
            let (u, v) = ([e(r), e(r)], [e(r), e(r)]);
            [
                [x[0] - u[0], x[1] - u[1]],
                [x[0] + u[0], x[1] + u[1]],
                [x[0] - v[0], x[1] - v[1]],
                [x[0] + v[0], x[1] + v[1]],
            ]
        }
        _ => {
            let t = 0.1 + 0.8 * r.next_f64();
            let x = [p0[0] + t * (p1[0] - p0[0]), p0[1] + t * (p1[1] - p0[1])];
            let w = [full(r, lo, hi), full(r, lo, hi)];
            let (a, b) = (r.next_f64() + 0.1, r.next_f64() + 0.1);
            [
                p0,
                p1,
                [x[0] + a * w[0], x[1] + a * w[1]],
                [x[0] - b * w[0], x[1] - b * w[1]],
            ]
        }
    }
}

/// A map of the plane into 3D space (a point and a constant).
type Lift = fn([f64; 2], f64) -> [f64; 3];

/// `segment_segment_2d_intersection` and the 3D form return each coordinate of a crossing
/// point as the nearest float to the exact value, in `f64` and `f32`, whichever path
/// computes it: full mantissas with per-coordinate exponents across the double-double
/// window's edges, nearly parallel segments, crossings at the origin, far from the origin.
/// `check2`/`check3` compare against this file's Gram-system oracle in every argument order.
#[test]
fn crossing_points_are_correctly_rounded_in_full_mantissas() {
    let mut r = Rng::new(0xC4055);
    let (mut t2, mut t3) = (Tally::default(), Tally::default());
    let n = cases(400);
    for i in 0..n {
        let p = crossing2(&mut r, i);
        if !p.iter().flatten().all(|x| x.is_finite()) {
            continue;
        }
        t2.add(check2(&p));
        // The same segments rounded to f32 (check2 then runs f32 too).
        let p32 = p.map(|x| x.map(|c| f64::from(c as f32)));
        if p32.iter().flatten().all(|x| x.is_finite()) {
            check2(&p32);
        }
        // Coplanar 3D copies, exactly: the plane z = c, y = c or x = c (every axis gets
        // dropped), and z = x, z = −2y (the dropped coordinate is not constant).
        let c = full(&mut r, -8, 8);
        let lift: [Lift; 5] = [
            |v, c| [v[0], v[1], c],
            |v, c| [v[0], c, v[1]],
            |v, c| [c, v[0], v[1]],
            |v, _| [v[0], v[1], v[0]],
            |v, _| [v[0], v[1], -2.0 * v[1]],
        ];
        let p3 = p.map(|x| lift[i as usize % 5](x, c));
        if p3.iter().flatten().all(|x| x.is_finite()) {
            t3.add(check3(&p3));
        }
    }
    let crossing = SegmentContact::Crossing as usize;
    // (a third of the cases at least cross, in 2D and in the lifted 3D copies)
    assert!(t2.0[crossing] > n as usize / 3, "{t2:?}");
    assert!(t3.0[crossing] > n as usize / 3, "{t3:?}");
}

/// Three planes' normals and offsets, rounded to `f32` values if `f32`; `None` when a
/// value is not finite.
pub(super) fn planes_in(
    f32: bool,
    n: [[f64; 3]; 3],
    d: [f64; 3],
) -> Option<([[f64; 3]; 3], [f64; 3])> {
    let r = |x: f64| if f32 { f64::from(x as f32) } else { x };
    let (n, d) = (n.map(|p| p.map(r)), d.map(r));
    n.iter()
        .flatten()
        .chain(&d)
        .all(|x| x.is_finite())
        .then_some((n, d))
}

/// `three_planes` returns the nearest float to each coordinate of the exact point (or
/// `None` exactly when the normals are dependent), in `f64` and `f32`: full mantissas
/// across the window's edges, nearly dependent normals (`n₃ = n₁ + n₂` rounded, then
/// nudged by ulps), points exactly at the origin, against Gaussian elimination here.
#[test]
fn three_planes_are_correctly_rounded_in_full_mantissas() {
    let mut r = Rng::new(0x3D1A);
    let (mut points, mut singular) = (0, 0);
    let n = cases(1000);
    for i in 0..n {
        let (lo, hi) = exp_class(i);
        let mut n: [[f64; 3]; 3] =
            std::array::from_fn(|_| std::array::from_fn(|_| full(&mut r, lo, hi)));
        let mut d: [f64; 3] = std::array::from_fn(|_| full(&mut r, lo, hi));
        match i % 5 {
            1 => {
                n[2] = std::array::from_fn(|k| n[0][k] + n[1][k]);
                for _ in 0..i % 3 {
                    n[2][i as usize % 3] = n[2][i as usize % 3].next_up();
                }
            }
            2 => d = [0.0; 3],
            3 => d[i as usize % 3] = 0.0,
            _ => {}
        }
        for f32 in [false, true] {
            let Some((n, d)) = planes_in(f32, n, d) else {
                continue;
            };
            let want = oracle_planes(&n.map(|p| p.map(qf)), &d.map(qf));
            let got64 = three_planes(
                &Plane::new(n[0], d[0]),
                &Plane::new(n[1], d[1]),
                &Plane::new(n[2], d[2]),
            );
            let p32: Vec<Plane<f32>> = (0..3)
                .map(|k| Plane::new(n[k].map(|x| x as f32), d[k] as f32))
                .collect();
            let got32 = three_planes(&p32[0], &p32[1], &p32[2]);
            match want {
                None => {
                    singular += 1;
                    assert_eq!(got64, None, "{n:?} {d:?}");
                    if f32 {
                        assert_eq!(got32, None, "{n:?} {d:?}");
                    }
                }
                Some(x) => {
                    points += 1;
                    let x64: [f64; 3] = std::array::from_fn(|k| f64::from_rational(&x[k]));
                    assert_eq!(got64, Some(x64), "{n:?} {d:?}");
                    if f32 {
                        let x32: [f32; 3] = std::array::from_fn(|k| f32::from_rational(&x[k]));
                        assert_eq!(got32, Some(x32), "{n:?} {d:?}");
                    }
                }
            }
        }
    }
    // (each case is tried in f64 and in f32: more than one point per case)
    assert!(
        points > n && singular > 0,
        "{points} points, {singular} singular"
    );
}

// ---------------------------------------------------------------------------------------
// OBB/segment
// ---------------------------------------------------------------------------------------

/// Liang–Barsky in box coordinates: `A s = x − center`, solved exactly. `None` when the
/// axes are dependent (the oracle covers solid boxes only).
fn oracle_obb(c: &[Q; 3], axes: &[[Q; 3]; 3], h: &[Q; 3], a: &[Q; 3], b: &[Q; 3]) -> Option<bool> {
    // Solve A X = [a − c | b − a] by elimination (columns of A are the axes).
    let rhs1 = sub(a, c);
    let rhs2 = sub(b, a);
    let mut m: Vec<Vec<Q>> = (0..3)
        .map(|r| {
            vec![
                axes[0][r].clone(),
                axes[1][r].clone(),
                axes[2][r].clone(),
                rhs1[r].clone(),
                rhs2[r].clone(),
            ]
        })
        .collect();
    for col in 0..3 {
        let piv = (col..3).find(|&r| !m[r][col].is_zero())?;
        m.swap(col, piv);
        for r in 0..3 {
            if r != col && !m[r][col].is_zero() {
                let f = &m[r][col] / &m[col][col];
                for k in col..5 {
                    let v = &m[col][k] * &f;
                    m[r][k] -= v;
                }
            }
        }
    }
    let (mut lo, mut hi) = (Q::zero(), Q::from_integer(1.into()));
    for i in 0..3 {
        let u = &m[i][3] / &m[i][i];
        let v = &m[i][4] / &m[i][i];
        if v.is_zero() {
            if u.abs() > h[i] {
                return Some(false);
            }
            continue;
        }
        let (mut l, mut r) = ((-&h[i] - &u) / &v, (&h[i] - &u) / &v);
        if l > r {
            std::mem::swap(&mut l, &mut r);
        }
        lo = lo.max(l);
        hi = hi.min(r);
    }
    Some(lo <= hi)
}

fn check_obb(
    c: [f64; 3],
    axes: [[f64; 3]; 3],
    h: [f64; 3],
    a: [f64; 3],
    b: [f64; 3],
) -> Option<bool> {
    let want = oracle_obb(
        &c.map(qf),
        &axes.map(|x| x.map(qf)),
        &h.map(qf),
        &a.map(qf),
        &b.map(qf),
    )?;
    let bx = Obb::new(c, axes, h);
    assert_eq!(
        obb_segment(&bx, &Segment::new(a, b)),
        want,
        "{bx:?} {a:?} {b:?}"
    );
    assert_eq!(
        obb_segment(&bx, &Segment::new(b, a)),
        want,
        "{bx:?} {a:?} {b:?}"
    );
    let bq = Obb::new(c.map(qf), axes.map(|x| x.map(qf)), h.map(qf));
    assert_eq!(obb_segment(&bq, &Segment::new(a.map(qf), b.map(qf))), want);
    // Negated axes describe the same box.
    let neg = Obb::new(c, [axes[0].map(|x| -x), axes[1], axes[2]], h);
    assert_eq!(obb_segment(&neg, &Segment::new(a, b)), want);
    Some(want)
}

#[test]
fn obb_segment_against_clipping() {
    let mut r = Rng::new(10);
    let (mut hits, mut total) = (0, 0);
    for i in 0..cases(600) {
        let axes: [[f64; 3]; 3] =
            std::array::from_fn(|_| std::array::from_fn(|_| r.range(-2, 2) as f64));
        let c: [f64; 3] = std::array::from_fn(|_| r.range(-2, 2) as f64);
        let h: [f64; 3] = std::array::from_fn(|_| r.range(0, 4) as f64 * 0.5);
        let mut a: [f64; 3] = std::array::from_fn(|_| r.range(-6, 6) as f64 * 0.5);
        let b: [f64; 3] = std::array::from_fn(|_| r.range(-6, 6) as f64 * 0.5);
        if i % 3 == 0 {
            let k = r.range(0, 2) as usize;
            a[k] = a[k].next_up();
        }
        if let Some(x) = check_obb(c, axes, h, a, b) {
            total += 1;
            hits += x as usize;
            if i % 4 == 0 {
                let s = [996, -1000][i as usize % 2];
                let sc = |p: [f64; 3]| p.map(|x| mul_pow2_f64(x, s));
                let bx = Obb::new(sc(c), axes, sc(h));
                assert_eq!(obb_segment(&bx, &Segment::new(sc(a), sc(b))), x);
            }
        }
    }
    assert!(hits > total / 10 && hits < total, "{hits}/{total}");
}

#[test]
fn obb_segment_flat_and_degenerate() {
    let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let flat = Obb::new([0.0; 3], id, [1.0, 1.0, 0.0]); // the square |x|, |y| ≤ 1, z = 0
    let s = |a: [f64; 3], b: [f64; 3]| Segment::new(a, b);
    assert!(obb_segment(&flat, &s([0.5, 0.5, -1.0], [0.5, 0.5, 1.0])));
    assert!(!obb_segment(&flat, &s([1.5, 0.5, -1.0], [1.5, 0.5, 1.0])));
    // In the square's plane, passing outside its corner: only an in-plane normal separates.
    assert!(!obb_segment(&flat, &s([2.5, 0.0, 0.0], [0.0, 2.5, 0.0])));
    assert!(obb_segment(&flat, &s([1.0, 0.0, 0.0], [0.0, 1.0, 0.0])));
    assert!(obb_segment(&flat, &s([2.0, 0.0, 0.0], [0.0, 2.0, 0.0])));
    let x = 2.0f64.next_up();
    assert!(!obb_segment(&flat, &s([x, 0.0, 0.0], [0.0, x, 0.0])));
    // Points.
    assert!(obb_segment(&flat, &s([1.0, 1.0, 0.0], [1.0, 1.0, 0.0])));
    assert!(!obb_segment(
        &flat,
        &s([1.0, 1.0, 1e-300], [1.0, 1.0, 1e-300])
    ));
    // A box that is a segment (x axis, |x| ≤ 1), and one that is a point.
    let line = Obb::new(
        [0.0; 3],
        [[1.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0; 3]],
        [0.5, 0.25, 3.0],
    );
    assert!(obb_segment(&line, &s([1.0, 0.0, 0.0], [5.0, 0.0, 0.0])));
    assert!(!obb_segment(
        &line,
        &s([x / 2.0, 0.0, 0.0], [5.0, 0.0, 0.0])
    ));
    assert!(obb_segment(&line, &s([0.0, -1.0, 0.0], [0.0, 1.0, 0.0])));
    assert!(!obb_segment(
        &line,
        &s([0.0, -1.0, 1e-300], [0.0, 1.0, 1e-300])
    ));
    let point = Obb::new([1.0; 3], id, [0.0; 3]);
    assert!(obb_segment(&point, &s([0.0; 3], [2.0; 3])));
    assert!(!obb_segment(
        &point,
        &s([0.0; 3], [2.0, 2.0, 2.0f64.next_up()])
    ));
    // Coplanar axes (a parallelogram in z = 0) with a segment in its plane.
    let para = Obb::new(
        [0.0; 3],
        [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [2.0, 1.0, 0.0]],
        [1.0, 1.0, 0.0],
    );
    assert!(obb_segment(&para, &s([2.0, 1.0, 0.0], [9.0, 1.0, 0.0])));
    assert!(!obb_segment(
        &para,
        &s([2.0f64.next_up(), 1.0, 0.0], [9.0, 1.0, 0.0])
    ));
    // Invalid input.
    assert!(!obb_segment(
        &Obb::new([0.0; 3], id, [1.0, -1.0, 1.0]),
        &s([0.0; 3], [0.0; 3])
    ));
    assert!(!obb_segment(&flat, &s([f64::NAN; 3], [0.0; 3])));
    assert_eq!(
        try_obb_segment(&flat, &s([0.0; 3], [0.0, f64::NAN, 0.0])),
        Err(InputError::NonFinite {
            argument: 1,
            what: "vertex",
            index: Some(1),
            axis: Some(1),
            value: NonFiniteValue::NaN,
        })
    );
}

/// The regime of proofs/overlap_boxes.md, section 3.1: two large generators whose cross
/// product is huge (up to 2^600), a third one and the segment offsets down in the
/// subnormal range where products underflow. The f64 answer (filter first) must equal the
/// rational one (exact path only).
#[test]
fn obb_segment_underflow_under_a_huge_axis() {
    let mut r = Rng::new(31);
    let mut hits = [0usize; 2];
    let count = cases(600);
    for i in 0..count {
        let k = r.range(100, 300) as i32;
        let small = |r: &mut Rng| r.range(-3, 3) as f64;
        let mut axes = [[0.0; 3]; 3];
        axes[0] = [1.0 + small(&mut r), 1.0, small(&mut r)];
        axes[1] = [small(&mut r), -1.0, 1.0 + small(&mut r)];
        // Third axis tiny: its products with the half extent underflow.
        axes[2] = [small(&mut r), small(&mut r), 1.0 + small(&mut r).abs()]
            .map(|x| mul_pow2_f64(x, -600));
        let h = [
            mul_pow2_f64(1.0 + r.range(0, 7) as f64 / 8.0, k),
            mul_pow2_f64(1.0 + r.range(0, 7) as f64 / 8.0, k),
            mul_pow2_f64(r.range(1, 15) as f64 / 8.0, -474),
        ];
        let unit = mul_pow2_f64(1.0, -1074);
        let off = |r: &mut Rng| r.range(-6, 6) as f64 * unit;
        let c = [off(&mut r), off(&mut r), off(&mut r)];
        let a = [off(&mut r), off(&mut r), off(&mut r)];
        let e = if i % 2 == 0 {
            a
        } else {
            [off(&mut r), off(&mut r), off(&mut r)]
        };
        let b = Obb::new(c, axes, h);
        let s = Segment::new(a, e);
        let got = obb_segment(&b, &s);
        let bq = Obb::new(c.map(qf), axes.map(|p| p.map(qf)), h.map(qf));
        let sq = Segment::new(a.map(qf), e.map(qf));
        assert_eq!(got, obb_segment(&bq, &sq), "{b:?} {s:?}");
        hits[got as usize] += 1;
    }
    // (both answers in one case of 75 at least: 20 of the 1500 of a long run)
    assert!(
        hits[0] > count as usize / 75 && hits[1] > count as usize / 75,
        "{hits:?}"
    );
}

#[test]
fn classic_obb_segment_agrees_on_decisive_cases() {
    let mut r = Rng::new(11);
    let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let eps = Relative { eps: 1e-9 };
    let mut decisive = 0;
    let n = cases(1000);
    for _ in 0..n {
        let c: [f64; 3] = std::array::from_fn(|_| r.next_f64());
        let h: [f64; 3] = std::array::from_fn(|_| 0.05 + 0.25 * r.next_f64());
        let a: [f64; 3] = std::array::from_fn(|_| r.next_f64() * 1.5 - 0.25);
        let b: [f64; 3] = std::array::from_fn(|_| r.next_f64() * 1.5 - 0.25);
        let (bx, s) = (Obb::new(c, id, h), Segment::new(a, b));
        let naive = obb_segment_with(Naive, &bx, &s);
        if naive == obb_segment_with(eps, &bx, &s) {
            decisive += 1;
            assert_eq!(naive, obb_segment(&bx, &s), "{bx:?} {s:?}");
        }
    }
    assert!(decisive > n / 2);
}
