//! Sphere/sphere overlap: the exact test with its static filter, the filter and the
//! polynomial `ρ² − Σ eₖ²` that sphere/AABB shares, and the classic squared-distance
//! comparison under a policy.

use crate::geometry::Sphere;
use crate::policy::Policy;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::as_f64_array;
use crate::{InputError, Scalar, Sign, Validate};

use super::filter::{TAU2, certified, finite3};

/// `(γ₄ + (1 − u)^−2 − 1)/(1 − u)^6` rounded up (≈ 6u): the relative bound of
/// `fl(ρ̃² − ((ẽ₀² + ẽ₁²) + ẽ₂²))` against `fl(ρ̃² + ((ẽ₀² + ẽ₁²) + ẽ₂²))` when `ρ̃` and
/// the `ẽₖ` are single roundings (or exact) (proofs/overlap_volumes.md, section 2).
const C_REACH: f64 = 6.661338147750946e-16;

/// The certified sign of `ρ² − (e₀² + e₁² + e₂²)`, where `rho` and `e` are `ρ` and `eₖ`
/// each rounded at most once, or `None`.
#[inline(always)]
pub(super) fn reach_filter(rho: f64, e: [f64; 3]) -> Option<Sign> {
    let rr = rho * rho;
    let l = e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
    let v = rr - l;
    certified(v, C_REACH * (rr + l) + TAU2)
}

/// `(r₀ + r₁)² − Σₖ (xₖ − yₖ)²`, with absent radii and differences read as zero.
pub(super) struct Reach<'a, T> {
    pub(super) radii: [Option<&'a T>; 2],
    pub(super) diffs: [Option<(&'a T, &'a T)>; 3],
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

/// Whether two closed balls share a point (tangency counts).
///
/// Exact: the answer is `(r_a + r_b)² − |c_a − c_b|² ≥ 0` (with both radii `≥ 0`)
/// evaluated exactly, for every finite input of every scalar type. For `f64`/`f32` a
/// static filter (bound in `proofs/overlap_volumes.md`, section 2) decides almost every
/// pair at the cost of the plain formula plus one multiply-add; exactly or nearly
/// tangent pairs go to [`polynomial_sign`].
///
/// Degenerate input, never a panic: a negative radius is an empty ball (`false`); a zero
/// radius is a point; any NaN or infinite value gives `false` ([`try_sphere_sphere`]
/// reports it). Symmetric in `a` and `b`.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere_sphere;
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
        as_f64_array(&a.center),
        as_f64_array(&b.center),
        a.radius.as_f64(),
        b.radius.as_f64(),
    ) && ra >= 0.0
        && rb >= 0.0
    {
        let e = [ca[0] - cb[0], ca[1] - cb[1], ca[2] - cb[2]];
        if let Some(s) = reach_filter(ra + rb, e) {
            return s == Sign::Positive;
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
/// The first problem [`Validate`] finds, `a` (argument 0) first:
/// [`InputError::NonFinite`] (`what` is `"center"` or `"radius"`),
/// [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_sphere_sphere;
/// use isect::{InputError, NonFiniteValue, Sphere};
/// let a = Sphere::new([0.0; 3], 1.0);
/// assert_eq!(try_sphere_sphere(&a, &Sphere::new([2.0, 0.0, 0.0], 1.0)), Ok(true));
/// assert_eq!(
///     try_sphere_sphere(&a, &Sphere::new([0.0; 3], f64::NAN)),
///     Err(InputError::NonFinite {
///         argument: 1,
///         what: "radius",
///         index: None,
///         axis: None,
///         value: NonFiniteValue::NaN,
///     })
/// );
/// ```
pub fn try_sphere_sphere<T: Scalar>(a: &Sphere<T>, b: &Sphere<T>) -> Result<bool, InputError> {
    a.validate(0)?;
    b.validate(1)?;
    Ok(sphere_sphere(a, b))
}

/// The classic sphere/sphere test, comparing the squared centre distance with the squared
/// sum of the radii, computed in `T` and decided under `policy`.
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
/// use isect::overlap::{sphere_sphere, sphere_sphere_distance_with};
/// use isect::policy::Naive;
/// use isect::Sphere;
/// // Apart by 2⁻⁵³ − 2⁻¹⁰⁵ exactly, but 1 + r_b rounds up to the distance:
/// let x = 1.0f64.next_up(); // 1 + 2⁻⁵²
/// let rb = 2f64.powi(-53).next_up(); // 2⁻⁵³ + 2⁻¹⁰⁵
/// let a = Sphere::new([0.0; 3], 1.0);
/// let b = Sphere::new([x, 0.0, 0.0], rb);
/// assert!(!sphere_sphere(&a, &b));
/// assert!(sphere_sphere_distance_with(Naive, &a, &b));
/// ```
pub fn sphere_sphere_distance_with<T: Scalar, P: Policy<T>>(
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

#[cfg(test)]
mod tests {
    use super::super::filter::tests::{model, round_up};
    use super::*;

    #[test]
    fn reach_constant_is_the_rounded_up_exact_value() {
        let (one, gamma, pow) = model();
        let exact = (gamma(4) + pow(-2) - one) / pow(6);
        assert_eq!(C_REACH, round_up(&exact));
    }
}
