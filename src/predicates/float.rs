//! The staged `f64` kernel.
//!
//! * **Stage A** (inline, the only code on the hot path): the determinant in plain
//!   floating point and an error bound computed from its *permanent* (the same formula on
//!   absolute values). If the determinant exceeds the bound its sign is exact. The bound
//!   holds for every input, including underflowing and overflowing intermediates (an
//!   overflow makes the bound infinite or NaN, which fails the test). orient3d instead uses
//!   a semi-static bound `≈ 2^-47·X·Y·Z` from the largest difference per axis, multiplied
//!   in the *exponent domain*: the bit patterns of `X`, `Y`, `Z` are added as integers (the
//!   bit pattern of a normal `v > 0` is a piecewise-linear approximation of
//!   `2^52·(log₂ v + 1023)`, low by less than `0.09·2^52`), and `|det|` is compared with the
//!   result as a bit pattern too.
//! * **Window check** (`#[cold]`): non-finite input answers `Zero`. Otherwise the input is
//!   classified against the *expansion window* of the predicate, a range of magnitudes and
//!   granularities in which expansion arithmetic can neither overflow nor underflow. Input
//!   outside the window whose spread of exponents fits the window's width is scaled by a
//!   power of two (exact; the sign of a homogeneous determinant is unchanged); input that
//!   does not fit goes to the big-integer fallback.
//! * **Stage B**: exact differences (`TwoDiff`), each monomial of the determinant as an
//!   exact product of the leading parts plus its low part and first-order tail terms,
//!   summed with error-free transformations; a bound of order `u²` decides. Hand-written
//!   for orient2d and orient3d, driven by monomial tables for incircle and insphere.
//!   (orient2d skips it when every difference is exact: four floats are cheaper to sum
//!   exactly than to bound.)
//! * **Stage C**: the determinant evaluated exactly, as a stack-allocated exact sum of the
//!   monomials (exact differences) or in allocating expansion arithmetic (otherwise).
//! * **Fallback**: big integers (`bigint.rs`), exact over the whole finite range.
//!
//! The constants and every bound are derived in `proofs/predicates.md`; the test
//! `filter_constants_are_the_rounded_up_exact_values` recomputes them in rational
//! arithmetic.

use super::expansion::{
    sum_sign, sum_sign_in_place, two_diff, two_product, two_sum, two_two_diff_sign, Expansion,
};
use super::{bigint, exact};
use crate::Sign;

#[cfg(test)]
/// Unit roundoff of binary64, `u = 2^-53` (the constants test derives everything from it).
pub(crate) const U: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Stage-A coefficient for orient2d: `(γ₂ + (1−u)^−2 − 1)/(1−u)^4`, rounded up (≈ 4u).
pub(crate) const O2_A: f64 = 4.440892098500629e-16;
/// orient3d's stage-A bound is `2^-47·max(X·Y, 2^-650)·max(Z, 2^-325)`, evaluated on bit
/// patterns: `max(bits(X) + bits(Y), O3_XY_FLOOR) + max(bits(Z), O3_Z_FLOOR) − O3_K`.
/// `O3_K` is the bit-pattern offset of `2^-47` with two exponent biases: `(2046 + 47)·2^52`.
pub(crate) const O3_K: u64 = (2046 + 47) << 52;
/// `2^-650` in the sum of two bit patterns: `(2046 − 650)·2^52` (covers underflow in the
/// 2×2 products; see [`O3_K`]).
pub(crate) const O3_XY_FLOOR: u64 = (2046 - 650) << 52;
/// The bit pattern of `2^-325`, `(1023 − 325)·2^52` (with [`O3_XY_FLOOR`]: the bound is at
/// least `2^-1022` and the integer sum cannot wrap; see [`O3_K`]).
pub(crate) const O3_Z_FLOOR: u64 = (1023 - 325) << 52;
/// Stage-A coefficient for incircle: `(γ₇ + (1−u)^−4 − 1)/(1−u)^11`, rounded up (≈ 11u).
pub(crate) const IC_A: f64 = 1.2212453270876746e-15;
/// Stage-A coefficient for insphere: `(γ₁₁ + (1−u)^−5 − 1)/(1−u)^17`, rounded up (≈ 16u).
pub(crate) const IS_A: f64 = 1.7763568394002556e-15;
/// `2^-1020`: added inside the permanents so that the bound also covers underflow in the
/// inner products (absolute error at most `2^-1075` each).
pub(crate) const TAU: f64 = f64::from_bits(3 << 52);
/// `2^-1060`: added to every bound to cover the remaining absolute underflow errors.
/// (A subnormal: its bit pattern is `2^(1074 − 1060)`.)
pub(crate) const TAU2: f64 = f64::from_bits(1 << 14);
/// `2^99 = 1/(128u²)`: stage-B orient3d decides when `|res|·2^99 > Σ|qh|`.
pub(crate) const O3_B_INV: f64 = f64::from_bits((1023 + 99) << 52);
/// `2^101 = 1/(32u²)`: stage-B orient2d decides when `|res|·2^101 > Σ|ph|`.
pub(crate) const O2_B_INV: f64 = f64::from_bits((1023 + 101) << 52);

/// `2^96 = 1/(1024u²)`: stage-B incircle decides when `|res|·2^96 > Σ|v|`.
pub(crate) const IC_B_INV: f64 = f64::from_bits((1023 + 96) << 52);
/// `2^92 = 1/(16384u²)`: stage-B insphere decides when `|res|·2^92 > Σ|v|`.
pub(crate) const IS_B_INV: f64 = f64::from_bits((1023 + 92) << 52);

/// Expansion windows `(E, K)`: every nonzero coordinate `x` satisfies `|x| < 2^(E+1)` and
/// is an integer multiple of `2^K`. See `proofs/predicates.md`, "The expansion window".
pub(crate) const O2_WINDOW: (i32, i32) = (450, -490);
/// See [`O2_WINDOW`].
pub(crate) const O3_WINDOW: (i32, i32) = (290, -326);
/// See [`O2_WINDOW`].
pub(crate) const IC_WINDOW: (i32, i32) = (225, -245);
/// See [`O2_WINDOW`].
pub(crate) const IS_WINDOW: (i32, i32) = (180, -196);

// ---------------------------------------------------------------------------------------
// Stage A
// ---------------------------------------------------------------------------------------

/// `max(a, b)` as one `maxsd`: for a NaN operand it may return either, which is harmless
/// here because a NaN anywhere makes the determinant NaN and fails the filter anyway.
#[inline(always)]
fn max(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// [`decide`] with the bound given as a bit pattern (orient3d): `Some(sign of det)` when
/// `bits(|det|) > bound` and `det` is finite. For non-negative doubles the order of bit
/// patterns (as integers) is the order of values, so this is `|det| > f64::from_bits(bound)`
/// for `bound < bits(∞)`, and false for every larger `bound`. The finiteness test is needed
/// because the semi-static bound does not dominate every intermediate of the determinant.
///
/// Done in the integer unit: the float compares it replaces were the dearest part of the
/// filter, and the integer ports are otherwise idle in this loop.
#[inline(always)]
fn decide_bits(det: f64, bound: u64) -> Option<Sign> {
    let bits = det.to_bits();
    let mag = bits & !(1 << 63);
    if (mag > bound) & (mag < f64::INFINITY.to_bits()) {
        Some(if (bits as i64) < 0 {
            Sign::Negative
        } else {
            Sign::Positive
        })
    } else {
        None
    }
}

/// The filter's verdict: `Some(sign of det)` when `|det| > bound`.
///
/// Written so that the only branch is the (almost always taken) filter test: the sign
/// itself is a select, not a second, unpredictable branch. A NaN `det` or `bound` fails.
#[inline(always)]
fn decide(det: f64, bound: f64) -> Option<Sign> {
    if det.abs() > bound {
        Some(if det > 0.0 {
            Sign::Positive
        } else {
            Sign::Negative
        })
    } else {
        None
    }
}

#[inline]
pub(crate) fn orient2d(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    let acx = a[0] - c[0];
    let bcx = b[0] - c[0];
    let acy = a[1] - c[1];
    let bcy = b[1] - c[1];
    let l = acx * bcy;
    let r = acy * bcx;
    let det = l - r;
    let perm = l.abs() + r.abs();
    match decide(det, O2_A * perm + TAU2) {
        Some(s) => s,
        None => orient2d_slow(*a, *b, *c),
    }
}

/// orient3d's stage-A bound as a bit pattern, from the per-axis maxima `x, y, z ≥ 0`:
/// `max(bits(x) + bits(y), O3_XY_FLOOR) + max(bits(z), O3_Z_FLOOR) − O3_K`. For finite
/// maxima the exact value lies in `[2^52, 4048·2^52)`, so the wrapping operations never
/// wrap, and `f64::from_bits` of it (when below `bits(∞)`) is at least the rounding error
/// of the determinant (proofs/predicates.md §1.6). Non-finite maxima come with a
/// non-finite determinant, which `decide_bits` rejects whatever this returns.
#[inline(always)]
fn o3_bound(x: f64, y: f64, z: f64) -> u64 {
    // x, y ≥ 0 (absolute values), so each bit pattern is below 2^63 and the sum cannot overflow.
    let xy = (x.to_bits() + y.to_bits()).max(O3_XY_FLOOR);
    xy.wrapping_add(z.to_bits().max(O3_Z_FLOOR))
        .wrapping_sub(O3_K)
}

/// Always inlined: the hot path is some seventy instructions with the slow path out of
/// line, and as a call it cost about a tenth of the determinant again (constants
/// rematerialized, arguments through memory); with plain `#[inline]` LLVM declines to
/// inline it once it has more than one call site.
#[inline(always)]
pub(crate) fn orient3d(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    let adx = a[0] - d[0];
    let bdx = b[0] - d[0];
    let cdx = c[0] - d[0];
    let ady = a[1] - d[1];
    let bdy = b[1] - d[1];
    let cdy = c[1] - d[1];
    let adz = a[2] - d[2];
    let bdz = b[2] - d[2];
    let cdz = c[2] - d[2];
    let det = adz * (bdx * cdy - cdx * bdy)
        + bdz * (cdx * ady - adx * cdy)
        + cdz * (adx * bdy - bdx * ady);
    // Semi-static bound (Meyer–Pion style): every monomial of the determinant is
    // (x-difference)(y-difference)(z-difference), so Σ|monomials| ≤ 6·X·Y·Z. Cheaper
    // than the permanent, which is what keeps this within reach of the naive formula.
    // (The operand order matches the lanes LLVM packs the differences into, so the x and
    // y maxima are two packed `maxpd` without shuffles.)
    let x = max(max(cdx.abs(), bdx.abs()), adx.abs());
    let y = max(max(ady.abs(), bdy.abs()), cdy.abs());
    let z = max(max(adz.abs(), cdz.abs()), bdz.abs());
    // The product 2^-47·X·Y·Z in the exponent domain: adding bit patterns multiplies
    // (within a factor 2/(e·ln 2) per factor), exactly and in the integer unit; the floors
    // cover underflow and keep the sum in range, so it never wraps (proofs/predicates.md
    // §1.6). A finite `det` means no intermediate overflowed; the bound does not dominate
    // the 2×2 minors, so `decide_bits` rejects an infinite `det` explicitly (§1.1).
    match decide_bits(det, o3_bound(x, y, z)) {
        Some(s) => s,
        None => orient3d_slow(*a, *b, *c, *d),
    }
}

#[inline]
pub(crate) fn incircle(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> Sign {
    let adx = a[0] - d[0];
    let bdx = b[0] - d[0];
    let cdx = c[0] - d[0];
    let ady = a[1] - d[1];
    let bdy = b[1] - d[1];
    let cdy = c[1] - d[1];
    let bdxcdy = bdx * cdy;
    let cdxbdy = cdx * bdy;
    let alift = adx * adx + ady * ady;
    let cdxady = cdx * ady;
    let adxcdy = adx * cdy;
    let blift = bdx * bdx + bdy * bdy;
    let adxbdy = adx * bdy;
    let bdxady = bdx * ady;
    let clift = cdx * cdx + cdy * cdy;
    let det = alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) + clift * (adxbdy - bdxady);
    let perm = (alift + TAU) * (bdxcdy.abs() + cdxbdy.abs() + TAU)
        + (blift + TAU) * (cdxady.abs() + adxcdy.abs() + TAU)
        + (clift + TAU) * (adxbdy.abs() + bdxady.abs() + TAU);
    match decide(det, IC_A * perm + TAU2) {
        Some(s) => s,
        None => incircle_slow(*a, *b, *c, *d),
    }
}

#[inline]
pub(crate) fn insphere(
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
    d: &[f64; 3],
    e: &[f64; 3],
) -> Sign {
    let aex = a[0] - e[0];
    let bex = b[0] - e[0];
    let cex = c[0] - e[0];
    let dex = d[0] - e[0];
    let aey = a[1] - e[1];
    let bey = b[1] - e[1];
    let cey = c[1] - e[1];
    let dey = d[1] - e[1];
    let aez = a[2] - e[2];
    let bez = b[2] - e[2];
    let cez = c[2] - e[2];
    let dez = d[2] - e[2];

    let aexbey = aex * bey;
    let bexaey = bex * aey;
    let bexcey = bex * cey;
    let cexbey = cex * bey;
    let cexdey = cex * dey;
    let dexcey = dex * cey;
    let dexaey = dex * aey;
    let aexdey = aex * dey;
    let aexcey = aex * cey;
    let cexaey = cex * aey;
    let bexdey = bex * dey;
    let dexbey = dex * bey;
    let ab = aexbey - bexaey;
    let bc = bexcey - cexbey;
    let cd = cexdey - dexcey;
    let da = dexaey - aexdey;
    let ac = aexcey - cexaey;
    let bd = bexdey - dexbey;

    let abc = aez * bc - bez * ac + cez * ab;
    let bcd = bez * cd - cez * bd + dez * bc;
    let cda = cez * da + dez * ac + aez * cd;
    let dab = dez * ab + aez * bd + bez * da;

    let alift = aex * aex + aey * aey + aez * aez;
    let blift = bex * bex + bey * bey + bez * bez;
    let clift = cex * cex + cey * cey + cez * cez;
    let dlift = dex * dex + dey * dey + dez * dez;

    let det = (dlift * abc - clift * dab) + (blift * cda - alift * bcd);

    let abp = aexbey.abs() + bexaey.abs() + TAU;
    let bcp = bexcey.abs() + cexbey.abs() + TAU;
    let cdp = cexdey.abs() + dexcey.abs() + TAU;
    let dap = dexaey.abs() + aexdey.abs() + TAU;
    let acp = aexcey.abs() + cexaey.abs() + TAU;
    let bdp = bexdey.abs() + dexbey.abs() + TAU;
    let (aez, bez, cez, dez) = (aez.abs(), bez.abs(), cez.abs(), dez.abs());
    let abcp = aez * bcp + bez * acp + cez * abp + TAU;
    let bcdp = bez * cdp + cez * bdp + dez * bcp + TAU;
    let cdap = cez * dap + dez * acp + aez * cdp + TAU;
    let dabp = dez * abp + aez * bdp + bez * dap + TAU;
    let perm =
        (dlift + TAU) * abcp + (clift + TAU) * dabp + (blift + TAU) * cdap + (alift + TAU) * bcdp;
    match decide(det, IS_A * perm + TAU2) {
        Some(s) => s,
        None => insphere_slow(*a, *b, *c, *d, *e),
    }
}

// ---------------------------------------------------------------------------------------
// Window classification
// ---------------------------------------------------------------------------------------

/// Where an input stands relative to a predicate's expansion window.
#[derive(Debug, PartialEq)]
enum Fit {
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
fn scale(x: f64, s: i32) -> f64 {
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
fn exponent_range(values: impl Iterator<Item = f64>) -> Option<(i32, i32)> {
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

fn classify<const D: usize>(pts: &[&[f64; D]], (e_max, k_min): (i32, i32)) -> Fit {
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
fn inside_fast<const D: usize>(pts: &[&[f64; D]], (e_max, k_min): (i32, i32)) -> bool {
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

#[inline]
fn all_finite<const D: usize>(pts: &[&[f64; D]]) -> bool {
    pts.iter().all(|p| p.iter().all(|x| x.is_finite()))
}

fn scaled<const D: usize>(p: &[f64; D], s: i32) -> [f64; D] {
    p.map(|x| scale(x, s))
}

fn expansions<const D: usize>(p: &[f64; D]) -> [Expansion; D] {
    p.map(Expansion::from_f64)
}

// ---------------------------------------------------------------------------------------
// Slow paths
// ---------------------------------------------------------------------------------------

#[cold]
#[inline(never)]
fn orient2d_slow(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Sign {
    let (a, b, c) = (&a, &b, &c);
    if inside_fast(&[a, b, c], O2_WINDOW) {
        return orient2d_adapt(a, b, c);
    }
    orient2d_rare(a, b, c)
}

/// Non-finite input, or input outside the window: classify, then scale or fall back.
#[cold]
#[inline(never)]
fn orient2d_rare(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    if !all_finite(&[a, b, c]) {
        return Sign::Zero;
    }
    match classify(&[a, b, c], O2_WINDOW) {
        Fit::AllZero => Sign::Zero,
        Fit::Inside => orient2d_adapt(a, b, c),
        Fit::Scaled(s) => orient2d_adapt(&scaled(a, s), &scaled(b, s), &scaled(c, s)),
        Fit::Outside => bigint::orient2d(a, b, c),
    }
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
fn orient3d_slow(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Sign {
    let (a, b, c, d) = (&a, &b, &c, &d);
    if inside_fast(&[a, b, c, d], O3_WINDOW) {
        return orient3d_adapt(a, b, c, d);
    }
    orient3d_rare(a, b, c, d)
}

/// Non-finite input, or input outside the window: classify, then scale or fall back.
#[cold]
#[inline(never)]
fn orient3d_rare(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    if !all_finite(&[a, b, c, d]) {
        return Sign::Zero;
    }
    match classify(&[a, b, c, d], O3_WINDOW) {
        Fit::AllZero => Sign::Zero,
        Fit::Inside => orient3d_adapt(a, b, c, d),
        Fit::Scaled(s) => {
            orient3d_adapt(&scaled(a, s), &scaled(b, s), &scaled(c, s), &scaled(d, s))
        }
        Fit::Outside => bigint::orient3d(a, b, c, d),
    }
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

/// Stages B and C of orient3d; the input lies in [`O3_WINDOW`].
fn orient3d_adapt(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    let (adx, adxt) = two_diff(a[0], d[0]);
    let (bdx, bdxt) = two_diff(b[0], d[0]);
    let (cdx, cdxt) = two_diff(c[0], d[0]);
    let (ady, adyt) = two_diff(a[1], d[1]);
    let (bdy, bdyt) = two_diff(b[1], d[1]);
    let (cdy, cdyt) = two_diff(c[1], d[1]);
    let (adz, adzt) = two_diff(a[2], d[2]);
    let (bdz, bdzt) = two_diff(b[2], d[2]);
    let (cdz, cdzt) = two_diff(c[2], d[2]);
    let tails = [adxt, bdxt, cdxt, adyt, bdyt, cdyt, adzt, bdzt, cdzt];
    let exact_differences = tails.iter().all(|&t| t == 0.0);
    if exact_differences
        && float_evaluation_is_exact(&[adx, bdx, cdx, ady, bdy, cdy, adz, bdz, cdz], 3, 3)
    {
        // Small or coarse grids: the plain evaluation is exact (no operation rounds).
        return Sign::of(exact::orient3d(a, b, c, d));
    }
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

#[cold]
#[inline(never)]
fn incircle_slow(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> Sign {
    let (a, b, c, d) = (&a, &b, &c, &d);
    if inside_fast(&[a, b, c, d], IC_WINDOW) {
        return incircle_adapt(a, b, c, d);
    }
    if !all_finite(&[a, b, c, d]) {
        return Sign::Zero;
    }
    match classify(&[a, b, c, d], IC_WINDOW) {
        Fit::AllZero => Sign::Zero,
        Fit::Inside => incircle_adapt(a, b, c, d),
        Fit::Scaled(s) => {
            incircle_adapt(&scaled(a, s), &scaled(b, s), &scaled(c, s), &scaled(d, s))
        }
        Fit::Outside => bigint::incircle(a, b, c, d),
    }
}

/// Whether the plain floating-point evaluation of a determinant is itself exact: true when
/// every difference is exact (the caller checks the tails), and, with `g = 2^k` the
/// coarsest power of two dividing every difference and `R·g` the largest magnitude,
/// `2^log2_terms · R^degree ≤ 2^53`. Then every intermediate of the evaluation is a sum of
/// at most `2^log2_terms` monomials, an integer multiple of `g^j` below `2^53·g^j` (for a
/// degree-`j` intermediate, as `R ≥ 1`), hence representable: no operation rounds. This is
/// the usual case for small-integer and coarse dyadic grids (proofs/predicates.md, 4).
fn float_evaluation_is_exact(h: &[f64], degree: i32, log2_terms: i32) -> bool {
    match exponent_range(h.iter().copied()) {
        None => true,
        // Every |x| < 2^(hi+1) and every x is a multiple of 2^lo, so R < 2^(hi + 1 − lo).
        Some((hi, lo)) => degree * (hi + 1 - lo) + log2_terms <= 53,
    }
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
fn insphere_slow(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3], e: [f64; 3]) -> Sign {
    let (a, b, c, d, e) = (&a, &b, &c, &d, &e);
    if inside_fast(&[a, b, c, d, e], IS_WINDOW) {
        return insphere_adapt(a, b, c, d, e);
    }
    if !all_finite(&[a, b, c, d, e]) {
        return Sign::Zero;
    }
    match classify(&[a, b, c, d, e], IS_WINDOW) {
        Fit::AllZero => Sign::Zero,
        Fit::Inside => insphere_adapt(a, b, c, d, e),
        Fit::Scaled(s) => insphere_adapt(
            &scaled(a, s),
            &scaled(b, s),
            &scaled(c, s),
            &scaled(d, s),
            &scaled(e, s),
        ),
        Fit::Outside => bigint::insphere(a, b, c, d, e),
    }
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
const INCIRCLE_MONOMIALS: [(f64, [usize; 4]); 12] = [
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
const INSPHERE_MONOMIALS: [(f64, [usize; 5]); 72] = [
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

#[cfg(test)]
mod tests {
    //! Internal cross-checks of the stages against the big-integer fallback (itself checked
    //! against an independent rational oracle in `tests/`), and the constants test.
    use super::*;
    use num_rational::BigRational;
    use num_traits::{One, Zero};

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        /// A coordinate of a random family: uniform, small integer, or m·2^e anywhere.
        fn coord(&mut self, family: u64) -> f64 {
            match family {
                0 => self.unit(),
                1 => (self.below(9) as f64) - 4.0,
                2 => {
                    let m = (self.next() >> 11) as f64 / (1u64 << 53) as f64 + 0.5;
                    let e = self.below(2098) as i32 - 1074;
                    let x = scale(m, e);
                    if self.next() & 1 == 1 {
                        -x
                    } else {
                        x
                    }
                }
                _ => {
                    let e = [-1074, -1000, -300, 0, 300, 1000, 1023][self.below(7) as usize];
                    scale(1.0 + self.below(4) as f64 * 0.25, e.min(1022)) * self.unit().signum()
                }
            }
        }
    }

    fn scale_all<const D: usize>(p: [f64; D], s: i32) -> [f64; D] {
        p.map(|x| scale(x, s))
    }

    #[test]
    fn stages_agree_with_the_fallback() {
        let mut rng = Rng(7);
        for i in 0..20_000 {
            let fam = i % 4;
            let mut p2 = [[0.0; 2]; 4];
            let mut p3 = [[0.0; 3]; 5];
            for p in &mut p2 {
                *p = [rng.coord(fam), rng.coord(fam)];
            }
            for p in &mut p3 {
                *p = [rng.coord(fam), rng.coord(fam), rng.coord(fam)];
            }
            // Near-degenerate: last point on the segment / plane through the others, rounded.
            if i % 3 == 0 {
                let t = rng.unit();
                p2[2] = [
                    p2[0][0] + t * (p2[1][0] - p2[0][0]),
                    p2[0][1] + t * (p2[1][1] - p2[0][1]),
                ];
                let (s, t) = (rng.unit(), rng.unit());
                let [p0, p1, p2] = [p3[0], p3[1], p3[2]];
                p3[3] = [0, 1, 2].map(|k| p0[k] + s * (p1[k] - p0[k]) + t * (p2[k] - p0[k]));
            }
            // Near-cocircular / near-cospherical: rounded points on a circle / sphere.
            if i % 3 == 1 {
                let (cx, cy, cz) = (rng.unit(), rng.unit(), rng.unit());
                let r = 0.1 + rng.unit().abs();
                for p in &mut p2 {
                    let t = rng.unit() * 3.2;
                    *p = [cx + r * t.cos(), cy + r * t.sin()];
                }
                for p in &mut p3 {
                    let (x, y, z) = (rng.unit(), rng.unit(), rng.unit());
                    let n = (x * x + y * y + z * z).sqrt().max(1e-3);
                    *p = [cx + r * x / n, cy + r * y / n, cz + r * z / n];
                }
            }
            if i % 5 == 0 {
                let s = rng.below(600) as i32 - 300;
                p2 = p2.map(|p| scale_all(p, s));
                p3 = p3.map(|p| scale_all(p, s));
            }
            if !p2
                .iter()
                .flatten()
                .chain(p3.iter().flatten())
                .all(|x| x.is_finite())
            {
                continue;
            }
            let [a, b, c, d] = &p2;
            assert_eq!(orient2d(a, b, c), bigint::orient2d(a, b, c), "{p2:?}");
            assert_eq!(incircle(a, b, c, d), bigint::incircle(a, b, c, d), "{p2:?}");
            let [a, b, c, d, e] = &p3;
            assert_eq!(orient3d(a, b, c, d), bigint::orient3d(a, b, c, d), "{p3:?}");
            assert_eq!(
                insphere(a, b, c, d, e),
                bigint::insphere(a, b, c, d, e),
                "{p3:?}"
            );
        }
    }

    #[test]
    fn monomial_tables_match_the_determinant_formulas() {
        let mut rng = Rng(11);
        for _ in 0..50 {
            let r = |rng: &mut Rng| BigRational::from_integer(((rng.below(41) as i64) - 20).into());
            let p2: Vec<[BigRational; 2]> = (0..4).map(|_| [r(&mut rng), r(&mut rng)]).collect();
            let h: Vec<BigRational> = (0..3)
                .flat_map(|i| (0..2).map(move |k| (i, k)))
                .map(|(i, k)| p2[i][k].clone() - p2[3][k].clone())
                .collect();
            let from_table = |h: &[BigRational], monos: &[(f64, Vec<usize>)]| {
                monos.iter().fold(BigRational::zero(), |acc, (s, f)| {
                    let m = f.iter().fold(BigRational::one(), |m, &j| m * h[j].clone());
                    if *s > 0.0 {
                        acc + m
                    } else {
                        acc - m
                    }
                })
            };
            let ic: Vec<(f64, Vec<usize>)> = INCIRCLE_MONOMIALS
                .iter()
                .map(|(s, f)| (*s, f.to_vec()))
                .collect();
            assert_eq!(
                from_table(&h, &ic),
                exact::incircle(&p2[0], &p2[1], &p2[2], &p2[3])
            );
            let p3: Vec<[BigRational; 3]> = (0..5)
                .map(|_| [r(&mut rng), r(&mut rng), r(&mut rng)])
                .collect();
            let h: Vec<BigRational> = (0..4)
                .flat_map(|i| (0..3).map(move |k| (i, k)))
                .map(|(i, k)| p3[i][k].clone() - p3[4][k].clone())
                .collect();
            let is: Vec<(f64, Vec<usize>)> = INSPHERE_MONOMIALS
                .iter()
                .map(|(s, f)| (*s, f.to_vec()))
                .collect();
            assert_eq!(
                from_table(&h, &is),
                exact::insphere(&p3[0], &p3[1], &p3[2], &p3[3], &p3[4])
            );
        }
    }

    /// Integer grids of every width around the threshold of `float_evaluation_is_exact`,
    /// with extreme values (±2^bits) and exactly degenerate configurations, against the
    /// big-integer evaluation.
    #[test]
    fn plain_evaluation_shortcut_at_its_threshold() {
        let mut rng = Rng(99);
        for bits in 1..=24 {
            let top = 1u64 << bits;
            for _ in 0..400 {
                let g = |rng: &mut Rng| -> f64 {
                    let v = match rng.below(4) {
                        0 => top as f64,
                        1 => -(top as f64),
                        _ => rng.below(2 * top + 1) as f64 - top as f64,
                    };
                    v * scale(1.0, rng.below(3) as i32 - 1) // dyadic: halves and doubles
                };
                let p3: [[f64; 3]; 5] =
                    core::array::from_fn(|_| [g(&mut rng), g(&mut rng), g(&mut rng)]);
                let p2: [[f64; 2]; 4] = core::array::from_fn(|_| [g(&mut rng), g(&mut rng)]);
                // an exactly coplanar fourth point: integer combination
                let (s, t) = (rng.below(5) as f64 - 2.0, rng.below(5) as f64 - 2.0);
                let d = [0, 1, 2]
                    .map(|k| p3[0][k] + s * (p3[1][k] - p3[0][k]) + t * (p3[2][k] - p3[0][k]));
                let [a, b, c, e, f] = &p3;
                assert_eq!(orient3d(a, b, c, &d), bigint::orient3d(a, b, c, &d));
                assert_eq!(orient3d(a, b, c, e), bigint::orient3d(a, b, c, e));
                assert_eq!(insphere(a, b, c, e, f), bigint::insphere(a, b, c, e, f));
                let [a, b, c, d] = &p2;
                assert_eq!(incircle(a, b, c, d), bigint::incircle(a, b, c, d));
                // Cocircular: (±3, ±4)·m and (±5, 0)·m around an integer centre.
                let m = g(&mut rng).abs().max(1.0);
                let (cx, cy) = (g(&mut rng), g(&mut rng));
                let on = [[3.0, 4.0], [-4.0, 3.0], [5.0, 0.0], [0.0, -5.0]]
                    .map(|[x, y]| [cx + x * m, cy + y * m]);
                let [a, b, c, d] = &on;
                assert_eq!(incircle(a, b, c, d), bigint::incircle(a, b, c, d));
                // Rows in arithmetic progression, large and nearly parallel: the
                // determinant is exactly zero while its monomials are near 2^(3·bits), so a
                // plain evaluation that rounds shows up as a nonzero sign.
                let x = (rng.below(top) | 1) as f64 + top as f64;
                let (u, v) = (rng.below(7) as f64 + 1.0, rng.below(7) as f64 + 1.0);
                let row = |i: f64| [x + i * u, x + i * v + 1.0, x + 2.0 * i];
                let (a, b, c, o) = (row(1.0), row(2.0), row(3.0), [0.0; 3]);
                assert_eq!(orient3d(&a, &b, &c, &o), bigint::orient3d(&a, &b, &c, &o));
                let (a2, b2, c2) = (
                    [x, x + u],
                    [2.0 * x, 2.0 * (x + u)],
                    [3.0 * x, 3.0 * (x + u)],
                );
                assert_eq!(orient2d(&a2, &b2, &c2), bigint::orient2d(&a2, &b2, &c2));
            }
        }
    }

    #[test]
    fn classify_and_scale() {
        assert_eq!(classify(&[&[0.0, 0.0]], O2_WINDOW), Fit::AllZero);
        assert_eq!(classify(&[&[1.0, 0.5]], O2_WINDOW), Fit::Inside);
        // 2^600 and 1: exponents 600 and 0, granularities 600 and 0: too high for the
        // window (450) but the spread (600) fits its width (940): shift by −490 − 0.
        assert_eq!(
            classify(&[&[scale(1.0, 600), 1.0]], O2_WINDOW),
            Fit::Scaled(-490)
        );
        assert_eq!(
            classify(&[&[scale(1.0, 400), 0.75]], O2_WINDOW),
            Fit::Inside
        );
        // f64::MAX has granularity 2^971 and exponent 1023; 1.0 has granularity 2^0.
        assert_eq!(classify(&[&[f64::MAX, 1.0]], O2_WINDOW), Fit::Outside);
        assert_eq!(classify(&[&[f64::MAX, 1.0]], (1023, -1000)), Fit::Inside);
        assert_eq!(classify(&[&[f64::MAX, 5e-324]], O2_WINDOW), Fit::Outside);
        let tiny = 5e-324;
        assert_eq!(scale(scale(tiny, 1500), -1500), tiny);
        assert_eq!(scale(f64::MAX, -1500), scale(scale(f64::MAX, -1000), -500));
    }

    fn q(x: f64) -> BigRational {
        BigRational::from_float(x).unwrap()
    }

    /// The exact value of the stage-A coefficient `(γ_k + (1−u)^−n − 1)/(1−u)^(r+2)`.
    fn coefficient(n: i32, k: i32, r: i32) -> BigRational {
        let one = BigRational::one();
        let u = q(U);
        let kk = BigRational::from_integer(k.into());
        let gamma = kk.clone() * u.clone() / (one.clone() - kk * u.clone());
        let pow = |x: &BigRational, e: i32| (0..e).fold(one.clone(), |acc, _| acc * x);
        let inv_n = one.clone() / pow(&(one.clone() - u.clone()), n);
        let denominator = pow(&(one.clone() - u), r + 2);
        (gamma + inv_n - one) / denominator
    }

    /// The smallest double not below `x`.
    fn round_up(x: &BigRational) -> f64 {
        let f = num_traits::ToPrimitive::to_f64(x).unwrap();
        if q(f) >= *x {
            let below = f64::from_bits(f.to_bits() - 1);
            assert!(q(below) < *x);
            f
        } else {
            f64::from_bits(f.to_bits() + 1)
        }
    }

    #[test]
    fn filter_constants_are_the_rounded_up_exact_values() {
        // (n: degree, k: roundings per monomial in the determinant, r: in the permanent);
        // the counts are derived in proofs/predicates.md.
        assert_eq!(O2_A, round_up(&coefficient(2, 2, 2)));
        assert_eq!(IC_A, round_up(&coefficient(4, 7, 9)));
        assert_eq!(IS_A, round_up(&coefficient(5, 11, 15)));
        assert_eq!(
            q(U),
            BigRational::new(1.into(), num_bigint::BigInt::one() << 53)
        );
        assert_eq!(
            q(TAU),
            BigRational::new(1.into(), num_bigint::BigInt::one() << 1020)
        );
        assert_eq!(
            q(TAU2),
            BigRational::new(1.into(), num_bigint::BigInt::one() << 1060)
        );
        assert_eq!(
            q(O3_B_INV),
            BigRational::from_integer(num_bigint::BigInt::one() << 99)
        );
        assert_eq!(
            q(O2_B_INV),
            BigRational::from_integer(num_bigint::BigInt::one() << 101)
        );
        assert!(!q(U).is_zero());
    }

    fn pow2q(k: i32) -> BigRational {
        let p = BigRational::from_integer(num_bigint::BigInt::one() << k.unsigned_abs());
        if k >= 0 {
            p
        } else {
            BigRational::one() / p
        }
    }

    /// `ρ̄ = 1.0617 ≥ max over f in [0, 1] of (1 + f)·2^−f = 2/(e·ln 2)`, from lower bounds on
    /// `e` and `ln 2` by partial sums of their (positive) series.
    fn rho_bar() -> BigRational {
        let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        let mut e = BigRational::zero();
        let mut fact = BigRational::one();
        for k in 0..12 {
            if k > 0 {
                fact *= BigRational::from_integer(k.into());
            }
            e += BigRational::one() / fact.clone();
        }
        let mut ln2 = BigRational::zero();
        for k in 1..40 {
            ln2 += BigRational::one() / (BigRational::from_integer(k.into()) * pow2q(k));
        }
        let rho = r(10617, 10000);
        assert!(rho.clone() * e * ln2 > r(2, 1));
        rho
    }

    /// The bound of orient3d's stage A, `f64::from_bits(o3_bound(X, Y, Z))`, must exceed
    /// `E = c·X·Y·Z + 6(1+u)^4·η·Z + 3(1+u)^2·η` with `c = 6(γ₅ + (1−u)^−3 − 1)`
    /// (proofs/predicates.md §1.6). This checks the sufficient condition on the constants
    /// exactly, and that the integer sum stays in range.
    #[test]
    fn orient3d_bit_pattern_bound_constants() {
        let six = BigRational::from_integer(6.into());
        let three = BigRational::from_integer(3.into());
        let c = coefficient(3, 5, -2) * six.clone();
        let u = q(U);
        let one = BigRational::one();
        let eta = pow2q(-1075);
        let rho = rho_bar();
        let (k, t1, t3) = (47, -650, -325);
        assert_eq!(O3_K, ((2046 + k) as u64) << 52);
        assert_eq!(O3_XY_FLOOR, ((2046 + t1) as u64) << 52);
        assert_eq!(O3_Z_FLOOR, ((1023 + t3) as u64) << 52);
        let up4 = (0..4).fold(one.clone(), |acc, _| acc * (one.clone() + u.clone()));
        let up2 = (0..2).fold(one.clone(), |acc, _| acc * (one.clone() + u.clone()));
        let needed = c * rho.clone() * rho.clone() * rho.clone()
            + six * up4 * rho * eta.clone() * pow2q(-t1)
            + three * up2 * eta * pow2q(-(t1 + t3));
        assert!(needed <= pow2q(-k));
        // Smallest value: exactly 2^52 (the bound is at least 2^-1022, a normal number).
        let lo = O3_XY_FLOOR as u128 + O3_Z_FLOOR as u128 - O3_K as u128;
        assert_eq!(lo, 1 << 52);
        // Largest value for finite maxima: below 2^64, so nothing wraps.
        let top = (f64::MAX.to_bits() as u128) * 3 - O3_K as u128;
        assert!(top < 1 << 64);
    }

    /// The same inequality checked directly on `o3_bound` for maxima of every magnitude,
    /// in rational arithmetic: a cross-check of the derivation, independent of `ρ̄`.
    #[test]
    fn orient3d_bit_pattern_bound_dominates_the_error() {
        let c = coefficient(3, 5, -2) * BigRational::from_integer(6.into());
        let eta = pow2q(-1075);
        let up = BigRational::one() + q(U);
        let up2 = up.clone() * up;
        // The Z-proportional and constant underflow terms: 6(1+u)^4·η·Z and 3(1+u)^2·η.
        let eta_z = BigRational::from_integer(6.into()) * up2.clone() * up2.clone() * eta.clone();
        let eta_0 = BigRational::from_integer(3.into()) * up2 * eta;
        let mut rng = Rng(5);
        for i in 0..20_000u64 {
            let mut m = || match (i + rng.below(4)) % 4 {
                0 => 0.0,
                1 => rng.coord(0).abs(),
                _ => rng.coord(2).abs(),
            };
            let (x, y, z) = (m(), m(), m());
            let b = o3_bound(x, y, z);
            assert!(b >= 1 << 52);
            if b >= f64::INFINITY.to_bits() {
                continue;
            }
            let w = q(f64::from_bits(b));
            let err = c.clone() * q(x) * q(y) * q(z) + eta_z.clone() * q(z) + eta_0.clone();
            assert!(w >= err, "{x:e} {y:e} {z:e}");
        }
    }
}
