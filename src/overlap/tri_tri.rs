//! The exact triangle/triangle decision, [`tri_tri`] and [`tri_tri_intersect`] (Guigue
//! and Devillers with exact orientation signs; proofs/tri_tri.md, sections 1–3), its
//! result types and [`TriangleRef`]. The coplanar and degenerate cases are in
//! `tri_tri_degenerate.rs`, the construction in `tri_tri_intersection.rs`, Möller's float
//! test in `tri_tri_moller.rs`.

use crate::{InputError, Scalar, Sign, Triangle, Validate, orient3d};

use super::tri_tri_degenerate::cold;

// ---------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------

/// What two touching triangles share ([`TriTri::Touching`]): a single point or a segment
/// of positive length.
///
/// # Examples
///
/// ```
/// use isect::overlap::{tri_tri, TriContact, TriTri};
/// let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let b = [[0.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]; // shares one vertex
/// assert_eq!(tri_tri(a, b), TriTri::Touching { contact: TriContact::Point });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TriContact {
    /// The intersection is exactly one point.
    Point,
    /// The intersection is a segment of positive length.
    Segment,
}

/// The exact relation between two closed triangles `A` and `B`, from [`tri_tri`].
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
/// use isect::overlap::{tri_tri, TriContact, TriTri};
/// let a = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]];
/// // Pierces a's interior:
/// let b = [[1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [2.0, 0.5, 1.0]];
/// assert_eq!(tri_tri(a, b), TriTri::Crossing);
/// // Rests on a's face along a segment, from above:
/// let c = [[1.0, 1.0, 0.0], [2.0, 1.0, 0.0], [1.0, 1.0, 1.0]];
/// assert_eq!(tri_tri(a, c), TriTri::Touching { contact: TriContact::Segment });
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
        contact: TriContact,
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
    /// use isect::overlap::{TriContact, TriTri};
    /// assert!(TriTri::Touching { contact: TriContact::Point }.intersects());
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
    /// use isect::overlap::{TriContact, TriTri};
    /// assert!(TriTri::Crossing.interiors_meet());
    /// assert!(!TriTri::Touching { contact: TriContact::Segment }.interiors_meet());
    /// ```
    #[inline]
    pub fn interiors_meet(self) -> bool {
        matches!(self, TriTri::Crossing | TriTri::CoplanarOverlap)
    }
}

/// A triangle the tests accept: `[[T; 3]; 3]` or [`Triangle<T>`], by value or by
/// reference (pass rationals by reference to avoid clones).
///
/// Every such triangle is [`Validate`]: its check, the one every `try_` form taking a
/// triangle runs, refuses a NaN or infinite vertex coordinate and accepts degenerate
/// (collinear) triangles.
///
/// # Examples
///
/// ```
/// use isect::overlap::{tri_tri_intersect, TriangleRef};
/// use isect::{Triangle, Validate};
/// let a = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let b = [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 1.0]];
/// assert!(tri_tri_intersect(&a, &b));
/// assert_eq!(b.points()[1], &[0.0, 0.0, 1.0]);
/// assert!(b.validate(0).is_ok());
/// ```
pub trait TriangleRef: Validate {
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

/// Classifies two closed triangles exactly (Real-Time Rendering, 4th ed., section 22.11):
/// see [`TriTri`] for the definitions.
///
/// Guigue and Devillers' test ("Fast and robust triangle-triangle overlap test using
/// orientation predicates", JGT 8(1), 2003) with every decision the exact sign of
/// [`orient3d`] (or, for coplanar and degenerate input, [`orient2d`](crate::orient2d) on
/// a coordinate-plane projection, or a comparison of two input coordinates) of input
/// points. No branch reads a rounded construction, so the result is the one exact
/// arithmetic gives, for every finite input of every scalar type. The argument that each
/// branch is exact and the classification complete is in `proofs/tri_tri.md`.
///
/// Cost for `f64`: six plane-side signs (three with a shared normal per triangle, each
/// behind a floating-point filter), then two or three [`orient3d`] for the interval
/// comparison; the coplanar and degenerate cases run out of line.
///
/// # Conventions
///
/// Triangles are closed: boundary included. A triangle is three points (see
/// [`TriangleRef`]: arrays `[[T; 3]; 3]` and [`Triangle`] by value or by reference).
/// Vertex order (orientation) never changes an answer, and neither does swapping the two
/// triangles.
///
/// # Degenerate triangles
///
/// A triangle whose vertices are exactly collinear is read as the point set it is: the
/// segment between its two extreme vertices, or a single point if all three coincide. The
/// classification applies to those point sets with the same definitions (a segment's
/// relative interior is the segment without its end points; a point's is the point).
///
/// # Non-finite input
///
/// Never a panic: any NaN or infinite coordinate gives [`TriTri::Disjoint`];
/// [`try_tri_tri`] reports it instead.
///
/// # Examples
///
/// ```
/// use isect::overlap::{tri_tri, TriContact, TriTri};
/// use num_rational::BigRational;
///
/// let a = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]];
/// let b = [[1.0, 1.0, 0.0], [1.0, 1.0, 1.0], [0.0, 3.0, 1.0]]; // a vertex on a's edge
/// assert_eq!(tri_tri(a, b), TriTri::Touching { contact: TriContact::Point });
/// // 2^-60 higher, b floats just above a: no contact.
/// let up = 2f64.powi(-60);
/// let b2 = [[1.0, 1.0, up], [1.0, 1.0, 1.0], [0.0, 3.0, 1.0]];
/// assert_eq!(tri_tri(a, b2), TriTri::Disjoint);
/// // The same pair in rationals, by reference:
/// let q = |t: [[f64; 3]; 3]| t.map(|p| p.map(|x| BigRational::from_float(x).unwrap()));
/// assert_eq!(tri_tri(&q(a), &q(b)), TriTri::Touching { contact: TriContact::Point });
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
/// Exact for every finite input; degenerate triangles are read as in
/// [`tri_tri`](tri_tri#degenerate-triangles); `false` for any NaN or infinite coordinate
/// ([`try_tri_tri_intersect`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_tri_intersect;
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

/// [`tri_tri`] after validating both triangles.
///
/// # Errors
///
/// [`InputError::NonFinite`] for the first NaN or infinite coordinate (`argument` 0 for
/// `a`, 1 for `b`; `what: "vertex"`, `index` the vertex, `axis` the coordinate).
/// Degenerate triangles are valid input, read as the segment or point they are, as by
/// every other test ([`try_tri_aabb`](crate::overlap::try_tri_aabb) included).
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_tri_tri, TriContact, TriTri};
/// use isect::{InputError, NonFiniteValue};
/// let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let b = [[5.0, 0.0, 0.0], [6.0, 0.0, 0.0], [5.0, 1.0, 0.0]];
/// assert_eq!(try_tri_tri(a, b), Ok(TriTri::Disjoint));
/// // A degenerate triangle: the segment from (0, 0, 0) to (2, 2, 0), along a's diagonal.
/// let seg = [[0.0, 0.0, 0.0], [1.0, 1.0, 0.0], [2.0, 2.0, 0.0]];
/// assert_eq!(try_tri_tri(a, seg), Ok(TriTri::CoplanarOverlap));
/// let bad = [[0.0, 0.0, 0.0], [1.0, f64::INFINITY, 0.0], [0.0, 1.0, 0.0]];
/// assert_eq!(
///     try_tri_tri(a, bad),
///     Err(InputError::NonFinite {
///         argument: 1,
///         what: "vertex",
///         index: Some(1),
///         axis: Some(1),
///         value: NonFiniteValue::PosInfinity,
///     })
/// );
/// ```
pub fn try_tri_tri<A, B>(a: A, b: B) -> Result<TriTri, InputError>
where
    A: TriangleRef,
    B: TriangleRef<Scalar = A::Scalar>,
{
    a.validate(0)?;
    b.validate(1)?;
    Ok(tri_tri(a, b))
}

/// [`tri_tri_intersect`] after validating both triangles.
///
/// # Errors
///
/// As [`try_tri_tri`]: [`InputError::NonFinite`] for the first NaN or infinite
/// coordinate; degenerate triangles are valid input.
///
/// # Examples
///
/// ```
/// use isect::overlap::try_tri_tri_intersect;
/// let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let b = [[0.25, 0.25, -1.0], [0.25, 0.25, 1.0], [3.0, 3.0, 0.0]];
/// assert_eq!(try_tri_tri_intersect(a, b), Ok(true));
/// assert!(try_tri_tri_intersect(a, [[f64::NAN; 3]; 3]).is_err());
/// ```
pub fn try_tri_tri_intersect<A, B>(a: A, b: B) -> Result<bool, InputError>
where
    A: TriangleRef,
    B: TriangleRef<Scalar = A::Scalar>,
{
    a.validate(0)?;
    b.validate(1)?;
    Ok(tri_tri_intersect(a, b))
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
pub(crate) fn sides<T: Scalar>(p: [&[T; 3]; 3], xs: [&[T; 3]; 3]) -> [Sign; 3] {
    if let Some(s) = fast::sides(p, xs) {
        return s;
    }
    xs.map(|x| orient3d(p[0], p[1], p[2], x))
}

mod fast {
    //! The shared-normal plane-side filter for `f64` and `f32` (see `proofs/tri_tri.md`,
    //! section 2).
    use crate::scalar::as_f64_array;
    use crate::vec3::{dot, sub};
    use crate::{Scalar, Sign, orient3d};

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
        let a = as_f64_array(p[0])?;
        let b = as_f64_array(p[1])?;
        let c = as_f64_array(p[2])?;
        let x = [
            as_f64_array(xs[0])?,
            as_f64_array(xs[1])?,
            as_f64_array(xs[2])?,
        ];
        let (ba, ca) = (sub(&b, &a), sub(&c, &a));
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
            let d = sub(&x[i], &a);
            // n · (x − a) = −orient3d(a, b, c, x).
            let det = dot(&n, &d);
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
pub(super) fn all_same_strict(s: [Sign; 3]) -> bool {
    s[0] != Sign::Zero && s[0] == s[1] && s[1] == s[2]
}

#[inline(always)]
pub(super) fn all_zero(s: [Sign; 3]) -> bool {
    s == [Sign::Zero; 3]
}

// ---------------------------------------------------------------------------------------
// The non-coplanar case: intervals on the line where the planes meet
// ---------------------------------------------------------------------------------------

/// One end of a triangle's section with the other triangle's plane: the point where the
/// line through vertices `on` and `off` meets that plane. `off` is strictly off the plane;
/// `on` is on it or strictly on the other side (proofs/tri_tri.md, section 3).
#[derive(Clone, Copy, Debug)]
pub(super) struct End {
    pub(super) on: usize,
    pub(super) off: usize,
}

/// A triangle's section with the other plane, as its lower and upper end along the
/// direction `d = n_A × n_B` of the common line; `point` when the section is a single
/// vertex, `straddles` when the triangle has vertices strictly on both sides.
#[derive(Clone, Copy, Debug)]
pub(super) struct Section {
    pub(super) lo: End,
    pub(super) hi: End,
    point: bool,
    straddles: bool,
}

/// The section of a triangle whose vertex sides are `s` (not all zero, not all equal and
/// non-zero). `flip` is `Positive` for the first triangle and `Negative` for the second
/// (the direction `d` is `n_A × n_B`, which is `−(n_B × n_A)`).
#[inline(always)]
pub(super) fn section(s: [Sign; 3], flip: Sign) -> Section {
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
pub(super) fn compare<T: Scalar>(
    p: [&[T; 3]; 3],
    q: [&[T; 3]; 3],
    sp: [Sign; 3],
    sq: [Sign; 3],
    e: End,
    f: End,
) -> Sign {
    orient3d(p[e.off], q[f.on], q[f.off], p[e.on]) * sq[f.off] * sp[e.off]
}

/// [`tri_tri_intersect`] on vertex references (the mesh queries call it without cloning).
#[inline]
pub(crate) fn intersect<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> bool {
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
pub(super) fn classify<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> TriTri {
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
            TriContact::Point
        } else {
            TriContact::Segment
        },
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
