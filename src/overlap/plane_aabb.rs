//! Plane/AABB (Real-Time Rendering, 4th ed., section 22.10.1): [`PlaneBox`], the exact
//! classification by the signs of `n·x + d` at two corners behind a static filter
//! (which the frustum tests reuse), and the classic centre/extent form under a policy.

use crate::geometry::{Aabb, Plane};
use crate::policy::Policy;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::as_f64_array;
use crate::{InputError, Scalar, Sign, Validate};

use super::filter::{TAU2, abs, certified, finite3, nonempty};

/// Where a closed box lies with respect to a plane `n·x + d = 0`.
///
/// | variant | definition |
/// |---|---|
/// | [`Outside`](PlaneBox::Outside) | `n·x + d > 0` at every point `x` of the box (the positive side, the side `n` points to) |
/// | [`Inside`](PlaneBox::Inside) | `n·x + d < 0` at every point of the box |
/// | [`Intersecting`](PlaneBox::Intersecting) | `n·x + d = 0` at some point of the box (touching counts) |
///
/// For a non-empty box exactly one holds (a box is connected). The names are RTR's: a
/// plane of a convex volume with outward normals has the volume "inside" it.
///
/// # Examples
///
/// ```
/// use isect::overlap::{plane_aabb, PlaneBox};
/// use isect::{Aabb, Plane};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert_eq!(plane_aabb(&Plane::new([0.0, 0.0, 1.0], 1.0), &b), PlaneBox::Outside); // z = −1
/// assert_eq!(plane_aabb(&Plane::new([0.0, 0.0, 1.0], -1.0), &b), PlaneBox::Intersecting); // z = 1
/// assert!(PlaneBox::Intersecting.intersects());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaneBox {
    /// Entirely on the positive side, not touching the plane.
    Outside,
    /// Entirely on the negative side, not touching the plane.
    Inside,
    /// The box meets the plane.
    Intersecting,
}

impl PlaneBox {
    /// `true` for [`PlaneBox::Intersecting`].
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::PlaneBox;
    /// assert!(!PlaneBox::Inside.intersects());
    /// ```
    #[inline]
    pub fn intersects(self) -> bool {
        self == PlaneBox::Intersecting
    }

    /// The answer from the signs of `n·x + d` at the box's lowest and highest corner.
    #[inline(always)]
    pub(super) fn from_extremes(lo: Sign, hi: impl FnOnce() -> Sign) -> PlaneBox {
        if lo == Sign::Positive {
            PlaneBox::Outside
        } else if lo == Sign::Negative && hi() == Sign::Negative {
            PlaneBox::Inside
        } else {
            PlaneBox::Intersecting
        }
    }
}

/// `(γ₄)/(1 − u)^6` rounded up (≈ 4u): bounds `fl(((n₀q₀ + n₁q₁) + n₂q₂) + d)` relative to
/// the same sum of absolute values (proofs/overlap_volumes.md, section 3).
const C_CORNER: f64 = 4.440892098500632e-16;

/// `n·q + d` at the corner `q` with `qₖ = minₖ` where `low[k]`, else `maxₖ`.
struct Corner<'a, T> {
    plane: &'a Plane<T>,
    b: &'a Aabb<T>,
    low: [bool; 3],
}

impl<T> Polynomial<T> for Corner<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let n = &self.plane.normal;
        let q = |k: usize| {
            lift(if self.low[k] {
                &self.b.min[k]
            } else {
                &self.b.max[k]
            })
        };
        lift(&n[0]) * q(0) + lift(&n[1]) * q(1) + lift(&n[2]) * q(2) + lift(&self.plane.offset)
    }
}

/// The certified sign of `n·q + d` evaluated in `f64`, or `None` (also for NaN,
/// infinities and overflow).
#[inline(always)]
pub(super) fn corner_filter(n: &[f64; 3], q: [f64; 3], d: f64) -> Option<Sign> {
    let p = [n[0] * q[0], n[1] * q[1], n[2] * q[2]];
    let v = p[0] + p[1] + p[2] + d;
    let bound = C_CORNER * (p[0].abs() + p[1].abs() + p[2].abs() + d.abs()) + TAU2;
    certified(v, bound)
}

/// On which side of the plane `n·x + d = 0` a closed axis-aligned box lies, exactly
/// (RTR4 §22.10.1).
///
/// The lowest value of `n·x + d` over the box is taken at the corner `q` with
/// `qₖ = minₖ` where `nₖ ≥ 0` and `maxₖ` elsewhere, the highest at the opposite corner
/// (the choice is an exact comparison of `nₖ` with zero). The answer is
/// [`Outside`](PlaneBox::Outside) if the lowest value is `> 0`,
/// [`Inside`](PlaneBox::Inside) if the highest is `< 0`, else
/// [`Intersecting`](PlaneBox::Intersecting); both values are degree-2 polynomials of the
/// inputs whose signs are exact for every finite input of every scalar type. Cost for
/// `f64`: the plain formula at one or two corners with a static error bound
/// (`proofs/overlap_volumes.md`, section 3); a box
/// touching or within rounding distance of the plane goes to [`polynomial_sign`].
///
/// Degenerate input, never a panic: a zero normal makes `n·x + d = d` everywhere
/// (`Outside` for `d > 0`, `Inside` for `d < 0`, `Intersecting` for `d = 0`, consistent
/// with the definitions); an empty box (`min[k] > max[k]`) and any NaN or infinite value
/// answer `Outside` (no point on or behind the plane); [`try_plane_aabb`] reports them.
///
/// # Examples
///
/// ```
/// use isect::overlap::{plane_aabb, PlaneBox};
/// use isect::{Aabb, Plane};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// // x + y + z = 3 touches the corner (1, 1, 1):
/// let p = Plane::new([1.0, 1.0, 1.0], -3.0);
/// assert_eq!(plane_aabb(&p, &b), PlaneBox::Intersecting);
/// // Raised by an ulp of 3, the box is strictly below it:
/// let p = Plane::new([1.0, 1.0, 1.0], -(3.0f64.next_up()));
/// assert_eq!(plane_aabb(&p, &b), PlaneBox::Inside);
/// ```
#[inline]
pub fn plane_aabb<T: Scalar>(plane: &Plane<T>, b: &Aabb<T>) -> PlaneBox {
    if let (Some(n), Some(d), Some(lo), Some(hi)) = (
        as_f64_array(&plane.normal),
        plane.offset.as_f64(),
        as_f64_array(&b.min),
        as_f64_array(&b.max),
    ) && (0..3).all(|k| lo[k] <= hi[k])
    {
        let low: [f64; 3] = core::array::from_fn(|k| if n[k] >= 0.0 { lo[k] } else { hi[k] });
        let high: [f64; 3] = core::array::from_fn(|k| if n[k] >= 0.0 { hi[k] } else { lo[k] });
        match corner_filter(&n, low, d) {
            Some(Sign::Positive) => return PlaneBox::Outside,
            Some(_) => match corner_filter(&n, high, d) {
                Some(Sign::Negative) => return PlaneBox::Inside,
                Some(_) => return PlaneBox::Intersecting,
                None => {}
            },
            None => {}
        }
    }
    plane_aabb_exact(plane, b)
}

#[cold]
#[inline(never)]
fn plane_aabb_exact<T: Scalar>(plane: &Plane<T>, b: &Aabb<T>) -> PlaneBox {
    if !finite3(&plane.normal)
        || !plane.offset.is_finite()
        || !finite3(&b.min)
        || !finite3(&b.max)
        || !nonempty(b)
    {
        return PlaneBox::Outside;
    }
    let low: [bool; 3] = core::array::from_fn(|k| plane.normal[k] >= T::zero());
    let high = low.map(|l| !l);
    let sign = |low| polynomial_sign::<T, _>(&Corner { plane, b, low });
    PlaneBox::from_extremes(sign(low), || sign(high))
}

/// [`plane_aabb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// The first problem [`Validate`] finds, the plane (argument 0) first:
/// [`InputError::NonFinite`] (`what`: `"normal"`, `"offset"`, `"min"`, `"max"`),
/// [`InputError::ZeroDirection`] for a zero normal (the equation describes no plane),
/// [`InputError::InvertedBox`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_plane_aabb, PlaneBox};
/// use isect::{Aabb, InputError, Plane};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert_eq!(try_plane_aabb(&Plane::new([0.0, 1.0, 0.0], -0.5), &b), Ok(PlaneBox::Intersecting));
/// assert_eq!(
///     try_plane_aabb(&Plane::new([0.0; 3], 1.0), &b),
///     Err(InputError::ZeroDirection { argument: 0 })
/// );
/// ```
pub fn try_plane_aabb<T: Scalar>(plane: &Plane<T>, b: &Aabb<T>) -> Result<PlaneBox, InputError> {
    plane.validate(0)?;
    b.validate(1)?;
    Ok(plane_aabb(plane, b))
}

/// Whether a closed axis-aligned box meets the plane `n·x + d = 0`, exactly:
/// [`plane_aabb`]`(plane, b).intersects()`.
///
/// # Examples
///
/// ```
/// use isect::overlap::plane_aabb_intersect;
/// use isect::{Aabb, Plane};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert!(plane_aabb_intersect(&Plane::new([1.0, 1.0, 1.0], -3.0), &b)); // at (1, 1, 1)
/// assert!(!plane_aabb_intersect(&Plane::new([1.0, 1.0, 1.0], -(3.0f64.next_up())), &b));
/// ```
#[inline]
pub fn plane_aabb_intersect<T: Scalar>(plane: &Plane<T>, b: &Aabb<T>) -> bool {
    plane_aabb(plane, b).intersects()
}

/// [`plane_aabb_intersect`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// As [`try_plane_aabb`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_plane_aabb_intersect;
/// use isect::{Aabb, InputError, Plane};
/// let p = Plane::new([0.0, 0.0, 1.0], 0.0);
/// assert_eq!(try_plane_aabb_intersect(&p, &Aabb::new([0.0; 3], [1.0; 3])), Ok(true));
/// assert_eq!(
///     try_plane_aabb_intersect(&p, &Aabb::new([0.0; 3], [1.0, -1.0, 1.0])),
///     Err(InputError::InvertedBox { argument: 1, axis: 1 })
/// );
/// ```
pub fn try_plane_aabb_intersect<T: Scalar>(
    plane: &Plane<T>,
    b: &Aabb<T>,
) -> Result<bool, InputError> {
    plane.validate(0)?;
    b.validate(1)?;
    Ok(plane_aabb_intersect(plane, b))
}

/// The classic centre/extent plane/AABB test (RTR4 §22.10.1), computed in `T` and
/// decided under `policy`.
///
/// What is computed, in `T`'s arithmetic: `c = (min + max)/2`, `h = (max − min)/2`,
/// `e = Σ hₖ|nₖ|`, `s = n·c + d`; with `scale = Σ|nₖcₖ| + |d| + e`, the answer is
/// `Outside` if `policy.sign(s − e, scale)` is `Positive`, `Inside` if
/// `policy.sign(s + e, scale)` is `Negative`, else `Intersecting`.
///
/// **Not exact** for floats (the centre, the extents and the sums round; boxes touching
/// the plane can be misjudged). Exact for rationals under
/// [`Naive`](crate::policy::Naive). No validation; NaN gives an arbitrary answer, never a
/// panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::{plane_aabb, plane_aabb_center_extent_with, PlaneBox};
/// use isect::policy::{Absolute, Naive};
/// use isect::{Aabb, Plane};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// let p = Plane::new([0.0, 0.0, 1.0], 1e-12); // z = −1e-12, just below the box
/// assert_eq!(plane_aabb(&p, &b), PlaneBox::Outside);
/// assert_eq!(plane_aabb_center_extent_with(Naive, &p, &b), PlaneBox::Outside);
/// assert_eq!(plane_aabb_center_extent_with(Absolute { eps: 1e-9 }, &p, &b), PlaneBox::Intersecting);
/// ```
pub fn plane_aabb_center_extent_with<T: Scalar, P: Policy<T>>(
    policy: P,
    plane: &Plane<T>,
    b: &Aabb<T>,
) -> PlaneBox {
    let two = T::one() + T::one();
    let mut s = plane.offset.clone();
    let mut scale = abs(plane.offset.clone());
    let mut e = T::zero();
    for (k, nk) in plane.normal.iter().enumerate() {
        let c = (b.min[k].clone() + &b.max[k]) / &two;
        let h = (b.max[k].clone() - &b.min[k]) / &two;
        let nc = nk.clone() * c;
        e = e + h * abs(nk.clone());
        scale = scale + abs(nc.clone());
        s = s + nc;
    }
    center_extent(policy, s, e, scale)
}

/// The classic decision from `s = n·c + d` and the extent `e` of a box along `n`:
/// `Outside` if `s − e > 0`, `Inside` if `s + e < 0` under `policy`.
pub(super) fn center_extent<T: Scalar, P: Policy<T>>(policy: P, s: T, e: T, scale: T) -> PlaneBox {
    let scale = scale + abs(e.clone());
    if policy.sign(&(s.clone() - &e), &scale) == Sign::Positive {
        PlaneBox::Outside
    } else if policy.sign(&(s + e), &scale) == Sign::Negative {
        PlaneBox::Inside
    } else {
        PlaneBox::Intersecting
    }
}

#[cfg(test)]
mod tests {
    use super::super::filter::tests::{model, round_up};
    use super::*;

    #[test]
    fn corner_constant_is_the_rounded_up_exact_value() {
        let (_, gamma, pow) = model();
        assert_eq!(C_CORNER, round_up(&(gamma(4) / pow(6))));
    }
}
