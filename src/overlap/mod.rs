//! Overlap tests (Real-Time Rendering, sections 22.10–22.14): triangle/triangle and the
//! bounding-volume catalogue.

pub mod aabb_aabb;
mod dd;
pub mod frustum;
mod iv;
pub mod kdop;
pub mod lines;
pub mod obb_obb;
pub mod plane_box;
pub mod sphere;
pub mod tri_aabb;
pub mod tri_tri;
mod zonotope;
