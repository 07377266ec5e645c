//! [`RayTriangleKind`]: a ray against a closed triangle.

use alloc::vec::Vec;

use super::super::check::{Family, TestKind};
use super::super::rng::Rng;
use super::super::scenes::{Tri, affine_rounded};
use super::{
    aim_point, extreme_exponent, far_offset, flat, grid, rounded_input, scaled_input,
    transformed_base, translate_points, unflat, uni,
};
use crate::ray::ray_triangle_closed;
use crate::{FloatFormat, Ray, Triangle};

/// A ray and a triangle, as [`RayTriangleKind`] takes them.
///
/// # Examples
///
/// ```
/// use isect::oracle::RayTriangleInput;
/// let q = RayTriangleInput {
///     ray: isect::Ray::new([0.0, 0.0, -1.0], [0.0, 0.0, 1.0]),
///     triangle: [[-1.0, -1.0, 0.0], [1.0, -1.0, 0.0], [0.0, 1.0, 0.0]],
/// };
/// assert_eq!(q.triangle[2][1], 1.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RayTriangleInput {
    /// The ray.
    pub ray: Ray<f64>,
    /// The triangle's corners.
    pub triangle: Tri,
}

/// Ray against **closed** triangle: `true` when the ray (`t ≥ 0`) touches the triangle,
/// boundary included, exactly as [`ray_triangle_closed`] decides. A degenerate
/// (collinear) triangle or a zero direction is never hit (`false`).
///
/// Families: `Uniform` aims from a random origin at a random point near the triangle;
/// `NearDegenerate` aims at a point of an edge rounded once (just inside or outside);
/// `AimedAtVertices` / `AimedAtEdges` aim exactly at a vertex / at a point `k/16` along an
/// edge (grid coordinates; the ray passes through it at `t = 1`); `ExtremeExponents` scales
/// everything by `2^e`; `FarFromOrigin` translates origin and triangle.
///
/// # Examples
///
/// ```
/// use isect::oracle::{Family, RayTriangleKind, Rng, TestKind};
/// let q = RayTriangleKind.generate(Family::AimedAtVertices, &mut Rng::new(1));
/// assert!(RayTriangleKind.exact(&q)); // through a vertex: a hit
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayTriangleKind;

fn ray_triangle_input(family: Family, fmt: FloatFormat, rng: &mut Rng) -> RayTriangleInput {
    let make = |o: [f64; 3], p: [f64; 3], triangle: Tri| {
        // Exact for the aimed families (grid points); otherwise rounded to the format.
        let d: [f64; 3] = core::array::from_fn(|k| fmt.round(p[k] - o[k]));
        RayTriangleInput {
            ray: Ray::new(o, d),
            triangle,
        }
    };
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => {
            let t = [0; 3].map(|_| uni(fmt, rng));
            let o: [f64; 3] = core::array::from_fn(|_| fmt.round(rng.uniform(-3.0, 3.0)));
            let (s, w) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
            let p = affine_rounded(fmt, &t[0], &t[1], &t[2], s, w);
            make(o, p, t)
        }
        Family::NearDegenerate => {
            // The aim point is an edge point rounded once to the format, and the ray
            // starts at the origin it passes through at t = 1 from there: o = p − d
            // with d rounded to the format, o rounded too (near the edge in the format).
            let t = [0; 3].map(|_| uni(fmt, rng));
            let i = rng.below(3);
            let s = rng.next_f64();
            let (a, b) = (t[i], t[(i + 1) % 3]);
            let p = affine_rounded(fmt, &a, &b, &a, s, 0.0);
            let o: [f64; 3] = core::array::from_fn(|_| fmt.round(rng.uniform(-3.0, 3.0)));
            make(o, p, t)
        }
        f @ (Family::AimedAtVertices | Family::AimedAtEdges) => {
            let t = [0; 3].map(|_| grid(rng));
            let p = aim_point(&t, f, rng);
            let o: [f64; 3] = grid(rng).map(|x: f64| 2.0 * x);
            let mut q = make(o, p, t);
            if q.ray.direction == [0.0; 3] {
                q.ray.origin[0] -= 1.0;
                q.ray.direction[0] += 1.0;
            }
            q
        }
        Family::ExtremeExponents => {
            let q = ray_triangle_input(transformed_base(rng), fmt, rng);
            scaled_input(&RayTriangleKind, &q, extreme_exponent(fmt, rng), fmt)
        }
        Family::FarFromOrigin => {
            let mut q = ray_triangle_input(transformed_base(rng), fmt, rng);
            let off = far_offset(fmt, rng);
            translate_points(core::slice::from_mut(&mut q.ray.origin), &off, fmt);
            translate_points(&mut q.triangle, &off, fmt);
            q
        }
    }
}

impl TestKind for RayTriangleKind {
    type Input = RayTriangleInput;
    type Answer = bool;
    const NAME: &'static str = "ray-triangle";
    fn exact(&self, q: &RayTriangleInput) -> bool {
        let [a, b, c] = q.triangle;
        ray_triangle_closed(&q.ray, &Triangle::new(a, b, c)).is_some()
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> RayTriangleInput {
        self.generate_in(family, FloatFormat::F64, rng)
    }
    fn generate_in(&self, family: Family, format: FloatFormat, rng: &mut Rng) -> RayTriangleInput {
        rounded_input(self, ray_triangle_input(family, format, rng), format)
    }
    fn coords(&self, q: &RayTriangleInput) -> Vec<f64> {
        let mut c = Vec::with_capacity(15);
        c.extend_from_slice(&q.ray.origin);
        c.extend_from_slice(&q.ray.direction);
        c.extend(flat(&q.triangle));
        c
    }
    fn with_coords(&self, _q: &RayTriangleInput, c: &[f64]) -> RayTriangleInput {
        RayTriangleKind::from_coords(c)
    }
}

impl RayTriangleKind {
    /// The query whose coordinates are `c`, in [`TestKind::coords`] order.
    pub(crate) fn from_coords(c: &[f64]) -> RayTriangleInput {
        RayTriangleInput {
            ray: Ray::new([c[0], c[1], c[2]], [c[3], c[4], c[5]]),
            triangle: unflat(&c[6..]),
        }
    }
}
