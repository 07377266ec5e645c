//! Error-free transformations and expansion arithmetic (Shewchuk 1997, sections 2.3–2.8).
//!
//! An *expansion* is a sum of `f64` components, stored in increasing order of magnitude,
//! nonoverlapping, without zeros. Its value is the exact sum; its sign is the sign of its
//! largest component. Every operation here is exact **provided no operation overflows or
//! underflows**: the float kernel only calls them on inputs that it has checked (and, if
//! needed, scaled by a power of two) to lie in a window where that holds — see
//! `proofs/predicates.md`, "The expansion window".

use alloc::vec;
use alloc::vec::Vec;
use core::ops::{Add, Mul, Neg, Sub};

use crate::Sign;

/// `2^27 + 1`: Dekker's splitter for 53-bit significands.
const SPLITTER: f64 = 134_217_729.0;

/// `(x, y)` with `x = fl(a + b)` and `x + y = a + b` exactly (Knuth's TwoSum).
#[inline(always)]
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    let bv = x - a;
    let av = x - bv;
    (x, (a - av) + (b - bv))
}

/// `(x, y)` with `x = fl(a + b)` and `x + y = a + b` exactly, provided `|a| ≥ |b|` or `a = 0`
/// (Dekker's FastTwoSum).
#[inline(always)]
pub(crate) fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    (x, b - (x - a))
}

/// `(x, y)` with `x = fl(a − b)` and `x + y = a − b` exactly (TwoDiff).
#[inline(always)]
pub(crate) fn two_diff(a: f64, b: f64) -> (f64, f64) {
    let x = a - b;
    let bv = a - x;
    let av = x + bv;
    (x, (a - av) + (bv - b))
}

/// Whether [`two_product`] uses the fused multiply-add: in builds whose target has FMA
/// (for example `-C target-cpu=native` or `x86-64-v3` on a recent x86-64) and with `std`
/// (`core` has no `mul_add`). Otherwise Dekker's product with Veltkamp's split.
pub(crate) const FMA: bool = cfg!(all(target_feature = "fma", feature = "std"));

/// A factor prepared for several [`product_tail`]s: Veltkamp's split `a = hi + lo` into
/// halves of at most 26 significant bits, or, where [`FMA`] holds, the factor itself.
#[derive(Clone, Copy)]
pub(crate) struct Split {
    /// `a` itself under [`FMA`], else its high half.
    hi: f64,
    /// `0` under [`FMA`], else the low half `a − hi`.
    lo: f64,
}

/// `a` prepared for [`product_tail`] (Veltkamp's split, unless [`FMA`]).
#[inline(always)]
pub(crate) fn split(a: f64) -> Split {
    if FMA {
        return Split { hi: a, lo: 0.0 };
    }
    let c = SPLITTER * a;
    let big = c - a;
    let hi = c - big;
    Split { hi, lo: a - hi }
}

/// `(x, y)` with `x = fl(a·b)` and `x + y = a·b` exactly (TwoProduct: one fused
/// multiply-add where [`FMA`] holds, else Dekker's product).
///
/// Both forms are exact under the same conditions, those of the expansion window (no
/// overflow, and `a·b` far enough above the underflow threshold), and then return the
/// same value `y`, the exact `a·b − x` (a zero may differ in its sign bit, which no sign
/// or expansion operation reads): which one a build uses never changes a result.
#[inline(always)]
pub(crate) fn two_product(a: f64, b: f64) -> (f64, f64) {
    let x = a * b;
    (x, product_tail(split(a), split(b), x))
}

/// `a·b − x` for `x = fl(a·b)`, from the prepared factors `split(a)` and `split(b)`
/// (Shewchuk's Two-Product-Presplit, or one fused multiply-add): exact under the same
/// conditions as [`two_product`].
#[inline(always)]
pub(crate) fn product_tail(a: Split, b: Split, x: f64) -> f64 {
    #[cfg(all(target_feature = "fma", feature = "std"))]
    {
        // The factors are whole (`split` keeps them so under FMA).
        debug_assert!(a.lo == 0.0 && b.lo == 0.0);
        a.hi.mul_add(b.hi, -x)
    }
    #[cfg(not(all(target_feature = "fma", feature = "std")))]
    {
        let Split { hi: ah, lo: al } = a;
        let Split { hi: bh, lo: bl } = b;
        let e1 = x - ah * bh;
        let e2 = e1 - al * bh;
        let e3 = e2 - ah * bl;
        al * bl - e3
    }
}

/// The sign of `(a1 + a0) − (b1 + b0)` for two-component expansions (`|a0| ≤ ulp(a1)/2`,
/// likewise `b`), exactly: Shewchuk's TWO-TWO-DIFF gives a nonoverlapping four-component
/// expansion, whose sign is that of its largest nonzero component.
#[inline(always)]
pub(crate) fn two_two_diff_sign(a1: f64, a0: f64, b1: f64, b0: f64) -> Sign {
    // Two-One-Diff(a1, a0, b0) = (j, r0, x0)
    let (i, x0) = two_diff(a0, b0);
    let (j, r0) = two_sum(a1, i);
    // Two-One-Diff(j, r0, b1) = (x3, x2, x1)
    let (k, x1) = two_diff(r0, b1);
    let (x3, x2) = two_sum(j, k);
    let top = if x3 != 0.0 {
        x3
    } else if x2 != 0.0 {
        x2
    } else if x1 != 0.0 {
        x1
    } else {
        x0
    };
    Sign::of(top)
}

/// The sign of the exact sum of `N` floats, without allocating.
///
/// Grows a nonoverlapping expansion one term at a time (GROW-EXPANSION with zero
/// elimination, in place: the write index never passes the read index). The expansion has
/// at most as many components as terms added, so `N` slots suffice.
pub(crate) fn sum_sign<const N: usize>(mut terms: [f64; N]) -> Sign {
    sum_sign_in_place(&mut terms)
}

/// The sign of the exact sum of `buf`'s elements, using `buf` itself as the workspace.
///
/// When term `i` is added, the expansion occupies `buf[..n]` with `n ≤ i`, and growing it
/// writes at most `n + 1 ≤ i + 1` slots, so no unread term is overwritten.
pub(crate) fn sum_sign_in_place(buf: &mut [f64]) -> Sign {
    let n = expansion_in_place(buf);
    if n == 0 {
        Sign::Zero
    } else {
        Sign::of(buf[n - 1])
    }
}

/// Turns `buf` into a nonoverlapping expansion of the exact sum of its elements, in
/// `buf[..n]` (increasing magnitude, no zeros), and returns `n` (see
/// [`sum_sign_in_place`] for why no unread term is overwritten).
#[inline(always)]
pub(crate) fn expansion_in_place(buf: &mut [f64]) -> usize {
    let mut n = 0;
    for i in 0..buf.len() {
        let t = buf[i];
        if t == 0.0 {
            continue;
        }
        let mut q = t;
        let mut m = 0;
        for k in 0..n {
            let (s, h) = two_sum(q, buf[k]);
            if h != 0.0 {
                buf[m] = h;
                m += 1;
            }
            q = s;
        }
        if q != 0.0 {
            buf[m] = q;
            m += 1;
        }
        n = m;
    }
    n
}

/// An exact sum of `f64` components (see the module docs).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Expansion(Vec<f64>);

impl Expansion {
    /// The one-component expansion `x` (empty for zero).
    #[inline]
    pub(crate) fn from_f64(x: f64) -> Self {
        if x == 0.0 {
            Expansion(Vec::new())
        } else {
            Expansion(vec![x])
        }
    }

    /// The exact sum of `terms` (any finite floats, any order).
    #[cfg(test)]
    pub(crate) fn sum_of(terms: &[f64]) -> Self {
        let mut e = Expansion::default();
        for &t in terms {
            e = e.grow(t);
        }
        e
    }

    /// The sign of the exact value: the sign of the largest component.
    #[inline]
    pub(crate) fn sign(&self) -> Sign {
        match self.0.last() {
            None => Sign::Zero,
            Some(&x) => Sign::of(x),
        }
    }

    /// The value rounded by summing the components from the smallest, and a bound on
    /// that sum's error: `|sum − value| ≤ bound`. The components are normal numbers (the
    /// window), so each of the `n − 1` additions errs by at most `u` times its result:
    /// `|sum − value| ≤ γ_{n−1}·Σ|cᵢ|` (Higham, *Accuracy and Stability of Numerical
    /// Algorithms*, 2nd ed., (4.4)); with `Σ|cᵢ|` itself summed in floats (below by at most
    /// the factor `1 − γ_{n−1}`) and `n·u ≤ 1/4`, `2·n·u·fl(Σ|cᵢ|)` covers it.
    /// `proofs/ray_triangle.md`, section 3.5.
    pub(crate) fn approx(&self) -> (f64, f64) {
        let (mut sum, mut abs) = (0.0_f64, 0.0_f64);
        for &c in &self.0 {
            sum += c;
            abs += c.abs();
        }
        let n = self.0.len() as f64;
        if n <= 1.0 {
            return (sum, 0.0);
        }
        (
            sum,
            2.0 * n * (1.0 / 9_007_199_254_740_992.0) * abs * (1.0 + 1.0 / 1_048_576.0),
        )
    }

    /// `self + b` (Shewchuk's GROW-EXPANSION with zero elimination).
    pub(crate) fn grow(&self, b: f64) -> Self {
        let mut out = Vec::with_capacity(self.0.len() + 1);
        let mut q = b;
        for &e in &self.0 {
            let (s, h) = two_sum(q, e);
            if h != 0.0 {
                out.push(h);
            }
            q = s;
        }
        if q != 0.0 {
            out.push(q);
        }
        Expansion(out)
    }

    /// `self · b` (Shewchuk's SCALE-EXPANSION with zero elimination).
    pub(crate) fn scale(&self, b: f64) -> Self {
        let mut out = Vec::with_capacity(2 * self.0.len());
        let Some((&first, rest)) = self.0.split_first() else {
            return Expansion::default();
        };
        if b == 0.0 {
            return Expansion::default();
        }
        let (mut q, h) = two_product(first, b);
        if h != 0.0 {
            out.push(h);
        }
        for &e in rest {
            let (p1, p0) = two_product(e, b);
            let (sum, h) = two_sum(q, p0);
            if h != 0.0 {
                out.push(h);
            }
            let (nq, h) = fast_two_sum(p1, sum);
            if h != 0.0 {
                out.push(h);
            }
            q = nq;
        }
        if q != 0.0 {
            out.push(q);
        }
        Expansion(out)
    }
}

impl Add for Expansion {
    type Output = Expansion;
    /// Exact sum (repeated GROW-EXPANSION, Shewchuk's EXPANSION-SUM).
    fn add(self, rhs: Expansion) -> Expansion {
        let (mut acc, other) = if self.0.len() >= rhs.0.len() {
            (self, rhs)
        } else {
            (rhs, self)
        };
        for &x in &other.0 {
            acc = acc.grow(x);
        }
        acc
    }
}

impl Neg for Expansion {
    type Output = Expansion;
    fn neg(mut self) -> Expansion {
        for x in &mut self.0 {
            *x = -*x;
        }
        self
    }
}

impl Sub for Expansion {
    type Output = Expansion;
    fn sub(self, rhs: Expansion) -> Expansion {
        self + (-rhs)
    }
}

impl Mul for Expansion {
    type Output = Expansion;
    /// Exact product: the longer factor scaled by each component of the shorter, summed.
    fn mul(self, rhs: Expansion) -> Expansion {
        let (long, short) = if self.0.len() >= rhs.0.len() {
            (self, rhs)
        } else {
            (rhs, self)
        };
        let mut acc = Expansion::default();
        for &b in &short.0 {
            acc = acc + long.scale(b);
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;

    fn exact(e: &Expansion) -> BigRational {
        e.0.iter()
            .map(|&x| BigRational::from_float(x).unwrap())
            .fold(BigRational::from_integer(0.into()), |a, b| a + b)
    }

    fn q(x: f64) -> BigRational {
        BigRational::from_float(x).unwrap()
    }

    fn check_invariants(e: &Expansion) {
        for w in e.0.windows(2) {
            assert!(w[0] != 0.0 && w[0].abs() < w[1].abs(), "{:?}", e.0);
        }
    }

    #[test]
    fn error_free_transformations_are_exact() {
        let vals = [
            1.0,
            1e-17,
            -3.0e16,
            0.1,
            1.0 / 3.0,
            -2.0f64.powi(60) + 1.0,
            123456789.123,
            -7e-300,
            5e300,
        ];
        for &a in &vals {
            for &b in &vals {
                let (x, y) = two_sum(a, b);
                assert_eq!(q(x) + q(y), q(a) + q(b));
                let (x, y) = two_diff(a, b);
                assert_eq!(q(x) + q(y), q(a) - q(b));
                // Within the window: no factor near overflow (the split multiplies by 2^27),
                // no product near underflow.
                if a.abs().max(b.abs()) < 1e290 && (a * b).abs() > 1e-280 {
                    let (x, y) = two_product(a, b);
                    assert_eq!(q(x) + q(y), q(a) * q(b), "{a} {b}");
                }
            }
        }
    }

    /// `two_product` and `product_tail` against rationals and against Dekker's product
    /// written out here, on factors with random significands and exponents across the
    /// expansion window (products from about `2^-900` to `2^900`), and on significands
    /// with long runs of ones (the split's carries). In a build with FMA
    /// (`RUSTFLAGS="-C target-cpu=x86-64-v3"`, run by CI) this compares the fused form with
    /// Dekker's; in a default build, Dekker's with itself and with rationals.
    #[test]
    fn two_product_is_exact_and_independent_of_fma() {
        fn dekker(a: f64, b: f64) -> f64 {
            let half = |v: f64| {
                let c = 134_217_729.0 * v;
                let hi = c - (c - v);
                (hi, v - hi)
            };
            let ((ah, al), (bh, bl)) = (half(a), half(b));
            let x = a * b;
            al * bl - (((x - ah * bh) - al * bh) - ah * bl)
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for i in 0..20_000 {
            let mut factor = || {
                let bits = next();
                let mantissa = match i % 3 {
                    0 => bits & ((1 << 52) - 1),
                    // All ones, or ones from a random bit down: the split's worst carries.
                    1 => ((1u64 << 52) - 1) >> (bits % 53),
                    _ => ((1u64 << 52) - 1) ^ (1 << (bits % 52)),
                };
                let exponent = 1023 - 450 + (bits >> 52) % 900;
                f64::from_bits(((bits >> 63) << 63) | (exponent << 52) | mantissa)
            };
            let (a, b) = (factor(), factor());
            let (x, y) = two_product(a, b);
            assert_eq!(x, a * b);
            assert_eq!(q(x) + q(y), q(a) * q(b), "{a:e} {b:e}");
            // Equal values: a zero tail may be -0 in Dekker's form and +0 in the fused one.
            assert_eq!(y, dekker(a, b), "{a:e} {b:e}");
            assert_eq!(product_tail(split(a), split(b), x), y);
        }
    }

    #[test]
    fn ring_operations_are_exact() {
        let xs = [0.1, -1e-20, 3.0e10, 0.7, -1.0 / 3.0, 2.0f64.powi(-40)];
        let a = Expansion::sum_of(&xs);
        let b = Expansion::sum_of(&[1.0 / 7.0, -1e5, 2.5e-12]);
        let sum_a: BigRational = xs.iter().map(|&x| q(x)).sum();
        assert_eq!(exact(&a), sum_a);
        for e in [
            a.clone() + b.clone(),
            a.clone() - b.clone(),
            a.clone() * b.clone(),
            (a.clone() * b.clone()) * a.clone(),
        ] {
            check_invariants(&e);
        }
        assert_eq!(exact(&(a.clone() + b.clone())), exact(&a) + exact(&b));
        assert_eq!(exact(&(a.clone() - b.clone())), exact(&a) - exact(&b));
        assert_eq!(exact(&(a.clone() * b.clone())), exact(&a) * exact(&b));
        let zero = a.clone() - a.clone();
        assert_eq!(zero.sign(), Sign::Zero);
        assert_eq!(
            (a.clone() * b.clone()).sign(),
            Sign::of(exact(&a) * exact(&b))
        );
    }

    #[test]
    fn two_two_diff_sign_is_exact() {
        let vals = [1.0, 0.1, -3.0e-17, 2.0f64.powi(60), 1.0 / 3.0, -7.0, 5e-20];
        for &a in &vals {
            for &b in &vals {
                for &c in &vals {
                    for &d in &vals {
                        let (a1, a0) = two_product(a, b);
                        let (b1, b0) = two_product(c, d);
                        let want = Sign::of(q(a) * q(b) - q(c) * q(d));
                        assert_eq!(two_two_diff_sign(a1, a0, b1, b0), want, "{a} {b} {c} {d}");
                    }
                }
            }
        }
        let (a1, a0) = two_product(0.1, 0.3);
        assert_eq!(two_two_diff_sign(a1, a0, a1, a0), Sign::Zero);
    }

    #[test]
    fn sum_sign_is_exact() {
        assert_eq!(
            sum_sign([1e16, 1.0, -1e16, -0.5, 3e-10, -3e-10]),
            Sign::Positive
        );
        assert_eq!(sum_sign([1e16, 1.0, -1e16, -1.0]), Sign::Zero);
        assert_eq!(
            sum_sign([0.1, 0.2, -0.3]),
            Sign::of(q(0.1) + q(0.2) - q(0.3))
        );
        assert_eq!(sum_sign::<0>([]), Sign::Zero);
        let many: Vec<f64> = (0..40)
            .map(|i| ((i * 7919) % 13) as f64 * 2f64.powi(i - 20) - 3.0)
            .collect();
        let arr: [f64; 40] = many.clone().try_into().unwrap();
        let exact_sum: BigRational = many.iter().map(|&x| q(x)).sum();
        assert_eq!(sum_sign(arr), Sign::of(exact_sum));
    }
}
