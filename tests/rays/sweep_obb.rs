//! The OBB/OBB sweep on float boxes in general position, where its `f64` fast path
//! decides (`proofs/sweep.md`, section 7.1), against an independent oracle: the dynamic
//! separating-axis test over the 15 exact cross products in rationals (valid when one box
//! is solid, which the generators ensure), never the code under test.
//!
//! The motions are aimed at the fast path's decisions: contacts moved to exactly `u = 0`
//! or `u = 1` and then rounded (touching, just missing or just overlapping at an end),
//! boxes of one rotation in a local integer frame (two slabs crossing at the same time),
//! edges exactly parallel (a zero cross product) or one ulp away from parallel, scales
//! `2^k` with `|k|` up to 700 (past the fast path's range on purpose), mixed magnitudes
//! and `f32` copies.

use isect::Obb;
use isect::sweep::{SweepHit, TIME_ACCURACY, sweep_obb_obb};
use isect_testkit::q::{add, cross, dot, q, q3, scale, sub};
use isect_testkit::scenes::random_rotation;
use isect_testkit::{Q, Rng, RngExt, cases};
use num_traits::{Signed, Zero};

type B = (Obb<f64>, [f64; 3], Obb<f64>, [f64; 3]);

/// Columns of a rotation as box axes.
fn axes(rng: &mut Rng) -> [[f64; 3]; 3] {
    let r = random_rotation(rng);
    core::array::from_fn(|i| core::array::from_fn(|k| r[k][i]))
}

fn qbox(o: &Obb<f64>) -> ([[Q; 3]; 3], [Q; 3], [Q; 3]) {
    (o.axes.map(|a| q3(&a)), o.half_extents.map(q), q3(&o.center))
}

fn solid(o: &Obb<f64>) -> bool {
    let (g, h, _) = qbox(o);
    h.iter().all(Q::is_positive) && !dot(&g[0], &cross(&g[1], &g[2])).is_zero()
}

/// The exact contact interval `[first, last]` of two translating boxes: on every axis
/// `L = gₚ × g_q` (zero ones carry no facet), the times with `|s₀ + u·s₁| ≤ R_L`,
/// intersected with `[0, 1]`. Exact when the Minkowski difference is solid.
fn oracle(a: &Obb<f64>, va: &[f64; 3], b: &Obb<f64>, vb: &[f64; 3]) -> Option<(Q, Q)> {
    let ((ga, ha, ca), (gb, hb, cb)) = (qbox(a), qbox(b));
    let g: Vec<&[Q; 3]> = ga.iter().chain(&gb).collect();
    let h: Vec<&Q> = ha.iter().chain(&hb).collect();
    let d = sub(&cb, &ca);
    let w = sub(&q3(vb), &q3(va));
    let (mut lo, mut hi) = (Q::zero(), Q::from_integer(1.into()));
    for p in 0..6 {
        for r in p + 1..6 {
            let l = cross(g[p], g[r]);
            if l.iter().all(Zero::is_zero) {
                continue;
            }
            let rad = (0..6).fold(Q::zero(), |s, m| s + h[m] * dot(g[m], &l).abs());
            let (s0, s1) = (dot(&d, &l), dot(&w, &l));
            if s1.is_zero() {
                if s0.abs() > rad {
                    return None;
                }
                continue;
            }
            let t1 = (-&rad - &s0) / &s1;
            let t2 = (&rad - &s0) / &s1;
            let (e, x) = if t1 <= t2 { (t1, t2) } else { (t2, t1) };
            lo = lo.max(e);
            hi = hi.min(x);
            if lo > hi {
                return None;
            }
        }
    }
    Some((lo, hi))
}

fn obb(c: [f64; 3], ax: [[f64; 3]; 3], h: [f64; 3]) -> Obb<f64> {
    Obb::new(c, ax, h)
}

fn random_case(rng: &mut Rng) -> B {
    let a = obb(rng.point_in(0.0, 4.0), axes(rng), rng.point_in(0.2, 1.0));
    let b = obb(rng.point_in(0.0, 4.0), axes(rng), rng.point_in(0.2, 1.0));
    (a, rng.point_in(-4.0, 4.0), b, rng.point_in(-4.0, 4.0))
}

/// `x` rounded to `f64` (nearest).
fn f(x: &Q) -> f64 {
    isect::Scalar::to_f64(x)
}

/// A touching case with its first contact moved to `u = 1` (velocities scaled) or to
/// `u = 0` (b's centre moved along the motion), then rounded: an end decision within an
/// ulp or so.
fn end_case(rng: &mut Rng) -> B {
    loop {
        let (a, va, mut b, mut vb) = random_case(rng);
        let Some((first, _)) = oracle(&a, &va, &b, &vb) else {
            continue;
        };
        if first.is_zero() {
            continue;
        }
        if rng.next_bool() {
            let (qa, qb) = (q3(&va), q3(&vb));
            let (va2, vb2) = (scale(&qa, &first), scale(&qb, &first));
            return (a, va2.each_ref().map(f), b, vb2.each_ref().map(f));
        }
        let moved = add(&q3(&b.center), &scale(&sub(&q3(&vb), &q3(&va)), &first));
        b.center = moved.each_ref().map(f);
        if rng.next_bool() {
            vb = [0.0; 3];
        }
        return (a, va, b, vb);
    }
}

/// One rotation for both boxes, integer offsets and extents in its frame, moving along a
/// diagonal of the frame: two or three slabs are crossed at the same time (up to the
/// rounding of the rotation into world coordinates).
fn tie_case(rng: &mut Rng) -> B {
    let r = axes(rng);
    let world = |p: [f64; 3]| -> [f64; 3] {
        core::array::from_fn(|k| (0..3).map(|i| r[i][k] * p[i]).sum::<f64>())
    };
    let ha = [0; 3].map(|_| rng.range(1, 4) as f64);
    let hb = [0; 3].map(|_| rng.range(1, 4) as f64);
    // b starts at gap g on every axis (a diagonal contact), moving by -2g per step.
    let gap: [f64; 3] = core::array::from_fn(|k| ha[k] + hb[k] + rng.range(1, 4) as f64);
    let mut dir = [0; 3].map(|_| if rng.next_bool() { 1.0 } else { -1.0 });
    if rng.next_bool() {
        dir[rng.range(0, 2) as usize] = 0.0;
    }
    let cb: [f64; 3] = core::array::from_fn(|k| dir[k] * gap[k]);
    let v: [f64; 3] = core::array::from_fn(|k| -2.0 * dir[k] * (gap[k] - ha[k] - hb[k]));
    (
        obb([0.0; 3], r, ha),
        [0.0; 3],
        obb(world(cb), r, hb),
        world(v),
    )
}

/// Edges exactly parallel (b shares, negates or doubles one of a's axes) or one ulp off.
fn parallel_case(rng: &mut Rng) -> B {
    let (a, va, mut b, vb) = random_case(rng);
    let (i, j) = (rng.range(0, 2) as usize, rng.range(0, 2) as usize);
    let s = [1.0, -1.0, 2.0, 0.5][rng.range(0, 3) as usize];
    b.axes[j] = a.axes[i].map(|x| s * x);
    if rng.range(0, 3) == 0 {
        let k = rng.range(0, 2) as usize;
        b.axes[j][k] = if rng.next_bool() {
            b.axes[j][k].next_up()
        } else {
            b.axes[j][k].next_down()
        };
    }
    if rng.range(0, 4) == 0 {
        // Both boxes axis-aligned: every mixed pair of parallel axes is an exact zero.
        let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let (mut a, mut b) = (a, b);
        a.axes = id;
        b.axes = id;
        return (a, va, b, vb);
    }
    (a, va, b, vb)
}

fn scaled(c: B, k: i32) -> B {
    let s = isect_testkit::float::mul_pow2_f64;
    let p = |x: [f64; 3]| x.map(|v| s(v, k));
    let o = |b: &Obb<f64>| obb(p(b.center), b.axes, p(b.half_extents));
    (o(&c.0), p(c.1), o(&c.2), p(c.3))
}

fn hit64(h: Option<SweepHit<f32>>) -> Option<SweepHit<f64>> {
    h.map(|h| SweepHit {
        first: h.first as f64,
        last: h.last as f64,
        first_error: h.first_error,
        last_error: h.last_error,
    })
}

fn within(x: &Q, t: f64, e: f64) -> bool {
    &(q(t) - q(e)) <= x && x <= &(q(t) + q(e))
}

fn check(c: &B, hit: &Option<SweepHit<f64>>, what: &str) {
    let (a, va, b, vb) = c;
    let exact = oracle(a, va, b, vb);
    assert_eq!(
        hit.is_some(),
        exact.is_some(),
        "{what}: touch {hit:?} {exact:?}"
    );
    if let (Some(h), Some((lo, hi))) = (hit, &exact) {
        assert!(
            h.first_error <= TIME_ACCURACY && h.last_error <= TIME_ACCURACY,
            "{what}: bound {h:?}"
        );
        assert!(
            within(lo, h.first, h.first_error) && within(hi, h.last, h.last_error),
            "{what}: {h:?}, exact {} {}",
            f(lo),
            f(hi)
        );
    }
}

#[test]
fn obb_sweep_against_exact_slabs() {
    let mut rng = Rng::new(1717);
    let (mut yes, mut no) = (0u32, 0u32);
    for i in 0..cases(600) {
        let kind = rng.range(0, 3);
        let base = match kind {
            0 => random_case(&mut rng),
            1 => end_case(&mut rng),
            2 => tie_case(&mut rng),
            _ => parallel_case(&mut rng),
        };
        let k = match rng.range(0, 5) {
            0..=2 => 0,
            3 => rng.range(-90, 90) as i32,
            4 => rng.range(-700, 700) as i32,
            _ => [99, 100, 101, -99, -100][rng.range(0, 4) as usize],
        };
        let mut c = scaled(base, k);
        if rng.range(0, 8) == 0 {
            // Mixed magnitudes: one box tiny next to the other's unit size.
            let t = rng.range(-900, -100) as i32;
            c.2.half_extents =
                c.2.half_extents
                    .map(|h| isect_testkit::float::mul_pow2_f64(h, t));
        }
        let all = [
            c.0.center,
            c.0.half_extents,
            c.1,
            c.2.center,
            c.2.half_extents,
            c.3,
        ];
        if !all.iter().flatten().all(|x| x.is_finite()) || !(solid(&c.0) || solid(&c.2)) {
            continue;
        }
        let what = format!("case {i} kind {kind} k {k}: {c:?}");
        let hit = sweep_obb_obb(&c.0, &c.1, &c.2, &c.3);
        check(&c, &hit, &what);
        let swapped = sweep_obb_obb(&c.2, &c.3, &c.0, &c.1);
        assert_eq!(swapped.is_some(), hit.is_some(), "{what}: swapped");
        if hit.is_some() {
            yes += 1;
        } else {
            no += 1;
        }
        // The same boxes rounded to f32, against the oracle on the f32 values.
        let r = |p: [f64; 3]| p.map(|x| x as f32);
        let o32 = |o: &Obb<f64>| Obb::new(r(o.center), o.axes.map(r), r(o.half_extents));
        let (a32, b32) = (o32(&c.0), o32(&c.2));
        let back = |o: &Obb<f32>| {
            let w = |p: [f32; 3]| p.map(f64::from);
            obb(w(o.center), o.axes.map(w), w(o.half_extents))
        };
        let c64 = (
            back(&a32),
            r(c.1).map(f64::from),
            back(&b32),
            r(c.3).map(f64::from),
        );
        let all = [
            c64.0.center,
            c64.0.half_extents,
            c64.2.center,
            c64.2.half_extents,
        ];
        if all.iter().flatten().all(|x| x.is_finite())
            && c64.1.iter().chain(&c64.3).all(|x| x.is_finite())
            && (solid(&c64.0) || solid(&c64.2))
        {
            let h32 = hit64(sweep_obb_obb(&a32, &r(c.1), &b32, &r(c.3)));
            check(&c64, &h32, &format!("{what} (f32)"));
        }
    }
    assert!(yes > cases(600) / 5 && no > cases(600) / 5, "{yes} {no}");
}

/// Boxes whose axes are coplanar or all parallel (`det = 0`): the 15 cross products are
/// all normal to the plane or all zero, so they alone would take two boxes far apart for
/// touching; the difference is flat or a segment and needs the engine's extra axes.
#[test]
fn obb_sweep_degenerate_axes() {
    let x = [[1.0, 0.0, 0.0], [2.0, 0.0, 0.0], [-1.0, 0.0, 0.0]];
    let a = obb([0.0; 3], x, [1.0, 0.5, 0.25]);
    let b = obb([0.0, 5.0, 1.0], x, [0.5, 0.5, 0.5]);
    assert_eq!(sweep_obb_obb(&a, &[1.0; 3], &b, &[3.0, 1.0, 1.0]), None);
    // Sliding along their common line: reaches 2.25 and 2, so they touch from u = 3.75/8.
    let b = obb([8.0, 0.0, 0.0], x, [0.5, 0.5, 0.5]);
    let hit = sweep_obb_obb(&a, &[0.0; 3], &b, &[-8.0, 0.0, 0.0]).unwrap();
    assert_eq!((hit.first, hit.last), (3.75 / 8.0, 1.0));

    let a = obb(
        [0.0; 3],
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]],
        [1.0, 1.0, 0.5],
    );
    let b = obb(
        [10.0, 0.0, 0.0],
        [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [1.0, 0.0, 0.0]],
        [1.0, 0.5, 0.25],
    );
    let v = [0.0, 4.0, 0.0];
    assert_eq!(sweep_obb_obb(&a, &[0.0; 3], &b, &v), None);
    assert_eq!(sweep_obb_obb(&a, &v, &b, &[0.0; 3]), None);
    // Moving b onto a: a's reach along x is 1 + 0.5 = 1.5, b's 1 + 0.5 + 0.25 = 1.75, so
    // they first touch when b's centre is at x = 3.25, u = 6.75/20.
    let hit = sweep_obb_obb(&a, &[0.0; 3], &b, &[-20.0, 0.0, 0.0]).unwrap();
    assert!(
        (hit.first - 6.75 / 20.0).abs() <= hit.first_error.max(1e-15),
        "{hit:?}"
    );
}
