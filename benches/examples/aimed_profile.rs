//! A fixed workload for instruction counts (`valgrind --tool=callgrind`) of
//! `TriMesh::first_hit` on the rays of `mesh_aimed` in `benches/mesh.rs`: random rays,
//! rays aimed exactly at vertices and through rounded edge midpoints of the
//! 81,920-triangle icosphere (the same seeded generators, the same order). The figure
//! per ray is `(instructions with ITERS passes − with 0) / (ITERS·4096)`.
//!
//! ```sh
//! cargo build --release -p isect-benches --example aimed_profile
//! valgrind --tool=callgrind target/release/examples/aimed_profile vertex 4
//! ```
//!
//! Workloads: `random`, `vertex`, `edge`.

use std::hint::black_box;

use isect::{Ray, TriMesh};
use isect_testkit::{Rng, RngExt};

const RAYS: usize = 4096;

type RayPair = ([f64; 3], [f64; 3]);

fn in_ball(rng: &mut Rng) -> [f64; 3] {
    loop {
        let p = rng.point(1.0);
        let n2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
        if n2 <= 1.0 && n2 > 1e-6 {
            return p;
        }
    }
}

fn random_rays() -> Vec<RayPair> {
    let mut rng = Rng::new(11);
    (0..RAYS)
        .map(|_| {
            let p = in_ball(&mut rng);
            let n = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
            let o = p.map(|x| 3.0 * (x / n));
            let b = in_ball(&mut rng);
            let target = b.map(|x| 0.5 * x);
            (o, [0, 1, 2].map(|k| target[k] - o[k]))
        })
        .collect()
}

fn aimed_rays(v: &[[f64; 3]], t: &[[u32; 3]]) -> (Vec<RayPair>, Vec<RayPair>) {
    let mut rng = Rng::new(13);
    let (mut vertex, mut edge) = (Vec::new(), Vec::new());
    for _ in 0..RAYS {
        let p = v[rng.below(v.len())];
        vertex.push((p.map(|x| 2.0 * x), p.map(|x| -x)));
        let f = t[rng.below(t.len())];
        let (a, b) = (v[f[0] as usize], v[f[1] as usize]);
        let m = [0, 1, 2].map(|k| (a[k] + b[k]) / 2.0);
        edge.push((m.map(|x| 2.0 * x), m.map(|x| -x)));
    }
    (vertex, edge)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("vertex", String::as_str);
    let iters: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let (v, t) = isect::oracle::scenes::unit_icosphere(6);
    let mesh = TriMesh::new(v.clone(), t.clone()).expect("valid mesh");
    let (vertex, edge) = aimed_rays(&v, &t);
    let rays = match which {
        "random" => random_rays(),
        "vertex" => vertex,
        "edge" => edge,
        other => panic!("unknown workload {other}"),
    };
    let mut sum = 0.0;
    for _ in 0..iters {
        for &(o, d) in &rays {
            let h = mesh.first_hit(&Ray::new(black_box(o), black_box(d)));
            sum += h.map_or(0.0, |h| h.hit.t);
        }
    }
    println!("{which}: {} rays x {iters}, sum {sum}", rays.len());
}
