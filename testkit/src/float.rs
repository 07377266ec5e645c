//! Float types as test inputs: the [`Fl`] trait over `f32` and `f64`, exact scaling by
//! powers of two, ulp steps, and point-array helpers.
//!
//! The strategies and checks are written once over [`Fl`] and run for both formats.

use std::fmt::Debug;

use num_rational::BigRational;

use crate::q::Q;

/// What the generators need of a float type.
pub trait Fl: isect::Scalar + Copy + PartialEq + Debug + Send + Sync {
    /// The type's name in messages: `"f64"` or `"f32"`.
    const NAME: &'static str;
    /// Exponent of the smallest subnormal (its only bit): -1074 / -149.
    const MIN_EXP: i32;
    /// Exponent of the top bit of `MAX`: 1023 / 127.
    const MAX_EXP: i32;
    /// Significand bits including the hidden one: 53 / 24.
    const MANT: u32;
    /// The largest finite value.
    const MAX: Self;
    /// The smallest positive normal value.
    const MIN_POSITIVE: Self;
    /// The smallest positive subnormal value.
    const TINY: Self;
    /// Rounds an `f64` to this type (identity for `f64`).
    fn from_f64(x: f64) -> Self;
    /// Exact widening to `f64`.
    fn wide(self) -> f64;
    /// A finite value from random bits (every finite value reachable).
    fn from_random_bits(bits: u64) -> Self;
    /// The next representable value towards +∞.
    fn up(self) -> Self;
    /// The next representable value towards −∞.
    fn down(self) -> Self;
    /// Whether the value is finite.
    fn is_fin(self) -> bool;
    /// `self · 2^k`, rounded once where possible.
    fn mul_pow2(self, k: i32) -> Self;
    /// Boundary values of the type.
    fn specials() -> Vec<Self>;
    /// The exact value.
    fn q(self) -> Q {
        BigRational::from_float(self.wide()).expect("finite float")
    }
}

/// `2^k` as an `f64`, exact for `-1074 <= k <= 1023`.
pub fn pow2(k: i32) -> f64 {
    assert!((-1074..=1023).contains(&k), "2^{k} is not an f64");
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// `x · 2^k` in steps whose factors are normal powers of two.
pub fn mul_pow2_f64(mut x: f64, mut k: i32) -> f64 {
    while k > 600 {
        x *= pow2(600);
        k -= 600;
    }
    while k < -600 {
        x *= pow2(-600);
        k += 600;
    }
    x * pow2(k)
}

impl Fl for f64 {
    const NAME: &'static str = "f64";
    const MIN_EXP: i32 = -1074;
    const MAX_EXP: i32 = 1023;
    const MANT: u32 = 53;
    const MAX: f64 = f64::MAX;
    const MIN_POSITIVE: f64 = f64::MIN_POSITIVE;
    const TINY: f64 = 5e-324;
    fn from_f64(x: f64) -> f64 {
        x
    }
    fn wide(self) -> f64 {
        self
    }
    fn from_random_bits(bits: u64) -> f64 {
        let x = f64::from_bits(bits);
        if x.is_finite() {
            x
        } else {
            // Clear the top exponent bit: a finite value with a large exponent.
            f64::from_bits(bits & !(1u64 << 62))
        }
    }
    fn up(self) -> f64 {
        self.next_up()
    }
    fn down(self) -> f64 {
        self.next_down()
    }
    fn is_fin(self) -> bool {
        self.is_finite()
    }
    fn mul_pow2(self, k: i32) -> f64 {
        mul_pow2_f64(self, k)
    }
    fn specials() -> Vec<f64> {
        let pos = [
            0.0,
            5e-324,
            1e-323,
            f64::MIN_POSITIVE,
            f64::MIN_POSITIVE.next_down(), // largest subnormal
            f64::MIN_POSITIVE.next_up(),
            1.5 * f64::MIN_POSITIVE,
            1e-300,
            1e-200,
            pow2(-537),
            0.5,
            1.0,
            1.0f64.next_up(),
            1.0f64.next_down(),
            3.0,
            1e200,
            1e300,
            pow2(511),
            pow2(1023),
            f64::MAX.next_down(),
            f64::MAX,
        ];
        pos.iter().flat_map(|&x| [x, -x]).collect()
    }
}

impl Fl for f32 {
    const NAME: &'static str = "f32";
    const MIN_EXP: i32 = -149;
    const MAX_EXP: i32 = 127;
    const MANT: u32 = 24;
    const MAX: f32 = f32::MAX;
    const MIN_POSITIVE: f32 = f32::MIN_POSITIVE;
    const TINY: f32 = 1e-45;
    fn from_f64(x: f64) -> f32 {
        x as f32
    }
    fn wide(self) -> f64 {
        f64::from(self)
    }
    fn from_random_bits(bits: u64) -> f32 {
        let b = bits as u32;
        let x = f32::from_bits(b);
        if x.is_finite() {
            x
        } else {
            f32::from_bits(b & !(1u32 << 30))
        }
    }
    fn up(self) -> f32 {
        self.next_up()
    }
    fn down(self) -> f32 {
        self.next_down()
    }
    fn is_fin(self) -> bool {
        self.is_finite()
    }
    fn mul_pow2(self, k: i32) -> f32 {
        // Exact in f64 for the k range f32 needs, then one rounding.
        (f64::from(self) * pow2(k.clamp(-1000, 1000))) as f32
    }
    fn specials() -> Vec<f32> {
        let pos = [
            0.0f32,
            1e-45,
            3e-45,
            f32::MIN_POSITIVE,
            f32::MIN_POSITIVE.next_down(),
            f32::MIN_POSITIVE.next_up(),
            1e-30,
            1e-20,
            0.5,
            1.0,
            1.0f32.next_up(),
            1.0f32.next_down(),
            3.0,
            1e20,
            1e30,
            f32::MAX.next_down(),
            f32::MAX,
        ];
        pos.iter().flat_map(|&x| [x, -x]).collect()
    }
}

/// `x` moved by `n` ulps (`n > 0` upwards).
pub fn nudge<F: Fl>(mut x: F, n: i32) -> F {
    for _ in 0..n.unsigned_abs() {
        x = if n > 0 { x.up() } else { x.down() };
    }
    x
}

/// `(lowest set bit exponent, top bit exponent)` of a nonzero finite value.
pub fn bit_span(x: f64) -> Option<(i32, i32)> {
    if x == 0.0 || !x.is_finite() {
        return None;
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    Some((
        e + m.trailing_zeros() as i32,
        e + 63 - m.leading_zeros() as i32,
    ))
}

/// The range of `k` for which multiplying every coordinate by `2^k` is exact in `F`
/// (no rounding in the subnormal range, no overflow). `None` if all coordinates are zero.
pub fn exact_scale_range<F: Fl>(coords: impl IntoIterator<Item = F>) -> Option<(i32, i32)> {
    let mut low = i32::MAX;
    let mut high = i32::MIN;
    for x in coords {
        if let Some((l, h)) = bit_span(x.wide()) {
            low = low.min(l);
            high = high.max(h);
        }
    }
    (low != i32::MAX).then(|| (F::MIN_EXP - low, F::MAX_EXP - high))
}

/// Applies `f` to every coordinate of every point.
pub fn map_pts<A: Copy, B, const D: usize, const N: usize>(
    p: &[[A; D]; N],
    f: impl Fn(A) -> B,
) -> [[B; D]; N] {
    std::array::from_fn(|i| std::array::from_fn(|j| f(p[i][j])))
}

/// The exact values of every coordinate.
pub fn to_q<F: Fl, const D: usize, const N: usize>(p: &[[F; D]; N]) -> [[Q; D]; N] {
    std::array::from_fn(|i| std::array::from_fn(|j| p[i][j].q()))
}
