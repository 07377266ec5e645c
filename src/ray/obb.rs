//! Ray/OBB tests (Real-Time Rendering, section 22.7.1: the slab method in the box's frame).
//!
//! * [`ray_obb`]: exact. The box is read as the exact parallelepiped of
//!   [`Obb`]: `center + Σ sᵢ·axes[i]` with `|sᵢ| ≤ half_extents[i]`, axes taken exactly as
//!   given (neither unit length nor orthogonal needed). The box coordinates of a point are
//!   written by Cramer's rule, `sᵢ = nᵢ·(p − center) / D` with `nᵢ = axes[i+1] × axes[i+2]`
//!   and `D = axes[0]·(axes[1] × axes[2])`; multiplied through by `|D|`, every slab
//!   comparison becomes the sign of a polynomial in the inputs, decided exactly by the
//!   same slab core as [`ray_aabb`](super::aabb::ray_aabb).
//! * [`ray_obb_slab_with`] / [`ray_obb_slab`]: the classic RTR slab test in the box frame,
//!   in `f32`/`f64`, deciding its signs under a [`Policy`].
//!
//! # Sources
//!
//! T. Akenine-Möller et al., *Real-Time Rendering*, 4th ed., §22.7.1 (slab method for
//! OBBs); Cramer's rule for the box coordinates.

use super::aabb::{all_finite, slab_exact, slab_span, RayFloat, SlabFrame, Span};
use crate::geometry::{GeometryError, Obb, Ray};
use crate::policy::{Naive, Policy};
use crate::predicates::Ring;
use crate::{Scalar, Sign};

/// The box frame: slab `i` is `−hᵢ|D| ≤ σ nᵢ·(o − c) + t·σ nᵢ·d ≤ hᵢ|D|`, `σ = sign(D)`.
struct ObbFrame<'a, T> {
    ray: &'a Ray<T>,
    obb: &'a Obb<T>,
    /// `sign(D) < 0`: every frame quantity is negated.
    flip: bool,
}

fn cross<R: Ring>(a: [R; 3], b: [R; 3]) -> [R; 3] {
    let [a0, a1, a2] = a;
    let [b0, b1, b2] = b;
    [
        a1.clone() * b2.clone() - a2.clone() * b1.clone(),
        a2 * b0.clone() - a0.clone() * b2,
        a0 * b1 - a1 * b0,
    ]
}

fn dot<R: Ring>(a: [R; 3], b: [R; 3]) -> R {
    let [a0, a1, a2] = a;
    let [b0, b1, b2] = b;
    a0 * b0 + a1 * b1 + a2 * b2
}

impl<T> ObbFrame<'_, T> {
    fn lift3<R: Ring>(p: &[T; 3], lift: &impl Fn(&T) -> R) -> [R; 3] {
        [lift(&p[0]), lift(&p[1]), lift(&p[2])]
    }
    /// `nᵢ = axes[i+1] × axes[i+2]`.
    fn normal<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> [R; 3] {
        let a = &self.obb.axes;
        cross(
            Self::lift3(&a[(i + 1) % 3], lift),
            Self::lift3(&a[(i + 2) % 3], lift),
        )
    }
    fn signed<R: Ring>(&self, x: R) -> R {
        if self.flip {
            -x
        } else {
            x
        }
    }
    /// `hᵢ·|D|`.
    fn half<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        let det = dot(Self::lift3(&self.obb.axes[0], lift), self.normal(0, lift));
        self.signed(lift(&self.obb.half_extents[i]) * det)
    }
}

impl<T> SlabFrame<T> for ObbFrame<'_, T> {
    fn lo<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        -self.half(i, lift)
    }
    fn hi<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        self.half(i, lift)
    }
    fn origin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        let (o, c) = (&self.ray.origin, &self.obb.center);
        let rel = [0, 1, 2].map(|k| lift(&o[k]) - lift(&c[k]));
        self.signed(dot(self.normal(i, lift), rel))
    }
    fn dir<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        self.signed(dot(
            self.normal(i, lift),
            Self::lift3(&self.ray.direction, lift),
        ))
    }
}

/// Exact ray/OBB test: the part of the ray `o + t·d`, `t ≥ 0`, inside the closed
/// parallelepiped `center + Σ sᵢ·axes[i]`, `|sᵢ| ≤ half_extents[i]`, or `None`.
///
/// **Hit or miss is exact** for every finite input of every scalar type, whatever the
/// axes (a rounded rotation matrix is read as the exact, slightly skewed box it
/// describes): the slab conditions are multiplied through by `|D|` (module docs), so each
/// decision is the sign of a polynomial of degree at most 8 in the inputs, evaluated
/// exactly by [`polynomial_sign`](crate::predicates::polynomial_sign). Closed: touching a
/// face, edge or corner is a hit.
///
/// **The returned parameters** are `t = (∓hᵢ·D − nᵢ·(o − c)) / (nᵢ·d)` for the deciding
/// slabs (sign chosen by the slab side), computed in `T`: exact for rationals; for floats
/// rounded, with, to first order in `u` (2⁻⁵³ for `f64`, 2⁻²⁴ for `f32`),
/// `|t̃ − t| ≤ 8u·(N⁺ + |t|·Q⁺)/|nᵢ·d|`, where `N⁺` and `Q⁺` are the numerator and
/// denominator evaluated with every coordinate and every product replaced by its absolute
/// value (large when the formula cancels; for an orthonormal box this is a few ulps of
/// `|t| + |o − c|/|d|`). `t_enter` is `0` when the origin is inside; `t_exit ≥ t_enter`.
///
/// Degenerate input, never a panic:
/// * a NaN or infinite coordinate: `None` ([`try_ray_obb`] reports it);
/// * linearly dependent axes (`D = 0`, a flat box): `None`, not tested (the flat set is
///   not treated as a box);
/// * a negative half extent: the box is empty, `None`; a zero half extent is a flat but
///   valid box (a parallelogram);
/// * a zero direction: `Some([0, 0])` if the box contains `o`, else `None`.
///
/// # Examples
///
/// ```
/// use isect::ray::obb::ray_obb;
/// use isect::ray::aabb::Span;
/// use isect::{Obb, Ray};
/// // The unit cube rotated 45° about z, with exact (unnormalized) axes (1, 1, 0), (-1, 1, 0):
/// // its corners lie at x = ±1 on the x axis.
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.5, 0.5, 0.5]);
/// let ray = Ray::new([-3.0, 0.0, 0.0], [1.0, 0.0, 0.0]);
/// assert_eq!(ray_obb(&ray, &b), Some(Span { t_enter: 2.0, t_exit: 4.0 }));
/// // Through the corner (1, 0, 0.5) exactly: a touching hit.
/// let ray = Ray::new([1.0, -1.0, 0.5], [0.0, 1.0, 0.0]);
/// assert_eq!(ray_obb(&ray, &b), Some(Span { t_enter: 1.0, t_exit: 1.0 }));
/// ```
pub fn ray_obb<T: Scalar>(ray: &Ray<T>, obb: &Obb<T>) -> Option<Span<T>> {
    let axes = &obb.axes;
    if !all_finite([
        &ray.origin,
        &ray.direction,
        &obb.center,
        &axes[0],
        &axes[1],
        &axes[2],
        &obb.half_extents,
    ]) {
        return None;
    }
    let zero = [T::zero(), T::zero(), T::zero()];
    let flip = match crate::orient3d(&axes[0], &axes[1], &axes[2], &zero) {
        Sign::Zero => return None,
        s => s == Sign::Negative,
    };
    let frame = ObbFrame { ray, obb, flip };
    slab_exact(&frame).map(|hit| slab_span(&frame, hit))
}

/// [`ray_obb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] for a NaN or infinite coordinate (`what` is `"origin"`,
/// `"direction"`, `"center"`, `"axis"` (with `index` the axis) or `"half extents"`),
/// [`GeometryError::ZeroDirection`]. A negative half extent or dependent axes are not
/// errors: they are answered (`None`).
///
/// # Examples
///
/// ```
/// use isect::ray::obb::try_ray_obb;
/// use isect::{GeometryError, Obb, Ray};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert!(try_ray_obb(&Ray::new([0.0; 3], [1.0, 0.0, 0.0]), &b).unwrap().is_some());
/// let bad = Obb::new([0.0, f64::NAN, 0.0], id, [1.0; 3]);
/// assert!(matches!(
///     try_ray_obb(&Ray::new([0.0; 3], [1.0, 0.0, 0.0]), &bad),
///     Err(GeometryError::NonFinite { what: "center", .. })
/// ));
/// ```
pub fn try_ray_obb<T: Scalar>(
    ray: &Ray<T>,
    obb: &Obb<T>,
) -> Result<Option<Span<T>>, GeometryError> {
    Ray::try_new(ray.origin.clone(), ray.direction.clone())?;
    let fields = [
        ("center", 0, &obb.center),
        ("axis", 0, &obb.axes[0]),
        ("axis", 1, &obb.axes[1]),
        ("axis", 2, &obb.axes[2]),
        ("half extents", 0, &obb.half_extents),
    ];
    for (what, index, p) in fields {
        if let Some(axis) = p.iter().position(|x| !x.is_finite()) {
            return Err(GeometryError::NonFinite { what, index, axis });
        }
    }
    Ok(ray_obb(ray, obb))
}

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
/// it tests a different box; [`ray_obb`] reads every box exactly. **Not exact**: all
/// quantities are rounded, and under [`Exact`](crate::policy::Exact) this behaves as under
/// [`Naive`] (the policy only sees rounded values). NaN coordinates give an arbitrary
/// answer, never a panic; a zero direction is treated as a point (`[0, ∞]` if inside).
///
/// # Examples
///
/// ```
/// use isect::policy::{Absolute, Naive};
/// use isect::ray::obb::ray_obb_slab_with;
/// use isect::{Obb, Ray};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// // Nearly parallel to the x slabs, starting outside them: the epsilon calls it parallel.
/// let ray = Ray::new([2.0, 0.0, 0.0], [-1e-12, 1.0, 0.0]);
/// assert!(ray_obb_slab_with(Absolute { eps: 1e-9 }, &ray, &b).is_none());
/// let ray = Ray::new([-2.0, 0.0, 0.0], [1.0, 0.0, 0.0]);
/// assert_eq!(ray_obb_slab_with(Naive, &ray, &b).map(|s| s.t_enter), Some(1.0));
/// ```
pub fn ray_obb_slab_with<F: RayFloat, P: Policy<F>>(
    policy: P,
    ray: &Ray<F>,
    obb: &Obb<F>,
) -> Option<Span<F>> {
    let mut t_enter = F::zero();
    let mut t_exit = F::infinity();
    let p: [F; 3] = core::array::from_fn(|k| obb.center[k] - ray.origin[k]);
    for i in 0..3 {
        let a = &obb.axes[i];
        let e = a[0] * p[0] + a[1] * p[1] + a[2] * p[2];
        let e_scale = (a[0] * p[0]).abs() + (a[1] * p[1]).abs() + (a[2] * p[2]).abs();
        let d = &ray.direction;
        let f = a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
        let f_scale = (a[0] * d[0]).abs() + (a[1] * d[1]).abs() + (a[2] * d[2]).abs();
        let w = obb.half_extents[i] * (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
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
/// use isect::ray::obb::ray_obb_slab;
/// use isect::{Obb, Ray};
/// let id = [[1.0_f32, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert!(ray_obb_slab(&Ray::new([0.0, 0.0, 5.0], [0.0, 0.0, -1.0]), &b).is_some());
/// ```
pub fn ray_obb_slab<F: RayFloat>(ray: &Ray<F>, obb: &Obb<F>) -> Option<Span<F>> {
    ray_obb_slab_with(Naive, ray, obb)
}
