//! The last stage of the float kernel: exact over the whole finite range.
//!
//! Every finite `f64` is `m · 2^e` with an integer `|m| < 2^53` and `-1074 ≤ e ≤ 971`.
//! Writing every coordinate of an input over the smallest exponent `e_min` that occurs
//! turns the input into integers (`m · 2^(e − e_min)`, at most 2,098 bits) scaled by the
//! common factor `2^e_min`. Each determinant is a homogeneous polynomial of degree `k`
//! in the coordinates (translation-invariant differences, then products), so its value
//! is `2^(k·e_min)` times the same polynomial of the integers, which has the same sign and
//! is evaluated exactly in big-integer arithmetic. No rounding, overflow or underflow can
//! occur. See `proofs/predicates.md`, section "The fallback".

use num_bigint::BigInt;

use super::exact;
use crate::Sign;

/// `(m, e)` with `x = m · 2^e` exactly; `x` must be finite.
#[inline]
pub(crate) fn decompose(x: f64) -> (i64, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = (bits & ((1u64 << 52) - 1)) as i64;
    let (m, e) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1i64 << 52), biased - 1075)
    };
    if bits >> 63 == 1 { (-m, e) } else { (m, e) }
}

/// Converts finite coordinates to integers over the smallest exponent present.
fn to_integers<const D: usize, const N: usize>(pts: [&[f64; D]; N]) -> [[BigInt; D]; N] {
    let mut e_min = i32::MAX;
    for p in pts {
        for &x in p {
            if x != 0.0 {
                e_min = e_min.min(decompose(x).1);
            }
        }
    }
    pts.map(|p| {
        p.map(|x| {
            if x == 0.0 {
                BigInt::from(0)
            } else {
                let (m, e) = decompose(x);
                BigInt::from(m) << ((e - e_min) as usize)
            }
        })
    })
}

#[cold]
#[inline(never)]
pub(crate) fn orient2d(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    let [a, b, c] = to_integers([a, b, c]);
    Sign::of(exact::orient2d(&a, &b, &c))
}

#[cold]
#[inline(never)]
pub(crate) fn orient3d(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    let [a, b, c, d] = to_integers([a, b, c, d]);
    Sign::of(exact::orient3d(&a, &b, &c, &d))
}

#[cold]
#[inline(never)]
pub(crate) fn incircle(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> Sign {
    let [a, b, c, d] = to_integers([a, b, c, d]);
    Sign::of(exact::incircle(&a, &b, &c, &d))
}

#[cold]
#[inline(never)]
pub(crate) fn insphere(
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
    d: &[f64; 3],
    e: &[f64; 3],
) -> Sign {
    let [a, b, c, d, e] = to_integers([a, b, c, d, e]);
    Sign::of(exact::insphere(&a, &b, &c, &d, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decompose_is_exact_at_the_edges_of_the_range() {
        for x in [
            0.5,
            -3.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE / 4.0,
            5e-324,
            1.0 / 3.0,
        ] {
            let (m, e) = decompose(x);
            assert!(m.unsigned_abs() < 1 << 53);
            // m·2^e rebuilt in two exact steps (each power of two is representable).
            let half = e / 2;
            let y = (m as f64) * 2f64.powi(half) * 2f64.powi(e - half);
            assert_eq!(y, x, "{x:e}");
        }
    }
}
