//! Collision determination and response on top of the sweeps: where and how two moving
//! objects first meet ([`Contact`]), and what a sphere does next ([`bounce_sphere`],
//! [`bounce_spheres`]).
//!
//! Collision handling has three steps (detection, determination, response; Akenine-Möller
//! et al., *Real-Time Rendering* 4th ed., §25.1 and the collision-detection chapter's
//! sphere/plane bounce `v' = v_p − v_n` with `v_n = (v·n)n`; Ericson, *Real-Time Collision
//! Detection*, §5.5). [`crate::sweep`] does the first exactly and gives the first time of
//! contact; this module adds the second and the third.
//!
//! | function | first contact of |
//! |---|---|
//! | [`sphere_sphere_contact`] | two moving spheres |
//! | [`sphere_plane_contact`] | a moving sphere and a moving plane |
//! | [`sphere_triangle_contact`] | a moving sphere and a moving triangle (face, edge or vertex) |
//! | [`sphere_polygon_contact`] | a moving sphere and a moving polygon (its fan triangulation) |
//! | [`aabb_aabb_contact`] | two moving axis-aligned boxes: the contact region ([`AabbContact`]) |
//! | [`obb_obb_contact`] | two translating oriented boxes: tight axes, features, a point ([`ObbContact`]) |
//!
//! [`step_sphere_mesh`] moves a sphere through a closed [`TriMesh`](crate::TriMesh) over a
//! time step, bouncing at each first impact, never ending inside the mesh.
//!
//! # What is exact and what is rounded
//!
//! * **Exact** (for every finite input of every scalar type): whether the objects touch,
//!   which feature of the second object is touched first ([`Feature`]: decided by exact
//!   comparisons of the algebraic first times of the sweep's pieces, `proofs/contacts.md`),
//!   whether they already overlap at `u = 0`, and the sign of the relative normal velocity
//!   at the contact ([`Approach`]: approaching, resting/grazing, or separating).
//! * **Rounded, with rigorous bounds**: the time (the sweep's, within
//!   [`TIME_ACCURACY`](crate::sweep::TIME_ACCURACY)), the contact point and the unit normal,
//!   computed in `f64` with a running error bound that includes the time's error: the
//!   exact contact point lies within `point_error` (Euclidean distance) of `point`, and the
//!   exact unit normal within the angle `normal_error` (radians) of `normal`.

mod bounce;
mod contact_box;
mod contact_sphere;
mod contact_sphere_triangle;
mod step;

pub use bounce::{Bounce, bounce_sphere, bounce_spheres};
pub use contact_box::{
    AabbContact, BoxFeature, BoxSide, ContactAxis, ObbContact, aabb_aabb_contact, obb_obb_contact,
};
pub use contact_sphere::{sphere_plane_contact, sphere_sphere_contact};
pub use contact_sphere_triangle::{sphere_polygon_contact, sphere_triangle_contact};
pub use step::{Step, StepEnd, step_sphere_mesh};

use crate::scalar::is_float;
use crate::sweep::interval::Est;
use crate::{Scalar, Sign};

/// The feature of the second object that the first contact touches: the smallest feature
/// containing the contact point (a contact exactly on an edge is an edge contact, not a
/// face contact). Decided exactly.
///
/// # Examples
///
/// ```
/// use isect::collide::{Feature, sphere_triangle_contact};
/// use isect::{Sphere, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]);
/// // Falling straight onto the edge y = 0: an edge contact, exactly.
/// let s = Sphere::new([2.0, 0.0, 3.0], 1.0);
/// let c = sphere_triangle_contact(&s, &[0.0, 0.0, -4.0], &tri, &[0.0; 3]).unwrap();
/// assert_eq!(c.feature, Feature::Edge(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// The interior of a face (the plane, for [`sphere_plane_contact`]; the sphere's
    /// surface, for [`sphere_sphere_contact`]).
    Face,
    /// The open edge from vertex `i` to vertex `i + 1` (mod the number of vertices: 3 for
    /// a triangle).
    Edge(usize),
    /// Vertex `i`.
    Vertex(usize),
}

/// The relative normal velocity at the contact, decided exactly.
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, sphere_plane_contact};
/// use isect::{Plane, Sphere};
/// let floor = Plane::new([0.0, 0.0, 1.0], 0.0);
/// // Rolling along the floor: touching all the time, no normal velocity.
/// let s = Sphere::new([0.0, 0.0, 1.0], 1.0);
/// let c = sphere_plane_contact(&s, &[5.0, 0.0, 0.0], &floor, &[0.0; 3]).unwrap();
/// assert_eq!(c.approach, Approach::Resting);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Approach {
    /// The objects move towards each other along the normal: an impact.
    Approaching,
    /// Zero relative normal velocity: resting, sliding or grazing contact (no bounce).
    Resting,
    /// Moving apart along the normal (only at `u = 0`: touching or overlapping at the
    /// start and leaving).
    Separating,
}

/// The first contact of two moving objects.
///
/// `normal` is the unit contact normal pointing from the second object towards the first
/// (the direction to push the first object out); `point` is the contact point at the time
/// of contact, on the first object's surface (`center − radius·normal` for a sphere); when
/// the objects overlap at `u = 0`, `point` is that point for the overlapping pose and
/// `overlapping` is set.
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, Feature, sphere_sphere_contact};
/// use isect::Sphere;
/// let a = Sphere::new([0.0, 0.0, 0.0], 1.0);
/// let b = Sphere::new([10.0, 0.0, 0.0], 1.0);
/// let c = sphere_sphere_contact(&a, &[16.0, 0.0, 0.0], &b, &[0.0; 3]).unwrap();
/// assert!((c.time - 0.5_f64).abs() <= c.time_error);
/// assert!((c.point[0] - 9.0).abs() <= c.point_error + 1e-12);
/// assert!((c.normal[0] + 1.0).abs() <= c.normal_error + 1e-12);
/// assert_eq!((c.feature, c.approach, c.overlapping), (Feature::Face, Approach::Approaching, false));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Contact<T> {
    /// The first time of contact, `u ∈ [0, 1]` (the sweep's first time).
    pub time: T,
    /// A bound on `|time − exact time|` (at most [`crate::sweep::TIME_ACCURACY`]).
    pub time_error: f64,
    /// The contact point (rounded).
    pub point: [f64; 3],
    /// A bound on the distance from `point` to the exact contact point.
    pub point_error: f64,
    /// The unit contact normal, from the second object towards the first (rounded).
    pub normal: [f64; 3],
    /// A bound on the angle, in radians, between `normal` and the exact unit normal
    /// (`π` when the normal is undefined: coincident centres, a centre on the surface).
    pub normal_error: f64,
    /// The touched feature of the second object (exact).
    pub feature: Feature,
    /// The sign of the relative normal velocity at the contact (exact).
    pub approach: Approach,
    /// Whether the objects already overlap (interpenetrate) at `u = 0` (exact).
    pub overlapping: bool,
}

/// A scalar as an [`Est`]: exact for floats; for other types the nearest `f64` with one
/// unit in the last place.
pub(crate) fn est<T: Scalar>(x: &T) -> Est {
    let v = x.to_f64();
    if is_float::<T>() {
        Est::exact(v)
    } else {
        Est {
            v,
            e: v.abs() * f64::EPSILON + f64::from_bits(1),
        }
    }
}

pub(crate) fn est3<T: Scalar>(p: &[T; 3]) -> [Est; 3] {
    p.each_ref().map(est)
}

/// `p + t·v` componentwise.
pub(crate) fn at(p: &[Est; 3], v: &[Est; 3], t: Est) -> [Est; 3] {
    core::array::from_fn(|k| p[k] + t * v[k])
}

pub(crate) fn esub(a: &[Est; 3], b: &[Est; 3]) -> [Est; 3] {
    core::array::from_fn(|k| a[k] - b[k])
}

pub(crate) fn edot(a: &[Est; 3], b: &[Est; 3]) -> Est {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The largest magnitude among the values of some `Est` vectors.
pub(crate) fn top(vs: &[&[Est; 3]]) -> f64 {
    vs.iter()
        .flat_map(|v| v.iter())
        .map(|x| x.v.abs())
        .fold(0.0, f64::max)
}

/// `v` times a power of two near `1/top` (none if `top` is zero or not finite), so that
/// squares of its components neither underflow nor overflow: directions and ratios of
/// vectors scaled alike are unchanged, and the products' bounds cover any rounding.
pub(crate) fn rescale(v: &[Est; 3], top: f64) -> [Est; 3] {
    if !(top > 0.0 && top.is_finite()) {
        return *v;
    }
    // The binary exponent of top (a subnormal scaled into the normal range first).
    let (x, shift) = if top < f64::MIN_POSITIVE {
        (top * 4_503_599_627_370_496.0, 52) // 2^52
    } else {
        (top, 0)
    };
    let k = -(((x.to_bits() >> 52) & 0x7ff) as i32 - 1023 - shift);
    // 2^k as two factors 2^(k/2), 2^(k − k/2), each within the normal range.
    let pow2 = |e: i32| Est::exact(f64::from_bits(((e + 1023) as u64) << 52));
    let (h, r) = (pow2(k / 2), pow2(k - k / 2));
    v.map(|x| x * h * r)
}

/// `d/|d|` (computed on `d` rescaled by a power of two: no underflow or overflow in
/// `|d|²`).
pub(crate) fn unit(d: &[Est; 3]) -> [Est; 3] {
    let d = rescale(d, top(&[d]));
    let len = edot(&d, &d).sqrt();
    d.map(|x| x.div(len))
}

/// The values of an `Est` vector and the sum of its bounds (a bound on the Euclidean
/// error), infinite when unknown.
pub(crate) fn split(p: &[Est; 3]) -> ([f64; 3], f64) {
    let e = (p[0].e + p[1].e + p[2].e) * (1.0 + 4.0 * f64::EPSILON);
    let e = if p.iter().all(|x| x.ok()) {
        e
    } else {
        f64::INFINITY
    };
    (p.map(|x| x.v), e)
}

/// A normal and its angle bound: for unit vectors, the angle is at most `π/2` times the
/// chord, and `|n/|n| − n*| ≤ 2|n − n*|` for an approximate `n` of a unit `n*`.
pub(crate) fn normal_of(n: &[Est; 3]) -> ([f64; 3], f64) {
    let (v, e) = split(n);
    let angle = core::f64::consts::PI * e * (1.0 + 4.0 * f64::EPSILON);
    if angle.is_nan() || angle >= core::f64::consts::PI {
        (v, core::f64::consts::PI)
    } else {
        (v, angle)
    }
}

/// The time as an [`Est`] (its value and its bound).
pub(crate) fn time_est<T: Scalar>(t: &T, e: f64) -> Est {
    let x = est(t);
    Est { v: x.v, e: x.e + e }
}

/// The contact of a sphere with centre path `c(t)` touching along `normal` (unit, from
/// the other object towards the sphere): the point `c − r·n`.
/// When the normal is not known well enough for a finite bound (the centre within its
/// rounding of the feature, an undefined normal, a zero radius), the point is the centre
/// itself: the exact point `c* − r·n*` is within `|c − c*| + r` of it.
pub(crate) fn sphere_point(c: &[Est; 3], r: Est, n: &[Est; 3]) -> ([f64; 3], f64) {
    let (p, e) = split(&core::array::from_fn(|k| c[k] - r * n[k]));
    if e.is_finite() && p.iter().all(|x| x.is_finite()) {
        return (p, e);
    }
    let (p, e) = split(c);
    (p, (e + r.v.abs() + r.e) * (1.0 + 4.0 * f64::EPSILON))
}

/// The approach along the normal `σ·n` when the offset from the surface changes at the
/// rate `s₁` (its exact sign): the normal velocity is `σ·s₁`.
pub(crate) fn approach_along(rate: Sign, sigma_positive: bool) -> Approach {
    match (rate, sigma_positive) {
        (Sign::Zero, _) => Approach::Resting,
        (Sign::Positive, true) | (Sign::Negative, false) => Approach::Separating,
        _ => Approach::Approaching,
    }
}

/// The contact of a sphere (centre `center`, radius `r` at the rounded time) along the
/// unit normal `n` (`defined`: whether the normal's direction is known), with the exact
/// facts `(feature, approach, overlapping)`.
pub(crate) fn sphere_contact<T: Scalar>(
    hit: crate::sweep::SweepHit<T>,
    center: &[Est; 3],
    r: Est,
    n: &[Est; 3],
    defined: bool,
    (feature, approach, overlapping): (Feature, Approach, bool),
) -> Contact<T> {
    let (point, point_error) = sphere_point(center, r, n);
    let (normal, mut normal_error) = normal_of(n);
    if !defined {
        normal_error = core::f64::consts::PI;
    }
    Contact {
        time: hit.first,
        time_error: hit.first_error,
        point,
        point_error,
        normal,
        normal_error,
        feature,
        approach,
        overlapping,
    }
}
