//! Constructions with a certified error bound (the `_bounded` forms): the plain formula
//! evaluated in `f64` with a running error bound, accepted when the bound is small
//! against the value, else the correctly rounded construction. The bounds are derived
//! operation by operation in `proofs/bounded_constructions.md`.
//!
//! Every kernel here runs on the exact `f64` view of the inputs (the float capability of
//! the scalar), for any input: each bound carries absolute terms ([`TAU`], [`TAU2`])
//! that cover underflow, and overflow or a non-finite input gives `∞` or NaN in a value
//! or a bound, which the strict acceptance test `error < 2^-40·|value|` refuses; the
//! caller then takes the correctly rounded path.

use super::filter::{TAU, TAU2, planes_as_f64, points2_as_f64};
use crate::scalar::{as_f64_array, is_f32};
use crate::vec3;
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
/// to the next float up, or down at the largest finite value
/// (`proofs/bounded_constructions.md`).
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
/// `3u·(1 + 2^-10)`.
const U3: f64 = 3.0 * U1;
/// `4u·(1 + 2^-10)`.
const U4: f64 = 4.0 * U1;
/// `5u·(1 + 2^-10)`.
const U5: f64 = 5.0 * U1;
/// `2·U5`: five roundings on each of two exact terms bounded by one product.
const U10: f64 = 10.0 * U1;
/// `1 + 2^-18`: `(1 + u)³/(1 − 2^-20)` and the evaluation of the quotient's bound.
const C_QUOT: f64 = 1.0 + 1.0 / 262_144.0;
/// `1 + 2^-12`: Lemma P's `1 + u` on a quotient's bound `e_q`, with room for the
/// evaluation of the point's bound and for the underflow of its factor `h` (at most
/// `2η ≤ 2^-14·e_q`, since `e_q ≥ TAU2`), which is later multiplied by `|d|`.
const C_POINT: f64 = 1.0 + 1.0 / 4096.0;
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
/// value away from zero (toward zero at the largest finite value), the whole gap where
/// half is not representable (the smallest subnormals), `0` for exact types, `∞` for an
/// infinite value.
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
    // The gap above |v|; at the largest finite value (gap ∞) the one below, equal to it
    // in the top binade (a value rounded to the largest finite one is within half of it).
    let mut gap = a.next_up() - &a;
    if !gap.is_finite() {
        gap = a.clone() - a.next_down();
    }
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

/// `h = C_POINT·e_q + U2·|q|`: per unit of `|d|`, the error that a quotient `q` with
/// bound `e_q` and the rounding of `q·d` add to a point `o + q·d` (§1, Lemma P), one
/// number for every coordinate along the same `q`.
#[inline(always)]
fn point_factor((q, eq): (f64, f64)) -> f64 {
    C_POINT * eq + U2 * q.abs()
}

/// `o + q·d` and its bound `U1·|x| + (|d|·h + TAU2)`, for an input `o`, a quotient `q`
/// with its [`point_factor`] `h`, and `d` within `u·|d|` of its exact value (exact or
/// one rounded difference; §1, Lemma P).
#[inline(always)]
fn affine(o: f64, q: f64, h: f64, d: f64) -> (f64, f64) {
    let x = o + q * d;
    (x, U1 * x.abs() + (d.abs() * h + TAU2))
}

/// `den` is certified non-zero with room (its bound is below `2^-20` of it) and at most
/// `2^1022`, so that its reciprocal is a normal float (Lemma Q, §1).
#[inline(always)]
fn den_ok(den: f64, b: f64) -> bool {
    (b * DEN_MARGIN < den.abs()) & (den.abs() <= RECIP_MAX)
}

/// `2^1022`: above it `1/den` is subnormal and its relative error may reach `4u`.
const RECIP_MAX: f64 = f64::from_bits((1023 + 1022) << 52);

/// `u × v = u₀v₁ − u₁v₀` and its magnitude `|fl(u₀v₁)| + |fl(u₁v₀)|`.
#[inline(always)]
fn cross2(u: [f64; 2], v: [f64; 2]) -> (f64, f64) {
    let (p, q) = (u[0] * v[1], u[1] * v[0]);
    (p - q, p.abs() + q.abs())
}

/// The `(s, t, point)` of [`line_line_2d_bounded`](crate::overlap::line_line_2d_bounded)
/// when the `f64` formula certifies them (the lines then certainly cross), or `None`.
#[inline(always)]
#[allow(clippy::type_complexity)]
pub(super) fn line_line_2d_f64<T: Scalar>(
    pts: [&[T; 2]; 4],
) -> Option<(Bounded<T>, Bounded<T>, [Bounded<T>; 2])> {
    let [o1, d1, o2, d2] = points2_as_f64(pts)?;
    // Two roundings per term of d1 × d2, three of w × d (w is a rounded difference).
    let (den, md) = cross2(d1, d2);
    let b = U2 * md + TAU;
    if !den_ok(den, b) {
        return None;
    }
    let r = 1.0 / den;
    let w = [o2[0] - o1[0], o2[1] - o1[1]];
    let (sn, ms) = cross2(w, d2);
    let (tn, mt) = cross2(w, d1);
    let s = quotient(sn, U3 * ms + TAU, r, b);
    let t = quotient(tn, U3 * mt + TAU, r, b);
    let h = point_factor(s);
    let x = affine(o1[0], s.0, h, d1[0]);
    let y = affine(o1[1], s.0, h, d1[1]);
    if !(accepted(s.0, s.1) & accepted(t.0, t.1) & accepted(x.0, x.1) & accepted(y.0, y.1)) {
        return None;
    }
    Some((to_scalar(s)?, to_scalar(t)?, [to_scalar(x)?, to_scalar(y)?]))
}

/// The crossing point `a0 + t(a1 − a0)` of two segments whose lines cross in one point
/// interior to both (decided exactly by the caller), `t` from the four points `proj` in
/// the plane where the crossing was decided; `None` when a bound is not small.
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
    let e = sub(q1, q0);
    let o3 = cross2(e, sub(p0, q0));
    let o4 = cross2(e, sub(p1, q0));
    point_on_first(o3, o4, c0, core::array::from_fn(|k| c1[k] - c0[k]))
}

/// `a − b` for 2D points.
#[inline(always)]
fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}

/// `c0 + t·d` with `t = o3/(o3 − o4)`, from `o3`, `o4` with their magnitudes (four
/// roundings per term: two differences, a product, a difference) and `d = fl(c1 − c0)`.
#[inline(always)]
fn point_on_first<T: Scalar, const N: usize>(
    (o3, m3): (f64, f64),
    (o4, m4): (f64, f64),
    c0: [f64; N],
    d: [f64; N],
) -> Option<[Bounded<T>; N]> {
    let den = o3 - o4;
    let b = U5 * (m3 + m4) + TAU;
    if !den_ok(den, b) {
        return None;
    }
    let t = quotient(o3, U4 * m3 + TAU, 1.0 / den, b);
    let h = point_factor(t);
    let mut out = [(0.0, 0.0); N];
    let mut ok = true;
    for (k, o) in out.iter_mut().enumerate() {
        *o = affine(c0[k], t.0, h, d[k]);
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

/// `2^20·U5`: the relative factor of the sign threshold of the 2D crossing test (the
/// `2^20` margin also certifies its denominator, §3).
const SIGN_REL: f64 = DEN_MARGIN * U5;
/// `2^22·TAU = 2^-998`: its absolute term.
const SIGN_ABS: f64 = 4.0 * DEN_MARGIN * TAU;
/// `C_QUOT·2^-20` (exact): the sign threshold times this bounds `t`'s numerator and
/// denominator error terms (§3).
const G_REL: f64 = C_QUOT / DEN_MARGIN;

/// The crossing point of the 2D segments `p0p1` and `q0q1` when the `f64` orientations
/// certify that they cross (one common point interior to both: the exact
/// classification's `Crossing`) and the bounds certify the point; `None` otherwise (the
/// caller classifies exactly).
///
/// With `d = p1 − p0`, `e = q1 − q0`, `f = q0 − p0` (rounded), three cross products:
/// `b = f × e` (`orient(q0, q1, p0)`), `a = f × d` (`−orient(p0, p1, q0)`) and
/// `den = d × e`; the other two orientations are `den − b` (`−orient(q0, q1, p1)`) and
/// `den − a` (`orient(p0, p1, q1)`). The segments cross exactly when `b`, `a`,
/// `den − b`, `den − a` all have the sign of `den`: one threshold for the four certifies
/// them with a `2^20` margin, which also certifies the denominator and bounds the error
/// of `t = b/den` (§3).
#[inline(always)]
pub(super) fn segment_crossing_f64<T: Scalar>(pts: [&[T; 2]; 4]) -> Option<[Bounded<T>; 2]> {
    let [p0, p1, q0, q1] = points2_as_f64(pts)?;
    let (d, e, f) = (sub(p1, p0), sub(q1, q0), sub(q0, p0));
    let (b, a, den) = (cross(f, e), cross(f, d), cross(d, e));
    // One magnitude for the four orientations (§3): every exact term of `b`, `a`, `den`,
    // `den − b`, `den − a` is a product of an x and a y component of `d`, `e` or `f`,
    // so their sum is within `(|d₀| + |e₀| + |f₀|)(|d₁| + |e₁| + |f₁|)`.
    let (ad, ae, af) = (d.map(f64::abs), e.map(f64::abs), f.map(f64::abs));
    let m = (ad[0] + ae[0] + af[0]) * (ad[1] + ae[1] + af[1]);
    let tau = SIGN_REL * m + SIGN_ABS;
    // Folded by den's sign (exact): positive means "the sign of den".
    let s = 1.0f64.copysign(den);
    let (sb, sa, sd) = (s * b, s * a, den.abs());
    if !((sb > tau) & (sd - sb > tau) & (sa > tau) & (sd - sa > tau)) {
        return None;
    }
    // t = b/den ∈ (0, 1); g bounds t's error and the rounding of t·d per unit of |d|.
    // Two quotients by den, neither waiting for the sign fold.
    let (t, gr) = (b / den, (G_REL * tau) / sd);
    let g = U4 + gr;
    let point = |k: usize| {
        let x = p0[k] + t * d[k];
        (x, U1 * x.abs() + (ad[k] * g + TAU2))
    };
    let (x, y) = (point(0), point(1));
    if !(accepted(x.0, x.1) & accepted(y.0, y.1)) {
        return None;
    }
    Some([to_scalar(x)?, to_scalar(y)?])
}

/// `u × v = u₀v₁ − u₁v₀`.
#[inline(always)]
fn cross(u: [f64; 2], v: [f64; 2]) -> f64 {
    u[0] * v[1] - u[1] * v[0]
}

/// The point of [`three_planes_bounded`](crate::overlap::three_planes_bounded) when the
/// `f64` formula certifies it with bounds from the largest normal components (the
/// normals are then certainly independent), or `None`.
///
/// `x = −(d₁(n₂×n₃) + d₂(n₃×n₁) + d₃(n₁×n₂))/det`, `det = n₁·(n₂×n₃)`. Each exact term of
/// a component of `nᵢ × nⱼ` is at most `NᵢNⱼ` in magnitude, `Nᵢ = maxₖ |nᵢₖ|`: three
/// products bound the nine components, and one numerator bound serves the three
/// coordinates (`proofs/bounded_constructions.md` §4).
#[inline(always)]
pub(super) fn three_planes_f64<T: Scalar>(ps: [&Plane<T>; 3]) -> Option<[Bounded<T>; 3]> {
    let (n, d) = planes_as_f64(ps)?;
    let c = [
        vec3::cross(&n[1], &n[2]),
        vec3::cross(&n[2], &n[0]),
        vec3::cross(&n[0], &n[1]),
    ];
    let det = vec3::dot(&n[0], &c[0]);
    // The largest component of each normal (a comparison, not `f64::max`: a NaN input
    // makes `det` or a numerator NaN, which no test accepts), and the bounds' products
    // Pⱼ = N₍ⱼ₊₁₎N₍ⱼ₊₂₎ with the underflow term.
    let max = |x: f64, y: f64| if x > y { x } else { y };
    let a: [[f64; 3]; 3] = core::array::from_fn(|j| core::array::from_fn(|k| n[j][k].abs()));
    let m: [f64; 3] = core::array::from_fn(|j| max(max(a[j][0], a[j][1]), a[j][2]));
    let p: [f64; 3] = core::array::from_fn(|j| m[(j + 1) % 3] * m[(j + 2) % 3] + TAU);
    // det: two exact terms per component of n₂ × n₃, five roundings each (Lemma R).
    // (U10 last: U10·S₁ would lose its relative accuracy when it underflows.)
    let b = U10 * ((a[0][0] + a[0][1] + a[0][2]) * p[0]) + TAU;
    if !den_ok(det, b) {
        return None;
    }
    // One numerator bound for the three coordinates, so each coordinate's Lemma Q bound
    // is `α·|xₖ| + β`.
    let num_bound = U10 * (d[0].abs() * p[0] + d[1].abs() * p[1] + d[2].abs() * p[2]) + TAU;
    let r = 1.0 / det;
    let (alpha, beta) = (
        U2 + C_QUOT * (b * r.abs()),
        C_QUOT * (num_bound * r.abs()) + TAU2,
    );
    let mut out = [(0.0, 0.0); 3];
    let mut ok = true;
    for (k, o) in out.iter_mut().enumerate() {
        let x = -vec3::dot(&d, &[c[0][k], c[1][k], c[2][k]]) * r;
        *o = (x, alpha * x.abs() + beta);
        ok &= accepted(o.0, o.1);
    }
    if !ok {
        return None;
    }
    Some([to_scalar(out[0])?, to_scalar(out[1])?, to_scalar(out[2])?])
}

/// The point of [`three_planes_bounded`](crate::overlap::three_planes_bounded) with the
/// componentwise bounds (tighter, dearer: the second try, for the cases
/// [`three_planes_f64`] does not certify), or `None`.
///
/// `x = −(d₁(n₂×n₃) + d₂(n₃×n₁) + d₃(n₁×n₂))/det`, `det = n₁·(n₂×n₃)`.
#[inline(always)]
pub(super) fn three_planes_f64_componentwise<T: Scalar>(
    ps: [&Plane<T>; 3],
) -> Option<[Bounded<T>; 3]> {
    let (n, d) = planes_as_f64(ps)?;
    // c[j] = n[j+1] × n[j+2] with the magnitudes of its components, plus TAU: times the
    // 5u·(1 + 2^-10) below it still covers the underflow of their two products.
    let cross = |a: &[f64; 3], b: &[f64; 3]| -> [(f64, f64); 3] {
        core::array::from_fn(|k| {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            let (c, m) = cross2([a[i], a[j]], [b[i], b[j]]);
            (c, m + TAU)
        })
    };
    let c = [
        cross(&n[1], &n[2]),
        cross(&n[2], &n[0]),
        cross(&n[0], &n[1]),
    ];
    // Σ xᵢ·cᵢ and its magnitude Σ |xᵢ|·mᵢ: five roundings per term (two products, the
    // difference, at most two sums).
    let dot = |x: [f64; 3], c: [(f64, f64); 3]| -> (f64, f64) {
        let v = x[0] * c[0].0 + x[1] * c[1].0 + x[2] * c[2].0;
        let m = x[0].abs() * c[0].1 + x[1].abs() * c[1].1 + x[2].abs() * c[2].1;
        (v, U5 * m + TAU)
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
        *o = quotient(num, a, r, b);
        ok &= accepted(o.0, o.1);
    }
    if !ok {
        return None;
    }
    Some([to_scalar(out[0])?, to_scalar(out[1])?, to_scalar(out[2])?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::overlap::filter::tests::round_up;
    use num_rational::BigRational;

    fn q(x: f64) -> BigRational {
        BigRational::from_float(x).unwrap()
    }

    /// The constants are the stated values, and each exceeds what it stands for by more
    /// than the `(1 − u)^-12 − 1 < 13u` of a bound's own evaluation
    /// (proofs/bounded_constructions.md §1), recomputed in rationals.
    #[test]
    fn constants_carry_their_slack() {
        let u = q(U);
        let one = q(1.0);
        let eval = one.clone() + q(13.0) * &u;
        assert_eq!(U, 2f64.powi(-53));
        assert_eq!(REL, 2f64.powi(-40));
        assert_eq!(DEN_MARGIN, 2f64.powi(20));
        assert_eq!(C_QUOT, 1.0 + 2f64.powi(-18));
        assert_eq!(C_POINT, 1.0 + 2f64.powi(-12));
        // k roundings on a term: (1 + u)^k − 1, measured against computed magnitudes
        // (at most a factor (1 + u)^k more), then evaluated.
        for (k, c) in [(1, U1), (2, U2), (3, U3), (4, U4), (5, U5)] {
            let mut p = one.clone();
            for _ in 0..k {
                p *= one.clone() + &u;
            }
            let need = (p.clone() - &one) * p * &eval;
            assert!(q(c) >= need, "U{k}");
        }
        // The first three-plane try (§4): two exact terms per bounding product, five
        // roundings each, the sum of exact terms bounded directly: U10 = 2·U5 ≥
        // 2((1 + u)^5 − 1), evaluated.
        assert_eq!(U10, 2.0 * U5);
        let mut p5 = one.clone();
        for _ in 0..5 {
            p5 *= one.clone() + &u;
        }
        assert!(q(U10) >= q(2.0) * (p5 - &one) * &eval);
        // Lemma Q: (1 + u)³/(1 − 2^-20), evaluated.
        let cube = (one.clone() + &u) * (one.clone() + &u) * (one.clone() + &u);
        let need = cube / (one.clone() - q(1.0 / DEN_MARGIN)) * &eval;
        assert!(q(C_QUOT) >= need);
        assert_eq!(round_up(&need).max(C_QUOT), C_QUOT);
        // Lemma P: 1 + u on e_q, evaluated, after the underflow of h's two products
        // (2η ≤ 2^-14·e_q); 2u on |q| (U2 ≥ 2u·eval, among the Uk above).
        assert!(q(C_POINT) - q(2f64.powi(-14)) >= (one.clone() + &u) * &eval);
        // The 2D crossing test (§3): C_QUOT ≥ (1 + u)·(1 + u)³/(1 − 2^-20), U4 ≥
        // (2u + u²)(2 + u)(1 + 3u), U5 ≥ (1 + 3u)·U4, all evaluated; the thresholds'
        // constants are the stated powers of two times U5 and TAU.
        let quad =
            (one.clone() + &u) * (one.clone() + &u) * (one.clone() + &u) * (one.clone() + &u);
        assert!(q(C_QUOT) >= quad / (one.clone() - q(1.0 / DEN_MARGIN)) * &eval);
        let two_u = q(2.0) * &u + &u * &u;
        let lead = two_u * (q(2.0) + &u) * (one.clone() + q(3.0) * &u);
        assert!(q(U4) >= lead * &eval);
        assert!(q(U5) >= q(U4) * (one.clone() + q(3.0) * &u) * &eval);
        // The one magnitude M of the 2D crossing test: the terms' (1 + u)², M's five
        // roundings and the threshold's two, (1 + u)²/(1 − u)^7, inside the
        // (1 + u)^5·(1 + 13u) that U5 allows for its terms.
        let mut low = one.clone();
        for _ in 0..7 {
            low *= one.clone() - &u;
        }
        let mut p5 = one.clone();
        for _ in 0..5 {
            p5 *= one.clone() + &u;
        }
        let sq = (one.clone() + &u) * (one.clone() + &u);
        assert!(sq / low <= p5 * &eval);
        assert_eq!(q(SIGN_REL), q(U5) * q(2f64.powi(20)));
        assert_eq!(q(SIGN_ABS), q(TAU) * q(2f64.powi(22)));
        assert_eq!(q(G_REL), q(C_QUOT) * q(2f64.powi(-20)));
        // The plane formula's absolute term: 5u·TAU covers the two underflows (2·2^-1075)
        // of a cross product's component, and TAU2 a bound's own underflows.
        assert!(q(U5) * q(TAU) >= q(2.0) * q(2f64.powi(-1074)) / q(2.0));
        assert!(q(TAU2) >= q(16.0) * q(2f64.powi(-1074)) / q(2.0));
    }

    #[test]
    fn rounded_bounds_are_half_an_ulp_or_the_gap() {
        assert_eq!(rounded(1.0f64).error, f64::EPSILON / 2.0);
        assert_eq!(rounded(-1.0f64).error, f64::EPSILON / 2.0);
        assert_eq!(rounded(0.0f64).error, f64::from_bits(1));
        assert_eq!(rounded(f64::INFINITY).error, f64::INFINITY);
        assert_eq!(rounded(-f64::MAX).error, 2f64.powi(970));
        assert_eq!(rounded(f32::MAX).error, 2f32.powi(103));
        assert_eq!(rounded(1.0f32).error, f32::EPSILON / 2.0);
        assert_eq!(rounded(q(0.75)).error, q(0.0));
    }

    #[test]
    fn f32_results_carry_their_rounding() {
        let v = 0.1f64;
        let b: Bounded<f32> = to_scalar((v, 1e-30)).unwrap();
        assert_eq!(b.value, 0.1f32);
        assert!(f64::from(b.error) >= (v - f64::from(b.value)).abs() + 1e-30);
        assert!(to_scalar::<f32>((1e300, 1.0)).is_none());
        let b: Bounded<f64> = to_scalar((v, 1e-30)).unwrap();
        assert_eq!((b.value, b.error), (v, 1e-30));
    }
}
