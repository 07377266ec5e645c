//! The predicates (`orient2d`, `orient3d`, `incircle`, `insphere`), their symbolic
//! perturbation and the policy layer, against the independent exact oracle of
//! `isect_testkit::predicates`.
//!
//! One test binary, a module per concern. Randomized tests run a bounded number of cases;
//! `ISECT_TEST_SCALE` multiplies them (see `isect_testkit::cases`).

mod architecture_index;
mod bad_input;
mod batch;
mod check;
mod fixtures;
mod no_float_capability;
mod oracle_agreement;
mod plane_many;
mod policy;
mod regressions;
mod sos;
