//! The batch filter of the `f64` kernel (and of the `f32` kernel, whose points widen
//! exactly to `f64`): the four predicates over many rows at once.
//!
//! Rows are taken in chunks of [`W`] lanes. For each chunk the filter pass computes, per
//! lane, the determinant and its error bound with **the same functions as the scalar
//! stage A** (`orient2d_det_bound` … in `float.rs`), and turns them into a verdict without
//! a branch: `±1` when the bound certifies the sign, `0` when it does not. That pass has
//! no branch and no call, so LLVM vectorizes it across the lanes (two per SSE2
//! instruction). The verdicts are stored as signs; only if some lane's verdict is `0`
//! does a second, cold pass call the scalar kernel's exact stages (`orient2d_slow` …) on
//! exactly those lanes. A verdict is never `0` for a certified lane (the bounds are at
//! least `2^-1060 > 0`), so `0` marks the failed lanes and nothing else.
//!
//! Why every answer is exact: proofs/predicates.md §7.

// Lane loops index several arrays by the lane number on purpose: `for l in 0..W` over
// fixed-size arrays is the shape LLVM's vectorizers turn into packed instructions.
#![allow(clippy::needless_range_loop)]

use super::batch::Column;
use super::float;
use super::float::{
    O3_K, O3_Z_FLOOR, incircle_det_bound, insphere_det_bound, orient2d_det_bound,
    orient3d_det_maxima,
};
use super::float_slow::{incircle_slow, insphere_slow, orient2d_slow, orient3d_slow};
use super::lanes::{Lane, V, W};
use crate::Sign;

/// The float types the batch filter reads: each converts exactly to `f64`.
pub(super) trait Widen: Copy {
    /// The same value as an `f64` (exact).
    fn widen(self) -> f64;
}

impl Widen for f64 {
    #[inline(always)]
    fn widen(self) -> f64 {
        self
    }
}

impl Widen for f32 {
    #[inline(always)]
    fn widen(self) -> f64 {
        f64::from(self)
    }
}

/// Row `i` of a column, as `f64` coordinates.
#[inline(always)]
fn at<const D: usize, A>(a: &A, i: usize) -> [f64; D]
where
    A: Column<D>,
    A::Scalar: Widen,
{
    a.point(i).map(Widen::widen)
}

/// Rows `0..W` of a (narrowed) column, transposed: coordinate `k` of row `l` is
/// `lanes[k].0[l]`.
#[inline(always)]
fn lanes<const D: usize, A>(a: &A) -> [V; D]
where
    A: Column<D>,
    A::Scalar: Widen,
{
    let mut v = [V([0.0; W]); D];
    for l in 0..W {
        let p = at(a, l);
        for k in 0..D {
            v[k].0[l] = p[k];
        }
    }
    v
}

/// The lanes' verdicts: the sign of `det` where `certified`, else `0`. Branch-free.
#[inline(always)]
fn verdicts(det: V, certified: [bool; W]) -> [i8; W] {
    let mut v = [0i8; W];
    for l in 0..W {
        let s = if det.0[l] > 0.0 { 1 } else { -1 };
        v[l] = if certified[l] { s } else { 0 };
    }
    v
}

/// A permanent-style filter (orient2d, incircle, insphere): `|det| > bound`, false for a
/// NaN on either side and for an infinite bound, exactly as `decide` in `float.rs`.
#[inline(always)]
fn verdicts_perm((det, bound): (V, V)) -> [i8; W] {
    let mut ok = [false; W];
    for l in 0..W {
        ok[l] = det.0[l].abs() > bound.0[l];
    }
    verdicts(det, ok)
}

/// orient3d's filter on four lanes: the scalar stage A's determinant and maxima, and the
/// bound of proofs/predicates.md §1.6 with each maximum floored at `2^-325` *before* the
/// bit patterns are added (`Bb' ≥ Bb`, §7): float maxima and one packed integer add
/// instead of 64-bit integer maxima, which SSE2 lacks. Compared as floats: `|det| > W`,
/// `W > 0` and `|det| < ∞` with `W = f64::from_bits(Bb')`.
#[inline(always)]
fn verdicts_o3((det, x, y, z): (V, V, V, V)) -> [i8; W] {
    let floor = V::splat(f64::from_bits(O3_Z_FLOOR));
    let (x, y, z) = (x.max(floor), y.max(floor), z.max(floor));
    let mut ok = [false; W];
    for l in 0..W {
        let bits = x.0[l]
            .to_bits()
            .wrapping_add(y.0[l].to_bits())
            .wrapping_add(z.0[l].to_bits())
            .wrapping_sub(O3_K);
        let w = f64::from_bits(bits);
        let m = det.0[l].abs();
        ok[l] = (m > w) & (w > 0.0) & (m < f64::INFINITY);
    }
    verdicts(det, ok)
}

#[inline(always)]
fn to_sign(v: i8) -> Sign {
    match v {
        1 => Sign::Positive,
        -1 => Sign::Negative,
        _ => Sign::Zero,
    }
}

/// The lanes of a full chunk whose filter failed, answered exactly. Out of line: on
/// random input no chunk gets here.
#[cold]
#[inline(never)]
fn fill_failed(chunk: &mut [Sign], verdicts: &[i8; W], exact: impl Fn(usize) -> Sign) {
    for (l, (o, &v)) in chunk.iter_mut().zip(verdicts).enumerate() {
        if v == 0 {
            *o = exact(l);
        }
    }
}

/// The columns of one predicate's batch call, as the driver sees them.
trait Rows: Copy {
    /// The rows `start..start + len`.
    fn narrow(self, start: usize, len: usize) -> Self;
    /// The filter's verdicts on rows `0..W` of a narrowed chunk: `±1` certified, `0`
    /// undecided. Must inline, and must not branch, so that the lanes vectorize.
    fn filter(&self) -> [i8; W];
    /// Row `l`'s exact sign (the cold stages of the scalar kernel).
    fn exact(&self, l: usize) -> Sign;
    /// Row `l` by the one-call predicate (for the rows after the last full chunk).
    fn one(&self, l: usize) -> Sign;
}

/// The chunked driver over `out.len()` rows; the caller has checked every column has
/// that many.
#[inline(always)]
fn run<R: Rows>(out: &mut [Sign], rows: R) {
    let n = out.len();
    // Every slice narrowed to `n` once, so that the chunks below need no bounds checks.
    let rows = rows.narrow(0, n);
    let mut start = 0;
    while start + W <= n {
        let s = rows.narrow(start, W);
        let chunk = &mut out[start..start + W];
        let verdicts = s.filter();
        for (o, &v) in chunk.iter_mut().zip(&verdicts) {
            *o = to_sign(v);
        }
        if verdicts.contains(&0) {
            fill_failed(chunk, &verdicts, |l| s.exact(l));
        }
        start += W;
    }
    let s = rows.narrow(start, n - start);
    for (l, o) in out[start..].iter_mut().enumerate() {
        *o = s.one(l);
    }
}

/// The columns of an orient2d batch.
#[derive(Clone, Copy)]
struct O2<A, B, C>(A, B, C);
/// The columns of an orient3d batch.
#[derive(Clone, Copy)]
struct O3<A, B, C, D>(A, B, C, D);
/// The columns of an incircle batch.
#[derive(Clone, Copy)]
struct Ic<A, B, C, D>(A, B, C, D);
/// The columns of an insphere batch.
#[derive(Clone, Copy)]
struct Is<A, B, C, D, E>(A, B, C, D, E);

impl<A, B, C> Rows for O2<A, B, C>
where
    A: Column<2>,
    A::Scalar: Widen,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
{
    #[inline(always)]
    fn narrow(self, s: usize, n: usize) -> Self {
        O2(
            self.0.narrow(s, n),
            self.1.narrow(s, n),
            self.2.narrow(s, n),
        )
    }
    #[inline(always)]
    fn filter(&self) -> [i8; W] {
        let (a, b, c) = (lanes(&self.0), lanes(&self.1), lanes(&self.2));
        verdicts_perm(orient2d_det_bound(&a, &b, &c))
    }
    #[inline(never)]
    fn one(&self, l: usize) -> Sign {
        float::orient2d(&at(&self.0, l), &at(&self.1, l), &at(&self.2, l))
    }
    #[inline(never)]
    fn exact(&self, l: usize) -> Sign {
        orient2d_slow(at(&self.0, l), at(&self.1, l), at(&self.2, l))
    }
}

impl<A, B, C, D> Rows for O3<A, B, C, D>
where
    A: Column<3>,
    A::Scalar: Widen,
    B: Column<3, Scalar = A::Scalar>,
    C: Column<3, Scalar = A::Scalar>,
    D: Column<3, Scalar = A::Scalar>,
{
    #[inline(always)]
    fn narrow(self, s: usize, n: usize) -> Self {
        let O3(a, b, c, d) = self;
        O3(
            a.narrow(s, n),
            b.narrow(s, n),
            c.narrow(s, n),
            d.narrow(s, n),
        )
    }
    #[inline(always)]
    fn filter(&self) -> [i8; W] {
        let (a, b) = (lanes(&self.0), lanes(&self.1));
        let (c, d) = (lanes(&self.2), lanes(&self.3));
        verdicts_o3(orient3d_det_maxima(&a, &b, &c, &d))
    }
    #[inline(never)]
    fn one(&self, l: usize) -> Sign {
        let (a, b) = (at(&self.0, l), at(&self.1, l));
        float::orient3d(&a, &b, &at(&self.2, l), &at(&self.3, l))
    }
    #[inline(never)]
    fn exact(&self, l: usize) -> Sign {
        let (a, b) = (at(&self.0, l), at(&self.1, l));
        orient3d_slow(a, b, at(&self.2, l), at(&self.3, l))
    }
}

impl<A, B, C, D> Rows for Ic<A, B, C, D>
where
    A: Column<2>,
    A::Scalar: Widen,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
    D: Column<2, Scalar = A::Scalar>,
{
    #[inline(always)]
    fn narrow(self, s: usize, n: usize) -> Self {
        let Ic(a, b, c, d) = self;
        Ic(
            a.narrow(s, n),
            b.narrow(s, n),
            c.narrow(s, n),
            d.narrow(s, n),
        )
    }
    #[inline(always)]
    fn filter(&self) -> [i8; W] {
        let (a, b) = (lanes(&self.0), lanes(&self.1));
        let (c, d) = (lanes(&self.2), lanes(&self.3));
        verdicts_perm(incircle_det_bound(&a, &b, &c, &d))
    }
    #[inline(never)]
    fn one(&self, l: usize) -> Sign {
        let (a, b) = (at(&self.0, l), at(&self.1, l));
        float::incircle(&a, &b, &at(&self.2, l), &at(&self.3, l))
    }
    #[inline(never)]
    fn exact(&self, l: usize) -> Sign {
        let (a, b) = (at(&self.0, l), at(&self.1, l));
        incircle_slow(a, b, at(&self.2, l), at(&self.3, l))
    }
}

impl<A, B, C, D, E> Rows for Is<A, B, C, D, E>
where
    A: Column<3>,
    A::Scalar: Widen,
    B: Column<3, Scalar = A::Scalar>,
    C: Column<3, Scalar = A::Scalar>,
    D: Column<3, Scalar = A::Scalar>,
    E: Column<3, Scalar = A::Scalar>,
{
    #[inline(always)]
    fn narrow(self, s: usize, n: usize) -> Self {
        let Is(a, b, c, d, e) = self;
        let (a, b, c) = (a.narrow(s, n), b.narrow(s, n), c.narrow(s, n));
        Is(a, b, c, d.narrow(s, n), e.narrow(s, n))
    }
    #[inline(always)]
    fn filter(&self) -> [i8; W] {
        let (a, b, c) = (lanes(&self.0), lanes(&self.1), lanes(&self.2));
        let (d, e) = (lanes(&self.3), lanes(&self.4));
        verdicts_perm(insphere_det_bound(&a, &b, &c, &d, &e))
    }
    #[inline(never)]
    fn one(&self, l: usize) -> Sign {
        let (a, b, c) = (at(&self.0, l), at(&self.1, l), at(&self.2, l));
        float::insphere(&a, &b, &c, &at(&self.3, l), &at(&self.4, l))
    }
    #[inline(never)]
    fn exact(&self, l: usize) -> Sign {
        let (a, b, c) = (at(&self.0, l), at(&self.1, l), at(&self.2, l));
        insphere_slow(a, b, c, at(&self.3, l), at(&self.4, l))
    }
}

/// See [`crate::predicates::orient2d_batch`]; columns already checked.
#[inline]
pub(super) fn orient2d_rows<A, B, C>(a: A, b: B, c: C, out: &mut [Sign])
where
    A: Column<2>,
    A::Scalar: Widen,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
{
    run(out, O2(a, b, c));
}

/// See [`crate::predicates::orient3d_batch`]; columns already checked.
#[inline]
pub(super) fn orient3d_rows<A, B, C, D>(a: A, b: B, c: C, d: D, out: &mut [Sign])
where
    A: Column<3>,
    A::Scalar: Widen,
    B: Column<3, Scalar = A::Scalar>,
    C: Column<3, Scalar = A::Scalar>,
    D: Column<3, Scalar = A::Scalar>,
{
    run(out, O3(a, b, c, d));
}

/// See [`crate::predicates::incircle_batch`]; columns already checked.
#[inline]
pub(super) fn incircle_rows<A, B, C, D>(a: A, b: B, c: C, d: D, out: &mut [Sign])
where
    A: Column<2>,
    A::Scalar: Widen,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
    D: Column<2, Scalar = A::Scalar>,
{
    run(out, Ic(a, b, c, d));
}

/// See [`crate::predicates::insphere_batch`]; columns already checked.
#[inline]
pub(super) fn insphere_rows<A, B, C, D, E>(a: A, b: B, c: C, d: D, e: E, out: &mut [Sign])
where
    A: Column<3>,
    A::Scalar: Widen,
    B: Column<3, Scalar = A::Scalar>,
    C: Column<3, Scalar = A::Scalar>,
    D: Column<3, Scalar = A::Scalar>,
    E: Column<3, Scalar = A::Scalar>,
{
    run(out, Is(a, b, c, d, e));
}

#[cfg(test)]
mod tests {
    use super::super::float::{O3_K, O3_XY_FLOOR, O3_Z_FLOOR};

    /// proofs/predicates.md §7: flooring each maximum at `β(F) = O3_Z_FLOOR` dominates
    /// §1.6's floors (`T₁ = 2·β(F)`, `T₃ = β(F)`), and the smallest exact `Bb'` is `2^52`
    /// (so the wrapping `u64` arithmetic never wraps for a finite determinant).
    #[test]
    fn batch_orient3d_floors_match_the_proof() {
        assert_eq!(O3_XY_FLOOR, 2 * O3_Z_FLOOR);
        assert_eq!(3 * O3_Z_FLOOR - O3_K, 1 << 52);
        let max = f64::MAX.to_bits();
        assert!(3 * u128::from(max) - u128::from(O3_K) < 4048 << 52);
    }
}
