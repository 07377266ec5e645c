//! [`RayAabbKind`]: a ray against a closed axis-aligned box.

use alloc::vec::Vec;

use super::super::check::{Family, TestKind};
use super::super::rng::Rng;
use super::super::scenes::{grid_box, near_parallel_box_ray};
use super::{
    extreme_exponent, far_offset, grid, lerp, rounded_input, scaled_input, transformed_base,
    translate_points, unflat,
};
use crate::ray::ray_aabb;
use crate::{Aabb, FloatFormat, Ray};

/// Ray against closed axis-aligned box: `true` when the ray (`t ≥ 0`) touches the box,
/// exactly as [`ray_aabb`] decides (an inverted box is empty; non-finite input: `false`).
///
/// Families: `NearDegenerate` is [`near_parallel_box_rays`](crate::oracle::scenes::near_parallel_box_rays);
/// `AimedAtVertices` aims exactly at a box corner; `AimedAtEdges` exactly at a point `k/16`
/// along a box edge (grid coordinates, through the point at `t = 1`); `ExtremeExponents`
/// scales everything by `2^e`; `FarFromOrigin` translates origin and box.
///
/// # Examples
///
/// ```
/// use isect::oracle::{Family, RayAabbKind, Rng, TestKind};
/// let q = RayAabbKind.generate(Family::AimedAtVertices, &mut Rng::new(2));
/// assert!(RayAabbKind.exact(&q)); // through a corner: a touching hit
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayAabbKind;

fn ray_aabb_input(family: Family, fmt: FloatFormat, rng: &mut Rng) -> (Ray<f64>, Aabb<f64>) {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => {
            let b = grid_box(rng);
            let o: [f64; 3] = core::array::from_fn(|_| rng.uniform(-3.0, 3.0));
            let p: [f64; 3] = core::array::from_fn(|_| rng.uniform(-1.5, 1.5));
            (Ray::new(o, core::array::from_fn(|k| p[k] - o[k])), b)
        }
        Family::NearDegenerate => {
            let (b, r) = near_parallel_box_ray(fmt, rng);
            (r, b)
        }
        f @ (Family::AimedAtVertices | Family::AimedAtEdges) => {
            let b = grid_box(rng);
            let corner = |bits: usize| -> [f64; 3] {
                core::array::from_fn(|k| {
                    if bits >> k & 1 == 1 {
                        b.max[k]
                    } else {
                        b.min[k]
                    }
                })
            };
            let c = rng.below(8);
            let p = if f == Family::AimedAtVertices {
                corner(c)
            } else {
                lerp(
                    &corner(c),
                    &corner(c ^ (1 << rng.below(3))),
                    rng.range(1, 15),
                    16.0,
                )
            };
            let o: [f64; 3] = grid(rng).map(|x: f64| 3.0 * x);
            let mut d: [f64; 3] = core::array::from_fn(|k| p[k] - o[k]);
            if d == [0.0; 3] {
                d = [1.0, 0.0, 0.0];
            }
            (Ray::new(o, d), b)
        }
        Family::ExtremeExponents => {
            let q = ray_aabb_input(transformed_base(rng), fmt, rng);
            scaled_input(&RayAabbKind, &q, extreme_exponent(fmt, rng), fmt)
        }
        Family::FarFromOrigin => {
            let (mut r, mut b) = ray_aabb_input(transformed_base(rng), fmt, rng);
            let off = far_offset(fmt, rng);
            translate_points(core::slice::from_mut(&mut r.origin), &off, fmt);
            translate_points(core::slice::from_mut(&mut b.min), &off, fmt);
            translate_points(core::slice::from_mut(&mut b.max), &off, fmt);
            (r, b)
        }
    }
}

impl TestKind for RayAabbKind {
    type Input = (Ray<f64>, Aabb<f64>);
    type Answer = bool;
    const NAME: &'static str = "ray-aabb";
    fn exact(&self, q: &(Ray<f64>, Aabb<f64>)) -> bool {
        ray_aabb(&q.0, &q.1).is_some()
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> (Ray<f64>, Aabb<f64>) {
        self.generate_in(family, FloatFormat::F64, rng)
    }
    fn generate_in(
        &self,
        family: Family,
        format: FloatFormat,
        rng: &mut Rng,
    ) -> (Ray<f64>, Aabb<f64>) {
        rounded_input(self, ray_aabb_input(family, format, rng), format)
    }
    fn coords(&self, q: &(Ray<f64>, Aabb<f64>)) -> Vec<f64> {
        [q.0.origin, q.0.direction, q.1.min, q.1.max]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
    fn with_coords(&self, _q: &(Ray<f64>, Aabb<f64>), c: &[f64]) -> (Ray<f64>, Aabb<f64>) {
        RayAabbKind::from_coords(c)
    }
}

impl RayAabbKind {
    /// The query whose coordinates are `c`, in [`TestKind::coords`] order.
    pub(crate) fn from_coords(c: &[f64]) -> (Ray<f64>, Aabb<f64>) {
        let [o, d, lo, hi]: [[f64; 3]; 4] = unflat(c);
        (Ray::new(o, d), Aabb::new(lo, hi))
    }
}
