//! Sphere/sphere, sphere/AABB and sphere/OBB overlap (Real-Time Rendering, 4th ed.,
//! section 22.13.2, "Sphere/Box Intersection"; J. Arvo, "A simple method for box-sphere
//! intersection testing", Graphics Gems (1990)), decided exactly.
//!
//! | function | decides with | exact? |
//! |---|---|---|
//! | [`sphere_sphere`] | sign of `(r_a + r_b)² − |c_a − c_b|²` | **yes** |
//! | [`sphere_aabb`] | Arvo: exact comparisons pick the nearest box point per axis, then the sign of `r² − Σ eₖ²` | **yes** |
//! | [`sphere_obb`] | an `f64` certificate (a box point in the ball, or a separating direction), else the ball against the exact parallelepiped of the box's axes (faces, edges, corners), each a polynomial sign | **yes** |
//! | [`sphere_sphere_with`] | the same formula rounded in `T`, under a [`Policy`] | no |
//! | [`sphere_aabb_arvo_with`] | Arvo's loop in `T`, under a policy | no |
//! | [`sphere_aabb_quick_reject_with`] | RTR's variant with an early exit per axis | no |
//! | [`sphere_aabb_branchless_with`] | the clamped distance without branches (`max(·, 0)`) | no |
//! | [`sphere_obb_arvo_with`] | Arvo in the box frame, reading the axes as orthogonal | no |
//!
//! Every exact test decides from signs of integer polynomials of the inputs: for `f64`
//! (and `f32`, promoted exactly) a static filter whose bound is derived in
//! `proofs/overlap_volumes.md` certifies the sign of the rounded value, and only when it
//! cannot, [`polynomial_sign`] decides exactly; rationals evaluate directly.
//!
//! # Conventions
//!
//! Spheres are closed balls and boxes closed: tangency counts as overlap. A sphere with a
//! negative radius is empty ([`Sphere`]), as is a box with `min[k] > max[k]` or a negative
//! half extent: tests with an empty shape answer `false`. Any NaN or infinite coordinate
//! or radius gives `false` (no contact); the `try_` forms report it instead.

use crate::geometry::{Aabb, GeometryError, Obb, Sphere};
use crate::policy::Policy;
use crate::predicates::{polynomial_sign, Polynomial, Ring};
use crate::{orient3d, Scalar, Sign};

use super::aabb_aabb::{certified, check3, check_inverted, finite3, nonempty, wide, wide3};

// ---------------------------------------------------------------------------------------
// The shared filter: sign of ρ² − Σ eₖ²
// ---------------------------------------------------------------------------------------

/// `2^-1060`: the absolute underflow term of every static bound here
/// (proofs/overlap_volumes.md, section 1).
/// (A subnormal: its bit pattern is `2^(1074 − 1060)`.)
pub(super) const TAU2: f64 = f64::from_bits(1 << 14);
/// `2^-1020`: the underflow term added inside a bound where a product's absolute error
/// is later multiplied (proofs/overlap_volumes.md, section 1).
pub(super) const TAU: f64 = f64::from_bits(3 << 52);

/// `(γ₄ + (1 − u)^−2 − 1)/(1 − u)^6` rounded up (≈ 6u): the relative bound of
/// `fl(ρ̃² − ((ẽ₀² + ẽ₁²) + ẽ₂²))` against `fl(ρ̃² + ((ẽ₀² + ẽ₁²) + ẽ₂²))` when `ρ̃` and
/// the `ẽₖ` are single roundings (or exact) (proofs/overlap_volumes.md, section 2).
pub(super) const C_REACH: f64 = 6.661338147750946e-16;

/// The certified sign of `ρ² − (e₀² + e₁² + e₂²)`, where `rho` and `e` are `ρ` and `eₖ`
/// each rounded at most once, or `None`.
#[inline(always)]
fn reach_filter(rho: f64, e: [f64; 3]) -> Option<Sign> {
    let rr = rho * rho;
    let l = e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
    let v = rr - l;
    certified(v, C_REACH * (rr + l) + TAU2)
}

/// `(r₀ + r₁)² − Σₖ (xₖ − yₖ)²`, with absent radii and differences read as zero.
struct Reach<'a, T> {
    radii: [Option<&'a T>; 2],
    diffs: [Option<(&'a T, &'a T)>; 3],
}

impl<T> Polynomial<T> for Reach<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let mut rho: Option<R> = None;
        for r in self.radii.iter().flatten() {
            rho = Some(match rho {
                Some(x) => x + lift(r),
                None => lift(r),
            });
        }
        let mut acc = rho.map(|x| x.clone() * x);
        for (x, y) in self.diffs.iter().flatten() {
            let e = lift(x) - lift(y);
            let sq = e.clone() * e;
            acc = Some(match acc {
                Some(a) => a - sq,
                None => -sq,
            });
        }
        // A zero radius and no difference: the polynomial is 0 (0 − 0 from a radius).
        acc.unwrap_or_else(|| {
            let r = lift(self.radii[0].expect("a radius is always present"));
            r.clone() - r
        })
    }
}

// ---------------------------------------------------------------------------------------
// Sphere/sphere
// ---------------------------------------------------------------------------------------

/// Whether two closed balls share a point (tangency counts).
///
/// Exact: the answer is `(r_a + r_b)² − |c_a − c_b|² ≥ 0` (with both radii `≥ 0`)
/// evaluated exactly, for every finite input of every scalar type. For `f64`/`f32` a
/// static filter decides almost every pair at the cost of the plain formula plus one
/// multiply-add; exactly or nearly tangent pairs go to [`polynomial_sign`].
///
/// Degenerate input, never a panic: a negative radius is an empty ball (`false`); a zero
/// radius is a point; any NaN or infinite value gives `false` ([`try_sphere_sphere`]
/// reports it). Symmetric in `a` and `b`.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::sphere_sphere;
/// use isect::Sphere;
/// // Centres 5 apart (a 3-4-5 triangle), radii 2 and 3: externally tangent.
/// let a = Sphere::new([0.0, 0.0, 0.0], 2.0);
/// assert!(sphere_sphere(&a, &Sphere::new([3.0, 4.0, 0.0], 3.0)));
/// assert!(!sphere_sphere(&a, &Sphere::new([3.0, 4.0, 0.0], 3.0f64.next_down())));
/// assert!(!sphere_sphere(&a, &Sphere::new([3.0, 4.0, 0.0], -1.0)));
/// ```
#[inline]
pub fn sphere_sphere<T: Scalar>(a: &Sphere<T>, b: &Sphere<T>) -> bool {
    if let (Some(ca), Some(cb), Some(ra), Some(rb)) = (
        wide3(&a.center),
        wide3(&b.center),
        wide(&a.radius),
        wide(&b.radius),
    ) {
        if ra >= 0.0 && rb >= 0.0 {
            let e = [ca[0] - cb[0], ca[1] - cb[1], ca[2] - cb[2]];
            if let Some(s) = reach_filter(ra + rb, e) {
                return s == Sign::Positive;
            }
        }
    }
    sphere_sphere_exact(a, b)
}

#[cold]
#[inline(never)]
fn sphere_sphere_exact<T: Scalar>(a: &Sphere<T>, b: &Sphere<T>) -> bool {
    if !finite3(&a.center) || !finite3(&b.center) || !a.radius.is_finite() || !b.radius.is_finite()
    {
        return false;
    }
    if a.radius < T::zero() || b.radius < T::zero() {
        return false;
    }
    let (ca, cb) = (&a.center, &b.center);
    let p = Reach {
        radii: [Some(&a.radius), Some(&b.radius)],
        diffs: [
            Some((&ca[0], &cb[0])),
            Some((&ca[1], &cb[1])),
            Some((&ca[2], &cb[2])),
        ],
    };
    polynomial_sign::<T, _>(&p) != Sign::Negative
}

/// [`sphere_sphere`], refusing invalid spheres instead of answering for them.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what` is `"center"` or `"radius"`, `index` 0 for `a`
/// and 1 for `b`), then [`GeometryError::NegativeRadius`] (`a` first).
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::try_sphere_sphere;
/// use isect::{GeometryError, Sphere};
/// let a = Sphere::new([0.0; 3], 1.0);
/// assert_eq!(try_sphere_sphere(&a, &Sphere::new([2.0, 0.0, 0.0], 1.0)), Ok(true));
/// assert_eq!(
///     try_sphere_sphere(&a, &Sphere::new([0.0; 3], f64::NAN)),
///     Err(GeometryError::NonFinite { what: "radius", index: 1, axis: 0 })
/// );
/// ```
pub fn try_sphere_sphere<T: Scalar>(a: &Sphere<T>, b: &Sphere<T>) -> Result<bool, GeometryError> {
    check_sphere(a, 0)?;
    check_sphere(b, 1)?;
    for s in [a, b] {
        if s.radius < T::zero() {
            return Err(GeometryError::NegativeRadius);
        }
    }
    Ok(sphere_sphere(a, b))
}

fn check_sphere<T: Scalar>(s: &Sphere<T>, index: usize) -> Result<(), GeometryError> {
    check3("center", index, &s.center)?;
    if !s.radius.is_finite() {
        return Err(GeometryError::NonFinite {
            what: "radius",
            index,
            axis: 0,
        });
    }
    Ok(())
}

/// The classic sphere/sphere test, computed in `T` and decided under `policy`.
///
/// What is computed, in `T`'s arithmetic (rounded for floats): `d² = Σ (c_aₖ − c_bₖ)²`
/// and `ρ² = (r_a + r_b)²`; overlap iff `policy.sign(ρ² − d², ρ² + d²)` is not
/// `Negative` (so `Absolute { eps }` accepts `d² ≤ ρ² + eps`).
///
/// **Not exact** for floats: every operation rounds, so nearly tangent pairs can be
/// misjudged either way, and large coordinates overflow. For rationals under
/// [`Naive`](crate::policy::Naive) it is exact. Negative radii are not checked (the
/// formula is used as is); NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::{sphere_sphere, sphere_sphere_with};
/// use isect::policy::Naive;
/// use isect::Sphere;
/// // Apart by 2⁻⁵³ − 2⁻¹⁰⁵ exactly, but 1 + r_b rounds up to the distance:
/// let x = 1.0f64.next_up(); // 1 + 2⁻⁵²
/// let rb = 2f64.powi(-53).next_up(); // 2⁻⁵³ + 2⁻¹⁰⁵
/// let a = Sphere::new([0.0; 3], 1.0);
/// let b = Sphere::new([x, 0.0, 0.0], rb);
/// assert!(!sphere_sphere(&a, &b));
/// assert!(sphere_sphere_with(Naive, &a, &b));
/// ```
pub fn sphere_sphere_with<T: Scalar, P: Policy<T>>(
    policy: P,
    a: &Sphere<T>,
    b: &Sphere<T>,
) -> bool {
    let mut d2 = T::zero();
    for k in 0..3 {
        let e = a.center[k].clone() - &b.center[k];
        d2 = d2 + e.clone() * e;
    }
    let rho = a.radius.clone() + &b.radius;
    let rr = rho.clone() * rho;
    policy.sign(&(rr.clone() - &d2), &(rr + d2)) != Sign::Negative
}

// ---------------------------------------------------------------------------------------
// Sphere/AABB
// ---------------------------------------------------------------------------------------

/// Whether a closed ball and a closed axis-aligned box share a point (tangency counts).
///
/// Arvo's method, exact: per axis, exact comparisons of the centre with the box's bounds
/// give the distance `eₖ` from the centre to the box along that axis (`minₖ − cₖ`,
/// `cₖ − maxₖ` or `0`: a difference of two inputs, never rounded in the decision), and the
/// answer is the exact sign of `r² − Σ eₖ²`. For `f64`/`f32` a static filter certifies
/// that sign in the common case (bound in `proofs/overlap_volumes.md`, section 2);
/// tangent and nearly tangent cases go to [`polynomial_sign`].
///
/// Degenerate input, never a panic: an empty box (`min[k] > max[k]`) or a negative
/// radius gives `false`; flat boxes and zero radii are valid; any NaN or infinite value
/// gives `false` ([`try_sphere_aabb`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::sphere_aabb;
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// // Tangent to the corner (1, 1, 1): the centre is (1, 1, 1) + (2, 3, 6), radius 7.
/// assert!(sphere_aabb(&Sphere::new([3.0, 4.0, 7.0], 7.0), &b));
/// assert!(!sphere_aabb(&Sphere::new([3.0, 4.0, 7.0], 7.0f64.next_down()), &b));
/// // The centre inside the box: always overlapping, even with radius 0.
/// assert!(sphere_aabb(&Sphere::new([0.5; 3], 0.0), &b));
/// ```
#[inline]
pub fn sphere_aabb<T: Scalar>(s: &Sphere<T>, b: &Aabb<T>) -> bool {
    if let (Some(c), Some(r), Some(lo), Some(hi)) = (
        wide3(&s.center),
        wide(&s.radius),
        wide3(&b.min),
        wide3(&b.max),
    ) {
        if r >= 0.0 && r.is_finite() && c.iter().all(|x| x.is_finite()) {
            let mut e = [0.0; 3];
            for k in 0..3 {
                // Empty, NaN or infinite bounds: the exact path answers (false, as
                // documented; an infinite bound once passed here: `overlaps` fuzz find).
                if !(lo[k] <= hi[k] && lo[k].is_finite() && hi[k].is_finite()) {
                    return sphere_aabb_exact(s, b);
                }
                if c[k] < lo[k] {
                    e[k] = lo[k] - c[k];
                } else if c[k] > hi[k] {
                    e[k] = c[k] - hi[k];
                }
            }
            if let Some(sign) = reach_filter(r, e) {
                return sign == Sign::Positive;
            }
        }
    }
    sphere_aabb_exact(s, b)
}

#[cold]
#[inline(never)]
fn sphere_aabb_exact<T: Scalar>(s: &Sphere<T>, b: &Aabb<T>) -> bool {
    if !finite3(&s.center) || !s.radius.is_finite() || !finite3(&b.min) || !finite3(&b.max) {
        return false;
    }
    if s.radius < T::zero() || !nonempty(b) {
        return false;
    }
    let c = &s.center;
    let diffs: [Option<(&T, &T)>; 3] = core::array::from_fn(|k| {
        if c[k] < b.min[k] {
            Some((&b.min[k], &c[k]))
        } else if c[k] > b.max[k] {
            Some((&c[k], &b.max[k]))
        } else {
            None
        }
    });
    let p = Reach {
        radii: [Some(&s.radius), None],
        diffs,
    };
    polynomial_sign::<T, _>(&p) != Sign::Negative
}

/// [`sphere_aabb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what`: `"center"`, `"radius"`, `"box min"`,
/// `"box max"`), then [`GeometryError::NegativeRadius`], then
/// [`GeometryError::InvertedBox`].
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::try_sphere_aabb;
/// use isect::{Aabb, GeometryError, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert_eq!(try_sphere_aabb(&Sphere::new([2.0, 0.5, 0.5], 1.0), &b), Ok(true));
/// assert_eq!(
///     try_sphere_aabb(&Sphere::new([2.0, 0.5, 0.5], -1.0), &b),
///     Err(GeometryError::NegativeRadius)
/// );
/// ```
pub fn try_sphere_aabb<T: Scalar>(s: &Sphere<T>, b: &Aabb<T>) -> Result<bool, GeometryError> {
    check_sphere(s, 0)?;
    check3("box min", 0, &b.min)?;
    check3("box max", 0, &b.max)?;
    if s.radius < T::zero() {
        return Err(GeometryError::NegativeRadius);
    }
    check_inverted(b)?;
    Ok(sphere_aabb(s, b))
}

/// Arvo's sphere/AABB test as published, computed in `T` and decided under `policy`.
///
/// What is computed, in `T`'s arithmetic: per axis, `e = cₖ − minₖ` if `cₖ < minₖ`, else
/// `e = cₖ − maxₖ` if `cₖ > maxₖ`, else nothing, accumulating `d = Σ e²`; overlap iff
/// `policy.sign(r² − d, r² + d)` is not `Negative`. The comparisons are exact; the
/// differences, squares and sums round, so **not exact** for floats (nearly tangent
/// pairs can be misjudged). Exact for rationals under [`Naive`](crate::policy::Naive).
/// No validation: inverted boxes and negative radii go through the formula; NaN gives an
/// arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::{sphere_aabb, sphere_aabb_arvo_with};
/// use isect::policy::{Naive, Relative};
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// let s = Sphere::new([1.5, 0.5, 0.5], 0.5 - 1e-12); // misses the face x = 1 by 1e-12
/// assert!(!sphere_aabb(&s, &b));
/// assert!(!sphere_aabb_arvo_with(Naive, &s, &b));
/// assert!(sphere_aabb_arvo_with(Relative { eps: 1e-9 }, &s, &b));
/// ```
pub fn sphere_aabb_arvo_with<T: Scalar, P: Policy<T>>(
    policy: P,
    s: &Sphere<T>,
    b: &Aabb<T>,
) -> bool {
    let mut d = T::zero();
    for k in 0..3 {
        let c = &s.center[k];
        if *c < b.min[k] {
            let e = c.clone() - &b.min[k];
            d = d + e.clone() * e;
        } else if *c > b.max[k] {
            let e = c.clone() - &b.max[k];
            d = d + e.clone() * e;
        }
    }
    let rr = s.radius.clone() * &s.radius;
    policy.sign(&(rr.clone() - &d), &(rr + d)) != Sign::Negative
}

/// The quick-rejection variant of Arvo's test (RTR §22.13.2), computed in `T` and decided
/// under `policy`.
///
/// As [`sphere_aabb_arvo_with`], but on each axis it first rejects when the centre is
/// farther than `r` from the slab: `policy.sign(−r − e, r + |e|)` is `Positive` for
/// `e = cₖ − minₖ < 0`, or `policy.sign(e − r, r + |e|)` is `Positive` for
/// `e = cₖ − maxₖ > 0` (one comparison saves the squares on far pairs). **Not exact**
/// for floats (the differences and the final sum round). No validation; NaN gives an
/// arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::sphere_aabb_quick_reject_with;
/// use isect::policy::Naive;
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert!(!sphere_aabb_quick_reject_with(Naive, &Sphere::new([5.0, 0.5, 0.5], 1.0), &b));
/// assert!(sphere_aabb_quick_reject_with(Naive, &Sphere::new([1.5, 1.5, 0.5], 0.75), &b));
/// ```
pub fn sphere_aabb_quick_reject_with<T: Scalar, P: Policy<T>>(
    policy: P,
    s: &Sphere<T>,
    b: &Aabb<T>,
) -> bool {
    let r = &s.radius;
    let mut d = T::zero();
    for k in 0..3 {
        let c = &s.center[k];
        let e = c.clone() - &b.min[k];
        if e < T::zero() {
            let scale = r.clone() - &e;
            if policy.sign(&(-r.clone() - &e), &scale) == Sign::Positive {
                return false;
            }
            d = d + e.clone() * e;
            continue;
        }
        let e = c.clone() - &b.max[k];
        if e > T::zero() {
            let scale = r.clone() + &e;
            if policy.sign(&(e.clone() - r), &scale) == Sign::Positive {
                return false;
            }
            d = d + e.clone() * e;
        }
    }
    let rr = r.clone() * r;
    policy.sign(&(rr.clone() - &d), &(rr + d)) != Sign::Negative
}

/// The branch-free sphere/AABB test, computed in `T` and decided under `policy`.
///
/// What is computed, in `T`'s arithmetic: per axis
/// `e = max(minₖ − cₖ, 0) + max(cₖ − maxₖ, 0)` (the clamped distance, written without
/// data-dependent branches so it vectorizes), `d = Σ e²`; overlap iff
/// `policy.sign(r² − d, r² + d)` is not `Negative`. **Not exact** for floats. No
/// validation; NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::sphere_aabb_branchless_with;
/// use isect::policy::Naive;
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// assert!(sphere_aabb_branchless_with(Naive, &Sphere::new([2.0, 2.0, 2.0], 1.8), &b));
/// assert!(!sphere_aabb_branchless_with(Naive, &Sphere::new([2.0, 2.0, 2.0], 1.7), &b));
/// ```
#[inline]
pub fn sphere_aabb_branchless_with<T: Scalar, P: Policy<T>>(
    policy: P,
    s: &Sphere<T>,
    b: &Aabb<T>,
) -> bool {
    let pos = |x: T| if x > T::zero() { x } else { T::zero() };
    let mut d = T::zero();
    for k in 0..3 {
        let c = &s.center[k];
        let e = pos(b.min[k].clone() - c) + pos(c.clone() - &b.max[k]);
        d = d + e.clone() * e;
    }
    let rr = s.radius.clone() * &s.radius;
    policy.sign(&(rr.clone() - &d), &(rr + d)) != Sign::Negative
}

// ---------------------------------------------------------------------------------------
// Sphere/OBB
// ---------------------------------------------------------------------------------------

/// The polynomials of the exact sphere/OBB test. Notation (proofs/overlap_volumes.md,
/// section 5): `aᵢ` the axes, `hᵢ` the half extents, `nᵢ = aᵢ₊₁ × aᵢ₊₂`,
/// `D = a₀·(a₁ × a₂)`, `s_D = sign D`, `p = c − center`, `gᵢ = nᵢ·p`, and
/// `v(σ) = center + Σ σⱼ hⱼ aⱼ` for `σ ∈ {−1, 0, 1}³`.
#[derive(Clone, Copy)]
enum ObbQ {
    /// `r² − |p|²`.
    CenterReach,
    /// `tᵢ± = s_D·(±gᵢ − hᵢ D)`: positive iff `c` is strictly beyond face `i±`; its
    /// absolute value over `|nᵢ|` is the distance from `c` to that face's plane.
    FaceT(usize, bool),
    /// `tᵢ±² − r²|nᵢ|²` (positive: the face plane separates, given `tᵢ± > 0`).
    FaceSep(usize, bool),
    /// Face `i±` (centre `f = center ± hᵢaᵢ`), `x = c − f`: `hⱼ|nᵢ|² ∓ (x × aₖ)·nᵢ` for
    /// `which = 0` and `hₖ|nᵢ|² ∓ (aⱼ × x)·nᵢ` for `which = 1` (sign by `minus`): the
    /// projection of `c` on the face plane lies in the face iff all four are `≥ 0`.
    FaceSpan(usize, bool, u8, bool),
    /// Edge along `aᵢ` with midpoint `m = v(σ)` (`σᵢ = 0`): `hᵢ|aᵢ|² ∓ (c − m)·aᵢ`.
    EdgeSpan(usize, [i8; 3], bool),
    /// `r²|aᵢ|² − |(c − m) × aᵢ|²`.
    EdgeReach(usize, [i8; 3]),
    /// `r² − |c − v(σ)|²`.
    Vertex([i8; 3]),
}

struct ObbPoly<'a, T> {
    s: &'a Sphere<T>,
    b: &'a Obb<T>,
    /// `D < 0`.
    flip: bool,
    q: ObbQ,
}

fn cross<R: Ring>(a: &[R; 3], b: &[R; 3]) -> [R; 3] {
    core::array::from_fn(|i| {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        a[j].clone() * b[k].clone() - a[k].clone() * b[j].clone()
    })
}

fn dot<R: Ring>(a: &[R; 3], b: &[R; 3]) -> R {
    a[0].clone() * b[0].clone() + a[1].clone() * b[1].clone() + a[2].clone() * b[2].clone()
}

fn sub<R: Ring>(a: &[R; 3], b: &[R; 3]) -> [R; 3] {
    core::array::from_fn(|k| a[k].clone() - b[k].clone())
}

impl<T> Polynomial<T> for ObbPoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let l3 = |p: &[T; 3]| -> [R; 3] { [lift(&p[0]), lift(&p[1]), lift(&p[2])] };
        let c = l3(&self.s.center);
        let ctr = l3(&self.b.center);
        let a = [
            l3(&self.b.axes[0]),
            l3(&self.b.axes[1]),
            l3(&self.b.axes[2]),
        ];
        let h = l3(&self.b.half_extents);
        let r = lift(&self.s.radius);
        let rr = r.clone() * r;
        let p = sub(&c, &ctr);
        let normal = |i: usize| cross(&a[(i + 1) % 3], &a[(i + 2) % 3]);
        let signed = |x: R| if self.flip { -x } else { x };
        // v(σ) − center.
        let offset = |sigma: [i8; 3]| -> [R; 3] {
            let mut out: Option<[R; 3]> = None;
            for (j, &sj) in sigma.iter().enumerate() {
                if sj == 0 {
                    continue;
                }
                let t: [R; 3] = core::array::from_fn(|k| {
                    let x = h[j].clone() * a[j][k].clone();
                    if sj < 0 {
                        -x
                    } else {
                        x
                    }
                });
                out = Some(match out {
                    Some(o) => core::array::from_fn(|k| o[k].clone() + t[k].clone()),
                    None => t,
                });
            }
            out.unwrap_or_else(|| core::array::from_fn(|k| ctr[k].clone() - ctr[k].clone()))
        };
        let t_face = |i: usize, plus: bool| -> R {
            let n = normal(i);
            let g = dot(&n, &p);
            let d = dot(&a[i], &n);
            let g = if plus { g } else { -g };
            signed(g - h[i].clone() * d)
        };
        match self.q {
            ObbQ::CenterReach => rr - dot(&p, &p),
            ObbQ::FaceT(i, plus) => t_face(i, plus),
            ObbQ::FaceSep(i, plus) => {
                let t = t_face(i, plus);
                let n = normal(i);
                t.clone() * t - rr * dot(&n, &n)
            }
            ObbQ::FaceSpan(i, plus, which, minus) => {
                let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                let mut sigma = [0i8; 3];
                sigma[i] = if plus { 1 } else { -1 };
                let x = sub(&p, &offset(sigma));
                let n = normal(i);
                let (hw, v) = if which == 0 {
                    (h[j].clone(), dot(&cross(&x, &a[k]), &n))
                } else {
                    (h[k].clone(), dot(&cross(&a[j], &x), &n))
                };
                let lim = hw * dot(&n, &n);
                if minus {
                    lim - v
                } else {
                    lim + v
                }
            }
            ObbQ::EdgeSpan(i, sigma, minus) => {
                let x = sub(&p, &offset(sigma));
                let v = dot(&x, &a[i]);
                let lim = h[i].clone() * dot(&a[i], &a[i]);
                if minus {
                    lim - v
                } else {
                    lim + v
                }
            }
            ObbQ::EdgeReach(i, sigma) => {
                let x = sub(&p, &offset(sigma));
                let w = cross(&x, &a[i]);
                rr * dot(&a[i], &a[i]) - dot(&w, &w)
            }
            ObbQ::Vertex(sigma) => {
                let x = sub(&p, &offset(sigma));
                rr - dot(&x, &x)
            }
        }
    }
}

/// `5u`: the relative bound on each component of `w` in [`sphere_obb_filter`]
/// (proofs/overlap_volumes.md, section 5a).
const C_OBB_W: f64 = 5.0 * (f64::EPSILON / 2.0);
/// `8u`: the relative bound on `L` in [`sphere_obb_filter`] (section 5a).
const C_OBB_L: f64 = f64::EPSILON * 4.0;
/// `1 + 2⁻⁴⁸`: the factor that turns the last comparisons' rounded sides into bounds.
const K_OBB: f64 = 1.0 + f64::EPSILON * 16.0;

/// The `f64` filter of [`sphere_obb`] (proofs/overlap_volumes.md, section 5a), for finite
/// input with `r ≥ 0`, `hᵢ ≥ 0` and `det[a₀; a₁; a₂] ≠ 0` (checked exactly by the caller).
/// `Some(true)`: a point of the box within `r` of the centre is certified; `Some(false)`: a
/// separating direction is certified; `None`: the exact path decides. Rationals: `None`.
#[inline]
fn sphere_obb_filter<T: Scalar>(s: &Sphere<T>, b: &Obb<T>) -> Option<bool> {
    let c = wide3(&s.center)?;
    let r = wide(&s.radius)?;
    let c0 = wide3(&b.center)?;
    let a = [wide3(&b.axes[0])?, wide3(&b.axes[1])?, wide3(&b.axes[2])?];
    let h = wide3(&b.half_extents)?;
    let d = [c[0] - c0[0], c[1] - c0[1], c[2] - c0[2]];
    // Approximate box coordinates of the centre, clamped into the box: any floats with
    // |tᵢ| ≤ hᵢ name a point of the box, which is the certificate.
    let cross = |x: &[f64; 3], y: &[f64; 3]| {
        [
            x[1] * y[2] - x[2] * y[1],
            x[2] * y[0] - x[0] * y[2],
            x[0] * y[1] - x[1] * y[0],
        ]
    };
    let dot = |x: &[f64; 3], y: &[f64; 3]| x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    let n = [
        cross(&a[1], &a[2]),
        cross(&a[2], &a[0]),
        cross(&a[0], &a[1]),
    ];
    let inv = 1.0 / dot(&a[0], &n[0]);
    let t: [f64; 3] = core::array::from_fn(|i| (dot(&n[i], &d) * inv).max(-h[i]).min(h[i]));
    // w = c − (c₀ + Σ tᵢaᵢ) and, per component, m ≥ |w| (section 5a, step A).
    let mut w = [0.0; 3];
    let mut mm = 0.0;
    for k in 0..3 {
        let p = [t[0] * a[0][k], t[1] * a[1][k], t[2] * a[2][k]];
        w[k] = d[k] - p[0] - p[1] - p[2];
        let perm = d[k].abs() + p[0].abs() + p[1].abs() + p[2].abs();
        let m = w[k].abs() + (C_OBB_W * perm + TAU);
        mm += m * m;
    }
    let rr = r * r;
    let lhs = mm * K_OBB + TAU2;
    if lhs.is_finite() && lhs <= rr {
        return Some(true); // |w|² ≤ r²: that point of the box is in the ball
    }
    // Separation along u ≈ w / max|wₖ| (step B; any u will do, the scale keeps
    // max|uₖ| within 2u of 1): for every x in the box,
    // u·(c − x) ≥ L = u·(c − c₀) − Σ hᵢ|aᵢ·u|, and L > r|u| separates.
    let big = w[0].abs().max(w[1].abs()).max(w[2].abs());
    if !(big > 0.0 && big.is_finite()) {
        return None;
    }
    let inv = 1.0 / big;
    let u = w.map(|x| x * inv);
    let uu = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
    let q = [u[0] * d[0], u[1] * d[1], u[2] * d[2]];
    let mut l = q[0] + q[1] + q[2];
    let mut perm = q[0].abs() + q[1].abs() + q[2].abs();
    for i in 0..3 {
        let g = [a[i][0] * u[0], a[i][1] * u[1], a[i][2] * u[2]];
        let hg = h[i] * (g[0] + g[1] + g[2]).abs();
        l -= hg;
        perm += h[i] * (g[0].abs() + g[1].abs() + g[2].abs() + TAU);
    }
    let lo = l - (C_OBB_L * perm + TAU2);
    if lo > 0.0 && (lo * lo).is_finite() && lo * lo > (rr * uu) * K_OBB + TAU2 {
        return Some(false);
    }
    None
}

/// Whether a closed ball and a closed oriented box share a point (tangency counts),
/// exactly, reading the box as the exact parallelepiped of [`Obb`]:
/// `center + Σ sᵢ·axes[i]`, `|sᵢ| ≤ half_extents[i]`, with the axes exactly as given (a
/// rounded rotation matrix is a very slightly skewed box, and is tested as such).
///
/// The ball meets the box iff the centre is inside it, or the closest point of the box
/// lies in the relative interior of a face, an edge or a corner within `r`; each of those
/// conditions is a conjunction of signs of integer polynomials of the inputs (degree up
/// to 8: orthogonal projection onto the face plane or edge line lands inside the
/// face or edge, and the distance to that plane, line or corner is at most `r`),
/// decided by [`polynomial_sign`]. Features not adjacent to a face plane the centre is
/// beyond are skipped, and a face plane farther than `r` ends the test; the argument is in
/// `proofs/overlap_volumes.md`, section 5.
///
/// Cost: for `f64`/`f32` a filter first certifies either a point of the box inside the
/// ball or a separating direction, each with a static error bound
/// (`proofs/overlap_volumes.md`, section 5a): it decides ordinary pairs at about 5× the
/// cost of [`sphere_obb_arvo_with`] (docs/BENCHMARKS.md). Tangent or nearly tangent pairs
/// and strongly skewed boxes go to [`polynomial_sign`], a few hundred nanoseconds to a
/// few microseconds per pair. Rationals always take the exact path.
///
/// Degenerate input, never a panic: a negative radius or half extent gives `false` (an
/// empty shape); linearly dependent axes (`det[axes] = 0`, a flat box) give `false` (not
/// tested, as in [`ray_obb`](crate::ray::obb::ray_obb)); a zero half extent is a valid
/// flat box; any NaN or infinite value gives `false` ([`try_sphere_obb`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::sphere_obb;
/// use isect::{Obb, Sphere};
/// // The cube of half size 1 rotated 45° about z, with exact axes (1, 1, 0), (−1, 1, 0):
/// // its vertical edges lie at x = ±2, y = ±2 on the axes.
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [1.0; 3]);
/// assert!(sphere_obb(&Sphere::new([3.0, 0.0, 0.0], 1.0), &b)); // touches the edge at x = 2
/// assert!(!sphere_obb(&Sphere::new([3.0, 0.0, 0.0], 1.0f64.next_down()), &b));
/// assert!(sphere_obb(&Sphere::new([0.0, 0.0, 0.5], 0.0), &b)); // centre inside
/// ```
pub fn sphere_obb<T: Scalar>(s: &Sphere<T>, b: &Obb<T>) -> bool {
    let ok = finite3(&s.center)
        && s.radius.is_finite()
        && finite3(&b.center)
        && b.axes.iter().all(finite3)
        && finite3(&b.half_extents);
    if !ok || s.radius < T::zero() || b.half_extents.iter().any(|h| *h < T::zero()) {
        return false;
    }
    let zero = [T::zero(), T::zero(), T::zero()];
    let flip = match orient3d(&b.axes[0], &b.axes[1], &b.axes[2], &zero) {
        Sign::Zero => return false,
        d => d == Sign::Negative,
    };
    if let Some(answer) = sphere_obb_filter(s, b) {
        return answer;
    }
    let sign = |q: ObbQ| polynomial_sign::<T, _>(&ObbPoly { s, b, flip, q });
    if sign(ObbQ::CenterReach) != Sign::Negative {
        return true;
    }
    // beyond[i][0]: beyond face i−; beyond[i][1]: beyond face i+.
    let mut beyond = [[false; 2]; 3];
    for (i, side) in beyond.iter_mut().enumerate() {
        for (pi, flag) in side.iter_mut().enumerate() {
            *flag = sign(ObbQ::FaceT(i, pi == 1)) == Sign::Positive;
        }
    }
    if beyond.iter().all(|s| !s[0] && !s[1]) {
        return true; // the centre is in the box
    }
    for (i, side) in beyond.iter().enumerate() {
        for (pi, &flag) in side.iter().enumerate() {
            if flag && sign(ObbQ::FaceSep(i, pi == 1)) == Sign::Positive {
                return false; // that face plane is farther than r
            }
        }
    }
    // Faces the centre is beyond (their plane is within r: checked above).
    for (i, side) in beyond.iter().enumerate() {
        for (pi, &flag) in side.iter().enumerate() {
            if flag
                && [(0, false), (0, true), (1, false), (1, true)]
                    .iter()
                    .all(|&(w, m)| sign(ObbQ::FaceSpan(i, pi == 1, w, m)) != Sign::Negative)
            {
                return true;
            }
        }
    }
    let is_beyond = |i: usize, s: i8| beyond[i][usize::from(s > 0)];
    // Edges adjacent to such a face.
    for i in 0..3 {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        for sj in [-1i8, 1] {
            for sk in [-1i8, 1] {
                if !(is_beyond(j, sj) || is_beyond(k, sk)) {
                    continue;
                }
                let mut sigma = [0i8; 3];
                sigma[j] = sj;
                sigma[k] = sk;
                if sign(ObbQ::EdgeSpan(i, sigma, false)) != Sign::Negative
                    && sign(ObbQ::EdgeSpan(i, sigma, true)) != Sign::Negative
                    && sign(ObbQ::EdgeReach(i, sigma)) != Sign::Negative
                {
                    return true;
                }
            }
        }
    }
    // Corners adjacent to such a face.
    for bits in 0..8u8 {
        let sigma: [i8; 3] = core::array::from_fn(|i| if bits >> i & 1 == 1 { 1 } else { -1 });
        if (0..3).any(|i| is_beyond(i, sigma[i])) && sign(ObbQ::Vertex(sigma)) != Sign::Negative {
            return true;
        }
    }
    false
}

/// [`sphere_obb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what`: `"center"`, `"radius"`, `"box center"`,
/// `"axis"` with `index` the axis, `"half extents"`), then
/// [`GeometryError::NegativeRadius`]. A negative half extent or dependent axes are not
/// errors: they are answered (`false`), as by [`sphere_obb`].
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::try_sphere_obb;
/// use isect::{GeometryError, Obb, Sphere};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert_eq!(try_sphere_obb(&Sphere::new([2.0, 0.0, 0.0], 1.0), &b), Ok(true));
/// let bad = Obb::new([0.0; 3], [[1.0, 0.0, 0.0], [0.0, f64::INFINITY, 0.0], [0.0, 0.0, 1.0]], [1.0; 3]);
/// assert_eq!(
///     try_sphere_obb(&Sphere::new([2.0, 0.0, 0.0], 1.0), &bad),
///     Err(GeometryError::NonFinite { what: "axis", index: 1, axis: 1 })
/// );
/// ```
pub fn try_sphere_obb<T: Scalar>(s: &Sphere<T>, b: &Obb<T>) -> Result<bool, GeometryError> {
    check_sphere(s, 0)?;
    check3("box center", 0, &b.center)?;
    for (i, a) in b.axes.iter().enumerate() {
        check3("axis", i, a)?;
    }
    check3("half extents", 0, &b.half_extents)?;
    if s.radius < T::zero() {
        return Err(GeometryError::NegativeRadius);
    }
    Ok(sphere_obb(s, b))
}

/// Arvo's test in the box frame (RTR §22.13.2 applied to an OBB), computed in `T` and
/// decided under `policy`.
///
/// What is computed, in `T`'s arithmetic: `p = c − center`; per axis `Lᵢ = |aᵢ|²`,
/// `sᵢ = (aᵢ·p)/Lᵢ`, `eᵢ = sᵢ + hᵢ` if `sᵢ < −hᵢ`, `eᵢ = sᵢ − hᵢ` if `sᵢ > hᵢ`, else 0;
/// `d = Σ eᵢ²·Lᵢ`; overlap iff `policy.sign(r² − d, r² + d)` is not `Negative`.
///
/// This reads the box as if its **axes were orthogonal** (any lengths): for skewed axes it
/// tests a different box, and it rounds throughout, so it is **not exact**; [`sphere_obb`]
/// reads every box exactly. No validation (dependent or zero axes divide by zero); NaN
/// gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere::sphere_obb_arvo_with;
/// use isect::policy::Naive;
/// use isect::{Obb, Sphere};
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [1.0; 3]);
/// assert!(sphere_obb_arvo_with(Naive, &Sphere::new([3.0, 0.0, 0.0], 1.0), &b));
/// assert!(!sphere_obb_arvo_with(Naive, &Sphere::new([3.5, 0.0, 0.0], 1.0), &b));
/// ```
pub fn sphere_obb_arvo_with<T: Scalar, P: Policy<T>>(policy: P, s: &Sphere<T>, b: &Obb<T>) -> bool {
    let p: [T; 3] = core::array::from_fn(|k| s.center[k].clone() - &b.center[k]);
    let mut d = T::zero();
    for i in 0..3 {
        let a = &b.axes[i];
        let len = a[0].clone() * &a[0] + a[1].clone() * &a[1] + a[2].clone() * &a[2];
        let t = (a[0].clone() * &p[0] + a[1].clone() * &p[1] + a[2].clone() * &p[2]) / &len;
        let h = &b.half_extents[i];
        let e = if t < -h.clone() {
            t + h
        } else if t > *h {
            t - h
        } else {
            continue;
        };
        d = d + e.clone() * e * len;
    }
    let rr = s.radius.clone() * &s.radius;
    policy.sign(&(rr.clone() - &d), &(rr + d)) != Sign::Negative
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use num_rational::BigRational;

    /// The smallest double not below `x`.
    pub(crate) fn round_up(x: &BigRational) -> f64 {
        let f = x.to_f64_lossy();
        if BigRational::from_float(f).unwrap() < *x {
            f.next_up()
        } else {
            f
        }
    }

    trait Lossy {
        fn to_f64_lossy(&self) -> f64;
    }
    impl Lossy for BigRational {
        fn to_f64_lossy(&self) -> f64 {
            num_traits::ToPrimitive::to_f64(self).unwrap()
        }
    }

    /// `u = 2^-53`, `γ_k = ku/(1 − ku)`, `(1 − u)^-n`.
    pub(crate) fn model() -> (
        BigRational,
        impl Fn(i64) -> BigRational,
        impl Fn(i32) -> BigRational,
    ) {
        let u = BigRational::new(1.into(), num_bigint::BigInt::from(1u64 << 53));
        let one = BigRational::from_integer(1.into());
        let (u1, u2, one1, one2) = (u.clone(), u.clone(), one.clone(), one.clone());
        let gamma = move |k: i64| {
            let ku = BigRational::from_integer(k.into()) * &u1;
            ku.clone() / (one1.clone() - ku)
        };
        let pow = move |n: i32| {
            let base = one2.clone() - &u2;
            let mut x = one2.clone();
            for _ in 0..n.unsigned_abs() {
                x *= &base;
            }
            if n < 0 {
                one2.clone() / x
            } else {
                x
            }
        };
        (one, gamma, pow)
    }

    /// The inequalities of proofs/overlap_volumes.md, section 5a, in exact arithmetic
    /// (`pow(n) = (1 − u)^n`, `pow(-n) = (1 − u)^-n`).
    #[test]
    fn sphere_obb_filter_constants_satisfy_the_proof() {
        let (one, gamma, pow) = model();
        let q = |x: f64| BigRational::from_float(x).unwrap();
        let u = q(f64::EPSILON / 2.0);
        let eta = q(2f64.powi(-1074)) / BigRational::from_integer(2.into());
        // Step A: C_W(1 − u)² ≥ γ₄(1 − u)^-4; (τ − η)(1 − u) ≥ 4η.
        assert!(q(C_OBB_W) * pow(2) >= gamma(4) * pow(-4));
        assert!((q(TAU) - &eta) * pow(1) >= &eta * BigRational::from_integer(4.into()));
        // K(1 − u)² ≥ (1 + u)(1 − u)^-5 and (τ₂ − η)(1 − u) ≥ (3η(1 + u)(1 − u)^-5 + η).
        let up = one.clone() + &u;
        assert!(q(K_OBB) * pow(2) >= &up * pow(-5));
        let three = BigRational::from_integer(3.into());
        assert!((q(TAU2) - &eta) * pow(1) >= &three * &eta * &up * pow(-5) + &eta);
        // Step B: C_L(1 − u)² ≥ γ₇(1 − u)^-9; C_L·τ·(1 − u)^9 ≥ 3η(1 + γ₄) + η.
        assert!(q(C_OBB_L) * pow(2) >= gamma(7) * pow(-9));
        assert!(q(C_OBB_L) * q(TAU) * pow(9) >= &three * &eta * (one.clone() + gamma(4)) + &eta);
        // K(1 − u)²(1 + u)^-3 ≥ (1 + 3u)(1 − u)^-2 and
        // (τ₂ − 2η)(1 − u)(1 + u)^-3 ≥ 5η(1 + 3u)(1 − u)^-2.
        let up3 = &up * &up * &up;
        let three_u = one.clone() + &three * &u;
        assert!(q(K_OBB) * pow(2) / &up3 >= &three_u * pow(-2));
        let five = BigRational::from_integer(5.into());
        let two = BigRational::from_integer(2.into());
        assert!((q(TAU2) - &two * &eta) * pow(1) / &up3 >= five * &eta * &three_u * pow(-2));
    }

    /// The filter decides ordinary cases (it is not dead code) and defers exact ties.
    #[test]
    fn sphere_obb_filter_decides_ordinary_cases() {
        let b = Obb::new(
            [0.0, 0.0, 0.0],
            [[0.6, 0.8, 0.0], [-0.8, 0.6, 0.0], [0.0, 0.0, 1.0]],
            [1.0, 2.0, 0.5],
        );
        let far = Sphere::new([5.0, 5.0, 5.0], 1.0);
        let near = Sphere::new([1.0, 1.0, 0.7], 0.5);
        assert_eq!(sphere_obb_filter(&far, &b), Some(false));
        assert_eq!(sphere_obb_filter(&near, &b), Some(true));
        // Tangent at the top face (z = 0.5) exactly: only the exact path may answer.
        let tangent = Sphere::new([0.0, 0.0, 1.5], 1.0);
        assert_eq!(sphere_obb_filter(&tangent, &b), None);
        assert!(sphere_obb(&tangent, &b));
        assert!(!sphere_obb(
            &Sphere::new([0.0, 0.0, 1.5], 1.0f64.next_down()),
            &b
        ));
        // Rationals never take the float filter.
        let bq = Obb::new(
            [0.0, 0.0, 0.0].map(|x: f64| BigRational::from_float(x).unwrap()),
            b.axes
                .map(|v| v.map(|x| BigRational::from_float(x).unwrap())),
            b.half_extents.map(|x| BigRational::from_float(x).unwrap()),
        );
        let fq = Sphere::new(
            far.center.map(|x| BigRational::from_float(x).unwrap()),
            BigRational::from_float(1.0).unwrap(),
        );
        assert_eq!(sphere_obb_filter(&fq, &bq), None);
    }

    #[test]
    fn reach_constant_is_the_rounded_up_exact_value() {
        let (one, gamma, pow) = model();
        let exact = (gamma(4) + pow(-2) - one) / pow(6);
        assert_eq!(C_REACH, round_up(&exact));
        assert_eq!(TAU2, 2f64.powi(-1060));
        assert_eq!(TAU, 2f64.powi(-1020));
    }
}
