//! The audit's built-in scenes, built from the oracle's generators
//! (`isect::oracle::scenes`), and their conversion to `f32`.

use isect::oracle::scenes::{self, Aim};
use isect::{Aabb, Ray};

use super::float::AuditFloat;

/// The built-in scenes (`--scenes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SceneKind {
    /// Rays aimed exactly at vertices of an icosphere (1,280 triangles).
    SphereVertices,
    /// Rays aimed exactly at shared edges of the icosphere.
    SphereEdges,
    /// Rays aimed at vertices of a full-precision icosphere (the aim itself rounds).
    SphereVerticesFloat,
    /// Rays aimed at shared-edge points of the full-precision icosphere.
    SphereEdgesFloat,
    /// Near-coplanar triangle pairs.
    TriPairs,
    /// Kettner et al.'s orient2d grid of neighbouring floats.
    Orient2dGrid,
    /// Near-coplanar orient3d quadruples.
    Orient3dCoplanar,
    /// Near-parallel rays against boxes.
    BoxRays,
}

impl SceneKind {
    /// Every scene, in report order.
    pub const ALL: [SceneKind; 8] = [
        SceneKind::SphereVertices,
        SceneKind::SphereEdges,
        SceneKind::SphereVerticesFloat,
        SceneKind::SphereEdgesFloat,
        SceneKind::TriPairs,
        SceneKind::Orient2dGrid,
        SceneKind::Orient3dCoplanar,
        SceneKind::BoxRays,
    ];

    /// The name used on the command line, in file names and in the report.
    pub fn name(self) -> &'static str {
        match self {
            SceneKind::SphereVertices => "sphere-vertices",
            SceneKind::SphereEdges => "sphere-edges",
            SceneKind::SphereVerticesFloat => "sphere-vertices-float",
            SceneKind::SphereEdgesFloat => "sphere-edges-float",
            SceneKind::TriPairs => "tri-pairs",
            SceneKind::Orient2dGrid => "orient2d-grid",
            SceneKind::Orient3dCoplanar => "orient3d-coplanar",
            SceneKind::BoxRays => "box-rays",
        }
    }

    /// One line saying what the scene is.
    pub fn description(self) -> &'static str {
        match self {
            SceneKind::SphereVertices => {
                "rays aimed exactly at vertices of an icosphere (1,280 triangles), against every triangle"
            }
            SceneKind::SphereEdges => {
                "rays aimed exactly at points of shared edges of the icosphere, against every triangle"
            }
            SceneKind::SphereVerticesFloat => {
                "rays aimed at vertices of a full-precision unit icosphere (1,280 triangles; vertices, aim and direction rounded as in ordinary code), against every triangle"
            }
            SceneKind::SphereEdgesFloat => {
                "rays aimed at points of shared edges of the full-precision unit icosphere (the aim rounds), against every triangle"
            }
            SceneKind::TriPairs => "near-coplanar triangle pairs",
            SceneKind::Orient2dGrid => {
                "Kettner et al.'s grid: orient2d(p, q, r), q = (12, 12), r = (24, 24), p on a grid of neighbouring floats at (0.5, 0.5)"
            }
            SceneKind::Orient3dCoplanar => "orient3d of points on or next to a common plane",
            SceneKind::BoxRays => "rays nearly parallel to a face of a box, grazing it",
        }
    }
}

/// A scene's cases in one float type.
pub enum Data<T> {
    /// A closed mesh and rays cast at all of its triangles.
    Mesh {
        /// Vertex positions.
        vertices: Vec<[T; 3]>,
        /// Counterclockwise-outward triangles.
        triangles: Vec<[u32; 3]>,
        /// The rays.
        rays: Vec<Ray<T>>,
    },
    /// Triangle pairs.
    TriPairs(Vec<[[[T; 3]; 3]; 2]>),
    /// orient2d triples.
    Orient2d(Vec<[[T; 2]; 3]>),
    /// orient3d quadruples.
    Orient3d(Vec<[[T; 3]; 4]>),
    /// Box/ray pairs.
    BoxRays(Vec<(Aabb<T>, Ray<T>)>),
}

impl<T> Data<T> {
    /// The number of cases (rays, pairs, predicate calls).
    pub fn len(&self) -> usize {
        match self {
            Data::Mesh { rays, .. } => rays.len(),
            Data::TriPairs(v) => v.len(),
            Data::Orient2d(v) => v.len(),
            Data::Orient3d(v) => v.len(),
            Data::BoxRays(v) => v.len(),
        }
    }
}

fn r3<T: AuditFloat>(p: &[f64; 3]) -> [T; 3] {
    p.map(T::from_f64)
}

fn ray<T: AuditFloat>(r: &Ray<f64>) -> Ray<T> {
    Ray::new(r3(&r.origin), r3(&r.direction))
}

impl Data<f64> {
    /// Every coordinate rounded to `T` (to nearest; the identity for `f64`). The mesh keeps
    /// its connectivity, so it stays closed; aimed rays stay near their aim.
    pub fn rounded<T: AuditFloat>(&self) -> Data<T> {
        match self {
            Data::Mesh {
                vertices,
                triangles,
                rays,
            } => Data::Mesh {
                vertices: vertices.iter().map(r3).collect(),
                triangles: triangles.clone(),
                rays: rays.iter().map(ray).collect(),
            },
            Data::TriPairs(v) => {
                Data::TriPairs(v.iter().map(|p| p.map(|t| t.map(|x| r3(&x)))).collect())
            }
            Data::Orient2d(v) => {
                Data::Orient2d(v.iter().map(|t| t.map(|p| p.map(T::from_f64))).collect())
            }
            Data::Orient3d(v) => Data::Orient3d(v.iter().map(|q| q.map(|p| r3(&p))).collect()),
            Data::BoxRays(v) => Data::BoxRays(
                v.iter()
                    .map(|(b, r)| (Aabb::new(r3(&b.min), r3(&b.max)), ray(r)))
                    .collect(),
            ),
        }
    }
}

/// Builds scene `kind` with about `size` cases from `seed` (in `f64`), from the oracle's
/// generators in [`isect::oracle::scenes`].
pub fn build(kind: SceneKind, size: usize, seed: u64) -> Data<f64> {
    match kind {
        SceneKind::SphereVertices
        | SceneKind::SphereEdges
        | SceneKind::SphereVerticesFloat
        | SceneKind::SphereEdgesFloat => {
            // The grid icosphere makes every aim exact; the full-precision one is what
            // ordinary code meets: the aim point and direction round, so rays pass within
            // rounding error of the vertex or edge instead of through it.
            let float = matches!(
                kind,
                SceneKind::SphereVerticesFloat | SceneKind::SphereEdgesFloat
            );
            let (vertices, triangles) = if float {
                scenes::unit_icosphere(3)
            } else {
                scenes::icosphere(3)
            };
            let aim = if matches!(
                kind,
                SceneKind::SphereVertices | SceneKind::SphereVerticesFloat
            ) {
                Aim::Vertex
            } else {
                Aim::Edge
            };
            let rays = scenes::aimed_rays(&vertices, &triangles, aim, size, seed);
            Data::Mesh {
                vertices,
                triangles,
                rays,
            }
        }
        SceneKind::TriPairs => Data::TriPairs(
            scenes::near_coplanar_triangle_pairs(size, seed)
                .into_iter()
                .map(|(a, b)| [a, b])
                .collect(),
        ),
        SceneKind::Orient2dGrid => Data::Orient2d(
            scenes::kettner_grid(grid_side(size))
                .into_iter()
                .map(|(p, q, r)| [p, q, r])
                .collect(),
        ),
        SceneKind::Orient3dCoplanar => Data::Orient3d(scenes::near_coplanar_orient3d(size, seed)),
        SceneKind::BoxRays => Data::BoxRays(scenes::near_parallel_box_rays(size, seed)),
    }
}

/// The side of the smallest square grid with at least `size` cells (at least 2).
pub fn grid_side(size: usize) -> usize {
    let mut side = (size as f64).sqrt() as usize;
    while side * side < size {
        side += 1;
    }
    side.max(2)
}

/// Kettner's grid is `p = (0.5 + i·2⁻⁵³, 0.5 + j·2⁻⁵³)`: neighbouring doubles, which all
/// round to the same `f32`. For `f32` the offsets from 0.5 are scaled by 2²⁹ (exactly), so
/// `p = (0.5 + i·2⁻²⁴, 0.5 + j·2⁻²⁴)`: neighbouring floats, the same picture in `f32`.
pub fn kettner_for_f32(triples: &mut [[[f64; 2]; 3]]) {
    for t in triples {
        t[0] = t[0].map(|x| 0.5 + (x - 0.5) * 2f64.powi(29));
    }
}
