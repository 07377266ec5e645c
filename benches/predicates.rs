//! Benchmarks of the four predicates against the plain floating-point formula (`naive`)
//! and the `robust` crate (Shewchuk's adaptive predicates), on three input distributions.
//!
//! Run with `cargo bench --bench predicates`; summarise with `python3 benches/table.py`.
//!
//! Every benchmark evaluates one predicate on a fixed array of [`N`] cases per iteration,
//! so criterion's throughput is in predicate calls. The distributions:
//!
//! - `random`: coordinates uniform in `[-1, 1]`; the filter's easy case.
//! - `near_degenerate`: one point rounded onto the line / plane / circle / sphere through
//!   the others, so the exact answer is decided by rounding errors.
//! - `exact_degenerate`: small-integer points exactly collinear / coplanar / cocircular /
//!   cospherical; the answer is `Zero`, which no floating-point filter can certify.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::Sign;
use isect::predicates::Axes;
use isect_testkit::{Rng, RngExt};
use robust::{Coord, Coord3D};

/// Cases per distribution; every iteration evaluates all of them.
const N: usize = 1024;

const DISTRIBUTIONS: [&str; 3] = ["random", "near_degenerate", "exact_degenerate"];

// ---------------------------------------------------------------------------------------
// Input helpers over the test kit's seeded generator, so every run sees the same inputs.

/// A unit vector in the plane.
fn dir2(g: &mut Rng) -> [f64; 2] {
    let t = std::f64::consts::TAU * g.next_f64();
    [t.cos(), t.sin()]
}

/// A unit vector in space (rejection sampling in the unit ball).
fn dir3(g: &mut Rng) -> [f64; 3] {
    loop {
        let v: [f64; 3] = g.point(1.0);
        let n2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        if n2 > 1e-4 && n2 <= 1.0 {
            let n = n2.sqrt();
            return [v[0] / n, v[1] / n, v[2] / n];
        }
    }
}

/// `k` distinct indices below `n`.
fn distinct<const K: usize>(g: &mut Rng, n: usize) -> [usize; K] {
    let mut out = [0; K];
    let mut i = 0;
    while i < K {
        let x = g.below(n);
        if !out[..i].contains(&x) {
            out[i] = x;
            i += 1;
        }
    }
    out
}

fn seed(predicate: &str, distribution: &str) -> Rng {
    // FNV-1a of the names: a fixed, distinct seed per input set.
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for b in predicate.bytes().chain([b'/']).chain(distribution.bytes()) {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01B3);
    }
    Rng::new(h)
}

fn int2(g: &mut Rng, r: i64) -> [i64; 2] {
    [g.range(-r, r), g.range(-r, r)]
}

fn int3(g: &mut Rng, r: i64) -> [i64; 3] {
    [g.range(-r, r), g.range(-r, r), g.range(-r, r)]
}

fn f2(p: [i64; 2]) -> [f64; 2] {
    p.map(|x| x as f64)
}

fn f3(p: [i64; 3]) -> [f64; 3] {
    p.map(|x| x as f64)
}

/// The 12 lattice points on the circle of radius 5 about the origin.
fn circle5() -> Vec<[i64; 2]> {
    let mut v = Vec::new();
    for x in -5i64..=5 {
        for y in -5i64..=5 {
            if x * x + y * y == 25 {
                v.push([x, y]);
            }
        }
    }
    v
}

/// The 30 lattice points on the sphere of radius 3 about the origin.
fn sphere3() -> Vec<[i64; 3]> {
    let mut v = Vec::new();
    for x in -3i64..=3 {
        for y in -3i64..=3 {
            for z in -3i64..=3 {
                if x * x + y * y + z * z == 9 {
                    v.push([x, y, z]);
                }
            }
        }
    }
    v
}

// ---------------------------------------------------------------------------------------
// Inputs.

type O2 = [[f64; 2]; 3];
type O3 = [[f64; 3]; 4];
type C2 = [[f64; 2]; 4];
type S3 = [[f64; 3]; 5];

fn orient2d_cases(distribution: &str) -> Vec<O2> {
    let mut g = seed("orient2d", distribution);
    (0..N)
        .map(|_| match distribution {
            "random" => [g.point::<2>(1.0), g.point::<2>(1.0), g.point::<2>(1.0)],
            "near_degenerate" => {
                // c: a rounded point on the line through a and b.
                let (a, b, s) = (
                    g.point::<2>(1.0),
                    g.point::<2>(1.0),
                    3.0 * g.next_f64() - 1.0,
                );
                let c = [a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1])];
                [a, b, c]
            }
            "exact_degenerate" => {
                let (a, v) = (int2(&mut g, 8), int2(&mut g, 3));
                let (m, n) = (g.range(-3, 3), g.range(-3, 3));
                let at = |k: i64| f2([a[0] + k * v[0], a[1] + k * v[1]]);
                [f2(a), at(m), at(n)]
            }
            _ => unreachable!(),
        })
        .collect()
}

fn orient3d_cases(distribution: &str) -> Vec<O3> {
    let mut g = seed("orient3d", distribution);
    (0..N)
        .map(|_| match distribution {
            "random" => [
                g.point::<3>(1.0),
                g.point::<3>(1.0),
                g.point::<3>(1.0),
                g.point::<3>(1.0),
            ],
            "near_degenerate" => {
                // d = a + s(b − a) + t(c − a), rounded: a point on the plane of a, b, c.
                let (a, b, c) = (g.point::<3>(1.0), g.point::<3>(1.0), g.point::<3>(1.0));
                let (s, t) = (g.signed(), g.signed());
                let d: [f64; 3] =
                    std::array::from_fn(|i| a[i] + s * (b[i] - a[i]) + t * (c[i] - a[i]));
                [a, b, c, d]
            }
            "exact_degenerate" => {
                let (a, u, v) = (int3(&mut g, 8), int3(&mut g, 3), int3(&mut g, 3));
                let at = |m: i64, n: i64| f3(std::array::from_fn(|i| a[i] + m * u[i] + n * v[i]));
                let mut k = || g.range(-3, 3);
                let (b, c, d) = (at(k(), k()), at(k(), k()), at(k(), k()));
                [f3(a), b, c, d]
            }
            _ => unreachable!(),
        })
        .collect()
}

fn incircle_cases(distribution: &str) -> Vec<C2> {
    let mut g = seed("incircle", distribution);
    let lattice = circle5();
    (0..N)
        .map(|_| match distribution {
            "random" => [
                g.point::<2>(1.0),
                g.point::<2>(1.0),
                g.point::<2>(1.0),
                g.point::<2>(1.0),
            ],
            "near_degenerate" => {
                // Four rounded points center + r·u on one circle.
                let (center, r) = (g.point::<2>(1.0), 0.1 + g.next_f64());
                let mut on = || {
                    let u = dir2(&mut g);
                    [center[0] + r * u[0], center[1] + r * u[1]]
                };
                [on(), on(), on(), on()]
            }
            "exact_degenerate" => {
                let center = int2(&mut g, 8);
                let idx = distinct::<4>(&mut g, lattice.len());
                idx.map(|i| f2([center[0] + lattice[i][0], center[1] + lattice[i][1]]))
            }
            _ => unreachable!(),
        })
        .collect()
}

fn insphere_cases(distribution: &str) -> Vec<S3> {
    let mut g = seed("insphere", distribution);
    let lattice = sphere3();
    (0..N)
        .map(|_| match distribution {
            "random" => [
                g.point::<3>(1.0),
                g.point::<3>(1.0),
                g.point::<3>(1.0),
                g.point::<3>(1.0),
                g.point::<3>(1.0),
            ],
            "near_degenerate" => {
                // Five rounded points center + r·u on one sphere.
                let (center, r) = (g.point::<3>(1.0), 0.1 + g.next_f64());
                let mut on = || {
                    let u = dir3(&mut g);
                    std::array::from_fn(|i| center[i] + r * u[i])
                };
                [on(), on(), on(), on(), on()]
            }
            "exact_degenerate" => {
                let center = int3(&mut g, 8);
                let idx = distinct::<5>(&mut g, lattice.len());
                idx.map(|i| f3(std::array::from_fn(|k| center[k] + lattice[i][k])))
            }
            _ => unreachable!(),
        })
        .collect()
}

fn to_f32<const D: usize, const K: usize>(cases: &[[[f64; D]; K]]) -> Vec<[[f32; D]; K]> {
    cases
        .iter()
        .map(|case| case.map(|p| p.map(|x| x as f32)))
        .collect()
}

// ---------------------------------------------------------------------------------------
// The naive formulas: the plain f64 determinants in Shewchuk's difference form.

#[inline(always)]
fn sign(x: f64) -> i32 {
    (x > 0.0) as i32 - (x < 0.0) as i32
}

#[inline(always)]
fn orient2d_naive(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> i32 {
    sign((a[0] - c[0]) * (b[1] - c[1]) - (a[1] - c[1]) * (b[0] - c[0]))
}

#[inline(always)]
fn orient3d_naive(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> i32 {
    let (adx, ady, adz) = (a[0] - d[0], a[1] - d[1], a[2] - d[2]);
    let (bdx, bdy, bdz) = (b[0] - d[0], b[1] - d[1], b[2] - d[2]);
    let (cdx, cdy, cdz) = (c[0] - d[0], c[1] - d[1], c[2] - d[2]);
    sign(
        adx * (bdy * cdz - bdz * cdy)
            + bdx * (cdy * adz - cdz * ady)
            + cdx * (ady * bdz - adz * bdy),
    )
}

#[inline(always)]
fn incircle_naive(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> i32 {
    let (adx, ady) = (a[0] - d[0], a[1] - d[1]);
    let (bdx, bdy) = (b[0] - d[0], b[1] - d[1]);
    let (cdx, cdy) = (c[0] - d[0], c[1] - d[1]);
    let abdet = adx * bdy - bdx * ady;
    let bcdet = bdx * cdy - cdx * bdy;
    let cadet = cdx * ady - adx * cdy;
    let alift = adx * adx + ady * ady;
    let blift = bdx * bdx + bdy * bdy;
    let clift = cdx * cdx + cdy * cdy;
    sign(alift * bcdet + blift * cadet + clift * abdet)
}

#[inline(always)]
fn insphere_naive(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3], e: [f64; 3]) -> i32 {
    let (aex, aey, aez) = (a[0] - e[0], a[1] - e[1], a[2] - e[2]);
    let (bex, bey, bez) = (b[0] - e[0], b[1] - e[1], b[2] - e[2]);
    let (cex, cey, cez) = (c[0] - e[0], c[1] - e[1], c[2] - e[2]);
    let (dex, dey, dez) = (d[0] - e[0], d[1] - e[1], d[2] - e[2]);
    let ab = aex * bey - bex * aey;
    let bc = bex * cey - cex * bey;
    let cd = cex * dey - dex * cey;
    let da = dex * aey - aex * dey;
    let ac = aex * cey - cex * aey;
    let bd = bex * dey - dex * bey;
    let abc = aez * bc - bez * ac + cez * ab;
    let bcd = bez * cd - cez * bd + dez * bc;
    let cda = cez * da + dez * ac + aez * cd;
    let dab = dez * ab + aez * bd + bez * da;
    let alift = aex * aex + aey * aey + aez * aez;
    let blift = bex * bex + bey * bey + bez * bez;
    let clift = cex * cex + cey * cey + cez * cez;
    let dlift = dex * dex + dey * dey + dez * dez;
    sign((dlift * abc - clift * dab) + (blift * cda - alift * bcd))
}

// ---------------------------------------------------------------------------------------
// The `robust` crate, signs only.

fn c2(p: [f64; 2]) -> Coord<f64> {
    Coord { x: p[0], y: p[1] }
}

fn c3(p: [f64; 3]) -> Coord3D<f64> {
    Coord3D {
        x: p[0],
        y: p[1],
        z: p[2],
    }
}

#[inline(always)]
fn robust_orient2d(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> i32 {
    sign(robust::orient2d(c2(a), c2(b), c2(c)))
}

#[inline(always)]
fn robust_orient3d(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> i32 {
    sign(robust::orient3d(c3(a), c3(b), c3(c), c3(d)))
}

#[inline(always)]
fn robust_incircle(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> i32 {
    sign(robust::incircle(c2(a), c2(b), c2(c), c2(d)))
}

#[inline(always)]
fn robust_insphere(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3], e: [f64; 3]) -> i32 {
    sign(robust::insphere(c3(a), c3(b), c3(c), c3(d), c3(e)))
}

fn s(x: Sign) -> i32 {
    x.to_i32()
}

// ---------------------------------------------------------------------------------------
// The benchmark driver.

/// Sum of the signs over a whole case array: the work criterion times.
#[inline(always)]
fn sum_signs<C: Copy>(cases: &[C], f: impl Fn(C) -> i32) -> i64 {
    cases.iter().map(|&c| f(c) as i64).sum()
}

/// Folds every sign into a rotate-xor hash. The fold is not a reduction the compiler can
/// reorder, so calls cannot be vectorized across loop iterations: each call runs as it
/// does in real code, where every answer feeds a branch. This is the consumer of the
/// comparisons quoted in docs/BENCHMARKS.md.
///
/// Never inlined, and the correctness check in [`bench_predicate`] calls it too (on
/// one-case slices): so the timed loop is the checked code, and each predicate closure has
/// exactly one call site, inside this loop. (When the check called the `isect_f64` closure
/// directly, that second call site made LLVM call the closure out of line in the timed
/// loop: the `isect_f64` row then timed a function call per predicate that `naive`, small
/// enough to inline anyway, and `isect_f32`, with one call site, did not pay.)
#[inline(never)]
fn hash_signs<C: Copy>(cases: &[C], f: impl Fn(C) -> i32) -> i64 {
    cases
        .iter()
        .fold(0i64, |h, &c| h.rotate_left(1) ^ i64::from(f(c)))
}
/// One predicate: `naive`, `robust`, `isect_f64` and `isect_f32` on every distribution.
///
/// Before timing, the f64 cases are checked: `isect_f64` must agree with `robust`
/// (exact for these magnitudes) on every case, and be `Zero` on `exact_degenerate`.
/// Benchmarking a kernel that answers wrongly would measure nothing of use.
#[allow(clippy::too_many_arguments)]
fn bench_predicate<C: Copy, C32: Copy>(
    c: &mut Criterion,
    name: &str,
    make: fn(&str) -> Vec<C>,
    convert: fn(&[C]) -> Vec<C32>,
    naive: impl Fn(C) -> i32,
    robust: impl Fn(C) -> i32,
    isect_f64: impl Fn(C) -> i32,
    isect_f32: impl Fn(C32) -> i32,
) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(N as u64));
    for distribution in DISTRIBUTIONS {
        let cases = make(distribution);
        let cases32 = convert(&cases);
        let mut naive_wrong = 0;
        for (i, &case) in cases.iter().enumerate() {
            // A one-case hash is the sign itself: h = 0.rotate_left(1) ^ sign.
            let got = hash_signs(std::slice::from_ref(&case), &isect_f64) as i32;
            let want = robust(case);
            naive_wrong += usize::from(naive(case) != got);
            assert_eq!(
                got, want,
                "{name}/{distribution} case {i}: isect_f64 disagrees with robust"
            );
            if distribution == "exact_degenerate" {
                assert_eq!(got, 0, "{name}/{distribution} case {i}: not degenerate");
            }
        }
        eprintln!("{name}/{distribution}: naive sign wrong on {naive_wrong} of {N} cases");
        // `naive_simd` sums the signs, which lets LLVM vectorize the branch-free naive
        // formula across calls (two at a time with SSE2): shown for reference, since no
        // adaptive predicate (one with a slow path to branch to) can be vectorized so.
        let impls: [(&str, &dyn Fn() -> i64); 5] = [
            ("naive", &|| hash_signs(black_box(&cases[..]), &naive)),
            ("naive_simd", &|| sum_signs(black_box(&cases[..]), &naive)),
            ("robust", &|| hash_signs(black_box(&cases[..]), &robust)),
            ("isect_f64", &|| {
                hash_signs(black_box(&cases[..]), &isect_f64)
            }),
            ("isect_f32", &|| {
                hash_signs(black_box(&cases32[..]), &isect_f32)
            }),
        ];
        // Each closure is monomorphised with its predicate inlined into the loop; the one
        // dynamic call per iteration (per N predicate calls) is negligible.
        for (implementation, run) in impls {
            group.bench_function(BenchmarkId::new(implementation, distribution), |bench| {
                bench.iter(|| black_box(run()))
            });
        }
    }
    group.finish();
}

fn orient2d(c: &mut Criterion) {
    bench_predicate(
        c,
        "orient2d",
        orient2d_cases,
        to_f32,
        |[a, b, c]| orient2d_naive(a, b, c),
        |[a, b, c]| robust_orient2d(a, b, c),
        |[a, b, c]| s(isect::orient2d(a, b, c)),
        |[a, b, c]| s(isect::orient2d(a, b, c)),
    );
}

fn orient3d(c: &mut Criterion) {
    bench_predicate(
        c,
        "orient3d",
        orient3d_cases,
        to_f32,
        |[a, b, c, d]| orient3d_naive(a, b, c, d),
        |[a, b, c, d]| robust_orient3d(a, b, c, d),
        |[a, b, c, d]| s(isect::orient3d(a, b, c, d)),
        |[a, b, c, d]| s(isect::orient3d(a, b, c, d)),
    );
}

fn incircle(c: &mut Criterion) {
    bench_predicate(
        c,
        "incircle",
        incircle_cases,
        to_f32,
        |[a, b, c, d]| incircle_naive(a, b, c, d),
        |[a, b, c, d]| robust_incircle(a, b, c, d),
        |[a, b, c, d]| s(isect::incircle(a, b, c, d)),
        |[a, b, c, d]| s(isect::incircle(a, b, c, d)),
    );
}

fn insphere(c: &mut Criterion) {
    bench_predicate(
        c,
        "insphere",
        insphere_cases,
        to_f32,
        |[a, b, c, d, e]| insphere_naive(a, b, c, d, e),
        |[a, b, c, d, e]| robust_insphere(a, b, c, d, e),
        |[a, b, c, d, e]| s(isect::insphere(a, b, c, d, e)),
        |[a, b, c, d, e]| s(isect::insphere(a, b, c, d, e)),
    );
}

// ---------------------------------------------------------------------------------------
// Batch predicates (`isect::predicates::*_batch`, `orient3d_many`).

/// `-1`, `0`, `1` as a [`Sign`] (a select, so the plain loops writing signs vectorize).
#[inline(always)]
fn to_sign(v: i32) -> Sign {
    match v {
        1 => Sign::Positive,
        -1 => Sign::Negative,
        _ => Sign::Zero,
    }
}

/// The cases as `K` columns, one slice per argument: what a batch call takes.
fn columns<const D: usize, const K: usize>(cases: &[[[f64; D]; K]]) -> [Vec<[f64; D]>; K] {
    std::array::from_fn(|k| cases.iter().map(|case| case[k]).collect())
}

/// One predicate's batch group, `<name>_batch`, on every distribution, rows:
///
/// - `naive`: the plain formula folded into the hash, one call at a time (as in the
///   predicate's own group): the scalar plain determinant loop;
/// - `naive_simd`: the plain formula with the signs summed, which LLVM vectorizes;
/// - `naive_out`: the plain formula over the columns writing a `Sign` per row into an
///   output slice, the same work and output as the batch call (LLVM vectorizes it too);
/// - `isect_loop`: the exact scalar predicate writing a `Sign` per row (the loop a user
///   writes without the batch entry point);
/// - `batch`: the batch entry point on the columns;
/// - `naive_axes`, `naive_out_axes`, `batch_axes`: `naive`, `naive_out` and `batch` on the
///   same rows stored as one slice per axis ([`Axes`], structure of arrays).
///
/// Before timing, `batch` and `batch_axes` must equal the scalar exact predicate on every
/// row.
#[allow(clippy::too_many_arguments)]
fn bench_batch<const D: usize, const K: usize>(
    c: &mut Criterion,
    name: &str,
    make: fn(&str) -> Vec<[[f64; D]; K]>,
    naive: impl Fn([[f64; D]; K]) -> i32,
    exact: impl Fn([[f64; D]; K]) -> Sign,
    naive_row: impl Fn(&[&[[f64; D]]; K], usize) -> i32,
    batch: impl Fn(&[Vec<[f64; D]>; K], &mut [Sign]),
    batch_axes: impl Fn([Axes<'_, f64, D>; K], &mut [Sign]),
) {
    let mut group = c.benchmark_group(format!("{name}_batch"));
    group.throughput(Throughput::Elements(N as u64));
    for distribution in DISTRIBUTIONS {
        let cases = make(distribution);
        let cols = columns(&cases);
        // The same rows as one slice per axis: `soa[k][j][i]` is coordinate `j` of
        // argument `k` of row `i`.
        let soa: [[Vec<f64>; D]; K] = std::array::from_fn(|k| {
            std::array::from_fn(|j| cols[k].iter().map(|p| p[j]).collect())
        });
        let axes = || -> [Axes<'_, f64, D>; K] {
            std::array::from_fn(|k| Axes::new(std::array::from_fn(|j| &soa[k][j][..N])).unwrap())
        };
        let mut out = vec![Sign::Zero; N];
        let mut out_axes = vec![Sign::Zero; N];
        batch(&cols, &mut out);
        batch_axes(axes(), &mut out_axes);
        for (i, &case) in cases.iter().enumerate() {
            assert_eq!(
                out[i],
                exact(case),
                "{name}/{distribution} case {i}: the batch disagrees with the scalar predicate"
            );
            assert_eq!(
                out_axes[i], out[i],
                "{name}/{distribution} case {i}: the batch on axes disagrees"
            );
        }
        // Row `i` gathered from the axes.
        let gather = |soa: &[[&[f64]; D]; K], i: usize| -> [[f64; D]; K] {
            std::array::from_fn(|k| std::array::from_fn(|j| soa[k][j][i]))
        };
        let out = std::cell::RefCell::new(out);
        let impls: [(&str, &dyn Fn() -> i64); 8] = [
            ("naive", &|| hash_signs(black_box(&cases[..]), &naive)),
            ("naive_simd", &|| sum_signs(black_box(&cases[..]), &naive)),
            ("naive_out", &|| {
                // Every slice cut to N, so that LLVM drops the bounds checks and vectorizes.
                let cols = black_box(&cols);
                let cols: [&[[f64; D]]; K] = std::array::from_fn(|k| &cols[k][..N]);
                let mut out = out.borrow_mut();
                for (i, o) in out[..N].iter_mut().enumerate() {
                    *o = to_sign(naive_row(&cols, i));
                }
                black_box(&out[..]);
                0
            }),
            ("isect_loop", &|| {
                let cases = black_box(&cases[..]);
                let mut out = out.borrow_mut();
                for (o, &case) in out.iter_mut().zip(cases) {
                    *o = exact(case);
                }
                black_box(&out[..]);
                0
            }),
            ("batch", &|| {
                let mut out = out.borrow_mut();
                batch(black_box(&cols), &mut out);
                black_box(&out[..]);
                0
            }),
            ("naive_axes", &|| {
                let soa = black_box(&soa);
                let soa: [[&[f64]; D]; K] =
                    std::array::from_fn(|k| std::array::from_fn(|j| &soa[k][j][..N]));
                (0..N).fold(0i64, |h, i| {
                    h.rotate_left(1) ^ i64::from(naive(gather(&soa, i)))
                })
            }),
            ("naive_out_axes", &|| {
                let soa = black_box(&soa);
                let soa: [[&[f64]; D]; K] =
                    std::array::from_fn(|k| std::array::from_fn(|j| &soa[k][j][..N]));
                let mut out = out.borrow_mut();
                for (i, o) in out[..N].iter_mut().enumerate() {
                    *o = to_sign(naive(gather(&soa, i)));
                }
                black_box(&out[..]);
                0
            }),
            ("batch_axes", &|| {
                let mut out = out.borrow_mut();
                batch_axes(black_box(axes()), &mut out);
                black_box(&out[..]);
                0
            }),
        ];
        for (implementation, run) in impls {
            group.bench_function(BenchmarkId::new(implementation, distribution), |bench| {
                bench.iter(|| black_box(run()))
            });
        }
    }
    group.finish();
}

/// orient3d rows sharing `a, b, c` (one plane, many points: `orient3d_many`): `d` uniform
/// (`random`), rounded onto the plane (`near_degenerate`), or an integer point of the
/// plane of three lattice points (`exact_degenerate`).
fn orient3d_many_cases(distribution: &str) -> Vec<O3> {
    let mut g = seed("orient3d_many", distribution);
    let (a, b, c) = match distribution {
        "exact_degenerate" => (f3([0, 0, 0]), f3([1, 2, 3]), f3([3, -1, 2])),
        _ => (g.point::<3>(1.0), g.point::<3>(1.0), g.point::<3>(1.0)),
    };
    (0..N)
        .map(|_| {
            let d = match distribution {
                "random" => g.point::<3>(1.0),
                "near_degenerate" => {
                    let (s, t) = (g.signed(), g.signed());
                    std::array::from_fn(|i| a[i] + s * (b[i] - a[i]) + t * (c[i] - a[i]))
                }
                "exact_degenerate" => {
                    let (m, n) = (g.range(-50, 50) as f64, g.range(-50, 50) as f64);
                    std::array::from_fn(|i| m * b[i] + n * c[i])
                }
                _ => unreachable!(),
            };
            [a, b, c, d]
        })
        .collect()
}

fn batches(c: &mut Criterion) {
    use isect::predicates::{
        incircle_batch, insphere_batch, orient2d_batch, orient3d_batch, orient3d_many,
    };
    bench_batch(
        c,
        "orient2d",
        orient2d_cases,
        |[a, b, c]| orient2d_naive(a, b, c),
        |[a, b, c]| isect::orient2d(a, b, c),
        |[a, b, c], i| orient2d_naive(a[i], b[i], c[i]),
        |[a, b, c], out| orient2d_batch(&a[..], &b[..], &c[..], out).unwrap(),
        |[a, b, c], out| orient2d_batch(a, b, c, out).unwrap(),
    );
    bench_batch(
        c,
        "orient3d",
        orient3d_cases,
        |[a, b, c, d]| orient3d_naive(a, b, c, d),
        |[a, b, c, d]| isect::orient3d(a, b, c, d),
        |[a, b, c, d], i| orient3d_naive(a[i], b[i], c[i], d[i]),
        |[a, b, c, d], out| orient3d_batch(&a[..], &b[..], &c[..], &d[..], out).unwrap(),
        |[a, b, c, d], out| orient3d_batch(a, b, c, d, out).unwrap(),
    );
    bench_batch(
        c,
        "orient3d_many",
        orient3d_many_cases,
        |[a, b, c, d]| orient3d_naive(a, b, c, d),
        |[a, b, c, d]| isect::orient3d(a, b, c, d),
        |[a, b, c, d], i| orient3d_naive(a[i], b[i], c[i], d[i]),
        |[a, b, c, d], out| orient3d_many(&a[0], &b[0], &c[0], &d[..], out).unwrap(),
        // `orient3d_many` takes a slice of points; on axes, the batch with the plane's
        // points shared.
        |[a, b, c, d], out| {
            let p = |x: Axes<'_, f64, 3>| x.axes().map(|v| v[0]);
            orient3d_batch(&p(a), &p(b), &p(c), d, out).unwrap()
        },
    );
    bench_batch(
        c,
        "incircle",
        incircle_cases,
        |[a, b, c, d]| incircle_naive(a, b, c, d),
        |[a, b, c, d]| isect::incircle(a, b, c, d),
        |[a, b, c, d], i| incircle_naive(a[i], b[i], c[i], d[i]),
        |[a, b, c, d], out| incircle_batch(&a[..], &b[..], &c[..], &d[..], out).unwrap(),
        |[a, b, c, d], out| incircle_batch(a, b, c, d, out).unwrap(),
    );
    bench_batch(
        c,
        "insphere",
        insphere_cases,
        |[a, b, c, d, e]| insphere_naive(a, b, c, d, e),
        |[a, b, c, d, e]| isect::insphere(a, b, c, d, e),
        |[a, b, c, d, e], i| insphere_naive(a[i], b[i], c[i], d[i], e[i]),
        |[a, b, c, d, e], out| insphere_batch(&a[..], &b[..], &c[..], &d[..], &e[..], out).unwrap(),
        |[a, b, c, d, e], out| insphere_batch(a, b, c, d, e, out).unwrap(),
    );
}

fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(30)
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = orient2d, orient3d, incircle, insphere, batches
}
criterion_main!(benches);
