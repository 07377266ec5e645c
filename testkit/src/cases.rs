//! How many cases a randomized test runs: a default per test, times `ISECT_TEST_SCALE`.
//!
//! Every property test and every seeded loop of the suites takes its count from
//! [`cases`] (or its proptest configuration from [`config`]), so one environment variable
//! lengthens or shortens them all in proportion:
//!
//! ```text
//! ISECT_TEST_SCALE=20 cargo test --release      # twenty times the default cases
//! ```
//!
//! The defaults keep a debug `cargo test` short; they are the floor, not the goal, of
//! what the suites are meant to run before a release. They are also the smallest runs on
//! which the suites' coverage assertions ("the generator produced enough touching
//! cases", …) hold, so the multiplier is at least 1.

use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence, RngSeed};

/// The environment variable that multiplies every test's number of cases.
const SCALE_VAR: &str = "ISECT_TEST_SCALE";

/// The multiplier read from `ISECT_TEST_SCALE`: `1` when unset.
///
/// # Panics
///
/// If the variable is not a finite number `>= 1`, or if the retired absolute count
/// `ISECT_PROPTEST_CASES` is set (a stale setting would silently run the defaults).
pub fn scale() -> f64 {
    if let Some(old) = std::env::var_os("ISECT_PROPTEST_CASES") {
        panic!(
            "ISECT_PROPTEST_CASES (= {old:?}) is retired: set {SCALE_VAR}, a multiplier of \
             every test's default number of cases (e.g. {SCALE_VAR}=15)"
        );
    }
    match std::env::var(SCALE_VAR) {
        Ok(s) => match s.trim().parse::<f64>() {
            Ok(x) if x.is_finite() && x >= 1.0 => x,
            _ => panic!(
                "{SCALE_VAR} must be a number >= 1 (a multiplier of the default case counts), \
                 got {s:?}"
            ),
        },
        Err(_) => 1.0,
    }
}

/// `default` times [`scale`], rounded.
pub fn cases(default: u32) -> u32 {
    let n = (f64::from(default) * scale()).round();
    if n >= f64::from(u32::MAX) {
        u32::MAX
    } else {
        n as u32
    }
}

/// A proptest configuration running [`cases`]`(default)` cases.
///
/// The RNG seed is fixed, so a run is reproducible, unless `PROPTEST_RNG_SEED` is set
/// (proptest honours it: a long run with fresh inputs). Failures are persisted beside the
/// source file that defines the property (`<file>.proptest-regressions`, next to
/// `<file>.rs`, whatever the layout of the test binary) and replayed first on the next run.
pub fn config(default: u32) -> ProptestConfig {
    let mut c = ProptestConfig::with_cases(cases(default));
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        c.rng_seed = RngSeed::Fixed(0x15EC_70F0_ACE5);
    }
    c.max_shrink_iters = 2_000;
    // Filtered properties reject a share of their inputs: the allowance grows with the
    // number of cases, so a long run (`ISECT_TEST_SCALE`) aborts no sooner than a short one.
    c.max_global_rejects = c.max_global_rejects.max(c.cases.saturating_mul(4));
    c.failure_persistence = Some(Box::new(FileFailurePersistence::WithSource(
        "proptest-regressions",
    )));
    c
}
