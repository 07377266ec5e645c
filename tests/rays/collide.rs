//! Contacts and bounces (`isect::collide`) against exact values in rationals.
//!
//! * Sphere/triangle: motions built so that the exact first contact is known by
//!   construction: a contact point `P` on a chosen feature (vertex, open edge, face
//!   interior), a unit direction `N` with integer coordinates over an integer length in
//!   the interior of that feature's normal cone, the centre `P + r·N` at a dyadic time
//!   `u*`, and a relative velocity with `w·N < 0` (an impact: nothing touches before `u*`,
//!   as the path stays beyond the supporting plane) or `w ⟂ N` not along the feature
//!   (a graze touching only at `u*`); or a start already inside (`P + s·N`, `s < r`),
//!   whose closest feature is the chosen one. Then moved by signed axis permutations,
//!   power-of-two scalings, offsets far from the origin, vertex rotations and a moving
//!   triangle. The feature, the approach and the overlap flag must be exactly the
//!   constructed ones; the time, point and normal within their bounds of `u*`,
//!   `P + u*·v_t` and `N`.
//! * Sphere/sphere and sphere/plane: the exact first time bracketed by exact sign tests
//!   against the algebraic root; the point on both surfaces and the normal within their
//!   bounds at the bracket (widened by the motion over the bracket).
//! * Bounces: the exact energy never grows; momentum within rounding.

use super::sweep::{TRIPLES3, V, graze_ss, random_ss, ss_quadratic};
use isect::collide::{
    Approach, Bounce, Contact, Feature, bounce_sphere, bounce_spheres, sphere_plane_contact,
    sphere_polygon_contact, sphere_sphere_contact, sphere_triangle_contact, step_sphere_mesh,
};
use isect::{InputError, Plane, Polygon, Sphere, Triangle};
use isect_testkit::q::{add, dot, q, q3 as rq, qi, scale, sub};
use isect_testkit::{Q, Rng, cases};
use num_traits::{Signed, Zero};

/// `|x|₁` as a rational (an upper bound of the Euclidean norm).
fn l1(x: &V) -> Q {
    x.iter().fold(Q::zero(), |s, c| s + c.abs())
}

/// `cos x ≤ 1 − x²/2 + x⁴/24` (an upper bound, for the angle checks).
fn cos_up(x: f64) -> Q {
    let x = q(x);
    let x2 = &x * &x;
    qi(1) - &x2 / qi(2) + &x2 * &x2 / qi(24)
}

/// The angle between `n` (rounded) and the exact direction `m` (any length) is at most
/// `bound`: `n·m ≥ |n||m| cos(bound)`, checked squared with an upper bound of the cosine.
fn angle_within(n: &[f64; 3], m: &V, bound: f64, what: &str) {
    if bound >= 1.0 {
        assert!(bound.is_finite(), "{what}: normal bound {bound}");
        return;
    }
    let n = rq(n);
    let nm = dot(&n, m);
    let c = cos_up(bound);
    assert!(
        nm.is_positive() && &nm * &nm >= dot(&n, &n) * dot(m, m) * &c * &c,
        "{what}: normal {n:?} vs {m:?} beyond {bound}"
    );
}

/// `|p − x|² ≤ e²`.
fn point_within(p: &[f64; 3], x: &V, e: &Q, what: &str) {
    let d = sub(&rq(p), x);
    assert!(
        dot(&d, &d) <= e * e,
        "{what}: point {p:?} vs {x:?} beyond {e}"
    );
}

// ---------------------------------------------------------------------------------------
// Sphere/triangle: contacts known by construction.

/// Signed axis permutation of integers (exact, through the `f64` one of `sweep.rs`).
fn perm(p: &[i64; 3], k: usize) -> [i64; 3] {
    super::sweep::perm(&p.map(|x| x as f64), k).map(|x| x as i64)
}

struct Built {
    s: Sphere<f64>,
    vs: [f64; 3],
    tri: Vec<[f64; 3]>,
    vt: [f64; 3],
    feature: Feature,
    approach: Approach,
    overlapping: bool,
    /// The exact time, contact point at that time, and the normal direction.
    time: Q,
    point: V,
    normal: V,
}

fn ivec(rng: &mut Rng, m: i64) -> [i64; 3] {
    [0; 3].map(|_: i32| rng.range(-m, m))
}

fn cross_i(a: &[i64; 3], b: &[i64; 3]) -> [i64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot_i(a: &[i64; 3], b: &[i64; 3]) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The triangle (0,0,0), (32,0,0), (0,32,0) before the transformation.
const TRI0: [[i64; 3]; 3] = [[0, 0, 0], [32, 0, 0], [0, 32, 0]];

/// Convex polygons with the same vertex 0, edge 0 and face near them as [`TRI0`]: a
/// square whose fan diagonal `v₀v₂` is `x = y`, and a pentagon whose diagonals are
/// `y = x/3` and `y = 5x/4` (face contacts at `(1..12, 1..12)` fall on them).
const POLYS0: [&[[i64; 3]]; 2] = [
    &[[0, 0, 0], [32, 0, 0], [32, 32, 0], [0, 32, 0]],
    &[[0, 0, 0], [32, 0, 0], [48, 16, 0], [32, 40, 0], [0, 32, 0]],
];

fn build(rng: &mut Rng, tri0: &[[i64; 3]]) -> Built {
    let nv = tri0.len();
    let t3 = TRIPLES3[rng.range(0, 5) as usize];
    let kind = rng.range(0, 2);
    // Contact point P (in 1/1 units), direction N (integer, length `len`), feature in
    // the untransformed vertex order.
    // On the boundary of a normal cone (straight down onto an edge or a vertex, or a
    // vertex hit along an edge's normal): the pieces of the neighbouring features touch
    // at the same exact time, and the smaller feature must win. Impacts only (a graze
    // there would slide along the larger feature).
    let boundary = kind > 0 && rng.range(0, 2) == 0;
    let (p, n, len, feature) = match kind {
        0 => {
            let p = [rng.range(1, 12), rng.range(1, 12), 0];
            let z = if rng.range(0, 1) == 0 { 1 } else { -1 };
            (p, [0, 0, z], 1, Feature::Face)
        }
        1 => {
            // Edge 0 (y = 0), outward in-plane part −y: N = (0, −a, ±b) over c, a > 0.
            let tr = super::sweep::TRIPLES2[rng.range(0, 3) as usize];
            let (a, b, c) = (tr[0], tr[1], tr[2]);
            let (a, b) = if rng.range(0, 1) == 0 { (a, b) } else { (b, a) };
            let z = if rng.range(0, 1) == 0 { b } else { -b };
            if boundary {
                let z = if rng.range(0, 1) == 0 { 1 } else { -1 };
                ([rng.range(1, 31), 0, 0], [0, 0, z], 1, Feature::Edge(0))
            } else {
                ([rng.range(1, 31), 0, 0], [0, -a, z], c, Feature::Edge(0))
            }
        }
        _ => {
            // Vertex 0: N = (−x, −y, ±z) over n with x, y > 0 (a triple without zeros).
            let t = if t3[0] == 0 || t3[1] == 0 {
                [2, 3, 6, 7]
            } else {
                t3
            };
            let z = if rng.range(0, 1) == 0 { t[2] } else { -t[2] };
            let tr = super::sweep::TRIPLES2[rng.range(0, 3) as usize];
            let zz = if rng.range(0, 1) == 0 { tr[1] } else { -tr[1] };
            match (boundary, rng.range(0, 2)) {
                (false, _) => ([0, 0, 0], [-t[0], -t[1], z], t[3], Feature::Vertex(0)),
                (true, 0) => ([0, 0, 0], [0, -tr[0], zz], tr[2], Feature::Vertex(0)),
                (true, 1) => ([0, 0, 0], [-tr[0], 0, zz], tr[2], Feature::Vertex(0)),
                (true, _) => ([0, 0, 0], [0, 0, zz.signum()], 1, Feature::Vertex(0)),
            }
        }
    };
    // Radius r = len·m (so r·N/len is integral), the centre at u* is P + m·N.
    let m = rng.range(1, 4);
    let r = len * m;
    let overlapping = rng.range(0, 4) == 0;
    let (w, approach) = if overlapping {
        let w = ivec(rng, 6);
        let s = dot_i(&w, &n);
        (
            w,
            match s.signum() {
                -1 => Approach::Approaching,
                0 => Approach::Resting,
                _ => Approach::Separating,
            },
        )
    } else if !boundary && rng.range(0, 2) == 0 {
        // A graze: w ⟂ N, and not along the edge for an edge contact.
        let mut w = cross_i(&n, &ivec(rng, 3));
        if w == [0; 3] || (kind == 1 && w[1] == 0 && w[2] == 0) {
            w = cross_i(&n, &[1, 2, 3]);
        }
        if kind == 1 && w[1] == 0 && w[2] == 0 {
            w = cross_i(&n, &[0, 1, 0]);
        }
        (w, Approach::Resting)
    } else {
        // An impact: w·N < 0.
        let mut w = ivec(rng, 6);
        let s = dot_i(&w, &n);
        if s >= 0 {
            w = [0, 1, 2].map(|k| w[k] - n[k] * (s / dot_i(&n, &n) + 1));
        }
        assert!(dot_i(&w, &n) < 0);
        (w, Approach::Approaching)
    };
    // u* = j/8 (0 for an overlapping start, with the centre at P + s·N, s = r·k/8 < r).
    // A face graze touches along the whole face of T ⊕ B in direction N (the triangle
    // lifted by r·N): it starts touching at u = 0, resting on the face.
    let resting_on_face = kind == 0 && approach == Approach::Resting && !overlapping;
    let j = if overlapping || resting_on_face {
        0
    } else {
        rng.range(1, 8)
    };
    let depth8 = if overlapping { rng.range(1, 7) } else { 8 };
    // Centre at u*, in units of 1/8: 8P + depth8·m·N.
    let cstar8 = [0, 1, 2].map(|k| 8 * p[k] + depth8 * m * n[k]);
    // c0 = c* − u*·w = c* − (j/8)·w: in units of 1/8, cstar8 − j·w.
    let c08 = [0, 1, 2].map(|k| cstar8[k] - j * w[k]);
    // Transformation: a signed axis permutation, a scale 2^e, an offset.
    let k = rng.range(0, 47) as usize;
    let e = rng.range(-40, 40) as i32;
    let sc = 2f64.powi(e);
    let off: [f64; 3] = match rng.range(0, 2) {
        0 => [0.0; 3],
        1 => [1e6, -2e6, 3e6],
        _ => [0; 3].map(|_: i32| (rng.range(-1000, 1000) as f64) * 2f64.powi(30)),
    };
    let off = off.map(|x| x * sc * 64.0);
    let place = |p8: &[i64; 3]| -> [f64; 3] {
        let p = perm(p8, k);
        [0, 1, 2].map(|i| p[i] as f64 / 8.0 * sc + off[i])
    };
    let dirv = |v: &[i64; 3]| -> [f64; 3] { perm(v, k).map(|x| x as f64 * sc) };
    let mut tri: Vec<[f64; 3]> = tri0.iter().map(|v| place(&v.map(|x| 8 * x))).collect();
    // The exact contact geometry (before the vertex rotation).
    let vt = dirv(&ivec(rng, 3));
    let vs = [0, 1, 2].map(|i| vt[i] + dirv(&w)[i]);
    let c0 = place(&c08);
    let time = Q::new(j.into(), 8.into());
    let point = add(&rq(&place(&p.map(|x| 8 * x))), &scale(&rq(&vt), &time));
    let point = if overlapping {
        // c0 − r·N̂ = P + (s − r)·N̂: the centre's point on the sphere towards P.
        let nn = rq(&dirv(&n));
        let f = Q::new(((depth8 - 8) * m).into(), 8.into());
        add(&point, &scale(&nn, &f))
    } else {
        point
    };
    let normal = rq(&dirv(&n));
    // Vertex order: a rotation, maybe a reflection; the feature's index follows.
    let rot = rng.range(0, 2 * nv as i64 - 1) as usize;
    let order: Vec<usize> = {
        let mut o: Vec<usize> = (0..nv).collect();
        o.rotate_left(rot % nv);
        if rot >= nv {
            o.reverse();
        }
        o
    };
    let tri_new: Vec<[f64; 3]> = order.iter().map(|&i| tri[i]).collect();
    let index = |orig: usize| order.iter().position(|&x| x == orig).unwrap();
    let feature = match feature {
        Feature::Face => Feature::Face,
        Feature::Vertex(v) => Feature::Vertex(index(v)),
        Feature::Edge(e) => {
            let (a, b) = (index(e), index((e + 1) % nv));
            // Edge i joins new vertices i and i + 1.
            if (a + 1) % nv == b {
                Feature::Edge(a)
            } else {
                Feature::Edge(b)
            }
        }
    };
    tri = tri_new;
    Built {
        s: Sphere::new(c0, r as f64 * sc),
        vs,
        tri,
        vt,
        feature,
        approach,
        overlapping,
        time,
        point,
        normal,
    }
}

/// Checks a contact's time, point and normal against exact values (the time within its
/// bound; the point within its bound; the normal within its angle).
fn check_contact<T: isect::Scalar>(c: &Contact<T>, time: &Q, point: &V, normal: &V, what: &str) {
    let t = c.time.to_f64();
    assert!(
        c.time_error <= isect::sweep::TIME_ACCURACY
            && &(q(t) - q(c.time_error)) <= time
            && time <= &(q(t) + q(c.time_error)),
        "{what}: time {t} ± {} vs {time}",
        c.time_error
    );
    point_within(&c.point, point, &q(c.point_error), what);
    angle_within(&c.normal, normal, c.normal_error, what);
}

#[test]
fn sphere_triangle_contacts_known_by_construction() {
    let mut rng = Rng::new(1801);
    let mut seen = std::collections::BTreeMap::new();
    for i in 0..cases(300) {
        let b = build(&mut rng, &TRI0);
        let what = format!(
            "tri contact {i}: {:?} {:?} {:?} {:?} expect {:?} {:?} overlap {}",
            b.s, b.vs, b.tri, b.vt, b.feature, b.approach, b.overlapping
        );
        let tri = Triangle::new(b.tri[0], b.tri[1], b.tri[2]);
        let c = sphere_triangle_contact(&b.s, &b.vs, &tri, &b.vt).expect(&what);
        assert_eq!(
            (c.feature, c.approach, c.overlapping),
            (b.feature, b.approach, b.overlapping),
            "{what}: {c:?}"
        );
        check_contact(&c, &b.time, &b.point, &b.normal, &what);
        *seen
            .entry(
                format!("{:?}", core::mem::discriminant(&c.feature)) + &format!("{:?}", c.approach),
            )
            .or_insert(0) += 1;
        // f32, when the inputs are representable: the same exact facts.
        let to32 = |p: &[f64; 3]| -> Option<[f32; 3]> {
            let x = p.map(|x| x as f32);
            (x.map(f64::from) == *p).then_some(x)
        };
        if let (Some(c0), Some(vs), Some(a), Some(bb), Some(cc), Some(vt)) = (
            to32(&b.s.center),
            to32(&b.vs),
            to32(&b.tri[0]),
            to32(&b.tri[1]),
            to32(&b.tri[2]),
            to32(&b.vt),
        ) {
            let c32 = sphere_triangle_contact(
                &Sphere::new(c0, b.s.radius as f32),
                &vs,
                &Triangle::new(a, bb, cc),
                &vt,
            )
            .expect(&what);
            assert_eq!(
                (c32.feature, c32.approach),
                (b.feature, b.approach),
                "{what}: f32"
            );
            check_contact(&c32, &b.time, &b.point, &b.normal, &format!("{what}: f32"));
        }
        // Rationals: the same facts, exactly the time.
        if i % 5 == 0 {
            let qt = Triangle::new(rq(&b.tri[0]), rq(&b.tri[1]), rq(&b.tri[2]));
            let qs = Sphere::new(rq(&b.s.center), q(b.s.radius));
            let cq = sphere_triangle_contact(&qs, &rq(&b.vs), &qt, &rq(&b.vt)).expect(&what);
            assert_eq!(
                (cq.feature, cq.approach),
                (b.feature, b.approach),
                "{what}: rational"
            );
            assert_eq!(cq.time, b.time, "{what}: rational time");
        }
    }
    // Every feature kind and approach appears.
    assert!(seen.len() >= 6, "{seen:?}");
}

/// Sphere/polygon: the constructions of the triangle test on convex polygons that share
/// its vertex 0, edge 0 and the face around them, so face contacts fall on fan diagonals
/// and edge or vertex contacts are ties between fan triangles' pieces; vertex orders
/// rotated and reversed; `f64`, `f32` and rationals.
#[test]
fn sphere_polygon_contacts_known_by_construction() {
    let mut rng = Rng::new(1807);
    let mut seen = std::collections::BTreeMap::new();
    for i in 0..cases(200) {
        let base = POLYS0[rng.range(0, 1) as usize];
        let b = build(&mut rng, base);
        let what = format!(
            "poly contact {i}: {:?} {:?} {:?} {:?} expect {:?} {:?} overlap {}",
            b.s, b.vs, b.tri, b.vt, b.feature, b.approach, b.overlapping
        );
        let poly = Polygon::new(b.tri.clone());
        let c = sphere_polygon_contact(&b.s, &b.vs, &poly, &b.vt).expect(&what);
        assert_eq!(
            (c.feature, c.approach, c.overlapping),
            (b.feature, b.approach, b.overlapping),
            "{what}: {c:?}"
        );
        check_contact(&c, &b.time, &b.point, &b.normal, &what);
        *seen.entry(format!("{:?}", c.feature)).or_insert(0) += 1;
        let to32 = |p: &[f64; 3]| -> Option<[f32; 3]> {
            let x = p.map(|x| x as f32);
            (x.map(f64::from) == *p).then_some(x)
        };
        let v32: Option<Vec<[f32; 3]>> = b.tri.iter().map(to32).collect();
        if let (Some(c0), Some(vs), Some(v32), Some(vt)) =
            (to32(&b.s.center), to32(&b.vs), v32, to32(&b.vt))
        {
            let s32 = Sphere::new(c0, b.s.radius as f32);
            let c32 = sphere_polygon_contact(&s32, &vs, &Polygon::new(v32), &vt).expect(&what);
            assert_eq!(
                (c32.feature, c32.approach, c32.overlapping),
                (b.feature, b.approach, b.overlapping),
                "{what}: f32"
            );
            check_contact(&c32, &b.time, &b.point, &b.normal, &format!("{what}: f32"));
        }
        if i % 5 == 0 {
            let qp = Polygon::new(b.tri.iter().map(rq).collect());
            let qs = Sphere::new(rq(&b.s.center), q(b.s.radius));
            let cq = sphere_polygon_contact(&qs, &rq(&b.vs), &qp, &rq(&b.vt)).expect(&what);
            assert_eq!(
                (cq.feature, cq.approach, cq.overlapping),
                (b.feature, b.approach, b.overlapping),
                "{what}: rational"
            );
            assert_eq!(cq.time, b.time, "{what}: rational time");
            check_contact(
                &cq,
                &b.time,
                &b.point,
                &b.normal,
                &format!("{what}: rational"),
            );
        }
    }
    // Faces, edges and vertices of every index position appear.
    assert!(seen.len() >= 6, "{seen:?}");
}

// ---------------------------------------------------------------------------------------
// Sphere/sphere and sphere/plane: brackets of the algebraic first time.

/// A bracket `[lo, hi]` (width below `2^-80`) of the smaller root of `A u² + 2B u + C`
/// (`A > 0`, `B² ≥ AC`), by bisection with exact sign tests: `x ≤ ρ₀ ⇔ Ax + B ≤ 0 ∧
/// (Ax + B)² ≥ Δ`.
fn bracket(a: &Q, b: &Q, c: &Q) -> (Q, Q) {
    let d = b * b - a * c;
    let le = |x: &Q| {
        let y = a * x + b;
        !y.is_positive() && &y * &y >= d
    };
    let (mut lo, mut hi) = (Q::zero(), qi(1));
    assert!(le(&lo));
    if le(&hi) {
        return (hi.clone(), hi);
    }
    let eps = Q::new(1.into(), num_bigint::BigInt::from(1) << 80usize);
    while &hi - &lo > eps {
        let mid = (&lo + &hi) / qi(2);
        if le(&mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo, hi)
}

#[test]
fn sphere_sphere_contacts_on_both_surfaces() {
    let mut rng = Rng::new(1802);
    let (mut touch, mut resting) = (0, 0);
    for i in 0..cases(300) {
        let (a, va, b, vb) = if rng.range(0, 2) == 0 {
            random_ss(&mut rng)
        } else {
            graze_ss(&mut rng)
        };
        let what = format!("ss contact {i}: {a:?} {va:?} {b:?} {vb:?}");
        let c = sphere_sphere_contact(&a, &va, &b, &vb);
        let (qa, qb, qc) = ss_quadratic(&a, &va, &b, &vb);
        let Some(c) = c else { continue };
        touch += 1;
        assert_eq!(c.overlapping, qc.is_negative(), "{what}");
        if !qc.is_positive() {
            continue; // touching or overlapping at the start: checked by the flag
        }
        let (lo, hi) = bracket(&qa, &qb, &qc);
        let d = &qb * &qb - &qa * &qc;
        let expect = if d.is_zero() {
            Approach::Resting
        } else {
            Approach::Approaching
        };
        assert_eq!(c.approach, expect, "{what}");
        resting += usize::from(expect == Approach::Resting);
        // At the bracket's low end, within the motion over the bracket.
        let (ca0, cb0, wa, wb) = (rq(&a.center), rq(&b.center), rq(&va), rq(&vb));
        let ca = add(&ca0, &scale(&wa, &lo));
        let cb = add(&cb0, &scale(&wb, &lo));
        let slack = (l1(&wa) + l1(&wb)) * (&hi - &lo);
        let rsum = q(a.radius) + q(b.radius);
        if rsum.is_zero() {
            continue; // two points: no normal
        }
        // The exact contact point: c_a + r_a/(r_a + r_b)·(c_b − c_a).
        let p = add(&ca, &scale(&sub(&cb, &ca), &(q(a.radius) / &rsum)));
        point_within(&c.point, &p, &(q(c.point_error) + &slack * qi(2)), &what);
        assert!(
            q(c.time) - q(c.time_error) <= hi && lo <= q(c.time) + q(c.time_error),
            "{what}"
        );
        if c.normal_error < 0.5 {
            // The normal of the exact pose differs from that at lo by at most
            // slack/(r_a + r_b) in chord: checked on a widened angle.
            let widen = (&slack / &rsum).to_f64_lossy() * 2.0 + 1e-300;
            angle_within(&c.normal, &sub(&ca, &cb), c.normal_error + widen, &what);
        }
    }
    assert!(touch > 60 && resting > 5, "{touch} {resting}");
}

trait Lossy {
    fn to_f64_lossy(&self) -> f64;
}
impl Lossy for Q {
    fn to_f64_lossy(&self) -> f64 {
        isect::Scalar::to_f64(self) * (1.0 + 1e-15)
    }
}

#[test]
fn sphere_plane_contacts_on_both_surfaces() {
    let mut rng = Rng::new(1803);
    let mut checked = 0;
    for i in 0..cases(300) {
        let t = TRIPLES3[rng.range(0, 5) as usize];
        let n = [t[0] as f64, t[1] as f64, t[2] as f64];
        let d = rng.range(-20, 20) as f64;
        let c = [0; 3].map(|_: i32| rng.range(-20, 20) as f64);
        let r = (t[3] * rng.range(0, 3)) as f64 / 2.0;
        let vs = [0; 3].map(|_: i32| rng.range(-40, 40) as f64);
        let vp = [0; 3].map(|_: i32| rng.range(-3, 3) as f64);
        let s = Sphere::new(c, r);
        let p = Plane::new(n, d);
        let what = format!("sp contact {i}: {s:?} {vs:?} {p:?} {vp:?}");
        let Some(ct) = sphere_plane_contact(&s, &vs, &p, &vp) else {
            continue;
        };
        let qn = rq(&n);
        let s0 = dot(&qn, &rq(&c)) + q(d);
        let w = sub(&rq(&vs), &rq(&vp));
        let s1 = dot(&qn, &w);
        let nn = dot(&qn, &qn);
        let rr = q(r) * q(r) * &nn;
        let cq = &s0 * &s0 - &rr;
        assert_eq!(ct.overlapping, cq.is_negative(), "{what}");
        if !cq.is_positive() {
            continue;
        }
        let (lo, hi) = bracket(&(&s1 * &s1), &(&s0 * &s1), &cq);
        assert_eq!(ct.approach, Approach::Approaching, "{what}");
        let slack = l1(&rq(&vs)) * (&hi - &lo) + l1(&rq(&vp)) * (&hi - &lo);
        // On the plane: (n·(p − u·v_p) + d)² ≤ (e + slack)²·n·n.
        let pp = rq(&ct.point);
        let off = dot(&qn, &sub(&pp, &scale(&rq(&vp), &lo))) + q(d);
        let e = q(ct.point_error) + &slack;
        assert!(&off * &off <= &e * &e * &nn, "{what}: off the plane {ct:?}");
        // On the sphere: ||p − c(u)| − r| ≤ e.
        let cu = add(&rq(&c), &scale(&rq(&vs), &lo));
        let dd = sub(&pp, &cu);
        let d2 = dot(&dd, &dd);
        let (r_lo, r_hi) = (q(r) - &e, q(r) + &e);
        assert!(d2 <= &r_hi * &r_hi, "{what}: off the sphere {ct:?}");
        if r_lo.is_positive() {
            assert!(d2 >= &r_lo * &r_lo, "{what}: inside the sphere {ct:?}");
        }
        // The normal: n on the centre's side.
        let side = if s0.is_positive() { qi(1) } else { qi(-1) };
        angle_within(&ct.normal, &scale(&qn, &side), ct.normal_error, &what);
        checked += 1;
    }
    assert!(checked > 40, "{checked}");
}

// ---------------------------------------------------------------------------------------
// Bounces.

/// `Σ m|v|²` exactly.
fn energy(bodies: &[(f64, [f64; 3])]) -> Q {
    bodies
        .iter()
        .map(|(m, v)| q(*m) * dot(&rq(v), &rq(v)))
        .fold(Q::zero(), |s, x| s + x)
}

fn wild(rng: &mut Rng) -> f64 {
    let m = rng.range(-1 << 20, 1 << 20) as f64;
    m * 2f64.powi(rng.range(-60, 40) as i32)
}

#[test]
fn bounces_never_gain_energy() {
    let mut rng = Rng::new(1804);
    let mut bounced = 0;
    for i in 0..cases(2000) {
        let e = [0.0, 1.0, 0.5, rng.range(0, 1000) as f64 / 1000.0][rng.range(0, 3) as usize];
        let mu = [0.0, 0.3, 2.0][rng.range(0, 2) as usize];
        let b = Bounce::new(e, mu).unwrap();
        let v = [0; 3].map(|_: i32| wild(&mut rng));
        let n = [0; 3].map(|_: i32| wild(&mut rng));
        if n == [0.0; 3] {
            continue;
        }
        let what = format!("bounce {i}: {v:?} {n:?} {e} {mu}");
        let v1 = bounce_sphere(&v, &n, &b).unwrap();
        assert!(
            energy(&[(1.0, v1)]) <= energy(&[(1.0, v)]),
            "{what}: {v1:?}"
        );
        if dot(&rq(&v), &rq(&n)).is_negative() {
            bounced += 1;
            // The normal part no longer approaches (up to rounding when e = 0).
            assert!(
                dot(&rq(&v1), &rq(&n)) >= -q(1e-12) * l1(&rq(&v)) * l1(&rq(&n)),
                "{what}: still approaching {v1:?}"
            );
        } else {
            assert_eq!(v1, v, "{what}: no bounce when not approaching");
        }
        // Two spheres.
        let (ma, mb) = (wild(&mut rng).abs() + 1.0, wild(&mut rng).abs() + 0.5);
        let vb = [0; 3].map(|_: i32| wild(&mut rng));
        let (a1, b1) = bounce_spheres(&v, ma, &vb, mb, &n, &b).unwrap();
        let before = [(ma, v), (mb, vb)];
        let after = [(ma, a1), (mb, b1)];
        assert!(energy(&after) <= energy(&before), "{what}: two spheres");
        // Momentum within rounding: |Δ(m v)| ≤ 1e-12·(Σ |m v|).
        let mom = |bs: &[(f64, [f64; 3])]| {
            bs.iter()
                .fold([Q::zero(), Q::zero(), Q::zero()], |s, (m, v)| {
                    add(&s, &scale(&rq(v), &q(*m)))
                })
        };
        let size: Q = [ma, mb]
            .iter()
            .zip([&v, &vb])
            .map(|(m, v)| q(*m) * l1(&rq(v)))
            .fold(Q::zero(), |s, x| s + x)
            + q(ma) * l1(&rq(&a1))
            + q(mb) * l1(&rq(&b1));
        let dm = sub(&mom(&after), &mom(&before));
        assert!(l1(&dm) <= size * q(1e-12), "{what}: momentum");
    }
    assert!(bounced > 200, "{bounced}");
    // Bad parameters are refused.
    assert_eq!(
        Bounce::new(-0.1, 0.0),
        Err(InputError::OutOfRange {
            argument: 0,
            what: "restitution"
        })
    );
    assert!(Bounce::new(0.5, f64::NAN).is_err());
    assert!(bounce_sphere(&[1.0, 0.0, 0.0], &[0.0; 3], &Bounce::ELASTIC).is_err());
    assert!(
        bounce_spheres(
            &[0.0; 3],
            0.0,
            &[0.0; 3],
            1.0,
            &[1.0, 0.0, 0.0],
            &Bounce::ELASTIC
        )
        .is_err()
    );
    assert!(bounce_sphere(&[f64::NAN, 0.0, 0.0], &[1.0, 0.0, 0.0], &Bounce::ELASTIC).is_err());
}

/// Any finite magnitude: zero, subnormals, the largest floats, and 53-bit mantissas at
/// every exponent.
fn extreme(rng: &mut Rng) -> f64 {
    let sign = if rng.next_bool() { -1.0 } else { 1.0 };
    sign * match rng.range(0, 7) {
        0 => 0.0,
        1 => f64::from_bits(rng.range(1, (1 << 52) - 1) as u64),
        2 => f64::MAX * (1.0 - rng.range(0, 1 << 20) as f64 * 2f64.powi(-53)),
        3 => wild(rng),
        _ => {
            let m = 1.0 + rng.range(0, (1 << 52) - 1) as f64 * 2f64.powi(-52);
            let e = rng.range(-1074, 1023) as i32;
            m * 2f64.powi(e / 2) * 2f64.powi(e - e / 2)
        }
    }
}

/// Bounces at every magnitude from subnormal to `f64::MAX`, masses of any ratio: the
/// results are finite, the approach decided exactly (the velocity is unchanged exactly
/// when `v·n ≥ 0`, and after a bounce the normal part no longer approaches), the exact
/// energy never grows.
#[test]
fn bounces_at_extreme_magnitudes() {
    let mut rng = Rng::new(1805);
    // Found by the collide fuzz target: masses near 1e265 made the centre-of-mass velocity
    // overflow, and the energy check took the NaN it gave for zero.
    let crash = (
        [-6.0, -6.0, -6.0],
        1.1570099379335498e265,
        [
            -1.7813751140609489e261,
            -1.1570099350394625e265,
            3.1236e-319,
        ],
        1.1568546464494493e265,
        [-8.0, 0.0, 0.0],
        Bounce::new(0.0, 5.23245227285812e-304).unwrap(),
    );
    let finite = |v: &[f64; 3]| v.iter().all(|x| x.is_finite());
    let (mut bounced, mut pairs) = (0, 0);
    for i in 0..cases(3000) {
        let (va, ma, vb, mb, n, b) = if i == 0 {
            crash
        } else {
            let e = [0.0, 1.0, 0.5][rng.range(0, 2) as usize];
            let mu = [0.0, 0.3, 1e300][rng.range(0, 2) as usize];
            let mass = |rng: &mut Rng| loop {
                let m = extreme(rng).abs();
                if m > 0.0 {
                    break m;
                }
            };
            (
                [0; 3].map(|_: i32| extreme(&mut rng)),
                mass(&mut rng),
                [0; 3].map(|_: i32| extreme(&mut rng)),
                mass(&mut rng),
                [0; 3].map(|_: i32| extreme(&mut rng)),
                Bounce::new(e, mu).unwrap(),
            )
        };
        if n == [0.0; 3] {
            continue;
        }
        let what = format!("case {i}: {va:?} {ma:e} {vb:?} {mb:e} {n:?} {b:?}");
        let v1 = bounce_sphere(&va, &n, &b).unwrap();
        assert!(finite(&v1), "{what}: {v1:?}");
        assert!(
            energy(&[(1.0, v1)]) <= energy(&[(1.0, va)]),
            "{what}: {v1:?}"
        );
        if dot(&rq(&va), &rq(&n)).is_negative() {
            bounced += 1;
            // Up to rounding: relative, or the absolute error of a subnormal result.
            let slack = q(1e-12) * l1(&rq(&va)) + q(4.0 * f64::from_bits(1));
            assert!(
                dot(&rq(&v1), &rq(&n)) >= -slack * l1(&rq(&n)),
                "{what}: still approaching {v1:?}"
            );
        } else {
            assert_eq!(v1, va, "{what}: no bounce when not approaching");
        }
        let (a1, b1) = bounce_spheres(&va, ma, &vb, mb, &n, &b).unwrap();
        assert!(finite(&a1) && finite(&b1), "{what}: {a1:?} {b1:?}");
        let before = [(ma, va), (mb, vb)];
        assert!(
            energy(&[(ma, a1), (mb, b1)]) <= energy(&before),
            "{what}: two spheres gained energy: {a1:?} {b1:?}"
        );
        let rel = sub(&rq(&va), &rq(&vb));
        if dot(&rel, &rq(&n)).is_negative() {
            pairs += 1;
        } else {
            assert_eq!((a1, b1), (va, vb), "{what}: no bounce when not approaching");
        }
    }
    assert!(bounced > 500 && pairs > 500, "{bounced} {pairs}");
}

// ---------------------------------------------------------------------------------------
// Step-and-bounce on closed meshes.

/// Closed meshes near the origin and far from it: a cuboid, a tetrahedron, a geodesic
/// sphere, a thin wall (a flat box 2^-10 thick).
fn step_meshes(rng: &mut Rng) -> Vec<isect_testkit::meshes::Mesh> {
    use isect_testkit::meshes::{cuboid, geodesic_sphere, placed, tetrahedron};
    let base = [
        cuboid([0.0, 0.0, 0.0], [1.0, 2.0, 1.5]),
        tetrahedron([
            [0.0, 0.0, 0.0],
            [2.0, 0.0, 0.0],
            [0.0, 2.0, 0.0],
            [0.0, 0.0, 2.0],
        ]),
        geodesic_sphere(1),
        cuboid([0.0, 0.0, 0.0], [2.0, 2.0, 1.0 / 1024.0]),
    ];
    let far = 2f64.powi(rng.range(20, 40) as i32);
    base.iter()
        .flat_map(|m| [m.clone(), placed(m, 1.0, [far, -far, far / 2.0])])
        .collect()
}

#[test]
fn step_and_bounce_never_inside_energy_never_grows() {
    let mut rng = Rng::new(1805);
    let meshes = step_meshes(&mut rng);
    let (mut bounces, mut exhausted) = (0, 0);
    for (mi, (verts, tris)) in meshes.iter().enumerate() {
        let mesh = isect::TriMesh::new(verts.clone(), tris.clone()).unwrap();
        let qv: Vec<V> = verts.iter().map(rq).collect();
        let center_of = verts
            .iter()
            .fold([0.0; 3], |s, p| [s[0] + p[0], s[1] + p[1], s[2] + p[2]]);
        let mid = center_of.map(|x| x / verts.len() as f64);
        for case in 0..cases(6) {
            // Start outside (3 units from the middle, in a random direction) and aim at a
            // vertex, an edge midpoint or a face centroid, slow or tunnelling-fast.
            let dir = [0; 3].map(|_: i32| rng.range(-8, 8) as f64 + 0.5);
            let len = dot(&rq(&dir), &rq(&dir)).to_f64_lossy().sqrt();
            let start = [0, 1, 2].map(|k| mid[k] + 3.0 * dir[k] / len);
            let t = tris[rng.range(0, tris.len() as i64 - 1) as usize].map(|i| verts[i as usize]);
            let target = match rng.range(0, 2) {
                0 => t[0],
                1 => [0, 1, 2].map(|k| (t[0][k] + t[1][k]) / 2.0),
                _ => [0, 1, 2].map(|k| (t[0][k] + t[1][k] + t[2][k]) / 3.0),
            };
            let speed = [0.5, 1.0, 2.0, 50.0][rng.range(0, 3) as usize];
            let mut v = [0, 1, 2].map(|k| (target[k] - start[k]) * speed);
            let r = [0.0, 1.0 / 64.0, 0.25][rng.range(0, 2) as usize];
            let e = [1.0, 0.5, 0.0][rng.range(0, 2) as usize];
            let b = Bounce::new(e, [0.0, 0.4][rng.range(0, 1) as usize]).unwrap();
            let mut c = start;
            let outside =
                |p: &[f64; 3]| isect_testkit::winding::winding_number(&qv, tris, &rq(p)) == Some(0);
            if !outside(&c) {
                continue;
            }
            for stepi in 0..10 {
                let what = format!("mesh {mi} case {case} step {stepi}: {c:?} {v:?} r {r}");
                let s = step_sphere_mesh(&mesh, &Sphere::new(c, r), &v, 1.0, &b, 4).unwrap();
                assert_ne!(s.end, isect::collide::StepEnd::StartedInside, "{what}");
                assert!(outside(&s.center), "{what}: ended inside at {:?}", s.center);
                assert!(
                    energy(&[(1.0, s.velocity)]) <= energy(&[(1.0, v)]),
                    "{what}: energy grew"
                );
                bounces += s.bounces;
                exhausted += usize::from(s.end == isect::collide::StepEnd::BudgetExhausted);
                c = s.center;
                v = s.velocity;
            }
        }
    }
    assert!(
        bounces > 20,
        "{bounces} bounces, {exhausted} budgets exhausted"
    );
}

// ---------------------------------------------------------------------------------------
// The audit-style comparison: the plain sweep against a thin wall.

/// Outcome of one move against the wall box `[x0, x0 + w] × [−4, 4]²`, judged exactly:
/// `0` clean, `1` stuck (the sphere overlaps the wall at the end), `2` tunnelled (the
/// centre ends beyond the wall or inside it).
fn wall_outcome(c: &[f64; 3], r: f64, x0: f64, w: f64) -> usize {
    let (x, lo, hi) = (q(c[0]), q(x0), q(x0) + q(w));
    if x >= lo && x <= hi {
        return 2; // the centre inside the wall
    }
    if x > hi {
        return 2;
    }
    // Distance² from the centre to the box (the centre is in front of it).
    let dx = &lo - &x;
    let clamp = |v: f64| {
        let v = q(v);
        let (a, b) = (qi(-4), qi(4));
        if v < a {
            a - v
        } else if v > b {
            v - b
        } else {
            Q::zero()
        }
    };
    let (dy, dz) = (clamp(c[1]), clamp(c[2]));
    let d2 = &dx * &dx + &dy * &dy + &dz * &dz;
    usize::from(d2 < q(r) * q(r))
}

/// The plain sweep: Ericson's moving sphere against the plane `x = x0` in `f64`
/// (`t = (x0 − c_x − r)/v_x`), move there, reflect `v_x`, move on for the rest of the step.
fn plain_wall_step(c: &[f64; 3], v: &[f64; 3], r: f64, x0: f64) -> [f64; 3] {
    let t = (x0 - c[0] - r) / v[0];
    if (0.0..=1.0).contains(&t) {
        let hit = [0, 1, 2].map(|k| c[k] + t * v[k]);
        let v2 = [-v[0], v[1], v[2]];
        [0, 1, 2].map(|k| hit[k] + (1.0 - t) * v2[k])
    } else {
        [0, 1, 2].map(|k| c[k] + v[k])
    }
}

/// Counts, near the origin and far from it, how often one step against a thin wall
/// (thickness `0.001`, sphere radius `0.0019`) ends stuck in it or through it, with the
/// plain sweep and with `step_sphere_mesh`. The figures are in `docs/guide/collisions.md`:
/// `cargo test -p isect --test rays collide::thin_wall -- --nocapture`.
#[test]
fn thin_wall_plain_sweep_against_isect() {
    let mut rng = Rng::new(1806);
    let (w, r) = (0.001, 0.0019);
    for (name, x0) in [
        ("near the origin", 1.0),
        ("at x = 2^30", 2f64.powi(30)),
        ("at x = 2^40", 2f64.powi(40)),
    ] {
        let mesh_data = isect_testkit::meshes::cuboid([x0, -4.0, -4.0], [x0 + w, 4.0, 4.0]);
        let mesh = isect::TriMesh::new(mesh_data.0, mesh_data.1).unwrap();
        let n = cases(200);
        let (mut plain, mut ours) = ([0usize; 3], [0usize; 3]);
        for _ in 0..n {
            // Start 1/4 to 4 in front, aimed at the face, fast enough to reach it.
            let back =
                rng.range(1, 16) as f64 / 4.0 + rng.range(0, 1 << 20) as f64 * 2f64.powi(-22);
            let c = [
                x0 - back,
                rng.range(-8, 8) as f64 / 4.0,
                rng.range(-8, 8) as f64 / 4.0,
            ];
            // The contact at (about) t* of the step, computed in f64: t* = 1 puts the
            // contact at the very end, where rounding decides.
            let tstar = [1.0, 1.0, 0.5, 1.0 / 3.0, 0.75][rng.range(0, 4) as usize];
            let v = [(x0 - c[0] - r) / tstar, rng.range(-4, 4) as f64 / 8.0, 0.25];
            let e = wall_outcome(&plain_wall_step(&c, &v, r, x0), r, x0, w);
            plain[e] += 1;
            let s =
                step_sphere_mesh(&mesh, &Sphere::new(c, r), &v, 1.0, &Bounce::ELASTIC, 4).unwrap();
            let e = wall_outcome(&s.center, r, x0, w);
            ours[e] += 1;
            assert_ne!(
                e, 2,
                "{name}: isect through or into the wall from {c:?} {v:?}"
            );
        }
        println!(
            "thin wall {name}: {n} steps; plain sweep: {} stuck, {} through; isect: {} stuck, {} through",
            plain[1], plain[2], ours[1], ours[2]
        );
    }
}
