//! Unit tests of `tri_tri_integer.rs` (a child module in its own file: they call
//! [`in_integers`] and read its counter): the whole pair in integers against the same
//! pairs classified in rationals (`BigRational`, where every orientation is an exact
//! rational determinant and no integer stage exists), on nearly coplanar pairs at every
//! exponent, at the limits of the integers and at the edges of the domain.

use super::*;

use crate::oracle::Rng;
use crate::overlap::tri_tri_tests::{check_pair, full, pow2, ulps, want};
use crate::overlap::{tri_tri, tri_tri_intersect};

type T64 = [[f64; 3]; 3];

/// How many pairs [`in_integers`] decided on this thread so far.
#[cfg(feature = "std")]
fn decided() -> usize {
    DECIDED.with(|c| c.get())
}

/// [`in_integers`] (when it answers), [`tri_tri`] and [`tri_tri_intersect`] in both
/// argument orders agree with the rationals; returns whether [`in_integers`] answered.
fn check(a: &T64, b: &T64) -> bool {
    check_class(a, b).0
}

/// [`check`], and the class.
fn check_class(a: &T64, b: &T64) -> (bool, TriTri) {
    let w = check_pair(a, b);
    let got = in_integers(a.each_ref(), b.each_ref());
    if let Some(g) = got {
        assert_eq!(g, w, "in_integers({a:?}, {b:?})");
    }
    (got.is_some(), w)
}

/// A rounded point `p₀ + s(p₁ − p₀) + t(p₂ − p₀)` of `a`'s plane, `s, t` in
/// `[−0.5, 1.5]`.
fn on_plane(rng: &mut Rng, a: &T64) -> [f64; 3] {
    let (s, t) = (rng.uniform(-0.5, 1.5), rng.uniform(-0.5, 1.5));
    core::array::from_fn(|k| a[0][k] + s * (a[1][k] - a[0][k]) + t * (a[2][k] - a[0][k]))
}

/// Nearly coplanar pairs at every exponent, each axis on its own: `b`'s vertices rounded
/// points of `a`'s plane, some moved by an ulp or two, some replaced by a vertex of `a`
/// or the rounded midpoint of one of its edges (touching and crossing within rounding of
/// coplanarity). The pair must go whole to integers through the public entry points
/// (counted), with the answers of the rationals.
#[test]
fn nearly_coplanar_pairs_in_integers_match_rationals() {
    let mut rng = Rng::new(0x9a1e_c0de);
    let exps = [-964, -900, -300, -30, -1, 0, 1, 40, 300, 1000];
    #[cfg(feature = "std")]
    let before = decided();
    let (mut taken, mut cases) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..3000 {
        let e: [i32; 3] = core::array::from_fn(|_| *rng.pick(&exps));
        let pt = |rng: &mut Rng| -> [f64; 3] { core::array::from_fn(|k| full(rng, e[k])) };
        let a: T64 = [pt(&mut rng), pt(&mut rng), pt(&mut rng)];
        let mut b: T64 = [
            on_plane(&mut rng, &a),
            on_plane(&mut rng, &a),
            on_plane(&mut rng, &a),
        ];
        match rng.below(6) {
            0 => {
                let (i, k) = (rng.below(3), rng.below(3));
                b[i][k] = ulps(b[i][k], *rng.pick(&[-2, -1, 1, 2]));
            }
            1 => b[0] = a[rng.below(3)],
            2 => (b[0], b[1]) = (a[0], a[1]),
            3 => {
                let i = rng.below(3);
                b[0] = core::array::from_fn(|k| (a[i][k] + a[(i + 1) % 3][k]) / 2.0);
            }
            _ => {}
        }
        cases += 1;
        let (t, w) = check_class(&a, &b);
        taken += usize::from(t);
        seen.insert(w);
    }
    // Coordinates within seven binades of their axis's largest are the rule here; rounded
    // points of the plane near a coordinate's zero are not.
    assert!(taken * 10 > cases * 7, "in integers {taken} of {cases}");
    // Disjoint, touching and crossing (and coplanar overlap from the exact copies).
    assert!(seen.len() >= 3, "classes {seen:?}");
    #[cfg(feature = "std")]
    assert!(
        decided() - before > cases,
        "the entry points sent {} pairs to integers",
        decided() - before - taken
    );
}

/// The integers at their limits, against rationals: every coordinate of `a` at the top
/// of its axis's range, `(2 − 2^-52)·2^e` or a full significand there, with `b` near
/// `a`'s plane, so that differences reach `2^61`, normal components `2^123` and products
/// `2^187` in the scaled units; and the sides of the domain: a coordinate seven binades
/// below its axis's largest is taken, eight is refused; a scaled coordinate that
/// underflows is refused (read as zero it would be on the other plane); so is every
/// non-finite coordinate.
#[test]
fn integers_at_their_limits() {
    let mut rng = Rng::new(0x11_7e6e);
    let exps = [-964, -1000, -1022, -500, 0, 59, 500, 1000];
    let (mut taken, mut refused) = (0, 0);
    for _ in 0..600 {
        let e: [i32; 3] = core::array::from_fn(|_| *rng.pick(&exps));
        // At the top of each axis: the largest magnitude 2^e or just below 2^(e+1).
        let top = |rng: &mut Rng, k: usize| -> f64 {
            let v = if rng.below(2) == 0 {
                (2.0 - f64::EPSILON) * pow2(e[k])
            } else {
                full(rng, e[k])
            };
            if rng.below(2) == 0 { v } else { -v }
        };
        let a: T64 = core::array::from_fn(|_| core::array::from_fn(|k| top(&mut rng, k)));
        let b: T64 = if e.iter().all(|&x| x <= 1000) {
            [
                on_plane(&mut rng, &a),
                on_plane(&mut rng, &a),
                core::array::from_fn(|k| top(&mut rng, k)),
            ]
        } else {
            core::array::from_fn(|_| core::array::from_fn(|k| top(&mut rng, k)))
        };
        let in_range = e.iter().all(|&x| x >= -964);
        if check(&a, &b) {
            taken += 1;
        } else {
            refused += 1;
            // Only a tiny axis (its scale capped), or a plane point that fell below the
            // axis's seven binades, is refused.
            let low = (0..3).any(|k| {
                b.iter()
                    .chain(&a)
                    .any(|p| p[k].abs() < a_max(&a, &b, k) / 128.0)
            });
            assert!(!in_range || low, "refused {a:?} {b:?}");
        }
        // Seven binades below the axis's largest (exactly 2^E), on the grid; eight, not.
        let k = rng.below(3);
        let big = e[k].clamp(-950, 1000);
        let mut a2: T64 = core::array::from_fn(|_| {
            core::array::from_fn(|j| {
                if j == k {
                    full(&mut rng, big - 1)
                } else {
                    full(&mut rng, e[j].max(-964) - 1)
                }
            })
        });
        a2[0][k] = pow2(big);
        let b2: T64 = core::array::from_fn(|_| {
            core::array::from_fn(|j| {
                if j == k {
                    full(&mut rng, big - 1)
                } else {
                    full(&mut rng, e[j].max(-964) - 1)
                }
            })
        });
        for (d, expect) in [(7, true), (8, false)] {
            let mut b3 = b2;
            b3[1][k] = 1.5 * pow2(big - d) + pow2(big - d - 52);
            assert_eq!(
                in_integers(a2.each_ref(), b3.each_ref()).is_some(),
                expect,
                "{d} binades: {a2:?} {b3:?}"
            );
            check(&a2, &b3);
        }
    }
    // An axis on 2^-1000 or 2^-1022 (a quarter of the draws) is below the scale's cap.
    assert!(
        taken > 200 && refused > 200,
        "taken {taken}, refused {refused}"
    );
    // A scaled coordinate that underflows: 2^-1074 under z's scale 2^-941 (set by
    // 2^1000) would be read as zero, on `a`'s plane z = 0; it is refused, and the pair
    // is still decided right (b pierces a's plane at that vertex's side).
    for sign in [1.0, -1.0] {
        let a: T64 = [[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let b: T64 = [
            [0.25, 0.25, sign * pow2(-1074)],
            [0.5, 0.25, pow2(1000)],
            [0.25, 0.5, pow2(1000)],
        ];
        assert_eq!(in_integers(a.each_ref(), b.each_ref()), None);
        assert!(!check(&a, &b));
        assert_eq!(want(&a, &b).intersects(), sign < 0.0);
    }
    // Non-finite coordinates: refused in each of the 18 slots.
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        for slot in 0..18 {
            let mut a: T64 = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
            let mut b: T64 = [[0.5, 0.5, 0.0], [0.25, 0.0, 0.0], [1.0, 1.0, 0.0]];
            if slot < 9 {
                a[slot / 3][slot % 3] = bad;
            } else {
                b[(slot - 9) / 3][slot % 3] = bad;
            }
            assert_eq!(
                in_integers(a.each_ref(), b.each_ref()),
                None,
                "{bad} at {slot}"
            );
            assert_eq!(tri_tri(a, b), TriTri::Disjoint);
        }
    }
}

/// The largest magnitude of axis `k` over both triangles.
fn a_max(a: &T64, b: &T64, k: usize) -> f64 {
    a.iter().chain(b).map(|p| p[k].abs()).fold(0.0, f64::max)
}

/// `f32` input, through its exact `f64` view, with the answers of the rationals. (The
/// `f64` filter certifies the sides of rounded `f32` plane points, so the entry points
/// rarely send `f32` pairs here; [`in_integers`] is called directly.)
#[test]
fn nearly_coplanar_f32_pairs_in_integers() {
    let mut rng = Rng::new(0xf32_0dd);
    let mut taken = 0;
    for _ in 0..1000 {
        let sign = |rng: &mut Rng| if rng.below(2) == 0 { 1.0 } else { -1.0 };
        let r = |rng: &mut Rng| rng.uniform(0.5, 1.0) as f32 * sign(rng);
        let a: [[f32; 3]; 3] = core::array::from_fn(|_| core::array::from_fn(|_| r(&mut rng)));
        let b: [[f32; 3]; 3] = core::array::from_fn(|_| {
            let (s, t) = (rng.uniform(-0.5, 1.5) as f32, rng.uniform(-0.5, 1.5) as f32);
            core::array::from_fn(|k| a[0][k] + s * (a[1][k] - a[0][k]) + t * (a[2][k] - a[0][k]))
        });
        let (a64, b64) = (a.map(|p| p.map(f64::from)), b.map(|p| p.map(f64::from)));
        let w = want(&a64, &b64);
        if let Some(g) = in_integers(a.each_ref(), b.each_ref()) {
            assert_eq!(g, w, "{a:?} {b:?}");
            taken += 1;
        }
        assert_eq!(tri_tri(a, b), w, "{a:?} {b:?}");
        assert_eq!(tri_tri_intersect(b, a), w.intersects(), "{a:?} {b:?}");
    }
    assert!(taken > 700, "{taken} of 1000");
}
