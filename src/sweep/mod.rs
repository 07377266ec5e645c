//! Sweep tests for moving objects over normalized time `u ∈ [0, 1]` (Real-Time
//! Rendering, 4th ed., section 22.17 "dynamic intersection testing"; Gomez, "Simple
//! intersection tests for games"; Ericson, *Real-Time Collision Detection*, section 5.5).
//!
//! # The API
//!
//! Every object is given by its pose at `u = 0` and its **displacement** over the whole
//! step (its velocity per unit `u`): at time `u` a sphere `(c, r)` with displacement `v` is
//! the sphere `(c + u·v, r)`. Objects translate; they do not rotate. Both objects of a
//! pair take a displacement (pass `[0; 3]` for one at rest): the relative motion
//! `v_b − v_a` is never rounded, it is part of the exact polynomials.
//!
//! Each sweep returns `None` when the two **closed** objects never touch for
//! `u ∈ [0, 1]`, and otherwise a [`SweepHit`]: the first and the last time of contact
//! (touching counts). Already-overlapping objects have `first = 0`; objects still
//! overlapping at the end have `last = 1`; objects at rest relative to each other touch
//! over the whole of `[0, 1]` or never (Gomez's and Ericson's conventions).
//!
//! | sweep | shapes |
//! |---|---|
//! | [`sweep_sphere_sphere`] | two moving spheres |
//! | [`sweep_sphere_plane`] | a moving sphere and a moving plane (the plane itself, not a half-space) |
//! | [`sweep_aabb_aabb`](fn@sweep_aabb_aabb) | two moving axis-aligned boxes |
//! | [`sweep_sphere_triangle`](fn@sweep_sphere_triangle) | a moving sphere and a moving triangle (face, edges as capsules, vertices as spheres) |
//! | [`sweep_sphere_polygon`](fn@sweep_sphere_polygon) | the same for a polygon (its fan triangulation) |
//! | [`sweep_obb_obb`](fn@sweep_obb_obb) | two translating oriented boxes (dynamic separating axes) |
//! | [`ray_capsule`](fn@ray_capsule) | a ray (`t ≥ 0`) and a [`Capsule`] |
//!
//! # What is exact and what is rounded
//!
//! * **Touch or not is exact** for every finite input of every scalar type (`f32`, `f64`,
//!   rationals): each sweep is a union of convex pieces, and the set of times a piece
//!   touches is decided by the exact signs of polynomials in the inputs (evaluated by
//!   [`polynomial_sign`](crate::predicates::polynomial_sign)): signs of linear
//!   constraints `α + β·u ≥ 0` compared by cross-multiplication, and of one quadratic
//!   `A·u² + 2B·u + C ≤ 0` at those times, at its vertex and through its discriminant.
//!   No rounded time is ever compared. The argument is in `proofs/sweep.md`.
//! * **The contact times are constructions**: times that are ratios of polynomials
//!   (box sweeps, capsule caps, face edges) are exact for rationals; roots of the
//!   quadratics are irrational in general. Every [`SweepHit`] carries rigorous bounds
//!   `first_error`, `last_error` on the distance of each returned time from the exact one,
//!   computed alongside the value (a running error bound in `f64`, or exact rational
//!   arithmetic with a 64-bit square root): see [`SweepHit`].
//!
//! # Bad input
//!
//! The plain functions answer `None` for a NaN or infinite coordinate and for a negative
//! radius (an empty sphere never touches); the `try_` forms return an [`InputError`]
//! instead, naming the argument (counted from 0: the first shape is argument 0, its
//! displacement 1, the second shape 2, its displacement 3).
//! Neither ever panics.
//!
//! # Examples
//!
//! ```
//! use isect::sweep::sweep_sphere_sphere;
//! use isect::Sphere;
//! // Two unit spheres, one moving along x past the other at exactly distance 2: a graze.
//! let a = Sphere::new([-4.0, 2.0, 0.0], 1.0);
//! let b = Sphere::new([0.0, 0.0, 0.0], 1.0);
//! let hit = sweep_sphere_sphere(&a, &[8.0, 0.0, 0.0], &b, &[0.0; 3]).unwrap();
//! assert_eq!((hit.first, hit.last), (0.5, 0.5));
//! ```

pub(crate) mod compare;
pub(crate) mod interval;
pub(crate) mod pieces;
mod ray_capsule;
pub(crate) mod sweep_aabb_aabb;
pub(crate) mod sweep_obb_obb;
mod sweep_sphere;
pub(crate) mod sweep_sphere_polygon;
pub(crate) mod sweep_sphere_triangle;

pub use ray_capsule::{Capsule, ray_capsule, try_ray_capsule};
pub use sweep_aabb_aabb::{sweep_aabb_aabb, try_sweep_aabb_aabb};
pub use sweep_obb_obb::{sweep_obb_obb, try_sweep_obb_obb};
pub use sweep_sphere::{
    sweep_sphere_plane, sweep_sphere_sphere, try_sweep_sphere_plane, try_sweep_sphere_sphere,
};
pub use sweep_sphere_polygon::{sweep_sphere_polygon, try_sweep_sphere_polygon};
pub use sweep_sphere_triangle::{sweep_sphere_triangle, try_sweep_sphere_triangle};

use crate::error::check_point;
use crate::{FloatFormat, InputError, Scalar, Validate};
use interval::{Piece, Pt, solve, value};

/// The accuracy of every reported contact time, `2⁻²⁰`: for every finite input of every
/// scalar type, each [`SweepHit`] bound `first_error`, `last_error` is at most this (for
/// [`ray_capsule`](fn@ray_capsule), whose times are unbounded, at most this times `max(1, |t|)`). A float
/// estimate whose own bound is wider (tiny inputs whose error tracking underflows, a root
/// at a near-tangency, an overflow) is recomputed in exact rational arithmetic
/// (`proofs/sweep.md`, section 2).
///
/// # Examples
///
/// ```
/// use isect::sweep::{sweep_sphere_sphere, TIME_ACCURACY};
/// use isect::Sphere;
/// // Spheres of radius 1e-90 meeting halfway: the f64 error tracking underflows, so the
/// // time is recomputed exactly.
/// let s = 1e-90_f64;
/// let a = Sphere::new([0.0, 0.0, 0.0], s);
/// let b = Sphere::new([4.0 * s, 0.0, 0.0], s);
/// let hit = sweep_sphere_sphere(&a, &[4.0 * s, 0.0, 0.0], &b, &[0.0; 3]).unwrap();
/// assert!(hit.first_error <= TIME_ACCURACY && (hit.first - 0.5).abs() <= hit.first_error);
/// ```
pub const TIME_ACCURACY: f64 = 1.0 / 1_048_576.0;

/// The contact interval of a sweep: the first and the last time of contact. The objects
/// touch at every `u` in between (the set of touching times is the preimage of a convex
/// Minkowski sum under the motion, one closed interval), except for
/// [`sweep_sphere_polygon`](fn@sweep_sphere_polygon) on a non-convex or non-planar polygon, whose fan surface can be
/// left and re-entered.
///
/// `first ≤ last`, both in `[0, 1]` (in `[0, ∞)` for [`ray_capsule`](fn@ray_capsule)). `first_error` and
/// `last_error` bound the distance from each returned value to the exact time:
/// `|first − u_first| ≤ first_error`, and never more than [`TIME_ACCURACY`] (`2⁻²⁰`). They
/// are `0` when the value is exact (always for linear times over rationals, for the ends
/// `0` and `1` of the step), a few units in the last place for ratios computed in `f64`,
/// and for the roots of a quadratic the rigorous bound of a running-error evaluation of
/// `(−B ∓ √(B² − AC))/A` in its stable form (larger near tangency, where the root itself
/// moves by `√ε` when the data move by `ε`); a bound that would exceed `2⁻²¹` sends the
/// time to the exact path: rational arithmetic with a 64-bit square root (relative error
/// below `2⁻⁶⁰`). For `f32` the bound includes the final rounding to `f32`. A time clamped
/// into the domain keeps only the part of its bound inside the domain. See
/// `proofs/sweep.md`, section 2.
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_sphere_sphere;
/// use isect::Sphere;
/// let a = Sphere::new([0.0, 0.0, 0.0], 1.0);
/// let b = Sphere::new([10.0, 0.0, 0.0], 1.0);
/// let hit = sweep_sphere_sphere(&a, &[16.0, 0.0, 0.0], &b, &[0.0; 3]).unwrap();
/// assert_eq!((hit.first, hit.last), (0.5, 0.75));
/// // Roots of a quadratic: rounded, with rigorous bounds.
/// assert!(hit.first_error <= 1e-12 && hit.last_error <= 1e-12);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SweepHit<T> {
    /// The first time of contact.
    pub first: T,
    /// The last time of contact.
    pub last: T,
    /// A bound on `|first − exact first time|`.
    pub first_error: f64,
    /// A bound on `|last − exact last time|`.
    pub last_error: f64,
}

/// Collects the time sets of the convex pieces of a sweep.
pub(crate) struct Collect<T> {
    bounded: bool,
    found: alloc::vec::Vec<(T, f64, T, f64)>,
}

impl<T: Scalar> Collect<T> {
    pub(crate) fn new(bounded: bool) -> Self {
        Collect {
            bounded,
            found: alloc::vec::Vec::new(),
        }
    }

    /// Adds the exact time set of `p`, if not empty.
    pub(crate) fn add<P: Piece<T>>(&mut self, p: &P) {
        if let Some(f) = solve::<T, P>(p, self.bounded) {
            debug_assert!(f.last != Pt::Inf, "an unbounded time set");
            let (a, ea) = value(p, f.first, self.bounded);
            let (b, eb) = value(p, f.last, self.bounded);
            self.found.push((a, ea, b, eb));
        }
    }

    /// Whether some piece touches (decided exactly).
    pub(crate) fn any(&self) -> bool {
        !self.found.is_empty()
    }

    /// The union of the pieces' intervals (one interval), or `None`.
    pub(crate) fn finish(self) -> Option<SweepHit<T>> {
        let zero = T::zero();
        let one = T::one();
        let bounded = self.bounded;
        // Clamping into the domain never moves a value away from the exact time, which
        // lies in it; and the exact time lies in [x − e, x + e] ∩ domain, so the clamped
        // value's bound shrinks by the distance clamped (rounded up).
        let clamp = |x: T, e: f64| {
            // d, the distance clamped, is rounded (x − 1, or a rational's conversion):
            // taken smaller by 4u so the bound stays rigorous.
            let out = |d: f64| (e - d.abs() * (1.0 - 4.0 * interval::U)) * interval::INFLATE;
            if x < zero {
                let d = x.to_f64();
                (
                    zero.clone(),
                    if d.is_finite() {
                        e.min(out(d)).max(0.0)
                    } else {
                        e
                    },
                )
            } else if bounded && x > one {
                let d = x.to_f64() - 1.0;
                (
                    one.clone(),
                    if d.is_finite() {
                        e.min(out(d)).max(0.0)
                    } else {
                        e
                    },
                )
            } else {
                (x, e)
            }
        };
        let found: alloc::vec::Vec<(T, f64, T, f64)> = self
            .found
            .into_iter()
            .map(|(a, ea, b, eb)| {
                let (a, ea) = clamp(a, ea);
                let (b, eb) = clamp(b, eb);
                (a, ea, b, eb)
            })
            .collect();
        let (mut first, mut last) = (found.first()?.0.clone(), found[0].2.clone());
        for f in &found[1..] {
            if f.0 < first {
                first = f.0.clone();
            }
            if f.2 > last {
                last = f.2.clone();
            }
        }
        // |min x̃ₖ − min xₖ| ≤ max(e_j, e_i) with j the chosen piece and i the exact
        // minimum; i can only be a piece with x̃ᵢ − x̃ⱼ ≤ eᵢ + eⱼ (proofs/sweep.md, §2).
        let (ej, el) = found.iter().fold((0.0_f64, 0.0_f64), |(a, b), f| {
            (
                if f.0 == first { a.max(f.1) } else { a },
                if f.2 == last { b.max(f.3) } else { b },
            )
        });
        let (mut first_error, mut last_error) = (ej, el);
        // A value rounded to +∞ (a ray's time beyond the type's range, from the exact
        // path) is never the smallest unless all are.
        let beyond = |x: &T| x.to_f64().is_infinite();
        let first_finite = !beyond(&first);
        for f in &found {
            let far = first_finite && beyond(&f.0);
            if !far && (f.0.clone() - &first).to_f64() <= 2.0 * (f.1 + ej) {
                first_error = first_error.max(f.1);
            }
            if (last.clone() - &f.2).to_f64() <= 2.0 * (f.3 + el) {
                last_error = last_error.max(f.3);
            }
        }
        if first > last {
            // Only possible from rounding: the midpoint is within max(e_first, e_last) of
            // both exact times, plus the rounding of the midpoint (one rounded sum, below
            // one ulp of its size, and a halving, exact but for the smallest subnormal).
            let size = first.to_f64().abs() + last.to_f64().abs();
            let rounding = match T::FLOAT {
                None => 0.0,
                Some(FloatFormat::F32) => {
                    size * f64::from(f32::EPSILON) + f64::from(f32::from_bits(1))
                }
                Some(FloatFormat::F64) => size * f64::EPSILON + f64::from_bits(1),
            };
            let e = (first_error.max(last_error) + rounding) * interval::INFLATE;
            let mid = (first.clone() + &last) / (one.clone() + &one);
            first = mid.clone();
            last = mid;
            first_error = e;
            last_error = e;
        }
        Some(SweepHit {
            first,
            last,
            first_error,
            last_error,
        })
    }
}

/// The hit of a sweep made of the single piece `p` whose exact time set is `found`
/// (no allocation; the same clamping and ordering as [`Collect::finish`]).
pub(crate) fn single_hit<T: Scalar, P: Piece<T>>(
    p: &P,
    found: Option<interval::Found>,
    bounded: bool,
) -> Option<SweepHit<T>> {
    let f = found?;
    let (a, ea) = value(p, f.first, bounded);
    let (b, eb) = value(p, f.last, bounded);
    let mut c = Collect::new(bounded);
    if a < T::zero() || b < a || (bounded && b > T::one()) {
        // Rare (rounding at the ends): the general path clamps and orders.
        c.found.push((a, ea, b, eb));
        return c.finish();
    }
    Some(SweepHit {
        first: a,
        last: b,
        first_error: ea,
        last_error: eb,
    })
}

/// A certain miss, from plain `f64` arithmetic (`proofs/sweep.md`, section 9): on some axis
/// the interval `[p − r, q + r]` swept by the displacement `vp − vq` stays strictly
/// below or above the static interval `[lo, hi]`. `false` means "not shown": the exact
/// test decides. Rounding is covered by the margin `8u·(|p| + |q| + |ŵ| + |r|)` (only
/// additions are rounded, so nothing underflows with an error; non-finite values never
/// reject).
#[inline(always)]
pub(crate) fn swept_misses(
    p: &[f64; 3],
    q: &[f64; 3],
    r: f64,
    vp: &[f64; 3],
    vq: &[f64; 3],
    lo: &[f64; 3],
    hi: &[f64; 3],
) -> bool {
    const M: f64 = 8.0 * interval::U;
    (0..3).any(|k| {
        let w = vp[k] - vq[k];
        let m = M * (p[k].abs() + q[k].abs() + w.abs() + r.abs());
        let top = q[k].max(q[k] + w) + r + m;
        let bottom = p[k].min(p[k] + w) - r - m;
        top < lo[k] || bottom > hi[k]
    })
}

/// The corner-wise minimum and maximum of points (`f64`), for [`swept_misses`].
pub(crate) fn bounds(points: &[&[f64; 3]]) -> ([f64; 3], [f64; 3]) {
    let mut lo = *points[0];
    let mut hi = *points[0];
    for p in &points[1..] {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    (lo, hi)
}

/// The validation of every two-body sweep's `try_` form: the first shape (argument 0),
/// its displacement (1), the second shape (2), its displacement (3), in that order; a
/// displacement's NaN or infinite coordinate is `NonFinite` with `what: "displacement"`.
pub(crate) fn validate_sweep<T: Scalar>(
    a: &impl Validate,
    va: &[T; 3],
    b: &impl Validate,
    vb: &[T; 3],
) -> Result<(), InputError> {
    a.validate(0)?;
    check_point(1, "displacement", None, va)?;
    b.validate(2)?;
    check_point(3, "displacement", None, vb)
}

/// All coordinates finite.
pub(crate) fn finite<T: Scalar>(ps: &[&[T; 3]]) -> bool {
    ps.iter().all(|p| p.iter().all(Scalar::is_finite))
}

/// A usable radius: finite and not negative.
pub(crate) fn radius_ok<T: Scalar>(r: &T) -> bool {
    r.is_finite() && *r >= T::zero()
}

/// A fast path's certain touch `[first, first_error, last, last_error]` (in `f64`) as the
/// hit of `T`: each time rounded to `T`, its conversion error added, the bound inflated by
/// [`INFLATE`](interval::INFLATE) (section 2 of `proofs/sweep.md`); `None` when `T` cannot
/// hold the values (then the caller's engine decides).
#[inline(always)]
pub(crate) fn fast_times<T: Scalar>(t: [f64; 4]) -> Option<SweepHit<T>> {
    let [first, first_error, last, last_error] = t;
    let ((f, cf), (l, cl)) = (T::from_f64_rounded(first)?, T::from_f64_rounded(last)?);
    Some(SweepHit {
        first: f,
        last: l,
        first_error: (first_error + cf) * interval::INFLATE,
        last_error: (last_error + cl) * interval::INFLATE,
    })
}
