//! Predicate kernels: one per scalar type, chosen at compile time through
//! [`Scalar::Kernel`].

use core::borrow::Borrow;
use num_traits::Zero;

use super::batch::{self, Column, check_rows};
use super::poly::{self, Polynomial};
use super::{exact, float};
use crate::{InputError, Scalar, Sign};

/// The four predicates over one scalar type.
///
/// Implemented by [`F64Kernel`] (the staged adaptive kernel), [`F32Kernel`] (exact
/// promotion to `f64`) and [`ExactKernel`] (direct evaluation over a rational type).
/// Call the free functions [`orient2d`](crate::orient2d) … [`insphere`](crate::insphere)
/// rather than these.
///
/// # Examples
///
/// ```
/// use isect::{Kernel, F64Kernel, Sign};
/// assert_eq!(F64Kernel::orient2d(&[0.0, 0.0], &[1.0, 0.0], &[0.0, 1.0]), Sign::Positive);
/// ```
pub trait Kernel<T> {
    /// See [`orient2d`](crate::orient2d).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Kernel, F64Kernel, Sign};
    /// // One ulp of 0.5 below the line y = x.
    /// let s = F64Kernel::orient2d(&[0.0, 0.0], &[1.0, 1.0], &[0.5, 0.5 - f64::EPSILON / 4.0]);
    /// assert_eq!(s, Sign::Negative);
    /// ```
    fn orient2d(a: &[T; 2], b: &[T; 2], c: &[T; 2]) -> Sign;
    /// See [`orient3d`](crate::orient3d).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Kernel, F32Kernel, Sign};
    /// let (a, b, c) = ([0.0_f32, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    /// assert_eq!(F32Kernel::orient3d(&a, &b, &c, &[0.2, 0.3, 0.0]), Sign::Zero);
    /// assert_eq!(F32Kernel::orient3d(&a, &b, &c, &[0.2, 0.3, 1e-40]), Sign::Negative);
    /// ```
    fn orient3d(a: &[T; 3], b: &[T; 3], c: &[T; 3], d: &[T; 3]) -> Sign;
    /// See [`incircle`](crate::incircle).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Kernel, F64Kernel, Sign};
    /// let (a, b, c) = ([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]);
    /// assert_eq!(F64Kernel::incircle(&a, &b, &c, &[0.0, -1.0]), Sign::Zero);
    /// assert_eq!(F64Kernel::incircle(&a, &b, &c, &[0.0, 0.0]), Sign::Positive);
    /// ```
    fn incircle(a: &[T; 2], b: &[T; 2], c: &[T; 2], d: &[T; 2]) -> Sign;
    /// See [`insphere`](crate::insphere).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Kernel, F64Kernel, Sign};
    /// // a, b, c, d with orient3d positive; e on their sphere, then at its centre.
    /// let (a, b, c, d) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, -1.0]);
    /// assert_eq!(F64Kernel::orient3d(&a, &b, &c, &d), Sign::Positive);
    /// assert_eq!(F64Kernel::insphere(&a, &b, &c, &d, &[0.0, 0.0, 1.0]), Sign::Zero);
    /// assert_eq!(F64Kernel::insphere(&a, &b, &c, &d, &[0.0; 3]), Sign::Positive);
    /// ```
    fn insphere(a: &[T; 3], b: &[T; 3], c: &[T; 3], d: &[T; 3], e: &[T; 3]) -> Sign;
    /// See [`polynomial_sign`](crate::predicates::polynomial_sign).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::predicates::{Polynomial, Ring};
    /// use isect::{Kernel, F64Kernel, Sign};
    /// /// x·y − 1
    /// struct Hyperbola(f64, f64);
    /// impl Polynomial<f64> for Hyperbola {
    ///     fn eval<R: Ring>(&self, lift: &impl Fn(&f64) -> R) -> R {
    ///         lift(&self.0) * lift(&self.1) - lift(&1.0)
    ///     }
    /// }
    /// // 3 · fl(1/3) is one minus a quarter ulp of one, which rounds to one in f64.
    /// assert_eq!(F64Kernel::polynomial_sign(&Hyperbola(3.0, 1.0 / 3.0)), Sign::Negative);
    /// ```
    fn polynomial_sign<P: Polynomial<T> + ?Sized>(p: &P) -> Sign;

    /// See [`orient2d_batch`](crate::predicates::orient2d_batch). The default checks the
    /// lengths and calls [`Kernel::orient2d`] on every row; the float kernels override it
    /// with a vectorized filter.
    ///
    /// # Errors
    ///
    /// [`InputError::LengthMismatch`] when a slice's length differs from `out.len()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Kernel, F64Kernel, Sign};
    /// let (b, c) = ([[1.0, 0.0], [1.0, 1.0]], [[0.0, 1.0], [2.0, 2.0]]);
    /// let mut out = [Sign::Zero; 2];
    /// F64Kernel::orient2d_batch(&[0.0, 0.0], &b[..], &c[..], &mut out).unwrap();
    /// assert_eq!(out, [Sign::Positive, Sign::Zero]);
    /// ```
    fn orient2d_batch<A, B, C>(a: A, b: B, c: C, out: &mut [Sign]) -> Result<(), InputError>
    where
        A: Column<2, Scalar = T>,
        B: Column<2, Scalar = T>,
        C: Column<2, Scalar = T>,
    {
        check_rows(out.len(), &[a.rows(), b.rows(), c.rows()])?;
        for (i, o) in out.iter_mut().enumerate() {
            *o = Self::orient2d(
                a.point(i).borrow(),
                b.point(i).borrow(),
                c.point(i).borrow(),
            );
        }
        Ok(())
    }

    /// See [`orient3d_batch`](crate::predicates::orient3d_batch); the default loops
    /// [`Kernel::orient3d`].
    ///
    /// # Errors
    ///
    /// [`InputError::LengthMismatch`] when a slice's length differs from `out.len()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{InputError, Kernel, F64Kernel, Sign};
    /// let d = [[0.0, 0.0, -1.0], [0.25, 0.25, 0.0]];
    /// let mut out = [Sign::Zero; 2];
    /// let (a, b, c) = ([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    /// F64Kernel::orient3d_batch(&a, &b, &c, &d[..], &mut out).unwrap();
    /// assert_eq!(out, [Sign::Positive, Sign::Zero]);
    /// let short = F64Kernel::orient3d_batch(&a, &b, &c, &d[..1], &mut out);
    /// assert!(matches!(short, Err(InputError::LengthMismatch { argument: 3, .. })));
    /// ```
    fn orient3d_batch<A, B, C, D>(
        a: A,
        b: B,
        c: C,
        d: D,
        out: &mut [Sign],
    ) -> Result<(), InputError>
    where
        A: Column<3, Scalar = T>,
        B: Column<3, Scalar = T>,
        C: Column<3, Scalar = T>,
        D: Column<3, Scalar = T>,
    {
        check_rows(out.len(), &[a.rows(), b.rows(), c.rows(), d.rows()])?;
        for (i, o) in out.iter_mut().enumerate() {
            *o = Self::orient3d(
                a.point(i).borrow(),
                b.point(i).borrow(),
                c.point(i).borrow(),
                d.point(i).borrow(),
            );
        }
        Ok(())
    }

    /// See [`orient3d_many`](crate::predicates::orient3d_many); the default is
    /// [`Kernel::orient3d_batch`] with the plane's points shared by every row, the float
    /// kernels override it with a filter that computes the plane's normal once.
    ///
    /// # Errors
    ///
    /// [`InputError::LengthMismatch`] (argument 3) when `d.len() != out.len()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Kernel, F32Kernel, Sign};
    /// let (a, b, c) = ([0.0_f32; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    /// let mut out = [Sign::Zero; 2];
    /// F32Kernel::orient3d_many(&a, &b, &c, &[[0.5, 0.5, 1.0], [3.0, -2.0, 0.0]], &mut out)
    ///     .unwrap();
    /// assert_eq!(out, [Sign::Negative, Sign::Zero]);
    /// ```
    fn orient3d_many(
        a: &[T; 3],
        b: &[T; 3],
        c: &[T; 3],
        d: &[[T; 3]],
        out: &mut [Sign],
    ) -> Result<(), InputError>
    where
        T: Scalar,
    {
        Self::orient3d_batch(a, b, c, d, out)
    }

    /// See [`incircle_batch`](crate::predicates::incircle_batch); the default loops
    /// [`Kernel::incircle`].
    ///
    /// # Errors
    ///
    /// [`InputError::LengthMismatch`] when a slice's length differs from `out.len()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Kernel, F64Kernel, Sign};
    /// let (a, b, c) = ([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]);
    /// let d = [[0.0, -1.0], [0.0, 0.5], [3.0, 3.0]];
    /// let mut out = [Sign::Zero; 3];
    /// F64Kernel::incircle_batch(&a, &b, &c, &d[..], &mut out).unwrap();
    /// assert_eq!(out, [Sign::Zero, Sign::Positive, Sign::Negative]);
    /// ```
    fn incircle_batch<A, B, C, D>(
        a: A,
        b: B,
        c: C,
        d: D,
        out: &mut [Sign],
    ) -> Result<(), InputError>
    where
        A: Column<2, Scalar = T>,
        B: Column<2, Scalar = T>,
        C: Column<2, Scalar = T>,
        D: Column<2, Scalar = T>,
    {
        check_rows(out.len(), &[a.rows(), b.rows(), c.rows(), d.rows()])?;
        for (i, o) in out.iter_mut().enumerate() {
            *o = Self::incircle(
                a.point(i).borrow(),
                b.point(i).borrow(),
                c.point(i).borrow(),
                d.point(i).borrow(),
            );
        }
        Ok(())
    }

    /// See [`insphere_batch`](crate::predicates::insphere_batch); the default loops
    /// [`Kernel::insphere`].
    ///
    /// # Errors
    ///
    /// [`InputError::LengthMismatch`] when a slice's length differs from `out.len()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Kernel, F64Kernel, Sign};
    /// let (a, b, c, d) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, -1.0]);
    /// let e = [[0.0, 0.0, 1.0], [0.0; 3], [0.0, 0.0, 2.0]];
    /// let mut out = [Sign::Zero; 3];
    /// F64Kernel::insphere_batch(&a, &b, &c, &d, &e[..], &mut out).unwrap();
    /// assert_eq!(out, [Sign::Zero, Sign::Positive, Sign::Negative]);
    /// ```
    fn insphere_batch<A, B, C, D, E>(
        a: A,
        b: B,
        c: C,
        d: D,
        e: E,
        out: &mut [Sign],
    ) -> Result<(), InputError>
    where
        A: Column<3, Scalar = T>,
        B: Column<3, Scalar = T>,
        C: Column<3, Scalar = T>,
        D: Column<3, Scalar = T>,
        E: Column<3, Scalar = T>,
    {
        let rows = [a.rows(), b.rows(), c.rows(), d.rows(), e.rows()];
        check_rows(out.len(), &rows)?;
        for (i, o) in out.iter_mut().enumerate() {
            let p = (a.point(i), b.point(i), c.point(i), d.point(i), e.point(i));
            let e = p.4.borrow();
            *o = Self::insphere(p.0.borrow(), p.1.borrow(), p.2.borrow(), p.3.borrow(), e);
        }
        Ok(())
    }
}

/// The batch overrides of the float kernels (`f64`, and `f32` widened exactly): the
/// vectorized filter of `float_batch.rs` with the exact path per failing row.
macro_rules! float_batch_methods {
    ($t:ty) => {
        #[inline]
        fn orient2d_batch<A, B, C>(a: A, b: B, c: C, out: &mut [Sign]) -> Result<(), InputError>
        where
            A: Column<2, Scalar = $t>,
            B: Column<2, Scalar = $t>,
            C: Column<2, Scalar = $t>,
        {
            batch::float::orient2d(a, b, c, out)
        }
        #[inline]
        fn orient3d_batch<A, B, C, D>(
            a: A,
            b: B,
            c: C,
            d: D,
            out: &mut [Sign],
        ) -> Result<(), InputError>
        where
            A: Column<3, Scalar = $t>,
            B: Column<3, Scalar = $t>,
            C: Column<3, Scalar = $t>,
            D: Column<3, Scalar = $t>,
        {
            batch::float::orient3d(a, b, c, d, out)
        }
        #[inline]
        fn orient3d_many(
            a: &[$t; 3],
            b: &[$t; 3],
            c: &[$t; 3],
            d: &[[$t; 3]],
            out: &mut [Sign],
        ) -> Result<(), InputError> {
            batch::float::orient3d_many(a, b, c, d, out)
        }
        #[inline]
        fn incircle_batch<A, B, C, D>(
            a: A,
            b: B,
            c: C,
            d: D,
            out: &mut [Sign],
        ) -> Result<(), InputError>
        where
            A: Column<2, Scalar = $t>,
            B: Column<2, Scalar = $t>,
            C: Column<2, Scalar = $t>,
            D: Column<2, Scalar = $t>,
        {
            batch::float::incircle(a, b, c, d, out)
        }
        #[inline]
        fn insphere_batch<A, B, C, D, E>(
            a: A,
            b: B,
            c: C,
            d: D,
            e: E,
            out: &mut [Sign],
        ) -> Result<(), InputError>
        where
            A: Column<3, Scalar = $t>,
            B: Column<3, Scalar = $t>,
            C: Column<3, Scalar = $t>,
            D: Column<3, Scalar = $t>,
            E: Column<3, Scalar = $t>,
        {
            batch::float::insphere(a, b, c, d, e, out)
        }
    };
}

/// The staged kernel for `f64`: error-bounded filter, adaptive expansion arithmetic, and
/// a big-integer fallback that is exact over the whole finite range.
///
/// # Examples
///
/// ```
/// use isect::{Kernel, F64Kernel, Sign};
/// let s = F64Kernel::orient3d(&[0.0; 3], &[1.0, 0.0, 0.0], &[0.0, 1.0, 0.0], &[0.0, 0.0, -1.0]);
/// assert_eq!(s, Sign::Positive);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct F64Kernel;

/// The kernel for `f32`: every `f32` converts exactly to `f64`, so the `f64` kernel's
/// exact answer on the converted points is the exact answer on the `f32` points.
///
/// # Examples
///
/// ```
/// use isect::{Kernel, F32Kernel, Sign};
/// assert_eq!(F32Kernel::orient2d(&[0.0, 0.0], &[1.0, 1.0], &[2.0, 2.0]), Sign::Zero);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct F32Kernel;

/// The kernel for exact rational types: the determinant is evaluated directly and
/// compared with zero.
///
/// # Examples
///
/// ```
/// use isect::{Kernel, ExactKernel, Sign};
/// use num_rational::BigRational;
/// let r = |x: f64| BigRational::from_float(x).unwrap();
/// let s = ExactKernel::orient2d(&[r(0.0), r(0.0)], &[r(0.1), r(0.1)], &[r(0.3), r(0.3)]);
/// assert_eq!(s, Sign::Zero);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ExactKernel;

impl Kernel<f64> for F64Kernel {
    #[inline]
    fn orient2d(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2]) -> Sign {
        float::orient2d(a, b, c)
    }
    #[inline]
    fn orient3d(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3]) -> Sign {
        float::orient3d(a, b, c, d)
    }
    #[inline]
    fn incircle(a: &[f64; 2], b: &[f64; 2], c: &[f64; 2], d: &[f64; 2]) -> Sign {
        float::incircle(a, b, c, d)
    }
    #[inline(always)]
    fn insphere(a: &[f64; 3], b: &[f64; 3], c: &[f64; 3], d: &[f64; 3], e: &[f64; 3]) -> Sign {
        float::insphere(a, b, c, d, e)
    }
    #[inline]
    fn polynomial_sign<P: Polynomial<f64> + ?Sized>(p: &P) -> Sign {
        poly::float_sign(p, |x: &f64| *x)
    }
    float_batch_methods!(f64);
}

#[inline(always)]
fn up<const N: usize>(p: &[f32; N]) -> [f64; N] {
    p.map(f64::from)
}

impl Kernel<f32> for F32Kernel {
    #[inline]
    fn orient2d(a: &[f32; 2], b: &[f32; 2], c: &[f32; 2]) -> Sign {
        float::orient2d(&up(a), &up(b), &up(c))
    }
    #[inline]
    fn orient3d(a: &[f32; 3], b: &[f32; 3], c: &[f32; 3], d: &[f32; 3]) -> Sign {
        float::orient3d(&up(a), &up(b), &up(c), &up(d))
    }
    #[inline]
    fn incircle(a: &[f32; 2], b: &[f32; 2], c: &[f32; 2], d: &[f32; 2]) -> Sign {
        float::incircle(&up(a), &up(b), &up(c), &up(d))
    }
    #[inline]
    fn insphere(a: &[f32; 3], b: &[f32; 3], c: &[f32; 3], d: &[f32; 3], e: &[f32; 3]) -> Sign {
        float::insphere(&up(a), &up(b), &up(c), &up(d), &up(e))
    }
    #[inline]
    fn polynomial_sign<P: Polynomial<f32> + ?Sized>(p: &P) -> Sign {
        poly::float_sign(p, |x: &f32| f64::from(*x))
    }
    float_batch_methods!(f32);
}

/// Rational types whose ring operations are exact: the types [`ExactKernel`] serves.
/// Sealed: floats must not reach the direct evaluation.
///
/// # Examples
///
/// ```
/// use isect::{ExactKernel, ExactRing, Kernel, Sign};
/// fn on_x_axis<T: ExactRing>(p: [T; 2]) -> Sign {
///     ExactKernel::orient2d(&[T::zero(), T::zero()], &[T::one(), T::zero()], &p)
/// }
/// let half = num_rational::BigRational::new(1.into(), 2.into());
/// assert_eq!(on_x_axis([half.clone(), half]), Sign::Positive);
/// ```
pub trait ExactRing: Scalar + Zero + private::Sealed {}
impl ExactRing for num_rational::BigRational {}
#[cfg(feature = "rug")]
impl ExactRing for rug::Rational {}

mod private {
    pub trait Sealed {}
    impl Sealed for num_rational::BigRational {}
    #[cfg(feature = "rug")]
    impl Sealed for rug::Rational {}
}

fn sign_of<T: Scalar + Zero>(x: T) -> Sign {
    Sign::of::<T>(x)
}

impl<T: ExactRing> Kernel<T> for ExactKernel {
    fn orient2d(a: &[T; 2], b: &[T; 2], c: &[T; 2]) -> Sign {
        sign_of(exact::orient2d(a, b, c))
    }
    fn orient3d(a: &[T; 3], b: &[T; 3], c: &[T; 3], d: &[T; 3]) -> Sign {
        sign_of(exact::orient3d(a, b, c, d))
    }
    fn incircle(a: &[T; 2], b: &[T; 2], c: &[T; 2], d: &[T; 2]) -> Sign {
        sign_of(exact::incircle(a, b, c, d))
    }
    fn insphere(a: &[T; 3], b: &[T; 3], c: &[T; 3], d: &[T; 3], e: &[T; 3]) -> Sign {
        sign_of(exact::insphere(a, b, c, d, e))
    }
    fn polynomial_sign<P: Polynomial<T> + ?Sized>(p: &P) -> Sign {
        poly::rational_sign(p)
    }
}
