//! The test kinds the oracle judges, with their input generators.

use alloc::vec::Vec;

use super::check::{Family, TestKind};
use super::rng::{pow2, scale2, Rng};
use super::scenes::{
    affine_rounded, aimed_ray, bounds, near_coplanar_pair, near_coplanar_quad,
    near_parallel_box_ray, random_ray, Aim, Tri,
};
use crate::ray::aabb::ray_aabb;
use crate::ray::triangle::ray_triangle_closed;
use crate::{Aabb, MeshError, Ray, Sign, TriMesh, Triangle};

// ---------------------------------------------------------------------------------------
// Shared construction helpers.
// ---------------------------------------------------------------------------------------

fn uni<const D: usize>(rng: &mut Rng) -> [f64; D] {
    core::array::from_fn(|_| rng.uniform(-1.0, 1.0))
}

/// A point of `[-1, 1]^D` on the grid of step 2⁻¹⁰.
fn grid<const D: usize>(rng: &mut Rng) -> [f64; D] {
    core::array::from_fn(|_| rng.range(-1024, 1024) as f64 * pow2(-10))
}

/// `p + (q − p)·k/den`, exact for grid points and a power-of-two `den`.
fn lerp<const D: usize>(p: &[f64; D], q: &[f64; D], k: i64, den: f64) -> [f64; D] {
    core::array::from_fn(|i| p[i] + (q[i] - p[i]) * (k as f64 / den))
}

/// Randomly reorders the points.
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// The power of two [`Family::ExtremeExponents`] scales by: `2^e`, `e` in −1,130..=1,000.
fn extreme_exponent(rng: &mut Rng) -> i32 {
    rng.range(-1130, 1000) as i32
}

/// The offset [`Family::FarFromOrigin`] translates by: each axis `±(1 + u)·2^k`, one `k`
/// in 20..=40 per input (so a configuration of size about 1 is still resolved, to 2⁻¹²).
fn far_offset<const D: usize>(rng: &mut Rng) -> [f64; D] {
    let k = rng.range(20, 40) as i32;
    core::array::from_fn(|_| {
        let x = (1.0 + rng.unit()) * pow2(k);
        if rng.chance(0.5) {
            x
        } else {
            -x
        }
    })
}

/// A point `off + u`, `u` uniform in `[-1, 1]^D`, rounded once.
fn uni_at<const D: usize>(off: &[f64; D], rng: &mut Rng) -> [f64; D] {
    core::array::from_fn(|k| off[k] + rng.uniform(-1.0, 1.0))
}

/// [`far_offset`] for [`Family::FarFromOrigin`], the origin otherwise.
fn far_or_zero<const D: usize>(f: Family, rng: &mut Rng) -> [f64; D] {
    if f == Family::FarFromOrigin {
        far_offset(rng)
    } else {
        [0.0; D]
    }
}

fn scale_points<const D: usize>(points: &mut [[f64; D]], e: i32) {
    for p in points {
        for x in p.iter_mut() {
            *x = scale2(*x, e);
        }
    }
}

fn translate_points<const D: usize>(points: &mut [[f64; D]], offset: &[f64; D]) {
    for p in points {
        for (x, o) in p.iter_mut().zip(offset) {
            *x += o;
        }
    }
}

/// The base family for the transformed families: near-degenerate or exactly degenerate.
fn transformed_base(rng: &mut Rng) -> Family {
    [
        Family::NearDegenerate,
        Family::AimedAtVertices,
        Family::AimedAtEdges,
    ][rng.below(3)]
}

fn flat<const D: usize>(points: &[[f64; D]]) -> Vec<f64> {
    points.iter().flatten().copied().collect()
}

fn unflat<const D: usize, const N: usize>(c: &[f64]) -> [[f64; D]; N] {
    core::array::from_fn(|i| core::array::from_fn(|k| c[i * D + k]))
}

// ---------------------------------------------------------------------------------------
// Predicates.
// ---------------------------------------------------------------------------------------

/// Integer points on the circle `x² + y² = 65²` (4225 = 5²·13² has many representations).
fn circle_lattice() -> Vec<[i64; 2]> {
    let r2 = 65 * 65;
    let mut out = Vec::new();
    for x in -65i64..=65 {
        let y2 = r2 - x * x;
        let y = (y2 as f64).sqrt() as i64;
        if y * y == y2 {
            out.push([x, y]);
            if y != 0 {
                out.push([x, -y]);
            }
        }
    }
    out
}

/// Integer points on the sphere `x² + y² + z² = 9²`.
fn sphere_lattice() -> Vec<[i64; 3]> {
    let mut out = Vec::new();
    for x in -9i64..=9 {
        for y in -9i64..=9 {
            let z2 = 81 - x * x - y * y;
            if z2 < 0 {
                continue;
            }
            let z = (z2 as f64).sqrt() as i64;
            if z * z == z2 {
                out.push([x, y, z]);
                if z != 0 {
                    out.push([x, y, -z]);
                }
            }
        }
    }
    out
}

/// `n` distinct lattice points, scaled by `2^e` and moved to a random grid centre: exact.
fn lattice_pick<const D: usize, const N: usize>(
    lattice: &[[i64; D]],
    e: i32,
    rng: &mut Rng,
) -> [[f64; D]; N] {
    let centre: [f64; D] = core::array::from_fn(|_| rng.range(-512, 512) as f64 * pow2(-10));
    let mut idx: Vec<usize> = (0..lattice.len()).collect();
    shuffle(&mut idx, rng);
    core::array::from_fn(|i| {
        core::array::from_fn(|k| centre[k] + lattice[idx[i]][k] as f64 * pow2(e))
    })
}

fn orient2d_input(family: Family, rng: &mut Rng) -> [[f64; 2]; 3] {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => [0; 3].map(|_| uni(rng)),
        f @ (Family::NearDegenerate | Family::FarFromOrigin) => {
            let off = far_or_zero(f, rng);
            let (a, b) = (uni_at(&off, rng), uni_at(&off, rng));
            let t = rng.uniform(-1.0, 2.0);
            let mut p = [a, b, affine_rounded(&a, &b, &a, t, 0.0)];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtVertices => {
            let (a, b) = (grid(rng), grid(rng));
            let mut p = [a, b, if rng.chance(0.5) { a } else { b }];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtEdges => {
            let (a, b) = (grid(rng), grid(rng));
            let c = lerp(&a, &b, rng.range(-8, 16), 8.0);
            let mut p = [a, b, c];
            shuffle(&mut p, rng);
            p
        }
        Family::ExtremeExponents => {
            let mut p = orient2d_input(transformed_base(rng), rng);
            scale_points(&mut p, extreme_exponent(rng));
            p
        }
    }
}

fn orient3d_input(family: Family, rng: &mut Rng) -> [[f64; 3]; 4] {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => [0; 4].map(|_| uni(rng)),
        Family::NearDegenerate => {
            let mut p = near_coplanar_quad(rng);
            shuffle(&mut p, rng);
            p
        }
        Family::FarFromOrigin => {
            let off = far_offset(rng);
            let [a, b, c] = [0; 3].map(|_| uni_at(&off, rng));
            let (s, t) = (rng.uniform(-1.0, 2.0), rng.uniform(-1.0, 2.0));
            let mut p = [a, b, c, affine_rounded(&a, &b, &c, s, t)];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtVertices => {
            // d repeats a vertex, or lies exactly on the line through two of them.
            let [a, b, c] = [0; 3].map(|_| grid(rng));
            let d = match rng.below(3) {
                0 => [a, b, c][rng.below(3)],
                _ => lerp(&a, &b, rng.range(-8, 16), 8.0),
            };
            let mut p = [a, b, c, d];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtEdges => {
            let [a, b, c] = [0; 3].map(|_| grid(rng));
            let (s, t) = (
                rng.range(-8, 16) as f64 / 8.0,
                rng.range(-8, 16) as f64 / 8.0,
            );
            let d = core::array::from_fn(|k| a[k] + s * (b[k] - a[k]) + t * (c[k] - a[k]));
            let mut p = [a, b, c, d];
            shuffle(&mut p, rng);
            p
        }
        Family::ExtremeExponents => {
            let mut p = orient3d_input(transformed_base(rng), rng);
            scale_points(&mut p, extreme_exponent(rng));
            p
        }
    }
}

fn incircle_input(family: Family, rng: &mut Rng) -> [[f64; 2]; 4] {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => [0; 4].map(|_| uni(rng)),
        f @ (Family::NearDegenerate | Family::FarFromOrigin) => {
            let m: [f64; 2] = uni_at(&far_or_zero(f, rng), rng);
            let r = rng.uniform(0.1, 1.0);
            [0; 4].map(|_| {
                let th = rng.uniform(0.0, core::f64::consts::TAU);
                [m[0] + r * th.cos(), m[1] + r * th.sin()]
            })
        }
        Family::AimedAtVertices => {
            let [a, b, c] = [0; 3].map(|_| grid(rng));
            let mut p = [a, b, c, [a, b, c][rng.below(3)]];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtEdges => lattice_pick(&circle_lattice(), -7, rng),
        Family::ExtremeExponents => {
            let mut p = incircle_input(transformed_base(rng), rng);
            scale_points(&mut p, extreme_exponent(rng));
            p
        }
    }
}

fn insphere_input(family: Family, rng: &mut Rng) -> [[f64; 3]; 5] {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => [0; 5].map(|_| uni(rng)),
        f @ (Family::NearDegenerate | Family::FarFromOrigin) => {
            let m: [f64; 3] = uni_at(&far_or_zero(f, rng), rng);
            let r = rng.uniform(0.1, 1.0);
            [0; 5].map(|_| {
                let u = super::scenes::unit_vector(rng);
                core::array::from_fn(|k| m[k] + r * u[k])
            })
        }
        Family::AimedAtVertices => {
            let [a, b, c, d] = [0; 4].map(|_| grid(rng));
            let mut p = [a, b, c, d, [a, b, c, d][rng.below(4)]];
            shuffle(&mut p, rng);
            p
        }
        Family::AimedAtEdges => lattice_pick(&sphere_lattice(), -4, rng),
        Family::ExtremeExponents => {
            let mut p = insphere_input(transformed_base(rng), rng);
            scale_points(&mut p, extreme_exponent(rng));
            p
        }
    }
}

macro_rules! predicate_kind {
    ($(#[$doc:meta])* $name:ident, $label:literal, $d:literal, $n:literal, $gen:ident, |$p:ident| $exact:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl TestKind for $name {
            type Input = [[f64; $d]; $n];
            type Answer = Sign;
            const NAME: &'static str = $label;
            fn exact(&self, $p: &[[f64; $d]; $n]) -> Sign {
                $exact
            }
            fn generate(&self, family: Family, rng: &mut Rng) -> [[f64; $d]; $n] {
                $gen(family, rng)
            }
            fn coords(&self, input: &[[f64; $d]; $n]) -> Vec<f64> {
                flat(input)
            }
            fn with_coords(&self, _input: &[[f64; $d]; $n], c: &[f64]) -> [[f64; $d]; $n] {
                unflat(c)
            }
        }
    };
}

predicate_kind!(
    /// `orient2d(a, b, c)` on `[a, b, c]`: the exact sign from [`crate::orient2d`]
    /// (Positive when counterclockwise).
    ///
    /// Families: `NearDegenerate` puts `c` (in random position) on the line `ab`
    /// rounded once; `AimedAtVertices` repeats a point; `AimedAtEdges` puts a point
    /// exactly on the line through the other two (inside or outside the segment), on the
    /// grid of step 2⁻¹³.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{check, Family, Generator, Orient2d};
    /// let g = Generator::new(Orient2d, Family::NearDegenerate);
    /// let r = check(|p: &[[f64; 2]; 3]| isect::orient2d(p[0], p[1], p[2]), &g, 100);
    /// assert_eq!(r.disagreements(), 0);
    /// ```
    Orient2d, "orient2d", 2, 3, orient2d_input, |p| crate::orient2d(p[0], p[1], p[2])
);

predicate_kind!(
    /// `orient3d(a, b, c, d)` on `[a, b, c, d]`: the exact sign from [`crate::orient3d`]
    /// (Positive when `d` is below the plane of counterclockwise `a, b, c`).
    ///
    /// Families: `NearDegenerate` is [`near_coplanar_orient3d`](super::scenes::near_coplanar_orient3d)
    /// with the points shuffled; `AimedAtVertices` repeats a point or puts one exactly on
    /// the line through two others; `AimedAtEdges` puts one exactly on the plane of the
    /// others (grid of step 2⁻¹³).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, Orient3d, Rng, TestKind};
    /// let q = Orient3d.generate(Family::AimedAtEdges, &mut Rng::new(3));
    /// assert_eq!(Orient3d.exact(&q), isect::Sign::Zero);
    /// ```
    Orient3d, "orient3d", 3, 4, orient3d_input, |p| crate::orient3d(p[0], p[1], p[2], p[3])
);

predicate_kind!(
    /// `incircle(a, b, c, d)` on `[a, b, c, d]`: the exact sign from [`crate::incircle`]
    /// (Positive when `d` is inside the circle through counterclockwise `a, b, c`).
    ///
    /// Families: `NearDegenerate` rounds four points of a random circle;
    /// `AimedAtVertices` repeats a point; `AimedAtEdges` picks four integer points of the
    /// circle of radius 65, scaled by 2⁻⁷ and moved to a grid point (exactly cocircular).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, Incircle, Rng, TestKind};
    /// let q = Incircle.generate(Family::AimedAtEdges, &mut Rng::new(3));
    /// assert_eq!(Incircle.exact(&q), isect::Sign::Zero);
    /// ```
    Incircle, "incircle", 2, 4, incircle_input, |p| crate::incircle(p[0], p[1], p[2], p[3])
);

predicate_kind!(
    /// `insphere(a, b, c, d, e)` on `[a, b, c, d, e]`: the exact sign from
    /// [`crate::insphere`] (Positive when `e` is inside the sphere through `a, b, c, d`
    /// with `orient3d(a, b, c, d)` Positive).
    ///
    /// Families: `NearDegenerate` rounds five points of a random sphere;
    /// `AimedAtVertices` repeats a point; `AimedAtEdges` picks five integer points of the
    /// sphere of radius 9, scaled by 2⁻⁴ and moved to a grid point (exactly cospherical).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::{Family, Insphere, Rng, TestKind};
    /// let q = Insphere.generate(Family::AimedAtEdges, &mut Rng::new(3));
    /// assert_eq!(Insphere.exact(&q), isect::Sign::Zero);
    /// ```
    Insphere, "insphere", 3, 5, insphere_input, |p| crate::insphere(p[0], p[1], p[2], p[3], p[4])
);

// ---------------------------------------------------------------------------------------
// Ray / triangle.
// ---------------------------------------------------------------------------------------

/// A ray and a triangle, as [`RayTriangle`] takes them.
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
/// use isect::oracle::{Family, RayTriangle, Rng, TestKind};
/// let q = RayTriangle.generate(Family::AimedAtVertices, &mut Rng::new(1));
/// assert!(RayTriangle.exact(&q)); // through a vertex: a hit
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayTriangle;

fn ray_triangle_input(family: Family, rng: &mut Rng) -> RayTriangleInput {
    let make = |o: [f64; 3], p: [f64; 3], triangle: Tri| {
        let d: [f64; 3] = core::array::from_fn(|k| p[k] - o[k]);
        RayTriangleInput {
            ray: Ray::new(o, d),
            triangle,
        }
    };
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => {
            let t = [0; 3].map(|_| uni(rng));
            let o: [f64; 3] = core::array::from_fn(|_| rng.uniform(-3.0, 3.0));
            let (s, w) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
            let p = affine_rounded(&t[0], &t[1], &t[2], s, w);
            make(o, p, t)
        }
        Family::NearDegenerate => {
            let t = [0; 3].map(|_| uni(rng));
            let i = rng.below(3);
            let s = rng.unit();
            let (a, b) = (t[i], t[(i + 1) % 3]);
            let p = affine_rounded(&a, &b, &a, s, 0.0);
            let o: [f64; 3] = core::array::from_fn(|_| rng.uniform(-3.0, 3.0));
            make(o, p, t)
        }
        f @ (Family::AimedAtVertices | Family::AimedAtEdges) => {
            let t = [0; 3].map(|_| grid(rng));
            let i = rng.below(3);
            let p = if f == Family::AimedAtVertices {
                t[i]
            } else {
                lerp(&t[i], &t[(i + 1) % 3], rng.range(1, 15), 16.0)
            };
            let o: [f64; 3] = grid(rng).map(|x: f64| 2.0 * x);
            let mut q = make(o, p, t);
            if q.ray.direction == [0.0; 3] {
                q.ray.origin[0] -= 1.0;
                q.ray.direction[0] += 1.0;
            }
            q
        }
        Family::ExtremeExponents => {
            let q = ray_triangle_input(transformed_base(rng), rng);
            let e = extreme_exponent(rng);
            let c: Vec<f64> = RayTriangle
                .coords(&q)
                .iter()
                .map(|&x| scale2(x, e))
                .collect();
            RayTriangle.with_coords(&q, &c)
        }
        Family::FarFromOrigin => {
            let mut q = ray_triangle_input(transformed_base(rng), rng);
            let off = far_offset(rng);
            translate_points(core::slice::from_mut(&mut q.ray.origin), &off);
            translate_points(&mut q.triangle, &off);
            q
        }
    }
}

impl TestKind for RayTriangle {
    type Input = RayTriangleInput;
    type Answer = bool;
    const NAME: &'static str = "ray-triangle";
    fn exact(&self, q: &RayTriangleInput) -> bool {
        let [a, b, c] = q.triangle;
        ray_triangle_closed(&q.ray, &Triangle::new(a, b, c)).is_some()
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> RayTriangleInput {
        ray_triangle_input(family, rng)
    }
    fn coords(&self, q: &RayTriangleInput) -> Vec<f64> {
        let mut c = Vec::with_capacity(15);
        c.extend_from_slice(&q.ray.origin);
        c.extend_from_slice(&q.ray.direction);
        c.extend(flat(&q.triangle));
        c
    }
    fn with_coords(&self, _q: &RayTriangleInput, c: &[f64]) -> RayTriangleInput {
        RayTriangleInput {
            ray: Ray::new([c[0], c[1], c[2]], [c[3], c[4], c[5]]),
            triangle: unflat(&c[6..]),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Triangle / triangle.
// ---------------------------------------------------------------------------------------

/// Closed triangle against closed triangle: `true` when they share a point (touching
/// counts), exactly as [`crate::tri_tri_intersect`] decides (`false` for non-finite
/// input).
///
/// Families: `NearDegenerate` is [`near_coplanar_triangle_pairs`](super::scenes::near_coplanar_triangle_pairs);
/// `AimedAtVertices` gives the second triangle a vertex exactly at a vertex of the first;
/// `AimedAtEdges` exactly on an edge of the first (grid coordinates); `ExtremeExponents`
/// scales both by `2^e`; `FarFromOrigin` translates both.
///
/// # Examples
///
/// ```
/// use isect::oracle::{Family, Rng, TestKind, TriTri};
/// let q = TriTri.generate(Family::AimedAtEdges, &mut Rng::new(1));
/// assert!(TriTri.exact(&q)); // they touch at least
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TriTri;

fn tri_tri_input(family: Family, rng: &mut Rng) -> (Tri, Tri) {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => ([0; 3].map(|_| uni(rng)), [0; 3].map(|_| uni(rng))),
        Family::NearDegenerate => near_coplanar_pair(rng),
        f @ (Family::AimedAtVertices | Family::AimedAtEdges) => {
            let t1 = [0; 3].map(|_| grid(rng));
            let i = rng.below(3);
            let p = if f == Family::AimedAtVertices {
                t1[i]
            } else {
                lerp(&t1[i], &t1[(i + 1) % 3], rng.range(1, 15), 16.0)
            };
            let mut t2 = [p, grid(rng), grid(rng)];
            shuffle(&mut t2, rng);
            (t1, t2)
        }
        Family::ExtremeExponents => {
            let (mut a, mut b) = tri_tri_input(transformed_base(rng), rng);
            let e = extreme_exponent(rng);
            scale_points(&mut a, e);
            scale_points(&mut b, e);
            (a, b)
        }
        Family::FarFromOrigin => {
            let (mut a, mut b) = tri_tri_input(transformed_base(rng), rng);
            let off = far_offset(rng);
            translate_points(&mut a, &off);
            translate_points(&mut b, &off);
            (a, b)
        }
    }
}

impl TestKind for TriTri {
    type Input = (Tri, Tri);
    type Answer = bool;
    const NAME: &'static str = "tri-tri";
    fn exact(&self, q: &(Tri, Tri)) -> bool {
        crate::tri_tri_intersect(q.0, q.1)
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> (Tri, Tri) {
        tri_tri_input(family, rng)
    }
    fn coords(&self, q: &(Tri, Tri)) -> Vec<f64> {
        let mut c = flat(&q.0);
        c.extend(flat(&q.1));
        c
    }
    fn with_coords(&self, _q: &(Tri, Tri), c: &[f64]) -> (Tri, Tri) {
        (unflat(&c[..9]), unflat(&c[9..]))
    }
}

// ---------------------------------------------------------------------------------------
// Ray / AABB.
// ---------------------------------------------------------------------------------------

/// Ray against closed axis-aligned box: `true` when the ray (`t ≥ 0`) touches the box,
/// exactly as [`ray_aabb`] decides (an inverted box is empty; non-finite input: `false`).
///
/// Families: `NearDegenerate` is [`near_parallel_box_rays`](super::scenes::near_parallel_box_rays);
/// `AimedAtVertices` aims exactly at a box corner; `AimedAtEdges` exactly at a point `k/16`
/// along a box edge (grid coordinates, through the point at `t = 1`); `ExtremeExponents`
/// scales everything by `2^e`; `FarFromOrigin` translates origin and box.
///
/// # Examples
///
/// ```
/// use isect::oracle::{Family, RayAabb, Rng, TestKind};
/// let q = RayAabb.generate(Family::AimedAtVertices, &mut Rng::new(2));
/// assert!(RayAabb.exact(&q)); // through a corner: a touching hit
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayAabb;

fn grid_box(rng: &mut Rng) -> Aabb<f64> {
    let mut min = [0.0; 3];
    let mut max = [0.0; 3];
    for k in 0..3 {
        let lo = rng.range(-1024, 1024 - 64);
        let hi = rng.range(lo + 64, 1024);
        min[k] = lo as f64 * pow2(-10);
        max[k] = hi as f64 * pow2(-10);
    }
    Aabb::new(min, max)
}

fn ray_aabb_input(family: Family, rng: &mut Rng) -> (Ray<f64>, Aabb<f64>) {
    match family.resolve(rng) {
        Family::Uniform | Family::Mixed => {
            let b = grid_box(rng);
            let o: [f64; 3] = core::array::from_fn(|_| rng.uniform(-3.0, 3.0));
            let p: [f64; 3] = core::array::from_fn(|_| rng.uniform(-1.5, 1.5));
            (Ray::new(o, core::array::from_fn(|k| p[k] - o[k])), b)
        }
        Family::NearDegenerate => {
            let (b, r) = near_parallel_box_ray(rng);
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
            let q = ray_aabb_input(transformed_base(rng), rng);
            let e = extreme_exponent(rng);
            let c: Vec<f64> = RayAabb.coords(&q).iter().map(|&x| scale2(x, e)).collect();
            RayAabb.with_coords(&q, &c)
        }
        Family::FarFromOrigin => {
            let (mut r, mut b) = ray_aabb_input(transformed_base(rng), rng);
            let off = far_offset(rng);
            translate_points(core::slice::from_mut(&mut r.origin), &off);
            translate_points(core::slice::from_mut(&mut b.min), &off);
            translate_points(core::slice::from_mut(&mut b.max), &off);
            (r, b)
        }
    }
}

impl TestKind for RayAabb {
    type Input = (Ray<f64>, Aabb<f64>);
    type Answer = bool;
    const NAME: &'static str = "ray-aabb";
    fn exact(&self, q: &(Ray<f64>, Aabb<f64>)) -> bool {
        ray_aabb(&q.0, &q.1).is_some()
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> (Ray<f64>, Aabb<f64>) {
        ray_aabb_input(family, rng)
    }
    fn coords(&self, q: &(Ray<f64>, Aabb<f64>)) -> Vec<f64> {
        [q.0.origin, q.0.direction, q.1.min, q.1.max]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
    fn with_coords(&self, _q: &(Ray<f64>, Aabb<f64>), c: &[f64]) -> (Ray<f64>, Aabb<f64>) {
        let [o, d, lo, hi]: [[f64; 3]; 4] = unflat(c);
        (Ray::new(o, d), Aabb::new(lo, hi))
    }
}

// ---------------------------------------------------------------------------------------
// Rays against a closed mesh.
// ---------------------------------------------------------------------------------------

/// Rays against a fixed closed mesh; the answer is the number of crossings, exactly as
/// [`TriMesh::hits`] counts them (each crossing once, also through shared edges and
/// vertices). A candidate that counts fewer has **leaked** through the mesh; more, it
/// **double counted** a crossing.
///
/// Families: `Uniform` is [`random_rays`](super::scenes::random_rays);
/// `AimedAtVertices` and `AimedAtEdges` are
/// [`aimed_rays`](super::scenes::aimed_rays) with [`Aim::Vertex`] / [`Aim::Edge`];
/// `NearDegenerate` aims at an edge point rounded once (within an ulp of the edge).
/// The mesh is fixed, so `ExtremeExponents` and `FarFromOrigin` have nothing to transform:
/// they give `AimedAtVertices` and `AimedAtEdges` rays respectively.
///
/// # Examples
///
/// Counting hits with plain Möller–Trumbore and an epsilon, over every triangle:
///
/// ```
/// use isect::oracle::{check, Family, Generator, MeshRays, Outcome};
/// use isect::ray::triangle::ray_triangle_moller_with;
/// use isect::policy::Absolute;
/// use isect::Triangle;
///
/// let kind = MeshRays::icosphere(2);
/// let tris: Vec<Triangle<f64>> = kind.triangles().map(|[a, b, c]| Triangle::new(a, b, c)).collect();
/// let g = Generator::new(kind, Family::AimedAtEdges).seed(3);
/// let report = check(
///     |ray: &isect::Ray<f64>| {
///         tris.iter().filter(|t| ray_triangle_moller_with(ray, t, Absolute { eps: 1e-5 }).is_some()).count()
///     },
///     &g,
///     200,
/// );
/// println!("{report}");
/// // Aimed exactly at shared edges, the epsilon test counts some crossings twice.
/// assert!(report.count(Outcome::DoubleCount) > 0);
/// ```
#[derive(Clone, Debug)]
pub struct MeshRays {
    mesh: TriMesh<f64>,
    lo: [f64; 3],
    hi: [f64; 3],
}

impl MeshRays {
    /// The test kind for a mesh given by vertices and index triples (validated by
    /// [`TriMesh::new`]). The mesh should be closed for the crossing counts to mean
    /// leaks and double counts.
    ///
    /// # Errors
    ///
    /// The [`MeshError`] of [`TriMesh::new`] for an invalid mesh.
    ///
    /// # Examples
    ///
    /// ```
    /// let (v, t) = isect::oracle::scenes::icosphere(1);
    /// assert!(isect::oracle::MeshRays::new(v, t).is_ok());
    /// ```
    pub fn new(vertices: Vec<[f64; 3]>, triangles: Vec<[u32; 3]>) -> Result<MeshRays, MeshError> {
        let (lo, hi) = bounds(&vertices);
        Ok(MeshRays {
            mesh: TriMesh::new(vertices, triangles)?,
            lo,
            hi,
        })
    }

    /// The kind for [`icosphere(levels)`](super::scenes::icosphere) (levels above 7 give
    /// the level-7 sphere, as there; [`MeshRays::try_icosphere`] refuses them).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::oracle::MeshRays::icosphere(3).mesh().triangles().len(), 1280);
    /// ```
    pub fn icosphere(levels: u32) -> MeshRays {
        let (v, t) = super::scenes::icosphere(levels);
        // Valid for every level (tests/oracle.rs builds each one up to 7 through TriMesh).
        MeshRays::new(v, t).expect("icospheres are valid meshes")
    }

    /// [`MeshRays::icosphere`], refusing more than 7 levels.
    ///
    /// # Errors
    ///
    /// [`TooManyLevels`](super::scenes::TooManyLevels) when `levels > 7`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::MeshRays;
    /// assert_eq!(MeshRays::try_icosphere(1).unwrap().mesh().triangles().len(), 80);
    /// assert!(MeshRays::try_icosphere(8).is_err());
    /// ```
    pub fn try_icosphere(levels: u32) -> Result<MeshRays, super::scenes::TooManyLevels> {
        super::scenes::try_icosphere(levels)
            .map(|(v, t)| MeshRays::new(v, t).expect("icospheres are valid meshes"))
    }

    /// The mesh.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(isect::oracle::MeshRays::icosphere(1).mesh().is_closed());
    /// ```
    pub fn mesh(&self) -> &TriMesh<f64> {
        &self.mesh
    }

    /// The mesh's triangles as corner triples, in index order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::oracle::MeshRays::icosphere(0).triangles().count(), 20);
    /// ```
    pub fn triangles(&self) -> impl Iterator<Item = Tri> + '_ {
        let v = self.mesh.vertices();
        self.mesh
            .triangles()
            .iter()
            .map(move |t| t.map(|i| v[i as usize]))
    }
}

impl TestKind for MeshRays {
    type Input = Ray<f64>;
    type Answer = usize;
    const NAME: &'static str = "mesh-rays";
    fn exact(&self, ray: &Ray<f64>) -> usize {
        self.mesh.hits(ray).len()
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> Ray<f64> {
        let (v, t) = (self.mesh.vertices(), self.mesh.triangles());
        let bb = (&self.lo, &self.hi);
        match family.resolve(rng) {
            Family::Uniform | Family::Mixed => random_ray(bb, rng),
            Family::AimedAtVertices | Family::ExtremeExponents => {
                aimed_ray(v, t, Aim::Vertex, bb, rng)
            }
            Family::AimedAtEdges | Family::FarFromOrigin => aimed_ray(v, t, Aim::Edge, bb, rng),
            Family::NearDegenerate => {
                let exact = aimed_ray(v, t, Aim::Edge, bb, rng);
                // Move the aim point off the edge by rounding: o and d recomputed from a
                // point at an irrational-ish fraction of the edge.
                let tri = t[rng.below(t.len())];
                let i = rng.below(3);
                let (a, b) = (v[tri[i] as usize], v[tri[(i + 1) % 3] as usize]);
                let p = affine_rounded(&a, &b, &a, rng.unit(), 0.0);
                let q = exact.at(9.0);
                let d: [f64; 3] = core::array::from_fn(|k| q[k] - p[k]);
                Ray::new(core::array::from_fn(|k| p[k] - 8.0 * d[k]), d)
            }
        }
    }
    fn coords(&self, ray: &Ray<f64>) -> Vec<f64> {
        let mut c = ray.origin.to_vec();
        c.extend_from_slice(&ray.direction);
        c
    }
    fn with_coords(&self, _ray: &Ray<f64>, c: &[f64]) -> Ray<f64> {
        Ray::new([c[0], c[1], c[2]], [c[3], c[4], c[5]])
    }
}
