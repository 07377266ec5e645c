//! Exact comparison of named times of two different pieces, and the exact sign of a
//! piece's normal velocity at one of its named times (`proofs/contacts.md`, section 1).
//!
//! A named time is written `(P + Q·√D)/S` with `S > 0` and `Q ∈ {−1, 0, 1}`, all of
//! `P, D, S` polynomials in the inputs: `0 = 0/1`, `1 = 1/1`, `xᵢ = −αᵢ/βᵢ` (sign of `βᵢ`
//! folded into `S`), `ρ₀,₁ = (−B ∓ √(B² − AC))/A`. The sign of a difference of two such
//! numbers is that of `X + Y√D₁ + Z√D₂` with `X = S₂P₁ − S₁P₂`, `Y = Q₁S₂`, `Z = −Q₂S₁`,
//! decided by squaring at most twice, every step the exact sign of a polynomial.

use core::cmp::Ordering;

use super::interval::{Ex, Expr, Piece, Pt};
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::{Scalar, Sign};

/// `(P, Q, D, S)` of a named time (`D` unused when `Q = 0`).
fn parts<T: Scalar, P: Piece<T>, R: Ring>(p: &P, x: Pt, lift: &impl Fn(&T) -> R) -> (R, i8, R, R) {
    let zero = || {
        let z = lift_one(p, lift);
        z.clone() - z
    };
    match x {
        Pt::Zero => (zero(), 0, zero(), lift_one(p, lift)),
        Pt::One => (lift_one(p, lift), 0, zero(), lift_one(p, lift)),
        Pt::Lin(i, positive) => {
            let (a, b) = p.lin(i, lift);
            if positive {
                (-a, 0, zero(), b)
            } else {
                (a, 0, zero(), -b)
            }
        }
        Pt::Root0 | Pt::Root1 => {
            let [a, b, c] = p.quad(lift);
            let d = b.clone() * b.clone() - a.clone() * c;
            (-b, if x == Pt::Root0 { -1 } else { 1 }, d, a)
        }
        Pt::Inf => unreachable!("infinite times are not compared"),
    }
}

/// The ring's one: the lift of the scalar one.
fn lift_one<T: Scalar, P: Piece<T>, R: Ring>(_: &P, lift: &impl Fn(&T) -> R) -> R {
    lift(&T::one())
}

/// The polynomials the comparison signs.
#[derive(Clone, Copy)]
enum E {
    /// `X = S₂P₁ − S₁P₂`.
    X,
    /// `D₁`.
    D1,
    /// `D₂`.
    D2,
    /// `X² − Y²D₁`.
    XxYyD1,
    /// `W = X² + Y²D₁ − Z²D₂`.
    W,
    /// `W² − 4X²Y²D₁`.
    WwVvD1,
}

struct Pair<'a, P1, P2> {
    a: &'a P1,
    xa: Pt,
    b: &'a P2,
    xb: Pt,
    e: E,
}

impl<T: Scalar, P1: Piece<T>, P2: Piece<T>> Polynomial<T> for Pair<'_, P1, P2> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let (p1, q1, d1, s1) = parts(self.a, self.xa, lift);
        let (p2, q2, d2, s2) = parts(self.b, self.xb, lift);
        let x = s2.clone() * p1 - s1.clone() * p2;
        // Y² = Q₁²S₂², Z² = Q₂²S₁² with Qᵢ² ∈ {0, 1}.
        let yy = if q1 == 0 {
            x.clone() - x.clone()
        } else {
            s2.clone() * s2
        };
        let zz = if q2 == 0 {
            x.clone() - x.clone()
        } else {
            s1.clone() * s1
        };
        match self.e {
            E::X => x,
            E::D1 => d1,
            E::D2 => d2,
            E::XxYyD1 => x.clone() * x - yy * d1,
            E::W => x.clone() * x - zz * d2 + yy * d1,
            E::WwVvD1 => {
                let w = x.clone() * x.clone() - zz * d2 + yy.clone() * d1.clone();
                let xx = x.clone() * x;
                let four = xx.clone() + xx.clone() + xx.clone() + xx;
                w.clone() * w - four * yy * d1
            }
        }
    }
}

fn mul(a: Sign, b: Sign) -> Sign {
    match (a, b) {
        (Sign::Zero, _) | (_, Sign::Zero) => Sign::Zero,
        (x, y) if x == y => Sign::Positive,
        _ => Sign::Negative,
    }
}

fn from_i8(q: i8) -> Sign {
    match q {
        0 => Sign::Zero,
        x if x > 0 => Sign::Positive,
        _ => Sign::Negative,
    }
}

/// `sign(X + Y√D)` from `sign X`, `sign Y`, `sign D` (`D ≥ 0`) and `sign(X² − Y²D)`.
fn sgn2(x: Sign, y: Sign, d: Sign, xx_yyd: impl FnOnce() -> Sign) -> Sign {
    let y = if d == Sign::Zero { Sign::Zero } else { y };
    match (x, y) {
        (x, Sign::Zero) => x,
        (Sign::Zero, y) => y,
        (x, y) if x == y => x,
        (x, _) => mul(x, xx_yyd()),
    }
}

/// The exact order of the named time `xa` of piece `a` and `xb` of piece `b` (neither
/// infinite; a root only of a piece with `A > 0` and `B² ≥ AC`).
pub(crate) fn cmp_named<T, P1, P2>(a: &P1, xa: Pt, b: &P2, xb: Pt) -> Ordering
where
    T: Scalar,
    P1: Piece<T>,
    P2: Piece<T>,
{
    let s = |e: E| polynomial_sign::<T, _>(&Pair { a, xa, b, xb, e });
    let q = |x: Pt| match x {
        Pt::Root0 => -1i8,
        Pt::Root1 => 1,
        _ => 0,
    };
    let (q1, q2) = (q(xa), q(xb));
    let sx = s(E::X);
    let d1 = if q1 == 0 { Sign::Zero } else { s(E::D1) };
    let d2 = if q2 == 0 { Sign::Zero } else { s(E::D2) };
    // L = X + Y√D₁ (Y has the sign of Q₁), R = −Z√D₂ = Q₂S₁√D₂ (the sign of Q₂).
    let sl = sgn2(sx, from_i8(q1), d1, || s(E::XxYyD1));
    let sr = if d2 == Sign::Zero {
        Sign::Zero
    } else {
        from_i8(q2)
    };
    let sign = match (sl, sr) {
        (l, Sign::Zero) => l,
        (Sign::Zero, r) => neg(r),
        (l, r) if l != r => l,
        // Same sign σ: sign(L − R) = σ·sign(L² − R²), L² − R² = W + 2XY√D₁.
        (l, _) => {
            let v = mul(sx, from_i8(q1));
            mul(l, sgn2(s(E::W), v, d1, || s(E::WwVvD1)))
        }
    };
    match sign {
        Sign::Negative => Ordering::Less,
        Sign::Zero => Ordering::Equal,
        Sign::Positive => Ordering::Greater,
    }
}

fn neg(s: Sign) -> Sign {
    mul(s, Sign::Negative)
}

/// The exact sign of `q'(x)/2 = A·x + B` at the named time `x` of a piece with a
/// quadratic: negative while the moving point goes deeper (approaching), zero at rest
/// relative to the boundary (grazing or resting), positive when leaving.
///
/// `point_like`: the piece's radius is zero, so touching means passing through the
/// feature, and a double root (`D = 0`) with relative motion (`A > 0`) is an impact, not a
/// graze (the distance, not its square, decreases at a non-zero rate).
pub(crate) fn approach_sign<T: Scalar, P: Piece<T>>(p: &P, x: Pt, point_like: bool) -> Sign {
    let s = |e: Expr| polynomial_sign::<T, _>(&Ex(p, e));
    if s(Expr::A) == Sign::Zero {
        return Sign::Zero; // no relative motion
    }
    match x {
        Pt::Root0 if point_like => Sign::Negative,
        // A·ρ + B = ∓√D.
        Pt::Root0 => neg(s(Expr::Disc)),
        Pt::Root1 => s(Expr::Disc),
        Pt::Zero => s(Expr::B),
        Pt::One => s(Expr::APlusB),
        // A·xᵢ + B = (Bβᵢ − Aαᵢ)/βᵢ.
        Pt::Lin(i, positive) => {
            let v = s(Expr::VLin(i));
            if positive { v } else { neg(v) }
        }
        Pt::Inf => Sign::Positive,
    }
}
