//! Triangle/triangle benchmarks: isect's exact test against a plain `f64` 11-axis
//! separating-axis test and Möller's `f64` interval test, in the same process on the same
//! inputs (see docs/BENCHMARKS.md, section "Triangle/triangle").
//!
//! Distributions (1024 pairs each, from the test kit's seeded generator, the same on every
//! run):
//!
//! * `random_nearby`: two triangles with vertices within 0.5 of centres drawn in a cube
//!   of side 0.9 (about 10% of the pairs intersect);
//! * `near_coplanar`: the second triangle's vertices are points of the first's plane
//!   (rounded to `f64`) plus offsets of at most 2^-40, so plane sides are tiny.
//!
//! Implementations:
//!
//! * `sat_f64`: the plain `f64` separating-axis test over the 11 axes (2 normals, 9 edge
//!   cross products), no tolerance: the baseline of issue 4;
//! * `moller_f64`: [`tri_tri_moller_with`] under [`Naive`] (Möller 1997, plain `f64`);
//! * `isect_bool`: [`tri_tri_intersect`] (exact);
//! * `isect_classify`: [`tri_tri`] (exact, with the full classification).
//!
//! Every answer is folded into a rotate-xor hash, so no call is vectorized across cases.
//! Before timing, the bench checks that the float tests agree with the exact one on
//! every *decisive* case (the SAT's best separation or smallest overlap exceeds 1e-9
//! times the coordinate scale) and prints how many non-decisive cases disagree.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::overlap::{TriContact, TriTri, tri_tri, tri_tri_intersect, tri_tri_moller_with};
use isect::policy::Naive;
use isect_testkit::Rng;

type Tri = [[f64; 3]; 3];
const N: usize = 1024;

fn random_nearby(rng: &mut Rng) -> (Tri, Tri) {
    let tri = |rng: &mut Rng| -> Tri {
        let c = [
            rng.uniform(0.0, 0.9),
            rng.uniform(0.0, 0.9),
            rng.uniform(0.0, 0.9),
        ];
        std::array::from_fn(|_| std::array::from_fn(|k| c[k] + rng.uniform(-0.5, 0.5)))
    };
    (tri(rng), tri(rng))
}

fn near_coplanar(rng: &mut Rng) -> (Tri, Tri) {
    let a: Tri = std::array::from_fn(|_| std::array::from_fn(|_| rng.uniform(-1.0, 1.0)));
    let b: Tri = std::array::from_fn(|_| {
        let (s, t) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
        let h = rng.uniform(-1.0, 1.0) * 2f64.powi(-40);
        std::array::from_fn(|k| {
            a[0][k]
                + s * (a[1][k] - a[0][k])
                + t * (a[2][k] - a[0][k])
                + if k == 2 { h } else { 0.0 }
        })
    });
    (a, b)
}

fn sub(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn cross(u: &[f64; 3], v: &[f64; 3]) -> [f64; 3] {
    [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ]
}
fn dot(u: &[f64; 3], v: &[f64; 3]) -> f64 {
    u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
}

/// The interval of `t` projected on `axis`.
#[inline(always)]
fn project(t: &Tri, axis: &[f64; 3]) -> (f64, f64) {
    let (x, y, z) = (dot(&t[0], axis), dot(&t[1], axis), dot(&t[2], axis));
    (x.min(y).min(z), x.max(y).max(z))
}

/// The plain `f64` 11-axis separating-axis test: `false` as soon as one axis separates
/// the projections strictly.
#[inline(never)]
fn sat_f64(a: &Tri, b: &Tri) -> bool {
    let ea = [sub(&a[1], &a[0]), sub(&a[2], &a[1]), sub(&a[0], &a[2])];
    let eb = [sub(&b[1], &b[0]), sub(&b[2], &b[1]), sub(&b[0], &b[2])];
    let separates = |axis: &[f64; 3]| {
        let (p, q) = (project(a, axis), project(b, axis));
        p.1 < q.0 || q.1 < p.0
    };
    if separates(&cross(&ea[0], &ea[1])) || separates(&cross(&eb[0], &eb[1])) {
        return false;
    }
    for u in &ea {
        for v in &eb {
            if separates(&cross(u, v)) {
                return false;
            }
        }
    }
    true
}

/// The SAT's margin, for the decisiveness check: the largest separation over the 11 axes
/// (positive when separated), each axis normalized.
fn sat_margin(a: &Tri, b: &Tri) -> f64 {
    let ea = [sub(&a[1], &a[0]), sub(&a[2], &a[1]), sub(&a[0], &a[2])];
    let eb = [sub(&b[1], &b[0]), sub(&b[2], &b[1]), sub(&b[0], &b[2])];
    let mut axes = vec![cross(&ea[0], &ea[1]), cross(&eb[0], &eb[1])];
    for u in &ea {
        for v in &eb {
            axes.push(cross(u, v));
        }
    }
    let mut best = f64::NEG_INFINITY;
    for axis in axes {
        let l = dot(&axis, &axis).sqrt();
        if l < 1e-6 {
            continue;
        }
        let axis = axis.map(|x| x / l);
        let (p, q) = (project(a, &axis), project(b, &axis));
        best = best.max(q.0 - p.1).max(p.0 - q.1);
    }
    best
}

fn code(t: TriTri) -> i32 {
    match t {
        TriTri::Disjoint => 0,
        TriTri::Touching { contact } => 1 + i32::from(contact == TriContact::Segment),
        TriTri::Crossing => 3,
        TriTri::CoplanarOverlap => 4,
    }
}

fn hash<C: Copy>(cases: &[C], f: impl Fn(C) -> i32) -> i64 {
    cases
        .iter()
        .fold(0i64, |h, &c| h.rotate_left(1) ^ i64::from(f(c)))
}

fn check(name: &str, cases: &[(Tri, Tri)]) {
    let (mut hits, mut decisive, mut sat_wrong, mut moller_wrong) = (0, 0, 0, 0);
    for (a, b) in cases {
        let exact = tri_tri_intersect(a, b);
        assert_eq!(exact, tri_tri(a, b).intersects());
        hits += usize::from(exact);
        let sat = sat_f64(a, b);
        let moller = tri_tri_moller_with(Naive, a, b);
        if sat_margin(a, b).abs() > 1e-9 {
            decisive += 1;
            assert_eq!(
                sat, exact,
                "{name}: SAT disagrees on a decisive case {a:?} {b:?}"
            );
            assert_eq!(
                moller, exact,
                "{name}: Möller disagrees on a decisive case {a:?} {b:?}"
            );
        } else {
            sat_wrong += usize::from(sat != exact);
            moller_wrong += usize::from(moller != exact);
        }
    }
    eprintln!(
        "tri_tri/{name}: {hits}/{} intersect; {decisive} decisive (all agree); \
         on the rest, sat_f64 differs on {sat_wrong}, moller_f64 on {moller_wrong}",
        cases.len()
    );
}

fn benches(c: &mut Criterion) {
    let mut rng = Rng::new(0x7121_7121);
    let sets: [(&str, Vec<(Tri, Tri)>); 2] = [
        (
            "random_nearby",
            (0..N).map(|_| random_nearby(&mut rng)).collect(),
        ),
        (
            "near_coplanar",
            (0..N).map(|_| near_coplanar(&mut rng)).collect(),
        ),
    ];
    for (name, cases) in &sets {
        check(name, cases);
    }
    let mut group = c.benchmark_group("tri_tri");
    group.throughput(Throughput::Elements(N as u64));
    for (name, cases) in &sets {
        let run: [(&str, &dyn Fn() -> i64); 4] = [
            ("sat_f64", &|| {
                hash(black_box(&cases[..]), |(a, b)| i32::from(sat_f64(&a, &b)))
            }),
            ("moller_f64", &|| {
                hash(black_box(&cases[..]), |(a, b)| {
                    i32::from(tri_tri_moller_with(Naive, a, b))
                })
            }),
            ("isect_bool", &|| {
                hash(black_box(&cases[..]), |(a, b)| {
                    i32::from(tri_tri_intersect(&a, &b))
                })
            }),
            ("isect_classify", &|| {
                hash(black_box(&cases[..]), |(a, b)| code(tri_tri(&a, &b)))
            }),
        ];
        for (imp, f) in run {
            group.bench_with_input(BenchmarkId::new(imp, name), &(), |bench, _| {
                bench.iter(|| black_box(f()))
            });
        }
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(30)
}

criterion_group! {
    name = group;
    config = config();
    targets = benches
}
criterion_main!(group);
