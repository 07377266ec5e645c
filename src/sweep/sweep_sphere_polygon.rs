//! The sweep of a moving sphere against a moving polygon (its fan triangulation): faces,
//! then edges as capsules, then vertices as spheres (Ericson §5.5.6; Eberly, *3D Game
//! Engine Design*; RTR §22.17), and the one place those pieces are built
//! ([`polygon_pieces`], also for triangles and for the contacts of `crate::collide`).

use super::pieces::{Ball, Cylinder, Face, Motion, Radius};
use super::{Collect, SweepHit, bounds, finite, radius_ok, swept_misses, validate_sweep};
use crate::geometry::{Polygon, Sphere};
use crate::predicates::{Polynomial, Ring, collinear3, polynomial_sign};
use crate::scalar::as_f64_array;
use crate::vec3::{cross, dot, sub};
use crate::{InputError, Scalar, Sign};

/// Which part of a polygon (vertices `v₀ … vₙ₋₁`, read as its fan from `v₀`) a piece of
/// its sphere sweep stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The prism over the non-degenerate fan triangle `(v₀, vᵢ, vᵢ₊₁)`.
    Face(usize),
    /// The cylinder around the edge `vᵢ → vᵢ₊₁ (mod n)`.
    Edge(usize),
    /// The cylinder around the fan diagonal `v₀ → vᵢ` (`2 ≤ i ≤ n − 2`).
    Diagonal(usize),
    /// The ball around `vᵢ`.
    Vertex(usize),
}

/// Receives the pieces of a polygon's sphere sweep, each with its [`Part`].
pub(crate) trait Sink<'a, T> {
    fn face(&mut self, part: Part, p: Face<'a, T>);
    fn cylinder(&mut self, part: Part, p: Cylinder<'a, T>);
    fn ball(&mut self, part: Part, p: Ball<'a, T>);
}

impl<'a, T: Scalar> Sink<'a, T> for Collect<T> {
    fn face(&mut self, _: Part, p: Face<'a, T>) {
        self.add(&p);
    }
    fn cylinder(&mut self, _: Part, p: Cylinder<'a, T>) {
        self.add(&p);
    }
    fn ball(&mut self, _: Part, p: Ball<'a, T>) {
        self.add(&p);
    }
}

/// The convex pieces of the sweep of a ball (radius `r`, motion `m`) against the fan
/// surface of the polygon `v` (a triangle for `n = 3`): the prism of every
/// non-degenerate fan triangle (decided exactly), every edge and fan diagonal with
/// distinct ends as a cylinder, every vertex as a ball. Two vertices: the segment's
/// cylinder (edge 0) and balls; one: its ball.
pub(crate) fn polygon_pieces<'a, T: Scalar>(
    m: Motion<'a, T>,
    r: Radius<'a, T>,
    v: &[&'a [T; 3]],
    sink: &mut impl Sink<'a, T>,
) {
    let n = v.len();
    for i in 1..n.saturating_sub(1) {
        let f = [v[0], v[i], v[i + 1]];
        if !collinear3(f[0], f[1], f[2]) {
            sink.face(Part::Face(i), Face { m, v: f, r });
        }
    }
    for i in 0..n {
        let j = (i + 1) % n;
        if n > 1 && (n > 2 || i == 0) && v[i] != v[j] {
            let (s0, s1) = (v[i], v[j]);
            sink.cylinder(Part::Edge(i), Cylinder { m, s0, s1, r });
        }
    }
    for i in 2..n.saturating_sub(1) {
        if v[0] != v[i] {
            let (s0, s1) = (v[0], v[i]);
            sink.cylinder(Part::Diagonal(i), Cylinder { m, s0, s1, r });
        }
    }
    for (i, q) in v.iter().enumerate() {
        sink.ball(Part::Vertex(i), Ball { m, q, r });
    }
}

/// Sweep of a moving closed ball against a moving polygon over `u ∈ [0, 1]`, read as
/// the surface of its fan triangulation from vertex 0 (for a convex planar polygon:
/// the polygon itself).
///
/// Pieces: the face prism of every non-degenerate fan triangle, every polygon edge and
/// fan diagonal as a capsule, every vertex as a sphere; as in [`sweep_sphere_triangle`](super::sweep_sphere_triangle()),
/// **touch or not is exact** and times carry error bounds. (For a convex planar polygon
/// the diagonals add nothing; for a non-planar one they are the creases of the fan
/// surface.) A concave polygon is also read as its fan, which covers a different region
/// than the polygon: [`try_sweep_sphere_polygon`] refuses it.
///
/// Fewer than three vertices: the segment (two) or point (one) they span; none: `None`.
/// Returns `None` for a NaN or infinite input and for a negative radius.
///
/// # Examples
///
/// ```
/// use isect::sweep::sweep_sphere_polygon;
/// use isect::{Polygon, Sphere};
/// let square = Polygon::new(vec![[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [2.0, 2.0, 0.0], [0.0, 2.0, 0.0]]);
/// let s = Sphere::new([1.5, 1.5, 2.0_f64], 0.5);
/// let hit = sweep_sphere_polygon(&s, &[0.0, 0.0, -3.0], &square, &[0.0; 3]).unwrap();
/// // In contact while the centre is within 0.5 of z = 0: u ∈ [1/2, 5/6].
/// assert_eq!(hit.first, 0.5);
/// assert!((hit.last - 5.0 / 6.0).abs() <= hit.last_error + f64::EPSILON);
/// ```
pub fn sweep_sphere_polygon<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    poly: &Polygon<T>,
    vp: &[T; 3],
) -> Option<SweepHit<T>> {
    let v = &poly.vertices;
    if v.is_empty()
        || !finite(&[&s.center, vs, vp])
        || !v.iter().all(|p| finite(&[p]))
        || !radius_ok(&s.radius)
    {
        return None;
    }
    if let (Some(c), Some(r), Some(ws), Some(wp)) = (
        as_f64_array(&s.center),
        s.radius.as_f64(),
        as_f64_array(vs),
        as_f64_array(vp),
    ) {
        let pts: Option<alloc::vec::Vec<[f64; 3]>> = v.iter().map(as_f64_array).collect();
        if let Some(pts) = pts {
            let refs: alloc::vec::Vec<&[f64; 3]> = pts.iter().collect();
            let (lo, hi) = bounds(&refs);
            if swept_misses(&c, &c, r, &ws, &wp, &lo, &hi) {
                return None;
            }
        }
    }
    let m = Motion {
        p: &s.center,
        vp: Some(vs),
        vq: Some(vp),
    };
    let refs: alloc::vec::Vec<&[T; 3]> = v.iter().collect();
    let mut c = Collect::new(true);
    polygon_pieces(m, Radius(&s.radius, None), &refs, &mut c);
    c.finish()
}

/// Whether the polygon is planar and convex (strictly turning one way at every vertex,
/// up to collinear vertices), decided exactly.
fn convex_planar<T: Scalar>(v: &[[T; 3]]) -> bool {
    use crate::orient3d;
    let n = v.len();
    // Planar: every vertex on the plane of the first non-degenerate fan triangle.
    let Some(k) = (1..n - 1).find(|&i| !collinear3(&v[0], &v[i], &v[i + 1])) else {
        return true; // all collinear: the fan is the segment they span
    };
    let (a, b, c) = (&v[0], &v[k], &v[k + 1]);
    if v.iter().any(|p| orient3d(a, b, c, p) != Sign::Zero) {
        return false;
    }
    // Convex: the turn at every vertex, seen along the normal of (a, b, c), has one
    // sign; the normal side is tested with a point off the plane: a + n.
    struct Turn<'a, T>([&'a [T; 3]; 6]);
    impl<T> Polynomial<T> for Turn<'_, T> {
        fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
            let [p, q, r, a, b, c] = self.0.map(|x| x.each_ref().map(lift));
            let n = cross(&sub(&b, &a), &sub(&c, &a));
            dot(&cross(&sub(&q, &p), &sub(&r, &q)), &n)
        }
    }
    let mut seen = Sign::Zero;
    for i in 0..n {
        let (p, q, r) = (&v[i], &v[(i + 1) % n], &v[(i + 2) % n]);
        let s = polynomial_sign::<T, _>(&Turn([p, q, r, a, b, c]));
        if s != Sign::Zero {
            if seen != Sign::Zero && s != seen {
                return false;
            }
            seen = s;
        }
    }
    // One full turn, not several: the fan triangles all have the same orientation.
    (1..n - 1).all(|i| {
        let s = polynomial_sign::<T, _>(&Turn([&v[0], &v[i], &v[i + 1], a, b, c]));
        s == Sign::Zero || s == seen
    })
}

/// [`sweep_sphere_polygon`], refusing bad input, including polygons that are not convex
/// and planar (whose fan triangulation is not the polygon).
///
/// # Errors
///
/// [`InputError::NonFinite`] (`what` is `"center"`, `"radius"`, `"vertex"` or
/// `"displacement"`; `argument` 0 is the sphere, 1 its displacement, 2 the polygon, 3 its
/// displacement), [`InputError::NegativeRadius`], [`InputError::TooFewVertices`] (fewer
/// than three), and [`InputError::NotConvexPlanar`].
///
/// # Examples
///
/// ```
/// use isect::sweep::try_sweep_sphere_polygon;
/// use isect::{InputError, Polygon, Sphere};
/// let s = Sphere::new([0.0; 3], 1.0);
/// // An L-shaped (concave) hexagon.
/// let l = Polygon::new(vec![
///     [0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [2.0, 1.0, 0.0],
///     [1.0, 1.0, 0.0], [1.0, 2.0, 0.0], [0.0, 2.0, 0.0],
/// ]);
/// assert_eq!(
///     try_sweep_sphere_polygon(&s, &[0.0; 3], &l, &[0.0; 3]),
///     Err(InputError::NotConvexPlanar { argument: 2 })
/// );
/// ```
pub fn try_sweep_sphere_polygon<T: Scalar>(
    s: &Sphere<T>,
    vs: &[T; 3],
    poly: &Polygon<T>,
    vp: &[T; 3],
) -> Result<Option<SweepHit<T>>, InputError> {
    validate_sweep(s, vs, poly, vp)?;
    if !convex_planar(&poly.vertices) {
        return Err(InputError::NotConvexPlanar { argument: 2 });
    }
    Ok(sweep_sphere_polygon(s, vs, poly, vp))
}
