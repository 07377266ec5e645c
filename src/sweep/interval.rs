//! The engine every sweep reduces to: the exact set of times at which a moving point lies
//! in a convex piece, and rounded values of its end points with rigorous error bounds.
//!
//! A *piece* is described by polynomials in the inputs (`proofs/sweep.md`, section 1):
//!
//! * linear constraints `αᵢ + βᵢ·u ≥ 0` (a slab side, a cylinder cap, an edge of a face);
//! * at most one quadratic `q(u) = A·u² + 2B·u + C ≤ 0` with `A ≥ 0` for every input
//!   (a sum of squares), and `A = 0 ⇒ B = 0` (every quadratic here is
//!   `|P + u·V|² − K` or `(p + u·v)² − K`);
//! * the domain `0 ≤ u ≤ 1` (or `0 ≤ u` for rays).
//!
//! [`solve`] decides whether the set of `u` satisfying all of them is empty using only
//! exact signs of polynomials ([`polynomial_sign`]), and names its end points as
//! [`Pt`]s: a domain end, a linear bound `−αᵢ/βᵢ`, or a root of `q`. [`value`] turns a
//! [`Pt`] into a number with an error bound.

use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};
#[cfg(not(feature = "std"))]
use num_traits::Float;

use num_rational::BigRational;
use num_traits::{Signed, Zero};

use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::is_float;
use crate::{FloatFormat, Scalar, Sign};

/// A convex piece of a sweep, in polynomials of the inputs `T`.
pub(crate) trait Piece<T> {
    /// How many linear constraints.
    fn lin_count(&self) -> usize;
    /// `(αᵢ, βᵢ)` of the constraint `αᵢ + βᵢ·u ≥ 0`.
    fn lin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> (R, R);
    /// Whether there is a quadratic constraint.
    fn has_quad(&self) -> bool;
    /// `[A, B, C]` of `A·u² + 2B·u + C ≤ 0` (only called when [`Piece::has_quad`]).
    fn quad<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3];
    /// A certified answer of [`solve`] from a dedicated `f64` filter, if the piece has
    /// one and it decides (`None`: not decided).
    fn fast(&self, _bounded: bool) -> Option<Option<Found>> {
        None
    }
    /// Every `(αᵢ, βᵢ)` into `out` (`out.len()` is [`Piece::lin_count`]) and the quadratic
    /// if [`Piece::has_quad`]: the polynomials of [`Piece::lin`] and [`Piece::quad`], for a
    /// piece that can share their common parts (the default evaluates them one by one).
    fn all<R: Ring>(&self, lift: &impl Fn(&T) -> R, out: &mut [(R, R)]) -> Option<[R; 3]> {
        for (i, x) in out.iter_mut().enumerate() {
            *x = self.lin(i, lift);
        }
        self.has_quad().then(|| self.quad(lift))
    }
}

/// The polynomials the decisions use.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Expr {
    /// `αᵢ`.
    Alpha(usize),
    /// `βᵢ`.
    Beta(usize),
    /// `αᵢ + βᵢ` (`sign(xᵢ − 1) = −sign(αᵢ + βᵢ)·sign(βᵢ)`).
    AlphaPlusBeta(usize),
    /// `αⱼβᵢ − αᵢβⱼ` (`sign(xᵢ − xⱼ)` times `sign(βᵢβⱼ)`).
    Cross(usize, usize),
    /// `A`.
    A,
    /// `B`.
    B,
    /// `C = q(0)`.
    C,
    /// `A + B` (`sign(1 − vertex)`).
    APlusB,
    /// `A + 2B + C = q(1)`.
    QOne,
    /// `B² − A·C`.
    Disc,
    /// `q(xᵢ)·βᵢ² = A·αᵢ² − 2B·αᵢβᵢ + C·βᵢ²`.
    QLin(usize),
    /// `B·βᵢ − A·αᵢ` (`sign(xᵢ − vertex) = sign(Bβᵢ − Aαᵢ)·sign(βᵢ)`).
    VLin(usize),
}

/// A polynomial [`Expr`] of a piece.
pub(crate) struct Ex<'a, P>(pub(crate) &'a P, pub(crate) Expr);

impl<T, P: Piece<T>> Polynomial<T> for Ex<'_, P> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let p = self.0;
        match self.1 {
            Expr::Alpha(i) => p.lin(i, lift).0,
            Expr::Beta(i) => p.lin(i, lift).1,
            Expr::AlphaPlusBeta(i) => {
                let (a, b) = p.lin(i, lift);
                a + b
            }
            Expr::Cross(i, j) => {
                let (ai, bi) = p.lin(i, lift);
                let (aj, bj) = p.lin(j, lift);
                aj * bi - ai * bj
            }
            Expr::A => p.quad(lift)[0].clone(),
            Expr::B => p.quad(lift)[1].clone(),
            Expr::C => p.quad(lift)[2].clone(),
            Expr::APlusB => {
                let [a, b, _] = p.quad(lift);
                a + b
            }
            Expr::QOne => {
                let [a, b, c] = p.quad(lift);
                a + b.clone() + b + c
            }
            Expr::Disc => {
                let [a, b, c] = p.quad(lift);
                b.clone() * b - a * c
            }
            Expr::QLin(i) => {
                let [a, b, c] = p.quad(lift);
                let (al, be) = p.lin(i, lift);
                let ab = al.clone() * be.clone();
                a * al.clone() * al - (b.clone() * ab.clone() + b * ab) + c * be.clone() * be
            }
            Expr::VLin(i) => {
                let [a, b, _] = p.quad(lift);
                let (al, be) = p.lin(i, lift);
                b * be - a * al
            }
        }
    }
}

/// A named time: the end point of a piece's time set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pt {
    /// `u = 0`.
    Zero,
    /// `u = 1`.
    One,
    /// `u = +∞` (rays only).
    Inf,
    /// `xᵢ = −αᵢ/βᵢ`, with `βᵢ ≠ 0`; the flag is `βᵢ > 0`.
    Lin(usize, bool),
    /// The smaller root of `q`.
    Root0,
    /// The larger root of `q`.
    Root1,
}

/// The exact time set of a piece: `[first, last]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) first: Pt,
    pub(crate) last: Pt,
}

/// Decides the signs of a piece's expressions: for floats first from `Est` values of the
/// piece's polynomials `αᵢ, βᵢ, A, B, C`, evaluated once and combined with running error
/// bounds (a sign is taken only when the bound proves it), then by [`polynomial_sign`].
/// `Est` values of a piece's `(αᵢ, βᵢ)` and `[A, B, C]`.
type Cache = (Lins, Option<[Est; 3]>);

/// The `(αᵢ, βᵢ)` of a piece: inline up to 8 (every piece but OBB slabs), else on the heap.
// Inline on purpose: the point is to avoid the heap for every piece but OBB slabs.
#[allow(clippy::large_enum_variant)]
enum Lins {
    Inline([(Est, Est); 8]),
    Heap(alloc::vec::Vec<(Est, Est)>),
}

impl core::ops::Index<usize> for Lins {
    type Output = (Est, Est);
    #[inline(always)]
    fn index(&self, i: usize) -> &(Est, Est) {
        match self {
            Lins::Inline(a) => &a[i],
            Lins::Heap(v) => &v[i],
        }
    }
}

pub(crate) struct Signer<'a, T, P> {
    p: &'a P,
    cache: Option<Cache>,
    _t: core::marker::PhantomData<T>,
}

impl<'a, T: Scalar, P: Piece<T>> Signer<'a, T, P> {
    pub(crate) fn new(p: &'a P) -> Self {
        let cache = is_float::<T>().then(|| {
            let lift = |x: &T| Est::exact(x.to_f64());
            let n = p.lin_count();
            let zero = (Est::exact(0.0), Est::exact(0.0));
            if n <= 8 {
                let mut a = [zero; 8];
                let quad = p.all(&lift, &mut a[..n]);
                (Lins::Inline(a), quad)
            } else {
                let mut a = alloc::vec![zero; n];
                let quad = p.all(&lift, &mut a);
                (Lins::Heap(a), quad)
            }
        });
        Signer {
            p,
            cache,
            _t: core::marker::PhantomData,
        }
    }

    /// The expression over the cached `Est` values (same formulas as [`Ex`]).
    fn est(&self, e: Expr) -> Option<Est> {
        let (lin, quad) = self.cache.as_ref()?;
        let q = || quad.expect("a quadratic expression of a piece without one");
        Some(match e {
            Expr::Alpha(i) => lin[i].0,
            Expr::Beta(i) => lin[i].1,
            Expr::AlphaPlusBeta(i) => lin[i].0 + lin[i].1,
            Expr::Cross(i, j) => lin[j].0 * lin[i].1 - lin[i].0 * lin[j].1,
            Expr::A => q()[0],
            Expr::B => q()[1],
            Expr::C => q()[2],
            Expr::APlusB => q()[0] + q()[1],
            Expr::QOne => q()[0] + q()[1] + q()[1] + q()[2],
            Expr::Disc => q()[1] * q()[1] - q()[0] * q()[2],
            Expr::QLin(i) => {
                let [a, b, c] = q();
                let (al, be) = lin[i];
                let ab = al * be;
                a * al * al - (b * ab + b * ab) + c * be * be
            }
            Expr::VLin(i) => {
                let [a, b, _] = q();
                let (al, be) = lin[i];
                b * be - a * al
            }
        })
    }

    #[inline]
    pub(crate) fn sign(&self, e: Expr) -> Sign {
        if let Some(x) = self.est(e) {
            if x.ok() && x.v.abs() > x.e {
                return if x.v > 0.0 {
                    Sign::Positive
                } else {
                    Sign::Negative
                };
            }
            if x.v == 0.0 && x.e == 0.0 {
                return Sign::Zero; // an exact zero: no rounding, so no product, happened
            }
        }
        polynomial_sign::<T, _>(&Ex(self.p, e))
    }
}

fn neg(s: Sign) -> Sign {
    match s {
        Sign::Positive => Sign::Negative,
        Sign::Negative => Sign::Positive,
        Sign::Zero => Sign::Zero,
    }
}

fn times(s: Sign, positive: bool) -> Sign {
    if positive { s } else { neg(s) }
}

/// The exact order of two linear-or-domain times.
fn cmp<T: Scalar, P: Piece<T>>(p: &Signer<'_, T, P>, x: Pt, y: Pt) -> Ordering {
    use Pt::*;
    let s = match (x, y) {
        (a, b) if a == b => Sign::Zero,
        (Inf, _) => Sign::Positive,
        (_, Inf) => Sign::Negative,
        (Zero, One) => Sign::Negative,
        (One, Zero) => Sign::Positive,
        // sign(xᵢ) = −sign(αᵢ)·sign(βᵢ)
        (Lin(i, bp), Zero) => times(neg(p.sign(Expr::Alpha(i))), bp),
        (Zero, Lin(i, bp)) => times(p.sign(Expr::Alpha(i)), bp),
        // sign(xᵢ − 1) = −sign(αᵢ + βᵢ)·sign(βᵢ)
        (Lin(i, bp), One) => times(neg(p.sign(Expr::AlphaPlusBeta(i))), bp),
        (One, Lin(i, bp)) => times(p.sign(Expr::AlphaPlusBeta(i)), bp),
        (Lin(i, bi), Lin(j, bj)) => times(p.sign(Expr::Cross(i, j)), bi == bj),
        _ => unreachable!("roots are never compared here"),
    };
    match s {
        Sign::Negative => Ordering::Less,
        Sign::Zero => Ordering::Equal,
        Sign::Positive => Ordering::Greater,
    }
}

/// The exact set `{u ∈ [0, 1] (or [0, ∞) if !bounded) : every constraint of p holds}`,
/// as its end points, or `None` if it is empty. Every decision is an exact polynomial
/// sign (`proofs/sweep.md`, section 1).
pub(crate) fn solve<T: Scalar, P: Piece<T>>(p: &P, bounded: bool) -> Option<Found> {
    if let Some(found) = p.fast(bounded) {
        return found;
    }
    let p = &Signer::new(p);
    let mut lo = Pt::Zero;
    let mut hi = if bounded { Pt::One } else { Pt::Inf };
    for i in 0..p.p.lin_count() {
        match p.sign(Expr::Beta(i)) {
            Sign::Zero => {
                if p.sign(Expr::Alpha(i)) == Sign::Negative {
                    return None;
                }
            }
            Sign::Positive => {
                let x = Pt::Lin(i, true);
                if cmp(p, x, lo) == Ordering::Greater {
                    lo = x;
                }
            }
            Sign::Negative => {
                let x = Pt::Lin(i, false);
                if cmp(p, x, hi) == Ordering::Less {
                    hi = x;
                }
            }
        }
    }
    if cmp(p, lo, hi) == Ordering::Greater {
        return None;
    }
    if !p.p.has_quad() {
        return Some(Found {
            first: lo,
            last: hi,
        });
    }
    if p.sign(Expr::A) == Sign::Zero {
        // A = 0 forces B = 0: q is the constant C.
        return (p.sign(Expr::C) != Sign::Positive).then_some(Found {
            first: lo,
            last: hi,
        });
    }
    if p.sign(Expr::Disc) == Sign::Negative {
        return None;
    }
    // q at a linear-or-domain time, and the side of the vertex −B/A it lies on.
    let q_at = |x: Pt| match x {
        Pt::Zero => p.sign(Expr::C),
        Pt::One => p.sign(Expr::QOne),
        Pt::Lin(i, _) => p.sign(Expr::QLin(i)),
        _ => Sign::Positive,
    };
    let side = |x: Pt| match x {
        Pt::Zero => p.sign(Expr::B),
        Pt::One => p.sign(Expr::APlusB),
        Pt::Lin(i, bp) => times(p.sign(Expr::VLin(i)), bp),
        _ => Sign::Positive,
    };
    let q_lo = q_at(lo);
    if q_lo == Sign::Positive && side(lo) != Sign::Negative {
        return None; // lo is beyond the larger root
    }
    let q_hi = q_at(hi);
    if q_hi == Sign::Positive && side(hi) != Sign::Positive {
        return None; // hi is before the smaller root
    }
    Some(Found {
        first: if q_lo == Sign::Positive {
            Pt::Root0
        } else {
            lo
        },
        last: if q_hi == Sign::Positive {
            Pt::Root1
        } else {
            hi
        },
    })
}

// ---------------------------------------------------------------------------------------
// Values with rigorous error bounds.
// ---------------------------------------------------------------------------------------

/// Unit roundoff of binary64.
pub(crate) const U: f64 = 1.0 / 9_007_199_254_740_992.0;
/// The smallest positive subnormal.
const ETA: f64 = f64::from_bits(1);
/// Inflation of every computed bound, covering the roundings of its own computation
/// (at most 12 per operation: `(1 − u)^-12 ≤ 1 + 13u`), see `proofs/sweep.md`, section 2.
pub(crate) const INFLATE: f64 = 1.0 + 16.0 * U;

/// A rounded `f64` value `v` with a rigorous bound `e ≥ |v − exact|` (`e` infinite or NaN
/// when nothing is known: overflow, or a division by an interval containing zero).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Est {
    pub(crate) v: f64,
    pub(crate) e: f64,
}

impl Est {
    pub(crate) fn exact(v: f64) -> Est {
        Est { v, e: 0.0 }
    }

    pub(crate) fn ok(self) -> bool {
        self.v.is_finite() && self.e.is_finite()
    }

    /// `self / o`: `|x/y − x̃/ỹ| ≤ (e_x + |x̃/ỹ|·e_y)/(|ỹ| − e_y)`, plus the rounding of the
    /// quotient.
    pub(crate) fn div(self, o: Est) -> Est {
        let v = self.v / o.v;
        let m = o.v.abs() - o.e;
        if m.is_nan() || m <= 0.0 {
            return Est {
                v,
                e: f64::INFINITY,
            };
        }
        let prop = (self.e + v.abs() * (1.0 + 2.0 * U) * o.e) / (m * (1.0 - 4.0 * U));
        Est {
            v,
            e: (prop + U * v.abs() + 2.0 * ETA) * INFLATE,
        }
    }

    /// `√self` for an exact value known to be `≥ 0`.
    pub(crate) fn sqrt(self) -> Est {
        let x = self.v.max(0.0);
        let v = x.sqrt();
        let prop = if x - self.e > 0.0 {
            // |√D − √D̃| = |D − D̃|/(√D + √D̃) ≤ e/√D̃
            self.e / (v * (1.0 - 2.0 * U))
        } else {
            // √D ∈ [0, √(D̃⁺ + e)]
            ((x + self.e) * (1.0 + 2.0 * U)).sqrt() * (1.0 + 2.0 * U)
        };
        Est {
            v,
            e: (prop + U * v + ETA) * INFLATE,
        }
    }
}

impl Add for Est {
    type Output = Est;
    #[inline(always)]
    fn add(self, o: Est) -> Est {
        let v = self.v + o.v;
        Est {
            v,
            e: (self.e + o.e + U * v.abs()) * INFLATE,
        }
    }
}

impl Sub for Est {
    type Output = Est;
    #[inline(always)]
    fn sub(self, o: Est) -> Est {
        let v = self.v - o.v;
        Est {
            v,
            e: (self.e + o.e + U * v.abs()) * INFLATE,
        }
    }
}

impl Neg for Est {
    type Output = Est;
    #[inline(always)]
    fn neg(self) -> Est {
        Est {
            v: -self.v,
            e: self.e,
        }
    }
}

impl Mul for Est {
    type Output = Est;
    #[inline(always)]
    fn mul(self, o: Est) -> Est {
        let v = self.v * o.v;
        Est {
            v,
            e: (self.v.abs() * o.e + o.v.abs() * self.e + self.e * o.e + U * v.abs()) * INFLATE
                + 4.0 * ETA,
        }
    }
}

/// A rational value `q` as a `T`: exact for rationals; for floats rounded, with the
/// conversion error (within one unit in the last place).
fn from_rational<T: Scalar>(q: &BigRational) -> (T, f64) {
    let t = T::from_rational(q);
    let f = t.to_f64();
    // One ulp of f32 bounds one ulp of f64 too.
    let ulp = match T::FLOAT {
        None => return (t, 0.0),
        Some(FloatFormat::F32) => {
            f.abs() * (2.0 * f64::from(f32::EPSILON)) + f64::from(f32::from_bits(1))
        }
        Some(FloatFormat::F64) => f.abs() * (2.0 * f64::EPSILON) + ETA,
    };
    (t, ulp * INFLATE)
}

/// `A, B, C` of a piece's quadratic as exact rationals.
fn quad_rational<T: Scalar, P: Piece<T>>(p: &P) -> [BigRational; 3] {
    p.quad(&|x: &T| x.to_rational().unwrap_or_else(BigRational::zero))
}

/// The relative precision of the square roots of the exact path: `2^-PREC`.
const PREC: u64 = 64;

/// `√d` for a rational `d ≥ 0`, with relative error below `2^-(PREC − 1)` (rounded down).
fn sqrt_rational(d: &BigRational) -> BigRational {
    if !d.is_positive() {
        return BigRational::zero();
    }
    // √(n/m) = √(n·m)/m; scale n·m by 4^k so the integer root has at least PREC bits.
    let (n, m) = (d.numer(), d.denom());
    let nm = n * m;
    let bits = nm.bits();
    let k = if bits >= 2 * PREC {
        0
    } else {
        (2 * PREC - bits).div_ceil(2)
    };
    let root = (nm << (2 * k) as usize).sqrt();
    BigRational::new(root, m.clone() << k as usize)
}

/// The roots of `A·u² + 2B·u + C` (with `A > 0`, `B² ≥ A·C`) in the stable forms: which
/// one of `(−B ∓ √D)/A` and `C/(−B ± √D)` has no cancellation depends on the sign of `B`.
fn root_rational(a: &BigRational, b: &BigRational, c: &BigRational, larger: bool) -> BigRational {
    let d = b * b - a * c;
    let s = sqrt_rational(&d);
    let big = if b.is_negative() { -b + &s } else { -b - &s }; // −B − sign(B)·√D, |big| ≥ |B|
    let via_a = &big / a;
    if big.is_zero() {
        return via_a; // B = D = 0: the double root 0
    }
    let via_c = c / &big;
    // big/A is the root on the side of −B's sign; C/big the other one.
    let (r0, r1) = if b.is_negative() {
        (via_c, via_a)
    } else {
        (via_a, via_c)
    };
    if larger { r1 } else { r0 }
}

/// The accuracy every reported time is computed to before the clamping and the union of
/// [`super::Collect::finish`]: `2⁻²¹` (absolute on `[0, 1]`; relative beyond 1 on the rays'
/// domain), so that the reported bound, after the midpoint of a crossed pair, stays within
/// the public guarantee `2⁻²⁰` ([`super::TIME_ACCURACY`], `proofs/sweep.md`, section 2).
pub(crate) const ESTIMATE_LIMIT: f64 = 1.0 / 2_097_152.0;

/// Whether a float estimate `(v, e)` is good enough to report: finite, and
/// `e ≤ ESTIMATE_LIMIT·max(1, |v|)` (the relative part only on the unbounded domain).
#[inline(always)]
fn good_enough(v: f64, e: f64, bounded: bool) -> bool {
    let scale = if bounded { 1.0 } else { v.abs().max(1.0) };
    e <= ESTIMATE_LIMIT * scale
}

/// The value of a named time, as a `T` with a bound on its distance from the exact time
/// (`proofs/sweep.md`, section 2). Never called on [`Pt::Inf`]. The bound is at most
/// [`ESTIMATE_LIMIT`] (times `max(1, |value|)` when `!bounded`): a float estimate with a
/// wider bound (underflow of the error tracking, a root near a tangency, an overflow) is
/// recomputed on the exact path.
pub(crate) fn value<T: Scalar, P: Piece<T>>(p: &P, x: Pt, bounded: bool) -> (T, f64) {
    match x {
        Pt::Zero | Pt::Inf => (T::zero(), 0.0),
        Pt::One => (T::one(), 0.0),
        Pt::Lin(i, _) => {
            if is_float::<T>() {
                let (a, b) = p.lin(i, &|x: &T| Est::exact(x.to_f64()));
                let t = (-a).div(b);
                if let (true, Some((v, conv))) = (t.ok(), T::from_f64_rounded(t.v)) {
                    // The conversion's error (the rounding to f32; none for f64),
                    // inflated for the rounding of the bound itself.
                    let e = (t.e + conv * INFLATE) * INFLATE;
                    if good_enough(t.v, e, bounded) {
                        return (v, e);
                    }
                }
                lin_exact(p, i)
            } else {
                let (a, b) = p.lin(i, &|x: &T| x.clone());
                (-a / b, 0.0)
            }
        }
        Pt::Root0 | Pt::Root1 => {
            let larger = x == Pt::Root1;
            if is_float::<T>() {
                let [a, b, c] = p.quad(&|x: &T| Est::exact(x.to_f64()));
                let t = root_est(a, b, c, larger);
                if let (true, Some((v, conv))) = (t.ok(), T::from_f64_rounded(t.v)) {
                    // The conversion's error (the rounding to f32; none for f64),
                    // inflated for the rounding of the bound itself.
                    let e = (t.e + conv * INFLATE) * INFLATE;
                    if good_enough(t.v, e, bounded) {
                        return (v, e);
                    }
                }
            }
            root_exact(p, larger)
        }
    }
}

/// The ratio `−αᵢ/βᵢ` exactly in rationals, then rounded to `T` (within one unit in the
/// last place).
#[cold]
#[inline(never)]
fn lin_exact<T: Scalar, P: Piece<T>>(p: &P, i: usize) -> (T, f64) {
    let (a, b) = p.lin(i, &|x: &T| {
        x.to_rational().unwrap_or_else(BigRational::zero)
    });
    from_rational::<T>(&(-a / b))
}

/// A root of the piece's quadratic on the exact path: `A, B, C` in rationals, a 64-bit
/// square root, then rounded to `T`.
#[cold]
#[inline(never)]
fn root_exact<T: Scalar, P: Piece<T>>(p: &P, larger: bool) -> (T, f64) {
    let [a, b, c] = quad_rational(p);
    let r = root_rational(&a, &b, &c, larger);
    // Relative error of the root below 2^-(PREC − 3) (proofs/sweep.md, section 2).
    let rel = r.to_f64().abs() * f64::from_bits((1023 - (PREC - 3)) << 52);
    let (v, conv) = from_rational::<T>(&r);
    (v, (rel * 2.0 + conv) * INFLATE)
}

/// The root in `f64` with a running error bound (infinite if the stable form's divisor
/// is not bounded away from zero).
pub(crate) fn root_est(a: Est, b: Est, c: Est, larger: bool) -> Est {
    roots_est(a, b, c, b * b - a * c)[usize::from(larger)]
}

/// Both roots `[ρ₀, ρ₁]` of [`root_est`] from an estimate `d` of `B² − AC` (known `≥ 0`;
/// [`root_est`] passes `b * b - a * c`, a caller that took its sign passes its own),
/// sharing the square root and the stable divisor: with `d = b * b - a * c` the same
/// operations as [`root_est`], so the same values and bounds.
#[inline(always)]
pub(crate) fn roots_est(a: Est, b: Est, c: Est, d: Est) -> [Est; 2] {
    let s = d.sqrt();
    let big = if b.v < 0.0 { s - b } else { -(b + s) };
    let via_a = big.div(a);
    let via_c = c.div(big);
    let (r0, r1) = if b.v < 0.0 {
        (via_c, via_a)
    } else {
        (via_a, via_c)
    };
    // The stable divisor straddles zero (B and D both tiny): the other form.
    let fix = |r: Est, larger: bool| {
        if r.ok() {
            return r;
        }
        let other = if larger {
            (s - b).div(a)
        } else {
            (-(b + s)).div(a)
        };
        if other.ok() { other } else { r }
    };
    [fix(r0, false), fix(r1, true)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Rng;
    use crate::predicates::float_tests::q;
    use num_bigint::BigInt;

    /// The constants of proofs/sweep.md, section 2, recomputed exactly.
    #[test]
    fn constants() {
        let one = BigRational::from_integer(BigInt::from(1));
        let u = BigRational::new(BigInt::from(1), BigInt::from(1) << 53usize);
        assert_eq!(q(U), u);
        // INFLATE = 1 + 16u covers twelve roundings: (1 + u)^12 ≤ INFLATE.
        let twelve = (0..12).fold(one.clone(), |p, _| p * (&one + &u));
        assert!(twelve <= q(INFLATE));
        assert_eq!(q(INFLATE), &one + &u * BigRational::from_integer(16.into()));
        assert_eq!(
            q(ETA),
            BigRational::new(1.into(), BigInt::from(1) << 1074usize)
        );
    }

    fn val(rng: &mut Rng) -> f64 {
        let m = rng.next_f64() - 0.5;
        let e = rng.below(80) as i32 - 40;
        m * 2f64.powi(e)
    }

    /// Every `Est` result contains the exact value (random expressions, exact rationals).
    #[test]
    fn est_bounds_hold() {
        let mut s = Rng::new(7);
        for _ in 0..2000 {
            let x: [f64; 4] = core::array::from_fn(|_| val(&mut s));
            let [a, b, c, d] = x.map(Est::exact);
            let [qa, qb, qc, qd] = x.map(q);
            let e = (a * b - c) * (d + a) - b * c;
            let exact = (&qa * &qb - &qc) * (&qd + &qa) - &qb * &qc;
            assert!((q(e.v) - &exact).abs() <= q(e.e), "{x:?}");
            let r = e.div(c + d);
            let qr = &exact / (&qc + &qd);
            if r.ok() {
                assert!((q(r.v) - &qr).abs() <= q(r.e), "{x:?}");
            }
            let sq = (a * a + b * b).sqrt();
            let exact2 = &qa * &qa + &qb * &qb;
            // √exact2 ∈ [v − e, v + e] ⇔ (v − e)² ≤ exact2 ≤ (v + e)² (with v − e clamped at 0).
            let lo = (q(sq.v) - q(sq.e)).max(BigRational::zero());
            let hi = q(sq.v) + q(sq.e);
            assert!(&lo * &lo <= exact2 && exact2 <= &hi * &hi, "{x:?}");
        }
    }

    /// The stable roots, in `f64` and through the exact path, are within their bounds.
    #[test]
    fn roots_within_bounds() {
        let mut s = Rng::new(11);
        for i in 0..2000 {
            let (a, b, c) = (val(&mut s).abs(), val(&mut s), val(&mut s));
            let (qa, qb, qc) = (q(a), q(b), q(c));
            let d = &qb * &qb - &qa * &qc;
            if d.is_negative() || qa.is_zero() {
                continue;
            }
            for larger in [false, true] {
                let sigma = if larger { 1 } else { -1 };
                // x ≤ ρ ⇔ Ax + B ≤ σ√Δ, checked by signs.
                let le = |x: &BigRational| {
                    let y = &qa * x + &qb;
                    if sigma > 0 {
                        !y.is_positive() || &y * &y <= d
                    } else {
                        !y.is_positive() && &y * &y >= d
                    }
                };
                let ge = |x: &BigRational| {
                    let y = &qa * x + &qb;
                    if sigma > 0 {
                        !y.is_negative() && &y * &y >= d
                    } else {
                        !y.is_negative() || &y * &y <= d
                    }
                };
                let r = root_est(Est::exact(a), Est::exact(b), Est::exact(c), larger);
                if r.ok() {
                    assert!(
                        le(&(q(r.v) - q(r.e))) && ge(&(q(r.v) + q(r.e))),
                        "{i}: {a} {b} {c} {r:?}"
                    );
                }
                let rr = root_rational(&qa, &qb, &qc, larger);
                let e = rr.abs() * BigRational::new(1.into(), BigInt::from(1) << 61usize);
                assert!(
                    le(&(&rr - &e)) && ge(&(&rr + &e)),
                    "{i}: rational {a} {b} {c}"
                );
            }
        }
    }
}
