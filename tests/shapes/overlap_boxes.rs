//! OBB/OBB, k-DOP and frustum tests (`isect::overlap::{obb_obb, kdop, frustum}`) against
//! independent exact oracles in `BigRational`.
//!
//! The oracles share no method with the library:
//!
//! * OBB/OBB: the separating-axis inequality `|D·L| > Σ hᵢ|aᵢ·L| + Σ kⱼ|bⱼ·L|` evaluated
//!   in rationals over a deliberately redundant set of about 140 directions (every
//!   generator, every coordinate axis, every pairwise cross product among those, and
//!   every `(u × v) × w`), with no case analysis on rank; cross-checked by brute force
//!   (a corner of one box inside the other by Cramer's rule, an edge of one crossing a
//!   face of the other) which must never find a common point of boxes the oracle calls
//!   disjoint;
//! * k-DOP: slab intervals computed as exact rational dot products of every point;
//! * frustum planes: rational row sums of the matrix; classifications: `n·x + d` at all
//!   eight corners (boxes) or the exact squared distance (spheres).
//!
//! Inputs: random (rounded rotations, never exactly orthonormal); exactly touching boxes
//! on dyadic grids (face, edge, corner contacts) and the same nudged by one ulp; parallel
//! and coplanar edges; flat, segment and point boxes; extreme exponents (`2^±1000`);
//! `f32`/`f64`/rational agreement. `ISECT_TEST_SCALE` multiplies the case counts.

#![allow(clippy::needless_range_loop)]

use isect::overlap::{obb_obb, obb_obb_gottschalk_with, try_obb_obb};
use isect::policy::Naive;
use isect::{InputError, NonFiniteValue, Obb};
use isect_testkit::q::{
    add as qadd, cross as qcross, det3, dot as qdot, q, q3, qi, scale, sub as qsub,
};
use isect_testkit::scenes::random_rotation;
use isect_testkit::{Q, Rng, config};
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;

type P = [f64; 3];
type Q3 = [Q; 3];

fn f32_exact(x: f64) -> bool {
    f64::from(x as f32) == x
}

/// The test kit's generator with the draws the generators below use.
struct G(Rng);
impl G {
    fn uni(&mut self, lo: f64, hi: f64) -> f64 {
        self.0.uniform(lo, hi)
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.0.range(lo, hi)
    }
    fn p(&mut self, lo: f64, hi: f64) -> P {
        [self.uni(lo, hi), self.uni(lo, hi), self.uni(lo, hi)]
    }
    fn coin(&mut self) -> bool {
        self.0.next_u64() & 1 == 1
    }
    fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        self.0.pick(xs).clone()
    }
}

// =======================================================================================
// OBB/OBB
// =======================================================================================

#[derive(Clone, Debug)]
struct B3 {
    c: P,
    ax: [P; 3],
    h: P,
}

impl B3 {
    fn obb<T: isect::Scalar>(&self, f: impl Fn(f64) -> T) -> Obb<T> {
        Obb::new(self.c.map(&f), self.ax.map(|a| a.map(&f)), self.h.map(&f))
    }
    fn all(&self) -> impl Iterator<Item = f64> + '_ {
        self.c
            .iter()
            .chain(self.ax.iter().flatten())
            .chain(self.h.iter())
            .copied()
    }
}

mod obb_oracle {
    use super::*;

    pub struct QB {
        pub c: Q3,
        pub ax: [Q3; 3],
        pub h: Q3,
    }

    pub fn qb(b: &B3) -> QB {
        QB {
            c: q3(&b.c),
            ax: b.ax.map(|a| q3(&a)),
            h: q3(&b.h),
        }
    }

    fn separates(a: &QB, b: &QB, l: &Q3) -> bool {
        let d = qsub(&b.c, &a.c);
        let mut r = Q::zero();
        for i in 0..3 {
            r += &a.h[i] * qdot(&a.ax[i], l).abs();
            r += &b.h[i] * qdot(&b.ax[i], l).abs();
        }
        qdot(&d, l).abs() > r
    }

    /// Disjoint iff one of a redundant set of directions separates.
    pub fn intersects(a: &QB, b: &QB) -> bool {
        let mut base: Vec<Q3> = a.ax.iter().chain(b.ax.iter()).cloned().collect();
        for k in 0..3 {
            let mut e = [Q::zero(), Q::zero(), Q::zero()];
            e[k] = Q::one();
            base.push(e);
        }
        let mut dirs = base.clone();
        for i in 0..base.len() {
            for j in i + 1..base.len() {
                dirs.push(qcross(&base[i], &base[j]));
            }
        }
        for i in 0..6 {
            for j in i + 1..6 {
                let n = qcross(&base[i], &base[j]);
                for w in base.iter().take(6) {
                    dirs.push(qcross(&n, w));
                }
            }
        }
        !dirs.iter().any(|l| separates(a, b, l))
    }

    fn corners(b: &QB) -> Vec<Q3> {
        let mut out = vec![];
        for m in 0..8 {
            let mut p = b.c.clone();
            for i in 0..3 {
                let s = if m >> i & 1 == 1 {
                    b.h[i].clone()
                } else {
                    -b.h[i].clone()
                };
                p = qadd(&p, &scale(&b.ax[i], &s));
            }
            out.push(p);
        }
        out
    }

    /// Solves `x·u + y·v + z·w = r` by Cramer's rule (None when singular).
    fn solve(u: &Q3, v: &Q3, w: &Q3, r: &Q3) -> Option<[Q; 3]> {
        let det = det3(u, v, w);
        if det.is_zero() {
            return None;
        }
        Some([
            det3(r, v, w) / &det,
            det3(u, r, w) / &det,
            det3(u, v, r) / &det,
        ])
    }

    /// A common point found by brute force (corner in box, edge through face), when the
    /// configuration is non-singular enough for it to look.
    pub fn brute_force_meets(a: &QB, b: &QB) -> bool {
        for (x, y) in [(a, b), (b, a)] {
            for p in corners(x) {
                if let Some(t) = solve(&y.ax[0], &y.ax[1], &y.ax[2], &qsub(&p, &y.c))
                    && (0..3).all(|j| t[j].abs() <= y.h[j])
                {
                    return true;
                }
            }
            // Edges of x along axis i through faces of y normal to axis j.
            let cs = corners(x);
            for i in 0..3 {
                for (m, p0) in cs.iter().enumerate() {
                    if m >> i & 1 == 1 {
                        continue;
                    }
                    let p1 = &cs[m | 1 << i];
                    let e = qsub(p1, p0);
                    for j in 0..3 {
                        let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
                        for s in [-1i64, 1] {
                            let fc = qadd(&y.c, &scale(&y.ax[j], &(qi(s) * &y.h[j])));
                            // p0 + w e = fc + u a_j1 + v a_j2
                            let r = qsub(p0, &fc);
                            let neg_e = scale(&e, &qi(-1));
                            if let Some([u, v, w]) = solve(&y.ax[j1], &y.ax[j2], &neg_e, &r)
                                && u.abs() <= y.h[j1]
                                && v.abs() <= y.h[j2]
                                && !w.is_negative()
                                && w <= Q::one()
                            {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    }
}

/// An exact integer frame (rows): signed permutations, 45° frames, skewed frames.
fn int_frame(g: &mut G) -> [P; 3] {
    let base: [P; 3] = match g.int(0, 3) {
        0 => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        1 => [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        2 => [[1.0, 1.0, 1.0], [1.0, -1.0, 0.0], [1.0, 1.0, -2.0]],
        _ => [[2.0, 1.0, 0.0], [0.0, 1.0, 1.0], [1.0, 0.0, 3.0]],
    };
    let perm = g.pick(&[
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ]);
    let cperm = g.pick(&[
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ]);
    let mut out = [[0.0; 3]; 3];
    for i in 0..3 {
        let s = if g.coin() { -1.0 } else { 1.0 };
        for k in 0..3 {
            out[i][k] = s * base[perm[i]][cperm[k]];
        }
    }
    out
}

/// A rounded random rotation, columns as axes (the transpose of the kit's).
fn rounded_rotation(g: &mut G) -> [P; 3] {
    let r = random_rotation(&mut g.0);
    std::array::from_fn(|i| std::array::from_fn(|k| r[k][i]))
}

fn dyadic_h(g: &mut G) -> P {
    [0, 1, 2].map(|_| g.int(1, 8) as f64 / 4.0)
}

/// A box `b` placed so that a corner, edge midpoint or face centre of it sits on a
/// boundary point of `a` (exact: integer frames, dyadic extents).
fn place_touching(g: &mut G, a: &B3, bax: [P; 3], bh: P) -> B3 {
    let mut p = a.c;
    let fixed = g.int(0, 2) as usize;
    for i in 0..3 {
        let u = if i == fixed {
            g.pick(&[-1.0, 1.0])
        } else {
            g.pick(&[-1.0, -0.5, 0.0, 0.5, 1.0])
        };
        for k in 0..3 {
            p[k] += u * a.h[i] * a.ax[i][k];
        }
    }
    let mut c = p;
    for j in 0..3 {
        let e = g.pick(&[-1.0, 0.0, 1.0]);
        for k in 0..3 {
            c[k] -= e * bh[j] * bax[j][k];
        }
    }
    B3 { c, ax: bax, h: bh }
}

fn nudge(g: &mut G, b: &mut B3) {
    let k = g.int(0, 2) as usize;
    b.c[k] = if g.coin() {
        b.c[k].next_up()
    } else {
        b.c[k].next_down()
    };
}

fn gen_obb_pair(g: &mut G, kind: u32) -> (B3, B3) {
    match kind {
        // Random: rounded rotations.
        0 => {
            let a = B3 {
                c: g.p(-1.0, 1.0),
                ax: rounded_rotation(g),
                h: g.p(0.1, 1.0),
            };
            let b = B3 {
                c: g.p(-1.0, 1.0),
                ax: rounded_rotation(g),
                h: g.p(0.1, 1.0),
            };
            (a, b)
        }
        // Exactly touching on dyadic grids, maybe nudged by an ulp.
        1 | 2 => {
            let a = B3 {
                c: [0, 1, 2].map(|_| g.int(-4, 4) as f64 / 2.0),
                ax: int_frame(g),
                h: dyadic_h(g),
            };
            let (bax, bh) = (int_frame(g), dyadic_h(g));
            let mut b = place_touching(g, &a, bax, bh);
            if kind == 2 {
                nudge(g, &mut b);
            }
            (a, b)
        }
        // Parallel edges: B's axes are A's, permuted, signed and scaled by powers of two.
        3 => {
            let a = B3 {
                c: [0.0; 3],
                ax: int_frame(g),
                h: dyadic_h(g),
            };
            let perm = g.pick(&[[0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 0, 2]]);
            let bax = perm.map(|i| {
                let s = g.pick(&[-2.0, -1.0, -0.5, 0.5, 1.0, 2.0]);
                a.ax[i].map(|x| s * x)
            });
            let bh = dyadic_h(g);
            let mut b = place_touching(g, &a, bax, bh);
            if g.coin() {
                nudge(g, &mut b);
            }
            (a, b)
        }
        // Flat, segment and point boxes; coplanar flat boxes.
        4 => {
            let mut a = B3 {
                c: [0.0; 3],
                ax: int_frame(g),
                h: dyadic_h(g),
            };
            let mut bax = int_frame(g);
            if g.coin() {
                // Coplanar: both flat in the plane of A's first two axes.
                bax[0] = a.ax[0];
                bax[1] = [0, 1, 2].map(|k| a.ax[0][k] + a.ax[1][k]);
            }
            let mut bh = dyadic_h(g);
            for h in a.h.iter_mut().chain(bh.iter_mut()) {
                if g.int(0, 2) == 0 {
                    *h = 0.0;
                }
            }
            a.h[2] = if g.coin() { 0.0 } else { a.h[2] };
            bh[2] = 0.0;
            let mut b = place_touching(g, &a, bax, bh);
            if g.coin() {
                // Dependent axes: a₂ = a₀ + a₁ (flat box with all extents non-zero).
                a.ax[2] = [0, 1, 2].map(|k| a.ax[0][k] + a.ax[1][k]);
            }
            let r = g.int(0, 2);
            if r == 0 {
                nudge(g, &mut b);
            } else if r == 1 {
                b.c = [0, 1, 2].map(|k| b.c[k] + g.int(-2, 2) as f64 / 8.0);
            }
            (a, b)
        }
        // Touching as far as f64 can tell: rounded rotations, B placed on A's boundary in
        // rounded arithmetic, then every coordinate of B's centre moved by up to four ulps.
        // The exact answer flips within the rounding error of the f64 filter, so an
        // unsound margin shows here.
        6 => {
            let a = B3 {
                c: g.p(-1.0, 1.0),
                ax: rounded_rotation(g),
                h: g.p(0.1, 1.0),
            };
            let bax = if g.coin() { a.ax } else { rounded_rotation(g) };
            let bh = g.p(0.1, 1.0);
            let mut b = place_touching(g, &a, bax, bh);
            for k in 0..3 {
                for _ in 0..g.int(0, 4) {
                    b.c[k] = if g.coin() {
                        b.c[k].next_up()
                    } else {
                        b.c[k].next_down()
                    };
                }
            }
            (a, b)
        }
        // Extreme exponents: a touching pair scaled by 2^k.
        _ => {
            let kind = [1, 2, 3, 4, 6][g.int(0, 4) as usize];
            let (a, b) = gen_obb_pair(g, kind);
            let k = g.int(-1000, 1000) as i32;
            let s = 2f64.powi(k);
            let scale_c = |x: &B3| B3 {
                c: x.c.map(|v| v * s),
                ax: x.ax,
                h: x.h.map(|v| v * s),
            };
            let scale_ax = |x: &B3| B3 {
                c: x.c.map(|v| v * s),
                ax: x.ax.map(|r| r.map(|v| v * s)),
                h: x.h,
            };
            if g.coin() {
                (scale_c(&a), scale_c(&b))
            } else {
                (scale_ax(&a), scale_ax(&b))
            }
        }
    }
}

fn check_obb(a: &B3, b: &B3) -> Result<(), TestCaseError> {
    if !a.all().chain(b.all()).all(f64::is_finite) {
        return Ok(());
    }
    let (qa, qb) = (obb_oracle::qb(a), obb_oracle::qb(b));
    let want = obb_oracle::intersects(&qa, &qb);
    if !want {
        prop_assert!(
            !obb_oracle::brute_force_meets(&qa, &qb),
            "oracle disagrees with brute force"
        );
    }
    let (fa, fb) = (a.obb(|x| x), b.obb(|x| x));
    prop_assert_eq!(obb_obb(&fa, &fb), want, "f64 {:?} {:?}", a, b);
    prop_assert_eq!(obb_obb(&fb, &fa), want, "swap");
    // Negating an axis describes the same box.
    let mut fa2 = fa.clone();
    fa2.axes[1] = fa2.axes[1].map(|x| -x);
    prop_assert_eq!(obb_obb(&fa2, &fb), want, "negated axis");
    let (ra, rb) = (a.obb(q), b.obb(q));
    prop_assert_eq!(obb_obb(&ra, &rb), want, "rational");
    if a.all().chain(b.all()).all(f32_exact) {
        let (sa, sb) = (a.obb(|x| x as f32), b.obb(|x| x as f32));
        prop_assert_eq!(obb_obb(&sa, &sb), want, "f32");
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn obb_obb_matches_oracle(seed in any::<u64>(), kind in 0u32..7) {
        let mut g = G(Rng::new(seed));
        let (a, b) = gen_obb_pair(&mut g, kind);
        check_obb(&a, &b)?;
    }

    #[test]
    fn obb_obb_classic_is_exact_on_orthonormal_rationals(seed in any::<u64>(), kind in 1u32..4) {
        let mut g = G(Rng::new(seed));
        let (mut a, mut b) = gen_obb_pair(&mut g, kind);
        // Signed permutation frames only: exactly orthonormal.
        for x in [&mut a, &mut b] {
            x.ax = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        }
        let want = obb_oracle::intersects(&obb_oracle::qb(&a), &obb_oracle::qb(&b));
        prop_assert_eq!(obb_obb_gottschalk_with(Naive, &a.obb(q), &b.obb(q)), want);
        prop_assert_eq!(obb_obb(&a.obb(|x| x), &b.obb(|x| x)), want);
    }
}

#[test]
fn obb_obb_coplanar_flat_squares_side_by_side() {
    // Two unit squares in z = 0, apart along x: every classic axis is z or zero.
    let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let a = Obb::new([0.0; 3], id, [1.0, 1.0, 0.0]);
    let b = Obb::new([3.0, 0.0, 0.0], id, [1.0, 1.0, 0.0]);
    assert!(!obb_obb(&a, &b));
    let b = Obb::new([2.0, 0.0, 0.0], id, [1.0, 1.0, 0.0]);
    assert!(obb_obb(&a, &b));
    // Segments side by side on one line, and two points.
    let s = Obb::new([0.0; 3], id, [1.0, 0.0, 0.0]);
    let t = Obb::new([2.0f64.next_up(), 0.0, 0.0], id, [1.0, 0.0, 0.0]);
    assert!(!obb_obb(&s, &t));
    let p = Obb::new([1.0, 2.0, 3.0], id, [0.0; 3]);
    assert!(obb_obb(&p, &p));
    assert!(!obb_obb(
        &p,
        &Obb::new([1.0, 2.0, 3.0f64.next_up()], id, [0.0; 3])
    ));
}

#[test]
fn obb_obb_parallel_edges_one_ulp_apart() {
    let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let rot = [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let a = Obb::new([0.0; 3], id, [1.0; 3]);
    // B's vertical edge (parallel to A's z edges) touches A's face x = 1.
    assert!(obb_obb(
        &a,
        &Obb::new([2.0, 0.0, 0.0], rot, [0.5, 0.5, 1.0])
    ));
    assert!(!obb_obb(
        &a,
        &Obb::new([2.0f64.next_up(), 0.0, 0.0], rot, [0.5, 0.5, 1.0])
    ));
    // Edge on edge: B's vertical edge on A's vertical edge at (1, 1).
    assert!(obb_obb(
        &a,
        &Obb::new([2.0, 1.0, 0.0], rot, [0.5, 0.5, 1.0])
    ));
}

#[test]
fn obb_obb_invalid_input() {
    let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let a = Obb::new([0.0; 3], id, [1.0; 3]);
    let neg = Obb::new([0.0; 3], id, [1.0, -1.0, 1.0]);
    assert!(!obb_obb(&a, &neg));
    assert_eq!(
        try_obb_obb(&a, &neg),
        Err(InputError::InvertedBox {
            argument: 1,
            axis: 1
        })
    );
    let inf = Obb::new(
        [0.0; 3],
        [[f64::INFINITY, 0.0, 0.0], id[1], id[2]],
        [1.0; 3],
    );
    assert!(!obb_obb(&a, &inf));
    assert_eq!(
        try_obb_obb(&inf, &a),
        Err(InputError::NonFinite {
            argument: 0,
            what: "axis",
            index: Some(0),
            axis: Some(0),
            value: NonFiniteValue::PosInfinity,
        })
    );
    let nan = Obb::new([0.0; 3], id, [f64::NAN; 3]);
    assert!(!obb_obb(&nan, &a));
    let _ = obb_obb_gottschalk_with(Naive, &nan, &a);
}

// =======================================================================================
// k-DOP
// =======================================================================================

mod kdop_oracle {
    use super::*;

    /// The directions, written out independently of the library.
    pub fn dirs(n: usize) -> Vec<[i64; 3]> {
        let axes = vec![[1, 0, 0], [0, 1, 0], [0, 0, 1]];
        let corners = vec![[1, 1, 1], [1, -1, 1], [1, 1, -1], [1, -1, -1]];
        let edges = vec![
            [1, 1, 0],
            [1, 0, 1],
            [0, 1, 1],
            [1, -1, 0],
            [1, 0, -1],
            [0, 1, -1],
        ];
        match n {
            3 => axes,
            7 => [axes, corners].concat(),
            9 => [axes, edges].concat(),
            _ => [axes, corners, edges].concat(),
        }
    }

    pub fn slabs(n: usize, pts: &[P]) -> Vec<(Q, Q)> {
        dirs(n)
            .iter()
            .map(|d| {
                let vals: Vec<Q> = pts
                    .iter()
                    .map(|p| (0..3).map(|k| qi(d[k]) * q(p[k])).sum::<Q>())
                    .collect();
                (
                    vals.iter().min().unwrap().clone(),
                    vals.iter().max().unwrap().clone(),
                )
            })
            .collect()
    }

    pub fn overlap(a: &[(Q, Q)], b: &[(Q, Q)]) -> bool {
        a.iter().zip(b).all(|(x, y)| x.0 <= y.1 && y.0 <= x.1)
    }
}

fn gen_points(g: &mut G, kind: u32) -> Vec<P> {
    let n = g.int(1, 6) as usize;
    let base = g.p(-2.0, 2.0);
    (0..n)
        .map(|_| match kind {
            0 => g.p(-1.0, 1.0),
            1 => [0, 1, 2].map(|_| g.int(-8, 8) as f64 / 4.0),
            2 => [0, 1, 2].map(|k| {
                let x = g.uni(-1.0, 1.0) * 2f64.powi(g.int(-60, 60) as i32);
                if g.coin() { base[k] } else { x }
            }),
            _ => {
                let e = g.int(-1000, 1000) as i32;
                [0, 1, 2].map(|_| g.int(-8, 8) as f64 * 2f64.powi(e + g.int(-40, 0) as i32))
            }
        })
        .collect()
}

fn check_kdop<const N: usize>(a: &[P], b: &[P]) -> Result<(), TestCaseError> {
    use isect::overlap::{Kdop, kdop_kdop};
    let (oa, ob) = (kdop_oracle::slabs(N, a), kdop_oracle::slabs(N, b));
    // Rationals: exact slabs.
    let qa: Vec<Q3> = a.iter().map(q3).collect();
    let qb: Vec<Q3> = b.iter().map(q3).collect();
    let ka = Kdop::<Q, N>::from_points(&qa).unwrap();
    let kb = Kdop::<Q, N>::from_points(&qb).unwrap();
    for i in 0..N {
        prop_assert_eq!(&ka.min[i], &oa[i].0);
        prop_assert_eq!(&ka.max[i], &oa[i].1);
    }
    let want = kdop_oracle::overlap(&oa, &ob);
    prop_assert_eq!(kdop_kdop(&ka, &kb), want);
    // f64: the tightest outward rounding of the exact slabs.
    let fa = Kdop::<f64, N>::from_points(a).unwrap();
    let fb = Kdop::<f64, N>::from_points(b).unwrap();
    let mut all_exact = true;
    for (k, o) in [(&fa, &oa), (&fb, &ob)] {
        for i in 0..N {
            let (lo, hi) = (&o[i].0, &o[i].1);
            prop_assert!(q(k.min[i]) <= *lo && q(k.max[i]) >= *hi);
            prop_assert!(
                k.min[i] == f64::MAX || q(k.min[i].next_up()) > *lo,
                "not tight"
            );
            prop_assert!(
                k.max[i] == -f64::MAX || q(k.max[i].next_down()) < *hi,
                "not tight"
            );
            all_exact &= q(k.min[i]) == *lo && q(k.max[i]) == *hi;
        }
    }
    let got = kdop_kdop(&fa, &fb);
    prop_assert_eq!(got, kdop_kdop(&fb, &fa));
    if want {
        prop_assert!(got, "f64 k-DOPs lost an overlap");
    }
    if all_exact {
        prop_assert_eq!(got, want);
    }
    // Every point is inside its own k-DOP; contains_point matches the rational slabs.
    for p in a {
        prop_assert!(fa.contains_point(p));
        prop_assert!(ka.contains_point(&q3(p)));
    }
    for p in b {
        let inside = (0..N).all(|i| {
            let v = (0..3)
                .map(|k| qi(kdop_oracle::dirs(N)[i][k]) * q(p[k]))
                .sum::<Q>();
            q(fa.min[i]) <= v && v <= q(fa.max[i])
        });
        prop_assert_eq!(fa.contains_point(p), inside);
    }
    // f32 agreement when the points are f32 values.
    if a.iter()
        .chain(b)
        .flatten()
        .all(|x| f32_exact(*x) && (*x == 0.0 || x.abs() > 1e-30))
    {
        let sa: Vec<[f32; 3]> = a.iter().map(|p| p.map(|x| x as f32)).collect();
        let sb: Vec<[f32; 3]> = b.iter().map(|p| p.map(|x| x as f32)).collect();
        let (ga, gb) = (
            Kdop::<f32, N>::from_points(&sa).unwrap(),
            Kdop::<f32, N>::from_points(&sb).unwrap(),
        );
        for i in 0..N {
            prop_assert!(q(f64::from(ga.min[i])) <= oa[i].0 && q(f64::from(ga.max[i])) >= oa[i].1);
        }
        if want {
            prop_assert!(kdop_kdop(&ga, &gb));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn kdop_matches_exact_slabs(seed in any::<u64>(), kind in 0u32..4, size in 0u32..4) {
        let mut g = G(Rng::new(seed));
        let a = gen_points(&mut g, kind);
        let mut b = gen_points(&mut g, kind);
        if g.coin() {
            // Share or nearly share a point: touching slabs.
            let mut p = a[0];
            if g.coin() {
                p[g.int(0, 2) as usize] = p[0].next_up();
            }
            b.push(p);
        }
        match size {
            0 => check_kdop::<3>(&a, &b)?,
            1 => check_kdop::<7>(&a, &b)?,
            2 => check_kdop::<9>(&a, &b)?,
            _ => check_kdop::<13>(&a, &b)?,
        }
    }
}

#[test]
fn kdop_degenerate_input() {
    use isect::overlap::{Kdop6, Kdop14, kdop_kdop};
    assert!(Kdop14::<f64>::from_points(&[]).is_none());
    assert!(Kdop14::from_points(&[[0.0, f64::NAN, 0.0]]).is_none());
    assert!(Kdop14::from_points(&[[0.0; 3], [f64::INFINITY, 0.0, 0.0]]).is_none());
    // x + y + z overflows: rounded outward to infinity above, MAX below.
    let m = f64::MAX;
    let k = Kdop14::from_points(&[[m, m, 0.0]]).unwrap();
    assert_eq!(k.max[3], f64::INFINITY);
    assert_eq!(k.min[3], f64::MAX);
    let empty = Kdop6::new([1.0, 0.0, 0.0], [0.0, 1.0, 1.0]);
    assert!(empty.is_empty());
    assert!(!kdop_kdop(&empty, &empty));
    let nan = Kdop6::new([f64::NAN; 3], [1.0; 3]);
    assert!(!kdop_kdop(&nan, &Kdop6::new([0.0; 3], [1.0; 3])));
    assert!(!nan.contains_point(&[0.5; 3]));
}

// =======================================================================================
// Frustum
// =======================================================================================

mod frustum_oracle {
    use super::*;
    use isect::overlap::FrustumClass;

    /// `(n, d)` with outward normals: minus the inside half-space rows.
    pub fn planes(m: &[[Q; 4]; 4], gl: bool) -> Vec<(Q3, Q)> {
        let row = |i: usize| m[i].clone();
        let sum = |a: &[Q; 4], b: &[Q; 4], s: i64| -> [Q; 4] {
            std::array::from_fn(|k| &a[k] + qi(s) * &b[k])
        };
        let zero: [Q; 4] = std::array::from_fn(|_| Q::zero());
        let inside = [
            sum(&row(3), &row(0), 1),
            sum(&row(3), &row(0), -1),
            sum(&row(3), &row(1), 1),
            sum(&row(3), &row(1), -1),
            if gl {
                sum(&row(3), &row(2), 1)
            } else {
                sum(&zero, &row(2), 1)
            },
            sum(&row(3), &row(2), -1),
        ];
        inside
            .iter()
            .map(|r| ([-r[0].clone(), -r[1].clone(), -r[2].clone()], -r[3].clone()))
            .collect()
    }

    /// 0 outside, 1 inside, 2 intersecting, from values at every extreme point.
    fn per_plane(vals: impl Iterator<Item = Q>) -> u8 {
        let v: Vec<Q> = vals.collect();
        if v.iter().all(|x| x.is_positive()) {
            0
        } else if v.iter().all(|x| x.is_negative()) {
            1
        } else {
            2
        }
    }

    fn combine(c: impl Iterator<Item = u8>) -> FrustumClass {
        let c: Vec<u8> = c.collect();
        if c.contains(&0) {
            FrustumClass::Outside
        } else if c.iter().all(|&x| x == 1) {
            FrustumClass::Inside
        } else {
            FrustumClass::Intersecting
        }
    }

    pub fn points(pl: &[(Q3, Q)], pts: &[Q3]) -> FrustumClass {
        combine(
            pl.iter()
                .map(|(n, d)| per_plane(pts.iter().map(|p| qdot(n, p) + d))),
        )
    }

    pub fn sphere(pl: &[(Q3, Q)], c: &Q3, r: &Q) -> FrustumClass {
        combine(pl.iter().map(|(n, d)| {
            let s = qdot(n, c) + d;
            let far = &s * &s > r * r * qdot(n, n);
            if far && s.is_positive() {
                0
            } else if far && s.is_negative() {
                1
            } else {
                2
            }
        }))
    }

    pub fn box_corners(lo: &Q3, hi: &Q3) -> Vec<Q3> {
        (0..8)
            .map(|m| {
                std::array::from_fn(|k| {
                    if m >> k & 1 == 1 {
                        hi[k].clone()
                    } else {
                        lo[k].clone()
                    }
                })
            })
            .collect()
    }

    pub fn obb_corners(b: &B3) -> Vec<Q3> {
        let (c, ax, h) = (q3(&b.c), b.ax.map(|a| q3(&a)), q3(&b.h));
        (0..8)
            .map(|m| {
                let mut p = c.clone();
                for i in 0..3 {
                    let s = if m >> i & 1 == 1 {
                        h[i].clone()
                    } else {
                        -h[i].clone()
                    };
                    p = qadd(&p, &scale(&ax[i], &s));
                }
                p
            })
            .collect()
    }
}

fn gen_matrix(g: &mut G, kind: u32) -> [[f64; 4]; 4] {
    match kind {
        0 => std::array::from_fn(|_| std::array::from_fn(|_| g.int(-3, 3) as f64)),
        1 => {
            // Perspective (column vectors) with dyadic entries, possibly off-centre,
            // composed with a signed axis permutation of the view.
            let (a, c) = (g.int(1, 8) as f64 / 4.0, g.int(1, 8) as f64 / 4.0);
            let (b, e) = (g.int(-2, 2) as f64 / 4.0, g.int(-2, 2) as f64 / 4.0);
            let (p, qq) = (-(g.int(1, 8) as f64) / 4.0, -(g.int(1, 8) as f64) / 4.0);
            let proj = [
                [a, 0.0, b, 0.0],
                [0.0, c, e, 0.0],
                [0.0, 0.0, p, qq],
                [0.0, 0.0, -1.0, 0.0],
            ];
            let frame = int_frame(g);
            let t = [0, 1, 2].map(|_| g.int(-2, 2) as f64 / 2.0);
            // view = [frame | frame·t]; m = proj · view.
            let mut view = [[0.0; 4]; 4];
            for i in 0..3 {
                for k in 0..3 {
                    view[i][k] = frame[i][k];
                }
                view[i][3] = (0..3).map(|k| frame[i][k] * t[k]).sum();
            }
            view[3][3] = 1.0;
            std::array::from_fn(|i| {
                std::array::from_fn(|j| (0..4).map(|k| proj[i][k] * view[k][j]).sum())
            })
        }
        _ => std::array::from_fn(|_| std::array::from_fn(|_| g.uni(-2.0, 2.0))),
    }
}

fn grid(g: &mut G) -> f64 {
    g.int(-12, 12) as f64 / 4.0
}

fn check_frustum(m: &[[f64; 4]; 4], gl: bool, g: &mut G) -> Result<(), TestCaseError> {
    use isect::overlap::*;
    use isect::{Aabb, Sphere};
    let depth = if gl {
        DepthRange::OpenGl
    } else {
        DepthRange::Direct3D
    };
    let f = Frustum::from_matrix(m, depth);
    let qm: [[Q; 4]; 4] = m.map(|r| r.map(q));
    let exact = frustum_oracle::planes(&qm, gl);
    let rf = Frustum::from_matrix(&qm, depth);
    for (p, (n, d)) in rf.planes.iter().zip(&exact) {
        prop_assert_eq!(&p.normal, n);
        prop_assert_eq!(&p.offset, d);
    }
    // f64 planes: each coefficient the nearest double to the exact one.
    for (p, (n, d)) in f.planes.iter().zip(&exact) {
        for (x, e) in p.normal.iter().chain([&p.offset]).zip(n.iter().chain([d])) {
            let (lo, hi) = (q(x.next_down()), q(x.next_up()));
            let xq = q(*x);
            prop_assert!(
                (&lo + &xq) / qi(2) <= *e && *e <= (&xq + &hi) / qi(2),
                "not nearest"
            );
        }
    }
    // The oracle reads the stored f64 planes.
    let stored: Vec<(Q3, Q)> = f
        .planes
        .iter()
        .map(|p| (q3(&p.normal), q(p.offset)))
        .collect();
    for _ in 0..8 {
        // AABB.
        let mut lo = [0, 1, 2].map(|_| grid(g));
        let mut hi = [0, 1, 2].map(|k| lo[k] + g.int(0, 8) as f64 / 4.0);
        if g.int(0, 3) == 0 {
            let k = g.int(0, 2) as usize;
            if g.coin() && lo[k] < hi[k] {
                lo[k] = lo[k].next_up();
            } else {
                hi[k] = hi[k].next_down().max(lo[k]);
            }
        }
        let want =
            frustum_oracle::points(&stored, &frustum_oracle::box_corners(&q3(&lo), &q3(&hi)));
        let b = Aabb::new(lo, hi);
        prop_assert_eq!(frustum_aabb(&f, &b), want, "aabb {:?} {:?}", lo, hi);
        let fast = frustum_aabb_conservative(&f, &b);
        prop_assert!(
            fast == FrustumClass::Intersecting || fast == want,
            "fast aabb"
        );
        let rb = Aabb::new(q3(&lo), q3(&hi));
        let rwant =
            frustum_oracle::points(&exact, &frustum_oracle::box_corners(&q3(&lo), &q3(&hi)));
        prop_assert_eq!(frustum_aabb(&rf, &rb), rwant);
        prop_assert_eq!(frustum_aabb_conservative(&rf, &rb), rwant);
        if m.iter()
            .flatten()
            .chain(lo.iter())
            .chain(hi.iter())
            .all(|x| f32_exact(*x))
        {
            let m32 = m.map(|r| r.map(|x| x as f32));
            let f32f = Frustum::from_matrix(&m32, depth);
            let s32: Vec<(Q3, Q)> = f32f
                .planes
                .iter()
                .map(|p| (p.normal.map(|x| q(x.into())), q(p.offset.into())))
                .collect();
            let w32 =
                frustum_oracle::points(&s32, &frustum_oracle::box_corners(&q3(&lo), &q3(&hi)));
            let b32 = Aabb::new(lo.map(|x| x as f32), hi.map(|x| x as f32));
            prop_assert_eq!(frustum_aabb(&f32f, &b32), w32);
        }
        // Sphere.
        let c = [0, 1, 2].map(|_| grid(g));
        let mut r = g.int(0, 8) as f64 / 4.0;
        if g.int(0, 3) == 0 {
            r = if g.coin() {
                r.next_up()
            } else {
                r.next_down().max(0.0)
            };
        }
        let want = frustum_oracle::sphere(&stored, &q3(&c), &q(r));
        let s = Sphere::new(c, r);
        prop_assert_eq!(frustum_sphere(&f, &s), want, "sphere {:?} {}", c, r);
        let fast = frustum_sphere_conservative(&f, &s);
        prop_assert!(
            fast == FrustumClass::Intersecting || fast == want,
            "fast sphere"
        );
        prop_assert_eq!(
            frustum_sphere(&rf, &Sphere::new(q3(&c), q(r))),
            frustum_oracle::sphere(&exact, &q3(&c), &q(r))
        );
        // OBB.
        let ob = B3 {
            c: [0, 1, 2].map(|_| grid(g)),
            ax: int_frame(g),
            h: dyadic_h(g),
        };
        let want = frustum_oracle::points(&stored, &frustum_oracle::obb_corners(&ob));
        let o = ob.obb(|x| x);
        prop_assert_eq!(frustum_obb(&f, &o), want, "obb");
        let fast = frustum_obb_conservative(&f, &o);
        prop_assert!(
            fast == FrustumClass::Intersecting || fast == want,
            "fast obb"
        );
        prop_assert_eq!(
            frustum_obb(&rf, &ob.obb(q)),
            frustum_oracle::points(&exact, &frustum_oracle::obb_corners(&ob))
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn frustum_matches_oracle(seed in any::<u64>(), kind in 0u32..3, gl in any::<bool>()) {
        let mut g = G(Rng::new(seed));
        let m = gen_matrix(&mut g, kind);
        check_frustum(&m, gl, &mut g)?;
    }

    #[test]
    fn frustum_power_of_two_scaling_invariance(seed in any::<u64>(), gl in any::<bool>()) {
        use isect::overlap::*;
        use isect::Aabb;
        let mut g = G(Rng::new(seed));
        let m = gen_matrix(&mut g, 1);
        let k = g.int(-900, 900) as i32;
        let s = 2f64.powi(k);
        // World scaled by 2^k: divide the first three columns by 2^k.
        let ms: [[f64; 4]; 4] = m.map(|r| [r[0] / s, r[1] / s, r[2] / s, r[3]]);
        let depth = if gl { DepthRange::OpenGl } else { DepthRange::Direct3D };
        let (f, fs) = (Frustum::from_matrix(&m, depth), Frustum::from_matrix(&ms, depth));
        let lo = [0, 1, 2].map(|_| grid(&mut g));
        let hi = [0, 1, 2].map(|k| lo[k] + g.int(0, 8) as f64 / 4.0);
        let a = frustum_aabb(&f, &Aabb::new(lo, hi));
        prop_assert_eq!(frustum_aabb(&fs, &Aabb::new(lo.map(|x| x * s), hi.map(|x| x * s))), a);
    }
}

#[test]
fn frustum_corner_limitation_and_bad_input() {
    use isect::overlap::*;
    use isect::{Aabb, Plane, Sphere};
    let id = [
        [1.0, 0.0, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0],
        [0.0, 0.0, 0.0, 1.0],
    ];
    // A frustum with slanted side planes x ≤ z, −x ≤ z (through the origin), z ≤ 4.
    let mut f = Frustum::from_matrix(&id, DepthRange::OpenGl);
    f.planes[0] = Plane::new([-1.0, 0.0, -1.0], 0.0);
    f.planes[1] = Plane::new([1.0, 0.0, -1.0], 0.0);
    // A small box beside the apex, outside the frustum but not outside any one plane:
    // reported Intersecting by the per-plane test (the classic limitation).
    let b = Aabb::new([-0.5, -0.5, -0.75], [0.5, 0.5, -0.5]);
    assert_eq!(frustum_aabb(&f, &b), FrustumClass::Intersecting);
    // Non-finite planes never cull.
    let mut g = Frustum::from_matrix(&id, DepthRange::OpenGl);
    g.planes[2] = Plane::new([f64::NAN, 0.0, 0.0], 0.0);
    let far = Aabb::new([5.0; 3], [6.0; 3]);
    assert!(frustum_aabb(&g, &Aabb::new([-0.5; 3], [0.5; 3])).intersects());
    assert_eq!(frustum_aabb(&g, &far), FrustumClass::Outside); // culled by another plane
    assert!(frustum_sphere(&g, &Sphere::new([0.0; 3], 0.5)).intersects());
    assert!(frustum_sphere_conservative(&g, &Sphere::new([0.0; 3], 0.5)).intersects());
    // Overflowing values are undecided in the fast form, exact in the exact one.
    let big = Frustum::from_matrix(&id.map(|r| r.map(|x| x * 1e300)), DepthRange::OpenGl);
    let s = Sphere::new([1e300, 0.0, 0.0], 1e300);
    assert_eq!(
        frustum_sphere(&big, &s),
        frustum_sphere(&Frustum::from_matrix(&id, DepthRange::OpenGl), &s)
    );
    assert!(frustum_sphere_conservative(&big, &s).intersects());
    assert_eq!(
        frustum_sphere(&big, &Sphere::new([0.0; 3], -1.0)),
        FrustumClass::Outside
    );
}
