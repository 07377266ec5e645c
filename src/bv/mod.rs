//! Bounding volumes from points (Real-Time Rendering, 4th ed., section 22.3) and the
//! geometric-probability measures used to compare them (section 22.4).
//!
//! | volume | builder | result |
//! |---|---|---|
//! | AABB | [`aabb`] | the tightest box, exact (only comparisons) |
//! | k-DOP | [`kdop`] | the tightest k-DOP, slab ends rounded outward ([`Kdop::from_points`]) |
//! | sphere | [`sphere_aabb_center`], [`sphere_ritter`], [`sphere_welzl`] | centre heuristics; Welzl's is the minimal sphere (exact centre for rationals) |
//! | convex hull | [`convex_hull`] | quickhull on exact [`orient3d`](crate::orient3d), [`Hull`] |
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
//! Bad input: every builder returns [`BvError::Empty`] for no points and
//! [`BvError::NonFinite`] naming the first NaN or infinite coordinate; none panics.
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
//! ```

#[cfg(not(feature = "std"))]
use num_traits::Float;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;

use crate::overlap::kdop::Kdop;
use crate::{Aabb, Scalar};

mod contain;
mod hull;
mod measure;
mod obb;
mod sphere;

pub use hull::{convex_hull, Hull};
pub use measure::Measure;
pub use obb::{obb_dito, obb_pca};
pub use sphere::{min_sphere_exact, sphere_aabb_center, sphere_ritter, sphere_welzl};

/// Why a bounding-volume builder refused its input.
///
/// # Examples
///
/// ```
/// use isect::bv::{aabb, BvError};
/// assert_eq!(aabb::<f64>(&[]), Err(BvError::Empty));
/// assert_eq!(
///     aabb(&[[0.0, 0.0, 0.0], [1.0, f64::NAN, 0.0]]),
///     Err(BvError::NonFinite { index: 1, axis: 1 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BvError {
    /// No points were given.
    Empty,
    /// Point `index` has a NaN or infinite coordinate on `axis` (0 = x).
    NonFinite {
        /// The position of the point in the input.
        index: usize,
        /// The axis, 0 = x.
        axis: usize,
    },
}

impl core::fmt::Display for BvError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BvError::Empty => write!(f, "no points to bound"),
            BvError::NonFinite { index, axis } => write!(
                f,
                "point {index} has a non-finite {} coordinate",
                ["x", "y", "z"].get(*axis).unwrap_or(&"?")
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BvError {}

/// Refuses an empty slice or a non-finite coordinate.
pub(crate) fn check<T: Scalar>(points: &[[T; 3]]) -> Result<(), BvError> {
    if points.is_empty() {
        return Err(BvError::Empty);
    }
    for (index, p) in points.iter().enumerate() {
        if let Some(axis) = p.iter().position(|x| !x.is_finite()) {
            return Err(BvError::NonFinite { index, axis });
        }
    }
    Ok(())
}

/// The tightest axis-aligned box containing every point: exact for every scalar type
/// (only comparisons; the corners are input coordinates).
///
/// # Errors
///
/// [`BvError::Empty`] for no points, [`BvError::NonFinite`] for a NaN or infinite
/// coordinate.
///
/// # Examples
///
/// ```
/// let b = isect::bv::aabb(&[[1.0_f32, -2.0, 0.0], [0.5, 3.0, 0.0]]).unwrap();
/// assert_eq!((b.min, b.max), ([0.5, -2.0, 0.0], [1.0, 3.0, 0.0]));
/// ```
pub fn aabb<T: Scalar>(points: &[[T; 3]]) -> Result<Aabb<T>, BvError> {
    check(points)?;
    Aabb::from_points(points).ok_or(BvError::Empty)
}

/// The tightest k-DOP with `N = k/2` slabs (k = 6, 14, 18, 26; the directions are
/// [`Kdop::DIRECTIONS`]) containing every point: [`Kdop::from_points`], whose slab ends are
/// exact for rationals and rounded outward for floats, with input validation.
///
/// # Errors
///
/// [`BvError::Empty`] for no points, [`BvError::NonFinite`] for a NaN or infinite
/// coordinate.
///
/// # Examples
///
/// ```
/// use isect::bv::kdop;
/// let k = kdop::<f64, 7>(&[[0.0; 3], [1.0, 1.0, 1.0]]).unwrap(); // a 14-DOP
/// assert_eq!(k.max[3], 3.0); // x + y + z
/// assert!(k.contains_point(&[0.5, 0.5, 0.5]));
/// ```
pub fn kdop<T: Scalar, const N: usize>(points: &[[T; 3]]) -> Result<Kdop<T, N>, BvError> {
    check(points)?;
    Kdop::from_points(points).ok_or(BvError::Empty)
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
    let v = T::from_rational(&root);
    if !is_float::<T>() {
        return v;
    }
    // Floats: from_rational is within one ulp; step up until v ≥ root exactly.
    let mut v = v;
    loop {
        match v.to_rational() {
            None => return v, // +∞
            Some(x) if x >= root => return v,
            Some(_) => v = step_up(v),
        }
    }
}

pub(crate) use crate::scalar::is_float;

/// The next value of a float type towards `+∞` (identity for other types).
pub(crate) fn step_up<T: Scalar>(v: T) -> T {
    let any = &v as &dyn core::any::Any;
    if let Some(x) = any.downcast_ref::<f64>() {
        let y = x.next_up();
        if let Some(t) = (&y as &dyn core::any::Any).downcast_ref::<T>() {
            return t.clone();
        }
    }
    if let Some(x) = any.downcast_ref::<f32>() {
        let y = x.next_up();
        if let Some(t) = (&y as &dyn core::any::Any).downcast_ref::<T>() {
            return t.clone();
        }
    }
    v
}

/// An `f64` as a `T`: exact for `f64` and rationals, rounded to nearest for `f32`.
/// Non-finite values map through `f64 → T` directly for floats.
pub(crate) fn from_f64<T: Scalar>(x: f64) -> T {
    match BigRational::from_float(x) {
        Some(q) => T::from_rational(&q),
        None => {
            let any = &x as &dyn core::any::Any;
            if let Some(t) = any.downcast_ref::<T>() {
                return t.clone();
            }
            let y = x as f32;
            if let Some(t) = (&y as &dyn core::any::Any).downcast_ref::<T>() {
                return t.clone();
            }
            T::zero()
        }
    }
}

/// A value strictly larger than `x ≥ 0` (for growing a radius or half extent that failed
/// its exact check): `x·(1 + rel) + floor` rounded up in `T`, at least one step up.
pub(crate) fn grow<T: Scalar>(x: &T, rel: f64, floor: f64) -> T {
    let v = x.to_f64().abs() * (1.0 + rel) + floor;
    let mut y = from_f64::<T>(v);
    if is_float::<T>() {
        y = step_up(y);
    }
    if y.partial_cmp(x).is_none_or(|o| o.is_le()) {
        // f32 rounding or a rational below x: fall back to x + floor (+ one step).
        y = step_up(x.clone() + from_f64::<T>(floor.max(f64::MIN_POSITIVE)));
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
