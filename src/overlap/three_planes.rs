//! The common point of three planes (Real-Time Rendering, 4th ed., section 22.16):
//! existence decided exactly, the point rounded once.

use num_rational::BigRational;

use crate::geometry::Plane;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::{float_array_from_f64, is_f32};
use crate::vec3::{cross, det3};
use crate::{InputError, Scalar, Sign, Validate};

use super::bounded::{Bounded, rounded, three_planes_f64, three_planes_f64_componentwise};
use super::filter::finite3;
use super::segment_segment_2d::rational;

/// `det[n1, n2, n3]`.
struct Det3<'a, T>([&'a [T; 3]; 3]);

impl<T> Polynomial<T> for Det3<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let [a, b, c] = self.0.map(|v| v.each_ref().map(lift));
        det3(&a, &b, &c)
    }
}

/// The single common point of three planes `nᵢ·x + dᵢ = 0` (RTR §22.16), or `None`.
///
/// The point exists iff `det[n₁, n₂, n₃] ≠ 0`, decided exactly
/// ([`polynomial_sign`] of a degree-3 polynomial); it
/// is `x = −(d₁(n₂×n₃) + d₂(n₃×n₁) + d₃(n₁×n₂))/det`, computed exactly and rounded once
/// (exact for rationals; for floats each coordinate the nearest float to the exact value,
/// ties to even, `±∞` if it lies beyond the type's range, as nearly parallel planes can
/// make it). For float input whose values are zero or of magnitude in `[2^-240, 2^240]`
/// it is computed in double-double from exact sums of products, with a certificate that
/// the result is the nearest float (the same bits as the exact path;
/// `proofs/overlap_boxes.md` §6b–6e).
///
/// Degenerate input, never a panic: `None` when the planes share a line, a plane, or
/// nothing (any two parallel, or the three normals coplanar), when a normal is zero, and
/// for NaN or infinite input ([`try_three_planes`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::three_planes;
/// use isect::Plane;
/// let x1 = Plane::new([1.0, 0.0, 0.0], -1.0); // x = 1
/// let y2 = Plane::new([0.0, 1.0, 0.0], -2.0); // y = 2
/// let z3 = Plane::new([0.0, 0.0, 2.0], -6.0); // z = 3
/// assert_eq!(three_planes(&x1, &y2, &z3), Some([1.0, 2.0, 3.0]));
/// let diag = Plane::new([1.0, 1.0, 0.0], 0.0); // normals now coplanar:
/// assert_eq!(three_planes(&x1, &y2, &diag), None);
/// ```
pub fn three_planes<T: Scalar>(p1: &Plane<T>, p2: &Plane<T>, p3: &Plane<T>) -> Option<[T; 3]> {
    let ps = [p1, p2, p3];
    if !ps
        .iter()
        .all(|p| finite3(&p.normal) && p.offset.is_finite())
    {
        return None;
    }
    if let Some(r) = three_planes_dd(ps) {
        return r;
    }
    if polynomial_sign::<T, _>(&Det3(ps.map(|p| &p.normal))) == Sign::Zero {
        return None;
    }
    let [n1, n2, n3]: [[BigRational; 3]; 3] = ps.map(|p| p.normal.each_ref().map(rational));
    let [d1, d2, d3] = ps.map(|p| rational(&p.offset));
    let det = det3(&n1, &n2, &n3);
    let (c1, c2, c3) = (cross(&n2, &n3), cross(&n3, &n1), cross(&n1, &n2));
    Some(core::array::from_fn(|k| {
        let num = &d1 * &c1[k] + &d2 * &c2[k] + &d3 * &c3[k];
        T::from_rational(&(-num / &det))
    }))
}

/// [`three_planes`] for float input in the window of `overlap::dd`: `Some(None)` when
/// `det[n₁, n₂, n₃]` is exactly zero (its exact sum of terms is empty), `Some(point)` with
/// each coordinate the nearest float (the same bits as the exact path), or `None` (the
/// caller decides and computes exactly). `det` and every numerator are sums of six
/// products of three inputs, twenty-four exact terms (`proofs/overlap_boxes.md` §6b).
fn three_planes_dd<T: Scalar>(ps: [&Plane<T>; 3]) -> Option<Option<[T; 3]>> {
    use super::dd::{
        Dd, Divisor, det2, dot3, exact_expansion, in_window, nearest_quotient, nearest_quotients,
        product3,
    };
    // The exact f64 views of the inputs: `None` (the exact path) for non-float types.
    let (n, d) = super::filter::planes_as_f64(ps)?;
    let is_f32 = is_f32::<T>();
    if !n.iter().flatten().chain(&d).all(|&x| in_window(x)) {
        return None;
    }
    // Tier 1: rounded double-doubles with bounds relative to the terms (§6d): the three
    // cross products by `det2`, then `det` and the numerators by `dot3`.
    let cross = |a: &[f64; 3], b: &[f64; 3]| -> [Dd; 3] {
        core::array::from_fn(|k| {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            det2(a[i], 0.0, a[j], 0.0, b[i], b[j])
        })
    };
    let c = [
        cross(&n[1], &n[2]),
        cross(&n[2], &n[0]),
        cross(&n[0], &n[1]),
    ];
    if let Some(div) = Divisor::new(dot3(n[0], [&c[0][0], &c[0][1], &c[0][2]])) {
        let coord = |k: usize| {
            let num = dot3([-d[0], -d[1], -d[2]], [&c[0][k], &c[1][k], &c[2][k]]);
            nearest_quotient(&num, &div, is_f32)
        };
        if let (Some(x), Some(y), Some(z)) = (coord(0), coord(1), coord(2)) {
            return float_array_from_f64([x, y, z]).map(Some);
        }
    }
    // Tier 2: the exact sums of products of inputs (§6b).
    // (a×b)ₖ = a[k+1]·b[k+2] − a[k+2]·b[k+1], each product times c: eight terms.
    let cross_times = |a: &[f64; 3], b: &[f64; 3], k: usize, c: f64, out: &mut [f64]| {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        out[..4].copy_from_slice(&product3(a[i], b[j], c));
        out[4..8].copy_from_slice(&product3(-a[j], b[i], c));
    };
    // det = n₁·(n₂×n₃).
    let mut det = [0.0; 24];
    for k in 0..3 {
        cross_times(&n[1], &n[2], k, n[0][k], &mut det[8 * k..8 * k + 8]);
    }
    let nd = exact_expansion(&mut det);
    if nd == 0 {
        return Some(None);
    }
    // xₖ·det = −(d₁(n₂×n₃)ₖ + d₂(n₃×n₁)ₖ + d₃(n₁×n₂)ₖ).
    let num = |k: usize, buf: &mut [f64; 24]| {
        cross_times(&n[1], &n[2], k, -d[0], &mut buf[..8]);
        cross_times(&n[2], &n[0], k, -d[1], &mut buf[8..16]);
        cross_times(&n[0], &n[1], k, -d[2], &mut buf[16..]);
    };
    float_array_from_f64(nearest_quotients::<3, 24>(&det[..nd], num, is_f32)?).map(Some)
}
/// [`three_planes`] with a certified error bound on each coordinate instead of correct
/// rounding: the same decision, cheaper construction.
///
/// `None` exactly when [`three_planes`] answers `None` (no single common point, decided
/// exactly). Otherwise each coordinate is a [`Bounded`]: the exact coordinate lies within
/// `error` of `value`. Exact (`error` 0) for rationals. For `f32`/`f64` Cramer's rule is
/// evaluated in `f64` with a running error bound (`proofs/bounded_constructions.md` §4)
/// (bounds from the largest component of each normal, else from every cross-product
/// component) and kept when every bound is below `2^-40` of its value; otherwise (nearly
/// dependent normals, cancellation, extreme magnitudes) the coordinates are
/// [`three_planes`]'s correctly rounded ones with half an ulp as the bound. Either way
/// `error ≤ 2^-40·|value| + ulp(value)`.
///
/// # Examples
///
/// ```
/// use isect::overlap::three_planes_bounded;
/// use isect::Plane;
/// let a = Plane::new([1.0f64, 1.0, 0.0], -1.0); // x + y = 1
/// let b = Plane::new([0.0, 1.0, 1.0], -1.0); // y + z = 1
/// let c = Plane::new([1.0, 0.0, 1.0], -1.0); // x + z = 1
/// let p = three_planes_bounded(&a, &b, &c).unwrap();
/// for x in p {
///     assert!((x.value - 0.5).abs() <= x.error && x.error <= 1e-12);
/// }
/// let flat = Plane::new([1.0, 2.0, 1.0], 0.0); // normal a + b: no single point
/// assert_eq!(three_planes_bounded(&a, &b, &flat), None);
/// ```
pub fn three_planes_bounded<T: Scalar>(
    p1: &Plane<T>,
    p2: &Plane<T>,
    p3: &Plane<T>,
) -> Option<[Bounded<T>; 3]> {
    match three_planes_f64([p1, p2, p3]) {
        Some(x) => Some(x),
        None => three_planes_rounded(p1, p2, p3),
    }
}

/// The componentwise `f64` bounds, else [`three_planes`]'s answer with the bounds of
/// correctly rounded values.
#[cold]
fn three_planes_rounded<T: Scalar>(
    p1: &Plane<T>,
    p2: &Plane<T>,
    p3: &Plane<T>,
) -> Option<[Bounded<T>; 3]> {
    if let Some(x) = three_planes_f64_componentwise([p1, p2, p3]) {
        return Some(x);
    }
    three_planes(p1, p2, p3).map(|x| x.map(rounded))
}

/// [`three_planes_bounded`] after validating the planes.
///
/// # Errors
///
/// As [`try_three_planes`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_three_planes_bounded;
/// use isect::Plane;
/// let p = Plane::new([1.0, 0.0, 0.0], 0.0);
/// assert_eq!(try_three_planes_bounded(&p, &p, &p), Ok(None));
/// let zero = Plane::new([0.0; 3], 1.0);
/// assert!(try_three_planes_bounded(&p, &p, &zero).is_err());
/// ```
#[allow(clippy::type_complexity)]
pub fn try_three_planes_bounded<T: Scalar>(
    p1: &Plane<T>,
    p2: &Plane<T>,
    p3: &Plane<T>,
) -> Result<Option<[Bounded<T>; 3]>, InputError> {
    validate_planes([p1, p2, p3])?;
    Ok(three_planes_bounded(p1, p2, p3))
}

/// [`three_planes`] after validating the planes.
///
/// # Errors
///
/// [`InputError::NonFinite`] for the first NaN or infinite normal coordinate or offset
/// (`argument` 0–2 naming the plane; `what` `"normal"` or `"offset"`), then
/// [`InputError::ZeroDirection`] for a zero normal. Valid planes without a single common
/// point (parallel, or sharing a line) are answered: `Ok(None)`.
///
/// # Examples
///
/// ```
/// use isect::overlap::try_three_planes;
/// use isect::{InputError, Plane};
/// let p = Plane::new([1.0, 0.0, 0.0], 0.0);
/// assert_eq!(try_three_planes(&p, &p, &p), Ok(None));
/// let bad = Plane::new([0.0, 1.0, 0.0], f64::NAN);
/// assert!(matches!(
///     try_three_planes(&p, &bad, &p),
///     Err(InputError::NonFinite { argument: 1, what: "offset", .. })
/// ));
/// let zero = Plane::new([0.0; 3], 1.0);
/// assert_eq!(try_three_planes(&p, &p, &zero), Err(InputError::ZeroDirection { argument: 2 }));
/// ```
pub fn try_three_planes<T: Scalar>(
    p1: &Plane<T>,
    p2: &Plane<T>,
    p3: &Plane<T>,
) -> Result<Option<[T; 3]>, InputError> {
    validate_planes([p1, p2, p3])?;
    Ok(three_planes(p1, p2, p3))
}

/// Validates three planes, arguments 0 to 2.
fn validate_planes<T: Scalar>(ps: [&Plane<T>; 3]) -> Result<(), InputError> {
    for (argument, p) in ps.into_iter().enumerate() {
        p.validate(argument)?;
    }
    Ok(())
}
