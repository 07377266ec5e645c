//! Exact signs of arbitrary polynomials in the input coordinates.
//!
//! The four classic determinants have hand-tuned kernels. Every other decision an
//! intersection test makes (which side of a ray's line an edge passes, whether a box
//! reaches a plane, which of two hits comes first) is also the sign of a polynomial with
//! integer coefficients in the input numbers. [`Polynomial`] lets such a polynomial be
//! written **once**, over any [`Ring`], and [`polynomial_sign`] evaluates its exact sign:
//!
//! * for `f64` (and `f32`, promoted exactly), first over a running-error-bound type
//!   (`Approx`: the rounded value and a rigorous bound on its distance from the exact
//!   value, valid under underflow and detecting overflow), and only when that bound does
//!   not settle the sign, over exact dyadic numbers (`Dyadic`: a big integer times a power
//!   of two, so every finite float is representable and `+ − ×` never round);
//! * for rationals, directly.
//!
//! The argument that the filter is sound is in `proofs/ray_triangle.md`, section 4.

use core::cell::Cell;
use core::ops::{Add, Mul, Neg, Sub};

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::bigint::decompose;
use super::expansion::{two_diff, two_product, two_sum};
use crate::{Scalar, Sign};

/// The operations a [`Polynomial`] may use: `+`, `−`, `×` and negation, by value.
///
/// Every type with those operations is a `Ring`. Division is deliberately absent: a
/// polynomial with integer coefficients never needs it, and it could not be exact.
///
/// # Examples
///
/// ```
/// use isect::predicates::Ring;
/// fn square<R: Ring>(x: R) -> R { x.clone() * x }
/// assert_eq!(square(3_i64), 9);
/// ```
pub trait Ring:
    Clone + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Neg<Output = Self>
{
}
impl<R> Ring for R where
    R: Clone + Add<Output = R> + Sub<Output = R> + Mul<Output = R> + Neg<Output = R>
{
}

/// A polynomial with integer coefficients in some input numbers of type `T`, written once
/// over any [`Ring`].
///
/// `eval` receives `lift`, which turns each input number into the ring; it must call
/// `lift` on every input it uses (and use only `+ − ×` and negation on the results). The
/// caller decides the ring: rounded floats with an error bound, exact dyadic numbers,
/// rationals. Integer constants are built from sums (`x.clone() + x` for `2x`).
///
/// # Examples
///
/// The sign of the dot product of two vectors, exact for every finite input:
///
/// ```
/// use isect::predicates::{polynomial_sign, Polynomial, Ring};
/// use isect::Sign;
///
/// struct Dot<'a, T>(&'a [T; 3], &'a [T; 3]);
/// impl<T> Polynomial<T> for Dot<'_, T> {
///     fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
///         let [a, b] = [self.0, self.1];
///         lift(&a[0]) * lift(&b[0]) + lift(&a[1]) * lift(&b[1]) + lift(&a[2]) * lift(&b[2])
///     }
/// }
///
/// // 1e300·1e300 overflows and 1e-300·1e-300 underflows in f64; the sign is still exact.
/// let (a, b) = ([1e300, 1e-300, 1e300], [1e300, -1e-300, -1e300]);
/// assert_eq!(polynomial_sign(&Dot(&a, &b)), Sign::Negative);
/// let (a, b) = ([1e300, 1e-300, 0.0], [1e-300, -1e300, 5.0]);
/// assert_eq!(polynomial_sign(&Dot(&a, &b)), Sign::Zero);
/// ```
pub trait Polynomial<T> {
    /// The value of the polynomial in the ring of `lift`'s results.
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R;
}

/// The exact sign of a [`Polynomial`] of scalar inputs.
///
/// For `f64` and `f32` the answer is exact for every finite input (no overflow,
/// underflow or rounding can change it); if an input the polynomial reads is NaN or
/// infinite the answer is [`Sign::Zero`], never a panic. For rationals the polynomial is
/// evaluated directly.
///
/// Cost for floats: one evaluation with a running error bound (a few times the plain
/// formula); only when that does not settle the sign, an exact evaluation in big-integer
/// arithmetic (microseconds).
///
/// # Examples
///
/// ```
/// use isect::predicates::{polynomial_sign, Polynomial, Ring};
/// use isect::Sign;
///
/// /// x² − 2y²: exactly zero only at the origin for rational x, y.
/// struct Pell<T>(T, T);
/// impl<T> Polynomial<T> for Pell<T> {
///     fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
///         let (x, y) = (lift(&self.0), lift(&self.1));
///         x.clone() * x - (y.clone() * y.clone() + y.clone() * y)
///     }
/// }
/// // √2 rounded to f64 is slightly above √2.
/// assert_eq!(polynomial_sign(&Pell(core::f64::consts::SQRT_2, 1.0)), Sign::Positive);
/// assert_eq!(polynomial_sign(&Pell(0.0_f32, 0.0)), Sign::Zero);
/// ```
#[inline]
pub fn polynomial_sign<T: Scalar, P: Polynomial<T> + ?Sized>(p: &P) -> Sign {
    use super::kernel::Kernel;
    T::Kernel::polynomial_sign(p)
}

/// The float path: filter with a running error bound, then exact dyadic arithmetic.
#[inline]
pub(crate) fn float_sign<T, P, F>(p: &P, to_f64: F) -> Sign
where
    P: Polynomial<T> + ?Sized,
    F: Fn(&T) -> f64,
{
    // A non-finite input the polynomial lifts but does not use (or whose term cancels)
    // cannot reach `approx`, so it is flagged on the way in: such input answers Zero
    // (regression test in tests/rays/fuzz_regressions.rs).
    let non_finite = Cell::new(false);
    let approx = p.eval(&|x: &T| {
        let x = to_f64(x);
        if !x.is_finite() {
            non_finite.set(true);
        }
        Approx::input(x)
    });
    if non_finite.get() {
        return Sign::Zero;
    }
    if let Some(sign) = approx.sign() {
        return sign;
    }
    exact_float_sign(p, &to_f64)
}

/// The sign the running-error-bound filter of [`polynomial_sign`] certifies for `f64`
/// input, if it does (`None` otherwise, and for input it cannot use: the caller checks
/// finiteness).
#[inline]
pub(crate) fn filtered_sign<P: Polynomial<f64> + ?Sized>(p: &P) -> Option<Sign> {
    p.eval(&|x: &f64| Approx::input(*x)).sign()
}

#[cold]
#[inline(never)]
fn exact_float_sign<T, P, F>(p: &P, to_f64: &F) -> Sign
where
    P: Polynomial<T> + ?Sized,
    F: Fn(&T) -> f64,
{
    let non_finite = Cell::new(false);
    let value = p.eval(&|x: &T| {
        let x = to_f64(x);
        if x.is_finite() {
            Dyadic::from_f64(x)
        } else {
            non_finite.set(true);
            Dyadic::zero()
        }
    });
    if non_finite.get() {
        Sign::Zero
    } else {
        value.sign()
    }
}

/// The exact sign over a rational scalar: evaluate and compare with zero.
pub(crate) fn rational_sign<T: Scalar, P: Polynomial<T> + ?Sized>(p: &P) -> Sign {
    Sign::of(p.eval(&|x: &T| x.clone()))
}

// ---------------------------------------------------------------------------------------
// Approx: a rounded value with a rigorous absolute error bound.
// ---------------------------------------------------------------------------------------

/// Unit roundoff of binary64, `2^-53`.
const U: f64 = 1.0 / 9_007_199_254_740_992.0;
/// The smallest positive subnormal, `2^-1074`: the absolute error a product that
/// underflows can carry beyond `u·|result|`.
const ETA: f64 = f64::from_bits(1);
/// Inflation applied to every computed error bound so that rounding in the bound's own
/// arithmetic (at most five roundings per operation) can only make it larger:
/// `(1 − u)^6 · (1 + 16u) ≥ 1`. See proofs/ray_triangle.md, section 4.
const INFLATE: f64 = 1.0 + 16.0 * U;

/// `v` is the computed value, `e` a bound on `|v − exact|`; `e` is NaN or infinite only
/// if the computation overflowed (then no sign is certified).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Approx {
    v: f64,
    e: f64,
}

impl Approx {
    #[inline(always)]
    pub(crate) fn input(x: f64) -> Approx {
        Approx { v: x, e: 0.0 }
    }

    /// The sign, when the bound proves it; `None` otherwise (including overflow and
    /// non-finite input).
    #[inline(always)]
    pub(crate) fn sign(self) -> Option<Sign> {
        if self.v.abs() > self.e && self.v.is_finite() {
            Some(if self.v > 0.0 {
                Sign::Positive
            } else {
                Sign::Negative
            })
        } else if self.v == 0.0 && self.e == 0.0 {
            Some(Sign::Zero)
        } else {
            None
        }
    }
}

/// `2^-968`: a product at least this large has an error term that cannot underflow, so
/// Dekker's TwoProduct is exact for it (factors below `2^995` cannot overflow the split).
const EXACT_PRODUCT_MIN: f64 = f64::from_bits((1023 - 968) << 52);
/// `2^995`.
const SPLIT_MAX: f64 = f64::from_bits((1023 + 995) << 52);

impl Add for Approx {
    type Output = Approx;
    #[inline(always)]
    fn add(self, o: Approx) -> Approx {
        let v = self.v + o.v;
        if self.e == 0.0 && o.e == 0.0 && two_sum(self.v, o.v).1 == 0.0 && v.is_finite() {
            // Both exact and the sum did not round (TwoSum is exact): still exact.
            return Approx { v, e: 0.0 };
        }
        // A sum never underflows with an error: |fl(s) − s| ≤ u·|fl(s)|.
        Approx {
            v,
            e: (self.e + o.e + U * v.abs()) * INFLATE,
        }
    }
}

impl Sub for Approx {
    type Output = Approx;
    #[inline(always)]
    fn sub(self, o: Approx) -> Approx {
        let v = self.v - o.v;
        if self.e == 0.0 && o.e == 0.0 && two_diff(self.v, o.v).1 == 0.0 && v.is_finite() {
            return Approx { v, e: 0.0 };
        }
        Approx {
            v,
            e: (self.e + o.e + U * v.abs()) * INFLATE,
        }
    }
}

impl Neg for Approx {
    type Output = Approx;
    #[inline(always)]
    fn neg(self) -> Approx {
        Approx {
            v: -self.v,
            e: self.e,
        }
    }
}

impl Mul for Approx {
    type Output = Approx;
    #[inline(always)]
    fn mul(self, o: Approx) -> Approx {
        let v = self.v * o.v;
        if (self.v == 0.0 && self.e == 0.0) || (o.v == 0.0 && o.e == 0.0) {
            // An exact zero factor: the product is exactly zero (or NaN if the other
            // factor overflowed, which `sign` refuses).
            return Approx { v, e: 0.0 };
        }
        if self.e == 0.0 && o.e == 0.0 {
            let m = v.abs();
            if (EXACT_PRODUCT_MIN..f64::INFINITY).contains(&m)
                && self.v.abs() < SPLIT_MAX
                && o.v.abs() < SPLIT_MAX
                && two_product(self.v, o.v).1 == 0.0
            {
                // An exact product of exact values (TwoProduct is exact in this range).
                return Approx { v, e: 0.0 };
            }
        }
        // |ab − ãb̃| ≤ |ã|·e_b + |b̃|·e_a + e_a·e_b, plus the product's own rounding,
        // u·|fl(ãb̃)| when normal; underflow in the product or in the bound's own
        // products costs at most 2η in all, covered by the 4η tail.
        Approx {
            v,
            e: (self.v.abs() * o.e + o.v.abs() * self.e + self.e * o.e + U * v.abs()) * INFLATE
                + 4.0 * ETA,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Dyadic: m · 2^e with a big integer m. Exact for + − × on every finite float.
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub(crate) struct Dyadic {
    m: BigInt,
    e: i64,
}

impl Dyadic {
    pub(crate) fn from_f64(x: f64) -> Dyadic {
        let (m, e) = decompose(x);
        Dyadic {
            m: BigInt::from(m),
            e: i64::from(e),
        }
    }

    fn zero() -> Dyadic {
        Dyadic {
            m: BigInt::zero(),
            e: 0,
        }
    }

    pub(crate) fn sign(&self) -> Sign {
        if self.m.is_zero() {
            Sign::Zero
        } else if self.m.is_positive() {
            Sign::Positive
        } else {
            Sign::Negative
        }
    }

    /// Both mantissas over the smaller exponent.
    fn aligned(self, o: Dyadic) -> (BigInt, BigInt, i64) {
        if self.m.is_zero() {
            return (self.m, o.m, o.e);
        }
        if o.m.is_zero() {
            return (self.m, o.m, self.e);
        }
        match self.e.cmp(&o.e) {
            core::cmp::Ordering::Equal => (self.m, o.m, self.e),
            core::cmp::Ordering::Less => (self.m, o.m << ((o.e - self.e) as usize), self.e),
            core::cmp::Ordering::Greater => (self.m << ((self.e - o.e) as usize), o.m, o.e),
        }
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, o: Dyadic) -> Dyadic {
        let (a, b, e) = self.aligned(o);
        Dyadic { m: a + b, e }
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, o: Dyadic) -> Dyadic {
        let (a, b, e) = self.aligned(o);
        Dyadic { m: a - b, e }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            m: -self.m,
            e: self.e,
        }
    }
}

impl Mul for Dyadic {
    type Output = Dyadic;
    fn mul(self, o: Dyadic) -> Dyadic {
        Dyadic {
            m: self.m * o.m,
            e: self.e + o.e,
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::oracle::Rng;
    use num_rational::BigRational;

    struct Orient3d([[f64; 3]; 4]);
    impl Polynomial<f64> for Orient3d {
        fn eval<R: Ring>(&self, l: &impl Fn(&f64) -> R) -> R {
            let p = self.0.map(|p| p.map(|x| l(&x)));
            let d = |i: usize, k: usize| p[i][k].clone() - p[3][k].clone();
            let m_a = d(1, 1) * d(2, 2) - d(1, 2) * d(2, 1);
            let m_b = d(2, 1) * d(0, 2) - d(2, 2) * d(0, 1);
            let m_c = d(0, 1) * d(1, 2) - d(0, 2) * d(1, 1);
            d(0, 0) * m_a + d(1, 0) * m_b + d(2, 0) * m_c
        }
    }

    fn rational(p: &Orient3d) -> Sign {
        Sign::of(p.eval(&|x: &f64| BigRational::from_float(*x).unwrap()))
    }

    /// A float of either sign with an exponent anywhere in the finite range.
    fn wild(rng: &mut Rng) -> f64 {
        let bits = rng.next_u64() & !(0x7ffu64 << 52) | ((rng.next_u64() % 2047) << 52);
        f64::from_bits(bits)
    }

    #[test]
    fn filter_and_dyadic_agree_with_rationals_on_orient3d() {
        let mut rng = Rng::new(7);
        let unit = |rng: &mut Rng| rng.uniform(-1.0, 1.0);
        for case in 0..6000 {
            let pts: [[f64; 3]; 4] = core::array::from_fn(|_| {
                core::array::from_fn(|_| match case % 4 {
                    0 => unit(&mut rng),
                    1 => wild(&mut rng),
                    2 => (unit(&mut rng) * 8.0).round() * 2f64.powi(-1070),
                    _ => unit(&mut rng) * 2f64.powi(1000),
                })
            });
            // Make a third of the cases coplanar-ish: d rounded onto the plane.
            let mut pts = pts;
            if case % 3 == 0 {
                let (s, t) = (unit(&mut rng), unit(&mut rng));
                pts[3] = core::array::from_fn(|k| {
                    pts[0][k] + s * (pts[1][k] - pts[0][k]) + t * (pts[2][k] - pts[0][k])
                });
                if pts[3].iter().any(|x| !x.is_finite()) {
                    continue;
                }
            }
            let p = Orient3d(pts);
            let want = rational(&p);
            assert_eq!(float_sign(&p, |x: &f64| *x), want, "{pts:?}");
            if let Some(s) = p.eval(&|x: &f64| Approx::input(*x)).sign() {
                assert_eq!(s, want, "filter {pts:?}");
            }
            assert_eq!(exact_float_sign(&p, &|x: &f64| *x), want, "dyadic {pts:?}");
            assert_eq!(crate::orient3d(pts[0], pts[1], pts[2], pts[3]), want);
        }
    }

    #[test]
    fn filter_certifies_exact_zeros_and_random_cases() {
        let grid = Orient3d([
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [3.0, -2.0, 0.0],
        ]);
        // Every product has an exactly zero factor: certified without the fallback.
        assert_eq!(
            grid.eval(&|x: &f64| Approx::input(*x)).sign(),
            Some(Sign::Zero)
        );
        // A tilted plane: exactly zero, and every operation on these small integers is
        // exact, which the filter detects (TwoSum / TwoProduct errors are zero).
        let tilted = Orient3d([
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 1.0],
            [0.0, 1.0, 1.0],
            [3.0, -2.0, 1.0],
        ]);
        assert_eq!(
            tilted.eval(&|x: &f64| Approx::input(*x)).sign(),
            Some(Sign::Zero)
        );
        assert_eq!(float_sign(&tilted, |x: &f64| *x), Sign::Zero);
        // Scaled by 2^-1000 the products underflow: no longer certifiable by the filter,
        // still exactly zero.
        let s = 2f64.powi(-1000);
        let tiny = Orient3d(tilted.0.map(|p| p.map(|x| x * s)));
        assert_eq!(tiny.eval(&|x: &f64| Approx::input(*x)).sign(), None);
        assert_eq!(float_sign(&tiny, |x: &f64| *x), Sign::Zero);
        let flat = Orient3d([
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [3.0, -2.0, 1.0],
        ]);
        assert_eq!(
            flat.eval(&|x: &f64| Approx::input(*x)).sign(),
            Some(Sign::Negative)
        );
        // Non-finite input: Zero, no panic.
        let bad = Orient3d([
            [f64::NAN, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [3.0, -2.0, 1.0],
        ]);
        assert_eq!(float_sign(&bad, |x: &f64| *x), Sign::Zero);
        let inf = Orient3d([
            [f64::INFINITY, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [3.0, -2.0, 1.0],
        ]);
        assert_eq!(float_sign(&inf, |x: &f64| *x), Sign::Zero);
    }

    #[test]
    fn approx_bound_survives_overflow_and_underflow() {
        let big = Approx::input(f64::MAX);
        assert_eq!((big * big).sign(), None);
        assert_eq!((big + big).sign(), None);
        let tiny = Approx::input(f64::from_bits(1));
        assert_eq!((tiny * tiny).sign(), None);
        let half = Approx::input(0.5);
        // 2^-1074 · 0.5 rounds to zero or 2^-1074: not certified either way.
        assert_eq!((tiny * half).sign(), None);
        assert_eq!((tiny - tiny).sign(), Some(Sign::Zero));
    }
}
