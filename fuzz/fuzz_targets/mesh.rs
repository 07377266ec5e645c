//! TriMesh::new on arbitrary vertices and index triples (never panics; every refusal and
//! every acceptance checked against an independent validation), and on closed meshes
//! (tetrahedron and octahedron connectivity with arbitrary vertices, so inverted and
//! self-intersecting solids occur): locate / contains / try_contains / hits / first_hit
//! against an exact rational ray oracle (a ray from the query point whose crossings are
//! all interior crossings, decided with exact rational constructions: their signed count
//! is the winding number).
#![no_main]

use isect::mesh::Location;
use isect::ray::RayContact;
use isect::{InputError, Ray, TriMesh};
use isect_fuzz::{
    all_finite, cross, dot, exact_ray_triangle, non_finite_point, q3, sub, Exact, Src, Q,
};
use libfuzzer_sys::fuzz_target;
use num_traits::{Signed, Zero};
use std::collections::HashMap;

const TETRA: [[u32; 3]; 4] = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
const OCTA: [[u32; 3]; 8] = [
    [0, 2, 4],
    [0, 5, 2],
    [0, 3, 5],
    [0, 4, 3],
    [1, 4, 2],
    [1, 2, 5],
    [1, 5, 3],
    [1, 3, 4],
];

/// Independent validation; `Ok(closed)` or the error expected first: its kind, and the
/// exact `InputError` where the checks up to it fix it (everything but the edge checks).
fn validate(v: &[[f64; 3]], t: &[[u32; 3]]) -> Result<bool, (&'static str, Option<InputError>)> {
    if let Some(e) = v
        .iter()
        .enumerate()
        .find_map(|(i, p)| non_finite_point(0, "vertex", Some(i), p))
    {
        return Err(("nonfinite", Some(e)));
    }
    for (i, tri) in t.iter().enumerate() {
        if let Some(corner) = tri.iter().position(|&k| k as usize >= v.len()) {
            return Err((
                "index",
                Some(InputError::IndexOutOfRange {
                    triangle: i,
                    corner,
                    index: tri[corner],
                    vertex_count: v.len(),
                }),
            ));
        }
        let [a, b, c] = tri.map(|k| q3(&v[k as usize]));
        if cross(&sub(&b, &a), &sub(&c, &a)).iter().all(Zero::is_zero) {
            return Err((
                "degenerate",
                Some(InputError::DegenerateTriangle { triangle: i }),
            ));
        }
    }
    let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
    let mut undirected: HashMap<(u32, u32), usize> = HashMap::new();
    let mut bad_dir = false;
    for tri in t {
        for i in 0..3 {
            let (a, b) = (tri[i], tri[(i + 1) % 3]);
            *undirected.entry((a.min(b), a.max(b))).or_default() += 1;
            let e = directed.entry((a, b)).or_default();
            *e += 1;
            if *e > 1 {
                bad_dir = true;
            }
        }
    }
    if undirected.values().any(|&n| n > 2) {
        return Err(("edges", None));
    }
    if bad_dir {
        return Err(("edges", None));
    }
    Ok(undirected.values().all(|&n| n == 2))
}

/// Exact point-on-triangle (closed).
fn on_tri(p: &[Q; 3], a: &[Q; 3], b: &[Q; 3], c: &[Q; 3]) -> bool {
    let n = cross(&sub(b, a), &sub(c, a));
    if !isect_fuzz::dot(&n, &sub(p, a)).is_zero() {
        return false;
    }
    [(a, b), (b, c), (c, a)]
        .iter()
        .all(|(u, v)| !isect_fuzz::dot(&n, &cross(&sub(v, u), &sub(p, u))).is_negative())
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let mode = s.byte() % 3;
    let (nv, tris): (usize, Vec<[u32; 3]>) = match mode {
        0 => (4, TETRA.to_vec()),
        1 => (6, OCTA.to_vec()),
        _ => {
            let nv = s.below(7);
            let nt = s.below(6);
            let idx = |s: &mut Src| -> u32 {
                match s.byte() % 16 {
                    0 => u32::MAX,
                    1 => s.bits(4) as u32,
                    k => (k as u32) % 8,
                }
            };
            (
                nv,
                (0..nt)
                    .map(|_| [idx(&mut s), idx(&mut s), idx(&mut s)])
                    .collect(),
            )
        }
    };
    let verts: Vec<[f64; 3]> = (0..nv).map(|_| s.pt3()).collect();
    let res = TriMesh::new(verts.clone(), tris.clone());
    let want = validate(&verts, &tris);
    let mesh = match (&res, want) {
        (Ok(m), Ok(closed)) => {
            assert_eq!(m.is_closed(), closed, "is_closed");
            m
        }
        (Err(e), Err((kind, exact))) => {
            if let Some(x) = exact {
                assert_eq!(*e, x, "TriMesh::new for {verts:?} {tris:?}");
            }
            let ok = match e {
                InputError::NonFinite {
                    argument: 0,
                    what: "vertex",
                    index: Some(_),
                    axis: Some(_),
                    ..
                } => kind == "nonfinite",
                InputError::IndexOutOfRange { .. } => kind == "index",
                InputError::DegenerateTriangle { .. } => kind == "degenerate",
                InputError::NonManifoldEdge { .. } | InputError::InconsistentOrientation { .. } => {
                    kind == "edges"
                }
                _ => false,
            };
            assert!(ok, "TriMesh::new returned {e:?}, expected a {kind} error");
            let _ = e.to_string();
            return;
        }
        (r, w) => panic!("TriMesh::new {r:?} but validation says {w:?} for {verts:?} {tris:?}"),
    };
    // Rational mesh: the same validation.
    let qv: Vec<[Q; 3]> = verts.iter().map(q3).collect();
    let qmesh = TriMesh::new(qv.clone(), tris.clone()).expect("the rational mesh is valid too");

    let p = s.pt3();
    let d = s.dir3();
    let loc = mesh.locate(p);
    // A boundary edge: used by one triangle only, in that triangle's direction.
    let is_boundary_edge = |[a, b]: [u32; 2]| {
        let uses = |x: u32, y: u32| {
            tris.iter()
                .filter(|t| (0..3).any(|i| t[i] == x && t[(i + 1) % 3] == y))
                .count()
        };
        uses(a, b) == 1 && uses(b, a) == 0
    };
    if let Some(e) = non_finite_point(0, "point", None, &p) {
        assert_eq!(loc, None);
        assert!(!mesh.contains(p));
        assert_eq!(mesh.try_locate(p), Err(e), "try_locate");
        match mesh.try_contains(p) {
            Err(InputError::NotClosed { edge }) => {
                assert!(
                    !mesh.is_closed() && is_boundary_edge(edge),
                    "NotClosed {edge:?}"
                )
            }
            r => {
                assert!(mesh.is_closed(), "try_contains {r:?} on an open mesh");
                assert_eq!(r, Err(e), "try_contains");
            }
        }
        return;
    }
    assert_eq!(mesh.try_locate(p).ok(), loc, "try_locate");
    let qp = q3(&p);
    assert_eq!(qmesh.locate(qp.clone()), loc, "locate f64 vs Q");
    let on = tris.iter().any(|t| {
        on_tri(
            &qp,
            &qv[t[0] as usize],
            &qv[t[1] as usize],
            &qv[t[2] as usize],
        )
    });
    if on {
        assert_eq!(loc, Some(Location::Boundary), "point on the surface");
    } else {
        assert_ne!(
            loc,
            Some(Location::Boundary),
            "Boundary but not on any triangle"
        );
    }
    assert_eq!(mesh.contains(p), loc != Some(Location::Outside));
    match mesh.try_contains(p) {
        Ok(x) => {
            assert!(mesh.is_closed());
            assert_eq!(x, mesh.contains(p));
        }
        Err(e) => {
            assert!(!mesh.is_closed(), "try_contains {e:?} on a closed mesh");
            assert!(
                matches!(e, InputError::NotClosed { edge } if is_boundary_edge(edge)),
                "try_contains {e:?}: not a boundary edge of {tris:?}"
            );
        }
    }
    // The ray from p along d: if every crossing is an interior crossing, the exact count
    // is known and hits must list exactly those triangles; their signed count (+1 leaving
    // through the back of a triangle) is the winding number, which decides inside.
    if d.iter().all(|&x| x == 0.0) || !all_finite(d.iter()) {
        return;
    }
    let qd = q3(&d);
    let mut crossing = vec![];
    let mut winding = 0i64;
    for (i, t) in tris.iter().enumerate() {
        let (a, b, c) = (&qv[t[0] as usize], &qv[t[1] as usize], &qv[t[2] as usize]);
        match exact_ray_triangle(&qp, &qd, a, b, c) {
            Exact::Cross(None) | Exact::Parallel { coplanar: false } => {}
            Exact::Cross(Some((t, RayContact::Interior, ..))) if t.is_positive() => {
                crossing.push(i as u32);
                winding += if dot(&cross(&sub(b, a), &sub(c, a)), &qd).is_positive() {
                    1
                } else {
                    -1
                };
            }
            _ => return, // through an edge, a vertex, in a face's plane or at t = 0
        }
    }
    let ray = Ray::new(p, d);
    let mut got: Vec<u32> = mesh.hits(&ray).iter().map(|h| h.triangle).collect();
    got.sort();
    assert_eq!(got, crossing, "hits vs the exact interior crossings");
    assert_eq!(mesh.first_hit(&ray).is_some(), !crossing.is_empty());
    if mesh.is_closed() && !on {
        assert_eq!(
            loc,
            Some(if winding != 0 {
                Location::Inside {
                    winding_number: winding,
                }
            } else {
                Location::Outside
            }),
            "winding number"
        );
        assert_eq!(mesh.winding_number(p), Some(winding), "winding_number");
    }
});
