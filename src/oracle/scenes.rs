//! Named scenes: fixed, reproducible inputs built to hurt floating-point intersection
//! code, shared by [`check`](fn@super::check) users, the proptest strategies and `isect audit`.
//!
//! Every scene is a pure function of its arguments (seeds drive the crate's own
//! [`Rng`]). Where a scene claims a point lies *exactly* on something (a ray through a
//! vertex, a point on an edge), the coordinates live on a dyadic grid coarse enough that
//! every coordinate and every construction step is exact in `f64` **and in `f32`**, so the
//! claim holds for the numbers handed out, not just for the reals they approximate. The
//! claims are checked in rational arithmetic by `tests/rays/oracle.rs`.
//!
//! Where a scene claims a point is *near* something (near-coplanar, near a face plane), the
//! point is an exact construction rounded once to `f64`: within an ulp or so of the ideal
//! position, and usually (not always) off it.
//!
//! **In `f32`.** The scenes whose near-degeneracy depends on the precision have an `_in`
//! form taking a [`FloatFormat`] first ([`kettner_grid_in`], [`near_coplanar_orient3d_in`],
//! [`near_coplanar_triangle_pairs_in`], [`near_parallel_box_rays_in`], [`random_rays_in`],
//! [`aimed_rays_in`]): with [`FloatFormat::F32`] every coordinate handed out is an `f32`
//! value (held in an `f64`, so `x as f32` is exact), the constructions are rounded once to
//! `f32` instead of `f64` (near in `f32`: within an `f32` ulp or so), and the exact claims
//! still hold. The plain forms are the `F64` forms. [`icosphere`] is exact in both.
//!
//! ```
//! use isect::FloatFormat;
//! use isect::oracle::scenes::near_coplanar_orient3d_in;
//! for q in near_coplanar_orient3d_in(FloatFormat::F32, 100, 1) {
//!     assert!(q.iter().flatten().all(|&x| f64::from(x as f32) == x));
//! }
//! ```

use alloc::vec::Vec;

use super::icosphere::normalize;
pub use super::icosphere::{
    ICOSPHERE_GRID_EXP, ICOSPHERE_MAX_LEVELS, IndexedMesh, TooManyLevels,
    UNIT_ICOSPHERE_MAX_LEVELS, icosphere, try_icosphere, try_unit_icosphere, unit_icosphere,
};
use super::rng::{Rng, pow2, round_to};
use crate::{Aabb, FloatFormat, Ray};

/// Where [`aimed_rays`] aims.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::Aim;
/// assert_ne!(Aim::Vertex, Aim::Edge);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    /// Exactly at a vertex of the mesh.
    Vertex,
    /// Exactly at a point strictly inside an edge (shared by two triangles in a closed
    /// mesh): `a + (b − a)·k/16` for `k` in `1..=15`.
    Edge,
}

/// Rays from outside a mesh aimed **exactly** at its vertices or at points exactly on its
/// edges.
///
/// Each ray is built as: pick a random triangle and one of its corners `a` (and, for
/// [`Aim::Edge`], the next corner `b` and `k` in `1..=15`); the aim point is `p = a` or
/// `p = a + (b − a)·k/16`; an inner point `q` is drawn on the grid of step 2⁻¹⁸ within
/// the central box `[-1/8, 1/8]³` scaled by the mesh's bounding box (around its centre);
/// the direction is `d = q − p` and the origin is `o = p − 8·d`. So the ray passes through
/// `p` at `t = 8` and through `q` at `t = 9`, both exactly, **provided every step is
/// exact**, which holds when the mesh coordinates are multiples of 2^e with magnitudes
/// below 2^(e+20) or so (true for [`icosphere`], whose coordinates are multiples of
/// 2⁻¹⁴ in `[-1, 1]`: then every coordinate of every ray is a multiple of 2⁻¹⁸ below 16
/// in magnitude, exact in `f32` as well). For other meshes the steps are rounded and the
/// aim is only approximate.
///
/// For [`icosphere`] the inner point `q` (within 0.44 of the centre) is inside the mesh,
/// so the line through `p` and `q` enters the solid, and the origin is more than 5 from
/// the centre: outside the mesh's bounding box.
///
/// Returns an empty vector if the mesh has no triangles (triangles with an index out of
/// range are skipped; none left is no triangles). If every vertex is the same grid point,
/// so that no inner point differs from the aim, the direction is `+x`. Never a panic or an
/// endless loop, for any input (NaN coordinates give NaN rays).
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::{aimed_rays, icosphere, Aim};
/// let (v, t) = icosphere(2);
/// let rays = aimed_rays(&v, &t, Aim::Vertex, 10, 42);
/// assert_eq!(rays.len(), 10);
/// // Each ray passes exactly through a mesh vertex at t = 8.
/// for r in &rays {
///     let p = r.at(8.0);
///     assert!(v.contains(&p));
/// }
/// ```
pub fn aimed_rays(
    vertices: &[[f64; 3]],
    triangles: &[[u32; 3]],
    aim: Aim,
    n: usize,
    seed: u64,
) -> Vec<Ray<f64>> {
    aimed_rays_in(FloatFormat::F64, vertices, triangles, aim, n, seed)
}

/// [`aimed_rays`] with every coordinate rounded to `format`. For meshes on a coarse
/// dyadic grid such as [`icosphere`] the rays are exact in `f32` already, so they are the
/// same rays, still aimed exactly; for others the `f32` rays are only near their aim.
///
/// # Examples
///
/// ```
/// use isect::FloatFormat;
/// use isect::oracle::scenes::{aimed_rays, aimed_rays_in, icosphere, Aim};
/// let (v, t) = icosphere(2);
/// let f32_rays = aimed_rays_in(FloatFormat::F32, &v, &t, Aim::Edge, 20, 7);
/// assert_eq!(f32_rays, aimed_rays(&v, &t, Aim::Edge, 20, 7));
/// ```
pub fn aimed_rays_in(
    format: FloatFormat,
    vertices: &[[f64; 3]],
    triangles: &[[u32; 3]],
    aim: Aim,
    n: usize,
    seed: u64,
) -> Vec<Ray<f64>> {
    // Triangles naming a vertex that does not exist cannot be aimed at: skipped.
    let valid: Vec<[u32; 3]> = triangles
        .iter()
        .filter(|t| t.iter().all(|&i| (i as usize) < vertices.len()))
        .copied()
        .collect();
    if valid.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(seed ^ 0xA1D0_5EED);
    let (lo, hi) = bounds(vertices);
    (0..n)
        .map(|_| {
            round_ray(
                format,
                aimed_ray(vertices, &valid, aim, (&lo, &hi), &mut rng),
            )
        })
        .collect()
}

/// One ray of [`aimed_rays`] for a mesh with bounding box `lo..hi` (`triangles` not empty).
pub(crate) fn aimed_ray(
    vertices: &[[f64; 3]],
    triangles: &[[u32; 3]],
    aim: Aim,
    (lo, hi): (&[f64; 3], &[f64; 3]),
    rng: &mut Rng,
) -> Ray<f64> {
    let centre: [f64; 3] = core::array::from_fn(|k| round_to((lo[k] + hi[k]) / 2.0, -18));
    let half: [f64; 3] = core::array::from_fn(|k| (hi[k] - lo[k]) / 8.0);
    let tri = triangles[rng.below(triangles.len())];
    let i = rng.below(3);
    let a = vertices[tri[i] as usize];
    let p = match aim {
        Aim::Vertex => a,
        Aim::Edge => {
            let b = vertices[tri[(i + 1) % 3] as usize];
            let k = rng.range(1, 15) as f64 / 16.0;
            core::array::from_fn(|c| a[c] + (b[c] - a[c]) * k)
        }
    };
    for _ in 0..32 {
        let q: [f64; 3] =
            core::array::from_fn(|c| centre[c] + round_to(rng.uniform(-half[c], half[c]), -18));
        let d: [f64; 3] = core::array::from_fn(|c| q[c] - p[c]);
        if d != [0.0; 3] {
            let o = core::array::from_fn(|c| p[c] - 8.0 * d[c]);
            return Ray::new(o, d);
        }
    }
    // The inner box has collapsed onto the aim point (every vertex at one grid point):
    // aim along +x (still through `p` at t = 8), so that the loop always ends.
    let d = [1.0, 0.0, 0.0];
    Ray::new(core::array::from_fn(|c| p[c] - 8.0 * d[c]), d)
}

pub(crate) fn bounds(points: &[[f64; 3]]) -> ([f64; 3], [f64; 3]) {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in points {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    (lo, hi)
}

/// Rays from outside toward the mesh's central region, not aimed at anything in
/// particular: origin on a sphere of radius 4·extent around the centre, direction toward
/// a random point of the central quarter of the bounding box (generic rays, the control
/// group for [`aimed_rays`]).
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::{icosphere, random_rays};
/// let (v, _) = icosphere(1);
/// assert_eq!(random_rays(&v, 5, 1).len(), 5);
/// ```
pub fn random_rays(vertices: &[[f64; 3]], n: usize, seed: u64) -> Vec<Ray<f64>> {
    random_rays_in(FloatFormat::F64, vertices, n, seed)
}

/// [`random_rays`] with every coordinate rounded to `format` (the same rays, rounded).
///
/// # Examples
///
/// ```
/// use isect::FloatFormat;
/// use isect::oracle::scenes::{icosphere, random_rays_in};
/// let (v, _) = icosphere(1);
/// let r = random_rays_in(FloatFormat::F32, &v, 5, 1);
/// assert!(r.iter().all(|r| r.origin.iter().all(|&x| f64::from(x as f32) == x)));
/// ```
pub fn random_rays_in(
    format: FloatFormat,
    vertices: &[[f64; 3]],
    n: usize,
    seed: u64,
) -> Vec<Ray<f64>> {
    if vertices.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(seed ^ 0x5A4D_0A11);
    let (lo, hi) = bounds(vertices);
    (0..n)
        .map(|_| round_ray(format, random_ray((&lo, &hi), &mut rng)))
        .collect()
}

/// `r` with every coordinate rounded to `format`.
fn round_ray(format: FloatFormat, r: Ray<f64>) -> Ray<f64> {
    Ray::new(
        r.origin.map(|x| format.round(x)),
        r.direction.map(|x| format.round(x)),
    )
}

/// One ray of [`random_rays`] for a mesh with bounding box `lo..hi`.
pub(crate) fn random_ray((lo, hi): (&[f64; 3], &[f64; 3]), rng: &mut Rng) -> Ray<f64> {
    let centre: [f64; 3] = core::array::from_fn(|k| (lo[k] + hi[k]) / 2.0);
    let extent = (0..3)
        .fold(0.0f64, |e, k| e.max(hi[k] - lo[k]))
        .max(f64::MIN_POSITIVE);
    let u = unit_vector(rng);
    let o: [f64; 3] = core::array::from_fn(|k| centre[k] + 4.0 * extent * u[k]);
    let q: [f64; 3] =
        core::array::from_fn(|k| centre[k] + rng.uniform(-0.25, 0.25) * (hi[k] - lo[k]));
    Ray::new(o, core::array::from_fn(|k| q[k] - o[k]))
}

pub(crate) fn unit_vector(rng: &mut Rng) -> [f64; 3] {
    loop {
        let p = [
            rng.uniform(-1.0, 1.0),
            rng.uniform(-1.0, 1.0),
            rng.uniform(-1.0, 1.0),
        ];
        let n2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
        if n2 > 1e-4 && n2 <= 1.0 {
            return normalize(p);
        }
    }
}

/// Kettner, Mehlhorn, Pion, Schirra and Yap's classroom example ("Classroom examples of
/// robustness problems in geometric computations", 2008): `orient2d(p, q, r)` with
/// `q = (12, 12)`, `r = (24, 24)` and `p = (0.5 + i·u, 0.5 + j·u)` for `0 ≤ i, j < size`,
/// `u = 2⁻⁵³` (the spacing of the doubles in `[0.5, 1)`), as drawn by
/// `examples/sign_map.rs`.
///
/// Returned as `(p, q, r)` triples in row-major order: entry `j·size + i`. Exactly,
/// `orient2d(p, q, r)` has the sign of `j − i` (collinear on the diagonal, counterclockwise
/// above it); the plain floating-point formula gets a large fraction wrong. For
/// `size > 2⁵¹` the points would leave `[0.5, 1)`; no one asks for that many.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::kettner_grid;
/// use isect::{orient2d, Sign};
/// let g = kettner_grid(16);
/// assert_eq!(g.len(), 256);
/// let (p, q, r) = g[3 * 16 + 5]; // i = 5, j = 3
/// assert_eq!(orient2d(p, q, r), Sign::Negative);
/// let (p, q, r) = g[4 * 16 + 4]; // on the diagonal
/// assert_eq!(orient2d(p, q, r), Sign::Zero);
/// ```
pub fn kettner_grid(size: usize) -> Vec<([f64; 2], [f64; 2], [f64; 2])> {
    kettner_grid_in(FloatFormat::F64, size)
}

/// [`kettner_grid`] in `format`: `u` is the spacing of the format's numbers in
/// `[0.5, 1)` (2⁻⁵³ for `f64`, 2⁻²⁴ for `f32`), so the points are consecutive numbers of
/// the format and the exact signs are again those of `j − i` (for `f32`, `size` up to
/// 2²³).
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::kettner_grid_in;
/// use isect::{orient2d, FloatFormat, Sign};
/// let g = kettner_grid_in(FloatFormat::F32, 8);
/// let (p, q, r) = g[2 * 8 + 5]; // i = 5, j = 2
/// assert_eq!(p, [0.5 + 5.0 * 2f64.powi(-24), 0.5 + 2.0 * 2f64.powi(-24)]);
/// assert_eq!(orient2d(p, q, r), Sign::Negative);
/// ```
pub fn kettner_grid_in(format: FloatFormat, size: usize) -> Vec<([f64; 2], [f64; 2], [f64; 2])> {
    let u = pow2(-(format.mantissa_bits() as i32));
    let (q, r) = ([12.0, 12.0], [24.0, 24.0]);
    let mut out = Vec::with_capacity(size * size);
    for j in 0..size {
        for i in 0..size {
            out.push(([0.5 + i as f64 * u, 0.5 + j as f64 * u], q, r));
        }
    }
    out
}

/// Quadruples `[a, b, c, d]` for `orient3d` with `d` on or within rounding of the plane
/// through `a`, `b`, `c`.
///
/// `a`, `b`, `c` are uniform in `[-1, 1]³` (or, for one case in four, on the grid of step
/// 2⁻¹⁰ there). Then `d = a + s·(b − a) + t·(c − a)`:
/// * three cases in four: `s, t` uniform in `[-1, 2]` and `d` rounded to `f64` once per
///   coordinate from the exact value (computed with error-free transformations), so `d`
///   is within half an ulp per coordinate of the plane;
/// * one case in four: grid points with `s, t` multiples of 1/8, where every step is
///   exact and `d` lies **exactly** on the plane (`orient3d` is `Zero`).
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::near_coplanar_orient3d;
/// let qs = near_coplanar_orient3d(100, 1);
/// assert_eq!(qs.len(), 100);
/// // Some of them are exactly coplanar.
/// assert!(qs.iter().any(|[a, b, c, d]| isect::orient3d(a, b, c, d) == isect::Sign::Zero));
/// ```
pub fn near_coplanar_orient3d(n: usize, seed: u64) -> Vec<[[f64; 3]; 4]> {
    near_coplanar_orient3d_in(FloatFormat::F64, n, seed)
}

/// [`near_coplanar_orient3d`] in `format`: `a`, `b`, `c` are numbers of the format, and
/// `d` is the exact combination rounded to the format (within about half an ulp of the
/// format per coordinate of the plane); the grid cases are exactly coplanar in both
/// formats.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::near_coplanar_orient3d_in;
/// use isect::FloatFormat;
/// let qs = near_coplanar_orient3d_in(FloatFormat::F32, 100, 1);
/// assert!(qs.iter().any(|[a, b, c, d]| isect::orient3d(a, b, c, d) == isect::Sign::Zero));
/// assert!(qs.iter().flatten().flatten().all(|&x| f64::from(x as f32) == x));
/// ```
pub fn near_coplanar_orient3d_in(format: FloatFormat, n: usize, seed: u64) -> Vec<[[f64; 3]; 4]> {
    let mut rng = Rng::new(seed ^ 0x03D_C0F1A7);
    (0..n)
        .map(|_| near_coplanar_quad(format, &mut rng))
        .collect()
}

/// One item of the scene above.
pub(crate) fn near_coplanar_quad(format: FloatFormat, rng: &mut Rng) -> [[f64; 3]; 4] {
    if rng.below(4) == 0 {
        let [a, b, c] = [0; 3].map(|_| grid_point(rng, -10));
        let s = rng.range(-8, 16) as f64 / 8.0;
        let t = rng.range(-8, 16) as f64 / 8.0;
        let d = core::array::from_fn(|k| a[k] + s * (b[k] - a[k]) + t * (c[k] - a[k]));
        [a, b, c, d]
    } else {
        let [a, b, c] = [0; 3].map(|_| uniform_point(format, rng, 1.0));
        let (s, t) = (rng.uniform(-1.0, 2.0), rng.uniform(-1.0, 2.0));
        [a, b, c, affine_rounded(format, &a, &b, &c, s, t)]
    }
}

fn uniform_point(format: FloatFormat, rng: &mut Rng, r: f64) -> [f64; 3] {
    [0; 3].map(|_| format.round(rng.uniform(-r, r)))
}

/// A point of `[-1, 1]³` on the grid of step `2^e` (`e ≥ -40`).
fn grid_point(rng: &mut Rng, e: i32) -> [f64; 3] {
    let m = 1i64 << (-e);
    [0; 3].map(|_| rng.range(-m, m) as f64 * pow2(e))
}

/// `a + s·(b − a) + t·(c − a)` per coordinate, computed exactly with error-free
/// transformations and rounded once to `f64` (up to a last rounding of a double-double
/// sum, which is faithful), then to `format` (for `f32`, a second rounding: within about
/// half an `f32` ulp of the exact value).
pub(crate) fn affine_rounded<const D: usize>(
    format: FloatFormat,
    a: &[f64; D],
    b: &[f64; D],
    c: &[f64; D],
    s: f64,
    t: f64,
) -> [f64; D] {
    core::array::from_fn(|k| {
        // Terms: a, s·b − s·a, t·c − t·a, each product split exactly.
        let mut terms: Vec<f64> = Vec::with_capacity(9);
        terms.push(a[k]);
        for (x, y) in [(s, b[k]), (-s, a[k]), (t, c[k]), (-t, a[k])] {
            let (p, e) = two_product(x, y);
            terms.push(p);
            terms.push(e);
        }
        format.round(sum_rounded(&terms))
    })
}

fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

/// The sum of the terms, rounded to nearest almost always (accumulated exactly as a
/// non-overlapping expansion, then summed from the smallest component up).
fn sum_rounded(terms: &[f64]) -> f64 {
    let mut expansion: Vec<f64> = Vec::with_capacity(terms.len() * 2);
    for &x in terms {
        let mut q = x;
        let mut next = Vec::with_capacity(expansion.len() + 1);
        for &e in &expansion {
            let s = q + e;
            let bv = s - q;
            let err = (q - (s - bv)) + (e - bv);
            if err != 0.0 {
                next.push(err);
            }
            q = s;
        }
        if q != 0.0 {
            next.push(q);
        }
        expansion = next;
    }
    // Components are ordered by increasing magnitude; summing from the small end is
    // faithful (and round-to-nearest except in rare double-rounding cases).
    let mut acc = 0.0;
    for &e in &expansion {
        acc += e;
    }
    acc
}

/// A triangle as its three corners.
///
/// # Examples
///
/// ```
/// let t: isect::oracle::scenes::Tri = [[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
/// assert_eq!(t[1][0], 1.0);
/// ```
pub type Tri = [[f64; 3]; 3];

/// Two triangles, as [`near_coplanar_triangle_pairs`] returns them.
///
/// # Examples
///
/// ```
/// let (a, b): isect::oracle::scenes::TrianglePair = isect::oracle::scenes::near_coplanar_triangle_pairs(1, 0)[0];
/// assert_ne!(a, b);
/// ```
pub type TrianglePair = (Tri, Tri);

/// Pairs of triangles in (or within rounding of) a common plane, the hard case of every
/// triangle/triangle test.
///
/// The first triangle `t1 = (a, b, c)` is uniform in `[-1, 1]³`. The second triangle's
/// vertices are affine combinations `a + s·(b − a) + t·(c − a)` with `s, t` uniform in
/// `[-0.5, 1.5]`, so the pair overlaps, touches or misses in the plane about equally:
/// * one case in four exactly coplanar (all points on the grid of step 2⁻¹⁰, `s, t`
///   multiples of 1/8: every step exact);
/// * otherwise each vertex of `t2` is the exact combination rounded once to `f64`
///   (within half an ulp per coordinate of `t1`'s plane), and one case in four of those
///   is additionally lifted off the plane by a relative 2⁻⁴⁰ along one axis.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::near_coplanar_triangle_pairs;
/// let pairs = near_coplanar_triangle_pairs(50, 3);
/// assert_eq!(pairs.len(), 50);
/// assert!(pairs.iter().any(|(a, b)| isect::tri_tri_intersect(*a, *b)));
/// ```
pub fn near_coplanar_triangle_pairs(n: usize, seed: u64) -> Vec<TrianglePair> {
    near_coplanar_triangle_pairs_in(FloatFormat::F64, n, seed)
}

/// [`near_coplanar_triangle_pairs`] in `format`: every coordinate a number of the format,
/// the second triangle's vertices rounded once to the format, and the lift off the plane
/// relative 2⁻⁴⁰ for `f64`, 2⁻²⁰ for `f32` (a few ulps of the format).
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::near_coplanar_triangle_pairs_in;
/// use isect::FloatFormat;
/// let pairs = near_coplanar_triangle_pairs_in(FloatFormat::F32, 50, 3);
/// assert!(pairs.iter().any(|(a, b)| isect::tri_tri_intersect(*a, *b)));
/// assert!(pairs.iter().all(|(a, b)| a.iter().chain(b).flatten().all(|&x| f64::from(x as f32) == x)));
/// ```
pub fn near_coplanar_triangle_pairs_in(
    format: FloatFormat,
    n: usize,
    seed: u64,
) -> Vec<TrianglePair> {
    let mut rng = Rng::new(seed ^ 0x7217_C0F1);
    (0..n)
        .map(|_| near_coplanar_pair(format, &mut rng))
        .collect()
}

/// One item of the scene above.
pub(crate) fn near_coplanar_pair(format: FloatFormat, rng: &mut Rng) -> TrianglePair {
    if rng.below(4) == 0 {
        let [a, b, c] = [0; 3].map(|_| grid_point(rng, -10));
        let t2 = [0; 3].map(|_| {
            let s = rng.range(-4, 12) as f64 / 8.0;
            let t = rng.range(-4, 12) as f64 / 8.0;
            core::array::from_fn(|k| a[k] + s * (b[k] - a[k]) + t * (c[k] - a[k]))
        });
        ([a, b, c], t2)
    } else {
        let [a, b, c] = [0; 3].map(|_| uniform_point(format, rng, 1.0));
        let lift = rng.below(4) == 0;
        let mut t2 = [0; 3].map(|_| {
            let (s, t) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
            affine_rounded(format, &a, &b, &c, s, t)
        });
        if lift {
            let (v, k) = (rng.below(3), rng.below(3));
            let x = t2[v][k];
            let rel = match format {
                FloatFormat::F64 => pow2(-40),
                FloatFormat::F32 => pow2(-20),
            };
            t2[v][k] = format.round(x + x.abs().max(0.5) * rel);
        }
        ([a, b, c], t2)
    }
}

/// Rays nearly parallel to a face of a box, starting on or near the face's plane: the
/// cases where slab tests divide by tiny direction components and compare nearly equal
/// parameters.
///
/// The box has corners on the grid of step 2⁻¹⁰ in `[-1, 1]³` (each side at least 2⁻⁴).
/// For a random axis `k` and face `f` (`min_k` or `max_k`), the origin's `k` coordinate is
/// `f` exactly (one case in three), or `f` moved by one to four ulps, or by `±2⁻³⁰`; a
/// second axis puts the origin outside the box by 1 with the direction pointing back in
/// (component `±1`); the direction's `k` component is `0`, `±2^-e` for `e` in
/// `20..=60`, and the third component uniform in `[-0.5, 0.5]`.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::near_parallel_box_rays;
/// use isect::ray::ray_aabb;
/// let cases = near_parallel_box_rays(100, 9);
/// assert_eq!(cases.len(), 100);
/// let hits = cases.iter().filter(|(b, r)| ray_aabb(r, b).is_some()).count();
/// assert!(hits > 0 && hits < 100);
/// ```
pub fn near_parallel_box_rays(n: usize, seed: u64) -> Vec<(Aabb<f64>, Ray<f64>)> {
    near_parallel_box_rays_in(FloatFormat::F64, n, seed)
}

/// [`near_parallel_box_rays`] in `format`: the origin moved off the face by one to four
/// ulps **of the format**, or by `±2⁻³⁰` (`f64`) / `±2⁻²⁰` (`f32`), every coordinate a
/// number of the format.
///
/// # Examples
///
/// ```
/// use isect::oracle::scenes::near_parallel_box_rays_in;
/// use isect::FloatFormat;
/// let cases = near_parallel_box_rays_in(FloatFormat::F32, 100, 9);
/// let hits = cases.iter().filter(|(b, r)| isect::ray::ray_aabb(r, b).is_some()).count();
/// assert!(hits > 0 && hits < 100);
/// ```
pub fn near_parallel_box_rays_in(
    format: FloatFormat,
    n: usize,
    seed: u64,
) -> Vec<(Aabb<f64>, Ray<f64>)> {
    let mut rng = Rng::new(seed ^ 0xB0C5_4A15);
    (0..n)
        .map(|_| near_parallel_box_ray(format, &mut rng))
        .collect()
}

/// One item of the scene above.
pub(crate) fn near_parallel_box_ray(format: FloatFormat, rng: &mut Rng) -> (Aabb<f64>, Ray<f64>) {
    let Aabb { min, max } = grid_box(rng);
    let k = rng.below(3);
    let j = (k + 1 + rng.below(2)) % 3;
    let l = 3 - k - j;
    let face = if rng.chance(0.5) { min[k] } else { max[k] };
    let ok = match rng.below(3) {
        0 => face,
        1 => {
            let steps = rng.range(1, 4) as i32;
            let mut x = face;
            let up = rng.chance(0.5);
            for _ in 0..steps {
                x = match (format, up) {
                    (FloatFormat::F64, true) => x.next_up(),
                    (FloatFormat::F64, false) => x.next_down(),
                    (FloatFormat::F32, true) => f64::from((x as f32).next_up()),
                    (FloatFormat::F32, false) => f64::from((x as f32).next_down()),
                };
            }
            x
        }
        _ => {
            let step = match format {
                FloatFormat::F64 => pow2(-30),
                FloatFormat::F32 => pow2(-20),
            };
            face + if rng.chance(0.5) { step } else { -step }
        }
    };
    let mut o = [0.0; 3];
    let mut d = [0.0; 3];
    o[k] = ok;
    d[k] = match rng.below(4) {
        0 => 0.0,
        _ => {
            let e = rng.range(20, 60) as i32;
            if rng.chance(0.5) { pow2(-e) } else { -pow2(-e) }
        }
    };
    if rng.chance(0.5) {
        o[j] = min[j] - 1.0;
        d[j] = 1.0;
    } else {
        o[j] = max[j] + 1.0;
        d[j] = -1.0;
    }
    o[l] = format.round(rng.uniform(min[l], max[l]));
    d[l] = format.round(rng.uniform(-0.5, 0.5));
    (Aabb::new(min, max), Ray::new(o, d))
}

/// A box with corners on the grid of step 2⁻¹⁰ in `[-1, 1]³`, each side at least 2⁻⁴.
pub(crate) fn grid_box(rng: &mut Rng) -> Aabb<f64> {
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
