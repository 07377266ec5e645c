//! The exact construction of a ray/triangle hit in expansion arithmetic, for the hits
//! whose float `t` the filter cannot bound tightly enough (an origin within rounding of
//! the triangle's plane, a ray from a point of the surface): `N`, `D` and the three side
//! products as exact expansions, each rounded with an error bound, then divided.
//! `proofs/ray_triangle.md`, section 3.5.
//!
//! Shewchuk's expansions are exact only while no product overflows or underflows: this
//! path takes inputs whose nonzero coordinates all lie in `[2^-200, 2^200]` (then every
//! component of every intermediate lies in `[2^-860, 2^604]`, normal and finite), or can
//! be brought there by one common power of two (which changes neither `t` nor the
//! weights); other inputs keep the rational construction.

use super::ray_triangle::RayHit;
use crate::Sign;
use crate::predicates::Expansion;
use crate::vec3::{det3, sub};

/// `2^-200`: the least nonzero magnitude of a coordinate this path takes.
const LO: f64 = f64::from_bits((1023 - 200) << 52);
/// `2^200`: the greatest.
const HI: f64 = f64::from_bits((1023 + 200) << 52);
/// Unit roundoff.
const U: f64 = 1.0 / 9_007_199_254_740_992.0;

/// The hit with side sign `s` of the ray `o + t·d` on `a, b, c` (`points`, in that
/// order), or `None` when a coordinate is outside the window. `t` and the weights carry
/// relative errors of a few hundred units in the last place at most, `t_error` bounds
/// `t`'s.
pub(super) fn expansion_hit(points: [&[f64; 3]; 5], s: Sign) -> Option<RayHit<f64>> {
    let in_window = |x: f64| x == 0.0 || (LO..=HI).contains(&x.abs());
    if points.iter().all(|p| p.iter().all(|&x| in_window(x))) {
        return windowed_hit(points, s);
    }
    // t and the weights are quotients of determinants of the same degree in all five
    // points: multiplying every coordinate by 2^k changes none of them. If the nonzero
    // magnitudes span at most 2^399 (floor(log2) from lo to hi), 2^k with k = 199 − hi
    // brings them all into the window, exactly (a product by a power of two is exact
    // when the result is normal).
    let (hi, lo) = exponent_span(points)?;
    if hi - lo > 399 {
        return None;
    }
    let k = 199 - hi;
    let [o, d, a, b, c] = points.map(|p| p.map(|x| crate::predicates::scale_pow2(x, k)));
    windowed_hit([&o, &d, &a, &b, &c], s)
}

/// `floor(log2 |x|)` over the nonzero coordinates: `(largest, smallest)`; `None` if
/// every coordinate is zero or one is not finite.
fn exponent_span(points: [&[f64; 3]; 5]) -> Option<(i32, i32)> {
    let mut span: Option<(i32, i32)> = None;
    for &x in points.iter().flat_map(|p| p.iter()) {
        if !x.is_finite() {
            return None;
        }
        if x != 0.0 {
            let bits = x.to_bits() & !(1 << 63);
            let biased = (bits >> 52) as i32;
            let e = if biased > 0 {
                biased - 1023
            } else {
                // Subnormal: m·2^-1074 with m < 2^52.
                -1074 + (63 - bits.leading_zeros() as i32)
            };
            span = Some(span.map_or((e, e), |(h, l)| (h.max(e), l.min(e))));
        }
    }
    span
}

/// [`expansion_hit`] for points whose nonzero coordinates all lie in the window.
fn windowed_hit(points: [&[f64; 3]; 5], s: Sign) -> Option<RayHit<f64>> {
    let [o, d, a, b, c] = points.map(|p| p.map(Expansion::from_f64));
    let (pa, pb, pc) = (sub(&a, &o), sub(&b, &o), sub(&c, &o));
    let (e1, e2) = (sub(&b, &a), sub(&c, &a));
    let big_d = det3(&d, &e1, &e2);
    let big_n = det3(&pa, &e1, &e2);
    let (dv, de) = big_d.approx();
    let (nv, ne) = big_n.approx();
    if dv.abs() <= de {
        return None; // D = 0 is no crossing; never here, but no division by zero
    }
    let t = nv / dv;
    // |N/D − ñ/d̃| ≤ (e_N + |ñ/d̃|·e_D)/(|d̃| − e_D), plus the division's rounding, all
    // inflated for the roundings of the bound itself.
    let t_error = ((ne + t.abs() * de) / (dv.abs() - de) + U * t.abs()) * (1.0 + 16.0 * U)
        + super::triangle_filter::T_UNDERFLOW;
    if !(t.is_finite() && t_error <= super::triangle_filter::LOOSE_T * t.abs() + f64::MIN_POSITIVE)
    {
        return None;
    }
    let weight = |e: Expansion| (e.approx().0 / dv).max(0.0);
    let sab = det3(&d, &pa, &pb);
    let sbc = det3(&d, &pb, &pc);
    let sca = det3(&d, &pc, &pa);
    Some(RayHit {
        // The exact t of a hit is ≥ 0 and the weights are: a rounded negative is raised.
        t: t.max(0.0),
        barycentric: [weight(sbc), weight(sca), weight(sab)],
        front: s == Sign::Negative,
        t_error,
    })
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::oracle::Rng;
    use num_rational::BigRational as Q;
    use num_traits::Signed;

    fn q(x: f64) -> Q {
        Q::from_float(x).unwrap()
    }

    /// `t` within `t_error` of the exact `N/D` and the weights within 2^-40 (relative) of
    /// the exact ones, computed here in rationals, on origins on or within ulps of the
    /// triangle's plane (so `N` is zero or tiny and cancels), at scales inside the
    /// window and far outside it (brought in by one power of two); `None` exactly when
    /// the magnitudes span more than the window.
    #[test]
    fn matches_rationals_near_the_plane() {
        let mut rng = Rng::new(0xe4);
        let (mut scaled, mut unfit) = (0, 0);
        for case in 0..1500 {
            let k = [0, -199, 199, -120, 120, -201, 201, -600, 600, -1000][case % 10];
            let s = |x: f64| crate::predicates::scale_pow2(x, k);
            let tri = [0; 3].map(|_: i32| [0; 3].map(|_: i32| s(rng.uniform(-1.0, 1.0))));
            let w = [0; 3].map(|_: i32| rng.next_f64());
            let mut o: [f64; 3] = core::array::from_fn(|i| {
                (w[0] * tri[0][i] + w[1] * tri[1][i] + w[2] * tri[2][i]) / (w[0] + w[1] + w[2])
            });
            let j = rng.below(3);
            for _ in 0..rng.below(3) {
                o[j] = o[j].next_up();
            }
            let d = [0; 3].map(|_: i32| s(rng.uniform(-1.0, 1.0)));
            // Every ninth case: one coordinate 2^450 times larger, beyond what one scale
            // brings into the window (unless it is zero or the rest underflowed).
            let mut d = d;
            if case % 9 == 4 {
                d[0] = crate::predicates::scale_pow2(d[0], 450).clamp(-f64::MAX, f64::MAX);
            }
            let pts = [&o, &d, &tri[0], &tri[1], &tri[2]];
            let (hi, lo) = exponent_span(pts).unwrap();
            let fits = hi - lo <= 399;
            let got = expansion_hit(pts, Sign::Negative);
            if !fits {
                assert!(got.is_none(), "case {case}");
                unfit += 1;
                continue;
            }
            scaled += usize::from(!(0..=199).contains(&k.abs()));
            let h = got.unwrap_or_else(|| panic!("case {case}: in the window"));
            let [qo, qd, qa, qb, qc] = pts.map(|p| p.map(q));
            let e1: [Q; 3] = core::array::from_fn(|i| &qb[i] - &qa[i]);
            let e2: [Q; 3] = core::array::from_fn(|i| &qc[i] - &qa[i]);
            let det = |u: &[Q; 3], v: &[Q; 3], x: &[Q; 3]| {
                &u[0] * (&v[1] * &x[2] - &v[2] * &x[1]) - &u[1] * (&v[0] * &x[2] - &v[2] * &x[0])
                    + &u[2] * (&v[0] * &x[1] - &v[1] * &x[0])
            };
            let rel = |p: &[Q; 3]| -> [Q; 3] { core::array::from_fn(|i| &p[i] - &qo[i]) };
            let (pa, pb, pc) = (rel(&qa), rel(&qb), rel(&qc));
            let big_d = det(&qd, &e1, &e2);
            let t = det(&pa, &e1, &e2) / &big_d;
            // A negative exact t (no crossing: not asked here) is reported as 0.
            let close = (q(h.t) - &t).abs() <= q(h.t_error);
            assert!(close || (t.is_negative() && h.t == 0.0), "case {case}: t");
            let exact_w =
                [det(&qd, &pb, &pc), det(&qd, &pc, &pa), det(&qd, &pa, &pb)].map(|x| x / &big_d);
            for (g, e) in h.barycentric.iter().zip(&exact_w) {
                let e = if e.is_negative() {
                    Q::from_integer(0.into())
                } else {
                    e.clone()
                };
                let bound = e.abs() * q(2f64.powi(-40)) + q(f64::MIN_POSITIVE);
                assert!(
                    (q(*g) - &e).abs() <= bound,
                    "case {case}: weight {g} against {e}"
                );
            }
        }
        assert!(
            scaled > 300 && unfit > 50,
            "{scaled} scaled, {unfit} beyond"
        );
    }
}
