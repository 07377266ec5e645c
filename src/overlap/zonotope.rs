//! The `f64` filter shared by OBB/OBB and OBB/segment: is a point `D` in the zonotope
//! `Z = {Σ uₖGₖ : |uₖ| ≤ 1}` of `N` generators, decided from rounded values when a
//! rigorous bound allows (proofs/overlap_boxes.md, section 3).
//!
//! The caller evaluates `d ≈ D` and `gₖ ≈ Gₖ` in `f64` and hands over magnitudes with
//! `|d_c − D_c| ≤ γ₂·md_c` and `|gₖ_c − Gₖ_c| ≤ u·mgₖ_c + η` (`η = 2⁻¹⁰⁷⁵`, the absolute
//! error of one underflowing product). The filter then tries the pair-cross axes
//! `gᵢ × gⱼ`:
//!
//! * a rounded axis that separates with a margin above the bound proves `D ∉ Z`;
//! * if every non-zero input is in `[10⁻³⁰, 10³⁰]` (no product under- or overflows), the
//!   generators certainly span space, and for every pair the exact axis `Gᵢ × Gⱼ` is
//!   certainly not separating (or certainly zero), then `D ∈ Z`;
//! * otherwise `None`: the caller decides exactly.

use crate::predicates::two_product;
use crate::vec3::{cross, dot};

/// Relative margin of the certificates: far above their rounding error, at most
/// `C·u` of the sum of absolute values of the terms with `C < 16` for `N ≤ 6`
/// (proofs/overlap_boxes.md, section 3; recomputed by the test
/// `zonotope_margins_cover_the_bounds`).
pub(super) const SEP_REL: f64 = 1e-12;
/// Absolute margin per unit of `1 + |l|₁`, covering underflow: each product errs by at
/// most `2⁻¹⁰⁷⁵` absolutely beyond the relative bound; at most `3(N + 1) + N|l|₁` of them
/// count (proofs/overlap_boxes.md, section 3).
pub(super) const SEP_ABS: f64 = 1e-290;

/// The rounded inputs of the filter (see the module docs for what the magnitudes bound).
pub(super) struct Rounded<const N: usize> {
    /// `d ≈ D`.
    pub d: [f64; 3],
    /// `|d_c − D_c| ≤ γ₂·md_c`.
    pub md: [f64; 3],
    /// `gₖ ≈ Gₖ`.
    pub g: [[f64; 3]; N],
    /// `|gₖ_c − Gₖ_c| ≤ u·mgₖ_c + η`.
    pub mg: [[f64; 3]; N],
    /// Every non-zero input in `[10⁻³⁰, 10³⁰]` (then nothing under- or overflows).
    pub in_range: bool,
    /// Every `gₖ` is exactly `Gₖ` (no rounding happened), which lets an exactly zero
    /// axis be recognised.
    pub exact_generators: bool,
}

/// `Gᵢ × Gⱼ = 0` exactly, for exact generators without under- or overflow: each
/// component's two products compared as exact double-double values.
fn exactly_parallel(a: &[f64; 3], b: &[f64; 3]) -> bool {
    let eq = |p: (f64, f64), q: (f64, f64)| p.0 == q.0 && p.1 == q.1;
    eq(two_product(a[1], b[2]), two_product(a[2], b[1]))
        && eq(two_product(a[2], b[0]), two_product(a[0], b[2]))
        && eq(two_product(a[0], b[1]), two_product(a[1], b[0]))
}

/// `Some(false)` if `D ∉ Z` is proven, `Some(true)` if `D ∈ Z` is proven, else `None`.
#[inline]
pub(super) fn zonotope_contains<const N: usize>(r: &Rounded<N>) -> Option<bool> {
    let (g, mg, d, md) = (&r.g, &r.mg, &r.d, &r.md);
    let mut certain = r.in_range;
    // Componentwise bound of |Gᵢ × Gⱼ| from the magnitudes.
    let ml = |i: usize, j: usize| -> [f64; 3] {
        let (p, q) = (&mg[i], &mg[j]);
        [
            p[1] * q[2] + p[2] * q[1],
            p[2] * q[0] + p[0] * q[2],
            p[0] * q[1] + p[1] * q[0],
        ]
    };
    // Σ of all magnitudes, once: every total below is p_l of it (the sum of N + 1
    // non-negative vectors rounds low by at most γ_N, counted in the bound).
    let mut msum = *md;
    for mk in mg {
        for c in 0..3 {
            msum[c] += mk[c];
        }
    }
    for i in 0..N {
        for j in i + 1..N {
            let l = cross(&g[i], &g[j]);
            let ld = dot(&l, d).abs();
            let mut reach = 0.0;
            for gk in g {
                reach += dot(&l, gk).abs();
            }
            let total = l[0].abs() * msum[0] + l[1].abs() * msum[1] + l[2].abs() * msum[2];
            let margin = ld - reach;
            let l1 = l[0].abs() + l[1].abs() + l[2].abs();
            if margin.is_finite()
                && total.is_finite()
                && margin > SEP_REL * total + SEP_ABS * (1.0 + l1)
            {
                return Some(false);
            }
            if certain {
                // The exact axis differs from l by a few u of ml(i, j): the exact margin is
                // negative if the rounded one is below −SEP_REL·big.
                let m = ml(i, j);
                let big = m[0] * msum[0] + m[1] * msum[1] + m[2] * msum[2];
                certain = (margin.is_finite() && big.is_finite() && -margin > SEP_REL * big)
                    || (r.exact_generators && exactly_parallel(&g[i], &g[j]));
            }
        }
    }
    if !certain {
        return None;
    }
    // Rank 3 certified: then the pair-cross axes are complete and none separates.
    for i in 0..N {
        for j in i + 1..N {
            let l = cross(&g[i], &g[j]);
            let m = ml(i, j);
            for k in j + 1..N {
                let det = dot(&l, &g[k]);
                let perm = m[0] * mg[k][0] + m[1] * mg[k][1] + m[2] * mg[k][2];
                if det.abs() > SEP_REL * perm {
                    return Some(true);
                }
            }
        }
    }
    None
}

/// `a − b` is exact in `f64` (Knuth's TwoSum error term is zero; finite input).
#[inline]
pub(super) fn sub_is_exact(a: f64, b: f64) -> bool {
    let s = a - b;
    let bv = s - a;
    let av = s - bv;
    (a - av) + (-b - bv) == 0.0
}

/// `a·b` is exact in `f64` (for products that neither under- nor overflow).
#[inline]
pub(super) fn mul_is_exact(a: f64, b: f64) -> bool {
    two_product(a, b).1 == 0.0
}

/// Every non-zero value in `[10⁻³⁰, 10³⁰]`.
#[inline]
pub(super) fn in_range(xs: &[[f64; 3]]) -> bool {
    xs.iter()
        .flatten()
        .all(|&x| x == 0.0 || (1e-30..=1e30).contains(&x.abs()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    /// The bounds of proofs/overlap_boxes.md, section 3, recomputed in rationals for up to
    /// six generators: the filter's margins must cover them.
    #[test]
    fn zonotope_margins_cover_the_bounds() {
        let u = BigRational::new(BigInt::from(1), BigInt::from(1) << 53usize);
        let eta = BigRational::new(BigInt::from(1), BigInt::from(1) << 1075usize);
        let one = r(1, 1);
        let g = |n: i64| &u * r(n, 1) / (&one - &u * r(n, 1));
        let sep_rel = BigRational::from_float(SEP_REL).unwrap();
        let sep_abs = BigRational::from_float(SEP_ABS).unwrap();
        let n = 6;
        // 3.1, separation: the coefficient of p_l(m*) and of each p_l(mg*_k); the sum
        // of N reaches rounds N − 1 times.
        let a = g(2) + g(3) * (&one + g(2)) + &u * r(2, 1) * (&one + g(n + 1));
        let b =
            (&u + g(3) + g(n - 1) * (&one + g(3)) + &u * (&one + g(n + 1))) * (&one + &u * r(2, 1));
        assert!(a <= &u * r(11, 1) && b <= &u * r(11, 1));
        // The computed total is at most N + 3 roundings low.
        let c_sep = &u * r(11, 1) / (&one - g(n + 3));
        assert!(c_sep < &u * r(12, 1));
        // The threshold is rounded at most three times (two products, one sum).
        let low = &one - g(3);
        assert!(&u * r(12, 1) < &sep_rel * &low);
        let products = 3 * (n + 1) + n;
        assert!(eta.clone() * r(products, 1) * (&one + g(n + 1)) < &sep_abs * &low);
        // 3.2, intersection: |l − L| ≤ 4.1u·ml; then 4.2u + 12.1u of big.
        let dl = (g(2) + &u * r(2, 1) + &u * &u) * (&one + &u) * (&one + &u);
        assert!(dl <= &u * r(41, 10));
        assert!(&u * r(163, 10) < &sep_rel * (&one - g(n + 2)));
        // 3.3, rank: (4.1u + u + γ₃)(1 + u) ≤ 8.2u.
        let det = (&u * r(51, 10) + g(3)) * (&one + &u);
        assert!(det <= &u * r(82, 10));
        assert!(&u * r(82, 10) < &sep_rel * (&one - g(3)));
    }

    #[test]
    fn exactness_checks() {
        assert!(sub_is_exact(1.0, 0.5) && sub_is_exact(1e30, 1e30));
        assert!(!sub_is_exact(1.0, 1e-30) && !sub_is_exact(1.0, 1.0 / 3.0));
        assert!(sub_is_exact(0.3, 0.1)); // 0.3 − 0.1 happens to need only 52 bits
        assert!(mul_is_exact(3.0, 0.25) && !mul_is_exact(0.1, 0.3));
    }

    #[test]
    fn exactly_parallel_recognises_exact_zero_crosses() {
        assert!(exactly_parallel(&[1.0, 2.0, 3.0], &[0.5, 1.0, 1.5]));
        assert!(!exactly_parallel(
            &[1.0, 2.0, 3.0],
            &[0.5, 1.0, 1.5f64.next_up()]
        ));
        assert!(exactly_parallel(&[0.0; 3], &[7.0, 1.0, 0.1]));
        // 0.1·0.3 and 0.3·0.1 are the same exact product; 0.1·0.3 and 0.03·1 are not.
        assert!(exactly_parallel(&[0.1, 0.3, 0.0], &[0.1, 0.3, 0.0]));
        assert!(!exactly_parallel(&[0.1, 0.3, 0.0], &[1.0, 3.0, 0.0]));
    }
}
