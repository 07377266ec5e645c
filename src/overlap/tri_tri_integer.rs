//! Triangle/triangle with the whole pair in integers (stage P): the exact decision for a
//! nearly coplanar pair (two or three of one plane's sides within the shared-normal
//! filter's bound and not rounded to zero) when its six vertices, scaled per axis by
//! powers of two, are integers below `2^60` (proofs/tri_tri.md, section 9).
//!
//! The six vertices are converted once, and every orientation the Guigue–Devillers
//! decision asks for (six plane sides with two normals, then two interval comparisons)
//! is computed exactly from those integers ([`integer_points`]). Scaling every point by
//! the same positive factor per axis multiplies each `orient3d` of four of them by a
//! positive number, so every sign is the input's.

use crate::predicates::integer::{integer_points, orient3d_int, plane_sides_int};
use crate::scalar::as_f64_points;
use crate::{Scalar, Sign};

use super::tri_tri::{End, Order, TriTri, decide_pair};

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// How many pairs [`in_integers`] decided on this thread (tests only, to check that
    /// the generators reach it).
    pub(super) static DECIDED: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// The exact classification of `(p, q)` ([`tri_tri`](crate::overlap::tri_tri())) when `T`
/// has a float view and the six vertices are integers on one per-axis scale, else `None`
/// (non-finite input always gives `None`).
#[inline(always)]
pub(super) fn in_integers<T: Scalar>(p: [&[T; 3]; 3], q: [&[T; 3]; 3]) -> Option<TriTri> {
    let (pf, qf) = (as_f64_points(p)?, as_f64_points(q)?);
    let (a, b) = integer_points(pf.each_ref(), qf.each_ref())?;
    #[cfg(all(test, feature = "std"))]
    DECIDED.with(|c| c.set(c.get() + 1));
    // The sides of `q` against `p`'s plane, with `p`'s normal once; then those of `p`.
    Some(decide_pair(
        p,
        q,
        || plane_sides_int(a, b),
        || plane_sides_int(b, a),
        |sp, sq| Integers { a, b, sp, sq },
    ))
}

/// [`Order`] from the pair's integers: `compare` of `tri_tri.rs` with every `orient3d`
/// from [`orient3d_int`].
struct Integers {
    a: [[i64; 3]; 3],
    b: [[i64; 3]; 3],
    sp: [Sign; 3],
    sq: [Sign; 3],
}

impl Order for Integers {
    #[inline(always)]
    fn order(&self, e: End, f: End) -> Sign {
        let (a, b) = (&self.a, &self.b);
        orient3d_int(a[e.off], b[f.on], b[f.off], a[e.on]) * self.sq[f.off] * self.sp[e.off]
    }
}

#[cfg(test)]
#[path = "tri_tri_integer_tests.rs"]
mod tests;
