//! What isect's tests share: one seeded generator, exact rationals, independent exact
//! oracles and input strategies.
//!
//! Used by the integration tests (`tests/`), the benches (`benches/`), the fuzz targets
//! (`fuzz/`) and the command line's tests (`cli/tests/`). Not published.
//!
//! # Number of cases: `ISECT_TEST_SCALE`
//!
//! Every randomized test runs a bounded default number of cases, so that a debug
//! `cargo test` stays short. The environment variable `ISECT_TEST_SCALE` multiplies all
//! of them ([`cases()`], [`config()`]): `ISECT_TEST_SCALE=20 cargo test --release` for a long
//! run (the multiplier is at least 1: the defaults are the smallest runs on which the
//! coverage assertions hold). Seeds are fixed; `PROPTEST_RNG_SEED` draws fresh proptest
//! inputs.
//!
//! # Modules
//!
//! * [`cases`](mod@cases): the case counts and the proptest configuration.
//! * [`rng`]: the generator ([`isect::oracle::Rng`], SplitMix64) and input helpers.
//! * [`q`]: exact rationals and the vector operations the oracles use.
//! * [`float`]: `f32`/`f64` as test inputs ([`float::Fl`]), exact power-of-two scaling,
//!   ulp steps.
//! * [`geodesic`]: geodesic spheres of any frequency (the benchmark meshes).
//! * [`perm`]: permutations and their parity.
//! * [`predicates`]: the independent exact oracle of orient2d/3d, incircle and insphere
//!   (homogeneous determinants, Bareiss and cofactor expansion).
//! * [`strategies`]: proptest strategies for the predicates' inputs.
//! * [`scenes`]: small meshes the tests and the fuzz targets build alike.
//! * [`winding`](mod@winding): the independent exact winding number of a closed mesh.
//! * [`meshes`]: geodesic spheres and meshes built to hurt for the pair queries, and
//!   [`mesh_pairs`], their independent exact brute force.
//!
//! The oracles are written apart from the library on purpose (other formulas, other
//! helpers), so that a shared mistake is unlikely.
#![warn(missing_docs)]

pub mod cases;
pub mod float;
pub mod geodesic;
pub mod mesh_pairs;
pub mod meshes;
pub mod perm;
pub mod predicates;
pub mod q;
pub mod rng;
pub mod scenes;
pub mod strategies;
pub mod winding;

pub use cases::{cases, config};
pub use q::Q;
pub use rng::{Rng, RngExt};
