//! The float types the audit runs the fast tests in.

use num_rational::BigRational;

/// `f32` or `f64`: everything the audited fast tests need.
pub trait AuditFloat: isect::FloatScalar + Send + Sync {
    /// `f32` or `f64`.
    const NAME: &'static str;
    /// `x` rounded to this type (to nearest).
    fn from_f64(x: f64) -> Self;
    /// The value as an exact rational.
    fn rational(self) -> BigRational;
}

impl AuditFloat for f64 {
    const NAME: &'static str = "f64";
    fn from_f64(x: f64) -> f64 {
        x
    }
    fn rational(self) -> BigRational {
        BigRational::from_float(self).unwrap_or_default()
    }
}

impl AuditFloat for f32 {
    const NAME: &'static str = "f32";
    fn from_f64(x: f64) -> f32 {
        x as f32
    }
    fn rational(self) -> BigRational {
        BigRational::from_float(f64::from(self)).unwrap_or_default()
    }
}
