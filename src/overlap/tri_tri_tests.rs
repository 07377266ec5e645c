//! Unit tests of `tri_tri.rs` (a child module in its own file: they reach the filter's
//! private items): the plane-side filter's constants and certified signs against
//! rationals (proofs/tri_tri.md, section 2).

use super::*;

use crate::oracle::Rng;
use num_rational::BigRational;

fn q(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap()
}

/// `n·(x − p₀) = −orient3d(p₀, p₁, p₂, x)` with `n = (p₁ − p₀) × (p₂ − p₀)`, in rationals,
/// independently of the predicates.
fn exact_det(p: &[[f64; 3]; 3], x: &[f64; 3]) -> BigRational {
    let d = |u: &[f64; 3], v: &[f64; 3]| [0, 1, 2].map(|k| q(u[k]) - q(v[k]));
    let (e1, e2, dx) = (d(&p[1], &p[0]), d(&p[2], &p[0]), d(x, &p[0]));
    let n = [
        &e1[1] * &e2[2] - &e1[2] * &e2[1],
        &e1[2] * &e2[0] - &e1[0] * &e2[2],
        &e1[0] * &e2[1] - &e1[1] * &e2[0],
    ];
    &n[0] * &dx[0] + &n[1] * &dx[1] + &n[2] * &dx[2]
}

/// `orient3d(p₀, p₁, p₂, x)` in rationals: the sign of `−`[`exact_det`].
fn exact_side(p: &[[f64; 3]; 3], x: &[f64; 3]) -> Sign {
    Sign::of(-exact_det(p, x))
}

/// Every sign the shared-normal filter certifies is the exact one, and the one-side
/// rejection agrees with the exact signs. Returns how many signs were certified.
fn check_filter(p: &[[f64; 3]; 3], xs: &[[f64; 3]; 3]) -> usize {
    let (pr, xr) = ([&p[0], &p[1], &p[2]], [&xs[0], &xs[1], &xs[2]]);
    let d = fast::dets(pr, xr).unwrap();
    let want = xs.map(|x| exact_side(p, &x));
    let mut certified = 0;
    for i in 0..3 {
        if d.det[i].abs() > d.bound {
            certified += 1;
            let got = if d.det[i] > 0.0 {
                Sign::Negative
            } else {
                Sign::Positive
            };
            assert_eq!(got, want[i], "certified a wrong sign: {p:?} {:?}", xs[i]);
        }
    }
    let got = fast::signs_unless_one_side(&d, pr, xr);
    if all_same_strict(want) {
        assert_eq!(got, None, "{p:?} {xs:?}");
    } else {
        assert_eq!(got, Some(want), "{p:?} {xs:?}");
    }
    assert_eq!(sides(pr, xr), want);
    certified
}

fn scaled(t: [[f64; 3]; 3], s: f64) -> [[f64; 3]; 3] {
    t.map(|p| p.map(|x| x * s))
}

/// `2^e` for any `e` in the finite range, subnormals included.
pub(crate) fn pow2(e: i32) -> f64 {
    if e >= -1022 {
        f64::from_bits(((1023 + e) as u64) << 52)
    } else {
        f64::from_bits(1 << (e + 1074))
    }
}

/// The filter's constants are the stated values, and the underflow term covers the
/// underflow error with its margin (proofs/tri_tri.md, section 2): with `u = 2^-53`,
/// `ERRBOUND·2^-1018·(1 − u)^5·3 ≥ 2^-1074·(1 + u)^3·3 + 2^-1075`, in rationals.
#[test]
fn filter_constants() {
    let u = q(pow2(-53));
    let one = q(1.0);
    assert_eq!(q(fast::ERRBOUND), q(2.0) * (q(7.0) + q(56.0) * &u) * &u);
    assert_eq!(fast::TINY, pow2(-1018));
    let pw = |b: &BigRational, n: u32| (0..n).fold(one.clone(), |acc, _| acc * b);
    let lhs = q(fast::ERRBOUND) * q(pow2(-1018)) * pw(&(&one - &u), 5) * q(3.0);
    let rhs = q(pow2(-1074)) * pw(&(&one + &u), 3) * q(3.0) + q(pow2(-1074)) / q(2.0);
    assert!(lhs > rhs);
}

/// Random triangles and points, then near-coplanar points (rounded points of the plane
/// plus offsets sweeping through the filter's bound), at scales `2^k` across the whole
/// exponent range: every certified sign exact, and both outcomes exercised.
#[test]
fn filter_certifies_only_exact_signs() {
    let mut rng = Rng::new(0x5ead_f11e);
    let (mut certified, mut uncertain) = (0usize, 0usize);
    let exps = [
        -1074, -1060, -1040, -1000, -700, -360, -200, 0, 200, 330, 340, 1000,
    ];
    for round in 0..400 {
        let p: [[f64; 3]; 3] =
            core::array::from_fn(|_| core::array::from_fn(|_| rng.uniform(-1.0, 1.0)));
        let xs: [[f64; 3]; 3] = core::array::from_fn(|_| {
            let (s, t) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
            let mut x: [f64; 3] = core::array::from_fn(|k| {
                p[0][k] + s * (p[1][k] - p[0][k]) + t * (p[2][k] - p[0][k])
            });
            // Offsets from 0 through rounding level to clearly off the plane.
            let h = pow2(-(rng.range(30, 75) as i32)) * rng.uniform(-1.0, 1.0);
            if round % 4 != 0 {
                x[2] += h;
            } else {
                x = core::array::from_fn(|_| rng.uniform(-1.0, 1.0));
            }
            x
        });
        for &e in &exps {
            // Scale so the largest coordinate is about 2^e (subnormal and overflowing
            // intermediates included; the scaling itself may round, which only changes
            // the input).
            let (ps, xss) = (scaled(p, pow2(e)), scaled(xs, pow2(e)));
            let c = check_filter(&ps, &xss);
            certified += c;
            uncertain += 3 - c;
        }
    }
    assert!(
        certified > 1000 && uncertain > 1000,
        "{certified} {uncertain}"
    );
}

/// The filter's determinants and bound as proofs/tri_tri.md section 2 writes them, one
/// scalar operation at a time: `nₖ` from the two products, `detᵢ = n₀d₀ + n₁d₁ + n₂d₂`
/// left to right, `Sₖ = Σᵢ |dᵢₖ|` in point order, `perm = pn₀S₀ + pn₁S₁ + pn₂S₂`.
fn proof_dets(p: &[[f64; 3]; 3], xs: &[[f64; 3]; 3]) -> ([f64; 3], f64) {
    let a = p[0];
    let ba: [f64; 3] = core::array::from_fn(|k| p[1][k] - a[k]);
    let ca: [f64; 3] = core::array::from_fn(|k| p[2][k] - a[k]);
    let m = [
        [ba[1] * ca[2], ba[2] * ca[1]],
        [ba[2] * ca[0], ba[0] * ca[2]],
        [ba[0] * ca[1], ba[1] * ca[0]],
    ];
    let n = m.map(|m| m[0] - m[1]);
    let pn = m.map(|m| m[0].abs() + m[1].abs());
    let mut sum = [0.0; 3];
    let det = xs.map(|x| {
        let d: [f64; 3] = core::array::from_fn(|k| x[k] - a[k]);
        for k in 0..3 {
            sum[k] += d[k].abs();
        }
        n[0] * d[0] + n[1] * d[1] + n[2] * d[2]
    });
    let perm = pn[0] * sum[0] + pn[1] * sum[1] + pn[2] * sum[2];
    let bound = fast::ERRBOUND * (perm + (sum[0] + sum[1] + sum[2] + 3.0) * fast::TINY);
    (det, bound)
}

/// The packed evaluation of the filter (`(x, y)` in one `f64x2`, `z` apart) gives the
/// proof's scalar values bit for bit, so the bound of section 2 is the one the code
/// uses: random triangles and points with each coordinate on its own exponent (subnormal
/// to near overflow), points on the plane, equal vertices, and non-finite coordinates.
#[test]
fn packed_filter_is_the_proofs_evaluation() {
    let mut rng = Rng::new(0xbacc_ed00);
    let specials = [
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
    ];
    let same = |x: f64, y: f64| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
    for round in 0..20_000 {
        let mut v: [[f64; 3]; 6] = core::array::from_fn(|_| {
            core::array::from_fn(|_| match rng.below(8) {
                0 => 0.0,
                1 => {
                    let e = rng.range(-1074, 1022) as i32;
                    full(&mut rng, e)
                }
                _ => {
                    let e = rng.range(-20, 20) as i32;
                    full(&mut rng, e)
                }
            })
        });
        match round % 5 {
            // A point on the plane, rounded.
            0 => {
                let (s, t) = (rng.uniform(-1.0, 2.0), rng.uniform(-1.0, 2.0));
                v[3] = core::array::from_fn(|k| {
                    v[0][k] + s * (v[1][k] - v[0][k]) + t * (v[2][k] - v[0][k])
                });
            }
            // Equal vertices, and a point equal to one of them.
            1 => {
                v[2] = v[1];
                v[5] = v[0];
            }
            // One special coordinate somewhere.
            2 => v[rng.below(6)][rng.below(3)] = specials[rng.below(6)],
            _ => {}
        }
        let p = [v[0], v[1], v[2]];
        let xs = [v[3], v[4], v[5]];
        let d = fast::dets([&p[0], &p[1], &p[2]], [&xs[0], &xs[1], &xs[2]]).unwrap();
        let (det, bound) = proof_dets(&p, &xs);
        for (i, (got, want)) in d.det.iter().zip(det).enumerate() {
            assert!(same(*got, want), "det {i}: {got} {want} {p:?} {xs:?}");
        }
        assert!(
            same(d.bound, bound),
            "bound: {} {bound} {p:?} {xs:?}",
            d.bound
        );
    }
}

/// Points exactly on the plane (integer grid), exactly at a vertex, and one unit off:
/// the zero signs are never certified and the one-side rejection is exact.
#[test]
fn filter_on_exact_contacts() {
    let p = [[0.0, 0.0, 0.0], [4.0, 1.0, 2.0], [1.0, 3.0, -1.0]];
    let on = [5.0, 4.0, 1.0]; // p₁ + p₂ − p₀
    for k in [0, 1, 2, 40, 500, 900, -500, -1000, -1070] {
        let s = pow2(k);
        let ps = scaled(p, s);
        let xs = scaled([on, p[1], [5.0, 4.0, 2.0]], s);
        check_filter(&ps, &xs);
        let xs = scaled([p[0], p[2], [5.0, 4.0, 0.0]], s);
        check_filter(&ps, &xs);
    }
}

/// Infinite and NaN coordinates anywhere: nothing certified (the bound is not finite or
/// the determinant is NaN).
#[test]
fn filter_never_certifies_non_finite_input() {
    let base = [[0.0, 0.0, 0.0], [4.0, 1.0, 2.0], [1.0, 3.0, -1.0]];
    let xs0 = [[5.0, 4.0, 9.0], [1.0, 1.0, 7.0], [2.0, -1.0, 3.0]];
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        for slot in 0..18 {
            let (mut p, mut xs) = (base, xs0);
            if slot < 9 {
                p[slot / 3][slot % 3] = bad;
            } else {
                xs[(slot - 9) / 3][slot % 3] = bad;
            }
            let d = fast::dets([&p[0], &p[1], &p[2]], [&xs[0], &xs[1], &xs[2]]).unwrap();
            for i in 0..3 {
                // Only a finite point against a finite plane may keep a sign.
                let finite = slot >= 9 && (slot - 9) / 3 != i;
                assert!(
                    finite
                        || d.det[i].abs().partial_cmp(&d.bound)
                            != Some(core::cmp::Ordering::Greater),
                    "{bad} at {slot}: det {} bound {}",
                    d.det[i],
                    d.bound
                );
            }
            assert!(!d.bound.is_finite(), "{bad} at {slot}");
        }
    }
}

/// proofs/tri_tri.md, section 2: a normal component that underflows (exactly
/// 2^-1080, computed 0) times a difference of 2^1000 decides the sign; the filter
/// must not certify the rounded sign.
#[test]
fn filter_survives_an_underflowing_minor() {
    let t = f64::from_bits((1023 - 540) << 52); // 2^-540
    let big = f64::from_bits((1023 + 1000) << 52); // 2^1000
    let z = -f64::from_bits((1023 - 81) << 52); // −2^-81
    let a = [[0.0, 0.0, 0.0], [1.0, t, 0.0], [0.0, 1.0, t]];
    // The third point's side is exactly 0 (computed −2^-80); no point inflates the sums
    // on the axis of the tiny minor, so only the underflow term guards the first.
    let xs = [[big, 0.0, z], [0.0, 0.0, z], [big, 0.0, 2.0 * z]];
    assert_eq!(exact_side(&a, &xs[0]), Sign::Negative);
    assert_eq!(exact_side(&a, &xs[2]), Sign::Zero);
    let d = fast::dets([&a[0], &a[1], &a[2]], [&xs[0], &xs[1], &xs[2]]).unwrap();
    assert!(d.det[0] < 0.0 && d.det[0].abs() <= d.bound);
    check_filter(&a, &xs);
}

// ---------------------------------------------------------------------------------------
// The shared-normal exact stages (proofs/tri_tri.md, section 8)
// ---------------------------------------------------------------------------------------

/// The exact sides of `xs` against the plane of `p` through the shared-normal stages with
/// every point asked for (also those a filter would certify), three at once and one at a
/// time, against the rational evaluation.
fn check_shared(p: &[[f64; 3]; 3], xs: &[[f64; 3]; 3]) {
    let want = xs.map(|x| exact_side(p, &x));
    let pr = [&p[0], &p[1], &p[2]];
    let mut out = [Sign::Zero; 3];
    crate::predicates::orient3d_shared(pr, xs.each_ref(), [true; 3], &mut out);
    assert_eq!(out, want, "shared stages: {p:?} {xs:?}");
    for i in 0..3 {
        let mut one = [Sign::Zero];
        crate::predicates::orient3d_shared(pr, [&xs[i]], [true], &mut one);
        assert_eq!(
            one[0], want[i],
            "shared stages, one point: {p:?} {:?}",
            xs[i]
        );
    }
    // And through the filter (which asks only for what it cannot certify).
    check_filter(p, xs);
}

/// `x` moved `k` ulps (towards +∞ for `k > 0`).
pub(crate) fn ulps(x: f64, k: i32) -> f64 {
    let mut y = x;
    for _ in 0..k.abs() {
        y = if k > 0 { y.next_up() } else { y.next_down() };
    }
    y
}

/// Exactly touching points on dyadic grids (a vertex of the other triangle at an edge
/// point or a face point of the plane's triangle, combinations with dyadic weights) at
/// scales 2^-1070 … 2^500, their one-ulp-off variants, and points within rounding of the
/// plane with inexact differences (tails non-zero): every sign exact, and every stage of
/// the shared-normal path reached.
#[test]
fn shared_stages_on_exact_contacts_and_near_misses() {
    #[cfg(feature = "std")]
    let paths = || crate::predicates::PLANE_PATHS.with(|c| c.each_ref().map(|c| c.get()));
    #[cfg(feature = "std")]
    let before = paths();
    let mut rng = Rng::new(0x5a4e_d0e5);
    let exps = [-1070, -1040, -1000, -700, -500, -300, -60, 0, 60, 300, 500];
    for round in 0..300 {
        // A grid of multiples of 2^-g in [−1, 1], g from coarse to 40 bits.
        let g = [4, 8, 20, 40][round % 4];
        let grid = |rng: &mut Rng| rng.range(-(1 << g), 1 << g) as f64 / (1u64 << g) as f64;
        let p: [[f64; 3]; 3] = core::array::from_fn(|_| core::array::from_fn(|_| grid(&mut rng)));
        let w = [0.5, 0.25, 0.75, 0.125];
        let (s, t) = (*rng.pick(&w), *rng.pick(&w));
        let edge: [f64; 3] = core::array::from_fn(|k| p[0][k] + s * (p[1][k] - p[0][k]));
        let face: [f64; 3] =
            core::array::from_fn(|k| p[0][k] + s * (p[1][k] - p[0][k]) + t * (p[2][k] - p[0][k]));
        // A rounded point of the plane (random weights: the differences are not exact).
        let (s2, t2) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
        let rounded: [f64; 3] =
            core::array::from_fn(|k| p[0][k] + s2 * (p[1][k] - p[0][k]) + t2 * (p[2][k] - p[0][k]));
        let k = rng.below(3);
        let off = |x: [f64; 3], d: i32| {
            let mut y = x;
            y[k] = ulps(y[k], d);
            y
        };
        let sets = [
            [edge, face, rounded],
            [off(edge, 1), off(face, -1), off(rounded, 1)],
            [off(face, 1), edge, off(edge, -1)],
            [p[1], face, off(face, 2)],
        ];
        for &e in &exps {
            let sc = pow2(e);
            for xs in &sets {
                check_shared(&scaled(p, sc), &scaled(*xs, sc));
            }
        }
        // Random planes with inexact differences (coordinates of mixed exponents, so that
        // differences round) and a rounded point on them.
        let q: [[f64; 3]; 3] = core::array::from_fn(|_| {
            core::array::from_fn(|_| rng.uniform(-1.0, 1.0) * pow2(rng.range(-12, 12) as i32))
        });
        let on: [f64; 3] =
            core::array::from_fn(|k| q[0][k] + s2 * (q[1][k] - q[0][k]) + t2 * (q[2][k] - q[0][k]));
        check_shared(&q, &[on, off(on, 1), off(on, -3)]);
        // The plane's own vertices with inexact differences: exactly zero, undecided by
        // stage B, past stage C (tails non-zero): orient3d.
        check_shared(&q, &[q[1], q[2], q[0]]);
    }
    // Cancelling normals: a component nₖ far below its permanent (two nearly parallel
    // rows) times a huge wₖ, balanced by the other components, so that |D| is near
    // 2^-105 of the permanent Π: the regime where stage B's own error matters.
    for _ in 0..2000 {
        let m = |rng: &mut Rng| rng.range(-4, 4) as f64 * pow2(-52);
        let p = [
            [0.0, 0.0, 0.0],
            [rng.uniform(-1.0, 1.0), 1.0 + m(&mut rng), 1.0 + m(&mut rng)],
            [rng.uniform(-1.0, 1.0), 1.0 - m(&mut rng), 1.0],
        ];
        let n = [
            p[1][1] * p[2][2] - p[1][2] * p[2][1],
            p[1][2] * p[2][0] - p[1][0] * p[2][2],
            p[1][0] * p[2][1] - p[1][1] * p[2][0],
        ];
        let (t, a) = (rng.uniform(0.5, 1.0) * pow2(52), rng.uniform(-1.0, 1.0));
        let b = -(n[0] * t + n[1] * a) / n[2];
        let x = [t, a, b];
        let xs = [x, [t, a, ulps(b, 1)], [t, a, ulps(b, -1)]];
        let (sh, sc) = (rng.uniform(-1.0, 1.0), pow2(rng.range(-400, 400) as i32));
        let shift = |q: [[f64; 3]; 3]| q.map(|v| v.map(|c| (c + sh) * sc));
        check_shared(&shift(p), &shift(xs));
        check_shared(&p, &xs);
    }
    #[cfg(feature = "std")]
    {
        let after = paths();
        for path in 0..4 {
            assert!(
                after[path] > before[path] + 20,
                "stage {path} reached {} times",
                after[path] - before[path]
            );
        }
    }
}

/// f32 input: the shared-normal path on the exact `f64` view gives the exact signs.
#[test]
fn shared_stages_on_f32_input() {
    let mut rng = Rng::new(0xf32f_32f3);
    for _ in 0..300 {
        let p: [[f32; 3]; 3] =
            core::array::from_fn(|_| core::array::from_fn(|_| rng.uniform(-1.0, 1.0) as f32));
        let (s, t) = (rng.uniform(-0.5, 1.5) as f32, rng.uniform(-0.5, 1.5) as f32);
        let on: [f32; 3] =
            core::array::from_fn(|k| p[0][k] + s * (p[1][k] - p[0][k]) + t * (p[2][k] - p[0][k]));
        let mid: [f32; 3] = core::array::from_fn(|k| p[0][k] + 0.5 * (p[1][k] - p[0][k]));
        let xs = [on, mid, [on[0], on[1], on[2].next_up()]];
        let p64 = p.map(|v| v.map(f64::from));
        let want = xs.map(|x| exact_side(&p64, &x.map(f64::from)));
        let got = sides([&p[0], &p[1], &p[2]], [&xs[0], &xs[1], &xs[2]]);
        assert_eq!(got, want, "{p:?} {xs:?}");
        let xs64 = xs.map(|x| x.map(f64::from));
        check_shared(&p64, &xs64);
    }
}

// ---------------------------------------------------------------------------------------
// Stage I: exact integers per axis (proofs/tri_tri.md, section 8, "Stage I")
// ---------------------------------------------------------------------------------------

/// How many times stage I answered on this thread so far.
#[cfg(feature = "std")]
fn stage_i_count() -> usize {
    crate::predicates::PLANE_PATHS.with(|c| c[0].get())
}

/// [`check_shared`], and whether stage I answered the three-point call (`None` without
/// `std`, where the counter does not exist).
fn check_stage_i(p: &[[f64; 3]; 3], xs: &[[f64; 3]; 3]) -> Option<bool> {
    #[cfg(feature = "std")]
    let before = stage_i_count();
    let want = xs.map(|x| exact_side(p, &x));
    let mut out = [Sign::Zero; 3];
    crate::predicates::orient3d_shared([&p[0], &p[1], &p[2]], xs.each_ref(), [true; 3], &mut out);
    assert_eq!(out, want, "stage I: {p:?} {xs:?}");
    #[cfg(feature = "std")]
    let taken = stage_i_count() > before;
    check_shared(p, xs);
    #[cfg(feature = "std")]
    return Some(taken);
    #[cfg(not(feature = "std"))]
    None
}

/// `(2 − 2^-52)·2^e` or a random full-significand value in `[2^e, 2^(e+1))`, either sign.
pub(crate) fn full(rng: &mut Rng, e: i32) -> f64 {
    let m = if rng.below(3) == 0 {
        2.0 - f64::EPSILON
    } else {
        1.0 + (rng.range(0, 1 << 30) as f64 + 0.5) / (1u64 << 30) as f64
    };
    let v = m * pow2(e);
    if rng.below(2) == 0 { v } else { -v }
}

/// Stage I at the limits of its integers and of its domain, against rationals: every
/// coordinate at the top of its axis's range (differences near `2^61`, normal components
/// near `2^123`, products near `2^187`), each axis on its own exponent from `2^-1074` to
/// `2^1000`; determinants below `2^64` in the scaled units, of either sign and zero (the
/// low limb alone decides); coordinates seven binades below the axis's largest (taken)
/// and eight (refused); a coordinate whose scaled value underflows (refused: read as zero
/// it would give the wrong sign); non-finite coordinates (refused).
#[test]
fn integer_stage_at_its_limits() {
    let mut rng = Rng::new(0x1a7e_6e55);
    let exps = [-1074, -1060, -1000, -300, -8, 0, 59, 300, 1000, 1023];
    let (mut taken, mut refused) = (0, 0);
    let mut note = |t: Option<bool>, expect: Option<bool>| {
        if let (Some(t), Some(e)) = (t, expect) {
            assert_eq!(t, e, "stage I taken");
        }
        match t {
            Some(true) => taken += 1,
            Some(false) => refused += 1,
            None => {}
        }
    };
    for _ in 0..400 {
        // Per axis an exponent; every coordinate full-significand near the axis's top.
        let e: [i32; 3] = core::array::from_fn(|_| *rng.pick(&exps));
        let e = e.map(|x| x.max(-1022));
        let pt = |rng: &mut Rng| -> [f64; 3] { core::array::from_fn(|k| full(rng, e[k])) };
        let p = [pt(&mut rng), pt(&mut rng), pt(&mut rng)];
        let xs = [pt(&mut rng), pt(&mut rng), pt(&mut rng)];
        // Below 2^-964 the scale is capped at 2^1023 and the coordinates do not reach
        // integers.
        let in_range = e.iter().all(|&x| x >= -964);
        note(check_stage_i(&p, &xs), Some(in_range));
        // Rounded points of the plane, and one ulp off: the sign is in the last bits.
        let on = |rng: &mut Rng| -> [f64; 3] {
            let (s, t) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
            core::array::from_fn(|k| p[0][k] + s * (p[1][k] - p[0][k]) + t * (p[2][k] - p[0][k]))
        };
        if e.iter().all(|&x| x <= 1000) {
            let (a, b) = (on(&mut rng), on(&mut rng));
            let k = rng.below(3);
            let mut c = a;
            c[k] = ulps(c[k], 1);
            note(check_stage_i(&p, &[a, b, c]), None);
        }
        // Seven binades below the axis's largest with a full significand: on the grid.
        // Eight: not (the lowest bit is half a grid step).
        for (d, expect) in [(7, in_range), (8, false)] {
            let k = rng.below(3);
            if e[k] - d < -1022 {
                continue;
            }
            let mut x = xs;
            x[1][k] = 1.5 * pow2(e[k] - d) + pow2(e[k] - d - 52);
            // Keep the axis's largest at 2^e[k] exactly, so that the binade count is as
            // stated.
            x[0][k] = pow2(e[k]);
            note(check_stage_i(&p, &x), Some(expect));
        }
    }
    // Determinants below 2^64 in the scaled units: a unit triangle on two axes whose
    // largest coordinates (set by a far point) are 2^59 times the triangle's, so that
    // n = (0, 0, 1) there; the third axis holds ±1 or 0 at its own scale.
    for _ in 0..300 {
        let s: [f64; 3] = core::array::from_fn(|_| pow2(rng.range(-300, 300) as i32));
        let p = [[0.0; 3], [s[0], 0.0, 0.0], [0.0, s[1], 0.0]];
        let z = |rng: &mut Rng| *rng.pick(&[-1.0, 0.0, 1.0, -3.0, 5.0]) * s[2];
        let far = [s[0] * pow2(59), s[1] * pow2(59), z(&mut rng)];
        let xs = [
            [rng.uniform(-1.0, 1.0) * s[0], 0.0, z(&mut rng)],
            far,
            [0.0, s[1], z(&mut rng)],
        ];
        // The first point's x is a full significand at most 59 binades below the axis's
        // top: it may or may not be on the grid; the signs are checked either way.
        note(check_stage_i(&p, &xs), None);
        let xs = [[s[0], s[1], z(&mut rng)], far, [0.0, 0.0, z(&mut rng)]];
        note(check_stage_i(&p, &xs), Some(true));
    }
    // Tiny grid input: integers of up to 30 bits times 2^-1000 (the largest below 2^-964,
    // where the scale is capped at 2^1023): still integers once scaled, so stage I takes
    // them, exact zeros included.
    for _ in 0..200 {
        let g = |rng: &mut Rng| rng.range(-(1 << 30), 1 << 30) as f64 * pow2(-1000);
        let p: [[f64; 3]; 3] = core::array::from_fn(|_| core::array::from_fn(|_| g(&mut rng)));
        let mid: [f64; 3] = core::array::from_fn(|k| (p[0][k] + p[1][k]) / 2.0);
        let xs = [mid, [g(&mut rng), g(&mut rng), g(&mut rng)], p[2]];
        note(check_stage_i(&p, &xs), Some(true));
    }
    // A scaled coordinate that underflows: the far point sets z's scale to 2^-941, under
    // which 2^-1074 vanishes; read as zero it would put the point on the plane.
    for sign in [1.0, -1.0] {
        let p = [[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let xs = [
            [0.25, 0.25, sign * pow2(-1074)],
            [0.0, 0.0, pow2(1000)],
            [1.0, 1.0, 0.0],
        ];
        note(check_stage_i(&p, &xs), Some(false));
        assert_ne!(exact_side(&p, &xs[0]), Sign::Zero);
    }
    // Non-finite coordinates: refused by stage I, answered as orient3d answers (`Zero`).
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        for slot in 0..18 {
            let mut p = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
            let mut xs = [[0.5, 0.5, 1.0], [0.25, 0.0, -1.0], [1.0, 1.0, 0.0]];
            if slot < 9 {
                p[slot / 3][slot % 3] = bad;
            } else {
                xs[(slot - 9) / 3][slot % 3] = bad;
            }
            let mut out = [Sign::Positive; 3];
            crate::predicates::orient3d_shared(
                [&p[0], &p[1], &p[2]],
                xs.each_ref(),
                [true; 3],
                &mut out,
            );
            for i in 0..3 {
                let want = crate::orient3d(p[0], p[1], p[2], xs[i]);
                assert_eq!(out[i], want, "{bad} at {slot}, point {i}");
            }
        }
    }
    #[cfg(feature = "std")]
    assert!(
        taken > 500 && refused > 200,
        "stage I taken {taken}, refused {refused}"
    );
}

// ---------------------------------------------------------------------------------------
// Grid input: signs read off the filter's determinants (proofs/tri_tri.md, section 2)
// ---------------------------------------------------------------------------------------

/// A coordinate on the grid of `w` bits: an integer below `2^w` in magnitude (the
/// extremes `±(2^w − 1)` often) times `2^s`.
fn grid_coord(rng: &mut Rng, w: i32, s: i32) -> f64 {
    let top = (1i64 << w) - 1;
    let n = match rng.below(4) {
        0 => top,
        1 => -top,
        _ => rng.range(-top, top + 1),
    };
    n as f64 * pow2(s)
}

/// The claim `grid_sign` rests on: when the twelve coordinates pass
/// `coordinates_on_grid(…, O3_GRID_BITS)`, the determinant of `fast::dets` is the exact
/// `n·(x − p₀)`, computed in rationals here. Coordinates of exactly `O3_GRID_BITS` bits
/// (the largest the grid allows, extremes included) at scales across the grid test's
/// exponent range; with a wider grid constant the products would round and this fails.
#[test]
fn grid_input_makes_the_filter_determinant_exact() {
    use crate::predicates::{O3_GRID_BITS, coordinates_on_grid};
    let mut rng = Rng::new(0x9e1d_0bad);
    let mut on_grid = 0;
    for _ in 0..20_000 {
        let s = rng.range(-300 - O3_GRID_BITS as i64, 290) as i32;
        let w = O3_GRID_BITS - i32::from(rng.chance(0.2));
        let p: [[f64; 3]; 3] =
            core::array::from_fn(|_| core::array::from_fn(|_| grid_coord(&mut rng, w, s)));
        let x: [f64; 3] = core::array::from_fn(|_| grid_coord(&mut rng, w, s));
        let v: Vec<f64> = p.iter().flatten().chain(&x).copied().collect();
        if !coordinates_on_grid(&v, O3_GRID_BITS) {
            continue;
        }
        on_grid += 1;
        let d = fast::dets([&p[0], &p[1], &p[2]], [&x]).unwrap();
        let want = exact_det(&p, &x);
        assert_eq!(q(d.det[0]), want, "{p:?} {x:?}");
        // And the sign read off it (−det is orient3d).
        let got = fast::grid_signs(d.det, [&p[0], &p[1], &p[2]], [&x], [true])[0];
        assert_eq!(got, Some(Sign::of(-want)), "{p:?} {x:?}");
    }
    assert!(on_grid > 10_000, "{on_grid}");
}

/// The plane sides of `xs` through the filter, three at once ([`check_filter`]) and one
/// at a time, against the rational ones, which it returns.
fn check_sides(p: &[[f64; 3]; 3], xs: &[[f64; 3]; 3]) -> [Sign; 3] {
    let want = xs.map(|x| exact_side(p, &x));
    for i in 0..3 {
        assert_eq!(
            sides(p.each_ref(), [&xs[i]]),
            [want[i]],
            "{p:?} {:?}",
            xs[i]
        );
    }
    check_filter(p, xs);
    want
}

/// Vertices exactly on an edge or the face of the other triangle (integer weights and
/// dyadic ones) and one grid unit off, on grids of 3 to 30 bits (beyond the grid test's
/// 15, where the exact stages decide), at scales 2^-1074 … 2^900, with rounded points
/// of the plane beside them (whose rounded determinants are often exactly zero, which
/// the grid test must not trust): every sign through the filter is the rational one,
/// and the grid path decides many.
#[test]
fn grid_zeros_through_the_filter_match_rationals() {
    #[cfg(feature = "std")]
    let before = fast::GRID_SIGNS.with(|c| c.get());
    let mut rng = Rng::new(0x9e1d_5a1d);
    let ws = [3, 8, 12, 14, 15, 16, 18, 22, 30];
    let scales = [-1074, -1060, -1000, -320, -300, -60, 0, 60, 280, 300, 900];
    for round in 0..3000 {
        let w = ws[round % ws.len()];
        let s = scales[rng.below(scales.len())];
        let p: [[f64; 3]; 3] =
            core::array::from_fn(|_| core::array::from_fn(|_| grid_coord(&mut rng, w, 0)));
        let weights = [0.0, 1.0, -1.0, 2.0, 0.5, 0.25, -0.5];
        let on = |rng: &mut Rng| -> [f64; 3] {
            let (a, b) = (*rng.pick(&weights), *rng.pick(&weights));
            core::array::from_fn(|k| p[0][k] + a * (p[1][k] - p[0][k]) + b * (p[2][k] - p[0][k]))
        };
        let mut off = on(&mut rng);
        off[rng.below(3)] += if rng.next_bool() { 1.0 } else { -1.0 };
        let (a, b) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
        let rounded: [f64; 3] =
            core::array::from_fn(|k| p[0][k] + a * (p[1][k] - p[0][k]) + b * (p[2][k] - p[0][k]));
        let xs = match rng.below(3) {
            0 => [on(&mut rng), on(&mut rng), off],
            1 => [on(&mut rng), p[1], rounded],
            _ => [rounded, on(&mut rng), off],
        };
        let sc = pow2(s);
        check_sides(&scaled(p, sc), &scaled(xs, sc));
    }
    // Short values (few significant bits each) of spread exponents: the plane
    // `x = y` through small integers, and a point `(τ, 0, z)` with `τ = ±2^-k`. The
    // difference `τ − a` rounds to `−a`, so the rounded determinant is exactly zero while
    // the exact one is `±b·m·τ`: the grid test must refuse it.
    let mut spread = 0;
    for round in 0..2000 {
        let (a, b, m, c) = (
            rng.range(1, 9) as f64,
            rng.range(1, 9) as f64,
            rng.range(1, 9) as f64,
            rng.range(-8, 9) as f64,
        );
        let p = [[a, a, c], [a, a, c + b], [a + m, a + m, c]];
        let tau = pow2(-(rng.range(55, 75) as i32)) * if round % 2 == 0 { 1.0 } else { -1.0 };
        let xs = [
            [tau, 0.0, rng.range(-8, 9) as f64],
            p[2],
            [2.0 * a, 2.0 * a, c],
        ];
        let sc = pow2(scales[rng.below(scales.len())]);
        let want = check_sides(&scaled(p, sc), &scaled(xs, sc));
        // (At the smallest scales τ itself may round to zero: then the point is on the
        // plane, as the rational side says.)
        spread += usize::from(want[0] != Sign::Zero);
    }
    assert!(spread > 1500, "{spread}");
    #[cfg(feature = "std")]
    {
        let hits = fast::GRID_SIGNS.with(|c| c.get()) - before;
        assert!(hits > 2000, "the grid path decided {hits} signs");
    }
}

type T64 = [[f64; 3]; 3];

/// The classification of `(a, b)` in rationals (`BigRational`: every orientation an exact
/// rational determinant, no float or integer stage).
pub(crate) fn want(a: &T64, b: &T64) -> TriTri {
    crate::overlap::tri_tri(&a.map(|p| p.map(q)), &b.map(|p| p.map(q)))
}

/// [`tri_tri`](crate::overlap::tri_tri()) and [`tri_tri_intersect`] on `f64` in both
/// argument orders agree with [`want`]; returns the class.
pub(crate) fn check_pair(a: &T64, b: &T64) -> TriTri {
    use crate::overlap::{tri_tri, tri_tri_intersect};
    let w = want(a, b);
    assert_eq!(tri_tri(a, b), w, "tri_tri({a:?}, {b:?})");
    assert_eq!(tri_tri(b, a), w, "tri_tri({b:?}, {a:?})");
    assert_eq!(tri_tri_intersect(a, b), w.intersects(), "{a:?} {b:?}");
    assert_eq!(tri_tri_intersect(b, a), w.intersects(), "{b:?} {a:?}");
    w
}

/// How many pairs [`grid_pair`] decided on this thread so far.
#[cfg(feature = "std")]
fn grid_pairs() -> usize {
    GRID_PAIRS.with(|c| c.get())
}

/// Exact contacts between triangles on grids of 11 to 18 bits (the pair test takes 15,
/// [`O3_GRID_BITS`](crate::predicates::O3_GRID_BITS); beyond it the exact stages decide),
/// coordinates at the grid's extremes often, at scales from subnormal to `2^900` and at
/// both ends of the grid test's exponent range: a shared vertex, a vertex at a dyadic
/// point of an edge or of the face, an edge along an edge, the other vertices through
/// the plane or off it, some one grid unit off. Every class through [`tri_tri`] and
/// [`tri_tri_intersect`], in both argument orders, is the class in rationals
/// (`BigRational`, where no float stage exists), and [`grid_pair`] decides many of them.
/// Beside them, pairs whose rounded determinant is zero but whose exact one is not (a
/// coordinate far below the others' grid) must not be taken for grid pairs.
#[test]
fn grid_pairs_match_rationals() {
    #[cfg(feature = "std")]
    let before = grid_pairs();
    let mut rng = Rng::new(0x9e1d_9a15);
    let widths = [11, 13, 14, 15, 15, 15, 16, 18];
    let scales = [
        -1074, -1060, -330, -315, -300, -8, 0, 20, 270, 285, 300, 900,
    ];
    let mut touching = 0;
    for round in 0..6000 {
        let w = widths[round % widths.len()];
        let g = |rng: &mut Rng| -> [f64; 3] { core::array::from_fn(|_| grid_coord(rng, w, 0)) };
        let a: T64 = [g(&mut rng), g(&mut rng), g(&mut rng)];
        // A point of `a` with dyadic weights (1, 1/2 or 1/4 steps): on `a`'s edges, face
        // or vertices, or outside them in its plane.
        let weights = [0.0, 1.0, 0.5, 0.25, 0.75, -0.5, 1.5];
        let on = |rng: &mut Rng| -> [f64; 3] {
            let (s, t) = (*rng.pick(&weights), *rng.pick(&weights));
            core::array::from_fn(|k| a[0][k] + s * (a[1][k] - a[0][k]) + t * (a[2][k] - a[0][k]))
        };
        let first = match rng.below(4) {
            0 => a[rng.below(3)],
            _ => on(&mut rng),
        };
        let second = match rng.below(4) {
            0 => on(&mut rng), // with `first`, a segment in a's plane
            _ => g(&mut rng),
        };
        let mut third = match rng.below(3) {
            // Through the plane from `second` (reflected about `first`).
            0 => core::array::from_fn(|k| 2.0 * first[k] - second[k]),
            _ => g(&mut rng),
        };
        if rng.chance(0.2) {
            third[rng.below(3)] += if rng.next_bool() { 1.0 } else { -1.0 };
        }
        let mut b: T64 = [first, second, third];
        if rng.chance(0.15) {
            let (i, k) = (rng.below(3), rng.below(3));
            b[i][k] += if rng.next_bool() { 1.0 } else { -1.0 };
        }
        let sc = pow2(*rng.pick(&scales));
        let (a, b) = (scaled(a, sc), scaled(b, sc));
        let class = check_pair(&a, &b);
        touching += usize::from(matches!(class, TriTri::Touching { .. }));
    }
    // A triangle of the plane `x = y` around the origin, and one strictly on one side of
    // that plane, with a vertex `(τ, 0, 0)`, `τ = ±2^-k`: `τ + m` rounds to `m`, so that
    // side's rounded determinant is exactly zero while the exact one is not. Taken for a
    // grid pair, the vertex would be on the plane, inside the first triangle: touching.
    let mut apart = 0;
    for round in 0..2000 {
        let r = |rng: &mut Rng| rng.range(1, 9) as f64;
        let (m, h, z1, z2) = (r(&mut rng), r(&mut rng), r(&mut rng), r(&mut rng));
        let a: T64 = [[-m, -m, -h], [m, m, -h], [0.0, 0.0, h]];
        let s = if round % 2 == 0 { 1.0 } else { -1.0 };
        let tau = s * pow2(-(rng.range(55, 75) as i32));
        let b: T64 = [[tau, 0.0, 0.0], [s, 0.0, z1], [s, 0.0, -z2]];
        let sc = pow2(*rng.pick(&scales));
        let class = check_pair(&scaled(a, sc), &scaled(b, sc));
        apart += usize::from(class == TriTri::Disjoint);
    }
    assert!(touching > 1000, "{touching} touching pairs");
    assert!(apart > 1000, "{apart} pairs apart");
    #[cfg(feature = "std")]
    {
        let taken = grid_pairs() - before;
        assert!(taken > 2000, "the grid pair path decided {taken} pairs");
    }
}

/// The claim [`grid_pair`] rests on: when six points pass `fast::pair_on_grid` (their
/// eighteen coordinates on orient3d's grid together), the determinant of `fast::dets` of
/// any four of them, in any order, is the exact `n·(x − p₀)`, computed in rationals here.
/// Coordinates of up to `O3_GRID_BITS + 3` bits (the test refuses those beyond its
/// grid), the extremes often, the six points' largest magnitudes spread over several
/// binades (a subset's grid is then finer than its own largest coordinate needs), at
/// scales across the grid test's exponent range; with a grid three bits wider the
/// products round and this fails.
#[test]
fn grid_pair_makes_every_determinant_exact() {
    use crate::predicates::O3_GRID_BITS;
    let mut rng = Rng::new(0x9e1d_0b5e);
    let mut on_grid = 0;
    for _ in 0..6000 {
        let s = rng.range(-300 - O3_GRID_BITS as i64, 290) as i32;
        // Each point on a grid of its own width, mostly the pair's; a coordinate of a
        // width beyond 16 bits has its 16 significant bits anywhere below the top, so
        // that the test's cheap first check (16 significant bits) passes it.
        let top = O3_GRID_BITS + rng.below(4) as i32;
        let v: [[f64; 3]; 6] = core::array::from_fn(|_| {
            let w = top - rng.below(4) as i32 * i32::from(rng.chance(0.3));
            core::array::from_fn(|_| {
                let b = w.min(16);
                let shift = rng.below((w - b + 1) as usize) as i32;
                grid_coord(&mut rng, b, s + shift)
            })
        });
        if !fast::pair_on_grid(v.each_ref()) {
            continue;
        }
        on_grid += 1;
        for _ in 0..12 {
            // Four distinct points of the six in random order: a plane and a point.
            let mut idx = [0, 1, 2, 3, 4, 5];
            for i in 0..4 {
                idx.swap(i, i + rng.below(6 - i));
            }
            let p = [v[idx[0]], v[idx[1]], v[idx[2]]];
            let x = v[idx[3]];
            let d = fast::dets([&p[0], &p[1], &p[2]], [&x]).unwrap();
            assert_eq!(q(d.det[0]), exact_det(&p, &x), "{p:?} {x:?}");
        }
    }
    assert!(on_grid > 1500, "{on_grid}");
}
