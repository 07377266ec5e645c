//! Plane/OBB (Real-Time Rendering, 4th ed., section 22.10.2): the exact classification
//! by the signs of `n·x + d` at two corners of the parallelepiped behind a static filter,
//! and the classic centre/extent form under a policy.

use crate::geometry::{Obb, Plane};
use crate::policy::Policy;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::as_f64_array;
use crate::vec3::dot;
use crate::{InputError, Scalar, Sign, Validate};

use super::filter::{TAU, TAU2, abs, certified, finite3, obb_as_f64};
use super::plane_aabb::{PlaneBox, center_extent};

/// `γ₇/(1 − u)^10` rounded up (≈ 7u): bounds the corner value of an OBB
/// (proofs/overlap_volumes.md, section 4).
const C_OBB: f64 = 7.771561172376111e-16;

/// The polynomials of the exact plane/OBB test.
#[derive(Clone, Copy)]
enum ObbQ {
    /// `n·aᵢ`.
    Dot(usize),
    /// `n·center + d + Σ σᵢhᵢ(n·aᵢ)`.
    Corner([i8; 3]),
}

struct ObbPoly<'a, T> {
    plane: &'a Plane<T>,
    b: &'a Obb<T>,
    q: ObbQ,
}

impl<T> Polynomial<T> for ObbPoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let n = self.plane.normal.each_ref().map(lift);
        let n_dot = |v: &[T; 3]| dot(&n, &v.each_ref().map(lift));
        match self.q {
            ObbQ::Dot(i) => n_dot(&self.b.axes[i]),
            ObbQ::Corner(sigma) => {
                let mut acc = n_dot(&self.b.center) + lift(&self.plane.offset);
                for (i, &s) in sigma.iter().enumerate() {
                    let t = lift(&self.b.half_extents[i]) * n_dot(&self.b.axes[i]);
                    acc = match s {
                        1 => acc + t,
                        -1 => acc - t,
                        _ => acc,
                    };
                }
                acc
            }
        }
    }
}

/// On which side of the plane `n·x + d = 0` a closed oriented box lies, exactly (RTR4
/// §22.10.2), reading
/// the box as the exact parallelepiped of [`Obb`] (`center + Σ sᵢaᵢ`, `|sᵢ| ≤ hᵢ`, axes
/// as given: neither unit length nor orthogonal needed).
///
/// Over the box, `n·x + d` ranges over `[n·center + d − Σ hᵢ|n·aᵢ|, n·center + d +
/// Σ hᵢ|n·aᵢ|]`, whose ends are its values at the corners `center ∓ Σ σᵢhᵢaᵢ`,
/// `σᵢ = sign(n·aᵢ)`. The three `σᵢ` (degree 2) and the two corner values (degree 3) are
/// exact signs of integer polynomials of the inputs; the answer follows as for
/// [`plane_aabb`](crate::overlap::plane_aabb()). Cost for `f64`: one static filter pass
/// (bounds in `proofs/overlap_volumes.md`, section 4); [`polynomial_sign`] only when a
/// sign is within rounding distance of zero.
///
/// Degenerate input, never a panic: a zero normal is read as for
/// [`plane_aabb`](crate::overlap::plane_aabb()); axes need not be independent (a flat box
/// is a valid set here, since only `n·x` over it matters); a zero half extent is valid; a
/// negative half extent makes the box empty and, like NaN or infinite values, answers
/// `Outside`; [`try_plane_obb`] reports them.
///
/// # Examples
///
/// ```
/// use isect::overlap::{plane_obb, PlaneBox};
/// use isect::{Obb, Plane};
/// // The unit cube rotated 45° about z (exact axes (1, 1, 0), (−1, 1, 0), half size 1/2):
/// // its corners reach x = ±1.
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.5; 3]);
/// assert_eq!(plane_obb(&Plane::new([1.0, 0.0, 0.0], -1.0), &b), PlaneBox::Intersecting); // x = 1
/// let beyond = Plane::new([1.0, 0.0, 0.0], -(1.0f64.next_up())); // x = 1 + 2⁻⁵²
/// assert_eq!(plane_obb(&beyond, &b), PlaneBox::Inside);
/// ```
#[inline]
pub fn plane_obb<T: Scalar>(plane: &Plane<T>, b: &Obb<T>) -> PlaneBox {
    if let Some(answer) = plane_obb_fast(plane, b) {
        return answer;
    }
    plane_obb_exact(plane, b)
}

#[inline(always)]
fn plane_obb_fast<T: Scalar>(plane: &Plane<T>, b: &Obb<T>) -> Option<PlaneBox> {
    let n = as_f64_array(&plane.normal)?;
    let d = plane.offset.as_f64()?;
    let (c, a, h) = obb_as_f64(b)?;
    if !(h[0] >= 0.0 && h[1] >= 0.0 && h[2] >= 0.0) {
        return None;
    }
    // s = n·c + d and its permanent.
    let pc = [n[0] * c[0], n[1] * c[1], n[2] * c[2]];
    let s = pc[0] + pc[1] + pc[2] + d;
    let ps = pc[0].abs() + pc[1].abs() + pc[2].abs() + d.abs();
    // t = Σ hᵢ|n·aᵢ| and its permanent Σ hᵢ(Σₖ|nₖaᵢₖ| + τ). The signs of n·aᵢ need no
    // certificate: ||w̃| − |w|| ≤ |w̃ − w| (proofs/overlap_volumes.md, section 4).
    let mut t = 0.0;
    let mut pt = 0.0;
    for i in 0..3 {
        let m = [n[0] * a[i][0], n[1] * a[i][1], n[2] * a[i][2]];
        let w = m[0] + m[1] + m[2];
        let q = m[0].abs() + m[1].abs() + m[2].abs();
        t += h[i] * w.abs();
        pt += h[i] * (q + TAU);
    }
    let bound = C_OBB * (ps + pt) + TAU2;
    Some(match certified(s - t, bound)? {
        Sign::Positive => PlaneBox::Outside,
        _ => match certified(s + t, bound)? {
            Sign::Negative => PlaneBox::Inside,
            _ => PlaneBox::Intersecting,
        },
    })
}

#[cold]
#[inline(never)]
fn plane_obb_exact<T: Scalar>(plane: &Plane<T>, b: &Obb<T>) -> PlaneBox {
    let ok = finite3(&plane.normal)
        && plane.offset.is_finite()
        && finite3(&b.center)
        && b.axes.iter().all(finite3)
        && finite3(&b.half_extents);
    if !ok || b.half_extents.iter().any(|h| *h < T::zero()) {
        return PlaneBox::Outside;
    }
    let sign = |q| polynomial_sign::<T, _>(&ObbPoly { plane, b, q });
    let sigma: [i8; 3] = core::array::from_fn(|i| match sign(ObbQ::Dot(i)) {
        Sign::Positive => 1,
        Sign::Negative => -1,
        Sign::Zero => 0,
    });
    PlaneBox::from_extremes(sign(ObbQ::Corner(sigma.map(|s| -s))), || {
        sign(ObbQ::Corner(sigma))
    })
}

/// [`plane_obb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// The first problem [`Validate`] finds, the plane (argument 0) first:
/// [`InputError::NonFinite`] (`what`: `"normal"`, `"offset"`, `"center"`, `"axis"` with
/// `index` the axis, `"half extents"`), [`InputError::ZeroDirection`] for a zero
/// normal, [`InputError::InvertedBox`] for a negative half extent (`axis` is the box
/// axis).
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_plane_obb, PlaneBox};
/// use isect::{InputError, Obb, Plane};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let p = Plane::new([0.0, 0.0, 1.0], -5.0);
/// assert_eq!(try_plane_obb(&p, &Obb::new([0.0; 3], id, [1.0; 3])), Ok(PlaneBox::Inside));
/// assert_eq!(
///     try_plane_obb(&p, &Obb::new([0.0; 3], id, [1.0, -1.0, 1.0])),
///     Err(InputError::InvertedBox { argument: 1, axis: 1 })
/// );
/// ```
pub fn try_plane_obb<T: Scalar>(plane: &Plane<T>, b: &Obb<T>) -> Result<PlaneBox, InputError> {
    plane.validate(0)?;
    b.validate(1)?;
    Ok(plane_obb(plane, b))
}

/// Whether a closed oriented box meets the plane `n·x + d = 0`, exactly:
/// [`plane_obb`]`(plane, b).intersects()`.
///
/// # Examples
///
/// ```
/// use isect::overlap::plane_obb_intersect;
/// use isect::{Obb, Plane};
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.5; 3]);
/// assert!(plane_obb_intersect(&Plane::new([1.0, 0.0, 0.0], -1.0), &b)); // a corner at x = 1
/// assert!(!plane_obb_intersect(&Plane::new([1.0, 0.0, 0.0], -(1.0f64.next_up())), &b));
/// ```
#[inline]
pub fn plane_obb_intersect<T: Scalar>(plane: &Plane<T>, b: &Obb<T>) -> bool {
    plane_obb(plane, b).intersects()
}

/// [`plane_obb_intersect`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// As [`try_plane_obb`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_plane_obb_intersect;
/// use isect::{InputError, Obb, Plane};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert_eq!(try_plane_obb_intersect(&Plane::new([0.0, 0.0, 1.0], -1.0), &b), Ok(true));
/// assert_eq!(
///     try_plane_obb_intersect(&Plane::new([0.0; 3], -1.0), &b),
///     Err(InputError::ZeroDirection { argument: 0 })
/// );
/// ```
pub fn try_plane_obb_intersect<T: Scalar>(
    plane: &Plane<T>,
    b: &Obb<T>,
) -> Result<bool, InputError> {
    plane.validate(0)?;
    b.validate(1)?;
    Ok(plane_obb_intersect(plane, b))
}

/// The classic centre/extent plane/OBB test (RTR4 §22.10.2), computed in `T` and
/// decided under `policy`.
///
/// What is computed, in `T`'s arithmetic: `s = n·center + d`, `e = Σ hᵢ|n·aᵢ|`; with
/// `scale = Σ|nₖcₖ| + |d| + e`, `Outside` if `policy.sign(s − e, scale)` is `Positive`,
/// `Inside` if `policy.sign(s + e, scale)` is `Negative`, else `Intersecting`. For any
/// axes this is the exact parallelepiped's extent formula, but it **rounds**, so it is
/// **not exact** for floats. Exact for rationals under [`Naive`](crate::policy::Naive).
/// No validation; NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::{plane_obb_center_extent_with, PlaneBox};
/// use isect::policy::Naive;
/// use isect::{Obb, Plane};
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.5; 3]);
/// assert_eq!(plane_obb_center_extent_with(Naive, &Plane::new([1.0, 0.0, 0.0], -2.0), &b), PlaneBox::Inside);
/// ```
pub fn plane_obb_center_extent_with<T: Scalar, P: Policy<T>>(
    policy: P,
    plane: &Plane<T>,
    b: &Obb<T>,
) -> PlaneBox {
    let n = &plane.normal;
    let c = &b.center;
    let s = dot(n, c) + &plane.offset;
    let mut scale = abs(plane.offset.clone());
    for k in 0..3 {
        scale = scale + abs(n[k].clone() * &c[k]);
    }
    let mut e = T::zero();
    for i in 0..3 {
        e = e + b.half_extents[i].clone() * abs(dot(n, &b.axes[i]));
    }
    center_extent(policy, s, e, scale)
}

#[cfg(test)]
mod tests {
    use super::super::filter::tests::{model, round_up};
    use super::*;

    #[test]
    fn obb_constant_is_the_rounded_up_exact_value() {
        let (_, gamma, pow) = model();
        assert_eq!(C_OBB, round_up(&(gamma(7) / pow(10))));
    }
}
