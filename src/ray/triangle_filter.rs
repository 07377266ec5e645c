//! The `f64` filter of [`ray_triangle`](fn@super::ray_triangle) (`proofs/ray_triangle.md`,
//! section 3): Möller–Trumbore's evaluation order made exact by an error bound on every
//! quantity it compares, with the exact path for what the bounds cannot decide.

use super::f64_of;
use super::hit_expansion::expansion_hit;
use super::ray_triangle::{
    RayHit, construct_generic, perturbation_axes, perturbed, rounding_error, side_sign_unfiltered,
};
use core::cell::Cell;

use crate::predicates::{on_line, orient3d_estimate};
use crate::vec3::{cross, det3, dot, sub};
use crate::{Ray, Scalar, Sign};

/// Filter coefficient for the side products and `N`: `(γ₅ + (1−u)^−3 − 1)/(1−u)^10`
/// rounded up (≈ 8u); applied to `L_d·L_p·L_q` (`proofs/ray_triangle.md`, section 3.1).
pub(crate) const RT_A: f64 = 8.881784197001266e-16;
/// Inner underflow term (as in the orient3d filter).
const TAU: f64 = f64::from_bits(3 << 52);
/// Outer underflow term, `2^-1020`: it also keeps every bound (and every sum of bounds)
/// a normal number, so multiplying one by `BOUND_SUM` rounds with relative error `≤ u`.
const TAU2: f64 = f64::from_bits(3 << 52);
/// Stage-1 filter coefficient: `(γ₅ + (1−u)^−3 − 1)/(27·(1−u)^40)` rounded up
/// (≈ 0.3u); applied to `(S² + τ)·S` (`proofs/ray_triangle.md`, section 3.2).
pub(crate) const RT_S: f64 = 3.289549702593073e-17;
/// Bits of `2^-300`, the least `S` stage 1 takes.
const S_MIN_BITS: u64 = 0x2d30_0000_0000_0000;
/// Bits of `2^330`: stage 1 takes `S` below it.
const S_MAX_BITS: u64 = 0x5490_0000_0000_0000;
/// Unit roundoff.
const U: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Inflation for bounds that add a few computed bounds and rounding terms: covers the
/// roundings of those additions (`(1 − u)^-5 ≤ 1 + 8u`).
const BOUND_SUM: f64 = 1.0 + 8.0 * U;

#[inline(always)]
fn l1(p: &[f64; 3]) -> f64 {
    p[0].abs() + p[1].abs() + p[2].abs()
}

/// The sign of `s` when `|s| > bound` and `s` is finite (so nothing overflowed: an
/// infinity never becomes finite again through `+ − ×`).
#[inline(always)]
fn decided(s: f64, bound: f64) -> Option<Sign> {
    let m = s.abs();
    if m > bound && m < f64::INFINITY {
        Some(if s > 0.0 {
            Sign::Positive
        } else {
            Sign::Negative
        })
    } else {
        None
    }
}

/// The sign of `det[x, y, z] = x·(y × z)`, evaluated in `f64` with rows that are inputs or
/// rounded differences of inputs, when it clears the bound of section 3.1
/// (`C·(L_y·L_z + τ)·L_x + τ₂`); `None` when it does not (or the value is not finite).
#[inline(always)]
fn filtered_det3(x: &[f64; 3], y: &[f64; 3], z: &[f64; 3]) -> Option<Sign> {
    let bound = ((l1(y) * l1(z) + TAU) * l1(x)) * RT_A + TAU2;
    decided(det3(x, y, z), bound)
}

/// Filter coefficient of a perturbation coefficient `fl(fl(w_j·d_k) − fl(w_k·d_j))`,
/// `w = fl(q − p)`: `4u = 2^-51 ≥ (γ₂/(1−γ₂) + u)/(1−u)^3`, applied to the computed
/// `|w_j·d_k| + |w_k·d_j|` (`proofs/ray_triangle.md`, section 3.6).
const EDGE_CROSS_C: f64 = 4.0 * U;

/// The sign of `((q − p) × d)_i` (a coefficient of the perturbation) when its `f64` value
/// clears its bound, else `None`.
#[inline(always)]
pub(super) fn edge_cross_filtered(
    d: &[f64; 3],
    p: &[f64; 3],
    q: &[f64; 3],
    i: usize,
) -> Option<Sign> {
    let (j, k) = ((i + 1) % 3, (i + 2) % 3);
    let (x, y) = ((q[j] - p[j]) * d[k], (q[k] - p[k]) * d[j]);
    decided(x - y, (x.abs() + y.abs()) * EDGE_CROSS_C + TAU2)
}

/// A ray prepared for many `f64` triangle tests (the per-ray part of the filter).
#[derive(Clone, Debug)]
pub(crate) struct PreparedRay {
    pub(crate) o: [f64; 3],
    pub(crate) d: [f64; 3],
    /// `L_d = |d_0| + |d_1| + |d_2|` as computed (NaN or infinite when `d` is not
    /// finite; the filter's range test then fails).
    md: f64,
    /// Set by [`PreparedRay::hit`] and [`PreparedRay::crossing`] to what they showed about
    /// the triangle they tested that holds for every triangle of the same ray with the
    /// same vertices ([`Known`]); [`Known::NOTHING`] until then ([`PreparedRay::learned`]).
    found: Cell<Known>,
}

/// A fact about a triangle's vertices and the ray's line, shown exactly by one triangle
/// test of a ray and true for every triangle of the same ray with the same vertex
/// coordinates (`proofs/ray_triangle.md`, sections 3.6 and 3.7), or nothing. Positions
/// are in the triangle's own order `a, b, c` (0, 1, 2). One byte, so that the test of a
/// triangle about which nothing is known pays one comparison for it: `0` nothing, `1 + j`
/// the vertex at position `j` lies exactly on the ray's line, `4 + 3·(s + 1) + j` the side
/// of the directed edge from position `j` to `j + 1 (mod 3)` has the perturbed sign `s`
/// (`sign S_ε`, section 2; −1, 0 or 1). The same edge directed the other way has the
/// opposite sign (identity 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Known(u8);

impl Known {
    /// Nothing known.
    pub(crate) const NOTHING: Known = Known(0);

    /// The vertex at position `j` lies exactly on the ray's line.
    #[inline(always)]
    pub(crate) fn vertex(j: u8) -> Known {
        debug_assert!(j < 3);
        Known(1 + j)
    }

    /// The side from position `j` to `j + 1 (mod 3)` has the perturbed sign `s`.
    #[inline(always)]
    pub(crate) fn side(j: u8, s: Sign) -> Known {
        debug_assert!(j < 3);
        Known(4 + 3 * ((s as i8) + 1) as u8 + j)
    }

    /// Whether nothing is known.
    #[inline(always)]
    pub(crate) fn is_nothing(self) -> bool {
        self.0 == 0
    }

    /// The position of the vertex on the line, if that is what is known.
    #[inline(always)]
    pub(crate) fn on_line(self) -> Option<u8> {
        (1..4).contains(&self.0).then(|| self.0 - 1)
    }

    /// The position of the side and its perturbed sign, if that is what is known.
    #[inline(always)]
    pub(crate) fn side_sign(self) -> Option<(u8, Sign)> {
        let k = self.0.checked_sub(4)?;
        let s = match k / 3 {
            0 => Sign::Negative,
            1 => Sign::Zero,
            2 => Sign::Positive,
            _ => return None,
        };
        Some((k % 3, s))
    }
}

/// A float `t` whose error bound exceeds `2^-26·|t|` is recomputed exactly and rounded
/// once, so every reported `t` is accurate to about half the digits of `f64` at worst
/// (and normally to the last few bits).
pub(super) const LOOSE_T: f64 = 1.0 / 67_108_864.0;

/// `4η = 2^-1072`, added to every `t_error` computed in `f64`: the quotient `t̃` loses up to
/// `η/2` (absolute) when it is subnormal or underflows to zero, which the relative `u·|t̃|`
/// does not cover, and each operation of the bound's own computation may lose `η/2` too
/// (`proofs/ray_triangle.md`, section 3.4).
pub(super) const T_UNDERFLOW: f64 = f64::from_bits(4);

/// `2^330`: with every 1-norm below it, no product of the filter exceeds `2^1000`, so
/// nothing overflows.
const FILTER_MAX: f64 = 2.187250724783012e99;

/// The `f64` filter of [`ray_triangle`](fn@super::ray_triangle) on the ray `o + t·d`, for a
/// `T` with the float capability: every coordinate is read through its exact `f64` view
/// ([`view`]) where it lives, and so are the cold paths' (they read the operands again
/// from there, so the hot path keeps no copy of them on the stack). A hit is handed to
/// `make` (which builds the caller's result type in place).
///
/// Stage 1 (this function): one semi-static bound `B` for `det`, `u` and `v`, from the
/// single sum `S` of the four 1-norms (proofs/ray_triangle.md, section 3.2); it decides
/// Möller–Trumbore's early exits and certain crossings. A crossing's `t` is then bounded
/// with the per-quantity bounds of stage 2. What stage 1 cannot decide goes to stage 2
/// ([`precise_hit`], the per-quantity bounds of section 3.1), and from there to the
/// exact path.
///
/// With `BUILD == false` only the decision is made (which costs no construction, exact or
/// not): a crossing is handed to `make` as a [`RayHit`] whose `front` is exact and whose
/// `t`, weights and `t_error` are placeholders (`NaN`, `NaN`, infinite).
#[inline(always)]
pub(super) fn filtered_hit<T: Scalar, R, const BUILD: bool>(
    o: &[T; 3],
    d: &[T; 3],
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    found: &Cell<Known>,
    make: impl Fn(RayHit<f64>) -> R,
) -> Option<R> {
    let e1 = sub(&view(b), &view(a));
    let e2 = sub(&view(c), &view(a));
    let tvec = sub(&view(o), &view(a));
    let pvec = cross(&view(d), &e2);
    let det = dot(&e1, &pvec);
    // S = L_e1 + L_e2 + L_t + L_d; below 2^330 means every norm is (NaN fails).
    let s = (l1(&e1) + l1(&e2)) + (l1(&tvec) + l1(&view(d)));
    // 2^-300 ≤ S < 2^330 (NaN fails): no overflow anywhere, no underflow in the bound.
    let in_range = s.to_bits().wrapping_sub(S_MIN_BITS) < S_MAX_BITS - S_MIN_BITS;
    let bound = (s * s) * (s * RT_S);
    let ads = det.abs();
    if !(in_range & (ads > bound)) {
        return precise_hit::<T, BUILD>(o, d, a, b, c, found).map(make);
    }
    // Multiplying by sign(det) is exact: compare everything against |det|. Each early
    // exit first branches on the plain comparison (Möller–Trumbore's, unpredictable for
    // random rays but short to compute), then certifies it against the bound (almost
    // always certain, so well predicted).
    let sg = 1.0_f64.copysign(det);
    let us = dot(&tvec, &pvec) * sg;
    if us < 0.0 {
        if us < -bound {
            return None; // S(c,a) certainly has the sign opposite to D's (u < 0)
        }
        return precise_hit::<T, BUILD>(o, d, a, b, c, found).map(make);
    }
    if us > ads {
        if us > (ads + 2.0 * bound) * BOUND_SUM {
            return None; // S(a,b) + S(b,c) certainly opposite to D (u > 1)
        }
        return precise_hit::<T, BUILD>(o, d, a, b, c, found).map(make);
    }
    let qvec = cross(&tvec, &e1);
    let vs = dot(&view(d), &qvec) * sg;
    if vs < 0.0 {
        if vs < -bound {
            return None; // S(a,b) opposite (v < 0)
        }
        return precise_hit::<T, BUILD>(o, d, a, b, c, found).map(make);
    }
    let bound3 = 3.0 * bound;
    let uv = us + vs;
    if uv > ads {
        if uv > (ads + bound3) * BOUND_SUM {
            return None; // S(b,c) opposite (u + v > 1)
        }
        return precise_hit::<T, BUILD>(o, d, a, b, c, found).map(make);
    }
    if !((us > bound) & (vs > bound) & ((uv + bound3) * BOUND_SUM < ads)) {
        return precise_hit::<T, BUILD>(o, d, a, b, c, found).map(make);
    }
    // A certain crossing: t = t_num / det must be ≥ 0, decided (and t bounded) with the
    // per-quantity bounds.
    let (l1e, l2e, lt, ld) = (l1(&e1), l1(&e2), l1(&tvec), l1(&view(d)));
    let b_det = ((ld * l2e + TAU) * l1e) * RT_A + TAU2;
    let t_num = dot(&e2, &qvec);
    let b_t = ((lt * l1e + TAU) * l2e) * RT_A + TAU2;
    let ts = t_num * sg;
    if ts < -b_t {
        return None;
    }
    if ts.partial_cmp(&b_t) != Some(core::cmp::Ordering::Greater) {
        return slow_hit::<T, BUILD>(o, d, a, b, c, found).map(make);
    }
    Some(make(hit_value::<T, BUILD>(
        o,
        d,
        a,
        b,
        c,
        det,
        b_det,
        t_num,
        b_t,
        [us, vs],
    )))
}

/// Stage 2 of the filter: Möller–Trumbore's decisions with one bound per quantity
/// (proofs/ray_triangle.md, section 3.1); the exact path for what it cannot decide.
#[inline(never)]
fn precise_hit<T: Scalar, const BUILD: bool>(
    o: &[T; 3],
    d: &[T; 3],
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    found: &Cell<Known>,
) -> Option<RayHit<f64>> {
    // First the ray aimed exactly at a vertex, where stage 2 cannot decide either (two
    // sides are exactly zero); a few multiplications reject every other case.
    let r = PreparedRay::new(&Ray::new(view(o), view(d)));
    let (av, bv, cv) = (view(a), view(b), view(c));
    if let Some((j, s)) = r.vertex_crossing(&av, &bv, &cv) {
        found.set(Known::vertex(j));
        return r.finish::<BUILD>(&av, &bv, &cv, s);
    }
    let md = r.md;
    let e1 = sub(&view(b), &view(a));
    let e2 = sub(&view(c), &view(a));
    let tvec = sub(&view(o), &view(a));
    let (l1e, l2e, lt) = (l1(&e1), l1(&e2), l1(&tvec));
    let pvec = cross(&view(d), &e2);
    let det = dot(&e1, &pvec);
    let m_de2 = md * l2e + TAU;
    let b_det = (m_de2 * l1e) * RT_A + TAU2;
    // Every norm finite and below 2^330 (a NaN fails the comparison).
    let in_range = (l1e + l2e) + (lt + md) < FILTER_MAX;
    let ads = det.abs();
    if !(in_range && ads > b_det) {
        return slow_hit::<T, BUILD>(o, d, a, b, c, found);
    }
    // Multiplying by sign(det) is exact: compare everything against |det|.
    let sg = 1.0_f64.copysign(det);
    let us = dot(&tvec, &pvec) * sg;
    let b_u = (m_de2 * lt) * RT_A + TAU2;
    if us < -b_u {
        return None; // S(c,a) certainly has the sign opposite to D's (u < 0)
    }
    let b_du = b_det + b_u;
    if us > (ads + b_du) * BOUND_SUM {
        return None; // S(a,b) + S(b,c) certainly opposite to D (u > 1)
    }
    let qvec = cross(&tvec, &e1);
    let m_te1 = lt * l1e + TAU;
    let vs = dot(&view(d), &qvec) * sg;
    let b_v = (m_te1 * md) * RT_A + TAU2;
    if vs < -b_v {
        return None; // S(a,b) opposite (v < 0)
    }
    let b_s = b_du + b_v;
    let uv = us + vs;
    if uv > (ads + b_s) * BOUND_SUM {
        return None; // S(b,c) opposite (u + v > 1)
    }
    if !(us > b_u && vs > b_v && (uv + b_s) * BOUND_SUM < ads) {
        return slow_hit::<T, BUILD>(o, d, a, b, c, found);
    }
    // A certain crossing. t = t_num / det must be ≥ 0.
    let t_num = dot(&e2, &qvec);
    let b_t = (m_te1 * l2e) * RT_A + TAU2;
    let ts = t_num * sg;
    if ts < -b_t {
        return None;
    }
    if ts.partial_cmp(&b_t) != Some(core::cmp::Ordering::Greater) {
        return slow_hit::<T, BUILD>(o, d, a, b, c, found);
    }
    Some(hit_value::<T, BUILD>(
        o,
        d,
        a,
        b,
        c,
        det,
        b_det,
        t_num,
        b_t,
        [us, vs],
    ))
}

/// The cold exact path of [`filtered_hit`] (reads the ray from where it lives, so the hot
/// path keeps nothing on the stack for it).
#[cold]
#[inline(never)]
fn slow_hit<T: Scalar, const BUILD: bool>(
    o: &[T; 3],
    d: &[T; 3],
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    found: &Cell<Known>,
) -> Option<RayHit<f64>> {
    let r = PreparedRay::new(&Ray::new(view(o), view(d)));
    r.hit_slow::<BUILD>(&view(a), &view(b), &view(c), found)
}

/// The exact construction ([`rounded_exact_hit`]) for the filter's hits whose float `t`
/// is too loose.
#[cold]
#[inline(never)]
fn exact_hit<T: Scalar>(
    o: &[T; 3],
    d: &[T; 3],
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    s: Sign,
) -> RayHit<f64> {
    let (o, d, a, b, c) = (view(o), view(d), view(a), view(b), view(c));
    loose_hit([&o, &d, &a, &b, &c], s)
}

/// The hit with side sign `s` of the ray `o + t·d` on `a, b, c` (`points`, in that
/// order) whose plain float `t` is too loose: first with `N` from orient3d's compensated
/// stage ([`compensated_hit`]), then constructed exactly and rounded once.
#[cold]
#[inline(never)]
fn loose_hit(points: [&[f64; 3]; 5], s: Sign) -> RayHit<f64> {
    compensated_hit(points, s)
        .or_else(|| expansion_hit(points, s))
        .unwrap_or_else(|| rounded_exact_hit(points, s))
}

/// The hit with `N = det[a − o; b − o; c − o]` from orient3d's compensated stage
/// ([`orient3d_estimate`]: error at most `2u|Ñ| + 118u²·P`) instead of the plain
/// formula, and `D` and the weights as on the float path ([`hit_from_numerator`]). It serves where `N`
/// nearly cancels while `D` does not, above all an origin on the triangle or a rounding
/// off its plane (secondary rays), whose `t` is tiny and whose plain `N` is all rounding
/// error. `None` when `t`'s bound is still loose, `D` is not certainly nonzero, or the
/// input lies outside orient3d's expansion window (proofs/ray_triangle.md §3.4).
fn compensated_hit(points: [&[f64; 3]; 5], s: Sign) -> Option<RayHit<f64>> {
    let [o, d, a, b, c] = points;
    hit_from_numerator(points, l1(d), s, |_, _, _, _| orient3d_estimate(a, b, c, o))
}

/// The hit with side sign `s` of the ray `o + t·d` (`md = |d|₁`) on `a, b, c` (`points`,
/// in that order), with `t = N/D` for `N = (a − o)·n` and `D = d·n`, `n = (b − a) × (c − a)`
/// (equal to the side-product forms in exact arithmetic, and usually more accurate in
/// floats: differences of nearby vertices are often exact). `numerator(a − o, b − a,
/// c − a, |b − a|₁·|c − a|₁ + τ)` gives `Ñ` and a bound on `|N − Ñ|`; `D`, its bound and
/// the weights are computed here. `None` when there is no numerator, `D` is not certainly
/// nonzero, or `t`'s bound exceeds `2^-26·|t̃|` (proofs/ray_triangle.md §3.4).
#[inline(always)]
fn hit_from_numerator(
    [o, d, a, b, c]: [&[f64; 3]; 5],
    md: f64,
    s: Sign,
    numerator: impl FnOnce(&[f64; 3], &[f64; 3], &[f64; 3], f64) -> Option<(f64, f64)>,
) -> Option<RayHit<f64>> {
    let pa = sub(a, o);
    let (e1, e2) = (sub(b, a), sub(c, a));
    let k = l1(&e1) * l1(&e2) + TAU;
    let big_d = det3(d, &e1, &e2);
    let e_d = (k * md) * RT_A + TAU2;
    let (n, e_n) = numerator(&pa, &e1, &e2, k)?;
    let t = n / big_d;
    // |N/D − Ñ/D̃| ≤ (e_N + |Ñ/D̃|·e_D) / (|D̃| − e_D), plus the division's rounding.
    let t_error = ((e_n + t.abs() * e_d) / (big_d.abs() - e_d) + U * t.abs()) * (1.0 + 16.0 * U)
        + T_UNDERFLOW;
    if !(t.is_finite() && t_error <= LOOSE_T * t.abs() + f64::MIN_POSITIVE && big_d.abs() > e_d) {
        return None;
    }
    // The weights only for an accepted hit (a declined one goes to the expansions).
    let (pb, pc) = (sub(b, o), sub(c, o));
    let (sab, sbc, sca) = (det3(d, &pa, &pb), det3(d, &pb, &pc), det3(d, &pc, &pa));
    Some(RayHit {
        t: if t < 0.0 { 0.0 } else { t },
        // The exact weights of a hit are ≥ 0; a rounded one that came out negative is
        // raised to 0 (closer to the truth), as t is (its sign was decided exactly).
        barycentric: [sbc / big_d, sca / big_d, sab / big_d].map(|w| w.max(0.0)),
        front: s == Sign::Negative,
        t_error,
    })
}

/// `t`, the weights and `t_error` of a certain crossing found by the filter.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn hit_value<T: Scalar, const BUILD: bool>(
    o: &[T; 3],
    d: &[T; 3],
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    det: f64,
    b_det: f64,
    t_num: f64,
    b_t: f64,
    [us, vs]: [f64; 2],
) -> RayHit<f64> {
    if !BUILD {
        return decided_only(det > 0.0);
    }
    let inv = 1.0 / det;
    let t = t_num * inv;
    let ads = det.abs();
    // |N/D − ñ/d̃| ≤ (e_N + |t̃|·e_D)/(|d̃| − e_D), plus two roundings (1/det, ×).
    let t_error = ((b_t + t.abs() * b_det) / (ads - b_det) + 2.0 * U * t.abs()) * (1.0 + 16.0 * U)
        + T_UNDERFLOW;
    if !(t.is_finite() && ads > b_det && t_error <= LOOSE_T * t.abs() + f64::MIN_POSITIVE) {
        // t overflowed, or the bound is loose (tiny or cancelling quantities):
        // construct exactly and round once (cold path).
        let s = if det > 0.0 {
            Sign::Negative
        } else {
            Sign::Positive
        };
        return exact_hit(o, d, a, b, c, s);
    }
    // The weights: |u|/|det|, |v|/|det| and the rest (all three certainly positive).
    let ainv = inv.abs();
    let (wu, wv) = (us * ainv, vs * ainv);
    RayHit {
        t,
        barycentric: [((ads - us) - vs) * ainv, wu, wv],
        front: det > 0.0,
        t_error,
    }
}

impl PreparedRay {
    #[inline(always)]
    pub(crate) fn new(r: &Ray<f64>) -> PreparedRay {
        let (o, d) = (r.origin, r.direction);
        PreparedRay {
            o,
            d,
            md: l1(&d),
            found: Cell::new(Known::NOTHING),
        }
    }

    /// What the last [`PreparedRay::hit`] or [`PreparedRay::crossing`] that learned
    /// something (since [`PreparedRay::forget`]) showed about its triangle: a vertex
    /// exactly on the ray's line, or the exact perturbed sign of a side it needed the
    /// exact path for; [`Known::NOTHING`] when none did.
    #[inline(always)]
    pub(crate) fn learned(&self) -> Known {
        self.found.get()
    }

    /// Forgets what [`PreparedRay::learned`] reports.
    #[inline(always)]
    pub(crate) fn forget(&self) {
        self.found.set(Known::NOTHING);
    }

    /// The exactly-once test (see [`ray_triangle`](fn@super::ray_triangle)).
    ///
    /// Möller–Trumbore's evaluation order, made exact by an error bound on every
    /// quantity it compares (proofs/ray_triangle.md, section 3):
    /// `det = e1·(d × e2) = −D`, `u = (o − a)·(d × e2) = −S(c,a)`,
    /// `v = d·((o − a) × e1) = −S(a,b)`, `det − u − v = −S(b,c)`,
    /// `t_num = e2·((o − a) × e1) = −N`. A sign is used only when the value clears its
    /// bound; the early exits are Möller–Trumbore's (`u < 0`, `u > 1`, `v < 0`,
    /// `u + v > 1`), taken only when certain. Everything else goes to the cold exact path.
    ///
    /// `known` is what an earlier test of this ray showed on a triangle with the same
    /// vertices ([`PreparedRay::learned`], positions translated to this triangle): a
    /// vertex exactly on the ray's line sends the test straight to the decision at a
    /// vertex, a side's perturbed sign to the decision with that side known
    /// (proofs/ray_triangle.md, sections 3.6 and 3.7).
    #[inline(always)]
    pub(crate) fn hit(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        known: Known,
    ) -> Option<RayHit<f64>> {
        if known.is_nothing() {
            return filtered_hit::<f64, _, true>(&self.o, &self.d, a, b, c, &self.found, |h| h);
        }
        self.hit_knowing::<true>(a, b, c, known)
    }

    /// [`PreparedRay::hit`]'s decision alone: `Some(front)` when the ray crosses the
    /// triangle (by the same exactly-once rule), without constructing `t` (so never the
    /// exact construction that a crossing very near the origin would need).
    #[inline(always)]
    pub(crate) fn crossing(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        known: Known,
    ) -> Option<bool> {
        if known.is_nothing() {
            return filtered_hit::<f64, _, false>(&self.o, &self.d, a, b, c, &self.found, |h| {
                h.front
            });
        }
        self.hit_knowing::<false>(a, b, c, known).map(|h| h.front)
    }

    /// [`PreparedRay::hit`] (or with `BUILD == false` the decision alone) for a triangle
    /// about which `known` (not nothing) is known.
    #[inline(always)]
    fn hit_knowing<const BUILD: bool>(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        known: Known,
    ) -> Option<RayHit<f64>> {
        match known.on_line() {
            Some(j) => self.hit_at_vertex::<BUILD>(a, b, c, j),
            None => self.hit_at_side::<BUILD>(a, b, c, known),
        }
    }

    /// [`PreparedRay::hit`] (or with `BUILD == false` the decision alone) for a triangle
    /// whose vertex at position `j` is known to lie exactly on the ray's line.
    #[inline(never)]
    fn hit_at_vertex<const BUILD: bool>(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        j: u8,
    ) -> Option<RayHit<f64>> {
        let (p, q, r) = rotated(a, b, c, j);
        // D's sign not certain: the general path.
        self.finish_or_general::<BUILD>(a, b, c, self.vertex_sign(p, q, r))
    }

    /// [`PreparedRay::hit`] (or with `BUILD == false` the decision alone) for a triangle
    /// whose side from position `j` to `j + 1` is known to have the perturbed sign `s`
    /// (`known`; anything else: the general path).
    #[inline(never)]
    fn hit_at_side<const BUILD: bool>(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        known: Known,
    ) -> Option<RayHit<f64>> {
        let decided = known.side_sign().and_then(|(j, s)| {
            let (p, q, r) = rotated(a, b, c, j);
            self.side_known(p, q, r, s)
        });
        // A side the bound does not decide: the general path.
        self.finish_or_general::<BUILD>(a, b, c, decided)
    }

    /// The hit for a crossing sign decided by a shortcut (`Some(s)`, as in
    /// [`PreparedRay::finish`]), or the general path when the shortcut declined (`None`).
    #[inline(always)]
    fn finish_or_general<const BUILD: bool>(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        decided: Option<Option<Sign>>,
    ) -> Option<RayHit<f64>> {
        match decided {
            Some(s) => self.finish::<BUILD>(a, b, c, s),
            None => filtered_hit::<f64, _, BUILD>(&self.o, &self.d, a, b, c, &self.found, |h| h),
        }
    }

    /// The crossing sign of the triangle `p, q, r` when the perturbed sign of its side
    /// `S(p, q)` is known to be `s` (shown by an earlier test of the ray, or the opposite
    /// of the sign shown for the edge `q → p`): the other two sides by the stage-2 bound
    /// (rows `q − o`, `r − o`, `d` and `r − o`, `p − o`, `d`, as the exact path filters
    /// them). `Some(Some(s))`: the three perturbed sides have the sign `s`; `Some(None)`:
    /// they do not (no crossing); `None`: a side the bound does not decide (the general
    /// path then decides). `proofs/ray_triangle.md`, section 3.7.
    #[inline(always)]
    fn side_known(
        &self,
        p: &[f64; 3],
        q: &[f64; 3],
        r: &[f64; 3],
        s: Sign,
    ) -> Option<Option<Sign>> {
        if s == Sign::Zero {
            // The edge is parallel to d: no crossing, whatever the other sides.
            return Some(None);
        }
        let (o, d) = (&self.o, &self.d);
        let (qo, ro) = (sub(q, o), sub(r, o));
        // A decided side is not zero, so it is its own perturbed sign.
        if filtered_det3(&qo, &ro, d)? != s {
            return Some(None);
        }
        Some((filtered_det3(&ro, &sub(p, o), d)? == s).then_some(s))
    }

    /// Everything the filter could not decide, exactly.
    #[cold]
    #[inline(never)]
    fn hit_slow<const BUILD: bool>(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        found: &Cell<Known>,
    ) -> Option<RayHit<f64>> {
        let s = self.crossing_sign_slow(a, b, c, found);
        self.finish::<BUILD>(a, b, c, s)
    }

    /// The hit (or the decision alone) for the crossing sign `s` of the three sides:
    /// `None` without a crossing, or when `N` has the sign opposite to `s` (`t < 0`).
    #[inline(always)]
    fn finish<const BUILD: bool>(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        s: Option<Sign>,
    ) -> Option<RayHit<f64>> {
        let s = s?;
        if self.n_sign(a, b, c) == -s {
            return None;
        }
        if !BUILD {
            return Some(decided_only(s == Sign::Negative));
        }
        Some(self.construct(a, b, c, s))
    }

    /// The crossing sign when the ray's line passes exactly through a vertex of the
    /// triangle (a ray aimed at it, shown by [`on_line`]), with that vertex's position:
    /// `Some((j, s))` with `s` as in [`PreparedRay::vertex_sign`]; `None` when no vertex
    /// was shown to be on the line, or `D`'s sign is not certain (the general path then
    /// decides).
    #[inline]
    fn vertex_crossing(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
    ) -> Option<(u8, Option<Sign>)> {
        let (o, d) = (&self.o, &self.d);
        for (j, (p, q, r)) in [(a, b, c), (b, c, a), (c, a, b)].into_iter().enumerate() {
            if on_line(o, d, p) {
                return Some((j as u8, self.vertex_sign(p, q, r)?));
            }
        }
        None
    }

    /// The crossing sign of the triangle `p, q, r` when `p` lies exactly on the ray's
    /// line: then `S(p, q) = S(r, p) = 0`, so `S(q, r) = D`, whose sign the filter of
    /// section 3.1 decides, and the perturbation decides the two sides through `p`
    /// (proofs/ray_triangle.md, section 3.6). `Some(Some(s))`: the three perturbed sides
    /// have the sign `s`; `Some(None)`: they do not (no crossing); `None`: `D`'s sign is
    /// not certain.
    #[inline(always)]
    fn vertex_sign(&self, p: &[f64; 3], q: &[f64; 3], r: &[f64; 3]) -> Option<Option<Sign>> {
        let d = &self.d;
        let s = filtered_det3(d, &sub(q, p), &sub(r, p))?;
        let axes = perturbation_axes(d);
        // The first coefficient of the perturbation decides unless it is zero.
        let agrees = |x, y| match edge_cross_filtered(d, x, y, axes.0) {
            Some(c) => -c == s,
            None => perturbed(axes, d, x, y) == s,
        };
        Some((agrees(p, q) && agrees(r, p)).then_some(s))
    }

    #[cold]
    #[inline(never)]
    fn crossing_sign_slow(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        found: &Cell<Known>,
    ) -> Option<Sign> {
        let (o, d, axes) = (&self.o, &self.d, perturbation_axes(&self.d));
        let valid = super::all_finite([o, d, a, b, c]) && d.iter().any(|x| *x != 0.0);
        if !valid {
            return None;
        }
        let mut common = Sign::Zero;
        for (j, (p, q)) in [(a, b), (b, c), (c, a)].into_iter().enumerate() {
            // Each side through the filter of section 3.0 first (one zero side is the
            // usual reason to be here; the other two are clear). A side that needs the
            // exact stage is remembered (`found`): the triangle across that edge needs it
            // too, with the opposite sign.
            let s = match filtered_det3(&sub(p, o), &sub(q, o), d) {
                Some(s) => s,
                None => {
                    let s = match side_sign_unfiltered(o, d, p, q) {
                        Sign::Zero => perturbed(axes, d, p, q),
                        s => s,
                    };
                    found.set(Known::side(j as u8, s));
                    s
                }
            };
            if s == Sign::Zero || (common != Sign::Zero && s != common) {
                return None;
            }
            common = s;
        }
        Some(common)
    }

    /// The exact sign of `N = det[a − o, b − o, c − o]`.
    #[inline]
    fn n_sign(&self, a: &[f64; 3], b: &[f64; 3], c: &[f64; 3]) -> Sign {
        let o = &self.o;
        filtered_det3(&sub(a, o), &sub(b, o), &sub(c, o))
            .unwrap_or_else(|| crate::orient3d(a, b, c, o))
    }

    /// `t`, the weights and the bound on `t`'s error, for a crossing with side sign `s`.
    pub(crate) fn construct(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        s: Sign,
    ) -> RayHit<f64> {
        // N = (a − o)·n in floats, within the bound of section 3.1.
        let plain_n = |pa: &[f64; 3], e1: &[f64; 3], e2: &[f64; 3], k: f64| {
            Some((det3(pa, e1, e2), (k * l1(pa)) * RT_A + TAU2))
        };
        hit_from_numerator([&self.o, &self.d, a, b, c], self.md, s, plain_n)
            .unwrap_or_else(|| self.construct_exact(a, b, c, s))
    }

    /// The construction in exact arithmetic, rounded once: for inputs where the float
    /// formula overflows, underflows or is too ill-conditioned to bound usefully.
    #[cold]
    #[inline(never)]
    fn construct_exact(&self, a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], s: Sign) -> RayHit<f64> {
        loose_hit([&self.o, &self.d, a, b, c], s)
    }
}

/// The hit with side sign `s` of the ray `o + t·d` on `a, b, c` (`points`, in that
/// order), constructed in rational arithmetic and rounded once (inputs outside the window
/// of [`expansion_hit`]).
fn rounded_exact_hit<T: Scalar>(points: [&[T; 3]; 5], s: Sign) -> RayHit<f64> {
    let [o, d, a, b, c] = points.map(|p| p.clone().map(|x| x.to_rational().unwrap_or_default()));
    let exact = construct_generic(&o, &d, &a, &b, &c, s);
    let t = f64::from_rational(&exact.t);
    RayHit {
        t,
        barycentric: exact.barycentric.clone().map(|w| f64::from_rational(&w)),
        front: exact.front,
        t_error: rounding_error(&t, &exact.t),
    }
}

/// The triangle `a, b, c` rotated to start at position `j` (0, 1 or 2): the same cyclic
/// order, so the same `D` and the same directed edges.
#[inline(always)]
fn rotated<'a>(
    a: &'a [f64; 3],
    b: &'a [f64; 3],
    c: &'a [f64; 3],
    j: u8,
) -> (&'a [f64; 3], &'a [f64; 3], &'a [f64; 3]) {
    match j {
        0 => (a, b, c),
        1 => (b, c, a),
        _ => (c, a, b),
    }
}

/// The result of a decision-only test (`BUILD == false`): `front` alone is meaningful.
#[inline(always)]
fn decided_only(front: bool) -> RayHit<f64> {
    RayHit {
        t: f64::NAN,
        barycentric: [f64::NAN; 3],
        front,
        t_error: f64::INFINITY,
    }
}

/// The exact `f64` view of a point ([`f64_of`]).
#[inline(always)]
fn view<T: Scalar>(p: &[T; 3]) -> [f64; 3] {
    [f64_of(&p[0]), f64_of(&p[1]), f64_of(&p[2])]
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational as Q;

    /// `RT_A ≥ (γ₅ + (1−u)^−3 − 1)/(1−u)^10` (proofs/ray_triangle.md, section 3), and it
    /// is the smallest double that is.
    #[test]
    fn rt_a_constant() {
        let one = Q::from_integer(BigInt::from(1));
        let u = Q::new(BigInt::from(1), BigInt::from(1) << 53usize);
        let gamma5 = (&u * Q::from_integer(BigInt::from(5)))
            / (&one - &u * Q::from_integer(BigInt::from(5)));
        let w = &one - &u;
        let inv3 = &one / (&w * &w * &w);
        let mut den = one.clone();
        for _ in 0..10 {
            den *= &w;
        }
        let c = (gamma5 + inv3 - &one) / den;
        let rt = Q::from_float(RT_A).unwrap();
        assert!(rt >= c);
        let below = Q::from_float(f64::from_bits(RT_A.to_bits() - 1)).unwrap();
        assert!(below < c);
    }

    /// `EDGE_CROSS_C = 4u ≥ (γ₂/(1−γ₂) + u)/(1−u)^3` (proofs/ray_triangle.md, section
    /// 3.6), and `TAU2 ≥ η/(1−γ₂) + η/2`.
    #[test]
    fn edge_cross_constant() {
        let one = Q::from_integer(BigInt::from(1));
        let u = Q::new(BigInt::from(1), BigInt::from(1) << 53usize);
        let gamma2 = (&u * Q::from_integer(BigInt::from(2)))
            / (&one - &u * Q::from_integer(BigInt::from(2)));
        let w = &one - &u;
        let need = (&gamma2 / (&one - &gamma2) + &u) / (&w * &w * &w);
        assert!(Q::from_float(EDGE_CROSS_C).unwrap() >= need);
        let eta = Q::new(BigInt::from(1), BigInt::from(1) << 1074usize);
        let tail = &eta / (&one - &gamma2) + &eta / Q::from_integer(BigInt::from(2));
        assert!(Q::from_float(TAU2).unwrap() >= tail);
    }

    /// Every fact [`Known`] encodes decodes to itself, and to nothing else.
    #[test]
    fn known_round_trips() {
        assert!(Known::NOTHING.is_nothing());
        assert_eq!(Known::NOTHING.on_line(), None);
        assert_eq!(Known::NOTHING.side_sign(), None);
        for j in 0..3 {
            let v = Known::vertex(j);
            assert_eq!(
                (v.is_nothing(), v.on_line(), v.side_sign()),
                (false, Some(j), None)
            );
            for s in [Sign::Negative, Sign::Zero, Sign::Positive] {
                let k = Known::side(j, s);
                assert_eq!((k.is_nothing(), k.on_line()), (false, None));
                assert_eq!(k.side_sign(), Some((j, s)));
            }
        }
    }

    /// `RT_S ≥ (γ₅ + (1−u)^−3 − 1)/(27·(1−u)^40)` (proofs/ray_triangle.md, section 3.2),
    /// and it is the smallest double that is; the range constants are `2^-300` and `2^330`.
    #[test]
    fn rt_s_constant() {
        let one = Q::from_integer(BigInt::from(1));
        let u = Q::new(BigInt::from(1), BigInt::from(1) << 53usize);
        let gamma5 = (&u * Q::from_integer(BigInt::from(5)))
            / (&one - &u * Q::from_integer(BigInt::from(5)));
        let w = &one - &u;
        let inv3 = &one / (&w * &w * &w);
        let mut den = Q::from_integer(BigInt::from(27));
        for _ in 0..40 {
            den *= &w;
        }
        let c = (gamma5 + inv3 - &one) / den;
        let rt = Q::from_float(RT_S).unwrap();
        assert!(rt >= c);
        let below = Q::from_float(f64::from_bits(RT_S.to_bits() - 1)).unwrap();
        assert!(below < c);
        let pow2 = |k: i32| {
            if k >= 0 {
                Q::from_integer(BigInt::from(1) << k as usize)
            } else {
                Q::new(BigInt::from(1), BigInt::from(1) << (-k) as usize)
            }
        };
        assert_eq!(
            Q::from_float(f64::from_bits(S_MIN_BITS)).unwrap(),
            pow2(-300)
        );
        assert_eq!(
            Q::from_float(f64::from_bits(S_MAX_BITS)).unwrap(),
            pow2(330)
        );
        assert_eq!(Q::from_float(FILTER_MAX).unwrap(), pow2(330));
        assert_eq!(Q::from_float(TAU2).unwrap(), pow2(-1020));
        assert_eq!(Q::from_float(TAU).unwrap(), pow2(-1020));
        assert!(BOUND_SUM == 1.0 + 8.0 * U && U == 2f64.powi(-53));
    }
}
