//! View frusta (Real-Time Rendering, 4th ed., section 22.14): the frustum type with
//! Gribb–Hartmann plane extraction, and the exact per-plane classifications of spheres,
//! AABBs and OBBs against it. The conservative float forms are in
//! `frustum_conservative.rs`.

use crate::error::check_point;
use crate::geometry::{Aabb, Obb, Plane, Sphere};
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::vec3::dot;
use crate::{InputError, NonFiniteValue, Scalar, Sign, Validate};

use super::plane_aabb::{PlaneBox, plane_aabb};
use super::plane_obb::plane_obb;

/// Where a volume lies with respect to a frustum, classified plane by plane
/// (RTR4 §22.14).
///
/// Each of the six planes is classified exactly ([`PlaneBox`]: the signs of integer
/// polynomials of the inputs), and the answer is `Outside` if the volume is strictly
/// outside some plane, `Inside` if it is strictly inside all six, else `Intersecting`.
///
/// | variant | meaning |
/// |---|---|
/// | [`Outside`](FrustumClass::Outside) | entirely on the outer side of some plane, not touching it: disjoint from the frustum |
/// | [`Inside`](FrustumClass::Inside) | strictly inside every plane: inside the frustum |
/// | [`Intersecting`](FrustumClass::Intersecting) | neither (touching counts here); possibly disjoint near a frustum corner |
///
/// The per-plane test is the classic one, and conservative: a volume outside the
/// frustum but not entirely outside any single plane (near a corner or edge of the
/// frustum, where two planes meet at an angle) is `Intersecting`. "Exact" means the
/// exact per-plane classification, not an exact intersection test with the frustum
/// solid; `Outside` and `Inside` are always true statements about the volume and the
/// frustum.
///
/// # Examples
///
/// ```
/// use isect::overlap::FrustumClass;
/// assert!(FrustumClass::Intersecting.intersects());
/// assert!(FrustumClass::Inside.intersects());
/// assert!(!FrustumClass::Outside.intersects());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrustumClass {
    /// Disjoint from the frustum (strictly outside one plane).
    Outside,
    /// Strictly inside all planes.
    Inside,
    /// Neither of the above.
    Intersecting,
}

impl FrustumClass {
    /// `true` unless [`FrustumClass::Outside`]: the volume may meet the frustum (it does
    /// for `Inside`; for `Intersecting`, see the corner limitation above). `false` proves
    /// the volume disjoint from the frustum: a view-frustum cull may drop it.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::FrustumClass;
    /// assert!(FrustumClass::Inside.intersects());
    /// ```
    #[inline]
    pub fn intersects(self) -> bool {
        self != FrustumClass::Outside
    }

    pub(super) fn combine(per_plane: impl IntoIterator<Item = PlaneBox>) -> FrustumClass {
        let mut all_inside = true;
        for c in per_plane {
            match c {
                PlaneBox::Outside => return FrustumClass::Outside,
                PlaneBox::Intersecting => all_inside = false,
                PlaneBox::Inside => {}
            }
        }
        if all_inside {
            FrustumClass::Inside
        } else {
            FrustumClass::Intersecting
        }
    }
}

/// The depth range of clip space a projection matrix targets.
///
/// # Examples
///
/// ```
/// use isect::overlap::DepthRange;
/// assert_ne!(DepthRange::OpenGl, DepthRange::Direct3D);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepthRange {
    /// `−w ≤ z ≤ w` (OpenGL).
    OpenGl,
    /// `0 ≤ z ≤ w` (Direct3D, Vulkan, Metal).
    Direct3D,
}

/// A frustum as six planes with **outward** normals: a point `x` is inside iff
/// `n·x + d ≤ 0` for every plane (the convention of [`PlaneBox`]: `Outside` is the
/// positive side). Order: left, right, bottom, top, near, far.
///
/// The planes need not come from a matrix nor bound a finite region; every test only
/// reads them one at a time.
///
/// # Examples
///
/// ```
/// use isect::overlap::{DepthRange, Frustum};
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl); // the cube [−1, 1]³
/// assert_eq!(f.planes[0].normal, [-1.0, 0.0, 0.0]); // left: −x − 1 ≤ 0
/// assert_eq!(f.planes[0].offset, -1.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Frustum<T> {
    /// Left, right, bottom, top, near, far; outward normals.
    pub planes: [Plane<T>; 6],
}

impl<T: Scalar> Frustum<T> {
    /// The frustum from six planes (outward normals), taken as given.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::Frustum;
    /// use isect::Plane;
    /// let p = Plane::new([0.0, 0.0, 1.0], -1.0);
    /// let f = Frustum::new(core::array::from_fn(|_| p.clone()));
    /// assert_eq!(f.planes[5], p);
    /// ```
    #[inline]
    pub fn new(planes: [Plane<T>; 6]) -> Frustum<T> {
        Frustum { planes }
    }

    /// The frustum of a view-projection matrix `m` (Gribb–Hartmann).
    ///
    /// `m` is row-major and acts on column vectors: clip = `m · (x, y, z, 1)ᵀ`, row `i` is
    /// `m[i]` (transpose a matrix stored for row vectors, as Direct3D math libraries
    /// often do, or stored column-major). With `rᵢ` the rows, the inside half-spaces are
    /// `r₃ + r₀ ≥ 0` (left), `r₃ − r₀ ≥ 0` (right), `r₃ ± r₁ ≥ 0` (bottom, top),
    /// `r₃ − r₂ ≥ 0` (far) and `r₃ + r₂ ≥ 0` (near, OpenGL) or `r₂ ≥ 0` (near,
    /// Direct3D); each plane stored is the negation, `(n, d) = −(rows)`, so normals point
    /// out. Planes are not normalised.
    ///
    /// Exact for rationals. For floats each coefficient is one rounded addition (so the
    /// planes are those of the matrix to within half an ulp per coefficient; the tests
    /// below are then exact for the stored planes). Non-finite entries give non-finite
    /// planes, which every test answers conservatively; never a panic.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::{frustum_aabb, DepthRange, Frustum, FrustumClass};
    /// use isect::Aabb;
    /// // A perspective projection looking down −z with near 1, far 3 and a 90° field of
    /// // view (OpenGL): x' = x, y' = y, z' = −2z − 3, w = −z.
    /// let m = [
    ///     [1.0, 0.0, 0.0, 0.0],
    ///     [0.0, 1.0, 0.0, 0.0],
    ///     [0.0, 0.0, -2.0, -3.0],
    ///     [0.0, 0.0, -1.0, 0.0],
    /// ];
    /// let f = Frustum::from_matrix(&m, DepthRange::OpenGl);
    /// let near = &f.planes[4]; // −(r₃ + r₂) = 3z + 3 ≤ 0: z ≤ −1
    /// assert_eq!((near.normal, near.offset), ([0.0, 0.0, 3.0], 3.0));
    /// let b = Aabb::new([-0.5, -0.5, -2.0], [0.5, 0.5, -1.5]);
    /// assert_eq!(frustum_aabb(&f, &b), FrustumClass::Inside);
    /// ```
    pub fn from_matrix(m: &[[T; 4]; 4], depth: DepthRange) -> Frustum<T> {
        let plane = |s: i8, r: usize| {
            // −(r₃ + s·r_r), s ∈ {1, −1}; s = 0 for −r_r alone.
            let c: [T; 4] = core::array::from_fn(|k| match s {
                1 => -(m[3][k].clone() + &m[r][k]),
                -1 => m[r][k].clone() - &m[3][k],
                _ => -m[r][k].clone(),
            });
            let [a, b, cc, d] = c;
            Plane::new([a, b, cc], d)
        };
        let near = match depth {
            DepthRange::OpenGl => plane(1, 2),
            DepthRange::Direct3D => plane(0, 2),
        };
        Frustum {
            planes: [
                plane(1, 0),
                plane(-1, 0),
                plane(1, 1),
                plane(-1, 1),
                near,
                plane(-1, 2),
            ],
        }
    }
}

// ---------------------------------------------------------------------------------------
// Exact forms
// ---------------------------------------------------------------------------------------

/// `s = n·c + d` or `s² − r²(n·n)`.
struct SpherePoly<'a, T> {
    p: &'a Plane<T>,
    s: &'a Sphere<T>,
    squared: bool,
}

impl<T> Polynomial<T> for SpherePoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let n = self.p.normal.each_ref().map(lift);
        let c = self.s.center.each_ref().map(lift);
        let s = dot(&n, &c) + lift(&self.p.offset);
        if !self.squared {
            return s;
        }
        let r = lift(&self.s.radius);
        s.clone() * s - r.clone() * r * dot(&n, &n)
    }
}

fn plane_sphere_exact<T: Scalar>(p: &Plane<T>, s: &Sphere<T>) -> PlaneBox {
    let ok = p.normal.iter().all(Scalar::is_finite)
        && p.offset.is_finite()
        && s.center.iter().all(Scalar::is_finite)
        && s.radius.is_finite();
    if !ok {
        return PlaneBox::Intersecting;
    }
    if s.radius < T::zero() {
        return PlaneBox::Outside;
    }
    let sign = polynomial_sign::<T, _>(&SpherePoly {
        p,
        s,
        squared: false,
    });
    if sign == Sign::Zero {
        return PlaneBox::Intersecting;
    }
    if polynomial_sign::<T, _>(&SpherePoly {
        p,
        s,
        squared: true,
    }) != Sign::Positive
    {
        return PlaneBox::Intersecting;
    }
    if sign == Sign::Positive {
        PlaneBox::Outside
    } else {
        PlaneBox::Inside
    }
}

/// Sphere against frustum, exact per plane.
///
/// Per plane, with `s = n·c + d`: strictly outside iff `s > 0` and `s² > r²(n·n)`,
/// strictly inside iff `s < 0` and `s² > r²(n·n)` (the distance from the centre to the
/// plane exceeds `r`); both are exact polynomial signs (degree 4), no square root. The
/// per-plane answers combine as [`FrustumClass`] describes (including the corner limitation).
///
/// Degenerate input, never a panic: a zero radius is a point. A NaN or infinite value in
/// a plane or the sphere makes that plane undecided (`Intersecting`), so a broken frustum
/// never culls; otherwise a negative radius (an empty sphere) is outside every plane. So
/// an empty sphere answers `Outside` unless the sphere or every plane is broken.
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_sphere, DepthRange, Frustum, FrustumClass};
/// use isect::Sphere;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl); // [−1, 1]³
/// assert_eq!(frustum_sphere(&f, &Sphere::new([0.0; 3], 0.5)), FrustumClass::Inside);
/// assert_eq!(frustum_sphere(&f, &Sphere::new([2.0, 0.0, 0.0], 1.0)), FrustumClass::Intersecting); // touches
/// assert_eq!(frustum_sphere(&f, &Sphere::new([2.0, 0.0, 0.0], 1.0f64.next_down())), FrustumClass::Outside);
/// ```
pub fn frustum_sphere<T: Scalar>(f: &Frustum<T>, s: &Sphere<T>) -> FrustumClass {
    FrustumClass::combine(f.planes.iter().map(|p| plane_sphere_exact(p, s)))
}

/// Like [`plane_aabb`] but a NaN or infinite plane is undecided (never culls).
pub(super) fn guard<T: Scalar>(p: &Plane<T>, c: impl FnOnce() -> PlaneBox) -> PlaneBox {
    if p.normal.iter().all(Scalar::is_finite) && p.offset.is_finite() {
        c()
    } else {
        PlaneBox::Intersecting
    }
}

/// Axis-aligned box against frustum, exact per plane ([`plane_aabb`] for each plane).
///
/// Degenerate input, never a panic: an empty box (`min > max` on an axis) answers
/// `Outside`; a NaN or infinite plane is undecided (`Intersecting`); a NaN or infinite
/// box answers `Outside` (as [`plane_aabb`] does).
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_aabb, DepthRange, Frustum, FrustumClass};
/// use isect::Aabb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::Direct3D); // [−1, 1]² × [0, 1]
/// let b = Aabb::new([-0.5, -0.5, -1.0], [0.5, 0.5, 0.0]);
/// assert_eq!(frustum_aabb(&f, &b), FrustumClass::Intersecting); // touches z = 0
/// let b = Aabb::new([-0.5, -0.5, -1.0], [0.5, 0.5, -(f64::MIN_POSITIVE)]);
/// assert_eq!(frustum_aabb(&f, &b), FrustumClass::Outside);
/// ```
pub fn frustum_aabb<T: Scalar>(f: &Frustum<T>, b: &Aabb<T>) -> FrustumClass {
    // The box's own degeneracies first, whatever the planes (an empty box is outside
    // even a frustum with a NaN plane).
    let bad = b.min.iter().chain(&b.max).any(|x| !x.is_finite());
    if bad || (0..3).any(|k| b.min[k] > b.max[k]) {
        return FrustumClass::Outside;
    }
    FrustumClass::combine(f.planes.iter().map(|p| guard(p, || plane_aabb(p, b))))
}

/// Oriented box against frustum, exact per plane ([`plane_obb`] for each plane; the box
/// is the exact parallelepiped of [`Obb`]).
///
/// Degenerate input, never a panic: a negative half extent (empty box) answers
/// `Outside`; a NaN or infinite plane is undecided (`Intersecting`); a NaN or infinite
/// box answers `Outside` (as [`plane_obb`] does).
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_obb, DepthRange, Frustum, FrustumClass};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// // A cube turned 45° about z, centre (2, 0, 0): its corner reaches x = 2 − 1 = 1.
/// let b = Obb::new([2.0, 0.0, 0.0], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.5; 3]);
/// assert_eq!(frustum_obb(&f, &b), FrustumClass::Intersecting); // its corner touches x = 1
/// ```
pub fn frustum_obb<T: Scalar>(f: &Frustum<T>, b: &Obb<T>) -> FrustumClass {
    // The box's own degeneracies first, whatever the planes.
    let bad = b
        .center
        .iter()
        .chain(b.axes.iter().flatten())
        .chain(&b.half_extents)
        .any(|x| !x.is_finite());
    if bad || b.half_extents.iter().any(|h| *h < T::zero()) {
        return FrustumClass::Outside;
    }
    FrustumClass::combine(f.planes.iter().map(|p| guard(p, || plane_obb(p, b))))
}

/// A frustum is valid when every plane coefficient is finite: a NaN or infinite one is
/// [`InputError::NonFinite`] with `index` the plane (0 = left, …, 5 = far) and `what`
/// `"normal"` (with its `axis`) or `"offset"`. A zero normal is valid: the plane
/// `0·x + d ≤ 0` holds everywhere (`d ≤ 0`) or nowhere (`d > 0`), as the far plane of an
/// infinite projection matrix does.
///
/// # Examples
///
/// ```
/// use isect::overlap::{DepthRange, Frustum};
/// use isect::{InputError, NonFiniteValue, Validate};
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let mut f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// assert_eq!(f.validate(0), Ok(()));
/// f.planes[3].offset = f64::INFINITY;
/// assert_eq!(
///     f.validate(0),
///     Err(InputError::NonFinite {
///         argument: 0,
///         what: "offset",
///         index: Some(3),
///         axis: None,
///         value: NonFiniteValue::PosInfinity,
///     })
/// );
/// ```
impl<T: Scalar> Validate for Frustum<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        for (i, p) in self.planes.iter().enumerate() {
            check_point(argument, "normal", Some(i), &p.normal)?;
            if !p.offset.is_finite() {
                return Err(InputError::NonFinite {
                    argument,
                    what: "offset",
                    index: Some(i),
                    axis: None,
                    value: NonFiniteValue::from(p.offset.to_f64()),
                });
            }
        }
        Ok(())
    }
}

/// [`frustum_sphere`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// The first problem [`Validate`] finds, the frustum (argument 0) first:
/// [`InputError::NonFinite`] (a plane coefficient, `index` the plane; the sphere's
/// `"center"` or `"radius"`), [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_frustum_sphere, DepthRange, Frustum, FrustumClass};
/// use isect::{InputError, Sphere};
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// assert_eq!(try_frustum_sphere(&f, &Sphere::new([0.0; 3], 0.5)), Ok(FrustumClass::Inside));
/// assert_eq!(
///     try_frustum_sphere(&f, &Sphere::new([0.0; 3], -0.5)),
///     Err(InputError::NegativeRadius { argument: 1 })
/// );
/// ```
pub fn try_frustum_sphere<T: Scalar>(
    f: &Frustum<T>,
    s: &Sphere<T>,
) -> Result<FrustumClass, InputError> {
    f.validate(0)?;
    s.validate(1)?;
    Ok(frustum_sphere(f, s))
}

/// [`frustum_aabb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// The first problem [`Validate`] finds, the frustum (argument 0) first:
/// [`InputError::NonFinite`] (a plane coefficient, `index` the plane; the box's `"min"`
/// or `"max"`), [`InputError::InvertedBox`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_frustum_aabb, DepthRange, Frustum, FrustumClass};
/// use isect::{Aabb, InputError};
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// assert_eq!(
///     try_frustum_aabb(&f, &Aabb::new([2.0; 3], [3.0; 3])),
///     Ok(FrustumClass::Outside)
/// );
/// assert_eq!(
///     try_frustum_aabb(&f, &Aabb::new([0.0; 3], [-1.0; 3])),
///     Err(InputError::InvertedBox { argument: 1, axis: 0 })
/// );
/// ```
pub fn try_frustum_aabb<T: Scalar>(
    f: &Frustum<T>,
    b: &Aabb<T>,
) -> Result<FrustumClass, InputError> {
    f.validate(0)?;
    b.validate(1)?;
    Ok(frustum_aabb(f, b))
}

/// [`frustum_obb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// The first problem [`Validate`] finds, the frustum (argument 0) first:
/// [`InputError::NonFinite`] (a plane coefficient, `index` the plane; the box's
/// `"center"`, `"axis"` or `"half extents"`), [`InputError::InvertedBox`] for a negative
/// half extent.
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_frustum_obb, DepthRange, Frustum, FrustumClass};
/// use isect::{InputError, Obb};
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// let axes = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// assert_eq!(
///     try_frustum_obb(&f, &Obb::new([0.0; 3], axes, [0.5; 3])),
///     Ok(FrustumClass::Inside)
/// );
/// assert_eq!(
///     try_frustum_obb(&f, &Obb::new([0.0; 3], axes, [0.5, 0.5, -0.5])),
///     Err(InputError::InvertedBox { argument: 1, axis: 2 })
/// );
/// ```
pub fn try_frustum_obb<T: Scalar>(f: &Frustum<T>, b: &Obb<T>) -> Result<FrustumClass, InputError> {
    f.validate(0)?;
    b.validate(1)?;
    Ok(frustum_obb(f, b))
}

/// [`frustum_sphere`]`(f, s).intersects()`: `false` only when the sphere is proven
/// disjoint from the frustum (strictly outside one plane); conservative near the
/// frustum's corners and edges ([`FrustumClass`]).
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_sphere_intersect, DepthRange, Frustum};
/// use isect::Sphere;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// assert!(frustum_sphere_intersect(&f, &Sphere::new([2.0, 0.0, 0.0], 1.0))); // touches x = 1
/// assert!(!frustum_sphere_intersect(&f, &Sphere::new([2.0, 0.0, 0.0], 0.5)));
/// ```
#[inline]
pub fn frustum_sphere_intersect<T: Scalar>(f: &Frustum<T>, s: &Sphere<T>) -> bool {
    frustum_sphere(f, s).intersects()
}

/// [`frustum_aabb`]`(f, b).intersects()`: `false` only when the box is proven disjoint
/// from the frustum (strictly outside one plane); conservative near the frustum's
/// corners and edges ([`FrustumClass`]).
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_aabb_intersect, DepthRange, Frustum};
/// use isect::Aabb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// assert!(frustum_aabb_intersect(&f, &Aabb::new([1.0; 3], [2.0; 3]))); // shares (1, 1, 1)
/// assert!(!frustum_aabb_intersect(&f, &Aabb::new([1.0f64.next_up(), 0.0, 0.0], [2.0; 3])));
/// ```
#[inline]
pub fn frustum_aabb_intersect<T: Scalar>(f: &Frustum<T>, b: &Aabb<T>) -> bool {
    frustum_aabb(f, b).intersects()
}

/// [`frustum_obb`]`(f, b).intersects()`: `false` only when the box is proven disjoint
/// from the frustum (strictly outside one plane); conservative near the frustum's
/// corners and edges ([`FrustumClass`]).
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_obb_intersect, DepthRange, Frustum};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// let turned = [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// // Centre (2, 0, 0), turned 45° about z: its corner reaches x = 1.
/// assert!(frustum_obb_intersect(&f, &Obb::new([2.0, 0.0, 0.0], turned, [0.5; 3])));
/// assert!(!frustum_obb_intersect(&f, &Obb::new([2.0f64.next_up(), 0.0, 0.0], turned, [0.5; 3])));
/// ```
#[inline]
pub fn frustum_obb_intersect<T: Scalar>(f: &Frustum<T>, b: &Obb<T>) -> bool {
    frustum_obb(f, b).intersects()
}

/// [`frustum_sphere_intersect`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// As [`try_frustum_sphere`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_frustum_sphere_intersect, DepthRange, Frustum};
/// use isect::Sphere;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// assert_eq!(try_frustum_sphere_intersect(&f, &Sphere::new([5.0; 3], 1.0)), Ok(false));
/// assert!(try_frustum_sphere_intersect(&f, &Sphere::new([f64::NAN; 3], 1.0)).is_err());
/// ```
pub fn try_frustum_sphere_intersect<T: Scalar>(
    f: &Frustum<T>,
    s: &Sphere<T>,
) -> Result<bool, InputError> {
    f.validate(0)?;
    s.validate(1)?;
    Ok(frustum_sphere_intersect(f, s))
}

/// [`frustum_aabb_intersect`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// As [`try_frustum_aabb`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_frustum_aabb_intersect, DepthRange, Frustum};
/// use isect::Aabb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::Direct3D);
/// assert_eq!(try_frustum_aabb_intersect(&f, &Aabb::new([0.0; 3], [1.0; 3])), Ok(true));
/// assert!(try_frustum_aabb_intersect(&f, &Aabb::new([0.0; 3], [f64::INFINITY; 3])).is_err());
/// ```
pub fn try_frustum_aabb_intersect<T: Scalar>(
    f: &Frustum<T>,
    b: &Aabb<T>,
) -> Result<bool, InputError> {
    f.validate(0)?;
    b.validate(1)?;
    Ok(frustum_aabb_intersect(f, b))
}

/// [`frustum_obb_intersect`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// As [`try_frustum_obb`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_frustum_obb_intersect, DepthRange, Frustum};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// let axes = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// assert_eq!(try_frustum_obb_intersect(&f, &Obb::new([3.0; 3], axes, [1.0; 3])), Ok(false));
/// ```
pub fn try_frustum_obb_intersect<T: Scalar>(
    f: &Frustum<T>,
    b: &Obb<T>,
) -> Result<bool, InputError> {
    f.validate(0)?;
    b.validate(1)?;
    Ok(frustum_obb_intersect(f, b))
}
