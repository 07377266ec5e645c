//! The narrow phase of the whole-mesh pair queries: whether two faces of one mesh
//! intersect beyond what they share (CGAL's self-intersection semantics), decided by the
//! number of vertex indices they share, and [`TriMesh::face_face`] /
//! [`TriMesh::face_face_intersection`] to classify and construct a pair.
//!
//! Every branch is an exact sign; the arguments are in `proofs/self_intersections.md`.

use crate::overlap::{
    TriTri, TriTriIntersection, plane_sides, plane_sides_certified, tri_tri, tri_tri_intersection,
    tri_tri_refs_intersect,
};
use crate::predicates::integer::{integer_points, orient3d_int, plane_sides_int};
use crate::scalar::as_f64_points;
use crate::{Scalar, Sign, orient2d, orient3d};

use super::TriMesh;

/// Whether faces `f` and `g` (vertex index triples into `v`, each a proper triangle)
/// have a common point other than their shared vertex or shared edge (shared means the
/// same vertex index). `proofs/self_intersections.md`, sections 1–4.
#[inline]
pub(super) fn faces_meet<S: Scalar>(v: &[[S; 3]], f: [u32; 3], g: [u32; 3]) -> bool {
    let in_g = |x: u32| x == g[0] || x == g[1] || x == g[2];
    let s = [in_g(f[0]), in_g(f[1]), in_g(f[2])];
    let p = |k: u32| &v[k as usize];
    match s.iter().filter(|&&x| x).count() {
        0 => tri_tri_refs_intersect(f.map(p), g.map(p)),
        1 => {
            // Rotate both so the shared vertex comes first: f = (w, a, b), g = (w, c, d).
            let k = s.iter().position(|&x| x).unwrap_or(0);
            let w = f[k];
            let m = g.iter().position(|&x| x == w).unwrap_or(0);
            let (a, b) = (f[(k + 1) % 3], f[(k + 2) % 3]);
            let (c, d) = (g[(m + 1) % 3], g[(m + 2) % 3]);
            one_shared(p(w), p(a), p(b), p(c), p(d))
        }
        2 => {
            // f = (u, w, a), g = (·, ·, c) with {u, w} shared.
            let k = s.iter().position(|&x| !x).unwrap_or(0);
            let (u, w, a) = (f[(k + 1) % 3], f[(k + 2) % 3], f[k]);
            let c = g
                .iter()
                .copied()
                .find(|&x| x != u && x != w)
                .unwrap_or(g[0]);
            two_shared(p(u), p(w), p(a), p(c))
        }
        // The same three vertices: the same triangle twice.
        _ => true,
    }
}

/// Faces `(w, a, b)` and `(w, c, d)` sharing only the vertex `w` meet elsewhere.
#[inline(always)]
fn one_shared<S: Scalar>(w: &[S; 3], a: &[S; 3], b: &[S; 3], c: &[S; 3], d: &[S; 3]) -> bool {
    // c and d strictly on one side of plane (w, a, b): the second face meets that plane
    // only at w (section 2). Then the same with the roles swapped. For floats a side the
    // filter leaves uncertain (the faces nearly coplanar) sends the pair to the exact
    // test at once, which decides these exclusions too (section 2) and converts the five
    // points once rather than per plane.
    if S::FLOAT.is_some() {
        for (f, g) in [([w, a, b], [c, d]), ([w, c, d], [a, b])] {
            match plane_sides_certified(f, g) {
                Some(s) if s[0] == s[1] && s[0] != Sign::Zero => return false,
                Some(_) => {}
                None => return one_shared_exact(w, a, b, c, d),
            }
        }
        return one_shared_exact(w, a, b, c, d);
    }
    let s = plane_sides([w, a, b], [c, d]);
    if s[0] == s[1] && s[0] != Sign::Zero {
        return false;
    }
    let s = plane_sides([w, c, d], [a, b]);
    if s[0] == s[1] && s[0] != Sign::Zero {
        return false;
    }
    one_shared_exact(w, a, b, c, d)
}

/// Segment `[a, b]` meets face `(w, c, d)`, or segment `[c, d]` meets face `(w, a, b)`
/// (section 2: equivalent to meeting beyond `w`): in integers when the five points allow
/// ([`one_shared_in_integers`]), else with the triangle test, which reads a segment as
/// the degenerate triangle `(a, b, b)` exactly.
#[cold]
#[inline(never)]
fn one_shared_exact<S: Scalar>(w: &[S; 3], a: &[S; 3], b: &[S; 3], c: &[S; 3], d: &[S; 3]) -> bool {
    if let Some(meet) = one_shared_in_integers(w, a, b, c, d) {
        return meet;
    }
    tri_tri_refs_intersect([a, b, b], [w, c, d]) || tri_tri_refs_intersect([c, d, d], [w, a, b])
}

/// [`one_shared_exact`] with the five points converted once to integers, one per-axis
/// power-of-two scale for all five (`predicates/integer.rs`; every `orient3d` of four of
/// them keeps its sign, proofs/tri_tri.md section 9), or `None`: when the conversion
/// refuses (a coordinate not an integer once scaled, a non-finite one, a type without a
/// float view), or when a segment lies in the other face's plane (the coplanar case stays
/// with the triangle test).
#[inline(always)]
fn one_shared_in_integers<S: Scalar>(
    w: &[S; 3],
    a: &[S; 3],
    b: &[S; 3],
    c: &[S; 3],
    d: &[S; 3],
) -> Option<bool> {
    let v = as_f64_points([w, a, b, c, d])?;
    let ([w, a, b, c, d], []) = integer_points(v.each_ref(), [])?;
    if segment_meets_face(a, b, [w, c, d])? {
        return Some(true);
    }
    segment_meets_face(c, d, [w, a, b])
}

/// Whether the closed segment `[s₀, s₁]` meets the closed proper triangle `t`, for points
/// of `integer_points`, as `seg_tri` decides it (proofs/tri_tri.md, section 5): `None`
/// when both ends lie in `t`'s plane.
#[inline(always)]
fn segment_meets_face(s0: [i64; 3], s1: [i64; 3], t: [[i64; 3]; 3]) -> Option<bool> {
    let o = plane_sides_int(t, [s0, s1]);
    if o[0] == o[1] && o[0] != Sign::Zero {
        return Some(false);
    }
    if o == [Sign::Zero; 2] {
        return None;
    }
    // The segment meets the plane in one point, which is in the closed triangle iff the
    // three edge orientations have no two strictly opposite signs.
    let g = [
        orient3d_int(s0, s1, t[0], t[1]),
        orient3d_int(s0, s1, t[1], t[2]),
        orient3d_int(s0, s1, t[2], t[0]),
    ];
    Some(!(g.contains(&Sign::Positive) && g.contains(&Sign::Negative)))
}

/// Faces `(u, w, a)` and `(u, w, c)` sharing the edge `uw` meet beyond it: they are
/// coplanar and `a`, `c` lie on the same side of the line `uw` (section 3).
#[inline(always)]
fn two_shared<S: Scalar>(u: &[S; 3], w: &[S; 3], a: &[S; 3], c: &[S; 3]) -> bool {
    if orient3d(u, w, a, c) != Sign::Zero {
        return false;
    }
    coplanar_same_side(u, w, a, c)
}

#[cold]
#[inline(never)]
fn coplanar_same_side<S: Scalar>(u: &[S; 3], w: &[S; 3], a: &[S; 3], c: &[S; 3]) -> bool {
    let proj = |q: &[S; 3], i: usize, j: usize| [q[i].clone(), q[j].clone()];
    // A coordinate plane in which (u, w, a) keeps its area: one exists because the face
    // is a proper triangle, and the projection, affine and injective on the common
    // plane, keeps which side of uw each point is on.
    for (i, j) in [(0, 1), (1, 2), (2, 0)] {
        let (pu, pw) = (proj(u, i, j), proj(w, i, j));
        let sa = orient2d(pu.clone(), pw.clone(), proj(a, i, j));
        if sa != Sign::Zero {
            return orient2d(pu, pw, proj(c, i, j)) == sa;
        }
    }
    false
}

impl<T: Scalar> TriMesh<T> {
    /// Classifies faces `i` and `j` of this mesh as closed triangles: [`tri_tri`] on
    /// [`TriMesh::triangle`]`(i)` and `(j)`, exact. For a pair reported by
    /// [`TriMesh::self_intersections`] it says how the faces meet: crossing, touching (a
    /// point or a segment) or overlapping in a common plane. Faces that share a vertex or
    /// an edge are at least [`TriTri::Touching`].
    ///
    /// # Panics
    ///
    /// If `i` or `j` is not a face index.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::{TriContact, TriTri};
    /// use isect::TriMesh;
    /// let v = vec![[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0], // face 0
    ///              [0.5, 0.5, -1.0], [0.5, 0.5, 1.0], [3.0, 3.0, 0.0]]; // face 1 pierces it
    /// let mesh = TriMesh::new(v, vec![[0, 1, 2], [3, 4, 5]]).unwrap();
    /// assert_eq!(mesh.self_intersections(), vec![[0, 1]]);
    /// assert_eq!(mesh.face_face(0, 1), TriTri::Crossing);
    /// ```
    pub fn face_face(&self, i: usize, j: usize) -> TriTri {
        tri_tri(self.triangle(i), self.triangle(j))
    }

    /// The intersection of faces `i` and `j` of this mesh as closed triangles:
    /// [`tri_tri_intersection`] on [`TriMesh::triangle`]`(i)` and `(j)`, so its shape is
    /// decided exactly and its points are exact for rationals and rounded for floats
    /// within the bound documented there.
    ///
    /// # Panics
    ///
    /// If `i` or `j` is not a face index.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::overlap::TriTriIntersection;
    /// use isect::TriMesh;
    /// let v = vec![[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0],
    ///              [1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [3.0, 1.0, 1.0]];
    /// let mesh = TriMesh::new(v, vec![[0, 1, 2], [3, 4, 5]]).unwrap();
    /// assert_eq!(
    ///     mesh.face_face_intersection(0, 1),
    ///     TriTriIntersection::Segment([2.0, 1.0, 0.0], [1.0, 1.0, 0.0])
    /// );
    /// ```
    pub fn face_face_intersection(&self, i: usize, j: usize) -> TriTriIntersection<T> {
        tri_tri_intersection(self.triangle(i), self.triangle(j))
    }
}

#[cfg(test)]
#[path = "face_pairs_tests.rs"]
mod tests;
