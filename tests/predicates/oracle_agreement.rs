//! Property tests: every predicate, for `f64`, `f32` and rational scalars, against the
//! independent exact oracle of `isect_testkit::predicates`, on every input family
//! (`isect_testkit::strategies`); plus the algebraic
//! properties every exact predicate has (antisymmetry, invariance under exact
//! transforms, agreement between scalar types).
//!
//! Case counts: each property runs `CASES` cases (below), divided by a per-test divisor
//! for the expensive ones, times `ISECT_TEST_SCALE`. The RNG seed is fixed unless
//! `PROPTEST_RNG_SEED` is set. A long run with fresh inputs (about 6 minutes per seed in
//! release on two cores):
//! `ISECT_TEST_SCALE=60 PROPTEST_RNG_SEED=22 cargo test --release --test predicates oracle_agreement`.

use isect::Sign;
use isect_testkit::float::{Fl, bit_span, exact_scale_range, map_pts, mul_pow2_f64, to_q};
use isect_testkit::perm::{nth_perm, parity, permute};
use isect_testkit::predicates as oracle;
use isect_testkit::q::q_pow2;
#[cfg(feature = "rug")]
use isect_testkit::q::to_rug;
use isect_testkit::{Q, Rng, config, strategies};
use num_bigint::BigInt;
use num_traits::Zero;
use proptest::prelude::*;

use crate::check::{
    check_incircle, check_incircle_q, check_insphere, check_insphere_q, check_orient2d,
    check_orient2d_q, check_orient3d, check_orient3d_q,
};

/// Default number of cases per family test (times `ISECT_TEST_SCALE`).
const CASES: u32 = 1000;

// ---------------------------------------------------------------------------------------
// The oracle checks itself
// ---------------------------------------------------------------------------------------

#[test]
fn oracle_sign_factors_match_hand_examples() {
    // The hand computations are in the doc comment of `isect_testkit::predicates`.
    let q = |x: f64| Q::from_float(x).unwrap();
    let p2 = |x: f64, y: f64| [q(x), q(y)];
    let p3 = |x: f64, y: f64, z: f64| [q(x), q(y), q(z)];
    assert_eq!(
        oracle::orient2d_q(&[p2(0., 0.), p2(1., 0.), p2(0., 1.)]),
        Sign::Positive
    );
    assert_eq!(
        oracle::orient3d_q(&[
            p3(0., 0., 0.),
            p3(1., 0., 0.),
            p3(0., 1., 0.),
            p3(0., 0., -1.)
        ]),
        Sign::Positive
    );
    assert_eq!(
        oracle::incircle_q(&[p2(1., 0.), p2(0., 1.), p2(-1., 0.), p2(0., 0.)]),
        Sign::Positive
    );
    let a = p3(1., 0., 0.);
    let b = p3(0., 1., 0.);
    let c = p3(0., 0., 1.);
    let d = p3(-1., 0., 0.);
    assert_eq!(
        oracle::orient3d_q(&[a.clone(), b.clone(), c.clone(), d.clone()]),
        Sign::Positive
    );
    assert_eq!(
        oracle::insphere_q(&[a.clone(), b.clone(), c.clone(), d.clone(), p3(0., 0., 0.)]),
        Sign::Positive
    );
    // On the unit sphere: zero; far outside: negative.
    assert_eq!(
        oracle::insphere_q(&[a.clone(), b.clone(), c.clone(), d.clone(), p3(0., -1., 0.)]),
        Sign::Zero
    );
    assert_eq!(
        oracle::insphere_q(&[a, b, c, d, p3(0., 0., 2.)]),
        Sign::Negative
    );
}

#[test]
fn bareiss_agrees_with_cofactor_expansion_on_random_integer_matrices() {
    let mut rng = Rng::new(0xBA2E155);
    for n in 1..=6usize {
        for round in 0..60 {
            let bits = [4u32, 30, 200][round % 3];
            let mut m: Vec<Vec<BigInt>> = (0..n)
                .map(|_| {
                    (0..n)
                        .map(|_| {
                            let mut x = BigInt::from(rng.range(-1000, 1000));
                            for _ in 0..bits / 30 {
                                x = x * BigInt::from(1u64 << 30)
                                    + BigInt::from(rng.range(0, 1 << 30));
                            }
                            x
                        })
                        .collect()
                })
                .collect();
            // Zero pivots force row swaps.
            if round % 4 == 0 {
                m[0][0] = BigInt::zero();
            }
            // Make a third of them singular: one row a combination of two others.
            if n >= 3 && round % 3 == 1 {
                let (s, t) = (
                    BigInt::from(rng.range(-5, 5)),
                    BigInt::from(rng.range(-5, 5)),
                );
                let r: Vec<BigInt> = (0..n).map(|j| &s * &m[0][j] + &t * &m[1][j]).collect();
                m[n - 1] = r;
            }
            let bareiss = oracle::det_bareiss(m.clone());
            let laplace = oracle::det_laplace(&m);
            assert_eq!(bareiss, laplace, "n = {n}, round {round}: {m:?}");
            if n >= 3 && round % 3 == 1 {
                assert!(bareiss.is_zero());
            }
        }
    }
}

#[test]
fn lattice_generators_lie_on_their_circles_and_spheres() {
    let c = strategies::circle_lattice(65);
    assert!(c.len() >= 16, "65 has many representations: {}", c.len());
    assert!(c.iter().all(|p| p[0] * p[0] + p[1] * p[1] == 65 * 65));
    assert!(c.contains(&[16, 63]) && c.contains(&[-33, 56]) && c.contains(&[25, -60]));
    let s = strategies::sphere_lattice(9);
    assert!(
        s.iter()
            .all(|p| p[0] * p[0] + p[1] * p[1] + p[2] * p[2] == 81)
    );
    assert!(s.contains(&[1, 4, 8]) && s.contains(&[4, 4, 7]) && s.contains(&[-9, 0, 0]));
}

proptest! {
    #![proptest_config(config(CASES / 2))]

    /// The two determinant evaluations agree on the oracle's own matrices.
    #[test]
    fn bareiss_agrees_with_cofactor_expansion_on_predicate_matrices(
        p in strategies::any_insphere::<f64>(), r in strategies::any_incircle::<f64>()
    ) {
        let qp = to_q(&p);
        let pts: Vec<&[Q]> = qp.iter().map(|x| &x[..]).collect();
        for lifted in [false, true] {
            let n = if lifted { 5 } else { 4 };
            let m = oracle::homogeneous(&pts[..n], lifted);
            prop_assert_eq!(oracle::det_sign(&m), oracle::det_sign_laplace(&m));
        }
        let qr = to_q(&r);
        let pts: Vec<&[Q]> = qr.iter().map(|x| &x[..]).collect();
        for lifted in [false, true] {
            let n = if lifted { 4 } else { 3 };
            let m = oracle::homogeneous(&pts[..n], lifted);
            prop_assert_eq!(oracle::det_sign(&m), oracle::det_sign_laplace(&m));
        }
    }
}

// ---------------------------------------------------------------------------------------
// isect against the oracle, family by family
// ---------------------------------------------------------------------------------------

macro_rules! family_tests {
    ($module:ident, $F:ty, $check:ident, $D:literal, $N:literal, $near:ident, $exact:ident,
     $classroom:ident, $div:expr) => {
        mod $module {
            use super::*;
            proptest! {
                #![proptest_config(config(CASES / $div))]

                #[test]
                fn uniform(p in strategies::uniform::<$F, $D, $N>()) {
                    $check(&p)?;
                }

                #[test]
                fn extreme_exponents(p in strategies::extreme::<$F, $D, $N>()) {
                    $check(&p)?;
                }

                #[test]
                fn mixed_magnitudes(p in strategies::mixed::<$F, $D, $N>()) {
                    $check(&p)?;
                }

                #[test]
                fn ulp_cluster(p in strategies::ulp_cluster::<$F, $D, $N>()) {
                    $check(&p)?;
                }

                #[test]
                fn near_degenerate(p in strategies::$near::<$F>()) {
                    $check(&p)?;
                }

                #[test]
                fn scaled_by_power_of_two(p in strategies::scaled(prop_oneof![
                    strategies::uniform::<$F, $D, $N>(),
                    strategies::ulp_cluster::<$F, $D, $N>(),
                    strategies::$near::<$F>(),
                    strategies::$near::<$F>(),
                ].boxed())) {
                    $check(&p)?;
                }

                #[test]
                fn anisotropic(p in strategies::anisotropic(prop_oneof![
                    strategies::$near::<$F>(),
                    strategies::$near::<$F>(),
                    strategies::$classroom::<$F>().prop_map(|(p, _)| p).boxed(),
                    strategies::ulp_cluster::<$F, $D, $N>(),
                    strategies::uniform::<$F, $D, $N>(),
                ].boxed())) {
                    $check(&p)?;
                }

                #[test]
                fn clustered(p in strategies::clustered(prop_oneof![
                    strategies::$near::<$F>(),
                    strategies::$classroom::<$F>().prop_map(|(p, _)| p).boxed(),
                    strategies::uniform::<$F, $D, $N>(),
                    strategies::extreme::<$F, $D, $N>(),
                ].boxed())) {
                    $check(&p)?;
                }

                #[test]
                fn two_scale(p in strategies::two_scale::<$F, $D, $N>()) {
                    $check(&p)?;
                }

                #[test]
                fn classroom((p, degenerate) in strategies::$classroom::<$F>()) {
                    let s = $check(&p)?;
                    if degenerate {
                        prop_assert_eq!(s, Sign::Zero, "degenerate by construction: {:?}", p);
                    }
                }

                #[test]
                fn exactly_degenerate((p, degenerate) in strategies::$exact::<$F>()) {
                    let s = $check(&p)?;
                    if degenerate {
                        // Checks the generator and the oracle as much as the library.
                        prop_assert_eq!(s, Sign::Zero, "degenerate by construction: {:?}", p);
                    }
                }
            }
        }
    };
}

family_tests!(
    orient2d_f64,
    f64,
    check_orient2d,
    2,
    3,
    orient2d_near,
    orient2d_exact,
    orient2d_classroom,
    1
);
family_tests!(
    orient3d_f64,
    f64,
    check_orient3d,
    3,
    4,
    orient3d_near,
    orient3d_exact,
    orient3d_classroom,
    1
);
family_tests!(
    incircle_f64,
    f64,
    check_incircle,
    2,
    4,
    incircle_near,
    incircle_exact,
    incircle_classroom,
    1
);
family_tests!(
    insphere_f64,
    f64,
    check_insphere,
    3,
    5,
    insphere_near,
    insphere_exact,
    insphere_classroom,
    1
);
family_tests!(
    orient2d_f32,
    f32,
    check_orient2d,
    2,
    3,
    orient2d_near,
    orient2d_exact,
    orient2d_classroom,
    2
);
family_tests!(
    orient3d_f32,
    f32,
    check_orient3d,
    3,
    4,
    orient3d_near,
    orient3d_exact,
    orient3d_classroom,
    2
);
family_tests!(
    incircle_f32,
    f32,
    check_incircle,
    2,
    4,
    incircle_near,
    incircle_exact,
    incircle_classroom,
    2
);
family_tests!(
    insphere_f32,
    f32,
    check_insphere,
    3,
    5,
    insphere_near,
    insphere_exact,
    insphere_classroom,
    2
);

// ---------------------------------------------------------------------------------------
// The second stage of a staged kernel
// ---------------------------------------------------------------------------------------

/// Determinants of ±1 (or 0) among products near 2^104, and second-order determinants
/// hidden under first-order rounding noise: the hardest inputs for the second
/// (compensated) stage of a staged kernel.
mod second_stage {
    use super::*;

    proptest! {
        #![proptest_config(config(CASES))]

        #[test]
        fn orient2d_bezout_f64((p, degenerate) in strategies::orient2d_bezout::<f64>()) {
            let s = check_orient2d(&p)?;
            prop_assert_eq!(s == Sign::Zero, degenerate, "{:?}", p);
        }
        #[test]
        fn orient3d_bezout_f64((p, degenerate) in strategies::orient3d_bezout::<f64>()) {
            let s = check_orient3d(&p)?;
            prop_assert_eq!(s == Sign::Zero, degenerate, "{:?}", p);
        }
        #[test]
        fn orient2d_bezout_f32((p, degenerate) in strategies::orient2d_bezout::<f32>()) {
            let s = check_orient2d(&p)?;
            prop_assert_eq!(s == Sign::Zero, degenerate, "{:?}", p);
        }
        #[test]
        fn orient3d_bezout_f32((p, degenerate) in strategies::orient3d_bezout::<f32>()) {
            let s = check_orient3d(&p)?;
            prop_assert_eq!(s == Sign::Zero, degenerate, "{:?}", p);
        }
        #[test]
        fn orient3d_flat_far_f64(p in strategies::orient3d_flat_far::<f64>()) {
            check_orient3d(&p)?;
        }
        #[test]
        fn orient3d_flat_far_f32(p in strategies::orient3d_flat_far::<f32>()) {
            check_orient3d(&p)?;
        }
        #[test]
        fn orient2d_far_pivot_f64(p in strategies::orient2d_far_pivot::<f64>()) {
            check_orient2d(&p)?;
        }
        #[test]
        fn orient2d_far_pivot_f32(p in strategies::orient2d_far_pivot::<f32>()) {
            check_orient2d(&p)?;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Rational scalars
// ---------------------------------------------------------------------------------------

mod rational {
    use super::*;

    proptest! {
        #![proptest_config(config(CASES / 2))]

        #[test]
        fn orient2d_on_float_inputs(p in strategies::any_orient2d::<f64>()) {
            check_orient2d_q(&to_q(&p))?;
        }
        #[test]
        fn orient3d_on_float_inputs(p in strategies::any_orient3d::<f64>()) {
            check_orient3d_q(&to_q(&p))?;
        }
        #[test]
        fn incircle_on_float_inputs(p in strategies::any_incircle::<f64>()) {
            check_incircle_q(&to_q(&p))?;
        }
        #[test]
        fn insphere_on_float_inputs(p in strategies::any_insphere::<f64>()) {
            check_insphere_q(&to_q(&p))?;
        }

        #[test]
        fn orient2d_on_rational_inputs((p, degenerate) in strategies::rational_orient2d()) {
            let s = check_orient2d_q(&p)?;
            prop_assert!(!degenerate || s == Sign::Zero, "{:?}", p);
        }
        #[test]
        fn orient3d_on_rational_inputs((p, degenerate) in strategies::rational_orient3d()) {
            let s = check_orient3d_q(&p)?;
            prop_assert!(!degenerate || s == Sign::Zero, "{:?}", p);
        }
        #[test]
        fn incircle_on_rational_inputs((p, degenerate) in strategies::rational_incircle()) {
            let s = check_incircle_q(&p)?;
            prop_assert!(!degenerate || s == Sign::Zero, "{:?}", p);
        }
        #[test]
        fn insphere_on_rational_inputs((p, degenerate) in strategies::rational_insphere()) {
            let s = check_insphere_q(&p)?;
            prop_assert!(!degenerate || s == Sign::Zero, "{:?}", p);
        }
    }
}

#[cfg(feature = "rug")]
mod rug_rational {
    use super::*;

    fn r<const D: usize, const N: usize>(p: &[[Q; D]; N]) -> [[rug::Rational; D]; N] {
        std::array::from_fn(|i| std::array::from_fn(|j| to_rug(&p[i][j])))
    }

    proptest! {
        #![proptest_config(config(CASES / 2))]

        #[test]
        fn orient2d_agrees_with_oracle(
            p in prop_oneof![strategies::any_orient2d::<f64>().prop_map(|p| to_q(&p)),
                             strategies::rational_orient2d().prop_map(|(p, _)| p)]
        ) {
            let x = r(&p);
            prop_assert_eq!(isect::orient2d(&x[0], &x[1], &x[2]), oracle::orient2d_q(&p));
        }
        #[test]
        fn orient3d_agrees_with_oracle(
            p in prop_oneof![strategies::any_orient3d::<f64>().prop_map(|p| to_q(&p)),
                             strategies::rational_orient3d().prop_map(|(p, _)| p)]
        ) {
            let x = r(&p);
            prop_assert_eq!(isect::orient3d(&x[0], &x[1], &x[2], &x[3]), oracle::orient3d_q(&p));
        }
        #[test]
        fn incircle_agrees_with_oracle(
            p in prop_oneof![strategies::any_incircle::<f64>().prop_map(|p| to_q(&p)),
                             strategies::rational_incircle().prop_map(|(p, _)| p)]
        ) {
            let x = r(&p);
            prop_assert_eq!(isect::incircle(&x[0], &x[1], &x[2], &x[3]), oracle::incircle_q(&p));
        }
        #[test]
        fn insphere_agrees_with_oracle(
            p in prop_oneof![strategies::any_insphere::<f64>().prop_map(|p| to_q(&p)),
                             strategies::rational_insphere().prop_map(|(p, _)| p)]
        ) {
            let x = r(&p);
            prop_assert_eq!(
                isect::insphere(&x[0], &x[1], &x[2], &x[3], &x[4]),
                oracle::insphere_q(&p)
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// f32, f64 and rationals agree on the same values
// ---------------------------------------------------------------------------------------

mod scalar_agreement {
    use super::*;

    proptest! {
        #![proptest_config(config(CASES / 2))]

        #[test]
        fn orient2d(p in strategies::any_orient2d::<f32>()) {
            let want = check_orient2d(&p)?;
            let w = map_pts(&p, f64::from);
            prop_assert_eq!(check_orient2d(&w)?, want);
            prop_assert_eq!(check_orient2d_q(&to_q(&p))?, want);
        }
        #[test]
        fn orient3d(p in strategies::any_orient3d::<f32>()) {
            let want = check_orient3d(&p)?;
            let w = map_pts(&p, f64::from);
            prop_assert_eq!(check_orient3d(&w)?, want);
            prop_assert_eq!(check_orient3d_q(&to_q(&p))?, want);
        }
        #[test]
        fn incircle(p in strategies::any_incircle::<f32>()) {
            let want = check_incircle(&p)?;
            let w = map_pts(&p, f64::from);
            prop_assert_eq!(check_incircle(&w)?, want);
            prop_assert_eq!(check_incircle_q(&to_q(&p))?, want);
        }
        #[test]
        fn insphere(p in strategies::any_insphere::<f32>()) {
            let want = check_insphere(&p)?;
            let w = map_pts(&p, f64::from);
            prop_assert_eq!(check_insphere(&w)?, want);
            prop_assert_eq!(check_insphere_q(&to_q(&p))?, want);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Antisymmetry: every permutation of the arguments gives sign × parity
// ---------------------------------------------------------------------------------------

mod antisymmetry {
    use super::*;

    fn all_perms<T: Copy + std::fmt::Debug, const N: usize>(
        p: &[T; N],
        base: Sign,
        eval: impl Fn(&[T; N]) -> Sign,
    ) -> Result<(), TestCaseError> {
        let count: usize = (1..=N).product();
        for k in 0..count {
            let perm = nth_perm(N, k);
            let got = eval(&permute(p, &perm));
            prop_assert_eq!(
                got,
                base * parity(&perm),
                "permutation {:?} of {:?}",
                perm,
                p
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(config(CASES / 2))]

        #[test]
        fn orient2d(p in strategies::any_orient2d::<f64>(), q in strategies::any_orient2d::<f32>()) {
            let s = check_orient2d(&p)?;
            all_perms(&p, s, |x| isect::orient2d(x[0], x[1], x[2]))?;
            let s = check_orient2d(&q)?;
            all_perms(&q, s, |x| isect::orient2d(x[0], x[1], x[2]))?;
        }
        #[test]
        fn orient3d(p in strategies::any_orient3d::<f64>()) {
            let s = check_orient3d(&p)?;
            all_perms(&p, s, |x| isect::orient3d(x[0], x[1], x[2], x[3]))?;
        }
        #[test]
        fn incircle(p in strategies::any_incircle::<f64>()) {
            let s = check_incircle(&p)?;
            all_perms(&p, s, |x| isect::incircle(x[0], x[1], x[2], x[3]))?;
        }
    }

    proptest! {
        // 120 permutations per case.
        #![proptest_config(config(CASES / 8))]

        #[test]
        fn insphere(p in strategies::any_insphere::<f64>()) {
            let s = check_insphere(&p)?;
            all_perms(&p, s, |x| isect::insphere(x[0], x[1], x[2], x[3], x[4]))?;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Invariance under exact transforms
// ---------------------------------------------------------------------------------------

mod transforms {
    use super::*;

    /// A signed permutation of the axes: `x'[i] = sign[i] · x[perm[i]]` (always exact).
    /// Returns the transform and its determinant's sign.
    fn signed_axes<const D: usize>(
        perm_idx: usize,
        signs: u8,
    ) -> (impl Fn([f64; D]) -> [f64; D], Sign) {
        let perm = nth_perm(D, perm_idx);
        let neg: [bool; D] = std::array::from_fn(|i| signs >> i & 1 == 1);
        let det = neg
            .iter()
            .fold(parity(&perm), |s, &n| if n { -s } else { s });
        let f = move |p: [f64; D]| -> [f64; D] {
            std::array::from_fn(|i| if neg[i] { -p[perm[i]] } else { p[perm[i]] })
        };
        (f, det)
    }

    /// `k` with `2^k` scaling exact on the case, spread over the allowed range by `u`.
    fn exact_k<const D: usize, const N: usize>(p: &[[f64; D]; N], u: f64) -> i32 {
        match exact_scale_range::<f64>(p.iter().flatten().copied()) {
            Some((lo, hi)) => lo + ((hi - lo + 1) as f64 * u) as i32,
            None => 0,
        }
    }

    /// A translation that is exact on every point by construction: on each axis a
    /// multiple `m · 2^l` of the lowest bit `2^l` present on that axis, small enough that
    /// every sum still fits in 53 bits. `None` when it would overflow.
    fn exact_translation<const D: usize, const N: usize>(
        p: &[[f64; D]; N],
        m: &[i64; D],
    ) -> Option<[[f64; D]; N]> {
        let mut t = [0.0f64; D];
        for j in 0..D {
            let spans: Vec<(i32, i32)> = p.iter().filter_map(|x| bit_span(x[j])).collect();
            let (l, h) = spans
                .iter()
                .fold((i32::MAX, i32::MIN), |(l, h), &(a, b)| (l.min(a), h.max(b)));
            let (l, span) = if spans.is_empty() { (0, 0) } else { (l, h - l) };
            if span > 51 {
                continue;
            }
            let room = 51 - span; // |m| < 2^room
            let mj = m[j] % (1i64 << room.min(40));
            t[j] = mul_pow2_f64(mj as f64, l);
        }
        let out: [[f64; D]; N] = std::array::from_fn(|i| std::array::from_fn(|j| p[i][j] + t[j]));
        // Verify exactness independently with rationals.
        for i in 0..N {
            for j in 0..D {
                if !out[i][j].is_finite() {
                    return None;
                }
                assert_eq!(
                    out[i][j].q(),
                    p[i][j].q() + t[j].q(),
                    "translation by {t:?} was meant to be exact on {p:?}"
                );
            }
        }
        Some(out)
    }

    macro_rules! transform_test {
        ($name:ident, $strategy:expr, $pred:ident, $check:ident, $D:literal, $N:literal,
         [$($i:literal),*], $neg_scale_flips:expr, $axis_scaling_invariant:expr) => {
            proptest! {
                #![proptest_config(config(CASES / 2))]

                #[test]
                fn $name(
                    p in $strategy,
                    perm_idx in 0usize..6,
                    signs in any::<u8>(),
                    u in 0.0f64..1.0,
                    negate in any::<bool>(),
                    m in proptest::array::uniform::<_, $D>(-(1i64 << 40)..(1i64 << 40)),
                    us in proptest::array::uniform::<_, $D>(0.0f64..1.0),
                ) {
                    let s = $check(&p)?;
                    let eval = |x: &[[f64; $D]; $N]| isect::$pred($(x[$i]),*);

                    // Signed permutations of the axes: sign × det(M).
                    let (f, det) = signed_axes::<$D>(perm_idx, signs);
                    let moved = p.map(&f);
                    prop_assert_eq!(eval(&moved), s * det, "axes {:?} {} on {:?}", perm_idx, signs, p);

                    // Exact scaling by ±2^k.
                    let k = exact_k(&p, u);
                    let sign = if negate { -1.0 } else { 1.0 };
                    let scaled = map_pts(&p, |x| mul_pow2_f64(sign * x, k));
                    for (a, b) in scaled.iter().flatten().zip(p.iter().flatten()) {
                        prop_assert_eq!(a.q(), b.q() * q_pow2(k) * Q::from_float(sign).unwrap());
                    }
                    let want = if negate && $neg_scale_flips { -s } else { s };
                    prop_assert_eq!(eval(&scaled), want, "scaled by {}·2^{} {:?}", sign, k, p);

                    // orient2d/orient3d: exact scaling of each axis by its own power of two
                    // multiplies the determinant by a positive factor.
                    if $axis_scaling_invariant {
                        let mut stretched = p;
                        for j in 0..$D {
                            let col = p.iter().map(|q| q[j]);
                            let kj = match exact_scale_range::<f64>(col) {
                                Some((lo, hi)) => lo + ((hi - lo + 1) as f64 * us[j]) as i32,
                                None => 0,
                            };
                            for q in stretched.iter_mut() {
                                let y = mul_pow2_f64(q[j], kj);
                                prop_assert_eq!(y.q(), q[j].q() * q_pow2(kj));
                                q[j] = y;
                            }
                        }
                        prop_assert_eq!(eval(&stretched), s, "axes stretched {:?} -> {:?}", p, stretched);
                    }

                    // Exact translations.
                    if let Some(t) = exact_translation(&p, &m) {
                        prop_assert_eq!(eval(&t), s, "translated {:?} -> {:?}", p, t);
                    }
                }
            }
        };
    }

    transform_test!(
        orient2d,
        strategies::any_orient2d::<f64>(),
        orient2d,
        check_orient2d,
        2,
        3,
        [0, 1, 2],
        false,
        true
    );
    transform_test!(
        orient3d,
        strategies::any_orient3d::<f64>(),
        orient3d,
        check_orient3d,
        3,
        4,
        [0, 1, 2, 3],
        true,
        true
    );
    transform_test!(
        incircle,
        strategies::any_incircle::<f64>(),
        incircle,
        check_incircle,
        2,
        4,
        [0, 1, 2, 3],
        false,
        false
    );
    transform_test!(
        insphere,
        strategies::any_insphere::<f64>(),
        insphere,
        check_insphere,
        3,
        5,
        [0, 1, 2, 3, 4],
        true,
        false
    );
}
