//! The Woop–Benthin–Wald watertight ray/triangle test ([`ray_triangle_woop`]), with an
//! exact cold path for the edge functions that round to zero or overflow.

use super::RayHit;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::vec3::sub;
use crate::{FloatScalar, InputError, Ray, Scalar, Sign, Triangle, Validate};

/// The Woop–Benthin–Wald watertight ray/triangle test (Woop, Benthin & Wald, "Watertight
/// Ray/Triangle Intersection", JCGT 2013), as published, in `f32` or `f64`.
///
/// The ray is sheared so that it runs along the dominant axis of its direction, the
/// vertices are transformed the same way (rounded), and the three 2D edge functions are
/// evaluated; an edge function that comes out exactly zero is recomputed in higher
/// precision. The ray hits when the three have one sign (zeros allowed), their sum is
/// non-zero and `t ≥ 0`; no backface culling. `t` and the weights are rounded and
/// `t_error` is `NaN` (not computed).
///
/// The test is *watertight*: a ray through a shared edge or vertex never passes between
/// the triangles. What makes it so is that each edge's sign is a function of the edge
/// alone: here it is always the exact sign of the 2D orientation of the two rounded,
/// sheared vertices (a non-zero finite float edge function has that sign, rounding being
/// monotone), and where the float value is zero or overflows, or the `t` test overflows,
/// a cold path decides the signs exactly in `f64` instead of the paper's higher-precision
/// retry (which is not exact under underflow and gives NaN on overflow, letting a ray
/// leak). It is not exactly-once: the same crossing is often reported by two or more
/// triangles, which breaks parity counting; use [`ray_triangle`](fn@super::ray_triangle)
/// for that.
///
/// Range: watertight for every finite input whose sheared vertices are finite, which
/// holds when each coordinate of `vertex − origin` is below `2^1021` in magnitude for
/// `f64` (`2^125` for `f32`). Watertight means the *line* of the ray: the test sees the
/// mesh through its rounded translated vertices, so a ray whose origin lies within that
/// rounding (about `2^-50` of `|vertex − origin|`) of a triangle's plane may find the
/// crossing on the wrong side of the origin: from inside a closed mesh by less than that,
/// it can report no hit. A triangle with a sheared vertex beyond the type's range is
/// reported as a miss. `t` is rounded to the type and is `+∞` when the exact `t`
/// exceeds its range. NaN or infinite input, or a zero direction: `None`
/// ([`try_ray_triangle_woop`] reports them).
///
/// # Examples
///
/// ```
/// use isect::ray::ray_triangle_woop;
/// use isect::{Ray, Triangle};
/// let (p, q) = ([0.0_f32, 0.0, 0.0], [1.0, 1.0, 0.0]);
/// let left = Triangle::new(p, q, [0.0, 1.0, 0.0]);
/// let right = Triangle::new(q, p, [1.0, 0.0, 0.0]);
/// let ray = Ray::new([0.5, 0.5, 1.0], [0.0, 0.0, -1.0]);
/// // Both triangles claim the shared edge: watertight, but counted twice.
/// assert!(ray_triangle_woop(&ray, &left).is_some() && ray_triangle_woop(&ray, &right).is_some());
/// ```
pub fn ray_triangle_woop<T: FloatScalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<RayHit<T>> {
    // NaN or infinite input: no hit, whatever the arithmetic below would make of it (an
    // infinite direction gives a finite shear and a hit at t = 0).
    if !super::all_finite([&ray.origin, &ray.direction, &tri.a, &tri.b, &tri.c]) {
        return None;
    }
    let (o, d) = (ray.origin, ray.direction);
    let zero = T::zero();
    let abs = |x: T| if x < zero { zero - x } else { x };
    let kz = if abs(d[0]) >= abs(d[1]) && abs(d[0]) >= abs(d[2]) {
        0
    } else if abs(d[1]) >= abs(d[2]) {
        1
    } else {
        2
    };
    let mut kx = (kz + 1) % 3;
    let mut ky = (kx + 1) % 3;
    if d[kz] < zero {
        core::mem::swap(&mut kx, &mut ky);
    }
    if !(d[kz] != zero) {
        return None;
    }
    let sx = d[kx] / d[kz];
    let sy = d[ky] / d[kz];
    let sz = T::one() / d[kz];
    let (a, b, c) = (sub(&tri.a, &o), sub(&tri.b, &o), sub(&tri.c, &o));
    let shear = |p: &[T; 3]| (p[kx] - sx * p[kz], p[ky] - sy * p[kz]);
    let finite = |x: T| Scalar::is_finite(&x);
    let (ax, ay) = shear(&a);
    let (bx, by) = shear(&b);
    let (cx, cy) = shear(&c);
    let u = cx * by - cy * bx;
    let v = ax * cy - ay * cx;
    let w = bx * ay - by * ax;
    let sheared = [[ax, ay, a[kz]], [bx, by, b[kz]], [cx, cy, c[kz]]];
    // Zero (maybe rounded to zero) or non-finite (overflow): signs decided exactly.
    if !(u != zero && v != zero && w != zero && finite(u) && finite(v) && finite(w)) {
        return woop_exact(&sheared, d[kz]);
    }
    if (u < zero || v < zero || w < zero) && (u > zero || v > zero || w > zero) {
        return None;
    }
    let det = u + v + w;
    let (az, bz, cz) = (sz * a[kz], sz * b[kz], sz * c[kz]);
    let t_scaled = u * az + v * bz + w * cz;
    if !(finite(det) && finite(t_scaled)) {
        return woop_exact(&sheared, d[kz]);
    }
    // t = t_scaled / det must be ≥ 0 (det is non-zero: three non-zero terms of one sign).
    if (det > zero && t_scaled < zero) || (det < zero && t_scaled > zero) {
        return None;
    }
    let inv = T::one() / det;
    Some(RayHit {
        t: t_scaled * inv,
        barycentric: [u * inv, v * inv, w * inv],
        front: det < zero,
        t_error: f64::NAN,
    })
}

/// The 2D edge function `p × q` (`p.x·q.y − p.y·q.x`) of two sheared vertices.
struct WoopEdge([f64; 4]);
impl Polynomial<f64> for WoopEdge {
    fn eval<R: Ring>(&self, lift: &impl Fn(&f64) -> R) -> R {
        let [px, py, qx, qy] = self.0.each_ref().map(lift);
        px * qy - py * qx
    }
}

/// `U·a_z + V·b_z + W·c_z` with the exact edge functions `U = c × b`, `V = a × c`,
/// `W = b × a`: the numerator of `t` (its denominator is `(U + V + W)·d_z`).
struct WoopT([[f64; 3]; 3]);
impl Polynomial<f64> for WoopT {
    fn eval<R: Ring>(&self, lift: &impl Fn(&f64) -> R) -> R {
        let [a, b, c] = self.0.each_ref().map(|p| p.each_ref().map(lift));
        let cross =
            |p: &[R; 3], q: &[R; 3]| p[0].clone() * q[1].clone() - p[1].clone() * q[0].clone();
        cross(&c, &b) * a[2].clone() + cross(&a, &c) * b[2].clone() + cross(&b, &a) * c[2].clone()
    }
}

/// The Woop test's decisions made exactly, on the rounded sheared vertices `[x, y, z]`
/// (`z` the coordinate along the dominant axis relative to the origin, not yet divided
/// by that axis' direction component `dz`): the path for edge functions that round to
/// zero or overflow. Each edge sign is the exact sign of the same 2D orientation the fast path
/// rounds, so both paths agree on every shared edge; the values are then computed on
/// copies scaled by a power of two so that they cannot overflow.
#[cold]
#[inline(never)]
fn woop_exact<T: FloatScalar>(v: &[[T; 3]; 3], dz: T) -> Option<RayHit<T>> {
    let p: [[f64; 3]; 3] = v.map(|q| q.map(T::widen));
    let dz = dz.widen();
    if p.iter().flatten().any(|x| !x.is_finite()) {
        return None; // a sheared vertex beyond the type's range (documented)
    }
    let [a, b, c] = p;
    let sign = |p: &[f64; 3], q: &[f64; 3]| polynomial_sign(&WoopEdge([p[0], p[1], q[0], q[1]]));
    let s = [sign(&c, &b), sign(&a, &c), sign(&b, &a)];
    let any = |x: Sign| s.contains(&x);
    if any(Sign::Negative) && any(Sign::Positive) {
        return None;
    }
    // One common sign, or all zero (degenerate in projection: no hit).
    let det_sign = if any(Sign::Positive) {
        Sign::Positive
    } else if any(Sign::Negative) {
        Sign::Negative
    } else {
        return None;
    };
    // t = numerator / (det · dz) ≥ 0.
    let t_sign = polynomial_sign(&WoopT(p));
    let det_dz = if (dz < 0.0) == (det_sign == Sign::Negative) {
        Sign::Positive
    } else {
        Sign::Negative
    };
    if t_sign != Sign::Zero && t_sign != det_dz {
        return None;
    }
    // Values, on copies scaled by powers of two: the 2D coordinates so that the largest
    // is in [1, 2) (products cannot overflow; tiny ones may lose bits, the signs are
    // already decided), the edge functions compensated, and a value whose sign came out
    // against the exact sign replaced by zero; the `z` values likewise, the scale put
    // back at the end (an exact `t` beyond the range gives +∞).
    use crate::scalar::{exponent, ldexp};
    let max_abs = |xs: &mut dyn Iterator<Item = f64>| xs.map(f64::abs).fold(0.0_f64, f64::max);
    let kxy = exponent(max_abs(&mut p.iter().flat_map(|q| [q[0], q[1]])));
    let kz = exponent(max_abs(&mut p.iter().map(|q| q[2])));
    let [[ax, ay, az], [bx, by, bz], [cx, cy, cz]] =
        p.map(|q| [ldexp(q[0], -kxy), ldexp(q[1], -kxy), ldexp(q[2], -kz)]);
    let edge = |px: f64, py: f64, qx: f64, qy: f64, s: Sign| {
        let (m, me) = crate::predicates::two_product(px, qy);
        let (n, ne) = crate::predicates::two_product(py, qx);
        let e = (m - n) + (me - ne);
        if Sign::of(e) == s { e } else { 0.0 }
    };
    let mut uvw = [
        edge(cx, cy, bx, by, s[0]),
        edge(ax, ay, cx, cy, s[1]),
        edge(bx, by, ax, ay, s[2]),
    ];
    if uvw.iter().all(|&x| x == 0.0) {
        // Every value lost to underflow (coordinates spanning more than the exponent
        // range): weigh the vertices whose edge function is non-zero equally.
        uvw = s.map(|x| match x {
            Sign::Positive => 1.0,
            Sign::Negative => -1.0,
            Sign::Zero => 0.0,
        });
    }
    let det = uvw[0] + uvw[1] + uvw[2];
    let bary = uvw.map(|x| x / det);
    let kd = exponent(dz);
    let t = ldexp(
        ((bary[0] * az + bary[1] * bz + bary[2] * cz) / ldexp(dz, -kd)).max(0.0),
        kz - kd,
    );
    Some(RayHit {
        t: T::narrow(t),
        barycentric: bary.map(T::narrow),
        front: det_sign == Sign::Negative,
        t_error: f64::NAN,
    })
}

/// [`ray_triangle_woop`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0) or
/// of a vertex (argument 1), [`InputError::ZeroDirection`] for a zero direction.
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_triangle_woop;
/// use isect::{InputError, Ray, Triangle};
/// let tri = Triangle::new([0.0_f32, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let ray = Ray::new([0.25, 0.25, 1.0], [0.0, 0.0, -1.0]);
/// assert_eq!(try_ray_triangle_woop(&ray, &tri).unwrap().unwrap().t, 1.0);
/// let stuck = Ray::new([0.25, 0.25, 1.0], [0.0; 3]);
/// assert_eq!(try_ray_triangle_woop(&stuck, &tri), Err(InputError::ZeroDirection { argument: 0 }));
/// ```
pub fn try_ray_triangle_woop<T: FloatScalar>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Result<Option<RayHit<T>>, InputError> {
    ray.validate(0)?;
    tri.validate(1)?;
    Ok(ray_triangle_woop(ray, tri))
}
