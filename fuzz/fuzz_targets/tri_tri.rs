//! tri_tri, tri_tri_intersect, tri_tri_intersection and their try_ forms in f64 / f32 /
//! BigRational: f64 and rational classifications agree; the try_ forms give the plain
//! answer for every finite input (degenerate triangles included) and the `InputError`
//! naming the first non-finite coordinate otherwise; the classification is symmetric
//! under swapping the triangles, reordering either's vertices, permuting or negating the
//! axes and exact power-of-two scaling; the exact (rational) intersection agrees with the
//! classification, and every point of it lies on both closed triangles (checked with
//! exact barycentric signs; interior for crossings).
#![no_main]

use isect::overlap::{
    tri_tri, tri_tri_intersect, tri_tri_intersection, try_tri_tri, try_tri_tri_intersect,
    try_tri_tri_intersection, TriContact, TriTri, TriTriIntersection,
};
use isect_fuzz::{all_finite, cross, dot, non_finite_point, q3, scale_exp, sub, Src, PERMS, Q};
use libfuzzer_sys::fuzz_target;
use num_traits::{Signed, Zero};

/// Where `p` is relative to the closed, non-degenerate triangle `t`: `None` off it,
/// `Some(true)` in its relative interior, `Some(false)` on its boundary.
fn on_triangle(p: &[Q; 3], t: &[[Q; 3]; 3]) -> Option<bool> {
    let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
    if !dot(&n, &sub(p, &t[0])).is_zero() {
        return None;
    }
    let w: Vec<Q> = (0..3)
        .map(|i| dot(&n, &cross(&sub(&t[(i + 1) % 3], &t[i]), &sub(p, &t[i]))))
        .collect();
    if w.iter().any(|x| x.is_negative()) {
        None
    } else {
        Some(w.iter().all(|x| x.is_positive()))
    }
}

fn degenerate(t: &[[Q; 3]; 3]) -> bool {
    cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]))
        .iter()
        .all(Zero::is_zero)
}

fn kind<T>(x: &TriTriIntersection<T>) -> u8 {
    match x {
        TriTriIntersection::Empty => 0,
        TriTriIntersection::Point(_) => 1,
        TriTriIntersection::Segment(..) => 2,
        TriTriIntersection::Polygon(_) => 3,
    }
}

fn mid(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    core::array::from_fn(|i| (&a[i] + &b[i]) / Q::from_integer(2.into()))
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let a: [[f64; 3]; 3] = core::array::from_fn(|_| s.pt3());
    let b: [[f64; 3]; 3] = core::array::from_fn(|_| s.pt3());
    let got = tri_tri(a, b);
    assert_eq!(tri_tri(&a, &b), got, "by reference");
    assert_eq!(
        tri_tri_intersect(a, b),
        got.intersects(),
        "tri_tri_intersect"
    );
    let finite = all_finite(a.iter().chain(&b).flatten());
    // The try_ forms refuse the first non-finite coordinate (triangle a is argument 0,
    // b argument 1; vertices in order) and answer everything else.
    let bad = [a, b].iter().enumerate().find_map(|(arg, t)| {
        t.iter()
            .enumerate()
            .find_map(|(i, v)| non_finite_point(arg, "vertex", Some(i), v))
    });
    assert_eq!(bad.is_none(), finite);
    if let Some(e) = bad {
        assert_eq!(got, TriTri::Disjoint, "non-finite input is Disjoint");
        assert_eq!(try_tri_tri(a, b), Err(e), "try_tri_tri");
        assert_eq!(try_tri_tri_intersect(a, b), Err(e), "try_tri_tri_intersect");
        assert_eq!(
            try_tri_tri_intersection(a, b),
            Err(e),
            "try_tri_tri_intersection"
        );
        assert_eq!(tri_tri_intersection(a, b), TriTriIntersection::Empty);
        return;
    }
    assert_eq!(try_tri_tri_intersect(a, b), Ok(got.intersects()));
    // (Debug text: equal also where a rounded coordinate is NaN.)
    assert_eq!(
        format!("{:?}", try_tri_tri_intersection(a, b)),
        format!("{:?}", Ok::<_, ()>(tri_tri_intersection(a, b))),
        "try_tri_tri_intersection"
    );
    let qa = a.map(|p| q3(&p));
    let qb = b.map(|p| q3(&p));
    let qgot = tri_tri(&qa, &qb);
    assert_eq!(qgot, got, "tri_tri f64 vs BigRational on {a:?} {b:?}");
    if s.f32_mode {
        let f = |t: &[[f64; 3]; 3]| t.map(|p| p.map(|x| x as f32));
        assert_eq!(tri_tri(f(&a), f(&b)), got, "tri_tri f32");
    }
    let (da, db) = (degenerate(&qa), degenerate(&qb));
    // Degenerate (collinear or repeated-vertex) triangles are valid input: the answer is
    // tri_tri's, which reads them as the segment or point they are.
    assert_eq!(
        try_tri_tri(a, b),
        Ok(got),
        "try_tri_tri (degenerate: {da} {db})"
    );

    // Symmetries.
    assert_eq!(tri_tri(b, a), got, "swap");
    let (pa, pb) = (PERMS[s.below(6)], PERMS[s.below(6)]);
    let ra = [a[pa[0]], a[pa[1]], a[pa[2]]];
    let rb = [b[pb[0]], b[pb[1]], b[pb[2]]];
    assert_eq!(tri_tri(ra, rb), got, "vertex reordering {pa:?} {pb:?}");
    let ax = PERMS[s.below(6)];
    let axp = |t: &[[f64; 3]; 3]| t.map(|p| [-p[ax[0]], p[ax[1]], p[ax[2]]]);
    assert_eq!(
        tri_tri(axp(&a), axp(&b)),
        got,
        "axis permutation/negation {ax:?}"
    );
    let k = scale_exp(&mut s);
    let sc = |t: &[[f64; 3]; 3]| -> Option<[[f64; 3]; 3]> {
        Some([
            isect_fuzz::scale_all(t[0], k)?,
            isect_fuzz::scale_all(t[1], k)?,
            isect_fuzz::scale_all(t[2], k)?,
        ])
    };
    if let (Some(sa), Some(sb)) = (sc(&a), sc(&b)) {
        assert_eq!(tri_tri(sa, sb), got, "scaled by 2^{k}");
    }

    // The constructed intersection, exact for rationals.
    let inter = tri_tri_intersection(&qa, &qb);
    let finter = tri_tri_intersection(a, b);
    // Degenerate (collinear) triangles: the f64 construction can disagree with the exact
    // case (open, tests/fuzz_regressions.rs, fuzz_tri_tri_intersection_degenerate_f64_empty);
    // checked for proper triangles only until that is fixed.
    if !(da || db) {
        assert_eq!(
            kind(&finter),
            kind(&inter),
            "tri_tri_intersection f64 vs Q case: {a:?} {b:?} {got:?} {finter:?}"
        );
    }
    match (&got, &inter) {
        (TriTri::Disjoint, TriTriIntersection::Empty) => {}
        (TriTri::Disjoint, other) => panic!("Disjoint but intersection {other:?}"),
        (_, TriTriIntersection::Empty) => panic!("{got:?} but empty intersection"),
        _ => {}
    }
    if da || db {
        return;
    }
    let pts: Vec<[Q; 3]> = match &inter {
        TriTriIntersection::Empty => vec![],
        TriTriIntersection::Point(p) => {
            assert_eq!(
                got,
                TriTri::Touching {
                    contact: TriContact::Point
                }
            );
            vec![p.clone()]
        }
        TriTriIntersection::Segment(p, r) => {
            assert_ne!(p, r, "segment of zero length");
            assert!(matches!(
                got,
                TriTri::Crossing
                    | TriTri::Touching {
                        contact: TriContact::Segment
                    }
            ));
            let m = mid(p, r);
            let (ia, ib) = (on_triangle(&m, &qa), on_triangle(&m, &qb));
            assert!(
                ia.is_some() && ib.is_some(),
                "segment midpoint off a triangle"
            );
            let interior = ia == Some(true) && ib == Some(true);
            assert_eq!(
                interior,
                got == TriTri::Crossing,
                "crossing iff the midpoint is interior"
            );
            vec![p.clone(), r.clone()]
        }
        TriTriIntersection::Polygon(v) => {
            assert_eq!(got, TriTri::CoplanarOverlap);
            v.clone()
        }
    };
    for p in &pts {
        assert!(
            on_triangle(p, &qa).is_some(),
            "{p:?} not on a: {qa:?} {qb:?} {inter:?}"
        );
        assert!(on_triangle(p, &qb).is_some(), "{p:?} not on b");
    }
    // Disjoint: no vertex of one lies on the other.
    if got == TriTri::Disjoint {
        for p in &qa {
            assert!(
                on_triangle(p, &qb).is_none(),
                "Disjoint but a vertex of a is on b"
            );
        }
        for p in &qb {
            assert!(
                on_triangle(p, &qa).is_none(),
                "Disjoint but a vertex of b is on a"
            );
        }
    }
});
