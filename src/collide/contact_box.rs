//! The first contact of two moving boxes: axis-aligned ([`aabb_aabb_contact`]) and
//! oriented ([`obb_obb_contact`]).
//!
//! Both sweeps are one convex piece made of slabs: linear constraints
//! `cⱼ(u) = αⱼ + βⱼ·u ≥ 0`, two per direction `Lⱼ` (an axis for AABBs, a separating axis for
//! OBBs), the even one `R + D(u)·L ≥ 0` (the second box on the `−L` side of the first) and
//! the odd one `R − D(u)·L ≥ 0`. At the first time `t*` the *tight* constraints
//! (`cⱼ(t*) = 0`) are the touching face pairs; everything below is decided from their
//! exact signs (`proofs/contacts.md`, section 7).

use alloc::vec::Vec;

use super::{Approach, est, est3, normal_of, time_est, unit};
use crate::geometry::{Aabb, Obb};
use crate::overlap::obb_axes::{AxisDir, ObbAxis};
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::sweep::interval::{Est, Expr, Found, INFLATE, Piece, Pt, Signer, U, solve};
use crate::sweep::single_hit;
use crate::sweep::sweep_aabb_aabb::{Boxes, aabb_boxes};
use crate::sweep::sweep_obb_obb::{Slabs, certain_miss, obb_slabs};
use crate::vec3::dot;
use crate::{Scalar, Sign};

/// Where a feature of a box lies along one of the box's axes: at the axis's lower end,
/// at its upper end, or spanning it.
///
/// # Examples
///
/// ```
/// use isect::collide::{BoxFeature, BoxSide, aabb_aabb_contact};
/// use isect::Aabb;
/// let a = Aabb::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
/// let b = Aabb::new([3.0, 0.0, 0.0], [4.0, 1.0, 1.0]);
/// let c = aabb_aabb_contact(&a, &[2.0, 0.0, 0.0], &b, &[-2.0, 0.0, 0.0]).unwrap();
/// // a's face x = max meets b's face x = min.
/// assert_eq!(c.features[0], BoxFeature([BoxSide::Max, BoxSide::Span, BoxSide::Span]));
/// assert_eq!(c.features[1], BoxFeature([BoxSide::Min, BoxSide::Span, BoxSide::Span]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxSide {
    /// At the lower end (`min` of an AABB, `−half extent` of an OBB axis).
    Min,
    /// At the upper end.
    Max,
    /// Free along the axis.
    Span,
}

/// A feature of a box, one [`BoxSide`] per axis: three fixed sides are a vertex, two an
/// edge, one a face, none the whole box. (A flat box's `Min` and `Max` coincide.)
///
/// # Examples
///
/// ```
/// use isect::collide::{BoxFeature, BoxSide};
/// // The edge of a box along its axis 2, at the upper ends of axes 0 and 1.
/// let e = BoxFeature([BoxSide::Max, BoxSide::Max, BoxSide::Span]);
/// assert_eq!(e.0.iter().filter(|s| **s == BoxSide::Span).count(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxFeature(pub [BoxSide; 3]);

/// The first contact of two moving axis-aligned boxes ([`aabb_aabb_contact`]).
///
/// The contact region at the time of contact is the box `region` (corners `[min, max]`):
/// a rectangle for a face/face contact, a segment for an edge/edge one, a point for a
/// corner; when the boxes overlap at `u = 0`, their solid intersection there.
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, aabb_aabb_contact};
/// use isect::Aabb;
/// let a = Aabb::new([0.0, 0.0, 0.0], [2.0, 2.0, 2.0]);
/// let b = Aabb::new([1.0, 1.0, 4.0], [3.0, 3.0, 5.0]);
/// // b falls onto a's top face: the contact region is the square [1, 2]² at z = 2.
/// let c = aabb_aabb_contact(&a, &[0.0; 3], &b, &[0.0, 0.0, -4.0]).unwrap();
/// assert_eq!((c.time, c.approach), (0.5, Approach::Approaching));
/// assert_eq!(c.region, [[1.0, 1.0, 2.0], [2.0, 2.0, 2.0]]);
/// assert_eq!((c.normal, c.point), ([0.0, 0.0, -1.0], [1.5, 1.5, 2.0]));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct AabbContact<T> {
    /// The first time of contact, `u ∈ [0, 1]` (the sweep's first time).
    pub time: T,
    /// A bound on `|time − exact time|` (at most [`crate::sweep::TIME_ACCURACY`]).
    pub time_error: f64,
    /// A representative contact point: the centre of `region` (rounded).
    pub point: [f64; 3],
    /// A bound on the distance from `point` to the exact region's centre.
    pub point_error: f64,
    /// The unit contact normal, from `b` towards `a`: the normal of the touching face
    /// pair, or for an edge or corner contact the unit sum of the touching pairs'
    /// normals (rounded).
    pub normal: [f64; 3],
    /// A bound on the angle, in radians, between `normal` and the exact one (`π` when it is
    /// undefined: two flat boxes touching from both sides on one axis).
    pub normal_error: f64,
    /// The contact region's corners `[min, max]` at the time of contact (rounded).
    pub region: [[f64; 3]; 2],
    /// A bound on the error of every coordinate of `region`.
    pub region_error: f64,
    /// The smallest features of `a` and `b` holding the contact region (exact); when
    /// overlapping at `u = 0`, their faces along the normal.
    pub features: [BoxFeature; 2],
    /// The sign of the relative normal velocity at the contact (exact).
    pub approach: Approach,
    /// Whether the boxes already overlap (interpenetrate) at `u = 0` (exact).
    pub overlapping: bool,
}

/// A separating axis of two oriented boxes `a` (axes `a₀, a₁, a₂`) and `b` (`b₀, b₁, b₂`).
///
/// # Examples
///
/// ```
/// use isect::collide::{ContactAxis, obb_obb_contact};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// let b = Obb::new([4.0, 0.5, 0.5], id, [1.0; 3]);
/// let c = obb_obb_contact(&a, &[0.0; 3], &b, &[-4.0, 0.0, 0.0]).unwrap();
/// // Face x of a against face x of b: both face axes are tight, and so are the edge
/// // pairs whose cross product is along x (a₁ × b₂, a₂ × b₁): the same direction.
/// use ContactAxis::{Edges, FaceA, FaceB};
/// assert_eq!(c.axes, vec![FaceA(0), FaceB(0), Edges(1, 2), Edges(2, 1)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactAxis {
    /// The normal `a_{i+1} × a_{i+2}` of `a`'s faces across its axis `i`.
    FaceA(usize),
    /// The normal `b_{j+1} × b_{j+2}` of `b`'s faces across its axis `j`.
    FaceB(usize),
    /// `aᵢ × bⱼ`: an edge of `a` against an edge of `b`.
    Edges(usize, usize),
    /// An axis of a flat Minkowski difference (zero extents or parallel axes).
    Flat,
}

/// The first contact of two moving oriented boxes ([`obb_obb_contact`]).
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, BoxSide, ContactAxis, obb_obb_contact};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// // A cube turned 45° about z: its vertical edge x = cx − 1 meets a's face x = 1.
/// let rot = [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([5.0, 0.0, 0.0], rot, [0.5, 0.5, 1.0]);
/// let c = obb_obb_contact(&a, &[0.0; 3], &b, &[-6.0, 0.0, 0.0]).unwrap();
/// assert_eq!((c.time, c.axes[0], c.approach), (0.5, ContactAxis::FaceA(0), Approach::Approaching));
/// assert!((c.normal[0] + 1.0).abs() <= c.normal_error);
/// // b's edge: at the lower end of its axis 0 and the upper end of its axis 1.
/// assert_eq!(c.features[1].0, [BoxSide::Min, BoxSide::Max, BoxSide::Span]);
/// assert!((c.point[0] - 1.0).abs() <= c.point_error && c.point[1].abs() <= c.point_error);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ObbContact<T> {
    /// The first time of contact, `u ∈ [0, 1]` (the sweep's first time).
    pub time: T,
    /// A bound on `|time − exact time|` (at most [`crate::sweep::TIME_ACCURACY`]).
    pub time_error: f64,
    /// A contact point (rounded): within `point_error` of a point of each box's surface at
    /// the exact time of contact.
    pub point: [f64; 3],
    /// The bound on `point` (for overlapping boxes it includes half the penetration).
    pub point_error: f64,
    /// The unit contact normal, from `b` towards `a`: the first of `axes` (rounded).
    pub normal: [f64; 3],
    /// A bound on the angle, in radians, between `normal` and the exact unit axis.
    pub normal_error: f64,
    /// The separating axes that are tight at the first contact (exact; several when they
    /// tie), in the order faces of `a`, faces of `b`, edge pairs, flat axes; when
    /// overlapping at `u = 0`, the axes of least penetration.
    pub axes: Vec<ContactAxis>,
    /// The features of `a` and `b` touching: the intersection of their supporting
    /// features along the tight axes (exact).
    pub features: [BoxFeature; 2],
    /// The sign of the relative normal velocity at the contact (exact).
    pub approach: Approach,
    /// Whether the boxes already overlap (interpenetrate) at `u = 0` (exact).
    pub overlapping: bool,
}

/// A sweep piece made of slabs, two constraints per direction `Lⱼ`.
trait Slabbed<T: Scalar>: Piece<T> {
    /// `|L|²` of constraint `j`'s direction.
    fn dir_sq<R: Ring>(&self, j: usize, lift: &impl Fn(&T) -> R) -> R;
}

impl<T: Scalar> Slabbed<T> for Boxes<'_, T> {
    fn dir_sq<R: Ring>(&self, _: usize, lift: &impl Fn(&T) -> R) -> R {
        lift(&T::one())
    }
}

impl<T: Scalar> Slabbed<T> for Slabs<'_, T> {
    fn dir_sq<R: Ring>(&self, j: usize, lift: &impl Fn(&T) -> R) -> R {
        match self.pair.direction(self.axes[j / 2].0, lift) {
            AxisDir::Vector(l) => dot(&l, &l),
            AxisDir::Unit(_) => lift(&T::one()),
        }
    }
}

/// `αᵢ²·|Lⱼ|² − αⱼ²·|Lᵢ|²` (`Depth(i, j)`, for `αᵢ, αⱼ > 0`: negative iff the depth
/// `αᵢ/|Lᵢ|` is the smaller), or `|Lᵢ|²` alone (`DirSq(i)`).
enum Depth<'a, P> {
    Cmp(&'a P, usize, usize),
    DirSq(&'a P, usize),
}

impl<T: Scalar, P: Slabbed<T>> Polynomial<T> for Depth<'_, P> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        match *self {
            Depth::Cmp(p, i, j) => {
                let (ai, _) = p.lin(i, lift);
                let (aj, _) = p.lin(j, lift);
                ai.clone() * ai * p.dir_sq(j, lift) - aj.clone() * aj * p.dir_sq(i, lift)
            }
            Depth::DirSq(p, i) => p.dir_sq(i, lift),
        }
    }
}

/// The exact facts of a box contact.
struct Core {
    /// The tight constraints (or, overlapping, those of least penetration).
    tight: Vec<usize>,
    /// The constraints whose directions make the normal.
    normal: Vec<usize>,
    approach: Approach,
    overlapping: bool,
}

fn core<T: Scalar, P: Slabbed<T>>(p: &P, found: Found) -> Core {
    // The piece's αⱼ, βⱼ evaluated once with running bounds; exact signs where needed.
    let signer = Signer::new(p);
    let sign = |e: Expr| signer.sign(e);
    let n = p.lin_count();
    // Zero directions (parallel generators of an OBB pair) constrain nothing: αⱼ = βⱼ = 0
    // identically, so they would look tight; asked only of those that do.
    let live = |j: usize| polynomial_sign::<T, _>(&Depth::DirSq(p, j)) != Sign::Zero;
    let mut tight: Vec<usize> = match found.first {
        // cⱼ(xᵢ)·βᵢ = αⱼβᵢ − αᵢβⱼ.
        Pt::Lin(i, _) => (0..n)
            .filter(|&j| (j == i || sign(Expr::Cross(i, j)) == Sign::Zero) && live(j))
            .collect(),
        _ => (0..n)
            .filter(|&j| sign(Expr::Alpha(j)) == Sign::Zero && live(j))
            .collect(),
    };
    let overlapping = tight.is_empty();
    if overlapping {
        // Every constraint strictly holds at u = 0: the least penetration, exactly.
        for j in (0..n).filter(|&j| live(j)) {
            let Some(&best) = tight.first() else {
                tight.push(j);
                continue;
            };
            match polynomial_sign::<T, _>(&Depth::Cmp(p, j, best)) {
                Sign::Negative => {
                    tight.clear();
                    tight.push(j);
                }
                Sign::Zero => tight.push(j),
                Sign::Positive => {}
            }
        }
    }
    let rates: Vec<Sign> = tight.iter().map(|&j| sign(Expr::Beta(j))).collect();
    let deeper = rates.contains(&Sign::Positive);
    let leaving = rates.contains(&Sign::Negative);
    let approach = match (deeper, leaving) {
        (true, false) => Approach::Approaching,
        (false, true) => Approach::Separating,
        // At rest along every touching pair, or a graze past an edge or corner (one
        // pair closing while another opens: touching at this instant only).
        _ => Approach::Resting,
    };
    let normal = if approach == Approach::Approaching {
        tight
            .iter()
            .zip(&rates)
            .filter(|(_, r)| **r == Sign::Positive)
            .map(|(j, _)| *j)
            .collect()
    } else {
        tight.clone()
    };
    Core {
        tight,
        normal,
        approach,
        overlapping,
    }
}

fn side(coef: Option<i8>) -> BoxSide {
    match coef {
        Some(c) if c < 0 => BoxSide::Min,
        Some(_) => BoxSide::Max,
        None => BoxSide::Span,
    }
}

/// The first contact of two moving axis-aligned boxes (`a` moving by `va`, `b` by `vb`,
/// over `u ∈ [0, 1]`), or `None` if they never touch (exact, as
/// [`sweep_aabb_aabb`](fn@crate::sweep::sweep_aabb_aabb)).
///
/// **Exact**: the touching face pairs (the per-axis constraints that are tight at the
/// first time, by exact signs of the cross products of their `α + β·u`), hence the
/// features of both boxes and the normal's direction; the approach (the signs of the
/// tight constraints' rates: some closing and none opening is an impact, all at rest is
/// resting or sliding, closing on one axis while opening on another is a graze past an
/// edge or corner, reported [`Approach::Resting`]); the overlap at `u = 0` (then the
/// normal is that of least penetration, compared exactly). **Rounded**: the time (the
/// sweep's), the region (each end the larger or smaller of two coordinates at the
/// rounded time, with the time's error carried), its centre, and the normal's
/// `1/√2`, `1/√3`. Bounds as documented on the fields (`proofs/contacts.md`, section 7).
///
/// # Examples
///
/// ```
/// use isect::collide::{Approach, BoxSide, aabb_aabb_contact};
/// use isect::Aabb;
/// let a = Aabb::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
/// // Corner first: b's corner (2, 2, 0) moves onto a's edge x = y = 1 exactly.
/// let b = Aabb::new([2.0, 2.0, 0.0], [3.0, 3.0, 1.0]);
/// let c = aabb_aabb_contact(&a, &[0.0; 3], &b, &[-2.0, -2.0, 0.0]).unwrap();
/// assert_eq!((c.time, c.approach), (0.5, Approach::Approaching));
/// assert_eq!(c.features[0].0, [BoxSide::Max, BoxSide::Max, BoxSide::Span]);
/// assert!((c.normal[0] + 0.5_f64.sqrt()).abs() <= 1e-15 && c.normal[2] == 0.0);
/// assert_eq!(c.region, [[1.0, 1.0, 0.0], [1.0, 1.0, 1.0]]); // the whole edge
/// ```
pub fn aabb_aabb_contact<T: Scalar>(
    a: &Aabb<T>,
    va: &[T; 3],
    b: &Aabb<T>,
    vb: &[T; 3],
) -> Option<AabbContact<T>> {
    let p = aabb_boxes(a, va, b, vb)?;
    let found = solve(&p, true)?;
    let hit = single_hit(&p, Some(found), true)?;
    let core = core(&p, found);
    // Constraint 2k tight: b's max face on a's min face (b below a on axis k).
    let (mut fa, mut fb) = ([None; 3], [None; 3]);
    for &j in &core.tight {
        let (k, s) = (j / 2, if j % 2 == 0 { -1 } else { 1 });
        fa[k].get_or_insert(s);
        fb[k].get_or_insert(-s);
    }
    let mut nv = [0.0_f64; 3];
    for &j in &core.normal {
        nv[j / 2] += if j % 2 == 0 { 1.0 } else { -1.0 };
    }
    let (normal, normal_error) = if nv == [0.0; 3] {
        (nv, core::f64::consts::PI)
    } else {
        normal_of(&unit(&nv.map(Est::exact)))
    };
    let t = time_est(&hit.first, hit.first_error);
    let pos = |x: &[T; 3], v: &[T; 3]| super::at(&est3(x), &est3(v), t);
    let (amin, amax, bmin, bmax) = (
        pos(&a.min, va),
        pos(&a.max, va),
        pos(&b.min, vb),
        pos(&b.max, vb),
    );
    // max and min are 1-Lipschitz: the larger of two estimates is within the larger
    // bound of the larger exact value.
    let mut region = [[0.0; 3]; 2];
    let mut err: f64 = 0.0;
    let mut point = [0.0; 3];
    let mut point_error = 0.0;
    for k in 0..3 {
        let lo = amin[k].v.max(bmin[k].v);
        let hi = amax[k].v.min(bmax[k].v);
        let e = amin[k].e.max(bmin[k].e).max(amax[k].e).max(bmax[k].e);
        // lo > hi only from rounding: the midpoint keeps the bound (proofs/contacts.md §7).
        let (lo, hi) = if lo > hi {
            let m = lo / 2.0 + hi / 2.0;
            (m, m)
        } else {
            (lo, hi)
        };
        let e = (e + U * lo.abs().max(hi.abs()) + f64::from_bits(1)) * INFLATE;
        region[0][k] = lo;
        region[1][k] = hi;
        err = err.max(e);
        point[k] = lo / 2.0 + hi / 2.0;
        point_error += (e + U * point[k].abs() + f64::from_bits(1)) * INFLATE;
    }
    let known = region.iter().flatten().all(|x| x.is_finite()) && err.is_finite();
    let (region_error, point_error) = if known {
        (err, point_error * INFLATE)
    } else {
        (f64::INFINITY, f64::INFINITY)
    };
    Some(AabbContact {
        time: hit.first,
        time_error: hit.first_error,
        point,
        point_error,
        normal,
        normal_error,
        region,
        region_error,
        features: [BoxFeature(fa.map(side)), BoxFeature(fb.map(side))],
        approach: core.approach,
        overlapping: core.overlapping,
    })
}

fn contact_axis(axis: ObbAxis) -> ContactAxis {
    match axis {
        ObbAxis::Cross(p, q) if p < 3 && q < 3 => ContactAxis::FaceA(3 - p - q),
        ObbAxis::Cross(p, q) if p >= 3 && q >= 3 => ContactAxis::FaceB(9 - p - q),
        ObbAxis::Cross(p, q) => ContactAxis::Edges(p.min(q), p.max(q) - 3),
        _ => ContactAxis::Flat,
    }
}

/// One box in plain `f64` at the rounded time: centre, axes, half extents.
struct Frame {
    c: [f64; 3],
    g: [[f64; 3]; 3],
    h: [f64; 3],
}

impl Frame {
    /// The coordinates of `x` in the box's axes, clamped into the feature `f` (fixed
    /// sides at `±h`, free ones into `[−h, h]`, shrunk by `shrink` so that a rounded
    /// extent stays inside the exact one); `0` where not computable.
    fn coords(&self, x: &[f64; 3], f: &[Option<i8>; 3], shrink: f64) -> [f64; 3] {
        let d = [0, 1, 2].map(|k| x[k] - self.c[k]);
        let g = &self.g;
        let det = dot(&g[0], &crate::vec3::cross(&g[1], &g[2]));
        core::array::from_fn(|m| {
            let h = self.h[m];
            match f[m] {
                Some(s) => f64::from(s) * h,
                None => {
                    let dual = crate::vec3::cross(&g[(m + 1) % 3], &g[(m + 2) % 3]);
                    let l = dot(&d, &dual) / det;
                    let hs = h * shrink;
                    if l.is_finite() { l.clamp(-hs, hs) } else { 0.0 }
                }
            }
        })
    }

    fn point(&self, l: &[f64; 3]) -> [f64; 3] {
        core::array::from_fn(|k| {
            self.c[k] + l[0] * self.g[0][k] + l[1] * self.g[1][k] + l[2] * self.g[2][k]
        })
    }
}

/// The box `o` moving by `v` at the rounded time `t`, in plain `f64`.
fn frame<T: Scalar>(o: &Obb<T>, v: &[T; 3], t: f64) -> Frame {
    Frame {
        c: core::array::from_fn(|k| o.center[k].to_f64() + t * v[k].to_f64()),
        g: o.axes.each_ref().map(|a| a.each_ref().map(Scalar::to_f64)),
        h: o.half_extents.each_ref().map(Scalar::to_f64),
    }
}

/// `c(t) + Σ λₘ·gₘ` with its bound, for fixed coordinates `±h` (exact values of the
/// input) and free ones the `f64` constants `l`.
fn box_point<T: Scalar>(
    o: &Obb<T>,
    v: &[T; 3],
    t: Est,
    f: &[Option<i8>; 3],
    l: &[f64; 3],
) -> [Est; 3] {
    let mut p = super::at(&est3(&o.center), &est3(v), t);
    for m in 0..3 {
        let lm = match f[m] {
            Some(s) => {
                let h = est(&o.half_extents[m]);
                if s < 0 { -h } else { h }
            }
            None => Est::exact(l[m]),
        };
        let g = est3(&o.axes[m]);
        for k in 0..3 {
            p[k] = p[k] + lm * g[k];
        }
    }
    p
}

/// The closest points of the lines `p + s·d` and `q + t·e` (plain `f64`), if not parallel.
fn line_line(p: &[f64; 3], d: &[f64; 3], q: &[f64; 3], e: &[f64; 3]) -> Option<[f64; 3]> {
    let r = [0, 1, 2].map(|k| p[k] - q[k]);
    let (a, b, c) = (dot(d, d), dot(d, e), dot(e, e));
    let (dd, ee) = (dot(d, &r), dot(e, &r));
    let den = a * c - b * b;
    let s = (b * ee - c * dd) / den;
    let x = [0, 1, 2].map(|k| p[k] + s * d[k]);
    (s.is_finite() && den != 0.0).then_some(x)
}

/// The first contact of two translating oriented boxes (`a` moving by `va`, `b` by `vb`,
/// over `u ∈ [0, 1]`), or `None` if they never touch (exact, as
/// [`sweep_obb_obb`](fn@crate::sweep::sweep_obb_obb)).
///
/// **Exact**: which separating axes are tight at the first contact (exact signs of the
/// cross products of their constraints `α + β·u`; ties all reported, in [`ObbContact::axes`]),
/// the normal's axis and side, the touching features (each box's supporting feature
/// along the tight axes: the exact signs `σₘ` of `gₘ·L`), the approach (as for
/// [`aabb_aabb_contact`]) and the overlap at `u = 0` (then the axes of least penetration
/// `α/|L|`, compared exactly through `α₁²|L₂|² − α₂²|L₁|²`). **Rounded**: the time (the
/// sweep's), the normal (`±L/|L|`, with its angle bound) and the point: a point `p` of
/// `a`'s feature and a point `q` of `b`'s feature found in `f64` (alternating
/// projections, or the closest points of two edges), evaluated from the inputs with
/// running error bounds; `point` is their midpoint and `point_error` bounds its distance
/// to each box's surface at the exact time: half of `|p − q|` plus the evaluation
/// bounds (`proofs/contacts.md`, section 7).
///
/// # Examples
///
/// ```
/// use isect::collide::{BoxSide, ContactAxis, obb_obb_contact};
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// // b's edge along x, below, rises onto a's bottom edge along y: an edge/edge contact.
/// let e = [[1.0, 0.0, 0.0], [0.0, 1.0, 1.0], [0.0, -1.0, 1.0]];
/// let b = Obb::new([0.0, 0.0, -4.0], e, [0.5, 0.5, 0.5]);
/// let c = obb_obb_contact(&a, &[0.0; 3], &b, &[0.0, 0.0, 4.0]).unwrap();
/// assert!(c.axes.contains(&ContactAxis::FaceA(2)));
/// assert!((c.point[2] + 1.0).abs() <= c.point_error);
/// ```
pub fn obb_obb_contact<T: Scalar>(
    a: &Obb<T>,
    va: &[T; 3],
    b: &Obb<T>,
    vb: &[T; 3],
) -> Option<ObbContact<T>> {
    if certain_miss(a, va, b, vb) {
        return None;
    }
    let p = obb_slabs(a, va, b, vb)?;
    let found = solve(&p, true)?;
    let hit = single_hit(&p, Some(found), true)?;
    let core = core(&p, found);
    let mut axes: Vec<ContactAxis> = Vec::new();
    let mut last = usize::MAX;
    let mut f = [[None; 3]; 2];
    for &j in &core.tight {
        let (axis, sig) = p.axes[j / 2];
        if j / 2 != last {
            axes.push(contact_axis(axis));
            last = j / 2;
        }
        // Even: b on the −L side; a touches with its support along −L, b along +L.
        let s: i8 = if j % 2 == 0 { 1 } else { -1 };
        for m in 0..6 {
            if sig[m] != 0 {
                let (bx, c) = if m < 3 {
                    (0, -s * sig[m])
                } else {
                    (1, s * sig[m])
                };
                f[bx][m % 3].get_or_insert(c);
            }
        }
    }
    let j0 = core.normal[0];
    let lift = |x: &T| est(x);
    let l = match p.pair.direction(p.axes[j0 / 2].0, &lift) {
        AxisDir::Vector(l) => l,
        AxisDir::Unit(k) => core::array::from_fn(|i| Est::exact(if i == k { 1.0 } else { 0.0 })),
    };
    let l = if j0 % 2 == 0 { l } else { l.map(|x| -x) };
    let (normal, normal_error) = normal_of(&unit(&l));
    // The point: a's and b's features at the rounded time, met by alternating
    // projections in f64, then evaluated with bounds.
    let t = time_est(&hit.first, hit.first_error);
    let (fa, fb) = (frame(a, va, t.v), frame(b, vb, t.v));
    let shrink = if crate::scalar::is_float::<T>() {
        1.0
    } else {
        1.0 - 4.0 * f64::EPSILON
    };
    let centre = |fr: &Frame, ft: &[Option<i8>; 3]| fr.point(&fr.coords(&fr.c, ft, 0.0));
    let (ca, cb) = (centre(&fa, &f[0]), centre(&fb, &f[1]));
    let mut x = [0, 1, 2].map(|k| ca[k] / 2.0 + cb[k] / 2.0);
    let free = |ft: &[Option<i8>; 3]| ft.iter().filter(|s| s.is_none()).count();
    if free(&f[0]) == 1 && free(&f[1]) == 1 {
        let dir = |fr: &Frame, ft: &[Option<i8>; 3]| {
            fr.g[ft.iter().position(|s| s.is_none()).unwrap_or(0)]
        };
        if let Some(y) = line_line(&ca, &dir(&fa, &f[0]), &cb, &dir(&fb, &f[1])) {
            x = y;
        }
    }
    for _ in 0..64 {
        let pa = fa.point(&fa.coords(&x, &f[0], shrink));
        let pb = fb.point(&fb.coords(&pa, &f[1], shrink));
        let gap = (0..3).map(|k| (pa[k] - pb[k]).abs()).fold(0.0, f64::max);
        x = pb;
        if gap <= (pa[0].abs() + pa[1].abs() + pa[2].abs()) * 1e-17 {
            break;
        }
    }
    let la = fa.coords(&x, &f[0], shrink);
    let pa = box_point(a, va, t, &f[0], &la);
    let lb = fb.coords(&fa.point(&la), &f[1], shrink);
    let pb = box_point(b, vb, t, &f[1], &lb);
    let point: [f64; 3] = core::array::from_fn(|k| pa[k].v / 2.0 + pb[k].v / 2.0);
    // |p − q|₁ bounds the Euclidean distance and never underflows (squares would).
    let gap: f64 = (0..3).map(|k| (pa[k].v - pb[k].v).abs()).sum();
    let eval = |p: &[Est; 3]| p.iter().map(|x| x.e).sum::<f64>();
    let rounding: f64 = point.iter().map(|x| U * x.abs() + f64::from_bits(1)).sum();
    let point_error = (gap * (1.0 + 8.0 * U) / 2.0 + eval(&pa).max(eval(&pb)) + rounding) * INFLATE;
    let point_error = if point_error.is_finite() && point.iter().all(|x| x.is_finite()) {
        point_error
    } else {
        f64::INFINITY
    };
    Some(ObbContact {
        time: hit.first,
        time_error: hit.first_error,
        point,
        point_error,
        normal,
        normal_error,
        axes,
        features: f.map(|x| BoxFeature(x.map(side))),
        approach: core.approach,
        overlapping: core.overlapping,
    })
}
