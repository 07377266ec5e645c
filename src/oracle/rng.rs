//! The crate's one pseudo-random generator, SplitMix64, so that every scene, generator,
//! test and benchmark is a pure function of its seed on every platform.

/// The deterministic pseudo-random generator of isect: SplitMix64 (Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", OOPSLA 2014).
///
/// **The one generator of the project.** The oracle's generators and scenes draw from it,
/// and isect's own unit tests, integration tests, benchmarks and fuzz targets use it
/// rather than a copy of their own (no `rand` dependency): same seed, same stream, on
/// every platform and every build, which is what makes scenes, counterexamples and
/// benchmark inputs reproducible. Not cryptographic.
///
/// | method | draws |
/// |---|---|
/// | [`next_u64`](Rng::next_u64) | 64 uniform bits |
/// | [`next_f64`](Rng::next_f64) | uniform in `[0, 1)`, a multiple of 2⁻⁵³ |
/// | [`uniform`](Rng::uniform) | uniform in `[lo, hi)` (rounded) |
/// | [`range`](Rng::range) | an integer in `lo..=hi` |
/// | [`below`](Rng::below) | an index in `0..n` |
/// | [`next_bool`](Rng::next_bool) | a fair coin |
/// | [`chance`](Rng::chance) | `true` with probability `p` |
/// | [`pick`](Rng::pick) | an element of a slice |
///
/// # Examples
///
/// ```
/// use isect::oracle::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// let x = a.next_f64();
/// assert!((0.0..1.0).contains(&x));
/// let corner = *a.pick(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]);
/// assert!(corner[0] + corner[1] <= 1.0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose stream is determined by `seed`.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut rng = isect::oracle::Rng::new(0);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 uniformly distributed bits.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut rng = isect::oracle::Rng::new(1);
    /// let _bits: u64 = rng.next_u64();
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`: the top 53 bits of [`next_u64`](Rng::next_u64) times 2⁻⁵³
    /// (exact, no rounding).
    ///
    /// # Examples
    ///
    /// ```
    /// let x = isect::oracle::Rng::new(3).next_f64();
    /// assert!(x >= 0.0 && x < 1.0);
    /// ```
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `[lo, hi)` (computed as `lo + (hi − lo)·next_f64()`, rounded; may equal
    /// `hi` by rounding when the span is not a power of two).
    ///
    /// # Examples
    ///
    /// ```
    /// let x = isect::oracle::Rng::new(3).uniform(-1.0, 1.0);
    /// assert!((-1.0..=1.0).contains(&x));
    /// ```
    #[inline]
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// Uniform integer in `lo..=hi` (slightly biased by a modulo for huge spans; fine for
    /// test generation). Returns `lo` if `hi < lo`.
    ///
    /// # Examples
    ///
    /// ```
    /// let k = isect::oracle::Rng::new(5).range(-3, 3);
    /// assert!((-3..=3).contains(&k));
    /// ```
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = (hi as i128 - lo as i128 + 1) as u128;
        (lo as i128 + (self.next_u64() as u128 % span) as i128) as i64
    }

    /// A uniform index in `0..n` (`next_u64() % n`; `0` if `n == 0`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(isect::oracle::Rng::new(9).below(10) < 10);
    /// ```
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// A fair coin: the top bit of [`next_u64`](Rng::next_u64).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut rng = isect::oracle::Rng::new(4);
    /// let heads = (0..1000).filter(|_| rng.next_bool()).count();
    /// assert!(400 < heads && heads < 600);
    /// ```
    #[inline]
    pub fn next_bool(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// `true` with probability `p` (`next_f64() < p`, so `p` outside `[0, 1]` acts as
    /// clamped).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(isect::oracle::Rng::new(9).chance(1.0));
    /// ```
    #[inline]
    pub fn chance(&mut self, p: f64) -> bool {
        self.next_f64() < p
    }

    /// A uniformly chosen element of `items` (`&items[self.below(items.len())]`).
    ///
    /// # Panics
    ///
    /// If `items` is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut rng = isect::oracle::Rng::new(2);
    /// let e = *rng.pick(&[-1074, 0, 1023]);
    /// assert!([-1074, 0, 1023].contains(&e));
    /// ```
    #[inline]
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// `2^k` as an `f64`, exactly, for `-1074 ≤ k ≤ 1023` (`0` below, `inf` above).
pub(crate) fn pow2(k: i32) -> f64 {
    if k > 1023 {
        f64::INFINITY
    } else if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else if k >= -1074 {
        f64::from_bits(1u64 << (k + 1074))
    } else {
        0.0
    }
}

/// `x·2^k` with a single rounding at most (exact unless the result is subnormal or
/// overflows), by steps that never overflow or underflow in between.
pub(crate) fn scale2(mut x: f64, mut k: i32) -> f64 {
    while k > 1000 {
        x *= pow2(1000);
        k -= 1000;
    }
    while k < -1000 {
        // Split so that only the last step can round.
        if k < -2000 {
            x *= pow2(-1000);
            k += 1000;
        } else {
            let h = k / 2;
            x *= pow2(h);
            k -= h;
        }
    }
    x * pow2(k)
}

/// `x` rounded to the nearest multiple of `2^k` (ties away from zero).
pub(crate) fn round_to(x: f64, k: i32) -> f64 {
    scale2(scale2(x, -k).round(), k)
}
