//! Line and segment benchmarks: the exact tests of `isect::overlap` against their
//! classic float forms (the `_with` functions under [`Naive`]: the plain `f64` code), in
//! the same process on the same inputs (docs/BENCHMARKS.md, section "Lines and
//! segments").
//!
//! Inputs (1024 per test, the test kit's seeded generator): 2D segments with a first end
//! point uniform in the unit square and the second within 0.5 of it; 3D segments likewise in the unit
//! cube; OBBs with centres in the unit cube, half sizes in [0.05, 0.3] and a rounded
//! random rotation as axes, against such 3D segments.
//!
//! Before timing, every classic form is checked against the exact test on every
//! *decisive* case (same answer under `Naive` and under `Relative { eps: 1e-9 }`), and the
//! number of undecided cases is printed.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main,
};
use isect::overlap::{
    LineLine2d, SegmentContact, SegmentIntersection, line_line_2d, line_line_2d_bounded,
    line_line_2d_with, obb_segment, obb_segment_with, segment_segment_2d,
    segment_segment_2d_antonio_with, segment_segment_2d_intersection,
    segment_segment_2d_intersection_bounded, segment_segment_2d_parametric_with,
    segment_segment_3d, three_planes, three_planes_bounded,
};
use isect::policy::{Naive, Relative};
use isect::{Obb, Plane, Segment};
use isect_testkit::scenes::random_obb;
use isect_testkit::{Rng, RngExt};

const N: usize = 1024;
const EPS: Relative = Relative { eps: 1e-9 };

/// A 2D segment: the first end uniform in the unit square, the second within 0.5 of it.
fn seg2(rng: &mut Rng) -> [[f64; 2]; 2] {
    let a = [rng.uniform(0.0, 1.0), rng.uniform(0.0, 1.0)];
    let b = [a[0] + rng.uniform(-0.5, 0.5), a[1] + rng.uniform(-0.5, 0.5)];
    [a, b]
}

/// A 3D segment: the first end uniform in the unit cube, the second within 0.5 of it.
fn seg3(rng: &mut Rng) -> Segment<f64> {
    let a: [f64; 3] = rng.point_in(0.0, 1.0);
    let b = std::array::from_fn(|k| a[k] + rng.uniform(-0.5, 0.5));
    Segment::new(a, b)
}

/// A classic form: its name, its `Naive` run and its `Relative { eps: 1e-9 }` run.
type Classic<'a, C> = (&'a str, fn(&C) -> bool, fn(&C) -> bool);

/// A benchmark group with this file's settings: `n` elements per iteration, 1 s warm-up,
/// 30 samples over 3 s.
fn lines_group<'a>(
    c: &'a mut Criterion,
    name: impl Into<String>,
    n: u64,
) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(n));
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    g.sample_size(30);
    g
}

fn group<C>(
    c: &mut Criterion,
    name: &str,
    cases: &[C],
    exact: fn(&C) -> bool,
    classic: &[Classic<C>],
) {
    let hits = cases.iter().filter(|x| exact(x)).count();
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
        eprintln!(
            "{name}: {cname} agrees on {agree} decisive cases, {undecided} not decisive; \
             {hits} of {} intersect",
            cases.len()
        );
    }
    let mut g = lines_group(c, format!("overlap_lines/{name}"), cases.len() as u64);
    g.bench_function(BenchmarkId::new("isect_exact", "random"), |b| {
        b.iter(|| {
            cases.iter().fold(0u64, |acc, x| {
                acc.rotate_left(5) ^ u64::from(exact(black_box(x)))
            })
        })
    });
    for (cname, naive, _) in classic {
        g.bench_function(BenchmarkId::new(*cname, "random"), |b| {
            b.iter(|| {
                cases.iter().fold(0u64, |acc, x| {
                    acc.rotate_left(5) ^ u64::from(naive(black_box(x)))
                })
            })
        });
    }
    g.finish();
}

type Seg2Pair = [[[f64; 2]; 2]; 2];

fn benches(c: &mut Criterion) {
    let mut rng = Rng::new(0x11E5_5EED);
    let s2: Vec<Seg2Pair> = (0..N).map(|_| [seg2(&mut rng), seg2(&mut rng)]).collect();
    group(
        c,
        "segment_segment_2d",
        &s2,
        |[p, q]| segment_segment_2d(&p[0], &p[1], &q[0], &q[1]).intersects(),
        &[
            (
                "parametric_f64",
                |[p, q]| segment_segment_2d_parametric_with(Naive, &p[0], &p[1], &q[0], &q[1]),
                |[p, q]| segment_segment_2d_parametric_with(EPS, &p[0], &p[1], &q[0], &q[1]),
            ),
            (
                "antonio_f64",
                |[p, q]| segment_segment_2d_antonio_with(Naive, &p[0], &p[1], &q[0], &q[1]),
                |[p, q]| segment_segment_2d_antonio_with(EPS, &p[0], &p[1], &q[0], &q[1]),
            ),
        ],
    );
    // 2D lines: the exact answer carries a construction rounded from rationals; the
    // classic one is two rounded divisions.
    let l2: Vec<[[f64; 2]; 4]> = (0..N)
        .map(|_| {
            let [a, b] = seg2(&mut rng);
            let [c, d] = seg2(&mut rng);
            [a, b, c, d]
        })
        .collect();
    let mut g = lines_group(c, "overlap_lines/line_line_2d", l2.len() as u64);
    g.bench_function(BenchmarkId::new("isect_exact", "random"), |b| {
        b.iter(|| {
            l2.iter().fold(0.0, |acc, v| {
                match line_line_2d(&v[0], &v[1], &v[2], &v[3]) {
                    LineLine2d::Point { s, .. } => acc + s,
                    _ => acc,
                }
            })
        })
    });
    g.bench_function(BenchmarkId::new("parametric_f64", "random"), |b| {
        b.iter(|| {
            l2.iter().fold(0.0, |acc, v| {
                match line_line_2d_with(Naive, &v[0], &v[1], &v[2], &v[3]) {
                    LineLine2d::Point { s, .. } => acc + s,
                    _ => acc,
                }
            })
        })
    });
    // Nearly parallel: d2 is d1 with one coordinate moved by 1 to 8 ulps. The decision is
    // still exact; the double-double construction cannot be certified (the determinant
    // cancels to a few ulps of its terms) and the exact integer path runs.
    let near: Vec<[[f64; 2]; 4]> = l2
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut d2 = v[1];
            for _ in 0..1 + i % 8 {
                d2[1] = d2[1].next_up();
            }
            [v[0], v[1], v[2], d2]
        })
        .collect();
    g.bench_function(BenchmarkId::new("isect_exact", "near_parallel"), |b| {
        b.iter(|| {
            near.iter().fold(0.0, |acc, v| {
                match line_line_2d(&v[0], &v[1], &v[2], &v[3]) {
                    LineLine2d::Point { s, .. } => acc + s,
                    _ => acc,
                }
            })
        })
    });
    g.bench_function(BenchmarkId::new("parametric_f64", "near_parallel"), |b| {
        b.iter(|| {
            near.iter().fold(0.0, |acc, v| {
                match line_line_2d_with(Naive, &v[0], &v[1], &v[2], &v[3]) {
                    LineLine2d::Point { s, .. } => acc + s,
                    _ => acc,
                }
            })
        })
    });
    // All of s, t and the point, from the plain formula (`line_line_2d_with(Naive, ..)`),
    // the bounded form and the correctly rounded form.
    for (input, set) in [("random", &l2), ("near_parallel", &near)] {
        g.bench_function(BenchmarkId::new("plain_f64_all", input), |b| {
            b.iter(|| {
                set.iter().fold(0.0, |acc, v| {
                    let v = black_box(v);
                    match line_line_2d_with(Naive, &v[0], &v[1], &v[2], &v[3]) {
                        LineLine2d::Point { s, t, point } => acc + s + t + point[0] + point[1],
                        _ => acc,
                    }
                })
            })
        });
        g.bench_function(BenchmarkId::new("isect_bounded_all", input), |b| {
            b.iter(|| {
                set.iter().fold(0.0, |acc, v| {
                    match line_line_2d_bounded(&v[0], &v[1], &v[2], &v[3]) {
                        LineLine2d::Point { s, t, point } => {
                            acc + s.value + t.value + point[0].value + point[1].value + s.error
                        }
                        _ => acc,
                    }
                })
            })
        });
        g.bench_function(BenchmarkId::new("isect_exact_all", input), |b| {
            b.iter(|| {
                set.iter().fold(0.0, |acc, v| {
                    match line_line_2d(&v[0], &v[1], &v[2], &v[3]) {
                        LineLine2d::Point { s, t, point } => acc + s + t + point[0] + point[1],
                        _ => acc,
                    }
                })
            })
        });
    }
    g.finish();
    // Crossing points: 1024 crossing pairs of the 2D segments above (every pair decided
    // Crossing by the exact test), and 1024 nearly parallel crossing pairs (the second
    // segment from 1–4 ulps above p0 to 2–5 ulps below p1, across the first), where the
    // determinant cancels to its last bits. Baseline: the plain f64 point
    // p0 + t(p1 − p0), t = ((q0 − p0)×(q1 − q0)) / ((p1 − p0)×(q1 − q0)).
    let mut cross: Vec<[[f64; 2]; 4]> = Vec::new();
    while cross.len() < N {
        let ([a, b], [c, d]) = (seg2(&mut rng), seg2(&mut rng));
        if segment_segment_2d(&a, &b, &c, &d) == SegmentContact::Crossing {
            cross.push([a, b, c, d]);
        }
    }
    let mut near_cross: Vec<[[f64; 2]; 4]> = Vec::new();
    while near_cross.len() < N {
        let [a, b] = seg2(&mut rng);
        let (mut c, mut d) = (a, b);
        let n = 1 + near_cross.len() % 4;
        for _ in 0..n {
            c[1] = c[1].next_up();
        }
        // One ulp more at the far end: with equal nudges the crossing is often exactly
        // the midpoint of a and b, half of the time a tie between two floats, which no
        // approximation can round (the exact path decides those).
        for _ in 0..n + 1 {
            d[1] = d[1].next_down();
        }
        if segment_segment_2d(&a, &b, &c, &d) == SegmentContact::Crossing {
            near_cross.push([a, b, c, d]);
        }
    }
    let naive_point = |v: &[[f64; 2]; 4]| {
        let [p0, p1, q0, q1] = *v;
        let x = |a: [f64; 2], b: [f64; 2]| a[0] * b[1] - a[1] * b[0];
        let sub = |a: [f64; 2], b: [f64; 2]| [a[0] - b[0], a[1] - b[1]];
        let (d1, d2) = (sub(p1, p0), sub(q1, q0));
        let t = x(sub(q0, p0), d2) / x(d1, d2);
        [p0[0] + t * d1[0], p0[1] + t * d1[1]]
    };
    let mut g = lines_group(c, "overlap_lines/crossing_point", N as u64);
    for (input, set) in [("random", &cross), ("near_parallel", &near_cross)] {
        g.bench_function(BenchmarkId::new("isect_exact", input), |b| {
            b.iter(|| {
                set.iter().fold(0.0, |acc, v| {
                    match segment_segment_2d_intersection(&v[0], &v[1], &v[2], &v[3]) {
                        SegmentIntersection::Crossing(p) => acc + p[0],
                        _ => acc,
                    }
                })
            })
        });
        g.bench_function(BenchmarkId::new("naive_f64", input), |b| {
            b.iter(|| {
                set.iter()
                    .fold(0.0, |acc, v| acc + naive_point(black_box(v))[0])
            })
        });
        // Both coordinates, from the plain formula and the bounded form.
        g.bench_function(BenchmarkId::new("naive_f64_both", input), |b| {
            b.iter(|| {
                set.iter().fold(0.0, |acc, v| {
                    let p = naive_point(black_box(v));
                    acc + p[0] + p[1]
                })
            })
        });
        g.bench_function(BenchmarkId::new("isect_bounded_both", input), |b| {
            b.iter(|| {
                set.iter()
                    .fold(0.0, |acc, v| match segment_segment_2d_intersection_bounded(
                        &v[0], &v[1], &v[2], &v[3],
                    ) {
                        SegmentIntersection::Crossing(p) => {
                            acc + p[0].value + p[1].value + p[0].error
                        }
                        _ => acc,
                    })
            })
        });
    }
    g.finish();
    // Three planes: normals uniform in [−1, 1]³, offsets in [−1, 1]. Baseline: the plain
    // f64 formula −(d₁(n₂×n₃) + d₂(n₃×n₁) + d₃(n₁×n₂)) / (n₁·(n₂×n₃)).
    let planes: Vec<[Plane<f64>; 3]> = (0..N)
        .map(|_| {
            std::array::from_fn(|_| {
                Plane::new(
                    std::array::from_fn(|_| rng.uniform(-1.0, 1.0)),
                    rng.uniform(-1.0, 1.0),
                )
            })
        })
        .collect();
    let naive_planes = |p: &[Plane<f64>; 3]| {
        let x = |a: &[f64; 3], b: &[f64; 3]| {
            [
                a[1] * b[2] - a[2] * b[1],
                a[2] * b[0] - a[0] * b[2],
                a[0] * b[1] - a[1] * b[0],
            ]
        };
        let (n1, n2, n3) = (&p[0].normal, &p[1].normal, &p[2].normal);
        let (c1, c2, c3) = (x(n2, n3), x(n3, n1), x(n1, n2));
        let det = n1[0] * c1[0] + n1[1] * c1[1] + n1[2] * c1[2];
        let (d1, d2, d3) = (p[0].offset, p[1].offset, p[2].offset);
        let x: [f64; 3] = std::array::from_fn(|k| -(d1 * c1[k] + d2 * c2[k] + d3 * c3[k]) / det);
        x[0] + x[1] + x[2]
    };
    // Nearly singular: the third normal is the sum of the first two, nudged by 1 to 8 ulps
    // in one coordinate (the f64 formula's bound declines; the exact paths run).
    let near_planes: Vec<[Plane<f64>; 3]> = planes
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut n: [f64; 3] = std::array::from_fn(|k| p[0].normal[k] + p[1].normal[k]);
            for _ in 0..1 + i % 8 {
                n[i % 3] = n[i % 3].next_up();
            }
            [p[0].clone(), p[1].clone(), Plane::new(n, p[2].offset)]
        })
        .collect();
    let mut g = lines_group(c, "overlap_lines/three_planes", N as u64);
    for (input, set) in [("random", &planes), ("near_singular", &near_planes)] {
        g.bench_function(BenchmarkId::new("isect_exact", input), |b| {
            b.iter(|| {
                set.iter().fold(0.0, |acc, p| {
                    acc + three_planes(&p[0], &p[1], &p[2]).map_or(0.0, |x| x[0] + x[1] + x[2])
                })
            })
        });
        g.bench_function(BenchmarkId::new("isect_bounded", input), |b| {
            b.iter(|| {
                set.iter().fold(0.0, |acc, p| {
                    acc + three_planes_bounded(&p[0], &p[1], &p[2])
                        .map_or(0.0, |x| x[0].value + x[1].value + x[2].value + x[0].error)
                })
            })
        });
        g.bench_function(BenchmarkId::new("naive_f64", input), |b| {
            b.iter(|| {
                set.iter()
                    .fold(0.0, |acc, p| acc + naive_planes(black_box(p)))
            })
        });
    }
    g.finish();
    let s3: Vec<(Segment<f64>, Segment<f64>)> =
        (0..N).map(|_| (seg3(&mut rng), seg3(&mut rng))).collect();
    group(
        c,
        "segment_segment_3d",
        &s3,
        |(a, b)| segment_segment_3d(a, b).intersects(),
        &[],
    );
    let ob: Vec<(Obb<f64>, Segment<f64>)> = (0..N)
        .map(|_| (random_obb(&mut rng), seg3(&mut rng)))
        .collect();
    group(
        c,
        "obb_segment",
        &ob,
        |(b, s)| obb_segment(b, s),
        &[(
            "sat_f64",
            |(b, s)| obb_segment_with(Naive, b, s),
            |(b, s)| obb_segment_with(EPS, b, s),
        )],
    );
}

criterion_group!(lines, benches);
criterion_main!(lines);
