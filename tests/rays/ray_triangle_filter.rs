//! Adversarial inputs for the `f64` filter of `isect::ray::ray_triangle`
//! (proofs/ray_triangle.md, section 3): its two stages (one semi-static bound from the
//! sum `S` of the four 1-norms; then one bound per quantity) and its range limits
//! (`2^-300 ≤ S < 2^330`).
//!
//! Every answer is checked against an oracle written here in rational arithmetic from the
//! documented rule (not the library's code): the three side products
//! `S(p, q) = det[p − o, q − o, d]`, a zero one replaced by the sign of its first non-zero
//! perturbation coefficient `−((q − p) × d)_x'`, `−((q − p) × d)_y'` (`x', y'` the two axes
//! after the dominant axis of `d`, first of equal magnitudes), a hit iff the three have one
//! non-zero sign `s` and `N = det[a − o, b − o, c − o]` is zero or has sign `s`. For a hit,
//! `|t − N/D| ≤ t_error`, the weights have the right signs and `front` is `D < 0`.
//!
//! Generators: rays aimed exactly at vertices and edge points of dyadic-grid triangles,
//! then nudged by a few ulps so the deciding value sits right at the filter's bounds;
//! the same scaled by powers of two around both range limits, into the subnormals and up
//! to `2^1000`; origins far from small triangles (stage 1 too loose, stage 2 decides);
//! random rays and triangles at random exponents.

use isect::ray::ray_triangle;
use isect::{Ray, Triangle};
use isect_testkit::float::{mul_pow2_f64, nudge, pow2};
use isect_testkit::q::{det3 as det, q, sub};
use isect_testkit::{Q, Rng, cases, config};
use num_traits::{Signed, Zero};
use proptest::prelude::*;

fn sign(x: &Q) -> i32 {
    if x.is_zero() {
        0
    } else if x.is_positive() {
        1
    } else {
        -1
    }
}

/// The oracle's answer: `None` for a miss, `Some((t, [wa, wb, wc], front))` for a hit.
fn oracle(o: &[f64; 3], d: &[f64; 3], tri: &[[f64; 3]; 3]) -> Option<(Q, [Q; 3], bool)> {
    let (oq, dq) = (o.map(q), d.map(q));
    let v = tri.map(|p| p.map(q));
    let m = d.map(f64::abs);
    let z = if m[0] >= m[1] && m[0] >= m[2] {
        0
    } else if m[1] >= m[2] {
        1
    } else {
        2
    };
    let (x1, y1) = ((z + 1) % 3, (z + 2) % 3);
    let side = |p: &[Q; 3], r: &[Q; 3]| -> (Q, i32) {
        let value = det(&sub(p, &oq), &sub(r, &oq), &dq);
        let s = sign(&value);
        if s != 0 {
            return (value, s);
        }
        // (w × d)_i for w = r − p.
        let w = sub(r, p);
        let cross = |i: usize| {
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            &w[j] * &dq[k] - &w[k] * &dq[j]
        };
        let c1 = sign(&cross(x1));
        (value, if c1 != 0 { -c1 } else { -sign(&cross(y1)) })
    };
    let (sab, s1) = side(&v[0], &v[1]);
    let (sbc, s2) = side(&v[1], &v[2]);
    let (sca, s3) = side(&v[2], &v[0]);
    if s1 == 0 || s1 != s2 || s1 != s3 {
        return None;
    }
    let n = det(&sub(&v[0], &oq), &sub(&v[1], &oq), &sub(&v[2], &oq));
    if sign(&n) == -s1 {
        return None;
    }
    let big_d = &sab + &sbc + &sca;
    Some((
        n / &big_d,
        [sbc / &big_d, sca / &big_d, sab / &big_d],
        big_d.is_negative(),
    ))
}

/// Checks `ray_triangle` against the oracle on one input; `Err` names the difference.
fn check(o: [f64; 3], d: [f64; 3], tri: [[f64; 3]; 3]) -> Result<(), String> {
    if o.iter()
        .chain(&d)
        .chain(tri.iter().flatten())
        .any(|x| !x.is_finite())
    {
        return Ok(());
    }
    let got = ray_triangle(&Ray::new(o, d), &Triangle::new(tri[0], tri[1], tri[2]));
    let want = if d == [0.0; 3] {
        None
    } else {
        oracle(&o, &d, &tri)
    };
    match (&got, &want) {
        (None, None) => Ok(()),
        (Some(_), None) => Err(format!("hit, oracle misses: o={o:?} d={d:?} tri={tri:?}")),
        (None, Some(_)) => Err(format!("miss, oracle hits: o={o:?} d={d:?} tri={tri:?}")),
        (Some(h), Some((t, w, front))) => {
            let err = (q(h.t) - t).abs();
            if err > q(h.t_error) {
                return Err(format!(
                    "|t − exact| = {} above t_error {}: o={o:?} d={d:?} tri={tri:?}",
                    err, h.t_error
                ));
            }
            // Relative accuracy, next to the origin too: a float `t` whose bound is loose
            // is computed again (compensated or exact) until it is within 2^-26.
            if err > t.abs() * q(pow2(-26)) + q(pow2(-1020)) {
                return Err(format!(
                    "|t − exact| = {err} above 2^-26·|t| = {}: o={o:?} d={d:?} tri={tri:?}",
                    t.abs() * q(pow2(-26))
                ));
            }
            if h.front != *front {
                return Err(format!("front wrong: o={o:?} d={d:?} tri={tri:?}"));
            }
            for (wg, we) in h.barycentric.iter().zip(w) {
                // The weights are rounded; a negative exact weight never becomes a
                // positive reported one beyond rounding, and positive ones stay ≥ 0.
                if we.is_positive() && *wg < 0.0 {
                    return Err(format!("weight sign: o={o:?} d={d:?} tri={tri:?}"));
                }
            }
            Ok(())
        }
    }
}

fn grid_point(rng: &mut Rng, span: i64) -> [f64; 3] {
    [0; 3].map(|_: i32| rng.range(-span, span) as f64)
}

fn scaled(p: [f64; 3], k: i32) -> [f64; 3] {
    p.map(|x| mul_pow2_f64(x, k))
}

/// An exact aim point on the triangle: a vertex, an edge midpoint or the centroid-like
/// point `(a + b + 2c)/4`, or a grid point beside it.
fn aim(rng: &mut Rng, tri: &[[f64; 3]; 3]) -> [f64; 3] {
    let i = rng.range(0, 2) as usize;
    let (a, b) = (tri[i], tri[(i + 1) % 3]);
    match rng.range(0, 3) {
        0 => a,
        1 => core::array::from_fn(|k| (a[k] + b[k]) / 2.0),
        2 => core::array::from_fn(|k| (tri[0][k] + tri[1][k] + 2.0 * tri[2][k]) / 4.0),
        _ => grid_point(rng, 8),
    }
}

/// Moves one coordinate of `p` by `n` ulps.
fn nudged(mut p: [f64; 3], rng: &mut Rng) -> [f64; 3] {
    let k = rng.range(0, 2) as usize;
    let n = rng.range(-3, 3) as i32;
    p[k] = nudge(p[k], n);
    p
}

/// Exponents around the filter's range limits and beyond (from 2^339 on, the products
/// of grid inputs overflow while stage 1's bound `≈ S³·2^-55` is still finite).
const SCALES: [i32; 24] = [
    0, -40, 60, -290, -297, -300, -303, -340, -350, -355, -365, -520, -1000, -1060, 300, 325, 327,
    328, 331, 340, 345, 350, 355, 700,
];

proptest! {
    #![proptest_config(config(512))]

    /// Rays aimed exactly at vertices and edge points, then nudged by a few ulps (in the
    /// origin or the direction) so the deciding side product or `N` is zero or tiny,
    /// at scales around both range limits of stage 1.
    #[test]
    fn nudged_ties_match_oracle(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let tri = [0; 3].map(|_: i32| grid_point(&mut rng, 8));
        let target = aim(&mut rng, &tri);
        let d = loop {
            let d = grid_point(&mut rng, 3);
            if d != [0.0; 3] {
                break d;
            }
        };
        let o: [f64; 3] = core::array::from_fn(|k| target[k] - 3.0 * d[k]);
        let (o, d) = match rng.range(0, 2) {
            0 => (nudged(o, &mut rng), d),
            1 => (o, nudged(d, &mut rng)),
            _ => (o, d),
        };
        let k = SCALES[rng.range(0, SCALES.len() as i64 - 1) as usize];
        let (o, d, tri) = (scaled(o, k), scaled(d, k), tri.map(|p| scaled(p, k)));
        check(o, d, tri).map_err(TestCaseError::fail)?;
    }

    /// A small triangle seen from far away (the norms differ by up to 2^200): stage 1's
    /// single bound is far too loose and stage 2 or the exact path decides; rays aimed at
    /// edges and vertices and nudged.
    #[test]
    fn far_origin_small_triangle(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let small = -(rng.range(0, 200) as i32);
        let tri = [0; 3].map(|_: i32| scaled(grid_point(&mut rng, 8), small));
        let target = aim(&mut rng, &tri);
        let d = loop {
            let d = grid_point(&mut rng, 3);
            if d != [0.0; 3] {
                break d;
            }
        };
        let far = rng.range(0, 60) as i32;
        let o: [f64; 3] = core::array::from_fn(|k| target[k] - pow2(far) * d[k]);
        let o = if rng.range(0, 1) == 0 { nudged(o, &mut rng) } else { o };
        check(o, d, tri).map_err(TestCaseError::fail)?;
    }

    /// Random rays and triangles with every coordinate at its own random exponent
    /// (mixed magnitudes, subnormals, up to 2^1000), and the same with the ray aimed
    /// at the triangle's centroid.
    #[test]
    fn wild_exponents_match_oracle(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let base = rng.range(-1074, 1000) as i32;
        let spread = rng.range(0, 80);
        let coord = |rng: &mut Rng| {
            let e = (base as i64 + rng.range(-spread, spread)).clamp(-1074, 1000) as i32;
            let x = pow2(e) * (1.0 + rng.next_f64());
            if rng.range(0, 1) == 0 { -x } else { x }
        };
        let tri = [0; 3].map(|_: i32| [0; 3].map(|_: i32| coord(&mut rng)));
        let o = [0; 3].map(|_: i32| coord(&mut rng));
        let d = if rng.range(0, 1) == 0 {
            [0; 3].map(|_: i32| coord(&mut rng))
        } else {
            let c: [f64; 3] = core::array::from_fn(|k| tri[0][k] / 4.0 + tri[1][k] / 4.0 + tri[2][k] / 2.0);
            core::array::from_fn(|k| c[k] - o[k])
        };
        check(o, d, tri).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// A sliver: two vertices and the origin within `2^-560..2^-500` of each other and a
    /// third vertex at `2^400..2^600`, in each position. `N = det[a − o, b − o, c − o]`
    /// is then a product of one huge and two tiny rows: the products inside the cross
    /// product of the tiny rows are subnormal, and their absolute rounding error, times
    /// the huge row, is far above `N` itself. The filter's bound must charge that
    /// underflow term to the outer row (`n_sign`'s bound once charged it to the wrong
    /// one and decided such signs from rounding noise). Rays aimed at a point of the
    /// sliver near its short edge, and random tiny directions.
    #[test]
    fn sliver_with_a_far_vertex_matches_oracle(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let small = -(rng.range(500, 560) as i32);
        let big = rng.range(400, 600) as i32;
        let tiny = |rng: &mut Rng| [0; 3].map(|_: i32| pow2(small) * rng.uniform(-2.0, 2.0));
        let (o, b, c) = (tiny(&mut rng), tiny(&mut rng), tiny(&mut rng));
        let a = [0; 3].map(|_: i32| pow2(big) * rng.uniform(-2.0, 2.0));
        let d: [f64; 3] = if rng.range(0, 2) == 0 {
            tiny(&mut rng)
        } else {
            // A point of the sliver near its short edge bc: (b + c)/2 + λa, λ tiny.
            let f = rng.next_f64();
            core::array::from_fn(|k| (b[k] + c[k]) / 2.0 + mul_pow2_f64(f * a[k], small - big) - o[k])
        };
        let tri = match rng.range(0, 2) {
            0 => [a, b, c],
            1 => [b, c, a],
            _ => [c, a, b],
        };
        check(o, d, tri).map_err(TestCaseError::fail)?;
        check(o, d.map(|x| -x), tri).map_err(TestCaseError::fail)?;
    }
}

/// Exponents at and around the window `[2^-200, 2^200]` of the expansion construction
/// (hits near the origin are constructed there, outside it in rationals).
const NEAR_SCALES: [i32; 14] = [
    0, -150, 150, -190, 190, -197, 197, -200, 200, -203, 203, -600, 600, -1000,
];

proptest! {
    #![proptest_config(config(512))]

    /// Rays from a point of the triangle (a rounded combination of its vertices: on the
    /// plane or a rounding off it, then nudged by a few ulps), in random directions, some
    /// nearly in the plane: `t` is zero or tiny, so the float `t` cannot be bounded and
    /// the hit is constructed exactly (expansions in the window, rationals outside);
    /// `t` must lie within `t_error` of the exact value.
    #[test]
    fn origins_on_the_surface_match_oracle(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let tri = [0; 3].map(|_: i32| [0; 3].map(|_: i32| rng.uniform(-1.0, 1.0)));
        let w = [0; 3].map(|_: i32| rng.next_f64());
        let sum = w[0] + w[1] + w[2];
        let mut o: [f64; 3] =
            core::array::from_fn(|k| (w[0] * tri[0][k] + w[1] * tri[1][k] + w[2] * tri[2][k]) / sum);
        if rng.range(0, 2) == 0 {
            o = nudged(o, &mut rng);
        }
        let n = [0; 3].map(|_: i32| rng.uniform(-1.0, 1.0));
        let d: [f64; 3] = if rng.range(0, 3) == 0 {
            // Nearly in the plane: along an edge, nudged.
            nudged(core::array::from_fn(|k| tri[1][k] - tri[0][k]), &mut rng)
        } else {
            n
        };
        let k = NEAR_SCALES[rng.range(0, NEAR_SCALES.len() as i64 - 1) as usize];
        let (o, d, tri) = (scaled(o, k), scaled(d, k), tri.map(|p| scaled(p, k)));
        check(o, d, tri).map_err(TestCaseError::fail)?;
        // The reversed ray too (from the other side of the plane, or into it).
        check(o, d.map(|x| -x), tri).map_err(TestCaseError::fail)?;
    }
}

/// Inputs whose norm sum `S` sits right at stage 1's limits `2^-300` and `2^330`, hitting
/// and missing, interior and through edges and vertices.
#[test]
fn range_limits() {
    let tri = [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]];
    let rays = [
        ([1.0, 1.0, 1.0], [0.0, 0.0, -1.0]),  // interior hit
        ([2.0, 0.0, 1.0], [0.0, 0.0, -1.0]),  // through edge ab
        ([2.0, 2.0, 1.0], [0.0, 0.0, -1.0]),  // through edge bc
        ([0.0, 0.0, 1.0], [0.0, 0.0, -1.0]),  // through vertex a
        ([5.0, 1.0, 1.0], [0.0, 0.0, -1.0]),  // miss
        ([1.0, 1.0, -1.0], [0.0, 0.0, -1.0]), // behind
        ([1.0, 1.0, 0.0], [1.0, 2.0, 3.0]),   // origin on the triangle
        ([-1.0, 1.0, 1.0], [1.0, 0.0, -1.0]), // through edge ca, slanted
    ];
    let mut checked = 0;
    for (o, d) in rays {
        // S ≈ 16 + |o| + |d| for these; scale so S crosses each limit.
        for base in [-305, -300, -299, 325, 326, 327] {
            for n in -2..=2 {
                let s = nudge(pow2(base), n);
                let sc = |p: [f64; 3]| p.map(|x| x * s);
                let (o, d, t) = (sc(o), sc(d), tri.map(sc));
                check(o, d, t).unwrap();
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 8 * 6 * 5);
}

/// Rays whose first barycentric value is a few ulps from zero (non-grid coordinates, so
/// the float evaluation does round): the deciding value is at or just beyond the filter's
/// bounds. At the unit scale and scaled by powers of two around the range limits, where
/// products lose bits to underflow or overflow.
#[test]
fn edge_grazing_ulps() {
    let tri = [[0.1, 0.2, 0.3], [1.7, -0.4, 0.2], [0.3, 1.9, -0.5]];
    let mut rng = Rng::new(7);
    for k in [
        0, -290, -300, -330, -345, -352, -358, -365, 300, 328, 336, 342, 350,
    ] {
        for _ in 0..cases(300) {
            let i = rng.range(0, 2) as usize;
            let (a, b) = (tri[i], tri[(i + 1) % 3]);
            let w = rng.next_f64();
            let p: [f64; 3] = core::array::from_fn(|k| a[k] + w * (b[k] - a[k]));
            let d = [
                rng.next_f64() - 0.5,
                rng.next_f64() - 0.5,
                rng.next_f64() + 0.5,
            ];
            let o: [f64; 3] = core::array::from_fn(|k| p[k] - 2.0 * d[k]);
            let o = nudged(o, &mut rng);
            check(scaled(o, k), scaled(d, k), tri.map(|p| scaled(p, k))).unwrap();
        }
    }
}
