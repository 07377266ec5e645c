//! Antonio's "second method" for 2D segments (Graphics Gems III; Real-Time Rendering,
//! 4th ed., section 22.15.1), computed in `T` and decided under a [`Policy`]: kept for
//! comparison with the exact [`segment_segment_2d`](crate::overlap::segment_segment_2d()).

use crate::policy::Policy;
use crate::{Scalar, Sign};

use super::filter::abs;
use super::segment_segment_2d::sub2;

/// Antonio's "second method" for 2D segments (Graphics Gems III; RTR §22.15.1): the
/// division-free form with early rejections, computed in `T` and decided under `policy`;
/// the classic counterpart of
/// [`segment_segment_2d_intersect`](crate::overlap::segment_segment_2d_intersect).
///
/// With `a = p1 − p0`, `b = q0 − q1`, `c = p0 − q0`: `f = a_y b_x − a_x b_y`,
/// `d = b_y c_x − b_x c_y`, `e = a_x c_y − a_y c_x`. With `σ = sign(f)` under `policy`
/// (scale `|a_y b_x| + |a_x b_y|`): `σ = 0` reports no intersection (parallel or
/// collinear, as in the original); otherwise the segments intersect iff `σd ≥ 0`,
/// `σ(f − d) ≥ 0`, `σe ≥ 0` and `σ(f − e) ≥ 0`, each sign taken under `policy` with the
/// scale of the numbers involved. `d` is tested before `e` is computed.
///
/// **Not exact** (the products and differences round). No validation; NaN gives an
/// arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::segment_segment_2d_antonio_with;
/// use isect::policy::Naive;
/// let (p0, p1) = ([0.0, 0.0], [2.0, 2.0]);
/// assert!(segment_segment_2d_antonio_with(Naive, &p0, &p1, &[0.0, 2.0], &[2.0, 0.0]));
/// assert!(!segment_segment_2d_antonio_with(Naive, &p0, &p1, &[3.0, 0.0], &[4.0, 1.0]));
/// ```
pub fn segment_segment_2d_antonio_with<T: Scalar, P: Policy<T>>(
    policy: P,
    p0: &[T; 2],
    p1: &[T; 2],
    q0: &[T; 2],
    q1: &[T; 2],
) -> bool {
    let (a, b, c) = (sub2(p1, p0), sub2(q0, q1), sub2(p0, q0));
    let (f1, f2) = (a[1].clone() * &b[0], a[0].clone() * &b[1]);
    let fscale = abs(f1.clone()) + abs(f2.clone());
    let f = f1 - f2;
    let sigma = policy.sign(&f, &fscale);
    if sigma == Sign::Zero {
        return false;
    }
    let ok = |x: &T, xs: &T| {
        let neg = |s: Sign| match s {
            Sign::Positive => Sign::Negative,
            Sign::Negative => Sign::Positive,
            Sign::Zero => Sign::Zero,
        };
        let s = policy.sign(x, xs);
        (if sigma == Sign::Positive { s } else { neg(s) }) != Sign::Negative
    };
    let (d1, d2) = (b[1].clone() * &c[0], b[0].clone() * &c[1]);
    let dscale = abs(d1.clone()) + abs(d2.clone());
    let d = d1 - d2;
    let fd_scale = fscale.clone() + &dscale;
    if !ok(&d, &dscale) || !ok(&(f.clone() - &d), &fd_scale) {
        return false;
    }
    let (e1, e2) = (a[0].clone() * &c[1], a[1].clone() * &c[0]);
    let escale = abs(e1.clone()) + abs(e2.clone());
    let e = e1 - e2;
    let fe_scale = fscale + &escale;
    ok(&e, &escale) && ok(&(f - &e), &fe_scale)
}
