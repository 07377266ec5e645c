//! AABB/AABB sweep (Gomez; Ericson §5.5.8).

use super::interval::Piece;
use super::{Collect, SweepHit, finite, swept_misses, validate_sweep};
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
    let mut c = Collect::new(true);
    c.add(&aabb_boxes(a, va, b, vb)?);
    c.finish()
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
    if let (Some(amin), Some(amax), Some(wa), Some(bmin), Some(bmax), Some(wb)) = (
        as_f64_array(&a.min),
        as_f64_array(&a.max),
        as_f64_array(va),
        as_f64_array(&b.min),
        as_f64_array(&b.max),
        as_f64_array(vb),
    ) && swept_misses(&bmin, &bmax, 0.0, &wb, &wa, &amin, &amax)
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
