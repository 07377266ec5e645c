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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Rng;
    use alloc::vec;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use num_traits::One;

    /// Rational boxes contain their triangles exactly, for values near and beyond the
    /// ends of the `f64` range, non-dyadic ones and halfway cases between two `f64`s.
    #[test]
    fn rational_boxes_contain_their_triangles() {
        let mut rng = Rng::new(3);
        let two = BigRational::from_integer(BigInt::from(2));
        let q = |x: f64| BigRational::from_float(x).unwrap();
        let mut values = vec![];
        for _ in 0..400 {
            let e = rng.below(2400) as i32 - 1200;
            let m = BigRational::new(
                BigInt::from(rng.below(1 << 40) as i64 + 1),
                BigInt::from(rng.below(1000) as i64 + 1),
            );
            let p = num_traits::pow(two.clone(), e.unsigned_abs() as usize);
            let v = if e >= 0 { m * p } else { m / p };
            values.push(if rng.below(2) == 0 { -v } else { v });
        }
        // Exactly halfway between 1 and its successor, and between the two largest f64s.
        values.push(q(1.0) + q(f64::EPSILON) / &two);
        values.push((q(f64::MAX) + q(f64::MAX.next_down())) / &two);
        values.push(q(f64::MAX) * &two);
        values.push(BigRational::one() / q(f64::MAX) / q(f64::MAX));
        values.push(BigRational::default());
        let vertices: Vec<[BigRational; 3]> = values
            .chunks(3)
            .filter(|c| c.len() == 3)
            .map(|c| [c[0].clone(), c[1].clone(), c[2].clone()])
            .collect();
        let triangles: Vec<[u32; 3]> = (0..vertices.len() as u32 - 2)
            .map(|i| [i, i + 1, i + 2])
            .collect();
        for (t, (lo, hi)) in triangles.iter().zip(face_boxes(&vertices, &triangles)) {
            for &k in t {
                for axis in 0..3 {
                    let x = &vertices[k as usize][axis];
                    let below = lo[axis] == f64::NEG_INFINITY || q(lo[axis]) <= *x;
                    let above = hi[axis] == f64::INFINITY || q(hi[axis]) >= *x;
                    assert!(below && above, "{x} not in [{}, {}]", lo[axis], hi[axis]);
                }
            }
        }
    }
}
