//! The batch filter of the `f64` kernel (and of the `f32` kernel, whose points widen
//! exactly to `f64`): the four predicates over many rows at once.
//!
//! **orient2d** ([`orient2d_packed`]) runs the one-call filter itself, `orient2d_det_bound`
//! with its per-row bound from the permanent, on two rows per SSE2 register
//! (`wide::f64x2`), four rows at a time: two packed comparisons a pair become bits, and
//! the four signs are one copy from a table ([`SIGNS4`]). Its bound costs two `abs` and
//! an add a pair, less than a chunk's maxima would.
//!
//! **orient3d, incircle, insphere** ([`run`]) take rows in chunks of `G·W` = 16 (then
//! groups of [`W`] = 4, then one by one). The chunk pass computes, two or four lanes at
//! a time, each row's determinant with **the same functions as the scalar stage A**
//! (`orient3d_det_maxima` … in `float.rs`) and the per-axis maxima of the absolute
//! coordinate differences over the chunk; from those maxima it computes **one** error
//! bound for the whole chunk (the semi-static bound of proofs/predicates.md §8, monotone
//! in the maxima, so valid for every row of the chunk) and compares every row with it,
//! without a branch, the signs again from [`SIGNS4`]. That pass is what LLVM vectorizes
//! (two lanes per SSE2 instruction). orient3d's and insphere's chunk passes run two lanes
//! at a time ([`V2`]: on four their live values spill); insphere's keeps, instead of the
//! maxima, the largest of the lifts its determinant computes anyway, whose square root
//! bounds every difference (§8, "insphere's chunk bound from the lifts"). Rows the chunk
//! bound leaves undecided (`Zero`) go, in a cold function, to the bound from their own
//! group's maxima, then to the scalar filter's per-row bound on four lanes, then to the
//! scalar kernel's exact stages (`orient3d_slow` …). After a chunk whose bound left most
//! rows undecided (near-degenerate input, or a huge row in every chunk) the next [`SKIP`]
//! chunks skip the chunk pass.
//!
//! Why every answer is exact: proofs/predicates.md §7 and §8.

// Lane loops index several arrays by the lane number on purpose: `for l in 0..W` over
// fixed-size arrays is the shape LLVM's vectorizers turn into packed instructions.
#![allow(clippy::needless_range_loop)]

use super::batch::Column;
use super::float;
use super::float::{
    O3_K, O3_Z_FLOOR, incircle_det_bound, insphere_det_bound, insphere_det_lift,
    orient2d_det_bound, orient3d_det_maxima,
};
use super::float_slow::{incircle_slow, insphere_slow, orient2d_slow, orient3d_slow};
use super::lanes::{Lane, V, V2, W};
use crate::Sign;
use core::borrow::Borrow;
use wide::f64x2;

/// orient3d's chunk bound `O3_CHUNK·X̂·Ŷ·Ẑ` (§8): `O3_CHUNK ≥ (6(γ₅ + (1−u)^−3 − 1) +
/// η(6(1+u)^4·2^600 + 3(1+u)^2·2^900))/(1−u)^3`, rounded up (≈ 48u).
pub(super) const O3_CHUNK: f64 = 5.329070518200756e-15;
/// `(2^-300, 2^330)`: the floor raising each maximum and the ceiling above which the
/// chunk bound is `+∞` (§8).
pub(super) const O3_RANGE: (f64, f64) = (
    f64::from_bits((1023 - 300) << 52),
    f64::from_bits((1023 + 330) << 52),
);
/// incircle's chunk bound `IC_CHUNK·X̂·Ŷ·(X̂² + Ŷ²)` (§8): `IC_CHUNK ≥ (6(γ₇ + (1−u)^−4 − 1)
/// + η(21(1+u)^4·2^450 + 1.5(1+u)^2·2^900))/(1−u)^4`, rounded up (≈ 66u).
pub(super) const IC_CHUNK: f64 = 7.327471962526041e-15;
/// `(2^-225, 2^250)`: the floor raising each maximum and the ceiling above which the
/// chunk bound is `+∞` (§8).
pub(super) const IC_RANGE: (f64, f64) = (
    f64::from_bits((1023 - 225) << 52),
    f64::from_bits((1023 + 250) << 52),
);
/// insphere's chunk bound `IS_CHUNK·X̂·Ŷ·Ẑ·(X̂² + Ŷ² + Ẑ²)` (§8): `IS_CHUNK ≥
/// (24(γ₁₁ + (1−u)^−5 − 1) + η(48(1+u)^7·2^360 + 24(1+u)^5·2^540 + 40(1+u)^5·2^360 +
/// (4/3)(1+u)^2·2^900))/(1−u)^5`, rounded up (≈ 384u).
pub(super) const IS_CHUNK: f64 = 4.263256414560608e-14;
/// `(2^-180, 2^200)`: the floor raising each maximum and the ceiling above which the
/// chunk bound is `+∞` (§8).
pub(super) const IS_RANGE: (f64, f64) = (
    f64::from_bits((1023 - 180) << 52),
    f64::from_bits((1023 + 200) << 52),
);

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
pub(super) fn at<const D: usize, A>(a: &A, i: usize) -> [f64; D]
where
    A: Column<D>,
    A::Scalar: Widen,
{
    a.point(i).borrow().map(Widen::widen)
}

/// Rows `0..W` of a (narrowed) column, transposed: coordinate `k` of row `l` is
/// `lanes[k].0[l]`.
#[inline(always)]
pub(super) fn lanes<const D: usize, A>(a: &A) -> [V; D]
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

/// Rows `2h` and `2h + 1` of a (narrowed) column, transposed as [`lanes`] does.
#[inline(always)]
fn pair<A>(a: &A, h: usize) -> [V2; 3]
where
    A: Column<3>,
    A::Scalar: Widen,
{
    let (r0, r1) = (at(a, 2 * h), at(a, 2 * h + 1));
    core::array::from_fn(|k| V([r0[k], r1[k]]))
}

/// Coordinate `k` of rows `2h` and `2h + 1` of a (narrowed) column as one packed pair, for
/// every `k`: from [`Axes`](super::Axes) one packed load per axis, from a slice of points
/// two loads and a shuffle.
#[inline(always)]
fn packed<const D: usize, A>(a: &A, h: usize) -> [f64x2; D]
where
    A: Column<D>,
    A::Scalar: Widen,
{
    let (r0, r1) = (at(a, 2 * h), at(a, 2 * h + 1));
    core::array::from_fn(|k| f64x2::from([r0[k], r1[k]]))
}

/// Two pairs of lanes into the two-lane accumulator `acc`, lane by lane and each value
/// on its own, `first` then `second` (`v.max(acc)` skips a NaN `v`, so a NaN lane never
/// hides its neighbour).
#[inline(always)]
fn fold_lanes(acc: &mut [f64; 2], first: [f64; 2], second: [f64; 2]) {
    for j in 0..2 {
        acc[j] = Lane::max(second[j], Lane::max(first[j], acc[j]));
    }
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
pub(super) fn to_sign(v: i8) -> Sign {
    match v {
        1 => Sign::Positive,
        -1 => Sign::Negative,
        _ => Sign::Zero,
    }
}

/// The columns of one predicate's batch call: narrowed to a group, and one row answered.
trait Group: Copy {
    /// The rows `start..start + len`.
    fn narrow(self, start: usize, len: usize) -> Self;
    /// A row's points as `f64` coordinates.
    type Row: Copy;
    /// Row `l`'s points.
    fn row(&self, l: usize) -> Self::Row;
    /// A row's exact sign (the cold stages of the scalar kernel).
    fn exact(row: &Self::Row) -> Sign;
    /// Row `l` by the one-call predicate (for the rows after the last full group).
    fn one(&self, l: usize) -> Sign;
}

/// The columns of a predicate the chunked driver [`run`] takes (orient3d, incircle,
/// insphere; orient2d has its own, [`orient2d_packed`]).
trait Rows: Group {
    /// The axes of the predicate's points (2 or 3).
    const AXES: usize;
    /// The determinant of rows `0..W` of a narrowed group, evaluated as the scalar stage A
    /// evaluates it, and per axis the largest absolute coordinate difference of each row
    /// (`0` for an axis the predicate does not have). Must inline, and must not branch, so
    /// that the lanes vectorize.
    fn det_maxima(&self) -> (V, [V; 3]);
    /// The chunk pass on rows `0..W` of a narrowed group: their determinants into
    /// `det[..W]`, and each lane of their per-axis maxima into the two-lane accumulators
    /// `m` (`v.max(acc)`: a NaN lane is skipped, not allowed to hide its neighbour). Must
    /// inline, and must not branch.
    #[inline(always)]
    fn fold_group(&self, det: &mut [f64], m: &mut [[f64; 2]; 3]) {
        fold_four(self, det, m);
    }
    /// The chunk bound from per-axis maxima of absolute coordinate differences over a set
    /// of rows (proofs/predicates.md §8): exceeded by `|det'|` only where the sign of
    /// `det'` is exact, for every row of the set. `+∞` when it overflows.
    fn bound(m: [f64; 3]) -> f64;
    /// The chunk bound from the accumulators [`Rows::fold_group`] filled, each reduced to
    /// one value: [`Rows::bound`] unless the predicate folds something other than the
    /// per-axis maxima.
    #[inline(always)]
    fn chunk_bound(m: [f64; 3]) -> f64 {
        Self::bound(m)
    }
    /// The per-row filter's verdicts on rows `0..W` of a narrowed group: `±1` certified,
    /// `0` undecided. Must inline, and must not branch, so that the lanes vectorize.
    fn filter(&self) -> [i8; W];
}

/// [`Rows::fold_group`] on four lanes: [`Rows::det_maxima`] of the group, its
/// determinants stored and each lane of its maxima folded in on its own.
#[inline(always)]
fn fold_four<R: Rows>(r: &R, det: &mut [f64], m: &mut [[f64; 2]; 3]) {
    let (d, x) = r.det_maxima();
    det[..W].copy_from_slice(&d.0);
    for k in 0..R::AXES {
        let [x0, x1, x2, x3] = x[k].0;
        fold_lanes(&mut m[k], [x0, x1], [x2, x3]);
    }
}

/// Groups of [`W`] rows per chunk: the chunk bound is computed once per `G·W` rows.
const G: usize = 4;

/// After a chunk the chunk bound mostly failed on, this many chunks go straight to the
/// per-row filter (near-degenerate input, or a huge row in every chunk, pays the wasted
/// chunk pass on one chunk in `SKIP + 1`).
const SKIP: usize = 32;

/// A row's verdict against one bound `B > 0`: `1` where `det > B`, `-1` where
/// `det < −B`, `0` otherwise (NaN included). Branch-free. Every bound it is given (the
/// chunk bounds here, §8, and `orient3d_many`'s, §9) is finite only when no row it covers
/// can overflow, so an infinite `det` never meets a finite `B`.
#[inline(always)]
pub(super) fn verdict(det: f64, bound: f64) -> i8 {
    i8::from(det > bound) - i8::from(det < -bound)
}

/// [`verdict`] on every lane.
#[inline(always)]
fn verdicts_against(det: V, bound: f64) -> [i8; W] {
    let mut v = [0i8; W];
    for l in 0..W {
        v[l] = verdict(det.0[l], bound);
    }
    v
}

/// Lanes `g·W .. g·W + W` of a chunk's flat determinants.
#[inline(always)]
fn group(det: &[f64], g: usize) -> V {
    let mut d = [0.0; W];
    d.copy_from_slice(&det[g * W..][..W]);
    V(d)
}

/// The largest lane of each axis. `v.max(acc)` keeps `acc` when `v` is NaN, and `acc`
/// starts at `0`, so the result is never NaN and is at least every non-NaN lane.
#[inline(always)]
pub(super) fn reduce(m: [V; 3]) -> [f64; 3] {
    m.map(|v| v.0.iter().fold(0.0, |acc, &x| x.max(acc)))
}

/// Four rows' signs from their verdict bits: entry `p | n << 4` holds, for row `l`,
/// `Positive` where bit `l` of `p` is set (`det > B`), `Negative` where bit `l` of `n` is
/// (`det < −B`), `Zero` otherwise (never both: `B > 0` or NaN).
static SIGNS4: [[Sign; 4]; 256] = {
    let mut t = [[Sign::Zero; 4]; 256];
    let mut k = 0;
    while k < 256 {
        let mut l = 0;
        while l < 4 {
            t[k][l] = if (k >> l) & 1 == 1 {
                Sign::Positive
            } else if (k >> (l + 4)) & 1 == 1 {
                Sign::Negative
            } else {
                Sign::Zero
            };
            l += 1;
        }
        k += 1;
    }
    t
};

/// Two rows' verdicts against their bounds as bits (bit 0 the first row): `det > B`, and
/// `det < −B`; both false for a NaN on either side, as in [`verdict`].
#[inline(always)]
fn verdict_bits(det: f64x2, bound: f64x2) -> (u32, u32) {
    (
        det.simd_gt(bound).to_bitmask(),
        det.simd_lt(-bound).to_bitmask(),
    )
}

/// The four signs of a group from its verdict bits `p` (`det > B`) and `n` (`det < −B`),
/// bits `0..4`: one entry of [`SIGNS4`].
#[inline(always)]
fn signs4(p: u32, n: u32) -> [Sign; 4] {
    SIGNS4[((p & 15) | (n & 15) << 4) as usize]
}

/// One chunk of `GG` groups, rows `start..start + GG·W` of `rows` (`out.len() == GG·W`):
/// the determinants and the chunk's per-axis maxima (NaN-ignoring, so at least every
/// finite row's), one bound from them, every row compared with it ([`verdict`]'s
/// comparisons, two rows per packed compare, the signs written four at a time from
/// [`SIGNS4`]); rows it leaves undecided go to [`refine`].
///
/// Returns whether the chunk bound decided at least half of the rows (else, on
/// near-degenerate input or with a huge row in every chunk, the chunk pass is wasted work
/// and the driver skips it for a while).
#[inline(always)]
fn chunk<R: Rows, const GG: usize>(rows: &R, start: usize, out: &mut [Sign]) -> bool {
    let mut det = [0.0f64; G * W];
    // Per axis, the maxima folded to two lanes (one SSE2 register) as they come: three
    // live registers instead of six. Each lane goes into the accumulator on its own
    // (`v.max(acc)` skips a NaN `v`), so the maxima are at least every non-NaN row's, as
    // §8 states them (folding two lanes first would drop a lane beside a NaN lane: safe
    // only because that group is then refined with its own bound).
    let mut m = [[0.0f64; 2]; 3];
    let s = rows.narrow(start, GG * W);
    for g in 0..GG {
        s.narrow(g * W, W).fold_group(&mut det[g * W..], &mut m);
    }
    let bound = R::chunk_bound(m.map(|[a, b]| Lane::max(a, b)));
    // Bit `i` of `p` (`n`): row `i`'s `det > B` (`det < −B`), false for a NaN on either
    // side, as in `verdict`.
    let bound = f64x2::splat(bound);
    let (mut p, mut n) = (0u32, 0u32);
    for h in 0..GG * W / 2 {
        let (gt, lt) = verdict_bits(f64x2::from([det[2 * h], det[2 * h + 1]]), bound);
        p |= gt << (2 * h);
        n |= lt << (2 * h);
    }
    for (q, o) in out.chunks_exact_mut(W).enumerate() {
        o.copy_from_slice(&signs4(p >> (W * q), n >> (W * q)));
    }
    let decided = p | n;
    if decided == (1 << (GG * W)) - 1 {
        return true;
    }
    let failed = GG * W - decided.count_ones() as usize;
    refine(rows, start, out, &det);
    2 * failed <= GG * W
}

/// The chunks after one the chunk bound mostly failed on: per group, the per-row filter,
/// then the exact path for the rows it leaves undecided.
#[inline(always)]
fn per_row<R: Rows>(rows: R, out: &mut [Sign]) {
    for (g, o) in out.chunks_exact_mut(W).enumerate() {
        let s = rows.narrow(g * W, W);
        let v = s.filter();
        for (o, &v) in o.iter_mut().zip(&v) {
            *o = to_sign(v);
        }
        if v.contains(&0) {
            exact_zeros(&s, o);
        }
    }
}

/// The rows of a group answered `Zero` (undecided), answered exactly. Out of line.
#[cold]
#[inline(never)]
fn exact_zeros<R: Group>(s: &R, out: &mut [Sign]) {
    // Every row's points gathered before the first exact call: a point gathered from axes
    // is stored coordinate by coordinate, and the exact stages load it whole, which waits
    // for the stores to reach the cache (twice the time a row on near-degenerate axes).
    let mut rows = [None; W];
    for (l, (r, o)) in rows.iter_mut().zip(out.iter()).enumerate() {
        if o.is_zero() {
            *r = Some(s.row(l));
        }
    }
    for (r, o) in rows.iter().zip(out.iter_mut()) {
        if let Some(r) = r {
            *o = R::exact(r);
        }
    }
}

/// [`exact_zeros`] on the group of rows `start..start + out.len()` of `rows`: the caller's
/// hot loop then never stores its narrowed columns for the call.
#[cold]
#[inline(never)]
fn exact_zeros_at<R: Group>(rows: &R, start: usize, out: &mut [Sign]) {
    exact_zeros(&rows.narrow(start, out.len()), out);
}

/// The rows of a chunk its bound left undecided (those answered `Zero`): per group, the
/// bound from the group's own maxima, then the per-row filter, then the exact path. Out
/// of line: on random input no chunk gets here.
#[cold]
#[inline(never)]
fn refine<R: Rows>(rows: &R, start: usize, out: &mut [Sign], det: &[f64]) {
    for (g, o) in out.chunks_exact_mut(W).enumerate() {
        if o.iter().all(|s| !s.is_zero()) {
            continue;
        }
        let s = rows.narrow(start + g * W, W);
        let mut v = verdicts_against(group(det, g), R::bound(reduce(s.det_maxima().1)));
        if v.contains(&0) {
            let f = s.filter();
            for l in 0..W {
                if v[l] == 0 {
                    v[l] = f[l];
                }
            }
        }
        for (o, &v) in o.iter_mut().zip(&v) {
            *o = to_sign(v);
        }
        if v.contains(&0) {
            exact_zeros(&s, o);
        }
    }
}

/// The chunked driver over `out.len()` rows; the caller has checked every column has
/// that many.
#[inline(always)]
fn run<R: Rows>(out: &mut [Sign], rows: R) {
    let n = out.len();
    // Every slice narrowed to `n` once, so that the chunks below need no bounds checks.
    let rows = rows.narrow(0, n);
    let mut start = 0;
    // Chunks left to the per-row filter before the chunk bound is tried again.
    let mut skip = 0;
    while start + G * W <= n {
        let o = &mut out[start..start + G * W];
        if skip > 0 {
            per_row(rows.narrow(start, G * W), o);
            skip -= 1;
        } else if !chunk::<R, G>(&rows, start, o) {
            skip = SKIP;
        }
        start += G * W;
    }
    while start + W <= n {
        chunk::<R, 1>(&rows, start, &mut out[start..start + W]);
        start += W;
    }
    let s = rows.narrow(start, n - start);
    for (l, o) in out[start..].iter_mut().enumerate() {
        *o = s.one(l);
    }
}

/// orient3d's chunk bound from the per-axis maxima (§8's table).
#[inline(always)]
pub(super) fn orient3d_chunk_bound(m: [f64; 3]) -> f64 {
    chunk_bound(m, 3, O3_RANGE, |[x, y, z]| O3_CHUNK * (x * y * z))
}

/// incircle's chunk bound from the per-axis maxima (§8's table; `m[2]` unused).
#[inline(always)]
pub(super) fn incircle_chunk_bound(m: [f64; 3]) -> f64 {
    chunk_bound(m, 2, IC_RANGE, |[x, y, _]| {
        IC_CHUNK * ((x * y) * (x * x + y * y))
    })
}

/// insphere's chunk bound from the largest computed lift `Λ` of the chunk's rows (§8,
/// "insphere's chunk bound from the lifts"): the per-axis bound with [`lift_radius`] on
/// every axis.
#[inline(always)]
pub(super) fn insphere_lift_bound(lift: f64) -> f64 {
    insphere_chunk_bound([lift_radius(lift); 3])
}

/// insphere's chunk bound from the per-axis maxima (§8's table).
#[inline(always)]
fn insphere_chunk_bound(m: [f64; 3]) -> f64 {
    chunk_bound(m, 3, IS_RANGE, |[x, y, z]| {
        IS_CHUNK * ((x * y * z) * (x * x + y * y + z * z))
    })
}

/// `max(√Λ·(1 + 2^-40), F)` with the floor `F = 2^-180` of [`IS_RANGE`]: at least every
/// `|d'|` of every row whose computed lifts are at most `Λ` (§8, "insphere's chunk bound
/// from the lifts"). NaN only for a NaN `Λ`, which the accumulators never hold.
#[inline(always)]
fn lift_radius(lift: f64) -> f64 {
    Lane::max(num_traits::Float::sqrt(lift) * LIFT_MARGIN, IS_RANGE.0)
}

/// `1 + 2^-40`: covers the rounding of a square, the square root's (a correctly rounded
/// one, or one within an ulp) and this product's (§8).
const LIFT_MARGIN: f64 = 1.0 + 1.0 / (1u64 << 40) as f64;

/// A chunk bound (§8): `+∞` when one of the first `axes` maxima exceeds `range.1` (then a
/// row might overflow), else `f` of the maxima each raised to at least `range.0`.
#[inline(always)]
fn chunk_bound(m: [f64; 3], axes: usize, range: (f64, f64), f: impl Fn([f64; 3]) -> f64) -> f64 {
    let (floor, ceiling) = range;
    if m[..axes].iter().any(|&x| x > ceiling) {
        return f64::INFINITY;
    }
    f(m.map(|x| x.max(floor)))
}

/// Per axis, the largest `|p[k] − q[k]|` over the points `p`, lane by lane (`0` for the
/// third axis of 2D points): the same differences as the determinant's, which LLVM
/// computes once.
#[inline(always)]
fn diff_maxima<const D: usize, const N: usize>(p: [&[V; D]; N], q: &[V; D]) -> [V; 3] {
    let mut m = [V([0.0; W]); 3];
    for k in 0..D {
        m[k] = (p[0][k] - q[k]).abs();
        for pt in &p[1..] {
            m[k] = (pt[k] - q[k]).abs().max(m[k]);
        }
    }
    m
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

impl<A, B, C> Group for O2<A, B, C>
where
    A: Column<2>,
    A::Scalar: Widen,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
{
    type Row = [[f64; 2]; 3];
    #[inline(always)]
    fn narrow(self, s: usize, n: usize) -> Self {
        O2(
            self.0.narrow(s, n),
            self.1.narrow(s, n),
            self.2.narrow(s, n),
        )
    }
    #[inline(always)]
    fn row(&self, l: usize) -> Self::Row {
        [at(&self.0, l), at(&self.1, l), at(&self.2, l)]
    }
    #[inline(never)]
    fn exact(r: &Self::Row) -> Sign {
        orient2d_slow(r[0], r[1], r[2])
    }
    #[inline(never)]
    fn one(&self, l: usize) -> Sign {
        let [a, b, c] = self.row(l);
        float::orient2d(&a, &b, &c)
    }
}

impl<A, B, C, D> Group for O3<A, B, C, D>
where
    A: Column<3>,
    A::Scalar: Widen,
    B: Column<3, Scalar = A::Scalar>,
    C: Column<3, Scalar = A::Scalar>,
    D: Column<3, Scalar = A::Scalar>,
{
    type Row = [[f64; 3]; 4];
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
    fn row(&self, l: usize) -> Self::Row {
        [
            at(&self.0, l),
            at(&self.1, l),
            at(&self.2, l),
            at(&self.3, l),
        ]
    }
    #[inline(never)]
    fn exact(r: &Self::Row) -> Sign {
        orient3d_slow(r[0], r[1], r[2], r[3])
    }
    #[inline(never)]
    fn one(&self, l: usize) -> Sign {
        let [a, b, c, d] = self.row(l);
        float::orient3d(&a, &b, &c, &d)
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
    const AXES: usize = 3;
    #[inline(always)]
    fn det_maxima(&self) -> (V, [V; 3]) {
        let (a, b) = (lanes(&self.0), lanes(&self.1));
        let (c, d) = (lanes(&self.2), lanes(&self.3));
        let (det, x, y, z) = orient3d_det_maxima(&a, &b, &c, &d);
        (det, [x, y, z])
    }
    /// Two rows at a time, as insphere's ([`V2`]: on four lanes the nine differences and
    /// the maxima spill).
    #[inline(always)]
    fn fold_group(&self, det: &mut [f64], m: &mut [[f64; 2]; 3]) {
        let mut x = [[V([0.0; 2]); 3]; W / 2];
        for (h, x) in x.iter_mut().enumerate() {
            let (a, b) = (pair(&self.0, h), pair(&self.1, h));
            let (c, d) = (pair(&self.2, h), pair(&self.3, h));
            let (dt, mx, my, mz) = orient3d_det_maxima(&a, &b, &c, &d);
            det[2 * h..2 * h + 2].copy_from_slice(&dt.0);
            *x = [mx, my, mz];
        }
        for k in 0..3 {
            fold_lanes(&mut m[k], x[0][k].0, x[1][k].0);
        }
    }
    #[inline(always)]
    fn bound(m: [f64; 3]) -> f64 {
        orient3d_chunk_bound(m)
    }
    #[inline(always)]
    fn filter(&self) -> [i8; W] {
        let (a, b) = (lanes(&self.0), lanes(&self.1));
        let (c, d) = (lanes(&self.2), lanes(&self.3));
        verdicts_o3(orient3d_det_maxima(&a, &b, &c, &d))
    }
}

impl<A, B, C, D> Group for Ic<A, B, C, D>
where
    A: Column<2>,
    A::Scalar: Widen,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
    D: Column<2, Scalar = A::Scalar>,
{
    type Row = [[f64; 2]; 4];
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
    fn row(&self, l: usize) -> Self::Row {
        [
            at(&self.0, l),
            at(&self.1, l),
            at(&self.2, l),
            at(&self.3, l),
        ]
    }
    #[inline(never)]
    fn exact(r: &Self::Row) -> Sign {
        incircle_slow(r[0], r[1], r[2], r[3])
    }
    #[inline(never)]
    fn one(&self, l: usize) -> Sign {
        let [a, b, c, d] = self.row(l);
        float::incircle(&a, &b, &c, &d)
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
    const AXES: usize = 2;
    #[inline(always)]
    fn det_maxima(&self) -> (V, [V; 3]) {
        let (a, b) = (lanes(&self.0), lanes(&self.1));
        let (c, d) = (lanes(&self.2), lanes(&self.3));
        let det = incircle_det_bound(&a, &b, &c, &d).0;
        (det, diff_maxima([&a, &b, &c], &d))
    }
    /// From axes and shared points, two rows at a time in packed pairs ([`packed`]): the
    /// same determinant and maxima, lane by lane. From slices of points, four lanes as the
    /// trait's default (the gathered pairs measured 14% slower there; the packed pairs
    /// 13% faster from axes).
    #[inline(always)]
    fn fold_group(&self, det: &mut [f64], m: &mut [[f64; 2]; 3]) {
        if !(A::PACKED && B::PACKED && C::PACKED && D::PACKED) {
            return fold_four(self, det, m);
        }
        let mut acc = [f64x2::from(m[0]), f64x2::from(m[1])];
        for h in 0..W / 2 {
            let (a, b) = (packed(&self.0, h), packed(&self.1, h));
            let (c, d) = (packed(&self.2, h), packed(&self.3, h));
            let dt = incircle_det_bound(&a, &b, &c, &d).0;
            det[2 * h..2 * h + 2].copy_from_slice(&dt.to_array());
            for k in 0..2 {
                for p in [&a, &b, &c] {
                    // `Lane::max`, not `f64x2`'s inherent `max` (which also checks `acc`).
                    acc[k] = Lane::max((p[k] - d[k]).abs(), acc[k]);
                }
            }
        }
        m[0] = acc[0].to_array();
        m[1] = acc[1].to_array();
    }
    #[inline(always)]
    fn bound(m: [f64; 3]) -> f64 {
        incircle_chunk_bound(m)
    }
    #[inline(always)]
    fn filter(&self) -> [i8; W] {
        let (a, b) = (lanes(&self.0), lanes(&self.1));
        let (c, d) = (lanes(&self.2), lanes(&self.3));
        verdicts_perm(incircle_det_bound(&a, &b, &c, &d))
    }
}

impl<A, B, C, D, E> Group for Is<A, B, C, D, E>
where
    A: Column<3>,
    A::Scalar: Widen,
    B: Column<3, Scalar = A::Scalar>,
    C: Column<3, Scalar = A::Scalar>,
    D: Column<3, Scalar = A::Scalar>,
    E: Column<3, Scalar = A::Scalar>,
{
    type Row = [[f64; 3]; 5];
    #[inline(always)]
    fn narrow(self, s: usize, n: usize) -> Self {
        let Is(a, b, c, d, e) = self;
        let (a, b, c) = (a.narrow(s, n), b.narrow(s, n), c.narrow(s, n));
        Is(a, b, c, d.narrow(s, n), e.narrow(s, n))
    }
    #[inline(always)]
    fn row(&self, l: usize) -> Self::Row {
        let (a, b, c) = (at(&self.0, l), at(&self.1, l), at(&self.2, l));
        [a, b, c, at(&self.3, l), at(&self.4, l)]
    }
    #[inline(never)]
    fn exact(r: &Self::Row) -> Sign {
        insphere_slow(r[0], r[1], r[2], r[3], r[4])
    }
    #[inline(never)]
    fn one(&self, l: usize) -> Sign {
        let [a, b, c, d, e] = self.row(l);
        float::insphere(&a, &b, &c, &d, &e)
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
    const AXES: usize = 3;
    #[inline(always)]
    fn det_maxima(&self) -> (V, [V; 3]) {
        let (a, b, c) = (lanes(&self.0), lanes(&self.1), lanes(&self.2));
        let (d, e) = (lanes(&self.3), lanes(&self.4));
        let det = insphere_det_bound(&a, &b, &c, &d, &e).0;
        (det, diff_maxima([&a, &b, &c, &d], &e))
    }
    /// Two rows at a time ([`V2`]): on four lanes (eight SSE2 registers a value) the
    /// determinant's live values spill; on two they mostly fit.
    #[inline(always)]
    fn fold_group(&self, det: &mut [f64], m: &mut [[f64; 2]; 3]) {
        let mut lift = [V([0.0; 2]); W / 2];
        for (h, lift) in lift.iter_mut().enumerate() {
            let (a, b, c) = (pair(&self.0, h), pair(&self.1, h), pair(&self.2, h));
            let (d, e) = (pair(&self.3, h), pair(&self.4, h));
            let dt;
            (dt, *lift) = insphere_det_lift(&a, &b, &c, &d, &e);
            det[2 * h..2 * h + 2].copy_from_slice(&dt.0);
        }
        fold_lanes(&mut m[0], lift[0].0, lift[1].0);
    }
    /// The bound from the largest lift `Λ` in `m[0]` (§8, "insphere's chunk bound from
    /// the lifts"): every difference of every row is at most `R = √Λ·(1 + 2^-40)`, and
    /// the bound is [`Rows::bound`] with `R` on every axis.
    #[inline(always)]
    fn chunk_bound(m: [f64; 3]) -> f64 {
        insphere_lift_bound(m[0])
    }
    #[inline(always)]
    fn bound(m: [f64; 3]) -> f64 {
        insphere_chunk_bound(m)
    }
    #[inline(always)]
    fn filter(&self) -> [i8; W] {
        let (a, b, c) = (lanes(&self.0), lanes(&self.1), lanes(&self.2));
        let (d, e) = (lanes(&self.3), lanes(&self.4));
        verdicts_perm(insphere_det_bound(&a, &b, &c, &d, &e))
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
    orient2d_packed(O2(a, b, c), out);
}

/// orient2d over every row: the one-call filter (`orient2d_det_bound`, its per-row bound
/// from the permanent, proofs/predicates.md §1.4) on packed pairs of rows ([`packed`]: one
/// packed load per axis from axes, a gather from slices of points), two comparisons per
/// pair turned into bits and four signs at a time from [`SIGNS4`]; a group of four with
/// an undecided row sends that row to the exact stages. For orient2d the per-row bound
/// (two `abs`, an add and a multiply-add per pair) costs less than a chunk's maxima
/// (four `abs` and four `max` per pair) and needs no second pass.
#[inline(always)]
fn orient2d_packed<A, B, C>(rows: O2<A, B, C>, out: &mut [Sign])
where
    A: Column<2>,
    A::Scalar: Widen,
    B: Column<2, Scalar = A::Scalar>,
    C: Column<2, Scalar = A::Scalar>,
{
    let n = out.len();
    let rows = rows.narrow(0, n);
    let mut start = 0;
    while start + W <= n {
        let s = rows.narrow(start, W);
        let (mut p, mut q) = (0u32, 0u32);
        for h in 0..W / 2 {
            let (a, b, c) = (packed(&s.0, h), packed(&s.1, h), packed(&s.2, h));
            let (det, bound) = orient2d_det_bound(&a, &b, &c);
            let (gt, lt) = verdict_bits(det, bound);
            p |= gt << (2 * h);
            q |= lt << (2 * h);
        }
        let o = &mut out[start..start + W];
        o.copy_from_slice(&signs4(p, q));
        if p | q != 15 {
            exact_zeros_at(&rows, start, o);
        }
        start += W;
    }
    let s = rows.narrow(start, n - start);
    for (l, o) in out[start..].iter_mut().enumerate() {
        *o = s.one(l);
    }
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
    use super::{IC_CHUNK, IC_RANGE, IS_CHUNK, IS_RANGE, O3_CHUNK, O3_RANGE};

    /// proofs/predicates.md §8: each chunk constant is its exact right-hand side rounded
    /// up, the floors and ceilings are the stated powers of two, and at the ceiling no
    /// intermediate of a row can overflow.
    #[cfg(feature = "std")]
    #[test]
    fn chunk_constants_are_the_rounded_up_exact_values() {
        use super::super::float_tests::{U, gamma, one_minus_u_pow, q, round_up};
        use num_rational::BigRational;
        use num_traits::One;
        let int = |k: i64| BigRational::from_integer(k.into());
        let p2 = |k: i32| q(f64::from_bits(((1023 + k) as u64) << 52));
        let eta = p2(-1000) * p2(-75);
        let one = BigRational::one();
        let up = |k: usize| (0..k).fold(one.clone(), |a, _| a * (one.clone() + q(U)));
        // (monomial count · (γ_k + (1−u)^−n − 1) + η·Σ underflow terms) / (1−u)^r.
        let rhs = |terms: BigRational, k: i32, n: i32, under: BigRational, r: i32| {
            (terms * (gamma(k) + one_minus_u_pow(-n) - one.clone()) + eta.clone() * under)
                / one_minus_u_pow(r)
        };
        let o3 = rhs(
            int(6),
            5,
            3,
            int(6) * up(4) * p2(600) + int(3) * up(2) * p2(900),
            3,
        );
        let ic_under = int(21) * up(4) * p2(450) + int(3) / int(2) * up(2) * p2(900);
        let ic = rhs(int(6), 7, 4, ic_under, 4);
        let is_under = int(48) * up(7) * p2(360)
            + int(24) * up(5) * p2(540)
            + int(40) * up(5) * p2(360)
            + int(4) / int(3) * up(2) * p2(900);
        let is = rhs(int(24), 11, 5, is_under, 5);
        assert_eq!(O3_CHUNK, round_up(&o3));
        assert_eq!(IC_CHUNK, round_up(&ic));
        assert_eq!(IS_CHUNK, round_up(&is));
        // (range, degree n, floor exponent, ceiling exponent, the largest intermediate of
        // a row whose maxima are at most M ≥ 1, as a multiple of M^n·(1+u)^k).
        let max = q(f64::MAX);
        for (range, n, f, h, c, k) in [
            (O3_RANGE, 3, -300, 330, 6, 5),
            (IC_RANGE, 4, -225, 250, 12, 7),
            (IS_RANGE, 5, -180, 200, 72, 11),
        ] {
            assert_eq!(q(range.0), p2(f));
            assert_eq!(q(range.1), p2(h));
            assert_eq!(n * f, -900);
            let top = (0..n).fold(int(c) * up(k), |a, _| a * q(range.1));
            assert!(
                top < max,
                "degree {n}: intermediates overflow at the ceiling"
            );
        }
    }

    /// proofs/predicates.md §8, "insphere's chunk bound from the lifts": for every triple of
    /// differences, of every magnitude from the subnormals to the ceiling and beyond, each
    /// component is at most `lift_radius(Λ)` for its computed lift `Λ` (the lift as the
    /// determinant computes it), checked in rationals; and the radius is not loose (below
    /// `(1 + 2^-39)·√3` times the largest component above the floor).
    #[cfg(feature = "std")]
    #[test]
    fn every_difference_is_within_the_lift_radius() {
        use super::super::float_tests::q;
        use super::lift_radius;
        let mut rng = crate::oracle::Rng::new(2026);
        let mut next = move || rng.next_u64();
        let floor = IS_RANGE.0;
        let mut tight = 0;
        for i in 0..200_000u32 {
            // A random sign and significand at an exponent from −1074 to 260, around the
            // squares' underflow threshold (2^-537) one time in four, or an exact zero.
            let mut comp = |k: u32| -> f64 {
                let r = next();
                if (r >> 60) == 0 && k > 0 {
                    return 0.0;
                }
                let e = if i % 4 == 0 {
                    -545 + (r % 20) as i32
                } else {
                    -1074 + (r % 1335) as i32
                };
                let m = 1.0 + (next() >> 12) as f64 / (1u64 << 52) as f64;
                let x = m * 2f64.powi(e.clamp(-1022, 1023)) * 2f64.powi((e + 1022).min(0));
                if r & 1 == 1 { -x } else { x }
            };
            let d = [comp(0), comp(1), comp(2)];
            // When exponents differ, give the three components one exponent sometimes.
            let d = if i % 3 == 0 {
                [d[0], d[0] * 0.75, -d[0]]
            } else {
                d
            };
            let lift = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            if !lift.is_finite() {
                continue;
            }
            let r = lift_radius(lift);
            for x in d {
                assert!(
                    q(x.abs()) <= q(r),
                    "{d:?}: |{x:e}| above the radius {r:e} of the lift {lift:e}"
                );
            }
            let top = d.iter().fold(0.0f64, |a, x| a.max(x.abs()));
            if top > floor {
                assert!(
                    r <= top * 3f64.sqrt() * (1.0 + 2f64.powi(-39)),
                    "{d:?}: loose"
                );
                tight += usize::from(r < top * (1.0 + 2f64.powi(-30)));
            }
        }
        // The one-component and near-one-component triples land within 2^-30 of it.
        assert!(tight > 1000, "{tight}");
    }

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
