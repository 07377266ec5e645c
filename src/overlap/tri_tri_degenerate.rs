//! The cold path of [`tri_tri`](crate::overlap::tri_tri()): coplanar pairs, degenerate (collinear)
//! triangles read as the segment or point they are, and non-finite input
//! (proofs/tri_tri.md, sections 4 and 5). Every decision is an exact [`orient3d`] or
//! [`orient2d`] of input points, or a comparison of input coordinates.

use alloc::vec::Vec;

use crate::{Scalar, Sign, orient2d, orient3d};

use super::tri_tri::{TriContact, TriTri};

/// A triangle read as the point set it is.
#[derive(Clone, Copy, Debug)]
pub(super) enum Shape<'a, T> {
    Tri([&'a [T; 3]; 3]),
    Seg([&'a [T; 3]; 2]),
    Pt(&'a [T; 3]),
}

pub(super) fn shape<T: Scalar>(t: [&[T; 3]; 3]) -> Shape<'_, T> {
    if !crate::predicates::collinear3(t[0], t[1], t[2]) {
        return Shape::Tri(t);
    }
    // Collinear: the extreme vertices along an axis where they differ.
    for k in 0..3 {
        let (mut lo, mut hi) = (0, 0);
        for i in 1..3 {
            if t[i][k] < t[lo][k] {
                lo = i;
            }
            if t[i][k] > t[hi][k] {
                hi = i;
            }
        }
        if lo != hi && t[lo][k] < t[hi][k] {
            return Shape::Seg([t[lo], t[hi]]);
        }
    }
    Shape::Pt(t[0])
}

fn is_finite3<T: Scalar>(t: [&[T; 3]; 3]) -> bool {
    t.iter().all(|v| v.iter().all(Scalar::is_finite))
}

#[cold]
#[inline(never)]
pub(super) fn cold<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> TriTri {
    if !is_finite3(p) || !is_finite3(q) {
        return TriTri::Disjoint;
    }
    match (shape(p), shape(q)) {
        // Both proper and one's vertices all on the other's plane: coplanar.
        (Shape::Tri(a), Shape::Tri(b)) => {
            let k = tri_axis(a);
            planar(&project(&a, k), &project(&b, k))
        }
        (Shape::Tri(t), Shape::Seg(s)) | (Shape::Seg(s), Shape::Tri(t)) => seg_tri(s, t),
        (Shape::Tri(t), Shape::Pt(x)) | (Shape::Pt(x), Shape::Tri(t)) => {
            if orient3d(t[0], t[1], t[2], x) != Sign::Zero {
                return TriTri::Disjoint;
            }
            let k = tri_axis(t);
            planar(&project(&t, k), &project(&[x], k))
        }
        (Shape::Seg(s), Shape::Seg(r)) => {
            if orient3d(s[0], s[1], r[0], r[1]) != Sign::Zero {
                return TriTri::Disjoint; // skew lines never meet
            }
            let k = best_axis(&[s[0], s[1], r[0], r[1]]);
            planar(&project(&s, k), &project(&r, k))
        }
        (Shape::Seg(s), Shape::Pt(x)) | (Shape::Pt(x), Shape::Seg(s)) => {
            let k = best_axis(&[s[0], s[1], x]);
            planar(&project(&s, k), &project(&[x], k))
        }
        (Shape::Pt(x), Shape::Pt(y)) => {
            if x == y {
                TriTri::CoplanarOverlap
            } else {
                TriTri::Disjoint
            }
        }
    }
}

/// A segment and a proper triangle (proofs/tri_tri.md, section 5).
fn seg_tri<T: Scalar>(s: [&[T; 3]; 2], t: [&[T; 3]; 3]) -> TriTri {
    let o = [
        orient3d(t[0], t[1], t[2], s[0]),
        orient3d(t[0], t[1], t[2], s[1]),
    ];
    if o[0] == o[1] && o[0] != Sign::Zero {
        return TriTri::Disjoint;
    }
    if o == [Sign::Zero; 2] {
        let k = tri_axis(t);
        return planar(&project(&t, k), &project(&s, k));
    }
    // The segment's line meets the plane in one point X; X is in the closed triangle iff
    // the three edge orientations have no two strictly opposite signs.
    let g = [
        orient3d(s[0], s[1], t[0], t[1]),
        orient3d(s[0], s[1], t[1], t[2]),
        orient3d(s[0], s[1], t[2], t[0]),
    ];
    let pos = g.contains(&Sign::Positive);
    let neg = g.contains(&Sign::Negative);
    if pos && neg {
        return TriTri::Disjoint;
    }
    let inside_open = !g.contains(&Sign::Zero);
    let seg_open = o[0] == -o[1] && o[0] != Sign::Zero;
    if inside_open && seg_open {
        TriTri::Crossing
    } else {
        TriTri::Touching {
            contact: TriContact::Point,
        }
    }
}

/// The axis to drop so that a proper triangle projects to a proper triangle: the first
/// of z, x, y along which its normal has a non-zero component.
fn tri_axis<T: Scalar>(t: [&[T; 3]; 3]) -> usize {
    for k in [2, 0, 1] {
        let [a, b, c] = [t[0], t[1], t[2]].map(|v| drop_axis(v, k));
        if orient2d(&a, &b, &c) != Sign::Zero {
            return k;
        }
    }
    2 // unreachable for a proper triangle
}

/// For coplanar points: an axis whose projection keeps the dimension of their affine
/// hull (2 if some projected triple is not collinear, else 1 if two projected points
/// differ).
pub(super) fn best_axis<T: Scalar>(pts: &[&[T; 3]]) -> usize {
    let mut best = (0, 2);
    for k in [2, 0, 1] {
        let pr: Vec<[T; 2]> = pts.iter().map(|v| drop_axis(v, k)).collect();
        let mut score = 0;
        for i in 0..pr.len() {
            for j in i + 1..pr.len() {
                if pr[i] != pr[j] {
                    score = score.max(1);
                }
                for l in j + 1..pr.len() {
                    if orient2d(&pr[i], &pr[j], &pr[l]) != Sign::Zero {
                        score = 2;
                    }
                }
            }
        }
        if score > best.0 {
            best = (score, k);
        }
    }
    best.1
}

pub(super) fn drop_axis<T: Scalar>(v: &[T; 3], k: usize) -> [T; 2] {
    [v[(k + 1) % 3].clone(), v[(k + 2) % 3].clone()]
}

fn project<T: Scalar, const N: usize>(pts: &[&[T; 3]; N], k: usize) -> Vec<[T; 2]> {
    pts.iter().map(|v| drop_axis(v, k)).collect()
}

/// The classification of two convex sets in the plane, each the hull of 1 point, 2
/// distinct points or 3 non-collinear points (proofs/tri_tri.md, section 4). Never
/// answers `Crossing`.
fn planar<T: Scalar>(a: &[[T; 2]], b: &[[T; 2]]) -> TriTri {
    // A candidate line is an edge line of one set; it separates properly when the other
    // set lies on its closed outer side and not both sets lie on it.
    for (s, o) in [(a, b), (b, a)] {
        let edges: &[(usize, usize, usize)] = match s.len() {
            3 => &[(0, 1, 2), (1, 2, 0), (2, 0, 1)],
            2 => &[(0, 1, 0)],
            _ => &[],
        };
        for &(i, j, w) in edges {
            let inner = if s.len() == 3 {
                orient2d(&s[i], &s[j], &s[w])
            } else {
                Sign::Zero
            };
            let g: Vec<Sign> = o.iter().map(|x| orient2d(&s[i], &s[j], x)).collect();
            let separated = if inner == Sign::Zero {
                !(g.contains(&Sign::Positive) && g.contains(&Sign::Negative))
                    && g.iter().any(|&x| x != Sign::Zero)
            } else {
                g.iter().all(|&x| x != inner)
            };
            if separated {
                // A ∩ B = (s ∩ ℓ) ∩ (o ∩ ℓ) = [s_i, s_j] ∩ hull(o's points on ℓ).
                let on: Vec<&[T; 2]> = o
                    .iter()
                    .zip(&g)
                    .filter(|&(_, &x)| x == Sign::Zero)
                    .map(|(x, _)| x)
                    .collect();
                return on_line(&s[i], &s[j], &on);
            }
        }
    }
    // No proper separation. Unless both sets lie in one line, the relative interiors meet.
    let all: Vec<&[T; 2]> = a.iter().chain(b.iter()).collect();
    let collinear = (0..all.len()).all(|i| {
        (i + 1..all.len())
            .all(|j| (j + 1..all.len()).all(|l| orient2d(all[i], all[j], all[l]) == Sign::Zero))
    });
    if !collinear {
        return TriTri::CoplanarOverlap;
    }
    // One line (only points and segments): compare along an axis where the points differ.
    let k = match (0..2).find(|&k| all.iter().any(|v| v[k] != all[0][k])) {
        Some(k) => k,
        None => return TriTri::CoplanarOverlap, // all the same point
    };
    let (alo, ahi) = extent(a, k);
    let (blo, bhi) = extent(b, k);
    let lo = if alo > blo { alo } else { blo };
    let hi = if ahi < bhi { ahi } else { bhi };
    if lo > hi {
        return TriTri::Disjoint;
    }
    // Relative interiors: open intervals, or the point itself.
    let meet = match (alo < ahi, blo < bhi) {
        (true, true) => lo < hi,
        (false, true) => blo < alo && alo < bhi,
        (true, false) => alo < blo && blo < ahi,
        (false, false) => true, // lo ≤ hi forces the same point
    };
    if meet {
        TriTri::CoplanarOverlap
    } else {
        TriTri::Touching {
            contact: if lo < hi {
                TriContact::Segment
            } else {
                TriContact::Point
            },
        }
    }
}

fn extent<T: Scalar>(s: &[[T; 2]], k: usize) -> (&T, &T) {
    let mut lo = &s[0][k];
    let mut hi = &s[0][k];
    for v in &s[1..] {
        if v[k] < *lo {
            lo = &v[k];
        }
        if v[k] > *hi {
            hi = &v[k];
        }
    }
    (lo, hi)
}

/// The intersection of the segment `[u, v]` (`u ≠ v`) with the hull of points `on`, all
/// on the line `uv`: empty, a point or a segment.
fn on_line<T: Scalar>(u: &[T; 2], v: &[T; 2], on: &[&[T; 2]]) -> TriTri {
    if on.is_empty() {
        return TriTri::Disjoint;
    }
    let k = if u[0] != v[0] { 0 } else { 1 };
    let (ulo, uhi) = if u[k] < v[k] {
        (&u[k], &v[k])
    } else {
        (&v[k], &u[k])
    };
    let mut olo = &on[0][k];
    let mut ohi = &on[0][k];
    for x in on {
        if x[k] < *olo {
            olo = &x[k];
        }
        if x[k] > *ohi {
            ohi = &x[k];
        }
    }
    let lo = if ulo > olo { ulo } else { olo };
    let hi = if uhi < ohi { uhi } else { ohi };
    if lo > hi {
        TriTri::Disjoint
    } else if lo == hi {
        TriTri::Touching {
            contact: TriContact::Point,
        }
    } else {
        TriTri::Touching {
            contact: TriContact::Segment,
        }
    }
}
