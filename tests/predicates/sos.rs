//! Tests of the symbolically perturbed predicates (`isect::sos`).
//!
//! Configurations come from small integer sets built to be degenerate as often as possible:
//! tiny grids, points on a line or a plane, lattice points on a circle or a sphere,
//! repeated points, all points equal. For each one the tests check
//!
//! * never `Zero` for distinct ids, and the exact sign whenever that is non-zero;
//! * antisymmetry under every permutation of the arguments (moved together with the ids);
//! * agreement with two independent evaluations of the perturbed determinant itself:
//!   - for orient2d/orient3d, Shewchuk's formula evaluated exactly on the perturbed
//!     points with the concrete `ε = 2^-64` (as scaled big integers);
//!   - for all four predicates, the perturbed homogeneous determinant expanded as an exact
//!     polynomial in `ε` (Leibniz formula over integer coefficients), whose lowest-order
//!     non-zero coefficient is the limit sign as `ε → 0⁺`;
//! * the claim that the monomial order depends only on `(rank, −column)`, so orient2d
//!   (orient3d) perturbed with `δ = 2` (3) and with incircle's `δ = 3` (insphere's 4) agree;
//! * equal results for `f64`, `f32` and `BigRational` input, invariance under scaling by
//!   powers of two (down to subnormals), equal ids and non-finite input giving `Zero`.
//!
//! The random case counts scale with `ISECT_TEST_SCALE` (`isect_testkit::cases`); the
//! generator is the test kit's seeded one, so every failure names a reproducible case.

use std::collections::BTreeMap;

use isect::sos::{incircle_sos, insphere_sos, orient2d_sos, orient3d_sos};
use isect::{Scalar, Sign, incircle, insphere, orient2d, orient3d};
use isect_testkit::{Rng, cases};
use num_bigint::BigInt;
use num_rational::BigRational;

// ---------------------------------------------------------------------------------------
// Infrastructure: the predicates behind one interface, permutations.

#[derive(Clone, Copy, Debug, PartialEq)]
enum Pred {
    Orient2d,
    Orient3d,
    Incircle,
    Insphere,
}
use Pred::*;
const PREDS: [Pred; 4] = [Orient2d, Orient3d, Incircle, Insphere];

impl Pred {
    fn dim(self) -> usize {
        match self {
            Orient2d | Incircle => 2,
            Orient3d | Insphere => 3,
        }
    }
    fn n(self) -> usize {
        match self {
            Orient2d => 3,
            Orient3d | Incircle => 4,
            Insphere => 5,
        }
    }
    fn lifted(self) -> bool {
        matches!(self, Incircle | Insphere)
    }
}

type Pts = Vec<Vec<i64>>;

/// The perturbed predicate on the given points and ids.
fn sos_with<T: Scalar, I: Ord + Clone>(pred: Pred, pts: &[Vec<T>], ids: &[I]) -> Sign {
    let p2 = |k: usize| [pts[k][0].clone(), pts[k][1].clone()];
    let p3 = |k: usize| [pts[k][0].clone(), pts[k][1].clone(), pts[k][2].clone()];
    let id = |k: usize| ids[k].clone();
    match pred {
        Orient2d => orient2d_sos(p2(0), p2(1), p2(2), [id(0), id(1), id(2)]),
        Orient3d => orient3d_sos(p3(0), p3(1), p3(2), p3(3), [id(0), id(1), id(2), id(3)]),
        Incircle => incircle_sos(p2(0), p2(1), p2(2), p2(3), [id(0), id(1), id(2), id(3)]),
        Insphere => insphere_sos(
            p3(0),
            p3(1),
            p3(2),
            p3(3),
            p3(4),
            [id(0), id(1), id(2), id(3), id(4)],
        ),
    }
}

/// The plain exact predicate.
fn exact_with<T: Scalar>(pred: Pred, pts: &[Vec<T>]) -> Sign {
    let p2 = |k: usize| [pts[k][0].clone(), pts[k][1].clone()];
    let p3 = |k: usize| [pts[k][0].clone(), pts[k][1].clone(), pts[k][2].clone()];
    match pred {
        Orient2d => orient2d(p2(0), p2(1), p2(2)),
        Orient3d => orient3d(p3(0), p3(1), p3(2), p3(3)),
        Incircle => incircle(p2(0), p2(1), p2(2), p2(3)),
        Insphere => insphere(p3(0), p3(1), p3(2), p3(3), p3(4)),
    }
}

fn conv<T>(pts: &Pts, f: impl Fn(i64) -> T) -> Vec<Vec<T>> {
    pts.iter()
        .map(|p| p.iter().map(|&x| f(x)).collect())
        .collect()
}
fn f64s(pts: &Pts) -> Vec<Vec<f64>> {
    conv(pts, |x| x as f64)
}
fn sos(pred: Pred, pts: &Pts, ids: &[u64]) -> Sign {
    sos_with(pred, &f64s(pts), ids)
}
fn exact(pred: Pred, pts: &Pts) -> Sign {
    exact_with(pred, &f64s(pts))
}

/// All permutations of `0..n` with their parity (`true` = odd).
fn permutations(n: usize) -> Vec<(Vec<usize>, bool)> {
    fn rec(prefix: &mut Vec<usize>, n: usize, out: &mut Vec<(Vec<usize>, bool)>) {
        if prefix.len() == n {
            let mut odd = false;
            for i in 0..n {
                for j in i + 1..n {
                    odd ^= prefix[i] > prefix[j];
                }
            }
            out.push((prefix.clone(), odd));
            return;
        }
        for k in 0..n {
            if !prefix.contains(&k) {
                prefix.push(k);
                rec(prefix, n, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(&mut Vec::new(), n, &mut out);
    out
}

fn with_parity(s: Sign, odd: bool) -> Sign {
    if odd { -s } else { s }
}

/// `ranks[k]` = position of `ids[k]` among the ids (distinct ids assumed).
fn ranks(ids: &[u64]) -> Vec<usize> {
    ids.iter()
        .map(|x| ids.iter().filter(|y| *y < x).count())
        .collect()
}

// ---------------------------------------------------------------------------------------
// Degenerate configurations.

/// Lattice points on the circle x² + y² = r².
fn circle(r2: i64) -> Pts {
    let r = (r2 as f64).sqrt() as i64 + 1;
    let mut v = Vec::new();
    for x in -r..=r {
        for y in -r..=r {
            if x * x + y * y == r2 {
                v.push(vec![x, y]);
            }
        }
    }
    v
}

/// Lattice points on the sphere x² + y² + z² = r².
fn sphere(r2: i64) -> Pts {
    let r = (r2 as f64).sqrt() as i64 + 1;
    let mut v = Vec::new();
    for x in -r..=r {
        for y in -r..=r {
            for z in -r..=r {
                if x * x + y * y + z * z == r2 {
                    v.push(vec![x, y, z]);
                }
            }
        }
    }
    v
}

/// `n` points of dimension `dim`, coordinates in `-4..=4`, chosen to be degenerate often.
fn degenerate(rng: &mut Rng, dim: usize, n: usize) -> Pts {
    let point = |rng: &mut Rng, lo: i64, hi: i64| -> Vec<i64> {
        (0..dim).map(|_| rng.range(lo, hi)).collect()
    };
    let mut pts: Pts = match rng.below(7) {
        // A tiny grid: collinear, coplanar, cocircular and repeated points abound.
        0 | 1 => (0..n).map(|_| point(rng, -1, 1)).collect(),
        // All on a line.
        2 => {
            let (b, v) = (point(rng, -2, 2), point(rng, -1, 1));
            (0..n)
                .map(|_| {
                    let t = rng.range(-2, 2);
                    b.iter().zip(&v).map(|(b, v)| b + t * v).collect()
                })
                .collect()
        }
        // All on a plane (3D) or anywhere on a small grid (2D).
        3 => {
            let (b, u, v) = (point(rng, -1, 1), point(rng, -1, 1), point(rng, -1, 1));
            (0..n)
                .map(|_| {
                    let (s, t) = (rng.range(-1, 1), rng.range(-1, 1));
                    (0..dim).map(|i| b[i] + s * u[i] + t * v[i]).collect()
                })
                .collect()
        }
        // On a circle or sphere centred at a lattice point.
        4 => {
            let set = if dim == 2 {
                circle(*rng.pick(&[1, 2, 4, 5]))
            } else {
                sphere(*rng.pick(&[1, 2, 3, 4]))
            };
            let c = point(rng, -1, 1);
            (0..n)
                .map(|_| rng.pick(&set).iter().zip(&c).map(|(p, c)| p + c).collect())
                .collect()
        }
        // All points equal.
        5 => vec![point(rng, -4, 4); n],
        // A few distinct points, repeated.
        _ => {
            let pool: Pts = (0..2).map(|_| point(rng, -3, 3)).collect();
            (0..n).map(|_| rng.pick(&pool).clone()).collect()
        }
    };
    for p in &mut pts {
        for x in p.iter_mut() {
            *x = (*x).clamp(-4, 4);
        }
    }
    pts
}

/// `n` distinct ids in random order.
fn distinct_ids(rng: &mut Rng, n: usize) -> Vec<u64> {
    let mut ids: Vec<u64> = Vec::new();
    while ids.len() < n {
        let x = rng.below(1000) as u64;
        if !ids.contains(&x) {
            ids.push(x);
        }
    }
    ids
}

// ---------------------------------------------------------------------------------------
// Oracle 1: the perturbed homogeneous determinant as an exact polynomial in ε.

/// The homogeneous determinant with rows `(coordinates, [|p|²,] 1)` in argument order,
/// entry `(row, j)` for a coordinate column `j` perturbed by `ε^(2^(rank·Δ + Δ − 1 − j))`,
/// expanded by the Leibniz formula into `exponent → coefficient`. `big_delta` is the `Δ`
/// of the indexing (the number of coordinate columns, or more to test δ-independence).
fn perturbed_poly(pts: &Pts, ids: &[u64], lifted: bool, big_delta: usize) -> BTreeMap<u64, i128> {
    let rank = ranks(ids);
    let rows: Vec<Vec<i128>> = pts
        .iter()
        .map(|p| {
            let mut r: Vec<i128> = p.iter().map(|&x| x as i128).collect();
            if lifted {
                r.push(p.iter().map(|&x| (x * x) as i128).sum());
            }
            r
        })
        .collect();
    let c = rows[0].len(); // coordinate columns; column c is the ones column
    let n = rows.len();
    assert_eq!(n, c + 1);
    assert!(big_delta >= c);
    let exponent = |r: usize, j: usize| 1u64 << (rank[r] * big_delta + big_delta - 1 - j);
    let mut poly = BTreeMap::new();
    for (sigma, odd) in permutations(n) {
        // Product over rows of (x[r][σ(r)] + t^e) (or 1 for the ones column).
        let perturbed: Vec<usize> = (0..n).filter(|&r| sigma[r] < c).collect();
        for subset in 0u32..(1 << perturbed.len()) {
            let mut coeff: i128 = if odd { -1 } else { 1 };
            let mut e = 0u64;
            for (t, &r) in perturbed.iter().enumerate() {
                if subset >> t & 1 == 1 {
                    e += exponent(r, sigma[r]);
                } else {
                    coeff *= rows[r][sigma[r]];
                }
            }
            *poly.entry(e).or_insert(0) += coeff;
        }
    }
    poly
}

/// Sign of the lowest-order non-zero coefficient (the sign as ε → 0⁺).
fn limit_sign(poly: &BTreeMap<u64, i128>) -> Sign {
    poly.values()
        .find(|&&v| v != 0)
        .map_or(Sign::Zero, |&v| Sign::of(v))
}

fn poly_oracle(pred: Pred, pts: &Pts, ids: &[u64]) -> Sign {
    limit_sign(&perturbed_poly(
        pts,
        ids,
        pred.lifted(),
        pred.dim() + usize::from(pred.lifted()),
    ))
}

// ---------------------------------------------------------------------------------------
// Oracle 2: Shewchuk's orient2d/orient3d formulas on the perturbed points, ε = 2^-64.
//
// Why ε = 2^-64 is small enough for |coordinates| ≤ 4. The perturbed determinant is
// det(ε) = Σ_S c_S ε^(e_S) over sets S of perturbed entries, with distinct integer
// exponents e_S = Σ_{k∈S} 2^k, and every c_S is (± a minor of) the integer matrix with
// rows (x, y, 1) or (x, y, z, 1). By Hadamard's inequality every such minor is at most
// B = 7⁴ = 2401 in absolute value (rows of Euclidean norm ≤ √(3·16 + 1) = 7; for orient2d
// √33^3 < 190). Let S₀ be the first set with c_S ≠ 0: |c_S₀| ≥ 1 because it is an integer,
// and every other term has an exponent ≥ e_S₀ + 1, all distinct, so
//     |det(ε) − c_S₀ ε^(e_S₀)| ≤ B Σ_{m ≥ 1} ε^(e_S₀ + m) = B ε^(e_S₀ + 1) / (1 − ε),
// which is < ε^(e_S₀) ≤ |c_S₀ ε^(e_S₀)| as soon as B ε < 1 − ε: true for ε = 2^-64 by a
// wide margin. So sign det(2^-64) = sign c_S₀, the symbolic answer.
//
// Evaluation: with K the largest perturbation index, scale everything by 2^(64·2^K): a
// perturbed coordinate becomes the integer x·2^(64·2^K) + 2^(64·(2^K − 2^k)), and the
// determinant, homogeneous of degree d in the coordinates, is multiplied by a positive
// power of two. (orient3d: K = 11, so integers of ~131,000 bits.)

fn concrete_eps_sign(pts: &Pts, ids: &[u64]) -> Sign {
    let rank = ranks(ids);
    let d = pts[0].len();
    let n = d + 1;
    let k_max = n * d - 1;
    let scale_bits = 64usize << k_max;
    let q: Vec<Vec<BigInt>> = pts
        .iter()
        .enumerate()
        .map(|(r, p)| {
            p.iter()
                .enumerate()
                .map(|(j, &x)| {
                    let k = rank[r] * d + d - 1 - j;
                    (BigInt::from(x) << scale_bits)
                        + (BigInt::from(1) << (scale_bits - (64usize << k)))
                })
                .collect()
        })
        .collect();
    let sub = |a: &Vec<BigInt>, b: &Vec<BigInt>| -> Vec<BigInt> {
        a.iter().zip(b).map(|(x, y)| x - y).collect()
    };
    let det = if d == 2 {
        // (a − c) × (b − c)
        let (ac, bc) = (sub(&q[0], &q[2]), sub(&q[1], &q[2]));
        &ac[0] * &bc[1] - &ac[1] * &bc[0]
    } else {
        // det[a − d; b − d; c − d]
        let (a, b, c) = (sub(&q[0], &q[3]), sub(&q[1], &q[3]), sub(&q[2], &q[3]));
        &a[0] * (&b[1] * &c[2] - &b[2] * &c[1]) - &a[1] * (&b[0] * &c[2] - &b[2] * &c[0])
            + &a[2] * (&b[0] * &c[1] - &b[1] * &c[0])
    };
    Sign::of(det)
}

// ---------------------------------------------------------------------------------------
// Tests.

/// The core properties on one configuration with distinct ids.
fn check_config(pred: Pred, pts: &Pts, ids: &[u64], all_perms: bool) {
    let ctx = || format!("{pred:?} {pts:?} ids {ids:?}");
    let s = sos(pred, pts, ids);
    assert_ne!(s, Sign::Zero, "Zero for distinct ids: {}", ctx());
    let e = exact(pred, pts);
    if e != Sign::Zero {
        assert_eq!(s, e, "differs from the exact sign: {}", ctx());
    }
    assert_eq!(
        s,
        poly_oracle(pred, pts, ids),
        "polynomial oracle: {}",
        ctx()
    );
    if all_perms {
        for (perm, odd) in permutations(pred.n()) {
            let p: Pts = perm.iter().map(|&k| pts[k].clone()).collect();
            let i: Vec<u64> = perm.iter().map(|&k| ids[k]).collect();
            assert_eq!(
                sos(pred, &p, &i),
                with_parity(s, odd),
                "permutation {perm:?}: {}",
                ctx()
            );
        }
    }
}

#[test]
fn random_degenerate_configurations() {
    let mut rng = Rng::new(1);
    for pred in PREDS {
        let mut degenerate_seen = 0;
        for _ in 0..cases(300) {
            let pts = degenerate(&mut rng, pred.dim(), pred.n());
            let ids = distinct_ids(&mut rng, pred.n());
            degenerate_seen += usize::from(exact(pred, &pts) == Sign::Zero);
            check_config(pred, &pts, &ids, true);
        }
        assert!(
            degenerate_seen > cases(300) as usize / 3,
            "{pred:?}: too few degenerate cases"
        );
    }
}

#[test]
fn all_points_equal() {
    let mut rng = Rng::new(2);
    for pred in PREDS {
        for _ in 0..10 {
            let p: Vec<i64> = (0..pred.dim()).map(|_| rng.range(-4, 4)).collect();
            let pts = vec![p; pred.n()];
            let ids = distinct_ids(&mut rng, pred.n());
            check_config(pred, &pts, &ids, true);
        }
    }
}

#[test]
fn exhaustive_small_grids() {
    // orient2d: every triple of points of the 3×3 grid, every id order.
    let grid2: Pts = (-1..=1)
        .flat_map(|x| (-1..=1).map(move |y| vec![x, y]))
        .collect();
    for a in &grid2 {
        for b in &grid2 {
            for c in &grid2 {
                check_config(
                    Orient2d,
                    &vec![a.clone(), b.clone(), c.clone()],
                    &[0, 1, 2],
                    true,
                );
            }
        }
    }
    // incircle: every ordered 4-tuple of the 3×3 grid, ids in argument order (so every
    // assignment of ids to points occurs), against the polynomial oracle.
    for a in &grid2 {
        for b in &grid2 {
            for c in &grid2 {
                for d in &grid2 {
                    let pts = vec![a.clone(), b.clone(), c.clone(), d.clone()];
                    check_config(Incircle, &pts, &[0, 1, 2, 3], false);
                }
            }
        }
    }
    // orient3d: every 4-tuple of the 2×2×2 cube.
    let cube: Pts = (0..8)
        .map(|m| vec![m & 1, m >> 1 & 1, m >> 2 & 1])
        .collect();
    for a in &cube {
        for b in &cube {
            for c in &cube {
                for d in &cube {
                    let pts = vec![a.clone(), b.clone(), c.clone(), d.clone()];
                    check_config(Orient3d, &pts, &[0, 1, 2, 3], false);
                }
            }
        }
    }
}

#[test]
fn exhaustive_insphere_on_sphere_points() {
    // The six points (±1, 0, 0), (0, ±1, 0), (0, 0, ±1) on the unit sphere: every 5-subset
    // (cospherical), in every argument order with its ids; then every ordered 5-tuple with
    // repetition over three of them (3^5 = 243), ids in argument order.
    let s = sphere(1);
    let mut n = 0;
    for m in 0u32..(1 << 6) {
        if m.count_ones() == 5 {
            let pts: Pts = (0..6)
                .filter(|k| m >> k & 1 == 1)
                .map(|k| s[k].clone())
                .collect();
            check_config(Insphere, &pts, &[4, 3, 2, 1, 0], true);
            n += 1;
        }
    }
    let few = [s[0].clone(), s[2].clone(), s[5].clone()];
    for code in 0..3usize.pow(5) {
        let pts: Pts = (0..5)
            .map(|t| few[code / 3usize.pow(t) % 3].clone())
            .collect();
        check_config(Insphere, &pts, &[0, 1, 2, 3, 4], false);
        n += 1;
    }
    assert_eq!(n, 6 + 243);
}

#[test]
fn concrete_epsilon_orient2d() {
    let mut rng = Rng::new(3);
    for _ in 0..cases(400) {
        let pts = degenerate(&mut rng, 2, 3);
        let ids = distinct_ids(&mut rng, 3);
        assert_eq!(
            sos(Orient2d, &pts, &ids),
            concrete_eps_sign(&pts, &ids),
            "{pts:?} {ids:?}"
        );
    }
    // Some non-degenerate ones too, with coordinates up to 4.
    for _ in 0..50 {
        let pts: Pts = (0..3)
            .map(|_| vec![rng.range(-4, 4), rng.range(-4, 4)])
            .collect();
        let ids = distinct_ids(&mut rng, 3);
        assert_eq!(sos(Orient2d, &pts, &ids), concrete_eps_sign(&pts, &ids));
    }
}

#[test]
fn concrete_epsilon_orient3d() {
    // ~131,000-bit integers: fewer cases.
    let mut rng = Rng::new(4);
    for _ in 0..cases(40) {
        let pts = degenerate(&mut rng, 3, 4);
        let ids = distinct_ids(&mut rng, 4);
        assert_eq!(
            sos(Orient3d, &pts, &ids),
            concrete_eps_sign(&pts, &ids),
            "{pts:?} {ids:?}"
        );
    }
}

#[test]
fn monomial_order_is_independent_of_delta() {
    // The claim, directly: ordering the valid monomials of a d-coordinate block (n = d + 1
    // rows) by exponent gives the same sequence with Δ = d and with Δ = d + 1.
    for d in [2usize, 3] {
        let n = d + 1;
        let order = |big_delta: usize| -> Vec<u32> {
            // Monomial sets as bit masks over (rank, column) cells r·d + j.
            let mut sets: Vec<(u64, u32)> = Vec::new();
            for cells in 0u32..(1 << (n * d)) {
                let (mut rows, mut cols, mut ok, mut e) = (0u32, 0u32, true, 0u64);
                for cell in 0..n * d {
                    if cells >> cell & 1 == 1 {
                        let (r, j) = (cell / d, cell % d);
                        ok &= rows >> r & 1 == 0 && cols >> j & 1 == 0;
                        rows |= 1 << r;
                        cols |= 1 << j;
                        e += 1u64 << (r * big_delta + big_delta - 1 - j);
                    }
                }
                if ok {
                    sets.push((e, cells));
                }
            }
            sets.sort();
            assert!(
                sets.windows(2).all(|w| w[0].0 < w[1].0),
                "exponents distinct"
            );
            sets.into_iter().map(|(_, cells)| cells).collect()
        };
        assert_eq!(order(d), order(d + 1), "d = {d}");
    }
    // And the consequence on the predicates: the orient2d/orient3d answers are the
    // orientations of the x, y (x, y, z) projections of incircle's (insphere's) perturbed
    // lifted points.
    let mut rng = Rng::new(5);
    for _ in 0..cases(200) {
        for (pred, d) in [(Orient2d, 2), (Orient3d, 3)] {
            let pts = degenerate(&mut rng, d, d + 1);
            let ids = distinct_ids(&mut rng, d + 1);
            let s = sos(pred, &pts, &ids);
            assert_eq!(s, limit_sign(&perturbed_poly(&pts, &ids, false, d)));
            assert_eq!(s, limit_sign(&perturbed_poly(&pts, &ids, false, d + 1)));
        }
    }
}

#[test]
fn homogeneous_determinant_matches_shewchuk_convention() {
    // The constant term of the oracle polynomial is the unperturbed homogeneous
    // determinant: its sign must be the plain predicate's, on random (mostly
    // non-degenerate) input.
    let mut rng = Rng::new(6);
    for pred in PREDS {
        for _ in 0..200 {
            let pts: Pts = (0..pred.n())
                .map(|_| (0..pred.dim()).map(|_| rng.range(-6, 6)).collect())
                .collect();
            let poly = perturbed_poly(&pts, &[0, 1, 2, 3, 4][..pred.n()], pred.lifted(), 4);
            let constant = poly.get(&0).copied().unwrap_or(0);
            assert_eq!(Sign::of(constant), exact(pred, &pts), "{pred:?} {pts:?}");
        }
    }
}

#[test]
fn f32_and_rational_inputs_agree_with_f64() {
    let mut rng = Rng::new(7);
    for pred in PREDS {
        for _ in 0..cases(100) {
            let pts = degenerate(&mut rng, pred.dim(), pred.n());
            let ids = distinct_ids(&mut rng, pred.n());
            let s = sos(pred, &pts, &ids);
            let f32s = conv(&pts, |x| x as f32);
            assert_eq!(
                sos_with(pred, &f32s, &ids),
                s,
                "f32 {pred:?} {pts:?} {ids:?}"
            );
            // Rationals, scaled by 1/3 (a positive factor changes no sign).
            let third = |x: i64| BigRational::new(x.into(), 3.into());
            let rats = conv(&pts, third);
            assert_eq!(
                sos_with(pred, &rats, &ids),
                s,
                "rational {pred:?} {pts:?} {ids:?}"
            );
            // References to rationals.
            let refs = conv(&pts, |x| BigRational::from_integer(x.into()));
            let s_ref = match pred {
                Orient2d => {
                    let p: Vec<[BigRational; 2]> =
                        refs.iter().map(|p| [p[0].clone(), p[1].clone()]).collect();
                    orient2d_sos(&p[0], &p[1], &p[2], [ids[0], ids[1], ids[2]])
                }
                _ => sos_with(pred, &refs, &ids),
            };
            assert_eq!(s_ref, s);
        }
    }
}

#[cfg(feature = "rug")]
#[test]
fn rug_inputs_agree_with_f64() {
    let mut rng = Rng::new(8);
    for pred in PREDS {
        for _ in 0..cases(50) {
            let pts = degenerate(&mut rng, pred.dim(), pred.n());
            let ids = distinct_ids(&mut rng, pred.n());
            let r = conv(&pts, |x| rug::Rational::from((x, 7)));
            assert_eq!(sos_with(pred, &r, &ids), sos(pred, &pts, &ids));
        }
    }
}

#[test]
fn invariant_under_scaling_by_powers_of_two() {
    // Every coefficient of the perturbed determinant is a minor scaled by a positive
    // power of the factor, so the answer cannot change; this runs the cold path on huge,
    // tiny and subnormal coordinates.
    let mut rng = Rng::new(9);
    for pred in PREDS {
        for _ in 0..cases(40) {
            let pts = degenerate(&mut rng, pred.dim(), pred.n());
            let ids = distinct_ids(&mut rng, pred.n());
            let s = sos(pred, &pts, &ids);
            for e in [-1070i32, -600, -60, 60, 600, 1000] {
                // Exact powers of two (powi(-1070) would go through an overflowing 2^1070).
                let half_or_two: f64 = if e < 0 { 0.5 } else { 2.0 };
                let f = (0..e.unsigned_abs()).fold(1.0, |acc, _| acc * half_or_two);
                assert!(f > 0.0 && f.is_finite());
                let scaled = conv(&pts, |x| x as f64 * f);
                assert_eq!(
                    sos_with(pred, &scaled, &ids),
                    s,
                    "2^{e} {pred:?} {pts:?} {ids:?}"
                );
            }
        }
    }
}

#[test]
fn equal_ids() {
    let mut rng = Rng::new(10);
    for pred in PREDS {
        for _ in 0..cases(100) {
            let pts = degenerate(&mut rng, pred.dim(), pred.n());
            let mut ids = distinct_ids(&mut rng, pred.n());
            let (i, j) = (rng.below(pred.n()), rng.below(pred.n()));
            if i == j {
                continue;
            }
            ids[i] = ids[j];
            // The exact sign, whatever it is: Zero when the points are degenerate.
            assert_eq!(
                sos(pred, &pts, &ids),
                exact(pred, &pts),
                "{pred:?} {pts:?} {ids:?}"
            );
        }
    }
    // A point passed twice with its one id.
    let p = [0.5, 0.25];
    assert_eq!(orient2d_sos(p, p, [1.0, 2.0], [3, 3, 4]), Sign::Zero);
    assert_ne!(orient2d_sos(p, p, [1.0, 2.0], [3, 5, 4]), Sign::Zero);
}

#[test]
fn non_finite_input_gives_zero() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let ok = [0.0, 0.0];
        assert_eq!(orient2d_sos(ok, [bad, 0.0], ok, [0, 1, 2]), Sign::Zero);
        assert_eq!(
            incircle_sos(ok, ok, [0.0, bad], ok, [0, 1, 2, 3]),
            Sign::Zero
        );
        let ok = [0.0, 0.0, 0.0];
        assert_eq!(
            orient3d_sos(ok, ok, ok, [0.0, 0.0, bad], [0, 1, 2, 3]),
            Sign::Zero
        );
        assert_eq!(
            insphere_sos([bad; 3], ok, ok, ok, ok, [0, 1, 2, 3, 4]),
            Sign::Zero
        );
        let bad32 = bad as f32;
        assert_eq!(
            orient2d_sos([0.0, 0.0], [bad32, 0.0], [1.0, 1.0], [0, 1, 2]),
            Sign::Zero
        );
    }
}

#[test]
fn generic_ids_and_root_reexports() {
    // Any Ord id type; only the order of the ids matters.
    let (a, b, c, d) = ([0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]);
    let by_int = isect::orient2d_sos(a, b, c, [0, 1, 2]);
    assert_eq!(isect::orient2d_sos(a, b, c, ["a", "b", "c"]), by_int);
    assert_eq!(
        isect::orient2d_sos(a, b, c, [(0, 9), (1, 0), (1, 5)]),
        by_int
    );
    assert_eq!(isect::orient2d_sos(a, b, c, [-100i64, 7, 8]), by_int);
    assert_eq!(
        isect::incircle_sos(a, b, c, d, [0, 1, 2, 3]),
        incircle_sos(a, b, c, d, [10, 11, 12, 13])
    );
    let p = [1.0, 2.0, 3.0];
    assert_eq!(
        isect::orient3d_sos(p, p, p, p, [0, 1, 2, 3]),
        orient3d_sos(p, p, p, p, ['w', 'x', 'y', 'z'])
    );
    assert_ne!(
        isect::insphere_sos(p, p, p, p, p, [0u8, 1, 2, 3, 4]),
        Sign::Zero
    );
}

#[test]
fn known_answers() {
    // orient2d on collinear points: the lowest-id point moves first, up in y (its
    // smallest perturbation is on the last coordinate), so (0,0),(1,1),(2,2) turn left.
    assert_eq!(
        orient2d_sos([0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [0, 1, 2]),
        Sign::Positive
    );
    // If the middle point has the lowest id, raising it makes the triple turn right.
    assert_eq!(
        orient2d_sos([0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [1, 0, 2]),
        Sign::Negative
    );
    // incircle: the lowest id's lifted coordinate moves up, i.e. that point moves
    // "outside"; with d lowest and a, b, c counterclockwise, d is outside: Negative.
    let (a, b, c, d) = ([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]);
    assert_eq!(incircle_sos(a, b, c, d, [1, 2, 3, 0]), Sign::Negative);
    // With a lowest instead, a moves outside the circle through b, c, d. Swapping a and d:
    // incircle(a, b, c, d) = −incircle(d, b, c, a), where d, b, c are counterclockwise
    // and a is outside, so −(Negative) = Positive.
    assert_eq!(incircle_sos(a, b, c, d, [0, 1, 2, 3]), Sign::Positive);
}
