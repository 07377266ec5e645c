//! The scalar abstraction: which number types the library computes with, and which
//! predicate kernel each of them gets.

use core::fmt::Debug;
use core::ops::{Add, Div, Mul, Neg, Sub};
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::predicates::kernel::{ExactKernel, F32Kernel, F64Kernel, Kernel};

/// A number type the library computes with: `f32`, `f64`, [`BigRational`](num_rational::BigRational)
/// and, with the `rug` feature, `rug::Rational`.
///
/// Built on num-traits' [`Zero`] and [`One`] and the field operations, by value and with a
/// reference on the right (`x - &y`), `Clone` rather than `Copy` so that big numbers fit.
/// (`num_traits::Num` is not required because `rug::Rational` has no remainder.) The associated [`Kernel`] is
/// the predicate implementation for the type, chosen at compile time: floats get the staged
/// adaptive kernel, rationals evaluate the determinants directly.
///
/// # Examples
///
/// ```
/// use isect::Scalar;
/// use num_rational::BigRational;
///
/// fn first_is_finite<T: Scalar>(xs: &[T]) -> bool { xs[0].is_finite() }
/// assert!(!first_is_finite(&[f64::NAN]));
/// assert!(first_is_finite(&[BigRational::from_float(0.1).unwrap()]));
/// ```
pub trait Scalar:
    Clone
    + PartialOrd
    + Debug
    + Zero
    + One
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
    + for<'a> Add<&'a Self, Output = Self>
    + for<'a> Sub<&'a Self, Output = Self>
    + for<'a> Mul<&'a Self, Output = Self>
    + for<'a> Div<&'a Self, Output = Self>
    + 'static
{
    /// The predicate kernel for this type.
    type Kernel: Kernel<Self>;

    /// `true` when every predicate answer for this type is exact with no further conditions
    /// (it is for all implementations in this crate; the trait leaves room for others).
    const EXACT: bool;

    /// `false` for NaN and the infinities; always `true` for rationals.
    fn is_finite(&self) -> bool;

    /// The nearest `f64` (rounded; for reports and error messages, never for decisions).
    fn to_f64(&self) -> f64;

    /// The exact value as a [`BigRational`]; `None` for NaN and the infinities.
    ///
    /// Used by the cold paths that need exact arithmetic on values of any scalar type
    /// (symbolic perturbation minors, oracles).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Scalar;
    /// use num_rational::BigRational;
    /// assert_eq!(0.5_f64.to_rational(), Some(BigRational::new(1.into(), 2.into())));
    /// assert_eq!(f32::NAN.to_rational(), None);
    /// ```
    fn to_rational(&self) -> Option<BigRational>;

    /// The value of `q` in this type: exact for rationals; for floats the nearest value
    /// or one adjacent to it (within one unit in the last place; `±∞` beyond the range).
    ///
    /// Used to hand back constructions (a ray parameter, an intersection point) that were
    /// computed exactly.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Scalar;
    /// use num_rational::BigRational;
    /// let third = BigRational::new(1.into(), 3.into());
    /// assert_eq!(f64::from_rational(&third), 1.0 / 3.0);
    /// assert_eq!(BigRational::from_rational(&third), third);
    /// ```
    fn from_rational(q: &BigRational) -> Self;
}

impl Scalar for f64 {
    type Kernel = F64Kernel;
    const EXACT: bool = true;
    #[inline]
    fn is_finite(&self) -> bool {
        f64::is_finite(*self)
    }
    #[inline]
    fn to_f64(&self) -> f64 {
        *self
    }
    fn to_rational(&self) -> Option<BigRational> {
        BigRational::from_float(*self)
    }
    fn from_rational(q: &BigRational) -> f64 {
        rational_to_f64(q)
    }
}

impl Scalar for f32 {
    type Kernel = F32Kernel;
    const EXACT: bool = true;
    #[inline]
    fn is_finite(&self) -> bool {
        f32::is_finite(*self)
    }
    #[inline]
    fn to_f64(&self) -> f64 {
        f64::from(*self)
    }
    fn to_rational(&self) -> Option<BigRational> {
        BigRational::from_float(*self)
    }
    fn from_rational(q: &BigRational) -> f32 {
        rational_to_f64(q) as f32
    }
}

impl Scalar for num_rational::BigRational {
    type Kernel = ExactKernel;
    const EXACT: bool = true;
    #[inline]
    fn is_finite(&self) -> bool {
        true
    }
    fn to_f64(&self) -> f64 {
        rational_to_f64(self)
    }
    fn to_rational(&self) -> Option<BigRational> {
        Some(self.clone())
    }
    fn from_rational(q: &BigRational) -> BigRational {
        q.clone()
    }
}

#[cfg(feature = "rug")]
impl Scalar for rug::Rational {
    type Kernel = ExactKernel;
    const EXACT: bool = true;
    #[inline]
    fn is_finite(&self) -> bool {
        true
    }
    fn to_f64(&self) -> f64 {
        rug::Rational::to_f64(self)
    }
    fn to_rational(&self) -> Option<BigRational> {
        let int = |i: &rug::Integer| {
            let sign = if *i < 0 {
                num_bigint::Sign::Minus
            } else {
                num_bigint::Sign::Plus
            };
            num_bigint::BigInt::from_slice(sign, &i.to_digits::<u32>(rug::integer::Order::Lsf))
        };
        Some(BigRational::new(int(self.numer()), int(self.denom())))
    }
    fn from_rational(q: &BigRational) -> rug::Rational {
        let int = |i: &num_bigint::BigInt| {
            let (sign, digits) = i.to_u32_digits();
            let m = rug::Integer::from_digits(&digits, rug::integer::Order::Lsf);
            if sign == num_bigint::Sign::Minus {
                -m
            } else {
                m
            }
        };
        rug::Rational::from((int(q.numer()), int(q.denom())))
    }
}

/// `q` as an `f64`, within one unit in the last place (`±∞` beyond the range, a signed
/// zero or subnormal below it).
///
/// `num_rational`'s own conversion divides the converted numerator by the converted
/// denominator, which overflows to `∞/∞ = NaN` when both are beyond `f64::MAX` even if
/// their ratio is ordinary (exact results of computations on tiny or huge inputs often
/// are). Here the quotient is taken in integers first: `⌊n·2^k / d⌋` with `k` chosen so
/// that it has 64 to 67 bits, converted once, then scaled by `2^-k` in steps that are
/// exact until the last.
pub(crate) fn rational_to_f64(q: &BigRational) -> f64 {
    use num_bigint::Sign as BigSign;
    use num_traits::ToPrimitive;
    let (n, d) = (q.numer(), q.denom());
    if n.sign() == BigSign::NoSign {
        return 0.0;
    }
    let negative = (n.sign() == BigSign::Minus) != (d.sign() == BigSign::Minus);
    let (n, d) = (n.magnitude(), d.magnitude());
    let shift = 66 - (n.bits() as i64 - d.bits() as i64);
    let quotient = if shift >= 0 {
        (n << (shift as u64)) / d
    } else {
        n / (d << ((-shift) as u64))
    };
    let m = quotient.to_u128().map_or(f64::NAN, |m| m as f64);
    let e = (-shift).clamp(-5000, 5000) as i32;
    let x = ldexp(m, e);
    if negative {
        -x
    } else {
        x
    }
}

/// Whether `T` is `f32` or `f64` (their values promote exactly to `f64`): the test every
/// float fast path dispatches on.
#[inline]
pub(crate) fn is_float<T: 'static>() -> bool {
    use core::any::TypeId;
    TypeId::of::<T>() == TypeId::of::<f64>() || TypeId::of::<T>() == TypeId::of::<f32>()
}

/// `x · 2^k` in steps that stay in range (rounds at most once, unless the result is
/// subnormal).
pub(crate) fn ldexp(mut x: f64, mut k: i32) -> f64 {
    let step = |e: i32| f64::from_bits(((e + 1023) as u64) << 52);
    while k > 1000 {
        x *= step(1000);
        k -= 1000;
    }
    while k < -1000 {
        x *= step(-1000);
        k += 1000;
    }
    x * step(k)
}

/// `⌊log2 |x|⌋` for finite non-zero `x` (subnormals included); `0` for zero and
/// non-finite `x`.
pub(crate) fn exponent(x: f64) -> i32 {
    if x == 0.0 || !x.is_finite() {
        return 0;
    }
    let e = ((x.to_bits() >> 52) & 0x7ff) as i32;
    if e == 0 {
        // Subnormal: normalise by 2^64 first.
        (((x * f64::from_bits((1023 + 64) << 52)).to_bits() >> 52) & 0x7ff) as i32 - 1023 - 64
    } else {
        e - 1023
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    #[test]
    fn exponent_is_floor_log2() {
        for (x, e) in [
            (1.0, 0),
            (1.5, 0),
            (0.75, -1),
            (-8.0, 3),
            (f64::MAX, 1023),
            (f64::MIN_POSITIVE, -1022),
            (f64::from_bits(1), -1074),
            (f64::from_bits(3), -1073),
        ] {
            assert_eq!(exponent(x), e, "{x:e}");
            assert!(ldexp(x.abs(), -e) >= 1.0 && ldexp(x.abs(), -e) < 2.0);
        }
    }

    #[test]
    fn rational_to_f64_handles_huge_numerators_and_denominators() {
        let big = BigInt::from(1) << 3000usize;
        let q = BigRational::new(BigInt::from(5) * &big, BigInt::from(8) * &big);
        assert_eq!(rational_to_f64(&q), 0.625);
        let tiny = BigRational::new(BigInt::from(-3), BigInt::from(1) << 1075usize);
        // −1.5·2^-1074: within one unit of the last place.
        let t = rational_to_f64(&tiny);
        assert!(t == -f64::from_bits(1) || t == -f64::from_bits(2), "{t:e}");
        let huge = BigRational::new(BigInt::from(1) << 1024usize, BigInt::from(1));
        assert_eq!(rational_to_f64(&huge), f64::INFINITY);
        for x in [
            0.1,
            -3.75e-300,
            1.2345e300,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
        ] {
            assert_eq!(rational_to_f64(&BigRational::from_float(x).unwrap()), x);
        }
        let third = BigRational::new(BigInt::from(1), BigInt::from(3));
        assert_eq!(rational_to_f64(&third), 1.0 / 3.0);
    }
}
