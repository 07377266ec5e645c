//! Whole-mesh pair queries (`TriMesh::self_intersections`, `does_self_intersect`,
//! `intersecting_pairs`, `intersects`, the public `Bvh`) against the test kit's
//! independent exact brute force (`isect_testkit::mesh_pairs`: every pair of faces, the
//! intersection constructed in rationals, CGAL's sharing rule decided on it).
//!
//! Meshes: the named meshes built to hurt (`isect_testkit::meshes::hurt_meshes`: exact
//! face/edge/vertex contacts between components, coplanar overlaps, folds, T-junctions,
//! coincident vertices with different indices), random valid meshes on a small integer
//! grid, the libigl-2381 fixture and geodesic spheres; each in `f64`, `f32` and
//! `BigRational`, scaled by powers of two across the exponent range (subnormals
//! included) and translated far from the origin, every transform exact.

use isect::TriMesh;
use isect::mesh::Bvh;
use isect::oracle::Rng;
use isect::overlap::TriTri;
use isect_testkit::mesh_pairs::{self, P};
use isect_testkit::meshes::{
    Mesh, geodesic_sphere, hurt_meshes, placed, random_grid_mesh, tilted_sheet, union,
};
use isect_testkit::q::{Q, q, q_pow2};
use num_traits::Zero;

/// `(x + shift)·2^k` for every coordinate, exactly.
fn exact(mesh: &Mesh, shift: &Q, k: i32) -> Vec<P> {
    let s = q_pow2(k);
    mesh.0
        .iter()
        .map(|p| p.map(|x| (q(x) + shift) * &s))
        .collect()
}

/// The exact coordinates in `f64` (or `f32` through `f64`), `None` if one is not
/// representable.
fn to_float<F: isect::Scalar + Copy>(v: &[P]) -> Option<Vec<[F; 3]>> {
    v.iter()
        .map(|p| {
            let out: [F; 3] = core::array::from_fn(|k| F::from_rational(&p[k]));
            (0..3)
                .all(|k| out[k].to_rational().as_ref() == Some(&p[k]))
                .then_some(out)
        })
        .collect()
}

/// The library's answers on `mesh` (given in type `T`) equal `want`.
fn check<T: isect::Scalar>(name: &str, v: Vec<[T; 3]>, t: &[[u32; 3]], want: &[[u32; 2]]) {
    let mesh = TriMesh::new(v, t.to_vec()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(mesh.self_intersections(), want, "{name}");
    assert_eq!(mesh.does_self_intersect(), !want.is_empty(), "{name}");
    for &[i, j] in want {
        let c = mesh.face_face(i as usize, j as usize);
        assert!(c.intersects(), "{name}: pair {i} {j} classified {c:?}");
    }
    // The broad phase alone: every reported pair's boxes overlap.
    let boxes = mesh.bvh().overlapping_pairs();
    assert!(
        want.iter().all(|p| boxes.binary_search(p).is_ok()),
        "{name}"
    );
}

/// Every transform of the test: `(shift, k)` for f64, f32 and rationals.
const F64_TRANSFORMS: [(i64, i32); 7] = [
    (0, 0),
    (0, -1000),
    (0, 900),
    (0, -1072), // subnormal coordinates
    (3 << 30, 0),
    (3 << 30, -1040),
    (-(5 << 40), 500),
];
const F32_TRANSFORMS: [(i64, i32); 5] = [
    (0, 0),
    (0, -140),
    (0, 100),
    (3 << 18, -20),
    (-(5 << 16), 60),
];

/// Checks `mesh` in every scalar and transform against the brute force; returns the
/// number of pairs. Transforms that are not exact in a float type are skipped when `all`
/// is false (meshes with full-precision coordinates), refused otherwise.
fn check_everywhere(name: &str, mesh: &Mesh) -> usize {
    check_transforms(name, mesh, true)
}

/// [`check`] on `mesh` shifted by `shift` and scaled by `2^k` in the float type `F`;
/// a transform that is not exact in `F` is refused when `all`, skipped otherwise.
fn check_float<F: isect::Scalar + Copy>(
    name: &str,
    mesh: &Mesh,
    want: &[[u32; 2]],
    shift: i64,
    k: i32,
    all: bool,
) {
    let v = exact(mesh, &Q::from_integer(shift.into()), k);
    let ty = core::any::type_name::<F>();
    match to_float::<F>(&v) {
        Some(f) => check(&format!("{name} {ty} ({shift}, 2^{k})"), f, &mesh.1, want),
        None => assert!(!all, "{name}: {ty} transform {shift} {k} is exact"),
    }
}

fn check_transforms(name: &str, mesh: &Mesh, all: bool) -> usize {
    let base = exact(mesh, &Q::zero(), 0);
    let want = mesh_pairs::self_intersections(&base, &mesh.1);
    for (shift, k) in F64_TRANSFORMS {
        check_float::<f64>(name, mesh, &want, shift, k, all);
    }
    for (shift, k) in F32_TRANSFORMS {
        check_float::<f32>(name, mesh, &want, shift, k, all);
    }
    // Rationals beyond the f64 range, and a non-dyadic shift (boxes rounded outward).
    let third = Q::new(1.into(), 3.into());
    for (shift, k) in [(Q::zero(), 0), (third.clone(), -1100), (third, 1100)] {
        let v = exact(mesh, &shift, k);
        check(
            &format!("{name} rational ({shift}, 2^{k})"),
            v,
            &mesh.1,
            &want,
        );
    }
    want.len()
}

#[test]
fn hurt_meshes_match_the_brute_force_in_every_scalar_and_scale() {
    let mut with_pairs = 0;
    for (name, mesh) in hurt_meshes() {
        let n = check_everywhere(name, &mesh);
        with_pairs += usize::from(n > 0);
    }
    // Both kinds are well represented.
    assert!(
        with_pairs >= 15 && with_pairs + 5 <= hurt_meshes().len(),
        "{with_pairs}"
    );
}

/// The verdicts the sharing rules must give on the named meshes, independent of the
/// brute force (which the previous test compares with).
#[test]
fn hurt_meshes_known_verdicts() {
    let expect_pairs = [
        ("overlapping boxes", true),
        ("disjoint boxes", false),
        ("face on face", true),
        ("corner on corner", true),
        ("vertex on an edge", true),
        ("flat neighbours", false),
        ("folded neighbours", true),
        ("bent neighbours", false),
        ("fan apart", false),
        ("fan folded back flat", true),
        ("fan through the vertex only", false),
        ("fan touching an edge", true),
        ("pillow", true),
        ("coincident vertices with different indices", true),
        ("T-junction", true),
    ];
    let meshes = hurt_meshes();
    for (name, want) in expect_pairs {
        let (_, (v, t)) = meshes.iter().find(|(n, _)| *n == name).expect(name);
        let mesh = TriMesh::new(v.clone(), t.clone()).unwrap();
        assert_eq!(mesh.does_self_intersect(), want, "{name}");
    }
    // How the reported pair of the folded square meets: a coplanar overlap.
    let (_, (v, t)) = meshes
        .iter()
        .find(|(n, _)| *n == "folded neighbours")
        .unwrap();
    let mesh = TriMesh::new(v.clone(), t.clone()).unwrap();
    assert_eq!(mesh.face_face(0, 1), TriTri::CoplanarOverlap);
}

#[test]
fn random_grid_meshes_match_the_brute_force() {
    let mut rng = Rng::new(15);
    let (mut cases, mut with_pairs, mut without) = (0, 0, 0);
    for _ in 0..isect_testkit::cases(60) {
        let faces = 2 + rng.below(7);
        let mesh = random_grid_mesh(&mut rng, faces);
        if mesh.1.len() < 2 {
            continue;
        }
        cases += 1;
        let base = exact(&mesh, &Q::zero(), 0);
        let want = mesh_pairs::self_intersections(&base, &mesh.1);
        check("grid f64", to_float::<f64>(&base).unwrap(), &mesh.1, &want);
        check("grid f32", to_float::<f32>(&base).unwrap(), &mesh.1, &want);
        let scaled = exact(&mesh, &Q::new(1.into(), 3.into()), -7);
        check("grid rational", scaled, &mesh.1, &want);
        let tiny = exact(&mesh, &Q::zero(), -1073);
        check(
            "grid subnormal",
            to_float::<f64>(&tiny).unwrap(),
            &mesh.1,
            &want,
        );
        with_pairs += usize::from(!want.is_empty());
        without += usize::from(want.is_empty());
    }
    assert!(
        cases >= 40 && with_pairs >= 10 && without >= 3,
        "{cases} {with_pairs} {without}"
    );
}

/// Nearly flat meshes with rounded coordinates, where every pair of faces with
/// overlapping boxes is coplanar within rounding (the flat regions of CAD and scanned
/// meshes): the tilted sheet as it is, with an interior vertex lifted off the plane by
/// a few ulps, and with an interior vertex pushed within the plane past its neighbours
/// (faces sharing a vertex or an edge then overlap, within rounding of coplanarity). The
/// exact decisions for faces sharing a vertex run in integers there; the brute force
/// (rationals) decides the same pairs, in every exact transform.
#[test]
fn nearly_flat_meshes_match_the_brute_force() {
    let mut rng = Rng::new(0xf1a7);
    let (mut with_pairs, mut without) = (0, 0);
    for case in 0..isect_testkit::cases(16) {
        let n = 3 + case % 2;
        let (th, ph) = (rng.uniform(0.2, 1.3), rng.uniform(0.2, 1.3));
        let mut mesh = tilted_sheet(n, th, ph);
        let inner = |i: u32, j: u32| (i * (n + 1) + j) as usize;
        let (i, j) = (
            1 + rng.below(n as usize - 1) as u32,
            1 + rng.below(n as usize - 1) as u32,
        );
        let k = inner(i, j);
        match case % 4 {
            0 => {}
            1 => {
                let axis = rng.below(3);
                for _ in 0..1 + rng.below(3) {
                    mesh.0[k][axis] = if rng.next_bool() {
                        mesh.0[k][axis].next_up()
                    } else {
                        mesh.0[k][axis].next_down()
                    };
                }
            }
            _ => {
                // Past the neighbour (i + 1, j) or (i, j + 1), along the sheet; in one
                // case of two also lifted off it by 2^-20 of the normal, so that the
                // folded faces cross the ones they overlap.
                let to = if rng.next_bool() {
                    inner(i + 1, j)
                } else {
                    inner(i, j + 1)
                };
                let t = rng.uniform(1.1, 1.9);
                let (p, q) = (mesh.0[k], mesh.0[to]);
                let [a, b, c] = [0, 1, n as usize + 2].map(|x| mesh.0[x]);
                let (e, f) = (
                    [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
                    [c[0] - a[0], c[1] - a[1], c[2] - a[2]],
                );
                let nrm = [
                    e[1] * f[2] - e[2] * f[1],
                    e[2] * f[0] - e[0] * f[2],
                    e[0] * f[1] - e[1] * f[0],
                ];
                let h = if case % 4 == 3 {
                    2f64.powi(-20) * f64::from(n * n)
                } else {
                    0.0
                };
                mesh.0[k] = std::array::from_fn(|x| p[x] + t * (q[x] - p[x]) + h * nrm[x]);
            }
        }
        let pairs = check_transforms(&format!("flat sheet {case}"), &mesh, false);
        with_pairs += usize::from(pairs > 0);
        without += usize::from(pairs == 0);
    }
    assert!(with_pairs >= 3 && without >= 3, "{with_pairs} {without}");
}

/// A vertex exactly on a non-adjacent face of the same connected mesh: a strip of two
/// triangles whose free vertex rests on a third triangle sharing a vertex with the first.
#[test]
fn vertex_on_a_non_adjacent_face_of_one_component() {
    // Faces 0 = (0,1,2) and 1 = (1,3,2) share edge 1-2 (not coplanar); face 2 = (0,4,5)
    // in the plane z = 0 shares vertex 0 with face 0 (which leaves that plane at once),
    // and vertex 3 of face 1 lies exactly inside face 2.
    let v = vec![
        [0.0, 0.0, 0.0],
        [2.0, 0.0, 2.0],
        [0.0, 2.0, 2.0],
        [1.0, 1.0, 0.0], // on face 2, the plane z = 0
        [4.0, 0.0, 0.0],
        [0.0, 4.0, 0.0],
    ];
    let t = vec![[0, 1, 2], [1, 3, 2], [0, 4, 5]];
    let base: Vec<P> = v.iter().map(|p: &[f64; 3]| p.map(q)).collect();
    let want = mesh_pairs::self_intersections(&base, &t);
    assert_eq!(want, vec![[1, 2]]);
    check_everywhere("vertex on a non-adjacent face", &(v, t));
}

fn read_obj(path: &str) -> Mesh {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut v, mut t) = (vec![], vec![]);
    for (n, line) in text.lines().enumerate() {
        let mut it = line.split_whitespace();
        let at = |s: &str| format!("{path}:{}: {s:?}", n + 1);
        match it.next() {
            Some("v") => {
                let c: Vec<f64> = it
                    .map(|s| s.parse().unwrap_or_else(|e| panic!("{}: {e}", at(s))))
                    .collect();
                v.push([c[0], c[1], c[2]]);
            }
            Some("f") => {
                let c: Vec<u32> = it
                    .map(|s| {
                        s.split('/')
                            .next()
                            .unwrap_or(s)
                            .parse::<u32>()
                            .unwrap_or_else(|e| panic!("{}: {e}", at(s)))
                            - 1
                    })
                    .collect();
                t.push([c[0], c[1], c[2]]);
            }
            _ => {}
        }
    }
    (v, t)
}

/// libigl issue 2381: a subdivided flat triangle on which a floating-point test reported
/// self-intersections. No pair, as the brute force says.
#[test]
fn regression_libigl_2381_has_no_self_intersections() {
    let mesh = read_obj(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/mesh-bugs/libigl-2381.obj"
    ));
    assert_eq!(mesh.1.len(), 16);
    assert_eq!(check_transforms("libigl-2381", &mesh, false), 0);
}

#[test]
fn geodesic_spheres_are_clean_and_a_crossing_component_is_found() {
    for n in [1, 2, 5, 9] {
        let (v, t) = geodesic_sphere(n);
        let mesh = TriMesh::new(v, t).unwrap();
        assert!(mesh.is_closed());
        assert!(mesh.self_intersections().is_empty(), "frequency {n}");
    }
    // A small sphere crossing the surface of a frequency-5 sphere, against the brute force.
    let big = geodesic_sphere(5);
    let small = placed(&geodesic_sphere(1), 0.25, [1.0, 0.0, 0.0]);
    let both = union(&[big, small]);
    let base = exact(&both, &Q::zero(), 0);
    let want = mesh_pairs::self_intersections(&base, &both.1);
    assert!(!want.is_empty());
    check("spheres", both.0.clone(), &both.1, &want);
    check("spheres rational", base, &both.1, &want);
}

#[test]
fn mesh_against_mesh_matches_the_brute_force() {
    let meshes = hurt_meshes();
    let mut total = 0;
    for (name, a) in meshes.iter().take(12) {
        // Against itself, shifted by exact offsets (touching, overlapping, identical).
        for shift in [
            [0.0, 0.0, 0.0],
            [2.0, 0.0, 0.0],
            [1.0, 1.0, 1.0],
            [0.5, 2.0, 4.0],
        ] {
            let b = placed(a, 1.0, shift);
            let (qa, qb) = (exact(a, &Q::zero(), 0), exact(&b, &Q::zero(), 0));
            let want = mesh_pairs::intersecting_pairs(&qa, &a.1, &qb, &b.1);
            total += want.len();
            for k in [0, -1060, 800] {
                let (fa, fb) = (exact(a, &Q::zero(), k), exact(&b, &Q::zero(), k));
                let ma = TriMesh::new(to_float::<f64>(&fa).unwrap(), a.1.clone()).unwrap();
                let mb = TriMesh::new(to_float::<f64>(&fb).unwrap(), b.1.clone()).unwrap();
                assert_eq!(ma.intersecting_pairs(&mb), want, "{name} {shift:?} 2^{k}");
                assert_eq!(
                    ma.intersects(&mb),
                    !want.is_empty(),
                    "{name} {shift:?} 2^{k}"
                );
                let pairs = ma.bvh().overlapping_pairs_with(mb.bvh());
                assert!(want.iter().all(|p| pairs.binary_search(p).is_ok()));
            }
            let third = Q::new(1.into(), 3.into());
            let ra = TriMesh::new(exact(a, &third, -3), a.1.clone()).unwrap();
            let rb = TriMesh::new(exact(&b, &third, -3), b.1.clone()).unwrap();
            assert_eq!(
                ra.intersecting_pairs(&rb),
                want,
                "{name} {shift:?} rational"
            );
        }
    }
    assert!(total > 100, "{total}");
}

/// The public broad phase against all pairs of random boxes (touching included, NaN and
/// inverted bounds read as documented).
#[test]
fn bvh_pairs_and_box_queries_match_all_pairs() {
    let mut rng = Rng::new(7);
    for round in 0..isect_testkit::cases(20) {
        let n = 1 + rng.below(300);
        let mut boxes: Vec<([f64; 3], [f64; 3])> = (0..n)
            .map(|_| {
                let lo: [f64; 3] = core::array::from_fn(|_| rng.below(20) as f64);
                let hi: [f64; 3] = core::array::from_fn(|k| lo[k] + rng.below(3) as f64);
                (lo, hi)
            })
            .collect();
        if round % 4 == 1 {
            boxes[0].0[1] = f64::NAN;
            let last = boxes.len() - 1;
            boxes[last] = (boxes[last].1, boxes[last].0); // inverted
        }
        let read = |b: &([f64; 3], [f64; 3])| -> ([f64; 3], [f64; 3]) {
            let lo = core::array::from_fn(|k| {
                if b.0[k].is_nan() {
                    f64::NEG_INFINITY
                } else {
                    b.0[k].min(b.1[k])
                }
            });
            let hi = core::array::from_fn(|k| {
                if b.0[k].is_nan() {
                    b.1[k]
                } else {
                    b.0[k].max(b.1[k])
                }
            });
            (lo, hi)
        };
        let meet = |a: &([f64; 3], [f64; 3]), b: &([f64; 3], [f64; 3])| {
            let (a, b) = (read(a), read(b));
            (0..3).all(|k| a.0[k] <= b.1[k] && b.0[k] <= a.1[k])
        };
        let bvh = Bvh::new(&boxes);
        assert_eq!(bvh.len(), n);
        let mut want = vec![];
        for i in 0..n {
            for j in i + 1..n {
                if meet(&boxes[i], &boxes[j]) {
                    want.push([i as u32, j as u32]);
                }
            }
        }
        assert_eq!(bvh.overlapping_pairs(), want);
        let mut count = 0;
        bvh.for_each_overlapping_pair(|_, _| count += 1);
        assert_eq!(count, want.len(), "each pair once");
        // Against a second tree.
        let other: Vec<_> = boxes.iter().step_by(3).map(read).collect();
        let other_bvh = Bvh::new(&other);
        let mut want = vec![];
        for (i, a) in boxes.iter().enumerate() {
            for (j, b) in other.iter().enumerate() {
                if meet(a, b) {
                    want.push([i as u32, j as u32]);
                }
            }
        }
        assert_eq!(bvh.overlapping_pairs_with(&other_bvh), want);
        // Box queries.
        let q = (other[0].0, other[0].1);
        let mut got = vec![];
        bvh.for_each_overlapping(q.0, q.1, |i| got.push(i));
        got.sort_unstable();
        let want: Vec<u32> = (0..n as u32)
            .filter(|&i| meet(&boxes[i as usize], &q))
            .collect();
        assert_eq!(got, want);
    }
}

/// With the `rayon` feature the queries split into tasks; one thread and several give the
/// same sorted answers.
#[cfg(feature = "rayon")]
#[test]
fn rayon_answers_equal_one_thread() {
    let mut parts = vec![geodesic_sphere(14)];
    for (i, c) in [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.6, 0.0, 0.8]]
        .iter()
        .enumerate()
    {
        parts.push(placed(&geodesic_sphere(2 + i as u32), 0.1, *c));
    }
    let both = union(&parts);
    let other = placed(&geodesic_sphere(10), 0.5, [0.7, 0.7, 0.0]);
    let pool = |n: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    let run = |n: usize| {
        pool(n).install(|| {
            let a = TriMesh::new(both.0.clone(), both.1.clone()).unwrap();
            let b = TriMesh::new(other.0.clone(), other.1.clone()).unwrap();
            let reported = (
                reported(|f| a.self_intersections_reporting(f)),
                reported(|f| a.intersecting_pairs_reporting(&b, f)),
            );
            assert_eq!(reported.0, a.self_intersections(), "{n} threads, reported");
            assert_eq!(
                reported.1,
                a.intersecting_pairs(&b),
                "{n} threads, reported"
            );
            (
                a.self_intersections(),
                a.does_self_intersect(),
                a.intersecting_pairs(&b),
                a.intersects(&b),
            )
        })
    };
    let one = run(1);
    assert!(!one.0.is_empty() && !one.2.is_empty());
    for n in [2, 3, 8] {
        assert_eq!(run(n), one, "{n} threads");
    }
}

/// Runs a `_reporting` query and checks its progress calls: one `(0, all)` call, then
/// one call per part, every `done` in `1..=all` exactly once, the same `all` throughout.
fn reported(query: impl FnOnce(&(dyn Fn(usize, usize) + Sync)) -> Vec<[u32; 2]>) -> Vec<[u32; 2]> {
    let calls = std::sync::Mutex::new(Vec::new());
    let pairs = query(&|done, all| calls.lock().unwrap().push((done, all)));
    let mut calls = calls.into_inner().unwrap();
    calls.sort_unstable();
    let all = calls[0].1;
    assert!(all > 1, "the search is cut into parts");
    let want: Vec<(usize, usize)> = (0..=all).map(|d| (d, all)).collect();
    assert_eq!(calls, want, "progress calls");
    pairs
}

/// The `_reporting` queries give the answers of the plain ones, with every part reported.
#[test]
fn reporting_queries_answer_the_same_and_reach_the_end() {
    let mut parts = vec![geodesic_sphere(8)];
    parts.push(placed(&geodesic_sphere(3), 0.2, [1.0, 0.0, 0.0]));
    let (v, t) = union(&parts);
    let a = TriMesh::new(v, t).unwrap();
    let other = placed(&geodesic_sphere(6), 0.5, [0.7, 0.7, 0.0]);
    let b = TriMesh::new(other.0, other.1).unwrap();
    let own = reported(|f| a.self_intersections_reporting(f));
    assert!(!own.is_empty());
    assert_eq!(own, a.self_intersections());
    let cross = reported(|f| a.intersecting_pairs_reporting(&b, f));
    assert!(!cross.is_empty());
    assert_eq!(cross, a.intersecting_pairs(&b));
}

/// The narrow phase reads a segment `[a, b]` as the degenerate triangle `(a, b, b)`:
/// `tri_tri_intersect` must be exact on it. Segments and triangles on a small grid (so
/// contacts at end points, along edges and in the plane are frequent), scaled to the
/// subnormal range, against the brute force's segment/triangle intersection.
#[test]
fn segment_as_degenerate_triangle_is_exact() {
    use isect::overlap::tri_tri_intersect;
    let mut rng = Rng::new(2381);
    let (mut hits, mut misses) = (0, 0);
    for _ in 0..isect_testkit::cases(3000) {
        let pt = |rng: &mut Rng| -> [f64; 3] { core::array::from_fn(|_| rng.below(5) as f64) };
        let (a, b) = (pt(&mut rng), pt(&mut rng));
        let t = [pt(&mut rng), pt(&mut rng), pt(&mut rng)];
        let qt = t.map(|p| p.map(q));
        let n = isect_testkit::q::cross(
            &isect_testkit::q::sub(&qt[1], &qt[0]),
            &isect_testkit::q::sub(&qt[2], &qt[0]),
        );
        if a == b || n.iter().all(|x| x.is_zero()) {
            continue;
        }
        let want = !mesh_pairs::segment_in_triangle(&a.map(q), &b.map(q), &qt).is_empty();
        assert_eq!(tri_tri_intersect([a, b, b], t), want, "{a:?} {b:?} {t:?}");
        assert_eq!(tri_tri_intersect(t, [b, a, a]), want, "{a:?} {b:?} {t:?}");
        let s = |p: [f64; 3]| p.map(|x| x * isect_testkit::float::pow2(-1072));
        assert_eq!(tri_tri_intersect([s(a), s(b), s(b)], t.map(s)), want);
        let (af, bf) = (a.map(|x| x as f32), b.map(|x| x as f32));
        assert_eq!(
            tri_tri_intersect([af, bf, bf], t.map(|p| p.map(|x| x as f32))),
            want
        );
        if want { hits += 1 } else { misses += 1 }
    }
    assert!(hits >= 300 && misses >= 300, "{hits} {misses}");
}
