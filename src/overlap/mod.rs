//! Overlap tests (Real-Time Rendering, sections 22.10–22.14): triangle/triangle and the
//! bounding-volume catalogue.
//!
//! # Triangles, lines, segments and planes
//!
//! Each row is one query; its file is `src/overlap/` plus the longest prefix of a name in
//! the row (`tri_tri_moller_with` is in `tri_tri_moller.rs`, `try_tri_tri` and
//! `tri_tri_intersect` in `tri_tri.rs`). Every decision is exact for `f32`, `f64` and
//! rationals; constructions are exact for rationals and rounded with a documented bound
//! for floats; the `_with` forms are the classic float algorithms under a
//! [`Policy`](crate::policy::Policy), not exact. Every test also has a `try_` form that
//! validates its arguments ([`Validate`](crate::Validate)) and returns
//! [`InputError`](crate::InputError); degenerate triangles and point-like segments are
//! valid input everywhere.
//!
//! | shapes | decision | boolean | construction | classic, under a policy |
//! |---|---|---|---|---|
//! | triangle/triangle (RTR 22.11) | [`tri_tri`](fn@tri_tri) → [`TriTri`] | [`tri_tri_intersect`] | [`tri_tri_intersection`](fn@tri_tri_intersection) → [`TriTriIntersection`] | [`tri_tri_moller_with`] |
//! | triangle/AABB (RTR 22.12) | [`tri_aabb`](fn@tri_aabb) → `bool` | | | [`tri_aabb_moller_with`] |
//! | 2D segments (RTR 22.15.1) | [`segment_segment_2d`](fn@segment_segment_2d) → [`SegmentContact`] | [`segment_segment_2d_intersect`] | [`segment_segment_2d_intersection`] → [`SegmentIntersection`] | [`segment_segment_2d_parametric_with`], [`segment_segment_2d_antonio_with`] |
//! | 2D lines (RTR 22.15.1) | [`line_line_2d`](fn@line_line_2d) → [`LineLine2d`] (with the point) | [`line_line_2d_intersect`] | | [`line_line_2d_with`] |
//! | 3D lines (RTR 22.15.2) | | | [`line_line_closest`](fn@line_line_closest) (the closest points' parameters) | |
//! | 3D segments (RTR 22.15.2) | [`segment_segment_3d`](fn@segment_segment_3d) → [`SegmentContact`] | [`segment_segment_3d_intersect`] | [`segment_segment_3d_intersection`] | |
//! | three planes (RTR 22.16) | | | [`three_planes`](fn@three_planes) (the common point) | |
//! | OBB/segment | [`obb_segment`](fn@obb_segment) → `bool` | | | [`obb_segment_with`] |
//!
//! The constructions of lines, segments and planes also have a `_bounded` form, the
//! same decision with each number a [`Bounded`] (value and certified error bound,
//! cheaper than correct rounding): [`line_line_2d_bounded`],
//! [`segment_segment_2d_intersection_bounded`], [`segment_segment_3d_intersection_bounded`],
//! [`three_planes_bounded`].
//!
//! Triangles are passed as anything [`TriangleRef`]: `[[T; 3]; 3]` or
//! [`Triangle`](crate::Triangle), by value or by reference.
//!
//! # Examples
//!
//! ```
//! use isect::overlap::{TriTri, segment_segment_2d_intersect, tri_tri, tri_tri_intersect};
//! let a = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]];
//! // Through a's interior: crossing.
//! let b = [[0.5, 0.5, -1.0], [0.5, 0.5, 1.0], [1.0, 0.0, 1.0]];
//! assert_eq!(tri_tri(&a, &b), TriTri::Crossing);
//! // Sharing only a's vertex (2, 0, 0), from above: touching, not crossing.
//! let c = [[2.0, 0.0, 0.0], [3.0, 0.0, 1.0], [2.0, 1.0, 1.0]];
//! assert!(tri_tri_intersect(&a, &c));
//! assert!(matches!(tri_tri(&a, &c), TriTri::Touching { .. }));
//! // Two 2D segments meeting at an endpoint of one of them.
//! assert!(segment_segment_2d_intersect(&[0.0, 0.0], &[2.0, 2.0], &[1.0, 1.0], &[3.0, 0.0]));
//! ```

mod aabb_aabb;
mod bounded;
mod dd;
#[cfg(test)]
mod dd_tests;
mod filter;
mod frustum;
mod frustum_conservative;
mod iv;
mod kdop;
mod line_line_2d;
mod line_line_closest;
pub(crate) mod obb_axes;
mod obb_obb;
mod obb_segment;
mod plane_aabb;
mod plane_obb;
mod segment_segment_2d;
mod segment_segment_2d_antonio;
mod segment_segment_2d_parametric;
mod segment_segment_3d;
mod sphere_aabb;
mod sphere_obb;
mod sphere_sphere;
mod three_planes;
mod tri_aabb;
mod tri_tri;
mod tri_tri_degenerate;
mod tri_tri_integer;
mod tri_tri_intersection;
mod tri_tri_moller;
mod zonotope;

pub use aabb_aabb::{aabb_aabb, aabb_aabb_center_extent_with, try_aabb_aabb};
pub use bounded::Bounded;
pub use frustum::{
    DepthRange, Frustum, FrustumClass, frustum_aabb, frustum_aabb_intersect, frustum_obb,
    frustum_obb_intersect, frustum_sphere, frustum_sphere_intersect, try_frustum_aabb,
    try_frustum_aabb_intersect, try_frustum_obb, try_frustum_obb_intersect, try_frustum_sphere,
    try_frustum_sphere_intersect,
};
pub use frustum_conservative::{
    frustum_aabb_conservative, frustum_obb_conservative, frustum_sphere_conservative,
};
pub use kdop::{Kdop, Kdop6, Kdop14, Kdop18, Kdop26, kdop_kdop, try_kdop_kdop};
pub use line_line_2d::{
    LineLine2d, line_line_2d, line_line_2d_bounded, line_line_2d_intersect, line_line_2d_with,
    try_line_line_2d, try_line_line_2d_bounded, try_line_line_2d_intersect,
};
pub use line_line_closest::{line_line_closest, try_line_line_closest};
pub use obb_obb::{obb_obb, obb_obb_gottschalk_with, try_obb_obb};
pub use obb_segment::{obb_segment, obb_segment_with, try_obb_segment};
pub use plane_aabb::{
    PlaneBox, plane_aabb, plane_aabb_center_extent_with, plane_aabb_intersect, try_plane_aabb,
    try_plane_aabb_intersect,
};
pub use plane_obb::{
    plane_obb, plane_obb_center_extent_with, plane_obb_intersect, try_plane_obb,
    try_plane_obb_intersect,
};
pub use segment_segment_2d::{
    SegmentContact, SegmentIntersection, segment_segment_2d, segment_segment_2d_intersect,
    segment_segment_2d_intersection, segment_segment_2d_intersection_bounded,
    try_segment_segment_2d, try_segment_segment_2d_intersect, try_segment_segment_2d_intersection,
    try_segment_segment_2d_intersection_bounded,
};
pub use segment_segment_2d_antonio::segment_segment_2d_antonio_with;
pub use segment_segment_2d_parametric::segment_segment_2d_parametric_with;
pub use segment_segment_3d::{
    segment_segment_3d, segment_segment_3d_intersect, segment_segment_3d_intersection,
    segment_segment_3d_intersection_bounded, try_segment_segment_3d,
    try_segment_segment_3d_intersect, try_segment_segment_3d_intersection,
    try_segment_segment_3d_intersection_bounded,
};
pub use sphere_aabb::{
    sphere_aabb, sphere_aabb_arvo_with, sphere_aabb_branchless_with, sphere_aabb_quick_reject_with,
    try_sphere_aabb,
};
pub use sphere_obb::{sphere_obb, sphere_obb_arvo_with, try_sphere_obb};
pub use sphere_sphere::{sphere_sphere, sphere_sphere_distance_with, try_sphere_sphere};
pub use three_planes::{
    three_planes, three_planes_bounded, try_three_planes, try_three_planes_bounded,
};
pub use tri_aabb::{tri_aabb, tri_aabb_moller_with, try_tri_aabb};
pub use tri_tri::{
    TriContact, TriTri, TriangleRef, tri_tri, tri_tri_intersect, try_tri_tri, try_tri_tri_intersect,
};
pub use tri_tri_intersection::{
    TriTriIntersection, tri_tri_intersection, try_tri_tri_intersection,
};
pub use tri_tri_moller::tri_tri_moller_with;
// For the mesh queries (src/mesh/face_pairs.rs): the boolean test on vertex references and
// the shared-normal plane-side filter.
/// The tri/tri unit tests' generators, shared with other modules' unit tests.
#[cfg(test)]
pub(crate) use tri_tri::tests as tri_tri_tests;
pub(crate) use tri_tri::{
    certified_sides as plane_sides_certified, intersect as tri_tri_refs_intersect,
    sides as plane_sides,
};
