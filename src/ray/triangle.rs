//! Ray/triangle intersection (Real-Time Rendering, section 22.8), three ways, one result
//! type ([`RayHit`]):
//!
//! | function | decides with | a ray through an edge or vertex |
//! |---|---|---|
//! | [`ray_triangle`] | exact signs + symbolic perturbation | counted by **exactly one** of the triangles sharing it (closed, consistently oriented meshes) |
//! | [`ray_triangle_closed`] | exact signs | hits every triangle it touches, and says which feature ([`Contact`]) |
//! | [`ray_triangle_moller`] | Möller–Trumbore under an epsilon [`Policy`] | whatever rounding gives: leaks and double counts |
//! | [`ray_triangle_woop`] | Woop–Benthin–Wald watertight test (`f32`, `f64`) | at least one hit (never a leak), often two |
//!
//! # The exact test
//!
//! For a ray `o + t·d` and a triangle `a, b, c`, write `S(p, q) = det[p − o, q − o, d]`
//! (the Plücker side product of the ray's line and the directed edge `pq`: positive when
//! the line passes the edge counterclockwise, seen along `d`), `D = d·n` with
//! `n = (b − a) × (c − a)`, and `N = det[a − o, b − o, c − o]` (the value of
//! [`orient3d`](crate::orient3d)`(a, b, c, o)`). Then `S(a,b) + S(b,c) + S(c,a) = D`, the
//! line meets the triangle's plane at `t = N / D`, and the barycentric weights of the
//! meeting point are `(S(b,c), S(c,a), S(a,b)) / D`.
//!
//! [`ray_triangle`] reports a hit when the three edge signs are equal and non-zero and
//! `N` is zero or has the same sign (`t ≥ 0`). An edge sign that is exactly zero (the
//! line passes through the edge's line) is replaced by the sign the same determinant takes
//! when the ray's origin is moved to `o + ε·e_x' + ε²·e_y'` for an infinitesimal `ε > 0`,
//! where `x', y'` are the two axes other than the dominant axis of `d`. The perturbation
//! depends only on the ray, and `S(p, q) = −S(q, p)` holds for the perturbed values too,
//! so two triangles sharing an edge always disagree about it, and all triangles around a
//! vertex see one consistent perturbed line: on a closed, consistently oriented mesh every
//! crossing is counted once. The argument is in `proofs/ray_triangle.md`.
//!
//! Every sign is exact for every finite input ([`crate::predicates::polynomial_sign`]).
//! `f64` runs a filtered fast path whose cost is close to Möller–Trumbore's; `f32` inputs
//! are promoted to `f64` exactly; rationals are evaluated exactly.

use core::any::Any;

use crate::policy::{Exact, Policy};
use crate::predicates::{polynomial_sign, Polynomial, Ring};
use crate::{Ray, Scalar, Sign, Triangle};

/// Where a ray meets a triangle.
///
/// `t` is the ray parameter of the meeting point `origin + t·direction`;
/// `barycentric = [wa, wb, wc]` are its weights on `a, b, c` (they sum to one);
/// `front` is `true` when the ray arrives from the front side, the side from which
/// `a, b, c` appear counterclockwise (`direction · ((b − a) × (c − a)) < 0`).
/// For floats the reported weights are never negative (the exact ones of a hit are not).
///
/// Whether there is a hit, and `front`, are exact. For rationals `t` and the weights are
/// exact and `t_error` is zero. For floats `t` and the weights are rounded, and
/// `|t − t_exact| ≤ t_error` is guaranteed (an a-posteriori bound computed with the hit;
/// `proofs/ray_triangle.md`, section 3); the weights are within a few units in the last
/// place of the exact ones when the hit is well conditioned.
///
/// # Examples
///
/// ```
/// use isect::{ray::triangle::ray_triangle, Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let hit = ray_triangle(&Ray::new([0.25, 0.25, 1.0], [0.0, 0.0, -2.0]), &tri).unwrap();
/// assert_eq!(hit.t, 0.5);
/// assert_eq!(hit.barycentric, [0.5, 0.25, 0.25]);
/// assert!(hit.front);
/// assert!(hit.t_error < 1e-14); // a guaranteed bound, here loose: t is exact
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RayHit<T> {
    /// The ray parameter of the hit point.
    pub t: T,
    /// Weights of the hit point on the vertices `a, b, c`.
    pub barycentric: [T; 3],
    /// `true` when the ray comes from the front (counterclockwise) side.
    pub front: bool,
    /// A bound on `|t − exact t|` (zero for rationals).
    pub t_error: f64,
}

/// Which part of a closed triangle a ray touches first ([`ray_triangle_closed`]).
///
/// Edges are numbered by the vertex they start at: edge 0 is `ab`, 1 is `bc`, 2 is `ca`;
/// vertices 0, 1, 2 are `a, b, c`.
///
/// # Examples
///
/// ```
/// use isect::ray::triangle::{ray_triangle_closed, Contact};
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let (_, contact) = ray_triangle_closed(&Ray::new([0.5, 0.0, 1.0], [0.0, 0.0, -1.0]), &tri).unwrap();
/// assert_eq!(contact, Contact::Edge(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contact {
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

// ---------------------------------------------------------------------------------------
// Polynomials (exact signs for the cold paths and the rational path).
// ---------------------------------------------------------------------------------------

/// `det[p − o, q − o, d]`.
pub(crate) struct Side<'a, T> {
    pub(crate) o: &'a [T; 3],
    pub(crate) d: &'a [T; 3],
    pub(crate) p: &'a [T; 3],
    pub(crate) q: &'a [T; 3],
}

impl<T> Polynomial<T> for Side<'_, T> {
    fn eval<R: Ring>(&self, l: &impl Fn(&T) -> R) -> R {
        let p: [R; 3] = core::array::from_fn(|k| l(&self.p[k]) - l(&self.o[k]));
        let q: [R; 3] = core::array::from_fn(|k| l(&self.q[k]) - l(&self.o[k]));
        let d: [R; 3] = core::array::from_fn(|k| l(&self.d[k]));
        det3(&p, &q, &d)
    }
}

/// Component `i` of `(q − p) × d`: the coefficient of the perturbation along axis `i`.
struct EdgeCross<'a, T> {
    d: &'a [T; 3],
    p: &'a [T; 3],
    q: &'a [T; 3],
    i: usize,
}

impl<T> Polynomial<T> for EdgeCross<'_, T> {
    fn eval<R: Ring>(&self, l: &impl Fn(&T) -> R) -> R {
        let (j, k) = ((self.i + 1) % 3, (self.i + 2) % 3);
        let wj = l(&self.q[j]) - l(&self.p[j]);
        let wk = l(&self.q[k]) - l(&self.p[k]);
        wj * l(&self.d[k]) - wk * l(&self.d[j])
    }
}

/// `det[a; b; c] = a · (b × c)` over any ring.
pub(crate) fn det3<R: Ring>(a: &[R; 3], b: &[R; 3], c: &[R; 3]) -> R {
    a[0].clone() * (b[1].clone() * c[2].clone() - b[2].clone() * c[1].clone())
        + a[1].clone() * (b[2].clone() * c[0].clone() - b[0].clone() * c[2].clone())
        + a[2].clone() * (b[0].clone() * c[1].clone() - b[1].clone() * c[0].clone())
}

/// The perturbation axes of a ray: `(x', y')`, the two axes after the dominant axis of
/// `d` in cyclic order. Any axis with `d ≠ 0` there would do; the dominant one is used.
fn perturbation_axes<T: Scalar>(d: &[T; 3]) -> (usize, usize) {
    let abs = |x: &T| {
        if *x < T::zero() {
            T::zero() - x.clone()
        } else {
            x.clone()
        }
    };
    let (m0, m1, m2) = (abs(&d[0]), abs(&d[1]), abs(&d[2]));
    let kz = if m0 >= m1 && m0 >= m2 {
        0
    } else if m1 >= m2 {
        1
    } else {
        2
    };
    ((kz + 1) % 3, (kz + 2) % 3)
}

/// The sign of `S(p, q)` at the perturbed origin, given its unperturbed sign `s`.
/// `S_ε = S − ε·((q−p)×d)_x' − ε²·((q−p)×d)_y'`; `Zero` only when `q − p` is parallel
/// to `d` (or `d = 0`).
#[cold]
#[inline(never)]
fn perturbed<T: Scalar>(axes: (usize, usize), d: &[T; 3], p: &[T; 3], q: &[T; 3]) -> Sign {
    let c1 = polynomial_sign(&EdgeCross { d, p, q, i: axes.0 });
    if c1 != Sign::Zero {
        return -c1;
    }
    -polynomial_sign(&EdgeCross { d, p, q, i: axes.1 })
}

fn is_finite3<T: Scalar>(p: &[T; 3]) -> bool {
    p.iter().all(Scalar::is_finite)
}

// ---------------------------------------------------------------------------------------
// Public entry points.
// ---------------------------------------------------------------------------------------

/// Exact ray/triangle test with **exactly-once** tie-breaking: the first of the three
/// variants described in the [module documentation](self).
///
/// Returns the hit when the ray `origin + t·direction, t ≥ 0` crosses the triangle under
/// the perturbation rule, `None` otherwise. Interior crossings are hits; a ray through an
/// edge or vertex hits exactly one of the triangles of a closed, consistently oriented
/// mesh around it (for a lone triangle, a ray through its boundary may therefore miss:
/// use [`ray_triangle_closed`] to count boundary contacts). A hit exactly at the
/// origin (`t = 0`) counts. A ray parallel to the triangle's plane never hits (the
/// triangle is edge-on; its neighbours take the crossing), nor does a degenerate
/// (collinear) triangle.
///
/// Exact for every finite input of every scalar type. NaN or infinite coordinates, or a
/// zero direction: `None`.
///
/// # Examples
///
/// Two triangles sharing the edge from `(0,0,0)` to `(1,1,0)`; a ray through the middle
/// of that edge hits exactly one of them:
///
/// ```
/// use isect::{ray::triangle::ray_triangle, Ray, Triangle};
/// let (p, q) = ([0.0, 0.0, 0.0], [1.0, 1.0, 0.0]);
/// let left = Triangle::new(p, q, [0.0, 1.0, 0.0]);
/// let right = Triangle::new(q, p, [1.0, 0.0, 0.0]);
/// let ray = Ray::new([0.5, 0.5, 1.0], [0.0, 0.0, -1.0]);
/// let hits = [&left, &right].iter().filter(|t| ray_triangle(&ray, t).is_some()).count();
/// assert_eq!(hits, 1);
/// ```
pub fn ray_triangle<T: Scalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<RayHit<T>> {
    // The type tests monomorphise away; each branch returns directly (no nested Option
    // on the hot path).
    if let (Some(r), Some(t)) = (
        (ray as &dyn Any).downcast_ref::<Ray<f64>>(),
        (tri as &dyn Any).downcast_ref::<Triangle<f64>>(),
    ) {
        let (o, d) = (&r.origin, &r.direction);
        return filtered_hit(o, d, &t.a, &t.b, &t.c, hit_from_f64);
    }
    if is_float::<T>() {
        if let Some(hit) = via_f64(ray, tri, |r, a, b, c| r.hit(a, b, c)) {
            return hit;
        }
    }
    generic(ray, tri)
}

/// Runs `f` on the `f64` form of the inputs when `T` is `f64`, or `f32` (promoted exactly;
/// the hit is rounded back with `RayHit::to_f32`), and hands its hit back as `T`'s;
/// `None` for every other scalar type. The type tests monomorphise away.
#[inline(always)]
fn via_f64<T: Scalar>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    f: impl FnOnce(&PreparedRay, &[f64; 3], &[f64; 3], &[f64; 3]) -> Option<RayHit<f64>>,
) -> Option<Option<RayHit<T>>> {
    if let (Some(r), Some(t)) = (
        (ray as &dyn Any).downcast_ref::<Ray<f64>>(),
        (tri as &dyn Any).downcast_ref::<Triangle<f64>>(),
    ) {
        return Some(cast_hit::<f64, T>(f(
            &PreparedRay::new(r),
            &t.a,
            &t.b,
            &t.c,
        )));
    }
    if let (Some(r), Some(t)) = (
        (ray as &dyn Any).downcast_ref::<Ray<f32>>(),
        (tri as &dyn Any).downcast_ref::<Triangle<f32>>(),
    ) {
        let up = |p: &[f32; 3]| p.map(f64::from);
        let r64 = Ray::new(up(&r.origin), up(&r.direction));
        let hit = f(&PreparedRay::new(&r64), &up(&t.a), &up(&t.b), &up(&t.c));
        return Some(cast_hit::<f32, T>(hit.map(|h| h.to_f32())));
    }
    None
}

/// A hit of type `f64` as the (equal) type `T`, field by field, so that `Option::map`
/// over it keeps a miss a plain `None` (no copy of an aggregate on the miss path).
#[inline(always)]
fn hit_from_f64<T: Scalar>(h: RayHit<f64>) -> RayHit<T> {
    let cast = |x: f64| match (&x as &dyn Any).downcast_ref::<T>() {
        Some(v) => v.clone(),
        None => T::zero(), // unreachable: only called with T = f64
    };
    RayHit {
        t: cast(h.t),
        barycentric: h.barycentric.map(cast),
        front: h.front,
        t_error: h.t_error,
    }
}

/// Moves a hit of the concrete type `U` into the (equal) type `T`.
pub(crate) fn cast_hit<U: 'static, T: 'static>(hit: Option<RayHit<U>>) -> Option<RayHit<T>> {
    let mut out: Option<RayHit<T>> = None;
    if let Some(slot) = (&mut out as &mut dyn Any).downcast_mut::<Option<RayHit<U>>>() {
        *slot = hit;
    }
    out
}

impl RayHit<f64> {
    /// This hit rounded to `f32`; the bound grows by the rounding of `t`.
    pub(crate) fn to_f32(&self) -> RayHit<f32> {
        let t = self.t as f32;
        RayHit {
            t,
            barycentric: self.barycentric.map(|w| w as f32),
            front: self.front,
            // Rounding to f32 adds at most half an f32 ulp of t.
            t_error: (self.t_error + (f64::from(t) - self.t).abs()) * (1.0 + 1e-15),
        }
    }
}

/// The exact algorithm written over any scalar type: signs by `polynomial_sign`,
/// constructions in `T` (exact for rationals).
fn generic<T: Scalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<RayHit<T>> {
    let (o, d) = (&ray.origin, &ray.direction);
    if !(is_finite3(o) && is_finite3(d) && tri.vertices().iter().all(|p| is_finite3(p))) {
        return None;
    }
    if d.iter().all(|x| x.is_zero()) {
        return None;
    }
    let axes = perturbation_axes(d);
    let [a, b, c] = tri.vertices();
    let side = |p: &[T; 3], q: &[T; 3]| {
        let s = polynomial_sign(&Side { o, d, p, q });
        if s == Sign::Zero {
            perturbed(axes, d, p, q)
        } else {
            s
        }
    };
    let s = side(a, b);
    if s == Sign::Zero || side(b, c) != s || side(c, a) != s {
        return None;
    }
    let n_sign = crate::orient3d(a, b, c, o);
    if n_sign == -s {
        return None;
    }
    Some(construct_generic(o, d, a, b, c, s))
}

fn construct_generic<T: Scalar>(
    o: &[T; 3],
    d: &[T; 3],
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    s: Sign,
) -> RayHit<T> {
    let id = |x: &T| x.clone();
    let sab = Side { o, d, p: a, q: b }.eval(&id);
    let sbc = Side { o, d, p: b, q: c }.eval(&id);
    let sca = Side { o, d, p: c, q: a }.eval(&id);
    let big_d = sab.clone() + sbc.clone() + sca.clone();
    let rel = |p: &[T; 3]| -> [T; 3] { core::array::from_fn(|k| p[k].clone() - o[k].clone()) };
    let big_n = det3(&rel(a), &rel(b), &rel(c));
    let t = big_n / big_d.clone();
    RayHit {
        t,
        barycentric: [sbc / big_d.clone(), sca / big_d.clone(), sab / big_d],
        front: s == Sign::Negative,
        t_error: 0.0,
    }
}

/// Exact ray/triangle test against the **closed** triangle: every ray that touches the
/// triangle hits it, and the [`Contact`] says where.
///
/// Returns the first point (smallest `t ≥ 0`) where the ray meets the closed triangle.
/// For a ray crossing the triangle's plane this is the crossing point, classified as
/// interior, edge or vertex exactly. For a ray lying in the triangle's plane it is the
/// first point of the triangle along the ray ([`Contact::Coplanar`]); then `t` is exact
/// for rationals and rounded for floats (with `t_error` a bound), the barycentric weights
/// are those of that point, and `front` is `false`.
///
/// Exact for every finite input. NaN or infinite coordinates, a zero direction or a
/// degenerate (collinear) triangle: `None`.
///
/// # Examples
///
/// ```
/// use isect::ray::triangle::{ray_triangle_closed, Contact};
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// // Through vertex b:
/// let (hit, contact) = ray_triangle_closed(&Ray::new([1.0, 0.0, -1.0], [0.0, 0.0, 1.0]), &tri).unwrap();
/// assert_eq!((hit.t, contact), (1.0, Contact::Vertex(1)));
/// // In the plane, entering through edge ca at x = 0:
/// let (hit, contact) = ray_triangle_closed(&Ray::new([-1.0, 0.25, 0.0], [1.0, 0.0, 0.0]), &tri).unwrap();
/// assert_eq!((hit.t, contact), (1.0, Contact::Coplanar));
/// ```
pub fn ray_triangle_closed<T: Scalar>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Option<(RayHit<T>, Contact)> {
    let (o, d) = (&ray.origin, &ray.direction);
    if !(is_finite3(o) && is_finite3(d) && tri.vertices().iter().all(|p| is_finite3(p))) {
        return None;
    }
    if d.iter().all(|x| x.is_zero()) || tri.is_degenerate() {
        return None;
    }
    let [a, b, c] = tri.vertices();
    let sides = [
        polynomial_sign(&Side { o, d, p: a, q: b }),
        polynomial_sign(&Side { o, d, p: b, q: c }),
        polynomial_sign(&Side { o, d, p: c, q: a }),
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
        [false, false, false] => Contact::Interior,
        // Two zero edges meet at their shared vertex: ab∩bc = b, bc∩ca = c, ca∩ab = a.
        [true, true, false] => Contact::Vertex(1),
        [false, true, true] => Contact::Vertex(2),
        [true, false, true] => Contact::Vertex(0),
        [true, false, false] => Contact::Edge(0),
        [false, true, false] => Contact::Edge(1),
        _ => Contact::Edge(2),
    };
    let hit = match via_f64(ray, tri, |r, a, b, c| Some(r.construct(a, b, c, s))) {
        Some(hit) => hit,
        None => Some(construct_generic(o, d, a, b, c, s)),
    };
    hit.map(|h| (h, contact))
}

mod coplanar {
    //! A ray lying in the plane of a triangle: the first point of contact. Rare, so it
    //! is computed in exact rational arithmetic throughout, in the projection onto a
    //! coordinate plane where the triangle keeps its area (an affine projection keeps
    //! barycentric coordinates and, since it only drops a coordinate, exactness).

    use num_rational::BigRational;
    use num_traits::{Signed, Zero};

    use super::{Contact, RayHit};
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
    ) -> Option<(RayHit<T>, Contact)> {
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
            Contact::Coplanar,
        ))
    }

    /// An upper bound on `|rounded − exact|` (zero when the conversion was exact).
    pub(super) fn rounding_error<T: Scalar>(rounded: &T, exact: &Q) -> f64 {
        match rounded.to_rational() {
            Some(r) if r == *exact => 0.0,
            Some(r) => {
                let e = crate::scalar::rational_to_f64(&(r - exact).abs());
                // The conversion is within one ulp of the exact error; widen by more.
                e * (1.0 + 1.0 / 1_125_899_906_842_624.0) + f64::from_bits(4)
            }
            None => f64::INFINITY,
        }
    }
}

// ---------------------------------------------------------------------------------------
// The f64 fast path.
// ---------------------------------------------------------------------------------------

/// Filter coefficient for the side products and `N`: `(γ₅ + (1−u)^−3 − 1)/(1−u)^10`
/// rounded up (≈ 8u); applied to `L_d·L_p·L_q` (`proofs/ray_triangle.md`, section 3.1).
pub(crate) const RT_A: f64 = 8.881784197001266e-16;
/// Inner underflow term (as in the orient3d filter).
const TAU: f64 = f64::from_bits(3 << 52);
/// Outer underflow term, `2^-1020`: it also keeps every bound (and every sum of bounds)
/// a normal number, so multiplying one by `BOUND_SUM` rounds with relative error `≤ u`.
const TAU2: f64 = f64::from_bits(3 << 52);
/// Stage-1 filter coefficient: `(γ₅ + (1−u)^−3 − 1)/(27·(1−u)^40)` rounded up
/// (≈ 0.3u); applied to `(S² + τ)·S` (`proofs/ray_triangle.md`, section 3.2).
pub(crate) const RT_S: f64 = 3.289549702593073e-17;
/// Bits of `2^-300`, the least `S` stage 1 takes.
const S_MIN_BITS: u64 = 0x2d30_0000_0000_0000;
/// Bits of `2^330`: stage 1 takes `S` below it.
const S_MAX_BITS: u64 = 0x5490_0000_0000_0000;
/// Unit roundoff.
const U: f64 = 1.0 / 9_007_199_254_740_992.0;

#[inline(always)]
fn sub3(p: &[f64; 3], q: &[f64; 3]) -> [f64; 3] {
    [p[0] - q[0], p[1] - q[1], p[2] - q[2]]
}

#[inline(always)]
fn cross3(p: &[f64; 3], q: &[f64; 3]) -> [f64; 3] {
    [
        p[1] * q[2] - p[2] * q[1],
        p[2] * q[0] - p[0] * q[2],
        p[0] * q[1] - p[1] * q[0],
    ]
}

#[inline(always)]
fn dot3(p: &[f64; 3], q: &[f64; 3]) -> f64 {
    p[0] * q[0] + p[1] * q[1] + p[2] * q[2]
}

/// Inflation for bounds that add a few computed bounds and rounding terms: covers the
/// roundings of those additions (`(1 − u)^-5 ≤ 1 + 8u`).
const BOUND_SUM: f64 = 1.0 + 8.0 * U;

#[inline(always)]
fn l1(p: &[f64; 3]) -> f64 {
    p[0].abs() + p[1].abs() + p[2].abs()
}

/// `d · (p × q)` as the filter computes it.
#[inline(always)]
fn side_value(d: &[f64; 3], p: &[f64; 3], q: &[f64; 3]) -> f64 {
    d[0] * (p[1] * q[2] - p[2] * q[1])
        + d[1] * (p[2] * q[0] - p[0] * q[2])
        + d[2] * (p[0] * q[1] - p[1] * q[0])
}

/// The sign of `s` when `|s| > bound` and `s` is finite (so nothing overflowed: an
/// infinity never becomes finite again through `+ − ×`).
#[inline(always)]
fn decided(s: f64, bound: f64) -> Option<Sign> {
    let m = s.abs();
    if m > bound && m < f64::INFINITY {
        Some(if s > 0.0 {
            Sign::Positive
        } else {
            Sign::Negative
        })
    } else {
        None
    }
}

/// A ray prepared for many `f64` triangle tests (the per-ray part of the filter).
#[derive(Clone, Debug)]
pub(crate) struct PreparedRay {
    pub(crate) o: [f64; 3],
    pub(crate) d: [f64; 3],
    /// `L_d = |d_0| + |d_1| + |d_2|` as computed (NaN or infinite when `d` is not
    /// finite; the filter's range test then fails).
    md: f64,
}

/// A float `t` whose error bound exceeds `2^-26·|t|` is recomputed exactly and rounded
/// once, so every reported `t` is accurate to about half the digits of `f64` at worst
/// (and normally to the last few bits).
const LOOSE_T: f64 = 1.0 / 67_108_864.0;

/// `2^330`: with every 1-norm below it, no product of the filter exceeds `2^1000`, so
/// nothing overflows.
const FILTER_MAX: f64 = 2.187250724783012e99;

/// The `f64` filter of [`PreparedRay::hit`] on the ray `o + t·d`; a hit is handed to
/// `make` (which builds the caller's result type in place).
///
/// Stage 1 (this function): one semi-static bound `B` for `det`, `u` and `v`, from the
/// single sum `S` of the four 1-norms (proofs/ray_triangle.md, section 3.2); it decides
/// Möller–Trumbore's early exits and certain crossings. A crossing's `t` is then bounded
/// with the per-quantity bounds of stage 2. What stage 1 cannot decide goes to stage 2
/// ([`precise_hit`], the per-quantity bounds of section 3.1), and from there to the
/// exact path.
#[inline(always)]
fn filtered_hit<R>(
    o: &[f64; 3],
    d: &[f64; 3],
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
    make: impl Fn(RayHit<f64>) -> R,
) -> Option<R> {
    let e1 = sub3(b, a);
    let e2 = sub3(c, a);
    let tvec = sub3(o, a);
    let pvec = cross3(d, &e2);
    let det = dot3(&e1, &pvec);
    // S = L_e1 + L_e2 + L_t + L_d; below 2^330 means every norm is (NaN fails).
    let s = (l1(&e1) + l1(&e2)) + (l1(&tvec) + l1(d));
    // 2^-300 ≤ S < 2^330 (NaN fails): no overflow anywhere, no underflow in the bound.
    let in_range = s.to_bits().wrapping_sub(S_MIN_BITS) < S_MAX_BITS - S_MIN_BITS;
    let bound = (s * s) * (s * RT_S);
    let ads = det.abs();
    if !(in_range & (ads > bound)) {
        return precise_hit(o, d, a, b, c).map(make);
    }
    // Multiplying by sign(det) is exact: compare everything against |det|. Each early
    // exit first branches on the plain comparison (Möller–Trumbore's, unpredictable for
    // random rays but short to compute), then certifies it against the bound (almost
    // always certain, so well predicted).
    let sg = 1.0_f64.copysign(det);
    let us = dot3(&tvec, &pvec) * sg;
    if us < 0.0 {
        if us < -bound {
            return None; // S(c,a) certainly has the sign opposite to D's (u < 0)
        }
        return precise_hit(o, d, a, b, c).map(make);
    }
    if us > ads {
        if us > (ads + 2.0 * bound) * BOUND_SUM {
            return None; // S(a,b) + S(b,c) certainly opposite to D (u > 1)
        }
        return precise_hit(o, d, a, b, c).map(make);
    }
    let qvec = cross3(&tvec, &e1);
    let vs = dot3(d, &qvec) * sg;
    if vs < 0.0 {
        if vs < -bound {
            return None; // S(a,b) opposite (v < 0)
        }
        return precise_hit(o, d, a, b, c).map(make);
    }
    let bound3 = 3.0 * bound;
    let uv = us + vs;
    if uv > ads {
        if uv > (ads + bound3) * BOUND_SUM {
            return None; // S(b,c) opposite (u + v > 1)
        }
        return precise_hit(o, d, a, b, c).map(make);
    }
    if !((us > bound) & (vs > bound) & ((uv + bound3) * BOUND_SUM < ads)) {
        return precise_hit(o, d, a, b, c).map(make);
    }
    // A certain crossing: t = t_num / det must be ≥ 0, decided (and t bounded) with the
    // per-quantity bounds.
    let (l1e, l2e, lt, ld) = (l1(&e1), l1(&e2), l1(&tvec), l1(d));
    let b_det = ((ld * l2e + TAU) * l1e) * RT_A + TAU2;
    let t_num = dot3(&e2, &qvec);
    let b_t = ((lt * l1e + TAU) * l2e) * RT_A + TAU2;
    let ts = t_num * sg;
    if ts < -b_t {
        return None;
    }
    if ts.partial_cmp(&b_t) != Some(core::cmp::Ordering::Greater) {
        return slow_hit(o, d, a, b, c).map(make);
    }
    Some(make(hit_value(
        o,
        d,
        a,
        b,
        c,
        det,
        b_det,
        t_num,
        b_t,
        [us, vs],
    )))
}

/// Stage 2 of the filter: Möller–Trumbore's decisions with one bound per quantity
/// (proofs/ray_triangle.md, section 3.1); the exact path for what it cannot decide.
#[inline(never)]
fn precise_hit(
    o: &[f64; 3],
    d: &[f64; 3],
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
) -> Option<RayHit<f64>> {
    let md = l1(d);
    let e1 = sub3(b, a);
    let e2 = sub3(c, a);
    let tvec = sub3(o, a);
    let (l1e, l2e, lt) = (l1(&e1), l1(&e2), l1(&tvec));
    let pvec = cross3(d, &e2);
    let det = dot3(&e1, &pvec);
    let m_de2 = md * l2e + TAU;
    let b_det = (m_de2 * l1e) * RT_A + TAU2;
    // Every norm finite and below 2^330 (a NaN fails the comparison).
    let in_range = (l1e + l2e) + (lt + md) < FILTER_MAX;
    let ads = det.abs();
    if !(in_range && ads > b_det) {
        return slow_hit(o, d, a, b, c);
    }
    // Multiplying by sign(det) is exact: compare everything against |det|.
    let sg = 1.0_f64.copysign(det);
    let us = dot3(&tvec, &pvec) * sg;
    let b_u = (m_de2 * lt) * RT_A + TAU2;
    if us < -b_u {
        return None; // S(c,a) certainly has the sign opposite to D's (u < 0)
    }
    let b_du = b_det + b_u;
    if us > (ads + b_du) * BOUND_SUM {
        return None; // S(a,b) + S(b,c) certainly opposite to D (u > 1)
    }
    let qvec = cross3(&tvec, &e1);
    let m_te1 = lt * l1e + TAU;
    let vs = dot3(d, &qvec) * sg;
    let b_v = (m_te1 * md) * RT_A + TAU2;
    if vs < -b_v {
        return None; // S(a,b) opposite (v < 0)
    }
    let b_s = b_du + b_v;
    let uv = us + vs;
    if uv > (ads + b_s) * BOUND_SUM {
        return None; // S(b,c) opposite (u + v > 1)
    }
    if !(us > b_u && vs > b_v && (uv + b_s) * BOUND_SUM < ads) {
        return slow_hit(o, d, a, b, c);
    }
    // A certain crossing. t = t_num / det must be ≥ 0.
    let t_num = dot3(&e2, &qvec);
    let b_t = (m_te1 * l2e) * RT_A + TAU2;
    let ts = t_num * sg;
    if ts < -b_t {
        return None;
    }
    if ts.partial_cmp(&b_t) != Some(core::cmp::Ordering::Greater) {
        return slow_hit(o, d, a, b, c);
    }
    Some(hit_value(o, d, a, b, c, det, b_det, t_num, b_t, [us, vs]))
}

/// The cold exact path of [`filtered_hit`] (reads the ray from where it lives, so the hot
/// path keeps nothing on the stack for it).
#[cold]
#[inline(never)]
fn slow_hit(
    o: &[f64; 3],
    d: &[f64; 3],
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
) -> Option<RayHit<f64>> {
    let r = PreparedRay {
        o: *o,
        d: *d,
        md: l1(d),
    };
    r.hit_slow(a, b, c)
}

/// [`PreparedRay::construct_exact`] for the filter's hits whose float `t` is too loose.
#[cold]
#[inline(never)]
fn exact_hit(
    o: &[f64; 3],
    d: &[f64; 3],
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
    s: Sign,
) -> RayHit<f64> {
    let r = PreparedRay {
        o: *o,
        d: *d,
        md: l1(d),
    };
    r.construct_exact(a, b, c, s)
}

/// `t`, the weights and `t_error` of a certain crossing found by the filter.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn hit_value(
    o: &[f64; 3],
    d: &[f64; 3],
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
    det: f64,
    b_det: f64,
    t_num: f64,
    b_t: f64,
    [us, vs]: [f64; 2],
) -> RayHit<f64> {
    let inv = 1.0 / det;
    let t = t_num * inv;
    let ads = det.abs();
    // |N/D − ñ/d̃| ≤ (e_N + |t̃|·e_D)/(|d̃| − e_D), plus two roundings (1/det, ×).
    let t_error = ((b_t + t.abs() * b_det) / (ads - b_det) + 2.0 * U * t.abs()) * (1.0 + 16.0 * U);
    if !(t.is_finite() && ads > b_det && t_error <= LOOSE_T * t.abs() + f64::MIN_POSITIVE) {
        // t overflowed, or the bound is loose (tiny or cancelling quantities):
        // construct exactly and round once (cold path).
        let s = if det > 0.0 {
            Sign::Negative
        } else {
            Sign::Positive
        };
        return exact_hit(o, d, a, b, c, s);
    }
    // The weights: |u|/|det|, |v|/|det| and the rest (all three certainly positive).
    let ainv = inv.abs();
    let (wu, wv) = (us * ainv, vs * ainv);
    RayHit {
        t,
        barycentric: [((ads - us) - vs) * ainv, wu, wv],
        front: det > 0.0,
        t_error,
    }
}

impl PreparedRay {
    #[inline(always)]
    pub(crate) fn new(r: &Ray<f64>) -> PreparedRay {
        let (o, d) = (r.origin, r.direction);
        PreparedRay { o, d, md: l1(&d) }
    }

    /// The exactly-once test (see [`ray_triangle`]).
    ///
    /// Möller–Trumbore's evaluation order, made exact by an error bound on every
    /// quantity it compares (proofs/ray_triangle.md, section 3):
    /// `det = e1·(d × e2) = −D`, `u = (o − a)·(d × e2) = −S(c,a)`,
    /// `v = d·((o − a) × e1) = −S(a,b)`, `det − u − v = −S(b,c)`,
    /// `t_num = e2·((o − a) × e1) = −N`. A sign is used only when the value clears its
    /// bound; the early exits are Möller–Trumbore's (`u < 0`, `u > 1`, `v < 0`,
    /// `u + v > 1`), taken only when certain. Everything else goes to the cold exact path.
    #[inline(always)]
    pub(crate) fn hit(&self, a: &[f64; 3], b: &[f64; 3], c: &[f64; 3]) -> Option<RayHit<f64>> {
        filtered_hit(&self.o, &self.d, a, b, c, |h| h)
    }

    /// Everything the filter could not decide, exactly.
    #[cold]
    #[inline(never)]
    fn hit_slow(&self, a: &[f64; 3], b: &[f64; 3], c: &[f64; 3]) -> Option<RayHit<f64>> {
        let s = self.crossing_sign_slow(a, b, c)?;
        let n = self.n_sign(a, b, c);
        if n == -s {
            return None;
        }
        Some(self.construct(a, b, c, s))
    }

    #[cold]
    #[inline(never)]
    fn crossing_sign_slow(&self, a: &[f64; 3], b: &[f64; 3], c: &[f64; 3]) -> Option<Sign> {
        let (o, d, axes) = (&self.o, &self.d, perturbation_axes(&self.d));
        let valid = is_finite3(o) && is_finite3(d) && d.iter().any(|x| *x != 0.0);
        if !(valid && is_finite3(a) && is_finite3(b) && is_finite3(c)) {
            return None;
        }
        let mut common = Sign::Zero;
        for (p, q) in [(a, b), (b, c), (c, a)] {
            let s = match polynomial_sign(&Side { o, d, p, q }) {
                Sign::Zero => perturbed(axes, d, p, q),
                s => s,
            };
            if s == Sign::Zero || (common != Sign::Zero && s != common) {
                return None;
            }
            common = s;
        }
        Some(common)
    }

    /// The exact sign of `N = det[a − o, b − o, c − o]`.
    #[inline]
    fn n_sign(&self, a: &[f64; 3], b: &[f64; 3], c: &[f64; 3]) -> Sign {
        let o = &self.o;
        let (pa, pb, pc) = (sub3(a, o), sub3(b, o), sub3(c, o));
        let n = side_value(&pa, &pb, &pc);
        let bound = ((l1(&pa) * l1(&pb) + TAU) * l1(&pc)) * RT_A + TAU2;
        match decided(n, bound) {
            Some(s) => s,
            None => crate::orient3d(a, b, c, o),
        }
    }

    /// `t`, the weights and the bound on `t`'s error, for a crossing with side sign `s`.
    pub(crate) fn construct(
        &self,
        a: &[f64; 3],
        b: &[f64; 3],
        c: &[f64; 3],
        s: Sign,
    ) -> RayHit<f64> {
        let (o, d, md) = (&self.o, &self.d, self.md);
        let (pa, pb, pc) = (sub3(a, o), sub3(b, o), sub3(c, o));
        let la = l1(&pa);
        let sab = side_value(d, &pa, &pb);
        let sbc = side_value(d, &pb, &pc);
        let sca = side_value(d, &pc, &pa);
        // t = N/D with N = (a − o)·n and D = d·n, n = (b − a) × (c − a): equal to the
        // side-product forms in exact arithmetic, and usually more accurate in floats
        // (differences of nearby vertices are often exact).
        let (e1, e2) = (sub3(b, a), sub3(c, a));
        let (l1e, l2e) = (l1(&e1), l1(&e2));
        let big_d = side_value(d, &e1, &e2);
        let e_d = ((l1e * l2e + TAU) * md) * RT_A + TAU2;
        let n = side_value(&pa, &e1, &e2);
        let e_n = ((l1e * l2e + TAU) * la) * RT_A + TAU2;
        let t = n / big_d;
        // |N/D − Ñ/D̃| ≤ (e_N + |Ñ/D̃|·e_D) / (|D̃| − e_D), plus the division's rounding.
        let t_error =
            ((e_n + t.abs() * e_d) / (big_d.abs() - e_d) + U * t.abs()) * (1.0 + 16.0 * U);
        if t.is_finite() && t_error <= LOOSE_T * t.abs() + f64::MIN_POSITIVE && big_d.abs() > e_d {
            return RayHit {
                t: if t < 0.0 { 0.0 } else { t },
                // The exact weights of a hit are ≥ 0; a rounded one that came out
                // negative is raised to 0 (closer to the truth), as t is.
                barycentric: [sbc / big_d, sca / big_d, sab / big_d].map(|w| w.max(0.0)),
                front: s == Sign::Negative,
                t_error,
            };
        }
        self.construct_exact(a, b, c, s)
    }

    /// The construction in exact arithmetic, rounded once: for inputs where the float
    /// formula overflows, underflows or is too ill-conditioned to bound usefully.
    #[cold]
    #[inline(never)]
    fn construct_exact(&self, a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], s: Sign) -> RayHit<f64> {
        let q =
            |p: &[f64; 3]| p.map(|x| num_rational::BigRational::from_float(x).unwrap_or_default());
        let (o, d) = (q(&self.o), q(&self.d));
        let exact = construct_generic(&o, &d, &q(a), &q(b), &q(c), s);
        let t = f64::from_rational(&exact.t);
        RayHit {
            t,
            barycentric: exact.barycentric.clone().map(|w| f64::from_rational(&w)),
            front: exact.front,
            t_error: coplanar::rounding_error(&t, &exact.t),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Möller–Trumbore under a policy.
// ---------------------------------------------------------------------------------------

/// Möller–Trumbore ray/triangle test (Möller & Trumbore 1997; RTR 22.8) with the parallel
/// test decided by [`Exact`]: [`ray_triangle_moller_with`] with the default policy.
///
/// See [`ray_triangle_moller_with`] for what is computed and what is not exact.
///
/// # Examples
///
/// ```
/// use isect::{ray::triangle::ray_triangle_moller, Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let hit = ray_triangle_moller(&Ray::new([0.25, 0.25, 1.0], [0.0, 0.0, -1.0]), &tri).unwrap();
/// assert_eq!(hit.t, 1.0);
/// ```
pub fn ray_triangle_moller<T: Scalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<RayHit<T>> {
    ray_triangle_moller_with(ray, tri, Exact)
}

/// Möller–Trumbore ray/triangle test, the classic fast formula, with its "parallel"
/// decision (`det ≈ 0`) made by `policy`.
///
/// Computes, in `T`'s arithmetic: `e1 = b − a`, `e2 = c − a`, `p = d × e2`,
/// `det = e1 · p`; if `policy.sign(det, |e1|·|p|)` is `Zero` the ray is taken as parallel
/// and misses. Then `u = ((o − a) · p) / det`, `v = (d · ((o − a) × e1)) / det`,
/// `t = (e2 · ((o − a) × e1)) / det`, and the ray hits when `0 ≤ u`, `0 ≤ v`,
/// `u + v ≤ 1` and `t ≥ 0` (plain comparisons, closed triangle). `barycentric` is
/// `[1 − u − v, u, v]`, `front` is `det > 0`, and `t_error` is not computed (`NaN`) for
/// floats, zero for rationals.
///
/// **Not exact for floats** under any policy: every comparison reads a rounded value, so
/// rays near edges and vertices can miss both neighbouring triangles or hit both. This is
/// the function the audit measures. For rationals with [`Naive`](crate::policy::Naive)
/// or [`Exact`] every value is exact and the test is the exact closed test.
/// NaN or infinite input: `None` (every comparison with NaN fails).
///
/// # Examples
///
/// ```
/// use isect::policy::Absolute;
/// use isect::{ray::triangle::ray_triangle_moller_with, Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// // A ray almost in the plane: an absolute epsilon calls it parallel.
/// let ray = Ray::new([0.0, 0.25, 1e-9], [0.5, 0.0, -1e-9]);
/// assert!(ray_triangle_moller_with(&ray, &tri, Absolute { eps: 1e-6 }).is_none());
/// assert!(ray_triangle_moller_with(&ray, &tri, Absolute { eps: 0.0 }).is_some());
/// ```
pub fn ray_triangle_moller_with<T: Scalar, P: Policy<T>>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    policy: P,
) -> Option<RayHit<T>> {
    moller(ray, tri, policy, false)
}

/// Möller–Trumbore with the tolerance on the **barycentric** tests as well: the variant
/// much code uses to "close the cracks" between triangles (`u ≥ −ε` instead of `u ≥ 0`).
///
/// Computes what [`ray_triangle_moller_with`] computes, and then accepts the hit when
/// none of `u`, `1 − u`, `v`, `1 − (u + v)` is `Negative` under `policy.sign(value, 1)`
/// (and `t ≥ 0` as a plain comparison; `1 − (u + v)` from the same rounded sum the classic
/// test compares with 1, so every hit of the classic test is a hit here, under any
/// policy). With [`Absolute`](crate::policy::Absolute)` { eps }` that is
/// `u ≥ −ε`, `v ≥ −ε`, `u + v ≤ 1 + ε`: every triangle grows by `ε` in barycentric
/// units, so rays through shared edges and vertices are reported by more triangles
/// (fewer leaks, more double counts); with [`Ulps`](crate::policy::Ulps)` { n }` the
/// tolerance is `n·ε_T`. With [`Exact`] or [`Naive`](crate::policy::Naive) it is
/// [`ray_triangle_moller_with`] (the sign of a rounded `u` is its comparison with zero).
///
/// **Not exact for floats** under any policy (the values compared are rounded); `isect
/// audit` measures the trade-off against the exact answer. NaN or infinite input: `None`.
///
/// # Examples
///
/// ```
/// use isect::policy::Absolute;
/// use isect::{ray::triangle::ray_triangle_moller_tolerant_with, Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// // Just outside the edge v = 0: a tolerance of 1e-6 in barycentric units accepts it.
/// let ray = Ray::new([0.5, -1e-9, 1.0], [0.0, 0.0, -1.0]);
/// assert!(ray_triangle_moller_tolerant_with(&ray, &tri, Absolute { eps: 1e-6 }).is_some());
/// assert!(ray_triangle_moller_tolerant_with(&ray, &tri, Absolute { eps: 0.0 }).is_none());
/// ```
pub fn ray_triangle_moller_tolerant_with<T: Scalar, P: Policy<T>>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    policy: P,
) -> Option<RayHit<T>> {
    moller(ray, tri, policy, true)
}

#[inline(always)]
fn moller<T: Scalar, P: Policy<T>>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    policy: P,
    tolerant: bool,
) -> Option<RayHit<T>> {
    let (o, d) = (&ray.origin, &ray.direction);
    let sub = |p: &[T; 3], q: &[T; 3]| -> [T; 3] {
        core::array::from_fn(|k| p[k].clone() - q[k].clone())
    };
    let cross = |p: &[T; 3], q: &[T; 3]| -> [T; 3] {
        [
            p[1].clone() * q[2].clone() - p[2].clone() * q[1].clone(),
            p[2].clone() * q[0].clone() - p[0].clone() * q[2].clone(),
            p[0].clone() * q[1].clone() - p[1].clone() * q[0].clone(),
        ]
    };
    let dot = |p: &[T; 3], q: &[T; 3]| {
        p[0].clone() * q[0].clone() + p[1].clone() * q[1].clone() + p[2].clone() * q[2].clone()
    };
    let abs = |x: &T| {
        if *x < T::zero() {
            T::zero() - x.clone()
        } else {
            x.clone()
        }
    };
    let e1 = sub(&tri.b, &tri.a);
    let e2 = sub(&tri.c, &tri.a);
    let p = cross(d, &e2);
    let det = dot(&e1, &p);
    let scale = dot(&e1.clone().map(|x| abs(&x)), &p.clone().map(|x| abs(&x)));
    if policy.sign(&det, &scale) == Sign::Zero {
        return None;
    }
    let inv = T::one() / det.clone();
    let s = sub(o, &tri.a);
    let u = dot(&s, &p) * inv.clone();
    // Tolerant: `x ≥ 0` as "finite and not Negative" under the policy, for `u`, `1 − u`,
    // `v`, `1 − u − v`; otherwise the classic comparisons, as published.
    let nonneg = |x: T| x.is_finite() && policy.sign(&x, &T::one()) != Sign::Negative;
    let u_ok = if tolerant {
        nonneg(u.clone()) && nonneg(T::one() - u.clone())
    } else {
        u >= T::zero() && u <= T::one()
    };
    if !u_ok {
        return None;
    }
    let qv = cross(&s, &e1);
    let v = dot(d, &qv) * inv.clone();
    let v_ok = if tolerant {
        // `1 − (u + v)`, not `1 − u − v`: its sign is exactly that of the classic
        // `u + v ≤ 1` on the same rounded sum, so Exact/Naive give the classic answer and
        // every tolerance accepts a superset (`entry_points` fuzz find).
        nonneg(v.clone()) && nonneg(T::one() - (u.clone() + v.clone()))
    } else {
        v >= T::zero() && u.clone() + v.clone() <= T::one()
    };
    if !v_ok {
        return None;
    }
    let t = dot(&e2, &qv) * inv;
    if !matches!(
        t.partial_cmp(&T::zero()),
        Some(core::cmp::Ordering::Greater | core::cmp::Ordering::Equal)
    ) {
        return None;
    }
    let exact_type = !is_float::<T>();
    Some(RayHit {
        t,
        barycentric: [T::one() - u.clone() - v.clone(), u, v],
        front: det > T::zero(),
        t_error: if exact_type { 0.0 } else { f64::NAN },
    })
}

pub(crate) use crate::scalar::is_float;

// ---------------------------------------------------------------------------------------
// Woop–Benthin–Wald.
// ---------------------------------------------------------------------------------------

/// The float types [`ray_triangle_woop`] runs on: `f32` (fallback in `f64`) and `f64`
/// (fallback in double-double arithmetic). Sealed.
///
/// # Examples
///
/// ```
/// fn takes<T: isect::ray::triangle::WoopFloat>(_: T) {}
/// takes(1.0_f32);
/// takes(1.0_f64);
/// ```
pub trait WoopFloat: Scalar + Copy + private::Sealed {
    /// `self` as `f64` (exact).
    #[doc(hidden)]
    fn widen(self) -> f64;
    /// `x` rounded to `Self` (to nearest; overflow gives an infinity).
    #[doc(hidden)]
    fn narrow(x: f64) -> Self;
}

mod private {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

impl WoopFloat for f32 {
    fn widen(self) -> f64 {
        f64::from(self)
    }
    fn narrow(x: f64) -> f32 {
        x as f32
    }
}

impl WoopFloat for f64 {
    fn widen(self) -> f64 {
        self
    }
    fn narrow(x: f64) -> f64 {
        x
    }
}

/// The Woop–Benthin–Wald watertight ray/triangle test (Woop, Benthin & Wald, "Watertight
/// Ray/Triangle Intersection", JCGT 2013), as published, in `f32` or `f64`.
///
/// The ray is sheared so that it runs along the dominant axis of its direction, the
/// vertices are transformed the same way (rounded), and the three 2D edge functions are
/// evaluated; an edge function that comes out exactly zero is recomputed in higher
/// precision. The ray hits when the three have one sign (zeros allowed), their sum is
/// non-zero and `t ≥ 0`; no backface culling. `t` and the weights are rounded and
/// `t_error` is `NaN` (not computed).
///
/// The test is *watertight*: a ray through a shared edge or vertex never passes between
/// the triangles. What makes it so is that each edge's sign is a function of the edge
/// alone: here it is always the exact sign of the 2D orientation of the two rounded,
/// sheared vertices (a non-zero finite float edge function has that sign, rounding being
/// monotone), and where the float value is zero or overflows, or the `t` test overflows,
/// a cold path decides the signs exactly in `f64` instead of the paper's higher-precision
/// retry (which is not exact under underflow and gives NaN on overflow: a leak this
/// crate's fuzzing found, `tests/fuzz_regressions.rs`). It is not exactly-once: the same
/// crossing is often reported by two or more triangles, which breaks parity counting; use
/// [`ray_triangle`] for that.
///
/// Range: watertight for every finite input whose sheared vertices are finite, which
/// holds when each coordinate of `vertex − origin` is below `2^1021` in magnitude for
/// `f64` (`2^125` for `f32`). Watertight means the *line* of the ray: the test sees the
/// mesh through its rounded translated vertices, so a ray whose origin lies within that
/// rounding (about `2^-50` of `|vertex − origin|`) of a triangle's plane may find the
/// crossing on the wrong side of the origin: from inside a closed mesh by less than that,
/// it can report no hit. A triangle with a sheared vertex beyond the type's range is
/// reported as a miss. `t` is rounded to the type and is `+∞` when the exact `t`
/// exceeds its range. NaN or infinite input, or a zero direction: `None`.
///
/// # Examples
///
/// ```
/// use isect::{ray::triangle::ray_triangle_woop, Ray, Triangle};
/// let (p, q) = ([0.0_f32, 0.0, 0.0], [1.0, 1.0, 0.0]);
/// let left = Triangle::new(p, q, [0.0, 1.0, 0.0]);
/// let right = Triangle::new(q, p, [1.0, 0.0, 0.0]);
/// let ray = Ray::new([0.5, 0.5, 1.0], [0.0, 0.0, -1.0]);
/// // Both triangles claim the shared edge: watertight, but counted twice.
/// assert!(ray_triangle_woop(&ray, &left).is_some() && ray_triangle_woop(&ray, &right).is_some());
/// ```
pub fn ray_triangle_woop<T: WoopFloat>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<RayHit<T>> {
    let (o, d) = (ray.origin, ray.direction);
    let zero = T::zero();
    let abs = |x: T| if x < zero { zero - x } else { x };
    let kz = if abs(d[0]) >= abs(d[1]) && abs(d[0]) >= abs(d[2]) {
        0
    } else if abs(d[1]) >= abs(d[2]) {
        1
    } else {
        2
    };
    let mut kx = (kz + 1) % 3;
    let mut ky = (kx + 1) % 3;
    if d[kz] < zero {
        core::mem::swap(&mut kx, &mut ky);
    }
    if !(d[kz] != zero) {
        return None;
    }
    let sx = d[kx] / d[kz];
    let sy = d[ky] / d[kz];
    let sz = T::one() / d[kz];
    let rel = |p: &[T; 3]| [p[0] - o[0], p[1] - o[1], p[2] - o[2]];
    let (a, b, c) = (rel(&tri.a), rel(&tri.b), rel(&tri.c));
    let shear = |p: &[T; 3]| (p[kx] - sx * p[kz], p[ky] - sy * p[kz]);
    let (ax, ay) = shear(&a);
    let (bx, by) = shear(&b);
    let (cx, cy) = shear(&c);
    let u = cx * by - cy * bx;
    let v = ax * cy - ay * cx;
    let w = bx * ay - by * ax;
    let sheared = [[ax, ay, a[kz]], [bx, by, b[kz]], [cx, cy, c[kz]]];
    // Zero (maybe rounded to zero) or non-finite (overflow): signs decided exactly.
    if !(u != zero && v != zero && w != zero && u.is_finite() && v.is_finite() && w.is_finite()) {
        return woop_exact(&sheared, d[kz]);
    }
    if (u < zero || v < zero || w < zero) && (u > zero || v > zero || w > zero) {
        return None;
    }
    let det = u + v + w;
    let (az, bz, cz) = (sz * a[kz], sz * b[kz], sz * c[kz]);
    let t_scaled = u * az + v * bz + w * cz;
    if !(det.is_finite() && t_scaled.is_finite()) {
        return woop_exact(&sheared, d[kz]);
    }
    // t = t_scaled / det must be ≥ 0 (det is non-zero: three non-zero terms of one sign).
    if (det > zero && t_scaled < zero) || (det < zero && t_scaled > zero) {
        return None;
    }
    let inv = T::one() / det;
    Some(RayHit {
        t: t_scaled * inv,
        barycentric: [u * inv, v * inv, w * inv],
        front: det < zero,
        t_error: f64::NAN,
    })
}

/// The 2D edge function `p × q` (`p.x·q.y − p.y·q.x`) of two sheared vertices.
struct WoopEdge([f64; 4]);
impl Polynomial<f64> for WoopEdge {
    fn eval<R: Ring>(&self, lift: &impl Fn(&f64) -> R) -> R {
        let [px, py, qx, qy] = self.0.each_ref().map(lift);
        px * qy - py * qx
    }
}

/// `U·a_z + V·b_z + W·c_z` with the exact edge functions `U = c × b`, `V = a × c`,
/// `W = b × a`: the numerator of `t` (its denominator is `(U + V + W)·d_z`).
struct WoopT([[f64; 3]; 3]);
impl Polynomial<f64> for WoopT {
    fn eval<R: Ring>(&self, lift: &impl Fn(&f64) -> R) -> R {
        let [a, b, c] = self.0.each_ref().map(|p| p.each_ref().map(lift));
        let cross =
            |p: &[R; 3], q: &[R; 3]| p[0].clone() * q[1].clone() - p[1].clone() * q[0].clone();
        cross(&c, &b) * a[2].clone() + cross(&a, &c) * b[2].clone() + cross(&b, &a) * c[2].clone()
    }
}

/// The Woop test's decisions made exactly, on the rounded sheared vertices `[x, y, z]`
/// (`z` the coordinate along the dominant axis relative to the origin, not yet divided
/// by that axis' direction component `dz`): the path for edge functions that round to
/// zero or overflow. Each edge sign is the exact sign of the same 2D orientation the fast path
/// rounds, so both paths agree on every shared edge; the values are then computed on
/// copies scaled by a power of two so that they cannot overflow.
#[cold]
#[inline(never)]
fn woop_exact<T: WoopFloat>(v: &[[T; 3]; 3], dz: T) -> Option<RayHit<T>> {
    let p: [[f64; 3]; 3] = v.map(|q| q.map(T::widen));
    let dz = dz.widen();
    if p.iter().flatten().any(|x| !x.is_finite()) {
        return None; // a sheared vertex beyond the type's range (documented)
    }
    let [a, b, c] = p;
    let sign = |p: &[f64; 3], q: &[f64; 3]| polynomial_sign(&WoopEdge([p[0], p[1], q[0], q[1]]));
    let s = [sign(&c, &b), sign(&a, &c), sign(&b, &a)];
    let any = |x: Sign| s.contains(&x);
    if any(Sign::Negative) && any(Sign::Positive) {
        return None;
    }
    // One common sign, or all zero (degenerate in projection: no hit).
    let det_sign = if any(Sign::Positive) {
        Sign::Positive
    } else if any(Sign::Negative) {
        Sign::Negative
    } else {
        return None;
    };
    // t = numerator / (det · dz) ≥ 0.
    let t_sign = polynomial_sign(&WoopT(p));
    let det_dz = if (dz < 0.0) == (det_sign == Sign::Negative) {
        Sign::Positive
    } else {
        Sign::Negative
    };
    if t_sign != Sign::Zero && t_sign != det_dz {
        return None;
    }
    // Values, on copies scaled by powers of two: the 2D coordinates so that the largest
    // is in [1, 2) (products cannot overflow; tiny ones may lose bits, the signs are
    // already decided), the edge functions compensated, and a value whose sign came out
    // against the exact sign replaced by zero; the `z` values likewise, the scale put
    // back at the end (an exact `t` beyond the range gives +∞).
    use crate::scalar::{exponent, ldexp};
    let max_abs = |xs: &mut dyn Iterator<Item = f64>| xs.map(f64::abs).fold(0.0_f64, f64::max);
    let kxy = exponent(max_abs(&mut p.iter().flat_map(|q| [q[0], q[1]])));
    let kz = exponent(max_abs(&mut p.iter().map(|q| q[2])));
    let [[ax, ay, az], [bx, by, bz], [cx, cy, cz]] =
        p.map(|q| [ldexp(q[0], -kxy), ldexp(q[1], -kxy), ldexp(q[2], -kz)]);
    let edge = |px: f64, py: f64, qx: f64, qy: f64, s: Sign| {
        let (m, me) = crate::predicates::two_product(px, qy);
        let (n, ne) = crate::predicates::two_product(py, qx);
        let e = (m - n) + (me - ne);
        if Sign::of(e) == s {
            e
        } else {
            0.0
        }
    };
    let mut uvw = [
        edge(cx, cy, bx, by, s[0]),
        edge(ax, ay, cx, cy, s[1]),
        edge(bx, by, ax, ay, s[2]),
    ];
    if uvw.iter().all(|&x| x == 0.0) {
        // Every value lost to underflow (coordinates spanning more than the exponent
        // range): weigh the vertices whose edge function is non-zero equally.
        uvw = s.map(|x| match x {
            Sign::Positive => 1.0,
            Sign::Negative => -1.0,
            Sign::Zero => 0.0,
        });
    }
    let det = uvw[0] + uvw[1] + uvw[2];
    let bary = uvw.map(|x| x / det);
    let kd = exponent(dz);
    let t = ldexp(
        ((bary[0] * az + bary[1] * bz + bary[2] * cz) / ldexp(dz, -kd)).max(0.0),
        kz - kd,
    );
    Some(RayHit {
        t: T::narrow(t),
        barycentric: bary.map(T::narrow),
        front: det_sign == Sign::Negative,
        t_error: f64::NAN,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational as Q;

    /// `RT_A ≥ (γ₅ + (1−u)^−3 − 1)/(1−u)^10` (proofs/ray_triangle.md, section 3), and it
    /// is the smallest double that is.
    #[test]
    fn rt_a_constant() {
        let one = Q::from_integer(BigInt::from(1));
        let u = Q::new(BigInt::from(1), BigInt::from(1) << 53usize);
        let gamma5 = (&u * Q::from_integer(BigInt::from(5)))
            / (&one - &u * Q::from_integer(BigInt::from(5)));
        let w = &one - &u;
        let inv3 = &one / (&w * &w * &w);
        let mut den = one.clone();
        for _ in 0..10 {
            den *= &w;
        }
        let c = (gamma5 + inv3 - &one) / den;
        let rt = Q::from_float(RT_A).unwrap();
        assert!(rt >= c);
        let below = Q::from_float(f64::from_bits(RT_A.to_bits() - 1)).unwrap();
        assert!(below < c);
    }

    /// `RT_S ≥ (γ₅ + (1−u)^−3 − 1)/(27·(1−u)^40)` (proofs/ray_triangle.md, section 3.2),
    /// and it is the smallest double that is; the range constants are `2^-300` and `2^330`.
    #[test]
    fn rt_s_constant() {
        let one = Q::from_integer(BigInt::from(1));
        let u = Q::new(BigInt::from(1), BigInt::from(1) << 53usize);
        let gamma5 = (&u * Q::from_integer(BigInt::from(5)))
            / (&one - &u * Q::from_integer(BigInt::from(5)));
        let w = &one - &u;
        let inv3 = &one / (&w * &w * &w);
        let mut den = Q::from_integer(BigInt::from(27));
        for _ in 0..40 {
            den *= &w;
        }
        let c = (gamma5 + inv3 - &one) / den;
        let rt = Q::from_float(RT_S).unwrap();
        assert!(rt >= c);
        let below = Q::from_float(f64::from_bits(RT_S.to_bits() - 1)).unwrap();
        assert!(below < c);
        let pow2 = |k: i32| {
            if k >= 0 {
                Q::from_integer(BigInt::from(1) << k as usize)
            } else {
                Q::new(BigInt::from(1), BigInt::from(1) << (-k) as usize)
            }
        };
        assert_eq!(
            Q::from_float(f64::from_bits(S_MIN_BITS)).unwrap(),
            pow2(-300)
        );
        assert_eq!(
            Q::from_float(f64::from_bits(S_MAX_BITS)).unwrap(),
            pow2(330)
        );
        assert_eq!(Q::from_float(FILTER_MAX).unwrap(), pow2(330));
        assert_eq!(Q::from_float(TAU2).unwrap(), pow2(-1020));
        assert_eq!(Q::from_float(TAU).unwrap(), pow2(-1020));
        assert!(BOUND_SUM == 1.0 + 8.0 * U && U == 2f64.powi(-53));
    }
}
