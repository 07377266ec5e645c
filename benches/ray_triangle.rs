//! Ray/triangle: isect's exact exactly-once test against Möller–Trumbore (f64, no
//! epsilon) and Woop–Benthin–Wald (f64), on the same rays in the same process.
//!
//! Inputs: 1024 (ray, triangle) pairs from a seeded generator.
//! * `random`: triangle vertices uniform in [-1, 1]³, rays from a uniform point in
//!   [-4, 4]³ toward a uniform point in [-1, 1]³ (about 10% hit);
//! * `edge_aimed`: triangles on an integer grid, rays aimed exactly at the midpoint of an
//!   edge or at a vertex (every pair is a tie the exact test must break).
//!
//! Every implementation's answers are folded into a hash so nothing is optimised away;
//! before timing, the bench checks that the exact test agrees with Möller–Trumbore
//! wherever the latter's answer is clear-cut (barycentrics away from 0 by 1e-9).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use isect::ray::triangle::{ray_triangle, ray_triangle_moller_with, ray_triangle_woop};
use isect::{policy::Naive, Ray, Triangle};
use std::hint::black_box;
use std::time::Duration;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
    fn p(&mut self, s: f64) -> [f64; 3] {
        [self.unit() * s, self.unit() * s, self.unit() * s]
    }
}

type Case = (Ray<f64>, Triangle<f64>);

fn random_cases() -> Vec<Case> {
    let mut rng = Rng(1);
    (0..1024)
        .map(|_| {
            let tri = Triangle::new(rng.p(1.0), rng.p(1.0), rng.p(1.0));
            let o = rng.p(4.0);
            let target = rng.p(1.0);
            let d = [target[0] - o[0], target[1] - o[1], target[2] - o[2]];
            (Ray::new(o, d), tri)
        })
        .collect()
}

fn edge_cases() -> Vec<Case> {
    let mut rng = Rng(2);
    let g = |rng: &mut Rng| [0; 3].map(|_: i32| (rng.next() % 17) as f64 - 8.0);
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

fn fold(h: u64, hit: Option<f64>) -> u64 {
    (h.rotate_left(5) ^ hit.map_or(0, |t| t.to_bits() | 1)).wrapping_mul(0x100_0000_01b3)
}

fn check(cases: &[Case]) {
    for (r, t) in cases {
        if let Some(m) = ray_triangle_moller_with(r, t, Naive) {
            if m.barycentric.iter().all(|w| *w > 1e-9) {
                assert!(
                    ray_triangle(r, t).is_some(),
                    "exact misses a clear hit: {r:?} {t:?}"
                );
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ray_triangle");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(1024));
    for (name, cases) in [("random", random_cases()), ("edge_aimed", edge_cases())] {
        check(&cases);
        let hits = cases
            .iter()
            .filter(|(r, t)| ray_triangle(r, t).is_some())
            .count();
        println!("ray_triangle/{name}: exact hits {hits} of {}", cases.len());
        group.bench_with_input(BenchmarkId::new("moller_f64", name), &cases, |b, cs| {
            b.iter(|| {
                cs.iter().fold(0u64, |h, (r, t)| {
                    fold(
                        h,
                        ray_triangle_moller_with(black_box(r), black_box(t), Naive).map(|x| x.t),
                    )
                })
            })
        });
        group.bench_with_input(BenchmarkId::new("woop_f64", name), &cases, |b, cs| {
            b.iter(|| {
                cs.iter().fold(0u64, |h, (r, t)| {
                    fold(
                        h,
                        ray_triangle_woop(black_box(r), black_box(t)).map(|x| x.t),
                    )
                })
            })
        });
        group.bench_with_input(
            BenchmarkId::new("isect_exact_f64", name),
            &cases,
            |b, cs| {
                b.iter(|| {
                    cs.iter().fold(0u64, |h, (r, t)| {
                        fold(h, ray_triangle(black_box(r), black_box(t)).map(|x| x.t))
                    })
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
