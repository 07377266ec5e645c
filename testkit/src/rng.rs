//! The one seeded generator of the suites: the library's own SplitMix64,
//! [`isect::oracle::Rng`], with a few conveniences for drawing test inputs.
//!
//! Every seeded loop of the tests and every bench input comes from it, so a seed names
//! the same inputs on every platform and in every suite.

pub use isect::oracle::Rng;

/// Conveniences over [`Rng`] for test and bench inputs.
pub trait RngExt {
    /// Uniform in `[-1, 1)`: a random multiple of 2⁻⁵² (exact, no rounding).
    fn signed(&mut self) -> f64;
    /// A point with every coordinate uniform in `[-half, half)` (`signed() · half`).
    fn point<const N: usize>(&mut self, half: f64) -> [f64; N];
    /// A point with every coordinate uniform in `[lo, hi)` ([`Rng::uniform`]).
    fn point_in<const N: usize>(&mut self, lo: f64, hi: f64) -> [f64; N];
}

impl RngExt for Rng {
    fn signed(&mut self) -> f64 {
        self.uniform(-1.0, 1.0)
    }

    fn point<const N: usize>(&mut self, half: f64) -> [f64; N] {
        std::array::from_fn(|_| self.signed() * half)
    }

    fn point_in<const N: usize>(&mut self, lo: f64, hi: f64) -> [f64; N] {
        std::array::from_fn(|_| self.uniform(lo, hi))
    }
}
