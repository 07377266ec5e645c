//! Batch queries of [`TriMesh`]: many rays or points in one call, answered in input
//! order, on all threads of rayon's pool with the feature `rayon` (each answer is the one
//! the single query gives, whatever the number of threads).

use alloc::vec::Vec;

use super::{Location, MeshHit, TriMesh};
use crate::{Ray, Scalar};

/// Batches shorter than this per thread are not split further (a query costs about a
/// microsecond; a task, a few).
#[cfg(feature = "rayon")]
const MIN_PER_TASK: usize = 64;

/// `f` of every item, in order: on rayon's pool with the feature `rayon`.
fn map_all<I: Sync, O: Send>(items: &[I], f: impl Fn(&I) -> O + Sync + Send) -> Vec<O> {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        items.par_iter().with_min_len(MIN_PER_TASK).map(f).collect()
    }
    #[cfg(not(feature = "rayon"))]
    {
        items.iter().map(f).collect()
    }
}

impl<T: Scalar + Send + Sync> TriMesh<T> {
    /// [`TriMesh::first_hit`] of every ray, in order. With the feature `rayon` the rays
    /// are shared among rayon's threads; the answers are those of `first_hit`, exact in
    /// the same way. A ray with a non-finite coordinate or a zero direction gets `None`,
    /// as in `first_hit` (validate rays with [`Validate`](crate::Validate) first to tell
    /// it apart from a miss).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Ray, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// let rays = [
    ///     Ray::new([0.1, 0.1, -1.0], [0.0, 0.0, 1.0]),
    ///     Ray::new([5.0, 5.0, 5.0], [1.0, 0.0, 0.0]),
    ///     Ray::new([f64::NAN, 0.0, 0.0], [1.0, 0.0, 0.0]),
    /// ];
    /// let hits = mesh.first_hits(&rays);
    /// assert_eq!(hits[0].as_ref().map(|h| (h.triangle, h.hit.t)), Some((0, 1.0)));
    /// assert!(hits[1].is_none() && hits[2].is_none());
    /// ```
    pub fn first_hits(&self, rays: &[Ray<T>]) -> Vec<Option<MeshHit<T>>> {
        map_all(rays, |r| self.first_hit(r))
    }

    /// [`TriMesh::hits`] of every ray (each list sorted along its ray), in order; on
    /// rayon's threads with the feature `rayon`, with the answers of `hits`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Ray, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// let rays = [Ray::new([0.1, 0.1, -1.0], [0.0, 0.0, 1.0]), Ray::new([5.0, 5.0, 5.0], [1.0, 0.0, 0.0])];
    /// let all = mesh.hits_many(&rays);
    /// assert_eq!(all[0].len(), 2); // in through face 0, out through face 3
    /// assert!(all[1].is_empty());
    /// ```
    pub fn hits_many(&self, rays: &[Ray<T>]) -> Vec<Vec<MeshHit<T>>> {
        map_all(rays, |r| self.hits(r))
    }

    /// [`TriMesh::locate`] of every point, in order (`None` for a non-finite point); on
    /// rayon's threads with the feature `rayon`, with the answers of `locate`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{mesh::Location, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// let at = mesh.locate_many(&[[0.25, 0.25, 0.25], [0.25, 0.25, 0.5], [2.0, 0.0, 0.0]]);
    /// assert_eq!(at, vec![
    ///     Some(Location::Inside { winding_number: 1 }),
    ///     Some(Location::Boundary),
    ///     Some(Location::Outside),
    /// ]);
    /// ```
    pub fn locate_many(&self, points: &[[T; 3]]) -> Vec<Option<Location>> {
        map_all(points, |p| self.locate(p.clone()))
    }
}
