//! The exact ray/polygon test ([`ray_polygon`], RTR §22.9): the ray meets the polygon's
//! plane, then a crossings test decides whether the hit point is inside.

use super::all_finite;
use crate::predicates::{Polynomial, Ring, collinear3, polynomial_sign};
use crate::vec3::{cross, dot, sub};
use crate::{InputError, Polygon, Ray, Scalar, Sign, Validate};

/// Which points a self-intersecting (or multiply wound) polygon covers.
///
/// # Examples
///
/// ```
/// use isect::ray::FillRule;
/// assert!(FillRule::EvenOdd.covers(1) && !FillRule::EvenOdd.covers(2));
/// assert!(FillRule::NonZero.covers(2) && FillRule::NonZero.covers(-1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FillRule {
    /// Inside when the winding number is odd (the crossings parity test).
    EvenOdd,
    /// Inside when the winding number is not zero.
    NonZero,
}

impl FillRule {
    /// Whether a point with this winding number is inside under the rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::ray::FillRule;
    /// assert!(!FillRule::NonZero.covers(0));
    /// assert!(FillRule::EvenOdd.covers(-3));
    /// ```
    pub fn covers(self, winding: i64) -> bool {
        match self {
            FillRule::EvenOdd => winding % 2 != 0,
            FillRule::NonZero => winding != 0,
        }
    }
}

/// A ray/polygon hit: the parameter of the hit point and where it lies.
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_polygon, FillRule};
/// use isect::{Polygon, Ray};
/// let square = Polygon::new(vec![[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [2.0, 2.0, 0.0], [0.0, 2.0, 0.0]]);
/// let hit = ray_polygon(&Ray::new([1.0, 1.0, 3.0], [0.0, 0.0, -1.0]), &square, FillRule::EvenOdd).unwrap();
/// assert_eq!((hit.t, hit.winding), (3.0, Some(1)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolygonHit<T> {
    /// The ray parameter of the hit point `o + t·d` (see [`ray_polygon`] for exactness).
    pub t: T,
    /// The winding number of the hit point about the normal `(b − a) × (c − a)` of the
    /// first three non-collinear vertices `a, b, c` (counterclockwise seen from the side
    /// the normal points to counts `+1`); `None` when the point is on an edge or vertex.
    pub winding: Option<i64>,
}

/// The polygon's frame: plane through `a, b, c`, projection axes `x`, `y`.
struct Frame<'a, T> {
    o: &'a [T; 3],
    d: &'a [T; 3],
    a: &'a [T; 3],
    b: &'a [T; 3],
    c: &'a [T; 3],
    vertices: &'a [[T; 3]],
    x: usize,
    y: usize,
}

#[derive(Clone, Copy)]
enum PolyQ {
    /// `n_i² − n_j²`
    NormalCmp(usize, usize),
    /// `n_i`
    Normal(usize),
    /// `D = n·d`
    Denominator,
    /// `N = n·(a − o)`
    Numerator,
    /// `D·(p_y − v_y)` for vertex `v`
    BelowP(usize),
    /// `D·((vⱼ − vᵢ) × (p − vᵢ))` in the projection
    Side(usize, usize),
    /// `D²·(p − vᵢ)·(p − vⱼ)` in the projection
    Between(usize, usize),
}

struct PolyPoly<'a, 'b, T>(&'b Frame<'a, T>, PolyQ);

impl<T> Frame<'_, T> {
    fn normal<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        let [a, b, c] = [self.a, self.b, self.c].map(|p| p.each_ref().map(lift));
        cross(&sub(&b, &a), &sub(&c, &a))
    }

    /// `(D, N)`.
    fn ratio<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> (R, R) {
        let n = self.normal(lift);
        let [a, o, d] = [self.a, self.o, self.d].map(|p| p.each_ref().map(lift));
        (dot(&n, &d), dot(&n, &sub(&a, &o)))
    }

    /// `D·(p_k − v_k) = (o_k − v_k)·D + N·d_k`.
    fn offset<R: Ring>(&self, v: usize, k: usize, dn: &(R, R), lift: &impl Fn(&T) -> R) -> R {
        let v = &self.vertices[v];
        (lift(&self.o[k]) - lift(&v[k])) * dn.0.clone() + dn.1.clone() * lift(&self.d[k])
    }
}

impl<T> Polynomial<T> for PolyPoly<'_, '_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let f = self.0;
        match self.1 {
            PolyQ::NormalCmp(i, j) => {
                let n = f.normal(lift);
                n[i].clone() * n[i].clone() - n[j].clone() * n[j].clone()
            }
            PolyQ::Normal(i) => {
                let [n0, n1, n2] = f.normal(lift);
                match i {
                    0 => n0,
                    1 => n1,
                    _ => n2,
                }
            }
            PolyQ::Denominator => f.ratio(lift).0,
            PolyQ::Numerator => f.ratio(lift).1,
            PolyQ::BelowP(v) => {
                let dn = f.ratio(lift);
                f.offset(v, f.y, &dn, lift)
            }
            PolyQ::Side(i, j) => {
                let dn = f.ratio(lift);
                let (vi, vj) = (&f.vertices[i], &f.vertices[j]);
                let ex = lift(&vj[f.x]) - lift(&vi[f.x]);
                let ey = lift(&vj[f.y]) - lift(&vi[f.y]);
                ex * f.offset(i, f.y, &dn, lift) - ey * f.offset(i, f.x, &dn, lift)
            }
            PolyQ::Between(i, j) => {
                let dn = f.ratio(lift);
                let q = |v: usize, k: usize| f.offset(v, k, &dn, lift);
                q(i, f.x) * q(j, f.x) + q(i, f.y) * q(j, f.y)
            }
        }
    }
}

/// The first three non-collinear vertices `a, b, c` (exact), if any.
fn plane_vertices<T: Scalar>(v: &[[T; 3]]) -> Option<(&[T; 3], &[T; 3], &[T; 3])> {
    let a = v.first()?;
    let (ib, b) = v.iter().enumerate().find(|(_, p)| *p != a)?;
    let c = v[ib + 1..].iter().find(|p| !collinear3(a, b, p))?;
    Some((a, b, c))
}

/// Exact ray/polygon test (RTR §22.9): where the ray `o + t·d`, `t ≥ 0`, meets the closed
/// polygon filled by `rule`, or `None`.
///
/// The polygon is read in the plane through its **first three non-collinear vertices**
/// `a, b, c` (in vertex order). The ray meets that plane at `t = N/D` with `D = n·d`,
/// `N = n·(a − o)`, `n = (b − a) × (c − a)`; the hit point `p` is then tested against the
/// polygon projected along the axis where `|n|` is largest (Haines's crossings test with
/// the half-open rule, counting signed crossings for the winding number). **Every
/// decision is exact** for every finite input of every scalar type (see below): which
/// vertices are collinear, the sign of `D` and `N`, the dominant axis, every crossing.
/// The polygon is closed: a hit point on an edge or vertex is a hit
/// ([`PolygonHit::winding`] is then `None`). Concave and self-intersecting polygons are
/// handled; `rule` says which winding numbers are inside.
///
/// **The returned `t`** is `N/D` computed in `T`: exact for rationals; for floats rounded,
/// with, to first order in `u` (2⁻⁵³ for `f64`, 2⁻²⁴ for `f32`),
/// `|t̃ − t| ≤ 16u·(N⁺ + |t|·D⁺)/|D|`, where `N⁺`, `D⁺` are `N`, `D` evaluated with
/// every product replaced by its absolute value (barring overflow and underflow).
///
/// Degenerate and non-planar input, never a panic:
/// * fewer than 3 vertices, or all vertices collinear (no plane): `None`;
/// * a ray parallel to the plane (`D = 0`), even one lying in it: `None`;
/// * a NaN or infinite coordinate: `None` ([`try_ray_polygon`] reports it);
/// * a zero direction gives `D = 0`: `None`;
/// * **non-planar** vertices: the hit point is on the plane of `a, b, c`, and it is tested
///   against the projection of *all* vertices along the dominant axis of that plane's
///   normal (exactly; the out-of-plane offsets of the other vertices are ignored).
///
/// # The test
///
/// Every decision is the exact sign of a polynomial in the inputs. The hit point is
/// `p = o + (N/D)·d`, so "vertex `v` is below `p`" is the sign of
/// `D·(p_y − v_y) = (o_y − v_y)·D + N·d_y` times the sign of `D`, and "the edge `vᵢvⱼ`
/// passes right of `p`" is the sign of `D·((vⱼ − vᵢ) × (p − vᵢ))`, a polynomial of
/// degree 5; whether `p` lies on an edge adds the degree-8 sign of
/// `D²·(p − vᵢ)·(p − vⱼ)`. Concave and self-intersecting polygons are handled by the
/// winding number (Sunday's signed crossings; Haines's half-open rule for vertices on
/// the test ray).
///
/// # Examples
///
/// ```
/// use isect::ray::{ray_polygon, FillRule};
/// use isect::{Polygon, Ray};
/// // A pentagram (self-intersecting): its centre has winding number 2.
/// let star = Polygon::new(vec![
///     [0.0, 10.0, 0.0], [6.0, -8.0, 0.0], [-9.0, 3.0, 0.0], [9.0, 3.0, 0.0], [-6.0, -8.0, 0.0],
/// ]);
/// let down = Ray::new([0.0, 0.0, 5.0], [0.0, 0.0, -1.0]);
/// assert!(ray_polygon(&down, &star, FillRule::EvenOdd).is_none());
/// let hit = ray_polygon(&down, &star, FillRule::NonZero).unwrap();
/// assert_eq!(hit.t, 5.0);
/// assert_eq!(hit.winding.map(i64::abs), Some(2));
/// // Exactly through a vertex: on the boundary, a hit under either rule.
/// let at_tip = Ray::new([0.0, 10.0, 5.0], [0.0, 0.0, -1.0]);
/// assert_eq!(ray_polygon(&at_tip, &star, FillRule::EvenOdd).unwrap().winding, None);
/// ```
pub fn ray_polygon<T: Scalar>(
    ray: &Ray<T>,
    polygon: &Polygon<T>,
    rule: FillRule,
) -> Option<PolygonHit<T>> {
    let vertices = &polygon.vertices[..];
    if vertices.len() < 3 || !all_finite(vertices.iter().chain([&ray.origin, &ray.direction])) {
        return None;
    }
    let (a, b, c) = plane_vertices(vertices)?;
    let mut frame = Frame {
        o: &ray.origin,
        d: &ray.direction,
        a,
        b,
        c,
        vertices,
        x: 0,
        y: 1,
    };
    let sign = |f: &Frame<'_, T>, q: PolyQ| polynomial_sign::<T, _>(&PolyPoly(f, q));
    let s_den = sign(&frame, PolyQ::Denominator);
    if s_den == Sign::Zero || sign(&frame, PolyQ::Numerator) * s_den == Sign::Negative {
        return None;
    }
    // Dominant axis of n (ties: the first).
    let mut k = 0;
    for i in 1..3 {
        if sign(&frame, PolyQ::NormalCmp(i, k)) == Sign::Positive {
            k = i;
        }
    }
    (frame.x, frame.y) = ((k + 1) % 3, (k + 2) % 3);
    // below[i]: sign of p_y − y_i.
    let below: alloc::vec::Vec<Sign> = (0..vertices.len())
        .map(|i| sign(&frame, PolyQ::BelowP(i)) * s_den)
        .collect();
    let mut winding: i64 = 0;
    for i in 0..vertices.len() {
        let j = (i + 1) % vertices.len();
        if below[i] * below[j] == Sign::Positive {
            continue; // both vertices strictly above or strictly below p
        }
        // Positive: p is left of the directed edge i → j (in the projection).
        let side = sign(&frame, PolyQ::Side(i, j)) * s_den;
        if side == Sign::Zero {
            if sign(&frame, PolyQ::Between(i, j)) != Sign::Positive {
                return Some(PolygonHit {
                    t: plane_t(&frame),
                    winding: None,
                });
            }
            continue;
        }
        // Half-open rule: an edge crosses the line y = p_y if exactly one end is above.
        let up = below[i] != Sign::Negative && below[j] == Sign::Negative;
        let down = below[i] == Sign::Negative && below[j] != Sign::Negative;
        if up && side == Sign::Positive {
            winding += 1;
        } else if down && side == Sign::Negative {
            winding -= 1;
        }
    }
    // The projection (x, y) = (k+1, k+2) is counterclockwise seen from +e_k.
    if sign(&frame, PolyQ::Normal(k)) == Sign::Negative {
        winding = -winding;
    }
    rule.covers(winding).then(|| PolygonHit {
        t: plane_t(&frame),
        winding: Some(winding),
    })
}

/// `t = N/D`, computed in `T`.
fn plane_t<T: Scalar>(frame: &Frame<'_, T>) -> T {
    let (den, num) = frame.ratio(&|x: &T| x.clone());
    num / den
}

/// [`ray_polygon`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// [`InputError::NonFinite`] for a NaN or infinite coordinate of the ray (argument 0,
/// `"origin"` or `"direction"`) or of a vertex (argument 1, `"vertex"` with its index),
/// [`InputError::ZeroDirection`] for a zero direction, [`InputError::TooFewVertices`]
/// for fewer than 3 vertices. All vertices collinear and a ray parallel to the plane are
/// answered (`None`), not errors.
///
/// # Examples
///
/// ```
/// use isect::ray::{try_ray_polygon, FillRule};
/// use isect::{InputError, Polygon, Ray};
/// let two = Polygon::new(vec![[0.0; 3], [1.0, 0.0, 0.0]]);
/// let ray = Ray::new([0.0, 0.0, 1.0], [0.0, 0.0, -1.0]);
/// assert_eq!(
///     try_ray_polygon(&ray, &two, FillRule::NonZero),
///     Err(InputError::TooFewVertices { argument: 1, count: 2 })
/// );
/// ```
pub fn try_ray_polygon<T: Scalar>(
    ray: &Ray<T>,
    polygon: &Polygon<T>,
    rule: FillRule,
) -> Result<Option<PolygonHit<T>>, InputError> {
    ray.validate(0)?;
    polygon.validate(1)?;
    Ok(ray_polygon(ray, polygon, rule))
}
