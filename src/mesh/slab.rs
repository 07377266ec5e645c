//! The conservative slab tests of the BVH traversal ([`Bvh::traverse`](super::bvh::Bvh::traverse)):
//! a ray never skips a box the exact ray meets.
//!
//! # Conservative traversal
//!
//! The slab test (Kay & Kajiya 1986; with a precomputed inverse direction and the near and
//! far planes chosen by its sign, as in Williams et al. 2005) computes, per axis, the
//! parameters `t = (plane − o)·(1/d)` at which the ray crosses the box's two planes. Each is
//! rounded, so the computed interval can miss the exact one by a few ulps and a ray through
//! a box edge or corner can be wrongly culled. Ize 2013 ("Robust BVH Ray Traversal", JCGT
//! 2(2)) shows that scaling the far parameters by `1 + 2γ₃` restores conservativeness. Here
//! the same idea, with the bound rederived for what is actually computed:
//!
//! * Near parameter `fl(fl(p − o) · fl(1/d))`, far parameter `fl(fl(p − o) · fl(fl(1/d)·K))`,
//!   and the limit `fl(t_max · K)`. Before the last rounding, the near parameter is within
//!   a factor `(1 ± u)²` of the exact one (`u = 2⁻⁵³`; a difference of floats has relative
//!   error at most `u` even when it is subnormal, and `1/d` is kept normal), and the far
//!   one within `K(1 ± u)³`. With `K = 1 + 16u`, `K(1 − u)³ ≥ (1 + u)²`, so for any near
//!   plane `i` and far plane `j` with exact `0 < t_i ≤ t_j`, the computed products satisfy
//!   `near_i ≤ far_j` *before* the last rounding, and rounding is monotone (including
//!   underflow to subnormals or zero and overflow to ∞), so after it too. Rounding never
//!   flips a sign, which covers the planes behind the origin against the entry clamped
//!   at 0. Hence whenever the exact ray meets the box at some `t ∈ [0, t_max]`, the
//!   computed entry (the largest near parameter, and 0) is at most the computed exit (the
//!   smallest far parameter, and the limit). Ize's `1 + 2γ₃` is the same budget (three
//!   roundings against three); `K` leaves a margin.
//! * A zero direction component gives `1/d = ±∞`: a plane on the wrong side gives `±∞`,
//!   which culls or does not constrain exactly as the exact test does; an origin exactly
//!   on the plane gives `0·∞ = NaN`, and the minimum and maximum are written so a NaN
//!   operand is ignored (`if t > lo { t } else { lo }`): the axis then does not constrain
//!   the ray, which lies in the box's face, again as the exact test says.
//! * The relative bounds need `fl(p − o)` not to overflow and `1/d` to be normal: every
//!   `|o|` and box coordinate at most `2¹⁰²²` and every nonzero `|d|` in `[2⁻¹⁰²², 2¹⁰²²]`,
//!   checked once per ray. A ray outside that window runs the same traversal in [`Wide`]
//!   arithmetic (an `f64` mantissa with an unbounded exponent, nothing overflows or
//!   underflows, zero direction components decided exactly): at most four roundings
//!   before a monotone last one, covered by the same `K`.
//! * Non-finite rays, and trees over non-finite boxes, visit every primitive.
//!
//! Pruning by the current best hit uses the same limit: a node whose stored entry exceeds
//! `fl(t_max · K)` is skipped, which by the argument above only skips boxes the
//! exact ray does not meet within `[0, t_max]`.
//!
//! The traversal tests the four children of a 4-wide node at once ([`SlabRay::enter4`]):
//! for each lane the same operations on the same values as [`SlabRay::enter`], written
//! lane-wise over the node's structure of arrays so that they vectorize; so the argument
//! holds lane by lane, and unused lanes (the empty box `lo = +∞`, `hi = −∞`) are culled
//! on every ray. The whole argument, with the collapse of the binary tree and the
//! stack bound, is in `proofs/bvh_rays.md`.

use super::bvh::{UNUSED, Wide4};
use super::wide::Wide;

/// `1 + 16u`, `u = 2⁻⁵³`: the factor applied to far slab parameters and to `t_max`.
pub(super) const K: f64 = 1.0 + 1.0 / (1u64 << 49) as f64;
/// Bound on coordinates and direction magnitudes for the `f64` fast path, `2¹⁰²²`.
pub(super) const WINDOW: f64 = 1.0 / f64::MIN_POSITIVE;

/// A ray prepared for conservative slab tests, in some arithmetic.
pub(super) trait SlabRay {
    /// A ray parameter.
    type T: Copy;
    /// A parameter that is never read (stack filler).
    const ZERO: Self::T;
    /// The conservative form of a `t_max` (at least `t_max`).
    type Limit;
    fn limit(&self, t_max: f64) -> Self::Limit;
    /// `Some(conservative entry parameter)` unless the exact ray surely misses `b` within
    /// `[0, t_max]`.
    fn enter(&self, b: &[f64; 6], limit: &Self::Limit) -> Option<Self::T>;
    /// [`SlabRay::enter`] on each used lane of a 4-wide node: the entries and whether the
    /// lane may be met (an unused lane never is).
    #[inline]
    fn enter4(&self, n: &Wide4, limit: &Self::Limit) -> ([Self::T; 4], [bool; 4]) {
        let mut t = [Self::ZERO; 4];
        let mut met = [false; 4];
        for j in 0..4 {
            if n.count(j) == UNUSED {
                continue;
            }
            if let Some(e) = self.enter(&n.lane(j), limit) {
                (t[j], met[j]) = (e, true);
            }
        }
        (t, met)
    }
    /// False only if a node with this entry surely lies beyond the limit.
    fn within(&self, t: &Self::T, limit: &Self::Limit) -> bool;
    /// The ray's octant: bit `k` set when the direction's component `k` is negative
    /// (the index into [`Wide4::order`]).
    fn octant(&self) -> usize;
}

/// The `f64` fast path (module docs).
///
/// `OCTANT` has bit `k` set when `1/d_k` is negative (the near plane on axis `k` is the
/// box's max): the traversal is compiled once per octant so plane selection costs nothing.
pub(super) struct FastRay<const OCTANT: u8> {
    o: [f64; 3],
    inv: [f64; 3],
    inv_far: [f64; 3],
}

/// The fast-path ray before its octant is fixed.
pub(super) struct FastSetup {
    o: [f64; 3],
    inv: [f64; 3],
    inv_far: [f64; 3],
    pub(super) octant: u8,
}

impl FastSetup {
    /// `None` when the ray is outside the window where the `f64` bounds hold.
    #[inline]
    pub(super) fn new(o: [f64; 3], d: [f64; 3], magnitude: f64) -> Option<FastSetup> {
        if magnitude.is_nan() || magnitude > WINDOW {
            return None;
        }
        let mut inv = [0.0; 3];
        let mut inv_far = [0.0; 3];
        let mut octant = 0u8;
        for k in 0..3 {
            if o[k].abs() > WINDOW {
                return None;
            }
            let a = d[k].abs();
            if a != 0.0 && !(1.0 / WINDOW..=WINDOW).contains(&a) {
                return None;
            }
            // ±∞ for a zero component, with the sign of the zero.
            inv[k] = 1.0 / d[k];
            inv_far[k] = inv[k] * K;
            if inv[k] < 0.0 {
                octant |= 1 << k;
            }
        }
        Some(FastSetup {
            o,
            inv,
            inv_far,
            octant,
        })
    }

    #[inline]
    pub(super) fn ray<const OCTANT: u8>(&self) -> FastRay<OCTANT> {
        FastRay {
            o: self.o,
            inv: self.inv,
            inv_far: self.inv_far,
        }
    }
}

impl<const OCTANT: u8> SlabRay for FastRay<OCTANT> {
    type T = f64;
    const ZERO: f64 = 0.0;
    type Limit = f64;

    #[inline(always)]
    fn limit(&self, t_max: f64) -> f64 {
        t_max * K
    }

    #[inline(always)]
    fn enter(&self, b: &[f64; 6], limit: &f64) -> Option<f64> {
        let mut lo = 0.0f64;
        let mut hi = *limit;
        for k in 0..3 {
            let (near, far) = if OCTANT & (1 << k) != 0 {
                (b[k + 3], b[k])
            } else {
                (b[k], b[k + 3])
            };
            let t0 = (near - self.o[k]) * self.inv[k];
            let t1 = (far - self.o[k]) * self.inv_far[k];
            // NaN (0·∞: origin on the plane of a zero direction component) is ignored.
            lo = if t0 > lo { t0 } else { lo };
            hi = if t1 < hi { t1 } else { hi };
        }
        if lo <= hi { Some(lo) } else { None }
    }

    /// The same operations as [`FastRay::enter`] on each lane, written lane-wise over
    /// the node's structure of arrays so that they vectorize.
    #[inline(always)]
    fn enter4(&self, n: &Wide4, limit: &f64) -> ([f64; 4], [bool; 4]) {
        let mut lo = [0.0f64; 4];
        let mut hi = [*limit; 4];
        for k in 0..3 {
            let (near, far) = if OCTANT & (1 << k) != 0 {
                (&n.hi[k], &n.lo[k])
            } else {
                (&n.lo[k], &n.hi[k])
            };
            let (o, inv, inv_far) = (self.o[k], self.inv[k], self.inv_far[k]);
            for j in 0..4 {
                let t0 = (near[j] - o) * inv;
                let t1 = (far[j] - o) * inv_far;
                // NaN (0·∞: origin on the plane of a zero direction component) is ignored.
                lo[j] = if t0 > lo[j] { t0 } else { lo[j] };
                hi[j] = if t1 < hi[j] { t1 } else { hi[j] };
            }
        }
        // An unused lane's empty box is culled on the first axis (`proofs/bvh_rays.md`
        // §3), so no mask is needed.
        let met = core::array::from_fn(|j| lo[j] <= hi[j]);
        (lo, met)
    }

    #[inline(always)]
    fn within(&self, t: &f64, limit: &f64) -> bool {
        *t <= *limit
    }

    #[inline(always)]
    fn octant(&self) -> usize {
        OCTANT as usize
    }
}

/// The slow path for rays outside the `f64` window: the same test in [`Wide`] numbers.
pub(super) struct WideRay {
    o: [f64; 3],
    /// `None` for a zero direction component.
    inv: [Option<(Wide, Wide)>; 3],
    neg: [bool; 3],
}

impl WideRay {
    pub(super) fn new(o: [f64; 3], d: [f64; 3]) -> WideRay {
        let k = Wide::from_f64(K);
        WideRay {
            o,
            inv: core::array::from_fn(|i| {
                (d[i] != 0.0).then(|| {
                    let inv = Wide::recip(d[i]);
                    (inv, inv.mul(k))
                })
            }),
            neg: core::array::from_fn(|i| d[i] < 0.0),
        }
    }
}

impl SlabRay for WideRay {
    type T = Wide;
    const ZERO: Wide = Wide::ZERO;
    type Limit = Wide;

    fn limit(&self, t_max: f64) -> Wide {
        if t_max == f64::INFINITY {
            Wide::INF
        } else {
            Wide::from_f64(t_max).mul(Wide::from_f64(K))
        }
    }

    fn enter(&self, b: &[f64; 6], limit: &Wide) -> Option<Wide> {
        let mut lo = Wide::ZERO;
        let mut hi = *limit;
        for k in 0..3 {
            match self.inv[k] {
                None => {
                    if self.o[k] < b[k] || self.o[k] > b[k + 3] {
                        return None;
                    }
                }
                Some((inv, inv_far)) => {
                    let (near, far) = if self.neg[k] {
                        (b[k + 3], b[k])
                    } else {
                        (b[k], b[k + 3])
                    };
                    let t0 = Wide::diff(near, self.o[k]).mul(inv);
                    let t1 = Wide::diff(far, self.o[k]).mul(inv_far);
                    if !t0.le(lo) {
                        lo = t0;
                    }
                    if !hi.le(t1) {
                        hi = t1;
                    }
                }
            }
        }
        lo.le(hi).then_some(lo)
    }

    fn within(&self, t: &Wide, limit: &Wide) -> bool {
        t.le(*limit)
    }

    fn octant(&self) -> usize {
        (0..3).map(|k| usize::from(self.neg[k]) << k).sum()
    }
}
