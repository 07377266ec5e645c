//! The triangles' boxes the mesh's [`Bvh`] is built over, conservative for every scalar
//! type, and [`TriMesh::bvh`].

use alloc::vec::Vec;

use super::{Bvh, TriMesh};
use crate::Scalar;

/// The interval `[lo, hi]` of `f64` values around `x`: `[x, x]` for floats (their exact
/// `f64` view); otherwise the correctly rounded `f64` of `x` stepped down and up once,
/// which contains `x` (`from_rational` rounds to nearest, so `x` lies within half an ulp
/// of it, and `next_down`/`next_up` move a whole ulp: below the smallest finite value
/// the step reaches `-∞`, above the largest `+∞`).
#[inline(always)]
fn interval<T: Scalar>(x: &T) -> (f64, f64) {
    if let Some(f) = x.as_f64() {
        return (f, f);
    }
    interval_exact(x)
}

#[cold]
fn interval_exact<T: Scalar>(x: &T) -> (f64, f64) {
    match x.to_rational() {
        Some(q) => {
            let f = f64::from_rational(&q);
            (f.next_down(), f.next_up())
        }
        // Not reached for a validated mesh (finite coordinates); unbounded otherwise.
        None => (f64::NEG_INFINITY, f64::INFINITY),
    }
}

/// The box of each triangle: exact for `f32`/`f64` meshes, rounded outward otherwise, so
/// it always contains the triangle.
pub(super) fn face_boxes<T: Scalar>(
    vertices: &[[T; 3]],
    triangles: &[[u32; 3]],
) -> Vec<([f64; 3], [f64; 3])> {
    // Each vertex's interval once (rationals convert at most once per vertex).
    let view: Vec<[(f64, f64); 3]> = vertices
        .iter()
        .map(|p| [interval(&p[0]), interval(&p[1]), interval(&p[2])])
        .collect();
    triangles
        .iter()
        .map(|t| {
            let [p, q, r] = t.map(|k| &view[k as usize]);
            let lo = core::array::from_fn(|k| p[k].0.min(q[k].0).min(r[k].0));
            let hi = core::array::from_fn(|k| p[k].1.max(q[k].1).max(r[k].1));
            (lo, hi)
        })
        .collect()
}

impl<T: Scalar> TriMesh<T> {
    /// The bounding volume hierarchy over the triangles' boxes, built by
    /// [`TriMesh::new`]: primitive `i` is triangle `i`.
    ///
    /// Each box contains its triangle: for `f32` and `f64` meshes it is the triangle's
    /// exact bounding box; for other scalar types each coordinate is rounded to the
    /// nearest `f64` and then one step outward. So a box or pair query on it never misses
    /// a triangle or a pair of triangles whose boxes meet (it may report a few more for
    /// rational meshes).
    ///
    /// # Examples
    ///
    /// Which triangles come near a point, then an exact test on those only:
    ///
    /// ```
    /// use isect::TriMesh;
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// let mut near = vec![];
    /// mesh.bvh().for_each_overlapping([0.9, 0.0, 0.0], [1.0, 0.05, 0.05], |i| near.push(i));
    /// near.sort();
    /// assert_eq!(near, vec![0, 1, 3]);
    /// ```
    pub fn bvh(&self) -> &Bvh {
        &self.bvh
    }
}
