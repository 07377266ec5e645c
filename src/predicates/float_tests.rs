//! Internal cross-checks of the stages of the `f64` kernel against the big-integer
//! fallback (itself checked against an independent rational oracle in `tests/`), and the
//! test that recomputes every filter constant in rational arithmetic. Its helpers
//! ([`round_up`], [`gamma`], [`coefficient`]) serve the constant checks of other filters.

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::float::{
    IC_A, IS_A, IS_FLOOR, IS_S, O2_A, O2_B_INV, O2_WINDOW, O3_B_INV, O3_K, O3_XY_FLOOR, O3_Z_FLOOR,
    TAU, TAU2, incircle, insphere, insphere_det_maxima, o3_bound, orient2d, orient3d,
};
use super::float_slow::{
    Fit, INCIRCLE_MONOMIALS, INSPHERE_MONOMIALS, O3_GRID_BITS, classify, coordinates_on_grid,
    exponent_range, float_evaluation_is_exact, scale,
};
use super::{bigint, exact};
use crate::oracle::Rng;

/// Unit roundoff of binary64, `u = 2^-53` (the constants test derives everything from it).
pub(crate) const U: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Uniform in `[-1, 1)`.
fn unit(rng: &mut Rng) -> f64 {
    rng.uniform(-1.0, 1.0)
}

/// A coordinate of a random family: uniform, small integer, or m·2^e anywhere.
fn coord(rng: &mut Rng, family: u64) -> f64 {
    match family {
        0 => unit(rng),
        1 => (rng.below(9) as f64) - 4.0,
        2 => {
            let m = rng.next_f64() + 0.5;
            let e = rng.below(2098) as i32 - 1074;
            let x = scale(m, e);
            if rng.next_u64() & 1 == 1 { -x } else { x }
        }
        4 => {
            // Full significands spread over 2^-100 … 2^100: inside orient3d's window,
            // wider than the seven binades stage I takes.
            let x = scale(rng.next_f64() + 0.5, rng.below(201) as i32 - 100);
            if rng.next_u64() & 1 == 1 { -x } else { x }
        }
        _ => {
            let e = [-1074, -1000, -300, 0, 300, 1000, 1023][rng.below(7)];
            scale(1.0 + rng.below(4) as f64 * 0.25, e.min(1022)) * unit(rng).signum()
        }
    }
}

fn scale_all<const D: usize>(p: [f64; D], s: i32) -> [f64; D] {
    p.map(|x| scale(x, s))
}

#[test]
fn stages_agree_with_the_fallback() {
    let mut rng = Rng::new(7);
    for i in 0..20_000 {
        let fam = i % 4;
        let mut p2 = [[0.0; 2]; 4];
        let mut p3 = [[0.0; 3]; 5];
        for p in &mut p2 {
            *p = [coord(&mut rng, fam), coord(&mut rng, fam)];
        }
        for p in &mut p3 {
            *p = [
                coord(&mut rng, fam),
                coord(&mut rng, fam),
                coord(&mut rng, fam),
            ];
        }
        // Near-degenerate: last point on the segment / plane through the others, rounded.
        if i % 3 == 0 {
            let t = unit(&mut rng);
            p2[2] = [
                p2[0][0] + t * (p2[1][0] - p2[0][0]),
                p2[0][1] + t * (p2[1][1] - p2[0][1]),
            ];
            let (s, t) = (unit(&mut rng), unit(&mut rng));
            let [p0, p1, p2] = [p3[0], p3[1], p3[2]];
            p3[3] = [0, 1, 2].map(|k| p0[k] + s * (p1[k] - p0[k]) + t * (p2[k] - p0[k]));
        }
        // Near-cocircular / near-cospherical: rounded points on a circle / sphere.
        if i % 3 == 1 {
            let (cx, cy, cz) = (unit(&mut rng), unit(&mut rng), unit(&mut rng));
            let r = 0.1 + unit(&mut rng).abs();
            for p in &mut p2 {
                let t = unit(&mut rng) * 3.2;
                *p = [cx + r * t.cos(), cy + r * t.sin()];
            }
            for p in &mut p3 {
                let (x, y, z) = (unit(&mut rng), unit(&mut rng), unit(&mut rng));
                let n = (x * x + y * y + z * z).sqrt().max(1e-3);
                *p = [cx + r * x / n, cy + r * y / n, cz + r * z / n];
            }
        }
        if i % 5 == 0 {
            let s = rng.below(600) as i32 - 300;
            p2 = p2.map(|p| scale_all(p, s));
            p3 = p3.map(|p| scale_all(p, s));
        }
        if !p2
            .iter()
            .flatten()
            .chain(p3.iter().flatten())
            .all(|x| x.is_finite())
        {
            continue;
        }
        let [a, b, c, d] = &p2;
        assert_eq!(orient2d(a, b, c), bigint::orient2d(a, b, c), "{p2:?}");
        assert_eq!(incircle(a, b, c, d), bigint::incircle(a, b, c, d), "{p2:?}");
        let [a, b, c, d, e] = &p3;
        assert_eq!(orient3d(a, b, c, d), bigint::orient3d(a, b, c, d), "{p3:?}");
        assert_eq!(
            insphere(a, b, c, d, e),
            bigint::insphere(a, b, c, d, e),
            "{p3:?}"
        );
    }
}

#[test]
fn monomial_tables_match_the_determinant_formulas() {
    let mut rng = Rng::new(11);
    for _ in 0..50 {
        let r = |rng: &mut Rng| BigRational::from_integer(((rng.below(41) as i64) - 20).into());
        let p2: Vec<[BigRational; 2]> = (0..4).map(|_| [r(&mut rng), r(&mut rng)]).collect();
        let h: Vec<BigRational> = (0..3)
            .flat_map(|i| (0..2).map(move |k| (i, k)))
            .map(|(i, k)| p2[i][k].clone() - p2[3][k].clone())
            .collect();
        let from_table = |h: &[BigRational], monos: &[(f64, Vec<usize>)]| {
            monos.iter().fold(BigRational::zero(), |acc, (s, f)| {
                let m = f.iter().fold(BigRational::one(), |m, &j| m * h[j].clone());
                if *s > 0.0 { acc + m } else { acc - m }
            })
        };
        let ic: Vec<(f64, Vec<usize>)> = INCIRCLE_MONOMIALS
            .iter()
            .map(|(s, f)| (*s, f.to_vec()))
            .collect();
        assert_eq!(
            from_table(&h, &ic),
            exact::incircle(&p2[0], &p2[1], &p2[2], &p2[3])
        );
        let p3: Vec<[BigRational; 3]> = (0..5)
            .map(|_| [r(&mut rng), r(&mut rng), r(&mut rng)])
            .collect();
        let h: Vec<BigRational> = (0..4)
            .flat_map(|i| (0..3).map(move |k| (i, k)))
            .map(|(i, k)| p3[i][k].clone() - p3[4][k].clone())
            .collect();
        let is: Vec<(f64, Vec<usize>)> = INSPHERE_MONOMIALS
            .iter()
            .map(|(s, f)| (*s, f.to_vec()))
            .collect();
        assert_eq!(
            from_table(&h, &is),
            exact::insphere(&p3[0], &p3[1], &p3[2], &p3[3], &p3[4])
        );
    }
}

/// Integer grids of every width around the threshold of `float_evaluation_is_exact`,
/// with extreme values (±2^bits) and exactly degenerate configurations, against the
/// big-integer evaluation.
#[test]
fn plain_evaluation_shortcut_at_its_threshold() {
    let mut rng = Rng::new(99);
    for bits in 1..=24 {
        let top = 1u64 << bits;
        for _ in 0..400 {
            let g = |rng: &mut Rng| -> f64 {
                let v = match rng.below(4) {
                    0 => top as f64,
                    1 => -(top as f64),
                    _ => rng.below((2 * top + 1) as usize) as f64 - top as f64,
                };
                v * scale(1.0, rng.below(3) as i32 - 1) // dyadic: halves and doubles
            };
            let p3: [[f64; 3]; 5] =
                core::array::from_fn(|_| [g(&mut rng), g(&mut rng), g(&mut rng)]);
            let p2: [[f64; 2]; 4] = core::array::from_fn(|_| [g(&mut rng), g(&mut rng)]);
            // an exactly coplanar fourth point: integer combination
            let (s, t) = (rng.below(5) as f64 - 2.0, rng.below(5) as f64 - 2.0);
            let d =
                [0, 1, 2].map(|k| p3[0][k] + s * (p3[1][k] - p3[0][k]) + t * (p3[2][k] - p3[0][k]));
            let [a, b, c, e, f] = &p3;
            assert_eq!(orient3d(a, b, c, &d), bigint::orient3d(a, b, c, &d));
            assert_eq!(orient3d(a, b, c, e), bigint::orient3d(a, b, c, e));
            assert_eq!(insphere(a, b, c, e, f), bigint::insphere(a, b, c, e, f));
            let [a, b, c, d] = &p2;
            assert_eq!(incircle(a, b, c, d), bigint::incircle(a, b, c, d));
            // Cocircular: (±3, ±4)·m and (±5, 0)·m around an integer centre.
            let m = g(&mut rng).abs().max(1.0);
            let (cx, cy) = (g(&mut rng), g(&mut rng));
            let on = [[3.0, 4.0], [-4.0, 3.0], [5.0, 0.0], [0.0, -5.0]]
                .map(|[x, y]| [cx + x * m, cy + y * m]);
            let [a, b, c, d] = &on;
            assert_eq!(incircle(a, b, c, d), bigint::incircle(a, b, c, d));
            // Rows in arithmetic progression, large and nearly parallel: the
            // determinant is exactly zero while its monomials are near 2^(3·bits), so a
            // plain evaluation that rounds shows up as a nonzero sign.
            let x = (rng.below(top as usize) | 1) as f64 + top as f64;
            let (u, v) = (rng.below(7) as f64 + 1.0, rng.below(7) as f64 + 1.0);
            let row = |i: f64| [x + i * u, x + i * v + 1.0, x + 2.0 * i];
            let (a, b, c, o) = (row(1.0), row(2.0), row(3.0), [0.0; 3]);
            assert_eq!(orient3d(&a, &b, &c, &o), bigint::orient3d(&a, &b, &c, &o));
            let (a2, b2, c2) = (
                [x, x + u],
                [2.0 * x, 2.0 * (x + u)],
                [3.0 * x, 3.0 * (x + u)],
            );
            assert_eq!(orient2d(&a2, &b2, &c2), bigint::orient2d(&a2, &b2, &c2));
        }
    }
}

/// `float_evaluation_is_exact` against its definition, `degree·(E + 1 − K) + log2_terms ≤
/// 53` with `2^E ≤ max|x| < 2^(E+1)` and `2^K` the coarsest power of two dividing every
/// value (`exponent_range`): values of every bit width around each predicate's threshold,
/// odd and even, shifted together across the windows' exponent range, with zeros.
/// `n` values `±m·2^(shift + c)` with `m < 2^bits` (zero a fifth of the time; the first
/// value `2^bits − 1` a fifth of the time, which sets both the largest exponent and the
/// finest granularity) and `c ∈ {0, 1, 2}` now and then (a coarser grid); the exponent is
/// clamped to the doubles' range.
fn grid_values(rng: &mut Rng, n: usize, bits: i32, shift: i32) -> Vec<f64> {
    (0..n)
        .map(|i| {
            let m = match rng.below(5) {
                0 => 0,
                1 if i == 0 => (1u64 << bits) - 1,
                _ => rng.below(1 << bits) as u64,
            };
            let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            let coarse = if rng.below(3) == 0 {
                rng.below(3) as i32
            } else {
                0
            };
            sign * scale(m as f64, (shift + coarse).clamp(-1074, 900))
        })
        .collect()
}

#[test]
fn plain_evaluation_check_matches_its_definition() {
    let mut rng = Rng::new(7);
    for (degree, log2_terms) in [(2, 1), (3, 3), (4, 4), (5, 7)] {
        let width = (53 - log2_terms) / degree;
        for _ in 0..4000 {
            let n = 1 + rng.below(9);
            let bits = width - 2 + rng.below(5) as i32; // width − 2 ..= width + 2
            let shift = rng.below(801) as i32 - 400;
            let h = grid_values(&mut rng, n, bits, shift);
            let expected = match exponent_range(h.iter().copied()) {
                None => true,
                Some((hi, lo)) => degree * (hi + 1 - lo) + log2_terms <= 53,
            };
            assert_eq!(
                float_evaluation_is_exact(&h, degree, log2_terms),
                expected,
                "{h:?}, degree {degree}"
            );
        }
    }
}

/// `coordinates_on_grid` against its definition (every value finite, the largest
/// magnitude's exponent `e` in `−300..=300`, every value a multiple of `2^(e+1−w)`),
/// computed from exact exponents and trailing zeros. The values straddle the width,
/// the exponent limits, and a tiny non-zero value whose scaled image underflows to zero
/// beside large ones (rounded back to zero, it must not pass for a multiple).
#[test]
fn coordinate_grid_check_matches_its_definition() {
    let mut rng = Rng::new(11);
    let mut counts = [0usize; 2];
    for case in 0..40_000 {
        let w: i32 = [15, 15, 15, 8, 20][rng.below(5)];
        let n = 1 + rng.below(12);
        let bits = w - 2 + rng.below(5) as i32; // w − 2 ..= w + 2
        // Around both exponent limits and in between.
        let shift = match rng.below(4) {
            0 => rng.below(41) as i32 - 320 - bits,
            1 => rng.below(41) as i32 + 280 - bits,
            _ => rng.below(1401) as i32 - 700,
        };
        let mut v = grid_values(&mut rng, n, bits, shift);
        match case % 16 {
            // A tiny value beside large ones: x·2^(w−1−e) underflows to zero.
            0 => v.push([f64::from_bits(1), 1e-310, 1e-300][rng.below(3)]),
            1 => v.push([f64::NAN, f64::INFINITY, -f64::INFINITY][rng.below(3)]),
            _ => {}
        }
        let expected = v.iter().all(|x| x.is_finite())
            && match exponent_range(v.iter().copied()) {
                None => false,
                Some((hi, lo)) => (-300..=300).contains(&hi) && hi + 1 - lo <= w,
            };
        counts[usize::from(expected)] += 1;
        assert_eq!(coordinates_on_grid(&v, w), expected, "{v:?}, width {w}");
    }
    // Both answers are common, so neither side of the test is vacuous.
    assert!(counts.iter().all(|&c| c > 5_000), "{counts:?}");
}

/// The width of orient3d's grid shortcut keeps the plain evaluation exact: on integer
/// coordinates below `2^O3_GRID_BITS` (the shortcut's grid scaled to units), mostly at
/// the extremes of that range where the products are largest, `exact.rs`'s formula in
/// `f64` equals the determinant computed in rationals by the cofactor expansion along
/// the first column. Two bits wider, the same generator finds inexact evaluations, so the
/// test would catch a width the proof does not cover.
#[test]
fn orient3d_grid_width_keeps_the_plain_evaluation_exact() {
    let mut rng = Rng::new(2027);
    let mut inexact_wider = 0;
    for case in 0..20_000 {
        let w = if case % 4 == 3 {
            O3_GRID_BITS + 2
        } else {
            O3_GRID_BITS
        };
        let top = (1i64 << w) - 1;
        let mut value = || {
            let v = match rng.below(8) {
                0..4 => top - rng.below(4) as i64,
                4 | 5 => top - rng.below(1 << 12) as i64,
                _ => rng.below(top as usize + 1) as i64,
            };
            if rng.below(2) == 0 {
                v as f64
            } else {
                -v as f64
            }
        };
        let p: [[f64; 3]; 4] = core::array::from_fn(|_| [value(), value(), value()]);
        let plain = q(exact::orient3d(&p[0], &p[1], &p[2], &p[3]));
        let exact = orient3d_rational(&p);
        if w == O3_GRID_BITS {
            assert_eq!(plain, exact, "{p:?}");
        } else if plain != exact {
            inexact_wider += 1;
        }
    }
    assert!(inexact_wider > 100, "{inexact_wider}");
}

#[test]
fn classify_and_scale() {
    assert_eq!(classify(&[&[0.0, 0.0]], O2_WINDOW), Fit::AllZero);
    assert_eq!(classify(&[&[1.0, 0.5]], O2_WINDOW), Fit::Inside);
    // 2^600 and 1: exponents 600 and 0, granularities 600 and 0: too high for the
    // window (450) but the spread (600) fits its width (940): shift by −490 − 0.
    assert_eq!(
        classify(&[&[scale(1.0, 600), 1.0]], O2_WINDOW),
        Fit::Scaled(-490)
    );
    assert_eq!(
        classify(&[&[scale(1.0, 400), 0.75]], O2_WINDOW),
        Fit::Inside
    );
    // f64::MAX has granularity 2^971 and exponent 1023; 1.0 has granularity 2^0.
    assert_eq!(classify(&[&[f64::MAX, 1.0]], O2_WINDOW), Fit::Outside);
    assert_eq!(classify(&[&[f64::MAX, 1.0]], (1023, -1000)), Fit::Inside);
    assert_eq!(classify(&[&[f64::MAX, 5e-324]], O2_WINDOW), Fit::Outside);
    let tiny = 5e-324;
    assert_eq!(scale(scale(tiny, 1500), -1500), tiny);
    assert_eq!(scale(f64::MAX, -1500), scale(scale(f64::MAX, -1000), -500));
}

/// `x` as a rational (finite `x`).
pub(crate) fn q(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap()
}

/// Higham's `γ_k = k·u/(1 − k·u)` for binary64, exactly: the relative error bound of `k`
/// successive roundings.
pub(crate) fn gamma(k: i32) -> BigRational {
    let kk = BigRational::from_integer(k.into());
    kk.clone() * q(U) / (BigRational::one() - kk * q(U))
}

/// `(1 − u)^e` for binary64, exactly (`e` may be negative).
pub(crate) fn one_minus_u_pow(e: i32) -> BigRational {
    let p = (0..e.unsigned_abs()).fold(BigRational::one(), |acc, _| {
        acc * (BigRational::one() - q(U))
    });
    if e >= 0 { p } else { BigRational::one() / p }
}

/// The exact value of the stage-A coefficient `(γ_k + (1−u)^−n − 1)/(1−u)^(r+2)`.
pub(crate) fn coefficient(n: i32, k: i32, r: i32) -> BigRational {
    (gamma(k) + one_minus_u_pow(-n) - BigRational::one()) / one_minus_u_pow(r + 2)
}

/// The smallest double not below `x`: a filter constant must be its exact value rounded
/// this way.
pub(crate) fn round_up(x: &BigRational) -> f64 {
    let f = num_traits::ToPrimitive::to_f64(x).unwrap();
    if q(f) >= *x {
        let below = f64::from_bits(f.to_bits() - 1);
        assert!(q(below) < *x);
        f
    } else {
        f64::from_bits(f.to_bits() + 1)
    }
}

#[test]
fn filter_constants_are_the_rounded_up_exact_values() {
    // (n: degree, k: roundings per monomial in the determinant, r: in the permanent);
    // the counts are derived in proofs/predicates.md.
    assert_eq!(O2_A, round_up(&coefficient(2, 2, 2)));
    assert_eq!(IC_A, round_up(&coefficient(4, 7, 9)));
    assert_eq!(IS_A, round_up(&coefficient(5, 11, 15)));
    assert_eq!(
        q(U),
        BigRational::new(1.into(), num_bigint::BigInt::one() << 53)
    );
    assert_eq!(
        q(TAU),
        BigRational::new(1.into(), num_bigint::BigInt::one() << 1020)
    );
    assert_eq!(
        q(TAU2),
        BigRational::new(1.into(), num_bigint::BigInt::one() << 1060)
    );
    assert_eq!(
        q(O3_B_INV),
        BigRational::from_integer(num_bigint::BigInt::one() << 99)
    );
    assert_eq!(
        q(O2_B_INV),
        BigRational::from_integer(num_bigint::BigInt::one() << 101)
    );
    assert!(!q(U).is_zero());
}

fn pow2q(k: i32) -> BigRational {
    let p = BigRational::from_integer(num_bigint::BigInt::one() << k.unsigned_abs());
    if k >= 0 { p } else { BigRational::one() / p }
}

/// `ρ̄ = 1.0617 ≥ max over f in [0, 1] of (1 + f)·2^−f = 2/(e·ln 2)`, from lower bounds on
/// `e` and `ln 2` by partial sums of their (positive) series.
fn rho_bar() -> BigRational {
    let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    let mut e = BigRational::zero();
    let mut fact = BigRational::one();
    for k in 0..12 {
        if k > 0 {
            fact *= BigRational::from_integer(k.into());
        }
        e += BigRational::one() / fact.clone();
    }
    let mut ln2 = BigRational::zero();
    for k in 1..40 {
        ln2 += BigRational::one() / (BigRational::from_integer(k.into()) * pow2q(k));
    }
    let rho = r(10617, 10000);
    assert!(rho.clone() * e * ln2 > r(2, 1));
    rho
}

/// The bound of orient3d's stage A, `f64::from_bits(o3_bound(X, Y, Z))`, must exceed
/// `E = c·X·Y·Z + 6(1+u)^4·η·Z + 3(1+u)^2·η` with `c = 6(γ₅ + (1−u)^−3 − 1)`
/// (proofs/predicates.md §1.6). This checks the sufficient condition on the constants
/// exactly, and that the integer sum stays in range.
#[test]
fn orient3d_bit_pattern_bound_constants() {
    let six = BigRational::from_integer(6.into());
    let three = BigRational::from_integer(3.into());
    let c = coefficient(3, 5, -2) * six.clone();
    let u = q(U);
    let one = BigRational::one();
    let eta = pow2q(-1075);
    let rho = rho_bar();
    let (k, t1, t3) = (47, -650, -325);
    assert_eq!(O3_K, ((2046 + k) as u64) << 52);
    assert_eq!(O3_XY_FLOOR, ((2046 + t1) as u64) << 52);
    assert_eq!(O3_Z_FLOOR, ((1023 + t3) as u64) << 52);
    let up4 = (0..4).fold(one.clone(), |acc, _| acc * (one.clone() + u.clone()));
    let up2 = (0..2).fold(one.clone(), |acc, _| acc * (one.clone() + u.clone()));
    let needed = c * rho.clone() * rho.clone() * rho.clone()
        + six * up4 * rho * eta.clone() * pow2q(-t1)
        + three * up2 * eta * pow2q(-(t1 + t3));
    assert!(needed <= pow2q(-k));
    // Smallest value: exactly 2^52 (the bound is at least 2^-1022, a normal number).
    let lo = O3_XY_FLOOR as u128 + O3_Z_FLOOR as u128 - O3_K as u128;
    assert_eq!(lo, 1 << 52);
    // Largest value for finite maxima: below 2^64, so nothing wraps.
    let top = (f64::MAX.to_bits() as u128) * 3 - O3_K as u128;
    assert!(top < 1 << 64);
}

/// The same inequality checked directly on `o3_bound` for maxima of every magnitude,
/// in rational arithmetic: a cross-check of the derivation, independent of `ρ̄`.
#[test]
fn orient3d_bit_pattern_bound_dominates_the_error() {
    let c = coefficient(3, 5, -2) * BigRational::from_integer(6.into());
    let eta = pow2q(-1075);
    let up = BigRational::one() + q(U);
    let up2 = up.clone() * up;
    // The Z-proportional and constant underflow terms: 6(1+u)^4·η·Z and 3(1+u)^2·η.
    let eta_z = BigRational::from_integer(6.into()) * up2.clone() * up2.clone() * eta.clone();
    let eta_0 = BigRational::from_integer(3.into()) * up2 * eta;
    let mut rng = Rng::new(5);
    for i in 0..20_000u64 {
        let mut m = || match (i + rng.below(4) as u64) % 4 {
            0 => 0.0,
            1 => coord(&mut rng, 0).abs(),
            _ => coord(&mut rng, 2).abs(),
        };
        let (x, y, z) = (m(), m(), m());
        let b = o3_bound(x, y, z);
        assert!(b >= 1 << 52);
        if b >= f64::INFINITY.to_bits() {
            continue;
        }
        let w = q(f64::from_bits(b));
        let err = c.clone() * q(x) * q(y) * q(z) + eta_z.clone() * q(z) + eta_0.clone();
        assert!(w >= err, "{x:e} {y:e} {z:e}");
    }
}

/// insphere's semi-static stage A (proofs/predicates.md §1.7): the constants, exactly.
/// `2^-44 ≥ 24·(γ₁₁ + (1−u)^−5 − 1)/(1−u)^6 + 2^-170`, the last term covering the
/// underflow errors relative to the floored bound.
#[test]
fn insphere_semi_static_constants() {
    assert_eq!(q(IS_S), pow2q(-44));
    assert_eq!(q(IS_FLOOR), pow2q(-180));
    let needed = coefficient(5, 11, 4) * BigRational::from_integer(24.into()) + pow2q(-170);
    assert!(needed <= q(IS_S));
}

/// `det[a − e, b − e, c − e, d − e]` with rows `(x, y, z, x² + y² + z²)`, in rationals by
/// cofactor expansion along the lift column: independent of the code under test.
fn insphere_rational(p: &[[f64; 3]; 5]) -> BigRational {
    let v: [[BigRational; 3]; 4] =
        core::array::from_fn(|i| core::array::from_fn(|k| q(p[i][k]) - q(p[4][k])));
    let lift = v
        .each_ref()
        .map(|v| &v[0] * &v[0] + &v[1] * &v[1] + &v[2] * &v[2]);
    let det3 = |[i, j, k]: [usize; 3]| det3_rational([&v[i], &v[j], &v[k]]);
    // Expansion along the lift column (column 3): sign (−1)^(i+3).
    -(&lift[0] * det3([1, 2, 3])) + &lift[1] * det3([0, 2, 3]) - &lift[2] * det3([0, 1, 3])
        + &lift[3] * det3([0, 1, 2])
}

/// Five points of one of insphere's test families: `kind` 0, coordinates of `coord`'s
/// family `fam`; 1, per-axis scales `2^s`, `s` in `{−1074 … 200}` (the floor's edge
/// included); 2, rounded onto the unit sphere around a centre, one time in four with a
/// point equal to `e`; 3, one of `b, c, d` scaled by up to `2^59` and the others pulled
/// towards `e` by the same factor (the largest lift not the first point's).
fn insphere_case(rng: &mut Rng, kind: usize, fam: u64) -> [[f64; 3]; 5] {
    let mut p: [[f64; 3]; 5] = core::array::from_fn(|_| core::array::from_fn(|_| coord(rng, fam)));
    match kind {
        1 => {
            let s = [-1074, -1060, -400, -190, -180, -170, 0, 100, 190, 200];
            let sc: [i32; 3] = core::array::from_fn(|_| s[rng.below(s.len())]);
            for pt in &mut p {
                for k in 0..3 {
                    pt[k] = scale(unit(rng), sc[k]);
                }
            }
        }
        2 => {
            let c: [f64; 3] = core::array::from_fn(|_| unit(rng));
            for pt in &mut p {
                let v: [f64; 3] = core::array::from_fn(|_| unit(rng));
                let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt().max(1e-3);
                *pt = core::array::from_fn(|k| c[k] + v[k] / n);
            }
            if rng.below(4) == 0 {
                p[rng.below(4)] = p[4];
            }
        }
        3 => {
            let far = 1 + rng.below(3);
            let s = rng.below(60) as i32;
            p[far] = scale_all(p[far], s);
            let e = p[4];
            for (k, pt) in p.iter_mut().enumerate().take(4) {
                if k != far {
                    *pt = core::array::from_fn(|c| e[c] + scale(pt[c], -s));
                }
            }
        }
        _ => {}
    }
    p
}

/// The semi-static bound dominates the error of the evaluated determinant, checked in
/// rationals: `|det' − D| < B` whenever `det'` is finite, on random points of every
/// family of `coord`, per-axis magnitudes far apart (one axis near the floor `2^-180`,
/// subnormal, or zero; another near `2^200`, where the bound overflows), points rounded
/// onto a common sphere, and equal points.
#[test]
fn insphere_semi_static_bound_dominates_the_error() {
    let mut rng = Rng::new(44);
    let mut checked = 0;
    for i in 0..6000 {
        let mut p = insphere_case(&mut rng, i % 3, (i as u64 / 3) % 4);
        if i % 3 == 2 {
            // Rounded onto a sphere, scaled by 2^s.
            let s = rng.below(400) as i32 - 200;
            p = p.map(|pt| scale_all(pt, s));
        }
        let (det, bound) = insphere_det_maxima(&p[0], &p[1], &p[2], &p[3], &p[4]);
        if !det.is_finite() || !bound.is_finite() {
            continue;
        }
        let err = num_traits::Signed::abs(&(q(det) - insphere_rational(&p)));
        assert!(err < q(bound), "{p:?}: det {det:e}, bound {bound:e}");
        checked += 1;
    }
    assert!(checked > 4000, "{checked}");
}

/// insphere's chunk bound from the lifts (proofs/predicates.md §8) dominates the error of
/// every row of its chunk, checked in rationals: chunks of 16 rows built as in
/// `insphere_semi_static_bound_dominates_the_error` (every family of `coord`, per-axis
/// magnitudes far apart, points rounded onto a sphere, equal points), in one chunk in five
/// one row in four scaled by its own power of two; the largest lift over every point of
/// every row as the chunk pass takes it; and rows with one of `b, c, d` far from the
/// others, so that the largest lift is not the first point's.
#[test]
fn insphere_lift_bound_dominates_the_error_of_every_row() {
    use super::float::insphere_det_lift;
    use super::float_batch::insphere_lift_bound;
    let mut rng = Rng::new(45);
    let (mut checked, mut certified) = (0, 0);
    for i in 0..800 {
        let rows: Vec<[[f64; 3]; 5]> = (0..16)
            .map(|r| {
                let mut p = insphere_case(&mut rng, i % 4, (i as u64 / 4) % 4);
                if i % 5 == 0 && r % 4 == 0 {
                    let s = rng.below(400) as i32 - 200;
                    p = p.map(|pt| scale_all(pt, s));
                }
                p
            })
            .collect();
        let evals: Vec<(f64, f64)> = rows
            .iter()
            .map(|p| insphere_det_lift(&p[0], &p[1], &p[2], &p[3], &p[4]))
            .collect();
        // The accumulator as the chunk pass keeps it: `v.max(acc)` from 0.
        let lift = evals
            .iter()
            .fold(0.0f64, |acc, &(_, l)| if l > acc { l } else { acc });
        let bound = insphere_lift_bound(lift);
        if !bound.is_finite() {
            continue;
        }
        for (p, &(det, _)) in rows.iter().zip(&evals) {
            if det.is_nan() {
                continue;
            }
            let err = num_traits::Signed::abs(&(q(det) - insphere_rational(p)));
            assert!(
                err < q(bound),
                "{p:?}: det {det:e}, bound {bound:e}, lift {lift:e}"
            );
            checked += 1;
            certified += usize::from(det.abs() > bound);
        }
    }
    assert!(checked > 4000 && certified > 1000, "{checked} {certified}");
}

/// orient3d's and incircle's chunk bounds (proofs/predicates.md §8) dominate the error of
/// every row of their chunk, checked in rationals: chunks of 16 rows of one coordinate
/// family of `coord`, or per-axis scales far apart, or the last point rounded onto the
/// plane / circle of the others, one chunk in five with one row in four scaled by its
/// own power of two; the per-axis maxima as the chunk pass takes them.
#[test]
fn orient3d_and_incircle_chunk_bounds_dominate_the_error_of_every_row() {
    use super::float::{incircle_det_bound, orient3d_det_maxima};
    use super::float_batch::{incircle_chunk_bound, orient3d_chunk_bound};
    let mut rng = Rng::new(46);
    let max = |acc: f64, v: f64| if v > acc { v } else { acc };
    let (mut checked, mut certified) = ([0; 2], [0; 2]);
    for i in 0..1200u64 {
        let kind = i % 3;
        let rows: Vec<[[f64; 3]; 4]> = (0..16)
            .map(|r| {
                let mut p: [[f64; 3]; 4] = core::array::from_fn(|_| {
                    core::array::from_fn(|_| coord(&mut rng, (i / 3) % 4))
                });
                if kind == 1 {
                    let s = [-1074, -1060, -400, -300, -200, 0, 200, 300, 330];
                    let sc: [i32; 3] = core::array::from_fn(|_| s[rng.below(s.len())]);
                    for pt in &mut p {
                        for k in 0..3 {
                            pt[k] = scale(unit(&mut rng), sc[k]);
                        }
                    }
                } else if kind == 2 {
                    // The last point rounded onto the plane of the others (orient3d) and,
                    // in x and y, all four rounded onto one circle (incircle).
                    p = core::array::from_fn(|_| core::array::from_fn(|_| unit(&mut rng)));
                    let (s, t) = (unit(&mut rng), unit(&mut rng));
                    p[3] = core::array::from_fn(|k| {
                        p[0][k] + s * (p[1][k] - p[0][k]) + t * (p[2][k] - p[0][k])
                    });
                    let c = [unit(&mut rng), unit(&mut rng)];
                    for pt in &mut p {
                        let a = unit(&mut rng) * 3.2;
                        let (sn, cs) = a.sin_cos();
                        (pt[0], pt[1]) = (c[0] + cs, c[1] + sn);
                    }
                }
                if i % 5 == 0 && r % 4 == 0 {
                    let s = rng.below(400) as i32 - 200;
                    p = p.map(|pt| scale_all(pt, s));
                }
                p
            })
            .collect();
        // orient3d: det' and the maxima as the chunk pass folds them (from 0, v.max(acc)).
        let o3: Vec<(f64, f64, f64, f64)> = rows
            .iter()
            .map(|p| orient3d_det_maxima(&p[0], &p[1], &p[2], &p[3]))
            .collect();
        let m = o3.iter().fold([0.0; 3], |m, &(_, x, y, z)| {
            [max(m[0], x), max(m[1], y), max(m[2], z)]
        });
        let bound = orient3d_chunk_bound(m);
        for (p, &(det, ..)) in rows.iter().zip(&o3) {
            if bound.is_finite() && !det.is_nan() {
                let exact = orient3d_rational(p);
                let err = num_traits::Signed::abs(&(q(det) - exact));
                assert!(
                    err <= q(bound),
                    "orient3d {p:?}: det {det:e}, bound {bound:e}"
                );
                checked[0] += 1;
                certified[0] += usize::from(det.abs() > bound);
            }
        }
        // incircle on the rows' x and y: the per-axis maxima of the differences.
        let pts: Vec<[[f64; 2]; 4]> = rows.iter().map(|p| p.map(|v| [v[0], v[1]])).collect();
        let mut m = [0.0; 3];
        let dets: Vec<f64> = pts
            .iter()
            .map(|p| {
                for k in 0..2 {
                    for pt in &p[..3] {
                        m[k] = max(m[k], (pt[k] - p[3][k]).abs());
                    }
                }
                incircle_det_bound(&p[0], &p[1], &p[2], &p[3]).0
            })
            .collect();
        let bound = incircle_chunk_bound(m);
        for (p, &det) in pts.iter().zip(&dets) {
            if bound.is_finite() && !det.is_nan() {
                let err = num_traits::Signed::abs(&(q(det) - incircle_rational(p)));
                assert!(
                    err <= q(bound),
                    "incircle {p:?}: det {det:e}, bound {bound:e}"
                );
                checked[1] += 1;
                certified[1] += usize::from(det.abs() > bound);
            }
        }
    }
    assert!(checked.iter().all(|&c| c > 8000), "{checked:?}");
    assert!(certified.iter().all(|&c| c > 2000), "{certified:?}");
}

/// A 3×3 determinant in rationals, by cofactor expansion along the first row.
fn det3_rational(r: [&[BigRational; 3]; 3]) -> BigRational {
    r[0][0].clone() * (&r[1][1] * &r[2][2] - &r[1][2] * &r[2][1])
        - r[0][1].clone() * (&r[1][0] * &r[2][2] - &r[1][2] * &r[2][0])
        + r[0][2].clone() * (&r[1][0] * &r[2][1] - &r[1][1] * &r[2][0])
}

/// orient3d's stage I (integers, `integer.rs`) and the stages after it, against rationals:
/// points rounded onto the plane of three others (and one to three ulps off), each axis on
/// its own exponent from `2^-1022` to `2^1000`, with full significands within seven binades
/// of the axis's largest (stage I) or spread over `2^±100` (stage B and after), and exact
/// contacts on dyadic grids of 20 to 50 bits (wider than the grid shortcut's 15).
#[test]
fn orient3d_stage_i_agrees_with_rationals() {
    #[cfg(feature = "std")]
    let integer = || super::float_slow::ORIENT3D_INTEGER.with(|c| c.get());
    let (mut by_integers, mut cases) = (0usize, 0usize);
    let mut rng = Rng::new(0x0057_a6e1);
    for i in 0..6_000 {
        let spread = i % 3 == 2;
        let e: [i32; 3] =
            core::array::from_fn(|_| [-1022, -900, -300, -20, 0, 20, 300, 900, 1000][rng.below(9)]);
        let c = |rng: &mut Rng, k: usize| -> f64 {
            let x = if spread {
                scale(
                    rng.next_f64() + 0.5,
                    e[k].clamp(-900, 900) + rng.below(201) as i32 - 100,
                )
            } else if i % 3 == 1 {
                // Dyadic grids of 20 to 50 bits.
                let g = 20 + rng.below(31) as i32;
                scale(rng.range(-(1 << 20), 1 << 20) as f64, e[k] - g + 20)
            } else {
                scale(rng.next_f64() + 1.0, e[k])
            };
            if rng.next_u64() & 1 == 1 { -x } else { x }
        };
        let pt = |rng: &mut Rng| -> [f64; 3] { core::array::from_fn(|k| c(rng, k)) };
        let (a, b, d) = (pt(&mut rng), pt(&mut rng), pt(&mut rng));
        let (s, t) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
        let (s, t) = if i % 3 == 1 {
            (
                [0.5, 0.25, 0.75][rng.below(3)],
                [0.5, 0.25, 0.125][rng.below(3)],
            )
        } else {
            (s, t)
        };
        let mut x: [f64; 3] =
            core::array::from_fn(|k| a[k] + s * (b[k] - a[k]) + t * (d[k] - a[k]));
        let k = rng.below(3);
        for _ in 0..rng.below(4) {
            x[k] = x[k].next_up();
        }
        let p = [a, b, x, d];
        if !p.iter().flatten().all(|v| v.is_finite()) {
            continue;
        }
        let want = crate::Sign::of(orient3d_rational(&p));
        #[cfg(feature = "std")]
        let mark = integer();
        let got = orient3d(&p[0], &p[1], &p[2], &p[3]);
        assert_eq!(got, want, "{p:?}");
        #[cfg(feature = "std")]
        {
            by_integers += integer() - mark;
        }
        cases += 1;
    }
    #[cfg(feature = "std")]
    {
        eprintln!("orient3d: {cases} cases, {by_integers} by stage I");
        assert!(
            by_integers > 1_000 && cases > by_integers + 1_000,
            "{cases} cases, {by_integers} by stage I"
        );
    }
}

/// `det[a − d; b − d; c − d]` in rationals, independently of the code under test.
fn orient3d_rational(p: &[[f64; 3]; 4]) -> BigRational {
    let r: [[BigRational; 3]; 3] =
        core::array::from_fn(|i| core::array::from_fn(|k| q(p[i][k]) - q(p[3][k])));
    det3_rational(r.each_ref())
}

/// `det[a − d, b − d, c − d]` with rows `(x, y, x² + y²)`, in rationals.
fn incircle_rational(p: &[[f64; 2]; 4]) -> BigRational {
    let r: [[BigRational; 3]; 3] = core::array::from_fn(|i| {
        let (x, y) = (q(p[i][0]) - q(p[3][0]), q(p[i][1]) - q(p[3][1]));
        let lift = &x * &x + &y * &y;
        [x, y, lift]
    });
    det3_rational(r.each_ref())
}

/// `det[p − o, q − o, d]` in rationals, independently of the code under test.
fn ray_side_rational(o: &[f64; 3], d: &[f64; 3], p: &[f64; 3], q: &[f64; 3]) -> crate::Sign {
    let v = |a: &[f64; 3]| a.map(self::q);
    let (o, d, p, q) = (v(o), v(d), v(p), v(q));
    let u: [BigRational; 3] = core::array::from_fn(|k| &p[k] - &o[k]);
    let w: [BigRational; 3] = core::array::from_fn(|k| &q[k] - &o[k]);
    let det = &u[0] * (&w[1] * &d[2] - &w[2] * &d[1])
        + &u[1] * (&w[2] * &d[0] - &w[0] * &d[2])
        + &u[2] * (&w[0] * &d[1] - &w[1] * &d[0]);
    crate::Sign::of(det)
}

/// `ray_side` (the side of a ray's line an edge passes) against rational evaluation on
/// random, exactly degenerate and near-degenerate input at every scale: an end point
/// exactly on the line (the ray aimed at a vertex, `o = 2v`, `d = −v·2^j`), an end point
/// a rounding off it (`o + d` rounded), the edge in a plane through the line (rounded),
/// coordinates of every family, all scaled by `2^s` across the window's edges and beyond;
/// stage I (integers) and the stages after it each answer thousands.
#[test]
fn ray_side_agrees_with_rationals() {
    use super::float_slow::ray_side;
    #[cfg(feature = "std")]
    let integer = || super::float_slow::RAY_SIDE_INTEGER.with(|c| c.get());
    #[cfg(feature = "std")]
    let mut by_integers = 0;
    let mut rng = Rng::new(31);
    let (mut answered, mut zeros) = (0, 0);
    for i in 0..17_500 {
        // Family 4 (spread exponents) reaches the stages after stage I.
        let fam = (i / 7) % 5;
        let pt = |rng: &mut Rng| -> [f64; 3] { core::array::from_fn(|_| coord(rng, fam)) };
        let (mut o, mut d, mut p, mut q) = (pt(&mut rng), pt(&mut rng), pt(&mut rng), pt(&mut rng));
        match i % 7 {
            0 => {
                // Aimed exactly at p: o = 2p, d = −p·2^j.
                let j = rng.below(9) as i32 - 4;
                o = p.map(|x| 2.0 * x);
                d = p.map(|x| -scale(x, j));
            }
            1 => {
                // Aimed exactly at q, the other end.
                o = q.map(|x| 2.0 * x);
                d = q.map(|x| -x);
            }
            2 => {
                // p = o + d, rounded: on the line or a rounding off it.
                p = [0, 1, 2].map(|k| o[k] + d[k]);
            }
            3 => {
                // q in the plane through the line and p, rounded.
                let (s, t) = (unit(&mut rng), unit(&mut rng));
                q = [0, 1, 2].map(|k| o[k] + s * (p[k] - o[k]) + t * d[k]);
            }
            4 => {
                // Coordinates on a small grid: exact differences, exact zeros.
                let g = |rng: &mut Rng| -> [f64; 3] {
                    core::array::from_fn(|_| rng.below(5) as f64 - 2.0)
                };
                (o, d, p, q) = (g(&mut rng), g(&mut rng), g(&mut rng), g(&mut rng));
            }
            _ => {}
        }
        let s = [0, 0, 280, -300, 330, -330, 600, -700][rng.below(8)];
        let [o, d, p, q] = [o, d, p, q].map(|a| scale_all(a, s));
        if ![o, d, p, q].iter().flatten().all(|x| x.is_finite()) {
            continue;
        }
        let want = ray_side_rational(&o, &d, &p, &q);
        #[cfg(feature = "std")]
        let mark = integer();
        if let Some(got) = ray_side(&o, &d, &p, &q) {
            assert_eq!(got, want, "o {o:?} d {d:?} p {p:?} q {q:?}");
            answered += 1;
            zeros += usize::from(want == crate::Sign::Zero);
        }
        #[cfg(feature = "std")]
        {
            by_integers += integer() - mark;
        }
        assert_eq!(
            crate::ray::side_sign(&o, &d, &p, &q),
            want,
            "side_sign: o {o:?} d {d:?} p {p:?} q {q:?}"
        );
        let f32s = [o, d, p, q].map(|a| a.map(|x| x as f32));
        if f32s.iter().flatten().all(|x| x.is_finite()) {
            let [o, d, p, q] = f32s;
            let up = |a: [f32; 3]| a.map(f64::from);
            let want = ray_side_rational(&up(o), &up(d), &up(p), &up(q));
            assert_eq!(crate::ray::side_sign(&o, &d, &p, &q), want, "f32");
        }
    }
    assert!(
        answered > 7_000 && zeros > 3_000,
        "{answered} answered, {zeros} zeros"
    );
    // Both stage I and the stages after it (whose answers are the rest) are reached.
    #[cfg(feature = "std")]
    {
        eprintln!("ray_side: {answered} answered, {by_integers} by stage I");
        assert!(
            by_integers > 3_000 && answered > by_integers + 2_000,
            "{answered} answered, {by_integers} by stage I"
        );
    }
}

/// `on_line` (a point exactly on a ray's line, `proofs/ray_triangle.md` section 3.6)
/// against rationals: never `true` for a point off the line or a zero direction (points a
/// rounding or one ulp off it, whose rounded cross-product minors often agree), and `true`
/// for points exactly on it with exact differences inside its range (`o = 2p`,
/// `d = −p·2^j`), at scales across the range's ends.
#[test]
fn on_line_agrees_with_rationals() {
    use super::float_slow::on_line;
    let mut rng = Rng::new(37);
    let (mut shown, mut off) = (0, 0);
    for i in 0..12_000 {
        let fam = (i / 5) % 4;
        let pt = |rng: &mut Rng| -> [f64; 3] { core::array::from_fn(|_| coord(rng, fam)) };
        let (mut o, mut d, mut p) = (pt(&mut rng), pt(&mut rng), pt(&mut rng));
        let aimed = i % 5 < 2;
        match i % 5 {
            0 | 1 => {
                let j = rng.below(9) as i32 - 4;
                o = p.map(|x| 2.0 * x);
                d = p.map(|x| -scale(x, j));
            }
            2 => {
                // A rounding off the line, or on it.
                p = [0, 1, 2].map(|k| o[k] + d[k]);
            }
            3 => {
                // Aimed, then one coordinate of d moved by one ulp.
                o = p.map(|x| 2.0 * x);
                d = p.map(|x| -x);
                let k = rng.below(3);
                d[k] = if rng.below(2) == 0 {
                    d[k].next_up()
                } else {
                    d[k].next_down()
                };
            }
            _ => {
                if rng.below(4) == 0 {
                    d = [0.0; 3];
                }
            }
        }
        let s = [0, 0, 470, -470, 485, -485, 600][rng.below(7)];
        let [o, d, p] = [o, d, p].map(|a| scale_all(a, s));
        if ![o, d, p].iter().flatten().all(|x| x.is_finite()) {
            continue;
        }
        let r = |a: &[f64; 3]| a.map(q);
        let (oq, dq, pq) = (r(&o), r(&d), r(&p));
        let u: [BigRational; 3] = core::array::from_fn(|k| &pq[k] - &oq[k]);
        let minors = [
            &u[1] * &dq[2] - &u[2] * &dq[1],
            &u[2] * &dq[0] - &u[0] * &dq[2],
            &u[0] * &dq[1] - &u[1] * &dq[0],
        ];
        let on = minors.iter().all(Zero::is_zero) && d != [0.0; 3];
        let got = on_line(&o, &d, &p);
        assert!(!got || on, "o {o:?} d {d:?} p {p:?}");
        let in_range = |x: &f64| *x == 0.0 || (2f64.powi(-480)..=2f64.powi(480)).contains(&x.abs());
        if aimed && on && o.iter().chain(&d).chain(&p).all(in_range) && fam == 0 && s == 0 {
            assert!(got, "aimed: o {o:?} d {d:?} p {p:?}");
        }
        shown += usize::from(got);
        off += usize::from(!on);
    }
    assert!(
        shown > 2_000 && off > 3_000,
        "{shown} shown, {off} off the line"
    );
}

/// Repeated points (any pair, `−0.0` for `0.0` in the copy, every family and scale):
/// zero, as the big-integer evaluation says, through the repeated-point shortcut.
#[test]
fn repeated_points_are_zero() {
    let mut rng = Rng::new(41);
    for i in 0..4000 {
        let fam = (i % 4) as u64;
        let mut p3: [[f64; 3]; 5] =
            core::array::from_fn(|_| core::array::from_fn(|_| coord(&mut rng, fam)));
        let (from, to) = (rng.below(5), rng.below(5));
        p3[to] = p3[from].map(|x| if x == 0.0 { -x } else { x });
        if !p3.iter().flatten().all(|x| x.is_finite()) {
            continue;
        }
        let p2 = p3.map(|p| [p[0], p[1]]);
        let [a, b, c, d, e] = &p3;
        let want = if from == to {
            bigint::insphere(a, b, c, d, e)
        } else {
            crate::Sign::Zero
        };
        assert_eq!(insphere(a, b, c, d, e), want, "{p3:?}");
        assert_eq!(bigint::insphere(a, b, c, d, e), want, "{p3:?}");
        if from < 4 && to < 4 {
            assert_eq!(orient3d(a, b, c, d), bigint::orient3d(a, b, c, d), "{p3:?}");
            let [a, b, c, d, _] = &p2;
            assert_eq!(incircle(a, b, c, d), bigint::incircle(a, b, c, d), "{p2:?}");
        }
        if from < 3 && to < 3 {
            let [a, b, c, _, _] = &p2;
            assert_eq!(orient2d(a, b, c), bigint::orient2d(a, b, c), "{p2:?}");
        }
    }
}
