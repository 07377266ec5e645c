//! # isect
//!
//! Exact geometric intersection tests, at close to the speed of the plain floating-point
//! formulas, generic over `f32`, `f64` and big rationals.
//!
//! * The predicate kernel: [`orient2d`], [`orient3d`], [`incircle`] and [`insphere`],
//!   exact for every finite input; their symbolically perturbed forms in [`sos`]; the
//!   exact sign of any integer polynomial, [`predicates::polynomial_sign`]; the batch
//!   forms over slices, [`predicates::orient3d_batch`] and [`predicates::orient3d_many`] ….
//! * The [`policy`] layer, which lets every test run under an epsilon rule beside the
//!   exact one.
//! * Geometry types ([`geometry`]): [`Ray`], [`Triangle`], [`Aabb`], [`Sphere`] …
//! * Ray tests ([`ray`]): [`ray_triangle`] with exactly one hit per crossing through
//!   shared edges and vertices, and rays against spheres, boxes and polygons.
//! * Meshes ([`mesh`]): [`TriMesh`] with validation, all hits, first hit, exact winding
//!   numbers and point-in-mesh, exact self-intersections and mesh-against-mesh pairs, and
//!   the public broad phase [`mesh::Bvh`]; [`TriMesh::from_soup`] builds one from real data
//!   (exact welding, degenerate, duplicate and unreferenced elements dropped) and reports
//!   what it changed; [`mesh::Topology`] and the exact orientation [`TriMesh::volume_sign`].
//! * Mesh files (`io`, feature `io`): OBJ, STL, PLY and OFF readers whose errors name
//!   the file and line (or byte).
//! * Overlap tests ([`overlap`]): triangle/triangle ([`tri_tri`]), triangle/box,
//!   plane/box, spheres, boxes, k-DOPs, OBBs, frustums, 2D and 3D lines and segments,
//!   three planes.
//! * Sweeps of moving objects ([`sweep`]): first and last contact over a time step, the
//!   touch/no-touch answer exact, every time within `2⁻²⁰`.
//! * Collisions ([`collide`]): the first contact's point, normal and touched feature
//!   (the feature exact), bounces with restitution and friction that never gain energy,
//!   and step-and-bounce of a sphere through a closed mesh, never ending inside.
//! * Bounding volumes ([`bv`]): boxes, k-DOPs, spheres (Ritter, Welzl, exact minimal),
//!   convex hulls, OBBs, each guaranteed to contain its points, and their measures.
//! * The reference [`oracle`]: adversarial input generators and named scenes, and
//!   [`oracle::check`], which judges your own implementation against the exact answers.
//!
//! The [user guide](guide) walks through every family of tests with runnable examples:
//! choosing exact or epsilon policies, sign conventions, what is exact and what is
//! rounded (with the error bounds), and using isect as an oracle for your own code.
//!
//! See `docs/ARCHITECTURE.md` for the map of the crate and `proofs/` for the arguments
//! behind every exactness claim.
//!
//! # Features and platforms
//!
//! * `std` (default): the float functions of the standard library; turning it off
//!   makes the crate `#![no_std]`. The crate always needs an allocator (`alloc`): the
//!   exact stages of the predicates use expansions and big integers, and meshes and
//!   rationals live on the heap. Float functions (`sqrt` in rounded constructions) come
//!   from `libm` without `std`. CI builds `--no-default-features` for the host and for
//!   `thumbv7em-none-eabihf`.
//! * `rug`: GMP rationals (`rug::Rational`) as a scalar type.
//! * `glam`, `nalgebra`, `mint`: their point and vector types accepted by the predicates
//!   as they are, and by the geometry constructors through `.into()` ([`interop`]).
//! * `proptest`: proptest strategies for the oracle's input generators.
//! * `rayon` (implies `std`): the whole-mesh pair queries
//!   ([`TriMesh::self_intersections`] and the others) on all threads of rayon's pool,
//!   with the same answers as one thread.
//! * `io` (implies `std`): `isect::io`, reading OBJ, STL (ASCII and binary), PLY (ASCII
//!   and binary) and OFF files, with the `stl_io` and `ply-rs-bw` crates.
//!
//! The exactness argument (`proofs/predicates.md`, section 0) assumes IEEE 754 binary64
//! arithmetic with round-to-nearest-even and no extended-precision intermediates, which
//! every target Rust supports provides except 32-bit x86 without SSE2 (the x87 stack
//! rounds twice): the crate refuses to build there, with a message saying how to enable
//! SSE2. Soft-float targets are fine: their operations are correctly rounded. f32 inputs
//! are converted to f64 exactly before any arithmetic.
//!
//! # Examples
//!
//! ```
//! use isect::policy::orient2d_naive;
//! use isect::{orient2d, Sign};
//! // Kettner et al.'s classroom example: p lies just above the line y = x through q and
//! // r, so q, r, p are counterclockwise. The plain floating-point formula gets the sign
//! // wrong; isect does not.
//! let u = 2f64.powi(-53);
//! let (q, r, p) = ([12.0, 12.0], [24.0, 24.0], [0.5 + 41.0 * u, 0.5 + 48.0 * u]);
//! assert_eq!(orient2d(q, r, p), Sign::Positive);
//! let (naive, _) = orient2d_naive(q, r, p);
//! assert_eq!(Sign::of(naive), Sign::Negative);
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]
#![forbid(unsafe_code)]

// The exactness argument (proofs/predicates.md, section 0) assumes binary64 arithmetic
// without extended-precision intermediates. 32-bit x86 without SSE2 computes through the
// x87 stack, with double rounding: refuse to build rather than give wrong signs.
#[cfg(all(target_arch = "x86", not(target_feature = "sse2")))]
compile_error!(
    "isect needs IEEE 754 binary64 arithmetic without extended precision: \
     build for x86 with SSE2 enabled (e.g. -C target-feature=+sse2) or use x86_64"
);

extern crate alloc;

pub mod bv;
pub mod collide;
mod error;
pub mod geometry;
pub mod guide;
pub mod interop;
#[cfg(feature = "io")]
pub mod io;
pub mod mesh;
#[cfg(feature = "std")]
pub mod oracle;
pub mod overlap;
pub mod policy;
pub mod predicates;
pub mod ray;
mod scalar;
mod sign;
pub mod sweep;
mod vec3;

pub use error::{InputError, NonFiniteValue, Validate};
pub use geometry::{Aabb, Obb, Plane, Polygon, Ray, Segment, Sphere, Triangle};
pub use mesh::{MeshHit, TriMesh};
pub use overlap::{TriTri, tri_tri, tri_tri_intersect, try_tri_tri};
pub use predicates::kernel::{ExactKernel, ExactRing, F32Kernel, F64Kernel, Kernel};
pub use predicates::sos;
pub use predicates::sos::incircle_sos;
pub use predicates::sos::insphere_sos;
pub use predicates::sos::orient2d_sos;
pub use predicates::sos::orient3d_sos;
pub use predicates::{
    Point2, Point3, incircle, insphere, orient2d, orient3d, try_incircle, try_insphere,
    try_orient2d, try_orient3d,
};
pub use ray::{RayHit, ray_triangle};
pub use scalar::{FloatFormat, FloatScalar, Scalar};
pub use sign::Sign;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
