//! OBB/OBB sweep by the dynamic separating-axis test (Gomez; Eberly, "Dynamic collision
//! detection using oriented bounding boxes"; RTR §22.17).

use super::interval::Est;
use super::interval::Piece;
use super::pieces::{cross, dot};
use super::{as_f64, check3, finite, Collect, SweepHit};
use crate::geometry::{GeometryError, Obb};
use crate::predicates::{polynomial_sign, Polynomial, Ring};
use crate::{Scalar, Sign};

/// A generator: `0..3` the axes of `a`, `3..6` those of `b`.
type G = usize;

/// The 15 classic axes as generator pairs: faces of `a`, faces of `b`, edge pairs.
const PAIRS: [(G, G); 15] = [
    (1, 2),
    (2, 0),
    (0, 1),
    (4, 5),
    (5, 3),
    (3, 4),
    (0, 3),
    (0, 4),
    (0, 5),
    (1, 3),
    (1, 4),
    (1, 5),
    (2, 3),
    (2, 4),
    (2, 5),
];

/// A candidate separating direction, a polynomial vector in the inputs.
#[derive(Clone, Copy, Debug)]
enum Axis {
    /// `g_p × g_q`.
    Cross(G, G),
    /// `(g_p × g_q) × g_r`.
    CrossCross(G, G, G),
    /// `g_p × e_k`.
    CrossUnit(G, usize),
    /// `g_p`.
    Vec(G),
    /// `e_k`.
    Unit(usize),
}

struct Boxes<'a, T> {
    a: &'a Obb<T>,
    va: &'a [T; 3],
    b: &'a Obb<T>,
    vb: &'a [T; 3],
}

impl<T> Boxes<'_, T> {
    fn gen<R: Ring>(&self, m: G, lift: &impl Fn(&T) -> R) -> [R; 3] {
        if m < 3 {
            self.a.axes[m].each_ref().map(lift)
        } else {
            self.b.axes[m - 3].each_ref().map(lift)
        }
    }

    fn extent(&self, m: G) -> &T {
        if m < 3 {
            &self.a.half_extents[m]
        } else {
            &self.b.half_extents[m - 3]
        }
    }

    fn axis<R: Ring>(&self, axis: Axis, lift: &impl Fn(&T) -> R) -> [R; 3] {
        match axis {
            Axis::Cross(p, q) => cross(&self.gen(p, lift), &self.gen(q, lift)),
            Axis::CrossCross(p, q, r) => cross(
                &cross(&self.gen(p, lift), &self.gen(q, lift)),
                &self.gen(r, lift),
            ),
            Axis::CrossUnit(p, k) => {
                let v = self.gen(p, lift);
                let z = v[0].clone() - v[0].clone();
                let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
                let mut out = [z.clone(), z.clone(), z];
                out[k1] = v[k2].clone();
                out[k2] = -v[k1].clone();
                out
            }
            Axis::Vec(p) => self.gen(p, lift),
            Axis::Unit(_) => {
                // Never read: `dot_axis` reads eₖ by selection (a Ring has no 1).
                let x = lift(&self.a.center[0]);
                let z = x.clone() - x;
                [z.clone(), z.clone(), z]
            }
        }
    }

    /// `v · L`.
    fn dot_axis<R: Ring>(&self, v: &[R; 3], axis: Axis, lift: &impl Fn(&T) -> R) -> R {
        match axis {
            Axis::Unit(k) => v[k].clone(),
            _ => dot(v, &self.axis(axis, lift)),
        }
    }
}

/// The dot product of a generator (or `None`: `c_b − c_a`) with an axis.
struct DotPoly<'a, T>(&'a Boxes<'a, T>, Axis, G);

impl<T> Polynomial<T> for DotPoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let g = self.0.gen(self.2, lift);
        self.0.dot_axis(&g, self.1, lift)
    }
}

/// `|g·L|` written as `σ·(g·L)` with exact signs `σ`: the constraints
/// `R ± (D₀ + u·Δv)·L ≥ 0`, `R = Σ σₘ·extentₘ·(gₘ·L)`, `D₀ = c_b − c_a`, `Δv = v_b − v_a`.
struct Slabs<'a, T> {
    boxes: &'a Boxes<'a, T>,
    axes: alloc::vec::Vec<(Axis, [i8; 6])>,
}

impl<T> Piece<T> for Slabs<'_, T> {
    fn lin_count(&self) -> usize {
        2 * self.axes.len()
    }
    fn lin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> (R, R) {
        let bx = self.boxes;
        let (axis, sig) = self.axes[i / 2];
        let d: [R; 3] = core::array::from_fn(|k| lift(&bx.b.center[k]) - lift(&bx.a.center[k]));
        let w: [R; 3] = core::array::from_fn(|k| lift(&bx.vb[k]) - lift(&bx.va[k]));
        let mut s0 = bx.dot_axis(&d, axis, lift);
        let mut s1 = bx.dot_axis(&w, axis, lift);
        if i % 2 == 1 {
            s0 = -s0;
            s1 = -s1;
        }
        let mut alpha = s0;
        for (m, &s) in sig.iter().enumerate() {
            if s != 0 {
                let t = lift(bx.extent(m)) * bx.dot_axis(&bx.gen(m, lift), axis, lift);
                alpha = if s > 0 { alpha + t } else { alpha - t };
            }
        }
        (alpha, s1)
    }
    fn has_quad(&self) -> bool {
        false
    }
    fn quad<R: Ring>(&self, _: &impl Fn(&T) -> R) -> [R; 3] {
        unreachable!("slabs have no quadratic constraint")
    }
}

fn sign_i8(s: Sign) -> i8 {
    match s {
        Sign::Positive => 1,
        Sign::Negative => -1,
        Sign::Zero => 0,
    }
}

impl<T: Scalar> Boxes<'_, T> {
    fn dot_sign(&self, axis: Axis, m: G) -> Sign {
        polynomial_sign::<T, _>(&DotPoly(self, axis, m))
    }

    fn extent_zero(&self, m: G) -> bool {
        self.extent(m).is_zero()
    }

    /// The signs `σₘ` of `gₘ·L` (0 for zero extents and the known factors of a cross).
    fn signs(&self, axis: Axis) -> [i8; 6] {
        let known: &[G] = match axis {
            Axis::Cross(p, q) => &[p, q],
            _ => &[],
        };
        core::array::from_fn(|m| {
            if known.contains(&m) || self.extent_zero(m) {
                0
            } else {
                sign_i8(self.dot_sign(axis, m))
            }
        })
    }

    fn is_zero_axis(&self, axis: Axis) -> bool {
        struct Comp<'a, T>(&'a Boxes<'a, T>, Axis, usize);
        impl<T> Polynomial<T> for Comp<'_, T> {
            fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
                self.0.axis(self.1, lift)[self.2].clone()
            }
        }
        (0..3).all(|k| polynomial_sign::<T, _>(&Comp(self, axis, k)) == Sign::Zero)
    }

    /// The axes whose slabs cut out the Minkowski difference exactly (by its rank, as in
    /// [`obb_obb`](crate::overlap::obb_obb::obb_obb)).
    fn axes(&self) -> alloc::vec::Vec<Axis> {
        let mut out: alloc::vec::Vec<Axis> =
            PAIRS.iter().map(|&(p, q)| Axis::Cross(p, q)).collect();
        let gens: alloc::vec::Vec<G> = (0..6)
            .filter(|&m| {
                !self.extent_zero(m)
                    && if m < 3 {
                        self.a.axes[m].iter().any(|x| !x.is_zero())
                    } else {
                        self.b.axes[m - 3].iter().any(|x| !x.is_zero())
                    }
            })
            .collect();
        let mut pair = None;
        'outer: for (i, &p) in gens.iter().enumerate() {
            for &q in &gens[i + 1..] {
                if !self.is_zero_axis(Axis::Cross(p, q)) {
                    pair = Some((p, q));
                    break 'outer;
                }
            }
        }
        if let Some((p, q)) = pair {
            let full = gens
                .iter()
                .any(|&r| self.dot_sign(Axis::Cross(p, q), r) != Sign::Zero);
            if !full {
                out.extend(gens.iter().map(|&r| Axis::CrossCross(p, q, r)));
            }
        } else if let Some(&p) = gens.first() {
            out.push(Axis::Vec(p));
            out.extend((0..3).map(|k| Axis::CrossUnit(p, k)));
        } else {
            out.extend((0..3).map(Axis::Unit));
        }
        out
    }
}

/// A certain miss from `f64` running-error arithmetic (`proofs/sweep.md`, section 7): on
/// one of the 15 cross-product axes `L`, the projection `s(u) = D(u)·L` stays above `R_L`
/// (or below `−R_L`) at both ends of the step, certified by [`Est`] bounds. `false`: not
/// shown, the exact test decides. Every slab `|x·L| ≤ R_L` contains the Minkowski
/// difference for any `L`, so a certified separation on one axis is a miss.
fn quick_miss<T: Scalar>(a: &Obb<T>, va: &[T; 3], b: &Obb<T>, vb: &[T; 3]) -> bool {
    let get = |x: &[T; 3]| as_f64(x).map(|p| p.map(Est::exact));
    let mut gens = [[Est::exact(0.0); 3]; 6];
    for (m, slot) in gens.iter_mut().enumerate() {
        let v = if m < 3 { &a.axes[m] } else { &b.axes[m - 3] };
        match get(v) {
            Some(g) => *slot = g,
            None => return false,
        }
    }
    let ext: [Est; 6] = core::array::from_fn(|m| {
        let h = if m < 3 {
            &a.half_extents[m]
        } else {
            &b.half_extents[m - 3]
        };
        Est::exact(h.to_f64())
    });
    let (Some(ca), Some(cb), Some(wa), Some(wb)) =
        (get(&a.center), get(&b.center), get(va), get(vb))
    else {
        return false;
    };
    let d = [cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]];
    let w = [wb[0] - wa[0], wb[1] - wa[1], wb[2] - wa[2]];
    let pos = |x: Est| x.ok() && x.v > x.e;
    let neg = |x: Est| x.ok() && -x.v > x.e;
    PAIRS.iter().any(|&(p, q)| {
        let l = cross(&gens[p], &gens[q]);
        let mut r = Est::exact(0.0);
        for m in 0..6 {
            if m != p && m != q {
                let t = dot(&gens[m], &l);
                r = r + ext[m]
                    * Est {
                        v: t.v.abs(),
                        e: t.e,
                    };
            }
        }
        let s0 = dot(&d, &l);
        let s1 = s0 + dot(&w, &l);
        (pos(s0 - r) && pos(s1 - r)) || (neg(s0 + r) && neg(s1 + r))
    })
}

fn valid<T: Scalar>(b: &Obb<T>) -> bool {
    finite(&[
        &b.center,
        &b.axes[0],
        &b.axes[1],
        &b.axes[2],
        &b.half_extents,
    ]) && b.half_extents.iter().all(|h| *h >= T::zero())
}

/// Sweep of two translating closed oriented boxes over `u ∈ [0, 1]` by the dynamic
/// separating-axis test: `a` moves by `va`, `b` by `vb` (no rotation).
///
/// Each box is the exact parallelepiped of [`Obb`] (axes as given, neither unit nor
/// orthogonal needed). They touch at `u` iff `c_b − c_a + u·(v_b − v_a)` lies in the
/// Minkowski difference `Z` of the two boxes, a zonotope; `Z` is exactly the
/// intersection of the slabs `|x·L| ≤ Σ extentₘ·|gₘ·L|` over its facet normals `L`: the
/// 15 cross products `aᵢ × aⱼ`, `bᵢ × bⱼ`, `aᵢ × bⱼ` when `Z` is solid, and the extra
/// in-plane, in-line or coordinate axes of
/// [`obb_obb`](crate::overlap::obb_obb::obb_obb) when it is flat (decided exactly).
/// On each axis the touching times form an interval bounded by `−α/β` ratios; they share
/// a point iff every lower end is at most every upper end: **touch or not is exact**,
/// every decision an exact polynomial sign (`proofs/sweep.md`, section 7). Times are
/// those ratios: exact for rationals, with error bounds for floats.
///
/// Returns `None` for a NaN or infinite input and for a negative half extent
/// ([`try_sweep_obb_obb`] reports those).
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_obb_obb;
/// use isect::Obb;
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// // A cube turned 45° about z (axes (1, 1, 0), (−1, 1, 0)): its corner is at x = cx − 1.
/// let rot = [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([5.0, 0.0, 0.0], rot, [0.5, 0.5, 1.0]);
/// let hit = sweep_obb_obb(&a, &[0.0; 3], &b, &[-6.0, 0.0, 0.0]).unwrap();
/// assert_eq!(hit.first, 0.5); // corner meets the face x = 1 when cx = 2
/// assert_eq!(hit.last, 1.0);
/// ```
pub fn sweep_obb_obb<T: Scalar>(
    a: &Obb<T>,
    va: &[T; 3],
    b: &Obb<T>,
    vb: &[T; 3],
) -> Option<SweepHit<T>> {
    if !valid(a) || !valid(b) || !finite(&[va, vb]) {
        return None;
    }
    if quick_miss(a, va, b, vb) {
        return None;
    }
    let boxes = Boxes { a, va, b, vb };
    let axes = boxes
        .axes()
        .into_iter()
        .map(|ax| (ax, boxes.signs(ax)))
        .collect();
    let mut c = Collect::new(true);
    c.add(&Slabs {
        boxes: &boxes,
        axes,
    });
    c.finish()
}

/// [`sweep_obb_obb`], refusing bad input.
///
/// # Errors
///
/// [`GeometryError::NonFinite`] (`what`: `"box center"`, `"axis"` with `index` the
/// axis, `"half extents"`, `"displacement"` with `index` 0 or 1), then
/// [`GeometryError::InvertedBox`] for a negative half extent (`axis` is the box axis).
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_obb_obb;
/// use isect::{GeometryError, Obb};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// let bad = Obb::new([0.0; 3], id, [1.0, -1.0, 1.0]);
/// assert_eq!(try_sweep_obb_obb(&a, &[0.0; 3], &bad, &[0.0; 3]), Err(GeometryError::InvertedBox { axis: 1 }));
/// ```
pub fn try_sweep_obb_obb<T: Scalar>(
    a: &Obb<T>,
    va: &[T; 3],
    b: &Obb<T>,
    vb: &[T; 3],
) -> Result<Option<SweepHit<T>>, GeometryError> {
    for bx in [a, b] {
        check3("box center", 0, &bx.center)?;
        for (i, ax) in bx.axes.iter().enumerate() {
            check3("axis", i, ax)?;
        }
        check3("half extents", 0, &bx.half_extents)?;
    }
    check3("displacement", 0, va)?;
    check3("displacement", 1, vb)?;
    for bx in [a, b] {
        if let Some(axis) = bx.half_extents.iter().position(|h| *h < T::zero()) {
            return Err(GeometryError::InvertedBox { axis });
        }
    }
    Ok(sweep_obb_obb(a, va, b, vb))
}
