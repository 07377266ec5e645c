//! The filter of [`orient3d_many`](crate::predicates::orient3d_many) for the float
//! kernels: one plane, many points, so the plane's normal is computed once per call.
//!
//! `orient3d(a, b, c, d) = (a − d)·N` with `N = (b − a) × (c − a)` exactly (subtract the
//! first row of `[a − d; b − d; c − d]` from the other two). Per call: the rounded normal
//! `Ñ` and, per axis, `q_k ≥ |Ñ_k| + |π₁| + |π₂|` from the two products of `Ñ_k`. Per row:
//! the three differences `a − d`, three products and two sums, as the plain determinant
//! would cost a third of; per chunk of 16 rows, one bound from the per-axis maxima
//! `X, Y, Z` of `|a − d|`:
//!
//! `B = PLANE_K·((X·q_x + Y·q_y) + Z·q_z) + 2^-1022·max((X + Y) + Z, 1)`,
//!
//! (`∞` when `fl(Σ X_k·q_k) > 2^1020`, where a row could overflow), and a row's sign is
//! certified when its determinant is above `B` in magnitude (proofs/predicates.md §9). Rows it leaves undecided, and the rows after the
//! last full chunk, go to the one-call `orient3d` (its own filter, then the exact stages).

// Lane loops index several arrays by the lane number on purpose: `for l in 0..W` over
// fixed-size arrays is the shape LLVM's vectorizers turn into packed instructions.
#![allow(clippy::needless_range_loop)]

use super::float;
use super::float_batch::{Widen, at, lanes, reduce, to_sign, verdict};
use super::lanes::{Lane, V, W};
use crate::{Scalar, Sign};

/// `4u·(1 + 2^-40)` with `u = 2^-53`: at least `γ₄(1 + u)²/(1 − u)⁹`, the bound's
/// coefficient with the rounding of its own evaluation (proofs/predicates.md §9).
pub(super) const PLANE_K: f64 = 4.0 * (f64::EPSILON / 2.0) * (1.0 + 1.0 / 1_099_511_627_776.0);

/// `2^-1022`: the absolute term per unit of `max(X + Y + Z, 1)`, at least the `8η` the
/// proof needs (§9) and, unlike `8η`, a normal number, and so is its product: a
/// multiplication with a subnormal result takes a microcode assist on x86 (with `8η` the
/// batch cost twice as much: docs/BENCHMARKS.md, "Batch predicates").
const ABS_TERM: f64 = f64::MIN_POSITIVE;

/// Rows per chunk: one bound per 16 rows.
const CHUNK: usize = 4 * W;

/// The plane through `a`, `b`, `c` as the filter uses it.
#[derive(Clone, Copy)]
struct Plane {
    a: [f64; 3],
    /// The rounded normal `Ñ = fl((b − a) × (c − a))`.
    n: [f64; 3],
    /// Per axis, `fl(|Ñ_k| + fl(|π₁| + |π₂|))` with `π₁, π₂` the rounded products of `Ñ_k`.
    q: [f64; 3],
}

impl Plane {
    #[inline(always)]
    fn new(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> Plane {
        let e = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let f = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        let mut n = [0.0; 3];
        let mut q = [0.0; 3];
        for k in 0..3 {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            let (p1, p2) = (e[i] * f[j], e[j] * f[i]);
            n[k] = p1 - p2;
            q[k] = n[k].abs() + (p1.abs() + p2.abs());
        }
        Plane { a, n, q }
    }

    /// `fl(fl(fl(t_x + t_y) + t_z))` with `t_k = fl(fl(a_k − d_k)·Ñ_k)`, and the three
    /// differences, on any lane type.
    #[inline(always)]
    fn det<L: Lane>(&self, d: &[L; 3]) -> (L, [L; 3]) {
        let f = [
            L::splat(self.a[0]) - d[0],
            L::splat(self.a[1]) - d[1],
            L::splat(self.a[2]) - d[2],
        ];
        let det =
            (f[0] * L::splat(self.n[0]) + f[1] * L::splat(self.n[1])) + f[2] * L::splat(self.n[2]);
        (det, f)
    }

    /// The bound `B` from per-axis maxima of `|a − d|` (§9): `∞` when
    /// `fl(Σ X_k·q_k)` exceeds [`PLANE_CEILING`] or is NaN (then a row's determinant may
    /// have overflowed; below it, none can), which certifies nothing.
    #[inline(always)]
    fn bound(&self, m: [f64; 3]) -> f64 {
        let s = (m[0] * self.q[0] + m[1] * self.q[1]) + m[2] * self.q[2];
        if s.is_nan() || s > PLANE_CEILING {
            return f64::INFINITY;
        }
        let x = (m[0] + m[1]) + m[2];
        PLANE_K * s + ABS_TERM * if x > 1.0 { x } else { 1.0 }
    }
}

/// `2^1020`: below it no intermediate of a row's determinant overflows (§9).
const PLANE_CEILING: f64 = f64::from_bits((1023 + 1020) << 52);

/// Row `i`'s sign by the one-call predicate (undecided rows). Out of line.
#[cold]
#[inline(never)]
fn one<T: Widen + Scalar>(p: &[[f64; 3]; 3], d: &[[T; 3]], i: usize) -> Sign {
    float::orient3d(&p[0], &p[1], &p[2], &at(&d, i))
}

/// `out[i] = orient3d(a, b, c, d[i])` for every row; the caller has checked
/// `d.len() == out.len()`.
#[inline]
pub(super) fn orient3d_plane_rows<T: Widen + Scalar>(
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    d: &[[T; 3]],
    out: &mut [Sign],
) {
    let p = [
        a.map(Widen::widen),
        b.map(Widen::widen),
        c.map(Widen::widen),
    ];
    let plane = Plane::new(p[0], p[1], p[2]);
    let n = out.len();
    let d = &d[..n];
    let mut start = 0;
    while start + CHUNK <= n {
        let rows = &d[start..start + CHUNK];
        let o = &mut out[start..start + CHUNK];
        let mut det = [0.0f64; CHUNK];
        let mut m = [V([0.0; W]); 3];
        for g in 0..CHUNK / W {
            let (v, f) = plane.det(&lanes(&&rows[g * W..g * W + W]));
            det[g * W..][..W].copy_from_slice(&v.0);
            for k in 0..3 {
                m[k] = f[k].abs().max(m[k]);
            }
        }
        let bound = plane.bound(reduce(m));
        let mut undecided = false;
        for (o, &v) in o.iter_mut().zip(&det) {
            let s = verdict(v, bound);
            *o = to_sign(s);
            undecided |= s == 0;
        }
        if undecided {
            for (i, o) in o.iter_mut().enumerate() {
                if o.is_zero() {
                    *o = one(&p, d, start + i);
                }
            }
        }
        start += CHUNK;
    }
    for i in start..n {
        let (v, f) = plane.det(&at(&d, i));
        let s = verdict(v, plane.bound(f.map(f64::abs)));
        out[i] = if s == 0 { one(&p, d, i) } else { to_sign(s) };
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::super::float_tests::{U, gamma, one_minus_u_pow, q};
    use super::{ABS_TERM, PLANE_CEILING, PLANE_K};
    use num_rational::BigRational;
    use num_traits::One;

    /// proofs/predicates.md §9: `PLANE_K ≥ γ₄(1 + u)²/(1 − u)⁹`, exactly; the absolute
    /// term is `2^-1022` (normal, at least `8η`) and the ceiling `2^1020`.
    #[test]
    fn plane_constant_carries_its_slack() {
        let one = BigRational::one();
        let need = gamma(4) * (one.clone() + q(U)) * (one + q(U)) / one_minus_u_pow(9);
        assert!(q(PLANE_K) >= need);
        assert_eq!(ABS_TERM, 2f64.powi(-1022));
        assert!(ABS_TERM.is_normal() && ABS_TERM >= 8.0 * f64::from_bits(1));
        assert_eq!(PLANE_CEILING, 2f64.powi(1020));
    }
}
