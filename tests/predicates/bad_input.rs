//! Non-finite input: the plain predicates never panic and answer `Zero`; the `try_` forms
//! name the first offending coordinate (argument, axis, kind) and answer `Ok` for finite
//! input. Every position and every kind of non-finite value is tried, for f64 and f32.

use isect::{InputError, NonFiniteValue, Sign};
use isect_testkit::float::Fl;
use isect_testkit::{Rng, RngExt, config};
use proptest::prelude::*;

use crate::check::{check_incircle, check_insphere, check_orient2d, check_orient3d};

/// Non-finite f64 values and the kind an error must report for each.
fn bad_f64() -> Vec<(f64, NonFiniteValue)> {
    vec![
        (f64::NAN, NonFiniteValue::NaN),
        (-f64::NAN, NonFiniteValue::NaN),
        // A signalling NaN with the lowest payload bit, and a negative quiet one.
        (f64::from_bits(0x7ff0_0000_0000_0001), NonFiniteValue::NaN),
        (f64::from_bits(0xfff8_0000_0000_0123), NonFiniteValue::NaN),
        (f64::INFINITY, NonFiniteValue::PosInfinity),
        (f64::NEG_INFINITY, NonFiniteValue::NegInfinity),
    ]
}

fn bad_f32() -> Vec<(f32, NonFiniteValue)> {
    vec![
        (f32::NAN, NonFiniteValue::NaN),
        (-f32::NAN, NonFiniteValue::NaN),
        (f32::from_bits(0x7f80_0001), NonFiniteValue::NaN),
        (f32::INFINITY, NonFiniteValue::PosInfinity),
        (f32::NEG_INFINITY, NonFiniteValue::NegInfinity),
    ]
}

/// Finite base configurations: a generic one (nonzero answers), a degenerate one, and
/// one at the ends of the range. Non-finite values are written over single coordinates.
fn bases<const D: usize, const N: usize>() -> Vec<[[f64; D]; N]> {
    let mut rng = Rng::new(0xBAD1);
    let generic: [[f64; D]; N] = std::array::from_fn(|_| std::array::from_fn(|_| rng.signed()));
    let zeros = [[0.0; D]; N];
    let extreme: [[f64; D]; N] = std::array::from_fn(|i| {
        std::array::from_fn(|j| match (i + j) % 4 {
            0 => f64::MAX,
            1 => -5e-324,
            2 => f64::MIN_POSITIVE,
            _ => -1e300,
        })
    });
    vec![generic, zeros, extreme]
}

/// `x` rounded to `F`, with overflow clamped to `±F::MAX` (keeps the bases finite in f32).
fn saturate<F: Fl>(x: f64) -> F {
    let y = F::from_f64(x);
    if y.is_fin() {
        y
    } else if x > 0.0 {
        F::MAX
    } else {
        -F::MAX
    }
}

/// Calls a predicate on `N` points of dimension `D` (both plain and `try_`, by value and by
/// reference) and checks the outcome for non-finite input at (point, axis) positions
/// `bad`, the first of which (in argument order, then axis order) must be reported.
macro_rules! check_bad {
    ($pts:expr, $name:literal, $pred:ident, $try_pred:ident, [$($i:literal),*], $first:expr) => {{
        let p = $pts;
        assert_eq!(isect::$pred($(p[$i]),*), Sign::Zero, "{} on {:?}", $name, p);
        assert_eq!(isect::$pred($(&p[$i]),*), Sign::Zero, "{} by ref on {:?}", $name, p);
        let (point, axis, value) = $first;
        let want = Err(InputError::NonFinite {
            argument: point,
            what: "point",
            index: None,
            axis: Some(axis),
            value,
        });
        assert_eq!(isect::$try_pred($(p[$i]),*), want, "{:?}", p);
        assert_eq!(isect::$try_pred($(&p[$i]),*), want, "{:?}", p);
    }};
}

/// Every predicate, every (point, axis) position, every kind, on every base; then every
/// ordered pair of positions (the first in argument order must be reported).
macro_rules! every_position {
    ($test:ident, $F:ty, $bad:ident, $D:literal, $N:literal, $name:literal, $pred:ident,
     $try_pred:ident, [$($i:literal),*]) => {
        #[test]
        fn $test() {
            let mut calls = 0;
            for base in bases::<$D, $N>() {
                let base: [[$F; $D]; $N] = base.map(|q| q.map(saturate::<$F>));
                // Finite base: Ok, equal to the plain call.
                assert_eq!(isect::$try_pred($(base[$i]),*), Ok(isect::$pred($(base[$i]),*)));
                for (v, kind) in $bad() {
                    for point in 0..$N {
                        for axis in 0..$D {
                            let mut p = base;
                            p[point][axis] = v;
                            check_bad!(p, $name, $pred, $try_pred, [$($i),*], (point, axis, kind));
                            calls += 1;
                        }
                    }
                }
                // Two non-finite coordinates of different kinds: the earlier one is named.
                let bad = $bad();
                for first in 0..$N * $D {
                    for second in first + 1..$N * $D {
                        for (k1, k2) in [(0, bad.len() - 1), (bad.len() - 1, 0), (4, 1)] {
                            let (v1, kind1) = bad[k1];
                            let (v2, _) = bad[k2];
                            let mut p = base;
                            p[first / $D][first % $D] = v1;
                            p[second / $D][second % $D] = v2;
                            check_bad!(p, $name, $pred, $try_pred, [$($i),*],
                                (first / $D, first % $D, kind1));
                            calls += 1;
                        }
                    }
                }
                // Everything non-finite.
                for (v, kind) in $bad() {
                    let p = [[v; $D]; $N];
                    check_bad!(p, $name, $pred, $try_pred, [$($i),*], (0, 0, kind));
                }
            }
            assert!(calls > 100);
        }
    };
}

every_position!(
    orient2d_f64,
    f64,
    bad_f64,
    2,
    3,
    "orient2d",
    orient2d,
    try_orient2d,
    [0, 1, 2]
);
every_position!(
    orient3d_f64,
    f64,
    bad_f64,
    3,
    4,
    "orient3d",
    orient3d,
    try_orient3d,
    [0, 1, 2, 3]
);
every_position!(
    incircle_f64,
    f64,
    bad_f64,
    2,
    4,
    "incircle",
    incircle,
    try_incircle,
    [0, 1, 2, 3]
);
every_position!(
    insphere_f64,
    f64,
    bad_f64,
    3,
    5,
    "insphere",
    insphere,
    try_insphere,
    [0, 1, 2, 3, 4]
);
every_position!(
    orient2d_f32,
    f32,
    bad_f32,
    2,
    3,
    "orient2d",
    orient2d,
    try_orient2d,
    [0, 1, 2]
);
every_position!(
    orient3d_f32,
    f32,
    bad_f32,
    3,
    4,
    "orient3d",
    orient3d,
    try_orient3d,
    [0, 1, 2, 3]
);
every_position!(
    incircle_f32,
    f32,
    bad_f32,
    2,
    4,
    "incircle",
    incircle,
    try_incircle,
    [0, 1, 2, 3]
);
every_position!(
    insphere_f32,
    f32,
    bad_f32,
    3,
    5,
    "insphere",
    insphere,
    try_insphere,
    [0, 1, 2, 3, 4]
);

#[test]
fn error_messages_name_argument_axis_and_kind() {
    // Expected strings written by hand from the documented format
    // "argument {n} (point): the {x|y|z} coordinate is {kind}" (arguments counted from 1).
    let e = isect::try_orient2d([0.0, 0.0], [1.0, f64::NAN], [0.0, 1.0]).unwrap_err();
    assert_eq!(e.to_string(), "argument 2 (point): the y coordinate is NaN");
    let e =
        isect::try_orient3d([0.0; 3], [0.0; 3], [0.0; 3], [0.0, 0.0, f64::INFINITY]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "argument 4 (point): the z coordinate is +infinity"
    );
    let e =
        isect::try_incircle([0.0; 2], [0.0; 2], [f64::NEG_INFINITY, 0.0], [0.0; 2]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "argument 3 (point): the x coordinate is -infinity"
    );
    let e = isect::try_insphere(
        [0.0f32; 3],
        [0.0; 3],
        [0.0; 3],
        [0.0; 3],
        [0.0, f32::NAN, 0.0],
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "argument 5 (point): the y coordinate is NaN");
    // It is a std error.
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert!(boxed.to_string().starts_with("argument 5 (point):"));
}

#[test]
fn rationals_never_error() {
    use num_rational::BigRational as Q;
    let q = |x: i64| Q::from_integer(x.into());
    let a = [q(0), q(0)];
    let b = [q(1), q(0)];
    let c = [q(0), q(1)];
    assert_eq!(isect::try_orient2d(&a, &b, &c), Ok(Sign::Positive));
    let d = [q(1), q(1)];
    assert_eq!(isect::try_incircle(&a, &b, &c, &d), Ok(Sign::Zero));
    let z = [q(0), q(0), q(0)];
    let x = [q(1), q(0), q(0)];
    let y = [q(0), q(1), q(0)];
    let w = [q(0), q(0), q(-1)];
    assert_eq!(isect::try_orient3d(&z, &x, &y, &w), Ok(Sign::Positive));
    assert_eq!(isect::try_insphere(&z, &x, &y, &w, &z), Ok(Sign::Zero));
}

/// Any bit pattern, with non-finite values and boundary values over-represented.
fn coord_any() -> BoxedStrategy<f64> {
    prop_oneof![
        4 => any::<u64>().prop_map(f64::from_bits),
        2 => proptest::sample::select(f64::specials()),
        1 => proptest::sample::select(bad_f64().into_iter().map(|(v, _)| v).collect::<Vec<_>>()),
        1 => -2.0f64..2.0,
    ]
    .boxed()
}

/// The first non-finite coordinate in (point, axis) order.
fn first_bad<const D: usize, const N: usize>(
    p: &[[f64; D]; N],
) -> Option<(usize, usize, NonFiniteValue)> {
    (0..N)
        .flat_map(|i| (0..D).map(move |j| (i, j)))
        .find(|&(i, j)| !p[i][j].is_finite())
        .map(|(i, j)| (i, j, NonFiniteValue::from(p[i][j])))
}

macro_rules! any_bits {
    ($test:ident, $D:literal, $N:literal, $name:literal, $pred:ident, $try_pred:ident,
     $check:ident, [$($i:literal),*]) => {
        proptest! {
            #![proptest_config(config(4096))]
            #[test]
            fn $test(p in proptest::array::uniform::<_, $N>(proptest::array::uniform::<_, $D>(coord_any()))) {
                let plain = isect::$pred($(p[$i]),*);
                match first_bad(&p) {
                    Some((point, axis, value)) => {
                        prop_assert_eq!(plain, Sign::Zero);
                        prop_assert_eq!(
                            isect::$try_pred($(p[$i]),*),
                            Err(InputError::NonFinite {
                                argument: point,
                                what: "point",
                                index: None,
                                axis: Some(axis),
                                value,
                            }),
                            "{} on {:?}",
                            $name,
                            p
                        );
                    }
                    None => {
                        $check(&p)?;
                    }
                }
            }
        }
    };
}

any_bits!(
    orient2d_any_bits,
    2,
    3,
    "orient2d",
    orient2d,
    try_orient2d,
    check_orient2d,
    [0, 1, 2]
);
any_bits!(
    orient3d_any_bits,
    3,
    4,
    "orient3d",
    orient3d,
    try_orient3d,
    check_orient3d,
    [0, 1, 2, 3]
);
any_bits!(
    incircle_any_bits,
    2,
    4,
    "incircle",
    incircle,
    try_incircle,
    check_incircle,
    [0, 1, 2, 3]
);
any_bits!(
    insphere_any_bits,
    3,
    5,
    "insphere",
    insphere,
    try_insphere,
    check_insphere,
    [0, 1, 2, 3, 4]
);

#[test]
fn f32_nan_from_arithmetic() {
    // NaN produced by arithmetic (0/0, inf − inf) rather than the constant.
    let zero = std::hint::black_box(0.0f32);
    let nan = zero / zero;
    let inf = 1.0 / zero;
    let nan2 = inf - inf;
    assert!(nan.is_nan() && nan2.is_nan());
    assert_eq!(
        isect::orient2d([nan, 0.0], [1.0, 0.0], [0.0, 1.0]),
        Sign::Zero
    );
    assert_eq!(
        isect::try_incircle([0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [nan2, inf]),
        Err(InputError::NonFinite {
            argument: 3,
            what: "point",
            index: None,
            axis: Some(0),
            value: NonFiniteValue::NaN
        })
    );
}
