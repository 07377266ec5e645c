//! orient2d/3d, incircle, insphere (f64, f32, BigRational, by value and by reference),
//! their try_ forms, their SoS forms and collinear3, against the independent Bareiss
//! oracle of the test kit (isect_testkit::predicates) and against permutation /
//! exact-transform invariants.
#![no_main]

use isect::predicates::collinear3;
use isect::sos::{incircle_sos, insphere_sos, orient2d_sos, orient3d_sos};
use isect::{
    incircle, insphere, orient2d, orient3d, try_incircle, try_insphere, try_orient2d, try_orient3d,
    Sign,
};
use isect_fuzz::{all_finite, perm_odd, points_error, q, q2, q3, scale_exp, Src, PERMS, Q};
use isect_testkit::predicates as oracle;
use libfuzzer_sys::fuzz_target;

fn flip(s: Sign, odd: bool) -> Sign {
    if odd {
        -s
    } else {
        s
    }
}

/// A permutation of `n <= 5` items from the decoder, with its parity.
fn perm(s: &mut Src, n: usize) -> (Vec<usize>, bool) {
    let mut p: Vec<usize> = (0..n).collect();
    let mut odd = false;
    for i in (1..n).rev() {
        let j = s.below(i + 1);
        if j != i {
            p.swap(i, j);
            odd = !odd;
        }
    }
    (p, odd)
}

fn f32s<const D: usize>(p: &[f64; D]) -> [f32; D] {
    p.map(|x| x as f32)
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let p3: [[f64; 3]; 5] = core::array::from_fn(|_| s.pt3());
    let p2: [[f64; 2]; 4] = core::array::from_fn(|i| [p3[i][0], p3[i][1]]);
    let ids: [u8; 5] = core::array::from_fn(|_| s.byte() % 6);
    let distinct = (0..5).all(|i| (0..i).all(|j| ids[i] != ids[j]));
    let (pm, odd) = perm(&mut s, 5);
    let k = scale_exp(&mut s);
    let axes = PERMS[s.below(6)];

    let fin2_3 = all_finite(p2[..3].iter().flatten());
    let fin2 = all_finite(p2.iter().flatten());
    let fin3_4 = all_finite(p3[..4].iter().flatten());
    let fin3 = all_finite(p3.iter().flatten());
    let [a, b, c, d, e] = p3;
    let [a2, b2, c2, d2] = p2;

    // Plain, by reference, try_ and SoS: the oracle for finite input, the documented
    // values otherwise.
    let o2 = orient2d(a2, b2, c2);
    assert_eq!(o2, orient2d(&a2, &b2, &c2));
    let o3 = orient3d(a, b, c, d);
    assert_eq!(o3, orient3d(&a, &b, &c, &d));
    let ic = incircle(a2, b2, c2, d2);
    let is = insphere(a, b, c, d, e);
    let o2s = orient2d_sos(a2, b2, c2, [ids[0], ids[1], ids[2]]);
    let o3s = orient3d_sos(a, b, c, d, [ids[0], ids[1], ids[2], ids[3]]);
    let ics = incircle_sos(a2, b2, c2, d2, [ids[0], ids[1], ids[2], ids[3]]);
    let iss = insphere_sos(a, b, c, d, e, ids);
    let col = collinear3(&a, &b, &c);

    let check_sos = |exact: Sign, sos: Sign, n: usize, what: &str| {
        if exact != Sign::Zero {
            assert_eq!(
                sos, exact,
                "{what}_sos must return the exact sign when non-zero"
            );
        } else {
            let distinct_n = (0..n).all(|i| (0..i).all(|j| ids[i] != ids[j]));
            if distinct_n {
                assert_ne!(
                    sos,
                    Sign::Zero,
                    "{what}_sos returned Zero with distinct ids {ids:?}"
                );
            }
        }
    };

    if fin2_3 {
        let want = oracle::orient2d_q(&[q2(&a2), q2(&b2), q2(&c2)]);
        assert_eq!(o2, want, "orient2d {a2:?} {b2:?} {c2:?}");
        assert_eq!(try_orient2d(a2, b2, c2), Ok(want));
        let qa: [[Q; 2]; 3] = [q2(&a2), q2(&b2), q2(&c2)];
        assert_eq!(
            orient2d(&qa[0], &qa[1], &qa[2]),
            want,
            "orient2d BigRational"
        );
        if s.f32_mode {
            assert_eq!(
                orient2d(f32s(&a2), f32s(&b2), f32s(&c2)),
                want,
                "orient2d f32"
            );
        }
        check_sos(want, o2s, 3, "orient2d");
        // Swapping the two axes flips the sign; exact scaling by 2^k keeps it.
        assert_eq!(
            orient2d([a2[1], a2[0]], [b2[1], b2[0]], [c2[1], c2[0]]),
            -want
        );
        if let (Some(x), Some(y), Some(z)) = (
            isect_fuzz::scale_all(a2, k),
            isect_fuzz::scale_all(b2, k),
            isect_fuzz::scale_all(c2, k),
        ) {
            assert_eq!(orient2d(x, y, z), want, "orient2d scaled by 2^{k}");
        }
        // Permutations of the three points (restricted from the 5-permutation).
        let p: Vec<usize> = pm.iter().copied().filter(|&i| i < 3).collect();
        let pts = [a2, b2, c2];
        let o = orient2d(pts[p[0]], pts[p[1]], pts[p[2]]);
        assert_eq!(o, flip(want, perm_odd([p[0], p[1], p[2]])));
        // SoS: permuting points together with their ids multiplies by the parity.
        let id3 = [ids[0], ids[1], ids[2]];
        let os = orient2d_sos(
            pts[p[0]],
            pts[p[1]],
            pts[p[2]],
            [id3[p[0]], id3[p[1]], id3[p[2]]],
        );
        assert_eq!(
            os,
            flip(o2s, perm_odd([p[0], p[1], p[2]])),
            "orient2d_sos permutation"
        );
        let qs = orient2d_sos(&qa[0], &qa[1], &qa[2], id3);
        assert_eq!(qs, o2s, "orient2d_sos f64 vs BigRational");
    } else {
        assert_eq!(o2, Sign::Zero);
        assert_eq!(o2s, Sign::Zero);
        assert!(try_orient2d(a2, b2, c2).is_err());
        assert_eq!(
            try_orient2d(a2, b2, c2).err(),
            points_error(&[&a2, &b2, &c2]),
            "try_orient2d error"
        );
    }

    if fin3_4 {
        let qp: [[Q; 3]; 4] = [q3(&a), q3(&b), q3(&c), q3(&d)];
        let want = oracle::orient3d_q(&qp);
        assert_eq!(o3, want, "orient3d {a:?} {b:?} {c:?} {d:?}");
        assert_eq!(try_orient3d(a, b, c, d), Ok(want));
        assert_eq!(
            orient3d(&qp[0], &qp[1], &qp[2], &qp[3]),
            want,
            "orient3d BigRational"
        );
        if s.f32_mode {
            assert_eq!(
                orient3d(f32s(&a), f32s(&b), f32s(&c), f32s(&d)),
                want,
                "orient3d f32"
            );
        }
        check_sos(want, o3s, 4, "orient3d");
        let ax = |p: &[f64; 3]| [p[axes[0]], p[axes[1]], p[axes[2]]];
        assert_eq!(
            orient3d(ax(&a), ax(&b), ax(&c), ax(&d)),
            flip(want, perm_odd(axes)),
            "orient3d axis permutation {axes:?}"
        );
        let neg = |p: &[f64; 3]| p.map(|x| -x);
        assert_eq!(
            orient3d(neg(&a), neg(&b), neg(&c), neg(&d)),
            -want,
            "orient3d negated"
        );
        if let (Some(w), Some(x), Some(y), Some(z)) = (
            isect_fuzz::scale_all(a, k),
            isect_fuzz::scale_all(b, k),
            isect_fuzz::scale_all(c, k),
            isect_fuzz::scale_all(d, k),
        ) {
            assert_eq!(orient3d(w, x, y, z), want, "orient3d scaled by 2^{k}");
        }
        let p: Vec<usize> = pm.iter().copied().filter(|&i| i < 4).collect();
        let pts = [a, b, c, d];
        let id4 = [ids[0], ids[1], ids[2], ids[3]];
        let par = perm_parity(&p);
        assert_eq!(
            orient3d(pts[p[0]], pts[p[1]], pts[p[2]], pts[p[3]]),
            flip(want, par)
        );
        let os = orient3d_sos(
            pts[p[0]],
            pts[p[1]],
            pts[p[2]],
            pts[p[3]],
            [id4[p[0]], id4[p[1]], id4[p[2]], id4[p[3]]],
        );
        assert_eq!(os, flip(o3s, par), "orient3d_sos permutation");
        assert_eq!(
            orient3d_sos(&qp[0], &qp[1], &qp[2], &qp[3], id4),
            o3s,
            "orient3d_sos vs Q"
        );
    } else {
        assert_eq!(o3, Sign::Zero);
        assert_eq!(o3s, Sign::Zero);
        assert!(try_orient3d(a, b, c, d).is_err());
        assert_eq!(
            try_orient3d(a, b, c, d).err(),
            points_error(&[&a, &b, &c, &d]),
            "try_orient3d error"
        );
    }

    if fin2 {
        let qp: [[Q; 2]; 4] = [q2(&a2), q2(&b2), q2(&c2), q2(&d2)];
        let want = oracle::incircle_q(&qp);
        assert_eq!(ic, want, "incircle {p2:?}");
        assert_eq!(try_incircle(a2, b2, c2, d2), Ok(want));
        assert_eq!(
            incircle(&qp[0], &qp[1], &qp[2], &qp[3]),
            want,
            "incircle BigRational"
        );
        if s.f32_mode {
            assert_eq!(
                incircle(f32s(&a2), f32s(&b2), f32s(&c2), f32s(&d2)),
                want,
                "incircle f32"
            );
        }
        check_sos(want, ics, 4, "incircle");
        let sw = |p: &[f64; 2]| [p[1], p[0]];
        assert_eq!(
            incircle(sw(&a2), sw(&b2), sw(&c2), sw(&d2)),
            -want,
            "incircle axis swap"
        );
        let neg = |p: &[f64; 2]| p.map(|x| -x);
        assert_eq!(
            incircle(neg(&a2), neg(&b2), neg(&c2), neg(&d2)),
            want,
            "incircle negated"
        );
        let p: Vec<usize> = pm.iter().copied().filter(|&i| i < 4).collect();
        let pts = [a2, b2, c2, d2];
        let id4 = [ids[0], ids[1], ids[2], ids[3]];
        let par = perm_parity(&p);
        assert_eq!(
            incircle(pts[p[0]], pts[p[1]], pts[p[2]], pts[p[3]]),
            flip(want, par)
        );
        let os = incircle_sos(
            pts[p[0]],
            pts[p[1]],
            pts[p[2]],
            pts[p[3]],
            [id4[p[0]], id4[p[1]], id4[p[2]], id4[p[3]]],
        );
        assert_eq!(os, flip(ics, par), "incircle_sos permutation");
        assert_eq!(
            incircle_sos(&qp[0], &qp[1], &qp[2], &qp[3], id4),
            ics,
            "incircle_sos vs Q"
        );
    } else {
        assert_eq!(ic, Sign::Zero);
        assert_eq!(ics, Sign::Zero);
        assert!(try_incircle(a2, b2, c2, d2).is_err());
        assert_eq!(
            try_incircle(a2, b2, c2, d2).err(),
            points_error(&[&a2, &b2, &c2, &d2]),
            "try_incircle error"
        );
    }

    if fin3 {
        let qp: [[Q; 3]; 5] = [q3(&a), q3(&b), q3(&c), q3(&d), q3(&e)];
        let want = oracle::insphere_q(&qp);
        assert_eq!(is, want, "insphere {p3:?}");
        assert_eq!(try_insphere(a, b, c, d, e), Ok(want));
        assert_eq!(
            insphere(&qp[0], &qp[1], &qp[2], &qp[3], &qp[4]),
            want,
            "insphere Q"
        );
        if s.f32_mode {
            let f = |p: &[f64; 3]| f32s(p);
            assert_eq!(
                insphere(f(&a), f(&b), f(&c), f(&d), f(&e)),
                want,
                "insphere f32"
            );
        }
        check_sos(want, iss, 5, "insphere");
        let ax = |p: &[f64; 3]| [p[axes[0]], p[axes[1]], p[axes[2]]];
        assert_eq!(
            insphere(ax(&a), ax(&b), ax(&c), ax(&d), ax(&e)),
            flip(want, perm_odd(axes)),
            "insphere axis permutation {axes:?}"
        );
        let pts = [a, b, c, d, e];
        let par = odd;
        let os = insphere(pts[pm[0]], pts[pm[1]], pts[pm[2]], pts[pm[3]], pts[pm[4]]);
        assert_eq!(os, flip(want, par), "insphere permutation {pm:?}");
        let oss = insphere_sos(
            pts[pm[0]],
            pts[pm[1]],
            pts[pm[2]],
            pts[pm[3]],
            pts[pm[4]],
            [ids[pm[0]], ids[pm[1]], ids[pm[2]], ids[pm[3]], ids[pm[4]]],
        );
        assert_eq!(oss, flip(iss, par), "insphere_sos permutation");
        assert_eq!(
            insphere_sos(&qp[0], &qp[1], &qp[2], &qp[3], &qp[4], ids),
            iss,
            "insphere_sos vs Q"
        );
        let _ = distinct;
    } else {
        assert_eq!(is, Sign::Zero);
        assert_eq!(iss, Sign::Zero);
        assert!(try_insphere(a, b, c, d, e).is_err());
        assert_eq!(
            try_insphere(a, b, c, d, e).err(),
            points_error(&[&a, &b, &c, &d, &e]),
            "try_insphere error"
        );
    }

    // collinear3: the cross product (b − a) × (c − a) is exactly zero.
    if all_finite(a.iter().chain(&b).chain(&c)) {
        let (qa, qb, qc) = (q3(&a), q3(&b), q3(&c));
        let u: Vec<Q> = (0..3).map(|i| &qb[i] - &qa[i]).collect();
        let v: Vec<Q> = (0..3).map(|i| &qc[i] - &qa[i]).collect();
        let zero = (0..3).all(|i| {
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            &u[j] * &v[k] == &u[k] * &v[j]
        });
        assert_eq!(col, zero, "collinear3 {a:?} {b:?} {c:?}");
        let _ = q(0.0);
    } else {
        assert!(col, "collinear3 is documented true for non-finite input");
    }
});

/// Parity of a permutation given as a list (true for odd).
fn perm_parity(p: &[usize]) -> bool {
    let mut inv = 0;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            if p[i] > p[j] {
                inv += 1;
            }
        }
    }
    inv % 2 == 1
}
