//! Triangle meshes: validation that names the problem, every ray crossing counted exactly
//! once, exact winding numbers and point-in-mesh.
//!
//! [`TriMesh`] holds indexed triangles over `f32`, `f64` or rational vertices. Its ray
//! queries use [`ray_triangle`], whose tie-breaking
//! makes a ray through a shared edge or vertex hit exactly one of the triangles around it,
//! so on a closed, consistently oriented mesh [`TriMesh::hits`] lists each crossing once,
//! [`TriMesh::winding_number`] is the exact signed count of one ray's crossings, and
//! [`TriMesh::contains`] is "on the surface or winding number non-zero". Float meshes are
//! searched through a bounding volume hierarchy whose box tests are conservative (they
//! can visit a box the ray misses, never skip one it meets), so it never loses a hit the
//! exact triangle test would find. Rational meshes are searched triangle by triangle.
//!
//! The same hierarchy, public as [`Bvh`] ([`TriMesh::bvh`], with boxes rounded outward
//! for rational meshes), is the broad phase of the pair queries:
//! [`TriMesh::self_intersections`] (CGAL's semantics: faces that meet other than through
//! their shared vertex or edge), [`TriMesh::does_self_intersect`],
//! [`TriMesh::intersecting_pairs`] and [`TriMesh::intersects`] between two meshes, each
//! decided exactly, on all cores with the feature `rayon`.

mod batch;
mod boxes;
mod bvh;
mod bvh_pairs;
#[cfg(test)]
mod bvh_tests;
mod face_pairs;
mod pair_queries;
mod slab;
mod soup;
mod topology;
mod wide;
mod winding;

use alloc::vec::Vec;
use core::cmp::Ordering;

use num_rational::BigRational;

use crate::error::check_point;
use crate::ray::{Known, PreparedRay, RayHit, ray_triangle};
use crate::scalar::as_f64_array;
use crate::vec3::{det3, sub};
use crate::{InputError, Ray, Scalar, Sign, Triangle, Validate};
pub use bvh::Bvh;
pub use soup::SoupReport;
pub use topology::Topology;

/// One crossing of a ray with a mesh: the triangle and the hit on it.
///
/// # Examples
///
/// ```
/// use isect::{Ray, TriMesh};
/// let mesh = TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
/// let h = mesh.first_hit(&Ray::new([0.2, 0.2, 1.0], [0.0, 0.0, -1.0])).unwrap();
/// assert_eq!((h.triangle, h.hit.t), (0, 1.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MeshHit<T> {
    /// Index of the triangle hit.
    pub triangle: u32,
    /// Where, on that triangle.
    pub hit: RayHit<T>,
}

/// Where a point is relative to a mesh ([`TriMesh::locate`]).
///
/// # Examples
///
/// ```
/// use isect::mesh::Location;
/// let loc = Location::Inside { winding_number: -1 };
/// assert!(matches!(loc, Location::Inside { .. }));
/// assert_ne!(loc, Location::Boundary);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// Strictly inside: off the surface, with a non-zero winding number for a closed
    /// mesh ([`TriMesh::winding_number`]: `1` inside an ordinary solid, `-1` inside an
    /// inside-out one, `2` where two components overlap). For an open mesh: off the
    /// surface with an odd number of crossings of the ray from the point in the `+x`
    /// direction, `winding_number` then being their signed count (not a winding number:
    /// an open surface has none, and the count depends on the direction).
    Inside {
        /// The winding number of the surface around the point (never 0).
        winding_number: i64,
    },
    /// Exactly on the surface (on a triangle, edge or vertex).
    Boundary,
    /// Strictly outside.
    Outside,
}

/// An indexed triangle mesh, validated on construction.
///
/// Triangles are oriented by their vertex order (see [`Triangle`]); a closed mesh should
/// have every triangle's front side outside. Float meshes get a bounding volume
/// hierarchy built once in [`TriMesh::new`].
///
/// # Examples
///
/// A tetrahedron, and a point inside it:
///
/// ```
/// use isect::{Ray, TriMesh};
/// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let t = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
/// let mesh = TriMesh::new(v, t).unwrap();
/// assert!(mesh.is_closed());
/// assert!(mesh.contains([0.1, 0.1, 0.1]));
/// assert!(!mesh.contains([1.0, 1.0, 1.0]));
/// // A ray through the shared vertex (0,0,1) and out through the base: two crossings.
/// assert_eq!(mesh.hits(&Ray::new([0.0, 0.0, 2.0], [0.0, 0.0, -1.0])).len(), 2);
/// ```
///
/// Two overlapping boxes written as one mesh: [`TriMesh::self_intersections`] finds the
/// pairs of faces that cross, one face of each box in every pair.
///
/// ```
/// use isect::TriMesh;
/// let cube = |o: f64| -> Vec<[f64; 3]> {
///     (0..8).map(|i| [(i & 1) as f64 + o, (i >> 1 & 1) as f64 + o, (i >> 2) as f64 + o]).collect()
/// };
/// let faces = [[0, 2, 1], [1, 2, 3], [4, 5, 6], [5, 7, 6], [0, 1, 4], [1, 5, 4],
///              [2, 6, 3], [3, 6, 7], [0, 4, 2], [2, 4, 6], [1, 3, 5], [3, 7, 5]];
/// let mut v = cube(0.0);
/// v.extend(cube(0.5));
/// let t: Vec<[u32; 3]> = faces.iter().chain(faces.iter().map(|f| f.map(|k| k + 8)).collect::<Vec<_>>().iter()).copied().collect();
/// let mesh = TriMesh::new(v, t).unwrap();
/// let pairs = mesh.self_intersections();
/// assert!(!pairs.is_empty() && pairs.iter().all(|&[i, j]| i < 12 && j >= 12));
/// ```
#[derive(Clone, Debug)]
pub struct TriMesh<T> {
    vertices: Vec<[T; 3]>,
    triangles: Vec<[u32; 3]>,
    /// A boundary edge, if the mesh is open.
    boundary: Option<[u32; 2]>,
    /// The first edge used by more than two triangles or twice in one direction
    /// (only [`TriMesh::from_soup`] keeps such meshes).
    defect: Option<InputError>,
    /// Over the triangles' boxes (exact for floats, rounded outward otherwise); the ray
    /// queries use it for float meshes only.
    bvh: Bvh,
}

impl<T: Scalar> TriMesh<T> {
    /// Validates and builds a mesh from vertices and index triples.
    ///
    /// Refused, with an [`InputError`] naming the problem: a non-finite coordinate
    /// ([`InputError::NonFinite`], `argument` 0, `what: "vertex"`, `index` the vertex), an
    /// index out of range ([`InputError::IndexOutOfRange`]), a degenerate (collinear)
    /// triangle ([`InputError::DegenerateTriangle`]), an edge shared by more than two
    /// triangles ([`InputError::NonManifoldEdge`]), or two triangles using an edge in the
    /// same direction ([`InputError::InconsistentOrientation`]), checked in that order.
    /// Open meshes (edges with one triangle) are accepted; see [`TriMesh::is_closed`].
    ///
    /// # Errors
    ///
    /// The [`InputError`] naming the first problem found, as above.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{InputError, TriMesh};
    /// // The second triangle is flipped relative to the first.
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]];
    /// let err = TriMesh::new(v, vec![[0, 1, 2], [1, 2, 3]]).unwrap_err();
    /// assert_eq!(err, InputError::InconsistentOrientation { edge: [1, 2], triangles: [0, 1] });
    /// let err = TriMesh::new(vec![[0.0, 0.0, 0.0]], vec![[0, 1, 2]]).unwrap_err();
    /// assert_eq!(err, InputError::IndexOutOfRange { triangle: 0, corner: 1, index: 1, vertex_count: 1 });
    /// assert!(err.to_string().contains("triangle 0"));
    /// ```
    pub fn new(vertices: Vec<[T; 3]>, triangles: Vec<[u32; 3]>) -> Result<TriMesh<T>, InputError> {
        for (i, v) in vertices.iter().enumerate() {
            check_point(0, "vertex", Some(i), v)?;
        }
        for (i, t) in triangles.iter().enumerate() {
            for (corner, &index) in t.iter().enumerate() {
                if index as usize >= vertices.len() {
                    return Err(InputError::IndexOutOfRange {
                        triangle: i,
                        corner,
                        index,
                        vertex_count: vertices.len(),
                    });
                }
            }
            let [a, b, c] = t.map(|k| &vertices[k as usize]);
            if crate::predicates::collinear3(a, b, c) {
                return Err(InputError::DegenerateTriangle { triangle: i });
            }
        }
        let boundary = check_edges(&triangles)?;
        Ok(Self::assemble(vertices, triangles, boundary, None))
    }

    /// The mesh over checked vertices and triangles, with its BVH.
    fn assemble(
        vertices: Vec<[T; 3]>,
        triangles: Vec<[u32; 3]>,
        boundary: Option<[u32; 2]>,
        defect: Option<InputError>,
    ) -> TriMesh<T> {
        let bvh = Bvh::new(&boxes::face_boxes(&vertices, &triangles));
        TriMesh {
            vertices,
            triangles,
            boundary,
            defect,
            bvh,
        }
    }

    /// The vertices.
    ///
    /// # Examples
    ///
    /// ```
    /// let m = isect::TriMesh::new(vec![[0.0_f32, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert_eq!(m.vertices().len(), 3);
    /// ```
    pub fn vertices(&self) -> &[[T; 3]] {
        &self.vertices
    }

    /// The triangles (vertex index triples).
    ///
    /// # Examples
    ///
    /// ```
    /// let m = isect::TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert_eq!(m.triangles(), &[[0, 1, 2]]);
    /// ```
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Triangle `i` as a [`Triangle`] (cloned coordinates). Panics if `i` is out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// let m = isect::TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert_eq!(m.triangle(0).b, [1.0, 0.0, 0.0]);
    /// ```
    pub fn triangle(&self, i: usize) -> Triangle<T> {
        let [a, b, c] = self.triangles[i].map(|k| self.vertices[k as usize].clone());
        Triangle::new(a, b, c)
    }

    /// `true` when every edge is shared by exactly two triangles that use it in opposite
    /// directions: the mesh is then a closed, consistently oriented surface. (A mesh from
    /// [`TriMesh::new`] has no other kind of edge; one from [`TriMesh::from_soup`] may
    /// have edges with more triangles or used twice in one direction, and is then not
    /// closed.)
    ///
    /// # Examples
    ///
    /// ```
    /// let m = isect::TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert!(!m.is_closed());
    /// ```
    pub fn is_closed(&self) -> bool {
        self.boundary.is_none() && self.defect.is_none()
    }

    /// `Ok` for a closed mesh; otherwise the first topology defect (a non-manifold or
    /// misoriented edge kept by [`TriMesh::from_soup`]), else [`InputError::NotClosed`].
    fn check_closed(&self) -> Result<(), InputError> {
        if let Some(defect) = self.defect {
            return Err(defect);
        }
        match self.boundary {
            Some(edge) => Err(InputError::NotClosed { edge }),
            None => Ok(()),
        }
    }

    /// Every crossing of the ray with the mesh, sorted by `t`: by the exact values (then
    /// by triangle index for equal ones), and the reported, rounded `t` are non-decreasing
    /// along the list too. Where rounding put a later crossing's `t` below an earlier one's
    /// (their exact values equal or within the rounding errors of each other), the later
    /// `t` is raised to the earlier one and its `t_error` widened to the larger of the two,
    /// which still bounds its distance to its exact value (`proofs/ray_triangle.md` §5).
    /// For rational scalars `t` is exact and nothing changes.
    ///
    /// Each crossing of a closed, consistently oriented mesh is listed once, including
    /// crossings through shared edges and vertices (see
    /// [`ray_triangle`]). A ray with a non-finite
    /// coordinate or a zero direction has no hits.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Ray, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// // Along the edge from (0,0,0) to (0,0,1), shared by two faces: in and out, once each.
    /// let hits = mesh.hits(&Ray::new([0.0, 0.0, -1.0], [0.0, 0.0, 1.0]));
    /// assert_eq!(hits.iter().map(|h| h.hit.t).collect::<Vec<_>>(), vec![1.0, 2.0]);
    /// ```
    pub fn hits(&self, ray: &Ray<T>) -> Vec<MeshHit<T>> {
        let mut out = Vec::new();
        self.for_each_candidate(ray, |i, hit| {
            out.push(MeshHit { triangle: i, hit });
            f64::INFINITY
        });
        out.sort_by(|x, y| self.compare_hits(ray, x, y));
        // Keep the reported t non-decreasing: if the exact Tᵢ ≤ Tᵢ₊₁ and the rounded
        // tᵢ > tᵢ₊₁, then |tᵢ − Tᵢ₊₁| ≤ max(eᵢ, eᵢ₊₁) (tᵢ − eᵢ ≤ Tᵢ ≤ Tᵢ₊₁ ≤ tᵢ₊₁ + eᵢ₊₁ < tᵢ + eᵢ₊₁),
        // and by induction the same holds for a raised tᵢ with its widened eᵢ.
        for i in 1..out.len() {
            let (head, tail) = out.split_at_mut(i);
            let (prev, cur) = (&head[i - 1].hit, &mut tail[0].hit);
            if cur.t < prev.t {
                cur.t = prev.t.clone();
                cur.t_error = cur.t_error.max(prev.t_error);
            }
        }
        out
    }

    /// [`TriMesh::hits`], refusing a ray it cannot answer for.
    ///
    /// # Errors
    ///
    /// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
    /// `"origin"` or `"direction"`) and [`InputError::ZeroDirection`].
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{InputError, Ray, TriMesh};
    /// let m = TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert_eq!(m.try_hits(&Ray::new([0.2, 0.2, 1.0], [0.0, 0.0, -1.0])).unwrap().len(), 1);
    /// assert_eq!(
    ///     m.try_hits(&Ray::new([0.2, 0.2, 1.0], [0.0; 3])),
    ///     Err(InputError::ZeroDirection { argument: 0 })
    /// );
    /// ```
    pub fn try_hits(&self, ray: &Ray<T>) -> Result<Vec<MeshHit<T>>, InputError> {
        ray.validate(0)?;
        Ok(self.hits(ray))
    }

    /// The crossing with the smallest `t` (exactly, as in [`TriMesh::hits`]), or `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Ray, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// let hit = mesh.first_hit(&Ray::new([0.1, 0.1, -1.0], [0.0, 0.0, 1.0])).unwrap();
    /// assert_eq!((hit.triangle, hit.hit.t, hit.hit.front), (0, 1.0, true));
    /// ```
    pub fn first_hit(&self, ray: &Ray<T>) -> Option<MeshHit<T>> {
        let mut best: Option<MeshHit<T>> = None;
        self.for_each_candidate(ray, |i, hit| {
            let cand = MeshHit { triangle: i, hit };
            let better = match &best {
                None => true,
                Some(b) => self.compare_hits(ray, &cand, b) == Ordering::Less,
            };
            if better {
                best = Some(cand);
            }
            // An upper bound on the best t, rounded up.
            best.as_ref().map_or(f64::INFINITY, |b| {
                let t = b.hit.t.to_f64();
                (t + b.hit.t_error) * (1.0 + 4.0 / 9_007_199_254_740_992.0) + f64::MIN_POSITIVE
            })
        });
        best
    }

    /// [`TriMesh::first_hit`], refusing a ray it cannot answer for.
    ///
    /// # Errors
    ///
    /// As [`TriMesh::try_hits`]: [`InputError::NonFinite`] and
    /// [`InputError::ZeroDirection`] for the ray (argument 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Ray, TriMesh};
    /// let m = TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert_eq!(m.try_first_hit(&Ray::new([0.2, 0.2, 1.0], [0.0, 0.0, 1.0])), Ok(None));
    /// assert!(m.try_first_hit(&Ray::new([f64::NAN, 0.2, 1.0], [0.0, 0.0, 1.0])).is_err());
    /// ```
    pub fn try_first_hit(&self, ray: &Ray<T>) -> Result<Option<MeshHit<T>>, InputError> {
        ray.validate(0)?;
        Ok(self.first_hit(ray))
    }

    /// `true` when `point` is on the surface of the mesh or inside the solid it bounds.
    ///
    /// Decided exactly. A point on the surface (on a triangle, an edge or a vertex,
    /// exactly) is contained. Otherwise, for a closed mesh ([`TriMesh::is_closed`]), the
    /// point is contained iff its winding number ([`TriMesh::winding_number`]) is not
    /// zero: for a self-intersecting mesh or overlapping components this is their union
    /// (a point inside two overlapping boxes written as one mesh has winding number 2, and
    /// is contained, where the parity of the crossings would say outside), and a point
    /// inside an inside-out component (winding number `-1`) is contained too; use
    /// [`TriMesh::winding_number`] or [`TriMesh::locate`] to tell it apart. It costs one
    /// ray, each crossing counted once ([`TriMesh::hits`]).
    ///
    /// For an open mesh there is no inside: `contains` then answers by the parity of the
    /// crossings of the ray from the point in the `+x` direction (odd: contained), which
    /// depends on that direction; [`TriMesh::try_contains`] refuses open meshes instead.
    /// A non-finite point: `false`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::TriMesh;
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v.clone(), vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// assert!(mesh.contains([0.25, 0.25, 0.25]));
    /// assert!(mesh.contains([0.0, 0.0, 0.5])); // on an edge
    /// assert!(!mesh.contains([0.5, 0.5, 0.0000001]));
    /// // Inside out (every triangle reversed): still contained, winding number -1.
    /// let flipped = TriMesh::new(v, vec![[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]]).unwrap();
    /// assert!(flipped.contains([0.25, 0.25, 0.25]));
    /// assert_eq!(flipped.winding_number([0.25, 0.25, 0.25]), Some(-1));
    /// ```
    pub fn contains(&self, point: [T; 3]) -> bool {
        matches!(
            self.locate(point),
            Some(Location::Inside { .. } | Location::Boundary)
        )
    }

    /// Like [`TriMesh::contains`], but an open mesh or a non-finite point is an error.
    ///
    /// # Errors
    ///
    /// For a mesh from [`TriMesh::from_soup`] with an edge used by more than two
    /// triangles, [`InputError::NonManifoldEdge`], or with two triangles using an edge in
    /// the same direction, [`InputError::InconsistentOrientation`] (the first such edge,
    /// in the mesh's numbering); then [`InputError::NotClosed`] naming a boundary edge if
    /// the mesh is open, then [`InputError::NonFinite`] (`argument` 0, `what: "point"`) for a NaN or infinite
    /// coordinate of `point`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{InputError, TriMesh};
    /// let open = TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert_eq!(open.try_contains([0.0; 3]), Err(InputError::NotClosed { edge: [0, 1] }));
    /// ```
    pub fn try_contains(&self, point: [T; 3]) -> Result<bool, InputError> {
        self.check_closed()?;
        point.validate(0)?;
        Ok(self.contains(point))
    }

    /// Where `point` is relative to the solid, exactly: on the surface
    /// ([`Location::Boundary`]), inside with its winding number ([`Location::Inside`]), or
    /// outside, with the rule of [`TriMesh::contains`]: for a closed mesh inside means a
    /// non-zero winding number ([`TriMesh::winding_number`]); for an open mesh, an odd
    /// number of crossings of the `+x` ray (see [`Location::Inside`]). `None` for a
    /// non-finite point.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{mesh::Location, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// assert_eq!(mesh.locate([0.25, 0.25, 0.5]), Some(Location::Boundary));
    /// assert_eq!(mesh.locate([0.25, 0.25, 0.25]), Some(Location::Inside { winding_number: 1 }));
    /// assert_eq!(mesh.locate([f64::NAN, 0.0, 0.0]), None);
    /// ```
    pub fn locate(&self, point: [T; 3]) -> Option<Location> {
        self.try_locate(point).ok()
    }

    /// [`TriMesh::locate`], saying why it has no answer.
    ///
    /// # Errors
    ///
    /// [`InputError::NonFinite`] (`argument` 0, `what: "point"`) for a NaN or infinite
    /// coordinate of `point`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{mesh::Location, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// assert_eq!(mesh.try_locate([2.0, 0.0, 0.0]), Ok(Location::Outside));
    /// assert!(mesh.try_locate([0.0, f64::INFINITY, 0.0]).is_err());
    /// ```
    pub fn try_locate(&self, point: [T; 3]) -> Result<Location, InputError> {
        point.validate(0)?;
        Ok(self.location(point))
    }

    /// Runs the exact exactly-once test on every triangle the ray might hit, calling
    /// `on_hit` for each hit; `on_hit` returns the current upper bound on useful `t`.
    ///
    /// Float meshes: the BVH, and the `f64` filter of the exact test on the exact `f64`
    /// view of the coordinates, its hits rounded back to `T`. Exact types: every triangle.
    fn for_each_candidate(&self, ray: &Ray<T>, on_hit: impl FnMut(u32, RayHit<T>) -> f64) {
        self.for_each_tested(
            ray,
            |r, a, b, c, known| r.hit(a, b, c, known).map(RayHit::round_from),
            |r, tri| ray_triangle(r, tri),
            on_hit,
        );
    }

    /// The traversal behind [`TriMesh::for_each_candidate`] and point location
    /// (`TriMesh::crossings`): for float meshes the BVH, each candidate tested by
    /// `float_test` on the prepared `f64` ray, the exact `f64` view of its vertices and
    /// what is known about them from earlier tests of the ray ([`Known`]); for exact
    /// types `exact_test` on every triangle. `on` gets each result and returns the current
    /// upper bound on useful `t`.
    ///
    /// A ray aimed exactly at a vertex meets the five or six triangles around it, each
    /// in its own leaf; a ray through an edge meets the two triangles of the edge. The
    /// first test that shows the vertex on the line, or needs the exact sign of the
    /// edge's side ([`PreparedRay::learned`]), records it by vertex indices, and the other
    /// triangles with that vertex, or that edge in either direction (the sign flipped for
    /// the opposite direction), go straight to the decision with that fact
    /// (proofs/ray_triangle.md, sections 3.6 and 3.7): the same vertex index means the
    /// same coordinates, so the same fact. The memory lives for one ray.
    fn for_each_tested<R>(
        &self,
        ray: &Ray<T>,
        float_test: impl Fn(&PreparedRay, &[f64; 3], &[f64; 3], &[f64; 3], Known) -> Option<R>,
        exact_test: impl Fn(&Ray<T>, &Triangle<T>) -> Option<R>,
        mut on: impl FnMut(u32, R) -> f64,
    ) {
        if let (Some(_), Some(o), Some(d)) = (
            T::FLOAT,
            as_f64_array(&ray.origin),
            as_f64_array(&ray.direction),
        ) {
            let bvh = &self.bvh;
            let prepared = PreparedRay::new(&Ray::new(o, d));
            // The exact f64 view of the vertices (the BVH exists only for float meshes, so
            // `as_f64` is never `None` here; a NaN would only send the filter to its exact
            // path, which answers no hit).
            // Written out per coordinate: `array::map` is not always inlined here, and
            // this is the innermost loop of every mesh query.
            let f = |x: &T| x.as_f64().unwrap_or(f64::NAN);
            let view = |k: u32| {
                let p = &self.vertices[k as usize];
                [f(&p[0]), f(&p[1]), f(&p[2])]
            };
            let mut memory = RayMemory::new();
            // The previous triangle tested, about which the last test may have learned
            // something (read at the next test, so the result goes straight to `on`).
            let mut previous = 0;
            bvh.traverse(o, d, f64::INFINITY, |i| {
                let shown = prepared.learned();
                if !shown.is_nothing() {
                    memory.learn(self.triangles[previous as usize], shown);
                    prepared.forget();
                }
                previous = i;
                let t = self.triangles[i as usize];
                let (a, b, c) = (view(t[0]), view(t[1]), view(t[2]));
                let known = if memory.learned {
                    memory.recall(t)
                } else {
                    Known::NOTHING
                };
                match float_test(&prepared, &a, &b, &c, known) {
                    Some(h) => on(i, h),
                    None => f64::INFINITY,
                }
            });
            return;
        }
        for (i, t) in self.triangles.iter().enumerate() {
            let [a, b, c] = t.map(|k| self.vertices[k as usize].clone());
            if let Some(h) = exact_test(ray, &Triangle::new(a, b, c)) {
                on(i as u32, h);
            }
        }
    }

    /// Orders two hits by their exact `t`, then by triangle index.
    fn compare_hits(&self, ray: &Ray<T>, x: &MeshHit<T>, y: &MeshHit<T>) -> Ordering {
        let (tx, ty) = (x.hit.t.to_f64(), y.hit.t.to_f64());
        let separated = (tx - ty).abs() > (x.hit.t_error + y.hit.t_error) * 1.000001;
        let by_t = if x.hit.t_error == 0.0 && y.hit.t_error == 0.0 {
            x.hit.t.partial_cmp(&y.hit.t).unwrap_or(Ordering::Equal)
        } else if separated {
            tx.partial_cmp(&ty).unwrap_or(Ordering::Equal)
        } else {
            self.exact_t(ray, x.triangle)
                .cmp(&self.exact_t(ray, y.triangle))
        };
        by_t.then(x.triangle.cmp(&y.triangle))
    }

    /// The exact `t` at which the ray's line meets triangle `i`'s plane (cold path).
    #[cold]
    fn exact_t(&self, ray: &Ray<T>, i: u32) -> BigRational {
        let q = |p: &[T; 3]| p.clone().map(|x| x.to_rational().unwrap_or_default());
        let [a, b, c] = self.triangles[i as usize].map(|k| q(&self.vertices[k as usize]));
        let (o, d) = (q(&ray.origin), q(&ray.direction));
        // t = N / D with N = det[a − o, b − o, c − o] and D = det[d, b − a, c − a].
        let n = det3(&sub(&a, &o), &sub(&b, &o), &sub(&c, &o));
        let den = det3(&d, &sub(&b, &a), &sub(&c, &a));
        if num_traits::Zero::is_zero(&den) {
            return BigRational::default();
        }
        n / den
    }
}

/// What the tests of one ray showed, by vertex indices (see
/// [`TriMesh::for_each_tested`]): a vertex exactly on the ray's line, and a directed edge
/// with the perturbed sign of its side.
struct RayMemory {
    /// Something was learned (the only field a test reads while nothing is).
    learned: bool,
    /// The index of a vertex shown to lie exactly on the ray's line; `u32::MAX` for none
    /// (were it that vertex's index, the shortcut would only not be taken).
    vertex: u32,
    /// A directed edge `[p, q]` and the perturbed sign of its side `S(p, q)`.
    edge: Option<([u32; 2], Sign)>,
}

impl RayMemory {
    fn new() -> RayMemory {
        RayMemory {
            learned: false,
            vertex: u32::MAX,
            edge: None,
        }
    }

    /// Records what a test learned about triangle `t` (positions into `t`).
    #[cold]
    #[inline(never)]
    fn learn(&mut self, t: [u32; 3], fact: Known) {
        if let Some(j) = fact.on_line() {
            self.vertex = t[j as usize];
        } else if let Some((j, s)) = fact.side_sign() {
            self.edge = Some(([t[j as usize], t[(j as usize + 1) % 3]], s));
        } else {
            return;
        }
        self.learned = true;
    }

    /// What is known about triangle `t`, by positions into `t`: its vertex on the line
    /// first, else its edge (the sign flipped when `t` has the edge the other way).
    #[inline(always)]
    fn recall(&self, t: [u32; 3]) -> Known {
        let v = self.vertex;
        if v != u32::MAX
            && let Some(j) = t.iter().position(|&k| k == v)
        {
            return Known::vertex(j as u8);
        }
        match self.edge {
            Some((edge, s)) => recall_edge(t, edge, s),
            None => Known::NOTHING,
        }
    }
}

/// The side of triangle `t` that is the edge `[p, q]` in either direction, with the
/// perturbed sign `s` of `S(p, q)` (flipped for `q → p`); nothing when `t` lacks the edge.
#[inline(never)]
fn recall_edge(t: [u32; 3], [p, q]: [u32; 2], s: Sign) -> Known {
    for j in 0..3 {
        let (x, y) = (t[j], t[(j + 1) % 3]);
        if (x, y) == (p, q) {
            return Known::side(j as u8, s);
        }
        if (x, y) == (q, p) {
            return Known::side(j as u8, -s);
        }
    }
    Known::NOTHING
}

/// `true` when `p` lies on the closed triangle `abc` (exact).
fn point_on_triangle<T: Scalar>(p: &[T; 3], a: &[T; 3], b: &[T; 3], c: &[T; 3]) -> bool {
    if crate::orient3d(a, b, c, p) != Sign::Zero {
        return false;
    }
    let proj = |q: &[T; 3], i: usize, j: usize| [q[i].clone(), q[j].clone()];
    // A coordinate plane where the triangle keeps its area (exists: not degenerate).
    for (i, j) in [(0, 1), (1, 2), (2, 0)] {
        let area = crate::orient2d(proj(a, i, j), proj(b, i, j), proj(c, i, j));
        if area != Sign::Zero {
            let pp = proj(p, i, j);
            return [(a, b), (b, c), (c, a)]
                .iter()
                .all(|(u, v)| crate::orient2d(proj(u, i, j), proj(v, i, j), pp.clone()) != -area);
        }
    }
    false
}

/// Checks that every edge has at most two triangles, using it in opposite directions.
/// Returns a boundary edge if the mesh is open.
fn check_edges(triangles: &[[u32; 3]]) -> Result<Option<[u32; 2]>, InputError> {
    // Each use of an edge as one integer `min · 2^96 + max · 2^64 + direction · 2^63 +
    // triangle`, sorted so the uses of an edge are adjacent (in the order of the tuple
    // (min, max, direction, triangle); one integer sorts faster than the tuple).
    let mut uses: Vec<u128> = Vec::with_capacity(triangles.len() * 3);
    for (i, t) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (p, q) = (t[k], t[(k + 1) % 3]);
            let key = (u128::from(p.min(q)) << 96) | (u128::from(p.max(q)) << 64);
            uses.push(key | (u128::from(p < q) << 63) | i as u128);
        }
    }
    uses.sort_unstable();
    let edge = |u: u128| ((u >> 96) as u32, (u >> 64) as u32);
    let forward = |u: u128| (u >> 63) & 1 == 1;
    let triangle = |u: u128| (u as u64 & (u64::MAX >> 1)) as usize;
    let mut boundary = None;
    let mut k = 0;
    while k < uses.len() {
        let (lo, hi) = edge(uses[k]);
        let mut end = k + 1;
        while end < uses.len() && edge(uses[end]) == (lo, hi) {
            end += 1;
        }
        let directed = |u: u128| if forward(u) { [lo, hi] } else { [hi, lo] };
        match end - k {
            1 => {
                boundary = boundary.or(Some(directed(uses[k])));
            }
            2 => {
                if forward(uses[k]) == forward(uses[k + 1]) {
                    return Err(InputError::InconsistentOrientation {
                        edge: directed(uses[k]),
                        triangles: [triangle(uses[k]), triangle(uses[k + 1])],
                    });
                }
            }
            n => {
                return Err(InputError::NonManifoldEdge {
                    edge: [lo, hi],
                    count: n,
                });
            }
        }
        k = end;
    }
    Ok(boundary)
}
