//! The book's "first method" for 2D segments (Real-Time Rendering, 4th ed., section
//! 22.15.1), computed in `T` and decided under a [`Policy`]: kept for comparison with the
//! exact [`segment_segment_2d`](crate::overlap::segment_segment_2d()).

use crate::policy::Policy;
use crate::{Scalar, Sign};

use super::filter::abs;
use super::segment_segment_2d::sub2;

/// `x ∈ [0, 1]` under `policy` (scale 1).
fn in_unit<T: Scalar, P: Policy<T>>(policy: P, x: &T) -> bool {
    let one = T::one();
    policy.sign(x, &one) != Sign::Negative
        && policy.sign(&(one.clone() - x), &one) != Sign::Negative
}

/// The book's "first method" for 2D segments (RTR §22.15.1): parametric line
/// intersection, computed in `T` and decided under `policy`; the classic counterpart of
/// [`segment_segment_2d_intersect`](crate::overlap::segment_segment_2d_intersect).
///
/// With `a = p1 − p0`, `b = q1 − q0`, `c = q0 − p0` and `⊥` the perpendicular
/// `(x, y)⊥ = (−y, x)`: `den = b⊥·a`; if `policy.sign(den, |b⊥|·|a| summed per term)` is
/// zero the segments are reported **not** intersecting (parallel and collinear segments
/// alike, as in the book); else `s = (b⊥·c)/den`, `t = (a⊥·c)/den` and the answer is
/// whether both lie in `[0, 1]` under `policy` (scale 1).
///
/// **Not exact**: differences, products and the divisions round; touching and nearly
/// parallel segments can be misjudged. No validation; NaN gives an arbitrary answer, never
/// a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::segment_segment_2d_parametric_with;
/// use isect::policy::{Absolute, Naive};
/// let (p0, p1) = ([0.0, 0.0], [2.0, 2.0]);
/// assert!(segment_segment_2d_parametric_with(Naive, &p0, &p1, &[0.0, 2.0], &[2.0, 0.0]));
/// // Missing by 1e-12 along the second segment: only an epsilon accepts it.
/// let (q0, q1) = ([2.0 + 1e-12, 0.0], [4.0, -2.0]);
/// assert!(!segment_segment_2d_parametric_with(Naive, &[0.0, 0.0], &[1.0, 0.0], &q0, &q1));
/// let (r0, r1) = ([2.0 + 1e-12, 0.0], [2.0 + 1e-12, 1.0]);
/// let eps = Absolute { eps: 1e-9 };
/// assert!(segment_segment_2d_parametric_with(eps, &[0.0, 0.0], &[2.0, 0.0], &r0, &r1));
/// ```
pub fn segment_segment_2d_parametric_with<T: Scalar, P: Policy<T>>(
    policy: P,
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> bool {
    let (a, b, c) = (sub2(p1, p0), sub2(q1, q0), sub2(q0, p0));
    // u⊥·v = u_x v_y − u_y v_x.
    let perp = |u: &[T; 2], v: &[T; 2]| u[0].clone() * &v[1] - u[1].clone() * &v[0];
    let pscale = |u: &[T; 2], v: &[T; 2]| abs(u[0].clone() * &v[1]) + abs(u[1].clone() * &v[0]);
    let den = perp(&a, &b);
    if policy.sign(&den, &pscale(&a, &b)) == Sign::Zero {
        return false;
    }
    let s = perp(&c, &b) / &den;
    let t = perp(&c, &a) / &den;
    in_unit(policy, &s) && in_unit(policy, &t)
}
