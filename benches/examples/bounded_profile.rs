//! A fixed workload for instruction counts (`valgrind --tool=callgrind`) of the
//! constructions of `benches/overlap_lines.rs`: the plain `f64` formula, the `_bounded`
//! form and the correctly rounded form of 2D line/line, segment crossing points and three
//! planes, on the bench's random inputs (1024 cases, the test kit's seeded generator;
//! the same distributions, drawn here in their own order). Each workload consumes every
//! constructed number. The figure per case is
//! `(instructions with ITERS repetitions − with 0) / (ITERS·1024)`.
//!
//! ```sh
//! cargo build --release -p isect-benches --example bounded_profile
//! valgrind --tool=callgrind target/release/examples/bounded_profile lines_bounded 200
//! ```
//!
//! Workloads: `{lines,cross,planes}_{plain,bounded,exact}`.

use std::hint::black_box;

use isect::Plane;
use isect::overlap::{
    LineLine2d, SegmentContact, SegmentIntersection, line_line_2d, line_line_2d_bounded,
    line_line_2d_with, segment_segment_2d, segment_segment_2d_intersection,
    segment_segment_2d_intersection_bounded, three_planes, three_planes_bounded,
};
use isect::policy::Naive;
use isect_testkit::Rng;

const N: usize = 1024;

/// A 2D segment: the first end uniform in the unit square, the second within 0.5 of it.
fn seg2(rng: &mut Rng) -> [[f64; 2]; 2] {
    let a = [rng.uniform(0.0, 1.0), rng.uniform(0.0, 1.0)];
    let b = [a[0] + rng.uniform(-0.5, 0.5), a[1] + rng.uniform(-0.5, 0.5)];
    [a, b]
}

fn lines(rng: &mut Rng) -> Vec<[[f64; 2]; 4]> {
    (0..N)
        .map(|_| {
            let ([a, b], [c, d]) = (seg2(rng), seg2(rng));
            [a, b, c, d]
        })
        .collect()
}

fn crossings(rng: &mut Rng) -> Vec<[[f64; 2]; 4]> {
    let mut v = Vec::new();
    while v.len() < N {
        let ([a, b], [c, d]) = (seg2(rng), seg2(rng));
        if segment_segment_2d(&a, &b, &c, &d) == SegmentContact::Crossing {
            v.push([a, b, c, d]);
        }
    }
    v
}

fn planes(rng: &mut Rng) -> Vec<[Plane<f64>; 3]> {
    (0..N)
        .map(|_| {
            std::array::from_fn(|_| {
                Plane::new(
                    std::array::from_fn(|_| rng.uniform(-1.0, 1.0)),
                    rng.uniform(-1.0, 1.0),
                )
            })
        })
        .collect()
}

/// The plain crossing point `p0 + t(p1 − p0)`, `t = ((q0 − p0)×(q1 − q0))/((p1 − p0)×(q1 − q0))`.
fn naive_point(v: &[[f64; 2]; 4]) -> [f64; 2] {
    let [p0, p1, q0, q1] = *v;
    let x = |a: [f64; 2], b: [f64; 2]| a[0] * b[1] - a[1] * b[0];
    let sub = |a: [f64; 2], b: [f64; 2]| [a[0] - b[0], a[1] - b[1]];
    let (d1, d2) = (sub(p1, p0), sub(q1, q0));
    let t = x(sub(q0, p0), d2) / x(d1, d2);
    [p0[0] + t * d1[0], p0[1] + t * d1[1]]
}

/// Cramer's rule in `f64`.
fn naive_planes(p: &[Plane<f64>; 3]) -> [f64; 3] {
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
    std::array::from_fn(|k| -(d1 * c1[k] + d2 * c2[k] + d3 * c3[k]) / det)
}

type Lines = [[f64; 2]; 4];

fn lines_plain(v: &Lines) -> f64 {
    match line_line_2d_with(Naive, &v[0], &v[1], &v[2], &v[3]) {
        LineLine2d::Point { s, t, point } => s + t + point[0] + point[1],
        _ => 0.0,
    }
}

fn lines_bounded(v: &Lines) -> f64 {
    match line_line_2d_bounded(&v[0], &v[1], &v[2], &v[3]) {
        LineLine2d::Point { s, t, point } => {
            s.value + t.value + point[0].value + point[1].value + s.error
        }
        _ => 0.0,
    }
}

fn lines_exact(v: &Lines) -> f64 {
    match line_line_2d(&v[0], &v[1], &v[2], &v[3]) {
        LineLine2d::Point { s, t, point } => s + t + point[0] + point[1],
        _ => 0.0,
    }
}

fn cross_plain(v: &Lines) -> f64 {
    let p = naive_point(v);
    p[0] + p[1]
}

fn cross_bounded(v: &Lines) -> f64 {
    match segment_segment_2d_intersection_bounded(&v[0], &v[1], &v[2], &v[3]) {
        SegmentIntersection::Crossing(p) => p[0].value + p[1].value + p[0].error,
        _ => 0.0,
    }
}

fn cross_exact(v: &Lines) -> f64 {
    match segment_segment_2d_intersection(&v[0], &v[1], &v[2], &v[3]) {
        SegmentIntersection::Crossing(p) => p[0] + p[1],
        _ => 0.0,
    }
}

fn planes_plain(p: &[Plane<f64>; 3]) -> f64 {
    naive_planes(p).iter().sum()
}

fn planes_bounded(p: &[Plane<f64>; 3]) -> f64 {
    three_planes_bounded(&p[0], &p[1], &p[2])
        .map_or(0.0, |x| x[0].value + x[1].value + x[2].value + x[0].error)
}

fn planes_exact(p: &[Plane<f64>; 3]) -> f64 {
    three_planes(&p[0], &p[1], &p[2]).map_or(0.0, |x| x[0] + x[1] + x[2])
}

/// `iters` passes of `f` over `set`, summing what it returns.
fn run<C>(set: &[C], f: impl Fn(&C) -> f64, iters: usize) -> f64 {
    let mut acc = 0.0;
    for _ in 0..iters {
        for c in black_box(set) {
            acc += f(black_box(c));
        }
    }
    acc
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().expect("a workload name");
    let iters: usize = args.next().map_or(100, |s| s.parse().expect("a count"));
    let mut rng = Rng::new(0x11E5_5EED);
    let (l2, cross, pl) = (lines(&mut rng), crossings(&mut rng), planes(&mut rng));
    let acc = match which.as_str() {
        "lines_plain" => run(&l2, lines_plain, iters),
        "lines_bounded" => run(&l2, lines_bounded, iters),
        "lines_exact" => run(&l2, lines_exact, iters),
        "cross_plain" => run(&cross, cross_plain, iters),
        "cross_bounded" => run(&cross, cross_bounded, iters),
        "cross_exact" => run(&cross, cross_exact, iters),
        "planes_plain" => run(&pl, planes_plain, iters),
        "planes_bounded" => run(&pl, planes_bounded, iters),
        "planes_exact" => run(&pl, planes_exact, iters),
        _ => panic!("unknown workload {which}"),
    };
    println!("{which} {iters}: {acc}");
}
