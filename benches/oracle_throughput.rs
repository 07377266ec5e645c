//! Throughput of `isect oracle orient3d` on CSV text, single thread: the full scan
//! (split, parse, exact orient3d, format the answer) against a baseline that only
//! splits and parses the same text, in the same process.
//!
//! Run: `cargo bench --bench oracle_throughput`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

use isect_cli::oracle_cmd::engine::{self, Chunk, Layout};

const ROWS: usize = 100_000;

/// CSV text of `ROWS` orient3d rows: uniform points, or near-coplanar quadruples from
/// the oracle's scenes (full-precision decimals, as a program would print them).
fn csv(near: bool) -> String {
    let mut out = String::with_capacity(ROWS * 240);
    if near {
        for q in isect::oracle::scenes::near_coplanar_orient3d(ROWS, 1) {
            let v: Vec<String> = q.iter().flatten().map(|x| format!("{x:?}")).collect();
            out.push_str(&v.join(","));
            out.push('\n');
        }
    } else {
        let mut rng = isect::oracle::Rng::new(2);
        for _ in 0..ROWS {
            let v: Vec<String> = (0..12)
                .map(|_| format!("{:?}", rng.uniform(-1.0, 1.0)))
                .collect();
            out.push_str(&v.join(","));
            out.push('\n');
        }
    }
    out
}

/// The baseline: split lines and fields and parse every number, nothing else.
fn parse_only(text: &str) -> f64 {
    let mut sum = 0.0;
    for line in text.split_terminator('\n') {
        for field in line.split(',') {
            sum += field.parse::<f64>().unwrap_or(0.0);
        }
    }
    sum
}

fn bench(c: &mut Criterion) {
    let layout = Layout {
        kind: engine::kind_named("orient3d").expect("orient3d is a kind"),
        answers: false,
        f32: false,
        keep: 20,
        keep_disagreements: 20,
    };
    let mut group = c.benchmark_group("oracle_orient3d_csv");
    group.throughput(Throughput::Elements(ROWS as u64));
    for (name, near) in [("uniform", false), ("near_coplanar", true)] {
        let text = csv(near);
        group.bench_with_input(BenchmarkId::new("parse_only", name), &text, |b, t| {
            b.iter(|| black_box(parse_only(black_box(t))))
        });
        group.bench_with_input(BenchmarkId::new("oracle_scan", name), &text, |b, t| {
            b.iter(|| {
                let mut chunk = Chunk::default();
                engine::scan_csv(&layout, black_box(t), &mut chunk);
                assert_eq!(chunk.rows as usize, ROWS);
                black_box(chunk.out.len())
            })
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench
}
criterion_main!(benches);
