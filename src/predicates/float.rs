//! The staged `f64` kernel. (Stage A filters; later stages in `adaptive` and `bigint`.)

use super::bigint;
use crate::Sign;

#[inline]
fn finite<const D: usize>(pts: &[&[f64; D]]) -> bool {
    pts.iter().all(|p| p.iter().all(|x| x.is_finite()))
}

#[inline]
pub(crate) fn orient2d(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
    if !finite(&[a, b, c]) {
        return Sign::Zero;
    }
    bigint::orient2d(a, b, c)
}

#[inline]
pub(crate) fn orient3d(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
    if !finite(&[a, b, c, d]) {
        return Sign::Zero;
    }
    bigint::orient3d(a, b, c, d)
}

#[inline]
pub(crate) fn incircle(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> Sign {
    if !finite(&[a, b, c, d]) {
        return Sign::Zero;
    }
    bigint::incircle(a, b, c, d)
}

#[inline]
pub(crate) fn insphere(
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
    d: &[f64; 3],
    e: &[f64; 3],
) -> Sign {
    if !finite(&[a, b, c, d, e]) {
        return Sign::Zero;
    }
    bigint::insphere(a, b, c, d, e)
}
