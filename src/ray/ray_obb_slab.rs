//! The classic slab test in the box frame (RTR §22.7.1) under a [`Policy`]
//! ([`ray_obb_slab_with`]).

use super::Span;
use crate::policy::{Naive, Policy};
use crate::vec3::{dot, sub};
use crate::{FloatScalar, InputError, Obb, Ray, Sign, Validate};

/// The classic slab test in the box frame (RTR §22.7.1), in `f32` or `f64`, deciding its
/// signs under `policy`.
///
/// For each axis `aᵢ`: `e = aᵢ·(center − o)`, `f = aᵢ·d`, `w = hᵢ·(aᵢ·aᵢ)`. If `f` is not
/// zero under the policy (scale `Σ|aᵢₖ·dₖ|`), the slab is entered and left at
/// `(e ∓ w)/f`; otherwise the ray is parallel to it and must start inside: it misses if
/// `−e − w` or `e − w` is positive under the policy. A hit iff the largest entry (and `0`)
/// is at most the smallest exit.
///
/// This reads the box as if its **axes were orthogonal** (any lengths): for skewed axes
/// it tests a different box; [`ray_obb`](fn@super::ray_obb) reads every box exactly.
/// **Not exact**: all quantities are rounded, and under [`Exact`](crate::policy::Exact)
/// this behaves as under [`Naive`] (the policy only sees rounded values). NaN coordinates
/// give an arbitrary answer, never a panic; a zero direction is treated as a point
/// (`[0, ∞]` if inside).
///
/// # Examples
///
/// ```
/// use isect::policy::{Absolute, Naive};
/// use isect::ray::ray_obb_slab_with;
/// use isect::{Obb, Ray};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// // Nearly parallel to the x slabs, starting outside them: the epsilon calls it parallel.
/// let ray = Ray::new([2.0, 0.0, 0.0], [-1e-12, 1.0, 0.0]);
/// assert!(ray_obb_slab_with(Absolute { eps: 1e-9 }, &ray, &b).is_none());
/// let ray = Ray::new([-2.0, 0.0, 0.0], [1.0, 0.0, 0.0]);
/// assert_eq!(ray_obb_slab_with(Naive, &ray, &b).map(|s| s.t_enter), Some(1.0));
/// ```
pub fn ray_obb_slab_with<F: FloatScalar, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    obb: &Obb<F>,
) -> Option<Span<F>> {
    let mut t_enter = F::zero();
    let mut t_exit = F::infinity();
    let p = sub(&obb.center, &ray.origin);
    for i in 0..3 {
        let a = &obb.axes[i];
        let e = dot(a, &p);
        let e_scale = (a[0] * p[0]).abs() + (a[1] * p[1]).abs() + (a[2] * p[2]).abs();
        let d = &ray.direction;
        let f = dot(a, d);
        let f_scale = (a[0] * d[0]).abs() + (a[1] * d[1]).abs() + (a[2] * d[2]).abs();
        let w = obb.half_extents[i] * dot(a, a);
        if policy.sign(&f, &f_scale) != Sign::Zero {
            let (t1, t2) = ((e - w) / f, (e + w) / f);
            let (t1, t2) = if t1 > t2 { (t2, t1) } else { (t1, t2) };
            if t1 > t_enter {
                t_enter = t1;
            }
            if t2 < t_exit {
                t_exit = t2;
            }
            if t_enter > t_exit {
                return None;
            }
        } else {
            let scale = e_scale + w.abs();
            if policy.sign(&(-e - w), &scale) == Sign::Positive
                || policy.sign(&(e - w), &scale) == Sign::Positive
            {
                return None;
            }
        }
    }
    (t_enter <= t_exit).then_some(Span { t_enter, t_exit })
}

/// [`ray_obb_slab_with`] under [`Naive`] (no tolerance: the plain float code).
///
/// # Examples
///
/// ```
/// use isect::ray::ray_obb_slab;
/// use isect::{Obb, Ray};
/// let id = [[1.0_f32, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert!(ray_obb_slab(&Ray::new([0.0, 0.0, 5.0], [0.0, 0.0, -1.0]), &b).is_some());
/// ```
pub fn ray_obb_slab<F: FloatScalar>(ray: &Ray<F>, obb: &Obb<F>) -> Option<Span<F>> {
    ray_obb_slab_with(Naive, ray, obb)
}

/// [`ray_obb_slab`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0) or
/// of the box (argument 1), [`InputError::ZeroDirection`] for a zero direction,
/// [`InputError::InvertedBox`] for a negative half extent.
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_obb_slab;
/// use isect::{InputError, Obb, Ray};
/// let id = [[1.0_f32, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let ray = Ray::new([0.0, 0.0, 5.0], [0.0, 0.0, -1.0]);
/// assert!(try_ray_obb_slab(&ray, &Obb::new([0.0; 3], id, [1.0; 3])).unwrap().is_some());
/// assert_eq!(
///     try_ray_obb_slab(&ray, &Obb::new([0.0; 3], id, [1.0, 1.0, -1.0])),
///     Err(InputError::InvertedBox { argument: 1, axis: 2 })
/// );
/// ```
pub fn try_ray_obb_slab<F: FloatScalar>(
    ray: &Ray<F>,
    obb: &Obb<F>,
) -> Result<Option<Span<F>>, InputError> {
    ray.validate(0)?;
    obb.validate(1)?;
    Ok(ray_obb_slab(ray, obb))
}

/// [`ray_obb_slab_with`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 1) or
/// of the box (argument 2), [`InputError::ZeroDirection`] for a zero direction,
/// [`InputError::InvertedBox`] for a negative half extent.
///
/// # Examples
///
/// ```
/// use isect::policy::Naive;
/// use isect::ray::try_ray_obb_slab_with;
/// use isect::{InputError, Obb, Ray};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert_eq!(
///     try_ray_obb_slab_with(Naive, &Ray::new([0.0; 3], [0.0; 3]), &b),
///     Err(InputError::ZeroDirection { argument: 1 })
/// );
/// ```
pub fn try_ray_obb_slab_with<F: FloatScalar, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    obb: &Obb<F>,
) -> Result<Option<Span<F>>, InputError> {
    ray.validate(1)?;
    obb.validate(2)?;
    Ok(ray_obb_slab_with(policy, ray, obb))
}
