//! Unit tests of `dd`: the error bounds of the double-double kernels and the
//! certificate, checked in rationals (proofs/overlap_boxes.md, section 6).

use super::dd::*;
use crate::predicates::{expansion_in_place, two_diff, two_product};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;

fn q(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap()
}

/// A full 53-bit mantissa of either sign times `2^e`, `e` uniform in `[lo, lo + span)`.
fn full_mantissa(next: &mut impl FnMut() -> u64, lo: i32, span: u64) -> f64 {
    let r = next();
    let frac = 1.0 + (r >> 12) as f64 * 2f64.powi(-52);
    let x = frac * 2f64.powi((next() % span) as i32 + lo);
    if r & 1 == 0 { x } else { -x }
}

/// Marsaglia's xorshift64 from a non-zero seed.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// Adversarial approximations, within the error model (`|exact − (hi + lo)| ≤
/// 2^-100·mag`): the exact quotient lies just beyond the midpoint between a float `r`
/// and its neighbour while the approximation lies just short of it, or the reverse.
/// The certificate must decline, or name the float that is nearest to the exact value,
/// which is checked in rationals; a certificate that ignored the error bound would
/// round these the wrong way.
#[test]
fn certificate_never_names_the_wrong_neighbour() {
    let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
    let (mut declined, mut named) = (0, 0);
    for i in 0..20_000 {
        let f32 = i % 2 == 1;
        // r: a random float of the target format inside the certified range.
        let e = (next() % 400) as i32 - 200;
        let e = if f32 { e / 2 } else { e };
        let frac = 1.0 + (next() >> 12) as f64 * 2f64.powi(-52);
        let r = frac * 2f64.powi(e);
        let r = if f32 { f64::from(r as f32) } else { r };
        let up = if f32 {
            f64::from((r as f32).next_up())
        } else {
            r.next_up()
        };
        let mid = (q(r) + q(up)) / BigInt::from(2);
        let mag = r;
        let slack = q(mag) * q(2f64.powi(-100));
        // The exact quotient (den = 1): just above or below the midpoint.
        let tiny = &slack / BigInt::from(4 + (next() % 1000) as i64);
        let above = next().is_multiple_of(2);
        let exact = if above { &mid + &tiny } else { &mid - &tiny };
        // The approximation: on the other side of the midpoint, still within slack
        // of the exact value, as a double-double.
        let approx = if above { &mid - &tiny } else { &mid + &tiny };
        let hi = crate::scalar::rational_to_f64(&approx);
        let lo = crate::scalar::rational_to_f64(&(&approx - q(hi)));
        let num = Dd { hi, lo, mag };
        let err = (&exact - (q(hi) + q(lo))).abs();
        assert!(err <= slack, "the case is outside the error model");
        let den = Divisor::new(Dd {
            hi: 1.0,
            lo: 0.0,
            mag: 1.0,
        })
        .unwrap();
        match nearest_quotient(&num, &den, f32) {
            None => declined += 1,
            Some(got) => {
                named += 1;
                let want = if above { up } else { r };
                assert_eq!(got, want, "{exact} in f32: {f32}");
            }
        }
    }
    assert!(
        declined > 0,
        "every case was certified: the test shows nothing"
    );
    // Ordinary quotients are certified (the fast path is taken).
    let third = nearest_quotient(
        &Dd {
            hi: 1.0,
            lo: 0.0,
            mag: 1.0,
        },
        &Divisor::new(Dd {
            hi: 3.0,
            lo: 0.0,
            mag: 3.0,
        })
        .unwrap(),
        false,
    );
    assert_eq!(third, Some(1.0 / 3.0));
    let _ = named;
}

/// The error bounds `det2` and `affine` promise, against rational arithmetic, on
/// random inputs over the whole window (magnitudes `2^-240` to `2^240`, mixed in one
/// call), near-cancelling determinants (nearly parallel directions) and zeros.
/// `product3`'s four terms sum to the exact product of three window inputs: full
/// mantissas, exponents over the whole window, and the window's extreme values, where
/// an error term would first underflow or the product overflow if the window were wrong.
#[test]
fn product3_is_exact_across_the_window() {
    let mut next = xorshift(0x5DEE_CE66_D1CE_4E5Bu64);
    let edges = [
        2f64.powi(-240),
        2f64.powi(-240).next_up(),
        2f64.powi(240),
        2f64.powi(240).next_down(),
        -(2f64.powi(240).next_down()),
        1.0 + 2f64.powi(-52),
        0.0,
    ];
    let mut checked = 0;
    for i in 0..30_000 {
        let [a, b, c] = [(); 3].map(|_| {
            let r = next();
            if r.is_multiple_of(5) {
                return edges[(r >> 8) as usize % edges.len()];
            }
            let frac = 1.0 + (r >> 12) as f64 * 2f64.powi(-52);
            let x = frac * 2f64.powi((next() % 481) as i32 - 240);
            if r & 2 == 0 { x } else { -x }
        });
        if ![a, b, c].iter().all(|&x| in_window(x)) {
            continue;
        }
        let t = product3(a, b, c);
        let sum = t.iter().fold(q(0.0), |s, &x| s + q(x));
        assert_eq!(sum, q(a) * q(b) * q(c), "case {i}: {a:e} {b:e} {c:e}");
        checked += 1;
    }
    assert!(checked > 20_000, "{checked}");
}

/// `compress` keeps the exact sum of an expansion, and leaves its two largest
/// components a double-double of it (what makes `exact_dd`'s bound tight enough to
/// certify): sums of products of three inputs with heavy cancellation, as the crossing
/// points of nearly parallel segments produce.
#[test]
fn compress_keeps_the_sum_and_puts_it_in_the_top_two_components() {
    let mut next = xorshift(0x1234_5678_9ABC_DEF1u64);
    let mut tight = 0;
    for i in 0..5_000 {
        let mut terms = [0.0; 48];
        for k in 0..12 {
            let f = |r: u64| {
                (1.0 + (r >> 12) as f64 * 2f64.powi(-52)) * 2f64.powi((r % 40) as i32 - 20)
            };
            let (a, b, c) = (f(next()), f(next()), f(next()));
            terms[4 * k..4 * k + 4].copy_from_slice(&product3(a, b, c));
        }
        // Cancel: append the negated terms of a slightly different sum (every other case).
        if i % 2 == 0 {
            for k in 0..24 {
                terms[24 + k] = -terms[k] * if k == 0 { 1.0 + 2f64.powi(-50) } else { 1.0 };
            }
        }
        let exact = terms.iter().fold(q(0.0), |s, &x| s + q(x));
        let n = expansion_in_place(&mut terms);
        let m = compress(&mut terms[..n]);
        let sum = terms[..m].iter().fold(q(0.0), |s, &x| s + q(x));
        assert_eq!(sum, exact, "case {i}");
        if m >= 2 {
            let top = q(terms[m - 1]) + q(terms[m - 2]);
            let err = (&exact - top).abs();
            if err <= exact.abs() * q(2f64.powi(-100)) {
                tight += 1;
            }
        } else {
            tight += 1;
        }
    }
    assert!(tight > 4_900, "only {tight} of 5000 tight");
}

#[test]
fn det2_and_affine_stay_within_their_bounds() {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
    let input = |next: &mut dyn FnMut() -> u64| {
        let r = next();
        if r.is_multiple_of(17) {
            return 0.0;
        }
        let frac = 1.0 + (r >> 12) as f64 * 2f64.powi(-52);
        let e = (next() % 481) as i32 - 240;
        let x = frac * 2f64.powi(e);
        if r & 1 == 0 { x } else { -x }
    };
    let pow = q(2f64.powi(-100));
    for i in 0..20_000 {
        let [o1x, o2x, o2y, o1y, d1x, d1y, d2x] = [(); 7].map(|_| input(&mut next));
        // Every third case: d2 nearly parallel to d1 (one ulp off).
        let d2y = if i % 3 == 0 && d1x != 0.0 {
            let y = d1y * (d2x / d1x);
            if in_window(y) {
                y.next_up()
            } else {
                input(&mut next)
            }
        } else {
            input(&mut next)
        };
        if ![o1x, o1y, o2x, o2y, d1x, d1y, d2x, d2y]
            .iter()
            .all(|&x| in_window(x))
        {
            continue;
        }
        let (wx, wxl) = two_diff(o2x, o1x);
        let (wy, wyl) = two_diff(o2y, o1y);
        let den = det2(d1x, 0.0, d1y, 0.0, d2x, d2y);
        let sn = det2(wx, wxl, wy, wyl, d2x, d2y);
        let exact_den = q(d1x) * q(d2y) - q(d1y) * q(d2x);
        let (wxq, wyq) = (q(o2x) - q(o1x), q(o2y) - q(o1y));
        let exact_sn = &wxq * q(d2y) - &wyq * q(d2x);
        let err = |d: &Dd, exact: &BigRational| (exact - q(d.hi) - q(d.lo)).abs();
        assert!(err(&den, &exact_den) <= q(den.mag) * &pow, "den {i}");
        assert!(err(&sn, &exact_sn) <= q(sn.mag) * &pow, "sn {i}");
        let p = affine(o1x, &den, &sn, d1x);
        let exact_p = q(o1x) * &exact_den + &exact_sn * q(d1x);
        assert!(err(&p, &exact_p) <= q(p.mag) * &pow, "point {i}");
        // The exact-sum form of the same determinant, and the point from it.
        let (p1, e1) = two_product(d1x, d2y);
        let (p2, e2) = two_product(d1y, d2x);
        match exact_dd(&mut [p1, e1, -p2, -e2]) {
            None => assert!(num_traits::Zero::is_zero(&exact_den), "den {i} is not zero"),
            Some(xd) => {
                assert!(err(&xd, &exact_den) <= q(xd.mag) * &pow, "exact den {i}");
                // Far tighter than det2's when the determinant cancels.
                assert!(xd.mag <= den.mag || den.mag == 0.0, "{i}");
                let xp = affine(o1x, &xd, &sn, d1x);
                assert!(err(&xp, &exact_p) <= q(xp.mag) * &pow, "point {i}");
            }
        }
    }
}

/// `det2x` (cross products of differences of inputs) within its stated `24u²·M`, and
/// `affine2` within the inputs' error plus `35u²·S`, checked in rationals: random
/// window inputs with per-value exponents, nearly parallel differences (one ulp off),
/// and points far from the origin relative to the segment (large `o`, small `v`).
#[test]
fn det2x_and_affine2_stay_within_their_bounds() {
    let mut next = xorshift(0xA076_1D64_78BD_642Fu64);
    let u2 = q(2f64.powi(-106));
    let pow = q(2f64.powi(-100));
    let mut checked = 0;
    for i in 0..20_000 {
        // Exponents: all over the window, or close together (cancellation in the
        // differences), or an offset far larger than the segment.
        let (lo, span) = [(-240, 480), (-4, 8), (30, 8)][i % 3];
        let [p0x, p0y, p1x, p1y, q0x, q0y] = [(); 6].map(|_| full_mantissa(&mut next, lo, span));
        let (mut q1x, mut q1y) = (
            full_mantissa(&mut next, lo, span),
            full_mantissa(&mut next, lo, span),
        );
        if i % 4 == 0 {
            // q1 − q0 one ulp from parallel to p1 − p0.
            q1x = q0x + (p1x - p0x);
            q1y = (q0y + (p1y - p0y)).next_up();
        }
        let all = [p0x, p0y, p1x, p1y, q0x, q0y, q1x, q1y];
        if !all.iter().all(|&x| in_window(x)) {
            continue;
        }
        let d = |a: f64, b: f64| two_diff(a, b);
        let (d1x, d1y, d2x, d2y) = (d(p1x, p0x), d(p1y, p0y), d(q1x, q0x), d(q1y, q0y));
        let (wx, wy) = (d(q0x, p0x), d(q0y, p0y));
        let den = det2x(d1x.0, d1x.1, d1y.0, d1y.1, d2x.0, d2x.1, d2y.0, d2y.1);
        let num = det2x(wx.0, wx.1, wy.0, wy.1, d2x.0, d2x.1, d2y.0, d2y.1);
        let dq = |a: f64, b: f64| q(a) - q(b);
        let exact_den = dq(p1x, p0x) * dq(q1y, q0y) - dq(p1y, p0y) * dq(q1x, q0x);
        let exact_num = dq(q0x, p0x) * dq(q1y, q0y) - dq(q0y, p0y) * dq(q1x, q0x);
        let err = |r: &Dd, exact: &BigRational| (exact - q(r.hi) - q(r.lo)).abs();
        assert!(
            err(&den, &exact_den) <= q(den.mag) * &u2 * q(24.0),
            "den {i}"
        );
        assert!(
            err(&num, &exact_num) <= q(num.mag) * &u2 * q(24.0),
            "num {i}"
        );
        for (o, v) in [(p0x, d1x), (p0y, d1y)] {
            let r = affine2(o, &den, &num, v.0, v.1);
            let exact = q(o) * &exact_den + &exact_num * (q(v.0) + q(v.1));
            let (a1, a2) = (o * den.hi, num.hi * v.0);
            let inputs = (q(o.abs()) * q(den.mag)
                + q(v.0.abs()) * q(1.0 + 2f64.powi(-53)) * q(num.mag))
                * &pow;
            let rounding = q(a1.abs() + a2.abs()) * &u2 * q(35.0);
            assert!(err(&r, &exact) <= inputs + rounding, "affine2 {i}");
            assert!(err(&r, &exact) <= q(r.mag) * &pow, "affine2 mag {i}");
        }
        checked += 1;
    }
    assert!(checked > 10_000, "{checked}");
}

/// `dot3` over `det2` cross products (a 3×3 determinant, as `three_planes` forms it)
/// within the inputs' error plus `40u²·Σ|fl(xₖ·cₖ.hi)|`, checked in rationals: random
/// window inputs, nearly dependent rows (the third the rounded sum of the first two,
/// one ulp off), and mixed exponents.
#[test]
fn dot3_stays_within_its_bound() {
    let mut next = xorshift(0xE703_7ED1_A0B4_28DBu64);
    let u2 = q(2f64.powi(-106));
    let pow = q(2f64.powi(-100));
    let mut checked = 0;
    for i in 0..20_000 {
        let (lo, span) = [(-240, 480), (-4, 8), (-80, 160)][i % 3];
        let mut n: [[f64; 3]; 3] =
            [(); 3].map(|_| [(); 3].map(|_| full_mantissa(&mut next, lo, span)));
        if i % 4 == 0 {
            n[2] = [0, 1, 2].map(|k| n[0][k] + n[1][k]);
            n[2][i % 3] = n[2][i % 3].next_up();
        }
        let x = [(); 3].map(|_| full_mantissa(&mut next, lo, span));
        if !n.iter().flatten().chain(&x).all(|&v| in_window(v)) {
            continue;
        }
        let cross: [Dd; 3] = core::array::from_fn(|k| {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            det2(n[1][i], 0.0, n[1][j], 0.0, n[2][i], n[2][j])
        });
        let exact_cross: [BigRational; 3] = core::array::from_fn(|k| {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            q(n[1][i]) * q(n[2][j]) - q(n[1][j]) * q(n[2][i])
        });
        let err = |r: &Dd, exact: &BigRational| (exact - q(r.hi) - q(r.lo)).abs();
        for v in [n[0], x] {
            let r = dot3(v, [&cross[0], &cross[1], &cross[2]]);
            let exact = (0..3).fold(q(0.0), |s, k| s + q(v[k]) * &exact_cross[k]);
            let inputs = (0..3).fold(q(0.0), |s, k| s + q(v[k].abs()) * q(cross[k].mag)) * &pow;
            let a: f64 = (0..3).map(|k| (v[k] * cross[k].hi).abs()).sum();
            let rounding = q(a) * q(1.0 + 2f64.powi(-50)) * &u2 * q(40.0);
            assert!(err(&r, &exact) <= inputs + rounding, "dot3 {i}");
            assert!(err(&r, &exact) <= q(r.mag) * &pow, "dot3 mag {i}");
        }
        checked += 1;
    }
    assert!(checked > 10_000, "{checked}");
}

/// `round_exactly` against an independent nearest-float check in rationals, on the
/// cases it exists for: quotients exactly at a midpoint between two floats (ties, to
/// even), a hair (`2^-900` relative) on either side of one, exactly a float, and
/// generic; `f64` and `f32`, either sign of quotient and denominator, denominators of
/// one to four components.
#[test]
fn round_exactly_rounds_ties_to_even_and_near_ties_correctly() {
    use num_traits::Zero;
    let mut next = xorshift(0x94D0_49BB_1331_11EBu64);
    // The nearest float (ties to even), by comparing distances in rationals.
    let nearest = |x: &BigRational, cand: f64, f32: bool| -> bool {
        let (up, down) = if f32 {
            (
                f64::from((cand as f32).next_up()),
                f64::from((cand as f32).next_down()),
            )
        } else {
            (cand.next_up(), cand.next_down())
        };
        let d = (q(cand) - x).abs();
        let bits_even = if f32 {
            (cand as f32).to_bits() & 1 == 0
        } else {
            cand.to_bits() & 1 == 0
        };
        [up, down].iter().all(|&n| {
            let dn = (q(n) - x).abs();
            dn > d || (dn == d && bits_even)
        })
    };
    let (mut ties, mut answered) = (0, 0);
    for i in 0..20_000 {
        let f32 = i % 2 == 1;
        let e = (next() % 400) as i32 - 200;
        let e = if f32 { e / 2 } else { e };
        let frac = 1.0 + (next() >> 12) as f64 * 2f64.powi(-52);
        let mut r = frac * 2f64.powi(e);
        if f32 {
            r = f64::from(r as f32);
        }
        if next() & 1 == 0 {
            r = -r;
        }
        let up = if f32 {
            f64::from((r as f32).next_up())
        } else {
            r.next_up()
        };
        let h = 0.5 * (up - r);
        // den: one to four nonoverlapping components (an exact product and a tail).
        let a = 1.0 + (next() >> 12) as f64 * 2f64.powi(-52);
        let b =
            (1.0 + (next() >> 12) as f64 * 2f64.powi(-52)) * 2f64.powi((next() % 40) as i32 - 20);
        let b = if next() & 1 == 0 { b } else { -b };
        let (p, pe) = two_product(a, b);
        let mut den_terms = [pe, p, 0.0, 0.0];
        if i % 3 == 0 {
            den_terms[2] = p * 2f64.powi(-120);
            den_terms[3] = -p * 2f64.powi(-170);
        }
        let nd = exact_expansion(&mut den_terms);
        let den = &den_terms[..nd];
        // num = (r + h·k)·den (+ a hair), k = 1 (a tie), 0 (exactly r), else generic.
        let k = [1.0, 1.0, 0.0, 0.37][i % 4];
        let mut terms = vec![];
        for &d in den {
            let (x, y) = two_product(r, d);
            let (z, w) = two_product(h * k, d);
            terms.extend([x, y, z, w]);
        }
        if i % 4 == 1 {
            let hair = den[nd - 1] * r * 2f64.powi(-900);
            terms.push(if next() & 1 == 0 { hair } else { -hair });
        }
        if i % 4 == 3 {
            terms.push(den[nd - 1] * h * 0.123);
        }
        let exact_num = terms.iter().fold(q(0.0), |s, &t| s + q(t));
        let exact_den = den.iter().fold(q(0.0), |s, &t| s + q(t));
        let x = &exact_num / &exact_den;
        let nn = exact_expansion(&mut terms);
        if nn == 0 || x.is_zero() {
            continue;
        }
        if let Some(got) = round_exactly(&terms[..nn], den, f32) {
            answered += 1;
            assert!(
                nearest(&x, got, f32),
                "case {i}: {got:e} for {x} (f32 {f32})"
            );
            if i % 4 == 0 {
                ties += 1;
            }
        }
    }
    assert!(
        answered > 19_000 && ties > 4_000,
        "{answered} answered, {ties} ties"
    );
}

#[test]
fn constants_are_the_powers_of_two_they_name() {
    assert_eq!(UNIT, 2f64.powi(-96));
    assert_eq!(TWO_M968, 2f64.powi(-968));
    assert_eq!(TWO_1000, 2f64.powi(1000));
    assert_eq!(REST_SCALE, 2f64.powi(100) * (1.0 + 2f64.powi(-40)));
    assert!(1.6e-30 > 2f64.powi(-100));
    assert_eq!(5.659_799_424_266_695e-73, 2f64.powi(-240));
    assert_eq!(1.766_847_064_778_384_3e72, 2f64.powi(240));
    assert_eq!(7.523_163_845_262_64e-37, 2f64.powi(-120));
    assert_eq!(1.329_227_995_784_916e36, 2f64.powi(120));
    assert_eq!(4.909_093_465_297_727e-91, 2f64.powi(-300));
    assert_eq!(2.037_035_976_334_486e90, 2f64.powi(300));
}
