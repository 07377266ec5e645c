//! Bounding-volume overlap tests (`isect::overlap::{tri_aabb, plane_box, sphere,
//! aabb_aabb}`) against independent exact oracles in `BigRational`.
//!
//! The oracles share no method with the library:
//!
//! * triangle/AABB: Sutherland–Hodgman clipping of the triangle (as a closed polygon,
//!   possibly degenerate) by the box's six closed half-spaces; they meet iff something
//!   is left (the library uses 13 separating axes);
//! * plane/box: `n·x + d` at all eight corners (the library picks two extreme corners);
//! * sphere/sphere and sphere/AABB: the exact squared distance (centre to centre, centre
//!   to the clamped point) against `r²`;
//! * sphere/OBB: the exact minimum of `|A s − p|²` over the box `|sᵢ| ≤ hᵢ` in box
//!   coordinates, by solving the Gram system of each of the 27 active sets (the library
//!   enumerates faces, edges and corners geometrically).
//!
//! Inputs: uniform random; exactly touching on dyadic grids (face, edge and corner
//! contacts; spheres tangent to faces, edges and corners with integer Pythagorean radii);
//! the same nudged by one ulp; extreme exponents (`2^±1000`, subnormals, mixed `1e±300`).
//! Every case is also checked under exact transforms (axis permutations, reflections,
//! power-of-two scaling, vertex orders) and for `f32`/`f64`/rational agreement.
//! `ISECT_TEST_SCALE` multiplies the case counts.

use isect::overlap::{
    PlaneBox, plane_aabb, plane_aabb_center_extent_with, plane_obb, plane_obb_center_extent_with,
    try_plane_aabb, try_plane_obb,
};
use isect::overlap::{aabb_aabb, aabb_aabb_center_extent_with, try_aabb_aabb};
use isect::overlap::{
    sphere_aabb, sphere_aabb_arvo_with, sphere_aabb_branchless_with, sphere_aabb_quick_reject_with,
    sphere_obb, sphere_obb_arvo_with, sphere_sphere, sphere_sphere_distance_with, try_sphere_aabb,
    try_sphere_obb, try_sphere_sphere,
};
use isect::overlap::{tri_aabb, tri_aabb_moller_with, try_tri_aabb};
use isect::policy::Naive;
use isect::{Aabb, InputError, NonFiniteValue, Obb, Plane, Sphere};
use isect_testkit::float::mul_pow2_f64;
use isect_testkit::q::{dot, q, q3};
use isect_testkit::scenes::random_rotation;
use isect_testkit::{Q, Rng, config};
use num_traits::{Signed, Zero};
use proptest::prelude::*;

type P = [f64; 3];
type Q3 = [Q; 3];

fn f32_exact(x: f64) -> bool {
    f64::from(x as f32) == x
}

// =======================================================================================
// Oracles
// =======================================================================================

mod oracle {
    use super::*;

    /// The part of the convex polygon (or segment, or point, given as a closed loop) in
    /// `{x : s·(x_k − c) ≥ 0}`.
    fn clip(poly: &[Q3], k: usize, c: &Q, s: i32) -> Vec<Q3> {
        let val = |x: &Q3| {
            let v = &x[k] - c;
            if s > 0 { v } else { -v }
        };
        let mut out = vec![];
        let m = poly.len();
        for i in 0..m {
            let (a, b) = (&poly[i], &poly[(i + 1) % m]);
            let (va, vb) = (val(a), val(b));
            if !va.is_negative() {
                out.push(a.clone());
            }
            if (va.is_negative() && vb.is_positive()) || (va.is_positive() && vb.is_negative()) {
                let t = &va / (&va - &vb);
                out.push(std::array::from_fn(|j| &a[j] + (&b[j] - &a[j]) * &t));
            }
        }
        out
    }

    pub fn tri_box(t: &[Q3; 3], lo: &Q3, hi: &Q3) -> bool {
        if (0..3).any(|k| lo[k] > hi[k]) {
            return false;
        }
        let mut poly: Vec<Q3> = t.to_vec();
        for k in 0..3 {
            poly = clip(&poly, k, &lo[k], 1);
            poly = clip(&poly, k, &hi[k], -1);
            if poly.is_empty() {
                return false;
            }
        }
        true
    }

    pub fn plane_corners(n: &Q3, d: &Q, corners: &[Q3]) -> PlaneBox {
        let vals: Vec<Q> = corners.iter().map(|x| dot(n, x) + d).collect();
        if vals.iter().all(|v| v.is_positive()) {
            PlaneBox::Outside
        } else if vals.iter().all(|v| v.is_negative()) {
            PlaneBox::Inside
        } else {
            PlaneBox::Intersecting
        }
    }

    pub fn aabb_corners(lo: &Q3, hi: &Q3) -> Vec<Q3> {
        (0..8)
            .map(|b| {
                std::array::from_fn(|k| {
                    if b >> k & 1 == 1 {
                        hi[k].clone()
                    } else {
                        lo[k].clone()
                    }
                })
            })
            .collect()
    }

    pub fn obb_corners(c: &Q3, a: &[Q3; 3], h: &Q3) -> Vec<Q3> {
        (0..8)
            .map(|b| {
                std::array::from_fn(|k| {
                    let mut x = c[k].clone();
                    for i in 0..3 {
                        let t = &h[i] * &a[i][k];
                        if b >> i & 1 == 1 {
                            x += t;
                        } else {
                            x -= t;
                        }
                    }
                    x
                })
            })
            .collect()
    }

    pub fn sphere_sphere(c1: &Q3, r1: &Q, c2: &Q3, r2: &Q) -> bool {
        if r1.is_negative() || r2.is_negative() {
            return false;
        }
        let d: Q3 = std::array::from_fn(|k| &c1[k] - &c2[k]);
        let rr = (r1 + r2) * (r1 + r2);
        dot(&d, &d) <= rr
    }

    pub fn sphere_box(c: &Q3, r: &Q, lo: &Q3, hi: &Q3) -> bool {
        if r.is_negative() || (0..3).any(|k| lo[k] > hi[k]) {
            return false;
        }
        let near: Q3 = std::array::from_fn(|k| c[k].clone().max(lo[k].clone()).min(hi[k].clone()));
        let d: Q3 = std::array::from_fn(|k| &c[k] - &near[k]);
        dot(&d, &d) <= r * r
    }

    fn det(m: &[Vec<Q>]) -> Q {
        match m.len() {
            0 => Q::from_integer(1.into()),
            1 => m[0][0].clone(),
            _ => {
                let mut acc = Q::zero();
                for j in 0..m.len() {
                    let minor: Vec<Vec<Q>> = m[1..]
                        .iter()
                        .map(|row| {
                            row.iter()
                                .enumerate()
                                .filter(|(c, _)| *c != j)
                                .map(|(_, x)| x.clone())
                                .collect()
                        })
                        .collect();
                    let t = &m[0][j] * det(&minor);
                    if j % 2 == 0 {
                        acc += t;
                    } else {
                        acc -= t;
                    }
                }
                acc
            }
        }
    }

    /// Minimum of |A s − p|² over |sᵢ| ≤ hᵢ by active sets (Gram system per set).
    pub fn sphere_obb(c: &Q3, r: &Q, ctr: &Q3, a: &[Q3; 3], h: &Q3) -> bool {
        if r.is_negative() || h.iter().any(|x| x.is_negative()) {
            return false;
        }
        let rows: Vec<Vec<Q>> = a.iter().map(|x| x.to_vec()).collect();
        if det(&rows).is_zero() {
            return false;
        }
        let p: Q3 = std::array::from_fn(|k| &c[k] - &ctr[k]);
        let g: Vec<Vec<Q>> = (0..3)
            .map(|i| (0..3).map(|j| dot(&a[i], &a[j])).collect())
            .collect();
        let bv: Vec<Q> = (0..3).map(|i| dot(&a[i], &p)).collect();
        let mut best: Option<Q> = None;
        for code in 0..27 {
            let state: [i32; 3] = [code % 3, code / 3 % 3, code / 9].map(|s| s - 1); // −1, 0 (free), +1
            let mut s: Vec<Q> = (0..3)
                .map(|i| match state[i] {
                    -1 => -h[i].clone(),
                    1 => h[i].clone(),
                    _ => Q::zero(),
                })
                .collect();
            let free: Vec<usize> = (0..3).filter(|&i| state[i] == 0).collect();
            if !free.is_empty() {
                let m: Vec<Vec<Q>> = free
                    .iter()
                    .map(|&i| free.iter().map(|&j| g[i][j].clone()).collect())
                    .collect();
                let rhs: Vec<Q> = free
                    .iter()
                    .map(|&i| {
                        let mut x = bv[i].clone();
                        for j in 0..3 {
                            if state[j] != 0 {
                                x -= &g[i][j] * &s[j];
                            }
                        }
                        x
                    })
                    .collect();
                let dm = det(&m);
                let mut ok = true;
                for (col, &i) in free.iter().enumerate() {
                    let mi: Vec<Vec<Q>> = m
                        .iter()
                        .enumerate()
                        .map(|(rw, row)| {
                            row.iter()
                                .enumerate()
                                .map(|(cc, x)| {
                                    if cc == col {
                                        rhs[rw].clone()
                                    } else {
                                        x.clone()
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    let x = det(&mi) / &dm;
                    if x.abs() > h[i] {
                        ok = false;
                    }
                    s[i] = x;
                }
                if !ok {
                    continue;
                }
            }
            let y: Q3 = std::array::from_fn(|k| {
                (0..3).fold(Q::zero(), |acc, i| acc + &s[i] * &a[i][k]) - &p[k]
            });
            let d2 = dot(&y, &y);
            if best.as_ref().is_none_or(|b| d2 < *b) {
                best = Some(d2);
            }
        }
        best.expect("the interior or some face is feasible") <= r * r
    }
}

// =======================================================================================
// Generators
// =======================================================================================

struct G(Rng);

impl G {
    fn int(&mut self, lo: i64, hi: i64) -> f64 {
        self.0.range(lo, hi) as f64
    }
    fn uni(&mut self, a: f64, b: f64) -> f64 {
        self.0.uniform(a, b)
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        *self.0.pick(xs)
    }
    fn p(&mut self, a: f64, b: f64) -> P {
        [self.uni(a, b), self.uni(a, b), self.uni(a, b)]
    }
    fn gp(&mut self, lo: i64, hi: i64) -> P {
        [self.int(lo, hi), self.int(lo, hi), self.int(lo, hi)]
    }
    fn sign(&mut self) -> f64 {
        if self.0.next_u64() & 1 == 0 {
            1.0
        } else {
            -1.0
        }
    }
    /// Nudges `x` by one ulp up or down.
    fn nudge(&mut self, x: f64) -> f64 {
        if self.0.next_u64() & 1 == 0 {
            x.next_up()
        } else {
            x.next_down()
        }
    }
    /// A power-of-two exponent for extreme cases (subnormal to near-overflow).
    fn extreme_exp(&mut self) -> i32 {
        self.pick(&[
            -1072, -1060, -1040, -1022, -1000, -600, -70, 0, 60, 600, 990, 1012,
        ])
    }
    /// A random magnitude 10^{−300, 0, 300}.
    fn wild(&mut self) -> f64 {
        self.pick(&[1e-300, 1.0, 1e300])
    }
}

/// Integer Pythagorean quadruples (a, b, c, r) with a² + b² + c² = r².
const QUADS: [[f64; 4]; 9] = [
    [0.0, 0.0, 1.0, 1.0],
    [1.0, 2.0, 2.0, 3.0],
    [0.0, 3.0, 4.0, 5.0],
    [2.0, 3.0, 6.0, 7.0],
    [1.0, 4.0, 8.0, 9.0],
    [4.0, 4.0, 7.0, 9.0],
    [2.0, 6.0, 9.0, 11.0],
    [6.0, 6.0, 7.0, 11.0],
    [3.0, 4.0, 12.0, 13.0],
];

fn apply_pow2(p: &mut [f64], k: i32) {
    p.iter_mut().for_each(|x| *x = mul_pow2_f64(*x, k));
}

/// Scales every number by 2^k if that is exact for all of them (checked by scaling back).
fn scaled(xs: &[f64], k: i32) -> Option<Vec<f64>> {
    let out: Vec<f64> = xs.iter().map(|&x| mul_pow2_f64(x, k)).collect();
    let ok = out
        .iter()
        .zip(xs)
        .all(|(&y, &x)| y.is_finite() && mul_pow2_f64(y, -k) == x && (x == 0.0 || y != 0.0));
    ok.then_some(out)
}

// =======================================================================================
// Triangle/AABB
// =======================================================================================

#[derive(Clone, Debug)]
struct TriBox {
    t: [P; 3],
    lo: P,
    hi: P,
}

impl TriBox {
    fn flat(&self) -> Vec<f64> {
        let mut v: Vec<f64> = self.t.iter().flatten().copied().collect();
        v.extend(self.lo);
        v.extend(self.hi);
        v
    }
    fn from_flat(v: &[f64]) -> TriBox {
        let p = |i: usize| [v[3 * i], v[3 * i + 1], v[3 * i + 2]];
        TriBox {
            t: [p(0), p(1), p(2)],
            lo: p(3),
            hi: p(4),
        }
    }
}

fn gen_tri_box(g: &mut G, kind: u32) -> TriBox {
    match kind {
        0 => {
            let lo = g.p(-1.0, 1.0);
            let w = g.p(0.0, 1.0);
            TriBox {
                t: [g.p(-2.0, 2.0), g.p(-2.0, 2.0), g.p(-2.0, 2.0)],
                lo,
                hi: [lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]],
            }
        }
        1..=3 => {
            // Dyadic grid: contacts at faces, edges and corners are common.
            let lo = g.gp(-2, 1);
            let w = g.gp(0, 2);
            let mut c = TriBox {
                t: [g.gp(-4, 4), g.gp(-4, 4), g.gp(-4, 4)],
                lo,
                hi: [lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]],
            };
            if g.0.next_u64().is_multiple_of(4) {
                c.t[2] = c.t[g.pick(&[0, 1])]; // a degenerate triangle
            }
            let mut v = c.flat();
            apply_pow2(&mut v, -2);
            if kind == 2 {
                let i = g.0.range(0, 14) as usize;
                v[i] = g.nudge(v[i]);
            }
            if kind == 3 {
                let k = g.extreme_exp();
                apply_pow2(&mut v, k);
            }
            TriBox::from_flat(&v)
        }
        _ => {
            // Mixed magnitudes.
            let s = g.wild();
            let lo = g.p(-s, s);
            let w = g.p(0.0, s);
            let s2 = g.wild();
            let t = [g.p(-2.0 * s, 2.0 * s), g.p(-s, s), g.p(-s2, s2)];
            TriBox {
                t,
                lo,
                hi: [lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]],
            }
        }
    }
}

fn tri_box_oracle(c: &TriBox) -> bool {
    oracle::tri_box(&c.t.map(|p| q3(&p)), &q3(&c.lo), &q3(&c.hi))
}

fn tri_box_lib(c: &TriBox) -> bool {
    tri_aabb(c.t, &Aabb::new(c.lo, c.hi))
}

fn check_tri_box(c: &TriBox) -> Result<(), TestCaseError> {
    let want = tri_box_oracle(c);
    prop_assert_eq!(tri_box_lib(c), want, "f64 {:?}", c);
    let tq = c.t.map(|p| q3(&p));
    let bq = Aabb::new(q3(&c.lo), q3(&c.hi));
    prop_assert_eq!(tri_aabb(&tq, &bq), want, "rational {:?}", c);
    let v = c.flat();
    if v.iter().all(|&x| f32_exact(x)) {
        let t32 = c.t.map(|p| p.map(|x| x as f32));
        prop_assert_eq!(
            tri_aabb(
                t32,
                &Aabb::new(c.lo.map(|x| x as f32), c.hi.map(|x| x as f32))
            ),
            want,
            "f32 {:?}",
            c
        );
    }
    // Vertex orders.
    for perm in [[1, 2, 0], [2, 0, 1], [1, 0, 2], [0, 2, 1], [2, 1, 0]] {
        let t = perm.map(|i| c.t[i]);
        prop_assert_eq!(
            tri_aabb(t, &Aabb::new(c.lo, c.hi)),
            want,
            "order {:?} {:?}",
            perm,
            c
        );
    }
    // Axis permutations and reflections.
    for perm in [[1, 2, 0], [2, 0, 1], [1, 0, 2]] {
        let m = |p: &P| perm.map(|k| p[k]);
        let d = TriBox {
            t: c.t.map(|p| m(&p)),
            lo: m(&c.lo),
            hi: m(&c.hi),
        };
        prop_assert_eq!(tri_box_lib(&d), want, "axis perm {:?} {:?}", perm, c);
    }
    for k in 0..3 {
        let mut d = c.clone();
        d.t.iter_mut().for_each(|p| p[k] = -p[k]);
        (d.lo[k], d.hi[k]) = (-c.hi[k], -c.lo[k]);
        prop_assert_eq!(tri_box_lib(&d), want, "reflect {} {:?}", k, c);
    }
    for k in [-1000, -3, 5, 900] {
        if let Some(s) = scaled(&v, k) {
            prop_assert_eq!(
                tri_box_lib(&TriBox::from_flat(&s)),
                want,
                "scale 2^{} {:?}",
                k,
                c
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn tri_aabb_matches_clipping_oracle(seed in any::<u64>(), kind in 0u32..5) {
        let mut g = G(Rng::new(seed));
        let c = gen_tri_box(&mut g, kind);
        check_tri_box(&c)?;
    }

    #[test]
    fn tri_aabb_moller_agrees_on_random_and_rationals(seed in any::<u64>(), kind in 0u32..2) {
        let mut g = G(Rng::new(seed));
        let c = gen_tri_box(&mut g, kind);
        let want = tri_box_oracle(&c);
        let tq = c.t.map(|p| q3(&p));
        prop_assert_eq!(tri_aabb_moller_with(Naive, &tq, &Aabb::new(q3(&c.lo), q3(&c.hi))), want);
        if kind == 0 {
            // Uniform random input is decisive with overwhelming probability.
            prop_assert_eq!(tri_aabb_moller_with(Naive, c.t, &Aabb::new(c.lo, c.hi)), want);
        }
    }
}

// =======================================================================================
// Plane/AABB, plane/OBB
// =======================================================================================

fn gen_plane_box(g: &mut G, kind: u32) -> (P, f64, P, P) {
    match kind {
        0 => {
            let lo = g.p(-1.0, 1.0);
            let w = g.p(0.0, 1.0);
            (
                g.p(-1.0, 1.0),
                g.uni(-1.5, 1.5),
                lo,
                [lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]],
            )
        }
        1..=3 => {
            let lo = g.gp(-2, 1);
            let w = g.gp(0, 2);
            let n = g.gp(-2, 2);
            let mut v = vec![
                n[0],
                n[1],
                n[2],
                g.int(-6, 6),
                lo[0],
                lo[1],
                lo[2],
                lo[0] + w[0],
                lo[1] + w[1],
                lo[2] + w[2],
            ];
            if kind == 2 {
                let i = g.0.range(0, 9) as usize;
                v[i] = g.nudge(v[i]);
            }
            if kind == 3 {
                // Scale the box and the offset together (the plane's geometry scales), the
                // normal independently.
                let k = g.extreme_exp();
                let kn = if k > 0 {
                    g.pick(&[-1000, -30, 0])
                } else {
                    g.pick(&[0, 40, 1000])
                };
                apply_pow2(&mut v[3..], k);
                apply_pow2(&mut v[..3], kn);
                v[3] = mul_pow2_f64(v[3], kn);
            }
            (
                [v[0], v[1], v[2]],
                v[3],
                [v[4], v[5], v[6]],
                [v[7], v[8], v[9]],
            )
        }
        _ => {
            let s = g.wild();
            let lo = g.p(-s, s);
            let w = g.p(0.0, s);
            let (s2, s3) = (g.wild(), g.wild());
            (
                g.p(-s2, s2),
                g.uni(-1.0, 1.0) * s3,
                lo,
                [lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]],
            )
        }
    }
}

fn check_plane_aabb(n: P, d: f64, lo: P, hi: P) -> Result<(), TestCaseError> {
    let empty = (0..3).any(|k| lo[k] > hi[k]);
    let want = if empty {
        PlaneBox::Outside
    } else {
        oracle::plane_corners(&q3(&n), &q(d), &oracle::aabb_corners(&q3(&lo), &q3(&hi)))
    };
    let lib = |n: P, d: f64, lo: P, hi: P| plane_aabb(&Plane::new(n, d), &Aabb::new(lo, hi));
    prop_assert_eq!(lib(n, d, lo, hi), want, "f64 {:?}", (n, d, lo, hi));
    prop_assert_eq!(
        plane_aabb(&Plane::new(q3(&n), q(d)), &Aabb::new(q3(&lo), q3(&hi))),
        want
    );
    if !empty {
        prop_assert_eq!(
            plane_aabb_center_extent_with(
                Naive,
                &Plane::new(q3(&n), q(d)),
                &Aabb::new(q3(&lo), q3(&hi))
            ),
            want
        );
    }
    let all: Vec<f64> = n
        .iter()
        .chain(&[d])
        .chain(&lo)
        .chain(&hi)
        .copied()
        .collect();
    if all.iter().all(|&x| f32_exact(x)) {
        let f = |p: P| p.map(|x| x as f32);
        prop_assert_eq!(
            plane_aabb(&Plane::new(f(n), d as f32), &Aabb::new(f(lo), f(hi))),
            want
        );
    }
    for perm in [[1, 2, 0], [1, 0, 2]] {
        let m = |p: &P| perm.map(|k| p[k]);
        prop_assert_eq!(lib(m(&n), d, m(&lo), m(&hi)), want, "perm");
    }
    for k in 0..3 {
        let (mut n2, mut lo2, mut hi2) = (n, lo, hi);
        n2[k] = -n[k];
        (lo2[k], hi2[k]) = (-hi[k], -lo[k]);
        prop_assert_eq!(lib(n2, d, lo2, hi2), want, "reflect {}", k);
    }
    // Negating the plane swaps the sides (of a non-empty box).
    let swapped = match want {
        _ if empty => want,
        PlaneBox::Outside => PlaneBox::Inside,
        PlaneBox::Inside => PlaneBox::Outside,
        x => x,
    };
    prop_assert_eq!(lib(n.map(|x| -x), -d, lo, hi), swapped);
    Ok(())
}

/// An OBB: rounded rotation, integer skewed axes, or orthogonal integer axes.
fn gen_obb(g: &mut G, kind: u32) -> (P, [P; 3], P) {
    match kind % 3 {
        0 => (g.p(-1.0, 1.0), random_rotation(&mut g.0), g.p(0.0, 1.0)),
        1 => loop {
            let a = [g.gp(-2, 2), g.gp(-2, 2), g.gp(-2, 2)];
            let det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
            if det != 0.0 {
                let h = g.gp(0, 2).map(|x| x * 0.5);
                break (g.gp(-2, 2), a, h);
            }
        },
        _ => {
            let mut a = [[1.0, 2.0, 2.0], [2.0, 1.0, -2.0], [2.0, -2.0, 1.0]];
            for row in a.iter_mut() {
                let s = g.sign();
                row.iter_mut().for_each(|x| *x *= s);
            }
            let perm = g.pick(&[[0, 1, 2], [1, 2, 0], [2, 1, 0]]);
            (g.gp(-3, 3), perm.map(|i| a[i]), g.gp(0, 2))
        }
    }
}

fn check_plane_obb(n: P, d: f64, c: P, a: [P; 3], h: P) -> Result<(), TestCaseError> {
    let aq = a.map(|x| q3(&x));
    let want = if h.iter().any(|&x| x < 0.0) {
        PlaneBox::Outside
    } else {
        oracle::plane_corners(&q3(&n), &q(d), &oracle::obb_corners(&q3(&c), &aq, &q3(&h)))
    };
    prop_assert_eq!(
        plane_obb(&Plane::new(n, d), &Obb::new(c, a, h)),
        want,
        "f64 {:?}",
        (n, d, c, a, h)
    );
    let (pq, bq) = (Plane::new(q3(&n), q(d)), Obb::new(q3(&c), aq, q3(&h)));
    prop_assert_eq!(plane_obb(&pq, &bq), want);
    prop_assert_eq!(plane_obb_center_extent_with(Naive, &pq, &bq), want);
    // Swapping two axes and negating one describe the same box.
    let b2 = Obb::new(c, [a[1], a[0].map(|x| -x), a[2]], [h[1], h[0], h[2]]);
    prop_assert_eq!(plane_obb(&Plane::new(n, d), &b2), want);
    Ok(())
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn plane_aabb_matches_corner_oracle(seed in any::<u64>(), kind in 0u32..5) {
        let mut g = G(Rng::new(seed));
        let (n, d, lo, hi) = gen_plane_box(&mut g, kind);
        check_plane_aabb(n, d, lo, hi)?;
    }

    #[test]
    fn plane_obb_matches_corner_oracle(seed in any::<u64>(), kind in 0u32..6) {
        let mut g = G(Rng::new(seed));
        let (c, a, h) = gen_obb(&mut g, kind);
        let (n, d) = if kind < 3 {
            (g.p(-1.0, 1.0), g.uni(-2.0, 2.0))
        } else {
            // Through a corner of the box when the axes are integers.
            let n = g.gp(-2, 2);
            let corner: P = std::array::from_fn(|k| c[k] + (0..3).map(|i| g.sign() * h[i] * a[i][k]).sum::<f64>());
            let d = -(n[0] * corner[0] + n[1] * corner[1] + n[2] * corner[2]);
            if kind == 5 { (n, g.nudge(d)) } else { (n, d) }
        };
        check_plane_obb(n, d, c, a, h)?;
        // Extreme exponents: the whole configuration scaled by 2^k (offset with it).
        let k = g.extreme_exp();
        let mut v: Vec<f64> = c.iter().chain(a.iter().flatten()).chain(&h).chain(&[d]).copied().collect();
        apply_pow2(&mut v[..3], k);
        apply_pow2(&mut v[12..], k);
        let c2 = [v[0], v[1], v[2]];
        let a2 = [[v[3], v[4], v[5]], [v[6], v[7], v[8]], [v[9], v[10], v[11]]];
        check_plane_obb(n, v[15], c2, a2, [v[12], v[13], v[14]])?;
    }
}

// =======================================================================================
// Spheres
// =======================================================================================

fn check_sphere_sphere(c1: P, r1: f64, c2: P, r2: f64) -> Result<(), TestCaseError> {
    let want = oracle::sphere_sphere(&q3(&c1), &q(r1), &q3(&c2), &q(r2));
    let (a, b) = (Sphere::new(c1, r1), Sphere::new(c2, r2));
    prop_assert_eq!(sphere_sphere(&a, &b), want, "f64 {:?}", (c1, r1, c2, r2));
    prop_assert_eq!(sphere_sphere(&b, &a), want);
    let (aq, bq) = (Sphere::new(q3(&c1), q(r1)), Sphere::new(q3(&c2), q(r2)));
    prop_assert_eq!(sphere_sphere(&aq, &bq), want);
    if r1 >= 0.0 && r2 >= 0.0 {
        prop_assert_eq!(sphere_sphere_distance_with(Naive, &aq, &bq), want);
    }
    let all: Vec<f64> = c1.iter().chain(&c2).chain(&[r1, r2]).copied().collect();
    if all.iter().all(|&x| f32_exact(x)) {
        let f = |p: P| p.map(|x| x as f32);
        prop_assert_eq!(
            sphere_sphere(
                &Sphere::new(f(c1), r1 as f32),
                &Sphere::new(f(c2), r2 as f32)
            ),
            want
        );
    }
    for k in [-1000, -7, 9, 1000] {
        if let Some(s) = scaled(&all, k) {
            let (a, b) = (
                Sphere::new([s[0], s[1], s[2]], s[6]),
                Sphere::new([s[3], s[4], s[5]], s[7]),
            );
            prop_assert_eq!(sphere_sphere(&a, &b), want, "scale 2^{}", k);
        }
    }
    Ok(())
}

fn check_sphere_aabb(c: P, r: f64, lo: P, hi: P) -> Result<(), TestCaseError> {
    let want = oracle::sphere_box(&q3(&c), &q(r), &q3(&lo), &q3(&hi));
    let lib = |c: P, r: f64, lo: P, hi: P| sphere_aabb(&Sphere::new(c, r), &Aabb::new(lo, hi));
    prop_assert_eq!(lib(c, r, lo, hi), want, "f64 {:?}", (c, r, lo, hi));
    let (sq, bq) = (Sphere::new(q3(&c), q(r)), Aabb::new(q3(&lo), q3(&hi)));
    prop_assert_eq!(sphere_aabb(&sq, &bq), want);
    if r >= 0.0 && (0..3).all(|k| lo[k] <= hi[k]) {
        prop_assert_eq!(sphere_aabb_arvo_with(Naive, &sq, &bq), want);
        prop_assert_eq!(sphere_aabb_quick_reject_with(Naive, &sq, &bq), want);
        prop_assert_eq!(sphere_aabb_branchless_with(Naive, &sq, &bq), want);
    }
    let all: Vec<f64> = c
        .iter()
        .chain(&[r])
        .chain(&lo)
        .chain(&hi)
        .copied()
        .collect();
    if all.iter().all(|&x| f32_exact(x)) {
        let f = |p: P| p.map(|x| x as f32);
        prop_assert_eq!(
            sphere_aabb(&Sphere::new(f(c), r as f32), &Aabb::new(f(lo), f(hi))),
            want
        );
    }
    for perm in [[1, 2, 0], [1, 0, 2]] {
        let m = |p: &P| perm.map(|k| p[k]);
        prop_assert_eq!(lib(m(&c), r, m(&lo), m(&hi)), want);
    }
    for k in 0..3 {
        let (mut c2, mut lo2, mut hi2) = (c, lo, hi);
        c2[k] = -c[k];
        (lo2[k], hi2[k]) = (-hi[k], -lo[k]);
        prop_assert_eq!(lib(c2, r, lo2, hi2), want, "reflect {}", k);
    }
    for k in [-1000, -7, 9, 1000] {
        if let Some(s) = scaled(&all, k) {
            prop_assert_eq!(
                lib(
                    [s[0], s[1], s[2]],
                    s[3],
                    [s[4], s[5], s[6]],
                    [s[7], s[8], s[9]]
                ),
                want,
                "scale 2^{}",
                k
            );
        }
    }
    Ok(())
}

fn check_sphere_obb(c: P, r: f64, ctr: P, a: [P; 3], h: P) -> Result<(), TestCaseError> {
    let aq = a.map(|x| q3(&x));
    let want = oracle::sphere_obb(&q3(&c), &q(r), &q3(&ctr), &aq, &q3(&h));
    prop_assert_eq!(
        sphere_obb(&Sphere::new(c, r), &Obb::new(ctr, a, h)),
        want,
        "f64 {:?}",
        (c, r, ctr, a, h)
    );
    let (sq, bq) = (
        Sphere::new(q3(&c), q(r)),
        Obb::new(q3(&ctr), aq.clone(), q3(&h)),
    );
    prop_assert_eq!(sphere_obb(&sq, &bq), want, "rational");
    // The same box with its axes relabelled and one negated.
    let b2 = Obb::new(ctr, [a[2], a[0].map(|x| -x), a[1]], [h[2], h[0], h[1]]);
    prop_assert_eq!(sphere_obb(&Sphere::new(c, r), &b2), want, "relabelled");
    // Orthogonality decided in rationals: float dot products of tiny axes underflow to 0.
    let orthogonal = (0..3).all(|i| (0..3).all(|j| i == j || dot(&aq[i], &aq[j]).is_zero()));
    if orthogonal && r >= 0.0 {
        prop_assert_eq!(
            sphere_obb_arvo_with(Naive, &sq, &bq),
            want,
            "arvo, orthogonal axes"
        );
    }
    Ok(())
}

fn tangent_offset(g: &mut G) -> (P, f64) {
    let [a, b, c, r] = g.pick(&QUADS);
    let perm = g.pick(&[[0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 0, 2]]);
    let v = [a, b, c];
    (perm.map(|k| v[k] * g.sign()), r)
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn sphere_sphere_matches_oracle(seed in any::<u64>(), kind in 0u32..5) {
        let mut g = G(Rng::new(seed));
        let (c1, r1, c2, r2) = match kind {
            0 => (g.p(-1.0, 1.0), g.uni(-0.1, 1.0), g.p(-1.0, 1.0), g.uni(0.0, 1.0)),
            1..=3 => {
                let c1 = g.gp(-5, 5);
                let (o, r) = tangent_offset(&mut g);
                let r1 = g.int(0, r as i64);
                let mut v = vec![c1[0], c1[1], c1[2], r1, c1[0] + o[0], c1[1] + o[1], c1[2] + o[2], r - r1];
                if kind == 2 { let i = g.pick(&[3, 7, 4]); v[i] = g.nudge(v[i]); }
                if kind == 3 { let k = g.extreme_exp(); apply_pow2(&mut v, k); }
                ([v[0], v[1], v[2]], v[3], [v[4], v[5], v[6]], v[7])
            }
            _ => { let (s, s2) = (g.wild(), g.wild()); (g.p(-s, s), g.uni(0.0, s), g.p(-s, s), g.uni(0.0, s2)) }
        };
        check_sphere_sphere(c1, r1, c2, r2)?;
    }

    #[test]
    fn sphere_aabb_matches_oracle(seed in any::<u64>(), kind in 0u32..5) {
        let mut g = G(Rng::new(seed));
        let (c, r, lo, hi) = match kind {
            0 => {
                let lo = g.p(-1.0, 1.0);
                let w = g.p(0.0, 1.0);
                (g.p(-2.0, 2.0), g.uni(-0.1, 1.0), lo, [lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]])
            }
            1..=3 => {
                // Tangent to a face, an edge or a corner of an integer box.
                let lo = g.gp(-3, 1);
                let w = g.gp(0, 3);
                let hi = [lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]];
                let (o, r) = tangent_offset(&mut g);
                // The contact point: per axis the bound the offset points away from, or a
                // point inside the slab where the offset is zero.
                let base: P = std::array::from_fn(|k| if o[k] > 0.0 { hi[k] } else if o[k] < 0.0 { lo[k] } else { lo[k] + w[k] * 0.5 });
                let mut v = vec![base[0] + o[0], base[1] + o[1], base[2] + o[2], r, lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]];
                if kind == 2 { let i = g.pick(&[0, 1, 2, 3, 4, 8]); v[i] = g.nudge(v[i]); }
                if kind == 3 { let k = g.extreme_exp(); apply_pow2(&mut v, k); }
                ([v[0], v[1], v[2]], v[3], [v[4], v[5], v[6]], [v[7], v[8], v[9]])
            }
            _ => {
                let s = g.wild();
                let lo = g.p(-s, s);
                let w = g.p(0.0, s);
                (g.p(-2.0 * s, 2.0 * s), g.uni(0.0, 1.0) * g.wild(), lo, [lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]])
            }
        };
        check_sphere_aabb(c, r, lo, hi)?;
    }

    #[test]
    fn sphere_obb_matches_oracle(seed in any::<u64>(), kind in 0u32..6) {
        let mut g = G(Rng::new(seed));
        let (ctr, a, h) = gen_obb(&mut g, kind);
        let (c, r) = if kind == 2 || kind == 5 {
            // Orthogonal integer axes of length 3: tangent at a face, edge or corner.
            let (o, r) = tangent_offset(&mut g);
            let c: P = std::array::from_fn(|k| {
                ctr[k] + (0..3).map(|i| {
                    let s = if o[i] > 0.0 { h[i] + o[i] } else if o[i] < 0.0 { -h[i] + o[i] } else { 0.0 };
                    s * a[i][k]
                }).sum::<f64>()
            });
            let r = 3.0 * r;
            if kind == 5 { (c, g.nudge(r)) } else { (c, r) }
        } else {
            (g.p(-2.5, 2.5), g.uni(-0.1, 1.5))
        };
        check_sphere_obb(c, r, ctr, a, h)?;
        // Extreme exponents.
        let k = g.extreme_exp();
        let mut v: Vec<f64> = c.iter().chain(&[r]).chain(&ctr).chain(&h).copied().collect();
        apply_pow2(&mut v, k);
        check_sphere_obb([v[0], v[1], v[2]], v[3], [v[4], v[5], v[6]], a, [v[7], v[8], v[9]])?;
        // The same box with its axes scaled by 2^j and half extents by 2^-j (exact when
        // nothing underflows; either way the oracle judges the scaled input): products
        // t·a underflow or overflow in the f64 filter.
        let j = g.extreme_exp().clamp(-1000, 1000);
        let mut a2 = a;
        for ax in &mut a2 {
            apply_pow2(ax, j);
        }
        let mut h2 = h;
        apply_pow2(&mut h2, -j);
        check_sphere_obb(c, r, ctr, a2, h2)?;
    }

    #[test]
    fn aabb_aabb_matches_interval_oracle(seed in any::<u64>(), kind in 0u32..3) {
        let mut g = G(Rng::new(seed));
        let gen_box = |g: &mut G| -> (P, P) {
            match kind {
                0 => (g.p(-1.0, 1.0), g.p(-1.0, 1.0)),
                1 => (g.gp(-2, 2), g.gp(-2, 2)),
                _ => { let a = g.gp(-2, 2); let b = a.map(|x| if g.0.next_u64() & 1 == 0 { x } else { g.nudge(x) }); (a, b) }
            }
        };
        let ((a0, a1), (b0, b1)) = (gen_box(&mut g), gen_box(&mut g));
        let (a, b) = (Aabb::new(a0, a1), Aabb::new(b0, b1));
        let want = (0..3).all(|k| a0[k] <= a1[k] && b0[k] <= b1[k] && q(a0[k]) <= q(b1[k]) && q(b0[k]) <= q(a1[k]));
        prop_assert_eq!(aabb_aabb(&a, &b), want);
        prop_assert_eq!(aabb_aabb(&b, &a), want);
        let (aq, bq) = (Aabb::new(q3(&a0), q3(&a1)), Aabb::new(q3(&b0), q3(&b1)));
        prop_assert_eq!(aabb_aabb(&aq, &bq), want);
        if (0..3).all(|k| a0[k] <= a1[k] && b0[k] <= b1[k]) {
            prop_assert_eq!(aabb_aabb_center_extent_with(Naive, &aq, &bq), want);
        }
    }
}

// =======================================================================================
// Named cases: bad input, degenerate shapes, filter edges
// =======================================================================================

#[test]
fn non_finite_input_answers_no_contact_and_try_forms_name_it() {
    let b = Aabb::new([0.0; 3], [1.0; 3]);
    let t = [[0.5; 3], [0.6, 0.5, 0.5], [0.5, 0.6, 0.5]];
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let mut tb = t;
        tb[1][2] = bad;
        assert!(!tri_aabb(tb, &b));
        let value = NonFiniteValue::from(bad);
        // The non-finite part: argument, what, index, axis.
        let nf = |argument, what, index, axis| InputError::NonFinite {
            argument,
            what,
            index,
            axis,
            value,
        };
        assert_eq!(try_tri_aabb(tb, &b), Err(nf(0, "vertex", Some(1), Some(2))));
        let s = Sphere::new([0.5, bad, 0.5], 1.0);
        assert!(!sphere_aabb(&s, &b));
        assert!(!sphere_sphere(&s, &Sphere::new([0.5; 3], 1.0)));
        assert_eq!(try_sphere_aabb(&s, &b), Err(nf(0, "center", None, Some(1))));
        assert_eq!(
            try_sphere_sphere(&s, &s),
            Err(nf(0, "center", None, Some(1)))
        );
        assert_eq!(
            try_sphere_sphere(&Sphere::new([0.5; 3], 1.0), &s),
            Err(nf(1, "center", None, Some(1)))
        );
        let p = Plane::new([0.0, 0.0, bad], 0.0);
        assert_eq!(plane_aabb(&p, &b), PlaneBox::Outside);
        assert_eq!(try_plane_aabb(&p, &b), Err(nf(0, "normal", None, Some(2))));
        let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let o = Obb::new([0.0, 0.0, bad], id, [1.0; 3]);
        assert_eq!(
            plane_obb(&Plane::new([0.0, 0.0, 1.0], 0.0), &o),
            PlaneBox::Outside
        );
        assert!(!sphere_obb(&Sphere::new([0.0; 3], 1.0), &o));
        assert_eq!(
            try_sphere_obb(&Sphere::new([0.0; 3], 1.0), &o),
            Err(nf(1, "center", None, Some(2)))
        );
        assert_eq!(
            try_plane_obb(&Plane::new([0.0, 0.0, 1.0], 0.0), &o),
            Err(nf(1, "center", None, Some(2)))
        );
        assert!(!aabb_aabb(&Aabb::new([bad, 0.0, 0.0], [1.0; 3]), &b) || bad == f64::NEG_INFINITY);
        assert_eq!(
            try_aabb_aabb(&Aabb::new([bad, 0.0, 0.0], [1.0; 3]), &b),
            Err(nf(0, "min", None, Some(0)))
        );
    }
}

#[test]
fn empty_and_degenerate_shapes_have_defined_answers() {
    let inv = Aabb::new([1.0, 0.0, 0.0], [0.0, 1.0, 1.0]);
    let t = [[0.5; 3], [0.6, 0.5, 0.5], [0.5, 0.6, 0.5]];
    assert!(!tri_aabb(t, &inv));
    assert_eq!(
        try_tri_aabb(t, &inv),
        Err(InputError::InvertedBox {
            argument: 1,
            axis: 0
        })
    );
    assert!(!sphere_aabb(&Sphere::new([0.5; 3], 10.0), &inv));
    assert_eq!(
        plane_aabb(&Plane::new([1.0, 0.0, 0.0], 0.0), &inv),
        PlaneBox::Outside
    );
    // Negative radius: empty.
    assert!(!sphere_sphere(
        &Sphere::new([0.0; 3], -1.0),
        &Sphere::new([0.0; 3], 5.0)
    ));
    assert!(!sphere_aabb(
        &Sphere::new([0.5; 3], -0.1),
        &Aabb::new([0.0; 3], [1.0; 3])
    ));
    // A negative half extent: no contact from the plain form, refused by the checked one
    // (as every try_ form with an Obb).
    let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let neg = Obb::new([0.0; 3], id, [1.0, -1.0, 1.0]);
    assert!(!sphere_obb(&Sphere::new([0.0; 3], 5.0), &neg));
    assert_eq!(
        try_sphere_obb(&Sphere::new([0.0; 3], 5.0), &neg),
        Err(InputError::InvertedBox {
            argument: 1,
            axis: 1
        })
    );
    // Zero normal: n·x + d = d everywhere.
    let b = Aabb::new([0.0; 3], [1.0; 3]);
    assert_eq!(
        plane_aabb(&Plane::new([0.0; 3], 1.0), &b),
        PlaneBox::Outside
    );
    assert_eq!(
        plane_aabb(&Plane::new([0.0; 3], -1.0), &b),
        PlaneBox::Inside
    );
    assert_eq!(
        plane_aabb(&Plane::new([0.0; 3], 0.0), &b),
        PlaneBox::Intersecting
    );
    assert_eq!(
        try_plane_aabb(&Plane::new([0.0; 3], 0.0), &b),
        Err(InputError::ZeroDirection { argument: 0 })
    );
    // Dependent OBB axes: not tested by sphere_obb; a valid (flat) set for plane_obb.
    let flat = Obb::new(
        [0.0; 3],
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]],
        [1.0; 3],
    );
    assert!(!sphere_obb(&Sphere::new([0.0; 3], 1.0), &flat));
    assert_eq!(
        plane_obb(&Plane::new([1.0, 0.0, 0.0], -3.0), &flat),
        PlaneBox::Inside
    );
    assert_eq!(
        plane_obb(&Plane::new([1.0, 0.0, 0.0], -2.0), &flat),
        PlaneBox::Intersecting
    );
    // Point and segment triangles.
    assert!(tri_aabb([[1.0, 1.0, 1.0]; 3], &b));
    assert!(!tri_aabb([[1.0, 1.0, 1.0f64.next_up()]; 3], &b));
    assert!(tri_aabb(
        [[2.0, 2.0, 0.5], [0.0, 0.0, 0.5], [1.0, 1.0, 0.5]],
        &b
    ));
}

#[test]
fn filters_do_not_certify_underflowed_or_overflowed_values() {
    // Sphere tangent to a corner, everything scaled to subnormals and to 2^1000.
    for k in [-1071, -1040, 1000] {
        let s = |x: f64| mul_pow2_f64(x, k);
        let b = Aabb::new([0.0; 3], [s(1.0); 3]);
        let tangent = Sphere::new([s(3.0), s(4.0), s(7.0)], s(7.0));
        assert!(sphere_aabb(&tangent, &b), "k = {k}");
        let apart = Sphere::new([s(3.0), s(4.0), s(7.0)], s(7.0).next_down());
        assert!(!sphere_aabb(&apart, &b), "k = {k}");
        let a = Sphere::new([0.0; 3], s(2.0));
        assert!(sphere_sphere(
            &a,
            &Sphere::new([s(3.0), s(4.0), 0.0], s(3.0))
        ));
        assert!(!sphere_sphere(
            &a,
            &Sphere::new([s(3.0), s(4.0), 0.0], s(3.0).next_down())
        ));
        let t = [[s(3.0), 0.0, 0.0], [0.0, s(3.0), 0.0], [0.0, 0.0, s(3.0)]];
        assert!(tri_aabb(t, &b), "k = {k}");
        let t2 = t.map(|p| [p[0].next_up().max(p[0] + s(1.0) * f64::EPSILON), p[1], p[2]]);
        assert_eq!(
            tri_aabb(t2, &b),
            tri_box_oracle(&TriBox {
                t: t2,
                lo: b.min,
                hi: b.max
            })
        );
    }
}

/// The generators produce both answers in every family and kind (so the properties above
/// test something), and the touching kinds produce exact contacts.
#[test]
fn generators_cover_both_answers() {
    let mut g = G(Rng::new(7));
    for kind in 0..5 {
        let (mut yes, mut no) = (0, 0);
        for _ in 0..300 {
            if tri_box_oracle(&gen_tri_box(&mut g, kind)) {
                yes += 1
            } else {
                no += 1
            }
        }
        assert!(yes > 10 && no > 10, "tri/box kind {kind}: {yes} / {no}");
    }
    // Exact corner contact of an integer grid: the box's highest corner on the plane.
    let (mut touching, mut n) = (0, 0);
    for _ in 0..300 {
        let (nv, d, lo, hi) = gen_plane_box(&mut g, 1);
        let vals: Vec<Q> = oracle::aabb_corners(&q3(&lo), &q3(&hi))
            .iter()
            .map(|x| &q(nv[0]) * &x[0] + &q(nv[1]) * &x[1] + &q(nv[2]) * &x[2] + q(d))
            .collect();
        n += 1;
        if vals.iter().any(|v| v.is_zero()) {
            touching += 1;
        }
    }
    assert!(
        touching * 10 > n,
        "plane/box grid: {touching} of {n} touch a corner"
    );
}
