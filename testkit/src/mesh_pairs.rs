//! The independent exact brute force of the whole-mesh pair queries: every pair of faces,
//! the intersection of the two closed triangles constructed exactly in `BigRational`,
//! then CGAL's sharing rule decided on that point set.
//!
//! It shares no method with the library (which decides from orientation signs, with a
//! broad phase and a case split by shared vertices): here each edge of either triangle
//! is intersected with the other triangle as a parameter interval, and the end points of
//! those intervals are the candidate extreme points of `A ∩ B`. Every extreme point of
//! the convex set `A ∩ B` lies on an edge of `A` or of `B` (a point interior to both
//! triangles is not extreme unless the triangles are not coplanar, and then `A ∩ B` is a
//! segment whose ends lie where the common line leaves one of them, on an edge), and is
//! an end of that edge's interval; so `A ∩ B` is the convex hull of the candidates, and
//! empty exactly when there are none.

use num_traits::{Signed, Zero};

use crate::q::{add, cross, dot, scale, sub, Q};

/// A point with rational coordinates.
pub type P = [Q; 3];

/// The part of segment `[p, q]` in the closed proper triangle `t`: its end points (none,
/// one or two; equal ends are kept once).
pub fn segment_in_triangle(p: &P, q: &P, t: &[P; 3]) -> Vec<P> {
    let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
    let (dp, dq) = (dot(&n, &sub(p, &t[0])), dot(&n, &sub(q, &t[0])));
    let d = sub(q, p);
    let at = |s: &Q| add(p, &scale(&d, s));
    // The parameter interval [lo, hi] of the part of the segment in the plane...
    let (mut lo, mut hi) = if dp.is_zero() && dq.is_zero() {
        (Q::zero(), Q::from_integer(1.into()))
    } else if (dp.is_positive() && dq.is_positive()) || (dp.is_negative() && dq.is_negative()) {
        return vec![];
    } else {
        let s = &dp / (&dp - &dq);
        (s.clone(), s)
    };
    // ... then within the three edges' inner half-planes (n × (v − u)) · (x − u) ≥ 0.
    for i in 0..3 {
        let (u, v) = (&t[i], &t[(i + 1) % 3]);
        let m = cross(&n, &sub(v, u));
        // f(s) = a + s·b ≥ 0
        let a = dot(&m, &sub(p, u));
        let b = dot(&m, &d);
        if b.is_zero() {
            if a.is_negative() {
                return vec![];
            }
        } else {
            let s = -(&a) / &b;
            if b.is_positive() {
                if s > lo {
                    lo = s;
                }
            } else if s < hi {
                hi = s;
            }
        }
        if lo > hi {
            return vec![];
        }
    }
    if lo == hi {
        vec![at(&lo)]
    } else {
        vec![at(&lo), at(&hi)]
    }
}

/// Candidate extreme points of `A ∩ B` for closed proper triangles (module docs): empty
/// exactly when the triangles are disjoint, and `A ∩ B` is their convex hull.
pub fn triangle_intersection_points(a: &[P; 3], b: &[P; 3]) -> Vec<P> {
    let mut out = vec![];
    for (s, t) in [(a, b), (b, a)] {
        for i in 0..3 {
            out.extend(segment_in_triangle(&s[i], &s[(i + 1) % 3], t));
        }
    }
    out
}

/// `x` on the closed segment `[u, w]`.
fn on_segment(x: &P, u: &P, w: &P) -> bool {
    let d = sub(w, u);
    let r = sub(x, u);
    if cross(&d, &r).iter().any(|c| !c.is_zero()) {
        return false;
    }
    let t = dot(&r, &d);
    !t.is_negative() && t <= dot(&d, &d)
}

/// Whether faces `f` and `g` of a mesh with vertices `v` count as a self-intersecting
/// pair: their closed triangles meet somewhere other than at their shared vertex (same
/// index) or on their shared edge. Faces on the same three indices always count (their
/// common set is the whole triangle, not one edge).
pub fn faces_meet(v: &[P], f: [u32; 3], g: [u32; 3]) -> bool {
    let tri = |t: [u32; 3]| t.map(|k| v[k as usize].clone());
    let pts = triangle_intersection_points(&tri(f), &tri(g));
    let shared: Vec<&P> = f
        .iter()
        .filter(|k| g.contains(k))
        .map(|&k| &v[k as usize])
        .collect();
    match shared.len() {
        0 => !pts.is_empty(),
        1 => pts.iter().any(|x| x != shared[0]),
        2 => pts.iter().any(|x| !on_segment(x, shared[0], shared[1])),
        _ => true,
    }
}

/// The closed boxes of two faces overlap (exact; only a shortcut for the brute force).
fn boxes_meet(a: &[&P; 3], b: &[&P; 3]) -> bool {
    (0..3).all(|k| {
        let lo = |t: &[&P; 3]| t.iter().map(|p| &p[k]).min().cloned();
        let hi = |t: &[&P; 3]| t.iter().map(|p| &p[k]).max().cloned();
        lo(a) <= hi(b) && lo(b) <= hi(a)
    })
}

/// Every self-intersecting pair `[i, j]`, `i < j`, of the mesh, by trying all pairs.
pub fn self_intersections(v: &[P], t: &[[u32; 3]]) -> Vec<[u32; 2]> {
    let mut out = vec![];
    for i in 0..t.len() {
        for j in i + 1..t.len() {
            let (a, b) = (t[i].map(|k| &v[k as usize]), t[j].map(|k| &v[k as usize]));
            if boxes_meet(&a, &b) && faces_meet(v, t[i], t[j]) {
                out.push([i as u32, j as u32]);
            }
        }
    }
    out
}

/// Every pair `[i, j]` of a face of the first mesh and a face of the second whose closed
/// triangles meet, by trying all pairs.
pub fn intersecting_pairs(va: &[P], ta: &[[u32; 3]], vb: &[P], tb: &[[u32; 3]]) -> Vec<[u32; 2]> {
    let mut out = vec![];
    for (i, f) in ta.iter().enumerate() {
        for (j, g) in tb.iter().enumerate() {
            let (a, b) = (
                f.map(|k| va[k as usize].clone()),
                g.map(|k| vb[k as usize].clone()),
            );
            if boxes_meet(&[&a[0], &a[1], &a[2]], &[&b[0], &b[1], &b[2]])
                && !triangle_intersection_points(&a, &b).is_empty()
            {
                out.push([i as u32, j as u32]);
            }
        }
    }
    out
}
