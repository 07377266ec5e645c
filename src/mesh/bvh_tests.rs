//! The BVH's unit tests: every traversal checked against exact entries in rationals, on
//! random, grid-aligned (rays through box edges and corners), extreme-magnitude and
//! adversarial inputs.

use super::bvh::{Box3, Bvh, STACK, UNUSED};
use super::slab::{FastSetup, SlabRay, WideRay};
use crate::oracle::Rng;
use crate::scalar::ldexp;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

fn pow2(k: i32) -> f64 {
    // Exact for -1074 ≤ k ≤ 1023.
    ldexp(1.0, k)
}

/// A fraction `n/d`, `d > 0`, compared by cross-multiplication (no gcd).
#[derive(Clone, Debug)]
struct Frac {
    n: BigInt,
    d: BigInt,
}

impl Frac {
    fn new(n: BigInt, d: BigInt) -> Frac {
        if d.is_negative() {
            Frac { n: -n, d: -d }
        } else {
            Frac { n, d }
        }
    }
    fn le(&self, o: &Frac) -> bool {
        &self.n * &o.d <= &o.n * &self.d
    }
    fn to_f64(&self) -> f64 {
        BigRational::new(self.n.clone(), self.d.clone())
            .to_f64()
            .unwrap_or(f64::INFINITY)
    }
}

/// `x = m·2^e` with integer `m` (`e` is the ulp exponent; 0 for zero).
fn decode(x: f64) -> (BigInt, i32) {
    let (m, e, s) = num_traits::Float::integer_decode(x);
    (BigInt::from(m) * BigInt::from(s), e as i32)
}

/// The exact entry parameter at which `o + t d`, `t ∈ [0, t_max]` (`t_max` infinite:
/// unbounded) first meets the closed box, or `None` if it never does. Every input is
/// written as an integer times `2^e_min`; parameters are `(P − O)/D`, free of the scale.
fn exact_entry(b: &Box3, o: [f64; 3], d: [f64; 3], t_max: f64) -> Option<Frac> {
    let finite_t = t_max != f64::INFINITY;
    let mut vals: Vec<f64> =
        b.0.iter()
            .chain(&b.1)
            .chain(&o)
            .chain(&d)
            .copied()
            .collect();
    if finite_t {
        vals.push(t_max);
    }
    let e_min = vals
        .iter()
        .filter(|x| **x != 0.0)
        .map(|&x| decode(x).1)
        .min()
        .unwrap_or(0);
    let int = |x: f64| -> BigInt {
        let (m, e) = decode(x);
        if x == 0.0 {
            BigInt::zero()
        } else {
            m << ((e - e_min) as usize)
        }
    };
    let mut lo = Frac::new(BigInt::zero(), BigInt::one());
    let mut hi: Option<Frac> = finite_t.then(|| {
        let t = int(t_max);
        if e_min >= 0 {
            Frac::new(t << (e_min as usize), BigInt::one())
        } else {
            Frac::new(t, BigInt::one() << ((-e_min) as usize))
        }
    });
    for k in 0..3 {
        let (bl, bh, ok) = (int(b.0[k]), int(b.1[k]), int(o[k]));
        if d[k] == 0.0 {
            if ok < bl || ok > bh {
                return None;
            }
            continue;
        }
        let dk = int(d[k]);
        let ta = Frac::new(&bl - &ok, dk.clone());
        let tb = Frac::new(&bh - &ok, dk);
        let (t0, t1) = if ta.le(&tb) { (ta, tb) } else { (tb, ta) };
        if !t0.le(&lo) {
            lo = t0;
        }
        hi = Some(match hi {
            Some(h) if h.le(&t1) => h,
            _ => t1,
        });
    }
    match hi {
        Some(h) if !lo.le(&h) => None,
        _ => Some(lo),
    }
}

/// Check `traverse` against brute force: without pruning every box met is visited,
/// and each primitive at most once.
fn check_no_pruning(boxes: &[Box3], bvh: &Bvh, o: [f64; 3], d: [f64; 3], t_max: f64) {
    let mut seen = vec![0u32; boxes.len()];
    bvh.traverse(o, d, t_max, |p| {
        seen[p as usize] += 1;
        f64::INFINITY
    });
    let t_max = if t_max.is_nan() { f64::INFINITY } else { t_max };
    for (i, b) in boxes.iter().enumerate() {
        assert!(seen[i] <= 1, "primitive {i} visited {} times", seen[i]);
        if exact_entry(b, o, d, t_max).is_some() {
            assert_eq!(
                seen[i], 1,
                "box {i} {b:?} met by ray o={o:?} d={d:?} t_max={t_max} but not visited"
            );
        }
    }
}

/// With pruning: `visit` returns bounds derived from exact entries (rounded either
/// way) and random values; afterwards every box met within the final bound was visited.
fn check_pruning(boxes: &[Box3], bvh: &Bvh, o: [f64; 3], d: [f64; 3], t_max: f64, rng: &mut Rng) {
    let mut seen = vec![false; boxes.len()];
    let mut bound = t_max;
    let mode = rng.below(4);
    let mut r = Rng::new(rng.next_u64());
    bvh.traverse(o, d, t_max, |p| {
        seen[p as usize] = true;
        let entry = exact_entry(&boxes[p as usize], o, d, f64::INFINITY);
        let ret = match (mode, entry) {
            (_, None) => f64::INFINITY,
            // The box's exact entry, rounded to nearest (may be just below it).
            (0, Some(e)) => e.to_f64(),
            // Somewhere inside the box's interval, or a random fraction of it.
            (1, Some(e)) => e.to_f64() * (1.0 + r.next_f64()),
            (2, Some(e)) => e.to_f64() * r.next_f64(),
            (_, Some(_)) => {
                if r.below(3) == 0 {
                    f64::INFINITY
                } else {
                    bound
                }
            }
        };
        if ret < bound {
            bound = ret;
        }
        ret
    });
    if bound < 0.0 || bound.is_nan() {
        return;
    }
    for (i, b) in boxes.iter().enumerate() {
        if exact_entry(b, o, d, bound).is_some() {
            assert!(
                seen[i],
                "box {i} {b:?} met by ray o={o:?} d={d:?} within bound {bound} (t_max {t_max}) but skipped"
            );
        }
    }
}

fn random_boxes(rng: &mut Rng, n: usize, scale: f64) -> Vec<Box3> {
    (0..n)
        .map(|_| {
            let c: [f64; 3] = core::array::from_fn(|_| rng.uniform(-1.0, 1.0));
            let h: [f64; 3] = core::array::from_fn(|_| rng.uniform(0.0, 0.1) * rng.next_f64());
            (
                core::array::from_fn(|k| (c[k] - h[k]) * scale),
                core::array::from_fn(|k| (c[k] + h[k]) * scale),
            )
        })
        .collect()
}

/// Boxes with corners on the grid `k/4`, `k ∈ [-8, 8]`, some of them flat.
fn grid_boxes(rng: &mut Rng, n: usize) -> Vec<Box3> {
    (0..n)
        .map(|_| {
            let a: [i64; 3] = core::array::from_fn(|_| rng.below(17) as i64 - 8);
            let s: [i64; 3] = core::array::from_fn(|_| rng.below(4) as i64);
            (
                core::array::from_fn(|k| a[k] as f64 / 4.0),
                core::array::from_fn(|k| (a[k] + s[k]).min(8) as f64 / 4.0),
            )
        })
        .collect()
}

fn scale_boxes(boxes: &[Box3], s: f64) -> Vec<Box3> {
    boxes
        .iter()
        .map(|b| (b.0.map(|x| x * s), b.1.map(|x| x * s)))
        .collect()
}

/// Adversarial rays on the grid: origins on grid points (so often on box faces), aimed
/// exactly at box corners, edge points and face points, or axis-parallel.
fn grid_ray(rng: &mut Rng, boxes: &[Box3]) -> ([f64; 3], [f64; 3]) {
    let o: [f64; 3] = core::array::from_fn(|_| (rng.below(41) as i64 - 20) as f64 / 4.0);
    let b = &boxes[rng.below(boxes.len())];
    let d: [f64; 3] = match rng.below(6) {
        // At a corner.
        0 => core::array::from_fn(|k| {
            if rng.below(2) == 0 {
                b.0[k] - o[k]
            } else {
                b.1[k] - o[k]
            }
        }),
        // At an edge or face point (midpoints are dyadic).
        1 => core::array::from_fn(|k| match rng.below(3) {
            0 => b.0[k] - o[k],
            1 => b.1[k] - o[k],
            _ => 0.5 * (b.0[k] + b.1[k]) - o[k],
        }),
        // Axis-parallel, either sign of zero.
        2 => {
            let axis = rng.below(3);
            let z = if rng.below(2) == 0 { 0.0 } else { -0.0 };
            core::array::from_fn(|k| {
                if k == axis {
                    if rng.below(2) == 0 { 1.0 } else { -1.0 }
                } else {
                    z
                }
            })
        }
        // In a coordinate plane.
        3 => {
            let axis = rng.below(3);
            core::array::from_fn(|k| {
                if k == axis {
                    0.0
                } else {
                    (rng.below(9) as i64 - 4) as f64 / 4.0
                }
            })
        }
        // Random small-integer direction.
        4 => core::array::from_fn(|_| (rng.below(9) as i64 - 4) as f64),
        // Random.
        _ => core::array::from_fn(|_| rng.uniform(-1.0, 1.0)),
    };
    (o, d)
}

/// A ray for boxes scaled by `2^s`: its origin scaled the same, its direction by `2^r`,
/// and a `t_max`. Parameters scale by `2^(s − r)`; `t_max` may be finite only in range.
fn scaled_ray(
    rng: &mut Rng,
    ray: ([f64; 3], [f64; 3]),
    s: i32,
    r: i32,
) -> ([f64; 3], [f64; 3], f64) {
    let o = ray.0.map(|x| x * pow2(s));
    let d = ray.1.map(|x| x * pow2(r));
    let t = if (s - r).abs() < 1000 {
        t_max_choice(rng, pow2(s - r))
    } else {
        f64::INFINITY
    };
    (o, d, t)
}

fn t_max_choice(rng: &mut Rng, scale_t: f64) -> f64 {
    match rng.below(4) {
        0 | 1 => f64::INFINITY,
        2 => (rng.below(16) as f64 / 4.0) * scale_t,
        _ => rng.uniform(0.0, 4.0) * scale_t,
    }
}

#[test]
fn empty_and_single() {
    let bvh = Bvh::new(&[]);
    bvh.traverse([0.0; 3], [1.0, 0.0, 0.0], f64::INFINITY, |_| {
        panic!("empty")
    });
    let boxes = [([0.0; 3], [1.0; 3])];
    let bvh = Bvh::new(&boxes);
    let mut n = 0;
    bvh.traverse([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], f64::INFINITY, |_| {
        n += 1;
        f64::INFINITY
    });
    assert_eq!(n, 1);
    bvh.traverse([-1.0, 0.5, 0.5], [-1.0, 0.0, 0.0], f64::INFINITY, |_| {
        panic!("behind")
    });
    bvh.traverse([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], 0.5, |_| {
        panic!("too short")
    });
    // t_max exactly at the entry: touching counts.
    let mut n = 0;
    bvh.traverse([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0], 1.0, |_| {
        n += 1;
        f64::INFINITY
    });
    assert_eq!(n, 1);
}

#[test]
fn random_boxes_random_rays() {
    let mut rng = Rng::new(1);
    for &n in &[1usize, 2, 3, 5, 17, 100, 1000] {
        let boxes = random_boxes(&mut rng, n, 1.0);
        let bvh = Bvh::new(&boxes);
        assert!(bvh.depth() <= STACK);
        for _ in 0..200 {
            let o: [f64; 3] = core::array::from_fn(|_| rng.uniform(-2.0, 2.0));
            let d: [f64; 3] = core::array::from_fn(|_| rng.uniform(-1.0, 1.0));
            let t = t_max_choice(&mut rng, 1.0);
            check_no_pruning(&boxes, &bvh, o, d, t);
            check_pruning(&boxes, &bvh, o, d, t, &mut rng);
        }
    }
}

#[test]
fn grid_rays_through_edges_and_corners() {
    let mut rng = Rng::new(2);
    for &n in &[4usize, 40, 400] {
        for _ in 0..3 {
            let boxes = grid_boxes(&mut rng, n);
            let bvh = Bvh::new(&boxes);
            for _ in 0..400 {
                let (o, d) = grid_ray(&mut rng, &boxes);
                let t = t_max_choice(&mut rng, 1.0);
                check_no_pruning(&boxes, &bvh, o, d, t);
                check_pruning(&boxes, &bvh, o, d, t, &mut rng);
            }
        }
    }
}

/// The grid cases scaled by powers of two: coordinates by `2^s`, directions by `2^r`,
/// so the exact answers are the same while every magnitude regime (subnormal to near
/// overflow, and parameters far outside the `f64` range) is exercised.
#[test]
fn extreme_magnitudes() {
    let mut rng = Rng::new(3);
    let exps = [
        -1070, -1000, -600, -300, -40, 0, 40, 300, 600, 1000, 1019, 1022,
    ];
    for &s in &exps {
        let base = grid_boxes(&mut rng, 200);
        let boxes = scale_boxes(&base, pow2(s));
        let bvh = Bvh::new(&boxes);
        for &r in &exps {
            for _ in 0..40 {
                let ray = grid_ray(&mut rng, &base);
                let (o, d, t) = scaled_ray(&mut rng, ray, s, r);
                check_no_pruning(&boxes, &bvh, o, d, t);
                check_pruning(&boxes, &bvh, o, d, t, &mut rng);
            }
        }
    }
}

/// Huge and tiny boxes in one tree, rays from far away and from near the origin.
#[test]
fn mixed_magnitudes() {
    let mut rng = Rng::new(4);
    let mut boxes = Vec::new();
    for &s in &[-1060, -500, -20, 0, 20, 500, 1015] {
        boxes.extend(scale_boxes(&grid_boxes(&mut rng, 30), pow2(s)));
    }
    boxes.push(([-f64::MAX; 3], [f64::MAX; 3]));
    boxes.push(([f64::MAX, 0.0, 0.0], [f64::MAX; 3]));
    let bvh = Bvh::new(&boxes);
    assert!(bvh.depth() <= STACK);
    for _ in 0..3000 {
        let so = [-1060, -500, 0, 500, 1015][rng.below(5)];
        let sd = [-1074, -1060, -500, 0, 500, 1023][rng.below(6)];
        let (o, d) = if rng.below(4) == 0 {
            let b = &boxes[rng.below(boxes.len())];
            let o: [f64; 3] = core::array::from_fn(|_| rng.uniform(-2.0, 2.0) * pow2(so));
            // Aim at a corner, halving to avoid overflow.
            let d = core::array::from_fn(|k| 0.5 * b.1[k] - 0.5 * o[k]);
            (o, d)
        } else {
            (
                core::array::from_fn(|_| rng.uniform(-2.0, 2.0) * pow2(so)),
                core::array::from_fn(|_| {
                    if rng.below(5) == 0 {
                        0.0
                    } else {
                        rng.uniform(-1.0, 1.0) * pow2(sd)
                    }
                }),
            )
        };
        let t = if rng.below(2) == 0 {
            f64::INFINITY
        } else {
            rng.uniform(0.0, 2.0) * pow2([-1000, 0, 1000][rng.below(3)])
        };
        check_no_pruning(&boxes, &bvh, o, d, t);
        check_pruning(&boxes, &bvh, o, d, t, &mut rng);
    }
}

#[test]
fn origin_inside_and_zero_direction() {
    let mut rng = Rng::new(5);
    let boxes = grid_boxes(&mut rng, 300);
    let bvh = Bvh::new(&boxes);
    for _ in 0..500 {
        let o: [f64; 3] = core::array::from_fn(|_| (rng.below(17) as i64 - 8) as f64 / 4.0);
        let d = if rng.below(2) == 0 {
            [0.0; 3]
        } else {
            [-0.0; 3]
        };
        check_no_pruning(&boxes, &bvh, o, d, f64::INFINITY);
        check_no_pruning(&boxes, &bvh, o, d, 0.0);
    }
}

#[test]
fn non_finite_inputs_visit_everything() {
    let mut rng = Rng::new(6);
    let boxes = random_boxes(&mut rng, 50, 1.0);
    let bvh = Bvh::new(&boxes);
    for (o, d) in [
        ([f64::NAN, 0.0, 0.0], [1.0, 0.0, 0.0]),
        ([0.0; 3], [f64::INFINITY, 0.0, 0.0]),
    ] {
        let mut n = 0;
        bvh.traverse(o, d, f64::INFINITY, |_| {
            n += 1;
            f64::INFINITY
        });
        assert_eq!(n, boxes.len());
    }
    // A NaN t_max is an infinite one; a NaN returned bound is ignored.
    check_no_pruning(&boxes, &bvh, [-3.0, 0.0, 0.0], [1.0, 0.01, 0.0], f64::NAN);
    let mut with_nan = boxes.clone();
    with_nan[3].0[1] = f64::NAN;
    let bvh = Bvh::new(&with_nan);
    let mut n = 0;
    bvh.traverse([5.0; 3], [1.0; 3], f64::INFINITY, |_| {
        n += 1;
        f64::INFINITY
    });
    assert_eq!(n, boxes.len());
}

#[test]
fn depth_is_bounded_on_adversarial_inputs() {
    // Geometrically spaced boxes (SAH peels one at a time), identical boxes, and
    // identical centroids with nested sizes.
    let geometric: Vec<Box3> = (0..2000)
        .map(|i| {
            let x = pow2(i / 2 - 500);
            ([x, 0.0, 0.0], [x * 1.5, 1.0, 1.0])
        })
        .collect();
    let same: Vec<Box3> = vec![([0.0; 3], [1.0; 3]); 5000];
    let nested: Vec<Box3> = (1..3000)
        .map(|i| {
            let h = i as f64;
            ([-h; 3], [h; 3])
        })
        .collect();
    for boxes in [&geometric, &same, &nested] {
        let bvh = Bvh::new(boxes);
        assert!(bvh.depth() <= STACK, "depth {}", bvh.depth());
        let mut sorted = bvh.prims.clone();
        sorted.sort_unstable();
        assert!(sorted.iter().enumerate().all(|(i, &p)| p as usize == i));
        let mut rng = Rng::new(7);
        for _ in 0..50 {
            let o: [f64; 3] = core::array::from_fn(|_| rng.uniform(-3.0, 3.0));
            let d: [f64; 3] = core::array::from_fn(|_| rng.uniform(-1.0, 1.0));
            check_no_pruning(boxes, &bvh, o, d, f64::INFINITY);
        }
    }
}

/// Point location's one walk (`TriMesh::crossings`): a ray from a point visits every box
/// holding the point, whatever its direction, including axis directions whose zero
/// components meet the point exactly on a box's faces (the grid puts most points on
/// some face or edge), and at scales down to the subnormals.
#[test]
fn walk_visits_every_box_holding_the_origin() {
    let mut rng = Rng::new(8);
    let mut holding = 0usize;
    for &s in &[-1060, 0, 1000] {
        let boxes = scale_boxes(&grid_boxes(&mut rng, 500), pow2(s));
        let bvh = Bvh::new(&boxes);
        for q in 0..500 {
            // A grid point, or a corner, face point or middle of a box (on its faces).
            let p: [f64; 3] = if q % 2 == 0 {
                core::array::from_fn(|_| (rng.below(41) as i64 - 20) as f64 / 8.0 * pow2(s))
            } else {
                let b = boxes[rng.below(boxes.len())];
                core::array::from_fn(|k| match rng.below(3) {
                    0 => b.0[k],
                    1 => b.1[k],
                    _ => b.0[k] + (b.1[k] - b.0[k]) / 2.0,
                })
            };
            let mut d = [0.0; 3];
            d[q % 3] = if q % 2 == 0 { 1.0 } else { -1.0 };
            if q % 5 == 0 {
                d = core::array::from_fn(|_| rng.uniform(-1.0, 1.0));
            }
            let mut seen = vec![0u32; boxes.len()];
            bvh.traverse(p, d, f64::INFINITY, |i| {
                seen[i as usize] += 1;
                f64::INFINITY
            });
            for (i, b) in boxes.iter().enumerate() {
                let inside = (0..3).all(|k| b.0[k] <= p[k] && p[k] <= b.1[k]);
                assert!(seen[i] <= 1, "box {i} visited {} times", seen[i]);
                assert!(
                    !inside || seen[i] == 1,
                    "box {i} {b:?} holds {p:?} but the ray along {d:?} skipped it"
                );
                holding += usize::from(inside);
            }
        }
    }
    assert!(holding > 1000, "only {holding} boxes hold a point");
}

/// Near-to-far: with `visit` returning the exact entry of each visited box, the nearest
/// box met is visited first among the leaves' boxes in most cases, and pruning cuts
/// the visits well below the number of boxes met.
#[test]
fn pruning_prunes() {
    let mut rng = Rng::new(9);
    let boxes = random_boxes(&mut rng, 5000, 1.0);
    let bvh = Bvh::new(&boxes);
    let (mut visited, mut met) = (0usize, 0usize);
    for _ in 0..200 {
        let o: [f64; 3] = core::array::from_fn(|_| rng.uniform(-3.0, 3.0));
        let target: [f64; 3] = core::array::from_fn(|_| rng.uniform(-0.5, 0.5));
        let d: [f64; 3] = core::array::from_fn(|k| target[k] - o[k]);
        bvh.traverse(o, d, f64::INFINITY, |p| {
            visited += 1;
            exact_entry(&boxes[p as usize], o, d, f64::INFINITY)
                .map_or(f64::INFINITY, |e| e.to_f64())
        });
        met += boxes
            .iter()
            .filter(|b| exact_entry(b, o, d, f64::INFINITY).is_some())
            .count();
    }
    assert!(visited * 2 < met, "visited {visited}, met {met}");
}

/// Every lane of every 4-wide node against the exact slab test in rationals: a lane the
/// exact ray meets within `t_max` is reported met, with an entry within the limit (so
/// neither the lane test nor the pruning by the entry can lose it); an unused lane is
/// never met; and the vectorized lanes of the `f64` path equal its scalar test bit for
/// bit. Grid boxes and rays through their corners, edges and faces, along their faces,
/// with zero direction components of either sign, at scales from `2⁻¹⁰⁷⁰` to `2¹⁰²²`.
#[test]
fn wide_lanes_are_conservative() {
    fn check<R: SlabRay>(bvh: &Bvh, ray: &R, o: [f64; 3], d: [f64; 3], t_max: f64) {
        let limit = ray.limit(t_max);
        for n in &bvh.wide {
            let (t, met) = ray.enter4(n, &limit);
            for j in 0..4 {
                if n.count(j) == UNUSED {
                    assert!(!met[j], "unused lane met: o={o:?} d={d:?}");
                    continue;
                }
                let b = n.lane(j);
                let exact = exact_entry(&([b[0], b[1], b[2]], [b[3], b[4], b[5]]), o, d, t_max);
                if exact.is_some() {
                    assert!(
                        met[j] && ray.within(&t[j], &limit),
                        "lane {b:?} met by ray o={o:?} d={d:?} t_max={t_max} but culled"
                    );
                }
            }
        }
    }
    fn fast<const OCT: u8>(bvh: &Bvh, f: &FastSetup, o: [f64; 3], d: [f64; 3], t: f64) {
        let ray = f.ray::<OCT>();
        let limit = ray.limit(t);
        for n in &bvh.wide[..] {
            let (t4, met) = ray.enter4(n, &limit);
            for j in (0..4).filter(|&j| n.count(j) != UNUSED) {
                let s = ray.enter(&n.lane(j), &limit);
                assert_eq!(met[j].then(|| t4[j].to_bits()), s.map(f64::to_bits));
            }
        }
        check(bvh, &ray, o, d, t);
    }
    let mut rng = Rng::new(6);
    let exps = [-1070, -500, 0, 500, 1022];
    let (mut fast_rays, mut wide_rays) = (0, 0);
    for &n in &[1usize, 2, 3, 5, 9, 60, 400] {
        for &s in &exps {
            let base = grid_boxes(&mut rng, n);
            let boxes = scale_boxes(&base, pow2(s));
            let bvh = Bvh::new(&boxes);
            for &r in &exps {
                for _ in 0..30 {
                    let (o, mut d) = grid_ray(&mut rng, &base);
                    if rng.below(8) == 0 {
                        d = core::array::from_fn(|_| [0.0, -0.0][rng.below(2)]);
                    }
                    let (o, d, t) = scaled_ray(&mut rng, (o, d), s, r);
                    if !o.iter().chain(&d).all(|x| x.is_finite()) {
                        // Overflowed: traverse visits everything (tested above).
                        continue;
                    }
                    match FastSetup::new(o, d, bvh.magnitude) {
                        Some(f) => {
                            fast_rays += 1;
                            match f.octant {
                                0 => fast::<0>(&bvh, &f, o, d, t),
                                1 => fast::<1>(&bvh, &f, o, d, t),
                                2 => fast::<2>(&bvh, &f, o, d, t),
                                3 => fast::<3>(&bvh, &f, o, d, t),
                                4 => fast::<4>(&bvh, &f, o, d, t),
                                5 => fast::<5>(&bvh, &f, o, d, t),
                                6 => fast::<6>(&bvh, &f, o, d, t),
                                _ => fast::<7>(&bvh, &f, o, d, t),
                            }
                        }
                        None => {
                            wide_rays += 1;
                            check(&bvh, &WideRay::new(o, d), o, d, t);
                        }
                    }
                }
            }
        }
    }
    // Both arithmetics were exercised.
    assert!(
        fast_rays > 1000 && wide_rays > 1000,
        "{fast_rays} {wide_rays}"
    );
}

/// The collapse keeps the binary tree's leaves: every primitive in exactly one leaf
/// lane, each lane's box the union of the boxes below it, unused lanes empty, and each
/// octant's lane order a permutation with the used lanes first.
#[test]
fn wide_tree_holds_every_primitive_once() {
    let mut rng = Rng::new(7);
    for &n in &[1usize, 2, 3, 4, 5, 7, 33, 1000] {
        let boxes = random_boxes(&mut rng, n, 1.0);
        let bvh = Bvh::new(&boxes);
        let mut seen = vec![0; n];
        // (wide node, box of the lane that leads to it)
        let mut work = vec![(0usize, None::<[f64; 6]>)];
        while let Some((w, parent)) = work.pop() {
            let node = &bvh.wide[w];
            let mut used = 0;
            for j in 0..4 {
                let b = node.lane(j);
                if node.count(j) == UNUSED {
                    assert!(b[0] == f64::INFINITY && b[3] == f64::NEG_INFINITY);
                    continue;
                }
                used += 1;
                if let Some(p) = parent {
                    assert!((0..3).all(|k| p[k] <= b[k] && b[k + 3] <= p[k + 3]));
                }
                if node.count(j) == 0 {
                    work.push((node.child(j) as usize, Some(b)));
                } else {
                    let first = node.child(j) as usize;
                    for k in first..first + node.count(j) as usize {
                        let id = bvh.prims[k] as usize;
                        seen[id] += 1;
                        let (lo, hi) = boxes[id];
                        assert!((0..3).all(|a| b[a] <= lo[a] && hi[a] <= b[a + 3]));
                    }
                }
            }
            assert!(used >= 1 && (used >= 2 || n == 1));
            // Each octant's order lists every lane once, the used ones first.
            for &o in &node.order {
                let lanes: Vec<usize> = (0..4).map(|i| usize::from(o >> (2 * i) & 3)).collect();
                let mut sorted = lanes.clone();
                sorted.sort();
                assert_eq!(sorted, [0, 1, 2, 3], "order {o:#010b}");
                assert!(lanes[..used].iter().all(|&j| node.count(j) != UNUSED));
            }
        }
        assert!(seen.iter().all(|&c| c == 1), "{n}: {seen:?}");
    }
}
