//! Ray/AABB by ray slopes (Eisemann et al. 2007) on a prepared ray ([`SlopeRay`]).

use super::Span;
use crate::error::{NonFiniteValue, check_point};
use crate::{Aabb, FloatScalar, InputError, Ray, Validate};

/// A ray prepared for [`ray_aabb_slopes`] (Eisemann et al. 2007): the ray is mirrored so
/// that every direction component is `≤ 0` (axes with a positive component are negated),
/// and for each ordered pair of moving axes `(i, j)` the slope `d_j/d_i` and intercept
/// `o_j − (d_j/d_i)·o_i` of the ray's projection are precomputed (rounded).
///
/// # Examples
///
/// ```
/// use isect::ray::SlopeRay;
/// let r = SlopeRay::new(&isect::Ray::new([0.0; 3], [2.0, -1.0, 0.0]));
/// assert_eq!(r.flipped, [true, false, false]);
/// assert_eq!(r.moving, [true, true, false]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlopeRay<F> {
    /// The mirrored origin (`-o_k` on flipped axes).
    pub origin: [F; 3],
    /// `true` on axes whose direction component was positive (and is now negated).
    pub flipped: [bool; 3],
    /// `true` on axes with a non-zero direction component.
    pub moving: [bool; 3],
    /// `slope[i][j] = d_j / d_i` in mirrored coordinates (for moving `i ≠ j`).
    pub slope: [[F; 3]; 3],
    /// `intercept[i][j] = o_j − slope[i][j]·o_i`: the line `x_j = slope·x_i + intercept`.
    pub intercept: [[F; 3]; 3],
    /// `1/d` in mirrored coordinates (`-∞` for zero components), for the returned `t`.
    pub inv_direction: [F; 3],
}

impl<F: FloatScalar> SlopeRay<F> {
    /// Classifies and precomputes `ray` (once per ray).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::ray::SlopeRay;
    /// let r = SlopeRay::new(&isect::Ray::new([1.0, 2.0, 0.0], [-1.0, -2.0, -4.0]));
    /// assert_eq!(r.slope[0][1], 2.0);
    /// assert_eq!(r.intercept[0][1], 0.0);
    /// ```
    pub fn new(ray: &Ray<F>) -> SlopeRay<F> {
        let flipped = ray.direction.map(|d| d > F::zero());
        let mirror = |k: usize, x: F| if flipped[k] { -x } else { x };
        let origin: [F; 3] = core::array::from_fn(|k| mirror(k, ray.origin[k]));
        let dir: [F; 3] = core::array::from_fn(|k| mirror(k, ray.direction[k]));
        let moving = dir.map(|d| d != F::zero());
        let mut slope = [[F::zero(); 3]; 3];
        let mut intercept = [[F::zero(); 3]; 3];
        for i in 0..3 {
            for j in 0..3 {
                if i != j && moving[i] {
                    slope[i][j] = dir[j] / dir[i];
                    intercept[i][j] = origin[j] - slope[i][j] * origin[i];
                }
            }
        }
        SlopeRay {
            origin,
            flipped,
            moving,
            slope,
            intercept,
            inv_direction: dir.map(|d| {
                if d == F::zero() {
                    F::neg_infinity()
                } else {
                    F::one() / d
                }
            }),
        }
    }
}

/// A prepared ray is checked as the [`Ray`] it was prepared from: a finite origin, and a
/// finite, non-zero direction (read through the mirrored `1/d` of the moving axes, NaN
/// exactly for a NaN component and `−0` exactly for an infinite one).
impl<F: FloatScalar> Validate for SlopeRay<F> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        let unmirror = |k: usize, x: F| if self.flipped[k] { -x } else { x };
        let origin: [F; 3] = core::array::from_fn(|k| unmirror(k, self.origin[k]));
        check_point(argument, "origin", None, &origin)?;
        for (axis, &inv) in self.inv_direction.iter().enumerate() {
            if self.moving[axis] && (inv.is_nan() || inv == F::zero()) {
                return Err(InputError::NonFinite {
                    argument,
                    what: "direction",
                    index: None,
                    axis: Some(axis),
                    value: NonFiniteValue::from(unmirror(axis, F::one() / inv).widen()),
                });
            }
        }
        if !self.moving.contains(&true) {
            return Err(InputError::ZeroDirection { argument });
        }
        Ok(())
    }
}

/// Ray/AABB by ray slopes (Eisemann et al. 2007), in `f32` or `f64`.
///
/// In mirrored coordinates every direction component is `≤ 0`, so the ray misses if its
/// origin is below the box on some axis (`o_k < min_k`), or if, when it leaves slab `i`
/// (at `x_i = min_i`), its coordinate `x_j = slope·min_i + intercept` is still above the
/// box (`> max_j`) for some pair of moving axes. Axes with a zero component only require
/// `min_k ≤ o_k ≤ max_k`. On a hit the span is computed with the mirrored inverse
/// direction (as Eisemann et al.'s "slope-int" variant does); a zero direction is a point,
/// reported as `[0, ∞]` when the box contains it, as by
/// [`ray_aabb_slab`](super::ray_aabb_slab()).
///
/// **Not exact**: slopes and intercepts are rounded, so grazing rays can be reported
/// either way. Use [`ray_aabb`](super::ray_aabb()) for exact answers. A NaN coordinate
/// gives an arbitrary answer (never a panic); an inverted box gives `None`.
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_aabb_slopes, SlopeRay, Span};
/// use isect::{Aabb, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// let ray = SlopeRay::new(&Ray::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0]));
/// assert_eq!(ray_aabb_slopes(&ray, &unit), Some(Span { t_enter: 1.0, t_exit: 2.0 }));
/// let away = SlopeRay::new(&Ray::new([-1.0, 0.5, 0.5], [-1.0, 0.0, 0.0]));
/// assert_eq!(ray_aabb_slopes(&away, &unit), None);
/// ```
#[inline]
pub fn ray_aabb_slopes<F: FloatScalar>(ray: &SlopeRay<F>, aabb: &Aabb<F>) -> Option<Span<F>> {
    let mut lo = [F::zero(); 3];
    let mut hi = [F::zero(); 3];
    for k in 0..3 {
        (lo[k], hi[k]) = if ray.flipped[k] {
            (-aabb.max[k], -aabb.min[k])
        } else {
            (aabb.min[k], aabb.max[k])
        };
        // Moving towards -∞ (or not at all): the origin must not be below the slab, a
        // parallel ray must be inside it, and the slab must not be empty.
        if ray.origin[k] < lo[k] || (!ray.moving[k] && ray.origin[k] > hi[k]) || lo[k] > hi[k] {
            return None;
        }
    }
    for i in (0..3).filter(|&i| ray.moving[i]) {
        for j in (0..3).filter(|&j| j != i && ray.moving[j]) {
            if ray.slope[i][j] * lo[i] + ray.intercept[i][j] > hi[j] {
                return None;
            }
        }
    }
    let mut t_enter = F::zero();
    let mut t_exit = F::infinity(); // stays ∞ for a zero direction, as in the slab test
    for k in 0..3 {
        if ray.moving[k] {
            let t_near = (hi[k] - ray.origin[k]) * ray.inv_direction[k];
            let t_far = (lo[k] - ray.origin[k]) * ray.inv_direction[k];
            t_enter = t_enter.max(t_near);
            t_exit = t_exit.min(t_far);
        }
    }
    Some(Span {
        t_enter,
        t_exit: t_exit.max(t_enter),
    })
}

/// [`ray_aabb_slopes`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
/// `"origin"` or `"direction"`) or of the box (argument 1), [`InputError::ZeroDirection`]
/// for a zero direction, [`InputError::InvertedBox`] for `min > max` on an axis.
///
/// # Examples
///
/// ```
/// use isect::ray::{try_ray_aabb_slopes, SlopeRay};
/// use isect::{Aabb, InputError, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// let ray = SlopeRay::new(&Ray::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0]));
/// assert!(try_ray_aabb_slopes(&ray, &unit).unwrap().is_some());
/// let inverted = Aabb::new([0.0; 3], [1.0, -1.0, 1.0]);
/// assert_eq!(
///     try_ray_aabb_slopes(&ray, &inverted),
///     Err(InputError::InvertedBox { argument: 1, axis: 1 })
/// );
/// ```
pub fn try_ray_aabb_slopes<F: FloatScalar>(
    ray: &SlopeRay<F>,
    aabb: &Aabb<F>,
) -> Result<Option<Span<F>>, InputError> {
    ray.validate(0)?;
    aabb.validate(1)?;
    Ok(ray_aabb_slopes(ray, aabb))
}
