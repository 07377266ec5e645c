//! Exact winding numbers of closed meshes, and the point location built on them
//! ([`TriMesh::winding_number`], [`TriMesh::locate`], [`TriMesh::contains`]).
//!
//! One ray from the point, in the `+x` direction, walked once through the BVH: each
//! triangle it offers whose box holds the point is first tested exactly for holding it
//! (then the point is on the surface, and that is the answer); otherwise each crossing of
//! the ray reported by [`ray_triangle`](crate::ray::ray_triangle) counts `+1` when the ray leaves
//! through the back of the triangle (the side from which its vertices appear clockwise,
//! `front == false`) and `−1` when it enters through the front. Why that sum is the
//! winding number, for rays through edges and vertices and for self-intersecting meshes:
//! `proofs/winding_number.md`.

use super::{Location, TriMesh, point_on_triangle};
use crate::ray::ray_triangle_crossing;
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
    ///
    /// One walk does both: every triangle the ray's walk offers is first tested for
    /// holding the point (when its box does), then for a crossing. A triangle holding the
    /// point has a box holding the ray's origin, which the walk never skips (it drops
    /// only boxes the exact ray surely misses within `[0, ∞)`; proofs/bvh_rays.md §1–§4), so no
    /// separate search of the tree for the point is needed (proofs/winding_number.md §2,
    /// "One walk").
    fn crossings(&self, point: [T; 3]) -> Option<Crossings> {
        /// What one candidate triangle showed.
        enum Seen {
            /// It holds the point.
            Holds,
            /// The ray crosses it (`true`: through its front).
            Crossed(bool),
        }
        let p = as_f64_array(&point);
        let mut boundary = false;
        let mut c = Crossings {
            count: 0,
            signed: 0,
        };
        // Any direction works (the tie-breaking handles edges and vertices); +x.
        let dir = [T::one(), T::zero(), T::zero()];
        self.for_each_tested(
            &Ray::new(point.clone(), dir),
            |r, a, b, c, known| {
                // The float walk runs only when the point has its exact f64 view.
                let p = p.as_ref()?;
                // The +x ray meets the triangles ahead of the point: most fail the first
                // comparison, on x.
                let holds = (0..3)
                    .all(|k| p[k] >= a[k].min(b[k]).min(c[k]) && p[k] <= a[k].max(b[k]).max(c[k]))
                    && point_on_triangle(p, a, b, c);
                if holds {
                    return Some(Seen::Holds);
                }
                r.crossing(a, b, c, known).map(Seen::Crossed)
            },
            |r, tri| {
                if point_on_triangle(&point, &tri.a, &tri.b, &tri.c) {
                    return Some(Seen::Holds);
                }
                ray_triangle_crossing(r, tri).map(Seen::Crossed)
            },
            |_, seen| match seen {
                Seen::Holds => {
                    boundary = true;
                    // Ends the walk: no box is entered before t = 0.
                    -1.0
                }
                Seen::Crossed(front) => {
                    if !boundary {
                        c.count += 1;
                        // Leaving through the back of a counterclockwise-outside face:
                        // out of the solid it bounds, +1.
                        c.signed += if front { -1 } else { 1 };
                    }
                    f64::INFINITY
                }
            },
        );
        (!boundary).then_some(c)
    }
}
