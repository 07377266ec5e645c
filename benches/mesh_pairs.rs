//! Whole-mesh self-intersection: isect's `TriMesh::self_intersections` against a
//! brute-force-free baseline, parry3d-f64's BVH pair traversal feeding isect's exact
//! `tri_tri_intersect` (and the same sharing rules), on the same mesh in the same process.
//!
//! Meshes (built once, by the test kit's `geodesic` module: the same meshes as the CGAL
//! anchor's OFF files, `benches/cgal/run.sh`):
//! * `sphere288k`: the geodesic sphere of frequency 120 (each icosahedron face subdivided
//!   into 120² triangles, vertices projected onto the unit sphere): 288,000 faces,
//!   clean (no pair);
//! * `sphere288k_embedded`: the same with a second component, the frequency-8 geodesic
//!   sphere (1,280 faces) of radius 1/16 centred on the big sphere's surface at
//!   (0.6, 0, 0.8), so the two cross: 172 pairs;
//! * `plane80k`: a flat sheet, a 200 × 200 grid of unit squares split into 80,000
//!   triangles in a tilted plane (no axis direction), its coordinates rounded: clean,
//!   and every pair of faces whose boxes overlap is coplanar within rounding, so the
//!   exact plane sides decide every candidate (the flat regions of CAD and scanned
//!   meshes).
//!
//! Rows: `isect` (`self_intersections`, the mesh built beforehand), `isect_new` (the
//! validation and BVH build of `TriMesh::new` alone), `isect_new+self` (both, the
//! figure to compare with CGAL's `self_intersections`, which builds its boxes itself),
//! `parry_bvtt` (parry's binned BVH built over the same exact triangle boxes, then its
//! single-tree pair traversal, each candidate decided by the public isect API with the
//! CGAL sharing rules of `self_intersections`). Before timing, the bench checks that
//! both give the same pairs. With the `rayon` feature of isect the isect rows use all
//! threads of rayon's pool (`RAYON_NUM_THREADS`); the baseline stays on one.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::overlap::tri_tri_intersect;
use isect::{Sign, TriMesh, orient2d, orient3d};
use isect_testkit::geodesic::{sphere288k, sphere288k_embedded};
use isect_testkit::meshes::{Mesh, tilted_sheet};
use parry3d_f64::bounding_volume::Aabb;
use parry3d_f64::math::Vector;
use parry3d_f64::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};
use std::hint::black_box;
use std::time::Duration;

/// The baseline's narrow phase, written on isect's public API: whether faces `f`, `g`
/// meet beyond what they share (CGAL's semantics; proofs/self_intersections.md).
fn meet(v: &[[f64; 3]], f: [u32; 3], g: [u32; 3]) -> bool {
    let p = |k: u32| v[k as usize];
    let shared: Vec<u32> = f.iter().copied().filter(|x| g.contains(x)).collect();
    let rest =
        |t: [u32; 3]| -> Vec<u32> { t.into_iter().filter(|x| !shared.contains(x)).collect() };
    let (rf, rg) = (rest(f), rest(g));
    match shared.len() {
        0 => tri_tri_intersect(f.map(p), g.map(p)),
        1 => {
            let w = p(shared[0]);
            let (a, b, c, d) = (p(rf[0]), p(rf[1]), p(rg[0]), p(rg[1]));
            let (sc, sd) = (orient3d(&w, &a, &b, &c), orient3d(&w, &a, &b, &d));
            if sc == sd && sc != Sign::Zero {
                return false;
            }
            tri_tri_intersect([a, b, b], [w, c, d]) || tri_tri_intersect([c, d, d], [w, a, b])
        }
        2 => {
            let (u, w, a, c) = (p(shared[0]), p(shared[1]), p(rf[0]), p(rg[0]));
            if orient3d(&u, &w, &a, &c) != Sign::Zero {
                return false;
            }
            let pr = |q: [f64; 3], i: usize, j: usize| [q[i], q[j]];
            [(0, 1), (1, 2), (2, 0)].iter().any(|&(i, j)| {
                let s = orient2d(pr(u, i, j), pr(w, i, j), pr(a, i, j));
                s != Sign::Zero && orient2d(pr(u, i, j), pr(w, i, j), pr(c, i, j)) == s
            })
        }
        _ => true,
    }
}

fn parry_self_intersections(mesh: &Mesh) -> Vec<[u32; 2]> {
    let (v, t) = mesh;
    let boxes: Vec<Aabb> = t
        .iter()
        .map(|f| {
            let [a, b, c] = f.map(|k| v[k as usize]);
            let lo: [f64; 3] = std::array::from_fn(|k| a[k].min(b[k]).min(c[k]));
            let hi: [f64; 3] = std::array::from_fn(|k| a[k].max(b[k]).max(c[k]));
            Aabb::new(
                Vector::new(lo[0], lo[1], lo[2]),
                Vector::new(hi[0], hi[1], hi[2]),
            )
        })
        .collect();
    let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &boxes);
    let mut out = vec![];
    bvh.traverse_bvtt_single_tree::<false>(&mut BvhWorkspace::default(), &mut |i, j| {
        if meet(v, t[i as usize], t[j as usize]) {
            out.push([i.min(j), i.max(j)]);
        }
    });
    out.sort_unstable();
    out
}

fn meshes() -> Vec<(&'static str, Mesh)> {
    let big = sphere288k();
    assert_eq!(big.1.len(), 288_000);
    vec![
        ("sphere288k", big),
        ("sphere288k_embedded", sphere288k_embedded()),
        ("plane80k", tilted_sheet(200, 0.7, 1.1)),
    ]
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("mesh_self_intersections");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for (name, mesh) in meshes() {
        let built = TriMesh::new(mesh.0.clone(), mesh.1.clone()).expect("a valid mesh");
        let ours = built.self_intersections();
        let theirs = parry_self_intersections(&mesh);
        assert_eq!(ours, theirs, "{name}: isect and the baseline disagree");
        assert_eq!(
            ours.is_empty(),
            name != "sphere288k_embedded",
            "{name}: {} pairs",
            ours.len()
        );
        g.throughput(Throughput::Elements(mesh.1.len() as u64));
        g.bench_function(BenchmarkId::new("isect", name), |b| {
            b.iter(|| black_box(built.self_intersections().len()))
        });
        g.bench_function(BenchmarkId::new("isect_new", name), |b| {
            b.iter(|| {
                black_box(TriMesh::new(mesh.0.clone(), mesh.1.clone()).map(|m| m.triangles().len()))
            })
        });
        g.bench_function(BenchmarkId::new("isect_new+self", name), |b| {
            b.iter(|| {
                let m = TriMesh::new(mesh.0.clone(), mesh.1.clone()).expect("valid");
                black_box(m.self_intersections().len())
            })
        });
        g.bench_function(BenchmarkId::new("parry_bvtt", name), |b| {
            b.iter(|| black_box(parry_self_intersections(&mesh).len()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
