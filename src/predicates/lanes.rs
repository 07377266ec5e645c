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

/// Four `f64` lanes, one per row of a batch chunk.
#[derive(Clone, Copy, Debug)]
pub(super) struct V(pub(super) [f64; W]);

impl V {
    /// Lane by lane `f(self[l], other[l])`.
    #[inline(always)]
    fn zip(self, other: V, f: impl Fn(f64, f64) -> f64) -> V {
        let mut r = [0.0; W];
        for l in 0..W {
            r[l] = f(self.0[l], other.0[l]);
        }
        V(r)
    }
}

impl Add for V {
    type Output = V;
    #[inline(always)]
    fn add(self, o: V) -> V {
        self.zip(o, |a, b| a + b)
    }
}

impl Sub for V {
    type Output = V;
    #[inline(always)]
    fn sub(self, o: V) -> V {
        self.zip(o, |a, b| a - b)
    }
}

impl Mul for V {
    type Output = V;
    #[inline(always)]
    fn mul(self, o: V) -> V {
        self.zip(o, |a, b| a * b)
    }
}

impl Lane for V {
    #[inline(always)]
    fn splat(x: f64) -> V {
        V([x; W])
    }
    #[inline(always)]
    fn abs(self) -> V {
        V(self.0.map(f64::abs))
    }
    #[inline(always)]
    fn max(self, other: V) -> V {
        self.zip(other, Lane::max)
    }
}
