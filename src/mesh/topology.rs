//! What the edges of a triangle list say about the surface ([`Topology`]), and the exact
//! sign of a closed mesh's volume ([`TriMesh::volume_sign`]).

use alloc::vec::Vec;

use num_rational::BigRational;

use crate::scalar::as_f64_array;
use crate::vec3::det3;
use crate::{Scalar, Sign, TriMesh};

/// The combinatorial shape of a list of triangles (vertex index triples): counts, boundary
/// edges, edges that are not manifold or not consistently oriented, connected components.
///
/// Computed from the indices alone ([`Topology::of`], [`TriMesh::topology`]); two
/// vertices are the same vertex when they have the same index. Edges are listed sorted.
///
/// # Examples
///
/// Two triangles of a square, one of them flipped:
///
/// ```
/// use isect::mesh::Topology;
/// let t = Topology::of(&[[0, 1, 2], [1, 2, 3]]);
/// assert_eq!((t.vertices, t.edges, t.faces, t.components), (4, 5, 2, 1));
/// assert_eq!(t.misoriented_edges, vec![([1, 2], [0, 1])]);
/// assert_eq!(t.boundary_edges.len(), 4);
/// assert_eq!(t.euler_characteristic(), 1);
/// assert!(!t.is_closed() && !t.is_consistently_oriented());
/// assert!(t.is_manifold() && t.non_manifold_vertices.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Topology {
    /// Vertices used by at least one triangle.
    pub vertices: usize,
    /// Distinct edges (unordered vertex pairs).
    pub edges: usize,
    /// Triangles.
    pub faces: usize,
    /// Connected components (triangles connected through shared vertices).
    pub components: usize,
    /// Edges used by one triangle, in that triangle's direction.
    pub boundary_edges: Vec<[u32; 2]>,
    /// Edges used by more than two triangles (smaller index first), with how many use it.
    pub non_manifold_edges: Vec<([u32; 2], usize)>,
    /// Edges used by exactly two triangles in the same direction: the edge in that
    /// direction, and the two triangles.
    pub misoriented_edges: Vec<([u32; 2], [u32; 2])>,
    /// Vertices where the surface is pinched (sorted): the triangles around the vertex
    /// fall into more than one fan, two triangles being in one fan when they are joined
    /// through edges at the vertex, each used by two or more triangles. With how many fans.
    /// Two cones touching at their apex, or a cube with one corner shared by a second cube,
    /// have one; the surface can still be closed ([`Topology::is_closed`]) but is not a
    /// manifold ([`Topology::is_manifold`]).
    pub non_manifold_vertices: Vec<(u32, usize)>,
}

impl Topology {
    /// The topology of `triangles`. Indices are taken as they are (no range check: any
    /// `u32` is a vertex); a triangle with a repeated index has its degenerate edges
    /// counted as written.
    ///
    /// # Examples
    ///
    /// A tetrahedron is closed, consistently oriented, one component, χ = 2:
    ///
    /// ```
    /// use isect::mesh::Topology;
    /// let t = Topology::of(&[[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]);
    /// assert!(t.is_closed() && t.is_consistently_oriented());
    /// assert_eq!((t.euler_characteristic(), t.components), (2, 1));
    /// ```
    pub fn of(triangles: &[[u32; 3]]) -> Topology {
        // (min, max, direction, triangle): the uses of an edge become adjacent.
        let mut uses: Vec<(u32, u32, bool, u32)> = Vec::with_capacity(triangles.len() * 3);
        for (i, t) in triangles.iter().enumerate() {
            for k in 0..3 {
                let (p, q) = (t[k], t[(k + 1) % 3]);
                uses.push((p.min(q), p.max(q), p < q, i as u32));
            }
        }
        uses.sort_unstable();
        let mut out = Topology {
            faces: triangles.len(),
            ..Topology::default()
        };
        let mut k = 0;
        while k < uses.len() {
            let (lo, hi) = (uses[k].0, uses[k].1);
            let mut end = k + 1;
            while end < uses.len() && uses[end].0 == lo && uses[end].1 == hi {
                end += 1;
            }
            out.edges += 1;
            let directed = |u: &(u32, u32, bool, u32)| if u.2 { [lo, hi] } else { [hi, lo] };
            match end - k {
                1 => out.boundary_edges.push(directed(&uses[k])),
                2 if uses[k].2 == uses[k + 1].2 => out
                    .misoriented_edges
                    .push((directed(&uses[k]), [uses[k].3, uses[k + 1].3])),
                2 => {}
                n => out.non_manifold_edges.push(([lo, hi], n)),
            }
            k = end;
        }
        out.boundary_edges.sort_unstable();
        out.non_manifold_vertices = pinched_vertices(triangles, &uses);
        // Components: union–find over the vertices joined by the triangles.
        let mut used: Vec<u32> = triangles.iter().flatten().copied().collect();
        used.sort_unstable();
        used.dedup();
        out.vertices = used.len();
        let slot = |v: u32| used.binary_search(&v).unwrap_or(0);
        let mut parent: Vec<usize> = (0..used.len()).collect();
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for t in triangles {
            let a = root(&mut parent, slot(t[0]));
            for &v in &t[1..] {
                let b = root(&mut parent, slot(v));
                let a = root(&mut parent, a);
                if a != b {
                    parent[b] = a;
                }
            }
        }
        out.components = (0..used.len()).filter(|&x| parent[x] == x).count();
        out
    }

    /// The Euler characteristic V − E + F (vertices used by a triangle, distinct edges,
    /// triangles): 2 for each closed component of genus 0, 2 − 2g for genus g.
    ///
    /// # Examples
    ///
    /// ```
    /// let t = isect::mesh::Topology::of(&[[0, 1, 2]]);
    /// assert_eq!(t.euler_characteristic(), 3 - 3 + 1);
    /// ```
    pub fn euler_characteristic(&self) -> i64 {
        self.vertices as i64 - self.edges as i64 + self.faces as i64
    }

    /// `true` when every edge is used by exactly two triangles in opposite directions
    /// (no boundary, non-manifold or misoriented edge): a closed, oriented surface.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!isect::mesh::Topology::of(&[[0, 1, 2]]).is_closed());
    /// ```
    pub fn is_closed(&self) -> bool {
        self.boundary_edges.is_empty()
            && self.non_manifold_edges.is_empty()
            && self.misoriented_edges.is_empty()
    }

    /// `true` when no edge is used twice in the same direction or by more than two
    /// triangles: the triangles' orders agree across every shared edge.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::mesh::Topology;
    /// assert!(Topology::of(&[[0, 1, 2], [2, 1, 3]]).is_consistently_oriented());
    /// assert!(!Topology::of(&[[0, 1, 2], [1, 2, 3]]).is_consistently_oriented());
    /// ```
    pub fn is_consistently_oriented(&self) -> bool {
        self.non_manifold_edges.is_empty() && self.misoriented_edges.is_empty()
    }

    /// `true` when the triangles form a 2-manifold, possibly with boundary: no edge used
    /// by more than two triangles and no pinched vertex
    /// ([`Topology::non_manifold_vertices`]).
    ///
    /// # Examples
    ///
    /// Two triangles meeting only at vertex 0:
    ///
    /// ```
    /// use isect::mesh::Topology;
    /// let t = Topology::of(&[[0, 1, 2], [0, 3, 4]]);
    /// assert_eq!(t.non_manifold_vertices, vec![(0, 2)]);
    /// assert!(!t.is_manifold());
    /// assert!(Topology::of(&[[0, 1, 2], [2, 1, 3]]).is_manifold());
    /// ```
    pub fn is_manifold(&self) -> bool {
        self.non_manifold_edges.is_empty() && self.non_manifold_vertices.is_empty()
    }
}

/// The pinched vertices of `triangles` and their numbers of fans, from the sorted edge
/// uses `(min, max, direction, triangle)` of [`Topology::of`]: a union–find over the
/// triangles' corners, joining at both ends of every edge the corners of the triangles
/// that use it; a vertex whose corners end in more than one set is pinched.
fn pinched_vertices(triangles: &[[u32; 3]], uses: &[(u32, u32, bool, u32)]) -> Vec<(u32, usize)> {
    fn root(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    // The corner of triangle `t` at vertex `v` (the first, for a repeated index).
    let corner = |t: u32, v: u32| {
        let k = triangles[t as usize]
            .iter()
            .position(|&w| w == v)
            .unwrap_or(0);
        3 * t + k as u32
    };
    let mut parent: Vec<u32> = (0..3 * triangles.len() as u32).collect();
    let mut k = 0;
    while k < uses.len() {
        let (lo, hi, _, first) = uses[k];
        let mut end = k + 1;
        while end < uses.len() && uses[end].0 == lo && uses[end].1 == hi {
            for v in [lo, hi] {
                let (a, b) = (
                    root(&mut parent, corner(first, v)),
                    root(&mut parent, corner(uses[end].3, v)),
                );
                parent[a as usize] = b;
            }
            end += 1;
        }
        k = end;
    }
    // (vertex, fan) for every corner, then the vertices with more than one fan.
    let mut fans: Vec<(u32, u32)> = Vec::with_capacity(3 * triangles.len());
    for (t, tri) in triangles.iter().enumerate() {
        for (j, &v) in tri.iter().enumerate() {
            if tri[..j].contains(&v) {
                continue;
            }
            fans.push((v, root(&mut parent, 3 * t as u32 + j as u32)));
        }
    }
    fans.sort_unstable();
    fans.dedup();
    let mut out: Vec<(u32, usize)> = Vec::new();
    for w in fans.chunk_by(|a, b| a.0 == b.0) {
        if w.len() > 1 {
            out.push((w[0].0, w.len()));
        }
    }
    out
}

impl<T: Scalar> TriMesh<T> {
    /// The [`Topology`] of the mesh's triangles.
    ///
    /// # Examples
    ///
    /// ```
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let mesh = isect::TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// assert_eq!(mesh.topology().euler_characteristic(), 2);
    /// ```
    pub fn topology(&self) -> Topology {
        Topology::of(self.triangles())
    }

    /// The exact sign of Σ det[a, b, c] over the triangles (a, b, c): six times the signed
    /// volume the triangles enclose. For a closed, consistently oriented mesh the sum does
    /// not depend on the origin, and it is `Positive` when the triangles are
    /// counterclockwise seen from outside (normals outward), `Negative` when the mesh is
    /// inside out, `Zero` for a surface enclosing no volume (such as two copies of a
    /// sheet). For an open mesh the sign depends on where the origin is.
    ///
    /// Exact for every finite input: float meshes sum the determinants in `f64` with a
    /// running error bound and fall back to the exact sum in rationals when the bound
    /// does not decide the sign; rational meshes sum exactly.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::{Sign, TriMesh};
    /// let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let outward = TriMesh::new(v.clone(), vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// assert_eq!(outward.volume_sign(), Sign::Positive);
    /// let inward = TriMesh::new(v, vec![[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]]).unwrap();
    /// assert_eq!(inward.volume_sign(), Sign::Negative);
    /// ```
    pub fn volume_sign(&self) -> Sign {
        if T::FLOAT.is_some()
            && let Some(sign) = self.volume_sign_filter()
        {
            return sign;
        }
        self.volume_sign_exact()
    }

    /// The `f64` filter of [`TriMesh::volume_sign`]: `None` when it cannot decide.
    ///
    /// Each determinant a·(b × c) is a sum of six triple products ±aᵢbⱼcₖ; along the
    /// evaluation each product meets at most 5 roundings inside its determinant
    /// (two products, a difference, a product, two sums) and at most n more in the running
    /// sum over n triangles, so with u = 2⁻⁵³ and no underflow
    /// |S̃ − S| ≤ γₙ₊₅ · P where P = Σ |a|·(|b| × |c|) summed over the six products
    /// (Higham, *Accuracy and Stability of Numerical Algorithms*, §3.1, for sums of
    /// products). P is computed in the same way with the same relative error, so
    /// P ≤ P̃ (1 + 2γₙ₊₅), and for (n + 5)u ≤ 1/4, γₙ₊₅ (1 + 2γₙ₊₅) ≤ 4(n + 5)u ≤ (n + 8)·2⁻⁵¹.
    /// Underflow adds at most 2⁻¹⁰⁷⁵ per rounded product (9 per triangle; sums of
    /// subnormals are exact), bounded by 16 n · 2⁻¹⁰⁷⁴. Overflow (a non-finite S̃ or P̃)
    /// sends the sum to the exact path.
    fn volume_sign_filter(&self) -> Option<Sign> {
        let n = self.triangles().len();
        if (n as f64 + 8.0) * f64::EPSILON > 0.25 {
            return None;
        }
        let (mut s, mut p) = (0.0_f64, 0.0_f64);
        for t in self.triangles() {
            let [a, b, c] = t.map(|k| as_f64_array(&self.vertices()[k as usize]));
            let (a, b, c) = (a?, b?, c?);
            let x = [
                b[1] * c[2] - b[2] * c[1],
                b[2] * c[0] - b[0] * c[2],
                b[0] * c[1] - b[1] * c[0],
            ];
            let xa = [
                (b[1] * c[2]).abs() + (b[2] * c[1]).abs(),
                (b[2] * c[0]).abs() + (b[0] * c[2]).abs(),
                (b[0] * c[1]).abs() + (b[1] * c[0]).abs(),
            ];
            s += a[0] * x[0] + a[1] * x[1] + a[2] * x[2];
            p += a[0].abs() * xa[0] + a[1].abs() * xa[1] + a[2].abs() * xa[2];
        }
        if !s.is_finite() || !p.is_finite() {
            return None;
        }
        // (n + 8)·2⁻⁵¹·P̃, then the underflow term, each rounded up by a relative 2⁻⁵⁰.
        let tiny = f64::from_bits(1);
        let bound = ((n as f64 + 8.0) * (p * (2.0 * f64::EPSILON)) + 16.0 * n as f64 * tiny)
            * (1.0 + 2.0 * f64::EPSILON)
            + tiny;
        if s > bound {
            Some(Sign::Positive)
        } else if s < -bound {
            Some(Sign::Negative)
        } else {
            None
        }
    }

    /// The exact sign of the sum of the determinants, in rationals (cold path).
    #[cold]
    fn volume_sign_exact(&self) -> Sign {
        let q = |p: &[T; 3]| p.clone().map(|x| x.to_rational().unwrap_or_default());
        let mut sum = BigRational::default();
        for t in self.triangles() {
            let [a, b, c] = t.map(|k| q(&self.vertices()[k as usize]));
            sum += det3(&a, &b, &c);
        }
        Sign::of(sum)
    }
}
