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
//! Rays are tested against the boxes conservatively (never skipping a box the exact ray
//! meets): the slab tests and the argument are in [`super::slab`].

use alloc::vec;
use alloc::vec::Vec;

use super::slab::{FastSetup, SlabRay, WideRay};

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
pub(super) const STACK: usize = 64;

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
    pub(super) prims: Vec<u32>,
    /// The largest `|coordinate|` over all boxes; infinite if any is infinite or NaN.
    magnitude: f64,
}

/// A box as the builder sees it.
pub(super) type Box3 = ([f64; 3], [f64; 3]);

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
    pub(super) fn depth(&self) -> usize {
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
