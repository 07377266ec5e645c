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

/// The sweep of the user's lists (`--eps`, `--ulps`; either `None` for the default
/// list): the absolute epsilons ascending with 0 (the plain formula, the baseline every
/// recommendation compares with) always first, then the ulps ascending; repeats once.
pub fn sweep_of_lists(eps: Option<&[f64]>, ulps: Option<&[u32]>) -> Vec<Rule> {
    let mut e: Vec<f64> = eps.unwrap_or(&ABSOLUTE).to_vec();
    e.push(0.0);
    e.sort_by(f64::total_cmp);
    e.dedup();
    let mut u: Vec<u32> = ulps.unwrap_or(&ULPS).to_vec();
    u.sort_unstable();
    u.dedup();
    sweep_of(&e, &u)
}

fn sweep_of(eps: &[f64], ulps: &[u32]) -> Vec<Rule> {
    eps.iter()
        .map(|&e| Rule::Absolute(e))
        .chain(ulps.iter().map(|&n| Rule::Ulps(n)))
        .collect()
}

/// One value of `--eps`: a finite, non-negative number (`0` is allowed and always in
/// the sweep anyway). The error says what is wrong with the value.
pub fn parse_eps(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(
            "an empty value (write the epsilons separated by commas, e.g. 1e-7,1e-5)".into(),
        );
    }
    let x: f64 = t.parse().map_err(|_| format!("`{t}` is not a number"))?;
    if x.is_nan() {
        Err("NaN is not an epsilon".into())
    } else if x.is_infinite() {
        Err(format!("`{t}` is not finite"))
    } else if x < 0.0 || (x == 0.0 && x.is_sign_negative()) {
        Err(format!(
            "`{t}` is negative (an epsilon is a tolerance, at least 0)"
        ))
    } else {
        Ok(x)
    }
}

/// One value of `--ulps`: a whole number from 1 to 2³⁰ (0 ulps is the plain formula,
/// the `eps 0` row every sweep has).
pub fn parse_ulps(text: &str) -> Result<u32, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("an empty value (write the tolerances separated by commas, e.g. 4,16)".into());
    }
    if t.starts_with('-') {
        return Err(format!(
            "`{t}` is negative (a number of ulps is at least 1)"
        ));
    }
    let n: u32 = t
        .parse()
        .map_err(|_| format!("`{t}` is not a whole number of ulps"))?;
    match n {
        0 => Err("0 ulps is the plain formula, already the `eps 0` row; give 1 or more".into()),
        n if n > 1 << 30 => Err(format!("`{t}` is too large (at most 2^30 ulps)")),
        n => Ok(n),
    }
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
        assert_eq!(sweep_of_lists(None, None).len(), 17);
    }

    #[test]
    fn user_lists() {
        let s = sweep_of_lists(Some(&[1e-3, 1e-7, 1e-3]), None);
        assert_eq!(
            s[..3],
            [
                Rule::Absolute(0.0),
                Rule::Absolute(1e-7),
                Rule::Absolute(1e-3)
            ]
        );
        assert_eq!(s.len(), 3 + ULPS.len());
        let s = sweep_of_lists(None, Some(&[64, 2, 2]));
        assert_eq!(s[ABSOLUTE.len()..], [Rule::Ulps(2), Rule::Ulps(64)]);
        assert_eq!(
            sweep_of_lists(None, None)[..12],
            ABSOLUTE.map(Rule::Absolute)
        );
        assert_eq!(parse_eps(" 1e-5 "), Ok(1e-5));
        assert_eq!(parse_eps("0"), Ok(0.0));
        for bad in ["", "-1e-5", "-0", "nan", "NaN", "inf", "1e400", "x"] {
            assert!(parse_eps(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_ulps("16"), Ok(16));
        for bad in ["", "0", "-4", "1.5", "4294967296", "2000000000"] {
            assert!(parse_ulps(bad).is_err(), "{bad}");
        }
    }
}
