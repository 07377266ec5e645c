//! Sphere/AABB overlap (RTR4 §22.13.2; J. Arvo, "A simple method for box-sphere
//! intersection testing", Graphics Gems, 1990): Arvo's method decided exactly, and the
//! classic float variants (Arvo's loop, the quick-rejection and branch-free forms)
//! under a policy.

use crate::geometry::{Aabb, Sphere};
use crate::policy::Policy;
use crate::predicates::polynomial_sign;
use crate::scalar::as_f64_array;
use crate::{InputError, Scalar, Sign, Validate};

use super::filter::{finite3, nonempty};
use super::sphere_sphere::{Reach, reach_filter};

/// Whether a closed ball and a closed axis-aligned box share a point (tangency counts).
///
/// Arvo's method, exact: per axis, exact comparisons of the centre with the box's bounds
/// give the distance `eₖ` from the centre to the box along that axis (`minₖ − cₖ`,
/// `cₖ − maxₖ` or `0`: a difference of two inputs, never rounded in the decision), and the
/// answer is the exact sign of `r² − Σ eₖ²`. For `f64`/`f32` a static filter certifies
/// that sign in the common case (bound in `proofs/overlap_volumes.md`, section 2);
/// tangent and nearly tangent cases go to [`polynomial_sign`].
///
/// Degenerate input, never a panic: an empty box (`min[k] > max[k]`) or a negative
/// radius gives `false`; flat boxes and zero radii are valid; any NaN or infinite value
/// gives `false` ([`try_sphere_aabb`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere_aabb;
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// // Tangent to the corner (1, 1, 1): the centre is (1, 1, 1) + (2, 3, 6), radius 7.
/// assert!(sphere_aabb(&Sphere::new([3.0, 4.0, 7.0], 7.0), &b));
/// assert!(!sphere_aabb(&Sphere::new([3.0, 4.0, 7.0], 7.0f64.next_down()), &b));
/// // The centre inside the box: always overlapping, even with radius 0.
/// assert!(sphere_aabb(&Sphere::new([0.5; 3], 0.0), &b));
/// ```
#[inline]
pub fn sphere_aabb<T: Scalar>(s: &Sphere<T>, b: &Aabb<T>) -> bool {
    if let (Some(c), Some(r), Some(lo), Some(hi)) = (
        as_f64_array(&s.center),
        s.radius.as_f64(),
        as_f64_array(&b.min),
        as_f64_array(&b.max),
    ) && r >= 0.0
        && r.is_finite()
        && c.iter().all(|x| x.is_finite())
    {
        let mut e = [0.0; 3];
        for k in 0..3 {
            // Empty, NaN or infinite bounds: the exact path answers (false, as
            // documented; an infinite bound must not reach the filter).
            if !(lo[k] <= hi[k] && lo[k].is_finite() && hi[k].is_finite()) {
                return sphere_aabb_exact(s, b);
            }
            if c[k] < lo[k] {
                e[k] = lo[k] - c[k];
            } else if c[k] > hi[k] {
                e[k] = c[k] - hi[k];
            }
        }
        if let Some(sign) = reach_filter(r, e) {
            return sign == Sign::Positive;
        }
    }
    sphere_aabb_exact(s, b)
}

#[cold]
#[inline(never)]
fn sphere_aabb_exact<T: Scalar>(s: &Sphere<T>, b: &Aabb<T>) -> bool {
    if !finite3(&s.center) || !s.radius.is_finite() || !finite3(&b.min) || !finite3(&b.max) {
        return false;
    }
    if s.radius < T::zero() || !nonempty(b) {
        return false;
    }
    let c = &s.center;
    let diffs: [Option<(&T, &T)>; 3] = core::array::from_fn(|k| {
        if c[k] < b.min[k] {
            Some((&b.min[k], &c[k]))
        } else if c[k] > b.max[k] {
            Some((&c[k], &b.max[k]))
        } else {
            None
        }
    });
    let p = Reach {
        radii: [Some(&s.radius), None],
        diffs,
    };
    polynomial_sign::<T, _>(&p) != Sign::Negative
}

/// [`sphere_aabb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// The first problem [`Validate`] finds, the sphere (argument 0) first:
/// [`InputError::NonFinite`] (`what`: `"center"`, `"radius"`, `"min"`, `"max"`),
/// [`InputError::NegativeRadius`], [`InputError::InvertedBox`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_sphere_aabb;
/// use isect::{Aabb, InputError, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert_eq!(try_sphere_aabb(&Sphere::new([2.0, 0.5, 0.5], 1.0), &b), Ok(true));
/// assert_eq!(
///     try_sphere_aabb(&Sphere::new([2.0, 0.5, 0.5], -1.0), &b),
///     Err(InputError::NegativeRadius { argument: 0 })
/// );
/// ```
pub fn try_sphere_aabb<T: Scalar>(s: &Sphere<T>, b: &Aabb<T>) -> Result<bool, InputError> {
    s.validate(0)?;
    b.validate(1)?;
    Ok(sphere_aabb(s, b))
}

/// Arvo's sphere/AABB test as published, computed in `T` and decided under `policy`.
///
/// What is computed, in `T`'s arithmetic: per axis, `e = cₖ − minₖ` if `cₖ < minₖ`, else
/// `e = cₖ − maxₖ` if `cₖ > maxₖ`, else nothing, accumulating `d = Σ e²`; overlap iff
/// `policy.sign(r² − d, r² + d)` is not `Negative`. The comparisons are exact; the
/// differences, squares and sums round, so **not exact** for floats (nearly tangent
/// pairs can be misjudged). Exact for rationals under [`Naive`](crate::policy::Naive).
/// No validation: inverted boxes and negative radii go through the formula; NaN gives an
/// arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::{sphere_aabb, sphere_aabb_arvo_with};
/// use isect::policy::{Naive, Relative};
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// let s = Sphere::new([1.5, 0.5, 0.5], 0.5 - 1e-12); // misses the face x = 1 by 1e-12
/// assert!(!sphere_aabb(&s, &b));
/// assert!(!sphere_aabb_arvo_with(Naive, &s, &b));
/// assert!(sphere_aabb_arvo_with(Relative { eps: 1e-9 }, &s, &b));
/// ```
pub fn sphere_aabb_arvo_with<T: Scalar, P: Policy<T>>(
    policy: P,
    s: &Sphere<T>,
    b: &Aabb<T>,
) -> bool {
    let mut d = T::zero();
    for k in 0..3 {
        let c = &s.center[k];
        if *c < b.min[k] {
            let e = c.clone() - &b.min[k];
            d = d + e.clone() * e;
        } else if *c > b.max[k] {
            let e = c.clone() - &b.max[k];
            d = d + e.clone() * e;
        }
    }
    let rr = s.radius.clone() * &s.radius;
    policy.sign(&(rr.clone() - &d), &(rr + d)) != Sign::Negative
}

/// The quick-rejection variant of Arvo's test (RTR §22.13.2), computed in `T` and decided
/// under `policy`.
///
/// As [`sphere_aabb_arvo_with`], but on each axis it first rejects when the centre is
/// farther than `r` from the slab: `policy.sign(−r − e, r + |e|)` is `Positive` for
/// `e = cₖ − minₖ < 0`, or `policy.sign(e − r, r + |e|)` is `Positive` for
/// `e = cₖ − maxₖ > 0` (one comparison saves the squares on far pairs). **Not exact**
/// for floats (the differences and the final sum round). No validation; NaN gives an
/// arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere_aabb_quick_reject_with;
/// use isect::policy::Naive;
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert!(!sphere_aabb_quick_reject_with(Naive, &Sphere::new([5.0, 0.5, 0.5], 1.0), &b));
/// assert!(sphere_aabb_quick_reject_with(Naive, &Sphere::new([1.5, 1.5, 0.5], 0.75), &b));
/// ```
pub fn sphere_aabb_quick_reject_with<T: Scalar, P: Policy<T>>(
    policy: P,
    s: &Sphere<T>,
    b: &Aabb<T>,
) -> bool {
    let r = &s.radius;
    let mut d = T::zero();
    for k in 0..3 {
        let c = &s.center[k];
        let e = c.clone() - &b.min[k];
        if e < T::zero() {
            let scale = r.clone() - &e;
            if policy.sign(&(-r.clone() - &e), &scale) == Sign::Positive {
                return false;
            }
            d = d + e.clone() * e;
            continue;
        }
        let e = c.clone() - &b.max[k];
        if e > T::zero() {
            let scale = r.clone() + &e;
            if policy.sign(&(e.clone() - r), &scale) == Sign::Positive {
                return false;
            }
            d = d + e.clone() * e;
        }
    }
    let rr = r.clone() * r;
    policy.sign(&(rr.clone() - &d), &(rr + d)) != Sign::Negative
}

/// The branch-free sphere/AABB test, computed in `T` and decided under `policy`.
///
/// What is computed, in `T`'s arithmetic: per axis
/// `e = max(minₖ − cₖ, 0) + max(cₖ − maxₖ, 0)` (the clamped distance, written without
/// data-dependent branches so it vectorizes), `d = Σ e²`; overlap iff
/// `policy.sign(r² − d, r² + d)` is not `Negative`. **Not exact** for floats. No
/// validation; NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere_aabb_branchless_with;
/// use isect::policy::Naive;
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert!(sphere_aabb_branchless_with(Naive, &Sphere::new([2.0, 2.0, 2.0], 1.8), &b));
/// assert!(!sphere_aabb_branchless_with(Naive, &Sphere::new([2.0, 2.0, 2.0], 1.7), &b));
/// ```
#[inline]
pub fn sphere_aabb_branchless_with<T: Scalar, P: Policy<T>>(
    policy: P,
    s: &Sphere<T>,
    b: &Aabb<T>,
) -> bool {
    let pos = |x: T| if x > T::zero() { x } else { T::zero() };
    let mut d = T::zero();
    for k in 0..3 {
        let c = &s.center[k];
        let e = pos(b.min[k].clone() - c) + pos(c.clone() - &b.max[k]);
        d = d + e.clone() * e;
    }
    let rr = s.radius.clone() * &s.radius;
    policy.sign(&(rr.clone() - &d), &(rr + d)) != Sign::Negative
}
