//! The convex pieces the sweeps are unions of, written once over any [`Ring`].
//!
//! Every piece is a moving point `P(u) = p + u·w` against a static-in-its-frame feature;
//! the relative position and velocity are polynomials in the inputs (`p − q`,
//! `v_p − v_q`), so nothing is rounded before the exact signs see it.

use super::interval::{Est, Found, Piece};
use super::ray_capsule::{cylinder_quad, dot_est, sq_est};
use super::sweep_sphere::ss_filter;
use crate::Scalar;
use crate::predicates::Ring;
use crate::scalar::{as_f64_array, is_float};
use crate::vec3::{cross, dot, sub};

/// A point moving from `p` with displacement `vp`, relative to a frame moving with `vq`
/// (`None`: at rest).
pub(crate) struct Motion<'a, T> {
    pub(crate) p: &'a [T; 3],
    pub(crate) vp: Option<&'a [T; 3]>,
    pub(crate) vq: Option<&'a [T; 3]>,
}

impl<T> Motion<'_, T> {
    /// `p − q` and the relative velocity `vp − vq`.
    fn rel<R: Ring>(&self, q: &[T; 3], lift: &impl Fn(&T) -> R) -> ([R; 3], [R; 3]) {
        let p = self.p.each_ref().map(lift);
        let f = sub(&p, &q.each_ref().map(lift));
        let w = match (self.vp, self.vq) {
            (Some(a), Some(b)) => sub(&a.each_ref().map(lift), &b.each_ref().map(lift)),
            (Some(a), None) => a.each_ref().map(lift),
            (None, Some(b)) => b.each_ref().map(|x| -lift(x)),
            (None, None) => core::array::from_fn(|k| f[k].clone() - f[k].clone()),
        };
        (f, w)
    }
}

/// A sum of one or two radii.
pub(crate) struct Radius<'a, T>(pub(crate) &'a T, pub(crate) Option<&'a T>);

impl<T> Clone for Motion<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Motion<'_, T> {}
impl<T> Clone for Radius<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Radius<'_, T> {}

impl<T> Radius<'_, T> {
    fn sq<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let r = match self.1 {
            Some(s) => lift(self.0) + lift(s),
            None => lift(self.0),
        };
        r.clone() * r
    }
}

/// The moving point within `radius` of the point `q`: `|f + u·w|² ≤ ρ²`.
pub(crate) struct Ball<'a, T> {
    pub(crate) m: Motion<'a, T>,
    pub(crate) q: &'a [T; 3],
    pub(crate) r: Radius<'a, T>,
}

impl<T: Scalar> Piece<T> for Ball<'_, T> {
    fn lin_count(&self) -> usize {
        0
    }
    /// The sphere/sphere filter (`proofs/sweep.md`, section 3.1) for float input.
    #[inline(always)]
    fn fast(&self, bounded: bool) -> Option<Option<Found>> {
        let zero = [0.0; 3];
        let (p, q) = (as_f64_array(self.m.p)?, as_f64_array(self.q)?);
        let vp = match self.m.vp {
            Some(v) => as_f64_array(v)?,
            None => zero,
        };
        let vq = match self.m.vq {
            Some(v) => as_f64_array(v)?,
            None => zero,
        };
        let r1 = self.r.0.as_f64()?;
        let r2 = match self.r.1 {
            Some(r) => r.as_f64()?,
            None => 0.0,
        };
        ss_filter(&q, &vq, r1, &p, &vp, r2, bounded)
    }
    fn lin<R: Ring>(&self, _: usize, _: &impl Fn(&T) -> R) -> (R, R) {
        unreachable!("a ball has no linear constraints")
    }
    fn has_quad(&self) -> bool {
        true
    }
    fn quad<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        let (f, w) = self.m.rel(self.q, lift);
        [dot(&w, &w), dot(&f, &w), dot(&f, &f) - self.r.sq(lift)]
    }
}

/// The moving point in the cylinder part of a capsule around `[s0, s1]` (`s0 ≠ s1`):
/// `0 ≤ (P − s0)·e ≤ e·e` and `|(P − s0) × e|² ≤ ρ²·e·e`, `e = s1 − s0`.
pub(crate) struct Cylinder<'a, T> {
    pub(crate) m: Motion<'a, T>,
    pub(crate) s0: &'a [T; 3],
    pub(crate) s1: &'a [T; 3],
    pub(crate) r: Radius<'a, T>,
}

impl<T> Cylinder<'_, T> {
    fn axis<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        sub(&self.s1.each_ref().map(lift), &self.s0.each_ref().map(lift))
    }
}

impl<T> Cylinder<'_, T> {
    /// `[|w × e|², (f × e)·(w × e), |f × e|² − ρ²(e·e)]`.
    fn quad_of<R: Ring>(
        &self,
        f: &[R; 3],
        w: &[R; 3],
        e: &[R; 3],
        ee: R,
        lift: &impl Fn(&T) -> R,
    ) -> [R; 3] {
        let (fe, we) = (cross(f, e), cross(w, e));
        [
            dot(&we, &we),
            dot(&fe, &we),
            dot(&fe, &fe) - self.r.sq(lift) * ee,
        ]
    }
}

impl<T: Scalar> Cylinder<'_, T> {
    /// `B² − AC` of the infinite cylinder from the six dot products of `f`, `w`, `e` with
    /// the static bounds of the ray/capsule fast path (`cylinder_quad`, `proofs/sweep.md`
    /// §5.1: every vector an input or one rounded difference of two), for a single radius;
    /// `None` for a sum of radii. Only for float types.
    #[inline(always)]
    fn static_disc(&self) -> Option<Est> {
        if self.r.1.is_some() {
            return None;
        }
        // Exact for float types (the caller checked): `f̂ = fl(p − s₀)`, `ê = fl(s₁ − s₀)`, and
        // `ŵ` an input, its negation or one rounded difference.
        let lift = |x: &T| x.to_f64();
        let (f, w) = self.m.rel(self.s0, &lift);
        let e = self.axis(&lift);
        let r = self.r.0.to_f64();
        let [_, _, _, disc] = cylinder_quad(
            sq_est(&e),
            sq_est(&w),
            sq_est(&f),
            dot_est(&w, &e),
            dot_est(&f, &e),
            dot_est(&f, &w),
            r,
        );
        Some(disc)
    }
}

impl<T: Scalar> Piece<T> for Cylinder<'_, T> {
    fn lin_count(&self) -> usize {
        2
    }
    fn lin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> (R, R) {
        let (f, w) = self.m.rel(self.s0, lift);
        let e = self.axis(lift);
        let (fe, we) = (dot(&f, &e), dot(&w, &e));
        if i == 0 {
            (fe, we)
        } else {
            (dot(&e, &e) - fe, -we)
        }
    }
    /// `f`, `w`, `e` and the dot products `f·e`, `w·e` once for both caps and the quadratic.
    fn all<R: Ring>(&self, lift: &impl Fn(&T) -> R, out: &mut [(R, R)]) -> Option<[R; 3]> {
        let (f, w) = self.m.rel(self.s0, lift);
        let e = self.axis(lift);
        let (fe, we) = (dot(&f, &e), dot(&w, &e));
        let ee = dot(&e, &e);
        out[1] = (ee.clone() - fe.clone(), -we.clone());
        out[0] = (fe, we);
        Some(self.quad_of(&f, &w, &e, ee, lift))
    }
    fn has_quad(&self) -> bool {
        true
    }
    /// For float input, a certified miss of the infinite cylinder (`B² − AC < 0`, which
    /// implies `A > 0` and `q > 0` for every `u`) empties the piece whatever its caps and
    /// domain (`proofs/sweep.md`, section 5); anything else is left to the engine.
    fn fast(&self, _bounded: bool) -> Option<Option<Found>> {
        if !is_float::<T>() {
            return None;
        }
        if let Some(disc) = self.static_disc() {
            return (disc.v < -disc.e).then_some(None);
        }
        let [a, b, c] = self.quad(&|x: &T| Est::exact(x.to_f64()));
        let disc = b * b - a * c;
        (disc.ok() && disc.v < -disc.e).then_some(None)
    }
    fn quad<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        let (f, w) = self.m.rel(self.s0, lift);
        let e = self.axis(lift);
        let ee = dot(&e, &e);
        self.quad_of(&f, &w, &e, ee, lift)
    }
}

/// The moving point in the slab prism over a non-degenerate triangle `[a, b, c]`: within
/// `ρ` of its plane, `(n·(P − a))² ≤ ρ²·n·n` with `n = (b − a) × (c − a)`, and on the
/// inner side of the three planes through an edge parallel to `n`:
/// `(n × (v_{j+1} − v_j))·(P − v_j) ≥ 0`.
pub(crate) struct Face<'a, T> {
    pub(crate) m: Motion<'a, T>,
    pub(crate) v: [&'a [T; 3]; 3],
    pub(crate) r: Radius<'a, T>,
}

impl<T> Face<'_, T> {
    fn normal<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        let [a, b, c] = self.v.map(|p| p.each_ref().map(lift));
        cross(&sub(&b, &a), &sub(&c, &a))
    }
    /// `[s₁², s₀s₁, s₀² − ρ²(n·n)]` with `s₀ = n·f`, `s₁ = n·w` (`f` from the first vertex).
    fn quad_of<R: Ring>(
        &self,
        n: &[R; 3],
        f: &[R; 3],
        w: &[R; 3],
        lift: &impl Fn(&T) -> R,
    ) -> [R; 3] {
        let (s0, s1) = (dot(n, f), dot(n, w));
        [
            s1.clone() * s1.clone(),
            s0.clone() * s1,
            s0.clone() * s0 - self.r.sq(lift) * dot(n, n),
        ]
    }
}

/// The edge constraint `(n × (t − s))·(P − s) ≥ 0` of a face, with `f = p − s` and `w` the
/// relative velocity: `(α, β) = (m·f, m·w)`, `m = n × (t − s)`.
fn edge_lin<R: Ring>(n: &[R; 3], s: &[R; 3], t: &[R; 3], f: &[R; 3], w: &[R; 3]) -> (R, R) {
    let m = cross(n, &sub(t, s));
    (dot(&m, f), dot(&m, w))
}

impl<T> Piece<T> for Face<'_, T> {
    fn lin_count(&self) -> usize {
        3
    }
    fn lin<R: Ring>(&self, i: usize, lift: &impl Fn(&T) -> R) -> (R, R) {
        let n = self.normal(lift);
        let (s, t) = (self.v[i], self.v[(i + 1) % 3]);
        let (f, w) = self.m.rel(s, lift);
        edge_lin(&n, &s.each_ref().map(lift), &t.each_ref().map(lift), &f, &w)
    }
    fn has_quad(&self) -> bool {
        true
    }
    /// The normal, the relative velocity and the lifted vertices once for the three edge
    /// constraints and the quadratic.
    fn all<R: Ring>(&self, lift: &impl Fn(&T) -> R, out: &mut [(R, R)]) -> Option<[R; 3]> {
        let v = self.v.map(|p| p.each_ref().map(lift));
        let n = cross(&sub(&v[1], &v[0]), &sub(&v[2], &v[0]));
        let (f0, w) = self.m.rel(self.v[0], lift);
        let p = self.m.p.each_ref().map(lift);
        for (i, x) in out.iter_mut().enumerate().take(3) {
            let (s, t) = (&v[i], &v[(i + 1) % 3]);
            *x = edge_lin(&n, s, t, &sub(&p, s), &w);
        }
        Some(self.quad_of(&n, &f0, &w, lift))
    }
    fn quad<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        let n = self.normal(lift);
        let (f, w) = self.m.rel(self.v[0], lift);
        self.quad_of(&n, &f, &w, lift)
    }
}

/// The moving point within `ρ` of the plane `n·x + d = 0` (the plane moving with the
/// frame): `(n·P + d)² ≤ ρ²·n·n`.
pub(crate) struct Slab<'a, T> {
    pub(crate) m: Motion<'a, T>,
    pub(crate) n: &'a [T; 3],
    pub(crate) d: &'a T,
    pub(crate) r: Radius<'a, T>,
}

impl<T> Piece<T> for Slab<'_, T> {
    fn lin_count(&self) -> usize {
        0
    }
    fn lin<R: Ring>(&self, _: usize, _: &impl Fn(&T) -> R) -> (R, R) {
        unreachable!("a slab has no linear constraints")
    }
    fn has_quad(&self) -> bool {
        true
    }
    fn quad<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        let n = self.n.each_ref().map(lift);
        // P − 0: the plane's frame origin is the world origin at u = 0.
        let p = self.m.p.each_ref().map(lift);
        let (_, w) = self.m.rel(self.m.p, lift);
        let s0 = dot(&n, &p) + lift(self.d);
        let s1 = dot(&n, &w);
        [
            s1.clone() * s1.clone(),
            s0.clone() * s1,
            s0.clone() * s0 - self.r.sq(lift) * dot(&n, &n),
        ]
    }
}
