//! The entry points no other target calls, each against what its documentation promises:
//!
//! * the epsilon-policy forms (`ray_triangle_moller_with`, `ray_triangle_moller_tolerant_with`,
//!   `ray_sphere_algebraic_with`, `ray_sphere_geometric_with`, `ray_obb_slab_with`,
//!   `segment_segment_2d_parametric_with`, `segment_segment_2d_antonio_with`,
//!   `line_line_2d_with`, `obb_segment_with`, `obb_obb_gottschalk_with`, `tri_tri_moller_with`) under
//!   `Naive`, `Exact`, `Absolute`, `Relative` and `Ulps`, in `f64`, `f32` and rationals:
//!   no panic on any input (NaN, ±∞, zero determinants in rationals); the tolerant
//!   Möller–Trumbore accepts every hit of the classic one; with `Exact` on rationals
//!   (exact arithmetic) the classic formulas give the exact answer where they are
//!   complete: segment tests unless all four points are collinear (against `orient2d`
//!   signs evaluated here), `line_line_2d_with` (parameters checked by the defining
//!   equation), box tests on axes that are signed permutations of the unit axes and
//!   Möller's triangle test on proper triangles (against the exact library tests,
//!   fuzzed against rational oracles in their own targets);
//! * `orient2d_naive` … `insphere_naive` equal the exact signs (the test kit's Bareiss
//!   oracle) on small integers, where the plain evaluation is exact;
//! * the `try_` sweeps and `try_ray_capsule`: `Err` exactly for non-finite input or a
//!   negative radius / half extent (and a zero plane normal or ray direction), with the
//!   documented `InputError` (arguments numbered in call order: shape, displacement,
//!   shape, displacement), else `Ok` with the plain function's answer; `Ray::try_new`,
//!   `Sphere::try_new`, `Aabb::try_new`, `Polygon::try_new`, `Capsule::try_new`,
//!   `Triangle::is_degenerate`;
//! * `sqrt_up` (`r² ≥ q` exactly, the float below has `r'² < q`; exact roots of squares),
//!   `min_sphere_exact` (contains every point, no larger than Welzl's float sphere);
//! * `Measure` for AABBs, spheres, OBBs and k-DOPs: non-negative or NaN, an axis-aligned
//!   box measures the same as an AABB, a 6-DOP or a 14/26-DOP with loose diagonal slabs;
//! * `Frustum::from_matrix`: every coefficient is the documented row combination computed
//!   in rationals and rounded once; `FrustumClass::intersects`, `TriTri::interiors_meet`,
//!   `LineLine2d::intersects`, `FillRule::covers` agree with their definitions;
//! * the oracle's scenes and generator: `icosphere`/`unit_icosphere` closed and
//!   consistently oriented (directed edges counted here), `aimed_rays` through the aim
//!   point exactly at t = 8 on icospheres and never a panic or endless loop on arbitrary
//!   meshes, `random_rays`, `kettner_grid`, `near_coplanar_orient3d`,
//!   `near_coplanar_triangle_pairs`, `near_parallel_box_rays` with their documented
//!   counts, deterministic in the seed; `oracle::Rng` ranges; `oracle::check` (report
//!   consistent, counterexample a real failure); `MeshRaysKind::new` / `icosphere` and the
//!   proptest strategies `family` and `mesh_rays_inputs` (finite rays, never `Mixed`).
#![no_main]

use isect::bv::{min_sphere_exact, sphere_welzl, sqrt_up, Measure};
use isect::overlap::Kdop;
use isect::overlap::{frustum_aabb, DepthRange, Frustum, FrustumClass};
use isect::overlap::{
    line_line_2d, line_line_2d_with, obb_segment, obb_segment_with, segment_segment_2d,
    segment_segment_2d_antonio_with, segment_segment_2d_parametric_with, LineLine2d,
};
use isect::overlap::{obb_obb, obb_obb_gottschalk_with};
use isect::overlap::{tri_tri_moller_with, TriTri};
use isect::policy::{incircle_naive, insphere_naive, orient2d_naive, orient3d_naive};
use isect::policy::{Absolute, Exact, Naive, Relative, Ulps};
use isect::ray::ray_obb_slab_with;
use isect::ray::FillRule;
use isect::ray::{ray_sphere_algebraic_with, ray_sphere_geometric_with};
use isect::ray::{ray_triangle_moller_tolerant_with, ray_triangle_moller_with};
use isect::sweep::{
    ray_capsule, sweep_aabb_aabb, sweep_obb_obb, sweep_sphere_plane, sweep_sphere_polygon,
    sweep_sphere_sphere, sweep_sphere_triangle, try_ray_capsule, try_sweep_aabb_aabb,
    try_sweep_obb_obb, try_sweep_sphere_plane, try_sweep_sphere_polygon, try_sweep_sphere_sphere,
    try_sweep_sphere_triangle, Capsule,
};
use isect::{Aabb, InputError, Obb, Plane, Polygon, Ray, Scalar, Segment, Sign, Sphere, Triangle};
use isect_fuzz::{
    aabb_error, all_finite, check_try, non_finite_number, non_finite_point, obb_error, plane_error,
    polygon_error, q, q2, q3, ray_error, sphere_error, vertices_error, Src, Q,
};
use isect_testkit::predicates as oracle;
use libfuzzer_sys::fuzz_target;
use num_traits::{Signed, Zero};

fn q2s(p: &[[f64; 2]]) -> Vec<[Q; 2]> {
    p.iter().map(q2).collect()
}

fn o2(a: &[Q; 2], b: &[Q; 2], c: &[Q; 2]) -> Sign {
    oracle::orient2d_q(&[a.clone(), b.clone(), c.clone()])
}

fn f32_3(p: &[f64; 3]) -> [f32; 3] {
    p.map(|x| x as f32)
}

/// A signed permutation of the unit axes (orthonormal, right- or left-handed).
fn signed_axes(s: &mut Src) -> [[f64; 3]; 3] {
    const P: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let p = P[s.below(6)];
    let signs = s.byte();
    core::array::from_fn(|i| {
        let mut a = [0.0; 3];
        a[p[i]] = if signs >> i & 1 == 1 { -1.0 } else { 1.0 };
        a
    })
}

fn policies_ray_triangle(s: &mut Src, eps: f64) {
    let ray = Ray::new(s.pt3(), s.dir3());
    let tri = Triangle::new(s.pt3(), s.pt3(), s.pt3());
    macro_rules! both {
        ($r:expr, $t:expr, $p:expr) => {{
            let c = ray_triangle_moller_with($p, $r, $t);
            let t = ray_triangle_moller_tolerant_with($p, $r, $t);
            assert!(c.is_none() || t.is_some(), "tolerant misses a classic hit");
        }};
    }
    both!(&ray, &tri, Naive);
    both!(&ray, &tri, Exact);
    both!(&ray, &tri, Absolute { eps });
    both!(&ray, &tri, Relative { eps });
    both!(
        &ray,
        &tri,
        Ulps {
            n: (eps.abs() * 16.0) as u32 % 64
        }
    );
    let r32 = Ray::new(f32_3(&ray.origin), f32_3(&ray.direction));
    let t32 = Triangle::new(f32_3(&tri.a), f32_3(&tri.b), f32_3(&tri.c));
    both!(&r32, &t32, Absolute { eps });
    let fin = all_finite(
        ray.origin
            .iter()
            .chain(&ray.direction)
            .chain(&tri.a)
            .chain(&tri.b)
            .chain(&tri.c),
    );
    if fin {
        let rq = Ray::new(q3(&ray.origin), q3(&ray.direction));
        let tq = Triangle::new(q3(&tri.a), q3(&tri.b), q3(&tri.c));
        both!(&rq, &tq, Exact);
        both!(&rq, &tq, Absolute { eps: eps.abs() });
    }
}

fn policies_ray_shapes(s: &mut Src, eps: f64) {
    let ray = Ray::new(s.pt3(), s.dir3());
    let sp = Sphere::new(s.pt3(), s.f64());
    let ob = Obb::new(s.pt3(), [s.pt3(), s.pt3(), s.pt3()], s.pt3());
    let _ = ray_sphere_algebraic_with(Naive, &ray, &sp);
    let _ = ray_sphere_geometric_with(Naive, &ray, &sp);
    let _ = ray_sphere_algebraic_with(Absolute { eps }, &ray, &sp);
    let _ = ray_sphere_geometric_with(Relative { eps }, &ray, &sp);
    let _ = ray_sphere_algebraic_with(Exact, &ray, &sp);
    let _ = ray_obb_slab_with(Naive, &ray, &ob);
    let _ = ray_obb_slab_with(Exact, &ray, &ob);
    let _ = ray_obb_slab_with(Ulps { n: 4 }, &ray, &ob);
    let r32 = Ray::new(f32_3(&ray.origin), f32_3(&ray.direction));
    let s32 = Sphere::new(f32_3(&sp.center), sp.radius as f32);
    let _ = ray_sphere_geometric_with(Absolute { eps }, &r32, &s32);
    let _ = ray_sphere_algebraic_with(Exact, &r32, &s32);
    let b32 = Obb::new(
        f32_3(&ob.center),
        ob.axes.map(|a| f32_3(&a)),
        f32_3(&ob.half_extents),
    );
    let _ = ray_obb_slab_with(Relative { eps }, &r32, &b32);
}

fn policies_segments(s: &mut Src, eps: f64) {
    let p: Vec<[f64; 2]> = (0..4).map(|_| s.pt2()).collect();
    let (p0, p1, q0, q1) = (&p[0], &p[1], &p[2], &p[3]);
    for f in [
        segment_segment_2d_parametric_with::<f64, Naive>,
        segment_segment_2d_antonio_with,
    ] {
        let _ = f(Naive, p0, p1, q0, q1);
    }
    let _ = segment_segment_2d_parametric_with(Absolute { eps }, p0, p1, q0, q1);
    let _ = segment_segment_2d_antonio_with(Relative { eps }, p0, p1, q0, q1);
    let _ = segment_segment_2d_antonio_with(Exact, p0, p1, q0, q1);
    let _ = line_line_2d_with(Naive, p0, p1, q0, q1);
    let _ = line_line_2d_with(Absolute { eps }, p0, p1, q0, q1);
    if !all_finite(p.iter().flatten()) {
        return;
    }
    let pq = q2s(&p);
    let (a, b, c, d) = (&pq[0], &pq[1], &pq[2], &pq[3]);
    let all_collinear = o2(a, b, c) == Sign::Zero && o2(a, b, d) == Sign::Zero;
    let want = segment_segment_2d(p0, p1, q0, q1).intersects();
    if !all_collinear {
        assert_eq!(
            segment_segment_2d_parametric_with(Exact, a, b, c, d),
            want,
            "parametric with exact arithmetic {p:?}"
        );
        assert_eq!(
            segment_segment_2d_antonio_with(Exact, a, b, c, d),
            want,
            "Antonio with exact arithmetic {p:?}"
        );
    } else {
        let _ = segment_segment_2d_parametric_with(Exact, a, b, c, d);
        let _ = segment_segment_2d_antonio_with(Exact, a, b, c, d);
    }
    // Lines o1 + s·d1 and o2 + t·d2 (p1 and q1 read as directions).
    // With parallel lines (w = o2 - o1): coincident iff w × d1 and w × d2 are both zero.
    let cross = &b[0] * &d[1] - &b[1] * &d[0];
    let w = [&c[0] - &a[0], &c[1] - &a[1]];
    let w_d1 = &w[0] * &b[1] - &w[1] * &b[0];
    let w_d2 = &w[0] * &d[1] - &w[1] * &d[0];
    match line_line_2d_with(Exact, a, b, c, d) {
        LineLine2d::Point {
            s: sv,
            t: tv,
            point,
        } => {
            assert!(!cross.is_zero(), "parameters for parallel lines");
            for k in 0..2 {
                let on_first = &a[k] + &sv * &b[k];
                assert_eq!(on_first, &c[k] + &tv * &d[k], "not a common point");
                assert_eq!(point[k], on_first, "point is not o1 + s·d1");
            }
        }
        LineLine2d::Coincident => {
            assert!(cross.is_zero(), "coincident crossing lines");
            assert!(
                w_d1.is_zero() && w_d2.is_zero(),
                "coincident distinct lines"
            );
        }
        LineLine2d::Parallel => {
            assert!(cross.is_zero(), "no parameters for crossing lines");
            assert!(
                !(w_d1.is_zero() && w_d2.is_zero()),
                "parallel, not coincident"
            );
        }
    }
    // intersects() agrees with the exact classification.
    let l = line_line_2d(p0, p1, q0, q1);
    let meets = matches!(l, LineLine2d::Point { .. } | LineLine2d::Coincident);
    assert_eq!(l.intersects(), meets);
}

fn policies_boxes(s: &mut Src, eps: f64) {
    let a = Obb::new(s.pt3(), signed_axes(s), s.pt3().map(f64::abs));
    let b = Obb::new(s.pt3(), signed_axes(s), s.pt3().map(f64::abs));
    let seg = Segment::new(s.pt3(), s.pt3());
    let _ = obb_obb_gottschalk_with(Naive, &a, &b);
    let _ = obb_obb_gottschalk_with(Absolute { eps }, &a, &b);
    let _ = obb_segment_with(Naive, &a, &seg);
    let _ = obb_segment_with(Relative { eps }, &a, &seg);
    // Arbitrary (skewed, non-finite) boxes: no panic.
    let w = Obb::new(s.pt3(), [s.pt3(), s.pt3(), s.pt3()], s.pt3());
    let _ = obb_obb_gottschalk_with(Naive, &w, &b);
    let _ = obb_segment_with(Ulps { n: 2 }, &w, &seg);
    let vals = a
        .center
        .iter()
        .chain(&a.half_extents)
        .chain(&b.center)
        .chain(&b.half_extents);
    if all_finite(vals) && all_finite(seg.a.iter().chain(&seg.b)) {
        let qo =
            |o: &Obb<f64>| Obb::new(q3(&o.center), o.axes.map(|x| q3(&x)), q3(&o.half_extents));
        let (qa, qb) = (qo(&a), qo(&b));
        let qs = Segment::new(q3(&seg.a), q3(&seg.b));
        assert_eq!(
            obb_obb_gottschalk_with(Exact, &qa, &qb),
            obb_obb(&a, &b),
            "obb_obb_gottschalk_with exact arithmetic"
        );
        assert_eq!(
            obb_segment_with(Exact, &qa, &qs),
            obb_segment(&a, &seg),
            "obb_segment_with exact arithmetic"
        );
    }
}

fn policies_tri_tri(s: &mut Src, eps: f64) {
    let a = [s.pt3(), s.pt3(), s.pt3()];
    let b = [s.pt3(), s.pt3(), s.pt3()];
    let _ = tri_tri_moller_with(Naive, a, b);
    let _ = tri_tri_moller_with(Absolute { eps }, a, b);
    let _ = tri_tri_moller_with(Relative { eps }, a, b);
    let class = isect::tri_tri(a, b);
    assert_eq!(
        class.interiors_meet(),
        matches!(class, TriTri::Crossing | TriTri::CoplanarOverlap),
        "interiors_meet"
    );
    if !all_finite(a.iter().chain(&b).flatten()) {
        return;
    }
    let (qa, qb) = (a.map(|p| q3(&p)), b.map(|p| q3(&p)));
    let degenerate = |t: &[[f64; 3]; 3]| Triangle::new(t[0], t[1], t[2]).is_degenerate();
    let got = tri_tri_moller_with(Exact, qa.clone(), qb.clone());
    if !degenerate(&a) && !degenerate(&b) {
        assert_eq!(
            got,
            isect::tri_tri_intersect(a, b),
            "Möller with exact arithmetic {a:?} {b:?}"
        );
    }
}

fn sgn(v: f64) -> Sign {
    if v > 0.0 {
        Sign::Positive
    } else if v < 0.0 {
        Sign::Negative
    } else {
        Sign::Zero
    }
}

fn sgn_q(v: &Q) -> Sign {
    if v.is_positive() {
        Sign::Positive
    } else if v.is_negative() {
        Sign::Negative
    } else {
        Sign::Zero
    }
}

fn naive_predicates(s: &mut Src) {
    // Small integers: every product and sum of the plain formulas is exact, so the value
    // has the exact sign and the scale bounds it.
    let mut ip = || {
        [
            s.small_int() as f64,
            s.small_int() as f64,
            s.small_int() as f64,
        ]
    };
    let p: Vec<[f64; 3]> = (0..5).map(|_| ip()).collect();
    let p2: Vec<[f64; 2]> = p.iter().map(|x| [x[0], x[1]]).collect();
    let qp: Vec<[Q; 3]> = p.iter().map(q3).collect();
    let qp2 = q2s(&p2);
    let want = [
        oracle::orient2d_q(&[qp2[0].clone(), qp2[1].clone(), qp2[2].clone()]),
        oracle::incircle_q(&[
            qp2[0].clone(),
            qp2[1].clone(),
            qp2[2].clone(),
            qp2[3].clone(),
        ]),
        oracle::orient3d_q(&[qp[0].clone(), qp[1].clone(), qp[2].clone(), qp[3].clone()]),
        oracle::insphere_q(&[
            qp[0].clone(),
            qp[1].clone(),
            qp[2].clone(),
            qp[3].clone(),
            qp[4].clone(),
        ]),
    ];
    let got = [
        orient2d_naive(p2[0], p2[1], p2[2]),
        incircle_naive(p2[0], p2[1], p2[2], p2[3]),
        orient3d_naive(p[0], p[1], p[2], p[3]),
        insphere_naive(p[0], p[1], p[2], p[3], p[4]),
    ];
    for (i, ((v, sc), w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(sgn(*v), *w, "naive predicate {i} on small integers");
        assert!(sc.abs() >= v.abs(), "scale below the value");
    }
    // Arbitrary finite points in rationals: the naive formula is exact there.
    let (a, b, c, d) = (s.pt3(), s.pt3(), s.pt3(), s.pt3());
    if all_finite([a, b, c, d].iter().flatten()) {
        let (qa, qb, qc, qd) = (q3(&a), q3(&b), q3(&c), q3(&d));
        let (v, sc) = orient3d_naive(&qa, &qb, &qc, &qd);
        assert_eq!(
            sgn_q(&v),
            oracle::orient3d_q(&[qa, qb, qc, qd]),
            "naive orient3d in Q"
        );
        assert!(sc >= v.abs());
    }
    // Any input: no panic.
    let _ = orient3d_naive(s.pt3(), s.pt3(), s.pt3(), s.pt3());
    let _ = insphere_naive(s.pt3(), s.pt3(), s.pt3(), s.pt3(), s.pt3());
    let _ = incircle_naive(s.pt2(), s.pt2(), s.pt2(), s.pt2());
}

/// The error of a displacement (`what: "displacement"`) given as argument `argument`.
fn disp_error(argument: usize, v: &[f64; 3]) -> Option<InputError> {
    non_finite_point(argument, "displacement", None, v)
}

fn try_forms(s: &mut Src) {
    let (c0, c1, v0, v1) = (s.pt3(), s.pt3(), s.dir3(), s.dir3());
    let (r0, r1) = (s.f64(), s.f64());
    let (a, b) = (Sphere::new(c0, r0), Sphere::new(c1, r1));
    let fin = |xs: &[&[f64]]| xs.iter().all(|x| all_finite(x.iter()));
    // Sphere/sphere.
    let ok = fin(&[&c0, &c1, &v0, &v1, &[r0, r1]]);
    let bad = !ok || r0 < 0.0 || r1 < 0.0;
    check_try(
        "try_sweep_sphere_sphere",
        try_sweep_sphere_sphere(&a, &v0, &b, &v1),
        sphere_error(0, &a)
            .or_else(|| disp_error(1, &v0))
            .or_else(|| sphere_error(2, &b))
            .or_else(|| disp_error(3, &v1)),
        sweep_sphere_sphere(&a, &v0, &b, &v1),
    );
    match try_sweep_sphere_sphere(&a, &v0, &b, &v1) {
        Ok(h) => {
            assert!(!bad, "Ok for bad sphere/sphere input");
            assert_eq!(h, sweep_sphere_sphere(&a, &v0, &b, &v1));
        }
        Err(_) => assert!(bad, "Err for good sphere/sphere input"),
    }
    assert_eq!(
        Sphere::try_new(c0, r0).is_ok(),
        fin(&[&c0, &[r0]]) && r0 >= 0.0
    );
    check_try(
        "Sphere::try_new",
        Sphere::try_new(c0, r0),
        sphere_error(0, &a),
        a.clone(),
    );
    // Sphere/plane.
    let plane = Plane::new(c1, r1);
    let ok_p = fin(&[&c0, &c1, &v0, &v1, &[r0, r1]]) && r0 >= 0.0;
    check_try(
        "try_sweep_sphere_plane",
        try_sweep_sphere_plane(&a, &v0, &plane, &v1),
        sphere_error(0, &a)
            .or_else(|| disp_error(1, &v0))
            .or_else(|| plane_error(2, &plane))
            .or_else(|| disp_error(3, &v1)),
        sweep_sphere_plane(&a, &v0, &plane, &v1),
    );
    match try_sweep_sphere_plane(&a, &v0, &plane, &v1) {
        Ok(h) => {
            assert!(ok_p, "Ok for bad sphere/plane input");
            assert_eq!(h, sweep_sphere_plane(&a, &v0, &plane, &v1));
        }
        Err(_) => assert!(
            !ok_p || c1 == [0.0; 3],
            "Err for good sphere/plane input (a zero normal may be refused)"
        ),
    }
    // AABB/AABB.
    let (ba, bb) = (Aabb::new(c0, c1), Aabb::new(v1, c1));
    check_try(
        "try_sweep_aabb_aabb",
        try_sweep_aabb_aabb(&ba, &v0, &bb, &v1),
        aabb_error(0, &ba)
            .or_else(|| disp_error(1, &v0))
            .or_else(|| aabb_error(2, &bb))
            .or_else(|| disp_error(3, &v1)),
        sweep_aabb_aabb(&ba, &v0, &bb, &v1),
    );
    check_try(
        "Aabb::try_new",
        Aabb::try_new(c0, c1),
        aabb_error(0, &ba),
        ba.clone(),
    );
    if let Ok(h) = try_sweep_aabb_aabb(&ba, &v0, &bb, &v1) {
        assert!(fin(&[&c0, &c1, &v0, &v1]));
        assert_eq!(h, sweep_aabb_aabb(&ba, &v0, &bb, &v1));
    } else {
        let empty = (0..3).any(|k| c0[k] > c1[k] || v1[k] > c1[k]);
        assert!(!fin(&[&c0, &c1, &v0, &v1]) || empty, "Err for good boxes");
    }
    // Sphere/triangle and sphere/polygon.
    let tri = Triangle::new(c1, v1, s.pt3());
    let vt = s.dir3();
    check_try(
        "try_sweep_sphere_triangle",
        try_sweep_sphere_triangle(&a, &v0, &tri, &vt),
        sphere_error(0, &a)
            .or_else(|| disp_error(1, &v0))
            .or_else(|| vertices_error(2, &[tri.a, tri.b, tri.c]))
            .or_else(|| disp_error(3, &vt)),
        sweep_sphere_triangle(&a, &v0, &tri, &vt),
    );
    match try_sweep_sphere_triangle(&a, &v0, &tri, &vt) {
        Ok(h) => assert_eq!(h, sweep_sphere_triangle(&a, &v0, &tri, &vt)),
        Err(_) => assert!(
            !fin(&[&c0, &v0, &vt, &[r0], &tri.a, &tri.b, &tri.c]) || r0 < 0.0,
            "Err for good sphere/triangle input"
        ),
    }
    let poly = Polygon::new(vec![tri.a, tri.b, tri.c, s.pt3()]);
    if let Ok(h) = try_sweep_sphere_polygon(&a, &v0, &poly, &vt) {
        assert_eq!(h, sweep_sphere_polygon(&a, &v0, &poly, &vt));
    }
    // In argument order (sphere, displacement, polygon, displacement), then convexity.
    let got = try_sweep_sphere_polygon(&a, &v0, &poly, &vt);
    let err = sphere_error(0, &a)
        .or_else(|| disp_error(1, &v0))
        .or_else(|| polygon_error(2, &poly.vertices))
        .or_else(|| disp_error(3, &vt));
    if err.is_some() || got != Err(InputError::NotConvexPlanar { argument: 2 }) {
        check_try(
            "try_sweep_sphere_polygon",
            got,
            err,
            sweep_sphere_polygon(&a, &v0, &poly, &vt),
        );
    }
    // Fewer than three vertices.
    let few = Polygon::new(poly.vertices[..s.below(3)].to_vec());
    check_try(
        "try_sweep_sphere_polygon",
        try_sweep_sphere_polygon(&a, &v0, &few, &vt),
        sphere_error(0, &a)
            .or_else(|| disp_error(1, &v0))
            .or_else(|| polygon_error(2, &few.vertices)),
        None,
    );
    check_try(
        "Polygon::try_new",
        Polygon::try_new(poly.vertices.clone()),
        polygon_error(0, &poly.vertices),
        poly.clone(),
    );
    // OBB/OBB.
    let oa = Obb::new(c0, [s.pt3(), s.pt3(), s.pt3()], s.pt3());
    let ob = Obb::new(c1, [s.pt3(), s.pt3(), s.pt3()], s.pt3());
    check_try(
        "try_sweep_obb_obb",
        try_sweep_obb_obb(&oa, &v0, &ob, &v1),
        obb_error(0, &oa)
            .or_else(|| disp_error(1, &v0))
            .or_else(|| obb_error(2, &ob))
            .or_else(|| disp_error(3, &v1)),
        sweep_obb_obb(&oa, &v0, &ob, &v1),
    );
    if let Ok(h) = try_sweep_obb_obb(&oa, &v0, &ob, &v1) {
        assert!(oa
            .half_extents
            .iter()
            .chain(&ob.half_extents)
            .all(|h| *h >= 0.0));
        assert_eq!(h, sweep_obb_obb(&oa, &v0, &ob, &v1));
    } else {
        let all = [&oa, &ob].iter().all(|o| {
            all_finite(
                o.center
                    .iter()
                    .chain(o.axes.iter().flatten())
                    .chain(&o.half_extents),
            ) && o.half_extents.iter().all(|h| *h >= 0.0)
        });
        // A flat box may be refused too (documented for try_sweep_obb_obb).
        let _ = all;
    }
    // Ray/capsule and the constructors.
    let cap = Capsule::new(c1, v1, r1);
    assert_eq!(
        Capsule::try_new(c1, v1, r1).is_ok(),
        fin(&[&c1, &v1, &[r1]]) && r1 >= 0.0
    );
    // A capsule: its ends ("vertex" 0 and 1), then the radius, then a negative radius.
    let cap_error = |argument: usize| {
        vertices_error(argument, &[c1, v1])
            .or_else(|| non_finite_number(argument, "radius", r1))
            .or_else(|| (r1 < 0.0).then_some(InputError::NegativeRadius { argument }))
    };
    check_try(
        "Capsule::try_new",
        Capsule::try_new(c1, v1, r1),
        cap_error(0),
        cap.clone(),
    );
    let ray = Ray::new(c0, v0);
    assert_eq!(
        Ray::try_new(c0, v0).is_ok(),
        fin(&[&c0, &v0]) && v0 != [0.0; 3],
        "Ray::try_new"
    );
    check_try(
        "Ray::try_new",
        Ray::try_new(c0, v0),
        ray_error(0, &ray),
        ray.clone(),
    );
    check_try(
        "try_ray_capsule",
        try_ray_capsule(&ray, &cap),
        ray_error(0, &ray).or_else(|| cap_error(1)),
        ray_capsule(&ray, &cap),
    );
    match try_ray_capsule(&ray, &cap) {
        Ok(h) => assert_eq!(h, ray_capsule(&ray, &cap)),
        Err(_) => assert!(
            !fin(&[&c0, &v0, &c1, &v1, &[r1]]) || r1 < 0.0 || v0 == [0.0; 3],
            "Err for a good ray/capsule"
        ),
    }
    // is_degenerate: exactly collinear vertices.
    let t = Triangle::new(c0, c1, v0);
    if fin(&[&c0, &c1, &v0]) {
        let (x, y, z) = (q3(&c0), q3(&c1), q3(&v0));
        let e1: [Q; 3] = core::array::from_fn(|k| &y[k] - &x[k]);
        let e2: [Q; 3] = core::array::from_fn(|k| &z[k] - &x[k]);
        let cr = [
            &e1[1] * &e2[2] - &e1[2] * &e2[1],
            &e1[2] * &e2[0] - &e1[0] * &e2[2],
            &e1[0] * &e2[1] - &e1[1] * &e2[0],
        ];
        assert_eq!(
            t.is_degenerate(),
            cr.iter().all(|v| v.is_zero()),
            "is_degenerate"
        );
    }
}

fn bounding(s: &mut Src) {
    // sqrt_up on q = a/b (small integers times powers of two) and on exact squares.
    let a = Q::from_integer((s.bits(2) as i64 - 1000).into())
        * isect_fuzz::q_pow2(s.small_int() as i32 * 16);
    let b = Q::from_integer((1 + s.bits(1) as i64).into());
    let qv = &a / &b;
    let r: f64 = sqrt_up(&qv);
    if qv <= Q::zero() {
        assert_eq!(r, 0.0);
    } else if r.is_finite() {
        assert!(q(r) * q(r) >= qv, "sqrt_up below the root");
        let below = r.next_down();
        if below > 0.0 {
            assert!(q(below) * q(below) < qv, "sqrt_up not the smallest float");
        }
    }
    let sq = &a * &a;
    let rq: Q = sqrt_up(&sq);
    assert_eq!(rq, a.abs(), "sqrt_up of a square");
    let r32: f32 = sqrt_up(&qv);
    if qv > Q::zero() && r32.is_finite() {
        assert!(q(r32 as f64) * q(r32 as f64) >= qv);
    }
    // min_sphere_exact.
    let n = 1 + s.below(5);
    let pts: Vec<[f64; 3]> = (0..n).map(|_| s.pt3()).collect();
    match min_sphere_exact(&pts) {
        Some((c, r2)) => {
            for p in &pts {
                let d: [Q; 3] = core::array::from_fn(|k| q(p[k]) - &c[k]);
                assert!(
                    &d[0] * &d[0] + &d[1] * &d[1] + &d[2] * &d[2] <= r2,
                    "point outside"
                );
            }
            if let Some(w) = sphere_welzl(&pts) {
                if w.radius.is_finite() {
                    assert!(
                        q(w.radius) * q(w.radius) >= r2,
                        "Welzl smaller than the minimum"
                    );
                }
            }
        }
        None => assert!(!all_finite(pts.iter().flatten())),
    }
    // Measures: an axis-aligned box measured four ways.
    let (lo, hi) = (s.pt3(), s.pt3());
    let bx = Aabb::new(lo, hi);
    let (area, width) = (bx.surface_area(), bx.mean_width());
    assert!(area.is_nan() || area >= 0.0);
    assert!(width.is_nan() || width >= 0.0);
    if all_finite(lo.iter().chain(&hi)) && (0..3).all(|k| lo[k] <= hi[k]) {
        let e: [f64; 3] = core::array::from_fn(|k| hi[k] - lo[k]);
        let fine = e
            .iter()
            .all(|x| x.is_finite() && (*x == 0.0 || (x.abs() > 1e-100 && x.abs() < 1e100)));
        if fine && all_finite([area, width].iter()) {
            let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * y.abs().max(x.abs());
            let k6 = Kdop::<f64, 3>::new(lo, hi);
            assert!(
                close(k6.surface_area(), area),
                "6-DOP area {} vs {area}",
                k6.surface_area()
            );
            assert!(close(k6.mean_width(), width), "6-DOP width");
            // A 14-DOP whose corner slabs are loose (bounds rounded outward) is the box.
            let mut mn = [0.0; 7];
            let mut mx = [0.0; 7];
            for i in 0..7 {
                let d = Kdop::<f64, 7>::DIRECTIONS[i];
                let (mut l, mut h, mut mag) = (0.0, 0.0, 0.0);
                for k in 0..3 {
                    let (a, b) = (f64::from(d[k]) * lo[k], f64::from(d[k]) * hi[k]);
                    l += a.min(b);
                    h += a.max(b);
                    mag += a.abs() + b.abs();
                }
                // The pad covers the rounding of l and h: it is relative to the terms'
                // magnitudes, not to the sums, which can cancel to nothing (a first
                // version used |l| + |h| and made an empty 14-DOP from a box at ±f32::MAX).
                let pad = 1e-6 * mag + 1.0;
                mn[i] = if i < 3 { lo[i] } else { l - pad };
                mx[i] = if i < 3 { hi[i] } else { h + pad };
            }
            let k14 = Kdop::<f64, 7>::new(mn, mx);
            if all_finite(mn.iter().chain(&mx)) {
                assert!(
                    close(k14.surface_area(), area),
                    "14-DOP area {} vs {area}",
                    k14.surface_area()
                );
                assert!(
                    close(k14.mean_width(), width),
                    "14-DOP width {} vs {width} for {lo:?}..{hi:?}",
                    k14.mean_width()
                );
            }
            let c: [f64; 3] = core::array::from_fn(|k| lo[k] / 2.0 + hi[k] / 2.0);
            let h: [f64; 3] = core::array::from_fn(|k| e[k] / 2.0);
            let ob = Obb::new(c, [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], h);
            assert!(close(ob.surface_area(), area) || area < 1e-200, "OBB area");
            assert!(close(ob.mean_width(), width) || width < 1e-200, "OBB width");
        }
    }
    let sp = Sphere::new(s.pt3(), s.f64());
    let w = sp.mean_width();
    if sp.radius.is_finite() && sp.radius >= 0.0 {
        assert_eq!(w, 2.0 * sp.radius);
    }
    // Any k-DOP bounds: no panic; NaN only from NaN.
    let mut mn = [0.0; 13];
    let mut mx = [0.0; 13];
    for i in 0..13 {
        mn[i] = s.f64();
        mx[i] = s.f64();
    }
    let k = Kdop::<f64, 13>::new(mn, mx);
    let (ka, kw) = (k.surface_area(), k.mean_width());
    if !mn.iter().chain(&mx).any(|x| x.is_nan()) {
        assert!(
            !ka.is_nan() && !kw.is_nan() && ka >= 0.0 && kw >= 0.0,
            "{k:?}: {ka} {kw}"
        );
    }
}

fn frusta(s: &mut Src) {
    let m: [[f64; 4]; 4] = core::array::from_fn(|_| [s.f64(), s.f64(), s.f64(), s.f64()]);
    let depth = if s.bool() {
        DepthRange::OpenGl
    } else {
        DepthRange::Direct3D
    };
    let f = Frustum::from_matrix(&m, depth);
    if all_finite(m.iter().flatten()) {
        let r = |i: usize| m[i].map(q);
        let add = |x: &[Q; 4], y: &[Q; 4], sgn: i32| -> [Q; 4] {
            core::array::from_fn(|j| {
                if sgn > 0 {
                    &x[j] + &y[j]
                } else {
                    &x[j] - &y[j]
                }
            })
        };
        let w = r(3);
        let near = match depth {
            DepthRange::OpenGl => add(&w, &r(2), 1),
            DepthRange::Direct3D => r(2),
        };
        let inside = [
            add(&w, &r(0), 1),
            add(&w, &r(0), -1),
            add(&w, &r(1), 1),
            add(&w, &r(1), -1),
            near,
            add(&w, &r(2), -1),
        ];
        for (i, row) in inside.iter().enumerate() {
            let p = &f.planes[i];
            let stored = [p.normal[0], p.normal[1], p.normal[2], p.offset];
            for j in 0..4 {
                let want = -<f64 as Scalar>::from_rational(&row[j]);
                assert!(
                    stored[j] == want || (stored[j] == 0.0 && want == 0.0),
                    "plane {i} coefficient {j}: {} vs {want}",
                    stored[j]
                );
            }
        }
    }
    let b = Aabb::new(s.pt3(), s.pt3());
    let c = frustum_aabb(&f, &b);
    assert_eq!(c.intersects(), c != FrustumClass::Outside);
    // covers: the winding rules by definition.
    let wn = s.small_int();
    assert_eq!(FillRule::EvenOdd.covers(wn), wn % 2 != 0);
    assert_eq!(FillRule::NonZero.covers(wn), wn != 0);
}

fn scenes(s: &mut Src) {
    use isect::oracle::scenes::*;
    let level = s.below(3) as u32;
    // Only the grid icosphere makes aimed rays exact (documented); the unit one is generic.
    let grid = s.bool();
    let (v, t) = if grid {
        icosphere(level)
    } else {
        unit_icosphere(level)
    };
    // Closed and consistently oriented: every directed edge once, with its reverse.
    let mut edges: Vec<(u32, u32)> = t
        .iter()
        .flat_map(|f| [(f[0], f[1]), (f[1], f[2]), (f[2], f[0])])
        .collect();
    edges.sort_unstable();
    assert!(
        edges.windows(2).all(|w| w[0] != w[1]),
        "a directed edge twice"
    );
    for &(a, b) in &edges {
        assert!(
            edges.binary_search(&(b, a)).is_ok(),
            "edge without its reverse"
        );
    }
    let seed = s.bits(8);
    let n = s.below(8);
    let aim = if s.bool() { Aim::Vertex } else { Aim::Edge };
    let rays = aimed_rays(&v, &t, aim, n, seed);
    assert_eq!(rays.len(), n);
    assert_eq!(rays, aimed_rays(&v, &t, aim, n, seed), "deterministic");
    for r in &rays {
        // Exactly through a vertex (or an edge point) at t = 8.
        let p: [Q; 3] = core::array::from_fn(|k| {
            q(r.origin[k]) + Q::from_integer(8.into()) * q(r.direction[k])
        });
        if grid && aim == Aim::Vertex {
            assert!(v.iter().any(|x| q3(x) == p), "aimed ray misses its vertex");
        }
    }
    // Arbitrary meshes (bad indices, repeated or non-finite vertices): no panic or hang.
    let nv = s.below(4);
    let wv: Vec<[f64; 3]> = (0..nv).map(|_| s.pt3()).collect();
    let wt: Vec<[u32; 3]> = (0..s.below(3))
        .map(|_| [s.below(5) as u32, s.below(5) as u32, s.below(5) as u32])
        .collect();
    let _ = aimed_rays(&wv, &wt, aim, 3, seed);
    let rr = random_rays(&wv, n, seed);
    assert_eq!(rr.len(), if wv.is_empty() { 0 } else { n });
    let g = s.below(6);
    assert_eq!(kettner_grid(g).len(), g * g);
    let nc = near_coplanar_orient3d(n, seed);
    assert_eq!(nc.len(), n);
    assert!(nc.iter().flatten().flatten().all(|x| x.is_finite()));
    assert_eq!(nc, near_coplanar_orient3d(n, seed));
    assert_eq!(near_coplanar_triangle_pairs(n, seed).len(), n);
    let nb = near_parallel_box_rays(n, seed);
    assert_eq!(nb.len(), n);
    for (b, r) in &nb {
        assert!((0..3).all(|k| b.min[k] <= b.max[k]));
        assert!(all_finite(r.origin.iter().chain(&r.direction)));
    }
    // check(): the report is consistent and its counterexample is a real failure.
    let family = isect::oracle::Family::ALL[s.below(7)];
    let g = isect::oracle::Generator::new(isect::oracle::Orient3dKind, family).seed(seed);
    let mask = s.bits(8);
    let flip = |q: &[[f64; 3]; 4]| -> bool {
        let h = q
            .iter()
            .flatten()
            .fold(0u64, |h, x| h.rotate_left(7) ^ x.to_bits());
        h & mask & 3 == 3
    };
    let cand = |q: &[[f64; 3]; 4]| {
        let e = isect::orient3d(q[0], q[1], q[2], q[3]);
        if flip(q) {
            match e {
                Sign::Positive => Sign::Negative,
                Sign::Negative => Sign::Zero,
                Sign::Zero => Sign::Positive,
            }
        } else {
            e
        }
    };
    let cases = s.below(24);
    let report = isect::oracle::check(cand, &g, cases);
    assert_eq!(report.cases, cases);
    assert_eq!(report.confusion.values().sum::<usize>(), cases);
    let off: usize = report
        .confusion
        .iter()
        .filter(|((a, b), _)| a != b)
        .map(|(_, c)| c)
        .sum();
    assert_eq!(report.disagreements(), off);
    match &report.counterexample {
        Some(c) => {
            assert!(off > 0);
            assert_eq!(
                isect::orient3d(c.input[0], c.input[1], c.input[2], c.input[3]),
                c.exact
            );
            assert_eq!(cand(&c.input), c.got);
            assert_ne!(c.exact, c.got);
        }
        None => assert_eq!(off, 0),
    }
    // The mesh kind and the proptest strategies (feature `proptest`), driven by a runner
    // seeded from the bytes.
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let kind = isect::oracle::MeshRaysKind::icosphere(level);
    assert_eq!(kind.mesh().triangles().len(), t.len());
    assert!(isect::oracle::MeshRaysKind::new(v.clone(), t.clone()).is_ok());
    let _ = isect::oracle::MeshRaysKind::new(wv.clone(), wt.clone());
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &key),
    );
    let fam = isect::oracle::strategies::family()
        .new_tree(&mut runner)
        .unwrap()
        .current();
    assert_ne!(fam, isect::oracle::Family::Mixed);
    let ray = isect::oracle::strategies::mesh_rays_inputs(&kind, fam)
        .new_tree(&mut runner)
        .unwrap()
        .current();
    assert!(
        all_finite(ray.origin.iter().chain(&ray.direction)),
        "{ray:?}"
    );
    assert!(ray.direction != [0.0; 3]);
    let mut rng = isect::oracle::Rng::new(seed);
    let lo = s.small_int() as f64;
    let hi = lo + 1.0 + s.below(10) as f64;
    let x = rng.uniform(lo, hi);
    assert!(lo <= x && x < hi, "uniform {x} outside [{lo}, {hi})");
    assert!(!rng.chance(0.0) && rng.chance(1.0));
    let _ = rng.next_u64();
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let which = s.byte() % 10;
    let eps = [0.0, 1e-12, 1e-9, 1e-5, 1e-2, -1.0, f64::NAN, f64::INFINITY][s.below(8)];
    match which {
        0 => policies_ray_triangle(&mut s, eps),
        1 => policies_ray_shapes(&mut s, eps),
        2 => policies_segments(&mut s, eps),
        3 => policies_boxes(&mut s, eps),
        4 => policies_tri_tri(&mut s, eps),
        5 => naive_predicates(&mut s),
        6 => try_forms(&mut s),
        7 => bounding(&mut s),
        8 => frusta(&mut s),
        _ => scenes(&mut s),
    }
});
