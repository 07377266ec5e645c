//! Exact winding numbers of closed meshes, and the point location built on them
//! ([`TriMesh::winding_number`], [`TriMesh::locate`], [`TriMesh::contains`]).
//!
//! One ray from the point, in the `+x` direction: the point is first tested exactly
//! against every triangle that could hold it; if it is on none, each crossing of the ray
//! reported by [`ray_triangle`](crate::ray::ray_triangle) counts `+1` when the ray leaves
//! through the back of the triangle (the side from which its vertices appear clockwise,
//! `front == false`) and `−1` when it enters through the front. Why that sum is the
//! winding number, for rays through edges and vertices and for self-intersecting meshes:
//! `proofs/winding_number.md`.

use super::{Location, TriMesh, point_on_triangle};
use crate::scalar::as_f64_array;
use crate::{InputError, Ray, Scalar, Validate};

/// What one ray from a point off the surface saw.
struct Crossings {
    /// Number of crossings.
    count: u64,
    /// Crossings through the back of a triangle minus crossings through its front.
    signed: i64,
}

impl<T: Scalar> TriMesh<T> {
    /// The winding number of the closed mesh around `point`, exactly.
    ///
    /// For a closed mesh ([`TriMesh::is_closed`]) whose triangles are counterclockwise
    /// seen from outside, it is `1` inside and `0` outside; `-1` inside a component that
    /// is inside out (its triangles clockwise seen from outside); `2` where two
    /// components overlap or are nested, and in general the number of times the surface
    /// wraps around the point, counted with orientation (the sum of the triangles'
    /// signed solid angles seen from the point, over `4π`). Self-intersecting meshes,
    /// several components and vertices shared by several sheets are all fine.
    ///
    /// `None` when the point is exactly on the surface (on a triangle, an edge or a
    /// vertex), when it has a NaN or infinite coordinate, and when the mesh is not closed
    /// (an open surface has no integer winding number); [`TriMesh::try_winding_number`]
    /// says which.
    ///
    /// Exact for every scalar type: it is the signed count of the crossings of one ray,
    /// each decided exactly with the tie-breaking of
    /// [`ray_triangle`](crate::ray::ray_triangle), which counts a ray through an edge or
    /// a vertex once per sheet it crosses and not at all where it only touches
    /// (`proofs/winding_number.md`). It costs what [`TriMesh::contains`] costs: one ray.
    ///
    /// # Examples
    ///
    /// Two overlapping unit boxes written as one mesh (self-intersecting, closed):
    ///
    /// ```
    /// use isect::TriMesh;
    /// fn cube(v: &mut Vec<[f64; 3]>, t: &mut Vec<[u32; 3]>, lo: [f64; 3], inside_out: bool) {
    ///     let n = v.len() as u32;
    ///     for k in 0..8 {
    ///         v.push([0, 1, 2].map(|a| lo[a] + ((k >> a) & 1) as f64));
    ///     }
    ///     let quads = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
    ///     for [a, b, c, d] in quads {
    ///         let (f1, f2) = ([a, b, c].map(|i| i + n), [a, c, d].map(|i| i + n));
    ///         t.extend(if inside_out { [[f1[0], f1[2], f1[1]], [f2[0], f2[2], f2[1]]] } else { [f1, f2] });
    ///     }
    /// }
    /// let (mut v, mut t) = (vec![], vec![]);
    /// cube(&mut v, &mut t, [0.0; 3], false);
    /// cube(&mut v, &mut t, [0.5; 3], false);
    /// let two_boxes = TriMesh::new(v, t).unwrap();
    /// assert_eq!(two_boxes.winding_number([0.75, 0.75, 0.75]), Some(2)); // in both
    /// assert_eq!(two_boxes.winding_number([0.25, 0.25, 0.25]), Some(1)); // in one
    /// assert_eq!(two_boxes.winding_number([2.0, 0.75, 0.75]), Some(0));
    /// assert_eq!(two_boxes.winding_number([1.0, 0.75, 0.75]), None); // on a face
    /// assert_eq!(two_boxes.winding_number([1.0, 1.0, 1.0]), None); // on an edge
    /// // The +x rays from these points run through a corner and along an edge of the
    /// // second box, and within two faces: still exact.
    /// assert_eq!(two_boxes.winding_number([0.25, 0.5, 0.5]), Some(1));
    /// assert_eq!(two_boxes.winding_number([-1.0, 0.5, 1.0]), Some(0));
    ///
    /// let (mut v, mut t) = (vec![], vec![]);
    /// cube(&mut v, &mut t, [0.0; 3], true);
    /// let inside_out = TriMesh::new(v, t).unwrap();
    /// assert_eq!(inside_out.winding_number([0.5, 0.5, 0.5]), Some(-1));
    ///
    /// let open = TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert_eq!(open.winding_number([0.1, 0.1, 1.0]), None);
    /// ```
    pub fn winding_number(&self, point: [T; 3]) -> Option<i64> {
        self.try_winding_number(point).ok().flatten()
    }

    /// [`TriMesh::winding_number`], saying why a mesh or point has none: `Ok(None)` is a
    /// point exactly on the surface.
    ///
    /// # Errors
    ///
    /// For a mesh from [`TriMesh::from_soup`] with an edge used by more than two
    /// triangles or used twice in the same direction, [`InputError::NonManifoldEdge`] or
    /// [`InputError::InconsistentOrientation`]; then [`InputError::NotClosed`] naming a
    /// boundary edge if the mesh is open, then [`InputError::NonFinite`] (`argument` 0,
    /// `what: "point"`) for a NaN or infinite coordinate of `point` (the order of
    /// [`TriMesh::try_contains`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{InputError, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let tet = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// assert_eq!(tet.try_winding_number([0.1, 0.1, 0.1]), Ok(Some(1)));
    /// assert_eq!(tet.try_winding_number([0.0, 0.0, 0.5]), Ok(None)); // on an edge
    /// assert!(matches!(tet.try_winding_number([f64::NAN, 0.0, 0.0]), Err(InputError::NonFinite { .. })));
    /// let open = TriMesh::new(vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], vec![[0, 1, 2]]).unwrap();
    /// assert_eq!(open.try_winding_number([0.0; 3]), Err(InputError::NotClosed { edge: [0, 1] }));
    /// ```
    pub fn try_winding_number(&self, point: [T; 3]) -> Result<Option<i64>, InputError> {
        self.check_closed()?;
        point.validate(0)?;
        Ok(self.crossings(point).map(|c| c.signed))
    }

    /// Where the finite `point` is: [`Location::Boundary`] if on the surface; otherwise,
    /// closed meshes: inside iff the winding number is non-zero; open meshes: inside iff
    /// the `+x` ray crosses an odd number of times, reporting the signed count.
    pub(super) fn location(&self, point: [T; 3]) -> Location {
        let Some(c) = self.crossings(point) else {
            return Location::Boundary;
        };
        let inside = if self.is_closed() {
            c.signed != 0
        } else {
            c.count % 2 == 1
        };
        if inside {
            Location::Inside {
                winding_number: c.signed,
            }
        } else {
            Location::Outside
        }
    }

    /// `None` if the finite `point` is exactly on the surface; otherwise the crossings of
    /// the ray from it in the `+x` direction, each counted once (the exactly-once
    /// tie-breaking), with their signed sum.
    fn crossings(&self, point: [T; 3]) -> Option<Crossings> {
        let on_surface = |i: u32| {
            let [a, b, c] = self.triangles[i as usize].map(|k| &self.vertices[k as usize]);
            point_on_triangle(&point, a, b, c)
        };
        let mut boundary = false;
        match (T::FLOAT, as_f64_array(&point)) {
            (Some(_), Some(p)) => self
                .bvh
                .visit_point(p, |i| boundary = boundary || on_surface(i)),
            _ => boundary = (0..self.triangles.len() as u32).any(on_surface),
        }
        if boundary {
            return None;
        }
        // Any direction works (the tie-breaking handles edges and vertices); +x.
        let dir = [T::one(), T::zero(), T::zero()];
        let mut c = Crossings {
            count: 0,
            signed: 0,
        };
        self.for_each_crossing(&Ray::new(point, dir), |_, front| {
            c.count += 1;
            // Leaving through the back of a counterclockwise-outside face: out of the
            // solid it bounds, +1.
            c.signed += if front { -1 } else { 1 };
        });
        Some(c)
    }
}
