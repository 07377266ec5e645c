//! Capsules and the ray/capsule test (Ericson §5.3.7; RTR §22.17 on swept spheres).

use super::pieces::{Ball, Cylinder, Motion, Radius};
use super::{Collect, SweepHit, finite, radius_ok};
use crate::error::{check_number, check_point};
use crate::geometry::Ray;
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
