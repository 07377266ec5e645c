//! Sphere/sphere and sphere/plane sweeps (Gomez; RTR §22.17; Ericson §5.5.5 and §5.5.3).

use super::interval::{ESTIMATE_LIMIT, Est, Found, INFLATE, Pt, U, roots_est, solve};
use super::pieces::{Ball, Motion, Radius, Slab};
use super::{SweepHit, finite, radius_ok, single_hit, validate_sweep};
use crate::geometry::{Plane, Sphere};
use crate::scalar::as_f64_array;
use crate::{InputError, Scalar};
#[cfg(not(feature = "std"))]
use num_traits::Float;

// ---------------------------------------------------------------------------------------
// The f64 filter of the sphere/sphere sweep (proofs/sweep.md, section 3.1).
// ---------------------------------------------------------------------------------------

/// `(γ₃ + 2v + v²)/((1 − γ₃)(1 − u))` rounded up, `v = u/(1 − u)`: the bound on `A` and
/// `B` per unit of their computed magnitudes.
pub(crate) const SS_AB: f64 = 5.551115123125788e-16;
/// `(γ₄ + 2v + v²)/((1 − γ₄)(1 − u))` rounded up: the bound on `C`.
pub(crate) const SS_C: f64 = 6.661338147750946e-16;
/// The absolute part of every bound of the sphere/sphere filter, `8η`: what underflow
/// can add (at most `η/2` per rounded product, exact sums below `2^-1022`).
pub(crate) const SS_TINY: f64 = 8.0 * f64::from_bits(1);

/// `Some(sign)` of `v` when `|v| > bound` (both finite).
#[inline(always)]
fn decided(v: f64, bound: f64) -> Option<bool> {
    (v.abs() > bound && v.abs() < f64::INFINITY).then_some(v > 0.0)
}

/// The exact time set of the sphere/sphere piece from plain `f64` values and static
/// relative bounds; `None` when a needed sign is not certified (or out of range): then
/// the general path decides.
#[inline(always)]
pub(crate) fn ss_filter(
    ca: &[f64; 3],
    va: &[f64; 3],
    ra: f64,
    cb: &[f64; 3],
    vb: &[f64; 3],
    rb: f64,
    bounded: bool,
) -> Option<Option<Found>> {
    ss_decide(ca, va, ra, cb, vb, rb, bounded).map(|(found, _)| found)
}

/// [`ss_filter`], also returning the rounded coefficients `A`, `B`, `C` of the quadratic
/// with their static bounds (meaningful when a touch is returned).
#[inline(always)]
fn ss_decide(
    ca: &[f64; 3],
    va: &[f64; 3],
    ra: f64,
    cb: &[f64; 3],
    vb: &[f64; 3],
    rb: f64,
    bounded: bool,
) -> Option<(Option<Found>, [Est; 3])> {
    // In the order of the plain formula's early exits: C, then B.
    let d = [cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]];
    let r = ra + rb;
    let dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    let r2 = r * r;
    let c = dd - r2;
    let e_c = (dd + r2) * SS_C + SS_TINY;
    let q0 = decided(c, e_c)?; // q(0) > 0: not touching at the start
    let none = [Est::exact(0.0); 3];
    let w = [vb[0] - va[0], vb[1] - va[1], vb[2] - va[2]];
    if w == [0.0; 3] {
        if !bounded {
            return None; // a ray with zero direction: the general path
        }
        // Relative rest (every v_b,k = v_a,k exactly): the whole step or nothing.
        let found = (!q0).then_some(Found {
            first: Pt::Zero,
            last: Pt::One,
        });
        return Some((found, none));
    }
    let p = [d[0] * w[0], d[1] * w[1], d[2] * w[2]];
    let b = p[0] + p[1] + p[2];
    let e_b = (p[0].abs() + p[1].abs() + p[2].abs()) * SS_AB + SS_TINY;
    if q0 && decided(b, e_b)? {
        // Outside at u = 0 and B > 0 (the vertex −B/A before 0, A > 0): moving apart.
        return Some((None, none));
    }
    let a = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
    let e_a = a * SS_AB + SS_TINY;
    let disc = b * b - a * c;
    let e_disc = ((b * b + (a * c).abs() + disc.abs()) * U
        + 2.0 * b.abs() * e_b
        + e_b * e_b
        + a * e_c
        + c.abs() * e_a
        + e_a * e_c)
        * INFLATE
        + SS_TINY;
    if !decided(disc, e_disc)? {
        return Some((None, none));
    }
    let quad = [
        Est { v: a, e: e_a },
        Est { v: b, e: e_b },
        Est { v: c, e: e_c },
    ];
    if !bounded {
        // A ray (t ∈ [0, ∞)): A > 0, so the last time is the larger root.
        let found = Found {
            first: if q0 { Pt::Root0 } else { Pt::Zero },
            last: Pt::Root1,
        };
        return Some((Some(found), quad));
    }
    let q1 = a + 2.0 * b + c;
    let e_q1 =
        (e_a + 2.0 * e_b + e_c + 2.0 * U * (a + 2.0 * b.abs() + c.abs())) * INFLATE + SS_TINY;
    let q1_pos = decided(q1, e_q1)?;
    if q1_pos {
        let ab = a + b;
        let e_ab = (e_a + e_b + U * (a + b.abs())) * INFLATE + SS_TINY;
        if !decided(ab, e_ab)? {
            return Some((None, none)); // beyond u = 1 the vertex, q(1) > 0: not reached yet
        }
    }
    let found = Found {
        first: if q0 { Pt::Root0 } else { Pt::Zero },
        last: if q1_pos { Pt::Root1 } else { Pt::One },
    };
    Some((Some(found), quad))
}

/// `γ₄/((1 − γ₄)(1 − u))` rounded up: the bound on `s₀ = n·c + d` per unit of
/// `Σ|nₖcₖ| + |d|` (proofs/sweep.md, section 3.2).
pub(crate) const SP_S0: f64 = 4.440892098500631e-16;
/// `(γ₃ + v)/((1 − γ₃)(1 − u))` rounded up: the bound on `s₁ = n·(v_s − v_p)` per unit of
/// `Σ|nₖŵₖ|`.
pub(crate) const SP_S1: f64 = 4.44089209850063e-16;
/// `γ₃/((1 − γ₃)(1 − u))` rounded up: the bound on `n·n`.
pub(crate) const SP_NN: f64 = 3.3306690738754726e-16;

/// The least `n̂·n̂` the sphere/plane fast path takes (`2⁻⁹⁰⁰`): above it the underflow
/// term of `√(n·n)`'s bound is below `2⁻⁶²⁰` (proofs/sweep.md, section 3.2).
const SP_NN_MIN: f64 = 1.4e-271;
/// `2⁻⁶²⁰`, rounded up: the absolute part of the bound on `√(n·n)`.
const SP_R_ABS: f64 = 2.4e-187;

/// Two decided times with running bounds made a [`SweepHit`], when both bounds are at
/// most `ESTIMATE_LIMIT` and the times are in order inside `[0, 1]` (`proofs/sweep.md`,
/// section 3.3); `None` otherwise, for the general path.
#[inline(always)]
fn fast_hit<T: Scalar>(first: Est, last: Est) -> Option<SweepHit<T>> {
    let (ef, el) = (first.e * INFLATE, last.e * INFLATE);
    // A NaN or infinite bound fails the comparison; a bound at most the limit holds
    // `U·|v|`, so the value is finite too.
    if !(ef <= ESTIMATE_LIMIT && el <= ESTIMATE_LIMIT) {
        return None;
    }
    let (first, last) = (first.v, last.v);
    if !(0.0 <= first && first <= last && last <= 1.0) {
        return None; // rounding at the ends: the general path clamps and orders
    }
    let (f, cf) = T::from_f64_rounded(first)?;
    let (l, cl) = T::from_f64_rounded(last)?;
    Some(SweepHit {
        first: f,
        last: l,
        first_error: (ef + cf) * INFLATE,
        last_error: (el + cl) * INFLATE,
    })
}

/// The whole sphere/plane sweep in `f64` with certified decisions (`proofs/sweep.md`,
/// section 3.2): the signed distance `s(u) = s₀ + u·s₁` (unnormalized) is linear, so the
/// sphere touches the plane exactly while `s(u) ∈ [−R, R]`, `R = r·|n|`; `s₀`, `s₁`, `n·n`
/// with static bounds, the rest in `Est` arithmetic. `None` sends the input to the general
/// path (an undecided sign, `s₁ = 0`, a bound too wide).
#[inline(always)]
fn sp_fast<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    plane: &Plane<T>,
    vp: &[T; 3],
) -> Option<Option<SweepHit<T>>> {
    let (c, vs, r) = (
        as_f64_array(&s.center)?,
        as_f64_array(vs)?,
        s.radius.as_f64()?,
    );
    let (n, d, vp) = (
        as_f64_array(&plane.normal)?,
        plane.offset.as_f64()?,
        as_f64_array(vp)?,
    );
    if r.is_nan() || r < 0.0 {
        return None;
    }
    let w = [vs[0] - vp[0], vs[1] - vp[1], vs[2] - vp[2]];
    let pw = [n[0] * w[0], n[1] * w[1], n[2] * w[2]];
    let s1 = pw[0] + pw[1] + pw[2];
    let e1 = (pw[0].abs() + pw[1].abs() + pw[2].abs()) * SP_S1 + SS_TINY;
    // s₁ ≠ 0 certified, and its sign.
    let up = decided(s1, e1)?;
    let pc = [n[0] * c[0], n[1] * c[1], n[2] * c[2]];
    let s0 = pc[0] + pc[1] + pc[2] + d;
    let e0 = (pc[0].abs() + pc[1].abs() + pc[2].abs() + d.abs()) * SP_S0 + SS_TINY;
    let nn = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    if nn.is_nan() || nn < SP_NN_MIN {
        return None; // |n| < 2⁻⁴⁵⁰: the general path
    }
    let (s0, s1) = (Est { v: s0, e: e0 }, Est { v: s1, e: e1 });
    // R = r·√(n·n) with a relative bound (proofs/sweep.md, section 3.2).
    let rv = r * nn.sqrt();
    let big_r = Est {
        v: rv,
        e: (rv * (SP_NN + 2.5 * U) + r * SP_R_ABS) * INFLATE + SS_TINY,
    };
    // Oriented so that s increases (|s| ≤ R is symmetric): from s₀ at u = 0 to
    // s₀ + s₁ at u = 1.
    let (s0, s1) = if up { (s0, s1) } else { (-s0, -s1) };
    // A NaN or infinite value or bound is never decided.
    let sign = |x: Est| decided(x.v, x.e);
    if sign(s0 - big_r)? {
        return Some(None); // above R at the start, moving up
    }
    let s_end = s0 + s1;
    if !sign(s_end + big_r)? {
        return Some(None); // below −R at the end, so all along
    }
    // A touch: from where s reaches −R (or 0 if s₀ ≥ −R) to where it reaches R (or 1).
    let first = if sign(s0 + big_r)? {
        Est::exact(0.0)
    } else {
        (-big_r - s0).div(s1)
    };
    let last = if sign(s_end - big_r)? {
        (big_r - s0).div(s1)
    } else {
        Est::exact(1.0)
    };
    fast_hit(first, last).map(Some)
}

/// The whole sphere/sphere sweep in `f64` when the filter decides it and the rounded
/// roots are good enough (`proofs/sweep.md`, section 3.3); `None` sends the input to the
/// general path.
#[inline(always)]
fn ss_fast<T: Scalar>(
    a: &Sphere<T>,
    va: &[T; 3],
    b: &Sphere<T>,
    vb: &[T; 3],
) -> Option<Option<SweepHit<T>>> {
    let (ca, wa, ra) = (
        as_f64_array(&a.center)?,
        as_f64_array(va)?,
        a.radius.as_f64()?,
    );
    let (cb, wb, rb) = (
        as_f64_array(&b.center)?,
        as_f64_array(vb)?,
        b.radius.as_f64()?,
    );
    // A decided answer implies finite input (proofs/sweep.md, section 3.1); the signs of
    // the radii are compared here.
    if !(ra >= 0.0 && rb >= 0.0) {
        return None;
    }
    let (found, [qa, qb, qc]) = ss_decide(&ca, &wa, ra, &cb, &wb, rb, true)?;
    let Some(found) = found else {
        return Some(None);
    };
    let roots = if found.first == Pt::Zero && found.last == Pt::One {
        [Est::exact(0.0); 2] // unused
    } else {
        roots_est(qa, qb, qc, qb * qb - qa * qc)
    };
    let time = |x: Pt| match x {
        Pt::Zero => Est::exact(0.0),
        Pt::One => Est::exact(1.0),
        Pt::Root0 => roots[0],
        Pt::Root1 => roots[1],
        // Not produced for a bounded sweep; refused by `fast_hit` if it were.
        _ => Est {
            v: f64::NAN,
            e: f64::INFINITY,
        },
    };
    fast_hit(time(found.first), time(found.last)).map(Some)
}

/// Sweep of two moving closed balls over `u ∈ [0, 1]`: sphere `a` moves by `va`, sphere
/// `b` by `vb`.
///
/// They touch at `u` iff `q(u) = |Δc + u·Δv|² − (r_a + r_b)² ≤ 0` with `Δc = c_b − c_a`,
/// `Δv = v_b − v_a`. **Touch or not is exact**: `q(0) ≤ 0` (already touching), else
/// `q(1) ≤ 0`, else the vertex of `q` inside `(0, 1)` with `B² − AC ≥ 0`, every one an
/// exact polynomial sign (`proofs/sweep.md`, section 3). Symmetric: swapping `a` and `b`
/// gives the same answer (bit for bit).
///
/// The times are the roots `(−B ∓ √(B² − AC))/A` of `q = A·u² + 2B·u + C`, computed in the
/// stable form (`C/(−B + √D)` for the first contact when `B < 0`), clamped to `[0, 1]`,
/// with rigorous error bounds in the [`SweepHit`]. Relative rest (`Δv = 0`): `[0, 1]` if
/// they touch, else `None`.
///
/// Returns `None` for a NaN or infinite input and for a negative radius
/// ([`try_sweep_sphere_sphere`] reports those).
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_sphere_sphere;
/// use isect::Sphere;
/// let a = Sphere::new([0.0, 0.0, 0.0], 1.0);
/// let b = Sphere::new([4.0, 0.0, 0.0], 1.0);
/// // Head-on, both moving: contact when the gap of 2 has closed, at u = 0.5.
/// let hit = sweep_sphere_sphere(&a, &[2.0, 0.0, 0.0], &b, &[-2.0, 0.0, 0.0]).unwrap();
/// assert_eq!(hit.first, 0.5);
/// assert_eq!(hit.last, 1.0);
/// // Passing by at distance 2 + 2^-40: a miss, decided exactly.
/// let c = Sphere::new([-5.0, 2.0 + 2f64.powi(-40), 0.0], 1.0);
/// assert!(sweep_sphere_sphere(&c, &[10.0, 0.0, 0.0], &b, &[0.0; 3]).is_none());
/// ```
pub fn sweep_sphere_sphere<T: Scalar>(
    a: &Sphere<T>,
    va: &[T; 3],
    b: &Sphere<T>,
    vb: &[T; 3],
) -> Option<SweepHit<T>> {
    match ss_fast(a, va, b, vb) {
        Some(decided) => decided,
        None => sphere_sphere_general(a, va, b, vb),
    }
}

/// [`sweep_sphere_sphere`] for what `ss_fast` leaves: the engine of `proofs/sweep.md` §1.
#[cold]
#[inline(never)]
fn sphere_sphere_general<T: Scalar>(
    a: &Sphere<T>,
    va: &[T; 3],
    b: &Sphere<T>,
    vb: &[T; 3],
) -> Option<SweepHit<T>> {
    if !finite(&[&a.center, va, &b.center, vb]) || !radius_ok(&a.radius) || !radius_ok(&b.radius) {
        return None;
    }
    let piece = Ball {
        m: Motion {
            p: &b.center,
            vp: Some(vb),
            vq: Some(va),
        },
        q: &a.center,
        r: Radius(&a.radius, Some(&b.radius)),
    };
    // The piece's own filter (`Ball::fast`, the f64 filter above) runs first for floats.
    let found = solve::<T, _>(&piece, true);
    single_hit(&piece, found, true)
}

/// [`sweep_sphere_sphere`], refusing bad input.
///
/// # Errors
///
/// [`InputError::NonFinite`] (`what` is `"center"`, `"radius"` or `"displacement"`;
/// `argument` 0 is `a`, 1 its displacement, 2 `b`, 3 its displacement) and
/// [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_sphere_sphere;
/// use isect::{InputError, Sphere};
/// let a = Sphere::new([0.0; 3], -1.0);
/// let b = Sphere::new([3.0, 0.0, 0.0], 1.0);
/// assert_eq!(
///     try_sweep_sphere_sphere(&a, &[1.0, 0.0, 0.0], &b, &[0.0; 3]),
///     Err(InputError::NegativeRadius { argument: 0 })
/// );
/// ```
pub fn try_sweep_sphere_sphere<T: Scalar>(
    a: &Sphere<T>,
    va: &[T; 3],
    b: &Sphere<T>,
    vb: &[T; 3],
) -> Result<Option<SweepHit<T>>, InputError> {
    validate_sweep(a, va, b, vb)?;
    Ok(sweep_sphere_sphere(a, va, b, vb))
}

/// Sweep of a moving closed ball against a moving plane (the plane itself: the points
/// `x` with `n·x + d = 0`, translated by `u·vp`), over `u ∈ [0, 1]`.
///
/// With the signed, unnormalized distance `s(u) = n·(c + u·vs) + d − u·n·vp`, they touch
/// iff `s(u)² ≤ r²·(n·n)` (no square root: the normal need not be unit length). **Touch
/// or not is exact** (`proofs/sweep.md`, section 3): the same quadratic decisions as
/// [`sweep_sphere_sphere`]. The times `(±r|n| − s(0))/(s(1) − s(0))` are irrational in
/// general and carry error bounds. Moving parallel to the plane: `[0, 1]` or `None`.
///
/// A zero normal makes the "plane" `d = 0`: all of space if `d = 0` (`[0, 1]`), empty
/// otherwise. Returns `None` for a NaN or infinite input and for a negative radius
/// ([`try_sweep_sphere_plane`] reports those and a zero normal).
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_sphere_plane;
/// use isect::{Plane, Sphere};
/// // The plane z = 0 (normal of length 2), a unit sphere falling from z = 3 by 4.
/// let plane = Plane::new([0.0, 0.0, 2.0], 0.0);
/// let s = Sphere::new([0.0, 0.0, 3.0], 1.0);
/// let hit = sweep_sphere_plane(&s, &[0.0, 0.0, -4.0], &plane, &[0.0; 3]).unwrap();
/// assert_eq!((hit.first, hit.last), (0.5, 1.0));
/// ```
pub fn sweep_sphere_plane<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    plane: &Plane<T>,
    vp: &[T; 3],
) -> Option<SweepHit<T>> {
    match sp_fast(s, vs, plane, vp) {
        Some(decided) => decided,
        None => sphere_plane_general(s, vs, plane, vp),
    }
}

/// [`sweep_sphere_plane`] for what `sp_fast` leaves: the engine of `proofs/sweep.md` §1.
#[cold]
#[inline(never)]
fn sphere_plane_general<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    plane: &Plane<T>,
    vp: &[T; 3],
) -> Option<SweepHit<T>> {
    if !finite(&[&s.center, vs, &plane.normal, vp])
        || !plane.offset.is_finite()
        || !radius_ok(&s.radius)
    {
        return None;
    }
    let piece = Slab {
        m: Motion {
            p: &s.center,
            vp: Some(vs),
            vq: Some(vp),
        },
        n: &plane.normal,
        d: &plane.offset,
        r: Radius(&s.radius, None),
    };
    let found = solve::<T, _>(&piece, true);
    single_hit(&piece, found, true)
}

/// [`sweep_sphere_plane`], refusing bad input.
///
/// # Errors
///
/// [`InputError::NonFinite`] (`what` is `"center"`, `"radius"`, `"normal"`, `"offset"` or
/// `"displacement"`; `argument` 0 is the sphere, 1 its displacement, 2 the plane, 3 its
/// displacement), [`InputError::NegativeRadius`], and [`InputError::ZeroDirection`] for a
/// zero normal.
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_sphere_plane;
/// use isect::{InputError, Plane, Sphere};
/// let s = Sphere::new([0.0; 3], 1.0);
/// let flat = Plane::new([0.0; 3], 1.0);
/// assert_eq!(
///     try_sweep_sphere_plane(&s, &[0.0; 3], &flat, &[0.0; 3]),
///     Err(InputError::ZeroDirection { argument: 2 })
/// );
/// ```
pub fn try_sweep_sphere_plane<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    plane: &Plane<T>,
    vp: &[T; 3],
) -> Result<Option<SweepHit<T>>, InputError> {
    validate_sweep(s, vs, plane, vp)?;
    Ok(sweep_sphere_plane(s, vs, plane, vp))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational as Q;

    /// The constants of proofs/sweep.md, section 3.1, recomputed exactly: each is the
    /// smallest double not below its exact value.
    #[test]
    fn sphere_sphere_filter_constants() {
        use crate::predicates::float_tests::{gamma, q, round_up};
        let one = Q::from_integer(BigInt::from(1));
        let u = q(U);
        let v = &u / (&one - &u);
        let d = |n: i32| (&one - gamma(n)) * (&one - &u);
        let k = |n: i32| (gamma(n) + &v + &v + &v * &v) / d(n);
        assert_eq!(SS_AB, round_up(&k(3)));
        assert_eq!(SS_C, round_up(&k(4)));
        assert_eq!(SP_S0, round_up(&(gamma(4) / d(4))));
        assert_eq!(SP_S1, round_up(&((gamma(3) + &v) / d(3))));
        assert_eq!(SP_NN, round_up(&(gamma(3) / d(3))));
    }

    /// The sphere/sphere piece's time set on the exact path, in rationals.
    fn ss_exact(
        ca: &[f64; 3],
        va: &[f64; 3],
        ra: f64,
        cb: &[f64; 3],
        vb: &[f64; 3],
        rb: f64,
        bounded: bool,
    ) -> Option<Found> {
        let qp = |p: &[f64; 3]| p.map(|x| Q::from_float(x).unwrap());
        let (qca, qcb, qva, qvb) = (qp(ca), qp(cb), qp(va), qp(vb));
        let (qra, qrb) = (Q::from_float(ra).unwrap(), Q::from_float(rb).unwrap());
        let piece = Ball {
            m: Motion {
                p: &qcb,
                vp: Some(&qvb),
                vq: Some(&qva),
            },
            q: &qca,
            r: Radius(&qra, Some(&qrb)),
        };
        solve::<Q, _>(&piece, bounded)
    }

    /// The sphere/plane piece's time set on the exact path, in rationals.
    fn sp_exact(
        c: &[f64; 3],
        vs: &[f64; 3],
        r: f64,
        n: &[f64; 3],
        d: f64,
        vp: &[f64; 3],
    ) -> Option<Found> {
        let qp = |p: &[f64; 3]| p.map(|x| Q::from_float(x).unwrap());
        let (qc, qn, qvs, qvp) = (qp(c), qp(n), qp(vs), qp(vp));
        let (qr, qd) = (Q::from_float(r).unwrap(), Q::from_float(d).unwrap());
        let piece = Slab {
            m: Motion {
                p: &qc,
                vp: Some(&qvs),
                vq: Some(&qvp),
            },
            n: &qn,
            d: &qd,
            r: Radius(&qr, None),
        };
        solve::<Q, _>(&piece, true)
    }

    /// The filter decides clear cases, leaves grazing ones to the exact path, and never
    /// disagrees with it.
    #[test]
    fn filter_agrees_with_the_exact_path() {
        let z = [0.0; 3];
        let f = |cb: [f64; 3], vb: [f64; 3]| ss_filter(&z, &z, 1.0, &cb, &vb, 1.0, true);
        // Head-on: decided, first = Root0, last = One.
        assert_eq!(
            f([4.0, 0.0, 0.0], [-4.0, 0.0, 0.0]),
            Some(Some(Found {
                first: Pt::Root0,
                last: Pt::One
            }))
        );
        // Moving apart: decided miss.
        assert_eq!(f([4.0, 0.0, 0.0], [4.0, 0.0, 0.0]), Some(None));
        // Exact graze (discriminant 0): not decided.
        assert_eq!(f([-4.0, 2.0, 0.0], [8.0, 0.0, 0.0]), None);
        // Random, at every scale from subnormal to overflowing products (the filter has
        // no range guard: underflow is in its bounds): every decided answer equals the
        // exact one.
        let mut rng = crate::oracle::Rng::new(3);
        let mut decided = 0;
        for i in 0..20000 {
            let k = [0, 0, 0, -1074, -1040, -700, -520, 300, 509, 515][i % 10];
            let mut next = || crate::scalar::ldexp(rng.next_f64() * 8.0 - 4.0, k);
            let ca = [next(), next(), next()];
            let cb = [next(), next(), next()];
            let (va, vb) = ([next(), next(), next()], [next(), next(), next()]);
            let (ra, rb) = (next().abs() / 4.0, next().abs() / 4.0);
            let bounded = decided % 2 == 0; // both domains: [0, 1] and rays' [0, ∞)
            if let Some(found) = ss_filter(&ca, &va, ra, &cb, &vb, rb, bounded) {
                decided += 1;
                assert_eq!(found, ss_exact(&ca, &va, ra, &cb, &vb, rb, bounded));
            }
        }
        assert!(decided > 8000, "{decided}");
        // Touching at the start exactly or within 2^-50 relative (|Δc| = r_a + r_b
        // through 1-2-2-3, 3-4-5 and 2-3-6-7), scaled to where the squares fall under the
        // subnormals: the rounded C is noise, and only the bounds' absolute part keeps
        // the filter from deciding on it.
        for k in -580..-480 {
            let s = |x: f64| crate::scalar::ldexp(x, k);
            let cases = [
                ([1.0, 2.0, 2.0], 3.0),
                ([3.0, 4.0, 0.0], 5.0),
                ([2.0, 3.0, 6.0], 7.0),
            ];
            for ((cb, r), nudge) in cases.iter().flat_map(|c| [(c, 0.0), (c, -1.0), (c, 1.0)]) {
                let (cb, ra, rb) = (cb.map(s), s(r * (1.0 + nudge * 2f64.powi(-50))), 0.0);
                for vb in [[1.0, 0.5, -2.0], [-3.0, -4.0, 0.0], [4.0, -3.0, 0.0]] {
                    // The motion at scale 2^(k/2) or 1: its products are normal, so the
                    // other signs decide and the noise in C is what matters.
                    let vb =
                        vb.map(|x| crate::scalar::ldexp(x, if k % 2 == 0 { k / 2 } else { 0 }));
                    if let Some(found) = ss_filter(&z, &z, ra, &cb, &vb, rb, true) {
                        let exact = ss_exact(&z, &z, ra, &cb, &vb, rb, true);
                        assert_eq!(found, exact, "2^{k}: {cb:?} {vb:?} {ra} {rb}");
                    }
                }
            }
        }
        // Sphere/plane (`sp_fast`): touch or not as on the exact path, at every scale.
        let mut decided = 0;
        for i in 0..20000 {
            let k = [0, 0, 0, -1074, -1040, -700, -520, 300, 509, 515][i % 10];
            let mut next = || crate::scalar::ldexp(rng.next_f64() * 8.0 - 4.0, k);
            let c = [next(), next(), next()];
            let n = [next(), next(), next()];
            let (vs, vp) = ([next(), next(), next()], [next(), next(), next()]);
            let (r, d) = (next().abs() / 4.0, next());
            if let Some(hit) = sp_fast(&Sphere::new(c, r), &vs, &Plane::new(n, d), &vp) {
                decided += 1;
                assert_eq!(hit.is_some(), sp_exact(&c, &vs, r, &n, d, &vp).is_some());
            }
        }
        assert!(decided > 9000, "{decided}");
        // Touching at the start exactly or within 2^-50 relative (n·c = r|n| through
        // 3-4-5), scaled so that n·c and n·n fall under the subnormals: only the bounds'
        // absolute part keeps the fast path from deciding on their noise.
        for k in -560..-500 {
            let s = |x: f64, e: i32| crate::scalar::ldexp(x, e);
            let n = [s(3.0, k), s(4.0, k), 0.0];
            let c = [s(3.0, -540), s(4.0, -540), 0.0];
            for nudge in [0.0, -1.0, 1.0] {
                let r = s(5.0 * (1.0 + nudge * 2f64.powi(-50)), -540);
                for vs in [[1.0, 0.0, 0.0], [-1.0, 2.0, 0.0], [0.5, -3.0, 1.0]] {
                    let z = [0.0; 3];
                    if let Some(hit) = sp_fast(&Sphere::new(c, r), &vs, &Plane::new(n, 0.0), &z) {
                        let exact = sp_exact(&c, &vs, r, &n, 0.0, &z);
                        assert_eq!(hit.is_some(), exact.is_some(), "2^{k}: {r} {vs:?}");
                        if let (Some(h), Some(f)) = (hit, exact) {
                            // Touching at the start exactly when the exact path says so.
                            assert_eq!(h.first == 0.0, f.first == Pt::Zero, "2^{k}: {r} {vs:?}");
                        }
                    }
                }
            }
        }
    }
}
