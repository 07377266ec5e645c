//! Möller–Trumbore ray/triangle intersection (Möller & Trumbore 1997; RTR 22.8) under a
//! [`Policy`], in its classic form and in the tolerant form that widens the barycentric
//! tests.

use super::RayHit;
use crate::policy::{Exact, Policy};
use crate::vec3::{cross, dot, sub};
use crate::{InputError, Ray, Scalar, Sign, Triangle, Validate};

/// Möller–Trumbore ray/triangle test (Möller & Trumbore 1997; RTR 22.8) with the parallel
/// test decided by [`Exact`]: [`ray_triangle_moller_with`] with the default policy.
///
/// See [`ray_triangle_moller_with`] for what is computed and what is not exact.
///
/// # Examples
///
/// ```
/// use isect::ray::ray_triangle_moller;
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let hit = ray_triangle_moller(&Ray::new([0.25, 0.25, 1.0], [0.0, 0.0, -1.0]), &tri).unwrap();
/// assert_eq!(hit.t, 1.0);
/// ```
pub fn ray_triangle_moller<T: Scalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<RayHit<T>> {
    ray_triangle_moller_with(Exact, ray, tri)
}

/// Möller–Trumbore ray/triangle test, the classic fast formula, with its "parallel"
/// decision (`det ≈ 0`) made by `policy`.
///
/// Computes, in `T`'s arithmetic: `e1 = b − a`, `e2 = c − a`, `p = d × e2`,
/// `det = e1 · p`; if `policy.sign(det, |e1|·|p|)` is `Zero` the ray is taken as parallel
/// and misses. Then `u = ((o − a) · p) / det`, `v = (d · ((o − a) × e1)) / det`,
/// `t = (e2 · ((o − a) × e1)) / det`, and the ray hits when `0 ≤ u`, `0 ≤ v`,
/// `u + v ≤ 1` and `t ≥ 0` (plain comparisons, closed triangle). `barycentric` is
/// `[1 − u − v, u, v]`, `front` is `det > 0`, and `t_error` is not computed (`NaN`) for
/// floats, zero for rationals.
///
/// **Not exact for floats** under any policy: every comparison reads a rounded value, so
/// rays near edges and vertices can miss both neighbouring triangles or hit both (`isect
/// audit` measures how often). For rationals with [`Naive`](crate::policy::Naive) or
/// [`Exact`] every value is exact and the test is the exact closed test.
/// NaN or infinite input: `None` (every comparison with NaN fails).
///
/// # Examples
///
/// ```
/// use isect::policy::Absolute;
/// use isect::ray::ray_triangle_moller_with;
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// // A ray almost in the plane: an absolute epsilon calls it parallel.
/// let ray = Ray::new([0.0, 0.25, 1e-9], [0.5, 0.0, -1e-9]);
/// assert!(ray_triangle_moller_with(Absolute { eps: 1e-6 }, &ray, &tri).is_none());
/// assert!(ray_triangle_moller_with(Absolute { eps: 0.0 }, &ray, &tri).is_some());
/// ```
pub fn ray_triangle_moller_with<T: Scalar, P: Policy<T>>(
    policy: P,
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Option<RayHit<T>> {
    moller(policy, ray, tri, false)
}

/// Möller–Trumbore with the tolerance on the **barycentric** tests as well: the variant
/// much code uses to "close the cracks" between triangles (`u ≥ −ε` instead of `u ≥ 0`).
///
/// Computes what [`ray_triangle_moller_with`] computes, and then accepts the hit when
/// none of `u`, `1 − u`, `v`, `1 − (u + v)` is `Negative` under `policy.sign(value, 1)`
/// (and `t ≥ 0` as a plain comparison; `1 − (u + v)` from the same rounded sum the classic
/// test compares with 1, so every hit of the classic test is a hit here, under any
/// policy). With [`Absolute`](crate::policy::Absolute)` { eps }` that is
/// `u ≥ −ε`, `v ≥ −ε`, `u + v ≤ 1 + ε`: every triangle grows by `ε` in barycentric
/// units, so rays through shared edges and vertices are reported by more triangles
/// (fewer leaks, more double counts); with [`Ulps`](crate::policy::Ulps)` { n }` the
/// tolerance is `n·ε_T`. With [`Exact`] or [`Naive`](crate::policy::Naive) it is
/// [`ray_triangle_moller_with`] (the sign of a rounded `u` is its comparison with zero).
///
/// **Not exact for floats** under any policy (the values compared are rounded); `isect
/// audit` measures the trade-off against the exact answer. NaN or infinite input: `None`.
///
/// # Examples
///
/// ```
/// use isect::policy::Absolute;
/// use isect::ray::ray_triangle_moller_tolerant_with;
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// // Just outside the edge v = 0: a tolerance of 1e-6 in barycentric units accepts it.
/// let ray = Ray::new([0.5, -1e-9, 1.0], [0.0, 0.0, -1.0]);
/// assert!(ray_triangle_moller_tolerant_with(Absolute { eps: 1e-6 }, &ray, &tri).is_some());
/// assert!(ray_triangle_moller_tolerant_with(Absolute { eps: 0.0 }, &ray, &tri).is_none());
/// ```
pub fn ray_triangle_moller_tolerant_with<T: Scalar, P: Policy<T>>(
    policy: P,
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Option<RayHit<T>> {
    moller(policy, ray, tri, true)
}

#[inline(always)]
fn moller<T: Scalar, P: Policy<T>>(
    policy: P,
    ray: &Ray<T>,
    tri: &Triangle<T>,
    tolerant: bool,
) -> Option<RayHit<T>> {
    let (o, d) = (&ray.origin, &ray.direction);
    let abs = |x: &T| {
        if *x < T::zero() {
            T::zero() - x.clone()
        } else {
            x.clone()
        }
    };
    let e1 = sub(&tri.b, &tri.a);
    let e2 = sub(&tri.c, &tri.a);
    let p = cross(d, &e2);
    let det = dot(&e1, &p);
    let scale = dot(&e1.clone().map(|x| abs(&x)), &p.clone().map(|x| abs(&x)));
    if policy.sign(&det, &scale) == Sign::Zero {
        return None;
    }
    let inv = T::one() / det.clone();
    let s = sub(o, &tri.a);
    let u = dot(&s, &p) * inv.clone();
    // Tolerant: `x ≥ 0` as "finite and not Negative" under the policy, for `u`, `1 − u`,
    // `v`, `1 − u − v`; otherwise the classic comparisons, as published.
    let nonneg = |x: T| x.is_finite() && policy.sign(&x, &T::one()) != Sign::Negative;
    let u_ok = if tolerant {
        nonneg(u.clone()) && nonneg(T::one() - u.clone())
    } else {
        u >= T::zero() && u <= T::one()
    };
    if !u_ok {
        return None;
    }
    let qv = cross(&s, &e1);
    let v = dot(d, &qv) * inv.clone();
    let v_ok = if tolerant {
        // `1 − (u + v)`, not `1 − u − v`: its sign is exactly that of the classic
        // `u + v ≤ 1` on the same rounded sum, so Exact/Naive give the classic answer and
        // every tolerance accepts a superset.
        nonneg(v.clone()) && nonneg(T::one() - (u.clone() + v.clone()))
    } else {
        v >= T::zero() && u.clone() + v.clone() <= T::one()
    };
    if !v_ok {
        return None;
    }
    let t = dot(&e2, &qv) * inv;
    if !matches!(
        t.partial_cmp(&T::zero()),
        Some(core::cmp::Ordering::Greater | core::cmp::Ordering::Equal)
    ) {
        return None;
    }
    Some(RayHit {
        t,
        barycentric: [T::one() - u.clone() - v.clone(), u, v],
        front: det > T::zero(),
        t_error: if T::FLOAT.is_none() { 0.0 } else { f64::NAN },
    })
}

/// [`ray_triangle_moller`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0) or
/// of a vertex (argument 1), [`InputError::ZeroDirection`] for a zero direction.
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_triangle_moller;
/// use isect::{InputError, Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let ray = Ray::new([0.25, 0.25, 1.0], [0.0, 0.0, -1.0]);
/// assert_eq!(try_ray_triangle_moller(&ray, &tri).unwrap().unwrap().t, 1.0);
/// let far = Ray::new([0.25, f64::INFINITY, 1.0], [0.0, 0.0, -1.0]);
/// assert!(matches!(
///     try_ray_triangle_moller(&far, &tri),
///     Err(InputError::NonFinite { argument: 0, what: "origin", axis: Some(1), .. })
/// ));
/// ```
pub fn try_ray_triangle_moller<T: Scalar>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Result<Option<RayHit<T>>, InputError> {
    ray.validate(0)?;
    tri.validate(1)?;
    Ok(ray_triangle_moller(ray, tri))
}

/// [`ray_triangle_moller_with`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 1) or
/// of a vertex (argument 2), [`InputError::ZeroDirection`] for a zero direction.
///
/// # Examples
///
/// ```
/// use isect::policy::Naive;
/// use isect::ray::try_ray_triangle_moller_with;
/// use isect::{InputError, Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let ray = Ray::new([0.25, 0.25, 1.0], [0.0; 3]);
/// assert_eq!(
///     try_ray_triangle_moller_with(Naive, &ray, &tri),
///     Err(InputError::ZeroDirection { argument: 1 })
/// );
/// ```
pub fn try_ray_triangle_moller_with<T: Scalar, P: Policy<T>>(
    policy: P,
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Result<Option<RayHit<T>>, InputError> {
    ray.validate(1)?;
    tri.validate(2)?;
    Ok(ray_triangle_moller_with(policy, ray, tri))
}

/// [`ray_triangle_moller_tolerant_with`], refusing invalid input instead of answering for
/// it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 1) or
/// of a vertex (argument 2), [`InputError::ZeroDirection`] for a zero direction.
///
/// # Examples
///
/// ```
/// use isect::policy::Absolute;
/// use isect::ray::try_ray_triangle_moller_tolerant_with;
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let ray = Ray::new([0.5, -1e-9, 1.0], [0.0, 0.0, -1.0]);
/// let eps = Absolute { eps: 1e-6 };
/// assert!(try_ray_triangle_moller_tolerant_with(eps, &ray, &tri).unwrap().is_some());
/// ```
pub fn try_ray_triangle_moller_tolerant_with<T: Scalar, P: Policy<T>>(
    policy: P,
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Result<Option<RayHit<T>>, InputError> {
    ray.validate(1)?;
    tri.validate(2)?;
    Ok(ray_triangle_moller_tolerant_with(policy, ray, tri))
}
