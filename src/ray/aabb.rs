//! Ray/AABB tests (Real-Time Rendering, section 22.7: the slab method).
//!
//! Four variants of one question: does the ray `o + t·d`, `t ≥ 0`, meet the closed box
//! `min ≤ x ≤ max`, and over which interval of `t`?
//!
//! | function | decides with | exact? | for |
//! |---|---|---|---|
//! | [`ray_aabb`] | a filtered slab test for floats, then signs of degree-2 polynomials ([`polynomial_sign`]) | **yes**, every scalar | reference answers, CAD |
//! | [`ray_aabb_slab`] | the classic slab test in `F` with a precomputed inverse direction | no | speed |
//! | [`ray_aabb_conservative`] | the slab test with the exit widened by `1 + 2γ₄` (Ize 2013) | never misses a hit | BVH traversal |
//! | [`ray_aabb_slopes`] | ray slopes (Eisemann et al. 2007) | no | speed |
//!
//! Every variant answers a [`Span`]: the entry and exit parameters of the part of the ray
//! inside the box (entry clamped to `0` when the origin is inside).
//!
//! # Sources
//!
//! * T. Akenine-Möller et al., *Real-Time Rendering*, 4th ed., §22.7 (slab method).
//! * A. Williams, S. Barrus, R. K. Morley, P. Shirley, "An efficient and robust ray-box
//!   intersection algorithm", JGT 10(1), 2005 (inverse direction, sign-selected slabs,
//!   axis-parallel rays through IEEE infinities).
//! * T. Ize, "Robust BVH ray traversal", JCGT 2(2), 2013 (outward rounding of the exit).
//! * M. Eisemann, T. Grosch, S. Müller, M. Magnor, "Fast ray/axis-aligned bounding box
//!   overlap tests using ray slopes", JGT 12(4), 2007.

use core::any::Any;

use crate::geometry::{Aabb, GeometryError, Ray};
use crate::predicates::{polynomial_sign, Polynomial, Ring};
use crate::{Scalar, Sign};

/// The part of a ray inside a shape: the parameters `t_enter ≤ t_exit` (both `≥ 0`) of the
/// points `origin + t·direction` where the ray enters and leaves it.
///
/// When the origin is inside, `t_enter` is `0`. A ray that only touches the shape has
/// `t_enter = t_exit`. Whether the values are exact or rounded is documented by each test.
///
/// # Examples
///
/// ```
/// use isect::ray::aabb::{ray_aabb, Span};
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

// ---------------------------------------------------------------------------------------
// The exact slab core, shared with ray/OBB.
// ---------------------------------------------------------------------------------------

/// A slab problem: on each axis `i`, the ray coordinate `origin(i) + t·dir(i)` must lie in
/// `[lo(i), hi(i)]`. Every quantity is a polynomial in the input numbers, written once over
/// any ring (see [`Polynomial`]).
pub(crate) trait SlabFrame<T> {
    /// Lower bound of slab `i`.
    fn lo<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R;
    /// Upper bound of slab `i`.
    fn hi<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R;
    /// The origin's coordinate on axis `i`.
    fn origin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R;
    /// The direction's coordinate on axis `i`.
    fn dir<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R;

    /// `lo(i)` if `near_lo` else `hi(i)`.
    fn bound<R: Ring>(&self, i: usize, use_lo: bool, lift: &impl Fn(&T) -> R) -> R {
        if use_lo {
            self.lo(i, lift)
        } else {
            self.hi(i, lift)
        }
    }
}

/// The polynomials the slab core takes signs of.
#[derive(Clone, Copy)]
enum SlabQ {
    /// `dir(i)`
    Dir(usize),
    /// `hi(i) − lo(i)`
    Width(usize),
    /// `bound(i) − origin(i)` with the bound chosen by the flag (`true`: `lo`).
    Gap(usize, bool),
    /// `(bound_j − origin_j)·dir_i − (bound_i − origin_i)·dir_j`: with `d_i, d_j ≠ 0`, its
    /// sign times `sign(d_i)·sign(d_j)` is the sign of `t_j − t_i`, where
    /// `t_k = (bound_k − origin_k)/dir_k`.
    Cross(usize, bool, usize, bool),
}

struct SlabPoly<'a, F>(&'a F, SlabQ);

impl<T, F: SlabFrame<T>> Polynomial<T> for SlabPoly<'_, F> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let f = self.0;
        let gap = |i: usize, lo: bool| f.bound(i, lo, lift) - f.origin(i, lift);
        match self.1 {
            SlabQ::Dir(i) => f.dir(i, lift),
            SlabQ::Width(i) => f.hi(i, lift) - f.lo(i, lift),
            SlabQ::Gap(i, lo) => gap(i, lo),
            SlabQ::Cross(i, bi, j, bj) => gap(j, bj) * f.dir(i, lift) - gap(i, bi) * f.dir(j, lift),
        }
    }
}

/// The exact answer of a slab problem: which axes give the entry and the exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SlabHit {
    /// The axis whose near plane is the entry, with its bound (`true`: `lo`); `None` when
    /// the entry is `t = 0` (the origin is inside).
    pub(crate) enter: Option<(usize, bool)>,
    /// The axis whose far plane is the exit, with its bound; `None` when no axis moves
    /// (zero direction: the ray is the single point `origin`).
    pub(crate) exit: Option<(usize, bool)>,
}

/// The exact slab test: `Some` iff some `t ≥ 0` puts the ray in every closed slab.
/// Every decision is the exact sign of a polynomial of the frame (non-finite inputs must
/// be rejected by the caller: they read as `Zero`).
pub(crate) fn slab_exact<T: Scalar, F: SlabFrame<T>>(f: &F) -> Option<SlabHit> {
    let sign = |q: SlabQ| polynomial_sign::<T, _>(&SlabPoly(f, q));
    let mut dirs = [Sign::Zero; 3];
    for (i, s) in dirs.iter_mut().enumerate() {
        if sign(SlabQ::Width(i)) == Sign::Negative {
            return None; // empty slab
        }
        *s = sign(SlabQ::Dir(i));
        if *s == Sign::Zero
            && (sign(SlabQ::Gap(i, true)) == Sign::Positive
                || sign(SlabQ::Gap(i, false)) == Sign::Negative)
        {
            return None; // parallel to the slab and outside it
        }
    }
    // Moving axes: near bound is lo when d > 0, hi when d < 0; far the other.
    // `later(i, bi, j, bj)`: is t_j − t_i positive, zero, negative.
    let later = |i: usize, bi: bool, j: usize, bj: bool| {
        sign(SlabQ::Cross(i, bi, j, bj)) * dirs[i] * dirs[j]
    };
    let mut enter: Option<(usize, bool)> = None;
    let mut exit: Option<(usize, bool)> = None;
    for (i, &di) in dirs.iter().enumerate() {
        if di == Sign::Zero {
            continue;
        }
        let near = di == Sign::Positive;
        let far = !near;
        enter = match enter {
            Some((k, bk)) if later(k, bk, i, near) != Sign::Positive => Some((k, bk)),
            _ => Some((i, near)),
        };
        exit = match exit {
            Some((k, bk)) if later(k, bk, i, far) != Sign::Negative => Some((k, bk)),
            _ => Some((i, far)),
        };
    }
    let Some((j, bj)) = exit else {
        // Zero direction: the point `origin` is in every slab (checked above).
        return Some(SlabHit {
            enter: None,
            exit: None,
        });
    };
    // The exit must not be behind the origin: sign(t_j) = sign(gap_j)·sign(d_j).
    if sign(SlabQ::Gap(j, bj)) * dirs[j] == Sign::Negative {
        return None;
    }
    let (i, bi) = enter.expect("a moving axis gives both an entry and an exit");
    if i != j && later(i, bi, j, bj) == Sign::Negative {
        return None;
    }
    let enter = if sign(SlabQ::Gap(i, bi)) * dirs[i] == Sign::Positive {
        Some((i, bi))
    } else {
        None
    };
    Some(SlabHit {
        enter,
        exit: Some((j, bj)),
    })
}

/// The entry and exit parameters of an exact slab answer, computed in `T` as
/// `(bound − origin) / dir` (exact for rationals, rounded for floats); the exit is raised
/// to the entry if rounding put it below.
pub(crate) fn slab_span<T: Scalar, F: SlabFrame<T>>(f: &F, hit: SlabHit) -> Span<T> {
    let id = |x: &T| x.clone();
    let t = |(i, b): (usize, bool)| (f.bound(i, b, &id) - f.origin(i, &id)) / f.dir(i, &id);
    let t_enter = hit.enter.map_or_else(T::zero, t);
    let t_exit = hit.exit.map_or_else(T::zero, t);
    // Rounding can make the two independently computed values cross, or give −0.0.
    let t_exit = if t_exit < t_enter {
        t_enter.clone()
    } else {
        t_exit
    };
    Span { t_enter, t_exit }
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

pub(crate) fn all_finite<'a, T: Scalar + 'a>(points: impl IntoIterator<Item = &'a [T; 3]>) -> bool {
    points.into_iter().all(|p| p.iter().all(Scalar::is_finite))
}

/// Exact ray/AABB test: the part of the ray `o + t·d`, `t ≥ 0`, inside the closed box
/// `min ≤ x ≤ max`, or `None` if they do not meet.
///
/// **Hit or miss is exact** for every finite input of every scalar type: each decision is
/// the sign of a polynomial of degree at most 2 in the coordinates (for example, whether
/// slab `i` is entered before slab `j` is left is the sign of
/// `(max_j − o_j)·d_i − (min_i − o_i)·d_j` for positive `d_i, d_j`), evaluated exactly by
/// [`polynomial_sign`]. For `f64` (and `f32`, promoted exactly) a filtered slab test
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
/// use isect::ray::aabb::{ray_aabb, Span};
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
    // Floats first try the filtered f64 slab test; the downcasts monomorphise away.
    if let (Some(r), Some(b)) = (
        (ray as &dyn Any).downcast_ref::<Ray<f64>>(),
        (aabb as &dyn Any).downcast_ref::<Aabb<f64>>(),
    ) {
        if let Filtered::Decided(hit) = aabb_filter(&r.origin, &r.direction, &b.min, &b.max) {
            return same_type(hit);
        }
    } else if let (Some(r), Some(b)) = (
        (ray as &dyn Any).downcast_ref::<Ray<f32>>(),
        (aabb as &dyn Any).downcast_ref::<Aabb<f32>>(),
    ) {
        let up = |p: &[f32; 3]| p.map(f64::from);
        let (o, d) = (up(&r.origin), up(&r.direction));
        if let Filtered::Decided(hit) = aabb_filter(&o, &d, &up(&b.min), &up(&b.max)) {
            // Rounding each parameter once more, to f32, keeps t_enter ≤ t_exit.
            let hit = hit.map(|s| Span {
                t_enter: s.t_enter as f32,
                t_exit: s.t_exit as f32,
            });
            return same_type(hit);
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

/// Moves a value of the concrete type `U` into the type `V`, which the caller has
/// established (by a downcast) to be `U`.
pub(crate) fn same_type<U: 'static, V: 'static>(x: U) -> V {
    let mut slot = Some(x);
    (&mut slot as &mut dyn Any)
        .downcast_mut::<Option<V>>()
        .and_then(Option::take)
        .expect("the caller checked that the types are equal")
}

// ---------------------------------------------------------------------------------------
// The f64 filter (proofs/ray_shapes.md, section 1).
// ---------------------------------------------------------------------------------------

/// What a static filter decided: the final answer, or nothing (take the exact path).
pub(crate) enum Filtered<A> {
    Decided(A),
    Unknown,
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
#[inline(always)]
fn aabb_filter(
    o: &[f64; 3],
    d: &[f64; 3],
    lo: &[f64; 3],
    hi: &[f64; 3],
) -> Filtered<Option<Span<f64>>> {
    let mut enter = 0.0_f64;
    let mut exit = f64::INFINITY;
    // The sum of every parameter (and of d and the parallel slabs' bounds): finite only
    // if nothing overflowed and every input read is finite.
    let mut check = 0.0_f64;
    let mut moving = false;
    for k in 0..3 {
        let (dk, ok) = (d[k], o[k]);
        if dk == 0.0 {
            // Parallel: inside the closed slab or a miss, by exact comparisons. A NaN
            // fails them, and the answer for non-finite input is a miss too.
            if !(lo[k] <= ok && ok <= hi[k]) {
                return Filtered::Decided(None);
            }
            check += lo[k] + hi[k]; // infinite bounds
            continue;
        }
        moving = true;
        let (near, far) = if dk > 0.0 {
            (lo[k], hi[k])
        } else {
            (hi[k], lo[k])
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
/// [`GeometryError::NonFinite`] for a NaN or infinite coordinate (`what` is `"origin"`,
/// `"direction"`, `"min"` or `"max"`), [`GeometryError::ZeroDirection`],
/// [`GeometryError::InvertedBox`]: the checks of [`Ray::try_new`] and [`Aabb::try_new`].
///
/// # Examples
///
/// ```
/// use isect::ray::aabb::try_ray_aabb;
/// use isect::{Aabb, GeometryError, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// assert!(try_ray_aabb(&Ray::new([0.5; 3], [1.0, 0.0, 0.0]), &unit).unwrap().is_some());
/// assert_eq!(
///     try_ray_aabb(&Ray::new([0.5; 3], [0.0; 3]), &unit),
///     Err(GeometryError::ZeroDirection)
/// );
/// ```
pub fn try_ray_aabb<T: Scalar>(
    ray: &Ray<T>,
    aabb: &Aabb<T>,
) -> Result<Option<Span<T>>, GeometryError> {
    Ray::try_new(ray.origin.clone(), ray.direction.clone())?;
    Aabb::try_new(aabb.min.clone(), aabb.max.clone())?;
    Ok(ray_aabb(ray, aabb))
}

// ---------------------------------------------------------------------------------------
// Float variants.
// ---------------------------------------------------------------------------------------

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// The float types the fast ray variants run in: `f32` and `f64` (sealed).
///
/// # Examples
///
/// ```
/// use isect::ray::aabb::RayFloat;
/// assert_eq!(<f64 as RayFloat>::UNIT_ROUNDOFF, 2f64.powi(-53));
/// assert_eq!(<f32 as RayFloat>::UNIT_ROUNDOFF, 2f32.powi(-24));
/// ```
pub trait RayFloat: Scalar + num_traits::Float + Copy + sealed::Sealed {
    /// The unit roundoff `u`: half the distance from 1 to the next number.
    const UNIT_ROUNDOFF: Self;
}

impl RayFloat for f64 {
    const UNIT_ROUNDOFF: f64 = f64::EPSILON / 2.0;
}

impl RayFloat for f32 {
    const UNIT_ROUNDOFF: f32 = f32::EPSILON / 2.0;
}

/// A ray prepared for the slab tests [`ray_aabb_slab`] and [`ray_aabb_conservative`]:
/// the origin, the inverse direction `1/d` (rounded; `±∞` for a zero component, with the
/// sign of the zero) and, per axis, whether the direction's sign bit is set.
///
/// # Examples
///
/// ```
/// use isect::ray::aabb::SlabRay;
/// use isect::Ray;
/// let r = SlabRay::new(&Ray::new([0.0; 3], [2.0, -0.0, 0.0]));
/// assert_eq!(r.inv_direction, [0.5, f64::NEG_INFINITY, f64::INFINITY]);
/// assert_eq!(r.negative, [false, true, false]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlabRay<F> {
    /// The ray's origin.
    pub origin: [F; 3],
    /// `1 / direction`, per component, rounded.
    pub inv_direction: [F; 3],
    /// `true` where the direction's sign bit is set (including `-0.0`).
    pub negative: [bool; 3],
}

impl<F: RayFloat> SlabRay<F> {
    /// Precomputes the inverse direction of `ray` (three divisions, once per ray).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::ray::aabb::SlabRay;
    /// let r = SlabRay::new(&isect::Ray::new([1.0_f32; 3], [4.0, 1.0, -2.0]));
    /// assert_eq!(r.inv_direction, [0.25, 1.0, -0.5]);
    /// ```
    pub fn new(ray: &Ray<F>) -> SlabRay<F> {
        SlabRay {
            origin: ray.origin,
            inv_direction: ray.direction.map(|d| F::one() / d),
            negative: ray.direction.map(|d| d.is_sign_negative()),
        }
    }
}

/// The slab loop shared by the classic and the conservative variants: the largest entry
/// and the smallest exit over the three axes, starting from `[0, ∞]`. A NaN (`0·∞`, from
/// an origin on the plane of a slab the ray is parallel to) leaves the bound unchanged.
#[inline(always)]
fn slab_loop<F: RayFloat>(ray: &SlabRay<F>, aabb: &Aabb<F>) -> (F, F) {
    let mut t_enter = F::zero();
    let mut t_exit = F::infinity();
    for k in 0..3 {
        let (near, far) = if ray.negative[k] {
            (aabb.max[k], aabb.min[k])
        } else {
            (aabb.min[k], aabb.max[k])
        };
        let t_near = (near - ray.origin[k]) * ray.inv_direction[k];
        let t_far = (far - ray.origin[k]) * ray.inv_direction[k];
        // Comparisons with NaN are false: the bound is kept.
        if t_near > t_enter {
            t_enter = t_near;
        }
        if t_far < t_exit {
            t_exit = t_far;
        }
    }
    (t_enter, t_exit)
}

/// The classic slab test (RTR §22.7.1 in the form of Williams et al. 2005) in `f32` or
/// `f64`: per axis `t = (bound − o)·(1/d)`, entry the largest near `t` and `0`, exit the
/// smallest far `t`; a hit iff entry ≤ exit.
///
/// **Not exact**: every `t` carries three roundings (`bound − o`, `1/d`, the product), so
/// rays that graze an edge or corner can be reported either way, and a ray that exactly
/// touches the box can be missed. Use [`ray_aabb`] for exact answers,
/// [`ray_aabb_conservative`] for answers that never miss.
///
/// Axis-parallel rays and origins on slab planes are handled without special cases
/// through IEEE arithmetic: `1/±0 = ±∞` makes a parallel axis impose no constraint when
/// the origin is inside its slab and reject the ray when it is outside; the `0·∞ = NaN`
/// of an origin exactly on such a slab plane is ignored (closed box: a hit). A zero
/// direction is treated as a point (hit iff the box contains `o`, with `[0, ∞]`). An
/// entry at `+∞` is a miss: it comes from a parallel axis whose slab excludes the origin
/// (`±d·∞` on both planes), or from an overflowing `t`.
/// A NaN coordinate makes its axis impose no constraint: the answer is then meaningless
/// (never a panic); an inverted box gives `None`.
///
/// # Examples
///
/// ```
/// use isect::ray::aabb::{ray_aabb_slab, SlabRay, Span};
/// use isect::{Aabb, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// let ray = SlabRay::new(&Ray::new([-1.0, 0.5, 0.0], [1.0, 0.0, 0.0])); // along the face z = 0
/// assert_eq!(ray_aabb_slab(&ray, &unit), Some(Span { t_enter: 1.0, t_exit: 2.0 }));
/// ```
#[inline]
pub fn ray_aabb_slab<F: RayFloat>(ray: &SlabRay<F>, aabb: &Aabb<F>) -> Option<Span<F>> {
    let (t_enter, t_exit) = slab_loop(ray, aabb);
    (t_enter <= t_exit && t_enter < F::infinity()).then_some(Span { t_enter, t_exit })
}

/// The slab test with outward rounding (Ize 2013): it **never misses** a ray the exact
/// test [`ray_aabb`] hits, at the cost of rare false hits on rays that pass within a few
/// ulps of the box.
///
/// It computes the slab loop of [`ray_aabb_slab`] and compares the entry with the exit
/// multiplied by `1 + 2γ₄` (`γₙ = n·u/(1 − n·u)`, `u` the unit roundoff of `F`), rounded
/// up. Why that suffices: each computed `t` has three roundings, so it is within `γ₃·|t|`
/// of the exact `(bound − o)/d`; if the exact entry `e` is at most the exact exit `x`
/// (`≥ 0`), the computed entry is at most `(1 + γ₃)·x` and the computed exit at least
/// `(1 − γ₃)·x`, and `(1 − γ₃)(1 − u)(1 + 2γ₄) ≥ 1 + γ₃`, so the final product (rounded
/// once more) still covers the entry. (Ize's paper states `1 + 2γ₃`, which leaves out
/// the rounding of that product; `γ₄` covers it.)
///
/// The guarantee holds when no `1/dₖ`, `bound − oₖ` or product overflows to infinity
/// from a finite exact value below `F::MAX` and none underflows into the subnormal range
/// (for `f64` roughly: coordinates and `t` values between `1e-290` and `1e290` in
/// magnitude, or exactly zero); overflow to infinity on both sides of the comparison is
/// harmless. The returned `t_exit` is the widened exit, `t_enter` the computed entry.
/// Axis-parallel rays, origins on slab planes, NaN and inverted boxes behave as in
/// [`ray_aabb_slab`].
///
/// # Examples
///
/// ```
/// use isect::ray::aabb::{ray_aabb, ray_aabb_conservative, SlabRay};
/// use isect::{Aabb, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// // Aimed exactly at the corner (1, 1, 1) from an awkward origin.
/// let ray = Ray::new([-0.1, -0.2, -0.3], [1.1, 1.2, 1.3]);
/// if ray_aabb(&ray, &unit).is_some() {
///     assert!(ray_aabb_conservative(&SlabRay::new(&ray), &unit).is_some());
/// }
/// ```
#[inline]
pub fn ray_aabb_conservative<F: RayFloat>(ray: &SlabRay<F>, aabb: &Aabb<F>) -> Option<Span<F>> {
    let (t_enter, t_exit) = slab_loop(ray, aabb);
    let t_exit = t_exit * conservative_factor::<F>();
    (t_enter <= t_exit && t_enter < F::infinity()).then_some(Span { t_enter, t_exit })
}

/// `1 + 2γ₄`, rounded up (computed in `F`; the constant folds).
#[inline(always)]
fn conservative_factor<F: RayFloat>() -> F {
    let u = F::UNIT_ROUNDOFF;
    let four = F::from(4.0).unwrap_or_else(F::one);
    let gamma4 = four * u / (F::one() - four * u);
    // Round the factor itself up: one more ulp of 1 (2u) is plenty.
    let two = F::one() + F::one();
    F::one() + two * gamma4 + two * u
}

/// A ray prepared for [`ray_aabb_slopes`] (Eisemann et al. 2007): the ray is mirrored so
/// that every direction component is `≤ 0` (axes with a positive component are negated),
/// and for each ordered pair of moving axes `(i, j)` the slope `d_j/d_i` and intercept
/// `o_j − (d_j/d_i)·o_i` of the ray's projection are precomputed (rounded).
///
/// # Examples
///
/// ```
/// use isect::ray::aabb::SlopeRay;
/// let r = SlopeRay::new(&isect::Ray::new([0.0; 3], [2.0, -1.0, 0.0]));
/// assert_eq!(r.flipped, [true, false, false]);
/// assert_eq!(r.moving, [true, true, false]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlopeRay<F> {
    /// The mirrored origin (`-o_k` on flipped axes).
    pub origin: [F; 3],
    /// `true` on axes whose direction component was positive (and is now negated).
    pub flipped: [bool; 3],
    /// `true` on axes with a non-zero direction component.
    pub moving: [bool; 3],
    /// `slope[i][j] = d_j / d_i` in mirrored coordinates (for moving `i ≠ j`).
    pub slope: [[F; 3]; 3],
    /// `intercept[i][j] = o_j − slope[i][j]·o_i`: the line `x_j = slope·x_i + intercept`.
    pub intercept: [[F; 3]; 3],
    /// `1/d` in mirrored coordinates (`-∞` for zero components), for the returned `t`.
    pub inv_direction: [F; 3],
}

impl<F: RayFloat> SlopeRay<F> {
    /// Classifies and precomputes `ray` (once per ray).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::ray::aabb::SlopeRay;
    /// let r = SlopeRay::new(&isect::Ray::new([1.0, 2.0, 0.0], [-1.0, -2.0, -4.0]));
    /// assert_eq!(r.slope[0][1], 2.0);
    /// assert_eq!(r.intercept[0][1], 0.0);
    /// ```
    pub fn new(ray: &Ray<F>) -> SlopeRay<F> {
        let flipped = ray.direction.map(|d| d > F::zero());
        let mirror = |k: usize, x: F| if flipped[k] { -x } else { x };
        let origin: [F; 3] = core::array::from_fn(|k| mirror(k, ray.origin[k]));
        let dir: [F; 3] = core::array::from_fn(|k| mirror(k, ray.direction[k]));
        let moving = dir.map(|d| d != F::zero());
        let mut slope = [[F::zero(); 3]; 3];
        let mut intercept = [[F::zero(); 3]; 3];
        for i in 0..3 {
            for j in 0..3 {
                if i != j && moving[i] {
                    slope[i][j] = dir[j] / dir[i];
                    intercept[i][j] = origin[j] - slope[i][j] * origin[i];
                }
            }
        }
        SlopeRay {
            origin,
            flipped,
            moving,
            slope,
            intercept,
            inv_direction: dir.map(|d| {
                if d == F::zero() {
                    F::neg_infinity()
                } else {
                    F::one() / d
                }
            }),
        }
    }
}

/// Ray/AABB by ray slopes (Eisemann et al. 2007), in `f32` or `f64`.
///
/// In mirrored coordinates every direction component is `≤ 0`, so the ray misses if its
/// origin is below the box on some axis (`o_k < min_k`), or if, when it leaves slab `i`
/// (at `x_i = min_i`), its coordinate `x_j = slope·min_i + intercept` is still above the
/// box (`> max_j`) for some pair of moving axes. Axes with a zero component only require
/// `min_k ≤ o_k ≤ max_k`. On a hit the span is computed with the mirrored inverse
/// direction (as Eisemann et al.'s "slope-int" variant does); a zero direction is a point,
/// reported as `[0, ∞]` when the box contains it, as by [`ray_aabb_slab`].
///
/// **Not exact**: slopes and intercepts are rounded, so grazing rays can be reported
/// either way. Use [`ray_aabb`] for exact answers. A NaN coordinate gives an arbitrary
/// answer (never a panic); an inverted box gives `None`.
///
/// # Examples
///
/// ```
/// use isect::ray::aabb::{ray_aabb_slopes, SlopeRay, Span};
/// use isect::{Aabb, Ray};
/// let unit = Aabb::new([0.0; 3], [1.0; 3]);
/// let ray = SlopeRay::new(&Ray::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0]));
/// assert_eq!(ray_aabb_slopes(&ray, &unit), Some(Span { t_enter: 1.0, t_exit: 2.0 }));
/// let away = SlopeRay::new(&Ray::new([-1.0, 0.5, 0.5], [-1.0, 0.0, 0.0]));
/// assert_eq!(ray_aabb_slopes(&away, &unit), None);
/// ```
#[inline]
pub fn ray_aabb_slopes<F: RayFloat>(ray: &SlopeRay<F>, aabb: &Aabb<F>) -> Option<Span<F>> {
    let mut lo = [F::zero(); 3];
    let mut hi = [F::zero(); 3];
    for k in 0..3 {
        (lo[k], hi[k]) = if ray.flipped[k] {
            (-aabb.max[k], -aabb.min[k])
        } else {
            (aabb.min[k], aabb.max[k])
        };
        // Moving towards -∞ (or not at all): the origin must not be below the slab, a
        // parallel ray must be inside it, and the slab must not be empty.
        if ray.origin[k] < lo[k] || (!ray.moving[k] && ray.origin[k] > hi[k]) || lo[k] > hi[k] {
            return None;
        }
    }
    for i in (0..3).filter(|&i| ray.moving[i]) {
        for j in (0..3).filter(|&j| j != i && ray.moving[j]) {
            if ray.slope[i][j] * lo[i] + ray.intercept[i][j] > hi[j] {
                return None;
            }
        }
    }
    let mut t_enter = F::zero();
    let mut t_exit = F::infinity(); // stays ∞ for a zero direction, as in the slab test
    for k in 0..3 {
        if ray.moving[k] {
            let t_near = (hi[k] - ray.origin[k]) * ray.inv_direction[k];
            let t_far = (lo[k] - ray.origin[k]) * ray.inv_direction[k];
            t_enter = t_enter.max(t_near);
            t_exit = t_exit.min(t_far);
        }
    }
    Some(Span {
        t_enter,
        t_exit: t_exit.max(t_enter),
    })
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
