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
use super::integer::{cross, dot_sign, integer_points, sub};
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
    // Stage I: the plane and the points in integers when every coordinate is one once
    // scaled per axis; then `orient3d(p₀, p₁, p₂, xᵢ) = −sign(n·Wᵢ)` with
    // `n = (P₁ − P₀) × (P₂ − P₀)` below `2^123` and `Wᵢ = Xᵢ − P₀` below `2^61`.
    if let Some(([a, b, c], x)) = integer_points(p, asked(p, xs, need)) {
        count(0);
        let n = cross(sub(b, a), sub(c, a));
        for i in 0..N {
            if need[i] {
                out[i] = -dot_sign(n, sub(x[i], a));
            }
        }
        return;
    }
    // Recomputed rather than kept live across stage I, which spills it.
    let pts = asked(p, xs, need);
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

/// The points asked for, the others replaced by `p₀`: that changes neither stage I's
/// per-axis scale nor the window test and its scale.
#[inline(always)]
fn asked<'a, const N: usize>(
    p: [&'a [f64; 3]; 3],
    xs: [&'a [f64; 3]; N],
    need: [bool; N],
) -> [&'a [f64; 3]; N] {
    core::array::from_fn(|i| if need[i] { xs[i] } else { p[0] })
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
