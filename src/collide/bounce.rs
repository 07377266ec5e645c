//! Collision response: the bounce of a sphere off a static obstacle, and of two spheres
//! with masses, with a restitution coefficient and Coulomb friction; the kinetic energy
//! never grows, rounding included (`proofs/contacts.md`, section 3).

use num_rational::BigRational;
#[cfg(not(feature = "std"))]
use num_traits::Float;
use num_traits::Zero;

use core::cmp::Ordering;

use crate::scalar::{exponent, ldexp};
use crate::{InputError, Scalar};

/// The parameters of a bounce: the restitution coefficient `e ∈ [0, 1]` (the fraction
/// of the normal relative velocity kept, reversed: `1` elastic, `0` no bounce) and the
/// Coulomb friction coefficient `μ ≥ 0` (the tangential impulse is at most `μ` times the
/// normal impulse, and never reverses the sliding).
///
/// # Examples
///
/// ```
/// use isect::collide::Bounce;
/// use isect::InputError;
/// assert!(Bounce::new(0.8, 0.3).is_ok());
/// assert_eq!(Bounce::new(1.5, 0.0), Err(InputError::OutOfRange { argument: 0, what: "restitution" }));
/// assert_eq!(Bounce::ELASTIC.restitution(), 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounce {
    restitution: f64,
    friction: f64,
}

impl Bounce {
    /// A perfectly elastic, frictionless bounce (`e = 1`, `μ = 0`).
    pub const ELASTIC: Bounce = Bounce {
        restitution: 1.0,
        friction: 0.0,
    };

    /// A bounce with restitution `restitution` and friction `friction`.
    ///
    /// # Errors
    ///
    /// [`InputError::OutOfRange`] (argument 0, `"restitution"`) unless
    /// `0 ≤ restitution ≤ 1`; (argument 1, `"friction"`) unless `friction` is finite and
    /// `≥ 0`.
    ///
    /// # Examples
    ///
    /// ```
    /// let b = isect::collide::Bounce::new(0.5, 0.0).unwrap();
    /// assert_eq!((b.restitution(), b.friction()), (0.5, 0.0));
    /// ```
    pub fn new(restitution: f64, friction: f64) -> Result<Bounce, InputError> {
        if !(0.0..=1.0).contains(&restitution) {
            return Err(InputError::OutOfRange {
                argument: 0,
                what: "restitution",
            });
        }
        if !(friction.is_finite() && friction >= 0.0) {
            return Err(InputError::OutOfRange {
                argument: 1,
                what: "friction",
            });
        }
        Ok(Bounce {
            restitution,
            friction,
        })
    }

    /// The restitution coefficient.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::collide::Bounce::new(0.25, 1.0).unwrap().restitution(), 0.25);
    /// ```
    pub fn restitution(&self) -> f64 {
        self.restitution
    }

    /// The friction coefficient.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(isect::collide::Bounce::new(0.25, 1.0).unwrap().friction(), 1.0);
    /// ```
    pub fn friction(&self) -> f64 {
        self.friction
    }
}

fn dot(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn check_vec(argument: usize, what: &'static str, v: &[f64; 3]) -> Result<(), InputError> {
    crate::error::check_point(argument, what, None, v)
}

/// The exponent `k` with `max |v_i| ∈ [2^k, 2^(k+1))` (`0` for the zero vector): `v·2^-k`
/// has its largest coordinate in `[1, 2)`, so dot products of such vectors neither
/// overflow nor lose their large terms to underflow.
fn magnitude(v: &[f64; 3]) -> i32 {
    exponent(v.iter().fold(0.0f64, |m, x| m.max(x.abs())))
}

fn scaled(v: &[f64; 3], k: i32) -> [f64; 3] {
    v.map(|x| ldexp(x, k))
}

/// The exact sign of `(a − b)·n` (`Less` when the bodies approach): a rounded sum with an
/// error bound (each difference and product rounds once, the sum twice: at most `4u` of
/// `Σ|(a_k − b_k)·n_k|`, plus underflow below `2^-1021`), exactly in rationals when the
/// bound does not decide it or a term overflows.
fn approach_sign(a: &[f64; 3], b: &[f64; 3], n: &[f64; 3]) -> Ordering {
    let p: [f64; 3] = core::array::from_fn(|k| (a[k] - b[k]) * n[k]);
    let (sum, size) = (p[0] + p[1] + p[2], p[0].abs() + p[1].abs() + p[2].abs());
    if size.is_finite() && sum.abs() > 8.0 * (f64::EPSILON / 2.0) * size + f64::MIN_POSITIVE {
        return sum.partial_cmp(&0.0).unwrap_or(Ordering::Equal);
    }
    let q = rational;
    let exact = (0..3).fold(BigRational::zero(), |s, k| {
        s + (q(a[k]) - q(b[k])) * q(n[k])
    });
    exact.cmp(&BigRational::zero())
}

/// `x` as an exact rational; every caller passes finite values (`0` otherwise).
fn rational(x: f64) -> BigRational {
    x.to_rational().unwrap_or_else(BigRational::zero)
}

/// `Σ mᵢ|vᵢ|²` exactly.
fn energy(bodies: &[(f64, [f64; 3])]) -> BigRational {
    let q = rational;
    bodies.iter().fold(BigRational::zero(), |s, (m, v)| {
        s + q(*m) * v.iter().fold(BigRational::zero(), |t, x| t + q(*x) * q(*x))
    })
}

/// Whether `Σ mᵢ|v'ᵢ|² ≤ Σ mᵢ|vᵢ|²`, never for a non-finite `v'`: a rounded comparison
/// with a margin when no rounded square or term of a moving body fell below `2^-960`
/// (every term is non-negative and rounds at most five times, all in the normal range, so
/// each sum is within `8u` of its value), exactly otherwise or when it does not decide.
fn no_gain(after: &[(f64, [f64; 3])], before: &[(f64, [f64; 3])]) -> bool {
    if !after.iter().all(|(_, v)| v.iter().all(|x| x.is_finite())) {
        return false;
    }
    const SMALL: f64 = f64::from_bits((1023 - 960) << 52); // 2^-960
    let f = |b: &[(f64, [f64; 3])]| {
        b.iter().try_fold(0.0, |s, (m, v)| {
            let d = dot(v, v);
            let t = m * d;
            let normal = *v == [0.0; 3] || (d >= SMALL && t >= SMALL);
            normal.then_some(s + t)
        })
    };
    const U: f64 = f64::EPSILON / 2.0;
    if let (Some(ea), Some(eb)) = (f(after), f(before))
        && ea.is_finite()
        && eb.is_finite()
        && ea * (1.0 + 16.0 * U) < eb * (1.0 - 16.0 * U)
    {
        return true;
    }
    energy(after) <= energy(before)
}

/// The scalings tried, in turn, when rounding would make the energy grow.
const SHRINK: [f64; 4] = [
    1.0 - 1.0 / 4_503_599_627_370_496.0,
    1.0 - 1.0 / 1_099_511_627_776.0,
    0.5,
    0.0,
];

/// The new velocity of a sphere with velocity `v` hitting a static obstacle with contact
/// normal `normal` (from the obstacle towards the sphere, e.g. a [`Contact`]'s normal; any
/// length): if the sphere approaches (`v·n < 0`), the normal part `v_n = (v·n)n/|n|²` is
/// reversed and scaled by the restitution, `v' = v_t − e·v_n`, and friction reduces the
/// tangential part `v_t` by at most `μ(1 + e)|v_n|` (never past zero); otherwise `v` is
/// returned unchanged (resting or separating: no bounce).
///
/// Whether the sphere approaches is decided exactly. The rest is rounded in `f64`, on
/// copies scaled by powers of two (so any finite input works, from subnormal to near
/// `f64::MAX`); **the kinetic energy never grows**: `|v'|² ≤ |v|²` holds exactly
/// (checked, exactly when the rounded check is inconclusive; when rounding would break it
/// the result is scaled down, at most to zero). The result is always finite.
///
/// [`Contact`]: super::Contact
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of `v` (argument 0,
/// `"velocity"`) or `normal` (argument 1, `"normal"`); [`InputError::ZeroDirection`]
/// (argument 1) for a zero normal.
///
/// # Examples
///
/// ```
/// use isect::collide::{bounce_sphere, Bounce};
/// // The seed's example: off the floor, the vertical part reverses.
/// let v = bounce_sphere(&[3.0, 0.0, -4.0], &[0.0, 0.0, 1.0], &Bounce::ELASTIC).unwrap();
/// assert_eq!(v, [3.0, 0.0, 4.0]);
/// // Half the normal speed kept, and friction 0.5 takes 0.5·1.5·4 = 3 of the sliding.
/// let v = bounce_sphere(&[3.0, 0.0, -4.0], &[0.0, 0.0, 2.0], &isect::collide::Bounce::new(0.5, 0.5).unwrap())
///     .unwrap();
/// assert_eq!(v, [0.0, 0.0, 2.0]);
/// ```
pub fn bounce_sphere(
    v: &[f64; 3],
    normal: &[f64; 3],
    bounce: &Bounce,
) -> Result<[f64; 3], InputError> {
    check_vec(0, "velocity", v)?;
    check_vec(1, "normal", normal)?;
    if *normal == [0.0; 3] {
        return Err(InputError::ZeroDirection { argument: 1 });
    }
    if approach_sign(v, &[0.0; 3], normal) != Ordering::Less {
        return Ok(*v);
    }
    // Both vectors scaled by powers of two to a largest coordinate in [1, 2): nothing
    // below overflows, whatever the magnitudes given.
    let kv = magnitude(v);
    let (v_s, n) = (scaled(v, -kv), scaled(normal, -magnitude(normal)));
    // The sign was decided exactly above; the rounded v·n cannot say otherwise.
    let k = dot(&v_s, &n).min(0.0) / dot(&n, &n);
    let v_n = n.map(|x| k * x);
    let v_t: [f64; 3] = core::array::from_fn(|i| v_s[i] - v_n[i]);
    let vt = friction_scale(&v_t, dot(&v_n, &v_n).sqrt(), bounce);
    let out = |s: f64| -> [f64; 3] {
        core::array::from_fn(|i| ldexp(s * (vt[i] - bounce.restitution * v_n[i]), kv))
    };
    Ok(keep_energy(|s| [(1.0, out(s))], &[(1.0, *v)])[0].1)
}

/// `v_t` reduced by friction: `v_t·max(0, 1 − μ(1 + e)|v_n|/|v_t|)`.
fn friction_scale(v_t: &[f64; 3], vn_len: f64, b: &Bounce) -> [f64; 3] {
    let t = dot(v_t, v_t).sqrt();
    if b.friction == 0.0 || t == 0.0 {
        return *v_t;
    }
    let f = (1.0 - b.friction * (1.0 + b.restitution) * vn_len / t).max(0.0);
    v_t.map(|x| f * x)
}

/// The first of `make(s)` for `s = 1` then the [`SHRINK`] factors whose energy does not
/// exceed `before`'s (`make(0)` must be a state of zero energy or `before` itself).
fn keep_energy<const N: usize>(
    make: impl Fn(f64) -> [(f64, [f64; 3]); N],
    before: &[(f64, [f64; 3])],
) -> [(f64, [f64; 3]); N] {
    for s in core::iter::once(1.0).chain(SHRINK) {
        let after = make(s);
        if no_gain(&after, before) {
            return after;
        }
    }
    before.try_into().expect("N bodies before and after")
}

/// The new velocities of two spheres of masses `ma`, `mb` and velocities `va`, `vb` in
/// contact with normal `normal` (from `b` towards `a`, e.g. [`sphere_sphere_contact`]'s;
/// any length): if they approach (`(va − vb)·n < 0`), the normal impulse
/// `j = −(1 + e)(v_rel·n̂)/(1/ma + 1/mb)` is applied along `n̂`, and a friction impulse of
/// at most `μj` against the tangential relative velocity (never reversing it); otherwise
/// the velocities are returned unchanged.
///
/// Whether they approach is decided exactly. The rest is rounded in `f64`, on velocities
/// scaled by a power of two and the masses' fractions of their sum (so any finite input
/// works, from subnormal to near `f64::MAX`, whatever the mass ratio). The momentum
/// `ma·va + mb·vb` is conserved up to rounding (the impulses are equal and opposite);
/// **the kinetic energy never grows**, exactly, and the results are finite: when
/// rounding would make it grow, the velocities relative to the centre of mass are scaled
/// down (which keeps the momentum), at most to the common centre-of-mass velocity, and
/// if even that rounds up, the velocities are returned unchanged.
///
/// [`sphere_sphere_contact`]: super::sphere_sphere_contact
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate (arguments: 0 `va`, 1 `ma`,
/// 2 `vb`, 3 `mb`, 4 `normal`); [`InputError::OutOfRange`] (`"mass"`) for a mass that
/// is not finite and positive; [`InputError::ZeroDirection`] (argument 4) for a zero
/// normal.
///
/// # Examples
///
/// ```
/// use isect::collide::{bounce_spheres, Bounce};
/// // Equal masses, head on, elastic: they exchange velocities.
/// let (va, vb) = bounce_spheres(&[-1.0, 0.0, 0.0], 1.0, &[1.0, 0.0, 0.0], 1.0, &[1.0, 0.0, 0.0], &Bounce::ELASTIC)
///     .unwrap();
/// assert_eq!((va, vb), ([1.0, 0.0, 0.0], [-1.0, 0.0, 0.0]));
/// ```
pub fn bounce_spheres(
    va: &[f64; 3],
    ma: f64,
    vb: &[f64; 3],
    mb: f64,
    normal: &[f64; 3],
    bounce: &Bounce,
) -> Result<([f64; 3], [f64; 3]), InputError> {
    check_vec(0, "velocity", va)?;
    check_vec(2, "velocity", vb)?;
    check_vec(4, "normal", normal)?;
    for (argument, m) in [(1, ma), (3, mb)] {
        if !(m.is_finite() && m > 0.0) {
            return Err(InputError::OutOfRange {
                argument,
                what: "mass",
            });
        }
    }
    if *normal == [0.0; 3] {
        return Err(InputError::ZeroDirection { argument: 4 });
    }
    if approach_sign(va, vb, normal) != Ordering::Less {
        return Ok((*va, *vb));
    }
    let before = [(ma, *va), (mb, *vb)];
    // Velocities scaled by one power of two to a largest coordinate in [1, 2), the normal
    // by its own and then to unit length, the masses replaced by their fractions of the
    // total: nothing below overflows, whatever the magnitudes given.
    let kv = magnitude(va).max(magnitude(vb));
    let (va_s, vb_s) = (scaled(va, -kv), scaled(vb, -kv));
    let n = scaled(normal, -magnitude(normal));
    let len = dot(&n, &n).sqrt();
    let n = n.map(|x| x / len);
    // fa = ma/(ma + mb), fb = mb/(ma + mb), each in [0, 1] even when the sum overflows.
    let (fa, fb) = (1.0 / (1.0 + mb / ma), 1.0 / (1.0 + ma / mb));
    let rel: [f64; 3] = core::array::from_fn(|k| va_s[k] - vb_s[k]);
    let vn = dot(&rel, &n).min(0.0);
    // The impulse j = −(1 + e)·vn/(1/ma + 1/mb) divided by each mass: j/ma = −(1 + e)·vn·fb.
    let (da, db) = (
        -(1.0 + bounce.restitution) * vn * fb,
        -(1.0 + bounce.restitution) * vn * fa,
    );
    // Friction: against the tangential relative velocity, at most μj, and at most what
    // stops the sliding (|v_t|/(1/ma + 1/mb)); divided by each mass as above.
    let vt: [f64; 3] = core::array::from_fn(|k| rel[k] - vn * n[k]);
    let t = dot(&vt, &vt).sqrt();
    let (ta, tb) = if t > 0.0 {
        (
            (bounce.friction * da).min(t * fb) / t,
            (bounce.friction * db).min(t * fa) / t,
        )
    } else {
        (0.0, 0.0)
    };
    let va1: [f64; 3] = core::array::from_fn(|k| va_s[k] + da * n[k] - ta * vt[k]);
    let vb1: [f64; 3] = core::array::from_fn(|k| vb_s[k] - db * n[k] + tb * vt[k]);
    // The centre-of-mass velocity, kept while the relative parts are scaled down.
    let vc: [f64; 3] = core::array::from_fn(|k| fa * va_s[k] + fb * vb_s[k]);
    let make = |s: f64| {
        let about = |v: &[f64; 3]| -> [f64; 3] {
            if s == 1.0 {
                scaled(v, kv)
            } else {
                core::array::from_fn(|k| ldexp(vc[k] + s * (v[k] - vc[k]), kv))
            }
        };
        [(ma, about(&va1)), (mb, about(&vb1))]
    };
    let [(_, a), (_, b)] = keep_energy(make, &before);
    Ok((a, b))
}
