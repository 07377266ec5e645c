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

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use isect::oracle::{Family, KINDS, Rng};
use isect::{FloatFormat, Ray, Triangle, insphere, orient3d};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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

/// `ISECT_TAIL_PASSES=N`: instead of criterion, CGAL's method (`benches/cgal/tail.cpp`):
/// for each file, N timed passes over its rows and the median ns a call, one line each in
/// the C++ program's format. As there, the test is chosen once per file and its answer
/// inlined into the loop (no dispatch per row), and a pass (tens of microseconds) rarely
/// meets a preemption on a loaded machine, which criterion's longer samples do.
/// `ISECT_TAIL_ONLY=insphere` (a test's name) or `ISECT_TAIL_ONLY=insphere.edges` (a
/// file's stem) times only the files it names.
fn passes(n: usize) {
    let only = std::env::var("ISECT_TAIL_ONLY").ok();
    for test in TESTS {
        for family in FAMILIES {
            let stem = format!("{test}.{}", family.0);
            if only
                .as_deref()
                .is_some_and(|o| o != test && o != stem.as_str())
            {
                continue;
            }
            let (rows, answers) = rows(test, family);
            let agree = rows
                .iter()
                .zip(&answers)
                .filter(|&(r, &want)| answer(test, r) == want)
                .count();
            let ns = match test {
                "orient3d" => time_rows(&rows, n, |r| answer("orient3d", r)),
                "insphere" => time_rows(&rows, n, |r| answer("insphere", r)),
                "tri-tri" => time_rows(&rows, n, |r| answer("tri-tri", r)),
                _ => time_rows(&rows, n, |r| answer("ray-triangle", r)),
            };
            println!(
                "{test} {} rows {} median_ns {ns:.1} agree {agree}",
                family.0,
                rows.len(),
            );
        }
    }
}

/// The median over `n` passes of the time a row, ns. Generic over the answer, as the C++
/// side's template is: each test gets its own loop with isect's function inlined into it
/// as it would be into a user's loop (through a function pointer, every row paid an
/// indirect call that CGAL's inlined lambda does not).
fn time_rows(rows: &[Vec<f64>], n: usize, answer: impl Fn(&[f64; 18]) -> i8) -> f64 {
    // Fixed-size rows (zero-padded), so that reading a point is a load at a constant offset
    // without a bounds check, as `std::vector::operator[]` is on the C++ side.
    let rows: Vec<[f64; 18]> = rows
        .iter()
        .map(|r| core::array::from_fn(|i| r.get(i).copied().unwrap_or(0.0)))
        .collect();
    let mut ns = Vec::with_capacity(n);
    let mut sink = 0i64;
    for _ in 0..n {
        let start = Instant::now();
        for r in &rows {
            sink += i64::from(answer(black_box(r)));
        }
        ns.push(start.elapsed().as_nanos() as f64 / rows.len() as f64);
    }
    black_box(sink);
    ns.sort_by(f64::total_cmp);
    ns[n / 2]
}

fn main() {
    match std::env::var("ISECT_TAIL_PASSES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        Some(n) if n > 0 => passes(n),
        _ => {
            benches();
            Criterion::default().configure_from_args().final_summary();
        }
    }
}
