//! Constructions with a certified error bound (the `_bounded` forms): the plain formula
//! evaluated in `f64` with a running error bound, accepted when the bound is small
//! against the value, else the correctly rounded construction. The bounds are derived
//! operation by operation in `proofs/bounded_constructions.md`.
//!
//! Every kernel here runs on the exact `f64` view of the inputs (the float capability of
//! the scalar) after checking that every input is zero or of magnitude in
//! `[2^-240, 2^240]` ([`in_window`]): then no product of inputs overflows or underflows,
//! and the only operations that may underflow are the products with a quotient, which
//! the absolute terms [`TAU`] and [`TAU2`] cover. Overflow of a quotient or of a bound
//! gives `∞` or NaN, which the strict acceptance test `error < 2^-40·|value|` refuses.

use super::dd::in_window;
use super::filter::{TAU, TAU2, planes_as_f64, points2_as_f64};
use crate::scalar::{as_f64_array, is_f32};
use crate::{Plane, Scalar};

/// A constructed number and a certified bound on its absolute error: the exact value
/// lies in `[value − error, value + error]`.
///
/// Returned by the `_bounded` constructions
/// ([`line_line_2d_bounded`](crate::overlap::line_line_2d_bounded),
/// [`segment_segment_2d_intersection_bounded`](crate::overlap::segment_segment_2d_intersection_bounded),
/// [`segment_segment_3d_intersection_bounded`](crate::overlap::segment_segment_3d_intersection_bounded),
/// [`three_planes_bounded`](crate::overlap::three_planes_bounded)). For those, `error` is
/// `0` for rational scalars (the value is exact) and input coordinates returned as given;
/// for `f32`/`f64`, `error ≤ 2^-40·|value| + ulp(value)` with `ulp(v)` the gap from `|v|`
/// to the next float up (`proofs/bounded_constructions.md`).
///
/// # Examples
///
/// ```
/// use isect::overlap::{three_planes_bounded, Bounded};
/// use isect::Plane;
/// let x = Plane::new([1.0f64, 0.0, 0.0], -1.0);
/// let y = Plane::new([0.0, 1.0, 0.0], -2.0);
/// let z = Plane::new([0.0, 0.0, 1.0], -3.0);
/// let p = three_planes_bounded(&x, &y, &z).unwrap();
/// // Each coordinate within its error of the exact value.
/// for (b, exact) in p.iter().zip([1.0, 2.0, 3.0]) {
///     assert!((b.value - exact).abs() <= b.error);
///     assert!(b.error <= 1e-12 * b.value.abs() + f64::EPSILON * 4.0);
/// }
/// let exact = Bounded { value: 2.5, error: 0.0 };
/// assert_eq!(exact.value, 2.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounded<T> {
    /// The computed value.
    pub value: T,
    /// A bound on `|value − exact|`, never negative (`∞` where the value is infinite).
    pub error: T,
}

/// `2^-53`, the unit roundoff of `f64`.
const U: f64 = f64::EPSILON / 2.0;
/// `u·(1 + 2^-10)`: one rounding error, with room for the rounding of the bound's own
/// evaluation (proofs/bounded_constructions.md §1).
const U1: f64 = U * (1.0 + 1.0 / 1024.0);
/// `2u·(1 + 2^-10)`.
const U2: f64 = 2.0 * U1;
/// `1 + 2^-18`: `(1 + u)³/(1 − 2^-20)` and the evaluation of the quotient's bound.
const C_QUOT: f64 = 1.0 + 1.0 / 262_144.0;
/// `1 + 2^-45`: `1 + u` and the evaluation of the point's bound.
const C_POINT: f64 = 1.0 + 1.0 / 35_184_372_088_832.0;
/// `2^20`: a denominator is used only when its bound is below `2^-20` of it.
const DEN_MARGIN: f64 = 1_048_576.0;
/// `2^-40`: the fast path hands a value back only when its bound is below `2^-40` of it.
pub(super) const REL: f64 = 1.0 / 1_099_511_627_776.0;

/// `Some(value)` when the bound certifies it: `e < 2^-40·|v|` (false for NaN and `∞`).
#[inline(always)]
fn accepted(v: f64, e: f64) -> bool {
    e < REL * v.abs()
}

/// The `f64` value `v` with bound `e` handed back in `T`: for `f32` the rounding to `f32`
/// is added to the bound, which is then rounded up; `None` when an `f32` value overflows.
#[inline(always)]
fn to_scalar<T: Scalar>((v, e): (f64, f64)) -> Option<Bounded<T>> {
    let (value, r) = T::from_f64_rounded(v)?;
    if !is_f32::<T>() {
        return Some(Bounded {
            value,
            error: T::from_f64_rounded(e)?.0,
        });
    }
    if !value.is_finite() {
        return None;
    }
    // (e + r)(1 + 2^-50) ≥ e + r despite the two roundings, then rounded up to f32.
    let e = (e + r) * (1.0 + 1.0 / 1_125_899_906_842_624.0);
    let (mut error, _) = T::from_f64_rounded(e)?;
    if error.as_f64()? < e {
        error = error.next_up();
    }
    Some(Bounded { value, error })
}

/// A correctly rounded value (or an exact one) with its bound: half the gap to the next
/// value away from zero, the whole gap where half is not representable (the smallest
/// subnormals), `0` for exact types, `∞` for an infinite value.
#[cold]
pub(super) fn rounded<T: Scalar>(value: T) -> Bounded<T> {
    let a = if value < T::zero() {
        -value.clone()
    } else {
        value.clone()
    };
    if !value.is_finite() {
        return Bounded { value, error: a };
    }
    let gap = a.next_up() - &a;
    let half = T::from_f64_rounded(0.5).map(|(h, _)| gap.clone() * &h);
    let error = match half {
        Some(h) if h.clone() + &h == gap => h,
        _ => gap,
    };
    Bounded { value, error }
}

/// An input coordinate returned as given: exact.
#[inline(always)]
pub(super) fn exact<T: Scalar>(value: T) -> Bounded<T> {
    Bounded {
        value,
        error: T::zero(),
    }
}

/// `q = num/den` as `num·r` with `r = fl(1/den)`, and its bound, from `|num − N| ≤ a`
/// (`a ≥ 2^-1020`) and `|den − D| ≤ b ≤ 2^-20·|den|` (§1, the quotient lemma).
#[inline(always)]
fn quotient(num: f64, a: f64, r: f64, b: f64) -> (f64, f64) {
    let q = num * r;
    let e = U2 * q.abs() + C_QUOT * ((a + q.abs() * b) * r.abs()) + TAU2;
    (q, e)
}

/// `o + q·d` and its bound, for an input `o`, a quotient `q` with bound `eq`, and `d`
/// within `u·|d|` of its exact value (exact or one rounded difference; §1, the point
/// lemma).
#[inline(always)]
fn affine(o: f64, (q, eq): (f64, f64), d: f64) -> (f64, f64) {
    let m = q * d;
    let x = o + m;
    let e = U1 * x.abs() + U2 * m.abs() + C_POINT * (d.abs() * eq) + TAU2;
    (x, e)
}

/// `den` is certified non-zero with room: its bound is below `2^-20` of it.
#[inline(always)]
fn den_ok(den: f64, b: f64) -> bool {
    b * DEN_MARGIN < den.abs()
}

/// `u × v` of two exact or rounded vectors and its bound, `k·u` per product plus one
/// rounding of the difference: `k` is 1 for inputs, 2 for one rounded difference
/// factor, 3 for two.
#[inline(always)]
fn cross2(u: [f64; 2], v: [f64; 2], k: f64) -> (f64, f64) {
    let (p, q) = (u[0] * v[1], u[1] * v[0]);
    let c = p - q;
    (c, k * U1 * (p.abs() + q.abs()) + U1 * c.abs())
}

/// The `(s, t, point)` of [`line_line_2d_bounded`](crate::overlap::line_line_2d_bounded)
/// for inputs in the window whose lines certainly cross, or `None`.
#[inline(always)]
#[allow(clippy::type_complexity)]
pub(super) fn line_line_2d_f64<T: Scalar>(
    pts: [&[T; 2]; 4],
) -> Option<(Bounded<T>, Bounded<T>, [Bounded<T>; 2])> {
    let [o1, d1, o2, d2] = points2_as_f64(pts)?;
    if ![o1, d1, o2, d2].iter().flatten().all(|&x| in_window(x)) {
        return None;
    }
    let (den, b) = cross2(d1, d2, 1.0);
    if !den_ok(den, b) {
        return None;
    }
    let r = 1.0 / den;
    let w = [o2[0] - o1[0], o2[1] - o1[1]];
    let (sn, sa) = cross2(w, d2, 2.0);
    let (tn, ta) = cross2(w, d1, 2.0);
    let s = quotient(sn, sa + TAU, r, b);
    let t = quotient(tn, ta + TAU, r, b);
    let x = affine(o1[0], s, d1[0]);
    let y = affine(o1[1], s, d1[1]);
    if !(accepted(s.0, s.1) & accepted(t.0, t.1) & accepted(x.0, x.1) & accepted(y.0, y.1)) {
        return None;
    }
    Some((to_scalar(s)?, to_scalar(t)?, [to_scalar(x)?, to_scalar(y)?]))
}

/// The crossing point `a0 + t(a1 − a0)` of two segments whose lines cross in one point
/// interior to both (decided exactly by the caller), `t` from the four points `proj` in
/// the plane where the crossing was decided; `None` outside the window or when a bound
/// is not small.
///
/// `t = o3/(o3 − o4)` with `o3 = (q1 − q0) × (p0 − q0)` and `o4 = (q1 − q0) × (p1 − q0)`,
/// the two orientations of `p0` and `p1` against the second segment's line, of opposite
/// exact signs.
#[inline(always)]
pub(super) fn crossing_point_f64<T: Scalar, const N: usize>(
    proj: [&[T; 2]; 4],
    a0: &[T; N],
    a1: &[T; N],
) -> Option<[Bounded<T>; N]> {
    let [p0, p1, q0, q1] = points2_as_f64(proj)?;
    let (c0, c1) = (as_f64_array(a0)?, as_f64_array(a1)?);
    let inputs = [p0, p1, q0, q1].into_iter().flatten();
    if !inputs.chain(c0).chain(c1).all(in_window) {
        return None;
    }
    let sub = |a: [f64; 2], b: [f64; 2]| [a[0] - b[0], a[1] - b[1]];
    let e = sub(q1, q0);
    let (o3, e3) = cross2(e, sub(p0, q0), 3.0);
    let (o4, e4) = cross2(e, sub(p1, q0), 3.0);
    let den = o3 - o4;
    let b = U1 * den.abs() + (1.0 + 4.0 * U) * (e3 + e4);
    if !den_ok(den, b) {
        return None;
    }
    let t = quotient(o3, e3 + TAU, 1.0 / den, b);
    let mut out = [(0.0, 0.0); N];
    let mut ok = accepted(t.0, t.1);
    for (k, o) in out.iter_mut().enumerate() {
        *o = affine(c0[k], t, c1[k] - c0[k]);
        ok &= accepted(o.0, o.1);
    }
    if !ok {
        return None;
    }
    let mut res: [Bounded<T>; N] = core::array::from_fn(|_| exact(T::zero()));
    for (r, o) in res.iter_mut().zip(out) {
        *r = to_scalar(o)?;
    }
    Some(res)
}

/// The point of [`three_planes_bounded`](crate::overlap::three_planes_bounded) for inputs
/// in the window whose normals are certainly independent, or `None`.
///
/// `x = −(d₁(n₂×n₃) + d₂(n₃×n₁) + d₃(n₁×n₂))/det`, `det = n₁·(n₂×n₃)`.
#[inline(always)]
pub(super) fn three_planes_f64<T: Scalar>(ps: [&Plane<T>; 3]) -> Option<[Bounded<T>; 3]> {
    let (n, d) = planes_as_f64(ps)?;
    if !n.iter().flatten().chain(&d).all(|&x| in_window(x)) {
        return None;
    }
    // Cross products of inputs and their bounds: c[j] = n[j+1] × n[j+2].
    let cross = |a: &[f64; 3], b: &[f64; 3]| -> [(f64, f64); 3] {
        core::array::from_fn(|k| {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            cross2([a[i], a[j]], [b[i], b[j]], 1.0)
        })
    };
    let c = [
        cross(&n[1], &n[2]),
        cross(&n[2], &n[0]),
        cross(&n[0], &n[1]),
    ];
    // Σ xᵢ·cᵢ over three terms with its bound: the factors' own bounds times |xᵢ|, then
    // one rounding per product and per sum.
    let dot = |x: [f64; 3], c: [(f64, f64); 3]| -> (f64, f64) {
        let p = [x[0] * c[0].0, x[1] * c[1].0, x[2] * c[2].0];
        let s = p[0] + p[1];
        let v = s + p[2];
        let inherited = x[0].abs() * c[0].1 + x[1].abs() * c[1].1 + x[2].abs() * c[2].1;
        let own = p[0].abs() + p[1].abs() + p[2].abs() + s.abs() + v.abs();
        (v, (1.0 + 8.0 * U) * inherited + U1 * own)
    };
    let (det, b) = dot(n[0], c[0]);
    if !den_ok(det, b) {
        return None;
    }
    let r = 1.0 / det;
    let mut out = [(0.0, 0.0); 3];
    let mut ok = true;
    for (k, o) in out.iter_mut().enumerate() {
        let (num, a) = dot([-d[0], -d[1], -d[2]], [c[0][k], c[1][k], c[2][k]]);
        *o = quotient(num, a + TAU, r, b);
        ok &= accepted(o.0, o.1);
    }
    if !ok {
        return None;
    }
    Some([to_scalar(out[0])?, to_scalar(out[1])?, to_scalar(out[2])?])
}
