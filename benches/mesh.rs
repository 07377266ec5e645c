//! Mesh first-hit ray casting: isect against parry3d-f64's `TriMesh::cast_ray` (first hit,
//! `solid = false`), on the same mesh and rays in the same process.
//!
//! Meshes (closed, consistently oriented):
//! * `sphere`: an icosahedron subdivided 6 times, 81,920 triangles, vertices on the unit
//!   sphere;
//! * `bumpy`: the same with every vertex moved radially to `r = 1 + 0.3·sin 5x·sin 5y·sin 5z`
//!   (star-shaped, non-convex: rays cross it several times).
//!
//! Rays: 4096 from a seeded generator, from a uniform point on the sphere of radius 3 toward
//! a uniform point in the ball of radius 0.5 (direction not normalized; every ray hits).
//!
//! `isect` is `isect::TriMesh::first_hit` (its public API only): the conservative BVH with
//! the exact exactly-once triangle test at the leaves. The hit parameters are folded into a
//! sum so nothing is optimised away; before timing, the bench checks that both find a hit
//! on every ray at the same `t` (relative 1e-9).
//!
//! `mesh_from_surface`: rays from points of the surface of `bumpy` (secondary rays) and point
//! location next to the surface against random points (see `surface_points`).
//!
//! `mesh_aimed`: rays aimed exactly at vertices and at edges of `sphere` against random rays,
//! and the batch `first_hits` against the loop of `first_hit` (see `bench_aimed`).
//!
//! With `MESH_INTERLEAVED=ROUNDS` in the environment the bench first prints ratios that a
//! loaded machine cannot skew as easily (`interleaved`): isect and parry3d take turns on
//! the same rays, round after round, and the median of the per-round ratios is reported.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect_testkit::{Rng, RngExt};
use parry3d_f64::math::{Pose, Vector};
use parry3d_f64::query::{Ray as ParryRay, RayCast};
use parry3d_f64::shape::TriMesh as ParryMesh;
use std::hint::black_box;
use std::time::Duration;

const RAYS: usize = 4096;

/// A ray as origin and direction.
type RayPair = ([f64; 3], [f64; 3]);

/// Uniform in the unit ball (rejection).
fn in_ball(rng: &mut Rng) -> [f64; 3] {
    loop {
        let p = rng.point(1.0);
        let n2 = dot(p, p);
        if n2 <= 1.0 && n2 > 1e-6 {
            return p;
        }
    }
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn normalize(a: [f64; 3]) -> [f64; 3] {
    let n = dot(a, a).sqrt();
    [a[0] / n, a[1] / n, a[2] / n]
}

struct Mesh {
    vertices: Vec<[f64; 3]>,
    triangles: Vec<[u32; 3]>,
}

/// An icosahedron subdivided `levels` times (20·4^levels triangles), vertices projected
/// onto the unit sphere, counterclockwise seen from outside (the oracle's
/// `unit_icosphere`).
fn icosphere(levels: u32) -> Mesh {
    let (vertices, triangles) = isect::oracle::scenes::unit_icosphere(levels);
    Mesh {
        vertices,
        triangles,
    }
}

fn bumpy(mut mesh: Mesh) -> Mesh {
    for v in &mut mesh.vertices {
        let r = 1.0 + 0.3 * (5.0 * v[0]).sin() * (5.0 * v[1]).sin() * (5.0 * v[2]).sin();
        *v = [v[0] * r, v[1] * r, v[2] * r];
    }
    mesh
}

/// (origin, direction): from radius 3 toward the ball of radius 0.5.
fn rays() -> Vec<([f64; 3], [f64; 3])> {
    let mut rng = Rng::new(11);
    (0..RAYS)
        .map(|_| {
            let u = normalize(in_ball(&mut rng));
            let o = [3.0 * u[0], 3.0 * u[1], 3.0 * u[2]];
            let b = in_ball(&mut rng);
            let target = [0.5 * b[0], 0.5 * b[1], 0.5 * b[2]];
            (o, sub(target, o))
        })
        .collect()
}

/// isect's side: the public mesh type.
struct IsectMesh {
    mesh: isect::TriMesh<f64>,
}

impl IsectMesh {
    fn new(mesh: &Mesh) -> IsectMesh {
        IsectMesh {
            mesh: isect::TriMesh::new(mesh.vertices.clone(), mesh.triangles.clone())
                .expect("valid mesh"),
        }
    }

    #[inline]
    fn first_hit(&self, o: [f64; 3], d: [f64; 3]) -> Option<f64> {
        self.mesh.first_hit(&isect::Ray::new(o, d)).map(|h| h.hit.t)
    }
}

fn parry_mesh(mesh: &Mesh) -> ParryMesh {
    let vertices = mesh
        .vertices
        .iter()
        .map(|v| Vector::new(v[0], v[1], v[2]))
        .collect();
    ParryMesh::new(vertices, mesh.triangles.clone()).expect("valid mesh")
}

#[inline]
fn parry_first_hit(mesh: &ParryMesh, o: [f64; 3], d: [f64; 3]) -> Option<f64> {
    let ray = ParryRay::new(Vector::new(o[0], o[1], o[2]), Vector::new(d[0], d[1], d[2]));
    mesh.cast_ray(&Pose::IDENTITY, &ray, f64::MAX, false)
}

fn check(name: &str, isect: &IsectMesh, parry: &ParryMesh, rays: &[([f64; 3], [f64; 3])]) {
    let mismatches = compare(name, isect, parry, rays);
    assert_eq!(mismatches, 0, "{name}: isect and parry disagree");
}

/// How many rays isect and parry3d answer differently (printing the first five).
fn compare(name: &str, isect: &IsectMesh, parry: &ParryMesh, rays: &[RayPair]) -> usize {
    let mut mismatches = 0;
    for &(o, d) in rays {
        match (isect.first_hit(o, d), parry_first_hit(parry, o, d)) {
            (Some(a), Some(b)) if (a - b).abs() <= 1e-9 * a.abs().max(b.abs()) => {}
            (a, b) => {
                mismatches += 1;
                if mismatches <= 5 {
                    eprintln!("{name}: ray o={o:?} d={d:?}: isect {a:?}, parry {b:?}");
                }
            }
        }
    }
    eprintln!(
        "{name}: {} triangles, {} rays, {mismatches} disagreements",
        isect.mesh.triangles().len(),
        rays.len()
    );
    mismatches
}

/// Times the first hit of every ray by `first_hit`, the `t` summed so nothing is
/// optimised away.
fn time_rays(
    bench: &mut criterion::Bencher,
    rays: &[RayPair],
    first_hit: impl Fn([f64; 3], [f64; 3]) -> Option<f64>,
) {
    bench.iter(|| {
        let mut sum = 0.0;
        for &(o, d) in rays {
            sum += first_hit(black_box(o), black_box(d)).unwrap_or(0.0);
        }
        sum
    })
}

fn bench_first_hit(c: &mut Criterion) {
    let rays = rays();
    let sphere = icosphere(6);
    assert_eq!(sphere.triangles.len(), 81_920);
    for (name, mesh) in [("sphere", icosphere(6)), ("bumpy", bumpy(icosphere(6)))] {
        let isect = IsectMesh::new(&mesh);
        let parry = parry_mesh(&mesh);
        check(name, &isect, &parry, &rays);
        let mut group = c.benchmark_group("mesh_first_hit");
        group.throughput(Throughput::Elements(rays.len() as u64));
        group.bench_with_input(BenchmarkId::new("isect", name), &rays, |bench, rays| {
            time_rays(bench, rays, |o, d| isect.first_hit(o, d))
        });
        group.bench_with_input(BenchmarkId::new("parry3d", name), &rays, |bench, rays| {
            time_rays(bench, rays, |o, d| parry_first_hit(&parry, o, d))
        });
        group.finish();
    }
}

/// Rays from points of the surface (the rounded centroids of seeded random triangles: on
/// the surface or a rounding off it) in uniform random directions, as secondary rays
/// start; and the same points for point location, against uniform points in the ball of
/// radius 1.2. The slow tail these measure is the exact construction of hits at `t ≈ 0`
/// and the exact decisions next to the surface.
fn surface_points(mesh: &Mesh) -> (Vec<RayPair>, Vec<[f64; 3]>) {
    let mut rng = Rng::new(12);
    let mut rays = Vec::with_capacity(RAYS);
    let mut random = Vec::with_capacity(RAYS);
    for _ in 0..RAYS {
        let t = mesh.triangles[rng.below(mesh.triangles.len())];
        let [a, b, c] = t.map(|i| mesh.vertices[i as usize]);
        let g = [0, 1, 2].map(|k| (a[k] + b[k] + c[k]) / 3.0);
        rays.push((g, in_ball(&mut rng)));
        let p = in_ball(&mut rng);
        random.push([1.2 * p[0], 1.2 * p[1], 1.2 * p[2]]);
    }
    (rays, random)
}

fn bench_from_surface(c: &mut Criterion) {
    let mesh = bumpy(icosphere(6));
    let isect = IsectMesh::new(&mesh);
    let parry = parry_mesh(&mesh);
    let (surface_rays, random_points) = surface_points(&mesh);
    let mut group = c.benchmark_group("mesh_from_surface");
    group.throughput(Throughput::Elements(RAYS as u64));
    group.bench_function(
        BenchmarkId::new("isect_first_hit", "from_surface"),
        |bench| time_rays(bench, &surface_rays, |o, d| isect.first_hit(o, d)),
    );
    group.bench_function(
        BenchmarkId::new("parry3d_first_hit", "from_surface"),
        |bench| time_rays(bench, &surface_rays, |o, d| parry_first_hit(&parry, o, d)),
    );
    for (name, points) in [
        (
            "surface",
            surface_rays.iter().map(|r| r.0).collect::<Vec<_>>(),
        ),
        ("random", random_points),
    ] {
        group.bench_function(BenchmarkId::new("isect_locate", name), |bench| {
            bench.iter(|| {
                let mut n = 0usize;
                for &p in &points {
                    n += usize::from(isect.mesh.contains(black_box(p)));
                }
                n
            })
        });
    }
    group.finish();
}

/// Rays aimed exactly at the vertices of `mesh` (from `2v` in direction `−v`: both exact,
/// `t = 1` at `v`, where five or six triangles meet and the exactly-once rule breaks the
/// tie) and at the rounded midpoints of its edges (on the edge or a rounding off it: the
/// filter cannot decide), one per seeded random vertex or edge.
fn aimed_rays(mesh: &Mesh) -> (Vec<RayPair>, Vec<RayPair>) {
    let mut rng = Rng::new(13);
    let (mut vertex, mut edge) = (Vec::with_capacity(RAYS), Vec::with_capacity(RAYS));
    for _ in 0..RAYS {
        let v = mesh.vertices[rng.below(mesh.vertices.len())];
        vertex.push((v.map(|x| 2.0 * x), v.map(|x| -x)));
        let t = mesh.triangles[rng.below(mesh.triangles.len())];
        let (a, b) = (mesh.vertices[t[0] as usize], mesh.vertices[t[1] as usize]);
        let m = [0, 1, 2].map(|k| (a[k] + b[k]) / 2.0);
        edge.push((m.map(|x| 2.0 * x), m.map(|x| -x)));
    }
    (vertex, edge)
}

/// First hits of rays aimed at vertices and edges against random rays (the `rays()` of
/// `mesh_first_hit`), each with parry3d's time on the same rays; and the batch
/// `first_hits` (on rayon's threads: `RAYON_NUM_THREADS` sets how many) against the loop
/// of `first_hit` on the random rays.
fn bench_aimed(c: &mut Criterion) {
    let mesh = icosphere(6);
    let isect = IsectMesh::new(&mesh);
    let parry = parry_mesh(&mesh);
    let (vertex, edge) = aimed_rays(&mesh);
    let mut group = c.benchmark_group("mesh_aimed");
    group.throughput(Throughput::Elements(RAYS as u64));
    for (name, rays) in [("random", rays()), ("vertex", vertex), ("edge", edge)] {
        // Every aimed ray hits the closed sphere (from radius 2 toward its surface), and
        // isect's exactly-once rule finds it; parry3d's test is not watertight: count the
        // rays it answers differently.
        if name == "random" {
            check(name, &isect, &parry, &rays);
        } else {
            let missed = rays
                .iter()
                .filter(|&&(o, d)| isect.first_hit(o, d).is_none());
            assert_eq!(missed.count(), 0, "{name}: every aimed ray hits");
            compare(name, &isect, &parry, &rays);
        }
        group.bench_with_input(BenchmarkId::new("isect", name), &rays, |bench, rays| {
            time_rays(bench, rays, |o, d| isect.first_hit(o, d))
        });
        group.bench_with_input(BenchmarkId::new("parry3d", name), &rays, |bench, rays| {
            time_rays(bench, rays, |o, d| parry_first_hit(&parry, o, d))
        });
        if name == "random" {
            let batch: Vec<isect::Ray<f64>> =
                rays.iter().map(|&(o, d)| isect::Ray::new(o, d)).collect();
            group.bench_function(BenchmarkId::new("isect_first_hits", name), |bench| {
                bench.iter(|| isect.mesh.first_hits(black_box(&batch)))
            });
        }
    }
    group.finish();
}

/// The time of one pass of `first_hit` over `rays`, in milliseconds.
fn pass_ms(rays: &[RayPair], first_hit: impl Fn([f64; 3], [f64; 3]) -> Option<f64>) -> f64 {
    let start = std::time::Instant::now();
    let mut sum = 0.0;
    for &(o, d) in rays {
        sum += first_hit(black_box(o), black_box(d)).unwrap_or(0.0);
    }
    black_box(sum);
    start.elapsed().as_secs_f64() * 1e3
}

fn median(mut x: Vec<f64>) -> f64 {
    x.sort_by(f64::total_cmp);
    x[x.len() / 2]
}

/// `MESH_INTERLEAVED=ROUNDS`: isect's and parry3d's passes over the same rays alternate
/// (so both see the same load; each timed pass follows an untimed one), and each workload reports the median pass of each and
/// the median of the per-round ratios isect / parry3d; the random rays' median isect pass
/// is the unit of the aimed rays' `/ random` column (medians of the same rounds).
fn interleaved(_: &mut Criterion) {
    let Some(rounds) = std::env::var("MESH_INTERLEAVED")
        .ok()
        .and_then(|r| r.parse::<usize>().ok())
    else {
        return;
    };
    let sphere = icosphere(6);
    let (vertex, edge) = aimed_rays(&sphere);
    let meshes = [("sphere", sphere), ("bumpy", bumpy(icosphere(6)))];
    let mut random_isect = Vec::new();
    println!(
        "workload | isect (ms) | parry3d (ms) | isect / parry3d (median of rounds) | isect / random"
    );
    for (name, mesh) in &meshes {
        let isect = IsectMesh::new(mesh);
        let parry = parry_mesh(mesh);
        let mut workloads = vec![("random", rays())];
        if *name == "sphere" {
            workloads.push(("vertex", vertex.clone()));
            workloads.push(("edge", edge.clone()));
        }
        for (kind, rays) in workloads {
            let (mut a, mut b, mut r, mut per_random) = (vec![], vec![], vec![], vec![]);
            for round in 0..rounds {
                // One untimed pass first, so that each is timed with its own data in the
                // caches, as in criterion's repeated passes.
                pass_ms(&rays, |o, d| isect.first_hit(o, d));
                let ti = pass_ms(&rays, |o, d| isect.first_hit(o, d));
                pass_ms(&rays, |o, d| parry_first_hit(&parry, o, d));
                let tp = pass_ms(&rays, |o, d| parry_first_hit(&parry, o, d));
                a.push(ti);
                b.push(tp);
                r.push(ti / tp);
                if kind == "random" && *name == "sphere" {
                    random_isect.push(ti);
                } else if !random_isect.is_empty() {
                    per_random.push(ti / random_isect[round]);
                }
            }
            let rel = if per_random.is_empty() || *name != "sphere" {
                "—".to_string()
            } else {
                format!("{:.2}×", median(per_random))
            };
            println!(
                "{name} {kind} | {:.2} | {:.2} | {:.2}× | {rel}",
                median(a),
                median(b),
                median(r)
            );
        }
    }
}

fn bench_build(c: &mut Criterion) {
    let mesh = icosphere(6);
    let mut group = c.benchmark_group("mesh_build");
    group.throughput(Throughput::Elements(mesh.triangles.len() as u64));
    group.bench_function(BenchmarkId::new("isect", "sphere"), |bench| {
        bench.iter(|| IsectMesh::new(black_box(&mesh)))
    });
    group.bench_function(BenchmarkId::new("parry3d", "sphere"), |bench| {
        bench.iter(|| parry_mesh(black_box(&mesh)))
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = interleaved, bench_first_hit, bench_from_surface, bench_aimed, bench_build
}
criterion_main!(benches);
