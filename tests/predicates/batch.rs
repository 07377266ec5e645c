//! The batch predicates (`orient2d_batch` … `insphere_batch`, the `_many` forms): every
//! row against the independent exact oracle of `isect_testkit::predicates` (Bareiss on the
//! homogeneous matrix in rationals) and against the one-call predicate, on batches built
//! to hurt: exactly degenerate rows beside random ones, 1-ulp perturbations, coordinates
//! scaled by `2^±500`, subnormals, huge and tiny in one row, non-finite rows, and lengths
//! around the chunk width (0, 1, 3, 4, 5, 8, 9, …). Also `f32` and rational batches, the
//! shared-point forms, and the length errors.

use isect::Sign;
use isect::predicates::{
    Column, incircle_batch, incircle_many, insphere_batch, insphere_many, orient2d_batch,
    orient2d_many, orient3d_batch, orient3d_many,
};
use isect::{InputError, incircle, insphere, orient2d, orient3d};
use isect_testkit::float::{Fl, mul_pow2_f64, nudge, to_q};
use isect_testkit::predicates as oracle;
use isect_testkit::{Q, Rng, RngExt, config, strategies};
use proptest::prelude::*;

/// The cases as `K` columns, one slice per argument.
fn columns<F: Copy, const D: usize, const K: usize>(cases: &[[[F; D]; K]]) -> [Vec<[F; D]>; K] {
    std::array::from_fn(|k| cases.iter().map(|case| case[k]).collect())
}

/// Every coordinate finite.
fn finite<F: Fl, const D: usize, const K: usize>(case: &[[F; D]; K]) -> bool {
    case.iter().flatten().all(|x| x.is_finite())
}

/// The batch's answers, each checked against the oracle (finite rows; non-finite rows
/// answer `Zero` as the scalar predicates do) and against the one-call predicate.
fn check_rows<F: Fl, const D: usize, const K: usize>(
    what: &str,
    cases: &[[[F; D]; K]],
    got: &[Sign],
    exact: impl Fn(&[[F; D]; K]) -> Sign,
    scalar: impl Fn(&[[F; D]; K]) -> Sign,
) {
    assert_eq!(got.len(), cases.len());
    for (i, (case, &s)) in cases.iter().zip(got).enumerate() {
        let want = if finite(case) {
            exact(case)
        } else {
            Sign::Zero
        };
        assert_eq!(s, want, "{what}, row {i} of {}: {case:?}", cases.len());
        assert_eq!(
            s,
            scalar(case),
            "{what}, row {i}: differs from the scalar predicate"
        );
    }
}

fn run_orient2d<F: Fl>(what: &str, cases: &[[[F; 2]; 3]]) {
    let [a, b, c] = columns(cases);
    let mut out = vec![Sign::Zero; cases.len()];
    orient2d_batch(&a[..], &b[..], &c[..], &mut out).unwrap();
    check_rows(what, cases, &out, oracle::orient2d, |p| {
        orient2d(p[0], p[1], p[2])
    });
}

fn run_orient3d<F: Fl>(what: &str, cases: &[[[F; 3]; 4]]) {
    let [a, b, c, d] = columns(cases);
    let mut out = vec![Sign::Zero; cases.len()];
    orient3d_batch(&a[..], &b[..], &c[..], &d[..], &mut out).unwrap();
    check_rows(what, cases, &out, oracle::orient3d, |p| {
        orient3d(p[0], p[1], p[2], p[3])
    });
}

fn run_incircle<F: Fl>(what: &str, cases: &[[[F; 2]; 4]]) {
    let [a, b, c, d] = columns(cases);
    let mut out = vec![Sign::Zero; cases.len()];
    incircle_batch(&a[..], &b[..], &c[..], &d[..], &mut out).unwrap();
    check_rows(what, cases, &out, oracle::incircle, |p| {
        incircle(p[0], p[1], p[2], p[3])
    });
}

fn run_insphere<F: Fl>(what: &str, cases: &[[[F; 3]; 5]]) {
    let [a, b, c, d, e] = columns(cases);
    let mut out = vec![Sign::Zero; cases.len()];
    insphere_batch(&a[..], &b[..], &c[..], &d[..], &e[..], &mut out).unwrap();
    check_rows(what, cases, &out, oracle::insphere, |p| {
        insphere(p[0], p[1], p[2], p[3], p[4])
    });
}

/// The shared-point forms: the first case's leading points against every case's last
/// point.
fn run_many<F: Fl>(o2: &[[[F; 2]; 3]], o3: &[[[F; 3]; 4]], ic: &[[[F; 2]; 4]], is: &[[[F; 3]; 5]]) {
    let mut out = vec![Sign::Zero; o2.len()];
    if let Some(first) = o2.first() {
        let rows: Vec<[[F; 2]; 3]> = o2.iter().map(|p| [first[0], first[1], p[2]]).collect();
        let c: Vec<[F; 2]> = rows.iter().map(|p| p[2]).collect();
        orient2d_many(&first[0], &first[1], &c, &mut out).unwrap();
        check_rows("orient2d_many", &rows, &out, oracle::orient2d, |p| {
            orient2d(p[0], p[1], p[2])
        });
    }
    if let Some(f) = o3.first() {
        let rows: Vec<[[F; 3]; 4]> = o3.iter().map(|p| [f[0], f[1], f[2], p[3]]).collect();
        let d: Vec<[F; 3]> = rows.iter().map(|p| p[3]).collect();
        let mut out = vec![Sign::Zero; rows.len()];
        orient3d_many(&f[0], &f[1], &f[2], &d, &mut out).unwrap();
        check_rows("orient3d_many", &rows, &out, oracle::orient3d, |p| {
            orient3d(p[0], p[1], p[2], p[3])
        });
    }
    if let Some(f) = ic.first() {
        let rows: Vec<[[F; 2]; 4]> = ic.iter().map(|p| [f[0], f[1], f[2], p[3]]).collect();
        let d: Vec<[F; 2]> = rows.iter().map(|p| p[3]).collect();
        let mut out = vec![Sign::Zero; rows.len()];
        incircle_many(&f[0], &f[1], &f[2], &d, &mut out).unwrap();
        check_rows("incircle_many", &rows, &out, oracle::incircle, |p| {
            incircle(p[0], p[1], p[2], p[3])
        });
    }
    if let Some(f) = is.first() {
        let rows: Vec<[[F; 3]; 5]> = is.iter().map(|p| [f[0], f[1], f[2], f[3], p[4]]).collect();
        let e: Vec<[F; 3]> = rows.iter().map(|p| p[4]).collect();
        let mut out = vec![Sign::Zero; rows.len()];
        insphere_many(&f[0], &f[1], &f[2], &f[3], &e, &mut out).unwrap();
        check_rows("insphere_many", &rows, &out, oracle::insphere, |p| {
            insphere(p[0], p[1], p[2], p[3], p[4])
        });
    }
}

/// Batch lengths: empty, around one and two chunks of four, and longer.
const LEN: std::ops::RangeInclusive<usize> = 0..=19;

proptest! {
    #![proptest_config(config(60))]

    /// Every family of the one-call tests, mixed row by row, in `f64`.
    #[test]
    fn batch_rows_match_the_oracle_f64(
        o2 in prop::collection::vec(strategies::any_orient2d::<f64>(), LEN),
        o3 in prop::collection::vec(strategies::any_orient3d::<f64>(), LEN),
        ic in prop::collection::vec(strategies::any_incircle::<f64>(), LEN),
        is in prop::collection::vec(strategies::any_insphere::<f64>(), LEN),
    ) {
        run_orient2d("orient2d_batch f64", &o2);
        run_orient3d("orient3d_batch f64", &o3);
        run_incircle("incircle_batch f64", &ic);
        run_insphere("insphere_batch f64", &is);
        run_many(&o2, &o3, &ic, &is);
    }

    /// The same in `f32` (the batch filter reads them widened to `f64`).
    #[test]
    fn batch_rows_match_the_oracle_f32(
        o2 in prop::collection::vec(strategies::any_orient2d::<f32>(), LEN),
        o3 in prop::collection::vec(strategies::any_orient3d::<f32>(), LEN),
        ic in prop::collection::vec(strategies::any_incircle::<f32>(), LEN),
        is in prop::collection::vec(strategies::any_insphere::<f32>(), LEN),
    ) {
        run_orient2d("orient2d_batch f32", &o2);
        run_orient3d("orient3d_batch f32", &o3);
        run_incircle("incircle_batch f32", &ic);
        run_insphere("insphere_batch f32", &is);
        run_many(&o2, &o3, &ic, &is);
    }
}

// ---------------------------------------------------------------------------------------
// A seeded adversarial batch: each row one of the nasty kinds, interleaved, so that every
// chunk mixes rows the filter decides with rows it must hand to the exact path.

/// One coordinate of a row of kind `kind` (see [`adversarial`]).
fn scaled(x: f64, k: i32) -> f64 {
    mul_pow2_f64(x, k)
}

/// `n` rows of `K` points of dimension `D` for a predicate whose degenerate rows `exact`
/// builds (small integers, exactly collinear / coplanar / cocircular / cospherical).
fn adversarial<const D: usize, const K: usize>(
    g: &mut Rng,
    n: usize,
    exact: impl Fn(&mut Rng) -> [[f64; D]; K],
) -> Vec<[[f64; D]; K]> {
    (0..n)
        .map(|i| {
            let deg = exact(g);
            let random: [[f64; D]; K] = std::array::from_fn(|_| {
                std::array::from_fn(|_| g.range(-1 << 20, 1 << 20) as f64 / 1024.0)
            });
            match i % 9 {
                // Random, which the filter decides.
                0 | 4 => random,
                // Exactly degenerate: `Zero`, which no filter certifies.
                1 => deg,
                // One coordinate of a degenerate row moved by one ulp.
                2 => {
                    let mut p = deg;
                    let (j, k) = (g.below(K), g.below(D));
                    p[j][k] = nudge(p[j][k], if g.below(2) == 0 { 1 } else { -1 });
                    p
                }
                // The degenerate row at 2^500 or 2^-500.
                3 => {
                    let k = if g.below(2) == 0 { 500 } else { -500 };
                    deg.map(|p| p.map(|x| scaled(x, k)))
                }
                // The degenerate row in the subnormal range.
                5 => deg.map(|p| p.map(|x| scaled(x, -1070))),
                // Huge and tiny in one row.
                6 => {
                    let mut p = random;
                    p[g.below(K)] = p[0].map(|x| scaled(x, 900));
                    p[g.below(K)][g.below(D)] = scaled(1.0, -1074);
                    p
                }
                // Random subnormal coordinates.
                7 => random.map(|p| p.map(|x| scaled(x, -1064))),
                // Near-degenerate at 2^-300 next to a huge offset-free row.
                _ => {
                    let mut p = deg.map(|p| p.map(|x| scaled(x, -300)));
                    p[K - 1][0] = nudge(p[K - 1][0], 1);
                    p
                }
            }
        })
        .collect()
}

/// A point `a + m·u + n·v` of small integers.
fn lattice<const D: usize>(g: &mut Rng, a: [i64; D], u: [i64; D], v: [i64; D]) -> [f64; D] {
    let (m, n) = (g.range(-3, 3), g.range(-3, 3));
    std::array::from_fn(|i| (a[i] + m * u[i] + n * v[i]) as f64)
}

fn ints<const D: usize>(g: &mut Rng, r: i64) -> [i64; D] {
    std::array::from_fn(|_| g.range(-r, r))
}

fn collinear(g: &mut Rng) -> [[f64; 2]; 3] {
    let (a, u) = (ints::<2>(g, 8), ints::<2>(g, 3));
    [0; 3].map(|_| lattice(g, a, u, [0; 2]))
}

fn coplanar(g: &mut Rng) -> [[f64; 3]; 4] {
    let (a, u, v) = (ints::<3>(g, 8), ints::<3>(g, 3), ints::<3>(g, 3));
    [0; 4].map(|_| lattice(g, a, u, v))
}

fn cocircular(g: &mut Rng) -> [[f64; 2]; 4] {
    let on = strategies::circle_lattice(5);
    let c = ints::<2>(g, 8);
    [0; 4].map(|_| {
        let p = on[g.below(on.len())];
        [(c[0] + p[0]) as f64, (c[1] + p[1]) as f64]
    })
}

fn cospherical(g: &mut Rng) -> [[f64; 3]; 5] {
    let on = strategies::sphere_lattice(3);
    let c = ints::<3>(g, 8);
    [0; 5].map(|_| {
        let p = on[g.below(on.len())];
        std::array::from_fn(|i| (c[i] + p[i]) as f64)
    })
}

#[test]
fn adversarial_batches_of_every_length_match_the_oracle() {
    let mut g = Rng::new(0x0BA7_C4E5);
    for n in [0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 36, 37] {
        for _ in 0..isect_testkit::cases(3) {
            let o2 = adversarial(&mut g, n, collinear);
            let o3 = adversarial(&mut g, n, coplanar);
            let ic = adversarial(&mut g, n, cocircular);
            let is = adversarial(&mut g, n, cospherical);
            run_orient2d("orient2d_batch adversarial", &o2);
            run_orient3d("orient3d_batch adversarial", &o3);
            run_incircle("incircle_batch adversarial", &ic);
            run_insphere("insphere_batch adversarial", &is);
            run_many(&o2, &o3, &ic, &is);
        }
    }
}

/// The coverage the adversarial batch is for: some rows are `Zero` (the filter cannot
/// certify them, so the exact path ran inside a chunk) and some are not.
#[test]
fn adversarial_batches_reach_both_paths() {
    let mut g = Rng::new(7);
    let o3 = adversarial(&mut g, 90, coplanar);
    let [a, b, c, d] = columns(&o3);
    let mut out = vec![Sign::Zero; o3.len()];
    orient3d_batch(&a[..], &b[..], &c[..], &d[..], &mut out).unwrap();
    let zeros = out.iter().filter(|s| s.is_zero()).count();
    assert!((20..=70).contains(&zeros), "{zeros} zero rows of 90");
}

/// Non-finite rows answer `Zero` like the one-call predicates, and do not disturb the
/// other rows of their chunk.
#[test]
fn non_finite_rows_answer_zero_and_leave_their_neighbours_alone() {
    let bad = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    let mut g = Rng::new(11);
    for &x in &bad {
        for pos in 0..9 {
            let mut o3 = adversarial(&mut g, 9, coplanar);
            o3[pos][pos % 4][pos % 3] = x;
            run_orient3d("orient3d_batch non-finite", &o3);
            let mut is = adversarial(&mut g, 9, cospherical);
            is[pos][pos % 5][pos % 3] = x;
            run_insphere("insphere_batch non-finite", &is);
            let mut o2 = adversarial(&mut g, 9, collinear);
            o2[pos][pos % 3][pos % 2] = x;
            run_orient2d("orient2d_batch non-finite", &o2);
            let mut ic = adversarial(&mut g, 9, cocircular);
            ic[pos][pos % 4][pos % 2] = x;
            run_incircle("incircle_batch non-finite", &ic);
        }
    }
}

/// Near the top of the range: minors overflow in some rows (orient3d's filter must reject
/// an infinite determinant, proofs/predicates.md §1.1 and §7).
#[test]
fn overflowing_rows_are_exact() {
    let mut g = Rng::new(13);
    let o3: Vec<[[f64; 3]; 4]> = (0..40)
        .map(|i| {
            let mut p: [[f64; 3]; 4] = std::array::from_fn(|_| {
                std::array::from_fn(|_| scaled(g.range(-4, 4) as f64, 1020))
            });
            if i % 2 == 0 {
                // A tiny z extent under huge x and y minors.
                for q in &mut p {
                    q[2] = scaled(g.range(-4, 4) as f64, -1000);
                }
            }
            p
        })
        .collect();
    run_orient3d("orient3d_batch overflow", &o3);
    // One minor overflows to −∞ while the semi-static bound stays finite (the case of
    // `orient3d_overflowing_minor_with_finite_bound` in regressions.rs): the determinant is
    // T·b_x/2 > 0 exactly, and −∞ must not certify "Negative". Every chunk position.
    let mut rows = Vec::new();
    for k in [0, 10, 100, 500, 1000] {
        for bx in [1.0, 1e100, 1e290] {
            rows.push([
                [0.0, -0.5, 0.0],
                [bx, 1.0, 0.0],
                [0.0, 0.0, 0.0],
                [f64::MAX, 0.0, -scaled(1.0, -1074 + k)],
            ]);
            rows.push(std::array::from_fn(|_| g.point::<3>(1.0)));
        }
    }
    for start in 0..4 {
        run_orient3d("orient3d_batch overflowing minor", &rows[start..]);
    }
}

/// Rationals loop the exact kernel; the batch agrees with the oracle on them too.
#[test]
fn rational_batches_match_the_oracle() {
    let mut g = Rng::new(17);
    let o3: Vec<[[f64; 3]; 4]> = adversarial(&mut g, 13, coplanar)
        .into_iter()
        .filter(finite)
        .collect();
    let q: Vec<[[Q; 3]; 4]> = o3.iter().map(to_q).collect();
    let cols: [Vec<[Q; 3]>; 4] = std::array::from_fn(|k| q.iter().map(|c| c[k].clone()).collect());
    let mut out = vec![Sign::Zero; q.len()];
    orient3d_batch(
        &cols[0][..],
        &cols[1][..],
        &cols[2][..],
        &cols[3][..],
        &mut out,
    )
    .unwrap();
    for (i, case) in q.iter().enumerate() {
        assert_eq!(out[i], oracle::orient3d_q(case), "row {i}");
    }
    let is: Vec<[[Q; 3]; 5]> = adversarial(&mut g, 6, cospherical)
        .iter()
        .map(to_q)
        .collect();
    let mut out = vec![Sign::Zero; is.len()];
    let e: Vec<[Q; 3]> = is.iter().map(|c| c[4].clone()).collect();
    insphere_many(&is[0][0], &is[0][1], &is[0][2], &is[0][3], &e, &mut out).unwrap();
    for (i, case) in is.iter().enumerate() {
        let row = [0, 1, 2, 3].map(|k| is[0][k].clone());
        let [a, b, c, d] = row;
        assert_eq!(
            out[i],
            oracle::insphere_q(&[a, b, c, d, case[4].clone()]),
            "row {i}"
        );
    }
}

/// A slice shorter or longer than `out` is an error naming it, and `out` is untouched.
#[test]
fn mismatched_lengths_are_errors_and_write_nothing() {
    let p2 = [[0.0, 0.0]; 5];
    let p3 = [[0.0, 0.0, 0.0]; 5];
    let mut out = [Sign::Positive; 4];
    let e = |argument, len| {
        Err(InputError::LengthMismatch {
            argument,
            len,
            expected: 4,
        })
    };
    assert_eq!(
        orient2d_batch(&p2[..4], &p2[..], &p2[..4], &mut out),
        e(1, 5)
    );
    assert_eq!(orient2d_many(&p2[0], &p2[0], &p2[..3], &mut out), e(2, 3));
    assert_eq!(
        orient3d_batch(&p3[..4], &p3[0], &p3[..4], &p3[..], &mut out),
        e(3, 5)
    );
    assert_eq!(
        orient3d_many(&p3[0], &p3[0], &p3[0], &p3[..0], &mut out),
        e(3, 0)
    );
    assert_eq!(
        incircle_batch(&p2[..1], &p2[..4], &p2[..4], &p2[..4], &mut out),
        e(0, 1)
    );
    assert_eq!(
        incircle_many(&p2[0], &p2[0], &p2[0], &p2[..], &mut out),
        e(3, 5)
    );
    let f = insphere_batch(&p3[..4], &p3[..4], &p3[..4], &p3[..3], &p3[..4], &mut out);
    assert_eq!(f, e(3, 3));
    assert_eq!(
        insphere_many(&p3[0], &p3[0], &p3[0], &p3[0], &p3[..], &mut out),
        e(4, 5)
    );
    assert_eq!(out, [Sign::Positive; 4], "out must be untouched on error");
    // The message names the argument (counted from 1 in words) and both lengths.
    let msg = orient2d_many(&p2[0], &p2[0], &p2[..3], &mut out)
        .unwrap_err()
        .to_string();
    assert_eq!(msg, "argument 3: 3 points, but the output has 4 rows");
    // Shared points only: every row gets the same answer, any length.
    let mut out = [Sign::Zero; 6];
    orient2d_batch(&[0.0, 0.0], &[1.0, 0.0], &[0.0, 1.0], &mut out).unwrap();
    assert_eq!(out, [Sign::Positive; 6]);
    assert_eq!((&p3[..]).rows(), Some(5));
}
