//! Lines and segments (Real-Time Rendering, 4th ed., sections 22.15–22.16), plus
//! OBB/segment: every branch decided exactly, constructions rounded once.
//!
//! * [`segment_segment_2d`], [`segment_segment_2d_intersection`] (§22.15.1): the contact
//!   of two closed 2D segments, classified by the exact signs of four [`orient2d`]s (and,
//!   for collinear segments, comparisons of input coordinates), with the intersection
//!   point or shared sub-segment.
//! * [`segment_segment_2d_parametric_with`] (the book's "first method") and
//!   [`segment_segment_2d_antonio_with`] (Antonio's "second method"): the classic float
//!   forms under a [`Policy`], **not exact**.
//! * [`line_line_2d`] (§22.15.1, the first method for lines): the common point of two
//!   2D lines, parallel and coincident lines decided exactly; [`line_line_2d_with`] the
//!   classic float form under a [`Policy`].
//! * [`line_line_closest`] (§22.15.2): the parameters of the closest points of two 3D
//!   lines; parallel lines detected exactly.
//! * [`segment_segment_3d`], [`segment_segment_3d_intersection`]: 3D segments, coplanarity
//!   by [`orient3d`], then the 2D logic in a coordinate projection that is one-to-one on
//!   their common plane (or line).
//! * [`three_planes`] (§22.16): the common point of three planes `nᵢ·x + dᵢ = 0`.
//! * [`obb_segment`]: whether a segment meets the exact parallelepiped of an [`Obb`]
//!   (separating axes, every sign exact); [`obb_segment_with`] is the classic float form.
//!
//! # Constructions
//!
//! Points and parameters handed back are the exact values rounded once: **exact** for
//! rational scalars; for `f32`/`f64` each coordinate is the float nearest to the exact
//! value, ties to even ([`Scalar::from_rational`]; `±∞` only if the exact value lies beyond
//! the type's range, which cannot happen for segment intersection points, as they lie in
//! the inputs' bounding box). An end point that is itself the answer is returned as given,
//! bit for bit. For float input whose values are zero or of magnitude in
//! `[2^-240, 2^240]`, [`line_line_2d`], the crossing points of
//! [`segment_segment_2d_intersection`] and [`segment_segment_3d_intersection`], and
//! [`three_planes`] first compute in double-double from exact sums of products, with a
//! certificate that the result is the nearest float (a few hundred nanoseconds; the same
//! bits as the exact path, `proofs/overlap_boxes.md` §6a–6e); otherwise, and for
//! [`line_line_closest`], the construction runs in exact integer or rational arithmetic
//! (microseconds). The classifications are fast filtered predicates.
//!
//! # Degenerate input
//!
//! Never a panic. A segment whose end points coincide is a point and is classified as
//! one. A NaN or infinite coordinate makes the plain functions answer "no intersection"
//! (`Disjoint`, `None`, `false`); the `try_` forms report it as
//! [`GeometryError::NonFinite`].

use num_rational::BigRational;
use num_traits::Zero;

use crate::geometry::{GeometryError, Obb, Plane, Segment};
use crate::policy::Policy;
use crate::predicates::{orient2d, orient3d, polynomial_sign, Polynomial, Ring};
use crate::{Scalar, Sign};

use super::aabb_aabb::{abs, check3, finite3, wide3};
use super::dd::Dd;

// ---------------------------------------------------------------------------------------
// Result types
// ---------------------------------------------------------------------------------------

/// How two closed segments meet.
///
/// | variant | definition |
/// |---|---|
/// | [`Disjoint`](SegmentContact::Disjoint) | no common point |
/// | [`Touching`](SegmentContact::Touching) | exactly one common point, and it is an end point of at least one segment (including collinear segments meeting end to end, and point-like segments lying on the other) |
/// | [`Crossing`](SegmentContact::Crossing) | exactly one common point, interior to both segments |
/// | [`CollinearOverlap`](SegmentContact::CollinearOverlap) | a common sub-segment of positive length |
///
/// Exactly one holds; the classification is symmetric in the two segments and does not
/// depend on the order of either segment's end points.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{segment_segment_2d, SegmentContact};
/// let c = segment_segment_2d(&[0.0, 0.0], &[2.0, 2.0], &[0.0, 2.0], &[2.0, 0.0]);
/// assert_eq!(c, SegmentContact::Crossing);
/// assert!(c.intersects());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegmentContact {
    /// No common point.
    Disjoint,
    /// One common point, an end point of at least one segment.
    Touching,
    /// One common point, interior to both.
    Crossing,
    /// A common sub-segment of positive length.
    CollinearOverlap,
}

impl SegmentContact {
    /// `true` unless [`SegmentContact::Disjoint`] (closed segments: touching counts).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::lines::SegmentContact;
    /// assert!(SegmentContact::Touching.intersects());
    /// assert!(!SegmentContact::Disjoint.intersects());
    /// ```
    #[inline]
    pub fn intersects(self) -> bool {
        self != SegmentContact::Disjoint
    }
}

/// The common points of two closed segments, with `P` the point type (`[T; 2]` or
/// `[T; 3]`).
///
/// `Touching` and `Crossing` carry the single common point (an input end point as given
/// when it is one, else a rounded construction: see the [module docs](self));
/// `CollinearOverlap` carries the end points of the shared sub-segment, which are
/// always input end points, in lexicographic order of their projected coordinates.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{segment_segment_2d_intersection, SegmentContact, SegmentIntersection};
/// let r = segment_segment_2d_intersection(&[0.0, 0.0], &[4.0, 0.0], &[1.0, 0.0], &[9.0, 0.0]);
/// assert_eq!(r, SegmentIntersection::CollinearOverlap([1.0, 0.0], [4.0, 0.0]));
/// assert_eq!(r.contact(), SegmentContact::CollinearOverlap);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SegmentIntersection<P> {
    /// No common point.
    Disjoint,
    /// One common point, an end point of at least one segment.
    Touching(P),
    /// One common point, interior to both.
    Crossing(P),
    /// The shared sub-segment's end points.
    CollinearOverlap(P, P),
}

impl<P> SegmentIntersection<P> {
    /// The classification without the points.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::lines::{SegmentContact, SegmentIntersection};
    /// let r: SegmentIntersection<[f64; 2]> = SegmentIntersection::Touching([1.0, 2.0]);
    /// assert_eq!(r.contact(), SegmentContact::Touching);
    /// ```
    pub fn contact(&self) -> SegmentContact {
        match self {
            SegmentIntersection::Disjoint => SegmentContact::Disjoint,
            SegmentIntersection::Touching(_) => SegmentContact::Touching,
            SegmentIntersection::Crossing(_) => SegmentContact::Crossing,
            SegmentIntersection::CollinearOverlap(..) => SegmentContact::CollinearOverlap,
        }
    }
}

// ---------------------------------------------------------------------------------------
// The 2D classification, shared by 2D and 3D
// ---------------------------------------------------------------------------------------

/// The decided contact, with end points named by index into `[p0, p1, q0, q1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Raw {
    Disjoint,
    TouchAt(usize),
    Cross,
    Overlap(usize, usize),
}

/// Lexicographic `a < b` on finite 2D points.
fn lex_lt<T: Scalar>(a: &[T; 2], b: &[T; 2]) -> bool {
    a[0] < b[0] || (a[0] == b[0] && a[1] < b[1])
}

/// Classify two segments `pts[0]pts[1]` and `pts[2]pts[3]` of finite 2D points exactly.
fn classify2<T: Scalar>(pts: [&[T; 2]; 4]) -> Raw {
    let [p0, p1, q0, q1] = pts;
    let o1 = orient2d(p0, p1, q0);
    let o2 = orient2d(p0, p1, q1);
    if o1 != Sign::Zero && o1 == o2 {
        return Raw::Disjoint;
    }
    let o3 = orient2d(q0, q1, p0);
    let o4 = orient2d(q0, q1, p1);
    if o3 != Sign::Zero && o3 == o4 {
        return Raw::Disjoint;
    }
    if o1 == Sign::Zero && o2 == Sign::Zero && o3 == Sign::Zero && o4 == Sign::Zero {
        // All four points on one line (or points): compare along it, lexicographically.
        let (plo, phi) = if lex_lt(p1, p0) { (1, 0) } else { (0, 1) };
        let (qlo, qhi) = if lex_lt(q1, q0) { (3, 2) } else { (2, 3) };
        let lo = if lex_lt(pts[plo], pts[qlo]) { qlo } else { plo };
        let hi = if lex_lt(pts[qhi], pts[phi]) { qhi } else { phi };
        return if lex_lt(pts[hi], pts[lo]) {
            Raw::Disjoint
        } else if !lex_lt(pts[lo], pts[hi]) {
            Raw::TouchAt(lo)
        } else {
            Raw::Overlap(lo, hi)
        };
    }
    // Both segments are proper here and their lines meet in one point, on both segments.
    if o1 == Sign::Zero {
        Raw::TouchAt(2)
    } else if o2 == Sign::Zero {
        Raw::TouchAt(3)
    } else if o3 == Sign::Zero {
        Raw::TouchAt(0)
    } else if o4 == Sign::Zero {
        Raw::TouchAt(1)
    } else {
        Raw::Cross
    }
}

fn contact_of(raw: Raw) -> SegmentContact {
    match raw {
        Raw::Disjoint => SegmentContact::Disjoint,
        Raw::TouchAt(_) => SegmentContact::Touching,
        Raw::Cross => SegmentContact::Crossing,
        Raw::Overlap(..) => SegmentContact::CollinearOverlap,
    }
}

fn finite2<T: Scalar>(p: &[T; 2]) -> bool {
    p[0].is_finite() && p[1].is_finite()
}

fn q<T: Scalar>(x: &T) -> BigRational {
    x.to_rational().unwrap_or_else(BigRational::zero)
}

/// The parameter `t` of the crossing point `p0 + t(p1 − p0)` of two non-parallel 2D
/// lines, exactly.
/// The two coordinates of a 2D point, by reference.
fn pair<T>(p: &[T; 2]) -> [&T; 2] {
    [&p[0], &p[1]]
}

fn cross_param<T: Scalar>(pts: [&[T; 2]; 4]) -> BigRational {
    let c = |p: &[T; 2]| [q(&p[0]), q(&p[1])];
    let [p0, p1, q0, q1] = pts.map(c);
    let d1 = [&p1[0] - &p0[0], &p1[1] - &p0[1]];
    let d2 = [&q1[0] - &q0[0], &q1[1] - &q0[1]];
    let w = [&q0[0] - &p0[0], &q0[1] - &p0[1]];
    let num = &w[0] * &d2[1] - &w[1] * &d2[0];
    let den = &d1[0] * &d2[1] - &d1[1] * &d2[0];
    num / den
}

/// The crossing point `p0 + t(p1 − p0)` of two segments whose lines cross in one point,
/// for float input in the window of `overlap::dd`: each coordinate the nearest float
/// (the same bits as the exact path), or `None` (the caller computes exactly).
///
/// `proj` are the four points in the plane where the crossing is decided (the segments'
/// own 2D coordinates, or a 3D pair projected along a dropped axis) and `a0`, `a1` the
/// first segment's ends in full. With `t = num/den`, `num = (q0 − p0)×(q1 − q0)` and
/// `den = (p1 − p0)×(q1 − q0)`, the coordinate times `den` is
/// `a0ₖ·(den − num) + a1ₖ·num`, where `den − num = p1×q1 + q0×p1 + q1×q0` and
/// `num = q0×q1 + q1×p0 + p0×q0`: twelve products of three inputs, forty-eight exact
/// terms, against `den`'s sixteen (`proofs/overlap_boxes.md` §6b).
fn crossing_point_dd<T: Scalar, const N: usize>(
    proj: [&[T; 2]; 4],
    a0: &[T; N],
    a1: &[T; N],
) -> Option<[T; N]> {
    use super::dd::{
        affine2, det2x, exact_expansion, floats_as, in_window, nearest_quotient, nearest_quotients,
        product3, Divisor,
    };
    use crate::predicates::{two_diff, two_product};
    if !crate::scalar::is_float::<T>() {
        return None;
    }
    let is_f32 = crate::scalar::is_f32::<T>();
    let [p0, p1, q0, q1] = proj.map(|p| [p[0].to_f64(), p[1].to_f64()]);
    let (c0, c1) = (
        a0.clone().map(|x| x.to_f64()),
        a1.clone().map(|x| x.to_f64()),
    );
    let inputs = [p0, p1, q0, q1].into_iter().flatten();
    if !inputs.chain(c0).chain(c1).all(in_window) {
        return None;
    }
    // Tier 1: differences first (exact two-term values), then rounded double-doubles with
    // bounds relative to the terms (§6c): t = (W × D2)/(D1 × D2), W = q0 − p0,
    // D1 = p1 − p0, D2 = q1 − q0, and the point's numerators a0ₖ·den + num·(a1ₖ − a0ₖ).
    let diff = |a: [f64; 2], b: [f64; 2]| [two_diff(a[0], b[0]), two_diff(a[1], b[1])];
    let (d1, d2, w) = (diff(p1, p0), diff(q1, q0), diff(q0, p0));
    let cross = |a: &[(f64, f64); 2], b: &[(f64, f64); 2]| {
        det2x(
            a[0].0, a[0].1, a[1].0, a[1].1, b[0].0, b[0].1, b[1].0, b[1].1,
        )
    };
    let tier1 = Divisor::new(cross(&d1, &d2)).and_then(|div| {
        let num = cross(&w, &d2);
        let mut x = [0.0; N];
        for (k, o) in x.iter_mut().enumerate() {
            let (vh, vl) = two_diff(c1[k], c0[k]);
            *o = nearest_quotient(&affine2(c0[k], &div.den, &num, vh, vl), &div, is_f32)?;
        }
        Some(x)
    });
    if let Some(x) = tier1 {
        return floats_as(x);
    }
    // Tier 2: the exact sums of products of inputs (§6b).
    // u×v = u.x·v.y − u.y·v.x, as signed cross products (u, v).
    let den_cross = [(p1, q1), (q0, p1), (q1, p0), (p0, q0)];
    let mut den = [0.0; 16];
    for (i, (u, v)) in den_cross.into_iter().enumerate() {
        (den[4 * i], den[4 * i + 1]) = two_product(u[0], v[1]);
        (den[4 * i + 2], den[4 * i + 3]) = two_product(-u[1], v[0]);
    }
    let parts = [
        ([(p1, q1), (q0, p1), (q1, q0)], &c0),
        ([(q0, q1), (q1, p0), (p0, q0)], &c1),
    ];
    let num = |k: usize, buf: &mut [f64; 48]| {
        let mut i = 0;
        for (crosses, c) in &parts {
            for (u, v) in crosses {
                buf[i..i + 4].copy_from_slice(&product3(u[0], v[1], c[k]));
                buf[i + 4..i + 8].copy_from_slice(&product3(-u[1], v[0], c[k]));
                i += 8;
            }
        }
    };
    let nd = exact_expansion(&mut den);
    floats_as(nearest_quotients::<N, 48>(&den[..nd], num, is_f32)?)
}

/// `p0 + t(p1 − p0)` rounded to `T`, for points of any dimension.
fn point_at<T: Scalar, const N: usize>(p0: &[T; N], p1: &[T; N], t: &BigRational) -> [T; N] {
    core::array::from_fn(|k| {
        let a = q(&p0[k]);
        let b = q(&p1[k]);
        T::from_rational(&(&a + t * (b - &a)))
    })
}

// ---------------------------------------------------------------------------------------
// 2D segments
// ---------------------------------------------------------------------------------------

/// How the closed 2D segments `p0p1` and `q0q1` meet, exactly (RTR §22.15.1).
///
/// Decided by the exact signs of `orient2d(p0, p1, q0)`, `orient2d(p0, p1, q1)`,
/// `orient2d(q0, q1, p0)`, `orient2d(q0, q1, p1)`: equal non-zero signs on either pair
/// separate the segments; all four zero means the four points are collinear, and the
/// segments are compared as intervals along their line (lexicographic order of `(x, y)`,
/// plain comparisons of input numbers); otherwise the lines meet in one point that lies
/// on both segments, an end point ([`Touching`](SegmentContact::Touching)) if one of the
/// signs is zero, else [`Crossing`](SegmentContact::Crossing). Exact for every finite
/// input of every scalar type; for `f64` the cost is four filtered orientation
/// predicates.
///
/// Degenerate input, never a panic: a segment with `p0 = p1` is the point `p0`; a NaN or
/// infinite coordinate gives [`Disjoint`](SegmentContact::Disjoint)
/// ([`try_segment_segment_2d`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{segment_segment_2d, SegmentContact};
/// let (p0, p1) = ([0.0, 0.0], [1.0, 1.0]);
/// // (0.2, 0.2) lies on the segment from (0.1, 0.1) to (0.3, 0.3): an endpoint touches.
/// assert_eq!(segment_segment_2d(&[0.1, 0.1], &[0.3, 0.3], &[0.2, 0.2], &[0.2, 1.0]), SegmentContact::Touching);
/// assert_eq!(segment_segment_2d(&p0, &p1, &[1.0, 1.0], &[2.0, 0.0]), SegmentContact::Touching);
/// assert_eq!(segment_segment_2d(&p0, &p1, &[0.5, 0.5], &[3.0, 3.0]), SegmentContact::CollinearOverlap);
/// assert_eq!(segment_segment_2d(&p0, &p1, &[1.0, 1.0f64.next_up()], &[2.0, 2.0]), SegmentContact::Disjoint);
/// ```
pub fn segment_segment_2d<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> SegmentContact {
    if !(finite2(p0) && finite2(p1) && finite2(q0) && finite2(q1)) {
        return SegmentContact::Disjoint;
    }
    contact_of(classify2([p0, p1, q0, q1]))
}

/// [`segment_segment_2d`] with the common points.
///
/// The classification is [`segment_segment_2d`]'s. A touching point that is an input end
/// point, and the ends of a collinear overlap, are input points returned as given; a
/// crossing point is `p0 + t(p1 − p0)` with `t` exact, each coordinate rounded once: the
/// nearest float, ties to even (exact for rationals; see the module docs for the
/// double-double path that computes it). Non-finite input gives
/// [`Disjoint`](SegmentIntersection::Disjoint), never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{segment_segment_2d_intersection, SegmentIntersection};
/// use num_rational::BigRational;
/// let r = segment_segment_2d_intersection(&[0.0, 0.0], &[3.0, 3.0], &[0.0, 1.0], &[1.0, 0.0]);
/// assert_eq!(r, SegmentIntersection::Crossing([0.5, 0.5]));
/// // Rationals: exact. The lines y = x and y = 1 − 2x meet at (1/3, 1/3).
/// let q = |n: i64| BigRational::from_integer(n.into());
/// let r = segment_segment_2d_intersection(&[q(0), q(0)], &[q(1), q(1)], &[q(0), q(1)], &[q(1), q(-1)]);
/// let third = BigRational::new(1.into(), 3.into());
/// assert_eq!(r, SegmentIntersection::Crossing([third.clone(), third]));
/// ```
pub fn segment_segment_2d_intersection<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> SegmentIntersection<[T; 2]> {
    if !(finite2(p0) && finite2(p1) && finite2(q0) && finite2(q1)) {
        return SegmentIntersection::Disjoint;
    }
    let pts = [p0, p1, q0, q1];
    match classify2(pts) {
        Raw::Disjoint => SegmentIntersection::Disjoint,
        Raw::TouchAt(i) => SegmentIntersection::Touching(pts[i].clone()),
        Raw::Overlap(i, j) => SegmentIntersection::CollinearOverlap(pts[i].clone(), pts[j].clone()),
        Raw::Cross => SegmentIntersection::Crossing(
            crossing_point_dd(pts, p0, p1).unwrap_or_else(|| point_at(p0, p1, &cross_param(pts))),
        ),
    }
}

fn check2<T: Scalar>(what: &'static str, index: usize, p: &[T; 2]) -> Result<(), GeometryError> {
    match p.iter().position(|x| !x.is_finite()) {
        Some(axis) => Err(GeometryError::NonFinite { what, index, axis }),
        None => Ok(()),
    }
}

/// [`segment_segment_2d`], refusing non-finite input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] with `what = "end point"` and `index` 0–3 naming `p0`,
/// `p1`, `q0`, `q1`. Point-like segments are valid.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{try_segment_segment_2d, SegmentContact};
/// use isect::GeometryError;
/// assert_eq!(try_segment_segment_2d(&[0.0, 0.0], &[0.0, 0.0], &[0.0, 0.0], &[1.0, 0.0]), Ok(SegmentContact::Touching));
/// assert_eq!(
///     try_segment_segment_2d(&[0.0, 0.0], &[1.0, 0.0], &[0.0, f64::NAN], &[1.0, 0.0]),
///     Err(GeometryError::NonFinite { what: "end point", index: 2, axis: 1 })
/// );
/// ```
pub fn try_segment_segment_2d<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> Result<SegmentContact, GeometryError> {
    for (i, p) in [p0, p1, q0, q1].into_iter().enumerate() {
        check2("end point", i, p)?;
    }
    Ok(segment_segment_2d(p0, p1, q0, q1))
}

/// `x ∈ [0, 1]` under `policy` (scale 1).
fn in_unit<T: Scalar, P: Policy<T>>(policy: P, x: &T) -> bool {
    let one = T::one();
    policy.sign(x, &one) != Sign::Negative
        && policy.sign(&(one.clone() - x), &one) != Sign::Negative
}

/// The book's "first method" for 2D segments (RTR §22.15.1): parametric line
/// intersection, computed in `T` and decided under `policy`.
///
/// With `a = p1 − p0`, `b = q1 − q0`, `c = q0 − p0` and `⊥` the perpendicular
/// `(x, y)⊥ = (−y, x)`: `den = b⊥·a`; if `policy.sign(den, |b⊥|·|a| summed per term)` is
/// zero the segments are reported **not** intersecting (parallel and collinear segments
/// alike, as in the book); else `s = (b⊥·c)/den`, `t = (a⊥·c)/den` and the answer is
/// whether both lie in `[0, 1]` under `policy` (scale 1).
///
/// **Not exact**: differences, products and the divisions round; touching and nearly
/// parallel segments can be misjudged. No validation; NaN gives an arbitrary answer, never
/// a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::segment_segment_2d_parametric_with;
/// use isect::policy::{Absolute, Naive};
/// let (p0, p1) = ([0.0, 0.0], [2.0, 2.0]);
/// assert!(segment_segment_2d_parametric_with(Naive, &p0, &p1, &[0.0, 2.0], &[2.0, 0.0]));
/// // Missing by 1e-12 along the second segment: only an epsilon accepts it.
/// let (q0, q1) = ([2.0 + 1e-12, 0.0], [4.0, -2.0]);
/// assert!(!segment_segment_2d_parametric_with(Naive, &[0.0, 0.0], &[1.0, 0.0], &q0, &q1));
/// assert!(segment_segment_2d_parametric_with(Absolute { eps: 1e-9 }, &[0.0, 0.0], &[2.0, 0.0], &[2.0 + 1e-12, 0.0], &[2.0 + 1e-12, 1.0]));
/// ```
pub fn segment_segment_2d_parametric_with<T: Scalar, P: Policy<T>>(
    policy: P,
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> bool {
    let a = [p1[0].clone() - &p0[0], p1[1].clone() - &p0[1]];
    let b = [q1[0].clone() - &q0[0], q1[1].clone() - &q0[1]];
    let c = [q0[0].clone() - &p0[0], q0[1].clone() - &p0[1]];
    // u⊥·v = u_x v_y − u_y v_x.
    let perp = |u: &[T; 2], v: &[T; 2]| u[0].clone() * &v[1] - u[1].clone() * &v[0];
    let pscale = |u: &[T; 2], v: &[T; 2]| abs(u[0].clone() * &v[1]) + abs(u[1].clone() * &v[0]);
    let den = perp(&a, &b);
    if policy.sign(&den, &pscale(&a, &b)) == Sign::Zero {
        return false;
    }
    let s = perp(&c, &b) / &den;
    let t = perp(&c, &a) / &den;
    in_unit(policy, &s) && in_unit(policy, &t)
}

/// Antonio's "second method" for 2D segments (Graphics Gems III; RTR §22.15.1): the
/// division-free form with early rejections, computed in `T` and decided under `policy`.
///
/// With `a = p1 − p0`, `b = q0 − q1`, `c = p0 − q0`: `f = a_y b_x − a_x b_y`,
/// `d = b_y c_x − b_x c_y`, `e = a_x c_y − a_y c_x`. With `σ = sign(f)` under `policy`
/// (scale `|a_y b_x| + |a_x b_y|`): `σ = 0` reports no intersection (parallel or
/// collinear, as in the original); otherwise the segments intersect iff `σd ≥ 0`,
/// `σ(f − d) ≥ 0`, `σe ≥ 0` and `σ(f − e) ≥ 0`, each sign taken under `policy` with the
/// scale of the numbers involved. `d` is tested before `e` is computed.
///
/// **Not exact** (the products and differences round). No validation; NaN gives an
/// arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::segment_segment_2d_antonio_with;
/// use isect::policy::Naive;
/// let (p0, p1) = ([0.0, 0.0], [2.0, 2.0]);
/// assert!(segment_segment_2d_antonio_with(Naive, &p0, &p1, &[0.0, 2.0], &[2.0, 0.0]));
/// assert!(!segment_segment_2d_antonio_with(Naive, &p0, &p1, &[3.0, 0.0], &[4.0, 1.0]));
/// ```
pub fn segment_segment_2d_antonio_with<T: Scalar, P: Policy<T>>(
    policy: P,
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> bool {
    let a = [p1[0].clone() - &p0[0], p1[1].clone() - &p0[1]];
    let b = [q0[0].clone() - &q1[0], q0[1].clone() - &q1[1]];
    let c = [p0[0].clone() - &q0[0], p0[1].clone() - &q0[1]];
    let (f1, f2) = (a[1].clone() * &b[0], a[0].clone() * &b[1]);
    let fscale = abs(f1.clone()) + abs(f2.clone());
    let f = f1 - f2;
    let sigma = policy.sign(&f, &fscale);
    if sigma == Sign::Zero {
        return false;
    }
    let ok = |x: &T, xs: &T| {
        let neg = |s: Sign| match s {
            Sign::Positive => Sign::Negative,
            Sign::Negative => Sign::Positive,
            Sign::Zero => Sign::Zero,
        };
        let s = policy.sign(x, xs);
        (if sigma == Sign::Positive { s } else { neg(s) }) != Sign::Negative
    };
    let (d1, d2) = (b[1].clone() * &c[0], b[0].clone() * &c[1]);
    let dscale = abs(d1.clone()) + abs(d2.clone());
    let d = d1 - d2;
    let fd_scale = fscale.clone() + &dscale;
    if !ok(&d, &dscale) || !ok(&(f.clone() - &d), &fd_scale) {
        return false;
    }
    let (e1, e2) = (a[0].clone() * &c[1], a[1].clone() * &c[0]);
    let escale = abs(e1.clone()) + abs(e2.clone());
    let e = e1 - e2;
    let fe_scale = fscale + &escale;
    ok(&e, &escale) && ok(&(f - &e), &fe_scale)
}

// ---------------------------------------------------------------------------------------
// 2D lines
// ---------------------------------------------------------------------------------------

/// Where two 2D lines `o1 + s·d1` and `o2 + t·d2` meet (see [`line_line_2d`]).
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{line_line_2d, LineLine2d};
/// let r = line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 2.0], &[1.0, -1.0]);
/// assert_eq!(r, LineLine2d::Point { s: 1.0, t: 1.0, point: [1.0, 1.0] });
/// assert!(r.meets());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineLine2d<T> {
    /// Exactly one common point, `point = o1 + s·d1 = o2 + t·d2`.
    Point {
        /// The parameter on the first line.
        s: T,
        /// The parameter on the second line.
        t: T,
        /// The common point.
        point: [T; 2],
    },
    /// Parallel and distinct: no common point (also the answer for a zero direction or a
    /// non-finite input, see [`line_line_2d`]).
    Parallel,
    /// The same line: every point is common.
    Coincident,
}

impl<T> LineLine2d<T> {
    /// `true` for [`Point`](LineLine2d::Point) and [`Coincident`](LineLine2d::Coincident).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::lines::LineLine2d;
    /// assert!(LineLine2d::<f64>::Coincident.meets());
    /// assert!(!LineLine2d::<f64>::Parallel.meets());
    /// ```
    pub fn meets(&self) -> bool {
        !matches!(self, LineLine2d::Parallel)
    }
}

/// `u × v = u_x v_y − u_y v_x` of two differences or vectors of the inputs.
struct Cross2<'a, T> {
    u: [&'a T; 2],
    /// Subtracted from `u` when present (`u − u0`).
    u0: Option<[&'a T; 2]>,
    v: [&'a T; 2],
}

impl<T> Polynomial<T> for Cross2<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let mut u = [lift(self.u[0]), lift(self.u[1])];
        if let Some(u0) = self.u0 {
            u = [u[0].clone() - lift(u0[0]), u[1].clone() - lift(u0[1])];
        }
        let v = [lift(self.v[0]), lift(self.v[1])];
        u[0].clone() * v[1].clone() - u[1].clone() * v[0].clone()
    }
}

/// The intersection of two 2D lines `o1 + s·d1` and `o2 + t·d2` (RTR §22.15.1, the
/// book's first method, decided exactly).
///
/// With `w = o2 − o1` and `a × b = a_x b_y − a_y b_x`: the lines are parallel iff
/// `d1 × d2 = 0`; then they coincide iff `w × d1 = 0` as well. Otherwise
/// `s = (w × d2)/(d1 × d2)`, `t = (w × d1)/(d1 × d2)`. Both decisions are exact signs of
/// integer polynomials of the inputs ([`polynomial_sign`]), for every finite input of
/// every scalar type. `s`, `t` and the point `o1 + s·d1` are constructions: exact for
/// rationals; for floats each is the exact value rounded to nearest (ties to even), `±∞`
/// only where the exact value exceeds the type's range, which nearly parallel lines can
/// reach. For `f32`/`f64` input they are computed in double-double and certified to be
/// those nearest floats (about 100 ns a pair; nearly parallel lines take exact sums of
/// the determinants first, a few hundred ns; `docs/BENCHMARKS.md`); where the
/// certificate declines (results beyond `2^±300`, inputs beyond `2^±240`, a result
/// within `2^-96` of a rounding boundary) exact integer arithmetic gives the same bits,
/// in microseconds.
///
/// Degenerate input, never a panic: a line with a zero direction is its one point `o`;
/// the answer is then [`Coincident`](LineLine2d::Coincident) if that point lies on the
/// other line (for two points: if they are equal), else
/// [`Parallel`](LineLine2d::Parallel) ([`try_line_line_2d`] refuses zero directions). A
/// NaN or infinite coordinate gives [`Parallel`](LineLine2d::Parallel);
/// [`try_line_line_2d`] reports it.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{line_line_2d, LineLine2d};
/// // y = x and the x axis shifted: they cross at the origin.
/// let r = line_line_2d(&[1.0, 1.0], &[2.0, 2.0], &[-3.0, 0.0], &[1.0, 0.0]);
/// assert_eq!(r, LineLine2d::Point { s: -0.5, t: 3.0, point: [0.0, 0.0] });
/// // One ulp from parallel still crosses, far away, and exactly so.
/// let d = 1.0f64.next_up();
/// assert!(matches!(line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &[1.0, d]), LineLine2d::Point { .. }));
/// assert_eq!(line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &[2.0, 2.0]), LineLine2d::Parallel);
/// assert_eq!(line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[3.0, 3.0], &[-2.0, -2.0]), LineLine2d::Coincident);
/// ```
pub fn line_line_2d<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> LineLine2d<T> {
    if !(finite2(o1) && finite2(d1) && finite2(o2) && finite2(d2)) {
        return LineLine2d::Parallel;
    }
    if let Some(r) = line_line_2d_dd(o1, d1, o2, d2) {
        return r;
    }
    let den = Cross2 {
        u: pair(d1),
        u0: None,
        v: pair(d2),
    };
    if polynomial_sign::<T, _>(&den) == Sign::Zero {
        let on = Cross2 {
            u: pair(o2),
            u0: Some(pair(o1)),
            v: pair(d1),
        };
        let on2 = Cross2 {
            u: pair(o2),
            u0: Some(pair(o1)),
            v: pair(d2),
        };
        // w × d1 = 0 and w × d2 = 0: with one direction zero, the other decides.
        let zero = |d: &[T; 2]| d[0].is_zero() && d[1].is_zero();
        if zero(d1) && zero(d2) {
            return if o1 == o2 {
                LineLine2d::Coincident
            } else {
                LineLine2d::Parallel
            };
        }
        return if polynomial_sign::<T, _>(&on) == Sign::Zero
            && polynomial_sign::<T, _>(&on2) == Sign::Zero
        {
            LineLine2d::Coincident
        } else {
            LineLine2d::Parallel
        };
    }
    if let Some(r) = line_line_2d_float(o1, d1, o2, d2) {
        return r;
    }
    let (d1q, d2q) = ([q(&d1[0]), q(&d1[1])], [q(&d2[0]), q(&d2[1])]);
    let o1q = [q(&o1[0]), q(&o1[1])];
    let w = [q(&o2[0]) - &o1q[0], q(&o2[1]) - &o1q[1]];
    let x = |a: &[BigRational; 2], b: &[BigRational; 2]| &a[0] * &b[1] - &a[1] * &b[0];
    let den = x(&d1q, &d2q);
    let s = x(&w, &d2q) / &den;
    let t = x(&w, &d1q) / den;
    let point = [&o1q[0] + &s * &d1q[0], &o1q[1] + &s * &d1q[1]];
    LineLine2d::Point {
        s: T::from_rational(&s),
        t: T::from_rational(&t),
        point: point.map(|c| T::from_rational(&c)),
    }
}

/// [`line_line_2d`] for float input in double-double: the lines are certainly not
/// parallel when the double-double `d1 × d2` exceeds its error bound, and then `s`, `t`
/// and the point are certified to be the nearest floats (`overlap::dd`); `None` (the
/// caller then decides and computes exactly) when an input lies outside
/// `dd::in_window`, the directions may be parallel, or a certificate fails. Exact zeros (`s`, `t` or a coordinate of the point) are recognised by exact
/// signs of their numerators, so lines meeting at the origin or at one of their own
/// origins stay on this path.
fn line_line_2d_dd<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Option<LineLine2d<T>> {
    use super::dd::{affine, det2, exact_dd, in_window, nearest_quotient, Divisor};
    use crate::predicates::{sum_sign_in_place, two_diff, two_product};
    use core::any::Any;
    let is_f32 = crate::scalar::is_f32::<T>();
    if !crate::scalar::is_float::<T>() {
        return None;
    }
    let [o1, d1, o2, d2] = [o1, d1, o2, d2].map(|p| [p[0].to_f64(), p[1].to_f64()]);
    if ![o1, d1, o2, d2].iter().flatten().all(|&x| in_window(x)) {
        return None;
    }
    let (wx, wxl) = two_diff(o2[0], o1[0]);
    let (wy, wyl) = two_diff(o2[1], o1[1]);
    // The exact terms of w × v (w = o2 − o1 as wx + wxl, wy + wyl) and of d1 × d2.
    let cross_terms = |v: &[f64; 2]| -> [f64; 8] {
        let (a, ae) = two_product(wx, v[1]);
        let (b, be) = two_product(wy, v[0]);
        let (c, ce) = two_product(wxl, v[1]);
        let (d, de) = two_product(wyl, v[0]);
        [a, ae, -b, -be, c, ce, -d, -de]
    };
    let den_terms = || -> [f64; 4] {
        let (p1, e1) = two_product(d1[0], d2[1]);
        let (p2, e2) = two_product(d1[1], d2[0]);
        [p1, e1, -p2, -e2]
    };
    // s, t and the point from double-doubles of d1 × d2, w × d2 and w × d1; an exact zero
    // numerator is recognised by the exact sign of its terms.
    let solve = |div: &Divisor, sn: &Dd, tn: &Dd| -> Option<(f64, f64, [f64; 2])> {
        let quotient = |num: &Dd, zero: &dyn Fn() -> bool| -> Option<f64> {
            nearest_quotient(num, div, is_f32).or_else(|| zero().then_some(0.0))
        };
        let s = quotient(sn, &|| {
            sum_sign_in_place(&mut cross_terms(&d2)) == Sign::Zero
        })?;
        let t = quotient(tn, &|| {
            sum_sign_in_place(&mut cross_terms(&d1)) == Sign::Zero
        })?;
        let coord = |k: usize| {
            let num = affine(o1[k], &div.den, sn, d1[k]);
            quotient(&num, &|| {
                // o·den + sn·v exactly: den's four terms times o, sn's eight times v.
                let mut terms = [0.0; 24];
                for (i, x) in den_terms().into_iter().enumerate() {
                    (terms[2 * i], terms[2 * i + 1]) = two_product(x, o1[k]);
                }
                for (i, x) in cross_terms(&d2).into_iter().enumerate() {
                    (terms[8 + 2 * i], terms[9 + 2 * i]) = two_product(x, d1[k]);
                }
                sum_sign_in_place(&mut terms) == Sign::Zero
            })
        };
        Some((s, t, [coord(0)?, coord(1)?]))
    };
    // Tier 1: rounded double-doubles, bounds relative to the terms' magnitudes.
    let tier1 = Divisor::new(det2(d1[0], 0.0, d1[1], 0.0, d2[0], d2[1])).and_then(|div| {
        let sn = det2(wx, wxl, wy, wyl, d2[0], d2[1]);
        let tn = det2(wx, wxl, wy, wyl, d1[0], d1[1]);
        solve(&div, &sn, &tn)
    });
    // Tier 2, when the determinants cancel (nearly parallel lines): their exact sums, as
    // double-doubles whose error bound is the exact remainder. An exactly zero d1 × d2
    // (parallel) is left to the caller.
    let (s, t, point) = match tier1 {
        Some(r) => r,
        None => {
            let div = Divisor::new(exact_dd(&mut den_terms())?)?;
            let zero = Dd {
                hi: 0.0,
                lo: 0.0,
                mag: 0.0,
            };
            let sn = exact_dd(&mut cross_terms(&d2)).unwrap_or(zero);
            let tn = exact_dd(&mut cross_terms(&d1)).unwrap_or(zero);
            solve(&div, &sn, &tn)?
        }
    };
    // One downcast per branch, each of a known type, so both fold away.
    if is_f32 {
        let r = LineLine2d::Point {
            s: s as f32,
            t: t as f32,
            point: point.map(|x| x as f32),
        };
        (&r as &dyn Any).downcast_ref::<LineLine2d<T>>().cloned()
    } else {
        let r = LineLine2d::Point { s, t, point };
        (&r as &dyn Any).downcast_ref::<LineLine2d<T>>().cloned()
    }
}

/// The construction of [`line_line_2d`] for float input (non-parallel lines), in integers:
/// every coordinate is `m·2^e` exactly, so with `E` the least exponent all of them are
/// integers times `2^E`. `s` and `t` are ratios of integer cross products (the scale
/// cancels) and the point is `2^E·(O₁·den + num·D₁)/den`; each ratio is rounded once by
/// `rational_to_f64` without ever reducing a fraction (no gcd), which is
/// what makes this path about a hundred times faster than rational arithmetic.
fn line_line_2d_float<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Option<LineLine2d<T>> {
    use num_bigint::BigInt;
    if !crate::scalar::is_float::<T>() {
        return None;
    }
    let parts =
        [o1, d1, o2, d2].map(|p| p.clone().map(|x| crate::predicates::decompose(x.to_f64())));
    let e_min = parts.iter().flatten().map(|&(_, e)| e).min().unwrap_or(0);
    let int = |(m, e): (i64, i32)| BigInt::from(m) << ((e - e_min) as usize);
    let [o1, d1, o2, d2] = parts.map(|p| p.map(int));
    let x = |a: &[BigInt; 2], b: &[BigInt; 2]| &a[0] * &b[1] - &a[1] * &b[0];
    let w = [&o2[0] - &o1[0], &o2[1] - &o1[1]];
    let den = x(&d1, &d2);
    let (sn, tn) = (x(&w, &d2), x(&w, &d1));
    let ratio = |n: BigInt, d: &BigInt, scale: i32| -> T {
        let (n, d) = if scale >= 0 {
            (n << (scale as usize), d.clone())
        } else {
            (n, d << ((-scale) as usize))
        };
        T::from_rational(&BigRational::new_raw(n, d))
    };
    let point = [0, 1].map(|k| ratio(&o1[k] * &den + &sn * &d1[k], &den, e_min));
    Some(LineLine2d::Point {
        s: ratio(sn, &den, 0),
        t: ratio(tn, &den, 0),
        point,
    })
}

/// [`line_line_2d`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what`: `"origin"` or `"direction"`, `index` 0 or 1 for
/// the line, `axis` the coordinate), then [`GeometryError::ZeroDirection`].
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{try_line_line_2d, LineLine2d};
/// use isect::GeometryError;
/// let o = [0.0, 0.0];
/// assert_eq!(try_line_line_2d(&o, &[1.0, 0.0], &o, &[2.0, 0.0]), Ok(LineLine2d::Coincident));
/// assert_eq!(try_line_line_2d(&o, &[0.0, 0.0], &o, &[1.0, 0.0]), Err(GeometryError::ZeroDirection));
/// assert!(try_line_line_2d(&o, &[f64::NAN, 0.0], &o, &[1.0, 0.0]).is_err());
/// ```
pub fn try_line_line_2d<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Result<LineLine2d<T>, GeometryError> {
    check2("origin", 0, o1)?;
    check2("direction", 0, d1)?;
    check2("origin", 1, o2)?;
    check2("direction", 1, d2)?;
    if d1.iter().all(|x| x.is_zero()) || d2.iter().all(|x| x.is_zero()) {
        return Err(GeometryError::ZeroDirection);
    }
    Ok(line_line_2d(o1, d1, o2, d2))
}

/// The book's first method for 2D lines (RTR §22.15.1), computed in `T` and decided under
/// `policy`: `den = d1 × d2`; `None` if `policy.sign(den, |d1_x d2_y| + |d1_y d2_x|)` is
/// zero (parallel or coincident, not told apart), else `(s, t)` as in [`line_line_2d`],
/// each one rounded division of rounded cross products.
///
/// **Not exact**: nearly parallel lines may be called parallel (or the reverse under
/// [`Naive`](crate::policy::Naive) when rounding makes `den` zero), and `s`, `t` carry
/// the rounding of the differences and products. No validation; NaN gives an arbitrary
/// answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::line_line_2d_with;
/// use isect::policy::{Naive, Relative};
/// let st = line_line_2d_with(Naive, &[1.0, 1.0], &[2.0, 2.0], &[-3.0, 0.0], &[1.0, 0.0]);
/// assert_eq!(st, Some((-0.5, 3.0)));
/// // Nearly parallel: an epsilon calls it parallel; the exact test does not.
/// let d = [1.0, 1.0f64.next_up()];
/// assert_eq!(line_line_2d_with(Relative { eps: 1e-9 }, &[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &d), None);
/// ```
pub fn line_line_2d_with<T: Scalar, P: Policy<T>>(
    policy: P,
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Option<(T, T)> {
    let (p1, p2) = (d1[0].clone() * &d2[1], d1[1].clone() * &d2[0]);
    let scale = abs(p1.clone()) + abs(p2.clone());
    let den = p1 - p2;
    if policy.sign(&den, &scale) == Sign::Zero {
        return None;
    }
    let w = [o2[0].clone() - &o1[0], o2[1].clone() - &o1[1]];
    let x = |a: &[T; 2], b: &[T; 2]| a[0].clone() * &b[1] - a[1].clone() * &b[0];
    Some((x(&w, d2) / &den, x(&w, d1) / &den))
}

// ---------------------------------------------------------------------------------------
// 3D lines
// ---------------------------------------------------------------------------------------

/// `|d1 × d2|²`: zero exactly when the directions are parallel (or one is zero).
struct CrossSq<'a, T>(&'a [T; 3], &'a [T; 3]);

impl<T> Polynomial<T> for CrossSq<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let a = [lift(&self.0[0]), lift(&self.0[1]), lift(&self.0[2])];
        let b = [lift(&self.1[0]), lift(&self.1[1]), lift(&self.1[2])];
        let c = cross(&a, &b);
        c[0].clone() * c[0].clone() + c[1].clone() * c[1].clone() + c[2].clone() * c[2].clone()
    }
}

fn cross<R: Ring>(a: &[R; 3], b: &[R; 3]) -> [R; 3] {
    [
        a[1].clone() * b[2].clone() - a[2].clone() * b[1].clone(),
        a[2].clone() * b[0].clone() - a[0].clone() * b[2].clone(),
        a[0].clone() * b[1].clone() - a[1].clone() * b[0].clone(),
    ]
}

fn dot<R: Ring>(a: &[R; 3], b: &[R; 3]) -> R {
    a[0].clone() * b[0].clone() + a[1].clone() * b[1].clone() + a[2].clone() * b[2].clone()
}

fn q3<T: Scalar>(p: &[T; 3]) -> [BigRational; 3] {
    [q(&p[0]), q(&p[1]), q(&p[2])]
}

fn sub3(a: &[BigRational; 3], b: &[BigRational; 3]) -> [BigRational; 3] {
    [&a[0] - &b[0], &a[1] - &b[1], &a[2] - &b[2]]
}

/// The parameters `(s, t)` of the closest points `o1 + s·d1` and `o2 + t·d2` of two 3D
/// lines (RTR §22.15.2), or `None` if the lines are parallel.
///
/// With `c = d1 × d2`: `s = det(o2 − o1, d2, c)/|c|²`, `t = det(o2 − o1, d1, c)/|c|²`.
/// Parallel means `c = 0` exactly (a zero direction included), decided by the exact sign
/// of the degree-4 polynomial `|c|²` ([`polynomial_sign`]), so nearly parallel lines still
/// get their (possibly huge) parameters. `s` and `t` are constructions: computed exactly
/// in rationals, then rounded once (exact for rationals; for floats the nearest float to
/// the exact value, ties to even, `±∞` if beyond the type's range). The lines intersect iff the two
/// points coincide (see [`segment_segment_3d`] for an exact test).
///
/// Degenerate input, never a panic: NaN or infinite input gives `None`
/// ([`try_line_line_closest`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::line_line_closest;
/// // The x axis, and the line through (1, 5, 1) along y: closest at x = 1 and y = 0.
/// let st = line_line_closest(&[0.0, 0.0, 0.0], &[2.0, 0.0, 0.0], &[1.0, 5.0, 1.0], &[0.0, 1.0, 0.0]);
/// assert_eq!(st, Some((0.5, -5.0)));
/// assert_eq!(line_line_closest(&[0.0; 3], &[1.0, 1.0, 0.0], &[0.0, 0.0, 1.0], &[-2.0, -2.0, 0.0]), None);
/// ```
pub fn line_line_closest<T: Scalar>(
    o1: &[T; 3],
    d1: &[T; 3],
    o2: &[T; 3],
    d2: &[T; 3],
) -> Option<(T, T)> {
    if !(finite3(o1) && finite3(d1) && finite3(o2) && finite3(d2)) {
        return None;
    }
    if polynomial_sign::<T, _>(&CrossSq(d1, d2)) == Sign::Zero {
        return None;
    }
    let (d1, d2) = (q3(d1), q3(d2));
    let w = sub3(&q3(o2), &q3(o1));
    let c = cross(&d1, &d2);
    let cc = dot(&c, &c);
    let s = dot(&cross(&w, &d2), &c) / &cc;
    let t = dot(&cross(&w, &d1), &c) / cc;
    Some((T::from_rational(&s), T::from_rational(&t)))
}

/// [`line_line_closest`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what`: `"origin"` or `"direction"`, `index` 0 or 1 for
/// the line), then [`GeometryError::ZeroDirection`] for a zero direction. Parallel lines
/// are valid input: `Ok(None)`.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::try_line_line_closest;
/// use isect::GeometryError;
/// let o = [0.0; 3];
/// assert_eq!(try_line_line_closest(&o, &[1.0, 0.0, 0.0], &o, &[2.0, 0.0, 0.0]), Ok(None));
/// assert_eq!(try_line_line_closest(&o, &[0.0; 3], &o, &[1.0, 0.0, 0.0]), Err(GeometryError::ZeroDirection));
/// ```
#[allow(clippy::type_complexity)]
pub fn try_line_line_closest<T: Scalar>(
    o1: &[T; 3],
    d1: &[T; 3],
    o2: &[T; 3],
    d2: &[T; 3],
) -> Result<Option<(T, T)>, GeometryError> {
    check3("origin", 0, o1)?;
    check3("direction", 0, d1)?;
    check3("origin", 1, o2)?;
    check3("direction", 1, d2)?;
    if d1.iter().all(|x| x.is_zero()) || d2.iter().all(|x| x.is_zero()) {
        return Err(GeometryError::ZeroDirection);
    }
    Ok(line_line_closest(o1, d1, o2, d2))
}

// ---------------------------------------------------------------------------------------
// 3D segments
// ---------------------------------------------------------------------------------------

/// Drop coordinate `k`.
fn project<T: Scalar>(p: &[T; 3], k: usize) -> [T; 2] {
    let (i, j) = ((k + 1) % 3, (k + 2) % 3);
    [p[i].clone(), p[j].clone()]
}

/// A coordinate whose removal maps the affine hull of four coplanar points one-to-one
/// into the plane, decided exactly.
fn drop_axis<T: Scalar>(pts: [&[T; 3]; 4]) -> usize {
    const TRIPLES: [[usize; 3]; 4] = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]];
    for k in [2, 0, 1] {
        let p = pts.map(|x| project(x, k));
        // orient2d of a projection is the k-th component of the triple's plane normal.
        if TRIPLES
            .iter()
            .any(|t| orient2d(&p[t[0]], &p[t[1]], &p[t[2]]) != Sign::Zero)
        {
            return k;
        }
    }
    // Collinear (or coincident): keep an axis along which the points differ.
    for p in &pts[1..] {
        if let Some(j) = (0..3).find(|&j| p[j] != pts[0][j]) {
            return (j + 2) % 3;
        }
    }
    2
}

fn classify3<T: Scalar>(pts: [&[T; 3]; 4]) -> (Raw, usize) {
    if orient3d(pts[0], pts[1], pts[2], pts[3]) != Sign::Zero {
        return (Raw::Disjoint, 2);
    }
    let k = drop_axis(pts);
    let p = pts.map(|x| project(x, k));
    (classify2([&p[0], &p[1], &p[2], &p[3]]), k)
}

fn finite_seg<T: Scalar>(s: &Segment<T>) -> bool {
    finite3(&s.a) && finite3(&s.b)
}

/// How two closed 3D segments meet, exactly (RTR §22.15.2).
///
/// Segments that meet are coplanar, so [`orient3d`]`(a.a, a.b, b.a, b.b) ≠ 0` gives
/// [`Disjoint`](SegmentContact::Disjoint). Otherwise one coordinate is dropped such that
/// the projection is one-to-one on the points' common plane (the normal's component on
/// that axis, an [`orient2d`] of the projection, is exactly non-zero), or on their common
/// line when they are collinear; a one-to-one affine map keeps incidence, order along
/// lines and interiors, so [`segment_segment_2d`]'s classification of the projection is
/// the answer. Exact for every finite input of every scalar type.
///
/// Degenerate input, never a panic: point-like segments are points; NaN or infinite
/// coordinates give [`Disjoint`](SegmentContact::Disjoint) ([`try_segment_segment_3d`]
/// reports them).
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{segment_segment_3d, SegmentContact};
/// use isect::Segment;
/// let a = Segment::new([0.0, 0.0, 0.0], [2.0, 2.0, 2.0]);
/// assert_eq!(segment_segment_3d(&a, &Segment::new([0.0, 2.0, 0.0], [2.0, 0.0, 2.0])), SegmentContact::Crossing);
/// // Lifted by one ulp out of the common plane:
/// let up = 2.0f64.next_up();
/// assert_eq!(segment_segment_3d(&a, &Segment::new([0.0, 2.0, 0.0], [2.0, 0.0, up])), SegmentContact::Disjoint);
/// assert_eq!(segment_segment_3d(&a, &Segment::new([2.0; 3], [5.0, 1.0, 0.0])), SegmentContact::Touching);
/// ```
pub fn segment_segment_3d<T: Scalar>(a: &Segment<T>, b: &Segment<T>) -> SegmentContact {
    if !(finite_seg(a) && finite_seg(b)) {
        return SegmentContact::Disjoint;
    }
    contact_of(classify3([&a.a, &a.b, &b.a, &b.b]).0)
}

/// [`segment_segment_3d`] with the common points.
///
/// As for [`segment_segment_2d_intersection`]: end points and overlap ends are input
/// points as given (overlap ends in lexicographic order of the projected coordinates); a
/// crossing point is `a.a + t(a.b − a.a)` with `t` exact, each coordinate rounded once:
/// the nearest float, ties to even (exact for rationals).
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::{segment_segment_3d_intersection, SegmentIntersection};
/// use isect::Segment;
/// let a = Segment::new([0.0, 0.0, 0.0], [2.0, 2.0, 2.0]);
/// let b = Segment::new([0.0, 2.0, 0.0], [2.0, 0.0, 2.0]);
/// assert_eq!(segment_segment_3d_intersection(&a, &b), SegmentIntersection::Crossing([1.0; 3]));
/// ```
pub fn segment_segment_3d_intersection<T: Scalar>(
    a: &Segment<T>,
    b: &Segment<T>,
) -> SegmentIntersection<[T; 3]> {
    if !(finite_seg(a) && finite_seg(b)) {
        return SegmentIntersection::Disjoint;
    }
    let pts = [&a.a, &a.b, &b.a, &b.b];
    match classify3(pts) {
        (Raw::Disjoint, _) => SegmentIntersection::Disjoint,
        (Raw::TouchAt(i), _) => SegmentIntersection::Touching(pts[i].clone()),
        (Raw::Overlap(i, j), _) => {
            SegmentIntersection::CollinearOverlap(pts[i].clone(), pts[j].clone())
        }
        (Raw::Cross, k) => {
            let p = pts.map(|x| project(x, k));
            let proj = [&p[0], &p[1], &p[2], &p[3]];
            SegmentIntersection::Crossing(
                crossing_point_dd(proj, &a.a, &a.b)
                    .unwrap_or_else(|| point_at(&a.a, &a.b, &cross_param(proj))),
            )
        }
    }
}

/// [`segment_segment_3d`], refusing non-finite input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] with `what = "end point"` and `index` 0–3 naming `a.a`,
/// `a.b`, `b.a`, `b.b`. Point-like segments are valid.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::try_segment_segment_3d;
/// use isect::{GeometryError, Segment};
/// let a = Segment::new([0.0; 3], [1.0; 3]);
/// let b = Segment::new([0.0; 3], [f64::INFINITY, 0.0, 0.0]);
/// assert_eq!(try_segment_segment_3d(&a, &b), Err(GeometryError::NonFinite { what: "end point", index: 3, axis: 0 }));
/// ```
pub fn try_segment_segment_3d<T: Scalar>(
    a: &Segment<T>,
    b: &Segment<T>,
) -> Result<SegmentContact, GeometryError> {
    for (i, p) in [&a.a, &a.b, &b.a, &b.b].into_iter().enumerate() {
        check3("end point", i, p)?;
    }
    Ok(segment_segment_3d(a, b))
}

// ---------------------------------------------------------------------------------------
// Three planes
// ---------------------------------------------------------------------------------------

/// `det[n1, n2, n3]`.
struct Det3<'a, T>([&'a [T; 3]; 3]);

impl<T> Polynomial<T> for Det3<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let [a, b, c] = self.0.map(|v| [lift(&v[0]), lift(&v[1]), lift(&v[2])]);
        dot(&a, &cross(&b, &c))
    }
}

/// The single common point of three planes `nᵢ·x + dᵢ = 0` (RTR §22.16), or `None`.
///
/// The point exists iff `det[n₁, n₂, n₃] ≠ 0`, decided exactly ([`polynomial_sign`] of a
/// degree-3 polynomial); it is `x = −(d₁(n₂×n₃) + d₂(n₃×n₁) + d₃(n₁×n₂))/det`, computed
/// exactly and rounded once (exact for rationals; for floats each coordinate the nearest
/// float to the exact value, ties to even, `±∞` if it lies beyond the type's
/// range, as nearly parallel planes can make it).
///
/// Degenerate input, never a panic: `None` when the planes share a line, a plane, or
/// nothing (any two parallel, or the three normals coplanar), when a normal is zero, and
/// for NaN or infinite input ([`try_three_planes`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::three_planes;
/// use isect::Plane;
/// let x1 = Plane::new([1.0, 0.0, 0.0], -1.0); // x = 1
/// let y2 = Plane::new([0.0, 1.0, 0.0], -2.0); // y = 2
/// let z3 = Plane::new([0.0, 0.0, 2.0], -6.0); // z = 3
/// assert_eq!(three_planes(&x1, &y2, &z3), Some([1.0, 2.0, 3.0]));
/// let diag = Plane::new([1.0, 1.0, 0.0], 0.0); // normals now coplanar:
/// assert_eq!(three_planes(&x1, &y2, &diag), None);
/// ```
pub fn three_planes<T: Scalar>(p1: &Plane<T>, p2: &Plane<T>, p3: &Plane<T>) -> Option<[T; 3]> {
    let ps = [p1, p2, p3];
    if !ps
        .iter()
        .all(|p| finite3(&p.normal) && p.offset.is_finite())
    {
        return None;
    }
    if let Some(r) = three_planes_dd(ps) {
        return r;
    }
    if polynomial_sign::<T, _>(&Det3(ps.map(|p| &p.normal))) == Sign::Zero {
        return None;
    }
    let [n1, n2, n3] = ps.map(|p| q3(&p.normal));
    let [d1, d2, d3] = ps.map(|p| q(&p.offset));
    let det = dot(&n1, &cross(&n2, &n3));
    let (c1, c2, c3) = (cross(&n2, &n3), cross(&n3, &n1), cross(&n1, &n2));
    Some(core::array::from_fn(|k| {
        let num = &d1 * &c1[k] + &d2 * &c2[k] + &d3 * &c3[k];
        T::from_rational(&(-num / &det))
    }))
}

/// [`three_planes`] for float input in the window of `overlap::dd`: `Some(None)` when
/// `det[n₁, n₂, n₃]` is exactly zero (its exact sum of terms is empty), `Some(point)` with
/// each coordinate the nearest float (the same bits as the exact path), or `None` (the
/// caller decides and computes exactly). `det` and every numerator are sums of six
/// products of three inputs, twenty-four exact terms (`proofs/overlap_boxes.md` §6b).
fn three_planes_dd<T: Scalar>(ps: [&Plane<T>; 3]) -> Option<Option<[T; 3]>> {
    use super::dd::{
        det2, dot3, exact_expansion, floats_as, in_window, nearest_quotient, nearest_quotients,
        product3, Dd, Divisor,
    };
    if !crate::scalar::is_float::<T>() {
        return None;
    }
    let is_f32 = crate::scalar::is_f32::<T>();
    let n = ps.map(|p| p.normal.clone().map(|x| x.to_f64()));
    let d = ps.map(|p| p.offset.to_f64());
    if !n.iter().flatten().chain(&d).all(|&x| in_window(x)) {
        return None;
    }
    // Tier 1: rounded double-doubles with bounds relative to the terms (§6d): the three
    // cross products by `det2`, then `det` and the numerators by `dot3`.
    let cross = |a: &[f64; 3], b: &[f64; 3]| -> [Dd; 3] {
        core::array::from_fn(|k| {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            det2(a[i], 0.0, a[j], 0.0, b[i], b[j])
        })
    };
    let c = [
        cross(&n[1], &n[2]),
        cross(&n[2], &n[0]),
        cross(&n[0], &n[1]),
    ];
    if let Some(div) = Divisor::new(dot3(n[0], [&c[0][0], &c[0][1], &c[0][2]])) {
        let coord = |k: usize| {
            let num = dot3([-d[0], -d[1], -d[2]], [&c[0][k], &c[1][k], &c[2][k]]);
            nearest_quotient(&num, &div, is_f32)
        };
        if let (Some(x), Some(y), Some(z)) = (coord(0), coord(1), coord(2)) {
            return floats_as([x, y, z]).map(Some);
        }
    }
    // Tier 2: the exact sums of products of inputs (§6b).
    // (a×b)ₖ = a[k+1]·b[k+2] − a[k+2]·b[k+1], each product times c: eight terms.
    let cross_times = |a: &[f64; 3], b: &[f64; 3], k: usize, c: f64, out: &mut [f64]| {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        out[..4].copy_from_slice(&product3(a[i], b[j], c));
        out[4..8].copy_from_slice(&product3(-a[j], b[i], c));
    };
    // det = n₁·(n₂×n₃).
    let mut det = [0.0; 24];
    for k in 0..3 {
        cross_times(&n[1], &n[2], k, n[0][k], &mut det[8 * k..8 * k + 8]);
    }
    let nd = exact_expansion(&mut det);
    if nd == 0 {
        return Some(None);
    }
    // xₖ·det = −(d₁(n₂×n₃)ₖ + d₂(n₃×n₁)ₖ + d₃(n₁×n₂)ₖ).
    let num = |k: usize, buf: &mut [f64; 24]| {
        cross_times(&n[1], &n[2], k, -d[0], &mut buf[..8]);
        cross_times(&n[2], &n[0], k, -d[1], &mut buf[8..16]);
        cross_times(&n[0], &n[1], k, -d[2], &mut buf[16..]);
    };
    floats_as(nearest_quotients::<3, 24>(&det[..nd], num, is_f32)?).map(Some)
}

/// [`three_planes`], refusing non-finite input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what`: `"normal"` or `"offset"`, `index` 0–2 for the
/// plane). Planes without a single common point, zero normals included, are valid input:
/// `Ok(None)`.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::try_three_planes;
/// use isect::{GeometryError, Plane};
/// let p = Plane::new([1.0, 0.0, 0.0], 0.0);
/// let bad = Plane::new([0.0, 1.0, 0.0], f64::NAN);
/// assert_eq!(try_three_planes(&p, &p, &p), Ok(None));
/// assert_eq!(try_three_planes(&p, &bad, &p), Err(GeometryError::NonFinite { what: "offset", index: 1, axis: 0 }));
/// ```
pub fn try_three_planes<T: Scalar>(
    p1: &Plane<T>,
    p2: &Plane<T>,
    p3: &Plane<T>,
) -> Result<Option<[T; 3]>, GeometryError> {
    for (i, p) in [p1, p2, p3].into_iter().enumerate() {
        check3("normal", i, &p.normal)?;
        if !p.offset.is_finite() {
            return Err(GeometryError::NonFinite {
                what: "offset",
                index: i,
                axis: 0,
            });
        }
    }
    Ok(three_planes(p1, p2, p3))
}

// ---------------------------------------------------------------------------------------
// OBB/segment
// ---------------------------------------------------------------------------------------

/// A candidate separating axis `L`, as a polynomial of the generators `G₀..G₃`
/// (`Gᵢ = 2hᵢaᵢ`, `G₃ = b − a`).
#[derive(Clone, Copy, Debug)]
enum Axis {
    /// `Gᵢ × Gⱼ`.
    Cross(usize, usize),
    /// `(Gᵢ × Gⱼ) × Gₖ`.
    Cross2(usize, usize, usize),
    /// `Gᵢ × eₖ`.
    GenE(usize, usize),
    /// `Gᵢ`.
    Gen(usize),
    /// `eₖ`.
    E(usize),
}

/// The polynomials of the exact OBB/segment test.
#[derive(Clone, Copy, Debug)]
enum ObbSegQ {
    /// `L·v` with `v = Gᵢ` (`i < 4`) or `v = D = a + b − 2c` (`i = 4`).
    Dot(Axis, usize),
    /// `σ_D (L·D) − Σᵢ σᵢ (L·Gᵢ)`: positive iff `L` separates.
    Sep(Axis, [i8; 5]),
}

struct ObbSeg<'a, T> {
    b: &'a Obb<T>,
    s: &'a Segment<T>,
    q: ObbSegQ,
}

impl<T> Polynomial<T> for ObbSeg<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let l3 = |v: &[T; 3]| [lift(&v[0]), lift(&v[1]), lift(&v[2])];
        let (a, b, c) = (l3(&self.s.a), l3(&self.s.b), l3(&self.b.center));
        let g: [[R; 3]; 4] = core::array::from_fn(|i| {
            if i == 3 {
                core::array::from_fn(|k| b[k].clone() - a[k].clone())
            } else {
                let h = lift(&self.b.half_extents[i]);
                let h2 = h.clone() + h;
                let ax = l3(&self.b.axes[i]);
                ax.map(|x| h2.clone() * x)
            }
        });
        let d: [R; 3] =
            core::array::from_fn(|k| a[k].clone() + b[k].clone() - c[k].clone() - c[k].clone());
        let proj = |axis: Axis, v: &[R; 3]| -> R {
            match axis {
                Axis::Cross(i, j) => dot(&cross(&g[i], &g[j]), v),
                Axis::Cross2(i, j, k) => dot(&cross(&cross(&g[i], &g[j]), &g[k]), v),
                // (Gᵢ × eₖ)·v = eₖ·(v × Gᵢ).
                Axis::GenE(i, k) => cross(v, &g[i])[k].clone(),
                Axis::Gen(i) => dot(&g[i], v),
                Axis::E(k) => v[k].clone(),
            }
        };
        let vec = |i: usize| if i == 4 { &d } else { &g[i] };
        match self.q {
            ObbSegQ::Dot(axis, i) => proj(axis, vec(i)),
            ObbSegQ::Sep(axis, sigma) => {
                let mut acc = proj(axis, &d);
                if sigma[4] < 0 {
                    acc = -acc;
                }
                for (i, &s) in sigma[..4].iter().enumerate() {
                    match s {
                        1 => acc = acc - proj(axis, &g[i]),
                        -1 => acc = acc + proj(axis, &g[i]),
                        _ => {}
                    }
                }
                acc
            }
        }
    }
}

fn sign_i8(s: Sign) -> i8 {
    match s {
        Sign::Positive => 1,
        Sign::Negative => -1,
        Sign::Zero => 0,
    }
}

/// Whether `axis` separates, exactly.
fn separates<T: Scalar>(b: &Obb<T>, s: &Segment<T>, axis: Axis) -> bool {
    let sign = |q| polynomial_sign::<T, _>(&ObbSeg { b, s, q });
    let sd = sign(ObbSegQ::Dot(axis, 4));
    if sd == Sign::Zero {
        return false;
    }
    let mut sigma = [0i8; 5];
    sigma[4] = sign_i8(sd);
    for (i, si) in sigma[..4].iter_mut().enumerate() {
        *si = sign_i8(sign(ObbSegQ::Dot(axis, i)));
    }
    sign(ObbSegQ::Sep(axis, sigma)) == Sign::Positive
}

const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// Whether a closed segment meets the exact parallelepiped of an [`Obb`]
/// (`center + Σ sᵢaᵢ`, `|sᵢ| ≤ hᵢ`, axes as given: neither unit nor orthogonal needed).
///
/// The segment meets the box iff `D = a + b − 2·center` lies in the zonotope generated by
/// `Gᵢ = 2hᵢaᵢ` and `G₃ = b − a` (all scaled by 2, which changes no sign), i.e. iff no
/// axis `L` has `|L·D| > Σᵢ|L·Gᵢ|`. Candidate axes: the six `Gᵢ × Gⱼ` (complete when the
/// generators span space: a facet of a 3D zonotope is normal to two generators); if the
/// generators are coplanar (a flat box, or a segment in the plane of a flat box) also
/// `(Gᵢ × Gⱼ) × Gₖ` (the in-plane edge normals); if collinear or zero, also `Gᵢ × eₖ`,
/// `Gᵢ` and the coordinate axes. Every sign (the rank tests `det[Gᵢ, Gⱼ, Gₖ]`, each `L·Gᵢ`,
/// `L·D` and the separation margin, polynomials of degree up to 8) is exact via
/// [`polynomial_sign`], so the answer is exact for every finite input of every scalar
/// type, flat and degenerate boxes and point-like segments included. Cost for `f64`: the
/// six pair-cross axes are first tried in plain `f64` with a wide margin (a rounded axis
/// separates as well as an exact one; for "no axis separates" the axes' own rounding is
/// bounded too, and the box must be certainly solid with inputs in `[1e-30, 1e30]`),
/// which settles nearly every random pair (about 60 ns); touching, near-touching, flat
/// and extreme-range pairs take the exact path (about 40 polynomial signs, tens of
/// microseconds).
///
/// Degenerate input, never a panic: a negative half extent makes the box empty
/// (`false`), as does any NaN or infinite value ([`try_obb_segment`] reports them).
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::obb_segment;
/// use isect::{Obb, Segment};
/// // The unit cube rotated 45° about z (axes (1, 1, 0), (−1, 1, 0), half size 1/2):
/// // its corner is at (1, 0, 0).
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.5; 3]);
/// assert!(obb_segment(&b, &Segment::new([1.0, -1.0, 0.0], [1.0, 1.0, 0.0])));
/// let x = 1.0f64.next_up();
/// assert!(!obb_segment(&b, &Segment::new([x, -1.0, 0.0], [x, 1.0, 0.0])));
/// ```
pub fn obb_segment<T: Scalar>(b: &Obb<T>, s: &Segment<T>) -> bool {
    let ok = finite3(&b.center)
        && b.axes.iter().all(finite3)
        && finite3(&b.half_extents)
        && finite_seg(s);
    if !ok || b.half_extents.iter().any(|h| *h < T::zero()) {
        return false;
    }
    if let Some(answer) = obb_segment_f64(b, s) {
        return answer;
    }
    obb_segment_exact(b, s)
}

/// The answer when `f64` arithmetic settles it (for `f64`/`f32` input), from the shared
/// zonotope filter (proofs/overlap_boxes.md, section 3): `Some(false)` if a rounded
/// pair-cross axis certainly separates, `Some(true)` if the generators certainly span
/// space and no exact pair-cross axis can separate, else `None`.
///
/// Generators `gᵢ = fl(2hᵢ·aᵢ)` (one product each: error `u|gᵢ| + η`) and
/// `g₃ = fl(e − a)` (error `u(|e| + |a|)`); `d = fl(fl(a + e) − 2c)` (error
/// `γ₂(|a| + |e| + 2|c|)`).
#[inline]
fn obb_segment_f64<T: Scalar>(b: &Obb<T>, s: &Segment<T>) -> Option<bool> {
    use super::zonotope::{in_range, mul_is_exact, sub_is_exact, zonotope_contains, Rounded};
    let (Some(a), Some(e), Some(c), Some(h)) = (
        wide3(&s.a),
        wide3(&s.b),
        wide3(&b.center),
        wide3(&b.half_extents),
    ) else {
        return None;
    };
    let (Some(a0), Some(a1), Some(a2)) = (wide3(&b.axes[0]), wide3(&b.axes[1]), wide3(&b.axes[2]))
    else {
        return None;
    };
    let axes = [a0, a1, a2];
    let g: [[f64; 3]; 4] = core::array::from_fn(|i| {
        if i == 3 {
            core::array::from_fn(|k| e[k] - a[k])
        } else {
            axes[i].map(|x| 2.0 * h[i] * x)
        }
    });
    let mg: [[f64; 3]; 4] = core::array::from_fn(|i| {
        if i == 3 {
            core::array::from_fn(|k| e[k].abs() + a[k].abs())
        } else {
            g[i].map(f64::abs)
        }
    });
    let in_range = in_range(&[a, e, c, h, a0, a1, a2]);
    let exact_generators = in_range
        && (0..3).all(|k| sub_is_exact(e[k], a[k]))
        && (0..3).all(|i| axes[i].iter().all(|&x| mul_is_exact(2.0 * h[i], x)));
    zonotope_contains(&Rounded {
        d: core::array::from_fn(|k| a[k] + e[k] - 2.0 * c[k]),
        md: core::array::from_fn(|k| a[k].abs() + e[k].abs() + 2.0 * c[k].abs()),
        g,
        mg,
        in_range,
        exact_generators,
    })
}

#[cold]
#[inline(never)]
fn obb_segment_exact<T: Scalar>(b: &Obb<T>, s: &Segment<T>) -> bool {
    if PAIRS
        .iter()
        .any(|&(i, j)| separates(b, s, Axis::Cross(i, j)))
    {
        return false;
    }
    let solid = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
        .iter()
        .any(|&(i, j, k)| {
            polynomial_sign::<T, _>(&ObbSeg {
                b,
                s,
                q: ObbSegQ::Dot(Axis::Cross(i, j), k),
            }) != Sign::Zero
        });
    if solid {
        return true;
    }
    let mut rest = PAIRS
        .iter()
        .flat_map(|&(i, j)| (0..4).map(move |k| Axis::Cross2(i, j, k)))
        .chain((0..4).flat_map(|i| (0..3).map(move |k| Axis::GenE(i, k))))
        .chain((0..4).map(Axis::Gen))
        .chain((0..3).map(Axis::E));
    !rest.any(|axis| separates(b, s, axis))
}

/// [`obb_segment`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what`: `"box center"`, `"axis"` with `index` the axis,
/// `"half extents"`, `"end point"` with `index` 0 or 1), then
/// [`GeometryError::InvertedBox`] for a negative half extent (`axis` is the box axis).
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::try_obb_segment;
/// use isect::{GeometryError, Obb, Segment};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let s = Segment::new([0.0; 3], [5.0; 3]);
/// assert_eq!(try_obb_segment(&Obb::new([0.0; 3], id, [1.0; 3]), &s), Ok(true));
/// assert_eq!(
///     try_obb_segment(&Obb::new([0.0; 3], id, [1.0, 1.0, -1.0]), &s),
///     Err(GeometryError::InvertedBox { axis: 2 })
/// );
/// ```
pub fn try_obb_segment<T: Scalar>(b: &Obb<T>, s: &Segment<T>) -> Result<bool, GeometryError> {
    check3("box center", 0, &b.center)?;
    for (i, a) in b.axes.iter().enumerate() {
        check3("axis", i, a)?;
    }
    check3("half extents", 0, &b.half_extents)?;
    check3("end point", 0, &s.a)?;
    check3("end point", 1, &s.b)?;
    if let Some(axis) = b.half_extents.iter().position(|h| *h < T::zero()) {
        return Err(GeometryError::InvertedBox { axis });
    }
    Ok(obb_segment(b, s))
}

/// The classic OBB/segment separating-axis test (as in Gottschalk's and Ericson's
/// formulations), computed in `T` and decided under `policy`; it **assumes orthonormal
/// axes**.
///
/// With `m = (a + b)/2 − center`, `w = (b − a)/2`, `dᵢ = m·aᵢ`, `wᵢ = w·aᵢ`: separated
/// if `|dᵢ| − (hᵢ + |wᵢ|)` is `Positive` under `policy` for some `i`, or
/// `|dⱼwₖ − dₖwⱼ| − (hⱼ|wₖ| + hₖ|wⱼ|)` for some pair `j < k`; scale: the sum of the
/// absolute values of the terms. For orthonormal axes and exact arithmetic this equals
/// [`obb_segment`]; in floats it **rounds** (touching cases can be misjudged) and for
/// non-orthonormal axes it answers a different question. No validation; NaN gives an
/// arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::lines::obb_segment_with;
/// use isect::policy::Naive;
/// use isect::{Obb, Segment};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert!(obb_segment_with(Naive, &b, &Segment::new([0.5, 0.5, 3.0], [0.5, 0.5, -3.0])));
/// assert!(!obb_segment_with(Naive, &b, &Segment::new([3.0, 0.0, 0.0], [0.0, 3.0, 0.0])));
/// ```
pub fn obb_segment_with<T: Scalar, P: Policy<T>>(policy: P, b: &Obb<T>, s: &Segment<T>) -> bool {
    let two = T::one() + T::one();
    let m: [T; 3] = core::array::from_fn(|k| (s.a[k].clone() + &s.b[k]) / &two - &b.center[k]);
    let w: [T; 3] = core::array::from_fn(|k| (s.b[k].clone() - &s.a[k]) / &two);
    let dotv =
        |u: &[T; 3], v: &[T; 3]| u[0].clone() * &v[0] + u[1].clone() * &v[1] + u[2].clone() * &v[2];
    let d: [T; 3] = core::array::from_fn(|i| dotv(&m, &b.axes[i]));
    let wi: [T; 3] = core::array::from_fn(|i| dotv(&w, &b.axes[i]));
    let h = &b.half_extents;
    let sep = |lhs: T, rhs: T| {
        let scale = abs(lhs.clone()) + abs(rhs.clone());
        policy.sign(&(lhs - rhs), &scale) == Sign::Positive
    };
    for i in 0..3 {
        if sep(abs(d[i].clone()), h[i].clone() + abs(wi[i].clone())) {
            return false;
        }
    }
    for (j, k) in [(0, 1), (0, 2), (1, 2)] {
        let lhs = abs(d[j].clone() * &wi[k] - d[k].clone() * &wi[j]);
        let rhs = h[j].clone() * abs(wi[k].clone()) + h[k].clone() * abs(wi[j].clone());
        if sep(lhs, rhs) {
            return false;
        }
    }
    true
}
