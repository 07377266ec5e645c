//! Capsules and the ray/capsule test (Ericson §5.3.7; RTR §22.17 on swept spheres).

use super::interval::{ESTIMATE_LIMIT, Est, INFLATE, roots_est};
use super::pieces::{Ball, Cylinder, Motion, Radius};
use super::sweep_sphere::{SS_AB, SS_TINY};
use super::{Collect, SweepHit, finite, radius_ok};
use crate::error::{check_number, check_point};
use crate::geometry::Ray;
use crate::scalar::as_f64_array;
use crate::{InputError, Scalar, Validate};

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
/// bounds in the [`SweepHit`].
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
    if !finite(&[&ray.origin, &ray.direction, &capsule.a, &capsule.b])
        || !radius_ok(&capsule.radius)
    {
        return None;
    }
    let zero = ray.direction.iter().all(|x| x.is_zero());
    if !zero
        && capsule.a != capsule.b
        && let Some(decided) = rc_fast(ray, capsule)
    {
        return decided;
    }
    ray_capsule_general(ray, capsule, zero)
}

/// [`ray_capsule`] for what `rc_fast` leaves (and every rational input): the engine of
/// `proofs/sweep.md` §1 on the cylinder and the two end balls.
#[cold]
#[inline(never)]
fn ray_capsule_general<T: Scalar>(
    ray: &Ray<T>,
    capsule: &Capsule<T>,
    zero: bool,
) -> Option<SweepHit<T>> {
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
fn dot_est(x: &[f64; 3], y: &[f64; 3]) -> Est {
    let p = [x[0] * y[0], x[1] * y[1], x[2] * y[2]];
    let v = p[0] + p[1] + p[2];
    let m = p[0].abs() + p[1].abs() + p[2].abs();
    Est {
        v,
        e: m * SS_AB + SS_TINY,
    }
}

/// `fl(x − y)` coordinate-wise.
#[inline(always)]
fn diff(x: &[f64; 3], y: &[f64; 3]) -> [f64; 3] {
    [x[0] - y[0], x[1] - y[1], x[2] - y[2]]
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
/// among the candidates whose window reaches it (`proofs/sweep.md` §5.1, the union lemma).
/// An estimate that is not finite makes the bound infinite.
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

/// The smaller of two estimated values (the mirror of [`est_max`]).
#[inline(always)]
fn est_min(x: Est, y: Est) -> Est {
    let v = x.v.min(y.v);
    let reach = |z: Est| if z.v - z.e <= v { z.e } else { 0.0 };
    let e = if x.ok() && y.ok() {
        reach(x).max(reach(y))
    } else {
        f64::INFINITY
    };
    Est { v, e }
}

/// A piece's time set on the ray: `Some(None)` certainly empty, `Some(Some((first,
/// last)))` certainly not, with the estimated end points; `None` not decided.
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
    let [r0, r1] = roots_est(a, b, c);
    if neg(r1) {
        return Some(None); // behind the origin
    }
    if !pos(r1) {
        return None;
    }
    Some(Some((est_max(Est::exact(0.0), r0), r1)))
}

/// The cylinder piece: `A·t² + 2B·t + C ≤ 0` (the infinite cylinder, in Lagrange's form)
/// and `0 ≤ s(t) ≤ e·e`, `s(t) = fe + t·we` (between the caps), on `t ≥ 0`.
#[inline(always)]
fn cylinder_times(a: Est, b: Est, c: Est, fe: Est, we: Est, ee: Est) -> Times {
    if !pos(a) {
        return None; // (nearly) parallel to the axis: the engine
    }
    let disc = b * b - a * c;
    if neg(disc) {
        return Some(None); // the line misses the infinite cylinder
    }
    if !pos(disc) {
        return None;
    }
    let [r0, r1] = roots_est(a, b, c);
    if neg(r1) {
        return Some(None); // the infinite cylinder is behind the origin
    }
    if !pos(r1) {
        return None;
    }
    // [lo, ρ₁] = [max(0, ρ₀), ρ₁], not empty; s is linear, so its values on it span
    // [min(s(lo), s(ρ₁)), max(s(lo), s(ρ₁))], which meets [0, e·e] iff the larger is
    // ≥ 0 and the smaller ≤ e·e.
    let lo = est_max(Est::exact(0.0), r0);
    let (sa, sb) = (fe + lo * we, fe + r1 * we);
    let (ta, tb) = (ee - sa, ee - sb);
    if (neg(sa) && neg(sb)) || (neg(ta) && neg(tb)) {
        return Some(None); // beyond one cap over the whole of [lo, ρ₁]
    }
    if !((pos(sa) || pos(sb)) && (pos(ta) || pos(tb))) {
        return None;
    }
    // Where the piece starts: at lo if s(lo) is strictly between the caps, else where s
    // crosses the cap it starts beyond (s = 0 or s = e·e); the same for its end.
    let cap0 = || (-fe).div(we);
    let cap1 = || (ee - fe).div(we);
    let first = if pos(sa) && pos(ta) {
        lo
    } else if neg(sa) {
        cap0()
    } else if neg(ta) {
        cap1()
    } else {
        return None;
    };
    let last = if pos(sb) && pos(tb) {
        r1
    } else if neg(sb) {
        cap0()
    } else if neg(tb) {
        cap1()
    } else {
        return None;
    };
    Some(Some((first, last)))
}

/// The whole ray/capsule test in `f64` with certified decisions and error bounds
/// (`proofs/sweep.md`, section 5.1), for float input with a non-zero direction and
/// `a ≠ b`: `Some(answer)` when every piece is decided and both times are accurate,
/// `None` to send the input to the engine.
#[inline(always)]
fn rc_fast<T: Scalar>(ray: &Ray<T>, cap: &Capsule<T>) -> Option<Option<SweepHit<T>>> {
    let (o, d) = (as_f64_array(&ray.origin)?, as_f64_array(&ray.direction)?);
    let (s0, s1) = (as_f64_array(&cap.a)?, as_f64_array(&cap.b)?);
    let r = cap.radius.as_f64()?;
    let (e, f, g) = (diff(&s1, &s0), diff(&o, &s0), diff(&o, &s1));
    let ww = dot_est(&d, &d);
    let ee = dot_est(&e, &e);
    if !(pos(ww) && pos(ee)) {
        return None;
    }
    let (we, fe, fw, ff) = (
        dot_est(&d, &e),
        dot_est(&f, &e),
        dot_est(&f, &d),
        dot_est(&f, &f),
    );
    let (gw, gg) = (dot_est(&g, &d), dot_est(&g, &g));
    let r2 = Est::exact(r) * Est::exact(r);
    // |d × e|², (f × e)·(d × e), |f × e|² − r²·e·e by Lagrange's identity.
    let cyl = cylinder_times(
        ee * ww - we * we,
        ee * fw - we * fe,
        ee * (ff - r2) - fe * fe,
        fe,
        we,
        ee,
    )?;
    let ball0 = ball_times(ww, fw, ff - r2)?;
    let ball1 = ball_times(ww, gw, gg - r2)?;
    let join = |x: Option<(Est, Est)>, y: Option<(Est, Est)>| match (x, y) {
        (Some((f0, l0)), Some((f1, l1))) => Some((est_min(f0, f1), est_max(l0, l1))),
        (x, y) => x.or(y),
    };
    let Some((first, last)) = join(join(cyl, ball0), ball1) else {
        return Some(None);
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

