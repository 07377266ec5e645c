//! The first contact of a moving sphere with a moving triangle or polygon: which of the
//! face, the edges and the vertices is touched first, decided exactly. One code path for
//! both: a triangle is the polygon of three vertices, and the pieces are those the sweep
//! builds (`crate::sweep::sweep_sphere_polygon::polygon_pieces`).

use core::cmp::Ordering;

use alloc::vec::Vec;

use super::contact_sphere::facts;
use super::{Contact, Feature, approach_along, est, est3, esub, sphere_contact, time_est, unit};
use crate::geometry::{Polygon, Sphere, Triangle};
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::sweep::compare::cmp_named;
use crate::sweep::interval::{Est, Ex, Expr, Found, Piece, Pt, solve, value};
use crate::sweep::pieces::{Ball, Cylinder, Face, Motion, Radius};
use crate::sweep::sweep_sphere_polygon::{Part, Sink, polygon_pieces};
use crate::sweep::{SweepHit, sweep_sphere_polygon, sweep_sphere_triangle};
use crate::vec3::{cross, dot, sub};
use crate::{Scalar, Sign};

/// One convex piece of the sphere/polygon sweep.
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

/// The pieces of the sweep, each with its part of the polygon.
struct Pieces<'a, T>(Vec<(Part, P<'a, T>)>);

impl<'a, T> Sink<'a, T> for Pieces<'a, T> {
    fn face(&mut self, part: Part, p: Face<'a, T>) {
        self.0.push((part, P::Face(p)));
    }
    fn cylinder(&mut self, part: Part, p: Cylinder<'a, T>) {
        self.0.push((part, P::Edge(p)));
    }
    fn ball(&mut self, part: Part, p: Ball<'a, T>) {
        self.0.push((part, P::Vertex(p)));
    }
}

impl<'a, T> Pieces<'a, T> {
    fn find(&self, part: Part) -> Option<&P<'a, T>> {
        self.0.iter().find(|(g, _)| *g == part).map(|(_, p)| p)
    }
}

/// The order among parts touched at the same instant: vertices, then edges, then the
/// face prisms, then the fan diagonals (inside the face of a convex planar polygon).
fn dim(f: Part) -> u8 {
    match f {
        Part::Vertex(_) => 0,
        Part::Edge(_) => 1,
        Part::Face(_) => 2,
        Part::Diagonal(_) => 3,
    }
}

/// The feature a part reports: fan triangles and diagonals are the face.
fn feature_of(p: Part) -> Feature {
    match p {
        Part::Face(_) | Part::Diagonal(_) => Feature::Face,
        Part::Edge(i) => Feature::Edge(i),
        Part::Vertex(i) => Feature::Vertex(i),
    }
}

/// The first contact of a moving sphere (`s`, moving by `vs`) with a moving triangle
/// (`tri`, moving by `vt`), or `None` if they never touch (exact, as
/// [`sweep_sphere_triangle`](fn@sweep_sphere_triangle)).
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
    fan_contact(hit, s, vs, &[&tri.a, &tri.b, &tri.c], vt)
}

/// The first contact of a moving sphere (`s`, moving by `vs`) with a moving polygon
/// (`poly`, moving by `vp`), or `None` if they never touch (exact, as
/// [`sweep_sphere_polygon`](fn@sweep_sphere_polygon): the polygon is read as its fan triangulation from vertex 0).
///
/// As [`sphere_triangle_contact`], with [`Feature::Edge`]`(i)` the edge from vertex `i`
/// to vertex `i + 1 (mod n)` and [`Feature::Vertex`]`(i)` vertex `i`; a contact inside
/// the face, on a fan triangle or on a fan diagonal, is [`Feature::Face`] (for a
/// non-planar polygon the normal is that of the fan surface there: a fan triangle's, or
/// the direction from the diagonal). When the sphere overlaps at `u = 0`, the Voronoi
/// regions are those of the polygon in the plane of its first non-degenerate fan
/// triangle (the closest feature for a convex planar polygon, the input
/// [`try_sweep_sphere_polygon`](crate::sweep::try_sweep_sphere_polygon) accepts). Fewer
/// than three vertices: the segment or point they span; none: `None`. Bounds as on
/// [`Contact`].
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, Feature, sphere_polygon_contact};
/// use isect::{Polygon, Sphere};
/// let square = Polygon::new(vec![[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [2.0, 2.0, 0.0], [0.0, 2.0, 0.0]]);
/// // Straight down onto the square's centre, on the fan diagonal from vertex 0 to 2:
/// // still the face.
/// let s = Sphere::new([1.0, 1.0, 3.0_f64], 1.0);
/// let c = sphere_polygon_contact(&s, &[0.0, 0.0, -4.0], &square, &[0.0; 3]).unwrap();
/// assert_eq!((c.feature, c.approach), (Feature::Face, Approach::Approaching));
/// assert!((c.time - 0.5).abs() <= c.time_error);
/// // Onto the edge from vertex 1 to vertex 2 (x = 2).
/// let s = Sphere::new([2.0, 1.0, 3.0_f64], 1.0);
/// let c = sphere_polygon_contact(&s, &[0.0, 0.0, -4.0], &square, &[0.0; 3]).unwrap();
/// assert_eq!(c.feature, Feature::Edge(1));
/// ```
pub fn sphere_polygon_contact<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    poly: &Polygon<T>,
    vp: &[T; 3],
) -> Option<Contact<T>> {
    let hit = sweep_sphere_polygon(s, vs, poly, vp)?;
    let v: Vec<&[T; 3]> = poly.vertices.iter().collect();
    fan_contact(hit, s, vs, &v, vp)
}

/// The contact of the sphere with the fan surface of `v` (moving by `vt`), given the
/// sweep's hit.
fn fan_contact<T: Scalar>(
    hit: SweepHit<T>,
    s: &Sphere<T>,
    vs: &[T; 3],
    v: &[&[T; 3]],
    vt: &[T; 3],
) -> Option<Contact<T>> {
    let m = Motion {
        p: &s.center,
        vp: Some(vs),
        vq: Some(vt),
    };
    let mut pieces = Pieces(Vec::new());
    polygon_pieces(m, Radius(&s.radius, None), v, &mut pieces);
    let pieces = pieces;
    // The pieces that touch, their first times named and rounded.
    let found: Vec<(usize, Found, f64, f64)> = pieces
        .0
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
    let mut ties: Vec<usize> = Vec::new();
    for (j, f) in found.iter().enumerate() {
        if f.2 - f.3 > reach * (1.0 + 4.0 * f64::EPSILON) {
            continue; // certainly later than some piece
        }
        let Some(&best) = ties.first() else {
            ties.push(j);
            continue;
        };
        let b = &found[best];
        let (pb, pf) = (&pieces.0[b.0].1, &pieces.0[f.0].1);
        match cmp_named::<T, _, _>(pf, f.1.first, pb, b.1.first) {
            Ordering::Less => {
                ties.clear();
                ties.push(j);
            }
            Ordering::Equal => ties.push(j),
            Ordering::Greater => {}
        }
    }
    let win = *ties.iter().min_by_key(|&&j| dim(pieces.0[found[j].0].0))?;
    let (k, f, _, _) = found[win];
    let (mut part, mut piece) = (pieces.0[k].0, &pieces.0[k].1);
    let point_like = s.radius.is_zero();
    let (overlapping, _) = facts(piece, &f, point_like);
    if overlapping {
        // Already inside at u = 0: the part of the closest point (Voronoi regions).
        part = closest_part(&pieces, v, &s.center);
        piece = pieces.find(part).expect("every part has its piece");
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
    let n = v.len();
    let ve: Vec<[Est; 3]> = v
        .iter()
        .map(|p| super::at(&est3(p), &est3(vt), t))
        .collect();
    let mut undefined = false;
    let from_segment = |i: usize, j: usize| {
        let (a, b) = (&ve[i], &ve[j]);
        let (e, f) = (esub(b, a), esub(&c, a));
        // τ = f·e/e·e on both rescaled alike (no underflow or overflow in the dots).
        let s = super::top(&[&e, &f]);
        let (es, fs) = (super::rescale(&e, s), super::rescale(&f, s));
        let tau = super::edot(&fs, &es).div(super::edot(&es, &es));
        core::array::from_fn(|k| f[k] - tau * e[k])
    };
    let d = match part {
        Part::Vertex(i) => esub(&c, &ve[i]),
        Part::Edge(i) => from_segment(i, (i + 1) % n),
        Part::Diagonal(i) => from_segment(0, i),
        Part::Face(i) => {
            let tv = [v[0], v[i], v[i + 1]];
            let [a, b, cc] = tv.map(est3);
            // Each edge rescaled by its own power of two: the cross product's direction
            // is unchanged, and it neither underflows nor overflows.
            let (e1, e2) = (esub(&b, &a), esub(&cc, &a));
            let (e1, e2) = (
                super::rescale(&e1, super::top(&[&e1])),
                super::rescale(&e2, super::top(&[&e2])),
            );
            let nn = cross(&e1, &e2);
            let o = FaceOffset {
                v: tv,
                c: &s.center,
                w: [vs, vt],
                rate: false,
            };
            let side = face_side(o);
            undefined = side.is_none();
            let sigma = side.unwrap_or(1.0);
            // The normal velocity along σ·n is σ·s₁ (exact signs): this also covers a
            // zero radius, where the slab's quadratic has a double root.
            let rate = polynomial_sign::<T, _>(&FaceOffset { rate: true, ..o });
            approach = approach_along(rate, sigma > 0.0);
            nn.map(|x| Est {
                v: sigma * x.v,
                e: x.e,
            })
        }
    };
    let facts = (feature_of(part), approach, overlapping);
    Some(sphere_contact(
        hit,
        &c,
        est(&s.radius),
        &unit(&d),
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

/// `(n × (t − s))·(c − s)` with `n` the normal of the triangle `r`: positive when `c` is
/// strictly on the inner side of the plane through the edge `s → t` along `n`.
struct EdgePlane<'a, T> {
    r: [&'a [T; 3]; 3],
    s: &'a [T; 3],
    t: &'a [T; 3],
    c: &'a [T; 3],
}

impl<T> Polynomial<T> for EdgePlane<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let [a, b, c] = self.r.map(|p| p.each_ref().map(lift));
        let n = cross(&sub(&b, &a), &sub(&c, &a));
        let s = self.s.each_ref().map(lift);
        let m = cross(&n, &sub(&self.t.each_ref().map(lift), &s));
        dot(&m, &sub(&self.c.each_ref().map(lift), &s))
    }
}

/// The part holding the point of the polygon closest to the centre `c` at `u = 0`
/// (Ericson, §5.1.5: the Voronoi regions of a triangle, and of a convex polygon), from
/// exact signs: strictly inside every edge plane (through an edge, along the normal of
/// the first non-degenerate fan triangle) is the face; on or outside edge `i`'s plane and
/// strictly between its ends (the cylinder's `α₀, α₁ > 0` at `u = 0`) is edge `i`;
/// otherwise the vertex before the start of edge `k` and beyond the end of edge `k − 1`.
fn closest_part<T: Scalar>(pieces: &Pieces<'_, T>, v: &[&[T; 3]], c: &[T; 3]) -> Part {
    let n = v.len();
    let sign = |p: &P<'_, T>, i: usize| polynomial_sign::<T, _>(&Ex(p, Expr::Alpha(i)));
    let reference = pieces.0.iter().find_map(|(g, _)| match g {
        Part::Face(k) => Some((*k, [v[0], v[*k], v[*k + 1]])),
        _ => None,
    });
    let inside = |i: usize| {
        reference.is_some_and(|(_, r)| {
            let (s, t) = (v[i], v[(i + 1) % n]);
            polynomial_sign::<T, _>(&EdgePlane { r, s, t, c }) == Sign::Positive
        })
    };
    if let Some((k, _)) = reference
        && (0..n).all(|i| v[i] == v[(i + 1) % n] || inside(i))
    {
        return Part::Face(k);
    }
    for i in 0..n {
        if let Some(e) = pieces.find(Part::Edge(i))
            && !inside(i)
            && sign(e, 0) == Sign::Positive
            && sign(e, 1) == Sign::Positive
        {
            return Part::Edge(i);
        }
    }
    // A vertex: before the start of edge k and beyond the end of edge k − 1.
    for k in 0..n {
        let before = pieces
            .find(Part::Edge(k))
            .is_none_or(|e| sign(e, 0) != Sign::Positive);
        let beyond = pieces
            .find(Part::Edge((k + n - 1) % n))
            .is_none_or(|e| sign(e, 1) != Sign::Positive);
        if before && beyond {
            return Part::Vertex(k);
        }
    }
    Part::Vertex(0)
}
