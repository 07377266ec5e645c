//! The batch predicates (`orient2d_batch` … `insphere_batch`, the `_many` forms): every
//! row against the independent exact oracle of `isect_testkit::predicates` (Bareiss on the
//! homogeneous matrix in rationals) and against the one-call predicate, on batches built
//! to hurt: exactly degenerate rows beside random ones, 1-ulp perturbations, coordinates
//! scaled by `2^±500`, subnormals, huge and tiny in one row, non-finite rows, and lengths
//! around the chunk width (0, 1, 3, 4, 5, 8, 9, …). Also `f32` and rational batches, the
//! shared-point forms, and the length errors.

use isect::Sign;
use isect::predicates::{
    Axes, Column, incircle_batch, incircle_many, insphere_batch, insphere_many, orient2d_batch,
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
pub(crate) fn check_rows<F: Fl, const D: usize, const K: usize>(
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

/// The cases as `K` columns of one slice per axis (structure of arrays):
/// `soa[k][j][i]` is coordinate `j` of argument `k` of row `i`.
fn soa<F: Clone, const D: usize, const K: usize>(cases: &[[[F; D]; K]]) -> [[Vec<F>; D]; K] {
    std::array::from_fn(|k| {
        std::array::from_fn(|j| cases.iter().map(|c| c[k][j].clone()).collect())
    })
}

/// The columns of [`soa`] as [`Axes`].
fn axes<F, const D: usize, const K: usize>(soa: &[[Vec<F>; D]; K]) -> [Axes<'_, F, D>; K] {
    std::array::from_fn(|k| Axes::new(std::array::from_fn(|j| &soa[k][j][..])).unwrap())
}

/// The batch's answers for `cases`, first from slices of points (`slices`), then from one
/// slice per coordinate (`on_axes`).
fn layouts<F: Fl, const D: usize, const K: usize>(
    cases: &[[[F; D]; K]],
    slices: impl Fn(&[Vec<[F; D]>; K], &mut [Sign]),
    on_axes: impl Fn([Axes<'_, F, D>; K], &mut [Sign]),
) -> [Vec<Sign>; 2] {
    let mut from_slices = vec![Sign::Zero; cases.len()];
    slices(&columns(cases), &mut from_slices);
    let mut from_axes = vec![Sign::Zero; cases.len()];
    on_axes(axes(&soa(cases)), &mut from_axes);
    [from_slices, from_axes]
}

/// [`layouts`] of `orient2d_batch`.
pub(crate) fn orient2d_layouts<F: Fl>(cases: &[[[F; 2]; 3]]) -> [Vec<Sign>; 2] {
    layouts(
        cases,
        |[a, b, c], out| orient2d_batch(&a[..], &b[..], &c[..], out).unwrap(),
        |[a, b, c], out| orient2d_batch(a, b, c, out).unwrap(),
    )
}

/// [`layouts`] of `orient3d_batch`.
pub(crate) fn orient3d_layouts<F: Fl>(cases: &[[[F; 3]; 4]]) -> [Vec<Sign>; 2] {
    layouts(
        cases,
        |[a, b, c, d], out| orient3d_batch(&a[..], &b[..], &c[..], &d[..], out).unwrap(),
        |[a, b, c, d], out| orient3d_batch(a, b, c, d, out).unwrap(),
    )
}

/// [`layouts`] of `incircle_batch`.
pub(crate) fn incircle_layouts<F: Fl>(cases: &[[[F; 2]; 4]]) -> [Vec<Sign>; 2] {
    layouts(
        cases,
        |[a, b, c, d], out| incircle_batch(&a[..], &b[..], &c[..], &d[..], out).unwrap(),
        |[a, b, c, d], out| incircle_batch(a, b, c, d, out).unwrap(),
    )
}

/// [`layouts`] of `insphere_batch`.
pub(crate) fn insphere_layouts<F: Fl>(cases: &[[[F; 3]; 5]]) -> [Vec<Sign>; 2] {
    layouts(
        cases,
        |[a, b, c, d, e], out| insphere_batch(&a[..], &b[..], &c[..], &d[..], &e[..], out).unwrap(),
        |[a, b, c, d, e], out| insphere_batch(a, b, c, d, e, out).unwrap(),
    )
}

/// Both layouts' answers (`[slices, axes]`, from [`layouts`]), every row against the
/// oracle `exact` and the one-call predicate `one`.
fn run<F: Fl, const D: usize, const K: usize>(
    what: &str,
    cases: &[[[F; D]; K]],
    answers: [Vec<Sign>; 2],
    exact: impl Fn(&[[F; D]; K]) -> Sign,
    one: impl Fn(&[[F; D]; K]) -> Sign,
) {
    for (layout, got) in ["", " (axes)"].into_iter().zip(answers) {
        check_rows(&format!("{what}{layout}"), cases, &got, &exact, &one);
    }
}

fn run_orient2d<F: Fl>(what: &str, cases: &[[[F; 2]; 3]]) {
    run(
        what,
        cases,
        orient2d_layouts(cases),
        oracle::orient2d,
        |p| orient2d(p[0], p[1], p[2]),
    );
}

fn run_orient3d<F: Fl>(what: &str, cases: &[[[F; 3]; 4]]) {
    run(
        what,
        cases,
        orient3d_layouts(cases),
        oracle::orient3d,
        |p| orient3d(p[0], p[1], p[2], p[3]),
    );
}

fn run_incircle<F: Fl>(what: &str, cases: &[[[F; 2]; 4]]) {
    run(
        what,
        cases,
        incircle_layouts(cases),
        oracle::incircle,
        |p| incircle(p[0], p[1], p[2], p[3]),
    );
}

fn run_insphere<F: Fl>(what: &str, cases: &[[[F; 3]; 5]]) {
    run(
        what,
        cases,
        insphere_layouts(cases),
        oracle::insphere,
        |p| insphere(p[0], p[1], p[2], p[3], p[4]),
    );
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
        // Shared points beside axes: the packed filter path.
        let (x, y): (Vec<F>, Vec<F>) = c.iter().map(|p| (p[0], p[1])).unzip();
        let c = Axes::new([&x[..], &y[..]]).unwrap();
        orient2d_batch(&first[0], &first[1], c, &mut out).unwrap();
        check_rows(
            "orient2d on axes, shared line",
            &rows,
            &out,
            oracle::orient2d,
            |p| orient2d(p[0], p[1], p[2]),
        );
    }
    if let Some(f) = o3.first() {
        let rows: Vec<[[F; 3]; 4]> = o3.iter().map(|p| [f[0], f[1], f[2], p[3]]).collect();
        let d: Vec<[F; 3]> = rows.iter().map(|p| p[3]).collect();
        let mut out = vec![Sign::Zero; rows.len()];
        orient3d_many(&f[0], &f[1], &f[2], &d, &mut out).unwrap();
        check_rows("orient3d_many", &rows, &out, oracle::orient3d, |p| {
            orient3d(p[0], p[1], p[2], p[3])
        });
        let xyz: [Vec<F>; 3] = std::array::from_fn(|j| d.iter().map(|p| p[j]).collect());
        let d = Axes::new([&xyz[0][..], &xyz[1][..], &xyz[2][..]]).unwrap();
        orient3d_batch(&f[0], &f[1], &f[2], d, &mut out).unwrap();
        check_rows(
            "orient3d on axes, shared plane",
            &rows,
            &out,
            oracle::orient3d,
            |p| orient3d(p[0], p[1], p[2], p[3]),
        );
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

/// A NaN row two lanes after a near-degenerate row at `2^30`, in chunks of small random
/// rows: the NaN row answers `Zero` and the big row's rounding noise is never certified
/// (its maxima are the chunk's; its group, holding an undecided row, is also refined
/// with the group's own bound).
#[test]
fn nan_lanes_do_not_hide_their_neighbours_maxima() {
    fn rows<const D: usize, const K: usize>(g: &mut Rng, lifted: bool) -> Vec<[[f64; D]; K]> {
        let mut rows: Vec<[[f64; D]; K]> = (0..32)
            .map(|_| std::array::from_fn(|_| g.point::<D>(1.0)))
            .collect();
        let group = g.below(8);
        let lane = g.below(2);
        let big = group * 4 + lane;
        rows[big] = near_row::<D, K>(g, lifted).map(|p| p.map(|x| mul_pow2_f64(x, 30)));
        rows[big + 2][g.below(K)][g.below(D)] = f64::NAN;
        rows
    }
    let mut g = Rng::new(0x0AA2);
    for _ in 0..isect_testkit::cases(30) {
        run_orient2d("orient2d_batch NaN lane", &rows(&mut g, false));
        run_orient3d("orient3d_batch NaN lane", &rows(&mut g, false));
        run_incircle("incircle_batch NaN lane", &rows(&mut g, true));
        run_insphere("insphere_batch NaN lane", &rows(&mut g, true));
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
    // The same rows as axes of rationals (each row's point gathered by cloning).
    let s = soa(&q);
    let [a, b, c, d] = axes(&s);
    let mut out = vec![Sign::Zero; q.len()];
    orient3d_batch(a, b, c, d, &mut out).unwrap();
    for (i, case) in q.iter().enumerate() {
        assert_eq!(out[i], oracle::orient3d_q(case), "row {i} (axes)");
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
    // Axes of different lengths are refused when the column is made; axes of the
    // wrong length for `out` are a length error like a slice.
    let (x, y) = ([0.0; 4], [0.0; 3]);
    assert_eq!(
        Axes::new([&x[..], &y[..]]),
        Err(InputError::AxisLengthMismatch {
            axis: 1,
            len: 3,
            expected: 4
        })
    );
    assert_eq!(
        Axes::new([&x[..], &x[..], &y[..]]).unwrap_err().to_string(),
        "axis 2: 3 coordinates, but axis 0 has 4"
    );
    let short = Axes::new([&y[..], &y[..]]).unwrap();
    assert_eq!(orient2d_batch(&p2[..4], &p2[0], short, &mut out), e(2, 3));
    assert_eq!(out, [Sign::Positive; 4], "out must be untouched on error");
    // Shared points only: every row gets the same answer, any length.
    let mut out = [Sign::Zero; 6];
    orient2d_batch(&[0.0, 0.0], &[1.0, 0.0], &[0.0, 1.0], &mut out).unwrap();
    assert_eq!(out, [Sign::Positive; 6]);
    assert_eq!((&p3[..]).rows(), Some(5));
}

// ---------------------------------------------------------------------------------------
// The chunk bound (proofs/predicates.md §8): one error bound for sixteen rows from the
// per-axis maxima of their coordinate differences. Batches built so that the bound of a
// chunk is set by some rows and tested on others.

/// Lengths around the chunk (16 rows) and the groups of four after the last chunk.
const CHUNK_LENS: [usize; 17] = [
    0, 1, 3, 4, 5, 12, 15, 16, 17, 19, 20, 31, 32, 33, 47, 48, 65,
];

/// Near-degenerate rows: the last point an affine combination of the others, rounded
/// (`lifted` false), or every point rounded onto one circle / sphere (`lifted` true);
/// coordinates of magnitude about 1, so that these rows set the chunk's maxima while
/// their determinants are at the size of its bound.
fn near_row<const D: usize, const K: usize>(g: &mut Rng, lifted: bool) -> [[f64; D]; K] {
    if lifted {
        let center = g.point::<D>(1.0);
        let r = 0.1 + g.next_f64();
        std::array::from_fn(|_| {
            let v = g.point::<D>(1.0);
            let n = v.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-3);
            std::array::from_fn(|j| center[j] + r * v[j] / n)
        })
    } else {
        let mut p: [[f64; D]; K] = std::array::from_fn(|_| g.point::<D>(1.0));
        let w: [f64; K] = std::array::from_fn(|_| g.signed());
        p[K - 1] = std::array::from_fn(|j| {
            let mut x = p[0][j];
            for (q, s) in p[1..K - 1].iter().zip(&w) {
                x += s * (q[j] - p[0][j]);
            }
            x
        });
        p
    }
}

/// `n` near-degenerate rows whose coordinate differences round and cancel: every point
/// but the last within `2^−20`…`2^−40` of the origin, the last at distance about 1 and
/// the same in every row, all on one line or plane through the origin (`lifted` false)
/// or on one circle / sphere through it (`lifted` true). Each difference is then about
/// minus the last point, so every row's terms are as large as the chunk's maxima allow
/// and cancel: the rows whose rounding error comes closest to the chunk bound.
fn spread_rows<const D: usize, const K: usize>(
    g: &mut Rng,
    n: usize,
    lifted: bool,
) -> Vec<[[f64; D]; K]> {
    let tiny = |g: &mut Rng| mul_pow2_f64(1.0 + g.next_f64(), -20 - g.below(21) as i32);
    let (u, v) = (g.point::<D>(1.0), g.point::<D>(1.0));
    let norm = u.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-3);
    let (s, t) = (g.signed(), if D == 2 { 0.0 } else { g.signed() });
    let point = |g: &mut Rng, last: bool| -> [f64; D] {
        if lifted {
            // On the sphere of centre u through the origin: u + |u|·w/|w|, w near ∓u/|u|.
            let (sign, e) = if last { (1.0, s) } else { (-1.0, tiny(g)) };
            let w: [f64; D] = std::array::from_fn(|j| sign * u[j] / norm + e * v[j]);
            let m = w.iter().map(|x| x * x).sum::<f64>().sqrt();
            std::array::from_fn(|j| u[j] + norm * w[j] / m)
        } else {
            let (s, t) = if last {
                (s, t)
            } else {
                (tiny(g) * g.signed(), tiny(g) * g.signed())
            };
            let t = if D == 2 { 0.0 } else { t };
            std::array::from_fn(|j| s * u[j] + t * v[j])
        }
    };
    (0..n)
        .map(|_| std::array::from_fn(|i| point(g, i == K - 1)))
        .collect()
}

/// A batch of `n` rows whose chunks mix: random rows in `[−1, 1]`, near-degenerate rows
/// (`near_row`, `spread_rows`), exactly degenerate rows (`exact`), degenerate rows moved by `2^−e` for
/// `e` in 20..60 (determinants from far above to far below the chunk bound), and, in
/// some chunks, one disturbing row: at `2^500`, at `2^−1000` or subnormal, or with a
/// NaN or an infinity. Every row's position in its chunk is random.
fn chunky<const D: usize, const K: usize>(
    g: &mut Rng,
    n: usize,
    lifted: bool,
    exact: impl Fn(&mut Rng) -> [[f64; D]; K],
) -> Vec<[[f64; D]; K]> {
    let mut rows: Vec<[[f64; D]; K]> = (0..n)
        .map(|_| match g.below(9) {
            0..=2 => std::array::from_fn(|_| g.point::<D>(1.0)),
            3 => near_row(g, lifted),
            4 | 8 => spread_rows(g, 1, lifted)[0],
            5 => exact(g),
            _ => {
                let mut p = exact(g);
                let (j, k) = (g.below(K), g.below(D));
                let e = 20 + g.below(40) as i32;
                let s = if g.below(2) == 0 { 1.0 } else { -1.0 };
                p[j][k] += s * mul_pow2_f64(1.0 + g.next_f64(), -e);
                p
            }
        })
        .collect();
    for start in (0..n).step_by(16) {
        let len = (n - start).min(16);
        if g.below(3) == 0 {
            continue;
        }
        let i = start + g.below(len);
        let row = &mut rows[i];
        match g.below(6) {
            0 => *row = row.map(|p| p.map(|x| mul_pow2_f64(x, 500))),
            1 => *row = row.map(|p| p.map(|x| mul_pow2_f64(x, -1000))),
            2 => *row = row.map(|p| p.map(|x| mul_pow2_f64(x, -1070))),
            3 => row[g.below(K)][g.below(D)] = f64::NAN,
            4 => row[g.below(K)][g.below(D)] = f64::INFINITY,
            _ => row[g.below(K)] = row[0].map(|x| mul_pow2_f64(x, 900)),
        }
    }
    rows
}

/// Every row of batches mixing magnitudes, degeneracies and non-finite rows within one
/// chunk, at every length around the chunk, against the oracle and the one-call
/// predicates; the shared-point forms on the same rows.
#[test]
fn mixed_chunks_match_the_oracle() {
    let mut g = Rng::new(0x000C_40C5);
    for n in CHUNK_LENS {
        for _ in 0..isect_testkit::cases(4) {
            let o2 = chunky(&mut g, n, false, collinear);
            let o3 = chunky(&mut g, n, false, coplanar);
            let ic = chunky(&mut g, n, true, cocircular);
            let is = chunky(&mut g, n, true, cospherical);
            run_orient2d("orient2d_batch chunks", &o2);
            run_orient3d("orient3d_batch chunks", &o3);
            run_incircle("incircle_batch chunks", &ic);
            run_insphere("insphere_batch chunks", &is);
            run_many(&o2, &o3, &ic, &is);
        }
    }
}

/// Every coordinate times `2^k` (rounded where it leaves the range).
fn scale_rows<const D: usize, const K: usize>(
    rows: Vec<[[f64; D]; K]>,
    k: i32,
) -> Vec<[[f64; D]; K]> {
    rows.iter()
        .map(|r| r.map(|p| p.map(|x| mul_pow2_f64(x, k))))
        .collect()
}

/// Whole batches at one scale: every row of a chunk near `2^−1000`, subnormal, where the
/// products underflow, or near the top of the range (where the chunk bound's floors and
/// ceiling decide), with near-degenerate rows among them (dropping the floors fails here).
#[test]
fn chunks_at_the_ends_of_the_range_match_the_oracle() {
    let mut g = Rng::new(0xE9D5);
    // Around −1060/n the products of n differences land in the subnormal range, where the
    // near-degenerate rows' determinants are rounding noise (and the bound's floors
    // matter); around 1000/n, near the ceilings.
    let scales = [
        -1074, -1060, -1000, -700, -530, -353, -300, -265, -212, -200,
    ];
    for k in scales
        .into_iter()
        .chain([200, 250, 300, 330, 400, 500, 900, 1020])
    {
        for _ in 0..isect_testkit::cases(2) {
            let o2 = scale_rows(chunky(&mut g, 33, false, collinear), k);
            run_orient2d("orient2d_batch scaled chunks", &o2);
            let o3 = scale_rows(chunky(&mut g, 33, false, coplanar), k);
            run_orient3d("orient3d_batch scaled chunks", &o3);
            let ic = scale_rows(chunky(&mut g, 33, true, cocircular), k);
            run_incircle("incircle_batch scaled chunks", &ic);
            let is = scale_rows(chunky(&mut g, 33, true, cospherical), k);
            run_insphere("insphere_batch scaled chunks", &is);
        }
    }
}

/// Long runs of near-degenerate rows (the driver then skips the chunk bound for a while)
/// followed by random rows (and it comes back), and the reverse.
#[test]
fn runs_of_near_degenerate_rows_match_the_oracle() {
    let mut g = Rng::new(0x2EA2);
    for near_first in [true, false] {
        let mut o3: Vec<[[f64; 3]; 4]> = Vec::new();
        let mut is: Vec<[[f64; 3]; 5]> = Vec::new();
        for block in 0..6 {
            let near = (block % 2 == 0) == near_first;
            for _ in 0..40 {
                if near {
                    o3.push(near_row(&mut g, false));
                    is.push(near_row(&mut g, true));
                } else {
                    o3.push(std::array::from_fn(|_| g.point::<3>(1.0)));
                    is.push(std::array::from_fn(|_| g.point::<3>(1.0)));
                }
            }
        }
        run_orient3d("orient3d_batch runs", &o3);
        run_insphere("insphere_batch runs", &is);
    }
}

/// Batches of `spread_rows`: every chunk's maxima come from rows like the ones it tests,
/// whose rounding errors come closest to the bound. orient2d's chunk bound four times too
/// small fails here; orient3d's, incircle's and insphere's worst-case bounds lie further
/// above the errors rounding actually makes, and the same mutation passes (their
/// constants are recomputed in rationals by `chunk_constants_are_the_rounded_up_exact_values`,
/// and insphere's lift bound is checked against the exact error by
/// `insphere_lift_bound_dominates_the_error_of_every_row`).
#[test]
fn spread_chunks_match_the_oracle() {
    let mut g = Rng::new(0x005B_2EAD);
    for _ in 0..isect_testkit::cases(6) {
        run_orient2d("orient2d_batch spread", &spread_rows(&mut g, 64, false));
        run_orient3d("orient3d_batch spread", &spread_rows(&mut g, 64, false));
        run_incircle("incircle_batch spread", &spread_rows(&mut g, 64, true));
        run_insphere("insphere_batch spread", &spread_rows(&mut g, 64, true));
    }
}

/// Lopsided chunks: in every row one difference is tiny (`a` within `2^-40` of `c`, both
/// near the origin so that `a − c` is exact to `2^-93`) and the other of order one, and
/// `a − c` is parallel to `b − c` up to the rounding of `a`, so the determinant is at the
/// level of its rounding error, which scales with the larger difference (for incircle,
/// three points near the origin and one far, all nearly on one circle). A bound that
/// took its magnitudes from the small differences only certifies that noise (failed
/// here: a chunk bound for orient2d without the `|b − c|` maxima, incircle's packed
/// maxima without `|c − d|`); on slices and on axes every row must match the oracle.
#[test]
fn lopsided_chunks_match_the_oracle() {
    let mut g = Rng::new(0x10B5);
    let small = (-41f64).exp2();
    let o2: Vec<[[f64; 2]; 3]> = (0..160)
        .map(|_| {
            let c = g.point::<2>(1.0).map(|x| x * small);
            let b = g.point::<2>(1.0);
            let t = g.signed() * (-40f64).exp2();
            let a = std::array::from_fn(|k| nudge(c[k] + t * (b[k] - c[k]), g.range(-2, 2) as i32));
            [a, b, c]
        })
        .collect();
    run_orient2d("orient2d_batch lopsided", &o2);
    let o3: Vec<[[f64; 3]; 4]> = (0..160)
        .map(|_| {
            let d = g.point::<3>(1.0).map(|x| x * small);
            let (b, c) = (g.point::<3>(1.0), g.point::<3>(1.0));
            let (s, t) = (g.signed() * (-40f64).exp2(), g.signed() * (-40f64).exp2());
            let a = std::array::from_fn(|k| {
                nudge(
                    d[k] + s * (b[k] - d[k]) + t * (c[k] - d[k]),
                    g.range(-2, 2) as i32,
                )
            });
            [a, b, c, d]
        })
        .collect();
    run_orient3d("orient3d_batch lopsided", &o3);
    // incircle: `a`, `b`, `d` within `2^-40` of the origin on a circle of radius
    // `R ∈ [1/2, 1]` through it (the parabola `s·t + s²/(2R)·n`, exact to its rounding),
    // `c` far along the same circle.
    let ic: Vec<[[f64; 2]; 4]> = (0..160)
        .map(|_| {
            let phi = g.signed() * 3.0;
            let (t, n) = ([phi.cos(), phi.sin()], [-phi.sin(), phi.cos()]);
            let r = 0.75 + 0.25 * g.signed();
            let near = |s: f64| -> [f64; 2] {
                std::array::from_fn(|k| s * t[k] + s * s / (2.0 * r) * n[k])
            };
            let small = (-40f64).exp2();
            let alpha = 0.5 + 2.0 * g.signed().abs();
            let c =
                std::array::from_fn(|k| r * n[k] * (1.0 - alpha.cos()) + r * alpha.sin() * t[k]);
            [
                near(small * g.signed()),
                near(small * g.signed()),
                c,
                near(small * g.signed()),
            ]
        })
        .collect();
    run_incircle("incircle_batch lopsided", &ic);
    // The rows are near-degenerate, not degenerate: most have a non-zero sign.
    let zero = o2
        .iter()
        .filter(|r| oracle::orient2d(r) == Sign::Zero)
        .count();
    assert!(
        2 * zero < o2.len(),
        "{zero} of {} lopsided rows are degenerate",
        o2.len()
    );
}
