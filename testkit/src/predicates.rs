//! The independent exact oracle of orient2d, orient3d, incircle and insphere.
//!
//! It is deliberately unlike the code under test. The library evaluates translated
//! difference formulas (`a − d`, `b − d`, …); the oracle instead builds the full
//! homogeneous (n+1)×(n+1) matrix of the untranslated coordinates, clears the denominators
//! of every row separately (a positive row factor that keeps the sign), and takes the
//! determinant of the resulting integer matrix by Bareiss fraction-free elimination
//! ([`det_sign`]). A second, slower determinant (cofactor expansion, [`det_sign_laplace`])
//! cross-checks the first.
//!
//! Relation to Shewchuk's conventions (the factor is `+1` for all four):
//!
//! * orient2d: `det[[ax,ay,1],[bx,by,1],[cx,cy,1]]`. Subtracting row c from rows a and b
//!   leaves `[[ax−cx, ay−cy, 0], [bx−cx, by−cy, 0], [cx, cy, 1]]`; expanding along the last
//!   column (entry (3,3), cofactor sign +) gives `det[a−c; b−c]`, Shewchuk's value.
//!   Check: a=(0,0), b=(1,0), c=(0,1) (counterclockwise) gives `0·(0−1) − 0·(1−0) + 1·(1·1 − 0·0) = 1 > 0`.
//! * orient3d: `det[[a,1],[b,1],[c,1],[d,1]]`; subtracting row d from the others and
//!   expanding along the last column (entry (4,4), sign +) gives `det[a−d; b−d; c−d]`,
//!   Shewchuk's value. Check: a=0, b=e_x, c=e_y, d=(0,0,−1) (d below the ccw triangle):
//!   `det[[0,0,1],[1,0,1],[0,1,1]] = 1 > 0`.
//! * incircle: rows `[x, y, x²+y², 1]`. Translating all points by `−d` changes the lift
//!   column by a combination of the x, y and 1 columns, so the determinant is unchanged;
//!   then row d is `[0,0,0,1]` and the expansion along the last column gives Shewchuk's
//!   3×3 determinant of rows `(p−d, |p−d|²)` with sign +. Check: a=(1,0), b=(0,1),
//!   c=(−1,0) (ccw), d=(0,0) inside: `det[[1,0,1],[0,1,1],[−1,0,1]] = 1 + 1 = 2 > 0`.
//! * insphere: rows `[x, y, z, x²+y²+z², 1]`; the same translation argument by `−e` gives
//!   the 4×4 determinant of rows `(p−e, |p−e|²)` with sign +. Check: a=e_x, b=e_y, c=e_z,
//!   d=−e_x (`orient3d(a,b,c,d) = det[[2,0,0],[1,1,0],[1,0,1]] = 2 > 0`), e=0 inside: subtract
//!   row a from row d to get `[−2,0,0,0]`; expanding along it, `−2 · (−1)^(4+1) ·
//!   det[[0,0,1],[1,0,1],[0,1,1]] = −2 · −1 · 1 = 2 > 0`.
//!
//! These factors are asserted against the peer fixtures in `tests/predicates/fixtures.rs`
//! and against the hand examples above in `tests/predicates/oracle_agreement.rs`.

use isect::Sign;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

use crate::float::{to_q, Fl};
use crate::q::Q;

/// The sign relating orient2d (Shewchuk's convention) to its homogeneous determinant.
const ORIENT2D_FACTOR: Sign = Sign::Positive;
/// The sign relating orient3d to its homogeneous determinant.
const ORIENT3D_FACTOR: Sign = Sign::Positive;
/// The sign relating incircle to its lifted homogeneous determinant.
const INCIRCLE_FACTOR: Sign = Sign::Positive;
/// The sign relating insphere to its lifted homogeneous determinant.
const INSPHERE_FACTOR: Sign = Sign::Positive;

/// Multiplies a row of rationals by the (positive) lcm of its denominators.
fn integer_row(row: &[Q]) -> Vec<BigInt> {
    let l = row.iter().fold(BigInt::one(), |l, x| l.lcm(x.denom()));
    row.iter().map(|x| x.numer() * (&l / x.denom())).collect()
}

/// Determinant of a square integer matrix by Bareiss fraction-free elimination.
pub fn det_bareiss(mut m: Vec<Vec<BigInt>>) -> BigInt {
    let n = m.len();
    assert!(m.iter().all(|r| r.len() == n), "square matrix");
    let mut negate = false;
    let mut prev = BigInt::one();
    for k in 0..n {
        if m[k][k].is_zero() {
            match (k + 1..n).find(|&i| !m[i][k].is_zero()) {
                Some(i) => {
                    m.swap(i, k);
                    negate = !negate;
                }
                None => return BigInt::zero(),
            }
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let num = &m[i][j] * &m[k][k] - &m[i][k] * &m[k][j];
                let (quot, rem) = num.div_rem(&prev);
                assert!(rem.is_zero(), "Bareiss division must be exact");
                m[i][j] = quot;
            }
        }
        prev = m[k][k].clone();
    }
    let d = m[n - 1][n - 1].clone();
    if negate {
        -d
    } else {
        d
    }
}

/// Determinant by cofactor expansion along the first row (slow; for cross-checks).
pub fn det_laplace(m: &[Vec<BigInt>]) -> BigInt {
    let n = m.len();
    if n == 1 {
        return m[0][0].clone();
    }
    let mut sum = BigInt::zero();
    for j in 0..n {
        if m[0][j].is_zero() {
            continue;
        }
        let minor: Vec<Vec<BigInt>> = m[1..]
            .iter()
            .map(|r| {
                r.iter()
                    .enumerate()
                    .filter(|&(c, _)| c != j)
                    .map(|(_, x)| x.clone())
                    .collect()
            })
            .collect();
        let term = &m[0][j] * det_laplace(&minor);
        if j % 2 == 0 {
            sum += term;
        } else {
            sum -= term;
        }
    }
    sum
}

fn lift(p: &[Q]) -> Q {
    p.iter().fold(Q::zero(), |s, x| s + x * x)
}

/// Rows `[coords…, (lifted), 1]` for each point.
pub fn homogeneous(points: &[&[Q]], lifted: bool) -> Vec<Vec<Q>> {
    points
        .iter()
        .map(|p| {
            let mut row: Vec<Q> = p.to_vec();
            if lifted {
                row.push(lift(p));
            }
            row.push(Q::one());
            row
        })
        .collect()
}

/// The sign of the determinant of a rational matrix.
pub fn det_sign(rows: &[Vec<Q>]) -> Sign {
    let ints: Vec<Vec<BigInt>> = rows.iter().map(|r| integer_row(r)).collect();
    Sign::of(det_bareiss(ints))
}

/// The same through cofactor expansion (independent second evaluation).
pub fn det_sign_laplace(rows: &[Vec<Q>]) -> Sign {
    let ints: Vec<Vec<BigInt>> = rows.iter().map(|r| integer_row(r)).collect();
    Sign::of(det_laplace(&ints))
}

/// The exact orient2d of three rational points.
pub fn orient2d_q(p: &[[Q; 2]; 3]) -> Sign {
    let pts: Vec<&[Q]> = p.iter().map(|x| &x[..]).collect();
    det_sign(&homogeneous(&pts, false)) * ORIENT2D_FACTOR
}
/// The exact orient3d of four rational points.
pub fn orient3d_q(p: &[[Q; 3]; 4]) -> Sign {
    let pts: Vec<&[Q]> = p.iter().map(|x| &x[..]).collect();
    det_sign(&homogeneous(&pts, false)) * ORIENT3D_FACTOR
}
/// The exact incircle of four rational points.
pub fn incircle_q(p: &[[Q; 2]; 4]) -> Sign {
    let pts: Vec<&[Q]> = p.iter().map(|x| &x[..]).collect();
    det_sign(&homogeneous(&pts, true)) * INCIRCLE_FACTOR
}
/// The exact insphere of five rational points.
pub fn insphere_q(p: &[[Q; 3]; 5]) -> Sign {
    let pts: Vec<&[Q]> = p.iter().map(|x| &x[..]).collect();
    det_sign(&homogeneous(&pts, true)) * INSPHERE_FACTOR
}

/// The exact orient2d of three float points.
pub fn orient2d<F: Fl>(p: &[[F; 2]; 3]) -> Sign {
    orient2d_q(&to_q(p))
}
/// The exact orient3d of four float points.
pub fn orient3d<F: Fl>(p: &[[F; 3]; 4]) -> Sign {
    orient3d_q(&to_q(p))
}
/// The exact incircle of four float points.
pub fn incircle<F: Fl>(p: &[[F; 2]; 4]) -> Sign {
    incircle_q(&to_q(p))
}
/// The exact insphere of five float points.
pub fn insphere<F: Fl>(p: &[[F; 3]; 5]) -> Sign {
    insphere_q(&to_q(p))
}
