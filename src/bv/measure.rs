//! Geometric probability (RTR 22.4): surface area and mean width of bounding volumes.

use alloc::vec::Vec;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

use super::convex_hull::{Hull, convex_hull};
use crate::overlap::Kdop;
use crate::predicates::Ring;
use crate::scalar::rational_to_f64;
use crate::vec3::{cross, dot, sub};
use crate::{Aabb, Obb, Scalar, Sphere};
#[cfg(not(feature = "std"))]
use num_traits::Float;

/// Surface area and mean width of a convex volume, for cost models (RTR 22.4).
///
/// For convex bodies `A ⊆ B`, the probability that a random line (uniform isotropic)
/// meeting `B` also meets `A` is `area(A)/area(B)` (Cauchy's formula; the ratio the
/// surface-area heuristic uses), and that a random plane meeting `B` also meets `A` is
/// `mean_width(A)/mean_width(B)`.
///
/// **Rounded**: both are computed in `f64` from the nearest `f64` of each stored value
/// (`Scalar::to_f64`), with a relative error of a few units of `2⁻⁵³` for ordinary
/// magnitudes (`π` and square roots are involved, so not even rationals get exact
/// values); an empty volume (negative extent or radius) measures `0`. Non-finite input
/// gives a non-finite or NaN result. k-DOPs ([`Kdop`]) are measured on their exact
/// polytope (see that impl: slower, for construction time).
///
/// # Examples
///
/// ```
/// use isect::bv::Measure;
/// use isect::{Aabb, Sphere};
/// let b = Aabb::new([0.0; 3], [1.0, 2.0, 3.0]);
/// assert_eq!(b.surface_area(), 22.0);
/// assert_eq!(b.mean_width(), 3.0);
/// let s = Sphere::new([0.0; 3], 1.0);
/// assert!((s.surface_area() - 4.0 * std::f64::consts::PI).abs() < 1e-12);
/// ```
pub trait Measure {
    /// The area of the boundary.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::bv::Measure;
    /// assert_eq!(isect::Aabb::new([0.0; 3], [1.0; 3]).surface_area(), 6.0);
    /// ```
    fn surface_area(&self) -> f64;

    /// The mean caliper width: the width `max u·x − min u·x` averaged over all unit
    /// directions `u`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::bv::Measure;
    /// assert_eq!(isect::Sphere::new([0.0; 3], 2.0).mean_width(), 4.0);
    /// ```
    fn mean_width(&self) -> f64;
}

/// Edge lengths of a box, `None` if it is empty.
fn extents<T: Scalar>(b: &Aabb<T>) -> Option<[f64; 3]> {
    let e: [f64; 3] = core::array::from_fn(|k| b.max[k].to_f64() - b.min[k].to_f64());
    if e.iter().any(|x| *x < 0.0) {
        None
    } else {
        Some(e)
    }
}

/// `2(xy + yz + zx)` and `(x + y + z)/2` for edges `x, y, z`.
impl<T: Scalar> Measure for Aabb<T> {
    fn surface_area(&self) -> f64 {
        extents(self).map_or(0.0, |[x, y, z]| 2.0 * (x * y + y * z + z * x))
    }
    fn mean_width(&self) -> f64 {
        extents(self).map_or(0.0, |[x, y, z]| 0.5 * (x + y + z))
    }
}

/// `4πr²` and `2r`.
impl<T: Scalar> Measure for Sphere<T> {
    fn surface_area(&self) -> f64 {
        let r = self.radius.to_f64();
        if r < 0.0 {
            0.0
        } else {
            4.0 * core::f64::consts::PI * r * r
        }
    }
    fn mean_width(&self) -> f64 {
        let r = self.radius.to_f64();
        if r < 0.0 { 0.0 } else { 2.0 * r }
    }
}

/// The box as the exact parallelepiped of its axes: with edge vectors
/// `gᵢ = 2hᵢ·axes[i]`, area `2 Σ_{i<j} |gᵢ × gⱼ|` and mean width `Σ |gᵢ|/2`
/// (a parallelepiped is the Minkowski sum of three segments, a segment of length `L` has
/// mean width `L/2`, and mean width is additive under Minkowski sums). For orthonormal
/// axes these are the box formulas.
impl<T: Scalar> Measure for Obb<T> {
    fn surface_area(&self) -> f64 {
        let Some(g) = generators(self) else {
            return 0.0;
        };
        let mut s = 0.0;
        for (i, j) in [(0, 1), (1, 2), (2, 0)] {
            let c = cross(&g[i], &g[j]);
            s += dot(&c, &c).sqrt();
        }
        2.0 * s
    }
    fn mean_width(&self) -> f64 {
        generators(self).map_or(0.0, |g| {
            g.iter().map(|v| dot(v, v).sqrt()).sum::<f64>() * 0.5
        })
    }
}

fn generators<T: Scalar>(b: &Obb<T>) -> Option<[[f64; 3]; 3]> {
    let h: [f64; 3] = core::array::from_fn(|i| b.half_extents[i].to_f64());
    if h.iter().any(|x| *x < 0.0) {
        return None;
    }
    Some(core::array::from_fn(|i| {
        core::array::from_fn(|k| 2.0 * h[i] * b.axes[i][k].to_f64())
    }))
}

/// The boundary area and mean width of the k-DOP `{x : min[i] ≤ dᵢ·x ≤ max[i]}`.
///
/// The polytope is built **exactly**: every stored bound is read as the rational it is,
/// the vertices are the feasible intersections of three slab planes (solved in integers
/// over the bounds' common denominator, checked against every slab exactly), and their
/// hull is isect's exact quickhull. Only the final measures are rounded: face areas and
/// edge lengths are square roots and the dihedral angles arctangents of `f64` values of
/// the exact vectors (each within a few units of `2⁻⁵³`), summed in `f64`, so the result
/// has a relative error of at most a few hundred units of `2⁻⁵³` (many terms), with no
/// cancellation (every term is non-negative). Overflow gives `+∞`.
///
/// * Surface area: the sum of the hull's face areas. A flat k-DOP (a polygon) counts both
///   sides, `2 × area`; a segment or a point has area `0`.
/// * Mean width: `Σₑ ℓₑ·φₑ / (4π)` over the hull's edges, `φₑ` the angle between the
///   outward normals of the two faces at `e` (`π` minus the dihedral angle); a flat
///   polygon has mean width `perimeter/4`, a segment `length/2`, a point `0` (the limits
///   of the same formula).
///
/// Bad input, never a panic: an empty k-DOP (some `min[i] > max[i]`, a bound `min = +∞`
/// or `max = −∞`, or slabs with no common point) measures `0`, as the other volumes do;
/// any NaN bound gives NaN; an infinite bound that leaves the k-DOP unbounded gives
/// `+∞` (an infinite bound that the other slabs make irrelevant is simply ignored).
///
/// Cost: a vertex search over all triples of the `2N` slab planes (in `i128` when the
/// bounds' integers over their common denominator stay below `2^100`, else big integers),
/// then the exact hull (on `f64` predicates when the vertex coordinates over the common
/// denominator stay below `2^52`, e.g. dyadic bounds of similar size; else in rationals):
/// for building hierarchies, not for inner loops. Both methods rebuild the polytope.
///
/// # Examples
///
/// ```
/// use isect::bv::Measure;
/// use isect::overlap::{Kdop14, Kdop6};
/// // The unit cube as a 6-DOP: area 6, mean width 3/2.
/// let cube = Kdop6::new([0.0; 3], [1.0; 3]);
/// assert!((cube.surface_area() - 6.0).abs() < 1e-12);
/// assert!((cube.mean_width() - 1.5).abs() < 1e-12);
/// // The cube [-1, 1]³ cut by |x ± y ± z| ≤ 2 (every corner cut at the edge midpoints'
/// // plane): the cuboctahedron with edge √2, area (6 + 2√3)·2.
/// let c = Kdop14::new([-1.0, -1.0, -1.0, -2.0, -2.0, -2.0, -2.0], [1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0]);
/// let want = (6.0 + 2.0 * 3f64.sqrt()) * 2.0;
/// assert!((c.surface_area() - want).abs() < 1e-12 * want);
/// // Empty and NaN.
/// assert_eq!(Kdop6::new([1.0; 3], [0.0; 3]).surface_area(), 0.0);
/// assert!(Kdop6::new([f64::NAN; 3], [0.0; 3]).mean_width().is_nan());
/// ```
impl<T: Scalar, const N: usize> Measure for Kdop<T, N> {
    fn surface_area(&self) -> f64 {
        match kdop_shape(self) {
            Shape::Nan => f64::NAN,
            Shape::Empty => 0.0,
            Shape::Unbounded => f64::INFINITY,
            Shape::Bounded(Pts::F(p), hull, (f, e)) => {
                ldexp_wide(hull_area(&p, &hull) * f * f, 2 * e)
            }
            Shape::Bounded(Pts::Q(p), hull, (f, e)) => {
                ldexp_wide(hull_area(&p, &hull) * f * f, 2 * e)
            }
        }
    }
    fn mean_width(&self) -> f64 {
        match kdop_shape(self) {
            Shape::Nan => f64::NAN,
            Shape::Empty => 0.0,
            Shape::Unbounded => f64::INFINITY,
            Shape::Bounded(Pts::F(p), hull, (f, e)) => {
                ldexp_wide(hull_mean_width(&p, &hull) * f, e)
            }
            Shape::Bounded(Pts::Q(p), hull, (f, e)) => {
                ldexp_wide(hull_mean_width(&p, &hull) * f, e)
            }
        }
    }
}

/// What a k-DOP is, exactly.
enum Shape {
    Nan,
    Empty,
    Unbounded,
    /// The vertices (distinct, exact, in integer units), their hull, and the unit as
    /// `f·2^e`.
    Bounded(Pts, Hull, (f64, i64)),
}

/// The integers the vertex search runs in (`i128` or [`BigInt`]).
trait Int:
    Clone
    + PartialOrd
    + From<i64>
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Neg<Output = Self>
{
}
impl<I> Int for I where
    I: Clone
        + PartialOrd
        + From<i64>
        + core::ops::Add<Output = I>
        + core::ops::Sub<Output = I>
        + core::ops::Mul<Output = I>
        + core::ops::Neg<Output = I>
{
}

/// `d·v` for a small-integer `d`.
fn idot<I: Int>(d: [i8; 3], v: &[I; 3]) -> I {
    let mut acc = I::from(0);
    for k in 0..3 {
        match d[k] {
            0 => {}
            1 => acc = acc + v[k].clone(),
            -1 => acc = acc - v[k].clone(),
            c => acc = acc + v[k].clone() * I::from(i64::from(c)),
        }
    }
    acc
}

/// Every point where three of the half-spaces `aⱼ·y ≤ bⱼ` (normals `nrm`, integer `b`) are
/// tight with independent normals and all hold, as `(y·det, det)` with `det > 0`
/// (duplicates included).
fn vertex_search<I: Int>(
    nrm: &[[i8; 3]],
    b: &[I],
    big: impl Fn(&I) -> BigInt,
) -> Vec<([BigInt; 3], i64)> {
    let mut out = Vec::new();
    let m = nrm.len();
    for p in 0..m {
        for q in p + 1..m {
            for r in q + 1..m {
                let [a, bb, c] = [nrm[p], nrm[q], nrm[r]].map(|x| x.map(i64::from));
                let det = a[0] * (bb[1] * c[2] - bb[2] * c[1])
                    - a[1] * (bb[0] * c[2] - bb[2] * c[0])
                    + a[2] * (bb[0] * c[1] - bb[1] * c[0]);
                if det == 0 {
                    continue;
                }
                // y·det = adj·rhs (adj: the adjugate, columns the rows' cross products).
                let adj = [
                    [
                        bb[1] * c[2] - bb[2] * c[1],
                        a[2] * c[1] - a[1] * c[2],
                        a[1] * bb[2] - a[2] * bb[1],
                    ],
                    [
                        bb[2] * c[0] - bb[0] * c[2],
                        a[0] * c[2] - a[2] * c[0],
                        a[2] * bb[0] - a[0] * bb[2],
                    ],
                    [
                        bb[0] * c[1] - bb[1] * c[0],
                        a[1] * c[0] - a[0] * c[1],
                        a[0] * bb[1] - a[1] * bb[0],
                    ],
                ];
                let (s, det) = if det < 0 { (-1, -det) } else { (1, det) };
                let rhs = [&b[p], &b[q], &b[r]];
                let v: [I; 3] = core::array::from_fn(|k| {
                    let mut acc = I::from(0);
                    for (j, x) in rhs.iter().enumerate() {
                        match adj[k][j] * s {
                            0 => {}
                            e => acc = acc + (*x).clone() * I::from(e),
                        }
                    }
                    acc
                });
                // Feasible: aⱼ·y ≤ bⱼ for every half-space, i.e. aⱼ·v ≤ bⱼ·det.
                let d = I::from(det);
                if (0..m).all(|j| idot(nrm[j], &v) <= b[j].clone() * d.clone()) {
                    out.push((v.each_ref().map(&big), det));
                }
            }
        }
    }
    out
}

fn kdop_shape<T: Scalar, const N: usize>(k: &Kdop<T, N>) -> Shape {
    let dirs = Kdop::<T, N>::DIRECTIONS;
    let (lo, hi) = (&k.min, &k.max);
    if lo.iter().chain(hi.iter()).any(|x| x.to_f64().is_nan()) {
        return Shape::Nan;
    }
    // Finite bounds as rationals; an infinite one is an absent half-space.
    let mut bounds: Vec<(usize, bool, BigRational)> = Vec::new(); // (slab, is_max, value)
    for i in 0..N {
        let (a, b) = (lo[i].to_f64(), hi[i].to_f64());
        if a == f64::INFINITY || b == f64::NEG_INFINITY {
            return Shape::Empty;
        }
        if let (Some(p), Some(q)) = (lo[i].to_rational(), hi[i].to_rational())
            && p > q
        {
            return Shape::Empty;
        }
        if let Some(p) = lo[i].to_rational() {
            bounds.push((i, false, p));
        }
        if let Some(q) = hi[i].to_rational() {
            bounds.push((i, true, q));
        }
    }
    // Outward normals aⱼ (dᵢ for a maximum, −dᵢ for a minimum).
    let normal = |&(i, is_max, _): &(usize, bool, BigRational)| -> [i8; 3] {
        let d = dirs[i];
        if is_max { d } else { [-d[0], -d[1], -d[2]] }
    };
    let normals: Vec<[i8; 3]> = bounds.iter().map(normal).collect();
    let unbounded = recession_cone_is_nonzero(&normals);
    // With an infinite bound, nonemptiness is decided inside a box |xₖ| ≤ R that holds a
    // point of every nonempty such polyhedron (R exceeds the norm of every solution of
    // three of its planes, below); without one, the axis slabs already bound it.
    let mut all = bounds.clone();
    if unbounded || all.len() < 2 * N {
        let mut r = BigRational::from_integer(1.into());
        for (_, _, v) in &bounds {
            r += num_traits::Signed::abs(v);
        }
        // The inverse of every invertible 3×3 matrix of directions has absolute row sums
        // at most 4 (`direction_inverses_are_small`), so a point of the minimal face of a
        // nonempty polyhedron, pinned by coordinate planes where needed, has
        // |xₖ| ≤ 4·max|b| < R.
        r *= BigRational::from_integer(8.into());
        for axis in 0..3 {
            all.push((axis, true, r.clone()));
            all.push((axis, false, -r.clone()));
        }
    }
    // Common denominator: every bound becomes an integer B with value = B / den.
    let mut den = BigInt::from(1);
    for (_, _, v) in &all {
        den = num_integer::Integer::lcm(&den, v.denom());
    }
    // The half-space aⱼ·x ≤ bⱼ: bⱼ = max for a maximum, −min for a minimum.
    let ints: Vec<BigInt> = all
        .iter()
        .map(|(_, is_max, v)| {
            let b = v.numer() * (&den / v.denom());
            if *is_max { b } else { -b }
        })
        .collect();
    let nrm: Vec<[i8; 3]> = all.iter().map(normal).collect();
    // Integers below 2^100 (the common case: bounds of similar magnitude) run in i128,
    // where no intermediate exceeds 2^108 (|adjugate entries| ≤ 2 over 3 terms, dot
    // products over 3 terms, |det| ≤ 4); otherwise in big integers.
    let limit = BigInt::from(1) << 100u32;
    let small: Option<Vec<i128>> = ints
        .iter()
        .map(|x| {
            if num_traits::Signed::abs(x) < limit {
                num_traits::ToPrimitive::to_i128(x)
            } else {
                None
            }
        })
        .collect();
    // Vertices as integers over one denominator: y = v/det with det ∈ {1, 2, 3, 4}, so
    // x = Y/(12·den) with Y = v·(12/det).
    let found = match small {
        Some(s) => vertex_search(&nrm, &s, |x| BigInt::from(*x)),
        None => vertex_search(&nrm, &ints, BigInt::clone),
    };
    if found.is_empty() {
        return Shape::Empty;
    }
    if unbounded {
        return Shape::Unbounded;
    }
    let mut verts: Vec<[BigInt; 3]> = found
        .into_iter()
        .map(|(v, det)| {
            let f = BigInt::from(12 / det);
            v.map(|x| x * &f)
        })
        .collect();
    verts.sort();
    verts.dedup();
    let unit = BigRational::new(BigInt::from(1), den * BigInt::from(12));
    let Some((_, e)) = scaled(&[unit.clone(), BigRational::zero(), BigRational::zero()]) else {
        return Shape::Nan;
    };
    let f = rational_to_f64(&(&unit * pow2(-e)));
    // Below 2^52 the coordinates and their differences are exact in f64: the hull runs on
    // the f64 predicates (exact) and the measures in f64; otherwise in rationals.
    let lim = BigInt::from(1) << 52u32;
    let pts = if verts
        .iter()
        .flatten()
        .all(|x| num_traits::Signed::abs(x) < lim)
    {
        Pts::F(
            verts
                .iter()
                .map(|v| {
                    v.each_ref()
                        .map(|x| num_traits::ToPrimitive::to_f64(x).unwrap_or(0.0))
                })
                .collect(),
        )
    } else {
        Pts::Q(
            verts
                .into_iter()
                .map(|v| v.map(BigRational::from_integer))
                .collect(),
        )
    };
    let hull = match &pts {
        Pts::F(p) => convex_hull(p),
        Pts::Q(p) => convex_hull(p),
    };
    match hull {
        Some(h) => Shape::Bounded(pts, h, (f, e)),
        // Unreachable for finite points; measure nothing rather than panic.
        None => Shape::Nan,
    }
}

/// `2^k` as a rational.
fn pow2(k: i64) -> BigRational {
    let p = BigInt::from(1) << k.unsigned_abs();
    if k >= 0 {
        BigRational::from_integer(p)
    } else {
        BigRational::new(BigInt::from(1), p)
    }
}

/// Hull vertices in integer units.
enum Pts {
    F(Vec<[f64; 3]>),
    Q(Vec<[BigRational; 3]>),
}

/// Whether some non-zero `v` has `aⱼ·v ≤ 0` for every outward normal `aⱼ` (the
/// polyhedron is unbounded). A non-zero cone contains `±(aₚ × a_q)` (an extreme ray or a
/// lineality direction of rank 2), `±(aₚ × eₖ)` (rank 1) or `±eₖ` (no constraint).
fn recession_cone_is_nonzero(a: &[[i8; 3]]) -> bool {
    let c = |x: [i64; 3], y: [i64; 3]| cross(&x, &y);
    let w = |x: [i8; 3]| x.map(i64::from);
    let units = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    let mut cands: Vec<[i64; 3]> = units.to_vec();
    for (p, x) in a.iter().enumerate() {
        for u in units {
            cands.push(c(w(*x), u));
        }
        for y in &a[p + 1..] {
            cands.push(c(w(*x), w(*y)));
        }
    }
    cands.iter().filter(|v| **v != [0, 0, 0]).any(|v| {
        [1i64, -1]
            .iter()
            .any(|s| a.iter().all(|n| s * dot(&w(*n), v) <= 0))
    })
}

/// The coordinates of the measured vertices: exact rationals, or the integer-valued `f64`
/// of the fast path (exact in differences; rounded in cross products, which only feed
/// rounded lengths and angles). Vector arithmetic is [`crate::vec3`]'s.
trait Coord: Ring {
    fn is_zero(&self) -> bool;
    /// The vector as `f64` components scaled by `2^-e` (largest in `[1, 2)`), and `e`.
    fn scaled(v: &[Self; 3]) -> Option<([f64; 3], i64)>;
}

impl Coord for BigRational {
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn scaled(v: &[Self; 3]) -> Option<([f64; 3], i64)> {
        scaled(v)
    }
}

impl Coord for f64 {
    fn is_zero(&self) -> bool {
        *self == 0.0
    }
    fn scaled(v: &[Self; 3]) -> Option<([f64; 3], i64)> {
        let m = v[0].abs().max(v[1].abs()).max(v[2].abs());
        if m == 0.0 || !m.is_finite() {
            return None;
        }
        let e = i64::from(crate::scalar::exponent(m));
        Some((v.map(|x| crate::scalar::ldexp(x, -e as i32)), e))
    }
}

/// An exact vector as `f64` components scaled by `2^-e` (the largest in `[1, 2)`) and
/// `e`; `None` for the zero vector.
fn scaled(v: &[BigRational; 3]) -> Option<([f64; 3], i64)> {
    let bits = |q: &BigRational| q.numer().bits() as i64 - q.denom().bits() as i64;
    let e = v.iter().filter(|q| !Zero::is_zero(*q)).map(bits).max()?;
    let f = |q: &BigRational| {
        let s = if e >= 0 {
            q / BigRational::from_integer(BigInt::from(1) << (e as u64))
        } else {
            q * BigRational::from_integer(BigInt::from(1) << ((-e) as u64))
        };
        rational_to_f64(&s)
    };
    Some((core::array::from_fn(|k| f(&v[k])), e))
}

/// `|v|` for an exact vector, rounded (overflow `+∞`).
fn length<C: Coord>(v: &[C; 3]) -> f64 {
    C::scaled(v).map_or(0.0, |(s, e)| ldexp_wide(dot(&s, &s).sqrt(), e))
}

fn ldexp_wide(x: f64, e: i64) -> f64 {
    crate::scalar::ldexp(x, e.clamp(-4000, 4000) as i32)
}

fn hull_area<C: Coord>(p: &[[C; 3]], hull: &Hull) -> f64 {
    let tri =
        |a: usize, b: usize, c: usize| 0.5 * length(&cross(&sub(&p[b], &p[a]), &sub(&p[c], &p[a])));
    match hull {
        Hull::Point(_) | Hull::Segment(_) => 0.0,
        // Both sides of the flat polygon (a convex fan).
        Hull::Polygon(c) => {
            2.0 * (1..c.len().saturating_sub(1))
                .map(|i| tri(c[0], c[i], c[i + 1]))
                .sum::<f64>()
        }
        Hull::Polyhedron(t) => t.iter().map(|f| tri(f[0], f[1], f[2])).sum(),
    }
}

fn hull_mean_width<C: Coord>(p: &[[C; 3]], hull: &Hull) -> f64 {
    let pi = core::f64::consts::PI;
    match hull {
        Hull::Point(_) => 0.0,
        Hull::Segment([a, b]) => 0.5 * length(&sub(&p[*b], &p[*a])),
        Hull::Polygon(c) => {
            let n = c.len();
            (0..n)
                .map(|i| length(&sub(&p[c[(i + 1) % n]], &p[c[i]])))
                .sum::<f64>()
                / 4.0
        }
        Hull::Polyhedron(t) => {
            // Each undirected edge once: the triangle on each side, by directed edge.
            let normals: Vec<[C; 3]> = t
                .iter()
                .map(|f| cross(&sub(&p[f[1]], &p[f[0]]), &sub(&p[f[2]], &p[f[0]])))
                .collect();
            let mut edges: Vec<((usize, usize), usize)> = Vec::with_capacity(3 * t.len());
            for (i, f) in t.iter().enumerate() {
                for j in 0..3 {
                    edges.push(((f[j], f[(j + 1) % 3]), i));
                }
            }
            edges.sort();
            let mut sum = 0.0;
            for &((a, b), i) in &edges {
                if a > b {
                    continue;
                }
                let Ok(k) = edges.binary_search_by(|e| e.0.cmp(&(b, a))) else {
                    continue; // not a closed surface: cannot happen for a hull
                };
                let j = edges[k].1;
                let cr = cross(&normals[i], &normals[j]);
                if cr.iter().all(|x| x.is_zero()) {
                    continue; // coplanar triangles of one face: angle 0
                }
                let (Some((n1, _)), Some((n2, _))) =
                    (C::scaled(&normals[i]), C::scaled(&normals[j]))
                else {
                    continue;
                };
                let c = cross(&n1, &n2);
                let s = dot(&c, &c).sqrt();
                sum += length(&sub(&p[b], &p[a])) * s.atan2(dot(&n1, &n2));
            }
            sum / (4.0 * pi)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound behind the box `|xₖ| ≤ R` of `kdop_shape`: every invertible matrix of
    /// three of the 13 directions (or their negations) has an inverse whose rows have
    /// absolute sums at most 4, checked exactly by enumeration.
    #[test]
    fn direction_inverses_are_small() {
        let dirs = Kdop::<f64, 13>::DIRECTIONS;
        let one = BigRational::from_integer(1.into());
        for a in dirs {
            for b in dirs {
                for c in dirs {
                    for signs in 0..8 {
                        let f = |d: [i8; 3], bit: i32| {
                            let s = if signs >> bit & 1 == 1 { -1 } else { 1 };
                            d.map(|x| BigRational::from_integer(BigInt::from(i64::from(x) * s)))
                        };
                        let m = [f(a, 0), f(b, 1), f(c, 2)];
                        let x = cross(&m[1], &m[2]);
                        let det = &m[0][0] * &x[0] + &m[0][1] * &x[1] + &m[0][2] * &x[2];
                        if Zero::is_zero(&det) {
                            continue;
                        }
                        // Columns of the inverse: cross products of the rows over det.
                        let cols = [
                            cross(&m[1], &m[2]),
                            cross(&m[2], &m[0]),
                            cross(&m[0], &m[1]),
                        ];
                        for k in 0..3 {
                            let row_sum: BigRational = cols
                                .iter()
                                .map(|col| num_traits::Signed::abs(&(&col[k] / &det)))
                                .fold(BigRational::zero(), |s, x| s + x);
                            assert!(row_sum <= &one * BigRational::from_integer(4.into()));
                        }
                    }
                }
            }
        }
    }
}
