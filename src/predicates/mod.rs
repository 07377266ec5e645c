//! Exact geometric predicates: [`orient2d`], [`orient3d`], [`incircle`], [`insphere`].
//!
//! Each predicate returns the sign of a determinant of the input coordinates, and the
//! sign is **exact** for every finite input of every supported scalar type: what exact
//! real arithmetic on the given numbers would return. For `f64` the answer comes from a
//! staged kernel (see [`F64Kernel`](kernel::F64Kernel)): a cheap error-bounded filter answers almost every
//! call at the cost of the plain floating-point formula, adaptive expansion arithmetic
//! answers the near-degenerate calls, and a big-integer evaluation answers the rest
//! (overflowing, underflowing or subnormal intermediates, mixed magnitudes up to
//! `f64::MAX`). `f32` points convert exactly to `f64`. Rationals are evaluated directly.
//!
//! # Sign conventions (Shewchuk's)
//!
//! | predicate | `Positive` when |
//! |---|---|
//! | `orient2d(a, b, c)` | `a, b, c` are counterclockwise |
//! | `orient3d(a, b, c, d)` | `d` lies below the plane through `a, b, c`, which appear counterclockwise seen from above |
//! | `incircle(a, b, c, d)` | `d` is inside the circle through counterclockwise `a, b, c` |
//! | `insphere(a, b, c, d, e)` | `e` is inside the sphere through `a, b, c, d`, with `orient3d(a, b, c, d)` positive |
//!
//! Swapping two arguments flips the sign; `Zero` means the points are degenerate
//! (collinear, coplanar, cocircular, cospherical) exactly.
//!
//! # Non-finite input
//!
//! The plain functions never panic. If any coordinate is NaN or infinite they return
//! [`Sign::Zero`], which carries no geometric meaning for such input; call the `try_`
//! form ([`try_orient2d`] …) to get an [`InputError`] naming the
//! offending argument and coordinate instead.
//!
//! # Points
//!
//! Points are `[T; 2]` or `[T; 3]` for any [`Scalar`] `T`, passed by value or by
//! reference (take rationals by reference to avoid clones): see [`Point2`] and [`Point3`].

mod batch;
mod bigint;
mod exact;
pub(crate) mod expansion;
mod float;
mod float_batch;
mod float_many;
mod float_plane;
mod float_slow;
#[cfg(all(test, feature = "std"))]
pub(crate) mod float_tests;
pub(crate) mod integer;
pub mod kernel;
mod lanes;
mod poly;
pub mod sos;

use crate::{InputError, Scalar, Sign, error::NonFiniteValue};
pub use batch::{
    Axes, Column, incircle_batch, incircle_many, insphere_batch, insphere_many, orient2d_batch,
    orient2d_many, orient3d_batch, orient3d_many,
};
pub(crate) use bigint::decompose;
pub(crate) use expansion::{
    Expansion, expansion_in_place, sum_sign_in_place, two_diff, two_product, two_sum,
};
#[cfg(all(test, feature = "std"))]
pub(crate) use float_plane::PATHS as PLANE_PATHS;
pub(crate) use float_plane::orient3d_shared;
pub(crate) use float_slow::{
    O3_GRID_BITS, coordinates_on_grid, on_line, orient3d_estimate, ray_side, scale as scale_pow2,
    short_significands,
};
use kernel::Kernel;
pub(crate) use poly::filtered_sign;
pub use poly::{Polynomial, Ring, polynomial_sign};

/// A 2D point the predicates accept: `[T; 2]` by value or by reference.
///
/// # Examples
///
/// ```
/// use isect::{orient2d, Point2, Sign};
/// fn area_sign<P: Point2>(a: P, b: P, c: P) -> Sign { orient2d(a, b, c) }
/// assert_eq!(area_sign(&[0.0, 0.0], &[1.0, 0.0], &[0.0, 1.0]), Sign::Positive);
/// ```
pub trait Point2 {
    /// The coordinate type.
    type Scalar: Scalar;
    /// The coordinates `[x, y]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Point2;
    /// let p = [1.5_f64, -2.0];
    /// assert_eq!((&p).coords(), &[1.5, -2.0]);
    /// ```
    fn coords(&self) -> &[Self::Scalar; 2];
}

/// A 3D point the predicates accept: `[T; 3]` by value or by reference.
///
/// # Examples
///
/// ```
/// use isect::{orient3d, Point3, Sign};
/// let p = [0.0_f32, 0.0, 0.0];
/// assert_eq!(p.coords()[2], 0.0);
/// assert_eq!(orient3d(p, p, p, p), Sign::Zero);
/// ```
pub trait Point3 {
    /// The coordinate type.
    type Scalar: Scalar;
    /// The coordinates `[x, y, z]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Point3;
    /// let p = [1.0_f32, 2.0, 3.0];
    /// assert_eq!(p.coords()[2], 3.0);
    /// ```
    fn coords(&self) -> &[Self::Scalar; 3];
}

impl<T: Scalar> Point2 for [T; 2] {
    type Scalar = T;
    #[inline(always)]
    fn coords(&self) -> &[T; 2] {
        self
    }
}
impl<T: Scalar> Point2 for &[T; 2] {
    type Scalar = T;
    #[inline(always)]
    fn coords(&self) -> &[T; 2] {
        self
    }
}
impl<T: Scalar> Point3 for [T; 3] {
    type Scalar = T;
    #[inline(always)]
    fn coords(&self) -> &[T; 3] {
        self
    }
}
impl<T: Scalar> Point3 for &[T; 3] {
    type Scalar = T;
    #[inline(always)]
    fn coords(&self) -> &[T; 3] {
        self
    }
}

type K2<P> = <<P as Point2>::Scalar as Scalar>::Kernel;
type K3<P> = <<P as Point3>::Scalar as Scalar>::Kernel;

/// The orientation of three points in the plane: the sign of
/// `(a − c) × (b − c) = det[[ax − cx, ay − cy], [bx − cx, by − cy]]`.
///
/// `Positive` when `a, b, c` are counterclockwise, `Negative` when clockwise, `Zero` when
/// collinear (including repeated points). The sign is exact for every finite input.
/// If a coordinate is NaN or infinite the result is `Zero` (see the [module
/// docs](self#non-finite-input)); [`try_orient2d`] reports it instead.
///
/// # Examples
///
/// ```
/// use isect::{orient2d, Sign};
/// assert_eq!(orient2d([0.0, 0.0], [1.0, 0.0], [0.0, 1.0]), Sign::Positive);
/// // One ulp off the line y = x: the plain formula with `p` as the pivot,
/// // (q − p) × (r − p), evaluates to exactly 0.0 here, "collinear" (Kettner et al.).
/// let (q, r) = ([12.0, 12.0], [24.0, 24.0]);
/// let p = [0.5 + f64::EPSILON / 2.0, 0.5];
/// assert_eq!(orient2d(q, r, p), Sign::Negative); // p is just below the line y = x
/// assert_eq!(orient2d(q, r, [0.5, 0.5]), Sign::Zero);
/// ```
#[inline]
pub fn orient2d<P: Point2>(a: P, b: P, c: P) -> Sign {
    K2::<P>::orient2d(a.coords(), b.coords(), c.coords())
}

/// The orientation of four points in space: the sign of `det[a − d; b − d; c − d]`.
///
/// `Positive` when `d` lies below the plane through `a, b, c`, with "below" chosen so that
/// `a, b, c` appear counterclockwise seen from above; `Negative` above; `Zero` when the
/// four points are coplanar. Exact for every finite input; non-finite input gives `Zero`
/// ([`try_orient3d`] reports it).
///
/// # Examples
///
/// ```
/// use isect::{orient3d, Sign};
/// let (a, b, c) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// assert_eq!(orient3d(a, b, c, [0.0, 0.0, -1.0]), Sign::Positive);
/// assert_eq!(orient3d(a, b, c, [0.3, 0.7, 0.0]), Sign::Zero);
/// ```
#[inline]
pub fn orient3d<P: Point3>(a: P, b: P, c: P, d: P) -> Sign {
    K3::<P>::orient3d(a.coords(), b.coords(), c.coords(), d.coords())
}

/// Whether `d` lies inside the circle through `a, b, c`: the sign of
/// `det[[adx, ady, adx² + ady²], [bdx, bdy, …], [cdx, cdy, …]]` with `adx = ax − dx` etc.
///
/// `Positive` when `d` is inside the circle and `a, b, c` are counterclockwise (the sign
/// flips for clockwise `a, b, c`); `Zero` when the four points are cocircular or
/// `a, b, c` collinear with `d` on their line. Exact for every finite input; non-finite
/// input gives `Zero` ([`try_incircle`] reports it).
///
/// # Examples
///
/// ```
/// use isect::{incircle, Sign};
/// let (a, b, c) = ([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]);
/// assert_eq!(incircle(a, b, c, [0.0, 0.5]), Sign::Positive);
/// assert_eq!(incircle(a, b, c, [0.0, -1.0]), Sign::Zero);
/// assert_eq!(incircle(a, b, c, [3.0, 0.0]), Sign::Negative);
/// // Clockwise a, b, c flip the answer:
/// assert_eq!(incircle(c, b, a, [0.0, 0.5]), Sign::Negative);
/// ```
#[inline]
pub fn incircle<P: Point2>(a: P, b: P, c: P, d: P) -> Sign {
    K2::<P>::incircle(a.coords(), b.coords(), c.coords(), d.coords())
}

/// Whether `e` lies inside the sphere through `a, b, c, d`: the sign of the 4×4
/// determinant of rows `(p − e, |p − e|²)` for `p = a, b, c, d`.
///
/// `Positive` when `e` is inside the sphere and `orient3d(a, b, c, d)` is `Positive` (the
/// sign flips when that orientation is negative); `Zero` when the five points are
/// cospherical or `a, b, c, d` coplanar with `e` on their circle. Exact for every finite
/// input; non-finite input gives `Zero` ([`try_insphere`] reports it).
///
/// # Examples
///
/// ```
/// use isect::{insphere, orient3d, Sign};
/// let (a, b, c, d) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]);
/// assert_eq!(orient3d(a, b, c, d), Sign::Positive);
/// assert_eq!(insphere(a, b, c, d, [0.0, 0.0, 0.0]), Sign::Positive);
/// assert_eq!(insphere(a, b, c, d, [0.0, -1.0, 0.0]), Sign::Zero);
/// assert_eq!(insphere(a, b, c, d, [0.0, 0.0, 2.0]), Sign::Negative);
/// ```
#[inline(always)]
pub fn insphere<P: Point3>(a: P, b: P, c: P, d: P, e: P) -> Sign {
    K3::<P>::insphere(a.coords(), b.coords(), c.coords(), d.coords(), e.coords())
}

/// `true` when the 3D points `a`, `b`, `c` lie exactly on one line (including when two
/// or all of them coincide).
///
/// Exact for every finite input: the points are collinear exactly when their projections
/// on the three coordinate planes are all collinear, which three exact [`orient2d`] calls
/// decide. For NaN or infinite input the answer is `true` (no orientation is defined);
/// check with [`try_orient3d`] first if that matters.
///
/// # Examples
///
/// ```
/// use isect::predicates::collinear3;
/// assert!(collinear3(&[0.1, 0.2, 0.3], &[0.2, 0.4, 0.6], &[0.1, 0.2, 0.3]));
/// assert!(collinear3(&[0.0, 0.0, 0.0], &[1.0, 2.0, 3.0], &[2.0, 4.0, 6.0]));
/// assert!(!collinear3(&[0.0, 0.0, 0.0], &[1.0, 2.0, 3.0], &[2.0, 4.0, 6.000000000000001]));
/// ```
pub fn collinear3<T: Scalar>(a: &[T; 3], b: &[T; 3], c: &[T; 3]) -> bool {
    // Documented: `true` for any non-finite coordinate. Without this check a projection
    // that skips the bad coordinate could still answer "not collinear" (regression test
    // in tests/rays/fuzz_regressions.rs).
    if ![a, b, c].iter().all(|p| p.iter().all(Scalar::is_finite)) {
        return true;
    }
    let proj = |p: &[T; 3], i: usize, j: usize| [p[i].clone(), p[j].clone()];
    [(0, 1), (1, 2), (2, 0)].iter().all(|&(i, j)| {
        T::Kernel::orient2d(&proj(a, i, j), &proj(b, i, j), &proj(c, i, j)) == Sign::Zero
    })
}

fn check<T: Scalar, const D: usize>(points: &[&[T; D]]) -> Result<(), InputError> {
    for (point, p) in points.iter().enumerate() {
        for (axis, x) in p.iter().enumerate() {
            if !x.is_finite() {
                return Err(InputError::NonFinite {
                    argument: point,
                    what: "point",
                    index: None,
                    axis: Some(axis),
                    value: NonFiniteValue::from(x.to_f64()),
                });
            }
        }
    }
    Ok(())
}

/// [`orient2d`], or an error naming the first non-finite coordinate.
///
/// # Errors
///
/// [`InputError::NonFinite`] if a coordinate is NaN or infinite (never for rationals).
///
/// # Examples
///
/// ```
/// use isect::{try_orient2d, Sign};
/// assert_eq!(try_orient2d([0.0, 0.0], [1.0, 0.0], [0.0, 1.0]), Ok(Sign::Positive));
/// assert!(try_orient2d([0.0, 0.0], [f64::INFINITY, 0.0], [0.0, 1.0]).is_err());
/// ```
pub fn try_orient2d<P: Point2>(a: P, b: P, c: P) -> Result<Sign, InputError> {
    check(&[a.coords(), b.coords(), c.coords()])?;
    Ok(orient2d(a, b, c))
}

/// [`orient3d`], or an error naming the first non-finite coordinate.
///
/// # Errors
///
/// [`InputError::NonFinite`] if a coordinate is NaN or infinite (never for rationals).
///
/// # Examples
///
/// ```
/// use isect::{try_orient3d, InputError};
/// let e = try_orient3d([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, f64::NAN]);
/// assert!(matches!(e, Err(InputError::NonFinite { argument: 3, axis: Some(2), .. })));
/// ```
pub fn try_orient3d<P: Point3>(a: P, b: P, c: P, d: P) -> Result<Sign, InputError> {
    check(&[a.coords(), b.coords(), c.coords(), d.coords()])?;
    Ok(orient3d(a, b, c, d))
}

/// [`incircle`], or an error naming the first non-finite coordinate.
///
/// # Errors
///
/// [`InputError::NonFinite`] if a coordinate is NaN or infinite (never for rationals).
///
/// # Examples
///
/// ```
/// use isect::{try_incircle, Sign};
/// let r = try_incircle([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]);
/// assert_eq!(r, Ok(Sign::Zero));
/// ```
pub fn try_incircle<P: Point2>(a: P, b: P, c: P, d: P) -> Result<Sign, InputError> {
    check(&[a.coords(), b.coords(), c.coords(), d.coords()])?;
    Ok(incircle(a, b, c, d))
}

/// [`insphere`], or an error naming the first non-finite coordinate.
///
/// # Errors
///
/// [`InputError::NonFinite`] if a coordinate is NaN or infinite (never for rationals).
///
/// # Examples
///
/// ```
/// use isect::{try_insphere, Sign};
/// let p = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]];
/// assert_eq!(try_insphere(p[0], p[1], p[2], p[3], [0.0, 0.0, -1.0]), Ok(Sign::Zero));
/// ```
pub fn try_insphere<P: Point3>(a: P, b: P, c: P, d: P, e: P) -> Result<Sign, InputError> {
    check(&[a.coords(), b.coords(), c.coords(), d.coords(), e.coords()])?;
    Ok(insphere(a, b, c, d, e))
}
