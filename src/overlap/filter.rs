//! The pieces the static `f64` filters of the overlap tests share: the certification
//! rule, its underflow terms, and small predicates on the input shapes.
//!
//! Every filter reaches `f64` through the float capability of the scalar
//! ([`Scalar::as_f64`], `crate::scalar::as_f64_array`): exact for `f32` and `f64`,
//! absent for exact types, which take the exact paths.

use crate::geometry::{Aabb, Obb, Plane};
use crate::scalar::as_f64_array;
use crate::{Scalar, Sign};

/// `2^-1060`: the absolute underflow term of every static bound here
/// (proofs/overlap_volumes.md, section 1).
/// (A subnormal: its bit pattern is `2^(1074 − 1060)`.)
pub(super) const TAU2: f64 = f64::from_bits(1 << 14);
/// `2^-1020`: the underflow term added inside a bound where a product's absolute error
/// is later multiplied (proofs/overlap_volumes.md, section 1).
pub(super) const TAU: f64 = f64::from_bits(3 << 52);

/// `Some(sign v)` if `v` is finite and `|v| > bound`: the rule every static filter of
/// this directory uses to certify a rounded value's sign (proofs/overlap_volumes.md,
/// section 1). NaN and infinities never certify.
#[inline(always)]
pub(super) fn certified(v: f64, bound: f64) -> Option<Sign> {
    if v.is_finite() && v.abs() > bound {
        Some(if v > 0.0 {
            Sign::Positive
        } else {
            Sign::Negative
        })
    } else {
        None
    }
}

/// An oriented box in `f64`: `(center, axes, half extents)`.
pub(super) type ObbF64 = ([f64; 3], [[f64; 3]; 3], [f64; 3]);

/// The exact `f64` view of an oriented box: `Some` exactly when `T` has the float
/// capability.
#[inline(always)]
pub(super) fn obb_as_f64<T: Scalar>(b: &Obb<T>) -> Option<ObbF64> {
    let axes = [
        as_f64_array(&b.axes[0])?,
        as_f64_array(&b.axes[1])?,
        as_f64_array(&b.axes[2])?,
    ];
    Some((
        as_f64_array(&b.center)?,
        axes,
        as_f64_array(&b.half_extents)?,
    ))
}

/// The exact `f64` views of four 2D points: `Some` exactly when `T` has the float
/// capability.
#[inline(always)]
pub(super) fn points2_as_f64<T: Scalar>(p: [&[T; 2]; 4]) -> Option<[[f64; 2]; 4]> {
    Some([
        as_f64_array(p[0])?,
        as_f64_array(p[1])?,
        as_f64_array(p[2])?,
        as_f64_array(p[3])?,
    ])
}

/// The exact `f64` views of three planes' normals and offsets: `Some` exactly when `T`
/// has the float capability.
#[inline(always)]
pub(super) fn planes_as_f64<T: Scalar>(ps: [&Plane<T>; 3]) -> Option<([[f64; 3]; 3], [f64; 3])> {
    let n = [
        as_f64_array(&ps[0].normal)?,
        as_f64_array(&ps[1].normal)?,
        as_f64_array(&ps[2].normal)?,
    ];
    let d = [
        ps[0].offset.as_f64()?,
        ps[1].offset.as_f64()?,
        ps[2].offset.as_f64()?,
    ];
    Some((n, d))
}

/// `|x|` in `T`.
#[inline(always)]
pub(super) fn abs<T: Scalar>(x: T) -> T {
    if x < T::zero() { -x } else { x }
}

/// Every coordinate finite.
#[inline]
pub(super) fn finite3<T: Scalar>(p: &[T; 3]) -> bool {
    p.iter().all(Scalar::is_finite)
}

/// `min[k] ≤ max[k]` on every axis (false for NaN).
#[inline]
pub(super) fn nonempty<T: Scalar>(b: &Aabb<T>) -> bool {
    (0..3).all(|k| b.min[k] <= b.max[k])
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use num_rational::BigRational;

    /// The smallest double not below `x`.
    pub(crate) fn round_up(x: &BigRational) -> f64 {
        let f = num_traits::ToPrimitive::to_f64(x).unwrap();
        if BigRational::from_float(f).unwrap() < *x {
            f.next_up()
        } else {
            f
        }
    }

    /// `(1, γ, pow)`: `u = 2^-53`, `γ(k) = ku/(1 − ku)`, `pow(n) = (1 − u)^n` (negative
    /// `n`: the reciprocal), in exact arithmetic, for checking the filter constants.
    pub(crate) fn model() -> (
        BigRational,
        impl Fn(i64) -> BigRational,
        impl Fn(i32) -> BigRational,
    ) {
        let u = BigRational::new(1.into(), num_bigint::BigInt::from(1u64 << 53));
        let one = BigRational::from_integer(1.into());
        let (u1, u2, one1, one2) = (u.clone(), u.clone(), one.clone(), one.clone());
        let gamma = move |k: i64| {
            let ku = BigRational::from_integer(k.into()) * &u1;
            ku.clone() / (one1.clone() - ku)
        };
        let pow = move |n: i32| {
            let base = one2.clone() - &u2;
            let mut x = one2.clone();
            for _ in 0..n.unsigned_abs() {
                x *= &base;
            }
            if n < 0 { one2.clone() / x } else { x }
        };
        (one, gamma, pow)
    }

    #[test]
    fn underflow_terms_are_the_stated_powers_of_two() {
        assert_eq!(TAU2, 2f64.powi(-1060));
        assert_eq!(TAU, 2f64.powi(-1020));
    }

    #[test]
    fn certified_needs_a_finite_value_beyond_the_bound() {
        assert_eq!(certified(1.0, 0.5), Some(Sign::Positive));
        assert_eq!(certified(-1.0, 0.5), Some(Sign::Negative));
        assert_eq!(certified(0.5, 0.5), None);
        assert_eq!(certified(f64::INFINITY, 0.0), None);
        assert_eq!(certified(f64::NAN, 0.0), None);
    }
}
