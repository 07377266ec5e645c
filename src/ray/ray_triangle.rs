//! The exact ray/triangle test with exactly-once tie-breaking ([`ray_triangle`]), its
//! result type [`RayHit`], and the exact pieces the other triangle tests share (side
//! products, the perturbation, the exact construction).

use core::cell::Cell;

use num_rational::BigRational;

use super::triangle_filter::{Known, PreparedRay, edge_cross_filtered, filtered_hit};
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::as_f64_array;
use crate::vec3::{det3, sub};
use crate::{FloatFormat, InputError, Ray, Scalar, Sign, Triangle, Validate};

/// Where a ray meets a triangle.
///
/// `t` is the ray parameter of the meeting point `origin + t·direction`;
/// `barycentric = [wa, wb, wc]` are its weights on `a, b, c` (they sum to one);
/// `front` is `true` when the ray arrives from the front side, the side from which
/// `a, b, c` appear counterclockwise (`direction · ((b − a) × (c − a)) < 0`).
/// For floats the reported weights are never negative (the exact ones of a hit are not).
///
/// Whether there is a hit, and `front`, are exact. For rationals `t` and the weights are
/// exact and `t_error` is zero. For floats `t` and the weights are rounded, and
/// `|t − t_exact| ≤ t_error` is guaranteed (an a-posteriori bound computed with the hit;
/// `proofs/ray_triangle.md`, section 3; zero only for a `t` known to be exact); when the exact `t` lies beyond the largest finite value, `t`
/// and `t_error` are `+∞`. The weights are within a few units in the last
/// place of the exact ones when the hit is well conditioned.
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_triangle, RayHit};
/// use isect::{Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let hit: RayHit<f64> = ray_triangle(&Ray::new([0.25, 0.25, 1.0], [0.0, 0.0, -2.0]), &tri).unwrap();
/// assert_eq!(hit.t, 0.5);
/// assert_eq!(hit.barycentric, [0.5, 0.25, 0.25]);
/// assert!(hit.front);
/// assert!(hit.t_error < 1e-14); // a guaranteed bound, here loose: t is exact
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RayHit<T> {
    /// The ray parameter of the hit point.
    pub t: T,
    /// Weights of the hit point on the vertices `a, b, c`.
    pub barycentric: [T; 3],
    /// `true` when the ray comes from the front (counterclockwise) side.
    pub front: bool,
    /// A bound on `|t − exact t|` (zero for rationals).
    pub t_error: f64,
}

impl<T: Scalar> RayHit<T> {
    /// `h`, a hit computed in `f64` from the exact `f64` view of `T` inputs, with its
    /// values in `T` ([`Scalar::from_f64_rounded`]): unchanged for `f64`; for `f32` each
    /// value rounded to nearest and `t_error` grown by the rounding of `t`; for exact types
    /// the exact value of each `f64`.
    #[inline(always)]
    pub(crate) fn round_from(h: RayHit<f64>) -> RayHit<T> {
        // Every value of a hit is finite, so the conversions succeed (zero is never used).
        let round = |x: f64| T::from_f64_rounded(x).unwrap_or_else(|| (T::zero(), 0.0));
        let (t, err) = round(h.t);
        let [wa, wb, wc] = h.barycentric;
        let t_error = match T::FLOAT {
            Some(FloatFormat::F64) => h.t_error,
            // Rounding to f32 adds at most half an f32 ulp of t; the factor covers the
            // rounding of the sum.
            Some(FloatFormat::F32) => (h.t_error + err) * (1.0 + 1e-15),
            None => h.t_error + err,
        };
        RayHit {
            t,
            barycentric: [round(wa).0, round(wb).0, round(wc).0],
            front: h.front,
            t_error,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Polynomials (exact signs for the cold paths and the rational path).
// ---------------------------------------------------------------------------------------

/// `S(p, q) = det[p − o, q − o, d]`.
pub(crate) struct Side<'a, T> {
    pub(crate) o: &'a [T; 3],
    pub(crate) d: &'a [T; 3],
    pub(crate) p: &'a [T; 3],
    pub(crate) q: &'a [T; 3],
}

impl<T> Polynomial<T> for Side<'_, T> {
    fn eval<R: Ring>(&self, l: &impl Fn(&T) -> R) -> R {
        let p: [R; 3] = core::array::from_fn(|k| l(&self.p[k]) - l(&self.o[k]));
        let q: [R; 3] = core::array::from_fn(|k| l(&self.q[k]) - l(&self.o[k]));
        let d: [R; 3] = core::array::from_fn(|k| l(&self.d[k]));
        det3(&p, &q, &d)
    }
}

/// The exact sign of `S(p, q)`, for every scalar type: for floats the filter of
/// [`polynomial_sign`], then the expansion stages of `ray_side` (orient3d's, on the same
/// window), and only for input beyond the window the dyadic evaluation; for rationals
/// the polynomial directly. Non-finite input: `Zero`, as `polynomial_sign` answers.
pub(crate) fn side_sign<T: Scalar>(o: &[T; 3], d: &[T; 3], p: &[T; 3], q: &[T; 3]) -> Sign {
    let f64s = (
        as_f64_array(o),
        as_f64_array(d),
        as_f64_array(p),
        as_f64_array(q),
    );
    let (Some(o), Some(d), Some(p), Some(q)) = f64s else {
        return polynomial_sign(&Side { o, d, p, q });
    };
    let side = Side {
        o: &o,
        d: &d,
        p: &p,
        q: &q,
    };
    if let Some(s) = crate::predicates::filtered_sign(&side) {
        return s;
    }
    if !super::all_finite([&o, &d, &p, &q]) {
        return Sign::Zero;
    }
    side_sign_unfiltered(&o, &d, &p, &q)
}

/// [`side_sign`] for finite `f64` input whose float filter has already failed (no filter
/// of its own, beyond `ray_side`'s stage B).
pub(crate) fn side_sign_unfiltered(o: &[f64; 3], d: &[f64; 3], p: &[f64; 3], q: &[f64; 3]) -> Sign {
    crate::predicates::ray_side(o, d, p, q).unwrap_or_else(|| polynomial_sign(&Side { o, d, p, q }))
}

/// Component `i` of `(q − p) × d`: the coefficient of the perturbation along axis `i`.
struct EdgeCross<'a, T> {
    d: &'a [T; 3],
    p: &'a [T; 3],
    q: &'a [T; 3],
    i: usize,
}

impl<T> Polynomial<T> for EdgeCross<'_, T> {
    fn eval<R: Ring>(&self, l: &impl Fn(&T) -> R) -> R {
        let (j, k) = ((self.i + 1) % 3, (self.i + 2) % 3);
        let wj = l(&self.q[j]) - l(&self.p[j]);
        let wk = l(&self.q[k]) - l(&self.p[k]);
        wj * l(&self.d[k]) - wk * l(&self.d[j])
    }
}

/// The perturbation axes of a ray: `(x', y')`, the two axes after the dominant axis of
/// `d` in cyclic order. Any axis with `d ≠ 0` there would do; the dominant one is used.
pub(super) fn perturbation_axes<T: Scalar>(d: &[T; 3]) -> (usize, usize) {
    let abs = |x: &T| {
        if *x < T::zero() {
            T::zero() - x.clone()
        } else {
            x.clone()
        }
    };
    let (m0, m1, m2) = (abs(&d[0]), abs(&d[1]), abs(&d[2]));
    let kz = if m0 >= m1 && m0 >= m2 {
        0
    } else if m1 >= m2 {
        1
    } else {
        2
    };
    ((kz + 1) % 3, (kz + 2) % 3)
}

/// The sign of `S(p, q)` at the perturbed origin, given its unperturbed sign `s`.
/// `S_ε = S − ε·((q−p)×d)_x' − ε²·((q−p)×d)_y'`; `Zero` only when `q − p` is parallel
/// to `d` (or `d = 0`).
#[inline(never)]
pub(super) fn perturbed<T: Scalar>(
    axes: (usize, usize),
    d: &[T; 3],
    p: &[T; 3],
    q: &[T; 3],
) -> Sign {
    let c1 = edge_cross_sign(d, p, q, axes.0);
    if c1 != Sign::Zero {
        return -c1;
    }
    -edge_cross_sign(d, p, q, axes.1)
}

/// The exact sign of `((q − p) × d)_i`: for float scalars first its `f64` filter
/// (`proofs/ray_triangle.md`, section 3.6), then [`polynomial_sign`].
fn edge_cross_sign<T: Scalar>(d: &[T; 3], p: &[T; 3], q: &[T; 3], i: usize) -> Sign {
    if let (Some(d), Some(p), Some(q)) = (as_f64_array(d), as_f64_array(p), as_f64_array(q))
        && let Some(s) = edge_cross_filtered(&d, &p, &q, i)
    {
        return s;
    }
    polynomial_sign(&EdgeCross { d, p, q, i })
}

// ---------------------------------------------------------------------------------------
// The test.
// ---------------------------------------------------------------------------------------

/// Exact ray/triangle test with **exactly-once** tie-breaking.
///
/// Returns the hit when the ray `origin + t·direction, t ≥ 0` crosses the triangle under
/// the perturbation rule below, `None` otherwise. Interior crossings are hits; a ray
/// through an edge or vertex hits exactly one of the triangles of a closed, consistently
/// oriented mesh around it (for a lone triangle, a ray through its boundary may therefore
/// miss: use [`ray_triangle_closed`](fn@super::ray_triangle_closed) to count boundary
/// contacts). A hit exactly at the origin (`t = 0`) counts. A ray parallel to the
/// triangle's plane never hits (the triangle is edge-on; its neighbours take the
/// crossing), nor does a degenerate (collinear) triangle.
///
/// Exact for every finite input of every scalar type. NaN or infinite coordinates, or a
/// zero direction: `None` ([`try_ray_triangle`] reports them).
///
/// # The exact test
///
/// For a ray `o + t·d` and a triangle `a, b, c`, write `S(p, q) = det[p − o, q − o, d]`
/// (the Plücker side product of the ray's line and the directed edge `pq`: positive when
/// the line passes the edge counterclockwise, seen along `d`), `D = d·n` with
/// `n = (b − a) × (c − a)`, and `N = det[a − o, b − o, c − o]` (the value of
/// [`orient3d`](crate::orient3d)`(a, b, c, o)`). Then `S(a,b) + S(b,c) + S(c,a) = D`, the
/// line meets the triangle's plane at `t = N / D`, and the barycentric weights of the
/// meeting point are `(S(b,c), S(c,a), S(a,b)) / D`.
///
/// A hit is reported when the three edge signs are equal and non-zero and `N` is zero or
/// has the same sign (`t ≥ 0`). An edge sign that is exactly zero (the line passes
/// through the edge's line) is replaced by the sign the same determinant takes when the
/// ray's origin is moved to `o + ε·e_x' + ε²·e_y'` for an infinitesimal `ε > 0`, where
/// `x', y'` are the two axes other than the dominant axis of `d`. The perturbation
/// depends only on the ray, and `S(p, q) = −S(q, p)` holds for the perturbed values too,
/// so two triangles sharing an edge always disagree about it, and all triangles around a
/// vertex see one consistent perturbed line: on a closed, consistently oriented mesh
/// every crossing is counted once. The argument is in `proofs/ray_triangle.md`.
///
/// Every sign is exact for every finite input
/// ([`polynomial_sign`]). Floats run a filter in
/// Möller–Trumbore's evaluation order on the exact `f64` view of the inputs (`f32` is
/// promoted exactly), with an error bound on every quantity it compares; rationals are
/// evaluated exactly.
///
/// # Examples
///
/// Two triangles sharing the edge from `(0,0,0)` to `(1,1,0)`; a ray through the middle
/// of that edge hits exactly one of them:
///
/// ```
/// use isect::ray::ray_triangle;
/// use isect::{Ray, Triangle};
/// let (p, q) = ([0.0, 0.0, 0.0], [1.0, 1.0, 0.0]);
/// let left = Triangle::new(p, q, [0.0, 1.0, 0.0]);
/// let right = Triangle::new(q, p, [1.0, 0.0, 0.0]);
/// let ray = Ray::new([0.5, 0.5, 1.0], [0.0, 0.0, -1.0]);
/// let hits = [&left, &right].iter().filter(|t| ray_triangle(&ray, t).is_some()).count();
/// assert_eq!(hits, 1);
/// ```
pub fn ray_triangle<T: Scalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<RayHit<T>> {
    // The float filter on the exact f64 view (the capability tests monomorphise away);
    // the hit is built in T in place (no nested Option on the hot path).
    if T::FLOAT.is_some() {
        let (o, d) = (&ray.origin, &ray.direction);
        let (found, round) = (Cell::new(Known::NOTHING), RayHit::round_from);
        return filtered_hit::<T, _, true>(o, d, &tri.a, &tri.b, &tri.c, &found, round);
    }
    generic(ray, tri)
}

/// [`ray_triangle`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
/// `"origin"` or `"direction"`) or of a vertex (argument 1, `"vertex"` with its index),
/// [`InputError::ZeroDirection`] for a zero direction. A degenerate triangle is valid
/// input (answered `None`).
///
/// # Examples
///
/// ```
/// use isect::ray::try_ray_triangle;
/// use isect::{InputError, Ray, Triangle};
/// let tri = Triangle::new([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
/// let down = Ray::new([0.2, 0.2, 1.0], [0.0, 0.0, -1.0]);
/// assert!(try_ray_triangle(&down, &tri).unwrap().is_some());
/// assert_eq!(
///     try_ray_triangle(&Ray::new([0.2, 0.2, 1.0], [0.0; 3]), &tri),
///     Err(InputError::ZeroDirection { argument: 0 })
/// );
/// ```
pub fn try_ray_triangle<T: Scalar>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
) -> Result<Option<RayHit<T>>, InputError> {
    ray.validate(0)?;
    tri.validate(1)?;
    Ok(ray_triangle(ray, tri))
}

/// Runs `f` on the exact `f64` view of the inputs when `T` has the float capability
/// (`f32` promoted exactly) and hands its hit back in `T` ([`RayHit::round_from`]);
/// `None` for every other scalar type. The capability tests monomorphise away.
#[inline(always)]
pub(super) fn via_f64<T: Scalar>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    f: impl FnOnce(&PreparedRay, &[f64; 3], &[f64; 3], &[f64; 3]) -> Option<RayHit<f64>>,
) -> Option<Option<RayHit<T>>> {
    let (Some(o), Some(d), Some(a), Some(b), Some(c)) = (
        as_f64_array(&ray.origin),
        as_f64_array(&ray.direction),
        as_f64_array(&tri.a),
        as_f64_array(&tri.b),
        as_f64_array(&tri.c),
    ) else {
        return None;
    };
    let hit = f(&PreparedRay::new(&Ray::new(o, d)), &a, &b, &c);
    Some(hit.map(RayHit::round_from))
}

/// The exact algorithm written over any scalar type: signs by `polynomial_sign`,
/// constructions in `T` (exact for rationals).
fn generic<T: Scalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<RayHit<T>> {
    let s = generic_crossing(ray, tri)?;
    let (o, d) = (&ray.origin, &ray.direction);
    let [a, b, c] = tri.vertices();
    Some(construct_generic(o, d, a, b, c, s))
}

/// Whether the ray crosses the triangle by [`ray_triangle`]'s rule, without constructing
/// the hit: `Some(front)`, for every scalar type (the float filter where `T` has one).
pub(crate) fn ray_triangle_crossing<T: Scalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<bool> {
    if T::FLOAT.is_some() {
        let (o, d) = (&ray.origin, &ray.direction);
        let found = Cell::new(Known::NOTHING);
        return filtered_hit::<T, _, false>(o, d, &tri.a, &tri.b, &tri.c, &found, |h| h.front);
    }
    generic_crossing(ray, tri).map(|s| s == Sign::Negative)
}

/// The side sign `s` of a crossing by the exact rule (no float filter), `None` for no
/// crossing.
fn generic_crossing<T: Scalar>(ray: &Ray<T>, tri: &Triangle<T>) -> Option<Sign> {
    // Non-finite input or a zero direction: no hit.
    if ray.validate(0).is_err() || tri.validate(1).is_err() {
        return None;
    }
    let (o, d) = (&ray.origin, &ray.direction);
    let axes = perturbation_axes(d);
    let [a, b, c] = tri.vertices();
    let side = |p: &[T; 3], q: &[T; 3]| {
        let s = side_sign(o, d, p, q);
        if s == Sign::Zero {
            perturbed(axes, d, p, q)
        } else {
            s
        }
    };
    let s = side(a, b);
    if s == Sign::Zero || side(b, c) != s || side(c, a) != s {
        return None;
    }
    let n_sign = crate::orient3d(a, b, c, o);
    if n_sign == -s {
        return None;
    }
    Some(s)
}

/// `t`, the weights and `front` of a crossing with side sign `s`, computed in `T` (exact
/// for rationals).
pub(super) fn construct_generic<T: Scalar>(
    o: &[T; 3],
    d: &[T; 3],
    a: &[T; 3],
    b: &[T; 3],
    c: &[T; 3],
    s: Sign,
) -> RayHit<T> {
    let id = |x: &T| x.clone();
    let sab = Side { o, d, p: a, q: b }.eval(&id);
    let sbc = Side { o, d, p: b, q: c }.eval(&id);
    let sca = Side { o, d, p: c, q: a }.eval(&id);
    let big_d = sab.clone() + sbc.clone() + sca.clone();
    let big_n = det3(&sub(a, o), &sub(b, o), &sub(c, o));
    let t = big_n / big_d.clone();
    RayHit {
        t,
        barycentric: [sbc / big_d.clone(), sca / big_d.clone(), sab / big_d],
        front: s == Sign::Negative,
        t_error: 0.0,
    }
}

/// An upper bound on `|rounded − exact|` (zero when the conversion was exact).
pub(super) fn rounding_error<T: Scalar>(rounded: &T, exact: &BigRational) -> f64 {
    use num_traits::Signed;
    match rounded.to_rational() {
        Some(r) if r == *exact => 0.0,
        Some(r) => {
            let e = crate::scalar::rational_to_f64(&(r - exact).abs());
            // The conversion is within one ulp of the exact error; widen by more.
            e * (1.0 + 1.0 / 1_125_899_906_842_624.0) + f64::from_bits(4)
        }
        None => f64::INFINITY,
    }
}
