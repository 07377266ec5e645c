//! The exact ray/AABB test ([`ray_aabb`]) and the [`Span`] every ray/volume test
//! answers.

use super::slab::{SlabFrame, slab_exact, slab_span};
use super::{Filtered, all_finite, f64_of};
use crate::predicates::Ring;
use crate::scalar::float_from_f64;
use crate::{Aabb, InputError, Ray, Scalar, Validate};

/// The part of a ray inside a shape: the parameters `t_enter ≤ t_exit` (both `≥ 0`) of the
/// points `origin + t·direction` where the ray enters and leaves it.
///
/// When the origin is inside, `t_enter` is `0`. A ray that only touches the shape has
/// `t_enter = t_exit`. Whether the values are exact or rounded is documented by each test.
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_aabb, Span};
/// use isect::{Aabb, Ray};
/// let hit = ray_aabb(&Ray::new([-2.0, 0.5, 0.5], [1.0, 0.0, 0.0]), &Aabb::new([0.0; 3], [1.0; 3]));
/// assert_eq!(hit, Some(Span { t_enter: 2.0, t_exit: 3.0 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span<T> {
    /// Where the ray enters (`0` if it starts inside).
    pub t_enter: T,
    /// Where the ray leaves.
    pub t_exit: T,
}

struct AabbFrame<'a, T> {
    ray: &'a Ray<T>,
    aabb: &'a Aabb<T>,
}

impl<T> SlabFrame<T> for AabbFrame<'_, T> {
    fn lo<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        lift(&self.aabb.min[i])
    }
    fn hi<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        lift(&self.aabb.max[i])
    }
    fn origin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        lift(&self.ray.origin[i])
    }
    fn dir<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R {
        lift(&self.ray.direction[i])
    }
}

/// Exact ray/AABB test: the part of the ray `o + t·d`, `t ≥ 0`, inside the closed box
/// `min ≤ x ≤ max`, or `None` if they do not meet.
///
/// **Hit or miss is exact** for every finite input of every scalar type: each decision is
/// the sign of a polynomial of degree at most 2 in the coordinates (for example, whether
/// slab `i` is entered before slab `j` is left is the sign of
/// `(max_j − o_j)·d_i − (min_i − o_i)·d_j` for positive `d_i, d_j`), evaluated exactly by
/// [`polynomial_sign`](crate::predicates::polynomial_sign). For `f64` (and `f32`,
/// promoted exactly) a filtered slab test
/// decides first: the rounded parameters `(bound − o_k)/d_k` are compared only when they
/// are apart by more than their proven error (`proofs/ray_shapes.md`, section 1), so near
/// ties, overflow and underflow still go to the exact signs. The box is closed:
/// a ray touching a face, edge or corner hits, with `t_enter = t_exit`. Which axes give
/// the entry and the exit is exact too.
///
/// **The returned parameters** are `t = (bound − o_k)/d_k` for the deciding axes, computed
/// in `T` (for floats decided by the filter: the largest computed entry and smallest
/// computed exit, which may differ by an ulp when two axes nearly tie): exact for
/// rationals; for floats two roundings, so
/// `|t̃ − t| ≤ 2u·|t|` (`u` = 2⁻⁵³ for `f64`, 2⁻²⁴ for `f32`) unless the difference
/// overflows or the quotient overflows or underflows. `t_enter` is `0` when the origin is
/// inside; `t_exit` is raised to `t_enter` if rounding put it below.
///
/// Degenerate input, never a panic:
/// * a NaN or infinite coordinate: `None` ([`try_ray_aabb`] reports it);
/// * an inverted box (`min > max` on some axis) is empty: `None`;
/// * a zero direction: the ray is the point `o`: `Some([0, 0])` if the box contains it,
///   else `None`;
/// * an axis-parallel ray (some `d_k = 0`) hits iff `min_k ≤ o_k ≤ max_k` and the other
///   axes allow it (exactly, including origins on a slab plane).
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_aabb, Span};
/// use isect::{Aabb, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// // Grazing the corner (1, 1, 1) exactly: a touching hit.
/// let ray = Ray::new([0.0, 2.0, 2.0], [1.0, -1.0, -1.0]);
/// assert_eq!(ray_aabb(&ray, &unit), Some(Span { t_enter: 1.0, t_exit: 1.0 }));
/// // Tilted by one ulp and the ray misses.
/// let ray = Ray::new([0.0, 2.0, 2.0], [1.0, -1.0, -(1.0_f64.next_down())]);
/// assert_eq!(ray_aabb(&ray, &unit), None);
/// // Axis-parallel along the face plane x = 0 (origin on a slab plane): inside the closed box.
/// let ray = Ray::new([0.0, 0.5, -1.0], [0.0, 0.0, 1.0]);
/// assert_eq!(ray_aabb(&ray, &unit), Some(Span { t_enter: 1.0, t_exit: 2.0 }));
/// ```
pub fn ray_aabb<T: Scalar>(ray: &Ray<T>, aabb: &Aabb<T>) -> Option<Span<T>> {
    // Floats first try the filtered slab test on the exact f64 view (f32 promoted
    // exactly); the capability tests monomorphise away.
    if T::FLOAT.is_some() {
        let (o, d) = (&ray.origin, &ray.direction);
        if let Filtered::Decided(hit) = aabb_filter(o, d, &aabb.min, &aabb.max) {
            let s = hit?; // a decided miss
            // Rounding each parameter to T (to f32: once more) keeps t_enter ≤ t_exit.
            if let (Some(t_enter), Some(t_exit)) =
                (float_from_f64(s.t_enter), float_from_f64(s.t_exit))
            {
                return Some(Span { t_enter, t_exit });
            }
        }
    }
    ray_aabb_slow(ray, aabb)
}

#[cold]
#[inline(never)]
fn ray_aabb_slow<T: Scalar>(ray: &Ray<T>, aabb: &Aabb<T>) -> Option<Span<T>> {
    if !all_finite([&ray.origin, &ray.direction, &aabb.min, &aabb.max]) {
        return None;
    }
    let frame = AabbFrame { ray, aabb };
    slab_exact(&frame).map(|hit| slab_span(&frame, hit))
}

/// `K ≥ (1 + u)²/(1 − u)⁴`, the smallest such double (`1 + 8u`): with
/// [`SLAB_T`], `fl(fl(x·K) + T) ≥ (x + η)·((1 + u)/(1 − u))² + η` for finite `x ≥ 0`.
pub(crate) const SLAB_K: f64 = 1.000_000_000_000_000_9;
/// Absolute slack for underflowing quotients, `2^-1060` (the outer underflow term `τ₂`).
pub(crate) const SLAB_T: f64 = f64::from_bits(1 << 14);

/// `x` rounded outward by the relative and absolute error of a computed slab parameter.
#[inline(always)]
fn slab_up(x: f64) -> f64 {
    x * SLAB_K + SLAB_T
}

/// The slab test on parameters `t = fl(fl(bound − o)/d)`, deciding only when the
/// largest entry `E` and the smallest exit `X` are apart by more than their rounding
/// errors: a hit if `up(E) ≤ X`, a miss if `X < 0` or `E > up(X)`. Axes with `d = 0`
/// are decided by exact comparisons. Input that may overflow (a non-finite input, a
/// non-finite parameter) is `Unknown`. The returned parameters are `E` (`0` when the
/// origin is inside) and `X`, each within `2u·|t|` of the exact value (section 1 of
/// proofs/ray_shapes.md).
///
/// The coordinates are read through their exact `f64` view where they live (for a type
/// without the float capability every value reads as NaN: `Unknown`).
#[inline(always)]
fn aabb_filter<T: Scalar>(
    o: &[T; 3],
    d: &[T; 3],
    lo: &[T; 3],
    hi: &[T; 3],
) -> Filtered<Option<Span<f64>>> {
    let f = f64_of::<T>;
    let mut enter = 0.0_f64;
    let mut exit = f64::INFINITY;
    // The sum of every parameter (and of d and the parallel slabs' bounds): finite only
    // if nothing overflowed and every input read is finite.
    let mut check = 0.0_f64;
    let mut moving = false;
    for k in 0..3 {
        let (dk, ok) = (f(&d[k]), f(&o[k]));
        if dk == 0.0 {
            // Parallel: inside the closed slab or a miss, by exact comparisons. A NaN
            // fails them, and the answer for non-finite input is a miss too.
            let (lk, hk) = (f(&lo[k]), f(&hi[k]));
            if !(lk <= ok && ok <= hk) {
                return Filtered::Decided(None);
            }
            check += lk + hk; // infinite bounds
            continue;
        }
        moving = true;
        let (near, far) = if dk > 0.0 {
            (f(&lo[k]), f(&hi[k]))
        } else {
            (f(&hi[k]), f(&lo[k]))
        };
        let t_near = (near - ok) / dk;
        let t_far = (far - ok) / dk;
        check += t_near + t_far + dk; // an infinite d gives finite t
        if t_near > enter {
            enter = t_near;
        }
        if t_far < exit {
            exit = t_far;
        }
    }
    if !check.is_finite() {
        return Filtered::Unknown; // an overflow, or a non-finite input
    }
    if !moving {
        // A zero direction: the point `o`, inside every slab.
        return Filtered::Decided(Some(Span {
            t_enter: 0.0,
            t_exit: 0.0,
        }));
    }
    if exit < 0.0 || enter > slab_up(exit) {
        Filtered::Decided(None)
    } else if slab_up(enter) <= exit {
        Filtered::Decided(Some(Span {
            t_enter: enter,
            t_exit: exit,
        }))
    } else {
        Filtered::Unknown
    }
}

/// [`ray_aabb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
/// `"origin"` or `"direction"`) or of the box (argument 1, `"min"` or `"max"`),
/// [`InputError::ZeroDirection`] for a zero direction, [`InputError::InvertedBox`] for
/// `min > max` on an axis.
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_aabb;
/// use isect::{Aabb, InputError, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// assert!(try_ray_aabb(&Ray::new([0.5; 3], [1.0, 0.0, 0.0]), &unit).unwrap().is_some());
/// assert_eq!(
///     try_ray_aabb(&Ray::new([0.5; 3], [0.0; 3]), &unit),
///     Err(InputError::ZeroDirection { argument: 0 })
/// );
/// ```
pub fn try_ray_aabb<T: Scalar>(
    ray: &Ray<T>,
    aabb: &Aabb<T>,
) -> Result<Option<Span<T>>, InputError> {
    ray.validate(0)?;
    aabb.validate(1)?;
    Ok(ray_aabb(ray, aabb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational as Q;

    /// `SLAB_K ≥ (1 + u)²/(1 − u)⁴` (proofs/ray_shapes.md, section 1), the smallest such
    /// double; and `SLAB_T = 2^-1060` covers `η(1 + ρ) + η` with room to spare.
    #[test]
    fn slab_k_constant() {
        let one = Q::from_integer(BigInt::from(1));
        let u = Q::new(BigInt::from(1), BigInt::from(1) << 53usize);
        let w = &one - &u;
        let k = (&one + &u) * (&one + &u) / (&w * &w * &w * &w);
        assert!(Q::from_float(SLAB_K).unwrap() >= k);
        assert!(Q::from_float(f64::from_bits(SLAB_K.to_bits() - 1)).unwrap() < k);
        let eta = Q::new(BigInt::from(1), BigInt::from(1) << 1075usize);
        let rho = (&one + &u) * (&one + &u) / (&w * &w);
        let t = Q::from_float(SLAB_T).unwrap();
        assert_eq!(t, Q::new(BigInt::from(1), BigInt::from(1) << 1060usize));
        assert!((t - &eta) * w >= &eta * rho + eta);
    }

    /// The filter decides clear cases and leaves ties (and overflow) to the exact path.
    #[test]
    fn filter_decides_clear_cases_only() {
        let (lo, hi) = ([0.0; 3], [1.0; 3]);
        let hit = aabb_filter(&[-1.0, 0.5, 0.5], &[1.0, 0.0, 0.0], &lo, &hi);
        assert!(matches!(
            hit,
            Filtered::Decided(Some(Span {
                t_enter: 1.0,
                t_exit: 2.0
            }))
        ));
        let miss = aabb_filter(&[-1.0, 2.5, 0.5], &[1.0, 0.0, 0.0], &lo, &hi);
        assert!(matches!(miss, Filtered::Decided(None)));
        // Exactly through the corner (1, 1, 1): E = X, a tie.
        let corner = aabb_filter(&[0.0, 2.0, 2.0], &[1.0, -1.0, -1.0], &lo, &hi);
        assert!(matches!(corner, Filtered::Unknown));
        // Parameters that overflow.
        let far = aabb_filter(&[-1e308, 0.5, 0.5], &[1e-10, 0.0, 0.0], &lo, &hi);
        assert!(matches!(far, Filtered::Unknown));
        let inf = aabb_filter(&[-1.0, 0.5, 0.5], &[f64::INFINITY, 1.0, 0.0], &lo, &hi);
        assert!(matches!(inf, Filtered::Unknown));
        let nan_box = aabb_filter(
            &[0.5; 3],
            &[0.0, 0.0, 1.0],
            &[f64::NEG_INFINITY, 0.0, 0.0],
            &hi,
        );
        assert!(matches!(nan_box, Filtered::Unknown));
    }
}
