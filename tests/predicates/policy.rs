//! Tests of the policy layer (`isect::policy`): `Exact` is the predicates, `Naive` is the
//! plain float sign, the epsilon rules give `Zero` exactly on their documented thresholds,
//! and on near-degenerate input the epsilon rules disagree with `Exact` in the documented
//! direction (they answer `Naive`'s sign or `Zero`, nothing else).

use isect::policy::{
    Absolute, Exact, Naive, Policy, Relative, Ulps, incircle_naive, insphere_naive, orient2d_naive,
    orient3d_naive,
};
use isect::{Scalar, Sign};
use isect_testkit::{Rng, RngExt, cases};
use num_rational::BigRational;

// ---------------------------------------------------------------------------------------
// Helpers

fn rat(x: f64) -> BigRational {
    BigRational::from_float(x).expect("finite")
}

/// `x` in `T`: exact for f64 and rationals, rounded for f32 (callers pass values f32 holds).
fn t<T: Scalar>(x: f64) -> T {
    T::from_f64_rounded(x).expect("finite").0
}

fn pt<T: Scalar, const N: usize>(p: [f64; N]) -> [T; N] {
    p.map(t)
}

/// Near-degenerate and uniform inputs for all four predicates (f64).
struct Cases {
    o2: Vec<[[f64; 2]; 3]>,
    o3: Vec<[[f64; 3]; 4]>,
    ic: Vec<[[f64; 2]; 4]>,
    is: Vec<[[f64; 3]; 5]>,
}

fn case_set(n: usize) -> Cases {
    let mut r = Rng::new(0x5eed_0001);
    let mut c = Cases {
        o2: vec![],
        o3: vec![],
        ic: vec![],
        is: vec![],
    };
    for _ in 0..n {
        // Uniform.
        c.o2.push([r.point::<2>(1.0), r.point::<2>(1.0), r.point::<2>(1.0)]);
        c.o3.push([
            r.point::<3>(1.0),
            r.point::<3>(1.0),
            r.point::<3>(1.0),
            r.point::<3>(1.0),
        ]);
        c.ic.push([
            r.point::<2>(1.0),
            r.point::<2>(1.0),
            r.point::<2>(1.0),
            r.point::<2>(1.0),
        ]);
        c.is.push([
            r.point::<3>(1.0),
            r.point::<3>(1.0),
            r.point::<3>(1.0),
            r.point::<3>(1.0),
            r.point::<3>(1.0),
        ]);
        // A rounded point on the line / plane through the others.
        let (a, b, s) = (r.point::<2>(1.0), r.point::<2>(1.0), r.signed());
        c.o2.push([a, b, [a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1])]]);
        let (a, b, cc, s, u) = (
            r.point::<3>(1.0),
            r.point::<3>(1.0),
            r.point::<3>(1.0),
            r.signed(),
            r.signed(),
        );
        let d = [0, 1, 2].map(|i| a[i] + s * (b[i] - a[i]) + u * (cc[i] - a[i]));
        c.o3.push([a, b, cc, d]);
        // Rounded points on a circle / sphere.
        let (cx, cy, rad) = (r.signed(), r.signed(), 0.5 + r.signed().abs());
        let on_circle = |th: f64| [cx + rad * th.cos(), cy + rad * th.sin()];
        let th: [f64; 4] =
            [r.signed(), r.signed(), r.signed(), r.signed()].map(|x| x * core::f64::consts::PI);
        c.ic.push(th.map(on_circle));
        let (ctr, rad) = (r.point::<3>(1.0), 0.5 + r.signed().abs());
        let mut sph = || {
            let (th, ph) = (r.signed() * core::f64::consts::PI, r.signed() * 1.5);
            [
                ctr[0] + rad * ph.cos() * th.cos(),
                ctr[1] + rad * ph.cos() * th.sin(),
                ctr[2] + rad * ph.sin(),
            ]
        };
        c.is.push([sph(), sph(), sph(), sph(), sph()]);
    }
    c
}

/// All four predicates of `p` on one case set, in a fixed order.
fn answers<P: Policy<f64>>(p: P, c: &Cases) -> Vec<Sign> {
    let mut out = vec![];
    out.extend(c.o2.iter().map(|[a, b, cc]| p.orient2d(a, b, cc)));
    out.extend(c.o3.iter().map(|[a, b, cc, d]| p.orient3d(a, b, cc, d)));
    out.extend(c.ic.iter().map(|[a, b, cc, d]| p.incircle(a, b, cc, d)));
    out.extend(
        c.is.iter()
            .map(|[a, b, cc, d, e]| p.insphere(a, b, cc, d, e)),
    );
    out
}

// ---------------------------------------------------------------------------------------
// Exact is the predicates

#[test]
fn exact_policy_agrees_with_the_predicates_f64() {
    let c = case_set(cases(200) as usize);
    let mut want = vec![];
    want.extend(c.o2.iter().map(|[a, b, cc]| isect::orient2d(a, b, cc)));
    want.extend(
        c.o3.iter()
            .map(|[a, b, cc, d]| isect::orient3d(a, b, cc, d)),
    );
    want.extend(
        c.ic.iter()
            .map(|[a, b, cc, d]| isect::incircle(a, b, cc, d)),
    );
    want.extend(
        c.is.iter()
            .map(|[a, b, cc, d, e]| isect::insphere(a, b, cc, d, e)),
    );
    assert_eq!(answers(Exact, &c), want);
}

#[test]
fn exact_policy_agrees_with_the_predicates_f32_and_rationals() {
    let c = case_set(cases(60) as usize);
    for [a, b, cc] in &c.o2 {
        let f = |p: &[f64; 2]| p.map(|x| x as f32);
        let (a32, b32, c32) = (f(a), f(b), f(cc));
        assert_eq!(
            Exact.orient2d(a32, b32, c32),
            isect::orient2d(a32, b32, c32)
        );
        let r = |p: &[f64; 2]| p.map(rat);
        let (ar, br, cr) = (r(a), r(b), r(cc));
        assert_eq!(
            Exact.orient2d(&ar, &br, &cr),
            isect::orient2d(&ar, &br, &cr)
        );
        // Same numbers, different scalar types: the same exact answer.
        assert_eq!(Exact.orient2d(&ar, &br, &cr), Exact.orient2d(a, b, cc));
    }
    for [a, b, cc, d] in &c.o3 {
        let r = |p: &[f64; 3]| p.map(rat);
        let (ar, br, cr, dr) = (r(a), r(b), r(cc), r(d));
        assert_eq!(
            Exact.orient3d(&ar, &br, &cr, &dr),
            isect::orient3d(a, b, cc, d)
        );
    }
    for [a, b, cc, d] in &c.ic {
        let r = |p: &[f64; 2]| p.map(rat);
        let (ar, br, cr, dr) = (r(a), r(b), r(cc), r(d));
        assert_eq!(
            Exact.incircle(&ar, &br, &cr, &dr),
            isect::incircle(a, b, cc, d)
        );
    }
    for [a, b, cc, d, e] in c.is.iter().take(20) {
        let r = |p: &[f64; 3]| p.map(rat);
        let (ar, br, cr, dr, er) = (r(a), r(b), r(cc), r(d), r(e));
        assert_eq!(
            Exact.insphere(&ar, &br, &cr, &dr, &er),
            isect::insphere(a, b, cc, d, e)
        );
    }
}

#[test]
fn exact_sign_of_a_value_is_the_sign_of_that_value() {
    // Documented: Exact cannot recover a sign lost to rounding; it reports the value's own.
    assert_eq!(Policy::<f64>::sign(&Exact, &-1e-300, &1.0), Sign::Negative);
    assert_eq!(Policy::<f64>::sign(&Exact, &0.0, &1.0), Sign::Zero);
    assert_eq!(Policy::<f64>::sign(&Exact, &-0.0, &1.0), Sign::Zero);
    assert_eq!(Exact.sign(&rat(-0.25), &rat(0.0)), Sign::Negative);
}

// ---------------------------------------------------------------------------------------
// Naive is the plain float sign

fn plain_orient2d(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (a[0] - c[0]) * (b[1] - c[1]) - (a[1] - c[1]) * (b[0] - c[0])
}

fn plain_orient3d(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> f64 {
    let (adx, ady, adz) = (a[0] - d[0], a[1] - d[1], a[2] - d[2]);
    let (bdx, bdy, bdz) = (b[0] - d[0], b[1] - d[1], b[2] - d[2]);
    let (cdx, cdy, cdz) = (c[0] - d[0], c[1] - d[1], c[2] - d[2]);
    adz * (bdx * cdy - cdx * bdy) + bdz * (cdx * ady - adx * cdy) + cdz * (adx * bdy - bdx * ady)
}

fn plain_incircle(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> f64 {
    let (adx, ady) = (a[0] - d[0], a[1] - d[1]);
    let (bdx, bdy) = (b[0] - d[0], b[1] - d[1]);
    let (cdx, cdy) = (c[0] - d[0], c[1] - d[1]);
    let alift = adx * adx + ady * ady;
    let blift = bdx * bdx + bdy * bdy;
    let clift = cdx * cdx + cdy * cdy;
    alift * (bdx * cdy - cdx * bdy)
        + blift * (cdx * ady - adx * cdy)
        + clift * (adx * bdy - bdx * ady)
}

fn plain_insphere(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3], e: [f64; 3]) -> f64 {
    let s = |p: [f64; 3]| [p[0] - e[0], p[1] - e[1], p[2] - e[2]];
    let ([aex, aey, aez], [bex, bey, bez]) = (s(a), s(b));
    let ([cex, cey, cez], [dex, dey, dez]) = (s(c), s(d));
    let ab = aex * bey - bex * aey;
    let bc = bex * cey - cex * bey;
    let cd = cex * dey - dex * cey;
    let da = dex * aey - aex * dey;
    let ac = aex * cey - cex * aey;
    let bd = bex * dey - dex * bey;
    let abc = aez * bc - bez * ac + cez * ab;
    let bcd = bez * cd - cez * bd + dez * bc;
    let cda = cez * da + dez * ac + aez * cd;
    let dab = dez * ab + aez * bd + bez * da;
    let alift = aex * aex + aey * aey + aez * aez;
    let blift = bex * bex + bey * bey + bez * bez;
    let clift = cex * cex + cey * cey + cez * cez;
    let dlift = dex * dex + dey * dey + dez * dez;
    (dlift * abc - clift * dab) + (blift * cda - alift * bcd)
}

#[test]
fn naive_policy_is_the_plain_float_sign() {
    let c = case_set(cases(200) as usize);
    let mut want = vec![];
    let mut values = vec![];
    for &[a, b, cc] in &c.o2 {
        values.push((plain_orient2d(a, b, cc), orient2d_naive(a, b, cc).0));
    }
    for &[a, b, cc, d] in &c.o3 {
        values.push((plain_orient3d(a, b, cc, d), orient3d_naive(a, b, cc, d).0));
    }
    for &[a, b, cc, d] in &c.ic {
        values.push((plain_incircle(a, b, cc, d), incircle_naive(a, b, cc, d).0));
    }
    for &[a, b, cc, d, e] in &c.is {
        let v = insphere_naive(a, b, cc, d, e).0;
        values.push((plain_insphere(a, b, cc, d, e), v));
    }
    for &(plain, ours) in &values {
        // Same formula, same order of operations: bit for bit the same value.
        assert_eq!(plain.to_bits(), ours.to_bits());
        want.push(Sign::of(plain));
    }
    assert_eq!(answers(Naive, &c), want);
    // And the naive answers are not the exact ones on this near-degenerate set.
    assert_ne!(answers(Naive, &c), answers(Exact, &c));
}

#[test]
fn naive_f32_computes_in_f32() {
    // Kettner's point in f32 (u = 2^-24): f32 code gets the opposite sign, as the
    // f64 formula does at 2^-53 (see `kettner_grid_f32`).
    let u = 2f32.powi(-24);
    let (q, r, p) = (
        [12.0_f32, 12.0],
        [24.0, 24.0],
        [0.5 + 41.0 * u, 0.5 + 48.0 * u],
    );
    let (value, _) = orient2d_naive(q, r, p);
    let plain = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
    assert_eq!(value.to_bits(), plain.to_bits());
    assert_eq!(Naive.orient2d(q, r, p), Sign::of(plain));
    assert_eq!(Naive.orient2d(q, r, p), Sign::Negative);
    assert_eq!(Exact.orient2d(q, r, p), Sign::Positive);
}

#[test]
fn naive_on_rationals_is_exact_and_the_permanent_bounds_the_value() {
    let c = case_set(cases(40) as usize);
    let r2 = |p: &[f64; 2]| p.map(rat);
    let r3 = |p: &[f64; 3]| p.map(rat);
    let check = |(v, s): (BigRational, BigRational), exact: Sign| {
        assert_eq!(Sign::of(v.clone()), exact);
        let abs = if v < rat(0.0) { -v } else { v };
        assert!(abs <= s, "|value| ≤ permanent holds exactly for rationals");
    };
    for [a, b, cc] in &c.o2 {
        let (a, b, cc) = (r2(a), r2(b), r2(cc));
        assert_eq!(Naive.orient2d(&a, &b, &cc), Exact.orient2d(&a, &b, &cc));
        check(orient2d_naive(&a, &b, &cc), isect::orient2d(&a, &b, &cc));
    }
    for [a, b, cc, d] in &c.o3 {
        let (a, b, cc, d) = (r3(a), r3(b), r3(cc), r3(d));
        assert_eq!(
            Naive.orient3d(&a, &b, &cc, &d),
            Exact.orient3d(&a, &b, &cc, &d)
        );
        check(
            orient3d_naive(&a, &b, &cc, &d),
            isect::orient3d(&a, &b, &cc, &d),
        );
    }
    for [a, b, cc, d] in &c.ic {
        let (a, b, cc, d) = (r2(a), r2(b), r2(cc), r2(d));
        check(
            incircle_naive(&a, &b, &cc, &d),
            isect::incircle(&a, &b, &cc, &d),
        );
    }
    for [a, b, cc, d, e] in c.is.iter().take(20) {
        let (a, b, cc, d, e) = (r3(a), r3(b), r3(cc), r3(d), r3(e));
        let exact = isect::insphere(&a, &b, &cc, &d, &e);
        assert_eq!(Naive.insphere(&a, &b, &cc, &d, &e), exact);
        check(insphere_naive(&a, &b, &cc, &d, &e), exact);
    }
}

// ---------------------------------------------------------------------------------------
// Thresholds, at the boundary, both sides

#[test]
fn absolute_threshold_is_inclusive_f64() {
    let p = Absolute { eps: 0.5 };
    assert_eq!(p.sign(&0.5, &0.0), Sign::Zero); // |v| = eps
    assert_eq!(p.sign(&-0.5, &0.0), Sign::Zero);
    assert_eq!(p.sign(&0.5f64.next_up(), &0.0), Sign::Positive); // one ulp above
    assert_eq!(p.sign(&-(0.5f64.next_up()), &0.0), Sign::Negative);
    assert_eq!(p.sign(&0.0, &0.0), Sign::Zero);
    // eps = 0 is Naive: only an exact zero is Zero.
    assert_eq!(
        Absolute { eps: 0.0 }.sign(&f64::from_bits(1), &1.0),
        Sign::Positive
    );
    assert_eq!(Absolute { eps: 0.0 }.sign(&-0.0, &1.0), Sign::Zero);
}

#[test]
fn absolute_eps_rounds_to_nearest_in_f32() {
    // 0.1 as f32 is 0.100000001490116…, above 0.1 as f64: under Absolute { eps: 0.1 } the
    // value 0.1_f32 is Zero in f32 (eps rounds to the same f32) ...
    let p = Absolute { eps: 0.1 };
    assert_eq!(p.sign(&0.1_f32, &0.0), Sign::Zero);
    assert_eq!(p.sign(&0.1_f32.next_up(), &0.0), Sign::Positive);
    // ... but the same number held as f64 exceeds the f64 eps.
    assert_eq!(p.sign(&f64::from(0.1_f32), &0.0), Sign::Positive);
    // 2^-19 − 2^-70 (an f64) rounds to 2^-19 in f32.
    let eps = 2f64.powi(-19) - 2f64.powi(-70);
    assert_eq!(Absolute { eps }.sign(&2f32.powi(-19), &0.0), Sign::Zero);
    assert_eq!(Absolute { eps }.sign(&2f64.powi(-19), &0.0), Sign::Positive);
}

#[test]
fn relative_threshold_is_eps_times_scale_rounded_in_t() {
    let p = Relative { eps: 0.25 };
    // 0.25 · 8 = 2, exactly.
    assert_eq!(p.sign(&2.0, &8.0), Sign::Zero);
    assert_eq!(p.sign(&-2.0, &8.0), Sign::Zero);
    assert_eq!(p.sign(&2f64.next_up(), &8.0), Sign::Positive);
    assert_eq!(p.sign(&-(2f64.next_up()), &8.0), Sign::Negative);
    assert_eq!(p.sign(&2.0_f32, &8.0), Sign::Zero);
    assert_eq!(p.sign(&2f32.next_up(), &8.0), Sign::Positive);
    // Rounding of the product: 0.1 · 3 is 0.3000000000000000166… exactly and rounds up to
    // 0.30000000000000004 (= 0.3000000000000000444…), so that value is Zero in f64 although
    // it exceeds the exact product; over rationals the product is exact and it is not.
    let v = 0.30000000000000004_f64;
    assert!(rat(v) > rat(0.1) * rat(3.0));
    assert_eq!(0.1 * 3.0, v);
    assert_eq!(Relative { eps: 0.1 }.sign(&v, &3.0), Sign::Zero);
    assert_eq!(
        Relative { eps: 0.1 }.sign(&v.next_up(), &3.0),
        Sign::Positive
    );
    assert_eq!(
        Relative { eps: 0.1 }.sign(&rat(v), &rat(3.0)),
        Sign::Positive
    );
    assert_eq!(
        Relative { eps: 0.1 }.sign(&(rat(0.1) * rat(3.0)), &rat(3.0)),
        Sign::Zero
    );
}

#[test]
fn ulps_threshold_is_n_machine_epsilons_times_scale() {
    // f64: 4 · 2^-52 · 1 = 2^-50.
    let p = Ulps { n: 4 };
    assert_eq!(p.sign(&2f64.powi(-50), &1.0), Sign::Zero);
    assert_eq!(p.sign(&2f64.powi(-50).next_up(), &1.0), Sign::Positive);
    assert_eq!(p.sign(&-(2f64.powi(-50)), &1.0), Sign::Zero);
    assert_eq!(p.sign(&-(2f64.powi(-50).next_up()), &1.0), Sign::Negative);
    // f32: 4 · 2^-23 · 1 = 2^-21.
    assert_eq!(p.sign(&2f32.powi(-21), &1.0), Sign::Zero);
    assert_eq!(p.sign(&2f32.powi(-21).next_up(), &1.0), Sign::Positive);
    // Scale 3 (not a power of two): 4 · 2^-52 · 3 = 3 · 2^-50, exact.
    assert_eq!(p.sign(&(3.0 * 2f64.powi(-50)), &3.0), Sign::Zero);
    assert_eq!(
        p.sign(&(3.0 * 2f64.powi(-50)).next_up(), &3.0),
        Sign::Positive
    );
    // Rationals do not round: ε = 0, so Ulps is Naive there.
    let tiny = BigRational::new(1.into(), num_bigint::BigInt::from(10).pow(60));
    assert_eq!(Ulps { n: u32::MAX }.sign(&tiny, &rat(1.0)), Sign::Positive);
    assert_eq!(Ulps { n: u32::MAX }.sign(&rat(0.0), &rat(1.0)), Sign::Zero);
    // n = 0 is Naive.
    assert_eq!(Ulps { n: 0 }.sign(&f64::from_bits(1), &1.0), Sign::Positive);
}

#[test]
fn ulps_decides_as_relative_with_n_epsilons() {
    let mut r = Rng::new(7);
    for _ in 0..2000 {
        let n = (r.next_u64() % 64) as u32;
        let scale = r.signed().abs() * 2f64.powi((r.next_u64() % 40) as i32 - 20);
        // Values near the threshold, so that both outcomes occur.
        let v = scale * f64::EPSILON * n as f64 * (1.0 + r.signed() * 1e-3);
        for v in [v, v.next_up(), v.next_down(), -v] {
            let rel = Relative {
                eps: n as f64 * f64::EPSILON,
            };
            assert_eq!(Ulps { n }.sign(&v, &scale), rel.sign(&v, &scale));
            let (v32, s32) = (v as f32, scale as f32);
            let rel = Relative {
                eps: n as f64 * f64::from(f32::EPSILON),
            };
            assert_eq!(Ulps { n }.sign(&v32, &s32), rel.sign(&v32, &s32));
        }
    }
}

/// orient2d(a, b, c) with a = (0, 0), b = (4, 1), c = (2, 1/2 + δ): the naive formula
/// computes left = (0 − 2)(1 − 1/2 − δ) = −1 + 2δ and right = (0 − 1/2 − δ)(4 − 2) = −1 − 2δ,
/// so value = 4δ and scale = 2, with no rounding when δ is a small power of two.
fn boundary_points<T: Scalar>(delta: f64) -> ([T; 2], [T; 2], [T; 2]) {
    (pt([0.0, 0.0]), pt([4.0, 1.0]), pt([2.0, 0.5 + delta]))
}

#[test]
fn predicate_methods_hit_the_thresholds_f64() {
    // δ = 2^-50: value 2^-48, scale 2.
    let (a, b, c) = boundary_points::<f64>(2f64.powi(-50));
    assert_eq!(orient2d_naive(&a, &b, &c), (2f64.powi(-48), 2.0));
    let v = 2f64.powi(-48);
    for (sign, (a, b)) in [(Sign::Positive, (&a, &b)), (Sign::Negative, (&b, &a))] {
        assert_eq!(Exact.orient2d(a, b, &c), sign);
        assert_eq!(Naive.orient2d(a, b, &c), sign);
        assert_eq!(Absolute { eps: v }.orient2d(a, b, &c), Sign::Zero);
        assert_eq!(Absolute { eps: v.next_down() }.orient2d(a, b, &c), sign);
        // Relative: eps · 2 = 2^-48 at eps = 2^-49.
        assert_eq!(Relative { eps: v / 2.0 }.orient2d(a, b, &c), Sign::Zero);
        let just_below = (v / 2.0).next_down();
        assert_eq!(Relative { eps: just_below }.orient2d(a, b, &c), sign);
        // Ulps: n · 2^-52 · 2 = n · 2^-51, and 2^-48 = 8 · 2^-51.
        assert_eq!(Ulps { n: 8 }.orient2d(a, b, &c), Sign::Zero);
        assert_eq!(Ulps { n: 7 }.orient2d(a, b, &c), sign);
    }
}

#[test]
fn predicate_methods_hit_the_thresholds_f32() {
    // δ = 2^-21 (1/2 + δ and 1 ± 2δ are exact in f32): value 2^-19, scale 2.
    let (a, b, c) = boundary_points::<f32>(2f64.powi(-21));
    assert_eq!(orient2d_naive(&a, &b, &c), (2f32.powi(-19), 2.0));
    for (sign, (a, b)) in [(Sign::Positive, (&a, &b)), (Sign::Negative, (&b, &a))] {
        // n · 2^-23 · 2 = n · 2^-22, and 2^-19 = 8 · 2^-22.
        assert_eq!(Ulps { n: 8 }.orient2d(a, b, &c), Sign::Zero);
        assert_eq!(Ulps { n: 7 }.orient2d(a, b, &c), sign);
    }
}

#[test]
fn predicate_methods_hit_the_thresholds_rationals() {
    // δ = 2^-50 gives value 2^-48 exactly; δ' = 2^-50 + 10^-40 (no f64 holds it) gives a
    // value 4·10^-40 above the threshold, which only exact arithmetic can see.
    let (a, b, c) = boundary_points::<BigRational>(2f64.powi(-50));
    let bump = BigRational::new(1.into(), num_bigint::BigInt::from(10).pow(40));
    let c_up = [c[0].clone(), c[1].clone() + &bump];
    let v = 2f64.powi(-48);
    assert_eq!(Absolute { eps: v }.orient2d(&a, &b, &c), Sign::Zero);
    assert_eq!(Absolute { eps: v }.orient2d(&a, &b, &c_up), Sign::Positive);
    assert_eq!(Absolute { eps: v }.orient2d(&b, &a, &c_up), Sign::Negative);
    assert_eq!(Relative { eps: v / 2.0 }.orient2d(&a, &b, &c), Sign::Zero);
    assert_eq!(
        Relative { eps: v / 2.0 }.orient2d(&a, &b, &c_up),
        Sign::Positive
    );
    assert_eq!(Ulps { n: 1 << 20 }.orient2d(&a, &b, &c), Sign::Positive);
}

/// The same thresholds through one generic function, for every scalar type; inputs and
/// epsilons are dyadic and held exactly by f32. δ = 2^-21: value 2^-19, scale 2.
fn generic_thresholds<T: Scalar>() {
    let (a, b, c) = boundary_points::<T>(2f64.powi(-21));
    let v = 2f64.powi(-19);
    let below = v - 2f64.powi(-43); // the f32 just below 2^-19
    for (sign, (a, b)) in [(Sign::Positive, (&a, &b)), (Sign::Negative, (&b, &a))] {
        assert_eq!(Exact.orient2d(a, b, &c), sign);
        assert_eq!(Naive.orient2d(a, b, &c), sign);
        assert_eq!(Absolute { eps: v }.orient2d(a, b, &c), Sign::Zero);
        assert_eq!(Absolute { eps: below }.orient2d(a, b, &c), sign);
        assert_eq!(Relative { eps: v / 2.0 }.orient2d(a, b, &c), Sign::Zero);
        assert_eq!(Relative { eps: below / 2.0 }.orient2d(a, b, &c), sign);
        assert_eq!(Absolute { eps: 0.0 }.orient2d(a, b, &c), sign);
    }
}

// ---------------------------------------------------------------------------------------
// Generic use: a test written once over a policy, run with f32, f64 and rationals

fn segments_cross<T: Scalar>(a: &[T; 2], b: &[T; 2], c: &[T; 2], d: &[T; 2]) -> bool {
    segments_cross_with(Exact, a, b, c, d)
}

fn segments_cross_with<T: Scalar, P: Policy<T>>(
    policy: P,
    a: &[T; 2],
    b: &[T; 2],
    c: &[T; 2],
    d: &[T; 2],
) -> bool {
    let (abc, abd) = (policy.orient2d(a, b, c), policy.orient2d(a, b, d));
    let (cda, cdb) = (policy.orient2d(c, d, a), policy.orient2d(c, d, b));
    abc * abd == Sign::Negative && cda * cdb == Sign::Negative
}

fn generic_segments<T: Scalar>() {
    // orient2d(a, b, d) = 2^-19 exactly (d is 2^-20 above the line y = x), permanent 2.
    let (a, b, c) = (pt::<T, 2>([0.0, 0.0]), pt([2.0, 2.0]), pt([1.0, 0.0]));
    let d = pt([1.0, 1.0 + 2f64.powi(-20)]);
    assert!(segments_cross(&a, &b, &c, &d));
    assert!(segments_cross_with(Naive, &a, &b, &c, &d));
    assert!(segments_cross_with(Ulps { n: 1 }, &a, &b, &c, &d));
    assert!(!segments_cross_with(Absolute { eps: 1e-5 }, &a, &b, &c, &d));
    assert!(!segments_cross_with(Relative { eps: 1e-5 }, &a, &b, &c, &d));
    assert!(segments_cross_with(Relative { eps: 1e-7 }, &a, &b, &c, &d));
    // Moving d onto the line: no proper crossing under any policy.
    let d_on = pt([1.0, 1.0]);
    assert!(!segments_cross(&a, &b, &c, &d_on));
    assert!(!segments_cross_with(Naive, &a, &b, &c, &d_on));
}

/// On small integer grids nothing rounds (values stay far below 2^24), so every policy
/// with a threshold below 1 agrees with the exact predicates, for all four predicates:
/// this checks the naive formulas' sign conventions against the predicates'.
fn generic_integer_grid<T: Scalar>() {
    let mut r = Rng::new(11);
    let mut k = move || (r.next_u64() % 5) as f64 - 2.0;
    for _ in 0..150 {
        let [a, b, c, d] = [(); 4].map(|()| pt::<T, 2>([k(), k()]));
        let [a3, b3, c3, d3, e3] = [(); 5].map(|()| pt::<T, 3>([k(), k(), k()]));
        let o2 = isect::orient2d(&a, &b, &c);
        let o3 = isect::orient3d(&a3, &b3, &c3, &d3);
        let ic = isect::incircle(&a, &b, &c, &d);
        let is = isect::insphere(&a3, &b3, &c3, &d3, &e3);
        fn all<T: Scalar, P: Policy<T>>(p: P, two: [&[T; 2]; 4], three: [&[T; 3]; 5]) -> [Sign; 4] {
            let [a, b, c, d] = two;
            let [a3, b3, c3, d3, e3] = three;
            [
                p.orient2d(a, b, c),
                p.orient3d(a3, b3, c3, d3),
                p.incircle(a, b, c, d),
                p.insphere(a3, b3, c3, d3, e3),
            ]
        }
        let two = [&a, &b, &c, &d];
        let three = [&a3, &b3, &c3, &d3, &e3];
        let want = [o2, o3, ic, is];
        assert_eq!(all(Exact, two, three), want);
        assert_eq!(all(Naive, two, three), want);
        assert_eq!(all(Absolute { eps: 0.5 }, two, three), want);
        assert_eq!(all(Ulps { n: 1 }, two, three), want);
    }
}

macro_rules! generic_suite {
    ($($name:ident: $t:ty),*) => {$(
        mod $name {
            #[test]
            fn thresholds() { super::generic_thresholds::<$t>() }
            #[test]
            fn segments() { super::generic_segments::<$t>() }
            #[test]
            fn integer_grid() { super::generic_integer_grid::<$t>() }
        }
    )*};
}

generic_suite!(f32_suite: f32, f64_suite: f64, big_rational_suite: num_rational::BigRational);
#[cfg(feature = "rug")]
generic_suite!(rug_suite: rug::Rational);

// ---------------------------------------------------------------------------------------
// Near-degenerate input: epsilon policies disagree with Exact, in the documented direction

/// Kettner et al.'s grid: p = (1/2 + x·u, 1/2 + y·u) for x, y in 0..256, against
/// q = (12, 12), r = (24, 24), evaluated as orient2d(q, r, p). Exactly,
/// orient2d(q, r, p) = (q − p) × (r − p) = 12·(y − x)·u, so the exact sign is sign(y − x).
fn kettner_grid<T: Scalar, P: Policy<T>>(policy: P, u: f64, scale: f64) -> Vec<Sign> {
    kettner_subgrid(policy, u, scale, 1)
}

/// Every `step`-th row and column of [`kettner_grid`].
fn kettner_subgrid<T: Scalar, P: Policy<T>>(
    policy: P,
    u: f64,
    scale: f64,
    step: usize,
) -> Vec<Sign> {
    let (q, r) = (
        pt::<T, 2>([12.0 * scale, 12.0 * scale]),
        pt([24.0 * scale, 24.0 * scale]),
    );
    let mut out = Vec::with_capacity(65536);
    for x in (0..256).step_by(step) {
        for y in (0..256).step_by(step) {
            let p = pt([(0.5 + x as f64 * u) * scale, (0.5 + y as f64 * u) * scale]);
            out.push(policy.orient2d(&q, &r, &p));
        }
    }
    out
}

fn kettner_exact() -> Vec<Sign> {
    kettner_exact_subgrid(1)
}

fn kettner_exact_subgrid(step: usize) -> Vec<Sign> {
    let mut out = Vec::with_capacity(65536);
    for x in (0..256).step_by(step) {
        for y in (0..256).step_by(step) {
            out.push(Sign::from_ordering(y.cmp(&x)));
        }
    }
    out
}

/// (answers with a non-zero sign that is not the exact one, false Zeros, opposite signs)
fn tally(got: &[Sign], exact: &[Sign]) -> (usize, usize, usize) {
    let mut t = (0, 0, 0);
    for (&g, &e) in got.iter().zip(exact) {
        t.0 += usize::from(g != Sign::Zero && g != e);
        t.1 += usize::from(g == Sign::Zero && e != Sign::Zero);
        t.2 += usize::from(g * e == Sign::Negative);
    }
    t
}

/// Every epsilon answer is the naive answer or Zero.
fn assert_naive_or_zero(got: &[Sign], naive: &[Sign]) {
    for (&g, &n) in got.iter().zip(naive) {
        assert!(g == n || g == Sign::Zero, "{g:?} is neither {n:?} nor Zero");
    }
}

// The counts below were also obtained by an independent evaluation of the same formula
// in IEEE arithmetic (Python floats, and f32 by rounding after every operation).

#[test]
fn kettner_grid_f64() {
    let u = 2f64.powi(-53);
    let exact = kettner_exact();
    assert_eq!(kettner_grid::<f64, _>(Exact, u, 1.0), exact);
    let naive = kettner_grid::<f64, _>(Naive, u, 1.0);
    // Naive: 672 opposite signs and 11,300 false Zeros (it is right on the diagonal).
    assert_eq!(tally(&naive, &exact), (672, 11300, 672));
    // Too small an epsilon changes nothing: 540 · 1e-17 is below the smallest non-zero
    // naive value (2^-44 ≈ 5.7e-14).
    let tiny = kettner_grid::<f64, _>(Relative { eps: 1e-17 }, u, 1.0);
    assert_eq!(tiny, naive);
    // A relative threshold at or above the formula's error bound is a filter: no wrong
    // non-zero sign, at the price of false Zeros. Shewchuk's bound (3 + 16ε)ε, ε = 2^-53:
    let bound = (3.0 + 16.0 * u) * u;
    let shewchuk = kettner_grid::<f64, _>(Relative { eps: bound }, u, 1.0);
    assert_eq!(tally(&shewchuk, &exact), (0, 53940, 0));
    let ulps2 = kettner_grid::<f64, _>(Ulps { n: 2 }, u, 1.0);
    assert_eq!(tally(&ulps2, &exact), (0, 60398, 0));
    // An absolute epsilon above every naive value (the largest is 6 · 2^-44 ≈ 3.4e-13)
    // calls everything Zero; 1e-13 lies in between.
    let abs12 = kettner_grid::<f64, _>(Absolute { eps: 1e-12 }, u, 1.0);
    assert_eq!(tally(&abs12, &exact), (0, 65280, 0));
    let abs13 = kettner_grid::<f64, _>(Absolute { eps: 1e-13 }, u, 1.0);
    assert_eq!(tally(&abs13, &exact), (0, 28208, 0));
    for got in [&tiny, &shewchuk, &ulps2, &abs12, &abs13] {
        assert_naive_or_zero(got, &naive);
    }
}

#[test]
fn kettner_grid_f32() {
    // The same picture one precision down: u = 2^-24, computed in f32.
    let u = 2f64.powi(-24);
    let exact = kettner_exact();
    assert_eq!(kettner_grid::<f32, _>(Exact, u, 1.0), exact);
    let naive = kettner_grid::<f32, _>(Naive, u, 1.0);
    assert_eq!(tally(&naive, &exact), (672, 11300, 672));
    let ulps2 = kettner_grid::<f32, _>(Ulps { n: 2 }, u, 1.0);
    assert_eq!(tally(&ulps2, &exact), (0, 60398, 0));
    // 1e-12 is far below f32 rounding here (values up to 6 · 2^-15 ≈ 1.8e-4): no effect.
    let abs12 = kettner_grid::<f32, _>(Absolute { eps: 1e-12 }, u, 1.0);
    assert_eq!(abs12, naive);
    let abs3 = kettner_grid::<f32, _>(Absolute { eps: 1e-3 }, u, 1.0);
    assert_eq!(tally(&abs3, &exact), (0, 65280, 0));
    assert_naive_or_zero(&ulps2, &naive);
    assert_naive_or_zero(&abs3, &naive);
}

#[test]
fn kettner_grid_rationals_every_policy_but_relative_is_exact() {
    // Over rationals nothing rounds: Naive and Ulps are exact; a relative threshold still
    // zeroes the small true values, which is its documented rule.
    let (u, step) = (2f64.powi(-53), 5);
    let exact = kettner_exact_subgrid(step);
    assert!(exact.contains(&Sign::Zero) && exact.contains(&Sign::Negative));
    assert_eq!(
        kettner_subgrid::<BigRational, _>(Naive, u, 1.0, step),
        exact
    );
    assert_eq!(
        kettner_subgrid::<BigRational, _>(Ulps { n: 1000 }, u, 1.0, step),
        exact
    );
    let rel = kettner_subgrid::<BigRational, _>(Relative { eps: 1e-12 }, u, 1.0, step);
    assert!(rel.iter().all(|s| *s == Sign::Zero));
    assert_eq!(
        kettner_subgrid::<BigRational, _>(Exact, u, 1.0, step),
        exact
    );
}

#[test]
fn relative_rules_are_scale_invariant_absolute_is_not() {
    // Scaling every coordinate by 2^±300 scales each naive operation exactly.
    let u = 2f64.powi(-53);
    for policy_answers in [
        |s| kettner_grid::<f64, _>(Naive, 2f64.powi(-53), s),
        |s| kettner_grid::<f64, _>(Ulps { n: 2 }, 2f64.powi(-53), s),
        |s| kettner_grid::<f64, _>(Relative { eps: 1e-15 }, 2f64.powi(-53), s),
    ] as [fn(f64) -> Vec<Sign>; 3]
    {
        let base = policy_answers(1.0);
        assert_eq!(policy_answers(2f64.powi(300)), base);
        assert_eq!(policy_answers(2f64.powi(-300)), base);
    }
    let exact = kettner_exact();
    assert_eq!(kettner_grid::<f64, _>(Exact, u, 2f64.powi(300)), exact);
    let abs = |s| kettner_grid::<f64, _>(Absolute { eps: 1e-12 }, u, s);
    // At scale 1 everything is Zero; scaled up, Absolute turns into Naive.
    assert!(abs(1.0).iter().all(|s| *s == Sign::Zero));
    assert_eq!(abs(2f64.powi(300)), kettner_grid::<f64, _>(Naive, u, 1.0));
}

#[test]
fn absolute_misses_a_tiny_but_certain_orientation_that_relative_sees() {
    // d is 2^-60 below the plane z = 0; every naive operation is exact here:
    // value = 2^-60, scale = 1.125 · 2^-60.
    let (a, b, c) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    let d = [0.25, 0.25, -(2f64.powi(-60))];
    assert_eq!(
        orient3d_naive(a, b, c, d),
        (2f64.powi(-60), 1.125 * 2f64.powi(-60))
    );
    assert_eq!(Exact.orient3d(a, b, c, d), Sign::Positive);
    assert_eq!(Absolute { eps: 1e-15 }.orient3d(a, b, c, d), Sign::Zero);
    assert_eq!(Relative { eps: 1e-15 }.orient3d(a, b, c, d), Sign::Positive);
    // Relative zeroes it only when eps ≥ value / scale = 1 / 1.125 = 0.888…
    assert_eq!(Relative { eps: 0.88 }.orient3d(a, b, c, d), Sign::Positive);
    assert_eq!(Relative { eps: 0.89 }.orient3d(a, b, c, d), Sign::Zero);
}

#[test]
fn epsilon_policies_answer_naive_or_zero_on_near_degenerate_input() {
    let c = case_set(cases(200) as usize);
    let exact = answers(Exact, &c);
    let naive = answers(Naive, &c);
    let big_relative = answers(Relative { eps: 1e-6 }, &c);
    for got in [
        answers(Absolute { eps: 1e-15 }, &c),
        answers(Absolute { eps: 1e-9 }, &c),
        answers(Relative { eps: 1e-15 }, &c),
        big_relative.clone(),
        answers(Ulps { n: 1 }, &c),
        answers(Ulps { n: 64 }, &c),
    ] {
        assert_naive_or_zero(&got, &naive);
    }
    // A generous relative epsilon errs only toward Zero here, and does err.
    let (wrong, false_zero, _) = tally(&big_relative, &exact);
    assert_eq!(wrong, 0);
    assert!(false_zero > 0);
}

#[test]
fn ulps_at_shewchuks_bounds_never_gives_a_wrong_nonzero_sign() {
    // Documented: Ulps { n: 2, 4, 6, 9 } is at least Shewchuk's stage-A bound for orient2d,
    // orient3d, incircle, insphere, so (barring overflow and underflow) every non-zero
    // answer is the exact sign. One below is not enough in general; here we check only
    // the promised direction, and that the naive answers on these inputs do go wrong.
    let c = case_set(cases(300) as usize);
    let o2 = |p: Ulps| {
        c.o2.iter()
            .map(|[a, b, cc]| p.orient2d(a, b, cc))
            .collect::<Vec<_>>()
    };
    let o3 = |p: Ulps| {
        c.o3.iter()
            .map(|[a, b, cc, d]| p.orient3d(a, b, cc, d))
            .collect::<Vec<_>>()
    };
    let ic = |p: Ulps| {
        c.ic.iter()
            .map(|[a, b, cc, d]| p.incircle(a, b, cc, d))
            .collect::<Vec<_>>()
    };
    let is = |p: Ulps| {
        c.is.iter()
            .map(|[a, b, cc, d, e]| p.insphere(a, b, cc, d, e))
            .collect::<Vec<_>>()
    };
    let exact: Vec<Sign> = answers(Exact, &c);
    let (n2, n3, n4) = (c.o2.len(), c.o3.len(), c.ic.len());
    let split = |v: &[Sign]| {
        let (o2, rest) = v.split_at(n2);
        let (o3, rest) = rest.split_at(n3);
        let (ic, is) = rest.split_at(n4);
        [o2.to_vec(), o3.to_vec(), ic.to_vec(), is.to_vec()]
    };
    let [e2, e3, e4, e5] = split(&exact);
    assert_eq!(tally(&o2(Ulps { n: 2 }), &e2).0, 0);
    assert_eq!(tally(&o3(Ulps { n: 4 }), &e3).0, 0);
    assert_eq!(tally(&ic(Ulps { n: 6 }), &e4).0, 0);
    assert_eq!(tally(&is(Ulps { n: 9 }), &e5).0, 0);
    // The case set is near-degenerate enough to fool Naive in every family.
    for (e, n) in split(&exact).iter().zip(split(&answers(Naive, &c))) {
        assert!(tally(&n, e).2 > 0, "Naive gives some opposite signs");
    }
}

// ---------------------------------------------------------------------------------------
// Non-finite values: documented answers, no panic

#[test]
fn nan_and_infinity_in_sign() {
    let (nan, inf) = (f64::NAN, f64::INFINITY);
    // A NaN value is always Zero.
    assert_eq!(Policy::<f64>::sign(&Exact, &nan, &1.0), Sign::Zero);
    assert_eq!(Policy::<f64>::sign(&Naive, &nan, &1.0), Sign::Zero);
    assert_eq!(Absolute { eps: 1.0 }.sign(&nan, &1.0), Sign::Zero);
    assert_eq!(Relative { eps: 1.0 }.sign(&nan, &1.0), Sign::Zero);
    assert_eq!(Ulps { n: 1 }.sign(&nan, &1.0), Sign::Zero);
    // An infinite value is Zero only under an infinite threshold.
    assert_eq!(Absolute { eps: 1e300 }.sign(&-inf, &0.0), Sign::Negative);
    assert_eq!(Absolute { eps: inf }.sign(&-inf, &0.0), Sign::Zero);
    assert_eq!(Relative { eps: 0.5 }.sign(&inf, &inf), Sign::Zero);
    assert_eq!(Relative { eps: 0.5 }.sign(&inf, &1.0), Sign::Positive);
    // A NaN, negative or zero eps, or a NaN scale, reduces the rule to Naive.
    assert_eq!(Absolute { eps: nan }.sign(&1e-300, &1.0), Sign::Positive);
    assert_eq!(Absolute { eps: -1.0 }.sign(&-1e-300, &1.0), Sign::Negative);
    assert_eq!(Absolute { eps: -1.0 }.sign(&0.0, &1.0), Sign::Zero);
    assert_eq!(Relative { eps: 0.5 }.sign(&1e-300, &nan), Sign::Positive);
    assert_eq!(Relative { eps: 0.0 }.sign(&1.0, &inf), Sign::Positive); // 0 · ∞ is NaN
    assert_eq!(Absolute { eps: 1e300 }.sign(&1e30_f32, &0.0), Sign::Zero); // eps → +∞ in f32
    // Rationals cannot hold a non-finite eps: +∞ zeroes everything, NaN and −∞ are Naive.
    let big = rat(1e300) * rat(1e300);
    assert_eq!(Absolute { eps: inf }.sign(&big, &rat(0.0)), Sign::Zero);
    assert_eq!(
        Relative { eps: inf }.sign(&-big.clone(), &rat(1.0)),
        Sign::Zero
    );
    assert_eq!(
        Absolute { eps: nan }.sign(&rat(1e-300), &rat(0.0)),
        Sign::Positive
    );
    assert_eq!(
        Relative { eps: -inf }.sign(&-big, &rat(1.0)),
        Sign::Negative
    );
}

#[test]
fn non_finite_points_never_panic() {
    let bad = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    for x in bad {
        let (a, b, c, d, e) = (
            [x, 0.0, 1.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0; 3],
            [0.5; 3],
        );
        let (a2, b2, c2, d2) = ([0.0, x], [1.0, 0.0], [0.0, 1.0], [0.3, 0.3]);
        // Exact answers Zero, as the predicates do.
        assert_eq!(Exact.orient2d(a2, b2, c2), Sign::Zero);
        assert_eq!(Exact.orient3d(a, b, c, d), Sign::Zero);
        assert_eq!(Exact.incircle(a2, b2, c2, d2), Sign::Zero);
        assert_eq!(Exact.insphere(a, b, c, d, e), Sign::Zero);
        // The others answer whatever the formula's arithmetic gives; only no panic is promised.
        fn run<P: Policy<f64>>(p: P, a: [[f64; 3]; 5], b: [[f64; 2]; 4]) {
            let _ = p.orient2d(b[0], b[1], b[2]);
            let _ = p.orient3d(a[0], a[1], a[2], a[3]);
            let _ = p.incircle(b[0], b[1], b[2], b[3]);
            let _ = p.insphere(a[0], a[1], a[2], a[3], a[4]);
        }
        let (p3, p2) = ([a, b, c, d, e], [a2, b2, c2, d2]);
        run(Naive, p3, p2);
        run(Absolute { eps: 1e-9 }, p3, p2);
        run(Absolute { eps: f64::NAN }, p3, p2);
        run(Relative { eps: 1e-9 }, p3, p2);
        run(Relative { eps: f64::INFINITY }, p3, p2);
        run(Ulps { n: u32::MAX }, p3, p2);
    }
}

#[cfg(feature = "rug")]
#[test]
fn rug_non_finite_eps() {
    let v = rug::Rational::from((1, 3));
    assert_eq!(Absolute { eps: f64::INFINITY }.sign(&v, &v), Sign::Zero);
    assert_eq!(Absolute { eps: f64::NAN }.sign(&v, &v), Sign::Positive);
    assert_eq!(Absolute { eps: 0.5 }.sign(&v, &v), Sign::Zero);
    assert_eq!(
        Absolute { eps: 0.25 }.sign(&-v, &rug::Rational::new()),
        Sign::Negative
    );
}

// ---------------------------------------------------------------------------------------
// Möller–Trumbore with the tolerance on the barycentrics

/// Rational barycentrics `(w, u, v)` and `t` of the ray's crossing with the triangle's
/// plane (Cramer's rule), `None` when the ray is parallel to it: the oracle.
/// Also returns `|d·n|`, the magnitude of Möller–Trumbore's `det`.
fn rational_bary(
    o: [f64; 3],
    d: [f64; 3],
    tri: [[f64; 3]; 3],
) -> Option<([BigRational; 3], BigRational, BigRational)> {
    let q = |p: [f64; 3]| p.map(rat);
    let (o, d) = (q(o), q(d));
    let [a, b, c] = tri.map(q);
    let sub = |x: &[BigRational; 3], y: &[BigRational; 3]| -> [BigRational; 3] {
        std::array::from_fn(|k| &x[k] - &y[k])
    };
    let cross = |x: &[BigRational; 3], y: &[BigRational; 3]| -> [BigRational; 3] {
        [
            &x[1] * &y[2] - &x[2] * &y[1],
            &x[2] * &y[0] - &x[0] * &y[2],
            &x[0] * &y[1] - &x[1] * &y[0],
        ]
    };
    let dot =
        |x: &[BigRational; 3], y: &[BigRational; 3]| &x[0] * &y[0] + &x[1] * &y[1] + &x[2] * &y[2];
    let (e1, e2, s) = (sub(&b, &a), sub(&c, &a), sub(&o, &a));
    let n = cross(&e1, &e2);
    let den = dot(&d, &n);
    if den == BigRational::from_integer(0.into()) {
        return None;
    }
    // o + t·d = a + u·e1 + v·e2.
    let t = -dot(&s, &n) / &den;
    let u = dot(&d, &cross(&s, &e2)) / &den;
    let v = -dot(&d, &cross(&s, &e1)) / &den;
    let w = BigRational::from_integer(1.into()) - &u - &v;
    let det = if den < BigRational::from_integer(0.into()) {
        -den
    } else {
        den
    };
    Some(([w, u, v], t, det))
}

#[test]
fn moller_tolerant_grows_triangles_by_eps_in_barycentric_units() {
    use isect::ray::{ray_triangle_moller_tolerant_with, ray_triangle_moller_with};
    use isect::{Ray, Triangle};
    let mut rng = Rng::new(0x7011_e5a7);
    let (mut inside_margin, mut outside_margin) = (0, 0);
    for i in 0..8_000 {
        let tri = [
            rng.point::<3>(1.0),
            rng.point::<3>(1.0),
            rng.point::<3>(1.0),
        ];
        // Aim at a point with barycentrics drawn near the boundary: within ±4·eps of an
        // edge or outside, so that every side of the threshold is exercised.
        let eps = [1e-3, 1e-5, 1e-7][i % 3];
        let s = rng.signed().abs();
        let off = rng.signed() * 4.0 * eps;
        let bary = [off, s * (1.0 - off), (1.0 - s) * (1.0 - off)];
        let p: [f64; 3] = std::array::from_fn(|k| {
            bary[0] * tri[0][k] + bary[1] * tri[1][k] + bary[2] * tri[2][k]
        });
        let o = rng.point::<3>(1.0).map(|x| x * 4.0);
        let d: [f64; 3] = std::array::from_fn(|k| p[k] - o[k]);
        let ray = Ray::new(o, d);
        let t = Triangle::new(tri[0], tri[1], tri[2]);
        let Some((b, tq, det)) = rational_bary(o, d, tri) else {
            continue;
        };
        let exact_min = b.iter().min().unwrap().clone();
        let got = ray_triangle_moller_tolerant_with(Absolute { eps }, &ray, &t).is_some();
        // Away from the threshold (a margin of eps/4 for the rounding of u and v, which
        // is far below that for these well-conditioned rays), the answer is determined.
        let margin = rat(eps / 4.0);
        // (`det` well above eps: the policy's parallel test does not decide.)
        if tq > BigRational::from_float(1e-3).unwrap() && det > rat(0.1) {
            if exact_min > -rat(eps) + &margin {
                assert!(got, "inside the grown triangle: {b:?} eps {eps}");
                inside_margin += 1;
            } else if exact_min < -rat(eps) - &margin {
                assert!(!got, "outside the grown triangle: {b:?} eps {eps}");
                outside_margin += 1;
            }
        }
        // Growing eps never loses a hit (where the parallel test, which the same eps
        // also widens, does not decide); Exact is eps = 0; and the tolerant test keeps
        // every hit of the classic one under the same policy.
        if det > rat(0.1)
            && ray_triangle_moller_tolerant_with(Absolute { eps: eps / 10.0 }, &ray, &t).is_some()
        {
            assert!(got, "a larger eps lost a hit");
        }
        assert_eq!(
            ray_triangle_moller_tolerant_with(Exact, &ray, &t).is_some(),
            ray_triangle_moller_tolerant_with(Absolute { eps: 0.0 }, &ray, &t).is_some()
        );
        if ray_triangle_moller_with(Absolute { eps }, &ray, &t).is_some() {
            assert!(got, "the tolerant test lost a classic hit");
        }
    }
    assert!(
        inside_margin > 500 && outside_margin > 500,
        "{inside_margin} {outside_margin}"
    );
}
