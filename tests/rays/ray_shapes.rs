//! Ray/sphere, ray/AABB, ray/OBB and ray/polygon against independent rational oracles.
//!
//! The oracles below are written here in `BigRational` arithmetic and share no code with
//! the library: the AABB and OBB oracles clip the ray parameter interval with exact
//! divisions (the library never divides to decide), the sphere oracle minimizes the
//! squared distance over `t ≥ 0` (the library takes signs of `c₀`, `b` and the
//! discriminant), and the polygon oracle solves for the hit point in the polygon's own 2D
//! coordinates and counts crossings of a vertical ray (the library projects along the
//! dominant axis and counts crossings of a horizontal one).
//!
//! Inputs are built on dyadic grids so that aimed rays hit box corners, edges and faces,
//! sphere tangent points and polygon vertices *exactly*, then scaled by powers of two
//! (positions and directions separately) into subnormal and huge ranges. Case counts
//! scale with `ISECT_TEST_SCALE` (see `isect_testkit::cases`).

use isect::FloatScalar;
use isect::ray::{FillRule, ray_polygon, try_ray_polygon};
use isect::ray::{
    SlabRay, SlopeRay, Span, ray_aabb, ray_aabb_conservative, ray_aabb_slab, ray_aabb_slopes,
    try_ray_aabb,
};
use isect::ray::{ray_obb, ray_obb_slab, try_ray_obb};
use isect::ray::{ray_sphere, ray_sphere_algebraic, ray_sphere_geometric, try_ray_sphere};
use isect::{Aabb, InputError, NonFiniteValue, Obb, Polygon, Ray, Sphere};
use isect_testkit::float::{Fl, nudge};
use isect_testkit::q::{cross as cross3, dot as dot3, q_pow2 as pow2q, qi, sub as sub3};
use isect_testkit::{Q, config};
use num_traits::{Signed, ToPrimitive, Zero};
use proptest::array::uniform3;
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// Rational helpers
// ---------------------------------------------------------------------------------------

fn q3<F: Fl>(p: &[F; 3]) -> [Q; 3] {
    p.map(|x| x.q())
}

/// `x·2^e` in `F`, or `None` if that is not exactly representable.
fn exact<F: Fl>(x: i64, e: i32) -> Option<F> {
    let v = F::from_f64(x as f64).mul_pow2(e);
    (v.is_fin() && v.q() == qi(x) * pow2q(e)).then_some(v)
}

fn exact3<F: Fl>(p: [i64; 3], e: i32) -> Option<[F; 3]> {
    Some([exact(p[0], e)?, exact(p[1], e)?, exact(p[2], e)?])
}

/// Exponents for scaling a grid in `F`: plain, subnormal range, near the top, moderate.
fn exponent<F: Fl>(sel: u8) -> i32 {
    match sel % 8 {
        0..=2 => 0,
        3 => F::MIN_EXP + 10,
        4 => F::MAX_EXP - 12,
        5 => F::MAX_EXP * 3 / 10,
        6 => -(F::MAX_EXP * 3 / 10),
        _ => -3,
    }
}

// ---------------------------------------------------------------------------------------
// Oracles
// ---------------------------------------------------------------------------------------

/// Clip `[0, ∞)` by the slabs `lo_k ≤ o_k + t·d_k ≤ hi_k`, with exact divisions.
/// Zero direction: `[0, 0]` if the point is inside (the library's convention).
fn clip_slabs(o: &[Q; 3], d: &[Q; 3], lo: &[Q; 3], hi: &[Q; 3]) -> Option<(Q, Q)> {
    if (0..3).any(|k| lo[k] > hi[k]) {
        return None;
    }
    let mut t0 = Q::zero();
    let mut t1: Option<Q> = None;
    for k in 0..3 {
        if d[k].is_zero() {
            if o[k] < lo[k] || o[k] > hi[k] {
                return None;
            }
            continue;
        }
        let a = (&lo[k] - &o[k]) / &d[k];
        let b = (&hi[k] - &o[k]) / &d[k];
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a > t0 {
            t0 = a;
        }
        t1 = Some(match t1 {
            Some(t) if t <= b => t,
            _ => b,
        });
    }
    match t1 {
        None => Some((Q::zero(), Q::zero())),
        Some(t1) => (t0 <= t1).then_some((t0, t1)),
    }
}

fn oracle_aabb<F: Fl>(ray: &Ray<F>, b: &Aabb<F>) -> Option<(Q, Q)> {
    clip_slabs(
        &q3(&ray.origin),
        &q3(&ray.direction),
        &q3(&b.min),
        &q3(&b.max),
    )
}

/// The box coordinates `sᵢ(t)·D = nᵢ·(o − c) + t·nᵢ·d` must lie in `[−hᵢ|D|, hᵢ|D|]`.
fn oracle_obb_q(
    o: &[Q; 3],
    d: &[Q; 3],
    c: &[Q; 3],
    axes: &[[Q; 3]; 3],
    h: &[Q; 3],
) -> Option<(Q, Q)> {
    let det = dot3(&axes[0], &cross3(&axes[1], &axes[2]));
    if det.is_zero() || h.iter().any(|x| x.is_negative()) {
        return None;
    }
    let n: [[Q; 3]; 3] = core::array::from_fn(|i| cross3(&axes[(i + 1) % 3], &axes[(i + 2) % 3]));
    let rel = sub3(o, c);
    let oo: [Q; 3] = core::array::from_fn(|i| dot3(&n[i], &rel));
    let dd: [Q; 3] = core::array::from_fn(|i| dot3(&n[i], d));
    let hi: [Q; 3] = core::array::from_fn(|i| &h[i] * det.abs());
    let lo: [Q; 3] = core::array::from_fn(|i| -&hi[i]);
    clip_slabs(&oo, &dd, &lo, &hi)
}

fn oracle_obb<F: Fl>(ray: &Ray<F>, b: &Obb<F>) -> Option<(Q, Q)> {
    oracle_obb_q(
        &q3(&ray.origin),
        &q3(&ray.direction),
        &q3(&b.center),
        &b.axes.each_ref().map(q3),
        &q3(&b.half_extents),
    )
}

/// Hit iff `min over t ≥ 0 of |o + t·d − c|² ≤ r²` (and `r ≥ 0`).
fn oracle_sphere_q(o: &[Q; 3], d: &[Q; 3], c: &[Q; 3], r: &Q) -> bool {
    if r.is_negative() {
        return false;
    }
    let f = sub3(o, c);
    let a = dot3(d, d);
    let t = if a.is_zero() {
        Q::zero()
    } else {
        let t = -dot3(&f, d) / &a;
        if t.is_negative() { Q::zero() } else { t }
    };
    let p: [Q; 3] = core::array::from_fn(|k| &f[k] + &t * &d[k]);
    dot3(&p, &p) <= r * r
}

fn oracle_sphere<F: Fl>(ray: &Ray<F>, s: &Sphere<F>) -> bool {
    oracle_sphere_q(
        &q3(&ray.origin),
        &q3(&ray.direction),
        &q3(&s.center),
        &s.radius.q(),
    )
}

/// `true` iff `t ∈ [lo, hi]`, `t` being the root `(−b + σ√Δ)/a` (σ = ±1) of
/// `a t² + 2b t + c₀`, decided exactly.
fn root_in(a: &Q, b: &Q, disc: &Q, sigma: i32, lo: &Q, hi: &Q) -> bool {
    // t ≥ lo  ⇔  σ√Δ ≥ a·lo + b
    let ge = |x: Q| -> bool {
        // σ√Δ ≥ x
        if sigma > 0 {
            x.is_negative() || &(&x * &x) <= disc
        } else {
            !x.is_positive() && &(&x * &x) >= disc
        }
    };
    let le = |x: Q| -> bool {
        // σ√Δ ≤ x
        if sigma > 0 {
            !x.is_negative() && &(&x * &x) >= disc
        } else {
            x.is_positive() || &(&x * &x) <= disc
        }
    };
    ge(a * lo + b) && le(a * hi + b)
}

/// The 2D winding number of `p` in `poly` by crossings of the upward vertical ray from `p`
/// (`None` if `p` is on the boundary).
fn winding_2d(poly: &[[Q; 2]], p: &[Q; 2]) -> Option<i64> {
    let n = poly.len();
    let mut w = 0;
    for i in 0..n {
        let (a, b) = (&poly[i], &poly[(i + 1) % n]);
        let orient = (&b[0] - &a[0]) * (&p[1] - &a[1]) - (&b[1] - &a[1]) * (&p[0] - &a[0]);
        let within = |k: usize| {
            let (lo, hi) = if a[k] <= b[k] {
                (&a[k], &b[k])
            } else {
                (&b[k], &a[k])
            };
            lo <= &p[k] && &p[k] <= hi
        };
        if orient.is_zero() && within(0) && within(1) {
            return None;
        }
        let (ar, br) = (a[0] > p[0], b[0] > p[0]);
        if ar != br {
            if br && orient.is_negative() {
                w -= 1; // moving +u, p below the edge
            } else if ar && orient.is_positive() {
                w += 1; // moving −u, p below the edge
            }
        }
    }
    Some(w)
}

fn orient2q(a: &[Q; 2], b: &[Q; 2], c: &[Q; 2]) -> Q {
    (&b[0] - &a[0]) * (&c[1] - &a[1]) - (&b[1] - &a[1]) * (&c[0] - &a[0])
}

/// A planar polygon given by 2D coordinates `uv` on the plane `A + u·E1 + w·E2` (all
/// scaled by `2^ep`); the oracle solves `o + t·d = 2^ep·(A + u·E1 + w·E2)` by Cramer.
/// Returns `None` (miss) or `Some((t, winding about n_code))` with `None` winding on the
/// boundary; the winding is *before* applying a fill rule.
#[allow(clippy::type_complexity)]
fn oracle_polygon(
    o: &[Q; 3],
    d: &[Q; 3],
    a: &[Q; 3],
    e1: &[Q; 3],
    e2: &[Q; 3],
    uv: &[[Q; 2]],
) -> Option<Option<(Q, Option<i64>)>> {
    // Columns E1, E2, −d; right side o − A.
    let nd = d.clone().map(|x| -x);
    let rhs = sub3(o, a);
    let det3 = |c0: &[Q; 3], c1: &[Q; 3], c2: &[Q; 3]| dot3(c0, &cross3(c1, c2));
    let det = det3(e1, e2, &nd);
    // The code's plane vertices: first three non-collinear ones.
    let ia = 0;
    let ib = (1..uv.len()).find(|&i| uv[i] != uv[ia])?;
    let ic = (ib + 1..uv.len()).find(|&i| !orient2q(&uv[ia], &uv[ib], &uv[i]).is_zero())?;
    if det.is_zero() {
        return Some(None);
    }
    let u = det3(&rhs, e2, &nd) / &det;
    let w = det3(e1, &rhs, &nd) / &det;
    let t = det3(e1, e2, &rhs) / &det;
    if t.is_negative() {
        return Some(None);
    }
    let orient = orient2q(&uv[ia], &uv[ib], &uv[ic]);
    let wind = winding_2d(uv, &[u, w]).map(|w| if orient.is_negative() { -w } else { w });
    Some(Some((t, wind)))
}

// ---------------------------------------------------------------------------------------
// Checks shared by the families
// ---------------------------------------------------------------------------------------

/// The float span is within `2u·|t|` of the exact one (two roundings), when the exact
/// values are in the normal range.
fn span_close<F: Fl + FloatScalar>(got: &Span<F>, want: &(Q, Q), k: i32) -> bool {
    let u = pow2q(-(F::MANT as i32));
    let close = |g: F, w: &Q| {
        let wf = w.to_f64().unwrap_or(f64::NAN).abs();
        if w.is_zero() {
            return g.q().is_zero();
        }
        if !(wf > 1e-290 && wf < 1e290) || (F::MANT == 24 && !(wf > 1e-35 && wf < 1e35)) {
            return true; // out of the range the bound is stated for
        }
        if !g.is_fin() {
            return false;
        }
        (g.q() - w).abs() <= qi(k as i64) * &u * w.abs()
    };
    close(got.t_enter, &want.0) && close(got.t_exit, &want.1)
}

fn check_aabb<F: Fl + FloatScalar>(ray: &Ray<F>, b: &Aabb<F>) -> Result<(), TestCaseError> {
    let want = oracle_aabb(ray, b);
    let got = ray_aabb(ray, b);
    prop_assert_eq!(got.is_some(), want.is_some(), "{:?} {:?}", ray, b);
    if let (Some(g), Some(w)) = (&got, &want) {
        prop_assert!(span_close(g, w, 2), "t: {:?} vs {:?}", g, w);
    }
    // Rationals agree exactly.
    let rq = Ray::new(q3(&ray.origin), q3(&ray.direction));
    let bq = Aabb::new(q3(&b.min), q3(&b.max));
    let gq = ray_aabb(&rq, &bq).map(|s| (s.t_enter, s.t_exit));
    prop_assert_eq!(gq, want.clone());
    // The conservative slab never misses an exact hit (in its documented domain).
    if want.is_some() && in_conservative_domain(ray, b) {
        prop_assert!(
            ray_aabb_conservative(&SlabRay::new(ray), b).is_some(),
            "conservative missed {:?} {:?}",
            ray,
            b
        );
    }
    Ok(())
}

/// Coordinates and `1/d` in the normal range (or zero) and no `t` beyond it: the
/// conservative guarantee's domain.
fn in_conservative_domain<F: Fl>(ray: &Ray<F>, b: &Aabb<F>) -> bool {
    let (lo, hi) = if F::MANT == 24 {
        (1e-30, 1e30)
    } else {
        (1e-250, 1e250)
    };
    let ok = |x: F| {
        let a = x.wide().abs();
        a == 0.0 || (a > lo && a < hi)
    };
    let vals = ray
        .origin
        .iter()
        .chain(&ray.direction)
        .chain(&b.min)
        .chain(&b.max);
    if !vals.copied().all(ok) {
        return false;
    }
    // |t| ≤ (|bound| + |o|)/|d| within range.
    let big = b
        .min
        .iter()
        .chain(&b.max)
        .chain(&ray.origin)
        .fold(0.0f64, |m, x| m.max(x.wide().abs()));
    ray.direction
        .iter()
        .all(|d| d.wide() == 0.0 || 2.0 * big / d.wide().abs() < hi)
}

// ---------------------------------------------------------------------------------------
// AABB families
// ---------------------------------------------------------------------------------------

/// A box and a ray aimed exactly at a corner, edge, face, interior or outside point:
/// coordinates doubled so that midpoints are integers; `ep`/`ed` scale positions and
/// direction.
#[derive(Clone, Debug)]
struct AimedBox {
    lo: [i64; 3],
    hi: [i64; 3],
    o: [i64; 3],
    d: [i64; 3],
    ep: u8,
    ed: u8,
}

fn aimed_box() -> impl Strategy<Value = AimedBox> {
    (
        uniform3((-8i64..=8, -1i64..=8, 0u8..6)),
        uniform3(-3i64..=3),
        1i64..=4,
        any::<u8>(),
        any::<u8>(),
    )
        .prop_map(|(axes, d, s, ep, ed)| {
            let mut lo = [0; 3];
            let mut hi = [0; 3];
            let mut o = [0; 3];
            for k in 0..3 {
                let (l, size, mode) = axes[k];
                lo[k] = 2 * l;
                hi[k] = 2 * (l + size);
                let target = match mode {
                    0 => lo[k],
                    1 => hi[k],
                    2 => (lo[k] + hi[k]) / 2,
                    3 => hi[k] + 1,
                    4 => lo[k] - 1,
                    _ => lo[k] + 1,
                };
                o[k] = target - s * d[k];
            }
            AimedBox {
                lo,
                hi,
                o,
                d,
                ep,
                ed,
            }
        })
}

fn realize_box<F: Fl>(c: &AimedBox) -> Option<(Ray<F>, Aabb<F>)> {
    let (ep, ed) = (exponent::<F>(c.ep), exponent::<F>(c.ed));
    Some((
        Ray::new(exact3(c.o, ep)?, exact3(c.d, ed)?),
        Aabb::new(exact3(c.lo, ep)?, exact3(c.hi, ep)?),
    ))
}

fn random_box<F: Fl>() -> impl Strategy<Value = (Ray<F>, Aabb<F>)> {
    let v = || uniform3(-1.0f64..1.0);
    (v(), v(), v(), uniform3(0.0f64..1.0), -30i32..30).prop_map(|(o, d, c, h, e)| {
        let f = |x: f64| F::from_f64(x).mul_pow2(e);
        let min: [F; 3] = core::array::from_fn(|k| f(c[k] - h[k] / 2.0));
        let max: [F; 3] = core::array::from_fn(|k| f(c[k] + h[k] / 2.0));
        (
            Ray::new(o.map(|x| f(4.0 * x)), d.map(F::from_f64)),
            Aabb::new(min, max),
        )
    })
}

/// Power-of-two directions (including `±0`) and small-integer positions: no operation of
/// the classic slab or slopes tests rounds, so they must agree with the exact test.
fn pow2_box() -> impl Strategy<Value = (Ray<f64>, Aabb<f64>)> {
    let dir = prop_oneof![
        Just(0.0),
        Just(-0.0),
        Just(1.0),
        Just(-1.0),
        Just(2.0),
        Just(-0.5),
        Just(4.0),
        Just(-4.0)
    ];
    (
        uniform3(-6i32..=6),
        uniform3(0i32..=4),
        uniform3(-8i32..=8),
        [dir.clone(), dir.clone(), dir],
    )
        .prop_map(|(lo, size, o, d)| {
            let lo = lo.map(f64::from);
            let hi: [f64; 3] = core::array::from_fn(|k| lo[k] + f64::from(size[k]));
            (Ray::new(o.map(f64::from), d), Aabb::new(lo, hi))
        })
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn aabb_aimed_f64(c in aimed_box()) {
        if let Some((ray, b)) = realize_box::<f64>(&c) {
            check_aabb(&ray, &b)?;
        }
    }

    #[test]
    fn aabb_aimed_f32_f64_rational_agree(c in aimed_box()) {
        if let (Some((r32, b32)), Some((r64, b64))) = (realize_box::<f32>(&c), realize_box::<f64>(&c)) {
            check_aabb(&r32, &b32)?;
            // Same grid, same scaling exponents when both are exact: identical answers.
            if exponent::<f32>(c.ep) == exponent::<f64>(c.ep) && exponent::<f32>(c.ed) == exponent::<f64>(c.ed) {
                let a = ray_aabb(&r32, &b32).map(|s| (s.t_enter.q(), s.t_exit.q()));
                let w = oracle_aabb(&r64, &b64);
                prop_assert_eq!(a.is_some(), w.is_some());
            }
        }
    }

    #[test]
    fn aabb_random(pair in random_box::<f64>(), pair32 in random_box::<f32>()) {
        check_aabb(&pair.0, &pair.1)?;
        check_aabb(&pair32.0, &pair32.1)?;
    }

    #[test]
    fn aabb_classic_and_slopes_exact_on_pow2_grid((ray, b) in pow2_box()) {
        let want = oracle_aabb(&ray, &b);
        let zero_dir = ray.direction.iter().all(|&d| d == 0.0);
        for (name, got) in [
            ("slab", ray_aabb_slab(&SlabRay::new(&ray), &b)),
            ("slopes", ray_aabb_slopes(&SlopeRay::new(&ray), &b)),
            ("conservative", ray_aabb_conservative(&SlabRay::new(&ray), &b)),
        ] {
            prop_assert_eq!(got.is_some(), want.is_some(), "{} {:?} {:?}", name, ray, b);
            if let (Some(g), Some(w), false) = (got, &want, zero_dir) {
                prop_assert_eq!(g.t_enter.q(), w.0.clone(), "{}", name);
                if name != "conservative" {
                    prop_assert_eq!(g.t_exit.q(), w.1.clone(), "{}", name);
                }
            }
        }
        check_aabb(&ray, &b)?;
    }
}

// ---------------------------------------------------------------------------------------
// Sphere families
// ---------------------------------------------------------------------------------------

/// Integer points `P` with `|P| = r`: tangent points on dyadic grids.
const LATTICE: [([i64; 3], i64); 6] = [
    ([3, 4, 0], 5),
    ([1, 2, 2], 3),
    ([2, 3, 6], 7),
    ([1, 4, 8], 9),
    ([2, 6, 9], 11),
    ([4, 4, 7], 9),
];

#[derive(Clone, Debug)]
struct AimedSphere {
    c: [i64; 3],
    r: i64,
    o: [i64; 3],
    d: [i64; 3],
    ep: u8,
    ed: u8,
    /// Nudge one origin coordinate by this many ulps after scaling.
    nudge: (usize, i32),
}

fn aimed_sphere() -> impl Strategy<Value = AimedSphere> {
    (
        0usize..LATTICE.len(),
        uniform3(any::<bool>()),
        0usize..6,
        uniform3(-4i64..=4),
        uniform3(-3i64..=3),
        -3i64..=4,
        0u8..4,
        (any::<u8>(), any::<u8>()),
        (0usize..3, -2i32..=2),
    )
        .prop_map(|(li, neg, perm, c, w, s, mode, (ep, ed), nudge)| {
            let (p0, r) = LATTICE[li];
            let order = [
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0],
            ][perm];
            let p: [i64; 3] =
                core::array::from_fn(|k| if neg[k] { -p0[order[k]] } else { p0[order[k]] });
            // Tangent: d ⊥ P; through the surface point: any d; towards the centre: −P.
            let d = match mode {
                0 | 1 => {
                    let x = [
                        p[1] * w[2] - p[2] * w[1],
                        p[2] * w[0] - p[0] * w[2],
                        p[0] * w[1] - p[1] * w[0],
                    ];
                    if x == [0; 3] { [p[1], -p[0], 0] } else { x }
                }
                2 => w,
                _ => p.map(|x| -x),
            };
            let o: [i64; 3] = core::array::from_fn(|k| c[k] + p[k] - s * d[k]);
            AimedSphere {
                c,
                r,
                o,
                d,
                ep,
                ed,
                nudge,
            }
        })
}

fn realize_sphere<F: Fl>(c: &AimedSphere) -> Option<(Ray<F>, Sphere<F>)> {
    let (ep, ed) = (exponent::<F>(c.ep), exponent::<F>(c.ed));
    let mut o: [F; 3] = exact3(c.o, ep)?;
    let (k, n) = c.nudge;
    o[k] = nudge(o[k], n);
    if !o[k].is_fin() {
        return None;
    }
    Some((
        Ray::new(o, exact3(c.d, ed)?),
        Sphere::new(exact3(c.c, ep)?, exact(c.r, ep)?),
    ))
}

fn random_sphere<F: Fl>() -> impl Strategy<Value = (Ray<F>, Sphere<F>)> {
    (
        uniform3(-4.0f64..4.0),
        uniform3(-1.0f64..1.0),
        uniform3(-2.0f64..2.0),
        -0.1f64..2.0,
        -30i32..30,
    )
        .prop_map(|(o, d, c, r, e)| {
            let f = |x: f64| F::from_f64(x).mul_pow2(e);
            (
                Ray::new(o.map(f), d.map(F::from_f64)),
                Sphere::new(c.map(f), f(r)),
            )
        })
}

/// The documented parameter bound for float input.
fn sphere_t_bound(ray: &Ray<f64>, s: &Sphere<f64>, t: f64) -> Option<f64> {
    let f = (0..3)
        .map(|k| (ray.origin[k] - s.center[k]).abs())
        .sum::<f64>();
    let dmax = ray.direction.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let e = 2f64.powi(-22) * ((f + s.radius) / dmax) + 2f64.powi(-48) * t.abs();
    (e.is_finite() && e > 0.0).then_some(e * (1.0 + 1e-6))
}

fn check_sphere<F: Fl>(ray: &Ray<F>, s: &Sphere<F>) -> Result<(), TestCaseError> {
    let want = oracle_sphere(ray, s);
    let got = ray_sphere(ray, s);
    prop_assert_eq!(got.is_some(), want, "{:?} {:?}", ray, s);
    let rq = Ray::new(q3(&ray.origin), q3(&ray.direction));
    let sq = Sphere::new(q3(&s.center), s.radius.q());
    let gq = ray_sphere(&rq, &sq);
    prop_assert_eq!(gq.is_some(), want);
    // Parameters: both roots bracketed exactly by the documented bound (f64 input only,
    // within the range the bound is stated for).
    if let (Some(g), Some(gq)) = (got, gq) {
        let r64 = Ray::new(
            ray.origin.map(|x| x.wide()),
            ray.direction.map(|x| x.wide()),
        );
        let s64 = Sphere::new(s.center.map(|x| x.wide()), s.radius.wide());
        let (o, d, c, r) = (
            q3(&r64.origin),
            q3(&r64.direction),
            q3(&s64.center),
            s64.radius.q(),
        );
        let f = sub3(&o, &c);
        let a = dot3(&d, &d);
        if a.is_zero() {
            return Ok(());
        }
        let b = dot3(&f, &d);
        let disc = &b * &b - &a * (dot3(&f, &f) - &r * &r);
        let inside = dot3(&f, &f) <= &r * &r;
        for (t, sigma, what) in [(g.t_enter, -1, "enter"), (g.t_exit, 1, "exit")] {
            if what == "enter" && inside {
                prop_assert_eq!(t, 0.0);
                continue;
            }
            if !(t.abs() > 1e-280 && t.abs() < 1e280) {
                continue;
            }
            if let Some(e) = sphere_t_bound(&r64, &s64, t) {
                let (lo, hi) = (Q::from_float(t - e).unwrap(), Q::from_float(t + e).unwrap());
                // Clamping to 0 can only move the entry towards the root when it is ≥ 0.
                prop_assert!(
                    root_in(&a, &b, &disc, sigma, &lo, &hi),
                    "{} t = {} ± {}",
                    what,
                    t,
                    e
                );
            }
        }
        // Rational input: a few ulps of relative error.
        for (t, tq) in [(g.t_enter, gq.t_enter), (g.t_exit, gq.t_exit)] {
            if t.abs() > 1e-280
                && t.abs() < 1e280
                && let Some(e) = sphere_t_bound(&r64, &s64, t)
            {
                prop_assert!((t - tq).abs() <= 2.0 * e, "{} vs rational {}", t, tq);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn sphere_aimed(c in aimed_sphere()) {
        if let Some((ray, s)) = realize_sphere::<f64>(&c) {
            check_sphere(&ray, &s)?;
        }
        if let Some((ray, s)) = realize_sphere::<f32>(&c) {
            check_sphere(&ray, &s)?;
        }
    }

    #[test]
    fn sphere_random(p in random_sphere::<f64>(), p32 in random_sphere::<f32>()) {
        check_sphere(&p.0, &p.1)?;
        check_sphere(&p32.0, &p32.1)?;
        // The classic forms agree with the exact test away from tangency.
        let (ray, s) = p;
        let margin = {
            let f: [f64; 3] = core::array::from_fn(|k| ray.origin[k] - s.center[k]);
            let a: f64 = ray.direction.iter().map(|x| x * x).sum();
            let b: f64 = (0..3).map(|k| f[k] * ray.direction[k]).sum();
            let ff: f64 = f.iter().map(|x| x * x).sum();
            let c0 = ff - s.radius * s.radius;
            ((b * b - a * c0).abs() > 1e-6 * (b * b + a * (ff + s.radius * s.radius)))
                && c0.abs() > 1e-6 * ff && b.abs() > 1e-6
        };
        if margin && s.radius >= 0.0 {
            let want = ray_sphere(&ray, &s).is_some();
            prop_assert_eq!(ray_sphere_algebraic(&ray, &s).is_some(), want);
            prop_assert_eq!(ray_sphere_geometric(&ray, &s).is_some(), want);
        }
    }
}

// ---------------------------------------------------------------------------------------
// OBB families
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct AimedObb {
    c: [i64; 3],
    axes: [[i64; 3]; 3],
    h: [i64; 3],
    o: [i64; 3],
    d: [i64; 3],
    ep: u8,
    ed: u8,
}

fn aimed_obb() -> impl Strategy<Value = AimedObb> {
    (
        uniform3(-4i64..=4),
        uniform3(uniform3(-2i64..=2)),
        uniform3(-1i64..=3),
        uniform3(0u8..5),
        uniform3(-3i64..=3),
        -2i64..=3,
        (any::<u8>(), any::<u8>()),
    )
        .prop_map(|(c, axes, h, modes, d, s, (ep, ed))| {
            // Target: c + Σ sᵢ·aᵢ with sᵢ ∈ {−h, h, 0, h/2, h+1} (coordinates doubled).
            let c2 = c.map(|x| 2 * x);
            let h2 = h.map(|x| 2 * x);
            let mut target = c2;
            for i in 0..3 {
                let si = match modes[i] {
                    0 => -h2[i],
                    1 => h2[i],
                    2 => 0,
                    3 => h[i],
                    _ => h2[i] + 1,
                };
                for k in 0..3 {
                    target[k] += si * axes[i][k];
                }
            }
            let o: [i64; 3] = core::array::from_fn(|k| target[k] - s * d[k]);
            AimedObb {
                c: c2,
                axes,
                h: h2,
                o,
                d,
                ep,
                ed,
            }
        })
}

fn realize_obb<F: Fl>(c: &AimedObb) -> Option<(Ray<F>, Obb<F>)> {
    let (ep, ed) = (exponent::<F>(c.ep), exponent::<F>(c.ed));
    let axes = [
        exact3(c.axes[0], 0)?,
        exact3(c.axes[1], 0)?,
        exact3(c.axes[2], 0)?,
    ];
    Some((
        Ray::new(exact3(c.o, ep)?, exact3(c.d, ed)?),
        Obb::new(exact3(c.c, ep)?, axes, exact3(c.h, ep)?),
    ))
}

fn random_obb() -> impl Strategy<Value = (Ray<f64>, Obb<f64>)> {
    (
        uniform3(-3.0f64..3.0),
        uniform3(-1.0f64..1.0),
        uniform3(-1.0f64..1.0),
        (0.0f64..6.3, 0.0f64..6.3),
        uniform3(0.1f64..2.0),
    )
        .prop_map(|(o, d, c, (yaw, pitch), h)| {
            // A rounded rotation: exactly a slightly skewed box.
            let (sy, cy) = yaw.sin_cos();
            let (sp, cp) = pitch.sin_cos();
            let axes = [
                [cy * cp, sy * cp, -sp],
                [-sy, cy, 0.0],
                [cy * sp, sy * sp, cp],
            ];
            (Ray::new(o, d), Obb::new(c, axes, h))
        })
}

fn check_obb<F: Fl>(ray: &Ray<F>, b: &Obb<F>) -> Result<(), TestCaseError> {
    let want = oracle_obb(ray, b);
    let got = ray_obb(ray, b);
    prop_assert_eq!(got.is_some(), want.is_some(), "{:?} {:?}", ray, b);
    let rq = Ray::new(q3(&ray.origin), q3(&ray.direction));
    let bq = Obb::new(
        q3(&b.center),
        b.axes.each_ref().map(q3),
        q3(&b.half_extents),
    );
    prop_assert_eq!(
        ray_obb(&rq, &bq).map(|s| (s.t_enter, s.t_exit)),
        want.clone()
    );
    if let (Some(g), Some(w)) = (got, want) {
        // Small-integer boxes: t within a few ulps (the permanents are of the size of t).
        for (t, tw) in [(g.t_enter, w.0), (g.t_exit, w.1)] {
            let tw = tw.to_f64().unwrap();
            if tw.abs() > 1e-30 && tw.abs() < 1e30 {
                let tol = 1e-4 * tw.abs().max(1.0);
                prop_assert!((t.wide() - tw).abs() <= tol, "{:?} vs {}", t, tw);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(192))]

    #[test]
    fn obb_aimed(c in aimed_obb()) {
        if let Some((ray, b)) = realize_obb::<f64>(&c) {
            check_obb(&ray, &b)?;
        }
        if let Some((ray, b)) = realize_obb::<f32>(&c) {
            check_obb(&ray, &b)?;
        }
    }

    #[test]
    fn obb_random_rotations((ray, b) in random_obb()) {
        let want = oracle_obb(&ray, &b);
        prop_assert_eq!(ray_obb(&ray, &b).is_some(), want.is_some());
        // The classic slab reads the axes as orthogonal: agreement away from grazing.
        if let Some((t0, t1)) = &want {
            let (t0, t1) = (t0.to_f64().unwrap(), t1.to_f64().unwrap());
            if t1 - t0 > 1e-6 {
                prop_assert!(ray_obb_slab(&ray, &b).is_some());
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Polygon families
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct AimedPolygon {
    a: [i64; 3],
    e1: [i64; 3],
    e2: [i64; 3],
    /// 2D vertices, doubled (so edge midpoints are integers).
    uv: Vec<[i64; 2]>,
    /// Target in doubled 2D coordinates.
    target: [i64; 2],
    d: [i64; 3],
    s: i64,
    ep: u8,
    ed: u8,
}

fn aimed_polygon() -> impl Strategy<Value = AimedPolygon> {
    (
        uniform3(-3i64..=3),
        uniform3(-2i64..=2),
        uniform3(-2i64..=2),
        proptest::collection::vec(proptest::array::uniform2(-4i64..=4), 3..9),
        (
            0u8..4,
            any::<prop::sample::Index>(),
            proptest::array::uniform2(-8i64..=8),
        ),
        uniform3(-3i64..=3),
        -1i64..=3,
        (any::<u8>(), any::<u8>()),
    )
        .prop_map(|(a, e1, e2, uv, (mode, idx, free), d, s, (ep, ed))| {
            let uv: Vec<[i64; 2]> = uv.iter().map(|p| [2 * p[0], 2 * p[1]]).collect();
            let i = idx.index(uv.len());
            let j = (i + 1) % uv.len();
            let target = match mode {
                0 => uv[i],
                1 => [(uv[i][0] + uv[j][0]) / 2, (uv[i][1] + uv[j][1]) / 2],
                _ => free,
            };
            AimedPolygon {
                a,
                e1,
                e2,
                uv,
                target,
                d,
                s,
                ep,
                ed,
            }
        })
}

fn realize_polygon<F: Fl>(c: &AimedPolygon) -> Option<(Ray<F>, Polygon<F>)> {
    let (ep, ed) = (exponent::<F>(c.ep), exponent::<F>(c.ed));
    let lift = |p: [i64; 2]| -> [i64; 3] {
        core::array::from_fn(|k| 2 * c.a[k] + p[0] * c.e1[k] + p[1] * c.e2[k])
    };
    let verts: Option<Vec<[F; 3]>> = c.uv.iter().map(|&p| exact3(lift(p), ep)).collect();
    let x = lift(c.target);
    let o: [i64; 3] = core::array::from_fn(|k| x[k] - c.s * c.d[k]);
    Some((
        Ray::new(exact3(o, ep)?, exact3(c.d, ed)?),
        Polygon::new(verts?),
    ))
}

fn check_polygon<F: Fl>(
    c: &AimedPolygon,
    ray: &Ray<F>,
    poly: &Polygon<F>,
) -> Result<(), TestCaseError> {
    let ep = exponent::<F>(c.ep);
    let scale = pow2q(ep);
    let lift3 = |p: [i64; 3], m: i64| p.map(|x| qi(m * x) * &scale);
    let uvq: Vec<[Q; 2]> = c.uv.iter().map(|p| [qi(p[0]), qi(p[1])]).collect();
    let want = oracle_polygon(
        &q3(&ray.origin),
        &q3(&ray.direction),
        &lift3(c.a, 2),
        &lift3(c.e1, 1),
        &lift3(c.e2, 1),
        &uvq,
    );
    let degenerate_plane = c.e1[1] * c.e2[2] == c.e1[2] * c.e2[1]
        && c.e1[2] * c.e2[0] == c.e1[0] * c.e2[2]
        && c.e1[0] * c.e2[1] == c.e1[1] * c.e2[0];
    if degenerate_plane {
        return Ok(()); // the 2D coordinates do not describe a plane
    }
    let pq = Polygon::new(poly.vertices.iter().map(q3).collect());
    let rq = Ray::new(q3(&ray.origin), q3(&ray.direction));
    for rule in [FillRule::EvenOdd, FillRule::NonZero] {
        let got = ray_polygon(ray, poly, rule);
        let gotq = ray_polygon(&rq, &pq, rule);
        let expect = match &want {
            None | Some(None) => None,
            Some(Some((t, None))) => Some((t.clone(), None)),
            Some(Some((t, Some(w)))) => rule.covers(*w).then(|| (t.clone(), Some(*w))),
        };
        prop_assert_eq!(
            got.as_ref().map(|h| h.winding),
            expect.as_ref().map(|e| e.1),
            "{:?} {:?} {:?}",
            rule,
            ray,
            poly
        );
        prop_assert_eq!(gotq.map(|h| (h.t, h.winding)), expect.clone());
        if let (Some(g), Some((t, _))) = (got, expect) {
            let tw = t.to_f64().unwrap();
            // The rounded t is bounded barring overflow and underflow of N and D (degree 3):
            // checked on unscaled grids.
            let moderate = |sel: u8| matches!(sel % 8, 0..=2 | 7);
            if moderate(c.ep) && moderate(c.ed) && F::MANT == 53 {
                prop_assert!(
                    (g.t.wide() - tw).abs() <= 1e-12 * tw.abs(),
                    "{:?} vs {}",
                    g.t,
                    tw
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn polygon_aimed(c in aimed_polygon()) {
        if let Some((ray, poly)) = realize_polygon::<f64>(&c) {
            check_polygon(&c, &ray, &poly)?;
        }
        if let Some((ray, poly)) = realize_polygon::<f32>(&c) {
            check_polygon(&c, &ray, &poly)?;
        }
    }
}

// ---------------------------------------------------------------------------------------
// The f64 filters' thresholds (proofs/ray_shapes.md)
// ---------------------------------------------------------------------------------------

/// Exponents that stress the static filters: plain; around `2^±500` (products of two
/// coordinates near the overflow and underflow thresholds, and `t = gap/d` near them when
/// positions and directions are scaled apart); near the top of the range (squares and
/// parameters overflow: the filter must refuse); deep subnormal.
fn filter_exponent(sel: u8) -> i32 {
    [0, 0, 500, 510, -500, -520, 1000, -1000, -1060, 250, -250][sel as usize % 11]
}

/// The grid point `p·2^e` with coordinate `k` nudged by `n` ulps when `nudge = Some((k, n))`
/// (`None` if a coordinate is not exact before nudging, or not finite after).
fn grid3(p: [i64; 3], e: i32, nudge: Nudge) -> Option<[f64; 3]> {
    let mut out = exact3::<f64>(p, e)?;
    if let Some((k, n)) = nudge {
        out[k] = isect_testkit::float::nudge(out[k], n);
    }
    out.iter().all(|x| x.is_finite()).then_some(out)
}

/// The same values in `f32`, when every one is an `f32`.
fn to32(p: [f64; 3]) -> Option<[f32; 3]> {
    let q = p.map(|x| x as f32);
    (q.map(f64::from) == p).then_some(q)
}

/// A coordinate index and a number of ulps.
type Nudge = Option<(usize, i32)>;

/// Which coordinate a threshold case nudges: `0..3` the origin's, `3..6` the direction's.
fn nudges(which: usize, n: i32) -> (Nudge, Nudge) {
    match which {
        0..=2 => (Some((which, n)), None),
        3..=5 => (None, Some((which - 3, n))),
        _ => (None, None),
    }
}

/// An aimed box (ties) with one origin or direction coordinate moved by a few ulps:
/// the filter's bound is a few ulps of `t`, so these land just inside, on and just
/// outside it.
fn check_box_threshold(
    c: &AimedBox,
    ep: i32,
    ed: i32,
    which: usize,
    n: i32,
) -> Result<(), TestCaseError> {
    let (no, nd) = nudges(which, n);
    let (Some(o), Some(d), Some(lo), Some(hi)) = (
        grid3(c.o, ep, no),
        grid3(c.d, ed, nd),
        grid3(c.lo, ep, None),
        grid3(c.hi, ep, None),
    ) else {
        return Ok(());
    };
    let (ray, b) = (Ray::new(o, d), Aabb::new(lo, hi));
    let want = oracle_aabb(&ray, &b);
    let got = ray_aabb(&ray, &b);
    prop_assert_eq!(got.is_some(), want.is_some(), "{:?} {:?}", ray, b);
    if let (Some(g), Some(w)) = (got, &want) {
        prop_assert!(span_close(&g, w, 2), "t: {:?} vs {:?}", g, w);
    }
    // f32: the same grid when representable.
    if let (Some(o), Some(d), Some(lo), Some(hi)) = (to32(o), to32(d), to32(lo), to32(hi)) {
        let (r32, b32) = (Ray::new(o, d), Aabb::new(lo, hi));
        let got = ray_aabb(&r32, &b32).is_some();
        prop_assert_eq!(got, want.is_some(), "f32 {:?} {:?}", r32, b32);
    }
    Ok(())
}

/// A sphere family at filter-stressing scales with the radius (`which = 6`) or a
/// direction or origin coordinate nudged by a few ulps.
fn check_sphere_threshold(
    c: &AimedSphere,
    ep: i32,
    ed: i32,
    which: usize,
    n: i32,
) -> Result<(), TestCaseError> {
    let (no, nd) = nudges(which, n);
    let rn = (which == 6).then_some((0, n));
    let (Some(o), Some(d), Some(cc), Some([r, _, _])) = (
        grid3(c.o, ep, no),
        grid3(c.d, ed, nd),
        grid3(c.c, ep, None),
        grid3([c.r, 0, 0], ep, rn),
    ) else {
        return Ok(());
    };
    let (ray, s) = (Ray::new(o, d), Sphere::new(cc, r));
    let want = oracle_sphere(&ray, &s);
    prop_assert_eq!(ray_sphere(&ray, &s).is_some(), want, "{:?} {:?}", ray, s);
    if let (Some(o), Some(d), Some(cc), Some([r, _, _])) =
        (to32(o), to32(d), to32(cc), to32([r, 0.0, 0.0]))
    {
        let (r32, s32) = (Ray::new(o, d), Sphere::new(cc, r));
        let got = ray_sphere(&r32, &s32).is_some();
        prop_assert_eq!(got, want, "f32 {:?} {:?}", r32, s32);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn aabb_filter_thresholds(c in aimed_box(), (ep, ed) in (any::<u8>(), any::<u8>()), which in 0usize..7, n in -4i32..=4) {
        check_box_threshold(&c, filter_exponent(ep), filter_exponent(ed), which, n)?;
    }

    #[test]
    fn sphere_filter_thresholds(c in aimed_sphere(), (ep, ed) in (any::<u8>(), any::<u8>()), which in 0usize..8, n in -4i32..=4) {
        check_sphere_threshold(&c, filter_exponent(ep), filter_exponent(ed), which, n)?;
    }
}

/// Clear cases at the edges of the range: the filter must decide them right or refuse.
#[test]
fn filters_at_range_edges() {
    let tiny = f64::from_bits(1);
    let boxes = [
        // Subnormal box and direction: quotients of subnormals are normal.
        (
            [-4.0 * tiny, tiny, tiny],
            [tiny, 0.0, 0.0],
            [0.0; 3],
            [2.0 * tiny; 3],
        ),
        // Parameters near f64::MAX: overflowing t must not be trusted.
        ([-1e308, 0.5, 0.5], [1e-10, 1e-300, 0.0], [0.0; 3], [1.0; 3]),
        (
            [-1e308, 0.5, 0.5],
            [1e-10, -1e-300, 0.0],
            [0.0; 3],
            [1.0; 3],
        ),
        ([-1e300, -1e300, 0.0], [1.0, 1.0, 0.0], [0.0; 3], [1e300; 3]),
        // Underflowing t: tiny gaps over huge directions.
        ([-tiny, 0.0, 0.0], [1e300, 1e300, 0.0], [0.0; 3], [tiny; 3]),
        (
            [-tiny, tiny, 0.0],
            [1e300, -1e300, 0.0],
            [0.0; 3],
            [tiny; 3],
        ),
        // Gap overflows (bound − o > MAX) though every input is finite.
        (
            [-1.7e308, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.7e308, -1.0, -1.0],
            [1.7e308, 1.0, 1.0],
        ),
    ];
    for (o, d, lo, hi) in boxes {
        let (ray, b) = (Ray::new(o, d), Aabb::new(lo, hi));
        let want = oracle_aabb(&ray, &b).is_some();
        assert_eq!(
            ray_aabb(&ray, &b).is_some(),
            want,
            "{o:?} {d:?} {lo:?} {hi:?}"
        );
    }
    let spheres = [
        // Squares overflow (|f|² > MAX): refused by the filter, exact below.
        ([1e200, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0; 3], 1e199),
        ([1e200, 1e200, 0.0], [-1.0, -1.0, 0.0], [0.0; 3], 1e199),
        // Near the overflow threshold of Δ (degree 4 in positions and direction).
        ([1e150, 0.0, 0.0], [-1e6, 1e-6, 0.0], [0.0; 3], 1e140),
        ([3e77, 4e77, -1e78], [0.0, 0.0, 2e76], [0.0; 3], 5e77),
        // Subnormal geometry: every product underflows.
        (
            [3.0 * tiny, 4.0 * tiny, -10.0 * tiny],
            [0.0, 0.0, 2.0 * tiny],
            [0.0; 3],
            5.0 * tiny,
        ),
        (
            [3.0 * tiny, 5.0 * tiny, -10.0 * tiny],
            [0.0, 0.0, 2.0 * tiny],
            [0.0; 3],
            5.0 * tiny,
        ),
        ([0.0, 0.0, -1e-300], [0.0, 1e-300, 1e-300], [0.0; 3], 1e-301),
        // Origin on the sphere (c₀ = 0 exactly), moving out and in.
        ([3.0, 4.0, 0.0], [1.0, 0.0, 0.0], [0.0; 3], 5.0),
        ([3.0, 4.0, 0.0], [-1.0, 0.0, 0.0], [0.0; 3], 5.0),
    ];
    for (o, d, c, r) in spheres {
        let (ray, s) = (Ray::new(o, d), Sphere::new(c, r));
        assert_eq!(
            ray_sphere(&ray, &s).is_some(),
            oracle_sphere(&ray, &s),
            "{o:?} {d:?} {r}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Named cases and bad input
// ---------------------------------------------------------------------------------------

#[test]
fn aabb_origin_on_slab_plane_parallel() {
    let b = Aabb::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    for d in [[0.0, 0.0, 1.0], [-0.0, 0.0, 1.0], [0.0, -0.0, -1.0]] {
        for o in [[0.0, 1.0, -1.0], [1.0, 0.0, 2.0], [1.0, 1.0, 0.5]] {
            let ray = Ray::new(o, d);
            let want = oracle_aabb(&ray, &b).is_some();
            assert_eq!(ray_aabb(&ray, &b).is_some(), want, "{o:?} {d:?}");
            assert_eq!(
                ray_aabb_slab(&SlabRay::new(&ray), &b).is_some(),
                want,
                "slab {o:?} {d:?}"
            );
            assert_eq!(
                ray_aabb_slopes(&SlopeRay::new(&ray), &b).is_some(),
                want,
                "slopes {o:?} {d:?}"
            );
        }
    }
}

#[test]
fn aabb_extreme_magnitudes() {
    // Direction 1e-300 against a box at 1e300: t = 1e600 is not an f64, but the answer is.
    let b = Aabb::new([1e300, -1.0, -1.0], [2e300, 1.0, 1.0]);
    let ray = Ray::new([0.0, 0.0, 0.0], [1e-300, 1e-320, 0.0]);
    assert_eq!(
        ray_aabb(&ray, &b).is_some(),
        oracle_aabb(&ray, &b).is_some()
    );
    let ray = Ray::new([0.0, 0.0, 0.0], [1e-300, 1e-299, 0.0]);
    assert_eq!(
        ray_aabb(&ray, &b).is_some(),
        oracle_aabb(&ray, &b).is_some()
    );
    assert!(ray_aabb(&ray, &b).is_none());
}

#[test]
fn bad_input_never_panics() {
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    let ray = Ray::new([nan, 0.0, 0.0], [1.0, 0.0, 0.0]);
    let b = Aabb::new([0.0; 3], [1.0; 3]);
    assert_eq!(ray_aabb(&ray, &b), None);
    let _ = ray_aabb_slab(&SlabRay::new(&ray), &b);
    let _ = ray_aabb_slopes(&SlopeRay::new(&ray), &b);
    assert_eq!(
        try_ray_aabb(&ray, &b),
        Err(InputError::NonFinite {
            argument: 0,
            what: "origin",
            index: None,
            axis: Some(0),
            value: NonFiniteValue::NaN,
        })
    );
    let inverted = Aabb::new([1.0, 0.0, 0.0], [0.0, 1.0, 1.0]);
    let good = Ray::new([-1.0, 0.5, 0.5], [1.0, 0.0, 0.0]);
    assert_eq!(ray_aabb(&good, &inverted), None);
    assert_eq!(ray_aabb_slab(&SlabRay::new(&good), &inverted), None);
    assert_eq!(ray_aabb_slopes(&SlopeRay::new(&good), &inverted), None);
    assert_eq!(
        try_ray_aabb(&good, &inverted),
        Err(InputError::InvertedBox {
            argument: 1,
            axis: 0
        })
    );
    // Zero direction: the point.
    let point = Ray::new([0.5; 3], [0.0; 3]);
    assert_eq!(
        ray_aabb(&point, &b),
        Some(Span {
            t_enter: 0.0,
            t_exit: 0.0
        })
    );

    let s = Sphere::new([0.0; 3], 1.0);
    assert!(ray_sphere(&Ray::new([0.0, inf, 0.0], [1.0, 0.0, 0.0]), &s).is_none());
    assert!(ray_sphere(&good, &Sphere::new([0.0; 3], -1.0)).is_none());
    assert!(ray_sphere(&good, &Sphere::new([0.0; 3], nan)).is_none());
    assert!(ray_sphere(&Ray::new([0.5; 3], [0.0; 3]), &s).is_some());
    assert!(ray_sphere(&Ray::new([5.0; 3], [0.0; 3]), &s).is_none());
    assert_eq!(
        try_ray_sphere(&good, &Sphere::new([0.0; 3], -1.0)),
        Err(InputError::NegativeRadius { argument: 1 })
    );
    let _ = ray_sphere_algebraic(&ray, &s);
    let _ = ray_sphere_geometric(&ray, &s);

    let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let flat = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]];
    assert!(ray_obb(&good, &Obb::new([0.0; 3], flat, [1.0; 3])).is_none());
    assert!(ray_obb(&good, &Obb::new([0.0; 3], id, [1.0, -1.0, 1.0])).is_none());
    assert!(ray_obb(&ray, &Obb::new([0.0; 3], id, [1.0; 3])).is_none());
    assert_eq!(
        try_ray_obb(
            &Ray::new([0.0; 3], [0.0; 3]),
            &Obb::new([0.0; 3], id, [1.0; 3])
        ),
        Err(InputError::ZeroDirection { argument: 0 })
    );
    let _ = ray_obb_slab(&ray, &Obb::new([0.0; 3], id, [1.0; 3]));

    let down = Ray::new([0.2, 0.2, 1.0], [0.0, 0.0, -1.0]);
    let two = Polygon::new(vec![[0.0; 3], [1.0, 0.0, 0.0]]);
    assert!(ray_polygon(&down, &two, FillRule::NonZero).is_none());
    let line = Polygon::new(vec![
        [0.0; 3],
        [1.0, 0.0, 0.0],
        [2.0, 0.0, 0.0],
        [3.0, 0.0, 0.0],
    ]);
    assert!(ray_polygon(&down, &line, FillRule::NonZero).is_none());
    let tri = Polygon::new(vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]);
    assert!(ray_polygon(&down, &tri, FillRule::NonZero).is_some());
    assert!(
        ray_polygon(
            &Ray::new([0.2, 0.2, 0.0], [1.0, 0.0, 0.0]),
            &tri,
            FillRule::NonZero
        )
        .is_none()
    );
    assert!(
        ray_polygon(
            &Ray::new([0.2, nan, 1.0], [0.0, 0.0, -1.0]),
            &tri,
            FillRule::NonZero
        )
        .is_none()
    );
    assert_eq!(
        try_ray_polygon(
            &down,
            &Polygon::new(vec![[0.0; 3], [1.0, inf, 0.0], [0.0, 1.0, 0.0]]),
            FillRule::EvenOdd
        ),
        Err(InputError::NonFinite {
            argument: 1,
            what: "vertex",
            index: Some(1),
            axis: Some(1),
            value: NonFiniteValue::PosInfinity,
        })
    );
}

#[test]
fn polygon_concave_and_winding_orientation() {
    // An L shape (concave), counterclockwise about +z; the notch is outside.
    let l = Polygon::new(vec![
        [0.0, 0.0, 0.0],
        [4.0, 0.0, 0.0],
        [4.0, 2.0, 0.0],
        [2.0, 2.0, 0.0],
        [2.0, 4.0, 0.0],
        [0.0, 4.0, 0.0],
    ]);
    let at = |x: f64, y: f64| Ray::new([x, y, 1.0], [0.0, 0.0, -1.0]);
    assert_eq!(
        ray_polygon(&at(1.0, 3.0), &l, FillRule::EvenOdd)
            .unwrap()
            .winding,
        Some(1)
    );
    assert!(ray_polygon(&at(3.0, 3.0), &l, FillRule::NonZero).is_none());
    // The reflex vertex (2, 2) and the inner edges are boundary.
    assert_eq!(
        ray_polygon(&at(2.0, 2.0), &l, FillRule::EvenOdd)
            .unwrap()
            .winding,
        None
    );
    assert_eq!(
        ray_polygon(&at(2.0, 3.0), &l, FillRule::EvenOdd)
            .unwrap()
            .winding,
        None
    );
    // Reversed order: winding −1 about the (now −z) normal of the first three vertices,
    // which is +1 about that normal: winding is reported about n = (b − a) × (c − a).
    let mut rev = l.vertices.clone();
    rev.reverse();
    let hit = ray_polygon(&at(1.0, 3.0), &Polygon::new(rev), FillRule::NonZero).unwrap();
    assert_eq!(hit.winding, Some(1));
}
