//! One formula, two widths: the stage-A filters of `float.rs` are written over [`Lane`],
//! which is `f64` for the one-call predicates and [`V`] (four `f64` lanes, one per row)
//! for the batch predicates. Every operation of `V` is the `f64` operation lane by lane,
//! so a lane of the batch computes bit for bit what the one-call filter computes on its
//! row; written as loops over a fixed four-element array, LLVM turns each into packed
//! instructions (two `f64` per SSE2 instruction) without `unsafe` or a SIMD crate.

// Lane loops index several arrays by the lane number on purpose: `for l in 0..W` over
// fixed-size arrays is the shape LLVM's vectorizers turn into packed instructions.
#![allow(clippy::needless_range_loop)]

use core::ops::{Add, Mul, Sub};

/// The number type of a stage-A filter: `f64`, or [`V`] for four rows at once.
pub(super) trait Lane:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self>
{
    /// `x` in every lane.
    fn splat(x: f64) -> Self;
    /// `|x|`, exact.
    fn abs(self) -> Self;
    /// `if self > other { self } else { other }` (one `maxsd`/`maxpd`; for a NaN operand
    /// it may return either, which is harmless in the filters: a NaN anywhere makes the
    /// determinant NaN and fails the filter anyway).
    fn max(self, other: Self) -> Self;
}

impl Lane for f64 {
    #[inline(always)]
    fn splat(x: f64) -> f64 {
        x
    }
    #[inline(always)]
    fn abs(self) -> f64 {
        f64::abs(self)
    }
    #[inline(always)]
    fn max(self, other: f64) -> f64 {
        if self > other { self } else { other }
    }
}

/// Rows per batch chunk: four cost the fewest instructions per row over the four
/// predicates together, against two and eight (docs/BENCHMARKS.md, "Batch predicates").
pub(super) const W: usize = 4;

/// `N` `f64` lanes, one per row of a batch chunk: four by default; orient3d's and
/// insphere's chunk passes take two at a time ([`V2`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct V<const N: usize = W>(pub(super) [f64; N]);

/// Two lanes: orient3d's and insphere's chunk passes (on four, their live values do not
/// fit in sixteen SSE2 registers).
pub(super) type V2 = V<2>;

impl<const N: usize> V<N> {
    /// Lane by lane `f(self[l], other[l])`.
    #[inline(always)]
    fn zip(self, other: Self, f: impl Fn(f64, f64) -> f64) -> Self {
        let mut r = [0.0; N];
        for l in 0..N {
            r[l] = f(self.0[l], other.0[l]);
        }
        V(r)
    }
}

impl<const N: usize> Add for V<N> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.zip(o, |a, b| a + b)
    }
}

impl<const N: usize> Sub for V<N> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, |a, b| a - b)
    }
}

impl<const N: usize> Mul for V<N> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self.zip(o, |a, b| a * b)
    }
}

impl<const N: usize> Lane for V<N> {
    #[inline(always)]
    fn splat(x: f64) -> Self {
        V([x; N])
    }
    #[inline(always)]
    fn abs(self) -> Self {
        V(self.0.map(f64::abs))
    }
    #[inline(always)]
    fn max(self, other: Self) -> Self {
        self.zip(other, Lane::max)
    }
}

/// Two rows in one SSE2 register, as `wide` packs them: the batch filter's lane type where
/// it loads each coordinate of two consecutive rows as one pair (one packed load from a
/// slice per axis, [`Axes`](crate::predicates::Axes)), so that every operation is one
/// packed instruction on the rows' own lanes. Every operation is the `f64` operation lane
/// by lane, as for [`V`].
impl Lane for wide::f64x2 {
    #[inline(always)]
    fn splat(x: f64) -> Self {
        wide::f64x2::splat(x)
    }
    #[inline(always)]
    fn abs(self) -> Self {
        wide::f64x2::abs(self)
    }
    /// `self` where `self > other`, else `other` (NaN in either: `other`), as `f64`'s.
    #[inline(always)]
    fn max(self, other: Self) -> Self {
        // Lane by lane as `f64`'s select, which LLVM emits as one `maxpd` (`wide`'s
        // `fast_max` came out as `maxpd` and a NaN fix-up of the other operand).
        let (a, b) = (self.to_array(), other.to_array());
        wide::f64x2::from([Lane::max(a[0], b[0]), Lane::max(a[1], b[1])])
    }
}
