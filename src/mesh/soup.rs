//! [`TriMesh::from_soup`]: a mesh from real data (a triangle soup, a file with stray
//! vertices and slivers), with a [`SoupReport`] of everything it changed.

use alloc::vec::Vec;
use core::cmp::Ordering;

use super::{Topology, TriMesh, check_edges};
use crate::Scalar;

/// What [`TriMesh::from_soup`] changed to build a mesh: every input vertex and triangle
/// is accounted for exactly once, either kept (`vertex_origin`, `triangle_origin`) or in
/// one of the lists of what was dropped or merged, all in the input's numbering; the
/// topology problems it kept are listed in the mesh's numbering.
///
/// # Examples
///
/// ```
/// use isect::TriMesh;
/// // A square as a soup: two triangles with three vertices each, and a stray NaN vertex.
/// let v = vec![
///     [0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0],
///     [0.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0],
///     [f64::NAN, 0.0, 0.0],
/// ];
/// let (mesh, report) = TriMesh::from_soup(v, vec![[0, 1, 2], [3, 4, 5]]);
/// assert_eq!((mesh.vertices().len(), mesh.triangles().len()), (4, 2));
/// assert_eq!(report.merged_vertices, vec![[3, 0], [4, 2]]);
/// assert_eq!(report.non_finite_vertices, vec![6]);
/// assert_eq!(report.vertex_origin, vec![0, 1, 2, 5]);
/// assert!(report.changed() && report.topology_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SoupReport {
    /// How many vertices the input had.
    pub input_vertices: usize,
    /// How many triangles the input had.
    pub input_triangles: usize,
    /// Input vertices with a NaN or infinite coordinate (dropped, with the triangles
    /// using them).
    pub non_finite_vertices: Vec<u32>,
    /// `[vertex, into]`: a vertex with exactly the coordinates of the earlier input
    /// vertex `into` (−0 equals +0), welded into it.
    pub merged_vertices: Vec<[u32; 2]>,
    /// Finite input vertices that no kept triangle uses (dropped).
    pub unreferenced_vertices: Vec<u32>,
    /// Input triangles with a vertex index past the end of the vertex list (dropped).
    pub out_of_range_triangles: Vec<usize>,
    /// Input triangles using a vertex with a non-finite coordinate (dropped).
    pub non_finite_triangles: Vec<usize>,
    /// Input triangles with no area after welding: a repeated vertex, or exactly
    /// collinear corners (dropped).
    pub degenerate_triangles: Vec<usize>,
    /// `[triangle, same]`: an input triangle with the same (welded) vertices in the same
    /// cyclic order as the earlier kept triangle `same` (dropped). A triangle with the
    /// same vertices in the opposite order is a different face and is kept.
    pub duplicate_triangles: Vec<[usize; 2]>,
    /// For each vertex of the mesh, its index in the input.
    pub vertex_origin: Vec<u32>,
    /// For each triangle of the mesh, its index in the input.
    pub triangle_origin: Vec<usize>,
    /// Edges of the mesh used by more than two triangles (mesh numbering, smaller index
    /// first) and how many use each: kept, as they are part of the shape.
    pub non_manifold_edges: Vec<([u32; 2], usize)>,
    /// Edges of the mesh used by two triangles in the same direction (mesh numbering) and
    /// the two triangles (mesh numbering): kept.
    pub misoriented_edges: Vec<([u32; 2], [u32; 2])>,
}

impl SoupReport {
    /// `true` when something was dropped or merged (the mesh is not the input as given).
    ///
    /// # Examples
    ///
    /// ```
    /// let (_, report) = isect::TriMesh::from_soup(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]);
    /// assert!(!report.changed());
    /// ```
    pub fn changed(&self) -> bool {
        self.dropped_vertices() + self.merged_vertices.len() + self.dropped_triangles() > 0
    }

    /// How many input vertices were dropped (non-finite or unreferenced); merged ones are
    /// counted in `merged_vertices`.
    ///
    /// # Examples
    ///
    /// ```
    /// let (_, r) = isect::TriMesh::from_soup(vec![[0.0_f32; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [5.0; 3]], vec![[0, 1, 2]]);
    /// assert_eq!(r.dropped_vertices(), 1);
    /// ```
    pub fn dropped_vertices(&self) -> usize {
        self.non_finite_vertices.len() + self.unreferenced_vertices.len()
    }

    /// How many input triangles were dropped, for any reason.
    ///
    /// # Examples
    ///
    /// ```
    /// let (_, r) = isect::TriMesh::from_soup(vec![[0.0; 3], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]], vec![[0, 1, 2], [0, 1, 9]]);
    /// assert_eq!((r.dropped_triangles(), r.degenerate_triangles.clone(), r.out_of_range_triangles.clone()), (2, vec![0], vec![1]));
    /// ```
    pub fn dropped_triangles(&self) -> usize {
        self.out_of_range_triangles.len()
            + self.non_finite_triangles.len()
            + self.degenerate_triangles.len()
            + self.duplicate_triangles.len()
    }

    /// `true` when no edge is used by more than two triangles or twice in one direction
    /// (the mesh is then one [`TriMesh::new`] accepts).
    ///
    /// # Examples
    ///
    /// ```
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]];
    /// let (mesh, r) = isect::TriMesh::from_soup(v, vec![[0, 1, 2], [1, 2, 3]]);
    /// assert!(!r.topology_ok() && !mesh.is_closed());
    /// assert_eq!(r.misoriented_edges, vec![([1, 2], [0, 1])]);
    /// ```
    pub fn topology_ok(&self) -> bool {
        self.non_manifold_edges.is_empty() && self.misoriented_edges.is_empty()
    }
}

/// Lexicographic order of finite points (−0 and +0 compare equal).
fn cmp_points<T: Scalar>(a: &[T; 3], b: &[T; 3]) -> Ordering {
    for k in 0..3 {
        match a[k].partial_cmp(&b[k]) {
            Some(Ordering::Equal) | None => {}
            Some(o) => return o,
        }
    }
    Ordering::Equal
}

/// A triangle rotated so that its smallest index comes first (same cyclic order).
fn canonical(t: [u32; 3]) -> [u32; 3] {
    let k = (0..3).min_by_key(|&k| t[k]).unwrap_or(0);
    [t[k], t[(k + 1) % 3], t[(k + 2) % 3]]
}

impl<T: Scalar> TriMesh<T> {
    /// Builds a mesh from real data, repairing what can be repaired without changing the
    /// shape, and says what it changed ([`SoupReport`]). [`TriMesh::new`] is the strict
    /// form, which refuses all of this.
    ///
    /// In this order:
    /// 1. vertices with a NaN or infinite coordinate are dropped, with the triangles that
    ///    use them; triangles with an index out of range are dropped;
    /// 2. vertices with exactly the same coordinates (exact comparison; −0 equals +0) are
    ///    welded into the first of them, so an STL triangle soup becomes an indexed mesh,
    ///    closed when its surface is;
    /// 3. triangles with no area (a repeated vertex after welding, or exactly collinear
    ///    corners, decided by exact predicates) are dropped;
    /// 4. a triangle with the same vertices in the same cyclic order as an earlier kept
    ///    one is dropped (the reversed triangle is a different face: kept);
    /// 5. vertices no kept triangle uses are dropped; the rest keep their relative order.
    ///
    /// What cannot be repaired without changing the shape is kept and reported: an edge
    /// used by more than two triangles, or by two triangles in the same direction. Such
    /// a mesh is not closed ([`TriMesh::is_closed`]), and [`TriMesh::try_contains`]
    /// refuses it with [`InputError::NonManifoldEdge`](crate::InputError::NonManifoldEdge)
    /// or [`InputError::InconsistentOrientation`](crate::InputError::InconsistentOrientation).
    /// Every decision is exact; no coordinate is changed.
    ///
    /// # Examples
    ///
    /// A tetrahedron written as a soup (every triangle with its own three vertices), plus
    /// a sliver whose corners are collinear:
    ///
    /// ```
    /// use isect::TriMesh;
    /// let (o, x, y, z) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]);
    /// let faces = [[o, y, x], [o, x, z], [o, z, y], [x, y, z], [o, x, [2.0, 0.0, 0.0]]];
    /// let vertices: Vec<[f64; 3]> = faces.iter().flatten().copied().collect();
    /// let triangles = (0..5).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]).collect();
    /// let (mesh, report) = TriMesh::from_soup(vertices, triangles);
    /// assert_eq!((mesh.vertices().len(), mesh.triangles().len()), (4, 4));
    /// assert!(mesh.is_closed() && mesh.contains([0.1, 0.1, 0.1]));
    /// assert_eq!(report.degenerate_triangles, vec![4]);
    /// assert_eq!(report.unreferenced_vertices, vec![14]); // the sliver's (2, 0, 0)
    /// ```
    pub fn from_soup(vertices: Vec<[T; 3]>, triangles: Vec<[u32; 3]>) -> (TriMesh<T>, SoupReport) {
        let n = vertices.len();
        let mut report = SoupReport {
            input_vertices: n,
            input_triangles: triangles.len(),
            ..SoupReport::default()
        };
        let finite: Vec<bool> = vertices
            .iter()
            .map(|p| p.iter().all(Scalar::is_finite))
            .collect();
        report.non_finite_vertices = (0..n as u32).filter(|&i| !finite[i as usize]).collect();
        // Welding: sort the finite vertices, each equal run goes to its first index.
        let mut order: Vec<u32> = (0..n as u32).filter(|&i| finite[i as usize]).collect();
        order.sort_by(|&i, &j| {
            cmp_points(&vertices[i as usize], &vertices[j as usize]).then(i.cmp(&j))
        });
        let mut weld: Vec<u32> = (0..n as u32).collect();
        for w in 1..order.len() {
            let (prev, cur) = (order[w - 1], order[w]);
            if cmp_points(&vertices[prev as usize], &vertices[cur as usize]) == Ordering::Equal {
                weld[cur as usize] = weld[prev as usize];
            }
        }
        report.merged_vertices = (0..n as u32)
            .filter(|&i| weld[i as usize] != i)
            .map(|i| [i, weld[i as usize]])
            .collect();
        // Triangles: range, finiteness, area, then duplicates among the survivors.
        let mut candidates: Vec<(usize, [u32; 3])> = Vec::with_capacity(triangles.len());
        for (i, t) in triangles.iter().enumerate() {
            if t.iter().any(|&k| k as usize >= n) {
                report.out_of_range_triangles.push(i);
            } else if t.iter().any(|&k| !finite[k as usize]) {
                report.non_finite_triangles.push(i);
            } else {
                let w = t.map(|k| weld[k as usize]);
                let [a, b, c] = w.map(|k| &vertices[k as usize]);
                if w[0] == w[1]
                    || w[1] == w[2]
                    || w[2] == w[0]
                    || crate::predicates::collinear3(a, b, c)
                {
                    report.degenerate_triangles.push(i);
                } else {
                    candidates.push((i, w));
                }
            }
        }
        let mut by_shape: Vec<usize> = (0..candidates.len()).collect();
        by_shape.sort_by_key(|&c| (canonical(candidates[c].1), candidates[c].0));
        let mut duplicate = alloc::vec![false; candidates.len()];
        for w in 1..by_shape.len() {
            let (first, cur) = (by_shape[w - 1], by_shape[w]);
            if canonical(candidates[first].1) == canonical(candidates[cur].1) {
                duplicate[cur] = true;
                // `first` is the kept one: the earliest of the run (runs sort by index).
                let kept = if duplicate[first] {
                    report.duplicate_triangles.last().map_or(first, |d| d[1])
                } else {
                    candidates[first].0
                };
                report.duplicate_triangles.push([candidates[cur].0, kept]);
            }
        }
        report.duplicate_triangles.sort_unstable();
        // The vertices the kept triangles use, renumbered in input order.
        let mut new_index = alloc::vec![u32::MAX; n];
        let mut kept: Vec<[u32; 3]> = Vec::with_capacity(candidates.len());
        for (c, &(i, w)) in candidates.iter().enumerate() {
            if !duplicate[c] {
                report.triangle_origin.push(i);
                kept.push(w);
                for k in w {
                    new_index[k as usize] = 0;
                }
            }
        }
        for i in 0..n {
            if new_index[i] == 0 {
                new_index[i] = report.vertex_origin.len() as u32;
                report.vertex_origin.push(i as u32);
            } else if finite[i] && weld[i] == i as u32 {
                report.unreferenced_vertices.push(i as u32);
            }
        }
        let triangles: Vec<[u32; 3]> = kept
            .iter()
            .map(|t| t.map(|k| new_index[k as usize]))
            .collect();
        let mut vertices = vertices;
        let mut slot = 0;
        for (i, keep) in new_index.iter().enumerate() {
            if *keep != u32::MAX {
                vertices.swap(slot, i);
                slot += 1;
            }
        }
        vertices.truncate(slot);
        let topology = Topology::of(&triangles);
        report.non_manifold_edges = topology.non_manifold_edges;
        report.misoriented_edges = topology.misoriented_edges;
        let (boundary, defect) = match check_edges(&triangles) {
            Ok(boundary) => (boundary, None),
            Err(e) => (None, Some(e)),
        };
        (
            TriMesh::assemble(vertices, triangles, boundary, defect),
            report,
        )
    }
}
