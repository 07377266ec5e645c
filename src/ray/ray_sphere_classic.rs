//! The classic float ray/sphere tests of Real-Time Rendering under a [`Policy`]: the
//! algebraic form (RTR §22.6.1) and the optimized geometric form (RTR §22.6.2).

use super::Span;
use crate::policy::{Naive, Policy};
use crate::{FloatScalar, InputError, Ray, Sign, Sphere, Validate};

/// `[t_enter, t_exit]` in `f64` (exact).
#[inline(always)]
fn widen<F: FloatScalar>(s: Span<F>) -> Span<f64> {
    Span {
        t_enter: s.t_enter.widen(),
        t_exit: s.t_exit.widen(),
    }
}

/// `x·y` and `Σ|xᵢyᵢ|`, in `F`.
fn dot3<F: FloatScalar>(x: &[F; 3], y: &[F; 3]) -> (F, F) {
    let p = [x[0] * y[0], x[1] * y[1], x[2] * y[2]];
    (p[0] + p[1] + p[2], p[0].abs() + p[1].abs() + p[2].abs())
}

/// The classic algebraic ray/sphere test (RTR §22.6.1), in `f32` or `f64`, deciding its
/// signs under `policy`.
///
/// Computes in `F`: `f = o − c`, `a = d·d`, `b = f·d`, `c₀ = f·f − r²`,
/// `Δ = b² − a·c₀`. The origin is inside if `c₀` is not positive under the policy (scale
/// `f·f + r²`); otherwise a miss if `Δ` is negative (scale `b² + a·(f·f + r²)`), else the
/// roots `(−b ∓ √Δ)/a` are computed and the ray misses if the larger is negative under the
/// policy (scale `|b| + √Δ`). Returns `[max(t₀, 0), t₁]` (`[0, t₁]` from inside),
/// computed in `F` and reported as `f64` (exactly), the type
/// [`ray_sphere`](fn@super::ray_sphere) reports.
///
/// **Not exact**: every value is rounded; under [`Exact`](crate::policy::Exact) this
/// behaves as under [`Naive`] (the policy only sees rounded values). Use
/// [`ray_sphere`](fn@super::ray_sphere) for exact answers. A zero direction gives `a = 0`: a hit iff the origin is inside,
/// `[0, 0]`; a negative radius is read through `r²` (as the classic formula does: the
/// sign of `r` is ignored); NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::policy::{Naive, Relative};
/// use isect::ray::ray_sphere_algebraic_with;
/// use isect::{Ray, Sphere};
/// let s = Sphere::new([0.0, 0.0, 10.0], 1.0);
/// let hit = ray_sphere_algebraic_with(Naive, &Ray::new([0.0; 3], [0.0, 0.0, 1.0]), &s).unwrap();
/// assert_eq!((hit.t_enter, hit.t_exit), (9.0, 11.0));
/// // Just outside the tangent: a relative tolerance reports a (tangent) hit.
/// let ray = Ray::new([1.0 + 1e-12, 0.0, 0.0], [0.0, 0.0, 1.0]);
/// assert!(ray_sphere_algebraic_with(Naive, &ray, &s).is_none());
/// assert!(ray_sphere_algebraic_with(Relative { eps: 1e-9 }, &ray, &s).is_some());
/// ```
pub fn ray_sphere_algebraic_with<F: FloatScalar, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    sphere: &Sphere<F>,
) -> Option<Span<f64>> {
    algebraic(policy, ray, sphere).map(widen)
}

fn algebraic<F: FloatScalar, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    sphere: &Sphere<F>,
) -> Option<Span<F>> {
    let f: [F; 3] = core::array::from_fn(|k| ray.origin[k] - sphere.center[k]);
    let d = &ray.direction;
    let r2 = sphere.radius * sphere.radius;
    let (a, _) = dot3(d, d);
    let (b, _) = dot3(&f, d);
    let (ff, _) = dot3(&f, &f);
    let c0 = ff - r2;
    let inside = policy.sign(&c0, &(ff + r2)) != Sign::Positive;
    let disc = b * b - a * c0;
    if !inside && policy.sign(&disc, &(b * b + a * (ff + r2))) == Sign::Negative {
        return None;
    }
    let s = disc.max(F::zero()).sqrt();
    if a == F::zero() {
        return inside.then_some(Span {
            t_enter: F::zero(),
            t_exit: F::zero(),
        });
    }
    let t1 = (-b + s) / a;
    if !inside && policy.sign(&(-b + s), &(b.abs() + s)) == Sign::Negative {
        return None;
    }
    let t0 = (-b - s) / a;
    let t_enter = if inside { F::zero() } else { t0.max(F::zero()) };
    Some(Span {
        t_enter,
        t_exit: t1.max(t_enter),
    })
}

/// [`ray_sphere_algebraic_with`] under [`Naive`] (no tolerance: the plain float code).
///
/// # Examples
///
/// ```
/// use isect::ray::ray_sphere_algebraic;
/// use isect::{Ray, Sphere};
/// let s = Sphere::new([0.0_f32, 0.0, 4.0], 1.0);
/// assert_eq!(ray_sphere_algebraic(&Ray::new([0.0; 3], [0.0, 0.0, 1.0]), &s).unwrap().t_enter, 3.0);
/// ```
pub fn ray_sphere_algebraic<F: FloatScalar>(ray: &Ray<F>, sphere: &Sphere<F>) -> Option<Span<f64>> {
    ray_sphere_algebraic_with(Naive, ray, sphere)
}

/// The optimized geometric ray/sphere test (RTR §22.6.2), in `f32` or `f64`, deciding its
/// signs under `policy`, for a direction of any length.
///
/// With `l = c − o`, `s = l·d` (the projection of the centre on the ray, times `|d|`),
/// `l² = l·l`, `a = d·d`: reject early if the sphere is behind the origin (`s < 0`) and
/// the origin outside (`l² − r² > 0`); then `m²·a = l²·a − s²` (squared distance from the
/// centre to the line, times `a`) and reject if `m²·a − r²·a > 0` (scale
/// `a·(l² + r²) + s²`); otherwise `q = √(r²·a − m²·a)` and the hit is at `(s ∓ q)/a`
/// (`[0, (s + q)/a]` from inside), computed in `F` and reported as `f64` (exactly), the
/// type [`ray_sphere`](fn@super::ray_sphere) reports. Every sign is taken under the policy
/// with the scale of its formula.
///
/// **Not exact** (rounded throughout; under [`Exact`](crate::policy::Exact) it behaves as
/// under [`Naive`]); use [`ray_sphere`](fn@super::ray_sphere) for exact answers. A zero
/// direction is a hit iff the origin is inside, `[0, 0]`; NaN gives an arbitrary answer,
/// never a panic.
///
/// # Examples
///
/// ```
/// use isect::policy::Naive;
/// use isect::ray::ray_sphere_geometric_with;
/// use isect::{Ray, Sphere};
/// let s = Sphere::new([0.0, 0.0, 10.0], 2.0);
/// let hit = ray_sphere_geometric_with(Naive, &Ray::new([0.0; 3], [0.0, 0.0, 2.0]), &s).unwrap();
/// assert_eq!((hit.t_enter, hit.t_exit), (4.0, 6.0));
/// assert!(ray_sphere_geometric_with(Naive, &Ray::new([0.0; 3], [0.0, 0.0, -1.0]), &s).is_none());
/// ```
pub fn ray_sphere_geometric_with<F: FloatScalar, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    sphere: &Sphere<F>,
) -> Option<Span<f64>> {
    geometric(policy, ray, sphere).map(widen)
}

fn geometric<F: FloatScalar, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    sphere: &Sphere<F>,
) -> Option<Span<F>> {
    let l: [F; 3] = core::array::from_fn(|k| sphere.center[k] - ray.origin[k]);
    let d = &ray.direction;
    let (s, s_scale) = dot3(&l, d);
    let (l2, _) = dot3(&l, &l);
    let r2 = sphere.radius * sphere.radius;
    let outside = policy.sign(&(l2 - r2), &(l2 + r2)) == Sign::Positive;
    if outside && policy.sign(&s, &s_scale) == Sign::Negative {
        return None;
    }
    let (a, _) = dot3(d, d);
    if a == F::zero() {
        return (!outside).then_some(Span {
            t_enter: F::zero(),
            t_exit: F::zero(),
        });
    }
    let m2a = l2 * a - s * s;
    if policy.sign(&(m2a - r2 * a), &(a * (l2 + r2) + s * s)) == Sign::Positive {
        return None;
    }
    let q = (r2 * a - m2a).max(F::zero()).sqrt();
    let t_exit = (s + q) / a;
    if !outside {
        return Some(Span {
            t_enter: F::zero(),
            t_exit: t_exit.max(F::zero()),
        });
    }
    let t_enter = ((s - q) / a).max(F::zero());
    Some(Span {
        t_enter,
        t_exit: t_exit.max(t_enter),
    })
}

/// [`ray_sphere_geometric_with`] under [`Naive`] (no tolerance: the plain float code).
///
/// # Examples
///
/// ```
/// use isect::ray::ray_sphere_geometric;
/// use isect::{Ray, Sphere};
/// let s = Sphere::new([3.0, 0.0, 0.0], 1.0);
/// assert_eq!(ray_sphere_geometric(&Ray::new([0.0; 3], [1.0, 0.0, 0.0]), &s).unwrap().t_enter, 2.0);
/// ```
pub fn ray_sphere_geometric<F: FloatScalar>(ray: &Ray<F>, sphere: &Sphere<F>) -> Option<Span<f64>> {
    ray_sphere_geometric_with(Naive, ray, sphere)
}

/// [`ray_sphere_algebraic`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0) or
/// of the sphere (argument 1), [`InputError::ZeroDirection`],
/// [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_sphere_algebraic;
/// use isect::{InputError, Ray, Sphere};
/// let s = Sphere::new([0.0, 0.0, 4.0], 1.0);
/// let hit = try_ray_sphere_algebraic(&Ray::new([0.0; 3], [0.0, 0.0, 1.0]), &s).unwrap();
/// assert_eq!(hit.unwrap().t_enter, 3.0);
/// assert_eq!(
///     try_ray_sphere_algebraic(&Ray::new([0.0; 3], [0.0; 3]), &s),
///     Err(InputError::ZeroDirection { argument: 0 })
/// );
/// ```
pub fn try_ray_sphere_algebraic<F: FloatScalar>(
    ray: &Ray<F>,
    sphere: &Sphere<F>,
) -> Result<Option<Span<f64>>, InputError> {
    ray.validate(0)?;
    sphere.validate(1)?;
    Ok(ray_sphere_algebraic(ray, sphere))
}

/// [`ray_sphere_algebraic_with`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 1) or
/// of the sphere (argument 2), [`InputError::ZeroDirection`],
/// [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::policy::Naive;
/// use isect::ray::try_ray_sphere_algebraic_with;
/// use isect::{InputError, Ray, Sphere};
/// let ray = Ray::new([0.0; 3], [0.0, 0.0, 1.0]);
/// assert_eq!(
///     try_ray_sphere_algebraic_with(Naive, &ray, &Sphere::new([0.0; 3], -1.0)),
///     Err(InputError::NegativeRadius { argument: 2 })
/// );
/// ```
pub fn try_ray_sphere_algebraic_with<F: FloatScalar, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    sphere: &Sphere<F>,
) -> Result<Option<Span<f64>>, InputError> {
    ray.validate(1)?;
    sphere.validate(2)?;
    Ok(ray_sphere_algebraic_with(policy, ray, sphere))
}

/// [`ray_sphere_geometric`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0) or
/// of the sphere (argument 1), [`InputError::ZeroDirection`],
/// [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_sphere_geometric;
/// use isect::{InputError, Ray, Sphere};
/// let s = Sphere::new([3.0_f32, 0.0, 0.0], 1.0);
/// let hit = try_ray_sphere_geometric(&Ray::new([0.0; 3], [1.0, 0.0, 0.0]), &s).unwrap();
/// assert_eq!(hit.unwrap().t_enter, 2.0);
/// let bad = Sphere::new([3.0, f32::NAN, 0.0], 1.0);
/// assert!(matches!(
///     try_ray_sphere_geometric(&Ray::new([0.0; 3], [1.0, 0.0, 0.0]), &bad),
///     Err(InputError::NonFinite { argument: 1, what: "center", .. })
/// ));
/// ```
pub fn try_ray_sphere_geometric<F: FloatScalar>(
    ray: &Ray<F>,
    sphere: &Sphere<F>,
) -> Result<Option<Span<f64>>, InputError> {
    ray.validate(0)?;
    sphere.validate(1)?;
    Ok(ray_sphere_geometric(ray, sphere))
}

/// [`ray_sphere_geometric_with`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 1) or
/// of the sphere (argument 2), [`InputError::ZeroDirection`],
/// [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::policy::Relative;
/// use isect::ray::try_ray_sphere_geometric_with;
/// use isect::{Ray, Sphere};
/// let s = Sphere::new([0.0, 0.0, 10.0], 2.0);
/// let ray = Ray::new([0.0; 3], [0.0, 0.0, 1.0]);
/// let hit = try_ray_sphere_geometric_with(Relative { eps: 1e-9 }, &ray, &s).unwrap();
/// assert_eq!(hit.unwrap().t_exit, 12.0);
/// ```
pub fn try_ray_sphere_geometric_with<F: FloatScalar, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    sphere: &Sphere<F>,
) -> Result<Option<Span<f64>>, InputError> {
    ray.validate(1)?;
    sphere.validate(2)?;
    Ok(ray_sphere_geometric_with(policy, ray, sphere))
}
