//! Triangle/AABB overlap (Real-Time Rendering, 4th ed., section 22.12; T. Akenine-Möller,
//! "Fast 3D triangle-box overlap testing", JGT 6(1), 2001): [`tri_aabb`] decided exactly,
//! [`tri_aabb_moller_with`] the classic float code under a [`Policy`].
//!
//! Both use the 13 separating axes of Akenine-Möller's test: the three box normals
//! `eₖ`, the triangle's normal `n = (v₁ − v₀) × (v₂ − v₀)`, and the nine cross products
//! `eₖ × fⱼ` of the box normals with the edges `fⱼ = vⱼ₊₁ − vⱼ`. Two compact convex sets
//! are disjoint iff their projections on one of these axes are disjoint (a zero axis,
//! from a degenerate triangle or an edge parallel to a box normal, separates nothing; the
//! remaining axes still suffice, see `proofs/overlap_volumes.md`, section 6).
//!
//! * [`tri_aabb`]: exact. No axis vector is rounded: on an axis `a`, the box projects to
//!   `[a·q_lo, a·q_hi]` with `q_lo`, `q_hi` the corners chosen by the exact signs of `a`'s
//!   components, and the test "the triangle lies strictly below `a·q_lo`" is the sign of
//!   `a·(vᵢ − q_lo)` for the vertices, an integer polynomial of the inputs: a comparison
//!   of two coordinates for `eₖ`, [`orient3d`]`(v₀, v₁, v₂, q)` for the normal (degree 3),
//!   and `fⱼ,b·(vᵢ,c − q_c) − fⱼ,c·(vᵢ,b − q_b)` (degree 2) for `eₖ × fⱼ`. For `f64` a
//!   static filter (bounds in `proofs/overlap_volumes.md`, section 6) decides almost every
//!   case; what it cannot certify is decided by [`orient3d`], [`orient2d`] and
//!   [`polynomial_sign`].
//! * [`tri_aabb_moller_with`]: Akenine-Möller's published code (translate to the box
//!   centre, project, compare with the projected radius), rounded in `T`, with every
//!   comparison made under a [`Policy`]: not exact, kept for comparison.
//!
//! # Conventions
//!
//! The triangle and the box are closed: touching at a point counts as overlapping. A
//! degenerate triangle (collinear or repeated vertices) is the segment or point it is,
//! and is tested as such. A box with `min[k] > max[k]` is empty: `false`. Any NaN or
//! infinite coordinate gives `false`; [`try_tri_aabb`] reports it instead.

use crate::geometry::Aabb;
use crate::policy::Policy;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::as_f64_array;
use crate::vec3::cross;
use crate::{InputError, Scalar, Sign, Validate, orient2d, orient3d};

use super::filter::{abs, finite3, nonempty};
use super::tri_tri::TriangleRef;

/// Whether a closed triangle and a closed axis-aligned box share a point (touching
/// counts), exactly.
///
/// Every decision is the exact sign of an integer polynomial of the input coordinates
/// (module docs), so the answer is the one exact arithmetic gives for every finite input
/// of every scalar type. Cost for `f64`: about that of Akenine-Möller's float code, the
/// signs certified by static bounds; touching and nearly touching pairs (a sign within
/// rounding distance of zero) are decided exactly out of line.
///
/// Degenerate input, never a panic: a collinear triangle is tested as its segment, a
/// triangle with three equal vertices as its point; a flat box (`min[k] = max[k]`) is a
/// valid rectangle, segment or point; an empty box (`min[k] > max[k]`) gives `false`; a
/// NaN or infinite coordinate gives `false` ([`try_tri_aabb`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::tri_aabb;
/// use isect::Aabb;
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// // The plane x + y + z = 3 through the corner (1, 1, 1): touching.
/// let t = [[3.0, 0.0, 0.0], [0.0, 3.0, 0.0], [0.0, 0.0, 3.0]];
/// assert!(tri_aabb(t, &b));
/// // Moved out by 2⁻⁵⁰ along x: the box is strictly below the triangle's plane.
/// let d = 2f64.powi(-50);
/// let t = [[3.0 + d, 0.0, 0.0], [d, 3.0, 0.0], [d, 0.0, 3.0]];
/// assert!(!tri_aabb(t, &b));
/// // A degenerate triangle: the segment from (2, −1, 0.5) to (−1, 2, 0.5) through the box.
/// let seg = [[2.0, -1.0, 0.5], [-1.0, 2.0, 0.5], [-1.0, 2.0, 0.5]];
/// assert!(tri_aabb(seg, &b));
/// ```
#[inline]
pub fn tri_aabb<A: TriangleRef>(tri: A, b: &Aabb<A::Scalar>) -> bool {
    let v = tri.points();
    if let (Some(v0), Some(v1), Some(v2), Some(lo), Some(hi)) = (
        as_f64_array(v[0]),
        as_f64_array(v[1]),
        as_f64_array(v[2]),
        as_f64_array(&b.min),
        as_f64_array(&b.max),
    ) && let Some(answer) = fast::tri_aabb([v0, v1, v2], lo, hi)
    {
        return answer;
    }
    tri_aabb_exact(v, b)
}

/// [`tri_aabb`] after validating the triangle and the box.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate (`argument` 0, `what:
/// "vertex"` with `index` the vertex, for the triangle; `argument` 1, `what` `"min"` or
/// `"max"`, for the box), then [`InputError::InvertedBox`] for a box with `min > max`.
/// Degenerate triangles are valid input (tested as the segment or point they are), as in
/// [`try_tri_tri`](crate::overlap::try_tri_tri).
///
/// # Examples
///
/// ```
/// use isect::overlap::try_tri_aabb;
/// use isect::{Aabb, InputError, NonFiniteValue};
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// let t = [[0.5, 0.5, 0.5], [2.0, 0.5, 0.5], [0.5, 2.0, 0.5]];
/// assert_eq!(try_tri_aabb(t, &b), Ok(true));
/// let bad = [[0.5, 0.5, 0.5], [2.0, 0.5, 0.5], [0.5, f64::NAN, 0.5]];
/// assert_eq!(
///     try_tri_aabb(bad, &b),
///     Err(InputError::NonFinite {
///         argument: 0,
///         what: "vertex",
///         index: Some(2),
///         axis: Some(1),
///         value: NonFiniteValue::NaN,
///     })
/// );
/// let inverted = Aabb::new([0.0, 2.0, 0.0], [1.0; 3]);
/// assert_eq!(
///     try_tri_aabb(t, &inverted),
///     Err(InputError::InvertedBox { argument: 1, axis: 1 })
/// );
/// ```
pub fn try_tri_aabb<A: TriangleRef>(tri: A, b: &Aabb<A::Scalar>) -> Result<bool, InputError> {
    tri.validate(0)?;
    b.validate(1)?;
    Ok(tri_aabb(tri, b))
}

// ---------------------------------------------------------------------------------------
// The exact path (every scalar type; the f64 fallback)
// ---------------------------------------------------------------------------------------

/// `a·(vᵢ − q)` for the axis `a = eₖ × fⱼ`: with `b = k + 1`, `c = k + 2` (mod 3),
/// `fⱼ,b·(vᵢ,c − q_c) − fⱼ,c·(vᵢ,b − q_b)`, `q` the box corner with
/// `q_b = low[0] ? min_b : max_b`, `q_c = low[1] ? min_c : max_c`.
struct EdgeValue<'a, T> {
    v: [&'a [T; 3]; 3],
    b: &'a Aabb<T>,
    k: usize,
    j: usize,
    i: usize,
    low: [bool; 2],
}

impl<T> Polynomial<T> for EdgeValue<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let (b, c) = ((self.k + 1) % 3, (self.k + 2) % 3);
        let (p, q) = (self.v[self.j], self.v[(self.j + 1) % 3]);
        let x = self.v[self.i];
        let corner = |axis: usize, low: bool| {
            lift(if low {
                &self.b.min[axis]
            } else {
                &self.b.max[axis]
            })
        };
        let fb = lift(&q[b]) - lift(&p[b]);
        let fc = lift(&q[c]) - lift(&p[c]);
        fb * (lift(&x[c]) - corner(c, self.low[1])) - fc * (lift(&x[b]) - corner(b, self.low[0]))
    }
}

#[cold]
#[inline(never)]
fn tri_aabb_exact<T: Scalar>(v: [&[T; 3]; 3], b: &Aabb<T>) -> bool {
    if !v.iter().all(|p| finite3(p)) || !finite3(&b.min) || !finite3(&b.max) || !nonempty(b) {
        return false;
    }
    // Box normals: comparisons.
    for k in 0..3 {
        if v.iter().all(|p| p[k] < b.min[k]) || v.iter().all(|p| p[k] > b.max[k]) {
            return false;
        }
    }
    // The triangle's normal: nₖ is orient2d of the projection dropping axis k.
    let proj = |p: &[T; 3], k: usize| [p[(k + 1) % 3].clone(), p[(k + 2) % 3].clone()];
    let low: [bool; 3] = core::array::from_fn(|k| {
        orient2d(&proj(v[0], k), &proj(v[1], k), &proj(v[2], k)) != Sign::Negative
    });
    let corner = |low: [bool; 3]| -> [T; 3] {
        core::array::from_fn(|k| {
            if low[k] {
                b.min[k].clone()
            } else {
                b.max[k].clone()
            }
        })
    };
    // n·(q − v₀) = −orient3d(v₀, v₁, v₂, q).
    if orient3d(v[0], v[1], v[2], &corner(low)) == Sign::Negative
        || orient3d(v[0], v[1], v[2], &corner(low.map(|l| !l))) == Sign::Positive
    {
        return false;
    }
    // The nine edge axes.
    for k in 0..3 {
        let (bi, ci) = ((k + 1) % 3, (k + 2) % 3);
        for j in 0..3 {
            let (p, q) = (v[j], v[(j + 1) % 3]);
            // a = eₖ × f has a_b = −f_c, a_c = f_b; the low corner takes min where aₓ ≥ 0.
            let low = [q[ci] <= p[ci], q[bi] >= p[bi]];
            let high = low.map(|l| !l);
            let sign = |i: usize, low: [bool; 2]| {
                polynomial_sign::<T, _>(&EdgeValue { v, b, k, j, i, low })
            };
            let other = (j + 2) % 3;
            if (sign(j, low) == Sign::Negative && sign(other, low) == Sign::Negative)
                || (sign(j, high) == Sign::Positive && sign(other, high) == Sign::Positive)
            {
                return false;
            }
        }
    }
    true
}

// ---------------------------------------------------------------------------------------
// The f64 filter
// ---------------------------------------------------------------------------------------

mod fast {
    //! Static filters for `f64` (and `f32`, promoted exactly): proofs/overlap_volumes.md,
    //! section 6.
    use super::super::filter::{TAU, TAU2, certified};
    use crate::vec3::{dot, sub};
    use crate::{Sign, orient2d};

    /// `(γ₂ + (1 − u)^−2 − 1)/(1 − u)^4` rounded up (≈ 4u): a difference of two products
    /// of rounded differences against its (semi-static) permanent.
    pub(super) const C_EDGE: f64 = 4.440892098500629e-16;
    /// `(γ₅ + (1 − u)^−3 − 1)/(1 − u)^8` rounded up (≈ 8u): `n·(q − v₀)` with `n` the
    /// rounded normal, against `Σ (|n-products|ₖ + τ)|dₖ|`.
    pub(super) const C_NORMAL: f64 = 8.881784197001264e-16;

    /// The exact answer when every sign it needs is certified, else `None`.
    #[inline(always)]
    pub(super) fn tri_aabb(v: [[f64; 3]; 3], lo: [f64; 3], hi: [f64; 3]) -> Option<bool> {
        if !(lo[0] <= hi[0] && lo[1] <= hi[1] && lo[2] <= hi[2]) {
            return None;
        }
        // Box normals: exact comparisons.
        for k in 0..3 {
            let mn = v[0][k].min(v[1][k]).min(v[2][k]);
            let mx = v[0][k].max(v[1][k]).max(v[2][k]);
            if mx < lo[k] || mn > hi[k] {
                return Some(false);
            }
        }
        // The triangle's normal.
        let f = [sub(&v[1], &v[0]), sub(&v[2], &v[1]), sub(&v[0], &v[2])];
        let g = sub(&v[2], &v[0]); // n = f₀ × g
        let mut n = [0.0; 3];
        let mut pn = [0.0; 3];
        let mut low = [false; 3];
        for k in 0..3 {
            let (b, c) = ((k + 1) % 3, (k + 2) % 3);
            let (m0, m1) = (f[0][b] * g[c], f[0][c] * g[b]);
            n[k] = m0 - m1;
            pn[k] = m0.abs() + m1.abs();
            low[k] = match certified(n[k], C_EDGE * pn[k] + TAU2) {
                Some(s) => s == Sign::Positive,
                // A normal component within rounding of zero: its exact sign.
                None => normal_sign(&v, k) != Sign::Negative,
            };
        }
        for side in [false, true] {
            let q: [f64; 3] = core::array::from_fn(|k| if low[k] != side { lo[k] } else { hi[k] });
            let d = sub(&q, &v[0]);
            let det = dot(&n, &d);
            let perm = (pn[0] + TAU) * d[0].abs()
                + (pn[1] + TAU) * d[1].abs()
                + (pn[2] + TAU) * d[2].abs();
            let s = certified(det, C_NORMAL * perm + TAU2)?;
            // side = false: the low corner; separated if the plane is below it.
            if (!side && s == Sign::Positive) || (side && s == Sign::Negative) {
                return Some(false);
            }
        }
        // The nine edge axes. Semi-static permanents: the largest |vᵢₖ − qₖ| per axis.
        let dlo: [[f64; 3]; 3] = core::array::from_fn(|i| sub(&v[i], &lo));
        let dhi: [[f64; 3]; 3] = core::array::from_fn(|i| sub(&v[i], &hi));
        let big: [f64; 3] = core::array::from_fn(|k| {
            let a = dlo[0][k].abs().max(dlo[1][k].abs()).max(dlo[2][k].abs());
            let b = dhi[0][k].abs().max(dhi[1][k].abs()).max(dhi[2][k].abs());
            a.max(b)
        });
        for k in 0..3 {
            let (b, c) = ((k + 1) % 3, (k + 2) % 3);
            for (j, fj) in f.iter().enumerate() {
                let (fb, fc) = (fj[b], fj[c]);
                let bound = C_EDGE * (fb.abs() * big[c] + fc.abs() * big[b]) + TAU2;
                // The low corner: q_b = min_b where −f_c ≥ 0, q_c = min_c where f_b ≥ 0.
                let (lb, lc) = (fc <= 0.0, fb >= 0.0);
                let value = |i: usize, low_b: bool, low_c: bool| {
                    let db = if low_b { dlo[i][b] } else { dhi[i][b] };
                    let dc = if low_c { dlo[i][c] } else { dhi[i][c] };
                    fb * dc - fc * db
                };
                let other = (j + 2) % 3;
                let l0 = certified(value(j, lb, lc), bound)?;
                let l2 = certified(value(other, lb, lc), bound)?;
                if l0 == Sign::Negative && l2 == Sign::Negative {
                    return Some(false);
                }
                let h0 = certified(value(j, !lb, !lc), bound)?;
                let h2 = certified(value(other, !lb, !lc), bound)?;
                if h0 == Sign::Positive && h2 == Sign::Positive {
                    return Some(false);
                }
            }
        }
        // No axis separates. Non-finite input never certifies a sign, but could have been
        // skipped by an early exit above: check before answering `true`.
        let finite = v
            .iter()
            .flatten()
            .chain(&lo)
            .chain(&hi)
            .all(|x| x.is_finite());
        finite.then_some(true)
    }

    /// The exact sign of `nₖ`: orient2d of the projection dropping axis `k`.
    #[cold]
    #[inline(never)]
    fn normal_sign(v: &[[f64; 3]; 3], k: usize) -> Sign {
        let p = |i: usize| [v[i][(k + 1) % 3], v[i][(k + 2) % 3]];
        orient2d(p(0), p(1), p(2))
    }
}

// ---------------------------------------------------------------------------------------
// Akenine-Möller's float test
// ---------------------------------------------------------------------------------------

/// Akenine-Möller's triangle/box overlap test (JGT 6(1), 2001; RTR §22.12) in its
/// classic form, computed in `T` and with every comparison made under `policy`.
///
/// What is computed, in `T`'s arithmetic (rounded for floats): the box centre
/// `c = (min + max)/2` and half size `h = (max − min)/2`; the translated vertices
/// `wᵢ = vᵢ − c`; the edges `fⱼ = wⱼ₊₁ − wⱼ`. On each of the nine axes `a = eₖ × fⱼ` the
/// projections `p = a·wᵢ` of the two distinct vertex classes and the radius
/// `ρ = Σ hₓ|aₓ|`: separated if `policy.sign(min p − ρ, scale)` is `Positive` or
/// `policy.sign(−max p − ρ, scale)` is, with `scale = max|p| + ρ`. Box normals: the
/// vertex coordinates against `±hₖ` likewise. The plane: `n = f₀ × f₁`, the corners
/// `vmin`, `vmax` of the box relative to `w₀` chosen by `nₖ > 0`; separated if
/// `policy.sign(n·vmin, scale)` is `Positive` or `policy.sign(n·vmax, scale)` is
/// `Negative` (`scale` the sum of the absolute products). Overlap iff no axis separates.
///
/// **Not exact** for floats: the translation, the axes and the projections round, so
/// touching and nearly touching pairs can be misjudged either way, even under
/// [`Exact`](crate::policy::Exact) (the policy only sees rounded values). For rationals
/// under [`Naive`](crate::policy::Naive) nothing rounds and it agrees with [`tri_aabb`] on
/// non-empty boxes. No validation; NaN gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::{tri_aabb, tri_aabb_moller_with};
/// use isect::policy::{Absolute, Naive};
/// use isect::Aabb;
/// let b = Aabb::new([0.0; 3], [1.0; 3]);
/// let t = [[0.5, 0.5, 0.5], [3.0, 0.5, 0.5], [0.5, 3.0, 0.5]];
/// assert!(tri_aabb_moller_with(Naive, t, &b));
/// // A triangle 1e-12 above the top face: disjoint, but an absolute 1e-9 calls it touching.
/// let up = 1.0 + 1e-12;
/// let t = [[0.5, 0.5, up], [3.0, 0.5, up], [0.5, 3.0, up]];
/// assert!(!tri_aabb(t, &b));
/// assert!(!tri_aabb_moller_with(Naive, t, &b));
/// assert!(tri_aabb_moller_with(Absolute { eps: 1e-9 }, t, &b));
/// ```
pub fn tri_aabb_moller_with<T, P, A>(policy: P, tri: A, b: &Aabb<T>) -> bool
where
    T: Scalar,
    P: Policy<T>,
    A: TriangleRef<Scalar = T>,
{
    let two = T::one() + T::one();
    let c: [T; 3] = core::array::from_fn(|k| (b.min[k].clone() + &b.max[k]) / &two);
    let h: [T; 3] = core::array::from_fn(|k| (b.max[k].clone() - &b.min[k]) / &two);
    let w = tri
        .points()
        .map(|p| -> [T; 3] { core::array::from_fn(|k| p[k].clone() - &c[k]) });
    let f: [[T; 3]; 3] =
        core::array::from_fn(|j| core::array::from_fn(|k| w[(j + 1) % 3][k].clone() - &w[j][k]));
    // Separated when min p > ρ or max p < −ρ, under the policy.
    let separated = |p_min: T, p_max: T, rho: T| {
        let scale = abs(p_min.clone()).max_with(abs(p_max.clone())) + &rho;
        policy.sign(&(p_min - &rho), &scale) == Sign::Positive
            || policy.sign(&(-p_max - &rho), &scale) == Sign::Positive
    };
    for k in 0..3 {
        let (bi, ci) = ((k + 1) % 3, (k + 2) % 3);
        for fj in &f {
            let (ab, ac) = (-fj[ci].clone(), fj[bi].clone());
            let p: [T; 3] =
                core::array::from_fn(|i| ab.clone() * &w[i][bi] + ac.clone() * &w[i][ci]);
            let (p_min, p_max) = min_max(&p);
            let rho = h[bi].clone() * abs(ab) + h[ci].clone() * abs(ac);
            if separated(p_min, p_max, rho) {
                return false;
            }
        }
    }
    for k in 0..3 {
        let (p_min, p_max) = min_max(&[w[0][k].clone(), w[1][k].clone(), w[2][k].clone()]);
        if separated(p_min, p_max, h[k].clone()) {
            return false;
        }
    }
    // Akenine-Möller's planeBoxOverlap(normal, w₀, h).
    let n: [T; 3] = cross(&f[0], &f[1]);
    let mut vmin: [T; 3] = core::array::from_fn(|_| T::zero());
    let mut vmax: [T; 3] = core::array::from_fn(|_| T::zero());
    for k in 0..3 {
        let (a, z) = (-h[k].clone() - &w[0][k], h[k].clone() - &w[0][k]);
        if n[k] > T::zero() {
            vmin[k] = a;
            vmax[k] = z;
        } else {
            vmin[k] = z;
            vmax[k] = a;
        }
    }
    let dot_scale = |q: &[T; 3]| {
        let t: [T; 3] = core::array::from_fn(|k| n[k].clone() * &q[k]);
        let s = abs(t[0].clone()) + abs(t[1].clone()) + abs(t[2].clone());
        (t[0].clone() + &t[1] + &t[2], s)
    };
    let (lo, lo_scale) = dot_scale(&vmin);
    if policy.sign(&lo, &lo_scale) == Sign::Positive {
        return false;
    }
    let (hi, hi_scale) = dot_scale(&vmax);
    policy.sign(&hi, &hi_scale) != Sign::Negative
}

fn min_max<T: Scalar>(p: &[T; 3]) -> (T, T) {
    let mut lo = p[0].clone();
    let mut hi = p[0].clone();
    for x in &p[1..] {
        if *x < lo {
            lo = x.clone();
        }
        if *x > hi {
            hi = x.clone();
        }
    }
    (lo, hi)
}

trait MaxWith: Sized {
    fn max_with(self, other: Self) -> Self;
}
impl<T: Scalar> MaxWith for T {
    fn max_with(self, other: T) -> T {
        if other > self { other } else { self }
    }
}

#[cfg(test)]
mod tests {
    use super::super::filter::tests::{model, round_up};
    use super::fast::{C_EDGE, C_NORMAL};

    #[test]
    fn constants_are_the_rounded_up_exact_values() {
        let (one, gamma, pow) = model();
        assert_eq!(
            C_EDGE,
            round_up(&((gamma(2) + pow(-2) - one.clone()) / pow(4)))
        );
        assert_eq!(C_NORMAL, round_up(&((gamma(5) + pow(-3) - one) / pow(8))));
    }
}
