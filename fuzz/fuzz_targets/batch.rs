//! The batch predicates (`orient2d_batch` … `insphere_batch`, the `_many` forms) against
//! the one-call predicates, row by row: the one-call predicates are checked against the
//! Bareiss oracle by the `predicates` target, so agreement here is exactness. Rows are
//! decoded by the shared `Src` (degenerate, 1-ulp, scaled, subnormal and non-finite
//! values), 0 to 40 of them (every position in a chunk of sixteen, the groups of four
//! after the last chunk and the tail), in `f64`,
//! and in `f32` in `f32` mode; the shared-point forms reuse the first row's points. Each
//! form runs on slices of points and on `Axes` (one slice per coordinate).
#![no_main]

use isect::predicates::{
    incircle_batch, incircle_many, insphere_batch, insphere_many, orient2d_batch, orient2d_many,
    orient3d_batch, orient3d_many, Axes,
};
use isect::{incircle, insphere, orient2d, orient3d, Scalar, Sign};
use isect_fuzz::Src;
use libfuzzer_sys::fuzz_target;

/// Every predicate's batch and shared-point forms on `rows` (five 3D points a row; the 2D
/// predicates take their x and y), against the one-call predicates.
fn check<T: Scalar + Copy>(rows: &[[[T; 3]; 5]]) {
    let n = rows.len();
    let col3 = |k: usize| -> Vec<[T; 3]> { rows.iter().map(|r| r[k]).collect() };
    let col2 = |k: usize| -> Vec<[T; 2]> { rows.iter().map(|r| [r[k][0], r[k][1]]).collect() };
    let (a3, b3, c3, d3, e3) = (col3(0), col3(1), col3(2), col3(3), col3(4));
    let (a2, b2, c2, d2) = (col2(0), col2(1), col2(2), col2(3));
    let mut out = vec![Sign::Zero; n];
    let same = |what: &str, out: &[Sign], one: &dyn Fn(usize) -> Sign| {
        for (i, &s) in out.iter().enumerate() {
            assert_eq!(s, one(i), "{what}: row {i} of {n}");
        }
    };

    orient2d_batch(&a2[..], &b2[..], &c2[..], &mut out).unwrap();
    same("orient2d_batch", &out, &|i| orient2d(a2[i], b2[i], c2[i]));
    orient3d_batch(&a3[..], &b3[..], &c3[..], &d3[..], &mut out).unwrap();
    same("orient3d_batch", &out, &|i| {
        orient3d(a3[i], b3[i], c3[i], d3[i])
    });
    incircle_batch(&a2[..], &b2[..], &c2[..], &d2[..], &mut out).unwrap();
    same("incircle_batch", &out, &|i| {
        incircle(a2[i], b2[i], c2[i], d2[i])
    });
    insphere_batch(&a3[..], &b3[..], &c3[..], &d3[..], &e3[..], &mut out).unwrap();
    same("insphere_batch", &out, &|i| {
        insphere(a3[i], b3[i], c3[i], d3[i], e3[i])
    });

    // The same rows as one slice per coordinate.
    let ax = |k: usize, j: usize| -> Vec<T> { rows.iter().map(|r| r[k][j]).collect() };
    let soa: [[Vec<T>; 3]; 5] = core::array::from_fn(|k| core::array::from_fn(|j| ax(k, j)));
    let a3x = |k: usize| Axes::new([&soa[k][0][..], &soa[k][1][..], &soa[k][2][..]]).unwrap();
    let a2x = |k: usize| Axes::new([&soa[k][0][..], &soa[k][1][..]]).unwrap();
    orient2d_batch(a2x(0), a2x(1), a2x(2), &mut out).unwrap();
    same("orient2d_batch on axes", &out, &|i| {
        orient2d(a2[i], b2[i], c2[i])
    });
    orient3d_batch(a3x(0), a3x(1), a3x(2), a3x(3), &mut out).unwrap();
    same("orient3d_batch on axes", &out, &|i| {
        orient3d(a3[i], b3[i], c3[i], d3[i])
    });
    incircle_batch(a2x(0), a2x(1), a2x(2), a2x(3), &mut out).unwrap();
    same("incircle_batch on axes", &out, &|i| {
        incircle(a2[i], b2[i], c2[i], d2[i])
    });
    insphere_batch(a3x(0), a3x(1), a3x(2), a3x(3), a3x(4), &mut out).unwrap();
    same("insphere_batch on axes", &out, &|i| {
        insphere(a3[i], b3[i], c3[i], d3[i], e3[i])
    });

    if n == 0 {
        return;
    }
    orient2d_batch(&a2[0], &b2[0], a2x(2), &mut out).unwrap();
    same("orient2d on axes, shared line", &out, &|i| {
        orient2d(a2[0], b2[0], c2[i])
    });
    orient3d_batch(&a3[0], &b3[0], &c3[0], a3x(3), &mut out).unwrap();
    same("orient3d on axes, shared plane", &out, &|i| {
        orient3d(a3[0], b3[0], c3[0], d3[i])
    });
    orient2d_many(&a2[0], &b2[0], &c2, &mut out).unwrap();
    same("orient2d_many", &out, &|i| orient2d(a2[0], b2[0], c2[i]));
    orient3d_many(&a3[0], &b3[0], &c3[0], &d3, &mut out).unwrap();
    same("orient3d_many", &out, &|i| {
        orient3d(a3[0], b3[0], c3[0], d3[i])
    });
    incircle_many(&a2[0], &b2[0], &c2[0], &d2, &mut out).unwrap();
    same("incircle_many", &out, &|i| {
        incircle(a2[0], b2[0], c2[0], d2[i])
    });
    insphere_many(&a3[0], &b3[0], &c3[0], &d3[0], &e3, &mut out).unwrap();
    same("insphere_many", &out, &|i| {
        insphere(a3[0], b3[0], c3[0], d3[0], e3[i])
    });
    // A short slice is an error, and nothing is written.
    if n > 1 {
        let mut out = vec![Sign::Positive; n];
        assert!(orient3d_batch(&a3[..], &b3[1..], &c3[..], &d3[..], &mut out).is_err());
        assert!(out.iter().all(|&s| s == Sign::Positive));
    }
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    let n = s.below(41);
    let rows: Vec<[[f64; 3]; 5]> = (0..n).map(|_| core::array::from_fn(|_| s.pt3())).collect();
    if s.f32_mode {
        let rows32: Vec<[[f32; 3]; 5]> = rows
            .iter()
            .map(|r| r.map(|p| p.map(|x| x as f32)))
            .collect();
        check(&rows32);
    } else {
        check(&rows);
    }
});
