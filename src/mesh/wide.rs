//! Numbers with an `f64` mantissa and an unbounded exponent, for the BVH traversal of
//! rays outside the window where plain `f64` slab tests keep their bounds
//! ([`super::slab`]).

use super::slab::WINDOW;

/// A number `m·2^e` with `m = 0` or `1 ≤ |m| < 2` and an exponent that cannot overflow in
/// this module's use; [`Wide::INF`] stands for +∞. Every operation rounds at most once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Wide {
    pub(super) m: f64,
    pub(super) e: i32,
}

/// 2⁶⁴, to normalize subnormals.
const TWO_64: f64 = 18446744073709551616.0;

impl Wide {
    pub(super) const ZERO: Wide = Wide { m: 0.0, e: 0 };
    /// Above every finite value (finite values here have `|e| < 5000`).
    pub(super) const INF: Wide = Wide { m: 1.0, e: 1 << 20 };

    /// Exact, for finite `x`.
    pub(super) fn from_f64(x: f64) -> Wide {
        if x == 0.0 {
            return Wide::ZERO;
        }
        let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
            (x * TWO_64, -64)
        } else {
            (x, 0)
        };
        let bits = x.to_bits();
        let exp = ((bits >> 52) & 0x7ff) as i32;
        let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1023u64 << 52));
        Wide {
            m,
            e: exp - 1023 + bias,
        }
    }

    fn normalize(m: f64, e: i32) -> Wide {
        if m == 0.0 {
            Wide::ZERO
        } else if m.abs() >= 2.0 {
            Wide {
                m: m * 0.5,
                e: e + 1,
            }
        } else if m.abs() < 1.0 {
            Wide {
                m: m * 2.0,
                e: e - 1,
            }
        } else {
            Wide { m, e }
        }
    }

    /// One rounding (the mantissa product).
    pub(super) fn mul(self, other: Wide) -> Wide {
        if self.e == Wide::INF.e || other.e == Wide::INF.e {
            return Wide::INF;
        }
        Wide::normalize(self.m * other.m, self.e + other.e)
    }

    /// `1/x` for finite nonzero `x`: one rounding.
    pub(super) fn recip(x: f64) -> Wide {
        let w = Wide::from_f64(x);
        Wide::normalize(1.0 / w.m, -w.e)
    }

    /// `b − o` for finite `b`, `o`: within a factor `(1 ± u)²` (one rounding, or, above
    /// `2¹⁰²¹`, the halvings: exact for large operands, `2⁻¹⁰⁷⁵` off for tiny ones, which
    /// are negligible against a result above `2¹⁰²⁰`).
    pub(super) fn diff(b: f64, o: f64) -> Wide {
        if b.abs() < 0.5 * WINDOW && o.abs() < 0.5 * WINDOW {
            Wide::from_f64(b - o)
        } else {
            let w = Wide::from_f64(0.5 * b - 0.5 * o);
            if w.m == 0.0 {
                w
            } else {
                Wide { m: w.m, e: w.e + 1 }
            }
        }
    }

    /// `self ≤ other`, exactly.
    pub(super) fn le(self, other: Wide) -> bool {
        let sa = sign(self.m);
        let sb = sign(other.m);
        if sa != sb {
            return sa < sb;
        }
        match sa {
            0 => true,
            1 => self.e < other.e || (self.e == other.e && self.m <= other.m),
            _ => self.e > other.e || (self.e == other.e && self.m <= other.m),
        }
    }
}

fn sign(m: f64) -> i32 {
    if m > 0.0 {
        1
    } else if m < 0.0 {
        -1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Rng;
    use crate::scalar::ldexp;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use num_traits::{One, Signed};

    fn q(x: f64) -> BigRational {
        BigRational::from_float(x).expect("finite")
    }

    fn pow2(k: i32) -> f64 {
        ldexp(1.0, k)
    }

    #[test]
    fn wide_is_exact_and_ordered() {
        let mut rng = Rng::new(10);
        let value = |w: Wide| -> BigRational {
            let m = q(w.m);
            let two = BigRational::from_integer(BigInt::from(2));
            if w.e >= 0 {
                m * num_traits::pow(two, w.e as usize)
            } else {
                m / num_traits::pow(two, (-w.e) as usize)
            }
        };
        let mut samples = vec![
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            pow2(-1074),
            -pow2(-1074),
            f64::MAX,
            -f64::MAX,
            1.0,
            1.5,
            -1.5,
        ];
        for _ in 0..300 {
            let e = rng.below(2098) as i32 - 1074;
            let m = rng.uniform(1.0, 2.0);
            let s = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            samples.push(s * m * pow2(e.min(1023)) * if e > 1023 { 0.5 } else { 1.0 });
        }
        for &x in &samples {
            let w = Wide::from_f64(x);
            assert!(w.m == 0.0 || (1.0..2.0).contains(&w.m.abs()));
            assert_eq!(value(w), q(x), "{x:e}");
        }
        for &x in &samples {
            for &y in samples.iter().step_by(7) {
                let (a, b) = (Wide::from_f64(x), Wide::from_f64(y));
                assert_eq!(a.le(b), q(x) <= q(y), "{x:e} <= {y:e}");
                // Products and reciprocals within one rounding.
                let p = value(a.mul(b));
                let exact = q(x) * q(y);
                let err = (&p - &exact).abs();
                assert!(err <= exact.abs() * q(pow2(-53)));
                if y != 0.0 {
                    let r = value(Wide::recip(y));
                    let exact = BigRational::one() / q(y);
                    assert!((&r - &exact).abs() <= exact.abs() * q(pow2(-53)));
                }
                let df = value(Wide::diff(x, y));
                let exact = q(x) - q(y);
                assert!(
                    (&df - &exact).abs() <= exact.abs() * q(pow2(-52)),
                    "{x:e} - {y:e}"
                );
            }
        }
    }
}
