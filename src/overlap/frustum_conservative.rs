//! The conservative float forms of the frustum tests (RTR4 §22.14): the classic
//! per-plane formulas in `f64`, each sign used only when a rigorous error bound proves
//! it, never an exact fallback. The AABB form uses the static bound of the exact
//! plane/AABB filter; the sphere and OBB forms use interval arithmetic (`iv.rs`: every
//! operation rounded to nearest and then widened by one ulp each way, so the interval
//! always contains the exact value, also under underflow; overflow gives an infinite
//! interval, which certifies nothing). The argument is in `proofs/overlap_boxes.md`,
//! section 5.

use crate::geometry::{Aabb, Obb, Plane, Sphere};
use crate::scalar::as_f64_array;
use crate::{Scalar, Sign};

use super::frustum::{Frustum, FrustumClass, frustum_aabb, frustum_obb, frustum_sphere};
use super::iv::{Iv, dot_iv};
use super::plane_aabb::{PlaneBox, corner_filter};

/// A point as exact `f64` intervals (for `f32`/`f64`), else `None`.
#[inline(always)]
fn iv3<T: Scalar>(p: &[T; 3]) -> Option<[Iv; 3]> {
    as_f64_array(p).map(|x| x.map(Iv::pt))
}

#[inline(always)]
fn plane_iv<T: Scalar>(p: &Plane<T>) -> Option<([Iv; 3], Iv)> {
    Some((iv3(&p.normal)?, Iv::pt(p.offset.as_f64()?)))
}

/// Per-plane answer from the value interval at the nearest (`lo`) and farthest (`hi`)
/// points; an undecided or non-finite interval is `Intersecting`.
fn classify(lo: Iv, hi: Iv) -> PlaneBox {
    if lo.pos() {
        PlaneBox::Outside
    } else if hi.neg() {
        PlaneBox::Inside
    } else {
        PlaneBox::Intersecting
    }
}

/// Sphere against frustum, conservative: a float test that never culls a sphere the exact
/// [`frustum_sphere`] keeps.
///
/// For `f32`/`f64`: per plane, `s = n·c + d` and `s² − r²(n·n)` in `f64` interval
/// arithmetic (each operation rounded to nearest and widened by one ulp each way, so the
/// interval contains the exact value; `proofs/overlap_boxes.md`, section 5);
/// `Outside`/`Inside` for a plane only when the intervals
/// prove the exact signs. Hence: a returned `Outside` or `Inside` is always what
/// [`frustum_sphere`] returns; `Intersecting` may be returned where it would say
/// `Outside` or `Inside` (a sphere within rounding distance of a plane). For other
/// scalar types this is [`frustum_sphere`]. NaN, infinities or overflow leave a plane
/// undecided; a negative radius answers `Outside`. Never panics.
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_sphere, frustum_sphere_conservative, DepthRange, Frustum, FrustumClass};
/// use isect::Sphere;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// let s = Sphere::new([2.0, 0.0, 0.0], 1.0f64.next_down()); // an ulp short of x = 1
/// assert_eq!(frustum_sphere(&f, &s), FrustumClass::Outside);
/// assert!(frustum_sphere_conservative(&f, &s).intersects()); // undecided: kept
/// assert_eq!(frustum_sphere_conservative(&f, &Sphere::new([5.0, 0.0, 0.0], 1.0)), FrustumClass::Outside);
/// ```
pub fn frustum_sphere_conservative<T: Scalar>(f: &Frustum<T>, s: &Sphere<T>) -> FrustumClass {
    let (Some(c), Some(r)) = (iv3(&s.center), s.radius.as_f64()) else {
        return frustum_sphere(f, s);
    };
    if r < 0.0 {
        // An empty sphere is Outside every finite plane, but a non-finite plane or centre
        // leaves a plane undecided in the exact form; let it decide.
        return frustum_sphere(f, s);
    }
    let r = Iv::pt(r);
    FrustumClass::combine(f.planes.iter().map(|p| {
        let Some((n, d)) = plane_iv(p) else {
            return PlaneBox::Intersecting;
        };
        let sv = dot_iv(&n, &c).add(d);
        let gap = sv.mul(sv).sub(r.mul(r).mul(dot_iv(&n, &n)));
        if !gap.pos() {
            PlaneBox::Intersecting
        } else {
            classify(sv, sv)
        }
    }))
}

/// Axis-aligned box against frustum, conservative: a float test that never culls a box
/// the exact [`frustum_aabb`] keeps.
///
/// For `f32`/`f64`: per plane, `n·q + d` at the box's nearest and farthest corners (the
/// choice is the exact sign of `nₖ`) in plain `f64` with the static error bound of the
/// exact [`plane_aabb`](crate::overlap::plane_aabb())'s filter (`≈ 4u` of the sum of absolute values plus an underflow
/// term; proofs/overlap_volumes.md, section 3): a sign is used only when the bound proves
/// it, and nothing falls back to exact arithmetic.
/// Guarantee as for [`frustum_sphere_conservative`]: `Outside`/`Inside` are always the
/// answers of [`frustum_aabb`]; `Intersecting` may replace them within rounding distance of a
/// plane. For other scalar types this is [`frustum_aabb`]. An empty box, and a box with a
/// NaN or infinite coordinate, answers `Outside` (as [`frustum_aabb`]); a NaN or infinite
/// plane, or overflow, leaves that plane undecided. Never panics.
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_aabb_conservative, DepthRange, Frustum, FrustumClass};
/// use isect::Aabb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// assert_eq!(frustum_aabb_conservative(&f, &Aabb::new([3.0; 3], [4.0; 3])), FrustumClass::Outside);
/// assert_eq!(frustum_aabb_conservative(&f, &Aabb::new([-0.5; 3], [0.5; 3])), FrustumClass::Inside);
/// ```
pub fn frustum_aabb_conservative<T: Scalar>(f: &Frustum<T>, b: &Aabb<T>) -> FrustumClass {
    let (Some(lo), Some(hi)) = (as_f64_array(&b.min), as_f64_array(&b.max)) else {
        return frustum_aabb(f, b);
    };
    if (0..3).any(|k| lo[k] > hi[k]) {
        return FrustumClass::Outside;
    }
    if !lo.iter().chain(&hi).all(|x| x.is_finite()) {
        // A plane reads only one corner each way: a NaN or infinity in a coordinate it
        // does not read must not let it decide (the exact form answers `Outside`).
        return frustum_aabb(f, b);
    }
    FrustumClass::combine(f.planes.iter().map(|p| {
        let (Some(n), Some(d)) = (as_f64_array(&p.normal), p.offset.as_f64()) else {
            return PlaneBox::Intersecting;
        };
        let near: [f64; 3] = core::array::from_fn(|k| if n[k] >= 0.0 { lo[k] } else { hi[k] });
        if corner_filter(&n, near, d) == Some(Sign::Positive) {
            return PlaneBox::Outside;
        }
        let far: [f64; 3] = core::array::from_fn(|k| if n[k] >= 0.0 { hi[k] } else { lo[k] });
        if corner_filter(&n, far, d) == Some(Sign::Negative) {
            PlaneBox::Inside
        } else {
            PlaneBox::Intersecting
        }
    }))
}

/// Oriented box against frustum, conservative: a float test that never culls a box the
/// exact [`frustum_obb`] keeps.
///
/// For `f32`/`f64`: per plane, RTR's `s = n·c + d` and `e = Σ hᵢ|n·aᵢ|` in `f64`
/// interval arithmetic, `Outside` if `s − e > 0` and `Inside` if `s + e < 0` are proven
/// (as for [`frustum_sphere_conservative`]). Guarantee as for
/// [`frustum_sphere_conservative`], relative to [`frustum_obb`].
/// For other scalar types this is [`frustum_obb`]. A negative half extent answers
/// `Outside`; NaN, infinities or overflow leave a plane undecided. Never panics.
///
/// # Examples
///
/// ```
/// use isect::overlap::{frustum_obb_conservative, DepthRange, Frustum, FrustumClass};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.25; 3]);
/// assert_eq!(frustum_obb_conservative(&f, &b), FrustumClass::Inside);
/// ```
pub fn frustum_obb_conservative<T: Scalar>(f: &Frustum<T>, b: &Obb<T>) -> FrustumClass {
    let (Some(c), Some(a0), Some(a1), Some(a2), Some(h)) = (
        iv3(&b.center),
        iv3(&b.axes[0]),
        iv3(&b.axes[1]),
        iv3(&b.axes[2]),
        iv3(&b.half_extents),
    ) else {
        return frustum_obb(f, b);
    };
    if h.iter().any(|x| x.lo < 0.0) {
        return FrustumClass::Outside;
    }
    let a = [a0, a1, a2];
    FrustumClass::combine(f.planes.iter().map(|p| {
        let Some((n, d)) = plane_iv(p) else {
            return PlaneBox::Intersecting;
        };
        let s = dot_iv(&n, &c).add(d);
        let e = h[0]
            .mul(dot_iv(&n, &a[0]).abs())
            .add(h[1].mul(dot_iv(&n, &a[1]).abs()))
            .add(h[2].mul(dot_iv(&n, &a[2]).abs()));
        classify(s.sub(e), s.add(e))
    }))
}
