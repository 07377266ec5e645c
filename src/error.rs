//! Errors reported for input that no exact answer exists for.

use core::fmt;

/// Input that a `try_` entry point rejects instead of answering.
///
/// # Examples
///
/// ```
/// use isect::{try_orient2d, InputError};
/// let err = try_orient2d([0.0, 0.0], [1.0, f64::NAN], [0.0, 1.0]).unwrap_err();
/// assert_eq!(err, InputError::NonFinite { predicate: "orient2d", point: 1, axis: 1, value: f64::NAN.into() });
/// assert_eq!(err.to_string(), "orient2d: coordinate y of point b (argument 2) is NaN");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum InputError {
    /// A coordinate is NaN or infinite.
    NonFinite {
        /// The entry point that rejected the input (`"orient2d"`, …).
        predicate: &'static str,
        /// Which argument, counted from 0 (`0` is `a`).
        point: usize,
        /// Which coordinate, counted from 0 (`0` is x).
        axis: usize,
        /// The offending value.
        value: NonFiniteValue,
    },
}

/// A non-finite coordinate value, compared by kind so that `NaN == NaN` holds in error values.
///
/// # Examples
///
/// ```
/// use isect::NonFiniteValue;
/// assert_eq!(NonFiniteValue::from(f64::NAN), NonFiniteValue::NaN);
/// assert_eq!(NonFiniteValue::from(f64::NEG_INFINITY), NonFiniteValue::NegInfinity);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NonFiniteValue {
    /// Not a number.
    NaN,
    /// Positive infinity.
    PosInfinity,
    /// Negative infinity.
    NegInfinity,
}

impl From<f64> for NonFiniteValue {
    /// Classifies a non-finite value; a finite value (which never occurs in an error) maps to `NaN`.
    fn from(x: f64) -> Self {
        if x == f64::INFINITY {
            NonFiniteValue::PosInfinity
        } else if x == f64::NEG_INFINITY {
            NonFiniteValue::NegInfinity
        } else {
            NonFiniteValue::NaN
        }
    }
}

impl fmt::Display for NonFiniteValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NonFiniteValue::NaN => "NaN",
            NonFiniteValue::PosInfinity => "+infinity",
            NonFiniteValue::NegInfinity => "-infinity",
        })
    }
}

const POINT_NAMES: [&str; 5] = ["a", "b", "c", "d", "e"];
const AXIS_NAMES: [&str; 3] = ["x", "y", "z"];

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NonFinite {
                predicate,
                point,
                axis,
                value,
            } => write!(
                f,
                "{predicate}: coordinate {} of point {} (argument {}) is {value}",
                AXIS_NAMES.get(*axis).copied().unwrap_or("?"),
                POINT_NAMES.get(*point).copied().unwrap_or("?"),
                point + 1
            ),
        }
    }
}

#[cfg(feature = "std")]
impl core::error::Error for InputError {}
