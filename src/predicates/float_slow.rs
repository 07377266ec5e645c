//! The cold stages of the staged `f64` kernel (see `float.rs` for the overview): the
//! window check, stage B (compensated monomials with an error bound of order `u²`), stage C
//! (exact sums) and the hand-off to the big-integer fallback. Every function here is
//! reached only through the `*_slow` entry points, which stage A calls when its filter
//! cannot decide.

use super::expansion::{
    Expansion, product_tail, split, sum_sign, sum_sign_in_place, two_diff, two_product, two_sum,
    two_two_diff_sign,
};
use super::float::{
    IC_B_INV, IC_WINDOW, IS_B_INV, IS_WINDOW, O2_B_INV, O2_WINDOW, O3_B_INV, O3_WINDOW,
};
use super::integer::{cross, dot_sign, integer_points, sub};
use super::{bigint, exact};
use crate::Sign;

// ---------------------------------------------------------------------------------------
// Window classification
// ---------------------------------------------------------------------------------------

/// Where an input stands relative to a predicate's expansion window.
#[derive(Debug, PartialEq)]
pub(super) enum Fit {
    /// Every coordinate is zero.
    AllZero,
    /// Inside the window as given.
    Inside,
    /// Inside after multiplying every coordinate by `2^s`.
    Scaled(i32),
    /// The spread of exponents exceeds the window's width.
    Outside,
}

/// `2^k` for `-1022 ≤ k ≤ 1023`.
#[inline]
fn pow2(k: i32) -> f64 {
    debug_assert!((-1022..=1023).contains(&k));
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `x · 2^s`, exact when the result is a normal number or zero (the caller guarantees it).
pub(crate) fn scale(x: f64, s: i32) -> f64 {
    let mut x = x;
    let mut s = s;
    while s != 0 {
        let step = s.clamp(-1000, 1000);
        x *= pow2(step);
        s -= step;
    }
    x
}

/// `(E, K)` over the nonzero values: every one satisfies `2^E ≤ |x| < 2^(E+1)` for the
/// largest, and is an integer multiple of `2^K`. `None` when all are zero.
pub(super) fn exponent_range(values: impl Iterator<Item = f64>) -> Option<(i32, i32)> {
    let mut hi = i32::MIN;
    let mut lo = i32::MAX;
    for x in values {
        if x != 0.0 {
            let (m, e) = bigint::decompose(x);
            let m = m.unsigned_abs();
            hi = hi.max(e + 63 - m.leading_zeros() as i32);
            lo = lo.min(e + m.trailing_zeros() as i32);
        }
    }
    (hi != i32::MIN).then_some((hi, lo))
}

pub(super) fn classify<const D: usize>(pts: &[&[f64; D]], (e_max, k_min): (i32, i32)) -> Fit {
    let Some((hi, lo)) = exponent_range(pts.iter().flat_map(|p| p.iter().copied())) else {
        return Fit::AllZero;
    };
    if hi <= e_max && lo >= k_min {
        Fit::Inside
    } else if hi - lo <= e_max - k_min {
        Fit::Scaled(k_min - lo)
    } else {
        Fit::Outside
    }
}

/// A quick sufficient test for [`Fit::Inside`]: every coordinate is zero or has magnitude
/// in `[2^(K+52), 2^(E+1))`. (A double of magnitude at least `2^(K+52)` is a multiple of
/// `2^K`.) False for NaN and infinities, whose comparisons fail.
#[inline(always)]
pub(super) fn inside_fast<const D: usize>(pts: &[&[f64; D]], (e_max, k_min): (i32, i32)) -> bool {
    let lo = pow2(k_min + 52);
    let hi = pow2(e_max + 1);
    // Non-short-circuiting `&` so that the test compiles to straight-line comparisons.
    let mut ok = true;
    for p in pts {
        for &x in p.iter() {
            ok &= (x == 0.0) | ((x.abs() >= lo) & (x.abs() < hi));
        }
    }
    ok
}

/// Whether two of the points are equal (then the determinant has a zero row or two equal
/// rows, and is exactly zero). NaN coordinates never compare equal; equal infinite
/// points give `true`, and non-finite input answers `Zero` anyway.
#[inline]
fn repeated<const D: usize>(pts: &[&[f64; D]]) -> bool {
    (0..pts.len()).any(|i| (i + 1..pts.len()).any(|j| pts[i] == pts[j]))
}

#[inline]
pub(super) fn all_finite<const D: usize>(pts: &[&[f64; D]]) -> bool {
    pts.iter().all(|p| p.iter().all(|x| x.is_finite()))
}

pub(super) fn scaled<const D: usize>(p: &[f64; D], s: i32) -> [f64; D] {
    p.map(|x| scale(x, s))
}

fn expansions<const D: usize>(p: &[f64; D]) -> [Expansion; D] {
    p.map(Expansion::from_f64)
}

/// The cold paths' dispatch for input that is not inside `window` as given: `Zero` for a
/// non-finite coordinate or all-zero input; `adapt` on the points brought into the window
/// (as they are, or every coordinate multiplied by one power of two, which scales a
/// homogeneous determinant by a positive factor); `None` when the exponents spread wider
/// than the window (the caller's exact fallback).
fn rescaled<const D: usize, const N: usize>(
    pts: [&[f64; D]; N],
    window: (i32, i32),
    adapt: impl FnOnce([&[f64; D]; N]) -> Sign,
) -> Option<Sign> {
    if !all_finite(&pts) {
        return Some(Sign::Zero);
    }
    match classify(&pts, window) {
        Fit::AllZero => Some(Sign::Zero),
        Fit::Inside => Some(adapt(pts)),
        Fit::Scaled(s) => Some(adapt(pts.map(|p| scaled(p, s)).each_ref())),
        Fit::Outside => None,
    }
}

// ---------------------------------------------------------------------------------------
// Slow paths
// ---------------------------------------------------------------------------------------

#[cold]
#[inline(never)]
pub(super) fn orient2d_slow(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Sign {
    let (a, b, c) = (&a, &b, &c);
    if repeated(&[a, b, c]) {
        return Sign::Zero;
    }
    if inside_fast(&[a, b, c], O2_WINDOW) {
        return orient2d_adapt(a, b, c);
    }
    orient2d_rare(a, b, c)
}

/// Non-finite input, or input outside the window: classify, then scale or fall back.
#[cold]
#[inline(never)]
fn orient2d_rare(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    rescaled([a, b, c], O2_WINDOW, |[a, b, c]| orient2d_adapt(a, b, c))
        .unwrap_or_else(|| bigint::orient2d(a, b, c))
}

/// One monomial `h1·h2` of a degree-2 determinant with exact differences `h + t`:
/// returns `(ph, low)` where `ph + pl = h1·h2` exactly and `low ≈ pl + t1·h2 + h1·t2`.
#[inline(always)]
fn mono2(h1: f64, t1: f64, h2: f64, t2: f64) -> (f64, f64) {
    let (ph, pl) = two_product(h1, h2);
    let f = t1 * h2 + h1 * t2;
    (ph, pl + f)
}

/// Stages B and C of orient2d; the input lies in [`O2_WINDOW`].
fn orient2d_adapt(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    let (acx, acxt) = two_diff(a[0], c[0]);
    let (bcx, bcxt) = two_diff(b[0], c[0]);
    let (acy, acyt) = two_diff(a[1], c[1]);
    let (bcy, bcyt) = two_diff(b[1], c[1]);
    if acxt == 0.0
        && bcxt == 0.0
        && acyt == 0.0
        && bcyt == 0.0
        && float_evaluation_is_exact(&[acx, bcx, acy, bcy], 2, 1)
    {
        // Small or coarse grids: the plain evaluation is exact (no operation rounds).
        return Sign::of(acx * bcy - acy * bcx);
    }
    if acxt == 0.0 && bcxt == 0.0 && acyt == 0.0 && bcyt == 0.0 {
        // The differences are exact, so the determinant is exactly
        // (ph1 + pl1) − (ph2 + pl2), whose sign TWO-TWO-DIFF gives exactly: cheaper than
        // bounding it.
        let (p1, pl1) = two_product(acx, bcy);
        let (p2, pl2) = two_product(acy, bcx);
        return two_two_diff_sign(p1, pl1, p2, pl2);
    }
    let (p1, l1) = mono2(acx, acxt, bcy, bcyt);
    let (p2, l2) = mono2(acy, acyt, bcx, bcxt);
    let (s, e) = two_sum(p1, -p2);
    let res = s + ((e + l1) - l2);
    let p = p1.abs() + p2.abs();
    if res.abs() * O2_B_INV > p {
        return Sign::of(res);
    }
    orient2d_exact(a, b, c)
}

#[cold]
#[inline(never)]
fn orient2d_exact(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    exact::orient2d(&expansions(a), &expansions(b), &expansions(c)).sign()
}

#[cold]
#[inline(never)]
pub(super) fn orient3d_slow(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Sign {
    let (a, b, c, d) = (&a, &b, &c, &d);
    if repeated(&[a, b, c, d]) {
        return Sign::Zero;
    }
    let coords = [
        a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2],
    ];
    if coordinates_on_grid(&coords, O3_GRID_BITS) {
        // Small or coarse grids (the usual exactly degenerate input: a vertex on an
        // edge or a face of a grid mesh): the plain evaluation is exact, with no window
        // check, no TwoDiff and no stage B first (proofs/predicates.md §4).
        return Sign::of(exact::orient3d(a, b, c, d));
    }
    // Stage I (integers; proofs/predicates.md §2.5): `det[a − d, b − d, c − d]`, every axis
    // scaled by a power of two, for rounded input within seven binades of each axis's
    // largest magnitude; the rest goes on to the window and stage B.
    if let Some(([a, b, c, d], [])) = integer_points([a, b, c, d], []) {
        #[cfg(all(test, feature = "std"))]
        ORIENT3D_INTEGER.with(|n| n.set(n.get() + 1));
        return dot_sign(cross(sub(a, d), sub(b, d)), sub(c, d));
    }
    if inside_fast(&[a, b, c, d], O3_WINDOW) {
        return orient3d_adapt(a, b, c, d);
    }
    orient3d_rare(a, b, c, d)
}

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// How many signs [`orient3d_slow`] took from stage I on this thread (tests only).
    pub(super) static ORIENT3D_INTEGER: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// Non-finite input, or input outside the window: classify, then scale or fall back.
#[cold]
#[inline(never)]
fn orient3d_rare(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    rescaled([a, b, c, d], O3_WINDOW, |[a, b, c, d]| {
        orient3d_adapt(a, b, c, d)
    })
    .unwrap_or_else(|| bigint::orient3d(a, b, c, d))
}

/// One monomial `h1·h2·h3` of a degree-3 determinant with exact differences `h + t`:
/// returns `(qh, low)` with `qh + ql + pl·h3 = h1·h2·h3` exactly (where `ph + pl = h1·h2`
/// and `qh + ql = ph·h3`) and `low ≈ ql + pl·h3 + (first-order tail terms)`.
#[inline(always)]
fn mono3(h1: f64, t1: f64, h2: f64, t2: f64, h3: f64, t3: f64) -> (f64, f64) {
    let (ph, pl) = two_product(h1, h2);
    let (qh, ql) = two_product(ph, h3);
    let r = pl * h3;
    let f = (t1 * h2 + h1 * t2) * h3 + ph * t3;
    (qh, (ql + r) + f)
}

/// `h1·h2·h3` exactly, as four floats.
#[inline(always)]
fn exact_mono3(h1: f64, h2: f64, h3: f64) -> [f64; 4] {
    let (ph, pl) = two_product(h1, h2);
    let (qh, ql) = two_product(ph, h3);
    let (rh, rl) = two_product(pl, h3);
    [qh, ql, rh, rl]
}

/// orient3d's differences `a − d`, `b − d`, `c − d` as heads and tails (`TwoDiff`), in
/// the order `x` of `a, b, c`, then `y`, then `z`.
#[inline(always)]
fn o3_differences(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> ([f64; 9], [f64; 9]) {
    let mut h = [0.0; 9];
    let mut t = [0.0; 9];
    for k in 0..3 {
        for (j, p) in [a, b, c].into_iter().enumerate() {
            (h[3 * k + j], t[3 * k + j]) = two_diff(p[k], d[k]);
        }
    }
    (h, t)
}

/// orient3d's stage B on exact differences `h + t` (from [`o3_differences`]): the
/// compensated value `res` and `p = fl(Σ|qh|)`, with `|det − res| ≤ u|res| + 117.1u²·P_H`
/// and `P_H ≤ p(1 + 3u)/(1 − u)^5` inside the window (proofs/predicates.md §3).
#[inline(always)]
fn o3_stage_b(h: &[f64; 9], t: &[f64; 9]) -> (f64, f64) {
    let [adx, bdx, cdx, ady, bdy, cdy, adz, bdz, cdz] = *h;
    let [adxt, bdxt, cdxt, adyt, bdyt, cdyt, adzt, bdzt, cdzt] = *t;
    // det = adz(bdx·cdy − cdx·bdy) + bdz(cdx·ady − adx·cdy) + cdz(adx·bdy − bdx·ady)
    let (q1, l1) = mono3(bdx, bdxt, cdy, cdyt, adz, adzt);
    let (q2, l2) = mono3(cdx, cdxt, bdy, bdyt, adz, adzt);
    let (q3, l3) = mono3(cdx, cdxt, ady, adyt, bdz, bdzt);
    let (q4, l4) = mono3(adx, adxt, cdy, cdyt, bdz, bdzt);
    let (q5, l5) = mono3(adx, adxt, bdy, bdyt, cdz, cdzt);
    let (q6, l6) = mono3(bdx, bdxt, ady, adyt, cdz, cdzt);
    let (s, e1) = two_sum(q1, -q2);
    let (s, e2) = two_sum(s, q3);
    let (s, e3) = two_sum(s, -q4);
    let (s, e4) = two_sum(s, q5);
    let (s, e5) = two_sum(s, -q6);
    let low = e1 + e2 + e3 + e4 + e5 + l1 - l2 + l3 - l4 + l5 - l6;
    let res = s + low;
    let p = q1.abs() + q2.abs() + q3.abs() + q4.abs() + q5.abs() + q6.abs();
    (res, p)
}

/// `118u²`, above `117.1u²·(1 + 3u)/(1 − u)^5` with room for the roundings of
/// [`orient3d_estimate`]'s bound.
const O3_EST_P: f64 = 118.0 * U * U;
/// `2^-1070`: covers the underflow of the bound's two products and its sum.
const O3_EST_ABS: f64 = f64::from_bits(1 << 4);

/// The orient3d determinant `det[a − d; b − d; c − d]` to about `120u` relative accuracy
/// away from zero: `Some((res, err))` with `|det − res| ≤ err = 2u|res| + 118u²·p +
/// 2^-1070` (stage B, proofs/predicates.md §3.1), `None` for input outside
/// [`O3_WINDOW`] or not finite. For constructions whose numerator is an orient3d
/// determinant near zero (a ray's `t` from an origin next to the triangle's plane), where
/// the plain evaluation's bound is of the order of the value itself.
pub(crate) fn orient3d_estimate(
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
    d: &[f64; 3],
) -> Option<(f64, f64)> {
    if !inside_fast(&[a, b, c, d], O3_WINDOW) {
        return None;
    }
    let (h, t) = o3_differences(a, b, c, d);
    let (res, p) = o3_stage_b(&h, &t);
    Some((res, (2.0 * U * res.abs() + O3_EST_P * p) + O3_EST_ABS))
}

/// Unit roundoff `u = 2^-53`.
const U: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Stages B and C of orient3d; the input lies in [`O3_WINDOW`].
fn orient3d_adapt(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    let (h, t) = o3_differences(a, b, c, d);
    let [adx, bdx, cdx, ady, bdy, cdy, adz, bdz, cdz] = h;
    let exact_differences = t.iter().all(|&x| x == 0.0);
    if exact_differences && float_evaluation_is_exact(&h, 3, 3) {
        // Small or coarse grids: the plain evaluation is exact (no operation rounds).
        return Sign::of(exact::orient3d(a, b, c, d));
    }
    let (res, p) = o3_stage_b(&h, &t);
    if res.abs() * O3_B_INV > p {
        return Sign::of(res);
    }
    if exact_differences {
        // The differences are exact: the determinant is the exact sum of the six
        // monomials h1·h2·h3 = qh + ql + pl·h3, each written as four floats.
        let m1 = exact_mono3(bdx, cdy, adz);
        let m2 = exact_mono3(cdx, bdy, adz).map(|x| -x);
        let m3 = exact_mono3(cdx, ady, bdz);
        let m4 = exact_mono3(adx, cdy, bdz).map(|x| -x);
        let m5 = exact_mono3(adx, bdy, cdz);
        let m6 = exact_mono3(bdx, ady, cdz).map(|x| -x);
        let mut terms = [0.0; 24];
        for (i, m) in [m1, m2, m3, m4, m5, m6].into_iter().enumerate() {
            terms[4 * i..4 * i + 4].copy_from_slice(&m);
        }
        return sum_sign(terms);
    }
    orient3d_exact(a, b, c, d)
}

#[cold]
#[inline(never)]
fn orient3d_exact(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    exact::orient3d(
        &expansions(a),
        &expansions(b),
        &expansions(c),
        &expansions(d),
    )
    .sign()
}

/// The exact sign of `det[p − o, q − o, d]`, the side of the line `o + t·d` an edge
/// `p → q` passes (`ray_triangle`'s `S(p, q)`), for finite input: on orient3d's window
/// (`d` enters undifferenced: a factor with a zero tail), scaled into it when the
/// exponents' spread allows, the grid shortcut, then stage I in integers when every
/// coordinate is one once scaled per axis ([`integer_points`]: `(u × v)·d` with
/// `u = p − o`, `v = q − o`), then stages B and C of [`orient3d_adapt`] (`Zero` for
/// non-finite input, as `polynomial_sign` answers), `None` otherwise (the caller then
/// evaluates the polynomial over dyadic numbers). `proofs/predicates.md`, section 2.4.
pub(crate) fn ray_side(o: &[f64; 3], d: &[f64; 3], p: &[f64; 3], q: &[f64; 3]) -> Option<Sign> {
    if inside_fast(&[o, d, p, q], O3_WINDOW) {
        return Some(ray_side_adapt(o, d, p, q));
    }
    rescaled([o, d, p, q], O3_WINDOW, |[o, d, p, q]| {
        ray_side_adapt(o, d, p, q)
    })
}

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// How many signs [`ray_side`] took from stage I on this thread (tests only, to check
    /// that the generators reach it and the stages after it).
    pub(super) static RAY_SIDE_INTEGER: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// Whether `u` is a multiple of `d` (`u × d = 0`), exactly: each 2 × 2 minor
/// `u_i·d_j − u_j·d_i` as two `TwoProduct`s compared by TWO-TWO-DIFF. Exact when every
/// product `u_i·d_j` is (both factors below `2^995`, each nonzero product at least
/// `2^-968`: `proofs/ray_triangle.md` section 4), which [`ray_side`]'s window guarantees.
#[inline(always)]
fn parallel(u: [f64; 3], d: &[f64; 3]) -> bool {
    let minor = |a: f64, b: f64, c: f64, e: f64| {
        let (p1, p0) = two_product(a, b);
        let (q1, q0) = two_product(c, e);
        two_two_diff_sign(p1, p0, q1, q0) == Sign::Zero
    };
    let ([x, y, z], [dx, dy, dz]) = (u, *d);
    minor(y, dz, z, dy) && minor(z, dx, x, dz) && minor(x, dy, y, dx)
}

/// `2^-480` and `2^480`: with every nonzero factor between them, a product is at least
/// `2^-960` and below `2^961`, where `TwoProduct` is exact.
const ON_LINE_MIN: f64 = f64::from_bits((1023 - 480) << 52);
const ON_LINE_MAX: f64 = f64::from_bits((1023 + 480) << 52);

/// Whether `p` lies exactly on the line `o + t·d`: `p − o` is computed without rounding
/// and is a multiple of `d`. `false` as well when that cannot be certified this way
/// (`p − o` rounds, or a nonzero coordinate of `p − o` or `d` lies outside
/// `[2^-480, 2^480]`), so a `true` is always right and a `false` only means "not shown"
/// (`proofs/ray_triangle.md`, section 3.6). NaN or infinite input: `false`.
#[inline(always)]
pub(crate) fn on_line(o: &[f64; 3], d: &[f64; 3], p: &[f64; 3]) -> bool {
    let u = [p[0] - o[0], p[1] - o[1], p[2] - o[2]];
    // u × d = 0 iff u_i·d_j = u_j·d_i for the three pairs. Rounding is monotone, so equal
    // exact products round to equal floats: rounded products that differ show (for an
    // exact u) that u is not a multiple of d. This rejects almost every vertex in a few
    // instructions (NaN compares unequal too).
    let x = [u[1] * d[2], u[2] * d[0], u[0] * d[1]];
    let y = [u[2] * d[1], u[0] * d[2], u[1] * d[0]];
    if (x[0] != y[0]) | (x[1] != y[1]) | (x[2] != y[2]) {
        return false;
    }
    on_line_exact(o, d, p, u, x, y)
}

/// The rest of [`on_line`] once the rounded products agree: `u = fl(p − o)` exact, `d`
/// not zero, both in range, and each pair of products equal. With `x = fl(u_i·d_j) = fl(u_j·d_i)`, the exact
/// products are `x + tail` (TwoProduct, exact in range), so they are equal iff their tails
/// are.
#[inline(never)]
fn on_line_exact(
    o: &[f64; 3],
    d: &[f64; 3],
    p: &[f64; 3],
    u: [f64; 3],
    x: [f64; 3],
    y: [f64; 3],
) -> bool {
    let in_range = |v: f64| v == 0.0 || (v.abs() >= ON_LINE_MIN && v.abs() <= ON_LINE_MAX);
    let exact = (0..3).all(|k| two_diff(p[k], o[k]).1 == 0.0);
    if !(exact && *d != [0.0; 3] && u.iter().chain(d).all(|&v| in_range(v))) {
        return false;
    }
    let (us, ds) = (u.map(split), d.map(split));
    let tail = |i: usize, j: usize, x: f64| product_tail(us[i], ds[j], x);
    (tail(1, 2, x[0]) == tail(2, 1, y[0]))
        & (tail(2, 0, x[1]) == tail(0, 2, y[1]))
        & (tail(0, 1, x[2]) == tail(1, 0, y[2]))
}

/// Stages B and C of [`ray_side`]; the input lies in [`O3_WINDOW`].
fn ray_side_adapt(o: &[f64; 3], d: &[f64; 3], p: &[f64; 3], q: &[f64; 3]) -> Sign {
    let (ux, uxt) = two_diff(p[0], o[0]);
    let (uy, uyt) = two_diff(p[1], o[1]);
    let (uz, uzt) = two_diff(p[2], o[2]);
    let (vx, vxt) = two_diff(q[0], o[0]);
    let (vy, vyt) = two_diff(q[1], o[1]);
    let (vz, vzt) = two_diff(q[2], o[2]);
    let [dx, dy, dz] = *d;
    // det = ux(vy·dz − vz·dy) + uy(vz·dx − vx·dz) + uz(vx·dy − vy·dx): the six monomials
    // (u component, v component, d component), the odd ones negated.
    let monomials = [
        ((ux, uxt), (vy, vyt), dz),
        ((ux, uxt), (vz, vzt), dy),
        ((uy, uyt), (vz, vzt), dx),
        ((uy, uyt), (vx, vxt), dz),
        ((uz, uzt), (vx, vxt), dy),
        ((uz, uzt), (vy, vyt), dx),
    ];
    let exact_differences = [uxt, uyt, uzt, vxt, vyt, vzt].iter().all(|&t| t == 0.0);
    if exact_differences && float_evaluation_is_exact(&[ux, uy, uz, vx, vy, vz, dx, dy, dz], 3, 3) {
        let det = ux * (vy * dz - vz * dy) + uy * (vz * dx - vx * dz) + uz * (vx * dy - vy * dx);
        return Sign::of(det);
    }
    // Stage I (integers), after the grid shortcut, which is cheaper on small grids.
    if let Some(([o, p, q, d], [])) = integer_points([o, p, q, d], []) {
        #[cfg(all(test, feature = "std"))]
        RAY_SIDE_INTEGER.with(|c| c.set(c.get() + 1));
        return dot_sign(cross(sub(p, o), sub(q, o)), d);
    }
    // First, as it is cheap and settles the usual exact zeros, the line through a vertex:
    // if p − o (or q − o) is exactly a multiple of d, then det[u, v, d] = v·(d × u) = 0
    // (or u·(v × d) = 0). Decided on exact differences (the window makes every product
    // of [`parallel`] exact).
    if ([uxt, uyt, uzt] == [0.0; 3] && parallel([ux, uy, uz], d))
        || ([vxt, vyt, vzt] == [0.0; 3] && parallel([vx, vy, vz], d))
    {
        return Sign::Zero;
    }
    let (mut s, mut low, mut p_sum) = (0.0, 0.0, 0.0);
    for (i, &((h1, t1), (h2, t2), h3)) in monomials.iter().enumerate() {
        let (qh, l) = mono3(h1, t1, h2, t2, h3, 0.0);
        let (qh, l) = if i % 2 == 0 { (qh, l) } else { (-qh, -l) };
        let (sum, e) = two_sum(s, qh);
        s = sum;
        low += e + l;
        p_sum += qh.abs();
    }
    let res = s + low;
    if res.abs() * O3_B_INV > p_sum {
        return Sign::of(res);
    }
    // Exact: each monomial (h1 + t1)(h2 + t2)·h3 is four products of three floats, each
    // exactly four floats; zero products and zero floats are left out of the sum.
    let mut terms = [0.0; 96];
    let mut n = 0;
    for (i, &((h1, t1), (h2, t2), h3)) in monomials.iter().enumerate() {
        let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
        for (a, b) in [(h1, h2), (h1, t2), (t1, h2), (t1, t2)] {
            if a == 0.0 || b == 0.0 || h3 == 0.0 {
                continue;
            }
            for x in exact_mono3(a, b, h3) {
                if x != 0.0 {
                    terms[n] = sign * x;
                    n += 1;
                }
            }
        }
    }
    sum_sign_in_place(&mut terms[..n])
}

#[cold]
#[inline(never)]
pub(super) fn incircle_slow(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> Sign {
    let (a, b, c, d) = (&a, &b, &c, &d);
    if repeated(&[a, b, c, d]) {
        return Sign::Zero;
    }
    if inside_fast(&[a, b, c, d], IC_WINDOW) {
        return incircle_adapt(a, b, c, d);
    }
    rescaled([a, b, c, d], IC_WINDOW, |[a, b, c, d]| {
        incircle_adapt(a, b, c, d)
    })
    .unwrap_or_else(|| bigint::incircle(a, b, c, d))
}

/// Whether the plain floating-point evaluation of a determinant is itself exact: true when
/// every difference is exact (the caller checks the tails), and, with `g = 2^k` the
/// coarsest power of two dividing every difference and `R·g` the largest magnitude,
/// `2^log2_terms · R^degree ≤ 2^53`. Then every intermediate of the evaluation is a sum of
/// at most `2^log2_terms` monomials, an integer multiple of `g^j` below `2^53·g^j` (for a
/// degree-`j` intermediate, as `R ≥ 1`), hence representable: no operation rounds. This is
/// the usual case for small-integer and coarse dyadic grids (proofs/predicates.md, 4).
///
/// The test runs as: with `2^e ≤ max|h| < 2^(e+1)` and `w = ⌊(53 − log2_terms)/degree⌋`,
/// every value is a multiple of `2^(e+1−w)`, checked by scaling each value by
/// `2^(w−1−e)` (exact) and rounding it to an integer with the `1.5·2^52` addition.
/// Straight-line and branch-free over the values, unlike a per-value exponent and
/// trailing-zero count.
///
/// Precondition: every value is zero or has magnitude in `[2^-900, 2^900]` (differences of
/// points in an expansion window), so the scale factor and every scaled value are normal.
#[inline]
pub(super) fn float_evaluation_is_exact(h: &[f64], degree: i32, log2_terms: i32) -> bool {
    // 1.5·2^52: for |t| < 2^51, (t + C) − C is t rounded to an integer, both operations
    // exact but the rounding of t + C to the unit grid of [2^52, 2^53).
    const C: f64 = 6_755_399_441_055_744.0;
    let width = (53 - log2_terms) / degree;
    let max = h.iter().fold(0.0f64, |m, &x| m.max(x.abs()));
    if max == 0.0 {
        return true;
    }
    debug_assert!((-900..=900).contains(&(bigint::decompose(max).1 + 52)));
    // e = ⌊log₂ max⌋ from the exponent field of a normal `max`.
    let e = ((max.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    // 2^(width − 1 − e): |t| = |x|·2^(width−1−e) < 2^width ≤ 2^26 and t is exact.
    let scale = f64::from_bits(((1023 + width - 1 - e) as u64) << 52);
    h.iter().fold(true, |ok, &x| {
        let t = x * scale;
        ok & ((t + C) - C == t)
    })
}

/// The grid width of orient3d's first shortcut: with every coordinate a multiple of
/// `2^(e+1−15)` and below `2^(e+1)` in magnitude, no operation of the determinant in
/// `exact.rs` rounds (proofs/predicates.md §4).
pub(crate) const O3_GRID_BITS: i32 = 15;

/// Whether every value has the 37 lowest bits of its significand field zero (one OR of
/// the bit patterns). Every normal value with at most 16 significant bits passes, so it
/// is a cheap first test before the grid tests that need at most that many
/// ([`float_evaluation_is_exact`] of degree 3, [`coordinates_on_grid`] at
/// [`O3_GRID_BITS`]): rounded input fails it at once. It decides nothing by itself.
#[inline(always)]
pub(crate) fn short_significands<'a>(v: impl IntoIterator<Item = &'a f64>) -> bool {
    v.into_iter().fold(0, |acc, x| acc | x.to_bits()) & ((1 << 37) - 1) == 0
}

/// Whether every value is an integer multiple of `2^(e+1−w)`, where `2^e ≤ max|x| <
/// 2^(e+1)` and `−300 ≤ e ≤ 300` (`false` outside that range, for all-zero input, and for
/// any non-finite value). Then every `|x| < 2^w·2^(e+1−w)`: the values are integers below
/// `2^w` on a grid of spacing `2^(e+1−w)` (proofs/predicates.md §4).
///
/// Unlike [`float_evaluation_is_exact`] it takes any finite input, not only differences
/// inside an expansion window: each `x` is scaled to `t = x·2^(w−1−e)` (exact unless it
/// falls below the normal range), `t` rounded to an integer and scaled back, exactly; `x`
/// is on the grid exactly when that gives `x` again.
#[inline(always)]
pub(crate) fn coordinates_on_grid(v: &[f64], w: i32) -> bool {
    const C: f64 = 6_755_399_441_055_744.0;
    // `maxsd` semantics (the second operand when either is NaN; a NaN value fails its
    // own test below), reduced as a tree: `f64::max`'s NaN handling in a serial fold
    // made a chain of some sixty cycles.
    let max = |p: f64, q: f64| if p > q { p } else { q };
    let mut m = [0.0f64; 4];
    for (i, &x) in v.iter().enumerate() {
        m[i % 4] = max(m[i % 4], x.abs());
    }
    let max = max(max(m[0], m[1]), max(m[2], m[3]));
    let e = ((max.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    if !(-300..=300).contains(&e) {
        return false;
    }
    // 2^(w − 1 − e) and the step 2^(e + 1 − w), normal numbers for −300 ≤ e ≤ 300 and
    // w ≤ 26.
    let scale = f64::from_bits(((1023 + w - 1 - e) as u64) << 52);
    let step = f64::from_bits(((1023 + e + 1 - w) as u64) << 52);
    // How far each value lies from its rounded multiple of the step, summed in two lanes:
    // the terms are non-negative, so the sum is zero exactly when every term is (a NaN
    // makes it NaN).
    let mut miss = [0.0f64; 2];
    for (i, &x) in v.iter().enumerate() {
        miss[i % 2] += ((((x * scale) + C) - C) * step - x).abs();
    }
    miss[0] + miss[1] == 0.0
}

/// Exact differences `p − q`, heads and tails, flattened point by point.
fn differences<const D: usize, const N: usize>(
    pts: [&[f64; D]; N],
    origin: &[f64; D],
    heads: &mut [f64],
    tails: &mut [f64],
) {
    for (i, p) in pts.iter().enumerate() {
        for k in 0..D {
            let (h, t) = two_diff(p[k], origin[k]);
            heads[i * D + k] = h;
            tails[i * D + k] = t;
        }
    }
}

/// Stages B and C of incircle; the input lies in [`IC_WINDOW`].
fn incircle_adapt(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> Sign {
    let (mut h, mut t) = ([0.0; 6], [0.0; 6]);
    differences([a, b, c], d, &mut h, &mut t);
    let exact_differences = t.iter().all(|&x| x == 0.0);
    if exact_differences && float_evaluation_is_exact(&h, 4, 4) {
        return Sign::of(exact::incircle(a, b, c, d));
    }
    if let Some(s) = compensated(&h, &t, &INCIRCLE_MONOMIALS, IC_B_INV) {
        return s;
    }
    if exact_differences {
        let mut buf = [0.0; 12 * 8];
        return exact_monomial_sum(&h, &INCIRCLE_MONOMIALS, &mut buf);
    }
    exact::incircle(
        &expansions(a),
        &expansions(b),
        &expansions(c),
        &expansions(d),
    )
    .sign()
}

#[cold]
#[inline(never)]
pub(super) fn insphere_slow(
    a: [f64; 3],
    b: [f64; 3],
    c: [f64; 3],
    d: [f64; 3],
    e: [f64; 3],
) -> Sign {
    let (a, b, c, d, e) = (&a, &b, &c, &d, &e);
    if repeated(&[a, b, c, d, e]) {
        return Sign::Zero;
    }
    if inside_fast(&[a, b, c, d, e], IS_WINDOW) {
        return insphere_adapt(a, b, c, d, e);
    }
    let adapt = |[a, b, c, d, e]: [&[f64; 3]; 5]| insphere_adapt(a, b, c, d, e);
    rescaled([a, b, c, d, e], IS_WINDOW, adapt).unwrap_or_else(|| bigint::insphere(a, b, c, d, e))
}

/// Stages B and C of insphere; the input lies in [`IS_WINDOW`].
fn insphere_adapt(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3], e: &[f64; 3]) -> Sign {
    let (mut h, mut t) = ([0.0; 12], [0.0; 12]);
    differences([a, b, c, d], e, &mut h, &mut t);
    let exact_differences = t.iter().all(|&x| x == 0.0);
    if exact_differences && float_evaluation_is_exact(&h, 5, 7) {
        return Sign::of(exact::insphere(a, b, c, d, e));
    }
    if let Some(s) = compensated(&h, &t, &INSPHERE_MONOMIALS, IS_B_INV) {
        return s;
    }
    if exact_differences {
        let mut buf = [0.0; 72 * 16];
        return exact_monomial_sum(&h, &INSPHERE_MONOMIALS, &mut buf);
    }
    exact::insphere(
        &expansions(a),
        &expansions(b),
        &expansions(c),
        &expansions(d),
        &expansions(e),
    )
    .sign()
}

/// Stage B for a determinant written as signed monomials `s·h[f₁]⋯h[f_n]` of exact
/// differences `h + t`: each monomial's leading part by a chain of `TwoProduct`s, its low
/// part and first-order tail terms in floating point, the leading parts summed with
/// `TwoSum`. `Some(sign)` when `|res|·inv_bound > Σ|v|` (see proofs/predicates.md, 3.2).
#[inline(always)]
fn compensated<const M: usize, const N: usize>(
    h: &[f64],
    t: &[f64],
    monomials: &[(f64, [usize; N]); M],
    inv_bound: f64,
) -> Option<Sign> {
    let mut sigma = 0.0;
    let mut low = 0.0;
    let mut p = 0.0;
    for (s, f) in monomials {
        let mut v = h[f[0]];
        let mut l = 0.0;
        for &j in &f[1..] {
            let (nv, e) = two_product(v, h[j]);
            l = l * h[j] + e;
            v = nv;
        }
        let mut first = 0.0;
        for k in 0..N {
            let mut term = t[f[k]];
            if term != 0.0 {
                for (j, &fj) in f.iter().enumerate() {
                    if j != k {
                        term *= h[fj];
                    }
                }
                first += term;
            }
        }
        let (ns, e) = two_sum(sigma, s * v);
        sigma = ns;
        low += e + s * (l + first);
        p += v.abs();
    }
    let res = sigma + low;
    if res.abs() * inv_bound > p {
        Some(Sign::of(res))
    } else {
        None
    }
}

/// The exact sign of `Σ s·h[f₁]⋯h[f_n]`: each monomial expanded into exact pieces by a
/// chain of `TwoProduct`s (at most `2^(n−1)` floats), all pieces summed exactly.
fn exact_monomial_sum<const M: usize, const N: usize>(
    h: &[f64],
    monomials: &[(f64, [usize; N]); M],
    buf: &mut [f64],
) -> Sign {
    let mut len = 0;
    for (s, f) in monomials {
        let start = len;
        buf[len] = s * h[f[0]];
        len += 1;
        for &j in &f[1..] {
            let end = len;
            for i in start..end {
                let (x, y) = two_product(buf[i], h[j]);
                buf[i] = x;
                if y != 0.0 {
                    buf[len] = y;
                    len += 1;
                }
            }
        }
    }
    sum_sign_in_place(&mut buf[..len])
}

/// incircle as signed monomials of the differences `[adx, ady, bdx, bdy, cdx, cdy]`
/// (`alift·(bdx·cdy − cdx·bdy) + …` expanded; checked against `exact.rs` in a unit test).
pub(super) const INCIRCLE_MONOMIALS: [(f64, [usize; 4]); 12] = [
    (1.0, [2, 5, 0, 0]),
    (-1.0, [4, 3, 0, 0]),
    (1.0, [2, 5, 1, 1]),
    (-1.0, [4, 3, 1, 1]),
    (1.0, [4, 1, 2, 2]),
    (-1.0, [0, 5, 2, 2]),
    (1.0, [4, 1, 3, 3]),
    (-1.0, [0, 5, 3, 3]),
    (1.0, [0, 3, 4, 4]),
    (-1.0, [2, 1, 4, 4]),
    (1.0, [0, 3, 5, 5]),
    (-1.0, [2, 1, 5, 5]),
];
/// insphere as signed monomials of `[aex, aey, aez, bex, …, dez]` (checked likewise).
pub(super) const INSPHERE_MONOMIALS: [(f64, [usize; 5]); 72] = [
    (1.0, [3, 7, 2, 9, 9]),
    (-1.0, [6, 4, 2, 9, 9]),
    (1.0, [3, 7, 2, 10, 10]),
    (-1.0, [6, 4, 2, 10, 10]),
    (1.0, [3, 7, 2, 11, 11]),
    (-1.0, [6, 4, 2, 11, 11]),
    (-1.0, [0, 7, 5, 9, 9]),
    (1.0, [6, 1, 5, 9, 9]),
    (-1.0, [0, 7, 5, 10, 10]),
    (1.0, [6, 1, 5, 10, 10]),
    (-1.0, [0, 7, 5, 11, 11]),
    (1.0, [6, 1, 5, 11, 11]),
    (1.0, [0, 4, 8, 9, 9]),
    (-1.0, [3, 1, 8, 9, 9]),
    (1.0, [0, 4, 8, 10, 10]),
    (-1.0, [3, 1, 8, 10, 10]),
    (1.0, [0, 4, 8, 11, 11]),
    (-1.0, [3, 1, 8, 11, 11]),
    (-1.0, [0, 4, 11, 6, 6]),
    (1.0, [3, 1, 11, 6, 6]),
    (-1.0, [0, 4, 11, 7, 7]),
    (1.0, [3, 1, 11, 7, 7]),
    (-1.0, [0, 4, 11, 8, 8]),
    (1.0, [3, 1, 11, 8, 8]),
    (-1.0, [3, 10, 2, 6, 6]),
    (1.0, [9, 4, 2, 6, 6]),
    (-1.0, [3, 10, 2, 7, 7]),
    (1.0, [9, 4, 2, 7, 7]),
    (-1.0, [3, 10, 2, 8, 8]),
    (1.0, [9, 4, 2, 8, 8]),
    (-1.0, [9, 1, 5, 6, 6]),
    (1.0, [0, 10, 5, 6, 6]),
    (-1.0, [9, 1, 5, 7, 7]),
    (1.0, [0, 10, 5, 7, 7]),
    (-1.0, [9, 1, 5, 8, 8]),
    (1.0, [0, 10, 5, 8, 8]),
    (1.0, [9, 1, 8, 3, 3]),
    (-1.0, [0, 10, 8, 3, 3]),
    (1.0, [9, 1, 8, 4, 4]),
    (-1.0, [0, 10, 8, 4, 4]),
    (1.0, [9, 1, 8, 5, 5]),
    (-1.0, [0, 10, 8, 5, 5]),
    (1.0, [0, 7, 11, 3, 3]),
    (-1.0, [6, 1, 11, 3, 3]),
    (1.0, [0, 7, 11, 4, 4]),
    (-1.0, [6, 1, 11, 4, 4]),
    (1.0, [0, 7, 11, 5, 5]),
    (-1.0, [6, 1, 11, 5, 5]),
    (1.0, [6, 10, 2, 3, 3]),
    (-1.0, [9, 7, 2, 3, 3]),
    (1.0, [6, 10, 2, 4, 4]),
    (-1.0, [9, 7, 2, 4, 4]),
    (1.0, [6, 10, 2, 5, 5]),
    (-1.0, [9, 7, 2, 5, 5]),
    (-1.0, [6, 10, 5, 0, 0]),
    (1.0, [9, 7, 5, 0, 0]),
    (-1.0, [6, 10, 5, 1, 1]),
    (1.0, [9, 7, 5, 1, 1]),
    (-1.0, [6, 10, 5, 2, 2]),
    (1.0, [9, 7, 5, 2, 2]),
    (1.0, [3, 10, 8, 0, 0]),
    (-1.0, [9, 4, 8, 0, 0]),
    (1.0, [3, 10, 8, 1, 1]),
    (-1.0, [9, 4, 8, 1, 1]),
    (1.0, [3, 10, 8, 2, 2]),
    (-1.0, [9, 4, 8, 2, 2]),
    (-1.0, [3, 7, 11, 0, 0]),
    (1.0, [6, 4, 11, 0, 0]),
    (-1.0, [3, 7, 11, 1, 1]),
    (1.0, [6, 4, 11, 1, 1]),
    (-1.0, [3, 7, 11, 2, 2]),
    (1.0, [6, 4, 11, 2, 2]),
];
