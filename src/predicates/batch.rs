//! The predicates over many rows at once: [`orient2d_batch`], [`orient3d_batch`],
//! [`incircle_batch`], [`insphere_batch`], and the forms with shared points
//! [`orient2d_many`] … [`insphere_many`].
//!
//! A batch call answers `out[i] = predicate(a_i, b_i, …)` for every row `i` of `out`. Each
//! argument is a [`Column`]: a slice with one point per row (`&[[T; D]]`), one slice per
//! axis ([`Axes`]), or one point shared by every row (`&[T; D]`), in any mix. The answers are **exact**, row by row the
//! answers of [`orient2d`](crate::orient2d) … [`insphere`](crate::insphere) on the same
//! points, for every scalar type; non-finite rows answer `Zero` as those do.
//!
//! For `f64` and `f32` the rows go through an error-bounded filter sixteen at a time, in
//! code the compiler vectorizes: one bound per sixteen rows from the largest coordinate
//! differences per axis (for insphere, from the largest squared distance `|p − e|²`,
//! which bounds them all), then, for the rows it cannot decide, the one-call predicates'
//! per-row filter, and only the rows neither decides take the exact path. Rationals loop
//! over the exact predicates. Proofs: proofs/predicates.md §7 and §8.

use super::float_batch::{Widen, incircle_rows, insphere_rows, orient2d_rows, orient3d_rows};
use super::float_many::orient3d_plane_rows;
use super::kernel::Kernel;
use crate::{InputError, Scalar, Sign};
use core::borrow::Borrow;

/// One argument of a batch predicate: a point per row (`&[[T; D]]`), one slice per axis
/// ([`Axes`], structure of arrays), or one point for every row (`&[T; D]`). Sealed: the
/// batch kernels rely on the rows it reports.
///
/// # Examples
///
/// ```
/// use isect::predicates::{Axes, Column};
/// let pts = [[0.0, 1.0], [2.0, 3.0]];
/// assert_eq!((&pts[..]).rows(), Some(2));
/// assert_eq!((&[5.0, 6.0]).rows(), None);
/// assert_eq!((&pts[..]).point(1), &[2.0, 3.0]);
/// let (x, y) = ([0.0, 2.0], [1.0, 3.0]);
/// let axes = Axes::new([&x[..], &y[..]])?;
/// assert_eq!(axes.rows(), Some(2));
/// assert_eq!(axes.point(1), [2.0, 3.0]);
/// # Ok::<(), isect::InputError>(())
/// ```
pub trait Column<const D: usize>: Copy + private::Sealed {
    /// The coordinate type.
    type Scalar: Scalar;
    /// What [`Column::point`] returns: a reference into the slice of points, or the
    /// point gathered from the axes.
    type Point: Borrow<[Self::Scalar; D]>;
    /// How many rows the column has, or `None` for one point shared by every row.
    fn rows(&self) -> Option<usize>;
    /// The point of row `i` (the shared point for every `i`).
    ///
    /// # Panics
    ///
    /// For a slice or axes, if `i` is not below the number of rows.
    fn point(&self, i: usize) -> Self::Point;
    /// The rows `start..start + len` (the same shared point).
    ///
    /// # Panics
    ///
    /// For a slice or axes, if the range is not inside the rows.
    fn narrow(self, start: usize, len: usize) -> Self;
    /// Whether a coordinate of two consecutive rows is one packed load (axes, a shared
    /// point), not a gather from two points: chooses the float filter's lane layout where
    /// the two differ in speed.
    #[doc(hidden)]
    const PACKED: bool;
}

impl<'a, T: Scalar, const D: usize> Column<D> for &'a [[T; D]] {
    type Scalar = T;
    type Point = &'a [T; D];
    const PACKED: bool = false;
    #[inline(always)]
    fn rows(&self) -> Option<usize> {
        Some(self.len())
    }
    #[inline(always)]
    fn point(&self, i: usize) -> &'a [T; D] {
        &self[i]
    }
    #[inline(always)]
    fn narrow(self, start: usize, len: usize) -> Self {
        &self[start..start + len]
    }
}

impl<'a, T: Scalar, const D: usize> Column<D> for &'a [T; D] {
    type Scalar = T;
    type Point = &'a [T; D];
    const PACKED: bool = true;
    #[inline(always)]
    fn rows(&self) -> Option<usize> {
        None
    }
    #[inline(always)]
    fn point(&self, _: usize) -> &'a [T; D] {
        self
    }
    #[inline(always)]
    fn narrow(self, _: usize, _: usize) -> Self {
        self
    }
}

/// The rows' points as one slice per axis (structure of arrays): coordinate `k` of row `i`
/// is `axes[k][i]`. Every axis has the same length, checked by [`Axes::new`].
///
/// The layout of coordinate arrays from NumPy, GPU buffers and SIMD code. For `f64` and
/// `f32` the batch filter reads each axis with packed loads, where a slice of points must
/// first be transposed into lanes; the answers are the same exact ones.
///
/// # Examples
///
/// ```
/// use isect::predicates::{Axes, orient2d_batch};
/// use isect::{InputError, Sign};
/// // Three points c_i against the line through (0, 0) and (1, 1).
/// let (x, y) = ([0.0, 2.0, 1.0], [1.0, 2.0, 0.0]);
/// let mut out = [Sign::Zero; 3];
/// orient2d_batch(&[0.0, 0.0], &[1.0, 1.0], Axes::new([&x[..], &y[..]])?, &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero, Sign::Negative]);
/// # Ok::<(), InputError>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Axes<'a, T, const D: usize> {
    axes: [&'a [T]; D],
}

// By hand: the derives would ask `T: Copy`, and the axes are references.
impl<T, const D: usize> Clone for Axes<'_, T, D> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, const D: usize> Copy for Axes<'_, T, D> {}

impl<'a, T, const D: usize> Axes<'a, T, D> {
    /// The axes as one column, `axes[k]` holding coordinate `k` of every row.
    ///
    /// # Errors
    ///
    /// [`InputError::AxisLengthMismatch`] when an axis's length differs from the first
    /// axis's (the first such axis).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::InputError;
    /// use isect::predicates::Axes;
    /// let (x, y, z) = ([0.0, 1.0], [2.0, 3.0], [4.0]);
    /// assert_eq!(Axes::new([&x[..], &y[..]])?.len(), 2);
    /// assert_eq!(
    ///     Axes::new([&x[..], &y[..], &z[..]]),
    ///     Err(InputError::AxisLengthMismatch { axis: 2, len: 1, expected: 2 })
    /// );
    /// # Ok::<(), InputError>(())
    /// ```
    pub fn new(axes: [&'a [T]; D]) -> Result<Self, InputError> {
        let expected = axes.first().map_or(0, |a| a.len());
        for (axis, a) in axes.iter().enumerate() {
            if a.len() != expected {
                return Err(InputError::AxisLengthMismatch {
                    axis,
                    len: a.len(),
                    expected,
                });
            }
        }
        Ok(Axes { axes })
    }

    /// The number of rows (points).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::predicates::Axes;
    /// let (x, y) = ([0.0, 1.0, 2.0], [3.0, 4.0, 5.0]);
    /// assert_eq!(Axes::new([&x[..], &y[..]]).unwrap().len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.axes.first().map_or(0, |a| a.len())
    }

    /// Whether there are no rows.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::predicates::Axes;
    /// let empty: [&[f64]; 2] = [&[], &[]];
    /// assert!(Axes::new(empty).unwrap().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The slices, one per axis.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::predicates::Axes;
    /// let (x, y) = ([0.0, 1.0], [3.0, 4.0]);
    /// assert_eq!(Axes::new([&x[..], &y[..]]).unwrap().axes()[1], &[3.0, 4.0]);
    /// ```
    #[inline]
    pub fn axes(&self) -> [&'a [T]; D] {
        self.axes
    }
}

impl<T: Scalar, const D: usize> Column<D> for Axes<'_, T, D> {
    type Scalar = T;
    type Point = [T; D];
    const PACKED: bool = true;
    #[inline(always)]
    fn rows(&self) -> Option<usize> {
        Some(self.len())
    }
    #[inline(always)]
    fn point(&self, i: usize) -> [T; D] {
        core::array::from_fn(|k| self.axes[k][i].clone())
    }
    #[inline(always)]
    fn narrow(self, start: usize, len: usize) -> Self {
        Axes {
            axes: self.axes.map(|a| &a[start..start + len]),
        }
    }
}

mod private {
    pub trait Sealed {}
    impl<T, const D: usize> Sealed for &[[T; D]] {}
    impl<T, const D: usize> Sealed for &[T; D] {}
    impl<T, const D: usize> Sealed for super::Axes<'_, T, D> {}
}

/// `Ok` when every column with rows has `rows` of them; otherwise the first that does not,
/// as [`InputError::LengthMismatch`] (arguments counted from 0).
pub(crate) fn check_rows(rows: usize, columns: &[Option<usize>]) -> Result<(), InputError> {
    for (argument, len) in columns.iter().enumerate() {
        if let Some(len) = *len
            && len != rows
        {
            return Err(InputError::LengthMismatch {
                argument,
                len,
                expected: rows,
            });
        }
    }
    Ok(())
}

/// The batch kernels of the float types: check the columns, then the vectorized filter
/// with the exact path per failing row (`float_batch.rs`). Used by the `f64` and `f32`
/// kernels' overrides of the [`Kernel`] batch methods.
pub(super) mod float {
    use super::*;

    /// See [`orient2d_batch`].
    #[inline]
    pub(crate) fn orient2d<A, B, C>(a: A, b: B, c: C, out: &mut [Sign]) -> Result<(), InputError>
    where
        A: Column<2>,
        A::Scalar: Widen,
        B: Column<2, Scalar = A::Scalar>,
        C: Column<2, Scalar = A::Scalar>,
    {
        check_rows(out.len(), &[a.rows(), b.rows(), c.rows()])?;
        orient2d_rows(a, b, c, out);
        Ok(())
    }

    /// See [`orient3d_batch`].
    #[inline]
    pub(crate) fn orient3d<A, B, C, D>(
        a: A,
        b: B,
        c: C,
        d: D,
        out: &mut [Sign],
    ) -> Result<(), InputError>
    where
        A: Column<3>,
        A::Scalar: Widen,
        B: Column<3, Scalar = A::Scalar>,
        C: Column<3, Scalar = A::Scalar>,
        D: Column<3, Scalar = A::Scalar>,
    {
        check_rows(out.len(), &[a.rows(), b.rows(), c.rows(), d.rows()])?;
        orient3d_rows(a, b, c, d, out);
        Ok(())
    }

    /// See [`orient3d_many`].
    #[inline]
    pub(crate) fn orient3d_many<T: Widen + Scalar>(
        a: &[T; 3],
        b: &[T; 3],
        c: &[T; 3],
        d: &[[T; 3]],
        out: &mut [Sign],
    ) -> Result<(), InputError> {
        check_rows(out.len(), &[None, None, None, Some(d.len())])?;
        orient3d_plane_rows(a, b, c, d, out);
        Ok(())
    }

    /// See [`incircle_batch`].
    #[inline]
    pub(crate) fn incircle<A, B, C, D>(
        a: A,
        b: B,
        c: C,
        d: D,
        out: &mut [Sign],
    ) -> Result<(), InputError>
    where
        A: Column<2>,
        A::Scalar: Widen,
        B: Column<2, Scalar = A::Scalar>,
        C: Column<2, Scalar = A::Scalar>,
        D: Column<2, Scalar = A::Scalar>,
    {
        check_rows(out.len(), &[a.rows(), b.rows(), c.rows(), d.rows()])?;
        incircle_rows(a, b, c, d, out);
        Ok(())
    }

    /// See [`insphere_batch`].
    #[inline]
    pub(crate) fn insphere<A, B, C, D, E>(
        a: A,
        b: B,
        c: C,
        d: D,
        e: E,
        out: &mut [Sign],
    ) -> Result<(), InputError>
    where
        A: Column<3>,
        A::Scalar: Widen,
        B: Column<3, Scalar = A::Scalar>,
        C: Column<3, Scalar = A::Scalar>,
        D: Column<3, Scalar = A::Scalar>,
        E: Column<3, Scalar = A::Scalar>,
    {
        let rows = [a.rows(), b.rows(), c.rows(), d.rows(), e.rows()];
        check_rows(out.len(), &rows)?;
        insphere_rows(a, b, c, d, e, out);
        Ok(())
    }
}

type K<A> = <<A as Column<2>>::Scalar as Scalar>::Kernel;
type K3<A> = <<A as Column<3>>::Scalar as Scalar>::Kernel;

/// [`orient2d`](crate::orient2d) of every row: `out[i] = orient2d(a_i, b_i, c_i)`.
///
/// Each argument is a slice with a point per row or one point for every row (see
/// [`Column`]); `out` has one answer per row. Every answer is exact, the one
/// `orient2d` gives on the same points (`Zero` for a row with a NaN or infinite
/// coordinate). `out` is written in full on success and left untouched on error.
///
/// # Errors
///
/// [`InputError::LengthMismatch`] when a slice argument's length differs from `out.len()`
/// (the first such argument, counted from 0).
///
/// # Examples
///
/// ```
/// use isect::predicates::orient2d_batch;
/// use isect::{InputError, Sign};
/// let a = [[0.0, 0.0], [0.0, 0.0], [0.5 + f64::EPSILON / 2.0, 0.5]];
/// let b = [[1.0, 0.0], [1.0, 1.0], [12.0, 12.0]];
/// let c = [[0.0, 1.0], [2.0, 2.0], [24.0, 24.0]];
/// let mut out = [Sign::Zero; 3];
/// orient2d_batch(&a[..], &b[..], &c[..], &mut out)?;
/// // The last row is one ulp off the line y = x, below it: exact, where the plain
/// // formula says "collinear".
/// assert_eq!(out, [Sign::Positive, Sign::Zero, Sign::Negative]);
/// // A shared point for every row:
/// orient2d_batch(&[0.0, 0.0], &b[..], &c[..], &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero, Sign::Zero]);
/// // A short slice is an error, not a lost row:
/// let e = orient2d_batch(&a[..2], &b[..], &c[..], &mut out);
/// assert_eq!(e, Err(InputError::LengthMismatch { argument: 0, len: 2, expected: 3 }));
/// # Ok::<(), InputError>(())
/// ```
#[inline]
pub fn orient2d_batch<A, B, C>(a: A, b: B, c: C, out: &mut [Sign]) -> Result<(), InputError>
where
    A: Column<2>,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
{
    K::<A>::orient2d_batch(a, b, c, out)
}

/// [`orient3d`](crate::orient3d) of every row: `out[i] = orient3d(a_i, b_i, c_i, d_i)`.
///
/// Each argument is a slice with a point per row or one point for every row (see
/// [`Column`]; [`orient3d_many`] is the common form of one plane against many points).
/// Every answer is exact, the one `orient3d` gives on the same points (`Zero` for a row
/// with a NaN or infinite coordinate). `out` is written in full on success and left
/// untouched on error.
///
/// # Errors
///
/// [`InputError::LengthMismatch`] when a slice argument's length differs from `out.len()`
/// (the first such argument, counted from 0).
///
/// # Examples
///
/// ```
/// use isect::predicates::orient3d_batch;
/// use isect::{InputError, Sign};
/// let o = [0.0, 0.0, 0.0];
/// let a = [[1.0, 0.0, 0.0], [1.0, 0.0, 0.0]];
/// let b = [[0.0, 1.0, 0.0], [0.0, 1.0, 0.0]];
/// let d = [[0.0, 0.0, -1.0], [0.25, 0.5, 0.0]];
/// let mut out = [Sign::Zero; 2];
/// orient3d_batch(&o, &a[..], &b[..], &d[..], &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero]);
/// # Ok::<(), InputError>(())
/// ```
#[inline]
pub fn orient3d_batch<A, B, C, D>(
    a: A,
    b: B,
    c: C,
    d: D,
    out: &mut [Sign],
) -> Result<(), InputError>
where
    A: Column<3>,
    B: Column<3, Scalar = A::Scalar>,
    C: Column<3, Scalar = A::Scalar>,
    D: Column<3, Scalar = A::Scalar>,
{
    K3::<A>::orient3d_batch(a, b, c, d, out)
}

/// [`incircle`](crate::incircle) of every row: `out[i] = incircle(a_i, b_i, c_i, d_i)`.
///
/// Each argument is a slice with a point per row or one point for every row (see
/// [`Column`]; [`incircle_many`] tests many points against one circle). Every answer is
/// exact, the one `incircle` gives on the same points (`Zero` for a row with a NaN or
/// infinite coordinate). `out` is written in full on success and left untouched on error.
///
/// # Errors
///
/// [`InputError::LengthMismatch`] when a slice argument's length differs from `out.len()`
/// (the first such argument, counted from 0).
///
/// # Examples
///
/// ```
/// use isect::predicates::incircle_batch;
/// use isect::{InputError, Sign};
/// let (a, b, c) = ([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]);
/// let d = [[0.0, 0.5], [0.0, -1.0], [3.0, 0.0]];
/// let mut out = [Sign::Zero; 3];
/// incircle_batch(&a, &b, &c, &d[..], &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero, Sign::Negative]);
/// # Ok::<(), InputError>(())
/// ```
#[inline]
pub fn incircle_batch<A, B, C, D>(
    a: A,
    b: B,
    c: C,
    d: D,
    out: &mut [Sign],
) -> Result<(), InputError>
where
    A: Column<2>,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
    D: Column<2, Scalar = A::Scalar>,
{
    K::<A>::incircle_batch(a, b, c, d, out)
}

/// [`insphere`](crate::insphere) of every row: `out[i] = insphere(a_i, b_i, c_i, d_i, e_i)`.
///
/// Each argument is a slice with a point per row or one point for every row (see
/// [`Column`]; [`insphere_many`] tests many points against one sphere). Every answer is
/// exact, the one `insphere` gives on the same points (`Zero` for a row with a NaN or
/// infinite coordinate). `out` is written in full on success and left untouched on error.
///
/// # Errors
///
/// [`InputError::LengthMismatch`] when a slice argument's length differs from `out.len()`
/// (the first such argument, counted from 0).
///
/// # Examples
///
/// ```
/// use isect::predicates::insphere_batch;
/// use isect::{InputError, Sign};
/// let (a, b, c, d) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]);
/// let e = [[0.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 2.0]];
/// let mut out = [Sign::Zero; 3];
/// insphere_batch(&a, &b, &c, &d, &e[..], &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero, Sign::Negative]);
/// # Ok::<(), InputError>(())
/// ```
#[inline]
pub fn insphere_batch<A, B, C, D, E>(
    a: A,
    b: B,
    c: C,
    d: D,
    e: E,
    out: &mut [Sign],
) -> Result<(), InputError>
where
    A: Column<3>,
    B: Column<3, Scalar = A::Scalar>,
    C: Column<3, Scalar = A::Scalar>,
    D: Column<3, Scalar = A::Scalar>,
    E: Column<3, Scalar = A::Scalar>,
{
    K3::<A>::insphere_batch(a, b, c, d, e, out)
}

/// The side of the line through `a` and `b` of every point: `out[i] = orient2d(a, b, c_i)`
/// ([`orient2d_batch`] with `a` and `b` shared by every row).
///
/// # Errors
///
/// [`InputError::LengthMismatch`] (argument 2) when `c.len() != out.len()`.
///
/// # Examples
///
/// ```
/// use isect::predicates::orient2d_many;
/// use isect::{InputError, Sign};
/// let mut out = [Sign::Zero; 3];
/// orient2d_many(&[0.0, 0.0], &[1.0, 1.0], &[[0.0, 1.0], [2.0, 2.0], [1.0, 0.0]], &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero, Sign::Negative]);
/// # Ok::<(), InputError>(())
/// ```
#[inline]
pub fn orient2d_many<T: Scalar>(
    a: &[T; 2],
    b: &[T; 2],
    c: &[[T; 2]],
    out: &mut [Sign],
) -> Result<(), InputError> {
    orient2d_batch(a, b, c, out)
}

/// The side of the plane through `a`, `b`, `c` of every point:
/// `out[i] = orient3d(a, b, c, d_i)` ([`orient3d_batch`] with `a`, `b`, `c` shared by every
/// row; mesh preprocessing, slicing and hull construction call this).
///
/// Every answer is exact, the one `orient3d` gives on the same points (`Zero` for a row
/// with a NaN or infinite coordinate). For `f64` and `f32` the plane's normal
/// `(b − a) × (c − a)` is computed once per call and each point costs a dot product and
/// its share of one error bound per sixteen points; the points the bound cannot certify
/// (on or very near the plane) are decided by `orient3d` itself.
///
/// # Errors
///
/// [`InputError::LengthMismatch`] (argument 3) when `d.len() != out.len()`.
///
/// # Examples
///
/// ```
/// use isect::predicates::orient3d_many;
/// use isect::{InputError, Sign};
/// let (a, b, c) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let d = [[0.0, 0.0, -1.0], [0.3, 0.7, 0.0], [5.0, 5.0, 1e-300]];
/// let mut out = [Sign::Zero; 3];
/// orient3d_many(&a, &b, &c, &d, &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero, Sign::Negative]);
/// # Ok::<(), InputError>(())
/// ```
#[inline]
pub fn orient3d_many<T: Scalar>(
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    d: &[[T; 3]],
    out: &mut [Sign],
) -> Result<(), InputError> {
    T::Kernel::orient3d_many(a, b, c, d, out)
}

/// Whether each point lies inside the circle through `a`, `b`, `c`:
/// `out[i] = incircle(a, b, c, d_i)` ([`incircle_batch`] with the circle shared).
///
/// # Errors
///
/// [`InputError::LengthMismatch`] (argument 3) when `d.len() != out.len()`.
///
/// # Examples
///
/// ```
/// use isect::predicates::incircle_many;
/// use isect::{InputError, Sign};
/// let mut out = [Sign::Zero; 2];
/// incircle_many(&[1.0, 0.0], &[0.0, 1.0], &[-1.0, 0.0], &[[0.1, 0.1], [0.0, -1.0]], &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero]);
/// # Ok::<(), InputError>(())
/// ```
#[inline]
pub fn incircle_many<T: Scalar>(
    a: &[T; 2],
    b: &[T; 2],
    c: &[T; 2],
    d: &[[T; 2]],
    out: &mut [Sign],
) -> Result<(), InputError> {
    incircle_batch(a, b, c, d, out)
}

/// Whether each point lies inside the sphere through `a`, `b`, `c`, `d`:
/// `out[i] = insphere(a, b, c, d, e_i)` ([`insphere_batch`] with the sphere shared; the
/// Delaunay cavity test).
///
/// # Errors
///
/// [`InputError::LengthMismatch`] (argument 4) when `e.len() != out.len()`.
///
/// # Examples
///
/// ```
/// use isect::predicates::insphere_many;
/// use isect::{InputError, Sign};
/// let (a, b, c, d) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]);
/// let mut out = [Sign::Zero; 2];
/// insphere_many(&a, &b, &c, &d, &[[0.0, 0.0, 0.5], [0.0, 0.0, -1.0]], &mut out)?;
/// assert_eq!(out, [Sign::Positive, Sign::Zero]);
/// # Ok::<(), InputError>(())
/// ```
#[inline]
pub fn insphere_many<T: Scalar>(
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    d: &[T; 3],
    e: &[[T; 3]],
    out: &mut [Sign],
) -> Result<(), InputError> {
    insphere_batch(a, b, c, d, e, out)
}
