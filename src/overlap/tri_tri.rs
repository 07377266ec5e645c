//! The exact triangle/triangle decision, [`tri_tri`] and [`tri_tri_intersect`] (Guigue
//! and Devillers with exact orientation signs; proofs/tri_tri.md, sections 1–3), its
//! result types and [`TriangleRef`]. The coplanar and degenerate cases are in
//! `tri_tri_degenerate.rs`, the construction in `tri_tri_intersection.rs`, Möller's float
//! test in `tri_tri_moller.rs`.

use crate::{InputError, Scalar, Sign, Triangle, Validate, orient3d};

use core::hint::select_unpredictable;

use super::tri_tri_degenerate::cold;
use super::tri_tri_integer::in_integers;

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
/// Cost for `f64`: six plane-side signs (three per triangle, with a shared normal and one
/// floating-point error bound for the three), then two or three [`orient3d`] for the
/// interval comparison; the coplanar and degenerate cases run out of line. A nearly
/// coplanar pair (vertices within rounding of the other's plane) is decided whole in
/// 64- and 128-bit integers when its coordinates allow (`proofs/tri_tri.md`, section 9).
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
/// For `f64` (and `f32`, promoted exactly) the normal is computed once and the signs are
/// decided by one error bound for all of them (`proofs/tri_tri.md`, section 2); the signs
/// the bound cannot certify are computed exactly: read off the same determinants on grid
/// input (section 2), else several at a time with the normal shared (section 8), or by
/// [`orient3d`].
#[inline(always)]
pub(crate) fn sides<T: Scalar, const N: usize>(p: [&[T; 3]; 3], xs: [&[T; 3]; N]) -> [Sign; N] {
    if let Some(d) = fast::dets(p, xs) {
        return fast::signs(&d, p, xs);
    }
    xs.map(|x| orient3d(p[0], p[1], p[2], x))
}

/// [`sides`] when the shared-normal filter certifies every one (`f64` and `f32`), else
/// `None` (a side within the bound, or no float view): for callers with an exact path
/// of their own for the rest.
#[inline(always)]
pub(crate) fn certified_sides<T: Scalar, const N: usize>(
    p: [&[T; 3]; 3],
    xs: [&[T; 3]; N],
) -> Option<[Sign; N]> {
    fast::dets(p, xs).and_then(|d| fast::certified_signs(&d))
}

/// The six plane sides of the non-coplanar test, `(sp, sq)` with `sp[i] = o_B(pᵢ)` and
/// `sq[j] = o_A(qⱼ)`, or `None` when one triangle lies strictly on one side of the
/// other's plane (then the triangles are disjoint). The sides of `q` come first: when
/// they reject, the sides of `p` are never computed. Every sign exact: the filter's,
/// else the exact stages plane by plane.
#[inline(always)]
pub(super) fn plane_signs<T: Scalar>(
    p: [&[T; 3]; 3],
    q: [&[T; 3]; 3],
) -> Option<([Sign; 3], [Sign; 3])> {
    if let Some(dq) = fast::dets(p, q) {
        let sq = fast::signs_unless_one_side(&dq, p, q)?;
        if let Some(dp) = fast::dets(q, p) {
            return Some((fast::signs_unless_one_side(&dp, q, p)?, sq));
        }
    }
    let sq = sides(p, q);
    if all_same_strict(sq) {
        return None;
    }
    let sp = sides(q, p);
    if all_same_strict(sp) {
        return None;
    }
    Some((sp, sq))
}

/// The plane sides as the hot path sees them ([`planes`]).
pub(super) enum Planes {
    /// One triangle strictly on one side of the other's plane.
    Apart,
    /// `(sp, sq)` as in [`plane_signs`], every sign exact.
    Signs([Sign; 3], [Sign; 3]),
    /// Two or three vertices of one triangle within rounding of the other's plane and not
    /// known to be on it (their rounded determinants within the bound and not zero): the
    /// pair goes to [`near_pair`].
    Near,
    /// A side within the bound whose determinant rounded to zero, on a pair whose
    /// eighteen coordinates lie on orient3d's grid: every determinant of the test is exact
    /// in `f64` ([`grid_pair`]).
    Grid,
}

/// [`plane_signs`] on the hot path: for `f64` and `f32` the rejection is read off the
/// rounded determinants and their common bound with no branch per point
/// (`proofs/tri_tri.md`, section 2), and the signs of a plane whose determinants all
/// clear the bound are taken without a branch. A plane with two or three uncertain
/// determinants that did not round to zero makes the pair [`Planes::Near`]; one with
/// fewer (the others zero: a shared vertex, a vertex on the other's edge or face, exact
/// contacts) is decided out of line plane by plane, as in [`plane_signs`].
#[inline(always)]
fn planes<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> Planes {
    use fast::Certified;
    if let Some(dq) = fast::dets(p, q) {
        let sq = match fast::signs_unless_near(&dq, p, q) {
            Certified::OneSide => return Planes::Apart,
            Certified::Signs(s) => s,
            Certified::Near => return Planes::Near,
            Certified::Grid => return Planes::Grid,
        };
        if let Some(dp) = fast::dets(q, p) {
            return match fast::signs_unless_near(&dp, q, p) {
                Certified::OneSide => Planes::Apart,
                Certified::Signs(sp) => Planes::Signs(sp, sq),
                Certified::Near => Planes::Near,
                Certified::Grid => Planes::Grid,
            };
        }
    }
    match plane_signs(p, q) {
        None => Planes::Apart,
        Some((sp, sq)) => Planes::Signs(sp, sq),
    }
}

mod fast {
    //! The shared-normal plane-side filter for `f64` and `f32` (see `proofs/tri_tri.md`,
    //! section 2): the plane's normal once, the determinants in plain `f64`, and one
    //! semi-static error bound for all of them.
    use crate::predicates::{
        O3_GRID_BITS, coordinates_on_grid, orient3d_shared, short_significands,
    };
    use crate::scalar::as_f64_array;
    use crate::{Scalar, Sign, orient3d};
    use wide::f64x2;

    use super::all_same_strict;

    /// `2(7 + 56u)u` with `u = 2^-53` (exact in `f64`): twice Shewchuk's orient3d
    /// stage-A coefficient, which bounds the rounding error of this evaluation order;
    /// the factor 2 leaves room for the underflow term (proofs/tri_tri.md, section 2).
    pub(super) const ERRBOUND: f64 = 2.0 * (7.0 + 56.0 * f64::EPSILON / 2.0) * (f64::EPSILON / 2.0);
    /// `2^-1018`: the weight of `Σₖ Sₖ + 3` added to the permanent so that the bound also
    /// covers underflow (`ERRBOUND · 2^-1018 > 2^-1068`, far above the absolute underflow
    /// error `2^-1074(Σ|dₖ| + 3)(1 + u)³`); a normal number, and so is its product with
    /// `Σₖ Sₖ + 3 ≥ 3`.
    pub(super) const TINY: f64 = f64::from_bits((1023 - 1018) << 52);

    /// `n · (xᵢ − p₀) = −orient3d(p₀, p₁, p₂, xᵢ)` rounded, for each `i`, and a `bound`
    /// that every `|det[i]|` exceeding it certifies (proofs/tri_tri.md, section 2).
    pub(super) struct Dets<const N: usize> {
        pub(super) det: [f64; N],
        pub(super) bound: f64,
    }

    /// The [`Dets`] of `x` against the plane of `p`, `None` when `T` has no float view.
    #[inline(always)]
    pub(super) fn dets<T: Scalar, const N: usize>(
        p: [&[T; 3]; 3],
        xs: [&[T; 3]; N],
    ) -> Option<Dets<N>> {
        let a = &as_f64_array(p[0])?;
        let b = as_f64_array(p[1])?;
        let c = as_f64_array(p[2])?;
        let mut x = [[0.0; 3]; N];
        for i in 0..N {
            x[i] = as_f64_array(xs[i])?;
        }
        // Each point as its `(x, y)` pair in one `f64x2` and its `z` apart, so that every
        // operation below is the scalar formula's, lane by lane, in the same order: the
        // results are bit for bit those of proofs/tri_tri.md, section 2.
        let xy = |v: &[f64; 3]| f64x2::new([v[0], v[1]]);
        let (a2, az) = (xy(a), a[2]);
        // `b − a` and `c − a`: `(xb, yb, zb)` and `(xc, yc, zc)`.
        let (b2, zb) = (xy(&b) - a2, b[2] - az);
        let (c2, zc) = (xy(&c) - a2, c[2] - az);
        let ([xb, yb], [xc, yc]) = (b2.to_array(), c2.to_array());
        // The normal's two products per component, `(n₀, n₁)` packed and `n₂` apart.
        let m1 = f64x2::new([yb, zb]) * f64x2::new([zc, xc]);
        let m2 = f64x2::new([zb, xb]) * f64x2::new([yc, zc]);
        let (mz1, mz2) = (xb * yc, yb * xc);
        let (n2, nz) = (m1 - m2, mz1 - mz2);
        let (pn2, pnz) = (m1.abs() + m2.abs(), mz1.abs() + mz2.abs());
        let mut det = [0.0; N];
        let (mut s2, mut sz) = (f64x2::ZERO, 0.0);
        for i in 0..N {
            let (d2, dz) = (xy(&x[i]) - a2, x[i][2] - az);
            let [t0, t1] = (n2 * d2).to_array();
            det[i] = t0 + t1 + nz * dz;
            s2 += d2.abs();
            sz += dz.abs();
        }
        // Sums and products only (no max or min, which could drop a NaN): any non-finite
        // input or overflowed intermediate makes `bound` infinite or NaN, and then no
        // `|det| > bound` holds.
        let [w0, w1] = (pn2 * s2).to_array();
        let [s0, s1] = s2.to_array();
        let perm = w0 + w1 + pnz * sz;
        let bound = ERRBOUND * (perm + (s0 + s1 + sz + 3.0) * TINY);
        Some(Dets { det, bound })
    }

    /// Every `|det[i]| > bound`. The minimum drops a NaN operand, which is harmless:
    /// a NaN determinant comes with a non-finite bound (proofs/tri_tri.md, section 2),
    /// which no value exceeds.
    #[inline(always)]
    fn certain<const N: usize>(d: &Dets<N>) -> bool {
        d.det.iter().fold(f64::INFINITY, |m, v| min(m, v.abs())) > d.bound
    }

    /// `min(a, b)` as one instruction (`minsd`), with no care for NaN (see [`certain`]).
    #[inline(always)]
    fn min(a: f64, b: f64) -> f64 {
        if a < b { a } else { b }
    }

    /// `max(a, b)` as one instruction (`maxsd`), with no care for NaN.
    #[inline(always)]
    fn max(a: f64, b: f64) -> f64 {
        if a > b { a } else { b }
    }

    /// The sign of a certified determinant (`det = −orient3d`).
    #[inline(always)]
    fn sign_of(det: f64) -> Sign {
        if det > 0.0 {
            Sign::Negative
        } else {
            Sign::Positive
        }
    }

    /// The signs of `d` when every one clears the bound.
    #[inline(always)]
    pub(super) fn certified_signs<const N: usize>(d: &Dets<N>) -> Option<[Sign; N]> {
        certain(d).then(|| d.det.map(sign_of))
    }

    /// The exact signs `orient3d(p₀, p₁, p₂, xᵢ)`.
    #[inline(always)]
    pub(super) fn signs<T: Scalar, const N: usize>(
        d: &Dets<N>,
        p: [&[T; 3]; 3],
        xs: [&[T; 3]; N],
    ) -> [Sign; N] {
        if certain(d) {
            d.det.map(sign_of)
        } else {
            uncertain(d.det, d.bound, p, xs)
        }
    }

    /// The sides of three points against a plane, as [`signs_unless_near`] finds them.
    pub(super) enum Certified {
        /// All three strictly on one side.
        OneSide,
        /// The exact signs, not all equal and non-zero.
        Signs([Sign; 3]),
        /// Two or three determinants within the bound and not rounded to zero: points
        /// nearly on the plane.
        Near,
        /// A determinant within the bound rounded to zero, and the six points on
        /// orient3d's grid ([`on_grid`]).
        Grid,
    }

    /// What the rounded determinants `d` certify, with no branch per point: all three
    /// strictly on one side, or every sign. The branch random input mispredicts depends on
    /// the rounded determinants only, not on the longer computation of the bound: all
    /// three of one sign (one comparison, `max(min, −max) > 0`; a NaN determinant may be
    /// dropped by the extrema, but it comes with a NaN or infinite bound, so `certain`
    /// fails). The test of the bound comes second, and is almost always passed.
    #[inline(always)]
    fn certified(d: &Dets<3>) -> Option<Certified> {
        let [d0, d1, d2] = d.det;
        let (lo, hi) = (min(min(d0, d1), d2), max(max(d0, d1), d2));
        let one_side = max(lo, -hi) > 0.0;
        if !certain(d) {
            None
        } else if one_side {
            Some(Certified::OneSide)
        } else {
            Some(Certified::Signs(d.det.map(sign_of)))
        }
    }

    /// The exact signs of `xs` against the plane of `p` from their [`Dets`] `d`, or
    /// `None` if all three are equal and non-zero: [`certified`], and the exact stages for
    /// the sides it leaves uncertain.
    #[inline(always)]
    pub(super) fn signs_unless_one_side<T: Scalar>(
        d: &Dets<3>,
        p: [&[T; 3]; 3],
        xs: [&[T; 3]; 3],
    ) -> Option<[Sign; 3]> {
        match certified(d) {
            Some(Certified::OneSide) => None,
            Some(Certified::Signs(s)) => Some(s),
            _ => uncertain_unless_one_side(d, p, xs),
        }
    }

    /// [`signs_unless_one_side`], except that two or three determinants within the bound
    /// and not rounded to zero answer [`Certified::Near`] (the exact stages are left to
    /// the caller: a nearly coplanar pair). A single such point is decided here, for less
    /// than the whole pair in integers costs.
    #[inline(always)]
    pub(super) fn signs_unless_near<T: Scalar>(
        d: &Dets<3>,
        p: [&[T; 3]; 3],
        xs: [&[T; 3]; 3],
    ) -> Certified {
        if let Some(c) = certified(d) {
            return c;
        }
        let near = d
            .det
            .iter()
            .filter(|v| **v != 0.0 && v.abs() <= d.bound)
            .count();
        if near >= 2 {
            return Certified::Near;
        }
        // With none near, the determinants within the bound rounded to zero (or are not
        // finite): where grid input ends up.
        let [d0, d1, d2] = d.det;
        if near == 0 && on_grid(d0, d1, d2, [p[0], p[1], p[2], xs[0], xs[1], xs[2]]) {
            return Certified::Grid;
        }
        match uncertain_unless_one_side(d, p, xs) {
            None => Certified::OneSide,
            Some(s) => Certified::Signs(s),
        }
    }

    /// The exact signs when a determinant is within the bound ([`uncertain3`]), `None`
    /// for all three equal and non-zero.
    #[inline(always)]
    fn uncertain_unless_one_side<T: Scalar>(
        d: &Dets<3>,
        p: [&[T; 3]; 3],
        xs: [&[T; 3]; 3],
    ) -> Option<[Sign; 3]> {
        let [d0, d1, d2] = d.det;
        let s = uncertain3(d0, d1, d2, d.bound, [p[0], p[1], p[2], xs[0], xs[1], xs[2]]);
        if all_same_strict(s) { None } else { Some(s) }
    }

    /// [`uncertain`] for three points, from the rounded determinants and their bound
    /// (passed in registers, with the six vertex references, so that the hot path stores
    /// nothing for this call and the determinants are not recomputed).
    #[cold]
    #[inline(never)]
    fn uncertain3<T: Scalar>(d0: f64, d1: f64, d2: f64, bound: f64, v: [&[T; 3]; 6]) -> [Sign; 3] {
        uncertain([d0, d1, d2], bound, [v[0], v[1], v[2]], [v[3], v[4], v[5]])
    }

    /// The signs when some determinant is within the bound: those beyond it from their
    /// rounded value, the others exactly (zero at once for a vertex of the plane's
    /// triangle, a shared vertex of two mesh faces; on grid input read off the rounded
    /// determinant, [`grid_signs`]; else the shared-normal exact stages,
    /// [`orient3d_shared`], proofs/tri_tri.md section 8). Everything by value, so that the
    /// hot path keeps its operands in registers.
    #[cold]
    #[inline(never)]
    fn uncertain<T: Scalar, const N: usize>(
        det: [f64; N],
        bound: f64,
        p: [&[T; 3]; 3],
        xs: [&[T; 3]; N],
    ) -> [Sign; N] {
        let mut out = [Sign::Zero; N];
        let mut need = [false; N];
        // A rounded zero at a point with few significant bits is where grid input (a
        // vertex exactly on the other's edge or face) ends up: there the grid test is
        // tried first. On grid input a non-zero exact determinant is almost always
        // certified; rounded input (nearly coplanar points give rounded zeros too) fails
        // the bit test at once.
        let mut zero = false;
        for i in 0..N {
            if det[i].abs() > bound {
                out[i] = sign_of(det[i]);
            } else if !p.contains(&xs[i]) {
                need[i] = true;
                zero |=
                    det[i] == 0.0 && as_f64_array(xs[i]).is_some_and(|x| short_significands(&x));
            }
        }
        if zero {
            let grid = grid_signs(det, p, xs, need);
            for i in 0..N {
                if let Some(s) = grid[i] {
                    out[i] = s;
                    need[i] = false;
                    #[cfg(all(test, feature = "std"))]
                    GRID_SIGNS.with(|c| c.set(c.get() + 1));
                }
            }
        }
        if need.contains(&true) {
            exact(p, xs, need, &mut out);
        }
        out
    }

    /// The signs of the points with `need` set that [`grid_sign`] reads off their
    /// determinants, when the plane passes [`coarse_plane`]; `None` for the others. Out of
    /// line, and everything by value, so that the other undecided sides do not carry its
    /// registers.
    #[inline(never)]
    pub(super) fn grid_signs<T: Scalar, const N: usize>(
        det: [f64; N],
        p: [&[T; 3]; 3],
        xs: [&[T; 3]; N],
        need: [bool; N],
    ) -> [Option<Sign>; N] {
        let mut out = [None; N];
        if let Some(plane) = coarse_plane(p) {
            for i in 0..N {
                if need[i] {
                    out[i] = grid_sign(det[i], plane, xs[i]);
                }
            }
        }
        out
    }

    #[cfg(all(test, feature = "std"))]
    std::thread_local! {
        /// How many signs [`uncertain`] took from [`grid_signs`] on this thread (tests
        /// only, to check that the generators reach the path: per thread, so that the
        /// tests running beside one another do not add to each other's count).
        pub(super) static GRID_SIGNS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    }

    /// Whether a determinant `dᵢ` of the points `v[3..]` against the plane of `v[..3]`
    /// rounded to zero at a point with few significant bits (grid input: a vertex exactly
    /// on the other triangle's edge or face, or a shared vertex), and the six points lie
    /// on orient3d's grid together ([`pair_on_grid`]). Everything by value, so that the
    /// hot path stores nothing for this call.
    #[cold]
    #[inline(never)]
    fn on_grid<T: Scalar>(d0: f64, d1: f64, d2: f64, v: [&[T; 3]; 6]) -> bool {
        let zero_at = |d: f64, p: &[T; 3]| {
            d == 0.0 && as_f64_array(p).is_some_and(|p| short_significands(&p))
        };
        (zero_at(d0, v[3]) || zero_at(d1, v[4]) || zero_at(d2, v[5])) && pair_on_grid(v)
    }

    /// Whether the eighteen coordinates of the six points have float views that lie on
    /// orient3d's grid together ([`coordinates_on_grid`] with [`O3_GRID_BITS`]): then
    /// every determinant [`dets`] computes on four of them is exact (proofs/tri_tri.md,
    /// section 2, "Grid input").
    #[inline(always)]
    pub(super) fn pair_on_grid<T: Scalar>(v: [&[T; 3]; 6]) -> bool {
        let mut x = [0.0; 18];
        for (k, p) in v.into_iter().enumerate() {
            match as_f64_array(p) {
                Some(p) => x[3 * k..3 * k + 3].copy_from_slice(&p),
                None => return false,
            }
        }
        short_significands(&x) && coordinates_on_grid(&x, O3_GRID_BITS)
    }

    /// The exact signs `orient3d(p₀, p₁, p₂, xᵢ)` from the [`Dets`] of points on
    /// orient3d's grid ([`on_grid`]): the signs of the rounded determinants, which are
    /// exact there.
    #[inline(always)]
    pub(super) fn grid_signs_of<const N: usize>(d: &Dets<N>) -> [Sign; N] {
        d.det.map(|v| -Sign::of(v))
    }

    /// The plane's points as `f64` when their nine coordinates pass
    /// [`short_significands`] (every value on orient3d's grid does, so that [`grid_sign`]
    /// may serve), else `None`: once per plane.
    #[inline(always)]
    fn coarse_plane<T: Scalar>(p: [&[T; 3]; 3]) -> Option<[f64; 9]> {
        let [a, b, c] = p.map(as_f64_array);
        let (a, b, c) = (a?, b?, c?);
        let v = [a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]];
        short_significands(&v).then_some(v)
    }

    /// The exact sign `orient3d(p₀, p₁, p₂, x)` read off the rounded determinant
    /// `det = n·(x − p₀)` of [`dets`] when its evaluation made no rounding error: when the
    /// twelve coordinates (`plane`, the nine of `p₀, p₁, p₂`, and `x`'s) lie on orient3d's
    /// grid ([`O3_GRID_BITS`] bits below their largest magnitude), every difference,
    /// product and sum of [`dets`] is exact (proofs/tri_tri.md, section 2, "Grid input"),
    /// zeros included. `None` otherwise. This is the usual exactly degenerate input: a
    /// vertex on an edge or a face of the other triangle, on a grid.
    #[inline(always)]
    fn grid_sign<T: Scalar>(det: f64, plane: [f64; 9], x: &[T; 3]) -> Option<Sign> {
        let x = as_f64_array(x)?;
        let mut v = [0.0; 12];
        v[..9].copy_from_slice(&plane);
        v[9..].copy_from_slice(&x);
        if !short_significands(&x) || !coordinates_on_grid(&v, O3_GRID_BITS) {
            return None;
        }
        // `det = −orient3d`.
        Some(-Sign::of(det))
    }

    /// The exact signs of the points with `need` set: through the shared normal for floats
    /// (their exact `f64` views) when it serves, with [`orient3d`] otherwise. A single point
    /// of several (in the distributions of issue 17, a point within rounding of the plane)
    /// costs less through `orient3d` than through a normal computed for it alone; a
    /// one-point plane (an interval comparison) or several points gain from the shared
    /// stages (measured: docs/BENCHMARKS.md, issue 17).
    fn exact<T: Scalar, const N: usize>(
        p: [&[T; 3]; 3],
        xs: [&[T; 3]; N],
        need: [bool; N],
        out: &mut [Sign; N],
    ) {
        let shared = N == 1 || need.iter().filter(|&&n| n).count() >= 2;
        if shared
            && let (Some(a), Some(b), Some(c)) =
                (as_f64_array(p[0]), as_f64_array(p[1]), as_f64_array(p[2]))
        {
            let mut x = [[0.0; 3]; N];
            let mut ok = true;
            for i in 0..N {
                match as_f64_array(xs[i]) {
                    Some(v) => x[i] = v,
                    None => ok = false,
                }
            }
            if ok {
                return orient3d_shared([&a, &b, &c], x.each_ref(), need, out);
            }
        }
        for i in 0..N {
            if need[i] {
                out[i] = orient3d(p[0], p[1], p[2], xs[i]);
            }
        }
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
/// (the direction `d` is `n_A × n_B`, which is `−(n_B × n_A)`). A table lookup on the
/// sign pattern, so that no branch depends on the signs.
#[inline(always)]
pub(super) fn section(s: [Sign; 3], flip: Sign) -> Section {
    let i = 9 * (s[0] as i8 + 1) + 3 * (s[1] as i8 + 1) + (s[2] as i8 + 1);
    let t = SECTIONS[i as usize];
    if flip == Sign::Positive {
        t
    } else {
        Section {
            lo: t.hi,
            hi: t.lo,
            ..t
        }
    }
}

/// [`section`] with `flip` Positive for every sign pattern, indexed by
/// `9(s₀ + 1) + 3(s₁ + 1) + (s₂ + 1)` (the two patterns `section` never sees, all zero and
/// all equal non-zero, hold a placeholder).
const SECTIONS: [Section; 27] = {
    let placeholder = End { on: 0, off: 0 };
    let mut t = [Section {
        lo: placeholder,
        hi: placeholder,
        point: false,
        straddles: false,
    }; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = section_of([
            (i / 9) as i8 - 1,
            ((i / 3) % 3) as i8 - 1,
            (i % 3) as i8 - 1,
        ]);
        i += 1;
    }
    t
};

/// The section for the sides `s` (as `−1, 0, 1`) and `flip` Positive.
const fn section_of(s: [i8; 3]) -> Section {
    // The apex: strictly on one side, with the other two on the plane or strictly on the
    // other side.
    let mut a = 0;
    while a < 3 {
        let (b, c) = ((a + 1) % 3, (a + 2) % 3);
        if s[a] != 0 && s[b] != s[a] && s[c] != s[a] {
            let eb = End { on: b, off: a };
            let ec = End { on: c, off: a };
            // Along d the end on edge (a, c) follows the end on edge (a, b) exactly when
            // the apex side (times `flip`) is Positive (proofs/tri_tri.md, section 3).
            let (lo, hi) = if s[a] > 0 { (eb, ec) } else { (ec, eb) };
            return Section {
                lo,
                hi,
                point: false,
                straddles: s[b] == -s[a] || s[c] == -s[a],
            };
        }
        a += 1;
    }
    // Otherwise exactly one vertex is on the plane and the other two strictly on one side:
    // the section is that vertex.
    let z = if s[0] == 0 {
        0
    } else if s[1] == 0 {
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
    // orient3d through the plane-side filter: its permanent bound is tighter than
    // orient3d's semi-static one on the nearly coplanar quadruples of near-coplanar pairs.
    let [o] = sides(
        [pick(p, e.off), pick(q, f.on), pick(q, f.off)],
        [pick(p, e.on)],
    );
    o * pick(sq, f.off) * pick(sp, e.off)
}

/// `t[i]` for `i < 3` as two conditional moves rather than an indexed load or branches
/// (which the sign patterns of random input would mispredict), so that the array of
/// vertex references can stay in registers on the hot path.
#[inline(always)]
fn pick<X: Copy>(t: [X; 3], i: usize) -> X {
    select_unpredictable(i == 0, t[0], select_unpredictable(i == 1, t[1], t[2]))
}

/// [`tri_tri_intersect`] on vertex references (the mesh queries call it without cloning).
#[inline]
pub(crate) fn intersect<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> bool {
    let (sp, sq) = match planes(p, q) {
        Planes::Apart => return false,
        Planes::Signs(sp, sq) => (sp, sq),
        Planes::Near => {
            return near_pair(p[0], p[1], p[2], q[0], q[1], q[2]).intersects();
        }
        Planes::Grid => {
            return grid_pair(p[0], p[1], p[2], q[0], q[1], q[2]).intersects();
        }
    };
    if all_zero(sq) || all_zero(sp) {
        return cold_refs(p[0], p[1], p[2], q[0], q[1], q[2]).intersects();
    }
    let (a, b) = (section(sp, Sign::Positive), section(sq, Sign::Negative));
    // The intervals [a.lo, a.hi] and [b.lo, b.hi] on the common line overlap.
    compare(p, q, sp, sq, a.lo, b.hi) != Sign::Negative
        && compare(p, q, sp, sq, a.hi, b.lo) != Sign::Positive
}

/// [`cold`] with each vertex reference an argument of its own (in registers), so that the
/// hot path stores nothing for this call.
#[cold]
#[inline(never)]
fn cold_refs<'a, T: Scalar>(
    p0: &'a [T; 3],
    p1: &'a [T; 3],
    p2: &'a [T; 3],
    q0: &'a [T; 3],
    q1: &'a [T; 3],
    q2: &'a [T; 3],
) -> TriTri {
    cold([p0, p1, p2], [q0, q1, q2])
}

/// A pair with a vertex within rounding of the other's plane ([`Planes::Near`]), each
/// vertex reference an argument of its own: the whole pair in integers when its six
/// vertices allow it ([`in_integers`], proofs/tri_tri.md section 9), else plane by plane
/// through the exact stages ([`plane_signs`]).
#[cold]
#[inline(never)]
fn near_pair<'a, T: Scalar>(
    p0: &'a [T; 3],
    p1: &'a [T; 3],
    p2: &'a [T; 3],
    q0: &'a [T; 3],
    q1: &'a [T; 3],
    q2: &'a [T; 3],
) -> TriTri {
    let (p, q) = ([p0, p1, p2], [q0, q1, q2]);
    if let Some(t) = in_integers(p, q) {
        return t;
    }
    match plane_signs(p, q) {
        None => TriTri::Disjoint,
        Some((sp, sq)) => classify_signs(p, q, sp, sq),
    }
}

/// A pair on orient3d's grid ([`Planes::Grid`]), each vertex reference an argument of its
/// own (as for [`near_pair`]): every orientation of the test, plane sides and interval
/// comparisons, through the plane-side filter's evaluation, whose rounded value is exact
/// there (proofs/tri_tri.md, section 2, "The whole pair on the grid").
#[cold]
#[inline(never)]
fn grid_pair<'a, T: Scalar>(
    p0: &'a [T; 3],
    p1: &'a [T; 3],
    p2: &'a [T; 3],
    q0: &'a [T; 3],
    q1: &'a [T; 3],
    q2: &'a [T; 3],
) -> TriTri {
    let (p, q) = ([p0, p1, p2], [q0, q1, q2]);
    #[cfg(all(test, feature = "std"))]
    GRID_PAIRS.with(|c| c.set(c.get() + 1));
    let exact = |p, xs| match fast::dets(p, xs) {
        Some(d) => fast::grid_signs_of(&d),
        None => sides(p, xs),
    };
    decide_pair(
        p,
        q,
        || exact(p, q),
        || exact(q, p),
        |sp, sq| OnGrid { p, q, sp, sq },
    )
}

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// How many pairs [`grid_pair`] decided on this thread (tests only, to check that the
    /// generators reach it).
    static GRID_PAIRS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// [`Order`] of a pair on orient3d's grid ([`grid_pair`]).
struct OnGrid<'a, T> {
    p: [&'a [T; 3]; 3],
    q: [&'a [T; 3]; 3],
    sp: [Sign; 3],
    sq: [Sign; 3],
}

impl<T: Scalar> Order for OnGrid<'_, T> {
    #[inline(always)]
    fn order(&self, e: End, f: End) -> Sign {
        let (p, q) = (self.p, self.q);
        match fast::dets([p[e.off], q[f.on], q[f.off]], [p[e.on]]) {
            Some(d) => fast::grid_signs_of(&d)[0] * self.sq[f.off] * self.sp[e.off],
            None => compare(p, q, self.sp, self.sq, e, f),
        }
    }
}

#[inline]
pub(super) fn classify<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> TriTri {
    match planes(p, q) {
        Planes::Apart => TriTri::Disjoint,
        Planes::Signs(sp, sq) => classify_signs(p, q, sp, sq),
        Planes::Near => near_pair(p[0], p[1], p[2], q[0], q[1], q[2]),
        Planes::Grid => grid_pair(p[0], p[1], p[2], q[0], q[1], q[2]),
    }
}

/// [`classify`] from the exact plane sides (not all equal and non-zero).
#[inline(always)]
fn classify_signs<T: Scalar>(
    p: [&[T; 3]; 3],
    q: [&[T; 3]; 3],
    sp: [Sign; 3],
    sq: [Sign; 3],
) -> TriTri {
    if all_zero(sq) || all_zero(sp) {
        return cold_refs(p[0], p[1], p[2], q[0], q[1], q[2]);
    }
    decide(sp, sq, &Floats { p, q, sp, sq })
}

/// The order of two section ends, `pos(f) − pos(e)` along the common line, for an end `e`
/// of A's section and an end `f` of B's ([`compare`]; proofs/tri_tri.md, section 3). A
/// trait with an always-inlined method rather than a closure: LLVM leaves such a closure,
/// called twice, out of line in [`classify`].
pub(super) trait Order {
    /// The sign of `pos(f) − pos(e)`.
    fn order(&self, e: End, f: End) -> Sign;
}

/// [`Order`] from the input points through [`compare`].
struct Floats<'a, T> {
    p: [&'a [T; 3]; 3],
    q: [&'a [T; 3]; 3],
    sp: [Sign; 3],
    sq: [Sign; 3],
}

impl<T: Scalar> Order for Floats<'_, T> {
    #[inline(always)]
    fn order(&self, e: End, f: End) -> Sign {
        compare(self.p, self.q, self.sp, self.sq, e, f)
    }
}

/// The classification of `(p, q)` from an exact source of every orientation: the sides
/// `sq` of `q` against `p`'s plane (computed first: when they reject, `sp` is never
/// computed), then the sides `sp` of `p`, then [`decide`] with the order of the ends that
/// `order` builds from them; a coplanar or degenerate pair goes to [`cold`] on the input.
/// The stages that decide a whole pair at once (on orient3d's grid, [`grid_pair`]; in
/// integers, [`in_integers`]) share it.
#[inline(always)]
pub(super) fn decide_pair<T: Scalar, O: Order>(
    p: [&[T; 3]; 3],
    q: [&[T; 3]; 3],
    sq: impl FnOnce() -> [Sign; 3],
    sp: impl FnOnce() -> [Sign; 3],
    order: impl FnOnce([Sign; 3], [Sign; 3]) -> O,
) -> TriTri {
    let sq = sq();
    if all_same_strict(sq) {
        return TriTri::Disjoint;
    }
    let sp = sp();
    if all_same_strict(sp) {
        return TriTri::Disjoint;
    }
    if all_zero(sq) || all_zero(sp) {
        return cold(p, q);
    }
    decide(sp, sq, &order(sp, sq))
}

/// The classification of a pair that is not coplanar from its exact plane sides (neither
/// triangle all zero, nor all equal and non-zero) and the order of the sections' ends
/// (proofs/tri_tri.md, section 3).
#[inline(always)]
pub(super) fn decide(sp: [Sign; 3], sq: [Sign; 3], ends: &impl Order) -> TriTri {
    let (a, b) = (section(sp, Sign::Positive), section(sq, Sign::Negative));
    let c1 = ends.order(a.lo, b.hi); // sign of b.hi − a.lo
    if c1 == Sign::Negative {
        return TriTri::Disjoint;
    }
    let c2 = ends.order(a.hi, b.lo); // sign of b.lo − a.hi
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
#[path = "tri_tri_tests.rs"]
pub(crate) mod tests;
