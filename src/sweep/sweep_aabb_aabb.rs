//! AABB/AABB sweep (Gomez; Ericson §5.5.8).

use super::interval::{Piece, U};
use super::{Collect, SweepHit, fast_times, finite, swept_misses, validate_sweep};
use crate::geometry::Aabb;
use crate::predicates::Ring;
use crate::scalar::as_f64_array;
use crate::{InputError, Scalar};

/// Box `b` moving relative to box `a`: on each axis `k`,
/// `(b.max − a.min) + u·(v_b − v_a) ≥ 0` and `(a.max − b.min) + u·(v_a − v_b) ≥ 0`.
pub(crate) struct Boxes<'a, T> {
    pub(crate) a: &'a Aabb<T>,
    pub(crate) va: &'a [T; 3],
    pub(crate) b: &'a Aabb<T>,
    pub(crate) vb: &'a [T; 3],
}

impl<T> Piece<T> for Boxes<'_, T> {
    fn lin_count(&self) -> usize {
        6
    }
    fn lin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> (R, R) {
        let k = i / 2;
        let w = lift(&self.vb[k]) - lift(&self.va[k]);
        if i.is_multiple_of(2) {
            (lift(&self.b.max[k]) - lift(&self.a.min[k]), w)
        } else {
            (lift(&self.a.max[k]) - lift(&self.b.min[k]), -w)
        }
    }
    fn has_quad(&self) -> bool {
        false
    }
    fn quad<R: Ring>(&self, _: &impl Fn(&T) -> R) -> [R; 3] {
        unreachable!("boxes have no quadratic constraint")
    }
}

/// Sweep of two moving closed axis-aligned boxes over `u ∈ [0, 1]`: `a` moves by `va`,
/// `b` by `vb`.
///
/// On each axis the projections overlap for `u` in an interval bounded by the ratios
/// `(gap)/(relative speed)` of Gomez's test; the boxes touch where the three intervals
/// and `[0, 1]` share a point. **Touch or not is exact**: closed intervals on a line
/// share a point iff every lower end is at most every upper end, and each such
/// comparison of two ratios is the exact sign of a cross product of polynomials in the
/// inputs, never a comparison of rounded ratios (`proofs/sweep.md`, section 4). No axis
/// with zero relative speed is divided by: it either overlaps for all `u` or rules out
/// contact.
///
/// The times are those ratios (or `0`, `1`): **exact for rationals**; for floats
/// `−α/β` is computed from the rounded differences, with the bound in the [`SweepHit`]
/// (a few units in the last place of the time, plus the cancellation in the
/// differences, which is `0` for inputs on a common grid).
///
/// A box with `min > max` on some axis is empty: `None`. Returns `None` for a NaN or
/// infinite input ([`try_sweep_aabb_aabb`] reports those).
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_aabb_aabb;
/// use isect::Aabb;
/// let a = Aabb::new([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
/// let b = Aabb::new([3.0, 1.0, 0.0], [4.0, 2.0, 1.0]); // face-adjacent in y: touching
/// let hit = sweep_aabb_aabb(&a, &[4.0, 0.0, 0.0], &b, &[0.0; 3]).unwrap();
/// assert_eq!((hit.first, hit.last), (0.5, 1.0));
/// // Lifted by 2^-30 in y: never touches.
/// let c = Aabb::new([3.0, 1.0 + 2f64.powi(-30), 0.0], [4.0, 2.0, 1.0]);
/// assert!(sweep_aabb_aabb(&a, &[4.0, 0.0, 0.0], &c, &[0.0; 3]).is_none());
/// ```
pub fn sweep_aabb_aabb<T: Scalar>(
    a: &Aabb<T>,
    va: &[T; 3],
    b: &Aabb<T>,
    vb: &[T; 3],
) -> Option<SweepHit<T>> {
    if let Some([amin, amax, wa, bmin, bmax, wb]) = as_f64_boxes(a, va, b, vb)
        && let Some(decided) = aabb_fast(&amin, &amax, &wa, &bmin, &bmax, &wb)
        && let Some(hit) = fast_times(decided?)
    {
        return Some(hit);
    }
    let mut c = Collect::new(true);
    c.add(&aabb_boxes(a, va, b, vb)?);
    c.finish()
}

/// The bound `E = 6u·|t̃| + 2η` on the error of a rounded Gomez time
/// `t̃ = fl(fl(α)/fl(β))` (`proofs/sweep.md`, section 4.1).
#[inline(always)]
fn gomez_error(t: f64) -> f64 {
    t.abs() * (6.0 * U) + 2.0 * f64::from_bits(1)
}

/// Gomez's sweep in `f64` with certified decisions (`proofs/sweep.md`, section 4.1):
/// `Some(None)` a certain miss, `Some(Some([first, first_error, last, last_error]))` a
/// certain touch with its rounded times and their bounds, `None` when the rounded times
/// do not decide (near ties, a time that overflows, a non-finite input): then the exact
/// engine does.
#[inline(always)]
fn aabb_fast(
    amin: &[f64; 3],
    amax: &[f64; 3],
    wa: &[f64; 3],
    bmin: &[f64; 3],
    bmax: &[f64; 3],
    wb: &[f64; 3],
) -> Option<Option<[f64; 4]>> {
    // [lo_dn, lo_up]: where the latest entry can be; [hi_dn, hi_up]: the earliest exit.
    let (mut lo_dn, mut lo_up, mut hi_dn, mut hi_up) = (0.0f64, 0.0f64, 1.0f64, 1.0f64);
    // Per moving axis: the rounded entry and exit times and their bounds.
    let mut times = [[f64::NAN; 4]; 3];
    for k in 0..3 {
        if !(amin[k] <= amax[k] && bmin[k] <= bmax[k]) {
            return Some(None); // an empty box (or NaN): never touches
        }
        // b moves relative to a by w; the projections overlap iff
        // b.max + u·w ≥ a.min and b.min + u·w ≤ a.max.
        let w = wb[k] - wa[k];
        if w == 0.0 {
            // Exactly at rest on this axis (with gradual underflow, x − y = 0 iff x = y):
            // the exact comparisons decide it for every u.
            if !(bmax[k] >= amin[k] && bmin[k] <= amax[k]) {
                return Some(None);
            }
            continue;
        }
        let t1 = (amin[k] - bmax[k]) / w;
        let t2 = (amax[k] - bmin[k]) / w;
        let (enter, exit) = if w > 0.0 { (t1, t2) } else { (t2, t1) };
        if !(enter.is_finite() && exit.is_finite()) {
            return None;
        }
        let (ee, ex) = (gomez_error(enter), gomez_error(exit));
        lo_dn = lo_dn.max(enter - ee);
        lo_up = lo_up.max(enter + ee);
        hi_dn = hi_dn.min(exit - ex);
        hi_up = hi_up.min(exit + ex);
        times[k] = [enter, ee, exit, ex];
    }
    if lo_dn > hi_up {
        return Some(None);
    }
    if lo_up >= hi_dn {
        return None;
    }
    // A certain touch. Every input is finite: an infinite coordinate makes a time
    // non-finite or fails a comparison, except on an axis at rest, where `x·0` shows it.
    let all = amin
        .iter()
        .chain(amax)
        .chain(wa)
        .chain(bmin)
        .chain(bmax)
        .chain(wb);
    if all.fold(0.0, |s, x| s + x * 0.0) != 0.0 {
        return None;
    }
    // The reported times: the largest rounded entry (or 0) and the smallest rounded exit
    // (or 1), each with the largest bound among the candidates that may be the exact one.
    let (mut first, mut last) = (0.0f64, 1.0f64);
    for [enter, _, exit, _] in times {
        // NaN (an axis at rest) never wins a max or min.
        first = first.max(enter);
        last = last.min(exit);
    }
    let (mut first_error, mut last_error) = (0.0f64, 0.0f64);
    for [enter, ee, exit, ex] in times {
        if enter + ee >= first {
            first_error = first_error.max(ee);
        }
        if exit - ex <= last {
            last_error = last_error.max(ex);
        }
    }
    Some(Some([first, first_error, last, last_error]))
}

/// `a.min, a.max, va, b.min, b.max, vb` in `f64`, for float types.
#[inline(always)]
fn as_f64_boxes<T: Scalar>(
    a: &Aabb<T>,
    va: &[T; 3],
    b: &Aabb<T>,
    vb: &[T; 3],
) -> Option<[[f64; 3]; 6]> {
    Some([
        as_f64_array(&a.min)?,
        as_f64_array(&a.max)?,
        as_f64_array(va)?,
        as_f64_array(&b.min)?,
        as_f64_array(&b.max)?,
        as_f64_array(vb)?,
    ])
}

/// The piece of the sweep of `a` and `b`, or `None` for a NaN or infinite input, an
/// empty box, or a certain miss of the `f64` filter.
pub(crate) fn aabb_boxes<'a, T: Scalar>(
    a: &'a Aabb<T>,
    va: &'a [T; 3],
    b: &'a Aabb<T>,
    vb: &'a [T; 3],
) -> Option<Boxes<'a, T>> {
    if !finite(&[&a.min, &a.max, va, &b.min, &b.max, vb]) {
        return None;
    }
    if (0..3).any(|k| a.min[k] > a.max[k] || b.min[k] > b.max[k]) {
        return None;
    }
    if let Some([amin, amax, wa, bmin, bmax, wb]) = as_f64_boxes(a, va, b, vb)
        && swept_misses(&bmin, &bmax, 0.0, &wb, &wa, &amin, &amax)
    {
        return None;
    }
    Some(Boxes { a, va, b, vb })
}

/// [`sweep_aabb_aabb`], refusing bad input.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate (`what` is `"min"`, `"max"`
/// or `"displacement"`; `argument` 0 is `a`, 1 its displacement, 2 `b`, 3 its
/// displacement) and [`InputError::InvertedBox`] for `min > max` on an axis.
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_aabb_aabb;
/// use isect::{Aabb, InputError};
/// let a = Aabb::new([0.0; 3], [1.0; 3]);
/// let bad = Aabb::new([0.0, 2.0, 0.0], [1.0; 3]);
/// assert_eq!(
///     try_sweep_aabb_aabb(&a, &[0.0; 3], &bad, &[0.0; 3]),
///     Err(InputError::InvertedBox { argument: 2, axis: 1 })
/// );
/// ```
pub fn try_sweep_aabb_aabb<T: Scalar>(
    a: &Aabb<T>,
    va: &[T; 3],
    b: &Aabb<T>,
    vb: &[T; 3],
) -> Result<Option<SweepHit<T>>, InputError> {
    validate_sweep(a, va, b, vb)?;
    Ok(sweep_aabb_aabb(a, va, b, vb))
}
