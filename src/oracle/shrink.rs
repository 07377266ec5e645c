//! Shrinking a failure toward simpler coordinates while it persists.

use alloc::vec::Vec;

use super::check::{Answer, Failure, TestKind};
use super::rng::{round_to, scale2};
use crate::FloatFormat;

/// How many inputs the shrinker may evaluate for one counterexample.
const BUDGET: usize = 4000;

/// The binary exponent of the leading bit of a finite non-zero `x`.
fn exponent(x: f64) -> i32 {
    let bits = x.abs().to_bits();
    let e = (bits >> 52) as i32;
    if e == 0 {
        // Subnormal: leading bit position within the mantissa.
        -1074 + (63 - bits.leading_zeros() as i32)
    } else {
        e - 1023
    }
}

/// Significant bits of a finite non-zero `x` (1 for powers of two, up to 53).
fn significant_bits(x: f64) -> u32 {
    let bits = x.abs().to_bits();
    let e = bits >> 52;
    let m = bits & ((1u64 << 52) - 1);
    let full = if e == 0 { m } else { m | (1u64 << 52) };
    64 - full.leading_zeros() - full.trailing_zeros()
}

/// The complexity of one coordinate: 0 for zero; otherwise one plus its significant bits
/// plus the magnitude of its exponent (non-finite values are the most complex).
fn coord_cost(x: f64) -> u64 {
    if x == 0.0 {
        0
    } else if !x.is_finite() {
        4000
    } else {
        1 + significant_bits(x) as u64 + exponent(x).unsigned_abs() as u64
    }
}

/// The complexity of an input: the sum over its coordinates.
pub(crate) fn cost(coords: &[f64]) -> u64 {
    coords.iter().map(|&x| coord_cost(x)).sum()
}

/// `x` rounded to `m ≥ 1` significant bits.
fn with_bits(x: f64, m: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    round_to(x, exponent(x) - (m - 1))
}

/// `x` with its `k` lowest significant bits rounded away.
fn drop_bits(x: f64, k: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    with_bits(x, (significant_bits(x) as i32 - k).max(1))
}

/// Shrinks `failure` while the candidate keeps failing with the same outcome.
pub(crate) fn shrink<K, C>(
    kind: &K,
    candidate: &mut C,
    failure: Failure<K::Input, K::Answer>,
    format: FloatFormat,
) -> Failure<K::Input, K::Answer>
where
    K: TestKind,
    C: FnMut(&K::Input) -> K::Answer,
{
    let target = failure.outcome;
    let mut best = failure;
    let mut coords = kind.coords(&best.input);
    let mut best_cost = cost(&coords);
    let mut budget = BUDGET;
    // Tries `next`; keeps it if simpler and still failing the same way.
    let mut attempt = |next: Vec<f64>,
                       coords: &mut Vec<f64>,
                       best: &mut Failure<K::Input, K::Answer>,
                       best_cost: &mut u64,
                       budget: &mut usize|
     -> bool {
        // Only inputs of the generator's format (the candidate must still see its inputs
        // exactly).
        if *budget == 0 || next.iter().any(|&x| x.is_nan() || format.round(x) != x) {
            return false;
        }
        let c = cost(&next);
        if c >= *best_cost {
            return false;
        }
        *budget -= 1;
        let input = kind.with_coords(&best.input, &next);
        let exact = kind.exact(&input);
        let got = candidate(&input);
        if K::Answer::outcome(&exact, &got) != target {
            return false;
        }
        *best = Failure {
            input,
            exact,
            got,
            outcome: target,
        };
        *best_cost = c;
        *coords = next;
        true
    };
    const BITS: [i32; 14] = [1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48, 52];
    loop {
        let start = best_cost;
        // Global: scale everything by a power of two toward exponent 0.
        let max_exp = coords
            .iter()
            .filter(|x| **x != 0.0 && x.is_finite())
            .map(|&x| exponent(x))
            .max();
        if let Some(e) = max_exp {
            let mut k = -e;
            while k != 0 {
                let next: Vec<f64> = coords.iter().map(|&x| scale2(x, k)).collect();
                if attempt(next, &mut coords, &mut best, &mut best_cost, &mut budget) {
                    break;
                }
                k /= 2;
            }
        }
        // Global: every coordinate to m significant bits, then every coordinate losing
        // its last 8, 4, 2 or 1 bits.
        for m in BITS {
            let next: Vec<f64> = coords.iter().map(|&x| with_bits(x, m)).collect();
            if attempt(next, &mut coords, &mut best, &mut best_cost, &mut budget) {
                break;
            }
        }
        for drop in [8, 4, 2, 1] {
            let next: Vec<f64> = coords.iter().map(|&x| drop_bits(x, drop)).collect();
            if attempt(next, &mut coords, &mut best, &mut best_cost, &mut budget) {
                break;
            }
        }
        // One coordinate at a time.
        for i in 0..coords.len() {
            let x = coords[i];
            if x == 0.0 {
                continue;
            }
            let mut options = Vec::with_capacity(24);
            options.push(0.0);
            options.push(x.trunc());
            options.push(x.round());
            options.extend((0..i).map(|j| coords[j]));
            options.extend(BITS.iter().map(|&m| with_bits(x, m)));
            options.extend([8, 4, 2, 1].map(|k| drop_bits(x, k)));
            for v in options {
                if v == x {
                    continue;
                }
                let mut next = coords.clone();
                next[i] = v;
                if attempt(next, &mut coords, &mut best, &mut best_cost, &mut budget) {
                    break;
                }
            }
        }
        if best_cost >= start || budget == 0 {
            return best;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_order_simpler_values_first() {
        assert_eq!(coord_cost(0.0), 0);
        assert_eq!(coord_cost(1.0), 2);
        assert_eq!(significant_bits(3.0), 2);
        assert_eq!(
            significant_bits(0.1),
            53 - 0.1f64.to_bits().trailing_zeros()
        );
        assert_eq!(exponent(f64::MIN_POSITIVE), -1022);
        assert_eq!(exponent(f64::from_bits(1)), -1074);
        assert_eq!(significant_bits(f64::from_bits(1)), 1);
        assert!(coord_cost(0.5 + f64::EPSILON / 2.0) > coord_cost(0.5));
        assert_eq!(with_bits(0.1 + 0.2, 1), 0.25);
        assert_eq!(with_bits(-3.0, 1), -4.0);
        assert_eq!(with_bits(5.0, 2), 6.0); // 5 = 101b rounds to 110b (ties away)
    }
}
