//! Bounding-volume overlap benchmarks: each exact test of `isect::overlap` against its
//! classic `f64` form (the `_with` functions under [`Naive`]: the plain float code), in
//! the same process on the same inputs (see docs/BENCHMARKS.md, section "Bounding-volume
//! overlaps").
//!
//! Inputs (1024 per test, from a seeded splitmix64, the same on every run): boxes with
//! centres uniform in the unit cube and half sizes in [0.05, 0.3]; OBBs likewise with a
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

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use isect::overlap::aabb_aabb::{aabb_aabb, aabb_aabb_center_extent_with};
use isect::overlap::plane_box::{plane_aabb, plane_aabb_with, plane_obb, plane_obb_with, PlaneBox};
use isect::overlap::sphere::{
    sphere_aabb, sphere_aabb_arvo_with, sphere_aabb_branchless_with, sphere_aabb_quick_reject_with,
    sphere_obb, sphere_obb_arvo_with, sphere_sphere, sphere_sphere_with,
};
use isect::overlap::tri_aabb::{tri_aabb, tri_aabb_moller_with};
use isect::policy::{Naive, Relative};
use isect::{Aabb, Obb, Plane, Sphere};

const N: usize = 1024;
const EPS: Relative = Relative { eps: 1e-9 };

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn f(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
    fn p(&mut self, lo: f64, hi: f64) -> [f64; 3] {
        [self.f(lo, hi), self.f(lo, hi), self.f(lo, hi)]
    }
    fn aabb(&mut self) -> Aabb<f64> {
        let c = self.p(0.0, 1.0);
        let h = self.p(0.05, 0.3);
        Aabb::new(
            std::array::from_fn(|k| c[k] - h[k]),
            std::array::from_fn(|k| c[k] + h[k]),
        )
    }
    fn obb(&mut self) -> Obb<f64> {
        let mut q = [0.0; 4];
        q.iter_mut().for_each(|x| *x = self.f(-1.0, 1.0));
        let n = q.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-3);
        let [w, x, y, z] = q.map(|v| v / n);
        let axes = [
            [
                1.0 - 2.0 * (y * y + z * z),
                2.0 * (x * y - w * z),
                2.0 * (x * z + w * y),
            ],
            [
                2.0 * (x * y + w * z),
                1.0 - 2.0 * (x * x + z * z),
                2.0 * (y * z - w * x),
            ],
            [
                2.0 * (x * z - w * y),
                2.0 * (y * z + w * x),
                1.0 - 2.0 * (x * x + y * y),
            ],
        ];
        Obb::new(self.p(0.0, 1.0), axes, self.p(0.05, 0.3))
    }
    fn sphere(&mut self) -> Sphere<f64> {
        Sphere::new(self.p(0.0, 1.0), self.f(0.05, 0.3))
    }
    fn tri(&mut self) -> [[f64; 3]; 3] {
        let c = self.p(0.0, 1.0);
        std::array::from_fn(|_| std::array::from_fn(|k| c[k] + self.f(-0.5, 0.5)))
    }
    fn plane(&mut self) -> Plane<f64> {
        let n = self.p(-1.0, 1.0);
        let p = self.p(-0.5, 1.5);
        Plane::new(n, -(n[0] * p[0] + n[1] * p[1] + n[2] * p[2]))
    }
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
    let mut rng = Rng(0x0B0C_5EED);
    let tb: Vec<_> = (0..N).map(|_| (rng.tri(), rng.aabb())).collect();
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
    let pb: Vec<_> = (0..N).map(|_| (rng.plane(), rng.aabb())).collect();
    group(
        c,
        "plane_aabb",
        &pb,
        |(p, b)| plane_aabb(p, b),
        &[(
            "center_extent_f64",
            |(p, b)| plane_aabb_with(Naive, p, b),
            |(p, b)| plane_aabb_with(EPS, p, b),
        )],
    );
    let po: Vec<_> = (0..N).map(|_| (rng.plane(), rng.obb())).collect();
    group(
        c,
        "plane_obb",
        &po,
        |(p, b)| plane_obb(p, b),
        &[(
            "center_extent_f64",
            |(p, b)| plane_obb_with(Naive, p, b),
            |(p, b)| plane_obb_with(EPS, p, b),
        )],
    );
    let ss: Vec<_> = (0..N).map(|_| (rng.sphere(), rng.sphere())).collect();
    group(
        c,
        "sphere_sphere",
        &ss,
        |(a, b)| sphere_sphere(a, b),
        &[(
            "plain_f64",
            |(a, b)| sphere_sphere_with(Naive, a, b),
            |(a, b)| sphere_sphere_with(EPS, a, b),
        )],
    );
    let sb: Vec<_> = (0..N).map(|_| (rng.sphere(), rng.aabb())).collect();
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
    let so: Vec<_> = (0..N).map(|_| (rng.sphere(), rng.obb())).collect();
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
    let bb: Vec<_> = (0..N).map(|_| (rng.aabb(), rng.aabb())).collect();
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
