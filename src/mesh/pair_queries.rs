//! The whole-mesh pair queries: [`TriMesh::self_intersections`],
//! [`TriMesh::does_self_intersect`], [`TriMesh::intersecting_pairs`] and
//! [`TriMesh::intersects`]: the pair traversal of the meshes' [`Bvh`](super::Bvh)s
//! (`bvh_pairs.rs`) feeding the exact narrow phase (`face_pairs.rs`), on one thread or,
//! with the `rayon` feature, on all of them with the same answers.
//!
//! The narrow phase runs on a view of the vertices in a type that can be shared between
//! threads: the exact `f64` view for `f32`/`f64` meshes (the predicates' float filters
//! then apply), the exact `BigRational` value for other scalar types.

use alloc::vec::Vec;
use core::convert::Infallible;
use core::ops::ControlFlow;

use num_rational::BigRational;

use super::TriMesh;
use super::bvh_pairs::PairWalk;
use super::face_pairs::faces_meet;
use crate::Scalar;
use crate::overlap::tri_tri_refs_intersect;
use crate::scalar::as_f64_array;

/// Meshes with fewer faces than this stay on one thread (the split would cost more than it
/// saves).
#[cfg(feature = "rayon")]
const PARALLEL_MIN_FACES: usize = 2048;

/// A progress callback of the `_reporting` queries: `(parts done, parts in all)`.
type Progress<'a> = Option<&'a (dyn Fn(usize, usize) + Sync)>;

/// The independent parts a reported search is cut into (at least; more with more
/// threads), so that the fraction done moves in small steps.
const REPORTED_PARTS: usize = 256;

/// How many threads a query over meshes of `faces` faces runs on.
fn worker_threads(faces: usize) -> usize {
    #[cfg(feature = "rayon")]
    if faces >= PARALLEL_MIN_FACES {
        return rayon::current_num_threads();
    }
    let _ = faces;
    1
}

/// Every primitive pair of `walk` for which `test` holds, sorted. With `progress`, the
/// search is cut into parts and `progress(done, all)` is called once before the first
/// and once after each part (from the worker threads, so not necessarily in order).
fn collect_pairs(
    walk: &PairWalk<'_>,
    faces: usize,
    test: impl Fn(u32, u32) -> bool + Sync,
    progress: Progress<'_>,
) -> Vec<[u32; 2]> {
    let mut out = Vec::new();
    let threads = worker_threads(faces);
    let mut keep = |i: u32, j: u32| -> ControlFlow<Infallible> {
        if test(i, j) {
            out.push([i, j]);
        }
        ControlFlow::Continue(())
    };
    if threads == 1 && progress.is_none() {
        if let Some(root) = walk.root() {
            let ControlFlow::Continue(()) = walk.run(root, &mut keep);
        }
        out.sort_unstable();
        return out;
    }
    let wanted = if progress.is_some() {
        REPORTED_PARTS.max(64 * threads)
    } else {
        64 * threads
    };
    let ControlFlow::Continue(tasks) = walk.split(wanted, &mut keep);
    let report = |done: usize| {
        if let Some(p) = progress {
            p(done, tasks.len());
        }
    };
    report(0);
    let run_part = |t| {
        let mut part = Vec::new();
        let ControlFlow::Continue(()) = walk.run::<Infallible>(t, &mut |i, j| {
            if test(i, j) {
                part.push([i, j]);
            }
            ControlFlow::Continue(())
        });
        part
    };
    #[cfg(feature = "rayon")]
    if threads > 1 {
        use core::sync::atomic::{AtomicUsize, Ordering};
        use rayon::prelude::*;
        let done = AtomicUsize::new(0);
        let parts: Vec<Vec<[u32; 2]>> = tasks
            .par_iter()
            .map(|&t| {
                let part = run_part(t);
                report(done.fetch_add(1, Ordering::Relaxed) + 1);
                part
            })
            .collect();
        for p in parts {
            out.extend_from_slice(&p);
        }
        out.sort_unstable();
        return out;
    }
    for (k, &t) in tasks.iter().enumerate() {
        out.extend_from_slice(&run_part(t));
        report(k + 1);
    }
    out.sort_unstable();
    out
}

/// Whether some primitive pair of `walk` passes `test` (stops at the first found).
fn any_pair(walk: &PairWalk<'_>, faces: usize, test: impl Fn(u32, u32) -> bool + Sync) -> bool {
    let stop = |i: u32, j: u32| {
        if test(i, j) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    #[cfg(feature = "rayon")]
    if worker_threads(faces) > 1 {
        use core::sync::atomic::{AtomicBool, Ordering};
        use rayon::prelude::*;
        let tasks = match walk.split(64 * rayon::current_num_threads(), &mut { stop }) {
            ControlFlow::Break(()) => return true,
            ControlFlow::Continue(t) => t,
        };
        let found = AtomicBool::new(false);
        tasks.par_iter().for_each(|&t| {
            let _ = walk.run(t, &mut |i, j| {
                if found.load(Ordering::Relaxed) {
                    return ControlFlow::Break(());
                }
                if test(i, j) {
                    found.store(true, Ordering::Relaxed);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
        });
        return found.load(Ordering::Relaxed);
    }
    let _ = faces;
    walk.root()
        .is_some_and(|root| walk.run(root, &mut { stop }).is_break())
}

/// The exact `f64` view of a float mesh's vertices (`None` for other types).
fn float_view<T: Scalar>(vertices: &[[T; 3]]) -> Option<Vec<[f64; 3]>> {
    T::FLOAT?;
    vertices.iter().map(as_f64_array).collect()
}

/// The exact rational value of the vertices (a validated mesh has finite coordinates;
/// anything else would read as 0).
fn rational_view<T: Scalar>(vertices: &[[T; 3]]) -> Vec<[BigRational; 3]> {
    vertices
        .iter()
        .map(|p| core::array::from_fn(|k| p[k].to_rational().unwrap_or_default()))
        .collect()
}

fn self_pairs<S: Scalar + Sync>(
    mesh: &TriMeshParts<'_>,
    v: &[[S; 3]],
    first: bool,
    progress: Progress<'_>,
) -> SelfAnswer {
    let walk = PairWalk::within(mesh.bvh);
    let t = mesh.triangles;
    let test = |i: u32, j: u32| faces_meet(v, t[i as usize], t[j as usize]);
    if first {
        SelfAnswer::Any(any_pair(&walk, t.len(), test))
    } else {
        SelfAnswer::All(collect_pairs(&walk, t.len(), test, progress))
    }
}

fn cross_pairs<S: Scalar + Sync>(
    a: &TriMeshParts<'_>,
    va: &[[S; 3]],
    b: &TriMeshParts<'_>,
    vb: &[[S; 3]],
    first: bool,
    progress: Progress<'_>,
) -> SelfAnswer {
    let walk = PairWalk::between(a.bvh, b.bvh);
    let (ta, tb) = (a.triangles, b.triangles);
    let test = |i: u32, j: u32| {
        let p = ta[i as usize].map(|k| &va[k as usize]);
        let q = tb[j as usize].map(|k| &vb[k as usize]);
        tri_tri_refs_intersect(p, q)
    };
    let faces = ta.len().max(tb.len());
    if first {
        SelfAnswer::Any(any_pair(&walk, faces, test))
    } else {
        SelfAnswer::All(collect_pairs(&walk, faces, test, progress))
    }
}

/// What the drivers need of a mesh, free of its scalar type.
struct TriMeshParts<'a> {
    bvh: &'a super::Bvh,
    triangles: &'a [[u32; 3]],
}

enum SelfAnswer {
    Any(bool),
    All(Vec<[u32; 2]>),
}

impl SelfAnswer {
    fn pairs(self) -> Vec<[u32; 2]> {
        match self {
            SelfAnswer::All(v) => v,
            SelfAnswer::Any(_) => Vec::new(),
        }
    }
    fn any(self) -> bool {
        match self {
            SelfAnswer::All(v) => !v.is_empty(),
            SelfAnswer::Any(b) => b,
        }
    }
}

impl<T: Scalar> TriMesh<T> {
    fn parts(&self) -> TriMeshParts<'_> {
        TriMeshParts {
            bvh: &self.bvh,
            triangles: &self.triangles,
        }
    }

    fn self_query(&self, first: bool, progress: Progress<'_>) -> SelfAnswer {
        match float_view(&self.vertices) {
            Some(v) => self_pairs(&self.parts(), &v, first, progress),
            None => self_pairs(
                &self.parts(),
                &rational_view(&self.vertices),
                first,
                progress,
            ),
        }
    }

    fn cross_query(&self, other: &TriMesh<T>, first: bool, progress: Progress<'_>) -> SelfAnswer {
        match (float_view(&self.vertices), float_view(&other.vertices)) {
            (Some(va), Some(vb)) => {
                cross_pairs(&self.parts(), &va, &other.parts(), &vb, first, progress)
            }
            _ => {
                let (va, vb) = (
                    rational_view(&self.vertices),
                    rational_view(&other.vertices),
                );
                cross_pairs(&self.parts(), &va, &other.parts(), &vb, first, progress)
            }
        }
    }

    /// Every pair of faces `[i, j]`, `i < j`, that intersect other than through what they
    /// share, sorted: CGAL's `self_intersections` semantics, decided exactly.
    ///
    /// Two faces are reported when their closed triangles have a common point, except
    /// when every common point is their shared vertex, or lies on their shared edge,
    /// where *shared* means the same vertex **index**. So:
    ///
    /// * faces with no common vertex index are reported when they touch anywhere (a
    ///   vertex on the other's edge or face, coincident vertices with different indices,
    ///   an edge along the other face) or cross;
    /// * faces sharing one vertex are reported when they meet anywhere else (a fold back
    ///   onto each other, an edge through the other face);
    /// * faces sharing an edge are reported when they overlap beyond it, which happens
    ///   exactly when they are coplanar and on the same side of the edge (a folded-over
    ///   pair); flat neighbours are not;
    /// * two faces on the same three vertices overlap, and are reported.
    ///
    /// Every decision is the sign of an exact predicate on the input coordinates, for
    /// every scalar type and every finite input (`proofs/self_intersections.md`). The
    /// broad phase is [`TriMesh::bvh`]; with the `rayon` feature the pairs are searched on
    /// all threads of rayon's pool, with the same (sorted) answer.
    ///
    /// Use [`TriMesh::face_face`] to classify a reported pair (crossing, touching,
    /// coplanar overlap) and [`TriMesh::face_face_intersection`] to construct where the
    /// faces meet.
    ///
    /// # Examples
    ///
    /// Two unit cubes in one mesh, the second shifted by (0.5, 0.5, 0.5): they pierce each
    /// other, and each cube alone is clean.
    ///
    /// ```
    /// use isect::TriMesh;
    /// fn cube(o: f64, base: u32) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    ///     let v = (0..8).map(|i| [(i & 1) as f64 + o, (i >> 1 & 1) as f64 + o, (i >> 2) as f64 + o]).collect();
    ///     let t = [[0, 2, 1], [1, 2, 3], [4, 5, 6], [5, 7, 6], [0, 1, 4], [1, 5, 4],
    ///              [2, 6, 3], [3, 6, 7], [0, 4, 2], [2, 4, 6], [1, 3, 5], [3, 7, 5]];
    ///     (v, t.iter().map(|f: &[u32; 3]| f.map(|k| k + base)).collect())
    /// }
    /// let (mut v, mut t) = cube(0.0, 0);
    /// let one = TriMesh::new(v.clone(), t.clone()).unwrap();
    /// assert!(one.is_closed());
    /// assert!(one.self_intersections().is_empty());
    /// let (v2, t2) = cube(0.5, 8);
    /// v.extend(v2);
    /// t.extend(t2);
    /// let two = TriMesh::new(v, t).unwrap();
    /// let pairs = two.self_intersections();
    /// assert!(!pairs.is_empty());
    /// // Every pair has one face of each cube (faces 0..12 and 12..24).
    /// assert!(pairs.iter().all(|&[i, j]| i < 12 && j >= 12));
    /// assert!(two.does_self_intersect());
    /// ```
    pub fn self_intersections(&self) -> Vec<[u32; 2]> {
        self.self_query(false, None).pairs()
    }

    /// [`TriMesh::self_intersections`], calling `progress(done, all)` as the search
    /// advances: the search is cut into `all` independent parts (a few hundred, known
    /// after the first levels of the tree are expanded), and `progress` is called once
    /// with `done = 0` and once after each part. With the `rayon` feature the parts run
    /// on rayon's threads and the calls come from them, so they may arrive out of order:
    /// the largest `done` seen is the progress. The answer is the same as without
    /// reporting. Parts differ in size, so `done / all` is an estimate of the fraction of
    /// the work done, exact at 0 and at the end.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::TriMesh;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// // A strip of 200 triangles.
    /// let v: Vec<[f64; 3]> = (0..202).map(|i| [(i / 2) as f64, (i % 2) as f64, 0.0]).collect();
    /// let t: Vec<[u32; 3]> = (0..200).map(|i| if i % 2 == 0 { [i, i + 1, i + 2] } else { [i + 1, i, i + 2] }).collect();
    /// let mesh = TriMesh::new(v, t).unwrap();
    /// let (seen, total) = (AtomicUsize::new(0), AtomicUsize::new(0));
    /// let pairs = mesh.self_intersections_reporting(&|done, all| {
    ///     seen.fetch_max(done, Ordering::Relaxed);
    ///     total.store(all, Ordering::Relaxed);
    /// });
    /// assert_eq!(pairs, mesh.self_intersections());
    /// assert_eq!(seen.load(Ordering::Relaxed), total.load(Ordering::Relaxed));
    /// ```
    pub fn self_intersections_reporting(
        &self,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<[u32; 2]> {
        self.self_query(false, Some(progress)).pairs()
    }

    /// `true` when [`TriMesh::self_intersections`] would report a pair; stops at the
    /// first one found.
    ///
    /// # Examples
    ///
    /// A flat square of two triangles does not self-intersect; folding the second
    /// triangle exactly onto the first (coplanar, same side of the shared edge) does.
    ///
    /// ```
    /// use isect::TriMesh;
    /// let flat = TriMesh::new(
    ///     vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]],
    ///     vec![[0, 1, 2], [2, 1, 3]],
    /// ).unwrap();
    /// assert!(!flat.does_self_intersect());
    /// let folded = TriMesh::new(
    ///     vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.25, 0.25, 0.0]],
    ///     vec![[0, 1, 2], [2, 1, 3]],
    /// ).unwrap();
    /// assert!(folded.does_self_intersect());
    /// assert_eq!(folded.self_intersections(), vec![[0, 1]]);
    /// ```
    pub fn does_self_intersect(&self) -> bool {
        self.self_query(true, None).any()
    }

    /// Every pair `[i, j]` of a face `i` of this mesh and a face `j` of `other` whose
    /// closed triangles have a common point (touching counts; the two meshes share no
    /// vertices, so nothing is excepted), sorted. Exact: the broad phase is the two
    /// meshes' [`TriMesh::bvh`], each candidate pair is decided by
    /// [`tri_tri_intersect`](crate::tri_tri_intersect). Parallel with the `rayon`
    /// feature, with the same answer.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::TriMesh;
    /// let a = TriMesh::new(vec![[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// // Stands on a's edge x + y = 2 at (1, 1, 0): touching counts.
    /// let b = TriMesh::new(
    ///     vec![[1.0, 1.0, 0.0], [1.0, 1.0, 1.0], [2.0, 2.0, 1.0], [9.0, 9.0, 9.0], [9.0, 8.0, 9.0], [8.0, 9.0, 9.0]],
    ///     vec![[0, 1, 2], [3, 4, 5]],
    /// ).unwrap();
    /// assert_eq!(a.intersecting_pairs(&b), vec![[0, 0]]);
    /// assert!(a.intersects(&b));
    /// ```
    pub fn intersecting_pairs(&self, other: &TriMesh<T>) -> Vec<[u32; 2]> {
        self.cross_query(other, false, None).pairs()
    }

    /// [`TriMesh::intersecting_pairs`], calling `progress(done, all)` as the search
    /// advances, as [`TriMesh::self_intersections_reporting`] does; same answer.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::TriMesh;
    /// let a = TriMesh::new(vec![[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// let b = TriMesh::new(vec![[1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [2.0, 0.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// let calls = std::sync::atomic::AtomicUsize::new(0);
    /// let pairs = a.intersecting_pairs_reporting(&b, &|_, _| {
    ///     calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    /// });
    /// assert_eq!(pairs, vec![[0, 0]]);
    /// assert!(calls.into_inner() >= 1);
    /// ```
    pub fn intersecting_pairs_reporting(
        &self,
        other: &TriMesh<T>,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<[u32; 2]> {
        self.cross_query(other, false, Some(progress)).pairs()
    }

    /// `true` when some face of this mesh and some face of `other` have a common point
    /// ([`TriMesh::intersecting_pairs`] is not empty); stops at the first pair found.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::TriMesh;
    /// let a = TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// let b = TriMesh::new(vec![[0.0, 0.0, 1.0], [1.0, 0.0, 1.0], [0.0, 1.0, 1.0]], vec![[0, 1, 2]]).unwrap();
    /// assert!(!a.intersects(&b));
    /// ```
    pub fn intersects(&self, other: &TriMesh<T>) -> bool {
        self.cross_query(other, true, None).any()
    }
}
