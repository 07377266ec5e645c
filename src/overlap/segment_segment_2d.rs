//! 2D segments (Real-Time Rendering, 4th ed., section 22.15.1): the exact contact
//! [`segment_segment_2d`] and its common points [`segment_segment_2d_intersection`], with
//! the classification and the crossing-point construction that the 3D segments share.

use num_rational::BigRational;

use super::bounded::{Bounded, crossing_point_f64, exact, rounded, segment_crossing_f64};
use crate::scalar::{as_f64_array, float_array_from_f64, is_f32};
use crate::{InputError, Scalar, Sign, Validate, orient2d};

// ---------------------------------------------------------------------------------------
// Result types
// ---------------------------------------------------------------------------------------

/// How two closed segments meet, from [`segment_segment_2d`] and
/// [`segment_segment_3d`](fn@crate::overlap::segment_segment_3d).
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
/// use isect::overlap::{segment_segment_2d, SegmentContact};
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
    /// use isect::overlap::SegmentContact;
    /// assert!(SegmentContact::Touching.intersects());
    /// assert!(!SegmentContact::Disjoint.intersects());
    /// ```
    #[inline]
    pub fn intersects(self) -> bool {
        self != SegmentContact::Disjoint
    }
}

/// The common points of two closed segments, with `P` the point type (`[T; 2]` or
/// `[T; 3]`), from [`segment_segment_2d_intersection`] and
/// [`segment_segment_3d_intersection`](crate::overlap::segment_segment_3d_intersection).
///
/// `Touching` and `Crossing` carry the single common point; `CollinearOverlap` carries
/// the end points of the shared sub-segment, which are always input end points, in
/// lexicographic order of their (projected) coordinates.
///
/// # Rounding
///
/// An end point that is itself the answer is returned as given, bit for bit. A crossing
/// point is `p0 + t(p1 − p0)` with `t` exact, each coordinate rounded once: **exact** for
/// rational scalars; for `f32`/`f64` the float nearest to the exact value, ties to even
/// (it lies in the inputs' bounding box, so it never overflows). For float input whose
/// values are zero or of magnitude in `[2^-240, 2^240]` it is computed in double-double
/// from exact sums of products, with a certificate that the result is the nearest float
/// (the same bits as the exact path; `proofs/overlap_boxes.md` §6a–6e); otherwise in
/// exact rational arithmetic.
///
/// # Examples
///
/// ```
/// use isect::overlap::{segment_segment_2d_intersection, SegmentContact, SegmentIntersection};
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
    /// use isect::overlap::{SegmentContact, SegmentIntersection};
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
pub(super) enum Raw {
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
pub(super) fn classify2<T: Scalar>(pts: [&[T; 2]; 4]) -> Raw {
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

pub(super) fn contact_of(raw: Raw) -> SegmentContact {
    match raw {
        Raw::Disjoint => SegmentContact::Disjoint,
        Raw::TouchAt(_) => SegmentContact::Touching,
        Raw::Cross => SegmentContact::Crossing,
        Raw::Overlap(..) => SegmentContact::CollinearOverlap,
    }
}
/// `u − v` for 2D points.
#[inline(always)]
pub(super) fn sub2<T: Scalar>(u: &[T; 2], v: &[T; 2]) -> [T; 2] {
    [u[0].clone() - &v[0], u[1].clone() - &v[1]]
}

/// `x` as an exact rational (zero for a non-finite value, which the callers exclude).
pub(super) fn rational<T: Scalar>(x: &T) -> BigRational {
    x.to_rational().unwrap_or_default()
}

fn finite2<T: Scalar>(p: &[T; 2]) -> bool {
    p[0].is_finite() && p[1].is_finite()
}

/// The parameter `t` of the crossing point `p0 + t(p1 − p0)` of two non-parallel 2D
/// lines, exactly.
pub(super) fn cross_param<T: Scalar>(pts: [&[T; 2]; 4]) -> BigRational {
    let [p0, p1, q0, q1] = pts.map(|p| p.each_ref().map(rational));
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
pub(super) fn crossing_point_dd<T: Scalar, const N: usize>(
    proj: [&[T; 2]; 4],
    a0: &[T; N],
    a1: &[T; N],
) -> Option<[T; N]> {
    use super::dd::{
        Divisor, affine2, det2x, exact_expansion, in_window, nearest_quotient, nearest_quotients,
        product3,
    };
    use crate::predicates::{two_diff, two_product};
    // The exact f64 views of the inputs: `None` (the exact path) for non-float types.
    let [p0, p1, q0, q1] = super::filter::points2_as_f64(proj)?;
    let (c0, c1) = (as_f64_array(a0)?, as_f64_array(a1)?);
    let is_f32 = is_f32::<T>();
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
        return float_array_from_f64(x);
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
    float_array_from_f64(nearest_quotients::<N, 48>(&den[..nd], num, is_f32)?)
}

/// The crossing point `a0 + t(a1 − a0)` of two segments whose lines cross in one point,
/// `t` from the points `proj` (see [`crossing_point_dd`]), each coordinate correctly
/// rounded.
pub(super) fn crossing_point<T: Scalar, const N: usize>(
    proj: [&[T; 2]; 4],
    a0: &[T; N],
    a1: &[T; N],
) -> [T; N] {
    crossing_point_dd(proj, a0, a1).unwrap_or_else(|| point_at(a0, a1, &cross_param(proj)))
}

/// [`crossing_point`] with a certified error bound per coordinate: the `f64` kernel of
/// `overlap::bounded`, else the correctly rounded point.
pub(super) fn crossing_point_bounded<T: Scalar, const N: usize>(
    proj: [&[T; 2]; 4],
    a0: &[T; N],
    a1: &[T; N],
) -> [Bounded<T>; N] {
    crossing_point_f64(proj, a0, a1).unwrap_or_else(|| crossing_point_rounded(proj, a0, a1))
}

#[cold]
fn crossing_point_rounded<T: Scalar, const N: usize>(
    proj: [&[T; 2]; 4],
    a0: &[T; N],
    a1: &[T; N],
) -> [Bounded<T>; N] {
    crossing_point(proj, a0, a1).map(rounded)
}

/// The common points of a decided contact `raw` of the segments `pts[0]pts[1]` and
/// `pts[2]pts[3]`: `point` hands an input end point back, `cross` constructs the
/// crossing point.
pub(super) fn assemble<Q, P>(
    raw: Raw,
    pts: [&Q; 4],
    point: impl Fn(&Q) -> P,
    cross: impl FnOnce() -> P,
) -> SegmentIntersection<P> {
    match raw {
        Raw::Disjoint => SegmentIntersection::Disjoint,
        Raw::TouchAt(i) => SegmentIntersection::Touching(point(pts[i])),
        Raw::Overlap(i, j) => SegmentIntersection::CollinearOverlap(point(pts[i]), point(pts[j])),
        Raw::Cross => SegmentIntersection::Crossing(cross()),
    }
}

/// An input point with zero error bounds.
pub(super) fn exact_point<T: Scalar, const N: usize>(p: &[T; N]) -> [Bounded<T>; N] {
    p.clone().map(exact)
}

/// `p0 + t(p1 − p0)` rounded to `T`, for points of any dimension.
pub(super) fn point_at<T: Scalar, const N: usize>(
    p0: &[T; N],
    p1: &[T; N],
    t: &BigRational,
) -> [T; N] {
    core::array::from_fn(|k| {
        let a = rational(&p0[k]);
        let b = rational(&p1[k]);
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
/// use isect::overlap::{segment_segment_2d, SegmentContact};
/// let (p0, p1) = ([0.0, 0.0], [1.0, 1.0]);
/// // (0.2, 0.2) lies on the segment from (0.1, 0.1) to (0.3, 0.3): an endpoint touches.
/// assert_eq!(
///     segment_segment_2d(&[0.1, 0.1], &[0.3, 0.3], &[0.2, 0.2], &[0.2, 1.0]),
///     SegmentContact::Touching
/// );
/// assert_eq!(segment_segment_2d(&p0, &p1, &[1.0, 1.0], &[2.0, 0.0]), SegmentContact::Touching);
/// assert_eq!(
///     segment_segment_2d(&p0, &p1, &[0.5, 0.5], &[3.0, 3.0]),
///     SegmentContact::CollinearOverlap
/// );
/// assert_eq!(
///     segment_segment_2d(&p0, &p1, &[1.0, 1.0f64.next_up()], &[2.0, 2.0]),
///     SegmentContact::Disjoint
/// );
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

/// Whether the closed 2D segments `p0p1` and `q0q1` share a point (touching counts):
/// exactly `segment_segment_2d(p0, p1, q0, q1).intersects()`.
///
/// Exact for every finite input; `false` for a NaN or infinite coordinate
/// ([`try_segment_segment_2d_intersect`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::segment_segment_2d_intersect;
/// assert!(segment_segment_2d_intersect(&[0.0, 0.0], &[2.0, 2.0], &[2.0, 2.0], &[3.0, 0.0]));
/// assert!(!segment_segment_2d_intersect(&[0.0, 0.0], &[2.0, 2.0], &[3.0, 3.0], &[4.0, 0.0]));
/// ```
pub fn segment_segment_2d_intersect<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> bool {
    segment_segment_2d(p0, p1, q0, q1).intersects()
}

/// [`segment_segment_2d`] with the common points.
///
/// The classification is [`segment_segment_2d`]'s. A touching point that is an input end
/// point, and the ends of a collinear overlap, are input points returned as given; a
/// crossing point is `p0 + t(p1 − p0)` with `t` exact, each coordinate rounded once: the
/// nearest float, ties to even (exact for rationals; see
/// [`SegmentIntersection`](SegmentIntersection#rounding)). Non-finite input gives
/// [`Disjoint`](SegmentIntersection::Disjoint), never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::{segment_segment_2d_intersection, SegmentIntersection};
/// use num_rational::BigRational;
/// let r = segment_segment_2d_intersection(&[0.0, 0.0], &[3.0, 3.0], &[0.0, 1.0], &[1.0, 0.0]);
/// assert_eq!(r, SegmentIntersection::Crossing([0.5, 0.5]));
/// // Rationals: exact. The lines y = x and y = 1 − 2x meet at (1/3, 1/3).
/// let q = |n: i64| BigRational::from_integer(n.into());
/// let (p0, p1) = ([q(0), q(0)], [q(1), q(1)]);
/// let r = segment_segment_2d_intersection(&p0, &p1, &[q(0), q(1)], &[q(1), q(-1)]);
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
    assemble(classify2(pts), pts, Clone::clone, || {
        crossing_point(pts, p0, p1)
    })
}

/// [`segment_segment_2d_intersection`] with a certified error bound on each coordinate
/// of a crossing point instead of correct rounding: the same decision, cheaper
/// construction.
///
/// The classification is exactly [`segment_segment_2d`]'s. Touching points and overlap
/// ends are input points, returned as given with `error` 0. A crossing point
/// `p0 + t(p1 − p0)` has each coordinate as a [`Bounded`]: the exact coordinate lies
/// within `error` of `value`. Exact (`error` 0) for rationals. For `f32`/`f64`, the
/// four orientations are first evaluated in `f64` from three cross products with
/// certified signs; when they certify a crossing, `t = o₃/(o₃ − o₄)` (the orientations
/// of `p0` and `p1` against `q0q1`, of opposite signs, so the denominator does not
/// cancel) and the point are evaluated in `f64` with a running error bound
/// (`proofs/bounded_constructions.md` §3) and kept when every bound is below `2^-40` of
/// its value. Otherwise the exact classification decides, and a crossing point that the
/// `f64` formula does not certify (nearly parallel segments, a crossing within about
/// `2^-30` of an end point, a coordinate that cancels, extreme magnitudes) has
/// [`segment_segment_2d_intersection`]'s correctly rounded coordinates with half an ulp
/// as the bound. Either way `error ≤ 2^-40·|value| + ulp(value)`. Non-finite input
/// gives [`Disjoint`](SegmentIntersection::Disjoint).
///
/// # Examples
///
/// ```
/// use isect::overlap::{segment_segment_2d_intersection_bounded, SegmentIntersection};
/// let r = segment_segment_2d_intersection_bounded(
///     &[0.0f64, 0.0], &[3.0, 3.0], &[0.0, 1.0], &[1.0, 0.0],
/// );
/// let SegmentIntersection::Crossing(p) = r else { panic!() };
/// for c in p {
///     assert!((c.value - 0.5).abs() <= c.error && c.error <= 1e-12);
/// }
/// // An end point on the other segment is returned as given, exactly.
/// let r = segment_segment_2d_intersection_bounded(
///     &[0.0, 0.0], &[2.0, 2.0], &[1.0, 1.0], &[1.0, 5.0],
/// );
/// let SegmentIntersection::Touching(p) = r else { panic!() };
/// assert_eq!((p[0].value, p[0].error, p[1].value, p[1].error), (1.0, 0.0, 1.0, 0.0));
/// ```
#[inline]
pub fn segment_segment_2d_intersection_bounded<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> SegmentIntersection<[Bounded<T>; 2]> {
    match segment_crossing_f64([p0, p1, q0, q1]) {
        Some(x) => SegmentIntersection::Crossing(x),
        None => segment_segment_2d_intersection_classified(p0, p1, q0, q1),
    }
}

/// [`segment_segment_2d_intersection_bounded`] after the exact classification (out of
/// line: the end points pass in registers, the caller's fast path stays small).
#[inline(never)]
fn segment_segment_2d_intersection_classified<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> SegmentIntersection<[Bounded<T>; 2]> {
    let pts = [p0, p1, q0, q1];
    if !pts.iter().all(|p| finite2(p)) {
        return SegmentIntersection::Disjoint;
    }
    assemble(classify2(pts), pts, exact_point, || {
        crossing_point_bounded(pts, pts[0], pts[1])
    })
}

/// Validates points passed as separate arguments, numbered from 0.
pub(super) fn validate_points<T: Scalar, const N: usize>(
    pts: &[&[T; N]],
) -> Result<(), InputError> {
    for (argument, p) in pts.iter().enumerate() {
        p.validate(argument)?;
    }
    Ok(())
}

/// [`segment_segment_2d`] after validating the end points.
///
/// # Errors
///
/// [`InputError::NonFinite`] for the first NaN or infinite coordinate, `argument` 0–3
/// naming `p0`, `p1`, `q0`, `q1` (`what: "point"`). Point-like segments are valid.
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_segment_segment_2d, SegmentContact};
/// use isect::{InputError, NonFiniteValue};
/// let o = [0.0, 0.0];
/// assert_eq!(try_segment_segment_2d(&o, &o, &o, &[1.0, 0.0]), Ok(SegmentContact::Touching));
/// assert_eq!(
///     try_segment_segment_2d(&o, &[1.0, 0.0], &[0.0, f64::NAN], &[1.0, 0.0]),
///     Err(InputError::NonFinite {
///         argument: 2,
///         what: "point",
///         index: None,
///         axis: Some(1),
///         value: NonFiniteValue::NaN,
///     })
/// );
/// ```
pub fn try_segment_segment_2d<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> Result<SegmentContact, InputError> {
    validate_points(&[p0, p1, q0, q1])?;
    Ok(segment_segment_2d(p0, p1, q0, q1))
}

/// [`segment_segment_2d_intersect`] after validating the end points.
///
/// # Errors
///
/// As [`try_segment_segment_2d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_segment_segment_2d_intersect;
/// let o = [0.0, 0.0];
/// let r = try_segment_segment_2d_intersect(&o, &[1.0, 1.0], &[1.0, 0.0], &[0.0, 1.0]);
/// assert_eq!(r, Ok(true));
/// assert!(try_segment_segment_2d_intersect(&o, &o, &o, &[f64::INFINITY, 0.0]).is_err());
/// ```
pub fn try_segment_segment_2d_intersect<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> Result<bool, InputError> {
    validate_points(&[p0, p1, q0, q1])?;
    Ok(segment_segment_2d_intersect(p0, p1, q0, q1))
}

/// [`segment_segment_2d_intersection`] after validating the end points.
///
/// # Errors
///
/// As [`try_segment_segment_2d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_segment_segment_2d_intersection, SegmentIntersection};
/// let r = try_segment_segment_2d_intersection(&[0.0, 0.0], &[2.0, 2.0], &[0.0, 2.0], &[2.0, 0.0]);
/// assert_eq!(r, Ok(SegmentIntersection::Crossing([1.0, 1.0])));
/// let (nan, o) = ([f64::NAN; 2], [0.0; 2]);
/// assert!(try_segment_segment_2d_intersection(&nan, &o, &o, &o).is_err());
/// ```
pub fn try_segment_segment_2d_intersection<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> Result<SegmentIntersection<[T; 2]>, InputError> {
    validate_points(&[p0, p1, q0, q1])?;
    Ok(segment_segment_2d_intersection(p0, p1, q0, q1))
}

/// [`segment_segment_2d_intersection_bounded`] after validating the end points.
///
/// # Errors
///
/// As [`try_segment_segment_2d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_segment_segment_2d_intersection_bounded, SegmentIntersection};
/// let (o, x) = ([0.0, 0.0], [1.0, 0.0]);
/// let r = try_segment_segment_2d_intersection_bounded(&o, &x, &[0.5, 1.0], &[0.5, -1.0]);
/// assert!(matches!(r, Ok(SegmentIntersection::Crossing(_))));
/// assert!(try_segment_segment_2d_intersection_bounded(&o, &x, &o, &[f64::NAN, 0.0]).is_err());
/// ```
pub fn try_segment_segment_2d_intersection_bounded<T: Scalar>(
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> Result<SegmentIntersection<[Bounded<T>; 2]>, InputError> {
    validate_points(&[p0, p1, q0, q1])?;
    Ok(segment_segment_2d_intersection_bounded(p0, p1, q0, q1))
}
