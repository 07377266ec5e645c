//! Stage I: the exact sign of a degree-3 determinant `(u × v)·w` of `f64` points in
//! integers (`proofs/tri_tri.md`, section 8, "Stage I"; `proofs/predicates.md` §2.4 for
//! `ray_side` and §2.5 for `orient3d`). The same conversion over all the points of a
//! triangle pair, or of two mesh faces sharing a vertex, serves every orientation among
//! them (`proofs/tri_tri.md`, section 9; `proofs/self_intersections.md`, section 2).
//!
//! Each axis is scaled by a power of two, `2^(59 − Eₖ)` with `Eₖ` the exponent of the
//! axis's largest magnitude (at least `−964`, so that the scale is a normal number). Every
//! term of such a determinant takes one coordinate of each axis, so the scaling multiplies
//! it by a positive number and keeps its sign. When every scaled coordinate is an integer
//! (below `2^60`: rounded data within seven binades of its axis's largest, grid data up
//! to 60 bits), differences fit an `i64`, the cross product an `i128`, and the dot product
//! (190 bits) two `i128` limbs, all exact.

use crate::Sign;

/// The fixed-point width: every scaled coordinate is an integer below `2^60`.
const INT_BITS: i32 = 60;

/// The least exponent taken for an axis's largest magnitude: the per-axis scale
/// `2^(59 − E)` is then at most `2^1023`, a normal number.
const INT_E_FLOOR: i32 = INT_BITS - 1 - 1023;

/// The points of `a` and `b` as integers, every axis scaled by the same power of two for
/// all of them, or `None` when some scaled coordinate is not an integer (or not finite).
/// Each integer is the coordinate times `2^(59 − Eₖ)` exactly, below `2^60` in magnitude.
#[inline(always)]
#[allow(clippy::type_complexity)]
pub(crate) fn integer_points<const A: usize, const B: usize>(
    a: [&[f64; 3]; A],
    b: [&[f64; 3]; B],
) -> Option<([[i64; 3]; A], [[i64; 3]; B])> {
    // Per axis the largest magnitude (`maxsd`: a NaN is skipped here and fails below).
    let max = |m: [f64; 3], q: &[f64; 3]| -> [f64; 3] {
        core::array::from_fn(|k| if q[k].abs() > m[k] { q[k].abs() } else { m[k] })
    };
    let mut m = [0.0; 3];
    for q in a {
        m = max(m, q);
    }
    for q in b {
        m = max(m, q);
    }
    let scale = m.map(|x| {
        let e = (((x.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(INT_E_FLOOR);
        f64::from_bits(((1023 + INT_BITS - 1 - e) as u64) << 52)
    });
    let mut ok = true;
    // Plain loops (an `array::from_fn` closure was left out of line).
    let (mut ia, mut ib) = ([[0i64; 3]; A], [[0i64; 3]; B]);
    for (o, q) in ia.iter_mut().zip(a) {
        *o = to_int(q, &scale, &mut ok);
    }
    for (o, q) in ib.iter_mut().zip(b) {
        *o = to_int(q, &scale, &mut ok);
    }
    ok.then_some((ia, ib))
}

/// `q` scaled per axis as integers, clearing `ok` unless each is exact. `t` is below
/// 2^60 in magnitude (or infinite or NaN, which fail); it is an integer exactly when
/// converting it to `i64` and back gives it again, and it is the coordinate scaled
/// exactly unless the product underflowed: to zero (caught by the zero test) or to a
/// non-zero value below 1 (not an integer).
#[inline(always)]
fn to_int(q: &[f64; 3], scale: &[f64; 3], ok: &mut bool) -> [i64; 3] {
    let mut out = [0i64; 3];
    for k in 0..3 {
        let t = q[k] * scale[k];
        let i = t as i64;
        *ok &= (i as f64 == t) & ((t == 0.0) == (q[k] == 0.0));
        out[k] = i;
    }
    out
}

/// `a − b` for points of [`integer_points`] (below `2^61`: no overflow).
#[inline(always)]
pub(crate) fn sub(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `u × v` for differences below `2^61`: each component below `2^123`.
#[inline(always)]
pub(crate) fn cross(u: [i64; 3], v: [i64; 3]) -> [i128; 3] {
    core::array::from_fn(|k| {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        i128::from(u[i]) * i128::from(v[j]) - i128::from(u[j]) * i128::from(v[i])
    })
}

/// The sign of `n·w`, exactly, for `|nₖ| < 2^123` and `|wₖ| < 2^61`. The product needs 190
/// bits: each `nₖ` is split as `hₖ·2^64 + lₖ` (`0 ≤ lₖ < 2^64`), and `n·w = T·2^64 + r`
/// with `T = Σ hₖwₖ + ⌊Σ lₖwₖ / 2^64⌋` and `0 ≤ r < 2^64`; every partial sum fits an `i128`.
#[inline(always)]
pub(crate) fn dot_sign(n: [i128; 3], w: [i64; 3]) -> Sign {
    let (mut high, mut low) = (0i128, 0i128);
    for (&n, &w) in n.iter().zip(&w) {
        let (h, l) = ((n >> 64) as i64, n as u64);
        high += i128::from(h) * i128::from(w);
        low += i128::from(l) * i128::from(w);
    }
    let t = high + (low >> 64);
    if t != 0 {
        Sign::of(t)
    } else if low as u64 != 0 {
        Sign::Positive
    } else {
        Sign::Zero
    }
}

/// `orient3d(t₀, t₁, t₂, xᵢ)` exactly for each `xᵢ`, for points of [`integer_points`],
/// with the plane's normal computed once (a plain loop: `array::map` left its closure out
/// of line).
#[inline(always)]
pub(crate) fn plane_sides_int<const N: usize>(t: [[i64; 3]; 3], xs: [[i64; 3]; N]) -> [Sign; N] {
    let n = cross(sub(t[1], t[0]), sub(t[2], t[0]));
    let mut out = [Sign::Zero; N];
    for i in 0..N {
        out[i] = -dot_sign(n, sub(xs[i], t[0]));
    }
    out
}

/// `orient3d(a, b, c, d)` exactly, for points of [`integer_points`]:
/// `−sign((b − a) × (c − a) · (d − a))`.
#[inline(always)]
pub(crate) fn orient3d_int(a: [i64; 3], b: [i64; 3], c: [i64; 3], d: [i64; 3]) -> Sign {
    -dot_sign(cross(sub(b, a), sub(c, a)), sub(d, a))
}
