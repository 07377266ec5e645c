//! The exact ray/triangle test against the closed triangle ([`ray_triangle_closed`]),
//! which reports every touching ray and where it touches ([`RayContact`]).

use super::ray_triangle::{RayHit, construct_generic, side_sign, via_f64};
use crate::{InputError, Ray, Scalar, Sign, Triangle, Validate};

/// Which part of a closed triangle a ray touches first ([`ray_triangle_closed`]).
///
/// Edges are numbered by the vertex they start at: edge 0 is `ab`, 1 is `bc`, 2 is `ca`;
/// vertices 0, 1, 2 are `a, b, c`.
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_triangle_closed, RayContact};
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let (_, contact) = ray_triangle_closed(&Ray::new([0.5, 0.0, 1.0], [0.0, 0.0, -1.0]), &tri).unwrap();
/// assert_eq!(contact, RayContact::Edge(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RayContact {
    /// The ray crosses the triangle's plane inside the triangle.
    Interior,
    /// The ray crosses the plane on this edge (not at a vertex).
    Edge(u8),
    /// The ray crosses the plane at this vertex.
    Vertex(u8),
    /// The ray lies in the triangle's plane and meets the triangle; the hit reports the
    /// first point of contact.
    Coplanar,
}

/// Exact ray/triangle test against the **closed** triangle: every ray that touches the
/// triangle hits it, and the [`RayContact`] says where.
///
/// Returns the first point (smallest `t ≥ 0`) where the ray meets the closed triangle.
/// For a ray crossing the triangle's plane this is the crossing point, classified as
/// interior, edge or vertex exactly. For a ray lying in the triangle's plane it is the
/// first point of the triangle along the ray ([`RayContact::Coplanar`]); then `t` is exact
/// for rationals and rounded for floats (with `t_error` a bound), the barycentric weights
/// are those of that point, and `front` is `false`.
///
/// Exact for every finite input. NaN or infinite coordinates or a zero direction: `None`
/// ([`try_ray_triangle_closed`] reports them); a degenerate (collinear) triangle: `None`.
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_triangle_closed, RayContact};
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// // Through vertex b:
/// let (hit, contact) = ray_triangle_closed(&Ray::new([1.0, 0.0, -1.0], [0.0, 0.0, 1.0]), &tri).unwrap();
/// assert_eq!((hit.t, contact), (1.0, RayContact::Vertex(1)));
/// // In the plane, entering through edge ca at x = 0:
/// let (hit, contact) = ray_triangle_closed(&Ray::new([-1.0, 0.25, 0.0], [1.0, 0.0, 0.0]), &tri).unwrap();
/// assert_eq!((hit.t, contact), (1.0, RayContact::Coplanar));
/// ```
pub fn ray_triangle_closed<T: Scalar>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Option<(RayHit<T>, RayContact)> {
    // Non-finite input, a zero direction or a degenerate triangle: no hit.
    if ray.validate(0).is_err() || tri.validate(1).is_err() || tri.is_degenerate() {
        return None;
    }
    let (o, d) = (&ray.origin, &ray.direction);
    let [a, b, c] = tri.vertices();
    let sides = [
        side_sign(o, d, a, b),
        side_sign(o, d, b, c),
        side_sign(o, d, c, a),
    ];
    let has_pos = sides.contains(&Sign::Positive);
    let has_neg = sides.contains(&Sign::Negative);
    if has_pos && has_neg {
        return None;
    }
    if !has_pos && !has_neg {
        // All three zero: S(a,b)+S(b,c)+S(c,a) = D = 0, the ray is parallel to the plane
        // (or in it).
        return coplanar::first_contact(o, d, a, b, c);
    }
    let s = if has_pos {
        Sign::Positive
    } else {
        Sign::Negative
    };
    // Some side is non-zero and none has the opposite sign, so D = ΣS has sign s.
    let n_sign = crate::orient3d(a, b, c, o);
    if n_sign == -s {
        return None;
    }
    let zeros: [bool; 3] = sides.map(|x| x == Sign::Zero);
    let contact = match zeros {
        [false, false, false] => RayContact::Interior,
        // Two zero edges meet at their shared vertex: ab∩bc = b, bc∩ca = c, ca∩ab = a.
        [true, true, false] => RayContact::Vertex(1),
        [false, true, true] => RayContact::Vertex(2),
        [true, false, true] => RayContact::Vertex(0),
        [true, false, false] => RayContact::Edge(0),
        [false, true, false] => RayContact::Edge(1),
        _ => RayContact::Edge(2),
    };
    let hit = match via_f64(ray, tri, |r, a, b, c| Some(r.construct(a, b, c, s))) {
        Some(hit) => hit,
        None => Some(construct_generic(o, d, a, b, c, s)),
    };
    hit.map(|h| (h, contact))
}

/// [`ray_triangle_closed`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
/// `"origin"` or `"direction"`) or of a vertex (argument 1, `"vertex"` with its index),
/// [`InputError::ZeroDirection`] for a zero direction. A degenerate triangle is valid
/// input (answered `None`).
///
/// # Examples
///
/// ```
/// use isect::ray::{try_ray_triangle_closed, RayContact};
/// use isect::{InputError, Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let down = Ray::new([0.0, 0.0, 1.0], [0.0, 0.0, -1.0]);
/// assert_eq!(try_ray_triangle_closed(&down, &tri).unwrap().unwrap().1, RayContact::Vertex(0));
/// let bad = Triangle::new([0.0, 0.0, f64::NAN], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// assert!(matches!(
///     try_ray_triangle_closed(&down, &bad),
///     Err(InputError::NonFinite { argument: 1, what: "vertex", index: Some(0), .. })
/// ));
/// ```
pub fn try_ray_triangle_closed<T: Scalar>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Result<Option<(RayHit<T>, RayContact)>, InputError> {
    ray.validate(0)?;
    tri.validate(1)?;
    Ok(ray_triangle_closed(ray, tri))
}

mod coplanar {
    //! A ray lying in the plane of a triangle: the first point of contact. Rare, so it
    //! is computed in exact rational arithmetic throughout, in the projection onto a
    //! coordinate plane where the triangle keeps its area (an affine projection keeps
    //! barycentric coordinates and, since it only drops a coordinate, exactness).

    use num_rational::BigRational;
    use num_traits::{Signed, Zero};

    use super::super::ray_triangle::rounding_error;
    use super::{RayContact, RayHit};
    use crate::{Scalar, Sign};

    type Q = BigRational;

    fn cross(u: (&Q, &Q), v: (&Q, &Q)) -> Q {
        u.0 * v.1 - u.1 * v.0
    }

    pub(super) fn first_contact<T: Scalar>(
        o: &[T; 3],
        d: &[T; 3],
        a: &[T; 3],
        b: &[T; 3],
        c: &[T; 3],
    ) -> Option<(RayHit<T>, RayContact)> {
        // The ray is parallel to the plane; it meets the triangle only if it lies in it.
        if crate::orient3d(a, b, c, o) != Sign::Zero {
            return None;
        }
        let q = |p: &[T; 3]| -> Option<[Q; 3]> {
            Some([
                p[0].to_rational()?,
                p[1].to_rational()?,
                p[2].to_rational()?,
            ])
        };
        let (o, d) = (q(o)?, q(d)?);
        let v = [q(a)?, q(b)?, q(c)?];
        let area2 = |i: usize, j: usize, p: &[Q; 3], r: &[Q; 3], s: &[Q; 3]| {
            cross(
                (&(&r[i] - &p[i]), &(&r[j] - &p[j])),
                (&(&s[i] - &p[i]), &(&s[j] - &p[j])),
            )
        };
        // A coordinate plane where the (non-degenerate) triangle projects with area.
        let (i, j) = [(1, 2), (2, 0), (0, 1)]
            .into_iter()
            .find(|&(i, j)| !area2(i, j, &v[0], &v[1], &v[2]).is_zero())?;
        let total = area2(i, j, &v[0], &v[1], &v[2]);
        let rel = |p: &[Q; 3]| (&p[i] - &o[i], &p[j] - &o[j]);
        let (di, dj) = (&d[i], &d[j]);
        // Origin inside the closed triangle: contact at t = 0. Otherwise the first
        // crossing of an edge.
        let inside = (0..3).all(|k| {
            let w = area2(i, j, &o, &v[(k + 1) % 3], &v[(k + 2) % 3]);
            w.is_zero() || w.is_positive() == total.is_positive()
        });
        let mut best: Option<Q> = if inside { Some(Q::zero()) } else { None };
        if !inside {
            for k in 0..3 {
                let (p, r) = (&v[k], &v[(k + 1) % 3]);
                let (pr, rr) = (rel(p), rel(r));
                let sp = cross((di, dj), (&pr.0, &pr.1));
                let sr = cross((di, dj), (&rr.0, &rr.1));
                if (sp.is_positive() && sr.is_positive()) || (sp.is_negative() && sr.is_negative())
                {
                    continue; // the edge is strictly on one side of the ray's line
                }
                let t = if sp.is_zero() && sr.is_zero() {
                    // The edge lies on the ray's line; o is outside the closed triangle,
                    // so both end points are ahead of it or both behind.
                    let dd = di * di + dj * dj;
                    let tp = (di * &pr.0 + dj * &pr.1) / &dd;
                    let tr = (di * &rr.0 + dj * &rr.1) / &dd;
                    if tp.is_negative() {
                        continue;
                    }
                    tp.min(tr)
                } else {
                    // The line crosses the edge at t = cross(p−o, r−p) / cross(d, r−p).
                    let e = (&r[i] - &p[i], &r[j] - &p[j]);
                    let t = cross((&pr.0, &pr.1), (&e.0, &e.1)) / cross((di, dj), (&e.0, &e.1));
                    if t.is_negative() {
                        continue;
                    }
                    t
                };
                if best.as_ref().is_none_or(|b| t < *b) {
                    best = Some(t);
                }
            }
        }
        let t = best?;
        let x: [Q; 3] = core::array::from_fn(|k| &o[k] + &t * &d[k]);
        let w: [Q; 3] =
            core::array::from_fn(|k| area2(i, j, &x, &v[(k + 1) % 3], &v[(k + 2) % 3]) / &total);
        let t_out = T::from_rational(&t);
        let t_error = rounding_error(&t_out, &t);
        Some((
            RayHit {
                t: t_out,
                barycentric: w.map(|x| T::from_rational(&x)),
                front: false,
                t_error,
            },
            RayContact::Coplanar,
        ))
    }
}
