//! The one error type of the crate, [`InputError`], and the one validation path,
//! [`Validate`]: every `try_` form is "validate each argument, then call the plain
//! function", so the same input gets the same verdict from every test.

use core::fmt;

use crate::Scalar;

/// Input that a `try_` entry point or a checked constructor rejects instead of answering.
///
/// Every variant names the argument it is about (`argument`, counted from 0 in the call)
/// and, where it applies, the part of it (`what`: `"origin"`, `"vertex"`, …) with its
/// position (`index`) and the coordinate (`axis`, 0 = x). The `Display` text says the
/// same in words.
///
/// # Examples
///
/// ```
/// use isect::{try_orient2d, InputError, NonFiniteValue};
/// let err = try_orient2d([0.0, 0.0], [1.0, f64::NAN], [0.0, 1.0]).unwrap_err();
/// assert_eq!(
///     err,
///     InputError::NonFinite {
///         argument: 1,
///         what: "point",
///         index: None,
///         axis: Some(1),
///         value: NonFiniteValue::NaN,
///     }
/// );
/// assert_eq!(err.to_string(), "argument 2 (point): the y coordinate is NaN");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InputError {
    /// A coordinate or a number is NaN or infinite.
    NonFinite {
        /// Which argument of the call, counted from 0.
        argument: usize,
        /// The part of the argument holding the value (`"point"`, `"origin"`,
        /// `"direction"`, `"vertex"`, `"center"`, `"radius"`, `"min"`, `"max"`, …).
        what: &'static str,
        /// Which one of several such parts (a vertex, a point of a list), counted from 0.
        index: Option<usize>,
        /// Which coordinate, counted from 0 (`Some(0)` is x); `None` for a single number
        /// (a radius, an offset).
        axis: Option<usize>,
        /// The offending value.
        value: NonFiniteValue,
    },
    /// A direction (of a ray, a line, a plane's normal) is the zero vector.
    ZeroDirection {
        /// Which argument of the call, counted from 0.
        argument: usize,
    },
    /// A parameter lies outside its documented range (a restitution coefficient outside
    /// `[0, 1]`, a negative friction coefficient, a mass that is not positive).
    OutOfRange {
        /// Which argument of the call, counted from 0.
        argument: usize,
        /// The parameter (`"restitution"`, `"friction"`, `"mass"`, …).
        what: &'static str,
    },
    /// A radius is negative.
    NegativeRadius {
        /// Which argument of the call, counted from 0.
        argument: usize,
    },
    /// A box's `min` exceeds its `max` on an axis.
    InvertedBox {
        /// Which argument of the call, counted from 0.
        argument: usize,
        /// The axis, 0 = x.
        axis: usize,
    },
    /// A polygon has fewer than three vertices.
    TooFewVertices {
        /// Which argument of the call, counted from 0.
        argument: usize,
        /// How many it has.
        count: usize,
    },
    /// A polygon is not convex and planar.
    NotConvexPlanar {
        /// Which argument of the call, counted from 0.
        argument: usize,
    },
    /// A list of points is empty where at least one is needed.
    Empty {
        /// Which argument of the call, counted from 0.
        argument: usize,
    },
    /// A slice of a batch call has a different length from the output slice (every row
    /// needs one point of each argument, and one answer).
    LengthMismatch {
        /// Which argument of the call, counted from 0.
        argument: usize,
        /// Its length.
        len: usize,
        /// The length of the output slice.
        expected: usize,
    },
    /// The axes given as one column of a batch call ([`Axes`](crate::predicates::Axes))
    /// have different lengths.
    AxisLengthMismatch {
        /// The first axis whose length differs from the first axis's, counted from 0
        /// (`1` is y).
        axis: usize,
        /// Its length.
        len: usize,
        /// The first axis's length.
        expected: usize,
    },
    /// A mesh triangle names a vertex index past the end of the vertex list.
    IndexOutOfRange {
        /// The triangle.
        triangle: usize,
        /// Which of its three corners, `0..3`.
        corner: usize,
        /// The index it names.
        index: u32,
        /// How many vertices the mesh has.
        vertex_count: usize,
    },
    /// A mesh triangle's vertices are exactly collinear (or repeated): it has no area.
    DegenerateTriangle {
        /// The triangle.
        triangle: usize,
    },
    /// A mesh edge is used by more than two triangles.
    NonManifoldEdge {
        /// The edge's vertex indices, smaller first.
        edge: [u32; 2],
        /// How many triangles use it.
        count: usize,
    },
    /// Two mesh triangles traverse their shared edge in the same direction.
    InconsistentOrientation {
        /// The edge, in the direction both use.
        edge: [u32; 2],
        /// The two triangles.
        triangles: [usize; 2],
    },
    /// A mesh edge belongs to one triangle only (the mesh has a boundary), where a
    /// closed mesh is needed.
    NotClosed {
        /// The edge, in its triangle's direction.
        edge: [u32; 2],
    },
}

/// Which non-finite value an input held.
///
/// # Examples
///
/// ```
/// use isect::NonFiniteValue;
/// assert_eq!(NonFiniteValue::from(f64::NEG_INFINITY), NonFiniteValue::NegInfinity);
/// assert_eq!(NonFiniteValue::NaN.to_string(), "NaN");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NonFiniteValue {
    /// Not a number.
    NaN,
    /// Positive infinity.
    PosInfinity,
    /// Negative infinity.
    NegInfinity,
}

impl From<f64> for NonFiniteValue {
    /// Classifies a non-finite value; a finite value (which never occurs in an error) maps to `NaN`.
    fn from(x: f64) -> Self {
        if x == f64::INFINITY {
            NonFiniteValue::PosInfinity
        } else if x == f64::NEG_INFINITY {
            NonFiniteValue::NegInfinity
        } else {
            NonFiniteValue::NaN
        }
    }
}

impl fmt::Display for NonFiniteValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NonFiniteValue::NaN => "NaN",
            NonFiniteValue::PosInfinity => "+infinity",
            NonFiniteValue::NegInfinity => "-infinity",
        })
    }
}

const AXIS_NAMES: [&str; 3] = ["x", "y", "z"];

fn axis_name(axis: usize) -> &'static str {
    AXIS_NAMES.get(axis).copied().unwrap_or("?")
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            InputError::NonFinite {
                argument,
                what,
                index,
                axis,
                value,
            } => {
                write!(f, "argument {} ({what}", argument + 1)?;
                if let Some(i) = index {
                    write!(f, " {i}")?;
                }
                match axis {
                    Some(axis) => write!(f, "): the {} coordinate is {value}", axis_name(axis)),
                    None => write!(f, ") is {value}"),
                }
            }
            InputError::ZeroDirection { argument } => {
                write!(
                    f,
                    "argument {}: the direction is the zero vector",
                    argument + 1
                )
            }
            InputError::OutOfRange { argument, what } => {
                write!(f, "argument {}: the {what} is out of range", argument + 1)
            }
            InputError::NegativeRadius { argument } => {
                write!(f, "argument {}: the radius is negative", argument + 1)
            }
            InputError::InvertedBox { argument, axis } => write!(
                f,
                "argument {}: the box's min exceeds its max on the {} axis",
                argument + 1,
                axis_name(axis)
            ),
            InputError::TooFewVertices { argument, count } => write!(
                f,
                "argument {}: a polygon needs at least 3 vertices, got {count}",
                argument + 1
            ),
            InputError::NotConvexPlanar { argument } => write!(
                f,
                "argument {}: the polygon is not convex and planar",
                argument + 1
            ),
            InputError::Empty { argument } => {
                write!(f, "argument {}: no points were given", argument + 1)
            }
            InputError::LengthMismatch {
                argument,
                len,
                expected,
            } => write!(
                f,
                "argument {}: {len} points, but the output has {expected} rows",
                argument + 1
            ),
            InputError::AxisLengthMismatch {
                axis,
                len,
                expected,
            } => write!(
                f,
                "axis {axis}: {len} coordinates, but axis 0 has {expected}"
            ),
            InputError::IndexOutOfRange {
                triangle,
                corner,
                index,
                vertex_count,
            } => write!(
                f,
                "triangle {triangle}, corner {corner}: vertex index {index} is out of range \
                 (the mesh has {vertex_count} vertices)"
            ),
            InputError::DegenerateTriangle { triangle } => write!(
                f,
                "triangle {triangle} is degenerate (its vertices are collinear or repeated)"
            ),
            InputError::NonManifoldEdge { edge, count } => write!(
                f,
                "edge {}–{} is shared by {count} triangles (non-manifold)",
                edge[0], edge[1]
            ),
            InputError::InconsistentOrientation { edge, triangles } => write!(
                f,
                "triangles {} and {} both use edge {}→{} in the same direction \
                 (inconsistent orientation)",
                triangles[0], triangles[1], edge[0], edge[1]
            ),
            InputError::NotClosed { edge } => write!(
                f,
                "the mesh is not closed: edge {}→{} belongs to one triangle only",
                edge[0], edge[1]
            ),
        }
    }
}

#[cfg(feature = "std")]
impl core::error::Error for InputError {}

/// `Err(NonFinite)` naming the first NaN or infinite coordinate of `p`, the part `what`
/// (number `index`, if several) of argument `argument`.
pub(crate) fn check_point<T: Scalar, const N: usize>(
    argument: usize,
    what: &'static str,
    index: Option<usize>,
    p: &[T; N],
) -> Result<(), InputError> {
    match p.iter().position(|x| !x.is_finite()) {
        Some(axis) => Err(InputError::NonFinite {
            argument,
            what,
            index,
            axis: Some(axis),
            value: NonFiniteValue::from(p[axis].to_f64()),
        }),
        None => Ok(()),
    }
}

/// `Err(NonFinite)` if the number `x`, the part `what` of argument `argument`, is NaN or
/// infinite.
pub(crate) fn check_number<T: Scalar>(
    argument: usize,
    what: &'static str,
    x: &T,
) -> Result<(), InputError> {
    if x.is_finite() {
        return Ok(());
    }
    Err(InputError::NonFinite {
        argument,
        what,
        index: None,
        axis: None,
        value: NonFiniteValue::from(x.to_f64()),
    })
}

/// An input shape the tests accept, checked the one way every `try_` form checks it.
///
/// `validate(argument)` returns the first problem with the shape as argument number
/// `argument` (counted from 0) of a call, or `Ok(())`. What each shape requires:
///
/// | shape | rejected |
/// |---|---|
/// | point `[T; N]` | a NaN or infinite coordinate |
/// | [`Ray`](crate::Ray) | a non-finite origin or direction; a zero direction |
/// | [`Segment`](crate::Segment), [`Triangle`](crate::Triangle), `[[T; 3]; 3]` | a non-finite vertex (degenerate ones are answered: every test reads them as the segment or point they are) |
/// | [`Plane`](crate::Plane) | a non-finite normal or offset; a zero normal |
/// | [`Sphere`](crate::Sphere) | a non-finite center or radius; a negative radius |
/// | [`Aabb`](crate::Aabb) | a non-finite bound; `min > max` on an axis |
/// | [`Obb`](crate::Obb) | a non-finite center, axis or half extent |
/// | [`Polygon`](crate::Polygon) | fewer than 3 vertices; a non-finite vertex (tests that need a convex planar polygon check that themselves) |
///
/// # Examples
///
/// ```
/// use isect::{InputError, Ray, Validate};
/// assert_eq!(Ray::new([0.0; 3], [1.0, 0.0, 0.0]).validate(0), Ok(()));
/// assert_eq!(
///     Ray::new([0.0; 3], [0.0; 3]).validate(1),
///     Err(InputError::ZeroDirection { argument: 1 })
/// );
/// assert!([0.0, f64::INFINITY, 0.0].validate(0).is_err());
/// ```
pub trait Validate {
    /// The first problem with `self` as argument `argument` of a call, or `Ok(())`.
    ///
    /// # Errors
    ///
    /// The [`InputError`] naming the problem (see the table in the trait docs).
    fn validate(&self, argument: usize) -> Result<(), InputError>;
}

impl<T: Scalar, const N: usize> Validate for [T; N] {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "point", None, self)
    }
}

impl<T: Scalar> Validate for [[T; 3]; 3] {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        for (i, v) in self.iter().enumerate() {
            check_point(argument, "vertex", Some(i), v)?;
        }
        Ok(())
    }
}

impl<V: Validate + ?Sized> Validate for &V {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        (**self).validate(argument)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_argument_part_and_axis() {
        let e = [1.0, 2.0, f64::NEG_INFINITY].validate(2).unwrap_err();
        assert_eq!(
            e,
            InputError::NonFinite {
                argument: 2,
                what: "point",
                index: None,
                axis: Some(2),
                value: NonFiniteValue::NegInfinity
            }
        );
        assert_eq!(
            e.to_string(),
            "argument 3 (point): the z coordinate is -infinity"
        );
        let t = [[0.0f32; 3], [0.0, f32::NAN, 0.0], [1.0, 0.0, 0.0]];
        assert_eq!(
            t.validate(0).unwrap_err().to_string(),
            "argument 1 (vertex 1): the y coordinate is NaN"
        );
        assert_eq!(
            check_number(0, "radius", &f64::INFINITY)
                .unwrap_err()
                .to_string(),
            "argument 1 (radius) is +infinity"
        );
    }
}
