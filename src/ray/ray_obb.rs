//! The exact ray/OBB test ([`ray_obb`]): the slab method in the box's own frame,
//! multiplied through so that every decision is an exact sign.

use super::slab::{SlabFrame, slab_exact, slab_span};
use super::{Span, all_finite};
use crate::predicates::Ring;
use crate::vec3::{cross, dot};
use crate::{InputError, Obb, Ray, Scalar, Sign, Validate};

/// The box frame: slab `i` is `−hᵢ|D| ≤ σ nᵢ·(o − c) + t·σ nᵢ·d ≤ hᵢ|D|`, `σ = sign(D)`.
struct ObbFrame<'a, T> {
    ray: &'a Ray<T>,
    obb: &'a Obb<T>,
    /// `sign(D) < 0`: every frame quantity is negated.
    flip: bool,
}

impl<T> ObbFrame<'_, T> {
    fn lift3<R: Ring>(p: &[T; 3], lift: &impl Fn(&T) -> R) -> [R; 3] {
        [lift(&p[0]), lift(&p[1]), lift(&p[2])]
    }
    /// `nᵢ = axes[i+1] × axes[i+2]`.
    fn normal<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> [R; 3] {
        let a = &self.obb.axes;
        cross(
            &Self::lift3(&a[(i + 1) % 3], lift),
            &Self::lift3(&a[(i + 2) % 3], lift),
        )
    }
    fn signed<R: Ring>(&self, x: R) -> R {
        if self.flip { -x } else { x }
    }
    /// `hᵢ·|D|`.
    fn half<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        let det = dot(&Self::lift3(&self.obb.axes[0], lift), &self.normal(0, lift));
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
        self.signed(dot(&self.normal(i, lift), &rel))
    }
    fn dir<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        self.signed(dot(
            &self.normal(i, lift),
            &Self::lift3(&self.ray.direction, lift),
        ))
    }
}

/// Exact ray/OBB test: the part of the ray `o + t·d`, `t ≥ 0`, inside the closed
/// parallelepiped `center + Σ sᵢ·axes[i]`, `|sᵢ| ≤ half_extents[i]`, or `None`.
///
/// **Hit or miss is exact** for every finite input of every scalar type, whatever the
/// axes (a rounded rotation matrix is read as the exact, slightly skewed box it
/// describes; neither unit length nor orthogonal axes are needed). The box coordinates
/// of a point are written by Cramer's rule, `sᵢ = nᵢ·(p − center) / D` with
/// `nᵢ = axes[i+1] × axes[i+2]` and `D = axes[0]·(axes[1] × axes[2])`; multiplied through
/// by `|D|`, each slab decision of the slab method (the same exact core as
/// [`ray_aabb`](fn@super::ray_aabb)) is the sign of a polynomial of degree at most 8 in the
/// inputs, evaluated exactly by [`polynomial_sign`](crate::predicates::polynomial_sign).
/// Closed: touching a face, edge or corner is a hit.
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
/// use isect::ray::ray_obb;
/// use isect::ray::Span;
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
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
/// `"origin"` or `"direction"`) or of the box (argument 1, `"center"`, `"axis"` with its
/// index, or `"half extents"`), [`InputError::ZeroDirection`] for a zero direction,
/// [`InputError::InvertedBox`] for a negative half extent. Dependent axes are not an
/// error: they are answered (`None`).
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_obb;
/// use isect::{InputError, Obb, Ray};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert!(try_ray_obb(&Ray::new([0.0; 3], [1.0, 0.0, 0.0]), &b).unwrap().is_some());
/// let bad = Obb::new([0.0, f64::NAN, 0.0], id, [1.0; 3]);
/// assert!(matches!(
///     try_ray_obb(&Ray::new([0.0; 3], [1.0, 0.0, 0.0]), &bad),
///     Err(InputError::NonFinite { argument: 1, what: "center", .. })
/// ));
/// ```
pub fn try_ray_obb<T: Scalar>(ray: &Ray<T>, obb: &Obb<T>) -> Result<Option<Span<T>>, InputError> {
    ray.validate(0)?;
    obb.validate(1)?;
    Ok(ray_obb(ray, obb))
}
