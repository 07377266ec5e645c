//! [`TriTriKind`]: a closed triangle against a closed triangle.

use alloc::vec::Vec;

use super::super::check::{Family, TestKind};
use super::super::rng::Rng;
use super::super::scenes::{Tri, near_coplanar_pair};
use super::{
    aim_point, extreme_exponent, far_offset, flat, grid, rounded_input, scale_points, shuffle,
    transformed_base, translate_points, unflat, uni,
};
use crate::FloatFormat;

/// Closed triangle against closed triangle: `true` when they share a point (touching
/// counts), exactly as [`crate::tri_tri_intersect`] decides (`false` for non-finite
/// input).
///
/// Families: `NearDegenerate` is [`near_coplanar_triangle_pairs`](crate::oracle::scenes::near_coplanar_triangle_pairs);
/// `AimedAtVertices` gives the second triangle a vertex exactly at a vertex of the first;
/// `AimedAtEdges` exactly on an edge of the first (grid coordinates); `ExtremeExponents`
/// scales both by `2^e`; `FarFromOrigin` translates both.
///
/// # Examples
///
/// ```
/// use isect::oracle::{Family, Rng, TestKind, TriTriKind};
/// let q = TriTriKind.generate(Family::AimedAtEdges, &mut Rng::new(1));
/// assert!(TriTriKind.exact(&q)); // they touch at least
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TriTriKind;

fn tri_tri_input(family: Family, fmt: FloatFormat, rng: &mut Rng) -> (Tri, Tri) {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => {
            ([0; 3].map(|_| uni(fmt, rng)), [0; 3].map(|_| uni(fmt, rng)))
        }
        Family::NearDegenerate => near_coplanar_pair(fmt, rng),
        f @ (Family::AimedAtVertices | Family::AimedAtEdges) => {
            let t1 = [0; 3].map(|_| grid(rng));
            let p = aim_point(&t1, f, rng);
            let mut t2 = [p, grid(rng), grid(rng)];
            shuffle(&mut t2, rng);
            (t1, t2)
        }
        Family::ExtremeExponents => {
            let (mut a, mut b) = tri_tri_input(transformed_base(rng), fmt, rng);
            let e = extreme_exponent(fmt, rng);
            scale_points(&mut a, e, fmt);
            scale_points(&mut b, e, fmt);
            (a, b)
        }
        Family::FarFromOrigin => {
            let (mut a, mut b) = tri_tri_input(transformed_base(rng), fmt, rng);
            let off = far_offset(fmt, rng);
            translate_points(&mut a, &off, fmt);
            translate_points(&mut b, &off, fmt);
            (a, b)
        }
    }
}

impl TestKind for TriTriKind {
    type Input = (Tri, Tri);
    type Answer = bool;
    const NAME: &'static str = "tri-tri";
    fn exact(&self, q: &(Tri, Tri)) -> bool {
        crate::tri_tri_intersect(q.0, q.1)
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> (Tri, Tri) {
        self.generate_in(family, FloatFormat::F64, rng)
    }
    fn generate_in(&self, family: Family, format: FloatFormat, rng: &mut Rng) -> (Tri, Tri) {
        rounded_input(self, tri_tri_input(family, format, rng), format)
    }
    fn coords(&self, q: &(Tri, Tri)) -> Vec<f64> {
        let mut c = flat(&q.0);
        c.extend(flat(&q.1));
        c
    }
    fn with_coords(&self, _q: &(Tri, Tri), c: &[f64]) -> (Tri, Tri) {
        TriTriKind::from_coords(c)
    }
}

impl TriTriKind {
    /// The query whose coordinates are `c`, in [`TestKind::coords`] order.
    pub(crate) fn from_coords(c: &[f64]) -> (Tri, Tri) {
        (unflat(&c[..9]), unflat(&c[9..]))
    }
}
