//! Capsules and the ray/capsule test (Ericson §5.3.7; RTR §22.17 on swept spheres).

use super::interval::{ESTIMATE_LIMIT, Est, INFLATE, roots_est};
use super::pieces::{Ball, Cylinder, Motion, Radius};
use super::sweep_sphere::{SS_AB, SS_TINY};
use super::{Collect, SweepHit, finite, radius_ok};
use crate::error::{check_number, check_point};
use crate::geometry::Ray;
use crate::scalar::as_f64_array;
use crate::vec3::sub;
use crate::{InputError, Scalar, Validate};
#[cfg(not(feature = "std"))]
use num_traits::Float;

/// A closed capsule: the points within `radius` of the segment `[a, b]` (a sphere swept
/// along the segment). `a == b` makes it a sphere.
///
/// # Examples
///
/// ```
/// use isect::sweep::Capsule;
/// let c = Capsule::new([0.0, 0.0, 0.0], [0.0, 0.0, 2.0], 0.5);
/// assert_eq!(c.radius, 0.5);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Capsule<T> {
    /// One end of the core segment.
    pub a: [T; 3],
    /// The other end of the core segment.
    pub b: [T; 3],
    /// The radius (negative: an empty capsule).
    pub radius: T,
}

impl<T: Scalar> Capsule<T> {
    /// The capsule around `[a, b]` with the given radius, taken as given.
    ///
    /// # Examples
    ///
    /// ```
    /// let c = isect::sweep::Capsule::new([0.0_f32; 3], [1.0, 0.0, 0.0], 0.25);
    /// assert_eq!(c.b, [1.0, 0.0, 0.0]);
    /// ```
    #[inline]
    pub fn new(a: [T; 3], b: [T; 3], radius: T) -> Capsule<T> {
        Capsule { a, b, radius }
    }

    /// Like [`Capsule::new`], but refuses non-finite values and a negative radius (the
    /// checks of its [`Validate`] implementation).
    ///
    /// # Errors
    ///
    /// [`InputError::NonFinite`] (`what` is `"vertex"` with `index` 0 for `a` and 1 for
    /// `b`, or `"radius"`) and [`InputError::NegativeRadius`].
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::sweep::Capsule;
    /// use isect::InputError;
    /// assert_eq!(
    ///     Capsule::try_new([0.0; 3], [1.0; 3], -0.5),
    ///     Err(InputError::NegativeRadius { argument: 0 })
    /// );
    /// ```
    pub fn try_new(a: [T; 3], b: [T; 3], radius: T) -> Result<Capsule<T>, InputError> {
        let capsule = Capsule { a, b, radius };
        capsule.validate(0)?;
        Ok(capsule)
    }
}

/// A capsule is valid when its two ends and its radius are finite and the radius is not
/// negative (`a == b` is a valid capsule: a sphere).
///
/// # Examples
///
/// ```
/// use isect::sweep::Capsule;
/// use isect::{InputError, Validate};
/// assert_eq!(Capsule::new([0.0; 3], [1.0; 3], 0.5).validate(1), Ok(()));
/// assert!(matches!(
///     Capsule::new([0.0; 3], [1.0, f64::NAN, 0.0], 0.5).validate(1),
///     Err(InputError::NonFinite { argument: 1, what: "vertex", index: Some(1), axis: Some(1), .. })
/// ));
/// ```
impl<T: Scalar> Validate for Capsule<T> {
    fn validate(&self, argument: usize) -> Result<(), InputError> {
        check_point(argument, "vertex", Some(0), &self.a)?;
        check_point(argument, "vertex", Some(1), &self.b)?;
        check_number(argument, "radius", &self.radius)?;
        if self.radius < T::zero() {
            return Err(InputError::NegativeRadius { argument });
        }
        Ok(())
    }
}

/// Adds the pieces of "the moving point within `r` of the segment `[s0, s1]`" (the
/// cylinder if `s0 ≠ s1`, and the two end balls) to `c`.
pub(crate) fn add_capsule<'a, T: Scalar>(
    c: &mut Collect<T>,
    m: Motion<'a, T>,
    s0: &'a [T; 3],
    s1: &'a [T; 3],
    r: Radius<'a, T>,
) {
    if s0 != s1 {
        c.add(&Cylinder { m, s0, s1, r });
    }
    c.add(&Ball { m, q: s0, r });
    if s0 != s1 {
        c.add(&Ball { m, q: s1, r });
    }
}

/// Exact ray/capsule test: the parameters `t ≥ 0` at which `origin + t·direction` is in
/// the closed capsule, as an interval `[first, last]`, or `None`.
///
/// The capsule is the union of the cylinder `0 ≤ (x − a)·e ≤ e·e`,
/// `|(x − a) × e|² ≤ r²·e·e` (`e = b − a`) and the balls at `a` and `b`; along the ray each
/// is a linear-and-quadratic condition on `t`, and **hit or miss is exact**
/// (`proofs/sweep.md`, section 5). `first` is `0` when the origin is inside. The
/// parameters are roots of quadratics or cap crossings `−α/β`, with rigorous error
/// bounds in the [`SweepHit`]; a parameter beyond the largest finite value (a tiny
/// direction, a huge capsule) is `+∞` with an error of `+∞`.
///
/// A zero direction makes the ray the point `origin`: `Some` with `first = last = 0` if
/// the capsule contains it. `None` for a NaN or infinite input and for a negative radius
/// ([`try_ray_capsule`] reports those and a zero direction).
///
/// # Examples
///
/// ```
/// use isect::sweep::{ray_capsule, Capsule};
/// use isect::Ray;
/// let cap = Capsule::new([0.0, 0.0, 0.0], [0.0, 0.0, 4.0], 1.0);
/// // Along x through the cylinder part.
/// let hit = ray_capsule(&Ray::new([-3.0, 0.0, 2.0], [1.0, 0.0, 0.0]), &cap).unwrap();
/// assert_eq!((hit.first, hit.last), (2.0, 4.0));
/// // Down the axis: through both caps.
/// let hit = ray_capsule(&Ray::new([0.0, 0.0, 10.0], [0.0, 0.0, -2.0]), &cap).unwrap();
/// assert_eq!((hit.first, hit.last), (2.5, 5.5));
/// // Tangent to the cylinder at x = 1: a (grazing) hit.
/// assert!(ray_capsule(&Ray::new([1.0, -5.0, 2.0], [0.0, 1.0, 0.0]), &cap).is_some());
/// assert!(ray_capsule(&Ray::new([1.0f64.next_up(), -5.0, 2.0], [0.0, 1.0, 0.0]), &cap).is_none());
/// ```
pub fn ray_capsule<T: Scalar>(ray: &Ray<T>, capsule: &Capsule<T>) -> Option<SweepHit<T>> {
    // Decides only finite input with a non-zero direction, a ≠ b and a radius ≥ 0.
    if let Some(decided) = rc_fast(ray, capsule) {
        return decided;
    }
    ray_capsule_general(ray, capsule)
}

/// [`ray_capsule`] for what `rc_fast` leaves (and every rational input): the engine of
/// `proofs/sweep.md` §1 on the cylinder and the two end balls.
#[cold]
#[inline(never)]
fn ray_capsule_general<T: Scalar>(ray: &Ray<T>, capsule: &Capsule<T>) -> Option<SweepHit<T>> {
    if !finite(&[&ray.origin, &ray.direction, &capsule.a, &capsule.b])
        || !radius_ok(&capsule.radius)
    {
        return None;
    }
    let zero = ray.direction.iter().all(|x| x.is_zero());
    let m = Motion {
        p: &ray.origin,
        vp: Some(&ray.direction),
        vq: None,
    };
    // A zero direction: every piece is constant in t; decide it on [0, 1].
    let mut c = Collect::new(zero);
    add_capsule(
        &mut c,
        m,
        &capsule.a,
        &capsule.b,
        Radius(&capsule.radius, None),
    );
    if zero {
        return c.any().then(|| SweepHit {
            first: T::zero(),
            last: T::zero(),
            first_error: 0.0,
            last_error: 0.0,
        });
    }
    c.finish()
}

// ---------------------------------------------------------------------------------------
// The f64 fast path of ray/capsule (proofs/sweep.md, section 5.1).
// ---------------------------------------------------------------------------------------

/// `x̂·ŷ` in `f64` with the static bound of `B̂` in `proofs/sweep.md` §3.1:
/// `SS_AB·Σ|x̂ₖŷₖ| + SS_TINY`, valid when every `x̂ₖ`, `ŷₖ` is an input or one rounded
/// difference of two inputs.
#[inline(always)]
pub(crate) fn dot_est(x: &[f64; 3], y: &[f64; 3]) -> Est {
    let p = [x[0] * y[0], x[1] * y[1], x[2] * y[2]];
    let v = p[0] + p[1] + p[2];
    let m = p[0].abs() + p[1].abs() + p[2].abs();
    Est {
        v,
        e: m * SS_AB + SS_TINY,
    }
}

/// `x̂·x̂` with the bound of [`dot_est`] (the magnitude is the value).
#[inline(always)]
pub(crate) fn sq_est(x: &[f64; 3]) -> Est {
    let v = x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
    Est {
        v,
        e: v * SS_AB + SS_TINY,
    }
}

/// Whether the exact value of an estimate is certainly positive: `v > e` (an estimate
/// with an infinite or NaN value has an infinite or NaN bound, so this also shows it
/// finite).
#[inline(always)]
fn pos(x: Est) -> bool {
    x.v > x.e
}

/// Whether the exact value of an estimate is certainly negative (see [`pos`]).
#[inline(always)]
fn neg(x: Est) -> bool {
    x.v < -x.e
}

/// The larger of two estimated values: the larger rounded value, with the largest bound
/// among the candidates whose window reaches it (`proofs/sweep.md` §5.1). An estimate
/// that is not finite makes the bound infinite.
#[inline(always)]
fn est_max(x: Est, y: Est) -> Est {
    let v = x.v.max(y.v);
    let reach = |z: Est| if z.v + z.e >= v { z.e } else { 0.0 };
    let e = if x.ok() && y.ok() {
        reach(x).max(reach(y))
    } else {
        f64::INFINITY
    };
    Est { v, e }
}

/// A time set on the ray: `Some(None)` certainly empty, `Some(Some((first, last)))`
/// certainly not, with the estimated end points; `None` not decided.
type Times = Option<Option<(Est, Est)>>;

/// An end ball: `A·t² + 2B·t + C ≤ 0` on `t ≥ 0`, with `A = |d|²` certified positive,
/// `B = f·d`, `C = |f|² − r²` (`f = o − q`).
#[inline(always)]
fn ball_times(a: Est, b: Est, c: Est) -> Times {
    if pos(c) && pos(b) {
        return Some(None); // outside at t = 0 and moving away: both roots negative
    }
    let disc = b * b - a * c;
    if neg(disc) {
        return Some(None); // the line misses the sphere
    }
    if !pos(disc) {
        return None;
    }
    let [r0, r1] = roots_est(a, b, c, disc);
    if neg(r1) {
        return Some(None); // behind the origin
    }
    if !pos(r1) {
        return None;
    }
    Some(Some((est_max(Est::exact(0.0), r0), r1)))
}

/// [`ball_times`] for the ball of radius `r` around the end `q`, from the inputs (only
/// rays whose window reaches beyond that cap need it).
#[inline]
fn end_ball(o: &[f64; 3], d: &[f64; 3], q: &[f64; 3], r: f64) -> Times {
    let f = sub(o, q);
    ball_times(sq_est(d), dot_est(&f, d), sq_est(&f) - r_sq(r))
}

/// `2⁻⁴⁶`: the bound on the cylinder's `A`, `B`, `C` per unit of `E·W`, `E·√(F·W)`,
/// `E·(F + R)` in the static form of [`cylinder_quad`] (twice `2⁻⁴⁷`, `proofs/sweep.md`
/// §5.1).
const CYL_ABC: f64 = 1.0 / 70_368_744_177_664.0;
/// `2⁻⁴⁰`: the bound on the cylinder's `B² − AC` per unit of `E²·W·(F + R)` (sixteen
/// times `2⁻⁴⁴`).
const CYL_DISC: f64 = 1.0 / 1_099_511_627_776.0;
/// `2²⁴⁰` and `2⁻²⁴⁰`: the range of the squared lengths `E`, `W`, `F` (and `R ≤ 2²⁴⁰`)
/// in which the static form holds (no product of degree 8 or less overflows, and every
/// underflow is negligible against the bounds).
const CYL_BIG: f64 = f64::from_bits((1023 + 240) << 52);
/// `2⁻²⁴⁰` (see [`CYL_BIG`]).
const CYL_SMALL: f64 = f64::from_bits((1023 - 240) << 52);

/// `A`, `B`, `C` of the infinite cylinder's quadratic and `B² − AC`, as estimates: in the
/// range of `CYL_SMALL..=CYL_BIG` from plain `f64` with static bounds in the lengths
/// `E = e·e`, `W = d·d`, `F = f·f`, `R = r²` (Cauchy–Schwarz on the dot products),
/// otherwise in `Est` arithmetic (`proofs/sweep.md` §5.1).
#[inline(always)]
pub(crate) fn cylinder_quad(
    ee: Est,
    ww: Est,
    ff: Est,
    we: Est,
    fe: Est,
    fw: Est,
    r: f64,
) -> [Est; 4] {
    let (e, w, f, rr) = (ee.v, ww.v, ff.v, r * r);
    let inside = |x: f64| (CYL_SMALL..=CYL_BIG).contains(&x);
    if inside(e) && inside(w) && inside(f) && rr <= CYL_BIG {
        let a = e * w - we.v * we.v;
        let b = e * fw.v - we.v * fe.v;
        let c = e * (f - rr) - fe.v * fe.v;
        let fr = f + rr;
        return [
            Est {
                v: a,
                e: CYL_ABC * (e * w),
            },
            Est {
                v: b,
                e: CYL_ABC * (e * (f * w).sqrt()),
            },
            Est {
                v: c,
                e: CYL_ABC * (e * fr),
            },
            Est {
                v: b * b - a * c,
                e: CYL_DISC * (e * e * w * fr),
            },
        ];
    }
    let a = ee * ww - we * we;
    let b = ee * fw - we * fe;
    let c = ee * (ff - r_sq(r)) - fe * fe;
    [a, b, c, b * b - a * c]
}

/// `r²` as an estimate (`r` exact: only the product's rounding).
#[inline(always)]
fn r_sq(r: f64) -> Est {
    Est::exact(r) * Est::exact(r)
}

/// Where a point of the ray is along the axis, from `s = (P − a)·e`: beyond the cap at
/// `a` (`s < 0`), strictly between the caps, or beyond the cap at `b` (`s > e·e`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Below,
    Between,
    Above,
}

/// The certified [`Side`] of `s`, or `None` (on a cap's plane, or not shown).
#[inline(always)]
fn side(s: Est, ee: Est) -> Option<Side> {
    let t = ee - s;
    if pos(s) && pos(t) {
        Some(Side::Between)
    } else if neg(s) {
        Some(Side::Below)
    } else if neg(t) {
        Some(Side::Above)
    } else {
        None
    }
}

/// The whole ray/capsule test in `f64` with certified decisions and error bounds
/// (`proofs/sweep.md`, section 5.1): `Some(answer)` when every decision is certified and
/// both times are accurate, `None` to send the input to the engine (which also answers
/// a non-finite input, a zero direction, `a = b` and a negative radius: this never
/// decides those).
///
/// The capsule lies in the infinite solid cylinder `q(t) ≤ 0`, so the ray meets it only
/// on `[lo, ρ₁] = [max(0, ρ₀), ρ₁]`; where an end of that window is strictly between the
/// caps it is the capsule's end too, and where it is beyond a cap the capsule's end is
/// that cap's ball's.
#[inline(always)]
fn rc_fast<T: Scalar>(ray: &Ray<T>, cap: &Capsule<T>) -> Option<Option<SweepHit<T>>> {
    let (o, d) = (as_f64_array(&ray.origin)?, as_f64_array(&ray.direction)?);
    let (s0, s1) = (as_f64_array(&cap.a)?, as_f64_array(&cap.b)?);
    let r = cap.radius.as_f64()?;
    if r.is_nan() || r < 0.0 {
        return None; // a negative radius (or NaN): the engine's early return
    }
    let (e, f) = (sub(&s1, &s0), sub(&o, &s0));
    let (ww, ee) = (sq_est(&d), sq_est(&e));
    if !(pos(ww) && pos(ee)) {
        return None; // a zero direction or a = b (or tiny): the engine
    }
    let (we, fe, fw, ff) = (
        dot_est(&d, &e),
        dot_est(&f, &e),
        dot_est(&f, &d),
        sq_est(&f),
    );
    // The infinite cylinder: |d × e|², (f × e)·(d × e), |f × e|² − r²·e·e by Lagrange's
    // identity, with their discriminant.
    let [a, b, c, disc] = cylinder_quad(ee, ww, ff, we, fe, fw, r);
    if !pos(a) {
        return None; // (nearly) parallel to the axis: the engine
    }
    if neg(disc) {
        return Some(None); // the line misses the infinite cylinder, so the capsule
    }
    if !pos(disc) {
        return None;
    }
    let [r0, r1] = roots_est(a, b, c, disc);
    if neg(r1) {
        return Some(None); // the infinite cylinder is behind the origin
    }
    if !pos(r1) {
        return None;
    }
    let lo = est_max(Est::exact(0.0), r0);
    // s(t) = fe + t·we at both ends of [lo, ρ₁].
    let first_side = side(fe + lo * we, ee)?;
    let last_side = side(fe + r1 * we, ee)?;
    let ball0 = || ball_times(ww, fw, ff - r_sq(r));
    let ball1 = || end_ball(&o, &d, &s1, r);
    let (first, last) = match (first_side, last_side) {
        (Side::Between, Side::Between) => (lo, r1),
        // All of [lo, ρ₁] beyond one cap: the capsule is that ball there.
        (Side::Below, Side::Below) => match ball0()? {
            Some(x) => x,
            None => return Some(None),
        },
        (Side::Above, Side::Above) => match ball1()? {
            Some(x) => x,
            None => return Some(None),
        },
        // Otherwise the ray meets the capsule (a point of [lo, ρ₁] between or on the
        // caps), and a ball it needs is not empty: `?` on its emptiness only guards.
        (x, y) => {
            let first = match x {
                Side::Between => lo,
                Side::Below => ball0()??.0,
                Side::Above => ball1()??.0,
            };
            let last = match y {
                Side::Between => r1,
                Side::Below => ball0()??.1,
                Side::Above => ball1()??.1,
            };
            (first, last)
        }
    };
    if !(first.ok() && last.ok() && 0.0 <= first.v && first.v <= last.v) {
        return None; // rounding at an end: the engine clamps and orders
    }
    let (fv, cf) = T::from_f64_rounded(first.v)?;
    let (lv, cl) = T::from_f64_rounded(last.v)?;
    // The conversion's error (the rounding to f32; none for f64), as in `value`.
    let ef = (first.e + cf * INFLATE) * INFLATE;
    let el = (last.e + cl * INFLATE) * INFLATE;
    let good = |v: f64, e: f64| e <= ESTIMATE_LIMIT * v.max(1.0);
    if !(good(first.v, ef) && good(last.v, el)) {
        return None;
    }
    Some(Some(SweepHit {
        first: fv,
        last: lv,
        first_error: ef,
        last_error: el,
    }))
}

/// [`ray_capsule`], refusing bad input.
///
/// # Errors
///
/// For the ray (argument 0) [`InputError::NonFinite`] (`what` is `"origin"` or
/// `"direction"`) and [`InputError::ZeroDirection`]; for the capsule (argument 1) those
/// of its [`Validate`] implementation: [`InputError::NonFinite`] and
/// [`InputError::NegativeRadius`].
///
/// # Examples
///
/// ```
/// use isect::sweep::{try_ray_capsule, Capsule};
/// use isect::{InputError, Ray};
/// let cap = Capsule::new([0.0; 3], [1.0, 0.0, 0.0], 0.5);
/// assert_eq!(
///     try_ray_capsule(&Ray::new([0.0; 3], [0.0; 3]), &cap),
///     Err(InputError::ZeroDirection { argument: 0 })
/// );
/// ```
pub fn try_ray_capsule<T: Scalar>(
    ray: &Ray<T>,
    capsule: &Capsule<T>,
) -> Result<Option<SweepHit<T>>, InputError> {
    ray.validate(0)?;
    capsule.validate(1)?;
    Ok(ray_capsule(ray, capsule))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Rng;
    use crate::predicates::float_tests::q;
    use crate::sweep::TIME_ACCURACY;
    use num_rational::BigRational as Q;
    use num_traits::Signed;

    /// Pythagorean triples `(a, b, c)`: `(0, −a, b)` is at distance `c` from the x axis.
    const TRIPLES: [[f64; 3]; 3] = [[3.0, 4.0, 5.0], [5.0, 12.0, 13.0], [8.0, 15.0, 17.0]];

    /// A contact aimed at a decision boundary of `rc_fast` for the capsule `[0, 0, 0]`–
    /// `[len, 0, 0]` of radius `c`: `(point, direction, c)`, the ray to pass through the
    /// point.
    fn boundary_case(rng: &mut Rng, len: f64) -> ([f64; 3], [f64; 3], f64) {
        let [a, b, c] = TRIPLES[rng.below(3)];
        let end = if rng.next_bool() { 0.0 } else { len };
        let small = |rng: &mut Rng| rng.range(-5, 5) as f64;
        let dir = |rng: &mut Rng| loop {
            let d = [small(rng), small(rng), small(rng)];
            if d != [0.0; 3] {
                return d;
            }
        };
        match rng.below(9) {
            // Tangent to the side, with or without an axial component.
            0 => (
                [rng.range(1, len as i64 - 1) as f64, -a, b],
                [small(rng), b, a],
                c,
            ),
            // Through the rim circle (where the cylinder meets a ball), any direction.
            1 => ([end, -a, b], dir(rng), c),
            // Tangent to the rim circle.
            2 => ([end, -a, b], [small(rng), b, a], c),
            // Along the axis, or parallel to it at distance exactly r.
            3 => ([rng.range(-40, 70) as f64, 0.0, 0.0], [1.0, 0.0, 0.0], c),
            4 => (
                [rng.range(-40, 70) as f64, -a, b],
                [small(rng), 0.0, 0.0],
                c,
            ),
            // Tangent to an end ball beyond its cap.
            5 => {
                let x = if end == 0.0 { -a } else { len + a };
                (
                    [x, b, 0.0],
                    [if end == 0.0 { b } else { -b }, a, small(rng)],
                    c,
                )
            }
            // Starting inside or on the surface.
            6 => (
                [rng.range(0, len as i64) as f64, small(rng) / 2.0, 0.0],
                dir(rng),
                c,
            ),
            7 => ([rng.range(0, len as i64) as f64, -a, b], dir(rng), c),
            // Anything near.
            _ => (
                [
                    rng.range(-40, 70) as f64,
                    small(rng) * 4.0,
                    small(rng) * 4.0,
                ],
                dir(rng),
                c,
            ),
        }
    }

    /// `x` moved by `m` units in its last place, up or down (`m = 1`: the neighbour).
    fn ulp(x: f64, up: bool, m: f64) -> f64 {
        let step = if up {
            x.next_up() - x
        } else {
            x.next_down() - x
        };
        x + m * step
    }

    /// The exact answer: the engine in rationals (touch or not exact, ratios exact, roots
    /// within their 2^-60 bounds).
    fn exact(
        o: &[f64; 3],
        d: &[f64; 3],
        a: &[f64; 3],
        b: &[f64; 3],
        r: f64,
    ) -> Option<SweepHit<Q>> {
        let v = |p: &[f64; 3]| p.map(q);
        ray_capsule_general(&Ray::new(v(o), v(d)), &Capsule::new(v(a), v(b), q(r)))
    }

    /// A decided answer of the fast path against the exact one: the same touch answer,
    /// both exact times within the reported bounds, the bounds within the accuracy.
    fn judge(fast: &Option<SweepHit<f64>>, exact: &Option<SweepHit<Q>>, what: &str) {
        assert_eq!(fast.is_some(), exact.is_some(), "{what}: touch");
        if let (Some(h), Some(x)) = (fast, exact) {
            for (t, e, xt, xe) in [
                (h.first, h.first_error, &x.first, x.first_error),
                (h.last, h.last_error, &x.last, x.last_error),
            ] {
                assert!(e <= TIME_ACCURACY * t.abs().max(1.0), "{what}: {h:?}");
                assert!((q(t) - xt).abs() <= q(e) + q(xe), "{what}: {h:?} vs {x:?}");
            }
        }
    }

    /// `rc_fast` against the exact engine on rays aimed at its decision boundaries:
    /// tangent to the side and to the end balls, through and tangent to the rim circles,
    /// along the axis and parallel to it at distance exactly `r`, starting inside or on
    /// the surface; under axis permutations, reversed capsules, translations, scalings
    /// by `2^±500` and of the direction alone, and one-ulp nudges of any coordinate or
    /// of the radius; in `f64`, and in `f32` where the input is exactly an `f32`.
    #[test]
    fn fast_path_agrees_with_the_exact_engine_at_its_boundaries() {
        let mut rng = Rng::new(0x5EC7);
        let (mut decided, mut touched, mut f32_decided) = (0, 0, 0);
        let n = 4000;
        for i in 0..n {
            let len = 32.0;
            let (p, dir, r) = boundary_case(&mut rng, len);
            // The ray passes through p at t* (exact: small integers, quarter steps).
            let tstar = rng.range(0, 40) as f64 / 4.0;
            let o = [0, 1, 2].map(|k| p[k] - tstar * dir[k]);
            let (mut s0, mut s1) = ([0.0; 3], [len, 0.0, 0.0]);
            if rng.next_bool() {
                core::mem::swap(&mut s0, &mut s1);
            }
            // Signed axis permutation, translation, scaling (all exact).
            let perm = [
                [0, 1, 2],
                [1, 2, 0],
                [2, 0, 1],
                [0, 2, 1],
                [2, 1, 0],
                [1, 0, 2],
            ][rng.below(6)];
            let signs = [0; 3].map(|_| if rng.next_bool() { 1.0 } else { -1.0 });
            let shift = [0; 3].map(|_| rng.range(-1000, 1000) as f64);
            let k = [0, 0, 0, -500, 500, rng.range(-60, 60) as i32][rng.below(6)];
            let kd = if rng.below(3) == 0 {
                rng.range(-30, 30) as i32
            } else {
                0
            };
            // Half of the time every length (and the direction) times a wide mantissa
            // `K·2⁻²⁰` (K odd, 20 bits): the inputs stay exact, the dot products round.
            let mut wide = || {
                if rng.next_bool() {
                    (rng.range(1 << 18, (1 << 19) - 1) * 2 + 1) as f64 / (1u64 << 20) as f64
                } else {
                    1.0
                }
            };
            let (kl, kv) = (wide(), wide());
            let s = |x: f64, k: i32| crate::scalar::ldexp(x, k);
            let place =
                |x: &[f64; 3]| [0, 1, 2].map(|j| s((signs[j] * x[perm[j]] + shift[j]) * kl, k));
            let mut o = place(&o);
            let mut d = [0, 1, 2].map(|j| s(signs[j] * dir[perm[j]] * kl * kv, k + kd));
            let (mut a, mut b) = (place(&s0), place(&s1));
            let mut r = s(r * kl, k);
            // A nudge of one number, half of the time: by one ulp, or by 2^j ulps
            // (j ≤ 24), which lands between the rounding errors and the bounds.
            if rng.next_bool() {
                let up = rng.next_bool();
                let m = if rng.next_bool() {
                    1.0
                } else {
                    s(1.0, rng.range(1, 24) as i32)
                };
                let j = rng.below(3);
                match rng.below(5) {
                    0 => o[j] = ulp(o[j], up, m),
                    1 => d[j] = ulp(d[j], up, m),
                    2 => a[j] = ulp(a[j], up, m),
                    3 => b[j] = ulp(b[j], up, m),
                    _ => r = ulp(r, up, m),
                }
            }
            let what = format!("case {i}: {o:?} {d:?} {a:?} {b:?} {r}");
            let x = exact(&o, &d, &a, &b, r);
            touched += usize::from(x.is_some());
            let ray = Ray::new(o, d);
            let cap = Capsule::new(a, b, r);
            if let Some(fast) = rc_fast(&ray, &cap) {
                decided += 1;
                judge(&fast, &x, &what);
            }
            assert_eq!(ray_capsule(&ray, &cap).is_some(), x.is_some(), "{what}");
            // f32, where every input is an f32.
            let f = |p: &[f64; 3]| p.map(|v| v as f32);
            let same = |p: &[f64; 3]| f(p).map(f64::from) == *p;
            if same(&o) && same(&d) && same(&a) && same(&b) && f64::from(r as f32) == r {
                let ray = Ray::new(f(&o), f(&d));
                let cap = Capsule::new(f(&a), f(&b), r as f32);
                if let Some(fast) = rc_fast(&ray, &cap) {
                    f32_decided += 1;
                    let fast = fast.map(|h| SweepHit {
                        first: f64::from(h.first),
                        last: f64::from(h.last),
                        first_error: h.first_error,
                        last_error: h.last_error,
                    });
                    judge(&fast, &x, &format!("{what}: f32"));
                }
            }
        }
        // Most boundary cases are left to the engine; enough are decided to matter.
        assert!(
            decided > n / 5 && f32_decided > n / 25,
            "{decided} {f32_decided}"
        );
        assert!(touched > n / 4 && touched < n - n / 10, "{touched}");
    }
}
