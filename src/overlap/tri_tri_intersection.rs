//! The construction [`tri_tri_intersection`]: the case and the input features that bound
//! the result are chosen by the exact signs of [`tri_tri`](crate::overlap::tri_tri()); only points
//! that are not input vertices are constructed, rounded with the bound of
//! proofs/tri_tri.md, section 6.

use alloc::vec::Vec;

use num_rational::BigRational;
use num_traits::Zero as _;

use crate::vec3::{cross, det3, dot, sub};
use crate::{InputError, Scalar, Sign, orient2d, orient3d};

use super::filter::abs;
use super::tri_tri::{
    End, TriContact, TriTri, TriangleRef, all_zero, classify, compare, section, sides,
};
use super::tri_tri_degenerate::{Shape, best_axis, drop_axis, shape};

/// The intersection of two closed triangles as points, from [`tri_tri_intersection`].
///
/// Its shape always matches the exact [`TriTri`] classification (chosen by exact signs);
/// only the coordinates of points that are not input vertices are rounded (floats).
///
/// # Examples
///
/// ```
/// use isect::overlap::{tri_tri_intersection, TriTriIntersection};
/// let a = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]];
/// let b = [[1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [3.0, 1.0, 1.0]];
/// assert_eq!(
///     tri_tri_intersection(a, b),
///     TriTriIntersection::Segment([2.0, 1.0, 0.0], [1.0, 1.0, 0.0])
/// );
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum TriTriIntersection<T> {
    /// No common point.
    Empty,
    /// One common point.
    Point([T; 3]),
    /// A segment of positive length (up to rounding of its ends, for floats). For
    /// non-coplanar triangles the ends are in the order of the direction `n_A × n_B`,
    /// with `n = (v₁ − v₀) × (v₂ − v₀)` each triangle's normal; for coplanar or
    /// degenerate input, in increasing order of a coordinate that varies along it.
    Segment([T; 3], [T; 3]),
    /// The triangles are coplanar and their relative interiors meet; for proper
    /// triangles this is the vertex list of the common convex polygon, counterclockwise
    /// in the projection used, without repeated points (exact for rationals, rounded for
    /// floats). For degenerate input whose relative interiors meet in a common plane, the
    /// hull of the common points (one or two points).
    Polygon(Vec<[T; 3]>),
}

/// The intersection of two closed triangles: empty, a point, a segment, or (coplanar
/// overlap) a convex polygon.
///
/// The case (which of the four, and which input vertices or edges bound the result) is
/// decided exactly as in [`tri_tri`](crate::overlap::tri_tri()). Coordinates are then
/// constructed in `T`:
///
/// * For rationals every coordinate is exact.
/// * For floats, an input vertex is returned unchanged. Any other point is the crossing
///   of an input edge `pq` with the other triangle's plane (non-coplanar case) or with an
///   edge line in the common plane (coplanar case), `p + λ(q − p)` with `λ` the ratio of
///   two determinants. This is **rounded**, with a bound that holds for every finite
///   input: `λ` is computed in `T` when the determinants' error bounds show it is off by
///   at most `2^14·u` (`u` = 2⁻⁵³ for `f64`, 2⁻²⁴ for `f32`), and otherwise (an edge
///   nearly parallel to the plane, overflow, underflow) exactly in rationals and rounded
///   once. So each coordinate is within `(2^14 + 3)·u·|q − p|_∞ + u·|X|_∞` of the exact
///   point `X` (stepping from the nearer end), and the point lies on the segment `pq` up
///   to one rounding per coordinate (`λ` is clamped to `[0, 1]`); the dropped coordinate
///   of a coplanar point is computed in rationals and rounded once. See
///   `proofs/tri_tri.md`, section 6.
///
/// NaN or infinite coordinates give [`TriTriIntersection::Empty`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{tri_tri_intersection, TriTriIntersection};
/// use num_rational::BigRational;
/// let q = |x: i64, d: i64| BigRational::new(x.into(), d.into());
/// let a = [[q(0, 1), q(0, 1), q(0, 1)], [q(3, 1), q(0, 1), q(0, 1)], [q(0, 1), q(3, 1), q(0, 1)]];
/// let b = [[q(1, 1), q(1, 3), q(-1, 1)], [q(1, 1), q(1, 3), q(2, 1)], [q(1, 1), q(2, 1), q(2, 1)]];
/// match tri_tri_intersection(&a, &b) {
///     TriTriIntersection::Segment(s, t) => {
///         // Along n_A × n_B, which points to −y here.
///         assert_eq!(s, [q(1, 1), q(8, 9), q(0, 1)]);
///         assert_eq!(t, [q(1, 1), q(1, 3), q(0, 1)]);
///     }
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn tri_tri_intersection<A, B>(a: A, b: B) -> TriTriIntersection<A::Scalar>
where
    A: TriangleRef,
    B: TriangleRef<Scalar = A::Scalar>,
{
    construct(a.points(), b.points())
}

/// [`tri_tri_intersection`] after validating both triangles.
///
/// # Errors
///
/// As [`try_tri_tri`](crate::overlap::try_tri_tri): [`InputError::NonFinite`] for the
/// first NaN or infinite coordinate (`argument` 0 or 1); degenerate triangles are valid
/// input.
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_tri_tri_intersection, TriTriIntersection};
/// let a = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]];
/// let b = [[1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [1.0, 3.0, 1.0]];
/// assert_eq!(
///     try_tri_tri_intersection(a, b),
///     Ok(TriTriIntersection::Segment([1.0, 2.0, 0.0], [1.0, 1.0, 0.0]))
/// );
/// assert!(try_tri_tri_intersection(a, [[0.0, f64::NAN, 0.0]; 3]).is_err());
/// ```
pub fn try_tri_tri_intersection<A, B>(
    a: A,
    b: B,
) -> Result<TriTriIntersection<A::Scalar>, InputError>
where
    A: TriangleRef,
    B: TriangleRef<Scalar = A::Scalar>,
{
    a.validate(0)?;
    b.validate(1)?;
    Ok(tri_tri_intersection(a, b))
}

fn construct<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> TriTriIntersection<T> {
    let class = classify(p, q);
    if class == TriTri::Disjoint {
        return TriTriIntersection::Empty;
    }
    let sq = sides(p, q);
    let sp = sides(q, p);
    let proper = !all_zero(sq) && !all_zero(sp);
    if proper {
        let (a, b) = (section(sp, Sign::Positive), section(sq, Sign::Negative));
        // lo = the later of the two lower ends, hi = the earlier of the two upper ends.
        let lo_is_b = compare(p, q, sp, sq, a.lo, b.lo) == Sign::Positive;
        let hi_is_b = compare(p, q, sp, sq, a.hi, b.hi) == Sign::Negative;
        let at = |e: End, from_b: bool| {
            if from_b {
                crossing3(q[e.on], q[e.off], p)
            } else {
                crossing3(p[e.on], p[e.off], q)
            }
        };
        let lo = at(if lo_is_b { b.lo } else { a.lo }, lo_is_b);
        return match class {
            TriTri::Touching {
                contact: TriContact::Point,
            } => TriTriIntersection::Point(lo),
            _ => TriTriIntersection::Segment(lo, at(if hi_is_b { b.hi } else { a.hi }, hi_is_b)),
        };
    }
    cold_construct(p, q, class)
}

/// The point where the line through `on` and `off` meets the plane of `t`, with `off`
/// strictly off the plane and `on` on it or strictly on the other side.
fn crossing3<T: Scalar>(on: &[T; 3], off: &[T; 3], t: [&[T; 3]; 3]) -> [T; 3] {
    if orient3d(t[0], t[1], t[2], on) == Sign::Zero {
        return on.clone();
    }
    // d(x) = n·(x − t₀) with n = (t₁ − t₀) × (t₂ − t₀): translated by a vertex of the
    // triangle, so the rounding error is relative to the triangle's size times the
    // distance from it, and with `perm` (the same sum over absolute values) bounding it.
    let (e1, e2) = (sub(t[1], t[0]), sub(t[2], t[0]));
    let (mut n, mut na) = (
        [T::zero(), T::zero(), T::zero()],
        [T::zero(), T::zero(), T::zero()],
    );
    for k in 0..3 {
        let (j, l) = ((k + 1) % 3, (k + 2) % 3);
        let (m0, m1) = (e1[j].clone() * &e2[l], e1[l].clone() * &e2[j]);
        na[k] = abs(m0.clone()) + abs(m1.clone());
        n[k] = m0 - m1;
    }
    let d = |x: &[T; 3]| {
        let w = sub(x, t[0]);
        let perm = dot(&na, &w.clone().map(abs));
        (dot(&n, &w), perm)
    };
    zero_on_segment(on, off, d(on), d(off), &|x: &[BigRational; 3]| {
        let t = t.map(|p| p.clone().map(|c| c.to_rational().unwrap_or_default()));
        let [a, b, c] = t.map(|p| sub(&p, x));
        det3(&a, &b, &c)
    })
}

/// The 2D analogue: where the segment `on`–`off` crosses the line through `x` and `y`.
fn crossing2<T: Scalar>(on: &[T; 2], off: &[T; 2], x: &[T; 2], y: &[T; 2]) -> [T; 2] {
    // d(p) = (y − x) × (p − x): translated by an end of the line's defining edge.
    let e = [y[0].clone() - &x[0], y[1].clone() - &x[1]];
    let d = |p: &[T; 2]| {
        let w = [p[0].clone() - &x[0], p[1].clone() - &x[1]];
        let (m0, m1) = (e[0].clone() * &w[1], e[1].clone() * &w[0]);
        let perm = abs(m0.clone()) + abs(m1.clone());
        (m0 - m1, perm)
    };
    zero_on_segment(on, off, d(on), d(off), &|p: &[BigRational; 2]| {
        let [x, y] = [x, y].map(|q| q.clone().map(|c| c.to_rational().unwrap_or_default()));
        (&y[0] - &x[0]) * (&p[1] - &x[1]) - (&y[1] - &x[1]) * (&p[0] - &x[0])
    })
}

/// `2^-9`: the relative threshold of [`zero_on_segment`]. With `u` the unit roundoff of
/// `T` (`2^-53`, `2^-24`), `16u` bounds the relative error of the 2D and 3D evaluations
/// against their permanents (they round at most 7 times; proofs/tri_tri.md, section 6),
/// and asking `16u·perm < 2^13·u·|den|` is `perm·2^-9 < |den|` whatever `u` is.
const LAMBDA_SLACK: f64 = 1.0 / 512.0;

/// Below this `|den|` the products may have underflowed, which the relative bound does
/// not cover: `2^-960` for `f64`, `2^-100` for `f32` (the absolute error of an underflow
/// is at most the smallest subnormal, `2^-1074` or `2^-149`, per operation).
fn lambda_floor<T: Scalar>() -> f64 {
    if crate::scalar::is_f32::<T>() {
        f64::from_bits((1023 - 100) << 52)
    } else {
        f64::from_bits((1023 - 960) << 52)
    }
}

/// The zero of a function affine along the segment `on`–`off`, given its values `(value,
/// permanent)` at the two ends (opposite signs, or zero at `on`): `on + λ(off − on)` with
/// `λ = d_on/(d_on − d_off)`, stepped from the nearer end, so the error is relative to
/// that end's distance, not the whole segment's.
///
/// For floats `λ` is trusted only when the rounding errors of the two values (at most
/// `16u` times their permanents) are below `2^13·u·|d_on − d_off|`, so that `λ` is off
/// by at most `2^14·u` (`2^-39` for `f64`); otherwise (cancellation, overflow, underflow,
/// a non-finite point) the point is computed exactly from `exact`, the same function in
/// rationals, and rounded once per coordinate.
fn zero_on_segment<T: Scalar, const N: usize>(
    on: &[T; N],
    off: &[T; N],
    (d_on, p_on): (T, T),
    (d_off, p_off): (T, T),
    exact: &dyn Fn(&[BigRational; N]) -> BigRational,
) -> [T; N] {
    let den = d_on.clone() - d_off.clone();
    // Floats: the bound on λ's error, from the exact f64 views of the values.
    let trusted = match (den.as_f64(), p_on.as_f64(), p_off.as_f64()) {
        (Some(den), Some(p_on), Some(p_off)) => {
            let (den, perm) = (den.abs(), p_on + p_off);
            den.is_finite()
                && perm.is_finite()
                && den > lambda_floor::<T>()
                && perm * LAMBDA_SLACK < den
        }
        _ => den != T::zero(),
    };
    if trusted {
        let out = if abs(d_on.clone()) <= abs(d_off.clone()) {
            lerp(on, off, &clamp01(d_on / den))
        } else {
            lerp(off, on, &clamp01(d_off / (T::zero() - den)))
        };
        if out.iter().all(Scalar::is_finite) {
            return out;
        }
    }
    zero_exact(on, off, exact)
}

#[cold]
#[inline(never)]
fn zero_exact<T: Scalar, const N: usize>(
    on: &[T; N],
    off: &[T; N],
    exact: &dyn Fn(&[BigRational; N]) -> BigRational,
) -> [T; N] {
    let q = |p: &[T; N]| p.clone().map(|c| c.to_rational().unwrap_or_default());
    let (p, r) = (q(on), q(off));
    let (d_on, d_off) = (exact(&p), exact(&r));
    let den = &d_on - &d_off;
    if den.is_zero() {
        return on.clone();
    }
    let lambda = d_on / den;
    core::array::from_fn(|k| T::from_rational(&(&p[k] + &lambda * (&r[k] - &p[k]))))
}

fn clamp01<T: Scalar>(x: T) -> T {
    use core::cmp::Ordering::{Greater, Less};
    match (x.partial_cmp(&T::zero()), x.partial_cmp(&T::one())) {
        (None, _) | (Some(Less), _) => T::zero(), // NaN (a 0/0 from rounding) or below
        (_, Some(Greater)) => T::one(),
        _ => x,
    }
}

fn lerp<T: Scalar, const N: usize>(p: &[T; N], q: &[T; N], t: &T) -> [T; N] {
    core::array::from_fn(|k| {
        if p[k] == q[k] {
            p[k].clone()
        } else {
            p[k].clone() + t.clone() * (q[k].clone() - &p[k])
        }
    })
}

#[cold]
#[inline(never)]
fn cold_construct<T: Scalar>(
    p: [&[T; 3]; 3],
    q: [&[T; 3]; 3],
    class: TriTri,
) -> TriTriIntersection<T> {
    // Every point of the result lies in the common plane (or line) of the two sets, or is
    // the single crossing of a segment with a triangle.
    let (sa, sb) = (shape(p), shape(q));
    let pts = |s: &Shape<'_, T>| -> Vec<[T; 3]> {
        match *s {
            Shape::Tri(t) => t.iter().map(|v| (*v).clone()).collect(),
            Shape::Seg(t) => t.iter().map(|v| (*v).clone()).collect(),
            Shape::Pt(v) => alloc::vec![v.clone()],
        }
    };
    let (a3, b3) = (pts(&sa), pts(&sb));
    // Non-coplanar segment/triangle: one point.
    let seg_tri = match (&sa, &sb) {
        (Shape::Tri(t), Shape::Seg(s)) | (Shape::Seg(s), Shape::Tri(t)) => Some((*t, *s)),
        _ => None,
    };
    if let Some((t, s)) = seg_tri {
        let o0 = orient3d(t[0], t[1], t[2], s[0]);
        let o1 = orient3d(t[0], t[1], t[2], s[1]);
        if o0 != Sign::Zero || o1 != Sign::Zero {
            let (on, off) = if o1 == Sign::Zero {
                (s[1], s[0])
            } else {
                (s[0], s[1])
            };
            return TriTriIntersection::Point(crossing3(on, off, t));
        }
    }
    // Coplanar: clip in a projection that keeps the dimension, then lift.
    let all: Vec<&[T; 3]> = a3.iter().chain(b3.iter()).collect();
    let k = best_axis(&all);
    let a2: Vec<[T; 2]> = a3.iter().map(|v| drop_axis(v, k)).collect();
    let b2: Vec<[T; 2]> = b3.iter().map(|v| drop_axis(v, k)).collect();
    let poly = clip(&a2, &b2);
    // Lift each 2D point back: it lies on an input edge (or is an input vertex) of one of
    // the shapes; find the 3D point with the same projection on that edge.
    let lift = |x: &[T; 2]| -> [T; 3] {
        for set in [&a3, &b3] {
            for v in set.iter() {
                if drop_axis(v, k) == *x {
                    return v.clone();
                }
            }
        }
        for set in [&a3, &b3] {
            for i in 0..set.len() {
                for j in i + 1..set.len() {
                    let (u, v) = (drop_axis(&set[i], k), drop_axis(&set[j], k));
                    if u != *x && v != *x && orient2d(&u, &v, x) == Sign::Zero {
                        // The dropped coordinate by interpolation along the edge, in
                        // rationals (rounded once; no overflow or cancellation).
                        let c = if u[0] != v[0] { 0 } else { 1 };
                        let r = |y: &T| y.to_rational().unwrap_or_default();
                        let t = (r(&x[c]) - r(&u[c])) / (r(&v[c]) - r(&u[c]));
                        let (zi, zj) = (r(&set[i][k]), r(&set[j][k]));
                        let mut out = set[i].clone();
                        out[k] = T::from_rational(&(&zi + t * (zj - &zi)));
                        // Keep the two projected coordinates as computed.
                        out[(k + 1) % 3] = x[0].clone();
                        out[(k + 2) % 3] = x[1].clone();
                        return out;
                    }
                }
            }
        }
        // Not on any edge (a rounded point): lift through the plane of a proper triangle.
        lift_plane(&a3, &b3, x, k)
    };
    let pts3: Vec<[T; 3]> = poly.iter().map(lift).collect();
    match (class, pts3.len()) {
        (_, 0) => TriTriIntersection::Empty,
        (TriTri::Touching { .. }, 1) => TriTriIntersection::Point(pts3[0].clone()),
        (TriTri::Touching { .. }, _) => {
            let ends = extremes(poly.clone());
            TriTriIntersection::Segment(lift(&ends[0]), lift(&ends[ends.len() - 1]))
        }
        _ => TriTriIntersection::Polygon(pts3),
    }
}

/// The point of the plane of the proper triangle among `a3`, `b3` whose projection
/// (dropping axis `k`) is `x`; the dropped coordinate computed in rationals and rounded
/// once (the plane's normal in floats could overflow or cancel to zero).
fn lift_plane<T: Scalar>(a3: &[[T; 3]], b3: &[[T; 3]], x: &[T; 2], k: usize) -> [T; 3] {
    let t = if a3.len() == 3 { a3 } else { b3 };
    let mut out: [T; 3] = [T::zero(), T::zero(), T::zero()];
    out[(k + 1) % 3] = x[0].clone();
    out[(k + 2) % 3] = x[1].clone();
    if t.len() == 3 {
        // Solve n · (out − t0) = 0 for the dropped coordinate.
        let r = |y: &T| y.to_rational().unwrap_or_default();
        let t: Vec<[BigRational; 3]> = t.iter().map(|p| p.each_ref().map(r)).collect();
        let o: [BigRational; 3] = out.each_ref().map(r);
        let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
        let (j, l) = ((k + 1) % 3, (k + 2) % 3);
        let rest = &n[j] * (&o[j] - &t[0][j]) + &n[l] * (&o[l] - &t[0][l]);
        out[k] = if n[k].is_zero() {
            T::from_rational(&t[0][k])
        } else {
            T::from_rational(&(&t[0][k] - rest / &n[k]))
        };
    } else {
        out[k] = t[0][k].clone();
    }
    out
}

/// The common part of two planar convex sets (1–3 points each), as a convex vertex list
/// without repeats: Sutherland–Hodgman clipping by the edge lines of a proper triangle
/// (sidedness by exact [`orient2d`]; new points are rounded for floats).
fn clip<T: Scalar>(a: &[[T; 2]], b: &[[T; 2]]) -> Vec<[T; 2]> {
    if b.len() == 3 {
        clip_by_tri(a, b)
    } else if a.len() == 3 {
        clip_by_tri(b, a)
    } else {
        clip_low(a, b)
    }
}

/// `poly` (1–3 points; a triangle in either orientation) intersected with the proper
/// triangle `tri`; counterclockwise when the result is a polygon.
///
/// Not by successive clipping (which decides later clips on rounded intersection points
/// and can lose a touching point), but from the candidates every
/// vertex of the result is one of, each found by exact signs: the vertices of either set
/// that lie in the other (closed), and the proper crossings of an edge of one with an
/// edge of the other (the only points constructed, so the only rounded ones). The
/// result is their convex hull.
fn clip_by_tri<T: Scalar>(poly: &[[T; 2]], tri: &[[T; 2]]) -> Vec<[T; 2]> {
    let ccw = orient2d(&tri[0], &tri[1], &tri[2]) == Sign::Positive;
    let in_tri = |x: &[T; 2]| {
        (0..3).all(|e| {
            let s = orient2d(&tri[e], &tri[(e + 1) % 3], x);
            s == Sign::Zero || (s == Sign::Positive) == ccw
        })
    };
    let poly_is_tri = poly.len() == 3 && orient2d(&poly[0], &poly[1], &poly[2]) != Sign::Zero;
    let in_poly = |x: &[T; 2]| {
        if poly_is_tri {
            let pccw = orient2d(&poly[0], &poly[1], &poly[2]) == Sign::Positive;
            (0..3).all(|e| {
                let s = orient2d(&poly[e], &poly[(e + 1) % 3], x);
                s == Sign::Zero || (s == Sign::Positive) == pccw
            })
        } else {
            on_closed_segment(&extremes(dedup(poly.to_vec())), x)
        }
    };
    let mut out: Vec<[T; 2]> = Vec::new();
    out.extend(poly.iter().filter(|x| in_tri(x)).cloned());
    out.extend(tri.iter().filter(|x| in_poly(x)).cloned());
    let poly_edges: Vec<(&[T; 2], &[T; 2])> = match poly.len() {
        3 => (0..3).map(|e| (&poly[e], &poly[(e + 1) % 3])).collect(),
        2 => alloc::vec![(&poly[0], &poly[1])],
        _ => Vec::new(),
    };
    for (u, v) in poly_edges {
        for e in 0..3 {
            let (x, y) = (&tri[e], &tri[(e + 1) % 3]);
            let (su, sv) = (orient2d(x, y, u), orient2d(x, y, v));
            let (sx, sy) = (orient2d(u, v, x), orient2d(u, v, y));
            if su * sv == Sign::Negative && sx * sy == Sign::Negative {
                out.push(crossing2(u, v, x, y));
            }
        }
    }
    let out = dedup(out);
    if poly_is_tri {
        hull2(out)
    } else {
        extremes(out)
    }
}

/// The convex hull of a few points, counterclockwise, without collinear points
/// (Andrew's monotone chain with exact [`orient2d`] turns; the points sorted by an
/// insertion sort, which cannot panic on any comparison results).
fn hull2<T: Scalar>(mut pts: Vec<[T; 2]>) -> Vec<[T; 2]> {
    let less = |a: &[T; 2], b: &[T; 2]| a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]);
    for i in 1..pts.len() {
        let mut j = i;
        while j > 0 && less(&pts[j], &pts[j - 1]) {
            pts.swap(j, j - 1);
            j -= 1;
        }
    }
    if pts.len() <= 2 {
        return pts;
    }
    let mut h: Vec<[T; 2]> = Vec::with_capacity(2 * pts.len());
    for pass in 0..2 {
        let start = h.len();
        let order: Vec<usize> = if pass == 0 {
            (0..pts.len()).collect()
        } else {
            (0..pts.len()).rev().collect()
        };
        for i in order {
            while h.len() >= start + 2
                && orient2d(&h[h.len() - 2], &h[h.len() - 1], &pts[i]) != Sign::Positive
            {
                h.pop();
            }
            h.push(pts[i].clone());
        }
        h.pop(); // the last point starts the other chain
    }
    h
}

/// The common points of two points or segments in the plane.
fn clip_low<T: Scalar>(big: &[[T; 2]], small: &[[T; 2]]) -> Vec<[T; 2]> {
    let mut out = Vec::new();
    for x in small {
        if on_closed_segment(big, x) {
            out.push(x.clone());
        }
    }
    for x in big {
        if on_closed_segment(small, x) {
            out.push(x.clone());
        }
    }
    if out.is_empty() && big.len() == 2 && small.len() == 2 {
        // The only other way two segments meet: a crossing interior to both.
        let s = [
            orient2d(&big[0], &big[1], &small[0]),
            orient2d(&big[0], &big[1], &small[1]),
            orient2d(&small[0], &small[1], &big[0]),
            orient2d(&small[0], &small[1], &big[1]),
        ];
        if s[0] * s[1] == Sign::Negative && s[2] * s[3] == Sign::Negative {
            out.push(crossing2(&small[0], &small[1], &big[0], &big[1]));
        }
    }
    extremes(dedup(out))
}

/// The first and last of collinear points along an axis where they differ (all of them
/// if fewer than three).
fn extremes<T: Scalar>(mut out: Vec<[T; 2]>) -> Vec<[T; 2]> {
    if out.len() >= 2 {
        let k = if out.iter().any(|v| v[0] != out[0][0]) {
            0
        } else {
            1
        };
        let (mut lo, mut hi) = (0, 0);
        for i in 1..out.len() {
            if out[i][k] < out[lo][k] {
                lo = i;
            }
            if out[i][k] > out[hi][k] {
                hi = i;
            }
        }
        out = alloc::vec![out[lo].clone(), out[hi].clone()];
    }
    out
}

fn on_closed_segment<T: Scalar>(s: &[[T; 2]], x: &[T; 2]) -> bool {
    if s.len() == 1 {
        return s[0] == *x;
    }
    orient2d(&s[0], &s[1], x) == Sign::Zero
        && (0..2).all(|k| {
            let (lo, hi) = if s[0][k] < s[1][k] {
                (&s[0][k], &s[1][k])
            } else {
                (&s[1][k], &s[0][k])
            };
            *lo <= x[k] && x[k] <= *hi
        })
}

fn dedup<T: Scalar>(mut v: Vec<[T; 2]>) -> Vec<[T; 2]> {
    let mut out: Vec<[T; 2]> = Vec::with_capacity(v.len());
    for x in v.drain(..) {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}
