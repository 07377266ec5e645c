//! Named regression tests for classic failure cases of floating-point predicates.
//!
//! Every expected sign is either derived by hand in a comment (and then also checked
//! against the oracle) or taken from the oracle at run time; none is copied from the
//! library's output.

use isect::Sign;
use isect_testkit::Rng;
use isect_testkit::float::{mul_pow2_f64, nudge, pow2};
use isect_testkit::perm::{nth_perm, parity, permute};
use isect_testkit::predicates as oracle;

const M: f64 = f64::MAX;
const TINY: f64 = 5e-324;

fn sign_i(x: i64) -> Sign {
    Sign::of(x)
}

/// isect (by value, by reference, `try_`) and the oracle must both give `want`.
fn o2(p: [[f64; 2]; 3], want: Sign) {
    assert_eq!(oracle::orient2d(&p), want, "oracle, orient2d{p:?}");
    assert_eq!(isect::orient2d(p[0], p[1], p[2]), want, "orient2d{p:?}");
    assert_eq!(isect::orient2d(&p[0], &p[1], &p[2]), want, "orient2d{p:?}");
    assert_eq!(
        isect::try_orient2d(p[0], p[1], p[2]),
        Ok(want),
        "try_orient2d{p:?}"
    );
    // Cyclic shifts keep the sign; a swap flips it.
    assert_eq!(
        isect::orient2d(p[1], p[2], p[0]),
        want,
        "orient2d (shifted){p:?}"
    );
    assert_eq!(
        isect::orient2d(p[1], p[0], p[2]),
        -want,
        "orient2d (swapped){p:?}"
    );
}
fn o3(p: [[f64; 3]; 4], want: Sign) {
    assert_eq!(oracle::orient3d(&p), want, "oracle, orient3d{p:?}");
    assert_eq!(
        isect::orient3d(p[0], p[1], p[2], p[3]),
        want,
        "orient3d{p:?}"
    );
    assert_eq!(
        isect::orient3d(&p[0], &p[1], &p[2], &p[3]),
        want,
        "orient3d{p:?}"
    );
    assert_eq!(
        isect::orient3d(p[1], p[0], p[2], p[3]),
        -want,
        "orient3d (swapped){p:?}"
    );
}
fn ic(p: [[f64; 2]; 4], want: Sign) {
    assert_eq!(oracle::incircle(&p), want, "oracle, incircle{p:?}");
    assert_eq!(
        isect::incircle(p[0], p[1], p[2], p[3]),
        want,
        "incircle{p:?}"
    );
    assert_eq!(
        isect::incircle(&p[0], &p[1], &p[2], &p[3]),
        want,
        "incircle{p:?}"
    );
    assert_eq!(
        isect::incircle(p[0], p[1], p[3], p[2]),
        -want,
        "incircle (swapped){p:?}"
    );
}
fn is(p: [[f64; 3]; 5], want: Sign) {
    assert_eq!(oracle::insphere(&p), want, "oracle, insphere{p:?}");
    assert_eq!(
        isect::insphere(p[0], p[1], p[2], p[3], p[4]),
        want,
        "insphere{p:?}"
    );
    assert_eq!(
        isect::insphere(&p[0], &p[1], &p[2], &p[3], &p[4]),
        want,
        "insphere{p:?}"
    );
    assert_eq!(
        isect::insphere(p[0], p[1], p[2], p[4], p[3]),
        -want,
        "insphere (swapped){p:?}"
    );
}

/// Like `o2` etc., with the oracle as the only source of the expected sign.
fn o2_oracle(p: [[f64; 2]; 3]) -> Sign {
    let want = oracle::orient2d(&p);
    o2(p, want);
    want
}
fn o3_oracle(p: [[f64; 3]; 4]) -> Sign {
    let want = oracle::orient3d(&p);
    o3(p, want);
    want
}
fn ic_oracle(p: [[f64; 2]; 4]) -> Sign {
    let want = oracle::incircle(&p);
    ic(p, want);
    want
}
fn is_oracle(p: [[f64; 3]; 5]) -> Sign {
    let want = oracle::insphere(&p);
    is(p, want);
    want
}

fn scale2<const N: usize>(p: [[f64; 2]; N], k: i32) -> [[f64; 2]; N] {
    p.map(|q| q.map(|x| mul_pow2_f64(x, k)))
}
fn scale3<const N: usize>(p: [[f64; 3]; N], k: i32) -> [[f64; 3]; N] {
    p.map(|q| q.map(|x| mul_pow2_f64(x, k)))
}

// ---------------------------------------------------------------------------------------
// Kettner, Mehlhorn, Pion, Schirra, Yap: "Classroom examples of robustness problems in
// geometric computations" (2004/2008).
// ---------------------------------------------------------------------------------------

/// The classroom grid: `p = (0.5 + i·u, 0.5 + j·u)` with `u = 2^-53` (the ulp of 0.5),
/// `q = (12, 12)`, `r = (24, 24)`, scaled by `2^k`.
///
/// By hand: `orient2d(p, q, r) = (px − rx)(qy − ry) − (py − ry)(qx − rx)
/// = −12(px − 24) + 12(py − 24) = 12(py − px) = 12·(j − i)·u·2^(2k)`, so the sign is
/// `sign(j − i)` for every exact scaling `2^k`.
fn classroom_grid(n: i64, k: i32) -> usize {
    let u = pow2(-53);
    let (q, r) = ([12.0, 12.0], [24.0, 24.0]);
    let mut naive_wrong = 0;
    for i in 0..n {
        for j in 0..n {
            let p = [0.5 + i as f64 * u, 0.5 + j as f64 * u];
            let pts = scale2([p, q, r], k);
            o2(pts, sign_i(j - i));
            // The formula as Kettner et al. evaluate it.
            let [p, q, r] = pts;
            let naive = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
            if Sign::of(naive) != sign_i(j - i) {
                naive_wrong += 1;
            }
        }
    }
    naive_wrong
}

#[test]
fn kettner_classroom_orient2d_grid() {
    let wrong = classroom_grid(256, 0);
    // The point of the example: plain floating point gets many of these wrong (checked
    // so that this test keeps testing something hard).
    assert!(wrong > 1000, "naive formula wrong on only {wrong} of 65536");
}

#[test]
fn kettner_classroom_grid_scaled_into_overflow_and_underflow() {
    // 2^664 ≈ 1e200: products overflow. 2^-700 ≈ 1e-211: products underflow.
    // 2^-1000: differences of order 2^-1053 (subnormal granularity, still exact).
    // 2^990: 24·2^990 ≈ 2^994.6, squares far beyond f64::MAX.
    for k in [664, -700, -1000, 990] {
        classroom_grid(48, k);
    }
}

#[test]
fn kettner_classroom_f32() {
    // The same construction in f32: u = 2^-24 (the ulp of 0.5f32); same hand result.
    let u = 2f32.powi(-24);
    for i in 0..64i64 {
        for j in 0..64i64 {
            let p = [0.5 + i as f32 * u, 0.5 + j as f32 * u];
            let pts = [p, [12.0, 12.0], [24.0, 24.0]];
            assert_eq!(oracle::orient2d(&pts), sign_i(j - i));
            assert_eq!(
                isect::orient2d(pts[0], pts[1], pts[2]),
                sign_i(j - i),
                "{pts:?}"
            );
        }
    }
}

#[test]
#[allow(clippy::excessive_precision)] // the literals as printed in the paper
fn kettner_classroom_other_configurations() {
    // The paper's other two starting configurations (decimal literals as in the paper;
    // they round to the nearest f64). From p, a 256×256 grid of ulp steps up and to the
    // right; expected signs from the oracle.
    let configs: [[[f64; 2]; 3]; 2] = [
        [
            [0.500_000_000_000_025_31, 0.500_000_000_000_017_1],
            [17.300_000_000_000_001, 17.300_000_000_000_001],
            [24.000_000_000_000_05, 24.000_000_000_000_051_776_5],
        ],
        [
            [0.5, 0.5],
            [8.800_000_000_000_000_7, 8.800_000_000_000_000_7],
            [12.1, 12.1],
        ],
    ];
    for [p, q, r] in configs {
        let mut seen = [0usize; 3];
        for i in 0..256 {
            for j in 0..256 {
                let pp = [nudge(p[0], i), nudge(p[1], j)];
                let s = o2_oracle([pp, q, r]);
                seen[(s.to_i32() + 1) as usize] += 1;
            }
        }
        // The grid straddles the line: both signs occur.
        assert!(seen[0] > 0 && seen[2] > 0, "{seen:?}");
    }
}

#[test]
fn documented_example_points_on_the_diagonal_are_collinear() {
    // (0.1, 0.1), (0.2, 0.2), (0.3, 0.3) as f64 all have equal coordinates, so all lie on
    // y = x: exactly collinear (the naive formula is not zero here).
    o2([[0.1, 0.1], [0.2, 0.2], [0.3, 0.3]], Sign::Zero);
    o2([[0.5, 0.5], [12.0, 12.0], [24.0, 24.0]], Sign::Zero);
}

#[test]
fn orient3d_ulp_grid_around_a_plane() {
    // Plane x + y + z = 3 through a = (3,0,0), b = (0,3,0), c = (0,0,3). For d at the
    // origin, det[a−d; b−d; c−d] = det diag(3,3,3) = 27 > 0: Positive on the origin's
    // side (x + y + z < 3), Negative beyond.
    // d = (1.25 + i·2^-52, 1.25 + j·2^-52, 0.5 + k·2^-53) (ulps of 1.25 and 0.5), so
    // x + y + z − 3 = 2^-53·(2i + 2j + k) and the sign is sign(−(2i + 2j + k)).
    let (a, b, c) = ([3.0, 0.0, 0.0], [0.0, 3.0, 0.0], [0.0, 0.0, 3.0]);
    for i in -6i64..=6 {
        for j in -6i64..=6 {
            for k in -6i64..=6 {
                let d = [
                    1.25 + i as f64 * pow2(-52),
                    1.25 + j as f64 * pow2(-52),
                    0.5 + k as f64 * pow2(-53),
                ];
                let want = sign_i(-(2 * i + 2 * j + k));
                o3([a, b, c, d], want);
                // The same at extreme scales (exact power-of-two scaling; same sign).
                if (i + j + k) % 5 == 0 {
                    for s in [600, -900, 1000] {
                        o3(scale3([a, b, c, d], s), want);
                    }
                }
            }
        }
    }
}

#[test]
fn incircle_ulp_grid_around_a_circle() {
    // Circle of radius 5 about (0.5, 0.5) through a = (5.5, 0.5), b = (0.5, 5.5),
    // c = (−4.5, 0.5): counterclockwise (a → b → c turns left around the centre), so
    // incircle is Positive inside. d = (3.5 + i·2^-51, 4.5 + j·2^-50) is the point
    // centre + (3, 4) moved by δ = 2^-51·(i, 2j) (ulps of 3.5 and 4.5).
    // |(3,4) + δ|² − 25 = 2·(3, 4)·δ + |δ|² = 2^-51·(6i + 16j) + 2^-102·(i² + 4j²):
    // inside (Positive) iff 6i + 16j < 0; for 6i + 16j = 0 outside (Negative) unless
    // i = j = 0 (on the circle: Zero).
    let (a, b, c) = ([5.5, 0.5], [0.5, 5.5], [-4.5, 0.5]);
    for i in -24i64..=24 {
        for j in -24i64..=24 {
            let d = [3.5 + i as f64 * pow2(-51), 4.5 + j as f64 * pow2(-50)];
            let lin = 6 * i + 16 * j;
            let want = match lin.cmp(&0) {
                std::cmp::Ordering::Less => Sign::Positive,
                std::cmp::Ordering::Greater => Sign::Negative,
                std::cmp::Ordering::Equal if i == 0 && j == 0 => Sign::Zero,
                std::cmp::Ordering::Equal => Sign::Negative,
            };
            ic([a, b, c, d], want);
            if (i * 7 + j) % 11 == 0 {
                for s in [500, -800, -1020, 1015] {
                    ic(scale2([a, b, c, d], s), want);
                }
            }
        }
    }
}

#[test]
fn insphere_ulp_grid_around_a_sphere() {
    // Sphere of radius 9 about o = (0.5, 0.5, 0.5) through a = o + 9e_x, b = o + 9e_y,
    // c = o + 9e_z, d = o − 9e_x; orient3d(a, b, c, d) = det[[18,0,0],[9,9,0],[9,0,9]]
    // = 18·81 > 0, so insphere is Positive inside. e = o + (1, 4, 8) + δ with
    // δ = 2^-52·(i, 4j, 8k) (ulps of 1.5, 4.5 and 8.5), and 1² + 4² + 8² = 81:
    // |(1,4,8) + δ|² − 81 = 2^-51·(i + 16j + 64k) + |δ|², so Positive iff
    // i + 16j + 64k < 0, and for i + 16j + 64k = 0 Negative unless δ = 0 (Zero).
    let o = 0.5;
    let a = [o + 9.0, o, o];
    let b = [o, o + 9.0, o];
    let c = [o, o, o + 9.0];
    let d = [o - 9.0, o, o];
    assert_eq!(oracle::orient3d(&[a, b, c, d]), Sign::Positive);
    for i in -5i64..=5 {
        for j in -5i64..=5 {
            for k in -5i64..=5 {
                let e = [
                    1.5 + i as f64 * pow2(-52),
                    4.5 + j as f64 * pow2(-50),
                    8.5 + k as f64 * pow2(-49),
                ];
                let lin = i + 16 * j + 64 * k;
                let want = match lin.cmp(&0) {
                    std::cmp::Ordering::Less => Sign::Positive,
                    std::cmp::Ordering::Greater => Sign::Negative,
                    std::cmp::Ordering::Equal if i == 0 && j == 0 && k == 0 => Sign::Zero,
                    std::cmp::Ordering::Equal => Sign::Negative,
                };
                is([a, b, c, d, e], want);
                if (i + 3 * j + 5 * k) % 7 == 0 {
                    for s in [400, -700, -1015, 1010] {
                        is(scale3([a, b, c, d, e], s), want);
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Scale failures of adaptive filters (the `robust` crate, Shewchuk's predicates): at
// 1e110 the cubes of the coordinates overflow (1e330), at 1e-110 they underflow (1e-330).
// robust 1.2.0 answers 0 for every near-coplanar case generated below (checked when
// these tests were written); the exact answer is almost never 0.
// ---------------------------------------------------------------------------------------

#[test]
fn orient3d_at_scale_1e110_and_1e_minus_110() {
    // Two literal cases on which robust 1.2.0 answered 0.
    let lit: [[[f64; 3]; 4]; 2] = [
        [
            [
                5.665615751722809e109,
                7.457817572627012e109,
                9.710027535867962e109,
            ],
            [
                4.443592170557721e109,
                4.4426470082635806e109,
                7.628943919117611e109,
            ],
            [
                8.77348686764173e109,
                5.230671798509814e109,
                2.8550868439696663e109,
            ],
            [
                5.951354950154453e109,
                4.16369885508678e109,
                5.287283608134317e109,
            ],
        ],
        [
            [
                5.665615751722809e-111,
                7.457817572627012e-111,
                9.710027535867963e-111,
            ],
            [
                4.443592170557721e-111,
                4.4426470082635805e-111,
                7.62894391911761e-111,
            ],
            [
                8.77348686764173e-111,
                5.230671798509814e-111,
                2.8550868439696664e-111,
            ],
            [
                5.951354950154453e-111,
                4.163698855086781e-111,
                5.287283608134317e-111,
            ],
        ],
    ];
    for p in lit {
        assert_ne!(o3_oracle(p), Sign::Zero, "{p:?}");
    }
    // Generated: d = a + s(b − a) + t(c − a) in [0,1)^3, then multiplied by the decimal
    // scale (rounded), as the robust crate's failure reports did.
    let mut rng = Rng::new(0x1e110);
    for scale in [1e110, 1e-110, 1e100, 1e-100, 1e120, 1e-120] {
        let mut nonzero = 0;
        for _ in 0..150 {
            let a = [rng.next_f64(), rng.next_f64(), rng.next_f64()];
            let b = [rng.next_f64(), rng.next_f64(), rng.next_f64()];
            let c = [rng.next_f64(), rng.next_f64(), rng.next_f64()];
            let (s, t) = (rng.next_f64(), rng.next_f64());
            let d: [f64; 3] = std::array::from_fn(|j| a[j] + s * (b[j] - a[j]) + t * (c[j] - a[j]));
            let p = [a, b, c, d].map(|q| q.map(|x| x * scale));
            if o3_oracle(p) != Sign::Zero {
                nonzero += 1;
            }
            // And a well-separated (generic) case at the same scale.
            let e = [rng.next_f64(), rng.next_f64(), rng.next_f64()];
            o3_oracle([a, b, c, e].map(|q| q.map(|x| x * scale)));
        }
        assert!(nonzero > 100, "scale {scale:e}: only {nonzero} nonzero");
    }
}

#[test]
fn other_predicates_at_scale_1e110_and_1e_minus_110() {
    let mut rng = Rng::new(0x110);
    for scale in [1e110, 1e-110, 1e80, 1e-80, 1e160, 1e-160] {
        for _ in 0..60 {
            // orient2d near-collinear.
            let a = [rng.next_f64(), rng.next_f64()];
            let b = [rng.next_f64(), rng.next_f64()];
            let t = rng.next_f64();
            let c: [f64; 2] = std::array::from_fn(|j| a[j] + t * (b[j] - a[j]));
            o2_oracle([a, b, c].map(|q| q.map(|x| x * scale)));
            // incircle near-cocircular (unit circle about a random centre).
            let o = [rng.next_f64(), rng.next_f64()];
            let pts: [[f64; 2]; 4] = std::array::from_fn(|_| {
                let th = rng.next_f64() * std::f64::consts::TAU;
                [o[0] + th.cos(), o[1] + th.sin()]
            });
            ic_oracle(pts.map(|q| q.map(|x| x * scale)));
            // insphere near-cospherical.
            let o = [rng.next_f64(), rng.next_f64(), rng.next_f64()];
            let pts: [[f64; 3]; 5] = std::array::from_fn(|_| {
                let v = [
                    rng.next_f64() - 0.5,
                    rng.next_f64() - 0.5,
                    rng.next_f64() - 0.5,
                ];
                let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
                std::array::from_fn(|j| o[j] + v[j] / n)
            });
            is_oracle(pts.map(|q| q.map(|x| x * scale)));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Overflow and underflow of intermediate products
// ---------------------------------------------------------------------------------------

/// Hand-checked configurations at scale `x` (any positive finite `x`):
/// * orient2d((x,x), (−x,x), (0,−x)): `(a−c)×(b−c) = (x,2x)×(−x,2x) = 2x² + 2x² > 0`.
/// * orient3d(0, (x,0,0), (0,x,0), (0,0,−x)) = det[[0,0,x],[x,0,x],[0,x,x]] = x³ > 0.
/// * incircle of (x,0), (0,x), (−x,0) (ccw, circle of radius x about 0): centre inside
///   (Positive), (0,−x) on it (Zero), (x,x) outside (Negative).
/// * insphere of x·e_x, x·e_y, x·e_z, −x·e_x (orient3d Positive, sphere of radius x
///   about 0): centre inside, (0,−x,0) on it, (x,x,x) outside.
fn hand_cases_at(x: f64) {
    let z = 0.0;
    o2([[x, x], [-x, x], [z, -x]], Sign::Positive);
    o2([[x, x], [-x, -x], [z, z]], Sign::Zero);
    o3(
        [[z, z, z], [x, z, z], [z, x, z], [z, z, -x]],
        Sign::Positive,
    );
    o3([[z, z, z], [x, z, z], [z, x, z], [x, x, z]], Sign::Zero);
    let (a, b, c) = ([x, z], [z, x], [-x, z]);
    ic([a, b, c, [z, z]], Sign::Positive);
    ic([a, b, c, [z, -x]], Sign::Zero);
    ic([a, b, c, [x, x]], Sign::Negative);
    let (a, b, c, d) = ([x, z, z], [z, x, z], [z, z, x], [-x, z, z]);
    is([a, b, c, d, [z, z, z]], Sign::Positive);
    is([a, b, c, d, [z, -x, z]], Sign::Zero);
    is([a, b, c, d, [x, x, x]], Sign::Negative);
}

#[test]
fn overflowing_products_near_1e200() {
    for x in [1e200, 1e250, 1e300, pow2(700), pow2(1000)] {
        hand_cases_at(x);
    }
    // Differences fine, products overflow: near-degenerate around 1e200 (oracle).
    let mut rng = Rng::new(200);
    for _ in 0..200 {
        let a = [
            1e200 * (1.0 + rng.next_f64()),
            1e200 * (1.0 + rng.next_f64()),
        ];
        let b = [
            1e200 * (1.0 + rng.next_f64()),
            1e200 * (1.0 + rng.next_f64()),
        ];
        let t = rng.next_f64();
        let c = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
        o2_oracle([a, b, c]);
        let d = [nudge(c[0], 1), c[1]];
        ic_oracle([a, b, c, d]);
    }
}

#[test]
fn underflowing_products_near_1e_minus_200() {
    for x in [
        1e-200,
        1e-250,
        1e-300,
        1e-310,
        pow2(-1000),
        pow2(-1060),
        TINY,
        2.0 * TINY,
    ] {
        hand_cases_at(x);
    }
    let mut rng = Rng::new(201);
    for _ in 0..200 {
        let a = [
            1e-200 * (1.0 + rng.next_f64()),
            1e-200 * (1.0 + rng.next_f64()),
        ];
        let b = [
            1e-200 * (1.0 + rng.next_f64()),
            1e-200 * (1.0 + rng.next_f64()),
        ];
        let t = rng.next_f64();
        let c = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
        o2_oracle([a, b, c]);
        let d = [nudge(c[0], -1), c[1]];
        ic_oracle([a, b, c, d]);
    }
}

#[test]
fn subnormal_differences() {
    // Points a few subnormal steps apart: every difference and product is subnormal or
    // underflows to zero in floating point.
    // By hand: orient2d((0,0), (kT,0), (0,mT)) = kT·mT > 0 for k, m > 0.
    for k in 1..4 {
        for m in 1..4 {
            o2(
                [[0.0, 0.0], [k as f64 * TINY, 0.0], [0.0, m as f64 * TINY]],
                Sign::Positive,
            );
        }
    }
    // Collinear subnormal points on y = 2x (exact: 2·(kT) = (2k)T).
    o2(
        [
            [TINY, 2.0 * TINY],
            [3.0 * TINY, 6.0 * TINY],
            [-5.0 * TINY, -10.0 * TINY],
        ],
        Sign::Zero,
    );
    // Near the normal/subnormal boundary: MIN_POSITIVE and its neighbours.
    let mp = f64::MIN_POSITIVE;
    let (lo, hi) = (mp.next_down(), mp.next_up());
    // (lo, lo), (mp, mp), (hi, hi) lie on y = x: Zero. Moving the middle one's y up by one
    // ulp (to hi) puts it above the line: a → b → c ascending along y = x with b above the
    // line is a clockwise turn: det[a−c; b−c] = (lo−hi)(hi−hi) − (lo−hi)(mp−hi)
    // = −(lo−hi)(mp−hi) < 0, both factors being negative: Negative.
    o2([[lo, lo], [mp, mp], [hi, hi]], Sign::Zero);
    o2([[lo, lo], [mp, hi], [hi, hi]], Sign::Negative);
    // Mixed: subnormals against huge values (expected from the oracle).
    let mut rng = Rng::new(202);
    for _ in 0..300 {
        let s = |r: &mut Rng| (r.range(-1 << 20, 1 << 20) as f64) * TINY;
        let h = |r: &mut Rng| (r.next_f64() - 0.5) * 1e300;
        let p2 = [
            [s(&mut rng), h(&mut rng)],
            [h(&mut rng), s(&mut rng)],
            [s(&mut rng), s(&mut rng)],
        ];
        o2_oracle(p2);
        let p3 = [
            [s(&mut rng), s(&mut rng), h(&mut rng)],
            [s(&mut rng), h(&mut rng), s(&mut rng)],
            [h(&mut rng), s(&mut rng), s(&mut rng)],
            [s(&mut rng), s(&mut rng), s(&mut rng)],
        ];
        o3_oracle(p3);
    }
}

#[test]
fn mixed_magnitudes_1e300_and_1e_minus_300() {
    let (a, b) = (1e300, 1e-300);
    // (a, b), (−a, −b), (0, 0): c is the midpoint of the first two: Zero.
    o2([[a, b], [-a, -b], [0.0, 0.0]], Sign::Zero);
    // With c = (0, T): det = a(−b − T) − (b − T)(−a) = −2aT < 0: Negative.
    o2([[a, b], [-a, -b], [0.0, TINY]], Sign::Negative);
    // orient3d: the plane z = 0 through (a,b,0), (−b,a,0), (0,0,0), and d = (0,0,±T):
    // a, b, c are counterclockwise seen from +z (det[[a,b],[−b,a]] = a² + b² > 0), so
    // d = (0,0,−T) is below: Positive; (0,0,T) above: Negative.
    let t = [[a, b, 0.0], [-b, a, 0.0], [0.0, 0.0, 0.0]];
    o3([t[0], t[1], t[2], [0.0, 0.0, -TINY]], Sign::Positive);
    o3([t[0], t[1], t[2], [0.0, 0.0, TINY]], Sign::Negative);
    o3([t[0], t[1], t[2], [1e-300, -1e300, 0.0]], Sign::Zero);
    // Incircle and insphere with one point near 1e300 and the others near 1e-300
    // (oracle).
    let mut rng = Rng::new(300);
    for _ in 0..200 {
        let big = |r: &mut Rng| (r.next_f64() - 0.5) * 1e300;
        let small = |r: &mut Rng| (r.next_f64() - 0.5) * 1e-300;
        ic_oracle([
            [small(&mut rng), small(&mut rng)],
            [small(&mut rng), small(&mut rng)],
            [small(&mut rng), small(&mut rng)],
            [big(&mut rng), small(&mut rng)],
        ]);
        is_oracle([
            [small(&mut rng), small(&mut rng), small(&mut rng)],
            [small(&mut rng), big(&mut rng), small(&mut rng)],
            [small(&mut rng), small(&mut rng), small(&mut rng)],
            [big(&mut rng), small(&mut rng), small(&mut rng)],
            [small(&mut rng), small(&mut rng), big(&mut rng)],
        ]);
    }
}

#[test]
fn incircle_huge_and_subnormal_mixture() {
    // In the spirit of georust/robust#19 (incircle returned NaN): coordinates mixing
    // values near 1e-306 / subnormals with values near ±5e245. Expected from the oracle.
    let mut rng = Rng::new(19);
    for _ in 0..300 {
        let pick = |r: &mut Rng| match r.range(0, 3) {
            0 => (r.next_f64() - 0.5) * 1.2e-305,
            1 => (r.range(-9, 9) as f64) * TINY,
            _ => (r.next_f64() - 0.5) * 1.0e246,
        };
        let p: [[f64; 2]; 4] = std::array::from_fn(|_| [pick(&mut rng), pick(&mut rng)]);
        ic_oracle(p);
    }
}

// ---------------------------------------------------------------------------------------
// f64::MAX corners: differences overflow (M − (−M) = ∞ in floating point)
// ---------------------------------------------------------------------------------------

#[test]
fn f64_max_corners() {
    hand_cases_at(M);
    // (M,M) → (−M,M) → (−M,−M): top-right, top-left, bottom-left, a left turn:
    // det[a−c; b−c] = (2M)(2M) − (2M)(0) = 4M² > 0.
    o2([[M, M], [-M, M], [-M, -M]], Sign::Positive);
    o2([[M, M], [-M, -M], [0.0, 0.0]], Sign::Zero);
    let md = M.next_down();
    o2([[M, M], [-M, -M], [md, md]], Sign::Zero);
    // c = (M', M) with M' < M, just below y = x: det[a−c; b−c] = (M−M')(−2M) − 0 < 0.
    o2([[M, M], [-M, -M], [md, M]], Sign::Negative);
    // The cube corners: a, b, c on z = −M, counterclockwise seen from +z; d = (−M,−M,M)
    // above: det[a−d; b−d; c−d] = det[[0,0,−2M],[2M,0,−2M],[0,2M,−2M]] = −2M·4M² < 0.
    let (a, b, c) = ([-M, -M, -M], [M, -M, -M], [-M, M, -M]);
    o3([a, b, c, [-M, -M, M]], Sign::Negative);
    o3([a, b, c, [M, M, -M]], Sign::Zero);
    o3([a, b, c, [M, M, -md]], Sign::Negative);
    // Circle of radius M about 0: (0, −M') is inside (|·| < M): Positive.
    let (a, b, c) = ([M, 0.0], [0.0, M], [-M, 0.0]);
    ic([a, b, c, [0.0, -md]], Sign::Positive);
    ic([a, b, c, [md, 0.0]], Sign::Positive);
    // (M, M') is outside: M² + M'² > M².
    ic([a, b, c, [M, md]], Sign::Negative);
    // Sphere of radius M about 0.
    let (a, b, c, d) = ([M, 0.0, 0.0], [0.0, M, 0.0], [0.0, 0.0, M], [-M, 0.0, 0.0]);
    is([a, b, c, d, [0.0, 0.0, -md]], Sign::Positive);
    is([a, b, c, d, [0.0, -M, TINY]], Sign::Negative);
    is([a, b, c, d, [TINY, TINY, TINY]], Sign::Positive);
    // Everything at ±M and ±TINY: expected from the oracle.
    let vals = [M, -M, md, -md, TINY, -TINY, 0.0];
    let mut rng = Rng::new(0x3A7);
    for _ in 0..300 {
        let mut v = || vals[rng.range(0, vals.len() as i64 - 1) as usize];
        o2_oracle([[v(), v()], [v(), v()], [v(), v()]]);
        o3_oracle([
            [v(), v(), v()],
            [v(), v(), v()],
            [v(), v(), v()],
            [v(), v(), v()],
        ]);
        ic_oracle([[v(), v()], [v(), v()], [v(), v()], [v(), v()]]);
        is_oracle([
            [v(), v(), v()],
            [v(), v(), v()],
            [v(), v(), v()],
            [v(), v(), v()],
            [v(), v(), v()],
        ]);
    }
}

// ---------------------------------------------------------------------------------------
// Inputs found by mutation testing: each broke a deliberately weakened copy of the staged
// f64 kernel (a filter bound without its underflow term, a too-lax second-stage bound, a
// dropped low-order product term, a too-wide scaling window, …) and was shrunk by
// proptest. Expected signs from the oracle; every argument order is checked against the
// permutation's parity.
// ---------------------------------------------------------------------------------------

fn every_order<T: Copy + std::fmt::Debug, const N: usize>(
    p: [T; N],
    want: Sign,
    eval: impl Fn(&[T; N]) -> Sign,
) {
    let count: usize = (1..=N).product();
    for k in 0..count {
        let perm = nth_perm(N, k);
        assert_eq!(
            eval(&permute(&p, &perm)),
            want * parity(&perm),
            "order {perm:?} of {p:?}"
        );
    }
}

#[test]
fn mutation_found_orient2d() {
    let cases: [[[f64; 2]; 3]; 2] = [
        // Second-order determinant under first-order noise (far pivot); broke a stage-B
        // bound 2^39 too lax.
        [
            [6.266074458079456e-17, 6.264687441628327e-17],
            [-7.217705386407822e-17, -7.219092402858951e-17],
            [1.6120991173854802, 1.6120991173854802],
        ],
        // Subnormal Bézout-type collinear triple; broke the exact-difference shortcut
        // with a dropped low product.
        [
            [-6.4758e-319, -6.4758e-319],
            [3.0843322335e-314, 3.571161483e-314],
            [-3.08446175e-314, -3.5712909994e-314],
        ],
    ];
    for (i, p) in cases.into_iter().enumerate() {
        let want = o2_oracle(p);
        // The second was built collinear (c = a − (b − a) on an integer grid, scaled).
        assert!(i != 1 || want == Sign::Zero);
        every_order(p, want, |x| isect::orient2d(x[0], x[1], x[2]));
    }
}

#[test]
fn mutation_found_orient3d() {
    let cases: [[[f64; 3]; 4]; 5] = [
        // Anisotropic: x differences near 1e-202, y near 1e-111, z near 1e4; broke the
        // filter without its underflow guard inside the semi-static bound.
        [
            [7.600327176357535e-203, -2.6474308091479856e-112, 0.0],
            [
                1.408259308542893e-202,
                4.250866876193163e-111,
                20524.87592625906,
            ],
            [7.600327176357535e-203, 1.3670805360288754e-111, 0.0],
            [
                5.0798254407769143e-203,
                -2.0205492903095935e-111,
                -7980.694732426331,
            ],
        ],
        // Exactly coplanar grid scaled to 1e-108 (cubes underflow); broke the filter
        // without its absolute underflow term.
        [
            [
                1.1642858937522287e-108,
                -1.7763676207534004e-108,
                1.6033880022530693e-108,
            ],
            [
                5.854694780011207e-109,
                4.79020482000917e-109,
                2.661224900005094e-109,
            ],
            [
                1.5368573797529419e-108,
                -1.2441226407523815e-108,
                1.683224749253222e-108,
            ],
            [
                -7.784082832514901e-109,
                2.7277555225052216e-109,
                -7.118776607513627e-109,
            ],
        ],
        // Near-coplanar (rounded construction); broke stage B with a dropped
        // second-order product term.
        [
            [
                -0.16752107652462156,
                -0.6128136637758546,
                0.41308053456866417,
            ],
            [-0.5491383322688066, 0.12366076866454287, 0.0],
            [0.0, -0.7825502842793336, 0.0],
            [-0.9603594535974945, 1.1834237915561807, -1.4753978454985701],
        ],
        // Subnormals against 1e-272: broke a stage-B bound 2^31 too lax.
        [
            [6.3285e-320, 7.394076163542342e-273, 1.4788152327084684e-272],
            [0.0, 8.095e-320, 8.095e-320],
            [0.0, 1.5109e-319, 8.095e-320],
            [
                2.611367209045236e-272,
                -1.2178225474013008e-272,
                2.8099018863228496e-272,
            ],
        ],
        // Classroom construction with a subnormal move; broke a scaling window that
        // admitted 60 bits too much exponent spread.
        [
            [0.0, 0.0, -5e-324],
            [0.0, -6.05092486695206e-123, 0.0],
            [3.02546243347603e-123, 0.0, 3.02546243347603e-123],
            [
                1.512731216738015e-123,
                9.07638730042809e-123,
                1.512731216738015e-123,
            ],
        ],
    ];
    for (i, p) in cases.into_iter().enumerate() {
        let want = o3_oracle(p);
        // The second was built coplanar (integer grid, scaled by a power of two).
        assert!(i != 1 || want == Sign::Zero);
        every_order(p, want, |x| isect::orient3d(x[0], x[1], x[2], x[3]));
    }
}

#[test]
fn mutation_found_incircle() {
    let cases: [[[f64; 2]; 4]; 2] = [
        // Exactly cocircular grid scaled to 1e-80 (lifted products underflow); broke the
        // filter without its absolute underflow term.
        [
            [2.306105800081677e-80, 2.8167435129569054e-80],
            [-3.1066539563957448e-80, 1.897595629781494e-80],
            [-1.548385322911983e-81, 3.6370582904145305e-80],
            [-8.960868251745945e-81, -3.528341874124966e-80],
        ],
        // Two scales 1e-146 and 1e-288; broke a scaling window that admitted 60 bits too
        // much exponent spread.
        [
            [4.004166190366202e-146, 4.004166190366202e-146],
            [4.004166190366202e-146, 2.002083095183101e-146],
            [4.004166190366202e-146, 1.0010415475915505e-146],
            [7.7397020313681e-288, 4.004166190366202e-146],
        ],
    ];
    for (i, p) in cases.into_iter().enumerate() {
        let want = ic_oracle(p);
        // The first was built cocircular (lattice circle, scaled by a power of two).
        assert!(i != 0 || want == Sign::Zero);
        every_order(p, want, |x| isect::incircle(x[0], x[1], x[2], x[3]));
    }
}

// ---------------------------------------------------------------------------------------
// Found by the long randomized run (60000 cases per property, release): orient3d inputs
// whose 2×2 minors overflow to ±∞ while the product X·Y·Z of the largest differences per
// axis (the semi-static bound) stays finite, so an infinite determinant of the wrong sign
// passed the filter.
// ---------------------------------------------------------------------------------------

#[test]
fn orient3d_overflowing_minor_with_finite_bound() {
    // By hand: a = (0, −1/2, 0), b = (1, 1, 0), c = 0, d = (M, 0, −T). With a' = a − d etc.
    // every z-difference is T, so det[a'; b'; c'] = T·((x2−x1)(y3−y1) − (x3−x1)(y2−y1))
    // with (x1, y1) = (−M, −1/2), (x2, y2) = (1 − M, 1), (x3, y3) = (−M, 0):
    // T·(1·(1/2) − 0·(3/2)) = T/2 > 0: Positive. In floating point 1 − M rounds to −M and
    // the minor adx·bdy − bdx·ady = −M − M/2 overflows to −∞.
    let p = [
        [0.0, -0.5, 0.0],
        [1.0, 1.0, 0.0],
        [0.0, 0.0, 0.0],
        [M, 0.0, -TINY],
    ];
    o3(p, Sign::Positive);
    every_order(p, Sign::Positive, |x| {
        isect::orient3d(x[0], x[1], x[2], x[3])
    });
    // The same with larger z-steps T·2^k (still X·Y·Z = 1.5·M·T·2^k < M) and with 1 − M
    // replaced by any b_x below half an ulp of M: the determinant is T·2^k·b_x/2 > 0.
    for k in [0, 10, 100, 500, 1000] {
        for bx in [1.0, 1e100, 1e290] {
            let p = [
                [0.0, -0.5, 0.0],
                [bx, 1.0, 0.0],
                [0.0, 0.0, 0.0],
                [M, 0.0, -mul_pow2_f64(TINY, k)],
            ];
            o3(p, Sign::Positive);
            // Mirrored in z: Negative.
            let q = p.map(|v| [v[0], v[1], -v[2]]);
            o3(q, Sign::Negative);
        }
    }
    // The shrunk cases from the randomized run (expected from the oracle).
    let cases: [[[f64; 3]; 4]; 3] = [
        [
            [0.0, -0.5, 0.0],
            [1.894167037966876e94, 1.0, 0.0],
            [0.0, 0.0, 0.0],
            [1.7976931348623155e308, -0.0, -5e-324],
        ],
        [
            [
                -1.4887480291132108e102,
                2.2242507260468015e102,
                1.5539264148029474e102,
            ],
            [
                1.8161314482525038e102,
                3.9191654213811255e101,
                1.480464674915317e102,
            ],
            [
                1.7958795370519067e102,
                -1.6704629468508302e102,
                -9.238557877953944e101,
            ],
            [
                -7.142087586181963e102,
                -1.9895799928401587e101,
                -4.765586547954497e102,
            ],
        ],
        [
            [0.0, 724.09968521901, 2.446494580089078e-296],
            [
                6.63123685e-316,
                2.446494580089078e-296,
                2.446494580089078e-296,
            ],
            [
                -877.2673872629712,
                2.446494580089078e-296,
                1.7144137714980277e302,
            ],
            [
                -2.446494580089078e-296,
                -645.5409508058557,
                -8.174961907854212e295,
            ],
        ],
    ];
    for p in cases {
        let want = oracle::orient3d(&p);
        every_order(p, want, |x| isect::orient3d(x[0], x[1], x[2], x[3]));
    }
}

// ---------------------------------------------------------------------------------------
// orient3d's grid shortcut (proofs/predicates.md §4): coordinates on a grid of at most 15
// bits below their largest magnitude are evaluated in plain `f64`.
// ---------------------------------------------------------------------------------------

/// A plane through the origin holding grid points far larger than a point `δ = 2^-1074`
/// off it. By hand: `a = (2^100, 0, 2^100)`, `b = (0, 2^100, 2^100)`,
/// `c = (2^100, 2^100, 2^101)` lie on `z = x + y`, and so does the origin; `d = (δ, 0, 0)`
/// has `z − x − y = −δ < 0`. `orient3d(a, b, c, d)` is the sign of `det[a−d; b−d; c−d]`,
/// linear in `d`: at `d = 0` it is `det[a; b; c] = 0` (coplanar with the origin), and its
/// derivative in `d_x` is `−(b × c)_x − (c × a)_x − (a × b)_x`. With `s = 2^100`:
/// `b × c = (s·2s − s·s, s·s − 0, 0 − s·s) = (s², s², −s²)`,
/// `c × a = (s·s − 2s·0, 2s·s − s·s, s·0 − s·s) = (s², s², −s²)`,
/// `a × b = (0·s − s·s, s·0 − s·s, s·s − 0) = (−s², −s², s²)`, so the derivative is
/// `−(s² + s² − s²) = −s²` and the sign is that of `−s²·δ`: Negative.
///
/// The coordinates' grid test scales `δ` by `2^(14−101)`, which underflows to zero: the
/// zero comparison must reject the grid (the plain evaluation rounds `2^100 − δ` to
/// `2^100` and returns exactly zero).
#[test]
fn orient3d_tiny_offset_beside_a_coarse_grid() {
    let s = pow2(100);
    let delta = f64::from_bits(1);
    let a = [s, 0.0, s];
    let b = [0.0, s, s];
    let c = [s, s, 2.0 * s];
    o3([a, b, c, [delta, 0.0, 0.0]], Sign::Negative);
    o3([a, b, c, [-delta, 0.0, 0.0]], Sign::Positive);
    o3([a, b, c, [0.0, 0.0, 0.0]], Sign::Zero);
}

/// Exactly coplanar and one-unit-off quadruples on grids of 13 to 19 bits (either side of
/// the shortcut's 15), scaled by `2^k` across and beyond its exponent range `−300..=300`
/// (and into the subnormals), against the oracle. Every case is near enough to a plane
/// that stage A fails, so the shortcut or the stages after it decide.
#[test]
fn orient3d_grid_shortcut_at_its_limits() {
    let mut rng = Rng::new(20_261_127);
    let mut zeros = 0;
    for case in 0..6000 {
        let bits = 12 + (case % 6) as u32; // 12 ..= 17, then up to two bits more in d
        let top = 1i64 << (bits - 1);
        let mut g = || (rng.below(2 * top as usize) as i64 - top) as f64;
        // Three points at the grid's full width, then d = a + i(b − a) + j(c − a) for
        // i, j in {−1, 0, 1} (up to two bits wider).
        let a = [g(), g(), g()];
        let b = [g(), g(), g()];
        let c = [g(), g(), g()];
        let (i, j) = ((case % 3) as f64 - 1.0, (case / 3 % 3) as f64 - 1.0);
        let mut d: [f64; 3] =
            core::array::from_fn(|k| a[k] + i * (b[k] - a[k]) + j * (c[k] - a[k]));
        // One unit off the plane, or on it; and sometimes one coordinate at full width.
        match case % 4 {
            0 => d[case % 3] += 1.0,
            1 => d[case % 3] -= 1.0,
            _ => {}
        }
        let mut p = [a, b, c, d];
        if case % 7 == 0 {
            p[case % 4][case % 3] = (top - 1) as f64;
        }
        let k = match case % 5 {
            0 => 300 - bits as i32 + (case % 11) as i32 - 5,
            1 => -300 - (case % 11) as i32 + 5,
            2 => -1074 + 40,
            _ => (case % 601) as i32 - 300,
        };
        let p = scale3(p, k);
        if o3_oracle(p) == Sign::Zero {
            zeros += 1;
        }
    }
    assert!(zeros > 1000, "only {zeros} exactly coplanar cases");
}
