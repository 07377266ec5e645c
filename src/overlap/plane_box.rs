//! Plane/AABB and plane/OBB (Real-Time Rendering, 4th ed., section 22.10), decided
//! exactly.
//!
//! The question: on which side of the plane `n·x + d = 0` ([`Plane`]) is the closed box?
//! The answer is a [`PlaneBox`]: entirely on the positive side, entirely on the negative
//! side, or meeting the plane.
//!
//! * [`plane_aabb`], [`plane_obb`]: exact. The values of `n·x + d` over a box range over
//!   an interval whose ends are taken at two corners: for an AABB, the corner with
//!   `xₖ = minₖ` where `nₖ ≥ 0` (else `maxₖ`) and the opposite one; for an OBB
//!   (`center + Σ sᵢaᵢ`, `|sᵢ| ≤ hᵢ`), `center ∓ Σ σᵢhᵢaᵢ` with `σᵢ` the exact sign of
//!   `n·aᵢ`. The answer is the exact sign of `n·x + d` at those two corners, integer
//!   polynomials of the inputs (degree 2 for the AABB, 3 for the OBB): a static `f64`
//!   filter first (bounds in `proofs/overlap_volumes.md`, sections 3–4), then
//!   [`polynomial_sign`].
//! * [`plane_aabb_with`], [`plane_obb_with`]: the classic centre/extent form of RTR,
//!   `s = n·c + d`, `e = Σ hᵢ|n·aᵢ|`, compared under a [`Policy`]: rounded, not exact.

use crate::geometry::{Aabb, GeometryError, Obb, Plane};
use crate::policy::Policy;
use crate::predicates::{polynomial_sign, Polynomial, Ring};
use crate::{Scalar, Sign};

use super::aabb_aabb::{abs, certified, check3, check_inverted, finite3, nonempty, wide, wide3};
use super::sphere::{TAU, TAU2};

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
/// use isect::overlap::plane_box::{plane_aabb, PlaneBox};
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
    /// use isect::overlap::plane_box::PlaneBox;
    /// assert!(!PlaneBox::Inside.intersects());
    /// ```
    #[inline]
    pub fn intersects(self) -> bool {
        self == PlaneBox::Intersecting
    }

    /// The answer from the signs of `n·x + d` at the box's lowest and highest corner.
    #[inline(always)]
    fn from_extremes(lo: Sign, hi: impl FnOnce() -> Sign) -> PlaneBox {
        if lo == Sign::Positive {
            PlaneBox::Outside
        } else if lo == Sign::Negative && hi() == Sign::Negative {
            PlaneBox::Inside
        } else {
            PlaneBox::Intersecting
        }
    }
}

// ---------------------------------------------------------------------------------------
// Plane/AABB
// ---------------------------------------------------------------------------------------

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

/// The certified sign of `n·q + d`, or `None`.
#[inline(always)]
fn corner_filter(n: &[f64; 3], q: [f64; 3], d: f64) -> Option<Sign> {
    let p = [n[0] * q[0], n[1] * q[1], n[2] * q[2]];
    let v = p[0] + p[1] + p[2] + d;
    let bound = C_CORNER * (p[0].abs() + p[1].abs() + p[2].abs() + d.abs()) + TAU2;
    certified(v, bound)
}

/// On which side of the plane `n·x + d = 0` a closed axis-aligned box lies, exactly.
///
/// The lowest value of `n·x + d` over the box is taken at the corner `q` with
/// `qₖ = minₖ` where `nₖ ≥ 0` and `maxₖ` elsewhere, the highest at the opposite corner
/// (the choice is an exact comparison of `nₖ` with zero). The answer is
/// [`Outside`](PlaneBox::Outside) if the lowest value is `> 0`,
/// [`Inside`](PlaneBox::Inside) if the highest is `< 0`, else
/// [`Intersecting`](PlaneBox::Intersecting); both values are degree-2 polynomials of the
/// inputs whose signs are exact for every finite input of every scalar type. Cost for
/// `f64`: the plain formula at one or two corners with a static error bound; a box
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
/// use isect::overlap::plane_box::{plane_aabb, PlaneBox};
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
        wide3(&plane.normal),
        wide(&plane.offset),
        wide3(&b.min),
        wide3(&b.max),
    ) {
        if (0..3).all(|k| lo[k] <= hi[k]) {
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
/// [`GeometryError::NonFinite`] (`what`: `"normal"`, `"offset"`, `"box min"`,
/// `"box max"`), then [`GeometryError::ZeroDirection`] for a zero normal (the equation
/// describes no plane), then [`GeometryError::InvertedBox`].
///
/// # Examples
///
/// ```
/// use isect::overlap::plane_box::{try_plane_aabb, PlaneBox};
/// use isect::{Aabb, GeometryError, Plane};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert_eq!(try_plane_aabb(&Plane::new([0.0, 1.0, 0.0], -0.5), &b), Ok(PlaneBox::Intersecting));
/// assert_eq!(try_plane_aabb(&Plane::new([0.0; 3], 1.0), &b), Err(GeometryError::ZeroDirection));
/// ```
pub fn try_plane_aabb<T: Scalar>(plane: &Plane<T>, b: &Aabb<T>) -> Result<PlaneBox, GeometryError> {
    check_plane(plane)?;
    check3("box min", 0, &b.min)?;
    check3("box max", 0, &b.max)?;
    if plane.normal.iter().all(|x| x.is_zero()) {
        return Err(GeometryError::ZeroDirection);
    }
    check_inverted(b)?;
    Ok(plane_aabb(plane, b))
}

fn check_plane<T: Scalar>(plane: &Plane<T>) -> Result<(), GeometryError> {
    check3("normal", 0, &plane.normal)?;
    if !plane.offset.is_finite() {
        return Err(GeometryError::NonFinite {
            what: "offset",
            index: 0,
            axis: 0,
        });
    }
    Ok(())
}

/// The classic plane/AABB test (RTR §22.10.1), computed in `T` and decided under
/// `policy`.
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
/// use isect::overlap::plane_box::{plane_aabb, plane_aabb_with, PlaneBox};
/// use isect::policy::{Absolute, Naive};
/// use isect::{Aabb, Plane};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// let p = Plane::new([0.0, 0.0, 1.0], 1e-12); // z = −1e-12, just below the box
/// assert_eq!(plane_aabb(&p, &b), PlaneBox::Outside);
/// assert_eq!(plane_aabb_with(Naive, &p, &b), PlaneBox::Outside);
/// assert_eq!(plane_aabb_with(Absolute { eps: 1e-9 }, &p, &b), PlaneBox::Intersecting);
/// ```
pub fn plane_aabb_with<T: Scalar, P: Policy<T>>(
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
    classic(policy, s, e, scale)
}

fn classic<T: Scalar, P: Policy<T>>(policy: P, s: T, e: T, scale: T) -> PlaneBox {
    let scale = scale + abs(e.clone());
    if policy.sign(&(s.clone() - &e), &scale) == Sign::Positive {
        PlaneBox::Outside
    } else if policy.sign(&(s + e), &scale) == Sign::Negative {
        PlaneBox::Inside
    } else {
        PlaneBox::Intersecting
    }
}

// ---------------------------------------------------------------------------------------
// Plane/OBB
// ---------------------------------------------------------------------------------------

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
        let n = [
            lift(&self.plane.normal[0]),
            lift(&self.plane.normal[1]),
            lift(&self.plane.normal[2]),
        ];
        let dot = |v: &[T; 3]| {
            n[0].clone() * lift(&v[0]) + n[1].clone() * lift(&v[1]) + n[2].clone() * lift(&v[2])
        };
        match self.q {
            ObbQ::Dot(i) => dot(&self.b.axes[i]),
            ObbQ::Corner(sigma) => {
                let mut acc = dot(&self.b.center) + lift(&self.plane.offset);
                for (i, &s) in sigma.iter().enumerate() {
                    let t = lift(&self.b.half_extents[i]) * dot(&self.b.axes[i]);
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

/// On which side of the plane `n·x + d = 0` a closed oriented box lies, exactly, reading
/// the box as the exact parallelepiped of [`Obb`] (`center + Σ sᵢaᵢ`, `|sᵢ| ≤ hᵢ`, axes
/// as given: neither unit length nor orthogonal needed).
///
/// Over the box, `n·x + d` ranges over `[n·center + d − Σ hᵢ|n·aᵢ|, n·center + d +
/// Σ hᵢ|n·aᵢ|]`, whose ends are its values at the corners `center ∓ Σ σᵢhᵢaᵢ`,
/// `σᵢ = sign(n·aᵢ)`. The three `σᵢ` (degree 2) and the two corner values (degree 3) are
/// exact signs of integer polynomials of the inputs; the answer follows as for
/// [`plane_aabb`]. Cost for `f64`: one static filter pass (bounds in
/// `proofs/overlap_volumes.md`, section 4); [`polynomial_sign`] only when a sign is
/// within rounding distance of zero.
///
/// Degenerate input, never a panic: a zero normal is read as for [`plane_aabb`]; axes
/// need not be independent (a flat box is a valid set here, since only `n·x` over it
/// matters); a zero half extent is valid; a negative half extent makes the box empty and,
/// like NaN or infinite values, answers `Outside`; [`try_plane_obb`] reports them.
///
/// # Examples
///
/// ```
/// use isect::overlap::plane_box::{plane_obb, PlaneBox};
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
    let n = wide3(&plane.normal)?;
    let d = wide(&plane.offset)?;
    let c = wide3(&b.center)?;
    let a = [wide3(&b.axes[0])?, wide3(&b.axes[1])?, wide3(&b.axes[2])?];
    let h = wide3(&b.half_extents)?;
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
/// [`GeometryError::NonFinite`] (`what`: `"normal"`, `"offset"`, `"box center"`,
/// `"axis"` with `index` the axis, `"half extents"`), then
/// [`GeometryError::ZeroDirection`] for a zero normal, then
/// [`GeometryError::InvertedBox`] for a negative half extent (`axis` is the box axis).
///
/// # Examples
///
/// ```
/// use isect::overlap::plane_box::{try_plane_obb, PlaneBox};
/// use isect::{GeometryError, Obb, Plane};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let p = Plane::new([0.0, 0.0, 1.0], -5.0);
/// assert_eq!(try_plane_obb(&p, &Obb::new([0.0; 3], id, [1.0; 3])), Ok(PlaneBox::Inside));
/// assert_eq!(
///     try_plane_obb(&p, &Obb::new([0.0; 3], id, [1.0, -1.0, 1.0])),
///     Err(GeometryError::InvertedBox { axis: 1 })
/// );
/// ```
pub fn try_plane_obb<T: Scalar>(plane: &Plane<T>, b: &Obb<T>) -> Result<PlaneBox, GeometryError> {
    check_plane(plane)?;
    check3("box center", 0, &b.center)?;
    for (i, a) in b.axes.iter().enumerate() {
        check3("axis", i, a)?;
    }
    check3("half extents", 0, &b.half_extents)?;
    if plane.normal.iter().all(|x| x.is_zero()) {
        return Err(GeometryError::ZeroDirection);
    }
    if let Some(axis) = b.half_extents.iter().position(|h| *h < T::zero()) {
        return Err(GeometryError::InvertedBox { axis });
    }
    Ok(plane_obb(plane, b))
}

/// The classic plane/OBB test (RTR §22.10.2), computed in `T` and decided under
/// `policy`.
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
/// use isect::overlap::plane_box::{plane_obb_with, PlaneBox};
/// use isect::policy::Naive;
/// use isect::{Obb, Plane};
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.5; 3]);
/// assert_eq!(plane_obb_with(Naive, &Plane::new([1.0, 0.0, 0.0], -2.0), &b), PlaneBox::Inside);
/// ```
pub fn plane_obb_with<T: Scalar, P: Policy<T>>(
    policy: P,
    plane: &Plane<T>,
    b: &Obb<T>,
) -> PlaneBox {
    let n = &plane.normal;
    let dot = |v: &[T; 3]| n[0].clone() * &v[0] + n[1].clone() * &v[1] + n[2].clone() * &v[2];
    let c = &b.center;
    let s = dot(c) + &plane.offset;
    let mut scale = abs(plane.offset.clone());
    for k in 0..3 {
        scale = scale + abs(n[k].clone() * &c[k]);
    }
    let mut e = T::zero();
    for i in 0..3 {
        e = e + b.half_extents[i].clone() * abs(dot(&b.axes[i]));
    }
    classic(policy, s, e, scale)
}

#[cfg(test)]
mod tests {
    use super::super::sphere::tests::{model, round_up};
    use super::*;

    #[test]
    fn constants_are_the_rounded_up_exact_values() {
        let (_, gamma, pow) = model();
        assert_eq!(C_CORNER, round_up(&(gamma(4) / pow(6))));
        assert_eq!(C_OBB, round_up(&(gamma(7) / pow(10))));
    }
}
