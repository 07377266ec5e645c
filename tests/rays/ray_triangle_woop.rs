//! The Woop–Benthin–Wald test is watertight over its whole documented range: rays aimed
//! *exactly* at vertices and at points on shared edges of a closed icosphere, scaled by
//! every power of two from the subnormal range up to the top of the range the docs state
//! (`vertex − origin` below 2^1021 for `f64`, 2^125 for `f32`). The scaling is exact, so
//! the geometry is the same at every scale; only the float arithmetic changes: products
//! underflow at the bottom and overflow at the top, which is where the published
//! algorithm's higher-precision retry is not enough (tests/fuzz_regressions.rs).
//!
//! Properties (no oracle beyond the exact construction of the rays):
//! * a ray from inside the solid, through a vertex or an edge point, is reported by at
//!   least one triangle (no leak through the gap between faces);
//! * a ray from outside that enters the solid through a vertex or an edge point is
//!   reported at least twice (entry and exit);
//! * `t` is non-negative and barycentric weights are finite.
//!
//! `ISECT_TEST_SCALE` multiplies the number of cases (`isect_testkit::cases`).

use isect::FloatScalar;
use isect::oracle::scenes::{Aim, aimed_rays, icosphere};
use isect::ray::ray_triangle_woop;
use isect::{Ray, Triangle};
use isect_testkit::config;
use proptest::prelude::*;

/// `x · 2^k`, asserted exact (the scaled value scales back to `x`).
fn scale(x: f64, k: i32) -> f64 {
    let half = 2f64.powi(k / 2);
    let rest = 2f64.powi(k - k / 2);
    let y = x * half * rest;
    let back = y / rest / half;
    assert_eq!(back, x, "scaling {x:e} by 2^{k} is not exact");
    y
}

/// Hits (with `t ≥ 0` checked) of `ray` on every triangle of the mesh.
fn count<T: FloatScalar + Into<f64>>(v: &[[T; 3]], t: &[[u32; 3]], ray: &Ray<T>) -> usize {
    t.iter()
        .filter_map(|f| {
            let tri = Triangle::new(v[f[0] as usize], v[f[1] as usize], v[f[2] as usize]);
            ray_triangle_woop(ray, &tri)
        })
        .inspect(|h| {
            let t: f64 = h.t.into();
            assert!(t >= 0.0, "negative t {t:e}");
            for w in h.barycentric {
                let w: f64 = w.into();
                assert!(w.is_finite(), "weight {w:e}");
            }
        })
        .count()
}

/// The icosphere and aimed rays scaled by `2^k`, checked in `T`.
fn check_scale<T: FloatScalar + Into<f64>>(
    k: i32,
    aim: Aim,
    seed: u64,
    conv: impl Fn(f64) -> T,
) -> Result<(), TestCaseError> {
    let (v, t) = icosphere(2);
    let v: Vec<[T; 3]> = v.iter().map(|p| p.map(|x| conv(scale(x, k)))).collect();
    for ray in aimed_rays(&icosphere(2).0, &t, aim, 6, seed) {
        let o = ray.origin.map(|x| scale(x, k));
        let d = ray.direction.map(|x| scale(x, k));
        // The aim point p = o + 8d is on the surface; q = o + 9d is inside.
        let q: [f64; 3] = core::array::from_fn(|c| o[c] + 9.0 * d[c]);
        let outside = Ray::new(o.map(&conv), d.map(&conv));
        let inside = Ray::new(q.map(&conv), d.map(|x| conv(-x)));
        let n_in = count(&v, &t, &inside);
        prop_assert!(
            n_in >= 1,
            "leak at scale 2^{k}: from inside through {aim:?}, {inside:?}"
        );
        let n_out = count(&v, &t, &outside);
        prop_assert!(
            n_out >= 2,
            "leak at scale 2^{k}: entering through {aim:?}, {n_out} hits, {outside:?}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn woop_f64_is_watertight_at_every_scale(
        k in prop_oneof![-1056..=-1000_i32, -60..=60_i32, 960..=1015_i32],
        vertex in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let aim = if vertex { Aim::Vertex } else { Aim::Edge };
        check_scale(k, aim, seed, |x| x)?;
    }

    #[test]
    fn woop_f32_is_watertight_at_every_scale(
        k in prop_oneof![-131..=-100_i32, -20..=20_i32, 90..=119_i32],
        vertex in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let aim = if vertex { Aim::Vertex } else { Aim::Edge };
        check_scale(k, aim, seed, |x| {
            let y = x as f32;
            assert_eq!(f64::from(y), x, "not exact in f32: {x:e}");
            y
        })?;
    }
}

/// The two ends of the range, deterministic: the smallest scale (coordinates that are
/// multiples of the smallest subnormal) and the largest the docs cover.
#[test]
fn woop_extreme_scales() {
    for k in [-1056, 1015] {
        for aim in [Aim::Vertex, Aim::Edge] {
            check_scale(k, aim, 7, |x| x).unwrap();
        }
    }
    for k in [-131, 119] {
        for aim in [Aim::Vertex, Aim::Edge] {
            check_scale(k, aim, 7, |x| x as f32).unwrap();
        }
    }
}

/// NaN or an infinity in any coordinate of the ray or the triangle, alone or with
/// others: `None`, as documented (a long fuzz run found an input where Woop's arithmetic
/// carried a non-finite value through to a hit).
#[test]
fn non_finite_input_never_hits() {
    let base = [
        [0.25, 0.25, 1.0],
        [0.0, 0.0, -1.0],
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
    ];
    let hit = |p: &[[f64; 3]; 5]| {
        let ray = Ray::new(p[0], p[1]);
        let tri = Triangle::new(p[2], p[3], p[4]);
        ray_triangle_woop(&ray, &tri).is_some()
    };
    assert!(hit(&base));
    let bad = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    let mut checked = 0;
    for i in 0..15 {
        for j in i..15 {
            for &x in &bad {
                for &y in &bad {
                    let mut p = base;
                    p[i / 3][i % 3] = x;
                    p[j / 3][j % 3] = y;
                    assert!(!hit(&p), "coordinates {i} = {x}, {j} = {y}: {p:?}");
                    let p32 = p.map(|q| q.map(|v| v as f32));
                    let ray = Ray::new(p32[0], p32[1]);
                    let tri = Triangle::new(p32[2], p32[3], p32[4]);
                    assert!(ray_triangle_woop(&ray, &tri).is_none(), "f32 {p:?}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 120 * 9);
}
