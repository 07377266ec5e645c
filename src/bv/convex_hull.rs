//! The 3D convex hull by quickhull on exact orientation signs.

use super::{Frame, check_points};
use crate::predicates::collinear3;
use crate::vec3::{cross, dot, sub};
use crate::{InputError, Scalar, Sign, orient2d, orient3d};
use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

/// The convex hull of a point set, as indices into the input slice.
///
/// The dimension of the answer is that of the points' affine hull, decided exactly:
///
/// * `Point(i)`: every point equals point `i`.
/// * `Segment([i, j])`: the points are collinear; `i` and `j` are the two ends (the
///   lexicographically smallest and largest points).
/// * `Polygon(v)`: the points are coplanar, not collinear; `v` lists the hull's corners
///   in cyclic order, strictly convex (no point of the input lies outside, no three
///   consecutive corners are collinear, each corner appears once).
/// * `Polyhedron(faces)`: triangles `[a, b, c]` ordered counterclockwise seen from
///   outside, so that `orient3d(a, b, c, p)` is `Positive` or `Zero` for every input point
///   `p` (Shewchuk's convention: positive below the counterclockwise face). The triangles
///   form a closed surface (each edge in exactly two triangles, with opposite
///   directions; `V − E + F = 2`). A flat facet of the hull may be split into several
///   coplanar triangles, and a point lying in a flat facet or on a hull edge may appear
///   as a triangle corner; no duplicated point appears twice.
///
/// # Examples
///
/// ```
/// use isect::bv::{convex_hull, Hull};
/// let pts = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.1, 0.1, 0.1]];
/// match convex_hull(&pts).unwrap() {
///     Hull::Polyhedron(faces) => assert_eq!(faces.len(), 4),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hull {
    /// All points coincide with this one.
    Point(usize),
    /// All points are collinear: the two ends.
    Segment([usize; 2]),
    /// All points are coplanar: the corners in cyclic order.
    Polygon(Vec<usize>),
    /// Outward-oriented triangles.
    Polyhedron(Vec<[usize; 3]>),
}

impl Hull {
    /// The indices of the points the hull uses (sorted, each once).
    ///
    /// # Examples
    ///
    /// ```
    /// use isect::bv::convex_hull;
    /// let pts = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [1.0, 0.0, 0.0]];
    /// assert_eq!(convex_hull(&pts).unwrap().vertices(), vec![0, 1]);
    /// ```
    pub fn vertices(&self) -> Vec<usize> {
        let mut v: Vec<usize> = match self {
            Hull::Point(i) => vec![*i],
            Hull::Segment(s) => s.to_vec(),
            Hull::Polygon(p) => p.clone(),
            Hull::Polyhedron(f) => f.iter().flatten().copied().collect(),
        };
        v.sort_unstable();
        v.dedup();
        v
    }
}

struct Face {
    v: [usize; 3],
    /// `nb[e]`: the face across the edge `v[e] → v[e+1]` (it holds the reversed edge).
    nb: [usize; 3],
    alive: bool,
    outside: Vec<usize>,
    /// Approximate outward normal and offset in the local frame (for choosing the
    /// farthest point only; never for a decision).
    n: [f64; 3],
    off: f64,
}

fn lex_cmp<T: Scalar>(a: &[T; 3], b: &[T; 3]) -> core::cmp::Ordering {
    for k in 0..3 {
        match a[k].partial_cmp(&b[k]) {
            Some(core::cmp::Ordering::Equal) | None => continue,
            Some(o) => return o,
        }
    }
    core::cmp::Ordering::Equal
}

/// The convex hull of the points (Barber, Dobkin and Huhdanpaa, "The quickhull algorithm
/// for convex hulls", 1996), with every decision an exact sign: a point is outside a face
/// when [`orient3d`] says so, exactly, for every finite `f32`/`f64` input and for
/// rationals. Coplanar points (on a face's plane) are never outside it, so coplanar and
/// duplicate points cannot create slivers, inverted faces or duplicate vertices; lower-
/// dimensional inputs (all equal, collinear, coplanar) are detected exactly and answered
/// as [`Hull::Point`], [`Hull::Segment`] or [`Hull::Polygon`] (a 2D monotone-chain hull on
/// exact [`orient2d`] signs of a projection that keeps the plane non-degenerate).
///
/// The answer is exact: no rounding is involved in it (floating-point arithmetic is used
/// only to pick which outside point to add next, which affects speed, never the hull).
/// Expected time `O(n log n)` on typical inputs.
///
/// `None` for no points or a NaN or infinite coordinate ([`try_convex_hull`] says which).
///
/// # Examples
///
/// ```
/// use isect::bv::{convex_hull, Hull};
/// // A square's corners and its centre, all coplanar.
/// let pts = [[0.0, 0.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 1.0], [0.0, 1.0, 1.0], [0.5, 0.5, 1.0]];
/// let Hull::Polygon(corners) = convex_hull(&pts).unwrap() else { panic!() };
/// assert_eq!(corners.len(), 4);
/// assert!(!corners.contains(&4));
/// ```
pub fn convex_hull<T: Scalar>(points: &[[T; 3]]) -> Option<Hull> {
    try_convex_hull(points).ok()
}

/// [`convex_hull`], saying why it refuses its input.
///
/// # Errors
///
/// [`InputError::Empty`] for no points, [`InputError::NonFinite`] for a NaN or infinite
/// coordinate (`what: "point"`, `index` the point, `axis` the coordinate).
///
/// # Examples
///
/// ```
/// use isect::bv::{try_convex_hull, Hull};
/// use isect::InputError;
/// assert_eq!(try_convex_hull(&[[1.0, 2.0, 3.0]]), Ok(Hull::Point(0)));
/// assert!(matches!(
///     try_convex_hull(&[[0.0; 3], [f64::INFINITY, 0.0, 0.0]]),
///     Err(InputError::NonFinite { index: Some(1), axis: Some(0), .. })
/// ));
/// ```
pub fn try_convex_hull<T: Scalar>(points: &[[T; 3]]) -> Result<Hull, InputError> {
    check_points(0, points)?;
    Ok(hull_of(points))
}

/// The hull of a non-empty list of finite points.
pub(crate) fn hull_of<T: Scalar>(points: &[[T; 3]]) -> Hull {
    let n = points.len();
    let (mut i0, mut i1) = (0, 0);
    for i in 1..n {
        if lex_cmp(&points[i], &points[i0]).is_lt() {
            i0 = i;
        }
        if lex_cmp(&points[i], &points[i1]).is_gt() {
            i1 = i;
        }
    }
    if lex_cmp(&points[i0], &points[i1]).is_eq() {
        return Hull::Point(i0);
    }
    let frame = Frame::new(points);
    let local: Vec<[f64; 3]> = points.iter().map(|p| frame.to_local(p)).collect();
    // Third point: the farthest from the line (approximately), confirmed exactly.
    let dir = sub(&local[i1], &local[i0]);
    let line_dist = |i: usize| {
        let c = cross(&dir, &sub(&local[i], &local[i0]));
        dot(&c, &c)
    };
    let not_collinear = |i: usize| !collinear3(&points[i0], &points[i1], &points[i]);
    let Some(i2) = pick(n, line_dist, not_collinear) else {
        return Hull::Segment([i0, i1]);
    };
    let nrm = cross(&dir, &sub(&local[i2], &local[i0]));
    let plane_dist = |i: usize| dot(&nrm, &sub(&local[i], &local[i0])).abs();
    let off_plane =
        |i: usize| orient3d(&points[i0], &points[i1], &points[i2], &points[i]) != Sign::Zero;
    let Some(i3) = pick(n, plane_dist, off_plane) else {
        return Hull::Polygon(planar_hull(points, [i0, i1, i2]));
    };
    Hull::Polyhedron(quickhull(points, &local, [i0, i1, i2, i3]))
}

/// The index maximising `score` if `ok` accepts it, else the first index `ok` accepts.
fn pick(n: usize, score: impl Fn(usize) -> f64, ok: impl Fn(usize) -> bool) -> Option<usize> {
    let best = (0..n).max_by(|&a, &b| score(a).total_cmp(&score(b)))?;
    if ok(best) {
        return Some(best);
    }
    (0..n).find(|&i| ok(i))
}

/// Andrew's monotone chain on the projection dropping one axis, with exact `orient2d`.
fn planar_hull<T: Scalar>(points: &[[T; 3]], tri: [usize; 3]) -> Vec<usize> {
    let proj = |p: &[T; 3], k: usize| -> [T; 2] {
        match k {
            0 => [p[1].clone(), p[2].clone()],
            1 => [p[2].clone(), p[0].clone()],
            _ => [p[0].clone(), p[1].clone()],
        }
    };
    // An axis along which the plane's normal has a non-zero component: the projection
    // of the non-collinear triple is then non-degenerate, and so is the whole plane's.
    let k = (0..3)
        .rev()
        .find(|&k| {
            orient2d(
                proj(&points[tri[0]], k),
                proj(&points[tri[1]], k),
                proj(&points[tri[2]], k),
            ) != Sign::Zero
        })
        .unwrap_or(2);
    let q: Vec<[T; 2]> = points.iter().map(|p| proj(p, k)).collect();
    let mut idx: Vec<usize> = (0..points.len()).collect();
    idx.sort_by(|&a, &b| {
        q[a][0]
            .partial_cmp(&q[b][0])
            .unwrap_or(core::cmp::Ordering::Equal)
            .then(
                q[a][1]
                    .partial_cmp(&q[b][1])
                    .unwrap_or(core::cmp::Ordering::Equal),
            )
    });
    let mut hull: Vec<usize> = Vec::with_capacity(2 * idx.len());
    let turn = |a: usize, b: usize, c: usize| orient2d(&q[a], &q[b], &q[c]);
    for pass in 0..2 {
        let start = hull.len();
        let seq: Box<dyn Iterator<Item = &usize>> = if pass == 0 {
            Box::new(idx.iter())
        } else {
            Box::new(idx.iter().rev())
        };
        for &i in seq {
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], i) != Sign::Positive
            {
                hull.pop();
            }
            hull.push(i);
        }
        hull.pop();
    }
    hull
}

fn approx_plane(local: &[[f64; 3]], v: [usize; 3]) -> ([f64; 3], f64) {
    let n = cross(
        &sub(&local[v[1]], &local[v[0]]),
        &sub(&local[v[2]], &local[v[0]]),
    );
    (n, dot(&n, &local[v[0]]))
}

fn quickhull<T: Scalar>(points: &[[T; 3]], local: &[[f64; 3]], s: [usize; 4]) -> Vec<[usize; 3]> {
    const NONE: usize = usize::MAX;
    let [mut a, mut b, c, d] = s;
    if orient3d(&points[a], &points[b], &points[c], &points[d]) == Sign::Negative {
        core::mem::swap(&mut a, &mut b);
    }
    // orient3d(a, b, c, d) > 0: these four faces are counterclockwise from outside.
    let mut faces: Vec<Face> = Vec::new();
    let outside = |points: &[[T; 3]], v: &[usize; 3], p: usize| {
        orient3d(&points[v[0]], &points[v[1]], &points[v[2]], &points[p]) == Sign::Negative
    };
    let add_face = |faces: &mut Vec<Face>, v: [usize; 3]| {
        let (n, off) = approx_plane(local, v);
        faces.push(Face {
            v,
            nb: [NONE; 3],
            alive: true,
            outside: Vec::new(),
            n,
            off,
        });
        faces.len() - 1
    };
    for v in [[a, b, c], [a, d, b], [b, d, c], [c, d, a]] {
        add_face(&mut faces, v);
    }
    // Neighbours of the tetrahedron's faces: the face holding the reversed edge.
    for f in 0..4 {
        for e in 0..3 {
            let (p, q) = (faces[f].v[e], faces[f].v[(e + 1) % 3]);
            faces[f].nb[e] = (0..4)
                .find(|&g| (0..3).any(|j| faces[g].v[j] == q && faces[g].v[(j + 1) % 3] == p))
                .expect("a tetrahedron's faces share every edge");
        }
    }
    for p in 0..points.len() {
        if s.contains(&p) {
            continue;
        }
        if let Some(f) = (0..4).find(|&f| outside(points, &faces[f].v, p)) {
            faces[f].outside.push(p);
        }
    }
    let mut stack: Vec<usize> = (0..4).filter(|&f| !faces[f].outside.is_empty()).collect();
    let mut visible: Vec<usize> = Vec::new();
    // Horizon edges (p, q) in the direction of the visible face, with the face beyond.
    let mut horizon: Vec<(usize, usize, usize)> = Vec::new();
    // The new face whose horizon edge starts / ends at a vertex (reset after each step).
    let mut start_of = vec![NONE; points.len()];
    let mut end_of = vec![NONE; points.len()];
    while let Some(f) = stack.pop() {
        if !faces[f].alive || faces[f].outside.is_empty() {
            continue;
        }
        let face = &faces[f];
        let far = |i: usize| dot(&face.n, &local[i]) - face.off;
        let eye = *face
            .outside
            .iter()
            .max_by(|&&x, &&y| far(x).total_cmp(&far(y)))
            .expect("non-empty outside set");
        // The faces that see the eye (strictly): a connected region, found from f.
        visible.clear();
        horizon.clear();
        visible.push(f);
        faces[f].alive = false;
        let mut k = 0;
        while k < visible.len() {
            let g = visible[k];
            k += 1;
            for e in 0..3 {
                let nb = faces[g].nb[e];
                if !faces[nb].alive {
                    // Already visible (dead faces are only this round's visible ones).
                    continue;
                }
                if outside(points, &faces[nb].v, eye) {
                    faces[nb].alive = false;
                    visible.push(nb);
                } else {
                    let v = faces[g].v;
                    horizon.push((v[e], v[(e + 1) % 3], nb));
                }
            }
        }
        let mut orphans: Vec<usize> = Vec::new();
        for &g in &visible {
            orphans.append(&mut faces[g].outside);
        }
        let first_new = faces.len();
        for &(p, q, nb) in &horizon {
            let id = add_face(&mut faces, [p, q, eye]);
            faces[id].nb[0] = nb;
            if let Some(j) = (0..3).find(|&j| faces[nb].v[j] == q && faces[nb].v[(j + 1) % 3] == p)
            {
                faces[nb].nb[j] = id;
            }
            start_of[p] = id;
            end_of[q] = id;
        }
        // The horizon is a cycle: the face after (p, q) starts at q, the one before ends at p.
        for face in &mut faces[first_new..] {
            let [p, q, _] = face.v;
            face.nb[1] = start_of[q];
            face.nb[2] = end_of[p];
        }
        for &(p, q, _) in &horizon {
            start_of[p] = NONE;
            end_of[q] = NONE;
        }
        for o in orphans {
            if o == eye {
                continue;
            }
            if let Some(g) = (first_new..faces.len()).find(|&g| outside(points, &faces[g].v, o)) {
                faces[g].outside.push(o);
            }
        }
        stack.extend((first_new..faces.len()).filter(|&g| !faces[g].outside.is_empty()));
    }
    faces.into_iter().filter(|f| f.alive).map(|f| f.v).collect()
}
