//! Permutations of point lists, with their parity, for the symmetry checks.

use isect::Sign;

/// The `idx`-th permutation of `0..n` (any `idx`; reduced modulo `n!`).
pub fn nth_perm(n: usize, idx: usize) -> Vec<usize> {
    let mut pool: Vec<usize> = (0..n).collect();
    let fact: usize = (1..=n).product();
    let mut idx = idx % fact;
    let mut out = Vec::with_capacity(n);
    for k in (1..=n).rev() {
        let f: usize = (1..k).product();
        out.push(pool.remove(idx / f));
        idx %= f;
    }
    out
}

/// The parity of a permutation: `Positive` for even, `Negative` for odd.
pub fn parity(perm: &[usize]) -> Sign {
    let mut inversions = 0;
    for i in 0..perm.len() {
        for j in i + 1..perm.len() {
            if perm[i] > perm[j] {
                inversions += 1;
            }
        }
    }
    if inversions % 2 == 0 {
        Sign::Positive
    } else {
        Sign::Negative
    }
}

/// The points in the order `perm` gives: `out[i] = p[perm[i]]`.
pub fn permute<T: Clone, const N: usize>(p: &[T; N], perm: &[usize]) -> [T; N] {
    std::array::from_fn(|i| p[perm[i]].clone())
}
