//! Correctly rounded quotients of small polynomials of `f64` inputs, without big numbers:
//! numerators and denominators in double-double with proven error bounds, the quotient in
//! double-double, and a certificate that the rounded result is the float nearest to the
//! exact quotient. When the certificate fails (the quotient lies too close to a rounding
//! boundary, or cancellation makes the bounds too wide) the caller falls back to exact
//! arithmetic, so answers never depend on it: it only makes them faster.
//!
//! Every bound here assumes that no operation overflows or underflows, which the callers
//! guarantee by [`in_window`]: with every input zero or of magnitude in `[2^-240, 2^240]`,
//! products of up to three inputs and of an input with a quotient below `2^300` stay far
//! inside the normal range, and each is a multiple of `2^-940`, so the error terms of
//! TwoProduct are representable. The argument is in `proofs/overlap_boxes.md`, §6a.

use crate::predicates::{expansion_in_place, two_diff, two_product, two_sum};

/// `2^-96`: the certificate's relative error unit (the proven bounds are `2^-100` units;
/// the factor 16 covers the rounding of the bound's own evaluation).
pub(super) const UNIT: f64 = 1.262_177_448_353_619e-29;

/// Whether `x` is zero or of magnitude in `[2^-240, 2^240]`.
#[inline(always)]
pub(crate) fn in_window(x: f64) -> bool {
    let a = x.abs();
    a == 0.0 || (5.659_799_424_266_695e-73..=1.766_847_064_778_384_3e72).contains(&a)
}

/// A double-double value `hi + lo` (exactly that sum) and `mag`, a bound such that the
/// exact value it stands for differs from `hi + lo` by at most `2^-100·mag`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dd {
    pub(crate) hi: f64,
    pub(crate) lo: f64,
    pub(crate) mag: f64,
}

/// `a·d − b·c` (a 2×2 determinant) where `a = ah + al` and `b = bh + bl` are exact
/// two-term values (differences of inputs from [`two_diff`]) and `c`, `d` inputs.
///
/// Error (`proofs/overlap_boxes.md` §6a): at most `14u²·(|fl(ah·d)| + |fl(bh·c)|)`, `u = 2^-53`,
/// well inside `2^-100·mag`.
#[inline(always)]
pub(crate) fn det2(ah: f64, al: f64, bh: f64, bl: f64, c: f64, d: f64) -> Dd {
    let (q1, f1) = two_product(ah, d);
    let (q2, f2) = two_product(bh, c);
    let (a, b) = two_diff(q1, q2);
    let g = ((f1 - f2) + al * d) - bl * c;
    let (hi, lo) = two_sum(a, b + g);
    Dd {
        hi,
        lo,
        mag: q1.abs() + q2.abs(),
    }
}

/// `a·d − b·c` where all four are exact two-term values `xh + xl` with `|xl| ≤ u|xh|`
/// (differences of inputs from [`two_diff`]): the cross product of two differences.
///
/// Error (`proofs/overlap_boxes.md` §6c): at most `24u²·(|fl(ah·dh)| + |fl(bh·ch)|)`
/// (the products `al·dl` and `bl·cl`, below `u²` of the leading ones, are left out), inside
/// `2^-100·mag` with `mag` that sum.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn det2x(ah: f64, al: f64, bh: f64, bl: f64, ch: f64, cl: f64, dh: f64, dl: f64) -> Dd {
    let (q1, f1) = two_product(ah, dh);
    let (q2, f2) = two_product(bh, ch);
    let (a, b) = two_diff(q1, q2);
    let g = ((((f1 - f2) + ah * dl) + al * dh) - bh * cl) - bl * ch;
    let (hi, lo) = two_sum(a, b + g);
    Dd {
        hi,
        lo,
        mag: q1.abs() + q2.abs(),
    }
}

/// `o·den + num·(vh + vl)` for an input `o`, an exact two-term `vh + vl` (`|vl| ≤ u|vh|`)
/// and double-doubles `den`, `num` with `|lo| ≤ u|hi|`: [`affine`] with a direction that
/// is a difference of inputs.
///
/// Error (`proofs/overlap_boxes.md` §6c): the inputs' own (`|o|·2^-100·den.mag +
/// (1 + u)|vh|·2^-100·num.mag`) plus at most `35u²·(|fl(o·den.hi)| + |fl(num.hi·vh)|)` of
/// rounding (the product `num.lo·vl` left out), all inside `2^-100·mag`.
#[inline(always)]
pub(crate) fn affine2(o: f64, den: &Dd, num: &Dd, vh: f64, vl: f64) -> Dd {
    let (a1, e1) = two_product(o, den.hi);
    let (a2, e2) = two_product(num.hi, vh);
    let (h, l) = two_sum(a1, a2);
    let g = ((((e1 + e2) + o * den.lo) + num.lo * vh) + num.hi * vl) + l;
    let (hi, lo) = two_sum(h, g);
    Dd {
        hi,
        lo,
        mag: o.abs() * den.mag + 2.0 * vh.abs() * num.mag + 2.0 * (a1.abs() + a2.abs()),
    }
}

/// `x₀·c₀ + x₁·c₁ + x₂·c₂` for inputs `xₖ` and double-doubles `cₖ` with `|lo| ≤ u|hi|`
/// (the components of a cross product from [`det2`]): a determinant of order 3, or a
/// three-plane numerator.
///
/// Error (`proofs/overlap_boxes.md` §6d): the inputs' own (`Σ|xₖ|·2^-100·cₖ.mag`) plus at
/// most `40u²·Σ|fl(xₖ·cₖ.hi)|` of rounding, all inside `2^-100·mag`.
#[inline(always)]
pub(crate) fn dot3(x: [f64; 3], c: [&Dd; 3]) -> Dd {
    let (a0, e0) = two_product(x[0], c[0].hi);
    let (a1, e1) = two_product(x[1], c[1].hi);
    let (a2, e2) = two_product(x[2], c[2].hi);
    let (h, l) = two_sum(a0, a1);
    let (h2, l2) = two_sum(h, a2);
    let g = ((((((e0 + e1) + e2) + x[0] * c[0].lo) + x[1] * c[1].lo) + x[2] * c[2].lo) + l) + l2;
    let (hi, lo) = two_sum(h2, g);
    Dd {
        hi,
        lo,
        mag: x[0].abs() * c[0].mag
            + x[1].abs() * c[1].mag
            + x[2].abs() * c[2].mag
            + 2.0 * (a0.abs() + a1.abs() + a2.abs()),
    }
}

/// `o·den + num·v` for inputs `o`, `v` and double-doubles `den`, `num` (the numerator of
/// a point `o + (num/den)·v` over `den`).
///
/// Error: the inputs' own (`|o|·2^-100·den.mag + |v|·2^-100·num.mag`) plus at most
/// `30u²·(|fl(o·den.hi)| + |fl(num.hi·v)|)` of rounding, all inside `2^-100·mag`.
#[inline(always)]
pub(crate) fn affine(o: f64, den: &Dd, num: &Dd, v: f64) -> Dd {
    let (a1, e1) = two_product(o, den.hi);
    let (a2, e2) = two_product(num.hi, v);
    let (h, l) = two_sum(a1, a2);
    let g = (((e1 + e2) + o * den.lo) + num.lo * v) + l;
    let (hi, lo) = two_sum(h, g);
    Dd {
        hi,
        lo,
        mag: o.abs() * den.mag + v.abs() * num.mag + 2.0 * (a1.abs() + a2.abs()),
    }
}

/// `2^100·(1 + 2^-40)`: turns an exact remainder, summed in floats, into a `mag` bound.
pub(super) const REST_SCALE: f64 = 1.267_650_600_228_229_4e30 * (1.0 + 9.094_947_017_729_282e-13);

/// Shewchuk's COMPRESS (1997, §2.8), in place on a nonoverlapping expansion in increasing
/// order of magnitude: the same exact sum, now with the largest component within an ulp
/// of the sum and the next one carrying the rest to about the same relative precision,
/// so that the two largest components are a double-double of the sum. Returns the new
/// length. Every step is a TwoSum (exact whatever the order of its operands), so the sum
/// is preserved even if the ordering assumptions failed; only the quality would suffer.
#[inline(always)]
pub(super) fn compress(c: &mut [f64]) -> usize {
    let m = c.len();
    if m < 2 {
        return m;
    }
    // Top down: running sums from the largest component; a non-zero error is a split.
    let mut bottom = m - 1;
    let mut q = c[m - 1];
    for i in (0..m - 1).rev() {
        let (s, e) = two_sum(q, c[i]);
        if e != 0.0 {
            c[bottom] = s;
            bottom -= 1;
            q = e;
        } else {
            q = s;
        }
    }
    c[bottom] = q;
    // Bottom up: accumulate, keeping each non-zero rounding error as a component.
    let mut top = 0;
    for i in bottom + 1..m {
        let (s, e) = two_sum(c[i], q);
        if e != 0.0 {
            c[top] = e;
            top += 1;
        }
        q = s;
    }
    c[top] = q;
    top + 1
}

/// The exact sum of `terms` as a nonoverlapping expansion in increasing order of
/// magnitude, compressed ([`compress`]), in `terms[..n]`; returns `n` (0 for an exact zero).
#[inline(always)]
pub(crate) fn exact_expansion(terms: &mut [f64]) -> usize {
    let n = expansion_in_place(terms);
    compress(&mut terms[..n])
}

/// A compressed expansion as a [`Dd`]: its two largest components as `hi + lo`, and `mag`
/// bounding the rest (the float sum of their magnitudes, which errs by at most a relative
/// `n·u`, times `2^100·(1 + 2^-40)`); `None` for the empty (zero) expansion.
#[inline(always)]
fn dd_of(c: &[f64]) -> Option<Dd> {
    let n = c.len();
    match n {
        0 => None,
        1 => Some(Dd {
            hi: c[0],
            lo: 0.0,
            mag: 0.0,
        }),
        _ => {
            let (hi, lo) = two_sum(c[n - 1], c[n - 2]);
            let rest: f64 = c[..n - 2].iter().map(|x| x.abs()).sum();
            Some(Dd {
                hi,
                lo,
                mag: rest * REST_SCALE,
            })
        }
    }
}

/// The exact sum of `terms` as a [`Dd`] ([`exact_expansion`], then its two largest
/// components and a bound on the rest); `None` when the sum is exactly zero. For
/// determinants that cancel, where [`det2`]'s bound, relative to the terms, says nothing.
pub(crate) fn exact_dd(terms: &mut [f64]) -> Option<Dd> {
    let n = exact_expansion(terms);
    dd_of(&terms[..n])
}

/// The magnitudes a certified quotient may have: `[2^-300, 2^300]`, or `[2^-120, 2^120]`
/// for `f32` (then it and its neighbours are normal in the format, and its products with
/// the window's double-doubles stay in range).
#[inline(always)]
fn quotient_range(f32: bool) -> core::ops::RangeInclusive<f64> {
    if f32 {
        7.523_163_845_262_64e-37..=1.329_227_995_784_916e36
    } else {
        4.909_093_465_297_727e-91..=2.037_035_976_334_486e90
    }
}

/// `v` rounded to the target format: itself for `f64`, the nearest `f32` held in an `f64`.
#[inline(always)]
fn to_format(v: f64, f32: bool) -> f64 {
    if f32 { f64::from(v as f32) } else { v }
}

/// The neighbours `(below, above)` of a float `v` of the target format, in that format.
#[inline(always)]
fn neighbours(v: f64, f32: bool) -> (f64, f64) {
    if f32 {
        let c = v as f32;
        (f64::from(c.next_down()), f64::from(c.next_up()))
    } else {
        (v.next_down(), v.next_up())
    }
}

/// `2^-968`: below it a product's TwoProduct error term could underflow (`round_exactly`).
pub(super) const TWO_M968: f64 = f64::from_bits(55 << 52);
/// `2^1000`: above it a product of a quotient and a component could overflow.
pub(super) const TWO_1000: f64 = f64::from_bits(2023 << 52);

/// The float nearest to `x = num/den` (ties to even) in `f64` or, with `f32`, in `f32`,
/// for exact nonempty compressed expansions `num`, `den`: decided by exact signs, for the
/// quotients [`nearest_quotient`] cannot certify (a tie between two floats, or a value
/// within its error bound of one). Starting from `R`, the rounding of `hi(num)/hi(den)`
/// (within a few ulps of `x`), it compares `x` with the midpoints `R ± gap/2` by the sign
/// of `num − (R ± gap/2)·den`, an exact sum (`sum_sign_in_place`) of `num`'s components
/// and the TwoProduct terms of `den`'s with `R` and `gap/2`, and steps to a neighbour
/// until `x` lies between the two midpoints (at most three steps). `None` (the caller
/// computes in rationals) when `R` leaves `[2^-300, 2^300]` (`[2^-120, 2^120]` for `f32`)
/// or a TwoProduct could lose its error term (`|gap/2|·min|denᵢ| < 2^-968`).
/// `proofs/overlap_boxes.md` §6e.
#[cold]
pub(super) fn round_exactly(num: &[f64], den: &[f64], f32: bool) -> Option<f64> {
    use crate::Sign;
    use crate::predicates::sum_sign_in_place;
    let top = |c: &[f64]| c[c.len() - 1];
    let den_positive = top(den) > 0.0;
    let even = |v: f64| {
        if f32 {
            (v as f32).to_bits() & 1 == 0
        } else {
            v.to_bits() & 1 == 0
        }
    };
    let den_min = den.iter().fold(f64::INFINITY, |m, x| m.min(x.abs()));
    let den_max = den.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    // The sign of x − (r + h), for floats r and h (h exactly half a gap).
    let side = |r: f64, h: f64| -> Option<Sign> {
        let exact = h.abs() * den_min >= TWO_M968 && r.abs() * den_max <= TWO_1000;
        if !exact || num.len() + 4 * den.len() > 256 {
            return None;
        }
        let mut terms = [0.0; 256];
        terms[..num.len()].copy_from_slice(num);
        let mut i = num.len();
        for &d in den {
            let (a, b) = two_product(r, d);
            let (c, e) = two_product(h, d);
            terms[i..i + 4].copy_from_slice(&[-a, -b, -c, -e]);
            i += 4;
        }
        let s = sum_sign_in_place(&mut terms[..i]);
        Some(if den_positive { s } else { -s })
    };
    let mut r = to_format(top(num) / top(den), f32);
    for _ in 0..4 {
        if !quotient_range(f32).contains(&r.abs()) {
            return None;
        }
        let (d, u) = neighbours(r, f32);
        match side(r, 0.5 * (u - r))? {
            Sign::Positive => r = u,
            Sign::Zero => return Some(if even(r) { r } else { u }),
            Sign::Negative => match side(r, -0.5 * (r - d))? {
                Sign::Negative => r = d,
                Sign::Zero => return Some(if even(r) { r } else { d }),
                Sign::Positive => return Some(r),
            },
        }
    }
    None
}

/// The exact terms of `a·b·c` for inputs in the window: `a·b = h + l` (TwoProduct), then
/// `h·c` and `l·c` by TwoProduct, four floats whose sum is the exact product.
///
/// Exact by the window (`proofs/overlap_boxes.md` §6b): every input is zero or of
/// magnitude in `[2^-240, 2^240]`, hence a multiple of `2^-292`; `h` and `l` are nonzero
/// multiples of `2^-584` (or zero) below `2^481`, so both products have exponent sums of at
/// least `-824`, far above the `-970` below which a TwoProduct error term could underflow,
/// and magnitudes below `2^722`.
#[inline(always)]
pub(crate) fn product3(a: f64, b: f64, c: f64) -> [f64; 4] {
    let (h, l) = two_product(a, b);
    let (h1, l1) = two_product(h, c);
    let (h2, l2) = two_product(l, c);
    [h1, l1, h2, l2]
}

/// The nearest floats to `num_k / den` (ties to even) for exact sums `num_k` given as
/// terms (each `num(k, buf)` fills `buf` with the terms of numerator `k`) and `den`, a
/// nonempty compressed expansion ([`exact_expansion`]): each numerator's expansion, then
/// [`nearest_quotient`], and where it cannot certify, [`round_exactly`]. An exactly zero
/// numerator gives `0.0`; `None` only where [`round_exactly`] declines (the caller
/// computes exactly).
#[inline(always)]
pub(crate) fn nearest_quotients<const N: usize, const M: usize>(
    den: &[f64],
    num: impl Fn(usize, &mut [f64; M]),
    f32: bool,
) -> Option<[f64; N]> {
    let div = Divisor::new(dd_of(den)?);
    let mut out = [0.0; N];
    for (k, o) in out.iter_mut().enumerate() {
        let mut buf = [0.0; M];
        num(k, &mut buf);
        let n = exact_expansion(&mut buf);
        let Some(nd) = dd_of(&buf[..n]) else {
            continue;
        };
        *o = match div.and_then(|div| nearest_quotient(&nd, &div, f32)) {
            Some(x) => x,
            None => round_exactly(&buf[..n], den, f32)?,
        };
    }
    Some(out)
}

/// A divisor for [`nearest_quotient`]: a double-double `den` with its rounded reciprocal
/// `inv ≈ 1/den.hi`, computed once for several quotients (one division in all).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Divisor {
    pub(crate) den: Dd,
    pub(crate) inv: f64,
}

impl Divisor {
    /// `None` unless `den` is certainly non-zero (`|den.hi|/2` exceeds its error bound)
    /// and its reciprocal is finite.
    #[inline(always)]
    pub(crate) fn new(den: Dd) -> Option<Divisor> {
        let inv = 1.0 / den.hi;
        (0.5 * den.hi.abs() > 1.6e-30 * den.mag && inv.is_finite()).then_some(Divisor { den, inv })
    }
}

/// The float nearest to `num/den` (exact values, within the [`Dd`] bounds of the
/// approximations given), in `f64` or, with `f32`, in `f32` (returned as the `f64` that
/// holds it); `None` when that cannot be certified: a quotient outside `[2^-300, 2^300]`
/// (`[2^-120, 2^120]` for `f32`; an exact zero among them), or one whose error interval
/// reaches a rounding boundary.
///
/// The quotient is taken in double-double: `qh = fl(num.hi·inv)`, the remainder
/// `num − qh·den` (its leading part exact by TwoProduct and Sterbenz), `ql` = remainder
/// times `inv`. Its error, with the inputs' own (`proofs/overlap_boxes.md` §6a), is at most
/// `2^-100·(|q|·(1 + den.mag/|den|) + num.mag/|den|)`; `E` below is that bound times 16.
/// The certificate: the candidate `R` is the nearest float when `|q − R| + E` is below
/// half the smaller of the gaps from `R` to its neighbours (then the exact quotient is
/// strictly closer to `R` than to either neighbour, whatever the tie rule).
#[inline(always)]
pub(crate) fn nearest_quotient(num: &Dd, div: &Divisor, f32: bool) -> Option<f64> {
    let (den, inv) = (&div.den, div.inv);
    let qh = num.hi * inv;
    let (p, pe) = two_product(qh, den.hi);
    // num.hi − p is exact (p is within a few ulps of num.hi: Sterbenz).
    let r = (((num.hi - p) - pe) + num.lo) - qh * den.lo;
    let ql = r * inv;
    let (q, e) = two_sum(qh, ql);
    let a = q.abs();
    if !quotient_range(f32).contains(&a) {
        return None;
    }
    let ainv = inv.abs();
    let bound = UNIT * (a * (1.0 + den.mag * ainv) + num.mag * ainv);
    let cand = to_format(q, f32);
    let (below, above) = neighbours(cand, f32);
    let (up, down) = (above - cand, cand - below);
    // q − cand is exact (the two are within a factor of two and cand's last bit is no
    // finer than q's); the sum with e is kept exact too.
    let (dh, dl) = two_sum(q - cand, e);
    if dh.abs() + dl.abs() + 2.0 * bound < 0.5 * up.min(down) {
        Some(cand)
    } else {
        None
    }
}
