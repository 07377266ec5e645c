//! Ray tests (Real-Time Rendering, sections 22.6–22.9): rays against triangles, spheres,
//! boxes and polygons.
//!
//! Every hit/miss answer of the exact variants is decided by exact signs
//! ([`crate::predicates`]); the numbers a hit carries (`t`, barycentrics) are
//! constructions, exact for rationals and rounded with a documented bound for floats.

pub mod aabb;
pub mod obb;
pub mod polygon;
pub mod sphere;
pub mod triangle;
