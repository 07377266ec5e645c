//! Bounding volume hierarchy over `f64` boxes, with a ray traversal that never loses a box
//! the exact ray meets.
//!
//! # Build
//!
//! Top-down binned surface-area-heuristic split (the SAH of Goldsmith & Salmon 1987 and
//! MacDonald & Booth 1990, "Heuristics for ray tracing using space subdivision"; binning as
//! in Wald 2007, "On fast construction of SAH-based bounding volume hierarchies"): at each
//! node the primitive centroids are binned into [`BINS`] bins along the axis of largest
//! centroid extent, and the split between bins with the least `A_L·N_L + A_R·N_R` is taken,
//! or a leaf of at most [`LEAF_MAX`] primitives when that is cheaper. `O(n log n)`. Below
//! depth [`SAH_DEPTH`] the split is the object median, so the tree is at most
//! [`SAH_DEPTH`]` + 30` levels deep for any input and a fixed traversal stack suffices.
//!
//! Nodes sit in one flat array, the two children of an inner node adjacent; a node is its
//! box (six `f64`) plus two `u32` (first child or first primitive, and the primitive count,
//! 0 for inner nodes): 56 bytes, padded to 64 so a node never straddles a cache line.
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

use alloc::vec;
use alloc::vec::Vec;

/// Centroid bins per SAH split.
const BINS: usize = 16;
/// Largest number of primitives in a leaf.
const LEAF_MAX: usize = 4;
/// Cost of one node visit (two box tests) relative to one primitive test, for the SAH.
const TRAVERSAL_COST: f64 = 1.0;
/// Depth from which splits are object medians, bounding the depth of every tree.
const SAH_DEPTH: usize = 32;
/// Traversal stack size: at least the deepest tree `build` can make (`SAH_DEPTH` levels of
/// SAH splits, then at most 30 median halvings down to `LEAF_MAX` of at most `2³²`).
const STACK: usize = 64;

/// `1 + 16u`, `u = 2⁻⁵³`: the factor applied to far slab parameters and to `t_max`.
const K: f64 = 1.0 + 1.0 / (1u64 << 49) as f64;
/// Bound on coordinates and direction magnitudes for the `f64` fast path, `2¹⁰²²`.
const WINDOW: f64 = 1.0 / f64::MIN_POSITIVE;

/// One node: `b = [min x, min y, min z, max x, max y, max z]`; an inner node (`count == 0`)
/// has children `index` and `index + 1`, a leaf holds `prims[index .. index + count]`.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct Node {
    b: [f64; 6],
    index: u32,
    count: u32,
}

/// A bounding volume hierarchy over axis-aligned boxes (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Bvh {
    nodes: Vec<Node>,
    /// Primitive ids in leaf order.
    prims: Vec<u32>,
    /// The largest `|coordinate|` over all boxes; infinite if any is infinite or NaN.
    magnitude: f64,
}

/// A box as the builder sees it.
type Box3 = ([f64; 3], [f64; 3]);

fn union(a: &mut [f64; 6], b: &Box3) {
    for k in 0..3 {
        a[k] = a[k].min(b.0[k]);
        a[k + 3] = a[k + 3].max(b.1[k]);
    }
}

const EMPTY: [f64; 6] = [
    f64::INFINITY,
    f64::INFINITY,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NEG_INFINITY,
    f64::NEG_INFINITY,
];

/// Half the surface area of `b`, in units where the node's largest half extent is 1
/// (so neither overflow nor underflow for any finite coordinates). Empty boxes give 0.
fn area(b: &[f64; 6], scale: f64) -> f64 {
    let e: [f64; 3] = core::array::from_fn(|k| ((0.5 * b[k + 3] - 0.5 * b[k]) * scale).max(0.0));
    e[0] * e[1] + e[1] * e[2] + e[2] * e[0]
}

fn centroid(b: &Box3, axis: usize) -> f64 {
    0.5 * b.0[axis] + 0.5 * b.1[axis]
}

impl Bvh {
    /// Build over primitive boxes `(min, max)`; primitive `i` has box `boxes[i]`.
    ///
    /// Boxes should be finite with `min ≤ max`. If a coordinate is infinite or NaN the tree
    /// is still built, and every query visits every primitive.
    ///
    /// # Panics
    ///
    /// If there are more than `u32::MAX` boxes.
    pub(crate) fn build(boxes: &[Box3]) -> Bvh {
        let n = boxes.len();
        assert!(
            u32::try_from(n).is_ok(),
            "a BVH holds at most u32::MAX boxes"
        );
        let mut magnitude = 0.0f64;
        for b in boxes {
            for x in b.0.iter().chain(b.1.iter()) {
                let a = x.abs();
                if a.is_nan() || a > magnitude {
                    magnitude = if a.is_nan() { f64::INFINITY } else { a };
                }
            }
        }
        let mut prims: Vec<u32> = (0..n as u32).collect();
        let mut nodes = Vec::with_capacity(if n == 0 { 0 } else { 2 * n.div_ceil(2) });
        if n > 0 {
            nodes.push(Node {
                b: EMPTY,
                index: 0,
                count: 0,
            });
            // (node, start, end, depth)
            let mut work = vec![(0usize, 0usize, n, 0usize)];
            while let Some((node, start, end, depth)) = work.pop() {
                let mut b = EMPTY;
                for &p in &prims[start..end] {
                    union(&mut b, &boxes[p as usize]);
                }
                nodes[node].b = b;
                let mid = match split(boxes, &b, &mut prims[start..end], depth) {
                    Some(m) => start + m,
                    None => {
                        nodes[node].index = start as u32;
                        nodes[node].count = (end - start) as u32;
                        continue;
                    }
                };
                let left = nodes.len();
                nodes[node].index = left as u32;
                for _ in 0..2 {
                    nodes.push(Node {
                        b: EMPTY,
                        index: 0,
                        count: 0,
                    });
                }
                // Right pushed first so the left subtree is laid out first.
                work.push((left + 1, mid, end, depth + 1));
                work.push((left, start, mid, depth + 1));
            }
        }
        Bvh {
            nodes,
            prims,
            magnitude,
        }
    }

    /// Visit every primitive whose box the ray `origin + t·direction`, `t ∈ [0, t_max]`,
    /// might meet; never skips one whose box the exact ray meets (module docs).
    ///
    /// Nodes are visited near to far. `visit(prim)` returns an upper bound on the `t` of
    /// the best hit found so far (or `f64::INFINITY`, or the old value); the bound in force
    /// is the least returned so far (NaN is ignored), and nodes the exact ray can only meet
    /// beyond it are skipped. A NaN `t_max` is taken as infinite, a negative one visits
    /// nothing. Non-finite rays visit every primitive.
    pub(crate) fn traverse(
        &self,
        origin: [f64; 3],
        direction: [f64; 3],
        t_max: f64,
        mut visit: impl FnMut(u32) -> f64,
    ) {
        if self.nodes.is_empty() || t_max < 0.0 {
            return;
        }
        let t_max = if t_max.is_nan() { f64::INFINITY } else { t_max };
        let finite = origin.iter().chain(direction.iter()).all(|x| x.is_finite());
        if !finite || !self.magnitude.is_finite() {
            for &p in &self.prims {
                visit(p);
            }
            return;
        }
        match FastSetup::new(origin, direction, self.magnitude) {
            Some(f) => match f.octant {
                0 => self.walk(&f.ray::<0>(), t_max, visit),
                1 => self.walk(&f.ray::<1>(), t_max, visit),
                2 => self.walk(&f.ray::<2>(), t_max, visit),
                3 => self.walk(&f.ray::<3>(), t_max, visit),
                4 => self.walk(&f.ray::<4>(), t_max, visit),
                5 => self.walk(&f.ray::<5>(), t_max, visit),
                6 => self.walk(&f.ray::<6>(), t_max, visit),
                _ => self.walk(&f.ray::<7>(), t_max, visit),
            },
            None => self.walk(&WideRay::new(origin, direction), t_max, visit),
        }
    }

    fn walk<R: SlabRay>(&self, ray: &R, mut t_max: f64, mut visit: impl FnMut(u32) -> f64) {
        let nodes = &self.nodes[..];
        let mut limit = ray.limit(t_max);
        if ray.enter(&nodes[0].b, &limit).is_none() {
            return;
        }
        let mut stack_node = [0u32; STACK];
        let mut stack_t = [R::ZERO; STACK];
        let mut sp = 0usize;
        let mut node = 0usize;
        loop {
            let n = &nodes[node];
            if n.count == 0 {
                let l = n.index as usize;
                let el = ray.enter(&nodes[l].b, &limit);
                let er = ray.enter(&nodes[l + 1].b, &limit);
                match (el, er) {
                    (Some(a), Some(b)) => {
                        let (near, far, tf) = if R::closer(&b, &a) {
                            (l + 1, l, a)
                        } else {
                            (l, l + 1, b)
                        };
                        stack_node[sp] = far as u32;
                        stack_t[sp] = tf;
                        sp += 1;
                        node = near;
                        continue;
                    }
                    (Some(_), None) => {
                        node = l;
                        continue;
                    }
                    (None, Some(_)) => {
                        node = l + 1;
                        continue;
                    }
                    (None, None) => {}
                }
            } else {
                let first = n.index as usize;
                for &p in &self.prims[first..first + n.count as usize] {
                    let t = visit(p);
                    if t < t_max {
                        t_max = t;
                        limit = ray.limit(t_max);
                    }
                }
            }
            // Pop the nearest pending node still within the limit.
            loop {
                if sp == 0 {
                    return;
                }
                sp -= 1;
                if ray.within(&stack_t[sp], &limit) {
                    node = stack_node[sp] as usize;
                    break;
                }
            }
        }
    }

    /// Visit every primitive whose (closed) box contains `p`. A point with a NaN
    /// coordinate, or a tree over non-finite boxes, visits every primitive.
    pub(crate) fn visit_point(&self, p: [f64; 3], mut visit: impl FnMut(u32)) {
        if self.nodes.is_empty() {
            return;
        }
        if p.iter().any(|x| x.is_nan()) || !self.magnitude.is_finite() {
            for &q in &self.prims {
                visit(q);
            }
            return;
        }
        let inside = |b: &[f64; 6]| (0..3).all(|k| b[k] <= p[k] && p[k] <= b[k + 3]);
        if !inside(&self.nodes[0].b) {
            return;
        }
        let mut stack = [0u32; STACK];
        let mut sp = 0usize;
        let mut node = 0usize;
        loop {
            let n = &self.nodes[node];
            if n.count == 0 {
                let l = n.index as usize;
                match (inside(&self.nodes[l].b), inside(&self.nodes[l + 1].b)) {
                    (true, true) => {
                        stack[sp] = (l + 1) as u32;
                        sp += 1;
                        node = l;
                        continue;
                    }
                    (true, false) => {
                        node = l;
                        continue;
                    }
                    (false, true) => {
                        node = l + 1;
                        continue;
                    }
                    (false, false) => {}
                }
            } else {
                let first = n.index as usize;
                for &q in &self.prims[first..first + n.count as usize] {
                    visit(q);
                }
            }
            if sp == 0 {
                return;
            }
            sp -= 1;
            node = stack[sp] as usize;
        }
    }

    /// Depth of the tree (a single leaf has depth 0). Used by the tests.
    #[cfg(test)]
    fn depth(&self) -> usize {
        fn go(nodes: &[Node], i: usize) -> usize {
            let n = &nodes[i];
            if n.count > 0 {
                0
            } else {
                1 + go(nodes, n.index as usize).max(go(nodes, n.index as usize + 1))
            }
        }
        if self.nodes.is_empty() {
            0
        } else {
            go(&self.nodes, 0)
        }
    }
}

/// Choose how to split the node over `prims` with bounds `b`: reorders `prims` and returns
/// the size of the left part (in `1..len`), or `None` for a leaf.
fn split(boxes: &[Box3], b: &[f64; 6], prims: &mut [u32], depth: usize) -> Option<usize> {
    let n = prims.len();
    if n <= 1 {
        return None;
    }
    // Centroid bounds, and the axis of their largest (half) extent.
    let mut cmin = [f64::INFINITY; 3];
    let mut cmax = [f64::NEG_INFINITY; 3];
    for &p in prims.iter() {
        for k in 0..3 {
            let c = centroid(&boxes[p as usize], k);
            cmin[k] = cmin[k].min(c);
            cmax[k] = cmax[k].max(c);
        }
    }
    let ext: [f64; 3] = core::array::from_fn(|k| 0.5 * cmax[k] - 0.5 * cmin[k]);
    let axis = if ext[0] >= ext[1] && ext[0] >= ext[2] {
        0
    } else if ext[1] >= ext[2] {
        1
    } else {
        2
    };
    let node_ext = (0..3)
        .map(|k| 0.5 * b[k + 3] - 0.5 * b[k])
        .fold(0.0f64, f64::max);
    let usable = depth < SAH_DEPTH
        && ext[axis] > 0.0
        && ext[axis].is_finite()
        && node_ext > 0.0
        && node_ext.is_finite();
    if !usable {
        return if n <= LEAF_MAX {
            None
        } else {
            Some(median_split(boxes, prims, axis))
        };
    }
    // Bin by centroid: bin = floor((c − cmin)/(cmax − cmin) · BINS), in halves so nothing
    // overflows.
    let scale = BINS as f64 / ext[axis];
    let lo = 0.5 * cmin[axis];
    let bin_of = |p: u32| -> usize {
        let c = 0.5 * centroid(&boxes[p as usize], axis);
        // NaN casts to 0; the cast saturates.
        (((c - lo) * scale) as usize).min(BINS - 1)
    };
    let mut bin_box = [EMPTY; BINS];
    let mut bin_count = [0usize; BINS];
    for &p in prims.iter() {
        let i = bin_of(p);
        union(&mut bin_box[i], &boxes[p as usize]);
        bin_count[i] += 1;
    }
    // Sweep from the right: area and count of bins i.. .
    let area_scale = 1.0 / node_ext;
    let mut right_area = [0.0f64; BINS];
    let mut right_count = [0usize; BINS];
    let mut acc = EMPTY;
    let mut cnt = 0usize;
    for i in (1..BINS).rev() {
        for k in 0..3 {
            acc[k] = acc[k].min(bin_box[i][k]);
            acc[k + 3] = acc[k + 3].max(bin_box[i][k + 3]);
        }
        cnt += bin_count[i];
        right_area[i] = area(&acc, area_scale);
        right_count[i] = cnt;
    }
    // Sweep from the left, evaluating the split between bins i − 1 and i.
    let mut best = (f64::INFINITY, 0usize);
    let mut acc = EMPTY;
    let mut cnt = 0usize;
    for i in 1..BINS {
        for k in 0..3 {
            acc[k] = acc[k].min(bin_box[i - 1][k]);
            acc[k + 3] = acc[k + 3].max(bin_box[i - 1][k + 3]);
        }
        cnt += bin_count[i - 1];
        if cnt == 0 || right_count[i] == 0 {
            continue;
        }
        let cost = area(&acc, area_scale) * cnt as f64 + right_area[i] * right_count[i] as f64;
        if cost < best.0 {
            best = (cost, i);
        }
    }
    if best.1 == 0 {
        // Every centroid in one bin (rounding): no SAH split.
        return if n <= LEAF_MAX {
            None
        } else {
            Some(median_split(boxes, prims, axis))
        };
    }
    let node_area = area(b, area_scale);
    let split_cost = TRAVERSAL_COST * node_area + best.0;
    let leaf_cost = n as f64 * node_area;
    if n <= LEAF_MAX && leaf_cost <= split_cost {
        return None;
    }
    // Partition: bins < best.1 to the left.
    let mut i = 0usize;
    let mut j = n;
    while i < j {
        if bin_of(prims[i]) < best.1 {
            i += 1;
        } else {
            j -= 1;
            prims.swap(i, j);
        }
    }
    debug_assert!(i > 0 && i < n);
    Some(i)
}

/// Object median along `axis`: the left half holds the `n/2` smallest centroids.
fn median_split(boxes: &[Box3], prims: &mut [u32], axis: usize) -> usize {
    let mid = prims.len() / 2;
    prims.select_nth_unstable_by(mid, |&a, &b| {
        centroid(&boxes[a as usize], axis).total_cmp(&centroid(&boxes[b as usize], axis))
    });
    mid
}

/// A ray prepared for conservative slab tests, in some arithmetic.
trait SlabRay {
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
    /// False only if a node with this entry surely lies beyond the limit.
    fn within(&self, t: &Self::T, limit: &Self::Limit) -> bool;
    /// `a` is nearer than `b` (for ordering children only).
    fn closer(a: &Self::T, b: &Self::T) -> bool;
}

/// The `f64` fast path (module docs).
///
/// `OCTANT` has bit `k` set when `1/d_k` is negative (the near plane on axis `k` is the
/// box's max): the traversal is compiled once per octant so plane selection costs nothing.
struct FastRay<const OCTANT: u8> {
    o: [f64; 3],
    inv: [f64; 3],
    inv_far: [f64; 3],
}

/// The fast-path ray before its octant is fixed.
struct FastSetup {
    o: [f64; 3],
    inv: [f64; 3],
    inv_far: [f64; 3],
    octant: u8,
}

impl FastSetup {
    /// `None` when the ray is outside the window where the `f64` bounds hold.
    fn new(o: [f64; 3], d: [f64; 3], magnitude: f64) -> Option<FastSetup> {
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

    fn ray<const OCTANT: u8>(&self) -> FastRay<OCTANT> {
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
        if lo <= hi {
            Some(lo)
        } else {
            None
        }
    }

    #[inline(always)]
    fn within(&self, t: &f64, limit: &f64) -> bool {
        *t <= *limit
    }

    #[inline(always)]
    fn closer(a: &f64, b: &f64) -> bool {
        a < b
    }
}

/// A number `m·2^e` with `m = 0` or `1 ≤ |m| < 2` and an exponent that cannot overflow in
/// this module's use; [`Wide::INF`] stands for +∞. Every operation rounds at most once.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Wide {
    m: f64,
    e: i32,
}

/// 2⁶⁴, to normalize subnormals.
const TWO_64: f64 = 18446744073709551616.0;

impl Wide {
    const ZERO: Wide = Wide { m: 0.0, e: 0 };
    /// Above every finite value (finite values here have `|e| < 5000`).
    const INF: Wide = Wide { m: 1.0, e: 1 << 20 };

    /// Exact, for finite `x`.
    fn from_f64(x: f64) -> Wide {
        if x == 0.0 {
            return Wide::ZERO;
        }
        let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
            (x * TWO_64, -64)
        } else {
            (x, 0)
        };
        let bits = x.to_bits();
        let exp = ((bits >> 52) & 0x7ff) as i32;
        let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1023u64 << 52));
        Wide {
            m,
            e: exp - 1023 + bias,
        }
    }

    fn normalize(m: f64, e: i32) -> Wide {
        if m == 0.0 {
            Wide::ZERO
        } else if m.abs() >= 2.0 {
            Wide {
                m: m * 0.5,
                e: e + 1,
            }
        } else if m.abs() < 1.0 {
            Wide {
                m: m * 2.0,
                e: e - 1,
            }
        } else {
            Wide { m, e }
        }
    }

    /// One rounding (the mantissa product).
    fn mul(self, other: Wide) -> Wide {
        if self.e == Wide::INF.e || other.e == Wide::INF.e {
            return Wide::INF;
        }
        Wide::normalize(self.m * other.m, self.e + other.e)
    }

    /// `1/x` for finite nonzero `x`: one rounding.
    fn recip(x: f64) -> Wide {
        let w = Wide::from_f64(x);
        Wide::normalize(1.0 / w.m, -w.e)
    }

    /// `b − o` for finite `b`, `o`: within a factor `(1 ± u)²` (one rounding, or, above
    /// `2¹⁰²¹`, the halvings: exact for large operands, `2⁻¹⁰⁷⁵` off for tiny ones, which
    /// are negligible against a result above `2¹⁰²⁰`).
    fn diff(b: f64, o: f64) -> Wide {
        if b.abs() < 0.5 * WINDOW && o.abs() < 0.5 * WINDOW {
            Wide::from_f64(b - o)
        } else {
            let w = Wide::from_f64(0.5 * b - 0.5 * o);
            if w.m == 0.0 {
                w
            } else {
                Wide { m: w.m, e: w.e + 1 }
            }
        }
    }

    /// `self ≤ other`, exactly.
    fn le(self, other: Wide) -> bool {
        let sa = sign(self.m);
        let sb = sign(other.m);
        if sa != sb {
            return sa < sb;
        }
        match sa {
            0 => true,
            1 => self.e < other.e || (self.e == other.e && self.m <= other.m),
            _ => self.e > other.e || (self.e == other.e && self.m <= other.m),
        }
    }
}

fn sign(m: f64) -> i32 {
    if m > 0.0 {
        1
    } else if m < 0.0 {
        -1
    } else {
        0
    }
}

/// The slow path for rays outside the `f64` window: the same test in [`Wide`] numbers.
struct WideRay {
    o: [f64; 3],
    /// `None` for a zero direction component.
    inv: [Option<(Wide, Wide)>; 3],
    neg: [bool; 3],
}

impl WideRay {
    fn new(o: [f64; 3], d: [f64; 3]) -> WideRay {
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

    fn closer(a: &Wide, b: &Wide) -> bool {
        !b.le(*a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use num_traits::{One, Signed, ToPrimitive, Zero};

    /// splitmix64, fixed seeds.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
        fn range(&mut self, a: f64, b: f64) -> f64 {
            a + (b - a) * self.unit()
        }
    }

    fn q(x: f64) -> BigRational {
        BigRational::from_float(x).expect("finite")
    }

    fn pow2(k: i32) -> f64 {
        // Exact for -1074 ≤ k ≤ 1023.
        let mut x = 1.0f64;
        if k >= 0 {
            for _ in 0..k {
                x *= 2.0;
            }
        } else {
            for _ in 0..(-k).min(1022) {
                x *= 0.5;
            }
            for _ in 1022..-k {
                x *= 0.5;
            }
        }
        x
    }

    /// A fraction `n/d`, `d > 0`, compared by cross-multiplication (no gcd).
    #[derive(Clone, Debug)]
    struct Frac {
        n: BigInt,
        d: BigInt,
    }

    impl Frac {
        fn new(n: BigInt, d: BigInt) -> Frac {
            if d.is_negative() {
                Frac { n: -n, d: -d }
            } else {
                Frac { n, d }
            }
        }
        fn le(&self, o: &Frac) -> bool {
            &self.n * &o.d <= &o.n * &self.d
        }
        fn to_f64(&self) -> f64 {
            BigRational::new(self.n.clone(), self.d.clone())
                .to_f64()
                .unwrap_or(f64::INFINITY)
        }
    }

    /// `x = m·2^e` with integer `m` (`e` is the ulp exponent; 0 for zero).
    fn decode(x: f64) -> (BigInt, i32) {
        let (m, e, s) = num_traits::Float::integer_decode(x);
        (BigInt::from(m) * BigInt::from(s), e as i32)
    }

    /// The exact entry parameter at which `o + t d`, `t ∈ [0, t_max]` (`t_max` infinite:
    /// unbounded) first meets the closed box, or `None` if it never does. Every input is
    /// written as an integer times `2^e_min`; parameters are `(P − O)/D`, free of the scale.
    fn exact_entry(b: &Box3, o: [f64; 3], d: [f64; 3], t_max: f64) -> Option<Frac> {
        let finite_t = t_max != f64::INFINITY;
        let mut vals: Vec<f64> =
            b.0.iter()
                .chain(&b.1)
                .chain(&o)
                .chain(&d)
                .copied()
                .collect();
        if finite_t {
            vals.push(t_max);
        }
        let e_min = vals
            .iter()
            .filter(|x| **x != 0.0)
            .map(|&x| decode(x).1)
            .min()
            .unwrap_or(0);
        let int = |x: f64| -> BigInt {
            let (m, e) = decode(x);
            if x == 0.0 {
                BigInt::zero()
            } else {
                m << ((e - e_min) as usize)
            }
        };
        let mut lo = Frac::new(BigInt::zero(), BigInt::one());
        let mut hi: Option<Frac> = finite_t.then(|| {
            let t = int(t_max);
            if e_min >= 0 {
                Frac::new(t << (e_min as usize), BigInt::one())
            } else {
                Frac::new(t, BigInt::one() << ((-e_min) as usize))
            }
        });
        for k in 0..3 {
            let (bl, bh, ok) = (int(b.0[k]), int(b.1[k]), int(o[k]));
            if d[k] == 0.0 {
                if ok < bl || ok > bh {
                    return None;
                }
                continue;
            }
            let dk = int(d[k]);
            let ta = Frac::new(&bl - &ok, dk.clone());
            let tb = Frac::new(&bh - &ok, dk);
            let (t0, t1) = if ta.le(&tb) { (ta, tb) } else { (tb, ta) };
            if !t0.le(&lo) {
                lo = t0;
            }
            hi = Some(match hi {
                Some(h) if h.le(&t1) => h,
                _ => t1,
            });
        }
        match hi {
            Some(h) if !lo.le(&h) => None,
            _ => Some(lo),
        }
    }

    /// Check `traverse` against brute force: without pruning every box met is visited,
    /// and each primitive at most once.
    fn check_no_pruning(boxes: &[Box3], bvh: &Bvh, o: [f64; 3], d: [f64; 3], t_max: f64) {
        let mut seen = vec![0u32; boxes.len()];
        bvh.traverse(o, d, t_max, |p| {
            seen[p as usize] += 1;
            f64::INFINITY
        });
        let t_max = if t_max.is_nan() { f64::INFINITY } else { t_max };
        for (i, b) in boxes.iter().enumerate() {
            assert!(seen[i] <= 1, "primitive {i} visited {} times", seen[i]);
            if exact_entry(b, o, d, t_max).is_some() {
                assert_eq!(
                    seen[i], 1,
                    "box {i} {b:?} met by ray o={o:?} d={d:?} t_max={t_max} but not visited"
                );
            }
        }
    }

    /// With pruning: `visit` returns bounds derived from exact entries (rounded either
    /// way) and random values; afterwards every box met within the final bound was visited.
    fn check_pruning(
        boxes: &[Box3],
        bvh: &Bvh,
        o: [f64; 3],
        d: [f64; 3],
        t_max: f64,
        rng: &mut Rng,
    ) {
        let mut seen = vec![false; boxes.len()];
        let mut bound = t_max;
        let mode = rng.below(4);
        let mut r = Rng(rng.next());
        bvh.traverse(o, d, t_max, |p| {
            seen[p as usize] = true;
            let entry = exact_entry(&boxes[p as usize], o, d, f64::INFINITY);
            let ret = match (mode, entry) {
                (_, None) => f64::INFINITY,
                // The box's exact entry, rounded to nearest (may be just below it).
                (0, Some(e)) => e.to_f64(),
                // Somewhere inside the box's interval, or a random fraction of it.
                (1, Some(e)) => e.to_f64() * (1.0 + r.unit()),
                (2, Some(e)) => e.to_f64() * r.unit(),
                (_, Some(_)) => {
                    if r.below(3) == 0 {
                        f64::INFINITY
                    } else {
                        bound
                    }
                }
            };
            if ret < bound {
                bound = ret;
            }
            ret
        });
        if bound < 0.0 || bound.is_nan() {
            return;
        }
        for (i, b) in boxes.iter().enumerate() {
            if exact_entry(b, o, d, bound).is_some() {
                assert!(
                    seen[i],
                    "box {i} {b:?} met by ray o={o:?} d={d:?} within bound {bound} (t_max {t_max}) but skipped"
                );
            }
        }
    }

    fn random_boxes(rng: &mut Rng, n: usize, scale: f64) -> Vec<Box3> {
        (0..n)
            .map(|_| {
                let c: [f64; 3] = core::array::from_fn(|_| rng.range(-1.0, 1.0));
                let h: [f64; 3] = core::array::from_fn(|_| rng.range(0.0, 0.1) * rng.unit());
                (
                    core::array::from_fn(|k| (c[k] - h[k]) * scale),
                    core::array::from_fn(|k| (c[k] + h[k]) * scale),
                )
            })
            .collect()
    }

    /// Boxes with corners on the grid `k/4`, `k ∈ [-8, 8]`, some of them flat.
    fn grid_boxes(rng: &mut Rng, n: usize) -> Vec<Box3> {
        (0..n)
            .map(|_| {
                let a: [i64; 3] = core::array::from_fn(|_| rng.below(17) as i64 - 8);
                let s: [i64; 3] = core::array::from_fn(|_| rng.below(4) as i64);
                (
                    core::array::from_fn(|k| a[k] as f64 / 4.0),
                    core::array::from_fn(|k| (a[k] + s[k]).min(8) as f64 / 4.0),
                )
            })
            .collect()
    }

    fn scale_boxes(boxes: &[Box3], s: f64) -> Vec<Box3> {
        boxes
            .iter()
            .map(|b| (b.0.map(|x| x * s), b.1.map(|x| x * s)))
            .collect()
    }

    /// Adversarial rays on the grid: origins on grid points (so often on box faces), aimed
    /// exactly at box corners, edge points and face points, or axis-parallel.
    fn grid_ray(rng: &mut Rng, boxes: &[Box3]) -> ([f64; 3], [f64; 3]) {
        let o: [f64; 3] = core::array::from_fn(|_| (rng.below(41) as i64 - 20) as f64 / 4.0);
        let b = &boxes[rng.below(boxes.len() as u64) as usize];
        let d: [f64; 3] = match rng.below(6) {
            // At a corner.
            0 => core::array::from_fn(|k| {
                if rng.below(2) == 0 {
                    b.0[k] - o[k]
                } else {
                    b.1[k] - o[k]
                }
            }),
            // At an edge or face point (midpoints are dyadic).
            1 => core::array::from_fn(|k| match rng.below(3) {
                0 => b.0[k] - o[k],
                1 => b.1[k] - o[k],
                _ => 0.5 * (b.0[k] + b.1[k]) - o[k],
            }),
            // Axis-parallel, either sign of zero.
            2 => {
                let axis = rng.below(3) as usize;
                let z = if rng.below(2) == 0 { 0.0 } else { -0.0 };
                core::array::from_fn(|k| {
                    if k == axis {
                        if rng.below(2) == 0 {
                            1.0
                        } else {
                            -1.0
                        }
                    } else {
                        z
                    }
                })
            }
            // In a coordinate plane.
            3 => {
                let axis = rng.below(3) as usize;
                core::array::from_fn(|k| {
                    if k == axis {
                        0.0
                    } else {
                        (rng.below(9) as i64 - 4) as f64 / 4.0
                    }
                })
            }
            // Random small-integer direction.
            4 => core::array::from_fn(|_| (rng.below(9) as i64 - 4) as f64),
            // Random.
            _ => core::array::from_fn(|_| rng.range(-1.0, 1.0)),
        };
        (o, d)
    }

    fn t_max_choice(rng: &mut Rng, scale_t: f64) -> f64 {
        match rng.below(4) {
            0 | 1 => f64::INFINITY,
            2 => (rng.below(16) as f64 / 4.0) * scale_t,
            _ => rng.range(0.0, 4.0) * scale_t,
        }
    }

    #[test]
    fn empty_and_single() {
        let bvh = Bvh::build(&[]);
        bvh.traverse([0.0; 3], [1.0, 0.0, 0.0], f64::INFINITY, |_| {
            panic!("empty")
        });
        bvh.visit_point([0.0; 3], |_| panic!("empty"));
        let boxes = [([0.0; 3], [1.0; 3])];
        let bvh = Bvh::build(&boxes);
        let mut n = 0;
        bvh.traverse([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], f64::INFINITY, |_| {
            n += 1;
            f64::INFINITY
        });
        assert_eq!(n, 1);
        bvh.traverse([-1.0, 0.5, 0.5], [-1.0, 0.0, 0.0], f64::INFINITY, |_| {
            panic!("behind")
        });
        bvh.traverse([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], 0.5, |_| {
            panic!("too short")
        });
        // t_max exactly at the entry: touching counts.
        let mut n = 0;
        bvh.traverse([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], 1.0, |_| {
            n += 1;
            f64::INFINITY
        });
        assert_eq!(n, 1);
    }

    #[test]
    fn random_boxes_random_rays() {
        let mut rng = Rng(1);
        for &n in &[1usize, 2, 3, 5, 17, 100, 1000] {
            let boxes = random_boxes(&mut rng, n, 1.0);
            let bvh = Bvh::build(&boxes);
            assert!(bvh.depth() <= STACK);
            for _ in 0..200 {
                let o: [f64; 3] = core::array::from_fn(|_| rng.range(-2.0, 2.0));
                let d: [f64; 3] = core::array::from_fn(|_| rng.range(-1.0, 1.0));
                let t = t_max_choice(&mut rng, 1.0);
                check_no_pruning(&boxes, &bvh, o, d, t);
                check_pruning(&boxes, &bvh, o, d, t, &mut rng);
            }
        }
    }

    #[test]
    fn grid_rays_through_edges_and_corners() {
        let mut rng = Rng(2);
        for &n in &[4usize, 40, 400] {
            for _ in 0..3 {
                let boxes = grid_boxes(&mut rng, n);
                let bvh = Bvh::build(&boxes);
                for _ in 0..400 {
                    let (o, d) = grid_ray(&mut rng, &boxes);
                    let t = t_max_choice(&mut rng, 1.0);
                    check_no_pruning(&boxes, &bvh, o, d, t);
                    check_pruning(&boxes, &bvh, o, d, t, &mut rng);
                }
            }
        }
    }

    /// The grid cases scaled by powers of two: coordinates by `2^s`, directions by `2^r`,
    /// so the exact answers are the same while every magnitude regime (subnormal to near
    /// overflow, and parameters far outside the `f64` range) is exercised.
    #[test]
    fn extreme_magnitudes() {
        let mut rng = Rng(3);
        let exps = [
            -1070, -1000, -600, -300, -40, 0, 40, 300, 600, 1000, 1019, 1022,
        ];
        for &s in &exps {
            let base = grid_boxes(&mut rng, 200);
            let boxes = scale_boxes(&base, pow2(s));
            let bvh = Bvh::build(&boxes);
            for &r in &exps {
                for _ in 0..40 {
                    let (o, d) = grid_ray(&mut rng, &base);
                    let o = o.map(|x| x * pow2(s));
                    let d = d.map(|x| x * pow2(r));
                    // Parameters scale by 2^(s − r); t_max may be finite only in range.
                    let t = if (s - r).abs() < 1000 {
                        t_max_choice(&mut rng, pow2(s - r))
                    } else {
                        f64::INFINITY
                    };
                    check_no_pruning(&boxes, &bvh, o, d, t);
                    check_pruning(&boxes, &bvh, o, d, t, &mut rng);
                }
            }
        }
    }

    /// Huge and tiny boxes in one tree, rays from far away and from near the origin.
    #[test]
    fn mixed_magnitudes() {
        let mut rng = Rng(4);
        let mut boxes = Vec::new();
        for &s in &[-1060, -500, -20, 0, 20, 500, 1015] {
            boxes.extend(scale_boxes(&grid_boxes(&mut rng, 30), pow2(s)));
        }
        boxes.push(([-f64::MAX; 3], [f64::MAX; 3]));
        boxes.push(([f64::MAX, 0.0, 0.0], [f64::MAX; 3]));
        let bvh = Bvh::build(&boxes);
        assert!(bvh.depth() <= STACK);
        for _ in 0..3000 {
            let so = [-1060, -500, 0, 500, 1015][rng.below(5) as usize];
            let sd = [-1074, -1060, -500, 0, 500, 1023][rng.below(6) as usize];
            let (o, d) = if rng.below(4) == 0 {
                let b = &boxes[rng.below(boxes.len() as u64) as usize];
                let o: [f64; 3] = core::array::from_fn(|_| rng.range(-2.0, 2.0) * pow2(so));
                // Aim at a corner, halving to avoid overflow.
                let d = core::array::from_fn(|k| 0.5 * b.1[k] - 0.5 * o[k]);
                (o, d)
            } else {
                (
                    core::array::from_fn(|_| rng.range(-2.0, 2.0) * pow2(so)),
                    core::array::from_fn(|_| {
                        if rng.below(5) == 0 {
                            0.0
                        } else {
                            rng.range(-1.0, 1.0) * pow2(sd)
                        }
                    }),
                )
            };
            let t = if rng.below(2) == 0 {
                f64::INFINITY
            } else {
                rng.range(0.0, 2.0) * pow2([-1000, 0, 1000][rng.below(3) as usize])
            };
            check_no_pruning(&boxes, &bvh, o, d, t);
            check_pruning(&boxes, &bvh, o, d, t, &mut rng);
        }
    }

    #[test]
    fn origin_inside_and_zero_direction() {
        let mut rng = Rng(5);
        let boxes = grid_boxes(&mut rng, 300);
        let bvh = Bvh::build(&boxes);
        for _ in 0..500 {
            let o: [f64; 3] = core::array::from_fn(|_| (rng.below(17) as i64 - 8) as f64 / 4.0);
            let d = if rng.below(2) == 0 {
                [0.0; 3]
            } else {
                [-0.0; 3]
            };
            check_no_pruning(&boxes, &bvh, o, d, f64::INFINITY);
            check_no_pruning(&boxes, &bvh, o, d, 0.0);
        }
    }

    #[test]
    fn non_finite_inputs_visit_everything() {
        let mut rng = Rng(6);
        let boxes = random_boxes(&mut rng, 50, 1.0);
        let bvh = Bvh::build(&boxes);
        for (o, d) in [
            ([f64::NAN, 0.0, 0.0], [1.0, 0.0, 0.0]),
            ([0.0; 3], [f64::INFINITY, 0.0, 0.0]),
        ] {
            let mut n = 0;
            bvh.traverse(o, d, f64::INFINITY, |_| {
                n += 1;
                f64::INFINITY
            });
            assert_eq!(n, boxes.len());
        }
        // A NaN t_max is an infinite one; a NaN returned bound is ignored.
        check_no_pruning(&boxes, &bvh, [-3.0, 0.0, 0.0], [1.0, 0.01, 0.0], f64::NAN);
        let mut with_nan = boxes.clone();
        with_nan[3].0[1] = f64::NAN;
        let bvh = Bvh::build(&with_nan);
        let mut n = 0;
        bvh.traverse([5.0; 3], [1.0; 3], f64::INFINITY, |_| {
            n += 1;
            f64::INFINITY
        });
        assert_eq!(n, boxes.len());
    }

    #[test]
    fn depth_is_bounded_on_adversarial_inputs() {
        // Geometrically spaced boxes (SAH peels one at a time), identical boxes, and
        // identical centroids with nested sizes.
        let geometric: Vec<Box3> = (0..2000)
            .map(|i| {
                let x = pow2(i / 2 - 500);
                ([x, 0.0, 0.0], [x * 1.5, 1.0, 1.0])
            })
            .collect();
        let same: Vec<Box3> = vec![([0.0; 3], [1.0; 3]); 5000];
        let nested: Vec<Box3> = (1..3000)
            .map(|i| {
                let h = i as f64;
                ([-h; 3], [h; 3])
            })
            .collect();
        for boxes in [&geometric, &same, &nested] {
            let bvh = Bvh::build(boxes);
            assert!(bvh.depth() <= STACK, "depth {}", bvh.depth());
            let mut sorted = bvh.prims.clone();
            sorted.sort_unstable();
            assert!(sorted.iter().enumerate().all(|(i, &p)| p as usize == i));
            let mut rng = Rng(7);
            for _ in 0..50 {
                let o: [f64; 3] = core::array::from_fn(|_| rng.range(-3.0, 3.0));
                let d: [f64; 3] = core::array::from_fn(|_| rng.range(-1.0, 1.0));
                check_no_pruning(boxes, &bvh, o, d, f64::INFINITY);
            }
        }
    }

    #[test]
    fn visit_point_matches_brute_force() {
        let mut rng = Rng(8);
        let (mut extra, mut total) = (0usize, 0usize);
        for &s in &[-1060, 0, 1000] {
            let boxes = scale_boxes(&grid_boxes(&mut rng, 500), pow2(s));
            let bvh = Bvh::build(&boxes);
            for _ in 0..500 {
                let p: [f64; 3] =
                    core::array::from_fn(|_| (rng.below(41) as i64 - 20) as f64 / 8.0 * pow2(s));
                let mut seen = vec![0u32; boxes.len()];
                bvh.visit_point(p, |i| seen[i as usize] += 1);
                for (i, b) in boxes.iter().enumerate() {
                    let inside = (0..3).all(|k| b.0[k] <= p[k] && p[k] <= b.1[k]);
                    // Whole leaves are visited: a superset, each at most once.
                    assert!(
                        seen[i] <= 1 && seen[i] >= inside as u32,
                        "box {i} {b:?} point {p:?}"
                    );
                    extra += (seen[i] as usize) - (inside as usize);
                    total += inside as usize;
                }
            }
        }
        // 1,500 queries over 500 boxes each: the tree must cull almost everything.
        assert!(
            extra + total < 1500 * 50,
            "{extra} extra, {total} containing"
        );
    }

    /// Near-to-far: with `visit` returning the exact entry of each visited box, the nearest
    /// box met is visited first among the leaves' boxes in most cases, and pruning cuts
    /// the visits well below the number of boxes met.
    #[test]
    fn pruning_prunes() {
        let mut rng = Rng(9);
        let boxes = random_boxes(&mut rng, 5000, 1.0);
        let bvh = Bvh::build(&boxes);
        let (mut visited, mut met) = (0usize, 0usize);
        for _ in 0..200 {
            let o: [f64; 3] = core::array::from_fn(|_| rng.range(-3.0, 3.0));
            let target: [f64; 3] = core::array::from_fn(|_| rng.range(-0.5, 0.5));
            let d: [f64; 3] = core::array::from_fn(|k| target[k] - o[k]);
            bvh.traverse(o, d, f64::INFINITY, |p| {
                visited += 1;
                exact_entry(&boxes[p as usize], o, d, f64::INFINITY)
                    .map_or(f64::INFINITY, |e| e.to_f64())
            });
            met += boxes
                .iter()
                .filter(|b| exact_entry(b, o, d, f64::INFINITY).is_some())
                .count();
        }
        assert!(visited * 2 < met, "visited {visited}, met {met}");
    }

    #[test]
    fn wide_is_exact_and_ordered() {
        let mut rng = Rng(10);
        let value = |w: Wide| -> BigRational {
            let m = q(w.m);
            let two = BigRational::from_integer(BigInt::from(2));
            if w.e >= 0 {
                m * num_traits::pow(two, w.e as usize)
            } else {
                m / num_traits::pow(two, (-w.e) as usize)
            }
        };
        let mut samples = vec![
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            pow2(-1074),
            -pow2(-1074),
            f64::MAX,
            -f64::MAX,
            1.0,
            1.5,
            -1.5,
        ];
        for _ in 0..300 {
            let e = rng.below(2098) as i32 - 1074;
            let m = rng.range(1.0, 2.0);
            let s = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            samples.push(s * m * pow2(e.min(1023)) * if e > 1023 { 0.5 } else { 1.0 });
        }
        for &x in &samples {
            let w = Wide::from_f64(x);
            assert!(w.m == 0.0 || (1.0..2.0).contains(&w.m.abs()));
            assert_eq!(value(w), q(x), "{x:e}");
        }
        for &x in &samples {
            for &y in samples.iter().step_by(7) {
                let (a, b) = (Wide::from_f64(x), Wide::from_f64(y));
                assert_eq!(a.le(b), q(x) <= q(y), "{x:e} <= {y:e}");
                // Products and reciprocals within one rounding.
                let p = value(a.mul(b));
                let exact = q(x) * q(y);
                let err = (&p - &exact).abs();
                assert!(err <= exact.abs() * q(pow2(-53)));
                if y != 0.0 {
                    let r = value(Wide::recip(y));
                    let exact = BigRational::one() / q(y);
                    assert!((&r - &exact).abs() <= exact.abs() * q(pow2(-53)));
                }
                let df = value(Wide::diff(x, y));
                let exact = q(x) - q(y);
                assert!(
                    (&df - &exact).abs() <= exact.abs() * q(pow2(-52)),
                    "{x:e} - {y:e}"
                );
            }
        }
    }
}
