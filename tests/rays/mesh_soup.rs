//! `TriMesh::from_soup`, `Topology` and `TriMesh::volume_sign` against independent
//! computations written here: welding by a quadratic scan with `==`, degeneracy and
//! orientation by cross products in rationals, duplicates by comparing rotations, the
//! volume as a rational sum of determinants.

use isect::mesh::{SoupReport, Topology};
use isect::oracle::Rng;
use isect::{InputError, Sign, TriMesh};
use isect_testkit::cases::cases;
use isect_testkit::float::pow2;
use isect_testkit::q::{Q, q3};
use num_traits::Zero;

fn cross_q(a: &[Q; 3], b: &[Q; 3], c: &[Q; 3]) -> [Q; 3] {
    let u: Vec<Q> = (0..3).map(|k| &b[k] - &a[k]).collect();
    let v: Vec<Q> = (0..3).map(|k| &c[k] - &a[k]).collect();
    [
        &u[1] * &v[2] - &u[2] * &v[1],
        &u[2] * &v[0] - &u[0] * &v[2],
        &u[0] * &v[1] - &u[1] * &v[0],
    ]
}

/// 6 × the signed volume, in rationals.
fn volume_q(v: &[[f64; 3]], t: &[[u32; 3]]) -> Q {
    let mut s = Q::zero();
    for tri in t {
        let [a, b, c] = tri.map(|k| q3(&v[k as usize]));
        let n = cross_q(&[Q::zero(), Q::zero(), Q::zero()], &b, &c);
        s += &a[0] * &n[0] + &a[1] * &n[1] + &a[2] * &n[2];
    }
    s
}

/// The 12 triangles of the cube [0, s]³ as a soup (36 vertices), each triangle turned
/// so that its rational normal points away from the centre; `neg_zero` writes the
/// zeros of every other triangle as −0.
fn cube_soup(s: f64, neg_zero: bool) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    let corner = |i: usize| {
        [
            (i & 1) as f64 * s,
            ((i >> 1) & 1) as f64 * s,
            ((i >> 2) & 1) as f64 * s,
        ]
    };
    let centre = q3(&[s / 2.0; 3]);
    let mut v = Vec::new();
    let mut t = Vec::new();
    for axis in 0..3 {
        for side in 0..2 {
            // The four corners with coordinate `axis` on `side`, as a cycle.
            let (a1, a2) = ((axis + 1) % 3, (axis + 2) % 3);
            let cyc: Vec<usize> = [(0, 0), (1, 0), (1, 1), (0, 1)]
                .iter()
                .map(|&(x, y)| (side << axis) | (x << a1) | (y << a2))
                .collect();
            for tri in [[cyc[0], cyc[1], cyc[2]], [cyc[0], cyc[2], cyc[3]]] {
                let mut p = tri.map(corner);
                let n = cross_q(&q3(&p[0]), &q3(&p[1]), &q3(&p[2]));
                let out: Q = (0..3).map(|k| &n[k] * (&q3(&p[0])[k] - &centre[k])).sum();
                if out < Q::zero() {
                    p.swap(1, 2);
                }
                if neg_zero && t.len() % 2 == 1 {
                    p = p.map(|c| c.map(|x| if x == 0.0 { -0.0 } else { x }));
                }
                let base = v.len() as u32;
                v.extend(p);
                t.push([base, base + 1, base + 2]);
            }
        }
    }
    (v, t)
}

#[test]
fn stl_cube_soup_welds_to_a_closed_cube() {
    for k in [-1074 + 2, -60, 0, 1, 70, 1020] {
        for neg_zero in [false, true] {
            let s = pow2(k);
            let (v, t) = cube_soup(s, neg_zero);
            let expected_volume = volume_q(&v, &t);
            let (mesh, report) = TriMesh::from_soup(v.clone(), t.clone());
            assert_eq!(
                (mesh.vertices().len(), mesh.triangles().len()),
                (8, 12),
                "2^{k}"
            );
            assert!(mesh.is_closed(), "2^{k}");
            assert_eq!(report.merged_vertices.len(), 28);
            assert_eq!(report.dropped_triangles() + report.dropped_vertices(), 0);
            let topo = mesh.topology();
            assert_eq!((topo.euler_characteristic(), topo.components), (2, 1));
            // Outward by construction: 6 × volume = 6 s³ > 0, checked in rationals.
            assert!(expected_volume > Q::zero());
            assert_eq!(mesh.volume_sign(), Sign::Positive);
            assert!(mesh.try_contains([s / 2.0; 3]).unwrap());
            // The same soup in f32 (where s is an f32) and in rationals.
            if (-149..=127).contains(&k) {
                let v32: Vec<[f32; 3]> = v.iter().map(|p| p.map(|x| x as f32)).collect();
                let (m32, _) = TriMesh::from_soup(v32, t.clone());
                assert!(m32.is_closed() && m32.vertices().len() == 8);
                assert_eq!(m32.volume_sign(), Sign::Positive);
            }
            let vq: Vec<[Q; 3]> = v.iter().map(q3).collect();
            let (mq, _) = TriMesh::from_soup(vq, t.clone());
            assert!(mq.is_closed() && mq.vertices().len() == 8);
            // Inside out: every triangle reversed.
            let flipped: Vec<[u32; 3]> = t.iter().map(|&[a, b, c]| [a, c, b]).collect();
            let (inv, _) = TriMesh::from_soup(v, flipped);
            assert!(inv.is_closed());
            assert_eq!(inv.volume_sign(), Sign::Negative);
        }
    }
}

#[test]
fn unreferenced_nan_vertex_is_dropped_and_reported() {
    let v = vec![
        [0.0, 0.0, 0.0],
        [f64::NAN, 1.0, 2.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [f64::INFINITY, 0.0, 0.0],
    ];
    assert!(TriMesh::new(v.clone(), vec![[0, 2, 3]]).is_err());
    let (mesh, r) = TriMesh::from_soup(v, vec![[0, 2, 3], [0, 2, 4]]);
    assert_eq!(mesh.triangles(), &[[0, 1, 2]]);
    assert_eq!(r.non_finite_vertices, vec![1, 4]);
    assert_eq!(r.non_finite_triangles, vec![1]);
    assert_eq!(r.vertex_origin, vec![0, 2, 3]);
    assert_eq!(r.triangle_origin, vec![0]);
}

#[test]
fn sliver_is_dropped_and_reported() {
    // A closed tetrahedron plus a sliver whose corners are exactly collinear (steps of
    // one ulp along the diagonal), and a nearly collinear one, one ulp off the line, that
    // is NOT degenerate and must stay.
    let e = pow2(-51);
    let v = vec![
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [3.0, 3.0, 3.0],
        [3.0 + e, 3.0 + e, 3.0 + e],
        [3.0 + 2.0 * e, 3.0 + 2.0 * e, 3.0 + 2.0 * e],
        [3.0 + 2.0 * e, 3.0 + 2.0 * e, 3.0 + 3.0 * e],
    ];
    let t = vec![
        [0, 2, 1],
        [0, 1, 3],
        [0, 3, 2],
        [1, 2, 3],
        [4, 5, 6],
        [4, 5, 7],
    ];
    let (mesh, r) = TriMesh::from_soup(v.clone(), t);
    // Independent: degenerate iff the rational cross product is zero.
    let zero = |a: usize, b: usize, c: usize| {
        cross_q(&q3(&v[a]), &q3(&v[b]), &q3(&v[c]))
            .iter()
            .all(Zero::is_zero)
    };
    assert!(zero(4, 5, 6) && !zero(4, 5, 7));
    assert_eq!(r.degenerate_triangles, vec![4]);
    assert_eq!(r.unreferenced_vertices, vec![6]);
    assert_eq!(mesh.triangles().len(), 5);
    assert!(!mesh.is_closed()); // the non-degenerate sliver is an open piece
}

#[test]
fn topology_problems_are_kept_and_refused_by_try_contains() {
    // Three triangles on one edge.
    let v = vec![
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, -1.0, 0.0],
        [0.0, 0.0, 1.0],
    ];
    let (mesh, r) = TriMesh::from_soup(v.clone(), vec![[0, 1, 2], [1, 0, 3], [0, 1, 4]]);
    assert_eq!(mesh.triangles().len(), 3);
    assert_eq!(r.non_manifold_edges, vec![([0, 1], 3)]);
    assert!(!mesh.is_closed() && !r.topology_ok());
    assert_eq!(
        mesh.try_contains([0.1; 3]),
        Err(InputError::NonManifoldEdge {
            edge: [0, 1],
            count: 3
        })
    );
    assert_eq!(
        TriMesh::new(v, vec![[0, 1, 2], [1, 0, 3], [0, 1, 4]]).unwrap_err(),
        InputError::NonManifoldEdge {
            edge: [0, 1],
            count: 3
        }
    );
    // A closed tetrahedron with one face flipped: closed as a surface, not oriented.
    let v = vec![
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
    ];
    let (mesh, r) = TriMesh::from_soup(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 3, 2]]);
    assert_eq!(r.misoriented_edges.len(), 3);
    assert!(!mesh.is_closed());
    assert!(matches!(
        mesh.try_contains([0.1; 3]),
        Err(InputError::InconsistentOrientation { .. })
    ));
    // No boundary edge, but no winding number either: the signed count of the flipped
    // tetrahedron would depend on the ray.
    assert!(matches!(
        mesh.try_winding_number([0.1; 3]),
        Err(InputError::InconsistentOrientation { .. })
    ));
    assert_eq!(mesh.winding_number([0.1; 3]), None);
    let topo = mesh.topology();
    assert!(topo.boundary_edges.is_empty() && !topo.is_consistently_oriented());
}

/// The report computed naively: welding by pairwise `==` (−0 == +0, NaN never equal).
fn naive_report(v: &[[f64; 3]], t: &[[u32; 3]]) -> SoupReport {
    let n = v.len();
    let finite: Vec<bool> = v.iter().map(|p| p.iter().all(|x| x.is_finite())).collect();
    let rep: Vec<u32> = (0..n)
        .map(|i| {
            (0..=i)
                .find(|&j| finite[i] && finite[j] && v[j] == v[i])
                .unwrap_or(i) as u32
        })
        .collect();
    let mut r = SoupReport {
        input_vertices: n,
        input_triangles: t.len(),
        ..SoupReport::default()
    };
    r.non_finite_vertices = (0..n as u32).filter(|&i| !finite[i as usize]).collect();
    r.merged_vertices = (0..n as u32)
        .filter(|&i| rep[i as usize] != i)
        .map(|i| [i, rep[i as usize]])
        .collect();
    let mut kept: Vec<(usize, [u32; 3])> = Vec::new();
    for (i, tri) in t.iter().enumerate() {
        if tri.iter().any(|&k| k as usize >= n) {
            r.out_of_range_triangles.push(i);
            continue;
        }
        if tri.iter().any(|&k| !finite[k as usize]) {
            r.non_finite_triangles.push(i);
            continue;
        }
        let w = tri.map(|k| rep[k as usize]);
        let [a, b, c] = w.map(|k| q3(&v[k as usize]));
        if cross_q(&a, &b, &c).iter().all(Zero::is_zero) {
            r.degenerate_triangles.push(i);
            continue;
        }
        let rotations = [w, [w[1], w[2], w[0]], [w[2], w[0], w[1]]];
        match kept.iter().find(|(_, k)| rotations.contains(k)) {
            Some(&(j, _)) => r.duplicate_triangles.push([i, j]),
            None => kept.push((i, w)),
        }
    }
    let used: Vec<u32> = {
        let mut u: Vec<u32> = kept.iter().flat_map(|k| k.1).collect();
        u.sort_unstable();
        u.dedup();
        u
    };
    r.unreferenced_vertices = (0..n as u32)
        .filter(|&i| finite[i as usize] && rep[i as usize] == i && !used.contains(&i))
        .collect();
    r.vertex_origin = used;
    r.triangle_origin = kept.iter().map(|k| k.0).collect();
    r
}

#[test]
fn random_soups_match_an_independent_count() {
    let mut rng = Rng::new(0x50u64);
    for case in 0..cases(300) {
        // Few distinct values on a grid scaled by 2^k, so coincidences, collinear and
        // repeated corners, duplicates and reversed duplicates all happen.
        let k = [-1070, -30, 0, 40, 1000][case as usize % 5];
        let n = 3 + rng.below(14);
        let mut v: Vec<[f64; 3]> = Vec::new();
        for _ in 0..n {
            let mut p = [0.0; 3];
            for x in &mut p {
                *x = (rng.below(3) as f64 - 1.0) * pow2(k);
                if *x == 0.0 && rng.chance(0.5) {
                    *x = -0.0;
                }
            }
            v.push(p);
        }
        if rng.chance(0.3) {
            let i = rng.below(n);
            v[i][rng.below(3)] = *rng.pick(&[f64::NAN, f64::INFINITY, f64::NEG_INFINITY]);
        }
        let m = rng.below(12);
        let mut t: Vec<[u32; 3]> = Vec::new();
        for _ in 0..m {
            let mut tri = [0u32; 3];
            for c in &mut tri {
                let past = usize::from(rng.chance(0.05));
                *c = rng.below(n + past) as u32;
            }
            t.push(tri);
        }
        let (mesh, mut r) = TriMesh::from_soup(v.clone(), t.clone());
        let expected = naive_report(&v, &t);
        // The topology lists come from the mesh; checked apart below.
        let topo = Topology::of(mesh.triangles());
        assert_eq!(r.non_manifold_edges, topo.non_manifold_edges);
        assert_eq!(r.misoriented_edges, topo.misoriented_edges);
        r.non_manifold_edges.clear();
        r.misoriented_edges.clear();
        assert_eq!(r, expected, "case {case}: {v:?} {t:?}");
        // The mesh is the kept data, renumbered.
        for (i, tri) in mesh.triangles().iter().enumerate() {
            let orig = t[r.triangle_origin[i]];
            for c in 0..3 {
                let p = mesh.vertices()[tri[c] as usize];
                assert_eq!(p, v[orig[c] as usize]);
            }
        }
        // Every input vertex and triangle accounted for once.
        assert_eq!(
            r.vertex_origin.len() + r.merged_vertices.len() + r.dropped_vertices(),
            n
        );
        assert_eq!(r.triangle_origin.len() + r.dropped_triangles(), m);
        // The volume sign against the rational sum.
        let vol = volume_q(mesh.vertices(), mesh.triangles());
        assert_eq!(mesh.volume_sign(), Sign::of(vol));
    }
}

#[test]
fn volume_sign_decides_cancellation_exactly() {
    // A flat, closed "pillow" (two triangles back to back): exactly zero volume, but
    // far from the origin so that the f64 sum has rounding error; then one vertex lifted
    // by one ulp, up and down.
    let big = pow2(60);
    for lift in [0.0, 1.0, -1.0] {
        let v = vec![
            [big, big, big],
            [big + 4096.0, big, big],
            [big, big + 4096.0, big + lift * 256.0],
            [big + 4096.0, big + 4096.0, big],
        ];
        let t = vec![[0, 1, 2], [0, 2, 1], [1, 3, 2], [1, 2, 3]];
        let mesh = TriMesh::from_soup(v.clone(), t.clone()).0;
        assert_eq!(
            mesh.volume_sign(),
            Sign::of(volume_q(&v, &t)),
            "lift {lift}"
        );
    }
    // Tetrahedra at 2^±k offsets with tiny edges: the filter must fall back, and agree.
    let mut rng = Rng::new(7);
    for _ in 0..cases(200) {
        let off = pow2(rng.range(-40, 60) as i32);
        let e = off * f64::EPSILON * rng.range(1, 4) as f64;
        let v: Vec<[f64; 3]> = (0..4)
            .map(|_| [0; 3].map(|_| off + e * rng.range(-2, 3) as f64))
            .collect();
        let t = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
        let mesh = TriMesh::from_soup(v.clone(), t.clone()).0;
        let kept = mesh.triangles();
        assert_eq!(
            mesh.volume_sign(),
            Sign::of(volume_q(mesh.vertices(), kept))
        );
    }
}

/// The pinched vertices by their definition, searched directly: for each vertex, the
/// triangles around it, grown into fans by a flood fill across the edges at the vertex
/// that two of them share (no union–find over corners, no sorted edge list).
fn naive_pinched(t: &[[u32; 3]]) -> Vec<(u32, usize)> {
    let mut verts: Vec<u32> = t.iter().flatten().copied().collect();
    verts.sort_unstable();
    verts.dedup();
    let mut out = Vec::new();
    for v in verts {
        let around: Vec<usize> = (0..t.len()).filter(|&i| t[i].contains(&v)).collect();
        let shares_edge_at_v =
            |a: usize, b: usize| t[a].iter().any(|&w| w != v && t[b].contains(&w));
        let mut fan = vec![usize::MAX; around.len()];
        let mut fans = 0;
        for s in 0..around.len() {
            if fan[s] != usize::MAX {
                continue;
            }
            fan[s] = fans;
            let mut todo = vec![s];
            while let Some(x) = todo.pop() {
                for y in 0..around.len() {
                    if fan[y] == usize::MAX && shares_edge_at_v(around[x], around[y]) {
                        fan[y] = fans;
                        todo.push(y);
                    }
                }
            }
            fans += 1;
        }
        if fans > 1 {
            out.push((v, fans));
        }
    }
    out
}

#[test]
fn pinched_vertices_match_a_flood_fill() {
    // Two tetrahedra sharing only vertex 0: closed, consistently oriented, pinched.
    let two = [
        [0, 2, 1],
        [0, 1, 3],
        [0, 3, 2],
        [1, 2, 3],
        [0, 5, 4],
        [0, 4, 6],
        [0, 6, 5],
        [4, 5, 6],
    ];
    let t = Topology::of(&two);
    assert!(t.is_closed() && t.is_consistently_oriented() && !t.is_manifold());
    assert_eq!(t.non_manifold_vertices, vec![(0, 2)]);
    // A fan closed around a vertex is one fan; a bow tie of three is three.
    assert!(
        Topology::of(&[[0, 1, 2], [0, 2, 3], [0, 3, 1]])
            .non_manifold_vertices
            .is_empty()
    );
    let bow = Topology::of(&[[0, 1, 2], [0, 3, 4], [0, 5, 6]]);
    assert_eq!(bow.non_manifold_vertices, vec![(0, 3)]);
    // Random index soups on few vertices: repeated corners, non-manifold and misoriented
    // edges and pinches all happen.
    let mut rng = Rng::new(0x91u64);
    for case in 0..cases(2000) {
        let n = 3 + rng.below(7) as u32;
        let m = rng.below(10);
        let tris: Vec<[u32; 3]> = (0..m)
            .map(|_| core::array::from_fn(|_| rng.below(n as usize) as u32))
            .collect();
        let proper: Vec<[u32; 3]> = tris
            .iter()
            .copied()
            .filter(|t| t[0] != t[1] && t[1] != t[2] && t[0] != t[2])
            .collect();
        let got = Topology::of(&proper).non_manifold_vertices;
        assert_eq!(got, naive_pinched(&proper), "case {case}: {proper:?}");
        let mut expect_manifold = naive_pinched(&proper).is_empty();
        expect_manifold &= Topology::of(&proper).non_manifold_edges.is_empty();
        assert_eq!(Topology::of(&proper).is_manifold(), expect_manifold);
        // Triangles with a repeated index must not panic.
        let _ = Topology::of(&tris);
    }
}

/// `TriMesh::new`'s edge check against a direct reading of its rule: the edges in
/// increasing (smaller index, larger index) order; the first used by more than two
/// triangles is `NonManifoldEdge`, the first used twice in one direction is
/// `InconsistentOrientation` (its triangles in increasing order), whichever comes first;
/// otherwise the mesh is built and is closed exactly when no edge is used once.
#[test]
fn new_edge_errors_match_a_direct_reading() {
    use std::collections::BTreeMap;
    let mut rng = Rng::new(0x3d6e);
    for case in 0..cases(2000) {
        let n = 4 + rng.below(5);
        // Points in general position (random, so no three are collinear).
        let v: Vec<[f64; 3]> = (0..n)
            .map(|_| [0; 3].map(|_: i32| rng.uniform(-1.0, 1.0)))
            .collect();
        let t: Vec<[u32; 3]> = (0..1 + rng.below(9))
            .map(|_| {
                loop {
                    let tri: [u32; 3] = core::array::from_fn(|_| rng.below(n) as u32);
                    if tri[0] != tri[1] && tri[1] != tri[2] && tri[0] != tri[2] {
                        break tri;
                    }
                }
            })
            .collect();
        let mut uses: BTreeMap<(u32, u32), Vec<(bool, usize)>> = BTreeMap::new();
        for (i, tri) in t.iter().enumerate() {
            for k in 0..3 {
                let (p, q) = (tri[k], tri[(k + 1) % 3]);
                uses.entry((p.min(q), p.max(q)))
                    .or_default()
                    .push((p < q, i));
            }
        }
        let mut expected: Result<bool, InputError> = Ok(true);
        for (&(lo, hi), u) in &uses {
            if u.len() > 2 {
                expected = Err(InputError::NonManifoldEdge {
                    edge: [lo, hi],
                    count: u.len(),
                });
                break;
            }
            if u.len() == 2 && u[0].0 == u[1].0 {
                let edge = if u[0].0 { [lo, hi] } else { [hi, lo] };
                let triangles = [u[0].1.min(u[1].1), u[0].1.max(u[1].1)];
                expected = Err(InputError::InconsistentOrientation { edge, triangles });
                break;
            }
            if u.len() == 1 {
                expected = expected.map(|_| false);
            }
        }
        let got = TriMesh::new(v, t.clone()).map(|m| m.is_closed());
        assert_eq!(got, expected, "case {case}: {t:?}");
    }
}
