//! The reference oracle: input generators for each test kind and a checker that runs a
//! candidate implementation against isect's exact answers (issue 6).
//!
//! * [`scenes`]: named, reproducible adversarial scenes (a dyadic icosphere with rays
//!   aimed exactly at its vertices and edges, near-coplanar triangle pairs, Kettner et
//!   al.'s orient2d grid, near-coplanar orient3d quadruples, near-parallel box rays).
//! * [`Rng`]: the small deterministic generator every scene and generator uses.

mod rng;
pub mod scenes;

pub use rng::Rng;
