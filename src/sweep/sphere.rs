//! Sphere/sphere and sphere/plane sweeps (Gomez; RTR §22.17; Ericson §5.5.5 and §5.5.3).

use super::pieces::{Ball, Motion, Radius, Slab};
use super::{check3, check_radius, finite, radius_ok, Collect, SweepHit};
use crate::geometry::{GeometryError, Plane, Sphere};
use crate::Scalar;

/// Sweep of two moving closed balls over `u ∈ [0, 1]`: sphere `a` moves by `va`, sphere
/// `b` by `vb`.
///
/// They touch at `u` iff `q(u) = |Δc + u·Δv|² − (r_a + r_b)² ≤ 0` with `Δc = c_b − c_a`,
/// `Δv = v_b − v_a`. **Touch or not is exact**: `q(0) ≤ 0` (already touching), else
/// `q(1) ≤ 0`, else the vertex of `q` inside `(0, 1)` with `B² − AC ≥ 0`, every one an
/// exact polynomial sign (`proofs/sweep.md`, section 3). Symmetric: swapping `a` and `b`
/// gives the same answer (bit for bit).
///
/// The times are the roots `(−B ∓ √(B² − AC))/A` of `q = A·u² + 2B·u + C`, computed in the
/// stable form (`C/(−B + √D)` for the first contact when `B < 0`), clamped to `[0, 1]`,
/// with rigorous error bounds in the [`SweepHit`]. Relative rest (`Δv = 0`): `[0, 1]` if
/// they touch, else `None`.
///
/// Returns `None` for a NaN or infinite input and for a negative radius
/// ([`try_sweep_sphere_sphere`] reports those).
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_sphere_sphere;
/// use isect::Sphere;
/// let a = Sphere::new([0.0, 0.0, 0.0], 1.0);
/// let b = Sphere::new([4.0, 0.0, 0.0], 1.0);
/// // Head-on, both moving: contact when the gap of 2 has closed, at u = 0.5.
/// let hit = sweep_sphere_sphere(&a, &[2.0, 0.0, 0.0], &b, &[-2.0, 0.0, 0.0]).unwrap();
/// assert_eq!(hit.first, 0.5);
/// assert_eq!(hit.last, 1.0);
/// // Passing by at distance 2 + 2^-40: a miss, decided exactly.
/// let c = Sphere::new([-5.0, 2.0 + 2f64.powi(-40), 0.0], 1.0);
/// assert!(sweep_sphere_sphere(&c, &[10.0, 0.0, 0.0], &b, &[0.0; 3]).is_none());
/// ```
pub fn sweep_sphere_sphere<T: Scalar>(
    a: &Sphere<T>,
    va: &[T; 3],
    b: &Sphere<T>,
    vb: &[T; 3],
) -> Option<SweepHit<T>> {
    if !finite(&[&a.center, va, &b.center, vb]) || !radius_ok(&a.radius) || !radius_ok(&b.radius) {
        return None;
    }
    let mut c = Collect::new(true);
    c.add(&Ball {
        m: Motion {
            p: &b.center,
            vp: Some(vb),
            vq: Some(va),
        },
        q: &a.center,
        r: Radius(&a.radius, Some(&b.radius)),
    });
    c.finish()
}

/// [`sweep_sphere_sphere`], refusing bad input.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what` is `"center"`, `"displacement"` or `"radius"`,
/// `index` 0 for `a` and 1 for `b`) and [`GeometryError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_sphere_sphere;
/// use isect::{GeometryError, Sphere};
/// let a = Sphere::new([0.0; 3], -1.0);
/// let b = Sphere::new([3.0, 0.0, 0.0], 1.0);
/// assert_eq!(
///     try_sweep_sphere_sphere(&a, &[1.0, 0.0, 0.0], &b, &[0.0; 3]),
///     Err(GeometryError::NegativeRadius)
/// );
/// ```
pub fn try_sweep_sphere_sphere<T: Scalar>(
    a: &Sphere<T>,
    va: &[T; 3],
    b: &Sphere<T>,
    vb: &[T; 3],
) -> Result<Option<SweepHit<T>>, GeometryError> {
    check3("center", 0, &a.center)?;
    check3("displacement", 0, va)?;
    check3("center", 1, &b.center)?;
    check3("displacement", 1, vb)?;
    check_radius(&a.radius)?;
    check_radius(&b.radius)?;
    Ok(sweep_sphere_sphere(a, va, b, vb))
}

/// Sweep of a moving closed ball against a moving plane (the plane itself: the points
/// `x` with `n·x + d = 0`, translated by `u·vp`), over `u ∈ [0, 1]`.
///
/// With the signed, unnormalized distance `s(u) = n·(c + u·vs) + d − u·n·vp`, they touch
/// iff `s(u)² ≤ r²·(n·n)` (no square root: the normal need not be unit length). **Touch
/// or not is exact** (`proofs/sweep.md`, section 3): the same quadratic decisions as
/// [`sweep_sphere_sphere`]. The times `(±r|n| − s(0))/(s(1) − s(0))` are irrational in
/// general and carry error bounds. Moving parallel to the plane: `[0, 1]` or `None`.
///
/// A zero normal makes the "plane" `d = 0`: all of space if `d = 0` (`[0, 1]`), empty
/// otherwise. Returns `None` for a NaN or infinite input and for a negative radius
/// ([`try_sweep_sphere_plane`] reports those and a zero normal).
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_sphere_plane;
/// use isect::{Plane, Sphere};
/// // The plane z = 0 (normal of length 2), a unit sphere falling from z = 3 by 4.
/// let plane = Plane::new([0.0, 0.0, 2.0], 0.0);
/// let s = Sphere::new([0.0, 0.0, 3.0], 1.0);
/// let hit = sweep_sphere_plane(&s, &[0.0, 0.0, -4.0], &plane, &[0.0; 3]).unwrap();
/// assert_eq!((hit.first, hit.last), (0.5, 1.0));
/// ```
pub fn sweep_sphere_plane<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    plane: &Plane<T>,
    vp: &[T; 3],
) -> Option<SweepHit<T>> {
    if !finite(&[&s.center, vs, &plane.normal, vp])
        || !plane.offset.is_finite()
        || !radius_ok(&s.radius)
    {
        return None;
    }
    let mut c = Collect::new(true);
    c.add(&Slab {
        m: Motion {
            p: &s.center,
            vp: Some(vs),
            vq: Some(vp),
        },
        n: &plane.normal,
        d: &plane.offset,
        r: Radius(&s.radius, None),
    });
    c.finish()
}

/// [`sweep_sphere_plane`], refusing bad input.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what` is `"center"`, `"displacement"` (index 0: the
/// sphere's, 1: the plane's), `"normal"`, `"offset"` or `"radius"`),
/// [`GeometryError::NegativeRadius`], and [`GeometryError::ZeroDirection`] for a zero
/// normal.
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_sphere_plane;
/// use isect::{GeometryError, Plane, Sphere};
/// let s = Sphere::new([0.0; 3], 1.0);
/// let flat = Plane::new([0.0; 3], 1.0);
/// assert_eq!(try_sweep_sphere_plane(&s, &[0.0; 3], &flat, &[0.0; 3]), Err(GeometryError::ZeroDirection));
/// ```
pub fn try_sweep_sphere_plane<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    plane: &Plane<T>,
    vp: &[T; 3],
) -> Result<Option<SweepHit<T>>, GeometryError> {
    check3("center", 0, &s.center)?;
    check3("displacement", 0, vs)?;
    check3("normal", 0, &plane.normal)?;
    if !plane.offset.is_finite() {
        return Err(GeometryError::NonFinite {
            what: "offset",
            index: 0,
            axis: 0,
        });
    }
    check3("displacement", 1, vp)?;
    check_radius(&s.radius)?;
    if plane.normal.iter().all(|x| x.is_zero()) {
        return Err(GeometryError::ZeroDirection);
    }
    Ok(sweep_sphere_plane(s, vs, plane, vp))
}
