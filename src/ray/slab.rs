//! The exact slab method, shared by [`ray_aabb`](fn@super::ray_aabb) and
//! [`ray_obb`](fn@super::ray_obb): on each axis the ray must lie between two planes, and
//! which slab is entered last and left first is decided by exact signs.

use super::Span;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::{Scalar, Sign};

/// A slab problem: on each axis `i`, the ray coordinate `origin(i) + t·dir(i)` must lie in
/// `[lo(i), hi(i)]`. Every quantity is a polynomial in the input numbers, written once over
/// any ring (see [`Polynomial`]).
pub(crate) trait SlabFrame<T> {
    /// Lower bound of slab `i`.
    fn lo<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R;
    /// Upper bound of slab `i`.
    fn hi<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R;
    /// The origin's coordinate on axis `i`.
    fn origin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R;
    /// The direction's coordinate on axis `i`.
    fn dir<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> R;

    /// `lo(i)` if `near_lo` else `hi(i)`.
    fn bound<R: Ring>(&self, i: usize, use_lo: bool, lift: &impl Fn(&T) -> R) -> R {
        if use_lo {
            self.lo(i, lift)
        } else {
            self.hi(i, lift)
        }
    }
}

/// The polynomials the slab core takes signs of.
#[derive(Clone, Copy)]
enum SlabQ {
    /// `dir(i)`
    Dir(usize),
    /// `hi(i) − lo(i)`
    Width(usize),
    /// `bound(i) − origin(i)` with the bound chosen by the flag (`true`: `lo`).
    Gap(usize, bool),
    /// `(bound_j − origin_j)·dir_i − (bound_i − origin_i)·dir_j`: with `d_i, d_j ≠ 0`, its
    /// sign times `sign(d_i)·sign(d_j)` is the sign of `t_j − t_i`, where
    /// `t_k = (bound_k − origin_k)/dir_k`.
    Cross(usize, bool, usize, bool),
}

struct SlabPoly<'a, F>(&'a F, SlabQ);

impl<T, F: SlabFrame<T>> Polynomial<T> for SlabPoly<'_, F> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let f = self.0;
        let gap = |i: usize, lo: bool| f.bound(i, lo, lift) - f.origin(i, lift);
        match self.1 {
            SlabQ::Dir(i) => f.dir(i, lift),
            SlabQ::Width(i) => f.hi(i, lift) - f.lo(i, lift),
            SlabQ::Gap(i, lo) => gap(i, lo),
            SlabQ::Cross(i, bi, j, bj) => gap(j, bj) * f.dir(i, lift) - gap(i, bi) * f.dir(j, lift),
        }
    }
}

/// The exact answer of a slab problem: which axes give the entry and the exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SlabHit {
    /// The axis whose near plane is the entry, with its bound (`true`: `lo`); `None` when
    /// the entry is `t = 0` (the origin is inside).
    pub(crate) enter: Option<(usize, bool)>,
    /// The axis whose far plane is the exit, with its bound; `None` when no axis moves
    /// (zero direction: the ray is the single point `origin`).
    pub(crate) exit: Option<(usize, bool)>,
}

/// The exact slab test: `Some` iff some `t ≥ 0` puts the ray in every closed slab.
/// Every decision is the exact sign of a polynomial of the frame (non-finite inputs must
/// be rejected by the caller: they read as `Zero`).
pub(crate) fn slab_exact<T: Scalar, F: SlabFrame<T>>(f: &F) -> Option<SlabHit> {
    let sign = |q: SlabQ| polynomial_sign::<T, _>(&SlabPoly(f, q));
    let mut dirs = [Sign::Zero; 3];
    for (i, s) in dirs.iter_mut().enumerate() {
        if sign(SlabQ::Width(i)) == Sign::Negative {
            return None; // empty slab
        }
        *s = sign(SlabQ::Dir(i));
        if *s == Sign::Zero
            && (sign(SlabQ::Gap(i, true)) == Sign::Positive
                || sign(SlabQ::Gap(i, false)) == Sign::Negative)
        {
            return None; // parallel to the slab and outside it
        }
    }
    // Moving axes: near bound is lo when d > 0, hi when d < 0; far the other.
    // `later(i, bi, j, bj)`: is t_j − t_i positive, zero, negative.
    let later = |i: usize, bi: bool, j: usize, bj: bool| {
        sign(SlabQ::Cross(i, bi, j, bj)) * dirs[i] * dirs[j]
    };
    let mut enter: Option<(usize, bool)> = None;
    let mut exit: Option<(usize, bool)> = None;
    for (i, &di) in dirs.iter().enumerate() {
        if di == Sign::Zero {
            continue;
        }
        let near = di == Sign::Positive;
        let far = !near;
        enter = match enter {
            Some((k, bk)) if later(k, bk, i, near) != Sign::Positive => Some((k, bk)),
            _ => Some((i, near)),
        };
        exit = match exit {
            Some((k, bk)) if later(k, bk, i, far) != Sign::Negative => Some((k, bk)),
            _ => Some((i, far)),
        };
    }
    let Some((j, bj)) = exit else {
        // Zero direction: the point `origin` is in every slab (checked above).
        return Some(SlabHit {
            enter: None,
            exit: None,
        });
    };
    // The exit must not be behind the origin: sign(t_j) = sign(gap_j)·sign(d_j).
    if sign(SlabQ::Gap(j, bj)) * dirs[j] == Sign::Negative {
        return None;
    }
    let (i, bi) = enter.expect("a moving axis gives both an entry and an exit");
    if i != j && later(i, bi, j, bj) == Sign::Negative {
        return None;
    }
    let enter = if sign(SlabQ::Gap(i, bi)) * dirs[i] == Sign::Positive {
        Some((i, bi))
    } else {
        None
    };
    Some(SlabHit {
        enter,
        exit: Some((j, bj)),
    })
}

/// The entry and exit parameters of an exact slab answer, computed in `T` as
/// `(bound − origin) / dir` (exact for rationals, rounded for floats); the exit is raised
/// to the entry if rounding put it below.
pub(crate) fn slab_span<T: Scalar, F: SlabFrame<T>>(f: &F, hit: SlabHit) -> Span<T> {
    let id = |x: &T| x.clone();
    let t = |(i, b): (usize, bool)| (f.bound(i, b, &id) - f.origin(i, &id)) / f.dir(i, &id);
    let t_enter = hit.enter.map_or_else(T::zero, t);
    let t_exit = hit.exit.map_or_else(T::zero, t);
    // Rounding can make the two independently computed values cross, or give −0.0.
    let t_exit = if t_exit < t_enter {
        t_enter.clone()
    } else {
        t_exit
    };
    Span { t_enter, t_exit }
}
