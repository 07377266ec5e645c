//! The oracle in `f32` (`Generator::precision(FloatFormat::F32)`, `TestKind::generate_in`,
//! the scenes' `_in` forms, `strategies::generated`): every coordinate handed out is an
//! `f32` value, finite, and the families keep their claims in `f32`: exact aims at
//! vertices and edge points, exact degeneracies, near-degenerate within an `f32` ulp,
//! subnormal and huge `f32` exponents, far from the origin for `f32`. Everything is checked
//! in rationals, apart from the generators' code (representability from the rational
//! value's odd part and exponent, the aims by exact arithmetic on the coordinates).
//!
//! And what the issue asked for: an `f32` Möller–Trumbore judged through `check` on `f32`
//! inputs has exactly the failures an independent rational evaluation on those `f32`
//! inputs finds: none disappears when the exact answer is taken on the `f32` values.

use isect::FloatFormat;
use isect::oracle::scenes::{self, Aim};
use isect::oracle::{
    Family, Generator, IncircleKind, InsphereKind, KINDS, MeshRaysKind, Orient2dKind, Orient3dKind,
    RayAabbKind, RayTriangleInput, RayTriangleKind, Rng, TestKind, TriTriKind, check,
};
use isect::{Ray, Sign};
use isect_testkit::cases as scaled;

/// [`scaled`] as a count.
fn cases(default: u32) -> usize {
    scaled(default) as usize
}
use isect_testkit::Q;
use isect_testkit::float::to_q;
use isect_testkit::predicates::{incircle_q, insphere_q, orient2d_q, orient3d_q};
use isect_testkit::q::{q, q3};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use super::oracle::{at, at_aim, near_plane, rational_hit};

const F32: FloatFormat = FloatFormat::F32;

/// The first `n` inputs of `kind` in `family`, in `f32`, for `seed`.
fn f32_inputs<K: TestKind>(kind: K, family: Family, seed: u64, n: usize) -> Vec<K::Input> {
    Generator::new(kind, family)
        .seed(seed)
        .precision(F32)
        .inputs(n)
}

/// Whether the rational `x` is a finite `f32` value: `x = m·2^e` with an integer
/// `|m| < 2^24` and `e ≥ −149`, and `|x| ≤ (2 − 2⁻²³)·2^127`. Decided on the rational
/// alone: `x·2^149` must be an integer whose odd part is below 2^24.
fn is_f32(x: &Q) -> bool {
    if x.is_zero() {
        return true;
    }
    let max =
        Q::from_integer(BigInt::from((1u64 << 24) - 1)) * Q::from_integer(BigInt::one() << 104u32);
    if x.abs() > max {
        return false;
    }
    let scaled = x.abs() * Q::from_integer(BigInt::one() << 149u32);
    if !scaled.is_integer() {
        return false;
    }
    let mut n = scaled.to_integer();
    let two = BigInt::from(2);
    while (&n % &two).is_zero() {
        n /= &two;
    }
    n < BigInt::from(1u64 << 24)
}

#[test]
fn the_f32_membership_test_is_right() {
    // Hand-built values in and out of f32, and the boundaries.
    for x in [
        0.0,
        1.0,
        -0.1f32 as f64,
        f32::MAX as f64,
        f32::MIN_POSITIVE as f64,
        f64::from(f32::from_bits(1)),
        f64::from(f32::from_bits(0x007F_FFFF)),
        16_777_215.0,
        3.0 * 2f64.powi(-148),
    ] {
        assert!(is_f32(&q(x)), "{x:e}");
    }
    for x in [
        0.1,
        16_777_217.0,
        2f64.powi(-150),
        3.0 * 2f64.powi(-150),
        f32::MAX as f64 * (1.0 + f64::EPSILON),
        1.0 + 2f64.powi(-24),
    ] {
        assert!(!is_f32(&q(x)), "{x:e}");
    }
}

/// Every coordinate of `n` inputs of every family is a finite `f32` value.
fn all_coordinates_are_f32<K: TestKind>(kind: &K, n: usize) {
    for family in Family::ALL {
        for input in f32_inputs(kind, family, 41, n) {
            for x in kind.coords(&input) {
                assert!(
                    x.is_finite() && is_f32(&q(x)),
                    "{} {family:?}: {x:e}",
                    K::NAME
                );
            }
        }
    }
}

#[test]
fn every_generator_hands_out_finite_f32_values() {
    let n = cases(300);
    all_coordinates_are_f32(&Orient2dKind, n);
    all_coordinates_are_f32(&Orient3dKind, n);
    all_coordinates_are_f32(&IncircleKind, n);
    all_coordinates_are_f32(&InsphereKind, n);
    all_coordinates_are_f32(&RayTriangleKind, n);
    all_coordinates_are_f32(&TriTriKind, n);
    all_coordinates_are_f32(&RayAabbKind, n);
    all_coordinates_are_f32(&MeshRaysKind::icosphere(2), n);
    // The rows of the file-oriented kinds (what `isect oracle generate` writes) too, and
    // they are the coordinates of the kinds' own inputs for the same stream.
    for info in &KINDS {
        let mut rng = Rng::new(3);
        for family in Family::ALL {
            for _ in 0..50 {
                let row = info.generate(family, F32, &mut rng);
                assert_eq!(row.len(), info.arity());
                assert!(
                    row.iter().all(|&x| x.is_finite() && is_f32(&q(x))),
                    "{}",
                    info.name
                );
            }
        }
    }
}

#[test]
fn f32_rays_pass_exactly_through_the_aimed_vertex_or_edge_point() {
    for family in [Family::AimedAtVertices, Family::AimedAtEdges] {
        for qi in f32_inputs(RayTriangleKind, family, 7, cases(300)) {
            let p = at(&qi.ray.origin, &qi.ray.direction, 1);
            let vertex = family == Family::AimedAtVertices;
            assert!(at_aim(&p, &qi.triangle, vertex), "{qi:?}");
        }
        // Boxes: through a corner, or a point strictly inside an edge, at t = 1.
        for (r, bx) in f32_inputs(RayAabbKind, family, 8, cases(300)) {
            let p = at(&r.origin, &r.direction, 1);
            let on = |k: usize| p[k] == q(bx.min[k]) || p[k] == q(bx.max[k]);
            let inside = |k: usize| p[k] > q(bx.min[k]) && p[k] < q(bx.max[k]);
            let faces = (0..3).filter(|&k| on(k)).count();
            if family == Family::AimedAtVertices {
                assert_eq!(faces, 3, "{r:?} {bx:?}");
            } else {
                assert_eq!(faces, 2, "{r:?} {bx:?}");
                assert!((0..3).any(inside), "{r:?} {bx:?}");
            }
        }
        // Triangle pairs: a vertex of the second at a vertex / strictly inside an edge of
        // the first.
        for (t1, t2) in f32_inputs(TriTriKind, family, 9, cases(300)) {
            let vertex = family == Family::AimedAtVertices;
            let ok = t2.iter().any(|v| at_aim(&q3(v), &t1, vertex));
            assert!(ok, "{t1:?} {t2:?}");
        }
    }
    // Mesh rays (icosphere: coordinates on a dyadic grid) through a vertex at t = 8.
    let kind = MeshRaysKind::icosphere(2);
    let vertices: Vec<[Q; 3]> = kind.mesh().vertices().iter().map(q3).collect();
    for r in f32_inputs(&kind, Family::AimedAtVertices, 4, cases(100)) {
        assert!(vertices.contains(&at(&r.origin, &r.direction, 8)), "{r:?}");
    }
}

#[test]
fn f32_degenerate_families_are_exactly_degenerate() {
    let n = cases(200);
    for f in [Family::AimedAtVertices, Family::AimedAtEdges] {
        for p in f32_inputs(Orient2dKind, f, 1, n) {
            assert_eq!(orient2d_q(&to_q(&p)), Sign::Zero, "{p:?}");
        }
        for p in f32_inputs(Orient3dKind, f, 2, n) {
            assert_eq!(orient3d_q(&to_q(&p)), Sign::Zero, "{p:?}");
        }
        for p in f32_inputs(IncircleKind, f, 3, n) {
            assert_eq!(incircle_q(&to_q(&p)), Sign::Zero, "{p:?}");
        }
        for p in f32_inputs(InsphereKind, f, 4, n) {
            assert_eq!(insphere_q(&to_q(&p)), Sign::Zero, "{p:?}");
        }
    }
}

/// The distance between consecutive `f32` values at `x`.
fn ulp32(x: f64) -> f64 {
    let a = (x as f32).abs();
    if a == 0.0 {
        f64::from(f32::from_bits(1))
    } else {
        f64::from(a.next_up() - a)
    }
}

#[test]
fn f32_near_degenerate_inputs_are_near_in_f32_and_hurt_f32_code() {
    // orient3d: d within about one f32 ulp per coordinate of the plane of a, b, c, and
    // the plain f32 determinant gets a good part of the signs wrong.
    let inputs = f32_inputs(Orient3dKind, Family::NearDegenerate, 5, cases(400));
    let mut wrong = 0;
    for p in &inputs {
        // Some point (the points are shuffled) is within 1.5 f32 ulps per coordinate of
        // the plane of the others (rounded once to f64, then to f32).
        let near = (0..4).any(|i| {
            let o: Vec<[f64; 3]> = (0..4).filter(|&j| j != i).map(|j| p[j]).collect();
            near_plane(&o[0], &o[1], &o[2], &p[i], p[i].map(|x| 1.5 * ulp32(x)))
        });
        assert!(near, "{p:?}");
        let f = p.map(|v| v.map(|x| x as f32));
        let naive = {
            let s = |u: [f32; 3], v: [f32; 3]| [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
            let (x, y, z) = (s(f[0], f[3]), s(f[1], f[3]), s(f[2], f[3]));
            x[0] * (y[1] * z[2] - y[2] * z[1]) - x[1] * (y[0] * z[2] - y[2] * z[0])
                + x[2] * (y[0] * z[1] - y[1] * z[0])
        };
        let sign = if naive > 0.0 {
            Sign::Positive
        } else if naive < 0.0 {
            Sign::Negative
        } else {
            Sign::Zero
        };
        // isect's orient3d is det[a − d; b − d; c − d], the same determinant.
        wrong += (sign != orient3d_q(&to_q(p))) as usize;
    }
    assert!(
        wrong * 10 > inputs.len(),
        "only {wrong} of {} wrong in f32",
        inputs.len()
    );

    // The near-coplanar scene in f32 likewise, and the Kettner grid in f32 has the signs
    // of j − i on consecutive f32 values.
    for [a, b, c, d] in scenes::near_coplanar_orient3d_in(F32, cases(200), 6) {
        assert!(near_plane(&a, &b, &c, &d, d.map(|x| 1.5 * ulp32(x))));
        assert!([a, b, c, d].iter().flatten().all(|&x| is_f32(&q(x))));
    }
    let size = 24;
    for (k, (p, qq, r)) in scenes::kettner_grid_in(F32, size).into_iter().enumerate() {
        let (i, j) = (k % size, k / size);
        assert!(p.iter().all(|&x| is_f32(&q(x))));
        assert_eq!(
            orient2d_q(&to_q(&[p, qq, r])),
            Sign::from_ordering(j.cmp(&i))
        );
    }
    for (a, b) in scenes::near_coplanar_triangle_pairs_in(F32, cases(100), 2) {
        assert!(a.iter().chain(&b).flatten().all(|&x| is_f32(&q(x))));
    }
    for (bx, r) in scenes::near_parallel_box_rays_in(F32, cases(100), 2) {
        let all = [bx.min, bx.max, r.origin, r.direction];
        assert!(all.iter().flatten().all(|&x| is_f32(&q(x))));
    }
    let (v, t) = scenes::icosphere(2);
    for r in scenes::aimed_rays_in(F32, &v, &t, Aim::Edge, 50, 1)
        .into_iter()
        .chain(scenes::random_rays_in(F32, &v, 50, 1))
    {
        assert!(r.origin.iter().chain(&r.direction).all(|&x| is_f32(&q(x))));
    }
}

#[test]
fn f32_extreme_and_far_families_reach_the_f32_ranges() {
    let mut tiny = 0;
    let mut subnormal = 0;
    let mut huge = 0;
    for q3s in f32_inputs(TriTriKind, Family::ExtremeExponents, 12, cases(500)) {
        for x in TriTriKind.coords(&q3s) {
            let a = x.abs();
            assert!(a <= f32::MAX as f64);
            tiny += (a != 0.0 && a < 1e-30) as usize;
            subnormal += (a != 0.0 && a < f32::MIN_POSITIVE as f64) as usize;
            huge += (a > 1e30) as usize;
        }
    }
    assert!(
        tiny > 50 && subnormal > 5 && huge > 50,
        "{tiny} {subnormal} {huge}"
    );
    // Far from the origin for f32: offsets of 2^6 to 2^13, still resolving the shape.
    let mut far = 0;
    for (t1, t2) in f32_inputs(TriTriKind, Family::FarFromOrigin, 13, cases(300)) {
        let m = t1
            .iter()
            .chain(&t2)
            .flatten()
            .fold(0f64, |m, x| m.max(x.abs()));
        assert!(m < 2f64.powi(14), "{m}");
        far += (m >= 64.0) as usize;
    }
    assert!(far > 200, "{far}");
}

/// Plain `f32` Möller–Trumbore as a GPU kernel would run it (no epsilon, closed
/// triangle), on the `f32` values of the input.
fn moller_trumbore_f32(qi: &RayTriangleInput) -> bool {
    let f = |p: [f64; 3]| {
        let r = p.map(|x| x as f32);
        // The generator handed out f32 values: the conversion is exact.
        assert_eq!(r.map(f64::from), p);
        r
    };
    let sub = |a: [f32; 3], b: [f32; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let cross = |a: [f32; 3], b: [f32; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let dot = |a: [f32; 3], b: [f32; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let (o, d) = (f(qi.ray.origin), f(qi.ray.direction));
    let [v0, v1, v2] = qi.triangle.map(f);
    let (e1, e2) = (sub(v1, v0), sub(v2, v0));
    let p = cross(d, e2);
    let det = dot(e1, p);
    if det == 0.0 {
        return false;
    }
    let s = sub(o, v0);
    let u = dot(s, p) / det;
    if !(0.0..=1.0).contains(&u) {
        return false;
    }
    let qv = cross(s, e1);
    let v = dot(d, qv) / det;
    if v < 0.0 || u + v > 1.0 {
        return false;
    }
    dot(e2, qv) / det >= 0.0
}

#[test]
fn f32_moller_trumbore_failures_are_all_real_on_f32_inputs() {
    let n = cases(1500);
    let mut total = 0;
    for family in Family::ALL {
        let g = Generator::new(RayTriangleKind, family)
            .seed(16)
            .precision(F32);
        let report = check(moller_trumbore_f32, &g, n);
        // The same inputs, judged here on their f32 values in rationals.
        let mut failures = 0;
        for qi in g.inputs(n) {
            let exact = rational_hit(&qi);
            assert_eq!(RayTriangleKind.exact(&qi), exact, "{family:?} {qi:?}");
            failures += (moller_trumbore_f32(&qi) != exact) as usize;
        }
        // Every failure the report counts is a failure on the f32 inputs themselves, and
        // every such failure is counted.
        assert_eq!(report.disagreements(), failures, "{family:?}\n{report}");
        if let Some(c) = &report.counterexample {
            assert!(c.input.ray.origin.iter().all(|&x| is_f32(&q(x))));
            assert_eq!(rational_hit(&c.input), c.exact);
            assert_eq!(moller_trumbore_f32(&c.input), c.got);
        }
        total += failures;
    }
    // Plain f32 Möller–Trumbore does fail on these (edges, vertices, grazing rays).
    assert!(total > 0);

    // The contrast the issue reported: f64 inputs rounded to f32 by the candidate. Far
    // from the origin, the exact answer for the f64 input is often not the one for the
    // f32 values the candidate computes with (a "failure" that is the rounding's).
    let g = Generator::new(RayTriangleKind, Family::FarFromOrigin).seed(16);
    let vanishing = g
        .inputs(n)
        .iter()
        .filter(|qi| {
            let rounded = RayTriangleInput {
                ray: Ray::new(
                    qi.ray.origin.map(|x| x as f32 as f64),
                    qi.ray.direction.map(|x| x as f32 as f64),
                ),
                triangle: qi.triangle.map(|p| p.map(|x| x as f32 as f64)),
            };
            rational_hit(qi) != rational_hit(&rounded)
        })
        .count();
    assert!(
        vanishing > 0,
        "f64 far-from-origin inputs keep their answers in f32"
    );
}

#[cfg(feature = "proptest")]
#[test]
fn f32_strategies_hand_out_f32_inputs() {
    use isect::oracle::strategies;
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::TestRunner;
    let s =
        strategies::generated(Generator::new(RayTriangleKind, Family::AimedAtEdges).precision(F32));
    let mut runner = TestRunner::deterministic();
    for _ in 0..cases(50) {
        let qi = s.new_tree(&mut runner).unwrap().current();
        assert!(RayTriangleKind.coords(&qi).iter().all(|&x| is_f32(&q(x))));
        assert!(rational_hit(&qi));
    }
}
