//! Möller's triangle/triangle interval test in its classic float form, under a
//! [`Policy`]: kept for comparison with the exact test.

use crate::policy::Policy;
use crate::vec3::{cross, dot, sub};
use crate::{Scalar, Sign};

use super::filter::abs;
use super::tri_tri::{TriangleRef, all_same_strict, all_zero};
use super::tri_tri_degenerate::drop_axis;

/// Möller's triangle/triangle interval-overlap test (JGT 2(2), 1997), in its classic
/// floating-point form, with the vertex-side decisions made by `policy`.
///
/// What is computed: the side of each vertex of one triangle of the other's plane is
/// `policy.orient3d(..)` (the determinant equals minus Möller's signed distance
/// `N·p + d`, times no factor, so `Absolute { eps }` is Möller's `|dv| < EPSILON` test
/// with an inclusive comparison). If both triangles straddle, the sections of the two
/// triangles with the other's plane are projected onto the coordinate axis along which
/// the line of the planes' intersection `D = N₁ × N₂` has its largest component, as
/// intervals computed **in `T` with rounding** (`t = p₀ + (p₁ − p₀)·d₀/(d₀ − d₁)`), and
/// the answer is whether the closed intervals overlap. Coplanar pairs (all three sides
/// `Zero` under the policy) are decided in the projection dropping the largest
/// component of `N₁` by the policy's [`Policy::orient2d`]: an edge of one crosses or
/// touches an edge of the other, or a vertex of one lies in the other.
///
/// **Not exact**, whatever the policy: the intervals are rounded, so near-touching
/// pairs can be misjudged in either direction, and even with the
/// [`Exact`](crate::policy::Exact) policy the answer can differ from
/// [`tri_tri_intersect`](crate::overlap::tri_tri_intersect), the exact test it is the
/// classic counterpart of, kept to be compared with it. For rationals (where nothing rounds) with
/// [`Exact`](crate::policy::Exact) it is exact for proper triangles. Degenerate
/// triangles and non-finite coordinates: no panic; the answer is whatever the formulas
/// produce (`false` when every side is `Zero` and the projections do not meet).
///
/// # Examples
///
/// ```
/// use isect::overlap::{tri_tri_intersect, tri_tri_moller_with};
/// use isect::policy::{Absolute, Exact};
/// let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// let b = [[0.25, 0.25, -1.0], [0.25, 0.25, 1.0], [3.0, 3.0, 0.0]];
/// assert!(tri_tri_moller_with(Exact, &a, &b));
/// // b lifted by 1e-10: disjoint, but an absolute epsilon of 1e-9 calls the lowest
/// // vertex "on the plane" and the test reports a touch.
/// let up = [[0.25, 0.25, 1e-10], [0.25, 0.25, 1.0], [3.0, 3.0, 1.0]];
/// assert!(!tri_tri_intersect(&a, &up));
/// assert!(tri_tri_moller_with(Absolute { eps: 1e-9 }, &a, &up));
/// assert!(!tri_tri_moller_with(Exact, &a, &up));
/// ```
pub fn tri_tri_moller_with<T, P, A, B>(policy: P, a: A, b: B) -> bool
where
    T: Scalar,
    P: Policy<T>,
    A: TriangleRef<Scalar = T>,
    B: TriangleRef<Scalar = T>,
{
    let (p, q) = (a.points(), b.points());
    // Sides of p's vertices with respect to q's plane, as Möller's signs of N₂·x + d₂.
    // (Written out rather than `array::map`, which LLVM sometimes leaves as a call.)
    let side = |t: [&[T; 3]; 3], x: &[T; 3]| -policy.orient3d(t[0], t[1], t[2], x);
    let sp = [side(q, p[0]), side(q, p[1]), side(q, p[2])];
    if all_same_strict(sp) {
        return false;
    }
    let sq = [side(p, q[0]), side(p, q[1]), side(p, q[2])];
    if all_same_strict(sq) {
        return false;
    }
    let n1 = normal(p);
    if all_zero(sp) || all_zero(sq) {
        return moller_coplanar(policy, &n1, p, q);
    }
    let n2 = normal(q);
    let d = cross(&n1, &n2);
    let axis = largest(&d);
    // Signed distances in T, zeroed where the policy said Zero (as Möller does).
    let dist = |n: &[T; 3], t: [&[T; 3]; 3], x: &[T; 3], s: Sign| -> T {
        if s == Sign::Zero {
            T::zero()
        } else {
            dot(n, &sub(x, t[0]))
        }
    };
    let dp: [T; 3] = core::array::from_fn(|i| dist(&n2, q, p[i], sp[i]));
    let dq: [T; 3] = core::array::from_fn(|i| dist(&n1, p, q[i], sq[i]));
    let (Some(i1), Some(i2)) = (
        moller_interval(p.map(|v| v[axis].clone()), &dp, sp),
        moller_interval(q.map(|v| v[axis].clone()), &dq, sq),
    ) else {
        return moller_coplanar(policy, &n1, p, q);
    };
    !(i1.1 < i2.0 || i2.1 < i1.0)
}

/// Möller's COMPUTE_INTERVALS: the projected section `[lo, hi]` of a triangle whose
/// vertices project to `v` with signed distances `d` (signs `s`); `None` if coplanar.
fn moller_interval<T: Scalar>(v: [T; 3], d: &[T; 3], s: [Sign; 3]) -> Option<(T, T)> {
    // The vertex alone on its side: r, with the others o1, o2.
    let r = if s[0] * s[1] == Sign::Positive {
        2
    } else if s[0] * s[2] == Sign::Positive {
        1
    } else if s[1] * s[2] == Sign::Positive || s[0] != Sign::Zero {
        0
    } else if s[1] != Sign::Zero {
        1
    } else if s[2] != Sign::Zero {
        2
    } else {
        return None;
    };
    let (o1, o2) = ((r + 1) % 3, (r + 2) % 3);
    let at = |o: usize| -> T {
        let denom = d[r].clone() - &d[o];
        v[r].clone() + (v[o].clone() - &v[r]) * (d[r].clone() / denom)
    };
    let (x, y) = (at(o1), at(o2));
    Some(if x < y { (x, y) } else { (y, x) })
}

fn moller_coplanar<T: Scalar, P: Policy<T>>(
    policy: P,
    n: &[T; 3],
    p: [&[T; 3]; 3],
    q: [&[T; 3]; 3],
) -> bool {
    let k = largest(n);
    let a = p.map(|v| drop_axis(v, k));
    let b = q.map(|v| drop_axis(v, k));
    // Edge against edge (closed segments).
    for i in 0..3 {
        for j in 0..3 {
            let (a0, a1) = (&a[i], &a[(i + 1) % 3]);
            let (b0, b1) = (&b[j], &b[(j + 1) % 3]);
            let s1 = policy.orient2d(a0, a1, b0);
            let s2 = policy.orient2d(a0, a1, b1);
            let s3 = policy.orient2d(b0, b1, a0);
            let s4 = policy.orient2d(b0, b1, a1);
            if s1 * s2 != Sign::Positive && s3 * s4 != Sign::Positive {
                if s1 != Sign::Zero || s2 != Sign::Zero {
                    return true;
                }
                // Collinear: the closed intervals along one axis overlap.
                let c = if a0[0] != a1[0] { 0 } else { 1 };
                let (alo, ahi) = if a0[c] < a1[c] { (a0, a1) } else { (a1, a0) };
                let (blo, bhi) = if b0[c] < b1[c] { (b0, b1) } else { (b1, b0) };
                if !(ahi[c] < blo[c] || bhi[c] < alo[c]) {
                    return true;
                }
            }
        }
    }
    // A vertex of one inside (or on) the other.
    let inside = |t: &[[T; 2]; 3], x: &[T; 2]| {
        let s = [
            policy.orient2d(&t[0], &t[1], x),
            policy.orient2d(&t[1], &t[2], x),
            policy.orient2d(&t[2], &t[0], x),
        ];
        !(s.contains(&Sign::Positive) && s.contains(&Sign::Negative))
    };
    inside(&a, &b[0]) || inside(&b, &a[0])
}

fn normal<T: Scalar>(t: [&[T; 3]; 3]) -> [T; 3] {
    cross(&sub(t[1], t[0]), &sub(t[2], t[0]))
}

fn largest<T: Scalar>(v: &[T; 3]) -> usize {
    let a = v.clone().map(abs);
    if a[0] >= a[1] && a[0] >= a[2] {
        0
    } else if a[1] >= a[2] {
        1
    } else {
        2
    }
}
