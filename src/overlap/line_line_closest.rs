//! The closest points of two 3D lines (Real-Time Rendering, 4th ed., section 22.15.2):
//! parallel lines detected exactly, the parameters computed exactly and rounded once.

use num_rational::BigRational;

use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::vec3::{cross, det3, dot, sub};
use crate::{InputError, Scalar, Sign};

use super::filter::finite3;
use super::line_line_2d::validate_lines;
use super::segment_segment_2d::rational;

/// `|d1 × d2|²`: zero exactly when the directions are parallel (or one is zero).
struct CrossSq<'a, T>(&'a [T; 3], &'a [T; 3]);

impl<T> Polynomial<T> for CrossSq<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let c = cross(&self.0.each_ref().map(lift), &self.1.each_ref().map(lift));
        dot(&c, &c)
    }
}

/// The parameters `(s, t)` of the closest points `o1 + s·d1` and `o2 + t·d2` of two 3D
/// lines (RTR §22.15.2), or `None` if the lines are parallel.
///
/// With `c = d1 × d2`: `s = det(o2 − o1, d2, c)/|c|²`, `t = det(o2 − o1, d1, c)/|c|²`.
/// Parallel means `c = 0` exactly (a zero direction included), decided by the exact sign
/// of the degree-4 polynomial `|c|²`
/// ([`polynomial_sign`]), so nearly parallel lines
/// still get their (possibly huge) parameters. `s` and `t` are constructions: computed
/// exactly in rationals, then rounded once (exact for rationals; for floats the nearest
/// float to the exact value, ties to even, `±∞` if beyond the type's range). The lines
/// intersect iff the two points coincide (see
/// [`segment_segment_3d`](fn@crate::overlap::segment_segment_3d) for an exact test).
///
/// Degenerate input, never a panic: NaN or infinite input gives `None`
/// ([`try_line_line_closest`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::line_line_closest;
/// // The x axis, and the line through (1, 5, 1) along y: closest at x = 1 and y = 0.
/// let o = [0.0; 3];
/// let st = line_line_closest(&o, &[2.0, 0.0, 0.0], &[1.0, 5.0, 1.0], &[0.0, 1.0, 0.0]);
/// assert_eq!(st, Some((0.5, -5.0)));
/// let st = line_line_closest(&o, &[1.0, 1.0, 0.0], &[0.0, 0.0, 1.0], &[-2.0, -2.0, 0.0]);
/// assert_eq!(st, None);
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
    let q = |p: &[T; 3]| -> [BigRational; 3] { p.each_ref().map(rational) };
    let (d1, d2) = (q(d1), q(d2));
    let w = sub(&q(o2), &q(o1));
    let c = cross(&d1, &d2);
    let cc = dot(&c, &c);
    let s = det3(&w, &d2, &c) / &cc;
    let t = det3(&w, &d1, &c) / cc;
    Some((T::from_rational(&s), T::from_rational(&t)))
}

/// [`line_line_closest`] after validating the lines.
///
/// # Errors
///
/// [`InputError::NonFinite`] for the first NaN or infinite coordinate (`argument` 0–3
/// naming `o1`, `d1`, `o2`, `d2`; `what: "point"`), then [`InputError::ZeroDirection`]
/// (`argument` 1 or 3) for a zero direction. Parallel lines are valid input: `Ok(None)`.
///
/// # Examples
///
/// ```
/// use isect::overlap::try_line_line_closest;
/// use isect::InputError;
/// let o = [0.0; 3];
/// assert_eq!(try_line_line_closest(&o, &[1.0, 0.0, 0.0], &o, &[2.0, 0.0, 0.0]), Ok(None));
/// assert_eq!(
///     try_line_line_closest(&o, &[0.0; 3], &o, &[1.0, 0.0, 0.0]),
///     Err(InputError::ZeroDirection { argument: 1 })
/// );
/// ```
#[allow(clippy::type_complexity)]
pub fn try_line_line_closest<T: Scalar>(
    o1: &[T; 3],
    d1: &[T; 3],
    o2: &[T; 3],
    d2: &[T; 3],
) -> Result<Option<(T, T)>, InputError> {
    validate_lines([o1, d1, o2, d2])?;
    Ok(line_line_closest(o1, d1, o2, d2))
}
