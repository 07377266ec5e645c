//! Bounding spheres: the AABB-centre sphere, Ritter's, and Welzl's minimal sphere.

use alloc::vec::Vec;
use num_rational::BigRational;
#[cfg(not(feature = "std"))]
use num_traits::Float;

use super::{Frame, check_points, grow, scalar_of, sqrt_up};
use crate::vec3::{cross, dot, sub};
use crate::{Aabb, InputError, Scalar, Sphere};

/// The radius that makes a sphere about `center` contain every point, exactly:
/// for rationals `sqrt_up(max |p − c|²)`; for floats an `f64` estimate rounded outward,
/// then each point checked by [`Sphere::contains_point`] and the radius grown until it
/// passes.
pub(crate) fn radius_for<T: Scalar>(center: &[T; 3], points: &[[T; 3]]) -> T {
    if T::FLOAT.is_none() {
        let c: [BigRational; 3] =
            core::array::from_fn(|k| center[k].to_rational().unwrap_or_default());
        let mut best = BigRational::default();
        for p in points {
            let mut d2 = BigRational::default();
            for k in 0..3 {
                let d = p[k].to_rational().unwrap_or_default() - &c[k];
                d2 += &d * &d;
            }
            if d2 > best {
                best = d2;
            }
        }
        return sqrt_up::<T>(&best);
    }
    let c: [f64; 3] = core::array::from_fn(|k| center[k].to_f64());
    // Scaled so that neither the squares overflow nor they underflow.
    let mut m = 0.0f64;
    for p in points {
        for k in 0..3 {
            m = m.max((p[k].to_f64() - c[k]).abs());
        }
    }
    let r_est = if m == 0.0 {
        0.0
    } else if !m.is_finite() {
        f64::INFINITY
    } else {
        let e = m.log2().floor().clamp(-1000.0, 1000.0) as i32;
        let (s, inv) = (2f64.powi(-e), 2f64.powi(e));
        let mut best = 0.0f64;
        for p in points {
            let mut d2 = 0.0;
            for k in 0..3 {
                let d = (p[k].to_f64() - c[k]) * s;
                d2 += d * d;
            }
            best = best.max(d2);
        }
        best.sqrt() * inv
    };
    // The nearest value to the estimate, then certified: each point is checked exactly
    // and the radius stepped up (one unit in the last place at a time, then growing
    // geometrically) until it passes. Points already checked stay inside a larger ball.
    let mut r: T = scalar_of(r_est);
    let floor0 = m.min(f64::MAX) * 2f64.powi(-52) + f64::from_bits(1);
    let sphere_ok = |r: &T, p: &[T; 3]| Sphere::new(center.clone(), r.clone()).contains_point(p);
    let mut r2lo = r2_lower(&r);
    for p in points {
        let (mut steps, mut rel, mut floor) = (0, 2f64.powi(-50), floor0);
        while !(inside_f64(&c, p, r2lo) || sphere_ok(&r, p)) {
            if steps < 8 {
                r = Scalar::next_up(&r);
            } else {
                r = grow(&r, rel, floor);
                rel = (rel * 4.0).min(1.0);
                floor *= 4.0;
            }
            steps += 1;
            r2lo = r2_lower(&r);
        }
    }
    r
}

/// The unit roundoff of `f64`.
const U: f64 = f64::EPSILON / 2.0;
/// Absolute slack covering underflow in the squares (each at most `2⁻¹⁰⁷⁵`).
const ETA: f64 = 1e-300;

/// A lower bound on `r²` in `f64` (`0` when the filter should not be used).
fn r2_lower<T: Scalar>(r: &T) -> f64 {
    let r = r.to_f64();
    let r2 = r * r;
    if r2.is_finite() && r2 > 1e-290 {
        // fl(r·r) is within half an ulp of r² (no underflow here): one step down is below.
        r2.next_down()
    } else {
        0.0
    }
}

/// `true` only if `p` is certainly within the ball of squared radius at least `r2lo`
/// about `c` (`proofs/bounding_volumes.md`, section 2a); `false`: undecided.
#[inline]
fn inside_f64<T: Scalar>(c: &[f64; 3], p: &[T; 3], r2lo: f64) -> bool {
    let v = [
        p[0].to_f64() - c[0],
        p[1].to_f64() - c[1],
        p[2].to_f64() - c[2],
    ];
    let s = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    (s * (1.0 + 8.0 * U) + ETA) * (1.0 + 2.0 * U) <= r2lo
}

/// The sphere about the centre of the points' bounding box, `(min + max)/2`, with the
/// smallest radius that contains every point (RTR 22.3's simplest sphere).
///
/// The centre is exact for rationals and rounded for floats (`min/2 + max/2`); the radius
/// is exact (a square root rounded up, [`sqrt_up`]) for rationals and for
/// floats an `f64` estimate rounded outward and then **certified**: every point is checked
/// with the exact [`Sphere::contains_point`] and the radius grown until all pass. So the
/// result always contains every point.
///
/// `None` for no points or a NaN or infinite coordinate ([`try_sphere_aabb_center`] says which).
///
/// # Examples
///
/// ```
/// use isect::bv::sphere_aabb_center;
/// let pts = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]];
/// let s = sphere_aabb_center(&pts).unwrap();
/// assert_eq!(s.center, [1.0, 1.0, 0.0]);
/// assert!(s.radius >= 2f64.sqrt() && pts.iter().all(|p| s.contains_point(p)));
/// ```
pub fn sphere_aabb_center<T: Scalar>(points: &[[T; 3]]) -> Option<Sphere<T>> {
    try_sphere_aabb_center(points).ok()
}

/// [`sphere_aabb_center`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::try_sphere_aabb_center;
/// use isect::InputError;
/// assert_eq!(try_sphere_aabb_center::<f32>(&[]), Err(InputError::Empty { argument: 0 }));
/// ```
pub fn try_sphere_aabb_center<T: Scalar>(points: &[[T; 3]]) -> Result<Sphere<T>, InputError> {
    check_points(0, points)?;
    Ok(sphere_aabb_center_of(points))
}

/// [`sphere_aabb_center`] of a non-empty list of finite points.
fn sphere_aabb_center_of<T: Scalar>(points: &[[T; 3]]) -> Sphere<T> {
    let Some(b) = Aabb::from_points(points) else {
        unreachable!("a non-empty list of finite points has a bounding box")
    };
    let two = T::one() + T::one();
    let center: [T; 3] =
        core::array::from_fn(|k| b.min[k].clone() / two.clone() + b.max[k].clone() / two.clone());
    let radius = radius_for(&center, points);
    Sphere::new(center, radius)
}

/// Ritter's bounding sphere (Ritter, "An efficient bounding sphere", Graphics Gems, 1990;
/// RTR 22.3): start from the farthest-apart pair among the six axis-extreme points, then
/// grow the sphere just enough to take in each point outside it. About 5% to 20% larger
/// than the minimal sphere on typical sets; one pass.
///
/// The centre is computed in `f64` (in a translated, power-of-two-scaled frame so that
/// far-from-origin and extreme-exponent sets keep their spread) and converted to `T`
/// (exactly for rationals, which therefore get a dyadic centre); the radius is then the
/// certified radius of [`sphere_aabb_center`]: the result always contains every point.
///
/// `None` for no points or a NaN or infinite coordinate ([`try_sphere_ritter`] says which).
///
/// # Examples
///
/// ```
/// use isect::bv::sphere_ritter;
/// let pts = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [2.0, 1.0, 0.0]];
/// let s = sphere_ritter(&pts).unwrap();
/// assert!(pts.iter().all(|p| s.contains_point(p)));
/// assert!(s.radius >= 2.0 && s.radius < 2.01);
/// ```
pub fn sphere_ritter<T: Scalar>(points: &[[T; 3]]) -> Option<Sphere<T>> {
    try_sphere_ritter(points).ok()
}

/// [`sphere_ritter`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::try_sphere_ritter;
/// use isect::InputError;
/// let err = try_sphere_ritter(&[[0.0, 0.0, f64::NAN]]).unwrap_err();
/// assert!(matches!(err, InputError::NonFinite { index: Some(0), axis: Some(2), .. }));
/// ```
pub fn try_sphere_ritter<T: Scalar>(points: &[[T; 3]]) -> Result<Sphere<T>, InputError> {
    check_points(0, points)?;
    Ok(sphere_ritter_of(points))
}

/// [`sphere_ritter`] of a non-empty list of finite points.
fn sphere_ritter_of<T: Scalar>(points: &[[T; 3]]) -> Sphere<T> {
    let frame = Frame::new(points);
    let local: Vec<[f64; 3]> = points.iter().map(|p| frame.to_local(p)).collect();
    let (c, _) = ritter_f64(&local);
    let w = frame.to_world(&c);
    if !w.iter().all(|x| x.is_finite()) {
        return sphere_aabb_center_of(points);
    }
    let center: [T; 3] = core::array::from_fn(|k| scalar_of(w[k]));
    let radius = radius_for(&center, points);
    Sphere::new(center, radius)
}

/// Ritter's method on `f64` points: `(centre, radius)` (rounded, not certified).
pub(crate) fn ritter_f64(p: &[[f64; 3]]) -> ([f64; 3], f64) {
    let d2 =
        |a: &[f64; 3], b: &[f64; 3]| (0..3).map(|k| (a[k] - b[k]) * (a[k] - b[k])).sum::<f64>();
    let mut lo = [0usize; 3];
    let mut hi = [0usize; 3];
    for (i, q) in p.iter().enumerate() {
        for k in 0..3 {
            if q[k] < p[lo[k]][k] {
                lo[k] = i;
            }
            if q[k] > p[hi[k]][k] {
                hi[k] = i;
            }
        }
    }
    let k = (0..3)
        .max_by(|&a, &b| d2(&p[lo[a]], &p[hi[a]]).total_cmp(&d2(&p[lo[b]], &p[hi[b]])))
        .unwrap_or(0);
    let (a, b) = (&p[lo[k]], &p[hi[k]]);
    let mut c: [f64; 3] = core::array::from_fn(|j| 0.5 * (a[j] + b[j]));
    let mut r = d2(a, b).sqrt() * 0.5;
    for q in p {
        let dd = d2(q, &c);
        if dd > r * r {
            let d = dd.sqrt();
            let nr = 0.5 * (r + d);
            let t = (nr - r) / d;
            for j in 0..3 {
                c[j] += t * (q[j] - c[j]);
            }
            r = nr;
        }
    }
    (c, r)
}

/// The ball of a support set: centre in the affine hull of the points, every point on
/// its boundary. `r2 < 0` is the empty ball.
#[derive(Clone, Debug)]
struct Ball<W> {
    c: [W; 3],
    r2: W,
}

/// The arithmetic Welzl's algorithm runs in: `f64` for floats (approximate, with the
/// tolerances below) or an exact rational type (both tolerances zero).
struct Welzl<'a, W> {
    p: &'a [[W; 3]],
    /// A point is inside when `|p − c|² ≤ r²·(1 + slack)`.
    slack: W,
    /// A support set is degenerate when its Gram determinant is at most `flat` times the
    /// product of its squared edge lengths.
    flat: W,
}

fn add_scaled<W: Scalar>(a: &[W; 3], s: &W, v: &[W; 3]) -> [W; 3] {
    core::array::from_fn(|k| a[k].clone() + s.clone() * &v[k])
}

impl<W: Scalar> Welzl<'_, W> {
    fn inside(&self, b: &Ball<W>, i: usize) -> bool {
        if b.r2 < W::zero() {
            return false;
        }
        let d = sub(&self.p[i], &b.c);
        dot(&d, &d) <= b.r2.clone() * (W::one() + &self.slack)
    }

    /// The circumscribed ball of `r` (centre in its affine hull), or `None` when the
    /// points are (numerically, for floats) affinely dependent.
    fn circum(&self, r: &[usize]) -> Option<Ball<W>> {
        let two = W::one() + W::one();
        let a = &self.p[r[0]];
        match r.len() {
            1 => Some(Ball {
                c: a.clone(),
                r2: W::zero(),
            }),
            2 => {
                let u = sub(&self.p[r[1]], a);
                let half = W::one() / two.clone();
                let c = add_scaled(a, &half, &u);
                let r2 = dot(&u, &u) / (two.clone() * two);
                Some(Ball { c, r2 })
            }
            3 => {
                let u = sub(&self.p[r[1]], a);
                let v = sub(&self.p[r[2]], a);
                let (uu, uv, vv) = (dot(&u, &u), dot(&u, &v), dot(&v, &v));
                let det = uu.clone() * &vv - uv.clone() * &uv;
                if det <= self.flat.clone() * &uu * &vv {
                    return None;
                }
                let den = two * det;
                let s = vv.clone() * (uu.clone() - &uv) / den.clone();
                let t = uu * (vv - &uv) / den;
                let x: [W; 3] = core::array::from_fn(|k| s.clone() * &u[k] + t.clone() * &v[k]);
                let r2 = dot(&x, &x);
                Some(Ball {
                    c: core::array::from_fn(|k| a[k].clone() + &x[k]),
                    r2,
                })
            }
            _ => {
                let u = sub(&self.p[r[1]], a);
                let v = sub(&self.p[r[2]], a);
                let w = sub(&self.p[r[3]], a);
                let vw = cross(&v, &w);
                let det = dot(&u, &vw);
                let (uu, vv, ww) = (dot(&u, &u), dot(&v, &v), dot(&w, &w));
                if det.clone() * &det <= self.flat.clone() * &uu * &vv * &ww {
                    return None;
                }
                let wu = cross(&w, &u);
                let uv = cross(&u, &v);
                let den = two * det;
                let x: [W; 3] = core::array::from_fn(|k| {
                    (uu.clone() * &vw[k] + vv.clone() * &wu[k] + ww.clone() * &uv[k]) / den.clone()
                });
                let r2 = dot(&x, &x);
                Some(Ball {
                    c: core::array::from_fn(|k| a[k].clone() + &x[k]),
                    r2,
                })
            }
        }
    }

    /// The ball with `r` on its boundary; for a degenerate `r` (which exact arithmetic
    /// never produces, see proofs/bounding_volumes.md), the smallest ball of a subset of
    /// `r` that contains all of `r`.
    fn ball(&self, r: &[usize]) -> Ball<W> {
        if r.is_empty() {
            return Ball {
                c: self.p[0].clone(),
                r2: -W::one(),
            };
        }
        if let Some(b) = self.circum(r) {
            return b;
        }
        let n = r.len();
        let mut best: Option<Ball<W>> = None;
        for mask in 1u32..(1 << n) - 1 {
            let sub: Vec<usize> = (0..n)
                .filter(|j| mask & (1 << j) != 0)
                .map(|j| r[j])
                .collect();
            if let Some(b) = self.circum(&sub)
                && r.iter().all(|&i| self.inside(&b, i))
                && best.as_ref().is_none_or(|x| b.r2 < x.r2)
            {
                best = Some(b);
            }
        }
        best.unwrap_or_else(|| {
            // Floats only: the farthest pair, radius widened to reach every support point.
            let mut b = self.circum(&r[..1]).unwrap_or(Ball {
                c: self.p[r[0]].clone(),
                r2: W::zero(),
            });
            for &i in r {
                let d = sub(&self.p[i], &b.c);
                let d2 = dot(&d, &d);
                if d2 > b.r2 {
                    b.r2 = d2;
                }
            }
            b
        })
    }

    /// Gärtner's move-to-front form of Welzl's algorithm: the smallest ball containing
    /// `order[..end]` with `r` on its boundary. Recursion depth at most 4.
    fn mtf(&self, order: &mut [usize], end: usize, r: &mut Vec<usize>) -> Ball<W> {
        let mut b = self.ball(r);
        if r.len() == 4 {
            return b;
        }
        for i in 0..end {
            let pi = order[i];
            if !self.inside(&b, pi) {
                r.push(pi);
                b = self.mtf(order, i, r);
                r.pop();
                order[..=i].rotate_right(1);
            }
        }
        b
    }
}

/// A deterministic shuffle (SplitMix64 seeded by the length), for the expected linear
/// running time.
fn shuffled(n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    let mut s = 0x9E37_79B9_7F4A_7C15u64 ^ n as u64;
    for i in (1..n).rev() {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        v.swap(i, (z % (i as u64 + 1)) as usize);
    }
    v
}

fn welzl_core<W: Scalar>(p: &[[W; 3]], slack: W, flat: W) -> Ball<W> {
    let mut order = shuffled(p.len());
    let w = Welzl { p, slack, flat };
    let n = order.len();
    w.mtf(&mut order, n, &mut Vec::with_capacity(4))
}

/// The exact minimal enclosing sphere of the points, for any scalar type: its centre and
/// **squared** radius as exact rationals (Welzl's algorithm, move-to-front form, run in
/// rational arithmetic on the exact values of the inputs).
///
/// The minimal sphere is unique; its centre is the circumcentre, in their affine hull, of
/// at most four of the points, so it is rational. Slow for floats (every operation is on
/// big rationals): a reference for tests and for measuring [`sphere_welzl`]'s rounding.
///
/// `None` for no points or a NaN or infinite coordinate ([`try_min_sphere_exact`] says which).
///
/// # Examples
///
/// ```
/// use isect::bv::min_sphere_exact;
/// use num_rational::BigRational;
/// let (c, r2) = min_sphere_exact(&[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]).unwrap();
/// let half = BigRational::new(1.into(), 2.into());
/// assert_eq!(c, [half.clone(), half.clone(), BigRational::from_integer(0.into())]);
/// assert_eq!(r2, half);
/// ```
pub fn min_sphere_exact<T: Scalar>(points: &[[T; 3]]) -> Option<([BigRational; 3], BigRational)> {
    try_min_sphere_exact(points).ok()
}

/// [`min_sphere_exact`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::try_min_sphere_exact;
/// use isect::InputError;
/// assert_eq!(try_min_sphere_exact::<f64>(&[]), Err(InputError::Empty { argument: 0 }));
/// ```
pub fn try_min_sphere_exact<T: Scalar>(
    points: &[[T; 3]],
) -> Result<([BigRational; 3], BigRational), InputError> {
    check_points(0, points)?;
    Ok(min_sphere_exact_of(points))
}

/// [`min_sphere_exact`] of a non-empty list of finite points.
fn min_sphere_exact_of<T: Scalar>(points: &[[T; 3]]) -> ([BigRational; 3], BigRational) {
    let q: Vec<[BigRational; 3]> = points
        .iter()
        .map(|p| core::array::from_fn(|k| p[k].to_rational().unwrap_or_default()))
        .collect();
    let b = welzl_core(&q, BigRational::default(), BigRational::default());
    // r² as the largest squared distance (equal to the ball's own r² when the algorithm
    // is right, and containing every point even if it were not).
    let mut r2 = BigRational::default();
    for p in &q {
        let d = sub(p, &b.c);
        let d2 = dot(&d, &d);
        if d2 > r2 {
            r2 = d2;
        }
    }
    (b.c, r2)
}

/// Welzl's minimal enclosing sphere (Welzl, "Smallest enclosing disks (balls and
/// ellipsoids)", 1991; the move-to-front form of Gärtner, "Fast and robust smallest
/// enclosing balls", 1999), in expected linear time (the points are visited in a fixed
/// pseudo-random order).
///
/// * Rationals: **exact** — the centre is the exact centre of the minimal sphere (the
///   circumcentre of at most four support points, solved exactly) and the radius is
///   [`sqrt_up`] of its exact squared radius: exactly the minimal radius
///   when that is rational, else larger by at most a relative `2⁻⁶⁴`.
/// * Floats: the algorithm runs in `f64` (in a translated, power-of-two-scaled frame),
///   the centre is rounded to `T`, and the radius is certified as in
///   [`sphere_aabb_center`]: the sphere **always contains every point** (checked exactly),
///   and its radius exceeds the minimal one `r*` essentially by the centre's rounding:
///   the tests assert `r* ≤ r ≤ r*·(1 + 10⁻⁹) + 4·ulp(max(|c|, r))` for `f64` and the
///   same with `10⁻⁶` for `f32`, on cospherical, coplanar, far-from-origin (`1e6`),
///   `2^±1000`-scaled and subnormal sets. (Not a proven bound: the `f64` algorithm's own
///   rounding is not analysed; containment, which is proven, does not depend on it.)
///   A radius beyond the type's range is `+∞`.
///
/// `None` for no points or a NaN or infinite coordinate ([`try_sphere_welzl`] says which).
///
/// # Examples
///
/// ```
/// use isect::bv::sphere_welzl;
/// use num_rational::BigRational;
/// let q = |x: i64| BigRational::from_integer(x.into());
/// // The vertices of a cube of side 2: minimal radius √3, not rational.
/// let cube: Vec<[BigRational; 3]> = (0..8)
///     .map(|i| [q(2 * (i & 1)), q(i & 2), q((i & 4) / 2)])
///     .collect();
/// let s = sphere_welzl(&cube).unwrap();
/// assert_eq!(s.center, [q(1), q(1), q(1)]);
/// assert!(&s.radius * &s.radius >= q(3));
/// assert!(cube.iter().all(|p| s.contains_point(p)));
/// ```
pub fn sphere_welzl<T: Scalar>(points: &[[T; 3]]) -> Option<Sphere<T>> {
    try_sphere_welzl(points).ok()
}

/// [`sphere_welzl`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::try_sphere_welzl;
/// use isect::InputError;
/// let err = try_sphere_welzl(&[[0.0_f32; 3], [1.0, f32::INFINITY, 0.0]]).unwrap_err();
/// assert!(matches!(err, InputError::NonFinite { index: Some(1), axis: Some(1), .. }));
/// ```
pub fn try_sphere_welzl<T: Scalar>(points: &[[T; 3]]) -> Result<Sphere<T>, InputError> {
    check_points(0, points)?;
    Ok(sphere_welzl_of(points))
}

/// [`sphere_welzl`] of a non-empty list of finite points.
fn sphere_welzl_of<T: Scalar>(points: &[[T; 3]]) -> Sphere<T> {
    if T::FLOAT.is_none() {
        let b = welzl_core(points, T::zero(), T::zero());
        let radius = radius_for(&b.c, points);
        return Sphere::new(b.c, radius);
    }
    let frame = Frame::new(points);
    let local: Vec<[f64; 3]> = points.iter().map(|p| frame.to_local(p)).collect();
    let b = welzl_core(&local, 2f64.powi(-40), 2f64.powi(-40));
    let w = frame.to_world(&b.c);
    if !w.iter().all(|x| x.is_finite()) {
        return sphere_aabb_center_of(points);
    }
    let center: [T; 3] = core::array::from_fn(|k| scalar_of(w[k]));
    let radius = radius_for(&center, points);
    Sphere::new(center, radius)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `f64` filter never accepts a point the exact test rejects: points exactly on
    /// spheres through Pythagorean quadruples and one ulp around them, far from the origin
    /// and at tiny and huge scales.
    #[test]
    fn sphere_filter_is_sound() {
        let mut accepted = 0;
        for scale in [1.0, 1e-140, 1e140, 2f64.powi(-30)] {
            for off in [0.0, 1e6, -3.5e9] {
                let c = [off, 2.0 * off, -off];
                // 2² + 3² + 6² = 7².
                let r = 7.0 * scale;
                let r2lo = r2_lower(&r);
                let cf = c;
                for d in [
                    [2.0, 3.0, 6.0],
                    [6.0, -2.0, 3.0],
                    [1.0, 1.0, 1.0],
                    [0.0, 0.0, 7.0],
                ] {
                    for bump in [-1i32, 0, 1] {
                        let mut p: [f64; 3] = core::array::from_fn(|k| c[k] + d[k] * scale);
                        p[2] = match bump {
                            -1 => p[2].next_down(),
                            1 => p[2].next_up(),
                            _ => p[2],
                        };
                        if inside_f64(&cf, &p, r2lo) {
                            accepted += 1;
                            assert!(Sphere::new(c, r).contains_point(&p), "{c:?} {r} {p:?}");
                        }
                    }
                }
            }
        }
        assert!(
            accepted >= 12,
            "the filter should accept clear interior points ({accepted})"
        );
    }
}
