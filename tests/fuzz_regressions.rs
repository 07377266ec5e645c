//! Regression tests for what the fuzz targets (fuzz/, docs/FUZZING.md) found, one named
//! test per find, each checking the documented or exact answer directly.

use isect::predicates::collinear3;

/// fuzz target `predicates`: `collinear3` is documented to answer `true` for non-finite
/// input, but answered `false` when the projection that skips the infinite coordinate
/// was not collinear (here z = ∞ in `a`, the xy projection a right angle).
#[test]
fn fuzz_predicates_collinear3_non_finite_is_true() {
    assert!(collinear3(
        &[0.0, 0.0, f64::INFINITY],
        &[1.0, 0.0, 0.0],
        &[0.0, 1.0, 0.0]
    ));
    assert!(collinear3(
        &[0.0, 0.0, 0.0],
        &[1.0, f64::NAN, 0.0],
        &[0.0, 1.0, 5.0]
    ));
    assert!(collinear3(
        &[0.0_f32, 0.0, 0.0],
        &[1.0, 0.0, 0.0],
        &[0.0, 1.0, f32::NEG_INFINITY]
    ));
    // Finite input is unaffected.
    assert!(!collinear3(
        &[0.0, 0.0, 0.0],
        &[1.0, 0.0, 0.0],
        &[0.0, 1.0, 0.0]
    ));
}
