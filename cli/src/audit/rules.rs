//! The tolerance rules the audit sweeps, as one runtime-chosen [`Policy`].

use isect::policy::{Absolute, Exact, Policy, Ulps};
use isect::{Point2, Point3, Scalar, Sign};
use serde::Serialize;

/// One row of a sweep: how a fast test decides that a quantity is zero.
///
/// `Absolute(0.0)` is the plain formula with no tolerance (the policy layer's `Naive`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Rule {
    /// `Zero` when `|value| ≤ eps` ([`Absolute`]).
    Absolute(f64),
    /// `Zero` when `|value| ≤ n·ε_T·scale` ([`Ulps`]).
    Ulps(u32),
    /// The test has no tolerance to sweep (Woop, the conservative slab test): one row.
    Fixed,
    /// isect's exact answer computed by a second, independent path: zero errors by
    /// construction, and checked.
    Exact,
}

/// The absolute epsilons of the sweep: 0, 1e-12, 1e-11, …, 1e-2.
pub const ABSOLUTE: [f64; 12] = [
    0.0, 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2,
];

/// The relative tolerances of the sweep, in units of `ε_T` (2⁻⁵² for f64, 2⁻²³ for f32).
pub const ULPS: [u32; 5] = [1, 4, 16, 64, 256];

/// The epsilon RTR 22.8 and much code recommend; the audit's headline reads this row.
pub const RECOMMENDED: f64 = 1e-5;

/// The sweep: every absolute epsilon, then every ulps tolerance.
pub fn sweep() -> Vec<Rule> {
    ABSOLUTE
        .iter()
        .map(|&e| Rule::Absolute(e))
        .chain(ULPS.iter().map(|&n| Rule::Ulps(n)))
        .collect()
}

impl Rule {
    /// A short label: `0`, `1e-5`, `16 ulps`, `exact`, `—`.
    pub fn label(&self) -> String {
        match *self {
            Rule::Absolute(0.0) => "0".into(),
            Rule::Absolute(e) => format!("{e:e}"),
            Rule::Ulps(n) => format!("{n} ulps"),
            Rule::Fixed => "-".into(),
            Rule::Exact => "exact".into(),
        }
    }
}

impl<T: Scalar> Policy<T> for Rule {
    #[inline]
    fn sign(&self, value: &T, scale: &T) -> Sign {
        match *self {
            Rule::Absolute(eps) => Absolute { eps }.sign(value, scale),
            Rule::Ulps(n) => Ulps { n }.sign(value, scale),
            Rule::Fixed | Rule::Exact => Exact.sign(value, scale),
        }
    }

    #[inline]
    fn orient2d<P: Point2<Scalar = T>>(&self, a: P, b: P, c: P) -> Sign {
        match *self {
            Rule::Absolute(eps) => Absolute { eps }.orient2d(a, b, c),
            Rule::Ulps(n) => Ulps { n }.orient2d(a, b, c),
            Rule::Fixed | Rule::Exact => Exact.orient2d(a, b, c),
        }
    }

    #[inline]
    fn orient3d<P: Point3<Scalar = T>>(&self, a: P, b: P, c: P, d: P) -> Sign {
        match *self {
            Rule::Absolute(eps) => Absolute { eps }.orient3d(a, b, c, d),
            Rule::Ulps(n) => Ulps { n }.orient3d(a, b, c, d),
            Rule::Fixed | Rule::Exact => Exact.orient3d(a, b, c, d),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_delegates_to_the_policies() {
        let (a, b) = ([0.0, 0.0], [1.0, 0.0]);
        let c = [0.5, 1e-9]; // naive value 1e-9, exact
        assert_eq!(Rule::Absolute(0.0).orient2d(a, b, c), Sign::Positive);
        assert_eq!(Rule::Absolute(1e-9).orient2d(a, b, c), Sign::Zero);
        assert_eq!(Rule::Absolute(1e-10).orient2d(a, b, c), Sign::Positive);
        // Kettner's example (see isect::policy): |value| = 2^-44 against a scale of 540.5,
        // below one ulp of the scale; the plain sign is the wrong one.
        let u = 2f64.powi(-53);
        let (q, r, p) = ([12.0, 12.0], [24.0, 24.0], [0.5 + 41.0 * u, 0.5 + 48.0 * u]);
        assert_eq!(Rule::Ulps(1).orient2d(q, r, p), Sign::Zero);
        assert_eq!(Rule::Absolute(0.0).orient2d(q, r, p), Sign::Negative);
        assert_eq!(Rule::Exact.orient2d(q, r, p), Sign::Positive);
        assert_eq!(Rule::Exact.orient2d(a, b, [0.5, 1e-300]), Sign::Positive);
        assert_eq!(Rule::Absolute(1e-5).label(), "1e-5");
        assert_eq!(Rule::Ulps(16).label(), "16 ulps");
        assert_eq!(sweep().len(), 17);
    }
}
