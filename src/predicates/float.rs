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
//!   result as a bit pattern too. The one-call insphere uses a semi-static bound as well,
//!   `2^-44·X·Y·Z·(X² + Y² + Z²)` in floating point with each maximum floored at `2^-180`.
//!   (The batch forms bound a whole chunk of rows from its maxima, `float_batch.rs`, and
//!   keep the permanents for the rows that bound leaves undecided.)
//! * **Grid shortcut** (orient3d, `#[cold]`): when the twelve coordinates lie on a grid of
//!   at most 15 bits below their largest magnitude (small-integer and dyadic meshes, the
//!   usual exactly degenerate input), the plain evaluation is exact and decides at once.
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
//! This file holds stage A and the constants; the cold stages (window check, B, C) are in
//! `float_slow.rs`. The constants and every bound are derived in `proofs/predicates.md`;
//! the test `filter_constants_are_the_rounded_up_exact_values` (`float_tests.rs`)
//! recomputes them in rational arithmetic.

use super::float_slow::{incircle_slow, insphere_slow, orient2d_slow, orient3d_slow};
use super::lanes::Lane;
use crate::Sign;

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
/// insphere's semi-static coefficient, `2^-44` (proofs/predicates.md §1.7: at least
/// `24(γ₁₁ + (1−u)^−5 − 1)/(1−u)^6` plus the underflow terms, ≈ `0.75·2^-44`).
pub(crate) const IS_S: f64 = f64::from_bits((1023 - 44) << 52);
/// The floor `2^-180` of insphere's per-axis maxima: the products of the semi-static bound
/// stay normal and the underflow errors of the evaluation below `2^-170` of it (§1.7).
pub(crate) const IS_FLOOR: f64 = f64::from_bits((1023 - 180) << 52);
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

/// A point of the 3D predicates.
type P3 = [f64; 3];

/// [`decide`] with the bound given as a bit pattern (orient3d): `Some(sign of det)` when
/// `bits(|det|) > bound` and `det` is finite. For non-negative doubles the order of bit
/// patterns (as integers) is the order of values, so this is `|det| > f64::from_bits(bound)`
/// for `bound < bits(∞)`, and false for every larger `bound`. The finiteness test is needed
/// because the semi-static bound does not dominate every intermediate of the determinant.
///
/// Done in the integer unit, which is otherwise idle in this loop, rather than with float
/// compares.
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

/// orient2d's stage A: the determinant and its error bound (proofs/predicates.md §1).
/// Shared by [`orient2d`] and the batch filter (`float_batch.rs`), so both decide with
/// the same floating-point evaluation.
#[inline(always)]
pub(super) fn orient2d_det_bound<L: Lane>(a: &[L; 2], b: &[L; 2], c: &[L; 2]) -> (L, L) {
    let acx = a[0] - c[0];
    let bcx = b[0] - c[0];
    let acy = a[1] - c[1];
    let bcy = b[1] - c[1];
    let l = acx * bcy;
    let r = acy * bcx;
    let det = l - r;
    let perm = l.abs() + r.abs();
    (det, L::splat(O2_A) * perm + L::splat(TAU2))
}

#[inline]
pub(crate) fn orient2d(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    let (det, bound) = orient2d_det_bound(a, b, c);
    match decide(det, bound) {
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
pub(super) fn o3_bound(x: f64, y: f64, z: f64) -> u64 {
    // x, y ≥ 0 (absolute values), so each bit pattern is below 2^63 and the sum cannot overflow.
    let xy = (x.to_bits() + y.to_bits()).max(O3_XY_FLOOR);
    xy.wrapping_add(z.to_bits().max(O3_Z_FLOOR))
        .wrapping_sub(O3_K)
}

/// orient3d's stage A: the determinant and the per-axis maxima `X, Y, Z` of the
/// absolute coordinate differences, from which [`o3_bound`] makes the error bound.
/// Shared by [`orient3d`] and the batch filter (`float_batch.rs`).
#[inline(always)]
pub(super) fn orient3d_det_maxima<L: Lane>(
    a: &[L; 3],
    b: &[L; 3],
    c: &[L; 3],
    d: &[L; 3],
) -> (L, L, L, L) {
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
    let x = cdx.abs().max(bdx.abs()).max(adx.abs());
    let y = ady.abs().max(bdy.abs()).max(cdy.abs());
    let z = adz.abs().max(cdz.abs()).max(bdz.abs());
    (det, x, y, z)
}

/// Always inlined: the hot path is some seventy instructions with the slow path out of
/// line, and as a call it would rematerialize the constants and pass the arguments through
/// memory; with plain `#[inline]` LLVM declines to inline it once it has more than one
/// call site.
#[inline(always)]
pub(crate) fn orient3d(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    let (det, x, y, z) = orient3d_det_maxima(a, b, c, d);
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

/// incircle's stage A: the determinant and its error bound (proofs/predicates.md §1).
/// Shared by [`incircle`] and the batch filter (`float_batch.rs`).
#[inline(always)]
pub(super) fn incircle_det_bound<L: Lane>(
    a: &[L; 2],
    b: &[L; 2],
    c: &[L; 2],
    d: &[L; 2],
) -> (L, L) {
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
    let tau = L::splat(TAU);
    let perm = (alift + tau) * (bdxcdy.abs() + cdxbdy.abs() + tau)
        + (blift + tau) * (cdxady.abs() + adxcdy.abs() + tau)
        + (clift + tau) * (adxbdy.abs() + bdxady.abs() + tau);
    (det, L::splat(IC_A) * perm + L::splat(TAU2))
}

#[inline]
pub(crate) fn incircle(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> Sign {
    let (det, bound) = incircle_det_bound(a, b, c, d);
    match decide(det, bound) {
        Some(s) => s,
        None => incircle_slow(*a, *b, *c, *d),
    }
}

/// insphere's determinant, evaluated in the order proofs/predicates.md §1.2 counts, with
/// the intermediates the two bounds read: the coordinate differences (rows `a, b, c, d`
/// minus `e`), the twelve products `x·y` of the 2×2 minors and the lifts.
struct InsphereEval<L> {
    det: L,
    x: [L; 4],
    y: [L; 4],
    z: [L; 4],
    /// `aex·bey, bex·aey, bex·cey, cex·bey, cex·dey, dex·cey, dex·aey, aex·dey, aex·cey,
    /// cex·aey, bex·dey, dex·bey`: the minors `ab, bc, cd, da, ac, bd` in pairs.
    xy: [L; 12],
    lift: [L; 4],
}

#[inline(always)]
fn insphere_eval<L: Lane>(
    a: &[L; 3],
    b: &[L; 3],
    c: &[L; 3],
    d: &[L; 3],
    e: &[L; 3],
) -> InsphereEval<L> {
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

    let xy = [
        aex * bey,
        bex * aey,
        bex * cey,
        cex * bey,
        cex * dey,
        dex * cey,
        dex * aey,
        aex * dey,
        aex * cey,
        cex * aey,
        bex * dey,
        dex * bey,
    ];
    let ab = xy[0] - xy[1];
    let bc = xy[2] - xy[3];
    let cd = xy[4] - xy[5];
    let da = xy[6] - xy[7];
    let ac = xy[8] - xy[9];
    let bd = xy[10] - xy[11];

    let abc = aez * bc - bez * ac + cez * ab;
    let bcd = bez * cd - cez * bd + dez * bc;
    let cda = cez * da + dez * ac + aez * cd;
    let dab = dez * ab + aez * bd + bez * da;

    let alift = aex * aex + aey * aey + aez * aez;
    let blift = bex * bex + bey * bey + bez * bez;
    let clift = cex * cex + cey * cey + cez * cez;
    let dlift = dex * dex + dey * dey + dez * dez;

    let det = (dlift * abc - clift * dab) + (blift * cda - alift * bcd);
    InsphereEval {
        det,
        x: [aex, bex, cex, dex],
        y: [aey, bey, cey, dey],
        z: [aez, bez, cez, dez],
        xy,
        lift: [alift, blift, clift, dlift],
    }
}

/// insphere's determinant and the largest of its four computed lifts (`v.max(acc)`
/// semantics: a NaN lift may be dropped, and then `det` is NaN): the batch's chunk pass
/// (proofs/predicates.md §8, "insphere's chunk bound from the lifts").
#[inline(always)]
pub(super) fn insphere_det_lift<L: Lane>(
    a: &[L; 3],
    b: &[L; 3],
    c: &[L; 3],
    d: &[L; 3],
    e: &[L; 3],
) -> (L, L) {
    let InsphereEval { det, lift, .. } = insphere_eval(a, b, c, d, e);
    (det, lift[0].max(lift[1]).max(lift[2].max(lift[3])))
}

/// insphere's stage A with the permanent bound (proofs/predicates.md §1.3–1.5): the
/// determinant and its error bound. The batch filter's (`float_batch.rs`).
#[inline(always)]
pub(super) fn insphere_det_bound<L: Lane>(
    a: &[L; 3],
    b: &[L; 3],
    c: &[L; 3],
    d: &[L; 3],
    e: &[L; 3],
) -> (L, L) {
    let InsphereEval {
        det, z, xy, lift, ..
    } = insphere_eval(a, b, c, d, e);
    let tau = L::splat(TAU);
    let abp = xy[0].abs() + xy[1].abs() + tau;
    let bcp = xy[2].abs() + xy[3].abs() + tau;
    let cdp = xy[4].abs() + xy[5].abs() + tau;
    let dap = xy[6].abs() + xy[7].abs() + tau;
    let acp = xy[8].abs() + xy[9].abs() + tau;
    let bdp = xy[10].abs() + xy[11].abs() + tau;
    let [aez, bez, cez, dez] = z.map(|v| v.abs());
    let [alift, blift, clift, dlift] = lift;
    let abcp = aez * bcp + bez * acp + cez * abp + tau;
    let bcdp = bez * cdp + cez * bdp + dez * bcp + tau;
    let cdap = cez * dap + dez * acp + aez * cdp + tau;
    let dabp = dez * abp + aez * bdp + bez * dap + tau;
    let perm =
        (dlift + tau) * abcp + (clift + tau) * dabp + (blift + tau) * cdap + (alift + tau) * bcdp;
    (det, L::splat(IS_A) * perm + L::splat(TAU2))
}

/// insphere's one-call stage A (proofs/predicates.md §1.7): the determinant and a
/// semi-static bound `2^-44·X·Y·Z·(X² + Y² + Z²)` from the per-axis maxima of the
/// absolute differences, each floored at `2^-180`; a third of the permanent's work.
#[inline(always)]
pub(super) fn insphere_det_maxima(a: &P3, b: &P3, c: &P3, d: &P3, e: &P3) -> (f64, f64) {
    let InsphereEval { det, x, y, z, .. } = insphere_eval(a, b, c, d, e);
    // `maxsd` semantics (the second operand when either is NaN) instead of `f64::max`'s
    // NaN handling: a NaN difference makes `det` NaN, which fails the filter whatever
    // the bound.
    let max = |p: f64, q: f64| if p > q { p } else { q };
    let max4 = |v: [f64; 4]| max(max(v[0].abs(), v[1].abs()), max(v[2].abs(), v[3].abs()));
    let mx = max(max4(x), IS_FLOOR);
    let my = max(max4(y), IS_FLOOR);
    let mz = max(max4(z), IS_FLOOR);
    let s = (mx * mx + my * my) + mz * mz;
    (det, ((mx * my) * mz) * s * IS_S)
}

/// Always inlined, as [`orient3d`] is: as an out-of-line call (which plain `#[inline]`
/// became wherever a caller had more than one call site) the hot path received its five
/// points through memory and paid about 2 ns of a 9 ns call.
#[inline(always)]
pub(crate) fn insphere(a: &P3, b: &P3, c: &P3, d: &P3, e: &P3) -> Sign {
    let (det, bound) = insphere_det_maxima(a, b, c, d, e);
    // `decide_bits` also rejects an infinite `det`: the bound does not dominate the
    // intermediates (proofs/predicates.md §1.1, §1.7).
    match decide_bits(det, bound.to_bits()) {
        Some(s) => s,
        None => insphere_slow(*a, *b, *c, *d, *e),
    }
}
