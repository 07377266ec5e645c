//! Triangle/triangle: `isect::overlap::tri_tri` against an independent exact oracle.
//!
//! The oracle (module `oracle` below) shares no code or method with the library. The
//! library decides everything from orientation signs (Guigue–Devillers); the oracle
//! *constructs* the intersection `A ∩ B` exactly in `BigRational` (Sutherland–Hodgman
//! clipping of one shape by the plane and edge half-spaces of the other, or exact
//! segment/segment and point tests for degenerate shapes), then classifies it:
//! empty → `Disjoint`; otherwise the centroid `c` of the intersection's vertices lies in
//! the relative interior of `A ∩ B`, and `A° ∩ B° ≠ ∅` exactly when `c` is in both
//! relative interiors (checked with exact barycentric coordinates); then coplanarity of
//! `A ∪ B` (exact rank) separates `Crossing` from `CoplanarOverlap`, and the dimension of
//! `A ∩ B` gives the contact of `Touching`.

use isect::overlap::{
    TriContact, TriTri, TriTriIntersection, tri_tri, tri_tri_intersect, tri_tri_intersection,
    tri_tri_moller_with, try_tri_tri,
};
use isect::policy::{Absolute, Exact};
use isect::predicates::collinear3;
use isect::{InputError, NonFiniteValue};
use isect_testkit::float::{mul_pow2_f64, pow2};
use isect_testkit::q::{q, q_pow2};
use isect_testkit::{Q, config};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use proptest::prelude::*;

type P3 = [Q; 3];

// =======================================================================================
// The oracle
// =======================================================================================

mod oracle {
    use super::*;
    use isect_testkit::q::{add, cross, dot, scale, sub};

    fn is_zero(a: &P3) -> bool {
        a.iter().all(|x| x.is_zero())
    }

    /// A closed convex set given by its vertices: 3 non-collinear points, 2 distinct
    /// points, or 1 point.
    #[derive(Clone, Debug)]
    pub struct Shape(pub Vec<P3>);

    /// The point set of a triangle: itself, or its extreme points if collinear.
    pub fn shape(t: &[P3; 3]) -> Shape {
        let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
        if !is_zero(&n) {
            return Shape(t.to_vec());
        }
        // Collinear: the pair at the largest squared distance.
        let mut best = (Q::zero(), 0, 0);
        for i in 0..3 {
            for j in i + 1..3 {
                let d = sub(&t[i], &t[j]);
                let l = dot(&d, &d);
                if l > best.0 {
                    best = (l, i, j);
                }
            }
        }
        if best.0.is_zero() {
            Shape(vec![t[0].clone()])
        } else {
            Shape(vec![t[best.1].clone(), t[best.2].clone()])
        }
    }

    /// Half-spaces `{x : n·x ≥ c}` whose intersection is the proper triangle `t`.
    fn halfspaces(t: &[P3]) -> Vec<(P3, Q)> {
        let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
        let mut h = vec![(n.clone(), dot(&n, &t[0]))];
        h.push((scale(&n, &-Q::one()), -dot(&n, &t[0])));
        for i in 0..3 {
            let (u, v) = (&t[i], &t[(i + 1) % 3]);
            // Inner normal of edge uv within the plane: n × (v − u).
            let m = cross(&n, &sub(v, u));
            h.push((m.clone(), dot(&m, u)));
        }
        h
    }

    /// Sutherland–Hodgman: the part of the convex polygon/segment/point `poly` in
    /// `{x : n·x ≥ c}`.
    fn clip(poly: &[P3], n: &P3, c: &Q) -> Vec<P3> {
        let m = poly.len();
        let val: Vec<Q> = poly.iter().map(|x| dot(n, x) - c).collect();
        let mut out = vec![];
        let edges = if m <= 2 { m.saturating_sub(1) } else { m };
        for i in 0..m {
            if !val[i].is_negative() {
                out.push(poly[i].clone());
            }
            if i < edges {
                let j = (i + 1) % m;
                if (val[i].is_negative() && val[j].is_positive())
                    || (val[i].is_positive() && val[j].is_negative())
                {
                    let t = &val[i] / (&val[i] - &val[j]);
                    out.push(add(&poly[i], &scale(&sub(&poly[j], &poly[i]), &t)));
                }
            }
        }
        out
    }

    fn on_segment(s: &[P3], x: &P3) -> bool {
        if s.len() == 1 {
            return &s[0] == x;
        }
        let d = sub(&s[1], &s[0]);
        let w = sub(x, &s[0]);
        if !is_zero(&cross(&d, &w)) {
            return false;
        }
        let t = dot(&w, &d);
        !t.is_negative() && t <= dot(&d, &d)
    }

    /// The vertices of `A ∩ B` (possibly repeated), exactly.
    pub fn intersection(a: &Shape, b: &Shape) -> Vec<P3> {
        let (a, b) = if a.0.len() >= b.0.len() {
            (a, b)
        } else {
            (b, a)
        };
        if a.0.len() == 3 {
            let mut poly = b.0.clone();
            for (n, c) in halfspaces(&a.0) {
                poly = clip(&poly, &n, &c);
                if poly.is_empty() {
                    break;
                }
            }
            if b.0.len() == 3 {
                // Also clip the other way round is not needed: clipping b by a's
                // half-spaces gives exactly a ∩ b.
            }
            return poly;
        }
        // Both are segments or points.
        let mut out = vec![];
        for x in &b.0 {
            if on_segment(&a.0, x) {
                out.push(x.clone());
            }
        }
        for x in &a.0 {
            if on_segment(&b.0, x) {
                out.push(x.clone());
            }
        }
        if a.0.len() == 2 && b.0.len() == 2 {
            let d1 = sub(&a.0[1], &a.0[0]);
            let d2 = sub(&b.0[1], &b.0[0]);
            let w = sub(&b.0[0], &a.0[0]);
            let n = cross(&d1, &d2);
            if !is_zero(&n) && dot(&w, &n).is_zero() {
                let s = dot(&cross(&w, &d2), &n) / dot(&n, &n);
                let x = add(&a.0[0], &scale(&d1, &s));
                if on_segment(&a.0, &x) && on_segment(&b.0, &x) {
                    out.push(x);
                }
            }
        }
        out
    }

    /// `x` in the relative interior of the shape (`x` assumed to be in the shape).
    fn in_relint(s: &Shape, x: &P3) -> bool {
        match s.0.len() {
            1 => &s.0[0] == x,
            2 => {
                let d = sub(&s.0[1], &s.0[0]);
                let t = dot(&sub(x, &s.0[0]), &d);
                t.is_positive() && t < dot(&d, &d)
            }
            _ => {
                let t = &s.0;
                let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
                (0..3).all(|i| {
                    let (u, v) = (&t[(i + 1) % 3], &t[(i + 2) % 3]);
                    // Barycentric of vertex i, times |n|² > 0.
                    dot(&n, &cross(&sub(u, x), &sub(v, x))).is_positive()
                })
            }
        }
    }

    fn coplanar(pts: &[P3]) -> bool {
        // Rank of the differences ≤ 2.
        let d: Vec<P3> = pts[1..].iter().map(|p| sub(p, &pts[0])).collect();
        for i in 0..d.len() {
            for j in i + 1..d.len() {
                for k in j + 1..d.len() {
                    if !dot(&d[i], &cross(&d[j], &d[k])).is_zero() {
                        return false;
                    }
                }
            }
        }
        true
    }

    pub fn classify_shapes(a: &Shape, b: &Shape) -> TriTri {
        let mut pts = intersection(a, b);
        if pts.is_empty() {
            return TriTri::Disjoint;
        }
        pts.dedup();
        let mut uniq: Vec<P3> = vec![];
        for p in pts {
            if !uniq.contains(&p) {
                uniq.push(p);
            }
        }
        let nq = Q::from_integer(BigInt::from(uniq.len()));
        let mut c = [Q::zero(), Q::zero(), Q::zero()];
        for p in &uniq {
            c = add(&c, p);
        }
        let c = scale(&c, &(Q::one() / nq));
        if in_relint(a, &c) && in_relint(b, &c) {
            let all: Vec<P3> = a.0.iter().chain(b.0.iter()).cloned().collect();
            return if coplanar(&all) {
                TriTri::CoplanarOverlap
            } else {
                TriTri::Crossing
            };
        }
        TriTri::Touching {
            contact: if uniq.len() == 1 {
                TriContact::Point
            } else {
                TriContact::Segment
            },
        }
    }

    pub fn classify(a: &[P3; 3], b: &[P3; 3]) -> TriTri {
        classify_shapes(&shape(a), &shape(b))
    }

    /// The intersection's extreme points (for `Touching` along a segment and `Crossing`):
    /// the pair of distinct intersection vertices farthest apart.
    pub fn segment(a: &[P3; 3], b: &[P3; 3]) -> Option<(P3, P3)> {
        let pts = intersection(&shape(a), &shape(b));
        let mut best: Option<(Q, usize, usize)> = None;
        for i in 0..pts.len() {
            for j in i + 1..pts.len() {
                let d = sub(&pts[i], &pts[j]);
                let l = dot(&d, &d);
                if best.as_ref().is_none_or(|b| l > b.0) {
                    best = Some((l, i, j));
                }
            }
        }
        best.filter(|b| b.0.is_positive())
            .map(|(_, i, j)| (pts[i].clone(), pts[j].clone()))
    }
}

// =======================================================================================
// Helpers
// =======================================================================================

type T64 = [[f64; 3]; 3];

fn tq(t: &T64) -> [P3; 3] {
    (*t).map(|p| p.map(q))
}
fn t32(t: &T64) -> Option<[[f32; 3]; 3]> {
    let out = t.map(|p| p.map(|x| x as f32));
    (0..3)
        .all(|i| (0..3).all(|k| f64::from(out[i][k]) == t[i][k]))
        .then_some(out)
}

const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
];

fn perm<T: Clone>(t: &[T; 3], p: [usize; 3]) -> [T; 3] {
    [t[p[0]].clone(), t[p[1]].clone(), t[p[2]].clone()]
}

/// The library on `(a, b)` agrees with the oracle, in every scalar type that holds the
/// input exactly, in the boolean form, and in the rational construction.
fn check(a: &T64, b: &T64) -> Result<TriTri, TestCaseError> {
    let (qa, qb) = (tq(a), tq(b));
    let want = oracle::classify(&qa, &qb);
    let got = tri_tri(a, b);
    prop_assert_eq!(got, want, "f64 tri_tri({:?}, {:?})", a, b);
    prop_assert_eq!(
        tri_tri_intersect(a, b),
        want.intersects(),
        "f64 tri_tri_intersect({:?}, {:?})",
        a,
        b
    );
    prop_assert_eq!(
        tri_tri(&qa, &qb),
        want,
        "BigRational tri_tri({:?}, {:?})",
        a,
        b
    );
    if let (Some(a32), Some(b32)) = (t32(a), t32(b)) {
        prop_assert_eq!(tri_tri(a32, b32), want, "f32 tri_tri({:?}, {:?})", a, b);
    }
    Ok(want)
}

/// Every vertex ordering of both triangles (6 × 6, reflections included) and the swap
/// give `want`.
fn check_orderings(a: &T64, b: &T64, want: TriTri) -> Result<(), TestCaseError> {
    for pa in PERMS {
        for pb in PERMS {
            let (x, y) = (perm(a, pa), perm(b, pb));
            prop_assert_eq!(
                tri_tri(x, y),
                want,
                "ordering {:?} {:?} of {:?} {:?}",
                pa,
                pb,
                a,
                b
            );
            prop_assert_eq!(tri_tri(y, x), want, "swapped ordering {:?} {:?}", pa, pb);
            prop_assert_eq!(tri_tri_intersect(y, x), want.intersects());
        }
    }
    Ok(())
}

/// Exact transforms: signed axis permutations (90° rotations and reflections), a
/// power-of-two scale and a translation by a representable vector that keeps every
/// coordinate exact (checked, else skipped).
fn transform(t: &T64, axes: [usize; 3], signs: u8, k: i32, shift: [f64; 3]) -> Option<T64> {
    let mut out = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            let mut x = t[i][axes[j]];
            if signs >> j & 1 == 1 {
                x = -x;
            }
            let x0 = x;
            x = mul_pow2_f64(x, k);
            if q(x) != q(x0) * q_pow2(k) {
                return None; // the scaling rounded (subnormal range)
            }
            let y = x + shift[j];
            // Keep only exact translations.
            if !y.is_finite() || y - shift[j] != x || q(y) != q(x) + q(shift[j]) {
                return None;
            }
            out[i][j] = y;
        }
    }
    Some(out)
}

fn axes_of(i: usize) -> [usize; 3] {
    PERMS[i % 6]
}

// =======================================================================================
// Generators
// =======================================================================================

fn coord(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    lo..hi
}

fn tri_in(lo: f64, hi: f64) -> impl Strategy<Value = T64> {
    proptest::array::uniform3(proptest::array::uniform3(coord(lo, hi)))
}

/// Random pairs of nearby triangles (unit-size triangles in a box of side 2).
fn random_pair() -> impl Strategy<Value = (T64, T64)> {
    (tri_in(0.0, 2.0), tri_in(0.0, 2.0))
}

/// Grid points `n · 2^e` with small integers: exact touching, exactly coplanar and
/// degenerate configurations arise often.
fn grid_tri(r: i32) -> impl Strategy<Value = T64> {
    proptest::array::uniform3(proptest::array::uniform3(-r..=r))
        .prop_map(|t| t.map(|p| p.map(f64::from)))
}

fn grid_pair() -> impl Strategy<Value = (T64, T64)> {
    (grid_tri(3), grid_tri(3), -4i32..=4).prop_map(|(a, b, e)| {
        let s = 2f64.powi(e);
        (a.map(|p| p.map(|x| x * s)), b.map(|p| p.map(|x| x * s)))
    })
}

/// Exactly coplanar pairs in a tilted plane: `o + i·u + j·v` with small integers.
fn coplanar_pair() -> impl Strategy<Value = (T64, T64)> {
    let iv = || proptest::array::uniform3(-3i32..=3);
    (
        iv(),
        iv(),
        iv(),
        proptest::array::uniform3(proptest::array::uniform2(-4i32..=4)),
        proptest::array::uniform3(proptest::array::uniform2(-4i32..=4)),
    )
        .prop_map(|(o, u, v, a, b)| {
            let pt = |ij: [i32; 2]| -> [f64; 3] {
                std::array::from_fn(|k| f64::from(o[k] + ij[0] * u[k] + ij[1] * v[k]))
            };
            (a.map(pt), b.map(pt))
        })
}

/// Exactly touching pairs: `b` shares a vertex with `a`, has a vertex at a dyadic point
/// of an edge or of the face of `a`, or an edge along an edge or face of `a`; the rest
/// of `b` on one side (or through, when `through`).
fn touching_pair() -> impl Strategy<Value = (T64, T64)> {
    (
        grid_tri(4),
        0usize..5,
        proptest::array::uniform3(0u32..=4),
        proptest::array::uniform3(proptest::array::uniform3(-4i32..=4)),
        any::<bool>(),
    )
        .prop_map(|(a, mode, w, off, both)| {
            // Dyadic barycentric points of a: weights w/4 (normalised to sum 4 by the
            // last one) are exact on this grid.
            let bary = |w: [u32; 3]| -> [f64; 3] {
                let (w0, w1) = (w[0].min(4), w[1].min(4 - w[0].min(4)));
                let w2 = 4 - w0 - w1;
                std::array::from_fn(|k| {
                    (a[0][k] * f64::from(w0) + a[1][k] * f64::from(w1) + a[2][k] * f64::from(w2))
                        / 4.0
                })
            };
            let p0 = match mode {
                0 => a[0],                      // shared vertex
                1 => bary([2, 2, 0]),           // midpoint of an edge
                2 => bary([w[0], 4 - w[0], 0]), // a dyadic point of an edge
                _ => bary(w),                   // a dyadic point of the face or boundary
            };
            let p1 = if mode == 4 {
                bary([w[1], w[2], w[0]]) // a second point of a: an edge in a's plane
            } else {
                std::array::from_fn(|k| p0[k] + f64::from(off[0][k]))
            };
            let mut p2: [f64; 3] = std::array::from_fn(|k| p0[k] + f64::from(off[1][k]));
            if both {
                p2 = std::array::from_fn(|k| p0[k] - f64::from(off[2][k]));
            }
            (a, [p0, p1, p2])
        })
}

/// Exactly coplanar pairs in an axis plane (`x_axis = c`) whose other coordinates come
/// from a palette mixing small integers with magnitudes up to `f32::MAX` and down to
/// subnormals, with repeated and collinear vertices on purpose (segments and points):
/// the shape of the fuzz find `fuzz_tri_tri_intersection_degenerate_f64_empty`.
fn axis_plane_pair() -> impl Strategy<Value = (T64, T64)> {
    let palette = prop_oneof![
        6 => (-8i32..=8).prop_map(f64::from),
        1 => Just(f64::from(f32::MAX)),
        1 => Just(-f64::from(f32::MAX)),
        1 => Just(1.9852334701272664e-23),
        1 => (-1074i32..=-1000).prop_map(|k| 2f64.powi(k / 2) * 2f64.powi(k - k / 2)),
        1 => (100i32..=1000).prop_map(|k| -(2f64.powi(k))),
    ];
    let uv = proptest::array::uniform2(palette);
    (
        0usize..3,
        -8i32..=8,
        proptest::array::uniform3(uv.clone()),
        proptest::array::uniform3(uv),
        0u8..4,
        0u8..4,
    )
        .prop_map(|(axis, c, a, b, da, db)| {
            let lift = |uv: [f64; 2]| -> [f64; 3] {
                let mut p = [0.0; 3];
                p[axis] = f64::from(c);
                p[(axis + 1) % 3] = uv[0];
                p[(axis + 2) % 3] = uv[1];
                p
            };
            // 0: as drawn; 1: a repeated vertex; 2: a point; 3: a vertex on the line of
            // the other two (their exact midpoint, when representable).
            let degen = |mut t: [[f64; 2]; 3], d: u8| {
                match d {
                    1 => t[1] = t[0],
                    2 => {
                        t[1] = t[0];
                        t[2] = t[0];
                    }
                    3 => {
                        let m = [(t[0][0] + t[1][0]) / 2.0, (t[0][1] + t[1][1]) / 2.0];
                        if (0..2).all(|k| q(m[k]) * q(2.0) == q(t[0][k]) + q(t[1][k])) {
                            t[2] = m;
                        }
                    }
                    _ => {}
                }
                t
            };
            (degen(a, da).map(lift), degen(b, db).map(lift))
        })
}

/// Near-coplanar pairs: `b`'s vertices are points of `a`'s plane (rounded) plus tiny
/// offsets, or `a` itself shifted by an ulp-scale amount.
fn near_coplanar_pair() -> impl Strategy<Value = (T64, T64)> {
    (
        tri_in(-1.0, 1.0),
        proptest::array::uniform3((-0.5f64..1.5, -0.5f64..1.5)),
        proptest::array::uniform3(-4i32..=4),
        -60i32..-20,
    )
        .prop_map(|(a, st, d, e)| {
            let b = st.map(|(s, t)| {
                let mut p: [f64; 3] = std::array::from_fn(|k| {
                    a[0][k] + s * (a[1][k] - a[0][k]) + t * (a[2][k] - a[0][k])
                });
                p[2] += 0.0;
                p
            });
            let mut b = b;
            for i in 0..3 {
                b[i][i % 3] += f64::from(d[i]) * 2f64.powi(e);
            }
            (a, b)
        })
}

/// Nearly coplanar pairs with rounded coordinates, each axis on its own power-of-two
/// scale from `2^-900` to `2^900`: `b`'s vertices are rounded points of `a`'s plane,
/// some moved by an ulp, some replaced by a vertex of `a` or the rounded midpoint of one
/// of its edges. Every plane side is within rounding of zero, so the library decides the
/// whole pair exactly from scratch (in integers when the coordinates allow).
fn rounded_coplanar_pair() -> impl Strategy<Value = (T64, T64)> {
    (
        tri_in(-1.0, 1.0),
        proptest::array::uniform3((-0.5f64..1.5, -0.5f64..1.5)),
        proptest::array::uniform3(prop_oneof![Just(0i32), -900i32..900]),
        0usize..6,
        proptest::array::uniform2(0usize..3),
        prop_oneof![Just(-1i32), Just(1), Just(2)],
    )
        .prop_map(|(a, st, e, how, [i, k], ulps)| {
            let a = a.map(|p| std::array::from_fn(|j| mul_pow2_f64(p[j], e[j])));
            let mut b = st.map(|(s, t)| {
                std::array::from_fn(|j| a[0][j] + s * (a[1][j] - a[0][j]) + t * (a[2][j] - a[0][j]))
            });
            match how {
                0 => {
                    for _ in 0..ulps.abs() {
                        b[i][k] = if ulps > 0 {
                            b[i][k].next_up()
                        } else {
                            b[i][k].next_down()
                        };
                    }
                }
                1 => b[0] = a[i],
                2 => (b[0], b[1]) = (a[i], a[(i + 1) % 3]),
                3 => b[0] = std::array::from_fn(|j| (a[i][j] + a[(i + 1) % 3][j]) / 2.0),
                _ => {}
            }
            (a, b)
        })
}

// =======================================================================================
// Properties
// =======================================================================================

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn random_pairs_match_oracle((a, b) in random_pair()) {
        check(&a, &b)?;
    }

    #[test]
    fn near_coplanar_pairs_match_oracle((a, b) in near_coplanar_pair()) {
        check(&a, &b)?;
    }

    #[test]
    fn rounded_coplanar_pairs_match_oracle((a, b) in rounded_coplanar_pair()) {
        check(&a, &b)?;
    }

}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn grid_pairs_match_oracle((a, b) in grid_pair()) {
        check(&a, &b)?;
    }

    #[test]
    fn coplanar_pairs_match_oracle((a, b) in coplanar_pair()) {
        check(&a, &b)?;
    }

    #[test]
    fn touching_pairs_match_oracle((a, b) in touching_pair()) {
        check(&a, &b)?;
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn every_ordering_and_swap_agrees(
        (a, b) in prop_oneof![grid_pair(), coplanar_pair(), touching_pair(), random_pair(), near_coplanar_pair(), rounded_coplanar_pair()]
    ) {
        let want = check(&a, &b)?;
        check_orderings(&a, &b, want)?;
    }

    #[test]
    fn exact_transforms_keep_the_answer(
        (a, b) in prop_oneof![grid_pair(), coplanar_pair(), touching_pair(), random_pair(), near_coplanar_pair()],
        axes in 0usize..6,
        signs in 0u8..8,
        k in prop_oneof![-8i32..=8, Just(-1000), Just(1000), Just(-1070), Just(900)],
        shift in proptest::array::uniform3(prop_oneof![Just(0.0), -8.0f64..8.0, Just(1024.0), Just(-0.5)]),
    ) {
        let want = tri_tri(&a, &b);
        for shift in [[0.0; 3], shift] {
            if let (Some(x), Some(y)) = (
                transform(&a, axes_of(axes), signs, k, shift),
                transform(&b, axes_of(axes), signs, k, shift),
            ) {
                prop_assert_eq!(tri_tri(&x, &y), want, "transform {:?} {} {} {:?}", axes, signs, k, shift);
                check(&x, &y)?;
            }
        }
    }

    /// Rational construction equals the oracle's intersection exactly; the f64 one is
    /// close and of the same shape.
    #[test]
    fn constructions_match_oracle(
        (a, b) in prop_oneof![grid_pair(), touching_pair(), random_pair(), coplanar_pair()]
    ) {
        let (qa, qb) = (tq(&a), tq(&b));
        let class = oracle::classify(&qa, &qb);
        let exact = tri_tri_intersection(&qa, &qb);
        let approx = tri_tri_intersection(&a, &b);
        match class {
            TriTri::Disjoint => {
                prop_assert_eq!(&exact, &TriTriIntersection::Empty);
                prop_assert_eq!(&approx, &TriTriIntersection::Empty);
            }
            TriTri::Touching { .. } | TriTri::Crossing => {
                let seg = oracle::segment(&qa, &qb);
                match (seg, &exact, &approx) {
                    (None, TriTriIntersection::Point(x), TriTriIntersection::Point(_)) => {
                        let pts = oracle::intersection(&oracle::shape(&qa), &oracle::shape(&qb));
                        prop_assert_eq!(x, &pts[0]);
                    }
                    (
                        Some((s, t)),
                        TriTriIntersection::Segment(x, y),
                        TriTriIntersection::Segment(u, v),
                    ) => {
                        prop_assert!((x == &s && y == &t) || (x == &t && y == &s),
                            "exact segment {:?} vs oracle {:?}", exact, (s, t));
                        let close = |u: &[f64; 3], v: &P3| {
                            (0..3).all(|k| (u[k] - v[k].to_f64().unwrap()).abs() <= 1e-9 * (1.0 + u[k].abs()))
                        };
                        prop_assert!((close(u, &s) && close(v, &t)) || (close(u, &t) && close(v, &s)),
                            "f64 segment {:?} vs oracle {:?}", approx, (s, t));
                    }
                    (seg, exact, approx) => prop_assert!(false, "{:?}: oracle {:?}, exact {:?}, f64 {:?}", class, seg, exact, approx),
                }
            }
            TriTri::CoplanarOverlap => {
                prop_assert!(matches!(exact, TriTriIntersection::Polygon(_)), "{:?}", exact);
                if let TriTriIntersection::Polygon(v) = &exact {
                    // Every constructed vertex is in both triangles (exact check).
                    for x in v {
                        let p = [x.clone()];
                        let s = oracle::Shape(p.to_vec());
                        prop_assert!(oracle::classify_shapes(&s, &oracle::shape(&qa)).intersects());
                        prop_assert!(oracle::classify_shapes(&s, &oracle::shape(&qb)).intersects());
                    }
                }
            }
        }
    }

    /// Degenerate and wide-ranging coplanar pairs: the classification matches the oracle
    /// in every type, and the f64 construction has the shape the classification says
    /// (never `Empty` for an intersecting pair), with a single touching point exact.
    #[test]
    fn axis_plane_constructions_match_oracle((a, b) in axis_plane_pair()) {
        let want = check(&a, &b)?;
        let (qa, qb) = (tq(&a), tq(&b));
        let approx = tri_tri_intersection(&a, &b);
        let exact = tri_tri_intersection(&qa, &qb);
        match want {
            TriTri::Disjoint => prop_assert_eq!(&approx, &TriTriIntersection::Empty),
            TriTri::Touching { contact: TriContact::Point } => {
                let pts = oracle::intersection(&oracle::shape(&qa), &oracle::shape(&qb));
                prop_assert!(pts.iter().all(|x| x == &pts[0]), "{:?}", pts);
                prop_assert_eq!(&exact, &TriTriIntersection::Point(pts[0].clone()));
                // The touching point of a coplanar pair is an input vertex: exact in f64.
                let p = pts[0].clone().map(|x| x.to_f64().unwrap());
                prop_assert_eq!(&approx, &TriTriIntersection::Point(p), "{:?} {:?}", a, b);
            }
            TriTri::Touching { .. } | TriTri::Crossing => prop_assert!(
                matches!(approx, TriTriIntersection::Segment(..) | TriTriIntersection::Point(_)),
                "{:?}: {:?} for {:?} {:?}", want, approx, a, b
            ),
            TriTri::CoplanarOverlap => {
                // A polygon, never empty (with a degenerate input, or vertices closer than
                // the rounding, it has fewer than three vertices).
                prop_assert!(
                    matches!(approx, TriTriIntersection::Polygon(ref v) if !v.is_empty()),
                    "{:?} for {:?} {:?}", approx, a, b
                );
                // Every rounded vertex is near an exact one and the other way round (points
                // closer than the rounding may merge), near = within 2^-40 of the inputs'
                // largest magnitude.
                if let (TriTriIntersection::Polygon(e), TriTriIntersection::Polygon(v)) = (&exact, &approx) {
                    let big = a.iter().chain(&b).flatten().fold(0.0f64, |m, x| m.max(x.abs()));
                    let tol = q(big) * q(2f64.powi(-40));
                    let near = |x: &P3, y: &[f64; 3]| (0..3).all(|k| (&x[k] - q(y[k])).abs() <= tol);
                    prop_assert!(v.iter().flatten().all(|x| x.is_finite()), "{:?} for {:?} {:?}", approx, a, b);
                    for x in e {
                        prop_assert!(v.iter().any(|y| near(x, y)), "{:?} vs {:?}", exact, approx);
                    }
                    for y in v {
                        prop_assert!(e.iter().any(|x| near(x, y)), "{:?} vs {:?}", exact, approx);
                    }
                }
            }
        }
    }

    /// Non-coplanar crossings over the whole exponent range, nearly parallel edges
    /// included: each f64 end of the intersection segment is within the documented bound
    /// of the exact end, `(2^14 + 3)·u·|q − p|_∞ + u·|X|_∞` with `|q − p|` at most the
    /// larger triangle's extent (the edge the end lies on is not known here).
    #[test]
    fn crossing_points_within_documented_bound(
        (a, b) in prop_oneof![random_pair(), near_coplanar_pair(), touching_pair()],
        k in prop_oneof![Just(0i32), -1000i32..=-900, 900i32..=1000],
        stretch in prop_oneof![Just(0i32), 1i32..=400],
    ) {
        // Scale everything by 2^k and stretch b's first vertex away by 2^stretch (exact:
        // powers of two; skipped when not exact).
        let s = |t: &T64, extra: i32| {
            let mut t = t.map(|p| p.map(|x| mul_pow2_f64(x, k)));
            t[0] = t[0].map(|x| mul_pow2_f64(x, extra));
            t
        };
        let (x, y) = (s(&a, 0), s(&b, stretch));
        prop_assume!(x.iter().chain(&y).flatten().all(|v| v.is_finite()));
        let (qa, qb) = (tq(&x), tq(&y));
        prop_assume!(matches!(oracle::classify(&qa, &qb), TriTri::Crossing | TriTri::Touching { contact: TriContact::Segment }));
        let Some((s0, s1)) = oracle::segment(&qa, &qb) else { return Ok(()); };
        let approx = tri_tri_intersection(&x, &y);
        let TriTriIntersection::Segment(u, v) = &approx else {
            return Err(TestCaseError::fail(format!("{approx:?} for {x:?} {y:?}")));
        };
        let extent = |t: &T64| (0..3).map(|c| {
            let (lo, hi) = t.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), p| (l.min(p[c]), h.max(p[c])));
            q(hi) - q(lo)
        }).max().unwrap();
        let e = std::cmp::max(extent(&x), extent(&y));
        let unit = q(2f64.powi(-53));
        let near = |p: &[f64; 3], t: &P3| {
            let mx = t.iter().map(|c| c.abs()).max().unwrap();
            let tol = &unit * (Q::from_integer(BigInt::from(16387)) * &e + mx);
            (0..3).all(|c| (q(p[c]) - &t[c]).abs() <= tol)
        };
        prop_assert!(
            (near(u, &s0) && near(v, &s1)) || (near(u, &s1) && near(v, &s0)),
            "{:?} vs exact {:?} for {:?} {:?}", approx, (s0.clone().map(|c| c.to_f64().unwrap()), s1.clone().map(|c| c.to_f64().unwrap())), x, y
        );
    }

    /// Möller's test with exact rationals and the Exact policy computes its intervals
    /// without rounding, so it must agree with the exact test on proper triangles.
    #[test]
    fn moller_exact_on_rationals((a, b) in prop_oneof![grid_pair(), random_pair(), touching_pair(), coplanar_pair()]) {
        let (qa, qb) = (tq(&a), tq(&b));
        // Proper (non-degenerate) triangles only: Möller's test needs a plane per triangle.
        let proper = |t: &[[Q; 3]; 3]| !collinear3(&t[0], &t[1], &t[2]);
        prop_assume!(proper(&qa) && proper(&qb));
        prop_assert_eq!(
            tri_tri_moller_with(Exact, &qa, &qb),
            oracle::classify(&qa, &qb).intersects(),
            "{:?} {:?}", a, b
        );
    }
}

proptest! {
    #![proptest_config(config(1000))]

    /// Extreme exponents: grid pairs scaled to the top and bottom of the range
    /// (subnormals included) keep the oracle's answer.
    #[test]
    fn extreme_exponents(
        (a, b) in prop_oneof![grid_pair(), touching_pair(), coplanar_pair()],
        k in prop_oneof![Just(-1074i32), -1074i32..=-1000, 960i32..=1016, Just(1016)],
    ) {
        let s = |t: &T64| t.map(|p| p.map(|x| mul_pow2_f64(x, k)));
        let (x, y) = (s(&a), s(&b));
        // Keep only exact scalings (no coordinate rounded, underflowed or overflowed).
        let exact = |u: &T64, v: &T64| (0..3).all(|i| (0..3).all(|j| {
            u[i][j].is_finite() && q(u[i][j]) == q(v[i][j]) * q_pow2(k)
        }));
        prop_assume!(exact(&x, &a) && exact(&y, &b));
        let want = check(&a, &b)?;
        prop_assert_eq!(check(&x, &y)?, want);
    }
}

// =======================================================================================
// Named cases
// =======================================================================================

fn expect(a: T64, b: T64, want: TriTri) {
    let oracle = oracle::classify(&tq(&a), &tq(&b));
    assert_eq!(oracle, want, "oracle on {a:?} {b:?}");
    assert_eq!(tri_tri(a, b), want, "tri_tri on {a:?} {b:?}");
    assert_eq!(tri_tri(b, a), want, "tri_tri swapped");
    assert_eq!(tri_tri_intersect(a, b), want.intersects());
    for pa in PERMS {
        for pb in PERMS {
            assert_eq!(tri_tri(perm(&a, pa), perm(&b, pb)), want, "{pa:?} {pb:?}");
        }
    }
}

const UNIT: T64 = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
const POINT: TriTri = TriTri::Touching {
    contact: TriContact::Point,
};
const SEGMENT: TriTri = TriTri::Touching {
    contact: TriContact::Segment,
};

#[test]
fn basic_classes() {
    expect(
        UNIT,
        [[5.0, 5.0, 5.0], [6.0, 5.0, 5.0], [5.0, 6.0, 5.0]],
        TriTri::Disjoint,
    );
    // Shared vertex, the rest above.
    expect(
        UNIT,
        [[0.0, 0.0, 0.0], [-1.0, 0.0, 1.0], [0.0, -1.0, 1.0]],
        POINT,
    );
    // Shared edge, hinged.
    expect(
        UNIT,
        [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        SEGMENT,
    );
    // Shared edge, coplanar on the other side.
    expect(
        UNIT,
        [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, -1.0, 0.0]],
        SEGMENT,
    );
    // Vertex on an edge.
    expect(
        UNIT,
        [[0.5, 0.0, 0.0], [0.5, -1.0, 1.0], [0.5, -1.0, -1.0]],
        POINT,
    );
    // Vertex on the face from above.
    expect(
        UNIT,
        [[0.25, 0.25, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 1.0]],
        POINT,
    );
    // Edge on the face from above.
    expect(
        UNIT,
        [[0.25, 0.25, 0.0], [0.5, 0.25, 0.0], [0.25, 0.25, 1.0]],
        SEGMENT,
    );
    // An edge through the face, triangle on both sides: crossing.
    expect(
        UNIT,
        [[0.25, 0.25, -1.0], [0.25, 0.25, 1.0], [2.0, 2.0, 0.0]],
        TriTri::Crossing,
    );
    // Coplanar overlap, identical triangles.
    expect(UNIT, UNIT, TriTri::CoplanarOverlap);
    // Coplanar: one vertex touching the other's edge from outside.
    expect(
        UNIT,
        [[0.5, 0.5, 0.0], [1.0, 1.0, 0.0], [0.5, 2.0, 0.0]],
        POINT,
    );
    // Edges crossing in their interiors, perpendicular planes, touching only.
    expect(
        UNIT,
        [[0.25, -1.0, 0.0], [0.25, 1.0, 0.0], [0.25, 0.0, 1.0]],
        SEGMENT,
    );
}

#[test]
fn degenerate_triangles_are_segments_and_points() {
    let seg = [[0.25, 0.25, -1.0], [0.25, 0.25, 1.0], [0.25, 0.25, 0.5]];
    expect(UNIT, seg, TriTri::Crossing);
    let seg_touch = [[0.25, 0.25, 0.0], [0.25, 0.25, 1.0], [0.25, 0.25, 0.5]];
    expect(UNIT, seg_touch, POINT);
    let seg_in_plane = [[0.1, 0.1, 0.0], [0.2, 0.2, 0.0], [0.3, 0.3, 0.0]];
    expect(UNIT, seg_in_plane, TriTri::CoplanarOverlap);
    let seg_on_edge = [[-1.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.5, 0.0, 0.0]];
    expect(UNIT, seg_on_edge, SEGMENT);
    let point_in = [[0.25, 0.25, 0.0]; 3];
    expect(UNIT, point_in, TriTri::CoplanarOverlap);
    let point_on_edge = [[0.5, 0.0, 0.0]; 3];
    expect(UNIT, point_on_edge, POINT);
    let point_off = [[0.25, 0.25, 1e-300]; 3];
    expect(UNIT, point_off, TriTri::Disjoint);
    // Two segments crossing in their interiors, and skew.
    let s1 = [[0.0, 0.0, 0.0], [2.0, 2.0, 0.0], [1.0, 1.0, 0.0]];
    let s2 = [[0.0, 2.0, 0.0], [2.0, 0.0, 0.0], [1.0, 1.0, 0.0]];
    expect(s1, s2, TriTri::CoplanarOverlap);
    let s3 = [[0.0, 2.0, 1.0], [2.0, 0.0, 1.0], [1.0, 1.0, 1.0]];
    expect(s1, s3, TriTri::Disjoint);
    // End to end.
    let s4 = [[2.0, 2.0, 0.0], [3.0, 3.0, 0.0], [2.0, 2.0, 0.0]];
    expect(s1, s4, POINT);
    // A degenerate triangle is valid input: the checked form answers as the segment it
    // is (s1 crosses UNIT's interior in its plane).
    let want = oracle::classify(&tq(&UNIT), &tq(&s1));
    assert_eq!(want, TriTri::CoplanarOverlap);
    assert_eq!(try_tri_tri(UNIT, s1), Ok(want));
    assert_eq!(try_tri_tri(s1, UNIT), Ok(want));
    assert_eq!(try_tri_tri(s1, s4), Ok(POINT));
    assert_eq!(try_tri_tri(point_on_edge, UNIT), Ok(POINT));
}

#[test]
fn non_finite_input_is_disjoint_never_a_panic() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        for v in 0..3 {
            for k in 0..3 {
                let mut b = UNIT;
                b[v][k] = bad;
                assert_eq!(tri_tri(UNIT, b), TriTri::Disjoint);
                assert_eq!(tri_tri(b, UNIT), TriTri::Disjoint);
                assert!(!tri_tri_intersect(UNIT, b));
                assert_eq!(tri_tri_intersection(UNIT, b), TriTriIntersection::Empty);
                assert_eq!(
                    try_tri_tri(UNIT, b),
                    Err(InputError::NonFinite {
                        argument: 1,
                        what: "vertex",
                        index: Some(v),
                        axis: Some(k),
                        value: NonFiniteValue::from(bad),
                    })
                );
                let _ = tri_tri_moller_with(Exact, UNIT, b);
            }
        }
    }
}

/// jgt-code issue 9 and benardp/contours issue 1: the floating-point Guigue–Devillers
/// code reported hits on disjoint triangles. Near cases: a triangle hovering 2^-k above
/// the other's face, vertex or edge, for every k down to the subnormals.
#[test]
fn regression_jgt_code_9_false_hits_on_disjoint_triangles() {
    let a = [[0.1, 0.2, 0.3], [1.7, 0.4, 0.3], [0.5, 1.9, 0.3]];
    for k in 1..1075 {
        let h = pow2(-k);
        let z = 0.3 + h;
        // Hovering over the face: disjoint as long as 0.3 + h > 0.3 in f64.
        let b = [[0.6, 0.7, z], [0.9, 0.8, z + 1.0], [0.4, 1.0, z + 1.0]];
        let want = oracle::classify(&tq(&a), &tq(&b));
        assert_eq!(tri_tri(a, b), want, "k = {k}");
        assert_eq!(want == TriTri::Disjoint, z > 0.3, "k = {k}");
        // Just past an edge, in the plane: disjoint by 2^-k sideways.
        let y = 0.2 - h;
        let c = [[0.5, y, 0.3], [0.9, y - 1.0, 0.3], [0.2, y - 1.0, 0.3]];
        let want = oracle::classify(&tq(&a), &tq(&c));
        assert_eq!(tri_tri(a, c), want, "edge k = {k}");
        assert_eq!(tri_tri_intersect(a, c), want.intersects(), "edge k = {k}");
    }
    // The contours report's shape: a thin sliver near a large triangle's plane.
    let big = [[-1e3, -1e3, 0.0], [1e3, -1e3, 1e-12], [0.0, 1e3, -1e-12]];
    let sliver = [
        [0.1, 0.1, 1e-9],
        [0.2, 0.1, 1e-9],
        [0.15, 0.1 + 1e-12, 2e-9],
    ];
    let want = oracle::classify(&tq(&big), &tq(&sliver));
    assert_eq!(tri_tri(big, sliver), want);
}

/// axom issue 152: the answer changed with the vertex order (6 of 36 orderings). Cases
/// on the boundary of the decision (shared edge, vertex on edge, coplanar touch) must
/// give one answer in all 36 orderings and both argument orders.
#[test]
fn regression_axom_152_vertex_order() {
    let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, 1.0, 0.0]];
    let cases = [
        [[0.5, 0.0, 0.0], [1.5, 1.0, 0.0], [1.5, 0.0, 1.0]],
        [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.5, -1.0, 0.0]],
        [[0.25, 0.5, 0.0], [0.75, 0.5, 0.0], [0.5, 0.5, 1.0]],
        [[0.1, 0.1, 0.1], [0.2, 0.3, -0.1], [0.9, 0.8, 0.0]],
    ];
    for b in cases {
        let want = oracle::classify(&tq(&a), &tq(&b));
        expect(a, b, want);
    }
}

/// Open3D issue 7539: the answer changed under a rotation. Exact 90° rotations about
/// every axis (and their compositions) keep the answer on touching configurations.
#[test]
fn regression_open3d_7539_rotation() {
    let a = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    let bs = [
        [[0.5, 0.0, 0.0], [0.5, -1.0, 1.0], [0.5, -1.0, -1.0]],
        [[0.25, 0.25, 0.0], [0.5, 0.25, 0.0], [0.25, 0.25, 1.0]],
        [[0.3, 0.3, 0.0], [0.1, 0.2, 1.0], [0.9, 0.9, -1.0]],
    ];
    for b in bs {
        let want = oracle::classify(&tq(&a), &tq(&b));
        for axes in 0..6 {
            for signs in 0..8 {
                let x = transform(&a, axes_of(axes), signs, 0, [0.0; 3]).unwrap();
                let y = transform(&b, axes_of(axes), signs, 0, [0.0; 3]).unwrap();
                assert_eq!(tri_tri(x, y), want, "axes {axes} signs {signs}");
            }
        }
    }
}

fn read_obj(path: &str) -> (Vec<[f64; 3]>, Vec<[usize; 3]>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut v, mut f) = (vec![], vec![]);
    for (n, line) in text.lines().enumerate() {
        let mut it = line.split_whitespace();
        match it.next() {
            Some("v") => {
                let c: Vec<f64> = it
                    .map(|s| {
                        s.parse()
                            .unwrap_or_else(|e| panic!("{path}:{}: {s:?}: {e}", n + 1))
                    })
                    .collect();
                assert_eq!(c.len(), 3, "{path}:{}: a vertex needs 3 coordinates", n + 1);
                v.push([c[0], c[1], c[2]]);
            }
            Some("f") => {
                let i: Vec<usize> = it
                    .map(|s| {
                        let idx = s.split('/').next().unwrap_or(s);
                        idx.parse::<usize>()
                            .unwrap_or_else(|e| panic!("{path}:{}: {s:?}: {e}", n + 1))
                            - 1
                    })
                    .collect();
                assert_eq!(i.len(), 3, "{path}:{}: triangles only", n + 1);
                f.push([i[0], i[1], i[2]]);
            }
            _ => {}
        }
    }
    (v, f)
}

/// libigl issue 2381: a twice-subdivided triangle on which a floating-point
/// Guigue–Devillers test reported 5 self-intersecting pairs. No two faces may cross;
/// faces that share nothing must be disjoint or touch, and the oracle agrees on every
/// pair.
#[test]
fn regression_libigl_2381_no_self_intersections() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/mesh-bugs/libigl-2381.obj"
    );
    let (v, f) = read_obj(path);
    assert_eq!((v.len(), f.len()), (15, 16));
    let mut crossings = vec![];
    for i in 0..f.len() {
        for j in i + 1..f.len() {
            let a = f[i].map(|k| v[k]);
            let b = f[j].map(|k| v[k]);
            let shared = f[i].iter().filter(|k| f[j].contains(k)).count();
            let got = tri_tri(a, b);
            assert_eq!(got, oracle::classify(&tq(&a), &tq(&b)), "faces {i} {j}");
            if got.interiors_meet() {
                crossings.push((i, j, shared, got));
            }
            if shared == 0 {
                assert!(
                    !got.interiors_meet(),
                    "faces {i} and {j} (non-adjacent): {got:?}"
                );
            }
        }
    }
    assert!(crossings.is_empty(), "{crossings:?}");
}

/// The shared-normal filter: a 2×2 minor of the normal that underflows (true value
/// 2^-1080, computed 0) multiplied by a difference of 2^1000 decides the sign; a purely
/// relative bound would accept the wrong sign here (proofs/tri_tri.md, section 2).
#[test]
fn filter_underflowing_minor_times_huge_difference() {
    let t = pow2(-540);
    let a = [[0.0, 0.0, 0.0], [1.0, t, 0.0], [0.0, 1.0, t]];
    let big = pow2(1000);
    let z = -pow2(-81); // n·(x − a) = 2^-80 − 2^-81 > 0: x is above a's plane
    for b in [
        [[big, 0.0, z], [big, 0.0, 1.0], [big, 1.0, 1.0]],
        [[big, 0.0, z], [-big, 0.0, -1.0], [0.0, 1.0, 1.0]],
        [[big, 0.0, z], [0.0, 0.0, -1.0], [0.0, 0.5, 1.0]],
        [[big, 0.0, z], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        [[big, 0.0, z], [0.25, 0.5, 0.0], [0.0, 0.0, 1.0]],
        [[big, big, z], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
    ] {
        if b[0][1] == 0.0 {
            assert_eq!(
                isect::orient3d(a[0], a[1], a[2], b[0]),
                isect::Sign::Negative
            );
        }
        let want = oracle::classify(&tq(&a), &tq(&b));
        assert_eq!(tri_tri(a, b), want, "{b:?}");
        assert_eq!(tri_tri(b, a), want, "{b:?}");
        assert_eq!(tri_tri_intersect(a, b), want.intersects(), "{b:?}");
    }
}

#[test]
fn moller_with_epsilon_is_not_exact() {
    // 2^-40 above the face: disjoint; an absolute epsilon of 1e-9 says "touching".
    let b = [
        [0.25, 0.25, 2f64.powi(-40)],
        [0.25, 0.25, 1.0],
        [0.5, 0.25, 1.0],
    ];
    assert_eq!(tri_tri(UNIT, b), TriTri::Disjoint);
    assert!(tri_tri_moller_with(Absolute { eps: 1e-9 }, UNIT, b));
    assert!(!tri_tri_moller_with(Exact, UNIT, b));
}

#[test]
fn rational_only_inputs() {
    // Thirds are not floats: a vertex exactly on the face at (1/3, 1/3, 0).
    let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    let a = [
        [r(0, 1), r(0, 1), r(0, 1)],
        [r(1, 1), r(0, 1), r(0, 1)],
        [r(0, 1), r(1, 1), r(0, 1)],
    ];
    let b = [
        [r(1, 3), r(1, 3), r(0, 1)],
        [r(1, 3), r(1, 3), r(1, 1)],
        [r(2, 3), r(1, 3), r(1, 1)],
    ];
    assert_eq!(tri_tri(&a, &b), POINT);
    assert_eq!(oracle::classify(&a, &b), POINT);
    assert_eq!(
        tri_tri_intersection(&a, &b),
        TriTriIntersection::Point([r(1, 3), r(1, 3), r(0, 1)])
    );
}
