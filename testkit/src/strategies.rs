//! Proptest strategies for the predicates' inputs: point sets generic over `f32`/`f64`
//! (uniform, extreme, mixed magnitudes, ulp clusters, near-degenerate, exactly degenerate
//! and scaled families), and rational families with exact degeneracies.
//!
//! Every family yields `[[F; D]; N]`; the exactly degenerate families yield
//! `([[F; D]; N], bool)` where the flag says the configuration is degenerate by
//! construction (the oracle must say `Zero`).

use std::fmt::Debug;
use std::sync::OnceLock;

use num_traits::{One, Zero};
use proptest::prelude::*;

use crate::float::{bit_span, exact_scale_range, map_pts, mul_pow2_f64, nudge, Fl};
use crate::perm::{nth_perm, permute};
use crate::q::Q;

/// `N` points of dimension `D`.
pub type Pts<F, const D: usize, const N: usize> = BoxedStrategy<[[F; D]; N]>;
/// `N` points of dimension `D`, and whether they are degenerate by construction.
pub type Flagged<F, const D: usize, const N: usize> = BoxedStrategy<([[F; D]; N], bool)>;

fn pts<T: Debug + Clone + 'static, const D: usize, const N: usize>(
    coord: BoxedStrategy<T>,
) -> BoxedStrategy<[[T; D]; N]> {
    proptest::array::uniform::<_, N>(proptest::array::uniform::<_, D>(coord)).boxed()
}

// ----- single coordinates -----

/// Any finite value: uniformly random bit patterns (so exponents spread over the whole
/// range, subnormals included), `m·2^e` with a random significand and exponent, and the
/// boundary values.
fn coord_extreme<F: Fl>() -> BoxedStrategy<F> {
    let specials = F::specials();
    prop_oneof![
        3 => any::<u64>().prop_map(F::from_random_bits),
        2 => (any::<u64>(), F::MIN_EXP..=F::MAX_EXP - F::MANT as i32 + 1, any::<bool>())
            .prop_map(|(m, e, neg)| {
                let m = (m >> (64 - F::MANT)) as f64; // < 2^MANT: exact
                let x = F::from_f64(if neg { -m } else { m }).mul_pow2(e);
                if x.is_fin() { x } else { F::MAX }
            }),
        1 => proptest::sample::select(specials),
    ]
    .boxed()
}

/// Huge (near the top of the range), tiny (subnormal or just above), moderate, or zero:
/// drawn independently per coordinate, so one input mixes 1e300 with 1e-300.
fn coord_mixed<F: Fl>() -> BoxedStrategy<F> {
    prop_oneof![
        // |x| in [2^(MAX_EXP-40), MAX]
        2 => (1.0f64..2.0, F::MAX_EXP - 40..=F::MAX_EXP, any::<bool>()).prop_map(
            |(m, e, neg)| {
                let x = F::from_f64(if neg { -m } else { m }).mul_pow2(e);
                if x.is_fin() { x } else { F::MAX }
            }
        ),
        // |x| in [TINY, 2^(MIN_EXP+MANT+40)]: subnormals and the bottom normals
        2 => (1.0f64..2.0, F::MIN_EXP..=F::MIN_EXP + F::MANT as i32 + 40, any::<bool>())
            .prop_map(|(m, e, neg)| {
                let x = F::from_f64(if neg { -m } else { m }).mul_pow2(e);
                if x == F::from_f64(0.0) { F::TINY } else { x }
            }),
        1 => (-1e3f64..1e3).prop_map(F::from_f64),
        1 => Just(F::from_f64(0.0)),
        1 => prop_oneof![Just(1e300), Just(-1e300), Just(1e-300), Just(-1e-300),
                         Just(1e30), Just(-1e-30), Just(1e-38)]
                .prop_map(|x: f64| {
                    let y = F::from_f64(x);
                    if y.is_fin() { y } else { F::MAX }
                }),
    ]
    .boxed()
}

// ----- general families (any predicate) -----

/// Uniform in a box `[-2^s, 2^s]^D` (or a small integer grid) with `s` in `[-40, 40]`.
pub fn uniform<F: Fl, const D: usize, const N: usize>() -> Pts<F, D, N> {
    let unit = pts::<f64, D, N>((-1.0f64..1.0).boxed());
    let ints = pts::<f64, D, N>((-6i32..=6).prop_map(f64::from).boxed());
    (prop_oneof![3 => unit, 1 => ints], -40i32..=40)
        .prop_map(|(p, s)| map_pts(&p, |x| F::from_f64(x).mul_pow2(s)))
        .boxed()
}

/// Every coordinate from `coord_extreme`: any finite value (random bit patterns, random
/// significands and exponents, the boundary values).
pub fn extreme<F: Fl, const D: usize, const N: usize>() -> Pts<F, D, N> {
    pts::<F, D, N>(coord_extreme::<F>())
}

/// Every coordinate from `coord_mixed`: huge, tiny (subnormal), moderate or zero, drawn
/// independently, so one input mixes 1e300 with 1e-300.
pub fn mixed<F: Fl, const D: usize, const N: usize>() -> Pts<F, D, N> {
    pts::<F, D, N>(coord_mixed::<F>())
}

/// All points within a few ulps of one base point: nearly coincident points whose
/// differences are single ulps (across binade boundaries, in the subnormal range, …).
pub fn ulp_cluster<F: Fl, const D: usize, const N: usize>() -> Pts<F, D, N> {
    let base = prop_oneof![
        2 => (-1.0f64..1.0, -60i32..=60).prop_map(|(x, s)| F::from_f64(x).mul_pow2(s)),
        1 => coord_extreme::<F>(),
        1 => proptest::sample::select(F::specials()),
    ]
    .boxed();
    let base_pt = proptest::array::uniform::<_, D>(base);
    let nudges = pts::<i32, D, N>((-3i32..=3).boxed());
    (base_pt, nudges)
        .prop_map(|(b, n)| {
            std::array::from_fn(|i| {
                std::array::from_fn(|j| {
                    let x = nudge(b[j], n[i][j]);
                    if x.is_fin() {
                        x
                    } else {
                        b[j]
                    }
                })
            })
        })
        .boxed()
}

/// A random point set in which one point repeats another (always degenerate).
pub fn repeated<F: Fl, const D: usize, const N: usize>() -> Flagged<F, D, N> {
    (
        prop_oneof![
            uniform::<F, D, N>(),
            extreme::<F, D, N>(),
            mixed::<F, D, N>()
        ],
        0..N,
        1..N,
    )
        .prop_map(|(mut p, i, off)| {
            let j = (i + off) % N;
            p[j] = p[i];
            (p, true)
        })
        .boxed()
}

/// Multiplies every coordinate by `2^k`, `k` anywhere from below the subnormal range
/// to above the overflow threshold, lowered where needed to keep the result finite.
/// Multiplication may round (underflow) — the oracle sees the rounded values.
pub fn scaled<F: Fl, const D: usize, const N: usize>(s: Pts<F, D, N>) -> Pts<F, D, N> {
    (
        s,
        F::MIN_EXP - 60..=F::MAX_EXP + 60,
        any::<bool>(),
        any::<prop::sample::Index>(),
        -12i32..=12,
        any::<bool>(),
    )
        .prop_map(|(p, k, targeted, idx, jitter, by_spread)| {
            let k = if targeted {
                // Put the magnitude of the coordinates (or of their differences) right
                // at a threshold where products of 1..6 of them underflow, go
                // subnormal or overflow.
                let crit = critical_exponents::<F>();
                let target = crit[idx.index(crit.len())] + jitter;
                let reference = if by_spread { spread(&p) } else { magnitude(&p) };
                match reference {
                    Some(r) => target - r,
                    None => k,
                }
            } else {
                k
            };
            let hi = exact_scale_range::<F>(p.iter().flatten().copied()).map_or(k, |(_, hi)| hi);
            let k = k.min(hi);
            map_pts(&p, |x| x.mul_pow2(k))
        })
        .boxed()
}

/// Exponents `e` such that a product of `d = 1..6` values of magnitude `2^e` sits at
/// the smallest subnormal, the smallest normal or the overflow threshold.
fn critical_exponents<F: Fl>() -> Vec<i32> {
    let mut v = Vec::new();
    for d in 1..=6 {
        v.push(F::MIN_EXP / d);
        v.push((F::MIN_EXP + F::MANT as i32 - 1) / d);
        v.push((F::MAX_EXP + 1) / d);
    }
    v
}

/// Top-bit exponent of the largest coordinate.
fn magnitude<F: Fl, const D: usize, const N: usize>(p: &[[F; D]; N]) -> Option<i32> {
    p.iter()
        .flatten()
        .filter_map(|x| bit_span(x.wide()).map(|s| s.1))
        .max()
}

/// Top-bit exponent of the largest coordinate difference (computed in f64, rounded).
fn spread<F: Fl, const D: usize, const N: usize>(p: &[[F; D]; N]) -> Option<i32> {
    let mut best = None;
    for i in 0..N {
        for k in i + 1..N {
            for (x, y) in p[i].iter().zip(&p[k]) {
                let d = x.wide() - y.wide();
                if let Some((_, h)) = bit_span(d) {
                    best = Some(best.map_or(h, |b: i32| b.max(h)));
                }
            }
        }
    }
    best
}

/// Two magnitudes per case: every coordinate is near `2^E` or near `2^(E−S)` (or zero),
/// with `E` and the gap `S` anywhere in the range — spreads of exponents from none to
/// the whole range of the type.
pub fn two_scale<F: Fl, const D: usize, const N: usize>() -> Pts<F, D, N> {
    let coord = (0u8..5, 1.0f64..2.0, 0i32..8, any::<bool>()).boxed();
    (
        F::MIN_EXP + F::MANT as i32..=F::MAX_EXP,
        0.0f64..1.0,
        pts::<(u8, f64, i32, bool), D, N>(coord),
    )
        .prop_map(|(e_hi, frac, c)| {
            let gap = ((e_hi - F::MIN_EXP) as f64 * frac) as i32;
            map_pts(&c, |(which, m, r, neg)| {
                let m = if neg { -m } else { m };
                let x = match which {
                    0 | 1 => F::from_f64(m).mul_pow2(e_hi - r),
                    2 | 3 => F::from_f64(m).mul_pow2(e_hi - gap - r),
                    _ => F::from_f64(0.0),
                };
                if x.is_fin() {
                    x
                } else {
                    F::MAX
                }
            })
        })
        .boxed()
}

/// Multiplies by `2^k` with `k` chosen where the scaling is exact (flag kept).
fn scaled_exact<F: Fl, const D: usize, const N: usize>(s: Flagged<F, D, N>) -> Flagged<F, D, N> {
    (s, 0.0f64..1.0)
        .prop_map(|((p, flag), u)| {
            let k = match exact_scale_range::<F>(p.iter().flatten().copied()) {
                Some((lo, hi)) if lo <= hi => lo + ((hi - lo + 1) as f64 * u) as i32,
                _ => 0,
            };
            (map_pts(&p, |x| x.mul_pow2(k)), flag)
        })
        .boxed()
}

// ----- near-degenerate families (constructed in F arithmetic, so rounded) -----

/// A centre far from the origin relative to the configuration size, and the size:
/// `(centre, 2^size_exp)`; both in F.
fn frame<F: Fl, const D: usize>() -> BoxedStrategy<([F; D], i32)> {
    (
        proptest::array::uniform::<_, D>(-1.0f64..1.0),
        -30i32..=30,
        prop_oneof![Just(0i32), 0i32..=40],
    )
        .prop_map(|(c, s, off)| (c.map(|x| F::from_f64(x).mul_pow2(s + off)), s))
        .boxed()
}

fn at<F: Fl, const D: usize>(centre: &[F; D], unit: &[f64; D], s: i32) -> [F; D] {
    std::array::from_fn(|j| centre[j] + F::from_f64(unit[j]).mul_pow2(s))
}

fn nudged<F: Fl, const D: usize>(p: [F; D], n: &[i32; D]) -> [F; D] {
    std::array::from_fn(|j| nudge(p[j], n[j]))
}

/// A parameter for a point on a line/plane: a random real, or a simple fraction.
fn param() -> BoxedStrategy<f64> {
    prop_oneof![
        2 => -3.0f64..4.0,
        1 => (-8i32..=8, 1i32..=9).prop_map(|(a, b)| f64::from(a) / f64::from(b)),
        1 => Just(0.5),
    ]
    .boxed()
}

/// orient2d: `c = a + t(b − a)` rounded, nudged by a few ulps, points shuffled.
pub fn orient2d_near<F: Fl>() -> Pts<F, 2, 3> {
    (
        frame::<F, 2>(),
        proptest::array::uniform2(proptest::array::uniform2(-1.0f64..1.0)),
        param(),
        proptest::array::uniform2(-2i32..=2),
        0usize..6,
    )
        .prop_map(|((o, s), [ua, ub], t, n, perm)| {
            let a = at(&o, &ua, s);
            let b = at(&o, &ub, s);
            let t = F::from_f64(t);
            let c: [F; 2] = std::array::from_fn(|j| a[j] + t * (b[j] - a[j]));
            permute(&[a, b, nudged(c, &n)], &nth_perm(3, perm))
        })
        .boxed()
}

/// orient3d: `d = a + s(b − a) + t(c − a)` rounded, nudged, shuffled.
pub fn orient3d_near<F: Fl>() -> Pts<F, 3, 4> {
    (
        frame::<F, 3>(),
        proptest::array::uniform3(proptest::array::uniform3(-1.0f64..1.0)),
        (param(), param()),
        proptest::array::uniform3(-2i32..=2),
        0usize..24,
    )
        .prop_map(|((o, sc), [ua, ub, uc], (s, t), n, perm)| {
            let a = at(&o, &ua, sc);
            let b = at(&o, &ub, sc);
            let c = at(&o, &uc, sc);
            let (s, t) = (F::from_f64(s), F::from_f64(t));
            let d: [F; 3] = std::array::from_fn(|j| a[j] + s * (b[j] - a[j]) + t * (c[j] - a[j]));
            permute(&[a, b, c, nudged(d, &n)], &nth_perm(4, perm))
        })
        .boxed()
}

/// incircle: four points `centre + r(cos θ, sin θ)` rounded, the last nudged.
pub fn incircle_near<F: Fl>() -> Pts<F, 2, 4> {
    (
        frame::<F, 2>(),
        0.5f64..2.0,
        proptest::array::uniform4(0.0f64..std::f64::consts::TAU),
        proptest::array::uniform2(-2i32..=2),
        0usize..24,
    )
        .prop_map(|((o, s), r, th, n, perm)| {
            let mut p: [[F; 2]; 4] = th.map(|t| at(&o, &[r * t.cos(), r * t.sin()], s));
            p[3] = nudged(p[3], &n);
            permute(&p, &nth_perm(4, perm))
        })
        .boxed()
}

/// insphere: five points `centre + r·u` (u a unit vector) rounded, the last nudged.
pub fn insphere_near<F: Fl>() -> Pts<F, 3, 5> {
    (
        frame::<F, 3>(),
        0.5f64..2.0,
        proptest::array::uniform5(proptest::array::uniform3(-1.0f64..1.0)),
        proptest::array::uniform3(-2i32..=2),
        0usize..120,
    )
        .prop_map(|((o, s), r, dirs, n, perm)| {
            let mut p: [[F; 3]; 5] = dirs.map(|v| {
                let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt().max(1e-9);
                at(&o, &v.map(|x| r * x / len), s)
            });
            p[4] = nudged(p[4], &n);
            permute(&p, &nth_perm(5, perm))
        })
        .boxed()
}

// ----- exactly degenerate families (integer constructions, then exact 2^k scaling) -----

/// One unit step added to one coordinate of one point (`None`: no change).
fn grid_nudge<const D: usize, const N: usize>() -> BoxedStrategy<Option<(usize, usize, i64)>> {
    prop_oneof![
        2 => Just(None),
        1 => (0..N, 0..D, prop_oneof![Just(-1i64), Just(1i64)]).prop_map(Some),
    ]
    .boxed()
}

fn apply_grid<F: Fl, const D: usize, const N: usize>(
    mut p: [[i64; D]; N],
    nudge: Option<(usize, usize, i64)>,
    perm: usize,
) -> ([[F; D]; N], bool) {
    if let Some((i, j, d)) = nudge {
        p[i][j] += d;
    }
    // Integers below 2^22 are exact in f32 and f64.
    assert!(p.iter().flatten().all(|x| x.abs() < 1 << 22));
    let f = map_pts(&p, |x| F::from_f64(x as f64));
    (permute(&f, &nth_perm(N, perm)), nudge.is_none())
}

fn ivec<const D: usize>(r: i64) -> BoxedStrategy<[i64; D]> {
    proptest::array::uniform::<_, D>(-r..=r).boxed()
}

/// Collinear integer points `P + m·u`, optionally one coordinate moved by one unit.
fn collinear_grid<F: Fl, const N: usize>() -> Flagged<F, 2, N> {
    (
        ivec::<2>(1 << 10),
        ivec::<2>(64),
        proptest::array::uniform::<_, N>(-32i64..=32),
        grid_nudge::<2, N>(),
        0usize..120,
    )
        .prop_map(|(p, u, m, nudge, perm)| {
            let pts = m.map(|k| [p[0] + k * u[0], p[1] + k * u[1]]);
            apply_grid::<F, 2, N>(pts, nudge, perm)
        })
        .boxed()
}

/// Coplanar integer points `P + m·u + n·v`.
fn coplanar_grid<F: Fl, const N: usize>() -> Flagged<F, 3, N> {
    (
        ivec::<3>(1 << 10),
        ivec::<3>(32),
        ivec::<3>(32),
        proptest::array::uniform::<_, N>((-16i64..=16, -16i64..=16)),
        grid_nudge::<3, N>(),
        0usize..120,
    )
        .prop_map(|(p, u, v, mn, nudge, perm)| {
            let pts = mn.map(|(m, n)| std::array::from_fn(|j| p[j] + m * u[j] + n * v[j]));
            apply_grid::<F, 3, N>(pts, nudge, perm)
        })
        .boxed()
}

const CIRCLE_RADII: [i64; 7] = [1, 5, 25, 65, 85, 325, 1105];
const SPHERE_RADII: [i64; 8] = [1, 3, 7, 9, 11, 21, 27, 45];

/// All integer points on the circle of radius `r` about the origin.
pub fn circle_lattice(r: i64) -> Vec<[i64; 2]> {
    let mut v = Vec::new();
    for x in -r..=r {
        let y2 = r * r - x * x;
        let y = (y2 as f64).sqrt().round() as i64;
        if y * y == y2 {
            v.push([x, y]);
            if y != 0 {
                v.push([x, -y]);
            }
        }
    }
    v
}

/// All integer points on the sphere of radius `r` about the origin.
pub fn sphere_lattice(r: i64) -> Vec<[i64; 3]> {
    let mut v = Vec::new();
    for x in -r..=r {
        for y in -r..=r {
            let z2 = r * r - x * x - y * y;
            if z2 < 0 {
                continue;
            }
            let z = (z2 as f64).sqrt().round() as i64;
            if z * z == z2 {
                v.push([x, y, z]);
                if z != 0 {
                    v.push([x, y, -z]);
                }
            }
        }
    }
    v
}

fn circles() -> &'static Vec<Vec<[i64; 2]>> {
    static C: OnceLock<Vec<Vec<[i64; 2]>>> = OnceLock::new();
    C.get_or_init(|| CIRCLE_RADII.iter().map(|&r| circle_lattice(r)).collect())
}

fn spheres() -> &'static Vec<Vec<[i64; 3]>> {
    static S: OnceLock<Vec<Vec<[i64; 3]>>> = OnceLock::new();
    S.get_or_init(|| SPHERE_RADII.iter().map(|&r| sphere_lattice(r)).collect())
}

/// Cocircular integer points: a lattice circle (Pythagorean triples such as 3-4-5,
/// 5-12-13, 16-63-65 …) about an integer centre.
fn cocircular_grid<F: Fl>() -> Flagged<F, 2, 4> {
    (
        0..CIRCLE_RADII.len(),
        proptest::array::uniform4(any::<u32>()),
        ivec::<2>(1 << 12),
        grid_nudge::<2, 4>(),
        0usize..24,
    )
        .prop_map(|(r, idx, c, nudge, perm)| {
            let lat = &circles()[r];
            let pts = idx.map(|i| {
                let q = lat[i as usize % lat.len()];
                [c[0] + q[0], c[1] + q[1]]
            });
            apply_grid::<F, 2, 4>(pts, nudge, perm)
        })
        .boxed()
}

/// Cospherical integer points: a lattice sphere about an integer centre.
fn cospherical_grid<F: Fl>() -> Flagged<F, 3, 5> {
    (
        0..SPHERE_RADII.len(),
        proptest::array::uniform5(any::<u32>()),
        ivec::<3>(1 << 12),
        grid_nudge::<3, 5>(),
        0usize..120,
    )
        .prop_map(|(r, idx, c, nudge, perm)| {
            let lat = &spheres()[r];
            let pts = idx.map(|i| {
                let q = lat[i as usize % lat.len()];
                [c[0] + q[0], c[1] + q[1], c[2] + q[2]]
            });
            apply_grid::<F, 3, 5>(pts, nudge, perm)
        })
        .boxed()
}

/// Exactly degenerate orient2d inputs (collinear or repeated), exactly scaled.
pub fn orient2d_exact<F: Fl>() -> Flagged<F, 2, 3> {
    scaled_exact(prop_oneof![3 => collinear_grid::<F, 3>(), 1 => repeated::<F, 2, 3>()].boxed())
}

/// Exactly degenerate orient3d inputs (coplanar, collinear-in-3d, repeated).
pub fn orient3d_exact<F: Fl>() -> Flagged<F, 3, 4> {
    scaled_exact(prop_oneof![3 => coplanar_grid::<F, 4>(), 1 => repeated::<F, 3, 4>()].boxed())
}

/// Exactly degenerate incircle inputs: cocircular, four collinear (their lifted matrix
/// has rank ≤ 3), repeated.
pub fn incircle_exact<F: Fl>() -> Flagged<F, 2, 4> {
    scaled_exact(
        prop_oneof![
            3 => cocircular_grid::<F>(),
            1 => collinear_grid::<F, 4>(),
            1 => repeated::<F, 2, 4>(),
        ]
        .boxed(),
    )
}

/// Exactly degenerate insphere inputs: cospherical, five coplanar (lifted rank ≤ 4),
/// repeated.
pub fn insphere_exact<F: Fl>() -> Flagged<F, 3, 5> {
    scaled_exact(
        prop_oneof![
            3 => cospherical_grid::<F>(),
            1 => coplanar_grid::<F, 5>(),
            1 => repeated::<F, 3, 5>(),
        ]
        .boxed(),
    )
}

/// Kettner-style near-degeneracy: an exactly degenerate integer configuration is
/// translated (exactly) so that one point `p` sits at a small offset `h` from the
/// origin while the others stay far away, and `p` is then moved by a few ulps. The
/// determinant is then tiny relative to the products it is made of (about
/// `u·|h|/size`), the classic failure of floating-point predicates. A second variant
/// puts `p` exactly at the origin and moves it by a tiny dyadic amount
/// `n·2^-e`, `e` up to 1100 (subnormal or zero in F). The flag is true when `p` was not
/// moved (the result must be `Zero`).
pub fn classroom<F: Fl, const D: usize, const N: usize>(
    base: Flagged<F, D, N>,
) -> Flagged<F, D, N> {
    (
        base,
        0..N,
        (
            0i32..=40,
            1i64..256,
            proptest::array::uniform::<_, D>(any::<bool>()),
        ),
        proptest::array::uniform::<_, D>(-4i32..=4),
        any::<bool>(),
        0i32..=1100,
        proptest::array::uniform::<_, D>(0i32..=60),
    )
        .prop_map(
            |((p, flag), m, (e, k, signs), nudges, pinned, tiny_e, widths)| {
                if !flag {
                    return (p, false);
                }
                let pm = p[m];
                // Integer coordinates relative to p[m] (exact: all below 2^23).
                let rel: [[f64; D]; N] =
                    std::array::from_fn(|i| std::array::from_fn(|j| p[i][j].wide() - pm[j].wide()));
                let top = rel
                    .iter()
                    .flatten()
                    .filter_map(|&x| bit_span(x).map(|s| s.1))
                    .max()
                    .unwrap_or(0)
                    + 1;
                if pinned {
                    let mut q: [[F; D]; N] = map_pts(&rel, F::from_f64);
                    for j in 0..D {
                        q[m][j] = F::from_f64(f64::from(nudges[j])).mul_pow2(-tiny_e);
                    }
                    let still = q[m].iter().all(|&x| x == F::from_f64(0.0));
                    return (q, still);
                }
                // h = ±(k + j)·2^-e per axis, with e limited so that every translated
                // coordinate still fits in the significand (8 bits for k + j).
                let e = e.min(F::MANT as i32 - 3 - top - 9);
                let h: [f64; D] = std::array::from_fn(|j| {
                    let v = mul_pow2_f64((k + j as i64) as f64, -e);
                    if signs[j] {
                        -v
                    } else {
                        v
                    }
                });
                let mut q: [[F; D]; N] =
                    std::array::from_fn(|i| std::array::from_fn(|j| F::from_f64(rel[i][j] + h[j])));
                debug_assert!((0..N).all(|i| (0..D).all(|j| q[i][j].wide() == rel[i][j] + h[j])));
                // Move p by n·2^w ulps per axis, w up to the size ratio (as in the paper's
                // 256×256 grid, whose steps are below the rounding unit of the far points).
                let before = q[m];
                for j in 0..D {
                    let x = q[m][j];
                    let ulp = x.up().wide() - x.wide();
                    let w = widths[j].min(top + e).max(0);
                    let moved = x.wide() + f64::from(nudges[j]) * mul_pow2_f64(ulp, w);
                    q[m][j] = F::from_f64(moved);
                }
                (q, q[m] == before)
            },
        )
        .boxed()
}

/// [`classroom`] near-degeneracy for orient2d (from collinear grids), exactly scaled.
pub fn orient2d_classroom<F: Fl>() -> Flagged<F, 2, 3> {
    scaled_exact(classroom(collinear_grid::<F, 3>()))
}
/// [`classroom`] near-degeneracy for orient3d (from coplanar grids), exactly scaled.
pub fn orient3d_classroom<F: Fl>() -> Flagged<F, 3, 4> {
    scaled_exact(classroom(coplanar_grid::<F, 4>()))
}
/// [`classroom`] near-degeneracy for incircle (cocircular or collinear grids).
pub fn incircle_classroom<F: Fl>() -> Flagged<F, 2, 4> {
    scaled_exact(classroom(
        prop_oneof![3 => cocircular_grid::<F>(), 1 => collinear_grid::<F, 4>()].boxed(),
    ))
}
/// [`classroom`] near-degeneracy for insphere (cospherical or coplanar grids).
pub fn insphere_classroom<F: Fl>() -> Flagged<F, 3, 5> {
    scaled_exact(classroom(
        prop_oneof![3 => cospherical_grid::<F>(), 1 => coplanar_grid::<F, 5>()].boxed(),
    ))
}

/// orient2d with two points near the origin and the third far away on the diagonal:
/// `c = (C, C)` with a full-precision `C`, `a = (x1, x1 − d)`, `b = (x2, x2 − d')`.
/// For `d = d'` the exact determinant is `d·(x2 − x1)`, a second-order quantity that
/// the first-order corrections of a compensated stage do not see, while the rounding of
/// `x·C` adds noise: the inputs on which a too-lax second-stage bound goes wrong.
pub fn orient2d_far_pivot<F: Fl>() -> Pts<F, 2, 3> {
    (
        (
            any::<u64>(),
            0i32..=10,
            F::MANT as i32 - 4..=F::MANT as i32 + 40,
        ),
        (
            1i64..(1 << 20),
            1i64..(1 << 20),
            1i64..(1 << 10),
            any::<[bool; 3]>(),
        ),
        prop_oneof![3 => Just(0i64), 1 => -1i64..=1],
        0usize..6,
        any::<u8>(),
    )
        .prop_map(|((cm, ce, s), (m1, m2, md, neg), e, perm, axes)| {
            let c = F::from_f64(1.0 + (cm >> 12) as f64 / (1u64 << 52) as f64).mul_pow2(ce);
            let g = ce - s - 20;
            let v = |m: i64, n: bool| F::from_f64(if n { -m } else { m } as f64).mul_pow2(g);
            let (x1, x2) = (v(m1, neg[0]), v(m2, neg[1]));
            let (d1, d2) = (v(md, neg[2]), v(md + e, neg[2]));
            let mut p = [[x1, x1 - d1], [x2, x2 - d2], [c, c]];
            // A signed permutation of the axes (exact).
            for q in p.iter_mut() {
                if axes & 1 == 1 {
                    q.swap(0, 1);
                }
                if axes & 2 == 2 {
                    q[0] = -q[0];
                }
                if axes & 4 == 4 {
                    q[1] = -q[1];
                }
            }
            permute(&p, &nth_perm(3, perm))
        })
        .boxed()
}

/// Every axis scaled by its own power of two (rounded where it underflows), the
/// exponents spread over the range or aimed at the thresholds where products of
/// 1..6 values underflow or overflow: some products in a determinant underflow
/// while others are huge.
pub fn anisotropic<F: Fl, const D: usize, const N: usize>(s: Pts<F, D, N>) -> Pts<F, D, N> {
    (
        s,
        proptest::array::uniform::<_, D>((
            0u8..3,
            F::MIN_EXP - 60..=F::MAX_EXP + 60,
            any::<prop::sample::Index>(),
            -12i32..=12,
        )),
    )
        .prop_map(|(p, ks)| {
            let crit = critical_exponents::<F>();
            let mut out = p;
            for j in 0..D {
                let (mode, k, idx, jitter) = ks[j];
                let col = p.iter().map(|q| q[j]);
                let top = col
                    .clone()
                    .filter_map(|x| bit_span(x.wide()).map(|s| s.1))
                    .max();
                let k = match (mode, top) {
                    // At a product threshold.
                    (1, Some(t)) => crit[idx.index(crit.len())] + jitter - t,
                    // The extremes: this axis at the top of the range (just below
                    // overflow) or at the bottom (a few bits above the smallest
                    // subnormal), so that products of the other axes' differences
                    // overflow while the bound's product with this one stays finite.
                    (2, Some(t)) if jitter >= 0 => F::MAX_EXP - t - jitter % 3,
                    (2, Some(t)) => F::MIN_EXP + F::MANT as i32 - t - jitter % 8,
                    _ => k,
                };
                let hi = exact_scale_range::<F>(col).map_or(k, |(_, hi)| hi);
                let k = k.min(hi);
                for q in out.iter_mut() {
                    q[j] = q[j].mul_pow2(k);
                }
            }
            out
        })
        .boxed()
}

/// Two clusters at very different scales: a subset of the points is pulled towards
/// a pivot point by a factor `2^-g`, `g` anywhere up to the width of the exponent
/// range (`p' = pivot + (p − pivot)·2^-g`, rounded). Determinants then mix tiny
/// and huge differences, so some products underflow while others are large.
pub fn clustered<F: Fl, const D: usize, const N: usize>(s: Pts<F, D, N>) -> Pts<F, D, N> {
    (s, 0..N, any::<u8>(), 0i32..=F::MAX_EXP - F::MIN_EXP)
        .prop_map(|(p, pivot, mask, g)| {
            let o = p[pivot];
            let mut out = p;
            for (i, q) in out.iter_mut().enumerate() {
                if i != pivot && mask >> (i % 8) & 1 == 1 {
                    for j in 0..D {
                        let x = o[j] + (q[j] - o[j]).mul_pow2(-g);
                        if x.is_fin() {
                            q[j] = x;
                        }
                    }
                }
            }
            out
        })
        .boxed()
}

/// orient3d with three points near the origin in a plane `z = z0` and the fourth far
/// away near the top of the range (`|x| ≈ MAX`) and slightly off the plane (`z0 + δ`,
/// `δ` from subnormal to moderate, or 0). The determinant is `δ` times the (small)
/// area of the near triangle, while its 2×2 minors are near `MAX` and can overflow
/// although the product of the largest differences per axis stays finite.
pub fn orient3d_flat_far<F: Fl>() -> Pts<F, 3, 4> {
    (
        proptest::array::uniform3(proptest::array::uniform2(-1.0f64..=1.0)),
        (
            0.5f64..=1.0,
            prop_oneof![Just(0.0f64), -1e-3f64..1e-3],
            prop_oneof![Just(0.0f64), -4.0f64..4.0],
        ),
        (-8i32..=8, 0i32..=1100),
        (0usize..6, 0usize..24, any::<u8>()),
    )
        .prop_map(|(near, (u, dy, z0), (dz, j), (axes, perm, signs))| {
            let z0 = F::from_f64(z0);
            let [a, b, c] = near.map(|q| [F::from_f64(q[0]), F::from_f64(q[1]), z0]);
            let far = F::MAX.wide() * u;
            // |y| ≤ 1 keeps X·Y ≤ MAX (finite) while two y-differences of opposite
            // signs make a 2×2 minor exceed MAX.
            let k = F::MIN_EXP + j % (F::MAX_EXP - F::MIN_EXP - 8);
            let delta = F::from_f64(f64::from(dz)).mul_pow2(k);
            let d = [F::from_f64(far), F::from_f64(dy), z0 + delta];
            let ax = nth_perm(3, axes);
            let pts = [a, b, c, d].map(|q| {
                std::array::from_fn(|k| {
                    if signs >> k & 1 == 1 {
                        -q[ax[k]]
                    } else {
                        q[ax[k]]
                    }
                })
            });
            permute(&pts, &nth_perm(4, perm))
        })
        .boxed()
}

/// `(g, s, t)` with `s·a + t·b = g = gcd(a, b)`, `|s| ≤ |b|`, `|t| ≤ |a|`.
fn ext_gcd(a: i64, b: i64) -> (i64, i64, i64) {
    let (mut r0, mut r1) = (a, b);
    let (mut s0, mut s1) = (1i64, 0i64);
    let (mut t0, mut t1) = (0i64, 1i64);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    if r0 < 0 {
        (-r0, -s0, -t0)
    } else {
        (r0, s0, t0)
    }
}

/// Three integer points with orient2d exactly ±1 (or 0) although the coordinates use
/// up to `MANT − 3` bits: the products in the determinant are near `2^(2·MANT)`, so the
/// determinant is about `u²` relative to them. Built from a Bézout identity
/// `p·y0 − q·x0 = 1`: a = T, b = T + (p, q), c = T + (x0, y0) [+ (p, q)], or the
/// collinear c = T − (p, q) (flag true).
fn bezout_triple<F: Fl>(
    bits: u32,
    r1: u64,
    r2: u64,
    t: [u64; 2],
    variant: u8,
) -> ([[i64; 2]; 3], bool) {
    let take = |r: u64, b: u32| ((r >> (64 - b)) as i64) | (1i64 << (b - 1));
    let (mut p, mut q) = (take(r1, bits), take(r2, bits));
    if r1 & 1 == 1 {
        p = -p;
    }
    let (g, s, tt) = ext_gcd(p, q);
    p /= g;
    q /= g;
    let (x0, y0) = (-tt, s); // p·y0 − q·x0 = s·p + tt·q = 1 (after dividing by g)
    let tb = F::MANT - 2 - bits.min(F::MANT - 3);
    let tv = t.map(|r| (r >> (64 - tb.max(1))) as i64 - (1i64 << (tb.max(1) - 1)));
    let a = tv;
    let b = [tv[0] + p, tv[1] + q];
    let (c, flag) = match variant % 3 {
        0 => ([tv[0] + x0, tv[1] + y0], false),
        1 => ([tv[0] + x0 + p, tv[1] + y0 + q], false),
        _ => ([tv[0] - p, tv[1] - q], true),
    };
    ([a, b, c], flag)
}

/// orient2d with determinant ±1 (or 0, flagged) and products near `2^(2·MANT)`: a
/// Bézout triple (see `bezout_triple`), permuted and exactly scaled.
pub fn orient2d_bezout<F: Fl>() -> Flagged<F, 2, 3> {
    scaled_exact(
        (
            20u32..=F::MANT - 3,
            any::<u64>(),
            any::<u64>(),
            any::<[u64; 2]>(),
            any::<u8>(),
            0usize..6,
        )
            .prop_map(|(bits, r1, r2, t, v, perm)| {
                let bits = bits.min(F::MANT - 3);
                let (p, flag) = bezout_triple::<F>(bits, r1, r2, t, v);
                let f = map_pts(&p, |x| F::from_f64(x as f64));
                (permute(&f, &nth_perm(3, perm)), flag)
            })
            .boxed(),
    )
}

/// orient3d with determinant ±1 (or 0) and products near `2^(2·MANT)`: a Bézout
/// triple in a plane `z = z0` plus a fourth point at height `z0 + dz`, `dz ∈ {−1, 0, 1}`
/// (flag true when coplanar: `dz = 0` or a collinear triple), then the axes and the
/// points permuted.
pub fn orient3d_bezout<F: Fl>() -> Flagged<F, 3, 4> {
    scaled_exact(
        (
            (
                20u32..=F::MANT - 3,
                any::<u64>(),
                any::<u64>(),
                any::<[u64; 2]>(),
                any::<u8>(),
            ),
            (any::<[u64; 2]>(), -(1i64 << 20)..(1i64 << 20), -1i64..=1),
            0usize..6,
            0usize..24,
        )
            .prop_map(|((bits, r1, r2, t, v), (dxy, z0, dz), axes, perm)| {
                let bits = bits.min(F::MANT - 3);
                let ([a, b, c], collinear) = bezout_triple::<F>(bits, r1, r2, t, v);
                let sh = 64 - (F::MANT - 3);
                let d = [
                    (dxy[0] >> sh) as i64 - (1 << (F::MANT - 4)),
                    (dxy[1] >> sh) as i64 - (1 << (F::MANT - 4)),
                ];
                let pts = [
                    [a[0], a[1], z0],
                    [b[0], b[1], z0],
                    [c[0], c[1], z0],
                    [d[0], d[1], z0 + dz],
                ];
                let ax = nth_perm(3, axes);
                let f: [[F; 3]; 4] =
                    pts.map(|q| std::array::from_fn(|j| F::from_f64(q[ax[j]] as f64)));
                (permute(&f, &nth_perm(4, perm)), dz == 0 || collinear)
            })
            .boxed(),
    )
}

/// Every family for one predicate, mixed (for properties that are not about a
/// particular family: antisymmetry, transforms, type agreement).
pub fn any_orient2d<F: Fl>() -> Pts<F, 2, 3> {
    prop_oneof![
        uniform::<F, 2, 3>(),
        extreme::<F, 2, 3>(),
        mixed::<F, 2, 3>(),
        ulp_cluster::<F, 2, 3>(),
        orient2d_near::<F>(),
        scaled(orient2d_near::<F>()),
        orient2d_exact::<F>().prop_map(|(p, _)| p),
        orient2d_classroom::<F>().prop_map(|(p, _)| p),
        two_scale::<F, 2, 3>(),
        anisotropic(orient2d_near::<F>()),
        clustered(orient2d_near::<F>()),
        orient2d_far_pivot::<F>(),
        orient2d_bezout::<F>().prop_map(|(p, _)| p),
    ]
    .boxed()
}
/// Every orient3d family, mixed.
pub fn any_orient3d<F: Fl>() -> Pts<F, 3, 4> {
    prop_oneof![
        uniform::<F, 3, 4>(),
        extreme::<F, 3, 4>(),
        mixed::<F, 3, 4>(),
        ulp_cluster::<F, 3, 4>(),
        orient3d_near::<F>(),
        scaled(orient3d_near::<F>()),
        orient3d_exact::<F>().prop_map(|(p, _)| p),
        orient3d_classroom::<F>().prop_map(|(p, _)| p),
        two_scale::<F, 3, 4>(),
        anisotropic(orient3d_near::<F>()),
        clustered(orient3d_near::<F>()),
        orient3d_flat_far::<F>(),
        orient3d_bezout::<F>().prop_map(|(p, _)| p),
    ]
    .boxed()
}
/// Every incircle family, mixed.
pub fn any_incircle<F: Fl>() -> Pts<F, 2, 4> {
    prop_oneof![
        uniform::<F, 2, 4>(),
        extreme::<F, 2, 4>(),
        mixed::<F, 2, 4>(),
        ulp_cluster::<F, 2, 4>(),
        incircle_near::<F>(),
        scaled(incircle_near::<F>()),
        incircle_exact::<F>().prop_map(|(p, _)| p),
        incircle_classroom::<F>().prop_map(|(p, _)| p),
        two_scale::<F, 2, 4>(),
        anisotropic(incircle_near::<F>()),
        clustered(incircle_near::<F>()),
    ]
    .boxed()
}
/// Every insphere family, mixed.
pub fn any_insphere<F: Fl>() -> Pts<F, 3, 5> {
    prop_oneof![
        uniform::<F, 3, 5>(),
        extreme::<F, 3, 5>(),
        mixed::<F, 3, 5>(),
        ulp_cluster::<F, 3, 5>(),
        insphere_near::<F>(),
        scaled(insphere_near::<F>()),
        insphere_exact::<F>().prop_map(|(p, _)| p),
        insphere_classroom::<F>().prop_map(|(p, _)| p),
        two_scale::<F, 3, 5>(),
        anisotropic(insphere_near::<F>()),
        clustered(insphere_near::<F>()),
    ]
    .boxed()
}

// ----- rational families -----

/// A rational with a small numerator and denominator (non-dyadic, e.g. 1/3).
fn small_q() -> BoxedStrategy<Q> {
    (-200i64..=200, 1i64..=60)
        .prop_map(|(n, d)| Q::new(n.into(), d.into()))
        .boxed()
}

fn q_pt<const D: usize>() -> BoxedStrategy<[Q; D]> {
    proptest::array::uniform::<_, D>(small_q()).boxed()
}

/// Points with non-dyadic rational coordinates, plus an exactly degenerate variant
/// (flag `true`): collinear/coplanar through rational parameters, cocircular through
/// the rational parametrisation `((1−t²)/(1+t²), 2t/(1+t²))` of the circle, cospherical
/// through inverse stereographic projection `(2u, 2v, u²+v²−1)/(u²+v²+1)`.
pub fn rational_orient2d() -> BoxedStrategy<([[Q; 2]; 3], bool)> {
    let general = proptest::array::uniform3(q_pt::<2>()).prop_map(|p| (p, false));
    let degenerate =
        (q_pt::<2>(), q_pt::<2>(), small_q(), 0usize..6).prop_map(|(a, b, t, perm)| {
            let c = [&a[0] + &t * (&b[0] - &a[0]), &a[1] + &t * (&b[1] - &a[1])];
            (permute(&[a, b, c], &nth_perm(3, perm)), true)
        });
    prop_oneof![general, degenerate].boxed()
}

/// Rational orient3d inputs: general, or coplanar through rational parameters (flag).
pub fn rational_orient3d() -> BoxedStrategy<([[Q; 3]; 4], bool)> {
    let general = proptest::array::uniform4(q_pt::<3>()).prop_map(|p| (p, false));
    let degenerate = (
        proptest::array::uniform3(q_pt::<3>()),
        small_q(),
        small_q(),
        0usize..24,
    )
        .prop_map(|([a, b, c], s, t, perm)| {
            let d: [Q; 3] =
                std::array::from_fn(|j| &a[j] + &s * (&b[j] - &a[j]) + &t * (&c[j] - &a[j]));
            (permute(&[a, b, c, d], &nth_perm(4, perm)), true)
        });
    prop_oneof![general, degenerate].boxed()
}

fn circle_point(c: &[Q; 2], r: &Q, t: &Q) -> [Q; 2] {
    let one = Q::one();
    let den = &one + t * t;
    [
        &c[0] + r * (&one - t * t) / &den,
        &c[1] + r * (Q::from_integer(2.into()) * t) / &den,
    ]
}

/// Rational incircle inputs: general, or cocircular through the rational
/// parametrisation of the circle (flag), or that nudged off the circle.
pub fn rational_incircle() -> BoxedStrategy<([[Q; 2]; 4], bool)> {
    let general = proptest::array::uniform4(q_pt::<2>()).prop_map(|p| (p, false));
    let degenerate = (
        q_pt::<2>(),
        small_q().prop_filter("nonzero radius", |r| !r.is_zero()),
        proptest::array::uniform4(small_q()),
        prop_oneof![Just(None), small_q().prop_map(Some)],
    )
        .prop_map(|(c, r, ts, nudge)| {
            let mut p = ts.map(|t| circle_point(&c, &r, &t));
            let flag = nudge.is_none();
            if let Some(e) = nudge {
                p[3][0] += e / Q::from_integer(1_000_000.into());
            }
            (p, flag)
        });
    prop_oneof![general, degenerate].boxed()
}

fn sphere_point(c: &[Q; 3], r: &Q, u: &Q, v: &Q) -> [Q; 3] {
    let one = Q::one();
    let two = Q::from_integer(2.into());
    let s = u * u + v * v;
    let den = &s + &one;
    [
        &c[0] + r * (&two * u) / &den,
        &c[1] + r * (&two * v) / &den,
        &c[2] + r * (&s - &one) / &den,
    ]
}

/// Rational insphere inputs: general, or cospherical through inverse stereographic
/// projection (flag), or that nudged off the sphere.
pub fn rational_insphere() -> BoxedStrategy<([[Q; 3]; 5], bool)> {
    let general = proptest::array::uniform5(q_pt::<3>()).prop_map(|p| (p, false));
    let degenerate = (
        q_pt::<3>(),
        small_q().prop_filter("nonzero radius", |r| !r.is_zero()),
        proptest::array::uniform5((small_q(), small_q())),
        prop_oneof![Just(None), small_q().prop_map(Some)],
    )
        .prop_map(|(c, r, uv, nudge)| {
            let mut p = uv.map(|(u, v)| sphere_point(&c, &r, &u, &v));
            let flag = nudge.is_none();
            if let Some(e) = nudge {
                p[4][2] += e / Q::from_integer(1_000_000.into());
            }
            (p, flag)
        });
    prop_oneof![general, degenerate].boxed()
}
