//! Ray/AABB and ray/sphere: isect's exact tests against the classic float forms, on the
//! same rays in the same process.
//!
//! * ray/AABB: `exact_f64` ([`ray_aabb`]), `slab_f64` (classic slab with the inverse
//!   direction precomputed per ray, [`ray_aabb_slab`]), `conservative_f64` (Ize's widened
//!   exit, [`ray_aabb_conservative`]), `slopes_f64` (Eisemann et al., [`ray_aabb_slopes`]).
//!   The per-ray precomputation of the last three (`SlabRay`, `SlopeRay`) is done once,
//!   outside the timed loop, as a BVH traversal would.
//! * ray/sphere: `exact_f64` ([`ray_sphere`]) against `algebraic_f64` and
//!   `geometric_f64` (RTR §22.6.1 and §22.6.2 under `Naive`).
//!
//! Inputs: 1024 (ray, shape) pairs from a seeded generator.
//! * `random`: boxes centred in `[-1, 1]³` with sides in `[0, 1]`, spheres centred in
//!   `[-1, 1]³` with radii in `[0, 0.5]`; rays from a uniform point in `[-4, 4]³` toward a
//!   uniform point in `[-1, 1]³`;
//! * `aimed`: integer-grid boxes with rays aimed exactly at a corner or edge midpoint, and
//!   spheres with rays exactly tangent to them (every pair is a tie for the exact test).
//!
//! Every implementation's answers are folded into a hash so nothing is optimised away.
//! Before timing, the bench asserts that the variants agree with the exact test wherever
//! the answer is clear-cut, and that the conservative slab never misses an exact hit.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::ray::{
    SlabRay, SlopeRay, Span, ray_aabb, ray_aabb_conservative, ray_aabb_slab, ray_aabb_slopes,
};
use isect::ray::{ray_sphere, ray_sphere_algebraic, ray_sphere_geometric};
use isect::{Aabb, Ray, Sphere};
use isect_testkit::{Rng, RngExt};
use std::hint::black_box;
use std::time::Duration;

fn random_ray(rng: &mut Rng) -> Ray<f64> {
    let o = rng.point::<3>(4.0);
    let target = rng.point::<3>(1.0);
    Ray::new(o, core::array::from_fn(|k| target[k] - o[k]))
}

type BoxCase = (Ray<f64>, Aabb<f64>);
type SphereCase = (Ray<f64>, Sphere<f64>);

fn random_boxes() -> Vec<BoxCase> {
    let mut rng = Rng::new(11);
    (0..1024)
        .map(|_| {
            let c = rng.point::<3>(1.0);
            let h = rng.point::<3>(0.25).map(f64::abs);
            let b = Aabb::new(
                core::array::from_fn(|k| c[k] - h[k]),
                core::array::from_fn(|k| c[k] + h[k]),
            );
            (random_ray(&mut rng), b)
        })
        .collect()
}

fn aimed_boxes() -> Vec<BoxCase> {
    let mut rng = Rng::new(12);
    (0..1024)
        .map(|i| {
            let lo: [f64; 3] = core::array::from_fn(|_| rng.range(-4, 4) as f64);
            let hi: [f64; 3] = core::array::from_fn(|k| lo[k] + rng.range(1, 4) as f64);
            // A corner, or the midpoint of an edge along axis i % 3.
            let mut target: [f64; 3] = core::array::from_fn(|k| {
                if rng.next_u64() & 1 == 0 {
                    lo[k]
                } else {
                    hi[k]
                }
            });
            if i % 2 == 1 {
                let k = i % 3;
                target[k] = (lo[k] + hi[k]) / 2.0;
            }
            let mut d: [f64; 3] = core::array::from_fn(|_| rng.range(-3, 3) as f64);
            if d == [0.0; 3] {
                d = [1.0, 2.0, 3.0];
            }
            let o = core::array::from_fn(|k| target[k] - 3.0 * d[k]);
            (Ray::new(o, d), Aabb::new(lo, hi))
        })
        .collect()
}

fn random_spheres() -> Vec<SphereCase> {
    let mut rng = Rng::new(21);
    (0..1024)
        .map(|_| {
            let s = Sphere::new(rng.point::<3>(1.0), rng.signed().abs() * 0.5);
            (random_ray(&mut rng), s)
        })
        .collect()
}

/// Rays exactly tangent to integer spheres: `|P| = r` for lattice points `P`, `d ⊥ P`.
fn tangent_spheres() -> Vec<SphereCase> {
    const LATTICE: [([f64; 3], f64); 4] = [
        ([3.0, 4.0, 0.0], 5.0),
        ([1.0, 2.0, 2.0], 3.0),
        ([2.0, 3.0, 6.0], 7.0),
        ([2.0, 6.0, 9.0], 11.0),
    ];
    let mut rng = Rng::new(22);
    (0..1024)
        .map(|i| {
            let (p, r) = LATTICE[i % LATTICE.len()];
            let c: [f64; 3] = core::array::from_fn(|_| rng.range(-4, 4) as f64);
            let w: [f64; 3] = core::array::from_fn(|_| rng.range(-3, 3) as f64);
            let mut d = [
                p[1] * w[2] - p[2] * w[1],
                p[2] * w[0] - p[0] * w[2],
                p[0] * w[1] - p[1] * w[0],
            ];
            if d == [0.0; 3] {
                d = [p[1], -p[0], 0.0];
            }
            let o = core::array::from_fn(|k| c[k] + p[k] - 2.0 * d[k]);
            (Ray::new(o, d), Sphere::new(c, r))
        })
        .collect()
}

fn fold(h: u64, hit: Option<f64>) -> u64 {
    (h.rotate_left(5) ^ hit.map_or(0, |t| t.to_bits() | 1)).wrapping_mul(0x100_0000_01b3)
}

fn check_boxes(cases: &[BoxCase]) {
    for (r, b) in cases {
        let exact = ray_aabb(r, b);
        let (slab, slope) = (SlabRay::new(r), SlopeRay::new(r));
        if exact.is_some() {
            assert!(
                ray_aabb_conservative(&slab, b).is_some(),
                "conservative missed {r:?} {b:?}"
            );
        }
        // Clear-cut: the exact span is long, or the ray misses by a margin in t.
        let clear = match exact {
            Some(Span { t_enter, t_exit }) => t_exit - t_enter > 1e-9 * t_exit.abs().max(1.0),
            None => {
                let grown = Aabb::new(b.min.map(|x| x - 1e-6), b.max.map(|x| x + 1e-6));
                ray_aabb(r, &grown).is_none()
            }
        };
        if clear {
            assert_eq!(
                ray_aabb_slab(&slab, b).is_some(),
                exact.is_some(),
                "slab {r:?} {b:?}"
            );
            assert_eq!(
                ray_aabb_slopes(&slope, b).is_some(),
                exact.is_some(),
                "slopes {r:?} {b:?}"
            );
        }
    }
}

fn check_spheres(cases: &[SphereCase]) {
    for (r, s) in cases {
        let exact = ray_sphere(r, s).is_some();
        let grown = ray_sphere(r, &Sphere::new(s.center, s.radius * (1.0 + 1e-6))).is_some();
        let shrunk = ray_sphere(r, &Sphere::new(s.center, s.radius * (1.0 - 1e-6))).is_some();
        if grown == shrunk {
            assert_eq!(
                ray_sphere_algebraic(r, s).is_some(),
                exact,
                "algebraic {r:?} {s:?}"
            );
            assert_eq!(
                ray_sphere_geometric(r, s).is_some(),
                exact,
                "geometric {r:?} {s:?}"
            );
        }
    }
}

fn bench_aabb(c: &mut Criterion) {
    let mut group = c.benchmark_group("ray_aabb");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(1024));
    for (name, cases) in [("random", random_boxes()), ("aimed", aimed_boxes())] {
        check_boxes(&cases);
        let hits = cases
            .iter()
            .filter(|(r, b)| ray_aabb(r, b).is_some())
            .count();
        println!("ray_aabb/{name}: exact hits {hits} of {}", cases.len());
        let prepared: Vec<(SlabRay<f64>, SlopeRay<f64>, Aabb<f64>)> = cases
            .iter()
            .map(|(r, b)| (SlabRay::new(r), SlopeRay::new(r), b.clone()))
            .collect();
        group.bench_with_input(BenchmarkId::new("slab_f64", name), &prepared, |bch, cs| {
            bch.iter(|| {
                cs.iter().fold(0u64, |h, (r, _, b)| {
                    fold(
                        h,
                        ray_aabb_slab(black_box(r), black_box(b)).map(|s| s.t_enter),
                    )
                })
            })
        });
        group.bench_with_input(
            BenchmarkId::new("conservative_f64", name),
            &prepared,
            |bch, cs| {
                bch.iter(|| {
                    cs.iter().fold(0u64, |h, (r, _, b)| {
                        fold(
                            h,
                            ray_aabb_conservative(black_box(r), black_box(b)).map(|s| s.t_enter),
                        )
                    })
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("slopes_f64", name),
            &prepared,
            |bch, cs| {
                bch.iter(|| {
                    cs.iter().fold(0u64, |h, (_, r, b)| {
                        fold(
                            h,
                            ray_aabb_slopes(black_box(r), black_box(b)).map(|s| s.t_enter),
                        )
                    })
                })
            },
        );
        group.bench_with_input(BenchmarkId::new("exact_f64", name), &cases, |bch, cs| {
            bch.iter(|| {
                cs.iter().fold(0u64, |h, (r, b)| {
                    fold(h, ray_aabb(black_box(r), black_box(b)).map(|s| s.t_enter))
                })
            })
        });
    }
    group.finish();
}

fn bench_sphere(c: &mut Criterion) {
    let mut group = c.benchmark_group("ray_sphere");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(1024));
    for (name, cases) in [("random", random_spheres()), ("tangent", tangent_spheres())] {
        check_spheres(&cases);
        let hits = cases
            .iter()
            .filter(|(r, s)| ray_sphere(r, s).is_some())
            .count();
        println!("ray_sphere/{name}: exact hits {hits} of {}", cases.len());
        group.bench_with_input(
            BenchmarkId::new("algebraic_f64", name),
            &cases,
            |bch, cs| {
                bch.iter(|| {
                    cs.iter().fold(0u64, |h, (r, s)| {
                        fold(
                            h,
                            ray_sphere_algebraic(black_box(r), black_box(s)).map(|x| x.t_enter),
                        )
                    })
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("geometric_f64", name),
            &cases,
            |bch, cs| {
                bch.iter(|| {
                    cs.iter().fold(0u64, |h, (r, s)| {
                        fold(
                            h,
                            ray_sphere_geometric(black_box(r), black_box(s)).map(|x| x.t_enter),
                        )
                    })
                })
            },
        );
        group.bench_with_input(BenchmarkId::new("exact_f64", name), &cases, |bch, cs| {
            bch.iter(|| {
                cs.iter().fold(0u64, |h, (r, s)| {
                    fold(h, ray_sphere(black_box(r), black_box(s)).map(|x| x.t_enter))
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_aabb, bench_sphere);
criterion_main!(benches);
