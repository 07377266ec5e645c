//! The checks shared by the property tests: every entry point of one predicate (by value,
//! by reference, `try_`) on one input, against the oracle.

use isect::Sign;
use isect_testkit::Q;
use isect_testkit::float::Fl;
use isect_testkit::predicates as oracle;
use proptest::prelude::*;

/// Compares every entry point of `isect` for one float case with the oracle; returns the
/// oracle's sign.
macro_rules! float_check {
    ($name:ident, $pred:ident, $try_pred:ident, $D:literal, $N:literal, [$($i:literal),*]) => {
        pub fn $name<F: Fl>(p: &[[F; $D]; $N]) -> Result<Sign, TestCaseError> {
            let want = oracle::$pred(p);
            let got = isect::$pred($(p[$i]),*);
            prop_assert_eq!(
                got, want,
                "{}::{} disagrees with the oracle on {:?}", F::NAME, stringify!($pred), p
            );
            let by_ref = isect::$pred($(&p[$i]),*);
            prop_assert_eq!(by_ref, want, "by-reference call differs on {:?}", p);
            let tried = isect::$try_pred($(p[$i]),*);
            prop_assert_eq!(tried, Ok(want), "{} differs on {:?}", stringify!($try_pred), p);
            Ok(want)
        }
    };
}
float_check!(check_orient2d, orient2d, try_orient2d, 2, 3, [0, 1, 2]);
float_check!(check_orient3d, orient3d, try_orient3d, 3, 4, [0, 1, 2, 3]);
float_check!(check_incircle, incircle, try_incircle, 2, 4, [0, 1, 2, 3]);
float_check!(
    check_insphere,
    insphere,
    try_insphere,
    3,
    5,
    [0, 1, 2, 3, 4]
);

/// Compares `isect` on `BigRational` points with the oracle.
macro_rules! rational_check {
    ($name:ident, $pred:ident, $oracle:ident, $D:literal, $N:literal, [$($i:literal),*]) => {
        pub fn $name(p: &[[Q; $D]; $N]) -> Result<Sign, TestCaseError> {
            let want = oracle::$oracle(p);
            let got = isect::$pred($(&p[$i]),*);
            prop_assert_eq!(got, want, "BigRational {} disagrees with the oracle on {:?}",
                stringify!($pred), p);
            let by_value = isect::$pred($(p[$i].clone()),*);
            prop_assert_eq!(by_value, want);
            Ok(want)
        }
    };
}
rational_check!(check_orient2d_q, orient2d, orient2d_q, 2, 3, [0, 1, 2]);
rational_check!(check_orient3d_q, orient3d, orient3d_q, 3, 4, [0, 1, 2, 3]);
rational_check!(check_incircle_q, incircle, incircle_q, 2, 4, [0, 1, 2, 3]);
rational_check!(
    check_insphere_q,
    insphere,
    insphere_q,
    3,
    5,
    [0, 1, 2, 3, 4]
);
