//! Exact winding numbers, `contains` and `locate` on closed meshes built to hurt, against
//! the test kit's independent winding number (`isect_testkit::winding`: a generic ray
//! checked to meet no edge, integer arithmetic; the library casts along `+x` and breaks
//! ties by perturbation):
//!
//! * two overlapping boxes written as one mesh (winding 2 in the overlap), an inside-out
//!   cube (-1), nested shells (2, and 1 inside an inside-out innermost shell), two cubes
//!   sharing one corner vertex (a pinched, non-manifold vertex), a box overlapping an
//!   icosphere rounded to integers;
//! * points on a half-integer lattice, points aimed so the `+x` ray passes exactly
//!   through vertices and along or across edges (same `y, z` as a vertex or an edge
//!   point), points exactly on the surface (vertices, edge points, face points) and one
//!   ulp off them on both sides in each coordinate;
//! * every scene scaled by powers of two (`2^-1000` to `2^900` in `f64`, `2^-100` to
//!   `2^100` in `f32`) and as `BigRational` meshes (scaled by `2^-1000`, `2^900` and `1/3`).
//!
//! Each run also checks that the nasty cases occurred (rays through vertices, points on
//! and next to the surface, the winding numbers the scene is built to have).
//! `ISECT_TEST_SCALE` multiplies the number of points.

use std::collections::BTreeMap;

use isect::mesh::Location;
use isect::{InputError, Scalar, TriMesh};
use isect_testkit::float::Fl;
use isect_testkit::perm::{nth_perm, parity};
use isect_testkit::winding::winding_number as oracle;
use isect_testkit::{Q, Rng, cases, q::q_pow2};
use num_traits::One;

// ---------------------------------------------------------------------------------------
// Scenes (integer and half-integer coordinates, exact in f32, f64 and rationals).
// ---------------------------------------------------------------------------------------

struct Scene {
    name: &'static str,
    v: Vec<[f64; 3]>,
    t: Vec<[u32; 3]>,
    /// Winding numbers the points must reach (`None`: on the surface).
    expect: Vec<Option<i64>>,
    /// A point in each region (added to the random points, so every run reaches them).
    inner: Vec<[f64; 3]>,
}

/// Appends the box `[lo, hi]`, each face split into two triangles along a diagonal
/// chosen by `diag`, counterclockwise seen from outside (clockwise if `inside_out`).
fn cuboid(
    v: &mut Vec<[f64; 3]>,
    t: &mut Vec<[u32; 3]>,
    lo: f64,
    hi: f64,
    inside_out: bool,
    diag: u32,
) {
    let n = v.len() as u32;
    for k in 0..8u32 {
        v.push([0, 1, 2].map(|a| if (k >> a) & 1 == 1 { hi } else { lo }));
    }
    // Corner k has bit a set when its coordinate a is `hi`; quads counterclockwise from
    // outside.
    for (f, [a, b, c, d]) in isect_testkit::scenes::CUBE_QUADS.into_iter().enumerate() {
        let tris = if (diag >> f) & 1 == 0 {
            [[a, b, c], [a, c, d]]
        } else {
            [[a, b, d], [b, c, d]]
        };
        for tri in tris {
            let tri = tri.map(|i| i + n);
            t.push(if inside_out {
                [tri[0], tri[2], tri[1]]
            } else {
                tri
            });
        }
    }
}

fn two_boxes() -> Scene {
    let (mut v, mut t) = (vec![], vec![]);
    cuboid(&mut v, &mut t, 0.0, 4.0, false, 0b010110);
    cuboid(&mut v, &mut t, 2.0, 6.0, false, 0b101001);
    Scene {
        name: "two overlapping boxes",
        v,
        t,
        expect: vec![None, Some(0), Some(1), Some(2)],
        inner: vec![
            [1.0, 1.0, 1.0],
            [3.0, 3.0, 3.0],
            [5.0, 5.0, 5.0],
            [3.5, 2.5, 2.5],
        ],
    }
}

fn inside_out_cube() -> Scene {
    let (mut v, mut t) = (vec![], vec![]);
    cuboid(&mut v, &mut t, 0.0, 4.0, true, 0b110011);
    Scene {
        name: "inside-out cube",
        v,
        t,
        expect: vec![None, Some(0), Some(-1)],
        inner: vec![[2.0, 2.0, 2.0], [1.5, 2.5, 3.5]],
    }
}

fn nested_shells() -> Scene {
    let (mut v, mut t) = (vec![], vec![]);
    cuboid(&mut v, &mut t, 0.0, 8.0, false, 0);
    cuboid(&mut v, &mut t, 2.0, 6.0, false, 0b111111);
    cuboid(&mut v, &mut t, 3.0, 5.0, true, 0b000111);
    Scene {
        name: "nested shells",
        v,
        t,
        expect: vec![None, Some(0), Some(1), Some(2)],
        inner: vec![
            [1.0, 1.0, 1.0],
            [2.5, 2.5, 2.5],
            [4.0, 4.0, 4.0],
            [3.5, 4.5, 4.5],
        ],
    }
}

/// Two cubes meeting at one corner, which is one vertex index (a pinched vertex).
fn pinched_cubes() -> Scene {
    let (mut v, mut t) = (vec![], vec![]);
    cuboid(&mut v, &mut t, 0.0, 2.0, false, 0b011010);
    cuboid(&mut v, &mut t, 2.0, 4.0, false, 0b100101);
    // Corner 7 of the first cube (2,2,2) is corner 0 of the second (index 8).
    for tri in &mut t {
        for i in tri.iter_mut() {
            if *i == 8 {
                *i = 7;
            }
        }
    }
    Scene {
        name: "pinched cubes",
        v,
        t,
        expect: vec![None, Some(0), Some(1)],
        inner: vec![[1.0, 1.0, 1.0], [3.0, 3.0, 3.0], [1.5, 0.5, 1.0]],
    }
}

/// A box and an icosphere (one subdivision, radius about 6, vertices rounded to
/// integers) overlapping.
fn box_and_sphere() -> Scene {
    let (mut v, mut t) = (vec![], vec![]);
    cuboid(&mut v, &mut t, 0.0, 6.0, false, 0b001100);
    let (sv, st) = isect::oracle::scenes::unit_icosphere(1);
    let n = v.len() as u32;
    v.extend(sv.iter().map(|p| p.map(|x| 6.0 + (6.0 * x).round())));
    t.extend(st.iter().map(|tri| tri.map(|i| i + n)));
    Scene {
        name: "box and icosphere",
        v,
        t,
        expect: vec![None, Some(0), Some(1), Some(2)],
        inner: vec![
            [5.0, 5.0, 5.0],
            [1.0, 1.0, 1.0],
            [9.0, 9.0, 9.0],
            [5.5, 4.5, 3.5],
        ],
    }
}

fn scenes() -> Vec<Scene> {
    vec![
        two_boxes(),
        inside_out_cube(),
        nested_shells(),
        pinched_cubes(),
        box_and_sphere(),
    ]
}

// ---------------------------------------------------------------------------------------
// Points.
// ---------------------------------------------------------------------------------------

/// Points in the scene's coordinates (unscaled), each with its role.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Role {
    Lattice,
    /// The +x ray passes exactly through a vertex.
    ThroughVertex,
    /// The +x ray passes exactly through a point of an edge.
    ThroughEdge,
    /// Exactly on the surface (ulp neighbours are made from these after scaling).
    Surface,
}

fn points(s: &Scene, rng: &mut Rng, n: u32) -> Vec<([f64; 3], Role)> {
    let lo = s.v.iter().flatten().fold(f64::INFINITY, |a, &b| a.min(b)) - 0.5;
    let hi =
        s.v.iter()
            .flatten()
            .fold(f64::NEG_INFINITY, |a, &b| a.max(b))
            + 0.5;
    let half = |rng: &mut Rng| lo + 0.5 * rng.range(0, (2.0 * (hi - lo)) as i64) as f64;
    let edge_point = |rng: &mut Rng| {
        let tri = s.t[rng.below(s.t.len())];
        let k = rng.below(3);
        let (a, b) = (s.v[tri[k] as usize], s.v[tri[(k + 1) % 3] as usize]);
        // a + (b − a)·j/4: exact (small integers and quarters).
        let j = rng.range(1, 3) as f64;
        core::array::from_fn(|i| a[i] + (b[i] - a[i]) * j / 4.0)
    };
    // A half-integer below `x` (down to `lo`): the +x ray from there passes through x.
    let behind = |rng: &mut Rng, x: f64| {
        let steps = ((x - lo) * 2.0).ceil() as i64;
        x - 0.5 * rng.range(1, steps.max(1)) as f64
    };
    let mut out: Vec<([f64; 3], Role)> = s.inner.iter().map(|&p| (p, Role::Lattice)).collect();
    // Outside, and outside with the ray along the edges of vertex 0.
    let v0 = s.v[0];
    out.extend([
        ([lo, lo, lo], Role::Lattice),
        ([lo, v0[1], v0[2]], Role::ThroughVertex),
    ]);
    for _ in 0..n {
        out.push(([half(rng), half(rng), half(rng)], Role::Lattice));
        // The midpoint of two vertices: often deep inside, or inside two components.
        let (u, v) = (s.v[rng.below(s.v.len())], s.v[rng.below(s.v.len())]);
        out.push((core::array::from_fn(|i| (u[i] + v[i]) / 2.0), Role::Lattice));
        for _ in 0..2 {
            let v = s.v[rng.below(s.v.len())];
            out.push(([behind(rng, v[0]), v[1], v[2]], Role::ThroughVertex));
        }
        for _ in 0..6 {
            let e: [f64; 3] = edge_point(rng);
            out.push(([behind(rng, e[0]), e[1], e[2]], Role::ThroughEdge));
        }
    }
    for _ in 0..n.div_ceil(3) {
        // A vertex, an edge point, and a face point (2a + b + c)/4.
        out.push((s.v[rng.below(s.v.len())], Role::Surface));
        out.push((edge_point(rng), Role::Surface));
        let tri = s.t[rng.below(s.t.len())].map(|i| s.v[i as usize]);
        out.push((
            core::array::from_fn(|i| (2.0 * tri[0][i] + tri[1][i] + tri[2][i]) / 4.0),
            Role::Surface,
        ));
    }
    out
}

// ---------------------------------------------------------------------------------------
// The check.
// ---------------------------------------------------------------------------------------

/// What the points of one run reached, to check the nasty cases happened.
#[derive(Default)]
struct Tally {
    by_winding: BTreeMap<Option<i64>, usize>,
    by_role: BTreeMap<Role, usize>,
    /// Points one step off the surface that are not on it.
    off_surface: usize,
}

/// Checks every query of `mesh` at `p` against the oracle's `want`.
fn check_point<T: Scalar + std::fmt::Debug>(
    mesh: &TriMesh<T>,
    p: [T; 3],
    want: Option<i64>,
    what: &str,
) {
    assert_eq!(
        mesh.winding_number(p.clone()),
        want,
        "winding_number, {what}, p = {p:?}"
    );
    assert_eq!(
        mesh.try_winding_number(p.clone()),
        Ok(want),
        "try_winding_number, {what}"
    );
    let loc = match want {
        None => Location::Boundary,
        Some(0) => Location::Outside,
        Some(w) => Location::Inside { winding_number: w },
    };
    assert_eq!(
        mesh.locate(p.clone()),
        Some(loc),
        "locate, {what}, p = {p:?}"
    );
    assert_eq!(mesh.try_locate(p.clone()), Ok(loc), "try_locate, {what}");
    assert_eq!(
        mesh.contains(p.clone()),
        want != Some(0),
        "contains, {what}, p = {p:?}"
    );
    assert_eq!(
        mesh.try_contains(p),
        Ok(want != Some(0)),
        "try_contains, {what}"
    );
}

/// The scene in float type `F` scaled by `2^k`: every point, and each surface point's
/// one-ulp neighbours in each coordinate, against the oracle.
fn run_float<F: Fl>(s: &Scene, k: i32, pts: &[([f64; 3], Role)], tally: &mut Tally) {
    let scale = |x: f64| {
        let y = F::from_f64(x).mul_pow2(k);
        assert_eq!(
            y.q(),
            isect_testkit::q::q(x) * q_pow2(k),
            "scaling {x} by 2^{k} in {} is not exact",
            F::NAME
        );
        y
    };
    let v: Vec<[F; 3]> = s.v.iter().map(|p| p.map(scale)).collect();
    let qv: Vec<[Q; 3]> = v.iter().map(|p| p.map(Fl::q)).collect();
    let mesh = TriMesh::new(v, s.t.clone()).expect("valid scene");
    assert!(mesh.is_closed(), "{} is closed", s.name);
    for &(p, role) in pts {
        let p = p.map(scale);
        let mut cands = vec![p];
        if role == Role::Surface {
            for i in 0..3 {
                for step in [F::up, F::down] {
                    let mut r = p;
                    r[i] = step(r[i]);
                    cands.push(r);
                }
            }
        }
        for (j, c) in cands.into_iter().enumerate() {
            let want = oracle(&qv, &s.t, &c.map(Fl::q));
            let what = format!(
                "{}, {} at 2^{k}, {role:?}{}",
                s.name,
                F::NAME,
                if j > 0 { " + one ulp" } else { "" }
            );
            check_point(&mesh, c, want, &what);
            *tally.by_winding.entry(want).or_default() += 1;
            *tally.by_role.entry(role).or_default() += 1;
            if j > 0 && want.is_some() {
                tally.off_surface += 1;
            }
        }
    }
}

/// The scene as a rational mesh scaled by `factor`; surface points are also moved by
/// `±factor·2^-60` along each axis.
fn run_rational(
    s: &Scene,
    (factor, name): (&Q, &str),
    pts: &[([f64; 3], Role)],
    tally: &mut Tally,
) {
    let conv = |p: &[f64; 3]| p.map(|x| isect_testkit::q::q(x) * factor);
    let v: Vec<[Q; 3]> = s.v.iter().map(conv).collect();
    let mesh = TriMesh::new(v.clone(), s.t.clone()).expect("valid scene");
    let eps = factor * q_pow2(-60);
    for (p, role) in pts {
        let p = conv(p);
        let mut cands = vec![p.clone()];
        if *role == Role::Surface {
            for i in 0..3 {
                for sgn in [Q::one(), -Q::one()] {
                    let mut r = p.clone();
                    r[i] = &r[i] + &eps * &sgn;
                    cands.push(r);
                }
            }
        }
        for (j, c) in cands.into_iter().enumerate() {
            let want = oracle(&v, &s.t, &c);
            check_point(
                &mesh,
                c,
                want,
                &format!("{}, rational × {name}, {role:?} #{j}", s.name),
            );
            *tally.by_winding.entry(want).or_default() += 1;
            *tally.by_role.entry(*role).or_default() += 1;
            if j > 0 && want.is_some() {
                tally.off_surface += 1;
            }
        }
    }
}

/// The nasty cases happened: every winding number the scene is built for, rays through
/// vertices and edges that did not start on the surface, points next to the surface.
fn check_coverage(s: &Scene, tally: &Tally, what: &str) {
    for w in &s.expect {
        assert!(
            tally.by_winding.get(w).copied().unwrap_or(0) > 0,
            "{}, {what}: no point with winding {w:?}: {:?}",
            s.name,
            tally.by_winding
        );
    }
    for role in [Role::ThroughVertex, Role::ThroughEdge, Role::Surface] {
        assert!(
            tally.by_role.get(&role).copied().unwrap_or(0) > 0,
            "{}, {what}: no {role:?} point",
            s.name
        );
    }
    assert!(
        tally.off_surface > 0,
        "{}, {what}: no point one step off the surface",
        s.name
    );
}

/// The rays aimed at vertices and edges pass through them from off the surface often
/// enough, some from inside (checked once, on the unscaled points).
fn aimed_rays_are_nasty(s: &Scene, pts: &[([f64; 3], Role)]) {
    let qv: Vec<[Q; 3]> = s.v.iter().map(isect_testkit::q::q3).collect();
    let (mut off, mut inside) = (0, 0);
    for (p, role) in pts {
        // The ray from p along +x meets a vertex ahead of p, or an edge point.
        let ahead =
            s.v.iter()
                .any(|v| v[1] == p[1] && v[2] == p[2] && v[0] > p[0]);
        if !(*role == Role::ThroughEdge || *role == Role::ThroughVertex && ahead) {
            continue;
        }
        match oracle(&qv, &s.t, &isect_testkit::q::q3(p)) {
            Some(0) => off += 1,
            Some(_) => (off, inside) = (off + 1, inside + 1),
            None => {}
        }
    }
    assert!(
        off >= 3 && inside >= 1,
        "{}: {off} aimed points off the surface, {inside} inside",
        s.name
    );
}

const F64_SCALES: [i32; 6] = [-1000, -300, -1, 0, 40, 900];
const F32_SCALES: [i32; 3] = [-100, 0, 100];

#[test]
fn winding_numbers_f64_exact_at_every_scale() {
    let mut rng = Rng::new(0x15_0003);
    for s in scenes() {
        let pts = points(&s, &mut rng, cases(12));
        aimed_rays_are_nasty(&s, &pts);
        for k in F64_SCALES {
            let mut tally = Tally::default();
            run_float::<f64>(&s, k, &pts, &mut tally);
            check_coverage(&s, &tally, &format!("f64 at 2^{k}"));
        }
    }
}

#[test]
fn winding_numbers_f32_exact_at_every_scale() {
    let mut rng = Rng::new(0x15_0032);
    for s in scenes() {
        let pts = points(&s, &mut rng, cases(10));
        for k in F32_SCALES {
            let mut tally = Tally::default();
            run_float::<f32>(&s, k, &pts, &mut tally);
            check_coverage(&s, &tally, &format!("f32 at 2^{k}"));
        }
    }
}

#[test]
fn winding_numbers_rational_exact() {
    let mut rng = Rng::new(0x15_00ba);
    let third = Q::new(1.into(), 3.into());
    for s in scenes() {
        let pts = points(&s, &mut rng, cases(2));
        for (factor, name) in [
            (q_pow2(-1000), "2^-1000"),
            (q_pow2(900), "2^900"),
            (third.clone(), "1/3"),
        ] {
            let mut tally = Tally::default();
            run_rational(&s, (&factor, name), &pts, &mut tally);
            check_coverage(&s, &tally, &format!("rational × {name}"));
        }
    }
}

/// Named cases of the issue: the overlap of two boxes is inside (parity said outside),
/// an inside-out cube has winding number -1 at its centre, a box and a sphere both
/// containing the origin, and the refusals.
#[test]
fn winding_numbers_named_cases() {
    let boxes = two_boxes();
    let mesh = TriMesh::new(boxes.v.clone(), boxes.t.clone()).unwrap();
    assert_eq!(mesh.winding_number([3.0, 3.0, 3.0]), Some(2));
    assert_eq!(
        mesh.locate([3.0, 3.0, 3.0]),
        Some(Location::Inside { winding_number: 2 })
    );
    assert!(mesh.contains([3.0, 3.0, 3.0]));
    // A ray within the first box's top face (z = 4), then into the second box.
    assert_eq!(mesh.winding_number([-1.0, 3.0, 4.0]), Some(0));
    assert_eq!(mesh.winding_number([1.0, 3.0, 4.0]), None);
    // Along the line where the second box's face y = 2 crosses the first box's top.
    assert_eq!(mesh.winding_number([-1.0, 2.0, 4.0]), Some(0));
    let cube = inside_out_cube();
    let mesh = TriMesh::new(cube.v, cube.t).unwrap();
    assert_eq!(mesh.winding_number([2.0, 2.0, 2.0]), Some(-1));
    assert_eq!(
        mesh.locate([2.0, 2.0, 2.0]),
        Some(Location::Inside { winding_number: -1 })
    );
    assert!(mesh.contains([2.0, 2.0, 2.0]));
    let scene = box_and_sphere();
    let mesh = TriMesh::new(scene.v.clone(), scene.t.clone()).unwrap();
    let qv: Vec<[Q; 3]> = scene.v.iter().map(isect_testkit::q::q3).collect();
    let p = [5.0, 5.0, 5.0];
    assert_eq!(oracle(&qv, &scene.t, &isect_testkit::q::q3(&p)), Some(2));
    assert_eq!(mesh.winding_number(p), Some(2));
    assert!(mesh.contains(p));
    // Refusals and the open-mesh rule.
    assert_eq!(mesh.winding_number([f64::NAN, 0.0, 0.0]), None);
    assert!(matches!(
        mesh.try_winding_number([0.0, f64::INFINITY, 0.0]),
        Err(InputError::NonFinite { .. })
    ));
    let open = TriMesh::new(scene.v[..8].to_vec(), scene.t[..11].to_vec()).unwrap();
    assert!(!open.is_closed());
    assert_eq!(open.winding_number([3.0, 3.0, 3.0]), None);
    assert!(matches!(
        open.try_winding_number([3.0, 3.0, 3.0]),
        Err(InputError::NotClosed { .. })
    ));
    // Open mesh (the box without the triangle (6,0,0), (6,6,6), (6,0,6) of its face
    // x = 6): parity of the +x crossings, reported with their signed count.
    assert_eq!(
        open.locate([3.0, 4.0, 1.0]),
        Some(Location::Inside { winding_number: 1 })
    );
    assert!(open.contains([3.0, 4.0, 1.0]));
    assert_eq!(open.locate([3.0, 1.0, 4.0]), Some(Location::Outside)); // out through the hole
    assert!(!open.contains([3.0, 1.0, 4.0]));
    assert!(open.try_contains([3.0, 4.0, 1.0]).is_err());
}

/// Every scene under the 48 exact symmetries of the axes (permutations and reflections):
/// the `+x` ray of the library now runs along each axis of the scene in both directions,
/// through other vertices and edges, and a reflection turns every winding number
/// around (the oracle, computed on the transformed scene, must agree, and must equal the
/// untransformed oracle times the sign of the symmetry).
#[test]
fn winding_numbers_under_axis_symmetries() {
    let mut rng = Rng::new(0x15_0048);
    for s in scenes() {
        let pts = points(&s, &mut rng, cases(2));
        let qv: Vec<[Q; 3]> = s.v.iter().map(isect_testkit::q::q3).collect();
        let base: Vec<Option<i64>> = pts
            .iter()
            .map(|(p, _)| oracle(&qv, &s.t, &isect_testkit::q::q3(p)))
            .collect();
        for perm in (0..6).map(|i| nth_perm(3, i)) {
            for signs in 0..8u32 {
                let odd_perm = parity(&perm) == isect::Sign::Negative;
                let reflections = signs.count_ones() % 2 == 1;
                let det = if odd_perm ^ reflections { -1 } else { 1 };
                let map = |p: &[f64; 3]| -> [f64; 3] {
                    core::array::from_fn(|k| {
                        if (signs >> k) & 1 == 1 {
                            -p[perm[k]]
                        } else {
                            p[perm[k]]
                        }
                    })
                };
                let v: Vec<[f64; 3]> = s.v.iter().map(map).collect();
                let tv: Vec<[Q; 3]> = v.iter().map(isect_testkit::q::q3).collect();
                let mesh = TriMesh::new(v, s.t.clone()).expect("valid scene");
                let mut flipped = 0;
                for ((p, role), w0) in pts.iter().zip(&base) {
                    let p = map(p);
                    let want = oracle(&tv, &s.t, &isect_testkit::q::q3(&p));
                    assert_eq!(
                        want,
                        w0.map(|w| w * det),
                        "oracle under symmetry {perm:?} {signs:03b}"
                    );
                    let what = format!(
                        "{}, axes {perm:?}, reflections {signs:03b}, {role:?}",
                        s.name
                    );
                    check_point(&mesh, p, want, &what);
                    flipped += usize::from(want.is_some_and(|w| w < 0) && det < 0);
                }
                if det < 0 && s.name != "inside-out cube" {
                    assert!(
                        flipped > 0,
                        "{}: a reflection gave no negative winding number",
                        s.name
                    );
                }
            }
        }
    }
}
