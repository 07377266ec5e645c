//! Oriented bounding boxes: Gottschalk's PCA of the hull and Larsson–Källberg's
//! extremal-points method (DiTO).

use alloc::vec::Vec;
#[cfg(not(feature = "std"))]
use num_traits::Float;

use num_rational::BigRational;

use super::convex_hull::{Hull, hull_of};
use super::{Frame, Measure, check_points, grow, scalar_of};
use crate::vec3::{cross, det3, dot, sub};
use crate::{Aabb, FloatFormat, InputError, Obb, Scalar};

type V3 = [f64; 3];
fn normalize(a: &V3) -> Option<V3> {
    let m = a.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if m == 0.0 || !m.is_finite() {
        return None;
    }
    let s = [a[0] / m, a[1] / m, a[2] / m];
    let l = dot(&s, &s).sqrt();
    Some([s[0] / l, s[1] / l, s[2] / l])
}

const IDENTITY: [V3; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

/// An orthonormal frame whose first axis is `u` (identity if `u` is zero).
fn frame_from(u: &V3) -> [V3; 3] {
    let Some(u) = normalize(u) else {
        return IDENTITY;
    };
    let k = (0..3)
        .min_by(|&a, &b| u[a].abs().total_cmp(&u[b].abs()))
        .unwrap_or(0);
    let v = normalize(&cross(&u, &IDENTITY[k])).unwrap_or(IDENTITY[(k + 1) % 3]);
    [u, v, cross(&u, &v)]
}

/// An orthonormal frame `(e, n × e, n)` from a plane normal `n` and an in-plane `e`.
fn frame_from2(e: &V3, n: &V3) -> Option<[V3; 3]> {
    let e = normalize(e)?;
    let n = normalize(n)?;
    // Re-orthogonalise (n ⊥ e only up to rounding) and refuse a near-parallel pair.
    let d = dot(&n, &e);
    if d.abs() > 0.5 {
        return None;
    }
    let n = normalize(&[n[0] - d * e[0], n[1] - d * e[1], n[2] - d * e[2]])?;
    let m = normalize(&cross(&n, &e))?;
    Some([e, m, n])
}

/// Eigenvectors of a symmetric 3×3 matrix by cyclic Jacobi rotations (as the rows of the
/// result; orthonormal up to rounding).
#[allow(clippy::needless_range_loop)]
fn eigenvectors(mut a: [V3; 3]) -> [V3; 3] {
    let mut v = IDENTITY;
    for _ in 0..32 {
        let off = a[0][1].abs() + a[0][2].abs() + a[1][2].abs();
        let diag = a[0][0].abs() + a[1][1].abs() + a[2][2].abs();
        if off <= diag * 1e-18 || off == 0.0 {
            break;
        }
        for (p, q) in [(0, 1), (0, 2), (1, 2)] {
            if a[p][q] == 0.0 {
                continue;
            }
            let theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
            let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
            let t = if theta == 0.0 { 1.0 } else { t };
            let c = 1.0 / (t * t + 1.0).sqrt();
            let s = t * c;
            // A ← Jᵀ A J, with J the rotation in the (p, q) plane.
            for k in 0..3 {
                let (akp, akq) = (a[k][p], a[k][q]);
                a[k][p] = c * akp - s * akq;
                a[k][q] = s * akp + c * akq;
            }
            for k in 0..3 {
                let (apk, aqk) = (a[p][k], a[q][k]);
                a[p][k] = c * apk - s * aqk;
                a[q][k] = s * apk + c * aqk;
            }
            for row in v.iter_mut() {
                let (vp, vq) = (row[p], row[q]);
                row[p] = c * vp - s * vq;
                row[q] = s * vp + c * vq;
            }
        }
    }
    // Columns of v are the eigenvectors.
    let cols: [V3; 3] = core::array::from_fn(|j| [v[0][j], v[1][j], v[2][j]]);
    match (normalize(&cols[0]), normalize(&cols[1])) {
        (Some(x), Some(y)) if cols.iter().all(|c| c.iter().all(|t| t.is_finite())) => {
            match normalize(&cross(&x, &y)) {
                Some(z) => [x, y, z],
                None => IDENTITY,
            }
        }
        _ => IDENTITY,
    }
}

/// `det` and inverse (rows) of the matrix whose columns are `a[0], a[1], a[2]`.
fn inverse_cols(a: &[V3; 3]) -> Option<[V3; 3]> {
    let d = det3(&a[0], &a[1], &a[2]);
    if d == 0.0 || !d.is_finite() {
        return None;
    }
    let r0 = cross(&a[1], &a[2]);
    let r1 = cross(&a[2], &a[0]);
    let r2 = cross(&a[0], &a[1]);
    Some([
        [r0[0] / d, r0[1] / d, r0[2] / d],
        [r1[0] / d, r1[1] / d, r1[2] / d],
        [r2[0] / d, r2[1] / d, r2[2] / d],
    ])
}

/// The box with the given axes (rounded to `T`) that contains every point, certified:
/// for rationals the exact tightest box of those axes (coordinates by Cramer's rule in
/// exact arithmetic); for floats coordinates in `f64`, sizes rounded outward, and then
/// every point checked with the exact [`Obb::contains_point`], the half extents grown
/// until all pass.
pub(crate) fn fit_box<T: Scalar>(points: &[[T; 3]], axes: &[V3; 3]) -> Obb<T> {
    let ax: [[T; 3]; 3] = core::array::from_fn(|i| core::array::from_fn(|k| scalar_of(axes[i][k])));
    if T::FLOAT.is_none() {
        if let Some(b) = fit_box_exact(points, &ax) {
            return b;
        }
        return fit_box_exact(
            points,
            &core::array::from_fn(|i| core::array::from_fn(|k| scalar_of(IDENTITY[i][k]))),
        )
        .expect("identity axes are independent");
    }
    let axf: [V3; 3] = core::array::from_fn(|i| core::array::from_fn(|k| ax[i][k].to_f64()));
    // Badly conditioned frames (never from exact arithmetic, possible from rounding on
    // extreme inputs) are replaced by the coordinate axes.
    let conditioned = det3(&axf[0], &axf[1], &axf[2]).abs() > 0.5;
    let (axf, ax) = match inverse_cols(&axf) {
        Some(_) if conditioned => (axf, ax),
        _ => (
            IDENTITY,
            core::array::from_fn(|i| core::array::from_fn(|k| scalar_of(IDENTITY[i][k]))),
        ),
    };
    let inv = inverse_cols(&axf).unwrap_or(IDENTITY);
    let frame = Frame::new(points);
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in points {
        let q = frame.to_local(p);
        for i in 0..3 {
            let s = dot(&inv[i], &q);
            lo[i] = lo[i].min(s);
            hi[i] = hi[i].max(s);
        }
    }
    let mid: V3 = core::array::from_fn(|i| 0.5 * (lo[i] + hi[i]));
    let c_local: V3 = core::array::from_fn(|k| (0..3).map(|i| mid[i] * axf[i][k]).sum());
    // The centre, kept within the points' bounding box (rounding near the top of the
    // range could otherwise carry it past the largest finite value).
    let mut cw = frame.to_world(&c_local);
    for k in 0..3 {
        let (mn, mx) = points
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
                let x = p[k].to_f64();
                (a.min(x), b.max(x))
            });
        cw[k] = if cw[k].is_nan() {
            0.5 * mn + 0.5 * mx
        } else {
            cw[k].clamp(mn, mx)
        };
    }
    let center: [T; 3] = core::array::from_fn(|k| scalar_of(cw[k]));
    // Sets spanning nearly the whole range of T: lengthen the axes by a power of two
    // (exact) so that the half extents, in units of the axes, stay far from overflow.
    let unit = frame.unit();
    let top = if T::FLOAT == Some(FloatFormat::F32) {
        2f64.powi(116)
    } else {
        2f64.powi(1012)
    };
    let hl = (0..3).map(|i| 0.5 * (hi[i] - lo[i])).fold(0.0f64, f64::max);
    let world = hl * unit;
    let (ax, scale) = if hl > 0.0 && (world.is_nan() || world >= top) {
        // σ = 2^k with k = ⌊log₂ hl⌋ + log₂ unit − 4: half extents near 16 in units of σ·aᵢ.
        let kmax = if top < 1e100 { 124 } else { 1020 };
        let k = (hl.log2().floor() as i32 + unit.log2().round() as i32 - 4).min(kmax);
        let sigma = 2f64.powi(k);
        let ax: [[T; 3]; 3] =
            core::array::from_fn(|i| core::array::from_fn(|k| scalar_of(axf[i][k] * sigma)));
        (ax, unit / sigma)
    } else {
        (ax, unit)
    };
    let hmax = (0..3)
        .map(|i| 0.5 * (hi[i] - lo[i]) * scale)
        .fold(0.0f64, f64::max);
    let cmax = if scale == unit {
        cw.iter().fold(0.0f64, |m, x| m.max(x.abs()))
    } else {
        0.0
    };
    let floor0 = hmax * 2f64.powi(-50) + cmax * 2f64.powi(-50) + f64::from_bits(1);
    let half: [T; 3] = core::array::from_fn(|i| {
        let h = 0.5 * (hi[i] - lo[i]) * scale;
        Scalar::next_up(&scalar_of::<T>(
            h * (1.0 + 2f64.powi(-46)) + floor0 * 2f64.powi(-4),
        ))
    });
    let mut b = Obb::new(center, ax, half);
    certify(&mut b, points, floor0);
    b
}

/// The tightest box of the given (rational) axes, exactly: coordinates `sᵢ = Dᵢ/D` by
/// Cramer's rule. `None` if the axes are dependent.
fn fit_box_exact<T: Scalar>(points: &[[T; 3]], ax: &[[T; 3]; 3]) -> Option<Obb<T>> {
    let q = |x: &T| x.to_rational().unwrap_or_default();
    let a: [[BigRational; 3]; 3] = core::array::from_fn(|i| core::array::from_fn(|k| q(&ax[i][k])));
    let det = |c: &[[BigRational; 3]; 3]| det3(&c[0], &c[1], &c[2]);
    let d = det(&a);
    if d == BigRational::default() {
        return None;
    }
    let mut lo: [Option<BigRational>; 3] = [None, None, None];
    let mut hi: [Option<BigRational>; 3] = [None, None, None];
    for p in points {
        let pq: [BigRational; 3] = core::array::from_fn(|k| q(&p[k]));
        for i in 0..3 {
            let mut cols = a.clone();
            cols[i] = pq.clone();
            let s = det(&cols) / &d;
            if lo[i].as_ref().is_none_or(|l| s < *l) {
                lo[i] = Some(s.clone());
            }
            if hi[i].as_ref().is_none_or(|h| s > *h) {
                hi[i] = Some(s);
            }
        }
    }
    let two = BigRational::from_integer(2.into());
    let mid: [BigRational; 3] = core::array::from_fn(|i| {
        (lo[i].clone().unwrap_or_default() + hi[i].clone().unwrap_or_default()) / &two
    });
    let half: [BigRational; 3] = core::array::from_fn(|i| {
        (hi[i].clone().unwrap_or_default() - lo[i].clone().unwrap_or_default()) / &two
    });
    let center: [BigRational; 3] = core::array::from_fn(|k| {
        (0..3).fold(BigRational::default(), |acc, i| acc + &mid[i] * &a[i][k])
    });
    Some(Obb::new(
        core::array::from_fn(|k| T::from_rational(&center[k])),
        ax.clone(),
        core::array::from_fn(|i| T::from_rational(&half[i])),
    ))
}

/// The PCA frame of Gottschalk, Lin and Manocha ("OBBTree", 1996; RTR 22.3): the
/// eigenvectors of the covariance of the hull's surface, taken as a uniform area
/// distribution over its triangles.
fn pca_axes(local: &[V3], hull: &Hull) -> [V3; 3] {
    let tris: Vec<[usize; 3]> = match hull {
        Hull::Point(_) => return IDENTITY,
        Hull::Segment([a, b]) => return frame_from(&sub(&local[*b], &local[*a])),
        Hull::Polygon(v) => (1..v.len().saturating_sub(1))
            .map(|i| [v[0], v[i], v[i + 1]])
            .collect(),
        Hull::Polyhedron(f) => f.clone(),
    };
    let mut area = 0.0;
    let mut mu = [0.0; 3];
    let mut c = [[0.0; 3]; 3];
    for t in &tris {
        let [p, q, r] = [local[t[0]], local[t[1]], local[t[2]]];
        let n = cross(&sub(&q, &p), &sub(&r, &p));
        let a = 0.5 * dot(&n, &n).sqrt();
        let m: V3 = core::array::from_fn(|k| (p[k] + q[k] + r[k]) / 3.0);
        area += a;
        for i in 0..3 {
            mu[i] += a * m[i];
            for j in 0..3 {
                c[i][j] += a / 12.0 * (9.0 * m[i] * m[j] + p[i] * p[j] + q[i] * q[j] + r[i] * r[j]);
            }
        }
    }
    if area.is_nan() || area <= 0.0 || area.is_infinite() {
        return IDENTITY;
    }
    let mu: V3 = core::array::from_fn(|k| mu[k] / area);
    let cov: [V3; 3] =
        core::array::from_fn(|i| core::array::from_fn(|j| c[i][j] / area - mu[i] * mu[j]));
    eigenvectors(cov)
}

/// Gottschalk's OBB: the axes are the principal axes of the convex hull's surface
/// (covariance of the area-weighted triangles of [`convex_hull`](fn@super::convex_hull), so interior and
/// clustered points do not bias it), computed in `f64`; the box is the tightest one along
/// those axes that contains every point.
///
/// The axes are unit vectors rounded to `T` and kept **as rounded** (the box is the exact
/// parallelepiped of its axes, [`Obb`]; for sets whose extent nears the top of `T`'s range
/// the axes are lengthened by a power of two so the half extents cannot overflow); the centre and half extents are exact for
/// rationals (coordinates by Cramer's rule), and for floats rounded outward and then
/// certified by the exact [`Obb::contains_point`] on every point (half extents grown until
/// all pass). So the box always contains every point. Degenerate inputs: coplanar points
/// give a box with one half extent (near) zero, collinear points two, a single point the
/// identity axes with zero extents.
///
/// `None` for no points or a NaN or infinite coordinate ([`try_obb_pca`] says which).
///
/// # Examples
///
/// ```
/// use isect::bv::obb_pca;
/// // A long thin box along (1, 1, 0).
/// let pts: Vec<[f64; 3]> = (0..20).flat_map(|i| {
///     let t = i as f64;
///     [[t, t, 0.0], [t + 0.1, t - 0.1, 0.0], [t, t, 0.1]]
/// }).collect();
/// let b = obb_pca(&pts).unwrap();
/// assert!(pts.iter().all(|p| b.contains_point(p)));
/// assert!(b.axes[0][0].abs() > 0.7 && b.axes[0][1].abs() > 0.7);
/// ```
pub fn obb_pca<T: Scalar>(points: &[[T; 3]]) -> Option<Obb<T>> {
    try_obb_pca(points).ok()
}

/// [`obb_pca`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::try_obb_pca;
/// use isect::InputError;
/// assert_eq!(try_obb_pca::<f64>(&[]), Err(InputError::Empty { argument: 0 }));
/// ```
pub fn try_obb_pca<T: Scalar>(points: &[[T; 3]]) -> Result<Obb<T>, InputError> {
    check_points(0, points)?;
    Ok(obb_pca_of(points))
}

/// [`obb_pca`] of a non-empty list of finite points.
fn obb_pca_of<T: Scalar>(points: &[[T; 3]]) -> Obb<T> {
    let hull = hull_of(points);
    let frame = Frame::new(points);
    let local: Vec<V3> = points.iter().map(|p| frame.to_local(p)).collect();
    let axes = pca_axes(&local, &hull);
    let used = hull.vertices();
    let hull_points: Vec<[T; 3]> = used.iter().map(|&i| points[i].clone()).collect();
    // The hull's vertices bound every point: fitting them is enough, and the check below
    // on all points keeps the guarantee unconditional.
    let mut b = fit_box(&hull_points, &axes);
    let hmax = b
        .half_extents
        .iter()
        .fold(0.0f64, |m, h| m.max(h.to_f64().abs()));
    certify(&mut b, points, hmax * 2f64.powi(-50) + f64::from_bits(1));
    b
}

/// Grows `b`'s half extents until it contains every point exactly (no-op when it does):
/// each point passes the `f64` filter [`ObbCert::inside`] or the exact
/// [`Obb::contains_point`]; growth keeps earlier points inside (the boxes are nested).
fn certify<T: Scalar>(b: &mut Obb<T>, points: &[[T; 3]], floor0: f64) {
    let mut cert = ObbCert::new(b);
    for p in points {
        let (mut rel, mut floor) = (2f64.powi(-44), floor0);
        let pf: [f64; 3] = core::array::from_fn(|k| p[k].to_f64());
        while !(cert.as_ref().is_some_and(|c| c.inside(&pf)) || b.contains_point(p)) {
            let h: [T; 3] = core::array::from_fn(|i| grow(&b.half_extents[i], rel, floor));
            if !h.iter().all(Scalar::is_finite) {
                // Unreachable for the boxes `fit_box` builds (half extents are at most a
                // few times the set's extent in units of axes scaled to keep them far
                // from overflow); stop rather than loop. The tests would see the miss.
                return;
            }
            b.half_extents = h;
            rel = (rel * 4.0).min(1.0);
            floor *= 4.0;
            cert = ObbCert::new(b);
        }
    }
}

/// A sufficient `f64` test for a point to be in a box (`proofs/bounding_volumes.md`,
/// section 3a): with `nᵢ = aⱼ × aₖ` (exact, then rounded to `ñᵢ` with error at most
/// `e_n` per component) and `D = det[a₀ a₁ a₂]` (exact), `p` is inside iff
/// `|(p − c)·nᵢ| ≤ hᵢ|D|` for each `i`; the rounded dot product is within
/// `8u·Σ|ṽₖ||ñᵢₖ| + 2e_n·Σ|ṽₖ| + η` of the exact one.
pub(crate) struct ObbCert {
    c: [f64; 3],
    n: [[f64; 3]; 3],
    e_n: f64,
    /// `hᵢ|D|` rounded down.
    lim: [f64; 3],
}

/// The unit roundoff of `f64`.
const U: f64 = f64::EPSILON / 2.0;
/// Absolute slack covering underflow in the products (each at most `2⁻¹⁰⁷⁵`).
const ETA: f64 = 1e-300;

impl ObbCert {
    /// `None` for non-float scalars, non-finite values, dependent axes or values whose
    /// `f64` images are not exact.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn new<T: Scalar>(b: &Obb<T>) -> Option<ObbCert> {
        T::FLOAT?;
        let q = |x: &T| x.to_rational();
        let a: [[BigRational; 3]; 3] = {
            let mut out: [[BigRational; 3]; 3] = Default::default();
            for i in 0..3 {
                for k in 0..3 {
                    out[i][k] = q(&b.axes[i][k])?;
                }
            }
            out
        };
        let nq = [
            cross(&a[1], &a[2]),
            cross(&a[2], &a[0]),
            cross(&a[0], &a[1]),
        ];
        let d: BigRational = dot(&a[0], &nq[0]);
        if d == BigRational::default() {
            return None;
        }
        let d_abs = if d < BigRational::default() { -d } else { d };
        let mut e_n = 0.0f64;
        let mut n = [[0.0f64; 3]; 3];
        for i in 0..3 {
            for k in 0..3 {
                let v = crate::scalar::rational_to_f64(&nq[i][k]);
                if !v.is_finite() {
                    return None;
                }
                let err = BigRational::from_float(v)? - &nq[i][k];
                let err = crate::scalar::rational_to_f64(&if err < BigRational::default() {
                    -err
                } else {
                    err
                });
                // Rounded to nearest, so at most one ulp off; doubled to be an upper bound.
                e_n = e_n.max(2.0 * err);
                n[i][k] = v;
            }
        }
        let mut lim = [0.0f64; 3];
        for i in 0..3 {
            let h = q(&b.half_extents[i])?;
            let l = crate::scalar::rational_to_f64(&(h * &d_abs));
            // `l` is within one ulp of the exact value; two steps down are below it.
            lim[i] = if l.is_finite() {
                l.next_down().next_down().max(0.0)
            } else {
                return None;
            };
        }
        let c: [f64; 3] = core::array::from_fn(|k| b.center[k].to_f64());
        if !c.iter().all(|x| x.is_finite()) || !e_n.is_finite() {
            return None;
        }
        Some(ObbCert { c, n, e_n, lim })
    }

    /// `true` only if `p` is certainly in the box (`false`: undecided).
    #[inline]
    pub(crate) fn inside(&self, p: &[f64; 3]) -> bool {
        let v = [p[0] - self.c[0], p[1] - self.c[1], p[2] - self.c[2]];
        let va = v[0].abs() + v[1].abs() + v[2].abs();
        (0..3).all(|i| {
            let n = &self.n[i];
            let t = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
            let sigma = (v[0] * n[0]).abs() + (v[1] * n[1]).abs() + (v[2] * n[2]).abs();
            let err = 8.0 * U * sigma + 2.0 * self.e_n * va + ETA;
            let lhs = (t.abs() + err) * (1.0 + 4.0 * U);
            lhs.is_finite() && lhs <= self.lim[i]
        })
    }
}

/// The 7 normals of DiTO-14.
const DITO_NORMALS: [V3; 7] = [
    [1.0, 0.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 0.0, 1.0],
    [1.0, 1.0, 1.0],
    [1.0, 1.0, -1.0],
    [1.0, -1.0, 1.0],
    [1.0, -1.0, -1.0],
];

/// Half the surface area of the box of `pts` along an orthonormal frame.
fn frame_cost(pts: &[V3], f: &[V3; 3]) -> f64 {
    let mut ext = [0.0; 3];
    for i in 0..3 {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in pts {
            let s = dot(&f[i], p);
            lo = lo.min(s);
            hi = hi.max(s);
        }
        ext[i] = hi - lo;
    }
    ext[0] * ext[1] + ext[1] * ext[2] + ext[2] * ext[0]
}

/// Larsson and Källberg's DiTO-14 frame on `f64` points.
fn dito_axes(local: &[V3]) -> [V3; 3] {
    // Extremal points along the 7 normals.
    let mut ext: Vec<V3> = Vec::with_capacity(14);
    for nrm in &DITO_NORMALS {
        let (mut lo, mut hi) = (0usize, 0usize);
        let (mut slo, mut shi) = (f64::INFINITY, f64::NEG_INFINITY);
        for (i, p) in local.iter().enumerate() {
            let s = dot(nrm, p);
            if s < slo {
                slo = s;
                lo = i;
            }
            if s > shi {
                shi = s;
                hi = i;
            }
        }
        ext.push(local[lo]);
        ext.push(local[hi]);
    }
    let mut best = IDENTITY;
    let mut best_cost = frame_cost(&ext, &IDENTITY);
    let mut consider = |f: [V3; 3]| {
        let c = frame_cost(&ext, &f);
        if c < best_cost {
            best_cost = c;
            best = f;
        }
    };
    // Base triangle: the farthest extremal pair, then the extremal point farthest from
    // their line.
    let d2 = |a: &V3, b: &V3| dot(&sub(a, b), &sub(a, b));
    let (mut p0, mut p1, mut dmax) = (ext[0], ext[1], -1.0);
    for j in 0..7 {
        let d = d2(&ext[2 * j], &ext[2 * j + 1]);
        if d > dmax {
            (p0, p1, dmax) = (ext[2 * j], ext[2 * j + 1], d);
        }
    }
    if dmax <= 0.0 {
        return best;
    }
    let e0 = sub(&p1, &p0);
    let line = |q: &V3| {
        let c = cross(&e0, &sub(q, &p0));
        dot(&c, &c)
    };
    let p2 = *ext
        .iter()
        .max_by(|a, b| line(a).total_cmp(&line(b)))
        .unwrap_or(&p0);
    if line(&p2) <= 0.0 {
        consider(frame_from(&e0));
        return best;
    }
    let n = cross(&e0, &sub(&p2, &p0));
    let tri_frames = |a: &V3, b: &V3, c: &V3, consider: &mut dyn FnMut([V3; 3])| {
        let nn = cross(&sub(b, a), &sub(c, a));
        for e in [sub(b, a), sub(c, b), sub(a, c)] {
            if let Some(f) = frame_from2(&e, &nn) {
                consider(f);
            }
        }
    };
    tri_frames(&p0, &p1, &p2, &mut consider);
    // The ditetrahedron: the extremal points farthest on each side of the base plane.
    let h = |q: &V3| dot(&n, &sub(q, &p0));
    let qhi = *ext
        .iter()
        .max_by(|a, b| h(a).total_cmp(&h(b)))
        .unwrap_or(&p0);
    let qlo = *ext
        .iter()
        .min_by(|a, b| h(a).total_cmp(&h(b)))
        .unwrap_or(&p0);
    for q in [qhi, qlo] {
        if h(&q) != 0.0 {
            tri_frames(&p0, &p1, &q, &mut consider);
            tri_frames(&p1, &p2, &q, &mut consider);
            tri_frames(&p2, &p0, &q, &mut consider);
        }
    }
    best
}

/// Larsson and Källberg's extremal-points OBB (DiTO-14: "Fast computation of
/// tight-fitting oriented bounding boxes", Game Engine Gems 2, 2011): the extremal points
/// along 7 fixed normals span a large base triangle and two tetrahedra on it; the
/// candidate frames are each of their triangles' edges with the triangle's normal, plus
/// the coordinate axes, and the frame whose box around the 14 extremal points has the
/// least area wins (and if the final box is larger than the axis-aligned one, the
/// axis-aligned one is returned). One pass over the points for the extremes and one for the final box:
/// much faster than [`obb_pca`] (no hull), and usually as tight or tighter.
///
/// Rounding and containment as [`obb_pca`]: axes computed in `f64` and kept as rounded
/// to `T`; the box is the tightest along them (exact for rationals) and for floats
/// certified point by point with the exact [`Obb::contains_point`]. The box always
/// contains every point.
///
/// `None` for no points or a NaN or infinite coordinate ([`try_obb_dito`] says which).
///
/// # Examples
///
/// ```
/// use isect::bv::obb_dito;
/// use num_rational::BigRational;
/// let q = |x: i64| BigRational::from_integer(x.into());
/// let pts = vec![[q(0), q(0), q(0)], [q(4), q(4), q(0)], [q(1), q(-1), q(0)], [q(5), q(3), q(1)]];
/// let b = obb_dito(&pts).unwrap();
/// assert!(pts.iter().all(|p| b.contains_point(p)));
/// ```
pub fn obb_dito<T: Scalar>(points: &[[T; 3]]) -> Option<Obb<T>> {
    try_obb_dito(points).ok()
}

/// [`obb_dito`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::try_obb_dito;
/// use isect::InputError;
/// let err = try_obb_dito(&[[f64::NAN, 0.0, 0.0]]).unwrap_err();
/// assert!(matches!(err, InputError::NonFinite { index: Some(0), axis: Some(0), .. }));
/// ```
pub fn try_obb_dito<T: Scalar>(points: &[[T; 3]]) -> Result<Obb<T>, InputError> {
    check_points(0, points)?;
    Ok(obb_dito_of(points))
}

/// [`obb_dito`] of a non-empty list of finite points.
fn obb_dito_of<T: Scalar>(points: &[[T; 3]]) -> Obb<T> {
    let frame = Frame::new(points);
    let local: Vec<V3> = points.iter().map(|p| frame.to_local(p)).collect();
    let axes = dito_axes(&local);
    let b = fit_box(points, &axes);
    // The frame was chosen on the extremal points only; if the box of all points along
    // it ends up larger than the axis-aligned box, use that (as the paper does).
    if axes != IDENTITY
        && let Some(ab) = Aabb::from_points(points)
        && ab.surface_area() < b.surface_area()
    {
        return fit_box(points, &IDENTITY);
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `f64` filter never certifies a point the exact test rejects, on boxes with
    /// rounded rotations and points on and one ulp around their faces and corners.
    #[test]
    fn obb_filter_is_sound() {
        let mut s = 0x5EED_u64;
        let mut unit = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64) / (1u64 << 53) as f64
        };
        let mut certified = 0;
        for _ in 0..400 {
            let axes = eigenvectors(
                [
                    [unit(), unit(), unit()],
                    [0.0, unit(), unit()],
                    [0.0, 0.0, unit()],
                ]
                .map(|r| r.map(|x| x - 0.5)),
            );
            // Jacobi rotations of an arbitrary matrix: a rounded, nearly orthonormal frame.
            let c = [unit() * 1e6, unit(), unit() - 0.5];
            let h = [unit(), unit() * 3.0, unit() * 0.5];
            let b = Obb::new(c, axes, h);
            let Some(cert) = ObbCert::new(&b) else {
                continue;
            };
            for _ in 0..20 {
                let sel: [f64; 3] = core::array::from_fn(|_| {
                    [-1.0, 1.0, unit() * 2.0 - 1.0][(unit() * 3.0) as usize]
                });
                let mut p: [f64; 3] = core::array::from_fn(|k| {
                    c[k] + (0..3).map(|i| sel[i] * h[i] * axes[i][k]).sum::<f64>()
                });
                let k = (unit() * 3.0) as usize;
                p[k] = match (unit() * 3.0) as usize {
                    0 => p[k].next_up(),
                    1 => p[k].next_down(),
                    _ => p[k],
                };
                if cert.inside(&p) {
                    certified += 1;
                    assert!(b.contains_point(&p), "{b:?} {p:?}");
                }
            }
        }
        assert!(
            certified > 1000,
            "the filter should decide most interior points ({certified})"
        );
    }
}
