//! Vector arithmetic on `[R; 3]` written once over any [`Ring`] (floats, rationals,
//! expansions, the interval and dyadic rings of the filters), for every test to share.
//!
//! Nothing here rounds beyond what `R`'s own operations do: over an exact ring every
//! result is exact; over `f64` each is the plain formula in the order written.

use crate::predicates::Ring;

/// `u − v`.
#[inline(always)]
pub(crate) fn sub<R: Ring>(u: &[R; 3], v: &[R; 3]) -> [R; 3] {
    [
        u[0].clone() - v[0].clone(),
        u[1].clone() - v[1].clone(),
        u[2].clone() - v[2].clone(),
    ]
}

/// `u · v`, summed as `(u₀v₀ + u₁v₁) + u₂v₂`.
#[inline(always)]
pub(crate) fn dot<R: Ring>(u: &[R; 3], v: &[R; 3]) -> R {
    u[0].clone() * v[0].clone() + u[1].clone() * v[1].clone() + u[2].clone() * v[2].clone()
}

/// `u × v`, each component `u_i v_j − u_j v_i`.
#[inline(always)]
pub(crate) fn cross<R: Ring>(u: &[R; 3], v: &[R; 3]) -> [R; 3] {
    [
        u[1].clone() * v[2].clone() - u[2].clone() * v[1].clone(),
        u[2].clone() * v[0].clone() - u[0].clone() * v[2].clone(),
        u[0].clone() * v[1].clone() - u[1].clone() * v[0].clone(),
    ]
}

/// The determinant `det[u; v; w] = u · (v × w)`.
#[inline(always)]
pub(crate) fn det3<R: Ring>(u: &[R; 3], v: &[R; 3], w: &[R; 3]) -> R {
    dot(u, &cross(v, w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;

    fn q(x: i64) -> BigRational {
        BigRational::from_integer(BigInt::from(x))
    }

    #[test]
    fn identities_hold_exactly_in_rationals() {
        let u = [q(3), q(-5), q(7)];
        let v = [q(-2), q(11), q(4)];
        let w = [q(6), q(1), q(-9)];
        let c = cross(&u, &v);
        // u × v is orthogonal to both factors, and det3 is the scalar triple product.
        assert_eq!(dot(&c, &u), q(0));
        assert_eq!(dot(&c, &v), q(0));
        assert_eq!(det3(&u, &v, &w), dot(&c, &w));
        assert_eq!(det3(&u, &v, &w), -det3(&v, &u, &w));
        assert_eq!(sub(&u, &u), [q(0), q(0), q(0)]);
        assert_eq!(c, [q(-97), q(-26), q(23)]);
    }
}
