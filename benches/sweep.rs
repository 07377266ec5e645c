//! Sweep benchmarks: each exact sweep of `isect::sweep`, and the contacts of
//! `isect::collide` for polygons and boxes, against its plain `f64` formula
//! (Gomez; Ericson, RTCD §5.5), in the same process on the same inputs (see
//! docs/BENCHMARKS.md, section "Sweeps").
//!
//! Two input sets of 256 cases each, from the test kit's seeded generator (the same on every
//! run):
//! * `random`: unit-size objects with centres in `[0, 4]³` and displacements in
//!   `[−4, 4]³` (rays from `[−4, 8]³` aimed within 1.5 of a capsule end); the share that
//!   touches is printed;
//! * `grazing`: contacts built exactly on a grid (closest approach equal to the sum of
//!   radii through Pythagorean offsets, boxes whose faces meet exactly, rays tangent to
//!   capsules), with a random wide-mantissa scale and half of them nudged by one ulp,
//!   so that the float filters cannot decide and the exact paths run.
//!
//! Each answer is folded into a hash, so no call is vectorized across cases.
//!
//! `ISECT_SWEEP_RATIO=ROUNDS` runs no criterion group: each round times a pass of the
//! exact sweep and a pass of the plain formula back to back (each pass repeated to about
//! 2 ms), and the medians of the times and of the per-round ratios are printed. Both sides
//! of a ratio see the same load, which on a shared machine is steadier than criterion's
//! separate windows.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use isect::collide::{aabb_aabb_contact, obb_obb_contact, sphere_polygon_contact};
use isect::sweep::{
    Capsule, ray_capsule, sweep_aabb_aabb, sweep_obb_obb, sweep_sphere_plane, sweep_sphere_sphere,
    sweep_sphere_triangle,
};
use isect::{Aabb, Obb, Plane, Polygon, Ray, Sphere, Triangle};
use isect_testkit::scenes::random_rotation;
use isect_testkit::{Rng, RngExt};

const N: usize = 256;

/// `x`, or one ulp above or below it (a quarter of the time each).
fn nudge(rng: &mut Rng, x: f64) -> f64 {
    match rng.next_u64() % 4 {
        0 => x.next_up(),
        1 => x.next_down(),
        _ => x,
    }
}

/// A wide-mantissa scale `K·2^-20`, K odd in [2^19, 2^20).
fn wide(rng: &mut Rng) -> f64 {
    (rng.range(1 << 18, (1 << 19) - 1) * 2 + 1) as f64 / (1u64 << 20) as f64
}

fn add(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
fn sub(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn mul(a: &[f64; 3], s: f64) -> [f64; 3] {
    [a[0] * s, a[1] * s, a[2] * s]
}
fn dot(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

// ---------------------------------------------------------------------------------------
// The plain f64 formulas (baselines).
// ---------------------------------------------------------------------------------------

/// Ericson's moving sphere/sphere (RTCD §5.5.5): first contact time or `None`.
fn naive_ss(a: &Sphere<f64>, va: &[f64; 3], b: &Sphere<f64>, vb: &[f64; 3]) -> Option<f64> {
    let s = sub(&b.center, &a.center);
    let v = sub(vb, va);
    let r = a.radius + b.radius;
    let c = dot(&s, &s) - r * r;
    if c <= 0.0 {
        return Some(0.0);
    }
    let a2 = dot(&v, &v);
    let b2 = dot(&v, &s);
    if b2 >= 0.0 {
        return None;
    }
    let d = b2 * b2 - a2 * c;
    if d < 0.0 {
        return None;
    }
    let t = (-b2 - d.sqrt()) / a2;
    (t <= 1.0).then_some(t)
}

/// Moving sphere against a plane (RTCD §5.5.3, the plane itself).
fn naive_sp(s: &Sphere<f64>, v: &[f64; 3], p: &Plane<f64>) -> Option<f64> {
    let len = dot(&p.normal, &p.normal).sqrt();
    let d0 = (dot(&p.normal, &s.center) + p.offset) / len;
    let d1 = (dot(&p.normal, &add(&s.center, v)) + p.offset) / len;
    if d0.abs() <= s.radius {
        return Some(0.0);
    }
    if d0 * d1 > 0.0 && d1.abs() > s.radius {
        return None;
    }
    let r = if d0 > 0.0 { s.radius } else { -s.radius };
    Some((d0 - r) / (d0 - d1))
}

/// Gomez's AABB sweep: per-axis entry/exit times.
fn naive_aabb(a: &Aabb<f64>, va: &[f64; 3], b: &Aabb<f64>, vb: &[f64; 3]) -> Option<(f64, f64)> {
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for k in 0..3 {
        let v = vb[k] - va[k];
        if v == 0.0 {
            if b.max[k] < a.min[k] || a.max[k] < b.min[k] {
                return None;
            }
            continue;
        }
        let t1 = (a.min[k] - b.max[k]) / v;
        let t2 = (a.max[k] - b.min[k]) / v;
        lo = lo.max(t1.min(t2));
        hi = hi.min(t1.max(t2));
    }
    (lo <= hi).then_some((lo, hi))
}

/// Ray/sphere entry for `t ≥ 0` (the classic quadratic).
fn naive_ray_sphere(o: &[f64; 3], d: &[f64; 3], c: &[f64; 3], r: f64) -> Option<f64> {
    let m = sub(o, c);
    let b = dot(&m, d);
    let cc = dot(&m, &m) - r * r;
    if cc > 0.0 && b > 0.0 {
        return None;
    }
    let a = dot(d, d);
    let disc = b * b - a * cc;
    if disc < 0.0 {
        return None;
    }
    Some(((-b - disc.sqrt()) / a).max(0.0))
}

/// Ray/capsule (cylinder quadratic, then the end spheres), RTCD §5.3.7 style.
fn naive_rc(o: &[f64; 3], d: &[f64; 3], cap: &Capsule<f64>) -> Option<f64> {
    let e = sub(&cap.b, &cap.a);
    let m = sub(o, &cap.a);
    let (md, nd, dd) = (dot(&m, &e), dot(d, &e), dot(&e, &e));
    let nn = dot(d, d);
    let mn = dot(&m, d);
    let a = dd * nn - nd * nd;
    let k = dot(&m, &m) - cap.radius * cap.radius;
    let c = dd * k - md * md;
    let mut best: Option<f64> = None;
    let mut take = |t: f64| best = Some(best.map_or(t, |b: f64| b.min(t)));
    if a.abs() > 0.0 {
        let b = dd * mn - nd * md;
        let disc = b * b - a * c;
        if disc >= 0.0 {
            let t = ((-b - disc.sqrt()) / a).max(0.0);
            let s = md + t * nd;
            let t1 = (-b + disc.sqrt()) / a;
            if s >= 0.0 && s <= dd && t1 >= 0.0 {
                take(t);
            }
        }
    }
    for c in [&cap.a, &cap.b] {
        if let Some(t) = naive_ray_sphere(o, d, c, cap.radius) {
            take(t);
        }
    }
    best
}

/// Sphere/triangle the textbook way in f64: the face (plane distance with the contact
/// point tested inside), then the edges as capsules, then the vertices (in `naive_rc`).
fn naive_st(s: &Sphere<f64>, v: &[f64; 3], t: &Triangle<f64>) -> Option<f64> {
    let n = cross(&sub(&t.b, &t.a), &sub(&t.c, &t.a));
    let len = dot(&n, &n).sqrt();
    let d0 = dot(&n, &sub(&s.center, &t.a)) / len;
    let d1 = d0 + dot(&n, v) / len;
    let mut best: Option<f64> = None;
    let inside = |p: &[f64; 3]| {
        [(&t.a, &t.b), (&t.b, &t.c), (&t.c, &t.a)]
            .iter()
            .all(|(x, y)| dot(&cross(&sub(y, x), &sub(p, x)), &n) >= 0.0)
    };
    let tf = if d0.abs() <= s.radius {
        Some(0.0)
    } else if d0 * d1 <= 0.0 || d1.abs() <= s.radius {
        let r = if d0 > 0.0 { s.radius } else { -s.radius };
        Some((d0 - r) / (d0 - d1))
    } else {
        None
    };
    if let Some(tf) = tf
        && inside(&add(&s.center, &mul(v, tf)))
    {
        best = Some(tf);
    }
    if best.is_none() {
        for (x, y) in [(&t.a, &t.b), (&t.b, &t.c), (&t.c, &t.a)] {
            let cap = Capsule::new(*x, *y, s.radius);
            if let Some(u) = naive_rc(&s.center, v, &cap)
                && u <= 1.0
            {
                best = Some(best.map_or(u, |b| b.min(u)));
            }
        }
    }
    best
}

/// The dynamic separating-axis test in plain f64 (15 axes, Gomez/Eberly).
fn naive_obb(a: &Obb<f64>, va: &[f64; 3], b: &Obb<f64>, vb: &[f64; 3]) -> Option<(f64, f64)> {
    let d = sub(&b.center, &a.center);
    let w = sub(vb, va);
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    let mut axes = [[0.0; 3]; 15];
    for i in 0..3 {
        axes[i] = a.axes[i];
        axes[3 + i] = b.axes[i];
        for j in 0..3 {
            axes[6 + 3 * i + j] = cross(&a.axes[i], &b.axes[j]);
        }
    }
    for l in &axes {
        let r: f64 = (0..3)
            .map(|i| {
                a.half_extents[i] * dot(&a.axes[i], l).abs()
                    + b.half_extents[i] * dot(&b.axes[i], l).abs()
            })
            .sum();
        let (s0, s1) = (dot(&d, l), dot(&w, l));
        if s1 == 0.0 {
            if s0.abs() > r {
                return None;
            }
            continue;
        }
        let t1 = (-r - s0) / s1;
        let t2 = (r - s0) / s1;
        lo = lo.max(t1.min(t2));
        hi = hi.min(t1.max(t2));
        if lo > hi {
            return None;
        }
    }
    Some((lo, hi))
}

// ---------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------

type SS = (Sphere<f64>, [f64; 3], Sphere<f64>, [f64; 3]);

fn ss_inputs(rng: &mut Rng, graze: bool) -> Vec<SS> {
    (0..N)
        .map(|_| {
            if !graze {
                let a = Sphere::new(rng.point_in::<3>(0.0, 4.0), rng.uniform(0.2, 1.0));
                let b = Sphere::new(rng.point_in::<3>(0.0, 4.0), rng.uniform(0.2, 1.0));
                return (
                    a,
                    rng.point_in::<3>(-4.0, 4.0),
                    b,
                    rng.point_in::<3>(-4.0, 4.0),
                );
            }
            let k = wide(rng);
            let o = mul(&[2.0, 3.0, 6.0], k); // |o| = 7k
            let w = mul(
                &cross(&o, &[rng.range(-3, 3) as f64, 1.0, rng.range(-3, 3) as f64]),
                0.25,
            );
            let j = rng.range(0, 8) as f64 / 8.0;
            let ca = [
                rng.range(0, 4) as f64,
                rng.range(0, 4) as f64,
                rng.range(0, 4) as f64,
            ];
            let mut cb = add(&ca, &sub(&o, &mul(&w, j)));
            cb[0] = nudge(rng, cb[0]);
            let va = [rng.range(-2, 2) as f64, 0.0, 1.0];
            (
                Sphere::new(ca, 3.0 * k),
                va,
                Sphere::new(cb, 4.0 * k),
                add(&va, &w),
            )
        })
        .collect()
}

type SP = (Sphere<f64>, [f64; 3], Plane<f64>);

fn sp_inputs(rng: &mut Rng, graze: bool) -> Vec<SP> {
    (0..N)
        .map(|_| {
            if !graze {
                let n = rng.point_in::<3>(-1.0, 1.0);
                let plane = Plane::new(n, -dot(&n, &rng.point_in::<3>(0.0, 4.0)));
                return (
                    Sphere::new(rng.point_in::<3>(0.0, 4.0), rng.uniform(0.2, 1.0)),
                    rng.point_in::<3>(-4.0, 4.0),
                    plane,
                );
            }
            let n = [2.0, 3.0, 6.0];
            let x0 = [
                rng.range(0, 4) as f64,
                rng.range(0, 4) as f64,
                rng.range(0, 4) as f64,
            ];
            let k = wide(rng);
            let mut c = add(&x0, &mul(&n, k)); // at distance 7k
            c[2] = nudge(rng, c[2]);
            let v = cross(&n, &[1.0, rng.range(-3, 3) as f64, 0.0]); // parallel to the plane
            (Sphere::new(c, 7.0 * k), v, Plane::new(n, -dot(&n, &x0)))
        })
        .collect()
}

type BB = (Aabb<f64>, [f64; 3], Aabb<f64>, [f64; 3]);

fn bb_inputs(rng: &mut Rng, graze: bool) -> Vec<BB> {
    (0..N)
        .map(|_| {
            let bx = |rng: &mut Rng| {
                if graze {
                    let a = [0; 3].map(|_| rng.range(0, 4) as f64);
                    let e = [0; 3].map(|_| rng.range(1, 3) as f64 / 2.0);
                    Aabb::new(a, add(&a, &e))
                } else {
                    let a = rng.point_in::<3>(0.0, 4.0);
                    Aabb::new(a, add(&a, &rng.point_in::<3>(0.2, 1.5)))
                }
            };
            let (a, b) = (bx(rng), bx(rng));
            let v = |rng: &mut Rng| {
                if graze {
                    [0; 3].map(|_| rng.range(-4, 4) as f64)
                } else {
                    rng.point_in::<3>(-4.0, 4.0)
                }
            };
            (a, v(rng), b, v(rng))
        })
        .collect()
}

type RC = (Ray<f64>, Capsule<f64>);

fn rc_inputs(rng: &mut Rng, graze: bool) -> Vec<RC> {
    (0..N)
        .map(|_| {
            if !graze {
                let a = rng.point_in::<3>(0.0, 4.0);
                let cap = Capsule::new(
                    a,
                    add(&a, &rng.point_in::<3>(-2.0, 2.0)),
                    rng.uniform(0.2, 1.0),
                );
                // Aimed near the capsule, so that a fair share of rays hit.
                let o = rng.point_in::<3>(-4.0, 8.0);
                let d = sub(&add(&a, &rng.point_in::<3>(-1.5, 1.5)), &o);
                return (Ray::new(o, d), cap);
            }
            let k = wide(rng);
            let x = rng.range(1, 15) as f64 * k;
            // Tangent to the cylinder along (0, 4, 3) at offset (x, −3k, 4k).
            let p = [x, -3.0 * k, 4.0 * k];
            let d = [0.0, 4.0, 3.0];
            let mut o = sub(&p, &mul(&d, rng.range(0, 4) as f64));
            o[1] = nudge(rng, o[1]);
            (
                Ray::new(o, d),
                Capsule::new([0.0; 3], [16.0 * k, 0.0, 0.0], 5.0 * k),
            )
        })
        .collect()
}

type ST = (Sphere<f64>, [f64; 3], Triangle<f64>);

fn st_inputs(rng: &mut Rng, graze: bool) -> Vec<ST> {
    (0..N)
        .map(|_| {
            if !graze {
                let a = rng.point_in::<3>(0.0, 4.0);
                let t = Triangle::new(
                    a,
                    add(&a, &rng.point_in::<3>(-2.0, 2.0)),
                    add(&a, &rng.point_in::<3>(-2.0, 2.0)),
                );
                return (
                    Sphere::new(rng.point_in::<3>(0.0, 4.0), rng.uniform(0.2, 1.0)),
                    rng.point_in::<3>(-4.0, 4.0),
                    t,
                );
            }
            let k = wide(rng);
            let t = Triangle::new([0.0; 3], [16.0 * k, 0.0, 0.0], [0.0, 16.0 * k, 0.0]);
            // Grazing the edge y = 0 at distance 5k, moving along (0, 4, 3)·k.
            let x = rng.range(1, 15) as f64 * k;
            let w = mul(&[0.0, 4.0, 3.0], k);
            let mut c = sub(
                &[x, -3.0 * k, 4.0 * k],
                &mul(&w, rng.range(0, 8) as f64 / 8.0),
            );
            c[1] = nudge(rng, c[1]);
            (Sphere::new(c, 5.0 * k), w, t)
        })
        .collect()
}

type OO = (Obb<f64>, [f64; 3], Obb<f64>, [f64; 3]);

fn oo_inputs(rng: &mut Rng, graze: bool) -> Vec<OO> {
    (0..N)
        .map(|_| {
            let rot = |rng: &mut Rng| {
                if graze {
                    // Integer, exactly orthogonal axes (a 2-3-6 rotation, scaled by 7).
                    let r = [[2.0, 3.0, 6.0], [3.0, -6.0, 2.0], [6.0, 2.0, -3.0]];
                    let k = rng.range(0, 2) as usize;
                    [r[k], r[(k + 1) % 3], r[(k + 2) % 3]]
                } else {
                    // The transpose of the kit's: columns as axes.
                    let r = random_rotation(rng);
                    std::array::from_fn(|i| std::array::from_fn(|k| r[k][i]))
                }
            };
            let bx = |rng: &mut Rng| {
                if graze {
                    let c = [0; 3].map(|_| rng.range(0, 40) as f64);
                    let h = [0; 3].map(|_| rng.range(1, 3) as f64);
                    Obb::new(c, rot(rng), h)
                } else {
                    Obb::new(
                        rng.point_in::<3>(0.0, 4.0),
                        rot(rng),
                        rng.point_in::<3>(0.2, 1.0),
                    )
                }
            };
            let (a, b) = (bx(rng), bx(rng));
            let v = |rng: &mut Rng| {
                if graze {
                    [0; 3].map(|_| rng.range(-20, 20) as f64)
                } else {
                    rng.point_in::<3>(-4.0, 4.0)
                }
            };
            (a, v(rng), b, v(rng))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Benchmarks
// ---------------------------------------------------------------------------------------

/// A contact's time, as the `first` the benchmark folds.
struct Time {
    first: f64,
}

/// The sphere/triangle inputs with the triangle also as a polygon (built once).
type SPoly = (Sphere<f64>, [f64; 3], Polygon<f64>, Triangle<f64>);

fn spoly_inputs(rng: &mut Rng, graze: bool) -> Vec<SPoly> {
    st_inputs(rng, graze)
        .into_iter()
        .map(|(s, v, t)| (s, v, Polygon::new(vec![t.a, t.b, t.c]), t))
        .collect()
}

fn fold(h: u64, x: f64) -> u64 {
    h.rotate_left(5) ^ x.to_bits()
}

/// The rounds asked for by `ISECT_SWEEP_RATIO`, if any.
fn ratio_rounds() -> Option<usize> {
    std::env::var("ISECT_SWEEP_RATIO").ok()?.parse().ok()
}

/// `rounds` rounds of `exact` then `plain` (one pass over the inputs each, repeated to
/// about 2 ms); prints the median times a pass and the median per-round ratio.
fn interleaved(
    name: &str,
    dist: &str,
    rounds: usize,
    exact: &dyn Fn() -> u64,
    plain: &dyn Fn() -> u64,
) {
    let once = |f: &dyn Fn() -> u64| {
        let start = Instant::now();
        black_box(f());
        start.elapsed().as_secs_f64()
    };
    let reps = |f: &dyn Fn() -> u64| ((2e-3 / once(f).max(1e-9)) as usize).clamp(1, 10_000);
    let (re, rp) = (reps(exact), reps(plain));
    let time = |f: &dyn Fn() -> u64, n: usize| {
        let start = Instant::now();
        for _ in 0..n {
            black_box(f());
        }
        start.elapsed().as_secs_f64() / n as f64
    };
    let (mut te, mut tp, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let (e, p) = (time(exact, re), time(plain, rp));
        te.push(e);
        tp.push(p);
        ratio.push(e / p);
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "sweep_{name} {dist}: isect {:.2} µs, plain {:.2} µs per {N} cases; isect / plain {:.3} (median of {rounds} rounds)",
        median(te) * 1e6,
        median(tp) * 1e6,
        median(ratio),
    );
}

macro_rules! pair {
    ($c:expr, $name:expr, $gen:ident, |$i:ident| $exact:expr, |$j:ident| $naive:expr) => {{
        let mut g = $c.benchmark_group(concat!("sweep_", $name));
        g.throughput(Throughput::Elements(N as u64));
        g.warm_up_time(Duration::from_millis(300));
        g.measurement_time(Duration::from_millis(1200));
        g.sample_size(20);
        for (dist, graze) in [("random", false), ("grazing", true)] {
            let mut rng = Rng::new(0x5EED ^ (graze as u64));
            let inputs = $gen(&mut rng, graze);
            let (mut hits, mut naive_hits) = (0, 0);
            for $i in &inputs {
                hits += $exact.is_some() as usize;
            }
            for $j in &inputs {
                naive_hits += $naive.is_some() as usize;
            }
            eprintln!("sweep_{} {dist}: isect touches {hits}/{N}, plain f64 {naive_hits}/{N}", $name);
            // One pass over the inputs each, for criterion and the interleaved mode alike.
            let exact = || {
                let mut h = 0u64;
                for $i in black_box(&inputs) {
                    h = fold(h, $exact.map_or(-1.0, |x| x.first));
                }
                h
            };
            let plain = || {
                let mut h = 0u64;
                for $j in black_box(&inputs) {
                    h = fold(h, $naive.map_or(-1.0, |x| x));
                }
                h
            };
            if let Some(rounds) = ratio_rounds() {
                interleaved($name, dist, rounds, &exact, &plain);
                continue;
            }
            g.bench_function(BenchmarkId::new("isect_f64", dist), |b| b.iter(&exact));
            g.bench_function(BenchmarkId::new("plain_f64", dist), |b| b.iter(&plain));
        }
        g.finish();
    }};
}

fn benches(c: &mut Criterion) {
    pair!(
        c,
        "sphere_sphere",
        ss_inputs,
        |i| sweep_sphere_sphere(&i.0, &i.1, &i.2, &i.3),
        |j| naive_ss(&j.0, &j.1, &j.2, &j.3)
    );
    pair!(
        c,
        "sphere_plane",
        sp_inputs,
        |i| sweep_sphere_plane(&i.0, &i.1, &i.2, &[0.0; 3]),
        |j| naive_sp(&j.0, &j.1, &j.2)
    );
    pair!(
        c,
        "aabb_aabb",
        bb_inputs,
        |i| sweep_aabb_aabb(&i.0, &i.1, &i.2, &i.3),
        |j| naive_aabb(&j.0, &j.1, &j.2, &j.3).map(|x| x.0)
    );
    pair!(
        c,
        "ray_capsule",
        rc_inputs,
        |i| ray_capsule(&i.0, &i.1),
        |j| naive_rc(&j.0.origin, &j.0.direction, &j.1)
    );
    pair!(
        c,
        "sphere_triangle",
        st_inputs,
        |i| sweep_sphere_triangle(&i.0, &i.1, &i.2, &[0.0; 3]),
        |j| naive_st(&j.0, &j.1, &j.2)
    );
    pair!(
        c,
        "obb_obb",
        oo_inputs,
        |i| sweep_obb_obb(&i.0, &i.1, &i.2, &i.3),
        |j| naive_obb(&j.0, &j.1, &j.2, &j.3).map(|x| x.0)
    );
    // The contacts (time, point, normal, features, approach) against the same plain
    // sweep formulas: what determination costs over the plain time.
    pair!(
        c,
        "contact_sphere_polygon",
        spoly_inputs,
        |i| sphere_polygon_contact(&i.0, &i.1, &i.2, &[0.0; 3]).map(|k| Time { first: k.time }),
        |j| naive_st(&j.0, &j.1, &j.3)
    );
    pair!(
        c,
        "contact_aabb_aabb",
        bb_inputs,
        |i| aabb_aabb_contact(&i.0, &i.1, &i.2, &i.3).map(|k| Time { first: k.time }),
        |j| naive_aabb(&j.0, &j.1, &j.2, &j.3).map(|x| x.0)
    );
    pair!(
        c,
        "contact_obb_obb",
        oo_inputs,
        |i| obb_obb_contact(&i.0, &i.1, &i.2, &i.3).map(|k| Time { first: k.time }),
        |j| naive_obb(&j.0, &j.1, &j.2, &j.3).map(|x| x.0)
    );
}

fn config() -> Criterion {
    Criterion::default().without_plots()
}

criterion_group! {
    name = sweep;
    config = config();
    targets = benches
}
criterion_main!(sweep);
