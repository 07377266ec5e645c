//! AABB/AABB overlap (Real-Time Rendering, 4th ed., section 22.12): the exact test,
//! comparisons of input numbers only, and the classic centre/half-extent form under a
//! policy.

use crate::geometry::Aabb;
use crate::policy::Policy;
use crate::{InputError, Scalar, Sign, Validate};

use super::filter::abs;

/// Whether two closed axis-aligned boxes share a point (touching counts), RTR4 §22.12.
///
/// Boxes are closed: sharing a face, an edge or a corner counts as overlapping. Exact for
/// every scalar type: `a.min[k] ≤ b.max[k]` and `b.min[k] ≤ a.max[k]` on every
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
/// use isect::overlap::aabb_aabb;
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
/// The first problem [`Validate`] finds, `a` (argument 0) first:
/// [`InputError::NonFinite`] for a NaN or infinite coordinate (`what` is `"min"` or
/// `"max"`), [`InputError::InvertedBox`] for `min[k] > max[k]`.
///
/// # Examples
///
/// ```
/// use isect::overlap::try_aabb_aabb;
/// use isect::{Aabb, InputError, NonFiniteValue};
/// let a = Aabb::new([0.0; 3], [1.0; 3]);
/// assert_eq!(try_aabb_aabb(&a, &Aabb::new([0.5; 3], [2.0; 3])), Ok(true));
/// let bad = Aabb::new([0.0, f64::NAN, 0.0], [1.0; 3]);
/// assert_eq!(
///     try_aabb_aabb(&a, &bad),
///     Err(InputError::NonFinite {
///         argument: 1,
///         what: "min",
///         index: None,
///         axis: Some(1),
///         value: NonFiniteValue::NaN,
///     })
/// );
/// let inverted = Aabb::new([0.0, 0.0, 2.0], [1.0, 1.0, 1.0]);
/// assert_eq!(
///     try_aabb_aabb(&inverted, &a),
///     Err(InputError::InvertedBox { argument: 0, axis: 2 })
/// );
/// ```
pub fn try_aabb_aabb<T: Scalar>(a: &Aabb<T>, b: &Aabb<T>) -> Result<bool, InputError> {
    a.validate(0)?;
    b.validate(1)?;
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
/// use isect::overlap::{aabb_aabb, aabb_aabb_center_extent_with};
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
