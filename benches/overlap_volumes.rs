//! Bounding-volume overlap benchmarks: each exact test of `isect::overlap` against its
//! classic `f64` form (the `_with` functions under [`Naive`]: the plain float code), in
//! the same process on the same inputs (see docs/BENCHMARKS.md, section "Bounding-volume
//! overlaps").
//!
//! Inputs (1024 per test, from the test kit's seeded generator, the same on every run):
//! boxes with centres uniform in the unit cube and half sizes in [0.05, 0.3]; OBBs likewise with a
//! rounded random rotation as axes; spheres with centres in the unit cube and radii in
//! [0.05, 0.3]; triangles with vertices within 0.5 of a centre in the unit cube; planes
//! through a point of the cube [−0.5, 1.5]³ with a normal uniform in [−1, 1]³. Each answer is
//! folded into a hash, so no call is vectorized across cases.
//!
//! Before timing, the bench checks that every classic form agrees with the exact test on
//! every *decisive* case (the classic answer is the same under `Naive` and under
//! `Relative { eps: 1e-9 }`, so no decision was within 1e-9 of a tie) and prints how
//! many cases were not decisive.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::overlap::{
    PlaneBox, plane_aabb, plane_aabb_center_extent_with, plane_obb, plane_obb_center_extent_with,
};
use isect::overlap::{aabb_aabb, aabb_aabb_center_extent_with};
use isect::overlap::{
    sphere_aabb, sphere_aabb_arvo_with, sphere_aabb_branchless_with, sphere_aabb_quick_reject_with,
    sphere_obb, sphere_obb_arvo_with, sphere_sphere, sphere_sphere_distance_with,
};
use isect::overlap::{tri_aabb, tri_aabb_moller_with};
use isect::policy::{Naive, Relative};
use isect::{Aabb, Plane, Sphere};
use isect_testkit::scenes::random_obb;
use isect_testkit::{Rng, RngExt};

const N: usize = 1024;
const EPS: Relative = Relative { eps: 1e-9 };

/// A box: centre in the unit cube, half extents in `[0.05, 0.3)`.
fn aabb(rng: &mut Rng) -> Aabb<f64> {
    let c: [f64; 3] = rng.point_in(0.0, 1.0);
    let h: [f64; 3] = rng.point_in(0.05, 0.3);
    Aabb::new(
        std::array::from_fn(|k| c[k] - h[k]),
        std::array::from_fn(|k| c[k] + h[k]),
    )
}

/// A sphere: centre in the unit cube, radius in `[0.05, 0.3)`.
fn sphere(rng: &mut Rng) -> Sphere<f64> {
    Sphere::new(rng.point_in(0.0, 1.0), rng.uniform(0.05, 0.3))
}

/// A triangle within 0.5 of a centre in the unit cube.
fn tri(rng: &mut Rng) -> [[f64; 3]; 3] {
    let c: [f64; 3] = rng.point_in(0.0, 1.0);
    std::array::from_fn(|_| std::array::from_fn(|k| c[k] + rng.uniform(-0.5, 0.5)))
}

/// A plane with a normal in `[-1, 1)³` through a point of `[-0.5, 1.5)³`.
fn plane(rng: &mut Rng) -> Plane<f64> {
    let n: [f64; 3] = rng.point_in(-1.0, 1.0);
    let p: [f64; 3] = rng.point_in(-0.5, 1.5);
    Plane::new(n, -(n[0] * p[0] + n[1] * p[1] + n[2] * p[2]))
}

/// An answer as a small integer, folded into a rotate-xor hash.
trait Bits {
    fn bits(&self) -> u64;
}
impl Bits for bool {
    fn bits(&self) -> u64 {
        u64::from(*self)
    }
}
impl Bits for PlaneBox {
    fn bits(&self) -> u64 {
        match self {
            PlaneBox::Outside => 1,
            PlaneBox::Inside => 2,
            PlaneBox::Intersecting => 3,
        }
    }
}

#[inline(always)]
fn fold<T: Bits>(acc: u64, x: T) -> u64 {
    acc.rotate_left(5) ^ x.bits()
}

/// A classic form: its name, its `Naive` run and its `Relative { eps: 1e-9 }` run.
type Classic<'a, C, R> = (&'a str, fn(&C) -> R, fn(&C) -> R);

/// One group: the exact test and its classic forms on the same cases; agreement on
/// decisive cases asserted first.
fn group<C, R: PartialEq + std::fmt::Debug + Bits>(
    c: &mut Criterion,
    name: &str,
    cases: &[C],
    exact: fn(&C) -> R,
    classic: &[Classic<C, R>],
) {
    for (cname, naive, eps) in classic {
        let (mut undecided, mut agree) = (0, 0);
        for (i, x) in cases.iter().enumerate() {
            let a = naive(x);
            if a != eps(x) {
                undecided += 1;
                continue;
            }
            assert_eq!(a, exact(x), "{name}/{cname} disagrees on decisive case {i}");
            agree += 1;
        }
        let mut hist = [0usize; 4];
        cases
            .iter()
            .for_each(|x| hist[exact(x).bits() as usize] += 1);
        eprintln!(
            "{name}: {cname} agrees on {agree} decisive cases, {undecided} not decisive; \
             exact answers by code (false/true or Outside/Inside/Intersecting): {hist:?}"
        );
    }
    let mut g = c.benchmark_group(format!("overlap_volumes/{name}"));
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    g.sample_size(30);
    g.bench_function(BenchmarkId::new("isect_exact", "random"), |b| {
        b.iter(|| {
            cases
                .iter()
                .fold(0u64, |acc, x| fold(acc, exact(black_box(x))))
        })
    });
    for (cname, naive, _) in classic {
        g.bench_function(BenchmarkId::new(*cname, "random"), |b| {
            b.iter(|| {
                cases
                    .iter()
                    .fold(0u64, |acc, x| fold(acc, naive(black_box(x))))
            })
        });
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    let mut rng = Rng::new(0x0B0C_5EED);
    let tb: Vec<_> = (0..N).map(|_| (tri(&mut rng), aabb(&mut rng))).collect();
    group(
        c,
        "tri_aabb",
        &tb,
        |(t, b)| tri_aabb(*t, b),
        &[(
            "moller_f64",
            |(t, b)| tri_aabb_moller_with(Naive, *t, b),
            |(t, b)| tri_aabb_moller_with(EPS, *t, b),
        )],
    );
    let pb: Vec<_> = (0..N).map(|_| (plane(&mut rng), aabb(&mut rng))).collect();
    group(
        c,
        "plane_aabb",
        &pb,
        |(p, b)| plane_aabb(p, b),
        &[(
            "center_extent_f64",
            |(p, b)| plane_aabb_center_extent_with(Naive, p, b),
            |(p, b)| plane_aabb_center_extent_with(EPS, p, b),
        )],
    );
    let po: Vec<_> = (0..N)
        .map(|_| (plane(&mut rng), random_obb(&mut rng)))
        .collect();
    group(
        c,
        "plane_obb",
        &po,
        |(p, b)| plane_obb(p, b),
        &[(
            "center_extent_f64",
            |(p, b)| plane_obb_center_extent_with(Naive, p, b),
            |(p, b)| plane_obb_center_extent_with(EPS, p, b),
        )],
    );
    let ss: Vec<_> = (0..N)
        .map(|_| (sphere(&mut rng), sphere(&mut rng)))
        .collect();
    group(
        c,
        "sphere_sphere",
        &ss,
        |(a, b)| sphere_sphere(a, b),
        &[(
            "plain_f64",
            |(a, b)| sphere_sphere_distance_with(Naive, a, b),
            |(a, b)| sphere_sphere_distance_with(EPS, a, b),
        )],
    );
    let sb: Vec<_> = (0..N).map(|_| (sphere(&mut rng), aabb(&mut rng))).collect();
    group(
        c,
        "sphere_aabb",
        &sb,
        |(s, b)| sphere_aabb(s, b),
        &[
            (
                "arvo_f64",
                |(s, b)| sphere_aabb_arvo_with(Naive, s, b),
                |(s, b)| sphere_aabb_arvo_with(EPS, s, b),
            ),
            (
                "quick_reject_f64",
                |(s, b)| sphere_aabb_quick_reject_with(Naive, s, b),
                |(s, b)| sphere_aabb_quick_reject_with(EPS, s, b),
            ),
            (
                "branchless_f64",
                |(s, b)| sphere_aabb_branchless_with(Naive, s, b),
                |(s, b)| sphere_aabb_branchless_with(EPS, s, b),
            ),
        ],
    );
    let so: Vec<_> = (0..N)
        .map(|_| (sphere(&mut rng), random_obb(&mut rng)))
        .collect();
    group(
        c,
        "sphere_obb",
        &so,
        |(s, b)| sphere_obb(s, b),
        &[(
            "arvo_box_frame_f64",
            |(s, b)| sphere_obb_arvo_with(Naive, s, b),
            |(s, b)| sphere_obb_arvo_with(EPS, s, b),
        )],
    );
    let bb: Vec<_> = (0..N).map(|_| (aabb(&mut rng), aabb(&mut rng))).collect();
    group(
        c,
        "aabb_aabb",
        &bb,
        |(a, b)| aabb_aabb(a, b),
        &[(
            "center_extent_f64",
            |(a, b)| aabb_aabb_center_extent_with(Naive, a, b),
            |(a, b)| aabb_aabb_center_extent_with(EPS, a, b),
        )],
    );
}

criterion_group!(overlap_volumes, benches);
criterion_main!(overlap_volumes);
