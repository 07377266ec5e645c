//! The isect user guide: one page per family of tests, following the sections of
//! Real-Time Rendering (4th ed.), chapter 22.
//!
//! Every code block on these pages is a doctest: it runs in `cargo test`, so the
//! numbers shown are the ones the library returns.
//!
//! | page | what it covers |
//! |---|---|
//! | [`overview`] | the shape of the API; choosing between the exact and the epsilon policies |
//! | [`exact_predicates`] | `orient2d`, `orient3d`, `incircle`, `insphere`; sign conventions; symbolic perturbation; exact signs of your own polynomials |
//! | [`rays`] | rays against triangles (exactly-once hits, Möller–Trumbore, Woop), spheres, boxes, OBBs, polygons; meshes |
//! | [`overlaps`] | triangle/triangle, triangle/box, plane/box, spheres, boxes, k-DOPs, OBB/OBB, frusta |
//! | [`lines`] | segments and lines in 2D and 3D, three planes, OBB/segment |
//! | [`sweeps`] | moving spheres, boxes, triangles, polygons, OBBs; ray/capsule |
//! | [`collisions`] | contacts (point, normal, touched feature), bounces, step-and-bounce through a mesh |
//! | [`bounding_volumes`] | AABB, k-DOP, spheres, convex hull and OBBs built from points; their measures |
//! | [`exactness`] | which answers are exact and which are rounded, with the error bounds |
//! | [`platforms`] | `no_std`, features, interop types, the floating-point assumptions |
//! | [`oracle_testing`] | using isect as an oracle for your own code: `isect::oracle` and the `isect` command line |
//!
//! The markdown sources live in `docs/guide/` (one file per page, named after the
//! page's subject). The pages are named so that none shares a name with a module of
//! the library: the guide to `isect::predicates` is [`exact_predicates`], the guide
//! to `isect::oracle` is [`oracle_testing`].

#[doc = include_str!("../docs/guide/overview.md")]
pub mod overview {}

#[doc = include_str!("../docs/guide/predicates.md")]
pub mod exact_predicates {}

#[doc = include_str!("../docs/guide/rays.md")]
pub mod rays {}

#[doc = include_str!("../docs/guide/overlaps.md")]
pub mod overlaps {}

#[doc = include_str!("../docs/guide/lines.md")]
pub mod lines {}

#[doc = include_str!("../docs/guide/sweeps.md")]
pub mod sweeps {}

#[doc = include_str!("../docs/guide/collisions.md")]
pub mod collisions {}

#[doc = include_str!("../docs/guide/bounding_volumes.md")]
pub mod bounding_volumes {}

#[doc = include_str!("../docs/guide/exactness.md")]
pub mod exactness {}

#[doc = include_str!("../docs/guide/platforms.md")]
pub mod platforms {}

#[doc = include_str!("../docs/guide/oracle.md")]
pub mod oracle_testing {}
