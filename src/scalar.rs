//! The scalar abstraction: which number types the library computes with, and which
//! predicate kernel each of them gets.

use core::fmt::Debug;
use core::ops::{Add, Div, Mul, Neg, Sub};
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::predicates::kernel::{ExactKernel, F32Kernel, F64Kernel, Kernel};

/// A number type the library computes with: `f32`, `f64`, [`BigRational`]
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

    /// The value of `q` in this type: exact for rationals; for floats `q` correctly
    /// rounded, to the nearest value with ties to even, in one rounding (an `f32` is not
    /// rounded through `f64`): `±∞` from the largest finite value plus half an ulp up,
    /// subnormals below the normal range and a zero of `q`'s sign below half the smallest
    /// subnormal.
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

    /// The binary floating-point format of this type, if it is one: `Some` for `f32` and
    /// `f64`, `None` (the default) for types that compute exactly.
    ///
    /// With [`as_f64`](Scalar::as_f64) and [`from_f64_rounded`](Scalar::from_f64_rounded)
    /// this is the *float capability* every test's fast path is reached through: a filter
    /// runs on the exact `f64` view of the inputs, and its result comes back through
    /// `from_f64_rounded` with the rounding error. A type without the capability (the
    /// defaults) gets the same exact answers from the exact paths.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{FloatFormat, Scalar};
    /// use num_rational::BigRational;
    /// assert_eq!(<f32 as Scalar>::FLOAT, Some(FloatFormat::F32));
    /// assert_eq!(<BigRational as Scalar>::FLOAT, None);
    /// assert_eq!(FloatFormat::F64.unit_roundoff(), f64::EPSILON / 2.0);
    /// ```
    const FLOAT: Option<FloatFormat> = None;

    /// The value as an `f64`, exactly: `Some` for `f32` and `f64` (every `f32` is an
    /// `f64`), `None` (the default) for types without a float fast path.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Scalar;
    /// use num_rational::BigRational;
    /// assert_eq!(0.1_f32.as_f64(), Some(f64::from(0.1_f32)));
    /// assert_eq!(BigRational::from_float(0.5).unwrap().as_f64(), None);
    /// ```
    #[inline(always)]
    fn as_f64(&self) -> Option<f64> {
        None
    }

    /// `x` in this type, with a bound on the absolute error of the conversion: `(x, 0)`
    /// for `f64`; for `f32` the nearest `f32` (ties to even; `±∞` past the largest finite
    /// value) and the exact `|x − y|`; for exact types the exact value and `0`. `None`
    /// only for a non-finite `x` in a type without infinities. The default converts
    /// through [`from_rational`](Scalar::from_rational) (exact for exact types).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Scalar;
    /// use num_rational::BigRational;
    /// assert_eq!(f64::from_f64_rounded(0.1), Some((0.1, 0.0)));
    /// let (y, err) = f32::from_f64_rounded(0.1).unwrap();
    /// assert_eq!(y, 0.1_f32);
    /// assert_eq!(err, (0.1 - f64::from(0.1_f32)).abs());
    /// assert_eq!(BigRational::from_f64_rounded(f64::NAN), None);
    /// ```
    fn from_f64_rounded(x: f64) -> Option<(Self, f64)> {
        BigRational::from_float(x).map(|q| (Self::from_rational(&q), 0.0))
    }

    /// The least value of the type above `self` for types that round (`f64::next_up`);
    /// `self` itself for types that compute exactly, which need no neighbour to bound a
    /// value (the default).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Scalar;
    /// use num_rational::BigRational;
    /// assert_eq!(Scalar::next_up(&1.0_f32), 1.0 + f32::EPSILON);
    /// let half = BigRational::from_float(0.5).unwrap();
    /// assert_eq!(Scalar::next_up(&half), half);
    /// ```
    #[inline(always)]
    fn next_up(&self) -> Self {
        self.clone()
    }

    /// The greatest value of the type below `self` for types that round
    /// (`f64::next_down`); `self` itself for types that compute exactly (the default).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Scalar;
    /// assert_eq!(Scalar::next_down(&1.0_f64), 1.0 - f64::EPSILON / 2.0);
    /// ```
    #[inline(always)]
    fn next_down(&self) -> Self {
        self.clone()
    }
}

/// An IEEE 754 binary format a [`Scalar`] can be: see [`Scalar::FLOAT`].
///
/// # Examples
///
/// ```
/// use isect::FloatFormat;
/// assert_eq!(FloatFormat::F32.unit_roundoff(), f64::from(f32::EPSILON) / 2.0);
/// assert_eq!(FloatFormat::F32.mantissa_bits(), 24);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatFormat {
    /// binary32 (`f32`): 24-bit significands.
    F32,
    /// binary64 (`f64`): 53-bit significands.
    F64,
}

impl FloatFormat {
    /// The unit roundoff `u = 2^-p` (half the machine epsilon): a rounding to nearest
    /// of a normal value changes it by at most `u` times its magnitude.
    #[inline(always)]
    pub const fn unit_roundoff(self) -> f64 {
        match self {
            FloatFormat::F32 => f32::EPSILON as f64 / 2.0,
            FloatFormat::F64 => f64::EPSILON / 2.0,
        }
    }

    /// The significand precision `p` in bits, the hidden bit included.
    #[inline(always)]
    pub const fn mantissa_bits(self) -> u32 {
        match self {
            FloatFormat::F32 => f32::MANTISSA_DIGITS,
            FloatFormat::F64 => f64::MANTISSA_DIGITS,
        }
    }

    /// `x` rounded to this format (to nearest, ties to even; beyond the format's largest
    /// finite value, an infinity), returned as the `f64` that holds it exactly. The
    /// identity for [`F64`](FloatFormat::F64); for [`F32`](FloatFormat::F32), `x as f32`
    /// widened back. `x` is representable in the format exactly when `round(x) == x`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::FloatFormat;
    /// assert_eq!(FloatFormat::F32.round(0.1), f64::from(0.1_f32));
    /// assert_eq!(FloatFormat::F64.round(0.1), 0.1);
    /// assert_eq!(FloatFormat::F32.round(0.5), 0.5); // exact in f32
    /// assert_eq!(FloatFormat::F32.round(1e300), f64::INFINITY);
    /// ```
    #[inline]
    pub fn round(self, x: f64) -> f64 {
        match self {
            FloatFormat::F32 => f64::from(x as f32),
            FloatFormat::F64 => x,
        }
    }
}

/// The binary floating-point scalars, `f32` and `f64`: the types the classic float
/// algorithms (slab tests, Woop–Benthin–Wald, the textbook ray/sphere formulas) run on.
/// Sealed.
///
/// The exact tests take any [`Scalar`] and reach their float filters through
/// [`Scalar::FLOAT`]; this trait is for the algorithms that only exist in floating point.
///
/// # Examples
///
/// ```
/// use isect::{FloatFormat, FloatScalar};
/// assert_eq!(<f32 as FloatScalar>::FORMAT, FloatFormat::F32);
/// assert_eq!(<f64 as FloatScalar>::UNIT_ROUNDOFF, 2f64.powi(-53));
/// assert_eq!(0.1_f32.widen(), f64::from(0.1_f32));
/// assert_eq!(<f32 as FloatScalar>::narrow(0.1), 0.1_f32);
/// ```
pub trait FloatScalar: Scalar + num_traits::Float + Copy + sealed::Sealed {
    /// The format.
    const FORMAT: FloatFormat;
    /// The unit roundoff `u`: half the distance from 1 to the next number.
    const UNIT_ROUNDOFF: Self;
    /// `self` as `f64`, exactly.
    fn widen(self) -> f64;
    /// `x` rounded to `Self`: to nearest, ties to even; overflow gives an infinity.
    fn narrow(x: f64) -> Self;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

impl FloatScalar for f64 {
    const FORMAT: FloatFormat = FloatFormat::F64;
    const UNIT_ROUNDOFF: f64 = f64::EPSILON / 2.0;
    #[inline(always)]
    fn widen(self) -> f64 {
        self
    }
    #[inline(always)]
    fn narrow(x: f64) -> f64 {
        x
    }
}

impl FloatScalar for f32 {
    const FORMAT: FloatFormat = FloatFormat::F32;
    const UNIT_ROUNDOFF: f32 = f32::EPSILON / 2.0;
    #[inline(always)]
    fn widen(self) -> f64 {
        f64::from(self)
    }
    #[inline(always)]
    fn narrow(x: f64) -> f32 {
        x as f32
    }
}

/// The exact `f64` view of every coordinate of `p` ([`Scalar::as_f64`]): `Some` exactly
/// when `T` has the float capability.
#[inline(always)]
pub(crate) fn as_f64_array<T: Scalar, const N: usize>(p: &[T; N]) -> Option<[f64; N]> {
    let mut out = [0.0; N];
    for (o, x) in out.iter_mut().zip(p) {
        *o = x.as_f64()?;
    }
    Some(out)
}

/// [`as_f64_array`] of each point, `Some` exactly when `T` has the float capability.
#[inline(always)]
pub(crate) fn as_f64_points<T: Scalar, const N: usize>(pts: [&[T; 3]; N]) -> Option<[[f64; 3]; N]> {
    let mut out = [[0.0; 3]; N];
    for (o, p) in out.iter_mut().zip(pts) {
        *o = as_f64_array(p)?;
    }
    Some(out)
}

/// `x` in the float type `T`, rounded ([`Scalar::from_f64_rounded`]), for results of a
/// float fast path: `Some` exactly when `T` has the float capability (an exact type never
/// receives a rounded value through here).
#[inline(always)]
pub(crate) fn float_from_f64<T: Scalar>(x: f64) -> Option<T> {
    T::FLOAT?;
    T::from_f64_rounded(x).map(|(v, _)| v)
}

/// [`float_from_f64`] for each coordinate of `x`.
#[inline(always)]
pub(crate) fn float_array_from_f64<T: Scalar, const N: usize>(x: [f64; N]) -> Option<[T; N]> {
    T::FLOAT?;
    let mut out: [T; N] = core::array::from_fn(|_| T::zero());
    for (o, v) in out.iter_mut().zip(x) {
        *o = float_from_f64::<T>(v)?;
    }
    Some(out)
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
    const FLOAT: Option<FloatFormat> = Some(FloatFormat::F64);
    #[inline(always)]
    fn as_f64(&self) -> Option<f64> {
        Some(*self)
    }
    #[inline(always)]
    fn from_f64_rounded(x: f64) -> Option<(f64, f64)> {
        Some((x, 0.0))
    }
    #[inline(always)]
    fn next_up(&self) -> f64 {
        f64::next_up(*self)
    }
    #[inline(always)]
    fn next_down(&self) -> f64 {
        f64::next_down(*self)
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
        rational_to_f32(q)
    }
    const FLOAT: Option<FloatFormat> = Some(FloatFormat::F32);
    #[inline(always)]
    fn as_f64(&self) -> Option<f64> {
        Some(f64::from(*self))
    }
    #[inline(always)]
    fn from_f64_rounded(x: f64) -> Option<(f32, f64)> {
        let y = x as f32;
        // The difference is exact in f64 (x's low bits), or ∞ when y overflowed.
        Some((y, (x - f64::from(y)).abs()))
    }
    #[inline(always)]
    fn next_up(&self) -> f32 {
        f32::next_up(*self)
    }
    #[inline(always)]
    fn next_down(&self) -> f32 {
        f32::next_down(*self)
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

/// `q` rounded to the nearest `f64`, ties to even (IEEE 754's default rounding, applied
/// once to the exact value): `±∞` when `|q|` reaches `f64::MAX` plus half an ulp, a
/// subnormal or signed zero below `f64::MIN_POSITIVE`.
///
/// `num_rational`'s own conversion divides the converted numerator by the converted
/// denominator, which overflows to `∞/∞ = NaN` when both are beyond `f64::MAX` even if
/// their ratio is ordinary (exact results of computations on tiny or huge inputs often
/// are). Here the rounding is done in integers: see [`round_rational`].
pub(crate) fn rational_to_f64(q: &BigRational) -> f64 {
    round_rational(q, 53, -1022, 1023)
}

/// `q` rounded to the nearest `f32`, ties to even (once: not through `f64`, which would
/// round twice).
pub(crate) fn rational_to_f32(q: &BigRational) -> f32 {
    // The value is an f32 (or ±∞), so the conversion is exact.
    round_rational(q, 24, -126, 127) as f32
}

/// `q` rounded to the nearest number with a `p`-bit significand and exponents in
/// `[emin, emax]` (subnormals below `2^emin`, `±∞` from `2^emax·(2 − 2^-p)` up), ties to
/// even, returned as the `f64` that holds it exactly (`p ≤ 53`, `emin ≥ −1022`,
/// `emax ≤ 1023`).
///
/// With `e = ⌊log2 |q|⌋` found exactly from the bit lengths of numerator and denominator,
/// the result's unit in the last place is `2^k`, `k = max(e, emin) − p + 1`; the integer
/// quotient `Q = ⌊|n| / (|d|·2^k)⌋ < 2^p` and its remainder decide the rounding (up when
/// twice the remainder exceeds the divisor, or equals it and `Q` is odd). `Q·2^k` is then
/// representable, so scaling it is exact.
pub(crate) fn round_rational(q: &BigRational, p: u32, emin: i32, emax: i32) -> f64 {
    use num_bigint::Sign as BigSign;
    let (n, d) = (q.numer(), q.denom());
    if n.sign() == BigSign::NoSign {
        return 0.0;
    }
    let negative = (n.sign() == BigSign::Minus) != (d.sign() == BigSign::Minus);
    let (n, d) = (n.magnitude(), d.magnitude());
    // 2^(e0 − 1) < |q| < 2^(e0 + 1); one comparison settles which side of 2^e0.
    let e0 = n.bits() as i64 - d.bits() as i64;
    let at_least_2e0 = if e0 >= 0 {
        *n >= d << (e0 as u64)
    } else {
        n << ((-e0) as u64) >= *d
    };
    let e = if at_least_2e0 { e0 } else { e0 - 1 };
    let signed = |x: f64| if negative { -x } else { x };
    if e > emax as i64 {
        return signed(f64::INFINITY);
    }
    let k = e.max(emin as i64) - (p as i64 - 1);
    let (num, den) = if k >= 0 {
        (n.clone(), d << (k as u64))
    } else {
        (n << ((-k) as u64), d.clone())
    };
    let (mut quot, rem) = num_integer::Integer::div_rem(&num, &den);
    let twice = rem << 1u32;
    if twice > den || (twice == den && quot.bit(0)) {
        quot += 1u32;
    }
    // quot ≤ 2^p ≤ 2^53: exact as an f64, and so is quot·2^k unless it overflows (then ∞,
    // the correct rounding).
    if k + quot.bits() as i64 - 1 > emax as i64 {
        return signed(f64::INFINITY);
    }
    let m = num_traits::ToPrimitive::to_u64(&quot).unwrap_or(u64::MAX) as f64;
    signed(ldexp(m, k as i32))
}

/// Whether `T` has the float capability ([`Scalar::FLOAT`]); decided at compile time.
#[inline(always)]
pub(crate) fn is_float<T: Scalar>() -> bool {
    T::FLOAT.is_some()
}

/// Whether `T` is binary32 ([`Scalar::FLOAT`]); decided at compile time.
#[inline(always)]
pub(crate) fn is_f32<T: Scalar>() -> bool {
    matches!(T::FLOAT, Some(FloatFormat::F32))
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

    /// Checks that `r` is `q` rounded to nearest, ties to even, on the grid of `up`/`down`
    /// (next value up/down in the target format), in rational arithmetic independent of
    /// the integer rounding under test.
    fn assert_nearest(q: &BigRational, r: f64, up: f64, down: f64, max: f64) {
        use num_traits::Signed;
        let qf = |x: f64| BigRational::from_float(x).unwrap();
        if r.is_infinite() {
            // |q| ≥ max + half an ulp of max (the ulp of max is max - next_down(max)).
            let limit = qf(max) + (qf(max) - qf(down_of(max))) / BigInt::from(2);
            assert!(
                if r > 0.0 {
                    *q >= limit
                } else {
                    -q.clone() >= limit
                },
                "{q} rounded to {r}"
            );
            return;
        }
        let d = (q - qf(r)).abs();
        for nb in [up, down] {
            if nb.is_infinite() {
                continue;
            }
            let dn = (q - qf(nb)).abs();
            assert!(d <= dn, "{q}: {r:e} is farther than {nb:e}");
            if d == dn {
                // A tie: r has the even significand.
                let bits = if max == f32::MAX as f64 {
                    (r as f32).to_bits() as u64
                } else {
                    r.to_bits()
                };
                assert_eq!(bits & 1, 0, "{q}: tie not to even ({r:e} vs {nb:e})");
            }
        }
        fn down_of(x: f64) -> f64 {
            if x == f32::MAX as f64 {
                (x as f32).next_down() as f64
            } else {
                x.next_down()
            }
        }
    }

    #[test]
    fn rational_rounding_is_to_nearest_even_in_f64_and_f32() {
        // Deterministic pseudo-random cases (splitmix64): ratios of random integers of
        // random sizes, and the midpoints between adjacent floats (exact ties), nudged by
        // ±2^-2000 relative, in both formats and over their whole ranges.
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let check64 = |q: &BigRational| {
            let r = rational_to_f64(q);
            assert_nearest(q, r, r.next_up(), r.next_down(), f64::MAX);
        };
        let check32 = |q: &BigRational| {
            let r = rational_to_f32(q);
            assert_nearest(
                q,
                r as f64,
                r.next_up() as f64,
                r.next_down() as f64,
                f32::MAX as f64,
            );
        };
        let tiny = BigRational::new(BigInt::from(1), BigInt::from(1) << 2000usize);
        for i in 0..1500 {
            let big = |r: u64, bits: u64| {
                let mut x = BigInt::from(r | 1);
                for _ in 0..bits / 64 {
                    x = (x << 64usize) + BigInt::from(r.rotate_left(17) ^ 0x55);
                }
                (x >> (64 - bits % 64).min(63) as usize) + 1
            };
            let (a, b, c) = (next(), next(), next());
            let n = big(a, c % 1200 + 1);
            let d = big(b, (c >> 20) % 1200 + 1);
            let mut q = BigRational::new(n, d);
            if c & (1 << 40) != 0 {
                q = -q;
            }
            check64(&q);
            check32(&q);
            // Midpoints of adjacent floats, over every exponent (subnormals included).
            let x64 = f64::from_bits(next() & 0x7FEF_FFFF_FFFF_FFFF);
            let x32 = f32::from_bits((next() as u32) & 0x7F7F_FFFF);
            let mids = [
                (BigRational::from_float(x64).unwrap()
                    + BigRational::from_float(x64.next_up()).unwrap())
                    / BigInt::from(2),
                (BigRational::from_float(x32 as f64).unwrap()
                    + BigRational::from_float(x32.next_up() as f64).unwrap())
                    / BigInt::from(2),
            ];
            for m in mids {
                let nudge = &m * &tiny;
                for q in [m.clone(), &m + &nudge, &m - &nudge, -m.clone()] {
                    check64(&q);
                    check32(&q);
                }
            }
            let _ = i;
        }
        // The overflow thresholds, exactly: MAX + half an ulp is a tie that goes to ∞.
        let q = |x: f64| BigRational::from_float(x).unwrap();
        let half_ulp = (q(f64::MAX) - q(f64::MAX.next_down())) / BigInt::from(2);
        assert_eq!(rational_to_f64(&(q(f64::MAX) + &half_ulp)), f64::INFINITY);
        assert_eq!(
            rational_to_f64(&(q(f64::MAX) + &half_ulp - &tiny)),
            f64::MAX
        );
        let m32 = f32::MAX as f64;
        let half32 = (q(m32) - q(f32::MAX.next_down() as f64)) / BigInt::from(2);
        assert_eq!(rational_to_f32(&(q(m32) + &half32)), f32::INFINITY);
        assert_eq!(rational_to_f32(&(q(m32) + &half32 - &tiny)), f32::MAX);
        // Half the smallest subnormal is a tie to zero; anything above rounds up to it.
        let min_sub = q(f64::from_bits(1));
        assert_eq!(rational_to_f64(&(&min_sub / BigInt::from(2))), 0.0);
        assert_eq!(
            rational_to_f64(&(&min_sub / BigInt::from(2) + &tiny)),
            f64::from_bits(1)
        );
        assert!(rational_to_f64(&(-&min_sub / BigInt::from(4))).is_sign_negative());
        // Double rounding through f64 would get this f32 case wrong: just above the
        // midpoint between 1 and 1 + 2^-23, by less than half an f64 ulp.
        let just_above = q(1.0) + q(2f64.powi(-24)) + q(2f64.powi(-80));
        assert_eq!(rational_to_f32(&just_above), 1.0f32.next_up());
        assert_eq!((rational_to_f64(&just_above) as f32), 1.0);
    }

    #[test]
    fn rational_to_f64_handles_huge_numerators_and_denominators() {
        let big = BigInt::from(1) << 3000usize;
        let q = BigRational::new(BigInt::from(5) * &big, BigInt::from(8) * &big);
        assert_eq!(rational_to_f64(&q), 0.625);
        let tiny = BigRational::new(BigInt::from(-3), BigInt::from(1) << 1075usize);
        // −1.5·2^-1074: a tie between 1 and 2 units, to the even 2.
        assert_eq!(rational_to_f64(&tiny), -f64::from_bits(2));
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
