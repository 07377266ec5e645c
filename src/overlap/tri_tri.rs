//! Triangle/triangle overlap (Real-Time Rendering, 4th ed., section 22.11), decided exactly.
//!
//! * [`tri_tri`] classifies a pair of closed triangles ([`TriTri`]: disjoint, touching,
//!   crossing, coplanar overlap) and [`tri_tri_intersect`] answers only "do they share a
//!   point", a little faster. Both follow Guigue and Devillers ("Fast and robust
//!   triangle-triangle overlap test using orientation predicates", JGT 8(1), 2003): every
//!   branch is the exact sign of an orientation determinant of **input points**
//!   ([`orient3d`], and [`orient2d`] on a coordinate projection in the coplanar case). No
//!   branch reads a rounded construction, so the answer is the one exact arithmetic on
//!   the given numbers would give, for `f32`, `f64` and rationals alike.
//! * [`tri_tri_intersection`] constructs the intersection (a point or a segment; the
//!   vertices of the common polygon for coplanar overlap): exact for rationals, rounded
//!   with a documented bound for floats, and always of the shape the exact classification
//!   says.
//! * [`tri_tri_moller_with`] is Möller's interval-overlap test ("A fast triangle-triangle
//!   intersection test", JGT 2(2), 1997) in its classic floating-point form with its side
//!   tests under a [`Policy`], kept for comparison: it is **not** exact.
//!
//! The argument that each branch is exact and that the classification is complete is in
//! `proofs/tri_tri.md`.
//!
//! # Conventions
//!
//! Triangles are closed: boundary included. A triangle is given as three points
//! `[T; 3]` (see [`TriangleRef`]: arrays `[[T; 3]; 3]` and [`Triangle`] by value or by
//! reference). Vertex order (orientation) never changes an answer, and neither does
//! swapping the two triangles.
//!
//! # Degenerate triangles
//!
//! A triangle whose vertices are exactly collinear is read as the point set it is: the
//! segment between its two extreme vertices, or a single point if all three coincide. The
//! classification applies to those point sets with the same definitions (a segment's
//! relative interior is the segment without its end points; a point's is the point).
//! [`try_tri_tri`] refuses degenerate input instead.
//!
//! # Non-finite input
//!
//! Nothing here panics. If any coordinate is NaN or infinite, [`tri_tri`] returns
//! [`TriTri::Disjoint`], [`tri_tri_intersect`] `false` and [`tri_tri_intersection`]
//! [`TriTriIntersection::Empty`]; [`try_tri_tri`] returns an error naming the coordinate.

use alloc::vec::Vec;

use num_rational::BigRational;
use num_traits::Zero as _;

use crate::policy::Policy;
use crate::{orient2d, orient3d, Scalar, Sign, Triangle};

// ---------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------

/// What the two triangles share when they touch: a single point or a segment of positive
/// length.
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::{tri_tri, Contact, TriTri};
/// let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let b = [[0.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]; // shares one vertex
/// assert_eq!(tri_tri(a, b), TriTri::Touching { contact: Contact::Point });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contact {
    /// The intersection is exactly one point.
    Point,
    /// The intersection is a segment of positive length.
    Segment,
}

/// The exact relation between two closed triangles `A` and `B`.
///
/// Write `A°` for the relative interior of `A`: for a proper triangle, the triangle
/// without its edges; for a degenerate one read as a segment, the segment without its end
/// points; for a single point, the point. The four cases are mutually exclusive and cover
/// every pair:
///
/// | variant | definition |
/// |---|---|
/// | [`Disjoint`](TriTri::Disjoint) | `A ∩ B = ∅` |
/// | [`Touching`](TriTri::Touching) | `A ∩ B ≠ ∅` but `A° ∩ B° = ∅`: they meet only where at least one of them is on its boundary (a shared vertex, a vertex on an edge or face, an edge along an edge or face), without crossing. `contact` says whether `A ∩ B` is one point or a segment (it is never more: see `proofs/tri_tri.md`). |
/// | [`Crossing`](TriTri::Crossing) | `A° ∩ B° ≠ ∅` and `A ∪ B` does not lie in one plane: the interiors pass through each other. `A ∩ B` is then a segment of positive length (for proper triangles). |
/// | [`CoplanarOverlap`](TriTri::CoplanarOverlap) | `A° ∩ B° ≠ ∅` and `A ∪ B` lies in one plane: for proper triangles, the intersection has positive area. |
///
/// Every variant is invariant under reordering the vertices of either triangle, under
/// swapping the triangles, and under any invertible affine map (in particular exact
/// rotations by 90°, reflections, scaling, translation).
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::{tri_tri, Contact, TriTri};
/// let a = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]];
/// // Pierces a's interior:
/// let b = [[1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [2.0, 0.5, 1.0]];
/// assert_eq!(tri_tri(a, b), TriTri::Crossing);
/// // Rests on a's face along a segment, from above:
/// let c = [[1.0, 1.0, 0.0], [2.0, 1.0, 0.0], [1.0, 1.0, 1.0]];
/// assert_eq!(tri_tri(a, c), TriTri::Touching { contact: Contact::Segment });
/// // Same plane, overlapping areas:
/// let d = [[1.0, 1.0, 0.0], [5.0, 1.0, 0.0], [1.0, 5.0, 0.0]];
/// assert_eq!(tri_tri(a, d), TriTri::CoplanarOverlap);
/// assert!(tri_tri(a, c).intersects());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TriTri {
    /// No common point.
    Disjoint,
    /// A common point or segment, but no common relative-interior point.
    Touching {
        /// Whether the intersection is a point or a segment.
        contact: Contact,
    },
    /// The relative interiors meet and the triangles are not coplanar.
    Crossing,
    /// The relative interiors meet and the triangles are coplanar.
    CoplanarOverlap,
}

impl TriTri {
    /// `true` unless [`TriTri::Disjoint`]: the closed triangles share a point (touching
    /// counts as intersecting).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::tri_tri::{Contact, TriTri};
    /// assert!(TriTri::Touching { contact: Contact::Point }.intersects());
    /// assert!(!TriTri::Disjoint.intersects());
    /// ```
    #[inline]
    pub fn intersects(self) -> bool {
        self != TriTri::Disjoint
    }

    /// `true` for [`TriTri::Crossing`] and [`TriTri::CoplanarOverlap`]: the relative
    /// interiors share a point (the "proper" intersections a self-intersection check of a
    /// mesh reports between faces that are not neighbours).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::tri_tri::{Contact, TriTri};
    /// assert!(TriTri::Crossing.interiors_meet());
    /// assert!(!TriTri::Touching { contact: Contact::Segment }.interiors_meet());
    /// ```
    #[inline]
    pub fn interiors_meet(self) -> bool {
        matches!(self, TriTri::Crossing | TriTri::CoplanarOverlap)
    }
}

/// Why [`try_tri_tri`] refused its input.
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::{try_tri_tri, TriTriError};
/// let a = [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [2.0, 2.0, 2.0]];
/// let b = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// assert_eq!(try_tri_tri(a, b), Err(TriTriError::Degenerate { triangle: 0 }));
/// assert!(TriTriError::Degenerate { triangle: 0 }.to_string().contains("collinear"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TriTriError {
    /// A coordinate is NaN or infinite.
    NonFinite {
        /// `0` for the first triangle, `1` for the second.
        triangle: usize,
        /// The vertex, `0..3`.
        vertex: usize,
        /// The axis, 0 = x.
        axis: usize,
    },
    /// The triangle's vertices are exactly collinear (or coincide): it has no area.
    Degenerate {
        /// `0` for the first triangle, `1` for the second.
        triangle: usize,
    },
}

impl core::fmt::Display for TriTriError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        const AXES: [&str; 3] = ["x", "y", "z"];
        match *self {
            TriTriError::NonFinite {
                triangle,
                vertex,
                axis,
            } => write!(
                f,
                "triangle {triangle}, vertex {vertex} has a non-finite {} coordinate",
                AXES.get(axis).unwrap_or(&"?")
            ),
            TriTriError::Degenerate { triangle } => write!(
                f,
                "triangle {triangle} is degenerate: its vertices are collinear"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl core::error::Error for TriTriError {}

/// A triangle the tests accept: `[[T; 3]; 3]` or [`Triangle<T>`], by value or by
/// reference (pass rationals by reference to avoid clones).
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::{tri_tri_intersect, TriangleRef};
/// use isect::Triangle;
/// let a = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let b = [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 1.0]];
/// assert!(tri_tri_intersect(&a, &b));
/// assert_eq!(b.points()[1], &[0.0, 0.0, 1.0]);
/// ```
pub trait TriangleRef {
    /// The coordinate type.
    type Scalar: Scalar;
    /// The three vertices.
    fn points(&self) -> [&[Self::Scalar; 3]; 3];
}

impl<T: Scalar> TriangleRef for [[T; 3]; 3] {
    type Scalar = T;
    #[inline(always)]
    fn points(&self) -> [&[T; 3]; 3] {
        [&self[0], &self[1], &self[2]]
    }
}
impl<T: Scalar> TriangleRef for &[[T; 3]; 3] {
    type Scalar = T;
    #[inline(always)]
    fn points(&self) -> [&[T; 3]; 3] {
        [&self[0], &self[1], &self[2]]
    }
}
impl<T: Scalar> TriangleRef for Triangle<T> {
    type Scalar = T;
    #[inline(always)]
    fn points(&self) -> [&[T; 3]; 3] {
        [&self.a, &self.b, &self.c]
    }
}
impl<T: Scalar> TriangleRef for &Triangle<T> {
    type Scalar = T;
    #[inline(always)]
    fn points(&self) -> [&[T; 3]; 3] {
        [&self.a, &self.b, &self.c]
    }
}

// ---------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------

/// Classifies two closed triangles exactly: see [`TriTri`] for the definitions.
///
/// Every decision is the exact sign of [`orient3d`] (or, for coplanar and degenerate
/// input, [`orient2d`] on a coordinate-plane projection, or a comparison of two input
/// coordinates) of input points, so the result is exact for every finite input of every
/// scalar type. Degenerate (collinear) triangles are read as the segment or point they
/// are (see the [module docs](self#degenerate-triangles)). Any NaN or infinite
/// coordinate gives [`TriTri::Disjoint`]; [`try_tri_tri`] reports it instead.
///
/// Cost for `f64`: six plane-side signs (three with a shared normal per triangle, each
/// behind a floating-point filter), then two or three [`orient3d`] for the interval
/// comparison of Guigue and Devillers; the coplanar and degenerate cases run out of
/// line.
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::{tri_tri, Contact, TriTri};
/// use num_rational::BigRational;
///
/// let a = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]];
/// let b = [[1.0, 1.0, 0.0], [1.0, 1.0, 1.0], [0.0, 3.0, 1.0]]; // a vertex on a's edge
/// assert_eq!(tri_tri(a, b), TriTri::Touching { contact: Contact::Point });
/// // 2^-60 higher, b floats just above a: no contact.
/// let up = 2f64.powi(-60);
/// let b2 = [[1.0, 1.0, up], [1.0, 1.0, 1.0], [0.0, 3.0, 1.0]];
/// assert_eq!(tri_tri(a, b2), TriTri::Disjoint);
/// // The same pair in rationals, by reference:
/// let q = |t: [[f64; 3]; 3]| t.map(|p| p.map(|x| BigRational::from_float(x).unwrap()));
/// assert_eq!(tri_tri(&q(a), &q(b)), TriTri::Touching { contact: Contact::Point });
/// assert_eq!(tri_tri([[f64::NAN; 3]; 3], a), TriTri::Disjoint);
/// ```
pub fn tri_tri<A, B>(a: A, b: B) -> TriTri
where
    A: TriangleRef,
    B: TriangleRef<Scalar = A::Scalar>,
{
    classify(a.points(), b.points())
}

/// Whether two closed triangles share a point (touching counts): exactly
/// `tri_tri(a, b).intersects()`, computed with fewer predicates.
///
/// Guigue and Devillers' test with exact signs: six plane-side signs, then at most two
/// [`orient3d`] comparing the two triangles' intervals on the line where the planes meet.
/// Exact for every finite input; `false` for any NaN or infinite coordinate.
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::tri_tri_intersect;
/// let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let b = [[0.25, 0.25, -1.0], [0.25, 0.25, 1.0], [3.0, 3.0, 0.0]];
/// assert!(tri_tri_intersect(a, b));
/// let c = [[2.0, 2.0, -1.0], [2.0, 2.0, 1.0], [3.0, 3.0, 0.0]];
/// assert!(!tri_tri_intersect(a, c));
/// ```
pub fn tri_tri_intersect<A, B>(a: A, b: B) -> bool
where
    A: TriangleRef,
    B: TriangleRef<Scalar = A::Scalar>,
{
    intersect(a.points(), b.points())
}

/// [`tri_tri`] for proper triangles with finite coordinates, or an error.
///
/// # Errors
///
/// [`TriTriError::NonFinite`] naming the first NaN or infinite coordinate (first
/// triangle first), then [`TriTriError::Degenerate`] if a triangle's vertices are
/// collinear (exactly, including repeated vertices).
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::{try_tri_tri, TriTri, TriTriError};
/// let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let b = [[5.0, 0.0, 0.0], [6.0, 0.0, 0.0], [5.0, 1.0, 0.0]];
/// assert_eq!(try_tri_tri(a, b), Ok(TriTri::Disjoint));
/// let bad = [[0.0, 0.0, 0.0], [1.0, f64::INFINITY, 0.0], [0.0, 1.0, 0.0]];
/// assert_eq!(
///     try_tri_tri(a, bad),
///     Err(TriTriError::NonFinite { triangle: 1, vertex: 1, axis: 1 })
/// );
/// ```
pub fn try_tri_tri<A, B>(a: A, b: B) -> Result<TriTri, TriTriError>
where
    A: TriangleRef,
    B: TriangleRef<Scalar = A::Scalar>,
{
    let (p, q) = (a.points(), b.points());
    for (triangle, t) in [p, q].iter().enumerate() {
        for (vertex, v) in t.iter().enumerate() {
            if let Some(axis) = v.iter().position(|x| !x.is_finite()) {
                return Err(TriTriError::NonFinite {
                    triangle,
                    vertex,
                    axis,
                });
            }
        }
    }
    for (triangle, t) in [p, q].iter().enumerate() {
        if crate::predicates::collinear3(t[0], t[1], t[2]) {
            return Err(TriTriError::Degenerate { triangle });
        }
    }
    Ok(classify(p, q))
}

// ---------------------------------------------------------------------------------------
// Plane sides
// ---------------------------------------------------------------------------------------

/// `[orient3d(p0, p1, p2, x) for x in xs]`: the side of each `x` of the plane of `p`
/// (`Positive` below, for counterclockwise `p` seen from above).
///
/// For `f64` (and `f32`, promoted exactly) the normal is computed once and each sign is
/// decided by a filter whose bound is derived in `proofs/tri_tri.md`; a sign the filter
/// cannot certify is recomputed by [`orient3d`].
#[inline(always)]
fn sides<T: Scalar>(p: [&[T; 3]; 3], xs: [&[T; 3]; 3]) -> [Sign; 3] {
    if let Some(s) = fast::sides(p, xs) {
        return s;
    }
    xs.map(|x| orient3d(p[0], p[1], p[2], x))
}

mod fast {
    //! The shared-normal plane-side filter for `f64` and `f32` (see `proofs/tri_tri.md`,
    //! section 2).
    use core::any::Any;

    use crate::{orient3d, Scalar, Sign};

    /// The point as `f64` if `T` is `f64` or `f32` (an exact conversion), else `None`.
    #[inline(always)]
    fn widen<T: Scalar>(p: &[T; 3]) -> Option<[f64; 3]> {
        let any = p as &dyn Any;
        if let Some(p) = any.downcast_ref::<[f64; 3]>() {
            return Some(*p);
        }
        any.downcast_ref::<[f32; 3]>().map(|p| p.map(f64::from))
    }

    /// `2(7 + 56u)u` with `u = 2^-53` (exact in `f64`): twice Shewchuk's orient3d
    /// stage-A coefficient, which bounds the rounding error of this evaluation order
    /// without underflow; the factor 2 leaves the other half of `|det|` for the
    /// underflow term (proofs/tri_tri.md, section 2).
    const ERRBOUND: f64 = 2.0 * (7.0 + 56.0 * f64::EPSILON / 2.0) * (f64::EPSILON / 2.0);
    /// `2^1000` and `2^-70`: the underflow test `|det|·2^1000 > (Σ|dₖ| + 3)·2^-70`, that
    /// is `|det| > 2^-1070·(Σ|dₖ| + 3)`, written so that no operand is subnormal (a
    /// subnormal product costs a microcode assist on x86).
    const UP: f64 = f64::from_bits((1023 + 1000) << 52);
    const DOWN: f64 = f64::from_bits((1023 - 70) << 52);
    /// Above this permanent an intermediate could overflow: defer to orient3d.
    const MAX_SCALE: f64 = 1e290; // < 2^964

    #[inline(always)]
    pub(super) fn sides<T: Scalar>(p: [&[T; 3]; 3], xs: [&[T; 3]; 3]) -> Option<[Sign; 3]> {
        let a = widen(p[0])?;
        let b = widen(p[1])?;
        let c = widen(p[2])?;
        let x = [widen(xs[0])?, widen(xs[1])?, widen(xs[2])?];
        let ba = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let ca = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        // The normal's components and their permanents.
        let m0 = [ba[1] * ca[2], ba[2] * ca[1]];
        let m1 = [ba[2] * ca[0], ba[0] * ca[2]];
        let m2 = [ba[0] * ca[1], ba[1] * ca[0]];
        let n = [m0[0] - m0[1], m1[0] - m1[1], m2[0] - m2[1]];
        let pn = [
            m0[0].abs() + m0[1].abs(),
            m1[0].abs() + m1[1].abs(),
            m2[0].abs() + m2[1].abs(),
        ];
        let mut out = [Sign::Zero; 3];
        for i in 0..3 {
            let d = [x[i][0] - a[0], x[i][1] - a[1], x[i][2] - a[2]];
            // n · (x − a) = −orient3d(a, b, c, x).
            let det = n[0] * d[0] + n[1] * d[1] + n[2] * d[2];
            let ad = [d[0].abs(), d[1].abs(), d[2].abs()];
            let perm = pn[0] * ad[0] + pn[1] * ad[1] + pn[2] * ad[2];
            let under = (ad[0] + ad[1] + ad[2] + 3.0) * DOWN;
            // `perm ≤ MAX_SCALE` also rules out NaN and infinities (the comparison is false).
            if perm <= MAX_SCALE && det.abs() > ERRBOUND * perm && det.abs() * UP > under {
                out[i] = if det > 0.0 {
                    Sign::Negative
                } else {
                    Sign::Positive
                };
            } else {
                out[i] = slow(p, xs[i]);
            }
        }
        Some(out)
    }

    #[cold]
    #[inline(never)]
    fn slow<T: Scalar>(p: [&[T; 3]; 3], x: &[T; 3]) -> Sign {
        orient3d(p[0], p[1], p[2], x)
    }
}

#[inline(always)]
fn all_same_strict(s: [Sign; 3]) -> bool {
    s[0] != Sign::Zero && s[0] == s[1] && s[1] == s[2]
}

#[inline(always)]
fn all_zero(s: [Sign; 3]) -> bool {
    s == [Sign::Zero; 3]
}

// ---------------------------------------------------------------------------------------
// The non-coplanar case: intervals on the line where the planes meet
// ---------------------------------------------------------------------------------------

/// One end of a triangle's section with the other triangle's plane: the point where the
/// line through vertices `on` and `off` meets that plane. `off` is strictly off the plane;
/// `on` is on it or strictly on the other side (proofs/tri_tri.md, section 3).
#[derive(Clone, Copy, Debug)]
struct End {
    on: usize,
    off: usize,
}

/// A triangle's section with the other plane, as its lower and upper end along the
/// direction `d = n_A × n_B` of the common line; `point` when the section is a single
/// vertex, `straddles` when the triangle has vertices strictly on both sides.
#[derive(Clone, Copy, Debug)]
struct Section {
    lo: End,
    hi: End,
    point: bool,
    straddles: bool,
}

/// The section of a triangle whose vertex sides are `s` (not all zero, not all equal and
/// non-zero). `flip` is `Positive` for the first triangle and `Negative` for the second
/// (the direction `d` is `n_A × n_B`, which is `−(n_B × n_A)`).
#[inline(always)]
fn section(s: [Sign; 3], flip: Sign) -> Section {
    // The apex: strictly on one side, with the other two on the plane or strictly on the
    // other side.
    for a in 0..3 {
        let (b, c) = ((a + 1) % 3, (a + 2) % 3);
        if s[a] != Sign::Zero && s[b] != s[a] && s[c] != s[a] {
            let eb = End { on: b, off: a };
            let ec = End { on: c, off: a };
            // Along d the end on edge (a, c) follows the end on edge (a, b) exactly when
            // the apex side times `flip` is Positive (proofs/tri_tri.md, section 3).
            let (lo, hi) = if s[a] * flip == Sign::Positive {
                (eb, ec)
            } else {
                (ec, eb)
            };
            let straddles = s[b] == -s[a] || s[c] == -s[a];
            return Section {
                lo,
                hi,
                point: false,
                straddles,
            };
        }
    }
    // Otherwise exactly one vertex is on the plane and the other two strictly on one side:
    // the section is that vertex.
    let z = if s[0] == Sign::Zero {
        0
    } else if s[1] == Sign::Zero {
        1
    } else {
        2
    };
    let e = End {
        on: z,
        off: (z + 1) % 3,
    };
    Section {
        lo: e,
        hi: e,
        point: true,
        straddles: false,
    }
}

/// The sign of `pos(f) − pos(e)` along `d = n_A × n_B`, for an end `e` of A's section and
/// an end `f` of B's: `orient3d(e.off, f.on, f.off, e.on) · side_A(f.off) · side_B(e.off)`
/// (proofs/tri_tri.md, section 3).
#[inline(always)]
fn compare<T: Scalar>(
    p: [&[T; 3]; 3],
    q: [&[T; 3]; 3],
    sp: [Sign; 3],
    sq: [Sign; 3],
    e: End,
    f: End,
) -> Sign {
    orient3d(p[e.off], q[f.on], q[f.off], p[e.on]) * sq[f.off] * sp[e.off]
}

#[inline]
fn intersect<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> bool {
    let sq = sides(p, q);
    if all_same_strict(sq) {
        return false;
    }
    let sp = sides(q, p);
    if all_same_strict(sp) {
        return false;
    }
    if all_zero(sq) || all_zero(sp) {
        return cold(p, q).intersects();
    }
    let (a, b) = (section(sp, Sign::Positive), section(sq, Sign::Negative));
    // The intervals [a.lo, a.hi] and [b.lo, b.hi] on the common line overlap.
    compare(p, q, sp, sq, a.lo, b.hi) != Sign::Negative
        && compare(p, q, sp, sq, a.hi, b.lo) != Sign::Positive
}

#[inline]
fn classify<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> TriTri {
    let sq = sides(p, q);
    if all_same_strict(sq) {
        return TriTri::Disjoint;
    }
    let sp = sides(q, p);
    if all_same_strict(sp) {
        return TriTri::Disjoint;
    }
    if all_zero(sq) || all_zero(sp) {
        return cold(p, q);
    }
    let (a, b) = (section(sp, Sign::Positive), section(sq, Sign::Negative));
    let c1 = compare(p, q, sp, sq, a.lo, b.hi); // sign of b.hi − a.lo
    if c1 == Sign::Negative {
        return TriTri::Disjoint;
    }
    let c2 = compare(p, q, sp, sq, a.hi, b.lo); // sign of b.lo − a.hi
    if c2 == Sign::Positive {
        return TriTri::Disjoint;
    }
    if a.straddles && b.straddles && c1 == Sign::Positive && c2 == Sign::Negative {
        return TriTri::Crossing;
    }
    let point = a.point || b.point || c1 == Sign::Zero || c2 == Sign::Zero;
    TriTri::Touching {
        contact: if point {
            Contact::Point
        } else {
            Contact::Segment
        },
    }
}

// ---------------------------------------------------------------------------------------
// Cold path: coplanar pairs, degenerate triangles, non-finite input
// ---------------------------------------------------------------------------------------

/// A triangle read as the point set it is.
#[derive(Clone, Copy, Debug)]
enum Shape<'a, T> {
    Tri([&'a [T; 3]; 3]),
    Seg([&'a [T; 3]; 2]),
    Pt(&'a [T; 3]),
}

fn shape<T: Scalar>(t: [&[T; 3]; 3]) -> Shape<'_, T> {
    if !crate::predicates::collinear3(t[0], t[1], t[2]) {
        return Shape::Tri(t);
    }
    // Collinear: the extreme vertices along an axis where they differ.
    for k in 0..3 {
        let (mut lo, mut hi) = (0, 0);
        for i in 1..3 {
            if t[i][k] < t[lo][k] {
                lo = i;
            }
            if t[i][k] > t[hi][k] {
                hi = i;
            }
        }
        if lo != hi && t[lo][k] < t[hi][k] {
            return Shape::Seg([t[lo], t[hi]]);
        }
    }
    Shape::Pt(t[0])
}

fn is_finite3<T: Scalar>(t: [&[T; 3]; 3]) -> bool {
    t.iter().all(|v| v.iter().all(Scalar::is_finite))
}

#[cold]
#[inline(never)]
fn cold<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> TriTri {
    if !is_finite3(p) || !is_finite3(q) {
        return TriTri::Disjoint;
    }
    match (shape(p), shape(q)) {
        // Both proper and one's vertices all on the other's plane: coplanar.
        (Shape::Tri(a), Shape::Tri(b)) => {
            let k = tri_axis(a);
            planar(&project(&a, k), &project(&b, k))
        }
        (Shape::Tri(t), Shape::Seg(s)) | (Shape::Seg(s), Shape::Tri(t)) => seg_tri(s, t),
        (Shape::Tri(t), Shape::Pt(x)) | (Shape::Pt(x), Shape::Tri(t)) => {
            if orient3d(t[0], t[1], t[2], x) != Sign::Zero {
                return TriTri::Disjoint;
            }
            let k = tri_axis(t);
            planar(&project(&t, k), &project(&[x], k))
        }
        (Shape::Seg(s), Shape::Seg(r)) => {
            if orient3d(s[0], s[1], r[0], r[1]) != Sign::Zero {
                return TriTri::Disjoint; // skew lines never meet
            }
            let k = best_axis(&[s[0], s[1], r[0], r[1]]);
            planar(&project(&s, k), &project(&r, k))
        }
        (Shape::Seg(s), Shape::Pt(x)) | (Shape::Pt(x), Shape::Seg(s)) => {
            let k = best_axis(&[s[0], s[1], x]);
            planar(&project(&s, k), &project(&[x], k))
        }
        (Shape::Pt(x), Shape::Pt(y)) => {
            if x == y {
                TriTri::CoplanarOverlap
            } else {
                TriTri::Disjoint
            }
        }
    }
}

/// A segment and a proper triangle (proofs/tri_tri.md, section 5).
fn seg_tri<T: Scalar>(s: [&[T; 3]; 2], t: [&[T; 3]; 3]) -> TriTri {
    let o = [
        orient3d(t[0], t[1], t[2], s[0]),
        orient3d(t[0], t[1], t[2], s[1]),
    ];
    if o[0] == o[1] && o[0] != Sign::Zero {
        return TriTri::Disjoint;
    }
    if o == [Sign::Zero; 2] {
        let k = tri_axis(t);
        return planar(&project(&t, k), &project(&s, k));
    }
    // The segment's line meets the plane in one point X; X is in the closed triangle iff
    // the three edge orientations have no two strictly opposite signs.
    let g = [
        orient3d(s[0], s[1], t[0], t[1]),
        orient3d(s[0], s[1], t[1], t[2]),
        orient3d(s[0], s[1], t[2], t[0]),
    ];
    let pos = g.contains(&Sign::Positive);
    let neg = g.contains(&Sign::Negative);
    if pos && neg {
        return TriTri::Disjoint;
    }
    let inside_open = !g.contains(&Sign::Zero);
    let seg_open = o[0] == -o[1] && o[0] != Sign::Zero;
    if inside_open && seg_open {
        TriTri::Crossing
    } else {
        TriTri::Touching {
            contact: Contact::Point,
        }
    }
}

/// The axis to drop so that a proper triangle projects to a proper triangle: the first
/// of z, x, y along which its normal has a non-zero component.
fn tri_axis<T: Scalar>(t: [&[T; 3]; 3]) -> usize {
    for k in [2, 0, 1] {
        let [a, b, c] = [t[0], t[1], t[2]].map(|v| drop_axis(v, k));
        if orient2d(&a, &b, &c) != Sign::Zero {
            return k;
        }
    }
    2 // unreachable for a proper triangle
}

/// For coplanar points: an axis whose projection keeps the dimension of their affine
/// hull (2 if some projected triple is not collinear, else 1 if two projected points
/// differ).
fn best_axis<T: Scalar>(pts: &[&[T; 3]]) -> usize {
    let mut best = (0, 2);
    for k in [2, 0, 1] {
        let pr: Vec<[T; 2]> = pts.iter().map(|v| drop_axis(v, k)).collect();
        let mut score = 0;
        for i in 0..pr.len() {
            for j in i + 1..pr.len() {
                if pr[i] != pr[j] {
                    score = score.max(1);
                }
                for l in j + 1..pr.len() {
                    if orient2d(&pr[i], &pr[j], &pr[l]) != Sign::Zero {
                        score = 2;
                    }
                }
            }
        }
        if score > best.0 {
            best = (score, k);
        }
    }
    best.1
}

fn drop_axis<T: Scalar>(v: &[T; 3], k: usize) -> [T; 2] {
    [v[(k + 1) % 3].clone(), v[(k + 2) % 3].clone()]
}

fn project<T: Scalar, const N: usize>(pts: &[&[T; 3]; N], k: usize) -> Vec<[T; 2]> {
    pts.iter().map(|v| drop_axis(v, k)).collect()
}

/// The classification of two convex sets in the plane, each the hull of 1 point, 2
/// distinct points or 3 non-collinear points (proofs/tri_tri.md, section 4). Never
/// answers `Crossing`.
fn planar<T: Scalar>(a: &[[T; 2]], b: &[[T; 2]]) -> TriTri {
    // A candidate line is an edge line of one set; it separates properly when the other
    // set lies on its closed outer side and not both sets lie on it.
    for (s, o) in [(a, b), (b, a)] {
        let edges: &[(usize, usize, usize)] = match s.len() {
            3 => &[(0, 1, 2), (1, 2, 0), (2, 0, 1)],
            2 => &[(0, 1, 0)],
            _ => &[],
        };
        for &(i, j, w) in edges {
            let inner = if s.len() == 3 {
                orient2d(&s[i], &s[j], &s[w])
            } else {
                Sign::Zero
            };
            let g: Vec<Sign> = o.iter().map(|x| orient2d(&s[i], &s[j], x)).collect();
            let separated = if inner == Sign::Zero {
                !(g.contains(&Sign::Positive) && g.contains(&Sign::Negative))
                    && g.iter().any(|&x| x != Sign::Zero)
            } else {
                g.iter().all(|&x| x != inner)
            };
            if separated {
                // A ∩ B = (s ∩ ℓ) ∩ (o ∩ ℓ) = [s_i, s_j] ∩ hull(o's points on ℓ).
                let on: Vec<&[T; 2]> = o
                    .iter()
                    .zip(&g)
                    .filter(|(_, &x)| x == Sign::Zero)
                    .map(|(x, _)| x)
                    .collect();
                return on_line(&s[i], &s[j], &on);
            }
        }
    }
    // No proper separation. Unless both sets lie in one line, the relative interiors meet.
    let all: Vec<&[T; 2]> = a.iter().chain(b.iter()).collect();
    let collinear = (0..all.len()).all(|i| {
        (i + 1..all.len())
            .all(|j| (j + 1..all.len()).all(|l| orient2d(all[i], all[j], all[l]) == Sign::Zero))
    });
    if !collinear {
        return TriTri::CoplanarOverlap;
    }
    // One line (only points and segments): compare along an axis where the points differ.
    let k = match (0..2).find(|&k| all.iter().any(|v| v[k] != all[0][k])) {
        Some(k) => k,
        None => return TriTri::CoplanarOverlap, // all the same point
    };
    let (alo, ahi) = extent(a, k);
    let (blo, bhi) = extent(b, k);
    let lo = if alo > blo { alo } else { blo };
    let hi = if ahi < bhi { ahi } else { bhi };
    if lo > hi {
        return TriTri::Disjoint;
    }
    // Relative interiors: open intervals, or the point itself.
    let meet = match (alo < ahi, blo < bhi) {
        (true, true) => lo < hi,
        (false, true) => blo < alo && alo < bhi,
        (true, false) => alo < blo && blo < ahi,
        (false, false) => true, // lo ≤ hi forces the same point
    };
    if meet {
        TriTri::CoplanarOverlap
    } else {
        TriTri::Touching {
            contact: if lo < hi {
                Contact::Segment
            } else {
                Contact::Point
            },
        }
    }
}

fn extent<T: Scalar>(s: &[[T; 2]], k: usize) -> (&T, &T) {
    let mut lo = &s[0][k];
    let mut hi = &s[0][k];
    for v in &s[1..] {
        if v[k] < *lo {
            lo = &v[k];
        }
        if v[k] > *hi {
            hi = &v[k];
        }
    }
    (lo, hi)
}

/// The intersection of the segment `[u, v]` (`u ≠ v`) with the hull of points `on`, all
/// on the line `uv`: empty, a point or a segment.
fn on_line<T: Scalar>(u: &[T; 2], v: &[T; 2], on: &[&[T; 2]]) -> TriTri {
    if on.is_empty() {
        return TriTri::Disjoint;
    }
    let k = if u[0] != v[0] { 0 } else { 1 };
    let (ulo, uhi) = if u[k] < v[k] {
        (&u[k], &v[k])
    } else {
        (&v[k], &u[k])
    };
    let mut olo = &on[0][k];
    let mut ohi = &on[0][k];
    for x in on {
        if x[k] < *olo {
            olo = &x[k];
        }
        if x[k] > *ohi {
            ohi = &x[k];
        }
    }
    let lo = if ulo > olo { ulo } else { olo };
    let hi = if uhi < ohi { uhi } else { ohi };
    if lo > hi {
        TriTri::Disjoint
    } else if lo == hi {
        TriTri::Touching {
            contact: Contact::Point,
        }
    } else {
        TriTri::Touching {
            contact: Contact::Segment,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Construction
// ---------------------------------------------------------------------------------------

/// The intersection of two closed triangles as points, from [`tri_tri_intersection`].
///
/// Its shape always matches the exact [`TriTri`] classification (chosen by exact signs);
/// only the coordinates of points that are not input vertices are rounded (floats).
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::{tri_tri_intersection, TriTriIntersection};
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
/// decided exactly as in [`tri_tri`]. Coordinates are then constructed in `T`:
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
/// use isect::overlap::tri_tri::{tri_tri_intersection, TriTriIntersection};
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
                contact: Contact::Point,
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
    let sub = |p: &[T; 3], q: &[T; 3]| -> [T; 3] { core::array::from_fn(|k| p[k].clone() - &q[k]) };
    let (e1, e2) = (sub(t[1], t[0]), sub(t[2], t[0]));
    let (mut n, mut na) = (
        [T::zero(), T::zero(), T::zero()],
        [T::zero(), T::zero(), T::zero()],
    );
    for k in 0..3 {
        let (j, l) = ((k + 1) % 3, (k + 2) % 3);
        let (m0, m1) = (e1[j].clone() * &e2[l], e1[l].clone() * &e2[j]);
        na[k] = abs(&m0) + abs(&m1);
        n[k] = m0 - m1;
    }
    let d = |x: &[T; 3]| {
        let w = sub(x, t[0]);
        let value = n[0].clone() * &w[0] + n[1].clone() * &w[1] + n[2].clone() * &w[2];
        let perm =
            na[0].clone() * abs(&w[0]) + na[1].clone() * abs(&w[1]) + na[2].clone() * abs(&w[2]);
        (value, perm)
    };
    zero_on_segment(on, off, d(on), d(off), &|x: &[BigRational; 3]| {
        let t = t.map(|p| p.clone().map(|c| c.to_rational().unwrap_or_default()));
        let [a, b, c] = t.map(|p| core::array::from_fn(|k| &p[k] - &x[k]));
        let [a, b, c]: [[BigRational; 3]; 3] = [a, b, c];
        &a[0] * (&b[1] * &c[2] - &b[2] * &c[1])
            + &a[1] * (&b[2] * &c[0] - &b[0] * &c[2])
            + &a[2] * (&b[0] * &c[1] - &b[1] * &c[0])
    })
}

fn abs<T: Scalar>(x: &T) -> T {
    if *x < T::zero() {
        T::zero() - x.clone()
    } else {
        x.clone()
    }
}

/// The 2D analogue: where the segment `on`–`off` crosses the line through `x` and `y`.
fn crossing2<T: Scalar>(on: &[T; 2], off: &[T; 2], x: &[T; 2], y: &[T; 2]) -> [T; 2] {
    // d(p) = (y − x) × (p − x): translated by an end of the line's defining edge.
    let e = [y[0].clone() - &x[0], y[1].clone() - &x[1]];
    let d = |p: &[T; 2]| {
        let w = [p[0].clone() - &x[0], p[1].clone() - &x[1]];
        let (m0, m1) = (e[0].clone() * &w[1], e[1].clone() * &w[0]);
        let perm = abs(&m0) + abs(&m1);
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
    let trusted = if crate::scalar::is_float::<T>() {
        let (den, perm) = (den.to_f64().abs(), p_on.to_f64() + p_off.to_f64());
        den.is_finite()
            && perm.is_finite()
            && den > lambda_floor::<T>()
            && perm * LAMBDA_SLACK < den
    } else {
        den != T::zero()
    };
    if trusted {
        let out = if abs(&d_on) <= abs(&d_off) {
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
        let u: [BigRational; 3] = core::array::from_fn(|i| &t[1][i] - &t[0][i]);
        let v: [BigRational; 3] = core::array::from_fn(|i| &t[2][i] - &t[0][i]);
        let n: [BigRational; 3] = core::array::from_fn(|i| {
            let (j, l) = ((i + 1) % 3, (i + 2) % 3);
            &u[j] * &v[l] - &u[l] * &v[j]
        });
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
/// and can lose a touching point: tests/fuzz_regressions.rs,
/// `fuzz_tri_tri_intersection_degenerate_f64_empty`), but from the candidates every
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

// ---------------------------------------------------------------------------------------
// Möller's interval test
// ---------------------------------------------------------------------------------------

/// Möller's triangle/triangle interval-overlap test (JGT 2(2), 1997), in its classic
/// floating-point form, with the vertex-side decisions made by `policy`.
///
/// What is computed: the side of each vertex of one triangle of the other's plane is
/// `policy.orient3d(..)` (the determinant equals minus Möller's signed distance
/// `N·p + d`, times no factor, so `Absolute { eps }` is Möller's `|dv| < EPSILON` test
/// with an inclusive comparison). If both triangles straddle, the sections of the two
/// triangles with the other's plane are projected onto the coordinate axis along which
/// the line of the planes' intersection `D = N₁ × N₂` has its largest component, as
/// intervals computed **in `T` with rounding** (`t = p₀ + (p₁ − p₀)·d₀/(d₀ − d₁)`), and
/// the answer is whether the closed intervals overlap. Coplanar pairs (all three sides
/// `Zero` under the policy) are decided in the projection dropping the largest
/// component of `N₁` by the policy's [`Policy::orient2d`]: an edge of one crosses or
/// touches an edge of the other, or a vertex of one lies in the other.
///
/// **Not exact**, whatever the policy: the intervals are rounded, so near-touching
/// pairs can be misjudged in either direction, and even with the [`Exact`](crate::policy::Exact)
/// policy the answer can differ from [`tri_tri_intersect`]. It is here to be compared
/// with the exact test (`isect audit` style). For rationals (where nothing rounds) with
/// [`Exact`](crate::policy::Exact) it is exact for proper triangles. Degenerate
/// triangles and non-finite coordinates: no panic; the answer is whatever the formulas
/// produce (`false` when every side is `Zero` and the projections do not meet).
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri::{tri_tri_intersect, tri_tri_moller_with};
/// use isect::policy::{Absolute, Exact};
/// let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let b = [[0.25, 0.25, -1.0], [0.25, 0.25, 1.0], [3.0, 3.0, 0.0]];
/// assert!(tri_tri_moller_with(Exact, &a, &b));
/// // b lifted by 1e-10: disjoint, but an absolute epsilon of 1e-9 calls the lowest
/// // vertex "on the plane" and the test reports a touch.
/// let up = [[0.25, 0.25, 1e-10], [0.25, 0.25, 1.0], [3.0, 3.0, 1.0]];
/// assert!(!tri_tri_intersect(&a, &up));
/// assert!(tri_tri_moller_with(Absolute { eps: 1e-9 }, &a, &up));
/// assert!(!tri_tri_moller_with(Exact, &a, &up));
/// ```
pub fn tri_tri_moller_with<T, P, A, B>(policy: P, a: A, b: B) -> bool
where
    T: Scalar,
    P: Policy<T>,
    A: TriangleRef<Scalar = T>,
    B: TriangleRef<Scalar = T>,
{
    let (p, q) = (a.points(), b.points());
    // Sides of p's vertices with respect to q's plane, as Möller's signs of N₂·x + d₂.
    let sp = p.map(|x| -policy.orient3d(q[0], q[1], q[2], x));
    if all_same_strict(sp) {
        return false;
    }
    let sq = q.map(|x| -policy.orient3d(p[0], p[1], p[2], x));
    if all_same_strict(sq) {
        return false;
    }
    let n1 = normal(p);
    if all_zero(sp) || all_zero(sq) {
        return moller_coplanar(policy, &n1, p, q);
    }
    let n2 = normal(q);
    let d = cross(&n1, &n2);
    let axis = largest(&d);
    // Signed distances in T, zeroed where the policy said Zero (as Möller does).
    let dist = |n: &[T; 3], t: [&[T; 3]; 3], x: &[T; 3], s: Sign| -> T {
        if s == Sign::Zero {
            T::zero()
        } else {
            dot(n, &sub3(x, t[0]))
        }
    };
    let dp: [T; 3] = core::array::from_fn(|i| dist(&n2, q, p[i], sp[i]));
    let dq: [T; 3] = core::array::from_fn(|i| dist(&n1, p, q[i], sq[i]));
    let (Some(i1), Some(i2)) = (
        moller_interval(p.map(|v| v[axis].clone()), &dp, sp),
        moller_interval(q.map(|v| v[axis].clone()), &dq, sq),
    ) else {
        return moller_coplanar(policy, &n1, p, q);
    };
    !(i1.1 < i2.0 || i2.1 < i1.0)
}

/// Möller's COMPUTE_INTERVALS: the projected section `[lo, hi]` of a triangle whose
/// vertices project to `v` with signed distances `d` (signs `s`); `None` if coplanar.
fn moller_interval<T: Scalar>(v: [T; 3], d: &[T; 3], s: [Sign; 3]) -> Option<(T, T)> {
    // The vertex alone on its side: r, with the others o1, o2.
    let r = if s[0] * s[1] == Sign::Positive {
        2
    } else if s[0] * s[2] == Sign::Positive {
        1
    } else if s[1] * s[2] == Sign::Positive || s[0] != Sign::Zero {
        0
    } else if s[1] != Sign::Zero {
        1
    } else if s[2] != Sign::Zero {
        2
    } else {
        return None;
    };
    let (o1, o2) = ((r + 1) % 3, (r + 2) % 3);
    let at = |o: usize| -> T {
        let denom = d[r].clone() - &d[o];
        v[r].clone() + (v[o].clone() - &v[r]) * (d[r].clone() / denom)
    };
    let (x, y) = (at(o1), at(o2));
    Some(if x < y { (x, y) } else { (y, x) })
}

fn moller_coplanar<T: Scalar, P: Policy<T>>(
    policy: P,
    n: &[T; 3],
    p: [&[T; 3]; 3],
    q: [&[T; 3]; 3],
) -> bool {
    let k = largest(n);
    let a = p.map(|v| drop_axis(v, k));
    let b = q.map(|v| drop_axis(v, k));
    // Edge against edge (closed segments).
    for i in 0..3 {
        for j in 0..3 {
            let (a0, a1) = (&a[i], &a[(i + 1) % 3]);
            let (b0, b1) = (&b[j], &b[(j + 1) % 3]);
            let s1 = policy.orient2d(a0, a1, b0);
            let s2 = policy.orient2d(a0, a1, b1);
            let s3 = policy.orient2d(b0, b1, a0);
            let s4 = policy.orient2d(b0, b1, a1);
            if s1 * s2 != Sign::Positive && s3 * s4 != Sign::Positive {
                if s1 != Sign::Zero || s2 != Sign::Zero {
                    return true;
                }
                // Collinear: the closed intervals along one axis overlap.
                let c = if a0[0] != a1[0] { 0 } else { 1 };
                let (alo, ahi) = if a0[c] < a1[c] { (a0, a1) } else { (a1, a0) };
                let (blo, bhi) = if b0[c] < b1[c] { (b0, b1) } else { (b1, b0) };
                if !(ahi[c] < blo[c] || bhi[c] < alo[c]) {
                    return true;
                }
            }
        }
    }
    // A vertex of one inside (or on) the other.
    let inside = |t: &[[T; 2]; 3], x: &[T; 2]| {
        let s = [
            policy.orient2d(&t[0], &t[1], x),
            policy.orient2d(&t[1], &t[2], x),
            policy.orient2d(&t[2], &t[0], x),
        ];
        !(s.contains(&Sign::Positive) && s.contains(&Sign::Negative))
    };
    inside(&a, &b[0]) || inside(&b, &a[0])
}

fn sub3<T: Scalar>(a: &[T; 3], b: &[T; 3]) -> [T; 3] {
    core::array::from_fn(|k| a[k].clone() - &b[k])
}

fn cross<T: Scalar>(u: &[T; 3], v: &[T; 3]) -> [T; 3] {
    core::array::from_fn(|i| {
        let (j, l) = ((i + 1) % 3, (i + 2) % 3);
        u[j].clone() * &v[l] - u[l].clone() * &v[j]
    })
}

fn dot<T: Scalar>(u: &[T; 3], v: &[T; 3]) -> T {
    u[0].clone() * &v[0] + u[1].clone() * &v[1] + u[2].clone() * &v[2]
}

fn normal<T: Scalar>(t: [&[T; 3]; 3]) -> [T; 3] {
    cross(&sub3(t[1], t[0]), &sub3(t[2], t[0]))
}

fn largest<T: Scalar>(v: &[T; 3]) -> usize {
    let abs = |x: &T| {
        if *x < T::zero() {
            -x.clone()
        } else {
            x.clone()
        }
    };
    let a = v.clone().map(|x| abs(&x));
    if a[0] >= a[1] && a[0] >= a[2] {
        0
    } else if a[1] >= a[2] {
        1
    } else {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// proofs/tri_tri.md, section 2: a normal component that underflows (exactly
    /// 2^-1080, computed 0) times a difference of 2^1000 decides the sign; the filter
    /// must not certify the rounded sign.
    #[test]
    fn filter_survives_an_underflowing_minor() {
        let t = f64::from_bits((1023 - 540) << 52); // 2^-540
        let big = f64::from_bits((1023 + 1000) << 52); // 2^1000
        let z = -f64::from_bits((1023 - 81) << 52); // −2^-81
        let a = [[0.0, 0.0, 0.0], [1.0, t, 0.0], [0.0, 1.0, t]];
        let xs = [[big, 0.0, z], [0.0, 0.0, 1.0], [big, big, z]];
        let p = [&a[0], &a[1], &a[2]];
        let got = fast::sides(p, [&xs[0], &xs[1], &xs[2]]).unwrap();
        let want = xs.map(|x| orient3d(&a[0], &a[1], &a[2], &x));
        assert_eq!(want[0], Sign::Negative);
        assert_eq!(got, want);
    }
}
