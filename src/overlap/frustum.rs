//! View frusta (Real-Time Rendering, 4th ed., section 22.14): plane extraction from a
//! view-projection matrix and frustum/sphere, frustum/AABB, frustum/OBB classification.
//!
//! * [`Frustum::from_matrix`] (Gribb–Hartmann): the six planes as sums of rows of the
//!   matrix, for the OpenGL (`−w ≤ z ≤ w`) or Direct3D (`0 ≤ z ≤ w`) depth range.
//!   Exact for rationals; for floats each coefficient is one rounded addition.
//! * [`frustum_sphere`], [`frustum_aabb`], [`frustum_obb`]: **exact per plane**. Each
//!   plane is classified exactly (the sign of integer polynomials, through
//!   [`polynomial_sign`] and the exact [`plane_aabb`] / [`plane_obb`]), and the answer is
//!   [`Outside`](FrustumClass::Outside) if the volume is strictly outside some plane,
//!   [`Inside`](FrustumClass::Inside) if it is strictly inside all six, else
//!   [`Intersecting`](FrustumClass::Intersecting).
//! * [`frustum_sphere_fast`], [`frustum_aabb_fast`], [`frustum_obb_fast`]: the classic
//!   per-plane formulas in `f64`, each sign used only when a rigorous error bound proves
//!   it, never an exact fallback. The AABB form uses the static bound of the exact
//!   plane/AABB filter; the sphere and OBB forms use **interval arithmetic** (every
//!   operation rounded to nearest and then widened by one ulp each way, so the interval
//!   always contains the exact value, also under underflow; overflow gives an infinite
//!   interval, which certifies nothing). They answer `Outside` or `Inside` only when
//!   proven, so both answers are always those of the exact form; when rounding leaves a
//!   plane undecided they answer `Intersecting` where the exact form may say `Outside` or
//!   `Inside`. Never a false `Outside`: nothing that reaches the frustum is culled.
//!
//! # The classic limitation (both forms)
//!
//! The per-plane test is itself conservative: a volume outside the frustum but not
//! entirely outside any single plane (near a corner or edge of the frustum, where two
//! planes meet at an angle) is reported `Intersecting`. "Exact" here means the exact
//! per-plane classification, not an exact intersection test with the frustum solid.
//! `Outside` and `Inside` are always true statements about the volume and the frustum.

use crate::geometry::{Aabb, Obb, Plane, Sphere};
use crate::predicates::{polynomial_sign, Polynomial, Ring};
use crate::{Scalar, Sign};

use super::aabb_aabb::{certified, wide, wide3};
use super::iv::{dot_iv, Iv};
use super::plane_box::{plane_aabb, plane_obb, PlaneBox};
use super::sphere::TAU2;

/// Where a volume lies with respect to a frustum, per-plane (module docs).
///
/// | variant | meaning |
/// |---|---|
/// | [`Outside`](FrustumClass::Outside) | entirely on the outer side of some plane, not touching it: disjoint from the frustum |
/// | [`Inside`](FrustumClass::Inside) | strictly inside every plane: inside the frustum |
/// | [`Intersecting`](FrustumClass::Intersecting) | neither (touching counts here); possibly disjoint near a frustum corner |
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::FrustumClass;
/// assert!(FrustumClass::Intersecting.maybe_visible());
/// assert!(!FrustumClass::Outside.maybe_visible());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrustumClass {
    /// Disjoint from the frustum (strictly outside one plane).
    Outside,
    /// Strictly inside all planes.
    Inside,
    /// Neither of the above.
    Intersecting,
}

impl FrustumClass {
    /// `true` unless [`FrustumClass::Outside`]: the volume may be visible.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::frustum::FrustumClass;
    /// assert!(FrustumClass::Inside.maybe_visible());
    /// ```
    #[inline]
    pub fn maybe_visible(self) -> bool {
        self != FrustumClass::Outside
    }

    fn combine(per_plane: impl IntoIterator<Item = PlaneBox>) -> FrustumClass {
        let mut all_inside = true;
        for c in per_plane {
            match c {
                PlaneBox::Outside => return FrustumClass::Outside,
                PlaneBox::Intersecting => all_inside = false,
                PlaneBox::Inside => {}
            }
        }
        if all_inside {
            FrustumClass::Inside
        } else {
            FrustumClass::Intersecting
        }
    }
}

/// The depth range of clip space a projection matrix targets.
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::DepthRange;
/// assert_ne!(DepthRange::OpenGl, DepthRange::Direct3D);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepthRange {
    /// `−w ≤ z ≤ w` (OpenGL).
    OpenGl,
    /// `0 ≤ z ≤ w` (Direct3D, Vulkan, Metal).
    Direct3D,
}

/// A frustum as six planes with **outward** normals: a point `x` is inside iff
/// `n·x + d ≤ 0` for every plane (the convention of [`PlaneBox`]: `Outside` is the
/// positive side). Order: left, right, bottom, top, near, far.
///
/// The planes need not come from a matrix nor bound a finite region; every test only
/// reads them one at a time.
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::{DepthRange, Frustum};
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl); // the cube [−1, 1]³
/// assert_eq!(f.planes[0].normal, [-1.0, 0.0, 0.0]); // left: −x − 1 ≤ 0
/// assert_eq!(f.planes[0].offset, -1.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Frustum<T> {
    /// Left, right, bottom, top, near, far; outward normals.
    pub planes: [Plane<T>; 6],
}

impl<T: Scalar> Frustum<T> {
    /// The frustum from six planes (outward normals), taken as given.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::frustum::Frustum;
    /// use isect::Plane;
    /// let p = Plane::new([0.0, 0.0, 1.0], -1.0);
    /// let f = Frustum::new(core::array::from_fn(|_| p.clone()));
    /// assert_eq!(f.planes[5], p);
    /// ```
    #[inline]
    pub fn new(planes: [Plane<T>; 6]) -> Frustum<T> {
        Frustum { planes }
    }

    /// The frustum of a view-projection matrix `m` (Gribb–Hartmann).
    ///
    /// `m` is row-major and acts on column vectors: clip = `m · (x, y, z, 1)ᵀ`, row `i` is
    /// `m[i]` (transpose a matrix stored for row vectors, as Direct3D math libraries
    /// often do, or stored column-major). With `rᵢ` the rows, the inside half-spaces are
    /// `r₃ + r₀ ≥ 0` (left), `r₃ − r₀ ≥ 0` (right), `r₃ ± r₁ ≥ 0` (bottom, top),
    /// `r₃ − r₂ ≥ 0` (far) and `r₃ + r₂ ≥ 0` (near, OpenGL) or `r₂ ≥ 0` (near,
    /// Direct3D); each plane stored is the negation, `(n, d) = −(rows)`, so normals point
    /// out. Planes are not normalised.
    ///
    /// Exact for rationals. For floats each coefficient is one rounded addition (so the
    /// planes are those of the matrix to within half an ulp per coefficient; the tests
    /// below are then exact for the stored planes). Non-finite entries give non-finite
    /// planes, which every test answers conservatively; never a panic.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::frustum::{frustum_aabb, DepthRange, Frustum, FrustumClass};
    /// use isect::Aabb;
    /// // A perspective projection looking down −z with near 1, far 3 and a 90° field of
    /// // view (OpenGL): x' = x, y' = y, z' = −2z − 3, w = −z.
    /// let m = [
    ///     [1.0, 0.0, 0.0, 0.0],
    ///     [0.0, 1.0, 0.0, 0.0],
    ///     [0.0, 0.0, -2.0, -3.0],
    ///     [0.0, 0.0, -1.0, 0.0],
    /// ];
    /// let f = Frustum::from_matrix(&m, DepthRange::OpenGl);
    /// let near = &f.planes[4]; // −(r₃ + r₂) = 3z + 3 ≤ 0: z ≤ −1
    /// assert_eq!((near.normal, near.offset), ([0.0, 0.0, 3.0], 3.0));
    /// let b = Aabb::new([-0.5, -0.5, -2.0], [0.5, 0.5, -1.5]);
    /// assert_eq!(frustum_aabb(&f, &b), FrustumClass::Inside);
    /// ```
    pub fn from_matrix(m: &[[T; 4]; 4], depth: DepthRange) -> Frustum<T> {
        let plane = |s: i8, r: usize| {
            // −(r₃ + s·r_r), s ∈ {1, −1}; s = 0 for −r_r alone.
            let c: [T; 4] = core::array::from_fn(|k| match s {
                1 => -(m[3][k].clone() + &m[r][k]),
                -1 => m[r][k].clone() - &m[3][k],
                _ => -m[r][k].clone(),
            });
            let [a, b, cc, d] = c;
            Plane::new([a, b, cc], d)
        };
        let near = match depth {
            DepthRange::OpenGl => plane(1, 2),
            DepthRange::Direct3D => plane(0, 2),
        };
        Frustum {
            planes: [
                plane(1, 0),
                plane(-1, 0),
                plane(1, 1),
                plane(-1, 1),
                near,
                plane(-1, 2),
            ],
        }
    }
}

// ---------------------------------------------------------------------------------------
// Exact forms
// ---------------------------------------------------------------------------------------

/// `s = n·c + d` or `s² − r²(n·n)`.
struct SpherePoly<'a, T> {
    p: &'a Plane<T>,
    s: &'a Sphere<T>,
    squared: bool,
}

impl<T> Polynomial<T> for SpherePoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let n = self.p.normal.each_ref().map(lift);
        let c = self.s.center.each_ref().map(lift);
        let s = n[0].clone() * c[0].clone()
            + n[1].clone() * c[1].clone()
            + n[2].clone() * c[2].clone()
            + lift(&self.p.offset);
        if !self.squared {
            return s;
        }
        let r = lift(&self.s.radius);
        let nn =
            n[0].clone() * n[0].clone() + n[1].clone() * n[1].clone() + n[2].clone() * n[2].clone();
        s.clone() * s - r.clone() * r * nn
    }
}

fn plane_sphere_exact<T: Scalar>(p: &Plane<T>, s: &Sphere<T>) -> PlaneBox {
    let ok = p.normal.iter().all(Scalar::is_finite)
        && p.offset.is_finite()
        && s.center.iter().all(Scalar::is_finite)
        && s.radius.is_finite();
    if !ok {
        return PlaneBox::Intersecting;
    }
    if s.radius < T::zero() {
        return PlaneBox::Outside;
    }
    let sign = polynomial_sign::<T, _>(&SpherePoly {
        p,
        s,
        squared: false,
    });
    if sign == Sign::Zero {
        return PlaneBox::Intersecting;
    }
    if polynomial_sign::<T, _>(&SpherePoly {
        p,
        s,
        squared: true,
    }) != Sign::Positive
    {
        return PlaneBox::Intersecting;
    }
    if sign == Sign::Positive {
        PlaneBox::Outside
    } else {
        PlaneBox::Inside
    }
}

/// Sphere against frustum, exact per plane.
///
/// Per plane, with `s = n·c + d`: strictly outside iff `s > 0` and `s² > r²(n·n)`,
/// strictly inside iff `s < 0` and `s² > r²(n·n)` (the distance from the centre to the
/// plane exceeds `r`); both are exact polynomial signs (degree 4), no square root. The
/// per-plane answers combine as in the module docs (including the corner limitation).
///
/// Degenerate input, never a panic: a zero radius is a point. A NaN or infinite value in
/// a plane or the sphere makes that plane undecided (`Intersecting`), so a broken frustum
/// never culls; otherwise a negative radius (an empty sphere) is outside every plane. So
/// an empty sphere answers `Outside` unless the sphere or every plane is broken.
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::{frustum_sphere, DepthRange, Frustum, FrustumClass};
/// use isect::Sphere;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl); // [−1, 1]³
/// assert_eq!(frustum_sphere(&f, &Sphere::new([0.0; 3], 0.5)), FrustumClass::Inside);
/// assert_eq!(frustum_sphere(&f, &Sphere::new([2.0, 0.0, 0.0], 1.0)), FrustumClass::Intersecting); // touches
/// assert_eq!(frustum_sphere(&f, &Sphere::new([2.0, 0.0, 0.0], 1.0f64.next_down())), FrustumClass::Outside);
/// ```
pub fn frustum_sphere<T: Scalar>(f: &Frustum<T>, s: &Sphere<T>) -> FrustumClass {
    FrustumClass::combine(f.planes.iter().map(|p| plane_sphere_exact(p, s)))
}

/// Like [`plane_aabb`] but a NaN or infinite plane is undecided (never culls).
fn guard<T: Scalar>(p: &Plane<T>, c: impl FnOnce() -> PlaneBox) -> PlaneBox {
    if p.normal.iter().all(Scalar::is_finite) && p.offset.is_finite() {
        c()
    } else {
        PlaneBox::Intersecting
    }
}

/// Axis-aligned box against frustum, exact per plane ([`plane_aabb`] for each plane).
///
/// Degenerate input, never a panic: an empty box (`min > max` on an axis) answers
/// `Outside`; a NaN or infinite plane is undecided (`Intersecting`); a NaN or infinite
/// box answers `Outside` (as [`plane_aabb`] does).
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::{frustum_aabb, DepthRange, Frustum, FrustumClass};
/// use isect::Aabb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::Direct3D); // [−1, 1]² × [0, 1]
/// let b = Aabb::new([-0.5, -0.5, -1.0], [0.5, 0.5, 0.0]);
/// assert_eq!(frustum_aabb(&f, &b), FrustumClass::Intersecting); // touches z = 0
/// let b = Aabb::new([-0.5, -0.5, -1.0], [0.5, 0.5, -(f64::MIN_POSITIVE)]);
/// assert_eq!(frustum_aabb(&f, &b), FrustumClass::Outside);
/// ```
pub fn frustum_aabb<T: Scalar>(f: &Frustum<T>, b: &Aabb<T>) -> FrustumClass {
    // The box's own degeneracies first, whatever the planes (an empty box is outside
    // even a frustum with a NaN plane: found by the `boxes` fuzz target).
    let bad = b.min.iter().chain(&b.max).any(|x| !x.is_finite());
    if bad || (0..3).any(|k| b.min[k] > b.max[k]) {
        return FrustumClass::Outside;
    }
    FrustumClass::combine(f.planes.iter().map(|p| guard(p, || plane_aabb(p, b))))
}

/// Oriented box against frustum, exact per plane ([`plane_obb`] for each plane; the box
/// is the exact parallelepiped of [`Obb`]).
///
/// Degenerate input, never a panic: a negative half extent (empty box) answers
/// `Outside`; a NaN or infinite plane is undecided (`Intersecting`); a NaN or infinite
/// box answers `Outside` (as [`plane_obb`] does).
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::{frustum_obb, DepthRange, Frustum, FrustumClass};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// // A cube turned 45° about z, centre (2, 0, 0): its corner reaches x = 2 − 1 = 1.
/// let b = Obb::new([2.0, 0.0, 0.0], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.5; 3]);
/// assert_eq!(frustum_obb(&f, &b), FrustumClass::Intersecting); // its corner touches x = 1
/// ```
pub fn frustum_obb<T: Scalar>(f: &Frustum<T>, b: &Obb<T>) -> FrustumClass {
    // The box's own degeneracies first, whatever the planes.
    let bad = b
        .center
        .iter()
        .chain(b.axes.iter().flatten())
        .chain(&b.half_extents)
        .any(|x| !x.is_finite());
    if bad || b.half_extents.iter().any(|h| *h < T::zero()) {
        return FrustumClass::Outside;
    }
    FrustumClass::combine(f.planes.iter().map(|p| guard(p, || plane_obb(p, b))))
}

// ---------------------------------------------------------------------------------------
// Fast conservative forms: f64 interval arithmetic
// ---------------------------------------------------------------------------------------

/// The inputs as `f64` if `T` is `f64` or `f32` (exact), else `None`.
fn w<T: Scalar>(x: &T) -> Option<f64> {
    wide(x)
}

fn w3<T: Scalar>(p: &[T; 3]) -> Option<[Iv; 3]> {
    Some([Iv::pt(w(&p[0])?), Iv::pt(w(&p[1])?), Iv::pt(w(&p[2])?)])
}

fn plane_iv<T: Scalar>(p: &Plane<T>) -> Option<([Iv; 3], Iv)> {
    Some((w3(&p.normal)?, Iv::pt(w(&p.offset)?)))
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

/// Sphere against frustum, fast and conservative.
///
/// For `f32`/`f64`: per plane, `s = n·c + d` and `s² − r²(n·n)` in `f64` interval
/// arithmetic (module docs); `Outside`/`Inside` for a plane only when the intervals
/// prove the exact signs. Hence: a returned `Outside` or `Inside` is always what
/// [`frustum_sphere`] returns; `Intersecting` may be returned where it would say
/// `Outside` or `Inside` (a sphere within rounding distance of a plane). For other
/// scalar types this is [`frustum_sphere`]. NaN, infinities or overflow leave a plane
/// undecided; a negative radius answers `Outside`. Never panics.
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::{frustum_sphere, frustum_sphere_fast, DepthRange, Frustum, FrustumClass};
/// use isect::Sphere;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// let s = Sphere::new([2.0, 0.0, 0.0], 1.0f64.next_down()); // an ulp short of x = 1
/// assert_eq!(frustum_sphere(&f, &s), FrustumClass::Outside);
/// assert!(frustum_sphere_fast(&f, &s).maybe_visible()); // undecided: kept
/// assert_eq!(frustum_sphere_fast(&f, &Sphere::new([5.0, 0.0, 0.0], 1.0)), FrustumClass::Outside);
/// ```
pub fn frustum_sphere_fast<T: Scalar>(f: &Frustum<T>, s: &Sphere<T>) -> FrustumClass {
    let (Some(c), Some(r)) = (w3(&s.center), w(&s.radius)) else {
        return frustum_sphere(f, s);
    };
    if r < 0.0 {
        // An empty sphere is Outside every finite plane, but a non-finite plane or centre
        // leaves a plane undecided in the exact form; let it decide (fuzz find,
        // tests/fuzz_regressions.rs).
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

/// Axis-aligned box against frustum, fast and conservative.
///
/// For `f32`/`f64`: per plane, `n·q + d` at the box's nearest and farthest corners (the
/// choice is the exact sign of `nₖ`) in plain `f64` with the static error bound of the
/// exact [`plane_aabb`]'s filter (`≈ 4u` of the sum of absolute values plus an underflow
/// term; proofs/overlap_volumes.md, section 3): a sign is used only when the bound proves
/// it, and nothing falls back to exact arithmetic.
/// Guarantee as for [`frustum_sphere_fast`]: `Outside`/`Inside` are always the answers of
/// [`frustum_aabb`]; `Intersecting` may replace them within rounding distance of a
/// plane. For other scalar types this is [`frustum_aabb`]. An empty box answers
/// `Outside`; NaN, infinities or overflow leave a plane undecided (a NaN box is never
/// culled here). Never panics.
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::{frustum_aabb_fast, DepthRange, Frustum, FrustumClass};
/// use isect::Aabb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// assert_eq!(frustum_aabb_fast(&f, &Aabb::new([3.0; 3], [4.0; 3])), FrustumClass::Outside);
/// assert_eq!(frustum_aabb_fast(&f, &Aabb::new([-0.5; 3], [0.5; 3])), FrustumClass::Inside);
/// ```
pub fn frustum_aabb_fast<T: Scalar>(f: &Frustum<T>, b: &Aabb<T>) -> FrustumClass {
    let (Some(lo), Some(hi)) = (wide3(&b.min), wide3(&b.max)) else {
        return frustum_aabb(f, b);
    };
    if (0..3).any(|k| lo[k] > hi[k]) {
        return FrustumClass::Outside;
    }
    FrustumClass::combine(f.planes.iter().map(|p| {
        let (Some(n), Some(d)) = (wide3(&p.normal), wide(&p.offset)) else {
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

/// `γ₄/(1 − u)^6` rounded up (≈ 4u): bounds the error of `fl(((n₀q₀ + n₁q₁) + n₂q₂) + d)`
/// relative to the same sum of absolute values, plus [`TAU2`] for underflow; the same
/// expression and bound as the plane/AABB filter (proofs/overlap_volumes.md, section 3).
const C_CORNER: f64 = 4.440892098500632e-16;

/// The certified sign of `n·q + d` evaluated in `f64`, or `None` (also for NaN, infinities
/// and overflow).
#[inline(always)]
fn corner_filter(n: &[f64; 3], q: [f64; 3], d: f64) -> Option<Sign> {
    let p = [n[0] * q[0], n[1] * q[1], n[2] * q[2]];
    let v = p[0] + p[1] + p[2] + d;
    let bound = C_CORNER * (p[0].abs() + p[1].abs() + p[2].abs() + d.abs()) + TAU2;
    certified(v, bound)
}

/// Oriented box against frustum, fast and conservative.
///
/// For `f32`/`f64`: per plane, RTR's `s = n·c + d` and `e = Σ hᵢ|n·aᵢ|` in `f64`
/// interval arithmetic, `Outside` if `s − e > 0` and `Inside` if `s + e < 0` are proven
/// (module docs). Guarantee as for [`frustum_sphere_fast`], relative to [`frustum_obb`].
/// For other scalar types this is [`frustum_obb`]. A negative half extent answers
/// `Outside`; NaN, infinities or overflow leave a plane undecided. Never panics.
///
/// # Examples
///
/// ```
/// use isect::overlap::frustum::{frustum_obb_fast, DepthRange, Frustum, FrustumClass};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
/// let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.25; 3]);
/// assert_eq!(frustum_obb_fast(&f, &b), FrustumClass::Inside);
/// ```
pub fn frustum_obb_fast<T: Scalar>(f: &Frustum<T>, b: &Obb<T>) -> FrustumClass {
    let (Some(c), Some(a0), Some(a1), Some(a2), Some(h)) = (
        w3(&b.center),
        w3(&b.axes[0]),
        w3(&b.axes[1]),
        w3(&b.axes[2]),
        w3(&b.half_extents),
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

#[cfg(test)]
mod tests {
    use super::super::sphere::tests::{model, round_up};
    use super::*;

    #[test]
    fn corner_constant_is_the_rounded_up_exact_value() {
        let (_, gamma, pow) = model();
        assert_eq!(C_CORNER, round_up(&(gamma(4) / pow(6))));
    }
}
