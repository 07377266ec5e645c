//! Bounding-volume construction (`isect::bv`) against independent exact oracles in
//! `BigRational`.
//!
//! The oracles share no code with the library:
//!
//! * containment: box and k-DOP slabs as exact rational comparisons of coordinates and
//!   dot products; spheres as `|p − c|² ≤ r²` in rationals; oriented boxes by solving
//!   `Σ sᵢ·axes[i] = p − c` with Gaussian elimination in rationals and checking
//!   `|sᵢ| ≤ hᵢ`;
//! * minimal sphere: brute force over every subset of at most four points (circumcentre
//!   in their affine hull from the Gram system, solved by elimination), keeping the
//!   smallest ball that contains every point;
//! * hull: every point on the inner side of or on every face (`orient3d` as a homogeneous
//!   determinant, `isect_testkit::predicates`), every directed edge matched by its reverse exactly
//!   once, no degenerate face, `V − E + F = 2`; for the lower-dimensional answers, exact
//!   collinearity/coplanarity, strict convexity and containment.
//!
//! Inputs (deterministic, `ISECT_TEST_SCALE` multiplies the counts): small dyadic grids
//! (duplicates, many coplanar and collinear points), points on a cube's faces,
//! Pythagorean cospherical lattice points, collinear and coplanar sets, repeated points,
//! extreme exponents (`2^±1000`), subnormals, far from the origin (`1e6` offset with unit
//! spread), uniform random; every set in `f64`, `f32` and rationals.

#![allow(clippy::needless_range_loop)]

use isect::bv::{
    Hull, Measure, aabb, convex_hull, kdop, min_sphere_exact, obb_dito, obb_pca,
    sphere_aabb_center, sphere_ritter, sphere_welzl, sqrt_up, try_aabb, try_convex_hull, try_kdop,
    try_min_sphere_exact, try_obb_dito, try_obb_pca, try_sphere_aabb_center, try_sphere_ritter,
    try_sphere_welzl,
};
use isect::overlap::Kdop;
use isect::{Aabb, InputError, NonFiniteValue, Obb, Scalar, Sign, Sphere};
use isect_testkit::float::mul_pow2_f64;
use isect_testkit::predicates::orient3d_q;
#[cfg(feature = "rug")]
use isect_testkit::q::to_rug;
use isect_testkit::q::{cross as qcross, dot as qdot, q as qf, q_pow2, qi, sub as qsub};
use isect_testkit::strategies::sphere_lattice;
use isect_testkit::{Q, Rng, cases};
use num_traits::{One, Signed, Zero};

type Q3 = [Q; 3];

fn tq<T: Scalar>(x: &T) -> Q {
    x.to_rational().expect("finite")
}
fn tq3<T: Scalar>(p: &[T; 3]) -> Q3 {
    [tq(&p[0]), tq(&p[1]), tq(&p[2])]
}
fn is_zero3(v: &Q3) -> bool {
    v.iter().all(Zero::is_zero)
}

// ---------------------------------------------------------------------------------------
// Oracles
// ---------------------------------------------------------------------------------------

/// Solves the `n×n` system `a·x = b` by Gaussian elimination; `None` if singular.
fn solve(mut a: Vec<Vec<Q>>, mut b: Vec<Q>) -> Option<Vec<Q>> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n).find(|&r| !a[r][col].is_zero())?;
        a.swap(col, piv);
        b.swap(col, piv);
        for r in 0..n {
            if r != col && !a[r][col].is_zero() {
                let f = &a[r][col] / &a[col][col];
                for c in col..n {
                    let t = &f * &a[col][c];
                    a[r][c] -= t;
                }
                let t = &f * &b[col];
                b[r] -= t;
            }
        }
    }
    Some((0..n).map(|i| &b[i] / &a[i][i]).collect())
}

fn sphere_contains_q(c: &Q3, r: &Q, p: &Q3) -> bool {
    let d = qsub(p, c);
    !r.is_negative() && qdot(&d, &d) <= r * r
}

/// `p` in the parallelepiped `c + Σ sᵢ aᵢ, |sᵢ| ≤ hᵢ` (axes independent; panics otherwise,
/// which the builders never produce).
fn obb_contains_q(b: &Obb<Q>, p: &Q3) -> bool {
    let v = qsub(p, &b.center);
    let a: Vec<Vec<Q>> = (0..3)
        .map(|k| (0..3).map(|i| b.axes[i][k].clone()).collect())
        .collect();
    let s = solve(a, v.to_vec()).expect("a builder returned dependent axes");
    (0..3).all(|i| s[i].abs() <= b.half_extents[i])
}

fn obb_q<T: Scalar>(b: &Obb<T>) -> Obb<Q> {
    Obb::new(
        tq3(&b.center),
        [tq3(&b.axes[0]), tq3(&b.axes[1]), tq3(&b.axes[2])],
        tq3(&b.half_extents),
    )
}

/// The minimal enclosing ball by brute force: `(centre, r²)`.
fn brute_min_sphere(p: &[Q3]) -> (Q3, Q) {
    let n = p.len();
    let mut best: Option<(Q3, Q)> = None;
    for mask in 1u32..(1 << n) {
        if mask.count_ones() > 4 {
            continue;
        }
        let s: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let a = &p[s[0]];
        let u: Vec<Q3> = s[1..].iter().map(|&i| qsub(&p[i], a)).collect();
        let k = u.len();
        let gram: Vec<Vec<Q>> = (0..k)
            .map(|i| (0..k).map(|j| qdot(&u[i], &u[j]) * qi(2)).collect())
            .collect();
        let rhs: Vec<Q> = (0..k).map(|i| qdot(&u[i], &u[i])).collect();
        let Some(lambda) = solve(gram, rhs) else {
            continue;
        };
        let mut c = a.clone();
        for j in 0..k {
            for t in 0..3 {
                c[t] += &lambda[j] * &u[j][t];
            }
        }
        let d = qsub(a, &c);
        let r2 = qdot(&d, &d);
        let all_in = p.iter().all(|q| {
            let d = qsub(q, &c);
            qdot(&d, &d) <= r2
        });
        if all_in && best.as_ref().is_none_or(|(_, b)| r2 < *b) {
            best = Some((c, r2));
        }
    }
    best.expect("a single point is always a candidate")
}

// ---------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------

fn check_kdop<T: Scalar, const N: usize>(pts: &[[T; 3]], qp: &[Q3], label: &str) {
    let k: Kdop<T, N> = kdop(pts).unwrap();
    for i in 0..N {
        let d = Kdop::<T, N>::DIRECTIONS[i].map(|c| qi(c as i64));
        let dots: Vec<Q> = qp.iter().map(|p| qdot(&d, p)).collect();
        let (mn, mx) = (dots.iter().min().unwrap(), dots.iter().max().unwrap());
        // An end beyond the type's range is rounded outward to ±∞ (documented).
        let lo_ok = k.min[i]
            .to_rational()
            .map_or(k.min[i] < T::zero(), |lo| lo <= *mn);
        let hi_ok = k.max[i]
            .to_rational()
            .map_or(k.max[i] > T::zero(), |hi| *mx <= hi);
        assert!(
            lo_ok && hi_ok,
            "{label}: {}-DOP slab {i} misses a point",
            2 * N
        );
        let (Some(lo), Some(hi)) = (k.min[i].to_rational(), k.max[i].to_rational()) else {
            continue;
        };
        if !isect_is_float::<T>() {
            assert!(lo == *mn && hi == *mx, "{label}: rational k-DOP not tight");
        }
    }
}

fn isect_is_float<T: Scalar>() -> bool {
    let id = core::any::TypeId::of::<T>();
    id == core::any::TypeId::of::<f64>() || id == core::any::TypeId::of::<f32>()
}

fn check_sphere<T: Scalar>(s: &Sphere<T>, qp: &[Q3], label: &str, what: &str) {
    let c = tq3(&s.center);
    if s.radius.to_rational().is_none() {
        // Documented: +∞ only when the minimal radius exceeds the type's range.
        assert!(
            s.radius > T::zero(),
            "{label}: {what} radius {:?}",
            s.radius
        );
        let (_, r2) = min_sphere_exact(qp).unwrap();
        let max = if isect_is_float::<T>()
            && core::any::TypeId::of::<T>() == core::any::TypeId::of::<f32>()
        {
            qf(f32::MAX as f64)
        } else {
            qf(f64::MAX)
        };
        assert!(
            r2 > &max * &max,
            "{label}: {what} radius is +inf but the minimum fits"
        );
        return;
    }
    let r = tq(&s.radius);
    for (i, p) in qp.iter().enumerate() {
        assert!(
            sphere_contains_q(&c, &r, p),
            "{label}: {what} misses point {i}: {s:?}"
        );
    }
}

fn check_obb<T: Scalar>(b: &Obb<T>, qp: &[Q3], label: &str, what: &str) {
    let finite = |v: &[T; 3]| v.iter().all(Scalar::is_finite);
    assert!(
        finite(&b.center) && b.axes.iter().all(finite) && finite(&b.half_extents),
        "{label}: {what} is not finite: {b:?}"
    );
    let bq = obb_q(b);
    for (i, p) in qp.iter().enumerate() {
        assert!(
            obb_contains_q(&bq, p),
            "{label}: {what} misses point {i}: {b:?}"
        );
    }
}

/// Hull validity against the oracle.
fn check_hull(h: &Hull, qp: &[Q3], label: &str) {
    let n = qp.len();
    match h {
        Hull::Point(i) => assert!(qp.iter().all(|p| p == &qp[*i]), "{label}: not all equal"),
        Hull::Segment([a, b]) => {
            let (a, b) = (&qp[*a], &qp[*b]);
            let d = qsub(b, a);
            assert!(!is_zero3(&d), "{label}: zero segment");
            for p in qp {
                let v = qsub(p, a);
                assert!(
                    is_zero3(&qcross(&d, &v)),
                    "{label}: segment but not collinear"
                );
                let t = qdot(&v, &d);
                assert!(
                    !t.is_negative() && t <= qdot(&d, &d),
                    "{label}: point beyond segment"
                );
            }
        }
        Hull::Polygon(v) => {
            assert!(v.len() >= 3, "{label}: polygon with {} corners", v.len());
            let m = v.len();
            let nrm = qcross(&qsub(&qp[v[1]], &qp[v[0]]), &qsub(&qp[v[2]], &qp[v[1]]));
            assert!(!is_zero3(&nrm), "{label}: first corners collinear");
            for p in qp {
                assert!(
                    qdot(&nrm, &qsub(p, &qp[v[0]])).is_zero(),
                    "{label}: polygon but not coplanar"
                );
            }
            for i in 0..m {
                let (a, b, c) = (&qp[v[i]], &qp[v[(i + 1) % m]], &qp[v[(i + 2) % m]]);
                let turn = qdot(&qcross(&qsub(b, a), &qsub(c, b)), &nrm);
                assert!(
                    turn.is_positive(),
                    "{label}: polygon not strictly convex at {i}"
                );
                for p in qp {
                    let side = qdot(&qcross(&qsub(b, a), &qsub(p, a)), &nrm);
                    assert!(
                        !side.is_negative(),
                        "{label}: point outside polygon edge {i}"
                    );
                }
            }
            let mut sorted = v.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), m, "{label}: repeated corner");
        }
        Hull::Polyhedron(faces) => {
            assert!(faces.len() >= 4, "{label}: {} faces", faces.len());
            let mut directed = std::collections::HashMap::new();
            for f in faces {
                assert!(f.iter().all(|&i| i < n));
                let (a, b, c) = (&qp[f[0]], &qp[f[1]], &qp[f[2]]);
                assert!(
                    !is_zero3(&qcross(&qsub(b, a), &qsub(c, a))),
                    "{label}: degenerate face {f:?}"
                );
                for p in qp {
                    let s = orient3d_q(&[a.clone(), b.clone(), c.clone(), p.clone()]);
                    assert!(s != Sign::Negative, "{label}: point outside face {f:?}");
                }
                for e in 0..3 {
                    let key = (f[e], f[(e + 1) % 3]);
                    assert!(
                        directed.insert(key, ()).is_none(),
                        "{label}: edge {key:?} twice"
                    );
                }
            }
            for &(a, b) in directed.keys() {
                assert!(
                    directed.contains_key(&(b, a)),
                    "{label}: edge ({a},{b}) unmatched"
                );
            }
            let verts = h.vertices();
            for w in verts.windows(2) {
                assert!(qp[w[0]] != qp[w[1]] || w[0] == w[1]);
            }
            for i in 0..verts.len() {
                for j in i + 1..verts.len() {
                    assert!(
                        qp[verts[i]] != qp[verts[j]],
                        "{label}: duplicated hull vertex"
                    );
                }
            }
            let (v, e, f) = (
                verts.len() as i64,
                directed.len() as i64 / 2,
                faces.len() as i64,
            );
            assert_eq!(v - e + f, 2, "{label}: Euler characteristic");
            // The hull is not flat: some face has a point strictly inside.
            let f0 = faces[0];
            assert!(qp.iter().any(|p| orient3d_q(&[
                qp[f0[0]].clone(),
                qp[f0[1]].clone(),
                qp[f0[2]].clone(),
                p.clone()
            ]) == Sign::Positive));
        }
    }
    // The dimension is exactly that of the points' affine hull.
    let dim = affine_dim(qp);
    let got = match h {
        Hull::Point(_) => 0,
        Hull::Segment(_) => 1,
        Hull::Polygon(_) => 2,
        Hull::Polyhedron(_) => 3,
    };
    assert_eq!(got, dim, "{label}: hull dimension");
}

fn affine_dim(qp: &[Q3]) -> usize {
    let a = &qp[0];
    let Some(b) = qp.iter().find(|p| *p != a) else {
        return 0;
    };
    let d = qsub(b, a);
    let Some(c) = qp.iter().find(|p| !is_zero3(&qcross(&d, &qsub(p, a)))) else {
        return 1;
    };
    let nrm = qcross(&d, &qsub(c, a));
    if qp.iter().all(|p| qdot(&nrm, &qsub(p, a)).is_zero()) {
        2
    } else {
        3
    }
}

/// Every builder on one point set in scalar `T`, checked against the oracles.
fn check_all<T: Scalar>(pts: &[[T; 3]], label: &str) {
    let qp: Vec<Q3> = pts.iter().map(tq3).collect();
    let b: Aabb<T> = aabb(pts).unwrap();
    for k in 0..3 {
        let mn = qp.iter().map(|p| p[k].clone()).min().unwrap();
        let mx = qp.iter().map(|p| p[k].clone()).max().unwrap();
        assert!(
            tq(&b.min[k]) == mn && tq(&b.max[k]) == mx,
            "{label}: AABB not exact"
        );
    }
    check_kdop::<T, 3>(pts, &qp, label);
    check_kdop::<T, 7>(pts, &qp, label);
    check_kdop::<T, 9>(pts, &qp, label);
    check_kdop::<T, 13>(pts, &qp, label);
    check_sphere(
        &sphere_aabb_center(pts).unwrap(),
        &qp,
        label,
        "AABB-centre sphere",
    );
    check_sphere(&sphere_ritter(pts).unwrap(), &qp, label, "Ritter sphere");
    let w = sphere_welzl(pts).unwrap();
    check_sphere(&w, &qp, label, "Welzl sphere");
    // Welzl's radius is never below the exact minimum (it contains the points) and is
    // the smallest of the three up to rounding.
    let h = convex_hull(pts).unwrap();
    check_hull(&h, &qp, label);
    check_obb(&obb_pca(pts).unwrap(), &qp, label, "PCA OBB");
    check_obb(&obb_dito(pts).unwrap(), &qp, label, "DiTO OBB");
}

fn as_f32(p: &[[f64; 3]]) -> Vec<[f32; 3]> {
    p.iter().map(|q| q.map(|x| x as f32)).collect()
}
fn as_q(p: &[[f64; 3]]) -> Vec<Q3> {
    p.iter().map(|q| q.map(qf)).collect()
}

/// f64, f32 (rounded copies, where finite) and rationals (small sets).
fn check_every_scalar(p: &[[f64; 3]], label: &str) {
    check_all(p, &format!("{label} f64"));
    let p32 = as_f32(p);
    if p32.iter().flatten().all(|x| x.is_finite()) {
        check_all(&p32, &format!("{label} f32"));
    }
    if p.len() <= 24 {
        check_all(&as_q(p), &format!("{label} Q"));
    }
}

// ---------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------

fn grid_set(rng: &mut Rng, n: usize, half: i64, denom: f64) -> Vec<[f64; 3]> {
    (0..n)
        .map(|_| core::array::from_fn(|_| rng.range(-half, half) as f64 / denom))
        .collect()
}

fn cube_faces(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    (0..n)
        .map(|_| {
            let axis = rng.range(0, 2) as usize;
            let side = if rng.range(0, 1) == 0 { -2.0 } else { 2.0 };
            core::array::from_fn(|k| {
                if k == axis {
                    side
                } else {
                    rng.range(-2, 2) as f64
                }
            })
        })
        .collect()
}

fn cospherical(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    let r = [3i64, 7, 9, 11, 21][rng.range(0, 4) as usize];
    let lat = sphere_lattice(r);
    let c: [i64; 3] = core::array::from_fn(|_| rng.range(-50, 50));
    (0..n)
        .map(|_| {
            let p = lat[rng.range(0, lat.len() as i64 - 1) as usize];
            core::array::from_fn(|k| (p[k] + c[k]) as f64)
        })
        .collect()
}

fn collinear(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    let a: [i64; 3] = core::array::from_fn(|_| rng.range(-9, 9));
    let d: [i64; 3] = core::array::from_fn(|_| rng.range(-3, 3));
    (0..n)
        .map(|_| {
            let t = rng.range(-6, 6);
            core::array::from_fn(|k| (a[k] + t * d[k]) as f64)
        })
        .collect()
}

fn coplanar(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    let a: [i64; 3] = core::array::from_fn(|_| rng.range(-9, 9));
    let u: [i64; 3] = core::array::from_fn(|_| rng.range(-3, 3));
    let v: [i64; 3] = core::array::from_fn(|_| rng.range(-3, 3));
    (0..n)
        .map(|_| {
            let (s, t) = (rng.range(-4, 4), rng.range(-4, 4));
            core::array::from_fn(|k| (a[k] + s * u[k] + t * v[k]) as f64)
        })
        .collect()
}

fn repeated(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    let k = rng.range(1, 5) as usize;
    let base = grid_set(rng, k, 3, 1.0);
    (0..n)
        .map(|_| base[rng.range(0, base.len() as i64 - 1) as usize])
        .collect()
}

fn scaled(p: &[[f64; 3]], k: i32) -> Vec<[f64; 3]> {
    p.iter().map(|q| q.map(|x| mul_pow2_f64(x, k))).collect()
}

fn far(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    let off: [f64; 3] = core::array::from_fn(|_| 1e6 * (rng.next_f64() + 0.5));
    (0..n)
        .map(|_| core::array::from_fn(|k| off[k] + rng.next_f64()))
        .collect()
}

fn uniform(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    (0..n)
        .map(|_| core::array::from_fn(|_| 2.0 * rng.next_f64() - 1.0))
        .collect()
}

/// One set from each generator family, cycling through them.
fn family(rng: &mut Rng, which: usize, n: usize) -> (Vec<[f64; 3]>, &'static str) {
    match which % 11 {
        0 => (grid_set(rng, n, 4, 4.0), "dyadic grid"),
        1 => (cube_faces(rng, n), "cube faces"),
        2 => (cospherical(rng, n), "cospherical"),
        3 => (collinear(rng, n), "collinear"),
        4 => (coplanar(rng, n), "coplanar"),
        5 => (repeated(rng, n), "repeated"),
        6 => (scaled(&grid_set(rng, n, 4, 1.0), 1000), "grid x 2^1000"),
        7 => (scaled(&grid_set(rng, n, 4, 1.0), -1070), "subnormal grid"),
        8 => (scaled(&coplanar(rng, n), -1000), "coplanar x 2^-1000"),
        9 => (far(rng, n), "far (1e6 offset)"),
        _ => (uniform(rng, n), "uniform"),
    }
}

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

#[test]
fn every_volume_contains_every_point_exactly() {
    let mut rng = Rng::new(0xB0_0417);
    let rounds = cases(66) as usize;
    for round in 0..rounds {
        let n = [1usize, 2, 3, 4, 5, 8, 13, 20][round % 8];
        let (p, name) = family(&mut rng, round, n);
        check_every_scalar(&p, &format!("round {round} ({name}, n = {n})"));
    }
}

#[test]
fn larger_sets_in_floats() {
    let mut rng = Rng::new(0x1A26E);
    // Each of the 11 families once (times ISECT_TEST_SCALE).
    for round in 0..cases(11) as usize {
        let (p, name) = family(&mut rng, round, 120);
        let label = format!("round {round} ({name}, n = 120)");
        check_all(&p, &format!("{label} f64"));
        let p32 = as_f32(&p);
        if p32.iter().flatten().all(|x| x.is_finite()) {
            check_all(&p32, &format!("{label} f32"));
        }
    }
}

#[test]
fn welzl_is_the_exact_minimum_for_rationals() {
    let mut rng = Rng::new(0x3E12);
    for round in 0..cases(60) as usize {
        let n = 1 + round % 7;
        let (p, name) = family(&mut rng, round, n);
        let label = format!("round {round} ({name}, n = {n})");
        let qp = as_q(&p);
        let (c, r2) = brute_min_sphere(&qp);
        let s = sphere_welzl(&qp).unwrap();
        assert_eq!(s.center, c, "{label}: centre");
        let r = s.radius.clone();
        assert!(&r * &r >= r2, "{label}: radius below the minimum");
        // Exactly the minimum when it is rational, else within a relative 2^-64.
        let bound = &r2 * (Q::one() + Q::new(1.into(), num_bigint::BigInt::from(1u64) << 62usize));
        assert!(&r * &r <= bound, "{label}: radius too large");
        let q2 = &r2;
        let root = sqrt_rational(q2);
        if let Some(root) = root {
            assert_eq!(r, root, "{label}: rational radius not exact");
        }
        // And for the float inputs: the exact solver agrees; the float sphere is close.
        let (ce, r2e) = min_sphere_exact(&p).unwrap();
        assert_eq!(
            (ce, r2e),
            (c.clone(), r2.clone()),
            "{label}: min_sphere_exact"
        );
        let w = sphere_welzl(&p).unwrap();
        assert_radius_close(w.radius, &w.center, &r2, 1e-9, &format!("{label} f64"));
        let p32 = as_f32(&p);
        if p32.iter().flatten().all(|x| x.is_finite()) {
            let q32: Vec<Q3> = p32.iter().map(tq3).collect();
            let (_, r2_32) = brute_min_sphere(&q32);
            let w32 = sphere_welzl(&p32).unwrap();
            assert_radius_close(
                w32.radius,
                &w32.center,
                &r2_32,
                1e-6,
                &format!("{label} f32"),
            );
        }
    }
}

/// The documented accuracy of a float Welzl sphere: `r* ≤ r ≤ r*·(1 + rel) + 4·ulp(c)`,
/// where `r*` is the exact minimal radius and `ulp(c)` the spacing of `T` at the larger of
/// the centre's largest coordinate and the radius (the centre is rounded to `T`; moving the centre by `δ` costs at
/// most `|δ|` of radius).
fn assert_radius_close<T: Scalar + Copy>(r: T, c: &[T; 3], r2: &Q, rel: f64, label: &str) {
    let rq = tq(&r);
    assert!(&rq * &rq >= *r2, "{label}: radius below the minimum");
    let cmax = c
        .iter()
        .map(|x| tq(x).abs())
        .chain([rq.clone()])
        .max()
        .unwrap();
    let is32 = core::any::TypeId::of::<T>() == core::any::TypeId::of::<f32>();
    let (bits, tiny) = if is32 { (24, -149) } else { (53, -1074) };
    // 2^(e − p + 1) for 2^e ≤ max(|c|, r) < 2^(e+1), p the significand bits of T, and
    // never below the smallest subnormal.
    let ulp = if cmax.is_zero() {
        q_pow2(tiny)
    } else {
        let e = Scalar::to_f64(&cmax).log2().floor() as i32;
        q_pow2((e - bits + 1).max(tiny))
    };
    let slack = &rq - ulp * qi(4);
    let tol = Q::one() + qf(rel);
    assert!(
        slack.is_negative() || &slack * &slack <= r2 * &tol * &tol,
        "{label}: radius {r:?} vs exact r² {r2}"
    );
}

/// `Some(√q)` when `q ≥ 0` is the square of a rational.
fn sqrt_rational(q: &Q) -> Option<Q> {
    let (n, d) = (q.numer(), q.denom());
    let (sn, sd) = (n.sqrt(), d.sqrt());
    (&sn * &sn == *n && &sd * &sd == *d).then(|| Q::new(sn, sd))
}

#[test]
fn welzl_on_cospherical_and_degenerate_sets() {
    // All lattice points of a sphere: the minimal ball is that sphere.
    for r in [3i64, 9, 21] {
        let lat = sphere_lattice(r);
        let p: Vec<[f64; 3]> = lat.iter().map(|v| v.map(|x| (x + 100) as f64)).collect();
        let s = sphere_welzl(&p).unwrap();
        assert_eq!(s.center, [100.0; 3], "r = {r}");
        assert!(s.radius >= r as f64 && s.radius <= r as f64 * (1.0 + 1e-12));
        let qp = as_q(&p);
        let sq = sphere_welzl(&qp).unwrap();
        assert_eq!(sq.center, [qi(100), qi(100), qi(100)]);
        assert_eq!(sq.radius, qi(r));
    }
    // Four coplanar cocircular points: the ball is the circle's diametral ball.
    let p = [
        [0.0, 0.0, 5.0],
        [6.0, 0.0, 5.0],
        [0.0, 8.0, 5.0],
        [6.0, 8.0, 5.0],
        [3.0, 4.0, 5.0],
    ];
    let s = sphere_welzl(&as_q(&p)).unwrap();
    assert_eq!(s.center, [qi(3), qi(4), qi(5)]);
    assert_eq!(s.radius, qi(5));
    let s = sphere_welzl(&p).unwrap();
    assert_eq!((s.center, s.radius), ([3.0, 4.0, 5.0], 5.0));
}

#[test]
fn hull_on_adversarial_sets() {
    let mut rng = Rng::new(0x4011);
    // All 5³ points of a grid: 8 corners, many coplanar points on every face.
    let mut g = Vec::new();
    for x in 0..5 {
        for y in 0..5 {
            for z in 0..5 {
                g.push([x as f64, y as f64, z as f64]);
            }
        }
    }
    check_hull(&convex_hull(&g).unwrap(), &as_q(&g), "5x5x5 grid");
    let Hull::Polyhedron(f) = convex_hull(&g).unwrap() else {
        panic!()
    };
    // Every corner of the cube is a vertex; every vertex lies on the cube's boundary.
    let v: Vec<usize> = f.iter().flatten().copied().collect();
    for &i in &v {
        assert!(g[i].iter().any(|&c| c == 0.0 || c == 4.0));
    }
    // Duplicates everywhere, and the cube's corners shuffled in.
    for round in 0..cases(30) as usize {
        let mut p = cube_faces(&mut rng, 30);
        p.extend(p.clone());
        let label = format!("cube faces with duplicates, round {round}");
        check_hull(&convex_hull(&p).unwrap(), &as_q(&p), &label);
        let p32 = as_f32(&p);
        check_hull(&convex_hull(&p32).unwrap(), &as_q(&p), &label);
        let far: Vec<[f64; 3]> = p
            .iter()
            .map(|q| q.map(|x| x * 2f64.powi(-40) + 1e6))
            .collect();
        check_hull(
            &convex_hull(&far).unwrap(),
            &as_q(&far),
            &format!("{label} far"),
        );
    }
    // Lower dimensions, exactly.
    assert_eq!(convex_hull(&[[1.0, 2.0, 3.0]; 5]).unwrap(), Hull::Point(0));
    let seg = [
        [0.0, 0.0, 0.0],
        [3.0, 3.0, 3.0],
        [1.0, 1.0, 1.0],
        [2.0, 2.0, 2.0],
    ];
    assert_eq!(convex_hull(&seg).unwrap(), Hull::Segment([0, 1]));
    // Nearly collinear, off by one ulp: not a segment.
    let seg2 = [
        [0.0, 0.0, 0.0],
        [3.0, 3.0, 3.0],
        [1.0, 1.0, 1.0f64.next_up()],
    ];
    assert!(matches!(convex_hull(&seg2).unwrap(), Hull::Polygon(_)));
}

#[test]
fn containment_helpers_match_the_oracle_on_boundaries() {
    let mut rng = Rng::new(0xC0_47A1);
    for _ in 0..cases(300) {
        // A skewed box with dyadic axes; points at exact corners, face points and one ulp
        // beyond them.
        let axes: [[f64; 3]; 3] =
            core::array::from_fn(|_| core::array::from_fn(|_| rng.range(-8, 8) as f64 / 4.0));
        let c: [f64; 3] = core::array::from_fn(|_| rng.range(-8, 8) as f64);
        let h: [f64; 3] = core::array::from_fn(|_| rng.range(0, 4) as f64 / 2.0);
        let b = Obb::new(c, axes, h);
        let bq = obb_q(&b);
        let det = qdot(&bq.axes[0], &qcross(&bq.axes[1], &bq.axes[2]));
        for _ in 0..6 {
            let s: [f64; 3] = core::array::from_fn(|i| h[i] * rng.range(-1, 1) as f64);
            let mut p: [f64; 3] =
                core::array::from_fn(|k| c[k] + (0..3).map(|i| s[i] * axes[i][k]).sum::<f64>());
            if rng.range(0, 1) == 0 {
                let k = rng.range(0, 2) as usize;
                p[k] = if rng.range(0, 1) == 0 {
                    p[k].next_up()
                } else {
                    p[k].next_down()
                };
            }
            if !det.is_zero() {
                assert_eq!(
                    b.contains_point(&p),
                    obb_contains_q(&bq, &tq3(&p)),
                    "{b:?} {p:?}"
                );
            }
            // The sphere through a lattice point.
            let sp = Sphere::new(c, 5.0);
            assert!(sp.contains_point(&[c[0] + 3.0, c[1] - 4.0, c[2]]));
            assert!(!sp.contains_point(&[c[0] + 3.0, (c[1] - 4.0).next_down(), c[2]]));
            assert_eq!(
                sp.contains_point(&p),
                sphere_contains_q(&tq3(&c), &qi(5), &tq3(&p))
            );
        }
    }
    // Flat boxes (dependent axes) fall back to the exact OBB/OBB test.
    let flat = Obb::new(
        [0.0; 3],
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]],
        [1.0, 1.0, 1.0],
    );
    assert!(!flat.contains_point(&[2.5, 0.0, 0.0]));
    assert!(flat.contains_point(&[2.0, 0.0, 0.0]));
    assert!(flat.contains_point(&[1.5, 1.5, 0.0]));
    assert!(!flat.contains_point(&[0.0, 0.0, 1e-300]));
    // Bad input answers false; an infinite radius contains every finite point.
    assert!(!Sphere::new([0.0; 3], -1.0).contains_point(&[0.0; 3]));
    assert!(!Sphere::new([0.0; 3], 1.0).contains_point(&[f64::NAN, 0.0, 0.0]));
    assert!(Sphere::new([0.0; 3], f64::INFINITY).contains_point(&[1e300, 0.0, 0.0]));
    assert!(!Obb::new([0.0; 3], [[1.0, 0.0, 0.0]; 3], [-1.0, 1.0, 1.0]).contains_point(&[0.0; 3]));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let empty: [[f64; 3]; 0] = [];
    let e = InputError::Empty { argument: 0 };
    assert_eq!(try_aabb(&empty), Err(e));
    assert_eq!(try_kdop::<f64, 13>(&empty).unwrap_err(), e);
    assert_eq!(try_sphere_welzl(&empty), Err(e));
    assert_eq!(try_sphere_ritter(&empty), Err(e));
    assert_eq!(try_sphere_aabb_center(&empty), Err(e));
    assert_eq!(try_convex_hull(&empty), Err(e));
    assert_eq!(try_obb_pca(&empty), Err(e));
    assert_eq!(try_obb_dito(&empty), Err(e));
    assert_eq!(try_min_sphere_exact(&empty), Err(e));
    // The plain forms answer None for the same input.
    assert_eq!(aabb(&empty), None);
    assert!(kdop::<f64, 13>(&empty).is_none());
    assert_eq!(sphere_welzl(&empty), None);
    assert_eq!(sphere_ritter(&empty), None);
    assert_eq!(sphere_aabb_center(&empty), None);
    assert!(convex_hull(&empty).is_none());
    assert!(obb_pca(&empty).is_none());
    assert!(obb_dito(&empty).is_none());
    assert_eq!(min_sphere_exact(&empty), None);
    let bad = [[0.0, 0.0, 0.0], [1.0, 2.0, f64::INFINITY]];
    let e = InputError::NonFinite {
        argument: 0,
        what: "point",
        index: Some(1),
        axis: Some(2),
        value: NonFiniteValue::PosInfinity,
    };
    assert_eq!(try_aabb(&bad).unwrap_err(), e);
    assert_eq!(try_kdop::<f64, 13>(&bad).unwrap_err(), e);
    assert_eq!(try_sphere_welzl(&bad).unwrap_err(), e);
    assert_eq!(try_sphere_ritter(&bad).unwrap_err(), e);
    assert_eq!(try_convex_hull(&bad).unwrap_err(), e);
    assert_eq!(try_obb_pca(&bad).unwrap_err(), e);
    assert_eq!(try_obb_dito(&bad).unwrap_err(), e);
    assert!(aabb(&bad).is_none());
    assert!(kdop::<f64, 13>(&bad).is_none());
    assert!(sphere_welzl(&bad).is_none());
    assert!(sphere_ritter(&bad).is_none());
    assert!(convex_hull(&bad).is_none());
    assert!(obb_pca(&bad).is_none());
    assert!(obb_dito(&bad).is_none());
    let nan32 = [[f32::NAN, 0.0, 0.0]];
    assert_eq!(
        try_sphere_welzl(&nan32),
        Err(InputError::NonFinite {
            argument: 0,
            what: "point",
            index: Some(0),
            axis: Some(0),
            value: NonFiniteValue::NaN,
        })
    );
    assert!(sphere_welzl(&nan32).is_none());
    // The message names the point and the coordinate (argument 1 of the call, point 1,
    // the z coordinate).
    assert_eq!(
        e.to_string(),
        "argument 1 (point 1): the z coordinate is +infinity"
    );
}

#[test]
fn extreme_magnitudes_keep_tight_spheres() {
    // The same shape at 2^-1000, 2^0, 2^1000 and at 1e6 offset: the radius ratio to the
    // exact minimum stays within the documented tolerance (the frame is rescaled).
    let base = [
        [0.0, 0.0, 0.0],
        [4.0, 0.0, 0.0],
        [0.0, 3.0, 0.0],
        [1.0, 1.0, 2.0],
    ];
    for k in [-1000, -500, 0, 500, 1000] {
        let p = scaled(&base, k);
        let (_, r2) = brute_min_sphere(&as_q(&p));
        let w = sphere_welzl(&p).unwrap();
        assert_radius_close(w.radius, &w.center, &r2, 1e-9, &format!("k = {k}"));
    }
    // Points 2^1023 apart: the radius is finite and contains both.
    let p = [[-f64::MAX, 0.0, 0.0], [f64::MAX, 0.0, 0.0]];
    let s = sphere_welzl(&p).unwrap();
    assert!(p.iter().all(|q| s.contains_point(q)) && s.radius == f64::MAX);
    // f32: the radius overflows to +∞ and still contains (documented).
    let p = [[-f32::MAX, 0.0, 0.0], [f32::MAX, f32::MAX, 0.0]];
    let s = sphere_ritter(&p).unwrap();
    assert!(p.iter().all(|q| s.contains_point(q)));
}

#[test]
fn sqrt_up_is_exact_or_a_tight_upper_bound() {
    let mut rng = Rng::new(0x5047);
    for _ in 0..cases(200) {
        let n = rng.range(0, 1_000_000);
        let d = rng.range(1, 1_000_000);
        let q = Q::new(n.into(), d.into());
        let r: Q = sqrt_up(&q);
        assert!(&r * &r >= q);
        match sqrt_rational(&q) {
            Some(root) => assert_eq!(r, root),
            None => assert!(
                &r * &r
                    <= &q
                        * (Q::one() + Q::new(1.into(), num_bigint::BigInt::from(1u64) << 62usize))
            ),
        }
        let f: f64 = sqrt_up(&q);
        assert!(qf(f) * qf(f) >= q);
        assert!(f.next_down() * f.next_down() <= Scalar::to_f64(&q) * (1.0 + 1e-15));
        let g: f32 = sqrt_up(&q);
        assert!(Q::from_float(g).unwrap().pow(2) >= q);
    }
    let sq = Q::new(49.into(), 4.into());
    assert_eq!(sqrt_up::<Q>(&sq), Q::new(7.into(), 2.into()));
    assert_eq!(sqrt_up::<f64>(&sq), 3.5);
}

#[test]
fn measures_match_their_formulas() {
    let b = Aabb::new([0.0; 3], [2.0, 3.0, 4.0]);
    assert_eq!(b.surface_area(), 2.0 * (6.0 + 12.0 + 8.0));
    assert_eq!(b.mean_width(), 4.5);
    assert_eq!(Aabb::new([1.0; 3], [0.0; 3]).surface_area(), 0.0);
    // The same box as an OBB with unnormalised, rotated axes.
    let o = Obb::new(
        [5.0; 3],
        [[0.0, 2.0, 0.0], [-2.0, 0.0, 0.0], [0.0, 0.0, 0.5]],
        [0.75, 0.5, 4.0],
    );
    // Edges 3, 2, 4.
    assert!((o.surface_area() - 52.0).abs() < 1e-12);
    assert!((o.mean_width() - 4.5).abs() < 1e-12);
    // A skewed parallelepiped: faces by cross products.
    let sk = Obb::new(
        [0.0; 3],
        [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        [0.5; 3],
    );
    let want = 2.0 * (1.0 + 2f64.sqrt() + 1.0);
    assert!((sk.surface_area() - want).abs() < 1e-12);
    assert!((sk.mean_width() - (2.0 + 2f64.sqrt()) / 2.0).abs() < 1e-12);
    let s = Sphere::new([0.0; 3], 3.0f32);
    assert!((s.surface_area() - 36.0 * std::f64::consts::PI).abs() < 1e-9);
    assert_eq!(s.mean_width(), 6.0);
    // Cauchy: for a unit cube, mean width is 3/2, and a sphere's area is π·(mean width)².
    let c = Aabb::new([0.0; 3], [1.0; 3]);
    assert_eq!(c.mean_width(), 1.5);
    assert!((Sphere::new([0.0; 3], 1.0).surface_area() - std::f64::consts::PI * 4.0).abs() < 1e-12);
    // Rational inputs measure the same as their f64 values.
    let bq = Aabb::new([qi(0), qi(0), qi(0)], [qi(2), qi(3), qi(4)]);
    assert_eq!(bq.surface_area(), b.surface_area());
}

#[test]
fn obb_tightness_on_rotated_boxes() {
    // The corners of a box rotated by a Pythagorean rotation (exact in rationals): both
    // methods should find (nearly) that box, so their area is close to the true one.
    let (c, s) = (0.6, 0.8);
    let ext = [3.0, 1.0, 0.5];
    let mut p = Vec::new();
    for i in 0..8 {
        let l = [
            if i & 1 == 0 { -ext[0] } else { ext[0] },
            if i & 2 == 0 { -ext[1] } else { ext[1] },
            if i & 4 == 0 { -ext[2] } else { ext[2] },
        ];
        p.push([c * l[0] - s * l[1], s * l[0] + c * l[1], l[2]]);
    }
    let truth = 8.0 * (ext[0] * ext[1] + ext[1] * ext[2] + ext[2] * ext[0]);
    for (name, b) in [
        ("pca", obb_pca(&p).unwrap()),
        ("dito", obb_dito(&p).unwrap()),
    ] {
        check_obb(&b, &as_q(&p), "rotated box", name);
        let ratio = b.surface_area() / truth;
        assert!(
            (1.0..1.0 + 1e-9).contains(&ratio),
            "{name}: area ratio {ratio}"
        );
    }
    let aabb_area = aabb(&p).unwrap().surface_area();
    assert!(aabb_area > truth * 1.2);
}

/// Float builders only (the rational oracle still decides), for the proptest families.
fn check_floats<T: Scalar>(pts: &[[T; 3]], label: &str) {
    let qp: Vec<Q3> = pts.iter().map(tq3).collect();
    check_kdop::<T, 13>(pts, &qp, label);
    check_sphere(
        &sphere_aabb_center(pts).unwrap(),
        &qp,
        label,
        "AABB-centre sphere",
    );
    check_sphere(&sphere_ritter(pts).unwrap(), &qp, label, "Ritter sphere");
    check_sphere(&sphere_welzl(pts).unwrap(), &qp, label, "Welzl sphere");
    check_hull(&convex_hull(pts).unwrap(), &qp, label);
    check_obb(&obb_pca(pts).unwrap(), &qp, label, "PCA OBB");
    check_obb(&obb_dito(pts).unwrap(), &qp, label, "DiTO OBB");
}

mod prop {
    use super::*;
    use isect_testkit::{config, strategies};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(config(64))]

        /// Mixed magnitudes in one set (1e300 beside 1e-300, near the top of the range),
        /// any bit pattern, clusters of points one ulp apart.
        #[test]
        fn f64_extreme_sets(p in prop_oneof![
            strategies::mixed::<f64, 3, 6>(),
            strategies::extreme::<f64, 3, 6>(),
            strategies::ulp_cluster::<f64, 3, 6>(),
        ]) {
            check_floats(&p, &format!("f64 extreme {p:?}"));
        }

        #[test]
        fn f32_extreme_sets(p in prop_oneof![
            strategies::mixed::<f32, 3, 6>(),
            strategies::extreme::<f32, 3, 6>(),
            strategies::ulp_cluster::<f32, 3, 6>(),
        ]) {
            check_floats(&p, &format!("f32 extreme {p:?}"));
        }
    }
}

#[test]
fn points_at_the_ends_of_the_range() {
    for m in [f64::MAX, f64::MAX / 3.0] {
        let p = [
            [-m, -m, -m],
            [m, m, m],
            [m, -m, 0.0],
            [0.0, m, -m],
            [1.0, 2.0, 3.0],
        ];
        check_floats(&p, &format!("±{m:e}"));
    }
    let m = f32::MAX;
    let p = [[-m, -m, -m], [m, m, m], [m, -m, 0.0], [0.0, m, -m]];
    check_floats(&p, "±f32::MAX");
}

/// The same builders over GMP rationals: every volume checked by the oracle, Welzl equal
/// to the brute-force optimum.
#[cfg(feature = "rug")]
#[test]
fn rug_rationals() {
    let mut rng = Rng::new(0x0072_7567);
    for round in 0..cases(22) as usize {
        let n = 1 + round % 7;
        let (p, name) = family(&mut rng, round, n);
        let label = format!("rug round {round} ({name}, n = {n})");
        let pr: Vec<[rug::Rational; 3]> = as_q(&p)
            .iter()
            .map(|q| core::array::from_fn(|k| to_rug(&q[k])))
            .collect();
        check_all(&pr, &label);
        let (c, r2) = brute_min_sphere(&as_q(&p));
        let s = sphere_welzl(&pr).unwrap();
        assert_eq!(tq3(&s.center), c, "{label}: centre");
        assert!(tq(&s.radius).pow(2) >= r2, "{label}: radius");
    }
}

/// Rationals far outside the `f64` range (`2^±3000`): the `f64` heuristics see infinities
/// or zeros, the exact parts must still give valid volumes and the exact minimal sphere.
#[test]
fn rationals_beyond_the_float_range() {
    let mut rng = Rng::new(0x3000);
    for round in 0..cases(11) as usize {
        let (p, name) = family(&mut rng, round, 7);
        for k in [-3000, 3000] {
            let s = q_pow2(k);
            let qp: Vec<Q3> = as_q(&p).iter().map(|v| v.clone().map(|x| x * &s)).collect();
            let label = format!("round {round} ({name}) x 2^{k}");
            check_all(&qp, &label);
            let (c, r2) = brute_min_sphere(&qp);
            let w = sphere_welzl(&qp).unwrap();
            assert_eq!(w.center, c, "{label}");
            assert!(&w.radius * &w.radius >= r2, "{label}");
        }
    }
}
