//! Exact signs of several points against one plane with the plane's normal computed once:
//! the cold second and third stages behind a shared-normal plane-side filter (triangle/
//! triangle's `fast` filter, `proofs/tri_tri.md` section 8).
//!
//! For `f64` points `p₀, p₁, p₂` and `x`, `orient3d(p₀, p₁, p₂, x) = −n·(x − p₀)` with
//! `n = (p₁ − p₀) × (p₂ − p₀)`. Stage I scales each axis by a power of two (which keeps
//! every sign: each term of the determinant takes one coordinate of each axis); when every
//! coordinate then is an integer below `2^60` (coordinates within seven binades of their
//! axis's largest, or on a grid), the differences, `n` and each `n·(x − p₀)` are computed
//! exactly in integers (`i64`, `i128`, and two 128-bit halves for the 190-bit products).
//! Otherwise stage B computes `n` once as a head and a low part
//! (`n ≈ H + L` within `19.1u²` of its permanent), then each point's `n·(x − p₀)` with a
//! compensated sum and the semi-static test `|res|·2^99 > Σₖ (|P| + |Q|)ₖ·|wₖ|`; stage C,
//! when every difference is exact (`TwoDiff` tails zero), sums the 24 exact products of the
//! four floats of each `nₖ` with `wₖ` (an exact zero comes out exactly zero); anything else
//! (a tail non-zero and stage B undecided, input outside the expansion window and beyond
//! scaling, a non-finite coordinate) goes to [`orient3d`](super::orient3d) point by point.

use super::expansion::{product_tail, split, sum_sign_in_place, two_diff, two_product, two_sum};
use super::float::{O3_B_INV, O3_WINDOW};
use super::float_slow::{Fit, all_finite, classify, inside_fast, scaled};
use crate::Sign;

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// How often each way out of [`adapt`] was taken on this thread (tests only, to check
    /// that the adversarial generators reach every stage): stage I, stage B, stage C,
    /// `orient3d`. Per thread, so that the tests running beside one another do not add
    /// to each other's counts.
    pub(crate) static PATHS: [core::cell::Cell<usize>; 4] =
        const { [const { core::cell::Cell::new(0) }; 4] };
}

#[inline(always)]
fn count(_path: usize) {
    #[cfg(all(test, feature = "std"))]
    PATHS.with(|c| c[_path].set(c[_path].get() + 1));
}

/// `orient3d(p₀, p₁, p₂, xᵢ)` exactly, for every `i` with `need[i]`, into `out[i]` (the
/// others are left as they are), for `N ≤ 3` (larger `N` go to `orient3d` point by point).
/// Exact for every finite input; a non-finite coordinate answers as
/// [`orient3d`](super::orient3d) does (`Zero`).
#[cold]
#[inline(never)]
pub(crate) fn orient3d_shared<const N: usize>(
    p: [&[f64; 3]; 3],
    xs: [&[f64; 3]; N],
    need: [bool; N],
    out: &mut [Sign; N],
) {
    if N > 3 {
        // The scaling below holds at most three points.
        return fallback(p, xs, need, out);
    }
    if let Some(q) = on_integer_grid(p, xs, need) {
        count(0);
        for i in 0..N {
            if need[i] {
                out[i] = q.side(i);
            }
        }
        return;
    }
    // The window test over the plane and the points asked for (those not asked for are
    // replaced by p₀, which changes neither the test nor the scale).
    let pts: [&[f64; 3]; N] = core::array::from_fn(|i| if need[i] { xs[i] } else { p[0] });
    if inside_fast(&p, O3_WINDOW) && inside_fast(&pts, O3_WINDOW) {
        return adapt(p, xs, need, out);
    }
    let mut all = [p[0]; 6];
    all[..3].copy_from_slice(&p);
    all[3..3 + N.min(3)].copy_from_slice(&pts[..N.min(3)]);
    let s = if all_finite(&all) {
        match classify(&all, O3_WINDOW) {
            Fit::AllZero => {
                // Every point is the origin: every side is zero.
                for i in 0..N {
                    if need[i] {
                        out[i] = Sign::Zero;
                    }
                }
                return;
            }
            Fit::Inside => 0,
            Fit::Scaled(s) => s,
            Fit::Outside => return fallback(p, xs, need, out),
        }
    } else {
        return fallback(p, xs, need, out);
    };
    // Every coordinate times 2^s (exact): the determinant is homogeneous of degree 3 in the
    // differences, so its sign is kept.
    let ps = p.map(|q| scaled(q, s));
    let xsc: [[f64; 3]; N] = core::array::from_fn(|i| scaled(pts[i], s));
    adapt(ps.each_ref(), xsc.each_ref(), need, out);
}

/// [`orient3d`](super::orient3d) for each point asked for.
fn fallback<const N: usize>(
    p: [&[f64; 3]; 3],
    xs: [&[f64; 3]; N],
    need: [bool; N],
    out: &mut [Sign; N],
) {
    for i in 0..N {
        if need[i] {
            out[i] = super::orient3d(p[0], p[1], p[2], xs[i]);
        }
    }
}

/// Stage I's fixed-point width: every coordinate, scaled by a power of two per axis, is an
/// integer below `2^60` in magnitude (`proofs/tri_tri.md`, section 8, "Stage I").
const INT_BITS: i32 = 60;

/// The least exponent taken for an axis's largest magnitude: the per-axis scale
/// `2^(59 − E)` is then at most `2^1023`, a normal number.
const INT_E_FLOOR: i32 = INT_BITS - 1 - 1023;

/// A plane and the points asked for, in Stage I's exact integer form: the normal
/// `n = (P₁ − P₀) × (P₂ − P₀)` and each `W = X − P₀`, of the points scaled per axis onto
/// integers ([`on_integer_grid`]).
struct IntegerPlane<const N: usize> {
    n: [i128; 3],
    w: [[i64; 3]; N],
}

impl<const N: usize> IntegerPlane<N> {
    /// `orient3d(p₀, p₁, p₂, xᵢ) = −sign(n·Wᵢ)`, exactly. `|nₖ| < 2^123` and `|Wₖ| < 2^61`,
    /// so `n·W` needs 190 bits: each `nₖ` is split as `hₖ·2^64 + lₖ` (`0 ≤ lₖ < 2^64`),
    /// and `n·W = T·2^64 + r` with `T = Σ hₖWₖ + ⌊Σ lₖWₖ / 2^64⌋` and `0 ≤ r < 2^64`;
    /// every partial sum fits in an `i128` (section 8, "Stage I").
    #[inline(always)]
    fn side(&self, i: usize) -> Sign {
        let (mut high, mut low) = (0i128, 0i128);
        for (&n, &w) in self.n.iter().zip(&self.w[i]) {
            let (h, l) = ((n >> 64) as i64, n as u64);
            high += i128::from(h) * i128::from(w);
            low += i128::from(l) * i128::from(w);
        }
        let t = high + (low >> 64);
        let d = if t != 0 {
            Sign::of(t)
        } else if low as u64 != 0 {
            Sign::Positive
        } else {
            Sign::Zero
        };
        -d
    }
}

/// Stage I: when every coordinate of the plane's points and of the points asked for,
/// multiplied by `2^(59 − Eₖ)` on its axis `k` (`Eₖ` the exponent of the axis's largest
/// magnitude, at least `−964`), is an integer, those integers (below `2^60`) and the
/// exact normal; `None` otherwise, and for any non-finite coordinate. The scaling by a
/// power of two is exact unless it underflows, and a product that underflows is either
/// zero (caught: a zero product of a non-zero coordinate fails) or below 1 (not an
/// integer); it multiplies `orient3d` by the positive `2^(177 − E₀ − E₁ − E₂)`, since every
/// term of the determinant takes one coordinate of each axis, so the signs are kept.
/// Rounded data passes when each coordinate is within seven binades of its axis's largest,
/// grid data of any width up to 60 bits (`proofs/tri_tri.md`, section 8, "Stage I").
#[inline(always)]
fn on_integer_grid<const N: usize>(
    p: [&[f64; 3]; 3],
    xs: [&[f64; 3]; N],
    need: [bool; N],
) -> Option<IntegerPlane<N>> {
    // The points not asked for are replaced by p₀ (changing neither the test nor the scale).
    let pts: [&[f64; 3]; N] = core::array::from_fn(|i| if need[i] { xs[i] } else { p[0] });
    // Per axis the largest magnitude (`maxsd`: a NaN is skipped here and fails below).
    let max = |m: [f64; 3], q: &[f64; 3]| -> [f64; 3] {
        core::array::from_fn(|k| if q[k].abs() > m[k] { q[k].abs() } else { m[k] })
    };
    let m = pts
        .iter()
        .fold(max(max(max([0.0; 3], p[0]), p[1]), p[2]), |m, q| max(m, q));
    let scale = m.map(|x| {
        let e = (((x.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(INT_E_FLOOR);
        f64::from_bits(((1023 + INT_BITS - 1 - e) as u64) << 52)
    });
    // `t` is below 2^60 in magnitude (or infinite or NaN, which fail); it is an integer
    // exactly when converting it to `i64` and back gives it again.
    let mut ok = true;
    let mut int = |q: &[f64; 3]| -> [i64; 3] {
        core::array::from_fn(|k| {
            let t = q[k] * scale[k];
            let i = t as i64;
            ok &= (i as f64 == t) & ((t == 0.0) == (q[k] == 0.0));
            i
        })
    };
    let (a, b, c) = (int(p[0]), int(p[1]), int(p[2]));
    let x: [[i64; 3]; N] = core::array::from_fn(|i| int(pts[i]));
    if !ok {
        return None;
    }
    // |P| < 2^60, so every difference is below 2^61 and every product below 2^122.
    let sub = |q: [i64; 3]| [q[0] - a[0], q[1] - a[1], q[2] - a[2]];
    let (u, v) = (sub(b), sub(c));
    let n = core::array::from_fn(|k| {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        i128::from(u[i]) * i128::from(v[j]) - i128::from(u[j]) * i128::from(v[i])
    });
    Some(IntegerPlane { n, w: x.map(sub) })
}

/// Stages B and C; every coordinate of `p` and of the points asked for lies in
/// [`O3_WINDOW`] (`proofs/tri_tri.md`, section 8).
fn adapt<const N: usize>(
    p: [&[f64; 3]; 3],
    xs: [&[f64; 3]; N],
    need: [bool; N],
    out: &mut [Sign; N],
) {
    let a = p[0];
    // u = p₁ − p₀, v = p₂ − p₀ and wᵢ = xᵢ − p₀, heads and tails (a point not asked for
    // gets w = 0).
    let (mut u, mut ut, mut v, mut vt) = ([0.0; 3], [0.0; 3], [0.0; 3], [0.0; 3]);
    for k in 0..3 {
        (u[k], ut[k]) = two_diff(p[1][k], a[k]);
        (v[k], vt[k]) = two_diff(p[2][k], a[k]);
    }
    let (mut w, mut wt) = ([[0.0; 3]; N], [[0.0; 3]; N]);
    for i in 0..N {
        if need[i] {
            for k in 0..3 {
                (w[i][k], wt[i][k]) = two_diff(xs[i][k], a[k]);
            }
        }
    }
    let exact_uv = ut == [0.0; 3] && vt == [0.0; 3];
    // nₖ = uᵢvⱼ − uⱼvᵢ + (first-order tail terms) + (second-order ones, dropped):
    // head H, low part L, the permanent |P| + |Q|, and, for exact u and v, nₖ exactly as
    // the four floats H + Hl + Pe − Qe.
    let (mut h, mut l, mut pn) = ([0.0; 3], [0.0; 3], [0.0; 3]);
    let mut n4 = [[0.0; 4]; 3];
    // Each factor split once (Dekker's TwoProduct with presplit factors).
    let (us, vs) = (u.map(split), v.map(split));
    for k in 0..3 {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        let pp = u[i] * v[j];
        let pe = product_tail(us[i], vs[j], pp);
        let qq = u[j] * v[i];
        let qe = product_tail(us[j], vs[i], qq);
        let (hh, hl) = two_diff(pp, qq);
        let first = (ut[i] * v[j] + u[i] * vt[j]) - (ut[j] * v[i] + u[j] * vt[i]);
        h[k] = hh;
        l[k] = hl + ((pe - qe) + first);
        pn[k] = pp.abs() + qq.abs();
        n4[k] = [hh, hl, pe, -qe];
    }
    for i in 0..N {
        if !need[i] {
            continue;
        }
        let (w, wt) = (w[i], wt[i]);
        // det = n·(x − p₀) = Σₖ Hₖwₖ + Σₖ (Lₖwₖ + Hₖ·wtₖ) + (dropped terms).
        let (t0, te0) = two_product(h[0], w[0]);
        let (t1, te1) = two_product(h[1], w[1]);
        let (t2, te2) = two_product(h[2], w[2]);
        let (s, e1) = two_sum(t0, t1);
        let (s, e2) = two_sum(s, t2);
        let m = [0, 1, 2].map(|k| l[k] * w[k] + h[k] * wt[k]);
        let low = ((e1 + e2) + ((te0 + te1) + te2)) + ((m[0] + m[1]) + m[2]);
        let res = s + low;
        let perm = pn[0] * w[0].abs() + pn[1] * w[1].abs() + pn[2] * w[2].abs();
        out[i] = if res.abs() * O3_B_INV > perm {
            count(1);
            -Sign::of(res)
        } else if exact_uv && wt == [0.0; 3] {
            count(2);
            // Stage C: det = Σₖ (Hₖ + Hlₖ + Peₖ − Qeₖ)·wₖ exactly, 24 products of two
            // floats each, zeros left out.
            let mut terms = [0.0; 24];
            let mut len = 0;
            for k in 0..3 {
                for c in n4[k] {
                    if c != 0.0 && w[k] != 0.0 {
                        let (hi, lo) = two_product(c, w[k]);
                        terms[len] = hi;
                        terms[len + 1] = lo;
                        len += 2;
                    }
                }
            }
            -sum_sign_in_place(&mut terms[..len])
        } else {
            count(3);
            super::orient3d(p[0], p[1], p[2], xs[i])
        };
    }
}
