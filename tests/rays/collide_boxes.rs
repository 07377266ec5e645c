//! Box contacts (`aabb_aabb_contact`, `obb_obb_contact`) against exact values in
//! rationals, never the code's own output.
//!
//! The judge ([`judge`]) works in the boxes' common frame, where both are axis-aligned
//! (the identity for AABBs; for OBBs sharing a rotation `R` with `RᵀR = L²I`, the
//! coordinates `y = Rx/L²`): from the exact first time `t*` (Gomez's times in rationals,
//! `sweep.rs`) it builds both boxes at `t*` and checks, exactly: the overlap flag; the
//! touching features (a face pair per axis whose intervals meet end to end); the approach
//! (the signs of the touching pairs' relative rates); the point on both surfaces within
//! `point_error`; the AABB region's corners within `region_error`; the normal separating
//! the boxes within its angle. It is called from the adversarial `sweep_accuracy`
//! property (offsets of `2^20`–`2^50`, scales `2^±500`, subnormal velocities, `f32`) and
//! from the constructions below (exact face/face, edge/edge, corner contacts and ties,
//! grazes, sliding, starts inside).

use isect::collide::{
    AabbContact, Approach, BoxFeature, BoxSide, ContactAxis, ObbContact, aabb_aabb_contact,
    obb_obb_contact,
};
use isect::sweep::TIME_ACCURACY;
use isect::{Aabb, Obb, Scalar};
use isect_testkit::q::{add, dot, q, q3 as rq, scale, sub};
use isect_testkit::{Q, Rng, cases};
use num_traits::{Signed, Zero};

use super::sweep::{V, aabb_times};
use super::sweep_accuracy::ROTATIONS;

/// Two boxes in their common frame, exactly: `[lo, hi]` at `u = 0` and displacements.
pub(crate) struct Frame {
    pub(crate) a: [V; 2],
    pub(crate) wa: V,
    pub(crate) b: [V; 2],
    pub(crate) wb: V,
    /// `R` (rows) and `L`: `y = R x / L²` (identity and 1 for AABBs).
    pub(crate) rot: [[f64; 3]; 3],
    pub(crate) l: f64,
}

/// What the two contact types share, for the judge.
pub(crate) struct Seen {
    /// The time (the exact value for rationals: set by the caller).
    pub(crate) time: Q,
    pub(crate) time_error: f64,
    pub(crate) point: [f64; 3],
    pub(crate) point_error: f64,
    pub(crate) normal: [f64; 3],
    pub(crate) normal_error: f64,
    pub(crate) features: [BoxFeature; 2],
    pub(crate) approach: Approach,
    pub(crate) overlapping: bool,
    pub(crate) region: Option<([[f64; 3]; 2], f64)>,
    /// OBB: a point of each surface within the bound; AABB: the region's centre.
    pub(crate) obb: bool,
}

/// The shared fields of an [`AabbContact`] or [`ObbContact`].
macro_rules! seen {
    ($c:expr, $region:expr, $obb:expr) => {
        Seen {
            time: q($c.time.to_f64()),
            time_error: $c.time_error,
            point: $c.point,
            point_error: $c.point_error,
            normal: $c.normal,
            normal_error: $c.normal_error,
            features: $c.features,
            approach: $c.approach,
            overlapping: $c.overlapping,
            region: $region,
            obb: $obb,
        }
    };
}

pub(crate) fn seen_aabb<T: Scalar>(c: &AabbContact<T>) -> Seen {
    seen!(c, Some((c.region, c.region_error)), false)
}

pub(crate) fn seen_obb<T: Scalar>(c: &ObbContact<T>) -> Seen {
    seen!(c, None, true)
}

fn at(p: &V, w: &V, t: &Q) -> V {
    add(p, &scale(w, t))
}

fn l1(x: &V) -> Q {
    x.iter().fold(Q::zero(), |s, c| s + c.abs())
}

/// The exact facts and bounds of a contact `c` of the boxes `f`, whose exact first time
/// is `t` (`what` names the case).
pub(crate) fn judge(c: &Seen, f: &Frame, t: &Q, what: &str) {
    assert!(
        c.time_error <= TIME_ACCURACY
            && &(&c.time - q(c.time_error)) <= t
            && t <= &(&c.time + q(c.time_error)),
        "{what}: time {} ± {} vs {t}",
        c.time,
        c.time_error
    );
    let ll = q(f.l) * q(f.l);
    let to_y = |x: &[f64; 3]| -> V {
        let x = rq(x);
        [0, 1, 2].map(|k| dot(&rq(&f.rot[k]), &x) / &ll)
    };
    let a = [at(&f.a[0], &f.wa, t), at(&f.a[1], &f.wa, t)];
    let b = [at(&f.b[0], &f.wb, t), at(&f.b[1], &f.wb, t)];
    let overlap0 = (0..3).all(|k| f.a[0][k] < f.b[1][k] && f.b[0][k] < f.a[1][k]);
    assert_eq!(c.overlapping, overlap0, "{what}: overlap flag");
    let e = q(c.point_error);
    assert!(c.point_error.is_finite(), "{what}: point bound");
    let y = to_y(&c.point);
    // Distance (in x units: L times the frame's) to a box's surface within e.
    let on_surface = |bx: &[V; 2]| {
        let mut out = Q::zero();
        let mut depth: Option<Q> = None;
        for k in 0..3 {
            let (lo, hi) = (&bx[0][k], &bx[1][k]);
            if &y[k] < lo {
                out += (lo - &y[k]) * (lo - &y[k]);
            } else if &y[k] > hi {
                out += (&y[k] - hi) * (&y[k] - hi);
            }
            let d = (&y[k] - lo).min(hi - &y[k]);
            depth = Some(depth.map_or(d.clone(), |x| x.min(d)));
        }
        let depth = depth.unwrap().max(Q::zero());
        &ll * out <= &e * &e && q(f.l) * depth <= e
    };
    let inside = |bx: &[V; 2]| {
        let mut out = Q::zero();
        for k in 0..3 {
            let (lo, hi) = (&bx[0][k], &bx[1][k]);
            let d = (lo - &y[k]).max(&y[k] - hi).max(Q::zero());
            out += &d * &d;
        }
        &ll * out <= &e * &e
    };
    if overlap0 && !c.obb {
        assert!(
            inside(&a) && inside(&b),
            "{what}: point {:?} not in the overlap",
            c.point
        );
    } else {
        assert!(
            on_surface(&a) && on_surface(&b),
            "{what}: point {:?} ± {} not on both surfaces at {t}",
            c.point,
            c.point_error
        );
    }
    // The region's corners (AABBs), exactly [max of lows, min of highs].
    if let Some((r, re)) = &c.region {
        for k in 0..3 {
            let lo = (&a[0][k]).max(&b[0][k]).clone();
            let hi = (&a[1][k]).min(&b[1][k]).clone();
            assert!(
                (q(r[0][k]) - lo).abs() <= q(*re) && (q(r[1][k]) - hi).abs() <= q(*re),
                "{what}: region {r:?} ± {re} on axis {k}"
            );
        }
    }
    if overlap0 {
        return;
    }
    // Touching face pairs, per axis, and their rates.
    let (mut fa, mut fb) = ([BoxSide::Span; 3], [BoxSide::Span; 3]);
    let (mut closing, mut opening) = (false, false);
    for k in 0..3 {
        let w = &f.wb[k] - &f.wa[k];
        let below = a[0][k] == b[1][k]; // b's max on a's min
        let above = a[1][k] == b[0][k];
        if below {
            fa[k] = BoxSide::Min;
            fb[k] = BoxSide::Max;
            closing |= w.is_positive();
            opening |= w.is_negative();
        }
        if above {
            if !below {
                fa[k] = BoxSide::Max;
                fb[k] = BoxSide::Min;
            }
            closing |= w.is_negative();
            opening |= w.is_positive();
        }
    }
    // The OBB features are the supporting features along the tight axes: in the common
    // frame, those of the touching face pairs; along a zero half extent an OBB reports
    // Span (its Min and Max coincide), so both sides are compared up to that.
    let flat = |bx: &[V; 2], k: usize| bx[0][k] == bx[1][k];
    let norm = |fs: [BoxFeature; 2]| {
        let mut fs = fs;
        for k in 0..3 {
            if c.obb && flat(&f.a, k) {
                fs[0].0[k] = BoxSide::Span;
            }
            if c.obb && flat(&f.b, k) {
                fs[1].0[k] = BoxSide::Span;
            }
        }
        fs
    };
    assert_eq!(
        norm(c.features),
        norm([BoxFeature(fa), BoxFeature(fb)]),
        "{what}: features"
    );
    let approach = match (closing, opening) {
        (true, false) => Approach::Approaching,
        (false, true) => Approach::Separating,
        _ => Approach::Resting,
    };
    assert_eq!(c.approach, approach, "{what}: approach");
    // The normal separates the boxes (a on its + side) within its angle.
    if c.normal_error < 0.1 {
        let n = rq(&c.normal);
        let rn: V = [0, 1, 2].map(|k| dot(&rq(&f.rot[k]), &n));
        let o: V = [0, 1, 2].map(|k| (&a[0][k] + &b[1][k]) / Q::from_integer(2.into()));
        let ext = |bx: &[V; 2], min: bool| {
            (0..3).fold(Q::zero(), |s, k| {
                let pick = (rn[k].is_positive()) == min;
                let v = if pick { &bx[0][k] } else { &bx[1][k] };
                s + (v - &o[k]) * &rn[k]
            })
        };
        let gap = ext(&a, true) - ext(&b, false);
        let d = l1(&sub(&a[1], &a[0])) + l1(&sub(&b[1], &b[0])) + l1(&sub(&a[0], &b[0]));
        let tol = (q(2.0 * c.normal_error) + q(1e-12)) * q(f.l) * d;
        assert!(
            gap >= -tol,
            "{what}: normal {:?} does not separate",
            c.normal
        );
    }
}

/// The frame of two AABBs.
pub(crate) fn aabb_frame(a: &Aabb<f64>, va: &[f64; 3], b: &Aabb<f64>, vb: &[f64; 3]) -> Frame {
    Frame {
        a: [rq(&a.min), rq(&a.max)],
        wa: rq(va),
        b: [rq(&b.min), rq(&b.max)],
        wb: rq(vb),
        rot: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        l: 1.0,
    }
}

/// The frame of two OBBs sharing the rotation `rot` (rows, `RᵀR = L²I`).
pub(crate) fn obb_frame(
    rot: &[[f64; 3]; 3],
    l: f64,
    a: &Obb<f64>,
    va: &[f64; 3],
    b: &Obb<f64>,
    vb: &[f64; 3],
) -> Frame {
    let ll = q(l) * q(l);
    let to = |x: &[f64; 3]| -> V {
        let x = rq(x);
        [0, 1, 2].map(|k| dot(&rq(&rot[k]), &x) / &ll)
    };
    let bx = |o: &Obb<f64>| {
        let c = to(&o.center);
        [sub(&c, &rq(&o.half_extents)), add(&c, &rq(&o.half_extents))]
    };
    Frame {
        a: bx(a),
        wa: to(va),
        b: bx(b),
        wb: to(vb),
        rot: *rot,
        l,
    }
}

/// The exact first time of the frame's boxes.
pub(crate) fn first_time(f: &Frame) -> Option<Q> {
    aabb_times(&f.a[0], &f.a[1], &f.b[0], &f.b[1], &sub(&f.wb, &f.wa)).map(|x| x.0)
}

// ---------------------------------------------------------------------------------------
// Constructions: b placed against a at u* = j/8 on chosen axes.

/// A pair touching first at `u* = j/8` on a chosen set of axes (face, edge or corner
/// contacts, with b's extent on the other axes chosen to overlap, to touch end to end, or
/// to graze), returned in the frame's integer units with the expectation.
struct Case {
    amin: [f64; 3],
    amax: [f64; 3],
    bmin: [f64; 3],
    bmax: [f64; 3],
    va: [f64; 3],
    vb: [f64; 3],
}

fn build(rng: &mut Rng) -> Case {
    let r = |rng: &mut Rng, lo: i64, hi: i64| rng.range(lo, hi) as f64;
    let amin = [0; 3].map(|_: i32| r(rng, -4, 4));
    let amax = [0, 1, 2].map(|k| amin[k] + r(rng, 1, 4));
    let j = r(rng, 0, 8) / 8.0;
    let w: [f64; 3] = [0; 3].map(|_: i32| r(rng, -6, 6));
    // b at u*: per axis, below a (touching a's min), above (touching a's max), or
    // overlapping; the touching axes are approached (w toward a) or at rest.
    let mut bmin = [0.0; 3];
    let mut bmax = [0.0; 3];
    let mut w = w;
    for k in 0..3 {
        let ext = r(rng, 0, 3);
        match rng.range(0, 3) {
            0 => {
                bmax[k] = amin[k];
                bmin[k] = amin[k] - ext;
                if rng.range(0, 3) > 0 {
                    w[k] = w[k].abs().max(1.0); // closing: b moves up into a
                } else if rng.range(0, 1) == 0 {
                    w[k] = 0.0;
                }
            }
            1 => {
                bmin[k] = amax[k];
                bmax[k] = amax[k] + ext;
                if rng.range(0, 3) > 0 {
                    w[k] = -w[k].abs().max(1.0);
                } else if rng.range(0, 1) == 0 {
                    w[k] = 0.0;
                }
            }
            _ => {
                bmin[k] = amin[k] + r(rng, -1, 1);
                bmax[k] = bmin[k] + ext + 1.0;
                if rng.range(0, 3) == 0 {
                    w[k] = 0.0;
                }
            }
        }
    }
    // Back to u = 0: a moves by va, b by vb = va + w.
    let va = [0; 3].map(|_: i32| r(rng, -2, 2));
    let vb = [0, 1, 2].map(|k| va[k] + w[k]);
    let back = |x: &[f64; 3], v: &[f64; 3]| [0, 1, 2].map(|k| x[k] - j * v[k]);
    let (amin0, amax0) = (back(&amin, &va), back(&amax, &va));
    let (bmin0, bmax0) = (back(&bmin, &vb), back(&bmax, &vb));
    Case {
        amin: amin0,
        amax: amax0,
        bmin: bmin0,
        bmax: bmax0,
        va,
        vb,
    }
}

/// Exact face/face, edge/edge and corner contacts, grazes, sliding and overlapping
/// starts, as AABBs and as OBBs in three rotated frames; scaled by `2^k` and moved far
/// from the origin; `f64`, `f32` and rationals. Every exact fact and bound is judged.
#[test]
fn box_contacts_known_by_construction() {
    let mut rng = Rng::new(1808);
    let mut kinds = std::collections::BTreeMap::new();
    for i in 0..cases(300) {
        let cs = build(&mut rng);
        let e = rng.range(-300, 300) as i32;
        let sc = 2f64.powi(e);
        let off = match rng.range(0, 2) {
            0 => 0.0,
            1 => 2f64.powi(rng.range(20, 50) as i32),
            _ => -(2f64.powi(rng.range(20, 40) as i32)),
        };
        let pos = |x: &[f64; 3]| x.map(|v| (v + off) * sc);
        let vel = |x: &[f64; 3]| x.map(|v| v * sc);
        let (a, b) = (
            Aabb::new(pos(&cs.amin), pos(&cs.amax)),
            Aabb::new(pos(&cs.bmin), pos(&cs.bmax)),
        );
        let (va, vb) = (vel(&cs.va), vel(&cs.vb));
        let what = format!("box {i}: {a:?} {va:?} {b:?} {vb:?}");
        let f = aabb_frame(&a, &va, &b, &vb);
        let Some(t) = first_time(&f) else {
            assert!(aabb_aabb_contact(&a, &va, &b, &vb).is_none(), "{what}");
            continue;
        };
        let c = aabb_aabb_contact(&a, &va, &b, &vb).expect(&what);
        judge(&seen_aabb(&c), &f, &t, &what);
        let dims = c.features[0]
            .0
            .iter()
            .filter(|s| **s != BoxSide::Span)
            .count();
        *kinds
            .entry(format!("{dims} {:?} {}", c.approach, c.overlapping))
            .or_insert(0) += 1;
        // f32 when representable.
        let to32 = |p: &[f64; 3]| {
            let x = p.map(|v| v as f32);
            (x.map(f64::from) == *p).then_some(x)
        };
        if let (Some(a0), Some(a1), Some(b0), Some(b1), Some(wa), Some(wb)) = (
            to32(&a.min),
            to32(&a.max),
            to32(&b.min),
            to32(&b.max),
            to32(&va),
            to32(&vb),
        ) {
            let c32 = aabb_aabb_contact(&Aabb::new(a0, a1), &wa, &Aabb::new(b0, b1), &wb);
            judge(
                &seen_aabb(&c32.expect(&what)),
                &f,
                &t,
                &format!("{what}: f32"),
            );
        }
        if i % 4 == 0 {
            let qa = Aabb::new(rq(&a.min), rq(&a.max));
            let qb = Aabb::new(rq(&b.min), rq(&b.max));
            let cq = aabb_aabb_contact(&qa, &rq(&va), &qb, &rq(&vb)).expect(&what);
            assert_eq!(cq.time, t, "{what}: rational time");
            let mut sq = seen_aabb(&cq);
            sq.time = cq.time.clone();
            judge(&sq, &f, &t, &format!("{what}: rational"));
        }
        // The same pair as OBBs in a rotated frame: centre Rᵀm, axes the rows of R.
        let (rot, l) = ROTATIONS[rng.range(0, 2) as usize];
        let (rot, l) = (rot.map(|r| r.map(|x| x as f64)), l as f64);
        let rt = |y: &[f64; 3]| [0, 1, 2].map(|k| (0..3).map(|m| rot[m][k] * y[m]).sum::<f64>());
        let mk = |lo: &[f64; 3], hi: &[f64; 3]| {
            let c = [0, 1, 2].map(|k| (lo[k] + hi[k]) / 2.0);
            let h = [0, 1, 2].map(|k| (hi[k] - lo[k]) / 2.0);
            Obb::new(rt(&c), rot, h)
        };
        let (oa, ob) = (mk(&a.min, &a.max), mk(&b.min, &b.max));
        let (wa, wb) = (rt(&va), rt(&vb));
        let fo = obb_frame(&rot, l, &oa, &wa, &ob, &wb);
        let Some(to) = first_time(&fo) else {
            continue; // (rounding of R^T m may move far boxes apart)
        };
        let what = format!("{what}: obb {oa:?} {wa:?} {ob:?} {wb:?}");
        let co = obb_obb_contact(&oa, &wa, &ob, &wb).expect(&what);
        judge(&seen_obb(&co), &fo, &to, &what);
        // Touching: the point found is a common point, up to rounding (not just within a
        // large bound).
        let size = |o: &Obb<f64>, w: &[f64; 3]| {
            let s: f64 = o.center.iter().chain(w).map(|x| x.abs()).sum();
            s + l * o.half_extents.iter().sum::<f64>()
        };
        if !co.overlapping {
            let tight = 1e-9 * (size(&oa, &wa) + size(&ob, &wb));
            assert!(
                co.point_error <= tight,
                "{what}: point bound {}",
                co.point_error
            );
        }
        assert!(
            co.axes.iter().all(|x| !matches!(x, ContactAxis::Flat)),
            "{what}: {:?}",
            co.axes
        );
    }
    // Faces, edges, corners; impacts, rests and grazes; overlapping starts.
    assert!(kinds.len() >= 8, "{kinds:?}");
}
