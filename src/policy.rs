//! Policies: how a test decides that a computed quantity is zero.
//!
//! Every intersection test in isect decides its branches from signs: which side of a
//! line or plane a point is on, whether a determinant vanishes. A [`Policy`] is the rule
//! that turns a quantity into a [`Sign`]. Tests are written once over a policy, so the
//! same test runs exactly (under [`Exact`], the default) or in the classic epsilon form
//! (under [`Absolute`], [`Relative`], [`Ulps`]) or with no tolerance at all ([`Naive`]),
//! and the answers can be compared side by side.
//!
//! # The policies
//!
//! A policy classifies a `value` computed from some inputs, given the `scale` of the
//! computation: the magnitude the value was computed from, normally the *permanent* (the
//! same formula with every term replaced by its absolute value, so `|value| ≤ scale` in
//! exact arithmetic). Every epsilon rule has the same shape:
//!
//! > `Zero` if `|value| ≤ threshold`, otherwise the sign of `value` ([`Sign::of`]).
//!
//! | policy | `threshold` | exact? |
//! |---|---|---|
//! | [`Exact`] | — (predicate methods call [`crate::orient2d`] …; [`Policy::sign`] is [`Sign::of`]) | **yes** |
//! | [`Naive`] | none: [`Sign::of`] of the computed value | no (yes for rationals) |
//! | [`Absolute { eps }`](Absolute) | `eps` | no |
//! | [`Relative { eps }`](Relative) | `eps · scale` | no |
//! | [`Ulps { n }`](Ulps) | `(n · ε_T) · scale`, with `ε_T` = 2⁻⁵² for `f64`, 2⁻²³ for `f32`, 0 for rationals | no (yes for rationals, where it is `Naive`) |
//!
//! The comparison is inclusive (`|value| = threshold` gives `Zero`). Thresholds are
//! computed the way plain code in `T` would compute them: `eps` is converted to `T`
//! (rounded to nearest for `f32`, exact for `f64` and rationals) and multiplied by
//! `scale` in `T`'s arithmetic (rounded for floats, exact for rationals): see
//! [`Scalar::from_f64_rounded`]. `Ulps { n }` decides exactly as
//! `Relative { eps: n · ε_T }`.
//!
//! **Only [`Exact`] is exact.** An epsilon policy answers either what [`Naive`] answers or
//! `Zero`, never the opposite sign of `Naive`; so compared with the exact sign it errs in
//! two ways: a false `Zero` (the exact value is non-zero but small) and, when the
//! rounding error of the formula exceeds the threshold, a wrong non-zero sign (the naive
//! value has the wrong sign, or is non-zero where the exact value is zero). A relative
//! threshold at least the formula's worst-case relative error removes the second kind
//! for inputs whose computation neither overflows nor underflows. For the naive formulas
//! below, measured against their permanents, Shewchuk's bounds are `(3 + 16ε)ε` (orient2d),
//! `(7 + 56ε)ε` (orient3d), `(10 + 96ε)ε` (incircle) and `(16 + 224ε)ε` (insphere), with
//! `ε` the unit roundoff (2⁻⁵³ for `f64`, 2⁻²⁴ for `f32`, so `ε_T = 2ε`); the smallest
//! `Ulps` above them are `n = 2, 4, 6, 9` respectively. Such a policy is a filter: its
//! non-zero answers are right and its `Zero` means "don't know". No absolute threshold
//! has that property over all input scales.
//!
//! # Writing a test over a policy
//!
//! A test decides every branch through the policy's predicate methods
//! ([`Policy::orient2d`], [`Policy::orient3d`], [`Policy::incircle`],
//! [`Policy::insphere`]) or through [`Policy::sign`] on a quantity it computes itself.
//! Under [`Exact`] the predicate methods are the exact predicates, while [`Policy::sign`]
//! can only report the sign of the value it is given, which for a rounded float is not
//! the exact sign of the quantity it approximates: **a test is exact under [`Exact`] only
//! if every decision goes through the predicate methods** (or through values computed
//! without rounding, such as the difference of two floats, whose sign is always exact).
//!
//! Rust functions cannot have default type parameters, so a test comes as a pair: the
//! plain function uses [`Exact`], the `_with` function takes any policy.
//!
//! ```
//! use isect::policy::{Absolute, Exact, Naive, Policy, Relative};
//! use isect::{Scalar, Sign};
//!
//! /// Whether the segments `ab` and `cd` cross at one point interior to both.
//! pub fn segments_cross<T: Scalar>(a: &[T; 2], b: &[T; 2], c: &[T; 2], d: &[T; 2]) -> bool {
//!     segments_cross_with(Exact, a, b, c, d)
//! }
//!
//! /// [`segments_cross`], deciding every sign under `policy`.
//! pub fn segments_cross_with<T: Scalar, P: Policy<T>>(
//!     policy: P,
//!     a: &[T; 2],
//!     b: &[T; 2],
//!     c: &[T; 2],
//!     d: &[T; 2],
//! ) -> bool {
//!     let (abc, abd) = (policy.orient2d(a, b, c), policy.orient2d(a, b, d));
//!     let (cda, cdb) = (policy.orient2d(c, d, a), policy.orient2d(c, d, b));
//!     abc * abd == Sign::Negative && cda * cdb == Sign::Negative
//! }
//!
//! // d lies 2^-40 above the line through a and b: orient2d(a, b, d) is exactly 2^-39.
//! let d = [1.0, 1.0 + 2f64.powi(-40)];
//! let (a, b, c) = ([0.0, 0.0], [2.0, 2.0], [1.0, 0.0]);
//! assert!(segments_cross(&a, &b, &c, &d));
//! assert!(segments_cross_with(Naive, &a, &b, &c, &d)); // no rounding happens here
//! // 2^-39 ≈ 1.8e-12 is below both thresholds (the permanent of that orient2d is 2):
//! assert!(!segments_cross_with(Absolute { eps: 1e-9 }, &a, &b, &c, &d));
//! assert!(!segments_cross_with(Relative { eps: 1e-9 }, &a, &b, &c, &d));
//! ```
//!
//! A type that stores a policy can default it: `struct Raycaster<P = Exact>`.
//!
//! # The naive formulas
//!
//! The provided predicate methods evaluate the determinants in `T`'s own arithmetic by
//! the formulas of Shewchuk's non-adaptive predicates, written out in [`orient2d_naive`],
//! [`orient3d_naive`], [`incircle_naive`] and [`insphere_naive`], which return the value
//! and its permanent. The sign conventions are those of the exact predicates (see
//! [`crate::predicates`]). For `f32` the formulas run in `f32`, as `f32` code would.
//!
//! # Non-finite values
//!
//! Nothing here panics. Comparisons follow IEEE 754: a NaN `value`, `threshold` or
//! `scale` makes `|value| ≤ threshold` false, and then the answer is [`Sign::of`] the
//! value, which is `Zero` for a NaN value. So a NaN value is always `Zero`; an infinite
//! value is `Zero` only if the threshold is infinite too; a NaN or negative `eps`, or a
//! zero `eps` (for `Absolute` and `Relative`), reduces the rule to [`Naive`]. Rationals
//! cannot hold a non-finite `eps`: for them `eps = +∞` makes every value `Zero`, and NaN
//! or `−∞` reduces the rule to [`Naive`]. Points with a NaN or infinite coordinate get
//! [`Sign::Zero`] from [`Exact`] (as from the predicates) and, from the other policies,
//! whatever sign the formula's non-finite arithmetic produces: no geometric meaning.

use core::fmt::Debug;

use crate::{Point2, Point3, Scalar, Sign};

/// How a test decides the sign of a quantity, and in particular when it is zero.
///
/// The required method [`sign`](Policy::sign) classifies a computed `value` given the
/// `scale` it was computed from; the four predicate methods evaluate a determinant and
/// classify it. The provided predicate methods compute the naive formula and its permanent
/// in `T` ([`orient2d_naive`] …) and pass them to `sign`; [`Exact`] overrides them with
/// the exact predicates. See the [module docs](self) for the rules and for how to write a
/// test over a policy.
///
/// Implement this trait for a rule of your own (an interval filter, a rule with a
/// different scale) by writing `sign`, and override the predicate methods if the rule
/// needs more than the value and its permanent.
///
/// # Examples
///
/// ```
/// use isect::policy::{Exact, Naive, Policy, Relative};
/// use isect::Sign;
///
/// // From Kettner et al.'s classroom example: p lies just above the line y = x, so
/// // q, r, p are counterclockwise; the naive f64 formula gets the opposite sign.
/// let u = 2f64.powi(-53);
/// let (q, r, p) = ([12.0, 12.0], [24.0, 24.0], [0.5 + 41.0 * u, 0.5 + 48.0 * u]);
/// assert_eq!(Exact.orient2d(q, r, p), Sign::Positive);
/// assert_eq!(Naive.orient2d(q, r, p), Sign::Negative);
/// assert_eq!(Relative { eps: 1e-15 }.orient2d(q, r, p), Sign::Zero);
///
/// // Classifying a value directly:
/// assert_eq!(Relative { eps: 0.25 }.sign(&-2.0, &8.0), Sign::Zero);
/// assert_eq!(Relative { eps: 0.25 }.sign(&-2.5, &8.0), Sign::Negative);
/// ```
pub trait Policy<T: Scalar>: Copy + Debug {
    /// The sign of `value` under this policy; `scale` is the magnitude `value` was
    /// computed from (normally the permanent, `≥ |value|`).
    ///
    /// [`Exact`] and [`Naive`] ignore `scale` and return [`Sign::of`]`(value)`, which for
    /// `Exact` is exact only if `value` was computed without rounding.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::policy::{Absolute, Policy};
    /// use isect::Sign;
    /// assert_eq!(Absolute { eps: 0.5 }.sign(&0.5, &1.0), Sign::Zero);
    /// assert_eq!(Absolute { eps: 0.5 }.sign(&0.75, &1.0), Sign::Positive);
    /// ```
    fn sign(&self, value: &T, scale: &T) -> Sign;

    /// The orientation of `a, b, c` under this policy (convention of [`crate::orient2d`]).
    ///
    /// Provided: [`orient2d_naive`] classified by [`sign`](Policy::sign).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::policy::{Absolute, Policy};
    /// use isect::Sign;
    /// // The naive value is 0.5 · 2 = 1, at the threshold:
    /// let p = Absolute { eps: 1.0 };
    /// assert_eq!(p.orient2d([0.0, 0.0], [2.0, 0.0], [0.0, 0.5]), Sign::Zero);
    /// assert_eq!(p.orient2d([0.0, 0.0], [2.0, 0.0], [0.0, 0.75]), Sign::Positive);
    /// ```
    fn orient2d<P: Point2<Scalar = T>>(&self, a: P, b: P, c: P) -> Sign {
        let (value, scale) = orient2d_naive(a, b, c);
        self.sign(&value, &scale)
    }

    /// The orientation of `a, b, c, d` under this policy (convention of [`crate::orient3d`]).
    ///
    /// Provided: [`orient3d_naive`] classified by [`sign`](Policy::sign).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::policy::{Absolute, Exact, Policy, Relative};
    /// use isect::Sign;
    /// let (a, b, c) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    /// let d = [0.25, 0.25, -(2f64.powi(-60))]; // just below the plane z = 0
    /// assert_eq!(Exact.orient3d(a, b, c, d), Sign::Positive);
    /// // An absolute epsilon cannot tell; a relative one can, at any scale:
    /// assert_eq!(Absolute { eps: 1e-15 }.orient3d(a, b, c, d), Sign::Zero);
    /// assert_eq!(Relative { eps: 1e-15 }.orient3d(a, b, c, d), Sign::Positive);
    /// ```
    fn orient3d<P: Point3<Scalar = T>>(&self, a: P, b: P, c: P, d: P) -> Sign {
        let (value, scale) = orient3d_naive(a, b, c, d);
        self.sign(&value, &scale)
    }

    /// Whether `d` is inside the circle through `a, b, c` under this policy (convention of
    /// [`crate::incircle`]).
    ///
    /// Provided: [`incircle_naive`] classified by [`sign`](Policy::sign).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::policy::{Naive, Policy};
    /// use isect::Sign;
    /// let (a, b, c) = ([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]);
    /// assert_eq!(Naive.incircle(a, b, c, [0.0, 0.5]), Sign::Positive);
    /// assert_eq!(Naive.incircle(a, b, c, [0.0, -1.0]), Sign::Zero);
    /// ```
    fn incircle<P: Point2<Scalar = T>>(&self, a: P, b: P, c: P, d: P) -> Sign {
        let (value, scale) = incircle_naive(a, b, c, d);
        self.sign(&value, &scale)
    }

    /// Whether `e` is inside the sphere through `a, b, c, d` under this policy
    /// (convention of [`crate::insphere`]).
    ///
    /// Provided: [`insphere_naive`] classified by [`sign`](Policy::sign).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::policy::{Naive, Policy};
    /// use isect::Sign;
    /// let (a, b, c, d) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]);
    /// assert_eq!(Naive.insphere(a, b, c, d, [0.0, 0.0, 0.0]), Sign::Positive);
    /// assert_eq!(Naive.insphere(a, b, c, d, [0.0, 0.0, 2.0]), Sign::Negative);
    /// ```
    fn insphere<P: Point3<Scalar = T>>(&self, a: P, b: P, c: P, d: P, e: P) -> Sign {
        let (value, scale) = insphere_naive(a, b, c, d, e);
        self.sign(&value, &scale)
    }
}

/// The exact policy (the default): the predicate methods are the exact predicates
/// [`crate::orient2d`], [`crate::orient3d`], [`crate::incircle`], [`crate::insphere`].
///
/// Its [`sign`](Policy::sign) is [`Sign::of`]`(value)`: exact when `value` was computed
/// without rounding (any rational computation; a difference of two floats), but for a
/// rounded float only the sign of the rounded number. Tests written over a policy route
/// their decisions through the predicate methods to be exact under `Exact`. Non-finite
/// coordinates give `Zero`, as from the predicates.
///
/// # Examples
///
/// ```
/// use isect::policy::{Exact, Policy};
/// use isect::Sign;
/// // Kettner et al.'s example: p is just above the line y = x through q and r, and the
/// // naive f64 formula says below.
/// let u = f64::EPSILON / 2.0;
/// let (q, r, p) = ([12.0, 12.0], [24.0, 24.0], [0.5 + 41.0 * u, 0.5 + 48.0 * u]);
/// assert_eq!(Exact.orient2d(q, r, p), Sign::Positive);
/// assert!(isect::policy::orient2d_naive(q, r, p).0 < 0.0);
/// assert_eq!(Exact.sign(&-3.0_f32, &0.0), Sign::Negative);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Exact;

impl<T: Scalar> Policy<T> for Exact {
    #[inline]
    fn sign(&self, value: &T, _scale: &T) -> Sign {
        sign_of(value)
    }
    #[inline]
    fn orient2d<P: Point2<Scalar = T>>(&self, a: P, b: P, c: P) -> Sign {
        crate::orient2d(a, b, c)
    }
    #[inline]
    fn orient3d<P: Point3<Scalar = T>>(&self, a: P, b: P, c: P, d: P) -> Sign {
        crate::orient3d(a, b, c, d)
    }
    #[inline]
    fn incircle<P: Point2<Scalar = T>>(&self, a: P, b: P, c: P, d: P) -> Sign {
        crate::incircle(a, b, c, d)
    }
    #[inline]
    fn insphere<P: Point3<Scalar = T>>(&self, a: P, b: P, c: P, d: P, e: P) -> Sign {
        crate::insphere(a, b, c, d, e)
    }
}

/// No tolerance: the sign of the value as computed, [`Sign::of`]`(value)`, which is what
/// plain floating-point code does.
///
/// The predicate methods evaluate the naive formulas ([`orient2d_naive`] …) in `T`. For
/// rationals the arithmetic is exact, so `Naive` agrees with [`Exact`]; for floats it
/// does not (a NaN value gives `Zero`).
///
/// # Examples
///
/// ```
/// use isect::policy::{Naive, Policy};
/// use isect::Sign;
/// // p lies just above the line y = x (exact: Positive), the rounded formula says Negative:
/// let u = 2f64.powi(-53);
/// let (q, r, p) = ([12.0, 12.0], [24.0, 24.0], [0.5 + 41.0 * u, 0.5 + 48.0 * u]);
/// assert_eq!(Naive.orient2d(q, r, p), Sign::Negative);
/// assert_eq!(Naive.sign(&1e-300, &1.0), Sign::Positive);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Naive;

impl<T: Scalar> Policy<T> for Naive {
    #[inline]
    fn sign(&self, value: &T, _scale: &T) -> Sign {
        sign_of(value)
    }
}

/// An absolute epsilon: `Zero` when `|value| ≤ eps`, otherwise the sign of `value`;
/// `scale` is ignored.
///
/// `eps` is converted to `T` by [`Scalar::from_f64_rounded`] (rounded to nearest for
/// `f32`: `Absolute { eps: 0.1 }` compares against `0.1_f32`; exact for `f64` and
/// rationals). `eps = 0` is [`Naive`].
/// Not scale-invariant: the same `eps` is too large for small inputs and too small for
/// large ones. For non-finite `eps` see the [module docs](self#non-finite-values).
///
/// # Examples
///
/// ```
/// use isect::policy::{Absolute, Policy};
/// use isect::Sign;
/// let p = Absolute { eps: 1e-9 };
/// assert_eq!(p.sign(&1e-9, &0.0), Sign::Zero); // inclusive
/// assert_eq!(p.sign(&-2e-9, &0.0), Sign::Negative);
/// assert_eq!(p.orient2d([0.0, 0.0], [1e-5, 0.0], [0.0, 1e-5]), Sign::Zero); // 1e-10
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Absolute {
    /// The largest magnitude still classified as `Zero`.
    pub eps: f64,
}

impl<T: Scalar> Policy<T> for Absolute {
    #[inline]
    fn sign(&self, value: &T, _scale: &T) -> Sign {
        match tolerance::<T>(self.eps) {
            Some(eps) => within(value, &eps),
            None => unrepresentable(value, self.eps),
        }
    }
}

/// A relative epsilon: `Zero` when `|value| ≤ eps · scale`, otherwise the sign of `value`.
///
/// `eps` is converted to `T` by [`Scalar::from_f64_rounded`] and the product
/// `eps · scale` is computed in `T` (rounded to nearest for floats, exact for rationals),
/// as plain code would compute it. With `scale` the permanent of the formula this is
/// scale-invariant: scaling every input by a power of two changes no answer (barring
/// overflow and underflow). `eps = 0` is [`Naive`]. For non-finite `eps` or `scale` see
/// the [module docs](self#non-finite-values).
///
/// # Examples
///
/// ```
/// use isect::policy::{Policy, Relative};
/// use isect::Sign;
/// let p = Relative { eps: 0.25 };
/// assert_eq!(p.sign(&2.0, &8.0), Sign::Zero); // 2 ≤ 0.25 · 8
/// assert_eq!(p.sign(&2.5, &8.0), Sign::Positive);
/// // The same shape at any magnitude:
/// let tiny = 2f64.powi(-500);
/// assert_eq!(p.orient2d([0.0, 0.0], [tiny, 0.0], [0.0, tiny]), Sign::Positive);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Relative {
    /// The largest ratio `|value| / scale` still classified as `Zero`.
    pub eps: f64,
}

impl<T: Scalar> Policy<T> for Relative {
    #[inline]
    fn sign(&self, value: &T, scale: &T) -> Sign {
        match tolerance::<T>(self.eps) {
            Some(eps) => within(value, &(eps * scale)),
            None => unrepresentable(value, self.eps),
        }
    }
}

/// A tolerance in units of the rounding of `T`: `Zero` when
/// `|value| ≤ (n · ε_T) · scale`, otherwise the sign of `value`.
///
/// `ε_T` is twice the unit roundoff of [`Scalar::FLOAT`]: 2⁻⁵² for `f64`, 2⁻²³ for `f32`
/// (the distance from 1 to the next number), and 0 for rationals, which have no float
/// format and do not round (so `Ulps` on rationals is [`Naive`], which is exact there).
/// `n · ε_T` is computed in `T` (exact for every `n` in `f64`, and in `f32` for
/// `n ≤ 2²⁴`), then multiplied by `scale` in `T`. It decides exactly as
/// `Relative { eps: n · ε_T }`. For `scale` in `[2^k, 2^(k+1))` the threshold lies between
/// `n` and `2n` units in the last place of `scale`. `n = 0` is [`Naive`].
///
/// # Examples
///
/// ```
/// use isect::policy::{Policy, Ulps};
/// use isect::Sign;
/// let p = Ulps { n: 4 };
/// let threshold = 4.0 * f64::EPSILON; // at scale 1
/// assert_eq!(p.sign(&threshold, &1.0), Sign::Zero);
/// assert_eq!(p.sign(&threshold.next_up(), &1.0), Sign::Positive);
/// assert_eq!(p.sign(&(4.0 * f32::EPSILON).next_up(), &1.0_f32), Sign::Positive);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ulps {
    /// How many units `ε_T · scale` the threshold is.
    pub n: u32,
}

impl<T: Scalar> Policy<T> for Ulps {
    #[inline]
    fn sign(&self, value: &T, scale: &T) -> Sign {
        let n = tolerance::<T>(f64::from(self.n)).unwrap_or_else(T::zero);
        within(value, &(n * &machine_epsilon::<T>() * scale))
    }
}

/// `x` in `T` as plain code in `T` would hold it ([`Scalar::from_f64_rounded`]): rounded to
/// nearest for `f32` (non-finite values stay non-finite), exact for `f64` and rationals;
/// `None` when `T` cannot hold it (NaN and the infinities, for rationals).
#[inline(always)]
fn tolerance<T: Scalar>(x: f64) -> Option<T> {
    T::from_f64_rounded(x).map(|(value, _)| value)
}

/// The unit `ε_T` [`Ulps`] counts in: the gap between 1 and the next larger number
/// (twice the unit roundoff of [`Scalar::FLOAT`]: 2⁻⁵² for `f64`, 2⁻²³ for `f32`), zero
/// for exact types.
#[inline(always)]
fn machine_epsilon<T: Scalar>() -> T {
    match T::FLOAT {
        // A power of two in T's range: the conversion is exact.
        Some(format) => tolerance(2.0 * format.unit_roundoff()).unwrap_or_else(T::zero),
        None => T::zero(),
    }
}

#[inline]
fn sign_of<T: Scalar>(value: &T) -> Sign {
    match value.partial_cmp(&T::zero()) {
        Some(core::cmp::Ordering::Greater) => Sign::Positive,
        Some(core::cmp::Ordering::Less) => Sign::Negative,
        _ => Sign::Zero,
    }
}

/// `Zero` if `|value| ≤ threshold` (false when either is NaN), else the sign of `value`.
#[inline]
fn within<T: Scalar>(value: &T, threshold: &T) -> Sign {
    let s = sign_of(value);
    let magnitude_within = match s {
        Sign::Positive => value <= threshold,
        Sign::Negative => &(-value.clone()) <= threshold,
        Sign::Zero => true,
    };
    if magnitude_within { Sign::Zero } else { s }
}

/// An `eps` the type cannot hold (non-finite, for rationals): `+∞` zeroes everything,
/// NaN and `−∞` leave the naive sign.
#[cold]
fn unrepresentable<T: Scalar>(value: &T, eps: f64) -> Sign {
    if eps == f64::INFINITY {
        Sign::Zero
    } else {
        sign_of(value)
    }
}

#[inline(always)]
fn abs<T: Scalar>(x: T) -> T {
    if x < T::zero() { -x } else { x }
}

#[inline(always)]
fn sub<T: Scalar>(x: &T, y: &T) -> T {
    x.clone() - y
}

/// The naive orientation determinant of `a, b, c` and its permanent, `(value, scale)`,
/// computed in `T`'s arithmetic (Shewchuk's `orient2dfast`):
///
/// ```text
/// left  = (ax − cx)(by − cy)
/// right = (ay − cy)(bx − cx)
/// value = left − right
/// scale = |left| + |right|
/// ```
///
/// `value` is positive when `a, b, c` are counterclockwise (up to rounding, for floats).
///
/// # Examples
///
/// ```
/// use isect::policy::orient2d_naive;
/// assert_eq!(orient2d_naive([0.0, 0.0], [2.0, 0.0], [0.0, 3.0]), (6.0, 6.0));
/// // Not collinear (the exact value is 7 · 12 · 2^-53 ≈ 9.3e-15), but rounded:
/// let u = 2f64.powi(-53);
/// let (value, scale) = orient2d_naive([12.0, 12.0], [24.0, 24.0], [0.5 + 41.0 * u, 0.5 + 48.0 * u]);
/// assert_eq!((value, scale), (-(2f64.powi(-44)), 540.4999999999995));
/// ```
#[inline]
pub fn orient2d_naive<P: Point2>(a: P, b: P, c: P) -> (P::Scalar, P::Scalar) {
    let (a, b, c) = (a.coords(), b.coords(), c.coords());
    let left = sub(&a[0], &c[0]) * sub(&b[1], &c[1]);
    let right = sub(&a[1], &c[1]) * sub(&b[0], &c[0]);
    let value = left.clone() - &right;
    (value, abs(left) + abs(right))
}

/// The naive `det[a − d; b − d; c − d]` and its permanent, `(value, scale)`, computed in
/// `T`'s arithmetic (Shewchuk's `orient3dfast`, with `adx = ax − dx` and so on):
///
/// ```text
/// value = adz·(bdx·cdy − cdx·bdy) + bdz·(cdx·ady − adx·cdy) + cdz·(adx·bdy − bdx·ady)
/// scale = (|bdx·cdy| + |cdx·bdy|)·|adz| + (|cdx·ady| + |adx·cdy|)·|bdz|
///       + (|adx·bdy| + |bdx·ady|)·|cdz|
/// ```
///
/// evaluated left to right as written. `value` is positive when `d` is below the plane of
/// counterclockwise `a, b, c` (up to rounding, for floats).
///
/// # Examples
///
/// ```
/// use isect::policy::orient3d_naive;
/// let (a, b, c) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// assert_eq!(orient3d_naive(a, b, c, [0.0, 0.0, -2.0]), (2.0, 2.0));
/// ```
#[inline]
pub fn orient3d_naive<P: Point3>(a: P, b: P, c: P, d: P) -> (P::Scalar, P::Scalar) {
    let (a, b, c, d) = (a.coords(), b.coords(), c.coords(), d.coords());
    let [adx, ady, adz] = diff3(a, d);
    let [bdx, bdy, bdz] = diff3(b, d);
    let [cdx, cdy, cdz] = diff3(c, d);
    let bdxcdy = bdx.clone() * &cdy;
    let cdxbdy = cdx.clone() * &bdy;
    let cdxady = cdx * &ady;
    let adxcdy = adx.clone() * &cdy;
    let adxbdy = adx * &bdy;
    let bdxady = bdx * &ady;
    let value = adz.clone() * (bdxcdy.clone() - &cdxbdy)
        + bdz.clone() * (cdxady.clone() - &adxcdy)
        + cdz.clone() * (adxbdy.clone() - &bdxady);
    let scale = (abs(bdxcdy) + abs(cdxbdy)) * abs(adz)
        + (abs(cdxady) + abs(adxcdy)) * abs(bdz)
        + (abs(adxbdy) + abs(bdxady)) * abs(cdz);
    (value, scale)
}

/// The naive incircle determinant of `a, b, c, d` and its permanent, `(value, scale)`,
/// computed in `T`'s arithmetic (Shewchuk's `incirclefast`, with `adx = ax − dx` and so
/// on):
///
/// ```text
/// alift = adx·adx + ady·ady   (blift, clift likewise)
/// value = alift·(bdx·cdy − cdx·bdy) + blift·(cdx·ady − adx·cdy) + clift·(adx·bdy − bdx·ady)
/// scale = (|bdx·cdy| + |cdx·bdy|)·alift + (|cdx·ady| + |adx·cdy|)·blift
///       + (|adx·bdy| + |bdx·ady|)·clift
/// ```
///
/// evaluated left to right as written. `value` is positive when `d` is inside the circle
/// through counterclockwise `a, b, c` (up to rounding, for floats).
///
/// # Examples
///
/// ```
/// use isect::policy::incircle_naive;
/// let (value, scale) = incircle_naive([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, 0.0]);
/// assert_eq!((value, scale), (2.0, 2.0));
/// ```
#[inline]
pub fn incircle_naive<P: Point2>(a: P, b: P, c: P, d: P) -> (P::Scalar, P::Scalar) {
    let (a, b, c, d) = (a.coords(), b.coords(), c.coords(), d.coords());
    let (adx, ady) = (sub(&a[0], &d[0]), sub(&a[1], &d[1]));
    let (bdx, bdy) = (sub(&b[0], &d[0]), sub(&b[1], &d[1]));
    let (cdx, cdy) = (sub(&c[0], &d[0]), sub(&c[1], &d[1]));
    let alift = adx.clone() * &adx + ady.clone() * &ady;
    let blift = bdx.clone() * &bdx + bdy.clone() * &bdy;
    let clift = cdx.clone() * &cdx + cdy.clone() * &cdy;
    let bdxcdy = bdx.clone() * &cdy;
    let cdxbdy = cdx.clone() * &bdy;
    let cdxady = cdx * &ady;
    let adxcdy = adx.clone() * &cdy;
    let adxbdy = adx * &bdy;
    let bdxady = bdx * &ady;
    let value = alift.clone() * (bdxcdy.clone() - &cdxbdy)
        + blift.clone() * (cdxady.clone() - &adxcdy)
        + clift.clone() * (adxbdy.clone() - &bdxady);
    let scale = (abs(bdxcdy) + abs(cdxbdy)) * alift
        + (abs(cdxady) + abs(adxcdy)) * blift
        + (abs(adxbdy) + abs(bdxady)) * clift;
    (value, scale)
}

/// The naive insphere determinant of `a, b, c, d, e` and its permanent, `(value, scale)`,
/// computed in `T`'s arithmetic (Shewchuk's `inspherefast` and the permanent of his
/// `insphere`, with `aex = ax − ex` and so on):
///
/// ```text
/// ab = aex·bey − bex·aey   bc = bex·cey − cex·bey   cd = cex·dey − dex·cey
/// da = dex·aey − aex·dey   ac = aex·cey − cex·aey   bd = bex·dey − dex·bey
/// abc = aez·bc − bez·ac + cez·ab      bcd = bez·cd − cez·bd + dez·bc
/// cda = cez·da + dez·ac + aez·cd      dab = dez·ab + aez·bd + bez·da
/// alift = aex² + aey² + aez²          (blift, clift, dlift likewise)
/// value = (dlift·abc − clift·dab) + (blift·cda − alift·bcd)
/// scale = ((|cex·dey| + |dex·cey|)·|bez| + (|dex·bey| + |bex·dey|)·|cez| + (|bex·cey| + |cex·bey|)·|dez|)·alift
///       + ((|dex·aey| + |aex·dey|)·|cez| + (|aex·cey| + |cex·aey|)·|dez| + (|cex·dey| + |dex·cey|)·|aez|)·blift
///       + ((|aex·bey| + |bex·aey|)·|dez| + (|bex·dey| + |dex·bey|)·|aez| + (|dex·aey| + |aex·dey|)·|bez|)·clift
///       + ((|bex·cey| + |cex·bey|)·|aez| + (|cex·aey| + |aex·cey|)·|bez| + (|aex·bey| + |bex·aey|)·|cez|)·dlift
/// ```
///
/// evaluated left to right as written. `value` is positive when `e` is inside the sphere
/// through `a, b, c, d` with `orient3d(a, b, c, d)` positive (up to rounding, for floats).
///
/// # Examples
///
/// ```
/// use isect::policy::insphere_naive;
/// let (a, b, c, d) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]);
/// let (value, scale) = insphere_naive(a, b, c, d, [0.0, 0.0, 0.0]);
/// assert!(value > 0.0 && value <= scale);
/// ```
#[inline]
pub fn insphere_naive<P: Point3>(a: P, b: P, c: P, d: P, e: P) -> (P::Scalar, P::Scalar) {
    let (a, b, c, d, e) = (a.coords(), b.coords(), c.coords(), d.coords(), e.coords());
    let [aex, aey, aez] = diff3(a, e);
    let [bex, bey, bez] = diff3(b, e);
    let [cex, cey, cez] = diff3(c, e);
    let [dex, dey, dez] = diff3(d, e);
    let aexbey = aex.clone() * &bey;
    let bexaey = bex.clone() * &aey;
    let bexcey = bex.clone() * &cey;
    let cexbey = cex.clone() * &bey;
    let cexdey = cex.clone() * &dey;
    let dexcey = dex.clone() * &cey;
    let dexaey = dex.clone() * &aey;
    let aexdey = aex.clone() * &dey;
    let aexcey = aex.clone() * &cey;
    let cexaey = cex.clone() * &aey;
    let bexdey = bex.clone() * &dey;
    let dexbey = dex.clone() * &bey;
    let ab = aexbey.clone() - &bexaey;
    let bc = bexcey.clone() - &cexbey;
    let cd = cexdey.clone() - &dexcey;
    let da = dexaey.clone() - &aexdey;
    let ac = aexcey.clone() - &cexaey;
    let bd = bexdey.clone() - &dexbey;
    let abc = aez.clone() * &bc - bez.clone() * &ac + cez.clone() * &ab;
    let bcd = bez.clone() * &cd - cez.clone() * &bd + dez.clone() * &bc;
    let cda = cez.clone() * &da + dez.clone() * &ac + aez.clone() * &cd;
    let dab = dez.clone() * &ab + aez.clone() * &bd + bez.clone() * &da;
    let alift = lift(&aex, &aey, &aez);
    let blift = lift(&bex, &bey, &bez);
    let clift = lift(&cex, &cey, &cez);
    let dlift = lift(&dex, &dey, &dez);
    let value =
        (dlift.clone() * abc - clift.clone() * dab) + (blift.clone() * cda - alift.clone() * bcd);

    let (aez, bez, cez, dez) = (abs(aez), abs(bez), abs(cez), abs(dez));
    let (aexbey, bexaey) = (abs(aexbey), abs(bexaey));
    let (bexcey, cexbey) = (abs(bexcey), abs(cexbey));
    let (cexdey, dexcey) = (abs(cexdey), abs(dexcey));
    let (dexaey, aexdey) = (abs(dexaey), abs(aexdey));
    let (aexcey, cexaey) = (abs(aexcey), abs(cexaey));
    let (bexdey, dexbey) = (abs(bexdey), abs(dexbey));
    let scale = ((cexdey.clone() + &dexcey) * &bez
        + (dexbey.clone() + &bexdey) * &cez
        + (bexcey.clone() + &cexbey) * &dez)
        * alift
        + ((dexaey.clone() + &aexdey) * &cez
            + (aexcey.clone() + &cexaey) * &dez
            + (cexdey + dexcey) * &aez)
            * blift
        + ((aexbey.clone() + &bexaey) * &dez + (bexdey + dexbey) * &aez + (dexaey + aexdey) * &bez)
            * clift
        + ((bexcey + cexbey) * aez + (cexaey + aexcey) * bez + (aexbey + bexaey) * cez) * dlift;
    (value, scale)
}

#[inline(always)]
fn diff3<T: Scalar>(p: &[T; 3], q: &[T; 3]) -> [T; 3] {
    [sub(&p[0], &q[0]), sub(&p[1], &q[1]), sub(&p[2], &q[2])]
}

#[inline(always)]
fn lift<T: Scalar>(x: &T, y: &T, z: &T) -> T {
    x.clone() * x + y.clone() * y + z.clone() * z
}
