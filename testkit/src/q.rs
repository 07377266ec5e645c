//! Exact rationals for the oracles: conversions from floats and integers, and the few
//! vector operations the oracles are written with.
//!
//! These are written here, apart from the library's own ring-generic helpers, so that
//! an oracle built on them shares no code with the code it checks.

use isect::Sign;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// Exact rationals, the oracles' number type.
pub type Q = BigRational;

/// The exact value of a finite `f64`.
///
/// # Panics
///
/// If `x` is NaN or infinite.
pub fn q(x: f64) -> Q {
    Q::from_float(x).unwrap_or_else(|| panic!("{x} has no exact rational value"))
}

/// An integer as a rational.
pub fn qi(n: i64) -> Q {
    Q::from_integer(n.into())
}

/// The exact value of a finite plane point.
pub fn q2(p: &[f64; 2]) -> [Q; 2] {
    p.map(q)
}

/// The exact value of a finite point.
pub fn q3(p: &[f64; 3]) -> [Q; 3] {
    p.map(q)
}

/// `2^k` as an exact rational, any `k`.
pub fn q_pow2(k: i32) -> Q {
    let p = BigInt::one() << k.unsigned_abs();
    if k >= 0 {
        Q::from_integer(p)
    } else {
        Q::new(BigInt::one(), p)
    }
}

/// The sign of a rational.
pub fn sign(x: &Q) -> Sign {
    if x.is_zero() {
        Sign::Zero
    } else if x.is_positive() {
        Sign::Positive
    } else {
        Sign::Negative
    }
}

/// `a − b`.
pub fn sub(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    std::array::from_fn(|i| &a[i] - &b[i])
}

/// `a + b`.
pub fn add(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    std::array::from_fn(|i| &a[i] + &b[i])
}

/// `s · a`.
pub fn scale(a: &[Q; 3], s: &Q) -> [Q; 3] {
    std::array::from_fn(|i| &a[i] * s)
}

/// `a · b`.
pub fn dot(a: &[Q; 3], b: &[Q; 3]) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

/// `a × b`.
pub fn cross(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

/// `det[a; b; c] = a · (b × c)`.
pub fn det3(a: &[Q; 3], b: &[Q; 3], c: &[Q; 3]) -> Q {
    dot(a, &cross(b, c))
}

/// A `BigRational` as a GMP rational, exactly (through the integers' hexadecimal digits,
/// not through isect's own conversions).
#[cfg(feature = "rug")]
pub fn to_rug(x: &Q) -> rug::Rational {
    let n = rug::Integer::from_str_radix(&x.numer().to_str_radix(16), 16).expect("hex digits");
    let d = rug::Integer::from_str_radix(&x.denom().to_str_radix(16), 16).expect("hex digits");
    rug::Rational::from((n, d))
}
