//! The classic float slab tests on a prepared ray ([`SlabRay`]): [`ray_aabb_slab`]
//! (Williams et al. 2005) and its outward-rounded form [`ray_aabb_conservative`]
//! (Ize 2013).

use super::Span;
use crate::error::{NonFiniteValue, check_point};
use crate::{Aabb, FloatScalar, InputError, Ray, Validate};

/// A ray prepared for the slab tests [`ray_aabb_slab`] and [`ray_aabb_conservative`]:
/// the origin, the inverse direction `1/d` (rounded; `±∞` for a zero component, with the
/// sign of the zero) and, per axis, whether the direction's sign bit is set.
///
/// # Examples
///
/// ```
/// use isect::ray::SlabRay;
/// use isect::Ray;
/// let r = SlabRay::new(&Ray::new([0.0; 3], [2.0, -0.0, 0.0]));
/// assert_eq!(r.inv_direction, [0.5, f64::NEG_INFINITY, f64::INFINITY]);
/// assert_eq!(r.negative, [false, true, false]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlabRay<F> {
    /// The ray's origin.
    pub origin: [F; 3],
    /// `1 / direction`, per component, rounded.
    pub inv_direction: [F; 3],
    /// `true` where the direction's sign bit is set (including `-0.0`).
    pub negative: [bool; 3],
}

impl<F: FloatScalar> SlabRay<F> {
    /// Precomputes the inverse direction of `ray` (three divisions, once per ray).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::ray::SlabRay;
    /// let r = SlabRay::new(&isect::Ray::new([1.0_f32; 3], [4.0, 1.0, -2.0]));
    /// assert_eq!(r.inv_direction, [0.25, 1.0, -0.5]);
    /// ```
    pub fn new(ray: &Ray<F>) -> SlabRay<F> {
        SlabRay {
            origin: ray.origin,
            inv_direction: ray.direction.map(|d| F::one() / d),
            negative: ray.direction.map(|d| d.is_sign_negative()),
        }
    }
}

/// A prepared ray is checked as the [`Ray`] it was prepared from: a finite origin, and a
/// finite, non-zero direction, read through `1/d`, which is NaN exactly for a NaN
/// component, `±0` exactly for `±∞`, and infinite on every axis exactly when the slab test
/// reads the direction as the zero vector (every component zero, or too small for its
/// inverse to be finite).
impl<F: FloatScalar> Validate for SlabRay<F> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "origin", None, &self.origin)?;
        for (axis, &inv) in self.inv_direction.iter().enumerate() {
            if inv.is_nan() || inv == F::zero() {
                return Err(InputError::NonFinite {
                    argument,
                    what: "direction",
                    index: None,
                    axis: Some(axis),
                    value: NonFiniteValue::from((F::one() / inv).widen()),
                });
            }
        }
        if self.inv_direction.iter().all(|x| x.is_infinite()) {
            return Err(InputError::ZeroDirection { argument });
        }
        Ok(())
    }
}

/// The slab loop shared by the classic and the conservative variants: the largest entry
/// and the smallest exit over the three axes, starting from `[0, ∞]`. A NaN (`0·∞`, from
/// an origin on the plane of a slab the ray is parallel to) leaves the bound unchanged.
#[inline(always)]
fn slab_loop<F: FloatScalar>(ray: &SlabRay<F>, aabb: &Aabb<F>) -> (F, F) {
    let mut t_enter = F::zero();
    let mut t_exit = F::infinity();
    for k in 0..3 {
        let (near, far) = if ray.negative[k] {
            (aabb.max[k], aabb.min[k])
        } else {
            (aabb.min[k], aabb.max[k])
        };
        let t_near = (near - ray.origin[k]) * ray.inv_direction[k];
        let t_far = (far - ray.origin[k]) * ray.inv_direction[k];
        // Comparisons with NaN are false: the bound is kept.
        if t_near > t_enter {
            t_enter = t_near;
        }
        if t_far < t_exit {
            t_exit = t_far;
        }
    }
    (t_enter, t_exit)
}

/// The classic slab test (RTR §22.7.1 in the form of Williams et al. 2005) in `f32` or
/// `f64`: per axis `t = (bound − o)·(1/d)`, entry the largest near `t` and `0`, exit the
/// smallest far `t`; a hit iff entry ≤ exit.
///
/// **Not exact**: every `t` carries three roundings (`bound − o`, `1/d`, the product), so
/// rays that graze an edge or corner can be reported either way, and a ray that exactly
/// touches the box can be missed. Use [`ray_aabb`](super::ray_aabb()) for exact answers,
/// [`ray_aabb_conservative`] for answers that never miss.
///
/// Axis-parallel rays and origins on slab planes are handled without special cases
/// through IEEE arithmetic: `1/±0 = ±∞` makes a parallel axis impose no constraint when
/// the origin is inside its slab and reject the ray when it is outside; the `0·∞ = NaN`
/// of an origin exactly on such a slab plane is ignored (closed box: a hit). A zero
/// direction is treated as a point (hit iff the box contains `o`, with `[0, ∞]`). An
/// entry at `+∞` is a miss: it comes from a parallel axis whose slab excludes the origin
/// (`±d·∞` on both planes), or from an overflowing `t`.
/// A NaN coordinate makes its axis impose no constraint: the answer is then meaningless
/// (never a panic); an inverted box gives `None`.
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_aabb_slab, SlabRay, Span};
/// use isect::{Aabb, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// let ray = SlabRay::new(&Ray::new([-1.0, 0.5, 0.0], [1.0, 0.0, 0.0])); // along the face z = 0
/// assert_eq!(ray_aabb_slab(&ray, &unit), Some(Span { t_enter: 1.0, t_exit: 2.0 }));
/// ```
#[inline]
pub fn ray_aabb_slab<F: FloatScalar>(ray: &SlabRay<F>, aabb: &Aabb<F>) -> Option<Span<F>> {
    let (t_enter, t_exit) = slab_loop(ray, aabb);
    (t_enter <= t_exit && t_enter < F::infinity()).then_some(Span { t_enter, t_exit })
}

/// The slab test with outward rounding (Ize 2013): it **never misses** a ray the exact
/// test [`ray_aabb`](super::ray_aabb()) hits, at the cost of rare false hits on rays that
/// pass within a few ulps of the box.
///
/// It computes the slab loop of [`ray_aabb_slab`] and compares the entry with the exit
/// multiplied by `1 + 2γ₄` (`γₙ = n·u/(1 − n·u)`, `u` the unit roundoff of `F`), rounded
/// up. Why that suffices: each computed `t` has three roundings, so it is within `γ₃·|t|`
/// of the exact `(bound − o)/d`; if the exact entry `e` is at most the exact exit `x`
/// (`≥ 0`), the computed entry is at most `(1 + γ₃)·x` and the computed exit at least
/// `(1 − γ₃)·x`, and `(1 − γ₃)(1 − u)(1 + 2γ₄) ≥ 1 + γ₃`, so the final product (rounded
/// once more) still covers the entry. (Ize's paper states `1 + 2γ₃`, which leaves out
/// the rounding of that product; `γ₄` covers it.)
///
/// The guarantee holds when no `1/dₖ`, `bound − oₖ` or product overflows to infinity
/// from a finite exact value below `F::MAX` and none underflows into the subnormal range
/// (for `f64` roughly: coordinates and `t` values between `1e-290` and `1e290` in
/// magnitude, or exactly zero); overflow to infinity on both sides of the comparison is
/// harmless. The returned `t_exit` is the widened exit, `t_enter` the computed entry.
/// Axis-parallel rays, origins on slab planes, NaN and inverted boxes behave as in
/// [`ray_aabb_slab`].
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_aabb, ray_aabb_conservative, SlabRay};
/// use isect::{Aabb, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// // Aimed exactly at the corner (1, 1, 1) from an awkward origin.
/// let ray = Ray::new([-0.1, -0.2, -0.3], [1.1, 1.2, 1.3]);
/// if ray_aabb(&ray, &unit).is_some() {
///     assert!(ray_aabb_conservative(&SlabRay::new(&ray), &unit).is_some());
/// }
/// ```
#[inline]
pub fn ray_aabb_conservative<F: FloatScalar>(ray: &SlabRay<F>, aabb: &Aabb<F>) -> Option<Span<F>> {
    let (t_enter, t_exit) = slab_loop(ray, aabb);
    let t_exit = t_exit * conservative_factor::<F>();
    (t_enter <= t_exit && t_enter < F::infinity()).then_some(Span { t_enter, t_exit })
}

/// `1 + 2γ₄`, rounded up (computed in `F`; the constant folds).
#[inline(always)]
fn conservative_factor<F: FloatScalar>() -> F {
    let u = F::UNIT_ROUNDOFF;
    let four = F::from(4.0).unwrap_or_else(F::one);
    let gamma4 = four * u / (F::one() - four * u);
    // Round the factor itself up: one more ulp of 1 (2u) is plenty.
    let two = F::one() + F::one();
    F::one() + two * gamma4 + two * u
}

/// [`ray_aabb_slab`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
/// `"origin"` or `"direction"`) or of the box (argument 1), [`InputError::ZeroDirection`]
/// for a direction the slab test reads as zero (see [`SlabRay`]'s `Validate`),
/// [`InputError::InvertedBox`] for `min > max` on an axis.
///
/// # Examples
///
/// ```
/// use isect::ray::{try_ray_aabb_slab, SlabRay};
/// use isect::{Aabb, InputError, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// let ray = SlabRay::new(&Ray::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0]));
/// assert_eq!(try_ray_aabb_slab(&ray, &unit).unwrap().unwrap().t_enter, 1.0);
/// let still = SlabRay::new(&Ray::new([0.5; 3], [0.0; 3]));
/// assert_eq!(try_ray_aabb_slab(&still, &unit), Err(InputError::ZeroDirection { argument: 0 }));
/// ```
pub fn try_ray_aabb_slab<F: FloatScalar>(
    ray: &SlabRay<F>,
    aabb: &Aabb<F>,
) -> Result<Option<Span<F>>, InputError> {
    ray.validate(0)?;
    aabb.validate(1)?;
    Ok(ray_aabb_slab(ray, aabb))
}

/// [`ray_aabb_conservative`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// As [`try_ray_aabb_slab`]: [`InputError::NonFinite`], [`InputError::ZeroDirection`],
/// [`InputError::InvertedBox`].
///
/// # Examples
///
/// ```
/// use isect::ray::{try_ray_aabb_conservative, SlabRay};
/// use isect::{Aabb, InputError, Ray};
/// let ray = SlabRay::new(&Ray::new([-1.0, 0.5, 0.5], [1.0, f64::NAN, 0.0]));
/// assert!(matches!(
///     try_ray_aabb_conservative(&ray, &Aabb::new([0.0; 3], [1.0; 3])),
///     Err(InputError::NonFinite { argument: 0, what: "direction", axis: Some(1), .. })
/// ));
/// ```
pub fn try_ray_aabb_conservative<F: FloatScalar>(
    ray: &SlabRay<F>,
    aabb: &Aabb<F>,
) -> Result<Option<Span<F>>, InputError> {
    ray.validate(0)?;
    aabb.validate(1)?;
    Ok(ray_aabb_conservative(ray, aabb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ray::SlopeRay;

    /// A prepared ray (either kind) gets the verdict of the ray it was prepared from.
    #[test]
    fn prepared_rays_validate_as_their_ray() {
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        for (o, d) in [
            ([0.0; 3], [1.0, -0.0, 0.0]),
            ([0.0; 3], [0.0, -0.0, 0.0]),
            ([0.0, -inf, 0.0], [1.0, 0.0, 0.0]),
            ([0.0, inf, 0.0], [1.0, 0.0, 0.0]),
            ([0.0; 3], [1.0, -inf, 0.0]),
            ([0.0; 3], [1.0, 0.0, inf]),
            ([0.0; 3], [nan, 0.0, 1.0]),
            ([1e300; 3], [f64::MAX, f64::MIN_POSITIVE, 0.0]),
            ([1.0; 3], [5e-324, -5e-324, 0.0]),
        ] {
            let ray = Ray::new(o, d);
            assert_eq!(SlopeRay::new(&ray).validate(2), ray.validate(2), "{ray:?}");
            let r32 = Ray::new(o.map(|x| x as f32), d.map(|x| x as f32));
            assert_eq!(SlopeRay::new(&r32).validate(0), r32.validate(0), "{r32:?}");
            if d.iter().any(|&x| x != 0.0 && x.abs() < 1.0 / f64::MAX) {
                // Too small for a finite inverse: the slab test reads it as zero.
                let zero = Err(InputError::ZeroDirection { argument: 1 });
                assert_eq!(SlabRay::new(&ray).validate(1), zero);
                continue;
            }
            assert_eq!(SlabRay::new(&ray).validate(3), ray.validate(3), "{ray:?}");
            assert_eq!(SlabRay::new(&r32).validate(0), r32.validate(0), "{r32:?}");
        }
    }
}
