//! The separating axes of two oriented boxes, written once for OBB/OBB overlap
//! ([`obb_obb`](fn@super::obb_obb)) and the OBB/OBB sweep (`crate::sweep`).
//!
//! Box `A` is `cₐ + Σ sᵢaᵢ` (`|sᵢ| ≤ hᵢ`), box `B` is `c_b + Σ tⱼbⱼ` (`|tⱼ| ≤ kⱼ`), axes
//! as given. Their Minkowski difference is the zonotope of the six generators
//! `gₘ ∈ {hᵢaᵢ, kⱼbⱼ}` (numbered `0..3` for `A`'s axes, `3..6` for `B`'s), and a direction
//! `L` separates the boxes iff `|D·L| > Σₘ extentₘ·|gₘ·L|` with `D = c_b − cₐ`. The
//! facet normals of that zonotope, the axes that decide, depend on its rank (decided
//! exactly; the argument is in `proofs/overlap_boxes.md`, section 1):
//!
//! * rank 3: the 15 cross products [`PAIRS`] (`aᵢ × aⱼ`, `bᵢ × bⱼ`, `aᵢ × bⱼ`);
//! * rank 2 (a flat difference): also the in-plane edge normals `(gₚ × g_q) × gₘ`;
//! * rank 1 (a segment along `g`): also `g` and `g × eₖ`;
//! * rank 0 (two points): also the coordinate axes `eₖ`.
//!
//! [`obb_axes`] lists them all; [`ObbPair::extra_axes`] gives the rank completion alone,
//! for a test that tries the 15 first.

use alloc::vec::Vec;

use crate::geometry::Obb;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::vec3::{cross, dot};
use crate::{Scalar, Sign};

/// A generator of the pair: `0..3` the axes of `a`, `3..6` those of `b`.
pub(crate) type Gen = usize;

/// The 15 classic axes as generator pairs: faces of `a`, faces of `b`, edge pairs.
pub(crate) const PAIRS: [(Gen, Gen); 15] = [
    (1, 2),
    (2, 0),
    (0, 1),
    (4, 5),
    (5, 3),
    (3, 4),
    (0, 3),
    (0, 4),
    (0, 5),
    (1, 3),
    (1, 4),
    (1, 5),
    (2, 3),
    (2, 4),
    (2, 5),
];

/// A candidate separating direction `L`, a polynomial vector in the inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ObbAxis {
    /// `gₚ × g_q`.
    Cross(Gen, Gen),
    /// `(gₚ × g_q) × gᵣ`.
    CrossCross(Gen, Gen, Gen),
    /// `gₚ × eₖ`.
    CrossUnit(Gen, usize),
    /// `gₚ`.
    Vec(Gen),
    /// `eₖ`.
    Unit(usize),
}

impl ObbAxis {
    /// Whether `gₘ·L` is identically zero because `gₘ` is a factor of the cross product.
    #[inline]
    fn is_factor(self, m: Gen) -> bool {
        matches!(self, ObbAxis::Cross(p, q) if m == p || m == q)
    }
}

/// A direction evaluated in a ring: a vector, or the unit vector `eₖ` (a [`Ring`] has no
/// `1`, so `eₖ` is read by selection).
pub(crate) enum AxisDir<R> {
    /// `L` itself.
    Vector([R; 3]),
    /// `L = eₖ`.
    Unit(usize),
}

impl<R: Ring> AxisDir<R> {
    /// `v·L`.
    #[inline]
    pub(crate) fn dot(&self, v: &[R; 3]) -> R {
        match self {
            AxisDir::Vector(l) => dot(v, l),
            AxisDir::Unit(k) => v[*k].clone(),
        }
    }
}

/// Two oriented boxes, read as the generators of their Minkowski difference.
pub(crate) struct ObbPair<'a, T> {
    a: &'a Obb<T>,
    b: &'a Obb<T>,
}

impl<'a, T> ObbPair<'a, T> {
    /// The pair `(a, b)`.
    #[inline]
    pub(crate) fn new(a: &'a Obb<T>, b: &'a Obb<T>) -> Self {
        ObbPair { a, b }
    }

    /// The axis vector of generator `m` (without its extent).
    #[inline]
    pub(crate) fn generator<R: Ring>(&self, m: Gen, lift: &impl Fn(&T) -> R) -> [R; 3] {
        self.axis_vector(m).each_ref().map(lift)
    }

    fn axis_vector(&self, m: Gen) -> &[T; 3] {
        if m < 3 {
            &self.a.axes[m]
        } else {
            &self.b.axes[m - 3]
        }
    }

    /// The half extent of generator `m`.
    #[inline]
    pub(crate) fn extent(&self, m: Gen) -> &T {
        if m < 3 {
            &self.a.half_extents[m]
        } else {
            &self.b.half_extents[m - 3]
        }
    }

    /// `D = c_b − cₐ`.
    #[inline]
    pub(crate) fn center_diff<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> [R; 3] {
        core::array::from_fn(|k| lift(&self.b.center[k]) - lift(&self.a.center[k]))
    }

    /// The direction `axis` in the ring.
    pub(crate) fn direction<R: Ring>(&self, axis: ObbAxis, lift: &impl Fn(&T) -> R) -> AxisDir<R> {
        let g = |m| self.generator(m, lift);
        AxisDir::Vector(match axis {
            ObbAxis::Cross(p, q) => cross(&g(p), &g(q)),
            ObbAxis::CrossCross(p, q, r) => cross(&cross(&g(p), &g(q)), &g(r)),
            ObbAxis::CrossUnit(p, k) => {
                // v × eₖ, built without constants.
                let v = g(p);
                let z = v[0].clone() - v[0].clone();
                let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
                let mut out = [z.clone(), z.clone(), z];
                out[k1] = v[k2].clone();
                out[k2] = -v[k1].clone();
                out
            }
            ObbAxis::Vec(p) => g(p),
            ObbAxis::Unit(k) => return AxisDir::Unit(k),
        })
    }

    /// `Σₘ σₘ·extentₘ·(gₘ·L)` over the generators with `signs[m] ≠ 0` (`σₘ = signs[m]`):
    /// the support `Σ extentₘ·|gₘ·L|` when the signs are those of `gₘ·L` ([`signs`]).
    /// `None` when every sign is 0 (the sum is zero).
    ///
    /// [`signs`]: ObbPair::signs
    pub(crate) fn radius<R: Ring>(
        &self,
        dir: &AxisDir<R>,
        signs: &[i8; 6],
        lift: &impl Fn(&T) -> R,
    ) -> Option<R> {
        let mut acc: Option<R> = None;
        for (m, &s) in signs.iter().enumerate() {
            if s == 0 {
                continue;
            }
            let t = lift(self.extent(m)) * dir.dot(&self.generator(m, lift));
            let t = if s > 0 { t } else { -t };
            acc = Some(match acc {
                Some(a) => a + t,
                None => t,
            });
        }
        acc
    }
}

/// `gₘ·L`.
struct DotPoly<'a, T>(&'a ObbPair<'a, T>, ObbAxis, Gen);

impl<T> Polynomial<T> for DotPoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        self.0
            .direction(self.1, lift)
            .dot(&self.0.generator(self.2, lift))
    }
}

/// Component `k` of `gₚ × g_q`.
struct CrossComp<'a, T>(&'a ObbPair<'a, T>, Gen, Gen, usize);

impl<T> Polynomial<T> for CrossComp<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let c = cross(
            &self.0.generator(self.1, lift),
            &self.0.generator(self.2, lift),
        );
        c[self.3].clone()
    }
}

fn sign_i8(s: Sign) -> i8 {
    match s {
        Sign::Positive => 1,
        Sign::Negative => -1,
        Sign::Zero => 0,
    }
}

impl<T: Scalar> ObbPair<'_, T> {
    /// The exact sign of `gₘ·L`.
    pub(crate) fn dot_sign(&self, axis: ObbAxis, m: Gen) -> Sign {
        polynomial_sign::<T, _>(&DotPoly(self, axis, m))
    }

    /// The signs `σₘ` of `gₘ·L`, exactly; 0 for a zero extent and for the factors of a
    /// cross product (whose dot with it is identically zero), not evaluated.
    pub(crate) fn signs(&self, axis: ObbAxis) -> [i8; 6] {
        core::array::from_fn(|m| {
            if axis.is_factor(m) || self.extent(m).is_zero() {
                0
            } else {
                sign_i8(self.dot_sign(axis, m))
            }
        })
    }

    /// Whether `gₚ × g_q` is exactly the zero vector.
    fn parallel(&self, p: Gen, q: Gen) -> bool {
        (0..3).all(|k| polynomial_sign::<T, _>(&CrossComp(self, p, q, k)) == Sign::Zero)
    }

    /// The axes beyond [`PAIRS`] that the rank of the Minkowski difference needs (module
    /// docs): none when the non-zero generators (non-zero extent and vector) span space.
    pub(crate) fn extra_axes(&self) -> impl Iterator<Item = ObbAxis> + use<T> {
        let mut gens = [0; 6];
        let mut n = 0;
        for m in 0..6 {
            if !self.extent(m).is_zero() && self.axis_vector(m).iter().any(|x| !x.is_zero()) {
                gens[n] = m;
                n += 1;
            }
        }
        let gens = &gens[..n];
        let mut out = [ObbAxis::Unit(0); 6];
        let mut len = 0;
        let mut push = |axis| {
            out[len] = axis;
            len += 1;
        };
        // Rank ≥ 2: a non-parallel pair.
        let pair = gens.iter().enumerate().find_map(|(i, &p)| {
            gens[i + 1..]
                .iter()
                .find(|&&q| !self.parallel(p, q))
                .map(|&q| (p, q))
        });
        if let Some((p, q)) = pair {
            // Rank 3 iff some generator leaves the plane of p, q: then the 15 suffice.
            let full = gens
                .iter()
                .any(|&r| self.dot_sign(ObbAxis::Cross(p, q), r) != Sign::Zero);
            if !full {
                // Rank 2: the in-plane edge normals n × gᵣ.
                for &r in gens {
                    push(ObbAxis::CrossCross(p, q, r));
                }
            }
        } else if let Some(&p) = gens.first() {
            // Rank 1.
            push(ObbAxis::Vec(p));
            for k in 0..3 {
                push(ObbAxis::CrossUnit(p, k));
            }
        } else {
            // Rank 0: two points.
            for k in 0..3 {
                push(ObbAxis::Unit(k));
            }
        }
        out.into_iter().take(len)
    }
}

/// Every axis that decides whether `a` and `b` are separated: the 15 of [`PAIRS`], then
/// [`ObbPair::extra_axes`]. Exact for every scalar type (the rank is decided by
/// polynomial signs).
pub(crate) fn obb_axes<T: Scalar>(a: &Obb<T>, b: &Obb<T>) -> Vec<ObbAxis> {
    let pair = ObbPair::new(a, b);
    PAIRS
        .iter()
        .map(|&(p, q)| ObbAxis::Cross(p, q))
        .chain(pair.extra_axes())
        .collect()
}
