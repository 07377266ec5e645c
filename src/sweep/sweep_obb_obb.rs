//! OBB/OBB sweep by the dynamic separating-axis test (Gomez; Eberly, "Dynamic collision
//! detection using oriented bounding boxes"; RTR §22.17).

use super::interval::{Est, Piece, U};
use super::{Collect, SweepHit, fast_times, finite, validate_sweep};
use crate::geometry::Obb;
use crate::overlap::obb_axes::{ObbAxis, ObbPair, PAIRS, obb_axes};
use crate::predicates::Ring;
use crate::predicates::expansion::two_product;
use crate::scalar::as_f64_array;
use crate::vec3::{cross, dot, sub};
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
/// For `f32`/`f64` the plain dynamic separating-axis test runs first on the 15 cross
/// products, each decision certified by a static error bound (section 7.1); the exact
/// engine runs only for what it leaves (a contact within rounding distance of a decision,
/// boxes with coplanar or parallel axes, coordinates beyond `2¹⁰⁰`).
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
    if let Some(x) = F64Boxes::new(a, va, b, vb)
        && let Some(decided) = obb_fast(&x)
        && let Some(hit) = fast_times(decided?)
    {
        return Some(hit);
    }
    sweep_obb_obb_exact(a, va, b, vb)
}

#[cold]
#[inline(never)]
fn sweep_obb_obb_exact<T: Scalar>(
    a: &Obb<T>,
    va: &[T; 3],
    b: &Obb<T>,
    vb: &[T; 3],
) -> Option<SweepHit<T>> {
    let mut c = Collect::new(true);
    c.add(&obb_slabs(a, va, b, vb)?);
    c.finish()
}

/// The inputs of an OBB/OBB sweep in `f64` (float types only): the six generators
/// (`a`'s axes, then `b`'s), the six extents, `D₀ = c_b − cₐ` and `Δv = v_b − v_a`
/// rounded, and the static bounds of `proofs/sweep.md`, section 7.1.
struct F64Boxes {
    g: [[f64; 3]; 6],
    h: [f64; 6],
    d: [f64; 3],
    w: [f64; 3],
    /// `max |gₘ[k]|` over `a`'s axes, then `b`'s.
    m: [f64; 2],
    /// `Σ hᵢ` over `a`'s extents, then `b`'s.
    hs: [f64; 2],
    /// `max |D̃₀[k]|`, `max |Δṽ[k]|`.
    dm: f64,
    wm: f64,
}

/// Every input of the fast path is at most this in magnitude (`2¹⁰⁰`): no product of
/// the path overflows, and an underflow costs at most [`OBB_TINY`] absolute.
const OBB_RANGE: f64 = 1.2676506002282294e30;
/// The absolute allowance for underflow in every bound (above `2⁻⁷⁰⁰ ≈ 1.9e-211`).
const OBB_TINY: f64 = 1e-210;

impl F64Boxes {
    #[inline(always)]
    fn new<T: Scalar>(a: &Obb<T>, va: &[T; 3], b: &Obb<T>, vb: &[T; 3]) -> Option<F64Boxes> {
        let ax = |o: &Obb<T>, i: usize| as_f64_array(&o.axes[i]);
        let g = [
            ax(a, 0)?,
            ax(a, 1)?,
            ax(a, 2)?,
            ax(b, 0)?,
            ax(b, 1)?,
            ax(b, 2)?,
        ];
        let (ha, hb) = (
            as_f64_array(&a.half_extents)?,
            as_f64_array(&b.half_extents)?,
        );
        let (ca, cb) = (as_f64_array(&a.center)?, as_f64_array(&b.center)?);
        let (wa, wb) = (as_f64_array(va)?, as_f64_array(vb)?);
        // `|x| ≤ R` is false for NaN; the engine answers what this path leaves.
        let small = |x: &f64| x.abs() <= OBB_RANGE;
        let mut inputs = g
            .iter()
            .flatten()
            .chain(&ca)
            .chain(&cb)
            .chain(&wa)
            .chain(&wb);
        if !inputs.all(small) {
            return None;
        }
        if !ha.iter().chain(&hb).all(|x| (0.0..=OBB_RANGE).contains(x)) {
            return None;
        }
        let (d, w) = (sub(&cb, &ca), sub(&wb, &wa));
        let amax = |v: &[[f64; 3]]| v.iter().flatten().fold(0.0f64, |m, x| m.max(x.abs()));
        Some(F64Boxes {
            g,
            h: [ha[0], ha[1], ha[2], hb[0], hb[1], hb[2]],
            d,
            w,
            m: [amax(&g[..3]), amax(&g[3..])],
            hs: [ha[0] + ha[1] + ha[2], hb[0] + hb[1] + hb[2]],
            dm: amax(&[d]),
            wm: amax(&[w]),
        })
    }
}

/// A miss of the sweep certified by the `f64` fast path (float types; `false` when it is
/// not certified, or for other types): the box contacts skip their exact work on it.
#[inline]
pub(crate) fn certain_miss<T: Scalar>(a: &Obb<T>, va: &[T; 3], b: &Obb<T>, vb: &[T; 3]) -> bool {
    F64Boxes::new(a, va, b, vb).is_some_and(|x| matches!(obb_fast(&x), Some(None)))
}

/// `a·b = c·d` exactly; `false` when that is not shown (Dekker's product is exact only
/// when its low part does not underflow).
#[inline(never)]
fn same_product(a: f64, b: f64, c: f64, d: f64) -> bool {
    let ((x, xe), (y, ye)) = (two_product(a, b), two_product(c, d));
    if x != y {
        return false;
    }
    if x == 0.0 {
        return (a == 0.0 || b == 0.0) && (c == 0.0 || d == 0.0);
    }
    // |x| ≥ 2⁻⁹⁰⁰: the low parts are exact.
    x.abs() >= 1.4e-271 && xe == ye
}

/// The cross product `p × q` is exactly zero (shown, not guessed).
#[cold]
fn exact_zero_cross(p: &[f64; 3], q: &[f64; 3]) -> bool {
    (0..3).all(|k| {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        same_product(p[i], q[j], p[j], q[i])
    })
}

/// The whole sweep in `f64` with certified decisions (`proofs/sweep.md`, section 7.1), on
/// the 15 axes `L = gₚ × g_q`: `Some(None)` a certain miss, `Some(Some([first,
/// first_error, last, last_error]))` a certain touch with rounded times and their bounds,
/// `None` when a decision is within its bound (or the difference is not shown solid):
/// then the exact engine runs.
#[inline(always)]
fn obb_fast(x: &F64Boxes) -> Option<Option<[f64; 4]>> {
    // Static bounds per kind of axis (aa, bb, ab): |L̃ₖ − Lₖ| and the errors of R, s₀, s₁.
    let p_of = [x.m[0] * x.m[0], x.m[1] * x.m[1], x.m[0] * x.m[1]];
    let reach = x.hs[0] * x.m[0] + x.hs[1] * x.m[1];
    let bounds = p_of.map(|p| {
        let er = 64.0 * U * p * reach + OBB_TINY;
        let es0 = 40.0 * U * p * x.dm + OBB_TINY;
        let es1 = 40.0 * U * p * x.wm + OBB_TINY;
        (er + es0, es1)
    });
    let (mut lo_dn, mut lo_up, mut hi_dn, mut hi_up) = (0.0f64, 0.0f64, 1.0f64, 1.0f64);
    // The largest rounded entry and smallest rounded exit, and the largest bounds.
    let (mut first, mut last, mut first_error, mut last_error) = (0.0f64, 1.0f64, 0.0f64, 0.0f64);
    let mut faces = [[0.0f64; 3]; 2];
    for (axis, &(p, q)) in PAIRS.iter().enumerate() {
        let kind = if axis < 3 {
            0
        } else if axis < 6 {
            1
        } else {
            2
        };
        let l = cross(&x.g[p], &x.g[q]);
        if axis == 0 {
            faces[0] = l;
        } else if axis == 3 {
            faces[1] = l;
        }
        if l == [0.0; 3] {
            if exact_zero_cross(&x.g[p], &x.g[q]) {
                // Parallel generators: no facet, no constraint.
                continue;
            }
            return None;
        }
        let mut r = 0.0;
        for m in 0..6 {
            if m != p && m != q {
                r += x.h[m] * dot(&x.g[m], &l).abs();
            }
        }
        let s0 = dot(&x.d, &l);
        let s1 = dot(&x.w, &l);
        let (ea, eb) = bounds[kind];
        // The two constraints r + s(u) ≥ 0 and r − s(u) ≥ 0, s(u) = s₀ + u·s₁.
        for (alpha, beta) in [(r + s0, s1), (r - s0, -s1)] {
            let e0 = ea + U * 1.01 * alpha.abs();
            let v1 = alpha + beta;
            let e1 = e0 + eb + U * 1.01 * v1.abs();
            let (in0, out0) = (alpha > e0, alpha < -e0);
            let (in1, out1) = (v1 > e1, v1 < -e1);
            if in0 && in1 {
                continue;
            }
            if out0 && out1 {
                return Some(None);
            }
            if !((in0 && out1) || (out0 && in1)) {
                return None;
            }
            // One crossing in (0, 1): t = −α/β, |t̃ − t| ≤ (E₀ + E_β)/|β̃| + u|t̃|.
            let t = -alpha / beta;
            let e = (e0 + eb) / beta.abs() * (1.0 + 8.0 * U) + 2.0 * U;
            if in0 {
                // Satisfied first, violated after t: an exit.
                hi_dn = hi_dn.min(t - e);
                hi_up = hi_up.min(t + e);
                last = last.min(t);
                last_error = last_error.max(e);
            } else {
                lo_dn = lo_dn.max(t - e);
                lo_up = lo_up.max(t + e);
                first = first.max(t);
                first_error = first_error.max(e);
            }
            if lo_dn > hi_up {
                return Some(None);
            }
        }
    }
    if lo_up >= hi_dn {
        return None;
    }
    // A touch needs every facet normal of the difference: it is solid when one box is
    // (non-zero extents, det ≠ 0 shown).
    let solid = |i: usize| {
        let det = dot(&x.g[3 * i], &faces[i]);
        let m = x.m[i];
        let e = 32.0 * U * (m * m * m) + OBB_TINY;
        x.h[3 * i..3 * i + 3].iter().all(|&h| h > 0.0) && det.abs() > e
    };
    if !(solid(0) || solid(1)) {
        return None;
    }
    // `max` is 1-Lipschitz in the largest coordinate: |max t̃ᵢ − max tᵢ| ≤ max eᵢ.
    if first_error.max(last_error) > TIME_FAST_LIMIT {
        return None;
    }
    Some(Some([first, first_error, last, last_error]))
}

/// A fast time whose bound exceeds this (`2⁻²²`) goes to the engine (`SweepHit`'s bounds
/// stay below `TIME_ACCURACY` after the `f32` conversion).
const TIME_FAST_LIMIT: f64 = 2.384185791015625e-7;

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
