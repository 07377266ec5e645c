//! Unit tests of `face_pairs.rs`: two faces sharing one vertex, decided in integers
//! ([`one_shared_in_integers`]) and through the float entry point, against the same
//! faces in `BigRational` (exact rational orientations and the triangle test on the
//! segment read as a degenerate triangle: no integer stage).

use super::*;

use crate::oracle::Rng;
use crate::overlap::tri_tri_tests::{full, pow2, ulps};
use num_rational::BigRational;

type P = [f64; 3];

/// Faces `(w, a, b)` and `(w, c, d)` meet beyond `w`, in rationals.
fn want(w: &P, a: &P, b: &P, c: &P, d: &P) -> bool {
    let q = |p: &P| p.map(|x| BigRational::from_float(x).unwrap());
    let v = [q(w), q(a), q(b), q(c), q(d)];
    faces_meet(&v, [0, 1, 2], [0, 3, 4])
}

/// The integer path (when it answers) and the `f64` entry point, with the faces in both
/// orders, agree with the rationals; returns whether the integers answered.
fn check(w: &P, a: &P, b: &P, c: &P, d: &P) -> bool {
    let expect = want(w, a, b, c, d);
    let got = one_shared_in_integers(w, a, b, c, d);
    if let Some(g) = got {
        assert_eq!(g, expect, "integers: {w:?} {a:?} {b:?} {c:?} {d:?}");
    }
    let v = [*w, *a, *b, *c, *d];
    assert_eq!(faces_meet(&v, [0, 1, 2], [0, 3, 4]), expect, "{v:?}");
    assert_eq!(
        faces_meet(&v, [3, 0, 4], [1, 2, 0]),
        expect,
        "{v:?} swapped"
    );
    got.is_some()
}

/// Fans around a shared vertex, nearly flat at every exponent, each axis on its own:
/// the far vertices rounded points of the first face's plane, moved by an ulp or two,
/// the second face's edge through the first face or beside it; grid fans whose edge
/// touches the other face exactly (a vertex on an edge, an edge through the shared
/// vertex's opposite side); and flat grid fans (both far vertices in the plane), where
/// the integers leave the decision to the triangle test.
#[test]
fn one_shared_vertex_in_integers_matches_rationals() {
    let mut rng = Rng::new(0x0e_5ba7ed);
    let exps = [-964, -600, -40, 0, 30, 600, 1000];
    let (mut taken, mut cases, mut meet) = (0, 0, 0);
    for _ in 0..3000 {
        let e: [i32; 3] = core::array::from_fn(|_| *rng.pick(&exps));
        let pt = |rng: &mut Rng| -> P { core::array::from_fn(|k| full(rng, e[k])) };
        let (w, a, b) = (pt(&mut rng), pt(&mut rng), pt(&mut rng));
        let on = |rng: &mut Rng| -> P {
            let (s, t) = (rng.uniform(-1.0, 1.5), rng.uniform(-1.0, 1.5));
            core::array::from_fn(|k| w[k] + s * (a[k] - w[k]) + t * (b[k] - w[k]))
        };
        let (mut c, mut d) = (on(&mut rng), on(&mut rng));
        if rng.next_bool() {
            let k = rng.below(3);
            c[k] = ulps(c[k], *rng.pick(&[-2, -1, 1, 2]));
            let k = rng.below(3);
            d[k] = ulps(d[k], *rng.pick(&[-2, -1, 1]));
        }
        cases += 1;
        taken += usize::from(check(&w, &a, &b, &c, &d));
        meet += usize::from(want(&w, &a, &b, &c, &d));
    }
    assert!(taken * 10 > cases * 6, "integers {taken} of {cases}");
    assert!(meet > 100 && meet + 100 < cases, "{meet} of {cases} meet");
    // Grid fans with exact contacts: small integers times 2^s, c or d on an edge of the
    // first face, or on the line through w and a.
    let (mut grid_taken, mut grid_none) = (0, 0);
    for _ in 0..2000 {
        let s = rng.range(-900, 900) as i32;
        let g =
            |rng: &mut Rng| -> P { core::array::from_fn(|_| rng.range(-8, 9) as f64 * pow2(s)) };
        let (w, a, b) = (g(&mut rng), g(&mut rng), g(&mut rng));
        if collinear(&w, &a, &b) {
            continue;
        }
        let (mut c, mut d) = (g(&mut rng), g(&mut rng));
        match rng.below(5) {
            0 => c = core::array::from_fn(|k| (a[k] + b[k]) / 2.0),
            1 => c = core::array::from_fn(|k| 2.0 * w[k] - a[k]),
            2 => d = core::array::from_fn(|k| (w[k] + b[k]) / 2.0),
            3 => {
                // Both far vertices in the first face's plane: coplanar faces.
                c = core::array::from_fn(|k| a[k] + b[k] - w[k]);
                d = core::array::from_fn(|k| 2.0 * b[k] - w[k]);
            }
            _ => {}
        }
        if collinear(&w, &c, &d) {
            continue;
        }
        match one_shared_in_integers(&w, &a, &b, &c, &d) {
            Some(_) => grid_taken += 1,
            None => grid_none += 1,
        }
        check(&w, &a, &b, &c, &d);
    }
    assert!(
        grid_taken > 500 && grid_none > 20,
        "{grid_taken} {grid_none}"
    );
    // Non-finite coordinates are refused.
    let (w, a, b, c) = ([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.5, -0.5, 0.0]);
    for bad in [f64::NAN, f64::INFINITY] {
        assert_eq!(
            one_shared_in_integers(&w, &a, &b, &c, &[0.5, 0.5, bad]),
            None
        );
    }
}

/// The three points are collinear, in rationals.
fn collinear(a: &P, b: &P, c: &P) -> bool {
    crate::predicates::collinear3(a, b, c)
}
