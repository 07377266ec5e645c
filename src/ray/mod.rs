//! Ray tests (Real-Time Rendering, sections 22.6–22.9): rays against triangles, spheres,
//! boxes and polygons.
//!
//! Every hit/miss answer of the exact tests is decided by exact signs
//! ([`crate::predicates`]); the numbers a hit carries (`t`, barycentrics) are
//! constructions, exact for rationals and rounded with a documented bound for floats.
//! The classic float algorithms are here too, under their authors' names, for comparison
//! and for speed where exactness is not needed.
//!
//! # Triangles
//!
//! One result type, [`RayHit`]:
//!
//! | function | decides with | a ray through an edge or vertex |
//! |---|---|---|
//! | [`ray_triangle`](fn@ray_triangle) | exact signs + symbolic perturbation | counted by **exactly one** of the triangles sharing it (closed, consistently oriented meshes) |
//! | [`ray_triangle_closed`](fn@ray_triangle_closed) | exact signs | hits every triangle it touches, and says which feature ([`RayContact`]) |
//! | [`ray_triangle_moller_with`] | Möller–Trumbore under an epsilon [`Policy`](crate::policy::Policy) | whatever rounding gives: leaks and double counts |
//! | [`ray_triangle_woop`](fn@ray_triangle_woop) | Woop–Benthin–Wald watertight test (`f32`, `f64`) | at least one hit (never a leak), often two |
//!
//! # Boxes, spheres and polygons
//!
//! The volume tests answer a [`Span`]: the entry and exit parameters of the part of the
//! ray inside the shape (entry clamped to `0` when the origin is inside).
//!
//! | function | decides with | exact? |
//! |---|---|---|
//! | [`ray_aabb`](fn@ray_aabb) | a filtered slab test for floats, then signs of degree-2 polynomials | **yes**, every scalar |
//! | [`ray_aabb_slab`](fn@ray_aabb_slab) | the classic slab test on a [`SlabRay`] (precomputed inverse direction) | no |
//! | [`ray_aabb_conservative`] | the slab test with the exit widened by `1 + 2γ₄` | never misses a hit |
//! | [`ray_aabb_slopes`](fn@ray_aabb_slopes) | ray slopes on a [`SlopeRay`] | no |
//! | [`ray_obb`](fn@ray_obb) | the slab method in the box frame, multiplied through by the axes' determinant | **yes**, every scalar |
//! | [`ray_obb_slab_with`] | the classic slab test in the box frame under a policy | no |
//! | [`ray_sphere`](fn@ray_sphere) | a filter, then the signs of `c₀`, `b`, `Δ` | **yes** (parameters as `f64`) |
//! | [`ray_sphere_algebraic_with`], [`ray_sphere_geometric_with`] | the RTR float formulas under a policy | no |
//! | [`ray_polygon`](fn@ray_polygon) | exact crossings test with winding numbers ([`FillRule`], [`PolygonHit`]) | **yes**, every scalar |
//!
//! # Bad input
//!
//! The plain functions never panic: a NaN or infinite coordinate gives `None` for the
//! exact tests (each documents its degenerate cases). Every test has a `try_` form that
//! checks its arguments with [`Validate`](crate::Validate) first and returns an
//! [`InputError`](crate::InputError) naming the argument by its position in the call.
//!
//! # Sources
//!
//! * T. Akenine-Möller et al., *Real-Time Rendering*, 4th ed., §22.6 (spheres), §22.7
//!   (slab method, boxes), §22.8 (triangles), §22.9 (polygons, crossings test after
//!   Haines).
//! * T. Möller, B. Trumbore, "Fast, minimum storage ray-triangle intersection", JGT 2(1),
//!   1997.
//! * S. Woop, C. Benthin, I. Wald, "Watertight ray/triangle intersection", JCGT 2(1), 2013.
//! * A. Williams, S. Barrus, R. K. Morley, P. Shirley, "An efficient and robust ray-box
//!   intersection algorithm", JGT 10(1), 2005 (inverse direction, sign-selected slabs,
//!   axis-parallel rays through IEEE infinities).
//! * T. Ize, "Robust BVH ray traversal", JCGT 2(2), 2013 (outward rounding of the exit).
//! * M. Eisemann, T. Grosch, S. Müller, M. Magnor, "Fast ray/axis-aligned bounding box
//!   overlap tests using ray slopes", JGT 12(4), 2007.
//! * E. Haines, J. Günther, T. Akenine-Möller, "Precision improvements for ray/sphere
//!   intersection", *Ray Tracing Gems*, ch. 7, 2019.
//! * E. Haines, "Point in polygon strategies", *Graphics Gems IV*, 1994; D. Sunday,
//!   "Inclusion of a point in a polygon", 2001 (winding number from signed crossings).
//!
//! # Examples
//!
//! ```
//! use isect::ray::{ray_aabb, ray_triangle};
//! use isect::{Aabb, Ray, Triangle};
//! let ray = Ray::new([0.25, 0.25, 2.0], [0.0, 0.0, -1.0]);
//! let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
//! assert_eq!(ray_triangle(&ray, &tri).unwrap().t, 2.0);
//! let span = ray_aabb(&ray, &Aabb::new([0.0; 3], [1.0; 3])).unwrap();
//! assert_eq!((span.t_enter, span.t_exit), (1.0, 2.0));
//! ```

mod hit_expansion;
mod ray_aabb;
mod ray_aabb_slab;
mod ray_aabb_slopes;
mod ray_obb;
mod ray_obb_slab;
mod ray_polygon;
mod ray_sphere;
mod ray_sphere_classic;
mod ray_triangle;
mod ray_triangle_closed;
mod ray_triangle_moller;
mod ray_triangle_woop;
mod slab;
mod triangle_filter;

pub use ray_aabb::{Span, ray_aabb, try_ray_aabb};
pub use ray_aabb_slab::{
    SlabRay, ray_aabb_conservative, ray_aabb_slab, try_ray_aabb_conservative, try_ray_aabb_slab,
};
pub use ray_aabb_slopes::{SlopeRay, ray_aabb_slopes, try_ray_aabb_slopes};
pub use ray_obb::{ray_obb, try_ray_obb};
pub use ray_obb_slab::{ray_obb_slab, ray_obb_slab_with, try_ray_obb_slab, try_ray_obb_slab_with};
pub use ray_polygon::{FillRule, PolygonHit, ray_polygon, try_ray_polygon};
pub use ray_sphere::{ray_sphere, try_ray_sphere};
pub use ray_sphere_classic::{
    ray_sphere_algebraic, ray_sphere_algebraic_with, ray_sphere_geometric,
    ray_sphere_geometric_with, try_ray_sphere_algebraic, try_ray_sphere_algebraic_with,
    try_ray_sphere_geometric, try_ray_sphere_geometric_with,
};
pub use ray_triangle::{RayHit, ray_triangle, try_ray_triangle};
pub use ray_triangle_closed::{RayContact, ray_triangle_closed, try_ray_triangle_closed};
pub use ray_triangle_moller::{
    ray_triangle_moller, ray_triangle_moller_tolerant_with, ray_triangle_moller_with,
    try_ray_triangle_moller, try_ray_triangle_moller_tolerant_with, try_ray_triangle_moller_with,
};
pub use ray_triangle_woop::{ray_triangle_woop, try_ray_triangle_woop};

pub(crate) use ray_triangle::ray_triangle_crossing;
#[cfg(all(test, feature = "std"))]
pub(crate) use ray_triangle::side_sign;
pub(crate) use triangle_filter::{Known, PreparedRay};

use crate::Scalar;

/// What a static filter decided: the final answer, or nothing (take the exact path).
enum Filtered<A> {
    Decided(A),
    Unknown,
}

/// The exact `f64` value of a number of a type with the float capability
/// ([`Scalar::as_f64`]), read where it lives (the float filters read their inputs through
/// it, so that no copy of them is kept); NaN for any other type, which every filter
/// leaves to the exact path.
#[inline(always)]
fn f64_of<T: Scalar>(x: &T) -> f64 {
    x.as_f64().unwrap_or(f64::NAN)
}

/// `true` when every coordinate of every point is finite.
fn all_finite<'a, T: Scalar + 'a>(points: impl IntoIterator<Item = &'a [T; 3]>) -> bool {
    points.into_iter().all(|p| p.iter().all(Scalar::is_finite))
}
