//! The slow tail: isect on adversarial rows of orient3d, insphere, tri/tri and
//! ray/triangle (closed), one criterion group per test and one row per family of
//! `isect oracle generate` (uniform, near-degenerate, vertices, edges, extreme-exponents,
//! far-from-origin), to set beside CGAL's times on the same files.
//!
//! `sh benches/cgal/tail.sh` writes the files into `target/cgal/tail/`, times CGAL on them
//! (`benches/cgal/tail.cpp`) and then runs this bench with `ISECT_TAIL_DIR` pointing there.
//! Without the files (`cargo bench --bench tail` alone), the rows are generated here the
//! same way (`KindInfo::generate`, seed 0, 2,000 rows a family: the files' defaults).
//!
//! Before timing, every row's answer is checked against the file's exact answer.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::oracle::{Family, KINDS, Rng};
use isect::{FloatFormat, Ray, Triangle, insphere, orient3d};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

const TESTS: [&str; 4] = ["orient3d", "insphere", "tri-tri", "ray-triangle"];
const FAMILIES: [(&str, Family); 6] = [
    ("uniform", Family::Uniform),
    ("near-degenerate", Family::NearDegenerate),
    ("vertices", Family::AimedAtVertices),
    ("edges", Family::AimedAtEdges),
    ("extreme-exponents", Family::ExtremeExponents),
    ("far-from-origin", Family::FarFromOrigin),
];
const ROWS: usize = 2000;

/// The rows of one test and family, and their exact answers: from `ISECT_TAIL_DIR` (or
/// `target/cgal/tail`) when the file is there, else generated.
fn rows(test: &str, family: (&str, Family)) -> (Vec<Vec<f64>>, Vec<i8>) {
    let dir = std::env::var_os("ISECT_TAIL_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/cgal/tail"),
        PathBuf::from,
    );
    let path = dir.join(format!("{test}.{}.csv", family.0));
    if let Ok(text) = std::fs::read_to_string(&path) {
        let mut rows = Vec::new();
        let mut answers = Vec::new();
        for line in text.lines().skip(1).filter(|l| !l.is_empty()) {
            let mut v: Vec<f64> = line
                .split(',')
                .map(|f| f.parse().expect("a number"))
                .collect();
            answers.push(v.pop().expect("an answer") as i8);
            rows.push(v);
        }
        return (rows, answers);
    }
    let kind = KINDS.iter().find(|k| k.name == test).expect("a kind");
    let mut rng = Rng::new(0);
    let rows: Vec<Vec<f64>> = (0..ROWS)
        .map(|_| kind.generate(family.1, FloatFormat::F64, &mut rng))
        .collect();
    let answers = rows.iter().map(|r| kind.exact(r)).collect();
    (rows, answers)
}

fn p3(r: &[f64], i: usize) -> [f64; 3] {
    [r[3 * i], r[3 * i + 1], r[3 * i + 2]]
}

/// isect's answer to one row, in the files' convention.
#[inline(always)]
fn answer(test: &str, r: &[f64]) -> i8 {
    match test {
        "orient3d" => orient3d(p3(r, 0), p3(r, 1), p3(r, 2), p3(r, 3)) as i8,
        "insphere" => insphere(p3(r, 0), p3(r, 1), p3(r, 2), p3(r, 3), p3(r, 4)) as i8,
        "tri-tri" => {
            let a = Triangle::new(p3(r, 0), p3(r, 1), p3(r, 2));
            let b = Triangle::new(p3(r, 3), p3(r, 4), p3(r, 5));
            i8::from(isect::tri_tri_intersect(&a, &b))
        }
        _ => {
            let ray = Ray::new(p3(r, 0), p3(r, 1));
            let t = Triangle::new(p3(r, 2), p3(r, 3), p3(r, 4));
            i8::from(isect::ray::ray_triangle_closed(&ray, &t).is_some())
        }
    }
}

fn bench_tail(c: &mut Criterion) {
    for test in TESTS {
        let mut group = c.benchmark_group(format!("tail_{test}"));
        for family in FAMILIES {
            let (rows, answers) = rows(test, family);
            for (r, &want) in rows.iter().zip(&answers) {
                assert_eq!(answer(test, r), want, "{test} {}: {r:?}", family.0);
            }
            group.throughput(Throughput::Elements(rows.len() as u64));
            group.bench_with_input(BenchmarkId::new("isect", family.0), &rows, |b, rows| {
                b.iter(|| {
                    let mut sum = 0i64;
                    for r in rows {
                        sum += i64::from(answer(test, black_box(r)));
                    }
                    sum
                })
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    targets = bench_tail
}
criterion_main!(benches);
