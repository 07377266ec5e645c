//! Bounding volume hierarchy over `f64` boxes ([`Bvh`]): box queries, the pair traversals
//! of `bvh_pairs.rs`, and a ray traversal that never loses a box the exact ray meets.
//!
//! # Build
//!
//! A linear BVH (Lauterbach et al. 2009, "Fast BVH construction on GPUs"; Karras 2012,
//! "Maximizing parallelism in the construction of BVHs, octrees, and k-d trees"): each
//! box's centroid is quantized to a 1024³ grid over the centroids' bounds, the boxes are
//! sorted by the Morton code of their cell (30 bits, one sort of `u64` keys that carry
//! the index too, so the order is deterministic), and a node over a sorted range splits
//! where the highest bit in which its first and last codes differ changes: a spatial
//! median split of the grid cell the range spans. A range of at most [`LEAF_MAX`] boxes
//! whose codes differ only in their 9 lowest bits (one block of 8³ cells) is a leaf, as
//! is a single box; a range whose codes are all equal (boxes in one grid cell) is split at the
//! object median along its longest centroid extent. Each split consumes at least one of
//! the 30 code bits or halves the range, so the tree is at most `30 + 31` levels deep for
//! any input and a fixed traversal stack suffices. `O(n log n)`, dominated by the sort;
//! boxes are then computed bottom-up in one pass.
//!
//! The tree is meant for the mesh queries, which are dominated on real meshes by pairs of
//! neighbouring triangles: a spatially coherent tree built in a few tens of milliseconds
//! for hundreds of thousands of triangles matters more than the last percent of ray
//! traversal speed a surface-area-heuristic build would give.
//!
//! Nodes sit in one flat array, the two children of an inner node adjacent; a node is its
//! box (six `f64`) plus two `u32` (first child or first primitive, and the primitive count,
//! 0 for inner nodes): 56 bytes, padded to 64 so a node never straddles a cache line.
//!
//! Rays traverse a 4-wide form of the same tree ([`Wide4`], built by [`collapse`] after
//! the binary tree): each wide node holds up to four children's boxes as structure of
//! arrays, so the slab tests of all four are one vectorized loop, and the children met
//! are pushed without a branch in an order stored per node for each octant of ray
//! directions, front to back by the node's splits (parry's QBVH has the same shape; four
//! children per node halve the steps of a walk). Box and pair queries use the binary nodes;
//! point location walks a ray.
//!
//! Rays are tested against the boxes conservatively (never skipping a box the exact ray
//! meets): the slab tests and the argument are in [`super::slab`] and
//! `proofs/bvh_rays.md`.

use alloc::vec;
use alloc::vec::Vec;

use super::slab::{FastSetup, SlabRay, WideRay};

/// Largest number of primitives in a leaf.
const LEAF_MAX: usize = 4;
/// Codes of the boxes of one leaf differ below this bit: the leaf lies in a block of 8³
/// grid cells.
const LEAF_SPAN: u32 = 1 << 9;
/// Bits of each quantized centroid coordinate (a `2^GRID_BITS` grid per axis).
const GRID_BITS: u32 = 10;
/// Traversal stack size: at least the deepest tree [`Bvh::new`] can make (`3·GRID_BITS`
/// splits on code bits, then at most 31 median halvings of at most `2³²` boxes, and one
/// for the root).
pub(super) const STACK: usize = 64;
const _: () = assert!(3 * GRID_BITS as usize + 31 < STACK);

/// One node: `b = [min x, min y, min z, max x, max y, max z]`; an inner node (`count == 0`)
/// has children `index` and `index + 1`, a leaf holds `prims[index .. index + count]`.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(super) struct Node {
    pub(super) b: [f64; 6],
    pub(super) index: u32,
    pub(super) count: u32,
}

/// A node of the 4-wide tree the rays traverse: the boxes of up to four children as
/// structure of arrays (`lo[axis][lane]`, `hi[axis][lane]`), so that the slab test of all
/// four is one loop over lanes that the compiler vectorizes. Lane `j` is a leaf holding
/// `prims[child(j) .. child(j) + count(j)]` when `count(j) > 0`, else the wide node
/// `child(j)`; both are packed in `refs[j]` (`child | count << 32`, the form the walk's
/// stack holds). Unused lanes (a node of two or three children) hold the empty box
/// [`EMPTY`] (`lo = +∞`, `hi = −∞`), which every slab test culls ([`super::slab`]), with
/// `count` [`UNUSED`].
///
/// `order[octant]` lists the four lanes front to back for rays whose direction has the
/// signs of `octant` (bit `k` set: component `k` negative), two bits per lane, first lane
/// in the lowest bits, unused lanes last: at each binary split inside the node, the child
/// whose centre lies lower on the split's axis comes first unless the ray goes down that
/// axis ([`collapse`]). The walk pushes the lanes met in that order without comparing
/// their entries; the order decides only which child is visited first, never whether.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(super) struct Wide4 {
    pub(super) lo: [[f64; 4]; 3],
    pub(super) hi: [[f64; 4]; 3],
    pub(super) refs: [u64; 4],
    pub(super) order: [u8; 8],
}

/// The `count` of an unused lane of a [`Wide4`].
pub(super) const UNUSED: u32 = u32::MAX;

impl Wide4 {
    const NONE: Wide4 = Wide4 {
        lo: [[f64::INFINITY; 4]; 3],
        hi: [[f64::NEG_INFINITY; 4]; 3],
        refs: [(UNUSED as u64) << 32; 4],
        order: [0b11_10_01_00; 8],
    };

    /// Lane `j`'s first primitive (a leaf) or wide node (the walk reads `refs` whole).
    #[cfg(test)]
    pub(super) fn child(&self, j: usize) -> u32 {
        self.refs[j] as u32
    }

    /// Lane `j`'s number of primitives: 0 for a wide node, [`UNUSED`] for an unused lane.
    #[inline]
    pub(super) fn count(&self, j: usize) -> u32 {
        (self.refs[j] >> 32) as u32
    }

    /// Lane `j`'s box as [`Node::b`].
    #[inline]
    pub(super) fn lane(&self, j: usize) -> [f64; 6] {
        [
            self.lo[0][j],
            self.lo[1][j],
            self.lo[2][j],
            self.hi[0][j],
            self.hi[1][j],
            self.hi[2][j],
        ]
    }
}

/// Ray traversal stack of the wide tree. While the walk is at a wide node of depth `d`
/// (the root has depth 0), each of its `d` ancestors has left at most three siblings
/// pending, and the node pushes at most four: `3d + 4` entries. The wide tree is no
/// deeper than the binary one (< [`STACK`]).
const WIDE_STACK: usize = 3 * STACK + 4;
/// Wide trees at most this deep (every mesh below about 4⁹ leaves, in practice far more)
/// walk with the shorter stack [`SHALLOW_STACK`].
const SHALLOW_DEPTH: usize = 12;
const SHALLOW_STACK: usize = 3 * SHALLOW_DEPTH + 4;

/// The axis along which the centres of binary node `x`'s two children lie farthest
/// apart, and whether the second child's centre is the lower one on it (the split the
/// wide node's lane order follows).
fn split_axis(nodes: &[Node], x: usize) -> (usize, bool) {
    let l = nodes[x].index as usize;
    let centre = |b: &[f64; 6], k: usize| 0.5 * b[k] + 0.5 * b[k + 3];
    let gap = |k: usize| centre(&nodes[l + 1].b, k) - centre(&nodes[l].b, k);
    let mut axis = 0;
    for k in 1..3 {
        // A NaN gap is never chosen over a number (the order is a heuristic only).
        if gap(k).abs() > gap(axis).abs() {
            axis = k;
        }
    }
    (axis, gap(axis) < 0.0)
}

/// The lanes below binary node `x` front to back for rays of each octant (see
/// [`Wide4::order`]), packed two bits per lane as there, and their number;
/// `kids` are the binary nodes that became the lanes. Each split's axis is found once.
fn lanes_in_order(nodes: &[Node], kids: &[usize], x: usize) -> ([u8; 8], usize) {
    if let Some(j) = kids.iter().position(|&k| k == x) {
        return ([j as u8; 8], 1);
    }
    let l = nodes[x].index as usize;
    let (axis, swapped) = split_axis(nodes, x);
    let (low, n_low) = lanes_in_order(nodes, kids, l);
    let (high, n_high) = lanes_in_order(nodes, kids, l + 1);
    let order = core::array::from_fn(|octant| {
        let down = octant >> axis & 1 == 1;
        if swapped != down {
            high[octant] | low[octant] << (2 * n_high)
        } else {
            low[octant] | high[octant] << (2 * n_low)
        }
    });
    (order, n_low + n_high)
}

/// Half the surface area of a box (the collapse opens the largest child first).
fn half_area(b: &[f64; 6]) -> f64 {
    let e: [f64; 3] = core::array::from_fn(|k| b[k + 3] - b[k]);
    e[0] * e[1] + e[1] * e[2] + e[2] * e[0]
}

/// Collapses the binary tree into [`Wide4`] nodes: each wide node takes a binary node's
/// two children and, while it has fewer than four, replaces its inner child of largest
/// surface area by that child's two children. Every binary leaf becomes a leaf lane with
/// the same box and primitives, and every lane's box is the box of a binary node, so the
/// rays meet the same boxes in fewer steps. The wide children of a node are numbered
/// together, as they are made. A tree that is a single leaf gets a root with one lane.
/// Returns the nodes and the depth of the wide tree.
fn collapse(nodes: &[Node]) -> (Vec<Wide4>, usize) {
    let mut wide = Vec::with_capacity(nodes.len() / 3 + 1);
    let mut depth = 0;
    if nodes.is_empty() {
        return (wide, depth);
    }
    wide.push(Wide4::NONE);
    // (binary node, its wide node, its depth)
    let mut work = vec![(0usize, 0usize, 0usize)];
    while let Some((b, w, d)) = work.pop() {
        depth = depth.max(d);
        let mut kids = [0usize; 4];
        let mut len;
        if nodes[b].count > 0 {
            kids[0] = b;
            len = 1;
        } else {
            let l = nodes[b].index as usize;
            kids[..2].copy_from_slice(&[l, l + 1]);
            len = 2;
            while len < 4 {
                let mut open = None;
                let mut best = f64::NEG_INFINITY;
                for (j, &k) in kids[..len].iter().enumerate() {
                    let a = half_area(&nodes[k].b);
                    if nodes[k].count == 0 && (open.is_none() || a > best) {
                        open = Some(j);
                        best = a;
                    }
                }
                let Some(j) = open else { break };
                let l = nodes[kids[j]].index as usize;
                // Its two children take its place, in order.
                kids.copy_within(j + 1..len, j + 2);
                kids[j] = l;
                kids[j + 1] = l + 1;
                len += 1;
            }
        }
        let mut node = Wide4::NONE;
        let (order, _) = lanes_in_order(nodes, &kids[..len], b);
        // Unused lanes last.
        let unused: u8 = (len..4).map(|i| (i as u8) << (2 * i)).sum();
        node.order = order.map(|o| o | unused);
        for (j, &k) in kids[..len].iter().enumerate() {
            for a in 0..3 {
                node.lo[a][j] = nodes[k].b[a];
                node.hi[a][j] = nodes[k].b[a + 3];
            }
            if nodes[k].count > 0 {
                node.refs[j] = u64::from(nodes[k].index) | u64::from(nodes[k].count) << 32;
            } else {
                node.refs[j] = wide.len() as u64;
                wide.push(Wide4::NONE);
                work.push((k, wide.len() - 1, d + 1));
            }
        }
        wide[w] = node;
    }
    (wide, depth)
}

/// A bounding volume hierarchy over axis-aligned `f64` boxes: the broad phase of the mesh
/// queries, public so that you can run your own box and pair queries on it.
///
/// Primitive `i` is the box `boxes[i]` given to [`Bvh::new`], a closed box
/// `lo ≤ x ≤ hi` (per coordinate): boxes that only touch do overlap. The queries are
/// exact comparisons of the stored `f64` bounds, so they report every pair or box whose
/// closed boxes overlap and nothing else. A box whose bounds are inverted on an axis
/// (`lo > hi`) is read as the box between the two values; a NaN bound as unbounded on
/// that side (the box reaches to infinity), so such a box overlaps every box on that
/// axis.
///
/// The tree is a linear BVH (boxes sorted along a Morton curve, spatial median splits)
/// with leaves of at most four boxes, built in `O(n log n)`; pair queries descend two
/// trees at once. The mesh's rays walk a 4-wide form of the same tree, made with it.
/// [`TriMesh::bvh`](crate::TriMesh::bvh) gives the one a mesh built for its triangles.
///
/// # Examples
///
/// ```
/// use isect::mesh::Bvh;
/// let boxes = [
///     ([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]),
///     ([1.0, 0.0, 0.0], [2.0, 1.0, 1.0]), // touches box 0 along the face x = 1
///     ([5.0, 5.0, 5.0], [6.0, 6.0, 6.0]),
/// ];
/// let bvh = Bvh::new(&boxes);
/// assert_eq!(bvh.len(), 3);
/// assert_eq!(bvh.overlapping_pairs(), vec![[0, 1]]);
/// let mut hits = vec![];
/// bvh.for_each_overlapping([0.5, 0.5, 0.5], [5.0, 5.0, 5.0], |i| hits.push(i));
/// hits.sort();
/// assert_eq!(hits, vec![0, 1, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct Bvh {
    pub(super) nodes: Vec<Node>,
    /// Primitive ids in leaf order.
    pub(super) prims: Vec<u32>,
    /// The primitives' boxes in leaf order (`leaf_boxes[k]` is the box of `prims[k]`),
    /// as [`Node::b`], after the reading of NaN and inverted bounds of [`Bvh::new`].
    pub(super) leaf_boxes: Vec<[f64; 6]>,
    /// The same tree collapsed to 4-wide nodes, for rays ([`Wide4`]).
    pub(super) wide: Vec<Wide4>,
    /// The wide tree is at most [`SHALLOW_DEPTH`] deep, so [`SHALLOW_STACK`] entries
    /// suffice for its ray traversal.
    shallow: bool,
    /// The largest `|coordinate|` over all boxes; infinite if any is infinite or NaN.
    pub(super) magnitude: f64,
}

/// A box as the builder sees it.
pub(super) type Box3 = ([f64; 3], [f64; 3]);

/// The closed boxes `a` and `b` (as [`Node::b`]) share a point. Non-short-circuit `&`:
/// six comparisons without branches are faster than six predicted branches here.
#[inline(always)]
pub(super) fn boxes_overlap(a: &[f64; 6], b: &[f64; 6]) -> bool {
    (a[0] <= b[3])
        & (b[0] <= a[3])
        & (a[1] <= b[4])
        & (b[1] <= a[4])
        & (a[2] <= b[5])
        & (b[2] <= a[5])
}

/// No NaN and `lo ≤ hi` on every axis.
fn well_formed(b: &Box3) -> bool {
    (0..3).all(|k| b.0[k] <= b.1[k])
}

/// The box as [`Bvh::new`] reads it: bounds sorted, NaN bounds unbounded.
fn read_box(b: &Box3) -> Box3 {
    let mut lo = [0.0; 3];
    let mut hi = [0.0; 3];
    for k in 0..3 {
        let (x, y) = (b.0[k], b.1[k]);
        (lo[k], hi[k]) = match (x.is_nan(), y.is_nan()) {
            (false, false) => (x.min(y), x.max(y)),
            (false, true) => (x, f64::INFINITY),
            (true, false) => (f64::NEG_INFINITY, y),
            (true, true) => (f64::NEG_INFINITY, f64::INFINITY),
        };
    }
    (lo, hi)
}

const EMPTY: [f64; 6] = [
    f64::INFINITY,
    f64::INFINITY,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NEG_INFINITY,
    f64::NEG_INFINITY,
];

/// A primitive as the builder moves it around: its box (as [`Node::b`]), its centroid
/// and its id. The builder partitions these in place, so every pass over a node's
/// primitives reads memory in order.
#[derive(Clone, Copy)]
struct Item {
    b: [f64; 6],
    c: [f64; 3],
    id: u32,
}

fn union6(a: &mut [f64; 6], b: &[f64; 6]) {
    for k in 0..3 {
        a[k] = a[k].min(b[k]);
        a[k + 3] = a[k + 3].max(b[k + 3]);
    }
}

impl Bvh {
    /// Builds the hierarchy over the boxes `(lo, hi)`; primitive `i` has box `boxes[i]`.
    ///
    /// Every input is accepted: inverted bounds are swapped and NaN bounds read as
    /// unbounded (see [`Bvh`]). Ray queries on a tree with a non-finite bound visit every
    /// primitive.
    ///
    /// # Panics
    ///
    /// If there are more than `u32::MAX` boxes.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::mesh::Bvh;
    /// let bvh = Bvh::new(&[([0.0, 0.0, 0.0], [1.0, 1.0, 1.0])]);
    /// assert_eq!(bvh.len(), 1);
    /// assert!(Bvh::new(&[]).is_empty());
    /// ```
    pub fn new(boxes: &[([f64; 3], [f64; 3])]) -> Bvh {
        let n = boxes.len();
        assert!(
            u32::try_from(n).is_ok(),
            "a BVH holds at most u32::MAX boxes"
        );
        let owned: Vec<Box3>;
        let boxes = if boxes.iter().all(well_formed) {
            boxes
        } else {
            owned = boxes.iter().map(read_box).collect();
            &owned[..]
        };
        let mut magnitude = 0.0f64;
        for b in boxes {
            for x in b.0.iter().chain(b.1.iter()) {
                let a = x.abs();
                if a.is_nan() || a > magnitude {
                    magnitude = if a.is_nan() { f64::INFINITY } else { a };
                }
            }
        }
        let mut items: Vec<Item> = boxes
            .iter()
            .enumerate()
            .map(|(i, (lo, hi))| Item {
                b: [lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]],
                c: core::array::from_fn(|k| 0.5 * lo[k] + 0.5 * hi[k]),
                id: i as u32,
            })
            .collect();
        let codes = sort_by_morton(&mut items);
        let mut nodes = Vec::with_capacity(if n == 0 { 0 } else { 2 * n.div_ceil(2) });
        if n > 0 {
            nodes.push(Node {
                b: EMPTY,
                index: 0,
                count: 0,
            });
            // (node, start, end)
            let mut work = vec![(0usize, 0usize, n)];
            while let Some((node, start, end)) = work.pop() {
                let (first, last) = (codes[start], codes[end - 1]);
                // A leaf: few boxes, all within one block of 8³ grid cells (a short range
                // of the curve can jump across the grid; such a range is split further).
                if end - start == 1 || (end - start <= LEAF_MAX && first ^ last < LEAF_SPAN) {
                    nodes[node].index = start as u32;
                    nodes[node].count = (end - start) as u32;
                    continue;
                }
                let mid = if first != last {
                    // The codes share their bits above `bit`; those with `bit` clear
                    // come first.
                    let bit = 31 - (first ^ last).leading_zeros();
                    start + codes[start..end].partition_point(|c| c & (1 << bit) == 0)
                } else {
                    start + median_split(&mut items[start..end])
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
                work.push((left + 1, mid, end));
                work.push((left, start, mid));
            }
            // Boxes bottom-up: children always come after their parent.
            for i in (0..nodes.len()).rev() {
                let (index, count) = (nodes[i].index as usize, nodes[i].count as usize);
                let mut b = EMPTY;
                if count == 0 {
                    union6(&mut b, &nodes[index].b);
                    union6(&mut b, &nodes[index + 1].b);
                } else {
                    for it in &items[index..index + count] {
                        union6(&mut b, &it.b);
                    }
                }
                nodes[i].b = b;
            }
        }
        let prims = items.iter().map(|it| it.id).collect();
        let leaf_boxes = items.iter().map(|it| it.b).collect();
        let (wide, wide_depth) = collapse(&nodes);
        Bvh {
            nodes,
            prims,
            leaf_boxes,
            wide,
            shallow: wide_depth <= SHALLOW_DEPTH,
            magnitude,
        }
    }

    /// The number of boxes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::mesh::Bvh::new(&[([0.0; 3], [1.0; 3]); 5]).len(), 5);
    /// ```
    pub fn len(&self) -> usize {
        self.prims.len()
    }

    /// `true` when the tree holds no box.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(isect::mesh::Bvh::new(&[]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.prims.is_empty()
    }

    /// Calls `f(i)` for every box `i` whose closed box overlaps the closed query box
    /// `lo ≤ x ≤ hi` (touching counts), in no particular order. A query with a NaN bound
    /// or `lo > hi` on some axis is read as in [`Bvh::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::mesh::Bvh;
    /// let bvh = Bvh::new(&[([0.0; 3], [1.0; 3]), ([2.0; 3], [3.0; 3])]);
    /// let mut found = vec![];
    /// bvh.for_each_overlapping([1.0, 1.0, 1.0], [1.5, 1.5, 1.5], |i| found.push(i));
    /// assert_eq!(found, vec![0]);
    /// ```
    pub fn for_each_overlapping(&self, lo: [f64; 3], hi: [f64; 3], mut f: impl FnMut(u32)) {
        if self.nodes.is_empty() {
            return;
        }
        let (lo, hi) = read_box(&(lo, hi));
        let q = [lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]];
        let mut stack = Vec::with_capacity(STACK);
        stack.push(0u32);
        while let Some(i) = stack.pop() {
            let n = &self.nodes[i as usize];
            if !boxes_overlap(&n.b, &q) {
                continue;
            }
            if n.count == 0 {
                stack.push(n.index);
                stack.push(n.index + 1);
            } else {
                let r = n.index as usize..(n.index + n.count) as usize;
                for (&p, b) in self.prims[r.clone()].iter().zip(&self.leaf_boxes[r]) {
                    if boxes_overlap(b, &q) {
                        f(p);
                    }
                }
            }
        }
    }

    /// Visit every primitive whose box the ray `origin + t·direction`, `t ∈ [0, t_max]`,
    /// might meet; never skips one whose box the exact ray meets (module docs).
    ///
    /// Nodes are visited roughly front to back (each node's children in its stored order
    /// for the ray's octant). `visit(prim)` returns an upper bound on the `t` of
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
            Some(f) if self.shallow => self.walk_octant::<SHALLOW_STACK>(&f, t_max, visit),
            Some(f) => self.walk_octant::<WIDE_STACK>(&f, t_max, visit),
            None => self.walk::<_, WIDE_STACK>(&WideRay::new(origin, direction), t_max, visit),
        }
    }

    /// The fast walk compiled for the ray's octant, with a stack of `N` entries.
    #[inline(always)]
    fn walk_octant<const N: usize>(
        &self,
        f: &FastSetup,
        t_max: f64,
        visit: impl FnMut(u32) -> f64,
    ) {
        match f.octant {
            0 => self.walk::<_, N>(&f.ray::<0>(), t_max, visit),
            1 => self.walk::<_, N>(&f.ray::<1>(), t_max, visit),
            2 => self.walk::<_, N>(&f.ray::<2>(), t_max, visit),
            3 => self.walk::<_, N>(&f.ray::<3>(), t_max, visit),
            4 => self.walk::<_, N>(&f.ray::<4>(), t_max, visit),
            5 => self.walk::<_, N>(&f.ray::<5>(), t_max, visit),
            6 => self.walk::<_, N>(&f.ray::<6>(), t_max, visit),
            _ => self.walk::<_, N>(&f.ray::<7>(), t_max, visit),
        }
    }

    /// The ray traversal of the wide tree, with a stack of `N` entries: [`SHALLOW_STACK`]
    /// when [`Bvh::shallow`], else [`WIDE_STACK`] (the stack is set to zero per ray, so
    /// the shallow trees of most meshes get a short one).
    fn walk<R: SlabRay, const N: usize>(
        &self,
        ray: &R,
        mut t_max: f64,
        mut visit: impl FnMut(u32) -> f64,
    ) {
        let wide = &self.wide[..];
        let mut limit = ray.limit(t_max);
        if ray.enter(&self.nodes[0].b, &limit).is_none() {
            return;
        }
        // Pending children: `index | count << 32` (count 0: a wide node) and their entry.
        let mut stack_ref = [0u64; N];
        let mut stack_t = [R::ZERO; N];
        let mut sp = 0usize;
        let mut node = 0usize;
        // Read once: a constant for `FastRay`, three shifts for `WideRay`.
        let octant = ray.octant();
        loop {
            let n = &wide[node];
            let (t, met) = ray.enter4(n, &limit);
            // The children met, pushed back to front in the node's order for the ray's
            // octant, so the front one is popped next. No branch: every lane is written,
            // at the number of lanes met behind it, so a lane not met is overwritten by
            // the next one or lies above the new top. The writes stay below `sp + 4`,
            // within the stack bound.
            let order = n.order[octant];
            let mask = (0..4).fold(0usize, |m, j| m | usize::from(met[j]) << j);
            let refs = &mut stack_ref[sp..sp + 4];
            let ts = &mut stack_t[sp..sp + 4];
            let mut at = 0usize;
            for i in (0..4).rev() {
                let j = usize::from(order >> (2 * i) & 3);
                refs[at & 3] = n.refs[j];
                ts[at & 3] = t[j];
                at += mask >> j & 1;
            }
            sp += at;
            // Pop the next pending child still within the limit; leaves are visited
            // here, a wide node is descended into.
            loop {
                if sp == 0 {
                    return;
                }
                sp -= 1;
                if !ray.within(&stack_t[sp], &limit) {
                    continue;
                }
                let r = stack_ref[sp];
                let (index, count) = ((r & 0xffff_ffff) as usize, (r >> 32) as usize);
                if count == 0 {
                    node = index;
                    break;
                }
                for &p in &self.prims[index..index + count] {
                    let t = visit(p);
                    if t < t_max {
                        t_max = t;
                        limit = ray.limit(t_max);
                    }
                }
            }
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

/// The least and greatest centroid coordinates of the items, per axis.
fn centroid_bounds(items: &[Item]) -> ([f64; 3], [f64; 3]) {
    let mut cmin = [f64::INFINITY; 3];
    let mut cmax = [f64::NEG_INFINITY; 3];
    for it in items {
        for k in 0..3 {
            cmin[k] = cmin[k].min(it.c[k]);
            cmax[k] = cmax[k].max(it.c[k]);
        }
    }
    (cmin, cmax)
}

/// Sorts the items by the Morton code of their quantized centroid (ties by index) and
/// returns the codes in that order.
fn sort_by_morton(items: &mut Vec<Item>) -> Vec<u32> {
    let (cmin, cmax) = centroid_bounds(items);
    let top = ((1u32 << GRID_BITS) - 1) as f64;
    // In halves so that nothing overflows; a zero, infinite or NaN extent quantizes that
    // axis to 0 (the cast maps NaN to 0 and saturates).
    let scale: [f64; 3] = core::array::from_fn(|k| {
        let ext = 0.5 * cmax[k] - 0.5 * cmin[k];
        if ext > 0.0 && ext.is_finite() {
            top / ext
        } else {
            0.0
        }
    });
    let cell = |it: &Item, k: usize| -> u32 {
        (((0.5 * it.c[k] - 0.5 * cmin[k]) * scale[k]) as u32).min(top as u32)
    };
    let mut keys: Vec<u64> = items
        .iter()
        .map(|it| {
            let code = spread(cell(it, 0)) | spread(cell(it, 1)) << 1 | spread(cell(it, 2)) << 2;
            u64::from(code) << 32 | u64::from(it.id)
        })
        .collect();
    keys.sort_unstable();
    let sorted: Vec<Item> = keys
        .iter()
        .map(|&k| items[(k & 0xffff_ffff) as usize])
        .collect();
    *items = sorted;
    keys.iter().map(|&k| (k >> 32) as u32).collect()
}

/// The 10 low bits of `x` spread to every third bit (bit `i` to bit `3i`).
fn spread(x: u32) -> u32 {
    let mut x = x & 0x3ff;
    x = (x | x << 16) & 0x0300_00ff;
    x = (x | x << 8) & 0x0300_f00f;
    x = (x | x << 4) & 0x030c_30c3;
    (x | x << 2) & 0x0924_9249
}

/// Object median along the axis of largest centroid extent: the left part holds the
/// `n/2` smallest centroids.
fn median_split(prims: &mut [Item]) -> usize {
    let (cmin, cmax) = centroid_bounds(prims);
    let ext: [f64; 3] = core::array::from_fn(|k| 0.5 * cmax[k] - 0.5 * cmin[k]);
    let axis = if ext[0] >= ext[1] && ext[0] >= ext[2] {
        0
    } else if ext[1] >= ext[2] {
        1
    } else {
        2
    };
    let mid = prims.len() / 2;
    prims.select_nth_unstable_by(mid, |a, b| a.c[axis].total_cmp(&b.c[axis]));
    mid
}
