//! Sphere/OBB overlap: the exact test against the parallelepiped of the box's axes
//! (faces, edges, corners, each a polynomial sign) behind an `f64` certificate, and
//! Arvo's method in the box frame under a policy.

use crate::geometry::{Obb, Sphere};
use crate::policy::Policy;
use crate::predicates::{Polynomial, Ring, polynomial_sign};
use crate::scalar::as_f64_array;
use crate::vec3::{cross, dot, sub};
use crate::{InputError, Scalar, Sign, Validate, orient3d};

use super::filter::{TAU, TAU2, finite3, obb_as_f64};

/// The polynomials of the exact sphere/OBB test. Notation (proofs/overlap_volumes.md,
/// section 5): `aᵢ` the axes, `hᵢ` the half extents, `nᵢ = aᵢ₊₁ × aᵢ₊₂`,
/// `D = a₀·(a₁ × a₂)`, `s_D = sign D`, `p = c − center`, `gᵢ = nᵢ·p`, and
/// `v(σ) = center + Σ σⱼ hⱼ aⱼ` for `σ ∈ {−1, 0, 1}³`.
#[derive(Clone, Copy)]
enum ObbQ {
    /// `r² − |p|²`.
    CenterReach,
    /// `tᵢ± = s_D·(±gᵢ − hᵢ D)`: positive iff `c` is strictly beyond face `i±`; its
    /// absolute value over `|nᵢ|` is the distance from `c` to that face's plane.
    FaceT(usize, bool),
    /// `tᵢ±² − r²|nᵢ|²` (positive: the face plane separates, given `tᵢ± > 0`).
    FaceSep(usize, bool),
    /// Face `i±` (centre `f = center ± hᵢaᵢ`), `x = c − f`: `hⱼ|nᵢ|² ∓ (x × aₖ)·nᵢ` for
    /// `which = 0` and `hₖ|nᵢ|² ∓ (aⱼ × x)·nᵢ` for `which = 1` (sign by `minus`): the
    /// projection of `c` on the face plane lies in the face iff all four are `≥ 0`.
    FaceSpan(usize, bool, u8, bool),
    /// Edge along `aᵢ` with midpoint `m = v(σ)` (`σᵢ = 0`): `hᵢ|aᵢ|² ∓ (c − m)·aᵢ`.
    EdgeSpan(usize, [i8; 3], bool),
    /// `r²|aᵢ|² − |(c − m) × aᵢ|²`.
    EdgeReach(usize, [i8; 3]),
    /// `r² − |c − v(σ)|²`.
    Vertex([i8; 3]),
}

struct ObbPoly<'a, T> {
    s: &'a Sphere<T>,
    b: &'a Obb<T>,
    /// `D < 0`.
    flip: bool,
    q: ObbQ,
}

impl<T> Polynomial<T> for ObbPoly<'_, T> {
    fn eval<R: Ring>(&self, lift: &impl Fn(&T) -> R) -> R {
        let l3 = |p: &[T; 3]| -> [R; 3] { [lift(&p[0]), lift(&p[1]), lift(&p[2])] };
        let c = l3(&self.s.center);
        let ctr = l3(&self.b.center);
        let a = [
            l3(&self.b.axes[0]),
            l3(&self.b.axes[1]),
            l3(&self.b.axes[2]),
        ];
        let h = l3(&self.b.half_extents);
        let r = lift(&self.s.radius);
        let rr = r.clone() * r;
        let p = sub(&c, &ctr);
        let normal = |i: usize| cross(&a[(i + 1) % 3], &a[(i + 2) % 3]);
        let signed = |x: R| if self.flip { -x } else { x };
        // v(σ) − center.
        let offset = |sigma: [i8; 3]| -> [R; 3] {
            let mut out: Option<[R; 3]> = None;
            for (j, &sj) in sigma.iter().enumerate() {
                if sj == 0 {
                    continue;
                }
                let t: [R; 3] = core::array::from_fn(|k| {
                    let x = h[j].clone() * a[j][k].clone();
                    if sj < 0 { -x } else { x }
                });
                out = Some(match out {
                    Some(o) => core::array::from_fn(|k| o[k].clone() + t[k].clone()),
                    None => t,
                });
            }
            out.unwrap_or_else(|| core::array::from_fn(|k| ctr[k].clone() - ctr[k].clone()))
        };
        let t_face = |i: usize, plus: bool| -> R {
            let n = normal(i);
            let g = dot(&n, &p);
            let d = dot(&a[i], &n);
            let g = if plus { g } else { -g };
            signed(g - h[i].clone() * d)
        };
        match self.q {
            ObbQ::CenterReach => rr - dot(&p, &p),
            ObbQ::FaceT(i, plus) => t_face(i, plus),
            ObbQ::FaceSep(i, plus) => {
                let t = t_face(i, plus);
                let n = normal(i);
                t.clone() * t - rr * dot(&n, &n)
            }
            ObbQ::FaceSpan(i, plus, which, minus) => {
                let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                let mut sigma = [0i8; 3];
                sigma[i] = if plus { 1 } else { -1 };
                let x = sub(&p, &offset(sigma));
                let n = normal(i);
                let (hw, v) = if which == 0 {
                    (h[j].clone(), dot(&cross(&x, &a[k]), &n))
                } else {
                    (h[k].clone(), dot(&cross(&a[j], &x), &n))
                };
                let lim = hw * dot(&n, &n);
                if minus { lim - v } else { lim + v }
            }
            ObbQ::EdgeSpan(i, sigma, minus) => {
                let x = sub(&p, &offset(sigma));
                let v = dot(&x, &a[i]);
                let lim = h[i].clone() * dot(&a[i], &a[i]);
                if minus { lim - v } else { lim + v }
            }
            ObbQ::EdgeReach(i, sigma) => {
                let x = sub(&p, &offset(sigma));
                let w = cross(&x, &a[i]);
                rr * dot(&a[i], &a[i]) - dot(&w, &w)
            }
            ObbQ::Vertex(sigma) => {
                let x = sub(&p, &offset(sigma));
                rr - dot(&x, &x)
            }
        }
    }
}

/// `5u`: the relative bound on each component of `w` in [`sphere_obb_filter`]
/// (proofs/overlap_volumes.md, section 5a).
const C_OBB_W: f64 = 5.0 * (f64::EPSILON / 2.0);
/// `8u`: the relative bound on `L` in [`sphere_obb_filter`] (section 5a).
const C_OBB_L: f64 = f64::EPSILON * 4.0;
/// `1 + 2⁻⁴⁸`: the factor that turns the last comparisons' rounded sides into bounds.
const K_OBB: f64 = 1.0 + f64::EPSILON * 16.0;

/// The `f64` filter of [`sphere_obb`] (proofs/overlap_volumes.md, section 5a), for finite
/// input with `r ≥ 0`, `hᵢ ≥ 0` and `det[a₀; a₁; a₂] ≠ 0` (checked exactly by the caller).
/// `Some(true)`: a point of the box within `r` of the centre is certified; `Some(false)`: a
/// separating direction is certified; `None`: the exact path decides. Rationals: `None`.
#[inline]
fn sphere_obb_filter<T: Scalar>(s: &Sphere<T>, b: &Obb<T>) -> Option<bool> {
    let c = as_f64_array(&s.center)?;
    let r = s.radius.as_f64()?;
    let (c0, a, h) = obb_as_f64(b)?;
    let d = sub(&c, &c0);
    // Approximate box coordinates of the centre, clamped into the box: any floats with
    // |tᵢ| ≤ hᵢ name a point of the box, which is the certificate.
    let n = [
        cross(&a[1], &a[2]),
        cross(&a[2], &a[0]),
        cross(&a[0], &a[1]),
    ];
    let inv = 1.0 / dot(&a[0], &n[0]);
    let t: [f64; 3] = core::array::from_fn(|i| (dot(&n[i], &d) * inv).max(-h[i]).min(h[i]));
    // w = c − (c₀ + Σ tᵢaᵢ) and, per component, m ≥ |w| (section 5a, step A).
    let mut w = [0.0; 3];
    let mut mm = 0.0;
    for k in 0..3 {
        let p = [t[0] * a[0][k], t[1] * a[1][k], t[2] * a[2][k]];
        w[k] = d[k] - p[0] - p[1] - p[2];
        let perm = d[k].abs() + p[0].abs() + p[1].abs() + p[2].abs();
        let m = w[k].abs() + (C_OBB_W * perm + TAU);
        mm += m * m;
    }
    let rr = r * r;
    let lhs = mm * K_OBB + TAU2;
    if lhs.is_finite() && lhs <= rr {
        return Some(true); // |w|² ≤ r²: that point of the box is in the ball
    }
    // Separation along u ≈ w / max|wₖ| (step B; any u will do, the scale keeps
    // max|uₖ| within 2u of 1): for every x in the box,
    // u·(c − x) ≥ L = u·(c − c₀) − Σ hᵢ|aᵢ·u|, and L > r|u| separates.
    let big = w[0].abs().max(w[1].abs()).max(w[2].abs());
    if !(big > 0.0 && big.is_finite()) {
        return None;
    }
    let inv = 1.0 / big;
    let u = w.map(|x| x * inv);
    let uu = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
    let q = [u[0] * d[0], u[1] * d[1], u[2] * d[2]];
    let mut l = q[0] + q[1] + q[2];
    let mut perm = q[0].abs() + q[1].abs() + q[2].abs();
    for i in 0..3 {
        let g = [a[i][0] * u[0], a[i][1] * u[1], a[i][2] * u[2]];
        let hg = h[i] * (g[0] + g[1] + g[2]).abs();
        l -= hg;
        perm += h[i] * (g[0].abs() + g[1].abs() + g[2].abs() + TAU);
    }
    let lo = l - (C_OBB_L * perm + TAU2);
    if lo > 0.0 && (lo * lo).is_finite() && lo * lo > (rr * uu) * K_OBB + TAU2 {
        return Some(false);
    }
    None
}

/// Whether a closed ball and a closed oriented box share a point (tangency counts),
/// exactly, reading the box as the exact parallelepiped of [`Obb`]:
/// `center + Σ sᵢ·axes[i]`, `|sᵢ| ≤ half_extents[i]`, with the axes exactly as given (a
/// rounded rotation matrix is a very slightly skewed box, and is tested as such).
///
/// The ball meets the box iff the centre is inside it, or the closest point of the box
/// lies in the relative interior of a face, an edge or a corner within `r`; each of those
/// conditions is a conjunction of signs of integer polynomials of the inputs (degree up
/// to 8: orthogonal projection onto the face plane or edge line lands inside the
/// face or edge, and the distance to that plane, line or corner is at most `r`),
/// decided by [`polynomial_sign`]. Features not adjacent to a face plane the centre is
/// beyond are skipped, and a face plane farther than `r` ends the test; the argument is in
/// `proofs/overlap_volumes.md`, section 5.
///
/// Cost: for `f64`/`f32` a filter first certifies either a point of the box inside the
/// ball or a separating direction, each with a static error bound
/// (`proofs/overlap_volumes.md`, section 5a), and decides ordinary pairs. Tangent or
/// nearly tangent pairs and strongly skewed boxes go to [`polynomial_sign`]. Rationals
/// always take the exact path.
///
/// Degenerate input, never a panic: a negative radius or half extent gives `false` (an
/// empty shape); linearly dependent axes (`det[axes] = 0`, a flat box) give `false` (not
/// tested, as in [`ray_obb`](crate::ray::ray_obb)); a zero half extent is a valid
/// flat box; any NaN or infinite value gives `false` ([`try_sphere_obb`] reports it).
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere_obb;
/// use isect::{Obb, Sphere};
/// // The cube of half size 1 rotated 45° about z, with exact axes (1, 1, 0), (−1, 1, 0):
/// // its vertical edges lie at x = ±2, y = ±2 on the axes.
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [1.0; 3]);
/// assert!(sphere_obb(&Sphere::new([3.0, 0.0, 0.0], 1.0), &b)); // touches the edge at x = 2
/// assert!(!sphere_obb(&Sphere::new([3.0, 0.0, 0.0], 1.0f64.next_down()), &b));
/// assert!(sphere_obb(&Sphere::new([0.0, 0.0, 0.5], 0.0), &b)); // centre inside
/// ```
pub fn sphere_obb<T: Scalar>(s: &Sphere<T>, b: &Obb<T>) -> bool {
    let ok = finite3(&s.center)
        && s.radius.is_finite()
        && finite3(&b.center)
        && b.axes.iter().all(finite3)
        && finite3(&b.half_extents);
    if !ok || s.radius < T::zero() || b.half_extents.iter().any(|h| *h < T::zero()) {
        return false;
    }
    let zero = [T::zero(), T::zero(), T::zero()];
    let flip = match orient3d(&b.axes[0], &b.axes[1], &b.axes[2], &zero) {
        Sign::Zero => return false,
        d => d == Sign::Negative,
    };
    if let Some(answer) = sphere_obb_filter(s, b) {
        return answer;
    }
    let sign = |q: ObbQ| polynomial_sign::<T, _>(&ObbPoly { s, b, flip, q });
    if sign(ObbQ::CenterReach) != Sign::Negative {
        return true;
    }
    // beyond[i][0]: beyond face i−; beyond[i][1]: beyond face i+.
    let mut beyond = [[false; 2]; 3];
    for (i, side) in beyond.iter_mut().enumerate() {
        for (pi, flag) in side.iter_mut().enumerate() {
            *flag = sign(ObbQ::FaceT(i, pi == 1)) == Sign::Positive;
        }
    }
    if beyond.iter().all(|s| !s[0] && !s[1]) {
        return true; // the centre is in the box
    }
    for (i, side) in beyond.iter().enumerate() {
        for (pi, &flag) in side.iter().enumerate() {
            if flag && sign(ObbQ::FaceSep(i, pi == 1)) == Sign::Positive {
                return false; // that face plane is farther than r
            }
        }
    }
    // Faces the centre is beyond (their plane is within r: checked above).
    for (i, side) in beyond.iter().enumerate() {
        for (pi, &flag) in side.iter().enumerate() {
            if flag
                && [(0, false), (0, true), (1, false), (1, true)]
                    .iter()
                    .all(|&(w, m)| sign(ObbQ::FaceSpan(i, pi == 1, w, m)) != Sign::Negative)
            {
                return true;
            }
        }
    }
    let is_beyond = |i: usize, s: i8| beyond[i][usize::from(s > 0)];
    // Edges adjacent to such a face.
    for i in 0..3 {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        for sj in [-1i8, 1] {
            for sk in [-1i8, 1] {
                if !(is_beyond(j, sj) || is_beyond(k, sk)) {
                    continue;
                }
                let mut sigma = [0i8; 3];
                sigma[j] = sj;
                sigma[k] = sk;
                if sign(ObbQ::EdgeSpan(i, sigma, false)) != Sign::Negative
                    && sign(ObbQ::EdgeSpan(i, sigma, true)) != Sign::Negative
                    && sign(ObbQ::EdgeReach(i, sigma)) != Sign::Negative
                {
                    return true;
                }
            }
        }
    }
    // Corners adjacent to such a face.
    for bits in 0..8u8 {
        let sigma: [i8; 3] = core::array::from_fn(|i| if bits >> i & 1 == 1 { 1 } else { -1 });
        if (0..3).any(|i| is_beyond(i, sigma[i])) && sign(ObbQ::Vertex(sigma)) != Sign::Negative {
            return true;
        }
    }
    false
}

/// [`sphere_obb`], refusing invalid input instead of answering for it.
///
/// # Errors
///
/// The first problem [`Validate`] finds, the sphere (argument 0) first:
/// [`InputError::NonFinite`] (`what`: `"center"`, `"radius"`, `"axis"` with `index`
/// the axis, `"half extents"`), [`InputError::NegativeRadius`],
/// [`InputError::InvertedBox`] for a negative half extent. Linearly dependent axes are
/// not an error: they are answered (`false`), as by [`sphere_obb`].
///
/// # Examples
///
/// ```
/// use isect::overlap::try_sphere_obb;
/// use isect::{InputError, NonFiniteValue, Obb, Sphere};
/// let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
/// let b = Obb::new([0.0; 3], id, [1.0; 3]);
/// assert_eq!(try_sphere_obb(&Sphere::new([2.0, 0.0, 0.0], 1.0), &b), Ok(true));
/// let bad = Obb::new([0.0; 3], [[1.0, 0.0, 0.0], [0.0, f64::INFINITY, 0.0], [0.0, 0.0, 1.0]], [1.0; 3]);
/// assert_eq!(
///     try_sphere_obb(&Sphere::new([2.0, 0.0, 0.0], 1.0), &bad),
///     Err(InputError::NonFinite {
///         argument: 1,
///         what: "axis",
///         index: Some(1),
///         axis: Some(1),
///         value: NonFiniteValue::PosInfinity,
///     })
/// );
/// ```
pub fn try_sphere_obb<T: Scalar>(s: &Sphere<T>, b: &Obb<T>) -> Result<bool, InputError> {
    s.validate(0)?;
    b.validate(1)?;
    Ok(sphere_obb(s, b))
}

/// Arvo's test in the box frame (RTR §22.13.2 applied to an OBB), computed in `T` and
/// decided under `policy`.
///
/// What is computed, in `T`'s arithmetic: `p = c − center`; per axis `Lᵢ = |aᵢ|²`,
/// `sᵢ = (aᵢ·p)/Lᵢ`, `eᵢ = sᵢ + hᵢ` if `sᵢ < −hᵢ`, `eᵢ = sᵢ − hᵢ` if `sᵢ > hᵢ`, else 0;
/// `d = Σ eᵢ²·Lᵢ`; overlap iff `policy.sign(r² − d, r² + d)` is not `Negative`.
///
/// This reads the box as if its **axes were orthogonal** (any lengths): for skewed axes it
/// tests a different box, and it rounds throughout, so it is **not exact**; [`sphere_obb`]
/// reads every box exactly. No validation (dependent or zero axes divide by zero); NaN
/// gives an arbitrary answer, never a panic.
///
/// # Examples
///
/// ```
/// use isect::overlap::sphere_obb_arvo_with;
/// use isect::policy::Naive;
/// use isect::{Obb, Sphere};
/// let b = Obb::new([0.0; 3], [[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [1.0; 3]);
/// assert!(sphere_obb_arvo_with(Naive, &Sphere::new([3.0, 0.0, 0.0], 1.0), &b));
/// assert!(!sphere_obb_arvo_with(Naive, &Sphere::new([3.5, 0.0, 0.0], 1.0), &b));
/// ```
pub fn sphere_obb_arvo_with<T: Scalar, P: Policy<T>>(policy: P, s: &Sphere<T>, b: &Obb<T>) -> bool {
    let p = sub(&s.center, &b.center);
    let mut d = T::zero();
    for i in 0..3 {
        let a = &b.axes[i];
        let len = dot(a, a);
        let t = dot(a, &p) / &len;
        let h = &b.half_extents[i];
        let e = if t < -h.clone() {
            t + h
        } else if t > *h {
            t - h
        } else {
            continue;
        };
        d = d + e.clone() * e * len;
    }
    let rr = s.radius.clone() * &s.radius;
    policy.sign(&(rr.clone() - &d), &(rr + d)) != Sign::Negative
}

#[cfg(test)]
mod tests {
    use super::super::filter::tests::model;
    use super::*;
    use num_rational::BigRational;

    /// The inequalities of proofs/overlap_volumes.md, section 5a, in exact arithmetic
    /// (`pow(n) = (1 − u)^n`, `pow(-n) = (1 − u)^-n`).
    #[test]
    fn sphere_obb_filter_constants_satisfy_the_proof() {
        let (one, gamma, pow) = model();
        let q = |x: f64| BigRational::from_float(x).unwrap();
        let u = q(f64::EPSILON / 2.0);
        let eta = q(2f64.powi(-1074)) / BigRational::from_integer(2.into());
        // Step A: C_W(1 − u)² ≥ γ₄(1 − u)^-4; (τ − η)(1 − u) ≥ 4η.
        assert!(q(C_OBB_W) * pow(2) >= gamma(4) * pow(-4));
        assert!((q(TAU) - &eta) * pow(1) >= &eta * BigRational::from_integer(4.into()));
        // K(1 − u)² ≥ (1 + u)(1 − u)^-5 and (τ₂ − η)(1 − u) ≥ (3η(1 + u)(1 − u)^-5 + η).
        let up = one.clone() + &u;
        assert!(q(K_OBB) * pow(2) >= &up * pow(-5));
        let three = BigRational::from_integer(3.into());
        assert!((q(TAU2) - &eta) * pow(1) >= &three * &eta * &up * pow(-5) + &eta);
        // Step B: C_L(1 − u)² ≥ γ₇(1 − u)^-9; C_L·τ·(1 − u)^9 ≥ 3η(1 + γ₄) + η.
        assert!(q(C_OBB_L) * pow(2) >= gamma(7) * pow(-9));
        assert!(q(C_OBB_L) * q(TAU) * pow(9) >= &three * &eta * (one.clone() + gamma(4)) + &eta);
        // K(1 − u)²(1 + u)^-3 ≥ (1 + 3u)(1 − u)^-2 and
        // (τ₂ − 2η)(1 − u)(1 + u)^-3 ≥ 5η(1 + 3u)(1 − u)^-2.
        let up3 = &up * &up * &up;
        let three_u = one.clone() + &three * &u;
        assert!(q(K_OBB) * pow(2) / &up3 >= &three_u * pow(-2));
        let five = BigRational::from_integer(5.into());
        let two = BigRational::from_integer(2.into());
        assert!((q(TAU2) - &two * &eta) * pow(1) / &up3 >= five * &eta * &three_u * pow(-2));
    }

    /// The filter decides ordinary cases (it is not dead code) and defers exact ties.
    #[test]
    fn sphere_obb_filter_decides_ordinary_cases() {
        let b = Obb::new(
            [0.0, 0.0, 0.0],
            [[0.6, 0.8, 0.0], [-0.8, 0.6, 0.0], [0.0, 0.0, 1.0]],
            [1.0, 2.0, 0.5],
        );
        let far = Sphere::new([5.0, 5.0, 5.0], 1.0);
        let near = Sphere::new([1.0, 1.0, 0.7], 0.5);
        assert_eq!(sphere_obb_filter(&far, &b), Some(false));
        assert_eq!(sphere_obb_filter(&near, &b), Some(true));
        // Tangent at the top face (z = 0.5) exactly: only the exact path may answer.
        let tangent = Sphere::new([0.0, 0.0, 1.5], 1.0);
        assert_eq!(sphere_obb_filter(&tangent, &b), None);
        assert!(sphere_obb(&tangent, &b));
        assert!(!sphere_obb(
            &Sphere::new([0.0, 0.0, 1.5], 1.0f64.next_down()),
            &b
        ));
        // Rationals never take the float filter.
        let bq = Obb::new(
            [0.0, 0.0, 0.0].map(|x: f64| BigRational::from_float(x).unwrap()),
            b.axes
                .map(|v| v.map(|x| BigRational::from_float(x).unwrap())),
            b.half_extents.map(|x| BigRational::from_float(x).unwrap()),
        );
        let fq = Sphere::new(
            far.center.map(|x| BigRational::from_float(x).unwrap()),
            BigRational::from_float(1.0).unwrap(),
        );
        assert_eq!(sphere_obb_filter(&fq, &bq), None);
    }
}
