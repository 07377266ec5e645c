//! Meshes whose scales are mixed: needles and slivers (an equator of 3..8 vertices at
//! `2^-600..2^-480` around the origin, two apexes at `2^380..2^620` on either side), and a
//! tetrahedron with three vertices in a tiny cluster and one far away, in every rotation
//! of the faces. Products of the small coordinates are subnormal, so every filter whose
//! bound misses an underflow term, and every `t_error` that forgets one, fails here.
//!
//! Checked: the `f64` mesh against the same mesh in `BigRational` (hit lists in order,
//! the first hit's triangle, `|t − t_exact| ≤ t_error`), an even number of crossings for
//! rays from outside, and `locate` against the test kit's independent winding number
//! (`isect_testkit::winding`, integer arithmetic, no perturbation).

use isect::mesh::Location;
use isect::{Ray, TriMesh};
use isect_testkit::float::pow2;
use isect_testkit::q::{q, q3};
use isect_testkit::{Q, Rng, config, winding};
use num_traits::Signed;
use proptest::prelude::*;

struct Mesh {
    v: Vec<[f64; 3]>,
    t: Vec<[u32; 3]>,
}

/// A bipyramid: `n` equator vertices at scale `2^small` (a star-shaped polygon around
/// the origin, counterclockwise), apexes at `±2^big` along z with jitter.
fn needle(rng: &mut Rng) -> Mesh {
    let small = -(rng.range(480, 600) as i32);
    let big = rng.range(380, 620) as i32;
    let n = rng.range(3, 8) as usize;
    let mut v: Vec<[f64; 3]> = (0..n)
        .map(|i| {
            let a = core::f64::consts::TAU * (i as f64 + 0.4 * rng.next_f64()) / n as f64;
            let r = pow2(small) * (1.0 + rng.next_f64());
            [
                r * a.cos(),
                r * a.sin(),
                pow2(small) * rng.uniform(-0.5, 0.5),
            ]
        })
        .collect();
    let jitter = |rng: &mut Rng| pow2(small) * rng.uniform(-0.5, 0.5);
    v.push([jitter(rng), jitter(rng), pow2(big) * (1.0 + rng.next_f64())]);
    v.push([
        jitter(rng),
        jitter(rng),
        -pow2(big) * (1.0 + rng.next_f64()),
    ]);
    let (top, bottom) = (n as u32, n as u32 + 1);
    let mut t = vec![];
    for i in 0..n as u32 {
        let j = (i + 1) % n as u32;
        t.push([i, j, top]);
        t.push([j, i, bottom]);
    }
    Mesh { v, t }
}

/// A tetrahedron: three vertices within `2^small` of the origin, one at `2^big`;
/// oriented outward by the exact sign of its volume.
fn tetra(rng: &mut Rng) -> Mesh {
    let small = -(rng.range(480, 600) as i32);
    let big = rng.range(380, 620) as i32;
    let tiny = |rng: &mut Rng| [0; 3].map(|_: i32| pow2(small) * rng.uniform(-2.0, 2.0));
    let v = vec![
        tiny(rng),
        tiny(rng),
        tiny(rng),
        [0; 3].map(|_: i32| pow2(big) * rng.uniform(-2.0, 2.0)),
    ];
    let p = v.iter().map(q3).collect::<Vec<_>>();
    let vol = isect_testkit::q::dot(
        &isect_testkit::q::sub(&p[3], &p[0]),
        &isect_testkit::q::cross(
            &isect_testkit::q::sub(&p[1], &p[0]),
            &isect_testkit::q::sub(&p[2], &p[0]),
        ),
    );
    let t = if vol.is_positive() {
        vec![[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]]
    } else {
        vec![[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]]
    };
    Mesh { v, t }
}

/// A needle or a tetrahedron, with its `f64` mesh; `None` for a degenerate draw (a
/// collinear cluster), which `TriMesh::new` refuses.
fn mesh(rng: &mut Rng) -> Option<(Mesh, TriMesh<f64>)> {
    let m = if rng.range(0, 1) == 0 {
        needle(rng)
    } else {
        tetra(rng)
    };
    let built = TriMesh::new(m.v.clone(), m.t.clone()).ok()?;
    Some((m, built))
}

/// A point near the small part: a vertex, an edge midpoint or a random point at its scale.
fn near(rng: &mut Rng, m: &Mesh) -> [f64; 3] {
    let s = m.v[0].iter().fold(0.0f64, |a, x| a.max(x.abs()));
    let (i, j) = (
        rng.range(0, m.v.len() as i64 - 1) as usize,
        rng.range(0, m.v.len() as i64 - 1) as usize,
    );
    match rng.range(0, 3) {
        0 => m.v[i],
        1 => core::array::from_fn(|k| m.v[i][k] / 2.0 + m.v[j][k] / 2.0),
        _ => [0; 3].map(|_: i32| s * rng.uniform(-3.0, 3.0)),
    }
}

proptest! {
    #![proptest_config(config(32))]

    #[test]
    fn mixed_scale_meshes_match_rationals(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let Some((m, m64)) = mesh(&mut rng) else { return Ok(()) };
        let vq: Vec<[Q; 3]> = m.v.iter().map(q3).collect();
        let mq = TriMesh::new(vq.clone(), m.t.clone()).unwrap();
        for _ in 0..6 {
            let o = near(&mut rng, &m);
            let target = near(&mut rng, &m);
            let d: [f64; 3] = match rng.range(0, 2) {
                0 => core::array::from_fn(|k| target[k] - o[k]),
                1 => [0; 3].map(|_: i32| rng.uniform(-1.0, 1.0)),
                _ => [0; 3].map(|_: i32| pow2(rng.range(-700, 700) as i32) * rng.uniform(-1.0, 1.0)),
            };
            if d == [0.0; 3] {
                continue;
            }
            let (r64, rq) = (Ray::new(o, d), Ray::new(q3(&o), q3(&d)));
            let h64: Vec<u32> = m64.hits(&r64).iter().map(|h| h.triangle).collect();
            let hq: Vec<u32> = mq.hits(&rq).iter().map(|h| h.triangle).collect();
            prop_assert_eq!(&h64, &hq, "hits o={:?} d={:?}", o, d);
            let (f64_hit, q_hit) = (m64.first_hit(&r64), mq.first_hit(&rq));
            prop_assert_eq!(f64_hit.as_ref().map(|h| h.triangle), q_hit.as_ref().map(|h| h.triangle), "first o={:?} d={:?}", o, d);
            if let (Some(h), Some(w)) = (&f64_hit, &q_hit) {
                let ok = if h.hit.t.is_finite() {
                    (q(h.hit.t) - &w.hit.t).abs() <= q(h.hit.t_error)
                } else {
                    h.hit.t_error == f64::INFINITY && w.hit.t > q(f64::MAX)
                };
                prop_assert!(ok, "first t {:?} o={:?} d={:?}", h, o, d);
            }
            let want = winding::winding_number(&vq, &m.t, &q3(&o));
            let got = m64.locate(o);
            let expected = match want {
                None => Location::Boundary,
                Some(0) => Location::Outside,
                Some(w) => Location::Inside { winding_number: w },
            };
            prop_assert_eq!(got, Some(expected), "locate {:?}", o);
        }
    }
}

proptest! {
    #![proptest_config(config(16))]

    /// Two mixed-scale meshes (the second one's small part moved by a few of its own
    /// sizes, and sometimes sharing vertex positions with the first): every pair of faces
    /// that meet, within one mesh (`self_intersections` on the union) and between the two
    /// (`intersecting_pairs`), against the test kit's brute force over all pairs, which
    /// constructs each intersection in rationals.
    #[test]
    fn mixed_scale_pairs_match_brute_force(seed in any::<u64>()) {
        use isect_testkit::mesh_pairs;
        let mut rng = Rng::new(seed);
        let (Some((a, ma)), Some((mut b, _))) = (mesh(&mut rng), mesh(&mut rng)) else { return Ok(()) };
        let s = b.v[0].iter().fold(0.0f64, |m, x| m.max(x.abs()));
        let shift = [0; 3].map(|_: i32| s * rng.range(-2, 2) as f64);
        for p in &mut b.v {
            *p = core::array::from_fn(|k| p[k] + shift[k]);
        }
        if rng.range(0, 1) == 0 {
            b.v[0] = a.v[0];
        }
        // b moved: built again.
        let Ok(mb) = TriMesh::new(b.v.clone(), b.t.clone()) else {
            return Ok(());
        };
        let (va, vb): (Vec<[Q; 3]>, Vec<[Q; 3]>) = (a.v.iter().map(q3).collect(), b.v.iter().map(q3).collect());
        let mut got = ma.intersecting_pairs(&mb);
        got.sort();
        let mut want = mesh_pairs::intersecting_pairs(&va, &a.t, &vb, &b.t);
        want.sort();
        prop_assert_eq!(got, want, "between {:?} {:?}", a.v, b.v);
        // The union as one mesh (vertex indices of b shifted).
        let n = a.v.len() as u32;
        let v: Vec<[f64; 3]> = a.v.iter().chain(&b.v).copied().collect();
        let t: Vec<[u32; 3]> = a.t.iter().copied().chain(b.t.iter().map(|f| f.map(|k| k + n))).collect();
        if let Ok(m) = TriMesh::new(v.clone(), t.clone()) {
            let mut got = m.self_intersections();
            got.sort();
            let vq: Vec<[Q; 3]> = v.iter().map(q3).collect();
            let mut want = mesh_pairs::self_intersections(&vq, &t);
            want.sort();
            prop_assert_eq!(got, want, "union {:?}", v);
        }
    }
}
