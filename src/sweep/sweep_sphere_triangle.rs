//! The sweep of a moving sphere against a moving triangle: face, then edges as capsules,
//! then vertices as spheres (Ericson §5.5.6; Eberly, *3D Game Engine Design*; RTR §22.17).

use super::interval::Est;
use super::pieces::{Motion, Radius};
use super::sweep_sphere_polygon::polygon_pieces;
use super::{Collect, SweepHit, bounds, finite, radius_ok, swept_misses, validate_sweep};
use crate::geometry::{Sphere, Triangle};
use crate::scalar::as_f64_array;
use crate::vec3::{cross, dot, sub};
use crate::{InputError, Scalar};

/// `|(b − a) × (c − a)|²`: zero iff the triangle is degenerate.
/// A certain miss from the triangle's plane (`proofs/sweep.md`, section 9): with
/// `n = (b − a) × (c − a)` and the signed, unnormalized distance `s(u) = n·(c_s + u·w − a)`
/// of the sphere's centre (`w = v_s − v_t`, linear in `u`), both `s(0)` and `s(1)` beyond
/// `r·|n|` on the same side means the sphere never reaches the plane, which holds the
/// whole triangle. Evaluated in `Est` arithmetic (rigorous under any rounding); `false`
/// means "not shown" (a degenerate triangle never is).
#[inline(always)]
fn plane_misses(c: &[f64; 3], r: f64, ws: &[f64; 3], wt: &[f64; 3], v: [&[f64; 3]; 3]) -> bool {
    let lift = |p: &[f64; 3]| p.map(Est::exact);
    let [a, b, cc] = v.map(lift);
    let n = cross(&sub(&b, &a), &sub(&cc, &a));
    let w = sub(&lift(ws), &lift(wt));
    let s0 = dot(&n, &sub(&lift(c), &a));
    let s1 = s0 + dot(&n, &w);
    let big_r = Est::exact(r) * dot(&n, &n).sqrt();
    let above = |x: Est| x.ok() && x.v > x.e;
    (above(s0 - big_r) && above(s1 - big_r)) || (above(-(s0 + big_r)) && above(-(s1 + big_r)))
}

/// Sweep of a moving closed ball against a moving closed triangle over `u ∈ [0, 1]`:
/// the sphere moves by `vs`, the triangle (all three vertices) by `vt`.
///
/// They touch at `u` iff the centre is within `r` of the triangle, i.e. in the union of
/// three kinds of convex pieces (Minkowski sum of triangle and ball): the **face** slab
/// prism (within `r` of the plane, inside the three edge planes parallel to the normal),
/// the three **edges** as capsule cylinders, and the three **vertices** as spheres. Each
/// piece's time set is decided exactly ([`sweep_sphere_sphere`](super::sweep_sphere_sphere),
/// [`ray_capsule`](fn@super::ray_capsule) and the face's linear and quadratic
/// constraints, `proofs/sweep.md`, section 6), so **touch or not is exact**; the first
/// and last contact are the smallest first and largest last time over the pieces (the
/// union is convex along the motion: one interval). Times carry error bounds.
///
/// A degenerate triangle (collinear or repeated vertices, decided exactly) is the
/// segment or point it spans: its edges and vertices. Returns `None` for a NaN or
/// infinite input and for a negative radius ([`try_sweep_sphere_triangle`] reports those).
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_sphere_triangle;
/// use isect::{Sphere, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]);
/// // Falling onto the face from z = 3 by 4 with radius 1: contact at z = 1, u = 0.5.
/// let s = Sphere::new([1.0, 1.0, 3.0], 1.0);
/// let hit = sweep_sphere_triangle(&s, &[0.0, 0.0, -4.0], &tri, &[0.0; 3]).unwrap();
/// assert_eq!((hit.first, hit.last), (0.5, 1.0));
/// // Grazing the edge x + y = 4 from outside at distance exactly 1 (a 3-4-5 offset):
/// let s = Sphere::new([3.0 + 0.6, 1.0 + 0.8, 10.0], 1.0);
/// assert!(sweep_sphere_triangle(&s, &[0.0, 0.0, -20.0], &tri, &[0.0; 3]).is_some());
/// ```
pub fn sweep_sphere_triangle<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    tri: &Triangle<T>,
    vt: &[T; 3],
) -> Option<SweepHit<T>> {
    if !finite(&[&s.center, vs, &tri.a, &tri.b, &tri.c, vt]) || !radius_ok(&s.radius) {
        return None;
    }
    if let (Some(c), Some(r), Some(ws), Some(wt), Some(a), Some(b), Some(cc)) = (
        as_f64_array(&s.center),
        s.radius.as_f64(),
        as_f64_array(vs),
        as_f64_array(vt),
        as_f64_array(&tri.a),
        as_f64_array(&tri.b),
        as_f64_array(&tri.c),
    ) {
        let (lo, hi) = bounds(&[&a, &b, &cc]);
        if swept_misses(&c, &c, r, &ws, &wt, &lo, &hi)
            || plane_misses(&c, r, &ws, &wt, [&a, &b, &cc])
        {
            return None;
        }
    }
    let m = Motion {
        p: &s.center,
        vp: Some(vs),
        vq: Some(vt),
    };
    let mut c = Collect::new(true);
    polygon_pieces(
        m,
        Radius(&s.radius, None),
        &[&tri.a, &tri.b, &tri.c],
        &mut c,
    );
    c.finish()
}

/// [`sweep_sphere_triangle`], refusing bad input. A degenerate triangle is valid input
/// (it is read as the segment or point it spans).
///
/// # Errors
///
/// [`InputError::NonFinite`] (`what` is `"center"`, `"radius"`, `"vertex"` with `index`
/// 0–2, or `"displacement"`; `argument` 0 is the sphere, 1 its displacement, 2 the
/// triangle, 3 its displacement) and [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_sphere_triangle;
/// use isect::{InputError, NonFiniteValue, Sphere, Triangle};
/// let tri = Triangle::new([0.0; 3], [1.0, 0.0, 0.0], [0.0, f64::NAN, 0.0]);
/// let err = try_sweep_sphere_triangle(&Sphere::new([0.0; 3], 1.0), &[0.0; 3], &tri, &[0.0; 3]);
/// assert_eq!(
///     err,
///     Err(InputError::NonFinite {
///         argument: 2,
///         what: "vertex",
///         index: Some(2),
///         axis: Some(1),
///         value: NonFiniteValue::NaN,
///     })
/// );
/// ```
pub fn try_sweep_sphere_triangle<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    tri: &Triangle<T>,
    vt: &[T; 3],
) -> Result<Option<SweepHit<T>>, InputError> {
    validate_sweep(s, vs, tri, vt)?;
    Ok(sweep_sphere_triangle(s, vs, tri, vt))
}
