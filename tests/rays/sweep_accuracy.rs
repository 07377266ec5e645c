//! Sweep times worth building on: on motions built to hurt, every bound a sweep reports is
//! at most `isect::sweep::TIME_ACCURACY` (`2⁻²⁰`; for rays, times `max(1, t)`), the exact
//! time lies within it, and the touch answer is the exact one.
//!
//! The exact times come from the independent oracles of `sweep.rs` (exact squared
//! distances along the relative path, Gomez's per-axis times in rationals, exact sign
//! conditions against the algebraic roots), never from the code under test.
//!
//! The motions: the grazing, vertex/edge/face and random cases of `sweep.rs` (exact
//! contacts at dyadic times), then scaled by `2^k` with `|k|` up to 500 and 1000 (tiny
//! inputs whose float error tracking underflows, huge ones), moved by offsets of
//! `2^20`–`2^50` times their size, with velocities made subnormal or `2^20`–`2^40` times
//! faster (tunnelling), and one coordinate moved by one ulp; each in `f64` and rounded to
//! `f32`. The box cases also judge the box contacts (`collide_boxes::judge`: exact facts,
//! point, region and normal bounds in rationals).

use super::collide_boxes::{aabb_frame, judge, obb_frame, seen_aabb, seen_obb};
use super::sweep::{
    TRIPLES3, TriCase, V, aabb_times, add_f, capsule_contact, check_by_points, check_quadratic,
    graze_ss, graze_tri, ivec, path_seg2, path_tri2, perm, point_seg2, point_tri2, random_ss,
    scale_f, ss_oracle, ss_quadratic, sub_f,
};
use isect::collide::{aabb_aabb_contact, obb_obb_contact, sphere_polygon_contact};
use isect::sweep::{
    Capsule, SweepHit, TIME_ACCURACY, ray_capsule, sweep_aabb_aabb, sweep_obb_obb,
    sweep_sphere_plane, sweep_sphere_polygon, sweep_sphere_sphere, sweep_sphere_triangle,
};
use isect::{Aabb, Obb, Plane, Polygon, Ray, Scalar, Sphere, Triangle};
use isect_testkit::float::mul_pow2_f64;
use isect_testkit::q::{add, dot, q, q3 as rq, scale, sub};
use isect_testkit::{Q, Rng, cases};

/// How a base case is made to hurt.
#[derive(Clone, Copy, Debug)]
struct Hurt {
    /// Every length times `2^k`.
    k: i32,
    /// Velocities times a further `2^kv` (subnormal, or tunnelling).
    kv: i32,
    /// An offset added to every position (`2^20`–`2^50` times the size), or none.
    offset: Option<[f64; 3]>,
    /// Move one position coordinate by one ulp (`±1`), or not (`0`).
    nudge: i32,
    /// Round every input to `f32` and sweep in `f32`.
    f32: bool,
}

fn hurt(rng: &mut Rng) -> Hurt {
    let k = match rng.range(0, 7) {
        0 | 1 => 0,
        2 => -500,
        3 => 500,
        4 => -(rng.range(250, 1000) as i32),
        5 => rng.range(-500, 500) as i32,
        _ => -(rng.range(60, 300) as i32),
    };
    let kv = match rng.range(0, 5) {
        // Subnormal velocities: about 2^-1060 whatever the scale.
        0 => -1060 - k - rng.range(0, 10) as i32,
        // Tunnelling speeds (kept finite).
        1 => rng.range(20, 40) as i32,
        _ => 0,
    };
    let offset = (rng.range(0, 1) == 0).then(|| {
        [0; 3].map(|_: i32| {
            let m = rng.range(20, 50) as i32;
            let odd = (2 * rng.range(0, 64) + 1) as f64;
            let s = if rng.range(0, 1) == 0 { 1.0 } else { -1.0 };
            mul_pow2_f64(s * odd, m + k)
        })
    });
    let nudge = rng.range(-1, 1) as i32;
    Hurt {
        k,
        kv,
        offset,
        nudge,
        f32: rng.range(0, 3) == 0,
    }
}

impl Hurt {
    fn len(&self, x: f64) -> f64 {
        self.round(mul_pow2_f64(x, self.k))
    }
    fn pos(&self, p: &[f64; 3]) -> [f64; 3] {
        let p = p.map(|x| mul_pow2_f64(x, self.k));
        let p = match &self.offset {
            Some(o) => add_f(&p, o),
            None => p,
        };
        p.map(|x| self.round(x))
    }
    /// The first position, nudged by one ulp (in the sweep's own type).
    fn pos_nudged(&self, p: &[f64; 3]) -> [f64; 3] {
        let mut p = self.pos(p);
        p[0] = match (self.nudge, self.f32) {
            (0, _) => p[0],
            (n, true) => f64::from(if n > 0 {
                (p[0] as f32).next_up()
            } else {
                (p[0] as f32).next_down()
            }),
            (n, false) => {
                if n > 0 {
                    p[0].next_up()
                } else {
                    p[0].next_down()
                }
            }
        };
        p
    }
    fn vel(&self, v: &[f64; 3]) -> [f64; 3] {
        v.map(|x| self.round(mul_pow2_f64(x, self.k + self.kv)))
    }
    /// The value the sweep sees: rounded to `f32` if the case is in `f32`.
    fn round(&self, x: f64) -> f64 {
        if self.f32 { f64::from(x as f32) } else { x }
    }
    fn finite(&self, xs: &[f64]) -> bool {
        xs.iter().all(|x| x.is_finite())
    }
}

fn f32s(p: &[f64; 3]) -> [f32; 3] {
    p.map(|x| x as f32)
}

fn hit64<T: Scalar>(h: Option<SweepHit<T>>) -> Option<SweepHit<f64>> {
    h.map(|h| SweepHit {
        first: h.first.to_f64(),
        last: h.last.to_f64(),
        first_error: h.first_error,
        last_error: h.last_error,
    })
}

/// The bounds are within the guarantee (`scale`: `max(1, t)` for rays, else 1).
fn assert_accurate(h: &Option<SweepHit<f64>>, ray: bool, what: &str) {
    if let Some(h) = h {
        let s = |t: f64| if ray { t.abs().max(1.0) } else { 1.0 };
        assert!(
            h.first_error <= TIME_ACCURACY * s(h.first)
                && h.last_error <= TIME_ACCURACY * s(h.last),
            "{what}: bound too wide {h:?}"
        );
    }
}

/// Counts of the cases run and touching, for the coverage assertions.
#[derive(Default)]
struct Count {
    run: u32,
    touch: u32,
}

impl Count {
    fn add(&mut self, h: &Option<SweepHit<f64>>) {
        self.run += 1;
        self.touch += u32::from(h.is_some());
    }
    fn check(&self, what: &str) {
        assert!(
            self.touch < self.run && self.touch * 8 > self.run,
            "{what}: {} run, {} touch",
            self.run,
            self.touch
        );
    }
}

#[test]
fn sphere_sphere_times_within_accuracy() {
    let mut rng = Rng::new(181);
    let mut count = Count::default();
    for i in 0..cases(400) {
        let (a, va, b, vb) = if rng.range(0, 3) == 0 {
            random_ss(&mut rng)
        } else {
            graze_ss(&mut rng)
        };
        let h = hurt(&mut rng);
        let (ca, cb) = (h.pos_nudged(&a.center), h.pos(&b.center));
        let (ra, rb) = (h.len(a.radius), h.len(b.radius));
        let (va, vb) = (h.vel(&va), h.vel(&vb));
        if !h.finite(&[ca, cb, va, vb].concat()) || !h.finite(&[ra, rb]) {
            continue;
        }
        let (a, b) = (Sphere::new(ca, ra), Sphere::new(cb, rb));
        let what = format!("ss {i} {h:?}: {a:?} {va:?} {b:?} {vb:?}");
        let hit = if h.f32 {
            hit64(sweep_sphere_sphere(
                &Sphere::new(f32s(&ca), ra as f32),
                &f32s(&va),
                &Sphere::new(f32s(&cb), rb as f32),
                &f32s(&vb),
            ))
        } else {
            sweep_sphere_sphere(&a, &va, &b, &vb)
        };
        assert_eq!(hit.is_some(), ss_oracle(&a, &va, &b, &vb), "{what}: touch");
        let (qa, qb, qc) = ss_quadratic(&a, &va, &b, &vb);
        check_quadratic(&hit, &qa, &qb, &qc, &what);
        assert_accurate(&hit, false, &what);
        count.add(&hit);
        // Rationals: the exact path's bounds too.
        if i % 4 == 0 {
            let qs = |s: &Sphere<f64>| Sphere::new(rq(&s.center), q(s.radius));
            let hq = sweep_sphere_sphere(&qs(&a), &rq(&va), &qs(&b), &rq(&vb));
            assert_eq!(hq.is_some(), hit.is_some(), "{what}: rational");
            if let Some(hq) = &hq {
                assert!(
                    hq.first_error <= TIME_ACCURACY && hq.last_error <= TIME_ACCURACY,
                    "{what}: rational {hq:?}"
                );
            }
        }
    }
    count.check("sphere/sphere");
}

#[test]
fn sphere_plane_times_within_accuracy() {
    let mut rng = Rng::new(182);
    let mut count = Count::default();
    for i in 0..cases(300) {
        let t = TRIPLES3[rng.range(0, 5) as usize];
        let n = perm(
            &[t[0] as f64, t[1] as f64, t[2] as f64],
            rng.range(0, 47) as usize,
        );
        let m = rng.range(1, 16) as f64 / 8.0;
        let side = if rng.range(0, 1) == 0 { 1.0 } else { -1.0 };
        // The plane through x0; the centre at distance r at u* = j/8.
        let x0 = ivec(&mut rng, 4);
        let cstar = add_f(&x0, &scale_f(&n, side * m));
        let w = match rng.range(0, 2) {
            0 => scale_f(&n, -side * rng.range(1, 3) as f64), // towards the plane
            1 => scale_f(&n, side * rng.range(1, 3) as f64),  // away after touching
            _ => ivec(&mut rng, 4),
        };
        let j = rng.range(0, 8) as f64 / 8.0;
        let c = sub_f(&cstar, &scale_f(&w, j));
        let h = hurt(&mut rng);
        // The plane n·x + d = 0 through the hurt x0 (n stays small integers).
        let x0h = h.pos(&x0);
        if !h.finite(&x0h) {
            continue;
        }
        let d = h.round(-dot(&rq(&n), &rq(&x0h)).to_f64());
        let (c, r, vs) = (h.pos_nudged(&c), h.len(t[3] as f64 * m), h.vel(&w));
        let vp = h.vel(&ivec(&mut rng, 1));
        let vs = add_f(&vs, &vp).map(|x| h.round(x));
        if !h.finite(&[c, vs, vp].concat()) || !h.finite(&[r, d]) {
            continue;
        }
        let what = format!("plane {i} {h:?}: {c:?} {r} {vs:?} {n:?} {d} {vp:?}");
        let hit = if h.f32 {
            hit64(sweep_sphere_plane(
                &Sphere::new(f32s(&c), r as f32),
                &f32s(&vs),
                &Plane::new(f32s(&n), d as f32),
                &f32s(&vp),
            ))
        } else {
            sweep_sphere_plane(&Sphere::new(c, r), &vs, &Plane::new(n, d), &vp)
        };
        // Oracle: s(u) = s0 + u·s1, touching iff s(u)² ≤ r²·n·n.
        let qn = rq(&n);
        let s0 = dot(&qn, &rq(&c)) + q(d);
        let s1 = dot(&qn, &sub(&rq(&vs), &rq(&vp)));
        let rr = q(r) * q(r) * dot(&qn, &qn);
        check_quadratic(&hit, &(&s1 * &s1), &(&s0 * &s1), &(&s0 * &s0 - &rr), &what);
        assert_accurate(&hit, false, &what);
        count.add(&hit);
    }
    count.check("sphere/plane");
}

/// `x` in the triangle case, hurt.
fn hurt_tri(c: &TriCase, h: &Hurt) -> Option<TriCase> {
    let s = Sphere::new(h.pos_nudged(&c.s.center), h.len(c.s.radius));
    let tri = c.tri.map(|p| h.pos(&p));
    let (vs, vt) = (h.vel(&c.vs), h.vel(&c.vt));
    let ok = h.finite(&[s.center, vs, vt, tri[0], tri[1], tri[2]].concat()) && s.radius.is_finite();
    ok.then_some(TriCase { s, vs, tri, vt })
}

#[test]
fn sphere_triangle_and_polygon_times_within_accuracy() {
    let mut rng = Rng::new(183);
    let (mut tri_count, mut poly_count) = (Count::default(), Count::default());
    let mut poly_points = 0;
    for i in 0..cases(300) {
        let base = graze_tri(&mut rng);
        let h = hurt(&mut rng);
        let Some(c) = hurt_tri(&base, &h) else {
            continue;
        };
        let what = format!("tri {i} {h:?}: {:?} {:?} {:?} {:?}", c.s, c.vs, c.tri, c.vt);
        let hit = if h.f32 {
            hit64(sweep_sphere_triangle(
                &Sphere::new(f32s(&c.s.center), c.s.radius as f32),
                &f32s(&c.vs),
                &Triangle::new(f32s(&c.tri[0]), f32s(&c.tri[1]), f32s(&c.tri[2])),
                &f32s(&c.vt),
            ))
        } else {
            sweep_sphere_triangle(
                &c.s,
                &c.vs,
                &Triangle::new(c.tri[0], c.tri[1], c.tri[2]),
                &c.vt,
            )
        };
        let p = rq(&c.s.center);
        let d = sub(&rq(&c.vs), &rq(&c.vt));
        let t: [V; 3] = c.tri.map(|v| rq(&v));
        let rr = q(c.s.radius) * q(c.s.radius);
        assert_eq!(hit.is_some(), path_tri2(&p, &d, &t) <= rr, "{what}: touch");
        if let Some(hh) = &hit {
            let inside = |u: &Q| point_tri2(&add(&p, &scale(&d, u)), &t) <= rr;
            check_by_points(hh, &inside, Some(1.0), &what);
        }
        assert_accurate(&hit, false, &what);
        tri_count.add(&hit);

        // The parallelogram on the same triangle, as a polygon (its fan: two triangles).
        let fourth = sub_f(&add_f(&c.tri[1], &c.tri[2]), &c.tri[0]).map(|x| h.round(x));
        if !h.finite(&fourth) {
            continue;
        }
        let poly = vec![c.tri[0], c.tri[1], fourth, c.tri[2]];
        let hit = if h.f32 {
            hit64(sweep_sphere_polygon(
                &Sphere::new(f32s(&c.s.center), c.s.radius as f32),
                &f32s(&c.vs),
                &Polygon::new(poly.iter().map(f32s).collect()),
                &f32s(&c.vt),
            ))
        } else {
            sweep_sphere_polygon(&c.s, &c.vs, &Polygon::new(poly.clone()), &c.vt)
        };
        let qp: Vec<V> = poly.iter().map(rq).collect();
        let fan = |j: usize| [qp[0].clone(), qp[j].clone(), qp[j + 1].clone()];
        let touch = (1..3).any(|j| path_tri2(&p, &d, &fan(j)) <= rr);
        assert_eq!(hit.is_some(), touch, "{what}: polygon touch");
        if let Some(hh) = &hit {
            // The fan of a parallelogram is convex or flat: one interval.
            let inside = |u: &Q| {
                let x = add(&p, &scale(&d, u));
                (1..3).any(|j| point_tri2(&x, &fan(j)) <= rr)
            };
            check_by_points(hh, &inside, Some(1.0), &format!("{what}: polygon"));
        }
        assert_accurate(&hit, false, &format!("{what}: polygon"));
        poly_count.add(&hit);
        // The contact: the sweep's time; the point on the moving fan and on the sphere at
        // that time, within its bound plus the motion over the time's bound (the exact
        // contact point y* at t* is on both: |point − y*| ≤ point_error, |y*(t̃) − y*| ≤
        // |t̃ − t*|·|v|).
        let contact = if h.f32 {
            sphere_polygon_contact(
                &Sphere::new(f32s(&c.s.center), c.s.radius as f32),
                &f32s(&c.vs),
                &Polygon::new(poly.iter().map(f32s).collect()),
                &f32s(&c.vt),
            )
            .map(|k| {
                (
                    k.time.to_f64(),
                    k.time_error,
                    k.point,
                    k.point_error,
                    k.overlapping,
                )
            })
        } else {
            sphere_polygon_contact(&c.s, &c.vs, &Polygon::new(poly.clone()), &c.vt)
                .map(|k| (k.time, k.time_error, k.point, k.point_error, k.overlapping))
        };
        assert_eq!(contact.is_some(), touch, "{what}: polygon contact");
        if let (Some((t, te, pt, pe, over)), Some(hh)) = (contact, &hit) {
            assert_eq!((t, te), (hh.first, hh.first_error), "{what}: contact time");
            // (Overlapping at the start, the point is on the sphere towards the polygon.)
            assert!(pe.is_finite(), "{what}: contact point bound {pe}");
            if !over {
                let (vt, vs) = (rq(&c.vt), rq(&c.vs));
                let l1 = |v: &V| v.iter().fold(q(0.0), |s, x| s + num_traits::Signed::abs(x));
                let slack = |v: &V| q(pe) + q(te) * l1(v);
                let x = sub(&rq(&pt), &scale(&vt, &q(t)));
                let e = slack(&vt);
                assert!(
                    (1..3).any(|j| point_tri2(&x, &fan(j)) <= &e * &e),
                    "{what}: contact point {pt:?} ± {pe} off the polygon"
                );
                let cu = add(&rq(&c.s.center), &scale(&vs, &q(t)));
                let dd = sub(&rq(&pt), &cu);
                let r = q(c.s.radius) + slack(&vs);
                assert!(
                    dot(&dd, &dd) <= &r * &r,
                    "{what}: contact point off the sphere"
                );
                poly_points += 1;
            }
        }
    }
    tri_count.check("sphere/triangle");
    poly_count.check("sphere/polygon");
    assert!(
        poly_points * 3 > poly_count.touch,
        "{poly_points} contact points checked"
    );
}

/// A rotation-and-scale shared by both boxes: `R` with orthogonal rows of equal length
/// `L` (`Rᵀ R = L² I`), so a box `c + R·diag(h)·s` is, in the coordinates
/// `y = R x / L²`, the axis-aligned box `R c / L² ± h`.
pub(crate) const ROTATIONS: [([[i64; 3]; 3], i64); 3] = [
    ([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 1),
    ([[3, 4, 0], [-4, 3, 0], [0, 0, 5]], 5),
    ([[2, 3, 6], [3, -6, 2], [6, 2, -3]], 7),
];

#[test]
fn box_times_within_accuracy() {
    let mut rng = Rng::new(184);
    let (mut aabb_count, mut obb_count) = (Count::default(), Count::default());
    for i in 0..cases(300) {
        let h = hurt(&mut rng);
        // Boxes touching at exact dyadic times: b's face meets a's at u* = j/8.
        let amin0 = ivec(&mut rng, 3);
        let ext = [0; 3].map(|_: i32| rng.range(0, 6) as f64);
        let amax0 = add_f(&amin0, &ext);
        let w = ivec(&mut rng, 8);
        let j = rng.range(0, 8) as f64 / 8.0;
        let bext = [0; 3].map(|_: i32| rng.range(0, 6) as f64);
        // b at u* = j/8 sits at a small integer gap from a's upper corner: its faces
        // meet a's at exact dyadic times.
        let bmin0 = sub_f(&add_f(&amax0, &ivec(&mut rng, 2)), &scale_f(&w, j));
        let bmax0 = add_f(&bmin0, &bext);
        let va0 = ivec(&mut rng, 2);
        let vb0 = add_f(&va0, &w);
        let (amin, amax) = (h.pos_nudged(&amin0), h.pos(&amax0));
        let (bmin, bmax) = (h.pos(&bmin0), h.pos(&bmax0));
        let (va, vb) = (h.vel(&va0), h.vel(&vb0));
        let nonempty = (0..3).all(|k| amin[k] <= amax[k] && bmin[k] <= bmax[k]);
        if !h.finite(&[amin, amax, bmin, bmax, va, vb].concat()) || !nonempty {
            continue; // (the nudge may empty a flat box)
        }
        let what = format!("aabb {i} {h:?}: {amin:?} {amax:?} {va:?} {bmin:?} {bmax:?} {vb:?}");
        let hit = if h.f32 {
            hit64(sweep_aabb_aabb(
                &Aabb::new(f32s(&amin), f32s(&amax)),
                &f32s(&va),
                &Aabb::new(f32s(&bmin), f32s(&bmax)),
                &f32s(&vb),
            ))
        } else {
            sweep_aabb_aabb(&Aabb::new(amin, amax), &va, &Aabb::new(bmin, bmax), &vb)
        };
        let (qva, qvb) = (rq(&va), rq(&vb));
        let exact = aabb_times(
            &rq(&amin),
            &rq(&amax),
            &rq(&bmin),
            &rq(&bmax),
            &sub(&qvb, &qva),
        );
        check_times(&hit, &exact, &what);
        aabb_count.add(&hit);
        // The contact: its exact facts and bounds judged in rationals.
        let (ba, bb) = (Aabb::new(amin, amax), Aabb::new(bmin, bmax));
        let contact = if h.f32 {
            let b32 = |b: &Aabb<f64>| Aabb::new(f32s(&b.min), f32s(&b.max));
            aabb_aabb_contact(&b32(&ba), &f32s(&va), &b32(&bb), &f32s(&vb)).map(|c| seen_aabb(&c))
        } else {
            aabb_aabb_contact(&ba, &va, &bb, &vb).map(|c| seen_aabb(&c))
        };
        assert_eq!(contact.is_some(), exact.is_some(), "{what}: contact");
        if let (Some(c), Some((t, _))) = (&contact, &exact) {
            judge(
                c,
                &aabb_frame(&ba, &va, &bb, &vb),
                t,
                &format!("{what}: contact"),
            );
        }

        // The same boxes in a rotated frame, as OBBs sharing the rotation R: the frame
        // box `y ∈ [m − e, m + e]` is the OBB with centre `Rᵀ m`, axes the rows of R and
        // half extents `e`; velocities `Rᵀ v`.
        let (rot, l) = ROTATIONS[rng.range(0, 2) as usize];
        let rot = rot.map(|r| r.map(|x| x as f64));
        let rt = |y: &[f64; 3]| [0, 1, 2].map(|k| (0..3).map(|m| rot[m][k] * y[m]).sum::<f64>());
        let h2 = hurt(&mut rng);
        let mk = |lo: &[f64; 3], e: &[f64; 3]| -> Option<Obb<f64>> {
            let half = e.map(|x| x / 2.0);
            let o = Obb::new(h2.pos(&rt(&add_f(lo, &half))), rot, half.map(|x| h2.len(x)));
            h2.finite(&[o.center, o.half_extents].concat()).then_some(o)
        };
        let (Some(a), Some(b)) = (mk(&amin0, &ext), mk(&bmin0, &bext)) else {
            continue;
        };
        let (va, vb) = (h2.vel(&rt(&va0)), h2.vel(&rt(&vb0)));
        if !h2.finite(&[va, vb].concat()) {
            continue;
        }
        let what = format!("obb {i} {h2:?}: {a:?} {va:?} {b:?} {vb:?}");
        let o32 = |o: &Obb<f64>| {
            Obb::new(
                f32s(&o.center),
                o.axes.map(|r| f32s(&r)),
                f32s(&o.half_extents),
            )
        };
        let hit = if h2.f32 {
            hit64(sweep_obb_obb(&o32(&a), &f32s(&va), &o32(&b), &f32s(&vb)))
        } else {
            sweep_obb_obb(&a, &va, &b, &vb)
        };
        // Gomez's times in the boxes' common frame, exactly.
        let f = obb_frame(&rot, l as f64, &a, &va, &b, &vb);
        let exact = aabb_times(&f.a[0], &f.a[1], &f.b[0], &f.b[1], &sub(&f.wb, &f.wa));
        check_times(&hit, &exact, &what);
        obb_count.add(&hit);
        let contact = if h2.f32 {
            obb_obb_contact(&o32(&a), &f32s(&va), &o32(&b), &f32s(&vb)).map(|c| seen_obb(&c))
        } else {
            obb_obb_contact(&a, &va, &b, &vb).map(|c| seen_obb(&c))
        };
        assert_eq!(contact.is_some(), exact.is_some(), "{what}: contact");
        if let (Some(c), Some((t, _))) = (&contact, &exact) {
            judge(c, &f, t, &format!("{what}: contact"));
        }
    }
    aabb_count.check("aabb/aabb");
    obb_count.check("obb/obb");
}

/// Touch answers equal, exact times within the (accurate) bounds.
fn check_times(hit: &Option<SweepHit<f64>>, exact: &Option<(Q, Q)>, what: &str) {
    assert_eq!(hit.is_some(), exact.is_some(), "{what}: touch");
    assert_accurate(hit, false, what);
    if let (Some(h), Some((f, l))) = (hit, exact) {
        let within = |x: &Q, t: f64, e: f64| &(q(t) - q(e)) <= x && x <= &(q(t) + q(e));
        assert!(
            within(f, h.first, h.first_error) && within(l, h.last, h.last_error),
            "{what}: {h:?}"
        );
    }
}

#[test]
fn ray_capsule_times_within_accuracy() {
    let mut rng = Rng::new(185);
    let mut count = Count::default();
    for i in 0..cases(300) {
        let (cstar, d, r) = capsule_contact(&mut rng);
        let tstar = rng.range(0, 40) as f64 / 4.0;
        let origin = sub_f(&cstar, &scale_f(&d, tstar));
        let h = hurt(&mut rng);
        let (o, dir) = (h.pos_nudged(&origin), h.vel(&d));
        let (s0, s1, r) = (h.pos(&[0.0; 3]), h.pos(&[32.0, 0.0, 0.0]), h.len(r));
        if !h.finite(&[o, dir, s0, s1].concat()) || !r.is_finite() {
            continue;
        }
        let what = format!("capsule {i} {h:?}: {o:?} {dir:?} {s0:?} {s1:?} {r}");
        let hit = if h.f32 {
            hit64(ray_capsule(
                &Ray::new(f32s(&o), f32s(&dir)),
                &Capsule::new(f32s(&s0), f32s(&s1), r as f32),
            ))
        } else {
            ray_capsule(&Ray::new(o, dir), &Capsule::new(s0, s1, r))
        };
        let (qo, qd, qa, qb) = (rq(&o), rq(&dir), rq(&s0), rq(&s1));
        let rr = q(r) * q(r);
        let touch = if dir == [0.0; 3] {
            point_seg2(&qo, &qa, &qb) <= rr
        } else {
            path_seg2(&qo, &qd, &qa, &qb, true) <= rr
        };
        assert_eq!(hit.is_some(), touch, "{what}: touch");
        let inside = |u: &Q| point_seg2(&add(&qo, &scale(&qd, u)), &qa, &qb) <= rr;
        // The largest finite time of the type: times beyond it are reported as +∞.
        let max = if h.f32 { f64::from(f32::MAX) } else { f64::MAX };
        match &hit {
            Some(hh) if dir != [0.0; 3] && hh.last.is_infinite() => {
                // Still touching at the largest time; the first time is beyond it too,
                // or accurate.
                if hh.first.is_infinite() {
                    let qmax = scale(&qd, &q(max));
                    assert!(
                        path_seg2(&qo, &qmax, &qa, &qb, false) > rr,
                        "{what}: {hh:?}"
                    );
                } else {
                    assert!(inside(&q(max)), "{what}: {hh:?}");
                    let s = hh.first.max(1.0);
                    assert!(hh.first_error <= TIME_ACCURACY * s, "{what}: {hh:?}");
                    let (x0, x1) = (
                        q(hh.first) - q(hh.first_error),
                        q(hh.first) + q(hh.first_error),
                    );
                    assert!(
                        inside(&x1) && (x0 <= q(0.0) || !inside(&x0)),
                        "{what}: {hh:?}"
                    );
                }
            }
            Some(hh) if dir != [0.0; 3] => {
                check_by_points(hh, &inside, None, &what);
                assert_accurate(&hit, true, &what);
            }
            _ => assert_accurate(&hit, true, &what),
        }
        count.add(&hit);
    }
    count.check("ray/capsule");
}
