//! Bounding volumes from points (Real-Time Rendering, 4th ed., section 22.3) and the
//! geometric-probability measures used to compare them (section 22.4).
//!
//! | volume | builder | result |
//! |---|---|---|
//! | AABB | [`aabb`] | the tightest box, exact (only comparisons) |
//! | k-DOP | [`kdop`] | the tightest k-DOP, slab ends rounded outward ([`Kdop::from_points`]) |
//! | sphere | [`sphere_aabb_center`], [`sphere_ritter`], [`sphere_welzl`] | centre heuristics; Welzl's is the minimal sphere (exact centre for rationals) |
//! | exact minimal sphere | [`min_sphere_exact`] | centre and squared radius as rationals |
//! | convex hull | [`convex_hull`](fn@convex_hull) | quickhull on exact [`orient3d`](crate::orient3d), [`Hull`] |
//! | OBB | [`obb_pca`], [`obb_dito`] | Gottschalk's PCA of the hull surface; Larsson–Källberg's extremal points |
//!
//! **Containment is guaranteed, not hoped for.** Every volume returned contains every
//! input point *exactly*, for every scalar type: where a float construction rounds (a
//! sphere's centre and radius, a box's centre and extents), the size is rounded outward
//! and then each point is checked by an exact predicate ([`Sphere::contains_point`](crate::Sphere::contains_point),
//! [`Obb::contains_point`](crate::Obb::contains_point), both signs of integer polynomials through
//! [`polynomial_sign`](crate::predicates::polynomial_sign)), and the size grown until the
//! check passes. `proofs/bounding_volumes.md` gives the arguments. For rational scalars the
//! constructions are exact (Welzl's centre and squared radius; the hull) and only a
//! sphere's radius, a square root, is rounded up ([`sqrt_up`]).
//!
//! Bad input: every builder returns `None` for no points or a NaN or infinite coordinate,
//! and its `try_` form ([`try_aabb`], [`try_sphere_welzl`], …) says which:
//! [`InputError::Empty`] or [`InputError::NonFinite`] (`what: "point"`, `index` the
//! point, `axis` the coordinate). None panics.
//!
//! # Examples
//!
//! ```
//! use isect::bv::{sphere_welzl, obb_dito, aabb};
//! let pts = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 0.5, 0.25]];
//! let s = sphere_welzl(&pts).unwrap();
//! assert!(pts.iter().all(|p| s.contains_point(p)));
//! assert_eq!(s.center, [1.0, 0.0, 0.0]);
//! let b = obb_dito(&pts).unwrap();
//! assert!(pts.iter().all(|p| b.contains_point(p)));
//! assert_eq!(aabb(&pts).unwrap().max, [2.0, 1.0, 0.25]);
//! assert!(aabb::<f64>(&[]).is_none());
//! ```

#[cfg(not(feature = "std"))]
use num_traits::Float;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;

use crate::error::check_point;
use crate::overlap::Kdop;
use crate::{Aabb, InputError, Scalar};

mod contain;
mod convex_hull;
mod measure;
mod obb;
mod sphere;

pub use convex_hull::{Hull, convex_hull, try_convex_hull};
pub use measure::Measure;
pub use obb::{obb_dito, obb_pca, try_obb_dito, try_obb_pca};
pub use sphere::{
    min_sphere_exact, sphere_aabb_center, sphere_ritter, sphere_welzl, try_min_sphere_exact,
    try_sphere_aabb_center, try_sphere_ritter, try_sphere_welzl,
};

/// `Err(Empty)` for no points, `Err(NonFinite)` naming the first NaN or infinite
/// coordinate (`what: "point"`, `index` the point) of the point list, argument `argument`.
pub(crate) fn check_points<T: Scalar>(
    argument: usize,
    points: &[[T; 3]],
) -> Result<(), InputError> {
    if points.is_empty() {
        return Err(InputError::Empty { argument });
    }
    for (i, p) in points.iter().enumerate() {
        check_point(argument, "point", Some(i), p)?;
    }
    Ok(())
}

/// The tightest axis-aligned box containing every point: exact for every scalar type
/// (only comparisons; the corners are input coordinates). `None` for no points or a NaN
/// or infinite coordinate ([`try_aabb`] says which).
///
/// # Examples
///
/// ```
/// let b = isect::bv::aabb(&[[1.0_f32, -2.0, 0.0], [0.5, 3.0, 0.0]]).unwrap();
/// assert_eq!((b.min, b.max), ([0.5, -2.0, 0.0], [1.0, 3.0, 0.0]));
/// ```
pub fn aabb<T: Scalar>(points: &[[T; 3]]) -> Option<Aabb<T>> {
    try_aabb(points).ok()
}

/// [`aabb`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::try_aabb;
/// use isect::{InputError, NonFiniteValue};
/// assert_eq!(try_aabb::<f64>(&[]), Err(InputError::Empty { argument: 0 }));
/// assert_eq!(
///     try_aabb(&[[0.0, 0.0, 0.0], [1.0, f64::NAN, 0.0]]),
///     Err(InputError::NonFinite {
///         argument: 0,
///         what: "point",
///         index: Some(1),
///         axis: Some(1),
///         value: NonFiniteValue::NaN,
///     })
/// );
/// ```
pub fn try_aabb<T: Scalar>(points: &[[T; 3]]) -> Result<Aabb<T>, InputError> {
    check_points(0, points)?;
    Aabb::from_points(points).ok_or(InputError::Empty { argument: 0 })
}

/// The tightest k-DOP with `N = k/2` slabs (k = 6, 14, 18, 26; the directions are
/// [`Kdop::DIRECTIONS`]) containing every point: [`Kdop::from_points`], whose slab ends are
/// exact for rationals and rounded outward for floats. `None` for no points or a NaN or
/// infinite coordinate ([`try_kdop`] says which).
///
/// # Examples
///
/// ```
/// use isect::bv::kdop;
/// let k = kdop::<f64, 7>(&[[0.0; 3], [1.0, 1.0, 1.0]]).unwrap(); // a 14-DOP
/// assert_eq!(k.max[3], 3.0); // x + y + z
/// assert!(k.contains_point(&[0.5, 0.5, 0.5]));
/// ```
pub fn kdop<T: Scalar, const N: usize>(points: &[[T; 3]]) -> Option<Kdop<T, N>> {
    try_kdop(points).ok()
}

/// [`kdop`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::try_kdop;
/// use isect::InputError;
/// assert_eq!(try_kdop::<f64, 3>(&[]).unwrap_err(), InputError::Empty { argument: 0 });
/// ```
pub fn try_kdop<T: Scalar, const N: usize>(points: &[[T; 3]]) -> Result<Kdop<T, N>, InputError> {
    check_points(0, points)?;
    Kdop::from_points(points).ok_or(InputError::Empty { argument: 0 })
}

/// The smallest value `r ≥ 0` of `T` with `r² ≥ q` that this function can certify:
/// the exact square root when `q` is the square of a rational (so `sqrt_up(9/4) = 3/2`),
/// otherwise an upper bound within a relative `2⁻⁶⁴` (for rationals) or the float
/// `√q` rounded up and checked exactly (for `f32`/`f64`; `+∞` if it exceeds the range).
/// `q ≤ 0` gives `0`.
///
/// # Examples
///
/// ```
/// use isect::bv::sqrt_up;
/// use num_rational::BigRational;
/// let q = BigRational::new(9.into(), 4.into());
/// assert_eq!(sqrt_up::<BigRational>(&q), BigRational::new(3.into(), 2.into()));
/// let r: f64 = sqrt_up(&BigRational::from_integer(2.into()));
/// assert!(r * r >= 2.0 && r <= 1.4142135623730954);
/// ```
pub fn sqrt_up<T: Scalar>(q: &BigRational) -> T {
    if !q.is_positive() {
        return T::zero();
    }
    let (n, d) = (q.numer().clone(), q.denom().clone());
    let m = &n * &d;
    let s0 = m.sqrt();
    let root = if &s0 * &s0 == m {
        BigRational::new(s0, d)
    } else {
        // ⌈√(m·4ᵏ)⌉ / (d·2ᵏ) ≥ √(n/d), with about 66 significant bits.
        let k = (140u64.saturating_sub(m.bits()) / 2 + 1) as usize;
        let mk: BigInt = m << (2 * k);
        let mut s = mk.sqrt();
        if &s * &s < mk {
            s += 1;
        }
        BigRational::new(s, d << k)
    };
    let mut v = T::from_rational(&root);
    if T::FLOAT.is_none() {
        return v;
    }
    // Floats: from_rational is within one ulp; step up until v ≥ root exactly.
    loop {
        match v.to_rational() {
            None => return v, // +∞
            Some(x) if x >= root => return v,
            Some(_) => v = Scalar::next_up(&v),
        }
    }
}

/// An `f64` as a `T` ([`Scalar::from_f64_rounded`]): exact for `f64` and rationals,
/// rounded to nearest for `f32`; a zero is `+0` (the value, not its sign); a non-finite
/// value is itself for floats and `0` for rationals.
#[inline]
pub(crate) fn scalar_of<T: Scalar>(x: f64) -> T {
    // `x + 0.0` is `x` except that `−0` becomes `+0`.
    T::from_f64_rounded(x + 0.0).map_or_else(T::zero, |(v, _)| v)
}

/// A value strictly larger than `x ≥ 0` (for growing a radius or half extent that failed
/// its exact check): `x·(1 + rel) + floor` rounded up in `T`, at least one step up.
pub(crate) fn grow<T: Scalar>(x: &T, rel: f64, floor: f64) -> T {
    let v = x.to_f64().abs() * (1.0 + rel) + floor;
    // One step up for floats (the identity for exact types).
    let mut y = Scalar::next_up(&scalar_of::<T>(v));
    if y.partial_cmp(x).is_none_or(|o| o.is_le()) {
        // f32 rounding or a rational below x: fall back to x + floor (+ one step).
        y = Scalar::next_up(&(x.clone() + scalar_of::<T>(floor.max(f64::MIN_POSITIVE))));
    }
    y
}

/// Normalisation for float heuristics: points translated by the first point and scaled
/// by a power of two, so that the heuristic arithmetic neither overflows nor loses the
/// spread of far-from-origin sets. Only the heuristic (centres, axes) uses it; every
/// final size is computed and checked on the original coordinates.
pub(crate) struct Frame {
    pub origin: [f64; 3],
    pub scale: f64,
    /// Coordinates are halved first (only when the spread exceeds the `f64` range).
    pub halve: bool,
}

impl Frame {
    pub(crate) fn new<T: Scalar>(points: &[[T; 3]]) -> Frame {
        let origin = core::array::from_fn(|k| points[0][k].to_f64());
        let spread = |halve: bool| {
            let h = if halve { 0.5 } else { 1.0 };
            let mut m = 0.0f64;
            for p in points {
                for k in 0..3 {
                    m = m.max((p[k].to_f64() * h - origin[k] * h).abs());
                }
            }
            m
        };
        let mut halve = false;
        let mut m = spread(false);
        if !m.is_finite() {
            halve = true;
            m = spread(true);
        }
        let scale = if m > 0.0 && m.is_finite() {
            // A power of two near 1/m, clamped so that it is a normal f64.
            let e = m.log2().round().clamp(-1000.0, 1000.0) as i32;
            2f64.powi(-e)
        } else {
            1.0
        };
        Frame {
            origin,
            scale,
            halve,
        }
    }
    pub(crate) fn to_local<T: Scalar>(&self, p: &[T; 3]) -> [f64; 3] {
        let h = if self.halve { 0.5 } else { 1.0 };
        core::array::from_fn(|k| (p[k].to_f64() * h - self.origin[k] * h) * self.scale)
    }
    pub(crate) fn to_world(&self, q: &[f64; 3]) -> [f64; 3] {
        if self.halve {
            core::array::from_fn(|k| (q[k] / self.scale + self.origin[k] * 0.5) * 2.0)
        } else {
            core::array::from_fn(|k| q[k] / self.scale + self.origin[k])
        }
    }
    /// The factor from local lengths to world lengths.
    pub(crate) fn unit(&self) -> f64 {
        if self.halve {
            2.0 / self.scale
        } else {
            1.0 / self.scale
        }
    }
}
