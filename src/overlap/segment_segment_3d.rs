//! 3D segments (Real-Time Rendering, 4th ed., section 22.15.2): coplanarity by
//! [`orient3d`], then the 2D classification in a coordinate projection that is one-to-one
//! on the segments' common plane (or line).

use crate::geometry::Segment;
use crate::{InputError, Scalar, Sign, Validate, orient2d, orient3d};

use super::bounded::Bounded;
use super::filter::finite3;
use super::segment_segment_2d::{
    Raw, SegmentContact, SegmentIntersection, assemble, classify2, contact_of, crossing_point,
    crossing_point_bounded, exact_point,
};
use super::tri_tri_degenerate::drop_axis as project;

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
/// lines and interiors, so
/// [`segment_segment_2d`](fn@crate::overlap::segment_segment_2d)'s classification of the
/// projection is the answer. Exact for every finite input of every scalar type.
///
/// Degenerate input, never a panic: point-like segments are points; NaN or infinite
/// coordinates give [`Disjoint`](SegmentContact::Disjoint) ([`try_segment_segment_3d`]
/// reports them).
///
/// # Examples
///
/// ```
/// use isect::overlap::{segment_segment_3d, SegmentContact};
/// use isect::Segment;
/// let a = Segment::new([0.0, 0.0, 0.0], [2.0, 2.0, 2.0]);
/// let b = Segment::new([0.0, 2.0, 0.0], [2.0, 0.0, 2.0]);
/// assert_eq!(segment_segment_3d(&a, &b), SegmentContact::Crossing);
/// // Lifted by one ulp out of the common plane:
/// let up = 2.0f64.next_up();
/// let b = Segment::new([0.0, 2.0, 0.0], [2.0, 0.0, up]);
/// assert_eq!(segment_segment_3d(&a, &b), SegmentContact::Disjoint);
/// let b = Segment::new([2.0; 3], [5.0, 1.0, 0.0]);
/// assert_eq!(segment_segment_3d(&a, &b), SegmentContact::Touching);
/// ```
pub fn segment_segment_3d<T: Scalar>(a: &Segment<T>, b: &Segment<T>) -> SegmentContact {
    if !(finite_seg(a) && finite_seg(b)) {
        return SegmentContact::Disjoint;
    }
    contact_of(classify3([&a.a, &a.b, &b.a, &b.b]).0)
}

/// Whether two closed 3D segments share a point (touching counts): exactly
/// `segment_segment_3d(a, b).intersects()`.
///
/// Exact for every finite input; `false` for a NaN or infinite coordinate
/// ([`try_segment_segment_3d_intersect`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::segment_segment_3d_intersect;
/// use isect::Segment;
/// let a = Segment::new([0.0, 0.0, 0.0], [2.0, 2.0, 2.0]);
/// assert!(segment_segment_3d_intersect(&a, &Segment::new([0.0, 2.0, 0.0], [2.0, 0.0, 2.0])));
/// assert!(!segment_segment_3d_intersect(&a, &Segment::new([0.0, 2.0, 0.0], [2.0, 0.0, 3.0])));
/// ```
pub fn segment_segment_3d_intersect<T: Scalar>(a: &Segment<T>, b: &Segment<T>) -> bool {
    segment_segment_3d(a, b).intersects()
}

/// [`segment_segment_3d`] with the common points.
///
/// As for [`segment_segment_2d_intersection`](crate::overlap::segment_segment_2d_intersection):
/// end points and overlap ends are input points as given (overlap ends in lexicographic
/// order of the projected coordinates); a crossing point is `a.a + t(a.b − a.a)` with `t`
/// exact, each coordinate rounded once: the nearest float, ties to even (exact for
/// rationals; see [`SegmentIntersection`](SegmentIntersection#rounding)).
///
/// # Examples
///
/// ```
/// use isect::overlap::{segment_segment_3d_intersection, SegmentIntersection};
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
    let (raw, k) = classify3(pts);
    assemble(raw, pts, Clone::clone, || {
        let p = pts.map(|x| project(x, k));
        crossing_point([&p[0], &p[1], &p[2], &p[3]], &a.a, &a.b)
    })
}

/// [`segment_segment_3d_intersection`] with a certified error bound on each coordinate
/// of a crossing point instead of correct rounding: the same decision, cheaper
/// construction.
///
/// The classification is exactly [`segment_segment_3d`]'s; touching points and overlap
/// ends are input points with `error` 0. A crossing point `a.a + t(a.b − a.a)` (`t` from
/// the coordinate projection the decision used) has each coordinate as a [`Bounded`],
/// as in [`segment_segment_2d_intersection_bounded`](crate::overlap::segment_segment_2d_intersection_bounded):
/// exact for rationals; for `f32`/`f64` the `f64` formula with a running error bound
/// (`proofs/bounded_constructions.md` §3), else the correctly rounded point with half an
/// ulp as the bound; either way `error ≤ 2^-40·|value| + ulp(value)`.
///
/// # Examples
///
/// ```
/// use isect::overlap::{segment_segment_3d_intersection_bounded, SegmentIntersection};
/// use isect::Segment;
/// let a = Segment::new([0.0f64, 0.0, 0.0], [3.0, 3.0, 3.0]);
/// let b = Segment::new([0.0, 2.0, 0.0], [2.0, 0.0, 2.0]);
/// let SegmentIntersection::Crossing(p) = segment_segment_3d_intersection_bounded(&a, &b) else {
///     panic!()
/// };
/// for c in p {
///     assert!((c.value - 1.0).abs() <= c.error && c.error <= 1e-12);
/// }
/// ```
pub fn segment_segment_3d_intersection_bounded<T: Scalar>(
    a: &Segment<T>,
    b: &Segment<T>,
) -> SegmentIntersection<[Bounded<T>; 3]> {
    if !(finite_seg(a) && finite_seg(b)) {
        return SegmentIntersection::Disjoint;
    }
    let pts = [&a.a, &a.b, &b.a, &b.b];
    let (raw, k) = classify3(pts);
    assemble(raw, pts, exact_point, || {
        let p = pts.map(|x| project(x, k));
        crossing_point_bounded([&p[0], &p[1], &p[2], &p[3]], &a.a, &a.b)
    })
}

/// [`segment_segment_3d`] after validating both segments.
///
/// # Errors
///
/// [`InputError::NonFinite`] for the first NaN or infinite coordinate (`argument` 0 for
/// `a`, 1 for `b`; `what: "vertex"`, `index` 0 for the segment's `a` end, 1 for its `b`
/// end). Point-like segments are valid.
///
/// # Examples
///
/// ```
/// use isect::overlap::try_segment_segment_3d;
/// use isect::{InputError, NonFiniteValue, Segment};
/// let a = Segment::new([0.0; 3], [1.0; 3]);
/// let b = Segment::new([0.0; 3], [f64::INFINITY, 0.0, 0.0]);
/// assert_eq!(
///     try_segment_segment_3d(&a, &b),
///     Err(InputError::NonFinite {
///         argument: 1,
///         what: "vertex",
///         index: Some(1),
///         axis: Some(0),
///         value: NonFiniteValue::PosInfinity,
///     })
/// );
/// ```
pub fn try_segment_segment_3d<T: Scalar>(
    a: &Segment<T>,
    b: &Segment<T>,
) -> Result<SegmentContact, InputError> {
    a.validate(0)?;
    b.validate(1)?;
    Ok(segment_segment_3d(a, b))
}

/// [`segment_segment_3d_intersect`] after validating both segments.
///
/// # Errors
///
/// As [`try_segment_segment_3d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_segment_segment_3d_intersect;
/// use isect::Segment;
/// let a = Segment::new([0.0; 3], [1.0; 3]);
/// assert_eq!(try_segment_segment_3d_intersect(&a, &Segment::new([1.0; 3], [2.0; 3])), Ok(true));
/// assert!(try_segment_segment_3d_intersect(&a, &Segment::new([f64::NAN; 3], [0.0; 3])).is_err());
/// ```
pub fn try_segment_segment_3d_intersect<T: Scalar>(
    a: &Segment<T>,
    b: &Segment<T>,
) -> Result<bool, InputError> {
    a.validate(0)?;
    b.validate(1)?;
    Ok(segment_segment_3d_intersect(a, b))
}

/// [`segment_segment_3d_intersection`] after validating both segments.
///
/// # Errors
///
/// As [`try_segment_segment_3d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_segment_segment_3d_intersection, SegmentIntersection};
/// use isect::Segment;
/// let a = Segment::new([0.0; 3], [2.0; 3]);
/// let b = Segment::new([1.0; 3], [5.0; 3]);
/// assert_eq!(
///     try_segment_segment_3d_intersection(&a, &b),
///     Ok(SegmentIntersection::CollinearOverlap([1.0; 3], [2.0; 3]))
/// );
/// ```
pub fn try_segment_segment_3d_intersection<T: Scalar>(
    a: &Segment<T>,
    b: &Segment<T>,
) -> Result<SegmentIntersection<[T; 3]>, InputError> {
    a.validate(0)?;
    b.validate(1)?;
    Ok(segment_segment_3d_intersection(a, b))
}

/// [`segment_segment_3d_intersection_bounded`] after validating both segments.
///
/// # Errors
///
/// As [`try_segment_segment_3d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_segment_segment_3d_intersection_bounded, SegmentIntersection};
/// use isect::Segment;
/// let a = Segment::new([0.0; 3], [2.0; 3]);
/// let r = try_segment_segment_3d_intersection_bounded(&a, &Segment::new([2.0; 3], [3.0; 3]));
/// assert!(matches!(r, Ok(SegmentIntersection::Touching(_))));
/// let bad = Segment::new([f64::NAN; 3], [0.0; 3]);
/// assert!(try_segment_segment_3d_intersection_bounded(&a, &bad).is_err());
/// ```
#[allow(clippy::type_complexity)]
pub fn try_segment_segment_3d_intersection_bounded<T: Scalar>(
    a: &Segment<T>,
    b: &Segment<T>,
) -> Result<SegmentIntersection<[Bounded<T>; 3]>, InputError> {
    a.validate(0)?;
    b.validate(1)?;
    Ok(segment_segment_3d_intersection_bounded(a, b))
}
