//! The first contact of a moving sphere with a moving triangle: which of the face, the
//! three edges and the three vertices is touched first, decided exactly.

use core::cmp::Ordering;

use super::contact_sphere::facts;
use super::{Contact, Feature, approach_along, est, est3, esub, sphere_contact, time_est, unit};
use crate::geometry::{Sphere, Triangle};
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::sweep::compare::cmp_named;
use crate::sweep::interval::{Ex, Expr, Found, Piece, Pt, solve, value};
use crate::sweep::pieces::{Ball, Cylinder, Face, Motion, Radius};
use crate::sweep::sweep_sphere_triangle;
use crate::sweep::sweep_sphere_triangle::NormalSq;
use crate::vec3::{cross, dot, sub};
use crate::{Scalar, Sign};

/// One convex piece of the sphere/triangle sweep, with its feature.
enum P<'a, T> {
    Face(Face<'a, T>),
    Edge(Cylinder<'a, T>),
    Vertex(Ball<'a, T>),
}

impl<T: Scalar> Piece<T> for P<'_, T> {
    fn lin_count(&self) -> usize {
        match self {
            P::Face(p) => p.lin_count(),
            P::Edge(p) => p.lin_count(),
            P::Vertex(p) => p.lin_count(),
        }
    }
    fn lin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> (R, R) {
        match self {
            P::Face(p) => p.lin(i, lift),
            P::Edge(p) => p.lin(i, lift),
            P::Vertex(p) => p.lin(i, lift),
        }
    }
    fn has_quad(&self) -> bool {
        true
    }
    fn quad<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        match self {
            P::Face(p) => p.quad(lift),
            P::Edge(p) => p.quad(lift),
            P::Vertex(p) => p.quad(lift),
        }
    }
}

/// The dimension of a feature: vertices before edges before the face.
fn dim(f: Feature) -> u8 {
    match f {
        Feature::Vertex(_) => 0,
        Feature::Edge(_) => 1,
        Feature::Face => 2,
    }
}

/// The first contact of a moving sphere (`s`, moving by `vs`) with a moving triangle
/// (`tri`, moving by `vt`), or `None` if they never touch (exact, as
/// [`sweep_sphere_triangle`](crate::sweep::sweep_sphere_triangle)).
///
/// The feature is the smallest one containing the contact point, decided exactly: the
/// sweep's pieces (face prism, edge cylinders, vertex balls) whose exact first time is the
/// smallest are found by exact comparisons of their algebraic first times
/// (`proofs/contacts.md`), and the lowest-dimensional among them is the feature. When
/// the sphere already overlaps the triangle at `u = 0`, the feature is the one holding
/// the point of the triangle closest to the centre (exact Voronoi-region signs). The
/// normal points from the triangle towards the sphere's centre; the point is
/// `c(u) − r·normal`. A degenerate triangle has no face. Bounds as on [`Contact`].
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, Feature, sphere_triangle_contact};
/// use isect::{Sphere, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]);
/// // Straight down onto vertex 1 from x beyond it: a vertex contact at u = 1/2.
/// let s = Sphere::new([4.0, 0.0, 3.0], 1.0);
/// let c = sphere_triangle_contact(&s, &[0.0, 0.0, -4.0], &tri, &[0.0; 3]).unwrap();
/// assert_eq!((c.feature, c.approach), (Feature::Vertex(1), Approach::Approaching));
/// assert!((c.time - 0.5_f64).abs() <= c.time_error);
/// assert!((c.normal[2] - 1.0).abs() <= c.normal_error);
/// ```
pub fn sphere_triangle_contact<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    tri: &Triangle<T>,
    vt: &[T; 3],
) -> Option<Contact<T>> {
    let hit = sweep_sphere_triangle(s, vs, tri, vt)?;
    let m = Motion {
        p: &s.center,
        vp: Some(vs),
        vq: Some(vt),
    };
    let r = Radius(&s.radius, None);
    let v = [&tri.a, &tri.b, &tri.c];
    let mut pieces: alloc::vec::Vec<(Feature, P<'_, T>)> = alloc::vec::Vec::new();
    let has_face = polynomial_sign::<T, _>(&NormalSq(v)) != Sign::Zero;
    if has_face {
        pieces.push((Feature::Face, P::Face(Face { m, v, r })));
    }
    for i in 0..3 {
        let (s0, s1) = (v[i], v[(i + 1) % 3]);
        if s0 != s1 {
            pieces.push((Feature::Edge(i), P::Edge(Cylinder { m, s0, s1, r })));
        }
    }
    for (i, q) in v.into_iter().enumerate() {
        pieces.push((Feature::Vertex(i), P::Vertex(Ball { m, q, r })));
    }
    // The pieces that touch, their first times named and rounded.
    let found: alloc::vec::Vec<(usize, Found, f64, f64)> = pieces
        .iter()
        .enumerate()
        .filter_map(|(k, (_, p))| {
            let f = solve(p, true)?;
            let (x, e) = value(p, f.first, true);
            Some((k, f, x.to_f64(), e))
        })
        .collect();
    // The exact minimum: candidates whose windows reach the smallest upper end, then
    // exact comparisons among them.
    let reach = found
        .iter()
        .map(|f| f.2 + f.3)
        .fold(f64::INFINITY, f64::min);
    let mut ties: alloc::vec::Vec<usize> = alloc::vec::Vec::new();
    for (j, f) in found.iter().enumerate() {
        if f.2 - f.3 > reach * (1.0 + 4.0 * f64::EPSILON) {
            continue; // certainly later than some piece
        }
        let Some(&best) = ties.first() else {
            ties.push(j);
            continue;
        };
        let b = &found[best];
        let (pb, pf) = (&pieces[b.0].1, &pieces[f.0].1);
        match cmp_named::<T, _, _>(pf, f.1.first, pb, b.1.first) {
            Ordering::Less => {
                ties.clear();
                ties.push(j);
            }
            Ordering::Equal => ties.push(j),
            Ordering::Greater => {}
        }
    }
    let win = *ties.iter().min_by_key(|&&j| dim(pieces[found[j].0].0))?;
    let (k, f, _, _) = found[win];
    let (mut feature, mut piece) = (pieces[k].0, &pieces[k].1);
    let point_like = s.radius.is_zero();
    let (overlapping, _) = facts(piece, &f, point_like);
    if overlapping {
        // Already inside at u = 0: the feature of the closest point (Voronoi regions).
        feature = closest_feature(&pieces, has_face);
        piece = &pieces
            .iter()
            .find(|(g, _)| *g == feature)
            .expect("every feature has its piece")
            .1;
    }
    let at_first = if overlapping { Pt::Zero } else { f.first };
    let (_, mut approach) = facts(
        piece,
        &Found {
            first: at_first,
            last: f.last,
        },
        point_like,
    );
    // Geometry at the rounded time.
    let t = time_est(&hit.first, hit.first_error);
    let c = super::at(&est3(&s.center), &est3(vs), t);
    let ve = v.map(|p| super::at(&est3(p), &est3(vt), t));
    let mut undefined = false;
    let d = match feature {
        Feature::Vertex(i) => esub(&c, &ve[i]),
        Feature::Edge(i) => {
            let (a, b) = (&ve[i], &ve[(i + 1) % 3]);
            let e = esub(b, a);
            let f = esub(&c, a);
            let tau = super::edot(&f, &e).div(super::edot(&e, &e));
            core::array::from_fn(|k| f[k] - tau * e[k])
        }
        Feature::Face => {
            let [a, b, cc] = v.map(est3);
            let (e1, e2) = (esub(&b, &a), esub(&cc, &a));
            let n = cross(&e1, &e2);
            let side = face_side(FaceOffset {
                v,
                c: &s.center,
                w: [vs, vt],
                rate: false,
            });
            undefined = side.is_none();
            let sigma = side.unwrap_or(1.0);
            // The normal velocity along σ·n is σ·s₁ (exact signs): this also covers a
            // zero radius, where the slab's quadratic has a double root.
            let rate = polynomial_sign::<T, _>(&FaceOffset {
                v,
                c: &s.center,
                w: [vs, vt],
                rate: true,
            });
            approach = approach_along(rate, sigma > 0.0);
            n.map(|x| crate::sweep::interval::Est {
                v: sigma * x.v,
                e: x.e,
            })
        }
    };
    let n = unit(&d);
    let facts = (feature, approach, overlapping);
    Some(sphere_contact(
        hit,
        &c,
        est(&s.radius),
        &n,
        !undefined,
        facts,
    ))
}

/// `s₀ = n·(c − a)` (the centre's offset from the triangle's plane at `u = 0`, times
/// `|n|`) or `s₁ = n·(v_s − v_t)` (its rate), `n = (b − a) × (c − a)`.
struct FaceOffset<'a, T> {
    v: [&'a [T; 3]; 3],
    c: &'a [T; 3],
    w: [&'a [T; 3]; 2],
    rate: bool,
}

impl<T> Clone for FaceOffset<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for FaceOffset<'_, T> {}

impl<T> Polynomial<T> for FaceOffset<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let [a, b, c] = self.v.map(|p| p.each_ref().map(lift));
        let n = cross(&sub(&b, &a), &sub(&c, &a));
        if self.rate {
            let [ws, wt] = self.w.map(|p| p.each_ref().map(lift));
            dot(&n, &sub(&ws, &wt))
        } else {
            dot(&n, &sub(&self.c.each_ref().map(lift), &a))
        }
    }
}

/// The side (`±1`) of the triangle's plane the sphere touches from: that of its centre
/// at `u = 0` (a face contact after `u = 0` comes from outside the slab, so from the
/// side of the start), or for a centre on the plane the side it comes from (against its
/// motion); `None` if it stays on the plane (the normal's sign is then undefined).
fn face_side<T: Scalar>(o: FaceOffset<'_, T>) -> Option<f64> {
    let s = |rate| polynomial_sign::<T, _>(&FaceOffset { rate, ..o });
    match s(false) {
        Sign::Positive => Some(1.0),
        Sign::Negative => Some(-1.0),
        Sign::Zero => match s(true) {
            Sign::Positive => Some(-1.0),
            Sign::Negative => Some(1.0),
            Sign::Zero => None,
        },
    }
}

/// The feature holding the point of the triangle closest to the centre at `u = 0`
/// (Ericson, §5.1.5: the Voronoi regions of a triangle), from exact signs of the pieces'
/// linear constraints at `u = 0`: inside the three edge planes is the face; outside edge
/// `i`'s plane (or on it) and strictly between its ends is edge `i`; otherwise a vertex.
fn closest_feature<T: Scalar>(pieces: &[(Feature, P<'_, T>)], has_face: bool) -> Feature {
    let sign = |p: &P<'_, T>, i: usize| polynomial_sign::<T, _>(&Ex(p, Expr::Alpha(i)));
    let find = |f: Feature| pieces.iter().find(|(g, _)| *g == f).map(|(_, p)| p);
    let face = find(Feature::Face);
    if let (true, Some(face)) = (has_face, face)
        && (0..3).all(|i| sign(face, i) == Sign::Positive)
    {
        return Feature::Face;
    }
    for i in 0..3 {
        let outside = match face {
            Some(face) => sign(face, i) != Sign::Positive,
            None => true,
        };
        if let (true, Some(e)) = (outside, find(Feature::Edge(i)))
            && sign(e, 0) == Sign::Positive
            && sign(e, 1) == Sign::Positive
        {
            return Feature::Edge(i);
        }
    }
    // A vertex: before the start of edge k and beyond the end of edge k − 1.
    for k in 0..3 {
        let before = find(Feature::Edge(k)).is_none_or(|e| sign(e, 0) != Sign::Positive);
        let beyond = find(Feature::Edge((k + 2) % 3)).is_none_or(|e| sign(e, 1) != Sign::Positive);
        if before && beyond {
            return Feature::Vertex(k);
        }
    }
    Feature::Vertex(0)
}
