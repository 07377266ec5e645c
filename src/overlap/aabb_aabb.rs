//! AABB/AABB overlap (Real-Time Rendering, 4th ed., section 22.12: "AABB/AABB"), and
//! the small helpers the other bounding-volume tests of this directory share.
//!
//! * [`aabb_aabb`]: exact. Two closed boxes meet iff their intervals meet on all three
//!   axes; each condition is a comparison of two input numbers, which no scalar type
//!   rounds, so the test is exact for `f32`, `f64` and rationals with no filter.
//! * [`aabb_aabb_center_extent_with`]: the classic centre/half-extent form
//!   (`|c_a − c_b| ≤ h_a + h_b` per axis), computed in `T` with rounding and decided under
//!   a [`Policy`], kept for comparison: the halving and the sums round, so for floats it
//!   can misjudge touching boxes.
//!
//! # Conventions
//!
//! Boxes are closed: sharing a face, an edge or a corner counts as overlapping. A box with
//! `min[k] > max[k]` on some axis is **empty** (as [`Aabb`] documents): it overlaps nothing,
//! not even itself. A NaN coordinate makes every comparison false, so the plain functions
//! answer `false`; [`try_aabb_aabb`] reports NaN and infinite coordinates and inverted
//! boxes instead.

use core::any::Any;

use crate::geometry::{Aabb, GeometryError};
use crate::policy::Policy;
use crate::{Scalar, Sign};

/// Whether two closed axis-aligned boxes share a point (touching counts).
///
/// Exact for every scalar type: `a.min[k] ≤ b.max[k]` and `b.min[k] ≤ a.max[k]` on every
/// axis, and both boxes non-empty (`min[k] ≤ max[k]`); only comparisons of input numbers,
/// nothing is computed. Symmetric in `a` and `b`.
///
/// Degenerate input, never a panic: an inverted box (`min[k] > max[k]`) is empty and gives
/// `false`; a flat box (`min[k] = max[k]`) is a valid rectangle, segment or point; a NaN
/// coordinate gives `false`; infinite coordinates are compared as the IEEE values they are
/// (a box reaching to `+∞` contains arbitrarily large points). [`try_aabb_aabb`] refuses
/// NaN, infinite and inverted input.
///
/// # Examples
///
/// ```
/// use isect::overlap::aabb_aabb::aabb_aabb;
/// use isect::Aabb;
/// let a = Aabb::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
/// // Sharing only the corner (1, 1, 1):
/// assert!(aabb_aabb(&a, &Aabb::new([1.0, 1.0, 1.0], [2.0, 2.0, 2.0])));
/// // One ulp further away:
/// let next = 1.0f64.next_up();
/// assert!(!aabb_aabb(&a, &Aabb::new([next, 0.0, 0.0], [2.0, 1.0, 1.0])));
/// // An inverted box is empty, even against itself:
/// let inv = Aabb::new([1.0, 0.0, 0.0], [0.0, 1.0, 1.0]);
/// assert!(!aabb_aabb(&inv, &inv));
/// ```
#[inline]
pub fn aabb_aabb<T: Scalar>(a: &Aabb<T>, b: &Aabb<T>) -> bool {
    (0..3).all(|k| {
        a.min[k] <= a.max[k] && b.min[k] <= b.max[k] && a.min[k] <= b.max[k] && b.min[k] <= a.max[k]
    })
}

/// [`aabb_aabb`], refusing invalid boxes instead of answering for them.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] for a NaN or infinite coordinate (`what` is
/// `"first box's min"`, `"first box's max"`, `"second box's min"` or
/// `"second box's max"`), then [`GeometryError::InvertedBox`] if a box has
/// `min[k] > max[k]` (first box first).
///
/// # Examples
///
/// ```
/// use isect::overlap::aabb_aabb::try_aabb_aabb;
/// use isect::{Aabb, GeometryError};
/// let a = Aabb::new([0.0; 3], [1.0; 3]);
/// assert_eq!(try_aabb_aabb(&a, &Aabb::new([0.5; 3], [2.0; 3])), Ok(true));
/// let bad = Aabb::new([0.0, f64::NAN, 0.0], [1.0; 3]);
/// assert_eq!(
///     try_aabb_aabb(&a, &bad),
///     Err(GeometryError::NonFinite { what: "second box's min", index: 1, axis: 1 })
/// );
/// let inverted = Aabb::new([0.0, 0.0, 2.0], [1.0, 1.0, 1.0]);
/// assert_eq!(try_aabb_aabb(&inverted, &a), Err(GeometryError::InvertedBox { axis: 2 }));
/// ```
pub fn try_aabb_aabb<T: Scalar>(a: &Aabb<T>, b: &Aabb<T>) -> Result<bool, GeometryError> {
    check3("first box's min", 0, &a.min)?;
    check3("first box's max", 0, &a.max)?;
    check3("second box's min", 1, &b.min)?;
    check3("second box's max", 1, &b.max)?;
    check_inverted(a)?;
    check_inverted(b)?;
    Ok(aabb_aabb(a, b))
}

/// The classic centre/half-extent AABB test (RTR §22.12), computed in `T` and decided
/// under `policy`.
///
/// What is computed, per axis `k`, in `T`'s arithmetic (rounded for floats): the centres
/// `c = (min + max)/2` and half extents `h = (max − min)/2` of both boxes, then
/// `g = |c_a − c_b| − (h_a + h_b)`; the boxes are reported overlapping iff
/// `policy.sign(g, |c_a − c_b| + h_a + h_b)` is not `Positive` on every axis (so
/// `Absolute { eps }` accepts gaps up to `eps`).
///
/// **Not exact** for floats: the halving, the differences and the sums round, so boxes
/// that touch or miss by an ulp can be misjudged, and coordinates near `f64::MAX`
/// overflow in `min + max`. For rationals under [`Naive`](crate::policy::Naive) or
/// [`Exact`](crate::policy::Exact) nothing rounds and the answer is [`aabb_aabb`]'s for
/// non-empty boxes. Inverted boxes get a negative half extent and whatever the formula
/// gives; NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::aabb_aabb::{aabb_aabb, aabb_aabb_center_extent_with};
/// use isect::policy::{Absolute, Naive};
/// use isect::Aabb;
/// let a = Aabb::new([0.0; 3], [1.0; 3]);
/// let b = Aabb::new([1.0 + 1e-12, 0.0, 0.0], [2.0, 1.0, 1.0]); // a gap of 1e-12
/// assert!(!aabb_aabb(&a, &b));
/// assert!(!aabb_aabb_center_extent_with(Naive, &a, &b));
/// assert!(aabb_aabb_center_extent_with(Absolute { eps: 1e-9 }, &a, &b));
/// ```
pub fn aabb_aabb_center_extent_with<T: Scalar, P: Policy<T>>(
    policy: P,
    a: &Aabb<T>,
    b: &Aabb<T>,
) -> bool {
    let two = T::one() + T::one();
    (0..3).all(|k| {
        let ca = (a.min[k].clone() + &a.max[k]) / &two;
        let cb = (b.min[k].clone() + &b.max[k]) / &two;
        let ha = (a.max[k].clone() - &a.min[k]) / &two;
        let hb = (b.max[k].clone() - &b.min[k]) / &two;
        let dist = abs(ca - cb);
        let reach = ha + hb;
        let scale = dist.clone() + &abs(reach.clone());
        policy.sign(&(dist - reach), &scale) != Sign::Positive
    })
}

// ---------------------------------------------------------------------------------------
// Shared by the bounding-volume tests of this directory
// ---------------------------------------------------------------------------------------

/// `|x|` in `T`.
#[inline(always)]
pub(super) fn abs<T: Scalar>(x: T) -> T {
    if x < T::zero() {
        -x
    } else {
        x
    }
}

/// `x` as `f64` if `T` is `f64` or `f32` (an exact conversion), else `None`. Monomorphises
/// to a constant choice.
#[inline(always)]
pub(super) fn wide<T: Scalar>(x: &T) -> Option<f64> {
    let any = x as &dyn Any;
    if let Some(v) = any.downcast_ref::<f64>() {
        return Some(*v);
    }
    any.downcast_ref::<f32>().map(|v| f64::from(*v))
}

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

/// [`wide`] for a point.
#[inline(always)]
pub(super) fn wide3<T: Scalar>(p: &[T; 3]) -> Option<[f64; 3]> {
    Some([wide(&p[0])?, wide(&p[1])?, wide(&p[2])?])
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

/// `Err(NonFinite { what, index, axis })` for the first non-finite coordinate of `p`.
pub(super) fn check3<T: Scalar>(
    what: &'static str,
    index: usize,
    p: &[T; 3],
) -> Result<(), GeometryError> {
    match p.iter().position(|x| !x.is_finite()) {
        Some(axis) => Err(GeometryError::NonFinite { what, index, axis }),
        None => Ok(()),
    }
}

/// `Err(InvertedBox { axis })` for the first axis with `min > max`.
pub(super) fn check_inverted<T: Scalar>(b: &Aabb<T>) -> Result<(), GeometryError> {
    match (0..3).find(|&k| b.min[k] > b.max[k]) {
        Some(axis) => Err(GeometryError::InvertedBox { axis }),
        None => Ok(()),
    }
}
