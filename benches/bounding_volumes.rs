//! Bounding-volume construction (`isect::bv`): time and tightness.
//!
//! * spheres: AABB-centre vs Ritter vs Welzl (all certified), and a plain uncertified
//!   `f64` Ritter (written here, the textbook loop) as the baseline for the cost of the
//!   exact containment check; radius ratios to Welzl's (the minimal sphere up to
//!   rounding) printed before timing;
//! * OBBs: PCA of the hull (Gottschalk) vs extremal points (DiTO-14); surface-area ratios
//!   to DiTO's and to the AABB printed before timing;
//! * the exact convex hull.
//!
//! Point sets (4096 points unless noted, fixed seed): uniform in a ball, on a sphere, in a
//! rotated 4:2:1 box, and the vertices of a stretched, rotated icosphere (2562 vertices,
//! a mesh-like set: every point on its hull).
//!
//! ```sh
//! CARGO_TARGET_DIR=/work/target-bvh cargo bench --bench bounding_volumes
//! ```

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::bv::{
    Measure, convex_hull, obb_dito, obb_pca, sphere_aabb_center, sphere_ritter, sphere_welzl,
};
use isect::oracle::scenes::unit_icosphere;
use isect_testkit::{Rng, RngExt};
use std::hint::black_box;
use std::time::Duration;

fn normalize(v: [f64; 3]) -> [f64; 3] {
    let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    [v[0] / l, v[1] / l, v[2] / l]
}

/// A fixed rotation (about (1, 2, 3) by 0.7 rad), rounded.
fn rotate(v: [f64; 3]) -> [f64; 3] {
    let k = normalize([1.0, 2.0, 3.0]);
    let (s, c) = 0.7f64.sin_cos();
    let kxv = [
        k[1] * v[2] - k[2] * v[1],
        k[2] * v[0] - k[0] * v[2],
        k[0] * v[1] - k[1] * v[0],
    ];
    let kv = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
    core::array::from_fn(|i| v[i] * c + kxv[i] * s + k[i] * kv * (1.0 - c))
}

fn ball(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        let p = [rng.signed(), rng.signed(), rng.signed()];
        if p[0] * p[0] + p[1] * p[1] + p[2] * p[2] <= 1.0 {
            v.push(p);
        }
    }
    v
}

fn sphere(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    ball(rng, n).into_iter().map(normalize).collect()
}

fn boxed(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    (0..n)
        .map(|_| rotate([4.0 * rng.signed(), 2.0 * rng.signed(), rng.signed()]))
        .collect()
}

/// Vertices of an icosahedron subdivided `levels` times on the unit sphere
/// ([`unit_icosphere`]), stretched 3:2:1 and rotated.
fn icosphere(levels: u32) -> Vec<[f64; 3]> {
    unit_icosphere(levels)
        .0
        .into_iter()
        .map(|q| rotate([3.0 * q[0], 2.0 * q[1], q[2]]))
        .collect()
}

/// The textbook Ritter loop in plain `f64`, no certification (the baseline).
fn ritter_plain(p: &[[f64; 3]]) -> ([f64; 3], f64) {
    let d2 = |a: &[f64; 3], b: &[f64; 3]| (0..3).map(|k| (a[k] - b[k]).powi(2)).sum::<f64>();
    let (mut lo, mut hi) = ([0usize; 3], [0usize; 3]);
    for (i, q) in p.iter().enumerate() {
        for k in 0..3 {
            if q[k] < p[lo[k]][k] {
                lo[k] = i;
            }
            if q[k] > p[hi[k]][k] {
                hi[k] = i;
            }
        }
    }
    let k = (0..3)
        .max_by(|&a, &b| d2(&p[lo[a]], &p[hi[a]]).total_cmp(&d2(&p[lo[b]], &p[hi[b]])))
        .unwrap();
    let (a, b) = (p[lo[k]], p[hi[k]]);
    let mut c: [f64; 3] = core::array::from_fn(|j| 0.5 * (a[j] + b[j]));
    let mut r = d2(&a, &b).sqrt() * 0.5;
    for q in p {
        let dd = d2(q, &c);
        if dd > r * r {
            let d = dd.sqrt();
            let nr = 0.5 * (r + d);
            for j in 0..3 {
                c[j] += (nr - r) / d * (q[j] - c[j]);
            }
            r = nr;
        }
    }
    (c, r)
}

fn sets() -> Vec<(&'static str, Vec<[f64; 3]>)> {
    let mut rng = Rng::new(0xB0B);
    vec![
        ("ball", ball(&mut rng, 4096)),
        ("sphere", sphere(&mut rng, 4096)),
        ("box", boxed(&mut rng, 4096)),
        ("icosphere", icosphere(4)),
    ]
}

fn quality(sets: &[(&'static str, Vec<[f64; 3]>)]) {
    println!("tightness (ratios; Welzl is the minimal sphere up to rounding):");
    println!(
        "| set | n | AABB-centre r / Welzl r | Ritter r / Welzl r | PCA area / DiTO area | AABB area / DiTO area |"
    );
    for (name, p) in sets {
        let w = sphere_welzl(p).unwrap().radius;
        let a = sphere_aabb_center(p).unwrap().radius;
        let r = sphere_ritter(p).unwrap().radius;
        let pca = obb_pca(p).unwrap().surface_area();
        let dito = obb_dito(p).unwrap().surface_area();
        let aabb = isect::bv::aabb(p).unwrap().surface_area();
        println!(
            "| {name} | {} | {:.4} | {:.4} | {:.4} | {:.4} |",
            p.len(),
            a / w,
            r / w,
            pca / dito,
            aabb / dito
        );
    }
}

fn bench(c: &mut Criterion) {
    let sets = sets();
    quality(&sets);
    let mut g = c.benchmark_group("bv_sphere");
    g.sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    for (name, p) in &sets {
        g.throughput(Throughput::Elements(p.len() as u64));
        g.bench_with_input(BenchmarkId::new("ritter_plain_f64", name), p, |b, p| {
            b.iter(|| ritter_plain(black_box(p)))
        });
        g.bench_with_input(BenchmarkId::new("aabb_center", name), p, |b, p| {
            b.iter(|| sphere_aabb_center(black_box(p)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("ritter", name), p, |b, p| {
            b.iter(|| sphere_ritter(black_box(p)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("welzl", name), p, |b, p| {
            b.iter(|| sphere_welzl(black_box(p)).unwrap())
        });
    }
    g.finish();
    let mut g = c.benchmark_group("bv_obb");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    for (name, p) in &sets {
        g.throughput(Throughput::Elements(p.len() as u64));
        g.bench_with_input(BenchmarkId::new("dito", name), p, |b, p| {
            b.iter(|| obb_dito(black_box(p)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("pca", name), p, |b, p| {
            b.iter(|| obb_pca(black_box(p)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("hull", name), p, |b, p| {
            b.iter(|| convex_hull(black_box(p)).unwrap())
        });
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default().without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench
}
criterion_main!(benches);
