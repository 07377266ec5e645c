//! [`MeshRaysKind`]: rays against a fixed closed mesh, counting crossings.

use alloc::vec::Vec;

use super::super::check::{Family, TestKind};
use super::super::rng::Rng;
use super::super::scenes::{
    Aim, TooManyLevels, Tri, affine_rounded, aimed_ray, bounds, icosphere, random_ray,
    try_icosphere,
};
use super::rounded_input;
use crate::{FloatFormat, InputError, Ray, TriMesh};

/// Rays against a fixed closed mesh; the answer is the number of crossings, exactly as
/// [`TriMesh::hits`] counts them (each crossing once, also through shared edges and
/// vertices). A candidate that counts fewer has **leaked** through the mesh; more, it
/// **double counted** a crossing.
///
/// Families: `Uniform` is [`random_rays`](crate::oracle::scenes::random_rays);
/// `AimedAtVertices` and `AimedAtEdges` are
/// [`aimed_rays`](crate::oracle::scenes::aimed_rays) with [`Aim::Vertex`] / [`Aim::Edge`];
/// `NearDegenerate` aims at an edge point rounded once (within an ulp of the edge).
/// The mesh is fixed, so `ExtremeExponents` and `FarFromOrigin` have nothing to transform:
/// they give `AimedAtVertices` and `AimedAtEdges` rays respectively.
///
/// In `f32` ([`Generator::precision`](super::super::Generator::precision)) the rays'
/// coordinates are `f32` values; the aimed rays stay exact when the mesh's coordinates are
/// on a coarse dyadic grid (as [`icosphere`]'s are: the rays are then the same as in
/// `f64`). The mesh itself is the kind's: give it `f32` coordinates to judge an `f32`
/// candidate on `f32` data.
///
/// # Examples
///
/// Counting hits with plain Möller–Trumbore and an epsilon, over every triangle:
///
/// ```
/// use isect::oracle::{check, Family, Generator, MeshRaysKind, Outcome};
/// use isect::ray::ray_triangle_moller_with;
/// use isect::policy::Absolute;
/// use isect::Triangle;
///
/// let kind = MeshRaysKind::icosphere(2);
/// let tris: Vec<Triangle<f64>> = kind.triangles().map(|[a, b, c]| Triangle::new(a, b, c)).collect();
/// let g = Generator::new(kind, Family::AimedAtEdges).seed(3);
/// let report = check(
///     |ray: &isect::Ray<f64>| {
///         tris.iter().filter(|t| ray_triangle_moller_with(Absolute { eps: 1e-5 }, ray, t).is_some()).count()
///     },
///     &g,
///     200,
/// );
/// println!("{report}");
/// // Aimed exactly at shared edges, the epsilon test counts some crossings twice.
/// assert!(report.count(Outcome::DoubleCount) > 0);
/// ```
#[derive(Clone, Debug)]
pub struct MeshRaysKind {
    mesh: TriMesh<f64>,
    lo: [f64; 3],
    hi: [f64; 3],
}

impl MeshRaysKind {
    /// The test kind for a mesh given by vertices and index triples (validated by
    /// [`TriMesh::new`]). The mesh should be closed for the crossing counts to mean
    /// leaks and double counts.
    ///
    /// # Errors
    ///
    /// The [`InputError`] of [`TriMesh::new`] for an invalid mesh.
    ///
    /// # Examples
    ///
    /// ```
    /// let (v, t) = isect::oracle::scenes::icosphere(1);
    /// assert!(isect::oracle::MeshRaysKind::new(v, t).is_ok());
    /// ```
    pub fn new(
        vertices: Vec<[f64; 3]>,
        triangles: Vec<[u32; 3]>,
    ) -> Result<MeshRaysKind, InputError> {
        let (lo, hi) = bounds(&vertices);
        Ok(MeshRaysKind {
            mesh: TriMesh::new(vertices, triangles)?,
            lo,
            hi,
        })
    }

    /// The kind for [`icosphere(levels)`](crate::oracle::scenes::icosphere) (levels above 7 give
    /// the level-7 sphere, as there; [`MeshRaysKind::try_icosphere`] refuses them).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::oracle::MeshRaysKind::icosphere(3).mesh().triangles().len(), 1280);
    /// ```
    pub fn icosphere(levels: u32) -> MeshRaysKind {
        let (v, t) = icosphere(levels);
        // Valid for every level (tests/rays/oracle.rs builds each one up to 7 through TriMesh).
        MeshRaysKind::new(v, t).expect("icospheres are valid meshes")
    }

    /// [`MeshRaysKind::icosphere`], refusing more than 7 levels.
    ///
    /// # Errors
    ///
    /// [`TooManyLevels`] when `levels > 7`.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::oracle::MeshRaysKind;
    /// assert_eq!(MeshRaysKind::try_icosphere(1).unwrap().mesh().triangles().len(), 80);
    /// assert!(MeshRaysKind::try_icosphere(8).is_err());
    /// ```
    pub fn try_icosphere(levels: u32) -> Result<MeshRaysKind, TooManyLevels> {
        try_icosphere(levels)
            .map(|(v, t)| MeshRaysKind::new(v, t).expect("icospheres are valid meshes"))
    }

    /// The mesh.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(isect::oracle::MeshRaysKind::icosphere(1).mesh().is_closed());
    /// ```
    pub fn mesh(&self) -> &TriMesh<f64> {
        &self.mesh
    }

    /// The mesh's triangles as corner triples, in index order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::oracle::MeshRaysKind::icosphere(0).triangles().count(), 20);
    /// ```
    pub fn triangles(&self) -> impl Iterator<Item = Tri> + '_ {
        let v = self.mesh.vertices();
        self.mesh
            .triangles()
            .iter()
            .map(move |t| t.map(|i| v[i as usize]))
    }
}

impl TestKind for MeshRaysKind {
    type Input = Ray<f64>;
    type Answer = usize;
    const NAME: &'static str = "mesh-rays";
    fn exact(&self, ray: &Ray<f64>) -> usize {
        self.mesh.hits(ray).len()
    }
    fn generate(&self, family: Family, rng: &mut Rng) -> Ray<f64> {
        self.generate_in(family, FloatFormat::F64, rng)
    }
    fn generate_in(&self, family: Family, format: FloatFormat, rng: &mut Rng) -> Ray<f64> {
        let (v, t) = (self.mesh.vertices(), self.mesh.triangles());
        let bb = (&self.lo, &self.hi);
        let ray = match family.resolve(rng) {
            Family::Uniform | Family::Mixed => random_ray(bb, rng),
            Family::AimedAtVertices | Family::ExtremeExponents => {
                aimed_ray(v, t, Aim::Vertex, bb, rng)
            }
            Family::AimedAtEdges | Family::FarFromOrigin => aimed_ray(v, t, Aim::Edge, bb, rng),
            Family::NearDegenerate => {
                let exact = aimed_ray(v, t, Aim::Edge, bb, rng);
                // Move the aim point off the edge by rounding: o and d recomputed from a
                // point at an irrational-ish fraction of the edge.
                let tri = t[rng.below(t.len())];
                let i = rng.below(3);
                let (a, b) = (v[tri[i] as usize], v[tri[(i + 1) % 3] as usize]);
                let p = affine_rounded(format, &a, &b, &a, rng.next_f64(), 0.0);
                let q = exact.at(9.0);
                let d: [f64; 3] = core::array::from_fn(|k| format.round(q[k] - p[k]));
                Ray::new(core::array::from_fn(|k| p[k] - 8.0 * d[k]), d)
            }
        };
        rounded_input(self, ray, format)
    }
    fn coords(&self, ray: &Ray<f64>) -> Vec<f64> {
        let mut c = ray.origin.to_vec();
        c.extend_from_slice(&ray.direction);
        c
    }
    fn with_coords(&self, _ray: &Ray<f64>, c: &[f64]) -> Ray<f64> {
        Ray::new([c[0], c[1], c[2]], [c[3], c[4], c[5]])
    }
}
