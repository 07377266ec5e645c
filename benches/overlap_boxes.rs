//! OBB/OBB, k-DOP and frustum benchmarks: each exact test of `isect::overlap` against its
//! classic `f64` form, in the same process on the same inputs (docs/BENCHMARKS.md,
//! section "OBB/OBB, k-DOPs, frusta").
//!
//! Inputs (1024 per test, from the test kit's seeded generator): OBBs with centres in the
//! unit cube, half sizes in [0.05, 0.3] and a rounded random rotation (so never exactly
//! orthonormal); k-DOPs of 8 points within 0.3 of a centre in the unit cube; AABBs and
//! spheres likewise against the frustum of a 90° OpenGL perspective looking down −z from
//! (0.5, 0.5, 2) with near 0.5 and far 2.5.
//!
//! Before timing, the bench asserts that every classic form agrees with the exact test on
//! every *decisive* case (same classic answer under `Naive` and under a 1e-9 relative
//! tolerance), and that each fast conservative frustum form answers either the exact
//! answer or `Intersecting`, and prints the counts.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::overlap::{
    DepthRange, Frustum, FrustumClass, frustum_aabb, frustum_aabb_conservative, frustum_sphere,
    frustum_sphere_conservative,
};
use isect::overlap::{Kdop26, kdop_kdop};
use isect::overlap::{PlaneBox, plane_aabb_center_extent_with};
use isect::overlap::{obb_obb, obb_obb_gottschalk_with};
use isect::policy::{Naive, Policy, Relative};
use isect::{Aabb, Sphere};
use isect_testkit::scenes::random_obb;
use isect_testkit::{Rng, RngExt};

const N: usize = 1024;
const EPS: Relative = Relative { eps: 1e-9 };

/// 8 points within 0.3 of a centre in the unit cube.
fn cloud(rng: &mut Rng) -> Vec<[f64; 3]> {
    let c: [f64; 3] = rng.point_in(0.0, 1.0);
    (0..8)
        .map(|_| std::array::from_fn(|k| c[k] + rng.uniform(-0.3, 0.3)))
        .collect()
}

trait Bits {
    fn bits(&self) -> u64;
}
impl Bits for bool {
    fn bits(&self) -> u64 {
        u64::from(*self)
    }
}
impl Bits for FrustumClass {
    fn bits(&self) -> u64 {
        match self {
            FrustumClass::Outside => 1,
            FrustumClass::Inside => 2,
            FrustumClass::Intersecting => 3,
        }
    }
}

#[inline(always)]
fn fold<T: Bits>(acc: u64, x: T) -> u64 {
    acc.rotate_left(5) ^ x.bits()
}

type Classic<'a, C, R> = (&'a str, fn(&C) -> R, fn(&C) -> R);
type Fast<'a, C, R> = (&'a str, fn(&C) -> R);

fn group<C, R: PartialEq + std::fmt::Debug + Bits>(
    c: &mut Criterion,
    name: &str,
    cases: &[C],
    exact: fn(&C) -> R,
    classic: &[Classic<C, R>],
    fast: &[Fast<C, R>],
    undecided: Option<R>,
) {
    for (cname, naive, eps) in classic {
        let (mut skipped, mut agree) = (0, 0);
        for (i, x) in cases.iter().enumerate() {
            let a = naive(x);
            if a != eps(x) {
                skipped += 1;
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
            "{name}: {cname} agrees on {agree} decisive cases, {skipped} not decisive; \
             exact answers by code: {hist:?}"
        );
    }
    for (fname, f) in fast {
        let mut undecided_count = 0;
        for (i, x) in cases.iter().enumerate() {
            let (a, e) = (f(x), exact(x));
            if a != e {
                assert!(
                    Some(&a) == undecided.as_ref(),
                    "{name}/{fname} not conservative on {i}"
                );
                undecided_count += 1;
            }
        }
        eprintln!(
            "{name}: {fname} undecided (Intersecting for a decided case) on {undecided_count}"
        );
    }
    let mut g = c.benchmark_group(format!("overlap_boxes/{name}"));
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
    let timed = classic
        .iter()
        .map(|(n, f, _)| (*n, *f))
        .chain(fast.iter().copied());
    for (cname, f) in timed {
        g.bench_function(BenchmarkId::new(cname, "random"), |b| {
            b.iter(|| cases.iter().fold(0u64, |acc, x| fold(acc, f(black_box(x)))))
        });
    }
    g.finish();
}

/// The plain f64 k-DOP: slab ends as rounded sums, widened by `rel` of their magnitude.
fn naive_kdop(pts: &[[f64; 3]], rel: f64) -> ([f64; 13], [f64; 13]) {
    let d = Kdop26::<f64>::DIRECTIONS;
    let mut lo = [f64::INFINITY; 13];
    let mut hi = [f64::NEG_INFINITY; 13];
    for p in pts {
        for i in 0..13 {
            let v: f64 = (0..3).map(|k| f64::from(d[i][k]) * p[k]).sum();
            lo[i] = lo[i].min(v - rel * v.abs());
            hi[i] = hi[i].max(v + rel * v.abs());
        }
    }
    (lo, hi)
}

fn naive_kdop_overlap(a: &[[f64; 3]], b: &[[f64; 3]], rel: f64) -> bool {
    let (a, b) = (naive_kdop(a, rel), naive_kdop(b, rel));
    (0..13).all(|i| a.0[i] <= b.1[i] && b.0[i] <= a.1[i])
}

fn classic_frustum_aabb<P: Policy<f64>>(p: P, f: &Frustum<f64>, b: &Aabb<f64>) -> FrustumClass {
    let mut inside = true;
    for pl in &f.planes {
        match plane_aabb_center_extent_with(p, pl, b) {
            PlaneBox::Outside => return FrustumClass::Outside,
            PlaneBox::Intersecting => inside = false,
            PlaneBox::Inside => {}
        }
    }
    if inside {
        FrustumClass::Inside
    } else {
        FrustumClass::Intersecting
    }
}

fn classic_frustum_sphere<P: Policy<f64>>(p: P, f: &Frustum<f64>, s: &Sphere<f64>) -> FrustumClass {
    let mut inside = true;
    for pl in &f.planes {
        let n = pl.normal;
        let v = n[0] * s.center[0] + n[1] * s.center[1] + n[2] * s.center[2] + pl.offset;
        let rn = s.radius * (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let scale = v.abs() + rn;
        if p.sign(&(v - rn), &scale) == isect::Sign::Positive {
            return FrustumClass::Outside;
        }
        if p.sign(&(v + rn), &scale) != isect::Sign::Negative {
            inside = false;
        }
    }
    if inside {
        FrustumClass::Inside
    } else {
        FrustumClass::Intersecting
    }
}

fn frustum() -> Frustum<f64> {
    // Perspective (near 0.5, far 2.5, 90°) times a view translated to (0.5, 0.5, 2).
    let (n, f) = (0.5, 2.5);
    let proj = [
        [1.0, 0.0, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0],
        [0.0, 0.0, -(f + n) / (f - n), -2.0 * f * n / (f - n)],
        [0.0, 0.0, -1.0, 0.0],
    ];
    let t = [-0.5, -0.5, -2.0];
    let m: [[f64; 4]; 4] = std::array::from_fn(|i| {
        let mut r = proj[i];
        r[3] = proj[i][3] + (0..3).map(|k| proj[i][k] * t[k]).sum::<f64>();
        r
    });
    Frustum::from_matrix(&m, DepthRange::OpenGl)
}

fn benches(c: &mut Criterion) {
    let mut rng = Rng::new(0x0B0E_5EED);
    let oo: Vec<_> = (0..N)
        .map(|_| (random_obb(&mut rng), random_obb(&mut rng)))
        .collect();
    group(
        c,
        "obb_obb",
        &oo,
        |(a, b)| obb_obb(a, b),
        &[(
            "gottschalk_f64",
            |(a, b)| obb_obb_gottschalk_with(Naive, a, b),
            |(a, b)| obb_obb_gottschalk_with(EPS, a, b),
        )],
        &[],
        None,
    );

    let kk: Vec<_> = (0..N).map(|_| (cloud(&mut rng), cloud(&mut rng))).collect();
    group(
        c,
        "kdop26_build_and_overlap",
        &kk,
        |(a, b)| {
            kdop_kdop(
                &Kdop26::from_points(a).unwrap(),
                &Kdop26::from_points(b).unwrap(),
            )
        },
        &[(
            "plain_f64",
            |(a, b)| naive_kdop_overlap(a, b, 0.0),
            |(a, b)| naive_kdop_overlap(a, b, 1e-9),
        )],
        &[],
        None,
    );
    let k26: Vec<_> = kk
        .iter()
        .map(|(a, b)| {
            (
                Kdop26::from_points(a).unwrap(),
                Kdop26::from_points(b).unwrap(),
            )
        })
        .collect();
    group(
        c,
        "kdop26_overlap_only",
        &k26,
        |(a, b)| kdop_kdop(a, b),
        &[],
        &[],
        None,
    );

    let fa: Vec<_> = (0..N)
        .map(|_| {
            let c: [f64; 3] = rng.point_in(-0.5, 1.5);
            let h: [f64; 3] = rng.point_in(0.05, 0.3);
            Aabb::new(
                std::array::from_fn(|k| c[k] - h[k]),
                std::array::from_fn(|k| c[k] + h[k]),
            )
        })
        .collect();
    let fr = frustum();
    let fab: Vec<_> = fa.iter().map(|b| (fr.clone(), b.clone())).collect();
    group(
        c,
        "frustum_aabb",
        &fab,
        |(f, b)| frustum_aabb(f, b),
        &[(
            "rtr_per_plane_f64",
            |(f, b)| classic_frustum_aabb(Naive, f, b),
            |(f, b)| classic_frustum_aabb(EPS, f, b),
        )],
        &[("isect_fast_conservative", |(f, b)| {
            frustum_aabb_conservative(f, b)
        })],
        Some(FrustumClass::Intersecting),
    );
    let fs: Vec<_> = (0..N)
        .map(|_| {
            (
                fr.clone(),
                Sphere::new(rng.point_in(-0.5, 1.5), rng.uniform(0.05, 0.3)),
            )
        })
        .collect();
    group(
        c,
        "frustum_sphere",
        &fs,
        |(f, s)| frustum_sphere(f, s),
        &[(
            "rtr_per_plane_f64",
            |(f, s)| classic_frustum_sphere(Naive, f, s),
            |(f, s)| classic_frustum_sphere(EPS, f, s),
        )],
        &[("isect_fast_conservative", |(f, s)| {
            frustum_sphere_conservative(f, s)
        })],
        Some(FrustumClass::Intersecting),
    );
}

criterion_group!(overlap_boxes, benches);
criterion_main!(overlap_boxes);
