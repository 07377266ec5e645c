//! Contacts and bounces (`isect::collide`): a contact exists exactly when the sweep
//! touches; its time is in [0, 1] with an error bound of at most 2^-20; for sphere/sphere
//! the reported point lies on the first sphere at the reported time within
//! `point_error + |v_a|·time_error` (checked in rationals); the normal is a unit vector to
//! rounding unless declared undefined (`normal_error = π`). Bounces: the exact kinetic
//! energy never grows (one sphere against a static normal, and two spheres with masses,
//! in rationals); bad parameters are errors, never a panic.
#![no_main]

use isect::collide::{
    bounce_sphere, bounce_spheres, sphere_plane_contact, sphere_sphere_contact,
    sphere_triangle_contact, Bounce, Contact,
};
use isect::sweep::{sweep_sphere_plane, sweep_sphere_sphere, sweep_sphere_triangle};
use isect::{Plane, Sphere, Triangle};
use isect_fuzz::{dot, q, q3, Src, Q};
use libfuzzer_sys::fuzz_target;
use num_traits::Signed;

fn check_contact(c: &Contact<f64>) {
    assert!((0.0..=1.0).contains(&c.time), "time {c:?}");
    assert!(c.time_error <= 2f64.powi(-20), "time bound {c:?}");
    assert!(c.point_error >= 0.0 && c.normal_error >= 0.0, "{c:?}");
    if c.normal_error < core::f64::consts::PI && c.point_error.is_finite() {
        let n2: f64 = c.normal.iter().map(|x| x * x).sum();
        assert!((n2 - 1.0).abs() < 1e-9, "normal not unit: {c:?}");
    }
}

fn energy(v: &[f64; 3]) -> Q {
    let v = q3(v);
    dot(&v, &v)
}

fuzz_target!(|data: &[u8]| {
    let mut s = Src::new(data);
    match s.byte() % 5 {
        0 => {
            let (a, va) = (Sphere::new(s.pt3(), s.nonneg()), s.dir3());
            let (b, vb) = (Sphere::new(s.pt3(), s.nonneg()), s.dir3());
            let c = sphere_sphere_contact(&a, &va, &b, &vb);
            assert_eq!(c.is_some(), sweep_sphere_sphere(&a, &va, &b, &vb).is_some());
            let Some(c) = c else { return };
            check_contact(&c);
            // On the first sphere at the reported time, within the stated bounds.
            let (Some(t), Some(pe), Some(te)) = (
                Q::from_float(c.time),
                Q::from_float(c.point_error),
                Q::from_float(c.time_error),
            ) else {
                return;
            };
            if !c.point.iter().all(|x| x.is_finite()) {
                return;
            }
            let ca: Vec<Q> = (0..3).map(|k| q(a.center[k]) + &t * q(va[k])).collect();
            let p = q3(&c.point);
            let d: Vec<Q> = (0..3).map(|k| &p[k] - &ca[k]).collect();
            let dist2 = &d[0] * &d[0] + &d[1] * &d[1] + &d[2] * &d[2];
            let speed: Q = va.iter().map(|&x| q(x).abs()).fold(q(0.0), |s, x| s + x);
            let slack = pe + speed * te;
            let r = q(a.radius);
            let hi = &r + &slack;
            assert!(dist2 <= &hi * &hi, "point off sphere a (outside): {c:?}");
            if r > slack {
                let lo = &r - &slack;
                assert!(dist2 >= &lo * &lo, "point off sphere a (inside): {c:?}");
            }
        }
        1 => {
            let (a, va) = (Sphere::new(s.pt3(), s.nonneg()), s.dir3());
            let plane = Plane::new(s.dir3(), s.finite());
            let vp = s.dir3();
            let c = sphere_plane_contact(&a, &va, &plane, &vp);
            assert_eq!(
                c.is_some(),
                sweep_sphere_plane(&a, &va, &plane, &vp).is_some()
            );
            if let Some(c) = c {
                check_contact(&c);
            }
        }
        2 => {
            let (a, va) = (Sphere::new(s.pt3(), s.nonneg()), s.dir3());
            let tri = Triangle::new(s.pt3(), s.pt3(), s.pt3());
            let vt = s.dir3();
            let c = sphere_triangle_contact(&a, &va, &tri, &vt);
            assert_eq!(
                c.is_some(),
                sweep_sphere_triangle(&a, &va, &tri, &vt).is_some()
            );
            if let Some(c) = c {
                check_contact(&c);
            }
        }
        3 => {
            let (v, n) = (s.dir3(), s.dir3());
            let Ok(bounce) = Bounce::new(s.finite(), s.finite()) else {
                return;
            };
            if let Ok(w) = bounce_sphere(&v, &n, &bounce) {
                assert!(
                    energy(&w) <= energy(&v),
                    "energy grew: {v:?} {n:?} {bounce:?} -> {w:?}"
                );
            }
        }
        _ => {
            let (va, vb, n) = (s.dir3(), s.dir3(), s.dir3());
            let (ma, mb) = (s.nonneg(), s.nonneg());
            let Ok(bounce) = Bounce::new(s.finite(), s.finite()) else {
                return;
            };
            if let Ok((wa, wb)) = bounce_spheres(&va, ma, &vb, mb, &n, &bounce) {
                let (qa, qb) = (q(ma), q(mb));
                let before = &qa * energy(&va) + &qb * energy(&vb);
                let after = &qa * energy(&wa) + &qb * energy(&wb);
                assert!(
                    after <= before,
                    "energy grew: {va:?} {ma} {vb:?} {mb} {n:?} {bounce:?}"
                );
            }
        }
    }
});
