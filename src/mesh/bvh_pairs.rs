//! The pair queries of [`Bvh`]: every pair of boxes of one tree, or of two trees, whose
//! closed boxes overlap, by a simultaneous depth-first descent of the two trees.
//!
//! The descent keeps a stack of node pairs whose boxes overlap. A pair of leaves compares
//! the primitives' own boxes (stored in leaf order); a pair with an inner node replaces
//! itself by the pairs of children whose boxes overlap (both sides' children when both
//! are inner). Within one tree a node is paired with itself: `(a, a)` becomes
//! `(l, l)`, `(r, r)` and, if their boxes overlap, `(l, r)`, so each unordered pair of
//! primitives is reached exactly once. Every test is an exact comparison of stored `f64`
//! bounds: nothing is lost and nothing is reported twice.
//!
//! For the parallel queries the first levels are expanded breadth first into a list of
//! independent node pairs ([`PairWalk::split`]), each of which is descended on its own.

use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::bvh::{Bvh, boxes_overlap};

/// A node pair on the descent stack.
pub(super) type NodePair = (u32, u32);

/// The descent of one tree against itself (`same`) or against another.
pub(super) struct PairWalk<'a> {
    a: &'a Bvh,
    b: &'a Bvh,
    same: bool,
}

impl<'a> PairWalk<'a> {
    /// The walk over the pairs within `tree`.
    pub(super) fn within(tree: &'a Bvh) -> PairWalk<'a> {
        PairWalk {
            a: tree,
            b: tree,
            same: true,
        }
    }

    /// The walk over the pairs `(box of a, box of b)`.
    pub(super) fn between(a: &'a Bvh, b: &'a Bvh) -> PairWalk<'a> {
        PairWalk { a, b, same: false }
    }

    /// The root pair, if there is anything to visit.
    pub(super) fn root(&self) -> Option<NodePair> {
        if self.a.nodes.is_empty() || self.b.nodes.is_empty() {
            return None;
        }
        if !self.same && !boxes_overlap(&self.a.nodes[0].b, &self.b.nodes[0].b) {
            return None;
        }
        Some((0, 0))
    }

    /// Handles one node pair: reports its primitive pairs if both are leaves, else pushes
    /// its overlapping child pairs.
    #[inline(always)]
    fn step<B>(
        &self,
        (i, j): NodePair,
        stack: &mut Vec<NodePair>,
        f: &mut impl FnMut(u32, u32) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let (na, nb) = (&self.a.nodes[i as usize], &self.b.nodes[j as usize]);
        if self.same && i == j {
            if na.count == 0 {
                let l = na.index;
                stack.push((l + 1, l + 1));
                stack.push((l, l));
                let (bl, br) = (&self.a.nodes[l as usize].b, &self.a.nodes[l as usize + 1].b);
                if boxes_overlap(bl, br) {
                    stack.push((l, l + 1));
                }
            } else {
                let r = na.index as usize..(na.index + na.count) as usize;
                let (prims, boxes) = (&self.a.prims[r.clone()], &self.a.leaf_boxes[r]);
                for x in 0..prims.len() {
                    for y in x + 1..prims.len() {
                        if boxes_overlap(&boxes[x], &boxes[y]) {
                            let (p, q) = (prims[x], prims[y]);
                            f(p.min(q), p.max(q))?;
                        }
                    }
                }
            }
            return ControlFlow::Continue(());
        }
        match (na.count == 0, nb.count == 0) {
            (false, false) => {
                let ra = na.index as usize..(na.index + na.count) as usize;
                let rb = nb.index as usize..(nb.index + nb.count) as usize;
                let (pa, ba) = (&self.a.prims[ra.clone()], &self.a.leaf_boxes[ra]);
                let (pb, bb) = (&self.b.prims[rb.clone()], &self.b.leaf_boxes[rb]);
                for (&p, x) in pa.iter().zip(ba) {
                    if !boxes_overlap(x, &nb.b) {
                        continue;
                    }
                    for (&q, y) in pb.iter().zip(bb) {
                        if boxes_overlap(x, y) {
                            if self.same {
                                f(p.min(q), p.max(q))?;
                            } else {
                                f(p, q)?;
                            }
                        }
                    }
                }
            }
            (true, false) => {
                for c in [na.index, na.index + 1] {
                    if boxes_overlap(&self.a.nodes[c as usize].b, &nb.b) {
                        stack.push((c, j));
                    }
                }
            }
            (false, true) => {
                for c in [nb.index, nb.index + 1] {
                    if boxes_overlap(&na.b, &self.b.nodes[c as usize].b) {
                        stack.push((i, c));
                    }
                }
            }
            (true, true) => {
                for c in [na.index, na.index + 1] {
                    let cb = &self.a.nodes[c as usize].b;
                    if !boxes_overlap(cb, &nb.b) {
                        continue;
                    }
                    for d in [nb.index, nb.index + 1] {
                        if boxes_overlap(cb, &self.b.nodes[d as usize].b) {
                            stack.push((c, d));
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Descends from `start`, calling `f` on every primitive pair below it whose boxes
    /// overlap; stops at the first `Break`.
    pub(super) fn run<B>(
        &self,
        start: NodePair,
        f: &mut impl FnMut(u32, u32) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut stack = Vec::with_capacity(256);
        stack.push(start);
        while let Some(p) = stack.pop() {
            self.step(p, &mut stack, f)?;
        }
        ControlFlow::Continue(())
    }

    /// Expands the first levels breadth first until there are at least `tasks` node
    /// pairs (or nothing left to expand), reporting the primitive pairs met on the way
    /// to `f`. The returned node pairs, each descended by [`PairWalk::run`], give every
    /// remaining primitive pair exactly once.
    pub(super) fn split<B>(
        &self,
        tasks: usize,
        f: &mut impl FnMut(u32, u32) -> ControlFlow<B>,
    ) -> ControlFlow<B, Vec<NodePair>> {
        let mut front: Vec<NodePair> = self.root().into_iter().collect();
        let mut next = Vec::new();
        while !front.is_empty() && front.len() < tasks {
            let mut expanded = false;
            for &p in &front {
                let leaves =
                    self.a.nodes[p.0 as usize].count > 0 && self.b.nodes[p.1 as usize].count > 0;
                if leaves {
                    next.push(p);
                } else {
                    expanded = true;
                    self.step(p, &mut next, f)?;
                }
            }
            core::mem::swap(&mut front, &mut next);
            next.clear();
            if !expanded {
                break;
            }
        }
        ControlFlow::Continue(front)
    }
}

impl Bvh {
    /// Calls `f(i, j)` once for every pair `i < j` of boxes of this tree whose closed
    /// boxes overlap (touching counts), in no particular order.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::mesh::Bvh;
    /// let boxes: Vec<_> = (0..10).map(|i| ([i as f64, 0.0, 0.0], [i as f64 + 1.0, 1.0, 1.0])).collect();
    /// let bvh = Bvh::new(&boxes);
    /// let mut n = 0;
    /// bvh.for_each_overlapping_pair(|i, j| {
    ///     assert_eq!(j, i + 1); // unit boxes in a row touch their neighbours only
    ///     n += 1;
    /// });
    /// assert_eq!(n, 9);
    /// ```
    pub fn for_each_overlapping_pair(&self, mut f: impl FnMut(u32, u32)) {
        let walk = PairWalk::within(self);
        if let Some(root) = walk.root() {
            let _ = walk.run::<()>(root, &mut |i, j| {
                f(i, j);
                ControlFlow::Continue(())
            });
        }
    }

    /// Calls `f(i, j)` once for every box `i` of this tree and box `j` of `other` whose
    /// closed boxes overlap (touching counts), in no particular order.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::mesh::Bvh;
    /// let a = Bvh::new(&[([0.0; 3], [1.0; 3]), ([3.0; 3], [4.0; 3])]);
    /// let b = Bvh::new(&[([4.0; 3], [5.0; 3])]);
    /// let mut pairs = vec![];
    /// a.for_each_overlapping_pair_with(&b, |i, j| pairs.push([i, j]));
    /// assert_eq!(pairs, vec![[1, 0]]);
    /// ```
    pub fn for_each_overlapping_pair_with(&self, other: &Bvh, mut f: impl FnMut(u32, u32)) {
        let walk = PairWalk::between(self, other);
        if let Some(root) = walk.root() {
            let _ = walk.run::<()>(root, &mut |i, j| {
                f(i, j);
                ControlFlow::Continue(())
            });
        }
    }

    /// Every pair `[i, j]`, `i < j`, of boxes of this tree whose closed boxes overlap,
    /// sorted.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::mesh::Bvh;
    /// let bvh = Bvh::new(&[([0.0; 3], [2.0; 3]), ([5.0; 3], [6.0; 3]), ([1.0; 3], [5.0; 3])]);
    /// assert_eq!(bvh.overlapping_pairs(), vec![[0, 2], [1, 2]]);
    /// ```
    pub fn overlapping_pairs(&self) -> Vec<[u32; 2]> {
        let mut out = Vec::new();
        self.for_each_overlapping_pair(|i, j| out.push([i, j]));
        out.sort_unstable();
        out
    }

    /// Every pair `[i, j]` of a box `i` of this tree and a box `j` of `other` whose
    /// closed boxes overlap, sorted.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::mesh::Bvh;
    /// let a = Bvh::new(&[([0.0; 3], [1.0; 3]), ([0.5; 3], [2.0; 3])]);
    /// let b = Bvh::new(&[([1.0; 3], [1.5; 3])]);
    /// assert_eq!(a.overlapping_pairs_with(&b), vec![[0, 0], [1, 0]]);
    /// ```
    pub fn overlapping_pairs_with(&self, other: &Bvh) -> Vec<[u32; 2]> {
        let mut out = Vec::new();
        self.for_each_overlapping_pair_with(other, |i, j| out.push([i, j]));
        out.sort_unstable();
        out
    }
}
