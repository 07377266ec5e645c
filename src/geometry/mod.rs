//! Plain geometric data types, generic over [`Scalar`]: [`Ray`], [`Segment`], [`Triangle`],
//! [`Plane`], [`Sphere`], [`Aabb`], [`Obb`], [`Polygon`].
//!
//! Points and vectors are arrays `[T; 3]`, so every type converts to and from the arrays
//! other libraries already use. The types hold their inputs exactly as given; every test
//! reads them as exact numbers (a ray's direction is not normalized, a box's axes are not
//! orthonormalized), so there is no hidden rounding between what you pass and what is
//! decided.
//!
//! Plain constructors (`new`) accept anything and never panic; each test documents what
//! it answers for degenerate or non-finite shapes. The `try_new` constructors check the
//! shape with [`Validate`] and return the [`InputError`] naming what is wrong; every type
//! here implements [`Validate`], which is what each test's `try_` form calls.

use crate::error::{check_number, check_point};
use crate::{InputError, Scalar, Validate};

fn is_zero_vector<T: Scalar>(v: &[T; 3]) -> bool {
    v.iter().all(|x| x.is_zero())
}

/// A ray: the points `origin + t·direction` for `t ≥ 0`.
///
/// The direction need not be normalized; `t` in every answer is measured in units of it.
///
/// # Examples
///
/// ```
/// use isect::Ray;
/// let ray = Ray::new([0.0, 0.0, -1.0], [0.0, 0.0, 2.0]);
/// assert_eq!(ray.at(1.5), [0.0, 0.0, 2.0]);
/// let ray32 = Ray::new([0.0_f32; 3], [1.0, 0.0, 0.0]);
/// assert_eq!(ray32.direction[0], 1.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Ray<T> {
    /// The start point.
    pub origin: [T; 3],
    /// The direction (not necessarily unit length).
    pub direction: [T; 3],
}

impl<T: Scalar> Ray<T> {
    /// A ray from `origin` along `direction`, taken as given.
    ///
    /// # Examples
    ///
    /// ```
    /// let ray = isect::Ray::new([1.0, 2.0, 3.0], [0.0, 1.0, 0.0]);
    /// assert_eq!(ray.origin, [1.0, 2.0, 3.0]);
    /// ```
    #[inline]
    pub fn new(origin: [T; 3], direction: [T; 3]) -> Ray<T> {
        Ray { origin, direction }
    }

    /// Like [`Ray::new`], but refuses non-finite coordinates and a zero direction.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{InputError, NonFiniteValue, Ray};
    /// assert!(Ray::try_new([0.0; 3], [1.0, 0.0, 0.0]).is_ok());
    /// assert_eq!(
    ///     Ray::try_new([0.0, f64::NAN, 0.0], [1.0, 0.0, 0.0]),
    ///     Err(InputError::NonFinite {
    ///         argument: 0,
    ///         what: "origin",
    ///         index: None,
    ///         axis: Some(1),
    ///         value: NonFiniteValue::NaN,
    ///     })
    /// );
    /// ```
    pub fn try_new(origin: [T; 3], direction: [T; 3]) -> Result<Ray<T>, InputError> {
        let ray = Ray { origin, direction };
        ray.validate(0)?;
        Ok(ray)
    }

    /// The point `origin + t·direction`, computed in `T` (rounded for floats).
    ///
    /// # Examples
    ///
    /// ```
    /// let ray = isect::Ray::new([1.0, 0.0, 0.0], [1.0, 1.0, 0.0]);
    /// assert_eq!(ray.at(2.0), [3.0, 2.0, 0.0]);
    /// ```
    pub fn at(&self, t: T) -> [T; 3] {
        core::array::from_fn(|k| self.origin[k].clone() + t.clone() * self.direction[k].clone())
    }
}

/// A closed line segment from `a` to `b`.
///
/// # Examples
///
/// ```
/// let s = isect::Segment::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
/// assert_eq!(s.b, [1.0; 3]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Segment<T> {
    /// One end point.
    pub a: [T; 3],
    /// The other end point.
    pub b: [T; 3],
}

impl<T: Scalar> Segment<T> {
    /// The segment from `a` to `b`.
    ///
    /// # Examples
    ///
    /// ```
    /// let s = isect::Segment::new([0.0_f32; 3], [0.0, 0.0, 1.0]);
    /// assert_eq!(s.a, [0.0; 3]);
    /// ```
    #[inline]
    pub fn new(a: [T; 3], b: [T; 3]) -> Segment<T> {
        Segment { a, b }
    }
}

/// A triangle with vertices `a`, `b`, `c`.
///
/// Its orientation is the order of the vertices: the normal `(b − a) × (c − a)` points to
/// the side from which `a, b, c` appear counterclockwise (the *front* side).
///
/// # Examples
///
/// ```
/// let t = isect::Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// assert_eq!(*t.vertices()[2], [0.0, 1.0, 0.0]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Triangle<T> {
    /// First vertex.
    pub a: [T; 3],
    /// Second vertex.
    pub b: [T; 3],
    /// Third vertex.
    pub c: [T; 3],
}

impl<T: Scalar> Triangle<T> {
    /// The triangle `a, b, c`.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = isect::Triangle::new([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    /// assert_eq!(t.a, [0.0; 3]);
    /// ```
    #[inline]
    pub fn new(a: [T; 3], b: [T; 3], c: [T; 3]) -> Triangle<T> {
        Triangle { a, b, c }
    }

    /// The vertices as an array `[a, b, c]` (by reference).
    ///
    /// # Examples
    ///
    /// ```
    /// let t = isect::Triangle::new([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    /// assert_eq!(t.vertices().len(), 3);
    /// ```
    #[inline]
    pub fn vertices(&self) -> [&[T; 3]; 3] {
        [&self.a, &self.b, &self.c]
    }

    /// `true` when the three vertices are exactly collinear (including repeated
    /// vertices): the triangle has no interior and no normal.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::Triangle;
    /// assert!(Triangle::new([0.0; 3], [1.0, 1.0, 1.0], [3.0, 3.0, 3.0]).is_degenerate());
    /// assert!(!Triangle::new([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]).is_degenerate());
    /// ```
    pub fn is_degenerate(&self) -> bool {
        crate::predicates::collinear3(&self.a, &self.b, &self.c)
    }
}

/// A plane `{x : normal · x + offset = 0}` (RTR's `n·x + d = 0`).
///
/// The normal need not be unit length. The *positive* side is where
/// `normal · x + offset > 0`.
///
/// # Examples
///
/// ```
/// // z = 2, positive side above.
/// let p = isect::Plane::new([0.0, 0.0, 1.0], -2.0);
/// assert_eq!(p.offset, -2.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Plane<T> {
    /// The normal vector (any non-zero length).
    pub normal: [T; 3],
    /// The offset `d` in `n·x + d = 0`.
    pub offset: T,
}

impl<T: Scalar> Plane<T> {
    /// The plane `normal · x + offset = 0`.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = isect::Plane::new([1.0_f32, 0.0, 0.0], 0.0);
    /// assert_eq!(p.normal[0], 1.0);
    /// ```
    #[inline]
    pub fn new(normal: [T; 3], offset: T) -> Plane<T> {
        Plane { normal, offset }
    }
}

/// A closed ball: the points within `radius` of `center`.
///
/// # Examples
///
/// ```
/// let s = isect::Sphere::new([0.0; 3], 1.5);
/// assert_eq!(s.radius, 1.5);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Sphere<T> {
    /// The centre.
    pub center: [T; 3],
    /// The radius (a negative radius makes the sphere empty for every test).
    pub radius: T,
}

impl<T: Scalar> Sphere<T> {
    /// The sphere with the given centre and radius.
    ///
    /// # Examples
    ///
    /// ```
    /// let s = isect::Sphere::new([1.0, 2.0, 3.0], 0.5);
    /// assert_eq!(s.center, [1.0, 2.0, 3.0]);
    /// ```
    #[inline]
    pub fn new(center: [T; 3], radius: T) -> Sphere<T> {
        Sphere { center, radius }
    }

    /// Like [`Sphere::new`], but refuses non-finite values and a negative radius.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{InputError, Sphere};
    /// assert_eq!(
    ///     Sphere::try_new([0.0; 3], -1.0),
    ///     Err(InputError::NegativeRadius { argument: 0 })
    /// );
    /// ```
    pub fn try_new(center: [T; 3], radius: T) -> Result<Sphere<T>, InputError> {
        let sphere = Sphere { center, radius };
        sphere.validate(0)?;
        Ok(sphere)
    }
}

/// An axis-aligned box: the points `x` with `min[k] ≤ x[k] ≤ max[k]` on every axis
/// (closed). A box with `min[k] > max[k]` on some axis is empty.
///
/// # Examples
///
/// ```
/// let b = isect::Aabb::new([0.0; 3], [1.0, 2.0, 3.0]);
/// assert!(b.contains_point(&[1.0, 2.0, 0.0]));
/// assert!(!b.contains_point(&[1.0, 2.0, 3.5]));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Aabb<T> {
    /// The lower corner.
    pub min: [T; 3],
    /// The upper corner.
    pub max: [T; 3],
}

impl<T: Scalar> Aabb<T> {
    /// The box with corners `min` and `max`, taken as given.
    ///
    /// # Examples
    ///
    /// ```
    /// let b = isect::Aabb::new([-1.0_f32; 3], [1.0; 3]);
    /// assert_eq!(b.max, [1.0; 3]);
    /// ```
    #[inline]
    pub fn new(min: [T; 3], max: [T; 3]) -> Aabb<T> {
        Aabb { min, max }
    }

    /// Like [`Aabb::new`], but refuses non-finite corners and `min > max`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Aabb, InputError};
    /// assert_eq!(
    ///     Aabb::try_new([0.0, 2.0, 0.0], [1.0, 1.0, 1.0]),
    ///     Err(InputError::InvertedBox { argument: 0, axis: 1 })
    /// );
    /// ```
    pub fn try_new(min: [T; 3], max: [T; 3]) -> Result<Aabb<T>, InputError> {
        let b = Aabb { min, max };
        b.validate(0)?;
        Ok(b)
    }

    /// The smallest box containing every point (exact: only comparisons). `None` for an
    /// empty iterator or if a coordinate is NaN.
    ///
    /// # Examples
    ///
    /// ```
    /// let b = isect::Aabb::from_points(&[[0.0, 5.0, 1.0], [2.0, -1.0, 1.0]]).unwrap();
    /// assert_eq!((b.min, b.max), ([0.0, -1.0, 1.0], [2.0, 5.0, 1.0]));
    /// ```
    pub fn from_points<'a>(points: impl IntoIterator<Item = &'a [T; 3]>) -> Option<Aabb<T>> {
        let mut it = points.into_iter();
        let first = it.next()?;
        if first.iter().any(|x| x.partial_cmp(x).is_none()) {
            return None;
        }
        let mut b = Aabb {
            min: first.clone(),
            max: first.clone(),
        };
        for p in it {
            for (k, x) in p.iter().enumerate() {
                match (x.partial_cmp(&b.min[k]), x.partial_cmp(&b.max[k])) {
                    (None, _) | (_, None) => return None,
                    (Some(core::cmp::Ordering::Less), _) => b.min[k] = x.clone(),
                    (_, Some(core::cmp::Ordering::Greater)) => b.max[k] = x.clone(),
                    _ => {}
                }
            }
        }
        Some(b)
    }

    /// `true` when `p` is in the closed box (exact: only comparisons; `false` if any
    /// coordinate is NaN).
    ///
    /// # Examples
    ///
    /// ```
    /// let b = isect::Aabb::new([0.0; 3], [1.0; 3]);
    /// assert!(b.contains_point(&[0.0, 0.5, 1.0]));
    /// assert!(!b.contains_point(&[f64::NAN, 0.5, 1.0]));
    /// ```
    pub fn contains_point(&self, p: &[T; 3]) -> bool {
        (0..3).all(|k| self.min[k] <= p[k] && p[k] <= self.max[k])
    }
}

/// An oriented box: the points `center + s₀·axes[0] + s₁·axes[1] + s₂·axes[2]` with
/// `|sᵢ| ≤ half_extents[i]`.
///
/// The axes are taken exactly as given and need not be unit length or orthogonal (a
/// rounded rotation matrix is never exactly orthonormal): every test reads the box as
/// this exact parallelepiped.
///
/// # Examples
///
/// ```
/// let b = isect::Obb::new([0.0; 3], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [1.0, 2.0, 3.0]);
/// assert_eq!(b.half_extents[2], 3.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Obb<T> {
    /// The centre.
    pub center: [T; 3],
    /// The three edge directions (the rows of the box's rotation, for a rigid box).
    pub axes: [[T; 3]; 3],
    /// Half the extent along each axis, in units of that axis vector.
    pub half_extents: [T; 3],
}

impl<T: Scalar> Obb<T> {
    /// The oriented box with the given centre, axes and half extents.
    ///
    /// # Examples
    ///
    /// ```
    /// let b = isect::Obb::new([1.0_f32; 3], [[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], [0.5; 3]);
    /// assert_eq!(b.axes[1], [-1.0, 0.0, 0.0]);
    /// ```
    #[inline]
    pub fn new(center: [T; 3], axes: [[T; 3]; 3], half_extents: [T; 3]) -> Obb<T> {
        Obb {
            center,
            axes,
            half_extents,
        }
    }
}

/// A closed polygon in 3D: the vertices in order, the last joined to the first.
///
/// Tests read it in the plane through its vertices (see each test for non-planar input);
/// it may be concave and may cross itself.
///
/// # Examples
///
/// ```
/// let square = isect::Polygon::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]]);
/// assert_eq!(square.vertices.len(), 4);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Polygon<T> {
    /// The vertices, in order.
    pub vertices: alloc::vec::Vec<[T; 3]>,
}

impl<T: Scalar> Polygon<T> {
    /// The polygon through `vertices`.
    ///
    /// # Examples
    ///
    /// ```
    /// let tri = isect::Polygon::new(vec![[0.0_f32; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]);
    /// assert_eq!(tri.vertices[1], [1.0, 0.0, 0.0]);
    /// ```
    #[inline]
    pub fn new(vertices: alloc::vec::Vec<[T; 3]>) -> Polygon<T> {
        Polygon { vertices }
    }

    /// Like [`Polygon::new`], but refuses fewer than three vertices and non-finite
    /// coordinates.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{InputError, Polygon};
    /// assert_eq!(
    ///     Polygon::try_new(vec![[0.0; 3], [1.0, 0.0, 0.0]]),
    ///     Err(InputError::TooFewVertices { argument: 0, count: 2 })
    /// );
    /// ```
    pub fn try_new(vertices: alloc::vec::Vec<[T; 3]>) -> Result<Polygon<T>, InputError> {
        let polygon = Polygon { vertices };
        polygon.validate(0)?;
        Ok(polygon)
    }
}

impl<T: Scalar> Validate for Ray<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "origin", None, &self.origin)?;
        check_point(argument, "direction", None, &self.direction)?;
        if is_zero_vector(&self.direction) {
            return Err(InputError::ZeroDirection { argument });
        }
        Ok(())
    }
}

impl<T: Scalar> Validate for Segment<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "vertex", Some(0), &self.a)?;
        check_point(argument, "vertex", Some(1), &self.b)
    }
}

impl<T: Scalar> Validate for Triangle<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        for (i, v) in self.vertices().into_iter().enumerate() {
            check_point(argument, "vertex", Some(i), v)?;
        }
        Ok(())
    }
}

impl<T: Scalar> Validate for Plane<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "normal", None, &self.normal)?;
        check_number(argument, "offset", &self.offset)?;
        if is_zero_vector(&self.normal) {
            return Err(InputError::ZeroDirection { argument });
        }
        Ok(())
    }
}

impl<T: Scalar> Validate for Sphere<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "center", None, &self.center)?;
        check_number(argument, "radius", &self.radius)?;
        if self.radius < T::zero() {
            return Err(InputError::NegativeRadius { argument });
        }
        Ok(())
    }
}

impl<T: Scalar> Validate for Aabb<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "min", None, &self.min)?;
        check_point(argument, "max", None, &self.max)?;
        if let Some(axis) = (0..3).find(|&k| self.min[k] > self.max[k]) {
            return Err(InputError::InvertedBox { argument, axis });
        }
        Ok(())
    }
}

impl<T: Scalar> Validate for Obb<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "center", None, &self.center)?;
        for (i, a) in self.axes.iter().enumerate() {
            check_point(argument, "axis", Some(i), a)?;
        }
        check_point(argument, "half extents", None, &self.half_extents)?;
        if let Some(axis) = (0..3).find(|&k| self.half_extents[k] < T::zero()) {
            return Err(InputError::InvertedBox { argument, axis });
        }
        Ok(())
    }
}

impl<T: Scalar> Validate for Polygon<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        if self.vertices.len() < 3 {
            return Err(InputError::TooFewVertices {
                argument,
                count: self.vertices.len(),
            });
        }
        for (i, v) in self.vertices.iter().enumerate() {
            check_point(argument, "vertex", Some(i), v)?;
        }
        Ok(())
    }
}
