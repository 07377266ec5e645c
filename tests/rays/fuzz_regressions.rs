//! Regression tests for what the fuzz targets (fuzz/, docs/FUZZING.md) found, one named
//! test per find, each checking the documented or exact answer directly.

use isect::predicates::collinear3;
use isect_testkit::q::{det3, q, sub};
use isect_testkit::scenes::octahedron_faces;

/// fuzz target `predicates`: `collinear3` is documented to answer `true` for non-finite
/// input, but answered `false` when the projection that skips the infinite coordinate
/// was not collinear (here z = ∞ in `a`, the xy projection a right angle).
#[test]
fn fuzz_predicates_collinear3_non_finite_is_true() {
    assert!(collinear3(
        &[0.0, 0.0, f64::INFINITY],
        &[1.0, 0.0, 0.0],
        &[0.0, 1.0, 0.0]
    ));
    assert!(collinear3(
        &[0.0, 0.0, 0.0],
        &[1.0, f64::NAN, 0.0],
        &[0.0, 1.0, 5.0]
    ));
    assert!(collinear3(
        &[0.0_f32, 0.0, 0.0],
        &[1.0, 0.0, 0.0],
        &[0.0, 1.0, f32::NEG_INFINITY]
    ));
    // Finite input is unaffected.
    assert!(!collinear3(
        &[0.0, 0.0, 0.0],
        &[1.0, 0.0, 0.0],
        &[0.0, 1.0, 0.0]
    ));
}

/// fuzz target `boxes`: `frustum_sphere_conservative` answered `Outside` for a sphere with a
/// negative radius before looking at NaN, while `frustum_sphere` leaves every plane
/// undecided (`Intersecting`) when the centre or a plane is not finite. The fast form
/// promises that its `Outside` is always the exact answer.
#[test]
fn fuzz_boxes_frustum_sphere_fast_negative_radius_with_nan() {
    use isect::overlap::{
        DepthRange, Frustum, FrustumClass, frustum_sphere, frustum_sphere_conservative,
    };
    use isect::{Plane, Sphere};
    let id = [
        [1.0, 0.0, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0],
        [0.0, 0.0, 0.0, 1.0],
    ];
    let f = Frustum::from_matrix(&id, DepthRange::OpenGl);
    let nan_centre = Sphere::new([f64::NAN, 0.0, 0.0], -8.0);
    assert_eq!(frustum_sphere(&f, &nan_centre), FrustumClass::Intersecting);
    assert_eq!(
        frustum_sphere_conservative(&f, &nan_centre),
        FrustumClass::Intersecting
    );
    // Every plane NaN, a finite empty sphere: every plane undecided in the exact form.
    let broken = Frustum::new(core::array::from_fn(|_| Plane::new([f64::NAN; 3], 0.0)));
    let empty = Sphere::new([0.0; 3], -1.0);
    assert_eq!(frustum_sphere(&broken, &empty), FrustumClass::Intersecting);
    assert_eq!(
        frustum_sphere_conservative(&broken, &empty),
        FrustumClass::Intersecting
    );
    // A finite frustum and a finite empty sphere: Outside in both.
    assert_eq!(
        frustum_sphere_conservative(&f, &empty),
        FrustumClass::Outside
    );
    assert_eq!(frustum_sphere(&f, &empty), FrustumClass::Outside);
}

/// fuzz target `polynomial`, fixed: `polynomial_sign` is documented to answer `Zero`
/// when an input the polynomial reads (lifts) is NaN or infinite. The exact path flagged
/// every non-finite lift, but the f64 filter only saw values that flow into the result,
/// so a polynomial that lifts a NaN and does not use it got the sign of the rest. The
/// filter now flags non-finite lifts too.
#[test]
fn fuzz_polynomial_dead_non_finite_input() {
    use isect::Sign;
    use isect::predicates::{Polynomial, Ring, polynomial_sign};
    /// Lifts both inputs, returns x²: y does not reach the result.
    struct DeadRead(f64, f64);
    impl Polynomial<f64> for DeadRead {
        fn eval<R: Ring>(&self, lift: &impl Fn(&f64) -> R) -> R {
            let x = lift(&self.0);
            let _y = lift(&self.1);
            x.clone() * x
        }
    }
    assert_eq!(polynomial_sign(&DeadRead(1.5, f64::NAN)), Sign::Zero);
}

/// fuzz target `ray_triangle`, fixed: with a vertex at `f64::MAX` the Woop test's
/// sheared products overflowed to NaN and a ray from the centre of a closed octahedron
/// left through the face (8,0,0), (0,8,0), (0,0,MAX) without any face reporting a hit.
/// Edge functions that overflow (or round to zero) now take an exact cold path.
#[test]
fn fuzz_ray_triangle_woop_leaks_when_products_overflow() {
    use isect::ray::ray_triangle_woop;
    use isect::{Ray, Triangle};
    let m = f64::MAX;
    let v = [
        [8.0, 0.0, 0.0],
        [-8.0, 0.0, 0.0],
        [0.0, 8.0, 0.0],
        [0.0, -5.0, 0.0],
        [0.0, 0.0, m],
        [0.0, 0.0, -8.0],
    ];
    let mut faces = vec![];
    for sx in 0..2 {
        for sy in 0..2 {
            for sz in 0..2 {
                let f = [sx, 2 + sy, 4 + sz];
                faces.push(if (sx + sy + sz) % 2 == 1 {
                    [f[0], f[2], f[1]]
                } else {
                    f
                });
            }
        }
    }
    let ray = Ray::new([0.0, 0.0, 0.0], [7.0, 7.0, 7.0]);
    let hit = faces
        .iter()
        .any(|f| ray_triangle_woop(&ray, &Triangle::new(v[f[0]], v[f[1]], v[f[2]])).is_some());
    assert!(
        hit,
        "a ray from inside a closed octahedron must hit some face"
    );
}

/// fuzz target `tri_tri`, fixed: a degenerate triangle
/// (a vertical segment at x = y = −8) touching a proper triangle in the plane y = −8 at
/// its vertex (−8, −8, −8). `tri_tri` says `Touching { Point }` in f64 and in rationals,
/// and the rational `tri_tri_intersection` returns that point, but the f64
/// `tri_tri_intersection` returned `Empty`: successive clipping decided the later clips
/// on a rounded crossing point. The coplanar construction now takes the result's
/// vertices from candidates each found by exact signs (vertices in the other set,
/// proper edge crossings) and returns the point exactly.
#[test]
fn fuzz_tri_tri_intersection_degenerate_f64_empty() {
    use isect::overlap::{TriContact, TriTri, TriTriIntersection, tri_tri, tri_tri_intersection};
    let m = f32::MAX as f64;
    let z = 1.9852334701272664e-23;
    let a = [[-8.0, -8.0, -m], [-8.0, -8.0, -m], [-8.0, -8.0, z]];
    let b = [[0.0, -8.0, -8.0], [0.0, -8.0, -m], [-8.0, -8.0, -8.0]];
    assert_eq!(
        tri_tri(a, b),
        TriTri::Touching {
            contact: TriContact::Point
        }
    );
    assert_eq!(
        tri_tri_intersection(a, b),
        TriTriIntersection::Point([-8.0, -8.0, -8.0])
    );
}

/// fuzz target `boxes`, fixed: a frustum with infinite planes and an empty box
/// (`max.z = −f32::MAX < min.z = −8`). `frustum_aabb_conservative` answered `Outside` (empty box,
/// as documented for both forms) but the exact `frustum_aabb` answered `Intersecting`:
/// it let the non-finite planes' "undecided" win over the box's emptiness. The exact
/// forms now check the box first; the same for `frustum_obb` with a negative half extent.
#[test]
fn fuzz_boxes_frustum_empty_box_with_infinite_planes() {
    use isect::overlap::{
        Frustum, FrustumClass, frustum_aabb, frustum_aabb_conservative, frustum_obb,
        frustum_obb_conservative,
    };
    use isect::{Aabb, Obb, Plane};
    let (m, inf) = (f32::MAX as f64, f64::INFINITY);
    let f = Frustum::new([
        Plane::new([-m, -inf, -inf], -inf),
        Plane::new([-inf, -inf, -inf], -inf),
        Plane::new([-inf, -inf, -m], -m),
        Plane::new([-m, -inf, -m], -m),
        Plane::new([-m, -inf, -m], -m),
        Plane::new([-m, -inf, -inf], 0.0),
    ]);
    let empty = Aabb::new([-8.0, -8.0, -8.0], [-8.0, -8.0, -m]);
    assert_eq!(frustum_aabb(&f, &empty), FrustumClass::Outside);
    assert_eq!(frustum_aabb_conservative(&f, &empty), FrustumClass::Outside);
    let nan_planes = Frustum::new(core::array::from_fn(|_| Plane::new([f64::NAN; 3], 0.0)));
    assert_eq!(frustum_aabb(&nan_planes, &empty), FrustumClass::Outside);
    let neg = Obb::new(
        [0.0; 3],
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        [1.0, -1.0, 1.0],
    );
    assert_eq!(frustum_obb(&nan_planes, &neg), FrustumClass::Outside);
    assert_eq!(
        frustum_obb_conservative(&nan_planes, &neg),
        FrustumClass::Outside
    );
    // A proper box against NaN planes stays undecided.
    let unit = Aabb::new([0.0; 3], [1.0; 3]);
    assert_eq!(frustum_aabb(&nan_planes, &unit), FrustumClass::Intersecting);
}

/// fuzz target `boxes` (CI's 20-second run), fixed: six equal planes `4x + 4y + 4z + 4`
/// and a box with `min.y = NaN`. `frustum_aabb` answers `Outside` for any NaN or infinite
/// box, but `frustum_aabb_conservative` answered `Inside`: each plane reads one corner each
/// way, and the far corner (all `max`) was finite and certified behind every plane. It now
/// gives a non-finite box the exact form's answer. The loop puts NaN and both infinities
/// in every coordinate of every shape, against finite and turned frusta.
#[test]
fn fuzz_boxes_frustum_aabb_fast_nan_in_an_unread_corner() {
    use isect::overlap::{
        DepthRange, Frustum, FrustumClass, frustum_aabb, frustum_aabb_conservative, frustum_obb,
        frustum_obb_conservative, frustum_sphere, frustum_sphere_conservative,
    };
    use isect::{Aabb, Obb, Plane, Sphere};
    let same = Frustum::new(core::array::from_fn(|_| Plane::new([4.0; 3], 4.0)));
    let b = Aabb::new([-f32::MAX as f64, f64::NAN, -8.0], [-8.0; 3]);
    assert_eq!(frustum_aabb(&same, &b), FrustumClass::Outside);
    assert_eq!(frustum_aabb_conservative(&same, &b), FrustumClass::Outside);
    let id = [
        [1.0, 0.0, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0],
        [0.0, 0.0, 0.0, 1.0],
    ];
    let turned = [
        [0.5, -0.25, 0.0, 0.125],
        [0.25, 0.5, 0.0, -0.5],
        [0.0, 0.0, 1.0, 0.25],
        [0.0, 0.0, 0.5, 2.0],
    ];
    let frusta = [
        same,
        Frustum::from_matrix(&id, DepthRange::OpenGl),
        Frustum::from_matrix(&turned, DepthRange::Direct3D),
    ];
    let agree = |fast: FrustumClass, exact: FrustumClass, what: &str| {
        assert!(
            fast == FrustumClass::Intersecting || fast == exact,
            "{what}: conservative {fast:?}, exact {exact:?}"
        );
    };
    let bad = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    for f in &frusta {
        for &x in &bad {
            for (lo, hi) in [
                ([-0.5; 3], [0.5; 3]),
                ([-9.0; 3], [-8.0; 3]),
                ([8.0; 3], [9.0; 3]),
            ] {
                for k in 0..6 {
                    let (mut lo, mut hi) = (lo, hi);
                    if k < 3 {
                        lo[k] = x
                    } else {
                        hi[k - 3] = x
                    }
                    let b = Aabb::new(lo, hi);
                    agree(
                        frustum_aabb_conservative(f, &b),
                        frustum_aabb(f, &b),
                        "aabb",
                    );
                }
            }
            for c in [[0.0; 3], [-9.0; 3], [9.0; 3]] {
                for k in 0..4 {
                    let mut s = Sphere::new(c, 0.5);
                    if k < 3 {
                        s.center[k] = x
                    } else {
                        s.radius = x
                    }
                    agree(
                        frustum_sphere_conservative(f, &s),
                        frustum_sphere(f, &s),
                        "sphere",
                    );
                }
                for k in 0..15 {
                    let mut o = Obb::new(
                        c,
                        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                        [0.5; 3],
                    );
                    match k {
                        0..3 => o.center[k] = x,
                        3..12 => o.axes[(k - 3) / 3][(k - 3) % 3] = x,
                        _ => o.half_extents[k - 12] = x,
                    }
                    agree(frustum_obb_conservative(f, &o), frustum_obb(f, &o), "obb");
                }
            }
        }
    }
}

/// fuzz target `overlaps`, fixed: `sphere_aabb` is documented to answer `false` for any
/// NaN or infinite value, but a box with an infinite bound (`min.z = −∞`) whose finite
/// part holds the sphere's centre passed the `f64` filter (the infinite bound never
/// entered the reach) and answered `true`. The filter now sends non-finite bounds to the
/// exact path.
#[test]
fn fuzz_overlaps_sphere_aabb_infinite_bound() {
    use isect::overlap::{sphere_aabb, try_sphere_aabb};
    use isect::{Aabb, Sphere};
    let s = Sphere::new([5.0, -5.0, 0.0], 5.0);
    let b = Aabb::new([-5.0, -8.0, f64::NEG_INFINITY], [5.0, -5.0, 0.0]);
    assert!(!sphere_aabb(&s, &b));
    assert!(try_sphere_aabb(&s, &b).is_err());
    let b = Aabb::new([-5.0, -8.0, -1.0], [5.0, -5.0, f64::INFINITY]);
    assert!(!sphere_aabb(&s, &b));
}

/// fuzz target `entry_points`: `ray_triangle_moller_tolerant_with` is documented to accept
/// every hit of the classic `ray_triangle_moller_with` (and to equal it under `Exact` and
/// `Naive`), but tested `1 − u − v ≥ 0` where the classic test compares the rounded
/// `u + v` with 1: for `u = 0.7609477375418205`, `v = 0.23905226245817957`, `u + v`
/// rounds to 1 (a classic hit) while `(1 − u) − v` is `−2⁻⁵³`: the tolerant test missed.
#[test]
fn fuzz_entry_points_tolerant_moller_is_a_superset() {
    use isect::policy::{Absolute, Exact, Naive};
    use isect::ray::{ray_triangle_moller_tolerant_with, ray_triangle_moller_with};
    use isect::{Ray, Triangle};
    let (u, v) = (0.7609477375418205, 0.23905226245817957);
    assert_eq!(u + v, 1.0);
    assert!((1.0 - u) - v < 0.0);
    // Over the unit right triangle in z = 0, straight down: u = x and v = y exactly.
    let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
    let ray = Ray::new([u, v, 1.0], [0.0, 0.0, -1.0]);
    // (RayHit's t_error is NaN for floats, so compare the fields that are numbers.)
    let key = |h: Option<isect::RayHit<f64>>| h.map(|h| (h.t, h.barycentric, h.front));
    let classic = key(ray_triangle_moller_with(Naive, &ray, &tri));
    assert!(classic.is_some());
    assert_eq!(
        key(ray_triangle_moller_tolerant_with(Naive, &ray, &tri)),
        classic
    );
    assert_eq!(
        key(ray_triangle_moller_tolerant_with(Exact, &ray, &tri)),
        key(ray_triangle_moller_with(Exact, &ray, &tri))
    );
    assert!(ray_triangle_moller_tolerant_with(Absolute { eps: 0.0 }, &ray, &tri).is_some());
}

/// Found while writing the `entry_points` target (which now fuzzes it): `aimed_rays` looped
/// forever when every vertex is the same grid point (no inner point differs from the aim),
/// and indexed out of bounds for a triangle naming a missing vertex. Both are documented
/// now: `+x` rays through the point, and such triangles skipped.
#[test]
fn oracle_aimed_rays_degenerate_meshes() {
    use isect::oracle::scenes::{Aim, aimed_rays};
    let v = vec![[0.25, 0.5, 1.0]; 3];
    let rays = aimed_rays(&v, &[[0, 1, 2]], Aim::Vertex, 4, 7);
    assert_eq!(rays.len(), 4);
    for r in &rays {
        assert_eq!(r.direction, [1.0, 0.0, 0.0]);
        assert_eq!(r.at(8.0), [0.25, 0.5, 1.0]);
    }
    let rays = aimed_rays(&v, &[[0, 1, 2]], Aim::Edge, 2, 7);
    assert_eq!(rays.len(), 2);
    assert!(aimed_rays(&v, &[[0, 1, 9]], Aim::Vertex, 4, 7).is_empty());
    assert_eq!(
        aimed_rays(&v, &[[0, 1, 9], [2, 1, 0]], Aim::Vertex, 4, 7).len(),
        4
    );
}

/// fuzz target `ray_triangle` (a harness find, the documented limit of Woop's test): an
/// octahedron 6 units wide whose upper half is 2.2e-308 thick, the origin 3e-323 above its
/// equator. Woop–Benthin–Wald rounds `vertex − origin` and the shear, which puts the
/// origin outside its own picture of the solid, so the ray finds no face (its docs say so:
/// within the rounding of a plane, the crossing may land behind the origin). The exact
/// mesh query, on the same ray, finds the one crossing.
#[test]
fn fuzz_ray_triangle_woop_origin_within_rounding_of_a_face() {
    use isect::ray::ray_triangle_woop;
    use isect::{Ray, TriMesh, Triangle};
    let tiny = 2.2250738585071994e-308;
    let low = 2.225073858507198e-308;
    let verts = vec![
        [5.999999999999997, tiny, low],
        [0.0, tiny, low],
        [tiny, 0.9999999999999997, low],
        [tiny, 0.0, low],
        [tiny, tiny, 4.4501477170143973e-308],
        [tiny, tiny, -0.9999999999999997],
    ];
    let faces = octahedron_faces();
    let mesh = TriMesh::new(verts.clone(), faces.clone()).unwrap();
    let origin = [1.0, 2.225073858507201e-308, 2.225073858507201e-308];
    let ray = Ray::new(origin, [-8.0, 6.0, 7.0]);
    assert!(mesh.contains(origin));
    assert_eq!(
        mesh.hits(&ray).len(),
        1,
        "the exact query finds the crossing"
    );
    let woop = faces
        .iter()
        .filter(|f| {
            let t = Triangle::new(
                verts[f[0] as usize],
                verts[f[1] as usize],
                verts[f[2] as usize],
            );
            ray_triangle_woop(&ray, &t).is_some()
        })
        .count();
    assert_eq!(
        woop, 0,
        "Woop's documented limit (if this changes, update its docs)"
    );
}

/// fuzz target `entry_points` (a harness find): a 14-DOP made from a box at ±`f32::MAX`
/// with corner slabs "padded" relative to the rounded sums `x + y + z`, which cancel to 0
/// while the exact sum is −6, is empty, and `Measure` says 0, correctly. Padded relative
/// to the terms' magnitudes, it is the box: a segment 2^-21 long, mean width half that.
#[test]
fn fuzz_entry_points_kdop_padding_cancels() {
    use isect::bv::Measure;
    use isect::overlap::Kdop;
    let (x0, x1) = (-5.999999523162842, -5.999999046325684);
    let (y, z) = (f32::MAX as f64, -(f32::MAX as f64));
    let corners = |pad: &dyn Fn(f64) -> f64| {
        let mut mn = [x0, y, z, 0.0, 0.0, 0.0, 0.0];
        let mut mx = [x1, y, z, 0.0, 0.0, 0.0, 0.0];
        for i in 3..7 {
            let d = Kdop::<f64, 7>::DIRECTIONS[i];
            let (mut l, mut h, mut mag) = (0.0, 0.0, 0.0);
            for (k, (lo, hi)) in [(x0, x1), (y, y), (z, z)].into_iter().enumerate() {
                let (a, b) = (f64::from(d[k]) * lo, f64::from(d[k]) * hi);
                l += a.min(b);
                h += a.max(b);
                mag += a.abs() + b.abs();
            }
            let p = pad(if mag > 0.0 { mag } else { 0.0 }) + 1e-6 * (l.abs() + h.abs()) + 1.0;
            mn[i] = l - p;
            mx[i] = h + p;
        }
        Kdop::<f64, 7>::new(mn, mx)
    };
    let naive = corners(&|_| 0.0);
    assert_eq!(naive.mean_width(), 0.0);
    assert_eq!(naive.surface_area(), 0.0);
    let padded = corners(&|mag| 1e-6 * mag);
    assert_eq!(padded.mean_width(), (x1 - x0) / 2.0);
    assert_eq!(padded.surface_area(), 0.0);
}

/// fuzz target `entry_points` (found by the 20-second CI run): `Frustum::from_matrix`'s
/// coefficients (one IEEE addition each) disagreed with `f64::from_rational` of the exact
/// row sums, 4.0000000000000755 against 4.000000000000075. The addition was right:
/// `from_rational` truncated the quotient to 64–67 bits and then rounded, which sends a
/// value just above a midpoint down to it and then to even. It now rounds once, to
/// nearest (here 1 + 2^-53 + 2^-105, just above the midpoint between 1 and 1 + 2^-52).
#[test]
fn fuzz_entry_points_from_rational_rounds_once() {
    use isect::Scalar;
    use isect::overlap::{DepthRange, Frustum};
    use num_rational::BigRational;
    let b = 2f64.powi(-53) + 2f64.powi(-105);
    let exact = BigRational::from_float(1.0).unwrap() + BigRational::from_float(b).unwrap();
    assert_eq!(f64::from_rational(&exact), 1.0 + b);
    assert_eq!(1.0 + b, 1.0f64.next_up());
    let mut m = [[0.0; 4]; 4];
    m[0][0] = b;
    m[3][0] = 1.0;
    let f = Frustum::from_matrix(&m, DepthRange::OpenGl);
    // Left plane: −(r₃ + r₀).
    assert_eq!(f.planes[0].normal[0], -f64::from_rational(&exact));
    // The same in f32: 1 + 2^-24 + 2^-76 rounds up to 1 + 2^-23, in one rounding.
    let exact32 = BigRational::from_float(1.0).unwrap()
        + BigRational::from_float(2f64.powi(-24) + 2f64.powi(-76)).unwrap();
    assert_eq!(f32::from_rational(&exact32), 1.0f32.next_up());
}

/// fuzz target `boxes` (a harness find): its per-plane oracle for `frustum_sphere` put an
/// empty sphere (radius −8) outside every plane before checking that the plane is finite,
/// and so expected `Outside` against six planes with an infinite normal. The library
/// leaves a broken plane undecided whatever the sphere (documented: a broken frustum never
/// culls), so the answer is `Intersecting`; one finite plane is enough to cull it.
#[test]
fn fuzz_boxes_empty_sphere_against_infinite_planes() {
    use isect::overlap::{Frustum, FrustumClass, frustum_sphere, frustum_sphere_conservative};
    use isect::{Plane, Sphere};
    let broken = Plane::new([f64::INFINITY, 112.0, -4096.0], -8.0);
    let empty = Sphere::new([-8.0; 3], -8.0);
    let all_broken = Frustum::new(core::array::from_fn(|_| broken.clone()));
    assert_eq!(
        frustum_sphere(&all_broken, &empty),
        FrustumClass::Intersecting
    );
    assert_eq!(
        frustum_sphere_conservative(&all_broken, &empty),
        FrustumClass::Intersecting
    );
    let mut planes: [Plane<f64>; 6] = core::array::from_fn(|_| broken.clone());
    planes[3] = Plane::new([1.0, 0.0, 0.0], -8.0);
    let one_finite = Frustum::new(planes);
    assert_eq!(frustum_sphere(&one_finite, &empty), FrustumClass::Outside);
}

/// fuzz target `ray_triangle` (CI's 20 s run): a ray touching an octahedron at a point of
/// an edge, in through one face and out through the next at the same exact `t`; the two
/// rounded `t` came out in the other order (0.12499999999999967, then 0.12499999999999956)
/// in a list sorted by the exact values. `hits` now keeps the reported `t` non-decreasing,
/// widening the raised one's `t_error`, and each `t` stays within its `t_error` of the
/// exact value (checked here in rationals).
#[test]
fn fuzz_ray_triangle_hits_sorted_by_reported_t() {
    use isect::{Ray, TriMesh};
    use num_traits::Signed;
    let verts = vec![
        [0.0, -8.0, -8.0],
        [-16.0, -8.0, -8.0],
        [-8.0, 0.0, -8.0],
        [-8.0, -16.0, -8.0],
        [-8.0, -8.0, 0.0],
        [-8.0, -8.0, -16.0],
    ];
    let faces = octahedron_faces();
    let mesh = TriMesh::new(verts.clone(), faces.clone()).unwrap();
    let ray = Ray::new([-7.000000000000003, -8.0, 0.0], [-8.0, -8.0, -8.0]);
    let hits = mesh.hits(&ray);
    assert!(hits.len() >= 2, "{hits:?}");
    for w in hits.windows(2) {
        assert!(
            w[0].hit.t <= w[1].hit.t,
            "sorted by the reported t: {hits:?}"
        );
    }
    for h in &hits {
        // The exact t at which the ray meets the triangle's plane: det[a−o, b−o, c−o] /
        // det[d, b−a, c−a].
        let [a, b, c] = faces[h.triangle as usize].map(|k| verts[k as usize].map(q));
        let o = ray.origin.map(q);
        let d = ray.direction.map(q);
        let t =
            det3(&sub(&a, &o), &sub(&b, &o), &sub(&c, &o)) / det3(&d, &sub(&b, &a), &sub(&c, &a));
        assert!(
            (q(h.hit.t) - &t).abs() <= q(h.hit.t_error),
            "t {} off its exact value {t} by more than t_error {}",
            h.hit.t,
            h.hit.t_error
        );
    }
    assert_eq!(
        mesh.first_hit(&ray).map(|h| h.triangle),
        Some(hits[0].triangle)
    );
}

/// fuzz target `mesh_files`: a PLY file that ends inside its header got an error naming
/// the line after the last one (ply-rs-bw counts the end of the file as a line); the
/// error names the last line of the file.
#[cfg(feature = "io")]
#[test]
fn fuzz_mesh_files_ply_header_end_of_file_names_a_line_of_the_file() {
    use isect::io::{FilePosition, MeshFormat, read_mesh_from};
    for text in ["ply\n", "ply\nformat ascii 1.0\n", "ply\nformat ascii 1.0"] {
        let e = read_mesh_from(text.as_bytes(), MeshFormat::Ply, "f").unwrap_err();
        let lines = text.trim_end_matches('\n').lines().count();
        assert_eq!(
            e.position,
            FilePosition::Line {
                line: lines,
                column: None
            },
            "{e}"
        );
    }
}
