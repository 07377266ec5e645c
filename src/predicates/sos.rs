//! Symbolic perturbation: predicates that never answer `Zero`.
//!
//! [`orient2d_sos`], [`orient3d_sos`], [`incircle_sos`] and [`insphere_sos`] take, beside
//! the points, one *id* per point (any [`Ord`] type: an index into the caller's point
//! array is typical). They implement Simulation of Simplicity (H. Edelsbrunner and
//! E. P. Mücke, "Simulation of Simplicity: A Technique to Cope with Degenerate Cases in
//! Geometric Algorithms", *ACM Transactions on Graphics* 9(1), 1990, pp. 66–104): every
//! point is moved by an infinitesimal amount that depends only on its coordinates and its
//! id, and the predicate returns the sign of the determinant of the moved points. The
//! moved points are in general position, so the answer is never `Zero` while the ids are
//! distinct, and because the same point with the same id is always moved the same way,
//! all answers are mutually consistent: an algorithm written for points in general
//! position (no three collinear, no four cocircular …) runs unchanged on degenerate input.
//!
//! # Contract
//!
//! For every predicate `P` and its perturbed form `P_sos`:
//!
//! 1. If the exact `P` is non-zero, `P_sos` returns it. (It is computed first: that is
//!    the whole cost of a non-degenerate call; the perturbation is a cold path.)
//! 2. If the ids are pairwise distinct, `P_sos` never returns `Zero`, even for repeated
//!    points or all points equal.
//! 3. The answer is the sign of the determinant of perturbed points, where a point's
//!    perturbation depends only on its coordinates and its id. So swapping two arguments
//!    together with their ids flips the sign, and every predicate called on the same
//!    (point, id) pairs sees the same perturbed points (see [consistency](#consistency)).
//! 4. If two ids are equal (the same point passed twice, say) and the exact sign is
//!    `Zero`, the answer is `Zero`: no perturbation can separate a point from itself.
//! 5. If a coordinate is NaN or infinite the answer is `Zero`, as for the plain
//!    predicates.
//!
//! The sign conventions are those of the plain predicates (Shewchuk's, see the
//! [predicates module](crate::predicates#sign-conventions-shewchuks)).
//!
//! # The perturbation
//!
//! Every predicate is the sign of a homogeneous determinant with one row per point and a
//! last column of ones:
//!
//! | predicate | row of point `p` | `δ` |
//! |---|---|---|
//! | `orient2d(a, b, c)` | `(x, y, 1)` | 2 |
//! | `orient3d(a, b, c, d)` | `(x, y, z, 1)` | 3 |
//! | `incircle(a, b, c, d)` | `(x, y, x² + y², 1)` | 3 |
//! | `insphere(a, b, c, d, e)` | `(x, y, z, x² + y² + z², 1)` | 4 |
//!
//! and in each case the predicate equals the determinant with the rows in argument order
//! (subtract the last row from the others and expand along the ones column; for the
//! lifted rows, `|p|² − |q|² = |p − q|² + 2 q·(p − q)` and the `2 q·(p − q)` part is a
//! combination of the other columns). `δ` is the number of coordinate columns.
//!
//! Sort the `n = δ + 1` points by id and call `i = 0 … n−1` a point's rank. Entry
//! `(i, j)` of the determinant (`j = 0 … δ−1` a coordinate column; the ones column is never
//! perturbed) becomes
//!
//! ```text
//! p[i][j] + ε^(2^k),   k = i·δ + (δ − 1 − j),
//! ```
//!
//! Edelsbrunner and Mücke's `ε^(2^(i·δ − j))` in 0-based form. For incircle and insphere the
//! lifted coordinate `|p|²` is perturbed as an independent coordinate: the perturbed
//! object is the lifted point in `R^(d+1)`, which no longer lies on the paraboloid, and
//! that is all the lifting argument behind Delaunay algorithms needs.
//!
//! By multilinearity the perturbed determinant is a polynomial in `ε`,
//!
//! ```text
//! det(M + E(ε)) = Σ_S  c_S · ε^(Σ_{k ∈ S} 2^k),
//! ```
//!
//! over the sets `S` of perturbed entries with distinct rows and distinct columns, where
//! `c_S` is the determinant of `M` with each row of `S` replaced by the unit vector of its
//! column. Up to a sign (the parities of the permutations that bring the rows and the
//! columns of `S` to the front), `c_S` is the complementary minor of `M`: the rows not in
//! `S`, the coordinate columns not in `S` and the ones column, which is a lower-dimensional
//! orientation of the remaining points projected to the remaining coordinates: a
//! comparison of two numbers, an `orient2d` or an `orient3d`. The exponents `Σ 2^k` are
//! distinct for distinct `S` (binary representation) and ordered like the bit masks of
//! `S`, so as `ε → 0⁺` the sign of the determinant is the sign of the first non-zero `c_S`
//! in increasing bit-mask order. The search always ends: a set covering all `δ` coordinate
//! columns leaves the 1×1 minor `[1]`.
//!
//! The implementation enumerates the bit masks in increasing order, skipping at once every
//! block of masks that share two entries in one row or column, and evaluates each minor's
//! sign exactly: minors on the original coordinates with the crate's own exact predicates
//! in the input's scalar type, minors that involve the lifted column over [`BigRational`]
//! (from [`Scalar::to_rational`], the lifted coordinate summed exactly). Many monomials
//! share a minor (the same rows and columns deleted); each distinct minor is evaluated at
//! most once (at most 120 of them, for insphere), and one containing two equal points
//! is known to be zero without arithmetic. The first mask is `S = {(rank 0, last
//! column)}`; in the common case of a simple degeneracy its minor decides. The search ends
//! before mask `2^(δ(δ−1)+1)`, where a set covering every coordinate column must have
//! appeared. The result is multiplied by the parity of the permutation that sorts the
//! arguments by id.
//!
//! # Consistency
//!
//! *Ranks versus global indices.* Edelsbrunner and Mücke index the points globally. Using
//! the rank among the arguments gives the same signs: comparing two exponents `Σ 2^k`
//! (sums of distinct powers of two) compares their largest differing terms, so the order
//! of the monomials depends only on the relative order of the entries (by
//! `(rank, −column)`), which the ranks preserve. So the answers are those of one global
//! perturbation of all the (point, id) pairs the caller ever uses, ordered by id.
//!
//! *Across predicates.* The order of entries is lexicographic in `(rank, −column)`, which
//! does not depend on `δ`: restricted to the `x, y` columns, incircle's perturbation
//! (`δ = 3`) orders the monomials exactly as orient2d's (`δ = 2`), and the same holds for
//! insphere (`δ = 4`) and orient3d (`δ = 3`). So [`orient2d_sos`] is the orientation of the
//! projections of the very perturbed lifted points that [`incircle_sos`] tests, and
//! [`orient3d_sos`] likewise for [`insphere_sos`]. (An orient3d and an orient2d call on
//! different point types are unrelated: those are different points.)
//!
//! # Examples
//!
//! ```
//! use isect::sos::{incircle_sos, orient2d_sos};
//! use isect::{incircle, orient2d, Sign};
//! // Four cocircular points, ids 0 to 3.
//! let p = [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]];
//! assert_eq!(incircle(p[0], p[1], p[2], p[3]), Sign::Zero);
//! assert_ne!(incircle_sos(p[0], p[1], p[2], p[3], [0, 1, 2, 3]), Sign::Zero);
//! // Two distinct input points at the same place (ids 0 and 4): still an answer.
//! assert_eq!(orient2d(p[0], p[0], p[2]), Sign::Zero);
//! let s = orient2d_sos(p[0], p[0], p[2], [0, 4, 2]);
//! assert_ne!(s, Sign::Zero);
//! // Swapping two points with their ids flips the answer.
//! assert_eq!(orient2d_sos(p[2], p[0], p[0], [2, 4, 0]), -s);
//! ```

use alloc::vec::Vec;
use core::cmp::Ordering;

use num_rational::BigRational;

use crate::{Point2, Point3, Scalar, Sign};

/// [`orient2d`](crate::orient2d) under symbolic perturbation: never `Zero` for distinct ids.
///
/// `ids[k]` is the id of the `k`-th point. Returns the exact orientation when it is
/// non-zero, otherwise the orientation of the perturbed points (see the [module
/// docs](self)). `Zero` only when two ids are equal and the points are collinear, or when
/// a coordinate is not finite.
///
/// # Examples
///
/// ```
/// use isect::sos::orient2d_sos;
/// use isect::Sign;
/// let (a, b, c) = ([0.0, 0.0], [1.0, 1.0], [2.0, 2.0]); // collinear
/// // The lowest id's point (a) is perturbed first, upwards in y: a, b, c turn left.
/// assert_eq!(orient2d_sos(a, b, c, [0, 1, 2]), Sign::Positive);
/// assert_eq!(orient2d_sos(b, a, c, [1, 0, 2]), Sign::Negative);
/// // Not collinear: the exact answer.
/// assert_eq!(orient2d_sos([0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5, 4, 3]), Sign::Positive);
/// // Equal points, distinct ids: still a definite answer.
/// assert_ne!(orient2d_sos(a, a, a, ["p", "q", "r"]), Sign::Zero);
/// // The same id twice on a degenerate triple: Zero.
/// assert_eq!(orient2d_sos(a, b, c, [7, 7, 2]), Sign::Zero);
/// ```
#[inline]
pub fn orient2d_sos<P: Point2, I: Ord>(a: P, b: P, c: P, ids: [I; 3]) -> Sign {
    let s = crate::orient2d(a.coords(), b.coords(), c.coords());
    if s != Sign::Zero {
        return s;
    }
    perturbed::<_, _, 2, 3>([a.coords(), b.coords(), c.coords()], &ids, false)
}

/// [`orient3d`](crate::orient3d) under symbolic perturbation: never `Zero` for distinct ids.
///
/// `ids[k]` is the id of the `k`-th point. Returns the exact orientation when it is
/// non-zero, otherwise the orientation of the perturbed points (see the [module
/// docs](self)). `Zero` only when two ids are equal and the points are coplanar, or when
/// a coordinate is not finite.
///
/// # Examples
///
/// ```
/// use isect::sos::orient3d_sos;
/// use isect::{orient3d, Sign};
/// let (a, b, c, d) = ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]);
/// assert_eq!(orient3d(a, b, c, d), Sign::Zero); // coplanar
/// let s = orient3d_sos(a, b, c, d, [10, 20, 30, 40]);
/// assert_ne!(s, Sign::Zero);
/// // Any odd permutation of (point, id) pairs flips the sign.
/// assert_eq!(orient3d_sos(a, c, b, d, [10, 30, 20, 40]), -s);
/// // Non-degenerate input gets the exact sign, whatever the ids.
/// assert_eq!(orient3d_sos(a, b, c, [0.0, 0.0, -1.0], [3, 2, 1, 0]), Sign::Positive);
/// ```
#[inline]
pub fn orient3d_sos<P: Point3, I: Ord>(a: P, b: P, c: P, d: P, ids: [I; 4]) -> Sign {
    let s = crate::orient3d(a.coords(), b.coords(), c.coords(), d.coords());
    if s != Sign::Zero {
        return s;
    }
    perturbed::<_, _, 3, 4>(
        [a.coords(), b.coords(), c.coords(), d.coords()],
        &ids,
        false,
    )
}

/// [`incircle`](crate::incircle) under symbolic perturbation: never `Zero` for distinct
/// ids.
///
/// `ids[k]` is the id of the `k`-th point. Returns the exact answer when it is non-zero,
/// otherwise the sign for the perturbed lifted points `(x, y, x² + y²)`, the lifted
/// coordinate being perturbed independently (see the [module docs](self)). `Zero` only
/// when two ids are equal and the exact answer is `Zero`, or when a coordinate is not
/// finite.
///
/// # Examples
///
/// ```
/// use isect::sos::incircle_sos;
/// use isect::{incircle, Sign};
/// let (a, b, c, d) = ([1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]);
/// assert_eq!(incircle(a, b, c, d), Sign::Zero); // cocircular
/// let s = incircle_sos(a, b, c, d, [0, 1, 2, 3]);
/// assert_ne!(s, Sign::Zero);
/// assert_eq!(incircle_sos(b, a, c, d, [1, 0, 2, 3]), -s);
/// // Not cocircular: the exact answer.
/// assert_eq!(incircle_sos(a, b, c, [0.0, 0.5], [0, 1, 2, 3]), Sign::Positive);
/// ```
#[inline]
pub fn incircle_sos<P: Point2, I: Ord>(a: P, b: P, c: P, d: P, ids: [I; 4]) -> Sign {
    let s = crate::incircle(a.coords(), b.coords(), c.coords(), d.coords());
    if s != Sign::Zero {
        return s;
    }
    perturbed::<_, _, 2, 4>([a.coords(), b.coords(), c.coords(), d.coords()], &ids, true)
}

/// [`insphere`](crate::insphere) under symbolic perturbation: never `Zero` for distinct
/// ids.
///
/// `ids[k]` is the id of the `k`-th point. Returns the exact answer when it is non-zero,
/// otherwise the sign for the perturbed lifted points `(x, y, z, x² + y² + z²)`, the lifted
/// coordinate being perturbed independently (see the [module docs](self)). `Zero` only
/// when two ids are equal and the exact answer is `Zero`, or when a coordinate is not
/// finite.
///
/// # Examples
///
/// ```
/// use isect::sos::insphere_sos;
/// use isect::{insphere, Sign};
/// let p = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]];
/// let e = [0.0, -1.0, 0.0];
/// assert_eq!(insphere(p[0], p[1], p[2], p[3], e), Sign::Zero); // cospherical
/// let s = insphere_sos(p[0], p[1], p[2], p[3], e, [0, 1, 2, 3, 4]);
/// assert_ne!(s, Sign::Zero);
/// assert_eq!(insphere_sos(p[0], p[1], p[2], e, p[3], [0, 1, 2, 4, 3]), -s);
/// // Five copies of one point with distinct ids: still a definite answer.
/// assert_ne!(insphere_sos(e, e, e, e, e, [0, 1, 2, 3, 4]), Sign::Zero);
/// ```
#[inline]
pub fn insphere_sos<P: Point3, I: Ord>(a: P, b: P, c: P, d: P, e: P, ids: [I; 5]) -> Sign {
    let s = crate::insphere(a.coords(), b.coords(), c.coords(), d.coords(), e.coords());
    if s != Sign::Zero {
        return s;
    }
    perturbed::<_, _, 3, 5>(
        [a.coords(), b.coords(), c.coords(), d.coords(), e.coords()],
        &ids,
        true,
    )
}

/// The argument indices in increasing id order and whether that permutation is odd;
/// `None` if two ids are equal.
fn rank_order<I: Ord, const N: usize>(ids: &[I; N]) -> Option<([usize; N], bool)> {
    let mut order: [usize; N] = core::array::from_fn(|k| k);
    let mut odd = false;
    // Insertion sort: each swap is a transposition.
    for k in 1..N {
        let mut j = k;
        while j > 0 && ids[order[j - 1]] > ids[order[j]] {
            order.swap(j - 1, j);
            odd = !odd;
            j -= 1;
        }
    }
    if (1..N).any(|k| ids[order[k - 1]] == ids[order[k]]) {
        return None;
    }
    Some((order, odd))
}

/// The sign of the perturbed determinant of the `N` points, given that the unperturbed
/// one is zero. `D` is the dimension of the points, `lifted` adds the column `|p|²`.
#[cold]
#[inline(never)]
fn perturbed<T: Scalar, I: Ord, const D: usize, const N: usize>(
    pts: [&[T; D]; N],
    ids: &[I; N],
    lifted: bool,
) -> Sign {
    if pts.iter().any(|p| p.iter().any(|x| !x.is_finite())) {
        return Sign::Zero;
    }
    let Some((order, odd)) = rank_order(ids) else {
        return Sign::Zero;
    };
    let delta = D + usize::from(lifted);
    debug_assert_eq!(N, delta + 1);
    // The rows in rank order, as argument indices.
    let row = |rank: usize| order[rank];
    // The exact coordinates with the lifted one appended, computed on first need.
    let mut exact: Option<[Vec<BigRational>; N]> = None;
    // Repeated points are the commonest degeneracy: a minor with two equal rows is zero.
    // `twin[r]`: the ranks above `r` whose point equals the point of rank `r`.
    let twin: [u32; N] = core::array::from_fn(|r| {
        (r + 1..N)
            .filter(|&s| pts[row(r)] == pts[row(s)])
            .fold(0, |bits, s| bits | 1 << s)
    });
    let s = leading_coefficient_sign(delta, |rows, cols| {
        let rows_bits = rows.iter().fold(0u32, |bits, &r| bits | 1 << r);
        if rows.iter().any(|&r| twin[r] & rows_bits != 0) {
            return Sign::Zero;
        }
        if cols.iter().all(|&c| c < D) {
            let get = |t: usize, u: usize| pts[row(rows[t])][cols[u]].clone();
            homogeneous_sign(cols.len(), get)
        } else {
            let q = exact.get_or_insert_with(|| pts.map(exact_lifted));
            let get = |t: usize, u: usize| q[row(rows[t])][cols[u]].clone();
            homogeneous_sign(cols.len(), get)
        }
    });
    if odd { -s } else { s }
}

/// `[x, y, …, x² + y² + …]` exactly. Only called on finite coordinates.
fn exact_lifted<T: Scalar, const D: usize>(p: &[T; D]) -> Vec<BigRational> {
    let mut v: Vec<BigRational> = p
        .iter()
        .map(|x| x.to_rational().expect("finite coordinate"))
        .collect();
    let lift = v.iter().map(|x| x * x).sum();
    v.push(lift);
    v
}

/// The sign of `det[[q_t, 1]]` for the `m + 1` points `q_t = (get(t, 0), …, get(t, m−1))`,
/// `m ≤ 3`: `q_0 − q_1` for `m = 1`, `orient2d` for `m = 2`, `orient3d` for `m = 3`
/// (each equals the homogeneous determinant, rows in order).
fn homogeneous_sign<U: Scalar>(m: usize, get: impl Fn(usize, usize) -> U) -> Sign {
    match m {
        0 => Sign::Positive,
        1 => Sign::from_ordering(get(0, 0).partial_cmp(&get(1, 0)).unwrap_or(Ordering::Equal)),
        2 => {
            let q = |t: usize| [get(t, 0), get(t, 1)];
            crate::orient2d(q(0), q(1), q(2))
        }
        3 => {
            let q = |t: usize| [get(t, 0), get(t, 1), get(t, 2)];
            crate::orient3d(q(0), q(1), q(2), q(3))
        }
        _ => unreachable!("minors of the perturbed determinants have at most 3 coordinate columns"),
    }
}

/// The sign of the first non-zero coefficient, in increasing order of the exponent, of
/// the `(δ+1)×(δ+1)` homogeneous determinant whose entry `(i, j)`, `j < δ`, is perturbed
/// by `ε^(2^(i·δ + δ − 1 − j))`, the constant coefficient (the unperturbed determinant)
/// being zero.
///
/// `minor(rows, cols)` is the sign of the minor on the given rows (ranks, ascending) and
/// coordinate columns (ascending) plus the ones column, which comes last.
fn leading_coefficient_sign(
    delta: usize,
    mut minor: impl FnMut(&[usize], &[usize]) -> Sign,
) -> Sign {
    let n = delta + 1;
    // Indexed by the bits of the used rows and (shifted by n) columns.
    let mut known_zero = [false; 1 << 9];
    // A perturbed entry's bit `b` is at rank `b / δ` and column `δ − 1 − b mod δ`. Masks
    // increase with the exponent `Σ 2^b` of their monomial.
    let mut mask = 1u32;
    while mask < 1 << (n * delta) {
        let (mut used_rows, mut used_cols) = (0u32, 0u32);
        // The selected columns in increasing order of their rows (= of their bits).
        let k = mask.count_ones() as usize;
        let mut sel_cols = [0usize; 5];
        let mut row_odd = false;
        let mut conflict = None;
        // From the highest bit down, so that a conflict is found at the highest bit that
        // clashes with a higher one.
        let mut bits = mask;
        let mut t = k;
        while bits != 0 {
            let b = 31 - bits.leading_zeros() as usize;
            bits &= !(1 << b);
            let (r, c) = (b / delta, delta - 1 - b % delta);
            if used_rows & (1 << r) != 0 || used_cols & (1 << c) != 0 {
                conflict = Some(b);
                break;
            }
            used_rows |= 1 << r;
            used_cols |= 1 << c;
            t -= 1;
            // Moving row r, the t-th selected one (rows ascending), to position t passes
            // the r − t unselected rows above it. (Written r + t: same parity, and no
            // underflow while a clash further down is not yet found.)
            row_odd ^= (r + t) % 2 == 1;
            sel_cols[t] = c;
        }
        if let Some(b) = conflict {
            // Every mask that agrees with this one on bits b and above clashes too: skip
            // to the next mask that differs there.
            mask = (mask | ((1 << b) - 1)) + 1;
            continue;
        }
        mask += 1;
        // Different monomials can delete the same rows and columns; a minor met before
        // was zero (or the search would have ended).
        let key = used_rows as usize | (used_cols as usize) << n;
        if known_zero[key] {
            continue;
        }
        // Bringing the selected columns, in the order of their rows, to the front: the
        // parity of the sequence (selected columns, remaining columns ascending); the ones
        // column stays last.
        let mut seq = [0usize; 5];
        seq[..k].copy_from_slice(&sel_cols[..k]);
        let mut rest_cols = [0usize; 5];
        let mut m = 0;
        for c in 0..delta {
            if used_cols & (1 << c) == 0 {
                seq[k + m] = c;
                rest_cols[m] = c;
                m += 1;
            }
        }
        let mut col_odd = false;
        for i in 0..delta {
            for j in i + 1..delta {
                col_odd ^= seq[i] > seq[j];
            }
        }
        let coefficient = if m == 0 {
            // All coordinate columns perturbed: the minor is the 1×1 [1].
            Sign::Positive
        } else {
            let mut rest_rows = [0usize; 5];
            let mut r_len = 0;
            for r in 0..n {
                if used_rows & (1 << r) == 0 {
                    rest_rows[r_len] = r;
                    r_len += 1;
                }
            }
            minor(&rest_rows[..r_len], &rest_cols[..m])
        };
        if coefficient != Sign::Zero {
            return if row_odd ^ col_odd {
                -coefficient
            } else {
                coefficient
            };
        }
        known_zero[key] = true;
    }
    unreachable!("the monomial perturbing every coordinate column has coefficient ±1")
}
