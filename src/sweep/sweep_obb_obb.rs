//! OBB/OBB sweep by the dynamic separating-axis test (Gomez; Eberly, "Dynamic collision
//! detection using oriented bounding boxes"; RTR §22.17).

use super::interval::{Est, Piece};
use super::{Collect, SweepHit, finite, validate_sweep};
use crate::geometry::Obb;
use crate::overlap::obb_axes::{ObbAxis, ObbPair, PAIRS, obb_axes};
use crate::predicates::Ring;
use crate::scalar::as_f64_array;
use crate::vec3::{cross, dot};
use crate::{InputError, Scalar};

/// The slabs of the moving boxes on their separating axes, with the exact signs `σₘ` of
/// `gₘ·L`: the constraints `R ± (D₀ + u·Δv)·L ≥ 0` with `|gₘ·L|` written `σₘ·(gₘ·L)`,
/// `R = Σ σₘ·extentₘ·(gₘ·L)`, `D₀ = c_b − c_a`, `Δv = v_b − v_a`.
pub(crate) struct Slabs<'a, T> {
    pub(crate) pair: ObbPair<'a, T>,
    va: &'a [T; 3],
    vb: &'a [T; 3],
    pub(crate) axes: alloc::vec::Vec<(ObbAxis, [i8; 6])>,
}

impl<T> Piece<T> for Slabs<'_, T> {
    fn lin_count(&self) -> usize {
        2 * self.axes.len()
    }
    fn lin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> (R, R) {
        let pair = &self.pair;
        let (axis, sig) = self.axes[i / 2];
        let dir = pair.direction(axis, lift);
        let w: [R; 3] = core::array::from_fn(|k| lift(&self.vb[k]) - lift(&self.va[k]));
        let mut s0 = dir.dot(&pair.center_diff(lift));
        let mut s1 = dir.dot(&w);
        if i % 2 == 1 {
            s0 = -s0;
            s1 = -s1;
        }
        let mut alpha = s0;
        for (m, &s) in sig.iter().enumerate() {
            if s != 0 {
                let t = lift(pair.extent(m)) * dir.dot(&pair.generator(m, lift));
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

/// A certain miss from `f64` running-error arithmetic (`proofs/sweep.md`, section 7): on
/// one of the 15 cross-product axes `L`, the projection `s(u) = D(u)·L` stays above `R_L`
/// (or below `−R_L`) at both ends of the step, certified by [`Est`] bounds. `false`: not
/// shown, the exact test decides. Every slab `|x·L| ≤ R_L` contains the Minkowski
/// difference for any `L`, so a certified separation on one axis is a miss.
fn quick_miss<T: Scalar>(a: &Obb<T>, va: &[T; 3], b: &Obb<T>, vb: &[T; 3]) -> bool {
    let get = |x: &[T; 3]| as_f64_array(x).map(|p| p.map(Est::exact));
    let mut gens = [[Est::exact(0.0); 3]; 6];
    for (m, slot) in gens.iter_mut().enumerate() {
        let v = if m < 3 { &a.axes[m] } else { &b.axes[m - 3] };
        match get(v) {
            Some(g) => *slot = g,
            None => return false,
        }
    }
    let (Some(ca), Some(cb), Some(wa), Some(wb), Some(ha), Some(hb)) = (
        get(&a.center),
        get(&b.center),
        get(va),
        get(vb),
        get(&a.half_extents),
        get(&b.half_extents),
    ) else {
        return false;
    };
    let ext: [Est; 6] = core::array::from_fn(|m| if m < 3 { ha[m] } else { hb[m - 3] });
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
/// in-plane, in-line or coordinate axes of the exact OBB/OBB overlap test when it is
/// flat (decided exactly).
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
    let mut c = Collect::new(true);
    c.add(&obb_slabs(a, va, b, vb)?);
    c.finish()
}

/// The piece of the sweep of `a` and `b` (the slabs of every separating axis), or `None`
/// for a NaN or infinite input, a negative half extent, or a certain miss of the `f64`
/// filter.
pub(crate) fn obb_slabs<'a, T: Scalar>(
    a: &'a Obb<T>,
    va: &'a [T; 3],
    b: &'a Obb<T>,
    vb: &'a [T; 3],
) -> Option<Slabs<'a, T>> {
    if !valid(a) || !valid(b) || !finite(&[va, vb]) {
        return None;
    }
    if quick_miss(a, va, b, vb) {
        return None;
    }
    let pair = ObbPair::new(a, b);
    let axes = obb_axes(a, b)
        .into_iter()
        .map(|axis| (axis, pair.signs(axis)))
        .collect();
    Some(Slabs { pair, va, vb, axes })
}

/// [`sweep_obb_obb`], refusing bad input.
///
/// # Errors
///
/// [`InputError::NonFinite`] (`what` is `"center"`, `"axis"` with `index` the box axis,
/// `"half extents"` or `"displacement"`; `argument` 0 is `a`, 1 its displacement, 2 `b`,
/// 3 its displacement) and [`InputError::InvertedBox`] for a negative half extent (`axis`
/// is the box axis).
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_obb_obb;
/// use isect::{InputError, Obb};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let a = Obb::new([0.0; 3], id, [1.0; 3]);
/// let bad = Obb::new([0.0; 3], id, [1.0, -1.0, 1.0]);
/// assert_eq!(
///     try_sweep_obb_obb(&a, &[0.0; 3], &bad, &[0.0; 3]),
///     Err(InputError::InvertedBox { argument: 2, axis: 1 })
/// );
/// ```
pub fn try_sweep_obb_obb<T: Scalar>(
    a: &Obb<T>,
    va: &[T; 3],
    b: &Obb<T>,
    vb: &[T; 3],
) -> Result<Option<SweepHit<T>>, InputError> {
    validate_sweep(a, va, b, vb)?;
    Ok(sweep_obb_obb(a, va, b, vb))
}
