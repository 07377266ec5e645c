//! 2D lines (Real-Time Rendering, 4th ed., section 22.15.1, the book's first method):
//! [`line_line_2d`] decided exactly with the common point rounded once, and
//! [`line_line_2d_with`] the classic float form under a [`Policy`].

use num_rational::BigRational;

use crate::policy::Policy;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::{float_array_from_f64, float_from_f64, is_f32};
use crate::{InputError, Scalar, Sign};

use super::bounded::{Bounded, line_line_2d_f64, rounded};
use super::dd::Dd;
use super::filter::abs;
use super::segment_segment_2d::{rational, sub2, validate_points};

/// Where two 2D lines `o1 + s·d1` and `o2 + t·d2` meet, from [`line_line_2d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{line_line_2d, LineLine2d};
/// let r = line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 2.0], &[1.0, -1.0]);
/// assert_eq!(r, LineLine2d::Point { s: 1.0, t: 1.0, point: [1.0, 1.0] });
/// assert!(r.intersects());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineLine2d<T> {
    /// Exactly one common point, `point = o1 + s·d1 = o2 + t·d2`.
    Point {
        /// The parameter on the first line.
        s: T,
        /// The parameter on the second line.
        t: T,
        /// The common point.
        point: [T; 2],
    },
    /// Parallel and distinct: no common point (also the answer for a non-finite input,
    /// see [`line_line_2d`]).
    Parallel,
    /// The same line: every point is common.
    Coincident,
}

impl<T> LineLine2d<T> {
    /// `true` for [`Point`](LineLine2d::Point) and [`Coincident`](LineLine2d::Coincident):
    /// the lines share a point.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::LineLine2d;
    /// assert!(LineLine2d::<f64>::Coincident.intersects());
    /// assert!(!LineLine2d::<f64>::Parallel.intersects());
    /// ```
    pub fn intersects(&self) -> bool {
        !matches!(self, LineLine2d::Parallel)
    }
}

/// `u × v = u_x v_y − u_y v_x` of two differences or vectors of the inputs.
struct Cross2<'a, T> {
    u: [&'a T; 2],
    /// Subtracted from `u` when present (`u − u0`).
    u0: Option<[&'a T; 2]>,
    v: [&'a T; 2],
}

impl<T> Polynomial<T> for Cross2<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let mut u = [lift(self.u[0]), lift(self.u[1])];
        if let Some(u0) = self.u0 {
            u = [u[0].clone() - lift(u0[0]), u[1].clone() - lift(u0[1])];
        }
        let v = [lift(self.v[0]), lift(self.v[1])];
        u[0].clone() * v[1].clone() - u[1].clone() * v[0].clone()
    }
}

/// The two coordinates of a 2D point, by reference.
fn pair<T>(p: &[T; 2]) -> [&T; 2] {
    [&p[0], &p[1]]
}

fn finite<T: Scalar>(pts: [&[T; 2]; 4]) -> bool {
    pts.iter().all(|p| p[0].is_finite() && p[1].is_finite())
}

/// `d1 × d2 ≠ 0`, exactly: the lines cross in one point.
#[inline]
fn crossing<T: Scalar>(d1: &[T; 2], d2: &[T; 2]) -> bool {
    let den = Cross2 {
        u: pair(d1),
        u0: None,
        v: pair(d2),
    };
    polynomial_sign::<T, _>(&den) != Sign::Zero
}

/// For `d1 × d2 = 0`: [`Coincident`](LineLine2d::Coincident) when `w × d1 = 0` and
/// `w × d2 = 0` (`w = o2 − o1`; with one direction zero, the other decides; with both
/// zero, the two points must be equal), else [`Parallel`](LineLine2d::Parallel).
fn parallel_case<T: Scalar>(o1: &[T; 2], d1: &[T; 2], o2: &[T; 2], d2: &[T; 2]) -> LineLine2d<T> {
    let zero = |d: &[T; 2]| d[0].is_zero() && d[1].is_zero();
    let coincident = if zero(d1) && zero(d2) {
        o1 == o2
    } else {
        [d1, d2].iter().all(|d| {
            let on = Cross2 {
                u: pair(o2),
                u0: Some(pair(o1)),
                v: pair(d),
            };
            polynomial_sign::<T, _>(&on) == Sign::Zero
        })
    };
    if coincident {
        LineLine2d::Coincident
    } else {
        LineLine2d::Parallel
    }
}

/// The intersection of two 2D lines `o1 + s·d1` and `o2 + t·d2` (RTR §22.15.1, the
/// book's first method, decided exactly).
///
/// With `w = o2 − o1` and `a × b = a_x b_y − a_y b_x`: the lines are parallel iff
/// `d1 × d2 = 0`; then they coincide iff `w × d1 = 0` as well. Otherwise
/// `s = (w × d2)/(d1 × d2)`, `t = (w × d1)/(d1 × d2)`. Both decisions are exact signs of
/// integer polynomials of the inputs
/// ([`polynomial_sign`]), for every finite input of
/// every scalar type. `s`, `t` and the point `o1 + s·d1` are constructions: exact for
/// rationals; for floats each is the exact value rounded to nearest (ties to even), `±∞`
/// only where the exact value exceeds the type's range, which nearly parallel lines can
/// reach. For `f32`/`f64` input they are computed in double-double and certified to be
/// those nearest floats (nearly parallel lines take exact sums of the determinants
/// first; `proofs/overlap_boxes.md` §6a); where the certificate declines (results beyond
/// `2^±300`, inputs beyond `2^±240`, a result within `2^-96` of a rounding boundary)
/// exact integer arithmetic gives the same bits.
///
/// Degenerate input, never a panic: a line with a zero direction is its one point `o`;
/// the answer is then [`Coincident`](LineLine2d::Coincident) if that point lies on the
/// other line (for two points: if they are equal), else
/// [`Parallel`](LineLine2d::Parallel) ([`try_line_line_2d`] refuses zero directions). A
/// NaN or infinite coordinate gives [`Parallel`](LineLine2d::Parallel);
/// [`try_line_line_2d`] reports it.
///
/// # Examples
///
/// ```
/// use isect::overlap::{line_line_2d, LineLine2d};
/// // y = x and the x axis shifted: they cross at the origin.
/// let r = line_line_2d(&[1.0, 1.0], &[2.0, 2.0], &[-3.0, 0.0], &[1.0, 0.0]);
/// assert_eq!(r, LineLine2d::Point { s: -0.5, t: 3.0, point: [0.0, 0.0] });
/// // One ulp from parallel still crosses, far away, and exactly so.
/// let d = 1.0f64.next_up();
/// let r = line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &[1.0, d]);
/// assert!(matches!(r, LineLine2d::Point { .. }));
/// let r = line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &[2.0, 2.0]);
/// assert_eq!(r, LineLine2d::Parallel);
/// let r = line_line_2d(&[0.0, 0.0], &[1.0, 1.0], &[3.0, 3.0], &[-2.0, -2.0]);
/// assert_eq!(r, LineLine2d::Coincident);
/// ```
pub fn line_line_2d<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> LineLine2d<T> {
    if !finite([o1, d1, o2, d2]) {
        return LineLine2d::Parallel;
    }
    if let Some(r) = line_line_2d_dd(o1, d1, o2, d2) {
        return r;
    }
    if !crossing(d1, d2) {
        return parallel_case(o1, d1, o2, d2);
    }
    if let Some(r) = line_line_2d_float(o1, d1, o2, d2) {
        return r;
    }
    let [o1q, d1q, o2q, d2q] = [o1, d1, o2, d2].map(|p| p.each_ref().map(rational));
    let w = [&o2q[0] - &o1q[0], &o2q[1] - &o1q[1]];
    let x = |a: &[BigRational; 2], b: &[BigRational; 2]| &a[0] * &b[1] - &a[1] * &b[0];
    let den = x(&d1q, &d2q);
    let s = x(&w, &d2q) / &den;
    let t = x(&w, &d1q) / den;
    let point = [&o1q[0] + &s * &d1q[0], &o1q[1] + &s * &d1q[1]];
    LineLine2d::Point {
        s: T::from_rational(&s),
        t: T::from_rational(&t),
        point: point.map(|c| T::from_rational(&c)),
    }
}

/// [`line_line_2d`] with a certified error bound on each constructed number instead of
/// correct rounding: the same decision, cheaper construction.
///
/// The answer's kind ([`Point`](LineLine2d::Point), [`Parallel`](LineLine2d::Parallel),
/// [`Coincident`](LineLine2d::Coincident)) is exactly [`line_line_2d`]'s. In a `Point`,
/// each of `s`, `t` and the two coordinates of `o1 + s·d1` is a [`Bounded`]: the exact
/// value lies within `error` of `value`. Exact (`error` 0) for rationals. For `f32`/`f64`
/// the book's formula is evaluated in `f64` with a running error bound
/// (`proofs/bounded_constructions.md` §2) and kept when every bound is below `2^-40` of
/// its value; otherwise (nearly parallel lines, cancellation, inputs outside
/// `[2^-240, 2^240]`) the values are [`line_line_2d`]'s correctly rounded ones with half
/// an ulp as the bound. Either way `error ≤ 2^-40·|value| + ulp(value)`.
///
/// Degenerate and non-finite input as for [`line_line_2d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{line_line_2d_bounded, LineLine2d};
/// let r = line_line_2d_bounded(&[0.0f64, 0.0], &[3.0, 1.0], &[0.0, 1.0], &[1.0, -1.0]);
/// let LineLine2d::Point { s, t, point } = r else { panic!() };
/// // Exactly s = 1/4, t = 3/4, point (3/4, 1/4).
/// assert!((s.value - 0.25).abs() <= s.error && s.error <= 1e-12);
/// assert!((t.value - 0.75).abs() <= t.error);
/// assert!((point[0].value - 0.75).abs() <= point[0].error);
/// assert!((point[1].value - 0.25).abs() <= point[1].error);
/// // The decision stays exact: one ulp from parallel is still a crossing.
/// let d = 1.0f64.next_up();
/// let r = line_line_2d_bounded(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &[1.0, d]);
/// assert!(matches!(r, LineLine2d::Point { .. }));
/// let r = line_line_2d_bounded(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &[2.0, 2.0]);
/// assert_eq!(r, LineLine2d::Parallel);
/// ```
#[inline]
pub fn line_line_2d_bounded<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> LineLine2d<Bounded<T>> {
    match line_line_2d_f64([o1, d1, o2, d2]) {
        Some((s, t, point)) => LineLine2d::Point { s, t, point },
        None => line_line_2d_rounded(o1, d1, o2, d2),
    }
}

/// [`line_line_2d`]'s answer with the bounds of correctly rounded values.
#[cold]
fn line_line_2d_rounded<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> LineLine2d<Bounded<T>> {
    match line_line_2d(o1, d1, o2, d2) {
        LineLine2d::Point { s, t, point } => LineLine2d::Point {
            s: rounded(s),
            t: rounded(t),
            point: point.map(rounded),
        },
        LineLine2d::Parallel => LineLine2d::Parallel,
        LineLine2d::Coincident => LineLine2d::Coincident,
    }
}

/// [`line_line_2d_bounded`] after validating the lines.
///
/// # Errors
///
/// As [`try_line_line_2d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_line_line_2d_bounded, LineLine2d};
/// let o = [0.0, 0.0];
/// let r = try_line_line_2d_bounded(&o, &[1.0, 0.0], &[0.0, 1.0], &[0.0, 1.0]);
/// assert!(matches!(r, Ok(LineLine2d::Point { .. })));
/// assert!(try_line_line_2d_bounded(&o, &[0.0, 0.0], &o, &[1.0, 0.0]).is_err());
/// ```
pub fn try_line_line_2d_bounded<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Result<LineLine2d<Bounded<T>>, InputError> {
    validate_lines([o1, d1, o2, d2])?;
    Ok(line_line_2d_bounded(o1, d1, o2, d2))
}

/// Whether two 2D lines `o1 + s·d1` and `o2 + t·d2` share a point: exactly
/// `line_line_2d(o1, d1, o2, d2).intersects()`, without constructing the point.
///
/// Exact for every finite input (the signs of [`line_line_2d`]); degenerate input as
/// there; `false` for a NaN or infinite coordinate ([`try_line_line_2d_intersect`]
/// reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::line_line_2d_intersect;
/// assert!(line_line_2d_intersect(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &[1.0, 0.0]));
/// assert!(!line_line_2d_intersect(&[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &[2.0, 2.0]));
/// ```
pub fn line_line_2d_intersect<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> bool {
    if !finite([o1, d1, o2, d2]) {
        return false;
    }
    crossing(d1, d2) || parallel_case(o1, d1, o2, d2) == LineLine2d::Coincident
}

/// [`line_line_2d`] for float input in double-double: the lines are certainly not
/// parallel when the double-double `d1 × d2` exceeds its error bound, and then `s`, `t`
/// and the point are certified to be the nearest floats (`overlap::dd`); `None` (the
/// caller then decides and computes exactly) when an input lies outside
/// `dd::in_window`, the directions may be parallel, or a certificate fails. Exact zeros
/// (`s`, `t` or a coordinate of the point) are recognised by exact signs of their
/// numerators, so lines meeting at the origin or at one of their own origins stay on this
/// path.
fn line_line_2d_dd<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Option<LineLine2d<T>> {
    use super::dd::{Divisor, affine, det2, exact_dd, in_window, nearest_quotient};
    use crate::predicates::{sum_sign_in_place, two_diff, two_product};
    // The exact f64 views of the inputs: `None` (the exact path) for non-float types.
    let [o1, d1, o2, d2] = super::filter::points2_as_f64([o1, d1, o2, d2])?;
    let is_f32 = is_f32::<T>();
    if ![o1, d1, o2, d2].iter().flatten().all(|&x| in_window(x)) {
        return None;
    }
    let (wx, wxl) = two_diff(o2[0], o1[0]);
    let (wy, wyl) = two_diff(o2[1], o1[1]);
    // The exact terms of w × v (w = o2 − o1 as wx + wxl, wy + wyl) and of d1 × d2.
    let cross_terms = |v: &[f64; 2]| -> [f64; 8] {
        let (a, ae) = two_product(wx, v[1]);
        let (b, be) = two_product(wy, v[0]);
        let (c, ce) = two_product(wxl, v[1]);
        let (d, de) = two_product(wyl, v[0]);
        [a, ae, -b, -be, c, ce, -d, -de]
    };
    let den_terms = || -> [f64; 4] {
        let (p1, e1) = two_product(d1[0], d2[1]);
        let (p2, e2) = two_product(d1[1], d2[0]);
        [p1, e1, -p2, -e2]
    };
    // s, t and the point from double-doubles of d1 × d2, w × d2 and w × d1; an exact zero
    // numerator is recognised by the exact sign of its terms.
    let solve = |div: &Divisor, sn: &Dd, tn: &Dd| -> Option<(f64, f64, [f64; 2])> {
        let quotient = |num: &Dd, zero: &dyn Fn() -> bool| -> Option<f64> {
            nearest_quotient(num, div, is_f32).or_else(|| zero().then_some(0.0))
        };
        let s = quotient(sn, &|| {
            sum_sign_in_place(&mut cross_terms(&d2)) == Sign::Zero
        })?;
        let t = quotient(tn, &|| {
            sum_sign_in_place(&mut cross_terms(&d1)) == Sign::Zero
        })?;
        let coord = |k: usize| {
            let num = affine(o1[k], &div.den, sn, d1[k]);
            quotient(&num, &|| {
                // o·den + sn·v exactly: den's four terms times o, sn's eight times v.
                let mut terms = [0.0; 24];
                for (i, x) in den_terms().into_iter().enumerate() {
                    (terms[2 * i], terms[2 * i + 1]) = two_product(x, o1[k]);
                }
                for (i, x) in cross_terms(&d2).into_iter().enumerate() {
                    (terms[8 + 2 * i], terms[9 + 2 * i]) = two_product(x, d1[k]);
                }
                sum_sign_in_place(&mut terms) == Sign::Zero
            })
        };
        Some((s, t, [coord(0)?, coord(1)?]))
    };
    // Tier 1: rounded double-doubles, bounds relative to the terms' magnitudes.
    let tier1 = Divisor::new(det2(d1[0], 0.0, d1[1], 0.0, d2[0], d2[1])).and_then(|div| {
        let sn = det2(wx, wxl, wy, wyl, d2[0], d2[1]);
        let tn = det2(wx, wxl, wy, wyl, d1[0], d1[1]);
        solve(&div, &sn, &tn)
    });
    // Tier 2, when the determinants cancel (nearly parallel lines): their exact sums, as
    // double-doubles whose error bound is the exact remainder. An exactly zero d1 × d2
    // (parallel) is left to the caller.
    let (s, t, point) = match tier1 {
        Some(r) => r,
        None => {
            let div = Divisor::new(exact_dd(&mut den_terms())?)?;
            let zero = Dd {
                hi: 0.0,
                lo: 0.0,
                mag: 0.0,
            };
            let sn = exact_dd(&mut cross_terms(&d2)).unwrap_or(zero);
            let tn = exact_dd(&mut cross_terms(&d1)).unwrap_or(zero);
            solve(&div, &sn, &tn)?
        }
    };
    // Each value is already of T's format: the conversion is exact.
    Some(LineLine2d::Point {
        s: float_from_f64(s)?,
        t: float_from_f64(t)?,
        point: float_array_from_f64(point)?,
    })
}

/// The construction of [`line_line_2d`] for float input (non-parallel lines), in integers:
/// every coordinate is `m·2^e` exactly, so with `E` the least exponent all of them are
/// integers times `2^E`. `s` and `t` are ratios of integer cross products (the scale
/// cancels) and the point is `2^E·(O₁·den + num·D₁)/den`; each ratio is rounded once by
/// `Scalar::from_rational` without ever reducing a fraction (no gcd), which makes it much
/// cheaper than rational arithmetic.
fn line_line_2d_float<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Option<LineLine2d<T>> {
    use num_bigint::BigInt;
    let pts = super::filter::points2_as_f64([o1, d1, o2, d2])?;
    let parts = pts.map(|p| p.map(crate::predicates::decompose));
    let e_min = parts.iter().flatten().map(|&(_, e)| e).min().unwrap_or(0);
    let int = |(m, e): (i64, i32)| BigInt::from(m) << ((e - e_min) as usize);
    let [o1, d1, o2, d2] = parts.map(|p| p.map(int));
    let x = |a: &[BigInt; 2], b: &[BigInt; 2]| &a[0] * &b[1] - &a[1] * &b[0];
    let w = [&o2[0] - &o1[0], &o2[1] - &o1[1]];
    let den = x(&d1, &d2);
    let (sn, tn) = (x(&w, &d2), x(&w, &d1));
    let ratio = |n: BigInt, d: &BigInt, scale: i32| -> T {
        let (n, d) = if scale >= 0 {
            (n << (scale as usize), d.clone())
        } else {
            (n, d << ((-scale) as usize))
        };
        T::from_rational(&BigRational::new_raw(n, d))
    };
    let point = [0, 1].map(|k| ratio(&o1[k] * &den + &sn * &d1[k], &den, e_min));
    Some(LineLine2d::Point {
        s: ratio(sn, &den, 0),
        t: ratio(tn, &den, 0),
        point,
    })
}
/// Validates two lines given as origin and direction (2D or 3D), arguments 0 to 3:
/// finite coordinates, then non-zero directions.
pub(super) fn validate_lines<T: Scalar, const N: usize>(
    pts: [&[T; N]; 4],
) -> Result<(), InputError> {
    validate_points(&pts)?;
    for argument in [1, 3] {
        if pts[argument].iter().all(|x| x.is_zero()) {
            return Err(InputError::ZeroDirection { argument });
        }
    }
    Ok(())
}

/// [`line_line_2d`] after validating the lines.
///
/// # Errors
///
/// [`InputError::NonFinite`] for the first NaN or infinite coordinate (`argument` 0–3
/// naming `o1`, `d1`, `o2`, `d2`; `what: "point"`), then
/// [`InputError::ZeroDirection`] (`argument` 1 or 3) for a zero direction.
///
/// # Examples
///
/// ```
/// use isect::overlap::{try_line_line_2d, LineLine2d};
/// use isect::InputError;
/// let o = [0.0, 0.0];
/// assert_eq!(try_line_line_2d(&o, &[1.0, 0.0], &o, &[2.0, 0.0]), Ok(LineLine2d::Coincident));
/// assert_eq!(
///     try_line_line_2d(&o, &[0.0, 0.0], &o, &[1.0, 0.0]),
///     Err(InputError::ZeroDirection { argument: 1 })
/// );
/// assert!(try_line_line_2d(&o, &[f64::NAN, 0.0], &o, &[1.0, 0.0]).is_err());
/// ```
pub fn try_line_line_2d<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Result<LineLine2d<T>, InputError> {
    validate_lines([o1, d1, o2, d2])?;
    Ok(line_line_2d(o1, d1, o2, d2))
}

/// [`line_line_2d_intersect`] after validating the lines.
///
/// # Errors
///
/// As [`try_line_line_2d`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_line_line_2d_intersect;
/// let o = [0.0, 0.0];
/// assert_eq!(try_line_line_2d_intersect(&o, &[1.0, 0.0], &[0.0, 1.0], &[1.0, 0.0]), Ok(false));
/// assert!(try_line_line_2d_intersect(&o, &[0.0, 0.0], &o, &[1.0, 0.0]).is_err());
/// ```
pub fn try_line_line_2d_intersect<T: Scalar>(
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> Result<bool, InputError> {
    validate_lines([o1, d1, o2, d2])?;
    Ok(line_line_2d_intersect(o1, d1, o2, d2))
}

/// The book's first method for 2D lines (RTR §22.15.1), computed in `T` and decided under
/// `policy`: the classic counterpart of [`line_line_2d`], with the same result type.
///
/// `den = d1 × d2`, with scale `|d1_x d2_y| + |d1_y d2_x|`. If `policy.sign` of it is
/// zero the lines are taken as parallel: [`Coincident`](LineLine2d::Coincident) if
/// `w × d1` and `w × d2` (`w = o2 − o1`) are zero under `policy` as well (scales likewise),
/// else [`Parallel`](LineLine2d::Parallel). Otherwise
/// [`Point`](LineLine2d::Point) with `s = (w × d2)/den`, `t = (w × d1)/den` (each one
/// rounded division of rounded cross products) and `point = o1 + s·d1`, all in `T`.
///
/// **Not exact**: nearly parallel lines may be called parallel (or the reverse under
/// [`Naive`](crate::policy::Naive) when rounding makes `den` zero), and `s`, `t` and the
/// point carry the rounding of the differences, products and divisions. No validation;
/// NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::{line_line_2d_with, LineLine2d};
/// use isect::policy::{Naive, Relative};
/// let r = line_line_2d_with(Naive, &[1.0, 1.0], &[2.0, 2.0], &[-3.0, 0.0], &[1.0, 0.0]);
/// assert_eq!(r, LineLine2d::Point { s: -0.5, t: 3.0, point: [0.0, 0.0] });
/// // Nearly parallel: an epsilon calls it parallel; the exact test does not.
/// let d = [1.0, 1.0f64.next_up()];
/// let r = line_line_2d_with(Relative { eps: 1e-9 }, &[0.0, 0.0], &[1.0, 1.0], &[0.0, 1.0], &d);
/// assert_eq!(r, LineLine2d::Parallel);
/// ```
pub fn line_line_2d_with<T: Scalar, P: Policy<T>>(
    policy: P,
    o1: &[T; 2],
    d1: &[T; 2],
    o2: &[T; 2],
    d2: &[T; 2],
) -> LineLine2d<T> {
    // a × b and its scale |a_x b_y| + |a_y b_x|.
    let cross = |a: &[T; 2], b: &[T; 2]| {
        let (p1, p2) = (a[0].clone() * &b[1], a[1].clone() * &b[0]);
        let scale = abs(p1.clone()) + abs(p2.clone());
        (p1 - p2, scale)
    };
    let (den, scale) = cross(d1, d2);
    let w = sub2(o2, o1);
    let (sn, sn_scale) = cross(&w, d2);
    let (tn, tn_scale) = cross(&w, d1);
    if policy.sign(&den, &scale) == Sign::Zero {
        let on =
            policy.sign(&tn, &tn_scale) == Sign::Zero && policy.sign(&sn, &sn_scale) == Sign::Zero;
        return if on {
            LineLine2d::Coincident
        } else {
            LineLine2d::Parallel
        };
    }
    let (s, t) = (sn / &den, tn / &den);
    let point = [
        o1[0].clone() + s.clone() * &d1[0],
        o1[1].clone() + s.clone() * &d1[1],
    ];
    LineLine2d::Point { s, t, point }
}
