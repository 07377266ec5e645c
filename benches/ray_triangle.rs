//! Ray/triangle: isect's exact exactly-once test against Möller–Trumbore (f64, no
//! epsilon: isect's `ray_triangle_moller_with(.., Naive)` and a textbook version written
//! here) and Woop–Benthin–Wald (f64), on the same rays in the same process. All four
//! return the same result type (`t`, weights, front/back) and are called out of line.
//!
//! Inputs from a seeded generator:
//! * `random`: 1024 pairs, triangle vertices uniform in [-1, 1]³, rays from a uniform
//!   point in [-4, 4]³ toward a uniform point in [-1, 1]³ (about 10% hit);
//! * `random_large`: 65536 pairs of the same kind. Timing the same 1024 pairs over and
//!   over lets the branch predictors learn their outcomes, which flatters the tests whose
//!   mispredictions cost most (Möller–Trumbore divides before its first early exit); with
//!   65536 distinct pairs they cannot (times are still given per 1024 calls);
//! * `edge_aimed`: 1024 pairs, triangles on an integer grid, rays aimed exactly at the
//!   midpoint of an edge or at a vertex (every pair is a tie the exact test must break).
//!
//! Every implementation's answers (`t` and a weight) are folded into a hash so nothing is
//! optimised away;
//! before timing, the bench checks that the exact test agrees with Möller–Trumbore
//! wherever the latter's answer is clear-cut (barycentrics away from 0 by 1e-9).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use isect::ray::{RayHit, ray_triangle, ray_triangle_moller_with, ray_triangle_woop};
use isect::{Ray, Triangle, policy::Naive};
use isect_testkit::{Rng, RngExt};
use std::hint::black_box;
use std::time::Duration;

type Case = (Ray<f64>, Triangle<f64>);

fn random_cases() -> Vec<Case> {
    random_cases_n(1024)
}

/// `n` random cases (the first 1024 are `random_cases()`).
fn random_cases_n(n: usize) -> Vec<Case> {
    let mut rng = Rng::new(1);
    (0..n)
        .map(|_| {
            let tri = Triangle::new(
                rng.point::<3>(1.0),
                rng.point::<3>(1.0),
                rng.point::<3>(1.0),
            );
            let o = rng.point::<3>(4.0);
            let target = rng.point::<3>(1.0);
            let d = [target[0] - o[0], target[1] - o[1], target[2] - o[2]];
            (Ray::new(o, d), tri)
        })
        .collect()
}

fn edge_cases() -> Vec<Case> {
    let mut rng = Rng::new(2);
    let g = |rng: &mut Rng| [0; 3].map(|_: i32| (rng.next_u64() % 17) as f64 - 8.0);
    (0..1024)
        .map(|i| {
            let (a, b, c) = (g(&mut rng), g(&mut rng), g(&mut rng));
            let target: [f64; 3] = if i % 2 == 0 {
                core::array::from_fn(|k| (a[k] + b[k]) / 2.0)
            } else {
                a
            };
            let d = g(&mut rng);
            let d = if d == [0.0; 3] { [1.0, 2.0, 3.0] } else { d };
            let o = core::array::from_fn(|k| target[k] - 3.0 * d[k]);
            (Ray::new(o, d), Triangle::new(a, b, c))
        })
        .collect()
}

/// The hit's `t` and its weight on `b` (so both are live in every implementation).
fn key(hit: Option<RayHit<f64>>) -> Option<(f64, f64)> {
    hit.map(|x| (x.t, x.barycentric[1]))
}

fn fold(h: u64, hit: Option<(f64, f64)>) -> u64 {
    (h.rotate_left(5) ^ hit.map_or(0, |(t, w)| t.to_bits() ^ w.to_bits().rotate_left(29) | 1))
        .wrapping_mul(0x100_0000_01b3)
}

fn check(cases: &[Case]) {
    for (r, t) in cases {
        if let Some(m) = ray_triangle_moller_with(Naive, r, t)
            && m.barycentric.iter().all(|w| *w > 1e-9)
        {
            assert!(
                ray_triangle(r, t).is_some(),
                "exact misses a clear hit: {r:?} {t:?}"
            );
        }
    }
}

/// Folds the exact test over `cases` (kept out of line so profilers can find it).
#[inline(never)]
fn run_exact(cases: &[Case]) -> u64 {
    cases.iter().fold(0u64, |h, (r, t)| {
        fold(h, key(ray_triangle(black_box(r), black_box(t))))
    })
}

/// isect's Möller–Trumbore (`f64`, no epsilon), out of line like the other three: inlined
/// into its loop, it would skip the call the exact test pays.
#[inline(never)]
fn moller_isect(r: &Ray<f64>, t: &Triangle<f64>) -> Option<RayHit<f64>> {
    ray_triangle_moller_with(Naive, r, t)
}

/// Folds Möller–Trumbore (f64, no epsilon) over `cases`.
#[inline(never)]
fn run_moller(cases: &[Case]) -> u64 {
    cases.iter().fold(0u64, |h, (r, t)| {
        fold(h, key(moller_isect(black_box(r), black_box(t))))
    })
}

/// Textbook Möller–Trumbore in `f64` (Möller & Trumbore 1997, the variant that divides
/// once, up front), written out here as a second baseline: no policy, no epsilon, the
/// closed triangle, the same result type as the other two.
#[inline(never)]
fn moller_plain(r: &Ray<f64>, tri: &Triangle<f64>) -> Option<RayHit<f64>> {
    let sub = |p: &[f64; 3], q: &[f64; 3]| [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
    let cross = |p: &[f64; 3], q: &[f64; 3]| {
        [
            p[1] * q[2] - p[2] * q[1],
            p[2] * q[0] - p[0] * q[2],
            p[0] * q[1] - p[1] * q[0],
        ]
    };
    let dot = |p: &[f64; 3], q: &[f64; 3]| p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
    let (o, d) = (&r.origin, &r.direction);
    let e1 = sub(&tri.b, &tri.a);
    let e2 = sub(&tri.c, &tri.a);
    let p = cross(d, &e2);
    let det = dot(&e1, &p);
    if det == 0.0 {
        return None;
    }
    let inv = 1.0 / det;
    let s = sub(o, &tri.a);
    let u = dot(&s, &p) * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = cross(&s, &e1);
    let v = dot(d, &q) * inv;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let t = dot(&e2, &q) * inv;
    if t < 0.0 {
        return None;
    }
    Some(RayHit {
        t,
        barycentric: [1.0 - u - v, u, v],
        front: det > 0.0,
        t_error: f64::NAN,
    })
}

/// Folds the textbook Möller–Trumbore over `cases`.
#[inline(never)]
fn run_plain(cases: &[Case]) -> u64 {
    cases.iter().fold(0u64, |h, (r, t)| {
        fold(h, key(moller_plain(black_box(r), black_box(t))))
    })
}

/// Folds Woop–Benthin–Wald (f64) over `cases`.
#[inline(never)]
fn run_woop(cases: &[Case]) -> u64 {
    cases.iter().fold(0u64, |h, (r, t)| {
        fold(h, key(ray_triangle_woop(black_box(r), black_box(t))))
    })
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ray_triangle");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(1024));
    for (name, cases) in [
        ("random", random_cases()),
        ("random_large", random_cases_n(65536)),
        ("edge_aimed", edge_cases()),
    ] {
        check(&cases);
        group.throughput(Throughput::Elements(cases.len() as u64));
        let hits = cases
            .iter()
            .filter(|(r, t)| ray_triangle(r, t).is_some())
            .count();
        println!("ray_triangle/{name}: exact hits {hits} of {}", cases.len());
        group.bench_with_input(BenchmarkId::new("moller_f64", name), &cases, |b, cs| {
            b.iter(|| run_moller(cs))
        });
        group.bench_with_input(
            BenchmarkId::new("moller_plain_f64", name),
            &cases,
            |b, cs| b.iter(|| run_plain(cs)),
        );
        group.bench_with_input(BenchmarkId::new("woop_f64", name), &cases, |b, cs| {
            b.iter(|| run_woop(cs))
        });
        group.bench_with_input(
            BenchmarkId::new("isect_exact_f64", name),
            &cases,
            |b, cs| b.iter(|| run_exact(cs)),
        );
    }
    group.finish();
}

criterion_group!(benches, bench);

/// `ISECT_RT_RATIO=random|edge_aimed|random_large`: 301 rounds, each timing 20 passes (one
/// for `random_large`, 65536 pairs) of both
/// Möller–Trumbore baselines, of the exact test and of Woop back to back, and prints the
/// medians of the per-round times and ratios. On a
/// shared, loaded machine this is steadier than criterion's separate measurements, since
/// both sides of each ratio see the same load.
fn interleaved_ratios(input: &str) {
    let cases = match input {
        "edge_aimed" => edge_cases(),
        // 65536 pairs (7.5 MiB): too many for the branch predictors to learn the
        // outcomes of the repeated 1024 (and beyond the L2 cache).
        "random_large" => random_cases_n(65536),
        _ => random_cases(),
    };
    let passes = (20 * 1024 / cases.len()).max(1);
    let time = |f: fn(&[Case]) -> u64| {
        let start = std::time::Instant::now();
        let mut h = 0u64;
        for _ in 0..passes {
            h = h.wrapping_add(f(black_box(&cases)));
        }
        black_box(h);
        start.elapsed().as_secs_f64() / (passes * cases.len()) as f64 * 1024.0
    };
    let mut r: [Vec<f64>; 5] = Default::default();
    for _ in 0..301 {
        let m = time(run_moller);
        let p = time(run_plain);
        let e = time(run_exact);
        let w = time(run_woop);
        for (v, x) in r.iter_mut().zip([m, p, e / m, e / p, w / m]) {
            v.push(x);
        }
    }
    let [m, p, em, ep, wm] = r.map(|mut v| {
        v.sort_by(|a, b| a.total_cmp(b));
        v[v.len() / 2]
    });
    println!(
        "{input}: medians per 1024 calls: MT (isect, Naive) {:.2} µs, MT (textbook) {:.2} µs; \
         exact/MT(isect) {em:.3}, exact/MT(textbook) {ep:.3}, woop/MT(isect) {wm:.3}",
        m * 1e6,
        p * 1e6,
    );
}

/// `ISECT_RT_PROFILE=exact|moller|plain|woop[:random|:random_large|:edge_aimed]` runs one
/// implementation `ISECT_RT_ITERS` (default 2000) times over the cases and exits, without
/// criterion: a fixed workload for
/// `valgrind --tool=callgrind` instruction counts. Otherwise the criterion benches run.
fn main() {
    if let Ok(input) = std::env::var("ISECT_RT_RATIO") {
        interleaved_ratios(&input);
        return;
    }
    if let Ok(spec) = std::env::var("ISECT_RT_PROFILE") {
        let (which, input) = spec.split_once(':').unwrap_or((spec.as_str(), "random"));
        let cases = match input {
            "edge_aimed" => edge_cases(),
            "random_large" => random_cases_n(65536),
            _ => random_cases(),
        };
        let run = match which {
            "exact" => run_exact,
            "moller" => run_moller,
            "plain" => run_plain,
            "woop" => run_woop,
            _ => panic!("ISECT_RT_PROFILE: expected exact, moller, plain or woop, got {which:?}"),
        };
        let iters: usize = std::env::var("ISECT_RT_ITERS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(2000);
        let h = (0..iters).fold(0u64, |h, _| h.wrapping_add(run(black_box(&cases))));
        println!("{spec}: {h:x}");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
