//! The exact ray/sphere test ([`ray_sphere`]): exact hit/miss, the entry and exit
//! parameters as `f64` with a documented bound.

use super::{Filtered, Span, all_finite, f64_of};
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::{as_f64_array, exponent, ldexp};
use crate::vec3::{dot, sub};
use crate::{InputError, Ray, Scalar, Sign, Sphere, Validate};

/// The polynomials of the exact test.
#[derive(Clone, Copy)]
enum SphereQ {
    /// `c₀ = |o − c|² − r²`
    C0,
    /// `b = (o − c)·d`
    B,
    /// `Δ = b² − |d|²·c₀`
    Disc,
}

struct SpherePoly<'a, T>(&'a Ray<T>, &'a Sphere<T>, SphereQ);

impl<T> Polynomial<T> for SpherePoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let (ray, s) = (self.0, self.1);
        let f = [0, 1, 2].map(|k| lift(&ray.origin[k]) - lift(&s.center[k]));
        let d = ray.direction.each_ref().map(lift);
        let r = lift(&s.radius);
        let c0 = || dot(&f, &f) - r.clone() * r.clone();
        match self.2 {
            SphereQ::C0 => c0(),
            SphereQ::B => dot(&f, &d),
            SphereQ::Disc => {
                let b = dot(&f, &d);
                b.clone() * b - dot(&d, &d) * c0()
            }
        }
    }
}

/// Exact ray/sphere test: the part of the ray `o + t·d`, `t ≥ 0`, inside the closed ball
/// `|x − center| ≤ radius`, or `None` if they do not meet.
///
/// **Hit or miss is exact** for every finite input of every scalar type: it is decided by
/// the exact signs of `c₀ = |o − c|² − r²` (origin inside or on the sphere: a hit), of
/// `b = (o − c)·d` and of `Δ = b² − |d|²·c₀` (below), each evaluated by
/// [`polynomial_sign`]; for `f64` (and `f32`, promoted exactly) plain float evaluations
/// of the three with static error bounds decide first (`proofs/ray_shapes.md`, section
/// 2), and only values within their bound of zero reach the exact signs. Closed: a
/// tangent ray (`Δ = 0`) hits, with `t_enter = t_exit`.
///
/// **The returned parameters are `f64` approximations** of the roots `(−b ∓ √Δ)/|d|²`
/// (irrational in general, so not exact even for rationals), with `t_enter` set to `0`
/// when the origin is inside and `t_exit ≥ t_enter`:
/// * for `f64` and `f32` input they are computed in `f64` after an exact power-of-two
///   rescaling of positions and direction, with the discriminant in the form of Haines et
///   al.; apart from overflow or underflow of the final `t` (and subnormal intermediates),
///   `|t̃ − t| ≤ 2⁻²²·(|o − c| + r)/|d| + 2⁻⁴⁸·|t|`. The square-root term is unavoidable
///   near tangency, where the roots are ill-conditioned: they move by `√ε` when the data
///   move by `ε`.
/// * for rationals, the midpoint `−b/|d|²` and the squared half-width `Δ/|d|⁴` are
///   computed exactly and each rounded once (the square root taken after an exact
///   power-of-two rescaling), so `|t̃ − t| ≤ 2⁻⁵⁰·(|b|/|d|² + √Δ/|d|²)`, which is within
///   the float bound above, barring overflow or underflow of `t` itself.
///
/// Degenerate input, never a panic:
/// * a NaN or infinite coordinate or radius: `None` ([`try_ray_sphere`] reports it);
/// * a negative radius: the ball is empty, `None`; radius `0` is the single point `c`;
/// * a zero direction: the ray is the point `o`: `Some([0, 0])` if the ball contains it.
///
/// # The test
///
/// With `f = o − c`, the ray `o + t·d` is in the closed ball `|x − c| ≤ r` where
/// `q(t) = a·t² + 2b·t + c₀ ≤ 0`, with
///
/// ```text
/// a = d·d      b = f·d      c₀ = f·f − r²      Δ = b² − a·c₀   (a quarter of the usual discriminant)
/// ```
///
/// so for `t ≥ 0` the ray meets the ball iff the origin is inside (`c₀ ≤ 0`), or it moves
/// towards the centre (`b < 0`) and its line meets the ball (`Δ ≥ 0`). The `f64`
/// parameters use the discriminant in the form `a·(r² − |f − (b/a)·d|²)` (Haines,
/// Günther & Akenine-Möller, *Ray Tracing Gems*, ch. 7, 2019), which avoids the
/// cancellation in `b² − a·c₀` for small, distant spheres.
///
/// # Examples
///
/// ```
/// use isect::ray::ray_sphere;
/// use isect::{Ray, Sphere};
/// let s = Sphere::new([0.0, 0.0, 0.0], 5.0);
/// // Tangent exactly: the line x = 3, y = 4 touches the sphere at (3, 4, 0).
/// let hit = ray_sphere(&Ray::new([3.0, 4.0, -10.0], [0.0, 0.0, 2.0]), &s).unwrap();
/// assert_eq!((hit.t_enter, hit.t_exit), (5.0, 5.0));
/// // Moved by one ulp in y: a miss, decided exactly.
/// assert!(ray_sphere(&Ray::new([3.0, 4.0_f64.next_up(), -10.0], [0.0, 0.0, 2.0]), &s).is_none());
/// // A sphere behind the ray misses; a ray starting inside hits from t = 0.
/// assert!(ray_sphere(&Ray::new([0.0, 0.0, 6.0], [0.0, 0.0, 1.0]), &s).is_none());
/// assert_eq!(ray_sphere(&Ray::new([0.0; 3], [0.0, 0.0, 1.0]), &s).unwrap().t_enter, 0.0);
/// ```
pub fn ray_sphere<T: Scalar>(ray: &Ray<T>, sphere: &Sphere<T>) -> Option<Span<f64>> {
    // Floats first try the filtered test on the exact f64 view (f32 promoted exactly);
    // the capability tests monomorphise away.
    if T::FLOAT.is_some() {
        let (o, d) = (&ray.origin, &ray.direction);
        match sphere_filter(o, d, &sphere.center, &sphere.radius) {
            Filtered::Decided(None) => return None,
            Filtered::Decided(Some(inside)) => return Some(span(ray, sphere, inside)),
            Filtered::Unknown => {}
        }
    }
    ray_sphere_slow(ray, sphere)
}

#[cold]
#[inline(never)]
fn ray_sphere_slow<T: Scalar>(ray: &Ray<T>, sphere: &Sphere<T>) -> Option<Span<f64>> {
    if !all_finite([&ray.origin, &ray.direction, &sphere.center]) || !sphere.radius.is_finite() {
        return None;
    }
    if sphere.radius < T::zero() {
        return None;
    }
    let sign = |q| polynomial_sign::<T, _>(&SpherePoly(ray, sphere, q));
    let inside = sign(SphereQ::C0) != Sign::Positive;
    if !inside && (sign(SphereQ::B) != Sign::Negative || sign(SphereQ::Disc) == Sign::Negative) {
        return None;
    }
    Some(span(ray, sphere, inside))
}

/// The parameters of a hit (decided exactly by the caller; `inside`: `c₀ ≤ 0`).
fn span<T: Scalar>(ray: &Ray<T>, sphere: &Sphere<T>, inside: bool) -> Span<f64> {
    if ray.direction.iter().all(|x| x.is_zero()) {
        return Span {
            t_enter: 0.0,
            t_exit: 0.0,
        };
    }
    let (t0, t1) = roots(ray, sphere);
    let t_enter = if inside { 0.0 } else { t0.max(0.0) };
    Span {
        t_enter,
        t_exit: t1.max(t_enter),
    }
}

// ---------------------------------------------------------------------------------------
// The f64 filter (proofs/ray_shapes.md, section 2).
// ---------------------------------------------------------------------------------------

/// Coefficient of the bound on `c₀`: `(γ₄ + (1−u)^−2 − 1)/(1−u)^6`, rounded up (≈ 6u).
pub(crate) const SPHERE_C0: f64 = 6.661338147750946e-16;
/// Coefficient of the bound on `b`: `(γ₃ + (1−u)^−1 − 1)/(1−u)^5`, rounded up (≈ 4u).
pub(crate) const SPHERE_B: f64 = 4.44089209850063e-16;
/// Coefficient of the bound on `Δ`: `κ/(1−u)^12` with `κ ≈ 21u` (proofs/ray_shapes.md,
/// section 2), rounded up.
pub(crate) const SPHERE_D: f64 = 2.331468351712834e-15;
/// Inner underflow term `τ = 2^-1020`.
const TAU: f64 = f64::from_bits(3 << 52);
/// Outer underflow term `τ₂ = 2^-1060`.
const TAU2: f64 = f64::from_bits(1 << 14);

/// `Some(sign of v)` when `v` is finite and `|v| > bound`.
#[inline(always)]
fn filtered_sign(v: f64, bound: f64) -> Option<bool> {
    let m = v.abs();
    (m > bound && m < f64::INFINITY).then_some(v > 0.0)
}

/// The exact hit/miss from plain `f64` evaluations of `c₀`, `b` and `Δ` with static
/// error bounds: `Decided(Some(inside))` for a hit, `Decided(None)` for a miss, `Unknown`
/// when a value is within its bound of zero, or an intermediate (or an input) is not
/// finite. The inputs are read through their exact `f64` view where they live.
#[inline(always)]
fn sphere_filter<T: Scalar>(o: &[T; 3], d: &[T; 3], c: &[T; 3], r: &T) -> Filtered<Option<bool>> {
    let v = f64_of::<T>;
    let r = v(r);
    let f = [
        v(&o[0]) - v(&c[0]),
        v(&o[1]) - v(&c[1]),
        v(&o[2]) - v(&c[2]),
    ];
    let s = f[0] * f[0] + f[1] * f[1] + f[2] * f[2];
    let r2 = r * r;
    let c0 = s - r2;
    let m = s + r2;
    // The sum catches a non-finite d (the other inputs make c0 or m non-finite); a
    // negative radius is a miss; both rare, both decided on the exact path.
    if !(r >= 0.0 && (v(&d[0]) + v(&d[1]) + v(&d[2])).is_finite()) {
        return Filtered::Unknown;
    }
    match filtered_sign(c0, m * SPHERE_C0 + TAU2) {
        Some(false) => return Filtered::Decided(Some(true)), // origin strictly inside
        Some(true) => {}
        None => return Filtered::Unknown,
    }
    let p = [f[0] * v(&d[0]), f[1] * v(&d[1]), f[2] * v(&d[2])];
    let b = p[0] + p[1] + p[2];
    let sb = p[0].abs() + p[1].abs() + p[2].abs();
    match filtered_sign(b, sb * SPHERE_B + TAU2) {
        Some(true) => return Filtered::Decided(None), // outside, moving away
        Some(false) => {}
        None => return Filtered::Unknown,
    }
    let a = v(&d[0]) * v(&d[0]) + v(&d[1]) * v(&d[1]) + v(&d[2]) * v(&d[2]);
    let disc = b * b - a * c0;
    match filtered_sign(disc, ((a + TAU) * (m + TAU)) * SPHERE_D + TAU2) {
        Some(true) => Filtered::Decided(Some(false)),
        Some(false) => Filtered::Decided(None),
        None => Filtered::Unknown,
    }
}

/// [`ray_sphere`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
/// `"origin"` or `"direction"`) or of the sphere (argument 1, `"center"` or `"radius"`),
/// [`InputError::ZeroDirection`] for a zero direction, [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_sphere;
/// use isect::{InputError, Ray, Sphere};
/// let ray = Ray::new([0.0; 3], [1.0, 0.0, 0.0]);
/// assert!(try_ray_sphere(&ray, &Sphere::new([3.0, 0.0, 0.0], 1.0)).unwrap().is_some());
/// assert_eq!(
///     try_ray_sphere(&ray, &Sphere::new([3.0, 0.0, 0.0], -1.0)),
///     Err(InputError::NegativeRadius { argument: 1 })
/// );
/// ```
pub fn try_ray_sphere<T: Scalar>(
    ray: &Ray<T>,
    sphere: &Sphere<T>,
) -> Result<Option<Span<f64>>, InputError> {
    ray.validate(0)?;
    sphere.validate(1)?;
    Ok(ray_sphere(ray, sphere))
}

/// The binary exponent of the largest magnitude (0 if all are zero).
fn max_exponent(xs: &[f64]) -> i32 {
    exponent(xs.iter().fold(0.0_f64, |m, x| m.max(x.abs())))
}

/// The two roots `t₀ ≤ t₁` in `f64` (the caller has established that they are real).
fn roots<T: Scalar>(ray: &Ray<T>, sphere: &Sphere<T>) -> (f64, f64) {
    // Floats: the exact f64 view.
    if let (Some(o), Some(c), Some(d), Some(r)) = (
        as_f64_array(&ray.origin),
        as_f64_array(&sphere.center),
        as_f64_array(&ray.direction),
        sphere.radius.as_f64(),
    ) {
        float_roots(o, c, d, r)
    } else {
        let f = sub(&ray.origin, &sphere.center);
        let d = &ray.direction;
        let a = dot(d, d);
        let b = dot(&f, d);
        let c0 = dot(&f, &f) - sphere.radius.clone() * &sphere.radius;
        let disc = b.clone() * &b - a.clone() * &c0;
        // Exact midpoint −b/a and squared half-width Δ/a², each rounded once.
        let mid = -b / &a;
        let half_sq = disc / (a.clone() * &a);
        let mid = mid.to_f64();
        let half = half_sq
            .to_rational()
            .map_or(f64::NAN, |h| sqrt_rational(&h));
        (mid - half, mid + half)
    }
}

/// `√y` for a rational `y ≥ 0`, rounded, without overflow or underflow on the way: `y` is
/// scaled by an even power of two into `[1/4, 4]` first.
fn sqrt_rational(y: &num_rational::BigRational) -> f64 {
    use num_traits::{Signed, Zero};
    if !y.is_positive() {
        return 0.0;
    }
    let k = (y.numer().bits() as i64 - y.denom().bits() as i64) / 2;
    let two_2k = num_bigint::BigInt::from(1) << (2 * k.unsigned_abs()) as usize;
    let scaled = if k >= 0 {
        y / num_rational::BigRational::from_integer(two_2k)
    } else {
        y * num_rational::BigRational::from_integer(two_2k)
    };
    debug_assert!(!scaled.is_zero());
    let k = k.clamp(-4000, 4000) as i32;
    ldexp(num_traits::Float::sqrt(Scalar::to_f64(&scaled)), k)
}

/// Roots `(−b ∓ √Δ)/a` of `a t² + 2b t + c₀`, from `a > 0`, `b` and `Δ = b² − a c₀ ≥ 0`.
///
/// Plain formulas for both: the cancellation in the smaller one costs at most about
/// `u·|b|/a`, which the documented absolute bound already allows.
fn quadratic_roots(a: f64, b: f64, disc: f64) -> (f64, f64) {
    let s = num_traits::Float::sqrt(disc);
    ((-b - s) / a, (-b + s) / a)
}

fn float_roots(o: [f64; 3], c: [f64; 3], d: [f64; 3], r: f64) -> (f64, f64) {
    // Rescale positions and direction separately by powers of two (exact) so that the
    // largest of each is in [1, 2): t scales by 2^(ep − ed).
    let ep = max_exponent(&[o[0], o[1], o[2], c[0], c[1], c[2], r]);
    let ed = max_exponent(&d);
    let o = o.map(|x| ldexp(x, -ep));
    let c = c.map(|x| ldexp(x, -ep));
    let r = ldexp(r, -ep);
    let d = d.map(|x| ldexp(x, -ed));
    let f = sub(&o, &c);
    let a = dot(&d, &d);
    let b = dot(&f, &d);
    // Haines et al.: Δ = a·(r² − |f − (b/a)·d|²).
    let k = b / a;
    let perp = [f[0] - k * d[0], f[1] - k * d[1], f[2] - k * d[2]];
    let disc = (a * (r * r - dot(&perp, &perp))).max(0.0);
    let (t0, t1) = quadratic_roots(a, b, disc);
    (ldexp(t0, ep - ed), ldexp(t1, ep - ed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational as Q;

    fn int(k: i64) -> Q {
        Q::from_integer(BigInt::from(k))
    }

    /// `x ≤ c`, and `c` is the smallest double that is.
    fn smallest_above(c: f64, x: &Q) {
        assert!(&Q::from_float(c).unwrap() >= x, "{c} below");
        assert!(
            &Q::from_float(f64::from_bits(c.to_bits() - 1)).unwrap() < x,
            "{c} not tight"
        );
    }

    /// The three coefficients of proofs/ray_shapes.md, section 2, recomputed exactly.
    #[test]
    fn sphere_constants() {
        let u = Q::new(BigInt::from(1), BigInt::from(1) << 53usize);
        let gamma = |n: i64| (&u * int(n)) / (int(1) - &u * int(n));
        let w = int(1) - &u;
        let pow = |n: usize| (0..n).fold(int(1), |p, _| p * &w);
        let alpha = gamma(4) + int(1) / pow(2) - int(1);
        let beta = gamma(3) + int(1) / pow(1) - int(1);
        smallest_above(SPHERE_C0, &(&alpha / pow(6)));
        smallest_above(SPHERE_B, &(&beta / pow(5)));
        let cbar = int(1) / pow(2) + &alpha;
        let lead = int(1) / pow(1) + &beta;
        let kappa = &beta * (int(2) / pow(1) + &beta)
            + gamma(3) * &cbar
            + &alpha
            + gamma(2) * (&lead * &lead + (int(1) + gamma(3)) * &cbar);
        smallest_above(SPHERE_D, &(kappa / pow(12)));
    }

    /// Clear cases are decided; a tangent ray (Δ = 0) and overflow are left to the exact
    /// path.
    #[test]
    fn filter_decides_clear_cases_only() {
        let c = [0.0; 3];
        let f = |o: [f64; 3], d: [f64; 3], r: f64| match sphere_filter(&o, &d, &c, &r) {
            Filtered::Decided(x) => Some(x),
            Filtered::Unknown => None,
        };
        assert_eq!(f([0.0, 0.0, -5.0], [0.0, 0.0, 1.0], 1.0), Some(Some(false)));
        assert_eq!(f([0.0, 0.0, 0.5], [0.0, 0.0, 1.0], 1.0), Some(Some(true)));
        assert_eq!(f([0.0, 0.0, 5.0], [0.0, 0.0, 1.0], 1.0), Some(None));
        assert_eq!(f([0.0, 2.0, -5.0], [0.0, 0.0, 1.0], 1.0), Some(None));
        assert_eq!(f([3.0, 4.0, -10.0], [0.0, 0.0, 2.0], 5.0), None);
        assert_eq!(f([1e200, 0.0, 0.0], [-1.0, 0.0, 0.0], 1.0), None);
        assert_eq!(f([3.0, 0.0, 0.0], [-1.0, 0.0, 0.0], f64::NAN), None);
    }
}
