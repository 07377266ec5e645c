//! The first contact of a moving sphere with a moving sphere or plane.

use super::{
    Approach, Contact, Feature, approach_along, est, est3, esub, sphere_contact, time_est, unit,
};
use crate::geometry::{Plane, Sphere};
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::sweep::compare::approach_sign;
use crate::sweep::interval::{Est, Ex, Expr, Found, Piece, Pt, solve};
use crate::sweep::pieces::{Ball, Motion, Radius, Slab};
use crate::sweep::{sweep_sphere_plane, sweep_sphere_sphere};
use crate::vec3::dot;
use crate::{Scalar, Sign};

/// The exact facts of a single-piece contact: overlapping at `u = 0`, and the approach.
/// (`point_like`: a zero radius, see [`approach_sign`].)
pub(crate) fn facts<T: Scalar, P: Piece<T>>(
    p: &P,
    f: &Found,
    point_like: bool,
) -> (bool, Approach) {
    let overlapping =
        f.first == Pt::Zero && polynomial_sign::<T, _>(&Ex(p, Expr::C)) == Sign::Negative;
    let approach = match approach_sign::<T, P>(p, f.first, point_like) {
        Sign::Negative => Approach::Approaching,
        Sign::Zero => Approach::Resting,
        Sign::Positive => Approach::Separating,
    };
    (overlapping, approach)
}

/// The first contact of two moving spheres (`a` moving by `va`, `b` by `vb`, over
/// `u ∈ [0, 1]`), or `None` if they never touch (exact, as
/// [`sweep_sphere_sphere`]). The normal points from `b` towards `a`; the point is on
/// `a`'s surface, `c_a(u) − r_a·normal`; the feature is always [`Feature::Face`].
/// Bounds as documented on [`Contact`]; the normal is undefined (`normal_error = π`) when
/// the centres coincide.
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, sphere_sphere_contact};
/// use isect::Sphere;
/// // A grazing pass: touching at u = 1/2 with no normal velocity.
/// let a = Sphere::new([-4.0, 2.0, 0.0], 1.0);
/// let b = Sphere::new([0.0, 0.0, 0.0], 1.0);
/// let c = sphere_sphere_contact(&a, &[8.0, 0.0, 0.0], &b, &[0.0; 3]).unwrap();
/// assert_eq!(c.approach, Approach::Resting);
/// assert!((c.point[1] - 1.0).abs() <= c.point_error + 1e-15);
/// ```
pub fn sphere_sphere_contact<T: Scalar>(
    a: &Sphere<T>,
    va: &[T; 3],
    b: &Sphere<T>,
    vb: &[T; 3],
) -> Option<Contact<T>> {
    let hit = sweep_sphere_sphere(a, va, b, vb)?;
    let piece = Ball {
        m: Motion {
            p: &a.center,
            vp: Some(va),
            vq: Some(vb),
        },
        q: &b.center,
        r: Radius(&a.radius, Some(&b.radius)),
    };
    let found = solve(&piece, true)?;
    let point_like = a.radius.is_zero() && b.radius.is_zero();
    let (overlapping, approach) = facts(&piece, &found, point_like);
    let t = time_est(&hit.first, hit.first_error);
    let d0 = esub(&est3(&a.center), &est3(&b.center));
    let w = esub(&est3(va), &est3(vb));
    let d = super::at(&d0, &w, t);
    let n = unit(&d);
    let ca = super::at(&est3(&a.center), &est3(va), t);
    let facts = (Feature::Face, approach, overlapping);
    Some(sphere_contact(hit, &ca, est(&a.radius), &n, true, facts))
}

/// `n·c + d`: the side of the plane a point is on (times `|n|`).
struct Side<'a, T> {
    n: &'a [T; 3],
    d: &'a T,
    c: &'a [T; 3],
    w: &'a [T; 3],
    wp: &'a [T; 3],
    /// The polynomial: `0` the offset `n·c + d`, `1` the rate `n·(w − w_p)`.
    rate: bool,
}

impl<T> Polynomial<T> for Side<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let n = self.n.each_ref().map(lift);
        if self.rate {
            let w = crate::vec3::sub(&self.w.each_ref().map(lift), &self.wp.each_ref().map(lift));
            dot(&n, &w)
        } else {
            dot(&n, &self.c.each_ref().map(lift)) + lift(self.d)
        }
    }
}

/// The first contact of a moving sphere (`s`, moving by `vs`) with a moving plane (`p`,
/// the plane surface `n·x + d = 0`, moving by `vp`), or `None` if they never touch
/// (exact, as [`sweep_sphere_plane`]). The normal is the plane's unit normal on the
/// sphere's side (at `u = 0`; for a centre exactly on the plane, the side it comes from,
/// and undefined, `normal_error = π`, if it stays on it); the point is
/// `c(u) − r·normal`, on the plane at the time of contact.
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, sphere_plane_contact};
/// use isect::{Plane, Sphere};
/// // A ball falling onto the floor z = 0 from height 3, radius 1: contact at u = 1/2.
/// let floor = Plane::new([0.0, 0.0, 2.0], 0.0);
/// let c = sphere_plane_contact(&Sphere::new([1.0, 2.0, 3.0], 1.0), &[0.0, 0.0, -4.0], &floor, &[0.0; 3])
///     .unwrap();
/// assert!((c.time - 0.5_f64).abs() <= c.time_error);
/// assert!(c.point[2].abs() <= c.point_error && (c.normal[2] - 1.0).abs() <= 1e-15);
/// assert_eq!(c.approach, Approach::Approaching);
/// ```
pub fn sphere_plane_contact<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    p: &Plane<T>,
    vp: &[T; 3],
) -> Option<Contact<T>> {
    let hit = sweep_sphere_plane(s, vs, p, vp)?;
    let piece = Slab {
        m: Motion {
            p: &s.center,
            vp: Some(vs),
            vq: Some(vp),
        },
        n: &p.normal,
        d: &p.offset,
        r: Radius(&s.radius, None),
    };
    let found = solve(&piece, true)?;
    let (overlapping, _) = facts(&piece, &found, false);
    let side = |rate| {
        polynomial_sign::<T, _>(&Side {
            n: &p.normal,
            d: &p.offset,
            c: &s.center,
            w: vs,
            wp: vp,
            rate,
        })
    };
    // The sphere's side: that of its centre at u = 0, or, on the plane, the side it
    // comes from (against its motion).
    let (sigma, defined) = match side(false) {
        Sign::Positive => (1.0, true),
        Sign::Negative => (-1.0, true),
        Sign::Zero => match side(true) {
            Sign::Positive => (-1.0, true),
            Sign::Negative => (1.0, true),
            Sign::Zero => (1.0, false),
        },
    };
    // The normal velocity along σ·n is σ·s₁: negative is an impact (exact signs).
    let approach = approach_along(side(true), sigma > 0.0);
    let n = est3(&p.normal).map(|x| Est {
        v: sigma * x.v,
        e: x.e,
    });
    let n = unit(&n);
    let t = time_est(&hit.first, hit.first_error);
    let c = super::at(&est3(&s.center), &est3(vs), t);
    let facts = (Feature::Face, approach, overlapping);
    Some(sphere_contact(hit, &c, est(&s.radius), &n, defined, facts))
}
