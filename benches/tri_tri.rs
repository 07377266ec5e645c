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
//!   (rounded to `f64`) plus offsets of at most 2^-40, so plane sides are tiny;
//! * `mix`: a third each of `random_nearby` pairs, touching pairs (on a grid of
//!   multiples of 2^-8: a shared vertex, a shared edge, or a vertex exactly on the other's
//!   edge or face, the other vertices random) and `near_coplanar` pairs;
//! * `coplanar_rounded`: as `near_coplanar` with no offset, so the second triangle's
//!   vertices are within rounding (about 2^-53) of the first's plane: plane sides below
//!   every float filter's bound, decided by the exact stages;
//! * `random_nearby_large`, `mix_large`: 65536 distinct pairs of `random_nearby` and
//!   `mix`. Timing the same 1024 pairs over and over lets the branch predictors learn
//!   their outcomes (as for ray/triangle's `random_large`); 65536 distinct pairs do not
//!   allow that. Times are still given per pair;
//! * `touching`: the mix's exactly touching third alone.
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

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
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
    coplanar_within(rng, 2f64.powi(-40))
}

/// The second triangle's vertices in the first's plane (rounded), `z` offset by at most
/// `off`.
fn coplanar_within(rng: &mut Rng, off: f64) -> (Tri, Tri) {
    let a: Tri = std::array::from_fn(|_| std::array::from_fn(|_| rng.uniform(-1.0, 1.0)));
    let b: Tri = std::array::from_fn(|_| {
        let (s, t) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
        let h = rng.uniform(-1.0, 1.0) * off;
        std::array::from_fn(|k| {
            a[0][k]
                + s * (a[1][k] - a[0][k])
                + t * (a[2][k] - a[0][k])
                + if k == 2 { h } else { 0.0 }
        })
    });
    (a, b)
}

/// A point with coordinates on the grid of multiples of 2^-8 in `[0, 1]`.
fn grid_point(rng: &mut Rng) -> [f64; 3] {
    std::array::from_fn(|_| rng.range(0, 256) as f64 / 256.0)
}

/// Exactly touching pairs on the 2^-8 grid: a shared vertex, a shared edge, a vertex at a
/// point of the other's edge or face (dyadic combinations, exact in `f64`); the other
/// vertices random on the grid, so some of these pairs also cross.
fn touching(rng: &mut Rng) -> (Tri, Tri) {
    let a: Tri = std::array::from_fn(|_| grid_point(rng));
    let mut b: Tri = std::array::from_fn(|_| grid_point(rng));
    match rng.below(4) {
        0 => b[0] = a[0],
        1 => (b[0], b[1]) = (a[0], a[1]),
        2 => b[0] = std::array::from_fn(|k| (a[0][k] + a[1][k]) / 2.0),
        _ => b[0] = std::array::from_fn(|k| (2.0 * a[0][k] + a[1][k] + a[2][k]) / 4.0),
    }
    (a, b)
}

fn mix(rng: &mut Rng) -> (Tri, Tri) {
    match rng.below(3) {
        0 => random_nearby(rng),
        1 => touching(rng),
        _ => near_coplanar(rng),
    }
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

/// The plane side `n_A · (x − a₀)` of `x`, plain `f64` (the sign is `−orient3d`).
#[inline(always)]
fn side(n: &[f64; 3], a0: &[f64; 3], x: &[f64; 3]) -> f64 {
    dot(n, &sub(x, a0))
}

/// Plain `f64` Guigue–Devillers: the structure of isect's exact test with every sign read
/// from a rounded value and no filter, the floor a filtered test can reach. A vertex
/// exactly on the other plane counts as positive, and coplanar pairs are not handled
/// (this is a cost baseline: the bench checks it only on decisive pairs).
#[inline(never)]
fn gd_plain_f64(a: &Tri, b: &Tri) -> bool {
    // The signs of orient3d(p₀, p₁, p₂, x) = −n·(x − p₀), as ±1.
    let sides = |p: &Tri, q: &Tri| -> Option<[i32; 3]> {
        let n = cross(&sub(&p[1], &p[0]), &sub(&p[2], &p[0]));
        let s = q.map(|x| if side(&n, &p[0], &x) > 0.0 { -1 } else { 1 });
        if s[0] == s[1] && s[1] == s[2] {
            None
        } else {
            Some(s)
        }
    };
    let Some(sb) = sides(a, b) else { return false };
    let Some(sa) = sides(b, a) else { return false };
    // Each section as (apex, lower end's other vertex, upper end's other vertex) along
    // n_A × n_B (proofs/tri_tri.md, section 3).
    let section = |s: [i32; 3], flip: i32| {
        let i = if s[0] == s[1] {
            2
        } else if s[0] == s[2] {
            1
        } else {
            0
        };
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        if s[i] * flip > 0 {
            (i, j, k)
        } else {
            (i, k, j)
        }
    };
    let o = |p: &[f64; 3], q: &[f64; 3], r: &[f64; 3], s: &[f64; 3]| {
        let v = dot(&sub(p, s), &cross(&sub(q, s), &sub(r, s)));
        if v > 0.0 {
            1
        } else if v < 0.0 {
            -1
        } else {
            0
        }
    };
    let (ia, alo, ahi) = section(sa, 1);
    let (ib, blo, bhi) = section(sb, -1);
    let sign = sa[ia] * sb[ib];
    // sign(pos f − pos e) for an end e of A's section (on `e`) and f of B's (on `f`).
    let compare = |e: usize, f: usize| o(&a[ia], &b[f], &b[ib], &a[e]) * sign;
    compare(alo, bhi) >= 0 && compare(ahi, blo) <= 0
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
                gd_plain_f64(a, b),
                exact,
                "{name}: plain Guigue–Devillers disagrees on a decisive case {a:?} {b:?}"
            );
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

/// A generator of one distribution's pairs.
type Gen = fn(&mut Rng) -> (Tri, Tri);

/// The number of pairs of the `_large` distributions.
const N_LARGE: usize = 65536;

/// The distributions, in the order drawn from one seeded generator (so each keeps its
/// pairs when another is added at the end).
fn sets() -> Vec<(&'static str, Vec<(Tri, Tri)>)> {
    let mut rng = Rng::new(0x7121_7121);
    let gens: [(&str, Gen, usize); 9] = [
        ("random_nearby", random_nearby, N),
        ("near_coplanar", near_coplanar, N),
        ("mix", mix, N),
        ("coplanar_rounded", |rng| coplanar_within(rng, 0.0), N),
        ("random_nearby_large", random_nearby, N_LARGE),
        ("mix_large", mix, N_LARGE),
        ("touching", touching, N),
        ("near_coplanar_large", near_coplanar, N_LARGE),
        ("touching_large", touching, N_LARGE),
    ];
    gens.iter()
        .map(|&(name, g, n)| (name, (0..n).map(|_| g(&mut rng)).collect()))
        .collect()
}

type Run = fn(&[(Tri, Tri)]) -> i64;

/// The implementations, each over a whole distribution.
const RUNS: [(&str, Run); 5] = [
    ("sat_f64", |cases| {
        hash(cases, |(a, b)| i32::from(sat_f64(&a, &b)))
    }),
    ("gd_plain_f64", |cases| {
        hash(cases, |(a, b)| i32::from(gd_plain_f64(&a, &b)))
    }),
    ("moller_f64", |cases| {
        hash(cases, |(a, b)| i32::from(tri_tri_moller_with(Naive, a, b)))
    }),
    ("isect_bool", |cases| {
        hash(cases, |(a, b)| i32::from(tri_tri_intersect(&a, &b)))
    }),
    ("isect_classify", |cases| {
        hash(cases, |(a, b)| code(tri_tri(&a, &b)))
    }),
];

fn benches(c: &mut Criterion) {
    let sets = sets();
    for (name, cases) in &sets {
        check(name, cases);
    }
    let mut group = c.benchmark_group("tri_tri");
    for (name, cases) in &sets {
        group.throughput(Throughput::Elements(cases.len() as u64));
        for (imp, f) in RUNS {
            group.bench_with_input(BenchmarkId::new(imp, name), &(), |bench, _| {
                bench.iter(|| black_box(f(black_box(&cases[..]))))
            });
        }
    }
    group.finish();
}

/// `ISECT_TT_RATIO=<distribution>`: 201 rounds, each timing 20 passes (one for the
/// `_large` distributions) of every implementation back to back; prints the median time per pair of each and the medians
/// of the per-round ratios to `sat_f64` and `moller_f64`. Both sides of each ratio see
/// the same load, which on a shared machine is steadier than separate measurements.
fn interleaved_ratios(input: &str) {
    let sets = sets();
    let Some((_, cases)) = sets.iter().find(|(n, _)| *n == input) else {
        panic!("ISECT_TT_RATIO: no distribution {input:?}");
    };
    let passes = if cases.len() > N { 1 } else { 20 };
    let time = |f: Run| {
        let start = std::time::Instant::now();
        let mut h = 0i64;
        for _ in 0..passes {
            h = h.wrapping_add(f(black_box(cases)));
        }
        black_box(h);
        start.elapsed().as_secs_f64() * 1e9 / (passes * cases.len()) as f64
    };
    let mut t: Vec<Vec<f64>> = vec![Vec::new(); RUNS.len()];
    let mut r: Vec<Vec<f64>> = vec![Vec::new(); 2 * RUNS.len()];
    for _ in 0..201 {
        let ns: Vec<f64> = RUNS.iter().map(|&(_, f)| time(f)).collect();
        for (i, x) in ns.iter().enumerate() {
            t[i].push(*x);
            r[2 * i].push(x / ns[0]);
            r[2 * i + 1].push(x / ns[2]);
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    for (i, (imp, _)) in RUNS.iter().enumerate() {
        println!(
            "{input} {imp}: {:.1} ns/pair, {:.3}x sat_f64, {:.3}x moller_f64",
            median(&mut t[i]),
            median(&mut r[2 * i]),
            median(&mut r[2 * i + 1])
        );
    }
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

/// `ISECT_TT_PROFILE=<implementation>[:<distribution>]` runs one implementation
/// `ISECT_TT_ITERS` (default 1000) times over the 1024 pairs and exits, without
/// criterion: a fixed workload for `valgrind --tool=callgrind` instruction counts
/// (docs/BENCHMARKS.md). `ISECT_TT_RATIO`: see [`interleaved_ratios`]. Otherwise the
/// criterion benches run.
fn main() {
    if let Ok(input) = std::env::var("ISECT_TT_RATIO") {
        interleaved_ratios(&input);
        return;
    }
    if let Ok(spec) = std::env::var("ISECT_TT_PROFILE") {
        let (which, input) = spec
            .split_once(':')
            .unwrap_or((spec.as_str(), "random_nearby"));
        let sets = sets();
        let cases = &sets
            .iter()
            .find(|(n, _)| *n == input)
            .expect("distribution")
            .1;
        let run = RUNS
            .iter()
            .find(|(n, _)| *n == which)
            .expect("implementation")
            .1;
        let iters: usize = std::env::var("ISECT_TT_ITERS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1000);
        let h = (0..iters).fold(0i64, |h, _| h.wrapping_add(run(black_box(cases))));
        println!("{spec}: {h:x}");
        return;
    }
    group();
    Criterion::default().configure_from_args().final_summary();
}
